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
    cdef double tp = 0.0, fp = 0.0, fn = 0.0, tn = 0.0
    with nogil:
        for i in range(n):
            # each weight lands in the cell (actual, predicted) of its sample
            if <double>score[i] >= threshold:
                if positive[i]:
                    tp += weight[i]
                else:
                    fp += weight[i]
            elif positive[i]:
                fn += weight[i]
            else:
                tn += weight[i]
    return tp, fp, fn, tn
