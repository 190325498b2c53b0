# Kernels for multilabel-indicator targets; mirrored by rankscore/_fallback/multilabel.py
#
# y_true and y_pred are C-contiguous (n_samples, n_labels) matrices of one dtype (bools
# viewed as uint8) holding 0 and 1. One pass over both counts per sample the four cells
# indexed 2 * true + pred: 0 = tn, 1 = fp, 2 = fn, 3 = tp (reshaped to 2 x 2 that is
# scikit-learn's [[tn, fp], [fn, tp]]), and per label the sums tn, predicted, true, tp
# (fp = predicted - tp and fn = true - tp are the caller's: with weights that is the same
# rounding as scikit-learn's bincounts). The values are checked in the same pass: the
# kernels stop at the first entry that is neither 0 nor 1 and return its flat index (-1
# when every entry is 0 or 1) for the caller's message.

from libc.stdint cimport (int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t,
                          uint64_t)
from libc.string cimport memcpy

import numpy as np

from rankscore._kernels.arrays cimport (COPY, FLOAT64, INT64, UINT8, Array, acquire,
                                        check_kind, indices_within, no_buffer, no_buffers,
                                        offsets_within, one_length, read_contiguous, release,
                                        release_each, typed, write)

ctypedef fused indicator_t:
    uint8_t
    int64_t
    double


cdef inline bint _is_binary(indicator_t v) noexcept nogil:
    return v == 0 or v == 1


cdef Py_ssize_t _confusion(const indicator_t* y_true, const indicator_t* y_pred,
                           Py_ssize_t n, Py_ssize_t n_labels, int64_t* per_label,
                           int64_t* per_sample) noexcept nogil:
    # C-contiguous (n, n_labels) matrices: per_label (n_labels x 4) the counts of tn,
    # predicted, true, tp; per_sample (n x 4) the cells; returns the flat index of the
    # first value that is neither 0 nor 1 (-1 if none)
    cdef Py_ssize_t i, j, bad = -1
    cdef indicator_t t, p
    cdef int cell
    cdef int64_t row[4]
    for i in range(n):
        row[0] = row[1] = row[2] = row[3] = 0
        for j in range(n_labels):
            t = y_true[i * n_labels + j]
            p = y_pred[i * n_labels + j]
            if not (_is_binary(t) and _is_binary(p)):
                bad = i * n_labels + j
                break
            # cell of (true, pred) of sample i for label j (t and p read here, not through
            # _cell: the counts below compile to faster code from them)
            cell = 2 * (t == 1) + (p == 1)
            per_label[4 * j] += cell == 0
            per_label[4 * j + 1] += p == 1
            per_label[4 * j + 2] += t == 1
            per_label[4 * j + 3] += cell == 3
            row[cell] += 1
        if bad >= 0:
            break
        memcpy(per_sample + 4 * i, row, sizeof(row))
    return bad


cdef inline int _cell(const indicator_t* y_true, const indicator_t* y_pred,
                      Py_ssize_t at) noexcept nogil:
    # the cell 2 * true + pred of entry at (0 = tn, 1 = fp, 2 = fn, 3 = tp), or -1 if
    # either value is neither 0 nor 1
    cdef indicator_t t = y_true[at], p = y_pred[at]
    if not (_is_binary(t) and _is_binary(p)):
        return -1
    return 2 * (t == 1) + (p == 1)


cdef Py_ssize_t _confusion_weighted(const indicator_t* y_true, const indicator_t* y_pred,
                                    Py_ssize_t n, Py_ssize_t n_labels, const double* weight,
                                    double* per_label, int64_t* per_sample) noexcept nogil:
    # _confusion with per_label the sums of the weights
    cdef Py_ssize_t i, j, bad = -1
    cdef int cell
    cdef double w
    cdef int64_t row[4]
    for i in range(n):
        row[0] = row[1] = row[2] = row[3] = 0
        w = weight[i]
        for j in range(n_labels):
            cell = _cell(y_true, y_pred, i * n_labels + j)
            if cell < 0:
                bad = i * n_labels + j
                break
            # the weight of sample i joins the sums of label j it belongs to
            if cell == 0:
                per_label[4 * j] += w
            if cell & 1:  # predicted
                per_label[4 * j + 1] += w
            if cell >> 1:  # true
                per_label[4 * j + 2] += w
            if cell == 3:
                per_label[4 * j + 3] += w
            row[cell] += 1
        if bad >= 0:
            break
        memcpy(per_sample + 4 * i, row, sizeof(row))
    return bad


cdef Py_ssize_t _confusion_of(Array* t, Array* p, Array* w, Array* a,
                              Array* b) noexcept nogil:
    if t.kind == UINT8:
        if w.data == NULL:
            return _confusion(<uint8_t*>t.data, <uint8_t*>p.data, t.n, t.m,
                              <int64_t*>a.data, <int64_t*>b.data)
        return _confusion_weighted(<uint8_t*>t.data, <uint8_t*>p.data, t.n, t.m,
                                   <double*>w.data, <double*>a.data, <int64_t*>b.data)
    if t.kind == INT64:
        if w.data == NULL:
            return _confusion(<int64_t*>t.data, <int64_t*>p.data, t.n, t.m,
                              <int64_t*>a.data, <int64_t*>b.data)
        return _confusion_weighted(<int64_t*>t.data, <int64_t*>p.data, t.n, t.m,
                                   <double*>w.data, <double*>a.data, <int64_t*>b.data)
    if w.data == NULL:
        return _confusion(<double*>t.data, <double*>p.data, t.n, t.m, <int64_t*>a.data,
                          <int64_t*>b.data)
    return _confusion_weighted(<double*>t.data, <double*>p.data, t.n, t.m, <double*>w.data,
                               <double*>a.data, <int64_t*>b.data)


cdef int _read_matrix(Array* a, object obj) except -1:
    """a C-contiguous (n_samples, n_labels) matrix (copied when it is not)."""
    acquire(a, obj, 2, False)
    if (a.m > 1 and a.step2 != 1) or (a.n > 1 and a.step != a.m):
        release(a)
        acquire(a, np.ascontiguousarray(obj), 2, False)
    return 0


cdef tuple _multilabel_confusion(object y_true, object y_pred, object weight):
    cdef Array t, p, w, a, b
    cdef Py_ssize_t bad = -1
    no_buffer(&t)
    no_buffer(&p)
    no_buffer(&w)
    no_buffer(&a)
    no_buffer(&b)
    try:
        _read_matrix(&t, y_true)
        _read_matrix(&p, y_pred)
        if t.kind != p.kind or (t.kind != UINT8 and t.kind != INT64 and t.kind != FLOAT64):
            raise TypeError("y_true and y_pred must be both uint8, int64 or float64")
        if t.n != p.n or t.m != p.m:
            raise ValueError("y_true and y_pred must have one shape")
        if weight is not None:
            read_contiguous(&w, weight)
            check_kind(&w, FLOAT64, "weight must be float64")
            if w.n != t.n:
                raise ValueError("weight must have one entry per sample")
        label_cells = np.zeros((t.m, 4), dtype=np.int64 if weight is None else np.float64)
        sample_cells = np.zeros((t.n, 4), dtype=np.int64)
        acquire(&a, label_cells, 2, True)  # (C-contiguous)
        acquire(&b, sample_cells, 2, True)
        with nogil:
            bad = _confusion_of(&t, &p, &w, &a, &b)
    finally:
        release(&t)
        release(&p)
        release(&w)
        release(&a)
        release(&b)
    return label_cells, sample_cells, bad


def multilabel_confusion(y_true, y_pred):
    """``(label_sums, sample_cells, bad)``: int64 counts of shape (n_labels, 4) in the order
    tn, predicted, true, tp and (n_samples, 4) in cell order tn, fp, fn, tp; ``bad`` the
    flat index of the first value that is neither 0 nor 1 (-1 if none; the counts are then
    incomplete)."""
    return _multilabel_confusion(y_true, y_pred, None)


def multilabel_confusion_weighted(y_true, y_pred, weight):
    """As ``multilabel_confusion`` with the per-label sums summed weights (float64, each
    added in sample order); the per-sample cells stay int64 counts."""
    return _multilabel_confusion(y_true, y_pred, weight)


# The same counts from CSR matrices (indptr, indices, data; indices sorted within each row,
# no duplicates, data checked to be 0 or 1 by the caller; a stored 0 counts as absent).
# Per row the two sorted index lists are merged; per label the sums are union (true or
# predicted), predicted, true, tp, so tn = total - union is the caller's.

cdef inline Py_ssize_t _next_one(const double* data, Py_ssize_t k,
                                 Py_ssize_t end) noexcept nogil:
    """The first position >= k before end holding a 1 (end if none)."""
    while k < end and data[k] == 0:
        k += 1
    return k


cdef void _confusion_csr(const int64_t* t_ptr, const int64_t* t_idx, const double* t_val,
                         const int64_t* p_ptr, const int64_t* p_idx, const double* p_val,
                         Py_ssize_t n, Py_ssize_t n_labels, const double* weight,
                         double* per_label, int64_t* heavy_union,
                         int64_t* per_sample) noexcept nogil:
    # per_label: (n_labels, 4) and per_sample: (n, 4), C-contiguous; weight NULL: none
    cdef Py_ssize_t r, a, b, a_end, b_end, j
    cdef double w = 1.0
    cdef int64_t nt, np_, ntp
    for r in range(n):
        if weight != NULL:
            w = weight[r]
        a, a_end = t_ptr[r], t_ptr[r + 1]
        b, b_end = p_ptr[r], p_ptr[r + 1]
        a = _next_one(t_val, a, a_end)
        b = _next_one(p_val, b, b_end)
        nt = np_ = ntp = 0
        # merge the row's true and predicted labels (both sorted)
        while a < a_end or b < b_end:
            if b >= b_end or (a < a_end and t_idx[a] < p_idx[b]):  # true only
                j = t_idx[a]
                per_label[4 * j + 2] += w
                nt += 1
                a = _next_one(t_val, a + 1, a_end)
            elif a >= a_end or p_idx[b] < t_idx[a]:  # predicted only
                j = p_idx[b]
                per_label[4 * j + 1] += w
                np_ += 1
                b = _next_one(p_val, b + 1, b_end)
            else:  # both: a true positive
                j = t_idx[a]
                per_label[4 * j + 1] += w
                per_label[4 * j + 2] += w
                per_label[4 * j + 3] += w
                nt += 1
                np_ += 1
                ntp += 1
                a = _next_one(t_val, a + 1, a_end)
                b = _next_one(p_val, b + 1, b_end)
            per_label[4 * j] += w
            heavy_union[j] += w > 0
        per_sample[4 * r] = n_labels - nt - np_ + ntp
        per_sample[4 * r + 1] = np_ - ntp
        per_sample[4 * r + 2] = nt - ntp
        per_sample[4 * r + 3] = ntp


cdef int _csr(Array* a, Py_ssize_t n_labels, str name) except -1:
    """a[0], a[1], a[2]: a CSR matrix's indptr, indices and data, as the loop reads them:
    indptr of at least one entry rising within the indices, indices as many as data and
    within [0, n_labels) (one pass over each array, which the loop reads anyway)."""
    if a[0].n == 0:
        raise ValueError(f"{name}_ptr must have an entry per row and one more, got none")
    one_length(&a[1], 2)
    offsets_within(&a[0], a[1].n, f"{name}_ptr")
    return indices_within(&a[1], n_labels, f"{name}_idx")


cdef int _rows(Py_ssize_t n, Py_ssize_t n_pred, Py_ssize_t n_weights) except -1:
    """The two matrices of n rows, and n weights or none."""
    if n_pred != n:
        raise ValueError(f"the matrices must have one number of rows, got {n} and {n_pred}")
    if n_weights and n_weights != n:
        raise ValueError(f"weight must be empty or have one entry per row, got {n_weights} "
                         f"for {n} rows")
    return 0


def multilabel_confusion_csr(t_ptr, t_idx, t_val, p_ptr, p_idx, p_val, Py_ssize_t n_labels,
                             weight):
    """``(label_sums, heavy_union, sample_cells)``: per label float64 sums (int64 counts
    when ``weight`` is empty) of union, predicted, true, tp; per label the number of
    positive-weight samples in the union (int64; empty weight: all samples); per sample the
    int64 cells tn, fp, fn, tp. The CSR arrays: indptr and indices int64, data float64;
    weight float64."""
    cdef Array a[10]  # the two matrices' arrays, weight, and the three outputs
    cdef Py_ssize_t n
    cdef bint weighted
    no_buffers(a, 10)
    try:
        typed(&a[0], t_ptr, INT64, 1, COPY)
        typed(&a[1], t_idx, INT64, 1, COPY)
        typed(&a[2], t_val, FLOAT64, 1, COPY)
        typed(&a[3], p_ptr, INT64, 1, COPY)
        typed(&a[4], p_idx, INT64, 1, COPY)
        typed(&a[5], p_val, FLOAT64, 1, COPY)
        typed(&a[6], weight, FLOAT64, 1, COPY)
        _csr(&a[0], n_labels, "t")
        _csr(&a[3], n_labels, "p")
        n, weighted = a[0].n - 1, a[6].n > 0
        _rows(n, a[3].n - 1, a[6].n)
        sums = np.zeros((n_labels, 4), dtype=np.float64)
        heavy = np.zeros(n_labels, dtype=np.int64)
        sample_cells = np.zeros((n, 4), dtype=np.int64)
        acquire(&a[7], sums, 2, True)
        write(&a[8], heavy)
        acquire(&a[9], sample_cells, 2, True)
        with nogil:
            _confusion_csr(<int64_t*>a[0].data, <int64_t*>a[1].data, <double*>a[2].data,
                           <int64_t*>a[3].data, <int64_t*>a[4].data, <double*>a[5].data, n,
                           n_labels, <double*>a[6].data if weighted else NULL,
                           <double*>a[7].data, <int64_t*>a[8].data, <int64_t*>a[9].data)
    finally:
        release_each(a, 10)
    if not weighted:
        return sums.astype(np.int64), heavy, sample_cells
    return sums, heavy, sample_cells
