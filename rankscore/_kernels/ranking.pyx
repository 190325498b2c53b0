# Kernels for ranking; mirrored by rankscore/_fallback/ranking.py
#
# Bit convention of a ranking mask (uint64): bit i-1 is set when position i (1-based) holds a
# list element ('x'). So p = bit length of the mask (bit p-1 is always set), k = number of set
# bits, and masks fit rankings with p <= 62. The equal runs of a sorted key (ties of
# rankings or of scores) are at the end.

# Each kernel holds its arrays once (arrays.pxd: typed, any stride) and loops over raw
# pointers, reading element i at i * step.

from libc.stdint cimport int64_t, uint64_t

import numpy as np

from rankscore._kernel_checks import rankings_of

from rankscore._kernels.arrays cimport (FLOAT32, FLOAT64, INT64, UINT64, WRITABLE, Array,
                                        indices_within, no_buffer, no_buffers, one_length, read,
                                        release, release_each, typed, write)


def check_positions(positions, order, int64_t max_position):
    """Validate a position vector (int64); ``order`` is its stable argsort (int64).

    Returns ``(code, first, second)``: code 0 = valid; 1 = ``positions[first]`` < 1;
    3 = ``positions[first]`` > ``max_position``; 2 = ``positions[first] ==
    positions[second]`` (first < second, a repeat).
    """
    cdef Array a[2]
    cdef Py_ssize_t i, n, ps, os
    cdef const int64_t* pos
    cdef const int64_t* at
    cdef int code = 0
    cdef Py_ssize_t first = -1, second = -1
    no_buffers(a, 2)
    try:
        typed(&a[0], positions, INT64, 1, 0)
        typed(&a[1], order, INT64, 1, 0)
        one_length(a, 2)
        pos, ps, n = <int64_t*>a[0].data, a[0].step, a[0].n
        at, os = <int64_t*>a[1].data, a[1].step
        with nogil:
            for i in range(n):
                if pos[i * ps] < 1:
                    code, first = 1, i
                    break
                if pos[i * ps] > max_position:
                    code, first = 3, i
                    break
        if code == 0:
            indices_within(&a[1], n, "order")  # (a pass of the order the loop reads anyway)
        with nogil:
            if code == 0:
                for i in range(1, n):
                    if pos[at[i * os] * ps] == pos[at[(i - 1) * os] * ps]:
                        code, first, second = 2, at[(i - 1) * os], at[i * os]
                        break
    finally:
        release_each(a, 2)
    return code, first, second


def score_columns(k, p, soma, double m):
    """Scores from columns (int64): s = k/p + (2/m) soma / (p (p-1)), s = 1 where p = 1."""
    cdef Array a[4]  # k, p, soma, out
    cdef Py_ssize_t i, n, ks, ps, ss
    cdef const int64_t* kk
    cdef const int64_t* pp
    cdef const int64_t* so
    cdef double* s
    cdef double b
    no_buffers(a, 4)
    try:
        typed(&a[0], k, INT64, 1, 0)
        typed(&a[1], p, INT64, 1, 0)
        typed(&a[2], soma, INT64, 1, 0)
        one_length(a, 3)
        kk, pp, so = <int64_t*>a[0].data, <int64_t*>a[1].data, <int64_t*>a[2].data
        n, ks, ps, ss = a[0].n, a[0].step, a[1].step, a[2].step
        out = np.empty(n, dtype=np.float64)
        write(&a[3], out)
        s = <double*>a[3].data
        with nogil:
            b = m_denominator(m)
            for i in range(n):
                s[i] = ranking_score(kk[i * ks], pp[i * ps], so[i * ss], m, b)
    finally:
        release_each(a, 4)
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


def mask_columns(masks):
    """``(k, p, soma)`` int64 columns of ranking masks (uint64; bit i-1 set = position i is
    'x')."""
    cdef Array a[4]  # masks, k, p, soma
    cdef Py_ssize_t i, n, ms
    cdef const uint64_t* mask
    cdef int64_t* k
    cdef int64_t* p
    cdef int64_t* soma
    no_buffers(a, 4)
    try:
        typed(&a[0], masks, UINT64, 1, 0)
        mask, ms, n = <uint64_t*>a[0].data, a[0].step, a[0].n
        k_out = np.empty(n, dtype=np.int64)
        p_out = np.empty(n, dtype=np.int64)
        soma_out = np.empty(n, dtype=np.int64)
        write(&a[1], k_out)
        write(&a[2], p_out)
        write(&a[3], soma_out)
        k, p, soma = <int64_t*>a[1].data, <int64_t*>a[2].data, <int64_t*>a[3].data
        with nogil:
            for i in range(n):
                _mask_kps(mask[i * ms], &k[i], &p[i], &soma[i])
    finally:
        release_each(a, 4)
    return k_out, p_out, soma_out


def score_masks(masks, double m):
    """Scores of ranking masks (uint64; same arithmetic as ``score_columns``)."""
    cdef Array a[2]  # masks, out
    cdef Py_ssize_t i, n, ms
    cdef const uint64_t* mask
    cdef double* s
    cdef double b
    cdef int64_t k, p, soma
    no_buffers(a, 2)
    try:
        typed(&a[0], masks, UINT64, 1, 0)
        mask, ms, n = <uint64_t*>a[0].data, a[0].step, a[0].n
        out = np.empty(n, dtype=np.float64)
        write(&a[1], out)
        s = <double*>a[1].data
        with nogil:
            b = m_denominator(m)
            if m * b * (62.0 * 61.0) < 9007199254740992.0:  # (masks hold p <= 62)
                for i in range(n):  # every score one exact division: no test per ranking
                    _mask_kps(mask[i * ms], &k, &p, &soma)
                    s[i] = exact_division(k, p, soma, m * b, 2.0 * b)
            else:
                for i in range(n):
                    _mask_kps(mask[i * ms], &k, &p, &soma)
                    s[i] = ranking_score(k, p, soma, m, b)
    finally:
        release_each(a, 2)
    return out


cdef void _enumerate(int64_t p, int64_t k, double m, uint64_t* masks, Py_ssize_t mask_step,
                     Py_ssize_t count, double* scores, Py_ssize_t score_step,
                     double* table) noexcept nogil:
    cdef int64_t n = p - 1, r = k - 1
    cdef int64_t total = p * (p + 1) // 2
    cdef int64_t c[64]
    cdef int64_t i, j, sumx, soma
    cdef Py_ssize_t idx
    cdef uint64_t mask
    cdef double b = m_denominator(m)
    for soma in range(total + 1):
        table[soma] = ranking_score(k, p, soma, m, b)
    mask = (<uint64_t>1) << (p - 1)
    sumx = p
    for i in range(r):  # first ranking: x at 1..k-1
        c[i] = i
        mask |= (<uint64_t>1) << i
        sumx += i + 1
    for idx in range(count):
        masks[idx * mask_step] = mask
        scores[idx * score_step] = table[total - sumx]
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


def enumerate_rankings_into(int64_t p, int64_t k, double m, masks, scores):
    """Fill ``masks`` (uint64) and ``scores`` (float64), of one length n <= C(p-1, k-1),
    with the first n rankings of ``(p, k)`` (every one for n = C(p-1, k-1)).

    Order: lexicographic with 'x' before '-', i.e. the positions of the first
    k-1 list elements run through the (k-1)-subsets of 1..p-1 in lexicographic order.
    Each step moves one position forward and resets the tail, updating the mask and the sum
    of the 'x' positions incrementally; the score is looked up by soma.
    """
    cdef Array a[3]  # masks, scores, table
    no_buffers(a, 3)
    try:
        typed(&a[0], masks, UINT64, 1, WRITABLE)
        typed(&a[1], scores, FLOAT64, 1, WRITABLE)
        one_length(a, 2)
        rankings_of(p, k, a[0].n)
        table_arr = np.empty(p * (p + 1) // 2 + 1, dtype=np.float64)
        write(&a[2], table_arr)
        with nogil:
            _enumerate(p, k, m, <uint64_t*>a[0].data, a[0].step, a[0].n, <double*>a[1].data,
                       a[1].step, <double*>a[2].data)
    finally:
        release_each(a, 3)


# ---------------------------------------------------------------------------------------
# equal runs: the ties of a sorted key (tied rankings, tied scores)


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
