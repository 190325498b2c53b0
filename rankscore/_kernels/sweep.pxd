# What the sweep kernels (sweep.pyx) share with the other kernel modules.

from rankscore._kernels.types cimport score_t


cdef inline score_t next_down(const score_t[:] neg, const score_t[:] pos,
                              Py_ssize_t i, Py_ssize_t j) noexcept nogil:
    # the largest score not yet swept (i, j: last unswept index of each part, -1 when done)
    if j < 0 or (i >= 0 and neg[i] > pos[j]):
        return neg[i]
    return pos[j]
