import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs

REFS = ["the cat is on the mat", "there is a cat on the mat"]
CAND = "the cat sat on the mat"


def brute_bleu(references, candidates, max_n=4, smoothing=None):
    """Papineni et al. (2002) written out with loops and exact fractions (no Counter)."""
    matched = [0] * max_n
    total = [0] * max_n
    c = r = 0
    for refs, cand in zip(references, candidates):
        c += len(cand)
        lengths = sorted(len(ref) for ref in refs)
        r += min(lengths, key=lambda length: abs(length - len(cand)))  # first = shorter on tie
        for n in range(1, max_n + 1):
            grams = [tuple(cand[i:i + n]) for i in range(len(cand) - n + 1)]
            total[n - 1] += len(grams)
            for g in set(grams):
                in_cand = grams.count(g)
                in_refs = max(
                    sum(1 for i in range(len(ref) - n + 1) if tuple(ref[i:i + n]) == g)
                    for ref in refs)
                matched[n - 1] += min(in_cand, in_refs)
    if c == 0:
        return 0.0
    log_p = 0.0
    for n in range(max_n):
        m, d = Fraction(matched[n]), Fraction(max(total[n], 1))
        if smoothing == "add1" and n >= 1:
            m, d = m + 1, d + 1
        if smoothing == "epsilon" and m == 0:
            m = Fraction(1, 10)
        if m == 0:
            return 0.0
        log_p += math.log(m / d) / max_n
    bp = 1.0 if c > r else math.exp(1 - r / c)
    return bp * math.exp(log_p)


# --------------------------------------------------------------------------- by hand

def test_clipped_unigram_precision_papineni_example():
    # "the" 7 times; at most 2 in one reference → p1 = 2/7; c = 7 = r (closest) → BP = 1
    cand = "the the the the the the the"
    assert rs.text.sentence_bleu(REFS, cand, max_n=1) == pytest.approx(2 / 7, rel=1e-15)


def test_hand_computed_three_gram_bleu():
    # p1 = 5/6, p2 = 3/5, p3 = 1/4 → (1/8)^(1/3) = 0.5; c = 6 = r → BP = 1
    assert rs.text.sentence_bleu(REFS, CAND, max_n=3) == pytest.approx(0.5, rel=1e-15)
    # no 4-gram matches: BLEU-4 is 0 without smoothing
    assert rs.text.sentence_bleu(REFS, CAND) == 0.0
    # add-1 on n ≥ 2: 5/6 · 4/6 · 2/5 · 1/4 = 1/18
    assert rs.text.sentence_bleu(REFS, CAND, smoothing="add1") == pytest.approx(
        (1 / 18) ** 0.25, rel=1e-15)
    # epsilon: the zero 4-gram count becomes 0.1 of 3
    assert rs.text.sentence_bleu(REFS, CAND, smoothing="epsilon") == pytest.approx(
        (5 / 6 * 3 / 5 * 1 / 4 * 0.1 / 3) ** 0.25, rel=1e-15)


def test_brevity_penalty():
    # c = 2 < r = 6 → BP = exp(1 − 6/2) = e^-2; all n-grams match
    assert rs.text.sentence_bleu("the cat is on the mat", "the cat", max_n=2) == pytest.approx(
        math.exp(-2), rel=1e-15)
    # the closest reference length counts: 3 is closer to 2 than 6
    assert rs.text.sentence_bleu(["the cat is on the mat", "the cat sat"], "the cat",
                            max_n=2) == pytest.approx(math.exp(1 - 3 / 2), rel=1e-15)
    # tie between lengths 1 and 3 for c = 2: the shorter one → BP = 1 (c > r)
    assert rs.text.sentence_bleu(["the", "the cat sat"], "the cat", max_n=1) == 1.0
    # a longer candidate has BP = 1; clipping alone gives p1 = 2/4
    assert rs.text.sentence_bleu("a b", "a b a b", max_n=1) == 0.5


def test_corpus_pools_counts_before_dividing():
    refs = [["a b c d"], ["e f"]]
    cands = ["a b c d", "e x"]
    # p1 = (4 + 1) / 6, p2 = (3 + 0) / 4, c = r = 6
    expected = math.sqrt(5 / 6 * 3 / 4)
    assert rs.text.bleu_score(refs, cands, max_n=2) == pytest.approx(expected, rel=1e-15)
    mean_of_sentences = (rs.text.sentence_bleu(refs[0], cands[0], max_n=2)
                         + rs.text.sentence_bleu(refs[1], cands[1], max_n=2)) / 2
    assert mean_of_sentences != pytest.approx(expected)


def test_tokens_as_lists_or_strings():
    as_lists = rs.text.bleu_score([[r.split() for r in REFS]], [CAND.split()], max_n=3)
    as_strings = rs.text.bleu_score([REFS], [CAND], max_n=3)
    assert as_lists == as_strings == pytest.approx(0.5)
    # a single reference string per candidate
    assert rs.text.bleu_score(["a b c d"], ["a b c d"]) == 1.0
    assert rs.text.bleu_score(["a b c"], ["a b c"]) == 0.0  # no 4-gram to match


def test_weights():
    # weights (1, 0, 0): unigram precision only
    assert rs.text.sentence_bleu(REFS, CAND, weights=[1, 0, 0]) == pytest.approx(5 / 6)
    assert rs.text.sentence_bleu(REFS, CAND, weights=[0.5, 0.5]) == pytest.approx(
        math.sqrt(5 / 6 * 3 / 5))


def test_empty_candidate_scores_zero():
    assert rs.text.sentence_bleu("a b", "") == 0.0
    assert rs.text.sentence_bleu("a b", "a", max_n=2) == 0.0  # no bigram at all: p2 = 0/1
    # add1: p2 = (0 + 1) / (1 + 1) (the empty count is 1 first, as NLTK); BP = e^(1 − 2)
    assert rs.text.sentence_bleu("a b", "a", max_n=2, smoothing="add1") == pytest.approx(
        math.exp(1 - 2) * math.sqrt(0.5), rel=1e-15)


def test_huge_max_n_costs_no_more_than_the_longest_candidate():
    # n-grams longer than every candidate occur nowhere: m_n = 0 of l_n = 0 (counted as 1).
    # max_n = 10**12 built a list of 10**12 weights (MemoryError) and looped to N (a hang).
    n = 10**12
    assert rs.text.sentence_bleu("a b c", "a b c", max_n=n) == 0.0
    # p1..p3 = 1; every longer n contributes (1/N) log 0.1 (epsilon) or (1/N) log 0.5 (add1)
    assert rs.text.sentence_bleu("a b c", "a b c", max_n=n, smoothing="epsilon") == pytest.approx(
        math.exp((n - 3) / n * math.log(0.1)), rel=1e-12)
    assert rs.text.sentence_bleu("a b c", "a b c", max_n=n, smoothing="add1") == pytest.approx(
        math.exp((n - 3) / n * math.log(0.5)), rel=1e-12)
    # explicit weights: only those beyond the candidates' length decide
    assert rs.text.sentence_bleu("a b c", "a b c", weights=[0.5, 0.5] + [0.0] * 10**5) == 1.0
    assert rs.text.sentence_bleu("a b c", "a b c", weights=[1.0] * 3 + [0.0] * 10**5 + [1e-9]) == 0.0


short_sentence = st.lists(st.sampled_from(["a", "b"]), min_size=0, max_size=4)


@given(corpus=st.lists(st.tuples(st.lists(short_sentence, min_size=1, max_size=2),
                                 short_sentence), min_size=1, max_size=3),
       max_n=st.integers(4, 9), smoothing=st.sampled_from([None, "add1", "epsilon"]))
def test_n_beyond_every_candidate_matches_brute_force(corpus, max_n, smoothing):
    references = [refs for refs, _ in corpus]
    candidates = [cand for _, cand in corpus]
    expected = brute_bleu(references, candidates, max_n=max_n, smoothing=smoothing)
    got = rs.text.bleu_score(references, candidates, max_n=max_n, smoothing=smoothing)
    assert got == pytest.approx(expected, rel=1e-12, abs=0)


# --------------------------------------------------------------------------- brute force

words = st.sampled_from(["a", "b", "c", "the"])
sentence = st.lists(words, min_size=0, max_size=8)


@given(corpus=st.lists(st.tuples(st.lists(sentence, min_size=1, max_size=3), sentence),
                       min_size=1, max_size=4),
       max_n=st.integers(1, 4), smoothing=st.sampled_from([None, "add1", "epsilon"]))
def test_matches_brute_force(corpus, max_n, smoothing):
    references = [refs for refs, _ in corpus]
    candidates = [cand for _, cand in corpus]
    expected = brute_bleu(references, candidates, max_n=max_n, smoothing=smoothing)
    got = rs.text.bleu_score(references, candidates, max_n=max_n, smoothing=smoothing)
    assert got == pytest.approx(expected, rel=1e-12, abs=0)


def test_numpy_and_pandas_arguments():
    # np.int64(3) was "max_n must be an integer", np.array weights "must be a sequence",
    # a pandas Series of sentences "references must be a sequence"
    np = pytest.importorskip("numpy")
    pd = pytest.importorskip("pandas")
    expected = rs.text.bleu_score([REFS, "a b c d"], [CAND, "a b c d"], max_n=3)
    assert rs.text.bleu_score([REFS, "a b c d"], [CAND, "a b c d"], max_n=np.int64(3)) == expected
    assert rs.text.bleu_score([REFS, "a b c d"], [CAND, "a b c d"],
                         weights=np.full(3, 1 / 3)) == pytest.approx(expected, rel=1e-15)
    assert rs.text.bleu_score([REFS, "a b c d"], [CAND, "a b c d"],
                         weights=[np.float32(0.5), np.float32(0.5)]) == rs.text.bleu_score(
        [REFS, "a b c d"], [CAND, "a b c d"], max_n=2)
    frame = pd.DataFrame({"ref": ["the cat is on the mat", "a b c d"],
                          "hyp": ["the cat sat on the mat", "a b c d"]})
    assert rs.text.bleu_score(frame["ref"], frame["hyp"], max_n=3) == rs.text.bleu_score(
        list(frame["ref"]), list(frame["hyp"]), max_n=3)
    assert rs.text.sentence_bleu(np.array(REFS), np.array(CAND.split()), max_n=3) == pytest.approx(
        0.5, rel=1e-15)
    with pytest.raises(TypeError, match="max_n must be an integer"):
        rs.text.bleu_score([REFS], [CAND], max_n=np.float64(3))
    with pytest.raises(TypeError, match="max_n must be an integer"):
        rs.text.bleu_score([REFS], [CAND], max_n=np.bool_(True))


# --------------------------------------------------------------------------- validation

@pytest.mark.parametrize(
    "references, candidates, kwargs, error, match",
    [
        ([REFS], [CAND, CAND], {}, ValueError, "references has 1 entries but candidates has 2"),
        ([], [], {}, ValueError, "candidates is empty"),
        ("a b", ["a b"], {}, TypeError, "references must be a sequence"),
        ([REFS], CAND, {}, TypeError, "candidates must be a sequence"),
        ([[]], [CAND], {}, TypeError, r"references\[0\] must be a reference string"),
        ([REFS], [["a", 1]], {}, TypeError, r"candidates\[0\] must be a string"),
        ([[["a", 2]]], [CAND], {}, TypeError, r"references\[0\]\[0\] must be a string"),
        ([REFS], [CAND], {"max_n": 0}, ValueError, "max_n must be >= 1"),
        ([REFS], [CAND], {"max_n": 2.0}, TypeError, "max_n must be an integer"),
        ([REFS], [CAND], {"max_n": 3, "weights": [0.5, 0.5]}, ValueError,
         "weights has 2 entries but max_n is 3"),
        ([REFS], [CAND], {"weights": []}, ValueError, "weights is empty"),
        ([REFS], [CAND], {"weights": [1, -1]}, ValueError, "non-negative"),
        ([REFS], [CAND], {"weights": [0, 0]}, ValueError, "positive sum"),
        ([REFS], [CAND], {"weights": [1, float("nan")]}, ValueError, "finite"),
        ([REFS], [CAND], {"weights": ["a"]}, TypeError, "weights must be numbers"),
        ([REFS], [CAND], {"weights": 0.5}, TypeError, "weights must be a sequence"),
        ([REFS], [CAND], {"smoothing": "add-one"}, ValueError, "smoothing must be one of"),
    ],
)
def test_validation(references, candidates, kwargs, error, match):
    with pytest.raises(error, match=match):
        rs.text.bleu_score(references, candidates, **kwargs)


def test_sentence_bleu_validation_names_the_problem():
    with pytest.raises(TypeError, match=r"candidates\[0\] must be a string"):
        rs.text.sentence_bleu(REFS, 42)
