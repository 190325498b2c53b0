# The arrays a kernel receives, as (pointer, length, step, dtype): read through the buffer
# protocol once, in the kernel's one `def`, which then calls the `noexcept nogil` loop
# (fused over score_t / label_t, over raw pointers) of the dtype it found. The loops are
# the ones the C API (rankscore/capi.pyx) calls too; a typed memoryview argument per fused
# dtype would instead compile the argument handling and allocations once per dtype.
#
# The readers are compiled once, in rankscore/_kernels/arrays.pyx (every kernel module
# calls them through a pointer, once per call, never per element); only those that release
# or clear are inline.

from libc.stdint cimport int64_t
from libc.string cimport memset
from cpython.buffer cimport PyBuffer_Release

cdef enum Kind:
    OTHER
    INT8
    UINT8
    INT32
    INT64
    UINT64
    FLOAT32
    FLOAT64
    CHAR      # bytes' chars (format 'c'): uint8 only where typed() asks for UINT8


cdef struct Array:
    Py_buffer buffer  # held until release(): the data cannot move or be freed meanwhile
    char* data
    Py_ssize_t n      # shape[0]
    Py_ssize_t m      # shape[1] (1 for a 1-D array)
    Py_ssize_t step   # elements from one entry (row) to the next
    Py_ssize_t step2  # elements from one column to the next (2-D)
    Kind kind


# the kind of a Py_ssize_t array (NumPy's intp)
cdef inline Kind intp_kind() noexcept:
    return INT64 if sizeof(Py_ssize_t) == 8 else INT32


# how typed() holds an array
cdef enum:
    WRITABLE = 1    # to write into it (ValueError for a read-only one)
    CONTIGUOUS = 2  # only C-contiguous (ValueError for another)
    COPY = 4        # (1-D, to read) any stride, read from a contiguous copy when strided

# Hold obj's buffer in a (an ndim-D array: 1 or 2); release(a) must follow, also on errors.
cdef int acquire(Array* a, object obj, int ndim, bint writable) except -1
# acquire a 1-D array to read / to write
cdef int read(Array* a, object obj) except -1
cdef int write(Array* a, object obj) except -1
# Hold obj's buffer in a, an ndim-D array of the given kind, as a typed memoryview argument
# would (`const int64_t[:] x`, `double[:, ::1] out` …): ValueError for another dtype, another
# number of dimensions, a read-only array to write or (CONTIGUOUS) a strided one.
cdef int typed(Array* a, object obj, Kind kind, int ndim, int how) except -1
# read a 1-D array, from a contiguous copy when it is strided
cdef int read_contiguous(Array* a, object obj) except -1
# read_contiguous objects[i] into arrays[i], of kind kinds[i] (b'B', b'q', b'Q', b'd')
cdef int read_each(Array* arrays, tuple objects, const char* kinds) except -1
# the kind checks, each raising TypeError (OverflowError for a code out of the labels' range)
cdef int check_kind(Array* a, Kind kind, str what) except -1
cdef int check_score_kind(Array* a, str what) except -1
cdef int check_label_kind(Array* a) except -1
cdef int check_code(Array* labels, int64_t code) except -1
# what the kernels of labelled scores read: labels with the positive class's code, scores
# and (unless None) float64 weights, all of one length; or each class's scores, one dtype
cdef int read_labelled(Array* l, object labels, int64_t code, Array* s, object scores,
                       Array* w, object weights, str kernel) except -1
cdef int read_parts(Array* neg, object neg_scores, Array* pos, object pos_scores) except -1
# the relations the loops trust, checked before they run (ValueError naming the numbers):
# arrays[0] ... arrays[k - 1] of one length
cdef int one_length(Array* arrays, Py_ssize_t k) except -1
# a class part's weights (when held: weights.n > 0 or a buffer) one per score
cdef int weights_of(Array* scores, Array* weights) except -1
# every entry of the int64 array a in [0, n) (one pass over a)
cdef int indices_within(Array* a, Py_ssize_t n, str what) except -1
# the int64 array a non-decreasing from 0 or more to n or less (offsets of runs into an array
# of n entries; one pass over a)
cdef int offsets_within(Array* a, Py_ssize_t n, str what) except -1


cdef inline void release(Array* a) noexcept:
    PyBuffer_Release(&a.buffer)  # (nothing when a.buffer.obj is NULL)


cdef inline void no_buffer(Array* a) noexcept:
    """Mark a as holding nothing (before acquire, so that release is always safe)."""
    memset(a, 0, sizeof(Array))  # (a.buffer.obj NULL, a.kind OTHER)


cdef inline void no_buffers(Array* arrays, Py_ssize_t n) noexcept:
    memset(arrays, 0, n * sizeof(Array))


cdef inline void release_each(Array* arrays, Py_ssize_t n) noexcept:
    cdef Py_ssize_t i
    for i in range(n):
        release(&arrays[i])
