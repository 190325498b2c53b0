/* rankscore's C API: exact ROC AUC, average precision, KS statistic, the threshold sweep
   and the ranking score s(r), from C or C++, over raw pointers, without the GIL.

   Compile with the directory rankscore.get_include() on the include path:

       #include <rankscore/capi.h>

       // once, in the module's init function (with the GIL held):
       if (import_rankscore() < 0) return NULL;   // a Python ImportError is set

       // then anywhere, on any thread, with or without the GIL:
       double auc;
       int status = rs_roc_auc(scores, labels, NULL, n, &auc);

   Inputs: y_score[i] is a sample's score (double, or float for the *_f32 functions),
   y_true[i] is 1 for a positive and 0 for a negative, sample_weight[i] its weight (NULL:
   every weight 1), for i < n. Every function returns RS_OK and writes its results, or
   returns a negative error code and leaves its outputs untouched. The results are those of
   rankscore.roc_auc_score, average_precision_score, ks_statistic, ScoreSummary and
   ranking_score on the same data, bit for bit (ties and weights included). The functions
   keep no global state and allocate only what they free: call them from any number of
   threads at once.

   import_rankscore() imports the Python module rankscore.capi and reads its capsule
   "rankscore.capi._C_API": a rankscore_c_api table of function pointers. Tables only grow:
   an extension built against this header runs on every rankscore whose table version is
   at least RANKSCORE_C_API_VERSION, and import_rankscore() refuses (ImportError) an older
   one. Other languages (Rust through FFI, say) import the module rankscore.capi, read the
   same capsule with PyCapsule_Import("rankscore.capi._C_API", 0) and declare the struct
   below as it is. */

#ifndef RANKSCORE_CAPI_H
#define RANKSCORE_CAPI_H

#include <Python.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RANKSCORE_C_API_VERSION 1

#if defined(__GNUC__) || defined(__clang__)
#define RANKSCORE_UNUSED __attribute__((unused))
#else
#define RANKSCORE_UNUSED
#endif

/* error codes (the same as rankscore/capi.pxd) */
#define RS_OK 0               /* success */
#define RS_ERR_LENGTH (-1)    /* n < 0 (or beyond 2**62 rows); rs_ranking_score's k < 0 */
#define RS_ERR_LABEL (-2)     /* a y_true[i] other than 0 and 1 */
#define RS_ERR_NAN_SCORE (-3) /* a score is NaN (or infinite) */
#define RS_ERR_WEIGHT (-4)    /* a weight is negative, NaN or infinite, or the weights sum
                                 to inf */
#define RS_ERR_ONE_CLASS (-5) /* a class the result needs is missing: AUC and KS need both
                                 classes, average precision a positive, the sweep a sample
                                 (after zero-weight samples are dropped; n = 0 has no class) */
#define RS_ERR_NO_MEMORY (-6) /* out of memory */
#define RS_ERR_POSITION (-7)  /* ranking positions: none, one < 1 or > 2**32, or one
                                 repeated */
#define RS_ERR_M (-8)         /* the ranking score's m is not a finite number > 2 */

typedef struct rankscore_c_api {
    unsigned int version;  /* the table's RANKSCORE_C_API_VERSION */
    unsigned int size;     /* sizeof the table in the rankscore that made it */
    int (*roc_auc)(const double *y_score, const unsigned char *y_true,
                   const double *sample_weight, Py_ssize_t n, double *out);
    int (*roc_auc_f32)(const float *y_score, const unsigned char *y_true,
                       const double *sample_weight, Py_ssize_t n, double *out);
    int (*average_precision)(const double *y_score, const unsigned char *y_true,
                             const double *sample_weight, Py_ssize_t n, double *out);
    int (*average_precision_f32)(const float *y_score, const unsigned char *y_true,
                                 const double *sample_weight, Py_ssize_t n, double *out);
    int (*ks_statistic)(const double *y_score, const unsigned char *y_true,
                        const double *sample_weight, Py_ssize_t n, double *out);
    int (*ks_statistic_f32)(const float *y_score, const unsigned char *y_true,
                            const double *sample_weight, Py_ssize_t n, double *out);
    int (*ks)(const double *y_score, const unsigned char *y_true,
              const double *sample_weight, Py_ssize_t n, double *statistic,
              double *threshold);
    int (*ks_f32)(const float *y_score, const unsigned char *y_true,
                  const double *sample_weight, Py_ssize_t n, double *statistic,
                  double *threshold);
    int (*sweep)(const double *y_score, const unsigned char *y_true,
                 const double *sample_weight, Py_ssize_t n, double *thresholds, double *fps,
                 double *tps, Py_ssize_t *n_thresholds);
    int (*sweep_f32)(const float *y_score, const unsigned char *y_true,
                     const double *sample_weight, Py_ssize_t n, float *thresholds,
                     double *fps, double *tps, Py_ssize_t *n_thresholds);
    int (*ranking_score)(const int64_t *positions, Py_ssize_t k, double m, double *out);
    const char *(*error_message)(int code);
} rankscore_c_api;

/* The table import_rankscore() found (one per translation unit, as NumPy's). */
static const rankscore_c_api *rankscore_api RANKSCORE_UNUSED = NULL;

/* Import rankscore's C API: 0, or -1 with a Python exception set (ImportError when
   rankscore is missing, was installed without its compiled kernels, or is older than
   this header). Call it with the GIL held, e.g. in the module's init function. */
RANKSCORE_UNUSED static int import_rankscore(void) {
    const rankscore_c_api *table;
    PyObject *module = PyImport_ImportModule("rankscore.capi");  /* (the capsule's home) */
    if (module == NULL)
        return -1;
    Py_DECREF(module);
    table = (const rankscore_c_api *)PyCapsule_Import("rankscore.capi._C_API", 0);
    if (table == NULL)
        return -1;
    if (table->version < RANKSCORE_C_API_VERSION) {
        PyErr_Format(PyExc_ImportError,
                     "this extension was built against rankscore's C API version %d, but "
                     "the installed rankscore provides version %u: upgrade rankscore",
                     RANKSCORE_C_API_VERSION, table->version);
        return -1;
    }
    rankscore_api = table;
    return 0;
}

/* ROC AUC = P(s+ > s-) + P(s+ = s-) / 2, weighted by sample_weight. */
static inline int rs_roc_auc(const double *y_score, const unsigned char *y_true,
                             const double *sample_weight, Py_ssize_t n, double *out) {
    return rankscore_api->roc_auc(y_score, y_true, sample_weight, n, out);
}
static inline int rs_roc_auc_f32(const float *y_score, const unsigned char *y_true,
                                 const double *sample_weight, Py_ssize_t n, double *out) {
    return rankscore_api->roc_auc_f32(y_score, y_true, sample_weight, n, out);
}

/* Average precision = sum over thresholds of (recall gain) x precision. */
static inline int rs_average_precision(const double *y_score, const unsigned char *y_true,
                                       const double *sample_weight, Py_ssize_t n,
                                       double *out) {
    return rankscore_api->average_precision(y_score, y_true, sample_weight, n, out);
}
static inline int rs_average_precision_f32(const float *y_score, const unsigned char *y_true,
                                           const double *sample_weight, Py_ssize_t n,
                                           double *out) {
    return rankscore_api->average_precision_f32(y_score, y_true, sample_weight, n, out);
}

/* KS statistic = max over thresholds t of |F-(t) - F+(t)|; rs_ks also writes the smallest
   score t reaching it. */
static inline int rs_ks_statistic(const double *y_score, const unsigned char *y_true,
                                  const double *sample_weight, Py_ssize_t n, double *out) {
    return rankscore_api->ks_statistic(y_score, y_true, sample_weight, n, out);
}
static inline int rs_ks_statistic_f32(const float *y_score, const unsigned char *y_true,
                                      const double *sample_weight, Py_ssize_t n,
                                      double *out) {
    return rankscore_api->ks_statistic_f32(y_score, y_true, sample_weight, n, out);
}
static inline int rs_ks(const double *y_score, const unsigned char *y_true,
                        const double *sample_weight, Py_ssize_t n, double *statistic,
                        double *threshold) {
    return rankscore_api->ks(y_score, y_true, sample_weight, n, statistic, threshold);
}
static inline int rs_ks_f32(const float *y_score, const unsigned char *y_true,
                            const double *sample_weight, Py_ssize_t n, double *statistic,
                            double *threshold) {
    return rankscore_api->ks_f32(y_score, y_true, sample_weight, n, statistic, threshold);
}

/* The sweep behind every curve, into buffers of n entries each: the distinct scores from
   the highest down (thresholds[k]) with the weight of the negatives (fps[k]) and of the
   positives (tps[k]) scoring at or above each; *n_thresholds tells how many. */
static inline int rs_sweep(const double *y_score, const unsigned char *y_true,
                           const double *sample_weight, Py_ssize_t n, double *thresholds,
                           double *fps, double *tps, Py_ssize_t *n_thresholds) {
    return rankscore_api->sweep(y_score, y_true, sample_weight, n, thresholds, fps, tps,
                                n_thresholds);
}
static inline int rs_sweep_f32(const float *y_score, const unsigned char *y_true,
                               const double *sample_weight, Py_ssize_t n, float *thresholds,
                               double *fps, double *tps, Py_ssize_t *n_thresholds) {
    return rankscore_api->sweep_f32(y_score, y_true, sample_weight, n, thresholds, fps, tps,
                                    n_thresholds);
}

/* The score s(r) = k/p + (2/m) soma / (p (p - 1)) of the ranking whose k list elements
   stand at positions[0..k-1] (1-based, any order; p the largest, soma the sum of the
   positions not in the list; s = 1 for p = 1). */
static inline int rs_ranking_score(const int64_t *positions, Py_ssize_t k, double m,
                                   double *out) {
    return rankscore_api->ranking_score(positions, k, m, out);
}

/* A one-line description of an error code (a static string). */
static inline const char *rs_error_message(int code) {
    return rankscore_api->error_message(code);
}

#ifdef __cplusplus
}
#endif

#endif /* RANKSCORE_CAPI_H */
