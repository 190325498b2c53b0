# What the bucket sort (sort.pyx) shares with the other kernel modules and the C API: the
# sizes of its passes, the order-preserving key of a score, the recursive sort of one run
# (the DeLong kernels order tied groups with it), and the split of labelled scores into
# each class's sorted scores.

from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memcpy

from rankscore._kernels.types cimport label_t, score_t

cdef enum:
    TOP_BITS = 11         # at most 2^11 buckets per class in the first pass
    RUN_BITS = 13         # at most 2^13 buckets per later pass
    SAMPLE_ABOVE = 1 << 16  # larger inputs plan their buckets on every 8th score
    MAX_DEPTH = 16        # 64-bit keys, at least 4 bits a pass
    SMALL_RUN = 16        # runs up to this length are sorted by rank (branch-free)
    TINY_RUN = 8          # sort_short_runs_of sorts runs up to this length by insertion
    SCRATCH = 1 << 16     # unweighted runs up to this length are sorted through a scratch buffer


cdef struct Workspace:
    void* scores        # scratch scores (capacity elements)
    double* weights     # scratch weights (weighted sorts: capacity elements)
    Py_ssize_t capacity
    Py_ssize_t* counts  # MAX_DEPTH levels of 2 * 2^RUN_BITS + 1 bucket edges and fills


cdef struct Buckets:
    # what split_buckets_into found: the scores it wrote of each class (zero weights are
    # dropped), the buckets of each (the negatives' first), the smallest and largest label
    Py_ssize_t n_neg, n_pos, n_neg_buckets, n_buckets
    int64_t lo, hi


cdef inline uint64_t sort_key(score_t x) noexcept nogil:
    # The score's order-preserving unsigned key: the IEEE bits with the sign bit flipped
    # for positives and every bit flipped for negatives. Callers pass x + 0, which turns
    # -0.0 into 0.0 (round to nearest) and leaves every other value as it is.
    cdef uint64_t bits
    cdef uint32_t bits32
    if score_t is double:
        memcpy(&bits, &x, 8)  # the bits of x (memcpy: no aliasing of a double as an int)
        return bits ^ (<uint64_t>(<int64_t>bits >> 63) | (<uint64_t>1 << 63))
    else:
        memcpy(&bits32, &x, 4)
        return bits32 ^ (<uint32_t>(<int32_t>bits32 >> 31) | (<uint32_t>1 << 31))


cdef inline int bit_length(uint64_t v) noexcept nogil:
    # the bits of v (0 for 0), by halving: steps of 32, 16, 8, 4, 2 and 1 bits (a loop of
    # six, unrolled by the compiler)
    cdef int n = 0, k, step
    for k in range(5, -1, -1):
        step = 1 << k
        if v >> step:
            v >>= step
            n += step
    return n + <int>v


cdef inline int top_bits_for(Py_ssize_t n) noexcept nogil:
    # split_buckets_into plans about 2^top_bits buckets per class: 4+ scores a bucket
    cdef int bits = bit_length(<uint64_t>n) - 2
    return TOP_BITS if bits > TOP_BITS else (bits if bits > 0 else 0)


cdef inline Py_ssize_t max_edges(Py_ssize_t n) noexcept nogil:
    # room for the bucket edges split_buckets_into writes for n scores: per class at most
    # 2^top_bits buckets for the planned exponents, one per other exponent present (at most
    # n, at most 2^12 of them), and a spare last one; and the closing edge
    return 2 * ((1 << top_bits_for(n)) + (n if n < (1 << 12) else (1 << 12)) + 1) + 1


cdef void sort_run(score_t* a, double* w, Py_ssize_t n, Workspace* work,
                   int depth) noexcept nogil

cdef int sort_runs_of(score_t* scores, double* weights, const int64_t* edges,
                      Py_ssize_t n_runs) noexcept nogil

cdef int sort_short_runs_of(score_t* scores, double* weights, const int64_t* edges,
                            Py_ssize_t n_runs) noexcept nogil

cdef int split_buckets_into(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                            const score_t* scores, Py_ssize_t score_step,
                            const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                            score_t* out, double* out_weights, int64_t* edges,
                            Buckets* found) noexcept nogil
