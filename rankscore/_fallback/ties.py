"""Fallback kernels for ties; mirrors rankscore/_kernels/ties.pyx."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from .._kernel_names import KERNELS

__all__ = KERNELS["ties"]


def equal_runs(
    sorted_values: (NDArray[np.float32] | NDArray[np.float64] | NDArray[np.int64]
                    | NDArray[np.uint64]),
) -> NDArray[np.int64]:
    """Boundaries of the runs of equal values in a sorted 1-D array.

    Returns int64 ``b`` with ``b[0] = 0`` and ``b[-1] = n``: run ``j`` is
    ``sorted_values[b[j]:b[j+1]]``. An empty input gives ``[0]``.
    """
    n = len(sorted_values)
    if n == 0:
        return np.zeros(1, dtype=np.int64)
    changes = np.flatnonzero(sorted_values[1:] != sorted_values[:-1]) + 1
    return np.concatenate(([0], changes, [n])).astype(np.int64)
