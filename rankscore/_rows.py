"""Rows of a table file in pieces: the :class:`Chunk` every reader yields, the checks of a
piece's labels and scores (each error names the file, the row and the column), and the
reader of CSV files through Python's csv module (pyarrow's reader in ``_csv_arrow`` hands
it every piece it cannot read exactly as this one would)."""

from __future__ import annotations

import csv
import itertools
import io
import math
import os
import re
from pathlib import Path
from typing import Any, Callable, Iterator, NamedTuple, Sequence

import numpy as np

from ._engine.validate import quoted, rounds_in_float64
from ._files import check_regular_file, open_regular_file
from ._numbers import read_number

__all__ = ["Chunk", "check_file", "finite_scores", "check_columns", "empty_label",
           "python_csv_chunks", "not_utf8", "not_finite", "csv_header", "CsvHeader", "csv_chunk"]

class Chunk(NamedTuple):
    """Rows of a file: label ``values[codes[i]]`` and score ``scores[i]`` for each row i."""

    values: list[str]
    codes: np.ndarray
    scores: np.ndarray


def check_file(path: Path) -> None:
    """A ValueError unless ``path`` is a regular file: a directory, a pipe, a device ...
    are named as such (rankscore._files)."""
    check_regular_file(path)


def finite_scores(raw: Sequence[Any], row: Callable[[int], int], path: Path,
                  score: str) -> np.ndarray:
    """``raw`` (a NumPy array of numbers, or a list of texts read by the rule of
    rankscore._numbers) as float64, or a ValueError naming the row of the first bad value."""
    if isinstance(raw, np.ndarray) and raw.dtype.kind in "biuf":
        scores = raw.astype(np.float64, copy=False)
        finite = np.isfinite(scores)
        if not finite.all():
            i = int(np.argmin(finite))
            raise not_finite(path, row(i), score, float(scores[i]))
        check_exact(raw, scores, row, path, score)
        return scores
    scores = None
    if "_" not in "".join(raw):  # fast path: float() of each text (it reads "1_0" too)
        try:
            scores = np.asarray(raw, dtype=np.float64)
        except (TypeError, ValueError):
            scores = None
    if scores is None or not np.isfinite(scores).all():  # find the row of the bad value
        scores = np.empty(len(raw), dtype=np.float64)
        for i, value in enumerate(raw):
            number = read_number(value) if isinstance(value, (str, bytes)) else None
            if number is None or not math.isfinite(number):
                raise not_finite(path, row(i), score, value)
            scores[i] = number
    check_exact(raw, scores, row, path, score)
    return scores


def not_finite(path: Path, row: int, score: str, value: Any) -> ValueError:
    if isinstance(value, float):  # a number column: NaN, inf or -inf
        shown = "NaN" if math.isnan(value) else repr(value)
    else:
        shown = "an empty value" if value in ("", None) else quoted(value)
    return ValueError(f"{path}, row {row}: score column {quoted(score)} has {shown}, not a "
                      "finite number")


_INTEGER = re.compile(r"\s*[+-]?\d+\s*")  # a score written as an integer


def check_exact(raw: Any, scores: np.ndarray, row: Callable[[int], int], path: Path,
                score: str) -> None:
    """An integer score beyond 2**53 that float64 cannot hold is an error (as the Python
    API: it would merge distinct scores into ties)."""
    for i in np.flatnonzero(np.abs(scores) >= 2.0**53).tolist():
        value = raw[i]
        if isinstance(value, np.generic):  # a Parquet integer column read as NumPy
            value = value.item()
        if isinstance(value, str) and _INTEGER.fullmatch(value):
            value = int(value)
        if rounds_in_float64(value):
            raise ValueError(
                f"{path}, row {row(i)}: score column {quoted(score)} has {quoted(value)}, an "
                "integer beyond 2**53 that float64 cannot hold exactly (it would merge distinct "
                "scores into ties); subtract a reference value first"
            )


def check_columns(path: Path, names: list[str], label: str, score: str) -> None:
    for wanted, what in ((label, "label"), (score, "score")):
        if wanted not in names:
            shown = ", ".join(quoted(n) for n in names[:20]) + (", …" * (len(names) > 20))
            option = "--label" if what == "label" else "--score"
            raise ValueError(f"{path}: no {what} column {quoted(wanted)} (columns: {shown});"
                             f" choose one with {option}")
        if names.count(wanted) > 1:
            raise ValueError(f"{path}: {names.count(wanted)} columns are named "
                             f"{quoted(wanted)}; rename all but one")


def empty_label(path: Path, row: int, label: str) -> ValueError:
    return ValueError(f"{path}, row {row}: label column {quoted(label)} is empty")


def python_csv_chunks(path: Path, label: str, score: str, rows: int,
                      progress: Callable[[int, int], None] | None,
                      skip: int = 0) -> Iterator[Chunk]:
    """Python's csv module: the pieces of a CSV file after the first ``skip`` data rows
    (those are checked for their number of fields only)."""
    limit = csv.field_size_limit(2**31 - 1)  # long text columns beside label and score
    try:
        with open_regular_file(path) as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
            total = os.fstat(raw.fileno()).st_size

            def tick() -> None:
                if progress is not None:
                    progress(raw.tell(), total)

            yield from csv_rows(path, text, label, score, rows, tick, skip)
    except UnicodeDecodeError as exc:
        raise not_utf8(path, exc) from None
    finally:
        csv.field_size_limit(limit)


def not_utf8(path: Path, exc: UnicodeDecodeError) -> ValueError:
    return ValueError(f"{path}: not UTF-8 text ({exc.reason}); save the file as UTF-8 CSV")


def is_blank(row: list[str]) -> bool:
    return all(not cell.strip() for cell in row)


class CsvHeader(NamedTuple):
    """The header of a CSV file: the dialect sniffed from its first non-blank line, the
    column names (stripped), the indices of the label and score columns."""

    dialect: Any
    names: list[str]
    label: int
    score: int


# The text of a line after the file's last (a row one field wider than the header): a row
# of its own, or, when the file ends inside a quoted field (an unclosed quote, which the
# csv module closes quietly at the end), part of that field. (U+FDD0 is a noncharacter:
# no text holds it.)
END_OF_FILE = "\ufdd0"


def csv_header(path: Path, fh: Any, label: str, score: str) -> tuple[CsvHeader, Any]:
    """(header, csv reader positioned after the header row) of a CSV text stream; the
    reader's last row is END_OF_FILE's (see :func:`csv_rows`)."""
    first = next((line for line in fh if line.strip()), None)  # (blank lines before)
    if first is None:
        raise ValueError(f"{path}: the file is empty")
    fh.seek(0)
    try:
        dialect = csv.Sniffer().sniff(first, delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    end = [END_OF_FILE]  # the last line (a wider one once the header's width is known)
    reader = csv.reader(itertools.chain(fh, end), dialect)
    try:
        header = next((row for row in reader if not is_blank(row)), None)
    except csv.Error as exc:  # e.g. a NUL byte, or a malformed quoted field
        raise ValueError(f"{path}, row {reader.line_num}: {exc}") from None
    if header is None:
        raise ValueError(f"{path}: the file is empty")
    check_closed(path, header, reader.line_num)
    end[0] = dialect.delimiter.join([END_OF_FILE] * (len(header) + 1))  # (not read yet)
    header = [name.strip() for name in header]
    if any("\x00" in name for name in header):  # UTF-16 without a byte order mark
        raise ValueError(f"{path}: not UTF-8 text (NUL bytes in the header: UTF-16?); save "
                         "the file as UTF-8 CSV")
    check_columns(path, header, label, score)
    return CsvHeader(dialect, header, header.index(label), header.index(score)), reader


def csv_rows(path: Path, fh: Any, label: str, score: str, rows: int,
              tick: Callable[[], None], skip: int = 0) -> Iterator[Chunk]:
    """The pieces of a CSV file; ``tick()`` every 2**16 rows (the progress line)."""
    header, reader = csv_header(path, fh, label, score)
    li, si, width = header.label, header.score, len(header.names)
    try:
        labels, scores, lines = [], [], []
        row: list[str] = []
        for row in reader:
            if is_blank(row):
                continue
            if len(row) != width:  # a short or long row would shift the columns
                if row[0] == END_OF_FILE:  # the end: a row one field wider than the header
                    break
                check_closed(path, row, reader.line_num)
                raise ValueError(f"{path}, row {reader.line_num}: {len(row)} fields, expected "
                                 f"{width} (as the header)")
            if skip:  # read by the pyarrow reader already
                skip -= 1
                continue
            labels.append(row[li].strip())
            scores.append(row[si].strip())
            lines.append(reader.line_num)  # as in a text editor: the header is line 1
            if not len(lines) & 0xFFFF:
                tick()
            if len(labels) == rows:
                yield csv_chunk(path, label, score, labels, scores, lines)
                labels, scores, lines = [], [], []
        if not row or row[0] != END_OF_FILE:  # the last field ran to the end of the file
            check_closed(path, row, reader.line_num)
        if labels:
            yield csv_chunk(path, label, score, labels, scores, lines)
        tick()
    except csv.Error as exc:  # e.g. a NUL byte, or a malformed quoted field
        raise ValueError(f"{path}, row {reader.line_num}: {exc}") from None


def check_closed(path: Path, row: list[str], line: int) -> None:
    """A ValueError when ``row`` (read up to ``line``) ends inside a quoted field: its last
    field holds END_OF_FILE, and the row starts ``line`` less its line breaks."""
    if row and END_OF_FILE in row[-1]:
        start = line - sum(field.count("\n") for field in row)
        raise ValueError(f"{path}, row {start}: a quoted field opens in this row and is not "
                         "closed before the end of the file")


def csv_chunk(path: Path, label: str, score: str, labels: list[str], scores: list[str],
              lines: list[int]) -> Chunk:
    numbers = finite_scores(scores, lines.__getitem__, path, score)
    values = list(dict.fromkeys(labels))
    if "" in values:
        raise empty_label(path, lines[labels.index("")], label)
    index = {v: i for i, v in enumerate(values)}
    codes = np.fromiter((index[v] for v in labels), dtype=np.int32, count=len(labels))
    return Chunk(values, codes, numbers)
