"""rankscore._kolmogorov: the KS null laws against scipy's (scipy.special.kolmogorov,
smirnov, scipy.stats.kstwo) to 1e-10, relative for tiny probabilities, across every branch
of Simard & L'Ecuyer's method choice; the coarse-lattice Birnbaum–Tingey sum against the
plain sum; the lattice-path kernel against brute force and across backends."""

import math
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankscore import _backend
from rankscore import _kolmogorov as laws

special = pytest.importorskip("scipy.special")
stats = pytest.importorskip("scipy.stats")


def once(backend):
    """The laws use no kernels: checked on one backend only (the compiled one when built)."""
    if backend == "python" and _backend.BACKEND == "cython":
        pytest.skip("no kernel involved; checked on the compiled backend")


def assert_probability(mine, theirs, rtol=1e-10):
    theirs = float(theirs)
    if math.isnan(theirs):
        assert math.isnan(mine)
        return
    assert abs(mine - theirs) <= rtol * abs(theirs) + 1e-300, (mine, theirs)


@settings(max_examples=300, deadline=None)
@given(st.floats(0, 10, allow_nan=False))
def test_limit_law_is_scipys_kolmogorov(backend, z):
    once(backend)
    assert_probability(laws.kolmogorov_sf(z), special.kolmogorov(z))


@pytest.mark.parametrize("z", [0.0, 0.03, 0.0406, 0.041, 0.3, 0.82, 0.8200000001, 1.0, 5.0,
                               19.3, 27.3, 30.0, math.inf])
def test_limit_law_at_its_switch_points(backend, z):
    once(backend)
    assert_probability(laws.kolmogorov_sf(z), special.kolmogorov(z))


def sizes_and_statistics():
    """(n, d) over every region: d of order 1/n, 1/sqrt(n), and anywhere in [0, 1]."""
    n = st.one_of(st.integers(1, 20), st.integers(1, 200), st.integers(1, 20000),
                  st.integers(1, 50000))
    return n.flatmap(lambda n: st.tuples(st.just(n), st.one_of(
        st.floats(0, 1),
        st.floats(0, 4 / n),
        st.floats(0, min(1.0, 12 / math.sqrt(n))),
        st.integers(0, n).map(lambda k: k / n))))


@settings(max_examples=400, deadline=None)
@given(sizes_and_statistics())
def test_one_sided_law_is_scipys_smirnov(backend, case):
    once(backend)
    n, d = case
    assert_probability(laws.smirnov_sf(n, d), special.smirnov(n, d))


@settings(max_examples=400, deadline=None)
@given(sizes_and_statistics())
def test_two_sided_law_is_scipys_kstwo(backend, case):
    once(backend)
    n, d = case
    assert_probability(laws.kolmogorov_n_sf(n, d), stats.kstwo.sf(d, n))


@pytest.mark.parametrize("n, nd2", [
    (140, 0.7), (140, 0.754693), (140, 0.76), (140, 3.9), (140, 4.0), (140, 4.1),
    (141, 0.1), (141, 2.1999), (141, 2.2), (141, 369.9), (141, 370.0),
    (100000, 0.0336), (100000, 0.05), (100001, 0.0336), (100001, 1.0),
    (300000, 2.5), (1000001, 2.5), (1000001, 50.0), (5000000, 1.0),
])
def test_two_sided_law_at_the_method_boundaries(backend, n, nd2):
    once(backend)
    d = math.sqrt(nd2 / n)
    assert_probability(laws.kolmogorov_n_sf(n, d), stats.kstwo.sf(d, n))
    assert_probability(laws.smirnov_sf(n, d), special.smirnov(n, d))


@pytest.mark.parametrize("n, d", [(5, 0.1), (5, 0.2), (200, 1 / 200), (200, 0.5 / 200),
                                  (7, 6 / 7), (7, 0.9), (1, 0.3), (1000, 0.0),
                                  (1000, 1.0), (300, 0.5), (300, 0.99)])
def test_closed_forms_at_the_ends(backend, n, d):
    once(backend)
    assert_probability(laws.smirnov_sf(n, d), special.smirnov(n, d))
    assert_probability(laws.kolmogorov_n_sf(n, d), stats.kstwo.sf(d, n))


@settings(max_examples=60, deadline=None)
@given(st.integers(4100, 10**6), st.floats(1.5, 380))
def test_coarse_lattice_sum_equals_the_plain_sum(backend, n, nd2):
    once(backend)
    d = math.sqrt(nd2 / n)
    if d >= 1 - 1 / n:
        return
    c = Fraction(d) * n
    coarse = laws._smirnov_sum(n, d, c, math.floor(c))
    previous = laws._PLAIN_SUM_TERMS
    laws._PLAIN_SUM_TERMS = n + 1
    try:
        plain = laws._smirnov_sum(n, d, c, math.floor(c))
    finally:
        laws._PLAIN_SUM_TERMS = previous
    assert abs(coarse - plain) <= 1e-12 * plain + 1e-300


# ---------------------------------------------------------------------------------------
# the exact two-sample law (kernel)


def brute_force_paths(m, n, h, two_sided, checked):
    """Share of the C(m + n, m) paths reaching the boundary, by enumeration."""
    g = math.gcd(m, n)
    hits = 0
    for first in combinations(range(m + n), m):
        mask = np.zeros(m + n, dtype=int)
        mask[list(first)] = 1
        i = np.concatenate([[0], np.cumsum(mask)])
        j = np.arange(m + n + 1) - i
        excess = i * (n // g) - j * (m // g)
        at = np.ones(m + n + 1, bool) if len(checked) == 0 else checked.astype(bool)
        reached = (np.abs(excess) if two_sided else excess)[at] >= h
        hits += bool(reached.any())
    return Fraction(hits, math.comb(m + n, m))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 40), st.booleans(),
       st.lists(st.booleans(), min_size=13, max_size=13), st.booleans())
def test_path_count_kernel_against_enumeration(m, n, h, two_sided, mask, with_ties):
    g = math.gcd(m, n)
    h = 1 + (h - 1) % (m * n // g)
    checked = np.array(mask[: m + n + 1], dtype=np.uint8) if with_ties else np.zeros(0, np.uint8)
    mine = _backend.kernels.ks_two_sample_sf(m, n, h, two_sided, checked)
    assert mine == pytest.approx(float(brute_force_paths(m, n, h, two_sided, checked)),
                                 rel=1e-13, abs=1e-15)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 90), st.integers(1, 90), st.floats(0.01, 1), st.booleans(),
       st.booleans())
def test_path_count_kernels_agree_bit_for_bit(m, n, fraction, two_sided, with_ties):
    g = math.gcd(m, n)
    h = max(1, int(fraction * m * n // g))
    rng = np.random.default_rng(m * 100 + n)
    checked = ((rng.random(m + n + 1) < 0.7).astype(np.uint8) if with_ties
               else np.zeros(0, np.uint8))
    compiled = pytest.importorskip("rankscore._kernels")
    fallback = _backend.load("python")
    assert (compiled.ks_two_sample_sf(m, n, h, two_sided, checked)
            == fallback.ks_two_sample_sf(m, n, h, two_sided, checked))


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=1, max_size=25),
       st.lists(st.integers(0, 6), min_size=1, max_size=25))
def test_signed_statistic_kernels_agree(neg, pos):
    neg, pos = np.sort(np.array(neg, float)), np.sort(np.array(pos, float))
    compiled = pytest.importorskip("rankscore._kernels")
    fallback = _backend.load("python")
    assert compiled.ks_merge_signed(neg, pos) == fallback.ks_merge_signed(neg, pos)
    values = np.union1d(neg, pos)
    counts = [np.array([np.sum(part == v) for v in values], np.int64) for part in (neg, pos)]
    assert compiled.ks_counts_signed(*counts) == fallback.ks_counts_signed(*counts)
    plus, t_plus, minus, t_minus = compiled.ks_merge_signed(neg, pos)
    diff = [len(pos) * np.sum(neg <= v) - len(neg) * np.sum(pos <= v) for v in values]
    assert (plus, minus) == (max(diff), -min(diff))
    assert t_plus == values[diff.index(max(diff))]
    assert t_minus == values[diff.index(min(diff))]
