"""Compiled kernels of rankscore: one extension module per topic.

Each module (``sweep``, ``sort``, ``summary`` …, built from ``<topic>.pyx``) sits beside its
NumPy twin ``rankscore/_fallback/<topic>.py``; both expose the same functions, named once in
``rankscore/_kernel_names.py``, with the same signatures: the twin's, which the type stub
``__init__.pyi`` re-exports, documented in the twin's docstrings. The fused types the
modules share are named once in ``types.pxd``, the helpers they share in each topic's
``.pxd``, and Cython's own utility code is compiled once, into ``_cyutility``. Each ``def``
kernel reads its arrays once through the buffer protocol (``arrays.pxd``: pointer, length,
step, dtype; labelled scores, or each class's sorted scores, checked; compiled once, in
``arrays.pyx``) and calls the loop of their dtype, a ``cdef`` function over raw pointers
fused over the score (and label or count) dtype: no kernel takes a typed memoryview argument
per dtype, which would compile its argument handling once per specialisation. The loops of
``sweep`` and ``sort`` are declared in the topic's ``.pxd``, and the C API
(``rankscore/capi.pyx``) calls the same loops. Inputs are validated on the Python side
first, which is why the build turns bounds checks off. Only ``rankscore._backend`` imports
this package.
"""

import importlib

from .._kernel_names import KERNELS

# Each module exports the kernels its NumPy twin exports (named once, for both, in
# rankscore/_kernel_names.py); the package exports all of them.
for _topic, _names in KERNELS.items():
    _module = importlib.import_module(f"{__name__}.{_topic}")
    _module.__all__ = _names
    globals().update((name, getattr(_module, name)) for name in _names)
del _topic, _names, _module
