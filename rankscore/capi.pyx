# rankscore's C-level API (declared in capi.pxd for Cython, in include/rankscore/capi.h for
# C and C++): the metrics of a scored binary classifier from raw pointers, without the GIL.
#
# Each function validates its input in one pass, splits the scores by class and sorts
# each class (the bucket sort of sort.pyx), then merges the two sorted parts with the loops
# of sweep.pyx: the very loops the Python functions run, in the same order, so the results
# are theirs bit for bit. (Short unweighted AUC inputs compare every pair instead, with
# no sort: pairs.h.) Unweighted pair counts and KS gaps are exact integers (128 bits)
# divided once, rounded as Python's int / int; weighted sums are accumulated in the order
# the Python functions accumulate them (ascending scores, ties in input order).
#
# The same functions are handed to C through a versioned table in a capsule (_C_API),
# which the header's import_rankscore() reads.

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.math cimport INFINITY
from libc.stdlib cimport free, malloc

from rankscore._kernels.int128 cimport rs_mul, rs_ratio, rs_u128
from rankscore._kernels.ranking cimport m_denominator, ranking_score
from rankscore._kernels.sort cimport (Buckets, max_edges, sort_runs_of, sort_short_runs_of,
                                      split_buckets_into)
from rankscore._kernels.sweep cimport (ap_sum, auc_pairs, auc_pairs_weighted, ks_gap,
                                       ks_weighted, sweep_down)
from rankscore._kernels.types cimport score_t

__all__ = ["C_API_VERSION"]

cdef extern from "pythread.h":  # (OS threads and locks: no Python state, no GIL needed)
    ctypedef void* PyThread_type_lock
    PyThread_type_lock PyThread_allocate_lock() noexcept nogil
    void PyThread_free_lock(PyThread_type_lock) noexcept nogil
    int PyThread_acquire_lock(PyThread_type_lock, int mode) noexcept nogil
    void PyThread_release_lock(PyThread_type_lock) noexcept nogil
    unsigned long PyThread_start_new_thread(void (*)(void*) noexcept nogil,
                                            void*) noexcept nogil
    int WAIT_LOCK

cdef extern from *:
    """
    #if defined(__linux__)
    #include <sys/mman.h>
    #endif
    /* Large blocks on Linux: ask for transparent huge pages (as NumPy does for its arrays),
       which saves most of the page faults of the first touch. Advice only: it may fail. */
    static void rs_advise_huge_pages(void *block, size_t size) {
    #if defined(__linux__) && defined(MADV_HUGEPAGE)
        const uintptr_t page = 4096;
        uintptr_t start = ((uintptr_t)block + page - 1) & ~(page - 1);
        uintptr_t end = ((uintptr_t)block + size) & ~(page - 1);
        if (size >= ((size_t)4 << 20) && end > start)
            (void)madvise((void *)start, end - start, MADV_HUGEPAGE);
    #else
        (void)block; (void)size;
    #endif
    }
    """
    void rs_advise_huge_pages(void* block, size_t size) noexcept nogil

cdef enum:
    SHORT_INPUT = 1 << 10    # sorted bucket by bucket up to here (sort_short_runs_of)
    PARALLEL_FROM = 1 << 21  # sorted on two threads from here on
    PAIRS_UP_TO = 256        # unweighted AUC may count its pairs directly up to here,
    PAIRS_PER_SCORE = 56     # when they are at most this many per score (then faster)
    DECLINED = 1             # (not an error: _roc_auc_short leaves this input to the sort)

# The version of the function table below. A new version only appends functions to the
# table (older extensions keep working); an extension built against a header of a newer
# version refuses to import on an older rankscore.
C_API_VERSION = 1


# ---------------------------------------------------------------------------------------
# validated input as each class's sorted scores


cdef struct Parts:
    # each class's scores ascending (-0.0 as 0.0): the negatives at [0, n_neg), the
    # positives at [n_neg, n_neg + n_pos), zero-weight samples dropped; the weights
    # alongside (NULL without weights); both in one allocated block
    void* block
    void* scores
    double* weights
    Py_ssize_t n_neg, n_pos


cdef int _check(const score_t* y_score, const uint8_t* y_true, const double* sample_weight,
                Py_ssize_t n, bint scores) noexcept nogil:
    # the input's problem, checked in this order (capi.pxd), or RS_OK; the scores only when
    # asked (unweighted input has them checked off the ends of its sorted classes instead)
    cdef Py_ssize_t i
    cdef uint8_t labels = 0
    cdef bint finite = True, weights_ok = True
    cdef double x, w, total = 0.0
    if n < 0 or n > (<Py_ssize_t>1) << 62:  # (pair counts are exact, in 128 bits, to here)
        return RS_ERR_LENGTH
    for i in range(n):
        labels |= y_true[i]
    if labels > 1:
        return RS_ERR_LABEL
    if sample_weight != NULL:
        for i in range(n):
            w = sample_weight[i]
            weights_ok &= (w >= 0) & (w - w == 0)
            total += w
        if not weights_ok or total - total != 0:
            return RS_ERR_WEIGHT
    if scores:
        for i in range(n):
            x = y_score[i]
            finite &= x - x == 0  # (NaN - NaN and inf - inf are NaN)
        if not finite:
            return RS_ERR_NAN_SCORE
    return RS_OK


cdef inline bint _finite_ends(const score_t* part, Py_ssize_t n) noexcept nogil:
    # a sorted class: NaN keys lie beyond the infinities, which lie beyond every finite
    # score, so the two ends tell whether every score is finite
    return n == 0 or (part[0] - part[0] == 0 and part[n - 1] - part[n - 1] == 0)


cdef int _class_parts(const score_t* y_score, const uint8_t* y_true,
                      const double* sample_weight, Py_ssize_t n, Parts* parts) noexcept nogil:
    # validate, then split the scores by class into ordered buckets and sort each bucket;
    # RS_OK or an error (then nothing is left allocated). Weighted input has every score
    # checked first (a zero-weight sample is dropped, yet its score must be finite);
    # unweighted input, at the ends of its sorted classes (as the Python functions do)
    cdef int status = _check(y_score, y_true, sample_weight, n, sample_weight != NULL)
    cdef int64_t* edges
    cdef Buckets found
    cdef score_t* scores
    cdef size_t size
    if status != RS_OK:
        return status
    if n > (<Py_ssize_t>1) << 57:  # (more bytes than an address space holds)
        return RS_ERR_NO_MEMORY
    # one block: the bucket edges, the weights, the scores
    size = (max_edges(n) * sizeof(int64_t) + n * sizeof(score_t)
            + (n * sizeof(double) if sample_weight != NULL else 0))
    parts.block = malloc(size)
    if parts.block == NULL:
        return RS_ERR_NO_MEMORY
    rs_advise_huge_pages(parts.block, size)
    edges = <int64_t*>parts.block
    parts.weights = <double*>(edges + max_edges(n)) if sample_weight != NULL else NULL
    parts.scores = <void*>(parts.weights + n if sample_weight != NULL
                           else <double*>(edges + max_edges(n)))
    scores = <score_t*>parts.scores
    status = split_buckets_into(y_true, 1, 1, y_score, 1, sample_weight, 1, n,
                                scores, parts.weights, edges, &found)
    if status == 0:
        status = _sort_buckets(scores, parts.weights, edges, found.n_buckets)
    if status != 0:
        return _free_parts(parts, RS_ERR_NO_MEMORY)
    parts.n_neg, parts.n_pos = found.n_neg, found.n_pos
    if not (_finite_ends(scores, found.n_neg)
            and _finite_ends(scores + found.n_neg, found.n_pos)):
        return _free_parts(parts, RS_ERR_NAN_SCORE)
    return RS_OK


cdef struct SortJob:
    # sort_runs_of(scores, weights, edges, n_runs) on a thread of its own
    void* scores
    double* weights
    const int64_t* edges
    Py_ssize_t n_runs
    bint single  # float32 scores
    int status
    PyThread_type_lock done  # held until the job is done


cdef void _run_sort_job(void* argument) noexcept nogil:
    cdef SortJob* job = <SortJob*>argument
    if job.single:
        job.status = sort_runs_of(<float*>job.scores, job.weights, job.edges, job.n_runs)
    else:
        job.status = sort_runs_of(<double*>job.scores, job.weights, job.edges, job.n_runs)
    PyThread_release_lock(job.done)


cdef int _sort_buckets(score_t* scores, double* weights, const int64_t* edges,
                       Py_ssize_t n_buckets) noexcept nogil:
    # sort every bucket; from PARALLEL_FROM scores on, the buckets above the middle score
    # on a second thread (as the Python functions sort by default), unless none can start
    cdef Py_ssize_t cut = 1, total = edges[n_buckets] - edges[0]
    cdef SortJob job
    cdef int status
    if total <= SHORT_INPUT:
        return sort_short_runs_of(scores, weights, edges, n_buckets)
    if total < PARALLEL_FROM or n_buckets < 2:
        return sort_runs_of(scores, weights, edges, n_buckets)
    while cut < n_buckets - 1 and edges[cut] - edges[0] < total // 2:
        cut += 1
    job.scores, job.weights, job.edges = scores, weights, edges + cut
    job.n_runs, job.single, job.status = n_buckets - cut, score_t is float, -1
    job.done = PyThread_allocate_lock()
    if job.done == NULL:
        return sort_runs_of(scores, weights, edges, n_buckets)
    PyThread_acquire_lock(job.done, WAIT_LOCK)
    if PyThread_start_new_thread(_run_sort_job, &job) == <unsigned long>-1:
        PyThread_release_lock(job.done)
        PyThread_free_lock(job.done)
        return sort_runs_of(scores, weights, edges, n_buckets)
    status = sort_runs_of(scores, weights, edges, cut)
    PyThread_acquire_lock(job.done, WAIT_LOCK)  # the second thread is done
    PyThread_release_lock(job.done)
    PyThread_free_lock(job.done)
    return status if status != 0 else job.status


cdef int _free_parts(Parts* parts, int status) noexcept nogil:
    free(parts.block)
    parts.block = parts.scores = parts.weights = NULL
    return status


cdef void _weights_in_range(double* neg_weights, Py_ssize_t n_neg, double* pos_weights,
                            Py_ssize_t n_pos, double* denominator) noexcept nogil:
    # W+ W- (each class total summed in order); when the product leaves float64's range,
    # each class's weights are divided by their largest first (AUC and KS do not change)
    cdef Py_ssize_t i
    cdef double w_neg = 0.0, w_pos = 0.0
    for i in range(n_pos):
        w_pos += pos_weights[i]
    for i in range(n_neg):
        w_neg += neg_weights[i]
    denominator[0] = w_pos * w_neg
    if 1e-290 < denominator[0] < 1e290:
        return
    _divide_by_largest(neg_weights, n_neg)
    _divide_by_largest(pos_weights, n_pos)
    w_neg = w_pos = 0.0
    for i in range(n_pos):
        w_pos += pos_weights[i]
    for i in range(n_neg):
        w_neg += neg_weights[i]
    denominator[0] = w_pos * w_neg


cdef void _divide_by_largest(double* weights, Py_ssize_t n) noexcept nogil:
    cdef Py_ssize_t i
    cdef double top = weights[0]
    for i in range(n):
        top = weights[i] if weights[i] > top else top
    for i in range(n):
        weights[i] = weights[i] / top


# ---------------------------------------------------------------------------------------
# the metrics, for either score dtype


cdef int _both_classes(const score_t* y_score, const uint8_t* y_true,
                       const double* sample_weight, Py_ssize_t n, Parts* parts,
                       double* denominator) noexcept nogil:
    # _class_parts for a result that needs both classes (AUC, KS); with weights, W+ W- in
    # *denominator, each class's weights scaled into range first (_weights_in_range)
    cdef int status
    parts.block = parts.scores = parts.weights = NULL
    status = _class_parts(y_score, y_true, sample_weight, n, parts)
    if status != RS_OK:
        return status
    if parts.n_neg == 0 or parts.n_pos == 0:
        return _free_parts(parts, RS_ERR_ONE_CLASS)
    if parts.weights != NULL:
        _weights_in_range(parts.weights, parts.n_neg, parts.weights + parts.n_neg,
                          parts.n_pos, denominator)
    return RS_OK


cdef extern from "pairs.h":
    enum: RS_PAIRS_LANES  # the negatives' length is padded to a multiple of this
    uint64_t rs_pairs_f64(const double* neg, Py_ssize_t n_neg, const double* pos,
                          Py_ssize_t n_pos) noexcept nogil
    uint64_t rs_pairs_f32(const float* neg, Py_ssize_t n_neg, const float* pos,
                          Py_ssize_t n_pos) noexcept nogil


cdef inline uint64_t _pairs_of(score_t* neg, Py_ssize_t n_neg, const score_t* pos,
                               Py_ssize_t n_pos) noexcept nogil:
    # 2 * #{neg < pos} + #{neg == pos} over every pair of finite scores; neg has room for
    # its length rounded up to RS_PAIRS_LANES (filled with +inf here)
    cdef Py_ssize_t i
    for i in range(n_neg, (n_neg + RS_PAIRS_LANES - 1) // RS_PAIRS_LANES * RS_PAIRS_LANES):
        neg[i] = INFINITY
    if score_t is double:
        return rs_pairs_f64(neg, n_neg, pos, n_pos)
    else:
        return rs_pairs_f32(neg, n_neg, pos, n_pos)


cdef int _roc_auc_short(const score_t* y_score, const uint8_t* y_true, Py_ssize_t n,
                        double* out) noexcept nogil:
    # unweighted input of up to PAIRS_UP_TO scores: each class's scores copied out in
    # input order, then every pair compared, which is faster than the sort up to about
    # PAIRS_PER_SCORE pairs per score (measured: 0.2 µs against 0.8 µs at 64 scores; 2.6 µs
    # against 2.8 µs at 256 scores, 30 % positives); DECLINED beyond. The count is
    # auc_pairs's, the same exact integer.
    cdef score_t neg[PAIRS_UP_TO + 4]
    cdef score_t pos[PAIRS_UP_TO + 4]
    cdef Py_ssize_t i, n_neg = 0, n_pos = 0
    cdef int status = _check(y_score, y_true, NULL, n, True)
    cdef uint64_t pairs, both
    cdef score_t x
    cdef uint8_t label
    if status != RS_OK:
        return status
    for i in range(n):
        x = y_score[i]
        label = y_true[i]
        neg[n_neg] = x
        pos[n_pos] = x
        n_pos += label
        n_neg += 1 - label
    if n_neg == 0 or n_pos == 0:
        return RS_ERR_ONE_CLASS
    if n_pos * n_neg > PAIRS_PER_SCORE * n:
        return DECLINED
    both = 2 * <uint64_t>n_pos * <uint64_t>n_neg
    if n_neg >= n_pos:  # (the longer class in the inner loop)
        pairs = _pairs_of(neg, n_neg, pos, n_pos)
    else:  # a pair counts 2 from one side or the other: 2 [n < p] + [n == p] + the reverse
        pairs = both - _pairs_of(pos, n_pos, neg, n_neg)
    out[0] = rs_ratio(rs_u128(0, pairs), rs_u128(0, both))
    return RS_OK


cdef int _roc_auc(const score_t* y_score, const uint8_t* y_true, const double* sample_weight,
                  Py_ssize_t n, double* out) noexcept nogil:
    cdef Parts parts
    cdef double denominator
    cdef const score_t* neg
    cdef int status = DECLINED
    if sample_weight == NULL and 0 <= n <= PAIRS_UP_TO:
        status = _roc_auc_short(y_score, y_true, n, out)
    if status != DECLINED:
        return status
    status = _both_classes(y_score, y_true, sample_weight, n, &parts, &denominator)
    if status != RS_OK:
        return status
    neg = <score_t*>parts.scores
    if parts.weights == NULL:  # 2U / (2 n_pos n_neg), rounded once
        out[0] = rs_ratio(auc_pairs(neg, parts.n_neg, neg + parts.n_neg, parts.n_pos),
                          rs_mul(2 * <uint64_t>parts.n_pos, <uint64_t>parts.n_neg))
    else:  # (the ratio of two sums of the same order: at most 1, 1 at full separation)
        out[0] = auc_pairs_weighted(neg, parts.weights, parts.n_neg, neg + parts.n_neg,
                                    parts.weights + parts.n_neg, parts.n_pos)
    return _free_parts(&parts, RS_OK)


cdef int _average_precision(const score_t* y_score, const uint8_t* y_true,
                            const double* sample_weight, Py_ssize_t n,
                            double* out) noexcept nogil:
    cdef Parts parts
    cdef int status = _class_parts(y_score, y_true, sample_weight, n, &parts)
    cdef const score_t* neg
    cdef Py_ssize_t i
    cdef double top = 0.0, ap
    if status != RS_OK:
        return status
    if parts.n_pos == 0:
        return _free_parts(&parts, RS_ERR_ONE_CLASS)
    neg = <score_t*>parts.scores
    if parts.weights != NULL:
        for i in range(parts.n_neg + parts.n_pos):
            top = parts.weights[i] if parts.weights[i] > top else top
        if top < 1e-290:  # (recall gain) x precision would underflow: one scale for all
            for i in range(parts.n_neg + parts.n_pos):
                parts.weights[i] = parts.weights[i] / top
    ap = ap_sum(neg, parts.weights, parts.n_neg, neg + parts.n_neg,
                NULL if parts.weights == NULL else parts.weights + parts.n_neg, parts.n_pos)
    out[0] = ap if ap > 0.0 else 0.0
    return _free_parts(&parts, RS_OK)


cdef int _ks(const score_t* y_score, const uint8_t* y_true, const double* sample_weight,
             Py_ssize_t n, double* statistic, double* threshold) noexcept nogil:
    cdef Parts parts
    cdef double denominator  # (ks_weighted divides by W+ W- itself)
    cdef int status = _both_classes(y_score, y_true, sample_weight, n, &parts, &denominator)
    cdef const score_t* neg = <score_t*>parts.scores
    cdef score_t at
    if status != RS_OK:
        return status
    if parts.weights == NULL:  # the largest gap n_pos C-(t) - n_neg C+(t) / (n_pos n_neg)
        statistic[0] = rs_ratio(ks_gap(neg, parts.n_neg, neg + parts.n_neg, parts.n_pos, &at),
                                rs_mul(<uint64_t>parts.n_pos, <uint64_t>parts.n_neg))
    else:
        statistic[0] = ks_weighted(neg, parts.weights, parts.n_neg, neg + parts.n_neg,
                                   parts.weights + parts.n_neg, parts.n_pos, &at)
    if threshold != NULL:
        threshold[0] = at
    return _free_parts(&parts, RS_OK)


cdef int _sweep(const score_t* y_score, const uint8_t* y_true, const double* sample_weight,
                Py_ssize_t n, score_t* thresholds, double* fps, double* tps,
                Py_ssize_t* n_thresholds) noexcept nogil:
    cdef Parts parts
    cdef int status = _class_parts(y_score, y_true, sample_weight, n, &parts)
    cdef const score_t* neg
    if status != RS_OK:
        return status
    if parts.n_neg + parts.n_pos == 0:
        return _free_parts(&parts, RS_ERR_ONE_CLASS)
    neg = <score_t*>parts.scores
    n_thresholds[0] = sweep_down(
        neg, parts.weights, parts.n_neg, neg + parts.n_neg,
        NULL if parts.weights == NULL else parts.weights + parts.n_neg, parts.n_pos,
        thresholds, fps, tps)
    return _free_parts(&parts, RS_OK)


# ---------------------------------------------------------------------------------------
# the C API (capi.pxd)


cdef int rs_roc_auc(const double *y_score, const unsigned char *y_true,
                    const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil:
    return _roc_auc(y_score, y_true, sample_weight, n, out)


cdef int rs_roc_auc_f32(const float *y_score, const unsigned char *y_true,
                        const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil:
    return _roc_auc(y_score, y_true, sample_weight, n, out)


cdef int rs_average_precision(const double *y_score, const unsigned char *y_true,
                              const double *sample_weight, Py_ssize_t n,
                              double *out) noexcept nogil:
    return _average_precision(y_score, y_true, sample_weight, n, out)


cdef int rs_average_precision_f32(const float *y_score, const unsigned char *y_true,
                                  const double *sample_weight, Py_ssize_t n,
                                  double *out) noexcept nogil:
    return _average_precision(y_score, y_true, sample_weight, n, out)


cdef int rs_ks_statistic(const double *y_score, const unsigned char *y_true,
                         const double *sample_weight, Py_ssize_t n, double *out) noexcept nogil:
    return _ks(y_score, y_true, sample_weight, n, out, NULL)


cdef int rs_ks_statistic_f32(const float *y_score, const unsigned char *y_true,
                             const double *sample_weight, Py_ssize_t n,
                             double *out) noexcept nogil:
    return _ks(y_score, y_true, sample_weight, n, out, NULL)


cdef int rs_ks(const double *y_score, const unsigned char *y_true,
               const double *sample_weight, Py_ssize_t n, double *statistic,
               double *threshold) noexcept nogil:
    return _ks(y_score, y_true, sample_weight, n, statistic, threshold)


cdef int rs_ks_f32(const float *y_score, const unsigned char *y_true,
                   const double *sample_weight, Py_ssize_t n, double *statistic,
                   double *threshold) noexcept nogil:
    return _ks(y_score, y_true, sample_weight, n, statistic, threshold)


cdef int rs_sweep(const double *y_score, const unsigned char *y_true,
                  const double *sample_weight, Py_ssize_t n, double *thresholds,
                  double *fps, double *tps, Py_ssize_t *n_thresholds) noexcept nogil:
    return _sweep(y_score, y_true, sample_weight, n, thresholds, fps, tps, n_thresholds)


cdef int rs_sweep_f32(const float *y_score, const unsigned char *y_true,
                      const double *sample_weight, Py_ssize_t n, float *thresholds,
                      double *fps, double *tps, Py_ssize_t *n_thresholds) noexcept nogil:
    return _sweep(y_score, y_true, sample_weight, n, thresholds, fps, tps, n_thresholds)


cdef int rs_ranking_score(const int64_t *positions, Py_ssize_t k, double m,
                          double *out) noexcept nogil:
    cdef double* sorted_positions
    cdef int64_t edges[2]
    cdef Py_ssize_t i
    cdef uint64_t p = 0, total = 0, all_positions
    cdef bint ok = k > 0
    if k < 0:
        return RS_ERR_LENGTH
    for i in range(k):
        ok &= (1 <= positions[i]) & (positions[i] <= (<int64_t>1 << 32))
    if not ok:
        return RS_ERR_POSITION
    if not (m > 2.0) or m - m != 0:
        return RS_ERR_M
    # repeats: the positions sorted (as doubles: exact below 2**53)
    sorted_positions = <double*>malloc(k * sizeof(double))
    if sorted_positions == NULL:
        return RS_ERR_NO_MEMORY
    for i in range(k):
        sorted_positions[i] = <double>positions[i]
    edges[0], edges[1] = 0, k
    if sort_runs_of(sorted_positions, NULL, edges, 1) != 0:
        free(sorted_positions)
        return RS_ERR_NO_MEMORY
    for i in range(1, k):
        ok &= sorted_positions[i] != sorted_positions[i - 1]
    free(sorted_positions)
    if not ok:
        return RS_ERR_POSITION
    for i in range(k):
        p = <uint64_t>positions[i] if <uint64_t>positions[i] > p else p
        total += <uint64_t>positions[i]
    # soma = p (p + 1) / 2 - (sum of the positions), in 64 bits for p <= 2**32
    all_positions = (p // 2) * (p + 1) if p % 2 == 0 else p * ((p + 1) // 2)
    out[0] = ranking_score(k, <int64_t>p, <int64_t>(all_positions - total), m,
                           m_denominator(m))
    return RS_OK


cdef const char* rs_error_message(int code) noexcept nogil:
    if code == RS_OK:
        return "success"
    if code == RS_ERR_LENGTH:
        return "the length n is negative (or beyond 2**62 rows)"
    if code == RS_ERR_LABEL:
        return "a y_true value is neither 0 nor 1"
    if code == RS_ERR_NAN_SCORE:
        return "a score is NaN or infinite"
    if code == RS_ERR_WEIGHT:
        return "a sample weight is negative, NaN or infinite, or the weights sum to infinity"
    if code == RS_ERR_ONE_CLASS:
        return ("a class the result needs is missing (AUC and KS need both classes, average "
                "precision a positive, the sweep a sample of nonzero weight)")
    if code == RS_ERR_NO_MEMORY:
        return "out of memory"
    if code == RS_ERR_POSITION:
        return "ranking positions must be distinct integers in 1..2**32, at least one"
    if code == RS_ERR_M:
        return "the ranking score's m must be a finite number > 2"
    return "unknown rankscore error code"


# ---------------------------------------------------------------------------------------
# the function table of include/rankscore/capi.h (same members, same order)


ctypedef struct rankscore_c_api:
    unsigned int version
    unsigned int size
    int (*roc_auc)(const double*, const unsigned char*, const double*, Py_ssize_t,
                   double*) noexcept nogil
    int (*roc_auc_f32)(const float*, const unsigned char*, const double*, Py_ssize_t,
                       double*) noexcept nogil
    int (*average_precision)(const double*, const unsigned char*, const double*, Py_ssize_t,
                             double*) noexcept nogil
    int (*average_precision_f32)(const float*, const unsigned char*, const double*,
                                 Py_ssize_t, double*) noexcept nogil
    int (*ks_statistic)(const double*, const unsigned char*, const double*, Py_ssize_t,
                        double*) noexcept nogil
    int (*ks_statistic_f32)(const float*, const unsigned char*, const double*, Py_ssize_t,
                            double*) noexcept nogil
    int (*ks)(const double*, const unsigned char*, const double*, Py_ssize_t, double*,
              double*) noexcept nogil
    int (*ks_f32)(const float*, const unsigned char*, const double*, Py_ssize_t, double*,
                  double*) noexcept nogil
    int (*sweep)(const double*, const unsigned char*, const double*, Py_ssize_t, double*,
                 double*, double*, Py_ssize_t*) noexcept nogil
    int (*sweep_f32)(const float*, const unsigned char*, const double*, Py_ssize_t, float*,
                     double*, double*, Py_ssize_t*) noexcept nogil
    int (*ranking_score)(const int64_t*, Py_ssize_t, double, double*) noexcept nogil
    const char* (*error_message)(int) noexcept nogil


cdef rankscore_c_api _table
_table.version = C_API_VERSION
_table.size = sizeof(rankscore_c_api)
_table.roc_auc = rs_roc_auc
_table.roc_auc_f32 = rs_roc_auc_f32
_table.average_precision = rs_average_precision
_table.average_precision_f32 = rs_average_precision_f32
_table.ks_statistic = rs_ks_statistic
_table.ks_statistic_f32 = rs_ks_statistic_f32
_table.ks = rs_ks
_table.ks_f32 = rs_ks_f32
_table.sweep = rs_sweep
_table.sweep_f32 = rs_sweep_f32
_table.ranking_score = rs_ranking_score
_table.error_message = rs_error_message

_C_API = PyCapsule_New(&_table, "rankscore.capi._C_API", NULL)
