"""Input files are regular files, checked by type before a byte is read.

A named pipe (FIFO), a character device (``/dev/zero``, ``/dev/null``, a terminal behind
``/dev/stdin``), a block device, a socket or a directory is refused with a message that
says which it is: reading one could block forever (a FIFO without a writer), never end
(``/dev/zero``) or read nothing without saying so (``/dev/null``). ``/dev/stdin``
redirected from a regular file (``< data.csv``) is that file, and is read.
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

from ._engine.validate import shorten

__all__ = ["check_regular_file", "open_regular_file"]

_SPECIAL = (
    (stat.S_ISDIR, "is a directory, not a file"),
    (stat.S_ISFIFO, "is a pipe (FIFO), not a regular file"),
    (stat.S_ISCHR, "is a character device (such as /dev/null, /dev/zero or a terminal), "
                   "not a regular file"),
    (stat.S_ISBLK, "is a block device, not a regular file"),
    (stat.S_ISSOCK, "is a socket, not a regular file"),
)
_ADVICE = "; save the data to a file and pass its path"


def _refusal(mode: int) -> str | None:
    """Why a file of ``mode`` is refused, or None for a regular file."""
    for is_kind, text in _SPECIAL:
        if is_kind(mode):
            return text if is_kind is stat.S_ISDIR else text + _ADVICE
    return None if stat.S_ISREG(mode) else "is not a regular file" + _ADVICE


def _shown(name: str | bytes) -> str:
    """A path for a message: at most 200 characters."""
    return shorten(os.fsdecode(name), 200)


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def check_regular_file(path: str | os.PathLike[str]) -> None:
    """ValueError "``path``: no such file" / "``path``: is a pipe (FIFO), not a regular
    file; ..." unless ``path`` is (a link to) a regular file."""
    name = os.fspath(path)
    shown = _shown(name)
    try:
        mode = os.stat(name).st_mode
    except FileNotFoundError:
        if name in ("-", b"-"):  # the usual name of standard input
            raise ValueError("-: no such file (rankscore reads regular files, not standard "
                             "input: save the data to a file first)") from None
        raise ValueError(f"{shown}: no such file") from None
    except (OSError, ValueError) as exc:  # permission, a NUL byte in the path, too long ...
        raise ValueError(f"{shown}: cannot read it: {_reason(exc)}") from None
    why = _refusal(mode)
    if why is not None:
        raise ValueError(f"{shown}: {why}")


def open_regular_file(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a regular file for reading in binary mode, or raise the ValueError of
    :func:`check_regular_file`. The file is opened without blocking and its type checked
    on the open descriptor, so that a FIFO put in its place meanwhile cannot hang it."""
    check_regular_file(path)
    name = os.fspath(path)
    shown = _shown(name)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise ValueError(f"{shown}: no such file") from None
    except (OSError, ValueError) as exc:
        raise ValueError(f"{shown}: cannot read it: {_reason(exc)}") from None
    try:
        why = _refusal(os.fstat(fd).st_mode)
        if why is not None:
            raise ValueError(f"{shown}: {why}")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
