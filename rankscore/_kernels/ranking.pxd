# What the ranking kernels (ranking.pyx) share with the C API: the score of one ranking.

from libc.math cimport floor
from libc.stdint cimport int64_t


cdef inline double m_denominator(double m) noexcept nogil:
    # b of m = M / b in lowest terms: the least power of 2 that makes m b an integer (every
    # finite double is such a fraction; at most 52 steps for m > 2)
    cdef double b = 1.0
    while m * b != floor(m * b) and b < 9007199254740992.0:
        b *= 2.0
    return b


cdef inline double ranking_score(int64_t k, int64_t p, int64_t soma, double m,
                                 double b) noexcept nogil:
    # s = k/p + (2/m) soma / (p (p - 1)) = (M k (p - 1) + 2 b soma) / (M p (p - 1)) with
    # m = M / b in lowest terms (b = m_denominator(m)); s = 1 for p = 1. Where M p (p - 1)
    # < 2**53 the second form is one division of exact integers, so the score is correctly
    # rounded (0.8 for x-x at m = 5, where the first form gives 0.7999999999999999) and
    # equal scores are equal floats
    cdef double pairs
    if p == 1:
        return 1.0
    pairs = <double>p * (<double>p - 1.0)
    if m * b * pairs < 9007199254740992.0:
        return exact_division(k, p, soma, m * b, 2.0 * b)
    return <double>k / <double>p + (2.0 / m) * <double>soma / pairs


cdef inline double exact_division(int64_t k, int64_t p, int64_t soma, double mb,
                                  double b2) noexcept nogil:
    # ranking_score's one division of exact integers, mb = M = m b and b2 = 2 b, for
    # M p (p - 1) < 2**53 (the caller knows it)
    if p == 1:
        return 1.0
    return ((mb * <double>k * (<double>p - 1.0) + b2 * <double>soma)
            / (mb * (<double>p * (<double>p - 1.0))))
