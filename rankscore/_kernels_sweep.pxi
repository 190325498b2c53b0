# Kernels for the threshold sweep; mirrored by rankscore/_fallback/sweep.py.
#
# The scores arrive split by class (split_scores) and sorted ascending by the caller:
# neg = the negatives' scores, pos = the positives'. Every kernel below merges the two
# sorted parts in one pass; ties between the parts form one threshold.

import numpy as np
from libc.math cimport fabs
from libc.stdint cimport (int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t,
                          uint64_t)

ctypedef fused sweep_score_t:
    float
    double

ctypedef fused sweep_label_t:
    int8_t
    int16_t
    int32_t
    int64_t
    uint8_t
    uint16_t
    uint32_t
    uint64_t


def split_scores(const sweep_label_t[:] labels, sweep_label_t pos_code,
                 const sweep_score_t[:] scores):
    """Copy ``scores`` into (negatives, positives) by ``labels == pos_code``, keeping order."""
    cdef Py_ssize_t n = scores.shape[0], i, n_pos = 0, a = 0, b = 0
    with nogil:
        for i in range(n):
            n_pos += labels[i] == pos_code
    dtype = np.float32 if sweep_score_t is float else np.float64
    neg_arr = np.empty(n - n_pos, dtype=dtype)
    pos_arr = np.empty(n_pos, dtype=dtype)
    cdef sweep_score_t[:] neg = neg_arr, pos = pos_arr
    with nogil:
        for i in range(n):
            if labels[i] == pos_code:
                pos[b] = scores[i]
                b += 1
            else:
                neg[a] = scores[i]
                a += 1
    return neg_arr, pos_arr


def split_scores_weighted(const sweep_label_t[:] labels, sweep_label_t pos_code,
                          const sweep_score_t[:] scores, const double[:] weights):
    """As ``split_scores`` with the weights alongside; zero-weight samples are dropped."""
    cdef Py_ssize_t n = scores.shape[0], i, n_pos = 0, n_neg = 0, a = 0, b = 0
    with nogil:
        for i in range(n):
            if weights[i] != 0:
                if labels[i] == pos_code:
                    n_pos += 1
                else:
                    n_neg += 1
    dtype = np.float32 if sweep_score_t is float else np.float64
    neg_arr, pos_arr = np.empty(n_neg, dtype=dtype), np.empty(n_pos, dtype=dtype)
    neg_w_arr, pos_w_arr = np.empty(n_neg), np.empty(n_pos)
    cdef sweep_score_t[:] neg = neg_arr, pos = pos_arr
    cdef double[:] neg_w = neg_w_arr, pos_w = pos_w_arr
    with nogil:
        for i in range(n):
            if weights[i] == 0:
                continue
            if labels[i] == pos_code:
                pos[b] = scores[i]
                pos_w[b] = weights[i]
                b += 1
            else:
                neg[a] = scores[i]
                neg_w[a] = weights[i]
                a += 1
    return neg_arr, neg_w_arr, pos_arr, pos_w_arr


cdef Py_ssize_t _count_distinct(const sweep_score_t[:] neg, const sweep_score_t[:] pos) noexcept nogil:
    # distinct values of the union of two ascending arrays
    cdef Py_ssize_t i = 0, j = 0, count = 0
    cdef sweep_score_t t
    while i < neg.shape[0] or j < pos.shape[0]:
        if j == pos.shape[0] or (i < neg.shape[0] and neg[i] < pos[j]):
            t = neg[i]
        else:
            t = pos[j]
        while i < neg.shape[0] and neg[i] == t:
            i += 1
        while j < pos.shape[0] and pos[j] == t:
            j += 1
        count += 1
    return count


def sweep_merge(const sweep_score_t[:] neg, const sweep_score_t[:] pos):
    """Distinct thresholds (descending) with the counts of negatives/positives scoring >= each.

    fps[i] = #{neg >= t_i}, tps[i] = #{pos >= t_i} (float64).
    """
    cdef Py_ssize_t m, k = 0, i, j
    with nogil:
        m = _count_distinct(neg, pos)
    dtype = np.float32 if sweep_score_t is float else np.float64
    fps_arr, tps_arr, thr_arr = np.empty(m), np.empty(m), np.empty(m, dtype=dtype)
    cdef double[:] fps = fps_arr, tps = tps_arr
    cdef sweep_score_t[:] thr = thr_arr
    cdef sweep_score_t t
    i, j = neg.shape[0] - 1, pos.shape[0] - 1
    with nogil:
        while i >= 0 or j >= 0:  # from the top score down
            if j < 0 or (i >= 0 and neg[i] > pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            while i >= 0 and neg[i] == t:
                i -= 1
            while j >= 0 and pos[j] == t:
                j -= 1
            thr[k] = t
            fps[k] = neg.shape[0] - 1 - i
            tps[k] = pos.shape[0] - 1 - j
            k += 1
    return fps_arr, tps_arr, thr_arr


def sweep_merge_weighted(const sweep_score_t[:] neg, const double[:] neg_weight,
                         const sweep_score_t[:] pos, const double[:] pos_weight):
    """As ``sweep_merge`` with weighted counts (sums of weights, accumulated from the top)."""
    cdef Py_ssize_t m, k = 0, i, j
    with nogil:
        m = _count_distinct(neg, pos)
    dtype = np.float32 if sweep_score_t is float else np.float64
    fps_arr, tps_arr, thr_arr = np.empty(m), np.empty(m), np.empty(m, dtype=dtype)
    cdef double[:] fps = fps_arr, tps = tps_arr
    cdef sweep_score_t[:] thr = thr_arr
    cdef sweep_score_t t
    cdef double fp = 0.0, tp = 0.0
    i, j = neg.shape[0] - 1, pos.shape[0] - 1
    with nogil:
        while i >= 0 or j >= 0:
            if j < 0 or (i >= 0 and neg[i] > pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            while i >= 0 and neg[i] == t:
                fp += neg_weight[i]
                i -= 1
            while j >= 0 and pos[j] == t:
                tp += pos_weight[j]
                j -= 1
            thr[k] = t
            fps[k] = fp
            tps[k] = tp
            k += 1
    return fps_arr, tps_arr, thr_arr


def auc_merge(const sweep_score_t[:] neg, const sweep_score_t[:] pos):
    """Twice the Mann-Whitney U as an exact int: sum over positives of
    2 * #{neg < s} + #{neg == s}  (so AUC = result / (2 * n_pos * n_neg))."""
    cdef Py_ssize_t i = 0, j = 0, eq
    cdef uint64_t total = 0  # <= 2 * n_pos * n_neg <= n^2 / 2: exact below 2^32 rows
    with nogil:
        while j < pos.shape[0]:
            while i < neg.shape[0] and neg[i] < pos[j]:
                i += 1
            eq = 0
            while i + eq < neg.shape[0] and neg[i + eq] == pos[j]:
                eq += 1
            # every positive of this tied value gets 2 * below + equal
            while True:
                total += 2 * <uint64_t>i + <uint64_t>eq
                j += 1
                if j == pos.shape[0] or pos[j] != pos[j - 1]:
                    break
            i += eq
    return int(total)


def auc_merge_weighted(const sweep_score_t[:] neg, const double[:] neg_weight,
                       const sweep_score_t[:] pos, const double[:] pos_weight):
    """Sum over positives of w+ * (W-(< s) + W-(== s) / 2), accumulated in ascending order
    (AUC = result / (W+ * W-))."""
    cdef Py_ssize_t i = 0, j = 0, e
    cdef double below = 0.0, through, total = 0.0
    with nogil:
        while j < pos.shape[0]:
            while i < neg.shape[0] and neg[i] < pos[j]:
                below += neg_weight[i]
                i += 1
            through = below
            e = i
            while e < neg.shape[0] and neg[e] == pos[j]:
                through += neg_weight[e]
                e += 1
            while True:
                total += pos_weight[j] * (below + 0.5 * (through - below))
                j += 1
                if j == pos.shape[0] or pos[j] != pos[j - 1]:
                    break
            i = e
            below = through
    return total


def ks_merge(const sweep_score_t[:] neg, const sweep_score_t[:] pos):
    """Largest |n_pos * #{neg <= t} - n_neg * #{pos <= t}| over distinct t (exact int) and the
    smallest t where it is reached (KS statistic = result / (n_pos * n_neg))."""
    cdef Py_ssize_t i = 0, j = 0
    cdef int64_t n_neg = neg.shape[0], n_pos = pos.shape[0], d, best = -1
    cdef sweep_score_t t, best_t = 0
    with nogil:
        while i < n_neg or j < n_pos:  # ascending over distinct values
            if j == n_pos or (i < n_neg and neg[i] < pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            while i < n_neg and neg[i] == t:
                i += 1
            while j < n_pos and pos[j] == t:
                j += 1
            d = i * n_pos - j * n_neg
            if d < 0:
                d = -d
            if d > best:
                best, best_t = d, t
    return int(best), best_t


def ks_merge_weighted(const sweep_score_t[:] neg, const double[:] neg_weight,
                      const sweep_score_t[:] pos, const double[:] pos_weight):
    """Largest |F-(t) - F+(t)| with weighted CDFs over distinct t, and the smallest t where
    it is reached."""
    cdef Py_ssize_t i = 0, j = 0, n_neg = neg.shape[0], n_pos = pos.shape[0]
    cdef double w_neg = 0.0, w_pos = 0.0, c_neg = 0.0, c_pos = 0.0, d, best = -1.0
    cdef sweep_score_t t, best_t = 0
    with nogil:
        for i in range(n_neg):
            w_neg += neg_weight[i]
        for j in range(n_pos):
            w_pos += pos_weight[j]
        i = 0
        j = 0
        while i < n_neg or j < n_pos:
            if j == n_pos or (i < n_neg and neg[i] < pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            while i < n_neg and neg[i] == t:
                c_neg += neg_weight[i]
                i += 1
            while j < n_pos and pos[j] == t:
                c_pos += pos_weight[j]
                j += 1
            d = fabs(c_neg / w_neg - c_pos / w_pos)
            if d > best:
                best, best_t = d, t
    return best, best_t
