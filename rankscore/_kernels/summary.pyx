# Kernels of the score summary (the rankscore.summary package); mirrored by
# rankscore/_fallback/summary.py.
#
# A summary is three arrays of one length d: the distinct scores in descending order
# (``thresholds``, float32 or float64) and the negatives and positives scoring exactly
# each one (``negatives``/``positives``: int64 counts, or float64 weight sums). A weight sum
# adds its samples' weights one by one from 0.0, from the highest index of the sorted part
# down (the order the sweep kernels use), so both backends give the same bits.

import numpy as np
from libc.float cimport DBL_MAX
from libc.math cimport INFINITY, NAN, fabs, fmax, isfinite, signbit
from libc.stdlib cimport free, malloc
from libc.stdint cimport INT64_MAX, int64_t, uint32_t, uint64_t
from libc.string cimport memcpy, memmove, memset

from rankscore._kernels.arrays cimport (CONTIGUOUS, COPY, FLOAT32, FLOAT64, INT64, Array, Kind,
                                        check_kind, check_score_kind, no_buffers, one_length, read,
                                        read_contiguous, release, release_each, typed,
                                        weights_of, write)
from rankscore._kernels.int128 cimport rs_add, rs_add64, rs_gap, rs_less, rs_mul, rs_u128, to_int
from rankscore._kernels.sweep cimport sweep_down, tie_block
from rankscore._kernels.types cimport count_t, score_t


cdef inline score_t _no_minus_zero(score_t t) noexcept nogil:
    return t + 0  # -0.0 + 0 is +0.0: -0.0 and 0.0 are one threshold, stored as 0.0


# Each kernel reads its arrays once (arrays.pxd: contiguous, the dtype checked) and runs
# the loop of their dtypes, a `cdef` function over raw pointers fused over score_t and
# count_t: no memoryview argument is specialised per dtype.

cdef int _scores(Array* a, object obj, str what) except -1:
    """a class's scores or a summary's thresholds: float32 or float64, contiguous."""
    read_contiguous(a, obj)
    check_score_kind(a, what)
    return 0


cdef int _counts(Array* a, object obj, str what) except -1:
    """a summary's counts: int64 (or float64 weight sums when floats), contiguous."""
    read_contiguous(a, obj)
    if a.kind != INT64 and a.kind != FLOAT64:
        raise TypeError(f"{what} must be int64 counts or float64 weight sums, got format "
                        f"{a.buffer.format.decode()!r}")
    return 0


cdef int _floats(Array* a, object obj, str what) except -1:
    """float64 values, contiguous."""
    read_contiguous(a, obj)
    if a.kind != FLOAT64:
        raise TypeError(f"{what} must be float64, got format {a.buffer.format.decode()!r}")
    return 0


cdef int _weights(Array* a, object obj) except -1:
    """sample weights, float64 and contiguous; None: a holds nothing (a NULL pointer)."""
    if obj is not None:
        read_contiguous(a, obj)
        check_kind(a, FLOAT64, "weights must be float64")
    return 0


cdef int _out(Array* a, object obj, str what) except -1:
    """an array the kernel writes into: contiguous."""
    write(a, obj)
    if a.n > 1 and a.step != 1:
        raise ValueError(f"{what} must be contiguous")
    return 0


cdef int _pair(Array* a, object first, object second, Kind kind) except -1:
    """a[0], a[1]: two 1-D arrays of `kind` and of one length (a summary's two count
    arrays, or the sweep's two running sums), read from contiguous copies when strided."""
    typed(&a[0], first, kind, 1, COPY)
    typed(&a[1], second, kind, 1, COPY)
    return one_length(a, 2)


cdef int _within(Py_ssize_t i, Py_ssize_t n, str what) except -1:
    """ValueError unless 0 <= i <= n."""
    if i < 0 or i > n:
        raise ValueError(f"{what} must be in [0, {n}], got {i}")
    return 0


cdef int _summary_in(Array* a, Py_ssize_t d) except -1:
    """a[0], a[1], a[2]: thresholds, negatives and positives of one length holding a
    summary in their first d entries."""
    one_length(a, 3)
    return _within(d, a[0].n, "d")


cdef int _same_kind(Array* a, Array* b, str what) except -1:
    if a.kind != b.kind:
        raise TypeError(f"{what} must have one dtype")
    return 0


cdef inline void* _data(Array* a) noexcept nogil:
    return <void*>a.data if a.n else NULL


cdef object _score_dtype(Array* a):
    return np.float32 if a.kind == FLOAT32 else np.float64


cdef void _shrink(tuple arrays, Py_ssize_t k) except *:
    # (their buffers released first)
    for arr in arrays:
        arr.resize((k,), refcheck=False)


cdef Py_ssize_t _from_sorted(const score_t* neg, const double* neg_weight, Py_ssize_t n_neg,
                             const score_t* pos, const double* pos_weight, Py_ssize_t n_pos,
                             score_t* thr, int64_t* neg_n, int64_t* pos_n, double* neg_s,
                             double* pos_s) noexcept nogil:
    # see summary_from_sorted (weights NULL: counts into neg_n/pos_n, else sums into
    # neg_s/pos_s); returns the number of thresholds
    cdef bint weighted = neg_weight != NULL
    cdef Py_ssize_t k = 0, i = n_neg - 1, j = n_pos - 1, i0, j0
    cdef score_t t
    cdef double fw, tw
    while i >= 0 or j >= 0:  # from the top score down
        i0, j0 = i, j
        t = tie_block(neg, neg_weight, &i, pos, pos_weight, &j, &fw, &tw)
        thr[k] = _no_minus_zero(t)
        if weighted:
            neg_s[k], pos_s[k] = fw, tw
        else:
            neg_n[k], pos_n[k] = i0 - i, j0 - j
        k += 1
    return k


def summary_from_sorted(neg, neg_weight, pos, pos_weight):
    """(thresholds descending, negatives per threshold, positives per threshold) from each
    class's scores sorted ascending: int64 counts when the weights are None, else float64
    sums of the weights (in the same order as the scores)."""
    cdef Array a[7]
    cdef Py_ssize_t k = 0, size
    cdef bint weighted = neg_weight is not None
    no_buffers(a, 7)
    try:
        _scores(&a[0], neg, "neg")
        _scores(&a[1], pos, "pos")
        _same_kind(&a[0], &a[1], "neg and pos")
        if weighted:
            _weights(&a[2], neg_weight)
            _weights(&a[3], pos_weight)
            weights_of(&a[0], &a[2])
            weights_of(&a[1], &a[3])
        size = a[0].n + a[1].n
        thr_arr = np.empty(size, dtype=_score_dtype(&a[0]))
        count_dtype = np.float64 if weighted else np.int64
        neg_arr, pos_arr = np.empty(size, dtype=count_dtype), np.empty(size, dtype=count_dtype)
        write(&a[4], thr_arr)
        write(&a[5], neg_arr)
        write(&a[6], pos_arr)
        with nogil:
            if a[0].kind == FLOAT64:
                k = _from_sorted(<double*>a[0].data, <double*>a[2].data, a[0].n,
                                 <double*>a[1].data, <double*>a[3].data, a[1].n,
                                 <double*>a[4].data, <int64_t*>a[5].data, <int64_t*>a[6].data,
                                 <double*>a[5].data, <double*>a[6].data)
            else:
                k = _from_sorted(<float*>a[0].data, <double*>a[2].data, a[0].n,
                                 <float*>a[1].data, <double*>a[3].data, a[1].n,
                                 <float*>a[4].data, <int64_t*>a[5].data, <int64_t*>a[6].data,
                                 <double*>a[5].data, <double*>a[6].data)
    finally:
        release_each(a, 7)
    _shrink((thr_arr, neg_arr, pos_arr), k)  # (the buffers released: the arrays shrink)
    return thr_arr, neg_arr, pos_arr


def summary_from_sorted_into(out_t, out_n, out_p, Py_ssize_t at, neg, pos):
    """summary_from_sorted of unweighted class parts written into out_*[at:]; returns the
    number of thresholds. The GIL is released: two calls on disjoint score ranges of the
    parts and of out_* run side by side."""
    cdef Array a[5]
    cdef Py_ssize_t k = 0
    no_buffers(a, 5)
    try:
        _out(&a[0], out_t, "out_t")
        _out(&a[1], out_n, "out_n")
        _out(&a[2], out_p, "out_p")
        _scores(&a[3], neg, "neg")
        _scores(&a[4], pos, "pos")
        _same_kind(&a[0], &a[3], "out_t and neg")
        _same_kind(&a[3], &a[4], "neg and pos")
        check_kind(&a[1], INT64, "out_n must be int64")
        check_kind(&a[2], INT64, "out_p must be int64")
        one_length(a, 3)
        _within(at, a[0].n, "at")
        with nogil:
            if a[3].kind == FLOAT64:
                k = _from_sorted(<double*>a[3].data, NULL, a[3].n, <double*>a[4].data, NULL,
                                 a[4].n, <double*>a[0].data + at, <int64_t*>a[1].data + at,
                                 <int64_t*>a[2].data + at, NULL, NULL)
            else:
                k = _from_sorted(<float*>a[3].data, NULL, a[3].n, <float*>a[4].data, NULL,
                                 a[4].n, <float*>a[0].data + at, <int64_t*>a[1].data + at,
                                 <int64_t*>a[2].data + at, NULL, NULL)
    finally:
        release_each(a, 5)
    return k


def summary_scan_counts(neg, pos):
    """One read of an unweighted summary (thresholds descending) for the numbers of the
    report, exact where they are integers (128-bit pair counts and gaps, as ``auc_counts``
    and ``ks_counts``):

    (N, P, pairs, ks_gap, ks_index, ap_sum, pr_area) with N, P the class totals;
    pairs = Σ_t P(t) (2 N(< t) + N(t)) (AUC = pairs / (2 P N)); ks_gap = the largest
    |P N(<= t) - N P(<= t)| over t, first reached at ks_index counting from the lowest
    score (the smallest threshold); ap_sum = Σ_t P(t) prec(t) from the top (AP = ap_sum / P);
    pr_area = Σ_t (r(t) - r(t+)) (prec(t) + prec(t+)) / 2 from the top, starting at
    (recall 0, precision 1) (needs P > 0). neg and pos: int64."""
    cdef Array a[2]
    no_buffers(a, 2)
    try:
        _pair(a, neg, pos, INT64)
        return _scan_counts(<int64_t*>a[0].data, <int64_t*>a[1].data, a[0].n)
    finally:
        release_each(a, 2)


cdef tuple _scan_counts(const int64_t* neg, const int64_t* pos, Py_ssize_t d):
    cdef Py_ssize_t i, best_i = d - 1
    cdef int64_t n_neg = 0, n_pos = 0, tp = 0, fp = 0, tp_before, fp_before
    cdef rs_u128 pairs = rs_u128(0, 0), gap, best = rs_u128(0, 0)  # exact to 2**62 rows
    cdef int64_t pairs_64 = 0, gap_64, best_64 = 0
    cdef bint small
    cdef double ap = 0.0, area = 0.0, r, p, r_prev, p_prev
    with nogil:
        for i in range(d):
            n_neg += neg[i]
            n_pos += pos[i]
        small = _fits_64(n_neg, n_pos)
        for i in range(d):  # from the top score down
            tp_before, fp_before = tp, fp
            tp += pos[i]
            fp += neg[i]
            # KS: the gap at t counts the samples scoring <= t; ">=": among equal gaps
            # the one at the smallest threshold, the first one from the lowest score up
            if small:
                gap_64 = n_pos * (n_neg - fp_before) - n_neg * (n_pos - tp_before)
                gap_64 = gap_64 if gap_64 >= 0 else -gap_64
                best_i = i if gap_64 >= best_64 else best_i
                best_64 = gap_64 if gap_64 >= best_64 else best_64
            else:
                gap = rs_gap(rs_mul(<uint64_t>n_pos, <uint64_t>(n_neg - fp_before)),
                             rs_mul(<uint64_t>n_neg, <uint64_t>(n_pos - tp_before)))
                if not rs_less(gap, best):
                    best, best_i = gap, i
            if pos[i] == 0:  # precision moves but recall does not: no AP or PR area term
                continue  # (each would add exactly 0.0)
            if small:
                pairs_64 += pos[i] * (2 * (n_neg - fp) + neg[i])
            else:
                pairs = rs_add(pairs, rs_mul(<uint64_t>pos[i], 2 * <uint64_t>(n_neg - fp)
                                             + <uint64_t>neg[i]))
            p = <double>tp / <double>(tp + fp)
            ap += <double>pos[i] * p
            # PR area from the previous threshold's point (recall 0, precision 1 at first)
            r = <double>tp / <double>n_pos
            r_prev = <double>tp_before / <double>n_pos if i else 0.0
            p_prev = <double>tp_before / <double>(tp_before + fp_before) if i else 1.0
            area += (r - r_prev) * (p + p_prev) / 2
    best_i = d - 1 - best_i  # counted from the lowest score
    if small:
        return int(n_neg), int(n_pos), int(pairs_64), int(best_64), best_i, ap, area
    return int(n_neg), int(n_pos), to_int(pairs), to_int(best), best_i, ap, area


cdef inline bint _fits_64(int64_t n_neg, int64_t n_pos) noexcept nogil:
    # P N < 2**61: every pair count (<= 2 P N) and KS gap (<= P N) fits in int64, whose
    # arithmetic is several times faster than the 128-bit words
    return n_pos == 0 or n_neg <= ((<int64_t>1) << 61) // n_pos - 1


# The first threshold within rtol of an objective's maximum is a record (a value above
# every earlier one: all of those are below the near-best mark): the records near the
# running maximum are kept, the older ones dropped as the maximum rises.
cdef enum:
    RECORDS = 64

cdef struct _Records:
    double value[RECORDS]
    double threshold[RECORDS]
    int64_t tp[RECORDS]
    int64_t fp[RECORDS]
    Py_ssize_t head, count
    bint overflow  # more records near the maximum than kept: read the sweep again


cdef inline void _record(_Records* r, double value, double t, int64_t tp, int64_t fp,
                         double rtol) noexcept nogil:
    # a new maximum: drop the records that can no longer be near the final one (with
    # twice the tolerance, so that rounding never drops the answer), then keep this one
    cdef Py_ssize_t at
    cdef double scale = fabs(value) if fabs(value) > 1.0 else 1.0  # (fmax: a library call)
    while r.count and r.value[r.head] < value - 2 * rtol * scale:
        r.head = (r.head + 1) % RECORDS
        r.count -= 1
    if r.count == RECORDS:
        r.overflow = True
        return
    at = (r.head + r.count) % RECORDS
    r.value[at], r.threshold[at], r.tp[at], r.fp[at] = value, t, tp, fp
    r.count += 1


cdef inline Py_ssize_t _first_near(_Records* r, double near) noexcept nogil:
    # the first record >= near (the records rise): its slot
    cdef Py_ssize_t k, at
    for k in range(r.count):
        at = (r.head + k) % RECORDS
        if r.value[at] >= near:
            return at
    return -1


# binary_report's reads of an unweighted problem with both classes, one distinct threshold
# at a time from the top score down (_report_step), whichever source gives the thresholds:
# a summary's arrays (summary_report_counts) or a merge of each class's sorted scores
# (report_of_parts). With fp, tp the running counts after threshold t and fp_, tp_ before:
#   2U    = Σ_t P(t) (2 (N - fp) + N(t))                       (AUC = 2U / (2 P N))
#   KS    = max_t |P (N - fp_) - N (P - tp_)|, the smallest t on ties    (/ (P N))
#   AP    = Σ_t P(t) tp / (tp + fp)                                      (/ P)
#   PR    = Σ_t (r - r_) (prec + prec_) / 2, from (recall 0, precision 1)
#   J = tp / P - fp / N and F1 = 2 tp / (P + tp + fp): the first t within rtol of the best
#   the confusion at the lowest t >= threshold; for each cut c the first t with tp + fp >= c
#   (a group border of gain_table), with tp, fp, t there and the next threshold below.
cdef struct _Choice:
    double value, threshold
    int64_t tp, fp  # (exact: counts reach 2**62)


cdef struct _Report:
    int64_t n_neg, n_pos, tp, fp, pairs_64, best_64, conf_tp, conf_fp
    rs_u128 pairs, best
    bint small, started
    double P, N, rtol, threshold, ap, area, best_j, best_f, near_j, near_f, ks_t, top
    double recall  # tp / P (tp moves only where positives score)
    double inv_N  # 1 / N
    _Records records_j, records_f
    _Choice j, f  # the chosen thresholds of J and F1 (tp < 0: not yet)
    const int64_t* cuts
    Py_ssize_t n_cuts, g, g_next
    int64_t* border_tp
    int64_t* border_fp
    double* border_t
    double* next_t


cdef inline void _ks_at(_Report* st, int64_t tp_before, int64_t fp_before, double t
                        ) noexcept nogil:
    # KS: the gap at t counts the samples scoring <= t; ">=": among equal gaps the one at
    # the smallest threshold
    cdef int64_t gap_64
    cdef rs_u128 gap
    if st.small:
        gap_64 = st.n_pos * (st.n_neg - fp_before) - st.n_neg * (st.n_pos - tp_before)
        gap_64 = gap_64 if gap_64 >= 0 else -gap_64
        if gap_64 >= st.best_64:
            st.best_64, st.ks_t = gap_64, t
    else:
        gap = rs_gap(rs_mul(<uint64_t>st.n_pos, <uint64_t>(st.n_neg - fp_before)),
                     rs_mul(<uint64_t>st.n_neg, <uint64_t>(st.n_pos - tp_before)))
        if not rs_less(gap, st.best):
            st.best, st.ks_t = gap, t


cdef inline void _report_step(_Report* st, double t, int64_t n_t, int64_t p_t) noexcept nogil:
    # the next threshold t (descending) with n_t negatives and p_t positives scoring t
    cdef int64_t tp_before = st.tp, fp_before = st.fp, tp, fp
    cdef double j_value, f_value, p, r, r_prev = st.recall, p_prev
    cdef bint first = not st.started
    t = t + 0.0  # -0.0 is the threshold 0.0
    st.tp += p_t
    st.fp += n_t
    tp, fp = st.tp, st.fp
    st.started = True
    while st.g_next < st.g:  # the threshold after a group border
        st.next_t[st.g_next] = t
        st.g_next += 1
    while st.g < st.n_cuts and tp + fp >= st.cuts[st.g]:
        st.border_tp[st.g], st.border_fp[st.g], st.border_t[st.g] = tp, fp, t
        st.g += 1
    if t >= st.threshold:
        st.conf_tp, st.conf_fp = tp, fp
    _ks_at(st, tp_before, fp_before, t)
    if first:
        st.top = t
    elif p_t == 0:  # J and F1 fall, AP and PR area stay (each would add exactly 0.0)
        return
    r = <double>tp / st.P
    st.recall = r
    # a new maximum of J or F1 needs their exact values (divisions); estimates by
    # multiplications (within 1e-15 of them) rule most thresholds out
    if r - <double>fp * st.inv_N + 1e-15 > st.best_j:
        j_value = r - <double>fp / st.N
        if j_value > st.best_j:
            st.best_j = j_value
            _record(&st.records_j, j_value, t, tp, fp, st.rtol)
    if 2.0 * <double>tp >= st.best_f * (st.P + <double>(tp + fp)) * (1 - 1e-14):
        f_value = 2.0 * <double>tp / (st.P + <double>(tp + fp))
        if f_value > st.best_f:
            st.best_f = f_value
            _record(&st.records_f, f_value, t, tp, fp, st.rtol)
    if p_t == 0:
        return
    if st.small:
        st.pairs_64 += p_t * (2 * (st.n_neg - fp) + n_t)
    else:
        st.pairs = rs_add(st.pairs, rs_mul(<uint64_t>p_t, 2 * <uint64_t>(st.n_neg - fp)
                                           + <uint64_t>n_t))
    p = <double>tp / <double>(tp + fp)
    st.ap += <double>p_t * p
    p_prev = 1.0 if first else <double>tp_before / <double>(tp_before + fp_before)
    st.area += (r - r_prev) * (p + p_prev) / 2


cdef inline bint _run_skips(_Report* st, int64_t count, double top, double low) noexcept nogil:
    # Can a run of thresholds holding only negatives (count of them, scores top .. low) be
    # read at its two ends? Between them only fp grows: AP, PR area, J and F1 do not move
    # and the KS gap is linear in fp_ with slope -P != 0, so |gap| inside stays strictly
    # below its larger end (the tie rule, the lowest t, is kept), unless a group border or
    # the confusion threshold falls inside.
    if not st.started:
        return False
    if st.g < st.n_cuts and st.tp + st.fp + count >= st.cuts[st.g]:
        return False
    return not (top >= st.threshold and low + 0.0 < st.threshold)


cdef inline void _report_run(_Report* st, int64_t count, double top, double low,
                             int64_t low_count) noexcept nogil:
    # _report_step over every threshold of such a run (_run_skips): count negatives from
    # top down to low, low_count of them scoring low
    top, low = top + 0.0, low + 0.0
    while st.g_next < st.g:
        st.next_t[st.g_next] = top
        st.g_next += 1
    _ks_at(st, st.tp, st.fp, top)
    if low != top:
        _ks_at(st, st.tp, st.fp + count - low_count, low)
    st.fp += count
    if low >= st.threshold:
        st.conf_tp, st.conf_fp = st.tp, st.fp


cdef inline void _near_step(_Report* st, double t, int64_t tp, int64_t fp, bint first,
                            int64_t p_t) noexcept nogil:
    # the second read, when the records overflowed: the first thresholds near the best
    cdef double j_value, f_value
    if not first and p_t == 0:
        return
    t = t + 0.0
    j_value = <double>tp / st.P - <double>fp / st.N
    f_value = 2.0 * <double>tp / (st.P + <double>(tp + fp))
    if st.j.tp < 0 and j_value >= st.near_j:
        st.j.value, st.j.threshold, st.j.tp, st.j.fp = j_value, t, tp, fp
    if st.f.tp < 0 and f_value >= st.near_f:
        st.f.value, st.f.threshold, st.f.tp, st.f.fp = f_value, t, tp, fp


cdef inline void _chosen(_Records* r, double near, _Choice* out) noexcept nogil:
    cdef Py_ssize_t at = -1 if r.overflow else _first_near(r, near)
    if at >= 0:
        out.value, out.threshold, out.tp, out.fp = (r.value[at], r.threshold[at], r.tp[at],
                                                    r.fp[at])


cdef inline bint _report_choose(_Report* st) noexcept nogil:
    # the J and F1 choices from the records; True when they overflowed (read again)
    st.near_j = st.best_j - st.rtol * fmax(1.0, fabs(st.best_j))
    st.near_f = st.best_f - st.rtol * fmax(1.0, fabs(st.best_f))
    _chosen(&st.records_j, st.near_j, &st.j)
    _chosen(&st.records_f, st.near_f, &st.f)
    return st.j.tp < 0 or st.f.tp < 0


cdef class _ReportArrays:
    # the per-cut outputs of one report read, and the state pointing into them
    cdef object tp_arr, fp_arr, t_arr, next_arr
    cdef Array held[4]  # (the outputs' buffers, held while the state points into them)
    cdef _Report st

    def __cinit__(self, Py_ssize_t n_cuts, int64_t n_neg, int64_t n_pos, double rtol,
                  double threshold):
        """The state of a read; the caller sets its cuts (st.cuts: n_cuts int64, ascending)
        and holds them while the state is read."""
        no_buffers(self.held, 4)
        self.tp_arr, self.fp_arr = np.zeros(n_cuts, np.int64), np.zeros(n_cuts, np.int64)
        self.t_arr, self.next_arr = np.zeros(n_cuts), np.zeros(n_cuts)
        write(&self.held[0], self.tp_arr)
        write(&self.held[1], self.fp_arr)
        write(&self.held[2], self.t_arr)
        write(&self.held[3], self.next_arr)
        st = &self.st
        memset(st, 0, sizeof(_Report))
        st.n_neg, st.n_pos, st.P, st.N = n_neg, n_pos, <double>n_pos, <double>n_neg
        st.small, st.rtol, st.threshold = _fits_64(n_neg, n_pos), rtol, threshold
        st.best_j = st.best_f = -INFINITY
        st.inv_N = 1.0 / st.N
        st.j.tp = st.f.tp = -1
        st.n_cuts = n_cuts
        st.border_tp, st.border_fp = <int64_t*>self.held[0].data, <int64_t*>self.held[1].data
        st.border_t, st.next_t = <double*>self.held[2].data, <double*>self.held[3].data

    def __dealloc__(self):
        release_each(self.held, 4)

    cdef tuple result(self):
        st = &self.st
        if st.small:
            st.pairs, st.best = rs_add64(rs_u128(0, 0), <uint64_t>st.pairs_64), rs_add64(
                rs_u128(0, 0), <uint64_t>st.best_64)
        return (int(st.n_neg), int(st.n_pos), to_int(st.pairs), to_int(st.best), st.ks_t,
                st.ap, st.area, (st.j.value, st.j.threshold, int(st.j.tp), int(st.j.fp)),
                (st.f.value, st.f.threshold, int(st.f.tp), int(st.f.fp)),
                (int(st.conf_tp), int(st.conf_fp)), st.top, self.tp_arr, self.fp_arr,
                self.t_arr, self.next_arr)


cdef void _report_counts(const score_t* thresholds, const int64_t* neg, const int64_t* pos,
                         Py_ssize_t d, _Report* st) noexcept nogil:
    cdef Py_ssize_t i
    cdef int64_t tp = 0, fp = 0
    for i in range(d):  # from the top score down
        _report_step(st, thresholds[i], neg[i], pos[i])
    if _report_choose(st):
        for i in range(d):
            tp += pos[i]
            fp += neg[i]
            _near_step(st, thresholds[i], tp, fp, i == 0, pos[i])


def summary_report_counts(thresholds, neg, pos, cuts, double rtol, double threshold):
    """binary_report's reads of an unweighted summary with both classes (thresholds
    descending), in one pass (and a part of a second if the J or F1 records overflow):
    (N, P, 2U, KS gap, KS threshold, AP sum, PR area, (J, threshold, tp, fp),
    (F1, threshold, tp, fp), (tp, fp) at ``threshold``, the top threshold, and per cut
    (ascending) tp, fp, the threshold and the next one below at the first threshold whose
    tp + fp reaches it; cuts: int64, C-contiguous). See _report_step for the formulas."""
    cdef Array a[4]  # thresholds, neg, pos, cuts
    cdef Py_ssize_t d, i
    cdef int64_t n_neg = 0, n_pos = 0
    cdef const int64_t* negatives
    cdef const int64_t* positives
    cdef _ReportArrays out
    no_buffers(a, 4)
    try:
        typed(&a[3], cuts, INT64, 1, CONTIGUOUS)
        _scores(&a[0], thresholds, "thresholds")
        _counts(&a[1], neg, "neg")
        _counts(&a[2], pos, "pos")
        check_kind(&a[1], INT64, "neg must be int64")
        check_kind(&a[2], INT64, "pos must be int64")
        one_length(a, 3)
        negatives, positives, d = <int64_t*>a[1].data, <int64_t*>a[2].data, a[1].n
        with nogil:
            for i in range(d):
                n_neg += negatives[i]
                n_pos += positives[i]
        out = _ReportArrays(a[3].n, n_neg, n_pos, rtol, threshold)
        out.st.cuts = <int64_t*>a[3].data
        with nogil:
            if a[0].kind == FLOAT64:
                _report_counts(<double*>a[0].data, negatives, positives, d, &out.st)
            else:
                _report_counts(<float*>a[0].data, negatives, positives, d, &out.st)
    finally:
        release_each(a, 4)
    return out.result()


cdef inline double _head(const score_t* part, Py_ssize_t i) noexcept nogil:
    return part[i] if i >= 0 else -INFINITY


cdef inline double _larger(double a, double b) noexcept nogil:
    return a if a > b else b  # (fmax is a library call)


cdef inline double _next_of_parts(const score_t* neg_a, const score_t* neg_b,
                                  const score_t* pos, Py_ssize_t* ia, Py_ssize_t* ib,
                                  Py_ssize_t* j, int64_t* n_t, int64_t* p_t) noexcept nogil:
    # the largest score not yet read (the parts ascending, read from their ends down) and
    # how many negatives and positives score it; moves past them
    cdef double t = _larger(_larger(_head(neg_a, ia[0]), _head(neg_b, ib[0])), _head(pos, j[0]))
    cdef Py_ssize_t a = ia[0], b = ib[0], c = j[0]
    while ia[0] >= 0 and neg_a[ia[0]] == t:
        ia[0] -= 1
    while ib[0] >= 0 and neg_b[ib[0]] == t:
        ib[0] -= 1
    while j[0] >= 0 and pos[j[0]] == t:
        j[0] -= 1
    n_t[0], p_t[0] = (a - ia[0]) + (b - ib[0]), c - j[0]
    return t


cdef inline Py_ssize_t _above(const score_t* part, Py_ssize_t i, double u
                              ) noexcept nogil:
    # the last index of the ascending part scoring <= u, from index i down: eight scores
    # counted at a time (the scores above u are the top ones of the eight), so that a
    # short run costs one predictable step instead of a mispredicted loop exit
    cdef Py_ssize_t above
    while i >= 7:
        above = ((part[i] > u) + (part[i - 1] > u) + (part[i - 2] > u) + (part[i - 3] > u)
                 + (part[i - 4] > u) + (part[i - 5] > u) + (part[i - 6] > u)
                 + (part[i - 7] > u))
        i -= above
        if above < 8:
            return i
    while i >= 0 and part[i] > u:
        i -= 1
    return i


cdef inline int64_t _ties_up(const score_t* part, Py_ssize_t i, Py_ssize_t stop,
                             double low) noexcept nogil:
    # how many of part[i + 1 .. stop] score low (part ascending, part[i + 1] >= low)
    cdef Py_ssize_t k = i + 1
    while k <= stop and part[k] == low:
        k += 1
    return k - i - 1


cdef void _report_of_parts(const score_t* na, Py_ssize_t n_a, const score_t* nb,
                           Py_ssize_t n_b, const score_t* ps, Py_ssize_t n_pos,
                           _Report* st) noexcept nogil:
    # report_of_parts over raw pointers (NULL for an empty part: it is never read)
    cdef Py_ssize_t ia = n_a - 1, ib = n_b - 1, j = n_pos - 1
    cdef Py_ssize_t ia_end, ib_end
    cdef int64_t n_t, p_t, count, tp = 0, fp = 0
    cdef double t, u, top, low
    cdef bint first = True
    ia_end, ib_end = ia, ib  # the end of a run read threshold by threshold
    while ia >= 0 or ib >= 0 or j >= 0:  # from the top score down
        if ia <= ia_end and ib <= ib_end:  # (not inside such a run)
            ia_end, ib_end = ia, ib
            u = _head(ps, j)
            top = _larger(_head(na, ia), _head(nb, ib))
            if top > u and st.started:  # thresholds of negatives only, down to the
                ia_end, ib_end = _above(na, ia, u), _above(nb, ib, u)  # next positive
                count = (ia - ia_end) + (ib - ib_end)
                low = -_larger(-na[ia_end + 1] if ia_end < ia else -INFINITY,
                               -nb[ib_end + 1] if ib_end < ib else -INFINITY)
                if _run_skips(st, count, top, low):
                    _report_run(st, count, top, low, _ties_up(na, ia_end, ia, low)
                                + _ties_up(nb, ib_end, ib, low))
                    ia, ib = ia_end, ib_end
                    continue
        t = _next_of_parts(na, nb, ps, &ia, &ib, &j, &n_t, &p_t)
        _report_step(st, t, n_t, p_t)
    if _report_choose(st):
        ia, ib, j = n_a - 1, n_b - 1, n_pos - 1
        while ia >= 0 or ib >= 0 or j >= 0:
            t = _next_of_parts(na, nb, ps, &ia, &ib, &j, &n_t, &p_t)
            tp += p_t
            fp += n_t
            _near_step(st, t, tp, fp, first, p_t)
            first = False


def report_of_parts(neg_a, neg_b, pos, cuts, double rtol, double threshold):
    """summary_report_counts of the summary of the negatives' scores (two parts, each
    sorted ascending; either may be empty) and the positives' (sorted ascending), both
    classes present, read while merging them: the summary is never written. Thresholds
    holding only negatives are read in runs (between two positive scores only their ends
    can move the result: see _run_skips). cuts: as summary_report_counts'."""
    cdef Array a[4]  # neg_a, neg_b, pos, cuts
    cdef _ReportArrays out
    no_buffers(a, 4)
    try:
        typed(&a[3], cuts, INT64, 1, CONTIGUOUS)
        _scores(&a[0], neg_a, "neg_a")
        _scores(&a[1], neg_b, "neg_b")
        _scores(&a[2], pos, "pos")
        _same_kind(&a[0], &a[1], "neg_a and neg_b")
        _same_kind(&a[0], &a[2], "neg_a and pos")
        out = _ReportArrays(a[3].n, a[0].n + a[1].n, a[2].n, rtol, threshold)
        out.st.cuts = <int64_t*>a[3].data
        with nogil:
            if a[0].kind == FLOAT64:
                _report_of_parts(<double*>_data(&a[0]), a[0].n, <double*>_data(&a[1]), a[1].n,
                                 <double*>_data(&a[2]), a[2].n, &out.st)
            else:
                _report_of_parts(<float*>_data(&a[0]), a[0].n, <float*>_data(&a[1]), a[1].n,
                                 <float*>_data(&a[2]), a[2].n, &out.st)
    finally:
        release_each(a, 4)
    return out.result()


def summary_scan_weights(neg, pos):
    """As ``summary_scan_counts`` for weight sums: (W-, W+, auc, ks_gap, ks_index,
    ap_sum, pr_area, W+ from the top) with W-, W+ summed from the lowest score up;
    auc = Σ_t W+(t) (W-(< t) + W-(t) / 2) / Σ_t W+(t) W-, both summed from the lowest score
    up (at most 1, and 1 when every positive is above every negative; NaN without a weight
    in both classes); ks_gap the largest
    |W+ C-(t) - W- C+(t)| (C: weight <= t); ap_sum = Σ_t (tp(t) - tp(t+)) prec(t) with tp
    the running sum from the top (AP = ap_sum / tp at the lowest score, the last value).
    neg and pos: float64."""
    cdef Array a[2]
    no_buffers(a, 2)
    try:
        _pair(a, neg, pos, FLOAT64)
        return _scan_weights(<double*>a[0].data, <double*>a[1].data, a[0].n)
    finally:
        release_each(a, 2)


cdef tuple _scan_weights(const double* neg, const double* pos, Py_ssize_t d):
    cdef Py_ssize_t i, best_i = 0
    cdef double w_neg = 0.0, w_pos = 0.0, top_pos = 0.0, tp = 0.0, fp = 0.0, tp_before
    cdef double below = 0.0, c_pos = 0.0, auc = 0.0, most = 0.0, gap, best = -1.0
    cdef double ap = 0.0, area = 0.0, r, p, r_prev = 0.0, p_prev = 1.0
    with nogil:
        for i in range(d - 1, -1, -1):
            w_neg += neg[i]
            w_pos += pos[i]
        for i in range(d):
            top_pos += pos[i]
        for i in range(d):  # from the top score down
            tp_before = tp
            tp += pos[i]
            fp += neg[i]
            p = tp / (tp + fp)
            ap += (tp - tp_before) * p
            if top_pos > 0:
                r = tp / top_pos
                area += (r - r_prev) * (p + p_prev) / 2
                r_prev, p_prev = r, p
        for i in range(d - 1, -1, -1):  # from the lowest score up
            auc += pos[i] * (below + 0.5 * neg[i])
            most += pos[i] * w_neg
            below += neg[i]
            c_pos += pos[i]
            gap = fabs(below * w_pos - c_pos * w_neg)
            if gap > best:
                best, best_i = gap, d - 1 - i
    return w_neg, w_pos, auc / most if most > 0 else NAN, best, best_i, ap, area, top_pos


cdef void _running(const count_t* neg, const count_t* pos, Py_ssize_t d, double* fps,
                   double* tps) noexcept nogil:
    cdef Py_ssize_t i
    cdef double fp = 0.0, tp = 0.0
    cdef int64_t fp_n = 0, tp_n = 0
    for i in range(d):
        if count_t is int64_t:
            fp_n += neg[i]
            tp_n += pos[i]
            fps[i], tps[i] = <double>fp_n, <double>tp_n
        else:
            fp += neg[i]
            tp += pos[i]
            fps[i], tps[i] = fp, tp


def summary_running(neg, pos):
    """(fps, tps): running sums of the negatives / positives from the top score down, as
    float64 (the sweep every curve reads; exact for counts below 2**53)."""
    cdef Array a[4]
    no_buffers(a, 4)
    try:
        _counts(&a[0], neg, "neg")
        _counts(&a[1], pos, "pos")
        _same_kind(&a[0], &a[1], "neg and pos")
        one_length(a, 2)
        fps_arr, tps_arr = np.empty(a[0].n), np.empty(a[0].n)
        write(&a[2], fps_arr)
        write(&a[3], tps_arr)
        with nogil:
            if a[0].kind == INT64:
                _running(<int64_t*>a[0].data, <int64_t*>a[1].data, a[0].n,
                         <double*>a[2].data, <double*>a[3].data)
            else:
                _running(<double*>a[0].data, <double*>a[1].data, a[0].n,
                         <double*>a[2].data, <double*>a[3].data)
    finally:
        release_each(a, 4)
    return fps_arr, tps_arr


cdef inline double _objective(int code, double fp, double tp, double a, double b,
                              double c, double e, double positives,
                              double negatives) noexcept nogil:
    # the objectives of best_threshold at one threshold (same operations as the fallback)
    if code == 0 or code == 3:  # recall
        return tp / positives
    if code == 1:  # precision
        return tp / (tp + fp)
    if code == 2:  # Youden's J
        return tp / positives - fp / negatives
    if code == 4:  # F-beta: a = 1 + b², b = b² positives
        return a * tp / (b + (tp + fp))
    return a * tp + b * (positives - tp) + c * fp + e * (negatives - fp)  # profit


cdef inline bint _feasible(int code, double fp, double tp, double a,
                           double positives) noexcept nogil:
    if code == 0:  # precision >= a
        return tp / (tp + fp) >= a
    if code == 1:  # recall >= a
        return tp / positives >= a
    return True


def objective_scan(fps, tps, int code, double a, double b, double c, double e,
                   double positives, double negatives, double near_best):
    """best_threshold's two reads of the sweep, objective ``code`` (0 max_recall, 1
    max_precision, 2 youden, 3 recall, 4 f_beta, 5 profit; a, b, c, e its parameters).
    With ``near_best`` NaN: (the largest value over feasible thresholds, -inf if none, -1);
    else: (the value, index) of the first feasible threshold whose value >= near_best.
    fps and tps: float64."""
    cdef Array x[2]
    no_buffers(x, 2)
    try:
        _pair(x, fps, tps, FLOAT64)
        return _objective_scan(<double*>x[0].data, <double*>x[1].data, x[0].n, code, a, b, c,
                               e, positives, negatives, near_best)
    finally:
        release_each(x, 2)


cdef tuple _objective_scan(const double* fps, const double* tps, Py_ssize_t d, int code,
                           double a, double b, double c, double e, double positives,
                           double negatives, double near_best):
    cdef Py_ssize_t i, found = -1
    cdef double value, best = -INFINITY
    cdef bint first_pass = near_best != near_best
    # recall, Youden's J and F-beta do not rise from one threshold to the next unless tp
    # does (float division and subtraction are monotone): their maximum, and the first
    # threshold reaching a value, are among the first threshold and those where tp rises
    cdef bint monotone = code in (2, 3, 4)
    with nogil:
        for i in range(d):
            if monotone and i and tps[i] == tps[i - 1]:
                continue
            if not _feasible(code, fps[i], tps[i], a, positives):
                continue
            value = _objective(code, fps[i], tps[i], a, b, c, e, positives, negatives)
            if first_pass:
                if value > best:
                    best = value
            elif value >= near_best:
                best, found = value, i
                break
    return best, found


def objective_scan_counts(neg, pos, int code, double a, double b, double positives,
                          double negatives, double near_best):
    """objective_scan on an unweighted summary's counts (the running sums as the sweep
    has them, float64), without the sweep, for the objectives that rise only where tp
    does (2 youden, 3 recall, 4 f_beta): read at the first threshold and wherever
    positives are. With ``near_best`` NaN: (the largest value, -1, 0, 0); else (value,
    index, tp, fp) of the first threshold whose value >= near_best (index -1 if none).
    neg and pos: int64."""
    cdef Array x[2]
    no_buffers(x, 2)
    try:
        _pair(x, neg, pos, INT64)
        return _objective_scan_counts(<int64_t*>x[0].data, <int64_t*>x[1].data, x[0].n, code,
                                      a, b, positives, negatives, near_best)
    finally:
        release_each(x, 2)


cdef tuple _objective_scan_counts(const int64_t* neg, const int64_t* pos, Py_ssize_t d,
                                  int code, double a, double b, double positives,
                                  double negatives, double near_best):
    cdef Py_ssize_t i, found = -1
    cdef int64_t tp = 0, fp = 0
    cdef double value, best = -INFINITY
    cdef bint first_pass = near_best != near_best
    with nogil:
        for i in range(d):
            tp += pos[i]
            fp += neg[i]
            if i and pos[i] == 0:
                continue
            value = _objective(code, <double>fp, <double>tp, a, b, 0.0, 0.0, positives,
                               negatives)
            if first_pass:
                if value > best:
                    best = value
            elif value >= near_best:
                best, found = value, i
                break
    return (best, found, int(tp) if found >= 0 else 0, int(fp) if found >= 0 else 0)


cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define RS_PREFETCH(p) __builtin_prefetch(p)
    #else
    #define RS_PREFETCH(p) ((void)0)
    #endif

    /* One match of a loser tree on the way to the root: the run coming up (its key
       `key`) plays the run kept at the node (its key in head[]); the larger key goes on
       and the other run stays at the node (on equal keys the one coming up goes on:
       counts add in any order). Three conditional moves after one compare on x86-64,
       where gcc turns the same selects written in C into jumps (mispredicted half the
       time on random data); masks elsewhere. */
    static inline void rs_play(int64_t* key, Py_ssize_t* run, Py_ssize_t* node,
                               const int64_t* head) {
        Py_ssize_t loser = *node;
        int64_t other = head[loser];
    #if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
        Py_ssize_t held;
        __asm__("mov %[r], %[h]\\n\\t"
                "cmpq %[k], %[o]\\n\\t"
                "cmovg %[o], %[k]\\n\\t"
                "cmovg %[l], %[r]\\n\\t"
                "cmovg %[h], %[l]\\n\\t"
                : [k] "+r" (*key), [r] "+r" (*run), [l] "+r" (loser), [h] "=&r" (held)
                : [o] "r" (other)
                : "cc");
        *node = loser;
    #else
        int64_t mask = -(int64_t)(other > *key);
        *node = loser ^ ((loser ^ *run) & (Py_ssize_t)mask);
        *key ^= (*key ^ other) & mask;
        *run ^= (*run ^ loser) & (Py_ssize_t)mask;
    #endif
    }

    /* rs_play where the order of equal keys matters (float sums): the lower run wins. */
    static inline void rs_play_stable(int64_t* key, Py_ssize_t* run, Py_ssize_t* node,
                                      const int64_t* head) {
        Py_ssize_t loser = *node;
        int64_t other = head[loser];
        int64_t mask = -(int64_t)((other > *key) | ((other == *key) & (loser < *run)));
        *node = loser ^ ((loser ^ *run) & (Py_ssize_t)mask);
        *key ^= (*key ^ other) & mask;
        *run ^= (*run ^ loser) & (Py_ssize_t)mask;
    }
    """
    void RS_PREFETCH(const void* p) noexcept nogil
    void rs_play(int64_t* key, Py_ssize_t* run, Py_ssize_t* node,
                 const int64_t* head) noexcept nogil
    void rs_play_stable(int64_t* key, Py_ssize_t* run, Py_ssize_t* node,
                        const int64_t* head) noexcept nogil

# the many-way merge reads k runs at once, more streams than the hardware prefetcher
# follows: each run's next cache lines are asked for this many entries ahead
cdef enum:
    MERGE_PREFETCH = 16

cdef extern from "merge_simd.h":
    # the same merge as a vector tournament, on CPUs with AVX-512F (see the header)
    int rs_simd_merge_available() noexcept nogil
    Py_ssize_t rs_simd_merge_d(double* out_t, uint64_t* out_n, uint64_t* out_p, Py_ssize_t k,
                               const double** thr, const uint64_t** neg, const uint64_t** pos,
                               const Py_ssize_t* length, int float_counts) noexcept nogil
    Py_ssize_t rs_simd_merge_f(float* out_t, uint64_t* out_n, uint64_t* out_p, Py_ssize_t k,
                               const float** thr, const uint64_t** neg, const uint64_t** pos,
                               const Py_ssize_t* length, int float_counts) noexcept nogil
    const Py_ssize_t RS_SIMD_MAX_RUNS

# the vector tournament merges from this many thresholds and more than 8 runs (below, or
# with fewer runs, the loser tree is as fast or faster: its depth grows with log2(runs))
cdef enum:
    SIMD_MERGE_MIN_THRESHOLDS = 1 << 16


cdef inline int64_t _order_key(double x) noexcept nogil:
    # an int64 ordered as the doubles are (-0.0 below 0.0; thresholds hold no -0.0):
    # integer compares and conditional moves keep the tournament below free of branches
    cdef int64_t bits
    memcpy(&bits, &x, sizeof(double))
    return bits ^ ((bits >> 63) & INT64_MAX)


cdef Py_ssize_t _merge_many(score_t* out_t, count_t* out_n, count_t* out_p, Py_ssize_t at,
                            Py_ssize_t k, void** runs, const int64_t* starts,
                            const int64_t* stops) except -1:
    # summary_merge_many_into over raw pointers: runs[r], runs[k + r], runs[2k + r] the
    # thresholds, negatives and positives of run r

    cdef Py_ssize_t r, out = at, leaves = 1, node, w, remaining = 0
    while leaves < k:
        leaves *= 2
    # each run's next entry and the end of its range (padding runs past k are empty)
    cdef const score_t** thr = <const score_t**>malloc(leaves * sizeof(void*))
    cdef const score_t** end = <const score_t**>malloc(leaves * sizeof(void*))
    cdef const count_t** neg = <const count_t**>malloc(leaves * sizeof(void*))
    cdef const count_t** pos = <const count_t**>malloc(leaves * sizeof(void*))
    cdef Py_ssize_t* tree = <Py_ssize_t*>malloc(leaves * sizeof(Py_ssize_t))
    cdef Py_ssize_t* winner = <Py_ssize_t*>malloc(2 * leaves * sizeof(Py_ssize_t))
    cdef int64_t* head = <int64_t*>malloc(leaves * sizeof(int64_t))  # each run's key
    # each run's key after its head, read ahead: a run that wins has its new key ready
    # (the next match does not wait for a load of the threshold and its key)
    cdef int64_t* upcoming = <int64_t*>malloc(leaves * sizeof(int64_t))
    cdef int64_t key, exhausted = _order_key(-INFINITY)  # loses to every threshold
    cdef score_t t, last = <score_t>NAN  # the last threshold written (none)
    try:
        if (thr == NULL or end == NULL or neg == NULL or pos == NULL or tree == NULL
                or winner == NULL or head == NULL or upcoming == NULL):
            raise MemoryError()
        for r in range(leaves):
            thr[r] = end[r] = NULL
            neg[r] = pos[r] = NULL
            if r < k and stops[r] > starts[r]:
                remaining += stops[r] - starts[r]
                thr[r], end[r] = <score_t*>runs[r] + starts[r], <score_t*>runs[r] + stops[r]
                neg[r] = <count_t*>runs[k + r] + starts[r]
                pos[r] = <count_t*>runs[2 * k + r] + starts[r]
        if (remaining >= SIMD_MERGE_MIN_THRESHOLDS and 8 < k <= RS_SIMD_MAX_RUNS
                and rs_simd_merge_available()):
            return _merge_many_simd(out_t + at, out_n + at, out_p + at, k, thr, end, neg, pos)
        with nogil:
            for r in range(leaves):
                head[r] = _order_key(thr[r][0]) if thr[r] != end[r] else exhausted
                winner[leaves + r] = r
                upcoming[r] = _order_key(thr[r][1]) if end[r] - thr[r] > 1 else exhausted
            for node in range(leaves - 1, 0, -1):  # play the matches bottom-up: the loser
                tree[node], w = winner[2 * node + 1], winner[2 * node]  # stays at the
                key = head[w]  # node, the winner goes up (on equal keys the lower run)
                if count_t is int64_t:
                    rs_play(&key, &w, &tree[node], head)
                else:
                    rs_play_stable(&key, &w, &tree[node], head)
                winner[node] = w
            w = winner[1] if leaves > 1 else 0
            while remaining:
                key = upcoming[w]
                t = thr[w][0]
                if t == last:  # the same threshold from a later run
                    out_n[out - 1] += neg[w][0]
                    out_p[out - 1] += pos[w][0]
                else:
                    out_t[out], out_n[out], out_p[out] = t, neg[w][0], pos[w][0]
                    out += 1
                    last = t
                thr[w] += 1
                neg[w] += 1
                pos[w] += 1
                remaining -= 1
                RS_PREFETCH(thr[w] + MERGE_PREFETCH)  # (never faults)
                RS_PREFETCH(neg[w] + MERGE_PREFETCH)
                RS_PREFETCH(pos[w] + MERGE_PREFETCH)
                upcoming[w] = _order_key(thr[w][1]) if end[w] - thr[w] > 1 else exhausted
                head[w] = key
                node = (leaves + w) >> 1
                while node:  # replay w's path to the root (the run's new key rides along)
                    if count_t is int64_t:  # counts add in any order
                        rs_play(&key, &w, &tree[node], head)
                    else:  # run order within equal thresholds: float sums
                        rs_play_stable(&key, &w, &tree[node], head)
                    node >>= 1
        return out - at
    finally:
        free(thr)
        free(end)
        free(neg)
        free(pos)
        free(tree)
        free(winner)
        free(head)
        free(upcoming)


def summary_merge_many_into(out_t, out_n, out_p, Py_ssize_t at, list thresholds,
                            list negatives, list positives, starts, stops):
    """Merge the ranges [starts[r], stops[r]) of k summaries (the lists, one dtype each,
    C-contiguous) into out_*[at:] with a tournament (loser) tree of the runs' next
    thresholds, O(D log k) for D thresholds in all (on CPUs with AVX-512F, large merges of
    9 to 128 runs: three vector tournaments side by side, merge_simd.h); returns the number
    written. Equal thresholds are added in run order. The GIL is released: two calls on
    disjoint ranges of thresholds and of out_* run side by side. starts and stops: int64,
    C-contiguous."""
    cdef Array a[6]  # out_t, out_n, out_p, a run, starts, stops
    cdef const int64_t* first
    cdef const int64_t* last
    cdef Py_ssize_t k = len(thresholds), r, q
    cdef void** runs = <void**>malloc((3 * k + 1) * sizeof(void*))
    cdef list columns = [thresholds, negatives, positives]
    no_buffers(a, 6)
    try:
        typed(&a[4], starts, INT64, 1, CONTIGUOUS)
        typed(&a[5], stops, INT64, 1, CONTIGUOUS)
        first, last = <int64_t*>a[4].data, <int64_t*>a[5].data
        if runs == NULL:
            raise MemoryError()
        _out(&a[0], out_t, "out_t")
        _out(&a[1], out_n, "out_n")
        _out(&a[2], out_p, "out_p")
        check_score_kind(&a[0], "out_t")
        _same_kind(&a[1], &a[2], "out_n and out_p")
        if a[1].kind != INT64 and a[1].kind != FLOAT64:
            raise TypeError("out_n and out_p must be int64 or float64")
        if (len(negatives) != k or len(positives) != k or a[4].n < k
                or a[5].n < k):
            raise ValueError("summary_merge_many_into needs one range of each run")
        for q in range(3):  # the arrays outlive these pointers: the caller holds them
            for r in range(k):
                read(&a[3], columns[q][r])
                if a[3].kind != a[0 if q == 0 else 1].kind or (a[3].n > 1 and a[3].step != 1):
                    raise TypeError("summary_merge_many_into merges C-contiguous runs of the "
                                    "outputs' dtypes")
                runs[q * k + r] = <void*>a[3].data
                release(&a[3])
        if k == 0:
            return 0
        if a[0].kind == FLOAT64 and a[1].kind == INT64:
            return _merge_many(<double*>a[0].data, <int64_t*>a[1].data, <int64_t*>a[2].data,
                               at, k, runs, first, last)
        if a[0].kind == FLOAT64:
            return _merge_many(<double*>a[0].data, <double*>a[1].data, <double*>a[2].data,
                               at, k, runs, first, last)
        if a[1].kind == INT64:
            return _merge_many(<float*>a[0].data, <int64_t*>a[1].data, <int64_t*>a[2].data,
                               at, k, runs, first, last)
        return _merge_many(<float*>a[0].data, <double*>a[1].data, <double*>a[2].data,
                           at, k, runs, first, last)
    finally:
        free(runs)
        release_each(a, 6)


cdef Py_ssize_t _merge_many_simd(score_t* out_t, count_t* out_n,
                                 count_t* out_p, Py_ssize_t k,
                                 const score_t** thr, const score_t** end,
                                 const count_t** neg,
                                 const count_t** pos) except -1:
    # summary_merge_many_into's runs (thr[r] to end[r]) merged by rs_simd_merge_*
    cdef Py_ssize_t* length = <Py_ssize_t*>malloc(k * sizeof(Py_ssize_t))
    cdef Py_ssize_t r, n
    cdef int float_counts = count_t is double
    if length == NULL:
        raise MemoryError()
    try:
        with nogil:
            for r in range(k):
                length[r] = end[r] - thr[r]
            if score_t is double:
                n = rs_simd_merge_d(out_t, <uint64_t*>out_n, <uint64_t*>out_p, k, thr,
                                    <const uint64_t**>neg, <const uint64_t**>pos, length,
                                    float_counts)
            else:
                n = rs_simd_merge_f(out_t, <uint64_t*>out_n, <uint64_t*>out_p, k, thr,
                                    <const uint64_t**>neg, <const uint64_t**>pos, length,
                                    float_counts)
    finally:
        free(length)
    if n < 0:
        raise MemoryError()
    return n


cdef inline score_t _lowest_head(const score_t* thr, Py_ssize_t i, const score_t* neg,
                                 Py_ssize_t a, Py_ssize_t n_neg, const score_t* pos,
                                 Py_ssize_t b, Py_ssize_t n_pos) noexcept nogil:
    # the lowest score not yet merged: thr[i] (descending, -1 when done) and the ascending
    # class parts from neg[a] and pos[b]
    cdef score_t t = thr[i] if i >= 0 else <score_t>INFINITY
    if a < n_neg and neg[a] < t:
        t = neg[a]
    if b < n_pos and pos[b] < t:
        t = pos[b]
    return t


cdef inline score_t _head_up(const score_t* x, Py_ssize_t a,
                                   Py_ssize_t n) noexcept nogil:
    # x[a], or +inf past the end; the load is unconditional (x[0] when done; x points to
    # one +inf when n is 0) so the choice compiles to a conditional move
    cdef score_t v = x[a if a < n else 0]
    return v if a < n else <score_t>INFINITY


cdef inline bint _merge_up_step(
        score_t* thr, int64_t* negatives, int64_t* positives, Py_ssize_t* i,
        Py_ssize_t* k, const score_t* neg, Py_ssize_t* a, Py_ssize_t n_neg,
        const score_t* pos, Py_ssize_t* b, Py_ssize_t n_pos, score_t* last,
        bint write) noexcept nogil:
    # One step of the merge of the summary (thr, negatives, positives)[:i + 1]
    # (descending) with the ascending class parts neg[a:], pos[b:], from the lowest score
    # up: the output slot k moves down only when the score changes (the parts hold ties),
    # so every step is branch-free (one element of each part at most, and the summary's
    # next threshold when it is the lowest); ``write``: the merged entry stored at slot k
    # (else only k moves, counting the distinct scores). The state is passed by pointer
    # so that two merges can take turns in one loop. False when the merge was done.
    cdef score_t x, y, z, t
    cdef bint in_m, in_neg, in_pos, same
    cdef int64_t n, p
    cdef Py_ssize_t slot, m = i[0] if i[0] >= 0 else 0
    if i[0] < 0 and a[0] >= n_neg and b[0] >= n_pos:
        return False
    x = thr[m]
    x = x if i[0] >= 0 else <score_t>INFINITY
    y = _head_up(neg, a[0], n_neg)
    z = _head_up(pos, b[0], n_pos)
    t = y if y < z else z
    t = x if x < t else t
    in_m, in_neg, in_pos, same = x == t, y == t, z == t, t == last[0]
    if write:
        # masks, as _merge_down: the slot's count so far, the summary's, this step's
        slot = k[0] + same
        n = (negatives[slot] & -<int64_t>same) + (negatives[m] & -<int64_t>in_m) + in_neg
        p = (positives[slot] & -<int64_t>same) + (positives[m] & -<int64_t>in_m) + in_pos
        thr[slot], negatives[slot], positives[slot] = _no_minus_zero(t), n, p
    k[0] -= not same
    last[0] = t
    i[0] -= in_m
    a[0] += in_neg
    b[0] += in_pos
    return True


cdef Py_ssize_t _merge_sorted_up(
        score_t* thr, int64_t* negatives, int64_t* positives,
        Py_ssize_t d, Py_ssize_t k, const score_t* neg, Py_ssize_t n_neg,
        const score_t* pos, Py_ssize_t n_pos, bint write) noexcept nogil:
    # The summary (thr, negatives, positives)[:d] merged with the ascending class parts
    # (_merge_up_step to the end). Returns the number of distinct scores; ``write``:
    # stores them at slots k, k-1, ...
    cdef Py_ssize_t i = d - 1, a = 0, b = 0, slot = k
    cdef score_t last = <score_t>NAN
    while _merge_up_step(thr, negatives, positives, &i, &slot, neg, &a, n_neg, pos, &b,
                         n_pos, &last, write):
        pass
    return k - slot


cdef Py_ssize_t _merge_sorted_size(const score_t* thr, Py_ssize_t d, const score_t* neg,
                                   Py_ssize_t n_neg, const score_t* pos,
                                   Py_ssize_t n_pos) noexcept nogil:
    cdef score_t inf = <score_t>INFINITY
    cdef int64_t dummy = 0
    return _merge_sorted_up(<score_t*>(thr if thr != NULL else &inf), &dummy, &dummy, d, 0,
                            neg if neg != NULL else &inf, n_neg,
                            pos if pos != NULL else &inf, n_pos, False)


def summary_merge_sorted_size(thr, Py_ssize_t d, neg, pos):
    """The length of summary (thr[:d]) merged with each class's ascending scores: the
    number of distinct values among them (what summary_merge_sorted_into needs)."""
    cdef Array a[3]
    cdef Py_ssize_t size
    no_buffers(a, 3)
    try:
        _scores(&a[0], thr, "thr")
        _scores(&a[1], neg, "neg")
        _scores(&a[2], pos, "pos")
        _same_kind(&a[0], &a[1], "thr and neg")
        _same_kind(&a[0], &a[2], "thr and pos")
        _within(d, a[0].n, "d")
        with nogil:
            if a[0].kind == FLOAT64:
                size = _merge_sorted_size(<double*>_data(&a[0]), d, <double*>_data(&a[1]),
                                          a[1].n, <double*>_data(&a[2]), a[2].n)
            else:
                size = _merge_sorted_size(<float*>_data(&a[0]), d, <float*>_data(&a[1]),
                                          a[1].n, <float*>_data(&a[2]), a[2].n)
    finally:
        release_each(a, 3)
    return size


cdef Py_ssize_t _merge_sorted_into(score_t* thr, count_t* negatives, count_t* positives,
                                   Py_ssize_t length, Py_ssize_t d, const score_t* neg,
                                   const double* neg_weight, Py_ssize_t n_neg,
                                   const score_t* pos, const double* pos_weight,
                                   Py_ssize_t n_pos) noexcept nogil:
    # summary_merge_sorted_into over raw pointers (arrays of this length > 0; neg_weight
    # NULL: counts)
    cdef score_t inf = <score_t>INFINITY
    cdef Py_ssize_t k = length - 1, i = d - 1, a = 0, b = 0, a0, b0, m, size = 0
    cdef bint weighted = neg_weight != NULL
    cdef score_t t
    cdef count_t n, p
    cdef double fw, tw
    if count_t is int64_t:  # integer counts: any order of addition gives them
        size = _merge_sorted_up(thr, negatives, positives, d, k,
                                neg if n_neg else &inf, n_neg,
                                pos if n_pos else &inf, n_pos, True)
    else:  # weight sums: each tie's weights summed from its highest index down, then
        while i >= 0 or a < n_neg or b < n_pos:  # added to the summary's
            t = _lowest_head(thr, i, neg, a, n_neg, pos, b, n_pos)  # (from_sorted + merge)
            a0, b0 = a, b
            while a < n_neg and neg[a] == t:
                a += 1
            while b < n_pos and pos[b] == t:
                b += 1
            fw, tw = a - a0, b - b0
            if weighted:
                fw = tw = 0.0
                for m in range(a - 1, a0 - 1, -1):
                    fw += neg_weight[m]
                for m in range(b - 1, b0 - 1, -1):
                    tw += pos_weight[m]
            n, p = fw, tw
            if i >= 0 and thr[i] == t:
                n, p = negatives[i] + n, positives[i] + p
                i -= 1
            thr[k - size], negatives[k - size], positives[k - size] = (
                _no_minus_zero(t), n, p)
            size += 1
    if size < length:  # room was left: the merged entries to the front
        memmove(thr, thr + length - size, size * sizeof(score_t))
        memmove(negatives, negatives + length - size, size * sizeof(count_t))
        memmove(positives, positives + length - size, size * sizeof(count_t))
    return size


def summary_merge_sorted_into(thr, negatives, positives, Py_ssize_t d, neg, neg_weight, pos,
                              pos_weight):
    """Merge each class's ascending scores (weights None: counts) into summary
    (thr, negatives, positives)[:d] in place; returns the merged length. The arrays have
    room for it (at least summary_merge_sorted_size): written from the lowest score up
    into the end, never overtaking the summary's unread entries, then moved to the front
    if room is left. The same values as summary_merge_many_into of the summary and
    summary_from_sorted of the parts (a threshold in both: summary + part)."""
    cdef Array a[7]
    cdef Py_ssize_t size = 0, n
    no_buffers(a, 7)
    try:
        _out(&a[0], thr, "thr")
        _out(&a[1], negatives, "negatives")
        _out(&a[2], positives, "positives")
        check_score_kind(&a[0], "thr")
        _same_kind(&a[1], &a[2], "negatives and positives")
        if a[1].kind != INT64 and a[1].kind != FLOAT64:
            raise TypeError("negatives and positives must be int64 or float64")
        _scores(&a[3], neg, "neg")
        _scores(&a[4], pos, "pos")
        _same_kind(&a[0], &a[3], "thr and neg")
        _same_kind(&a[0], &a[4], "thr and pos")
        if neg_weight is not None:
            _weights(&a[5], neg_weight)
            _weights(&a[6], pos_weight)
            weights_of(&a[3], &a[5])
            weights_of(&a[4], &a[6])
        _summary_in(a, d)
        n = a[0].n
        if n == 0:
            return 0
        with nogil:
            if a[0].kind == FLOAT64 and a[1].kind == INT64:
                size = _merge_sorted_into(<double*>a[0].data, <int64_t*>a[1].data,
                                          <int64_t*>a[2].data, n, d, <double*>a[3].data,
                                          <double*>a[5].data, a[3].n, <double*>a[4].data,
                                          <double*>a[6].data, a[4].n)
            elif a[0].kind == FLOAT64:
                size = _merge_sorted_into(<double*>a[0].data, <double*>a[1].data,
                                          <double*>a[2].data, n, d, <double*>a[3].data,
                                          <double*>a[5].data, a[3].n, <double*>a[4].data,
                                          <double*>a[6].data, a[4].n)
            elif a[1].kind == INT64:
                size = _merge_sorted_into(<float*>a[0].data, <int64_t*>a[1].data,
                                          <int64_t*>a[2].data, n, d, <float*>a[3].data,
                                          <double*>a[5].data, a[3].n, <float*>a[4].data,
                                          <double*>a[6].data, a[4].n)
            else:
                size = _merge_sorted_into(<float*>a[0].data, <double*>a[1].data,
                                          <double*>a[2].data, n, d, <float*>a[3].data,
                                          <double*>a[5].data, a[3].n, <float*>a[4].data,
                                          <double*>a[6].data, a[4].n)
    finally:
        release_each(a, 7)
    return size


cdef inline void _to_front(score_t* thr, int64_t* negatives, int64_t* positives,
                           Py_ssize_t length, Py_ssize_t size) noexcept nogil:
    # the merged entries, written into the end of arrays of this length, to their front
    if size < length:
        memmove(thr, thr + length - size, size * sizeof(score_t))
        memmove(negatives, negatives + length - size, size * sizeof(int64_t))
        memmove(positives, positives + length - size, size * sizeof(int64_t))


cdef void _pair_into(score_t* t_a, int64_t* na, int64_t* pa, Py_ssize_t n_a, Py_ssize_t d_a,
                     const score_t* sn_a, Py_ssize_t nn_a, const score_t* sp_a,
                     Py_ssize_t np_a, score_t* t_b, int64_t* nb, int64_t* pb, Py_ssize_t n_b,
                     Py_ssize_t d_b, const score_t* sn_b, Py_ssize_t nn_b,
                     const score_t* sp_b, Py_ssize_t np_b, Py_ssize_t* sizes) noexcept nogil:
    # summary_merge_sorted_pair_into over raw pointers (NULL for an empty array)
    cdef score_t inf = <score_t>INFINITY, last_a = <score_t>NAN
    cdef score_t last_b = <score_t>NAN
    cdef Py_ssize_t i_a = d_a - 1, k_a = n_a - 1, a_a = 0, b_a = 0
    cdef Py_ssize_t i_b = d_b - 1, k_b = n_b - 1, a_b = 0, b_b = 0
    cdef int64_t dummy[4]
    cdef bint more_a = n_a > 0, more_b = n_b > 0
    t_a = t_a if n_a else &inf
    t_b = t_b if n_b else &inf
    if not n_a:
        na, pa = &dummy[0], &dummy[1]
    if not n_b:
        nb, pb = &dummy[2], &dummy[3]
    sn_a = sn_a if nn_a else &inf
    sp_a = sp_a if np_a else &inf
    sn_b = sn_b if nn_b else &inf
    sp_b = sp_b if np_b else &inf
    while more_a and more_b:
        more_a = _merge_up_step(t_a, na, pa, &i_a, &k_a, sn_a, &a_a, nn_a, sp_a, &b_a,
                                np_a, &last_a, True)
        more_b = _merge_up_step(t_b, nb, pb, &i_b, &k_b, sn_b, &a_b, nn_b, sp_b, &b_b,
                                np_b, &last_b, True)
    while more_a:
        more_a = _merge_up_step(t_a, na, pa, &i_a, &k_a, sn_a, &a_a, nn_a, sp_a, &b_a,
                                np_a, &last_a, True)
    while more_b:
        more_b = _merge_up_step(t_b, nb, pb, &i_b, &k_b, sn_b, &a_b, nn_b, sp_b, &b_b,
                                np_b, &last_b, True)
    if n_a:
        _to_front(t_a, na, pa, n_a, n_a - 1 - k_a)
    if n_b:
        _to_front(t_b, nb, pb, n_b, n_b - 1 - k_b)
    sizes[0], sizes[1] = n_a - 1 - k_a, n_b - 1 - k_b


def summary_merge_sorted_pair_into(
        thr_a, negatives_a, positives_a, Py_ssize_t d_a, neg_a, pos_a,
        thr_b, negatives_b, positives_b, Py_ssize_t d_b, neg_b, pos_b):
    """Two unweighted summary_merge_sorted_into merges (summary a with the class parts
    neg_a and pos_a, b with neg_b and pos_b; arrays of a and b not overlapping) taking
    turns in one loop: each merge's steps wait on their own loads and comparisons, so
    the CPU overlaps the two. Returns (merged length of a, of b): the same arrays as the
    two calls."""
    cdef Array a[10]
    cdef Py_ssize_t sizes[2]
    cdef int r
    no_buffers(a, 10)
    try:
        for r in range(2):
            _out(&a[5 * r], thr_a if r == 0 else thr_b, "thr")
            _out(&a[5 * r + 1], negatives_a if r == 0 else negatives_b, "negatives")
            _out(&a[5 * r + 2], positives_a if r == 0 else positives_b, "positives")
            _scores(&a[5 * r + 3], neg_a if r == 0 else neg_b, "neg")
            _scores(&a[5 * r + 4], pos_a if r == 0 else pos_b, "pos")
            check_score_kind(&a[5 * r], "thr")
            check_kind(&a[5 * r + 1], INT64, "negatives must be int64")
            check_kind(&a[5 * r + 2], INT64, "positives must be int64")
            _same_kind(&a[0], &a[5 * r], "the thresholds")
            _same_kind(&a[0], &a[5 * r + 3], "the thresholds and the parts")
            _same_kind(&a[0], &a[5 * r + 4], "the thresholds and the parts")
            _summary_in(&a[5 * r], d_a if r == 0 else d_b)
        with nogil:
            if a[0].kind == FLOAT64:
                _pair_into(<double*>_data(&a[0]), <int64_t*>_data(&a[1]),
                           <int64_t*>_data(&a[2]), a[0].n, d_a, <double*>_data(&a[3]), a[3].n,
                           <double*>_data(&a[4]), a[4].n, <double*>_data(&a[5]),
                           <int64_t*>_data(&a[6]), <int64_t*>_data(&a[7]), a[5].n, d_b,
                           <double*>_data(&a[8]), a[8].n, <double*>_data(&a[9]), a[9].n, sizes)
            else:
                _pair_into(<float*>_data(&a[0]), <int64_t*>_data(&a[1]),
                           <int64_t*>_data(&a[2]), a[0].n, d_a, <float*>_data(&a[3]), a[3].n,
                           <float*>_data(&a[4]), a[4].n, <float*>_data(&a[5]),
                           <int64_t*>_data(&a[6]), <int64_t*>_data(&a[7]), a[5].n, d_b,
                           <float*>_data(&a[8]), a[8].n, <float*>_data(&a[9]), a[9].n, sizes)
    finally:
        release_each(a, 10)
    return sizes[0], sizes[1]


cdef Py_ssize_t _corners(const double* fps, const double* tps, const score_t* thresholds,
                         Py_ssize_t d, double* f, double* t, score_t* thr) noexcept nogil:
    cdef Py_ssize_t i, k = 0
    for i in range(d):
        if (i == 0 or i == d - 1
                or (fps[i + 1] - fps[i]) - (fps[i] - fps[i - 1]) != 0
                or (tps[i + 1] - tps[i]) - (tps[i] - tps[i - 1]) != 0):
            f[k], t[k], thr[k] = fps[i], tps[i], thresholds[i]
            k += 1
    return k


def roc_corners(fps, tps, thresholds):
    """The sweep without the points collinear with their neighbours (scikit-learn's
    drop_intermediate): the first and last points and every point where
    (f2 - f1) - (f1 - f0) != 0 or (t2 - t1) - (t1 - t0) != 0."""
    cdef Array a[6]
    cdef Py_ssize_t k = 0, d
    no_buffers(a, 6)
    try:
        _floats(&a[0], fps, "fps")
        _floats(&a[1], tps, "tps")
        _scores(&a[2], thresholds, "thresholds")
        d = a[0].n
        if a[1].n != d or a[2].n != d:
            raise ValueError("roc_corners needs fps, tps and thresholds of one length")
        fps_arr, tps_arr = np.empty(d), np.empty(d)
        thr_arr = np.empty(d, dtype=_score_dtype(&a[2]))
        write(&a[3], fps_arr)
        write(&a[4], tps_arr)
        write(&a[5], thr_arr)
        with nogil:
            if a[2].kind == FLOAT64:
                k = _corners(<double*>a[0].data, <double*>a[1].data, <double*>a[2].data, d,
                             <double*>a[3].data, <double*>a[4].data, <double*>a[5].data)
            else:
                k = _corners(<double*>a[0].data, <double*>a[1].data, <float*>a[2].data, d,
                             <double*>a[3].data, <double*>a[4].data, <float*>a[5].data)
    finally:
        release_each(a, 6)
    _shrink((fps_arr, tps_arr, thr_arr), k)
    return fps_arr, tps_arr, thr_arr


# roc_points and pr_points merge the two parts with the class of the next score chosen
# without a branch (it comes unpredictably), and write every pending point, keeping it
# only by moving the output index on: nothing in the loop branches on the data but ties.

cdef Py_ssize_t _roc_points(const score_t* a, Py_ssize_t n_neg, const score_t* b,
                            Py_ssize_t n_pos, bint drop_intermediate, double* fpr,
                            double* tpr, double* thr) noexcept nogil:
    cdef Py_ssize_t i = n_neg - 1, j = n_pos - 1
    cdef Py_ssize_t k = 1, m, seen = 0, fp, tp, fp_prev = 0, tp_prev = 0, fp_cur = 0, tp_cur = 0
    cdef score_t x, y, t
    cdef double t_cur = 0
    cdef int take_neg, take_pos, keep
    while i >= 0 or j >= 0:
        x, y = a[i if i >= 0 else 0], b[j if j >= 0 else 0]
        take_neg = (i >= 0) & ((j < 0) | (x >= y))
        take_pos = (j >= 0) & ((i < 0) | (y >= x))
        t = x if take_neg else y  # the largest score not yet swept
        i -= take_neg
        j -= take_pos
        while i >= 0 and a[i] == t:
            i -= 1
        while j >= 0 and b[j] == t:
            j -= 1
        fp, tp = n_neg - 1 - i, n_pos - 1 - j
        # the pending point: the first is kept, the others where the step changes
        keep = (seen > 0) & ((seen == 1) | (not drop_intermediate)
                             | (fp - fp_cur != fp_cur - fp_prev)
                             | (tp - tp_cur != tp_cur - tp_prev))
        fpr[k], tpr[k], thr[k] = fp_cur, tp_cur, t_cur
        k += keep
        fp_prev, tp_prev, fp_cur, tp_cur, t_cur = fp_cur, tp_cur, fp, tp, t + 0
        seen += 1
    fpr[k], tpr[k], thr[k] = fp_cur, tp_cur, t_cur  # the last point
    k += 1
    fpr[0], tpr[0], thr[0] = 0.0, 0.0, INFINITY
    for m in range(1, k):  # the counts become rates
        fpr[m] = fpr[m] / n_neg
        tpr[m] = tpr[m] / n_pos
    return k


def roc_points(neg, pos, bint drop_intermediate):
    """roc_curve's (fpr, tpr, thresholds as float64) from each class's ascending scores (both
    non-empty) in one pass from the top score down: (0, 0, inf) first, then every distinct
    threshold t with fpr = #{neg >= t} / n_neg and tpr = #{pos >= t} / n_pos, or with
    drop_intermediate only the first, the last and the corners, where
    (f2 - f1) - (f1 - f0) != 0 or (t2 - t1) - (t1 - t0) != 0 (scikit-learn's rule; what
    roc_corners of summary_sweep gives, without the full-length arrays)."""
    cdef Array a[5]
    cdef Py_ssize_t k = 0, size
    no_buffers(a, 5)
    try:
        _scores(&a[0], neg, "neg")
        _scores(&a[1], pos, "pos")
        _same_kind(&a[0], &a[1], "neg and pos")
        size = a[0].n + a[1].n + 1
        fpr_arr, tpr_arr, thr_arr = np.empty(size), np.empty(size), np.empty(size)
        write(&a[2], fpr_arr)
        write(&a[3], tpr_arr)
        write(&a[4], thr_arr)
        with nogil:
            if a[0].kind == FLOAT64:
                k = _roc_points(<double*>a[0].data, a[0].n, <double*>a[1].data, a[1].n,
                                drop_intermediate, <double*>a[2].data, <double*>a[3].data,
                                <double*>a[4].data)
            else:
                k = _roc_points(<float*>a[0].data, a[0].n, <float*>a[1].data, a[1].n,
                                drop_intermediate, <double*>a[2].data, <double*>a[3].data,
                                <double*>a[4].data)
    finally:
        release_each(a, 5)
    _shrink((fpr_arr, tpr_arr, thr_arr), k)
    return fpr_arr, tpr_arr, thr_arr


cdef Py_ssize_t _pr_points(const score_t* a, Py_ssize_t n_neg, const score_t* b,
                           Py_ssize_t n_pos, Py_ssize_t i, Py_ssize_t j, Py_ssize_t neg_stop,
                           Py_ssize_t pos_stop, bint drop_intermediate, double* precision,
                           double* recall, score_t* thresholds, Py_ssize_t k) noexcept nogil:
    cdef Py_ssize_t seen = 0
    cdef Py_ssize_t fp, tp, tp_prev = 0, fp_cur = 0, tp_cur = 0
    cdef score_t x, y, t, t_cur = 0
    cdef double positives = n_pos
    cdef int take_neg, take_pos, keep
    while i < neg_stop or j < pos_stop:
        fp, tp = n_neg - i, n_pos - j  # scoring >= t
        x, y = a[i if i < neg_stop else 0], b[j if j < pos_stop else 0]
        take_neg = (i < neg_stop) & ((j == pos_stop) | (x <= y))
        take_pos = (j < pos_stop) & ((i == neg_stop) | (y <= x))
        t = x if take_neg else y  # the smallest score not yet swept
        i += take_neg
        j += take_pos
        while i < neg_stop and a[i] == t:
            i += 1
        while j < pos_stop and b[j] == t:
            j += 1
        # the pending point: the first is kept, the others where tp changes on a side
        keep = (seen > 0) & ((seen == 1) | (not drop_intermediate) | (tp != tp_cur)
                             | (tp_cur != tp_prev))
        precision[k] = <double>tp_cur / (<double>tp_cur + <double>fp_cur)
        recall[k], thresholds[k] = tp_cur / positives, t_cur
        k += keep
        tp_prev, fp_cur, tp_cur, t_cur = tp_cur, fp, tp, t + 0
        seen += 1
    precision[k] = <double>tp_cur / (<double>tp_cur + <double>fp_cur)  # the last point
    recall[k], thresholds[k] = tp_cur / positives, t_cur
    return k + 1


def pr_points_into(neg, pos, Py_ssize_t i, Py_ssize_t j, Py_ssize_t neg_stop,
                   Py_ssize_t pos_stop, bint drop_intermediate, precision, recall,
                   thresholds, Py_ssize_t k):
    """precision_recall_curve's points of the distinct thresholds in neg[i:neg_stop] and
    pos[j:pos_stop] (each class's scores ascending, both non-empty; no score in the ranges
    equals one outside them), ascending from index k of the outputs, in one pass: precision = tp / (tp + fp)
    and recall = tp / n_pos with tp = #{pos >= t}, fp = #{neg >= t} over the whole parts;
    with drop_intermediate only the first and last point of each run of equal tp. Returns
    the index after the last point written."""
    cdef Array a[5]
    if i == neg_stop and j == pos_stop:
        return k
    no_buffers(a, 5)
    try:
        _scores(&a[0], neg, "neg")
        _scores(&a[1], pos, "pos")
        _same_kind(&a[0], &a[1], "neg and pos")
        _out(&a[2], precision, "precision")
        _out(&a[3], recall, "recall")
        _out(&a[4], thresholds, "thresholds")
        check_kind(&a[2], FLOAT64, "precision must be float64")
        check_kind(&a[3], FLOAT64, "recall must be float64")
        _same_kind(&a[0], &a[4], "neg and thresholds")
        with nogil:
            if a[0].kind == FLOAT64:
                k = _pr_points(<double*>a[0].data, a[0].n, <double*>a[1].data, a[1].n, i, j,
                               neg_stop, pos_stop, drop_intermediate, <double*>a[2].data,
                               <double*>a[3].data, <double*>a[4].data, k)
            else:
                k = _pr_points(<float*>a[0].data, a[0].n, <float*>a[1].data, a[1].n, i, j,
                               neg_stop, pos_stop, drop_intermediate, <double*>a[2].data,
                               <double*>a[3].data, <float*>a[4].data, k)
    finally:
        release_each(a, 5)
    return k


def summary_sweep(neg, pos):
    """(fps, tps, thresholds): the running sums of the unweighted summary of each class's
    ascending scores, without building the summary (what ``summary_running`` of
    ``summary_from_sorted`` gives, in one pass: the curve functions' fast path)."""
    cdef Array a[5]
    cdef Py_ssize_t k = 0, size
    no_buffers(a, 5)
    try:
        _scores(&a[0], neg, "neg")
        _scores(&a[1], pos, "pos")
        _same_kind(&a[0], &a[1], "neg and pos")
        size = a[0].n + a[1].n
        fps_arr, tps_arr = np.empty(size), np.empty(size)
        thr_arr = np.empty(size, dtype=_score_dtype(&a[0]))
        write(&a[2], fps_arr)
        write(&a[3], tps_arr)
        write(&a[4], thr_arr)
        with nogil:
            if a[0].kind == FLOAT64:
                k = sweep_down(<double*>a[0].data, NULL, a[0].n, <double*>a[1].data, NULL,
                               a[1].n, <double*>a[4].data, <double*>a[2].data,
                               <double*>a[3].data)
            else:
                k = sweep_down(<float*>a[0].data, NULL, a[0].n, <float*>a[1].data, NULL,
                               a[1].n, <float*>a[4].data, <double*>a[2].data,
                               <double*>a[3].data)
    finally:
        release_each(a, 5)
    _shrink((fps_arr, tps_arr, thr_arr), k)
    return fps_arr, tps_arr, thr_arr


# What summary_check finds, in the order it reports them (the first kind found wins)
DEF CHECK_OK = 0
DEF CHECK_THRESHOLD_NOT_FINITE = 1
DEF CHECK_NOT_DECREASING = 2
DEF CHECK_MINUS_ZERO = 3
DEF CHECK_BAD_NEGATIVES = 4
DEF CHECK_BAD_POSITIVES = 5
DEF CHECK_EMPTY_THRESHOLD = 6
DEF CHECK_TOTAL = 7
DEF CHECK_KINDS = 8


cdef struct _CheckState:
    Py_ssize_t first[CHECK_KINDS]  # the first entry of each kind of problem (-1: none)
    int64_t limit, total, n_neg, n_pos  # counts: the running totals
    double s_neg, s_pos  # weight sums: the running sums, from index 0 up


cdef inline bint _bad_count(count_t x) noexcept nogil:
    # a count below 0, or a weight sum below 0, NaN or infinite
    if count_t is int64_t:
        return x < 0
    else:
        return not (x >= 0 and x <= DBL_MAX)


cdef inline void _check_entries(const score_t* t, const count_t* a,
                                const count_t* b, Py_ssize_t i0, Py_ssize_t i1,
                                _CheckState* st) noexcept nogil:
    # entries i0 <= i < i1 one at a time: the first entry of each kind of problem, the totals
    cdef Py_ssize_t i
    cdef int64_t room
    for i in range(i0, i1):
        if not isfinite(t[i]):
            if st.first[CHECK_THRESHOLD_NOT_FINITE] < 0:
                st.first[CHECK_THRESHOLD_NOT_FINITE] = i
        elif i and not (t[i] < t[i - 1]):
            if st.first[CHECK_NOT_DECREASING] < 0:
                st.first[CHECK_NOT_DECREASING] = i
        if t[i] == 0 and signbit(t[i]) and st.first[CHECK_MINUS_ZERO] < 0:
            st.first[CHECK_MINUS_ZERO] = i
        if _bad_count(a[i]) and st.first[CHECK_BAD_NEGATIVES] < 0:
            st.first[CHECK_BAD_NEGATIVES] = i
        if _bad_count(b[i]) and st.first[CHECK_BAD_POSITIVES] < 0:
            st.first[CHECK_BAD_POSITIVES] = i
        if a[i] == 0 and b[i] == 0 and st.first[CHECK_EMPTY_THRESHOLD] < 0:
            st.first[CHECK_EMPTY_THRESHOLD] = i
        if count_t is int64_t:
            # 0 <= total <= limit before each addition: room - a cannot wrap
            if a[i] >= 0 and b[i] >= 0 and st.first[CHECK_TOTAL] < 0:
                room = st.limit - st.total
                if a[i] > room or b[i] > room - a[i]:
                    st.first[CHECK_TOTAL] = i  # nothing more is added
                else:
                    st.n_neg += a[i]
                    st.n_pos += b[i]
                    st.total += a[i] + b[i]
        else:
            st.s_neg += a[i]
            st.s_pos += b[i]


cdef extern from *:
    """
    /* Entries [i0, i1) of a summary's arrays checked at once (i0 >= 1: each threshold
       against the one before), in integer steps without a branch on the data, which
       compilers vectorise: 1 when none is a problem. A float's bits u: infinite or NaN
       when its exponent bits are all ones ((u & exponent) + one exponent step carries into
       the sign bit); u ^ ((0 - sign) >> 1) orders the floats as signed integers; x < y of
       signed integers is the sign of x - y corrected for overflow. */
    #define RS_CHECK_BITS(W, UINT)                                                         \
    static inline UINT rs_zero##W(UINT x) { return ((x | (0 - x)) >> (W - 1)) ^ 1; }      \
    static inline UINT rs_below##W(UINT x, UINT y) {                                      \
        UINT d = x - y;                                                                    \
        return (d ^ ((x ^ y) & (d ^ x))) >> (W - 1);                                       \
    }                                                                                      \
    static inline UINT rs_key##W(UINT u) { return u ^ ((0 - (u >> (W - 1))) >> 1); }
    RS_CHECK_BITS(64, uint64_t)
    RS_CHECK_BITS(32, uint32_t)

    #define RS_THRESHOLDS_FINE(NAME, T, W, UINT, EXPONENT, STEP)                           \
    static int NAME(const T* t, Py_ssize_t i0, Py_ssize_t i1) {                            \
        UINT bad = 0, u, v;                                                                \
        for (Py_ssize_t i = i0; i < i1; i++) {                                             \
            memcpy(&u, t + i, sizeof u);                                                   \
            memcpy(&v, t + i - 1, sizeof v);                                               \
            bad |= ((u & (EXPONENT)) + (STEP)) >> (W - 1);         /* not finite */        \
            bad |= rs_zero##W(u ^ ((UINT)1 << (W - 1)));           /* -0.0 */              \
            bad |= rs_below##W(rs_key##W(u), rs_key##W(v)) ^ 1;    /* not below */         \
        }                                                                                  \
        return bad == 0;                                                                   \
    }
    RS_THRESHOLDS_FINE(rs_thresholds_fine_d, double, 64, uint64_t,
                       0x7FF0000000000000ull, (uint64_t)1 << 52)
    RS_THRESHOLDS_FINE(rs_thresholds_fine_f, float, 32, uint32_t, 0x7F800000u, 1u << 23)

    /* counts: none negative, none 2**62 or more (so that the block's sums, added in
       32-bit halves into sums[0:4], cannot wrap), not both 0 */
    static int rs_counts_fine_i(const int64_t* a, const int64_t* b, Py_ssize_t i0,
                                Py_ssize_t i1, uint64_t* sums) {
        uint64_t bad = 0, neg_hi = 0, neg_lo = 0, pos_hi = 0, pos_lo = 0;
        for (Py_ssize_t i = i0; i < i1; i++) {
            uint64_t x = (uint64_t)a[i], y = (uint64_t)b[i];
            bad |= ((x | y) >> 62) | rs_zero64(x | y);
            neg_hi += x >> 32;
            neg_lo += x & 0xFFFFFFFFu;
            pos_hi += y >> 32;
            pos_lo += y & 0xFFFFFFFFu;
        }
        sums[0] = neg_hi; sums[1] = neg_lo; sums[2] = pos_hi; sums[3] = pos_lo;
        return bad == 0;
    }

    /* weight sums: finite, sign bit clear (-0.0 too: read one at a time), not both 0 */
    static int rs_counts_fine_d(const double* a, const double* b, Py_ssize_t i0,
                                Py_ssize_t i1) {
        uint64_t bad = 0, u, v;
        const uint64_t exponent = 0x7FF0000000000000ull, step = (uint64_t)1 << 52;
        for (Py_ssize_t i = i0; i < i1; i++) {
            memcpy(&u, a + i, 8);
            memcpy(&v, b + i, 8);
            bad |= ((u | v) >> 63) | (((u & exponent) + step) >> 63) |
                   (((v & exponent) + step) >> 63) | rs_zero64(u | v);
        }
        return bad == 0;
    }
    """
    int rs_thresholds_fine_d(const double* t, Py_ssize_t i0, Py_ssize_t i1) noexcept nogil
    int rs_thresholds_fine_f(const float* t, Py_ssize_t i0, Py_ssize_t i1) noexcept nogil
    int rs_counts_fine_i(const int64_t* a, const int64_t* b, Py_ssize_t i0, Py_ssize_t i1,
                         uint64_t* sums) noexcept nogil
    int rs_counts_fine_d(const double* a, const double* b, Py_ssize_t i0,
                         Py_ssize_t i1) noexcept nogil


cdef inline bint _block_fine(const score_t* t, const count_t* a,
                             const count_t* b, Py_ssize_t i0, Py_ssize_t i1,
                             _CheckState* st) noexcept nogil:
    # entries i0 <= i < i1 (i0 > 0) at once: True, with the block's counts added to the
    # totals, when none of them is a problem; False (nothing added) when _check_entries
    # must find which
    cdef Py_ssize_t i
    cdef uint64_t sums[4]
    cdef uint64_t room, neg, pos
    cdef double s_neg = st.s_neg, s_pos = st.s_pos
    if score_t is double:
        if not rs_thresholds_fine_d(t, i0, i1):
            return False
    else:
        if not rs_thresholds_fine_f(t, i0, i1):
            return False
    if count_t is int64_t:
        if not rs_counts_fine_i(a, b, i0, i1, sums):
            return False
        room = <uint64_t>(st.limit - st.total)
        if sums[0] + sums[2] > room >> 32:  # (each high half below 2**43)
            return False
        neg, pos = (sums[0] << 32) + sums[1], (sums[2] << 32) + sums[3]
        if neg > room or pos > room - neg:
            return False
        st.n_neg += neg
        st.n_pos += pos
        st.total += neg + pos
    else:
        if not rs_counts_fine_d(a, b, i0, i1):
            return False
        for i in range(i0, i1):  # (in order: the sweep's running sums, bit for bit)
            s_neg += a[i]
            s_pos += b[i]
        st.s_neg, st.s_pos = s_neg, s_pos
    return True


# entries checked at once by _block_fine
DEF CHECK_BLOCK = 2048


cdef tuple _check(const score_t* t, const count_t* a, const count_t* b, Py_ssize_t d,
                  int64_t limit):
    # summary_check over raw pointers (NULL when d is 0)
    cdef Py_ssize_t i, kind
    cdef _CheckState st
    memset(&st, 0, sizeof(_CheckState))
    st.limit = limit
    for kind in range(CHECK_KINDS):
        st.first[kind] = -1
    with nogil:
        if d:
            _check_entries(t, a, b, 0, 1, &st)
        i = 1
        while i < d:
            if st.first[CHECK_TOTAL] >= 0 or not _block_fine(t, a, b, i,
                                                             min(i + CHECK_BLOCK, d), &st):
                _check_entries(t, a, b, i, min(i + CHECK_BLOCK, d), &st)
            i += CHECK_BLOCK
        if count_t is double:
            if not isfinite(st.s_neg + st.s_pos):
                st.first[CHECK_TOTAL] = d - 1
    for kind in range(1, CHECK_KINDS):
        if st.first[kind] >= 0:
            return kind, st.first[kind], 0, 0
    if count_t is int64_t:
        return CHECK_OK, -1, st.n_neg, st.n_pos
    else:
        return CHECK_OK, -1, st.s_neg, st.s_pos


def summary_check(thresholds, negatives, positives, int64_t limit):
    """Check a summary's arrays (one length d) in one pass: (kind, index, negatives total,
    positives total). kind 0: fine; otherwise the first of: 1 a threshold not finite,
    2 thresholds not strictly decreasing (index: the first not below the one before),
    3 a threshold -0.0, 4/5 a negatives/positives entry below 0 (or not finite), 6 a
    threshold holding no sample, 7 the totals: counts adding up to more than ``limit``
    (index: where the running total of both classes passes it; added without wrapping)
    or weight sums whose grand total is not finite (index d - 1); index of the first
    entry of that kind. Totals: int counts, or float64 sums added from index 0 up (the
    bits of summary_running's last entries). Blocks of entries are read at once; a block
    with a problem in it is read again one entry at a time."""
    cdef Array a[3]
    cdef Py_ssize_t d
    no_buffers(a, 3)
    try:
        _scores(&a[0], thresholds, "thresholds")
        _counts(&a[1], negatives, "negatives")
        _counts(&a[2], positives, "positives")
        _same_kind(&a[1], &a[2], "negatives and positives")
        d = a[0].n
        if a[1].n != d or a[2].n != d:
            raise ValueError("summary_check needs arrays of one length")
        if a[0].kind == FLOAT64 and a[1].kind == INT64:
            return _check(<double*>_data(&a[0]), <int64_t*>_data(&a[1]),
                          <int64_t*>_data(&a[2]), d, limit)
        if a[0].kind == FLOAT64:
            return _check(<double*>_data(&a[0]), <double*>_data(&a[1]),
                          <double*>_data(&a[2]), d, limit)
        if a[1].kind == INT64:
            return _check(<float*>_data(&a[0]), <int64_t*>_data(&a[1]),
                          <int64_t*>_data(&a[2]), d, limit)
        return _check(<float*>_data(&a[0]), <double*>_data(&a[1]), <double*>_data(&a[2]), d,
                      limit)
    finally:
        release_each(a, 3)
