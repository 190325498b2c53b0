"""rankscore.spark on a local Spark session (two cores): every result equal to memory's.

The session starts once (the ``spark`` fixture of conftest.py). Executors' Python workers
run the kernels the autouse ``backend`` fixture picked (rankscore.spark passes the name
into each task). The data are small. The ROC AUC is counted by one task over every row
(one machine: local mode) or, as across machines, over score buckets (the ``auc_path``
fixture takes both ways), whose buckets are merged by one task or by several
(``auc._MAX_TASKS``), as they are on large data.
"""

import os
import pathlib
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest

import rankscore as rs
from rankscore import report

pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")
pd = pytest.importorskip("pandas")

import rankscore.spark as rsp  # noqa: E402
from rankscore.spark import auc, tasks  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore:PySpark does not yet fully support pandas")


@pytest.fixture(params=["one task", "buckets"])
def auc_path(request, monkeypatch):
    """The ROC AUC's two ways: one task over every row (the way on one machine of a few
    cores) and the score buckets dealt to merging tasks (the way across machines)."""
    if request.param == "buckets":
        monkeypatch.setattr(auc, "one_task", lambda df: False)
    return request.param


def _data(n=2000, seed=0, weighted=False, ties=True):
    rng = np.random.default_rng(seed)
    score = rng.random(n)
    if ties:
        score = np.round(score, 2)  # ~100 distinct scores: ties inside and across partitions
    y = (rng.random(n) < score).astype(np.int64)
    # dyadic weights: every sum is exact, so merging in any order gives the same bits
    weight = rng.integers(0, 64, n) / 16 if weighted else None
    return y, score, weight


def _frame(spark, y, s, w=None, partitions=5, **more):
    """A cached Spark DataFrame of the columns, cut in order into ``partitions`` slices."""
    columns = {"y": y, "s": s, **({"w": w} if w is not None else {}), **more}
    rows = list(zip(*(np.asarray(c).tolist() for c in columns.values())))
    schema = ", ".join(f"{name} {_type(np.asarray(c))}" for name, c in columns.items())
    df = spark.createDataFrame(spark.sparkContext.parallelize(rows, partitions), schema)
    return df.cache()  # the rows leave Python once, not in every job


def _type(column):
    return {"i": "bigint", "f": "double", "b": "boolean"}.get(column.dtype.kind, "string")


def test_import_rankscore_does_not_import_spark():
    code = "import sys, rankscore; print(any(m.split('.')[0] in ('pyspark', 'py4j')" \
           " for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={**os.environ})
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("weighted", [False, True])
def test_every_function_equals_memory(spark, weighted):
    y, s, w = _data(weighted=weighted)
    df = _frame(spark, y, s, w, partitions=6)
    kw, skw = {"sample_weight": w}, {"weight": "w" if weighted else None}
    cols = {"label": "y", "score": "s", **skw}
    assert rsp.score_summary(df, **cols) == rs.ScoreSummary.from_arrays(y, s, **kw)
    assert rsp.roc_auc_score(df, **cols) == rs.roc_auc_score(y, s, **kw)
    assert rsp.roc_auc_score(df, max_fpr=0.3, **cols) == rs.roc_auc_score(y, s, max_fpr=0.3,
                                                                          **kw)
    for ours, theirs in [(rsp.roc_curve(df, **cols), rs.roc_curve(y, s, **kw)),
                         (rsp.precision_recall_curve(df, **cols),
                          rs.precision_recall_curve(y, s, **kw))]:
        for a, b in zip(ours, theirs, strict=True):
            np.testing.assert_array_equal(a, b)
    assert rsp.average_precision_score(df, **cols) == rs.average_precision_score(y, s, **kw)
    assert rsp.ks_statistic(df, **cols) == rs.ks_statistic(y, s, **kw)
    ours, theirs = rsp.gain_table(df, n_groups=7, **cols), rs.gains.gain_table(y, s, 7, **kw)
    for column in theirs.column_names():
        np.testing.assert_array_equal(ours[column], theirs[column])
    assert rsp.binary_confusion(df, threshold=0.5, **cols) == rs.binary_confusion(
        y, s, threshold=0.5, **kw)
    t = float(s[0])  # a threshold at a score: strict moves it across
    assert rsp.binary_confusion(df, threshold=t, strict=True, **cols) == rs.binary_confusion(
        y, s, threshold=t, strict=True, **kw) != rs.binary_confusion(y, s, threshold=t, **kw)
    assert rsp.best_threshold(df, "youden", **cols) == rs.best_threshold(y, s, "youden", **kw)
    if not weighted:
        assert rsp.binary_report(df, label="y", score="s", threshold=0.4, n_groups=5) == \
            report.binary_report(y, s, threshold=0.4, n_groups=5)
        assert rsp.binary_report(df, label="y", score="s", threshold=t, strict=True) == \
            report.binary_report(y, s, threshold=t, strict=True)
        assert rsp.summary is rsp.score_summary


@pytest.mark.parametrize("one_task", [False, True])
def test_distinct_scores_and_float32(spark, monkeypatch, one_task, auc_path):
    y, s, _ = _data(n=3000, seed=1, ties=False)
    if one_task:  # every score bucket merged by one task
        monkeypatch.setattr(auc, "_MAX_TASKS", 1)
    df = _frame(spark, y, s, partitions=4)
    assert rsp.roc_auc_score(df, label="y", score="s") == rs.roc_auc_score(y, s)
    single = df.selectExpr("y", "cast(s as float) as s")
    assert rsp.roc_auc_score(single, label="y", score="s") == rs.roc_auc_score(
        y, s.astype(np.float32))
    assert rsp.score_summary(single, label="y", score="s") == rs.ScoreSummary.from_arrays(
        y, s.astype(np.float32))


def test_partitions_of_one_class_and_empty_partitions(spark, auc_path):
    y, s, _ = _data(seed=2)
    order = np.argsort(y, kind="stable")  # negatives first: every slice holds one class
    df = _frame(spark, y[order], s[order], partitions=7)
    assert rsp.score_summary(df, label="y", score="s") == rs.ScoreSummary.from_arrays(y, s)
    assert rsp.roc_auc_score(df, label="y", score="s") == rs.roc_auc_score(y, s)
    by_score = np.argsort(s, kind="stable")  # sorted by score: the filter empties slices
    kept = _frame(spark, y[by_score], s[by_score], partitions=6).where("s > 0.6")
    keep = s[by_score] > 0.6
    assert kept.rdd.glom().map(len).collect().count(0) >= 2
    assert rsp.roc_auc_score(kept, label="y", score="s") == rs.roc_auc_score(
        y[by_score][keep], s[by_score][keep])
    assert rsp.ks_statistic(kept, label="y", score="s") == rs.ks_statistic(
        y[by_score][keep], s[by_score][keep])
    with pytest.raises(ValueError, match="^the label column 'y' is empty"):
        rsp.roc_auc_score(kept.where("s > 2"), label="y", score="s")


def test_auc_over_score_buckets_equals_memory(spark, auc_path):
    """Scores of both signs across many binades (many buckets), zeros of both signs,
    infinitesimal and huge ones, ties inside and across partitions and buckets."""
    rng = np.random.default_rng(8)
    n = 4000
    s = rng.standard_normal(n) * 10.0 ** rng.integers(-300, 300, n)
    s[rng.random(n) < 0.2] = 0.25  # one value tied across partitions
    s[:50], s[50:100] = 0.0, -0.0
    s[100:110] = [5e-324, -5e-324, 1.0, np.nextafter(1.0, 0), np.nextafter(1.0, 2), 2.0,
                  np.nextafter(2.0, 0), -1.0, np.nextafter(-1.0, 0), 1e308]
    y = (rng.random(n) < 0.3).astype(np.int64)
    df = _frame(spark, y, s, partitions=6)
    assert rsp.roc_auc_score(df, label="y", score="s") == rs.roc_auc_score(y, s)
    flipped = df.selectExpr("y", "-s as s")
    assert rsp.roc_auc_score(flipped, label="y", score="s") == rs.roc_auc_score(y, -s)


def test_score_bucket_lists_round_trip():
    """A class's distinct keys and counts come back from their wire form as they went:
    counts of 1 (left out), small and large counts."""
    keys = np.sort(auc.score_keys(np.random.default_rng(9).standard_normal(1000)))
    for counts in (np.ones(1000, dtype=np.int64), np.arange(1, 1001),
                   np.full(1000, 2**40)):
        data = b"".join(auc._encoded(keys, counts))
        got_keys, got_counts, end = auc._decoded(memoryview(data), 0)
        np.testing.assert_array_equal(got_keys, keys)
        np.testing.assert_array_equal(got_counts, counts)
        assert end == len(data)


def test_text_labels_and_bool_labels(spark):
    y, s, w = _data(seed=3, weighted=True)
    text = np.where(y == 1, "spam", "ham")
    df = _frame(spark, y, s, w, t=text, b=y == 1)
    assert rsp.roc_auc_score(df, label="t", score="s", pos_label="spam") == rs.roc_auc_score(
        text == "spam", s)
    assert rsp.score_summary(df, label="b", score="s", weight="w") == \
        rs.ScoreSummary.from_arrays(y == 1, s, sample_weight=w)
    with pytest.raises(ValueError, match="the label column 't' takes value in .* pos_label"):
        rsp.roc_auc_score(df, label="t", score="s")



@pytest.mark.parametrize("pos_label", ["spam", b"spam"])
def test_binary_labels_are_text_as_memory_reads_bytes(spark, auc_path, pos_label):
    # a binary label column was refused ("must hold numbers, booleans or strings, got
    # binary") where memory reads bytes labels as the UTF-8 text they encode
    y, s, w = _data(n=200, seed=4, weighted=True)
    labels = np.where(y == 1, b"spam", b"ham").astype(object)
    rows = spark.sparkContext.parallelize(list(zip(labels.tolist(), s.tolist(),
                                                   w.tolist(), [i % 2 for i in range(200)])), 3)
    df = spark.createDataFrame(rows, "y binary, s double, w double, g bigint").cache()
    assert rsp.roc_auc_score(df, label="y", score="s", pos_label=pos_label) == \
        rs.roc_auc_score(y, s)
    assert rsp.score_summary(df, label="y", score="s", weight="w", pos_label=pos_label) == \
        rs.ScoreSummary.from_arrays(labels, s, sample_weight=w, pos_label=pos_label)
    assert rsp.binary_confusion(df, label="y", score="s", threshold=0.5,
                                pos_label=pos_label) == \
        rs.binary_confusion(labels, s, threshold=0.5, pos_label=pos_label)
    table = rsp.group_metrics(df, label="y", score="s", by="g", pos_label=pos_label)
    expected = rs.group_metrics(labels, s, np.arange(200) % 2, pos_label=pos_label).to_pandas()
    assert table["roc_auc"].tolist() == expected["roc_auc"].tolist()
    kind, message = _error(lambda: rs.ks_statistic(labels, s))  # (each partition says)
    with pytest.raises(kind) as caught:
        rsp.ks_statistic(df, label="y", score="s")
    shown = str(caught.value).replace("the label column 'y'", "y_true")
    assert re.sub(r"^partition \d: ", "", shown) == message


def test_one_class_in_the_data_is_the_memory_warning(spark, auc_path):
    df = _frame(spark, np.zeros(50, dtype=np.int64), np.linspace(0, 1, 50), partitions=3)
    with pytest.warns(rs.UndefinedMetricWarning, match="Only one class is present"):
        assert np.isnan(rsp.roc_auc_score(df, label="y", score="s"))


def _same_table(ours, theirs):
    """Spark's table equals memory's: the same keys and the same metrics, bit for bit."""
    assert list(ours.columns) == list(theirs.columns)
    assert len(ours) == len(theirs)
    for column in theirs.columns:
        a, b = ours[column].to_numpy(), theirs[column].to_numpy()
        if b.dtype.kind == "f":
            np.testing.assert_array_equal(a.astype(np.float64), b)
        else:
            assert [None if v is None or v != v else v for v in a.tolist()] == \
                [None if v is None or v != v else v for v in b.tolist()]


@pytest.mark.parametrize("weighted", [False, True])
def test_group_metrics_equal_memory(spark, weighted):
    y, s, w = _data(n=3000, seed=4, weighted=weighted)
    rng = np.random.default_rng(4)
    region = rng.choice(["north", "south", "east"], len(y))
    day = rng.integers(0, 9, len(y))
    y[(region == "east") & (day == 3)] = 0  # a group of one class
    df = _frame(spark, y, s, w, partitions=5, region=region, day=day)
    with pytest.warns(rs.UndefinedMetricWarning, match=r"group \('east', 3\) holds only "
                                                       r"negatives"):
        ours = rsp.group_metrics(df, label="y", score="s", by=["region", "day"],
                                 weight="w" if weighted else None)
    frame = pd.DataFrame({"region": region, "day": day})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = rs.group_metrics(y, s, frame, sample_weight=w).to_pandas()
    _same_table(ours, theirs)
    east3 = (region == "east") & (day == 3)
    row = ours[(ours.region == "north") & (ours.day == 5)].iloc[0]
    keep = (region == "north") & (day == 5)
    assert row.roc_auc == rs.roc_auc_score(y[keep], s[keep], sample_weight=None if w is None
                                           else w[keep])
    assert ours[(ours.region == "east") & (ours.day == 3)].negatives.iloc[0] == (
        east3.sum() if w is None else w[east3].sum())
    with pytest.raises(ValueError, match=r"group \('east', 3\) holds only negatives"):
        rsp.group_metrics(df, label="y", score="s", by=["region", "day"], one_class="raise")


def test_group_metrics_null_keys_and_one_key(spark):
    y, s, _ = _data(n=600, seed=5)
    rng = np.random.default_rng(5)
    key = rng.choice(["a", "b", None], len(y)).astype(object)
    df = _frame(spark, y, s, k=key)
    ours = rsp.group_metrics(df, label="y", score="s", by="k")
    theirs = rs.group_metrics(y, s, pd.Series(key, name="k")).to_pandas()
    _same_table(ours, theirs)
    assert ours.k.tolist()[:2] == ["a", "b"] and pd.isna(ours.k.iloc[2])  # the null key last


def _error(call):
    with pytest.raises((ValueError, TypeError)) as caught:
        call()
    return caught.type, str(caught.value).replace("the label column 'y'", "y_true")


@pytest.mark.parametrize("labels", [[0, 1, 0, 1, -1, 1, -1, 1], [0, 0, 0, 0, -1, -1, 1, 1]])
def test_labels_of_all_partitions_are_checked_as_in_memory(spark, auc_path, labels):
    """Without pos_label the labels of all rows must lie within {0, 1} or {-1, 1}, though
    each partition's do: memory's error (the column named), on every path."""
    y, s, w = np.array(labels), np.arange(8.0), np.ones(8)
    df = _frame(spark, y, s, w, partitions=2, k=np.arange(8) % 2)
    expected = _error(lambda: rs.ScoreSummary.from_arrays(y, s))
    assert "multiclass format is not supported" in expected[1]
    for call in (rsp.score_summary, rsp.roc_auc_score, rsp.ks_statistic):
        assert _error(lambda: call(df, label="y", score="s")) == expected
    assert _error(lambda: rsp.roc_auc_score(df, label="y", score="s", weight="w")) == expected
    assert _error(lambda: rsp.group_metrics(df, label="y", score="s", by="k")) == expected
    assert rsp.score_summary(df, label="y", score="s", pos_label=1) == \
        rs.ScoreSummary.from_arrays(y, s, pos_label=1)


@pytest.mark.parametrize("labels, pos_label, shown", [
    ([-1, 1, -1, 1, 1, 2, 1, 2], 1, "-1, 1, 2"), ([-1, 1, -1, 1, 1, 2, 1, 2], 2, "-1, 1, 2"),
    (["a", "b", "a", "b", "b", "c", "b", "c"], "b", "'a', 'b', 'c'"),
    ([0, 2, 0, 2, 2, 0, 2, 0], 1, None),  # pos_label neither of two classes: memory's error
    ([True, False, True, True, False, False, True, False], 2, None),  # (bools: 0.0 was
])                                                                    # returned)
def test_average_precision_checks_the_classes_of_all_rows(spark, labels, pos_label, shown):
    y, s = np.array(labels), np.arange(8.0)
    df = _frame(spark, y, s, partitions=2)
    expected = _error(lambda: rs.average_precision_score(y, s, pos_label=pos_label))
    if shown is not None:
        expected = (ValueError, f"y_true holds three classes or more ({shown}, …); "
                    "average_precision_score of one column of scores takes two (scikit-learn's"
                    " rule, with pos_label too): pass y_true == the positive class to score "
                    "it against the rest")
    assert _error(lambda: rsp.average_precision_score(
        df, label="y", score="s", pos_label=pos_label)) == expected
    two = np.where(y == y[0], y[0], pos_label)  # two classes: memory's number
    df = _frame(spark, two, s, partitions=2)
    assert rsp.average_precision_score(df, label="y", score="s", pos_label=pos_label) == \
        rs.average_precision_score(two, s, pos_label=pos_label)


@pytest.mark.parametrize("pos_label", [7, "1"])
def test_binary_confusion_refuses_a_pos_label_as_memory_does(spark, pos_label):
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    df = _frame(spark, y, s, partitions=2)
    expected = _error(lambda: rs.binary_confusion(y, s, threshold=0.5, pos_label=pos_label))
    assert _error(lambda: rsp.binary_confusion(df, label="y", score="s", threshold=0.5,
                                               pos_label=pos_label)) == expected


def test_group_metrics_groups_equal_keys_from_different_partitions(spark):
    y, s = np.array([0, 1, 0, 1]), np.array([0.1, 0.4, 0.35, 0.8])
    df = _frame(spark, y, s, partitions=2, k=np.array([-0.0, -0.0, 0.0, 0.0]))
    table = rsp.group_metrics(df, label="y", score="s", by="k")
    assert table["k"].tolist() == [0.0] and table["positives"].tolist() == [2]


def test_boolean_scores_and_weights_and_decimal_labels(spark):
    # boolean score and weight columns were refused ("must hold numbers"), which memory
    # reads as 0 and 1; decimal labels, refused by every partition, are refused at once
    y, s, w = [0, 1, 0, 1, 1, 0], [False, True, True, True, False, False], \
        [True, True, False, True, True, True]
    df = spark.createDataFrame(list(zip(y, s, w)), "y bigint, s boolean, w boolean")
    assert rsp.roc_auc_score(df, label="y", score="s") == rs.roc_auc_score(y, s)
    assert rsp.roc_auc_score(df, label="y", score="s", weight="w") == \
        rs.roc_auc_score(y, s, sample_weight=w)
    from decimal import Decimal
    decimals = spark.createDataFrame([(Decimal("0"), 0.1), (Decimal("1"), 0.9)],
                                     "y decimal(3,0), s double")
    with pytest.raises(TypeError, match="^the label column 'y' must hold numbers, booleans or"
                                        " strings, got decimal\\(3,0\\)$"):
        rsp.roc_auc_score(decimals, label="y", score="s")



def test_decimal_scores_of_more_than_15_digits_are_read_as_memory_reads_decimals(spark):
    # decimal(38,20) and the decimal(38,18) Spark infers from Python Decimals were refused
    # (a decimal wider than 15 digits may share its double with another); now one more job
    # looks for two distinct values of one double, and memory's answer or error follows
    from decimal import Decimal
    y = [0, 1, 0, 1, 0, 1]
    wide = [Decimal("0.1"), Decimal("0.4"), Decimal("0.05"), Decimal("0.10000000000000000001"),
            Decimal("0.2"), Decimal("0.9")]
    with pytest.raises(ValueError, match="cannot tell apart"):
        rs.roc_auc_score(y, np.array(wide, dtype=object))
    rows = spark.sparkContext.parallelize(list(zip(y, wide)), 2)
    df = spark.createDataFrame(rows, "y bigint, s decimal(38,20)")
    # (0.1 in the first partition, 0.1 + 1e-20 in the second: each partition alone is fine)
    message = (r"^the score column 's' holds 0\.10000000000000000000 and "
               r"0\.10000000000000000001, which float64 cannot tell apart")
    with pytest.raises(ValueError, match=message):
        rsp.roc_auc_score(df, label="y", score="s")
    with pytest.raises(ValueError, match=message):
        rsp.group_metrics(df.selectExpr("*", "1 as k"), label="y", score="s", by="k")
    with pytest.raises(ValueError, match=message):
        rsp.score_summary(df, label="y", score="s")
    # as weights, decimals only round (memory rounds them too)
    assert rsp.roc_auc_score(df, label="y", score="y", weight="s") == \
        rs.roc_auc_score(y, y, sample_weight=np.array(wide, dtype=object))
    # 17 digits where two roundings (the integer's double over 10**17) miss the nearest
    # double: scores, thresholds and weights are the nearest doubles, as float(Decimal)
    close = [Decimal("0.92030920993190389"), Decimal("0.78057710105581731"),
             Decimal("0.64708321257442331"), Decimal("0.50000000000000001"),
             Decimal("0.10000000000000000"), Decimal("0.30000000000000004")]
    assert float(close[0]) != 92030920993190389 / 1e17
    df = spark.createDataFrame(spark.sparkContext.parallelize(list(zip(y, close)), 3),
                               "y bigint, s decimal(38,18)")
    memory = np.array(close, dtype=object)
    assert rsp.roc_auc_score(df, label="y", score="s") == rs.roc_auc_score(y, memory)
    summary = rsp.score_summary(df, label="y", score="s")
    assert summary.thresholds.tolist() == sorted({float(d) for d in close}, reverse=True)
    assert summary == rs.ScoreSummary.from_arrays(y, memory)
    table = rsp.group_metrics(df.selectExpr("*", "1 as k"), label="y", score="s", by="k")
    assert table["roc_auc"].tolist() == [rs.roc_auc_score(y, memory)]
    assert table["ks_threshold"].tolist() == [rs.ks_statistic(y, memory).threshold]
    weighted = rsp.score_summary(df, label="y", score="s", weight="s")
    assert weighted == rs.ScoreSummary.from_arrays(y, memory, sample_weight=memory)
    short = [Decimal("0.1"), Decimal("0.4"), Decimal("0.35"), Decimal("0.8"), Decimal("0.2"),
             Decimal("0.9")]
    df = spark.createDataFrame(list(zip(y, short)), "y bigint, s decimal(15,2)")
    assert rsp.roc_auc_score(df, label="y", score="s") == \
        rs.roc_auc_score(y, np.array(short, dtype=object))


def test_zero_weights_do_not_hide_nan_scores(spark):
    y, s = np.array([0, 1, 0, 1, 0, 1, 0, 1]), np.arange(8.0)
    w = np.array([0.0, 0, 0, 0, 1, 1, 1, 1])
    df = _frame(spark, y, s, w, partitions=2).selectExpr(
        "y", "w", "case when s = 1 then double('NaN') else s end as s")
    with pytest.raises(ValueError, match=r"^partition 1: the score column 's' contains NaN"):
        rsp.roc_auc_score(df, label="y", score="s", weight="w")
    zero = _frame(spark, y, s, np.zeros(8), partitions=2)  # all zero: memory's summary
    assert rsp.score_summary(zero, label="y", score="s", weight="w") == \
        rs.ScoreSummary.from_arrays(y, s, sample_weight=np.zeros(8))


def test_errors_are_one_line(spark):
    y, s, _ = _data(n=100, seed=6)
    df = _frame(spark, y, s, t=np.where(y == 1, "a", "b"))
    cases = [
        (dict(label="y", score="nope"), ValueError,
         "the DataFrame has no column 'nope' (the score column); its columns: y, s, t"),
        (dict(label="y", score="t"), TypeError,
         "the score column 't' must hold numbers, got string"),
    ]
    for kwargs, kind, message in cases:
        with pytest.raises(kind) as info:
            rsp.roc_auc_score(df, **kwargs)
        assert str(info.value) == message
    listed = df.selectExpr("y", "array(s, s) as s")
    with pytest.raises(TypeError, match="^the score column 's' must hold numbers, got "
                                        "array<double>$"):
        rsp.roc_auc_score(listed, label="y", score="s")
    with pytest.raises(TypeError, match="df must be a Spark DataFrame"):
        rsp.roc_auc_score(pd.DataFrame({"y": y, "s": s}), label="y", score="s")
    nan = df.selectExpr("y", "case when s > 0.9 then double('NaN') else s end as s")
    first = int(np.flatnonzero(s > 0.9)[0])  # one task reads the rows in order: memory's index
    with pytest.raises(ValueError, match=rf"^the score column 's' contains NaN \(first at "
                                         rf"index {first}\)$"):
        rsp.roc_auc_score(nan, label="y", score="s")
    with pytest.raises(ValueError, match=r"^partition \d+: the score column 's' contains "
                                         r"NaN \(first at index \d+\)$"):
        rsp.roc_auc_score(nan, label="y", score="s", max_fpr=0.5)
    null = df.selectExpr("y", "t", "case when s > 0.9 then null else s end as s")
    with pytest.raises(ValueError, match=r"^partition \d+: the score column 's' holds \d+ "
                                         r"null value\(s\)$"):
        rsp.group_metrics(null, label="y", score="s", by="t")
    with pytest.raises(ValueError, match="by names 's', which is also the score column"):
        rsp.group_metrics(df, label="y", score="s", by=["t", "s"])
    negative = df.selectExpr("y", "s", "s - 0.5 as w")
    with pytest.raises(ValueError, match="the weight column 'w'"):
        rsp.roc_auc_score(negative, label="y", score="s", weight="w")


def test_the_guide_page_runs(spark, backend):
    if backend == "python":
        pytest.skip("the page runs once, on the compiled kernels")
    page = pathlib.Path(__file__).parent.parent / "docs" / "guide" / "spark.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) == 3
    namespace = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for block in blocks:
            exec(compile(block, str(page), "exec"), namespace)  # noqa: S102
    assert namespace["report"]["ranking"]["roc_auc"] == namespace["auc"]
    assert len(namespace["table"]) == 6


def test_the_map_in_arrow_path_gives_the_same(spark, monkeypatch):
    """Where the JVM's Arrow batches cannot be reached (Spark Connect), mapInArrow does the
    partitions' work: the same results, the same errors."""
    monkeypatch.setattr(tasks, "_ARROW_BYTES", False)
    y, s, w = _data(n=800, seed=7, weighted=True)
    df = _frame(spark, y, s, w, partitions=3, k=np.arange(len(y)) % 4)
    assert rsp.score_summary(df, label="y", score="s", weight="w") == \
        rs.ScoreSummary.from_arrays(y, s, sample_weight=w)
    _same_table(rsp.group_metrics(df, label="y", score="s", by="k"),
                rs.group_metrics(y, s, pd.Series(np.arange(len(y)) % 4, name="k")).to_pandas())
    nan = df.selectExpr("y", "case when s > 0.9 then double('NaN') else s end as s")
    with pytest.raises(ValueError, match=r"^partition \d+: the score column 's' contains NaN"):
        rsp.roc_auc_score(nan, label="y", score="s")


def test_group_metrics_integer_keys_with_nulls_stay_integers(spark):
    # pandas made the key column of integers and nulls float64: 2**53 + 1 showed as 2**53,
    # two rows keyed alike
    big = 2**53
    key = np.array([big + 1, big, None, 7] * 25, dtype=object)
    y, s, _ = _data(n=100, seed=8)
    rows = spark.sparkContext.parallelize(list(zip(y.tolist(), s.tolist(), key.tolist())), 3)
    df = spark.createDataFrame(rows, "y bigint, s double, k bigint")
    ours = rsp.group_metrics(df, label="y", score="s", by="k")
    theirs = rs.group_metrics(y, s, pd.Series(key, name="k")).to_pandas()
    _same_table(ours, theirs)
    assert ours.k.tolist()[:3] == [7, big, big + 1] and ours.k.iloc[3] is None


@pytest.mark.parametrize("kind, values", [
    ("array<int>", [[1], [2], None]), ("map<int,int>", [{1: 2}, {3: 4}, None]),
    ("struct<a:int,b:string>", [(1, "a"), (2, "b"), None]),
])
def test_group_metrics_refuses_nested_keys_naming_the_column(spark, kind, values):
    # the executors failed on them with "partition 1: unhashable type: 'list'"
    rows = [(i % 2, i / 10, values[i % 3]) for i in range(9)]
    df = spark.createDataFrame(rows, f"y int, s double, k {kind}")
    with pytest.raises(TypeError, match=rf"^the by column 'k' has type {re.escape(kind)}: a "
                                        "group key is one value"):
        rsp.group_metrics(df, label="y", score="s", by="k")


def test_group_metrics_refuses_a_key_named_as_a_metric(spark):
    # the metric column replaced the key column of the table
    df = spark.createDataFrame([(i % 2, i / 10, i % 3) for i in range(9)],
                               "y int, s double, positives int")
    with pytest.raises(ValueError, match="^the key column 'positives' has the name of a "
                                         "metric column of the table"):
        rsp.group_metrics(df, label="y", score="s", by="positives")


def test_group_metrics_error_of_a_merge_is_one_line(spark):
    # each partition's weights fit a summary, a group's together do not: the merging task
    # raised, and the user got the executor's Python traceback inside a JVM stack trace
    rows = [(i % 2, i / 10, 1, 3e307) for i in range(4)]
    df = spark.createDataFrame(spark.sparkContext.parallelize(rows, 4),
                               "y int, s double, k int, w double")
    parts = [rs.ScoreSummary.from_arrays([i % 2], [i / 10], sample_weight=[3e307])
             for i in range(4)]
    with pytest.raises(ValueError) as merged:
        rs.ScoreSummary.merge_all(parts)
    with pytest.raises(ValueError) as caught:
        rsp.group_metrics(df, label="y", score="s", by="k", weight="w")
    assert str(caught.value) == f"group 1: {merged.value}"
