"""rankscore: exact, fast scores for rankings and scored binary classifiers.

The top level holds what most work starts with: the ranking model's entry points
(:class:`Ranking`, :func:`rk`, :func:`ranking_score`), scikit-learn's metric names with
scikit-learn's answers, the confusion at one threshold and the best threshold, the score
summary and its accumulator, and the report. Everything else lives in a module by topic:

============================ ===============================================================
:mod:`rankscore.rankings`    rankings against a reference list: enumeration, exact ties
:mod:`rankscore.curves`      the threshold sweep: ROC, PR, DET, KS curves and areas
:mod:`rankscore.metrics`     metrics at one threshold (confusion matrices and their rates)
:mod:`rankscore.gains`       gain tables, lift, captured response
:mod:`rankscore.multiclass`  one-vs-rest tables, average class accuracy, profit, top-k
:mod:`rankscore.uncertainty` DeLong and bootstrap intervals and tests, binomial intervals
:mod:`rankscore.ks`          Kolmogorov–Smirnov tests with p-values (scipy's ``ks_2samp`` …)
:mod:`rankscore.ir`          IR metrics over many queries (``Qrels``, ``Run``, ``evaluate``)
:mod:`rankscore.summary`     ``ScoreSummary`` and ``ScoreAccumulator``
:mod:`rankscore.report`      the report of a scored classifier (``rankscore report``)
:mod:`rankscore.regression`  SSE, MSE, RMSE, MAE, R²
:mod:`rankscore.information` log loss, Brier score, cross-entropy, perplexity
:mod:`rankscore.text`        BLEU
:mod:`rankscore.plot`        plots (needs matplotlib)
:mod:`rankscore.dask`        the same results from Dask collections (needs Dask)
============================ ===============================================================

A Cython core does the loops; a NumPy fallback gives the same results (``rankscore.BACKEND``
says which one runs; ``RANKSCORE_PURE_PYTHON=1`` forces the fallback). Compiled libraries
call the same loops without Python through the C API: ``rankscore/capi.pxd`` for Cython,
the header in :func:`get_include` for C and C++.
"""

from ._backend import BACKEND
from ._version import __version__
from . import (curves, datasets, exceptions, gains, groups, information, ir, ks, metrics,
               multiclass, rankings, regression, report, summary, text, thresholds,
               uncertainty)
from .curves import (KSResult, auc, average_precision_score, det_curve, gini_score,
                     ks_statistic, pr_auc_score, precision_recall_curve, roc_auc_score,
                     roc_curve)
from .exceptions import UndefinedMetricWarning
from .groups import group_metrics
from .information import brier_score_loss, log_loss
from .metrics import (BinaryConfusion, accuracy_score, balanced_accuracy_score,
                      binary_confusion, classification_report, cohen_kappa_score,
                      confusion_matrix, f1_score, fbeta_score, g_mean_score, hamming_loss,
                      jaccard_score, matthews_corrcoef, multilabel_confusion_matrix,
                      npv_score, precision_recall_fscore_support, precision_score,
                      recall_score, specificity_score, zero_one_loss)
from .multiclass import top_k_accuracy_score
from .rankings import Ranking, ranking_score, rk
from .regression import (mean_absolute_error, mean_squared_error, r2_score,
                         root_mean_squared_error)
from .report import binary_report
from .summary import ScoreAccumulator, ScoreSummary
from .thresholds import ThresholdChoice, best_threshold

__all__ = [
    "BACKEND",
    "__version__",
    # the ranking model
    "Ranking",
    "rk",
    "ranking_score",
    # the threshold sweep (scikit-learn's names, plus Gini, PR AUC and KS)
    "roc_curve",
    "precision_recall_curve",
    "det_curve",
    "auc",
    "roc_auc_score",
    "average_precision_score",
    "gini_score",
    "pr_auc_score",
    "ks_statistic",
    "KSResult",
    # one threshold
    "binary_confusion",
    "BinaryConfusion",
    "best_threshold",
    "ThresholdChoice",
    # scikit-learn's classification metrics
    "confusion_matrix",
    "accuracy_score",
    "precision_score",
    "recall_score",
    "f1_score",
    "fbeta_score",
    "precision_recall_fscore_support",
    "balanced_accuracy_score",
    "matthews_corrcoef",
    "classification_report",
    "multilabel_confusion_matrix",
    "hamming_loss",
    "zero_one_loss",
    "jaccard_score",
    "cohen_kappa_score",
    "top_k_accuracy_score",
    "specificity_score",
    "npv_score",
    "g_mean_score",
    "UndefinedMetricWarning",
    # scikit-learn's regression and probability metrics
    "mean_squared_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "r2_score",
    "log_loss",
    "brier_score_loss",
    # summaries, groups and the report
    "ScoreSummary",
    "ScoreAccumulator",
    "group_metrics",
    "binary_report",
    # the C API
    "get_include",
]

# Names that left the top level in 0.2: old name -> (module, name there). Reading one still
# works, with a DeprecationWarning that says where it lives now.
_MOVED = {
    **{name: ("rankings", name) for name in (
        "RankingSet", "RankingSetTooLargeError", "count_rankings", "enumerate_rankings",
        "tied_rankings", "Ties", "find_ties")},
    "score": ("rankscore", "ranking_score"),
    "score_exact": ("rankings", "ranking_score_exact"),
    "score_many": ("rankings", "ranking_score_many"),
    **{name: ("curves", name) for name in ("KSCurve", "ks_curve")},
    **{name: ("gains", name) for name in (
        "GainTable", "gain_table", "cumulative_gain_curve", "lift_curve",
        "roc_to_captured_response", "captured_response_to_roc", "captured_response_gini",
        "prevalence")},
    "OBJECTIVES": ("thresholds", "OBJECTIVES"),
    **{name: ("multiclass", name) for name in (
        "PerClassMetrics", "per_class_metrics", "average_class_accuracy", "profit",
        "Improvement", "improvement")},
    "sse": ("regression", "half_sum_squared_error"),
    **{name: ("information", name) for name in ("cross_entropy", "perplexity")},
    **{name: ("text", name) for name in ("bleu_score", "sentence_bleu")},
    **{name: ("uncertainty", name) for name in (
        "ConfidenceInterval", "DeLongTest", "ContrastTest", "BootstrapResult",
        "BootstrapTest", "PairwiseComparison", "delong_variance", "delong_covariance",
        "roc_auc_ci", "gini_ci", "delong_test", "delong_test_unpaired",
        "delong_contrast_test", "compare_models", "holm_adjust", "bootstrap_ci",
        "bootstrap_test", "proportion_ci", "rate_intervals", "RocBand",
        "roc_confidence_band", "BOOTSTRAP_METRICS")},
    **{name: ("ir", name) for name in (
        "Qrels", "Run", "evaluate", "compare_runs", "Comparison", "IR_METRICS")},
}


def get_include() -> str:
    """The directory holding rankscore's C header, ``rankscore/capi.h``.

    Add it to the include path of a C or C++ extension that calls rankscore's C API
    (``import_rankscore()`` in the module's init, then ``rs_roc_auc`` and its siblings
    without the GIL), as ``numpy.get_include()`` is used. Cython code needs no include
    path: ``from rankscore.capi cimport rs_roc_auc``. The header is installed with every
    build; the functions behind it need the compiled kernels (``rankscore.BACKEND ==
    "cython"``).

    Returns
    -------
    str
        An absolute path.

    Examples
    --------
    >>> import os
    >>> from rankscore import get_include
    >>> os.path.isfile(os.path.join(get_include(), "rankscore", "capi.h"))
    True
    """
    import os

    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")


def __getattr__(name: str):
    """A name that moved to a submodule in 0.2, with a DeprecationWarning naming its home."""
    if name in _MOVED:
        import importlib
        import warnings

        module, new = _MOVED[name]
        where = "rankscore" if module == "rankscore" else f"rankscore.{module}"
        warnings.warn(
            f"rankscore.{name} is now {where}.{new}; import it from there (the old name "
            "will be removed in a future release)",
            DeprecationWarning,
            stacklevel=2,
        )
        return getattr(importlib.import_module(where), new)
    raise AttributeError(f"module 'rankscore' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_MOVED))
