"""The score summary: distinct scores with the negatives and positives at each, and every
threshold-sweep result as a view of it."""

from __future__ import annotations

import math
from typing import Any, Iterable, cast

import numpy as np

from .. import _backend, gains, metrics
from .._engine import arrays as shapes, validate
from .._engine.parts import binary_problem
from .._engine.results import KSCurve, KSResult, ThresholdChoice
from .._engine.sweep import Scan, Sweep, cumulative, scan, summary_arrays
from .._engine.views import (TIE_RTOL, ap_view, auc_view, best_threshold_view,
                             cumulative_gain_view, det_view, gain_table_view, ks_curve_view,
                             ks_view, lift_view, pr_auc_view, pr_view, roc_view)
from ..thresholds import checked_options
from . import encoding
from .checks import checked_arrays, plain_label, same_label
from .compression import binned, loose_share
from .merging import check_mergeable, merge_many, promoted_arrays
from .reports import report_cuts, report_of_reads, summary_confusion

__all__ = ["ScoreSummary"]

class ScoreSummary:
    """Distinct scores (descending) with the negatives and positives at each one.

    Build one with :meth:`from_arrays`, :meth:`merge_all`, a :class:`ScoreAccumulator` or
    :meth:`from_bytes`; the module docstring lists the whole API.

    Parameters
    ----------
    thresholds : ndarray of float32 or float64
        Distinct scores, strictly decreasing.
    negatives, positives : ndarray of int64 or float64
        Negatives / positives (counts, or weight sums) scoring exactly each threshold.
    pos_label : label
        The positive class.

    Notes
    -----
    With ``fp(t) = Σ_{t' >= t} negatives`` and ``tp(t) = Σ_{t' >= t} positives``, every
    curve of the threshold sweep is a function of (thresholds, fp, tp): for example
    ``fpr = fp / fp(-inf)`` and ``tpr = tp / tp(-inf)``. The constructor checks its
    arrays (as :meth:`from_bytes` does: at most 2**62 rows, added without wrapping; weight
    sums with a finite total); :meth:`from_arrays` is the usual way in. A summary is
    immutable and may be read from many threads at once.

    Examples
    --------
    >>> from rankscore import ScoreSummary
    >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
    >>> s.thresholds.tolist(), s.positives.tolist(), s.negatives.tolist()
    ([0.9, 0.73, 0.52, 0.39, 0.23, 0.14], [1, 1, 0, 0, 1, 0], [0, 0, 1, 1, 0, 1])
    >>> a = ScoreSummary.from_arrays([0, 1, 0], [0.14, 0.23, 0.39])
    >>> b = ScoreSummary.from_arrays([0, 1, 1], [0.52, 0.73, 0.9])
    >>> a.merge(b) == s
    True
    """

    __slots__ = ("thresholds", "negatives", "positives", "pos_label", "_loose", "_compressed",
                 "_cache")
    __hash__ = None  # type: ignore[assignment]  # mutable caches; equality is by value

    def __init__(self, thresholds: Any, negatives: Any, positives: Any, pos_label: Any = 1):
        thresholds, negatives, positives, totals = checked_arrays(
            thresholds, negatives, positives)
        self._set(thresholds, negatives, positives, plain_label(pos_label))
        self._set_totals(*totals)

    @classmethod
    def _trusted(cls, thresholds: Any, negatives: Any, positives: Any, pos_label: Any) -> ScoreSummary:
        """A summary from kernel output (already checked by construction)."""
        self = cls.__new__(cls)
        self._set(thresholds, negatives, positives, pos_label)
        return self

    def _set(self, thresholds: Any, negatives: Any, positives: Any, pos_label: Any) -> None:
        # Set once, before the summary is shared: the arrays are read-only and every later
        # change is a cache entry computed from them (the same value whichever thread
        # computes it first), so a summary may be read from many threads at once.
        for arr in (thresholds, negatives, positives):
            arr.flags.writeable = False
        self.thresholds, self.negatives, self.positives = thresholds, negatives, positives
        self.pos_label = pos_label
        self._loose = 0.0  # the share of positive-negative pairs compress() made ties
        self._compressed = False  # binned (by compress): refuses to merge, even at _loose 0
        self._cache: dict[Any, Any] = {}

    def _set_totals(self, n_negatives: Any, n_positives: Any) -> None:
        self._cache[("total", False)] = n_negatives
        self._cache[("total", True)] = n_positives

    @property
    def loose_pairs(self) -> float:
        """Positive-negative pairs :meth:`compress` made ties (0.0 for an exact summary)."""
        if not self._loose:
            return 0.0
        return self._loose * float(self.n_positives) * float(self.n_negatives)

    @loose_pairs.setter
    def loose_pairs(self, pairs: float) -> None:
        # (set once, by whoever builds a compressed summary, before it is shared)
        self._loose = loose_share(pairs, self.n_positives, self.n_negatives)
        self._compressed = True

    @property
    def compressed(self) -> bool:
        """True for a summary binned by :meth:`compress` (it cannot be merged), also when
        its bins made no pair a tie (``auc_error_bound`` 0.0)."""
        return self._compressed

    # -- building -------------------------------------------------------------------

    @classmethod
    def from_arrays(cls, y_true: Any, y_score: Any, *, pos_label: Any = None,
                    sample_weight: Any = None) -> "ScoreSummary":
        """Summarise one batch of labels and scores.

        Parameters
        ----------
        y_true : array-like of shape (n_samples,)
            Labels: {0, 1}, {-1, 1} or bool need no ``pos_label`` (1 is positive, also in
            a batch of 0s only); other labels need it.
        y_score : array-like of shape (n_samples,)
            Finite scores; float32 stays float32, other numbers become float64.
        pos_label : int, float, bool or str, default=None
            The positive class.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights; zero-weight samples are dropped (all zero: an empty
            summary).

        Returns
        -------
        ScoreSummary
            Counts (int64) without weights, weight sums (float64) with them.

        See Also
        --------
        ScoreAccumulator : Summarise data arriving in batches.
        roc_curve : One of the views, computed the same way.

        Notes
        -----
        Each class's scores are sorted (or, for large unweighted inputs with few distinct
        scores, counted per score in one pass) and the two parts merged into the distinct
        thresholds, as the curve functions do.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays(["ham", "spam", "spam"], [0.2, 0.7, 0.7],
        ...                              pos_label="spam")
        >>> s.thresholds.tolist(), s.positives.tolist(), s.n_negatives
        ([0.7, 0.2], [2, 0], 1)
        """
        problem = binary_problem(y_true, y_score, pos_label, sample_weight)
        label = 1 if pos_label is None else plain_label(pos_label)
        return cls._trusted(*summary_arrays(problem), label)

    # -- merging --------------------------------------------------------------------

    def merge(self, other: "ScoreSummary") -> "ScoreSummary":
        """The summary of both summaries' data together (exact; O(d_a + d_b)).

        Parameters
        ----------
        other : ScoreSummary
            Same ``pos_label``.

        Returns
        -------
        ScoreSummary
            Thresholds = the union; counts added where a threshold is in both.

        See Also
        --------
        merge_all : Many summaries at once.

        Notes
        -----
        float32 with float64 gives float64; unweighted with weighted gives weight sums
        (each unweighted sample weighs 1).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> a = ScoreSummary.from_arrays([0, 1], [0.1, 0.5])
        >>> b = ScoreSummary.from_arrays([1, 1], [0.5, 0.9])
        >>> m = a.merge(b)
        >>> m.thresholds.tolist(), m.positives.tolist(), m.negatives.tolist()
        ([0.9, 0.5, 0.1], [1, 2, 0], [0, 0, 1])
        """
        return ScoreSummary.merge_all((self, other))

    @classmethod
    def merge_all(cls, summaries: Iterable["ScoreSummary"]) -> "ScoreSummary":
        """Merge any number of summaries in one compiled pass (a tournament tree of the
        summaries' next thresholds: O(D log k) for k summaries of D thresholds in all; on
        CPUs with AVX-512F, 9 to 128 summaries meet in vector tournaments, four side by
        side; two threads, each on one range of scores, past 2**21 thresholds).

        Parameters
        ----------
        summaries : iterable of ScoreSummary
            At least one; all with the same ``pos_label``.

        Returns
        -------
        ScoreSummary

        See Also
        --------
        merge : Two summaries.

        Notes
        -----
        The result does not depend on the order (counts are integers; weight sums are
        added a + b at each shared threshold, exact whenever the sums are representable).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> parts = [ScoreSummary.from_arrays([0, 1], [i / 10, i / 10 + 0.05])
        ...          for i in range(4)]
        >>> len(ScoreSummary.merge_all(parts))
        8
        """
        if isinstance(summaries, ScoreSummary):
            raise TypeError("merge_all takes an iterable of ScoreSummary objects, got one "
                            "summary")
        parts = list(summaries)
        if not parts:
            raise ValueError("nothing to merge: no summaries given")
        for s in parts:
            if not isinstance(s, ScoreSummary):
                raise TypeError(f"can only merge ScoreSummary objects, got {type(s).__name__}")
        check_mergeable(parts)
        dtype = np.result_type(*(s.dtype for s in parts))
        weighted = any(s.weighted for s in parts)
        parts = [s if arrays is None else ScoreSummary._trusted(*arrays, s.pos_label)
                 for s, arrays in ((s, promoted_arrays(s, dtype, weighted)) for s in parts)]
        if len(parts) == 1:
            return parts[0]
        return ScoreSummary._trusted(*merge_many(parts), parts[0].pos_label)

    # -- compression ----------------------------------------------------------------

    def compress(self, max_thresholds: int) -> "ScoreSummary":
        """A summary of at most ``max_thresholds`` thresholds, with its AUC error bound.

        Adjacent thresholds are merged into bins of about equal size (count, or weight):
        each bin keeps the lowest score it holds, with the bin's negatives and positives.
        Opt-in: exact stays the default (this summary is not changed).

        Parameters
        ----------
        max_thresholds : int
            At least 1. A summary with no more thresholds than this is returned as is.

        Returns
        -------
        ScoreSummary
            Its ``auc_error_bound`` bounds ``|roc_auc() - exact roc_auc()|``.

        See Also
        --------
        auc_error_bound : The bound.

        Notes
        -----
        A bin's lowest score keeps the running sums exact there, so every point of the
        compressed ROC, PR, gain ... curves is a point of the exact curve (predict positive
        for ``score >= bin minimum``); only the points inside bins are dropped. Within a bin
        positive-negative pairs become ties (half credit) whatever their order was, so the
        AUC moves by at most half of them:
        ``|ΔAUC| <= (Σ_bins P_b N_b - Σ_thresholds P_t N_t) / (2 P N)`` (the second sum:
        pairs tied already). About ``1 / (8 max_thresholds prior (1 - prior))`` for
        continuous scores. Compressed summaries cannot be merged (their bins would hide
        where another summary's scores fall), also those whose bins made no pair a tie
        (``auc_error_bound`` 0.0): merge first, compress last.

        Examples
        --------
        >>> import numpy as np
        >>> from rankscore import ScoreSummary
        >>> rng = np.random.default_rng(0)
        >>> y = rng.random(10_000) < 0.3
        >>> s = ScoreSummary.from_arrays(y, rng.random(10_000) + 0.5 * y)
        >>> small = s.compress(100)
        >>> len(s), len(small)
        (10000, 100)
        >>> abs(small.roc_auc() - s.roc_auc()) <= small.auc_error_bound < 0.01
        True
        """
        max_thresholds = validate.check_positive_int(max_thresholds, "max_thresholds")
        if len(self) <= max_thresholds:
            return self
        fps, tps, _ = self.sweep()
        n_neg, n_pos = self.n_negatives, self.n_positives
        *arrays, made = binned(self.thresholds, self.negatives, self.positives, fps + tps,
                               max_thresholds, float(n_neg), float(n_pos))
        compressed = ScoreSummary._trusted(arrays[0], arrays[1], arrays[2], self.pos_label)
        compressed._set_totals(n_neg, n_pos)
        compressed._loose, compressed._compressed = min(1.0, self._loose + made), True
        return compressed

    @property
    def auc_error_bound(self) -> float:
        """Largest possible ``|roc_auc() - exact AUC|`` after :meth:`compress` (0.0 for an
        exact summary): half the positive-negative pairs made ties, over ``P N``."""
        # (1 + 1e-9): room for the rounding of the float64 sums behind both AUCs
        return min(1.0, self._loose / 2 * (1 + 1e-9)) if self._loose else 0.0

    # -- reading --------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.thresholds)

    @property
    def weighted(self) -> bool:
        """True when the counts are float64 weight sums."""
        return bool(self.negatives.dtype.kind == "f")

    @property
    def dtype(self) -> np.dtype:
        """The dtype of the thresholds (float32 or float64)."""
        return cast(np.dtype, self.thresholds.dtype)

    @property
    def nbytes(self) -> int:
        """Bytes held by the three arrays."""
        return int(self.thresholds.nbytes + self.negatives.nbytes + self.positives.nbytes)

    def _cumulative(self) -> tuple[np.ndarray, np.ndarray]:
        """(fp, tp): negatives / positives scoring >= each threshold, float64 (the sweep)."""
        return self.sweep()[:2]

    def sweep(self) -> Sweep:
        """The threshold sweep every curve reads: ``(fps, tps, thresholds)``.

        Returns
        -------
        Sweep
            ``fps[i]`` / ``tps[i]``: negatives / positives scoring ``>= thresholds[i]``
            (float64 running sums from the top score down).

        See Also
        --------
        roc_curve : FPR and TPR from it.

        Notes
        -----
        ``fps = cumsum(negatives)``, ``tps = cumsum(positives)``; computed once and kept.
        An empty summary (no rows, or every weight zero) raises a ``ValueError``.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> ScoreSummary.from_arrays([0, 1, 1], [0.2, 0.4, 0.4]).sweep().tps.tolist()
        [2.0, 2.0]
        """
        if "sweep" not in self._cache:
            if len(self) == 0 and not self.weighted:  # (weighted: cumulative's message)
                raise ValueError("the summary holds no rows; nothing to score")
            sweep = cumulative(self.thresholds, self.negatives, self.positives)
            for arr in sweep[:2]:
                arr.flags.writeable = False  # shared by every view and every thread
            self._cache["sweep"] = sweep
        return cast(Sweep, self._cache["sweep"])

    def _scan(self) -> Scan:
        """AUC, KS, AP and PR AUC read in one compiled pass (kept)."""
        if "scan" not in self._cache:
            if len(self) == 0:
                self.sweep()  # raises: nothing to score
            self._cache["scan"] = scan(self.thresholds, self.negatives, self.positives)
        return cast(Scan, self._cache["scan"])

    # -- views ----------------------------------------------------------------------
    # Each equals the public function of the same name on the summarised data (same
    # values, warnings and errors); see that function for the formulas.

    def roc_curve(self, *, drop_intermediate: bool = True) -> shapes.Curve:
        """ROC curve ``(fpr, tpr, thresholds)``, as :func:`rankscore.roc_curve`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([1, 1, 2, 2], [0.1, 0.4, 0.35, 0.8], pos_label=2)
        >>> fpr, tpr, thresholds = s.roc_curve()
        >>> fpr.tolist(), tpr.tolist()
        ([0.0, 0.0, 0.5, 0.5, 1.0], [0.0, 0.5, 0.5, 1.0, 1.0])
        """
        drop_intermediate = validate.check_flag(drop_intermediate, "drop_intermediate")
        return roc_view(self.sweep(), drop_intermediate)

    def roc_auc(self, *, max_fpr: float | None = None) -> float:
        """ROC AUC (standardised partial AUC with ``max_fpr``), as
        :func:`rankscore.roc_auc_score` for binary labels (exact pair counts without
        weights). NaN with a warning when a class is missing.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> s.roc_auc() == 7 / 9
        True
        """
        max_fpr = validate.check_max_fpr(max_fpr)
        summary = (self.thresholds, self.negatives, self.positives)
        return auc_view(self._scan(), summary, max_fpr)

    def gini(self) -> float:
        """Gini = 2 · AUC − 1, as :func:`rankscore.gini_score`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> round(s.gini(), 4)
        0.5556
        """
        return 2 * auc_view(self._scan()) - 1

    def precision_recall_curve(self, *, drop_intermediate: bool = False) -> shapes.PRCurve:
        """``(precision, recall, thresholds)``, as :func:`rankscore.precision_recall_curve`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> p, r, t = ScoreSummary.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
        ...                                    ).precision_recall_curve()
        >>> r.tolist(), t.tolist()
        ([1.0, 1.0, 0.5, 0.5, 0.0], [0.1, 0.35, 0.4, 0.8])
        """
        drop_intermediate = validate.check_flag(drop_intermediate, "drop_intermediate")
        return pr_view(self.sweep(), drop_intermediate)

    def average_precision(self) -> float:
        """Average precision, as :func:`rankscore.average_precision_score` (binary).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> round(s.average_precision(), 4)
        0.8667
        """
        return ap_view(self._scan())

    def pr_auc(self) -> float:
        """Trapezoidal area under the PR curve, as :func:`rankscore.pr_auc_score`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> round(s.pr_auc(), 4)
        0.85
        """
        scan = self._scan()
        if not math.isnan(scan.pr_auc):
            return scan.pr_auc
        return pr_auc_view(scan, self.sweep())  # no positives: draws the curve

    def det_curve(self, *, drop_intermediate: bool = False) -> shapes.Curve:
        """``(fpr, fnr, thresholds)``, as :func:`rankscore.det_curve`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> fpr, fnr, t = ScoreSummary.from_arrays([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
        ...                                        ).det_curve()
        >>> fpr.tolist(), fnr.tolist(), t.tolist()
        ([0.5, 0.5, 0.0], [0.0, 0.5, 0.5], [0.35, 0.4, 0.8])
        """
        drop_intermediate = validate.check_flag(drop_intermediate, "drop_intermediate")
        return det_view(self.sweep(), drop_intermediate)

    def ks_statistic(self) -> KSResult:
        """``(statistic, threshold)``, as :func:`rankscore.ks_statistic`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> ks = s.ks_statistic()
        >>> round(ks.statistic, 4), ks.threshold
        (0.6667, 0.52)
        """
        return ks_view(self._scan())

    def ks_curve(self) -> KSCurve:
        """Both classes' empirical CDFs, as :func:`rankscore.curves.ks_curve`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> c = ScoreSummary.from_arrays([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]).ks_curve()
        >>> c.cdf_negative.tolist(), c.cdf_positive.tolist()
        ([0.5, 0.5, 1.0, 1.0], [0.0, 0.5, 0.5, 1.0])
        """
        return ks_curve_view(self.sweep())

    def gain_table(self, n_groups: int = 10) -> gains.GainTable:
        """Gain/lift table, as :func:`rankscore.gains.gain_table`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([1, 0, 1, 1, 0, 0], [0.9, 0.8, 0.7, 0.6, 0.5, 0.4])
        >>> s.gain_table(3).lift.round(4).tolist()
        [1.0, 2.0, 0.0]
        """
        n_groups = validate.check_positive_int(n_groups, "n_groups")
        return gain_table_view(self.sweep(), n_groups, weighted=self.weighted)

    def cumulative_gain_curve(self) -> shapes.Curve:
        """``(fraction_targeted, fraction_captured, thresholds)``, as
        :func:`rankscore.gains.cumulative_gain_curve` (the captured response curve).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> x, y, _ = ScoreSummary.from_arrays([0, 1, 1], [0.1, 0.5, 0.9]
        ...                                    ).cumulative_gain_curve()
        >>> x.round(4).tolist(), y.tolist()
        ([0.0, 0.3333, 0.6667, 1.0], [0.0, 0.5, 1.0, 1.0])
        """
        return cumulative_gain_view(self.sweep())

    def lift_curve(self) -> shapes.Curve:
        """``(fraction_targeted, lift, thresholds)``, as :func:`rankscore.gains.lift_curve`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> _, lift, _ = ScoreSummary.from_arrays([0, 1, 1], [0.1, 0.5, 0.9]).lift_curve()
        >>> lift.tolist()
        [1.5, 1.5, 1.0]
        """
        return lift_view(self.sweep())

    def lift_at(self, fraction: float = 0.1) -> float:
        """Cumulative lift when the best-scored ``fraction`` of the population is targeted
        (0.1: the top-decile lift).

        Parameters
        ----------
        fraction : float in (0, 1], default=0.1

        Returns
        -------
        float
            ``captured(fraction) / fraction``, ``captured`` read on the cumulative gain
            curve by linear interpolation (tied scores spread evenly over their step).

        See Also
        --------
        lift_curve : The lift at every distinct threshold.

        Notes
        -----
        A random ranking has lift 1; the best possible is ``1 / prevalence`` while
        ``fraction <= prevalence``.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 0, 0, 1, 1], [0.14, 0.23, 0.39, 0.52, 0.73, 0.9])
        >>> s.lift_at(0.1)
        2.0
        """
        fraction = validate.check_real(fraction, "fraction", low=0, high=1, low_open=True)
        x, captured, _ = cumulative_gain_view(self.sweep())
        return float(np.interp(fraction, x, captured)) / fraction

    def confusion(self, threshold: float = 0.5, *, strict: bool = False) -> metrics.BinaryConfusion:
        """Counts and rates predicting positive when ``score >= threshold`` (``>`` with
        ``strict``), as :func:`rankscore.binary_confusion` (every rate is a property).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> from rankscore.datasets import load_spam
        >>> data = load_spam()
        >>> c = ScoreSummary.from_arrays(data.target, data.score, pos_label="spam").confusion(0.5)
        >>> c.tp, c.fn, c.fp, c.tn, round(c.f1, 3)
        (6, 3, 2, 9, 0.706)
        """
        rule: dict[str, Any] = dict(threshold=validate.check_threshold(threshold), strict=strict)
        at = validate.inclusive_threshold(rule["threshold"], strict)  # score >= at is the rule
        if len(self) == 0:
            self.sweep()  # raises: nothing to score
        return summary_confusion(self.thresholds, self.negatives, self.positives, at, rule)

    def best_threshold(self, objective: str, *, min_precision: float | None = None,
                       min_recall: float | None = None, beta: float = 1.0,
                       profit_matrix: Any = None) -> ThresholdChoice:
        """The threshold that maximizes ``objective``, as :func:`rankscore.best_threshold`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> from rankscore.datasets import load_spam
        >>> data = load_spam()
        >>> s = ScoreSummary.from_arrays(data.target, data.score, pos_label="spam")
        >>> choice = s.best_threshold("youden")
        >>> choice.threshold, round(choice.value, 4)
        (0.676, 0.5758)
        """
        options = checked_options(objective, min_precision, min_recall, beta, profit_matrix)
        if (objective in ("youden", "f_beta") and not self.weighted and len(self)
                and self.n_positives and self.n_negatives):
            return self._best_of_counts(objective, options[2])
        return best_threshold_view(self.sweep(), self.weighted, objective, *options)

    def _best_of_counts(self, objective: str, beta: float) -> ThresholdChoice:
        """best_threshold for Youden's J or F-beta of an unweighted summary with both
        classes, read from the counts (``objective_scan_counts``) without the sweep: the
        same objective values, the same choice as ``best_threshold_view``."""
        positives, negatives = self.n_positives, self.n_negatives
        code, a, b = ((2, 0.0, 0.0) if objective == "youden" else (3, 0.0, 0.0)
                      if math.isinf(beta) else (4, 1 + beta * beta, beta * beta * positives))
        kernel = _backend.kernels.objective_scan_counts
        read = (self.negatives, self.positives, code, a, b, float(positives), float(negatives))
        best = kernel(*read, math.nan)[0]
        return self._choice(objective, *kernel(*read, best - TIE_RTOL * max(1.0, abs(best))))

    def _choice(self, objective: str, value: float, i: int, tp: int, fp: int
                ) -> ThresholdChoice:
        """best_threshold's result: threshold i chosen, ``value`` there, tp/fp counts."""
        threshold = float(self.thresholds[i])
        confusion = metrics.BinaryConfusion(tp, fp, self.n_positives - tp,
                                            self.n_negatives - fp, threshold=threshold)
        return ThresholdChoice(threshold, value, confusion, objective)

    def _report_reads(self, n_groups: int) -> Any:
        """What binary_report reads of an unweighted summary with both classes, in one
        compiled pass (``summary_report_counts``; the scan is kept for the other views):
        (best threshold for Youden's J, for F1, gain table)."""
        return self._report_numbers(n_groups, 0.5)[2:]

    def _report_numbers(self, n_groups: int, threshold: float) -> tuple[Any, ...]:
        """(scan, confusion at ``threshold``, Youden's J choice, F1 choice, gain table) of
        an unweighted summary with both classes, in one compiled pass."""
        n = int(self.n_positives + self.n_negatives)  # unweighted: counts
        cuts = report_cuts(n, n_groups)
        reads = _backend.kernels.summary_report_counts(
            self.thresholds, self.negatives, self.positives,
            np.empty(0, np.int64) if cuts is None else cuts, TIE_RTOL, threshold)
        numbers = report_of_reads(reads, n_groups, threshold, cuts is not None)
        self._cache["scan"] = numbers[0]
        if cuts is None:
            numbers = (*numbers[:4], self.gain_table(n_groups))
        return numbers

    def prevalence(self) -> float:
        """Share of positives (weighted if the summary is), as :func:`rankscore.gains.prevalence`.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> ScoreSummary.from_arrays([0, 1, 1, 1], [0.1, 0.2, 0.3, 0.4]).prevalence()
        0.75
        """
        if not self.weighted:
            if len(self) == 0:
                self.sweep()
            return self.n_positives / (self.n_positives + self.n_negatives)
        fps, tps, _ = self.sweep()
        return float(tps[-1]) / float(tps[-1] + fps[-1])

    @property
    def n_negatives(self) -> int | float:
        """All negatives (count, or weight sum)."""
        return self._total(self.negatives)

    @property
    def n_positives(self) -> int | float:
        """All positives (count, or weight sum)."""
        return self._total(self.positives)

    def _total(self, counts: np.ndarray) -> int | float:
        key = ("total", counts is self.positives)
        if key not in self._cache:
            if not len(counts):
                total = 0.0 if self.weighted else 0
            elif self.weighted:  # the last running sum, as the views read it
                total = float(self._cumulative()[counts is self.positives][-1])
            else:
                total = int(counts.sum())
            self._cache[key] = total
        return cast(int | float, self._cache[key])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSummary):
            return NotImplemented
        return (self.dtype == other.dtype and self.weighted == other.weighted
                and self._loose == other._loose and self._compressed == other._compressed
                and same_label(self.pos_label, other.pos_label)
                and np.array_equal(self.thresholds, other.thresholds)
                and np.array_equal(self.negatives, other.negatives)
                and np.array_equal(self.positives, other.positives))

    def __repr__(self) -> str:
        kind = "weighted" if self.weighted else "unweighted"
        bound = (f", compressed: AUC within {self.auc_error_bound:.3g}"
                 if self._compressed else "")
        return (f"ScoreSummary({len(self)} thresholds, {self.n_positives} positives, "
                f"{self.n_negatives} negatives, {kind}, pos_label={self.pos_label!r}, "
                f"{self.dtype}{bound})")

    # -- bytes and pickle -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """A compact little-endian form that checks itself (a CRC-32C over all of it).

        Returns
        -------
        bytes
            A 28-byte header (magic ``RSSM``, format version 2, flags, the kind and
            length of ``pos_label``, the number of thresholds, the compression share),
            ``pos_label``, the three arrays (each part zero-padded to a multiple of 8
            bytes) and the CRC-32C of everything before it (4 bytes).

        See Also
        --------
        from_bytes : The inverse.

        Notes
        -----
        ``pos_label`` must be an int, float, bool, str or bytes (the labels the curve
        functions accept). The checksum is taken as the arrays are copied (two threads,
        one half each, for summaries of 8 MiB or more).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 1], [0.2, 0.4, 0.4])
        >>> data = s.to_bytes()
        >>> len(data), ScoreSummary.from_bytes(data) == s
        (84, True)
        """
        return encoding.summary_bytes(self.thresholds, self.negatives, self.positives,
                                      self.pos_label, self._loose, self._compressed)

    @classmethod
    def from_bytes(cls, data: bytes) -> "ScoreSummary":
        """Read the form written by :meth:`to_bytes`, checked: anything but an intact
        summary is a ``ValueError`` saying what is wrong.

        Parameters
        ----------
        data : bytes-like
            Written by :meth:`to_bytes` (format version 2, or version 1 of rankscore
            before the checksum).

        Returns
        -------
        ScoreSummary
            Its arrays are read-only views of ``data`` when ``data`` is ``bytes`` (other
            buffers are copied first).

        See Also
        --------
        to_bytes : The writer.

        Notes
        -----
        The checksum must match, and the summary must be one :meth:`to_bytes` writes:
        thresholds finite and strictly decreasing, counts non-negative with a sample at
        every threshold, at most 2**62 rows in all (weight sums: a finite total), a
        compressed summary's share of tied pairs in (0, 1] with both classes present,
        ``pos_label`` written as the writer writes it and every padding byte zero.
        Version 1 data has no checksum: it gets the same checks of its contents.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> data = bytearray(ScoreSummary.from_arrays([0, 1], [0.2, 0.4]).to_bytes())
        >>> data[40] ^= 1  # one bit of a threshold
        >>> ScoreSummary.from_bytes(data)
        Traceback (most recent call last):
        ...
        ValueError: corrupt ScoreSummary data: the checksum does not match (CRC-32C 0x...)
        """
        read = encoding.decoded(data)
        summary = cls._trusted(read.thresholds, read.negatives, read.positives, read.pos_label)
        summary._set_totals(*read.totals)
        summary._loose = read.loose
        summary._compressed = read.compressed
        return summary

    def __reduce__(self) -> tuple[Any, ...]:
        return (ScoreSummary.from_bytes, (self.to_bytes(),))
