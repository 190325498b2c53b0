"""Docstring parts that several public functions share, written once.

A docstring names a shared part by a line holding only ``{name}``; :func:`fill_doc` puts
the part's lines there, indented as that line. The docstrings users read (``help``, the
documentation site) are whole; only the source holds the placeholders.
"""

from __future__ import annotations

import textwrap
from typing import Any, Callable, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

# the pair of label vectors (or indicator matrices) of the label metrics
LABEL_PAIR = """
y_true, y_pred : array-like of shape (n_samples,) or (n_samples, n_labels)
    Class labels, or label-indicator matrices (dense 0/1 or scipy.sparse).
"""

# the 1-D label vectors and weights of the multiclass-only label metrics
LABEL_VECTORS = """
y_true, y_pred : array-like of shape (n_samples,)
    True and predicted labels.
sample_weight : array-like, optional
    Non-negative weights.
"""

SAMPLE_WEIGHT = """
sample_weight : array-like of shape (n_samples,), optional
    Non-negative weights.
"""


def fill_doc(**parts: str) -> Callable[[F], F]:
    """Decorator: each line ``{name}`` of the function's docstring becomes ``parts[name]``
    (its lines dedented, then indented as the placeholder)."""
    texts = {"{" + name + "}": textwrap.dedent(text).strip("\n") for name, text in parts.items()}

    def fill(function: F) -> F:
        lines = []
        for line in (function.__doc__ or "").split("\n"):
            text = texts.get(line.strip())
            if text is None:
                lines.append(line)
            else:
                indent = line[: len(line) - len(line.lstrip())]
                lines.extend(indent + part if part else part for part in text.split("\n"))
        function.__doc__ = "\n".join(lines)
        return function

    return fill
