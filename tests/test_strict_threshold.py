"""``strict=True``: positive when ``score > threshold`` (the default rule is ``>=``), the
same parameter in binary_confusion, ScoreSummary.confusion, the reports, Dask, Spark and
the CLI (``--strict``)."""

import json

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs
from rankscore import cli
from rankscore.datasets import load_spam
from rankscore.report import binary_report, summary_report


def _expected(y, s, t, strict, w=None):
    """(tp, fp, fn, tn) counted by NumPy."""
    y, s = np.asarray(y), np.asarray(s, dtype=np.float64)
    w = np.ones(len(y)) if w is None else np.asarray(w, dtype=np.float64)
    predicted = s > t if strict else s >= t
    positive = y == 1
    return tuple(float(w[m].sum()) for m in (positive & predicted, ~positive & predicted,
                                               positive & ~predicted, ~positive & ~predicted))


def _counts(c):
    return tuple(float(getattr(c, k)) for k in ("tp", "fp", "fn", "tn"))


@given(data=st.data(), dtype=st.sampled_from([np.float32, np.float64]),
       weighted=st.booleans())
def test_strict_and_inclusive_counts_match_numpy(data, dtype, weighted):
    n = data.draw(st.integers(1, 40))
    y = np.array(data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n)))
    s = np.array(data.draw(st.lists(st.sampled_from([-1.5, 0.0, 0.1, 0.3, 0.5, 1e-300, 2.0]),
                                    min_size=n, max_size=n)), dtype=dtype)
    # thresholds at the scores (ties), between them, and beyond
    t = data.draw(st.sampled_from(s.astype(np.float64).tolist() + [0.2, -np.inf, np.inf]))
    w = np.array(data.draw(st.lists(st.sampled_from([0.5, 1.0, 3.0]), min_size=n,
                                    max_size=n))) if weighted else None
    for strict in (False, True):
        got = rs.binary_confusion(y, s, threshold=t, strict=strict, sample_weight=w)
        assert _counts(got) == _expected(y, s, t, strict, w)
        assert got.threshold == t and got.strict is strict
        if len(np.unique(y)) == 2:
            summary = rs.ScoreSummary.from_arrays(y, s, sample_weight=w)
            assert _counts(summary.confusion(t, strict=strict)) == _counts(got)


def test_a_tie_at_the_threshold_changes_sides():
    y, s = [1, 0, 1, 0], [0.5, 0.5, 0.7, 0.2]
    assert _counts(rs.binary_confusion(y, s, threshold=0.5)) == (2, 1, 0, 1)
    strict = rs.binary_confusion(y, s, threshold=0.5, strict=True)
    assert _counts(strict) == (1, 0, 1, 2)
    assert repr(strict).startswith("BinaryConfusion(tp=1, fp=0, fn=1, tn=2, threshold=0.5, "
                                   "strict=True;")
    assert strict.to_dict()["strict"] is True
    assert rs.binary_confusion(y, s, threshold=0.5).to_dict()["strict"] is False
    # float32 scores: compared in float64, so the float32 nearest 0.1 is above 0.1
    s32 = np.array([0.1, 0.1], dtype=np.float32)
    assert rs.binary_confusion([1, 0], s32, threshold=0.1, strict=True).tp == 1
    assert rs.binary_confusion([1, 0], s32, threshold=float(s32[0]), strict=True).tp == 0


def test_strict_validation():
    with pytest.raises(TypeError, match="strict must be True or False"):
        rs.binary_confusion([0, 1], [0.1, 0.2], threshold=0.5, strict="yes")
    with pytest.raises(ValueError, match="strict applies to a threshold on scores"):
        rs.binary_confusion([0, 1], [0, 1], strict=True)
    with pytest.raises(TypeError, match="strict must be True or False"):
        rs.BinaryConfusion(1, 2, 3, 4, threshold=0.5, strict=1)
    summary = rs.ScoreSummary.from_arrays([0, 1], [0.1, 0.2])
    with pytest.raises(TypeError, match="strict must be True or False"):
        summary.confusion(0.5, strict=None)


@pytest.mark.parametrize("strict", [False, True])
def test_reports_take_strict(strict):
    data = load_spam()
    # one spam email scores exactly 0.676
    report = binary_report(data.target, data.score, pos_label="spam", threshold=0.676,
                           strict=strict)
    expected = rs.binary_confusion(data.target, data.score, pos_label="spam", threshold=0.676,
                                   strict=strict)
    assert report["threshold"] == 0.676
    assert report["confusion"]["strict"] is strict
    assert report["confusion"]["threshold"] == 0.676
    assert (report["confusion"]["tp"], report["confusion"]["fn"]) == \
        (expected.tp, expected.fn) == ((5, 4) if strict else (6, 3))
    summary = rs.ScoreSummary.from_arrays(data.target, data.score, pos_label="spam")
    assert summary_report(summary, threshold=0.676, strict=strict) == report
    with_ci = binary_report(data.target, data.score, pos_label="spam", threshold=0.676,
                            strict=strict, ci=True, n_resamples=50)
    assert with_ci["confusion"] == report["confusion"]


@pytest.mark.parametrize("strict", [False, True])
def test_cli_strict(strict, capsys, tmp_path):
    data = load_spam()
    path = tmp_path / "spam.csv"
    path.write_text("y,s\n" + "".join(f"{t},{s}\n" for t, s in zip(data.target, data.score)))
    for source in ([], [str(path), "--label", "y", "--score", "s", "--pos-label", "spam"]):
        argv = ["report", *source, "--threshold", "0.676", *(["--strict"] if strict else [])]
        assert cli.main(argv + ["--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["confusion"]["strict"] is strict
        assert out["confusion"]["tp"] == (5 if strict else 6)
        assert cli.main(argv) == 0
        text = capsys.readouterr().out
        rule = "score > 0.676" if strict else "score >= 0.676"
        assert f"At threshold 0.676 (positive = {rule})" in text


def test_dask_strict():
    pytest.importorskip("dask.array")
    import dask.array as da

    from rankscore import dask as rd

    y, s = np.array([1, 0, 1, 0]), np.array([0.5, 0.5, 0.7, 0.2])
    dy, ds = da.from_array(y, chunks=2), da.from_array(s, chunks=2)
    for strict in (False, True):
        got = rd.binary_confusion(dy, ds, threshold=0.5, strict=strict)
        assert got == rs.binary_confusion(y, s, threshold=0.5, strict=strict)
        assert rd.binary_report(dy, ds, threshold=0.5, strict=strict) == \
            binary_report(y, s, threshold=0.5, strict=strict)


def test_rate_intervals_strict():
    from rankscore.uncertainty import rate_intervals

    data = load_spam()
    for strict, recall in ((False, 6 / 9), (True, 5 / 9)):
        ci = rate_intervals(data.target, data.score, threshold=0.676, pos_label="spam",
                            strict=strict)
        assert ci["recall"].estimate == pytest.approx(recall, rel=1e-15)
