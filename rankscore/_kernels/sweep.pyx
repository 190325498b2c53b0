# Kernels for the threshold sweep; mirrored by rankscore/_fallback/sweep.py.
#
# The scores arrive split by class (split_scores) and sorted ascending by the caller:
# neg = the negatives' scores, pos = the positives'. Every merge below reads the two
# sorted parts in one pass; ties between the parts form one threshold.
#
# Two layers: the loops are `cdef ... noexcept nogil` functions over raw pointers, fused
# over the score (and label) dtype and declared in sweep.pxd, so that the C API
# (rankscore/capi.pyx) runs the very same loops; each `def` kernel reads its arrays once
# (arrays.pxd), picks the loop of their dtype and allocates its outputs with NumPy.

import numpy as np
from libc.math cimport fabs
from libc.string cimport memcpy
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

from rankscore._kernels.arrays cimport (FLOAT32, FLOAT64, INT8, INT64, UINT8, Array, acquire,
                                        check_kind, check_score_kind, indices_within, no_buffer,
                                        no_buffers, read, read_contiguous, release, release_each,
                                        weights_of, write)
from rankscore._kernels.arrays cimport read_labelled, read_parts
from rankscore._kernels.int128 cimport rs_add, rs_add64, rs_gap, rs_less, rs_mul, rs_u128, to_int
from rankscore._kernels.types cimport label_t, score_t


# ---------------------------------------------------------------------------------------
# the loops (sweep.pxd)


cdef Py_ssize_t count_positives(const label_t* labels, Py_ssize_t label_step,
                                label_t pos_code, Py_ssize_t n, label_t* lo,
                                label_t* hi) noexcept nogil:
    """#{labels == pos_code}; *lo, *hi: the smallest and largest label (n > 0)."""
    cdef Py_ssize_t i, n_pos = 0
    cdef label_t label, low = labels[0], high = labels[0]
    for i in range(n):
        label = labels[i * label_step]
        n_pos += label == pos_code
        low = label if label < low else low
        high = label if label > high else high
    lo[0], hi[0] = low, high
    return n_pos


cdef void split_rows(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                     const score_t* scores, Py_ssize_t score_step, Py_ssize_t n,
                     score_t* neg, Py_ssize_t a, Py_ssize_t a_end,
                     score_t* pos, Py_ssize_t b, Py_ssize_t b_end) noexcept nogil:
    # every row's score to neg[a:a_end] or pos[b:b_end] by labels == pos_code, in input
    # order (the rows hold exactly that many of each; neg and pos may be one array with
    # the two ranges apart): branch-free while both classes have rows to come, a row's
    # score written to both and the slot of the other class written again by its next row
    cdef Py_ssize_t i = 0, p
    cdef score_t x
    while a < a_end and b < b_end:
        x = scores[i * score_step]
        p = labels[i * label_step] == pos_code
        pos[b] = x
        neg[a] = x
        b += p
        a += 1 - p
        i += 1
    for i in range(i, n):  # the rest is one class
        if b < b_end:
            pos[b] = scores[i * score_step]
            b += 1
        else:
            neg[a] = scores[i * score_step]
            a += 1


cdef void count_kept(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                     const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                     Py_ssize_t* n_neg, Py_ssize_t* n_pos) noexcept nogil:
    """The negatives and positives of nonzero weight."""
    cdef Py_ssize_t i, cn = 0, cp = 0, keep, p
    for i in range(n):
        keep = weights[i * weight_step] != 0
        p = labels[i * label_step] == pos_code
        cp += keep & p
        cn += keep & (1 - p)
    n_neg[0], n_pos[0] = cn, cp


cdef void split_rows_weighted(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                              const score_t* scores, Py_ssize_t score_step,
                              const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                              score_t* neg, double* neg_weights, Py_ssize_t a,
                              Py_ssize_t a_end, score_t* pos, double* pos_weights,
                              Py_ssize_t b, Py_ssize_t b_end) noexcept nogil:
    # split_rows with the weights alongside, zero-weight rows dropped (the ranges hold
    # exactly the rows of nonzero weight): a zero-weight row's slots are written again by
    # the next row of either class
    cdef Py_ssize_t i = 0, keep, p
    cdef score_t x
    cdef double w
    while a < a_end and b < b_end:
        x = scores[i * score_step]
        w = weights[i * weight_step]
        keep = w != 0
        p = labels[i * label_step] == pos_code
        neg[a] = x
        pos[b] = x
        neg_weights[a] = w
        pos_weights[b] = w
        b += keep & p
        a += keep & (1 - p)
        i += 1
    for i in range(i, n):  # the rest is one class (and zero weights)
        w = weights[i * weight_step]
        if w == 0:
            continue
        if b < b_end:
            pos[b] = scores[i * score_step]
            pos_weights[b] = w
            b += 1
        else:
            neg[a] = scores[i * score_step]
            neg_weights[a] = w
            a += 1


cdef double ap_sum(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                   const score_t* pos, const double* pos_weights,
                   Py_ssize_t n_pos) noexcept nogil:
    # sum over thresholds (descending) of (tp_k - tp_{k-1}) * tp_k / (tp_k + fp_k), in that
    # order, over tp_last (needs a positive). (Not tie_block: each weight is added to the
    # running sums one by one, as the Python functions add them; a tie's sum first would
    # round differently.)
    cdef bint weighted = neg_weights != NULL
    cdef Py_ssize_t i = n_neg - 1, j = n_pos - 1
    cdef score_t t
    cdef double fp = 0.0, tp = 0.0, tp_before, total = 0.0
    while i >= 0 or j >= 0:
        t = next_below(neg, pos, i, j)
        tp_before = tp
        while i >= 0 and neg[i] == t:
            fp += neg_weights[i] if weighted else 1.0
            i -= 1
        while j >= 0 and pos[j] == t:
            tp += pos_weights[j] if weighted else 1.0
            j -= 1
        total += (tp - tp_before) * (tp / (tp + fp))
    return total / tp


cdef rs_u128 auc_pairs(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                       Py_ssize_t n_pos) noexcept nogil:
    # sum over positives of 2 * #{neg < s} + #{neg == s}
    cdef Py_ssize_t i = 0, j = 0, eq
    cdef rs_u128 total = rs_u128(0, 0)  # <= 2 n_pos n_neg: 128 bits
    while j < n_pos:
        while i < n_neg and neg[i] < pos[j]:
            i += 1
        eq = 0
        while i + eq < n_neg and neg[i + eq] == pos[j]:
            eq += 1
        # every positive of this tied value gets 2 * below + equal
        while True:
            total = rs_add64(total, 2 * <uint64_t>i + <uint64_t>eq)
            j += 1
            if j == n_pos or pos[j] != pos[j - 1]:
                break
        i += eq
    return total


cdef double auc_pairs_weighted(const score_t* neg, const double* neg_weights,
                               Py_ssize_t n_neg, const score_t* pos,
                               const double* pos_weights, Py_ssize_t n_pos) noexcept nogil:
    # the weighted AUC: C / T with C the sum over positives of w+ * (W-(< s) + W-(== s) / 2)
    # and T that of w+ * W-, both accumulated in ascending order with W- the running sum of
    # the negatives' weights. Each term of C is at most T's (rounding is monotone), so the
    # AUC is at most 1, and exactly 1 when every positive is above every negative (the
    # terms are then the same products); W+ W- (two other sums) would differ by an ulp.
    cdef Py_ssize_t i = 0, j = 0, e
    cdef double below = 0.0, through, total = 0.0, most = 0.0, all_neg = 0.0
    for e in range(n_neg):
        all_neg += neg_weights[e]
    while j < n_pos:
        while i < n_neg and neg[i] < pos[j]:
            below += neg_weights[i]
            i += 1
        through = below
        e = i
        while e < n_neg and neg[e] == pos[j]:
            through += neg_weights[e]
            e += 1
        while True:
            total += pos_weights[j] * (below + 0.5 * (through - below))
            most += pos_weights[j] * all_neg
            j += 1
            if j == n_pos or pos[j] != pos[j - 1]:
                break
        i = e
        below = through
    return total / most


cdef rs_u128 ks_gap(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                    Py_ssize_t n_pos, score_t* at) noexcept nogil:
    # max over distinct t of |n_pos #{neg <= t} - n_neg #{pos <= t}|, *at = the smallest t
    # reaching it. D(t) rises over runs of negatives and falls over positives, so |D| peaks
    # just before or at a positive's value: only those are visited (in ascending order, so
    # the first strict maximum is the smallest t, as a full scan). The products reach
    # 2**124 for 2**62 rows: 128 bits.
    cdef Py_ssize_t i = 0, j = 0
    cdef rs_u128 d, best = rs_u128(0, 0)
    cdef bint found = False
    cdef score_t v, best_t = 0
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
    at[0] = best_t
    return best


cdef double ks_weighted(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                        const score_t* pos, const double* pos_weights, Py_ssize_t n_pos,
                        score_t* at) noexcept nogil:
    # max over distinct t of |F-(t) - F+(t)| with weighted CDFs, *at = the smallest t
    # reaching it; the gaps are compared as |W+ C-(t) - W- C+(t)| (C: weight <= t, W: class
    # total), exact for integer weights, and the largest is divided by W- W+ once
    cdef Py_ssize_t i = 0, j = 0
    cdef double w_neg = 0.0, w_pos = 0.0, c_neg = 0.0, c_pos = 0.0, d, best = -1.0
    cdef score_t t, best_t = 0
    for i in range(n_neg):
        w_neg += neg_weights[i]
    for j in range(n_pos):
        w_pos += pos_weights[j]
    i = 0
    j = 0
    while i < n_neg or j < n_pos:
        if j == n_pos or (i < n_neg and neg[i] < pos[j]):
            t = neg[i]
        else:
            t = pos[j]
        while i < n_neg and neg[i] == t:
            c_neg += neg_weights[i]
            i += 1
        while j < n_pos and pos[j] == t:
            c_pos += pos_weights[j]
            j += 1
        d = fabs(c_neg * w_pos - c_pos * w_neg)
        if d > best:
            best, best_t = d, t
    at[0] = best_t
    return best / (w_neg * w_pos)


cdef Py_ssize_t sweep_down(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                           const score_t* pos, const double* pos_weights, Py_ssize_t n_pos,
                           score_t* thresholds, double* fps, double* tps) noexcept nogil:
    # the distinct scores from the top down (-0.0 as 0.0) with the negatives / positives
    # (weights) scoring at or above each: each threshold's weights summed first (from the
    # last sample of each tie down), then added to the running sums; returns how many
    cdef bint weighted = neg_weights != NULL
    cdef Py_ssize_t k = 0, i = n_neg - 1, j = n_pos - 1
    cdef score_t t
    cdef double fw, tw, fp = 0.0, tp = 0.0
    while i >= 0 or j >= 0:
        t = tie_block(neg, neg_weights, &i, pos, pos_weights, &j, &fw, &tw)
        thresholds[k] = t + 0  # -0.0 + 0 is +0.0
        if weighted:
            fp += fw
            tp += tw
            fps[k], tps[k] = fp, tp
        else:
            fps[k], tps[k] = <double>(n_neg - 1 - i), <double>(n_pos - 1 - j)
        k += 1
    return k


# ---------------------------------------------------------------------------------------
# the kernels


cdef Py_ssize_t _positives(Array* l, int64_t code, int64_t* lo, int64_t* hi) noexcept nogil:
    cdef Py_ssize_t n_pos
    cdef int8_t lo8, hi8
    cdef uint8_t lo_u8, hi_u8
    if l.kind == UINT8:
        n_pos = count_positives(<uint8_t*>l.data, l.step, <uint8_t>code, l.n, &lo_u8, &hi_u8)
        lo[0], hi[0] = lo_u8, hi_u8
    elif l.kind == INT8:
        n_pos = count_positives(<int8_t*>l.data, l.step, <int8_t>code, l.n, &lo8, &hi8)
        lo[0], hi[0] = lo8, hi8
    else:
        n_pos = count_positives(<int64_t*>l.data, l.step, code, l.n, lo, hi)
    return n_pos


cdef void _split_rows_of(Array* l, int64_t code, const score_t* scores, Py_ssize_t score_step,
                         Py_ssize_t n, score_t* neg, Py_ssize_t a, Py_ssize_t a_end,
                         score_t* pos, Py_ssize_t b, Py_ssize_t b_end) noexcept nogil:
    # split_rows of the labels' dtype
    if l.kind == UINT8:
        split_rows(<uint8_t*>l.data, l.step, <uint8_t>code, scores, score_step, n, neg, a, a_end,
                   pos, b, b_end)
    elif l.kind == INT8:
        split_rows(<int8_t*>l.data, l.step, <int8_t>code, scores, score_step, n, neg, a, a_end,
                   pos, b, b_end)
    else:
        split_rows(<int64_t*>l.data, l.step, code, scores, score_step, n, neg, a, a_end, pos, b,
                   b_end)


cdef void _split(Array* l, int64_t code, Array* s, char* neg, Py_ssize_t a,
                 Py_ssize_t a_end, char* pos, Py_ssize_t b, Py_ssize_t b_end) noexcept nogil:
    if s.kind == FLOAT64:
        _split_rows_of(l, code, <double*>s.data, s.step, s.n, <double*>neg, a, a_end,
                       <double*>pos, b, b_end)
    else:
        _split_rows_of(l, code, <float*>s.data, s.step, s.n, <float*>neg, a, a_end, <float*>pos,
                       b, b_end)


cdef object _score_dtype(Array* s):
    return np.float32 if s.kind == FLOAT32 else np.float64


cdef tuple _split_scores(object labels, object pos_code, object scores, object neg,
                         object pos, str kernel):
    """split_scores into new arrays (neg and pos None) or into neg and pos."""
    cdef Array x[4]  # labels, scores, neg, pos
    cdef int64_t code = pos_code, lo = 0, hi = 0
    cdef Py_ssize_t n = 0, n_pos = 0
    cdef bint given = neg is not None
    no_buffers(x, 4)
    try:
        read_labelled(&x[0], labels, code, &x[1], scores, NULL, None, kernel)
        n = x[1].n
        if given:
            write(&x[2], neg)
            write(&x[3], pos)
            if x[2].kind != x[1].kind or x[3].kind != x[1].kind:
                raise TypeError(f"{kernel} writes into arrays of the scores' dtype")
            if (x[2].n > 1 and x[2].step != 1) or (x[3].n > 1 and x[3].step != 1):
                raise ValueError(f"{kernel} writes into contiguous arrays")
        if n:
            with nogil:
                n_pos = _positives(&x[0], code, &lo, &hi)
        if not given:
            neg = np.empty(n - n_pos, dtype=_score_dtype(&x[1]))
            pos = np.empty(n_pos, dtype=_score_dtype(&x[1]))
            write(&x[2], neg)
            write(&x[3], pos)
        elif x[2].n != n - n_pos or x[3].n != n_pos:
            raise ValueError(f"{kernel} needs {n - n_pos} and {n_pos} slots, got {x[2].n} and "
                             f"{x[3].n}")
        with nogil:
            _split(&x[0], code, &x[1], x[2].data, 0, x[2].n, x[3].data, 0, x[3].n)
    finally:
        release_each(x, 4)
    return neg, pos, lo, hi


def split_scores(labels, pos_code, scores):
    """Copy ``scores`` into (negatives, positives) by ``labels == pos_code``, keeping order;
    also return the smallest and largest label (for the caller's label checks)."""
    return _split_scores(labels, pos_code, scores, None, None, "split_scores")


def split_scores_into(labels, pos_code, scores, neg, pos):
    """As ``split_scores``, written into ``neg`` and ``pos`` (nothing allocated: many
    partitions split into one array each, on several threads); they must hold exactly the
    negatives and the positives."""
    if neg is None or pos is None:
        raise TypeError("split_scores_into writes into two arrays")
    _split_scores(labels, pos_code, scores, neg, pos, "split_scores_into")


def split_scores_append(labels, pos_code, scores, weights, buffer, buffer_weights,
                        Py_ssize_t n_neg, Py_ssize_t n_pos):
    """Append one batch to a buffer holding ``n_neg`` negatives' scores at its front and
    ``n_pos`` positives' at its back: the batch's negatives written after the front ones,
    its positives (in input order) just before the back ones, the weights alongside in
    ``buffer_weights`` (weights None: None); zero-weight samples are dropped. Returns
    (negatives added, positives added); ValueError if the free room is too small."""
    cdef Array l, s, w, out, out_w
    cdef int64_t code = pos_code, lo, hi
    cdef Py_ssize_t n, cn = 0, cp = 0, a, b
    cdef bint weighted = weights is not None
    no_buffer(&l)
    no_buffer(&s)
    no_buffer(&w)
    no_buffer(&out)
    no_buffer(&out_w)
    try:
        read_labelled(&l, labels, code, &s, scores, &w, weights, "split_scores_append")
        n = s.n
        write(&out, buffer)
        if out.kind != s.kind or (out.n > 1 and out.step != 1):
            raise TypeError("split_scores_append writes into a contiguous buffer of the "
                            "scores' dtype")
        if buffer_weights is not None:
            write(&out_w, buffer_weights)
            check_kind(&out_w, FLOAT64, "buffer_weights must be float64")
        if weighted != (buffer_weights is not None) or (weighted and out_w.n != out.n):
            raise ValueError("split_scores_append needs buffer_weights (of the buffer's "
                             "length) exactly when weights are given")
        with nogil:
            if weighted:
                _count_kept(&l, code, &w, &cn, &cp)
            elif n:
                cp = _positives(&l, code, &lo, &hi)
                cn = n - cp
        if n_neg < 0 or n_pos < 0 or out.n - n_neg - n_pos < cn + cp:
            raise ValueError(f"split_scores_append needs {cn + cp} free slots, got "
                             f"{out.n - n_neg - n_pos}")
        a = n_neg
        b = out.n - n_pos - cp
        with nogil:
            if weighted:
                _split_weighted(&l, code, &s, &w, out.data, <double*>out_w.data, a, a + cn, b,
                                b + cp)
            else:
                _split(&l, code, &s, out.data, a, a + cn, out.data, b, b + cp)
    finally:
        release(&l)
        release(&s)
        release(&w)
        release(&out)
        release(&out_w)
    return cn, cp


cdef void _count_kept(Array* l, int64_t code, Array* w, Py_ssize_t* cn,
                      Py_ssize_t* cp) noexcept nogil:
    if l.kind == UINT8:
        count_kept(<uint8_t*>l.data, l.step, <uint8_t>code, <double*>w.data, w.step, l.n,
                   cn, cp)
    elif l.kind == INT8:
        count_kept(<int8_t*>l.data, l.step, <int8_t>code, <double*>w.data, w.step, l.n,
                   cn, cp)
    else:
        count_kept(<int64_t*>l.data, l.step, code, <double*>w.data, w.step, l.n, cn, cp)


cdef void _split_weighted_of(Array* l, int64_t code, const score_t* scores,
                             Py_ssize_t score_step, Array* w, score_t* out, double* out_w,
                             Py_ssize_t a, Py_ssize_t a_end, Py_ssize_t b,
                             Py_ssize_t b_end) noexcept nogil:
    # split_rows_weighted of the labels' dtype, into one buffer
    cdef const double* weights = <double*>w.data
    if l.kind == UINT8:
        split_rows_weighted(<uint8_t*>l.data, l.step, <uint8_t>code, scores, score_step,
                            weights, w.step, l.n, out, out_w, a, a_end, out, out_w, b, b_end)
    elif l.kind == INT8:
        split_rows_weighted(<int8_t*>l.data, l.step, <int8_t>code, scores, score_step,
                            weights, w.step, l.n, out, out_w, a, a_end, out, out_w, b, b_end)
    else:
        split_rows_weighted(<int64_t*>l.data, l.step, code, scores, score_step, weights,
                            w.step, l.n, out, out_w, a, a_end, out, out_w, b, b_end)


cdef void _split_weighted(Array* l, int64_t code, Array* s, Array* w, char* out,
                          double* out_w, Py_ssize_t a, Py_ssize_t a_end, Py_ssize_t b,
                          Py_ssize_t b_end) noexcept nogil:
    # the batch into one buffer: negatives to out[a:a_end], positives to out[b:b_end]
    if s.kind == FLOAT64:
        _split_weighted_of(l, code, <double*>s.data, s.step, w, <double*>out, out_w, a, a_end,
                           b, b_end)
    else:
        _split_weighted_of(l, code, <float*>s.data, s.step, w, <float*>out, out_w, a, a_end,
                           b, b_end)


cdef void _merge_sorted(const score_t* a, Py_ssize_t n_a, const score_t* b, Py_ssize_t n_b,
                        score_t* out) noexcept nogil:
    cdef Py_ssize_t i = 0, j = 0, k = 0, take_b
    while i < n_a and j < n_b:  # branch-free: the smaller head goes out (a's on ties)
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


def merge_sorted(a, b):
    """The ascending union of two ascending arrays, in one pass (``np.sort`` of both)."""
    cdef Array x, y, out
    no_buffer(&x)
    no_buffer(&y)
    no_buffer(&out)
    try:
        read_parts(&x, a, &y, b)
        out_arr = np.empty(x.n + y.n, dtype=_score_dtype(&x))
        write(&out, out_arr)
        with nogil:
            if x.kind == FLOAT64:
                _merge_sorted(<double*>x.data, x.n, <double*>y.data, y.n, <double*>out.data)
            else:
                _merge_sorted(<float*>x.data, x.n, <float*>y.data, y.n, <float*>out.data)
    finally:
        release(&x)
        release(&y)
        release(&out)
    return out_arr


cdef enum Merge:
    AP
    AUC
    AUC_WEIGHTED
    KS
    KS_WEIGHTED


cdef struct Merged:
    rs_u128 pairs  # AUC, KS: the exact count
    double value   # AP, weighted AUC, weighted KS
    double at      # KS: the smallest t reaching it


cdef Merged _merge_of(Merge what, const score_t* neg, const double* neg_weights,
                      Py_ssize_t n_neg, const score_t* pos, const double* pos_weights,
                      Py_ssize_t n_pos) noexcept nogil:
    cdef Merged out
    cdef score_t at = 0
    if what == AP:
        out.value = ap_sum(neg, neg_weights, n_neg, pos, pos_weights, n_pos)
    elif what == AUC:
        out.pairs = auc_pairs(neg, n_neg, pos, n_pos)
    elif what == AUC_WEIGHTED:
        out.value = auc_pairs_weighted(neg, neg_weights, n_neg, pos, pos_weights, n_pos)
    elif what == KS:
        out.pairs = ks_gap(neg, n_neg, pos, n_pos, &at)
    else:
        out.value = ks_weighted(neg, neg_weights, n_neg, pos, pos_weights, n_pos, &at)
    out.at = at
    return out


cdef int _merge(Merge what, object neg, object neg_weight, object pos, object pos_weight,
                Merged* out) except -1:
    """One merge of the class parts (each ascending, of one score dtype) and their weights
    (float64; None: unweighted, for the merges that allow it)."""
    cdef Array p[4]  # neg, pos, neg_weight, pos_weight
    no_buffers(p, 4)
    try:
        read_parts(&p[0], neg, &p[1], pos)
        if neg_weight is not None or what == AUC_WEIGHTED or what == KS_WEIGHTED:
            read_contiguous(&p[2], neg_weight)
            read_contiguous(&p[3], pos_weight)
            check_kind(&p[2], FLOAT64, "weights must be float64")
            check_kind(&p[3], FLOAT64, "weights must be float64")
            weights_of(&p[0], &p[2])
            weights_of(&p[1], &p[3])
        with nogil:
            if p[0].kind == FLOAT64:
                out[0] = _merge_of(what, <double*>p[0].data, <double*>p[2].data, p[0].n,
                                   <double*>p[1].data, <double*>p[3].data, p[1].n)
            else:
                out[0] = _merge_of(what, <float*>p[0].data, <double*>p[2].data, p[0].n,
                                   <float*>p[1].data, <double*>p[3].data, p[1].n)
    finally:
        release_each(p, 4)
    return 0


def ap_merge(neg, neg_weight, pos, pos_weight):
    """Average precision: sum over thresholds (descending) of
    (tp_k - tp_{k-1}) * tp_k / (tp_k + fp_k), accumulated in that order, over tp_last
    (needs a positive); weights None means unweighted."""
    cdef Merged m
    _merge(AP, neg, neg_weight, pos, pos_weight, &m)
    return m.value


def auc_merge(neg, pos):
    """Twice the Mann-Whitney U as an exact int: sum over positives of
    2 * #{neg < s} + #{neg == s}  (so AUC = result / (2 * n_pos * n_neg))."""
    cdef Merged m
    _merge(AUC, neg, None, pos, None, &m)
    return to_int(m.pairs)


def auc_merge_weighted(neg, neg_weight, pos, pos_weight):
    """The weighted AUC: the sum over positives of w+ * (W-(< s) + W-(== s) / 2) over that
    of w+ * W-, both accumulated in ascending order (at most 1; 1 at full separation).
    Both classes need a positive total weight."""
    cdef Merged m
    _merge(AUC_WEIGHTED, neg, neg_weight, pos, pos_weight, &m)
    return m.value


def ks_merge(neg, pos):
    """Largest |n_pos * #{neg <= t} - n_neg * #{pos <= t}| over distinct t (exact int) and the
    smallest t where it is reached (KS statistic = result / (n_pos * n_neg))."""
    cdef Merged m
    _merge(KS, neg, None, pos, None, &m)
    return to_int(m.pairs), m.at


def ks_merge_weighted(neg, neg_weight, pos, pos_weight):
    """Largest |F-(t) - F+(t)| with weighted CDFs over distinct t, and the smallest t where
    it is reached. The gaps are compared as |W+ C-(t) - W- C+(t)| (C: weight <= t, W: class
    total), exact for integer weights, so equal gaps tie as they do without weights; the
    statistic is that over W- W+ (the caller keeps W- W+ within range)."""
    cdef Merged m
    _merge(KS_WEIGHTED, neg, neg_weight, pos, pos_weight, &m)
    return m.value, m.at


def auc_merge_rows(neg, pos):
    """``auc_merge`` of every row pair (neg[r], pos[r]), as a list of ints."""
    cdef Array a, b, out
    cdef Py_ssize_t r
    cdef rs_u128 total
    cdef uint64_t* words
    no_buffer(&a)
    no_buffer(&b)
    no_buffer(&out)
    try:
        acquire(&a, neg, 2, False)
        if a.m > 1 and a.step2 != 1:
            release(&a)
            acquire(&a, np.ascontiguousarray(neg), 2, False)
        acquire(&b, pos, 2, False)
        if b.m > 1 and b.step2 != 1:
            release(&b)
            acquire(&b, np.ascontiguousarray(pos), 2, False)
        check_score_kind(&a, "neg")
        if a.kind != b.kind or a.n != b.n:
            raise TypeError("neg and pos must have one dtype and as many rows")
        out_arr = np.empty((a.n, 2), dtype=np.uint64)  # (hi, lo) words of each total
        acquire(&out, out_arr, 2, True)
        words = <uint64_t*>out.data
        with nogil:
            for r in range(a.n):
                if a.kind == FLOAT64:
                    total = auc_pairs(<double*>a.data + r * a.step, a.m,
                                      <double*>b.data + r * b.step, b.m)
                else:
                    total = auc_pairs(<float*>a.data + r * a.step, a.m,
                                      <float*>b.data + r * b.step, b.m)
                words[2 * r], words[2 * r + 1] = total.hi, total.lo
    finally:
        release(&a)
        release(&b)
        release(&out)
    return [(int(hi) << 64) | int(lo) for hi, lo in out_arr.tolist()]


cdef int _read_counts(Array* neg, object neg_counts, Array* pos, object pos_counts) except -1:
    read(neg, neg_counts)
    read(pos, pos_counts)
    check_kind(neg, INT64, "counts must be int64")
    check_kind(pos, INT64, "counts must be int64")
    if neg.n != pos.n:
        raise ValueError("neg and pos need one count per threshold")
    return 0


def auc_counts(neg, pos):
    """Twice the Mann-Whitney U from per-threshold class counts (thresholds ascending):
    sum over thresholds of pos[t] * (2 * #neg below t + neg[t]), an exact int (128-bit
    accumulator; each class total <= 2**62)."""
    cdef Array a, b
    cdef Py_ssize_t t
    cdef uint64_t below = 0, count
    cdef rs_u128 total = rs_u128(0, 0)
    cdef const int64_t* n_t
    cdef const int64_t* p_t
    no_buffer(&a)
    no_buffer(&b)
    try:
        _read_counts(&a, neg, &b, pos)
        n_t, p_t = <int64_t*>a.data, <int64_t*>b.data
        with nogil:
            for t in range(a.n):
                count = <uint64_t>n_t[t * a.step]
                total = rs_add(total, rs_mul(<uint64_t>p_t[t * b.step], 2 * below + count))
                below += count
    finally:
        release(&a)
        release(&b)
    return to_int(total)


def ks_counts(neg, pos):
    """(max over t of |n_pos * C-(t) - n_neg * C+(t)|, first t reaching it) from
    per-threshold class counts (thresholds ascending; C: cumulative counts <= t), exact
    (128-bit products; each class total <= 2**62)."""
    cdef Array a, b
    cdef Py_ssize_t t, best_t = 0
    cdef uint64_t n_neg = 0, n_pos = 0, c_neg = 0, c_pos = 0
    cdef rs_u128 d, best = rs_u128(0, 0)
    cdef const int64_t* n_t
    cdef const int64_t* p_t
    no_buffer(&a)
    no_buffer(&b)
    try:
        _read_counts(&a, neg, &b, pos)
        n_t, p_t = <int64_t*>a.data, <int64_t*>b.data
        with nogil:
            for t in range(a.n):
                n_neg += <uint64_t>n_t[t * a.step]
                n_pos += <uint64_t>p_t[t * b.step]
            for t in range(a.n):
                c_neg += <uint64_t>n_t[t * a.step]
                c_pos += <uint64_t>p_t[t * b.step]
                d = rs_gap(rs_mul(n_pos, c_neg), rs_mul(n_neg, c_pos))
                if rs_less(best, d):
                    best, best_t = d, t
    finally:
        release(&a)
        release(&b)
    return to_int(best), best_t


cdef void _take_rows_transposed(const score_t* scores, Py_ssize_t row_step,
                                Py_ssize_t column_step, const int64_t* rows,
                                Py_ssize_t rows_step, Py_ssize_t n_rows, score_t* out,
                                Py_ssize_t out_step, Py_ssize_t m) noexcept nogil:
    cdef Py_ssize_t r0, r1, r, j
    for r0 in range(0, n_rows, 16):
        r1 = min(r0 + 16, n_rows)
        for j in range(m):
            for r in range(r0, r1):
                out[j * out_step + r] = scores[rows[r * rows_step] * row_step + j * column_step]


def take_rows_transposed(scores, rows, out):
    """out[j, r] = scores[rows[r], j]: the chosen rows, one output row per column (tiled so
    that reads and writes both stay in cache)."""
    cdef Array s, r, o
    no_buffer(&s)
    no_buffer(&r)
    no_buffer(&o)
    try:
        acquire(&s, scores, 2, False)
        read(&r, rows)
        acquire(&o, out, 2, True)
        check_score_kind(&s, "scores")
        check_kind(&r, INT64, "rows must be int64")
        if o.kind != s.kind or (o.m > 1 and o.step2 != 1):
            raise TypeError("take_rows_transposed writes into rows of the scores' dtype, "
                            "each contiguous")
        if o.n > s.m or o.m < r.n:
            raise ValueError("take_rows_transposed: out is too small")
        indices_within(&r, s.n, "rows")
        with nogil:
            if s.kind == FLOAT64:
                _take_rows_transposed(<double*>s.data, s.step, s.step2, <int64_t*>r.data,
                                      r.step, r.n, <double*>o.data, o.step, o.n)
            else:
                _take_rows_transposed(<float*>s.data, s.step, s.step2, <int64_t*>r.data,
                                      r.step, r.n, <float*>o.data, o.step, o.n)
    finally:
        release(&s)
        release(&r)
        release(&o)


cdef Py_ssize_t _count_scores(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                              const score_t* scores, Py_ssize_t score_step, Py_ssize_t n,
                              Py_ssize_t max_distinct, int shift, uint64_t mask,
                              uint64_t* keys,
                              uint8_t* used, int64_t* neg, int64_t* pos, int64_t* lo,
                              int64_t* hi) noexcept nogil:
    # one pass over an open-addressing table of mask + 1 = 2^(64 - shift) slots: the
    # distinct scores found, or -1 as soon as there are more than max_distinct
    cdef Py_ssize_t i, n_distinct = 0
    cdef uint64_t bits, h
    cdef double x
    cdef int64_t p
    cdef label_t low = labels[0], high = labels[0], label
    for i in range(n):
        x = scores[i * score_step]
        if x == 0:
            x = 0.0  # -0.0 and 0.0 are one threshold
        memcpy(&bits, &x, 8)  # the bits of x (memcpy: no aliasing of a double as an int)
        h = (bits * <uint64_t>0x9E3779B97F4A7C15) >> shift  # Fibonacci hashing
        while used[h] and keys[h] != bits:
            h = (h + 1) & mask
        if not used[h]:
            if n_distinct == max_distinct:
                return -1
            used[h] = 1
            keys[h] = bits
            n_distinct += 1
        label = labels[i * label_step]
        p = label == pos_code
        pos[h] += p
        neg[h] += 1 - p
        low = label if label < low else low
        high = label if label > high else high
    lo[0], hi[0] = low, high
    return n_distinct


cdef Py_ssize_t _count_of(Array* l, int64_t code, const score_t* scores, Py_ssize_t score_step,
                          Py_ssize_t n, Py_ssize_t max_distinct, int shift, uint64_t mask,
                          uint64_t* keys, uint8_t* used, int64_t* neg, int64_t* pos,
                          int64_t* lo, int64_t* hi) noexcept nogil:
    # _count_scores of the labels' dtype
    if l.kind == UINT8:
        return _count_scores(<uint8_t*>l.data, l.step, <uint8_t>code, scores, score_step, n,
                             max_distinct, shift, mask, keys, used, neg, pos, lo, hi)
    if l.kind == INT8:
        return _count_scores(<int8_t*>l.data, l.step, <int8_t>code, scores, score_step, n,
                             max_distinct, shift, mask, keys, used, neg, pos, lo, hi)
    return _count_scores(<int64_t*>l.data, l.step, code, scores, score_step, n, max_distinct,
                         shift, mask, keys, used, neg, pos, lo, hi)


def count_scores(labels, pos_code, scores, Py_ssize_t max_distinct):
    """(distinct scores ascending as float64, negatives per score, positives per score,
    smallest label, largest label), or None as soon as there are more than ``max_distinct``
    distinct scores. One pass over an open-addressing table (heavily tied scores)."""
    cdef Array x[6]  # labels, scores, keys, used, negatives, positives (per slot)
    cdef Py_ssize_t capacity = 1, found = 0
    cdef int shift = 64
    cdef int64_t code = pos_code, lo = 0, hi = 0
    if max_distinct < 0:  # (the table would fill up and the probe never end)
        raise ValueError(f"max_distinct must be >= 0, got {max_distinct}")
    while capacity < 2 * max_distinct:
        capacity <<= 1
        shift -= 1
    keys_arr = np.empty(capacity, dtype=np.uint64)
    used_arr = np.zeros(capacity, dtype=np.uint8)
    neg_arr = np.zeros(capacity, dtype=np.int64)
    pos_arr = np.zeros(capacity, dtype=np.int64)
    no_buffers(x, 6)
    try:
        read_labelled(&x[0], labels, code, &x[1], scores, NULL, None, "count_scores")
        write(&x[2], keys_arr)
        write(&x[3], used_arr)
        write(&x[4], neg_arr)
        write(&x[5], pos_arr)
        with nogil:
            if x[1].n and x[1].kind == FLOAT64:
                found = _count_of(&x[0], code, <double*>x[1].data, x[1].step, x[1].n,
                                  max_distinct, shift, capacity - 1, <uint64_t*>x[2].data,
                                  <uint8_t*>x[3].data, <int64_t*>x[4].data,
                                  <int64_t*>x[5].data, &lo, &hi)
            elif x[1].n:
                found = _count_of(&x[0], code, <float*>x[1].data, x[1].step, x[1].n,
                                  max_distinct, shift, capacity - 1, <uint64_t*>x[2].data,
                                  <uint8_t*>x[3].data, <int64_t*>x[4].data,
                                  <int64_t*>x[5].data, &lo, &hi)
    finally:
        release_each(x, 6)
    if found < 0:
        return None
    slots = np.flatnonzero(used_arr)
    values = keys_arr[slots].view(np.float64)
    order = np.argsort(values)
    slots = slots[order]
    return values[order], neg_arr[slots], pos_arr[slots], lo, hi
