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
