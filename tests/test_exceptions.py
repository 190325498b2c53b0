"""rankscore.exceptions: one home for warnings and errors, and scikit-learn's categories."""

import subprocess
import sys
import warnings

import pytest

import rankscore
from rankscore import exceptions, metrics, rankings
from rankscore.exceptions import (RankingSetTooLargeError, UndefinedMetricWarning,
                                  undefined_metric_category, warn_undefined_metric)


def test_classes_still_importable_from_their_old_homes():
    assert metrics.UndefinedMetricWarning is UndefinedMetricWarning
    assert rankscore.UndefinedMetricWarning is UndefinedMetricWarning
    assert rankings.RankingSetTooLargeError is RankingSetTooLargeError
    assert issubclass(RankingSetTooLargeError, MemoryError)
    assert issubclass(RankingSetTooLargeError, ValueError)


def test_import_rankscore_does_not_import_sklearn():
    code = ("import sys, warnings, rankscore\n"
            "with warnings.catch_warnings(record=True) as w:\n"
            "    warnings.simplefilter('always')\n"
            "    rankscore.precision_score([0, 0], [0, 0])\n"
            "assert w[0].category is rankscore.UndefinedMetricWarning, w[0].category\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'sklearn'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": ":".join(sys.path)})
    assert out.stdout.strip() == "[]"


sklearn_exceptions = pytest.importorskip("sklearn.exceptions")


def test_category_subclasses_both_and_is_cached():
    both = undefined_metric_category()
    assert issubclass(both, UndefinedMetricWarning)
    assert issubclass(both, sklearn_exceptions.UndefinedMetricWarning)
    assert both is undefined_metric_category()
    assert both.__name__ == "UndefinedMetricWarning"


@pytest.mark.parametrize("category", [UndefinedMetricWarning,
                                      sklearn_exceptions.UndefinedMetricWarning])
def test_filtering_either_category_silences_rankscore(category):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=category)
        assert rankscore.precision_score([0, 0, 1], [0, 0, 0]) == 0.0
        assert rankscore.recall_score([0, 0, 0], [0, 0, 1]) == 0.0
    assert caught == []


@pytest.mark.parametrize("category", [UndefinedMetricWarning,
                                      sklearn_exceptions.UndefinedMetricWarning])
def test_error_filter_on_either_category_raises(category):
    with warnings.catch_warnings():
        warnings.simplefilter("error", category)
        with pytest.raises(category, match="Precision is ill-defined"):
            rankscore.precision_score([0, 0, 1], [0, 0, 0])


def test_warning_points_at_the_callers_line():
    with pytest.warns(UndefinedMetricWarning) as record:
        rankscore.precision_score([0, 0, 1], [0, 0, 0])
    assert record[0].filename == __file__


@pytest.mark.parametrize("call", [
    lambda: rankscore.recall_score([0, 0, 0], [0, 0, 1]),
    lambda: rankscore.f1_score([0, 0, 0], [0, 0, 0]),
    lambda: rankscore.fbeta_score([0, 0, 0], [0, 0, 0], beta=2),
    lambda: rankscore.g_mean_score([0, 0, 0], [0, 0, 0]),
    lambda: rankscore.specificity_score([1, 1, 1], [1, 1, 0]),
    lambda: rankscore.npv_score([0, 0, 1], [1, 1, 1]),
    lambda: rankscore.jaccard_score([0, 0, 0], [0, 0, 0]),
    lambda: rankscore.precision_recall_fscore_support([0, 0, 1], [0, 0, 0], average="binary"),
    lambda: rankscore.classification_report([0, 0, 1], [0, 0, 0]),
], ids=["recall", "f1", "fbeta", "g_mean", "specificity", "npv", "jaccard", "prfs", "report"])
def test_every_label_metric_warns_at_the_callers_line(call):
    with pytest.warns(UndefinedMetricWarning) as record:
        call()
    assert {w.filename for w in record} == {__file__}


def test_ignored_pos_label_warning_points_at_the_callers_line():
    with pytest.warns(UserWarning, match="pos_label") as record:
        rankscore.precision_score([0, 1, 2], [0, 1, 1], pos_label=2, average="macro")
    assert record[0].filename == __file__


def test_warn_undefined_metric_stacklevel():
    def library_function():
        warn_undefined_metric("undefined")

    with pytest.warns(sklearn_exceptions.UndefinedMetricWarning, match="undefined") as rec:
        library_function()
    assert rec[0].filename == __file__
    assert exceptions.__all__ == ["UndefinedMetricWarning", "RankingSetTooLargeError",
                                  "MemoryLimitError", "ColumnTypeError",
                                  "undefined_metric_category", "warn_undefined_metric"]
    assert issubclass(exceptions.RankingSetTooLargeError, exceptions.MemoryLimitError)
    assert issubclass(exceptions.MemoryLimitError, (MemoryError, ValueError))
    assert issubclass(exceptions.ColumnTypeError, TypeError)
    assert issubclass(exceptions.ColumnTypeError, ValueError)
