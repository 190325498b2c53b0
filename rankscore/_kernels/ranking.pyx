# Kernels for ranking; mirrored by rankscore/_fallback/ranking.py
#
# Bit convention of a ranking mask (uint64): bit i-1 is set when position i (1-based) holds a
# list element ('x'). So p = bit length of the mask (bit p-1 is always set), k = number of set
# bits, and masks fit rankings with p <= 62.

from libc.stdint cimport int64_t, uint64_t

import numpy as np


def check_positions(const int64_t[:] positions, const int64_t[:] order, int64_t max_position):
    """Validate a position vector; ``order`` is its stable argsort.

    Returns ``(code, first, second)``: code 0 = valid; 1 = ``positions[first]`` < 1;
    3 = ``positions[first]`` > ``max_position``; 2 = ``positions[first] ==
    positions[second]`` (first < second, a repeat).
    """
    cdef Py_ssize_t i, n = positions.shape[0]
    cdef int code = 0
    cdef Py_ssize_t first = -1, second = -1
    with nogil:
        for i in range(n):
            if positions[i] < 1:
                code, first = 1, i
                break
            if positions[i] > max_position:
                code, first = 3, i
                break
        if code == 0:
            for i in range(1, n):
                if positions[order[i]] == positions[order[i - 1]]:
                    code, first, second = 2, order[i - 1], order[i]
                    break
    return code, first, second


def score_columns(const int64_t[:] k, const int64_t[:] p, const int64_t[:] soma, double m):
    """Scores from columns: s = k/p + (2/m) soma / (p (p-1)), s = 1 where p = 1."""
    cdef Py_ssize_t i, n = k.shape[0]
    out = np.empty(n, dtype=np.float64)
    cdef double[:] s = out
    with nogil:
        for i in range(n):
            s[i] = ranking_score(k[i], p[i], soma[i], m)
    return out


# per byte value b: number of set bits, and sum of their 1-based positions within the byte
cdef int64_t _BYTE_COUNT[256]
cdef int64_t _BYTE_POSITION_SUM[256]
cdef int64_t _BYTE_LENGTH[256]


cdef void _init_byte_tables() noexcept:
    cdef int b, i
    for b in range(256):
        _BYTE_COUNT[b] = 0
        _BYTE_POSITION_SUM[b] = 0
        _BYTE_LENGTH[b] = 0
        for i in range(8):
            if (b >> i) & 1:
                _BYTE_COUNT[b] += 1
                _BYTE_POSITION_SUM[b] += i + 1
                _BYTE_LENGTH[b] = i + 1


_init_byte_tables()


cdef inline void _mask_kps(uint64_t x, int64_t* k, int64_t* p, int64_t* soma) noexcept nogil:
    # k = popcount, p = bit length, soma = p(p+1)/2 - sum of the 1-based positions of set bits
    cdef int64_t kk = 0, pp = 0, sumx = 0, shift = 0
    cdef uint64_t b
    while x:
        b = x & 255
        if b:
            kk += _BYTE_COUNT[b]
            sumx += _BYTE_POSITION_SUM[b] + shift * _BYTE_COUNT[b]
            pp = shift + _BYTE_LENGTH[b]
        x >>= 8
        shift += 8
    k[0] = kk
    p[0] = pp
    soma[0] = pp * (pp + 1) // 2 - sumx


def mask_columns(const uint64_t[:] masks):
    """``(k, p, soma)`` int64 columns of ranking masks (bit i-1 set = position i is 'x')."""
    cdef Py_ssize_t i, n = masks.shape[0]
    k_out = np.empty(n, dtype=np.int64)
    p_out = np.empty(n, dtype=np.int64)
    soma_out = np.empty(n, dtype=np.int64)
    cdef int64_t[:] k = k_out, p = p_out, soma = soma_out
    with nogil:
        for i in range(n):
            _mask_kps(masks[i], &k[i], &p[i], &soma[i])
    return k_out, p_out, soma_out


def score_masks(const uint64_t[:] masks, double m):
    """Scores of ranking masks (same arithmetic as ``score_columns``)."""
    cdef Py_ssize_t i, n = masks.shape[0]
    cdef int64_t k, p, soma
    out = np.empty(n, dtype=np.float64)
    cdef double[:] s = out
    with nogil:
        for i in range(n):
            _mask_kps(masks[i], &k, &p, &soma)
            s[i] = ranking_score(k, p, soma, m)
    return out


def enumerate_rankings_into(int64_t p, int64_t k, double m, uint64_t[:] masks, double[:] scores):
    """Fill ``masks``/``scores`` (length C(p-1, k-1)) with every ranking of ``(p, k)``.

    Order: lexicographic with 'x' before '-', i.e. the positions of the first
    k-1 list elements run through the (k-1)-subsets of 1..p-1 in lexicographic order.
    Each step moves one position forward and resets the tail, updating the mask and the sum
    of the 'x' positions incrementally; the score is looked up by soma.
    """
    cdef int64_t n = p - 1, r = k - 1
    cdef int64_t total = p * (p + 1) // 2
    cdef int64_t c[64]
    cdef int64_t i, j, sumx, soma
    cdef Py_ssize_t idx, count = masks.shape[0]
    cdef uint64_t mask
    table_arr = np.empty(total + 1, dtype=np.float64)
    cdef double[:] table = table_arr
    with nogil:
        for soma in range(total + 1):
            table[soma] = ranking_score(k, p, soma, m)
        mask = (<uint64_t>1) << (p - 1)
        sumx = p
        for i in range(r):  # first ranking: x at 1..k-1
            c[i] = i
            mask |= (<uint64_t>1) << i
            sumx += i + 1
        for idx in range(count):
            masks[idx] = mask
            scores[idx] = table[total - sumx]
            # advance: rightmost c[i] that can still move right
            i = r - 1
            while i >= 0 and c[i] == n - r + i:
                i -= 1
            if i < 0:
                break
            for j in range(i, r):  # drop c[i..r-1]
                mask ^= (<uint64_t>1) << c[j]
                sumx -= c[j] + 1
            c[i] += 1
            for j in range(i, r):  # put them back just after the new c[i]
                c[j] = c[i] + j - i
                mask |= (<uint64_t>1) << c[j]
                sumx += c[j] + 1
