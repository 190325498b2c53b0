"""Fallback kernels for multilabel-indicator targets; mirrors rankscore/_kernels/multilabel.pyx."""

from __future__ import annotations

from typing import cast

import numpy as np
from numpy.typing import NDArray

from .._kernel_checks import indices_within, offsets_within, one_length
from .._kernel_names import KERNELS

__all__ = KERNELS["multilabel"]


def _weight_sums(sums: NDArray[np.intp]) -> NDArray[np.float64]:
    """``np.bincount`` with weights: float64 sums (NumPy's stubs type every bincount intp)."""
    return cast("NDArray[np.float64]", sums)


def _cells(
    y_true: NDArray[np.number], y_pred: NDArray[np.number]
) -> tuple[NDArray[np.int8], int]:
    """Cell code 2 * true + pred per entry (0 = tn, 1 = fp, 2 = fn, 3 = tp), and the flat
    index of the first entry of either matrix that is neither 0 nor 1 (-1 if none)."""
    t, p = np.asarray(y_true), np.asarray(y_pred)
    binary = ((t == 0) | (t == 1)) & ((p == 0) | (p == 1))
    bad = -1 if binary.all() else int(np.flatnonzero(~binary.ravel())[0])
    return 2 * (t == 1).astype(np.int8) + (p == 1), bad


def _masks(
    code: NDArray[np.int8],
) -> tuple[NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_], NDArray[np.bool_]]:
    """Per entry: true negative, predicted, true, true positive (the per-label sums)."""
    return code == 0, (code & 1) == 1, code >= 2, code == 3


def _sample_cells(code: NDArray[np.int8]) -> NDArray[np.int64]:
    return np.stack([np.count_nonzero(code == c, axis=1) for c in range(4)], axis=1).astype(
        np.int64)


def multilabel_confusion(
    y_true: NDArray[np.number],
    y_pred: NDArray[np.number],
) -> tuple[NDArray[np.int64], NDArray[np.int64], int]:
    """``(label_sums, sample_cells, bad)``: int64 counts of shape (n_labels, 4) in the order
    tn, predicted, true, tp and (n_samples, 4) in cell order tn, fp, fn, tp; ``bad`` the
    flat index of the first value that is neither 0 nor 1 (-1 if none; the counts are then
    incomplete)."""
    code, bad = _cells(y_true, y_pred)
    per_label = np.stack([np.count_nonzero(m, axis=0) for m in _masks(code)], axis=1)
    return per_label.astype(np.int64), _sample_cells(code), bad


def multilabel_confusion_weighted(
    y_true: NDArray[np.number],
    y_pred: NDArray[np.number],
    weight: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.int64], int]:
    """As ``multilabel_confusion`` with the per-label sums summed weights (float64, each
    added in sample order); the per-sample cells stay int64 counts."""
    code, bad = _cells(y_true, y_pred)
    weight = np.asarray(weight, dtype=np.float64)
    n_labels = code.shape[1]

    # bincount adds in row-major order, as the kernel does
    def column_sums(mask: NDArray[np.bool_]) -> NDArray[np.float64]:
        rows, columns = np.nonzero(mask)
        return _weight_sums(np.bincount(columns, weights=weight[rows], minlength=n_labels))

    per_label = np.stack([column_sums(m) for m in _masks(code)], axis=1)
    return per_label.astype(np.float64), _sample_cells(code), bad


def _csr(ptr: NDArray[np.int64], idx: NDArray[np.int64], val: NDArray[np.float64],
         n_labels: int, name: str) -> None:
    """A CSR matrix as the compiled loop reads it: indptr of at least one entry rising within
    the indices, indices as many as data and within [0, n_labels)."""
    if len(ptr) == 0:
        raise ValueError(f"{name}_ptr must have an entry per row and one more, got none")
    one_length(idx, val)
    offsets_within(ptr, len(idx), f"{name}_ptr")
    indices_within(idx, n_labels, f"{name}_idx")


def multilabel_confusion_csr(
    t_ptr: NDArray[np.int64],
    t_idx: NDArray[np.int64],
    t_val: NDArray[np.float64],
    p_ptr: NDArray[np.int64],
    p_idx: NDArray[np.int64],
    p_val: NDArray[np.float64],
    n_labels: int,
    weight: NDArray[np.float64],
) -> tuple[NDArray[np.float64] | NDArray[np.int64], NDArray[np.int64], NDArray[np.int64]]:
    """``(label_sums, heavy_union, sample_cells)`` of CSR input (indices sorted per row, no
    duplicates, data 0/1; a stored 0 counts as absent): per label float64 sums (int64
    counts when ``weight`` is empty) of union, predicted, true, tp; per label the number of
    positive-weight samples in the union (int64; empty weight: all samples); per sample the
    int64 cells tn, fp, fn, tp."""
    _csr(t_ptr, t_idx, t_val, n_labels, "t")
    _csr(p_ptr, p_idx, p_val, n_labels, "p")
    n = len(t_ptr) - 1
    weight = np.asarray(weight, dtype=np.float64)
    weighted = len(weight) > 0
    if len(p_ptr) - 1 != n:
        raise ValueError(f"the matrices must have one number of rows, got {n} and "
                         f"{len(p_ptr) - 1}")
    if weighted and len(weight) != n:
        raise ValueError(f"weight must be empty or have one entry per row, got {len(weight)} "
                         f"for {n} rows")

    def keys(
        ptr: NDArray[np.int64], idx: NDArray[np.int64], val: NDArray[np.float64]
    ) -> NDArray[np.int64]:  # row * n_labels + column of every stored 1, ascending
        rows = np.repeat(np.arange(n, dtype=np.int64), np.diff(ptr))
        ones = np.asarray(val) != 0
        stored: NDArray[np.int64] = rows[ones] * n_labels + np.asarray(idx)[ones]
        return stored

    true_keys, pred_keys = keys(t_ptr, t_idx, t_val), keys(p_ptr, p_idx, p_val)
    # both key lists are sorted: intersect and merge them by binary search (no sort)
    at = np.searchsorted(true_keys, pred_keys)
    in_true = true_keys[np.minimum(at, max(len(true_keys) - 1, 0))] == pred_keys \
        if len(true_keys) else np.zeros(len(pred_keys), dtype=bool)
    both = pred_keys[in_true]
    union = np.insert(true_keys, at[~in_true], pred_keys[~in_true])

    # bincount adds in row-major order, as the kernel does
    def sums(k: NDArray[np.int64]) -> NDArray[np.float64]:
        if not weighted:
            return np.bincount(k % n_labels, minlength=n_labels).astype(np.float64)
        return _weight_sums(np.bincount(k % n_labels, weights=weight[k // n_labels],
                                        minlength=n_labels))

    label_sums = np.stack([sums(union), sums(pred_keys), sums(true_keys), sums(both)], axis=1)
    heavy_keys = union[weight[union // n_labels] > 0] if weighted else union
    heavy = np.bincount(heavy_keys % n_labels, minlength=n_labels).astype(np.int64)
    nt, np_, ntp = (np.bincount(k // n_labels, minlength=n).astype(np.int64)
                    for k in (true_keys, pred_keys, both))  # fmt: skip
    sample_cells = np.stack([n_labels - nt - np_ + ntp, np_ - ntp, nt - ntp, ntp], axis=1)
    return (label_sums if weighted else label_sums.astype(np.int64)), heavy, sample_cells
