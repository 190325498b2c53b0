# What the sweep kernels (sweep.pyx) share with the other kernel modules and the C API:
# the loops over raw pointers that split labelled scores by class and merge each class's
# sorted scores into AUC, average precision, KS and the sweep. Every `def` kernel of
# sweep.pyx is a thin wrapper over them.

from rankscore._kernels.int128 cimport rs_u128
from rankscore._kernels.types cimport label_t, score_t


cdef inline score_t next_below(const score_t* neg, const score_t* pos,
                               Py_ssize_t i, Py_ssize_t j) noexcept nogil:
    # the largest score not yet swept (i, j: last unswept index of each part, -1 when done)
    if j < 0 or (i >= 0 and neg[i] > pos[j]):
        return neg[i]
    return pos[j]


cdef inline score_t tie_block(const score_t* neg, const double* neg_weights, Py_ssize_t* i,
                              const score_t* pos, const double* pos_weights, Py_ssize_t* j,
                              double* neg_sum, double* pos_sum) noexcept nogil:
    # the largest score not yet swept, t: *i and *j step down past each class's samples at
    # t, whose weights (when not NULL) are summed into *neg_sum and *pos_sum, from the last
    # sample of the tie down (the sweeps and the summary add them in this order)
    cdef score_t t = next_below(neg, pos, i[0], j[0])
    cdef Py_ssize_t a = i[0], b = j[0]
    cdef double x = 0.0, y = 0.0
    while a >= 0 and neg[a] == t:
        if neg_weights != NULL:
            x += neg_weights[a]
        a -= 1
    while b >= 0 and pos[b] == t:
        if pos_weights != NULL:
            y += pos_weights[b]
        b -= 1
    i[0], j[0], neg_sum[0], pos_sum[0] = a, b, x, y
    return t


# Splitting: labels[i * label_step] == pos_code picks the class of scores[i * score_step]
# (steps in elements, so a column of a matrix is read in place).
cdef Py_ssize_t count_positives(const label_t* labels, Py_ssize_t label_step,
                                label_t pos_code, Py_ssize_t n, label_t* lo,
                                label_t* hi) noexcept nogil

cdef void split_rows(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                     const score_t* scores, Py_ssize_t score_step, Py_ssize_t n,
                     score_t* neg, Py_ssize_t a, Py_ssize_t a_end,
                     score_t* pos, Py_ssize_t b, Py_ssize_t b_end) noexcept nogil

cdef void count_kept(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                     const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                     Py_ssize_t* n_neg, Py_ssize_t* n_pos) noexcept nogil

cdef void split_rows_weighted(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                              const score_t* scores, Py_ssize_t score_step,
                              const double* weights, Py_ssize_t weight_step, Py_ssize_t n,
                              score_t* neg, double* neg_weights, Py_ssize_t a,
                              Py_ssize_t a_end, score_t* pos, double* pos_weights,
                              Py_ssize_t b, Py_ssize_t b_end) noexcept nogil

# Merging: neg[0:n_neg] and pos[0:n_pos] are each class's scores, ascending; weights NULL
# means unweighted, else they are in the same order as the scores.
cdef double ap_sum(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                   const score_t* pos, const double* pos_weights,
                   Py_ssize_t n_pos) noexcept nogil

cdef rs_u128 auc_pairs(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                       Py_ssize_t n_pos) noexcept nogil

# the weighted AUC itself, at most 1 (the ratio of two sums, see sweep.pyx)
cdef double auc_pairs_weighted(const score_t* neg, const double* neg_weights,
                               Py_ssize_t n_neg, const score_t* pos,
                               const double* pos_weights, Py_ssize_t n_pos) noexcept nogil

cdef rs_u128 ks_gap(const score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                    Py_ssize_t n_pos, score_t* at) noexcept nogil

cdef double ks_weighted(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                        const score_t* pos, const double* pos_weights, Py_ssize_t n_pos,
                        score_t* at) noexcept nogil

cdef Py_ssize_t sweep_down(const score_t* neg, const double* neg_weights, Py_ssize_t n_neg,
                           const score_t* pos, const double* pos_weights, Py_ssize_t n_pos,
                           score_t* thresholds, double* fps, double* tps) noexcept nogil
