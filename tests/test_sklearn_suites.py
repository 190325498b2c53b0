"""scikit-learn's own test_ranking.py and test_classification.py pass with rankscore's
functions patched into sklearn.metrics (tests/sklearn_suites.py), but for the documented
differences (docs/guide/differences-from-scikit-learn.md)."""

import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).parent

# scikit-learn's tests that fail by design, each a difference the page above explains
DOCUMENTED = {
    "test_confusion_matrix_dtype",  # integer weights that overflow int64: an error here
}


def _run_suites(backend: str) -> str:
    pytest.importorskip("sklearn")
    done = subprocess.run([sys.executable, str(HERE / "sklearn_suites.py"), "--backend",
                           backend, "--list-failures"], capture_output=True, text=True,
                          timeout=600, cwd=HERE.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def _table(out: str) -> dict:
    """{suite: (passed, failed)} from the printed Markdown table."""
    rows = {}
    for line in out.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if line.startswith("| test_") and len(cells) == 6:
            rows[cells[0]] = (int(cells[1]), int(cells[2]))
    return rows


def test_sklearn_suites_pass_but_for_documented_differences(backend):
    out = _run_suites(backend)
    table = _table(out)
    assert set(table) == {"test_ranking.py", "test_classification.py"}, out
    failing = {line[2:].split(" (")[0].split("[")[0] for line in out.splitlines()
               if line.startswith("* test_")}
    assert failing <= DOCUMENTED, out[-3000:]
    passed, failed = table["test_ranking.py"]
    assert passed >= 240 and passed / (passed + failed) >= 0.99
    passed, failed = table["test_classification.py"]
    assert passed >= 240 and passed / (passed + failed) >= 0.98
    # the documented differences are real: each still fails
    assert failing == DOCUMENTED, out[-3000:]
