"""Many models at once: Holm's step-down adjustment and every pair of models compared
with DeLong's test."""

from __future__ import annotations

from itertools import combinations
from typing import Any, Mapping, Sequence

import numpy as np

from .._engine.labels import label_codes
from .._engine.parts import thread_count
from .._engine.validate import as_scores, check_choice, quoted
from .delong import aucs_and_covariance, paired_result, score_columns
from .results import PairwiseComparison
from .stats import check_level, float_array

__all__ = ["compare_models", "holm_adjust", "models_by_name"]


def models_by_name(models: Mapping[Any, Any], what: str) -> dict[str, Any]:
    """``{str(name): scores}`` of a mapping of models (names that are not str converted
    with ``str``); a ValueError naming ``what`` when two names are one once converted."""
    named = {str(name): scores for name, scores in models.items()}
    if len(named) < len(models):
        seen: dict[str, Any] = {}
        for name in models:
            if str(name) in seen:
                raise ValueError(f"{what}: the model names {quoted(seen[str(name)])} and "
                                 f"{quoted(name)} are one name once converted to str")
            seen[str(name)] = name
    return named


def holm_adjust(p_values: Any, *, nan_policy: str = "raise") -> np.ndarray:
    """Holm's step-down adjustment of p-values (family-wise error rate).

    Parameters
    ----------
    p_values : array-like of shape (k,)
        Raw p-values in [0, 1].
    nan_policy : {"raise", "omit"}, default="raise"
        A NaN p-value (a test that could not be computed) is a ValueError, or with
        ``"omit"`` stays NaN while the others are adjusted among themselves (k counts the
        non-NaN p-values), as R's ``p.adjust``.

    Returns
    -------
    ndarray of shape (k,)
        Adjusted p-values, in the input order.

    See Also
    --------
    compare_models
    rankscore.ir.compare_runs : Holm over the pairs of runs (``nan_policy="omit"``).

    Notes
    -----
    Sorted ascending, p_(i) becomes max_{j ≤ i} min(1, (k − j + 1) p_(j)); R's
    ``p.adjust(p, "holm")``.

    Examples
    --------
    >>> from rankscore.uncertainty import holm_adjust
    >>> holm_adjust([0.01, 0.04, 0.03]).round(4).tolist()
    [0.03, 0.06, 0.06]
    >>> holm_adjust([0.01, float("nan"), 0.03], nan_policy="omit").round(4).tolist()
    [0.02, nan, 0.03]
    """
    check_choice(nan_policy, "nan_policy", ("raise", "omit"))
    what = "a 1-D array of numbers in [0, 1]"
    p = float_array(p_values, "p_values", what)
    if p.ndim != 1 or ((p < 0) | (p > 1)).any():
        raise ValueError(f"p_values must be {what}, got {quoted(p_values)}")
    defined = np.flatnonzero(~np.isnan(p))
    if len(defined) < len(p) and nan_policy == "raise":
        raise ValueError(f"p_values holds NaN, got {quoted(p_values)}; nan_policy='omit' "
                         "leaves NaN p-values out of the adjustment (they stay NaN)")
    order = defined[np.argsort(p[defined], kind="stable")]
    k = len(order)
    out = np.full(len(p), np.nan)
    out[order] = np.maximum.accumulate(np.minimum(1.0, (k - np.arange(k)) * p[order]))
    return out


def compare_models(
    y_true: Any,
    y_score: Any,
    *,
    names: Sequence[str] | None = None,
    pos_label: Any = None,
    confidence_level: float = 0.95,
    n_threads: int | None = None,
) -> list[PairwiseComparison]:
    """DeLong's paired test of every pair of models, with Holm-adjusted p-values.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Binary labels.
    y_score : array-like of shape (n_samples, n_models), or a dict of name -> scores
        Two or more models scored on the same samples.
    names : sequence of str, optional
        Model names for a matrix (default ``"0"``, ``"1"``, …).
    pos_label : label, optional
    confidence_level : float in (0, 1), default=0.95
    n_threads : int, optional

    Returns
    -------
    list of PairwiseComparison
        One per pair (a, b), a before b in column order: ``test`` (:class:`DeLongTest`)
        and ``p_holm``.

    See Also
    --------
    delong_test, holm_adjust

    Notes
    -----
    The covariance matrix is computed once for all models; each pair's z uses its 2 × 2
    block (identical to :func:`delong_test` of the pair).

    Examples
    --------
    >>> from rankscore.uncertainty import compare_models
    >>> y = [0, 1, 0, 0, 1, 1, 0, 1]
    >>> models = {"a": [0.14, 0.23, 0.39, 0.52, 0.73, 0.90, 0.3, 0.6],
    ...           "b": [0.2, 0.6, 0.1, 0.4, 0.5, 0.8, 0.55, 0.35],
    ...           "c": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]}
    >>> [(c.model_a, c.model_b, round(c.p_holm, 3)) for c in compare_models(y, models)]
    [('a', 'b', 1.0), ('a', 'c', 1.0), ('b', 'c', 1.0)]
    """
    level = check_level(confidence_level)
    codes, pos_code = label_codes(y_true, pos_label)
    if isinstance(y_score, dict):
        if names is not None:
            raise ValueError("names= together with a dict: the keys already name the models")
        named = models_by_name(y_score, "y_score")
        names = list(named)
        columns = [as_scores(v, f"y_score[{quoted(key)}]") for key, v in named.items()]
        for key, col in zip(names, columns):
            if len(col) != len(codes):
                raise ValueError(f"a paired test needs every model scored on the same samples:"
                                 f" y_true has {len(codes)}, model {quoted(key)} {len(col)}")
        matrix = np.column_stack(columns) if columns else np.empty((len(codes), 0))
    else:
        matrix = score_columns(y_score, len(codes))
        names = [str(j) for j in range(matrix.shape[1])] if names is None else [
            str(x) for x in names]
        if len(names) != matrix.shape[1]:
            raise ValueError(f"names has {len(names)} entries for {matrix.shape[1]} models")
    if matrix.shape[1] < 2:
        raise ValueError(f"compare_models needs at least two models, got {matrix.shape[1]}")
    aucs, cov = aucs_and_covariance(codes, pos_code, list(matrix.T), thread_count(n_threads))
    tests = [(a, b, paired_result(aucs, cov, a, b, level))
             for a, b in combinations(range(matrix.shape[1]), 2)]
    adjusted = holm_adjust([t.p_value for _, _, t in tests])
    return [PairwiseComparison(names[a], names[b], t, float(p))
            for (a, b, t), p in zip(tests, adjusted)]
