# Kernels for the threshold sweep; mirrored by rankscore/_fallback/sweep.py.
#
# The scores arrive split by class (split_scores) and sorted ascending by the caller:
# neg = the negatives' scores, pos = the positives'. Every kernel below merges the two
# sorted parts in one pass; ties between the parts form one threshold.

import numpy as np
from libc.math cimport fabs
from libc.string cimport memcpy
from libc.stdint cimport (int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t,
                          uint64_t)

from rankscore._kernels.int128 cimport rs_add, rs_add64, rs_gap, rs_less, rs_mul, rs_u128, to_int
from rankscore._kernels.types cimport label_t, score_t

__all__ = [
    "split_scores",
    "split_scores_into",
    "split_scores_append",
    "merge_sorted",
    "ap_merge",
    "auc_merge",
    "auc_merge_weighted",
    "auc_merge_rows",
    "auc_counts",
    "ks_merge",
    "ks_counts",
    "ks_merge_weighted",
    "take_rows_transposed",
    "count_scores",
]


def split_scores(const label_t[:] labels, label_t pos_code,
                 const score_t[:] scores):
    """Copy ``scores`` into (negatives, positives) by ``labels == pos_code``, keeping order;
    also return the smallest and largest label (for the caller's label checks)."""
    cdef Py_ssize_t n = scores.shape[0], i, n_pos = 0, a = 0, b = 0, p
    cdef label_t lo = labels[0], hi = labels[0], label
    cdef score_t x
    with nogil:
        for i in range(n):
            label = labels[i]
            n_pos += label == pos_code
            lo = label if label < lo else lo
            hi = label if label > hi else hi
    dtype = np.float32 if score_t is float else np.float64
    neg_arr = np.empty(n - n_pos + 1, dtype=dtype)  # one spare slot each: branch-free writes
    pos_arr = np.empty(n_pos + 1, dtype=dtype)
    cdef score_t[:] neg = neg_arr, pos = pos_arr
    with nogil:
        for i in range(n):
            x = scores[i]
            p = labels[i] == pos_code
            pos[b] = x
            neg[a] = x
            b += p
            a += 1 - p
    return neg_arr[:n - n_pos], pos_arr[:n_pos], lo, hi


cdef inline void _split_rows(const label_t[:] labels, label_t pos_code,
                             const score_t[:] scores, score_t[:] neg, Py_ssize_t a,
                             Py_ssize_t a_end, score_t[:] pos, Py_ssize_t b,
                             Py_ssize_t b_end) noexcept nogil:
    # every row's score to neg[a:a_end] or pos[b:b_end] by labels == pos_code, in input
    # order (the rows hold exactly that many of each; neg and pos may be one array with
    # the two ranges apart): branch-free while both classes have rows to come, a row's
    # score written to both and the slot of the other class written again by its next row
    cdef Py_ssize_t i = 0, n = scores.shape[0], p
    cdef score_t x
    while a < a_end and b < b_end:
        x = scores[i]
        p = labels[i] == pos_code
        pos[b] = x
        neg[a] = x
        b += p
        a += 1 - p
        i += 1
    for i in range(i, n):  # the rest is one class
        if b < b_end:
            pos[b] = scores[i]
            b += 1
        else:
            neg[a] = scores[i]
            a += 1


def split_scores_into(const label_t[:] labels, label_t pos_code,
                      const score_t[:] scores, score_t[:] neg,
                      score_t[:] pos):
    """As ``split_scores``, written into ``neg`` and ``pos`` (nothing allocated: many
    partitions split into one array each, on several threads); they must hold exactly the
    negatives and the positives."""
    cdef Py_ssize_t n = scores.shape[0], i, n_pos = 0
    with nogil:
        for i in range(n):
            n_pos += labels[i] == pos_code
    if neg.shape[0] != n - n_pos or pos.shape[0] != n_pos:
        raise ValueError(f"split_scores_into needs {n - n_pos} and {n_pos} slots, got "
                         f"{neg.shape[0]} and {pos.shape[0]}")
    with nogil:
        _split_rows(labels, pos_code, scores, neg, 0, n - n_pos, pos, 0, n_pos)


def split_scores_append(const label_t[:] labels, label_t pos_code,
                        const score_t[:] scores, const double[:] weights,
                        score_t[::1] buffer, double[::1] buffer_weights,
                        Py_ssize_t n_neg, Py_ssize_t n_pos):
    """Append one batch to a buffer holding ``n_neg`` negatives' scores at its front and
    ``n_pos`` positives' at its back: the batch's negatives written after the front ones,
    its positives (in input order) just before the back ones, the weights alongside in
    ``buffer_weights`` (weights None: None); zero-weight samples are dropped. Returns
    (negatives added, positives added); ValueError if the free room is too small."""
    cdef Py_ssize_t n = scores.shape[0], i, cn = 0, cp = 0, a, b, a_end, b_end, p, keep
    cdef bint weighted = weights is not None
    cdef score_t x
    if labels.shape[0] != n or (weighted and weights.shape[0] != n):
        raise ValueError("split_scores_append needs labels, scores and weights of one length")
    if weighted != (buffer_weights is not None) or (
            weighted and buffer_weights.shape[0] != buffer.shape[0]):
        raise ValueError("split_scores_append needs buffer_weights (of the buffer's length) "
                         "exactly when weights are given")
    with nogil:
        if weighted:
            for i in range(n):
                keep = weights[i] != 0
                p = labels[i] == pos_code
                cp += keep & p
                cn += keep & (1 - p)
        else:
            for i in range(n):
                cp += labels[i] == pos_code
            cn = n - cp
    if n_neg < 0 or n_pos < 0 or buffer.shape[0] - n_neg - n_pos < cn + cp:
        raise ValueError(f"split_scores_append needs {cn + cp} free slots, got "
                         f"{buffer.shape[0] - n_neg - n_pos}")
    a, a_end = n_neg, n_neg + cn
    b = buffer.shape[0] - n_pos - cp
    b_end = b + cp
    cdef score_t[:] both = buffer  # (as _split_rows takes it)
    with nogil:
        if weighted:  # as _split_rows, with the weights alongside: a zero-weight row's
            i = 0  # slots are written again by the next row of either class
            while a < a_end and b < b_end:
                x = scores[i]
                keep = weights[i] != 0
                p = labels[i] == pos_code
                buffer[a] = x
                buffer[b] = x
                buffer_weights[a] = weights[i]
                buffer_weights[b] = weights[i]
                b += keep & p
                a += keep & (1 - p)
                i += 1
            for i in range(i, n):  # the rest is one class (and zero weights)
                if weights[i] == 0:
                    continue
                if b < b_end:
                    buffer[b] = scores[i]
                    buffer_weights[b] = weights[i]
                    b += 1
                else:
                    buffer[a] = scores[i]
                    buffer_weights[a] = weights[i]
                    a += 1
        else:
            _split_rows(labels, pos_code, scores, both, a, a_end, both, b, b_end)
    return cn, cp


def merge_sorted(const score_t[:] a, const score_t[:] b):
    """The ascending union of two ascending arrays, in one pass (``np.sort`` of both)."""
    cdef Py_ssize_t i = 0, j = 0, k = 0, n_a = a.shape[0], n_b = b.shape[0], take_b
    out_arr = np.empty(n_a + n_b, dtype=np.float32 if score_t is float else np.float64)
    cdef score_t[:] out = out_arr
    with nogil:
        while i < n_a and j < n_b:  # branch-free: the smaller head goes out
            take_b = b[j] < a[i]
            out[k] = b[j] if take_b else a[i]
            j += take_b
            i += 1 - take_b
            k += 1
        while i < n_a:
            out[k] = a[i]
            i += 1
            k += 1
        while j < n_b:
            out[k] = b[j]
            j += 1
            k += 1
    return out_arr


def ap_merge(const score_t[:] neg, const double[:] neg_weight,
             const score_t[:] pos, const double[:] pos_weight):
    """Average precision: sum over thresholds (descending) of
    (tp_k - tp_{k-1}) * tp_k / (tp_k + fp_k), accumulated in that order, over tp_last
    (needs a positive); weights None means unweighted."""
    cdef bint weighted = neg_weight is not None
    cdef Py_ssize_t i = neg.shape[0] - 1, j = pos.shape[0] - 1
    cdef score_t t
    cdef double fp = 0.0, tp = 0.0, tp_before, total = 0.0
    with nogil:
        while i >= 0 or j >= 0:
            t = next_down(neg, pos, i, j)
            tp_before = tp
            while i >= 0 and neg[i] == t:
                fp += neg_weight[i] if weighted else 1.0
                i -= 1
            while j >= 0 and pos[j] == t:
                tp += pos_weight[j] if weighted else 1.0
                j -= 1
            total += (tp - tp_before) * (tp / (tp + fp))
    return total / tp


cdef rs_u128 _auc_pairs(const score_t[:] neg, const score_t[:] pos) noexcept nogil:
    # sum over positives of 2 * #{neg < s} + #{neg == s}; both parts ascending
    cdef Py_ssize_t i = 0, j = 0, eq
    cdef rs_u128 total = rs_u128(0, 0)  # <= 2 n_pos n_neg: 128 bits
    while j < pos.shape[0]:
        while i < neg.shape[0] and neg[i] < pos[j]:
            i += 1
        eq = 0
        while i + eq < neg.shape[0] and neg[i + eq] == pos[j]:
            eq += 1
        # every positive of this tied value gets 2 * below + equal
        while True:
            total = rs_add64(total, 2 * <uint64_t>i + <uint64_t>eq)
            j += 1
            if j == pos.shape[0] or pos[j] != pos[j - 1]:
                break
        i += eq
    return total


def auc_merge(const score_t[:] neg, const score_t[:] pos):
    """Twice the Mann-Whitney U as an exact int: sum over positives of
    2 * #{neg < s} + #{neg == s}  (so AUC = result / (2 * n_pos * n_neg))."""
    cdef rs_u128 total
    with nogil:
        total = _auc_pairs(neg, pos)
    return to_int(total)


def auc_merge_rows(const score_t[:, :] neg, const score_t[:, :] pos):
    """``auc_merge`` of every row pair (neg[r], pos[r]), as a list of ints."""
    cdef Py_ssize_t r, n_rows = neg.shape[0]
    out_arr = np.empty((n_rows, 2), dtype=np.uint64)  # (hi, lo) words of each total
    cdef uint64_t[:, ::1] words = out_arr
    cdef rs_u128 total
    with nogil:
        for r in range(n_rows):
            total = _auc_pairs(neg[r], pos[r])
            words[r, 0], words[r, 1] = total.hi, total.lo
    return [(int(hi) << 64) | int(lo) for hi, lo in out_arr.tolist()]


def auc_counts(const int64_t[:] neg, const int64_t[:] pos):
    """Twice the Mann-Whitney U from per-threshold class counts (thresholds ascending):
    sum over thresholds of pos[t] * (2 * #neg below t + neg[t]), an exact int (128-bit
    accumulator; each class total <= 2**62)."""
    cdef Py_ssize_t t
    cdef uint64_t below = 0
    cdef rs_u128 total = rs_u128(0, 0)
    with nogil:
        for t in range(neg.shape[0]):
            total = rs_add(total, rs_mul(<uint64_t>pos[t], 2 * below + <uint64_t>neg[t]))
            below += <uint64_t>neg[t]
    return to_int(total)


def ks_counts(const int64_t[:] neg, const int64_t[:] pos):
    """(max over t of |n_pos * C-(t) - n_neg * C+(t)|, first t reaching it) from
    per-threshold class counts (thresholds ascending; C: cumulative counts <= t), exact
    (128-bit products; each class total <= 2**62)."""
    cdef Py_ssize_t t, n = neg.shape[0], best_t = 0
    cdef uint64_t n_neg = 0, n_pos = 0, c_neg = 0, c_pos = 0
    cdef rs_u128 d, best = rs_u128(0, 0)
    with nogil:
        for t in range(n):
            n_neg += <uint64_t>neg[t]
            n_pos += <uint64_t>pos[t]
        for t in range(n):
            c_neg += <uint64_t>neg[t]
            c_pos += <uint64_t>pos[t]
            d = rs_gap(rs_mul(n_pos, c_neg), rs_mul(n_neg, c_pos))
            if rs_less(best, d):
                best, best_t = d, t
    return to_int(best), best_t


def auc_merge_weighted(const score_t[:] neg, const double[:] neg_weight,
                       const score_t[:] pos, const double[:] pos_weight):
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


def ks_merge(const score_t[:] neg, const score_t[:] pos):
    """Largest |n_pos * #{neg <= t} - n_neg * #{pos <= t}| over distinct t (exact int) and the
    smallest t where it is reached (KS statistic = result / (n_pos * n_neg))."""
    # D(t) = n_pos #{neg <= t} - n_neg #{pos <= t} rises over runs of negatives and falls over
    # positives, so |D| peaks just before or at a positive's value: only those are visited
    # (in ascending order, so the first strict maximum is the smallest t, as a full scan).
    # The products reach 2**124 for 2**62 rows: 128 bits.
    cdef Py_ssize_t i = 0, j = 0, n_neg = neg.shape[0], n_pos = pos.shape[0]
    cdef rs_u128 d, best = rs_u128(0, 0)
    cdef bint found = False
    cdef score_t v, best_t = 0
    with nogil:
        while j < n_pos:
            v = pos[j]
            if i < n_neg and neg[i] < v:
                while i < n_neg and neg[i] < v:
                    i += 1
                d = rs_gap(rs_mul(i, n_pos), rs_mul(j, n_neg))  # at t = neg[i - 1]
                if not found or rs_less(best, d):
                    best, best_t, found = d, neg[i - 1], True
            while i < n_neg and neg[i] == v:
                i += 1
            while j < n_pos and pos[j] == v:
                j += 1
            d = rs_gap(rs_mul(i, n_pos), rs_mul(j, n_neg))  # at t = v
            if not found or rs_less(best, d):
                best, best_t, found = d, v, True
    return to_int(best), best_t


def ks_merge_weighted(const score_t[:] neg, const double[:] neg_weight,
                      const score_t[:] pos, const double[:] pos_weight):
    """Largest |F-(t) - F+(t)| with weighted CDFs over distinct t, and the smallest t where
    it is reached. The gaps are compared as |W+ C-(t) - W- C+(t)| (C: weight <= t, W: class
    total), exact for integer weights, so equal gaps tie as they do without weights; the
    statistic is that over W- W+ (the caller keeps W- W+ within range)."""
    cdef Py_ssize_t i = 0, j = 0, n_neg = neg.shape[0], n_pos = pos.shape[0]
    cdef double w_neg = 0.0, w_pos = 0.0, c_neg = 0.0, c_pos = 0.0, d, best = -1.0
    cdef score_t t, best_t = 0
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
            d = fabs(c_neg * w_pos - c_pos * w_neg)
            if d > best:
                best, best_t = d, t
    return best / (w_neg * w_pos), best_t


def take_rows_transposed(const score_t[:, :] scores, const Py_ssize_t[:] rows,
                         score_t[:, ::1] out):
    """out[j, r] = scores[rows[r], j]: the chosen rows, one output row per column (tiled so
    that reads and writes both stay in cache)."""
    cdef Py_ssize_t n_rows = rows.shape[0], m = out.shape[0], r0, r1, r, j
    with nogil:
        for r0 in range(0, n_rows, 16):
            r1 = min(r0 + 16, n_rows)
            for j in range(m):
                for r in range(r0, r1):
                    out[j, r] = scores[rows[r], j]


def count_scores(const label_t[:] labels, label_t pos_code,
                 const score_t[:] scores, Py_ssize_t max_distinct):
    """(distinct scores ascending as float64, negatives per score, positives per score,
    smallest label, largest label), or None as soon as there are more than ``max_distinct``
    distinct scores. One pass over an open-addressing table (heavily tied scores)."""
    cdef Py_ssize_t n = scores.shape[0], i, n_distinct = 0, capacity = 1, shift = 64
    while capacity < 2 * max_distinct:
        capacity <<= 1
        shift -= 1
    keys_arr = np.empty(capacity, dtype=np.uint64)
    used_arr = np.zeros(capacity, dtype=np.uint8)
    neg_arr = np.zeros(capacity, dtype=np.int64)
    pos_arr = np.zeros(capacity, dtype=np.int64)
    cdef uint64_t[::1] keys = keys_arr
    cdef uint8_t[::1] used = used_arr
    cdef int64_t[::1] neg = neg_arr, pos = pos_arr
    cdef uint64_t bits, h, mask = capacity - 1
    cdef double x
    cdef int64_t p
    cdef bint too_many = False
    cdef label_t lo = labels[0], hi = labels[0], label
    with nogil:
        for i in range(n):
            x = scores[i]
            if x == 0:
                x = 0.0  # -0.0 and 0.0 are one threshold
            memcpy(&bits, &x, 8)  # the bits of x (memcpy: no aliasing of a double as an int)
            h = (bits * <uint64_t>0x9E3779B97F4A7C15) >> shift  # Fibonacci hashing
            while used[h] and keys[h] != bits:
                h = (h + 1) & mask
            if not used[h]:
                if n_distinct == max_distinct:
                    too_many = True
                    break
                used[h] = 1
                keys[h] = bits
                n_distinct += 1
            label = labels[i]
            p = label == pos_code
            pos[h] += p
            neg[h] += 1 - p
            lo = label if label < lo else lo
            hi = label if label > hi else hi
    if too_many:
        return None
    slots = np.flatnonzero(used_arr)
    values = keys_arr[slots].view(np.float64)
    order = np.argsort(values)
    slots = slots[order]
    return values[order], neg_arr[slots], pos_arr[slots], lo, hi
