# Kernels for ties; mirrored by rankscore/_fallback/ties.py

from libc.stdint cimport int64_t, uint64_t

import numpy as np

__all__ = ["equal_runs"]

ctypedef fused ties_value_t:
    float
    double
    int64_t
    uint64_t


def equal_runs(const ties_value_t[:] sorted_values):
    """Boundaries of the runs of equal values in a sorted 1-D array.

    Returns int64 ``b`` with ``b[0] = 0`` and ``b[-1] = n``: run ``j`` is
    ``sorted_values[b[j]:b[j+1]]``. An empty input gives ``[0]``.
    """
    cdef Py_ssize_t i, count = 0, n = sorted_values.shape[0]
    out = np.empty(n + 1, dtype=np.int64)
    cdef int64_t[:] b = out
    with nogil:
        if n > 0:
            b[0] = 0
            count = 1
            for i in range(1, n):  # a new run starts where the value changes
                if sorted_values[i] != sorted_values[i - 1]:
                    b[count] = i
                    count += 1
        b[count] = n
    return out[: count + 1]
