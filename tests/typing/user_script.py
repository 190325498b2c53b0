"""An ordinary typed user script: `mypy --strict` passes on it (.ci/run), and its
``assert_type`` lines pin the result types (an ``Any`` would fail them). It also runs
(tests/test_typing.py)."""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")

import numpy as np
from matplotlib.axes import Axes
from numpy.typing import NDArray

import rankscore
from rankscore import (KSResult, ScoreSummary, binary_report, precision_recall_curve,
                       roc_auc_score, roc_curve)
from rankscore.plot import RocCurveDisplay, plot_roc
from rankscore.report import BinaryReport

if sys.version_info >= (3, 11):
    from typing import assert_type
else:  # pragma: no cover - Python 3.10
    from typing_extensions import assert_type

rng = np.random.default_rng(0)
y: NDArray[np.int64] = (rng.random(500) < 0.3).astype(np.int64)
s: NDArray[np.float64] = y + rng.normal(0.0, 1.0, 500)

auc = roc_auc_score(y, s)
assert_type(auc, float)
print(f"AUC = {auc:.3f}")

fpr, tpr, thresholds = roc_curve(y, s, drop_intermediate=False)
assert_type(fpr, NDArray[np.float64])
assert_type(thresholds, NDArray[np.float64])
best = int(np.argmax(tpr - fpr))
print(f"Youden's J = {float(tpr[best] - fpr[best]):.3f} at {float(thresholds[best]):.3f}")

precision, recall, pr_thresholds = precision_recall_curve(y, s)
assert_type(precision, NDArray[np.float64])
print(f"{precision.size} precision-recall points, {pr_thresholds.size} thresholds")

ks = rankscore.ks_statistic(y, s)
assert_type(ks, KSResult)
statistic: float = ks.statistic
print(f"KS = {statistic:.3f} at {ks.threshold:.3f}")

report = binary_report(y, s, threshold=0.5)
assert_type(report, BinaryReport)
roc_auc = report["ranking"]["roc_auc"]
assert_type(roc_auc, "int | float | None")
positives = report["counts"]["positives"]
print(f"report: AUC {roc_auc}, {positives} positives, {len(report['gain_table'])} groups")

summary = ScoreSummary.from_arrays(y, s)
assert_type(summary.roc_auc(), float)
assert_type(summary.n_positives, "int | float")
merged = summary.merge(ScoreSummary.from_arrays(y[:10], s[:10]))
assert_type(merged, ScoreSummary)
lift: float = merged.lift_at(0.1)
print(f"top-decile lift {lift:.2f} over {merged.n_positives:g} positives")

ax = plot_roc(y, s, color="crimson", linestyle="--", label="model")
assert_type(ax, Axes)
display = RocCurveDisplay.from_predictions(y, s, name="model", color="C2")
assert_type(display, RocCurveDisplay)
area = display.roc_auc
assert_type(area, "float | None")
print(f"display AUC {area}, curve of {display.fpr.size} points")
confusion = rankscore.binary_confusion(y, s, threshold=0.5)
assert_type(confusion.recall, float)
print(f"recall {confusion.recall:.3f}, precision {confusion.precision:.3f}")
