# Kernels for DeLong's variance and the bootstrap; mirrored by rankscore/_fallback/uncertainty.py.
#
# Both take the class parts sorted ascending (as the sweep kernels) and merge them in one
# pass. DeLong: every sample's placement. Bootstrap: a replicate only changes how many times
# each sample counts, so it is a vector of multiplicities over the sorted parts (drawn from
# the SplitMix64 stream of the replicate's seed, reproduced bit for bit by the fallback) and
# one weighted merge; nothing is sorted again.

from libc.math cimport NAN


cdef extern from *:
    """
    /* SplitMix64 (Steele, Lea & Flood 2014): the k-th output of the stream seeded with s. */
    static inline uint64_t rankscore_splitmix64(uint64_t s, uint64_t k) {
        uint64_t z = s + k * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }
    """
    uint64_t rankscore_splitmix64(uint64_t s, uint64_t k) noexcept nogil


def delong_placements(const sweep_score_t[:] neg, const sweep_score_t[:] pos,
                      double[:] neg_out, double[:] pos_out, const Py_ssize_t[:] neg_order,
                      const Py_ssize_t[:] pos_order):
    """Twice DeLong's placements, as exact integers in float64:
    pos_out = 2 #{neg < x} + #{neg == x} for each positive x,
    neg_out = 2 #{pos > y} + #{pos == y} for each negative y.
    Written in sorted order, or to out[order[i]] for the i-th smallest when orders are given."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], i = 0, j = 0, i_end, j_end, k
    cdef bint scatter = neg_order is not None
    cdef sweep_score_t t
    cdef double value
    with nogil:
        while i < n_neg or j < n_pos:  # one tied group of scores at a time, ascending
            if j == n_pos or (i < n_neg and neg[i] < pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            i_end = i
            while i_end < n_neg and neg[i_end] == t:
                i_end += 1
            j_end = j
            while j_end < n_pos and pos[j_end] == t:
                j_end += 1
            value = 2.0 * i + (i_end - i)  # the positives at t: negatives below, tied
            for k in range(j, j_end):
                pos_out[pos_order[k] if scatter else k] = value
            value = 2.0 * (n_pos - j_end) + (j_end - j)  # the negatives: positives above, tied
            for k in range(i, i_end):
                neg_out[neg_order[k] if scatter else k] = value
            i, j = i_end, j_end


def delong_square_sums(const sweep_score_t[:] neg, const sweep_score_t[:] pos,
                       double mean_pos, double mean_neg):
    """(sum over positives of (c - mean_pos)^2, sum over negatives of (d - mean_neg)^2) with
    c = 2 #{neg < x} + #{neg == x}, d = 2 #{pos > y} + #{pos == y} (the placements of
    ``delong_placements``), accumulated one tied group at a time, ascending: count * dev^2."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], i = 0, j = 0, i_end, j_end
    cdef sweep_score_t t
    cdef double sx = 0.0, sy = 0.0, dev
    with nogil:
        while i < n_neg or j < n_pos:
            if j == n_pos or (i < n_neg and neg[i] < pos[j]):
                t = neg[i]
            else:
                t = pos[j]
            i_end = i
            while i_end < n_neg and neg[i_end] == t:
                i_end += 1
            j_end = j
            while j_end < n_pos and pos[j_end] == t:
                j_end += 1
            if j_end > j:
                dev = (2.0 * i + (i_end - i)) - mean_pos
                sx += (j_end - j) * (dev * dev)
            if i_end > i:
                dev = (2.0 * (n_pos - j_end) + (j_end - j)) - mean_neg
                sy += (i_end - i) * (dev * dev)
            i, j = i_end, j_end
    return sx, sy


cdef inline uint64_t _draw_range(uint32_t* mult, Py_ssize_t start, Py_ssize_t size,
                                 uint64_t seed, uint64_t k) noexcept nogil:
    # size draws in [start, start + size), from output k + 1 of the stream on: draw k picks
    # start + floor(u * size), u = (z_k >> 11) 2^-53 uniform on [0, 1) (53 bits)
    cdef Py_ssize_t d, p
    cdef double u
    for d in range(size):
        k += 1
        u = <double>(rankscore_splitmix64(seed, k) >> 11) * 1.1102230246251565e-16
        p = <Py_ssize_t>(u * <double>size)
        mult[start + (p if p < size else size - 1)] += 1
    return k


cdef inline void _draw(uint32_t* mult, Py_ssize_t n, Py_ssize_t n_neg, bint stratified,
                       uint64_t seed) noexcept nogil:
    # mult[p] = times position p is drawn: n_neg draws in [0, n_neg) then n - n_neg in
    # [n_neg, n) when stratified, else n draws in [0, n)
    cdef Py_ssize_t p
    for p in range(n):
        mult[p] = 0
    if stratified:
        _draw_range(mult, n_neg, n - n_neg, seed, _draw_range(mult, 0, n_neg, seed, 0))
    else:
        _draw_range(mult, 0, n, seed, 0)


cdef inline double _weight(const uint32_t* mult, const Py_ssize_t* order, const double* weight,
                           Py_ssize_t i) noexcept nogil:
    # the replicate's weight of the i-th smallest score of a class (mult starts at the
    # class's first position; positions in sorted order, or order[i] when they follow the
    # samples); raw pointers, NULL for None: a memoryview argument costs a refcount per call
    cdef double m = mult[order[i] if order != NULL else i]
    return m * weight[i] if weight != NULL else m


cdef inline const Py_ssize_t* _order_ptr(const Py_ssize_t[::1] order) noexcept:
    return &order[0] if order is not None and order.shape[0] > 0 else NULL


cdef inline const double* _weight_ptr(const double[::1] weight) noexcept:
    return &weight[0] if weight is not None and weight.shape[0] > 0 else NULL


def bootstrap_auc(const sweep_score_t[:] neg, const double[::1] neg_weight,
                  const sweep_score_t[:] pos, const double[::1] pos_weight,
                  const Py_ssize_t[::1] neg_order, const Py_ssize_t[::1] pos_order,
                  bint stratified, const uint64_t[:] seeds, double[:] out):
    """ROC AUC of each replicate (NaN when a class is not drawn), each sample weighing
    (times drawn) x (its weight): with C the running sums of the negatives' weights,
    sum over positives of w+ (C[below] + (C[through] - C[below]) / 2), over (W+ W-).
    Positions: negatives [0, n_neg), positives [n_neg, n); order None = sorted order."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], r, i, j
    # where each positive falls among the negatives: found once, the same in every replicate
    below_arr = np.searchsorted(neg, pos, "left")
    through_arr = np.searchsorted(neg, pos, "right")
    cdef const Py_ssize_t[::1] below_at = below_arr, through_at = through_arr
    cum_arr = np.empty(n_neg + 1)
    cdef double[::1] cum = cum_arr
    cdef double total, w_pos, w, b
    mult_arr = np.empty(n_neg + n_pos, dtype=np.uint32)
    cdef uint32_t[::1] mult = mult_arr
    cdef const uint32_t* neg_mult = &mult[0]
    cdef const uint32_t* pos_mult = &mult[n_neg] if n_pos else NULL
    cdef const Py_ssize_t* neg_o = _order_ptr(neg_order)
    cdef const Py_ssize_t* pos_o = _order_ptr(pos_order)
    cdef const double* neg_w = _weight_ptr(neg_weight)
    cdef const double* pos_w = _weight_ptr(pos_weight)
    with nogil:
        for r in range(seeds.shape[0]):
            _draw(&mult[0], n_neg + n_pos, n_neg, stratified, seeds[r])
            cum[0] = 0.0
            for i in range(n_neg):
                cum[i + 1] = cum[i] + _weight(neg_mult, neg_o, neg_w, i)
            total = w_pos = 0.0
            for j in range(n_pos):
                w = _weight(pos_mult, pos_o, pos_w, j)
                b = cum[below_at[j]]
                total += w * (b + 0.5 * (cum[through_at[j]] - b))
                w_pos += w
            out[r] = total / (w_pos * cum[n_neg]) if w_pos > 0 and cum[n_neg] > 0 else NAN


def bootstrap_group_counts(const sweep_score_t[:] neg, const double[::1] neg_weight,
                           const sweep_score_t[:] pos, const double[::1] pos_weight,
                           const Py_ssize_t[::1] neg_order, const Py_ssize_t[::1] pos_order,
                           bint stratified, const uint64_t[:] seeds, double[:, ::1] out):
    """out[r, 2g] / out[r, 2g + 1]: replicate r's weight of negatives / positives scoring the
    g-th smallest distinct score (draws and weights as ``bootstrap_auc``)."""
    cdef Py_ssize_t n_neg = neg.shape[0], n_pos = pos.shape[0], r, i, c
    values = np.unique(np.concatenate([neg, pos]))
    neg_cell_arr = 2 * np.searchsorted(values, neg)
    pos_cell_arr = 2 * np.searchsorted(values, pos) + 1
    cdef const Py_ssize_t[::1] neg_cell = neg_cell_arr, pos_cell = pos_cell_arr
    mult_arr = np.empty(n_neg + n_pos, dtype=np.uint32)
    cdef uint32_t[::1] mult = mult_arr
    cdef const uint32_t* neg_mult = &mult[0]
    cdef const uint32_t* pos_mult = &mult[n_neg] if n_pos else NULL
    cdef const Py_ssize_t* neg_o = _order_ptr(neg_order)
    cdef const Py_ssize_t* pos_o = _order_ptr(pos_order)
    cdef const double* neg_w = _weight_ptr(neg_weight)
    cdef const double* pos_w = _weight_ptr(pos_weight)
    with nogil:
        for r in range(seeds.shape[0]):
            _draw(&mult[0], n_neg + n_pos, n_neg, stratified, seeds[r])
            for c in range(out.shape[1]):
                out[r, c] = 0.0
            for i in range(n_neg):
                out[r, neg_cell[i]] += _weight(neg_mult, neg_o, neg_w, i)
            for i in range(n_pos):
                out[r, pos_cell[i]] += _weight(pos_mult, pos_o, pos_w, i)
