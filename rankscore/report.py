"""One report on a scored binary classifier: what ``rankscore report`` prints.

:func:`binary_report` computes everything as a JSON-ready ``dict`` with stable keys
(counts and prevalence; ROC AUC, Gini, KS, average precision, PR AUC; the confusion and
every rate at a threshold; the best thresholds for Youden's J and F1; the gain/lift table;
with ``ci=True`` their confidence intervals); :func:`format_report` renders it as text. The
commands (``run_command``, ``rankscore report``, and ``rankscore compare``) read files
only through :mod:`rankscore._stream` (:func:`read_columns`, also importable from here,
reads a whole CSV or Parquet file; ``classes_of_file`` streams one into the scores of each
class, or into a summary beyond a memory budget).
``rankscore compare`` is :func:`model_comparison` / :func:`format_comparison`: DeLong's
test of every pair of models scored on the same rows.
"""

from __future__ import annotations

import json
import math
import sys
import warnings
from importlib import resources
from typing import Any, Mapping, Sequence, TypedDict, Union

import numpy as np

from . import _backend, _stream, datasets
from ._engine.labels import kernel_integers
from ._engine.parts import Problem, binary_problem, class_parts, split_parts
from ._engine.results import aligned_lines, percent_text
from ._engine.sweep import summary_of_counts
from ._engine.views import TIE_RTOL
from ._stream import decide_pos_label, read_columns
from ._engine.validate import (check_positive_int, check_threshold, inclusive_threshold,
                               native_binary)
from ._progress import check_progress
from .metrics import BinaryConfusion
from .plot.panel import save_report_panel
from .summary import ScoreSummary
from .summary.reports import report_cuts, report_of_reads
from .uncertainty import bootstrap_ci, compare_models, gini_ci, rate_intervals, roc_auc_ci
from .uncertainty.comparisons import models_by_name

__all__ = ["binary_report", "format_report", "read_columns", "summary_report", "BinaryReport",
           "model_comparison", "format_comparison"]


# A JSON-ready number of the report: int counts, float values, None where undefined.
Number = Union[int, float, None]


class ReportCounts(TypedDict):
    """``report["counts"]``."""

    n: Number
    positives: Number
    negatives: Number
    prevalence: Number


class ReportRanking(TypedDict):
    """``report["ranking"]``: the threshold-free numbers."""

    roc_auc: Number
    gini: Number
    ks: Number
    ks_threshold: Number
    average_precision: Number
    pr_auc: Number


class ReportThreshold(TypedDict):
    """One entry of ``report["best_thresholds"]``."""

    threshold: Number
    value: Number
    confusion: dict[str, Number]


class ReportSections(TypedDict):
    """The sections every report has."""

    counts: ReportCounts
    ranking: ReportRanking
    threshold: Number
    confusion: dict[str, Number]
    best_thresholds: dict[str, ReportThreshold]
    gain_table: list[dict[str, Number]]


class BinaryReport(ReportSections, total=False):
    """The dict :func:`binary_report` and :func:`summary_report` return (a ``TypedDict``:
    a plain dict to Python, its keys and value types known to type checkers).

    ``"intervals"`` is there with ``ci=True`` only: ``"confidence_level"`` and, per metric
    or rate, ``{"low", "high", "method"}`` (``None`` where undefined).

    Examples
    --------
    >>> from rankscore.report import BinaryReport, binary_report
    >>> report: BinaryReport = binary_report([0, 1, 0, 1], [0.1, 0.8, 0.3, 0.6])
    >>> report["ranking"]["roc_auc"], sorted(BinaryReport.__required_keys__)
    (1.0, ['best_thresholds', 'confusion', 'counts', 'gain_table', 'ranking', 'threshold'])
    """

    intervals: dict[str, Any]


def _number(x: Any) -> Any:
    """A JSON-ready number: int stays int, NaN becomes None."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    x = float(x)
    return None if math.isnan(x) else x


def json_text(payload: Any) -> str:
    """The commands' ``--json`` output, NaN and ±inf written as null (a metric of no rows,
    DeLong's z of a difference without variance): JSON has no such numbers."""
    def ready(x: Any) -> Any:
        if isinstance(x, dict):
            return {k: ready(v) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [ready(v) for v in x]
        if isinstance(x, (float, np.floating)):
            return float(x) if math.isfinite(x) else None
        return x

    return json.dumps(ready(payload), indent=2, allow_nan=False)


def _confusion_dict(c: BinaryConfusion) -> dict[str, Number]:
    return {k: _number(v) if v is not None else None for k, v in c.to_dict().items()}


def binary_report(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    threshold: float = 0.5,
    n_groups: int = 10,
    ci: bool = False,
    confidence_level: float = 0.95,
    n_resamples: int = 2000,
    random_state: Any = 0,
    progress: bool = False,
    strict: bool = False,
) -> BinaryReport:
    """Everything ``rankscore report`` shows, as a JSON-ready dict with stable keys.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two classes: {0, 1}, {-1, 1}, bool, or any two labels with ``pos_label``.
    y_score : array-like of shape (n_samples,)
        Finite scores, higher = more likely positive.
    pos_label : label, optional
        The positive class.
    threshold : float, default 0.5
        Threshold of the confusion section (positive means ``score >= threshold``).
    n_groups : int, default 10
        Groups of the gain/lift table (10: deciles).
    ci : bool, default False
        Add ``"intervals"``: DeLong intervals of the ROC AUC and Gini, stratified
        percentile-bootstrap intervals of KS and average precision, Wilson intervals of
        the rates at ``threshold`` (see :mod:`rankscore.uncertainty`).
    confidence_level : float, default 0.95
    n_resamples : int, default 2000
        Bootstrap replicates of the KS and AP intervals.
    random_state : default 0
        Seed of the bootstrap (a fixed seed: the same report every run).
    progress : bool, default False
        With ``ci``: show the bootstrap's replicates done on stderr, as
        :func:`rankscore.uncertainty.bootstrap_ci` does.
    strict : bool, default False
        The confusion section's rule: positive means ``score > threshold`` (``>=`` by
        default); ``"confusion"`` records it as ``"strict"``.

    Returns
    -------
    BinaryReport
        A dict with keys ``"counts"`` (n, positives, negatives, prevalence), ``"ranking"`` (roc_auc,
        gini, ks, ks_threshold, average_precision, pr_auc), ``"threshold"``,
        ``"confusion"`` (:meth:`BinaryConfusion.to_dict`), ``"best_thresholds"``
        (``"youden"`` and ``"f1"``, each threshold, value and confusion),
        ``"gain_table"`` (one dict per group) and, with ``ci``, ``"intervals"``
        (``"confidence_level"``, and per metric or rate ``{"low", "high", "method"}``;
        ``None`` where undefined). NaN becomes ``None``.

    See Also
    --------
    ScoreSummary : Every number here is one of its views.
    summary_report : The same report of a summary (a stream, a file, a Dask cluster).

    Notes
    -----
    Each class's scores are sorted once (as ``roc_auc_score`` sorts them) and every number
    is read in one merge of the two sorted parts: the numbers of
    :func:`summary_report` of the data's :class:`~rankscore.ScoreSummary` (the same values
    as ``roc_auc_score``, ``ks_statistic``, ``best_threshold``, ``gain_table`` ... on the
    data), without writing the summary. With at most 4096 distinct scores (and many rows)
    the scores are counted into the summary instead of sorted.

    Examples
    --------
    >>> from rankscore.report import binary_report
    >>> from rankscore.datasets import load_spam
    >>> data = load_spam()
    >>> r = binary_report(data.target, data.score, pos_label="spam")
    >>> r["counts"]
    {'n': 20, 'positives': 9, 'negatives': 11, 'prevalence': 0.45}
    >>> round(r["ranking"]["roc_auc"], 5), r["confusion"]["tp"], r["confusion"]["fp"]
    (0.79798, 6, 2)
    >>> r["best_thresholds"]["f1"]["threshold"]
    0.676
    """
    threshold = check_threshold(threshold)
    at = inclusive_threshold(threshold, strict)  # score > t is score >= at
    n_groups = check_positive_int(n_groups, "n_groups")
    progress = check_progress(progress)
    report = None
    if pos_label is None and native_binary(y_true, y_score):  # as roc_auc_score
        codes = kernel_integers(y_true)
        if codes is not None:
            report = _report_of_problem(Problem(codes, codes.dtype.type(1), y_score, None,
                                                False), at, n_groups)
    if report is None:  # any labels, or labels outside {0, 1}: the general validation
        problem = binary_problem(y_true, y_score, pos_label)
        report = _report_of_problem(problem, at, n_groups)
    assert report is not None  # binary_problem's labels are checked: it has parts
    if ci:  # the intervals resample rows: they need the data, not only the summary
        report["intervals"] = _intervals(y_true, y_score, pos_label, at, confidence_level,
                                         n_resamples, random_state, progress)
    return _at_given_threshold(report, threshold, strict)


def _at_given_threshold(report: BinaryReport, threshold: float, strict: bool) -> BinaryReport:
    """The report computed at the inclusive threshold, labelled with the one given and
    its rule."""
    report["threshold"] = _number(threshold)
    report["confusion"].update(threshold=_number(threshold), strict=bool(strict))
    return report


def summary_report(summary: ScoreSummary, *, threshold: float = 0.5, n_groups: int = 10,
                   strict: bool = False) -> BinaryReport:
    """:func:`binary_report` of the data a :class:`~rankscore.ScoreSummary` summarises.

    Parameters
    ----------
    summary : ScoreSummary
        Unweighted, both classes present (e.g. from a :class:`~rankscore.ScoreAccumulator`
        fed a file chunk by chunk, or :func:`rankscore.dask.score_summary`).
    threshold : float, default 0.5
        Threshold of the confusion section (positive means ``score >= threshold``).
    n_groups : int, default 10
        Groups of the gain/lift table (10: deciles).
    strict : bool, default False
        Positive means ``score > threshold`` in the confusion section.

    Returns
    -------
    dict
        The keys and values of :func:`binary_report` on the summarised data.

    See Also
    --------
    binary_report : The same report from labels and scores.

    Notes
    -----
    Every number is a view of the summary (ROC AUC, Gini, KS, average precision, PR AUC,
    the confusion at ``threshold``, the best thresholds, the gain table), so the report
    costs the views, not another pass over the rows.

    Examples
    --------
    >>> from rankscore import ScoreSummary
    >>> from rankscore.report import binary_report, summary_report
    >>> y, s = [0, 1, 1, 0], [0.2, 0.9, 0.6, 0.7]
    >>> summary_report(ScoreSummary.from_arrays(y, s)) == binary_report(y, s)
    True
    """
    if not isinstance(summary, ScoreSummary):
        raise TypeError(f"summary must be a ScoreSummary, got {type(summary).__name__}")
    if summary.weighted:
        raise ValueError("summary_report takes an unweighted summary (the report counts rows)")
    threshold = check_threshold(threshold)
    at = inclusive_threshold(threshold, strict)
    n_groups = check_positive_int(n_groups, "n_groups")
    if summary.n_positives == 0 or summary.n_negatives == 0:
        missing = "positive" if summary.n_positives == 0 else "negative"
        raise ValueError(f"y_true has no {missing} samples: nothing to rank")
    scan, confusion, youden, f1, table = summary._report_numbers(n_groups, at)
    report = _report_dict(scan, confusion, youden, f1, table, at)
    return _at_given_threshold(report, threshold, strict)


def _report_dict(scan: Any, confusion: BinaryConfusion, youden: Any, f1: Any, table: Any,
                 threshold: float) -> BinaryReport:
    """The report's dict from the numbers read (``ScoreSummary._report_numbers``)."""
    ranking: ReportRanking = {
        "roc_auc": _number(scan.auc),
        "gini": _number(2 * scan.auc - 1),
        "ks": _number(scan.ks),
        "ks_threshold": _number(scan.ks_threshold),
        "average_precision": _number(scan.ap),
        "pr_auc": _number(scan.pr_auc),
    }
    best: dict[str, ReportThreshold] = {}
    for key, choice in (("youden", youden), ("f1", f1)):
        best[key] = {
            "threshold": _number(choice.threshold),
            "value": _number(choice.value),
            "confusion": _confusion_dict(choice.confusion),
        }
    columns = table.to_dict()
    groups = [
        {name: _number(values[i]) for name, values in columns.items()} for i in range(len(table))
    ]
    return {
        "counts": {
            "n": _number(confusion.n),
            "positives": _number(confusion.positives),
            "negatives": _number(confusion.negatives),
            "prevalence": _number(confusion.prevalence),
        },
        "ranking": ranking,
        "threshold": _number(threshold),
        "confusion": _confusion_dict(confusion),
        "best_thresholds": best,
        "gain_table": groups,
    }


def _class_scores(neg: Any, pos: Any, in_place: bool) -> tuple[np.ndarray, np.ndarray]:
    """Each class's scores as 1-D float32 (when both are) or float64: the arrays themselves
    where ``in_place`` and they already are, else copies (to be sorted)."""
    neg, pos = np.asarray(neg), np.asarray(pos)
    dtype = np.float32 if neg.dtype == pos.dtype == np.float32 else np.float64
    neg, pos = (arr.reshape(-1) if in_place and arr.dtype == dtype and arr.flags.c_contiguous
                and arr.flags.writeable else np.array(arr, dtype=dtype).reshape(-1)
                for arr in (neg, pos))
    return neg, pos


def _report_of_classes(neg: Any, pos: Any, *, threshold: float = 0.5, n_groups: int = 10,
                       in_place: bool = False) -> BinaryReport:
    """:func:`summary_report` of the rows whose scores are ``neg`` (negatives) and ``pos``
    (positives), read from the two class parts without writing their summary.

    ``neg`` and ``pos`` are 1-D, finite (the callers validated them), unsorted; float32
    when both are, float64 otherwise. With ``in_place`` they may be sorted in place, and
    then no array as long as the data is allocated (with at most 1024 gain-table groups).
    The result equals ``summary_report(ScoreSummary.from_arrays(y, s), ...)`` of the same
    rows bit for bit.
    """
    threshold = check_threshold(threshold)
    n_groups = check_positive_int(n_groups, "n_groups")
    parts = split_parts(*_class_scores(neg, pos, in_place), halves=True)
    return _report_of_parts(parts.neg_runs, parts.pos, threshold, n_groups)


def _report_of_problem(problem: Problem, threshold: float,
                       n_groups: int) -> BinaryReport | None:
    """The report of a binary problem from its class parts: few distinct scores are counted
    into a summary, others read while merging the sorted parts (as ``roc_auc_score``); None
    when the problem's labels were not checked and one lies outside {0, 1}."""
    parts = class_parts(problem, halves=True)
    if parts is None:
        return None
    if parts.counts is not None:
        summary = ScoreSummary._trusted(*summary_of_counts(parts.counts, parts.dtype), 1)
        return summary_report(summary, threshold=threshold, n_groups=n_groups)
    return _report_of_parts(parts.neg_runs, parts.pos, threshold, n_groups)


def _report_of_parts(neg_runs: tuple[np.ndarray, ...], pos: np.ndarray, threshold: float,
                     n_groups: int) -> BinaryReport:
    """The report of sorted class parts: ``report_of_parts`` reads everything while merging
    the negatives' one or two runs with the positives."""
    neg_a, neg_b = neg_runs if len(neg_runs) == 2 else (neg_runs[0], neg_runs[0][:0])
    if len(pos) == 0 or len(neg_a) + len(neg_b) == 0:
        missing = "positive" if len(pos) == 0 else "negative"
        raise ValueError(f"y_true has no {missing} samples: nothing to rank")
    cuts = report_cuts(len(neg_a) + len(neg_b) + len(pos), n_groups)
    reads = _backend.kernels.report_of_parts(
        neg_a, neg_b, pos, np.empty(0, np.int64) if cuts is None else cuts, TIE_RTOL,
        threshold)
    scan, confusion, youden, f1, table = report_of_reads(reads, n_groups, threshold,
                                                          cuts is not None)
    if cuts is None:  # many groups: the gain table reads the summary's sweep
        thresholds, negatives, positives = _backend.kernels.summary_from_sorted(
            np.sort(np.concatenate(neg_runs)), None, pos, None)
        summary = ScoreSummary._trusted(thresholds, negatives, positives, 1)
        table = summary.gain_table(n_groups)
    return _report_dict(scan, confusion, youden, f1, table, threshold)


def _intervals(y_true: Any, y_score: Any, pos_label: Any, threshold: Any, level: float,
               n_resamples: int, random_state: Any, progress: bool) -> dict[str, Any]:
    """The ``"intervals"`` section of :func:`binary_report`, from rankscore.uncertainty."""
    def entry(result: Any) -> dict[str, Any]:
        return {"low": _number(result.low), "high": _number(result.high),
                "method": result.method}

    out: dict[str, Any] = {"confidence_level": level}
    for key, fn in (("roc_auc", roc_auc_ci), ("gini", gini_ci)):
        try:
            out[key] = entry(fn(y_true, y_score, pos_label=pos_label,
                                confidence_level=level))
        except ValueError:  # fewer than two samples of a class: DeLong is undefined
            out[key] = None
    for key, metric in (("ks", "ks"), ("average_precision", "average_precision")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # undefined replicates are left out
            out[key] = entry(bootstrap_ci(y_true, y_score, metric=metric, pos_label=pos_label,
                                          confidence_level=level, n_resamples=n_resamples,
                                          random_state=random_state, progress=progress))
    rates = rate_intervals(y_true, y_score, threshold=threshold, pos_label=pos_label,
                           confidence_level=level)
    out["rates"] = {name: entry(r) for name, r in rates.items()}
    return out


# ---------------------------------------------------------------------------------------
# text


def _f(x: Any, digits: int = 4) -> str:
    return "undefined" if x is None else f"{x:.{digits}f}"


def _t(x: Any) -> str:
    return f"{x:.6g}"


def _confusion_text(c: dict[str, Any], indent: str = "  ") -> list[str]:
    table = BinaryConfusion(c["tp"], c["fp"], c["fn"], c["tn"]).table()
    return [indent + line for line in table.splitlines()]


def _rate_lines(c: dict[str, Any], indent: str = "  ") -> list[str]:
    rows = [
        [("accuracy", "accuracy"), ("error rate", "error_rate"), ("majority rate q0", "q0")],
        [("recall (TPR)", "tpr"), ("specificity (TNR)", "tnr"), ("FPR", "fpr")],
        [("precision", "precision"), ("NPV", "npv"), ("FNR", "fnr")],
        [("F1", "f1"), ("G = sqrt(P·R)", "g_mean"), ("MCC", "mcc")],
        [("informedness", "informedness"), ("markedness", "markedness"),
         ("min(P, R)", "min_pr")],
    ]  # fmt: skip
    return [
        indent + "   ".join(f"{name:<18}{_f(c[key]):>9}" for name, key in row) for row in rows
    ]


def _short_confusion(c: dict[str, Any]) -> str:
    counts = ", ".join(f"{k} {c[k]:.6g}" for k in ("tp", "fp", "fn", "tn"))
    return f"{counts}; precision {_f(c['precision'], 3)}, recall {_f(c['tpr'], 3)}"


def _gain_lines(groups: list[dict[str, Any]], indent: str = "  ") -> list[str]:
    header = ["group", "scores", "count", "positives", "rate", "gain", "cum. gain", "lift",
              "cum. lift", "KS"]  # fmt: skip
    rows = []
    for g in groups:
        rows.append([
            str(g["group"]),
            f"{_t(g['score_max'])} – {_t(g['score_min'])}",
            f"{g['count']:.6g}",
            f"{g['positives']:.6g}",
            _f(g["response_rate"], 3),
            _f(g["gain"], 3),
            _f(g["cumulative_gain"], 3),
            _f(g["lift"], 2),
            _f(g["cumulative_lift"], 2),
            _f(g["ks"], 3),
        ])  # fmt: skip
    return aligned_lines(header, rows, indent)


def _check_result(result: Any, name: str, maker: str, keys: Sequence[str]) -> None:
    """TypeError or ValueError unless ``result`` is a dict holding ``keys``: what ``maker``
    returns."""
    if not isinstance(result, Mapping):
        raise TypeError(f"{name} must be the dict that {maker} returns, got "
                        f"{type(result).__name__}")
    missing = [key for key in keys if key not in result]
    if missing:
        raise ValueError(f"{name} must be the dict that {maker} returns; it has no "
                         f"{', '.join(map(repr, missing))}")


def format_report(report: BinaryReport, *, title: str | None = None) -> str:
    """Render a :func:`binary_report` dict as text (what ``rankscore report`` prints).

    Parameters
    ----------
    report : dict
        The result of :func:`binary_report` (or the same dict read back from JSON).
    title : str, optional
        A heading, underlined, above the report.

    Returns
    -------
    str
        The report, one section per block, ending with a newline; undefined rates
        (``None``) read "undefined".

    Examples
    --------
    >>> from rankscore.report import binary_report, format_report
    >>> text = format_report(binary_report([0, 1, 1, 0], [0.2, 0.9, 0.6, 0.7]))
    >>> print(text.splitlines()[0])
    rows 4   positives 2   negatives 2   prevalence 0.5000
    """
    _check_result(report, "report", "binary_report or summary_report",
                  sorted(BinaryReport.__required_keys__))
    try:
        return _report_text(report, title)
    except (KeyError, IndexError, TypeError, AttributeError) as e:  # a part malformed
        raise ValueError("report must be the dict that binary_report or summary_report "
                         f"returns; reading it failed ({type(e).__name__}: {e})") from e


def _report_text(report: BinaryReport, title: str | None) -> str:
    counts, ranking = report["counts"], report["ranking"]
    intervals = report.get("intervals")

    def ci(key: str) -> str:
        if intervals is None:
            return ""
        r = intervals.get(key)
        if r is None:
            return "   CI undefined"
        return f"   [{_f(r['low'])}, {_f(r['high'])}] {r['method']}"

    lines = []
    if title:
        lines += [title, "=" * len(title), ""]
    lines += [
        f"rows {counts['n']:.6g}   positives {counts['positives']:.6g}   negatives "
        f"{counts['negatives']:.6g}   prevalence {_f(counts['prevalence'])}",
        "",
        "Ranking quality (every threshold)" + (
            "" if intervals is None else
            f"; {percent_text(intervals['confidence_level'])} intervals: DeLong for AUC and "
            "Gini, stratified bootstrap (percentile) for KS and AP"),
        f"  ROC AUC              {_f(ranking['roc_auc'])}{ci('roc_auc')}",
        f"  Gini (2·AUC − 1)     {_f(ranking['gini'])}{ci('gini')}",
        f"  KS                   {_f(ranking['ks'])}{ci('ks')}   max |F−(t) − F+(t)| at t = "
        f"{_t(ranking['ks_threshold'])} (positive = score > {_t(ranking['ks_threshold'])})",
        f"  average precision    {_f(ranking['average_precision'])}{ci('average_precision')}",
        f"  PR AUC (trapezoid)   {_f(ranking['pr_auc'])}",
        "",
        f"At threshold {_t(report['threshold'])} (positive = score "
        f"{'>' if report['confusion'].get('strict') else '>='} {_t(report['threshold'])})",
    ]
    lines += _confusion_text(report["confusion"])
    lines.append("")
    lines += _rate_lines(report["confusion"])
    if intervals is not None:
        level = percent_text(intervals['confidence_level'])
        lines += ["", f"  {level} Wilson intervals of the rates at this threshold"]
        for name, label in (("recall", "recall (TPR)"), ("specificity", "specificity (TNR)"),
                            ("precision", "precision"), ("npv", "NPV"),
                            ("accuracy", "accuracy"), ("fpr", "FPR"), ("fnr", "FNR")):
            r = intervals["rates"].get(name)
            shown = "undefined" if r is None else f"[{_f(r['low'])}, {_f(r['high'])}]"
            value = report["confusion"][{"recall": "tpr", "specificity": "tnr"}.get(name, name)]
            lines.append(f"  {label:<18}{_f(value):>9}   {shown}")
    lines += ["", "Best thresholds (every distinct score tried; ties → highest threshold)"]
    for key, name in (("youden", "Youden J = TPR − FPR"), ("f1", "F1")):
        b = report["best_thresholds"][key]
        lines.append(
            f"  {name:<23}{_f(b['value'])} at score >= {_t(b['threshold'])}"
            f"   ({_short_confusion(b['confusion'])})"
        )
    n_groups = len(report["gain_table"])
    lines += ["", f"Gain and lift ({n_groups} groups, best scores first; ties stay together)"]
    lines += _gain_lines(report["gain_table"])
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# the command


def shows_progress(args: Any) -> bool:
    """Progress on stderr: on a terminal, unless ``--quiet`` (``--no-progress``)."""
    return not getattr(args, "quiet", False) and sys.stderr.isatty()


def _file_report(args: Any, path: Any, source: str,
                 pos_label: str | None) -> tuple[BinaryReport, str]:
    """(report, positive label) of a file: read chunk by chunk into the scores of each class
    (or, beyond ``--memory-budget``, into a summary), or read whole when ``--plot`` or
    ``--ci`` needs the rows."""
    ci = bool(getattr(args, "ci", False))
    if ci or getattr(args, "plot", None) is not None:
        # --ci (the bootstrap resamples rows) and --plot need the rows themselves
        labels, scores = read_columns(path, args.label, args.score)
        pos_label = decide_pos_label(labels, pos_label, args.label)
        if getattr(args, "plot", None) is not None:  # --plot FILE: the 2x2 panel
            try:
                save_report_panel(labels, scores, args.plot, pos_label=pos_label,
                                  title=source)
            except ImportError as exc:  # matplotlib missing: one line naming the extra
                raise ValueError(str(exc)) from None
        report = binary_report(
            labels, scores, pos_label=pos_label, threshold=args.threshold,
            strict=getattr(args, "strict", False), n_groups=args.groups, ci=ci,
            confidence_level=getattr(args, "confidence_level", 0.95),
            n_resamples=getattr(args, "n_resamples", 2000), random_state=getattr(args, "seed", 0),
            progress=shows_progress(args))
        return report, pos_label
    quiet = not shows_progress(args)
    progress = None if quiet else _stream.ProgressLine(sys.stderr, f"rankscore report {source}")
    try:  # the scores of each class (8 bytes a row), or a summary beyond the memory budget
        classes = _stream.classes_of_file(path, args.label, args.score, pos_label,
                                          budget=getattr(args, "memory_budget", None),
                                          progress=progress)
    finally:
        if progress is not None:
            progress.close()
    strict = getattr(args, "strict", False)
    if classes.summary is not None:
        report = summary_report(classes.summary, threshold=args.threshold, strict=strict,
                                n_groups=args.groups)
    else:
        report = _report_of_classes(classes.negatives, classes.positives,
                                    threshold=inclusive_threshold(args.threshold, strict),
                                    n_groups=args.groups, in_place=True)
        report = _at_given_threshold(report, args.threshold, strict)
    return report, classes.pos_label


def run_command(args: Any) -> int:
    """``rankscore report``: read, compute, print (text or JSON). Errors: ``ValueError``."""
    if args.groups < 1:
        raise ValueError(f"--groups must be >= 1, got {args.groups}")
    if not math.isfinite(args.threshold):
        raise ValueError(f"--threshold must be a finite number, got {args.threshold}")
    if args.file is None:
        source = "demo data: 20 e-mails scored by a spam filter (rankscore.datasets)"
        with resources.as_file(datasets.spam_path()) as demo:
            pos_label = "spam" if args.pos_label is None else args.pos_label
            report, pos_label = _file_report(args, demo, source, pos_label)
    else:
        source = str(args.file)
        report, pos_label = _file_report(args, args.file, source, args.pos_label)
    if args.json:
        meta = {"source": source, "label_column": args.label, "score_column": args.score,
                "pos_label": pos_label}  # fmt: skip
        print(json_text({**meta, **report}))
    else:
        title = f"rankscore report — {source}"
        print(f"{title}\nlabel {args.label!r} (positive {pos_label!r}), score {args.score!r}\n")
        print(format_report(report), end="")
    return 0


# ---------------------------------------------------------------------------------------
# comparing models: ``rankscore compare``


def model_comparison(
    y_true: Any,
    y_scores: Mapping[Any, Any],
    *,
    pos_label: Any = None,
    confidence_level: float = 0.95,
) -> dict[str, Any]:
    """What ``rankscore compare`` shows, as a JSON-ready dict.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_scores : mapping of name to array-like
        Two or more models scored on the same samples, by name (a name that is not a str
        is converted with ``str``; a list of score arrays is refused: name the models).
    pos_label : label, optional
    confidence_level : float, default 0.95

    Returns
    -------
    dict
        ``"confidence_level"``, ``"models"`` (name, roc_auc, low, high: DeLong) and
        ``"pairs"`` (model_a, model_b, difference, low, high, z, p_value, p_holm).

    Examples
    --------
    >>> from rankscore.report import model_comparison
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> r = model_comparison(y, {"a": [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6],
    ...                          "b": [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.15]})
    >>> [m["name"] for m in r["models"]], round(r["pairs"][0]["p_value"], 4)
    (['a', 'b'], 0.8518)
    """
    if not isinstance(y_scores, Mapping):
        raise TypeError("y_scores must be a mapping of model name to scores, such as "
                        f"{{'a': scores_a, 'b': scores_b}}, got {type(y_scores).__name__}")
    y_scores = models_by_name(y_scores, "y_scores")
    models = []
    for name in y_scores:
        r = roc_auc_ci(y_true, y_scores[name], pos_label=pos_label,
                       confidence_level=confidence_level)
        models.append({"name": name, "roc_auc": r.estimate, "low": r.low, "high": r.high})
    pairs = []
    for c in compare_models(y_true, y_scores, pos_label=pos_label,
                            confidence_level=confidence_level):
        t = c.test
        pairs.append({"model_a": c.model_a, "model_b": c.model_b,
                      "difference": _number(t.difference), "low": _number(t.low),
                      "high": _number(t.high), "z": _number(t.statistic),
                      "p_value": _number(t.p_value), "p_holm": _number(c.p_holm)})
    return {"confidence_level": confidence_level, "models": models, "pairs": pairs}


def format_comparison(comparison: dict[str, Any]) -> str:
    """Render a :func:`model_comparison` dict as text (what ``rankscore compare`` prints).

    Parameters
    ----------
    comparison : dict
        The result of :func:`model_comparison`.

    Returns
    -------
    str
        Two tables: the models' AUCs with DeLong intervals, and every pair's test.

    Examples
    --------
    >>> from rankscore.report import format_comparison, model_comparison
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> r = model_comparison(y, {"a": [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6],
    ...                          "b": [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.15]})
    >>> print(format_comparison(r).splitlines()[0])
    ROC AUC with 95% DeLong intervals
    """
    _check_result(comparison, "comparison", "model_comparison",
                  ("confidence_level", "models", "pairs"))
    try:
        return _comparison_text(comparison)
    except (KeyError, IndexError, TypeError, AttributeError) as e:  # a part malformed
        raise ValueError("comparison must be the dict that model_comparison returns; "
                         f"reading it failed ({type(e).__name__}: {e})") from e


def _comparison_text(comparison: dict[str, Any]) -> str:
    level = percent_text(comparison['confidence_level'])
    width = max(5, *(len(str(m["name"])) for m in comparison["models"]))
    lines = [f"ROC AUC with {level} DeLong intervals",
             f"  {'model':<{width}}  {'AUC':>7}  {'low':>7}  {'high':>7}"]
    for m in comparison["models"]:
        lines.append(f"  {str(m['name']):<{width}}  {_f(m['roc_auc']):>7}  {_f(m['low']):>7}  "
                     f"{_f(m['high']):>7}")
    lines += ["", "DeLong's paired test of every pair (difference = AUC a − AUC b; "
              "p Holm: adjusted for the number of pairs)",
              f"  {'a':<{width}}  {'b':<{width}}  {'diff.':>8}  {level + ' CI':>19}  "
              f"{'z':>7}  {'p':>8}  {'p Holm':>8}"]
    for p in comparison["pairs"]:
        ci_text = f"[{_f(p['low'])}, {_f(p['high'])}]"
        lines.append(f"  {str(p['model_a']):<{width}}  {str(p['model_b']):<{width}}  "
                     f"{_f(p['difference']):>8}  {ci_text:>19}  {_f(p['z'], 3):>7}  "
                     f"{_p(p['p_value']):>8}  {_p(p['p_holm']):>8}")
    return "\n".join(lines) + "\n"


def _p(p: Any) -> str:
    if p is None:
        return "undefined"
    return "< 1e-300" if p < 1e-300 else (f"{p:.4f}" if p >= 1e-4 else f"{p:.2e}")


def run_compare(args: Any) -> int:
    """``rankscore compare``: read the label and every score column, test every pair."""
    names = list(dict.fromkeys(args.score))
    if len(names) < 2:
        raise ValueError("compare needs at least two different --score columns")
    columns = {}
    labels = None
    for name in names:
        labels, columns[name] = read_columns(args.file, args.label, name)
    assert labels is not None  # two or more names were read
    pos_label = decide_pos_label(labels, args.pos_label, args.label)
    comparison = model_comparison(labels, columns, pos_label=pos_label,
                                  confidence_level=args.confidence_level)
    if args.json:
        meta = {"source": str(args.file), "label_column": args.label, "pos_label": pos_label}
        print(json_text({**meta, **comparison}))
    else:
        print(f"rankscore compare — {args.file}\nlabel {args.label!r} (positive "
              f"{pos_label!r}), {len(labels)} rows\n")
        print(format_comparison(comparison), end="")
    return 0
