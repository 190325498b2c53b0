# rankscore's C-level API for Cython: exact ROC AUC, average precision, KS statistic, the
# threshold sweep and the ranking score s(r), over raw pointers, without the GIL.
#
#     from rankscore.capi cimport rs_roc_auc, RS_OK
#
#     cdef double auc
#     with nogil:
#         if rs_roc_auc(&scores[0], &labels[0], NULL, n, &auc) != RS_OK:
#             ...
#
# Inputs: y_score[i] is a sample's score (float64, or float32 for the *_f32 functions),
# y_true[i] is 1 for a positive and 0 for a negative, sample_weight[i] its weight (NULL: every
# weight 1), for i < n. Every function returns RS_OK and writes its results, or returns a
# negative error code below and leaves its outputs untouched (n, the labels, the weights,
# then the scores are checked, in this order; without weights the scores are checked once
# sorted, so RS_ERR_NO_MEMORY comes before a NaN there). The results are those of
# rankscore.roc_auc_score, average_precision_score, ks_statistic, ScoreSummary and
# ranking_score on the same data, bit for bit (ties and weights included). The functions
# keep no global state and allocate only what they free: call them from any number of
# threads at once, without the GIL. C and C++ reach the same functions through the header
# in rankscore.get_include() (rankscore/capi.h) and import_rankscore().

from libc.stdint cimport int64_t

cdef enum:
    RS_OK = 0                # success
    RS_ERR_LENGTH = -1       # n < 0 (or beyond 2**62 rows); rs_ranking_score's k < 0
    RS_ERR_LABEL = -2        # a y_true[i] other than 0 and 1
    RS_ERR_NAN_SCORE = -3    # a score is NaN (or infinite)
    RS_ERR_WEIGHT = -4       # a weight is negative, NaN or infinite, or the weights sum
                             # to inf
    RS_ERR_ONE_CLASS = -5    # a class the result needs is missing: AUC and KS need both
                             # classes, average precision a positive, the sweep a sample
                             # (after zero-weight samples are dropped; n = 0 has no class)
    RS_ERR_NO_MEMORY = -6    # out of memory
    RS_ERR_POSITION = -7     # ranking positions: none, one < 1 or > 2**32, or one
                             # repeated
    RS_ERR_M = -8            # the ranking score's m is not a finite number > 2

# ROC AUC = P(s+ > s-) + P(s+ = s-) / 2, weighted by sample_weight.
cdef int rs_roc_auc(const double *y_score, const unsigned char *y_true,
                    const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil
cdef int rs_roc_auc_f32(const float *y_score, const unsigned char *y_true,
                        const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil

# Average precision = sum over thresholds of (recall gain) x precision.
cdef int rs_average_precision(const double *y_score, const unsigned char *y_true,
                              const double *sample_weight, Py_ssize_t n,
                              double *out) noexcept nogil
cdef int rs_average_precision_f32(const float *y_score, const unsigned char *y_true,
                                  const double *sample_weight, Py_ssize_t n,
                                  double *out) noexcept nogil

# KS statistic = max over thresholds t of |F-(t) - F+(t)|; rs_ks also writes the smallest
# score t reaching it.
cdef int rs_ks_statistic(const double *y_score, const unsigned char *y_true,
                         const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil
cdef int rs_ks_statistic_f32(const float *y_score, const unsigned char *y_true,
                             const double *sample_weight, Py_ssize_t n,
                             double *out) noexcept nogil
cdef int rs_ks(const double *y_score, const unsigned char *y_true,
               const double *sample_weight, Py_ssize_t n, double *statistic,
               double *threshold) noexcept nogil
cdef int rs_ks_f32(const float *y_score, const unsigned char *y_true,
                   const double *sample_weight, Py_ssize_t n, double *statistic,
                   double *threshold) noexcept nogil

# The sweep behind every curve, into the caller's buffers of n entries each: the distinct
# scores from the highest down (thresholds[k]) with the weight of the negatives (fps[k])
# and of the positives (tps[k]) scoring at or above each; *n_thresholds tells how many.
cdef int rs_sweep(const double *y_score, const unsigned char *y_true,
                  const double *sample_weight, Py_ssize_t n, double *thresholds,
                  double *fps, double *tps, Py_ssize_t *n_thresholds) noexcept nogil
cdef int rs_sweep_f32(const float *y_score, const unsigned char *y_true,
                      const double *sample_weight, Py_ssize_t n, float *thresholds,
                      double *fps, double *tps, Py_ssize_t *n_thresholds) noexcept nogil

# The score s(r) = k/p + (2/m) soma / (p (p - 1)) of the ranking whose k list elements
# stand at positions[0..k-1] (1-based, any order; p the largest, soma the sum of the
# positions not in the list; s = 1 for p = 1), as rankscore.ranking_score(positions, m).
cdef int rs_ranking_score(const int64_t *positions, Py_ssize_t k, double m,
                          double *out) noexcept nogil

# A one-line description of an error code (a static string).
cdef const char *rs_error_message(int code) noexcept nogil
