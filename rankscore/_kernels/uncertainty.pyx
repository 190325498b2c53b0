# Kernels for DeLong's variance and the bootstrap; mirrored by rankscore/_fallback/uncertainty.py.
#
# Both take the class parts sorted ascending (as the sweep kernels) and merge them in one
# pass. DeLong: every sample's placement (delong_sample_placements sorts the parts itself,
# carrying each sample's index, so that several models' placements stay paired).
# Bootstrap: a replicate only changes how many times each sample counts, so it is a vector
# of multiplicities over the sorted parts (drawn from the SplitMix64 stream of the
# replicate's seed, reproduced bit for bit by the fallback) and one weighted merge; nothing
# is sorted again.

import numpy as np
from libc.math cimport NAN
from libc.stdlib cimport free, malloc, realloc
from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

from rankscore._kernels.arrays cimport (CONTIGUOUS, FLOAT64, INT8, UINT8, UINT64, WRITABLE,
                                        Array, check_code, check_kind, check_label_kind,
                                        check_score_kind, intp_kind, no_buffer, no_buffers,
                                        read, release, release_each, typed, write)
from rankscore._kernels.arrays cimport indices_within, read_parts
from rankscore._kernels.sort cimport MAX_DEPTH, RUN_BITS, Workspace, bit_length, sort_key, sort_run
from rankscore._kernels.types cimport label_t, score_t


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


cdef inline void _tied_group(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                             Py_ssize_t n_pos, Py_ssize_t i, Py_ssize_t j, Py_ssize_t* i_end,
                             Py_ssize_t* j_end) noexcept nogil:
    # the smallest score not yet visited (i, j: the first unvisited index of each ascending
    # part) stands at neg[i:*i_end] and pos[j:*j_end]
    cdef score_t t = neg[i] if j == n_pos or (i < n_neg and neg[i] < pos[j]) else pos[j]
    cdef Py_ssize_t e = i
    while e < n_neg and neg[e] == t:
        e += 1
    i_end[0] = e
    e = j
    while e < n_pos and pos[e] == t:
        e += 1
    j_end[0] = e


cdef double _merge_placements(const score_t* neg, Py_ssize_t n_neg,
                              const score_t* pos, Py_ssize_t n_pos,
                              const double* neg_order, const double* pos_order,
                              Py_ssize_t neg_below, Py_ssize_t pos_above,
                              double* out) noexcept nogil:
    # twice the placements of ascending parts that have neg_below negatives below them and
    # pos_above positives above, written to out[order[k]] for the k-th smallest:
    # pos 2 #{neg < x} + #{neg == x}, neg 2 #{pos > y} + #{pos == y}; returns their sum
    # over the positives
    cdef Py_ssize_t i = 0, j = 0, i_end, j_end, k
    cdef double value, total = 0.0
    while i < n_neg or j < n_pos:  # one tied group of scores at a time, ascending
        _tied_group(neg, n_neg, pos, n_pos, i, j, &i_end, &j_end)
        value = 2.0 * (neg_below + i) + (i_end - i)  # the positives at t: negatives below
        for k in range(j, j_end):
            out[<Py_ssize_t>pos_order[k]] = value
        total += value * (j_end - j)
        value = 2.0 * (pos_above + n_pos - j_end) + (j_end - j)  # negatives: positives above
        for k in range(i, i_end):
            out[<Py_ssize_t>neg_order[k]] = value
        i, j = i_end, j_end
    return total


cdef struct _Scratch:
    # a group's scores and sample indices, and the bucket sort's workspace, grown on demand
    void* values
    double* order
    Py_ssize_t capacity
    Workspace work


cdef int _reserve(_Scratch* scratch, Py_ssize_t n, size_t item) noexcept nogil:
    # room for n scores of item bytes (and a weighted bucket sort of n); -1: out of memory
    cdef void* p
    if n <= scratch.capacity:
        return 0
    n = max(n, 2 * scratch.capacity)
    # (a NULL from realloc leaves the old block, which the caller frees)
    p = realloc(scratch.values, n * item)
    if p == NULL:
        return -1
    scratch.values = p
    p = realloc(scratch.work.scores, n * item)
    if p == NULL:
        return -1
    scratch.work.scores = p
    p = realloc(scratch.order, n * sizeof(double))
    if p == NULL:
        return -1
    scratch.order = <double*>p
    p = realloc(scratch.work.weights, n * sizeof(double))
    if p == NULL:
        return -1
    scratch.work.weights = <double*>p
    if scratch.work.counts == NULL:
        scratch.work.counts = <Py_ssize_t*>malloc(
            MAX_DEPTH * (2 * (1 << RUN_BITS) + 1) * sizeof(Py_ssize_t))
        if scratch.work.counts == NULL:
            return -1
    scratch.capacity = scratch.work.capacity = n
    return 0


cdef void _gather_sorted(const uint64_t* packed, Py_ssize_t n, uint64_t mask,
                         const score_t* scores, Py_ssize_t step, score_t* values,
                         double* order, Workspace* work) noexcept nogil:
    # the scores of samples packed[k] & mask, ascending (order: the samples, alongside)
    cdef Py_ssize_t k
    for k in range(n):
        order[k] = <double>(packed[k] & mask)
        values[k] = scores[(packed[k] & mask) * step] + 0
    sort_run(values, order, n, work, 0)


cdef double _packed_placements(const uint64_t* neg_packed, Py_ssize_t n_neg,
                               const uint64_t* pos_packed, Py_ssize_t n_pos, int index_bits,
                               const score_t* scores, Py_ssize_t step, double* out,
                               _Scratch* scratch) noexcept nogil:
    # Merge of the sorted packed keys into out[sample]; returns 2U = the sum of the
    # positives' placements, or -1 when out of memory. While the truncated scores (high
    # bits) differ, the smaller sample takes its placement from the other class's count so
    # far: a positive 2 #{negatives before}, a negative 2 #{positives after} (one store, no
    # branch). Equal truncated scores in both classes (ties, or scores equal in their
    # leading bits) are a group ordered by the scores themselves and merged exactly.
    cdef uint64_t mask = (<uint64_t>1 << index_bits) - 1, t
    cdef Py_ssize_t i = 0, j = 0, i_end, j_end, g
    cdef bint neg_first
    cdef double* dst
    cdef double twice_u = 0.0, value
    cdef score_t* values
    while i < n_neg and j < n_pos:
        t = neg_packed[i] & ~mask
        if t != (pos_packed[j] & ~mask):
            neg_first = neg_packed[i] < pos_packed[j]
            dst = out + (neg_packed[i] & mask if neg_first else pos_packed[j] & mask)
            value = 2.0 * (n_pos - j) if neg_first else 2.0 * i
            dst[0] = value
            twice_u += 0.0 if neg_first else value
            i += neg_first
            j += not neg_first
            continue
        i_end = i
        while i_end < n_neg and (neg_packed[i_end] & ~mask) == t:
            i_end += 1
        j_end = j
        while j_end < n_pos and (pos_packed[j_end] & ~mask) == t:
            j_end += 1
        g = i_end - i
        if _reserve(scratch, g + j_end - j, sizeof(score_t)) < 0:
            return -1.0
        values = <score_t*>scratch.values
        _gather_sorted(neg_packed + i, g, mask, scores, step, values, scratch.order,
                       &scratch.work)
        _gather_sorted(pos_packed + j, j_end - j, mask, scores, step, values + g,
                       scratch.order + g, &scratch.work)
        twice_u += _merge_placements(values, g, values + g, j_end - j, scratch.order,
                                     scratch.order + g, i, n_pos - j_end, out)
        i, j = i_end, j_end
    for i in range(i, n_neg):  # above every positive
        out[neg_packed[i] & mask] = 0.0
    for j in range(j, n_pos):  # above every negative
        out[pos_packed[j] & mask] = 2.0 * n_neg
        twice_u += 2.0 * n_neg
    return twice_u


cdef Py_ssize_t _pack(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                      const score_t* scores, Py_ssize_t score_step, Py_ssize_t n,
                      uint64_t mask, uint64_t* neg_packed, uint64_t* pos_packed,
                      Py_ssize_t n_pos) noexcept nogil:
    # each class's packed keys (the score's key in the high bits, the sample's index in the
    # mask bits), in sample order; one spare slot each: both classes are written every time
    # (no branch on the label), the negatives into [0, n - n_pos], the positives into
    # [0, n_pos] whatever the labels (a wrong n_pos overwrites the spare slot, and the
    # caller refuses it). Returns the number of positives found.
    cdef Py_ssize_t i, a = 0, b = 0, is_pos, n_neg = n - n_pos
    cdef int align = 32 if score_t is float else 0  # the key's top bit to bit 63
    cdef uint64_t packed
    for i in range(n):
        packed = ((<uint64_t>sort_key(scores[i * score_step] + 0) << align) & ~mask) | <uint64_t>i
        is_pos = labels[i * label_step] == pos_code
        pos_packed[b if b < n_pos else n_pos] = packed
        neg_packed[a if a < n_neg else n_neg] = packed
        b += is_pos
        a += 1 - is_pos
    return b


cdef Py_ssize_t _pack_of(Array* l, int64_t code, const score_t* scores, Py_ssize_t score_step,
                        uint64_t mask, uint64_t* neg_packed, uint64_t* pos_packed,
                        Py_ssize_t n_pos) noexcept nogil:
    if l.kind == UINT8:
        return _pack(<uint8_t*>l.data, l.step, <uint8_t>code, scores, score_step, l.n, mask,
                     neg_packed, pos_packed, n_pos)
    if l.kind == INT8:
        return _pack(<int8_t*>l.data, l.step, <int8_t>code, scores, score_step, l.n, mask,
                     neg_packed, pos_packed, n_pos)
    return _pack(<int64_t*>l.data, l.step, code, scores, score_step, l.n, mask, neg_packed,
                 pos_packed, n_pos)


cdef int _read_labels(Array* l, object labels, int64_t code) except -1:
    read(l, labels)
    check_label_kind(l)
    check_code(l, code)
    return 0


cdef int _positives(Py_ssize_t n_pos, Py_ssize_t found) except -1:
    if n_pos != found:
        raise ValueError(f"n_pos must be the number of positives, got {n_pos} for {found}")
    return 0


def delong_sample_placements(labels, pos_code, scores, Py_ssize_t n_pos, out):
    """Twice DeLong's placements of every sample, in sample order (n_pos: the number of
    positives): out[i] = 2 #{neg < x_i} + #{neg == x_i} for a positive x_i,
    2 #{pos > x_i} + #{pos == x_i} for a negative. Returns 2U, the sum over positives."""
    # Each class is ordered by np.sort of packed 64-bit keys: the score's order-preserving
    # key (_kernels/sort.pyx) in the high bits, its low bits replaced by the sample's index:
    # a sort that carries the indices at the cost of a plain sort (and NumPy's SIMD sort
    # where the CPU has one). Scores equal in the high bits are told apart in the merge, the
    # only place where the scores themselves are read again.
    cdef Array l, s, o, a, b
    cdef int64_t code = pos_code
    cdef Py_ssize_t n, n_neg, found = 0
    cdef int index_bits
    cdef uint64_t mask
    cdef double twice_u
    cdef _Scratch scratch
    memset(&scratch, 0, sizeof(scratch))
    no_buffer(&l)
    no_buffer(&s)
    no_buffer(&o)
    no_buffer(&a)
    no_buffer(&b)
    try:
        _read_labels(&l, labels, code)
        read(&s, scores)
        check_score_kind(&s, "scores")
        write(&o, out)
        check_kind(&o, FLOAT64, "out must be float64")
        n = s.n
        n_neg = n - n_pos
        if l.n != n or o.n != n or not 0 <= n_pos <= n:
            raise ValueError("labels, scores and out must have the same length, n_pos at "
                             "most it")
        if n > 1 and o.step != 1:
            raise ValueError("out must be contiguous")
        index_bits = bit_length(<uint64_t>max(n, 1) - 1)
        mask = (<uint64_t>1 << index_bits) - 1
        neg_packed_arr = np.empty(n_neg + 1, dtype=np.uint64)
        pos_packed_arr = np.empty(n_pos + 1, dtype=np.uint64)
        write(&a, neg_packed_arr)
        write(&b, pos_packed_arr)
        with nogil:
            if s.kind == FLOAT64:
                found = _pack_of(&l, code, <double*>s.data, s.step, mask, <uint64_t*>a.data,
                                 <uint64_t*>b.data, n_pos)
            else:
                found = _pack_of(&l, code, <float*>s.data, s.step, mask, <uint64_t*>a.data,
                                 <uint64_t*>b.data, n_pos)
        _positives(n_pos, found)
        neg_packed_arr[:n_neg].sort()  # NumPy releases the GIL
        pos_packed_arr[:n_pos].sort()
        with nogil:
            if s.kind == FLOAT64:
                twice_u = _packed_placements(<uint64_t*>a.data, n_neg, <uint64_t*>b.data,
                                             n_pos, index_bits, <double*>s.data, s.step,
                                             <double*>o.data, &scratch)
            else:
                twice_u = _packed_placements(<uint64_t*>a.data, n_neg, <uint64_t*>b.data,
                                             n_pos, index_bits, <float*>s.data, s.step,
                                             <double*>o.data, &scratch)
        if twice_u < 0:
            raise MemoryError()
    finally:
        free(scratch.values)
        free(scratch.order)
        free(scratch.work.scores)
        free(scratch.work.weights)
        free(scratch.work.counts)
        release(&l)
        release(&s)
        release(&o)
        release(&a)
        release(&b)
    return twice_u


cdef void _scale(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                 double* values, Py_ssize_t step, Py_ssize_t n, double pos_shift,
                 double pos_scale, double neg_shift, double neg_scale) noexcept nogil:
    cdef Py_ssize_t i
    cdef bint is_pos
    for i in range(n):
        is_pos = labels[i * label_step] == pos_code
        values[i * step] = ((values[i * step] - (pos_shift if is_pos else neg_shift))
                            * (pos_scale if is_pos else neg_scale))


def delong_scale(labels, pos_code, values, double pos_shift, double pos_scale,
                 double neg_shift, double neg_scale):
    """In place: (values[i] - shift) * scale with the shift and scale of sample i's class."""
    cdef Array l, v
    cdef int64_t code = pos_code
    no_buffer(&l)
    no_buffer(&v)
    try:
        _read_labels(&l, labels, code)
        write(&v, values)
        check_kind(&v, FLOAT64, "values must be float64")
        if l.n != v.n:
            raise ValueError("labels and values must have the same length")
        with nogil:
            if l.kind == UINT8:
                _scale(<uint8_t*>l.data, l.step, <uint8_t>code, <double*>v.data, v.step, v.n,
                       pos_shift, pos_scale, neg_shift, neg_scale)
            elif l.kind == INT8:
                _scale(<int8_t*>l.data, l.step, <int8_t>code, <double*>v.data, v.step, v.n,
                       pos_shift, pos_scale, neg_shift, neg_scale)
            else:
                _scale(<int64_t*>l.data, l.step, code, <double*>v.data, v.step, v.n,
                       pos_shift, pos_scale, neg_shift, neg_scale)
    finally:
        release(&l)
        release(&v)


cdef void _square_sums(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                       Py_ssize_t n_pos, double mean_pos, double mean_neg,
                       double* out) noexcept nogil:
    cdef Py_ssize_t i = 0, j = 0, i_end, j_end
    cdef double sx = 0.0, sy = 0.0, dev
    while i < n_neg or j < n_pos:
        _tied_group(neg, n_neg, pos, n_pos, i, j, &i_end, &j_end)
        if j_end > j:
            dev = (2.0 * i + (i_end - i)) - mean_pos
            sx += (j_end - j) * (dev * dev)
        if i_end > i:
            dev = (2.0 * (n_pos - j_end) + (j_end - j)) - mean_neg
            sy += (i_end - i) * (dev * dev)
        i, j = i_end, j_end
    out[0], out[1] = sx, sy


def delong_square_sums(neg, pos, double mean_pos, double mean_neg):
    """(sum over positives of (c - mean_pos)^2, sum over negatives of (d - mean_neg)^2) with
    c = 2 #{neg < x} + #{neg == x}, d = 2 #{pos > y} + #{pos == y} (the placements of
    ``delong_sample_placements``), accumulated one tied group at a time, ascending:
    count * dev^2."""
    cdef Array a, b
    cdef double out[2]
    no_buffer(&a)
    no_buffer(&b)
    try:
        read_parts(&a, neg, &b, pos)
        with nogil:
            if a.kind == FLOAT64:
                _square_sums(<double*>a.data, a.n, <double*>b.data, b.n, mean_pos, mean_neg,
                             out)
            else:
                _square_sums(<float*>a.data, a.n, <float*>b.data, b.n, mean_pos, mean_neg,
                             out)
    finally:
        release(&a)
        release(&b)
    return out[0], out[1]


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


cdef struct Drawn:
    # one class in the current replicate: the times each of its positions is drawn (mult,
    # from the class's first position; the negatives' is the whole replicate's, which _draw
    # writes), the positions of its sorted scores (order; NULL: sorted order) and the
    # weights of its sorted scores (weight; NULL: none)
    uint32_t* mult
    const Py_ssize_t* order
    const double* weight


cdef inline double _weight(const Drawn* c, Py_ssize_t i) noexcept nogil:
    # the replicate's weight of the i-th smallest score of the class: (times drawn) x (its
    # weight)
    cdef double m = c.mult[c.order[i] if c.order != NULL else i]
    return m * c.weight[i] if c.weight != NULL else m


cdef int _read_drawn(Array* a, object neg_weight, object pos_weight, object neg_order,
                     object pos_order) except -1:
    """a[0:4]: the weights (float64) and orders (intp) of the two classes, C-contiguous;
    None leaves its Array empty."""
    if neg_weight is not None:
        typed(&a[0], neg_weight, FLOAT64, 1, CONTIGUOUS)
    if pos_weight is not None:
        typed(&a[1], pos_weight, FLOAT64, 1, CONTIGUOUS)
    if neg_order is not None:
        typed(&a[2], neg_order, intp_kind(), 1, CONTIGUOUS)
    if pos_order is not None:
        typed(&a[3], pos_order, intp_kind(), 1, CONTIGUOUS)
    return 0


cdef inline void* _data(Array* a) noexcept:
    return a.data if a.n > 0 else NULL  # (NULL for None or empty)


cdef int _drawn_parts(Array* a, object neg_weight, object pos_weight, object neg_order,
                      object pos_order, Py_ssize_t n_neg, Py_ssize_t n_pos) except -1:
    """The weights and orders of a[0:4] (_read_drawn) one per score of their class, the
    orders' positions within it (one pass over each order, which every replicate reads)."""
    if neg_weight is not None:
        _per_score(&a[0], n_neg, "neg_weight")
    if pos_weight is not None:
        _per_score(&a[1], n_pos, "pos_weight")
    if neg_order is not None:
        _per_score(&a[2], n_neg, "neg_order")
        indices_within(&a[2], n_neg, "neg_order")
    if pos_order is not None:
        _per_score(&a[3], n_pos, "pos_order")
        indices_within(&a[3], n_pos, "pos_order")
    return 0


cdef int _per_score(Array* a, Py_ssize_t n, str what) except -1:
    if a.n != n:
        raise ValueError(f"{what} must have one entry per score of its class, got {a.n} "
                         f"for {n}")
    return 0


cdef int _room(Py_ssize_t rows, Py_ssize_t n_seeds) except -1:
    if rows < n_seeds:
        raise ValueError(f"out must have a row per seed, got {rows} for {n_seeds} seeds")
    return 0


cdef int _replicates(Drawn* neg, Drawn* pos, Py_ssize_t n_neg, Py_ssize_t n_pos,
                     Array* a) except -1:
    """Hold in a[4] a new array of the times each position is drawn (negatives [0, n_neg),
    positives [n_neg, n)), and point neg and pos into it and at the weights and orders of
    a[0:4] (_read_drawn): the caller holds them while they draw."""
    write(&a[4], np.empty(n_neg + n_pos, dtype=np.uint32))
    cdef uint32_t* mult = <uint32_t*>a[4].data
    neg.mult, neg.order, neg.weight = mult, <Py_ssize_t*>_data(&a[2]), <double*>_data(&a[0])
    pos.mult = mult + n_neg if n_pos else NULL
    pos.order, pos.weight = <Py_ssize_t*>_data(&a[3]), <double*>_data(&a[1])
    return 0


def bootstrap_auc(neg, neg_weight, pos, pos_weight, neg_order, pos_order, bint stratified,
                  seeds, out):
    """ROC AUC of each replicate (NaN when a class is not drawn), each sample weighing
    (times drawn) x (its weight): with C the running sums of the negatives' weights,
    sum over positives of w+ (C[below] + (C[through] - C[below]) / 2), over that of
    w+ C[n_neg] in the same order (at most 1, as ``auc_merge_weighted``).
    Positions: negatives [0, n_neg), positives [n_neg, n); order None = sorted order.
    Weights float64 and orders intp, C-contiguous (or None); seeds uint64; out float64."""
    cdef Array a[10]  # weights, orders, mult, seeds, out, below, through, cum
    cdef Py_ssize_t n_neg, n_pos, r, i, j, seed_step, out_step
    cdef Drawn neg_c, pos_c
    cdef const uint64_t* seed
    cdef double* result
    cdef const Py_ssize_t* below_at
    cdef const Py_ssize_t* through_at
    cdef double* cum
    cdef double total, most, w, b
    no_buffers(a, 10)
    try:
        _read_drawn(a, neg_weight, pos_weight, neg_order, pos_order)
        typed(&a[5], seeds, UINT64, 1, 0)
        typed(&a[6], out, FLOAT64, 1, WRITABLE)
        seed, seed_step = <uint64_t*>a[5].data, a[5].step
        result, out_step = <double*>a[6].data, a[6].step
        n_neg, n_pos = len(neg), len(pos)
        _drawn_parts(a, neg_weight, pos_weight, neg_order, pos_order, n_neg, n_pos)
        _room(a[6].n, a[5].n)
        # where each positive falls among the negatives: found once, the same in every
        # replicate
        typed(&a[7], np.searchsorted(neg, pos, "left"), intp_kind(), 1, CONTIGUOUS)
        typed(&a[8], np.searchsorted(neg, pos, "right"), intp_kind(), 1, CONTIGUOUS)
        below_at, through_at = <Py_ssize_t*>a[7].data, <Py_ssize_t*>a[8].data
        write(&a[9], np.empty(n_neg + 1))
        cum = <double*>a[9].data
        _replicates(&neg_c, &pos_c, n_neg, n_pos, a)
        with nogil:
            for r in range(a[5].n):
                _draw(neg_c.mult, n_neg + n_pos, n_neg, stratified, seed[r * seed_step])
                cum[0] = 0.0
                for i in range(n_neg):
                    cum[i + 1] = cum[i] + _weight(&neg_c, i)
                total = most = 0.0
                for j in range(n_pos):
                    w = _weight(&pos_c, j)
                    b = cum[below_at[j]]
                    total += w * (b + 0.5 * (cum[through_at[j]] - b))
                    most += w * cum[n_neg]
                # (most is 0 when a class has no weight drawn, or where W+ W- underflowed
                # too: NaN)
                result[r * out_step] = total / most if most > 0 else NAN
    finally:
        release_each(a, 10)


def bootstrap_group_counts(neg, neg_weight, pos, pos_weight, neg_order, pos_order,
                           bint stratified, seeds, out):
    """out[r, 2g] / out[r, 2g + 1]: replicate r's weight of negatives / positives scoring the
    g-th smallest distinct score (draws and weights as ``bootstrap_auc``; out float64,
    C-contiguous)."""
    cdef Array a[9]  # weights, orders, mult, seeds, out, the cells of each class
    cdef Py_ssize_t n_neg, n_pos, r, i, c, seed_step, width
    cdef Drawn neg_c, pos_c
    cdef const uint64_t* seed
    cdef double* row
    cdef const Py_ssize_t* neg_cell
    cdef const Py_ssize_t* pos_cell
    no_buffers(a, 9)
    try:
        _read_drawn(a, neg_weight, pos_weight, neg_order, pos_order)
        typed(&a[5], seeds, UINT64, 1, 0)
        typed(&a[6], out, FLOAT64, 2, WRITABLE | CONTIGUOUS)
        seed, seed_step = <uint64_t*>a[5].data, a[5].step
        width = a[6].m
        n_neg, n_pos = len(neg), len(pos)
        _drawn_parts(a, neg_weight, pos_weight, neg_order, pos_order, n_neg, n_pos)
        _room(a[6].n, a[5].n)
        values = np.unique(np.concatenate([neg, pos]))
        if width < 2 * len(values):
            raise ValueError(f"out must have two columns per distinct score, got {width} for "
                             f"{len(values)}")
        typed(&a[7], 2 * np.searchsorted(values, neg), intp_kind(), 1, CONTIGUOUS)
        typed(&a[8], 2 * np.searchsorted(values, pos) + 1, intp_kind(), 1, CONTIGUOUS)
        neg_cell, pos_cell = <Py_ssize_t*>a[7].data, <Py_ssize_t*>a[8].data
        _replicates(&neg_c, &pos_c, n_neg, n_pos, a)
        with nogil:
            for r in range(a[5].n):
                _draw(neg_c.mult, n_neg + n_pos, n_neg, stratified, seed[r * seed_step])
                row = <double*>a[6].data + r * width
                for c in range(width):
                    row[c] = 0.0
                for i in range(n_neg):
                    row[neg_cell[i]] += _weight(&neg_c, i)
                for i in range(n_pos):
                    row[pos_cell[i]] += _weight(&pos_c, i)
    finally:
        release_each(a, 9)
