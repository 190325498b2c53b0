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
    Compressed summaries (``s.compressed``) refuse to merge, also those whose bins made no
    pair a tie (bound 0.0).
``s.to_bytes()``, ``ScoreSummary.from_bytes(data)``, pickle
    A compact little-endian form (a header with the magic ``RSSM``, the format version,
    the flags and ``pos_label``, the three arrays, and a CRC-32C of all of it);
    ``from_bytes`` accepts only an intact, consistent summary (a ``ValueError`` otherwise)
    and still reads format version 1. Pickling goes through the same form and checks.
Threads
    A summary may be read from many threads at once (read-only arrays, caches of equal
    values); an accumulator may be updated and read from many threads at once (its own
    lock). The user guide page :doc:`/user-guide/summary-format` gives the format and the
    guarantees.
Views (methods; each equals the public function of the same name on the data)
    ``roc_curve``, ``roc_auc`` (``max_fpr``), ``gini``, ``precision_recall_curve``,
    ``average_precision``, ``pr_auc``, ``det_curve``, ``ks_statistic``, ``ks_curve``,
    ``gain_table``, ``cumulative_gain_curve``, ``lift_curve``, ``lift_at(fraction)``,
    ``confusion(threshold)``, ``best_threshold(objective, ...)``, ``prevalence``, and
    ``sweep()`` (the running sums every curve reads).
"""

from .accumulator import ScoreAccumulator
from .scores import ScoreSummary

__all__ = ["ScoreSummary", "ScoreAccumulator"]

for _cls in (ScoreSummary, ScoreAccumulator):
    _cls.__module__ = __name__  # documented, imported and pickled as rankscore.summary.<name>
del _cls
