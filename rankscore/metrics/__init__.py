"""Metrics at one threshold: confusion matrices and their rates (:ref:`def-one-threshold`).

Two faces on one computation:

* ``binary_confusion`` returns a small immutable :class:`BinaryConfusion` (tp, fp, fn, tn)
  with every rate of the table as a property — the object to reach for when one binary
  classifier is judged at one threshold. Its properties give ``nan`` for a 0/0 ratio.
* Functions with scikit-learn's names and signatures (``precision_score``, ``f1_score``,
  ``classification_report`` …) for code that already speaks scikit-learn: same labels
  handling, ``average``, ``pos_label`` and ``zero_division`` (0 plus an
  :class:`UndefinedMetricWarning` where scikit-learn does that). Every one of them is a few
  lines on a single one-vs-rest count of tp/fp/fn/tn per class (``counts_per_class``, in
  ``rankscore._engine.class_counts`` with the averaging and ``zero_division`` rules).

Multilabel-indicator targets (2-D 0/1 matrices, dense or scipy.sparse) are read and counted
in one kernel pass per label and per sample; the set-wise counts serve both kinds.

The functions live in three modules: ``confusion`` (the matrices), ``rates`` (precision,
recall, F-scores, accuracy and the classification report) and ``agreement`` (Matthews,
Cohen's kappa, Jaccard, Hamming and zero-one losses).
"""

from __future__ import annotations

from .._engine.results import BinaryConfusion
from ..exceptions import UndefinedMetricWarning
from .agreement import (cohen_kappa_score, hamming_loss, jaccard_score, matthews_corrcoef,
                        zero_one_loss)
from .confusion import binary_confusion, confusion_matrix, multilabel_confusion_matrix
from .rates import (accuracy_score, balanced_accuracy_score, classification_report, f1_score,
                    fbeta_score, g_mean_score, npv_score, precision_recall_fscore_support,
                    precision_score, recall_score, specificity_score)

__all__ = [
    "UndefinedMetricWarning", "BinaryConfusion", "binary_confusion", "confusion_matrix",
    "accuracy_score", "precision_score", "recall_score", "f1_score", "fbeta_score",
    "precision_recall_fscore_support", "specificity_score", "npv_score", "g_mean_score",
    "balanced_accuracy_score", "matthews_corrcoef", "classification_report",
    "multilabel_confusion_matrix", "hamming_loss", "zero_one_loss", "jaccard_score",
    "cohen_kappa_score"
]
