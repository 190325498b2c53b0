"""One report on a scored binary classifier: what ``rankscore report`` prints.

:func:`binary_report` computes everything as a JSON-ready ``dict`` with stable keys
(counts and prevalence; ROC AUC, Gini, KS, average precision, PR AUC; the confusion and
every rate at a threshold; the best thresholds for Youden's J and F1; the gain/lift table);
:func:`format_report` renders it as text. The command line reads the two columns from a
CSV (or Parquet) file with :func:`read_columns`.
"""

from __future__ import annotations

import csv
import math
from array import array
from pathlib import Path
from typing import Any

import numpy as np

from ._validation import check_positive_int, quoted
from .metrics import BinaryConfusion, _check_threshold
from .summary import ScoreSummary

__all__ = ["binary_report", "format_report", "read_columns"]

_PARQUET_SUFFIXES = (".parquet", ".pq")


def _number(x: Any) -> Any:
    """A JSON-ready number: int stays int, NaN becomes None."""
    if isinstance(x, (bool, np.bool_)):
        return bool(x)
    if isinstance(x, (int, np.integer)):
        return int(x)
    x = float(x)
    return None if math.isnan(x) else x


def _confusion_dict(c) -> dict[str, Any]:
    return {k: _number(v) if v is not None else None for k, v in c.to_dict().items()}


def binary_report(
    y_true: Any,
    y_score: Any,
    *,
    pos_label: Any = None,
    threshold: float = 0.5,
    n_groups: int = 10,
) -> dict[str, Any]:
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

    Returns
    -------
    dict
        Keys ``"counts"`` (n, positives, negatives, prevalence), ``"ranking"`` (roc_auc,
        gini, ks, ks_threshold, average_precision, pr_auc), ``"threshold"``,
        ``"confusion"`` (:meth:`BinaryConfusion.to_dict`), ``"best_thresholds"``
        (``"youden"`` and ``"f1"``, each threshold, value and confusion) and
        ``"gain_table"`` (one dict per group). NaN becomes ``None``.

    See Also
    --------
    ScoreSummary : Every number here is one of its views.

    Notes
    -----
    The data are sorted once, into one :class:`~rankscore.ScoreSummary`; every number is
    read from it (the same values as ``roc_auc_score``, ``ks_statistic``,
    ``best_threshold``, ``gain_table`` ... on the data).

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
    threshold = _check_threshold(threshold)
    n_groups = check_positive_int(n_groups, "n_groups")
    summary = ScoreSummary.from_arrays(y_true, y_score, pos_label=pos_label)  # one sort
    if summary.n_positives == 0 or summary.n_negatives == 0:
        missing = "positive" if summary.n_positives == 0 else "negative"
        raise ValueError(f"y_true has no {missing} samples: nothing to rank")
    confusion = summary.confusion(threshold)
    ks = summary.ks_statistic()
    roc_auc = summary.roc_auc()
    ranking = {
        "roc_auc": roc_auc,
        "gini": 2 * roc_auc - 1,
        "ks": ks.statistic,
        "ks_threshold": ks.threshold,
        "average_precision": summary.average_precision(),
        "pr_auc": summary.pr_auc(),
    }
    best = {}
    for key, objective in (("youden", "youden"), ("f1", "f_beta")):
        choice = summary.best_threshold(objective)
        best[key] = {
            "threshold": _number(choice.threshold),
            "value": _number(choice.value),
            "confusion": _confusion_dict(choice.confusion),
        }
    table = summary.gain_table(n_groups)
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
        "ranking": {k: _number(v) for k, v in ranking.items()},
        "threshold": _number(threshold),
        "confusion": _confusion_dict(confusion),
        "best_thresholds": best,
        "gain_table": groups,
    }


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
    widths = [max(len(h), *(len(r[j]) for r in rows)) for j, h in enumerate(header)]
    out = [indent + "  ".join(h.rjust(w) for h, w in zip(header, widths))]
    out += [indent + "  ".join(c.rjust(w) for c, w in zip(row, widths)) for row in rows]
    return out


def format_report(report: dict[str, Any], *, title: str | None = None) -> str:
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
    counts, ranking = report["counts"], report["ranking"]
    lines = []
    if title:
        lines += [title, "=" * len(title), ""]
    lines += [
        f"rows {counts['n']:.6g}   positives {counts['positives']:.6g}   negatives "
        f"{counts['negatives']:.6g}   prevalence {_f(counts['prevalence'])}",
        "",
        "Ranking quality (every threshold)",
        f"  ROC AUC              {_f(ranking['roc_auc'])}",
        f"  Gini (2·AUC − 1)     {_f(ranking['gini'])}",
        f"  KS                   {_f(ranking['ks'])}   max |F−(t) − F+(t)| at t = "
        f"{_t(ranking['ks_threshold'])} (positive = score > {_t(ranking['ks_threshold'])})",
        f"  average precision    {_f(ranking['average_precision'])}",
        f"  PR AUC (trapezoid)   {_f(ranking['pr_auc'])}",
        "",
        f"At threshold {_t(report['threshold'])} (positive = score >= {_t(report['threshold'])})",
    ]
    lines += _confusion_text(report["confusion"])
    lines.append("")
    lines += _rate_lines(report["confusion"])
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
# reading a file


def read_columns(path: str | Path, label: str, score: str) -> tuple[np.ndarray, np.ndarray]:
    """Read the label column (as strings) and the score column (as float64) of a file.

    Parameters
    ----------
    path : str or Path
        A CSV file (delimiter sniffed among ``, ; tab |``, UTF-8 with or without BOM,
        blank lines skipped) or a Parquet file (``.parquet``/``.pq``, needs pyarrow).
    label, score : str
        Names of the label column and of the score column.

    Returns
    -------
    labels : ndarray of str
        The label column as text (stripped).
    scores : ndarray of float64
        The score column, every value finite.

    Raises
    ------
    ValueError
        One line naming the file, the column and, for a bad value, the row (the line of
        a CSV file, the 1-based row of a Parquet file): missing or duplicated column,
        empty file, a score that is not a finite number, an empty label, unreadable file.
    """
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"{path}: is a directory, not a file")
    if not path.is_file():
        raise ValueError(f"{path}: no such file")
    if path.suffix.lower() in _PARQUET_SUFFIXES:
        labels, raw_scores, lines = _read_parquet(path, label, score)
    else:
        labels, raw_scores, lines = _read_csv(path, label, score)
    if not labels:
        raise ValueError(f"{path}: no data rows")

    def row(i: int) -> int:
        return i + 1 if lines is None else lines[i]

    try:  # fast path; the loop below finds the row of a bad value
        scores = np.asarray(raw_scores, dtype=np.float64)
        if np.isfinite(scores).all():
            raw_scores = []
    except (TypeError, ValueError):
        scores = np.empty(len(raw_scores), dtype=np.float64)
    for i, value in enumerate(raw_scores):
        try:
            scores[i] = float(value)
        except (TypeError, ValueError):
            scores[i] = math.nan
        if not math.isfinite(scores[i]):
            shown = "an empty value" if value in ("", None) else quoted(value)
            raise ValueError(
                f"{path}, row {row(i)}: score column {quoted(score)} has {shown}, not a finite"
                " number"
            )
    for i, value in enumerate(labels):
        if value in ("", None):
            raise ValueError(f"{path}, row {row(i)}: label column {quoted(label)} is empty")
    return np.asarray(labels, dtype=str), scores


def _check_columns(path: Path, names: list[str], label: str, score: str) -> None:
    for wanted, what in ((label, "label"), (score, "score")):
        if wanted not in names:
            shown = ", ".join(quoted(n) for n in names[:20]) + (", …" * (len(names) > 20))
            option = "--label" if what == "label" else "--score"
            raise ValueError(f"{path}: no {what} column {quoted(wanted)} (columns: {shown});"
                             f" choose one with {option}")
        if names.count(wanted) > 1:
            raise ValueError(f"{path}: {names.count(wanted)} columns are named "
                             f"{quoted(wanted)}; rename all but one")


def _read_csv(path: Path, label: str, score: str):
    """(labels, scores, line of each row) of a CSV file, as text."""
    limit = csv.field_size_limit(2**31 - 1)  # long text columns beside label and score
    try:
        with open(path, newline="", encoding="utf-8-sig") as fh:
            return _read_csv_rows(path, fh, label, score)
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text ({exc.reason}); save the file as UTF-8"
                         " CSV") from None
    finally:
        csv.field_size_limit(limit)


def _is_blank(row: list[str]) -> bool:
    return all(not cell.strip() for cell in row)


def _read_csv_rows(path: Path, fh, label: str, score: str):
    sample = fh.read(65536)
    if not sample.strip():
        raise ValueError(f"{path}: the file is empty")
    fh.seek(0)
    first = next(line for line in sample.splitlines() if line.strip())
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(fh, dialect)
    try:
        header = next((row for row in reader if not _is_blank(row)), None)
        if header is None:
            raise ValueError(f"{path}: the file is empty")
        header = [name.strip() for name in header]
        _check_columns(path, header, label, score)
        li, si = header.index(label), header.index(score)
        labels, scores, lines = [], [], array("q")
        for row in reader:
            if _is_blank(row):
                continue
            if len(row) != len(header):  # a short or long row would shift the columns
                raise ValueError(f"{path}, row {reader.line_num}: {len(row)} fields, expected "
                                 f"{len(header)} (as the header)")
            labels.append(row[li].strip())
            scores.append(row[si].strip())
            lines.append(reader.line_num)  # as in a text editor: the header is line 1
    except csv.Error as exc:  # e.g. a NUL byte, or a malformed quoted field
        raise ValueError(f"{path}, row {reader.line_num}: {exc}") from None
    return labels, scores, lines


def _read_parquet(path: Path, label: str, score: str):
    """(labels, scores, None) of a Parquet file; rows are numbered from 1."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ValueError(
            f"{path}: reading Parquet needs pyarrow (pip install rankscore[parquet])"
        ) from None
    try:
        names = pq.read_schema(path).names
        _check_columns(path, names, label, score)
        table = pq.read_table(path, columns=[label, score])
    except (pa.ArrowException, OSError) as exc:
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        raise ValueError(f"{path}: cannot read it as Parquet: {reason}") from None
    labels = ["" if v is None else str(v) for v in table.column(label).to_pylist()]
    return labels, table.column(score).to_pylist(), None


def _decide_pos_label(labels: np.ndarray, pos_label: str | None, column: str) -> str:
    """The positive label among the two values of a label column read as text."""
    values = sorted(set(labels.tolist()))
    shown = ", ".join(quoted(v) for v in values[:6]) + (", …" if len(values) > 6 else "")
    if len(values) > 2:
        raise ValueError(
            f"label column {quoted(column)} has {len(values)} values ({shown}); a binary"
            " report"
            " needs two"
        )
    if len(values) < 2:
        raise ValueError(f"label column {quoted(column)} has one value only ({shown}); "
                         "need two")
    if pos_label is not None:
        if pos_label in values:
            return pos_label
        matches = [v for v in values if _same_number(v, pos_label)]
        if matches:
            return matches[0]
        raise ValueError(f"--pos-label {quoted(pos_label)} is not a value of "
                         f"{quoted(column)} ({shown})")
    numbers = [_as_float(v) for v in values]
    if None not in numbers and (set(numbers) <= {0.0, 1.0} or set(numbers) <= {-1.0, 1.0}):
        return values[numbers.index(1.0)]
    lowered = [v.lower() for v in values]
    if set(lowered) == {"true", "false"}:
        return values[lowered.index("true")]
    raise ValueError(
        f"label column {quoted(column)} has the values {shown}; say which is positive with"
        " --pos-label"
    )


def _as_float(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _same_number(a: str, b: str) -> bool:
    x, y = _as_float(a), _as_float(b)
    return x is not None and x == y


# ---------------------------------------------------------------------------------------
# the command


def run_command(args: Any) -> int:
    """``rankscore report``: read, compute, print (text or JSON). Errors: ``ValueError``."""
    import json
    from importlib import resources

    if args.groups < 1:
        raise ValueError(f"--groups must be >= 1, got {args.groups}")
    if not math.isfinite(args.threshold):
        raise ValueError(f"--threshold must be a finite number, got {args.threshold}")
    if args.file is None:
        from . import datasets

        with resources.as_file(datasets.spam_path()) as demo:
            labels, scores = read_columns(demo, args.label, args.score)
        source = "demo data: 20 e-mails scored by a spam filter (rankscore.datasets)"
        pos_label = "spam" if args.pos_label is None else args.pos_label
    else:
        labels, scores = read_columns(args.file, args.label, args.score)
        source, pos_label = str(args.file), args.pos_label
    pos_label = _decide_pos_label(labels, pos_label, args.label)
    report = binary_report(
        labels, scores, pos_label=pos_label, threshold=args.threshold, n_groups=args.groups
    )
    if getattr(args, "plot", None) is not None:  # --plot FILE: the 2x2 panel of rankscore.plot
        from .plot import _save_report_panel

        try:
            _save_report_panel(labels, scores, args.plot, pos_label=pos_label, title=source)
        except ImportError as exc:  # matplotlib missing: one line naming the extra
            raise ValueError(str(exc)) from None
    if args.json:
        meta = {"source": source, "label_column": args.label, "score_column": args.score,
                "pos_label": pos_label}  # fmt: skip
        print(json.dumps({**meta, **report}, indent=2, allow_nan=False))
    else:
        title = f"rankscore report — {source}"
        print(f"{title}\nlabel {args.label!r} (positive {pos_label!r}), score {args.score!r}\n")
        print(format_report(report), end="")
    return 0
