"""The checksum of the bytes a score summary writes (NumPy twin of _kernels/checksum.pyx)."""

from __future__ import annotations

from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

from .._kernel_names import KERNELS

__all__ = KERNELS["checksum"]


# -- bytes that check themselves ------------------------------------------------------
# CRC-32C (Castagnoli: reflected polynomial 0x82F63B78, initial value and final xor
# 0xFFFFFFFF). The register after some bytes is linear over GF(2) in the register before
# them and in the bytes, so the checksum is computed in vector steps: the contribution of
# every 8-byte word from a zero register (eight table lookups per word), then pairs of
# neighbouring blocks joined, level by level, as crc0(A B) = Z_|B|(crc0(A)) ^ crc0(B)
# (Z_n: n zero bytes appended, a 32 x 32 bit matrix kept as four byte tables).

_CRC_POLY = 0x82F63B78
_CRC_CHUNK_WORDS = 1 << 17  # words joined per vector tree (1 MiB)


def _crc_byte_table() -> NDArray[np.uint32]:
    t = np.arange(256, dtype=np.uint32)
    for _ in range(8):
        t = np.where(t & 1, (t >> 1) ^ np.uint32(_CRC_POLY), t >> 1).astype(np.uint32)
    return t


_CRC_TABLE = _crc_byte_table()
_Register = TypeVar("_Register", np.uint32, NDArray[np.uint32])  # one register or many


def _one_zero_byte(x: _Register) -> _Register:
    """The register after one zero byte (scalar or array)."""
    after: _Register = (x >> 8) ^ _CRC_TABLE[x & 255]
    return after


# _CRC_WORD[j][v]: byte v at position j of an 8-byte word, seen from the word's end
_CRC_WORD = [_CRC_TABLE]
for _ in range(7):
    _CRC_WORD.insert(0, _one_zero_byte(_CRC_WORD[0]).astype(np.uint32))
del _

_zeros_columns: dict[int, tuple[int, ...]] = {}  # k: Z_(2**k) (filled once; same values)
_zeros_tables: dict[int, NDArray[np.uint32]] = {}


def _apply_columns(columns: tuple[int, ...], s: int) -> int:
    out = 0
    for b in range(32):
        if s >> b & 1:
            out ^= columns[b]
    return out


def _zeros(k: int) -> tuple[int, ...]:
    """Z_(2**k) as its 32 columns (the images of the register's bits)."""
    if k not in _zeros_columns:
        if k == 0:
            columns = tuple(int(_one_zero_byte(np.uint32(1 << b))) for b in range(32))
        else:
            half = _zeros(k - 1)
            columns = tuple(_apply_columns(half, c) for c in half)
        _zeros_columns[k] = columns
    return _zeros_columns[k]


def _zeros_table(k: int) -> NDArray[np.uint32]:
    """Z_(2**k) as four byte tables (applied to an array by _apply_tables)."""
    if k not in _zeros_tables:
        columns, values = _zeros(k), np.arange(256)
        tables = np.zeros((4, 256), dtype=np.uint32)
        for byte in range(4):
            for b in range(8):
                tables[byte] ^= np.where(values >> b & 1, np.uint32(columns[8 * byte + b]),
                                         np.uint32(0))
        _zeros_tables[k] = tables
    return _zeros_tables[k]


def _apply_tables(tables: NDArray[np.uint32], x: NDArray[np.uint32]) -> NDArray[np.uint32]:
    after: NDArray[np.uint32] = (tables[0][x & 255] ^ tables[1][(x >> 8) & 255]
                                 ^ tables[2][(x >> 16) & 255] ^ tables[3][x >> 24])
    return after


def _after_zeros(s: int, n: int) -> int:
    """The register s after n zero bytes."""
    k = 0
    while n:
        if n & 1:
            s = _apply_columns(_zeros(k), s)
        n >>= 1
        k += 1
    return s


def _crc0_of_words(words: NDArray[np.uint8]) -> int:
    """The register after the bytes of ``words`` (shape (m, 8), uint8) from a zero one."""
    r = _CRC_WORD[0][words[:, 0]]
    for j in range(1, 8):
        r = r ^ _CRC_WORD[j][words[:, j]]
    k, aside = 3, []  # blocks of 2**k bytes
    while len(r) > 1:
        if len(r) % 2:  # the last block waits; it follows every block still in r
            aside.append((int(r[-1]), k))
            r = r[:-1]
        r = _apply_tables(_zeros_table(k), r[0::2]) ^ r[1::2]
        k += 1
    s = int(r[0]) if len(r) else 0
    for value, k in reversed(aside):
        s = _apply_columns(_zeros(k), s) ^ value
    return s


def crc32c(data: bytes | NDArray[np.uint8] | memoryview, crc: int = 0, level: int = 2) -> int:
    """The CRC-32C (Castagnoli) of ``data`` continued from ``crc`` (the CRC-32C of the bytes
    before them; 0 to start): ``crc32c(b, crc32c(a)) == crc32c(a + b)``. (``level`` caps
    how the compiled module may compute it, see CRC32C_LEVEL, 0: the tables; the same
    values.)"""
    buf = np.frombuffer(data, dtype=np.uint8)
    m = len(buf) // 8
    words = buf[:8 * m].reshape(m, 8)
    s0 = 0
    for at in range(0, m, _CRC_CHUNK_WORDS):
        chunk = words[at:at + _CRC_CHUNK_WORDS]
        s0 = _after_zeros(s0, 8 * len(chunk)) ^ _crc0_of_words(chunk)
    s = _after_zeros(~int(crc) & 0xFFFFFFFF, 8 * m) ^ s0
    for b in buf[8 * m:].tolist():
        s = (s >> 8) ^ int(_CRC_TABLE[(s ^ b) & 255])
    return ~s & 0xFFFFFFFF


CRC32C_LEVEL = 0  # the compiled module: 0 tables, 1 the crc32 instruction, 2 folding


def _padded_views(
    parts: tuple[bytes | NDArray[np.generic], ...],
) -> tuple[list[NDArray[np.uint8]], int]:
    # (an ndarray is a buffer; NumPy's stubs say so only for Python 3.12 and later)
    views = [np.frombuffer(memoryview(p).cast("B"), dtype=np.uint8)  # type: ignore[arg-type]
             for p in parts]
    return views, sum(-(-len(v) // 8) * 8 for v in views)


def bytes_with_crc32c(parts: tuple[bytes | NDArray[np.generic], ...], n_threads: int = 1) -> bytes:
    """The byte buffers of ``parts`` one after another, each zero-padded to a multiple of
    8 bytes, then the CRC-32C of all of that (4 bytes, little-endian). (``n_threads`` >= 2:
    the compiled module writes, and checksums, outputs of 8 MiB or more on two threads,
    one half each; the same bytes.)"""
    views, total = _padded_views(parts)
    out, at = np.zeros(total + 4, dtype=np.uint8), 0
    for v in views:
        out[at:at + len(v)] = v
        at += -(-len(v) // 8) * 8
    out[total:] = np.frombuffer(crc32c(out[:total]).to_bytes(4, "little"), dtype=np.uint8)
    return out.tobytes()
