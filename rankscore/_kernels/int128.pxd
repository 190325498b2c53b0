# 128-bit unsigned counts (int128.h), shared by the sweep and summary kernels.

from libc.stdint cimport uint64_t

cdef extern from "int128.h":
    ctypedef struct rs_u128:
        uint64_t hi
        uint64_t lo
    rs_u128 rs_mul(uint64_t a, uint64_t b) noexcept nogil
    rs_u128 rs_add(rs_u128 x, rs_u128 y) noexcept nogil
    rs_u128 rs_add64(rs_u128 x, uint64_t y) noexcept nogil
    bint rs_less(rs_u128 x, rs_u128 y) noexcept nogil
    rs_u128 rs_gap(rs_u128 x, rs_u128 y) noexcept nogil
    double rs_ratio(rs_u128 a, rs_u128 b) noexcept nogil  # a / b as Python's int / int


cdef inline object to_int(rs_u128 x):
    """The count as a Python int."""
    return (<object>x.hi << 64) | <object>x.lo
