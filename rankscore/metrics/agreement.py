"""Agreement and loss measures of hard predictions: Matthews' correlation, Cohen's kappa,
Jaccard, Hamming and zero-one losses."""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from .._docstrings import LABEL_PAIR, LABEL_VECTORS, SAMPLE_WEIGHT, fill_doc
from .._engine.class_counts import (check_zero_division, index_sums, jaccard_rate, label_targets,
                                    per_class_score)
from .._engine.multilabel import read_pair
from .._engine.scaling import rescaled
from .._engine.validate import quoted
from ..exceptions import warn_undefined_metric
from .confusion import confusion_matrix
from .rates import accuracy_score

__all__ = [
    "matthews_corrcoef", "hamming_loss", "zero_one_loss", "jaccard_score", "cohen_kappa_score"
]


@fill_doc(label_vectors=LABEL_VECTORS)
def matthews_corrcoef(y_true: Any, y_pred: Any, *, sample_weight: Any = None) -> float:
    """Matthews correlation coefficient (multiclass R_K), as scikit-learn's.

    Parameters
    ----------
    {label_vectors}

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
    _, present, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
    if w is not None:  # MCC does not depend on the weights' scale; its products do
        w = w / w.max()
    ti, pi = np.searchsorted(present, yt), np.searchsorted(present, yp)
    tp, t_sum, p_sum, _ = index_sums(ti, pi, w, len(present))
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


@fill_doc(label_pair=LABEL_PAIR, sample_weight=SAMPLE_WEIGHT)
def hamming_loss(y_true: Any, y_pred: Any, *, sample_weight: Any = None) -> float:
    """Share of wrong labels, as ``sklearn.metrics.hamming_loss``.

    Parameters
    ----------
    {label_pair}
    {sample_weight}

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
        _, _, yt, yp, w = label_targets(y_true, y_pred, sample_weight)
        return float(np.average(yt != yp, weights=w))
    wrong = ml.sample_cells[:, 1] + ml.sample_cells[:, 2]
    w = ml.weight
    if w is None:
        return float(wrong.sum()) / (ml.n_samples * ml.n_labels)
    result: float = float(np.dot(wrong, w)) / (ml.n_samples * ml.n_labels * np.average(w))
    return result


@fill_doc(label_pair=LABEL_PAIR)
def zero_one_loss(
    y_true: Any, y_pred: Any, *, normalize: bool = True, sample_weight: Any = None
) -> float:
    """Share (or number) of wrong predictions, as ``sklearn.metrics.zero_one_loss``.

    Parameters
    ----------
    {label_pair}
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


@fill_doc(label_pair=LABEL_PAIR, sample_weight=SAMPLE_WEIGHT)
def jaccard_score(y_true: Any, y_pred: Any, *, labels: Any = None, pos_label: Any = 1,
                  average: str | None = "binary", sample_weight: Any = None,
                  zero_division: Any = "warn") -> float | np.ndarray:
    """Jaccard index tp / (tp + fp + fn), as ``sklearn.metrics.jaccard_score``.

    Parameters
    ----------
    {label_pair}
    labels : array-like, optional
        Labels (column indices for indicator matrices) to include, in this order.
    pos_label : label, default 1
        The positive class when ``average="binary"``.
    average : {"binary", "micro", "macro", "weighted", "samples"} or None, default "binary"
        None: one value per label; "micro": from counts summed over labels; "macro":
        plain mean; "weighted": mean weighted by support; "samples" (multilabel): mean
        over samples of each sample's index.
    {sample_weight}
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
    value = check_zero_division(zero_division)
    if isinstance(value, float) and math.isnan(value):
        raise ValueError("zero_division must be 'warn', 0.0 or 1.0 for jaccard_score (as in "
                         "scikit-learn), got nan")
    return per_class_score(jaccard_rate, y_true, y_pred, labels, pos_label, average,
                           sample_weight, zero_division)  # fmt: skip


_KAPPA_WEIGHTS = (None, "linear", "quadratic")


@fill_doc(sample_weight=SAMPLE_WEIGHT)
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
    {sample_weight}
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
    κ does not depend on the scale of ``sample_weight``; C is first scaled by a power of two
    (exactly) so that E neither over- nor underflows for weights far from 1 (scikit-learn
    gives NaN for weights of 1e200).

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
    # kappa does not depend on the weights' scale; outer(...) below does
    confusion = rescaled(confusion.astype(np.float64))
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
