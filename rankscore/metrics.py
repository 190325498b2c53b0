"""Metrics at one threshold: confusion matrices and their rates (:ref:`def-one-threshold`).

Two faces on one computation:

* ``binary_confusion`` returns a small immutable :class:`BinaryConfusion` (tp, fp, fn, tn)
  with every rate of the table as a property — the object to reach for when one binary
  classifier is judged at one threshold. Its properties give ``nan`` for a 0/0 ratio.
* Functions with scikit-learn's names and signatures (``precision_score``, ``f1_score``,
  ``classification_report`` …) for code that already speaks scikit-learn: same labels
  handling, ``average``, ``pos_label`` and ``zero_division`` (0 plus an
  :class:`UndefinedMetricWarning` where scikit-learn does that). Every one of them is a few
  lines on a single one-vs-rest count of tp/fp/fn/tn per class (``_class_counts``, in
  :mod:`rankscore._class_counts` with the averaging and ``zero_division`` rules).

Multilabel-indicator targets (2-D 0/1 matrices, dense or scipy.sparse) are read and counted by
``_multilabel`` (one kernel pass per label and per sample); ``_set_wise`` serves both kinds.
"""

from __future__ import annotations

import math
import numbers
import warnings
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np

from . import _backend
from ._labels import (as_labels, check_label_range, common_labels, distinct_labels,
                      integer_codes, is_string, pos_label_of, positive_mask)
from ._class_counts import (_check_labels, _check_weight, _check_zero_division, _class_counts,
                            _divide, _finish, _fscore, _g_mean, _index_sums, _label_indices,
                            _multilabel_labels, _set_wise, _targets)
from ._multilabel import read_pair
from ._validation import (as_real, as_scores, check_flag, check_real, check_same_length,
                          check_sample_weight, check_threshold, is_finite, quoted)
from .exceptions import UndefinedMetricWarning, warn_undefined_metric

__all__ = [
    "UndefinedMetricWarning",
    "BinaryConfusion",
    "binary_confusion",
    "confusion_matrix",
    "accuracy_score",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
    "specificity_score",
    "npv_score",
    "g_mean_score",
    "balanced_accuracy_score",
    "matthews_corrcoef",
    "classification_report",
    "multilabel_confusion_matrix",
    "hamming_loss",
    "zero_one_loss",
    "jaccard_score",
    "cohen_kappa_score",
]

# ---------------------------------------------------------------------------------------
# confusion matrix


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
    ``UserWarning`` for a 1×1 result, except that duplicate ``labels`` are an error.
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
    lab, t, p, keep, w = _label_indices(y_true, y_pred, labels, sample_weight)
    n_labels = len(lab)
    cells = t[keep] * n_labels + p[keep]
    weights = None if w is None else w[keep]
    cm = np.bincount(cells, weights=weights, minlength=n_labels * n_labels)
    cm = cm.reshape(n_labels, n_labels)
    if w is not None:  # (bincount of nothing is int64 even with weights)
        integral = np.asarray(sample_weight).dtype.kind in "iub"
        cm = cm.astype(np.int64 if integral else np.float64)
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


# ---------------------------------------------------------------------------------------
# the binary object


def _ratio(num: float, den: float) -> float:
    return num / den if den else math.nan


@dataclass(frozen=True, repr=False)
class BinaryConfusion:
    """Counts of a binary classifier at one threshold, with every rate defined on them.

    Read more in :ref:`Definitions: the rates <def-rates>`.

    A ratio whose denominator is 0 is ``nan`` (undefined, never silently 0); F-beta and G
    follow scikit-learn's count forms and are 0 when ``tp = 0`` unless there are neither
    actual nor predicted positives; ``mcc`` is 0 when a margin is empty (as scikit-learn).

    Parameters
    ----------
    tp, fp, fn, tn : int or float
        True positives, false positives, false negatives, true negatives: ints when
        unweighted, weight sums (floats) when weighted. A negative, NaN or infinite count
        is an error.
    threshold : float, optional
        The score threshold the counts were taken at (``None`` for hard predictions).

    Notes
    -----
    Properties (:ref:`def-rates`, with rp = tp + fn, rn = fp + tn, pp = tp + fp, pn = fn + tn):
    accuracy (tp + tn) / n, error_rate (fp + fn) / n, tpr = recall = sensitivity tp / rp,
    tnr = specificity tn / rn, fpr fp / rn, fnr fn / rp, precision tp / pp, npv tn / pn,
    ``fbeta(b)`` (1 + b²) tp / ((1 + b²) tp + b² fn + fp), f1, g_mean sqrt(P R),
    min_pr min(P, R), mean_pr (P + R) / 2, informedness TPR − FPR, markedness
    PPV + NPV − 1, mcc (tp tn − fp fn) / sqrt(pp pn rp rn), prevalence rp / n and
    q0 max(rp, rn) / n.

    Examples
    --------
    >>> from rankscore import BinaryConfusion
    >>> c = BinaryConfusion(tp=10, fp=20, fn=90, tn=10000)
    >>> round(c.accuracy, 4), round(c.precision, 4), c.recall, round(c.q0, 4)
    (0.9891, 0.3333, 0.1, 0.9901)
    >>> c.to_array()
    array([[   10,    90],
           [   20, 10000]])
    """

    tp: float
    fp: float
    fn: float
    tn: float
    threshold: float | None = None

    def __post_init__(self) -> None:
        for name in ("tp", "fp", "fn", "tn"):
            value = getattr(self, name)
            as_real(value, name, "a count (a real number)")  # also: not beyond float64
            if not (value >= 0 and is_finite(value)):  # NaN fails both
                raise ValueError(f"{name} must be a finite count >= 0, got {quoted(value)}")
            if isinstance(value, np.generic):  # Python numbers: uint64 sums would wrap
                object.__setattr__(self, name, value.item())
        t = self.threshold
        if t is not None and math.isnan(as_real(t, "threshold", "None or a real number")):
            raise ValueError("threshold is NaN")
        if isinstance(t, np.generic):
            object.__setattr__(self, "threshold", t.item())

    # ---- margins
    @property
    def n(self) -> float:
        """All samples (total weight): tp + fp + fn + tn."""
        return self.tp + self.fp + self.fn + self.tn

    @property
    def positives(self) -> float:
        """Real positives rp = tp + fn."""
        return self.tp + self.fn

    @property
    def negatives(self) -> float:
        """Real negatives rn = fp + tn."""
        return self.fp + self.tn

    @property
    def predicted_positives(self) -> float:
        """Predicted positives pp = tp + fp."""
        return self.tp + self.fp

    @property
    def predicted_negatives(self) -> float:
        """Predicted negatives pn = fn + tn."""
        return self.fn + self.tn

    # ---- rates
    @property
    def accuracy(self) -> float:
        """(tp + tn) / n."""
        return _ratio(self.tp + self.tn, self.n)

    @property
    def error_rate(self) -> float:
        """(fp + fn) / n."""
        return _ratio(self.fp + self.fn, self.n)

    @property
    def tpr(self) -> float:
        """True positive rate = recall = sensitivity: tp / (tp + fn)."""
        return _ratio(self.tp, self.positives)

    recall = sensitivity = tpr

    @property
    def tnr(self) -> float:
        """True negative rate = specificity: tn / (tn + fp)."""
        return _ratio(self.tn, self.negatives)

    specificity = tnr

    @property
    def fpr(self) -> float:
        """False positive rate: fp / (tn + fp)."""
        return _ratio(self.fp, self.negatives)

    @property
    def fnr(self) -> float:
        """False negative rate: fn / (tp + fn)."""
        return _ratio(self.fn, self.positives)

    @property
    def precision(self) -> float:
        """Precision = PPV (confidence of a positive answer): tp / (tp + fp)."""
        return _ratio(self.tp, self.predicted_positives)

    ppv = precision

    @property
    def npv(self) -> float:
        """Negative predictive value (confidence of a negative answer): tn / (tn + fn)."""
        return _ratio(self.tn, self.predicted_negatives)

    def fbeta(self, beta: float) -> float:
        """F-beta = (1 + b²) P R / (b² P + R) = (1 + b²) tp / ((1 + b²) tp + b² fn + fp)."""
        beta = _check_beta(beta)
        if math.isinf(beta):
            return self.recall
        b2 = beta * beta
        return _ratio((1 + b2) * self.tp, (1 + b2) * self.tp + b2 * self.fn + self.fp)

    @property
    def f1(self) -> float:
        """F1 = 2 P R / (P + R) = 2 tp / (2 tp + fn + fp)."""
        return self.fbeta(1.0)

    @property
    def g_mean(self) -> float:
        """G = sqrt(P R) = tp / sqrt((tp + fp)(tp + fn)), the Fowlkes–Mallows index
        (:ref:`def-f-scores`)."""
        if self.tp == 0:
            return math.nan if self.predicted_positives == 0 and self.positives == 0 else 0.0
        return self.tp / math.sqrt(self.predicted_positives * self.positives)

    @property
    def min_pr(self) -> float:
        """M = min(P, R)."""
        return min(self.precision, self.recall) if self._pr_defined else math.nan

    @property
    def mean_pr(self) -> float:
        """A = (P + R) / 2."""
        return (self.precision + self.recall) / 2

    @property
    def _pr_defined(self) -> bool:
        return self.predicted_positives != 0 and self.positives != 0

    @property
    def informedness(self) -> float:
        """Youden's J = TPR + TNR − 1 = TPR − FPR."""
        return self.tpr + self.tnr - 1

    youden = informedness

    @property
    def markedness(self) -> float:
        """PPV + NPV − 1."""
        return self.precision + self.npv - 1

    @property
    def mcc(self) -> float:
        """Matthews correlation (tp tn − fp fn) / sqrt(pp pn rp rn); 0 if a margin is 0.

        It does not depend on the counts' scale, so weighted (float) or huge counts are
        divided by the largest first: products of counts of 1e-200 or 1e200 would under-
        or overflow."""
        tp, fp, fn, tn = counts = (self.tp, self.fp, self.fn, self.tn)
        top = max(counts)
        if not isinstance(top, float) and top <= 2**53:  # exact int product, rounded once
            den = math.sqrt((tp + fp) * (fn + tn) * (tp + fn) * (fp + tn))
        else:
            tp, fp, fn, tn = (float(c) / top for c in counts)
            den = (math.sqrt(tp + fp) * math.sqrt(fn + tn) * math.sqrt(tp + fn)
                   * math.sqrt(fp + tn))
        return (tp * tn - fp * fn) / den if den else 0.0

    @property
    def prevalence(self) -> float:
        """Share of real positives (tp + fn) / n."""
        return _ratio(self.positives, self.n)

    @property
    def q0(self) -> float:
        """Majority-class rate max(rp, rn) / n: the accuracy any sensible model must beat."""
        return _ratio(max(self.positives, self.negatives), self.n)

    # ---- views
    _RATES = (
        "accuracy", "error_rate", "tpr", "tnr", "fpr", "fnr", "precision", "npv", "f1",
        "g_mean", "min_pr", "mean_pr", "informedness", "markedness", "mcc", "prevalence", "q0",
    )  # fmt: skip

    def to_dict(self) -> dict[str, Any]:
        """Counts, ``n``, ``threshold`` and every rate (``tpr`` is also recall/sensitivity)."""
        out: dict[str, Any] = {"threshold": self.threshold}
        out.update(tp=self.tp, fp=self.fp, fn=self.fn, tn=self.tn, n=self.n)
        out.update({name: float(getattr(self, name)) for name in self._RATES})
        return out

    def to_array(self) -> np.ndarray:
        """The positive-first layout ``[[tp, fn], [fp, tn]]``, rows = actual (:ref:`def-layout`).
        """
        return np.array([[self.tp, self.fn], [self.fp, self.tn]])

    def table(self) -> str:
        """The 2×2 table as text, positive first (rows = actual, columns = predicted)."""
        cells = [[self.tp, self.fn], [self.fp, self.tn]]
        text = [[_count_text(v) for v in row] for row in cells]
        width = max(11, *(len(t) for row in text for t in row))
        lines = [f"{'':10}{'predicted +':>{width}}  {'predicted -':>{width}}"]
        for name, row in zip(("actual +", "actual -"), text):
            lines.append(f"{name:10}{row[0]:>{width}}  {row[1]:>{width}}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}={_count_text(getattr(self, k))}" for k in ("tp", "fp", "fn", "tn"))
        at = "" if self.threshold is None else f", threshold={self.threshold:g}"
        rates = ", ".join(
            f"{k}={getattr(self, k):.4g}" for k in ("accuracy", "precision", "recall", "f1")
        )
        return f"BinaryConfusion({counts}{at}; {rates})"


def _count_text(v: float) -> str:
    return str(v) if isinstance(v, (int, np.integer)) else f"{v:g}"


def _check_beta(beta: Any) -> float:
    return check_real(beta, "beta", low=0)


def binary_confusion(
    y_true: Any,
    y_score_or_pred: Any,
    *,
    threshold: float | None = None,
    pos_label: Any = None,
    sample_weight: Any = None,
) -> BinaryConfusion:
    """Counts of a binary classifier, as a :class:`BinaryConfusion` with every rate.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        True labels (numbers, bools or strings): two classes, or any number with
        ``pos_label`` (that class against the rest).
    y_score_or_pred : array-like of shape (n_samples,)
        With ``threshold``: scores, predicted positive when ``score >= threshold``.
        Without: hard predictions with the same labels as ``y_true``.
    threshold : float, optional
        Score threshold (compared in float64, also for float32 scores).
    pos_label : label, optional
        The positive class; needed unless the labels are {0, 1}, {-1, 1} or bools
        (then 1 / True), as scikit-learn's ``pos_label`` rule.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights; the counts become weight sums (floats).

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
    tn = #(y ≠ pos and s < t). With scores it is one typed pass over the data.

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
    >>> print(c.table())
              predicted +  predicted -
    actual +            6            3
    actual -            2            9
    """
    yt = as_labels(y_true, "y_true")
    if threshold is None:
        yp = as_labels(y_score_or_pred, "y_pred")
        n = check_same_length(y_true=yt, y_pred=yp)
        if is_string(yt) != is_string(yp):
            raise ValueError("y_true and y_pred mix string and number labels")
        yt, yp = common_labels(yt, yp)
        classes = np.unique(np.concatenate([distinct_labels(yt), distinct_labels(yp)]))
        pos = pos_label_of(classes, pos_label, "y_true/y_pred")
        positive, predicted = positive_mask(yt, pos), positive_mask(yp, pos)
        w = _check_weight(sample_weight, n)
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
        *counts, lo, hi = kernels.threshold_confusion(codes, pos_code, score, threshold)
        counts = [int(c) for c in counts]
    else:
        *counts, lo, hi = kernels.threshold_confusion_weighted(codes, pos_code, score,
                                                               threshold, w)  # fmt: skip
        counts = [float(c) for c in counts]
        if not any(counts):
            _check_weight(w, n)  # raises: every weight is zero
    if read_by_kernel:  # check the integer labels from their range
        check_label_range(yt, pos_label, lo, hi, any_positive=counts[0] + counts[2] > 0)
    return BinaryConfusion(*counts, threshold=threshold)


# ---------------------------------------------------------------------------------------
# scikit-learn-named functions, all on _class_counts


def precision_recall_fscore_support(
    y_true: Any,
    y_pred: Any,
    *,
    beta: float = 1.0,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = None,
    warn_for: Sequence[str] = ("precision", "recall", "f-score"),
    sample_weight: Any = None,
    zero_division: Any = "warn",
):
    """Precision, recall, F-beta and support per class or averaged (scikit-learn's).

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    beta : float, default 1.0
        Weight of recall in the F-score.
    labels : array-like, optional
        Classes (column indices for indicator matrices) to report, in this order (default:
        sorted union of the labels, or every column).
    pos_label : label, default 1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None
        None: per-class arrays; "micro": from summed counts; "macro": plain mean over
        classes; "weighted": mean weighted by support; "samples" (multilabel targets
        only): each sample's score over its labels, averaged with ``sample_weight``.
    warn_for : sequence of str
        Which metrics warn on zero division.
    sample_weight : array-like, optional
        Non-negative weights.
    zero_division : {"warn", 0.0, 1.0, np.nan}, default "warn"
        Value of a 0/0 metric; "warn" = 0.0 with an :class:`UndefinedMetricWarning`.

    Returns
    -------
    precision, recall, fbeta : float or ndarray
    support : ndarray or None
        Real positives per class (None when averaged).

    Notes
    -----
    P = tp / (tp + fp), R = tp / (tp + fn), F = (1 + b²) tp / ((1 + b²) tp + b² fn + fp),
    per class one-vs-rest.

    Examples
    --------
    >>> from rankscore import precision_recall_fscore_support
    >>> y_true = ["cat", "dog", "pig", "cat", "dog", "pig"]
    >>> y_pred = ["cat", "pig", "dog", "cat", "cat", "dog"]
    >>> p, r, f, s = precision_recall_fscore_support(y_true, y_pred, average="macro")
    >>> round(p, 3), round(r, 3), round(f, 3), s
    (0.222, 0.333, 0.267, None)
    """
    beta = _check_beta(beta)
    _, tp, fp, fn, _, weights = _set_wise(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight,
    )  # fmt: skip
    precision = _divide(
        tp, tp + fp, "Precision is", "predicted", average, "precision" in warn_for, zero_division
    )
    recall = _divide(
        tp, tp + fn, "Recall is", "true", average, "recall" in warn_for, zero_division
    )
    f = _fscore(tp, fp, fn, beta, average, "f-score" in warn_for, zero_division)
    support = tp + fn
    if average is None:
        return precision, recall, f, support
    return (
        _finish(precision, weights, average),
        _finish(recall, weights, average),
        _finish(f, weights, average),
        None,
    )


_SHARED_DOC = """
    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted class labels (numbers, bools or strings), or label-indicator
        matrices (dense 0/1 or scipy.sparse; one column per label).
    labels : array-like, optional
        Classes (column indices for indicator matrices) to include, in this order
        (default: sorted union of the labels, or every column).
    pos_label : label, default 1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default "binary"
        None: one value per class; "micro": from counts summed over classes; "macro":
        plain mean over classes; "weighted": mean weighted by support (real positives);
        "samples" (multilabel targets only): each sample's value over its labels,
        averaged with ``sample_weight``.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    zero_division : {"warn", 0.0, 1.0, np.nan}, default "warn"
        Value of a 0/0 metric; "warn" means 0.0 with an :class:`UndefinedMetricWarning`.
"""


def _one_metric(name, y_true, y_pred, labels, pos_label, average, sample_weight,
                zero_division, beta=1.0):  # fmt: skip
    _, tp, fp, fn, tn, weights = _set_wise(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight,
    )  # fmt: skip
    if name == "precision":
        value = _divide(tp, tp + fp, "Precision is", "predicted", average, True, zero_division)
    elif name == "recall":
        value = _divide(tp, tp + fn, "Recall is", "true", average, True, zero_division)
    elif name == "specificity":
        value = _divide(tn, tn + fp, "Specificity is", "negative", average, True, zero_division)
    elif name == "npv":
        value = _divide(
            tn, tn + fn, "NPV is", "predicted negative", average, True, zero_division
        )
    elif name == "g_mean":
        value = _g_mean(tp, fp, fn, average, True, zero_division)
    else:
        value = _fscore(tp, fp, fn, beta, average, True, zero_division)
    return _finish(value, weights, average)


def precision_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """Precision tp / (tp + fp), as ``sklearn.metrics.precision_score``.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    Per class l (one-vs-rest counts): ``P_l = tp_l / (tp_l + fp_l)``; "micro" is
    ``Σ tp / Σ (tp + fp)``, "macro" ``mean_l P_l``, "weighted" ``Σ_l s_l P_l / Σ_l s_l``
    with support ``s_l = tp_l + fn_l``. 0/0 (no predicted sample of l) gives
    ``zero_division``.

    Examples
    --------
    >>> from rankscore import precision_score
    >>> round(precision_score([0, 1, 2, 0, 1, 2], [0, 2, 1, 0, 0, 1], average="macro"), 4)
    0.2222
    """
    return _one_metric("precision", y_true, y_pred, labels, pos_label, average,
                       sample_weight, zero_division)  # fmt: skip


def recall_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """Recall = sensitivity = TPR, tp / (tp + fn), as ``sklearn.metrics.recall_score``.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    Per class l (one-vs-rest counts): ``R_l = tp_l / (tp_l + fn_l)``; averages as for
    :func:`precision_score`. 0/0 (no true sample of l) gives ``zero_division``.

    Examples
    --------
    >>> from rankscore import recall_score
    >>> recall_score([0, 1, 1, 1], [0, 1, 0, 1])
    0.6666666666666666
    """
    return _one_metric("recall", y_true, y_pred, labels, pos_label, average,
                       sample_weight, zero_division)  # fmt: skip


def fbeta_score(
    y_true: Any,
    y_pred: Any,
    *,
    beta: float,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """F-beta = (1 + b²) P R / (b² P + R), as ``sklearn.metrics.fbeta_score``.
    {shared}
    beta : float
        b < 1 favours precision, b > 1 recall; 0 gives precision, inf recall.

    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    Computed as (1 + b²) tp / ((1 + b²) tp + b² fn + fp): 0/0 only when a class has
    neither real nor predicted samples.

    Examples
    --------
    >>> from rankscore import fbeta_score
    >>> round(fbeta_score([0, 1, 1, 1], [1, 1, 0, 1], beta=2), 4)
    0.6667
    """
    return _one_metric("f", y_true, y_pred, labels, pos_label, average, sample_weight,
                       zero_division, beta=_check_beta(beta))  # fmt: skip


def f1_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """F1 = 2 P R / (P + R), as ``sklearn.metrics.f1_score``.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    ``F1 = 2 P R / (P + R) = 2 tp / (2 tp + fn + fp)`` per class (the count form, so F1
    is 0, not undefined, when tp = 0 but the class was predicted or present); 0/0 only
    for a class with neither true nor predicted samples. "macro" averages the per-class
    F1 values (not F1 of the averaged P and R).

    Examples
    --------
    P = 0.4, R = 0.5 gives F = 0.444 (tp 2, fp 3, fn 2; :ref:`def-f-scores`):

    >>> from rankscore import f1_score
    >>> round(f1_score([1, 1, 0, 0, 0, 1, 1], [1, 1, 1, 1, 1, 0, 0]), 3)
    0.444
    """
    return _one_metric("f", y_true, y_pred, labels, pos_label, average, sample_weight,
                       zero_division)  # fmt: skip


def specificity_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """Specificity = TNR, tn / (tn + fp), with scikit-learn's conventions.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    Per class one-vs-rest; "weighted" weighs by the class support (real positives), as for
    the other scores. Warns "no negative samples" on 0/0.

    Examples
    --------
    >>> from rankscore import specificity_score
    >>> round(specificity_score([0, 0, 0, 1], [0, 1, 0, 1]), 4)
    0.6667
    """
    return _one_metric("specificity", y_true, y_pred, labels, pos_label, average,
                       sample_weight, zero_division)  # fmt: skip


def npv_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """Negative predictive value tn / (tn + fn), with scikit-learn's conventions.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    Per class l one-vs-rest: ``NPV_l = tn_l / (tn_l + fn_l)``, the confidence of a
    negative answer (:ref:`def-rates`); "weighted" weighs by the support ``tp_l + fn_l`` as the
    other scores. Warns "no predicted negative samples" on 0/0.

    Examples
    --------
    >>> from rankscore import npv_score
    >>> round(npv_score([0, 1, 0, 1], [0, 0, 0, 1]), 4)
    0.6667
    """
    return _one_metric("npv", y_true, y_pred, labels, pos_label, average, sample_weight,
                       zero_division)  # fmt: skip


def g_mean_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """G = sqrt(precision × recall) (:ref:`def-f-scores`), with scikit-learn's conventions.
    {shared}
    Returns
    -------
    float or ndarray of shape (n_labels,)

    Notes
    -----
    G = sqrt(P R) = tp / sqrt((tp + fp)(tp + fn)) (the Fowlkes–Mallows index). Not
    imbalanced-learn's ``geometric_mean_score``, which is sqrt(sensitivity × specificity).
    Like F it is 0 when tp = 0, and 0/0 only for a class with neither real nor predicted
    samples. "micro" uses the summed counts.

    Examples
    --------
    P = 0.9, R = 0.1 gives G = 0.3 (tp 9, fp 1, fn 81; :ref:`def-f-scores`):

    >>> from rankscore import g_mean_score
    >>> y_true = [1] * 90 + [0]
    >>> y_pred = [1] * 9 + [0] * 81 + [1]
    >>> round(g_mean_score(y_true, y_pred), 4)
    0.3
    """
    return _one_metric("g_mean", y_true, y_pred, labels, pos_label, average,
                       sample_weight, zero_division)  # fmt: skip


for _f in (precision_score, recall_score, fbeta_score, f1_score, specificity_score,
           npv_score, g_mean_score):  # fmt: skip
    _f.__doc__ = _f.__doc__.replace("    {shared}\n", _SHARED_DOC)
del _f


def accuracy_score(
    y_true: Any, y_pred: Any, *, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Share (or number, ``normalize=False``) of correct predictions, as scikit-learn's.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    normalize : bool, default True
        False returns the (weighted) number of correct predictions.
    sample_weight : array-like, optional
        Non-negative weights.

    Returns
    -------
    float

    See Also
    --------
    zero_one_loss : 1 − accuracy.
    hamming_loss : the share of wrong labels, for multilabel targets.

    Notes
    -----
    accuracy = (tp + tn) / n in the binary case. On imbalanced data compare it with the
    majority-class rate ``BinaryConfusion.q0``. For multilabel targets it is the subset
    accuracy: a sample counts as correct only when its whole row of labels is.

    Examples
    --------
    >>> from rankscore import accuracy_score
    >>> accuracy_score([0, 1, 2, 3], [0, 2, 1, 3])
    0.5
    >>> import numpy as np
    >>> accuracy_score(np.array([[0, 1], [1, 1]]), np.ones((2, 2)))   # subset accuracy
    0.5
    """
    check_flag(normalize, "normalize")
    ml = read_pair(y_true, y_pred, sample_weight)
    if ml is None:
        _, _, yt, yp, w = _targets(y_true, y_pred, sample_weight)
        correct = yt == yp
    else:  # no false positive and no false negative in the row
        w, cells = ml.weight, ml.sample_cells
        correct = (cells[:, 1] == 0) & (cells[:, 2] == 0)
    if not normalize:
        return float(correct.sum() if w is None else np.dot(correct, w))
    if w is None:
        return float(correct.mean())
    return float(np.average(correct, weights=w))


def balanced_accuracy_score(
    y_true: Any, y_pred: Any, *, sample_weight: Any = None, adjusted: bool = False
) -> float:
    """Mean recall over the classes of ``y_true``, as scikit-learn's.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    sample_weight : array-like, optional
        Non-negative weights.
    adjusted : bool, default False
        Rescale so that chance scores 0 and perfect 1: (score − 1/K) / (1 − 1/K); nan
        when y_true has one class (scikit-learn divides by zero there).

    Returns
    -------
    float

    Notes
    -----
    mean over classes l in y_true of C[l, l] / Σ_j C[l, j]; classes only predicted are
    skipped with a ``UserWarning`` (scikit-learn's behaviour). For two classes it is
    (TPR + TNR) / 2.

    Examples
    --------
    >>> from rankscore import balanced_accuracy_score
    >>> balanced_accuracy_score([0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 0, 1])
    0.625
    """
    _, present, yt, yp, w = _targets(y_true, y_pred, sample_weight)
    tp, _, fn, _ = _class_counts(yt, yp, w, present, present)
    with np.errstate(divide="ignore", invalid="ignore"):
        per_class = tp / (tp + fn)
    if np.isnan(per_class).any():
        warnings.warn("y_pred contains classes not in y_true", UserWarning, stacklevel=2)
        per_class = per_class[~np.isnan(per_class)]
    score = float(per_class.mean())
    if adjusted:  # undefined (nan) for a single class
        chance = 1 / len(per_class)
        score = (score - chance) / (1 - chance) if chance < 1 else math.nan
    return score


def matthews_corrcoef(y_true: Any, y_pred: Any, *, sample_weight: Any = None) -> float:
    """Matthews correlation coefficient (multiclass R_K), as scikit-learn's.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,)
        True and predicted labels.
    sample_weight : array-like, optional
        Non-negative weights.

    Returns
    -------
    float
        In [-1, 1]; 0 when the denominator is 0 (scikit-learn's convention).

    Notes
    -----
    With t_k, p_k the true and predicted counts of class k, c correct of s samples:
    MCC = (c s − Σ t_k p_k) / sqrt((s² − Σ p_k²)(s² − Σ t_k²)); for two classes
    (tp tn − fp fn) / sqrt(pp pn rp rn). MCC does not depend on the weights' scale, but
    this formula's fourth powers under- or overflow for weights far from 1 (scikit-learn
    gives 0.0 for uniform weights of 1e-100), so the weights are first divided by their
    maximum (uniform weights then give exactly the unweighted value); otherwise it is
    scikit-learn's formula.

    Examples
    --------
    >>> from rankscore import matthews_corrcoef
    >>> round(matthews_corrcoef([1, 1, 1, -1], [1, -1, 1, 1]), 4)
    -0.3333
    """
    _, present, yt, yp, w = _targets(y_true, y_pred, sample_weight)
    if w is not None:  # MCC does not depend on the weights' scale; its products do
        w = w / w.max()
    ti, pi = np.searchsorted(present, yt), np.searchsorted(present, yp)
    tp, t_sum, p_sum, _ = _index_sums(ti, pi, w, len(present))
    t_sum, p_sum = t_sum.astype(np.float64), p_sum.astype(np.float64)
    n_correct = float(tp.sum())
    n_samples = p_sum.sum()
    cov_ytyp = n_correct * n_samples - np.dot(t_sum, p_sum)
    # each variance from its own sums: one class only (one nonzero sum) gives exactly 0, as
    # scikit-learn's sums of one confusion matrix do; row sums rebuilt as tp + (row - tp)
    # left rounding noise, and MCC came out as 1e-8 instead of 0
    cov_ypyp = n_samples**2 - np.dot(p_sum, p_sum)
    cov_ytyt = t_sum.sum() ** 2 - np.dot(t_sum, t_sum)
    den = cov_ypyp * cov_ytyt
    return 0.0 if den <= 0 else float(cov_ytyp / np.sqrt(den))  # < 0: rounding of a 0


def classification_report(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    target_names: Sequence[str] | None = None,
    sample_weight: Any = None,
    digits: int = 2,
    output_dict: bool = False,
    zero_division: Any = "warn",
):
    """Text (or dict) report of precision, recall, F1 and support, as scikit-learn's.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        True and predicted labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    labels : array-like, optional
        Classes (column indices for indicator matrices) to report, in this order.
    target_names : sequence of str, optional
        Display names of ``labels``.
    sample_weight : array-like, optional
        Non-negative weights.
    digits : int, default 2
        Digits of the floats in the text (the dict keeps full precision).
    output_dict : bool, default False
        Return a nested dict instead of text.
    zero_division : {"warn", 0.0, 1.0, np.nan}, default "warn"
        Value of a 0/0 metric.

    Returns
    -------
    str or dict
        Per class and "accuracy" (micro average when all labels are reported, else
        "micro avg"), "macro avg", "weighted avg", and for multilabel targets "micro avg"
        and "samples avg" — the same text and keys as scikit-learn.

    Notes
    -----
    Each row is :func:`precision_recall_fscore_support` with ``average=None`` for that
    label: P = tp / (tp + fp), R = tp / (tp + fn), F1 = 2 tp / (2 tp + fn + fp),
    support = tp + fn. The summary rows use ``average="micro"`` (shown as "accuracy",
    Σ tp / n, when every label is reported), ``"macro"`` and ``"weighted"``.

    Examples
    --------
    >>> from rankscore import classification_report
    >>> print(classification_report([0, 1, 2, 2, 2], [0, 0, 2, 2, 1]))
                  precision    recall  f1-score   support
    <BLANKLINE>
               0       0.50      1.00      0.67         1
               1       0.00      0.00      0.00         1
               2       1.00      0.67      0.80         3
    <BLANKLINE>
        accuracy                           0.60         5
       macro avg       0.50      0.56      0.49         5
    weighted avg       0.70      0.60      0.61         5
    <BLANKLINE>
    """
    if isinstance(digits, bool) or not isinstance(digits, numbers.Integral) or digits < 0:
        raise ValueError(f"digits must be an integer >= 0, got {quoted(digits)}")
    ml = read_pair(y_true, y_pred, sample_weight)
    if ml is None:
        _, present, _, _, _ = _targets(y_true, y_pred, sample_weight)
    else:  # counted once here; every row below reads these counts
        present, y_true, y_pred = np.arange(ml.n_labels), ml, None
    if labels is None:
        lab, labels_given = present, False
    elif ml is None:
        lab, labels_given = _check_labels(labels, present), True
    else:
        lab, labels_given = _multilabel_labels(labels, ml.n_labels), True
    micro_is_accuracy = ml is None and (
        not labels_given or set(lab.tolist()) >= set(present.tolist())
    )
    if target_names is not None and len(lab) != len(target_names):
        if labels_given:
            warnings.warn(
                f"labels size, {len(lab)}, does not match size of target_names,"
                f" {len(target_names)}",
                UserWarning,
                stacklevel=2,
            )
        else:
            raise ValueError(
                f"Number of classes, {len(lab)}, does not match size of target_names,"
                f" {len(target_names)}. Try specifying the labels parameter"
            )
    if target_names is None:
        target_names = [str(v) for v in lab.tolist()]
    headers = ["precision", "recall", "f1-score", "support"]
    common = dict(labels=lab, sample_weight=sample_weight, zero_division=zero_division)
    p, r, f1, s = precision_recall_fscore_support(y_true, y_pred, average=None, **common)
    rows = list(zip(target_names, p, r, f1, s))
    report_dict: dict[str, Any] = {}
    if output_dict:
        for name, *scores in rows:
            report_dict[name] = dict(zip(headers, [float(v) for v in scores]))
    else:
        width = max(max(len(cn) for cn in target_names), len("weighted avg"), digits)
        head_fmt = "{:>{width}s} " + " {:>9}" * len(headers)
        report = head_fmt.format("", *headers, width=width) + "\n\n"
        row_fmt = "{:>{width}s} " + " {:>9.{digits}f}" * 3 + " {:>9}\n"
        for row in rows:
            report += row_fmt.format(*row, width=width, digits=digits)
        report += "\n"
    for average in ("micro", "macro", "weighted") + (() if ml is None else ("samples",)):
        heading = "accuracy" if average == "micro" and micro_is_accuracy else average + " avg"
        avg_p, avg_r, avg_f1, _ = precision_recall_fscore_support(
            y_true, y_pred, average=average, **common
        )
        avg = [avg_p, avg_r, avg_f1, np.sum(s)]
        if output_dict:
            report_dict[heading] = dict(zip(headers, [float(v) for v in avg]))
        elif heading == "accuracy":
            fmt = "{:>{width}s} " + " {:>9.{digits}}" * 2 + " {:>9.{digits}f}" + " {:>9}\n"
            report += fmt.format(heading, "", "", *avg[2:], width=width, digits=digits)
        else:
            report += row_fmt.format(heading, *avg, width=width, digits=digits)
    if output_dict:
        if "accuracy" in report_dict:
            report_dict["accuracy"] = report_dict["accuracy"]["precision"]
        return report_dict
    return report


# ---------------------------------------------------------------------------------------
# multilabel confusion matrix and the neighbours of accuracy


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
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Class labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
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
    _, tp, fp, fn, tn, _ = _set_wise(
        y_true if ml is None else ml, y_pred, labels=labels, pos_label=None,
        average="samples" if samplewise else None, sample_weight=sample_weight,
    )  # fmt: skip
    weighted = (ml.weight if ml is not None else sample_weight) is not None
    cells = np.stack([tn, fp, fn, tp], axis=1).astype(np.float64 if weighted else np.int64)
    return cells.reshape(-1, 2, 2)


def hamming_loss(y_true: Any, y_pred: Any, *, sample_weight: Any = None) -> float:
    """Share of wrong labels, as ``sklearn.metrics.hamming_loss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Class labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.

    Returns
    -------
    float

    See Also
    --------
    zero_one_loss : a sample counts as wrong when any of its labels is.

    Notes
    -----
    Multilabel: ``Σ_i w_i (fp_i + fn_i) / (n_samples · n_labels · mean(w))``, the
    weighted share of wrong entries of the indicator matrix. 1-D labels: the
    (weighted) share of wrong predictions, ``1 − accuracy``.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore import hamming_loss
    >>> hamming_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> hamming_loss(np.array([[0, 1], [1, 1]]), np.zeros((2, 2)))
    0.75
    """
    ml = read_pair(y_true, y_pred, sample_weight)
    if ml is None:
        _, _, yt, yp, w = _targets(y_true, y_pred, sample_weight)
        return float(np.average(yt != yp, weights=w))
    wrong = ml.sample_cells[:, 1] + ml.sample_cells[:, 2]
    w = ml.weight
    if w is None:
        return float(wrong.sum()) / (ml.n_samples * ml.n_labels)
    return float(np.dot(wrong, w)) / (ml.n_samples * ml.n_labels * np.average(w))


def zero_one_loss(
    y_true: Any, y_pred: Any, *, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Share (or number) of wrong predictions, as ``sklearn.metrics.zero_one_loss``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Class labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    normalize : bool, default True
        False returns the (weighted) number of wrong predictions.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.

    Returns
    -------
    float

    See Also
    --------
    accuracy_score : the complement.

    Notes
    -----
    ``1 − accuracy_score`` (``Σ w − correct`` with ``normalize=False``); for multilabel
    targets a sample is wrong when any of its labels is (subset zero-one loss).

    Examples
    --------
    >>> from rankscore import zero_one_loss
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4])
    0.25
    >>> zero_one_loss([1, 2, 3, 4], [2, 2, 3, 4], normalize=False)
    1.0
    """
    score = accuracy_score(y_true, y_pred, normalize=normalize, sample_weight=sample_weight)
    if normalize:
        return 1 - score
    if sample_weight is not None:  # (validated by accuracy_score)
        return float(np.sum(np.asarray(sample_weight, dtype=np.float64)) - score)
    return float((y_true.shape[0] if hasattr(y_true, "shape") else len(y_true)) - score)


def jaccard_score(
    y_true: Any,
    y_pred: Any,
    *,
    labels: Any = None,
    pos_label: Any = 1,
    average: str | None = "binary",
    sample_weight: Any = None,
    zero_division: Any = "warn",
) -> float | np.ndarray:
    """Jaccard index tp / (tp + fp + fn), as ``sklearn.metrics.jaccard_score``.

    Parameters
    ----------
    y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
        Class labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
    labels : array-like, optional
        Labels (column indices for indicator matrices) to include, in this order.
    pos_label : label, default 1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default "binary"
        None: one value per label; "micro": from counts summed over labels; "macro":
        plain mean; "weighted": mean weighted by support; "samples" (multilabel): mean
        over samples of each sample's index.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    zero_division : {"warn", 0.0, 1.0}, default "warn"
        Value of a 0/0 index (a label neither true nor predicted); "warn" = 0.0 with an
        :class:`UndefinedMetricWarning`.

    Returns
    -------
    float or ndarray of shape (n_labels,)

    See Also
    --------
    f1_score : F1 = 2 J / (1 + J) per label.

    Notes
    -----
    ``J_l = |true_l ∩ pred_l| / |true_l ∪ pred_l| = tp_l / (tp_l + fp_l + fn_l)``
    per label (one-vs-rest), averaged as for :func:`precision_score`.

    Examples
    --------
    >>> import numpy as np
    >>> from rankscore import jaccard_score
    >>> y_true = np.array([[0, 1, 1], [1, 1, 0]])
    >>> y_pred = np.array([[1, 1, 1], [1, 0, 0]])
    >>> round(jaccard_score(y_true, y_pred, average="samples"), 4)
    0.5833
    >>> jaccard_score(y_true, y_pred, average=None)
    array([0.5, 0.5, 1. ])
    """
    value = _check_zero_division(zero_division)
    if isinstance(value, float) and math.isnan(value):
        raise ValueError("zero_division must be 'warn', 0.0 or 1.0 for jaccard_score (as in "
                         "scikit-learn), got nan")
    _, tp, fp, fn, _, weights = _set_wise(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight,
    )  # fmt: skip
    value = _divide(tp, tp + fp + fn, "Jaccard is", "true or predicted", average, True,
                    zero_division)  # fmt: skip
    return _finish(value, weights, average)


_KAPPA_WEIGHTS = (None, "linear", "quadratic")


def cohen_kappa_score(
    y1: Any,
    y2: Any,
    *,
    labels: Any = None,
    weights: str | None = None,
    sample_weight: Any = None,
    replace_undefined_by: float = np.nan,
) -> float:
    """Cohen's kappa: agreement of two raters beyond chance, as scikit-learn's.

    Parameters
    ----------
    y1, y2 : array-like of shape (n_samples,)
        The two raters' labels (the result does not depend on which is which).
    labels : array-like, optional
        The categories, in order (the order matters for ``weights``); default the sorted
        union. At least one must occur in ``y1``.
    weights : {None, "linear", "quadratic"}, default None
        Cost of a disagreement between categories i and j: 1, ``|i − j|`` or
        ``(i − j)²`` (positions in ``labels``).
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    replace_undefined_by : float in [-1, 1] or np.nan, default np.nan
        The value returned, with an :class:`UndefinedMetricWarning`, when kappa is 0/0.

    Returns
    -------
    float
        In [-1, 1]: 1 for full agreement, 0 for chance agreement.

    See Also
    --------
    confusion_matrix : the table kappa is computed from.

    Notes
    -----
    With C the confusion matrix, E = outer(column sums, row sums) / Σ C the table
    expected by chance and W the disagreement weights,
    ``κ = 1 − Σ W ∘ C / Σ W ∘ E``; unweighted this is ``(p_o − p_e) / (1 − p_e)``.

    Examples
    --------
    >>> from rankscore import cohen_kappa_score
    >>> round(cohen_kappa_score([0, 1, 1, 2, 2, 2], [0, 1, 2, 2, 2, 1]), 4)
    0.4545
    >>> round(cohen_kappa_score([0, 1, 1, 2, 2, 2], [0, 1, 2, 2, 2, 1],
    ...                         weights="quadratic"), 4)   # scikit-learn: 0.7
    0.7
    """
    if weights not in _KAPPA_WEIGHTS:
        raise ValueError(f"weights must be None, 'linear' or 'quadratic', got {quoted(weights)}")
    r = replace_undefined_by
    if isinstance(r, bool) or not isinstance(r, numbers.Real) or not (-1 <= r <= 1 or r != r):
        raise ValueError("replace_undefined_by must be a real number in [-1, 1] or np.nan, "
                         f"got {quoted(replace_undefined_by)}")
    try:
        confusion = confusion_matrix(y1, y2, labels=labels, sample_weight=sample_weight)
    except ValueError as e:
        if "At least one label specified must be in y_true" in str(e):
            raise ValueError(
                "At least one label in `labels` must be present in `y1` (even though "
                "`cohen_kappa_score` is otherwise agnostic to the order of `y1` and `y2`)."
            ) from e
        raise
    confusion = confusion.astype(np.float64)
    n_classes = confusion.shape[0]
    sum0, sum1 = confusion.sum(axis=0), confusion.sum(axis=1)
    total = sum0.sum()
    # both messages are scikit-learn's, word for word (filters may match them)
    if total == 0:  # no sample has both labels in `labels`
        warn_undefined_metric(
            "`y2` contains no labels that are present in both `y1` and `labels`."
            "`cohen_kappa_score` is undefined and set to the value defined by the "
            f"`replace_undefined_by` param, which is set to {replace_undefined_by}."
        )
        return replace_undefined_by
    expected = np.outer(sum0, sum1) / total
    if weights is None:
        w_mat = 1.0 - np.eye(n_classes)
    else:
        position = np.arange(n_classes, dtype=np.float64)
        distance = position[None, :] - position[:, None]
        w_mat = np.abs(distance) if weights == "linear" else distance**2
    denominator = np.sum(w_mat * expected)
    if denominator == 0:
        warn_undefined_metric(
            "`y1`, `y2` and `labels` have only one label in common. `cohen_kappa_score` is "
            "undefined and set to the value defined by the the `replace_undefined_by` "
            f"param, which is set to {replace_undefined_by}."
        )
        return replace_undefined_by
    return float(1 - np.sum(w_mat * confusion) / denominator)
