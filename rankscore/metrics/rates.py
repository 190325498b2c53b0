"""The rates of the confusion with scikit-learn's names and signatures: precision, recall,
F-scores, specificity, NPV, G-mean, accuracy, balanced accuracy and the classification
report (same labels handling, ``average``, ``pos_label`` and ``zero_division``)."""

from __future__ import annotations

import math
import numbers
import warnings
from functools import partial
from typing import Any, Sequence

import numpy as np

from .._docstrings import LABEL_VECTORS, fill_doc
from .._engine.class_counts import (check_labels_present, counts_per_class, finish_average,
                                    fscore, g_mean, label_targets, multilabel_labels, npv_rate,
                                    per_class_score, precision_rate, recall_rate,
                                    set_wise_counts, specificity_rate)
from .._engine.multilabel import read_pair
from .._engine.results import check_beta
from .._engine.validate import check_flag, quoted
from .confusion import confusion_matrix_alone

__all__ = [
    "accuracy_score", "precision_score", "recall_score", "f1_score", "fbeta_score",
    "precision_recall_fscore_support", "specificity_score", "npv_score", "g_mean_score",
    "balanced_accuracy_score", "classification_report"
]


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
) -> tuple[Any, Any, Any, Any]:
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
    beta = check_beta(beta)
    _, tp, fp, fn, tn, weights = set_wise_counts(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight,
    )  # fmt: skip
    counts = (tp, fp, fn, tn, average)
    precision = precision_rate(*counts, "precision" in warn_for, zero_division)
    recall = recall_rate(*counts, "recall" in warn_for, zero_division)
    f = fscore(*counts, "f-score" in warn_for, zero_division, beta)
    support = tp + fn
    if average is None:
        return precision, recall, f, support
    return (
        finish_average(precision, weights, average),
        finish_average(recall, weights, average),
        finish_average(f, weights, average),
        None,
    )


# the parameters and the return value of the per-class rates below (filled in by fill_doc)
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
_RETURNS = """
Returns
-------
float or ndarray of shape (n_labels,)
"""


def precision_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
                    average: str | None = "binary", sample_weight: Any = None,
                    zero_division: Any = "warn") -> float | np.ndarray:
    """Precision tp / (tp + fp), as ``sklearn.metrics.precision_score``.

    {shared}

    {returns}

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
    return per_class_score(precision_rate, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def recall_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
                 average: str | None = "binary", sample_weight: Any = None,
                 zero_division: Any = "warn") -> float | np.ndarray:
    """Recall = sensitivity = TPR, tp / (tp + fn), as ``sklearn.metrics.recall_score``.

    {shared}

    {returns}

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
    return per_class_score(recall_rate, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def fbeta_score(y_true: Any, y_pred: Any, *, beta: float, labels: Any = None, pos_label: Any = 1,
                average: str | None = "binary", sample_weight: Any = None,
                zero_division: Any = "warn") -> float | np.ndarray:
    """F-beta = (1 + b²) P R / (b² P + R), as ``sklearn.metrics.fbeta_score``.

    {shared}
    beta : float
        b < 1 favours precision, b > 1 recall; 0 gives precision, inf recall.

    {returns}

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
    f_beta = partial(fscore, beta=check_beta(beta))
    return per_class_score(f_beta, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def f1_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
             average: str | None = "binary", sample_weight: Any = None,
             zero_division: Any = "warn") -> float | np.ndarray:
    """F1 = 2 P R / (P + R), as ``sklearn.metrics.f1_score``.

    {shared}

    {returns}

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
    return per_class_score(fscore, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def specificity_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
                      average: str | None = "binary", sample_weight: Any = None,
                      zero_division: Any = "warn") -> float | np.ndarray:
    """Specificity = TNR, tn / (tn + fp), with scikit-learn's conventions.

    {shared}

    {returns}

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
    return per_class_score(specificity_rate, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def npv_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
              average: str | None = "binary", sample_weight: Any = None,
              zero_division: Any = "warn") -> float | np.ndarray:
    """Negative predictive value tn / (tn + fn), with scikit-learn's conventions.

    {shared}

    {returns}

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
    return per_class_score(npv_rate, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


def g_mean_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
                 average: str | None = "binary", sample_weight: Any = None,
                 zero_division: Any = "warn") -> float | np.ndarray:
    """G = sqrt(precision × recall) (:ref:`def-f-scores`), with scikit-learn's conventions.

    {shared}

    {returns}

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
    return per_class_score(g_mean, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


for _f in (precision_score, recall_score, fbeta_score, f1_score, specificity_score,
           npv_score, g_mean_score):  # fmt: skip
    fill_doc(shared=_SHARED_DOC, returns=_RETURNS)(_f)


del _f


def accuracy_score(
    y_true: Any, y_pred: Any = None, *, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Share (or number, ``normalize=False``) of correct predictions, as scikit-learn's;
    or the accuracy of a confusion matrix.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_labels), or a confusion matrix
        True labels, or a label-indicator matrix (dense 0/1 or scipy.sparse); or, when
        ``y_pred`` is omitted, a square confusion matrix of non-negative counts (rows =
        true class, columns = predicted class, as :func:`confusion_matrix` returns and
        :func:`rankscore.multiclass.per_class_metrics` takes).
    y_pred : array-like of shape (n_samples,) or (n_samples, n_labels), optional
        Predicted labels (required unless ``y_true`` is a confusion matrix).
    normalize : bool, default True
        False returns the (weighted) number of correct predictions.
    sample_weight : array-like, optional
        Non-negative weights (labels input only: weight a matrix's counts instead).

    Returns
    -------
    float

    See Also
    --------
    zero_one_loss : 1 − accuracy.
    hamming_loss : the share of wrong labels, for multilabel targets.

    Notes
    -----
    accuracy = (tp + tn) / n in the binary case; of a confusion matrix ``C``, trace(C) /
    ΣC (``normalize=False``: trace(C)). On imbalanced data compare it with the
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
    >>> accuracy_score([[5, 1, 0], [2, 3, 1], [0, 0, 4]])   # a confusion matrix
    0.75
    """
    check_flag(normalize, "normalize")
    if y_pred is None:
        matrix = confusion_matrix_alone(y_true, sample_weight)
        correct = np.trace(matrix)
        return float(correct) if not normalize else float(correct / matrix.sum())
    ml = read_pair(y_true, y_pred, sample_weight)
    if ml is None:
        _, _, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
        correct = yt == yp
    else:  # no false positive and no false negative in the row
        w, cells = ml.weight, ml.sample_cells
        correct = (cells[:, 1] == 0) & (cells[:, 2] == 0)
    if not normalize:
        return float(correct.sum() if w is None else np.dot(correct, w))
    if w is None:
        return float(correct.mean())
    return float(np.average(correct, weights=w))


@fill_doc(label_vectors=LABEL_VECTORS)
def balanced_accuracy_score(
    y_true: Any, y_pred: Any, *, sample_weight: Any = None, adjusted: bool = False
) -> float:
    """Mean recall over the classes of ``y_true``, as scikit-learn's.

    Parameters
    ----------
    {label_vectors}
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
    _, present, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
    tp, _, fn, _ = counts_per_class(yt, yp, w, present, present)
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
) -> str | dict[str, Any]:
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
        _, present, _, _, _ = label_targets(y_true, y_pred, sample_weight)
    else:  # counted once here; every row below reads these counts
        present, y_true, y_pred = np.arange(ml.n_labels), ml, None
    if labels is None:
        lab, labels_given = present, False
    elif ml is None:
        lab, labels_given = check_labels_present(labels, present), True
    else:
        lab, labels_given = multilabel_labels(labels, ml.n_labels), True
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
