"""Confusion matrices: one binary classifier at one threshold (``binary_confusion``), the
class-by-class matrix (``confusion_matrix``) and one 2 x 2 matrix per label
(``multilabel_confusion_matrix``)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from .. import _backend
from .._docstrings import LABEL_PAIR, SAMPLE_WEIGHT, fill_doc
from .._engine.class_counts import check_label_weight, label_indices, set_wise_counts
from .._engine.labels import (as_labels, check_label_range, common_labels, distinct_labels,
                              integer_codes, is_string, pos_label_of, positive_mask)
from .._engine.multilabel import read_pair
from .._engine.results import BinaryConfusion
from .._engine.validate import (as_matrix, as_scores, check_flag, check_same_length,
                                check_sample_weight, check_threshold, inclusive_threshold, quoted)

__all__ = [
    "binary_confusion", "confusion_matrix", "multilabel_confusion_matrix"
]


def confusion_matrix_alone(y_true: Any, sample_weight: Any) -> np.ndarray:
    """``y_true`` read as a square confusion matrix of counts, for the functions that take
    one in place of ``y_true`` and ``y_pred`` (``accuracy_score``, ``per_class_metrics``):
    no ``sample_weight`` (its counts carry the weights), and not a 1-D vector of labels
    whose ``y_pred`` was forgotten."""
    if sample_weight is not None:
        raise ValueError("sample_weight applies to y_true/y_pred, not to a confusion "
                         "matrix (weight its counts instead)")
    if np.ndim(y_true) == 1:
        raise ValueError("y_pred is missing: pass y_true and y_pred, or a square "
                         "confusion matrix alone")
    return as_matrix(y_true, "confusion", counts=True)


def confusion_matrix(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    sample_weight: Any = None,
    normalize: str | None = None,
) -> np.ndarray:
    """Confusion matrix: rows = true class, columns = predicted class (scikit-learn's).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted class labels (numbers, bools or strings).
    labels : array-like, optional
        The classes and their order for the rows and columns (default: sorted union of the
        labels in ``y_true`` and ``y_pred``). Samples whose label is not listed are left
        out; at least one listed label must occur in ``y_true``.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; the cells are weight sums (int64 if the weights are integers).
    normalize : {"true", "pred", "all"}, optional
        Divide by row sums, column sums or the total; an all-zero row or column gives 0.

    Returns
    -------
    ndarray of shape (n_labels, n_labels)
        int64 counts, or float64 when weighted or normalized.

    See Also
    --------
    binary_confusion : the two-class case as an object with every rate.

    Notes
    -----
    ``C[i, j]`` = number (weight) of samples of true class ``labels[i]`` predicted as
    ``labels[j]``. Same behaviour as ``sklearn.metrics.confusion_matrix``, including the
    ``UserWarning`` for a 1×1 result, except that duplicate ``labels`` are an error and
    integer weights whose cell sums overflow int64 are an error (scikit-learn's int64
    cells wrap around to a wrong, possibly negative count).
    scikit-learn sorts the labels, so for {0, 1} the negative class comes first; the
    positive-first reference layout (:ref:`def-layout`) is ``labels=[1, 0]``.

    Examples
    --------
    >>> from rankscore import confusion_matrix
    >>> y_true = [1, 1, 1, 0, 0, 0, 0]
    >>> y_pred = [1, 1, 0, 1, 0, 0, 0]
    >>> confusion_matrix(y_true, y_pred)            # rows/columns 0, 1
    array([[3, 1],
           [1, 2]])
    >>> confusion_matrix(y_true, y_pred, labels=[1, 0])   # positive first: [[tp, fn], [fp, tn]]
    array([[2, 1],
           [1, 3]])
    """
    if normalize not in (None, "true", "pred", "all"):
        raise ValueError("normalize must be 'true', 'pred', 'all' or None, got "
                         f"{quoted(normalize)}")
    lab, t, p, keep, w = label_indices(y_true, y_pred, labels, sample_weight)
    n_labels = len(lab)
    cells = t[keep] * n_labels + p[keep]
    weights = None if w is None else w[keep]
    if w is not None and np.asarray(sample_weight).dtype.kind in "iub":
        cm = _integer_sums(cells, np.asarray(sample_weight)[keep], n_labels * n_labels)
    else:  # (bincount of nothing is int64 even with weights)
        cm = np.bincount(cells, weights=weights, minlength=n_labels * n_labels)
        cm = cm.astype(np.int64 if w is None else np.float64, copy=False)
    cm = cm.reshape(n_labels, n_labels)
    if normalize is not None:
        with np.errstate(all="ignore"):
            if normalize == "true":
                cm = cm / cm.sum(axis=1, keepdims=True)
            elif normalize == "pred":
                cm = cm / cm.sum(axis=0, keepdims=True)
            else:
                cm = cm / cm.sum()
        cm = np.nan_to_num(cm)
    if cm.shape == (1, 1):
        warnings.warn(
            "A single label was found in 'y_true' and 'y_pred'. For the confusion matrix to"
            " have the correct shape, use the 'labels' parameter to pass all known labels.",
            UserWarning,
            stacklevel=2,
        )
    return cm


def _integer_sums(cells: np.ndarray, weights: np.ndarray, size: int) -> np.ndarray:
    """The int64 sum of integer (or bool) ``weights`` per cell, exact; a sum beyond int64
    is an error (scikit-learn's int64 matrix wraps around there)."""
    if weights.dtype.kind == "u" and weights.size and int(weights.max()) > 2**63 - 1:
        raise ValueError("sample_weight holds integers beyond int64; the confusion matrix "
                         "counts in int64: pass float weights")
    sums = np.zeros(size, dtype=np.int64)
    np.add.at(sums, cells, weights.astype(np.int64))
    # a sum that wrapped around is 2**64 away from the float64 sum (which is close)
    approx = np.bincount(cells, weights=weights.astype(np.float64), minlength=size)
    if (np.abs(approx - sums) > 2.0**62).any():
        raise ValueError("the weighted counts overflow int64 (a cell sums to about "
                         f"{approx.max():.3g}); pass float weights")
    return sums


def binary_confusion(
    y_true: Any,
    y_score_or_pred: Any,
    *,
    threshold: float | None = None,
    pos_label: Any = None,
    sample_weight: Any = None,
    strict: bool = False,
) -> BinaryConfusion:
    """Counts of a binary classifier, as a :class:`BinaryConfusion` with every rate.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers, bools or strings): two classes, or any number with
        ``pos_label`` (that class against the rest).
    y_score_or_pred : array-like of shape (n_samples,)
        With ``threshold``: scores, predicted positive when ``score >= threshold`` (or
        ``score > threshold`` with ``strict``). Without: hard predictions with the same
        labels as ``y_true``.
    threshold : float, optional
        Score threshold (compared in float64, also for float32 scores).
    pos_label : label, optional
        The positive class; needed unless the labels are {0, 1}, {-1, 1} or bools
        (then 1 / True), as scikit-learn's ``pos_label`` rule.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; the counts become weight sums (floats).
    strict : bool, default False
        Positive when ``score > threshold`` instead of ``score >= threshold`` (only with
        ``threshold``).

    Returns
    -------
    BinaryConfusion
        tp, fp, fn, tn (ints when unweighted), ``threshold``, and the rates of
        :ref:`def-rates`.

    See Also
    --------
    confusion_matrix : any number of classes, scikit-learn's layout.
    best_threshold : the threshold that maximizes an objective.

    Notes
    -----
    tp = #(y = pos and s >= t), fp = #(y ≠ pos and s >= t), fn = #(y = pos and s < t),
    tn = #(y ≠ pos and s < t); with ``strict``, ``>`` and ``<=`` in their place. With scores
    it is one typed pass over the data.

    Examples
    --------
    The spam demo (:ref:`def-spam`) at threshold 0.5:

    >>> from rankscore import binary_confusion
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> c = binary_confusion(data.target, data.score, threshold=0.5, pos_label="spam")
    >>> c
    BinaryConfusion(tp=6, fp=2, fn=3, tn=9, threshold=0.5; accuracy=0.75, precision=0.75, recall=0.6667, f1=0.7059)
    >>> round(c.tnr, 3), round(c.fpr, 3), round(c.f1, 3)
    (0.818, 0.182, 0.706)

    At a threshold equal to a score (one spam email scores 0.676), the strict rule
    ``score > t`` predicts that email negative:

    >>> binary_confusion(data.target, data.score, threshold=0.676, pos_label="spam").tp
    6
    >>> binary_confusion(data.target, data.score, threshold=0.676, pos_label="spam", strict=True)
    BinaryConfusion(tp=5, fp=1, fn=4, tn=10, threshold=0.676, strict=True; accuracy=0.75, precision=0.8333, recall=0.5556, f1=0.6667)
    >>> print(c.table())
              predicted +  predicted -
    actual +            6            3
    actual -            2            9
    """
    yt = as_labels(y_true, "y_true")
    check_flag(strict, "strict")
    if threshold is None:
        if strict:
            raise ValueError("strict applies to a threshold on scores; pass threshold")
        yp = as_labels(y_score_or_pred, "y_pred")
        n = check_same_length(y_true=yt, y_pred=yp)
        if is_string(yt) != is_string(yp):
            raise ValueError("y_true and y_pred mix string and number labels")
        yt, yp = common_labels(yt, yp)
        classes = np.unique(np.concatenate([distinct_labels(yt), distinct_labels(yp)]))
        pos = pos_label_of(classes, pos_label, "y_true/y_pred")
        positive, predicted = positive_mask(yt, pos), positive_mask(yp, pos)
        w = check_label_weight(sample_weight, n)
        if w is None:
            tp = int(np.count_nonzero(positive & predicted))
            rp, pp = int(np.count_nonzero(positive)), int(np.count_nonzero(predicted))
            return BinaryConfusion(tp, pp - tp, rp - tp, n - rp - pp + tp)
        return BinaryConfusion(
            float(w[positive & predicted].sum()),
            float(w[~positive & predicted].sum()),
            float(w[positive & ~predicted].sum()),
            float(w[~positive & ~predicted].sum()),
        )
    threshold = check_threshold(threshold)
    at = inclusive_threshold(threshold, strict)
    score = as_scores(y_score_or_pred, "y_score")
    n = check_same_length(y_true=yt, y_score=score)
    w = check_sample_weight(sample_weight, n)  # all-zero weights: checked on the counts
    codes, pos_code = integer_codes(yt, pos_label)
    read_by_kernel = codes is not None
    if not read_by_kernel:  # strings, float labels: check them, then count a boolean mask
        pos = pos_label_of(distinct_labels(yt), pos_label, "y_true")
        codes, pos_code = positive_mask(yt, pos).view(np.uint8), np.uint8(1)
    kernels = _backend.kernels
    if w is None:
        *counts, lo, hi = kernels.threshold_confusion(codes, pos_code, score, at)
        counts = [int(c) for c in counts]
    else:
        *counts, lo, hi = kernels.threshold_confusion_weighted(codes, pos_code, score,
                                                               at, w)  # fmt: skip
        counts = [float(c) for c in counts]
        if not any(counts):
            check_label_weight(w, n)  # raises: every weight is zero
    if read_by_kernel:  # check the integer labels from their range
        check_label_range(yt, pos_label, lo, hi, any_positive=counts[0] + counts[2] > 0)
    return BinaryConfusion(counts[0], counts[1], counts[2], counts[3], threshold=threshold,
                           strict=bool(strict))


@fill_doc(label_pair=LABEL_PAIR, sample_weight=SAMPLE_WEIGHT)
def multilabel_confusion_matrix(
    y_true: Any,
    y_pred: Any,
    *,
    sample_weight: Any = None,
    labels: Any = None,
    samplewise: bool = False,
) -> np.ndarray:
    """One 2×2 confusion matrix per label (or per sample), as scikit-learn's.

    Parameters
    ----------
    {label_pair}
    {sample_weight}
    labels : array-like, optional
        The labels (for indicator matrices: column indices) to report, in this order.
        Default: every label (sorted union, or every column).
    samplewise : bool, default False
        Multilabel only: one matrix per sample (over the labels) instead of per label.

    Returns
    -------
    ndarray of shape (n_labels, 2, 2) or (n_samples, 2, 2)
        ``[[tn, fp], [fn, tp]]`` per label; int64 counts, float64 when weighted.

    See Also
    --------
    confusion_matrix : the full matrix of 1-D labels.
    precision_recall_fscore_support : the scores of these counts.

    Notes
    -----
    For label l, one-vs-rest: tp = #(true l and predicted l), fp = #(predicted l, not
    true l), fn = #(true l, not predicted l), tn = the rest. Multilabel input is counted
    in one pass over both matrices (per label and per sample at once).

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore import multilabel_confusion_matrix
    >>> y_true = np.array([[1, 0, 1], [0, 1, 0]])
    >>> y_pred = np.array([[1, 0, 0], [0, 1, 1]])
    >>> multilabel_confusion_matrix(y_true, y_pred)
    array([[[1, 0],
            [0, 1]],
    <BLANKLINE>
           [[1, 0],
            [0, 1]],
    <BLANKLINE>
           [[0, 1],
            [1, 0]]])
    """
    check_flag(samplewise, "samplewise")
    ml = read_pair(y_true, y_pred, sample_weight)
    if ml is None and samplewise:
        raise ValueError(
            "Samplewise metrics are not available outside of multilabel classification."
            " (samplewise=True needs 2-D label-indicator targets)"
        )
    _, tp, fp, fn, tn, _ = set_wise_counts(
        y_true if ml is None else ml, y_pred, labels=labels, pos_label=None,
        average="samples" if samplewise else None, sample_weight=sample_weight,
    )  # fmt: skip
    weighted = (ml.weight if ml is not None else sample_weight) is not None
    cells = np.stack([tn, fp, fn, tp], axis=1).astype(np.float64 if weighted else np.int64)
    return cells.reshape(-1, 2, 2)
