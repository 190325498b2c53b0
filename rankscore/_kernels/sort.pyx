# Kernels that order each class's scores without np.sort; mirrored by
# rankscore/_fallback/sort.py (which keeps np.sort: the sorted result is the same array).
#
# Scores are compared through an order-preserving unsigned key: the IEEE bits with the sign
# bit flipped for positives and every bit flipped for negatives, after -0.0 became 0.0 (so
# the two zeros are one key and stay one threshold). NaN keys lie beyond the infinities'
# (a NaN ends up at one end, where the callers' finiteness check looks).
#
# split_buckets copies each class's scores into buckets by the leading bits of
# key - (the class's smallest key), fused with the split by class (one histogram per
# class). Buckets are ordered among themselves; sort_runs then orders each bucket (any
# subset of buckets, so two threads can share the work): runs of up to SMALL_RUN elements
# by rank, larger runs by another bucket pass on their own key range, recursively (every
# pass narrows the key range by at least 4 bits, so the depth is bounded), and a last
# insertion pass over the run. (The C API's small inputs sort their shortest buckets by
# insertion instead: sort_short_runs_of.) Unweighted runs
# are permuted in place (American flag sort: no scratch memory); weighted runs are moved
# through a scratch buffer so that equal scores keep their order (stable, as the fallback's
# argsort(kind="stable")), which fixes the order in which weights are summed.
#
# The loops are `noexcept nogil` functions over raw pointers (declared in sort.pxd, called
# by the C API too); the `def` kernels read their arrays once and call them.

import numpy as np
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from rankscore._kernels.arrays cimport (FLOAT32, FLOAT64, INT8, INT64, UINT8, Array,
                                        check_kind, check_score_kind, no_buffer, read,
                                        release, write)
from rankscore._kernels.arrays cimport read_labelled
from rankscore._kernels.types cimport label_t, score_t


cdef inline int _shift_for(uint64_t span, int bits) noexcept nogil:
    # (key - smallest) >> shift < 2^bits for every key of a range of width span
    cdef int length = bit_length(span)
    return length - bits if length > bits else 0


cdef inline int _bits_for(Py_ssize_t n) noexcept nogil:
    # about one element per bucket, between 2^4 and 2^RUN_BITS buckets (so every pass
    # narrows the key range by at least 4 bits: at most MAX_DEPTH passes)
    cdef int bits = bit_length(<uint64_t>n) + 3
    return 4 if bits < 4 else (RUN_BITS if bits > RUN_BITS else bits)


cdef void _small_sort(score_t* a, double* w, Py_ssize_t n) noexcept nogil:
    # n <= SMALL_RUN: every element goes to its rank, #{smaller keys} + #{equal keys
    # before it} (stable); branch-free compares instead of insertion's unpredictable loop
    cdef uint64_t keys[SMALL_RUN]
    cdef score_t values[SMALL_RUN]
    cdef double weights[SMALL_RUN]
    cdef Py_ssize_t i, j, rank
    for i in range(n):
        values[i] = a[i] + 0
        keys[i] = sort_key(values[i])
        if w != NULL:
            weights[i] = w[i]
    for i in range(n):
        rank = 0
        for j in range(n):
            rank += (keys[j] < keys[i]) | ((keys[j] == keys[i]) & (j < i))
        a[rank] = values[i]
        if w != NULL:
            w[rank] = weights[i]


cdef void _key_range(const score_t* a, Py_ssize_t n, uint64_t* lo,
                     uint64_t* hi) noexcept nogil:
    cdef Py_ssize_t i
    cdef uint64_t k, kmin = sort_key(a[0] + 0), kmax = kmin
    for i in range(n):
        k = sort_key(a[i] + 0)
        kmin = k if k < kmin else kmin
        kmax = k if k > kmax else kmax
    lo[0] = kmin
    hi[0] = kmax


cdef inline void _insertion_pass(score_t* a, double* w, Py_ssize_t n) noexcept nogil:
    # insertion sort of a nearly sorted run (elements out of place only inside small
    # buckets): mostly one comparison per element; stable. Inline: in sort_run's
    # unweighted copy the compiler then drops the weight moves (as a call it keeps them,
    # and sort_run at 10^6 rows took 14-20 % longer)
    cdef Py_ssize_t i, j
    cdef score_t x
    cdef uint64_t kx
    cdef double wx = 0
    for i in range(1, n):
        x = a[i]
        kx = sort_key(x)
        if sort_key(a[i - 1]) <= kx:
            continue
        if w != NULL:
            wx = w[i]
        j = i
        while j > 0 and sort_key(a[j - 1]) > kx:
            a[j] = a[j - 1]
            if w != NULL:
                w[j] = w[j - 1]
            j -= 1
        a[j] = x
        if w != NULL:
            w[j] = wx


cdef void sort_run(score_t* a, double* w, Py_ssize_t n, Workspace* work,
                    int depth) noexcept nogil:
    """Sort a[0:n] ascending by key (w alongside and stably when w is not NULL; then the
    workspace holds at least n elements)."""
    cdef uint64_t kmin, kmax
    cdef int shift
    cdef Py_ssize_t i, b, n_buckets, start, size, d
    cdef Py_ssize_t* edge = work.counts + depth * (2 * (1 << RUN_BITS) + 1)
    cdef Py_ssize_t* fill = edge + (1 << RUN_BITS) + 1
    cdef score_t* scratch = <score_t*>work.scores
    cdef score_t x, y
    if n <= SMALL_RUN:
        _small_sort(a, w, n)
        return
    _key_range(a, n, &kmin, &kmax)
    if kmin == kmax:  # one value (ties): nothing to order but -0.0
        for i in range(n):
            a[i] = a[i] + 0
        return
    shift = _shift_for(kmax - kmin, _bits_for(n))
    n_buckets = <Py_ssize_t>((kmax - kmin) >> shift) + 1
    for b in range(n_buckets + 1):
        edge[b] = 0
    for i in range(n):
        edge[1 + <Py_ssize_t>((sort_key(a[i] + 0) - kmin) >> shift)] += 1
    for b in range(n_buckets):
        edge[b + 1] += edge[b]
        fill[b] = edge[b]
    if n <= work.capacity:  # through the scratch buffer and back (stable)
        for i in range(n):
            x = a[i] + 0
            d = <Py_ssize_t>((sort_key(x) - kmin) >> shift)
            scratch[fill[d]] = x
            if w != NULL:
                work.weights[fill[d]] = w[i]
            fill[d] += 1
        memcpy(a, scratch, n * sizeof(score_t))
        if w != NULL:
            memcpy(w, work.weights, n * sizeof(double))
    else:  # unweighted only: American flag sort, every element cycled to its bucket in place
        for b in range(n_buckets):
            while fill[b] < edge[b + 1]:
                x = a[fill[b]] + 0
                d = <Py_ssize_t>((sort_key(x) - kmin) >> shift)
                while d != b:
                    y = a[fill[d]] + 0
                    a[fill[d]] = x
                    fill[d] += 1
                    x = y
                    d = <Py_ssize_t>((sort_key(x) - kmin) >> shift)
                a[fill[b]] = x
                fill[b] += 1
    if shift == 0:  # every bucket holds one key
        return
    for b in range(n_buckets):  # large buckets on their own; then one pass orders the rest
        start, size = edge[b], edge[b + 1] - edge[b]
        if size > SMALL_RUN:
            sort_run(a + start, NULL if w == NULL else w + start, size, work, depth + 1)
    _insertion_pass(a, w, n)


cdef int sort_runs_of(score_t* scores, double* weights, const int64_t* edges,
                      Py_ssize_t n_runs) noexcept nogil:
    """Sort every run scores[edges[r]:edges[r + 1]] ascending in place (-0.0 becomes 0.0);
    with weights (not NULL), move them alongside and keep the order of equal scores.
    Returns 0, or -1 when out of memory."""
    cdef Py_ssize_t r, length, capacity = 0
    cdef Workspace work
    cdef int status = 0
    for r in range(n_runs):
        capacity = max(capacity, edges[r + 1] - edges[r])
    if capacity <= SMALL_RUN:  # sorted without a workspace
        for r in range(n_runs):
            sort_run(scores + edges[r], NULL if weights == NULL else weights + edges[r],
                     edges[r + 1] - edges[r], &work, 0)
        return 0
    if weights == NULL:  # longer unweighted runs are permuted in place: bounded scratch memory
        capacity = min(capacity, SCRATCH)
    work.capacity = capacity
    work.scores = malloc(capacity * sizeof(score_t))
    work.weights = <double*>malloc(capacity * sizeof(double) if weights != NULL else 1)
    work.counts = <Py_ssize_t*>malloc(
        MAX_DEPTH * (2 * (1 << RUN_BITS) + 1) * sizeof(Py_ssize_t))
    if work.scores == NULL or work.weights == NULL or work.counts == NULL:
        status = -1
    else:
        for r in range(n_runs):
            length = edges[r + 1] - edges[r]
            if length > 0:
                sort_run(scores + edges[r], NULL if weights == NULL else weights + edges[r],
                         length, &work, 0)
    free(work.scores)
    free(work.weights)
    free(work.counts)
    return status


cdef int sort_short_runs_of(score_t* scores, double* weights, const int64_t* edges,
                            Py_ssize_t n_runs) noexcept nogil:
    """sort_runs_of for the buckets of a small input (the C API's): when every run is short
    (at most SMALL_RUN scores), a run of at most TINY_RUN scores by insertion, which costs
    less there than ranks, the others by rank; otherwise sort_runs_of itself. (A function
    of its own: the same branch inside sort_runs_of changes how GCC compiles sort_run, and
    the sort of 10^6 scores measured 15 % slower.)"""
    cdef Py_ssize_t r, i, start, length
    cdef Workspace unused  # (sort_run reads no workspace for runs of at most SMALL_RUN)
    for r in range(n_runs):
        if edges[r + 1] - edges[r] > SMALL_RUN:
            return sort_runs_of(scores, weights, edges, n_runs)
    for r in range(n_runs):
        start, length = edges[r], edges[r + 1] - edges[r]
        if length > TINY_RUN:
            sort_run(scores + start, NULL if weights == NULL else weights + start, length,
                     &unused, 0)
            continue
        for i in range(start, start + length):
            scores[i] = scores[i] + 0
        _insertion_pass(scores + start, NULL if weights == NULL else weights + start, length)
    return 0


def sort_runs(scores, edges, weights=None):
    """Sort every run scores[edges[r]:edges[r + 1]] ascending in place (-0.0 becomes 0.0);
    with weights, move them alongside and keep the order of equal scores."""
    cdef Array s, e, w
    cdef int status = 0
    no_buffer(&s)
    no_buffer(&e)
    no_buffer(&w)
    try:
        write(&s, scores)
        read(&e, edges)
        check_score_kind(&s, "scores")
        check_kind(&e, INT64, "edges must be int64")
        if weights is not None:
            write(&w, weights)
            check_kind(&w, FLOAT64, "weights must be float64")
        if (s.n > 1 and s.step != 1) or (e.n > 1 and e.step != 1) or (w.n > 1 and w.step != 1):
            raise ValueError("sort_runs sorts contiguous arrays")
        if s.n == 0 or e.n < 2:
            return
        with nogil:
            if s.kind == FLOAT64:
                status = sort_runs_of(<double*>s.data, <double*>w.data if w.n else NULL,
                                      <int64_t*>e.data, e.n - 1)
            else:
                status = sort_runs_of(<float*>s.data, <double*>w.data if w.n else NULL,
                                      <int64_t*>e.data, e.n - 1)
        if status < 0:
            raise MemoryError()
    finally:
        release(&s)
        release(&e)
        release(&w)


cdef Py_ssize_t _plan_buckets(const int64_t* prefix_count, Py_ssize_t n_prefixes,
                              int mantissa_bits, int top_bits, Py_ssize_t first,
                              int64_t* base, uint8_t* shift) noexcept nogil:
    # A key is (prefix = sign and exponent, mantissa). Prefix p gets 2^b consecutive
    # buckets, numbered from base[p], chosen by the top b bits of the mantissa, with 2^b
    # about its share of 2^top_bits in a sample: dense exponents get many buckets, rare
    # ones one, so uniform and log-spread scores alike give small buckets. A prefix the
    # sample missed shares the first bucket of the next prefix (or a spare last bucket), which
    # keeps the buckets in order. Returns the number after the last bucket.
    cdef Py_ssize_t p, total = 0, next_bucket = first
    cdef uint64_t share
    cdef int b
    for p in range(n_prefixes):
        total += prefix_count[p]
    for p in range(n_prefixes):
        base[p] = next_bucket
        shift[p] = 63  # (the mantissa >> 63 is 0)
        if prefix_count[p] == 0:
            continue
        # b = floor(log2(count 2^top_bits / total)), without a division
        share = <uint64_t>prefix_count[p] << top_bits
        b = bit_length(share) - bit_length(<uint64_t>total)
        if b > 0 and share < (<uint64_t>total << b) or b == 0 and share < <uint64_t>total:
            b -= 1
        b = 0 if b < 0 else (mantissa_bits if b > mantissa_bits else b)
        shift[p] = mantissa_bits - b
        next_bucket += <Py_ssize_t>1 << b
    return next_bucket + 1


cdef inline Py_ssize_t _bucket_of(uint64_t key, const int64_t* base, const uint8_t* shift,
                                  int mantissa_bits, Py_ssize_t first) noexcept nogil:
    # the bucket of a key whose prefix p is planned at base[p - first], shift[p - first]
    cdef Py_ssize_t p = <Py_ssize_t>(key >> mantissa_bits) - first
    return base[p] + <Py_ssize_t>((key & ((<uint64_t>1 << mantissa_bits) - 1)) >> shift[p])


cdef int split_buckets_into(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                            const score_t* scores, Py_ssize_t score_step,
                            const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                            score_t* out, double* out_weights, int64_t* edges,
                            Buckets* found) noexcept nogil:
    """Split scores[i * score_step] by labels[i * label_step] == pos_code into buckets
    written to out (room for n), the negatives' first: every score of bucket b =
    [edges[b], edges[b + 1]) is below every score of bucket b + 1 of its class, the input
    order is kept inside a bucket, and -0.0 is written as 0.0. Weights (not NULL) go to
    out_weights alongside, and zero-weight samples are dropped. edges has room for
    max_edges(n); *found tells the sizes. Returns 0, or -1 when out of memory."""
    cdef int mantissa_bits = 52 if score_t is double else 23
    cdef Py_ssize_t n_prefixes = (<Py_ssize_t>1) << ((64 if score_t is double else 32)
                                                     - mantissa_bits)
    cdef Py_ssize_t i, n_neg_buckets, n_buckets, d, c, p, first, last, span
    cdef Py_ssize_t stride = 1 if n < SAMPLE_ABOVE else 8
    cdef int top_bits = top_bits_for(n)
    cdef bint weighted = weights != NULL
    cdef label_t lo = labels[0] if n else 0, hi = lo, label
    cdef uint64_t key
    cdef score_t x
    cdef double wi
    cdef int64_t* prefix
    cdef int64_t* base
    cdef int64_t* fill
    cdef uint8_t* shift
    # The prefixes planned: those present (prefix p at index p - first) when every score is
    # in the plan; with a sample, every prefix (the others may hold a score it missed).
    first, span = 0, n_prefixes
    if stride == 1:
        first, last = n_prefixes, -1
        for i in range(n):
            p = <Py_ssize_t>(sort_key(scores[i * score_step] + 0) >> mantissa_bits)
            first = p if p < first else first
            last = p if p > last else last
        span = last - first + 1
        if n == 0:
            first = span = 0
    # per-prefix tables (class c, 1 positive, from index c * span on); the buckets' fills
    prefix = <int64_t*>malloc((4 * span + max_edges(n)) * sizeof(int64_t) + 2 * span)
    if prefix == NULL:
        return -1
    base = prefix + 2 * span
    fill = base + 2 * span
    shift = <uint8_t*>(fill + max_edges(n))
    memset(prefix, 0, 2 * span * sizeof(int64_t))
    for d in range((n + stride - 1) // stride):  # the exponents (a sample of large inputs)
        i = d * stride
        c = labels[i * label_step] == pos_code
        p = <Py_ssize_t>(sort_key(scores[i * score_step] + 0) >> mantissa_bits)
        prefix[c * span + p - first] += 1
    n_neg_buckets = _plan_buckets(prefix, span, mantissa_bits, top_bits, 0, base, shift)
    n_buckets = _plan_buckets(prefix + span, span, mantissa_bits, top_bits, n_neg_buckets,
                              base + span, shift + span)
    for d in range(n_buckets + 1):
        edges[d] = 0
    for i in range(n):  # one histogram per class (negatives' buckets first)
        label = labels[i * label_step]
        lo = label if label < lo else lo
        hi = label if label > hi else hi
        if weighted and weights[i * weight_step] == 0:
            continue
        c = label == pos_code
        key = sort_key(scores[i * score_step] + 0)
        edges[1 + _bucket_of(key, base + c * span, shift + c * span, mantissa_bits,
                             first)] += 1
    for d in range(n_buckets):
        edges[d + 1] += edges[d]
        fill[d] = edges[d]
    for i in range(n):  # scatter, keeping the input order inside each bucket
        if weighted:
            wi = weights[i * weight_step]
            if wi == 0:
                continue
        c = labels[i * label_step] == pos_code
        x = scores[i * score_step] + 0
        key = sort_key(x)
        d = _bucket_of(key, base + c * span, shift + c * span, mantissa_bits, first)
        out[fill[d]] = x
        if weighted:
            out_weights[fill[d]] = wi
        fill[d] += 1
    found.n_neg = edges[n_neg_buckets]
    found.n_pos = edges[n_buckets] - found.n_neg
    found.n_neg_buckets = n_neg_buckets
    found.n_buckets = n_buckets
    found.lo, found.hi = lo, hi
    free(prefix)
    return 0


cdef int _split_buckets_of(Array* l, int64_t code, const score_t* scores, Py_ssize_t score_step,
                           Array* w, score_t* out, double* out_weights, int64_t* edges,
                           Buckets* found) noexcept nogil:
    # split_buckets_into of the labels' dtype
    cdef const double* weights = <double*>w.data
    if l.kind == UINT8:
        return split_buckets_into(<uint8_t*>l.data, l.step, <uint8_t>code, scores, score_step,
                                  weights, w.step, l.n, out, out_weights, edges, found)
    if l.kind == INT8:
        return split_buckets_into(<int8_t*>l.data, l.step, <int8_t>code, scores, score_step,
                                  weights, w.step, l.n, out, out_weights, edges, found)
    return split_buckets_into(<int64_t*>l.data, l.step, code, scores, score_step, weights,
                              w.step, l.n, out, out_weights, edges, found)


def split_buckets(labels, pos_code, scores, weights=None):
    """Split ``scores`` by ``labels == pos_code`` into (neg, neg_weights, neg_edges, pos,
    pos_weights, pos_edges, smallest label, largest label), each class's scores in runs
    (buckets): every score of run r = [edges[r], edges[r + 1]) is below every score of run
    r + 1, the input order is kept inside a run, and -0.0 is written as 0.0. Weights None:
    the weights are None; else zero-weight samples are dropped."""
    cdef Array l, s, w, o, ow, e
    cdef Buckets found
    cdef int status = 0
    cdef int64_t code = pos_code
    no_buffer(&l)
    no_buffer(&s)
    no_buffer(&w)
    no_buffer(&o)
    no_buffer(&ow)
    no_buffer(&e)
    try:
        read_labelled(&l, labels, code, &s, scores, &w, weights, "split_buckets")
        out_arr = np.empty(s.n, dtype=np.float32 if s.kind == FLOAT32 else np.float64)
        out_w_arr = np.empty(s.n if weights is not None else 0)
        edge_arr = np.empty(max_edges(s.n), dtype=np.int64)
        write(&o, out_arr)
        write(&ow, out_w_arr)
        write(&e, edge_arr)
        with nogil:
            if s.kind == FLOAT64:
                status = _split_buckets_of(&l, code, <double*>s.data, s.step, &w,
                                           <double*>o.data, <double*>ow.data,
                                           <int64_t*>e.data, &found)
            else:
                status = _split_buckets_of(&l, code, <float*>s.data, s.step, &w,
                                           <float*>o.data, <double*>ow.data, <int64_t*>e.data,
                                           &found)
    finally:
        release(&l)
        release(&s)
        release(&w)
        release(&o)
        release(&ow)
        release(&e)
    if status < 0:
        raise MemoryError()
    n_neg, n_pos, n_neg_buckets = found.n_neg, found.n_pos, found.n_neg_buckets
    weighted = weights is not None
    return (out_arr[:n_neg], out_w_arr[:n_neg] if weighted else None,
            edge_arr[:n_neg_buckets + 1], out_arr[n_neg:n_neg + n_pos],
            out_w_arr[n_neg:n_neg + n_pos] if weighted else None,
            edge_arr[n_neg_buckets:found.n_buckets + 1] - n_neg, found.lo, found.hi)


NUMPY_SORT = False  # the fallback's runs are sorted by np.sort
