# Kernels of the score summary (rankscore/summary.py); mirrored by
# rankscore/_fallback/summary.py.
#
# A summary is three arrays of one length d: the distinct scores in descending order
# (``thresholds``, float32 or float64) and the negatives and positives scoring exactly
# each one (``negatives``/``positives``: int64 counts, or float64 weight sums). A weight sum
# adds its samples' weights one by one from 0.0, from the highest index of the sorted part
# down (the order the sweep kernels use), so both backends give the same bits.

from libc.math cimport INFINITY
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memmove

ctypedef fused summary_count_t:
    int64_t
    double


cdef inline sweep_score_t _no_minus_zero(sweep_score_t t) noexcept nogil:
    return t + 0  # -0.0 + 0 is +0.0: -0.0 and 0.0 are one threshold, stored as 0.0


def summary_from_sorted(const sweep_score_t[:] neg, const double[:] neg_weight,
                        const sweep_score_t[:] pos, const double[:] pos_weight):
    """(thresholds descending, negatives per threshold, positives per threshold) from each
    class's scores sorted ascending: int64 counts when the weights are None, else float64
    sums of the weights (in the same order as the scores)."""
    cdef bint weighted = neg_weight is not None
    cdef Py_ssize_t k = 0, i = neg.shape[0] - 1, j = pos.shape[0] - 1, size
    cdef sweep_score_t t
    cdef double fw, tw
    size = neg.shape[0] + pos.shape[0]
    thr_arr = np.empty(size, dtype=np.float32 if sweep_score_t is float else np.float64)
    count_dtype = np.float64 if weighted else np.int64
    neg_arr, pos_arr = np.empty(size, dtype=count_dtype), np.empty(size, dtype=count_dtype)
    cdef sweep_score_t[:] thr = thr_arr
    cdef int64_t[:] neg_n = None if weighted else neg_arr
    cdef int64_t[:] pos_n = None if weighted else pos_arr
    cdef double[:] neg_s = neg_arr if weighted else None
    cdef double[:] pos_s = pos_arr if weighted else None
    cdef Py_ssize_t i0, j0
    with nogil:
        while i >= 0 or j >= 0:  # from the top score down
            t = _next_down(neg, pos, i, j)
            i0, j0 = i, j
            fw = tw = 0.0
            while i >= 0 and neg[i] == t:
                if weighted:
                    fw += neg_weight[i]
                i -= 1
            while j >= 0 and pos[j] == t:
                if weighted:
                    tw += pos_weight[j]
                j -= 1
            thr[k] = _no_minus_zero(t)
            if weighted:
                neg_s[k], pos_s[k] = fw, tw
            else:
                neg_n[k], pos_n[k] = i0 - i, j0 - j
            k += 1
    thr = neg_n = pos_n = neg_s = pos_s = None  # release the buffers: the arrays shrink
    for arr in (thr_arr, neg_arr, pos_arr):
        arr.resize((k,), refcheck=False)
    return thr_arr, neg_arr, pos_arr


cdef inline Py_ssize_t _merge_down(
        const sweep_score_t* thr_a, const summary_count_t* neg_a, const summary_count_t* pos_a,
        Py_ssize_t da, const sweep_score_t* thr_b, const summary_count_t* neg_b,
        const summary_count_t* pos_b, Py_ssize_t db, sweep_score_t* thr,
        summary_count_t* neg, summary_count_t* pos) noexcept nogil:
    # Two runs (thresholds descending) merged into thr/neg/pos; returns the length.
    # Branch-free steps: the next threshold is the larger head (a max), each run moves on
    # when its head was taken (a comparison used as 0/1), and every load is unconditional
    # so the choices compile to conditional moves. Random interleaving would mispredict a
    # branch at nearly every step.
    cdef Py_ssize_t i = 0, j = 0, k = 0
    cdef sweep_score_t ta, tb
    cdef summary_count_t na, pa, nb, pb
    cdef bint take_a, take_b
    while i < da and j < db:
        ta, tb = thr_a[i], thr_b[j]
        na, pa, nb, pb = neg_a[i], pos_a[i], neg_b[j], pos_b[j]
        take_a, take_b = ta >= tb, tb >= ta
        thr[k] = ta if ta > tb else tb
        if summary_count_t is int64_t:  # masks: gcc turns the selects below into jumps
            neg[k] = (na & -<int64_t>take_a) + (nb & -<int64_t>take_b)
            pos[k] = (pa & -<int64_t>take_a) + (pb & -<int64_t>take_b)
        else:
            neg[k] = (na if take_a else 0) + (nb if take_b else 0)
            pos[k] = (pa if take_a else 0) + (pb if take_b else 0)
        i += take_a
        j += take_b
        k += 1
    memcpy(thr + k, thr_a + i, (da - i) * sizeof(sweep_score_t))
    memcpy(neg + k, neg_a + i, (da - i) * sizeof(summary_count_t))
    memcpy(pos + k, pos_a + i, (da - i) * sizeof(summary_count_t))
    k += da - i
    memcpy(thr + k, thr_b + j, (db - j) * sizeof(sweep_score_t))
    memcpy(neg + k, neg_b + j, (db - j) * sizeof(summary_count_t))
    memcpy(pos + k, pos_b + j, (db - j) * sizeof(summary_count_t))
    return k + db - j


def summary_merge(const sweep_score_t[::1] thr_a, const summary_count_t[::1] neg_a,
                  const summary_count_t[::1] pos_a, const sweep_score_t[::1] thr_b,
                  const summary_count_t[::1] neg_b, const summary_count_t[::1] pos_b):
    """Merge two summaries (thresholds descending) in one pass, O(d_a + d_b): a threshold in
    both gets the sum of both counts (a + b, so the merge is commutative bit for bit)."""
    cdef Py_ssize_t k, da = thr_a.shape[0], db = thr_b.shape[0]
    thr_arr = np.empty(da + db, dtype=np.float32 if sweep_score_t is float else np.float64)
    count_dtype = np.int64 if summary_count_t is int64_t else np.float64
    neg_arr, pos_arr = np.empty(da + db, dtype=count_dtype), np.empty(da + db, dtype=count_dtype)
    cdef sweep_score_t[::1] thr = thr_arr
    cdef summary_count_t[::1] neg = neg_arr, pos = pos_arr
    if da == 0 or db == 0:  # a copy of the other
        return (np.array(thr_b if da == 0 else thr_a), np.array(neg_b if da == 0 else neg_a),
                np.array(pos_b if da == 0 else pos_a))
    with nogil:
        k = _merge_down(&thr_a[0], &neg_a[0], &pos_a[0], da, &thr_b[0], &neg_b[0], &pos_b[0],
                        db, &thr[0], &neg[0], &pos[0])
    thr = None
    neg = pos = None
    for arr in (thr_arr, neg_arr, pos_arr):
        arr.resize((k,), refcheck=False)
    return thr_arr, neg_arr, pos_arr


def summary_scan_counts(const int64_t[:] neg, const int64_t[:] pos):
    """One read of an unweighted summary (thresholds descending) for the numbers of the
    report, exact where they are integers (128-bit pair counts and gaps, as ``auc_counts``
    and ``ks_counts``):

    (N, P, pairs, ks_gap, ks_index, ap_sum, pr_area) with N, P the class totals;
    pairs = Σ_t P(t) (2 N(< t) + N(t)) (AUC = pairs / (2 P N)); ks_gap = the largest
    |P N(<= t) - N P(<= t)| over t, first reached at ks_index counting from the lowest
    score (the smallest threshold); ap_sum = Σ_t P(t) prec(t) from the top (AP = ap_sum / P);
    pr_area = Σ_t (r(t) - r(t+)) (prec(t) + prec(t+)) / 2 from the top, starting at
    (recall 0, precision 1) (needs P > 0)."""
    cdef Py_ssize_t d = neg.shape[0], i
    cdef int64_t n_neg = 0, n_pos = 0, tp = 0, fp = 0
    cdef uint64_t c_neg = 0, c_pos = 0
    cdef rs_u128 pairs = rs_u128(0, 0), gap, best = rs_u128(0, 0)  # exact to 2**62 rows
    cdef Py_ssize_t best_i = 0
    cdef double ap = 0.0, area = 0.0, r, p, r_prev = 0.0, p_prev = 1.0
    with nogil:
        for i in range(d):
            n_neg += neg[i]
            n_pos += pos[i]
        for i in range(d):  # from the top score down
            tp += pos[i]
            fp += neg[i]
            p = <double>tp / <double>(tp + fp)
            ap += <double>pos[i] * p
            if n_pos > 0:
                r = <double>tp / <double>n_pos
                area += (r - r_prev) * (p + p_prev) / 2
                r_prev, p_prev = r, p
        for i in range(d - 1, -1, -1):  # from the lowest score up
            pairs = rs_add(pairs, rs_mul(<uint64_t>pos[i], 2 * c_neg + <uint64_t>neg[i]))
            c_neg += <uint64_t>neg[i]
            c_pos += <uint64_t>pos[i]
            gap = rs_gap(rs_mul(<uint64_t>n_pos, c_neg), rs_mul(<uint64_t>n_neg, c_pos))
            if rs_less(best, gap):  # the first maximum: the smallest threshold
                best, best_i = gap, d - 1 - i
    return int(n_neg), int(n_pos), _to_int(pairs), _to_int(best), best_i, ap, area


def summary_scan_weights(const double[:] neg, const double[:] pos):
    """As ``summary_scan_counts`` for weight sums: (W-, W+, auc_sum, ks_gap, ks_index,
    ap_sum, pr_area, W+ from the top) with W-, W+ summed from the lowest score up;
    auc_sum = Σ_t W+(t) (W-(< t) + W-(t) / 2) (AUC = auc_sum / (W+ W-)); ks_gap the largest
    |W+ C-(t) - W- C+(t)| (C: weight <= t); ap_sum = Σ_t (tp(t) - tp(t+)) prec(t) with tp
    the running sum from the top (AP = ap_sum / tp at the lowest score, the last value)."""
    cdef Py_ssize_t d = neg.shape[0], i, best_i = 0
    cdef double w_neg = 0.0, w_pos = 0.0, top_pos = 0.0, tp = 0.0, fp = 0.0, tp_before
    cdef double below = 0.0, c_pos = 0.0, auc = 0.0, gap, best = -1.0
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
            below += neg[i]
            c_pos += pos[i]
            gap = fabs(below * w_pos - c_pos * w_neg)
            if gap > best:
                best, best_i = gap, d - 1 - i
    return w_neg, w_pos, auc, best, best_i, ap, area, top_pos


def summary_running(const summary_count_t[:] neg, const summary_count_t[:] pos):
    """(fps, tps): running sums of the negatives / positives from the top score down, as
    float64 (the sweep every curve reads; exact for counts below 2**53)."""
    cdef Py_ssize_t d = neg.shape[0], i
    fps_arr, tps_arr = np.empty(d), np.empty(d)
    cdef double[::1] fps = fps_arr, tps = tps_arr
    cdef double fp = 0.0, tp = 0.0
    cdef int64_t fp_n = 0, tp_n = 0
    with nogil:
        for i in range(d):
            if summary_count_t is int64_t:
                fp_n += neg[i]
                tp_n += pos[i]
                fps[i], tps[i] = <double>fp_n, <double>tp_n
            else:
                fp += neg[i]
                tp += pos[i]
                fps[i], tps[i] = fp, tp
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


def objective_scan(const double[:] fps, const double[:] tps, int code, double a, double b,
                   double c, double e, double positives, double negatives, double near_best):
    """best_threshold's two reads of the sweep, objective ``code`` (0 max_recall, 1
    max_precision, 2 youden, 3 recall, 4 f_beta, 5 profit; a, b, c, e its parameters).
    With ``near_best`` NaN: (the largest value over feasible thresholds, -inf if none, -1);
    else: (the value, index) of the first feasible threshold whose value >= near_best."""
    cdef Py_ssize_t d = fps.shape[0], i, found = -1
    cdef double value, best = -INFINITY
    cdef bint first_pass = near_best != near_best
    with nogil:
        for i in range(d):
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


def summary_merge_into(sweep_score_t[::1] thr_a, summary_count_t[::1] neg_a,
                       summary_count_t[::1] pos_a, Py_ssize_t da,
                       const sweep_score_t[::1] thr_b, const summary_count_t[::1] neg_b,
                       const summary_count_t[::1] pos_b):
    """Merge summary b into summary a in place: a's arrays hold a's ``da`` thresholds
    followed by room for b's (length da + len(b)). Merged from the lowest score up into the
    end of the room (never overtaking a's unread entries), then moved to the front.
    Returns the merged length; the same values as ``summary_merge(a, b)``."""
    cdef Py_ssize_t i = da - 1, j = thr_b.shape[0] - 1, k = da + thr_b.shape[0] - 1, start
    cdef sweep_score_t ta, tb
    cdef summary_count_t na, pa, nb, pb
    cdef bint take_a, take_b
    cdef sweep_score_t* t = &thr_a[0] if thr_a.shape[0] else NULL
    cdef summary_count_t* n = &neg_a[0] if thr_a.shape[0] else NULL
    cdef summary_count_t* p = &pos_a[0] if thr_a.shape[0] else NULL
    with nogil:
        while i >= 0 and j >= 0:  # branch-free steps, as _merge_down (here from the bottom)
            ta, tb = t[i], thr_b[j]
            na, pa, nb, pb = n[i], p[i], neg_b[j], pos_b[j]
            take_a, take_b = ta <= tb, tb <= ta
            t[k] = ta if ta < tb else tb
            if summary_count_t is int64_t:  # masks: gcc turns the selects below into jumps
                n[k] = (na & -<int64_t>take_a) + (nb & -<int64_t>take_b)
                p[k] = (pa & -<int64_t>take_a) + (pb & -<int64_t>take_b)
            else:
                n[k] = (na if take_a else 0) + (nb if take_b else 0)
                p[k] = (pa if take_a else 0) + (pb if take_b else 0)
            i -= take_a
            j -= take_b
            k -= 1
        if j >= 0:  # a is used up: b's highest thresholds go in front
            memcpy(t + k - j, &thr_b[0], (j + 1) * sizeof(sweep_score_t))
            memcpy(n + k - j, &neg_b[0], (j + 1) * sizeof(summary_count_t))
            memcpy(p + k - j, &pos_b[0], (j + 1) * sizeof(summary_count_t))
            k -= j + 1
        # a's unread entries 0..i stay; what was written (k+1..) follows them once the gap
        # left by shared thresholds (k - i of them) is closed
        start = k - i
        if start > 0:
            memmove(t + i + 1, t + k + 1, (thr_a.shape[0] - k - 1) * sizeof(sweep_score_t))
            memmove(n + i + 1, n + k + 1, (thr_a.shape[0] - k - 1) * sizeof(summary_count_t))
            memmove(p + i + 1, p + k + 1, (thr_a.shape[0] - k - 1) * sizeof(summary_count_t))
    return thr_a.shape[0] - start


cdef inline bint _before(const double* head, Py_ssize_t r, Py_ssize_t s) noexcept nogil:
    # run r's next threshold comes first: higher score, or the same score and a lower run
    return head[r] > head[s] or (head[r] == head[s] and r < s)


cdef void _sift_down(Py_ssize_t* heap, Py_ssize_t n, Py_ssize_t at,
                     const double* head) noexcept nogil:
    cdef Py_ssize_t child, r = heap[at]
    while True:
        child = 2 * at + 1
        if child >= n:
            break
        if child + 1 < n and _before(head, heap[child + 1], heap[child]):
            child += 1
        if not _before(head, heap[child], r):
            break
        heap[at] = heap[child]
        at = child
    heap[at] = r


def summary_merge_many(const sweep_score_t[:] thr_0, const summary_count_t[:] neg_0,
                       list thresholds, list negatives, list positives):
    """Merge k summaries (the lists; thr_0 and neg_0 are the first run's arrays, naming
    the dtypes) in one pass with a heap of the runs' next thresholds: O(D log k) for D
    thresholds in all. Equal thresholds are added in run order."""
    cdef Py_ssize_t k = len(thresholds), r, total = 0, out = 0, i, n_heap
    cdef const sweep_score_t[::1] t_view
    cdef const summary_count_t[::1] c_view
    cdef const sweep_score_t** thr = <const sweep_score_t**>malloc(k * sizeof(void*))
    cdef const summary_count_t** neg = <const summary_count_t**>malloc(k * sizeof(void*))
    cdef const summary_count_t** pos = <const summary_count_t**>malloc(k * sizeof(void*))
    cdef Py_ssize_t* at = <Py_ssize_t*>malloc(k * sizeof(Py_ssize_t))
    cdef Py_ssize_t* size = <Py_ssize_t*>malloc(k * sizeof(Py_ssize_t))
    cdef Py_ssize_t* heap = <Py_ssize_t*>malloc(k * sizeof(Py_ssize_t))
    cdef double* head = <double*>malloc(k * sizeof(double))
    cdef sweep_score_t t
    cdef sweep_score_t[::1] out_t
    cdef summary_count_t[::1] out_n, out_p
    try:
        for r in range(k):  # the arrays outlive these pointers: the caller holds the lists
            t_view = thresholds[r]
            size[r] = t_view.shape[0]
            thr[r] = &t_view[0] if size[r] else NULL
            c_view = negatives[r]
            neg[r] = &c_view[0] if size[r] else NULL
            c_view = positives[r]
            pos[r] = &c_view[0] if size[r] else NULL
            total += size[r]
        thr_arr = np.empty(total, dtype=np.float32 if sweep_score_t is float else np.float64)
        count_dtype = np.int64 if summary_count_t is int64_t else np.float64
        neg_arr, pos_arr = np.empty(total, dtype=count_dtype), np.empty(total, dtype=count_dtype)
        out_t = thr_arr
        out_n = neg_arr
        out_p = pos_arr
        with nogil:
            n_heap = 0
            for r in range(k):
                at[r] = 0
                if size[r]:
                    head[r] = thr[r][0]
                    heap[n_heap] = r
                    n_heap += 1
            for i in range(n_heap // 2 - 1, -1, -1):
                _sift_down(heap, n_heap, i, head)
            while n_heap:
                r = heap[0]
                t = thr[r][at[r]]
                if out and out_t[out - 1] == t:  # the same threshold from a later run
                    out_n[out - 1] += neg[r][at[r]]
                    out_p[out - 1] += pos[r][at[r]]
                else:
                    out_t[out], out_n[out], out_p[out] = t, neg[r][at[r]], pos[r][at[r]]
                    out += 1
                at[r] += 1
                if at[r] == size[r]:
                    n_heap -= 1
                    heap[0] = heap[n_heap]
                else:
                    head[r] = thr[r][at[r]]
                _sift_down(heap, n_heap, 0, head)
        out_t = None
        out_n = out_p = None
        for arr in (thr_arr, neg_arr, pos_arr):
            arr.resize((out,), refcheck=False)
        return thr_arr, neg_arr, pos_arr
    finally:
        free(thr)
        free(neg)
        free(pos)
        free(at)
        free(size)
        free(heap)
        free(head)


def roc_corners(const double[:] fps, const double[:] tps, const sweep_score_t[:] thresholds):
    """The sweep without the points collinear with their neighbours (scikit-learn's
    drop_intermediate): the first and last points and every point where
    (f2 - f1) - (f1 - f0) != 0 or (t2 - t1) - (t1 - t0) != 0."""
    cdef Py_ssize_t d = fps.shape[0], i, k = 0
    fps_arr, tps_arr = np.empty(d), np.empty(d)
    thr_arr = np.empty(d, dtype=np.float32 if sweep_score_t is float else np.float64)
    cdef double[::1] f = fps_arr, t = tps_arr
    cdef sweep_score_t[::1] thr = thr_arr
    with nogil:
        for i in range(d):
            if (i == 0 or i == d - 1
                    or (fps[i + 1] - fps[i]) - (fps[i] - fps[i - 1]) != 0
                    or (tps[i + 1] - tps[i]) - (tps[i] - tps[i - 1]) != 0):
                f[k], t[k], thr[k] = fps[i], tps[i], thresholds[i]
                k += 1
    f = t = None
    thr = None
    for arr in (fps_arr, tps_arr, thr_arr):
        arr.resize((k,), refcheck=False)
    return fps_arr, tps_arr, thr_arr


# roc_points and pr_points merge the two parts with the class of the next score chosen
# without a branch (it comes unpredictably), and write every pending point, keeping it
# only by moving the output index on: nothing in the loop branches on the data but ties.

def roc_points(const sweep_score_t[::1] neg, const sweep_score_t[::1] pos,
               bint drop_intermediate):
    """roc_curve's (fpr, tpr, thresholds as float64) from each class's ascending scores (both
    non-empty) in one pass from the top score down: (0, 0, inf) first, then every distinct
    threshold t with fpr = #{neg >= t} / n_neg and tpr = #{pos >= t} / n_pos, or with
    drop_intermediate only the first, the last and the corners, where
    (f2 - f1) - (f1 - f0) != 0 or (t2 - t1) - (t1 - t0) != 0 (scikit-learn's rule; what
    roc_corners of summary_sweep gives, without the full-length arrays)."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], i = n_neg - 1, j = n_pos - 1
    cdef Py_ssize_t k = 1, m, seen = 0, fp, tp, fp_prev = 0, tp_prev = 0, fp_cur = 0, tp_cur = 0
    cdef const sweep_score_t* a = &neg[0]
    cdef const sweep_score_t* b = &pos[0]
    cdef sweep_score_t x, y, t
    cdef double t_cur = 0
    cdef int take_neg, take_pos, keep
    size = n_neg + n_pos + 1
    fpr_arr, tpr_arr, thr_arr = np.empty(size), np.empty(size), np.empty(size)
    cdef double[::1] fpr = fpr_arr, tpr = tpr_arr, thr = thr_arr
    with nogil:
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
    fpr = tpr = thr = None
    for arr in (fpr_arr, tpr_arr, thr_arr):
        arr.resize((k,), refcheck=False)
    return fpr_arr, tpr_arr, thr_arr


def pr_points_into(const sweep_score_t[::1] neg, const sweep_score_t[::1] pos, Py_ssize_t i,
                   Py_ssize_t j, Py_ssize_t neg_stop, Py_ssize_t pos_stop,
                   bint drop_intermediate, double[::1] precision, double[::1] recall,
                   sweep_score_t[::1] thresholds, Py_ssize_t k):
    """precision_recall_curve's points of the distinct thresholds in neg[i:neg_stop] and
    pos[j:pos_stop] (each class's scores ascending, both non-empty; no score in the ranges
    equals one outside them), ascending from index k of the outputs, in one pass: precision = tp / (tp + fp)
    and recall = tp / n_pos with tp = #{pos >= t}, fp = #{neg >= t} over the whole parts;
    with drop_intermediate only the first and last point of each run of equal tp. Returns
    the index after the last point written."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], seen = 0
    cdef Py_ssize_t fp, tp, tp_prev = 0, fp_cur = 0, tp_cur = 0
    cdef const sweep_score_t* a = &neg[0]
    cdef const sweep_score_t* b = &pos[0]
    cdef sweep_score_t x, y, t, t_cur = 0
    cdef double positives = n_pos
    cdef int take_neg, take_pos, keep
    if i == neg_stop and j == pos_stop:
        return k
    with nogil:
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


def summary_sweep(const sweep_score_t[:] neg, const sweep_score_t[:] pos):
    """(fps, tps, thresholds): the running sums of the unweighted summary of each class's
    ascending scores, without building the summary (what ``summary_running`` of
    ``summary_from_sorted`` gives, in one pass: the curve functions' fast path)."""
    cdef Py_ssize_t k = 0, i = neg.shape[0] - 1, j = pos.shape[0] - 1, size
    size = neg.shape[0] + pos.shape[0]
    fps_arr, tps_arr = np.empty(size), np.empty(size)
    thr_arr = np.empty(size, dtype=np.float32 if sweep_score_t is float else np.float64)
    cdef double[::1] fps = fps_arr, tps = tps_arr
    cdef sweep_score_t[::1] thr = thr_arr
    cdef sweep_score_t t
    with nogil:
        while i >= 0 or j >= 0:  # from the top score down
            t = _next_down(neg, pos, i, j)
            while i >= 0 and neg[i] == t:
                i -= 1
            while j >= 0 and pos[j] == t:
                j -= 1
            thr[k] = _no_minus_zero(t)
            fps[k] = neg.shape[0] - 1 - i
            tps[k] = pos.shape[0] - 1 - j
            k += 1
    fps = tps = None
    thr = None
    for arr in (fps_arr, tps_arr, thr_arr):
        arr.resize((k,), refcheck=False)
    return fps_arr, tps_arr, thr_arr
