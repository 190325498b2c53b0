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
# subset of buckets, so two threads can share the work): runs of a few elements by
# insertion, larger runs by another bucket pass on their own key range, recursively (every
# pass narrows the key range by at least 4 bits, so the depth is bounded). Unweighted runs
# are permuted in place (American flag sort: no scratch memory); weighted runs are moved
# through a scratch buffer so that equal scores keep their order (stable, as the fallback's
# argsort(kind="stable")), which fixes the order in which weights are summed.

import numpy as np
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from rankscore._kernels.types cimport label_t, score_t

__all__ = ["NUMPY_SORT", "split_buckets", "sort_runs"]


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


cdef void _insertion_pass(score_t* a, double* w, Py_ssize_t n) noexcept nogil:
    # insertion sort of a nearly sorted run (elements out of place only inside small
    # buckets): mostly one comparison per element; stable
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


def sort_runs(score_t[::1] scores, const int64_t[::1] edges, double[::1] weights=None):
    """Sort every run scores[edges[r]:edges[r + 1]] ascending in place (-0.0 becomes 0.0);
    with weights, move them alongside and keep the order of equal scores."""
    cdef Py_ssize_t r, start, length, capacity = 0
    cdef bint weighted = weights is not None and weights.shape[0] > 0
    cdef double* w = &weights[0] if weighted else NULL
    cdef Workspace work
    if scores.shape[0] == 0:
        return
    for r in range(edges.shape[0] - 1):
        capacity = max(capacity, edges[r + 1] - edges[r])
    if not weighted:  # longer unweighted runs are permuted in place: bounded scratch memory
        capacity = min(capacity, SCRATCH)
    work.capacity = capacity
    work.scores = malloc(capacity * sizeof(score_t) + 1)
    work.weights = <double*>malloc(capacity * sizeof(double) + 1 if weighted else 1)
    work.counts = <Py_ssize_t*>malloc(
        MAX_DEPTH * (2 * (1 << RUN_BITS) + 1) * sizeof(Py_ssize_t))
    try:
        if work.scores == NULL or work.weights == NULL or work.counts == NULL:
            raise MemoryError()
        with nogil:
            for r in range(edges.shape[0] - 1):
                start, length = edges[r], edges[r + 1] - edges[r]
                if length > 0:
                    sort_run(&scores[start], w + start if weighted else NULL, length,
                              &work, 0)
    finally:
        free(work.scores)
        free(work.weights)
        free(work.counts)


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
    cdef int b
    for p in range(n_prefixes):
        total += prefix_count[p]
    for p in range(n_prefixes):
        base[p] = next_bucket
        shift[p] = 63  # (the mantissa >> 63 is 0)
        if prefix_count[p] == 0:
            continue
        b = bit_length(<uint64_t>((prefix_count[p] << top_bits) // total)) - 1
        b = 0 if b < 0 else (mantissa_bits if b > mantissa_bits else b)
        shift[p] = mantissa_bits - b
        next_bucket += <Py_ssize_t>1 << b
    return next_bucket + 1


cdef inline Py_ssize_t _bucket_of(uint64_t key, const int64_t* base, const uint8_t* shift,
                                  int mantissa_bits) noexcept nogil:
    cdef uint64_t p = key >> mantissa_bits
    return base[p] + <Py_ssize_t>((key & ((<uint64_t>1 << mantissa_bits) - 1)) >> shift[p])


def split_buckets(const label_t[:] labels, label_t pos_code,
                  const score_t[:] scores, const double[:] weights=None):
    """Split ``scores`` by ``labels == pos_code`` into (neg, neg_weights, neg_edges, pos,
    pos_weights, pos_edges, smallest label, largest label), each class's scores in runs
    (buckets): every score of run r = [edges[r], edges[r + 1]) is below every score of run
    r + 1, the input order is kept inside a run, and -0.0 is written as 0.0. Weights None:
    the weights are None; else zero-weight samples are dropped."""
    cdef int mantissa_bits = 52 if score_t is double else 23
    cdef Py_ssize_t n_prefixes = (<Py_ssize_t>1) << ((64 if score_t is double else 32)
                                                     - mantissa_bits)
    cdef Py_ssize_t n = scores.shape[0], i, n_neg, n_pos, n_neg_buckets, n_buckets, d, c
    cdef Py_ssize_t stride = 1 if n < SAMPLE_ABOVE else 8
    cdef int top_bits = min(TOP_BITS, max(0, bit_length(<uint64_t>n) - 4))  # 16+ per bucket
    cdef bint weighted = weights is not None
    cdef label_t lo = labels[0], hi = labels[0], label
    cdef uint64_t key
    cdef score_t x
    # class c (1: positive) uses the second half of the per-prefix tables
    prefix_arr = np.zeros(2 * n_prefixes, dtype=np.int64)
    base_arr = np.empty(2 * n_prefixes, dtype=np.int64)
    shift_arr = np.empty(2 * n_prefixes, dtype=np.uint8)
    cdef int64_t[::1] prefix = prefix_arr, base = base_arr
    cdef uint8_t[::1] shift = shift_arr
    with nogil:
        for d in range((n + stride - 1) // stride):  # the exponents (a sample of large inputs)
            i = d * stride
            c = labels[i] == pos_code
            prefix[c * n_prefixes + <Py_ssize_t>(sort_key(scores[i] + 0) >> mantissa_bits)] += 1
        n_neg_buckets = _plan_buckets(&prefix[0], n_prefixes, mantissa_bits, top_bits, 0,
                                      &base[0], &shift[0])
        n_buckets = _plan_buckets(&prefix[n_prefixes], n_prefixes, mantissa_bits, top_bits,
                                  n_neg_buckets, &base[n_prefixes], &shift[n_prefixes])
    edge_arr = np.zeros(n_buckets + 1, dtype=np.int64)
    cdef int64_t[::1] edge = edge_arr
    with nogil:
        for i in range(n):  # one histogram per class (negatives' buckets first)
            label = labels[i]
            lo = label if label < lo else lo
            hi = label if label > hi else hi
            if weighted and weights[i] == 0:
                continue
            c = label == pos_code
            key = sort_key(scores[i] + 0)
            edge[1 + _bucket_of(key, &base[c * n_prefixes], &shift[c * n_prefixes],
                                mantissa_bits)] += 1
        for d in range(n_buckets):
            edge[d + 1] += edge[d]
        n_neg = edge[n_neg_buckets]
        n_pos = edge[n_buckets] - n_neg
    fill_arr = edge_arr[:n_buckets].copy()
    out_arr = np.empty(n_neg + n_pos, dtype=np.float32 if score_t is float else np.float64)
    out_w_arr = np.empty(n_neg + n_pos if weighted else 0)
    cdef int64_t[::1] fill = fill_arr
    cdef score_t[::1] out = out_arr
    cdef double[::1] out_w = out_w_arr
    with nogil:
        for i in range(n):  # scatter, keeping the input order inside each bucket
            if weighted and weights[i] == 0:
                continue
            c = labels[i] == pos_code
            x = scores[i] + 0
            key = sort_key(x)
            d = _bucket_of(key, &base[c * n_prefixes], &shift[c * n_prefixes], mantissa_bits)
            out[fill[d]] = x
            if weighted:
                out_w[fill[d]] = weights[i]
            fill[d] += 1
    neg_w_arr = out_w_arr[:n_neg] if weighted else None
    pos_w_arr = out_w_arr[n_neg:] if weighted else None
    return (out_arr[:n_neg], neg_w_arr, edge_arr[:n_neg_buckets + 1], out_arr[n_neg:],
            pos_w_arr, edge_arr[n_neg_buckets:] - n_neg, lo, hi)


NUMPY_SORT = False  # the fallback's runs are sorted by np.sort
