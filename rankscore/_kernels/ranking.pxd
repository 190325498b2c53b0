# What the ranking kernels (ranking.pyx) share with the C API: the score of one ranking.

from libc.math cimport floor
from libc.stdint cimport int64_t


cdef inline double ranking_score(int64_t k, int64_t p, int64_t soma, double m) noexcept nogil:
    # s = k/p + (2/m) soma / (p (p - 1)) = (M k (p - 1) + 2 b soma) / (M p (p - 1)) with
    # m = M / b in lowest terms (b a power of 2: every double is one); s = 1 for p = 1.
    # Where M p (p - 1) < 2**53 the second form is one division of exact integers, so the
    # score is correctly rounded (0.8 for x-x at m = 5, where the first form gives
    # 0.7999999999999999) and equal scores are equal floats
    cdef double pairs, b = 1.0, whole
    if p == 1:
        return 1.0
    pairs = <double>p * (<double>p - 1.0)
    while m * b != floor(m * b) and b < 9007199254740992.0:  # (finite m: at most 52 steps)
        b *= 2.0
    whole = m * b * pairs
    if whole < 9007199254740992.0:
        return (m * b * <double>k * (<double>p - 1.0) + 2.0 * b * <double>soma) / whole
    return <double>k / <double>p + (2.0 / m) * <double>soma / pairs
