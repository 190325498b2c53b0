# cython: language_level=3
"""Compiled kernels of rankscore (see ``_core.pyi`` for the interface).

Each topic keeps its kernels in its own include file; ``rankscore/_fallback/`` mirrors
them one module per file. Inputs are validated on the Python side first, which is why the
build turns bounds checks off.
"""

include "_kernels_ranking.pxi"
include "_kernels_ties.pxi"
include "_kernels_sweep.pxi"
include "_kernels_sort.pxi"  # before its users: DEF constants are read in order
include "_kernels_point.pxi"
include "_kernels_uncertainty.pxi"
include "_kernels_multilabel.pxi"
include "_kernels_ir.pxi"
include "_kernels_summary.pxi"
include "_kernels_ks.pxi"  # after _kernels_sweep.pxi: its 128-bit helpers
