"""The byte form of a summary: a little-endian header, ``pos_label``, the three arrays and
a CRC-32C of everything before it (format version 2); version 1 (no checksum) is still
read. Reading checks everything a writer guarantees, so anything but an intact summary is a
``ValueError`` naming what is wrong."""

from __future__ import annotations

import math
import struct
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple

import numpy as np

from .. import _backend
from .._engine import validate
from .._engine.parts import thread_count
from .checks import checked_arrays, summary_problem
from .compression import loose_share

__all__ = ["summary_bytes", "decoded", "Decoded"]

MAGIC = b"RSSM"
FORMAT_VERSION = 2  # version 1 (no checksum) is still read
# version 2: magic, version, flags, pos_label kind, a zero byte, the label's length, the
# number of thresholds, the share of pairs compress() made ties (0.0 when exact)
HEADER = struct.Struct("<4sBBBBIQd")
HEADER_V1 = struct.Struct("<4sBBBI")  # magic, version, flags, pos_label kind, its length
FLAG_WEIGHTED, FLAG_FLOAT32, FLAG_COMPRESSED = 1, 2, 4
LABEL_KINDS = (int, float, bool, str, bytes)  # stored as its index; bool tested first
LITTLE_ENDIAN = sys.byteorder == "little"


class Decoded(NamedTuple):
    """What the bytes hold: the arrays (read-only views of the bytes where they can be),
    ``pos_label``, the totals the checks added up, the compression share and whether the
    summary is compressed."""

    thresholds: np.ndarray
    negatives: np.ndarray
    positives: np.ndarray
    pos_label: Any
    totals: tuple[Any, Any]
    loose: float
    compressed: bool


def summary_bytes(thresholds: np.ndarray, negatives: np.ndarray, positives: np.ndarray,
                  pos_label: Any, loose: float, compressed: bool) -> bytes:
    """The byte form of a summary's arrays (``ScoreSummary.to_bytes``)."""
    kind, payload = label_payload(pos_label)
    flags = (FLAG_WEIGHTED if negatives.dtype.kind == "f" else 0) | (
        FLAG_FLOAT32 if thresholds.dtype == np.float32 else 0) | (
        FLAG_COMPRESSED if compressed else 0)
    head = HEADER.pack(MAGIC, FORMAT_VERSION, flags, kind, 0, len(payload), len(thresholds),
                       loose) + payload
    parts = (head, *(np.ascontiguousarray(a, dtype=a.dtype.newbyteorder("<"))
                     for a in (thresholds, negatives, positives)))
    result: bytes = _backend.kernels.bytes_with_crc32c(parts, thread_count(None))
    return result


def decoded(data: Any) -> Decoded:
    """The summary in ``data`` (``ScoreSummary.from_bytes``), checked whole."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"data must be bytes, got {type(data).__name__}")
    if type(data) is not bytes:  # a copy the caller cannot change under the summary
        data = bytes(data)
    if len(data) < 5 or data[:4] != MAGIC:
        raise ValueError("data is not a rankscore ScoreSummary (bad magic bytes)")
    if data[4] == 1:
        return _decoded_v1(data)
    if data[4] != FORMAT_VERSION:
        raise ValueError(f"ScoreSummary format version {data[4]} is not supported (this "
                         f"rankscore reads versions 1 and {FORMAT_VERSION})")
    return _decoded_v2(data)


def label_payload(label: Any) -> tuple[int, bytes]:
    """(kind, bytes) of a storable pos_label (TypeError otherwise)."""
    kind = next((i for i, t in enumerate(LABEL_KINDS) if type(label) is t), None)
    if kind is None:
        raise TypeError(f"pos_label {validate.quoted(label)} of type "
                        f"{type(label).__name__} cannot be stored: expected an int, float, "
                        "bool, str or bytes")
    if kind == 1:
        return kind, struct.pack("<d", label)
    if kind == 3:  # (lone surrogates too: every str round-trips)
        return kind, label.encode("utf-8", "surrogatepass")
    return kind, label if kind == 4 else str(label).encode()


def label_of_payload(kind: int, payload: bytes) -> Any:
    """The pos_label written as (kind, payload), or ValueError unless the writer writes
    exactly these bytes for it."""
    try:
        label = (int(payload) if kind == 0 else struct.unpack("<d", payload)[0]
                 if kind == 1 else {b"True": True, b"False": False}[payload] if kind == 2
                 else payload.decode("utf-8", "surrogatepass") if kind == 3 else payload)
        if label_payload(label)[1] != payload:
            raise ValueError
    except (ValueError, KeyError, struct.error, UnicodeDecodeError):
        raise ValueError("corrupt ScoreSummary data: unreadable pos_label") from None
    return label


# from_bytes of this many bytes or more takes the checksum on a second thread (when there
# is a second CPU) while the first checks the arrays
PARALLEL_CHECKSUM_BYTES = 1 << 23


def padded(n: int) -> int:
    return -(-n // 8) * 8


def _decoded_v2(data: bytes) -> Decoded:
    """from_bytes of format version 2 (see to_bytes)."""
    if len(data) < HEADER.size + 4:
        raise ValueError(f"truncated ScoreSummary data ({len(data)} bytes)")
    _, _, flags, kind, zero, size, d, loose = HEADER.unpack_from(data)
    if flags & ~(FLAG_WEIGHTED | FLAG_FLOAT32 | FLAG_COMPRESSED) or kind >= len(
            LABEL_KINDS) or zero:
        raise ValueError("corrupt ScoreSummary data: unknown flags or label kind")
    score = np.dtype("<f4" if flags & FLAG_FLOAT32 else "<f8")
    count = np.dtype("<f8" if flags & FLAG_WEIGHTED else "<i8")
    head = padded(HEADER.size + size)
    arrays_at = (head, head + padded(d * score.itemsize))
    end = arrays_at[1] + 2 * d * count.itemsize
    if len(data) != end + 4:
        raise ValueError(f"ScoreSummary data has {len(data)} bytes; its header says "
                         f"{end + 4} (truncated, extended or corrupt)")
    k, view = _backend.kernels, memoryview(data)
    stored = int.from_bytes(data[end:], "little")
    arrays = [np.frombuffer(data, dtype, d, at) for dtype, at in (
        (score, arrays_at[0]), (count, arrays_at[1]), (count, arrays_at[1] + 8 * d))]
    if not (LITTLE_ENDIAN and all(a.flags.aligned for a in arrays)):
        arrays = [a.astype(a.dtype.newbyteorder("=")) for a in arrays]
    if len(data) < PARALLEL_CHECKSUM_BYTES or thread_count(None) < 2:
        crc = k.crc32c(view[:end])
        problem, totals = summary_problem(*arrays) if crc == stored else (None, (0, 0))
    else:  # the checksum on another thread while this one checks the arrays
        with ThreadPoolExecutor(1) as pool:
            checksum = pool.submit(k.crc32c, view[:end])
            problem, totals = summary_problem(*arrays)
            crc = checksum.result()
    if crc != stored:
        raise ValueError(f"corrupt ScoreSummary data: the checksum does not match (CRC-32C "
                         f"0x{crc:08x}, stored 0x{stored:08x})")
    # from here the bytes are as written: what is left to refuse is a writer's mistake
    if any(view[HEADER.size + size:head]) or any(view[arrays_at[0] + d * score.itemsize:
                                                      arrays_at[1]]):
        raise ValueError("corrupt ScoreSummary data: padding bytes not zero")
    label = label_of_payload(kind, data[HEADER.size:HEADER.size + size])
    if problem:
        raise ValueError(f"inconsistent ScoreSummary data: {problem}")
    compressed = bool(flags & FLAG_COMPRESSED)
    # (a compressed summary whose bins made no pair a tie has the share 0.0)
    if (loose and not compressed) or not 0 <= loose <= 1 or math.copysign(1, loose) < 0:
        raise ValueError("inconsistent ScoreSummary data: the compression share must be "
                         "in [0, 1] when the compressed flag is set, 0.0 otherwise")
    if loose and not (totals[0] > 0 and totals[1] > 0):
        raise ValueError("inconsistent ScoreSummary data: a summary with tied pairs holds "
                         "both classes")
    return Decoded(arrays[0], arrays[1], arrays[2], label, totals, loose, compressed)


def _decoded_v1(data: bytes) -> Decoded:
    """from_bytes of format version 1 (no checksum; the same checks of the contents)."""
    if len(data) < HEADER_V1.size:
        raise ValueError(f"truncated ScoreSummary data ({len(data)} bytes)")
    _, _, flags, kind, size = HEADER_V1.unpack_from(data)
    if flags & ~(FLAG_WEIGHTED | FLAG_FLOAT32 | FLAG_COMPRESSED) or kind >= len(
            LABEL_KINDS):
        raise ValueError("corrupt ScoreSummary data: unknown flags or label kind")
    start = HEADER_V1.size + size + 8 + (8 if flags & FLAG_COMPRESSED else 0)
    if len(data) < start:
        raise ValueError(f"truncated ScoreSummary data ({len(data)} bytes)")
    label = label_of_payload(kind, data[HEADER_V1.size:HEADER_V1.size + size])
    (d,) = struct.unpack_from("<Q", data, HEADER_V1.size + size)
    score = np.dtype("<f4" if flags & FLAG_FLOAT32 else "<f8")
    count = np.dtype("<f8" if flags & FLAG_WEIGHTED else "<i8")
    if len(data) != start + d * (score.itemsize + 2 * count.itemsize):
        raise ValueError(f"ScoreSummary data has {len(data)} bytes; {d} thresholds need "
                         f"{start + d * (score.itemsize + 2 * count.itemsize)}")
    arrays, at = [], start
    for dtype in (score, count, count):
        arrays.append(np.frombuffer(data, dtype, d, at).astype(dtype.newbyteorder("=")))
        at += d * dtype.itemsize
    try:
        thresholds, negatives, positives, totals = checked_arrays(*arrays)
    except ValueError as exc:
        raise ValueError(f"inconsistent ScoreSummary data: {exc}") from None
    loose = 0.0
    if flags & FLAG_COMPRESSED:
        (pairs,) = struct.unpack_from("<d", data, start - 8)
        n_neg, n_pos = totals
        if not (math.isfinite(pairs) and 0 < pairs <= float(n_pos) * float(n_neg) * (1 + 1e-9)):
            raise ValueError("inconsistent ScoreSummary data: the compression bound must be "
                             "in (0, positives x negatives]")
        loose = loose_share(pairs, n_pos, n_neg)
    return Decoded(thresholds, negatives, positives, label, totals, loose,
                   bool(flags & FLAG_COMPRESSED))
