"""rankscore.group_metrics: each row equals the in-memory functions on that group's rows."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs

pd = pytest.importorskip("pandas")


def _expected(y, s, w, rows):
    """(positives, negatives, roc_auc, average_precision, ks) of the rows ``rows``."""
    yy, ss = y[rows], s[rows]
    ww = None if w is None else w[rows]
    if ww is not None and not ww.any():  # no weight: no sample to score
        return 0, 0, np.nan, np.nan, np.nan, np.nan
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ks = rs.ks_statistic(yy, ss, sample_weight=ww)
        return ((yy == 1).sum() if ww is None else ww[yy == 1].sum(),
                (yy == 0).sum() if ww is None else ww[yy == 0].sum(),
                rs.roc_auc_score(yy, ss, sample_weight=ww),
                rs.average_precision_score(yy, ss, sample_weight=ww), ks.statistic,
                ks.threshold)


def _check(table, y, s, w, keys):
    for i in range(len(table)):
        rows = np.ones(len(y), dtype=bool)
        for name, key in keys.items():
            value = table[name][i]
            rows &= (key == value) if value == value else np.isnan(key)
        got = tuple(table[c][i] for c in ("positives", "negatives", "roc_auc",
                                          "average_precision", "ks", "ks_threshold"))
        np.testing.assert_array_equal(got, _expected(y, s, w, rows))


@given(st.integers(1, 300), st.integers(1, 6), st.booleans(), st.integers(0, 2**31 - 1))
def test_rows_equal_the_functions_on_each_group(n, n_keys, weighted, seed):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(np.int64)
    s = np.round(rng.random(n), 1)  # ties within groups
    w = rng.integers(0, 4, n) / 2 if weighted else None
    key = rng.integers(0, n_keys, n)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table = rs.group_metrics(y, s, key, sample_weight=w)
    assert table["group"].tolist() == sorted(set(key.tolist()))
    _check(table, y, s, w, {"group": key})


def test_several_keys_of_several_kinds():
    rng = np.random.default_rng(1)
    n = 2000
    y = rng.random(n) < 0.3
    s = rng.normal(size=n) + y
    region = rng.choice(np.array(["north", "south"], dtype=object), n)
    score_band = rng.choice([0.5, 1.5, np.nan], n)
    frame = pd.DataFrame({"region": region, "band": score_band})
    table = rs.group_metrics(y, s, frame)
    assert table.key_names == ("region", "band")
    assert len(table) == 6
    assert table["region"].tolist() == ["north"] * 3 + ["south"] * 3
    assert np.isnan(table["band"][2]) and table["band"][:2].tolist() == [0.5, 1.5]
    _check(table, y.astype(int), s, None, {"region": region, "band": score_band})
    assert table.to_pandas().shape == (6, 9)
    assert "region" in str(table) and "roc_auc" in repr(table)


@pytest.mark.parametrize("by", [
    [1, "1", 1, "1", 1, "1"], (1, "1", 1, "1", 1, "1"),
    pd.Series([1, "1", 1, "1", 1, "1"]), np.array([1, "1", 1, "1", 1, "1"], dtype=object),
])
def test_keys_of_several_types_stay_distinct(by):
    # a list mixing 1 and "1" used to become one group "1" (NumPy makes the list all str)
    y = [0, 1, 1, 0, 1, 0]
    s = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    table = rs.group_metrics(y, s, by=by)
    assert table["group"].tolist() == [1, "1"]  # int before str: by type name
    assert [type(k) for k in table["group"].tolist()] == [int, str]
    assert table["positives"].tolist() == [2, 1] and table["negatives"].tolist() == [1, 2]
    assert table["roc_auc"].tolist() == [1.0, 0.0]
    two = rs.group_metrics(y, s, by=[list(by), ["a"] * 6])
    assert two["group"].tolist() == [1, "1"] and two["roc_auc"].tolist() == [1.0, 0.0]
    # printed apart too: the str key quoted where the column holds other types
    assert [line.split()[0] for line in str(table).splitlines()] == ["group", "1", "'1'"]
    assert "'a'" not in str(two)  # a column of str keys only: as they are


def test_keys_of_one_type_keep_their_dtype():
    y = [0, 1, 1, 0]
    s = [0.1, 0.2, 0.3, 0.4]
    assert rs.group_metrics(y, s, by=["a", "b", "a", "b"])["group"].dtype == np.dtype("<U1")
    assert rs.group_metrics(y, s, by=[b"x", b"y", b"x", b"y"])["group"].tolist() == [b"x", b"y"]
    assert rs.group_metrics(y, s, by=["1", 1.5, "1", 1.5])["group"].tolist() == [1.5, "1"]


def test_text_labels_need_pos_label_once():
    y = np.array(["ham", "spam", "ham", "spam", "ham", "ham"])
    s = [0.1, 0.9, 0.4, 0.3, 0.2, 0.8]
    table = rs.group_metrics(y, s, by=[1, 1, 1, 2, 2, 2], pos_label="spam")
    assert table["roc_auc"].tolist() == [1.0, 0.5]
    with pytest.raises(ValueError, match="pos_label"):
        rs.group_metrics(y, s, by=[1, 1, 1, 2, 2, 2])


def test_groups_of_one_class_warn_or_raise_naming_them():
    y = [0, 0, 1, 1, 0, 1]
    s = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    by = ["a", "a", "b", "b", "c", "c"]
    with pytest.warns(rs.UndefinedMetricWarning, match=r"2 of 3 groups hold one class only.*"
                      r"group 'a' holds only negatives \(2\); group 'b' holds only "
                      r"positives \(2\)"):
        table = rs.group_metrics(y, s, by)
    assert np.isnan(table["roc_auc"][:2]).all() and table["roc_auc"][2] == 1.0
    assert table["average_precision"][:2].tolist() == [0.0, 1.0]  # as in memory
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rs.group_metrics(y, s, by, one_class="nan")
    with pytest.raises(ValueError, match="group 'a' holds only negatives"):
        rs.group_metrics(y, s, by, one_class="raise")
    with pytest.raises(ValueError, match="one_class must be one of"):
        rs.group_metrics(y, s, by, one_class="ignore")


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="by has 2 rows, y_true has 3"):
        rs.group_metrics([0, 1, 0], [0.1, 0.2, 0.3], by=["a", "b"])
    with pytest.raises(ValueError, match="y_score contains NaN"):
        rs.group_metrics([0, 1], [0.1, np.nan], by=["a", "b"])
    with pytest.raises(ValueError, match="by must be one key column"):
        rs.group_metrics([0, 1], [0.1, 0.2], by=np.zeros((2, 2)))
    with pytest.raises(KeyError, match="'nope' is not a column"):
        rs.group_metrics([0, 1], [0.1, 0.2], by=["a", "a"])["nope"]


@pytest.mark.parametrize("dtype", ["string", "Int64", "boolean", "object"])
def test_missing_keys_of_nullable_dtypes_come_last(dtype):
    # pandas' NA was no missing key: it sorted first (by its type's name), as a key
    values = {"string": ["b", "a", None, "a"], "Int64": [2, 1, None, 1],
              "boolean": [True, False, None, False], "object": ["b", "a", None, "a"]}[dtype]
    keys = pd.array(values, dtype=dtype) if dtype != "object" else np.array(values, object)
    y, s = [0, 1, 1, 0], [0.2, 0.7, 0.4, 0.3]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rs.UndefinedMetricWarning)
        table = rs.group_metrics(y, s, pd.Series(keys, name="k")).to_pandas()
    present = sorted(v for v in values if v is not None)
    assert table["k"].tolist()[:2] == list(dict.fromkeys(present))
    assert pd.isna(table["k"].iloc[-1]) and len(table) == 3
    assert table["positives"].tolist() == [1, 0, 1]


@pytest.mark.parametrize("dtype", ["Int64", "UInt64", "int64[pyarrow]"])
def test_nullable_integer_keys_stay_integers(dtype):
    # pandas made a nullable integer column with a missing value float64: 2**53 and
    # 2**53 + 1 became one group keyed 9.007e15
    if dtype.endswith("[pyarrow]"):
        pytest.importorskip("pyarrow")
    big = 2**53
    keys = pd.Series([big + 1, big, None, big + 1, big, 7], dtype=dtype, name="k")
    y, s = [0, 1, 1, 1, 0, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rs.UndefinedMetricWarning)
        table = rs.group_metrics(y, s, keys)
    assert table["k"].tolist()[:3] == [7, big, big + 1]
    assert [type(k) for k in table["k"].tolist()[:3]] == [int] * 3
    assert table["k"][3] is None and len(table) == 4  # (as Dask and Spark give it)
    assert table["positives"].tolist() == [0, 1, 1, 1]
    assert table["negatives"].tolist() == [1, 1, 1, 0]
    assert table["roc_auc"][2] == rs.roc_auc_score([0, 1], [0.1, 0.4])


def test_keys_of_several_types_are_ordered_by_value_within_a_type():
    # the integers were ordered by their repr: 10 before 2 before 9
    by = np.array([10, 9, "b", 2, 10, "a", 9, 2], dtype=object)
    y, s = [0, 1, 1, 0, 1, 0, 0, 1], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rs.UndefinedMetricWarning)
        table = rs.group_metrics(y, s, by)
    assert table["group"].tolist() == [2, 9, 10, "a", "b"]
    assert table["positives"].tolist() == [1, 1, 1, 0, 1]


def test_a_nan_of_any_type_is_a_missing_key():
    # a NaN other than a Python float was a key of its own: each np.float32 NaN object a
    # group (first or last as the sort fell), and Decimal("NaN") raised InvalidOperation
    from decimal import Decimal

    y, s = [0, 1, 1, 0, 1, 0], [0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    signaling = lambda _: Decimal("sNaN")  # noqa: E731 (its != raised, its hash too:
    for nan, one in [(np.float32, np.float32), (Decimal, Decimal),  # "Cannot hash a
                     (signaling, Decimal)]:                        # signaling NaN value")
        by = np.array([nan("nan"), one(1), nan("nan"), one(1), nan("nan"), None],
                      dtype=object)
        table = rs.group_metrics(y, s, by)
        assert table["group"][0] == 1 and rs.groups.is_missing(table["group"][1])
        assert table["positives"].tolist() == [1, 2] and len(table) == 2
        assert table["roc_auc"].tolist() == [0.0, rs.roc_auc_score([0, 1, 1, 0],
                                                                   [0.1, 0.3, 0.5, 0.6])]


def test_float_keys_print_in_full():
    # keys were printed to 6 digits, as the metrics: 1.0000001 and 1.0000002 both "1",
    # 20240101.0 and 20240102.0 both "2.02401e+07"
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    for a, b in [(1.0000001, 1.0000002), (20240101.0, 20240102.0)]:
        table = rs.group_metrics(y, s, [a, b, b, a], one_class="nan")
        shown = [line.split()[0] for line in str(table).splitlines()[1:]]
        assert shown == [repr(a), repr(b)]
        assert [float(v) for v in shown] == table["group"].tolist()
    weighted = rs.group_metrics(y, s, [1, 1, 2, 2], sample_weight=[1 / 3] * 4)
    assert str(weighted).splitlines()[1].split()[1] == "0.333333"  # metrics: 6 digits


@pytest.mark.parametrize("name", ["positives", "roc_auc", "ks"])
def test_a_key_named_as_a_metric_is_refused(name):
    # the metric column replaced the key column: the table lost its keys, and a key
    # column named "roc_auc" showed the AUCs under the key's name
    keys = pd.DataFrame({name: ["a", "a", "b", "b"], "day": [1, 2, 1, 2]})
    for by in (keys, keys[name]):
        with pytest.raises(ValueError, match=rf"^the key column '{name}' has the name of a "
                                             "metric column of the table"):
            rs.group_metrics([0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4], by)


def test_key_columns_named_alike_keep_distinct_names():
    # two columns "k" became "k_0" and "k_1", and a third column "k_1" replaced the second
    y, s = [0, 1, 0, 1], [0.1, 0.2, 0.3, 0.4]
    by = [pd.Series(["a", "a", "b", "b"], name="k"), pd.Series([1, 2, 1, 2], name="k"),
          pd.Series(["x", "x", "x", "y"], name="k_1")]
    table = rs.group_metrics(y, s, by, one_class="nan")
    assert len(set(table.key_names)) == 3 and table.key_names[2] == "k_1"
    assert table.key_names[0] == "k_0"
    assert [table[name].tolist() for name in table.key_names] == [
        ["a", "a", "b", "b"], [1, 2, 1, 2], ["x", "x", "x", "y"]]
    assert table.to_pandas().shape == (4, 10)
