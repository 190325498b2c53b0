# Kernels for ties; mirrored by rankscore/_fallback/ties.py

from libc.stdint cimport int64_t, uint64_t

import numpy as np

from rankscore._kernels.arrays cimport (FLOAT32, FLOAT64, INT64, UINT64, Array, no_buffer,
                                        read, release, write)


ctypedef fused ties_value_t:
    float
    double
    int64_t
    uint64_t


cdef Py_ssize_t _runs(const ties_value_t* values, Py_ssize_t step, Py_ssize_t n,
                      int64_t* b) noexcept nogil:
    cdef Py_ssize_t i, count = 0
    if n > 0:
        b[0] = 0
        count = 1
        for i in range(1, n):  # a new run starts where the value changes
            if values[i * step] != values[(i - 1) * step]:
                b[count] = i
                count += 1
    b[count] = n
    return count


def equal_runs(sorted_values):
    """Boundaries of the runs of equal values in a sorted 1-D array.

    Returns int64 ``b`` with ``b[0] = 0`` and ``b[-1] = n``: run ``j`` is
    ``sorted_values[b[j]:b[j+1]]``. An empty input gives ``[0]``.
    """
    cdef Array a, b
    cdef Py_ssize_t count = 0
    no_buffer(&a)
    no_buffer(&b)
    try:
        read(&a, sorted_values)
        if a.kind != FLOAT32 and a.kind != FLOAT64 and a.kind != INT64 and a.kind != UINT64:
            raise TypeError("equal_runs reads float32, float64, int64 or uint64 values, got "
                            f"format {a.buffer.format.decode()!r}")
        out = np.empty(a.n + 1, dtype=np.int64)
        write(&b, out)
        with nogil:
            if a.kind == FLOAT64:
                count = _runs(<double*>a.data, a.step, a.n, <int64_t*>b.data)
            elif a.kind == FLOAT32:
                count = _runs(<float*>a.data, a.step, a.n, <int64_t*>b.data)
            elif a.kind == INT64:
                count = _runs(<int64_t*>a.data, a.step, a.n, <int64_t*>b.data)
            else:
                count = _runs(<uint64_t*>a.data, a.step, a.n, <int64_t*>b.data)
    finally:
        release(&a)
        release(&b)
    return out[: count + 1]
