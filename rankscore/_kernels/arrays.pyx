# The readers declared in arrays.pxd: how every kernel module reads the arrays it receives,
# compiled once here.

from libc.stdint cimport int64_t
from cpython.buffer cimport (PyBUF_C_CONTIGUOUS, PyBUF_FORMAT, PyBUF_STRIDES, PyBUF_WRITABLE,
                             PyBuffer_Release, PyObject_GetBuffer)


cdef Kind _kind_of(const char* fmt, Py_ssize_t itemsize) noexcept:
    cdef char c
    if fmt == NULL:
        return UINT8 if itemsize == 1 else OTHER
    if fmt[0] == b'@' or fmt[0] == b'=' or fmt[0] == b'<':  # (native: the kernels'
        fmt += 1  # callers pass native arrays)
    if fmt[0] == 0 or fmt[1] != 0:
        return OTHER
    c = fmt[0]
    if c == b'd' and itemsize == 8:
        return FLOAT64
    if c == b'f' and itemsize == 4:
        return FLOAT32
    if c == b'b' and itemsize == 1:
        return INT8
    if (c == b'B' or c == b'?') and itemsize == 1:
        return UINT8
    if c == b'c' and itemsize == 1:
        return CHAR
    if (c == b'i' or c == b'l') and itemsize == 4:
        return INT32
    if (c == b'q' or c == b'l') and itemsize == 8:
        return INT64
    if (c == b'Q' or c == b'L') and itemsize == 8:
        return UINT64
    return OTHER


cdef int acquire(Array* a, object obj, int ndim, bint writable) except -1:
    """Hold obj's buffer in a (an ndim-D array: 1 or 2); release(a) must follow, also on
    errors (a.buffer.obj is NULL until the buffer is held). An array to read whose strides
    are not a multiple of its item size is read from a contiguous copy."""
    PyObject_GetBuffer(obj, &a.buffer,
                       PyBUF_STRIDES | PyBUF_FORMAT | (PyBUF_WRITABLE if writable else 0))
    if a.buffer.ndim != ndim:
        raise ValueError(f"expected a {ndim}-D array, got {a.buffer.ndim} dimensions")
    if _copied(a, ndim, writable):
        import numpy
        return acquire(a, numpy.ascontiguousarray(obj), ndim, False)
    return 0


cdef bint _copied(Array* a, int ndim, bint writable) except -1:
    """Fill a's fields from the ndim-D buffer it holds; or, when its strides are not a
    multiple of its item size, release it and return True (to read a contiguous copy)."""
    cdef Py_ssize_t itemsize = a.buffer.itemsize, d
    if a.buffer.shape == NULL and ndim == 1:  # (bytes laid out one after another)
        a.n, a.m, a.step, a.step2 = a.buffer.len // itemsize, 1, 1, 1
    else:
        a.n = a.buffer.shape[0]
        a.m = a.buffer.shape[1] if ndim == 2 else 1
        if a.buffer.strides == NULL:  # C-contiguous (an exporter may leave strides out)
            a.step, a.step2 = a.m, 1
        else:
            for d in range(ndim):
                if a.buffer.shape[d] > 1 and a.buffer.strides[d] % itemsize:
                    if writable:
                        raise ValueError("the kernels write into arrays whose strides are "
                                         "a multiple of the item size")
                    PyBuffer_Release(&a.buffer)
                    return True
            a.step = a.buffer.strides[0] // itemsize
            a.step2 = a.buffer.strides[1] // itemsize if ndim == 2 else 1
    a.data = <char*>a.buffer.buf
    a.kind = _kind_of(a.buffer.format, itemsize)
    return False


cdef str _name(Kind kind):
    return ("int8" if kind == INT8 else "uint8" if kind == UINT8 else "int32" if kind == INT32
            else "int64" if kind == INT64 else "uint64" if kind == UINT64
            else "float32" if kind == FLOAT32 else "float64")


cdef int typed(Array* a, object obj, Kind kind, int ndim, int how) except -1:
    """Hold obj's buffer in a, an ndim-D array of the given kind, as a typed memoryview
    argument would: ValueError for another dtype or number of dimensions, for a read-only
    array to write (how & WRITABLE) or a strided one (how & CONTIGUOUS: the exporter's
    own message). how & COPY: a strided array is read from a contiguous copy. A uint8
    array may also be bytes' chars (format 'c'), as for an `unsigned char[:]` argument.
    None is refused (TypeError), which a memoryview argument let through. release(a)
    must follow, also on errors."""
    cdef bint writable = how & WRITABLE
    if writable and how & COPY:
        raise ValueError("typed(): an array to write is never a copy (WRITABLE | COPY)")
    PyObject_GetBuffer(obj, &a.buffer,
                       (PyBUF_C_CONTIGUOUS if how & CONTIGUOUS else PyBUF_STRIDES)
                       | PyBUF_FORMAT | (PyBUF_WRITABLE if writable else 0))
    if a.buffer.ndim != ndim:
        raise ValueError(f"Buffer has wrong number of dimensions (expected {ndim}, got "
                         f"{a.buffer.ndim})")
    if _copied(a, ndim, writable):
        import numpy
        return typed(a, numpy.ascontiguousarray(obj), kind, ndim, how)
    if kind == UINT8 and a.kind == CHAR:
        a.kind = UINT8
    if a.kind != kind:
        raise ValueError(f"Buffer dtype mismatch, expected {_name(kind)} but got format "
                         f"{a.buffer.format.decode() if a.buffer.format else 'B'!r}")
    if how & COPY and a.n > 1 and a.step != 1:
        release(a)
        import numpy
        return typed(a, numpy.ascontiguousarray(obj), kind, ndim, how)
    return 0


cdef int read(Array* a, object obj) except -1:
    """acquire a 1-D array to read."""
    return acquire(a, obj, 1, False)


cdef int write(Array* a, object obj) except -1:
    """acquire a 1-D array to write."""
    return acquire(a, obj, 1, True)


cdef int check_kind(Array* a, Kind kind, str what) except -1:
    if a.kind != kind:
        raise TypeError(f"{what}: got an array of format {a.buffer.format.decode()!r}")
    return 0


cdef int check_score_kind(Array* a, str what) except -1:
    if a.kind != FLOAT32 and a.kind != FLOAT64:
        raise TypeError(f"{what} must be float32 or float64, got format "
                        f"{a.buffer.format.decode()!r}")
    return 0


cdef int check_label_kind(Array* a) except -1:
    if a.kind != INT8 and a.kind != UINT8 and a.kind != INT64:
        raise TypeError("labels must be int8, uint8 (or bool) or int64, got format "
                        f"{a.buffer.format.decode()!r}")
    return 0


cdef int check_code(Array* labels, int64_t code) except -1:
    """The positive class's code must be a value of the labels' dtype."""
    if ((labels.kind == INT8 and not -128 <= code <= 127)
            or (labels.kind == UINT8 and not 0 <= code <= 255)):
        raise OverflowError(f"pos_code {code} is not a value of the labels' dtype")
    return 0


cdef int read_contiguous(Array* a, object obj) except -1:
    """read a 1-D array, from a contiguous copy when it is strided."""
    read(a, obj)
    if a.n > 1 and a.step != 1:
        release(a)
        import numpy
        read(a, numpy.ascontiguousarray(obj))
    return 0


cdef int read_each(Array* arrays, tuple objects, const char* kinds) except -1:
    """read_contiguous objects[i] into arrays[i], of kind kinds[i] (b'B' uint8, b'q' int64,
    b'Q' uint64, b'd' float64); the arrays are marked by no_buffers first and released by
    release_each afterwards, also on errors."""
    cdef Py_ssize_t i, n = len(objects)
    cdef Kind kind
    for i in range(n):
        read_contiguous(&arrays[i], objects[i])
        kind = (UINT8 if kinds[i] == b'B' else INT64 if kinds[i] == b'q'
                else UINT64 if kinds[i] == b'Q' else FLOAT64)
        if arrays[i].kind != kind:
            raise TypeError(f"argument {i + 1}: got an array of format "
                            f"{arrays[i].buffer.format.decode()!r}, expected "
                            f"{kinds[i:i + 1].decode()!r}")
    return 0


cdef int read_labelled(Array* l, object labels, int64_t code, Array* s, object scores,
                              Array* w, object weights, str kernel) except -1:
    """read the labels (a label kind, with code one of their values), the scores (float32
    or float64) and, unless weights is None, float64 weights into w: all of one length."""
    read(l, labels)
    read(s, scores)
    check_label_kind(l)
    check_code(l, code)
    check_score_kind(s, "scores")
    if weights is not None:
        read(w, weights)
        check_kind(w, FLOAT64, "weights must be float64")
    if l.n != s.n or (weights is not None and w.n != s.n):
        raise ValueError(f"{kernel} needs labels, scores and weights of one length")
    return 0


cdef int read_parts(Array* neg, object neg_scores, Array* pos,
                           object pos_scores) except -1:
    """read_contiguous each class's scores: float32 or float64, one dtype."""
    read_contiguous(neg, neg_scores)
    read_contiguous(pos, pos_scores)
    check_score_kind(neg, "neg")
    check_score_kind(pos, "pos")
    if neg.kind != pos.kind:
        raise TypeError("neg and pos must have one dtype")
    return 0


cdef int one_length(Array* arrays, Py_ssize_t k) except -1:
    cdef Py_ssize_t i
    for i in range(1, k):
        if arrays[i].n != arrays[0].n:
            raise ValueError(f"the arrays must have one length, got {arrays[0].n} and "
                             f"{arrays[i].n}")
    return 0


cdef int weights_of(Array* scores, Array* weights) except -1:
    if weights.n != scores.n:
        raise ValueError(f"the weights must have their scores' length, got {weights.n} "
                         f"and {scores.n}")
    return 0


cdef Py_ssize_t _first_outside(Array* a, int64_t low, int64_t high,
                               bint rising) noexcept nogil:
    # the first r with a[r] outside [low, high] (rising: low is then the last entry), or -1
    cdef const int64_t* x = <int64_t*>a.data
    cdef Py_ssize_t r
    for r in range(a.n):
        if x[r * a.step] < low or x[r * a.step] > high:
            return r
        if rising:
            low = x[r * a.step]
    return -1


cdef int indices_within(Array* a, Py_ssize_t n, str what) except -1:
    cdef Py_ssize_t bad
    with nogil:
        bad = _first_outside(a, 0, n - 1, False)
    if bad >= 0:
        raise ValueError(f"{what} must hold indices in [0, {n}), got "
                         f"{(<int64_t*>a.data)[bad * a.step]} at {bad}")
    return 0


cdef int offsets_within(Array* a, Py_ssize_t n, str what) except -1:
    cdef Py_ssize_t bad
    with nogil:
        bad = _first_outside(a, 0, n, True)
    if bad >= 0:
        raise ValueError(f"{what} must be non-decreasing within [0, {n}], got "
                         f"{(<int64_t*>a.data)[bad * a.step]} at {bad}")
    return 0
