"""The label and score columns of a CSV file read by pyarrow's streaming CSV reader.

Used by ``rankscore report`` when pyarrow is installed; the pieces are those of Python's
csv module (:func:`rankscore.python_csv_chunks`): the same rows, labels, scores
and piece boundaries. The header is read by the csv module (its sniffed dialect, the
column names and their checks); pyarrow parses the rest in C++ threads, the two columns
as text, and each piece of ``rows`` rows is then checked whole:

* the scores are cast to float64 by Arrow, which reads a subset of what Python's
  ``float()`` reads (plain decimal numbers, ``inf``, ``nan``), correctly rounded as
  ``float()``; a piece with a value Arrow does not read, a value that is not finite or is
  beyond 2**53 goes to the csv module;
* the labels are the distinct texts of the piece, stripped by ``str.strip`` as the csv
  reader strips them; an empty one (an empty label, or a row of blank fields that the csv
  reader skips) sends the piece to the csv module.

Anything else the two readers might see differently sends the file, from the first piece
not yet handed out, to the csv module as well: a parse error (a row with the wrong number
of fields, an unclosed quote), a NUL byte, bytes that are not UTF-8, a dialect pyarrow
does not have (``skipinitialspace``, an escape character). The csv module then reads on
from that row (the rows before it are only counted) and names the row of the error exactly
as it would have read the whole file. So pyarrow only ever speeds up pieces that it reads
exactly as the csv module does.
"""

from __future__ import annotations

import codecs
import csv
import io
import os
from pathlib import Path
from typing import Any, Callable, Generator, Iterator

import numpy as np

from ._files import open_regular_file
from ._rows import Chunk, csv_header, not_utf8, python_csv_chunks

__all__ = ["available", "chunks"]

_BLOCK_BYTES = 1 << 22  # pyarrow parses blocks of 4 MiB, in threads


def available() -> bool:
    """Whether pyarrow (with its CSV reader) can be imported."""
    try:
        import pyarrow.csv  # noqa: F401
    except ImportError:
        return False
    return True


class _Checked(io.RawIOBase):
    """A binary file read from ``offset`` on, checking each block as the csv module would
    see it: UTF-8 text (incrementally, across block borders) without NUL bytes (which
    Python's csv module refuses before 3.11). A block that fails raises ``_Unusual``
    inside pyarrow's read, which ends the pyarrow reader."""

    def __init__(self, raw: Any, offset: int, quote: str) -> None:
        super().__init__()
        self.raw = raw
        self.raw.seek(offset)
        self.done = offset  # bytes of the file read so far
        self.decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.pending = False  # the decoder holds the start of a multi-byte character
        self.quote = quote.encode()
        self.quotes = 0  # quote characters read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.raw.read(len(buffer))
        self._check(data)
        buffer[:len(data)] = data
        self.done += len(data)
        return len(data)

    def _check(self, data: bytes) -> None:
        if b"\x00" in data:
            raise _Unusual("a NUL byte")
        if self.quote in data:  # (memchr: files without quotes pay no count)
            self.quotes += data.count(self.quote)
        if not data and self.quotes % 2:  # perhaps a quote never closed (pyarrow closes it
            raise _Unusual("an odd number of quotes")  # at the end): the csv module says
        try:
            if not data:  # the end: a character cut short is an error too
                self.decoder.decode(b"", final=True)
            elif self.pending or not data.isascii():
                self.decoder.decode(data)
                self.pending = bool(self.decoder.getstate()[0])
        except UnicodeDecodeError:
            raise _Unusual("not UTF-8") from None


class _Unusual(Exception):
    """Something the csv module must read itself."""


def chunks(path: Path, label: str, score: str, rows: int,
           progress: Callable[[int, int], None] | None) -> Iterator[Chunk]:
    """The pieces of :func:`rankscore.python_csv_chunks`, read by pyarrow."""
    given = 0  # data rows handed out in pieces
    pieces = _arrow_pieces(path, label, score, rows, progress)
    try:
        for piece in pieces:
            if piece is None:  # a piece to read with the csv module
                break
            given += len(piece.codes)
            yield piece
        else:
            return
    except _Unusual:
        pass
    finally:
        pieces.close()  # the file pyarrow was reading
    yield from python_csv_chunks(path, label, score, rows, progress, skip=given)


def _arrow_pieces(path: Path, label: str, score: str, rows: int,
                  progress: Callable[[int, int], None] | None) -> Generator[Chunk | None, None, None]:
    """Pieces read by pyarrow; None (or ``_Unusual``) where the csv module must go on."""
    import pyarrow as pa
    import pyarrow.csv as pcsv

    offset, header = _header(path, label, score)
    if header is None:
        yield None
        return
    dialect = header.dialect
    names = [f"c{i}" for i in range(len(header.names))]
    keep = list(dict.fromkeys([names[header.label], names[header.score]]))
    with open_regular_file(path) as raw:
        total = os.fstat(raw.fileno()).st_size
        source = _Checked(raw, offset, dialect.quotechar)
        try:
            reader = pcsv.open_csv(
                source,
                read_options=pcsv.ReadOptions(column_names=names, block_size=_BLOCK_BYTES),
                parse_options=pcsv.ParseOptions(
                    delimiter=dialect.delimiter, quote_char=dialect.quotechar,
                    double_quote=bool(dialect.doublequote), escape_char=False,
                    newlines_in_values=True,
                    ignore_empty_lines=True),
                convert_options=pcsv.ConvertOptions(
                    include_columns=keep, column_types={n: pa.string() for n in keep},
                    strings_can_be_null=False, quoted_strings_can_be_null=False))
        except (pa.ArrowException, OSError, _Unusual):
            yield None
            return
        labels: list[Any] = []
        scores: list[Any] = []
        held = 0  # rows in labels / scores
        while True:
            try:
                batch = reader.read_next_batch()
            except StopIteration:
                break
            except (pa.ArrowException, OSError, _Unusual):
                yield None
                return
            labels.append(batch.column(names[header.label]))
            scores.append(batch.column(names[header.score]))
            held += batch.num_rows
            while held >= rows:
                piece, labels, scores = _take(labels, scores, rows, pa)
                held -= rows
                yield _piece(piece[0], piece[1], pa)
                if progress is not None:
                    progress(source.done, total)
        if held:
            piece, _, _ = _take(labels, scores, held, pa)
            yield _piece(piece[0], piece[1], pa)
        if progress is not None:
            progress(total, total)


def _header(path: Path, label: str, score: str) -> tuple[int, Any]:
    """(byte offset after the header row, CsvHeader), read by the csv module as the csv
    reader reads it; header None when pyarrow cannot read this dialect exactly. Errors of
    the header (no such column, an empty file, not UTF-8) are the csv reader's own."""
    limit = csv.field_size_limit(2**31 - 1)
    try:
        with open_regular_file(path) as raw:
            text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
            header, reader = csv_header(path, text, label, score)
            consumed = reader.line_num
            dialect = header.dialect
            if dialect.skipinitialspace or dialect.escapechar is not None \
                    or dialect.quoting == csv.QUOTE_NONE \
                    or len(dialect.delimiter) != 1 or len(dialect.quotechar or "") != 1:
                return 0, None
        with open_regular_file(path) as raw:
            offset = 3 if raw.read(3) == codecs.BOM_UTF8 else 0
            raw.seek(0)
            text = io.TextIOWrapper(raw, encoding="utf-8-sig", newline="")
            for _ in range(consumed):  # the lines the csv reader consumed, as bytes
                offset += len(text.readline().encode("utf-8"))
            return offset, header
    except UnicodeDecodeError as exc:
        raise not_utf8(path, exc) from None
    finally:
        csv.field_size_limit(limit)


def _take(labels: list[Any], scores: list[Any], n: int,
          pa: Any) -> tuple[tuple[Any, Any], list[Any], list[Any]]:
    """The first ``n`` rows of the held batches' columns, and the rest."""
    label_column, score_column = pa.chunked_array(labels), pa.chunked_array(scores)
    first = (label_column.slice(0, n).combine_chunks(), score_column.slice(0, n).combine_chunks())
    rest_labels, rest_scores = label_column.slice(n), score_column.slice(n)
    return first, list(rest_labels.chunks), list(rest_scores.chunks)


def _piece(labels: Any, scores: Any, pa: Any) -> Chunk | None:
    """A piece as :func:`rankscore._rows.csv_chunk` makes it, or None when the csv
    module must read it (see the module docstring)."""
    import pyarrow.compute as pc

    try:
        numbers = pc.cast(scores, pa.float64()).to_numpy(zero_copy_only=False)
    except pa.ArrowException:
        return None
    if not np.isfinite(numbers).all() or np.abs(numbers).max(initial=0.0) >= 2.0**53:
        return None
    encoded = pc.dictionary_encode(labels)  # distinct texts in order of first appearance
    texts = [value.strip() for value in encoded.dictionary.to_pylist()]
    if "" in texts:  # an empty label, or a row of blank fields
        return None
    index: dict[str, int] = {}
    merge = np.fromiter((index.setdefault(t, len(index)) for t in texts), dtype=np.int32,
                        count=len(texts))  # texts equal once stripped: one label
    codes = merge[encoded.indices.to_numpy(zero_copy_only=False)]
    return Chunk(list(index), codes, numbers)
