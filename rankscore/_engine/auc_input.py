"""The whole input of ``roc_auc_score`` read once (``roc_auc_input``): binary, multilabel
or multiclass, every check made before any kernel runs, with scikit-learn's messages; and
the rule of a binary ``y_true`` without ``pos_label`` (the greater label is positive).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from .validate import (Problem, as_array, as_indicator_matrix, as_label_array,
                       as_score_matrix, as_scores, check_choice, check_finite, check_max_fpr,
                       check_positive_int, check_same_length, check_sample_weight,
                       common_labels, kernel_integers, multiclass_shape_error,
                       multilabel_scores, native_binary)

__all__ = ["auc_positive_is_greater", "AVERAGES", "BINARY", "MULTILABEL", "MULTICLASS",
           "ONE_CLASS", "RocAucInput", "roc_auc_input"]


def auc_positive_is_greater(y: np.ndarray) -> tuple[Any, Any, int]:
    """(codes, pos_code, n_classes) with scikit-learn's roc_auc_score rule for binary y_true:
    the greater of the two labels is positive (codes None with more than two classes)."""
    codes = kernel_integers(y) if y.dtype.kind in "iub" else None
    if codes is not None:  # (uint64 labels beyond int64 take the general path below)
        lo, hi = codes.min(), codes.max()
        if int(hi) - int(lo) <= 1:
            return codes, hi, 1 + int(hi != lo)
        n_classes = len(np.unique(codes))
        if n_classes == 2:
            return codes, hi, 2
        return None, None, n_classes
    classes = np.unique(y)
    if len(classes) > 2:
        return None, None, len(classes)
    return (y == classes[-1]).view(np.uint8), np.uint8(1), len(classes)


AVERAGES = (None, "micro", "macro", "weighted", "samples")

# The kinds of target roc_auc_score reads (RocAucInput.kind)
BINARY, MULTILABEL, MULTICLASS, ONE_CLASS = "binary", "multilabel", "multiclass", "one class"


class RocAucInput(NamedTuple):
    """The arguments of a ``roc_auc_score`` call, read and checked once. ``kind``:

    * ``"binary"``: ``problem`` (its scores' finiteness is read off the class parts' ends;
      ``labels_checked`` False for native labels, see :meth:`labels_read`);
    * ``"multilabel"``: ``y`` the 0/1 indicator matrix (uint8), ``scores`` of its shape;
    * ``"multiclass"``: ``y`` the labels, ``classes`` those of the columns of ``scores``;
    * ``"one class"``: one class against two score columns (undefined, as scikit-learn).
    """

    kind: str
    problem: Problem | None = None
    y: np.ndarray | None = None
    scores: np.ndarray | None = None
    weights: np.ndarray | None = None
    max_fpr: float | None = None
    average: Any = "macro"
    multi_class: str = "raise"
    classes: np.ndarray | None = None

    def labels_read(self) -> RocAucInput:
        """A binary input of native labels, one of which the split found not to be 0 or 1,
        with its labels read in full: the greater of two labels positive, or the errors of
        more than two classes."""
        assert self.problem is not None
        return _binary_input(self.problem.codes, self.problem.scores, None, None,
                             self.multi_class)


def roc_auc_input(y_true: Any, y_score: Any, average: Any, sample_weight: Any, max_fpr: Any,
                  multi_class: Any, labels: Any, n_threads: Any) -> RocAucInput:
    """Every check of ``roc_auc_score``, with scikit-learn's messages in its order. Native
    binary arrays take the fewest steps: their labels' range is read off the split."""
    check_choice(average, "average", AVERAGES)
    check_choice(multi_class, "multi_class", ("raise", "ovr", "ovo"))
    if n_threads is not None:
        check_positive_int(n_threads, "n_threads")
    if max_fpr is None and sample_weight is None and native_binary(y_true, y_score):
        codes = kernel_integers(y_true)
        if codes is not None:  # the common case, little overhead
            problem = Problem(codes, codes.dtype.type(1), y_score, None, False)
            return RocAucInput(BINARY, problem, None, None, None, None, average, multi_class)
    max_fpr = check_max_fpr(max_fpr)
    if isinstance(y_true, np.ndarray) and y_true.ndim == 2 or (
            not isinstance(y_true, np.ndarray) and np.ndim(y_true) == 2):
        y2d = as_indicator_matrix(y_true)
        s2d, w = multilabel_scores(y2d, y_score, sample_weight)
        return RocAucInput(MULTILABEL, None, y2d, s2d, w, max_fpr, average)
    y = as_label_array(y_true)
    scores = y_score if isinstance(y_score, np.ndarray) else as_array(y_score, "y_score")
    if scores.ndim == 2 and scores.shape[1] == 1:
        scores = scores[:, 0]
    if scores.ndim > 2:
        raise ValueError(f"y_score must be 1-D or 2-D, got an array of shape {scores.shape}")
    if scores.ndim == 2:
        return _multiclass_input(y, scores, sample_weight, max_fpr, average, multi_class,
                                 labels)
    scores = as_scores(scores, finite=False)
    n = check_same_length(y_true=y, y_score=scores)
    return _binary_input(y, scores, check_sample_weight(sample_weight, n), max_fpr,
                         multi_class)


def _binary_input(y: np.ndarray, scores: np.ndarray, weights: np.ndarray | None,
                  max_fpr: float | None, multi_class: str) -> RocAucInput:
    """A 1-D ``y_true`` with 1-D scores: the greater of two labels positive."""
    codes, pos_code, n_classes = auc_positive_is_greater(y)
    if n_classes > 2:
        _check_multiclass_options(max_fpr, multi_class)
        raise multiclass_shape_error(scores.shape)
    return RocAucInput(BINARY, Problem(codes, pos_code, scores, weights), max_fpr=max_fpr,
                       multi_class=multi_class)


def _check_multiclass_options(max_fpr: float | None, multi_class: str) -> None:
    """scikit-learn's refusals for more than two classes: no partial AUC, and a scheme."""
    if max_fpr is not None and max_fpr != 1.0:
        raise ValueError("Partial AUC computation not available in multiclass setting, "
                         "'max_fpr' must be set to `None`, received "
                         f"`max_fpr={max_fpr}` instead")
    if multi_class == "raise":
        raise ValueError("multi_class must be in ('ovo', 'ovr')")


def _multiclass_input(y: np.ndarray, scores: np.ndarray, sample_weight: Any,
                      max_fpr: float | None, average: Any, multi_class: str,
                      labels: Any) -> RocAucInput:
    """A 1-D ``y_true`` with a score matrix: scikit-learn's ``roc_auc_score`` and
    ``_multiclass_roc_auc_score`` checks (``sample_weight`` read after the one-vs-one
    check refused it, as there)."""
    s2d = as_score_matrix(scores, finite=False)
    check_same_length(y_true=y, y_score=s2d)
    _, _, n_classes = auc_positive_is_greater(y)
    if n_classes == 1 and s2d.shape[1] == 2:  # as scikit-learn: undefined before shape
        return RocAucInput(ONE_CLASS)
    if n_classes == 2 and s2d.shape[1] == 2:
        raise ValueError(  # scikit-learn's message, and what to do instead
            f"y should be a 1d array, got an array of shape {s2d.shape} instead. y_true "
            "is binary: pass the positive class's column (y_score[:, 1] of predict_proba)"
            ", or rankscore.curves.roc_auc_columns for one AUC per column.")
    _check_multiclass_options(max_fpr, multi_class)
    check_finite(s2d, "y_score")
    if not np.allclose(1, s2d.sum(axis=1)):
        raise ValueError("Target scores need to be probabilities for multiclass roc_auc, i.e. "
                         "they should sum up to 1.0 over classes")
    average_options: tuple[str | None, ...] = ("macro", "weighted", None)
    if multi_class == "ovr":
        average_options = ("micro",) + average_options
    if average not in average_options:
        raise ValueError(f"average must be one of {average_options} for multiclass problems")
    if average is None and multi_class == "ovo":
        raise NotImplementedError("average=None is not implemented for multi_class='ovo'.")
    if labels is not None:
        labels = as_label_array(labels, "labels")
        y, labels = common_labels(y, labels, names="y_true and labels")
        classes = np.unique(labels)
        if len(classes) != len(labels):
            raise ValueError("Parameter 'labels' must be unique")
        if not np.array_equal(classes, labels):
            raise ValueError("Parameter 'labels' must be ordered")
        if len(classes) != s2d.shape[1]:
            raise ValueError(f"Number of given labels, {len(classes)}, not equal to the number "
                             f"of columns in 'y_score', {s2d.shape[1]}")
        if len(np.setdiff1d(y, classes)):
            raise ValueError("'y_true' contains labels not in parameter 'labels'")
    else:
        classes = np.unique(y)
        if len(classes) != s2d.shape[1]:
            raise ValueError("Number of classes in y_true not equal to the number of columns "
                             "in 'y_score'")
    if multi_class == "ovo" and sample_weight is not None:
        raise ValueError("sample_weight is not supported for multiclass one-vs-one ROC "
                         "AUC, 'sample_weight' must be None in this case.")
    w = check_sample_weight(sample_weight, len(y))
    return RocAucInput(MULTICLASS, None, y, s2d, w, None, average, multi_class, classes)
