# What the kernels of labelled scores read (sweep, sort, point, ks, uncertainty): the labels
# with the positive class's code, the scores and the weights of one sample each; or each
# class's scores, sorted. The checks of arrays.pxd, in one place for every such kernel.

from libc.stdint cimport int64_t

from rankscore._kernels.arrays cimport (FLOAT64, Array, check_code, check_kind,
                                        check_label_kind, check_score_kind, read,
                                        read_contiguous)


cdef inline int read_labelled(Array* l, object labels, int64_t code, Array* s, object scores,
                              Array* w, object weights, str kernel) except -1:
    """read the labels (a label kind, with code one of their values), the scores (float32
    or float64) and, unless weights is None, float64 weights into w: all of one length."""
    read(l, labels)
    read(s, scores)
    check_label_kind(l)
    check_code(l, code)
    check_score_kind(s, "scores")
    if weights is not None:
        read(w, weights)
        check_kind(w, FLOAT64, "weights must be float64")
    if l.n != s.n or (weights is not None and w.n != s.n):
        raise ValueError(f"{kernel} needs labels, scores and weights of one length")
    return 0


cdef inline int read_parts(Array* neg, object neg_scores, Array* pos,
                           object pos_scores) except -1:
    """read_contiguous each class's scores: float32 or float64, one dtype."""
    read_contiguous(neg, neg_scores)
    read_contiguous(pos, pos_scores)
    check_score_kind(neg, "neg")
    check_score_kind(pos, "pos")
    if neg.kind != pos.kind:
        raise TypeError("neg and pos must have one dtype")
    return 0
