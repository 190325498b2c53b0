# Kernels for DeLong's variance and the bootstrap; mirrored by rankscore/_fallback/uncertainty.py.
#
# Both take the class parts sorted ascending (as the sweep kernels) and merge them in one
# pass. DeLong: every sample's placement (delong_sample_placements sorts the parts itself,
# carrying each sample's index, so that several models' placements stay paired).
# Bootstrap: a replicate only changes how many times each sample counts, so it is a vector
# of multiplicities over the sorted parts (drawn from the SplitMix64 stream of the
# replicate's seed, reproduced bit for bit by the fallback) and one weighted merge; nothing
# is sorted again.

from libc.math cimport NAN
from libc.stdlib cimport free, malloc


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


cdef void _merge_placements(const sweep_score_t* neg, Py_ssize_t n_neg,
                            const sweep_score_t* pos, Py_ssize_t n_pos,
                            const double* neg_order, const double* pos_order,
                            Py_ssize_t neg_below, Py_ssize_t pos_above,
                            double* neg_out, double* pos_out) noexcept nogil:
    # twice the placements of ascending parts that have neg_below negatives below them and
    # pos_above positives above, written to out[order[k]] for the k-th smallest:
    # pos 2 #{neg < x} + #{neg == x}, neg 2 #{pos > y} + #{pos == y}
    cdef Py_ssize_t i = 0, j = 0, i_end, j_end, k
    cdef sweep_score_t t
    cdef double value
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
        value = 2.0 * (neg_below + i) + (i_end - i)  # the positives at t: negatives below
        for k in range(j, j_end):
            pos_out[<Py_ssize_t>pos_order[k]] = value
        value = 2.0 * (pos_above + n_pos - j_end) + (j_end - j)  # negatives: positives above
        for k in range(i, i_end):
            neg_out[<Py_ssize_t>neg_order[k]] = value
        i, j = i_end, j_end


cdef void _gather_sorted(const uint64_t* packed, Py_ssize_t n, uint64_t mask,
                         const sweep_score_t* part, sweep_score_t* values, double* order,
                         _Workspace* work) noexcept nogil:
    # the scores part[packed[k] & mask], ascending (order: their indices, alongside)
    cdef Py_ssize_t k
    for k in range(n):
        order[k] = <double>(packed[k] & mask)
        values[k] = part[packed[k] & mask]
    _sort_run(values, order, n, work, 0)


cdef void _packed_placements(const uint64_t* neg_packed, Py_ssize_t n_neg,
                             const uint64_t* pos_packed, Py_ssize_t n_pos, int index_bits,
                             const sweep_score_t* neg, const sweep_score_t* pos,
                             double* neg_out, double* pos_out, sweep_score_t* values,
                             double* order, _Workspace* work) noexcept nogil:
    # Merge of the sorted packed keys. While the truncated scores (high bits) differ, the
    # smaller sample takes its placement from the other class's count so far: a positive
    # 2 #{negatives before}, a negative 2 #{positives after} (one store, no branch). Equal
    # truncated scores in both classes (ties, or scores equal in their leading bits) are a
    # group ordered by the scores themselves and merged exactly (values, order: scratch).
    cdef uint64_t mask = (<uint64_t>1 << index_bits) - 1, t
    cdef Py_ssize_t i = 0, j = 0, i_end, j_end
    cdef bint neg_first
    cdef double* dst
    while i < n_neg and j < n_pos:
        t = neg_packed[i] & ~mask
        if t != (pos_packed[j] & ~mask):
            neg_first = neg_packed[i] < pos_packed[j]
            dst = neg_out + (neg_packed[i] & mask) if neg_first else pos_out + (
                pos_packed[j] & mask)
            dst[0] = 2.0 * (n_pos - j) if neg_first else 2.0 * i
            i += neg_first
            j += not neg_first
            continue
        i_end = i
        while i_end < n_neg and (neg_packed[i_end] & ~mask) == t:
            i_end += 1
        j_end = j
        while j_end < n_pos and (pos_packed[j_end] & ~mask) == t:
            j_end += 1
        _gather_sorted(neg_packed + i, i_end - i, mask, neg, values, order, work)
        _gather_sorted(pos_packed + j, j_end - j, mask, pos, values + (i_end - i),
                       order + (i_end - i), work)
        _merge_placements(values, i_end - i, values + (i_end - i), j_end - j, order,
                          order + (i_end - i), i, n_pos - j_end, neg_out, pos_out)
        i, j = i_end, j_end
    for i in range(i, n_neg):  # above every positive
        neg_out[neg_packed[i] & mask] = 0.0
    for j in range(j, n_pos):  # above every negative
        pos_out[pos_packed[j] & mask] = 2.0 * n_neg


def delong_sample_placements(const sweep_label_t[:] labels, sweep_label_t pos_code,
                             const sweep_score_t[:] scores, double[:] neg_out,
                             double[:] pos_out):
    """Twice DeLong's placements of every sample, each class in sample order:
    pos_out[j] = 2 #{neg < x} + #{neg == x} for the j-th positive x,
    neg_out[j] = 2 #{pos > y} + #{pos == y} for the j-th negative y
    (out lengths: the class counts)."""
    # Each class part is ordered by np.sort of packed 64-bit keys: the score's
    # order-preserving key (_kernels_sort.pxi) in the high bits, its low bits replaced by
    # the sample's index in the part: a sort that carries the indices at the cost of a plain
    # sort (and NumPy's SIMD sort where the CPU has one). Scores equal in the high bits are
    # told apart in the merge, the only place where the scores themselves are read.
    cdef Py_ssize_t n = scores.shape[0], n_neg = neg_out.shape[0], n_pos = pos_out.shape[0]
    cdef Py_ssize_t i, a = 0, b = 0, is_pos, longest = max(n_neg, n_pos, 1)
    cdef int index_bits = _bit_length(<uint64_t>longest - 1)
    cdef int align = 32 if sweep_score_t is float else 0  # the key's top bit to bit 63
    cdef uint64_t mask = (<uint64_t>1 << index_bits) - 1, packed
    cdef sweep_score_t x
    cdef _Workspace work
    dtype = np.float32 if sweep_score_t is float else np.float64
    # one spare slot each: both classes are written every time (no branch on the label)
    neg_arr, pos_arr = np.empty(n_neg + 1, dtype=dtype), np.empty(n_pos + 1, dtype=dtype)
    neg_packed_arr = np.empty(n_neg + 1, dtype=np.uint64)
    pos_packed_arr = np.empty(n_pos + 1, dtype=np.uint64)
    cdef sweep_score_t[::1] neg = neg_arr, pos = pos_arr
    cdef uint64_t[::1] neg_packed = neg_packed_arr, pos_packed = pos_packed_arr
    with nogil:
        for i in range(n):
            x = scores[i] + 0  # -0.0 as 0.0: one key
            packed = (<uint64_t>_sort_key(x) << align) & ~mask
            is_pos = labels[i] == pos_code
            pos[b] = x
            pos_packed[b] = packed | <uint64_t>b
            neg[a] = x
            neg_packed[a] = packed | <uint64_t>a
            b += is_pos
            a += 1 - is_pos
    neg_packed_arr[:n_neg].sort()  # NumPy releases the GIL
    pos_packed_arr[:n_pos].sort()
    # scratch for the groups of both classes; malloc'ed pages cost nothing until touched
    work.capacity = longest
    work.scores = malloc(longest * sizeof(sweep_score_t))
    work.weights = <double*>malloc(longest * sizeof(double))
    work.counts = <Py_ssize_t*>malloc(
        _MAX_DEPTH * (2 * (1 << _RUN_BITS) + 1) * sizeof(Py_ssize_t))
    cdef sweep_score_t* values = <sweep_score_t*>malloc((n_neg + n_pos + 1) * sizeof(x))
    cdef double* order = <double*>malloc((n_neg + n_pos + 1) * sizeof(double))
    try:
        if (work.scores == NULL or work.weights == NULL or work.counts == NULL
                or values == NULL or order == NULL):
            raise MemoryError()
        with nogil:
            _packed_placements(&neg_packed[0] if n_neg else NULL, n_neg,
                               &pos_packed[0] if n_pos else NULL, n_pos, index_bits,
                               &neg[0] if n_neg else NULL, &pos[0] if n_pos else NULL,
                               &neg_out[0] if n_neg else NULL, &pos_out[0] if n_pos else NULL,
                               values, order, &work)
    finally:
        free(work.scores)
        free(work.weights)
        free(work.counts)
        free(values)
        free(order)


def delong_square_sums(const sweep_score_t[:] neg, const sweep_score_t[:] pos,
                       double mean_pos, double mean_neg):
    """(sum over positives of (c - mean_pos)^2, sum over negatives of (d - mean_neg)^2) with
    c = 2 #{neg < x} + #{neg == x}, d = 2 #{pos > y} + #{pos == y} (the placements of
    ``delong_sample_placements``), accumulated one tied group at a time, ascending:
    count * dev^2."""
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
