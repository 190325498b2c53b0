"""The typed user script (tests/typing/user_script.py, checked by ``mypy --strict`` in
.ci/run) runs and prints what its types promise."""

import pathlib
import runpy

import pytest

SCRIPT = pathlib.Path(__file__).resolve().parent / "typing" / "user_script.py"


def test_user_script_runs(backend, capsys):
    pytest.importorskip("matplotlib")
    runpy.run_path(str(SCRIPT), run_name="__main__")
    out = capsys.readouterr().out
    assert out.startswith("AUC = 0.768\n")
    assert "report: AUC 0.768465701330993" in out
    assert out.rstrip().endswith("recall 0.705, precision 0.472")
    import matplotlib.pyplot as plt

    plt.close("all")
