"""Fallback kernels for multilabel-indicator targets; mirrors rankscore/_kernels_multilabel.pxi."""

from __future__ import annotations

import numpy as np

__all__ = ["multilabel_confusion", "multilabel_confusion_weighted"]


def _cells(y_true, y_pred):
    """Cell code 2 * true + pred per entry (0 = tn, 1 = fp, 2 = fn, 3 = tp), and the flat
    index of the first entry of either matrix that is neither 0 nor 1 (-1 if none)."""
    t, p = np.asarray(y_true), np.asarray(y_pred)
    binary = ((t == 0) | (t == 1)) & ((p == 0) | (p == 1))
    bad = -1 if binary.all() else int(np.flatnonzero(~binary.ravel())[0])
    return 2 * (t == 1).astype(np.int8) + (p == 1), bad


def _masks(code):
    """Per entry: true negative, predicted, true, true positive (the per-label sums)."""
    return code == 0, (code & 1) == 1, code >= 2, code == 3


def _sample_cells(code):
    return np.stack([np.count_nonzero(code == c, axis=1) for c in range(4)], axis=1).astype(
        np.int64)


def multilabel_confusion(y_true, y_pred):
    """``(label_sums, sample_cells, bad)``: int64 counts of shape (n_labels, 4) in the order
    tn, predicted, true, tp and (n_samples, 4) in cell order tn, fp, fn, tp; ``bad`` the
    flat index of the first value that is neither 0 nor 1 (-1 if none; the counts are then
    incomplete)."""
    code, bad = _cells(y_true, y_pred)
    per_label = np.stack([np.count_nonzero(m, axis=0) for m in _masks(code)], axis=1)
    return per_label.astype(np.int64), _sample_cells(code), bad


def multilabel_confusion_weighted(y_true, y_pred, weight):
    """As ``multilabel_confusion`` with the per-label sums summed weights (float64, each
    added in sample order); the per-sample cells stay int64 counts."""
    code, bad = _cells(y_true, y_pred)
    weight = np.asarray(weight, dtype=np.float64)
    n_labels = code.shape[1]

    def column_sums(mask):  # bincount adds in row-major order, as the kernel does
        rows, columns = np.nonzero(mask)
        return np.bincount(columns, weights=weight[rows], minlength=n_labels)

    per_label = np.stack([column_sums(m) for m in _masks(code)], axis=1)
    return per_label.astype(np.float64), _sample_cells(code), bad
