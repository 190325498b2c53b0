# Kernels for the Kolmogorov-Smirnov tests; mirrored by rankscore/_fallback/ks.py.
#
# ks_merge_signed / ks_counts_signed: both one-sided two-sample statistics in one pass
# (128-bit exact, int128.pxd). ks_two_sample_sf: the exact two-sample null law by counting
# lattice paths.

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc

from rankscore._kernel_checks import both_parts, lattice_of

from rankscore._kernels.arrays cimport (FLOAT64, INT64, UINT8, Array, check_kind, no_buffer,
                                        no_buffers, read_contiguous, release, release_each)
from rankscore._kernels.arrays cimport read_parts
from rankscore._kernels.int128 cimport rs_gap, rs_less, rs_mul, rs_u128, to_int
from rankscore._kernels.types cimport score_t


# ---------------------------------------------------------------------------------------
# the loops, over raw pointers


cdef struct Extremes:
    # the largest gaps |a - b| where a >= b (plus) and where b >= a (minus), each kept as a
    # first strict maximum (found: one was seen)
    rs_u128 plus, minus
    bint plus_found, minus_found


cdef inline int _keep(Extremes* e, rs_u128 a, rs_u128 b, bint minus_too) noexcept nogil:
    # which extremes the gap between a and b is a new maximum of: 1 plus, 2 minus (if
    # minus_too), 3 both (a == b)
    cdef rs_u128 d = rs_gap(a, b)
    cdef int kept = 0
    if not rs_less(a, b) and (not e.plus_found or rs_less(e.plus, d)):
        e.plus, e.plus_found, kept = d, True, 1
    if minus_too and not rs_less(b, a) and (not e.minus_found or rs_less(e.minus, d)):
        e.minus, e.minus_found, kept = d, True, kept | 2
    return kept


cdef void _counts_signed(const int64_t* neg, const int64_t* pos, Py_ssize_t n,
                         rs_u128* out, Py_ssize_t* first) noexcept nogil:
    # out = (plus, minus), first = their first indices: see ks_counts_signed
    # A maximum >= 0 is first reached where the difference has that sign (or is 0), so each
    # extreme is tracked over those thresholds only, as a first strict maximum.
    cdef Py_ssize_t t, t_plus = 0, t_minus = 0
    cdef uint64_t n_neg = 0, n_pos = 0, c_neg = 0, c_pos = 0
    cdef Extremes e = Extremes(rs_u128(0, 0), rs_u128(0, 0), False, False)
    cdef int kept
    for t in range(n):
        n_neg += <uint64_t>neg[t]
        n_pos += <uint64_t>pos[t]
    for t in range(n):
        c_neg += <uint64_t>neg[t]
        c_pos += <uint64_t>pos[t]
        kept = _keep(&e, rs_mul(n_pos, c_neg), rs_mul(n_neg, c_pos), True)
        t_plus = t if kept & 1 else t_plus
        t_minus = t if kept & 2 else t_minus
    out[0], out[1], first[0], first[1] = e.plus, e.minus, t_plus, t_minus


cdef void _merge_signed(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                        Py_ssize_t n_pos, rs_u128* out, double* at) noexcept nogil:
    # out = (plus, minus), at = their smallest t: see ks_merge_signed
    # D(t) = n_pos #{neg <= t} - n_neg #{pos <= t} rises over values only negatives hold and
    # falls over values only positives hold. Its first maximum is therefore at the last
    # negative before a positive's value, at a positive's value, or at the largest value;
    # its first minimum at a positive's value or at the largest value. Only those are
    # visited, ascending (as ks_merge), each extreme kept as a first strict maximum among
    # the values where D has its sign (or is 0).
    cdef Py_ssize_t i = 0, j = 0
    cdef Extremes e = Extremes(rs_u128(0, 0), rs_u128(0, 0), False, False)
    cdef int kept
    cdef score_t v, t_plus = 0, t_minus = 0
    while j < n_pos:
        v = pos[j]
        if i < n_neg and neg[i] < v:
            while i < n_neg and neg[i] < v:
                i += 1
            # at t = neg[i - 1]: only a maximum can start here
            if _keep(&e, rs_mul(i, n_pos), rs_mul(j, n_neg), False):
                t_plus = neg[i - 1]
        while i < n_neg and neg[i] == v:
            i += 1
        while j < n_pos and pos[j] == v:
            j += 1
        kept = _keep(&e, rs_mul(i, n_pos), rs_mul(j, n_neg), True)  # at t = v
        t_plus = v if kept & 1 else t_plus
        t_minus = v if kept & 2 else t_minus
    if i < n_neg:  # negatives above every positive: D rises to 0 at the largest value
        t_plus = t_plus if e.plus_found else neg[n_neg - 1]
        t_minus = t_minus if e.minus_found else neg[n_neg - 1]
    out[0], out[1], at[0], at[1] = e.plus, e.minus, t_plus, t_minus


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
    cdef Array p[2]  # neg, pos
    cdef rs_u128 out[2]
    cdef double at[2]
    no_buffers(p, 2)
    try:
        read_parts(&p[0], neg, &p[1], pos)
        both_parts(p[0].n, p[1].n, "ks_merge_signed")
        with nogil:
            if p[0].kind == FLOAT64:
                _merge_signed(<double*>p[0].data, p[0].n, <double*>p[1].data, p[1].n, out, at)
            else:
                _merge_signed(<float*>p[0].data, p[0].n, <float*>p[1].data, p[1].n, out, at)
    finally:
        release_each(p, 2)
    return to_int(out[0]), at[0], to_int(out[1]), at[1]


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
        lattice_of(m, n, h, a.n)
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
