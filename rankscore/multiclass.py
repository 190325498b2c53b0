"""Multiclass one-vs-rest metrics, profit, improvement and top-k accuracy.

Defined in :ref:`def-multiclass` and :ref:`def-improvement`.

A confusion matrix ``C`` has rows = true class and columns = predicted class. For class
``n``: ``tp = C[n, n]``, ``fn = row sum − tp``, ``fp = column sum − tp``,
``tn = total − tp − fn − fp``. Every function taking ``(y_true, y_pred)`` also takes a
precomputed confusion matrix alone, so results can be recomputed from a published table.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from ._engine.class_counts import (check_zero_division, index_sums, label_indices,
                            without_true_negatives)
from ._engine.labels import as_labels, classes_of, encode
from ._engine.validate import (as_array, as_matrix, check_flag, check_positive_int,
                               check_real, check_same_length, check_sample_weight,
                               multiclass_shape_error, quoted, to_float)
from .exceptions import warn_undefined_metric
from .information import weighted_total
from .metrics import BinaryConfusion
from .metrics.confusion import confusion_matrix_alone

__all__ = [
    "PerClassMetrics",
    "per_class_metrics",
    "average_class_accuracy",
    "profit",
    "Improvement",
    "improvement",
    "top_k_accuracy_score",
]


# --------------------------------------------------------------------------- inputs


def _one_vs_rest(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``(tp, true_sum, pred_sum, tn, classes)`` per class, from labels or from a
    precomputed confusion matrix: its diagonal, row sums, column sums and the one-vs-rest
    true negatives (exactly 0 where the matrix holds nothing outside the class's row and
    column).

    From labels this is what ``confusion_matrix(y_true, y_pred, labels=...)`` would give
    (samples of unlisted classes left out), counted in O(n + k) without the k × k matrix.
    """
    if y_pred is None:
        matrix = confusion_matrix_alone(y_true, sample_weight)
        if labels is None:
            classes = np.arange(len(matrix))
        else:
            classes = classes_of(labels)
            if len(classes) != len(matrix):
                raise ValueError(f"labels names {len(classes)} classes but the confusion "
                                 f"matrix has {len(matrix)}")
        tp, true_sum, pred_sum = np.diag(matrix).copy(), matrix.sum(axis=1), matrix.sum(axis=0)
        tn = matrix.sum() - tp - (true_sum - tp) - (pred_sum - tp)
        if tn.dtype.kind == "f":  # exactly 0 where every count outside row n and column n is
            cell = matrix != 0  # (float counts: the difference above leaves rounding noise)
            tn[cell.sum() - cell.sum(axis=1) - cell.sum(axis=0) + np.diag(cell) == 0] = 0.0
        return tp, true_sum, pred_sum, tn, classes
    t = as_labels(y_true, "y_true")
    p = as_labels(y_pred, "y_pred")
    n = check_same_length(y_true=t, y_pred=p)
    w = check_sample_weight(sample_weight, n)
    if labels is None:
        try:
            np.union1d(t[:1], p[:1])
        except TypeError:
            raise TypeError("y_true and y_pred mix label types that cannot be sorted") from None
    else:
        labels = classes_of(labels)
    classes, ti, pi, keep, w = label_indices(t, p, labels, w)
    k = len(classes)
    if not keep.all():  # samples of unlisted classes are left out
        ti, pi = ti[keep], pi[keep]
        w = None if w is None else w[keep]
    tp, true_sum, pred_sum, total = index_sums(ti, pi, w, k)
    tn = total - tp - (true_sum - tp) - (pred_sum - tp)
    if w is not None:
        tn[without_true_negatives(ti, pi, w, k)] = 0.0
    return tp, true_sum, pred_sum, tn, classes


# --------------------------------------------------------------------------- per class


def _ratio(num: np.ndarray, den: np.ndarray, zero_division: float | str, what: str,
           classes: np.ndarray) -> np.ndarray:
    """num / den per class; where den = 0 the zero_division value (with a warning if "warn")."""
    empty = den == 0
    out = np.divide(num, den, out=np.zeros(len(num)), where=~empty)
    if empty.any():
        if zero_division == "warn":
            names = ", ".join(str(c) for c in classes[empty])
            warn_undefined_metric(f"{what} is ill-defined and set to 0.0 for classes with "
                                  f"no samples in its denominator: {names}. Use "
                                  "zero_division to choose another value.", stacklevel=3)
        else:
            out[empty] = zero_division
    result: np.ndarray = out
    return result


@dataclass(frozen=True, repr=False, eq=False)
class PerClassMetrics:
    """One-vs-rest counts and rates per class; one NumPy array per column.

    Attributes
    ----------
    labels : ndarray
        The classes, in the confusion matrix's order.
    tp, fp, fn, tn : ndarray
        One-vs-rest counts (integers, or floats with ``sample_weight``).
    sensitivity : ndarray
        ``tp / (tp + fn)`` (recall).
    specificity : ndarray
        ``tn / (tn + fp)``.
    precision : ndarray
        ``tp / (tp + fp)``, the confidence of a positive answer (confidence⊤).
    npv : ndarray
        ``tn / (tn + fn)``, the confidence of a negative answer (confidence⊥).

    Examples
    --------
    >>> from rankscore.multiclass import per_class_metrics
    >>> table = per_class_metrics([[5, 1], [2, 3]], labels=["cat", "dog"])
    >>> table.tp.tolist(), table.precision.round(3).tolist()
    ([5, 3], [0.714, 0.75])
    """

    labels: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    fn: np.ndarray
    tn: np.ndarray
    sensitivity: np.ndarray
    specificity: np.ndarray
    precision: np.ndarray
    npv: np.ndarray

    columns = ("tp", "fp", "fn", "tn", "sensitivity", "specificity", "precision", "npv")

    @property
    def recall(self) -> np.ndarray:
        """Alias of ``sensitivity``."""
        return self.sensitivity

    @property
    def support(self) -> np.ndarray:
        """Samples of each true class, ``tp + fn``."""
        result: np.ndarray = self.tp + self.fn
        return result

    def __len__(self) -> int:
        return len(self.labels)

    def to_dict(self) -> dict[Any, dict[str, float]]:
        """``{label: {column: value}}`` with Python numbers."""
        return {label.item() if hasattr(label, "item") else label:
                {c: getattr(self, c)[i].item() for c in self.columns}
                for i, label in enumerate(self.labels)}

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` indexed by label (needs the ``pandas`` extra)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError("to_pandas needs pandas: pip install 'rankscore[pandas]'") from None
        return pd.DataFrame({c: getattr(self, c) for c in self.columns},
                            index=pd.Index(self.labels, name="label"))

    def __str__(self) -> str:
        counts = ("tp", "fp", "fn", "tn")
        header = ["label", *self.columns]
        rows = [[str(label)] + [f"{getattr(self, c)[i]:{'g' if c in counts else '.4f'}}"
                                for c in self.columns]
                for i, label in enumerate(self.labels)]
        widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
        lines = ["  ".join(cell.rjust(wd) for cell, wd in zip(row, widths))
                 for row in [header, *rows]]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"PerClassMetrics(labels={self.labels.tolist()})\n{self}"


def per_class_metrics(
    y_true: Any,
    y_pred: Any = None,
    *,
    labels: Any = None,
    sample_weight: Any = None,
    zero_division: float | str = "warn",
) -> PerClassMetrics:
    """One-vs-rest tp, fp, fn, tn, sensitivity, specificity, precision and NPV per class.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), or a confusion matrix
        True labels; or, when ``y_pred`` is omitted, a square confusion matrix of
        non-negative counts with rows = true class and columns = predicted class.
    y_pred : array-like of shape (n_samples,), optional
        Predicted labels.
    labels : array-like, optional
        Classes in the order of the table. With labels: default the sorted union of
        ``y_true`` and ``y_pred`` (samples of classes not listed are ignored, as in
        scikit-learn's ``confusion_matrix``). With a matrix: names of its rows
        (default ``0 … N−1``).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights (labels input only).
    zero_division : "warn", 0.0, 1.0 or np.nan, default "warn"
        Value of a rate whose denominator is zero; "warn" gives 0.0 and an
        ``UndefinedMetricWarning``, as scikit-learn does.

    Returns
    -------
    PerClassMetrics
        Columns as NumPy arrays, ``str()`` a readable table, ``to_pandas()``, ``to_dict()``.

    See Also
    --------
    average_class_accuracy : mean of the per-class sensitivities.

    Notes
    -----
    For class ``n`` of confusion matrix ``C`` (:ref:`def-multiclass`): ``tp = C[n,n]``,
    ``fn = Σ_j C[n,j] − tp``, ``fp = Σ_i C[i,n] − tp``, ``tn = Σ C − tp − fn − fp``;
    sensitivity ``tp/(tp+fn)``, specificity ``tn/(tn+fp)``, confidence⊤ = precision
    ``tp/(tp+fp)``, confidence⊥ = NPV ``tn/(tn+fn)``. Without ``labels`` (or with
    ``labels`` listing every class) the tp/fp/fn/tn equal scikit-learn's
    ``multilabel_confusion_matrix`` and sensitivity and precision its
    ``precision_recall_fscore_support(average=None)``; with a subset of the classes they
    are those of the smaller ``confusion_matrix(labels=...)``, whereas scikit-learn's
    one-vs-rest functions still count the samples of the other classes.

    Examples
    --------
    >>> from rankscore.multiclass import per_class_metrics
    >>> table = per_class_metrics([[5, 1, 0], [2, 3, 1], [0, 0, 4]], labels=["a", "b", "c"])
    >>> print(table)
    label  tp  fp  fn  tn  sensitivity  specificity  precision     npv
        a   5   2   1   8       0.8333       0.8000     0.7143  0.8889
        b   3   1   3   9       0.5000       0.9000     0.7500  0.7500
        c   4   1   0  11       1.0000       0.9167     0.8000  1.0000
    >>> table.specificity.round(4).tolist()
    [0.8, 0.9, 0.9167]
    """
    zero_division = check_zero_division(zero_division)
    tp, true_sum, pred_sum, tn, classes = _one_vs_rest(y_true, y_pred, labels, sample_weight)
    fn = true_sum - tp
    fp = pred_sum - tp
    return PerClassMetrics(
        labels=classes, tp=tp, fp=fp, fn=fn, tn=tn,
        sensitivity=_ratio(tp, tp + fn, zero_division, "Sensitivity", classes),
        specificity=_ratio(tn, tn + fp, zero_division, "Specificity", classes),
        precision=_ratio(tp, tp + fp, zero_division, "Precision", classes),
        npv=_ratio(tn, tn + fn, zero_division, "NPV", classes),
    )


def average_class_accuracy(
    y_true: Any,
    y_pred: Any = None,
    *,
    labels: Any = None,
    sample_weight: Any = None,
    mean: str = "arithmetic",
) -> float:
    """Mean of the per-class recalls: arithmetic (balanced accuracy) or harmonic.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,), or a confusion matrix
        True labels; or, when ``y_pred`` is omitted, a square confusion matrix
        (rows = true class).
    y_pred : array-like of shape (n_samples,), optional
        Predicted labels.
    labels : array-like, optional
        Classes to consider (default: the union of ``y_true`` and ``y_pred``).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights (labels input only).
    mean : {"arithmetic", "harmonic"}, default "arithmetic"
        How to average the per-class recalls.

    Returns
    -------
    float

    See Also
    --------
    per_class_metrics

    Notes
    -----
    ``recall_l = C[l,l] / Σ_j C[l,j]``; arithmetic ``mean_l recall_l`` (equal to
    scikit-learn's ``balanced_accuracy_score``), harmonic ``1 / mean_l (1 / recall_l)``
    (:ref:`def-multiclass`). The harmonic mean punishes one badly recognised class: a class
    with recall 0 makes it 0 (its limit), without a warning. A class with no true samples
    (predicted only, or listed in ``labels``) has no recall: it is left out with a warning
    ("y_pred contains classes not in y_true"), as ``balanced_accuracy_score`` does.

    Examples
    --------
    >>> from rankscore.multiclass import average_class_accuracy
    >>> C = [[5, 1, 0], [2, 3, 1], [0, 0, 4]]
    >>> round(average_class_accuracy(C), 4), round(average_class_accuracy(C, mean="harmonic"), 4)
    (0.7778, 0.7143)
    """
    if mean not in ("arithmetic", "harmonic"):
        raise ValueError(f'mean must be "arithmetic" or "harmonic", got {quoted(mean)}')
    tp, rows, _, _, _ = _one_vs_rest(y_true, y_pred, labels, sample_weight)
    if (rows == 0).any():
        warnings.warn("y_pred contains classes not in y_true", UserWarning, stacklevel=2)
    present = rows > 0
    if not present.any():
        raise ValueError("no sample belongs to any of the labels")
    recall = tp[present] / rows[present]
    if mean == "arithmetic":
        return float(np.mean(recall))
    if (recall == 0).any():
        return 0.0
    return float(1.0 / np.mean(1.0 / recall))


# --------------------------------------------------------------------------- profit

def profit(confusion: Any, profit_matrix: Any) -> float:
    """Total profit of a confusion matrix: ``Σ_ij C[i,j] · P[i,j]``.

    Parameters
    ----------
    confusion : array-like of shape (n_classes, n_classes), or BinaryConfusion
        Non-negative counts, rows = true class, columns = predicted class. A
        :class:`BinaryConfusion` is read in the positive-first layout (:ref:`def-layout`)
        ``[[tp, fn], [fp, tn]]`` (its ``to_array()``, the layout of
        ``best_threshold``'s ``profit_matrix``).
    profit_matrix : array-like of the same shape
        Gain (positive) or cost (negative) of one sample in each cell, same layout.

    Returns
    -------
    float

    Notes
    -----
    ``profit = Σ_i Σ_j C[i,j] P[i,j]`` (:ref:`def-multiclass`). Both matrices must use the
    same row and column order; mind that scikit-learn's ``confusion_matrix`` puts the
    negative class first for labels {0, 1} while the reference layout (:ref:`def-layout`)
    puts the positive class first.

    Examples
    --------
    >>> from rankscore.multiclass import profit
    >>> profit([[80, 20], [20, 80]], [[10, -5], [-2, 0]])  # rows/cols: positive first
    660.0
    >>> from rankscore import BinaryConfusion
    >>> profit(BinaryConfusion(tp=80, fp=20, fn=20, tn=80), [[10, -5], [-2, 0]])
    660.0
    """
    if isinstance(confusion, BinaryConfusion):
        confusion = confusion.to_array()
    c = as_matrix(confusion, "confusion", counts=True)
    p = as_matrix(profit_matrix, "profit_matrix", counts=False)
    if c.shape != p.shape:
        raise ValueError(f"profit_matrix has shape {p.shape} but the confusion matrix has "
                         f"shape {c.shape}; they must match cell for cell")
    counts = as_array(confusion, "confusion")  # as given: c may be float64 beyond int64
    if counts.dtype.kind in "iu" and p.dtype.kind in "iu":  # exact: int64 products wrap
        return float(sum(a * b for a, b in zip(counts.ravel().tolist(), p.ravel().tolist())))
    return float(np.sum(c.astype(np.float64) * p.astype(np.float64)))


# --------------------------------------------------------------------------- improvement

class Improvement(NamedTuple):
    """Change of a metric from ``r1`` to ``r2``: ``absolute = r2 − r1``,
    ``relative = (r2 − r1) / r1``.

    Examples
    --------
    >>> from rankscore.multiclass import improvement
    >>> change = improvement(0.8, 0.9)
    >>> round(change.absolute, 4), round(change.relative, 4), round(change.percent, 2)
    (0.1, 0.125, 12.5)
    """

    absolute: float
    relative: float

    @property
    def percent(self) -> float:
        """``100 · relative``."""
        return 100.0 * self.relative

    def __str__(self) -> str:
        return f"absolute {self.absolute:+.6g}, relative {self.percent:+.6g} %"


def _real(value: Any, name: str) -> float:
    return check_real(value, name, finite=True)


def improvement(r1: float, r2: float) -> Improvement:
    """Absolute and relative improvement of a metric from ``r1`` to ``r2``.

    Parameters
    ----------
    r1, r2 : float
        The metric before and after (finite real numbers).

    Returns
    -------
    Improvement
        Named tuple ``(absolute, relative)``; ``.percent`` is ``100 · relative``.

    Notes
    -----
    ``absolute = r2 − r1``, ``relative = (r2 − r1) / r1`` (:ref:`def-improvement`). Meant
    for metrics that are positive; for a negative ``r1`` the relative change has the
    opposite sign of the absolute one. ``r1 = 0`` has no relative change: ``relative`` is
    ``inf`` or ``-inf`` (by the sign of ``r2``) or NaN when ``r2 = 0`` too, with a
    ``RuntimeWarning``; ``absolute`` stays exact.

    Examples
    --------
    >>> from rankscore.multiclass import improvement
    >>> round(improvement(0.8, 0.9).percent, 6)
    12.5
    >>> round(improvement(0.001, 0.01).percent, 6)
    900.0
    """
    a, b = _real(r1, "r1"), _real(r2, "r2")
    absolute = b - a
    if a == 0:
        warnings.warn("relative improvement from r1 = 0 is undefined (division by zero)",
                      RuntimeWarning, stacklevel=2)
        relative = math.copysign(math.inf, b) if b != 0 else math.nan
    else:
        relative = absolute / a
    return Improvement(absolute, relative)


# --------------------------------------------------------------------------- top-k

def _as_scores_2d(y_score: Any) -> tuple[np.ndarray, bool]:
    """Return scores as a 2-D float array and whether they were one column (binary)."""
    arr = as_array(y_score, "y_score")
    if arr.ndim == 1:
        arr = arr[:, None]
    if arr.ndim != 2:
        raise ValueError(f"y_score must be 1-D or 2-D, got shape {arr.shape}")
    if arr.dtype.kind == "f" and arr.dtype.itemsize > 8:  # long doubles: ranks kept exact
        arr = to_float(arr, "y_score")
    arr = as_matrix(arr, "y_score", counts=False)
    return arr, arr.shape[1] == 1


def _top_k_hits(score: np.ndarray, index: np.ndarray, k: int, binary: bool) -> np.ndarray:
    """Whether each sample's true class (column ``index``) is among its ``k`` best scores."""
    if binary:  # one column: the score of the second class
        s = score[:, 0]
        if k >= 2:
            return np.ones(len(s), dtype=bool)
        threshold = 0.5 if s.min() >= 0 and s.max() <= 1 else 0.0
        result: np.ndarray = (s > threshold).astype(np.intp) == index
        return result
    true_score = score[np.arange(len(score)), index][:, None]
    column = np.arange(score.shape[1])
    # rank = 1 + #classes ahead: a higher score, or an equal score and a higher column
    ahead = (score > true_score) | ((score == true_score) & (column > index[:, None]))
    within: np.ndarray = ahead.sum(axis=1) < k
    return within


def top_k_accuracy_score(
    y_true: Any,
    y_score: Any,
    *,
    k: int = 2,
    normalize: bool = True,
    sample_weight: Any = None,
    labels: Any = None,
) -> float:
    """Fraction of samples whose true class is among the ``k`` highest scores.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels.
    y_score : array-like of shape (n_samples,) or (n_samples, n_classes)
        Scores (probabilities or decision values); one column per class in ``labels``
        order (default: the sorted distinct values of ``y_true``). Binary case: a 1-D
        array of scores of the second class.
    k : int, default 2
        Number of best-scored classes that count as a hit.
    normalize : bool, default True
        Return the (weighted) fraction of hits; ``False`` returns their (weighted) count.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    labels : array-like, optional
        The classes, sorted, in the order of ``y_score``'s columns; needed when ``y_true``
        lacks some class.

    Returns
    -------
    float

    See Also
    --------
    sklearn.metrics.top_k_accuracy_score : same arguments and results.

    Notes
    -----
    ``top-k = Σ_i w_i [rank_i(y_i) ≤ k] / Σ_i w_i`` (:ref:`def-multiclass`), as scikit-learn
    1.9: among classes with equal scores, the one with the higher column index ranks first.
    Binary ``y_true`` with 1-D scores: ``k = 1`` predicts the second class when the score
    exceeds 0.5 (scores within [0, 1]) or 0 (otherwise); ``k ≥ 2`` is always a hit. ``k ≥
    n_classes`` warns (``UndefinedMetricWarning``) that the score is trivially 1. ``labels``
    must be sorted and distinct, as there (its ``i``-th entry names column ``i``).

    Examples
    --------
    >>> from rankscore import top_k_accuracy_score
    >>> y_score = [[0.5, 0.2, 0.2], [0.3, 0.4, 0.2], [0.2, 0.4, 0.3], [0.7, 0.2, 0.1]]
    >>> top_k_accuracy_score([0, 1, 2, 2], y_score, k=2)
    0.75
    >>> top_k_accuracy_score([0, 1, 2, 2], y_score, k=2, normalize=False)
    3.0
    """
    try:
        y = as_labels(y_true, "y_true")
    except ValueError as exc:
        if "continuous" not in str(exc):
            raise
        raise ValueError("y type must be 'binary' or 'multiclass', got 'continuous' "
                         "(y_true holds non-integer floats)") from None
    k = check_positive_int(k, "k")
    check_flag(normalize, "normalize")
    score, one_column = _as_scores_2d(y_score)
    n = check_same_length(y_true=y, y_score=score)
    w = check_sample_weight(sample_weight, n)
    present = np.unique(y)
    if labels is not None:
        labels = as_labels(labels, "labels")
        if len(np.unique(labels)) != len(labels):
            raise ValueError("Parameter 'labels' must be unique.")
        if not np.array_equal(np.sort(labels), labels):
            raise ValueError("Parameter 'labels' must be ordered.")
    binary = len(present) <= 2 and (labels is None or len(labels) <= 2)
    if binary and not one_column:
        raise ValueError(f"`y_true` is binary while y_score is 2d with {score.shape[1]} "
                         "classes. If `y_true` does not contain all the labels, `labels` "
                         "must be provided.")
    if not binary and score.shape[1] == 1:
        raise multiclass_shape_error((n,))
    n_score_classes = 2 if binary else score.shape[1]
    if labels is None:
        classes = present
        if len(classes) != n_score_classes:
            raise ValueError(f"Number of classes in 'y_true' ({len(classes)}) not equal to the "
                             f"number of classes in 'y_score' ({n_score_classes}). You can "
                             "provide a list of all known classes by assigning it to the "
                             "`labels` parameter.")
        index = np.searchsorted(classes, y)
    else:
        classes = labels
        if len(classes) != n_score_classes:
            raise ValueError(f"Number of given labels ({len(classes)}) not equal to the number "
                             f"of classes in 'y_score' ({n_score_classes}).")
        try:
            index = encode(y, classes, "y_true")
        except ValueError as exc:
            raise ValueError(f"'y_true' contains labels not in parameter 'labels'. ({exc})"
                             ) from None
    if k >= len(classes):
        warn_undefined_metric(f"'k' ({k}) greater than or equal to 'n_classes' "
                              f"({len(classes)}) will result in a perfect score and is "
                              "therefore meaningless.")
    hits = _top_k_hits(score, index, k, binary)
    return weighted_total(hits, w, normalize)
