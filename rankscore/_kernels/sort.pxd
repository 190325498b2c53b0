# What the bucket sort (sort.pyx) shares with the other kernel modules: the sizes of its
# passes, the order-preserving key of a score, and the recursive sort of one run (the
# DeLong kernels order tied groups with it).

from libc.stdint cimport int32_t, int64_t, uint32_t, uint64_t
from libc.string cimport memcpy

from rankscore._kernels.types cimport score_t

cdef enum:
    TOP_BITS = 11         # at most 2^11 buckets per class in the first pass
    RUN_BITS = 13         # at most 2^13 buckets per later pass
    SAMPLE_ABOVE = 1 << 16  # larger inputs plan their buckets on every 8th score
    MAX_DEPTH = 16        # 64-bit keys, at least 4 bits a pass
    SMALL_RUN = 16        # runs up to this length are sorted by insertion
    SCRATCH = 1 << 16     # unweighted runs up to this length are sorted through a scratch buffer


cdef struct Workspace:
    void* scores        # scratch scores (capacity elements)
    double* weights     # scratch weights (weighted sorts: capacity elements)
    Py_ssize_t capacity
    Py_ssize_t* counts  # MAX_DEPTH levels of 2 * 2^RUN_BITS + 1 bucket edges and fills


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
    cdef int n = 0
    while v:
        v >>= 1
        n += 1
    return n


cdef void sort_run(score_t* a, double* w, Py_ssize_t n, Workspace* work,
                   int depth) noexcept nogil
