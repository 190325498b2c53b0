"""Progress of long computations: off by default, tqdm's bar when installed, a plain
counter otherwise; the numbers never depend on it."""

import io
import sys
import threading

import pytest

from rankscore._progress import Progress, check_progress, progress_bar


def test_check_progress():
    assert check_progress(True) is True and check_progress(False) is False
    np = pytest.importorskip("numpy")
    assert check_progress(np.bool_(True)) is True
    for bad in (1, "yes", None):
        with pytest.raises(TypeError, match="progress must be True or False"):
            check_progress(bad)


def test_disabled_draws_nothing(capsys):
    with progress_bar(10, "bootstrap", False) as bar:
        for _ in range(10):
            bar.update()
    assert capsys.readouterr().err == ""
    assert bar.done == 0  # not even counted


def test_plain_counter_without_tqdm(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    stream = io.StringIO()
    with Progress(40, "bootstrap roc_auc", True, stream=stream) as bar:
        assert bar.bar is None and bar.plain
        for _ in range(40):
            bar.update()
    text = stream.getvalue()
    assert text.startswith("\rbootstrap roc_auc:   0% (0/40)")
    assert text.endswith("\rbootstrap roc_auc: 100% (40/40)\n")


def test_tqdm_bar():
    pytest.importorskip("tqdm")
    stream = io.StringIO()
    with Progress(30, "bootstrap ks", True, stream=stream) as bar:
        assert bar.bar is not None
        for _ in range(3):
            bar.update(10)
    assert "bootstrap ks" in stream.getvalue()
    assert bar.bar is None  # closed


def test_updates_from_threads_add_up(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    bar = Progress(4000, "x", True, stream=io.StringIO())
    threads = [threading.Thread(target=lambda: [bar.update() for _ in range(1000)])
               for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    bar.close()
    assert bar.done == 4000


# --------------------------------------------------------------------------------------
# the long computations that take progress=
# --------------------------------------------------------------------------------------
np = pytest.importorskip("numpy")

import rankscore  # noqa: E402
from rankscore import cli  # noqa: E402
from rankscore.report import binary_report, shows_progress  # noqa: E402
from rankscore.uncertainty import (bootstrap_ci, bootstrap_test, roc_auc_ci,  # noqa: E402
                                   roc_confidence_band)

RNG = np.random.default_rng(5)
Y = (RNG.random(300) < 0.4).astype(int)
S = np.round(Y * 0.8 + RNG.normal(0, 1, 300), 2)


@pytest.fixture
def plain(monkeypatch):
    """No tqdm: the plain counter line, whose text the tests can read."""
    monkeypatch.setitem(sys.modules, "tqdm", None)


@pytest.mark.parametrize("metric", ["roc_auc", "ks", "average_precision"])
@pytest.mark.parametrize("n_threads", [1, 2])
def test_bootstrap_ci_progress_same_numbers(metric, n_threads, plain, capsys):
    quiet = bootstrap_ci(Y, S, metric=metric, n_resamples=450, random_state=3,
                         n_threads=n_threads)
    assert capsys.readouterr().err == ""  # off by default
    shown = bootstrap_ci(Y, S, metric=metric, n_resamples=450, random_state=3,
                         n_threads=n_threads, progress=True)
    err = capsys.readouterr().err
    assert err.endswith(f"\rbootstrap {metric}: 100% (450/450)\n")
    np.testing.assert_array_equal(shown.replicates, quiet.replicates)
    assert (shown.low, shown.high) == (quiet.low, quiet.high)


def test_bootstrap_test_band_and_auc_ci_progress(plain, capsys):
    t = bootstrap_test(Y, S, -S, metric="ks", n_resamples=300, random_state=1, progress=True)
    assert capsys.readouterr().err.endswith("\rbootstrap test ks: 100% (600/600)\n")
    assert t == bootstrap_test(Y, S, -S, metric="ks", n_resamples=300, random_state=1)
    band = roc_confidence_band(Y, S, n_resamples=250, random_state=1, progress=True)
    assert capsys.readouterr().err.endswith("\rbootstrap ROC band: 100% (250/250)\n")
    again = roc_confidence_band(Y, S, n_resamples=250, random_state=1)
    np.testing.assert_array_equal(band.low, again.low)
    ci = roc_auc_ci(Y, S, method="bootstrap", n_resamples=200, random_state=0, progress=True)
    assert capsys.readouterr().err.endswith("\rbootstrap roc_auc: 100% (200/200)\n")
    assert ci.low < ci.estimate < ci.high


def test_binary_report_progress(plain, capsys):
    report = binary_report(Y, S, ci=True, n_resamples=200, progress=True)
    err = capsys.readouterr().err
    assert "\rbootstrap ks: 100% (200/200)\n" in err
    assert "\rbootstrap average_precision: 100% (200/200)\n" in err
    assert report == binary_report(Y, S, ci=True, n_resamples=200)
    assert capsys.readouterr().err == ""


def test_compare_runs_progress(plain, capsys):
    qrels = {"q1": {"d1": 1, "d2": 0, "d3": 1}, "q2": {"d4": 1, "d5": 1}}
    a = {"q1": {"d1": 3.0, "d2": 2.0, "d3": 1.0}, "q2": {"d4": 1.0, "d5": 2.0}}
    b = {"q1": {"d3": 3.0, "d1": 2.0, "d2": 1.0}, "q2": {"d5": 1.0, "d4": 2.0}}
    table = rankscore.ir.compare_runs(qrels, {"a": a, "b": b, "c": a}, ["map", "P@2"],
                                      n_resamples=100, progress=True)
    # 2 metrics x 2 resampling tests x 3 pairs
    assert capsys.readouterr().err.endswith("\rresampling tests: 100% (12/12)\n")
    assert table.rows == rankscore.ir.compare_runs(qrels, {"a": a, "b": b, "c": a},
                                                   ["map", "P@2"], n_resamples=100).rows


@pytest.mark.parametrize("call", [
    lambda: bootstrap_ci(Y, S, n_resamples=10, progress="yes"),
    lambda: bootstrap_test(Y, S, S, n_resamples=10, progress=1),
    lambda: roc_confidence_band(Y, S, n_resamples=10, progress=None),
    lambda: binary_report(Y, S, progress="no"),
])
def test_progress_must_be_a_bool(call):
    with pytest.raises(TypeError, match="progress must be True or False"):
        call()


def test_cli_progress_on_a_terminal_only(plain, monkeypatch, capsys, tmp_path):
    path = tmp_path / "scores.csv"
    path.write_text("target,score\n" + "".join(f"{y},{s}\n" for y, s in zip(Y, S)))
    argv = ["report", str(path), "--ci", "--n-resamples", "150", "--json"]
    assert cli.main(argv) == 0
    assert "bootstrap" not in capsys.readouterr().err  # stderr is not a terminal here
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert cli.main(argv) == 0
    err = capsys.readouterr().err
    assert "\rbootstrap ks: 100% (150/150)\n" in err
    for flag in ("--quiet", "--no-progress"):
        assert cli.main(argv + [flag]) == 0
        assert "bootstrap" not in capsys.readouterr().err


def test_shows_progress():
    import argparse

    class Tty(io.StringIO):
        def isatty(self):
            return True

    old = sys.stderr
    try:
        sys.stderr = Tty()
        assert shows_progress(argparse.Namespace(quiet=False))
        assert not shows_progress(argparse.Namespace(quiet=True))
        sys.stderr = io.StringIO()
        assert not shows_progress(argparse.Namespace(quiet=False))
    finally:
        sys.stderr = old
