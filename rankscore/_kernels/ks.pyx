# Kernels for the Kolmogorov-Smirnov tests; mirrored by rankscore/_fallback/ks.py.
#
# ks_merge_signed / ks_counts_signed: both one-sided two-sample statistics in one pass
# (128-bit exact, int128.pxd). ks_two_sample_sf: the exact two-sample null law by counting
# lattice paths.

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from rankscore._kernels.arrays cimport (FLOAT64, INT64, UINT8, Array, check_kind,
                                        check_score_kind, no_buffer, read_contiguous, release)
from rankscore._kernels.int128 cimport rs_gap, rs_less, rs_mul, rs_u128, to_int
from rankscore._kernels.types cimport score_t

__all__ = ["ks_merge_signed", "ks_counts_signed", "ks_two_sample_sf"]


# ---------------------------------------------------------------------------------------
# the loops, over raw pointers


cdef void _counts_signed(const int64_t* neg, const int64_t* pos, Py_ssize_t n,
                         rs_u128* out, Py_ssize_t* first) noexcept nogil:
    # out = (plus, minus), first = their first indices: see ks_counts_signed
    # A maximum >= 0 is first reached where the difference has that sign (or is 0), so each
    # extreme is tracked over those thresholds only, as a first strict maximum.
    cdef Py_ssize_t t, t_plus = 0, t_minus = 0
    cdef uint64_t n_neg = 0, n_pos = 0, c_neg = 0, c_pos = 0
    cdef rs_u128 a, b, d, plus = rs_u128(0, 0), minus = rs_u128(0, 0)
    cdef bint plus_found = False, minus_found = False
    for t in range(n):
        n_neg += <uint64_t>neg[t]
        n_pos += <uint64_t>pos[t]
    for t in range(n):
        c_neg += <uint64_t>neg[t]
        c_pos += <uint64_t>pos[t]
        a = rs_mul(n_pos, c_neg)
        b = rs_mul(n_neg, c_pos)
        d = rs_gap(a, b)
        if not rs_less(a, b) and (not plus_found or rs_less(plus, d)):
            plus, t_plus, plus_found = d, t, True
        if not rs_less(b, a) and (not minus_found or rs_less(minus, d)):
            minus, t_minus, minus_found = d, t, True
    out[0], out[1], first[0], first[1] = plus, minus, t_plus, t_minus


cdef void _merge_signed(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                        Py_ssize_t n_pos, rs_u128* out, score_t* at) noexcept nogil:
    # out = (plus, minus), at = their smallest t: see ks_merge_signed
    # D(t) = n_pos #{neg <= t} - n_neg #{pos <= t} rises over values only negatives hold and
    # falls over values only positives hold. Its first maximum is therefore at the last
    # negative before a positive's value, at a positive's value, or at the largest value;
    # its first minimum at a positive's value or at the largest value. Only those are
    # visited, ascending (as ks_merge), each extreme kept as a first strict maximum among
    # the values where D has its sign (or is 0).
    cdef Py_ssize_t i = 0, j = 0
    cdef rs_u128 a, b, d, plus = rs_u128(0, 0), minus = rs_u128(0, 0)
    cdef bint plus_found = False, minus_found = False
    cdef score_t v, t_plus = 0, t_minus = 0
    while j < n_pos:
        v = pos[j]
        if i < n_neg and neg[i] < v:
            while i < n_neg and neg[i] < v:
                i += 1
            a = rs_mul(i, n_pos)  # at t = neg[i - 1]: only a maximum can start here
            b = rs_mul(j, n_neg)
            if not rs_less(a, b) and (not plus_found or rs_less(plus, rs_gap(a, b))):
                plus, t_plus, plus_found = rs_gap(a, b), neg[i - 1], True
        while i < n_neg and neg[i] == v:
            i += 1
        while j < n_pos and pos[j] == v:
            j += 1
        a = rs_mul(i, n_pos)  # at t = v
        b = rs_mul(j, n_neg)
        d = rs_gap(a, b)
        if not rs_less(a, b) and (not plus_found or rs_less(plus, d)):
            plus, t_plus, plus_found = d, v, True
        if not rs_less(b, a) and (not minus_found or rs_less(minus, d)):
            minus, t_minus, minus_found = d, v, True
    if i < n_neg:  # negatives above every positive: D rises to 0 at the largest value
        if not plus_found:
            t_plus, plus_found = neg[n_neg - 1], True
        if not minus_found:
            t_minus, minus_found = neg[n_neg - 1], True
    out[0], out[1], at[0], at[1] = plus, minus, t_plus, t_minus


# ---------------------------------------------------------------------------------------
# the kernels


def ks_counts_signed(neg, pos):
    """(plus, first index of plus, minus, first index of minus) from per-threshold class
    counts (thresholds ascending; C the cumulative counts <= t, each class total <= 2**62):
    plus = max_t n_pos C-(t) - n_neg C+(t), minus = max_t n_neg C+(t) - n_pos C-(t), both
    >= 0 (the difference is 0 at the last threshold), exact (128-bit products)."""
    cdef Array a, b
    cdef rs_u128 out[2]
    cdef Py_ssize_t t[2]
    no_buffer(&a)
    no_buffer(&b)
    try:
        read_contiguous(&a, neg)
        read_contiguous(&b, pos)
        check_kind(&a, INT64, "ks_counts_signed reads int64 counts")
        check_kind(&b, INT64, "ks_counts_signed reads int64 counts")
        if a.n != b.n:
            raise ValueError("ks_counts_signed needs counts of one length")
        with nogil:
            _counts_signed(<int64_t*>a.data, <int64_t*>b.data, a.n, out, t)
    finally:
        release(&a)
        release(&b)
    return to_int(out[0]), t[0], to_int(out[1]), t[1]


def ks_merge_signed(neg, pos):
    """(plus, smallest t of plus, minus, smallest t of minus) for sorted class parts (both
    non-empty): plus = max over distinct t of n_pos #{neg <= t} - n_neg #{pos <= t}, minus
    the largest of its negation, exact ints (two-sample statistics = them / (n_pos n_neg))."""
    cdef Array a, b
    cdef rs_u128 out[2]
    cdef double t[2]
    cdef float t32[2]
    no_buffer(&a)
    no_buffer(&b)
    try:
        read_contiguous(&a, neg)
        read_contiguous(&b, pos)
        check_score_kind(&a, "neg")
        check_score_kind(&b, "pos")
        if a.kind != b.kind:
            raise TypeError("neg and pos must have one dtype")
        with nogil:
            if a.kind == FLOAT64:
                _merge_signed(<double*>a.data, a.n, <double*>b.data, b.n, out, t)
            else:
                _merge_signed(<float*>a.data, a.n, <float*>b.data, b.n, out, t32)
                t[0], t[1] = t32[0], t32[1]
    finally:
        release(&a)
        release(&b)
    return to_int(out[0]), t[0], to_int(out[1]), t[1]


def ks_two_sample_sf(Py_ssize_t m, Py_ssize_t n, int64_t h, bint two_sided, checked):
    """P(D >= h / lcm(m, n)) for two samples of m and n values from one continuous law:
    the share of the lattice paths from (0, 0) to (m, n) (right for a value of the first
    sample, up for one of the second) that reach i n' - j m' >= h (one-sided) or
    |i n' - j m'| >= h (two-sided), m' = m / g, n' = n / g, g = gcd(m, n). ``checked``
    (length m + n + 1, or empty for all): the boundary counts only after s = i + j values
    where checked[s] (the exact law given ties)."""
    # A(i, j) = share of the paths to (i, j) that reached the boundary: 1 there, else
    # (i A(i-1, j) + j A(i, j-1)) / (i + j). One column i at a time, in place over j
    # (column[j] holds A(i-1, j) until it is overwritten with A(i, j)). Without ties only
    # the band between the boundaries is computed; every cell beyond it is 1.
    cdef Array a
    no_buffer(&a)
    try:
        read_contiguous(&a, checked)
        check_kind(&a, UINT8, "checked must be uint8 or bool")
        return _two_sample_sf(m, n, h, two_sided, <uint8_t*>a.data, a.n == 0)
    finally:
        release(&a)


cdef double _two_sample_sf(Py_ssize_t m, Py_ssize_t n, int64_t h, bint two_sided,
                           const uint8_t* checked, bint all_checked) except? -1:
    cdef Py_ssize_t g = m, r = n, i, j, lo, hi, previous_lo = 0
    cdef int64_t m_step, n_step, excess
    cdef double result
    cdef double* column
    while r:
        g, r = r, g % r
    m_step, n_step = m // g, n // g
    column = <double*>malloc((n + 1) * sizeof(double))
    if column == NULL:
        raise MemoryError()
    with nogil:
        column[0] = 0.0  # the start is inside (h > 0)
        for j in range(1, n + 1):
            excess = -j * m_step
            if (all_checked or checked[j]) and (two_sided and -excess >= h):
                column[j] = 1.0
            else:
                column[j] = column[j - 1]
        for i in range(1, m + 1):
            if all_checked:
                # inside: n' i - h < m' j (both laws), and m' j < n' i + h (two-sided)
                lo = (i * n_step - h) // m_step + 1 if i * n_step >= h else 0
                hi = (i * n_step + h - 1) // m_step if two_sided else n
                if hi > n:
                    hi = n
                for j in range(previous_lo, lo if lo <= n + 1 else n + 1):
                    column[j] = 1.0
                previous_lo = lo
                if lo > hi:
                    continue
                if lo == 0:
                    column[0] = (column[0] * i + 0.0) / i
                    lo = 1
                for j in range(lo, hi + 1):
                    column[j] = (column[j] * i + column[j - 1] * j) / (i + j)
            else:
                for j in range(n + 1):
                    excess = i * n_step - j * m_step
                    if checked[i + j] and (excess >= h or (two_sided and -excess >= h)):
                        column[j] = 1.0
                    elif j == 0:
                        column[0] = (column[0] * i + 0.0) / i
                    else:
                        column[j] = (column[j] * i + column[j - 1] * j) / (i + j)
        result = column[n]
    free(column)
    return result
