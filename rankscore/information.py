"""Information-theoretic scores of predicted probabilities (:ref:`def-cross-entropy`).

``log_loss`` follows scikit-learn 1.9 (clipping to ``[eps, 1 − eps]``, a warning for rows
that do not sum to one); ``cross_entropy`` is the plain ``H(y, ŷ) = −Σ y log ŷ`` averaged
over samples, for hard labels or soft (one-hot or probability) targets; ``perplexity`` is
``exp(H)``. Natural logarithms throughout.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from ._engine.labels import as_labels, check_one_label, classes_of, default_pos_label_ok, encode
from ._engine.scaling import rescaled
from ._engine.validate import (as_array, check_finite, check_flag, check_same_length,
                          check_sample_weight, numbers_of_objects, quoted, quoted_list)

__all__ = ["log_loss", "brier_score_loss", "cross_entropy", "perplexity"]


def _as_probabilities(x: Any, name: str) -> np.ndarray:
    """Return finite probabilities in [0, 1], 1-D or 2-D, keeping float16/32/64 dtypes."""
    arr = as_array(x, name)
    if arr.dtype == object:  # numbers in an object array, as scores are read
        arr = numbers_of_objects(arr.ravel(), name).reshape(arr.shape)
    if arr.dtype.kind not in "iuf":  # bool, strings, other objects, complex
        raise TypeError(f"{name} must hold real probabilities, got dtype {arr.dtype}")
    if arr.ndim not in (1, 2):
        raise ValueError(f"{name} must be 1-D or 2-D (samples × classes), got shape {arr.shape}")
    if arr.shape[0] == 0 or arr.size == 0:
        raise ValueError(f"{name} is empty")
    if arr.dtype.kind != "f" or arr.dtype.type not in (np.float16, np.float32, np.float64):
        arr = arr.astype(np.float64)
    check_finite(arr, name)
    if arr.max() > 1:
        raise ValueError(f"{name} contains values greater than 1: {arr.max()}")
    if arr.min() < 0:
        raise ValueError(f"{name} contains values lower than 0: {arr.min()}")
    return arr


def _class_probabilities(y_true: Any, y_prob: Any, labels: Any, prob_name: str,
                         one_hot: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Validate labels against a probability matrix; return (targets T, P, classes), T and
    P of shape (n_samples, n_classes), as scikit-learn's ``LabelBinarizer`` reads them.
    With ``one_hot=False``, class labels give T as each sample's column index instead
    (1-D; a label-indicator ``y_true`` still gives the matrix).

    ``y_true`` holds class labels, or is a 2-D 0/1 label-indicator matrix (its columns are
    the classes 0 … k − 1). A 1-D ``y_prob`` is the probability of the second class and
    becomes ``[1 − p, p]``. The columns of ``P`` are the classes in sorted order (the
    sorted ``labels``, or the sorted distinct values of ``y_true``); ``labels`` that are not
    sorted get scikit-learn's warning.
    """
    prob = _as_probabilities(y_prob, prob_name)
    raw = as_array(y_true, "y_true")
    if raw.ndim == 2 and raw.shape[1] > 1:
        if labels is not None:
            raise ValueError("labels applies to a 1-D y_true of class labels, not to a 2-D "
                             "label-indicator y_true")
        target = _indicator(raw).astype(prob.dtype, copy=False)
        check_same_length(y_true=target, **{prob_name: prob})
        classes = np.arange(target.shape[1])
    else:
        y = as_labels(y_true, "y_true")
        check_same_length(**{prob_name: prob}, y_true=y)
        if labels is None:
            classes = np.unique(y)
            if len(classes) == 1:
                raise ValueError(f"y_true contains only one label ({classes[0]}). Please "
                                 "provide the list of all expected class labels explicitly "
                                 "through the labels argument.")
            index = np.searchsorted(classes, y)
        else:
            given = classes_of(labels)
            classes = np.sort(given)
            if not np.array_equal(classes, given):
                warnings.warn(f"Labels passed were {given.tolist()}. But this function assumes "
                              "labels are ordered lexicographically. Pass the ordered "
                              f"labels={classes.tolist()} and ensure that the columns of "
                              f"y_prob correspond to this ordering.", UserWarning, stacklevel=3)
            if len(classes) < 2:
                raise ValueError("The labels array needs to contain at least two labels, got "
                                 f"{classes}.")
            index = encode(y, classes, "y_true")
        if one_hot:
            target = np.zeros((len(y), len(classes)), dtype=prob.dtype)
            target[np.arange(len(y)), index] = 1
        else:
            target = index
    if prob.ndim == 1:
        prob = prob[:, None]
    if prob.shape[1] == 1:
        prob = np.concatenate([1 - prob, prob], axis=1)
    eps = np.finfo(prob.dtype).eps
    if not np.allclose(prob.sum(axis=1), 1, rtol=np.sqrt(eps), atol=0):
        warnings.warn("The y_prob values do not sum to one. Make sure to pass probabilities.",
                      UserWarning, stacklevel=3)
    if prob.shape[1] != len(classes):
        if labels is None:
            raise ValueError(f"y_true and y_prob contain different number of classes: "
                             f"{len(classes)} vs {prob.shape[1]}. Please provide the true "
                             "labels explicitly through the labels argument. Classes found "
                             f"in y_true: {classes}")
        raise ValueError("The number of classes in labels is different from that in y_prob. "
                         f"Classes found in labels: {classes}")
    return target, prob, classes


def _indicator(arr: np.ndarray) -> np.ndarray:
    """A 2-D label-indicator ``y_true`` (0/1 numbers or bools) as float64."""
    if arr.dtype == object:
        arr = arr.astype(np.float64)
    if arr.dtype.kind not in "biuf":
        raise ValueError("a 2-D y_true must be a label-indicator matrix of 0/1; got dtype "
                         f"{arr.dtype}")
    if arr.size == 0:
        raise ValueError("y_true is empty")
    check_finite(arr, "y_true")
    if not np.isin(arr, (0, 1)).all():
        raise ValueError("a 2-D y_true must be a label-indicator matrix of 0/1 values "
                         "(multiclass-multioutput format is not supported)")
    return arr.astype(np.float64)


def weighted_total(values: np.ndarray, w: np.ndarray | None, normalize: bool) -> float:
    """The (weighted) mean of per-sample values, or with ``normalize=False`` their
    (weighted) sum; a mean over weights that sum to zero is an error."""
    if not normalize:
        return float(values.sum() if w is None else np.dot(values, w))
    if w is None:
        return float(np.mean(values))
    total = float(w.sum())
    if not total > 0:
        raise ValueError("sample_weight sums to zero; the weighted mean is undefined")
    return float(np.average(values, weights=rescaled(w, total)))


def log_loss(
    y_true: Any,
    y_proba: Any = None,
    *,
    normalize: bool = True,
    sample_weight: Any = None,
    labels: Any = None,
    y_pred: Any = "deprecated",
) -> float:
    """Log loss (logistic loss, cross-entropy of hard labels), as scikit-learn 1.9.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True class labels (numbers, bools or strings), or a 0/1 label-indicator matrix.
    y_proba : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities, one column per class in sorted label order. A 1-D array
        is the probability of the second class (the greater of two labels).
    normalize : bool, default True
        Return the (weighted) mean loss per sample; ``False`` returns the (weighted) sum.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    labels : array-like, optional
        The classes of ``y_proba``'s columns (needed when ``y_true`` lacks some); read in
        sorted order. Default: the sorted distinct values of ``y_true`` (which must then
        hold at least two).
    y_pred : array-like, deprecated
        scikit-learn's former name of ``y_proba`` (renamed in 1.9, still accepted there
        with a ``FutureWarning`` until 1.11); accepted here the same way.

    Returns
    -------
    float

    See Also
    --------
    cross_entropy : the same without clipping, also for soft targets.
    perplexity : ``exp`` of the cross-entropy.

    Notes
    -----
    ``L = −(1 / Σ w) Σ_i w_i log clip(p_i,y_i, eps, 1 − eps)`` with ``eps`` the machine
    epsilon of ``y_proba``'s dtype (float16/float32 kept, everything else float64), so a
    confident mistake costs at most ``−log eps`` (36.04 in float64) instead of infinity.
    Rows that do not sum to one give a ``UserWarning`` and are used as they are (no
    renormalisation), as in scikit-learn 1.9. Values outside [0, 1] are errors. ``y_true``
    holds labels or a 0/1 label-indicator matrix; for soft targets use
    :func:`cross_entropy`. The columns of ``y_proba`` are the classes in sorted order, as
    in scikit-learn: ``labels`` that are not sorted are sorted, with a ``UserWarning``.

    Examples
    --------
    >>> from rankscore import log_loss
    >>> round(log_loss(["spam", "ham", "ham", "spam"],
    ...                [[.1, .9], [.9, .1], [.8, .2], [.35, .65]]), 5)
    0.21616
    """
    if not (isinstance(y_pred, str) and y_pred == "deprecated"):
        if y_proba is not None:
            raise ValueError("Cannot use both `y_pred` and `y_proba`. `y_pred` is deprecated, "
                             "use `y_proba` instead.")
        warnings.warn("`y_pred` was renamed to `y_proba` in version 1.9 and will be removed "
                      "in 1.11. Use `y_proba` instead.", FutureWarning, stacklevel=2)
        y_proba = y_pred
    check_flag(normalize, "normalize")
    target, prob, _ = _class_probabilities(y_true, y_proba, labels, "y_proba", one_hot=False)
    w = check_sample_weight(sample_weight, len(target))
    if w is not None and not normalize and not w.any():  # (scikit-learn refuses it too)
        raise ValueError("sample_weight is zero for every sample; the summed log loss of no "
                         "sample is undefined")
    eps = np.finfo(prob.dtype).eps
    if target.ndim == 1:  # class labels: −log p_i,y_i (the one term of the sum below)
        losses = -np.log(np.clip(prob[np.arange(len(target)), target], eps, 1 - eps))
    else:  # a label-indicator matrix: −Σ_k y_ik log p_ik
        losses = -(target * np.log(np.clip(prob, eps, 1 - eps))).sum(axis=1)
    return weighted_total(losses, w, normalize)


def _binary_positive(y: np.ndarray, pos_label: Any) -> np.ndarray:
    """1.0 where ``y`` is the positive class, by scikit-learn's rule for probabilistic
    binary metrics: ``pos_label``, else 1 for labels within {0, 1} or {-1, 1}, else the
    greater of two numeric labels; string labels need ``pos_label``."""
    pos_label = check_one_label(pos_label)
    classes = np.unique(y)
    if len(classes) > 2:
        raise ValueError("The type of the target inferred from y_true is multiclass but "
                         "should be binary according to the shape of y_prob.")
    if pos_label is None:
        values = classes.tolist()
        if classes.dtype.kind in "US":
            shown = ", ".join(repr(c) for c in values)
            raise ValueError(f"y_true takes value in {{{shown}}} and pos_label is not "
                             "specified: either make y_true take value in {0, 1} or "
                             "{-1, 1} or pass pos_label explicitly.")
        pos_label = 1 if default_pos_label_ok(classes) else values[-1]
    result: np.ndarray = y == pos_label
    return result


def brier_score_loss(
    y_true: Any,
    y_proba: Any,
    *,
    sample_weight: Any = None,
    pos_label: Any = None,
    labels: Any = None,
    scale_by_half: bool | str = "auto",
) -> float:
    """Brier score: mean squared error of predicted probabilities, as scikit-learn 1.9.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        True class labels (numbers, bools or strings), or with a 2-D ``y_proba`` a 0/1
        label-indicator matrix.
    y_proba : array-like of shape (n_samples,) or (n_samples, n_classes)
        Probability of the positive class (1-D), or one column per class.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights.
    pos_label : label, optional
        Binary case: the positive class. Default: 1 for labels within {0, 1} or {-1, 1},
        else the greater of two numeric labels; string labels need it.
    labels : array-like, optional
        Multiclass case: the classes of ``y_proba``'s columns, read in sorted order (a
        ``UserWarning`` when not sorted; default the sorted distinct values of ``y_true``).
    scale_by_half : bool or "auto", default "auto"
        Halve the sum over classes; "auto" halves for 1-D or two-column ``y_proba`` (so
        the binary score is the familiar mean of ``(y − p)²``, in [0, 1]).

    Returns
    -------
    float

    See Also
    --------
    log_loss : the logarithmic score of the same probabilities.

    Notes
    -----
    ``BS = Σ_i w_i Σ_k (y_ik − p_ik)² / Σ_i w_i`` with y one-hot, times ½ when scaled
    (binary: ``Σ w (y − p)² / Σ w`` with y = 1 for the positive class). Lower is better.

    Examples
    --------
    >>> from rankscore import brier_score_loss
    >>> round(brier_score_loss([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), 4)
    0.0375
    >>> round(brier_score_loss(["ham", "spam", "spam"], [0.2, 0.7, 0.9], pos_label="spam"), 4)
    0.0467
    """
    if not (isinstance(scale_by_half, (bool, np.bool_)) or scale_by_half == "auto"):
        raise ValueError("scale_by_half must be True, False or 'auto', got "
                         f"{quoted(scale_by_half)}")
    prob = _as_probabilities(y_proba, "y_proba")
    if prob.ndim == 1 or prob.shape[1] == 1:
        y = as_labels(y_true, "y_true")
        prob = prob.reshape(-1)
        check_same_length(y_true=y, y_proba=prob)
        positive = _binary_positive(y, pos_label).astype(prob.dtype)
        target = np.stack([1 - positive, positive], axis=1)
        prob = np.stack([1 - prob, prob], axis=1)
    else:
        target, prob, _ = _class_probabilities(y_true, prob, labels, "y_proba")
    w = check_sample_weight(sample_weight, len(prob))
    score = weighted_total(np.sum((target - prob) ** 2, axis=1), w, True)
    if scale_by_half == "auto":
        scale_by_half = prob.shape[1] < 3
    return float(score * 0.5 if scale_by_half else score)


def _targets_and_probabilities(y_true: Any, y_prob: Any, labels: Any
                               ) -> tuple[np.ndarray, np.ndarray]:
    """Return (targets T, probabilities P) of the same 2-D shape for cross_entropy."""
    target = as_array(y_true, "y_true")
    if target.ndim == 2:
        if labels is not None:
            raise ValueError("labels applies to a 1-D y_true of class labels, not to a "
                             "2-D y_true of target probabilities")
        if target.dtype.kind not in "biuf":
            raise TypeError(f"a 2-D y_true must hold numbers, got dtype {target.dtype}")
        target = target.astype(np.float64)
        check_finite(target, "y_true")
        if (target < 0).any():
            raise ValueError("y_true must be non-negative (target probabilities)")
        prob = _as_probabilities(y_prob, "y_prob")
        if prob.shape != target.shape:
            raise ValueError(f"y_true has shape {target.shape} but y_prob has shape "
                             f"{prob.shape}; a 2-D y_true needs one column per class")
        return target, prob
    target, prob, _ = _class_probabilities(target, y_prob, labels, "y_prob")
    return target, prob


def cross_entropy(
    y_true: Any,
    y_prob: Any,
    *,
    sample_weight: Any = None,
    labels: Any = None,
) -> float:
    """Categorical cross-entropy ``H(y, ŷ) = −Σ y log ŷ``, averaged over samples.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,) or (n_samples, n_classes)
        Either class labels (as for :func:`log_loss`) or target distributions: one-hot
        rows, or soft targets (non-negative; rows are used as given).
    y_prob : array-like of shape (n_samples, n_classes) or (n_samples,)
        Predicted probabilities in [0, 1]. A 1-D array (with 1-D labels only) is the
        probability of the second class.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative weights with a positive sum.
    labels : array-like, optional
        With 1-D ``y_true``: the classes of ``y_prob``'s columns, read in sorted order
        (a ``UserWarning`` when they are not sorted), as :func:`log_loss`.

    Returns
    -------
    float
        In nats. ``inf`` when a target with positive weight has predicted probability 0.

    See Also
    --------
    log_loss : the same for hard labels, with probabilities clipped to [eps, 1 − eps].
    perplexity : ``exp(H)``.

    Notes
    -----
    ``H = (1 / Σ w) Σ_i w_i (−Σ_k y_ik log ŷ_ik)`` with ``0 log 0 = 0``
    (:ref:`def-cross-entropy`). Nothing is clipped, so ``cross_entropy(labels, p) ==
    log_loss(labels, p)`` whenever every true-class probability lies in ``[eps, 1 − eps]``;
    where ``log_loss`` would clip a zero to ``eps``, this returns ``inf``.

    Examples
    --------
    >>> from rankscore.information import cross_entropy
    >>> round(cross_entropy([0, 1], [[0.8, 0.2], [0.4, 0.6]]), 4)
    0.367
    >>> round(cross_entropy([[1, 0], [0.5, 0.5]], [[0.8, 0.2], [0.4, 0.6]]), 4)
    0.4684
    """
    target, prob = _targets_and_probabilities(y_true, y_prob, labels)
    w = check_sample_weight(sample_weight, len(target))
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(target > 0, target * np.log(prob), 0.0)  # y log ŷ, 0 log 0 = 0
    losses = -terms.sum(axis=1)
    if w is not None:  # a zero weight must not turn an infinite loss into NaN
        losses = np.where(w > 0, losses, 0.0)
    return weighted_total(losses, w, True)


def perplexity(y_true: Any, y_prob: Any, *, sample_weight: Any = None, labels: Any = None) -> float:
    """Perplexity ``exp(H)`` of predicted probabilities, H the :func:`cross_entropy`.

    Parameters
    ----------
    y_true, y_prob, sample_weight, labels
        As for :func:`cross_entropy`.

    Returns
    -------
    float
        At least 1 for one-hot targets; the effective number of equally likely choices.

    See Also
    --------
    cross_entropy

    Notes
    -----
    ``PP = exp(H(y, ŷ))`` with natural logarithms (:ref:`def-cross-entropy`). A model that
    spreads its probability uniformly over ``K`` classes has perplexity ``K``.

    Examples
    --------
    >>> from rankscore.information import perplexity
    >>> round(perplexity([0, 1, 2], [[1/3] * 3] * 3), 10)
    3.0
    """
    return float(np.exp(cross_entropy(y_true, y_prob, sample_weight=sample_weight,
                                      labels=labels)))
