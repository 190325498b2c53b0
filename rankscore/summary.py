"""One exact summary of a scored binary problem: every threshold-sweep result is a view of it.

A :class:`ScoreSummary` holds, for one binary problem, the distinct scores in descending
order with the number (or weight sum) of negatives and positives scoring exactly each one.
Everything the threshold sweep gives (ROC, PR, DET and KS curves, AUC, average precision,
gain tables, the confusion at any threshold, ...) is a function of these arrays alone, so a
summary can be built once and read many times, merged across batches exactly, streamed,
pickled and shipped between processes.

API
---
``ScoreSummary.from_arrays(y_true, y_score, *, pos_label=None, sample_weight=None)``
    Build the summary of one batch: the same validation and messages as the curve
    functions (``roc_curve`` etc.). Labels {0, 1}, {-1, 1} or bool need no ``pos_label``
    (1 is positive, **even in a batch holding only 0s**); any other labels (strings,
    {1, 2}, ...) need ``pos_label``, as scikit-learn. A batch may hold one class only (or
    only zero weights: an empty summary); a missing class is an error only when a view
    that needs both classes is read, with the same message as the function of that view.
Attributes (read-only arrays)
    ``thresholds`` (distinct scores, strictly decreasing; float32 for float32 scores,
    float64 otherwise; ``-0.0`` is stored as ``0.0``), ``negatives`` and ``positives``
    (per threshold: int64 counts without weights, exact at any size; float64 weight sums
    with weights), ``n_negatives``/``n_positives`` (totals: ``int`` or ``float``),
    ``pos_label``, ``weighted``, ``dtype`` (of the thresholds), ``nbytes``, ``len()`` (the
    number of thresholds).
``a.merge(b)``, ``ScoreSummary.merge_all(summaries)``
    Exact merge in one compiled pass, O(d_a + d_b): a threshold present in both gets the
    sum of the counts. Associative and commutative; any chunking of the data merged in
    any order equals the one-shot summary (same thresholds, same counts). Merging needs
    equal ``pos_label`` (``ValueError`` otherwise). float32 and float64 summaries merge
    into float64 (every float32 is exact there); an unweighted summary merged with a
    weighted one counts each sample with weight 1 (float64 sums; exact below 2**53).
    Weight sums are exact, hence order-free, when they are representable (integer or
    dyadic weights); otherwise merges agree to the last bits of the sums.
``ScoreAccumulator(*, pos_label=None)``
    ``update(y_true, y_score, sample_weight=None)`` adds a batch (returns the
    accumulator), ``summary()`` returns the summary of everything so far. Batches are
    buffered until they fill half the summary's bytes, then sorted once and merged into
    the summary's arrays in one pass (never re-sorted), so it costs about one sort of all
    the data and holds at most 1.5 times the final summary plus one batch.
``s.compress(max_thresholds)``, ``s.auc_error_bound``
    Opt-in bounded size: adjacent thresholds merged into bins of about equal size, each
    keeping its lowest score; ``auc_error_bound`` (0.0 when exact) bounds the AUC error.
    Compressed summaries refuse to merge.
``s.to_bytes()``, ``ScoreSummary.from_bytes(data)``, pickle
    A compact little-endian form (a 4-byte magic ``RSSM``, a format version, the flags,
    ``pos_label`` and the three arrays); ``from_bytes`` checks the magic, the version and
    the arrays. Pickling goes through the same form.
Views (methods; each equals the public function of the same name on the data)
    ``roc_curve``, ``roc_auc`` (``max_fpr``), ``gini``, ``precision_recall_curve``,
    ``average_precision``, ``pr_auc``, ``det_curve``, ``ks_statistic``, ``ks_curve``,
    ``gain_table``, ``cumulative_gain_curve``, ``lift_curve``, ``lift_at(fraction)``,
    ``confusion(threshold)``, ``best_threshold(objective, ...)``, ``prevalence``, and
    ``sweep()`` (the running sums every curve reads).
"""

from __future__ import annotations

import bisect
import math
import struct
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Iterable

import numpy as np

from . import _backend, gains, metrics
from ._engine import validate
from ._engine.areas import check_max_fpr
from ._engine.parts import MAX_EXACT_ROWS, binary_problem, sort_buckets, sort_scores, thread_count
from ._engine.results import KSCurve, KSResult
from ._engine.sweep import (Scan, Sweep, cumulative, scan, scan_of_counts,
                            summary_arrays)
from ._engine.validate import read_array
from ._engine.results import ThresholdChoice
from ._engine.views import (TIE_RTOL, ap_view, auc_view, best_threshold_view,
                            cumulative_gain_view, det_view, gain_table_at, gain_table_view,
                            ks_curve_view, ks_view, lift_view, pr_auc_view, pr_view, roc_view)
from .thresholds import checked_options

__all__ = ["ScoreSummary", "ScoreAccumulator"]

_MAGIC = b"RSSM"
_FORMAT_VERSION = 1
_HEADER = struct.Struct("<4sBBBI")  # magic, version, flags, pos_label kind, its length
_FLAG_WEIGHTED, _FLAG_FLOAT32, _FLAG_COMPRESSED = 1, 2, 4
_LABEL_KINDS = (int, float, bool, str, bytes)  # stored as its index; bool tested first


def _plain_label(pos_label: Any) -> Any:
    """A NumPy scalar label as the Python scalar it holds (for comparison and storage)."""
    return pos_label.item() if isinstance(pos_label, np.generic) else pos_label


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
    arrays; :meth:`from_arrays` is the usual way in.

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

    __slots__ = ("thresholds", "negatives", "positives", "pos_label", "loose_pairs", "_cache")
    __hash__ = None  # mutable caches; equality is by value

    def __init__(self, thresholds: Any, negatives: Any, positives: Any, pos_label: Any = 1):
        thresholds, negatives, positives = _checked_arrays(thresholds, negatives, positives)
        self._set(thresholds, negatives, positives, _plain_label(pos_label))

    @classmethod
    def _trusted(cls, thresholds, negatives, positives, pos_label) -> "ScoreSummary":
        """A summary from kernel output (already checked by construction)."""
        self = cls.__new__(cls)
        self._set(thresholds, negatives, positives, pos_label)
        return self

    def _set(self, thresholds, negatives, positives, pos_label) -> None:
        for arr in (thresholds, negatives, positives):
            arr.flags.writeable = False
        self.thresholds, self.negatives, self.positives = thresholds, negatives, positives
        self.pos_label = pos_label
        self.loose_pairs = 0.0  # positive-negative pairs made ties by compress()
        self._cache = {}

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
        label = 1 if pos_label is None else _plain_label(pos_label)
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
        parts = _compatible(summaries)
        if len(parts) == 1:
            return parts[0]
        if len(parts) == 2:
            return _merge_two(*parts)
        return ScoreSummary._trusted(*_merge_many(parts), parts[0].pos_label)

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
        where another summary's scores fall): merge first, compress last.

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
        counts = fps + tps  # weight scoring >= each threshold, increasing
        total = counts[-1]
        # bin j ends at the first threshold whose running count reaches j * total / k
        cuts = np.arange(1, max_thresholds + 1) * (total / max_thresholds)
        ends = np.unique(np.minimum(np.searchsorted(counts, cuts, "left"), len(self) - 1))
        ends[-1] = len(self) - 1
        starts = np.concatenate(([0], ends[:-1] + 1))
        negatives = np.add.reduceat(self.negatives, starts)
        positives = np.add.reduceat(self.positives, starts)
        made_ties = (float(np.dot(positives.astype(np.float64), negatives.astype(np.float64)))
                     - float(np.dot(self.positives.astype(np.float64),
                                    self.negatives.astype(np.float64))))
        compressed = ScoreSummary._trusted(self.thresholds[ends], negatives, positives,
                                           self.pos_label)
        compressed.loose_pairs = self.loose_pairs + max(made_ties, 0.0)
        return compressed

    @property
    def auc_error_bound(self) -> float:
        """Largest possible ``|roc_auc() - exact AUC|`` after :meth:`compress` (0.0 for an
        exact summary): half the positive-negative pairs made ties, over ``P N``."""
        if not self.loose_pairs:
            return 0.0
        fps, tps, _ = self.sweep()
        # (1 + 1e-9): room for the rounding of the float64 sums behind both AUCs
        return min(1.0, self.loose_pairs / (2.0 * float(tps[-1]) * float(fps[-1]))
                   * (1 + 1e-9))

    # -- reading --------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.thresholds)

    @property
    def weighted(self) -> bool:
        """True when the counts are float64 weight sums."""
        return self.negatives.dtype.kind == "f"

    @property
    def dtype(self) -> np.dtype:
        """The dtype of the thresholds (float32 or float64)."""
        return self.thresholds.dtype

    @property
    def nbytes(self) -> int:
        """Bytes held by the three arrays."""
        return self.thresholds.nbytes + self.negatives.nbytes + self.positives.nbytes

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
        An empty summary (every weight zero) raises the ``ValueError`` of the curve
        functions.

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> ScoreSummary.from_arrays([0, 1, 1], [0.2, 0.4, 0.4]).sweep().tps.tolist()
        [2.0, 2.0]
        """
        if "sweep" not in self._cache:
            self._cache["sweep"] = cumulative(
                self.thresholds, self.negatives, self.positives)
        return self._cache["sweep"]

    def _scan(self) -> Scan:
        """AUC, KS, AP and PR AUC read in one compiled pass (kept)."""
        if "scan" not in self._cache:
            if len(self) == 0:
                self.sweep()  # raises: nothing to score
            self._cache["scan"] = scan(self.thresholds, self.negatives,
                                               self.positives)
        return self._cache["scan"]

    # -- views ----------------------------------------------------------------------
    # Each equals the public function of the same name on the summarised data (same
    # values, warnings and errors); see that function for the formulas.

    def roc_curve(self, *, drop_intermediate: bool = True):
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
        max_fpr = check_max_fpr(max_fpr)
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

    def precision_recall_curve(self, *, drop_intermediate: bool = False):
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

    def det_curve(self, *, drop_intermediate: bool = False):
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

    def cumulative_gain_curve(self):
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

    def lift_curve(self):
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

    def confusion(self, threshold: float = 0.5, *, strict: bool = False
                  ) -> metrics.BinaryConfusion:
        """Counts and rates predicting positive when ``score >= threshold`` (``score >
        threshold`` with ``strict``), as :func:`rankscore.binary_confusion` with a threshold
        (every rate of :ref:`def-rates` is a property of the result).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> from rankscore.datasets import load_spam
        >>> data = load_spam()
        >>> c = ScoreSummary.from_arrays(data.target, data.score, pos_label="spam").confusion(0.5)
        >>> c.tp, c.fn, c.fp, c.tn, round(c.f1, 3)
        (6, 3, 2, 9, 0.706)
        """
        threshold = validate.check_threshold(threshold)
        at = validate.inclusive_threshold(threshold, strict)
        if len(self) == 0:
            self.sweep()  # raises: nothing to score
        # thresholds at or above it (compared in float64, as the point kernels compare)
        above = len(self) - bisect.bisect_left(self.thresholds[::-1], np.float64(at))
        if not self.weighted:  # exact integers, summed above the threshold
            tp, fp = int(self.positives[:above].sum()), int(self.negatives[:above].sum())
            return metrics.BinaryConfusion(tp, fp, self.n_positives - tp,
                                           self.n_negatives - fp, threshold=threshold,
                                           strict=bool(strict))
        # each cell is summed directly (an empty cell is exactly 0, not rounding noise)
        pos, neg = self.positives, self.negatives
        return metrics.BinaryConfusion(
            float(pos[:above].sum()), float(neg[:above].sum()), float(pos[above:].sum()),
            float(neg[above:].sum()), threshold=threshold, strict=bool(strict))

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

    def _report_reads(self, n_groups: int):
        """What binary_report reads of an unweighted summary with both classes, in one
        compiled pass (``summary_report_counts``; the scan is kept for the other views):
        (best threshold for Youden's J, for F1, gain table)."""
        return self._report_numbers(n_groups, 0.5)[2:]

    def _report_numbers(self, n_groups: int, threshold: float):
        """(scan, confusion at ``threshold``, Youden's J choice, F1 choice, gain table) of
        an unweighted summary with both classes, in one compiled pass."""
        n = self.n_positives + self.n_negatives
        cuts = _report_cuts(n, n_groups)
        reads = _backend.kernels.summary_report_counts(
            self.thresholds, self.negatives, self.positives,
            np.empty(0, np.int64) if cuts is None else cuts, TIE_RTOL, threshold)
        numbers = _report_of_reads(reads, n_groups, threshold, cuts is not None)
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
        return self._cache[key]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScoreSummary):
            return NotImplemented
        return (self.dtype == other.dtype and self.weighted == other.weighted
                and self.loose_pairs == other.loose_pairs
                and _same_label(self.pos_label, other.pos_label)
                and np.array_equal(self.thresholds, other.thresholds)
                and np.array_equal(self.negatives, other.negatives)
                and np.array_equal(self.positives, other.positives))

    def __repr__(self) -> str:
        kind = "weighted" if self.weighted else "unweighted"
        bound = (f", compressed: AUC within {self.auc_error_bound:.3g}"
                 if self.loose_pairs else "")
        return (f"ScoreSummary({len(self)} thresholds, {self.n_positives} positives, "
                f"{self.n_negatives} negatives, {kind}, pos_label={self.pos_label!r}, "
                f"{self.dtype}{bound})")

    # -- bytes and pickle -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """A compact little-endian form (magic, version, flags, pos_label, arrays).

        Returns
        -------
        bytes
            ``24 + len(pos_label) + d * (itemsize + 16)`` bytes for d thresholds (8 more
            for a compressed summary's bound).

        See Also
        --------
        from_bytes : The inverse.

        Notes
        -----
        ``pos_label`` must be an int, float, bool, str or bytes (the labels the curve
        functions accept).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> s = ScoreSummary.from_arrays([0, 1, 1], [0.2, 0.4, 0.4])
        >>> ScoreSummary.from_bytes(s.to_bytes()) == s
        True
        """
        label = self.pos_label
        kind = next((i for i, t in enumerate(_LABEL_KINDS) if type(label) is t), None)
        if kind is None:
            raise TypeError(f"pos_label {validate.quoted(label)} of type "
                            f"{type(label).__name__} cannot be stored: expected an int, float, "
                            "bool, str or bytes")
        payload = (str(label).encode() if kind in (0, 2) else struct.pack("<d", label)
                   if kind == 1 else label.encode() if kind == 3 else label)
        flags = (_FLAG_WEIGHTED if self.weighted else 0) | (
            _FLAG_FLOAT32 if self.dtype == np.float32 else 0) | (
            _FLAG_COMPRESSED if self.loose_pairs else 0)
        parts = [_HEADER.pack(_MAGIC, _FORMAT_VERSION, flags, kind, len(payload)), payload,
                 struct.pack("<Q", len(self))]
        if self.loose_pairs:
            parts.append(struct.pack("<d", self.loose_pairs))
        parts += [a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()
                  for a in (self.thresholds, self.negatives, self.positives)]
        return b"".join(parts)

    @classmethod
    def from_bytes(cls, data: bytes) -> "ScoreSummary":
        """Read the form written by :meth:`to_bytes` (checked: a ValueError says what is
        wrong with corrupt, truncated or foreign data).

        Parameters
        ----------
        data : bytes-like

        Returns
        -------
        ScoreSummary

        See Also
        --------
        to_bytes : The writer.

        Notes
        -----
        The arrays are checked as the constructor checks them (strictly decreasing finite
        thresholds, non-negative counts, a sample at every threshold).

        Examples
        --------
        >>> from rankscore import ScoreSummary
        >>> ScoreSummary.from_bytes(b"nonsense")
        Traceback (most recent call last):
        ...
        ValueError: data is not a rankscore ScoreSummary (bad magic bytes)
        """
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise TypeError(f"data must be bytes, got {type(data).__name__}")
        data = bytes(data)
        if len(data) < _HEADER.size or data[:4] != _MAGIC:
            raise ValueError("data is not a rankscore ScoreSummary (bad magic bytes)")
        _, version, flags, kind, size = _HEADER.unpack_from(data)
        if version != _FORMAT_VERSION:
            raise ValueError(f"ScoreSummary format version {version} is not supported (this "
                             f"rankscore reads version {_FORMAT_VERSION})")
        if flags & ~(_FLAG_WEIGHTED | _FLAG_FLOAT32 | _FLAG_COMPRESSED) or kind >= len(
                _LABEL_KINDS):
            raise ValueError("corrupt ScoreSummary data (unknown flags or label kind)")
        start = _HEADER.size + size + 8 + (8 if flags & _FLAG_COMPRESSED else 0)
        if len(data) < start:
            raise ValueError("truncated ScoreSummary data")
        payload = data[_HEADER.size:_HEADER.size + size]
        try:
            label = (int(payload) if kind == 0 else struct.unpack("<d", payload)[0]
                     if kind == 1 else payload == b"True" if kind == 2
                     else payload.decode() if kind == 3 else payload)
        except (ValueError, struct.error, UnicodeDecodeError):
            raise ValueError("corrupt ScoreSummary data (unreadable pos_label)") from None
        (d,) = struct.unpack_from("<Q", data, _HEADER.size + size)
        score = np.dtype("<f4" if flags & _FLAG_FLOAT32 else "<f8")
        count = np.dtype("<f8" if flags & _FLAG_WEIGHTED else "<i8")
        if len(data) != start + d * (score.itemsize + 2 * count.itemsize):
            raise ValueError(f"ScoreSummary data has {len(data)} bytes; {d} thresholds need "
                             f"{start + d * (score.itemsize + 2 * count.itemsize)}")
        arrays, at = [], start
        for dtype in (score, count, count):
            arrays.append(np.frombuffer(data, dtype, d, at).astype(dtype.newbyteorder("=")))
            at += d * dtype.itemsize
        summary = cls(*arrays, label)
        if flags & _FLAG_COMPRESSED:
            (loose,) = struct.unpack_from("<d", data, start - 8)
            if not (math.isfinite(loose) and loose > 0):
                raise ValueError("corrupt ScoreSummary data (compression bound)")
            summary.loose_pairs = loose
        return summary

    def __reduce__(self):
        return (ScoreSummary.from_bytes, (self.to_bytes(),))


# binary_report reads the gain table's group borders in its one pass (a cut per group)
# for up to this many groups; more groups read the summary's sweep
_REPORT_MAX_CUTS = 1024


def _report_cuts(n: int, n_groups: int) -> np.ndarray | None:
    """The row counts ``ceil(g n / groups)`` that end the gain table's groups (the first
    threshold whose running count reaches one is a border, as the gain table's borders);
    None for more than _REPORT_MAX_CUTS groups."""
    groups = min(n_groups, n)
    if groups > _REPORT_MAX_CUTS:
        return None
    return np.array([-(-g * n // groups) for g in range(1, groups + 1)], dtype=np.int64)


def _report_of_reads(reads, n_groups: int, threshold: float, with_table: bool):
    """(scan, confusion at ``threshold``, Youden's J choice, F1 choice, gain table or None)
    from the numbers of ``summary_report_counts`` / ``report_of_parts``."""
    (n_neg, n_pos, pairs, gap, ks_threshold, ap, area, youden, f1, (tp, fp), top,
     border_tp, border_fp, border_t, next_t) = reads
    scan = scan_of_counts(n_neg, n_pos, pairs, gap, ks_threshold, ap, area)

    def confusion(tp, fp, at):
        return metrics.BinaryConfusion(tp, fp, n_pos - tp, n_neg - fp, threshold=at)

    youden, f1 = (ThresholdChoice(t, value, confusion(tp, fp, t), objective)
                  for objective, (value, t, tp, fp) in (("youden", youden), ("f_beta", f1)))
    table = None
    if with_table:  # several cuts may end at one threshold: one group
        counts = border_tp + border_fp
        kept = np.flatnonzero(np.diff(counts, prepend=-1))
        score_max = np.concatenate(([top], next_t[kept[:-1]]))
        table = gain_table_at(
            border_tp[kept].astype(np.float64), border_fp[kept].astype(np.float64),
            score_max, border_t[kept], float(n_pos), float(n_neg), n_groups, weighted=False)
    return scan, confusion(tp, fp, threshold), youden, f1, table


def _checked_arrays(thresholds, negatives, positives):
    """The constructor's checks: 1-D arrays of one length, strictly decreasing finite
    float32/float64 thresholds (no -0.0), int64 or float64 non-negative counts with a
    sample at every threshold."""
    arrays = []
    for name, value in (("thresholds", thresholds), ("negatives", negatives),
                        ("positives", positives)):
        # read as every input is (None, sets, ints beyond 2**53 ...); owned and writable,
        # so that it can be frozen
        arr = np.array(read_array(value, name, "a 1-D array"), copy=True)
        if arr.ndim != 1:
            raise ValueError(f"{name} must be 1-D, got shape {arr.shape}")
        arrays.append(arr)
    thresholds, negatives, positives = arrays
    if not len(thresholds) == len(negatives) == len(positives):
        raise ValueError("thresholds, negatives and positives must have one length; got "
                         f"{len(thresholds)}, {len(negatives)} and {len(positives)}")
    if thresholds.dtype not in (np.float32, np.float64):
        raise TypeError(f"thresholds must be float32 or float64, got {thresholds.dtype}")
    if not np.isfinite(thresholds).all() or (np.diff(thresholds) >= 0).any():
        raise ValueError("thresholds must be finite and strictly decreasing")
    thresholds += thresholds.dtype.type(0)  # -0.0 -> 0.0
    if negatives.dtype != positives.dtype or negatives.dtype not in (np.int64, np.float64):
        raise TypeError("negatives and positives must both be int64 (counts) or both "
                        f"float64 (weight sums); got {negatives.dtype} and {positives.dtype}")
    for name, arr in (("negatives", negatives), ("positives", positives)):
        if not (np.isfinite(arr) & (arr >= 0)).all():
            raise ValueError(f"{name} must be finite and non-negative")
    if ((negatives == 0) & (positives == 0)).any():
        raise ValueError("every threshold must hold a sample (negatives + positives > 0)")
    return thresholds, negatives, positives


def _same_label(a: Any, b: Any) -> bool:
    try:
        return bool(a == b) and isinstance(a, str) == isinstance(b, str)
    except (TypeError, ValueError):
        return False


def _compatible(summaries: Iterable[ScoreSummary]) -> list[ScoreSummary]:
    """The summaries, promoted to one score dtype and one count kind (or a clear error)."""
    if isinstance(summaries, ScoreSummary):
        raise TypeError("merge_all takes an iterable of ScoreSummary objects, got one summary")
    parts = list(summaries)
    if not parts:
        raise ValueError("nothing to merge: no summaries given")
    for s in parts:
        if not isinstance(s, ScoreSummary):
            raise TypeError(f"can only merge ScoreSummary objects, got {type(s).__name__}")
    if any(s.loose_pairs for s in parts):
        raise ValueError("compressed summaries cannot be merged: their merged bins hide "
                         "where the other summaries' scores fall; merge (or accumulate) the "
                         "exact summaries, then compress")
    label = parts[0].pos_label
    for s in parts[1:]:
        if not _same_label(s.pos_label, label):
            raise ValueError(f"cannot merge summaries of different positive classes: "
                             f"pos_label={validate.quoted(label)} and "
                             f"pos_label={validate.quoted(s.pos_label)}")
    if sum(s.n_negatives + s.n_positives for s in parts if not s.weighted) > (
            MAX_EXACT_ROWS):
        raise ValueError("the summaries count more than 2**62 rows in all; exact counts are "
                         "kept up to 2**62 rows")
    dtype = np.result_type(*(s.dtype for s in parts))
    weighted = any(s.weighted for s in parts)
    return [_promoted(s, dtype, weighted) for s in parts]


def _promoted(s: ScoreSummary, dtype, weighted: bool) -> ScoreSummary:
    if s.dtype == dtype and s.weighted == weighted:
        return s
    count = np.float64 if weighted else np.int64
    return ScoreSummary._trusted(s.thresholds.astype(dtype), s.negatives.astype(count),
                                 s.positives.astype(count), s.pos_label)


# merges of this many thresholds or more run on two threads, each on one range of scores
_PARALLEL_MERGE_THRESHOLDS = 1 << 21


def _merge_many(parts: list[ScoreSummary]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The arrays of k summaries merged (``summary_merge_many_into``). Large merges
    are cut at a score near the median: the thresholds at or above it on one thread, those
    below on another, each written to its own part of the output (a threshold shared by
    several runs lands in one part, its counts added in run order as on one thread)."""
    kernel = _backend.kernels.summary_merge_many_into
    lists = ([s.thresholds for s in parts], [s.negatives for s in parts],
             [s.positives for s in parts])
    sizes = np.array([len(s) for s in parts], dtype=np.int64)
    total = int(sizes.sum())
    out = [np.empty(total, dtype=a.dtype) for a in (parts[0].thresholds, parts[0].negatives,
                                                   parts[0].positives)]
    zeros = np.zeros(len(parts), dtype=np.int64)
    if total < _PARALLEL_MERGE_THRESHOLDS or thread_count(None) < 2:
        n = kernel(*out, 0, *lists, zeros, sizes)
    else:
        cut = _median_score(parts)
        tops = np.array([_at_least(s.thresholds, cut) for s in parts], dtype=np.int64)
        offset = int(tops.sum())
        with ThreadPoolExecutor(2) as pool:
            upper, lower = pool.map(lambda job: kernel(*out, *job[:1], *lists, *job[1:]),
                                    [(0, zeros, tops), (offset, tops, sizes)])
        n = _join_parts(out, [0, offset], [upper, lower])
    for arr in out:
        arr.resize(n, refcheck=False)
    return tuple(out)


def _join_parts(arrays, starts, sizes) -> int:
    """Parts of a merge written into ``arrays`` at ``starts`` (``sizes`` entries each, in
    order) joined at the front: shared or tied scores merged into one threshold leave a
    gap after a part's entries. The joined length."""
    end = 0
    for at, size in zip(starts, sizes):
        if at != end:
            for x in arrays:
                x[end:end + size] = x[at:at + size]
        end += size
    return end


def _median_score(parts: list[ScoreSummary]) -> float:
    """About the median threshold of all the runs: the median of the runs' medians, each
    run counted by its size (at least a quarter of all thresholds on either side)."""
    medians = sorted(((float(s.thresholds[len(s) // 2]), len(s)) for s in parts if len(s)),
                     reverse=True)
    half, seen = sum(n for _, n in medians) / 2, 0
    for value, n in medians:
        seen += n
        if seen >= half:
            return value
    return medians[-1][0]


def _at_least(thresholds: np.ndarray, value: float) -> int:
    """How many of the (descending) thresholds are >= value."""
    return bisect.bisect_right(thresholds, -value, key=lambda t: -t)


def _merge_two(a: ScoreSummary, b: ScoreSummary) -> ScoreSummary:
    arrays = _backend.kernels.summary_merge(a.thresholds, a.negatives, a.positives,
                                            b.thresholds, b.negatives, b.positives)
    return ScoreSummary._trusted(*arrays, a.pos_label)


class ScoreAccumulator:
    """Summarise data that arrives in batches (a training loop, a stream, many files).

    The batches' scores are appended to a buffer in one branch-free pass each
    (``split_scores_append``: one array, the negatives from the front, the positives from
    the back) until they fill half the summary's bytes so far; then each class's part is
    sorted once and merged into the summary's arrays in one branch-free pass
    (``summary_merge_sorted_into``), from the lowest score up into their grown end. Large
    flushes are cut at quantiles of the buffered scores and each score range merged into
    its own part of the grown arrays: two ranges on two threads, and with integer counts
    two ranges per thread taking turns in one loop (``summary_merge_sorted_pair_into``;
    the CPU overlaps their steps), also on one CPU.
    While the scores are distinct each merge makes the summary about 2.5 times larger, so
    a threshold is merged less than twice on average and the whole costs about one sort of
    all the data; the memory held stays within 1.5 times the final summary's size plus one
    batch. (Room for every buffered score is reserved without counting while earlier
    merges found the scores distinct; once many scores were thresholds already, the merged
    thresholds are counted first.)

    Parameters
    ----------
    pos_label : int, float, bool or str, default=None
        The positive class of every batch (see :meth:`ScoreSummary.from_arrays`).

    See Also
    --------
    ScoreSummary.from_arrays : The summary of one batch.

    Notes
    -----
    ``summary()`` equals ``ScoreSummary.from_arrays`` of all batches concatenated (integer
    counts exactly; weight sums exactly when they are representable). Batches of float32
    and float64 scores, with and without weights, mix as :meth:`ScoreSummary.merge` says.

    Examples
    --------
    >>> from rankscore import ScoreAccumulator
    >>> acc = ScoreAccumulator()
    >>> for y, s in [([0, 1], [0.1, 0.8]), ([0, 0], [0.3, 0.8]), ([1], [0.9])]:
    ...     _ = acc.update(y, s)
    >>> summary = acc.summary()
    >>> summary.thresholds.tolist(), summary.positives.tolist(), summary.negatives.tolist()
    ([0.9, 0.8, 0.3, 0.1], [1, 1, 0, 0], [0, 1, 1, 1])
    """

    def __init__(self, *, pos_label: Any = None):
        self.pos_label = pos_label
        self._label = 1 if pos_label is None else _plain_label(pos_label)
        self._run: list | None = None  # [thresholds, negatives, positives, shared]
        self._buffer = _Buffer()
        self._disjoint = True  # no flush has found many of its scores among the thresholds
        self.n_batches = 0

    def update(self, y_true: Any, y_score: Any, sample_weight: Any = None) -> "ScoreAccumulator":
        """Add one batch (validated as :meth:`ScoreSummary.from_arrays` does).

        Parameters
        ----------
        y_true, y_score, sample_weight
            One batch, as in :meth:`ScoreSummary.from_arrays`.

        Returns
        -------
        ScoreAccumulator
            ``self``.

        See Also
        --------
        summary : Everything added so far.

        Notes
        -----
        Amortised cost: copying the batch, its share of one sort, and a few merges per
        threshold.

        Examples
        --------
        >>> from rankscore import ScoreAccumulator
        >>> len(ScoreAccumulator().update([0, 1], [0.2, 0.4]).summary())
        2
        """
        codes, pos_code, scores, weights, _ = binary_problem(
            y_true, y_score, self.pos_label, sample_weight, finite=True)
        buffer, weighted = self._buffer, weights is not None
        if len(buffer) and (not buffer.takes(scores.dtype, weighted)
                            or len(buffer) + len(scores) > buffer.capacity):
            self._flush()
        if not len(buffer):  # room for half the summary's bytes (or this batch)
            rows = int(self._run_nbytes() / 2 // buffer.row_bytes(scores.dtype, weighted))
            buffer.reserve(max(rows, len(scores)), scores.dtype, weighted)
        buffer.add(codes, pos_code, scores, weights)
        if self._run is None:
            self._flush()  # the first batch starts the summary
        self.n_batches += 1
        return self

    def _run_nbytes(self) -> int:
        return 0 if self._run is None else sum(a.nbytes for a in self._run[:3])

    def _flush(self) -> None:
        """Sort the buffered scores and merge them into the summary's arrays."""
        buffer = self._buffer
        neg, neg_w, pos, pos_w = buffer.sorted_parts()
        k = _backend.kernels
        run = self._run
        if run is None:
            count = np.float64 if neg_w is not None else np.int64
            run = [np.empty(0, dtype=neg.dtype), np.empty(0, dtype=count),
                   np.empty(0, dtype=count), False]
        dtype = np.result_type(run[0].dtype, neg.dtype)
        count = np.float64 if neg_w is not None or run[1].dtype.kind == "f" else np.int64
        if run[0].dtype != dtype or run[1].dtype != count:
            run = [run[0].astype(dtype), run[1].astype(count), run[2].astype(count), False]
        neg, pos = neg.astype(dtype, copy=False), pos.astype(dtype, copy=False)
        d = len(run[0])
        distinct = (_distinct(neg), _distinct(pos))
        room = d + sum(distinct)  # at most this many thresholds after the merge
        entry = run[0].itemsize + 2 * run[1].itemsize
        if not self._disjoint and entry * room + buffer.nbytes > (
                1.5 * entry * max(d, *distinct)):
            # the room could exceed the memory bound if most of the part's scores are
            # thresholds already: count the merged thresholds exactly first
            room = k.summary_merge_sorted_size(run[0], d, neg, pos)
        if run[3] or 2 * d <= room and entry * room + run[0].itemsize * d + buffer.nbytes <= (
                1.5 * entry * room):
            # a copy into fresh arrays, one at a time: the kernel's huge pages fault a
            # hundred times faster than pages added by realloc (which NumPy also zeroes);
            # a summary returned is never written (merged into a copy)
            parts = _flush_parts(run[0][:d], neg, pos, self._disjoint,
                                 run[1].dtype == np.int64)
            for i in range(3):
                grown = np.empty(room, dtype=run[i].dtype)
                if parts is None:
                    grown[:d] = run[i][:d]
                else:  # each part's thresholds at the front of its room
                    parts.copy_run(grown, run[i])
                run[i] = grown
            run[3] = False
        else:
            parts = None
            for x in run[:3]:
                x.resize(room, refcheck=False)  # realloc: grows in place where it can
        if parts is None:
            size = k.summary_merge_sorted_into(*run[:3], d, neg, neg_w, pos, pos_w)
        else:
            size = parts.merge(run[:3], neg, neg_w, pos, pos_w)
        for x in run[:3]:
            x.resize(size, refcheck=False)
        # distinct scores so far (a rare shared threshold aside): room can be reserved
        # without counting while that lasts
        self._disjoint = self._disjoint and d + sum(distinct) - size <= sum(distinct) // 8
        buffer.clear()
        self._run = run

    def summary(self) -> ScoreSummary:
        """The summary of every batch added so far (the buffered batches merged in).

        Returns
        -------
        ScoreSummary

        See Also
        --------
        update : Add a batch.

        Notes
        -----
        Raises ``ValueError`` before the first batch. The accumulator keeps going: later
        batches are merged into a copy, never into the summary returned.

        Examples
        --------
        >>> from rankscore import ScoreAccumulator
        >>> ScoreAccumulator().summary()
        Traceback (most recent call last):
        ...
        ValueError: no data yet: call update() with a batch first
        """
        if self._run is None:
            raise ValueError("no data yet: call update() with a batch first")
        if len(self._buffer):
            self._flush()
        run = self._run
        run[3] = True  # shared with the summary: merged into a copy from now on
        return ScoreSummary._trusted(run[0], run[1], run[2], self._label)

    @property
    def nbytes(self) -> int:
        """Bytes held: the summary so far and the buffered scores."""
        return self._run_nbytes() + self._buffer.nbytes

    def __repr__(self) -> str:
        return (f"ScoreAccumulator({self.n_batches} batches, {len(self._buffer)} scores "
                "buffered)")


# flushes of this many rows and thresholds or more merge in parts: two on two threads
# (four with integer counts, each thread's two taking turns in one loop), two taking
# turns on one CPU with integer counts
_PARALLEL_FLUSH_ENTRIES = 1 << 18


class _FlushParts:
    """A flush cut at a few scores: the thresholds and buffered scores of each score range
    merged apart, each range in its own part of the grown arrays (part j's room starts at
    ``starts[j]``, the run's thresholds of the range copied there). Every score lands in
    one part with all its ties, so each threshold gets the counts (and weight sums, added
    in the same order) of the one-part merge. Parts go highest scores first."""

    def __init__(self, tops, neg_cuts, pos_cuts, starts, threads: int):
        self.tops = tops  # run[tops[j]:tops[j + 1]]: part j's thresholds
        self.neg_cuts, self.pos_cuts = neg_cuts, pos_cuts  # neg[neg_cuts[j + 1]:neg_cuts[j]]
        self.starts = starts
        self.threads = threads

    def copy_run(self, grown: np.ndarray, old: np.ndarray) -> None:
        """Each part's thresholds (and counts) of the run to the front of its room."""
        for j, at in enumerate(self.starts):
            a, b = self.tops[j], self.tops[j + 1]
            grown[at:at + b - a] = old[a:b]

    def merge(self, run, neg, neg_w, pos, pos_w) -> int:
        """Merge every part (summary_merge_sorted_into, or the pair kernel for two parts
        of integer counts); the merged length, the parts joined at the front."""
        jobs = []
        for j, at in enumerate(self.starts):
            end = self.starts[j + 1] if j + 1 < len(self.starts) else len(run[0])
            a, b = slice(self.neg_cuts[j + 1], self.neg_cuts[j]), slice(
                self.pos_cuts[j + 1], self.pos_cuts[j])
            jobs.append(([x[at:end] for x in run], self.tops[j + 1] - self.tops[j], neg[a],
                         None if neg_w is None else neg_w[a], pos[b],
                         None if pos_w is None else pos_w[b]))
        k = _backend.kernels

        def merge_pair(pair):  # one part (any counts), or two of integer counts
            if len(pair) == 1:
                (arrays, *job), = pair
                return [k.summary_merge_sorted_into(*arrays, *job)]
            (arrays_a, d_a, neg_a, _, pos_a, _), (arrays_b, d_b, neg_b, _, pos_b, _) = pair
            return k.summary_merge_sorted_pair_into(*arrays_a, d_a, neg_a, pos_a,
                                                     *arrays_b, d_b, neg_b, pos_b)

        pairs = ([jobs[j:j + 2] for j in range(0, len(jobs), 2)] if run[1].dtype == np.int64
                 else [[job] for job in jobs])
        if self.threads < 2 or len(pairs) < 2:
            sizes = [size for pair in pairs for size in merge_pair(pair)]
        else:
            with ThreadPoolExecutor(len(pairs)) as pool:
                sizes = [size for part in pool.map(merge_pair, pairs) for size in part]
        return _join_parts(run, self.starts, sizes)


def _flush_parts(thresholds, neg, pos, disjoint, counts: bool) -> _FlushParts | None:
    """Where to cut a large flush (None: merge it whole): in two parts with two CPUs or
    with integer ``counts`` (the pair kernel), four with both. The cuts are quantiles of
    the larger buffered part's scores; each part's room is the run's thresholds in its
    range plus the distinct buffered scores there (or, once scores repeat, the merged
    thresholds counted)."""
    d = len(thresholds)
    threads = thread_count(None)
    n_parts = (2 if threads >= 2 or counts else 1) * (2 if threads >= 2 and counts else 1)
    if (d + len(neg) + len(pos) < _PARALLEL_FLUSH_ENTRIES or len(neg) + len(pos) == 0
            or n_parts == 1):
        return None
    larger = neg if len(neg) >= len(pos) else pos
    cuts = [larger[len(larger) * j // n_parts] for j in range(n_parts - 1, 0, -1)]
    tops = [0, *(_at_least(thresholds, float(cut)) for cut in cuts), d]
    neg_cuts = [len(neg), *(int(np.searchsorted(neg, cut)) for cut in cuts), 0]
    pos_cuts = [len(pos), *(int(np.searchsorted(pos, cut)) for cut in cuts), 0]
    starts, at = [], 0
    for j in range(n_parts):
        starts.append(at)
        part_neg = neg[neg_cuts[j + 1]:neg_cuts[j]]
        part_pos = pos[pos_cuts[j + 1]:pos_cuts[j]]
        if disjoint:
            at += tops[j + 1] - tops[j] + _distinct(part_neg) + _distinct(part_pos)
        else:
            at += _backend.kernels.summary_merge_sorted_size(
                thresholds[tops[j]:tops[j + 1]], tops[j + 1] - tops[j], part_neg, part_pos)
    return _FlushParts(tops, neg_cuts, pos_cuts, starts, threads)


def _distinct(ascending: np.ndarray) -> int:
    """The number of distinct values of an ascending array."""
    return int(np.count_nonzero(ascending[1:] != ascending[:-1])) + 1 if len(ascending) else 0


def _balanced_jobs(parts: list[np.ndarray]) -> list[np.ndarray]:
    """The parts to sort in place on two threads; where one is far larger than the other
    it is cut in two halves: partitioned at its median first (every score of the lower
    half <= every score of the upper half), so sorting both halves sorts it."""
    larger, n_rows = max(parts, key=len), sum(len(p) for p in parts)
    if len(larger) < max(2, 0.6 * n_rows):
        return parts
    half = len(larger) // 2
    larger.partition(half)
    return [larger[:half], larger[half:], *(p for p in parts if p is not larger)]


class _Buffer:
    """The buffered scores (and weights) of both classes in one array allocated at once
    (its pages fault in huge): the negatives from the front, the positives from the back;
    zero-weight samples are left out."""

    def __init__(self):
        self.dtype, self.weighted = None, False
        self.scores, self.weights = np.empty(0), None
        self.n_neg = self.n_pos = 0

    def __len__(self) -> int:
        return self.n_neg + self.n_pos

    @property
    def capacity(self) -> int:
        return len(self.scores)

    @property
    def nbytes(self) -> int:
        return self.scores.nbytes + (0 if self.weights is None else self.weights.nbytes)

    def takes(self, dtype, weighted: bool) -> bool:
        return dtype == self.dtype and weighted == self.weighted

    @staticmethod
    def row_bytes(dtype, weighted: bool) -> int:
        """Bytes a buffered row costs (a weighted one: its weight, and the sort's copies)."""
        return np.dtype(dtype).itemsize + (8 + 24 if weighted else 0)

    def reserve(self, capacity: int, dtype, weighted: bool) -> None:
        """Room for ``capacity`` rows of this kind (the buffer is empty)."""
        if capacity != self.capacity or not self.takes(dtype, weighted):
            self.scores = self.weights = None  # freed before the new arrays are taken
            self.dtype, self.weighted = dtype, weighted
            self.scores = np.empty(capacity, dtype=dtype)
            self.weights = np.empty(capacity) if weighted else None

    def add(self, codes, pos_code, scores, weights) -> None:
        """Append one validated batch (split_scores_append: one pass, nothing allocated)."""
        n_neg, n_pos = _backend.kernels.split_scores_append(
            codes, pos_code, scores, weights, self.scores, self.weights, self.n_neg, self.n_pos)
        self.n_neg += n_neg
        self.n_pos += n_pos

    def sorted_parts(self):
        """(neg, neg_weight, pos, pos_weight): each class's scores ascending (in place;
        -0.0 as 0.0), equal scores in the order they are buffered, with their weights."""
        top = self.capacity
        parts = [(self.scores[:self.n_neg], None if self.weights is None
                  else self.weights[:self.n_neg]),
                 (self.scores[top - self.n_pos:], None if self.weights is None
                  else self.weights[top - self.n_pos:])]
        if not self.weighted:
            jobs = [s for s, _ in parts]
            if len(self) >= _PARALLEL_FLUSH_ENTRIES and thread_count(None) >= 2:
                # (a lower bar than one-shot sorts': the thread's start is paid back)
                with ThreadPoolExecutor(2) as pool:
                    list(pool.map(sort_scores, _balanced_jobs(jobs)))
            else:
                for s in jobs:
                    sort_scores(s)
        else:  # the one-shot summary's stable bucket sort of each part, copied back
            k = _backend.kernels
            for s, w in (part for part in parts if len(part[0])):
                ones = np.zeros(len(s), dtype=np.uint8)  # every score in one "class"
                sorted_s, sorted_w, edges, *_ = k.split_buckets(ones, np.uint8(1), s, w)
                sort_buckets([(sorted_s, sorted_w, edges)], None)
                s[:], w[:] = sorted_s, sorted_w
        (neg, neg_w), (pos, pos_w) = parts
        return neg, neg_w, pos, pos_w

    def clear(self) -> None:
        self.n_neg = self.n_pos = 0
