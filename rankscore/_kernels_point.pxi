# Kernels for point metrics (one threshold); mirrored by rankscore/_fallback/point.py

ctypedef fused point_score_t:
    float
    double


def threshold_confusion(const unsigned char[:] positive, const point_score_t[:] score,
                        double threshold):
    """``(tp, fp, fn, tn)`` int64 counts with predicted positive = ``score >= threshold``."""
    cdef Py_ssize_t i, n = score.shape[0]
    cdef long long tp = 0, pp = 0, rp = 0
    cdef bint predicted
    with nogil:
        for i in range(n):
            # tp = #(y & s >= t), pp = #(s >= t), rp = #y; fp = pp - tp, fn = rp - tp
            predicted = <double>score[i] >= threshold
            pp += predicted
            rp += positive[i]
            tp += predicted & positive[i]
    return tp, pp - tp, rp - tp, n - pp - rp + tp


def threshold_confusion_weighted(const unsigned char[:] positive, const point_score_t[:] score,
                                 double threshold, const double[:] weight):
    """``(tp, fp, fn, tn)`` weighted float sums with predicted positive = ``score >= threshold``."""
    cdef Py_ssize_t i, n = score.shape[0]
    cdef double tp = 0.0, fp = 0.0, fn = 0.0, tn = 0.0, w
    cdef bint predicted, actual
    with nogil:
        for i in range(n):
            # each weight lands in the cell (actual, predicted) of its sample; adding 0.0
            # to the other three keeps the loop branch-free and the sums unchanged
            predicted = <double>score[i] >= threshold
            actual = positive[i]
            w = weight[i]
            tp += w * (predicted & actual)
            fp += w * (predicted & (not actual))
            fn += w * ((not predicted) & actual)
            tn += w * ((not predicted) & (not actual))
    return tp, fp, fn, tn
