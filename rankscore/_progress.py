"""Progress of long computations (bootstrap replicates, enumerations, passes over
partitions), shown only when the caller asks with ``progress=True``.

With tqdm installed (``pip install rankscore[progress]``) the bar is tqdm's, on stderr.
Without it a plain counter on one stderr line stands in (``bootstrap: 40% (800/2000)``,
rewritten at most four times a second, finished with a newline), so ``progress=True``
never fails for a missing extra. ``progress=False`` (the default everywhere) costs one
attribute call per update.
"""

from __future__ import annotations

import sys
import threading
import time
from types import TracebackType
from typing import Any, TextIO

import numpy as np

__all__ = ["Progress", "check_progress", "progress_bar", "tqdm_installed"]

# The plain counter redraws at most this often (seconds).
REDRAW_EVERY = 0.25


def check_progress(value: Any, name: str = "progress") -> bool:
    """``progress=`` must be True or False (NumPy's bools too)."""
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {value!r}")


def tqdm_installed() -> bool:
    try:
        import tqdm  # noqa: F401
    except ImportError:
        return False
    return True


class Progress:
    """A progress display of ``total`` steps: tqdm's bar, a plain counter, or nothing.

    Use as a context manager and call :meth:`update` after each step (or block of steps),
    from any thread.
    """

    def __init__(self, total: int, description: str, enabled: bool = True,
                 stream: TextIO | None = None, unit: str = "step") -> None:
        self.total = int(total)
        self.description = description
        self.done = 0
        self.bar: Any = None
        self.stream = stream
        self.plain = False
        self.last_draw = 0.0
        self.enabled = enabled
        self.lock = threading.Lock()
        if not enabled:
            return
        try:
            from tqdm import tqdm
        except ImportError:
            self.plain = True
            self.draw(force=True)
        else:
            self.bar = tqdm(total=self.total, desc=description, unit=unit,
                            file=stream if stream is not None else sys.stderr, leave=False,
                            dynamic_ncols=True)

    def update(self, n: int = 1) -> None:
        """``n`` more steps are done."""
        if not self.enabled:
            return
        with self.lock:
            self.done += n
            if self.bar is not None:
                self.bar.update(n)
            elif self.plain:
                self.draw(force=self.done >= self.total)

    def draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last_draw < REDRAW_EVERY:
            return
        self.last_draw = now
        stream = self.stream if self.stream is not None else sys.stderr
        share = self.done / self.total if self.total else 1.0
        stream.write(f"\r{self.description}: {share:4.0%} ({self.done}/{self.total})")
        stream.flush()

    def close(self) -> None:
        """Take the display off (tqdm's bar) or finish its line (the plain counter)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        elif self.plain:
            self.draw(force=True)
            stream = self.stream if self.stream is not None else sys.stderr
            stream.write("\n")
            stream.flush()
            self.plain = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


def progress_bar(total: int, description: str, enabled: bool, unit: str = "step") -> Progress:
    """A :class:`Progress` of ``total`` steps (``unit``, for tqdm's rate) named
    ``description``; nothing shown unless ``enabled``."""
    return Progress(total, description, enabled, unit=unit)
