# Kernels for point metrics (one threshold); mirrored by rankscore/_fallback/point.py
#
# Labels arrive as an integer array (bools viewed as uint8) with the code of the positive
# class, so they are read once: the kernels also return the smallest and largest label,
# which is all the caller needs to check the labels ({0, 1}, {-1, 1}, a typo in pos_label).
# Each kernel reads its arrays once (arrays.pxd) and runs the loop of their dtypes.

from libc.stdint cimport int8_t, int64_t, uint8_t

from rankscore._kernels.arrays cimport FLOAT64, INT8, UINT8, Array, no_buffer, release
from rankscore._kernels.arrays cimport read_labelled
from rankscore._kernels.types cimport label_t, score_t


cdef void _confusion(const label_t* labels, Py_ssize_t label_step, label_t pos_code,
                     const score_t* score, Py_ssize_t score_step, Py_ssize_t n,
                     double threshold, const double* weight, Py_ssize_t weight_step,
                     double* cells, int64_t* counts, int64_t* lo_hi) noexcept nogil:
    # weight NULL: counts = (tp, pp, rp) with tp = #(y & s >= t), pp = #(s >= t), rp = #y;
    # else cells[2 * actual + predicted] += weight (tn, fp, fn, tp)
    cdef Py_ssize_t i
    cdef long long tp = 0, pp = 0, rp = 0
    cdef label_t lo = labels[0], hi = labels[0], label
    cdef bint predicted, actual
    if weight == NULL:
        for i in range(n):
            label = labels[i * label_step]
            actual = label == pos_code
            predicted = <double>score[i * score_step] >= threshold
            pp += predicted
            rp += actual
            tp += predicted & actual
            lo = label if label < lo else lo
            hi = label if label > hi else hi
        counts[0], counts[1], counts[2] = tp, pp, rp
    else:
        for i in range(n):
            label = labels[i * label_step]
            cells[2 * (label == pos_code) + (<double>score[i * score_step] >= threshold)] += \
                weight[i * weight_step]
            lo = label if label < lo else lo
            hi = label if label > hi else hi
    lo_hi[0], lo_hi[1] = lo, hi


cdef void _confusion_of(Array* l, int64_t code, const score_t* score, Py_ssize_t score_step,
                        double threshold, Array* w, double* cells, int64_t* counts,
                        int64_t* lo_hi) noexcept nogil:
    cdef const double* weight = <double*>w.data
    if l.kind == UINT8:
        _confusion(<uint8_t*>l.data, l.step, <uint8_t>code, score, score_step, l.n, threshold,
                   weight, w.step, cells, counts, lo_hi)
    elif l.kind == INT8:
        _confusion(<int8_t*>l.data, l.step, <int8_t>code, score, score_step, l.n, threshold,
                   weight, w.step, cells, counts, lo_hi)
    else:
        _confusion(<int64_t*>l.data, l.step, code, score, score_step, l.n, threshold,
                   weight, w.step, cells, counts, lo_hi)


cdef tuple _threshold_confusion(object labels, object pos_code, object score,
                                double threshold, object weight):
    cdef Array l, s, w
    cdef int64_t code = pos_code
    cdef int64_t counts[3]
    cdef int64_t lo_hi[2]
    cdef double cells[4]
    counts[0] = counts[1] = counts[2] = lo_hi[0] = lo_hi[1] = 0
    cells[0] = cells[1] = cells[2] = cells[3] = 0.0
    no_buffer(&l)
    no_buffer(&s)
    no_buffer(&w)
    try:
        read_labelled(&l, labels, code, &s, score, &w, weight, "threshold_confusion")
        with nogil:
            if s.kind == FLOAT64:
                _confusion_of(&l, code, <double*>s.data, s.step, threshold, &w, cells, counts,
                              lo_hi)
            else:
                _confusion_of(&l, code, <float*>s.data, s.step, threshold, &w, cells, counts,
                              lo_hi)
    finally:
        release(&l)
        release(&s)
        release(&w)
    if weight is not None:
        return cells[3], cells[1], cells[2], cells[0], lo_hi[0], lo_hi[1]
    tp, pp, rp = counts[0], counts[1], counts[2]
    return tp, pp - tp, rp - tp, l.n - pp - rp + tp, lo_hi[0], lo_hi[1]


def threshold_confusion(labels, pos_code, score, double threshold):
    """``(tp, fp, fn, tn, lo, hi)``: int64 counts with actual positive = ``labels == pos_code``
    and predicted positive = ``score >= threshold``; lo/hi = smallest/largest label."""
    return _threshold_confusion(labels, pos_code, score, threshold, None)


def threshold_confusion_weighted(labels, pos_code, score, double threshold, weight):
    """``(tp, fp, fn, tn, lo, hi)``: weighted float sums of ``threshold_confusion``."""
    return _threshold_confusion(labels, pos_code, score, threshold, weight)
