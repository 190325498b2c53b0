"""One-vs-rest counts per class and their averages: the engine of the label metrics.

``class_counts`` counts tp, fp, fn and tn of every label against the rest in one pass
(``index_sums``: the diagonal, row and column sums of the confusion matrix); ``set_wise_counts``
applies scikit-learn's label logic (``labels``, ``pos_label``, ``average``; multilabel
targets through :mod:`rankscore._multilabel`) and returns the counts to average;
``divide_counts`` and the per-class rates (``precision_rate`` … ``fscore``, ``g_mean``) turn
them into rates with scikit-learn's ``zero_division`` rule and warning, and ``finish_average``
averages them; ``per_class_score`` is the three steps in one, the whole body of
``precision_score``, ``recall_score`` and their siblings. The public functions
(``precision_score``, ``f1_score``, ``classification_report`` …) are in
:mod:`rankscore.metrics`; :mod:`rankscore.multiclass` reads the same sums.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, Callable

import numpy as np

from .labels import as_labels, check_one_label, common_labels, is_string
from .multilabel import MultilabelCounts, columns, read_pair
from .validate import array_text, check_same_length, check_sample_weight, is_finite, quoted, quoted_list
from ..exceptions import warn_user

_AVERAGES = (None, "micro", "macro", "weighted", "samples")


# ---------------------------------------------------------------------------------------
# counting


def label_targets(
    y_true: Any, y_pred: Any, sample_weight: Any = None
) -> tuple[str, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """Validate a pair of label vectors: ``(y_type, present, y_true, y_pred, weight)``.

    ``present`` is the sorted union of the labels; ``y_type`` is ``"binary"`` for at most
    two labels, else ``"multiclass"`` (scikit-learn's rule for 1-D targets).
    """
    yt = as_labels(y_true, "y_true")
    yp = as_labels(y_pred, "y_pred")
    n = check_same_length(y_true=yt, y_pred=yp)
    w = check_label_weight(sample_weight, n)
    if is_string(yt) != is_string(yp):
        raise ValueError("y_true and y_pred mix string and number labels")
    yt, yp = common_labels(yt, yp)
    present = np.unique(np.concatenate([yt, yp]))
    return ("binary" if len(present) <= 2 else "multiclass"), present, yt, yp, w


def check_label_weight(sample_weight: Any, n: int) -> np.ndarray | None:
    w = check_sample_weight(sample_weight, n)
    if w is not None and not w.any():  # scikit-learn refuses it too
        raise ValueError("sample_weight is zero for every sample; nothing to count")
    return w


def check_labels_present(labels: Any, present: np.ndarray) -> np.ndarray:
    lab = np.asarray(labels)
    if lab.ndim != 1:
        raise ValueError(f"labels must be 1-D, got shape {lab.shape}")
    if lab.size == 0:
        raise ValueError("'labels' should contain at least one label.")
    if lab.dtype == object or lab.dtype.kind == "S":  # (bytes read as str, as y's are)
        lab = as_labels(lab, "labels")
    if is_string(lab) != is_string(present):
        raise ValueError("At least one label specified must be in y_true: labels "
                         f"[{quoted_list(lab.tolist())}] are not of the type of y's labels")
    if len(np.unique(lab)) != len(lab):
        raise ValueError(f"labels contains duplicates: [{quoted_list(lab.tolist())}]")
    return lab


def _locate(values: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """Index of each value in the sorted ``classes``, -1 where absent."""
    if is_string(values) != is_string(classes):  # e.g. pos_label=1 with string labels
        return np.full(len(values), -1, dtype=np.int64)
    values, classes = common_labels(values, classes, names="labels and y")
    pos = np.searchsorted(classes, values)
    clipped = np.minimum(pos, len(classes) - 1)
    return np.where((pos < len(classes)) & (classes[clipped] == values), clipped, -1)


def index_sums(ti: np.ndarray, pi: np.ndarray, w: np.ndarray | None,
               k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, Any]:
    """``(tp, true_sum, pred_sum, total)`` per class index ``0..k-1``: the diagonal, row sums
    and column sums of the confusion matrix, each summed directly, and its total. int64
    counts without weights, float64 sums with them."""
    hit = ti == pi
    if w is None:
        return (np.bincount(ti[hit], minlength=k), np.bincount(ti, minlength=k),
                np.bincount(pi, minlength=k), len(ti))
    tp, true_sum, pred_sum = (  # (bincount of nothing is int64 even with weights)
        np.bincount(i, weights=v, minlength=k).astype(np.float64)
        for i, v in ((ti[hit], w[hit]), (ti, w), (pi, w))
    )
    return tp, true_sum, pred_sum, float(w.sum())


def without_true_negatives(ti: np.ndarray, pi: np.ndarray, w: np.ndarray,
                           k: int) -> np.ndarray:
    """Per class index: True where no sample of positive weight is a true negative.

    With weights, tn = total − tp − fp − fn subtracts sums grouped differently, so where it
    should be 0 it is rounding noise (specificity = noise / noise = 1.0 instead of 0/0);
    this integer count says exactly where it is 0. (fp = pred_sum − tp and fn = true_sum − tp
    are exact 0 where empty: the same terms added in the same order.)
    """
    heavy = w > 0
    tp, true_n, pred_n, n = index_sums(ti[heavy], pi[heavy], None, k)
    empty: np.ndarray = n - true_n - pred_n + tp == 0
    return empty


def counts_per_class(
    yt: np.ndarray, yp: np.ndarray, w: np.ndarray | None, present: np.ndarray, labels: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One-vs-rest ``(tp, fp, fn, tn)`` arrays, one entry per label in ``labels`` order.

    tp = C[l, l], fn = row sum − tp, fp = column sum − tp, tn = total − tp − fn − fp
    (one-vs-rest); labels absent from the data count zero everywhere but tn. int64 when
    unweighted.
    """
    k = len(present)
    ti, pi = np.searchsorted(present, yt), np.searchsorted(present, yp)
    tp_all, true_all, pred_all, total = index_sums(ti, pi, w, k)
    where = _locate(labels, present)
    found = where >= 0

    def pick(counts: np.ndarray) -> np.ndarray:
        out = np.zeros(len(labels), dtype=counts.dtype)
        out[found] = counts[where[found]]
        return out

    tp, true_sum, pred_sum = pick(tp_all), pick(true_all), pick(pred_all)
    fp, fn = pred_sum - tp, true_sum - tp
    tn = total - tp - fp - fn
    if w is not None:
        tn[pick(without_true_negatives(ti, pi, w, k))] = 0.0
    return tp, fp, fn, tn


def label_indices(
    y_true: Any, y_pred: Any, labels: Any, sample_weight: Any
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
    """scikit-learn's confusion-matrix view of two label vectors: ``(lab, t, p, keep, w)``.

    ``lab`` are the classes (``labels`` in its order, default the sorted union), ``t`` and
    ``p`` the index of each sample's true and predicted label in ``lab`` (-1 when not
    listed), ``keep`` the samples with both listed, ``w`` the validated weights.
    """
    _, present, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
    lab = present if labels is None else check_labels_present(labels, present)
    index_of_present = np.full(len(present), -1, dtype=np.int64)
    where = _locate(lab, present)
    index_of_present[where[where >= 0]] = np.flatnonzero(where >= 0)
    t = index_of_present[np.searchsorted(present, yt)]
    p = index_of_present[np.searchsorted(present, yp)]
    if labels is not None and not (t >= 0).any():
        raise ValueError("At least one label specified must be in y_true")
    return lab, t, p, (t >= 0) & (p >= 0), w


# ---------------------------------------------------------------------------------------
# rates and averages (scikit-learn's label logic and zero_division)


def check_zero_division(zero_division: Any) -> float | str:
    """``"warn"`` as it is, or 0.0, 1.0 or NaN as a float."""
    if isinstance(zero_division, str):
        if zero_division == "warn":
            return zero_division
    elif isinstance(zero_division, numbers.Real) and not isinstance(zero_division, bool):
        if zero_division in (0, 1) or not is_finite(zero_division) and math.isnan(zero_division):
            return float(zero_division)
    raise ValueError("zero_division must be 'warn', 0.0, 1.0 or np.nan, got "
                     f"{quoted(zero_division)}")


def set_wise_counts(y_true: Any, y_pred: Any, *, labels: Any, pos_label: Any, average: Any,
                    sample_weight: Any) -> tuple[Any, ...]:
    """scikit-learn's set-wise label logic, then the one-vs-rest counts per label:
    ``(labels, tp, fp, fn, tn, averaging_weights)``; the weights of the average are the
    support for "weighted", the sample weights for "samples", else None."""
    if average not in _AVERAGES and average != "binary":
        raise ValueError("average has to be one of " + str(_AVERAGES))
    pos_label = check_one_label(pos_label)  # (bytes as str)
    ml = y_true if isinstance(y_true, MultilabelCounts) else \
        read_pair(y_true, y_pred, sample_weight)
    if ml is not None:
        return _set_wise_multilabel(ml, labels=labels, pos_label=pos_label, average=average)
    y_type, present, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
    if average == "binary":
        if y_type != "binary":
            raise ValueError(
                "Target is multiclass but average='binary'. Please choose another average"
                " setting, one of [None, 'micro', 'macro', 'weighted']."
            )
        if not any(p == pos_label for p in present.tolist()) and len(present) >= 2:
            raise ValueError(f"pos_label={quoted(pos_label)} is not a valid label. It should be "
                             f"one of {array_text(present)}")
        labels = [pos_label]
    else:
        _warn_pos_label_ignored(pos_label, average)
    if average == "samples":
        raise ValueError(
            "Samplewise metrics are not available outside of multilabel classification."
        )
    if labels is None:
        lab = present
    elif average == "binary":  # [pos_label]: absent or of another type -> counts zero
        lab = np.asarray(labels)
    else:
        lab = check_labels_present(labels, present)
    tp, fp, fn, tn = counts_per_class(yt, yp, w, present, lab)
    if average == "micro":
        tp, fp, fn, tn = (np.atleast_1d(a.sum()) for a in (tp, fp, fn, tn))
    return lab, tp, fp, fn, tn, (tp + fn if average == "weighted" else None)


def _warn_pos_label_ignored(pos_label: Any, average: Any) -> None:
    if pos_label not in (None, 1):
        warn_user(
            f"Note that pos_label (set to {quoted(pos_label)}) is ignored when average != "
            f"'binary' (got {quoted(average)}). You may use labels=[pos_label] to specify a "
            "single positive class.",
            UserWarning,
        )


def multilabel_labels(labels: Any, n_labels: int) -> np.ndarray:
    """An explicit ``labels`` of a multilabel target: column indices in [0, n_labels)."""
    lab = np.asarray(labels)
    if lab.ndim != 1 or lab.size == 0:
        raise ValueError("labels must be a non-empty 1-D list of column indices, got "
                         f"{quoted(labels)}")
    if lab.dtype.kind not in "iu" and not (lab.dtype.kind == "f" and
                                           np.all(lab == np.floor(lab))):
        raise ValueError("labels of a multilabel-indicator target are column indices "
                         f"(integers), got {lab.tolist()}")
    if lab.max() > n_labels - 1:
        raise ValueError("All labels must be in [0, n labels) for multilabel targets. "
                         f"Got {int(lab.max())} > {n_labels - 1}")
    if lab.min() < 0:
        raise ValueError("All labels must be in [0, n labels) for multilabel targets. "
                         f"Got {int(lab.min())} < 0")
    if len(np.unique(lab)) != len(lab):
        raise ValueError(f"labels contains duplicates: {lab.tolist()}")
    return lab.astype(np.intp)


def _samplewise_cells(ml: MultilabelCounts) -> tuple[Any, Any, Any, Any]:
    """Per-sample (tp, fp, fn, tn) as scikit-learn's samplewise multilabel confusion matrix:
    counts, or with weights each sample's counts times its weight (fp and fn as the
    difference of weighted sums, tn = w × n_labels − tp − fp − fn)."""
    tn, fp, fn, tp = ml.sample_cells.T
    if ml.weight is None:
        return tp, fp, fn, tn
    w = ml.weight
    tp_w, pred_w, true_w = tp * w, (tp + fp) * w, (tp + fn) * w
    fp_w, fn_w = pred_w - tp_w, true_w - tp_w
    return tp_w, fp_w, fn_w, w * ml.n_labels - tp_w - fp_w - fn_w


def _set_wise_multilabel(ml: MultilabelCounts, *, labels: Any, pos_label: Any,
                         average: Any) -> tuple[Any, ...]:
    """``set_wise_counts`` for a multilabel-indicator target: per label (column) or, with
    ``average="samples"``, per sample."""
    if average == "binary":
        raise ValueError(
            "Target is multilabel-indicator but average='binary'. Please choose another"
            " average setting, one of [None, 'micro', 'macro', 'weighted', 'samples']."
        )
    _warn_pos_label_ignored(pos_label, average)
    lab = np.arange(ml.n_labels) if labels is None else multilabel_labels(labels, ml.n_labels)
    if average == "samples":
        if labels is not None:  # each sample's counts over the chosen columns only
            ml = columns(ml, lab)
        tp, fp, fn, tn = _samplewise_cells(ml)
        return lab, tp, fp, fn, tn, ml.weight
    tn, fp, fn, tp = ml.label_cells[lab].T
    if average == "micro":
        tp, fp, fn, tn = (np.atleast_1d(a.sum()) for a in (tp, fp, fn, tn))
    return lab, tp, fp, fn, tn, (tp + fn if average == "weighted" else None)


def divide_counts(num: Any, den: Any, metric: str, modifier: str, average: Any, warn: bool,
                  zero_division: Any) -> Any:
    """num / den; where den = 0 the ``zero_division`` value, with scikit-learn's warning."""
    value = check_zero_division(zero_division)
    num, den = np.asarray(num, dtype=np.float64), np.asarray(den, dtype=np.float64)
    zero = den == 0
    result = num / np.where(zero, 1.0, den)
    if not zero.any():
        return result
    result[zero] = 0.0 if value == "warn" else value
    if value == "warn" and warn:
        # per sample ("samples") the missing items are labels, else samples
        item, group = ("label", "sample") if average == "samples" else ("sample", "label")
        where = "due to" if result.shape[0] == 1 else f"in {group}s with"
        warn_user(
            f"{metric} ill-defined and being set to 0.0 {where} no {modifier} {item}s. Use"
            " `zero_division` parameter to control this behavior."
        )
    return result


def _nanaverage(a: np.ndarray, weights: np.ndarray | None) -> float:
    mask = np.isnan(a)
    if a.shape[0] == 0 or mask.all():
        return math.nan
    a = a[~mask]
    if weights is None:
        return float(a.mean())
    weights = np.asarray(weights, dtype=np.float64)[~mask]
    return float(np.average(a, weights=weights) if weights.sum() else a.mean())


# A per-class rate: (tp, fp, fn, tn, average, warn, zero_division) -> one value per class, a
# 0/0 replaced by zero_division (with scikit-learn's warning when ``warn``)
PerClassRate = Callable[[Any, Any, Any, Any, Any, bool, Any], Any]


def count_ratio(parts: Callable[[Any, Any, Any, Any], tuple[Any, Any]], metric: str,
                modifier: str) -> PerClassRate:
    """The rate numerator / denominator, both read from (tp, fp, fn, tn) by ``parts``;
    ``metric`` and ``modifier`` word scikit-learn's 0/0 warning."""
    def rate(tp: Any, fp: Any, fn: Any, tn: Any, average: Any, warn: bool,
             zero_division: Any) -> Any:  # fmt: skip
        numerator, denominator = parts(tp, fp, fn, tn)
        return divide_counts(numerator, denominator, metric, modifier, average, warn,
                             zero_division)  # fmt: skip
    return rate


precision_rate = count_ratio(lambda tp, fp, fn, tn: (tp, tp + fp), "Precision is", "predicted")
recall_rate = count_ratio(lambda tp, fp, fn, tn: (tp, tp + fn), "Recall is", "true")
specificity_rate = count_ratio(lambda tp, fp, fn, tn: (tn, tn + fp), "Specificity is", "negative")
npv_rate = count_ratio(lambda tp, fp, fn, tn: (tn, tn + fn), "NPV is", "predicted negative")
jaccard_rate = count_ratio(lambda tp, fp, fn, tn: (tp, tp + fp + fn), "Jaccard is",
                           "true or predicted")  # fmt: skip


def fscore(tp: Any, fp: Any, fn: Any, tn: Any, average: Any, warn: bool, zero_division: Any,
           beta: float = 1.0) -> Any:  # fmt: skip
    """F-beta per class, (1 + b²) tp / ((1 + b²) tp + b² fn + fp): recall for b = inf,
    precision for b = 0 (neither warns)."""
    if math.isinf(beta):
        return divide_counts(tp, tp + fn, "F-score is", "true", average, False, zero_division)
    b2 = beta * beta
    if beta == 0:
        return divide_counts(tp, tp + fp, "F-score is", "predicted", average, False, zero_division)
    return divide_counts(
        (1 + b2) * tp.astype(np.float64),
        b2 * (tp + fn).astype(np.float64) + (tp + fp),
        "F-score is",
        "true nor predicted",
        average,
        warn,
        zero_division,
    )


def g_mean(tp: Any, fp: Any, fn: Any, tn: Any, average: Any, warn: bool,
           zero_division: Any) -> Any:  # fmt: skip
    """sqrt(precision × recall) = tp / sqrt((tp + fp)(tp + fn)) per class."""
    pp, rp = (tp + fp).astype(np.float64), (tp + fn).astype(np.float64)
    both_zero = (pp == 0) & (rp == 0)
    den = np.sqrt(pp) * np.sqrt(rp)
    den = np.where((den == 0) & ~both_zero, 1.0, den)  # tp = 0 there: G = 0
    return divide_counts(tp, den, "G-mean is", "true nor predicted", average, warn, zero_division)


def finish_average(values: np.ndarray, weights: np.ndarray | None, average: str | None) -> Any:
    """Per-label values as they are (``average=None``) or their NaN-skipping average with
    the averaging weights of ``set_wise_counts``."""
    if average is None:
        return values
    return _nanaverage(values, weights)


def per_class_score(rate: PerClassRate, y_true: Any, y_pred: Any, labels: Any, pos_label: Any,
                    average: Any, sample_weight: Any, zero_division: Any) -> float | np.ndarray:
    """A score of scikit-learn's label-metric family (``precision_score``,
    ``recall_score`` …): the one-vs-rest counts of ``set_wise_counts``, the per-class
    ``rate`` of them (warning on 0/0) and their ``average``."""
    _, tp, fp, fn, tn, weights = set_wise_counts(
        y_true, y_pred, labels=labels, pos_label=pos_label, average=average,
        sample_weight=sample_weight,
    )  # fmt: skip
    values = rate(tp, fp, fn, tn, average, True, zero_division)
    result: float | np.ndarray = finish_average(values, weights, average)
    return result
