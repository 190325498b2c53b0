"""BLEU: clipped n-gram precision with a brevity penalty, corpus and sentence level.

Defined in :ref:`def-bleu`.

Tokens are lists of strings, or strings split on whitespace (``str.split()``); nothing
else is normalised (case, punctuation), so tokenise the same way on both sides.
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from typing import Any, Sequence

import numpy as np

from ._engine.validate import as_real, check_choice, quoted

__all__ = ["bleu_score", "sentence_bleu"]

_SMOOTHING = (None, "add1", "epsilon")
_EPSILON = 0.1


def _listed(x: Any) -> Any:
    """A NumPy array or pandas Series as a list; anything else as it is."""
    if hasattr(x, "tolist") and not isinstance(x, (str, bytes, list, tuple)):
        return x.tolist()
    return x


def _tokens(x: Any, name: str) -> list[str]:
    """A token list from a string (whitespace-split) or a sequence of strings."""
    if isinstance(x, str):
        return x.split()
    x = _listed(x)
    if isinstance(x, (list, tuple)) and all(isinstance(t, str) for t in x):
        return list(x)
    raise TypeError(f"{name} must be a string or a list of string tokens, got {x!r:.80}")


def _references(x: Any, name: str) -> list[list[str]]:
    """The references of one candidate: a string, or a sequence of strings/token lists."""
    if isinstance(x, str):
        return [_tokens(x, name)]
    x = _listed(x)
    if not isinstance(x, (list, tuple)) or len(x) == 0:
        raise TypeError(f"{name} must be a reference string or a non-empty list of "
                        f"references (strings or token lists), got {x!r:.80}")
    return [_tokens(r, f"{name}[{j}]") for j, r in enumerate(x)]


def _as_list(x: Any, name: str, what: str) -> Sequence[Any]:
    """A sequence as it is; a NumPy array or pandas Series as a list; else a TypeError."""
    x = _listed(x)
    if isinstance(x, (str, bytes)) or not isinstance(x, Sequence):
        raise TypeError(f"{name} must be {what}, got {type(x).__name__}")
    return x


def _ngrams(tokens: list[str], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))


def _closest_length(reference_lengths: list[int], c: int) -> int:
    """The reference length nearest to the candidate's; the shorter one on a tie."""
    return min(reference_lengths, key=lambda r: (abs(r - c), r))


def _check_weights(max_n: Any, weights: Any) -> tuple[int, list[float] | None]:
    """``(N, weights)``: the longest n-gram and the explicit weights, or ``None`` for the
    uniform ``1/N`` (never built as a list: ``max_n`` may be huge)."""
    if max_n is not None:
        if isinstance(max_n, (bool, np.bool_)) or not isinstance(max_n, numbers.Integral):
            raise TypeError(f"max_n must be an integer, got {quoted(max_n)}")
        max_n = int(max_n)
        as_real(max_n, "max_n")  # the weights 1/max_n are floats: 10**400 is an error
    if weights is None:
        n = 4 if max_n is None else max_n
        if n < 1:
            raise ValueError(f"max_n must be >= 1, got {n}")
        return n, None
    weights = _as_list(weights, "weights", "a sequence of numbers")
    w = []
    for v in weights:
        w.append(as_real(v, "weights", "numbers"))
    if not w:
        raise ValueError("weights is empty")
    if max_n is not None and max_n != len(w):
        raise ValueError(f"weights has {len(w)} entries but max_n is {max_n}")
    if any(not math.isfinite(v) or v < 0 for v in w) or not sum(w) > 0:
        raise ValueError(f"weights must be finite, non-negative, with a positive sum; got {w}")
    return len(w), w


def bleu_score(
    references: Sequence[Any],
    candidates: Sequence[Any],
    *,
    max_n: int | None = None,
    weights: Sequence[float] | None = None,
    smoothing: str | None = None,
) -> float:
    """Corpus-level BLEU of candidate translations against their references.

    Parameters
    ----------
    references : sequence, one entry per candidate
        Each entry is the references of one candidate: a single string, or a list of
        references, each a string or a list of tokens. (A list of strings is several
        references, never the tokens of one: wrap tokens as ``[tokens]``.)
    candidates : sequence of str or of token lists
        The texts to score.
    max_n : int, default 4
        Longest n-gram (``N``). Default ``len(weights)`` when weights are given.
    weights : sequence of float, optional
        Weight ``w_n`` of each ``log p_n``; default ``1/N`` each.
    smoothing : {None, "add1", "epsilon"}, default None
        None: a zero precision makes BLEU 0. ``"add1"`` (Lin & Och 2004): ``p_n =
        (m_n + 1) / (l_n + 1)`` for ``n ≥ 2``. ``"epsilon"`` (Chen & Cherry 2014, method
        1): a zero count ``m_n`` becomes 0.1.

    Returns
    -------
    float
        In [0, 1].

    See Also
    --------
    sentence_bleu : one candidate.

    Notes
    -----
    ``BLEU = BP · exp(Σ_{n=1..N} w_n log p_n)`` (:ref:`def-bleu`; Papineni et al. 2002) with
    the clipped precision ``p_n = m_n / l_n``: ``m_n = Σ_candidates Σ_g min(count_cand(g),
    max_ref count_ref(g))`` over the candidate's n-grams ``g``, ``l_n`` = number of
    candidate n-grams (a zero ``l_n`` counts as 1, as NLTK does). Counts are summed over
    the corpus before dividing. Brevity penalty ``BP = 1`` if ``c > r`` else
    ``exp(1 − r/c)``, ``c`` the total candidate length and ``r`` the sum over candidates
    of the reference length closest to the candidate's (the shorter on a tie). An empty
    corpus of candidate tokens (``c = 0``) scores 0.

    Examples
    --------
    >>> from rankscore.text import bleu_score
    >>> refs = [["the cat is on the mat", "there is a cat on the mat"]]
    >>> round(bleu_score(refs, ["the cat sat on the mat"], max_n=3), 4)
    0.5
    >>> round(bleu_score(refs, ["the cat sat on the mat"], smoothing="add1"), 4)
    0.4855
    """
    n_max, w = _check_weights(max_n, weights)
    check_choice(smoothing, "smoothing", _SMOOTHING)
    references = _as_list(references, "references", "a sequence with one entry per candidate")
    candidates = _as_list(candidates, "candidates", "a sequence with one entry per candidate")
    if len(references) != len(candidates):
        raise ValueError(f"references has {len(references)} entries but candidates has "
                         f"{len(candidates)}; give the references of each candidate")
    if len(candidates) == 0:
        raise ValueError("candidates is empty")
    corpus = [(_tokens(cand, f"candidates[{i}]"), _references(refs, f"references[{i}]"))
              for i, (refs, cand) in enumerate(zip(references, candidates))]
    # n-grams longer than every candidate occur nowhere: counted below without a loop
    n_counted = min(n_max, max(len(tokens) for tokens, _ in corpus))
    matches = [0] * n_counted  # m_n
    totals = [0] * n_counted  # l_n
    c = r = 0
    for tokens, ref_tokens in corpus:
        c += len(tokens)
        r += _closest_length([len(t) for t in ref_tokens], len(tokens))
        for n in range(1, min(n_counted, len(tokens)) + 1):
            counts = _ngrams(tokens, n)
            max_ref: Counter[tuple[str, ...]] = Counter()
            for ref in ref_tokens:
                max_ref |= _ngrams(ref, n)  # elementwise max over references
            matches[n - 1] += sum(min(k, max_ref[g]) for g, k in counts.items())
            totals[n - 1] += sum(counts.values())
    if c == 0:
        return 0.0

    def weight(n: int) -> float:
        return 1.0 / n_max if w is None else w[n - 1]

    log_sum = 0.0
    for n in range(1, n_counted + 1):
        m: float = matches[n - 1]
        l = max(totals[n - 1], 1)
        if smoothing == "add1" and n >= 2:
            m, l = m + 1, l + 1
        elif smoothing == "epsilon" and m == 0:
            m = _EPSILON
        if weight(n) == 0:
            continue
        if m == 0:
            return 0.0
        log_sum += weight(n) * math.log(m / l)
    if n_counted < n_max:  # every longer n: m_n = 0 of l_n = 0 (counted as 1)
        rest = (n_max - n_counted) / n_max if w is None else math.fsum(w[n_counted:])
        if rest > 0:
            if smoothing is None:
                return 0.0
            # add1: (0 + 1) / (1 + 1) (n >= 2 here, since c > 0); epsilon: 0.1 / 1
            log_sum += rest * math.log(0.5 if smoothing == "add1" else _EPSILON)
    brevity = 1.0 if c > r else math.exp(1 - r / c)
    return brevity * math.exp(log_sum)


def sentence_bleu(references: Any, candidate: Any, *, max_n: int | None = None,
                  weights: Sequence[float] | None = None, smoothing: str | None = None) -> float:
    """BLEU of one candidate against its references (``bleu_score`` of a one-item corpus).

    Parameters
    ----------
    references : str or sequence
        One reference string, or a list of references (strings or token lists).
    candidate : str or list of str
        The text to score.
    max_n, weights, smoothing
        As for :func:`bleu_score`. Short sentences often miss every 4-gram, so sentence
        BLEU usually needs ``smoothing``.

    Returns
    -------
    float

    See Also
    --------
    bleu_score

    Notes
    -----
    ``BLEU = BP · exp(Σ w_n log p_n)`` on this sentence's counts alone. The mean of
    sentence BLEUs is not the corpus BLEU, which pools the counts first.

    Examples
    --------
    >>> from rankscore.text import sentence_bleu
    >>> round(sentence_bleu("the cat is on the mat", "the cat", max_n=2), 4)  # BP = e^-2
    0.1353
    """
    return bleu_score([references], [candidate], max_n=max_n, weights=weights,
                      smoothing=smoothing)
