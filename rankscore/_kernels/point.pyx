# Kernels for point metrics (one threshold); mirrored by rankscore/_fallback/point.py
#
# Labels arrive as an integer array (bools viewed as uint8) with the code of the positive
# class, so they are read once: the kernels also return the smallest and largest label,
# which is all the caller needs to check the labels ({0, 1}, {-1, 1}, a typo in pos_label).

from libc.stdint cimport int64_t

from rankscore._kernels.types cimport label_t, score_t

__all__ = ["threshold_confusion", "threshold_confusion_weighted"]


def threshold_confusion(const label_t[:] labels, label_t pos_code,
                        const score_t[:] score, double threshold):
    """``(tp, fp, fn, tn, lo, hi)``: int64 counts with actual positive = ``labels == pos_code``
    and predicted positive = ``score >= threshold``; lo/hi = smallest/largest label."""
    cdef Py_ssize_t i, n = score.shape[0]
    cdef long long tp = 0, pp = 0, rp = 0
    cdef label_t lo = labels[0], hi = labels[0], label
    cdef bint predicted, actual
    with nogil:
        for i in range(n):
            # tp = #(y & s >= t), pp = #(s >= t), rp = #y; fp = pp - tp, fn = rp - tp
            label = labels[i]
            actual = label == pos_code
            predicted = <double>score[i] >= threshold
            pp += predicted
            rp += actual
            tp += predicted & actual
            lo = label if label < lo else lo
            hi = label if label > hi else hi
    return tp, pp - tp, rp - tp, n - pp - rp + tp, lo, hi


def threshold_confusion_weighted(const label_t[:] labels, label_t pos_code,
                                 const score_t[:] score, double threshold,
                                 const double[:] weight):
    """``(tp, fp, fn, tn, lo, hi)``: weighted float sums of ``threshold_confusion``."""
    cdef Py_ssize_t i, n = score.shape[0]
    cdef double cells[4]  # index 2 * actual + predicted: tn, fp, fn, tp
    cdef label_t lo = labels[0], hi = labels[0], label
    cells[0] = cells[1] = cells[2] = cells[3] = 0.0
    with nogil:
        for i in range(n):
            # each weight lands in the cell (actual, predicted) of its sample
            label = labels[i]
            cells[2 * (label == pos_code) + (<double>score[i] >= threshold)] += weight[i]
            lo = label if label < lo else lo
            hi = label if label > hi else hi
    return cells[3], cells[1], cells[2], cells[0], lo, hi
