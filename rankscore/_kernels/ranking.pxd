# What the ranking kernels (ranking.pyx) share with the C API: the score of one ranking.

from libc.stdint cimport int64_t


cdef inline double ranking_score(int64_t k, int64_t p, int64_t soma, double m) noexcept nogil:
    # s = k/p + (2/m) * soma / (p (p - 1)); s = 1 for p = 1
    if p == 1:
        return 1.0
    return <double>k / <double>p + (2.0 / m) * <double>soma / (<double>p * (<double>p - 1.0))
