# Kernels of the score summary (rankscore/summary.py); mirrored by
# rankscore/_fallback/summary.py.
#
# A summary is three arrays of one length d: the distinct scores in descending order
# (``thresholds``, float32 or float64) and the negatives and positives scoring exactly
# each one (``negatives``/``positives``: int64 counts, or float64 weight sums). A weight sum
# adds its samples' weights one by one from 0.0, from the highest index of the sorted part
# down (the order the sweep kernels use), so both backends give the same bits.

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


def summary_merge(const sweep_score_t[:] thr_a, const summary_count_t[:] neg_a,
                  const summary_count_t[:] pos_a, const sweep_score_t[:] thr_b,
                  const summary_count_t[:] neg_b, const summary_count_t[:] pos_b):
    """Merge two summaries (thresholds descending) in one pass, O(d_a + d_b): a threshold in
    both gets the sum of both counts (a + b, so the merge is commutative bit for bit)."""
    cdef Py_ssize_t i = 0, j = 0, k = 0, da = thr_a.shape[0], db = thr_b.shape[0]
    thr_arr = np.empty(da + db, dtype=np.float32 if sweep_score_t is float else np.float64)
    count_dtype = np.int64 if summary_count_t is int64_t else np.float64
    neg_arr, pos_arr = np.empty(da + db, dtype=count_dtype), np.empty(da + db, dtype=count_dtype)
    cdef sweep_score_t[:] thr = thr_arr
    cdef summary_count_t[:] neg = neg_arr, pos = pos_arr
    with nogil:
        while i < da and j < db:
            if thr_a[i] > thr_b[j]:
                thr[k], neg[k], pos[k] = thr_a[i], neg_a[i], pos_a[i]
                i += 1
            elif thr_b[j] > thr_a[i]:
                thr[k], neg[k], pos[k] = thr_b[j], neg_b[j], pos_b[j]
                j += 1
            else:
                thr[k], neg[k], pos[k] = thr_a[i], neg_a[i] + neg_b[j], pos_a[i] + pos_b[j]
                i += 1
                j += 1
            k += 1
        while i < da:
            thr[k], neg[k], pos[k] = thr_a[i], neg_a[i], pos_a[i]
            i += 1
            k += 1
        while j < db:
            thr[k], neg[k], pos[k] = thr_b[j], neg_b[j], pos_b[j]
            j += 1
            k += 1
    thr = None
    neg = pos = None
    for arr in (thr_arr, neg_arr, pos_arr):
        arr.resize((k,), refcheck=False)
    return thr_arr, neg_arr, pos_arr


cdef extern from *:
    # GCC/Clang 128-bit integers: exact pair counts and KS gaps past 2**64
    ctypedef unsigned long long summary_u128 "unsigned __int128"
    ctypedef long long summary_i128 "__int128"


cdef object _u128_int(summary_u128 x):
    return (int(<uint64_t>(x >> 64)) << 64) | int(<uint64_t>x)


def summary_scan_counts(const int64_t[:] neg, const int64_t[:] pos):
    """One read of an unweighted summary (thresholds descending) for the numbers of the
    report, exact where they are integers:

    (N, P, pairs, ks_gap, ks_index, ap_sum, pr_area) with N, P the class totals;
    pairs = Σ_t P(t) (2 N(< t) + N(t)) (AUC = pairs / (2 P N)); ks_gap = the largest
    |P N(<= t) - N P(<= t)| over t, first reached at ks_index counting from the lowest
    score (the smallest threshold); ap_sum = Σ_t P(t) prec(t) from the top (AP = ap_sum / P);
    pr_area = Σ_t (r(t) - r(t+)) (prec(t) + prec(t+)) / 2 from the top, starting at
    (recall 0, precision 1) (needs P > 0)."""
    cdef Py_ssize_t d = neg.shape[0], i
    cdef int64_t n_neg = 0, n_pos = 0, tp = 0, fp = 0, c_neg = 0, c_pos = 0
    cdef summary_u128 pairs = 0
    cdef summary_i128 gap, best = -1
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
            pairs += <summary_u128>pos[i] * <summary_u128>(2 * c_neg + neg[i])
            c_neg += neg[i]
            c_pos += pos[i]
            gap = <summary_i128>c_neg * n_pos - <summary_i128>c_pos * n_neg
            if gap < 0:
                gap = -gap
            if gap > best:
                best, best_i = gap, d - 1 - i
    return (int(n_neg), int(n_pos), _u128_int(pairs), _u128_int(<summary_u128>best), best_i,
            ap, area)


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
