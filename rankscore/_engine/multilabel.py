"""Multilabel-indicator targets: reading them and counting them in one pass.

A multilabel-indicator target is a 2-D (n_samples, n_labels) matrix of 0 and 1 — dense
(bool, integer or float) or a scipy.sparse matrix/array — with one column per label, as
scikit-learn's ``type_of_target`` calls "multilabel-indicator". :func:`read_pair` tells
whether a (y_true, y_pred) pair is one, validates it and returns :class:`MultilabelCounts`:
for every label and every sample the four cells tn, fp, fn, tp, counted by the kernels
``multilabel_confusion[_weighted]`` in one typed pass over dense input, and by sparse index
arithmetic over sparse input (no loop over labels in either). scipy is never imported here:
sparse input can only come from a user who has imported it.
"""

from __future__ import annotations

import sys
from typing import Any, NamedTuple

import numpy as np

from .. import _backend
from .validate import as_array, check_sample_weight, is_scipy_sparse, quoted

__all__ = ["MultilabelCounts", "is_indicator", "read_pair", "columns"]

# dtypes the kernels take as they are (bools are viewed as uint8)
# the indicator dtypes the kernels are compiled for (bools are viewed as uint8); other
# integer types are read as int64, other floats as float64
_KERNEL_DTYPES = {np.dtype(t) for t in (np.uint8, np.int64, np.float64)}


class MultilabelCounts(NamedTuple):
    """Validated counts of a multilabel-indicator pair.

    ``label_cells`` (n_labels, 4) and ``sample_cells`` (n_samples, 4) hold the cells
    tn, fp, fn, tp (index 2 * true + pred): int64 counts, the per-label cells float64
    weight sums when ``weight`` is given (the per-sample cells are always counts).
    """

    label_cells: np.ndarray
    sample_cells: np.ndarray
    weight: np.ndarray | None
    y_true: Any  # the validated matrices (kernel-ready dense arrays or canonical CSR)
    y_pred: Any

    @property
    def n_samples(self) -> int:
        return int(self.sample_cells.shape[0])

    @property
    def n_labels(self) -> int:
        return int(self.label_cells.shape[0])


def _sparse_module() -> Any:
    return sys.modules.get("scipy.sparse")


def is_indicator(x: Any) -> bool:
    """True for a scipy.sparse matrix and for a 2-D array-like with more than one column
    (a single column is a column vector of labels, as scikit-learn reads it)."""
    if is_scipy_sparse(x):
        return True
    if isinstance(x, np.ndarray):
        return bool(x.ndim == 2 and x.shape[1] != 1)
    if hasattr(x, "ndim") and hasattr(x, "shape"):  # pandas DataFrame and the like
        return bool(x.ndim == 2 and x.shape[1] != 1)
    if isinstance(x, (list, tuple)) and len(x) and isinstance(x[0], (list, tuple, np.ndarray)):
        try:
            arr = as_array(x, "y")
        except (TypeError, ValueError):
            return False
        return arr.ndim == 2 and arr.shape[1] != 1
    return False


def read_pair(y_true: Any, y_pred: Any, sample_weight: Any) -> MultilabelCounts | None:
    """``None`` when neither target is a label-indicator matrix; else the validated
    :class:`MultilabelCounts` of the pair (a mix of 1-D labels and an indicator matrix,
    different shapes or values other than 0 and 1 are errors)."""
    true_is, pred_is = is_indicator(y_true), is_indicator(y_pred)
    if not (true_is or pred_is):
        return None
    _check_not_one_column(y_true, "y_true")
    _check_not_one_column(y_pred, "y_pred")
    if true_is != pred_is:
        one, other = ("y_true", "y_pred") if true_is else ("y_pred", "y_true")
        raise ValueError(
            "Classification metrics can't handle a mix of multilabel-indicator and 1-D "
            f"(binary or multiclass) targets: {one} is a 2-D label-indicator matrix, "
            f"{other} is not"
        )
    if is_scipy_sparse(y_true) or is_scipy_sparse(y_pred):
        t, p = _as_csr(y_true, "y_true"), _as_csr(y_pred, "y_pred")
    else:
        t, p = _as_dense(y_true, "y_true"), _as_dense(y_pred, "y_pred")
    if t.shape != p.shape:
        if t.shape[0] != p.shape[0]:
            raise ValueError(f"inconsistent numbers of samples: y_true has {t.shape[0]}, "
                             f"y_pred has {p.shape[0]}")
        raise ValueError(f"Multi-label binary indicator input with different numbers of "
                         f"labels: y_true has {t.shape[1]} columns, y_pred {p.shape[1]}")
    w = check_sample_weight(sample_weight, t.shape[0])
    if w is not None and not w.any():
        raise ValueError("sample_weight is zero for every sample; nothing to count")
    if isinstance(t, np.ndarray):
        return _dense_counts(t, p, w)
    return _sparse_counts(t, p, w)


def _check_not_one_column(x: Any, name: str) -> None:
    """A scipy.sparse matrix of one column is a TypeError, as in scikit-learn: a dense
    column is a vector of labels, and a sparse one is not read as a one-label indicator
    (the two would give different numbers for the same values)."""
    if is_scipy_sparse(x) and len(x.shape) == 2 and x.shape[1] == 1:
        raise TypeError(
            "Sparse input is only supported when targets are of multilabel type: "
            f"{name} is a scipy.sparse matrix of one column; pass its labels as a dense "
            f"1-D array ({name}.toarray().ravel())"
        )


def _check_shape(shape: tuple[int, ...], name: str) -> None:
    if shape[0] == 0:
        raise ValueError(f"{name} is empty (no samples)")
    if shape[1] == 0:
        raise ValueError(f"{name} has no columns (no labels)")


def _as_dense(x: Any, name: str) -> np.ndarray:
    arr = as_array(x, name)
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 1-D labels or a 2-D label-indicator matrix, got "
                         f"shape {arr.shape}")
    _check_shape(arr.shape, name)
    if arr.dtype == object:
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"{name} is a 2-D label-indicator matrix and must hold 0 and 1, "
                            "got non-numeric values") from None
    kind = arr.dtype.kind
    if kind == "b":
        return arr
    if kind not in "iuf":
        raise TypeError(f"{name} is a 2-D label-indicator matrix and must hold 0 and 1, "
                        f"got dtype {arr.dtype} (scikit-learn: multiclass-multioutput "
                        "targets are not supported)")
    return arr


def _kernel_pair(t: np.ndarray, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both matrices in one dtype the kernels read, C-contiguous, native byte order."""
    dtypes = [np.dtype(np.uint8) if a.dtype.kind == "b" else a.dtype.newbyteorder("=")
              for a in (t, p)]
    common = dtypes[0] if dtypes[0] == dtypes[1] else np.result_type(*dtypes)
    if common not in _KERNEL_DTYPES:
        fits = common.kind == "i" or (common.kind == "u" and common.itemsize < 8)
        common = np.dtype(np.int64 if fits else np.float64)

    def convert(a: np.ndarray) -> np.ndarray:
        if a.dtype.kind == "b" and common == np.uint8:
            return np.ascontiguousarray(a).view(np.uint8)
        return np.ascontiguousarray(a, dtype=common)

    return convert(t), convert(p)


def _dense_counts(t: np.ndarray, p: np.ndarray, w: np.ndarray | None) -> MultilabelCounts:
    given = t, p
    t, p = _kernel_pair(t, p)
    kernels = _backend.kernels
    if w is None:
        label_sums, sample_cells, bad = kernels.multilabel_confusion(t, p)
    else:
        label_sums, sample_cells, bad = kernels.multilabel_confusion_weighted(t, p, w)
    if bad < 0:  # per label: tn, predicted, true, tp -> tn, fp, fn, tp
        tn, pred_sum, true_sum, tp = label_sums.T
        return MultilabelCounts(np.stack([tn, pred_sum - tp, true_sum - tp, tp], axis=1),
                                sample_cells, w, t, p)
    row, column = divmod(int(bad), t.shape[1])
    name, value = ("y_true", given[0][row, column])
    if value in (0, 1):
        name, value = ("y_pred", given[1][row, column])
    raise ValueError(
        f"{name} is a 2-D label-indicator matrix and must hold only 0 and 1, got "
        f"{quoted(value.item())} at row {row}, column {column} (multiclass-multioutput is "
        "not supported; for class labels per sample pass 1-D arrays)"
    )


def columns(ml: MultilabelCounts, index: np.ndarray) -> MultilabelCounts:
    """The counts of the columns ``index`` only (per-sample cells included)."""
    t, p = ml.y_true[:, index], ml.y_pred[:, index]
    if isinstance(t, np.ndarray):
        return _dense_counts(np.ascontiguousarray(t), np.ascontiguousarray(p), ml.weight)
    return _sparse_counts(_as_csr(t, "y_true"), _as_csr(p, "y_pred"), ml.weight)


def _as_csr(x: Any, name: str) -> Any:
    """A CSR matrix of ``x`` (no copy when it is one) holding only 0 and 1."""
    sparse = _sparse_module()
    m = x.tocsr() if sparse.issparse(x) else sparse.csr_array(_as_dense(x, name))
    if m.ndim != 2:
        raise ValueError(f"{name} must be a 2-D label-indicator matrix, got shape {m.shape}")
    _check_shape(m.shape, name)
    if m.dtype.kind not in "biuf":
        raise TypeError(f"{name} must hold 0 and 1, got dtype {m.dtype}")
    if not m.has_canonical_format:  # sorted indices, no duplicates (summed: a 1 + 1 is 2)
        m = m.copy()
        m.sum_duplicates()
    binary = (m.data == 0) | (m.data == 1)
    if not binary.all():
        i = int(np.flatnonzero(~binary)[0])
        row = int(np.searchsorted(m.indptr, i, side="right") - 1)
        raise ValueError(
            f"{name} is a label-indicator matrix and must hold only 0 and 1, got "
            f"{quoted(m.data[i].item())} at row {row}, column {int(m.indices[i])}"
        )
    return m


def _sparse_counts(t: Any, p: Any, w: np.ndarray | None) -> MultilabelCounts:
    """The counts of two canonical CSR matrices: one merge of each row's sorted label
    lists (kernel ``multilabel_confusion_csr``)."""
    n, n_labels = t.shape
    arrays = []
    for m in (t, p):
        arrays += [np.asarray(m.indptr, dtype=np.int64), np.asarray(m.indices, dtype=np.int64),
                   np.asarray(m.data, dtype=np.float64)]
    weight = np.empty(0) if w is None else w
    sums, heavy, sample_cells = _backend.kernels.multilabel_confusion_csr(*arrays, n_labels,
                                                                          weight)
    union, pred_sum, true_sum, tp = sums.T
    if w is None:
        tn = n - union
    else:  # exactly 0 where every sample of positive weight is in the union
        tn = float(w.sum()) - union
        tn[np.count_nonzero(w > 0) - heavy == 0] = 0.0
    cells = np.stack([tn, pred_sum - tp, true_sum - tp, tp], axis=1)
    return MultilabelCounts(cells, sample_cells, w, t, p)
