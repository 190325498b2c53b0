"""Tests of rankscore.rankings against SPEC §1 (every test runs on both backends)."""

import copy
import itertools
import math
import pickle
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, strategies as st

import rankscore
from rankscore import Ranking, ranking_score, rk
from rankscore.rankings import (count_rankings, enumerate_rankings, ranking_score_exact,
                                ranking_score_many, RankingSet, RankingSetTooLargeError,
                                tied_rankings)
from rankscore import _backend


# --- strategies -------------------------------------------------------------------------


@st.composite
def ranking_strings(draw, max_p=80):
    p = draw(st.integers(1, max_p))
    body = draw(st.lists(st.sampled_from("x-"), min_size=p - 1, max_size=p - 1))
    return "".join(body) + "x"


@st.composite
def position_vectors(draw):
    """Random positions, shuffled, sometimes with a huge p."""
    k = draw(st.integers(1, 30))
    top = draw(st.sampled_from([k, 2 * k, 100, 10**6, 2**32]))
    top = max(top, k)
    values = draw(st.lists(st.integers(1, top), min_size=k, max_size=k, unique=True))
    return draw(st.permutations(values))


# --- SPEC §1.2 representation -----------------------------------------------------------


def test_string_attributes_and_printed_form():
    r = Ranking("xx--x")
    assert (r.p, r.k) == (5, 3)
    assert r.positions.tolist() == [1, 2, 5]
    assert r.gaps.tolist() == [3, 4]
    assert r.soma == 7
    assert str(r) == "xx--x"
    assert repr(r) == "ranking: [xx--x] (p = 5, k = 3)"
    assert r.to_string(unicode=True) == "●●○○●"
    assert r.positions.dtype == np.int64 and r.gaps.dtype == np.int64


def test_unicode_and_mixed_input_equal_ascii():
    assert Ranking("●●○○●") == Ranking("xx--x")
    assert Ranking("x○-●") == Ranking("x--x")


def test_positions_any_order():
    r = Ranking.from_positions([3, 7, 5, 1])
    assert str(r) == "x-x-x-x" and (r.p, r.k) == (7, 4)
    assert r.positions.tolist() == [1, 3, 5, 7]
    assert Ranking.from_positions(np.array([2, 1], dtype=np.uint8)) == Ranking("xx")
    assert Ranking.from_positions([3.0, 1.0]) == Ranking("x-x")
    assert Ranking.from_positions((1,)) == Ranking("x")



def test_float16_positions_without_a_numpy_warning():
    # the check against 2**32 cast 2**32 to float16 ("overflow encountered in cast")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = Ranking.from_positions(np.array([3, 1, 5], dtype=np.float16))
        assert str(r) == "x-x-x" and r.positions.tolist() == [1, 3, 5]
        with pytest.raises(ValueError, match="got 1.5 at index 1"):
            Ranking.from_positions(np.array([3, 1.5], dtype=np.float16))
        with pytest.raises(ValueError, match="got inf at index 0"):
            Ranking.from_positions(np.array([np.inf], dtype=np.float16))

def test_rk_accepts_string_positions_and_ranking():
    assert rk("x-x") == rk([3, 1]) == rk(np.array([1, 3]))
    r = rk("xx")
    assert rk(r) is r


def test_from_mask():
    assert Ranking.from_mask([True, True, False, False, True]) == Ranking("xx--x")
    assert Ranking.from_mask(np.array([0, 1], dtype=np.int8)) == Ranking("-x")
    with pytest.raises(ValueError, match="mask ends with False"):
        Ranking.from_mask([True, False])
    with pytest.raises(ValueError, match="mask is empty"):
        Ranking.from_mask([])
    with pytest.raises(TypeError, match="mask must hold booleans"):
        Ranking.from_mask([0.5, 1.0])


def test_huge_p_via_positions_is_cheap():
    r = Ranking.from_positions([1, 10**6])
    assert (r.p, r.k) == (10**6, 2)
    assert r.soma == 10**6 * (10**6 + 1) // 2 - 1 - 10**6
    assert len(r.gaps) == 10**6 - 2
    assert repr(r).startswith("ranking: [x---") and repr(r).endswith("-x] (p = 1000000, k = 2)")
    assert len(repr(r)) < 150
    assert len(str(r)) == 10**6
    assert r.score() == pytest.approx(float(r.score_exact()), rel=1e-15)


# --- SPEC §1.3 validation ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, match",
    [
        ("", "empty"),
        ("xxa-x", r"'a' at position 3"),
        ("xX", r"'X' at position 2"),
        (" xx", r"' ' at position 1"),
        ("xx--", "ends with '-'"),
        ("●○", "ends with '○'"),
    ],
)
def test_string_validation(text, match):
    with pytest.raises(ValueError, match=match):
        Ranking(text)


def test_string_constructor_type():
    with pytest.raises(TypeError, match="ranking string is expected"):
        Ranking([1, 2])


@pytest.mark.parametrize(
    "positions, match",
    [
        ([], r"empty \(k = 0\)"),
        (np.array([], dtype=np.int64), "empty"),
        ([5, 7, 3, 1.5], r"positive integers; got 1.5 at index 3"),
        ([5, -7, 3, 1], r"positive integers; got -7 at index 1"),
        ([0, 2], r"positive integers; got 0 at index 0"),
        ([3, 7, 3, 1], r"must not repeat; 3 is at indices 0 and 2"),
        ([1.0, float("nan")], r"NaN \(first at index 1\)"),
        ([1.0, float("inf")], r"positive integers; got inf at index 1"),
        ([[1, 2], [3, 4]], r"1-D, got an array of shape \(2, 2\)"),
        ([1, 2**40], r"<= 4294967296; got 1099511627776 at index 1"),
        (np.array([1, 2**63], dtype=np.uint64), r"<= 4294967296"),
        ([1e30], r"<= 4294967296"),
    ],
)
def test_positions_value_errors(positions, match):
    with pytest.raises(ValueError, match=match):
        Ranking.from_positions(positions)
    with pytest.raises(ValueError, match=match):
        rk(positions) if not isinstance(positions, str) else None


@pytest.mark.parametrize(
    "positions, match",
    [
        ([1, True], r"boolean True at index 1"),
        (np.array([True, False]), "got booleans"),
        ([1, "2"], r"string '2' at index 1"),
        (np.array(["1", "2"]), r"string '1'"),
        ("132", "got the string '132'"),
        (5, "1-D sequence of integers, got 5"),
        (None, "1-D sequence of integers, got NoneType"),
        ({1, 2}, "1-D sequence of integers, got set"),
        ([1 + 2j], "complex"),
        ([1, None], r"got None at index 1"),
        (np.array([3, None, 1], dtype=object), r"got None at index 1"),
    ],
)
def test_positions_type_errors(positions, match):
    with pytest.raises(TypeError, match=match):
        Ranking.from_positions(positions)


# --- immutability, equality, hashing ------------------------------------------------------


def test_immutable():
    r = rk("xx--x")
    with pytest.raises(AttributeError, match="immutable"):
        r.p = 3
    with pytest.raises(AttributeError, match="immutable"):
        del r.k
    with pytest.raises(ValueError, match="read-only"):
        r.positions[0] = 2
    with pytest.raises(ValueError, match="read-only"):
        r.gaps[0] = 1
    with pytest.raises(AttributeError, match="re-initialize"):
        r.__init__("x")
    assert str(r) == "xx--x"


def test_positions_input_not_aliased():
    source = np.array([3, 1])
    r = Ranking.from_positions(source)
    source[0] = 2
    assert str(r) == "x-x"


def test_equality_and_hash():
    a, b, c = rk("x-x"), rk([1, 3]), rk("xx")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert len({a, b, c}) == 2
    assert (a == "x-x") is False
    assert pickle.loads(pickle.dumps(a)) == a
    assert copy.copy(a) is a and copy.deepcopy(a) is a


# --- SPEC §1.4 counts -----------------------------------------------------------------


def test_counts():
    assert count_rankings(5, 3) == 6
    assert count_rankings(30, 10) == 10_015_005 == math.comb(29, 9)
    assert count_rankings(1) == 1
    for p in range(1, 12):
        assert count_rankings(p) == 2 ** (p - 1) == sum(count_rankings(p, k) for k in range(1, p + 1))
    assert count_rankings(200) == 2**199
    assert isinstance(count_rankings(70, 30), int)


def test_counts_of_huge_p_are_exact_or_refused_at_once():
    # counts up to 2**20 bits are computed exactly; larger ones are refused before
    # computing (math.comb(10**12, 5 * 10**11) would run for days, 2**(10**12) needs 125 GB)
    assert count_rankings(2**20 + 1) == 2 ** (2**20)
    with pytest.raises(ValueError, match=r"2\*\*20 bits"):
        count_rankings(2**20 + 2)
    with pytest.raises(ValueError, match=r"2\*\*20 bits"):
        count_rankings(10**12)
    with pytest.raises(ValueError, match=r"2\*\*20 bits"):
        count_rankings(10**12, 5 * 10**11)
    with pytest.raises(ValueError, match=r"2\*\*20 bits"):
        count_rankings(2**21, 2**20)
    # small counts of huge p stay exact
    assert count_rankings(10**400, 1) == count_rankings(10**400, 10**400) == 1
    assert count_rankings(10**400, 2) == 10**400 - 1
    assert count_rankings(10**400, 3) == math.comb(10**400 - 1, 2)
    assert count_rankings(2**32, 2**32 - 1) == 2**32 - 1
    assert count_rankings(2**18 + 1, 2**17 + 1) == math.comb(2**18, 2**17)


@pytest.mark.parametrize(
    "args, error, match",
    [
        ((0,), ValueError, "p must be >= 1"),
        ((5, 0), ValueError, "k must be >= 1"),
        ((5, 6), ValueError, "k must be <= p"),
        ((5.0,), TypeError, "p must be an integer"),
        ((True,), TypeError, "p must be an integer"),
    ],
)
def test_count_errors(args, error, match):
    with pytest.raises(error, match=match):
        count_rankings(*args)


# --- SPEC §1.5 enumeration -------------------------------------------------------------


def test_enumeration_p5_k3():
    rs = enumerate_rankings(5, 3)
    assert rs.strings() == ["xx--x", "x-x-x", "x--xx", "-xx-x", "-x-xx", "--xxx"]


def test_enumeration_p8_k5():
    strings = enumerate_rankings(8, 5).strings()
    assert len(strings) == 35
    assert strings[:5] == ["xxxx---x", "xxx-x--x", "xxx--x-x", "xxx---xx", "xx-xx--x"]
    assert strings[-1] == "---xxxxx"


def test_enumeration_p5_all_k():
    rs = enumerate_rankings(5)
    strings = rs.strings()
    assert len(strings) == 16
    assert strings[:7] == ["----x", "x---x", "-x--x", "--x-x", "---xx", "xx--x", "x-x-x"]
    assert strings[-1] == "xxxxx"
    assert rs.k.tolist() == [1] + [2] * 4 + [3] * 6 + [4] * 4 + [5]
    assert (rs.p == 5).all()


@pytest.mark.parametrize("p", [1, 2, 7, 11])
def test_enumeration_is_sorted_strings_and_complete(p):
    rs = enumerate_rankings(p)
    strings = rs.strings()
    for k in range(1, p + 1):
        block = [s for s in strings if s.count("x") == k]
        expected = sorted(
            ("".join(c) + "x" for c in itertools.product("x-", repeat=p - 1) if c.count("x") == k - 1),
            key=lambda s: s.replace("-", "~"),  # '~' > 'x': x sorts before -
        )
        assert block == expected
    assert [r.to_string() for r in rs] == strings
    assert np.array_equal(rs.scores, ranking_score_many(strings))


@pytest.mark.parametrize("p", [1, 2, 5, 9])
def test_the_limit_gives_the_first_rankings_of_the_enumeration(p):
    for k in [None, *range(1, p + 1)]:
        every = enumerate_rankings(p, k, m=7)
        for limit in range(len(every) + 2):
            first = enumerate_rankings(p, k, m=7, limit=limit)
            assert first.masks.tolist() == every.masks.tolist()[:limit]
            assert first.scores.tolist() == every.scores.tolist()[:limit]
            assert first.k.tolist() == every.k.tolist()[:limit] and first.m == 7


def test_the_limit_is_computed_alone():
    # 2**61 rankings could never be enumerated: the first five are computed by themselves
    first = enumerate_rankings(62, limit=5)
    assert first.strings() == ["-" * 61 + "x", "x" + "-" * 60 + "x", "-x" + "-" * 59 + "x",
                               "--x" + "-" * 58 + "x", "---x" + "-" * 57 + "x"]
    assert first.scores.tolist() == ranking_score_many(first.strings()).tolist()
    assert enumerate_rankings(62, 31, limit=1).strings() == ["x" * 30 + "-" * 31 + "x"]
    with pytest.raises(ValueError, match="limit must be >= 0, got -1"):
        enumerate_rankings(5, limit=-1)
    with pytest.raises(TypeError, match="limit must be an integer"):
        enumerate_rankings(5, limit=2.0)


def test_ranking_set_columns_and_indexing():
    rs = enumerate_rankings(5, 3, m=5)
    assert rs.masks.dtype == np.uint64 and rs.scores.dtype == np.float64
    assert rs.masks.tolist() == [0b10011, 0b10101, 0b11001, 0b10110, 0b11010, 0b11100]
    assert rs.k.tolist() == [3] * 6 and rs.p.tolist() == [5] * 6
    assert rs.m == 5
    assert len(rs) == 6
    assert rs[0] == rk("xx--x") and rs[-1] == rk("--xxx")
    sub = rs[1:3]
    assert isinstance(sub, RankingSet) and sub.strings() == ["x-x-x", "x--xx"]
    assert sub.k.tolist() == [3, 3]
    picked = rs[np.array([5, 0])]
    assert picked.strings() == ["--xxx", "xx--x"]
    assert rs.strings(unicode=True)[0] == "●●○○●"
    with pytest.raises(ValueError, match="read-only"):
        rs.scores[0] = 0.0
    with pytest.raises(ValueError, match="read-only"):
        rs.masks[0] = 1
    assert "RankingSet of 6 rankings" in repr(rs)


def test_ranking_set_lazy_columns_after_subset():
    rs = enumerate_rankings(6)[np.array([0, 31])]
    rs2 = RankingSet(rs.masks, m=rs.m)
    assert rs2.k.tolist() == [1, 6] and rs2.p.tolist() == [6, 6]
    assert rs2.scores.tolist() == rs.scores.tolist()
    assert RankingSet([0b101, 1], m="5").strings() == ["x-x", "x"]
    assert len(RankingSet([])) == 0


@pytest.mark.parametrize(
    "masks, m, error, match",
    [
        ([0, 1], 10, ValueError, "masks must lie in 1 .. 2\\*\\*62 - 1"),
        ([2**62], 10, ValueError, "masks must lie in"),
        ([-1], 10, ValueError, "masks must lie in"),
        ([1.0], 10, TypeError, "masks must be integers"),
        ([[1]], 10, ValueError, "masks must be 1-D"),
        ([1], 2, ValueError, "m must be > 2"),
    ],
)
def test_ranking_set_constructor_errors(masks, m, error, match):
    with pytest.raises(error, match=match):
        RankingSet(masks, m)


def test_to_pandas():
    pd = pytest.importorskip("pandas")
    df = enumerate_rankings(4, 2).to_pandas()
    assert isinstance(df, pd.DataFrame)
    assert df["ranking"].tolist() == ["x--x", "-x-x", "--xx"]
    assert df["k"].tolist() == [2, 2, 2]
    assert df.columns.tolist() == ["ranking", "p", "k", "score", "mask"]


def test_to_pandas_missing(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pandas(name, *args, **kwargs):
        if name == "pandas":
            raise ImportError("no pandas")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pandas)
    with pytest.raises(ImportError, match=r"pip install rankscore\[pandas\]"):
        enumerate_rankings(3).to_pandas()


def test_enumeration_limits():
    with pytest.raises(ValueError, match="up to p = 62"):
        enumerate_rankings(63, 1)
    with pytest.raises(RankingSetTooLargeError, match="GiB"):
        enumerate_rankings(62, 31)
    with pytest.raises(MemoryError):
        enumerate_rankings(62)
    with pytest.raises(ValueError, match="k must be <= p"):
        enumerate_rankings(3, 4)
    with pytest.raises(ValueError, match="m must be > 2"):
        enumerate_rankings(3, m=2)


def test_enumeration_refuses_before_allocating(monkeypatch):
    from rankscore.rankings import enumeration

    monkeypatch.setattr(enumeration, "available_memory", lambda: 1000)
    with pytest.raises(RankingSetTooLargeError, match="needs"):
        enumerate_rankings(10, 5)  # 126 rankings * 16 bytes > 1000
    assert len(enumerate_rankings(10, 10)) == 1


def test_enumeration_memory_is_close_to_what_the_check_counts():
    # enumerate_rankings refuses when 32 bytes per ranking do not fit; its peak must stay
    # within that (the fallback scored all rankings at once: 64 bytes per ranking, and
    # copied its subsets once more: 40; k and p were int64 columns: 32 on the kernels)
    import tracemalloc

    n = count_rankings(22, 11)
    enumerate_rankings(5, 3)  # first-call allocations are not counted
    tracemalloc.start()
    rankings = enumerate_rankings(22, 11)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert len(rankings) == n and peak <= 32 * n
    assert (rankings.p == 22).all() and (rankings.k == 11).all()
    assert not rankings.p.flags.writeable and not rankings.k.flags.writeable


def test_tied_rankings_refuse_before_allocating(monkeypatch):
    # tied_rankings needs several columns beyond the enumeration's 32 bytes per ranking;
    # it refuses when they would not fit, even if the enumeration alone would
    import tracemalloc

    from rankscore.rankings import enumeration

    n = count_rankings(20)
    tracemalloc.start()
    tied_rankings(20)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    monkeypatch.setattr(enumeration, "available_memory", lambda: peak - 1)
    assert len(enumerate_rankings(20)) == n  # 32 bytes per ranking fit
    with pytest.raises(RankingSetTooLargeError, match=r"ties among 524,288 rankings .* needs"):
        tied_rankings(20)
    with pytest.raises(ValueError, match="m must be > 2"):
        tied_rankings(20, m=2)  # argument errors first


def test_enumeration_p62_edges():
    rs = enumerate_rankings(62, 1)
    assert rs.masks.tolist() == [1 << 61]
    assert rs[0].positions.tolist() == [62]
    rs = enumerate_rankings(62, 62)
    assert rs.masks.tolist() == [(1 << 62) - 1] and rs.scores.tolist() == [1.0]
    rs = enumerate_rankings(62, 61)
    assert len(rs) == 61 and rs[0].to_string() == "x" * 60 + "-x"


# --- SPEC §1.6 scores ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, m, expected",
    [
        ("xxx-x", 10, 0.84),
        ("xxxxxxxx", 10, 1.0),
        ("xxxxxx-x", 10, 0.9),
        ("-xxxxxxx", 10, 0.8785714),
        ("x-x", 10, 0.7333333),
        ("-xx", 10, 0.7),
        ("x-x", 5, 0.8),
        ("-xx", 5, 0.7333333),
    ],
)
def test_worked_scores(text, m, expected):
    assert round(ranking_score(text, m=m), 7) == expected
    assert round(rk(text).score(m), 7) == expected
    assert round(float(ranking_score_exact(text, m=m)), 7) == expected
    assert round(float(ranking_score_many([text], m=m)[0]), 7) == expected


def test_score_exact_values():
    assert ranking_score_exact("xxx-x") == Fraction(21, 25)
    assert ranking_score_exact("x") == 1 and ranking_score("x") == 1.0
    assert ranking_score_exact("xxxxxxxx") == 1
    assert ranking_score_exact("xxxxxx-x") == Fraction(9, 10)
    assert ranking_score_exact("x-x", m=5) == Fraction(4, 5)
    assert ranking_score_exact("x-x", m="5") == ranking_score_exact("x-x", m=Fraction(5)) == ranking_score_exact("x-x", m=5.0)
    assert ranking_score_exact("x-x", m="21/2") == (Fraction(21, 2) * 2 * 2 + 2 * 2) / (Fraction(21, 2) * 3 * 2)
    assert ranking_score_exact("x-x", m=2.5) == (Fraction(5, 2) * 2 * 2 + 4) / (Fraction(5, 2) * 6)


def test_perfect_is_one_and_near_perfect_below():
    for p in range(2, 30):
        assert ranking_score("x" * p) == 1.0
        assert ranking_score("x" * (p - 2) + "-x", m=2.0001) < 1.0


@pytest.mark.parametrize(
    "m, error, match",
    [
        (2, ValueError, "m must be > 2"),
        (1.5, ValueError, "m must be > 2"),
        (-3, ValueError, "m must be > 2"),
        (float("nan"), ValueError, "finite"),
        (float("inf"), ValueError, "finite"),
        ("ten", ValueError, "string 'ten'"),
        ("2", ValueError, "m must be > 2"),
        (True, TypeError, "boolean"),
        (None, TypeError, "real number"),
        (1j, TypeError, "real number"),
    ],
)
def test_m_validation(m, error, match):
    for f in (lambda: ranking_score("x-x", m), lambda: ranking_score_exact("x-x", m), lambda: ranking_score_many(["x-x"], m)):
        with pytest.raises(error, match=match):
            f()
    with pytest.raises(error, match=match):
        rk("x").score(m)


def test_m_beyond_the_float_range():
    # m = 10**400 is a valid m > 2, kept exactly; as a float it would overflow. The gap term
    # (2/m) soma / (p(p-1)) is then far below half an ulp of k/p, so the correctly rounded
    # score is k/p (and score_exact still holds the gap term).
    for m in (10**400, "1e400", Fraction(10**400, 3)):
        assert ranking_score("xx--x", m=m) == float(ranking_score_exact("xx--x", m=m)) == 3 / 5
        assert ranking_score_exact("xx--x", m=m) > Fraction(3, 5)
        assert rk("x-x").score(m) == 2 / 3
        assert ranking_score_many(["xx--x", "x", "-x"], m=m).tolist() == [3 / 5, 1.0, 1 / 2]
        rs = enumerate_rankings(5, 3, m=m)
        assert rs.m == Fraction(m) and rs.scores.tolist() == [3 / 5] * 6
        assert ranking_score_many(rs, m=m).tolist() == [3 / 5] * 6
        assert RankingSet([19, 1], m=m).scores.tolist() == [3 / 5, 1.0]


def test_m_string_with_a_huge_exponent_is_refused_at_once():
    # Fraction("1e999999999") would build a 3.3-billion-bit integer (hours); exponents are
    # limited to Python's 4300 digits for int <-> str
    assert ranking_score_exact("x-x", m="1e4300") > Fraction(2, 3)
    for m in ("1e4301", "2.5E+5000", "1e-5000", "1e999999999", " 3e-99999999999999999999 "):
        for f in (lambda: ranking_score("x-x", m=m), lambda: ranking_score_exact("x-x", m=m),
                  lambda: enumerate_rankings(3, m=m)):
            with pytest.raises(ValueError, match=r"decimal exponent beyond 4300"):
                f()


def test_score_many_inputs():
    rs = enumerate_rankings(6, 3)
    assert np.array_equal(ranking_score_many(rs), rs.scores)
    assert np.array_equal(ranking_score_many(rs, m=4), enumerate_rankings(6, 3, m=4).scores)
    assert np.array_equal(ranking_score_many(list(rs)), rs.scores)
    mixed = ranking_score_many(["xx", rk("x-x"), [1, 4]])
    assert mixed.tolist() == [ranking_score("xx"), ranking_score("x-x"), ranking_score("x--x")]
    assert ranking_score_many([]).shape == (0,)
    with pytest.raises(TypeError, match=r"use ranking_score\(\) for one"):
        ranking_score_many("xx-x")
    for bad in (None, 3):
        with pytest.raises(TypeError, match=r"rankings must be a RankingSet or an iterable of "
                           rf"rankings \(Ranking, str or position vectors\), got "
                           rf"{type(bad).__name__}"):
            ranking_score_many(bad)
    assert ranking_score_many(iter(["x-x", "x"])).tolist() == [ranking_score("x-x"), 1.0]
    with pytest.raises(ValueError, match="ends with"):
        ranking_score_many(["xx", "x-"])


def test_score_many_matches_single_scores_bitwise():
    strings = ["x", "xx", "-x", "x-x-x-xx", "-" * 40 + "x", "x" * 61 + "-x"]
    assert ranking_score_many(strings).tolist() == [ranking_score(s) for s in strings]


# --- SPEC §1.7 ties -----------------------------------------------------------------


def test_spec_tie_example():
    assert ranking_score_exact("xxxx--xx") == ranking_score_exact("xxx-xx-x")
    assert round(ranking_score("xxxx--xx"), 7) == 0.7892857
    groups = tied_rankings(8, m=10)
    found = [g.strings() for g in groups if "xxxx--xx" in g.strings()]
    assert len(found) == 1 and "xxx-xx-x" in found[0]


def _brute_force_groups(p, k, m):
    by_score = {}
    for r in enumerate_rankings(p, k, m):
        by_score.setdefault(r.score_exact(m), []).append(str(r))
    return sorted(
        ((s, sorted(g)) for s, g in by_score.items() if len(g) >= 2), key=lambda t: -t[0]
    )


@pytest.mark.parametrize(
    "p, k, m",
    [(5, 3, 10), (8, None, 10), (9, None, 5), (7, 4, Fraction(7, 3)), (8, None, 3.5),
     (6, None, "10"), (9, None, Fraction(2**60 + 1, 2**40)), (1, None, 10), (2, None, 10),
     pytest.param(7, None, 10**400, id="7-None-10**400"), (6, 3, "1e400")],
)
def test_tied_rankings_match_brute_force(p, k, m):
    groups = tied_rankings(p, k, m)
    expected = _brute_force_groups(p, k, m)
    assert [sorted(g.strings()) for g in groups] == [g for _, g in expected]
    for g in groups:
        exact = {r.score_exact(m) for r in g}
        assert len(exact) == 1
        assert list(g.strings()) == [s for s in enumerate_rankings(p, k, m).strings() if s in set(g.strings())]


def test_tied_rankings_across_k():
    # equal scores need m (p-1) dk = 2 d(soma): impossible for p = 8, m = 10 (d(soma) <= 28),
    # possible for p = 9, m = 3 (dk = 1, d(soma) = 12)
    assert not any(len(set(g.k.tolist())) > 1 for g in tied_rankings(8, m=10))
    groups = [g for g in tied_rankings(9, m=3) if len(set(g.k.tolist())) > 1]
    assert groups
    for g in groups:
        assert len({r.score_exact(3) for r in g}) == 1


# --- SPEC §1.8 table and correlation ----------------------------------------------------


def test_table_pairs():
    t = rk("x-x-x-xx").table()
    assert t.dtype == np.int64 and t.shape == (5, 2)
    assert [tuple(row) for row in t.tolist()] == [(1, 1), (2, 3), (3, 5), (4, 7), (5, 8)]


def test_correlation():
    from scipy.stats import pearsonr

    r = rk("x-x-x-xx")
    assert r.correlation() == pytest.approx(pearsonr(*r.table().T).statistic, rel=1e-14)
    assert rk("xxxx").correlation() == 1.0
    with pytest.raises(ValueError, match="k >= 2"):
        rk("--x").correlation()


# --- SPEC §1.9 rankings from model scores ------------------------------------------------


def test_from_scores_basic_and_cut():
    r = Ranking.from_scores([0.1, 0.9, 0.5, 0.7, 0.3], [False, True, False, False, True])
    # order: 0.9(L) 0.7 0.5 0.3(L) 0.1 -> x--x
    assert str(r) == "x--x"
    r = Ranking.from_scores(np.array([3, 2, 1]), np.array([1, 0, 0]))
    assert str(r) == "x"


def test_from_scores_tie_policies():
    scores = [0.9, 0.5, 0.5, 0.5, 0.1]
    in_list = [True, False, True, False, True]
    assert str(Ranking.from_scores(scores, in_list, ties="optimistic")) == "xx--x"
    assert str(Ranking.from_scores(scores, in_list, ties="pessimistic")) == "x--xx"
    with pytest.raises(ValueError, match=r"elements \[1, 2, 3\] \(list: \[2\]\) all score 0.5"):
        Ranking.from_scores(scores, in_list)


def test_from_scores_integer_scores_are_compared_exactly():
    # 2**53 + 1 > 2**53, but both become 2**53 as float64: the ranking was called undefined
    # (ties="error") or put the list element second (ties="pessimistic")
    for ties in ("error", "optimistic", "pessimistic"):
        assert Ranking.from_scores([2**53, 2**53 + 1], [False, True], ties=ties) == rk("x")
        top = np.array([2**64 - 2, 2**64 - 1], dtype=np.uint64)
        assert Ranking.from_scores(top, [True, False], ties=ties) == rk("-x")
        low = np.array([-(2**63), -(2**63) + 1], dtype=">i8")
        assert Ranking.from_scores(low, [True, False], ties=ties) == rk("-x")
        assert Ranking.from_scores([True, False], [False, True], ties=ties) == rk("-x")
    with pytest.raises(ValueError, match=r"elements \[0, 1\] \(list: \[1\]\) all score 9007199254740993;"):
        Ranking.from_scores([2**53 + 1, 2**53 + 1, 2**53], [False, True, False])
    assert str(Ranking.from_scores([7, 7, 3], [True, False, True], ties="pessimistic")) == "-xx"


def test_from_scores_harmless_ties_allowed():
    # ties among list elements only, or non-list only, do not change the ranking
    r = Ranking.from_scores([0.9, 0.9, 0.5, 0.2, 0.1, 0.1], [True, True, False, True, False, False])
    assert str(r) == "xx-x"
    r2 = Ranking.from_scores([0.9, 0.5, 0.5, 0.1, 0.1], [True, False, False, True, True])
    assert str(r2) == "x--xx"


def test_from_scores_tie_at_the_cut_errors():
    with pytest.raises(ValueError, match="tied scores"):
        Ranking.from_scores([0.9, 0.2, 0.2], [True, True, False])
    with pytest.raises(ValueError, match=r"1 more such groups"):
        Ranking.from_scores([0.9, 0.9, 0.2, 0.2], [True, False, True, False])


@pytest.mark.parametrize(
    "kwargs, error, match",
    [
        (dict(scores=[1, 2], in_list=[False, False]), ValueError, "no true entry"),
        (dict(scores=[1, 2], in_list=[True]), ValueError, "inconsistent numbers"),
        (dict(scores=[1, float("nan")], in_list=[True, True]), ValueError, "NaN"),
        (dict(scores=[1, 2], in_list=[True, True], ties="random"), ValueError, "ties must be one of"),
        (dict(scores=[1, 2], in_list=[0.5, 1]), TypeError, "in_list must hold booleans"),
        (dict(scores=[], in_list=[]), ValueError, "empty"),
    ],
)
def test_from_scores_errors(kwargs, error, match):
    with pytest.raises(error, match=match):
        Ranking.from_scores(**kwargs)


@given(
    st.lists(st.integers(0, 5), min_size=1, max_size=30),
    st.lists(st.booleans(), min_size=30, max_size=30),
)
def test_from_scores_bounds(values, flags):
    flags = flags[: len(values)]
    if not any(flags):
        flags[0] = True
    best = Ranking.from_scores(values, flags, ties="optimistic")
    worst = Ranking.from_scores(values, flags, ties="pessimistic")
    assert best.k == worst.k == sum(flags)
    assert best.p <= worst.p
    assert best.score() >= worst.score()
    if best != worst:
        with pytest.raises(ValueError, match="tied scores"):
            Ranking.from_scores(values, flags)
    else:
        assert Ranking.from_scores(values, flags) == best


# --- properties and backend agreement -------------------------------------------------


@given(ranking_strings())
def test_string_round_trip(text):
    r = Ranking(text)
    assert str(r) == text
    assert Ranking.from_positions(r.positions[::-1]) == r
    assert Ranking.from_mask(np.array(list(text)) == "x") == r
    assert r.k + len(r.gaps) == r.p
    assert r.soma == int(r.gaps.sum())
    assert ranking_score_exact(r) == pytest.approx(ranking_score(r), rel=1e-15, abs=0)
    assert abs(float(ranking_score_exact(r)) - ranking_score(r)) <= 1e-15


@given(position_vectors())
def test_positions_huge_p(positions):
    r = Ranking.from_positions(positions)
    assert r.p == max(positions) and r.k == len(positions)
    assert r.positions.tolist() == sorted(positions)
    assert abs(float(r.score_exact()) - r.score()) <= 1e-15


def _on(name, fn):
    with _backend.using(name):
        return fn()


def _outcome(fn):
    try:
        return ("ok", fn())
    except (ValueError, TypeError) as exc:
        return (type(exc).__name__, str(exc))


@given(st.lists(st.integers(-3, 40), min_size=0, max_size=12))
def test_backends_agree_on_position_validation(values):
    pytest.importorskip("rankscore._kernels")
    a = _on("cython", lambda: _outcome(lambda: str(Ranking.from_positions(values))))
    b = _on("python", lambda: _outcome(lambda: str(Ranking.from_positions(values))))
    assert a == b


_ANY_POSITION = st.one_of(
    st.integers(-3, 40),
    st.integers(2**32 - 3, 2**32 + 3),  # around MAX_POSITION
    st.integers(2**62, 2**65),  # beyond int64 / uint64
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([1.0, 2.5, 2.0**32, True, False, "3", None, 1 + 1j]),
)


@given(st.one_of(st.lists(_ANY_POSITION, max_size=8), position_vectors()), st.sampled_from([10, 2.5, "21/2"]))
def test_backends_agree_on_any_position_vector(values, m):
    # every validation error (same type and message) and, for valid input, the same
    # ranking and bit-identical scores, huge p included
    pytest.importorskip("rankscore._kernels")

    def run():
        r = Ranking.from_positions(values)
        return repr(r), r.score(m), ranking_score_many([r, r.positions], m).tobytes()

    assert _on("cython", lambda: _outcome(run)) == _on("python", lambda: _outcome(run))


@given(st.lists(ranking_strings(max_p=62), min_size=1, max_size=20), st.floats(2.01, 1e6))
def test_backends_agree_on_scores(strings, m):
    pytest.importorskip("rankscore._kernels")
    a = _on("cython", lambda: ranking_score_many(strings, m))
    b = _on("python", lambda: ranking_score_many(strings, m))
    assert a.tobytes() == b.tobytes()
    masks = [sum(1 << (i - 1) for i in rk(s).positions.tolist()) for s in strings]
    rs = RankingSet(masks)
    assert _on("cython", lambda: ranking_score_many(rs, m)).tobytes() == a.tobytes()
    assert _on("python", lambda: ranking_score_many(rs, m)).tobytes() == a.tobytes()


@given(st.integers(1, 13), st.data(), st.sampled_from([10, 2.5, 3, 1000]))
def test_backends_agree_on_enumeration_and_ties(p, data, m):
    pytest.importorskip("rankscore._kernels")
    k = data.draw(st.one_of(st.none(), st.integers(1, p)))
    a = _on("cython", lambda: enumerate_rankings(p, k, m))
    b = _on("python", lambda: enumerate_rankings(p, k, m))
    assert a.masks.tobytes() == b.masks.tobytes()
    assert a.scores.tobytes() == b.scores.tobytes()
    assert a.scores.tolist() == [ranking_score(s, m) for s in a.strings()]
    ta = _on("cython", lambda: [g.masks.tolist() for g in tied_rankings(p, k, m)])
    tb = _on("python", lambda: [g.masks.tolist() for g in tied_rankings(p, k, m)])
    assert ta == tb


def test_backends_agree_on_large_enumeration():
    pytest.importorskip("rankscore._kernels")
    a = _on("cython", lambda: enumerate_rankings(22, 8, 7))
    b = _on("python", lambda: enumerate_rankings(22, 8, 7))
    assert a.masks.tobytes() == b.masks.tobytes()
    assert a.scores.tobytes() == b.scores.tobytes()
    assert np.all(np.diff(a.masks.astype(np.float64)) != 0)


def test_public_names():
    for name in ["Ranking", "rk", "ranking_score"]:
        assert name in rankscore.__all__ and name in rankscore.rankings.__all__
    for name in ["RankingSet", "count_rankings", "enumerate_rankings", "ranking_score_exact",
                 "ranking_score_many", "tied_rankings", "find_ties"]:
        assert name in rankscore.rankings.__all__ and name not in rankscore.__all__


@given(
    st.lists(st.sampled_from([0.1, 0.5, 0.5, 0.9, 2.0]), min_size=1, max_size=25),
    st.lists(st.booleans(), min_size=25, max_size=25),
    st.sampled_from(["error", "optimistic", "pessimistic"]),
)
def test_backends_agree_on_from_scores(values, flags, ties):
    pytest.importorskip("rankscore._kernels")
    flags = flags[: len(values)]
    run = lambda: _outcome(lambda: str(Ranking.from_scores(values, flags, ties=ties)))  # noqa: E731
    assert _on("cython", run) == _on("python", run)


@pytest.mark.parametrize("m", [3, 5, 10, 2.5, 3.5, 2.125, 10**6])
def test_the_float_score_is_the_exact_score_correctly_rounded(m):
    # k/p + (2/m) soma / (p (p - 1)) in floats was 1 ulp off for about a quarter of the
    # rankings (0.7999999999999999 for x-x at m = 5); one division of exact integers is
    # correctly rounded
    every = [enumerate_rankings(p, m=m) for p in range(1, 12)]
    for rankings in every:
        exact = [float(ranking_score_exact(text, m)) for text in rankings.strings()]
        assert rankings.scores.tolist() == exact
        assert ranking_score_many(rankings.strings(), m=m).tolist() == exact
    positions = [3, 7, 5, 1, 2**20]
    assert Ranking.from_positions(positions).score(m) == float(
        Ranking.from_positions(positions).score_exact(m))
    assert ranking_score("x-x", m=5) == 0.8 and ranking_score("xxx-x") == 0.84


@pytest.mark.parametrize("m, numerator", [(10, 10), (3.5, 7), (2.25, 9)])
def test_scores_are_correctly_rounded_where_the_numerator_of_m_allows(m, numerator):
    # the documented bound is M p (p - 1) < 2**53 with M the numerator of m (7 for 3.5),
    # not m p (p - 1): at m = 3.5 and p = 4.5e7 about a quarter of the scores are 1 ulp off
    rng = np.random.default_rng(7)
    p = int((2**53 / numerator) ** 0.5)  # the largest p of the bound, about
    while numerator * p * (p - 1) >= 2**53:
        p -= 1
    k = rng.integers(1, p, 300)
    low, high = (p - k) * (p - k + 1) // 2, (p - 1) * p // 2 - (k - 1) * k // 2
    soma = low + ((high - low) * rng.random(300)).astype(np.int64)
    scores = _backend.kernels.score_columns(k, np.full(300, p), soma, float(m))
    exact = [Fraction(int(a), p) + 2 / Fraction(m) * Fraction(int(c), p * (p - 1))
             for a, c in zip(k, soma)]
    assert scores.tolist() == [float(e) for e in exact]
