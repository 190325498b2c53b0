"""Limits checked before work starts: memory, and integer arguments within a range.

:func:`check_memory` compares the bytes a computation will allocate with the memory this
process can still get (:func:`available_memory`) and refuses, naming both sizes, before
anything is allocated. :func:`bounded_int` reads an integer argument (a Python int of any
size, or text from the command line) into the range the kernels take.
"""

from __future__ import annotations

import numbers
import os
import re
from typing import Any

import numpy as np

from ._engine.validate import shorten
from .exceptions import MemoryLimitError

__all__ = ["available_memory", "check_memory", "format_bytes", "bounded_int", "INT64_MAX"]

INT64_MAX = 2**63 - 1


def format_bytes(n: float) -> str:
    """``1536`` -> ``'1.5 KiB'``; powers of 1024, one decimal."""
    for unit in ("bytes", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if abs(n) < 1024 or unit == "PiB":
            return f"{n:,.0f} bytes" if unit == "bytes" else f"{n:,.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def _physical_available() -> int | None:
    """Linux MemAvailable, else free (or total) physical memory."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    for pages in ("SC_AVPHYS_PAGES", "SC_PHYS_PAGES"):
        try:
            return os.sysconf(pages) * os.sysconf("SC_PAGE_SIZE")
        except (ValueError, OSError, AttributeError):
            continue
    return None


def _status_bytes(field: str) -> int | None:
    """A ``kB`` field of /proc/self/status (VmSize, VmData) in bytes."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def _rlimit_room() -> int | None:
    """What the address-space and data-segment limits (``ulimit -v``, ``-d``) still allow."""
    try:
        import resource
    except ImportError:  # Windows
        return None
    room = None
    for limit, field in (("RLIMIT_AS", "VmSize"), ("RLIMIT_DATA", "VmData")):
        which = getattr(resource, limit, None)
        if which is None:
            continue
        try:
            soft, _ = resource.getrlimit(which)
        except (OSError, ValueError):
            continue
        if soft == resource.RLIM_INFINITY:
            continue  # (no limit: /proc/self/status is not read)
        used = _status_bytes(field)
        if used is not None:
            left = max(0, soft - used)
            room = left if room is None else min(room, left)
    return room


def _cgroup_room() -> int | None:
    """What a cgroup v2 memory limit (a container's) still allows."""
    try:
        with open("/proc/self/cgroup") as f:
            line = next((x for x in f if x.startswith("0::")), None)
        if line is None:
            return None
        base = "/sys/fs/cgroup" + line[3:].strip()
        with open(os.path.join(base, "memory.max")) as f:
            limit = f.read().strip()
        if limit == "max":
            return None
        with open(os.path.join(base, "memory.current")) as f:
            current = int(f.read().strip())
        return max(0, int(limit) - current)
    except (OSError, ValueError):
        return None


def available_memory() -> int | None:
    """Bytes this process can still allocate: the least of the memory available on the
    machine (Linux ``MemAvailable``), what ``ulimit -v``/``-d`` leave and what a cgroup
    (container) limit leaves; None when none of them can be read."""
    known = [v for v in (_physical_available(), _rlimit_room(), _cgroup_room()) if v is not None]
    return min(known) if known else None


def check_memory(needed: int, what: str, advice: str = "") -> None:
    """Raise :class:`MemoryLimitError` when ``needed`` bytes exceed :func:`available_memory`:
    "``what`` needs 74.5 GiB, but 20.1 GiB of memory is available; ``advice``"."""
    available = available_memory()
    if available is not None and needed > available:
        text = (f"{what} needs {format_bytes(needed)}, but {format_bytes(available)} of "
                "memory is available")
        raise MemoryLimitError(text + (f"; {advice}" if advice else ""))


def bounded_int(value: Any, name: str, *, low: int = 0, high: int = INT64_MAX) -> int:
    """``value`` (an integer, or its text: ASCII digits with an optional sign, no
    underscores) as an int in ``[low, high]``, else a one-line ValueError/TypeError naming
    ``name``. Text far out of range is refused without converting it in full."""
    if isinstance(value, str):
        text = value.strip()
        if _INTEGER_TEXT.fullmatch(text) is None:
            raise ValueError(f"{name} must be an integer (digits only), got {shorten(repr(value))}")
        if len(text.lstrip("+-")) > 30:  # beyond every bound used here
            value = high + 1 if not text.startswith("-") else low - 1
            shown = shorten(text)
        else:
            value = int(text)
            shown = None
    elif isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer, got {shorten(repr(value))}")
    else:
        shown = None
    number = int(value)
    if number < low:
        raise ValueError(f"{name} must be >= {low:,}, got {shown or shorten(number)}")
    if number > high:
        raise ValueError(f"{name} must be <= {high:,}, got {shown or shorten(number)}")
    return number


_INTEGER_TEXT = re.compile(r"[+-]?[0-9]+")
