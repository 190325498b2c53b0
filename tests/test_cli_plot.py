"""``rankscore plot`` and ``rankscore report --plot``: files written, headless, clear errors."""

import os
import re
import subprocess
import sys
import tempfile

import pytest

from rankscore.cli import main

pytest.importorskip("matplotlib")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _once_per_run(backend):
    """A fresh interpreter does not see the fixture's kernels: run such a test once."""
    if backend != "python":
        pytest.skip("runs a subprocess; once (on the python pass) is enough")


def _is_png(path):
    data = path.read_bytes()
    return data[:8] == PNG_MAGIC and len(data) > 1000


def test_plot_writes_a_png(tmp_path, capsys):
    out = tmp_path / "ranking.png"
    assert main(["plot", "xx--x", "-o", str(out)]) == 0
    assert _is_png(out)
    assert capsys.readouterr().out.strip() == f"wrote {out}"


def test_plot_options_m_and_no_line(tmp_path, monkeypatch):
    from rankscore.plot import rankings as ranking_plots

    drawn = {}
    original = ranking_plots.plot_ranking

    def spy(r, line=True, fun=None, ax=None):
        ax = original(r, line=line, fun=fun, ax=ax)
        drawn["title"] = ax
        drawn["labels"] = [ln.get_label() for ln in ax.lines]
        return ax

    monkeypatch.setattr(ranking_plots, "plot_ranking", spy)
    out = tmp_path / "r.svg"
    assert main(["plot", "x-x", "--m", "5", "--no-line", "-o", str(out)]) == 0
    assert out.read_bytes().lstrip().startswith(b"<?xml")
    assert drawn["title"].get_title().splitlines()[-1] == "s(r) = 0.8000 (m = 5)"  # SPEC §1.6
    assert not any(label.startswith("least squares") for label in drawn["labels"])
    assert main(["plot", "x-x", "-o", str(tmp_path / "r.png")]) == 0
    assert drawn["title"].get_title().splitlines()[-1] == "s(r) = 0.7333 (m = 10)"
    assert any(label.startswith("least squares") for label in drawn["labels"])


@pytest.fixture
def title_spy(monkeypatch):
    """The title of the Axes ``rankscore plot`` drew on."""
    from rankscore.plot import rankings as ranking_plots

    drawn = {}
    original = ranking_plots.plot_ranking

    def spy(*args, **kwargs):
        drawn["ax"] = original(*args, **kwargs)
        return drawn["ax"]

    monkeypatch.setattr(ranking_plots, "plot_ranking", spy)
    return drawn


def test_plot_takes_positions_and_exact_m_as_score_does(tmp_path, capsys, title_spy):
    # `rankscore score 3,7,5,1 --m 21/2` works; `rankscore plot` said "ranking string has
    # '3' at position 1" and argparse rejected --m 21/2
    out = tmp_path / "r.png"
    assert main(["score", "3,7,5,1", "--m", "21/2"]) == 0
    score = float(capsys.readouterr().out)
    assert main(["plot", "3,7,5,1", "--m", "21/2", "-o", str(out)]) == 0
    assert _is_png(out)
    assert title_spy["ax"].get_title().splitlines() == [
        "ranking: [x-x-x-x] (p = 7, k = 4)",
        f"s(r) = {score:.4f} (m = 10.5)",
    ]


@pytest.mark.parametrize("m, shown", [("1e4300", "1e+4300"), ("1e309", "1e+309"),
                                      ("1e308", "1e+308")])
def test_plot_titles_an_m_beyond_float64(tmp_path, title_spy, m, shown):
    # str() of 10**4300 is refused by Python ("Exceeds the limit (4300 digits)"), and that
    # was the command's error
    out = tmp_path / "r.png"
    assert main(["plot", "x-x", "--m", m, "-o", str(out)]) == 0
    assert title_spy["ax"].get_title().splitlines()[1].endswith(f"(m = {shown})")


@pytest.mark.parametrize(
    "argv, message",
    [
        (["plot", "3,0,1", "-o", "{tmp}/a.png"], "rankscore plot: error: "),
        (["plot", "3,x,1", "-o", "{tmp}/a.png"], "rankscore plot: error: "),
        (["plot", "x-x", "--m", "2", "-o", "{tmp}/a.png"], "rankscore plot: error: m must be > 2"),
        (["plot", "x-x", "--m", "ten", "-o", "{tmp}/a.png"], "rankscore plot: error: m must be"),
    ],
)
def test_plot_bad_positions_or_m_are_one_line(tmp_path, capsys, argv, message):
    argv = [a.format(tmp=tmp_path) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_plot_help_says_how_to_give_a_ranking_that_starts_with_a_dash(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["plot", "--help"])
    assert "rankscore plot -o ranking.png -- -xx" in " ".join(capsys.readouterr().out.split())
    out = tmp_path / "dash.png"
    assert main(["plot", "-o", str(out), "--", "-xx"]) == 0
    assert _is_png(out)


@pytest.mark.parametrize(
    "argv, message",
    [
        (["plot", "xx--", "-o", "{tmp}/a.png"], "rankscore plot: error: "),
        (["plot", "xx--x", "--m", "2", "-o", "{tmp}/a.png"], "rankscore plot: error: "),
        (["plot", "xx--x", "-o", "{tmp}/a.nosuchformat"], "rankscore plot: error: "),
        (["plot", "xx--x", "-o", "{tmp}/missing/dir/a.png"], "rankscore plot: error: "),
    ],
)
def test_plot_errors_are_one_line_and_exit_2(tmp_path, capsys, argv, message):
    argv = [a.format(tmp=tmp_path) for a in argv]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and err.count("\n") == 1


@pytest.mark.parametrize("command", [["plot", "xx--x", "-o"], ["report", "--plot"]])
@pytest.mark.parametrize(
    "target, message",
    [
        ("ranking", r"cannot tell the image format of '.*ranking': give the file an extension"),
        ("folder", r"'.*folder' is a directory; give a file name such as .*folder/"),
        ("", r"the image file name is empty"),
    ],
)
def test_output_name_without_an_image_extension_is_refused(
    tmp_path, capsys, monkeypatch, command, target, message
):
    # matplotlib appended ".png" to such names: "-o ranking" wrote ranking.png, "-o folder"
    # wrote folder.png beside the folder, "-o ''" wrote ".png", while the CLI printed
    # "wrote ranking" / "wrote folder" / "wrote " and exited 0 (report --plot '' drew nothing)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    path = str(tmp_path / target) if target else ""
    assert main(command + [path]) == 2
    out, err = capsys.readouterr()
    name = command[0]
    assert err.startswith(f"rankscore {name}: error: ") and err.count("\n") == 1
    assert re.search(message, err), err
    assert out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder"]
    assert not list((tmp_path / "folder").iterdir())


@pytest.mark.parametrize("command", [["plot", "xx--x", "-o"], ["report", "--plot"]])
@pytest.mark.parametrize(
    "suffix, magic", [(".PNG", PNG_MAGIC), (".pdf", b"%PDF"), (".svg", b"<?xml")]
)
def test_output_format_follows_the_extension(tmp_path, capsys, command, suffix, magic):
    out = tmp_path / f"figure{suffix}"
    assert main(command + [str(out)]) == 0
    assert out.read_bytes().startswith(magic)
    assert [p.name for p in tmp_path.iterdir()] == [out.name]


def test_plot_requires_output(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["plot", "xx--x"])
    assert exc.value.code == 2
    assert "-o/--output" in capsys.readouterr().err


def test_plot_without_matplotlib_names_the_extra(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["plot", "xx--x", "-o", str(tmp_path / "a.png")]) == 2
    assert "pip install rankscore[plot]" in capsys.readouterr().err


def test_cli_is_headless_and_leaves_pyplot_alone(tmp_path, backend):
    _once_per_run(backend)
    out = tmp_path / "ranking.png"
    code = (
        "import sys\n"
        "from rankscore.cli import main\n"
        f"assert main(['plot', 'x-x-x-xx', '-o', {str(out)!r}]) == 0\n"
        "assert 'matplotlib.pyplot' not in sys.modules\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("MPLBACKEND", "DISPLAY")}
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env,
        cwd=tempfile.gettempdir(), timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert _is_png(out)


# ----------------------------------------------------------------------------------------
# rankscore report --plot FILE: the 2x2 panel
# ----------------------------------------------------------------------------------------
@pytest.fixture
def panel_spy(monkeypatch):
    """Keep the Axes the report's panel was drawn on."""
    from rankscore.plot import panel

    drawn = {}
    original = panel.plot_report_panel

    def spy(*args, **kwargs):
        drawn["axes"] = original(*args, **kwargs)
        return drawn["axes"]

    monkeypatch.setattr(panel, "plot_report_panel", spy)
    return drawn


def _legend(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def test_report_plot_writes_the_panel_for_the_demo(tmp_path, capsys, panel_spy):
    out = tmp_path / "report.png"
    assert main(["report", "--plot", str(out)]) == 0
    assert _is_png(out)
    assert "prevalence 0.4500" in capsys.readouterr().out  # the text report still prints
    axes = panel_spy["axes"]
    assert [a.get_title() for a in axes.ravel()] == [
        "ROC curve",
        "precision–recall curve",
        "Kolmogorov–Smirnov: score CDFs by class",
        "cumulative gain (captured response)",
    ]
    assert _legend(axes[0, 0])[0] == "AUC = 0.7980, KS = 0.5758"  # 79/99 (SPEC §4)
    assert _legend(axes[1, 1])[0] == f"Gini = {2 * 79 / 99 - 1:.4f}"
    assert _legend(axes[0, 1])[-1] == "prevalence = 0.4500"
    assert axes[0, 0].figure._suptitle.get_text().startswith("demo data")


def test_report_plot_with_json_keeps_stdout_json(tmp_path, capsys):
    import json

    out = tmp_path / "report.png"
    assert main(["report", "--json", "--plot", str(out)]) == 0
    assert json.loads(capsys.readouterr().out)["pos_label"] == "spam"
    assert _is_png(out)


def test_report_plot_from_a_csv_file(tmp_path, panel_spy):
    import numpy as np

    import rankscore

    rng = np.random.default_rng(3)
    y = (rng.random(200) < 0.4).astype(int)
    s = np.round(y * 0.3 + rng.random(200), 2)  # ties
    csv = tmp_path / "scores.csv"
    csv.write_text("y,p\n" + "".join(f"{a},{b}\n" for a, b in zip(y, s)))
    out = tmp_path / "panel.png"
    assert main(["report", str(csv), "--label", "y", "--score", "p", "--plot", str(out)]) == 0
    assert _is_png(out)
    roc = panel_spy["axes"][0, 0]
    auc = rankscore.roc_auc_score(y, s)
    assert _legend(roc)[0].startswith(f"AUC = {auc:.4f}, KS = ")


def test_report_plot_errors_are_one_line(tmp_path, capsys, monkeypatch):
    assert main(["report", "--plot", str(tmp_path / "no" / "dir.png")]) == 2
    assert capsys.readouterr().err.startswith("rankscore report: error: ")
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(["report", "--plot", str(tmp_path / "a.png")]) == 2
    err = capsys.readouterr().err
    assert "pip install rankscore[plot]" in err and err.count("\n") == 1
