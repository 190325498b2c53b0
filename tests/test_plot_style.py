"""rankscore.plot: matplotlib keyword arguments reach the drawn artists, and the
scikit-learn style displays hold (and draw) exactly the curve functions' numbers."""

import numpy as np
import pytest

import rankscore
from rankscore import gains, plot
from rankscore.plot import (CumulativeGainDisplay, LiftCurveDisplay, PrecisionRecallDisplay,
                            RocCurveDisplay)

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.colors import same_color  # noqa: E402

Y6 = np.array([0, 1, 0, 0, 1, 1])
S6 = np.array([0.14, 0.23, 0.39, 0.52, 0.73, 0.90])


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture
def data():
    rng = np.random.default_rng(11)
    y = (rng.random(400) < 0.35).astype(int)
    score = np.round(y * 1.2 + rng.normal(0, 1, 400), 1)  # ties
    return y, score


def curve_line(ax, label):
    (line,) = [ln for ln in ax.lines if ln.get_label() == label]
    return line


# --------------------------------------------------------------------------------------
# keyword arguments of the plot functions
# --------------------------------------------------------------------------------------
CURVE_PLOTS = [plot.plot_roc, plot.plot_precision_recall, plot.plot_cumulative_gain,
               plot.plot_lift, plot.plot_roc_confidence_band]


@pytest.mark.parametrize("function", CURVE_PLOTS, ids=lambda f: f.__name__)
def test_curve_plots_pass_line_properties(function):
    extra = {"n_resamples": 50} if function is plot.plot_roc_confidence_band else {}
    ax = function(Y6, S6, color="crimson", linestyle=":", linewidth=3.5, label="model A",
                  alpha=0.7, **extra)
    line = curve_line(ax, "model A")
    assert same_color(line.get_color(), "crimson")
    assert line.get_linestyle() == ":"
    assert line.get_linewidth() == 3.5
    assert line.get_alpha() == 0.7
    assert "model A" in [t.get_text() for t in ax.get_legend().get_texts()]


@pytest.mark.parametrize("function", CURVE_PLOTS[:4], ids=lambda f: f.__name__)
def test_aliases_replace_the_defaults(function):
    ax = function(Y6, S6, c="g", lw=4, ls="--")
    line = ax.lines[0]
    assert same_color(line.get_color(), "g")
    assert (line.get_linewidth(), line.get_linestyle()) == (4, "--")
    assert line.get_zorder() == 3  # the defaults the caller did not touch stay


def test_roc_curve_data_unchanged_by_style():
    fpr, tpr, _ = rankscore.roc_curve(Y6, S6)
    ax = plot.plot_roc(Y6, S6, color="k", marker="o")
    np.testing.assert_array_equal(ax.lines[0].get_xdata(), fpr)
    np.testing.assert_array_equal(ax.lines[0].get_ydata(), tpr)
    assert ax.lines[0].get_marker() == "o"


def test_precision_recall_keeps_steps_unless_asked():
    assert plot.plot_precision_recall(Y6, S6).lines[0].get_drawstyle() == "steps-post"
    ax = plot.plot_precision_recall(Y6, S6, drawstyle="default")
    assert ax.lines[0].get_drawstyle() == "default"


def test_confidence_band_takes_the_curve_colour_on_a_used_axes():
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0], color="C5")  # a line drawn before
    plot.plot_roc_confidence_band(Y6, S6, n_resamples=50, color="tab:olive", ax=ax)
    (band,) = [c for c in ax.collections if c.get_gid() == "confidence band"]
    assert same_color(band.get_facecolor()[0][:3], "tab:olive")


def test_plot_ks_styles_both_cdfs_and_dashes_the_positives():
    ax = plot.plot_ks(Y6, S6, color="purple", linewidth=1, label="m")
    negatives = curve_line(ax, "m: negatives F−(t)")
    positives = curve_line(ax, "m: positives F+(t)")
    for line in (negatives, positives):
        assert same_color(line.get_color(), "purple")
        assert line.get_linewidth() == 1
    assert (negatives.get_linestyle(), positives.get_linestyle()) == ("-", "--")
    statistic, threshold = rankscore.ks_statistic(Y6, S6)
    assert f"m: KS = {statistic:.4f} at t = {threshold:.4g}" in [
        t.get_text() for t in ax.get_legend().get_texts()]


def test_plot_ks_without_colour_keeps_two_solid_lines():
    ax = plot.plot_ks(Y6, S6, linewidth=1)
    negatives, positives = ax.lines[:2]
    assert not same_color(negatives.get_color(), positives.get_color())
    assert positives.get_linestyle() == "-"


def test_several_models_each_get_the_style(data):
    y, score = data
    models = {"a": score, "b": -score}
    ax = plot.plot_roc(y, models, linestyle="-.", linewidth=1)
    curves = [ln for ln in ax.lines if ln.get_label().startswith(("a ", "b "))]
    assert len(curves) == 2
    assert {(ln.get_linestyle(), ln.get_linewidth()) for ln in curves} == {("-.", 1)}
    with pytest.raises(ValueError, match="label='x' for 2 models"):
        plot.plot_roc(y, models, label="x")


def test_roc_vs_captured_response_styles_both_sides():
    left, right = plot.plot_roc_vs_captured_response(Y6, S6, color="navy", linestyle="--")
    for ax in (left, right):
        assert same_color(ax.lines[0].get_color(), "navy")
        assert ax.lines[0].get_linestyle() == "--"


def test_report_panel_styles_every_panel():
    axes = plot.plot_report_panel(Y6, S6, color="darkgreen")
    for ax in axes.ravel():
        assert same_color(ax.lines[0].get_color(), "darkgreen")


def test_ranking_plots_pass_line_properties():
    ax = plot.plot_ranking("x-x-x-xx", color="red", marker="s", label="points")
    points = curve_line(ax, "points")
    assert same_color(points.get_color(), "red") and points.get_marker() == "s"
    assert points.get_ydata().tolist() == [1, 3, 5, 7, 8]
    ax = rankscore.rk("xx-x").plot(markersize=3)
    assert ax.lines[0].get_markersize() == 3
    ax = plot.plot_score_landscape(3, range(3, 6), color="orange", markersize=5)
    ticks = [ln for ln in ax.lines if ln.get_marker() == "_"]
    assert len(ticks) == 3
    assert all(same_color(t.get_color(), "orange") and t.get_markersize() == 5 for t in ticks)
    assert same_color(ax.patches[0].get_facecolor()[:3], "orange")  # the bars follow


@pytest.mark.parametrize("call", [
    lambda **kw: plot.plot_roc(Y6, S6, **kw),
    lambda **kw: plot.plot_ks(Y6, S6, **kw),
    lambda **kw: plot.plot_lift(Y6, S6, **kw),
    lambda **kw: plot.plot_roc_confidence_band(Y6, S6, n_resamples=20, **kw),
    lambda **kw: plot.plot_report_panel(Y6, S6, **kw),
    lambda **kw: plot.plot_ranking("x-x", **kw),
    lambda **kw: plot.plot_score_landscape(2, range(2, 4), **kw),
    lambda **kw: RocCurveDisplay.from_predictions(Y6, S6, **kw),
    lambda **kw: LiftCurveDisplay.from_predictions(Y6, S6, **kw),
])
def test_bad_properties_raise_before_drawing(call):
    with pytest.raises(TypeError, match=r"not properties of a matplotlib line: 'colour'"):
        call(colour="red")
    with pytest.raises(ValueError, match="is not a valid value for color"):
        call(color="no such colour")
    for zorder in ("x", float("nan"), True):  # (matplotlib checks it only when it draws)
        with pytest.raises(ValueError, match=rf"zorder must be a finite number, got "
                                             rf"{zorder!r}" if zorder is not True else "True"):
            call(zorder=zorder)
    assert plt.get_fignums() == []  # no figure was opened


def test_bad_property_message_names_the_function():
    with pytest.raises(TypeError, match=r"^plot_cumulative_gain got keyword arguments"):
        plot.plot_cumulative_gain(Y6, S6, wdith=2)
    with pytest.raises(TypeError, match=r"^Ranking.plot got"):
        rankscore.rk("x-x").plot(wdith=2)


# --------------------------------------------------------------------------------------
# displays: the numbers are the curve functions'
# --------------------------------------------------------------------------------------
def test_roc_display_numbers(data):
    y, score = data
    w = np.linspace(0.5, 2, y.size)
    for drop in (True, False):
        display = RocCurveDisplay.from_predictions(y, score, sample_weight=w,
                                                   drop_intermediate=drop)
        fpr, tpr, thresholds = rankscore.roc_curve(y, score, sample_weight=w,
                                                   drop_intermediate=drop)
        np.testing.assert_array_equal(display.fpr, fpr)
        np.testing.assert_array_equal(display.tpr, tpr)
        np.testing.assert_array_equal(display.thresholds, thresholds)
        assert display.roc_auc == pytest.approx(rankscore.roc_auc_score(y, score, sample_weight=w),
                                                abs=1e-15)
        np.testing.assert_array_equal(display.line_.get_xdata(), fpr)
        np.testing.assert_array_equal(display.line_.get_ydata(), tpr)
        assert display.line_.get_label() == f"AUC = {display.roc_auc:0.2f}"
        assert display.pos_label == 1
        assert display.ax_.get_xlabel() == "False Positive Rate (Positive label: 1)"
        assert display.figure_ is display.ax_.figure


def test_precision_recall_display_numbers(data):
    y, score = data
    display = PrecisionRecallDisplay.from_predictions(y, score, name="m", plot_chance_level=True)
    precision, recall, thresholds = rankscore.precision_recall_curve(y, score)
    np.testing.assert_array_equal(display.precision, precision)
    np.testing.assert_array_equal(display.recall, recall)
    np.testing.assert_array_equal(display.thresholds, thresholds)
    assert display.average_precision == pytest.approx(
        rankscore.average_precision_score(y, score), abs=1e-15)
    assert display.prevalence_pos_label == pytest.approx(y.mean(), abs=1e-15)
    assert display.line_.get_drawstyle() == "steps-post"
    assert display.line_.get_label() == f"m (AP = {display.average_precision:0.2f})"
    assert display.chance_level_.get_ydata().tolist() == [y.mean()] * 2


def test_gain_and_lift_display_numbers(data):
    y, score = data
    gain = CumulativeGainDisplay.from_predictions(y, score, plot_chance_level=True)
    x, captured, thresholds = gains.cumulative_gain_curve(y, score)
    np.testing.assert_array_equal(gain.fraction_targeted, x)
    np.testing.assert_array_equal(gain.fraction_captured, captured)
    np.testing.assert_array_equal(gain.thresholds, thresholds)
    assert gain.gini == pytest.approx(rankscore.gini_score(y, score), abs=1e-14)
    np.testing.assert_array_equal(gain.line_.get_ydata(), captured)
    assert gain.chance_level_.get_label() == "Chance level (Gini = 0)"
    lift = LiftCurveDisplay.from_predictions(y, score, pos_label=1)
    x, values, thresholds = gains.lift_curve(y, score)
    np.testing.assert_array_equal(lift.fraction_targeted, x)
    np.testing.assert_array_equal(lift.lift, values)
    np.testing.assert_array_equal(lift.line_.get_ydata(), values)
    summary = rankscore.ScoreSummary.from_arrays(y, score)
    assert lift.lift_at_10 == summary.lift_at(0.1)
    assert lift.chance_level_ is None


def test_display_kwargs_and_curve_kwargs_reach_the_line():
    display = RocCurveDisplay.from_predictions(
        Y6, S6, curve_kwargs={"color": "red", "linewidth": 5}, linestyle="--", lw=1,
        plot_chance_level=True, chance_level_kw={"color": "0.5", "label": "random"})
    line = display.line_
    assert same_color(line.get_color(), "red")
    assert (line.get_linewidth(), line.get_linestyle()) == (1, "--")  # kwargs win
    assert display.chance_level_.get_label() == "random"
    assert [t.get_text() for t in display.ax_.get_legend().get_texts()] == ["AUC = 0.78",
                                                                              "random"]


def test_display_plots_again_on_another_axes():
    display = CumulativeGainDisplay.from_predictions(Y6, S6, name="first")
    fig, ax = plt.subplots()
    again = display.plot(ax=ax, name="second", despine=True, color="C4")
    assert again is display and display.ax_ is ax
    assert display.line_.get_label() == "second (Gini = 0.56)"
    assert not ax.spines["top"].get_visible()


def test_display_from_arrays():
    fpr, tpr, _ = rankscore.roc_curve(Y6, S6)
    display = RocCurveDisplay(fpr=fpr, tpr=tpr).plot(color="b")
    assert display.line_.get_label() == "_child0"  # no name, no AUC: no legend entry
    assert display.ax_.get_legend() is None
    with pytest.raises(ValueError, match="prevalence_pos_label"):
        PrecisionRecallDisplay([1, 0.5], [0, 1]).plot(plot_chance_level=True)


def test_display_refuses_one_class():
    with pytest.raises(ValueError, match="no positive samples"):
        RocCurveDisplay.from_predictions([0, 0, 0], [0.1, 0.2, 0.3])


# --------------------------------------------------------------------------------------
# from_estimator: duck typing, and scikit-learn's displays agree
# --------------------------------------------------------------------------------------
class Scorer:
    """A fitted classifier as far as from_estimator cares, with no scikit-learn."""

    def __init__(self, classes, method):
        self.classes_ = np.array(classes)
        setattr(self, method, self._score)

    def _score(self, X):
        x = np.asarray(X, dtype=float)
        if hasattr(self, "predict_proba") and self.predict_proba == self._score:
            p = 1 / (1 + np.exp(-x))
            return np.column_stack([1 - p, p])
        return x


def test_from_estimator_duck_typed():
    y = np.array(["no", "yes", "no", "no", "yes", "yes"])
    for method in ("predict_proba", "decision_function"):
        display = RocCurveDisplay.from_estimator(Scorer(["no", "yes"], method), S6, y)
        assert display.pos_label == "yes"
        assert display.roc_auc == pytest.approx(rankscore.roc_auc_score(Y6, S6), abs=1e-15)
        assert display.line_.get_label() == "Scorer (AUC = 0.78)"
        # "no" as the positive class: the first column, the negated decision function
        display = RocCurveDisplay.from_estimator(Scorer(["no", "yes"], method), S6, y,
                                                 pos_label="no", name="flipped")
        assert display.roc_auc == pytest.approx(rankscore.roc_auc_score(1 - Y6, -S6), abs=1e-15)


def test_from_estimator_errors():
    with pytest.raises(AttributeError,
                       match="object has none of the following attributes: predict_proba, "
                             "decision_function"):
        RocCurveDisplay.from_estimator(object(), S6, Y6)
    with pytest.raises(ValueError, match="binary classifier. Got 3 classes"):
        RocCurveDisplay.from_estimator(Scorer([0, 1, 2], "decision_function"), S6, Y6)
    with pytest.raises(ValueError, match="pos_label=2 is not a valid label"):
        RocCurveDisplay.from_estimator(Scorer([0, 1], "decision_function"), S6, Y6, pos_label=2)
    with pytest.raises(ValueError, match="response_method must be"):
        RocCurveDisplay.from_estimator(Scorer([0, 1], "decision_function"), S6, Y6,
                                       response_method="predict")
    with pytest.raises(AttributeError, match="none of the following attributes: predict_proba"):
        RocCurveDisplay.from_estimator(Scorer([0, 1], "decision_function"), S6, Y6,
                                       response_method="predict_proba")


@pytest.mark.parametrize("ours, method", [
    (RocCurveDisplay, "predict_proba"), (RocCurveDisplay, "decision_function"),
    (PrecisionRecallDisplay, "predict_proba"), (PrecisionRecallDisplay, "decision_function"),
])
def test_from_estimator_equals_scikit_learn(ours, method):
    metrics = pytest.importorskip("sklearn.metrics")
    from sklearn.datasets import make_classification
    from sklearn.linear_model import LogisticRegression

    X, y = make_classification(n_samples=300, random_state=0)
    estimator = LogisticRegression().fit(X, y)
    theirs = getattr(metrics, ours.__name__).from_estimator(estimator, X, y,
                                                           response_method=method)
    display = ours.from_estimator(estimator, X, y, response_method=method)
    if ours is RocCurveDisplay:
        np.testing.assert_allclose(display.fpr, theirs.fpr, rtol=0, atol=1e-15)
        np.testing.assert_allclose(display.tpr, theirs.tpr, rtol=0, atol=1e-15)
        assert display.roc_auc == pytest.approx(theirs.roc_auc, abs=1e-12)
    else:
        np.testing.assert_allclose(display.precision, theirs.precision, rtol=0, atol=1e-15)
        np.testing.assert_allclose(display.recall, theirs.recall, rtol=0, atol=1e-15)
        assert display.average_precision == pytest.approx(theirs.average_precision, abs=1e-12)
    assert display.line_.get_label() == theirs.line_.get_label()
    assert display.ax_.get_xlabel() == theirs.ax_.get_xlabel()
