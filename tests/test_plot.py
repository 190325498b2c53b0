"""rankscore.plot: the data inside the artists equal rankscore's own numbers.

Pixels are not compared; every test reads back what was drawn (line data, legend texts,
titles, labels) and checks it against the public functions that compute the same curve.
"""

import math
import os
import subprocess
import sys
import tempfile
import time
import warnings
from fractions import Fraction

import numpy as np
import pytest

import rankscore
from rankscore import plot
from rankscore.datasets import load_spam

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

# SPEC §3's six-sample example and §4's spam demo
Y6 = np.array([0, 1, 0, 0, 1, 1])
S6 = np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90])
SPAM = load_spam()


def _once_per_run(backend):
    """A fresh interpreter does not see the fixture's kernels: run such a test once."""
    if backend != "python":
        pytest.skip("runs a subprocess; once (on the python pass) is enough")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture
def two_models():
    rng = np.random.default_rng(7)
    y = rng.random(300) < 0.3
    return y, {"weak": y * 0.5 + rng.normal(0, 1, 300), "strong": y * 2.0 + rng.normal(0, 1, 300)}


def legend_texts(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


def line_labelled(ax, text):
    (line,) = [ln for ln in ax.lines if ln.get_label() == text]
    return line


def model_lines(ax, texts):
    return [line_labelled(ax, t) for t in texts]


def assert_inside_figure(fig):
    """Nothing drawn sticks out of the figure: titles, labels, tick labels, legends."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        box = ax.get_tightbbox(renderer)
        assert box.x0 >= -1 and box.y0 >= -1, (ax.get_title(), box.bounds)
        assert box.x1 <= fig.bbox.x1 + 1 and box.y1 <= fig.bbox.y1 + 1, (ax.get_title(), box.bounds)


def assert_line_data(line, x, y):
    np.testing.assert_array_equal(np.asarray(line.get_xdata(), dtype=float), x)
    np.testing.assert_array_equal(np.asarray(line.get_ydata(), dtype=float), y)


# ----------------------------------------------------------------------------------------
# optional dependency
# ----------------------------------------------------------------------------------------
def _run(code):
    env = {k: v for k, v in os.environ.items() if k != "MPLBACKEND"}
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env,
        cwd=tempfile.gettempdir(), timeout=120,
    )


def test_import_rankscore_does_not_import_matplotlib(backend):
    _once_per_run(backend)
    out = _run(
        "import sys, rankscore\n"
        "assert 'matplotlib' not in sys.modules, 'import rankscore imported matplotlib'\n"
        "import rankscore.plot\n"
        "assert 'matplotlib' not in sys.modules, 'import rankscore.plot imported matplotlib'\n"
        "print('clean')"
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "clean"


def test_plotting_never_changes_the_users_backend(backend):
    _once_per_run(backend)
    env = {**os.environ, "MPLBACKEND": "svg"}
    out = subprocess.run(
        [sys.executable, "-c",
         "import matplotlib\n"
         "from rankscore import plot\n"
         "plot.plot_roc([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8]).figure.savefig('f.png')\n"
         "plot.plot_report_panel([0, 1, 0, 1], [0.1, 0.4, 0.35, 0.8])\n"
         "print(matplotlib.get_backend())"],
        capture_output=True, text=True, env=env, cwd=tempfile.mkdtemp(), timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "svg"


@pytest.mark.parametrize(
    "call",
    [
        lambda: plot.plot_ranking("xx--x"),
        lambda: rankscore.Ranking("xx--x").plot(),
        lambda: plot.plot_score_landscape(2, range(2, 5)),
        lambda: plot.plot_roc(Y6, S6),
        lambda: plot.plot_precision_recall(Y6, S6),
        lambda: plot.plot_ks(Y6, S6),
        lambda: plot.plot_cumulative_gain(Y6, S6),
        lambda: plot.plot_lift(Y6, S6),
        lambda: plot.plot_roc_vs_captured_response(Y6, S6),
        lambda: plot.plot_report_panel(Y6, S6),
    ],
)
def test_without_matplotlib_every_plot_names_the_extra(monkeypatch, call):
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.setitem(sys.modules, name, None)  # None in sys.modules: ImportError
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match=r"pip install rankscore\[plot\]"):
        call()


def test_plot_is_not_in_the_top_level_namespace():
    assert not any(name.startswith("plot_") for name in rankscore.__all__)


# ----------------------------------------------------------------------------------------
# plot_ranking (SPEC §1.8)
# ----------------------------------------------------------------------------------------
def test_plot_ranking_points_are_list_position_against_ranking_position():
    ax = plot.plot_ranking("x-x-x-xx")
    points = line_labelled(ax, "list elements")
    assert_line_data(points, [1, 2, 3, 4, 5], [1, 3, 5, 7, 8])  # SPEC §1.8's pairs
    assert ax.get_xlabel() == "list position"
    assert ax.get_ylabel() == "ranking position"
    assert ax.get_title() == "ranking: [x-x-x-xx] (p = 8, k = 5)"


def test_plot_ranking_draws_the_least_squares_line():
    ax = plot.plot_ranking("x-x-x-xx")
    (fit,) = [ln for ln in ax.lines if ln.get_label().startswith("least squares")]
    slope, intercept = np.polyfit([1, 2, 3, 4, 5], [1, 3, 5, 7, 8], 1)
    np.testing.assert_allclose(fit.get_xdata(), [1, 5])
    np.testing.assert_allclose(fit.get_ydata(), [slope + intercept, 5 * slope + intercept])
    assert fit.get_label() == "least squares: y = 1.8·x − 0.6"


@pytest.mark.parametrize(
    "ranking, label, ys",
    [
        ("xxxx", "least squares: y = 1·x + 0", [1, 4]),  # perfect: the fit is y = x exactly
        ("-x-x-x", "least squares: y = 2·x + 0", [2, 6]),
        ("--xxx", "least squares: y = 1·x + 2", [3, 5]),
        ("xx--x", "least squares: y = 2·x − 1.33", [2 / 3, 14 / 3]),
    ],
)
def test_plot_ranking_least_squares_line_is_exact(ranking, label, ys):
    # polyfit left rounding noise in the legend: "y = 1·x − 1.07e-15" for xxxx
    ax = plot.plot_ranking(ranking)
    (fit,) = [ln for ln in ax.lines if ln.get_label().startswith("least squares")]
    assert fit.get_label() == label
    np.testing.assert_array_equal(fit.get_ydata(), ys)


def test_plot_ranking_least_squares_line_of_far_positions():
    # positions up to 2**32: the exact sums exceed int64 and float64's integer range
    positions = [1, 3, 2**32 - 5, 2**32]
    ax = plot.plot_ranking(positions)
    (fit,) = [ln for ln in ax.lines if ln.get_label().startswith("least squares")]
    slope, intercept = np.polyfit([1.0, 2, 3, 4], np.array(positions, dtype=float), 1)
    np.testing.assert_allclose(fit.get_ydata(), [slope + intercept, 4 * slope + intercept])


def test_plot_ranking_without_line():
    ax = plot.plot_ranking("x-x-x-xx", line=False)
    assert not [ln for ln in ax.lines if ln.get_label().startswith("least squares")]


def test_plot_ranking_title_holds_the_function_value():
    r = rankscore.Ranking("x-x-x-xx")
    ax = plot.plot_ranking(r, fun=lambda r: r.correlation())
    assert ax.get_title().splitlines() == [
        "ranking: [x-x-x-xx] (p = 8, k = 5)",
        f"f(r) = {r.correlation():.4f}",
    ]

    def score(r):
        return r.score()

    ax = plot.plot_ranking("xxx-x", fun=score)
    assert ax.get_title().splitlines()[1] == "score = 0.8400"  # SPEC §1.6


@pytest.mark.parametrize("given", ["x-x-x-xx", "●○●○●○●●", [7, 1, 8, 3, 5]])
def test_plot_ranking_accepts_strings_and_positions(given):
    ax = plot.plot_ranking(given)
    assert_line_data(line_labelled(ax, "list elements"), [1, 2, 3, 4, 5], [1, 3, 5, 7, 8])


def test_plot_ranking_ticks_are_integers():
    ax = plot.plot_ranking("xx--x-----x---xx-x")
    ax.figure.canvas.draw()
    for ticks in (ax.get_xticks(), ax.get_yticks()):
        np.testing.assert_array_equal(ticks, np.round(ticks))


@pytest.mark.parametrize("ranking", ["x", "--x", "xx", "-x"])
def test_plot_ranking_ticks_are_integers_for_one_element_or_length_one(ranking):
    # a single list element (k = 1) or p = 1 spans less than one unit: the locator fell
    # back to ticks at 0.5, 0.6, ... 1.5 — positions that do not exist
    ax = plot.plot_ranking(ranking)
    ax.figure.canvas.draw()
    for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
        shown = [t for t in axis.get_ticklocs() if low <= t <= high]
        assert shown, "no tick inside the axis"
        np.testing.assert_array_equal(shown, np.round(shown))
    shown = [t for t in ax.get_xticks() if ax.get_xlim()[0] <= t <= ax.get_xlim()[1]]
    expected = [1.0] if rankscore.rk(ranking).k == 1 else [1.0, 2.0]
    assert shown == expected


def test_plot_ranking_title_is_abbreviated_for_long_rankings():
    # p = 2**32 is a valid ranking; the title must not spell out 4 GB of characters, and
    # it must fit the figure (repr's 81-character abbreviation ran off both sides)
    ax = plot.plot_ranking([1, 2**32])
    title = ax.get_title()
    assert title == "ranking: [x" + "-" * 23 + "…" + "-" * 11 + "x] (p = 4294967296, k = 2)"
    assert title.endswith("(p = 4294967296, k = 2)") and len(title) < 200
    assert_line_data(line_labelled(ax, "list elements"), [1, 2], [1, 2**32])
    assert_inside_figure(ax.figure)


@pytest.mark.parametrize("p", [40, 41, 200, 1000, 5000])
def test_plot_ranking_title_fits_the_figure(p):
    # p = 200 spelled out 200 characters: the title ran off both sides of the figure
    rng = np.random.default_rng(p)
    positions = sorted(set(rng.choice(np.arange(1, p), p // 5, replace=False).tolist()) | {p})
    r = rankscore.rk(positions)
    ax = plot.plot_ranking(r, fun=lambda r: r.correlation())
    text = r.to_string()
    shown = text if p <= 40 else text[:24] + "…" + text[-12:]
    assert ax.get_title().splitlines() == [
        f"ranking: [{shown}] (p = {p}, k = {r.k})",
        f"f(r) = {r.correlation():.4f}",
    ]
    assert_inside_figure(ax.figure)


def test_plot_ranking_single_element_has_no_line():
    ax = plot.plot_ranking("--x")
    assert_line_data(line_labelled(ax, "list elements"), [1], [3])
    assert not [ln for ln in ax.lines if ln.get_label().startswith("least squares")]


def test_plot_ranking_rejects_bad_rankings():
    with pytest.raises(ValueError):
        plot.plot_ranking("xx--")


def test_ranking_plot_method_delegates():
    fig, ax = plt.subplots()
    got = rankscore.Ranking("xx--x").plot(line=False, ax=ax)
    assert got is ax
    assert_line_data(line_labelled(ax, "list elements"), [1, 2, 3], [1, 2, 5])


# ----------------------------------------------------------------------------------------
# plot_score_landscape (SPEC §1.6)
# ----------------------------------------------------------------------------------------
def test_score_landscape_plots_every_ranking_score():
    k, ps, m = 3, range(3, 9), 3
    ax = plot.plot_score_landscape(k, ps, m=m)
    ticks = [ln for ln in ax.lines if ln.get_marker() == "_"]
    assert len(ticks) == len(ps)
    for p, line in zip(ps, ticks):
        expected = np.sort(rankscore.rankings.enumerate_rankings(p, k, m=m).scores)
        np.testing.assert_array_equal(line.get_xdata(), np.full(expected.size, p))
        np.testing.assert_array_equal(line.get_ydata(), expected)
    assert ax.get_xlabel() == "ranking length p"
    assert ax.get_ylabel() == "score s(r)"
    assert ax.get_title() == "scores of all rankings with k = 3 (m = 3)"


def _overlapping_pairs(k, ps, m):
    scores = {p: rankscore.rankings.enumerate_rankings(p, k, m=m).scores for p in ps}
    return [p for p in ps[:-1] if scores[p + 1].max() > scores[p].min()]


@pytest.mark.parametrize("m", [2.5, 3, 10, 100])
def test_score_landscape_shades_the_overlap_of_neighbouring_p(m):
    k, ps = 3, list(range(3, 11))
    ax = plot.plot_score_landscape(k, ps, m=m)
    overlaps = ax.collections  # the bars are patches; each overlap is one filled band
    assert len(overlaps) == len(_overlapping_pairs(k, ps, m))
    if overlaps:
        assert "overlap of neighbouring p" in legend_texts(ax)


def test_score_landscape_overlap_grows_as_m_shrinks():
    ps = list(range(3, 11))
    assert len(_overlapping_pairs(3, ps, 2.5)) > len(_overlapping_pairs(3, ps, 100))


def test_score_landscape_thins_out_huge_p_but_keeps_the_range():
    ax = plot.plot_score_landscape(5, [20])  # C(19, 4) = 3876 rankings
    (ticks,) = [ln for ln in ax.lines if ln.get_marker() == "_"]
    scores = rankscore.rankings.enumerate_rankings(20, 5).scores
    assert len(ticks.get_ydata()) == 2000
    assert ticks.get_ydata()[0] == scores.min() and ticks.get_ydata()[-1] == scores.max()


@pytest.mark.parametrize(
    "k, ps, total",
    [
        (10, range(10, 63), sum(math.comb(p - 1, 9) for p in range(10, 63))),
        (31, [62], math.comb(61, 30)),  # 2.3e17 rankings of one length
        (10, range(10, 37), sum(math.comb(p - 1, 9) for p in range(10, 37))),  # 254 million
    ],
)
def test_score_landscape_refuses_astronomically_many_rankings(k, ps, total):
    # it enumerated p after p (minutes, tens of GB) until enumerate_rankings ran out of
    # memory, or never returned
    before = plt.get_fignums()
    start = time.perf_counter()
    with pytest.raises(ValueError, match=rf"^plot_score_landscape would enumerate {total:,} rank"):
        plot.plot_score_landscape(k, ps)
    assert time.perf_counter() - start < 5
    assert plt.get_fignums() == before


@pytest.mark.parametrize("p_range", [range(1, 10**12), [3, 4, 63], np.arange(1, 10**7)])
def test_score_landscape_refuses_p_beyond_62_at_once(p_range):
    # range(1, 10**12) was checked element by element (hours) before anything else;
    # rankings are enumerated as 64-bit masks, so p <= 62
    start = time.perf_counter()
    with pytest.raises(ValueError, match=r"^p_range holds p = 63; plot_score_landscape draws"):
        plot.plot_score_landscape(1, p_range)
    assert time.perf_counter() - start < 5


def test_score_landscape_draws_up_to_its_limit(monkeypatch):
    from rankscore.plot import rankings as ranking_plots

    assert ranking_plots._LANDSCAPE_MAX_RANKINGS == 20_000_000  # as the docstring says
    ps = range(5, 21)  # C(20, 5) = 15,504 rankings
    monkeypatch.setattr(ranking_plots, "_LANDSCAPE_MAX_RANKINGS", math.comb(20, 5))
    ax = plot.plot_score_landscape(5, ps)
    assert len([ln for ln in ax.lines if ln.get_marker() == "_"]) == len(ps)
    monkeypatch.setattr(ranking_plots, "_LANDSCAPE_MAX_RANKINGS", math.comb(20, 5) - 1)
    with pytest.raises(ValueError, match=r"would enumerate 15,504 rankings \(k = 5, p = 5..20\)"):
        plot.plot_score_landscape(5, ps)


@pytest.mark.parametrize(
    "k, ps, match",
    [(3, [2, 3], r"p = 2 < k = 3"), (3, [], r"p_range is empty")],
)
def test_score_landscape_errors(k, ps, match):
    with pytest.raises(ValueError, match=match):
        plot.plot_score_landscape(k, ps)


@pytest.mark.parametrize(
    "k, ps, match",
    [(0, [3], r"k must be >= 1"), (2.0, [3], r"k must be an integer"),
     (2, [3, 4.5], r"p must be an integer"), (2, 5, r"p_range must be a sequence")],
)
def test_score_landscape_type_errors(k, ps, match):
    with pytest.raises((TypeError, ValueError), match=match):
        plot.plot_score_landscape(k, ps)


@pytest.mark.parametrize("m, shown", [("21/2", "10.5"), (Fraction(7, 3), "2.33333"), (3, "3")])
def test_score_landscape_takes_m_as_every_score_function_does(m, shown):
    # Ranking.score and enumerate_rankings take m = "21/2"; the landscape drew every p and
    # then failed on its title: "could not convert string to float: '21/2'"
    ax = plot.plot_score_landscape(3, range(3, 7), m=m)
    assert ax.get_title() == f"scores of all rankings with k = 3 (m = {shown})"
    ticks = [ln for ln in ax.lines if ln.get_marker() == "_"]
    for p, line in zip(range(3, 7), ticks):
        expected = np.sort(rankscore.rankings.enumerate_rankings(p, 3, m=m).scores)
        np.testing.assert_array_equal(line.get_ydata(), expected)


def test_score_landscape_rejects_small_m():
    with pytest.raises(ValueError):
        plot.plot_score_landscape(3, range(3, 6), m=2)


# ----------------------------------------------------------------------------------------
# ROC
# ----------------------------------------------------------------------------------------
def test_plot_roc_draws_roc_curve_with_auc_in_the_legend():
    ax = plot.plot_roc(Y6, S6)
    fpr, tpr, _ = rankscore.roc_curve(Y6, S6)
    assert_line_data(line_labelled(ax, "AUC = 0.7778"), fpr, tpr)  # SPEC §3
    assert_line_data(line_labelled(ax, "chance (AUC = 0.5)"), [0, 1], [0, 1])
    assert ax.get_xlabel() == "false positive rate (FPR)"
    assert ax.get_ylabel() == "true positive rate (TPR)"
    assert ax.get_title() == "ROC curve"


def test_plot_roc_spam_demo_with_pos_label_and_name():
    ax = plot.plot_roc(SPAM.target, SPAM.score, pos_label="spam", name="filter")
    fpr, tpr, _ = rankscore.roc_curve(SPAM.target, SPAM.score, pos_label="spam")
    assert legend_texts(ax)[0] == "filter (AUC = 0.7980)"  # 79/99, SPEC §4
    assert_line_data(line_labelled(ax, "filter (AUC = 0.7980)"), fpr, tpr)


def test_plot_roc_passes_sample_weight_and_drop_intermediate():
    w = np.array([1.0, 2.0, 0.5, 1.0, 3.0, 1.0])
    ax = plot.plot_roc(Y6, S6, sample_weight=w, drop_intermediate=False)
    fpr, tpr, _ = rankscore.roc_curve(Y6, S6, sample_weight=w, drop_intermediate=False)
    auc = rankscore.roc_auc_score(Y6, S6, sample_weight=w)
    assert legend_texts(ax)[0] == f"AUC = {auc:.4f}"
    assert_line_data(line_labelled(ax, f"AUC = {auc:.4f}"), fpr, tpr)


def test_plot_roc_marks_the_ks_point():
    ax = plot.plot_roc(SPAM.target, SPAM.score, pos_label="spam", ks=True)
    ks = rankscore.ks_statistic(SPAM.target, SPAM.score, pos_label="spam")
    statistic = ks[0]
    assert legend_texts(ax)[0] == f"AUC = 0.7980, KS = {statistic:.4f}"
    (mark,) = [ln for ln in ax.lines if ln.get_gid() == "ks"]
    x, y = mark.get_xdata(), mark.get_ydata()
    assert x[0] == x[1] and y[0] == x[0]  # from the diagonal straight up to the curve
    assert y[1] - y[0] == pytest.approx(statistic, abs=1e-12)
    fpr, tpr, _ = rankscore.roc_curve(SPAM.target, SPAM.score, pos_label="spam")
    assert any((fpr == x[1]) & (tpr == y[1]))


def test_plot_roc_several_models_one_line_each(two_models):
    y, models = two_models
    ax = plot.plot_roc(y, models, ks=True)
    texts = legend_texts(ax)
    assert len(texts) == 3
    for (name, scores), text in zip(models.items(), texts):
        auc = rankscore.roc_auc_score(y, scores)
        assert text.startswith(f"{name} (AUC = {auc:.4f}, KS = ")
        fpr, tpr, _ = rankscore.roc_curve(y, scores)
        assert_line_data(line_labelled(ax, text), fpr, tpr)
    marks = [ln for ln in ax.lines if ln.get_gid() == "ks"]
    curves_ = model_lines(ax, texts[:2])
    assert [m.get_color() for m in marks] == [c.get_color() for c in curves_]


def test_plot_roc_reuses_the_given_axes(two_models):
    y, models = two_models
    fig, (left, right) = plt.subplots(1, 2)
    assert plot.plot_roc(y, models["weak"], ax=right) is right
    assert plot.plot_roc(y, models["strong"], name="again", ax=right) is right
    assert not left.lines
    assert len(right.get_legend().get_texts()) == 2 + 1  # two models, one chance line
    assert len(fig.axes) == 2


ONE_AXES_CALLS = [
    lambda ax: plot.plot_ranking("xx--x", ax=ax),
    lambda ax: plot.plot_score_landscape(2, range(2, 5), ax=ax),
    lambda ax: plot.plot_roc(Y6, S6, ax=ax),
    lambda ax: plot.plot_precision_recall(Y6, S6, ax=ax),
    lambda ax: plot.plot_ks(Y6, S6, ax=ax),
    lambda ax: plot.plot_cumulative_gain(Y6, S6, ax=ax),
    lambda ax: plot.plot_lift(Y6, S6, ax=ax),
]


@pytest.mark.parametrize("call", ONE_AXES_CALLS)
@pytest.mark.parametrize("bad", ["left", 3, "figure", "axes pair"])
def test_ax_that_is_not_an_axes_is_a_clear_type_error(call, bad):
    # was AttributeError: 'str' object has no attribute 'plot'
    fig, pair = plt.subplots(1, 2)
    bad = {"figure": fig, "axes pair": pair}.get(bad, bad)
    got = r"(str|int|Figure|ndarray)"
    with pytest.raises(TypeError, match=rf"^ax must be a matplotlib Axes, got {got}"):
        call(bad)
    assert not pair[0].lines and not pair[1].lines


@pytest.mark.parametrize("bad", ["ab", 3, "one axes", "three axes", "figure"])
def test_roc_vs_captured_response_needs_a_pair_of_axes(bad):
    # was "too many values to unpack" / "cannot unpack non-iterable int object"
    fig, axes = plt.subplots(1, 3)
    bad = {"one axes": axes[0], "three axes": axes, "figure": fig}.get(bad, bad)
    with pytest.raises(TypeError, match=r"^ax must be a pair of matplotlib Axes"):
        plot.plot_roc_vs_captured_response(Y6, S6, ax=bad)
    assert not any(a.lines for a in axes)


@pytest.mark.parametrize("bad", ["abcd", 3, "one axes", "three axes", "figure"])
def test_report_panel_needs_four_axes(bad):
    # was "cannot reshape array of size 1 into shape (2,2)"
    fig, axes = plt.subplots(1, 3)
    bad = {"one axes": axes[0], "three axes": axes, "figure": fig}.get(bad, bad)
    with pytest.raises(TypeError, match=r"^ax must be a 2×2 array of matplotlib Axes"):
        plot.plot_report_panel(Y6, S6, ax=bad)
    assert not any(a.lines for a in axes)


def test_report_panel_accepts_four_axes_in_a_row():
    fig, axes = plt.subplots(1, 4)
    got = plot.plot_report_panel(Y6, S6, ax=axes)
    assert got.shape == (2, 2) and list(got.ravel()) == list(axes)
    assert axes[3].get_title() == "cumulative gain (captured response)"


BAD_SECOND_MODEL = {"good": S6, "short": S6[:-1]}
FAILING_CALLS = [
    (lambda ax: plot.plot_ranking("xx--", ax=ax), ValueError),
    (lambda ax: plot.plot_ranking("xx-x", fun=lambda r: 1 / 0, ax=ax), ZeroDivisionError),
    (lambda ax: plot.plot_score_landscape(3, range(3, 6), m=2, ax=ax), ValueError),
    (lambda ax: plot.plot_roc(Y6, BAD_SECOND_MODEL, ax=ax), ValueError),
    (lambda ax: plot.plot_precision_recall(Y6, BAD_SECOND_MODEL, ax=ax), ValueError),
    (lambda ax: plot.plot_ks(Y6, BAD_SECOND_MODEL, ax=ax), ValueError),
    (lambda ax: plot.plot_cumulative_gain(Y6, BAD_SECOND_MODEL, ax=ax), ValueError),
    (lambda ax: plot.plot_lift(Y6, BAD_SECOND_MODEL, ax=ax), ValueError),
]


def _untouched(ax):
    return (
        not ax.lines and not ax.collections and not ax.patches and not ax.texts
        and ax.get_title() == "" and ax.get_legend() is None
    )


@pytest.mark.parametrize("call, error", FAILING_CALLS)
def test_a_failed_call_leaves_no_blank_figure(call, error):
    # the figure was created before the input was checked: in a notebook, every failed
    # call also showed an empty figure (and pyplot kept it open)
    before = plt.get_fignums()
    with pytest.raises(error):
        call(None)
    assert plt.get_fignums() == before


@pytest.mark.parametrize("call, error", FAILING_CALLS)
def test_a_failed_call_leaves_the_given_axes_untouched(call, error):
    # a dict whose second model is bad drew the first model's curve, then raised
    fig, ax = plt.subplots()
    with pytest.raises(error):
        call(ax)
    assert _untouched(ax)


@pytest.mark.parametrize("given", [False, True])
def test_failed_two_axes_plots_leave_nothing_behind(given):
    before = plt.get_fignums()
    pair = plt.subplots(1, 2)[1] if given else None
    grid = plt.subplots(2, 2)[1] if given else None
    opened = plt.get_fignums()
    with pytest.raises(ValueError):
        plot.plot_roc_vs_captured_response(Y6, BAD_SECOND_MODEL, ax=pair)
    with pytest.raises(ValueError):
        plot.plot_report_panel(Y6, BAD_SECOND_MODEL, ax=grid)
    assert plt.get_fignums() == (opened if given else before)
    if given:
        assert all(_untouched(a) for a in [*pair, *grid.ravel()])


CURVE_PLOTS = [
    plot.plot_roc,
    plot.plot_precision_recall,
    plot.plot_ks,
    plot.plot_cumulative_gain,
    plot.plot_lift,
    plot.plot_roc_vs_captured_response,
    plot.plot_report_panel,
]
ONE_CLASS = {
    "only negatives": (np.zeros(6, int), {}, "no positive samples"),
    "only positives": (np.ones(6, int), {}, "no negative samples"),
    "pos_label absent": (Y6, {"pos_label": 7}, "no positive samples"),
    "positives weigh 0": (
        Y6, {"sample_weight": np.where(Y6 == 1, 0.0, 1.0)}, "no positive samples with non-zero"
    ),
    "negatives weigh 0": (
        Y6, {"sample_weight": np.where(Y6 == 1, 1.0, 0.0)}, "no negative samples with non-zero"
    ),
}


@pytest.mark.parametrize("case", ONE_CLASS)
@pytest.mark.parametrize("draw", CURVE_PLOTS)
def test_one_class_is_a_clear_error(draw, case):
    # ROC, PR and KS drew NaN curves ("AUC = nan") behind warnings; the others failed with
    # "prior must be in the open interval (0, 1), got 0.0", or plot_lift drew a flat line
    y, kwargs, missing = ONE_CLASS[case]
    before = plt.get_fignums()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the error comes before any curve's warning
        with pytest.raises(ValueError, match=rf"^y_true has {missing}.*needs both classes"):
            draw(y, {"a": S6, "b": S6[::-1]}, **kwargs)
    assert plt.get_fignums() == before


@pytest.mark.parametrize("draw", CURVE_PLOTS)
@pytest.mark.parametrize("as_frame", [False, True])
def test_a_refused_model_of_several_is_named(draw, as_frame):
    # "y_score contains NaN (first at index 2)" did not say which model's scores
    bad = S6.copy()
    bad[2] = np.nan
    models = {"good": S6, "bad": bad}
    if as_frame:
        models = pytest.importorskip("pandas").DataFrame(models)
    with pytest.raises(ValueError) as refused:
        draw(Y6, models)
    assert str(refused.value) == "model 'bad': y_score contains NaN (first at index 2)"
    plt.close("all")
    with pytest.raises(ValueError) as alone:  # one model: memory's message as it is
        draw(Y6, bad)
    assert str(alone.value) == "y_score contains NaN (first at index 2)"
    plt.close("all")


def test_empty_dict_of_models_is_an_error():
    with pytest.raises(ValueError, match="empty dict"):
        plot.plot_roc(Y6, {})


@pytest.mark.parametrize("draw", CURVE_PLOTS)
def test_name_with_a_dict_of_models_is_an_error(draw):
    # name= was silently dropped: the legend showed the dict's keys only
    before = plt.get_fignums()
    with pytest.raises(ValueError, match=r"^name='mine' names a single model"):
        draw(Y6, {"a": S6, "b": S6[::-1]}, name="mine")
    assert plt.get_fignums() == before
    axes = np.ravel(draw(Y6, S6, name="mine"))  # one Axes, a pair or the 2x2 panel
    assert all(any(text.get_text().startswith("mine") for text in ax.get_legend().get_texts())
               for ax in axes)


def test_bad_input_errors_come_from_the_curve_functions():
    with pytest.raises(ValueError):
        plot.plot_roc(Y6, S6[:-1])


# ----------------------------------------------------------------------------------------
# precision-recall
# ----------------------------------------------------------------------------------------
def test_plot_precision_recall_steps_with_ap_and_prevalence():
    ax = plot.plot_precision_recall(Y6, S6)
    precision, recall, _ = rankscore.precision_recall_curve(Y6, S6)
    curve = line_labelled(ax, "AP = 0.8667")  # SPEC §3
    assert curve.get_drawstyle() == "steps-post"
    assert_line_data(curve, recall, precision)
    base = line_labelled(ax, "prevalence = 0.5000")
    np.testing.assert_array_equal(base.get_ydata(), [0.5, 0.5])
    assert ax.get_xlabel() == "recall (TPR)" and ax.get_ylabel() == "precision"


def test_plot_precision_recall_several_models_and_weights(two_models):
    y, models = two_models
    w = np.linspace(0.5, 2.0, y.size)
    ax = plot.plot_precision_recall(y, models, sample_weight=w)
    texts = legend_texts(ax)
    for (name, scores), text in zip(models.items(), texts):
        ap = rankscore.average_precision_score(y, scores, sample_weight=w)
        assert text == f"{name} (AP = {ap:.4f})"
        precision, recall, _ = rankscore.precision_recall_curve(y, scores, sample_weight=w)
        assert_line_data(line_labelled(ax, text), recall, precision)
    prevalence = np.sum(w * y) / np.sum(w)
    assert texts[-1] == f"prevalence = {prevalence:.4f}"


def test_plot_precision_recall_spam_prevalence():
    ax = plot.plot_precision_recall(SPAM.target, SPAM.score, pos_label="spam")
    assert legend_texts(ax)[-1] == "prevalence = 0.4500"  # 9 spam of 20


# ----------------------------------------------------------------------------------------
# KS
# ----------------------------------------------------------------------------------------
def _ks_curve(*args, **kwargs):
    """ks_curve's arrays as drawn: each CDF starts from 0 at the smallest score."""
    thresholds, cdf_negative, cdf_positive = rankscore.curves.ks_curve(*args, **kwargs)
    return (
        np.concatenate((thresholds[:1], thresholds)),
        np.concatenate(([0.0], cdf_negative)),
        np.concatenate(([0.0], cdf_positive)),
    )


def test_plot_ks_draws_both_cdfs_and_the_gap():
    ax = plot.plot_ks(SPAM.target, SPAM.score, pos_label="spam")
    thresholds, cdf_negative, cdf_positive = _ks_curve(SPAM.target, SPAM.score, pos_label="spam")
    negatives = line_labelled(ax, "negatives F−(t)")
    positives = line_labelled(ax, "positives F+(t)")
    assert_line_data(negatives, thresholds, cdf_negative)
    assert_line_data(positives, thresholds, cdf_positive)
    statistic, threshold = rankscore.ks_statistic(SPAM.target, SPAM.score, pos_label="spam")
    text = f"KS = {statistic:.4f} at t = {threshold:.4g}"
    assert legend_texts(ax)[-1] == text
    gap = line_labelled(ax, text)
    assert list(gap.get_xdata()) == [threshold, threshold]
    low, high = sorted(gap.get_ydata())
    assert high - low == pytest.approx(statistic, abs=1e-12)
    assert ax.get_xlabel() == "score threshold t"
    assert ax.get_ylabel() == "fraction with score ≤ t"


def test_plot_ks_several_models_with_weights(two_models):
    y, models = two_models
    w = np.linspace(0.2, 2.0, y.size)
    models = {name: scores.astype(np.float32) for name, scores in models.items()}
    ax = plot.plot_ks(y, models, sample_weight=w)
    for name, scores in models.items():
        thresholds, cdf_negative, cdf_positive = _ks_curve(y, scores, sample_weight=w)
        negatives = line_labelled(ax, f"{name}: negatives F−(t)")
        positives = line_labelled(ax, f"{name}: positives F+(t)")
        assert_line_data(negatives, thresholds, cdf_negative)
        assert_line_data(positives, thresholds, cdf_positive)
        assert negatives.get_color() == positives.get_color()
        statistic, threshold = rankscore.ks_statistic(y, scores, sample_weight=w)
        gap = line_labelled(ax, f"{name}: KS = {statistic:.4f} at t = {threshold:.4g}")
        assert list(gap.get_xdata()) == [threshold, threshold]
        low, high = sorted(gap.get_ydata())
        assert high - low == pytest.approx(statistic, abs=1e-12)


def test_plot_ks_several_models_compact_legend():
    # three models made a nine-entry legend that covered half the CDFs; now one entry per
    # model (its KS, in its colour) and one per line style
    rng = np.random.default_rng(7)
    y = rng.random(1000) < 0.3
    models = {
        "logistic regression": y * 0.8 + rng.normal(0, 1, 1000),
        "gradient boosted trees": y * 1.6 + rng.normal(0, 1, 1000),
        "random": rng.normal(0, 1, 1000),
    }
    ax = plot.plot_ks(y, models)
    expected = []
    for name, scores in models.items():
        statistic, threshold = rankscore.ks_statistic(y, scores)
        expected.append(f"{name}: KS = {statistic:.4f} at t = {threshold:.4g}")
    assert legend_texts(ax) == expected + ["negatives F−(t)", "positives F+(t)"]
    handles = ax.get_legend().legend_handles
    colors = [line_labelled(ax, f"{name}: negatives F−(t)").get_color() for name in models]
    assert [h.get_color() for h in handles[:3]] == colors
    assert [h.get_linestyle() for h in handles[3:]] == ["-", "--"]
    assert_inside_figure(ax.figure)


# ----------------------------------------------------------------------------------------
# gain, lift, captured response
# ----------------------------------------------------------------------------------------
def test_plot_cumulative_gain_with_random_and_ideal_lines():
    ax = plot.plot_cumulative_gain(SPAM.target, SPAM.score, pos_label="spam")
    x, y, _ = rankscore.gains.cumulative_gain_curve(SPAM.target, SPAM.score, pos_label="spam")
    gini = 2 * 79 / 99 - 1
    assert_line_data(line_labelled(ax, f"Gini = {gini:.4f}"), x, y)
    assert_line_data(line_labelled(ax, "random"), [0, 1], [0, 1])
    assert_line_data(line_labelled(ax, "ideal (prevalence = 0.4500)"), [0, 0.45, 1], [0, 1, 1])
    assert ax.get_xlabel() == "fraction of population targeted"
    assert ax.get_ylabel() == "fraction of positives captured"


def test_plot_cumulative_gain_several_models(two_models):
    y, models = two_models
    ax = plot.plot_cumulative_gain(y, models)
    for (name, scores), text in zip(models.items(), legend_texts(ax)):
        gini = 2 * rankscore.roc_auc_score(y, scores) - 1
        assert text == f"{name} (Gini = {gini:.4f})"
        x, captured, _ = rankscore.gains.cumulative_gain_curve(y, scores)
        assert_line_data(line_labelled(ax, text), x, captured)


def test_plot_lift_with_baseline():
    ax = plot.plot_lift(Y6, S6)
    x, lift, _ = rankscore.gains.lift_curve(Y6, S6)
    assert_line_data(line_labelled(ax, "lift at 10 % = 2"), x, lift)
    base = line_labelled(ax, "random (lift = 1)")
    np.testing.assert_array_equal(base.get_ydata(), [1, 1])
    assert ax.get_ylabel() == "cumulative lift"


def test_plot_lift_legend_gives_the_top_decile_lift(two_models):
    y, models = two_models
    w = np.linspace(1.0, 3.0, y.size)
    ax = plot.plot_lift(y, models, sample_weight=w)
    for (name, scores), text in zip(models.items(), legend_texts(ax)):
        gx, gy, _ = rankscore.gains.cumulative_gain_curve(y, scores, sample_weight=w)
        assert text == f"{name} (lift at 10 % = {np.interp(0.1, gx, gy) / 0.1:.3g})"
        x, lift, _ = rankscore.gains.lift_curve(y, scores, sample_weight=w)
        assert_line_data(line_labelled(ax, text), x, lift)


def test_roc_vs_captured_response_same_gini_on_both_sides():
    left, right = plot.plot_roc_vs_captured_response(SPAM.target, SPAM.score, pos_label="spam")
    gini = f"Gini = {2 * 79 / 99 - 1:.4f}"
    assert legend_texts(left)[0] == gini and legend_texts(right)[0] == gini
    fpr, tpr, _ = rankscore.roc_curve(SPAM.target, SPAM.score, pos_label="spam")
    assert_line_data(line_labelled(left, gini), fpr, tpr)
    x, y = rankscore.gains.roc_to_captured_response(fpr, tpr, 9 / 20)
    assert_line_data(line_labelled(right, gini), x, y)
    assert left.figure is right.figure
    assert left.get_xlabel() == "false positive rate (FPR)"
    assert right.get_xlabel() == "fraction of population targeted"


def test_roc_vs_captured_response_several_models_on_given_axes(two_models):
    y, models = two_models
    fig, axes = plt.subplots(1, 2)
    left, right = plot.plot_roc_vs_captured_response(y, models, ax=axes)
    assert left is axes[0] and right is axes[1]
    assert legend_texts(left)[:2] == legend_texts(right)[:2]
    for name, scores in models.items():
        gini = 2 * rankscore.roc_auc_score(y, scores) - 1
        assert f"{name} (Gini = {gini:.4f})" in legend_texts(right)


# ----------------------------------------------------------------------------------------
# the 2x2 panel, files
# ----------------------------------------------------------------------------------------
def test_report_panel_has_roc_pr_ks_gain():
    axes = plot.plot_report_panel(SPAM.target, SPAM.score, pos_label="spam")
    assert axes.shape == (2, 2)
    assert [a.get_title() for a in axes.ravel()] == [
        "ROC curve",
        "precision–recall curve",
        "Kolmogorov–Smirnov: score CDFs by class",
        "cumulative gain (captured response)",
    ]
    assert legend_texts(axes[0, 0])[0].startswith("AUC = 0.7980, KS = ")


def test_report_panel_draws_on_given_axes(two_models):
    y, models = two_models
    fig, grid = plt.subplots(2, 2)
    axes = plot.plot_report_panel(y, models, ax=grid)
    assert all(a is b for a, b in zip(axes.ravel(), grid.ravel()))
    assert len(fig.axes) == 4
    for name, scores in models.items():
        fpr, tpr, _ = rankscore.roc_curve(y, scores)
        (roc,) = [ln for ln in grid[0, 0].lines if ln.get_label().startswith(f"{name} (AUC")]
        assert_line_data(roc, fpr, tpr)


@pytest.mark.parametrize(
    "draw",
    [
        lambda ax: plot.plot_ranking("x-x-x-xx", fun=lambda r: r.correlation(), ax=ax),
        lambda ax: plot.plot_score_landscape(3, range(3, 9), m=3, ax=ax),
        lambda ax: plot.plot_roc(SPAM.target, SPAM.score, pos_label="spam", ks=True, ax=ax),
        lambda ax: plot.plot_precision_recall(SPAM.target, SPAM.score, pos_label="spam", ax=ax),
        lambda ax: plot.plot_ks(SPAM.target, SPAM.score, pos_label="spam", ax=ax),
        lambda ax: plot.plot_cumulative_gain(SPAM.target, SPAM.score, pos_label="spam", ax=ax),
        lambda ax: plot.plot_lift(SPAM.target, SPAM.score, pos_label="spam", ax=ax),
    ],
)
def test_every_plot_returns_the_given_axes_and_saves_a_png(draw, tmp_path):
    fig, ax = plt.subplots()
    assert draw(ax) is ax
    path = tmp_path / "figure.png"
    fig.savefig(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 1000


def test_new_figure_when_no_axes_given():
    before = plt.get_fignums()
    ax = plot.plot_roc(Y6, S6)
    assert ax.figure.number not in before


def test_plots_never_call_show(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("show() called")

    monkeypatch.setattr(plt, "show", fail)
    plot.plot_report_panel(Y6, S6)
    plot.plot_roc_vs_captured_response(Y6, S6)
    plot.plot_ranking("xx--x")


def test_a_dataframe_is_one_model_per_column(two_models):
    pd = pytest.importorskip("pandas")
    y, models = two_models
    ax = plot.plot_cumulative_gain(y, pd.DataFrame(models))
    texts = legend_texts(ax)
    assert [t.split(" (")[0] for t in texts[:2]] == ["weak", "strong"]
    x, captured, _ = rankscore.gains.cumulative_gain_curve(y, models["strong"])
    assert_line_data(line_labelled(ax, texts[1]), x, captured)


# ----------------------------------------------------------------------------------------
# the rest of what is drawn: reference lines, bars, shaded areas, titles, whole figures
# ----------------------------------------------------------------------------------------
THREE_MODELS_Y = np.random.default_rng(7).random(1000) < 0.3
_rng = np.random.default_rng(8)
THREE_MODELS = {
    "logistic regression": THREE_MODELS_Y * 0.8 + _rng.normal(0, 1, 1000),
    "gradient boosted trees": THREE_MODELS_Y * 1.6 + _rng.normal(0, 1, 1000),
    "random": _rng.normal(0, 1, 1000),
}


def test_plot_ranking_draws_the_perfect_ranking_diagonal():
    ax = plot.plot_ranking("x-x-x-xx")
    assert_line_data(line_labelled(ax, "perfect ranking (y = x)"), [1, 5], [1, 5])
    assert legend_texts(ax) == [
        "list elements", "least squares: y = 1.8·x − 0.6", "perfect ranking (y = x)"
    ]


def test_score_landscape_bars_span_each_p_and_bands_span_the_overlap():
    k, ps, m = 3, list(range(3, 9)), 3
    ax = plot.plot_score_landscape(k, ps, m=m)
    scores = {p: rankscore.rankings.enumerate_rankings(p, k, m=m).scores for p in ps}
    bars = ax.patches
    assert len(bars) == len(ps)
    for p, bar in zip(ps, bars):
        assert bar.get_x() == pytest.approx(p - 0.3) and bar.get_width() == pytest.approx(0.6)
        assert bar.get_y() == scores[p].min()
        assert bar.get_y() + bar.get_height() == pytest.approx(scores[p].max(), abs=1e-15)
    pairs = _overlapping_pairs(k, ps, m)
    assert len(ax.collections) == len(pairs)
    for p, band in zip(pairs, ax.collections):
        (x0, y0), (x1, y1) = band.get_paths()[0].get_extents().get_points()
        assert (x0, x1) == pytest.approx((p - 0.3, p + 1.3))
        assert (y0, y1) == (scores[p].min(), scores[p + 1].max())


def test_plot_lift_ideal_line_titles_and_labels():
    ax = plot.plot_lift(SPAM.target, SPAM.score, pos_label="spam")
    ideal = line_labelled(ax, "ideal (1 / prevalence = 2.22)")
    x, y = ideal.get_xdata(), ideal.get_ydata()
    assert x[0] == 0 and x[-1] == 1 and np.all(np.diff(x) >= 0)
    np.testing.assert_allclose(y, 1 / np.maximum(x, 0.45))
    assert legend_texts(ax)[0] == "lift at 10 % = 2.22"  # the top 2 of 20 are spam: 1 / 0.45
    assert ax.get_title() == "cumulative lift"
    assert ax.get_xlabel() == "fraction of population targeted"
    assert ax.get_ylabel() == "cumulative lift"
    assert ax.get_ylim()[1] >= 1 / 0.45  # the ideal lift is not cut off


def _shaded_area(collection):
    x, y = collection.get_paths()[0].vertices.T
    return abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2  # shoelace


def test_roc_vs_captured_response_shades_the_two_gini_areas():
    left, right = plot.plot_roc_vs_captured_response(SPAM.target, SPAM.score, pos_label="spam")
    gini = 2 * 79 / 99 - 1
    (roc_area,) = left.collections
    (cr_area,) = right.collections
    assert _shaded_area(roc_area) == pytest.approx(gini / 2)  # AUC - 1/2
    assert _shaded_area(cr_area) == pytest.approx(gini * (1 - 0.45) / 2)  # Gini · ideal's
    assert (left.get_title(), right.get_title()) == ("ROC curve", "captured response")
    assert left.get_ylabel() == "true positive rate (TPR)"
    assert right.get_ylabel() == "fraction of positives captured"
    assert_line_data(line_labelled(left, "chance"), [0, 1], [0, 1])
    assert_line_data(line_labelled(right, "random"), [0, 1], [0, 1])
    assert_line_data(line_labelled(right, "ideal (prevalence = 0.4500)"), [0, 0.45, 1], [0, 1, 1])


def test_report_panel_draws_rankscores_curves_in_every_axes():
    y, s = SPAM.target, SPAM.score
    axes = plot.plot_report_panel(y, s, pos_label="spam")
    fpr, tpr, _ = rankscore.roc_curve(y, s, pos_label="spam")
    assert_line_data(line_labelled(axes[0, 0], "AUC = 0.7980, KS = 0.5758"), fpr, tpr)
    precision, recall, _ = rankscore.precision_recall_curve(y, s, pos_label="spam")
    ap = rankscore.average_precision_score(y, s, pos_label="spam")
    assert_line_data(line_labelled(axes[0, 1], f"AP = {ap:.4f}"), recall, precision)
    thresholds, cdf_negative, cdf_positive = _ks_curve(y, s, pos_label="spam")
    assert_line_data(line_labelled(axes[1, 0], "negatives F−(t)"), thresholds, cdf_negative)
    assert_line_data(line_labelled(axes[1, 0], "positives F+(t)"), thresholds, cdf_positive)
    assert legend_texts(axes[1, 0])[-1] == "KS = 0.5758 at t = 0.657"
    x, captured, _ = rankscore.gains.cumulative_gain_curve(y, s, pos_label="spam")
    assert_line_data(line_labelled(axes[1, 1], "Gini = 0.5960"), x, captured)
    assert [(a.get_xlabel(), a.get_ylabel()) for a in axes.ravel()] == [
        ("false positive rate (FPR)", "true positive rate (TPR)"),
        ("recall (TPR)", "precision"),
        ("score threshold t", "fraction with score ≤ t"),
        ("fraction of population targeted", "fraction of positives captured"),
    ]


def test_curve_titles():
    assert plot.plot_precision_recall(Y6, S6).get_title() == "precision–recall curve"
    assert plot.plot_ks(Y6, S6).get_title() == "Kolmogorov–Smirnov: score CDFs by class"
    assert plot.plot_cumulative_gain(Y6, S6).get_title() == "cumulative gain (captured response)"


EVERY_FIGURE = {
    "ranking": lambda: plot.plot_ranking("x-x-x-xx", fun=lambda r: r.correlation()),
    "ranking x": lambda: plot.plot_ranking("x"),
    "ranking p = 200": lambda: plot.plot_ranking([1, 50, 51, 199, 200]),
    "landscape": lambda: plot.plot_score_landscape(3, range(3, 13), m=3),
    "roc": lambda: plot.plot_roc(SPAM.target, SPAM.score, pos_label="spam", ks=True),
    "roc 3": lambda: plot.plot_roc(THREE_MODELS_Y, THREE_MODELS, ks=True),
    "pr": lambda: plot.plot_precision_recall(SPAM.target, SPAM.score, pos_label="spam"),
    "pr 3": lambda: plot.plot_precision_recall(THREE_MODELS_Y, THREE_MODELS),
    "ks": lambda: plot.plot_ks(SPAM.target, SPAM.score, pos_label="spam"),
    "ks 3": lambda: plot.plot_ks(THREE_MODELS_Y, THREE_MODELS),
    "gain": lambda: plot.plot_cumulative_gain(SPAM.target, SPAM.score, pos_label="spam"),
    "gain 3": lambda: plot.plot_cumulative_gain(THREE_MODELS_Y, THREE_MODELS),
    "lift": lambda: plot.plot_lift(SPAM.target, SPAM.score, pos_label="spam"),
    "lift 3": lambda: plot.plot_lift(THREE_MODELS_Y, THREE_MODELS),
    "roc vs cr": lambda: plot.plot_roc_vs_captured_response(
        SPAM.target, SPAM.score, pos_label="spam"
    )[0],
    "roc vs cr 3": lambda: plot.plot_roc_vs_captured_response(THREE_MODELS_Y, THREE_MODELS)[0],
    "panel": lambda: plot.plot_report_panel(SPAM.target, SPAM.score, pos_label="spam")[0, 0],
    "panel 3": lambda: plot.plot_report_panel(THREE_MODELS_Y, THREE_MODELS)[0, 0],
}


@pytest.mark.parametrize("figure", EVERY_FIGURE)
def test_every_figure_fits_and_saves(figure, tmp_path):
    ax = EVERY_FIGURE[figure]()
    assert_inside_figure(ax.figure)
    for a in ax.figure.axes:
        assert a.get_title() and a.get_xlabel() and a.get_ylabel()
        assert a.get_legend() is not None
    path = tmp_path / "figure.png"
    ax.figure.savefig(path, dpi=50)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plotting_leaves_rcparams_alone():
    before = dict(mpl.rcParams)
    for draw in EVERY_FIGURE.values():
        draw()
    assert dict(mpl.rcParams) == before
