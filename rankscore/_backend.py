"""Choose the kernel module once, at import.

The compiled package ``rankscore._kernels`` and the NumPy package ``rankscore._fallback``
expose the same kernel functions with the same signatures and results (the fallback's
docstrings document them; ``_kernels/__init__.pyi`` re-exports the fallback's signatures as
the compiled package's types), one module per topic in each.
``RANKSCORE_PURE_PYTHON=1`` forces the fallback. Every public function reaches its kernels
through ``_backend.kernels`` at call time, so the test suite can run everything on
both; nothing else in the package imports ``_kernels`` or ``_fallback``.
"""

from __future__ import annotations

import contextlib
import os
from types import ModuleType
from typing import Iterator

__all__ = ["BACKEND", "kernels", "load", "using"]


def load(name: str) -> ModuleType:
    """Return the kernel module ``"cython"`` or ``"python"`` (ImportError if not built)."""
    if name == "cython":
        from . import _kernels

        return _kernels
    if name == "python":
        from . import _fallback

        return _fallback
    raise ValueError(f"unknown backend {name!r}; expected 'cython' or 'python'")


def _forced_pure() -> bool:
    return os.environ.get("RANKSCORE_PURE_PYTHON", "") not in ("", "0")


def _choose() -> tuple[str, ModuleType]:
    if not _forced_pure():
        try:
            return "cython", load("cython")
        except ImportError:
            pass
    return "python", load("python")


BACKEND, kernels = _choose()


@contextlib.contextmanager
def using(name: str) -> Iterator[ModuleType]:
    """Run a block on one backend's kernels (for tests and benchmarks)."""
    global kernels
    previous = kernels
    kernels = load(name)
    try:
        yield kernels
    finally:
        kernels = previous
