"""The result types of the engine's views, shared by the public modules that return them.

``BinaryConfusion`` (the counts at one threshold and every rate on them), ``GainTable``,
``ThresholdChoice``, ``KSResult`` and ``KSCurve`` are built here once and exported by
:mod:`rankscore.metrics`, :mod:`rankscore.gains`, :mod:`rankscore.thresholds` and
:mod:`rankscore.curves`, whose functions and whose :class:`rankscore.ScoreSummary` views
return them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple, Sequence

import numpy as np

from .validate import as_real, check_flag, check_real, is_finite, quoted

__all__ = ["KSResult", "KSCurve", "BinaryConfusion", "GainTable", "GAIN_COLUMNS",
           "ThresholdChoice", "check_beta", "aligned_lines", "percent_text"]


def _exported_by(module: str) -> Any:
    """Name the public module a type is documented, imported and pickled from."""
    def mark(cls: type) -> type:
        cls.__module__ = module
        return cls
    return mark


@_exported_by("rankscore.curves")
class KSResult(NamedTuple):
    """The KS statistic ``max_t |F-(t) - F+(t)|`` and the smallest threshold ``t`` reaching it.

    Examples
    --------
    >>> from rankscore import ks_statistic
    >>> result = ks_statistic([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> round(result.statistic, 4), result.threshold
    (0.6667, 0.52)
    """

    statistic: float
    threshold: float


@_exported_by("rankscore.curves")
class KSCurve(NamedTuple):
    """Empirical CDFs of both classes at every distinct score (increasing thresholds).

    Examples
    --------
    >>> from rankscore.curves import ks_curve
    >>> curve = ks_curve([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
    >>> curve.thresholds.tolist()
    [0.14, 0.23, 0.39, 0.52, 0.73, 0.9]
    >>> (curve.cdf_negative - curve.cdf_positive).round(4).tolist()
    [0.3333, 0.0, 0.3333, 0.6667, 0.3333, 0.0]
    """

    thresholds: np.ndarray
    cdf_negative: np.ndarray
    cdf_positive: np.ndarray


def _ratio(num: float, den: float) -> float:
    return num / den if den else math.nan


@_exported_by("rankscore.metrics")
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
    strict : bool, default False
        The rule at ``threshold``: positive when ``score >= threshold`` (False) or when
        ``score > threshold`` (True).

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
    strict: bool = False

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
        object.__setattr__(self, "strict", check_flag(self.strict, "strict"))

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
        beta = check_beta(beta)
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
        """``threshold``, ``strict``, the counts, ``n`` and every rate (``tpr`` is also
        recall/sensitivity)."""
        out: dict[str, Any] = {"threshold": self.threshold, "strict": self.strict}
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
        at += ", strict=True" if self.strict else ""
        rates = ", ".join(
            f"{k}={getattr(self, k):.4g}" for k in ("accuracy", "precision", "recall", "f1")
        )
        return f"BinaryConfusion({counts}{at}; {rates})"


def _count_text(v: float) -> str:
    return str(v) if isinstance(v, (int, np.integer)) else f"{v:g}"


def aligned_lines(header: Sequence[str], rows: Sequence[Sequence[str]],
                  indent: str = "") -> list[str]:
    """A text table's lines: the header, then the rows (at least one), each column
    right-aligned to its widest cell, two spaces apart, every line after ``indent``."""
    widths = [max(len(h), *(len(r[j]) for r in rows)) for j, h in enumerate(header)]
    out = [indent + "  ".join(h.rjust(w) for h, w in zip(header, widths))]
    out += [indent + "  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
    return out


def percent_text(level: float) -> str:
    """A level in (0, 1) as a percentage with every digit it has: 0.95 as "95%", 0.975 as
    "97.5%", 0.9999 as "99.99%" (never rounded to a level it is not, as ``:.0%`` does)."""
    digits = format(Decimal(repr(float(level))).scaleb(2).normalize(), "f")
    return f"{digits}%"


def check_beta(beta: Any) -> float:
    return check_real(beta, "beta", low=0)


GAIN_COLUMNS = (
    "group", "score_max", "score_min", "count", "positives", "response_rate", "gain",
    "cumulative_gain", "lift", "cumulative_lift", "ks",
)


@_exported_by("rankscore.gains")
@dataclass(frozen=True, eq=False)
class GainTable:
    """One row per group of a gain/lift table (see :func:`gain_table`).

    Each attribute below except the totals is a NumPy column with one entry per group,
    best-scored group first. ``count`` and ``positives`` are ``int64`` without sample
    weights and ``float64`` (sums of weights) with them.

    Attributes
    ----------
    group : ndarray of int64
        Group number, 1-based, consecutive.
    score_max, score_min : ndarray of float64
        Highest and lowest score in the group.
    count : ndarray
        Number of samples (total weight) in the group.
    positives : ndarray
        Positives (their total weight) in the group.
    response_rate : ndarray of float64
        ``positives / count``: the fraction of positives inside the group.
    gain : ndarray of float64
        ``positives / total_positives``: the group's share of all positives.
    cumulative_gain : ndarray of float64
        Share of all positives in this group and the ones above it.
    lift : ndarray of float64
        ``response_rate / prior``.
    cumulative_lift : ndarray of float64
        ``cumulative_gain / cumulative fraction targeted``.
    ks : ndarray of float64
        ``TPR - FPR`` when every group down to this one is predicted positive (the
        threshold is the group's lower border, ``score_min``).
    total_count, total_positives : float
        Number (weight) of all samples and of all positives.
    prior : float
        ``total_positives / total_count``.
    n_groups : int
        The number of groups asked for (``len(table)`` may be smaller, see
        :func:`gain_table`).

    Examples
    --------
    >>> from rankscore.gains import gain_table
    >>> table = gain_table([1, 0, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4], n_groups=3)
    >>> table.lift.round(4).tolist()
    [1.0, 2.0, 0.0]
    >>> table.to_pandas().columns[:4].tolist()
    ['group', 'score_max', 'score_min', 'count']
    """

    group: np.ndarray
    score_max: np.ndarray
    score_min: np.ndarray
    count: np.ndarray
    positives: np.ndarray
    response_rate: np.ndarray
    gain: np.ndarray
    cumulative_gain: np.ndarray
    lift: np.ndarray
    cumulative_lift: np.ndarray
    ks: np.ndarray
    total_count: float
    total_positives: float
    prior: float
    n_groups: int

    @staticmethod
    def column_names() -> tuple[str, ...]:
        """Names of the per-group columns, in table order."""
        return GAIN_COLUMNS

    def __len__(self) -> int:
        return len(self.group)

    def __getitem__(self, name: str) -> np.ndarray:
        if name not in self.column_names():
            raise KeyError(f"{quoted(name)} is not a column; columns: "
                           f"{', '.join(self.column_names())}")
        column: np.ndarray = getattr(self, name)
        return column

    def to_dict(self) -> dict[str, np.ndarray]:
        """The columns as ``{name: array}``, in table order."""
        return {name: getattr(self, name) for name in self.column_names()}

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame`` (needs pandas: ``pip install rankscore[pandas]``)."""
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - depends on the environment
            raise ImportError(
                "GainTable.to_pandas() needs pandas; install it with "
                "'pip install rankscore[pandas]'"
            ) from None
        return pd.DataFrame(self.to_dict())

    def _cells(self) -> list[list[str]]:
        rows = []
        for i in range(len(self)):
            row = []
            for name in self.column_names():
                value = getattr(self, name)[i]
                if isinstance(value, np.integer):
                    row.append(str(int(value)))
                elif name in ("score_max", "score_min", "count", "positives"):
                    row.append(f"{value:.6g}")
                else:  # rates, gains, lifts, ks
                    row.append(f"{value:.4f}")
            rows.append(row)
        return rows

    def to_markdown(self) -> str:
        """The table as GitHub-flavoured Markdown (rates rounded to 4 decimals)."""
        names = self.column_names()
        lines = ["| " + " | ".join(names) + " |", "|" + "---:|" * len(names)]
        lines += ["| " + " | ".join(row) + " |" for row in self._cells()]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:  # Jupyter shows the Markdown table
        return self.to_markdown()

    def __str__(self) -> str:
        return "\n".join(aligned_lines(self.column_names(), self._cells()))

    def __repr__(self) -> str:
        head = (
            f"GainTable({len(self)} groups of {self.n_groups} asked; "
            f"total_count={self.total_count:.6g}, total_positives={self.total_positives:.6g}, "
            f"prior={self.prior:.4f})"
        )
        return head + "\n" + str(self)


@_exported_by("rankscore.thresholds")
class ThresholdChoice(NamedTuple):
    """The chosen threshold, the objective's value there and the confusion there.

    Examples
    --------
    >>> from rankscore import best_threshold
    >>> choice = best_threshold([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.90], "youden")
    >>> choice.threshold, round(choice.value, 4), choice.confusion.tp
    (0.73, 0.6667, 2)
    """

    threshold: float
    value: float
    confusion: BinaryConfusion
    objective: str
