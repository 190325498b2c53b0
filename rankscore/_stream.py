"""A label column and a score column read a chunk at a time (``rankscore report FILE``).

:func:`chunks` yields the rows of a CSV or Parquet file in pieces of at most ``rows`` rows,
each as the distinct label texts of the piece, a code per row into them, and the scores
(float64, every one finite). Memory stays that of one piece, whatever the size of the file.
:func:`read_columns` reads a whole file through the same pieces (``rankscore report --ci``,
``--plot`` and ``rankscore compare``); :func:`classes_of_file` keeps only the scores of each
class (8 bytes a row; ``rankscore report``), or beyond a memory budget folds the pieces into
a :class:`~rankscore.ScoreSummary` as :func:`summarise_file` does;
decide_pos_label decides the positive class of a label column read as text. The command line (``rankscore.report.run_command``) reads
files only through this module.
"""

from __future__ import annotations

import math
import os
import time
from decimal import Decimal
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple

import numpy as np

from ._columns import check_column, decimals_as_float64
from ._engine.validate import quoted
from ._files import open_regular_file
from ._numbers import read_number
from .exceptions import ColumnTypeError
from ._rows import (Chunk, check_columns, check_file, empty_label, finite_scores, not_finite,
                    python_csv_chunks)
from .summary import ScoreAccumulator, ScoreSummary

__all__ = ["Chunk", "ClassScores", "ProgressLine", "chunks", "classes_of_file", "finite_scores",
           "memory_budget", "read_columns", "summarise_file"]

PARQUET_SUFFIXES = (".parquet", ".pq")
CHUNK_ROWS = 1 << 20

#: ``progress(done, total)``: units read so far (rows of a Parquet file, bytes of a CSV file)
Progress = Callable[[int, int], None]


def chunks(
    path: str | Path, label: str, score: str, *, rows: int = CHUNK_ROWS,
    progress: Progress | None = None,
) -> Iterator[Chunk]:
    """The rows of a CSV or Parquet file, ``rows`` at a time (see the module docstring)."""
    path = Path(path)
    check_file(path)
    if path.suffix.lower() in PARQUET_SUFFIXES:
        pieces = _parquet_chunks(path, label, score, rows, progress)
    else:
        pieces = _csv_chunks(path, label, score, rows, progress)
    empty = True
    for piece in pieces:
        empty = False
        nul = next((v for v in piece.values if "\x00" in v), None)
        if nul is not None:  # (NumPy's text arrays would drop it at the end of a label)
            raise ValueError(f"{path}: label column {quoted(label)} holds {quoted(nul)}, a "
                             "label with a NUL character")
        yield piece
    if empty:
        raise ValueError(f"{path}: no data rows")


# ---------------------------------------------------------------------------------------
# CSV


#: Which CSV reader ``rankscore report`` uses: "auto" (pyarrow's streaming reader when
#: pyarrow is installed, else Python's csv module), "python" or "arrow" (tests, benchmarks).
CSV_READER = "auto"


def _csv_chunks(path: Path, label: str, score: str, rows: int,
                progress: Progress | None) -> Iterator[Chunk]:
    """The pieces of a CSV file. Both readers give the same pieces, and the same errors
    with the same row numbers: the pyarrow reader hands every piece it cannot read exactly
    as Python's csv module would (a bad value, an empty label, a blank or short row, a NUL
    byte, text that is not UTF-8 ...) to :func:`python_csv_chunks`, which reads on from
    there and names the row."""
    if CSV_READER != "python":
        from . import _csv_arrow

        if CSV_READER == "arrow" or _csv_arrow.available():
            yield from _csv_arrow.chunks(path, label, score, rows, progress)
            return
    yield from python_csv_chunks(path, label, score, rows, progress)


# ---------------------------------------------------------------------------------------
# Parquet


def _parquet_chunks(path: Path, label: str, score: str, rows: int,
                    progress: Progress | None) -> Iterator[Chunk]:
    try:
        import pyarrow as pa
        import pyarrow.compute as pc
        import pyarrow.parquet as pq
    except ImportError:
        raise ValueError(
            f"{path}: reading Parquet needs pyarrow (pip install rankscore[parquet])"
        ) from None

    def unreadable(exc: Exception) -> ValueError:
        reason = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
        return ValueError(f"{path}: cannot read it as Parquet: {reason}")

    # read through a descriptor whose type was checked (a pipe put in the file's place
    # after the check would block pyarrow's own open)
    with open_regular_file(path) as handle:
        try:
            # pre_buffer=False: pyarrow would otherwise keep every column chunk it has read
            # (the whole file by the end), not one row group
            file = pq.ParquetFile(handle, pre_buffer=False)
            names = file.schema_arrow.names
        except (pa.ArrowException, OSError) as exc:
            raise unreadable(exc) from None
        check_columns(path, names, label, score)
        schema = file.schema_arrow
        try:  # the column rule, before a row is read
            label_type = check_column(label, schema.field(label).type, "label")
            check_column(score, schema.field(score).type, "score")
        except ColumnTypeError as exc:
            raise ColumnTypeError(f"{path}: {exc}") from None
        total, done = file.metadata.num_rows, 0
        batches = file.iter_batches(batch_size=rows, columns=[label, score])
        while True:
            try:
                batch = next(batches, None)
            except (pa.ArrowException, OSError) as exc:
                raise unreadable(exc) from None
            if batch is None:
                return
            if batch.num_rows:
                labels, scores = batch.column(label), batch.column(score)
                yield _parquet_chunk(path, label, score, labels, scores, done, label_type, pa, pc)
            done += batch.num_rows
            if progress is not None:
                progress(done, total)


def _parquet_chunk(path: Path, label: str, score: str, labels: Any, scores: Any, start: int,
                   label_type: Any, pa: Any, pc: Any) -> Chunk:
    """One batch: the columns passed the column rule (rankscore._columns) already."""
    def row(i: int) -> int:
        result: int = start + i + 1
        return result

    if pa.types.is_dictionary(scores.type):  # categories of numbers: the numbers
        scores = scores.dictionary_decode()
    if pa.types.is_decimal(scores.type):  # at most 15 digits (the column rule)
        scores = decimals_as_float64(scores)
    if scores.null_count:
        raise not_finite(path, row(pc.index(pc.is_null(scores), True).as_py()), score, None)
    numbers = finite_scores(scores.to_numpy(zero_copy_only=False), row, path, score)
    if pa.types.is_dictionary(labels.type):  # categories: their values
        labels = labels.dictionary_decode()
    if labels.null_count:
        raise empty_label(path, row(pc.index(pc.is_null(labels), True).as_py()), label)
    if label_type.kind == "bytes":  # bytes are labels as UTF-8 text
        try:
            labels = labels.cast(pa.string())
        except pa.ArrowInvalid:
            raise ValueError(f"{path}: label column {quoted(label)} holds bytes that are not "
                             "UTF-8 text") from None
    if label_type.kind == "float":  # a NaN label names its row, as a NaN score does
        nan = pc.is_nan(labels)
        if pc.any(nan).as_py():
            raise ValueError(f"{path}, row {row(pc.index(nan, True).as_py())}: label column "
                             f"{quoted(label)} has NaN, not a label")
    distinct = pc.unique(labels)
    values = [str(v) for v in distinct.to_pylist()]  # as read_columns: str() of each value
    if "" in values:
        raise empty_label(path, row(pc.index(labels, distinct[values.index("")]).as_py()), label)
    codes = pc.index_in(labels, value_set=distinct).to_numpy(zero_copy_only=False)
    return Chunk(values, codes.astype(np.int32, copy=False), numbers)


# ---------------------------------------------------------------------------------------
# a whole file


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
        The label column as text (stripped); the texts of one number ("1", "1.0", "1e0")
        as the first of them in the file: one class, as in a numeric column.
    scores : ndarray of float64
        The score column, every value finite.

    Raises
    ------
    ValueError
        One line naming the file, the column and, for a bad value, the row (the line of
        a CSV file, the 1-based row of a Parquet file): missing or duplicated column,
        empty file, a score that is not a finite number, an empty label, unreadable file,
        a path that is not a regular file (a directory, a pipe, a device), a Parquet column
        whose type cannot be a score or label column (rankscore._columns, raised as
        ColumnTypeError, also a TypeError).

    Examples
    --------
    >>> from rankscore.datasets import spam_path
    >>> from rankscore.report import read_columns
    >>> labels, scores = read_columns(spam_path(), "target", "score")
    >>> labels[:3].tolist(), scores[:3].tolist()
    (['ham', 'ham', 'ham'], [0.001, 0.003, 0.059])
    """
    pieces = list(chunks(path, label, score))
    first: dict[str | Decimal, str] = {}  # the first text of each class
    labels = np.concatenate([np.array([first.setdefault(class_key(v), v) for v in p.values],
                                      dtype=str)[p.codes] for p in pieces])
    return labels, np.concatenate([p.scores for p in pieces])


# ---------------------------------------------------------------------------------------
# the positive class of a label column read as text


def decide_pos_label(labels: Any, pos_label: str | None, column: str) -> str:
    """The positive label among the two classes of a label column read as text (the texts
    ``labels``, an array or a list, in the order read): texts of one number, such as "1"
    and "1.0", are one class, which the first of its texts read names."""
    values = list(dict.fromkeys(labels.tolist() if isinstance(labels, np.ndarray) else labels))
    ordered = sorted(values)
    shown = ", ".join(quoted(v) for v in ordered[:6]) + (", …" if len(values) > 6 else "")
    keys = [class_key(v) for v in values]
    n_classes = len(set(keys))
    if n_classes > 2:
        kind = "values" if n_classes == len(values) else "classes"
        raise ValueError(f"label column {quoted(column)} has {n_classes} {kind} ({shown}); a "
                         "binary report needs two")
    if n_classes < 2:
        kind = "value" if len(values) == 1 else "class"
        raise ValueError(f"label column {quoted(column)} has one {kind} only ({shown}); "
                         "need two")
    if pos_label is not None:
        wanted = class_key(pos_label)
        if wanted in keys:
            result: str = values[keys.index(wanted)]
            return result
        raise ValueError(f"--pos-label {quoted(pos_label)} is not a value of "
                         f"{quoted(column)} ({shown})")
    if set(keys) <= {0, 1} or set(keys) <= {-1, 1}:  # (texts are no numbers' keys)
        positive: str = values[keys.index(Decimal(1))]
        return positive
    lowered = [v.lower() for v in values]
    if set(lowered) == {"true", "false"}:
        true: str = values[lowered.index("true")]
        return true
    raise ValueError(
        f"label column {quoted(column)} has the values {shown}; say which is positive with"
        " --pos-label"
    )


def class_key(text: str) -> str | Decimal:
    """The class a label text names: a finite number by its exact value ("1", "1.0" and
    "1e0" are one class, as in a numeric column; 2**53 and 2**53 + 1 are two; a Decimal
    equals and hashes as the int of its value), any other text as it is (also "1_0":
    numbers in files have no underscores, rankscore._numbers)."""
    if read_number(text) is None:
        return text
    try:
        number = Decimal(text.strip())
    except ArithmeticError:  # (float() reads some texts Decimal does not)
        return text
    return number if number.is_finite() else text


# ---------------------------------------------------------------------------------------
# a file through the accumulator


_MANY_VALUES = 100_000


def _is_positive(value: str, pos_label: str | None) -> bool | None:
    """Whether the label text ``value`` is the positive class, decided on sight as
    decide_pos_label decides for the whole column; None when it cannot be
    (without ``pos_label``, only 0/1, -1/1 and true/false have a default)."""
    if pos_label is not None:
        return value == pos_label or class_key(value) == class_key(pos_label)
    key = class_key(value)
    if key in (0, 1, -1) or value.lower() in ("true", "false"):
        return key == 1 or value.lower() == "true"
    return None


def _read_classes(
    path: str | Path, label: str, score: str, pos_label: str | None,
    consume: Callable[[np.ndarray, np.ndarray], Any], *, rows: int,
    progress: Progress | None,
) -> str:
    """Read a file a chunk at a time, calling ``consume(is_positive, scores)`` on each chunk;
    returns the positive label text.

    The label column gets the checks and messages of :func:`decide_pos_label` in memory:
    when a label cannot be the positive or the negative class (a third value; text without
    ``pos_label``), the rest of the file is only scanned for its label values (nothing more
    is consumed), and the error names them all.
    """
    positive: dict[str, bool | None] = {}  # every label text seen: is it the positive class?
    classes: set[str | Decimal] = set()  # the classes of those texts
    failed = False  # a label without a class: read on for the values, the error comes last
    for piece in chunks(path, label, score, rows=rows, progress=progress):
        for value in piece.values:
            if value not in positive:
                positive[value] = _is_positive(value, pos_label)
                classes.add(class_key(value))
                failed = failed or positive[value] is None or len(classes) > 2
        if len(positive) > _MANY_VALUES:  # not a label column: stop before memory runs out
            shown = ", ".join(quoted(v) for v in sorted(positive)[:6])
            raise ValueError(f"label column {quoted(label)} has more than {_MANY_VALUES}"
                             f" values ({shown}, …); a binary report needs two")
        if not failed:
            is_positive = np.array([positive[v] for v in piece.values], dtype=bool)
            consume(is_positive[piece.codes], piece.scores)
    # (the positive texts are those of the decided class: decide_pos_label refuses others)
    return decide_pos_label(list(positive), pos_label, label)


def summarise_file(
    path: str | Path, label: str, score: str, pos_label: str | None = None, *,
    rows: int = CHUNK_ROWS, progress: Progress | None = None,
) -> tuple[ScoreSummary, str]:
    """The :class:`~rankscore.ScoreSummary` of a file's two columns, read a chunk at a time.

    Returns ``(summary, positive label text)``; the summary's labels are booleans (True:
    positive). Peak memory: the summary plus one chunk. Label checks and messages: those of
    :func:`decide_pos_label` in memory (see :func:`_read_classes`).
    """
    accumulator = ScoreAccumulator(pos_label=True)
    decided = _read_classes(path, label, score, pos_label, accumulator.update, rows=rows,
                            progress=progress)
    return accumulator.summary(), decided


# ---------------------------------------------------------------------------------------
# a file as the scores of each class (``rankscore report FILE``)


class ClassScores(NamedTuple):
    """A file's scores, either kept per class (``negatives`` and ``positives``, float64,
    unsorted; ``summary`` None) or, above the memory budget, summarised (``summary``; the
    two arrays None). ``pos_label``: the positive label text."""

    negatives: np.ndarray | None
    positives: np.ndarray | None
    summary: Any
    pos_label: str


def memory_budget() -> int:
    """Bytes of scores ``rankscore report`` keeps in memory by default: a quarter of the
    physical memory (``os.sysconf``), 2 GiB where that is unknown."""
    try:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, ValueError):
        total = -1
    return total // 4 if total > 0 else 2 << 30


def row_count(path: str | Path) -> int | None:
    """The number of rows of a Parquet file from its metadata; None for a CSV file (or
    where the metadata cannot be read: :func:`chunks` then raises the error)."""
    path = Path(path)
    if path.suffix.lower() not in PARQUET_SUFFIXES:
        return None
    try:
        import pyarrow.parquet as pq

        with open_regular_file(path) as handle:
            return int(pq.ParquetFile(handle).metadata.num_rows)
    except Exception:  # pyarrow missing, not Parquet ...: chunks() names the problem
        return None


class _Classes:
    """``consume(is_positive, scores)`` keeping each class's scores, 8 bytes a row.

    With ``size`` rows known (Parquet metadata), one float64 buffer of ``size``: positive
    scores written from the front, negative scores from the back. Otherwise (CSV) the
    chunks' class arrays, joined at the end into one such buffer. Once the scores kept
    would exceed ``budget`` bytes, they go into a :class:`~rankscore.ScoreAccumulator`
    instead (exact; small when scores repeat), and so does every later chunk.
    """

    def __init__(self, path: Path, size: int | None, budget: int):
        self.path, self.budget = path, budget
        self.accumulator: ScoreAccumulator | None = None
        self.buffer = None if size is None or 8 * size > budget else np.empty(size)
        if size is not None and self.buffer is None:
            self.accumulator = ScoreAccumulator(pos_label=True)
        self.front, self.back = 0, size or 0  # the buffer: positives [:front], negatives [back:]
        self.pieces: list[tuple[np.ndarray, np.ndarray]] = []  # CSV: (positives, negatives)
        self.kept = 0  # bytes of self.pieces

    def __call__(self, is_positive: np.ndarray, scores: np.ndarray) -> None:
        if self.accumulator is not None:
            self.accumulator.update(is_positive, scores)
        elif self.buffer is not None:
            k = int(np.count_nonzero(is_positive))
            m = len(scores) - k
            if self.front + k > self.back - m:
                raise ValueError(f"{self.path}: more rows than its metadata says")
            np.compress(is_positive, scores, out=self.buffer[self.front:self.front + k])
            np.compress(~is_positive, scores, out=self.buffer[self.back - m:self.back])
            self.front, self.back = self.front + k, self.back - m
        elif self.kept + scores.nbytes > self.budget:  # the scores would not fit: summarise
            self.accumulator = ScoreAccumulator(pos_label=True)
            while self.pieces:
                positives, negatives = self.pieces.pop()
                self.accumulator.update(np.ones(len(positives), bool), positives)
                self.accumulator.update(np.zeros(len(negatives), bool), negatives)
            self.accumulator.update(is_positive, scores)
        else:
            self.pieces.append((scores[is_positive], scores[~is_positive]))
            self.kept += scores.nbytes

    def result(self, pos_label: str) -> ClassScores:
        if self.accumulator is not None:
            return ClassScores(None, None, self.accumulator.summary(), pos_label)
        if self.buffer is None:  # join the pieces, the last first: freed as they are copied
            self.front = self.back = sum(len(p) for p, _ in self.pieces)
            self.buffer = np.empty(self.front + sum(len(n) for _, n in self.pieces))
            end, start = self.front, len(self.buffer)
            while self.pieces:
                positives, negatives = self.pieces.pop()
                self.buffer[end - len(positives):end] = positives
                self.buffer[start - len(negatives):start] = negatives
                end, start = end - len(positives), start - len(negatives)
        elif self.front != self.back:
            raise ValueError(f"{self.path}: fewer rows than its metadata says")
        return ClassScores(self.buffer[self.back:], self.buffer[:self.front], None, pos_label)


def classes_of_file(
    path: str | Path, label: str, score: str, pos_label: str | None = None, *,
    budget: int | None = None, rows: int = CHUNK_ROWS, progress: Progress | None = None,
) -> ClassScores:
    """The scores of each class of a file (8 bytes a row), or its summary beyond ``budget``.

    A Parquet file's scores are kept when its row count (metadata) times 8 bytes is at most
    ``budget`` (default :func:`memory_budget`): peak memory is then those bytes plus one
    chunk. A CSV file's row count is unknown: its chunks' scores are kept until they would
    exceed ``budget``, then folded, with the rest of the file, into a summary (peak: the
    summary plus at most ``budget``). Labels: the checks and messages of
    :func:`summarise_file`. Either way the report is exact and the same.
    """
    path = Path(path)
    budget = memory_budget() if budget is None else budget
    classes = _Classes(path, row_count(path), budget)
    decided = _read_classes(path, label, score, pos_label, classes, rows=rows,
                            progress=progress)
    return classes.result(decided)


class ProgressLine:
    """``progress(done, total)`` drawn as one self-overwriting line on a terminal.

    Nothing is drawn during the first ``delay`` seconds (short files stay silent), then at
    most ``rate`` updates a second; :meth:`close` erases the line.
    """

    def __init__(self, stream: Any, what: str, *, delay: float = 1.0, rate: float = 5.0) -> None:
        self.stream, self.what = stream, what
        self.start = time.monotonic()
        self.delay, self.interval = delay, 1.0 / rate
        self.last = -math.inf
        self.width = 0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.start < self.delay or now - self.last < self.interval:
            return
        self.last = now
        share = f"{100 * done / total:3.0f} %" if total else "…"
        text = f"{self.what}: {share} read ({now - self.start:.0f} s)"
        self.stream.write("\r" + text.ljust(self.width))
        self.stream.flush()
        self.width = len(text)

    def close(self) -> None:
        if self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()
