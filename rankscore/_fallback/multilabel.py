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


def _sample_cells(code):
    return np.stack([np.count_nonzero(code == c, axis=1) for c in range(4)], axis=1).astype(
        np.int64)


def multilabel_confusion(y_true, y_pred):
    """``(label_cells, sample_cells, bad)``: int64 counts of shape (n_labels, 4) and
    (n_samples, 4) in cell order tn, fp, fn, tp; ``bad`` the flat index of the first value
    that is neither 0 nor 1 (-1 if none; the counts are then incomplete)."""
    code, bad = _cells(y_true, y_pred)
    per_label = np.stack([np.count_nonzero(code == c, axis=0) for c in range(4)], axis=1)
    return per_label.astype(np.int64), _sample_cells(code), bad


def multilabel_confusion_weighted(y_true, y_pred, weight):
    """As ``multilabel_confusion`` with the per-label cells summed weights (float64); the
    per-sample cells stay int64 counts."""
    code, bad = _cells(y_true, y_pred)
    weight = np.asarray(weight, dtype=np.float64)
    per_label = np.stack([weight @ (code == c) for c in range(4)], axis=1)
    return per_label.astype(np.float64), _sample_cells(code), bad
