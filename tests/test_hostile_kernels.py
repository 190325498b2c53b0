"""The kernels refuse arguments that break what their loops trust (arrays of one length,
room in an output, indices within an array ...): a ValueError naming the numbers, the same on
both backends (the autouse ``backend`` fixture runs each case on each), raised before
anything is written. The public functions never pass such arguments; these cases call the
kernels directly, as an internal caller with a bug would."""

import numpy as np
import pytest

from rankscore import _backend

F = np.float64
I = np.int64


def _call(name, *args):
    return getattr(_backend.kernels, name)(*args)


# ---------------------------------------------------------------------------------------
# sweep


@pytest.mark.parametrize("name, args, message", [
    ("ap_merge", (np.array([0.1, 0.2]), np.ones(1), np.array([0.3]), np.ones(1)),
     "the weights must have their scores' length, got 1 and 2"),
    ("auc_merge_weighted", (np.array([0.1]), np.ones(1), np.array([0.3, 0.4]), np.ones(1)),
     "the weights must have their scores' length, got 1 and 2"),
    ("ks_merge_weighted", (np.array([0.1]), np.ones(3), np.array([0.3]), np.ones(1)),
     "the weights must have their scores' length, got 3 and 1"),
    ("auc_counts", (np.array([1, 2], I), np.array([1], I)),
     "neg and pos need one count per threshold"),
    ("ks_counts", (np.array([1], I), np.array([1, 2], I)),
     "neg and pos need one count per threshold"),
    ("count_scores", (np.array([0, 1, 1], I), 1, np.array([0.1, 0.2, 0.3]), -1),
     r"max_distinct must be >= 0, got -1"),
])
def test_sweep_kernels_refuse_what_their_loops_trust(name, args, message):
    with pytest.raises(ValueError, match=message):
        _call(name, *args)


@pytest.mark.parametrize("bad, message", [
    (3, r"rows must hold indices in \[0, 3\), got 3 at 1"),
    (-1, r"rows must hold indices in \[0, 3\), got -1 at 1"),
])
def test_take_rows_transposed_refuses_rows_past_the_scores(bad, message):
    scores = np.arange(6, dtype=F).reshape(3, 2)
    out = np.full((2, 2), -7.0)
    with pytest.raises(ValueError, match=message):
        _call("take_rows_transposed", scores, np.array([0, bad], I), out)
    np.testing.assert_array_equal(out, -7.0)


# ---------------------------------------------------------------------------------------
# sort


@pytest.mark.parametrize("edges, weights, message", [
    ([0, 2, 5], None, r"edges must be non-decreasing within \[0, 4\], got 5 at 2"),
    ([-1, 2, 4], None, r"edges must be non-decreasing within \[0, 4\], got -1 at 0"),
    ([0, 3, 1, 4], None, r"edges must be non-decreasing within \[0, 4\], got 1 at 2"),
    ([0, 4], np.ones(3), "the weights must have their scores' length, got 3 and 4"),
])
def test_sort_runs_refuses_runs_past_the_scores(backend, edges, weights, message):
    # (the NumPy twin only: the compiled sort_runs, fed by split_buckets' own edges, does
    # not check them, since its module built with the checks sorted 10^6 scores 9 % slower)
    if backend != "python":
        pytest.skip("the compiled sort_runs trusts split_buckets' edges")
    scores = np.array([0.4, 0.3, 0.2, 0.1])
    before = None if weights is None else weights.copy()
    with pytest.raises(ValueError, match=message):
        _call("sort_runs", scores, np.array(edges, I), weights)
    np.testing.assert_array_equal(scores, [0.4, 0.3, 0.2, 0.1])  # nothing sorted
    if weights is not None:
        np.testing.assert_array_equal(weights, before)


# ---------------------------------------------------------------------------------------
# ranking


@pytest.mark.parametrize("name, args, message", [
    ("check_positions", (np.array([1, 2, 3], I), np.array([0, 1], I), 10),
     "must have one length, got 3 and 2"),
    ("check_positions", (np.array([1, 2, 3], I), np.array([0, 1, 3], I), 10),
     r"order must hold indices in \[0, 3\), got 3 at 2"),
    ("check_positions", (np.array([1, 2, 3], I), np.array([-5, 1, 2], I), 10),
     r"order must hold indices in \[0, 3\), got -5 at 0"),
    ("score_columns", (np.array([1, 2], I), np.array([2, 3], I), np.array([0], I), 4.0),
     "must have one length, got 2 and 1"),
])
def test_ranking_kernels_refuse_what_their_loops_trust(name, args, message):
    with pytest.raises(ValueError, match=message):
        _call(name, *args)


@pytest.mark.parametrize("p, k, n_masks, n_scores, message", [
    (5, 3, 6, 5, "must have one length, got 6 and 5"),
    (5, 3, 7, 7, r"masks and scores must hold at most C\(4, 2\) = 6 rankings, got 7"),
    (63, 1, 1, 1, "the rankings need 1 <= k <= p <= 62, got p = 63, k = 1"),
    (3, 4, 1, 1, "the rankings need 1 <= k <= p <= 62, got p = 3, k = 4"),
    (3, 0, 1, 1, "the rankings need 1 <= k <= p <= 62, got p = 3, k = 0"),
])
def test_enumerate_rankings_into_refuses_outputs_of_another_size(p, k, n_masks, n_scores,
                                                                 message):
    masks, scores = np.zeros(n_masks, np.uint64), np.full(n_scores, -1.0)
    with pytest.raises(ValueError, match=message):
        _call("enumerate_rankings_into", p, k, 4.0, masks, scores)
    np.testing.assert_array_equal(masks, 0)
    np.testing.assert_array_equal(scores, -1.0)


def test_enumerate_rankings_into_writes_the_first_rankings_into_shorter_outputs():
    every_masks, every_scores = np.zeros(6, np.uint64), np.zeros(6)
    _call("enumerate_rankings_into", 5, 3, 4.0, every_masks, every_scores)
    for n in range(6):
        masks, scores = np.zeros(n, np.uint64), np.zeros(n)
        _call("enumerate_rankings_into", 5, 3, 4.0, masks, scores)
        assert masks.tolist() == every_masks[:n].tolist()
        assert scores.tolist() == every_scores[:n].tolist()


# ---------------------------------------------------------------------------------------
# multilabel


def _csr_case(case):
    # two 2-row matrices over 3 labels: t = [[1, 0, 1], [0, 1, 0]], p = [[1, 1, 0], [0, 0, 0]]
    t = [np.array([0, 2, 3], I), np.array([0, 2, 1], I), np.ones(3)]
    p = [np.array([0, 2, 2], I), np.array([0, 1], I), np.ones(2)]
    weight = np.empty(0)
    if case == "t_ptr past the indices":
        t[0] = np.array([0, 2, 4], I)
    elif case == "t_ptr falling":
        t[0] = np.array([0, 3, 2], I)
    elif case == "p_ptr negative":
        p[0] = np.array([-1, 2, 2], I)
    elif case == "t_ptr empty":
        t[0] = np.zeros(0, I)
    elif case == "t_idx past the labels":
        t[1] = np.array([0, 3, 1], I)
    elif case == "p_idx negative":
        p[1] = np.array([-1, 1], I)
    elif case == "t_val short":
        t[2] = np.ones(2)
    elif case == "rows differ":
        p[0] = np.array([0, 2], I)
    elif case == "weight short":
        weight = np.ones(1)
    return (*t, *p, 3, weight)


@pytest.mark.parametrize("case, message", [
    ("t_ptr past the indices", r"t_ptr must be non-decreasing within \[0, 3\], got 4 at 2"),
    ("t_ptr falling", r"t_ptr must be non-decreasing within \[0, 3\], got 2 at 2"),
    ("p_ptr negative", r"p_ptr must be non-decreasing within \[0, 2\], got -1 at 0"),
    ("t_ptr empty", "t_ptr must have an entry per row and one more, got none"),
    ("t_idx past the labels", r"t_idx must hold indices in \[0, 3\), got 3 at 1"),
    ("p_idx negative", r"p_idx must hold indices in \[0, 3\), got -1 at 0"),
    ("t_val short", "must have one length, got 3 and 2"),
    ("rows differ", "the matrices must have one number of rows, got 2 and 1"),
    ("weight short", "weight must be empty or have one entry per row, got 1 for 2 rows"),
])
def test_multilabel_confusion_csr_refuses_what_its_loop_trusts(case, message):
    with pytest.raises(ValueError, match=message):
        _call("multilabel_confusion_csr", *_csr_case(case))


def test_multilabel_confusion_csr_of_the_test_matrices():
    # the matrices above, unchanged, are counted (the cases differ from them in one array)
    sums, heavy, cells = _call("multilabel_confusion_csr", *_csr_case(None))
    np.testing.assert_array_equal(sums, [[1, 1, 1, 1], [2, 1, 1, 0], [1, 0, 1, 0]])
    np.testing.assert_array_equal(heavy, [1, 2, 1])
    np.testing.assert_array_equal(cells, [[0, 1, 1, 1], [2, 0, 1, 0]])


# ---------------------------------------------------------------------------------------
# uncertainty


@pytest.mark.parametrize("n_pos, n_out, message", [
    (1, 4, "n_pos must be the number of positives, got 1 for 3"),
    (4, 4, "n_pos must be the number of positives, got 4 for 3"),
    (0, 4, "n_pos must be the number of positives, got 0 for 3"),
    (3, 3, "labels, scores and out must have the same length, n_pos at most it"),
])
def test_delong_sample_placements_refuses_a_wrong_count(n_pos, n_out, message):
    labels = np.array([1, 1, 0, 1], np.uint8)
    out = np.full(n_out, -1.0)
    with pytest.raises(ValueError, match=message):
        _call("delong_sample_placements", labels, np.uint8(1), np.array([0.1, 0.2, 0.3, 0.4]),
              n_pos, out)
    np.testing.assert_array_equal(out, -1.0)


def test_delong_scale_refuses_values_of_another_length():
    values = np.ones(2)
    with pytest.raises(ValueError, match="labels and values must have the same length"):
        _call("delong_scale", np.array([0, 1, 1], np.uint8), np.uint8(1), values, 0.0, 2.0,
              0.0, 2.0)
    np.testing.assert_array_equal(values, 1.0)


def _bootstrap_case(case, kernel):
    neg, pos = np.array([0.1, 0.2, 0.3]), np.array([0.2, 0.5])
    args = {"neg_weight": np.ones(3), "pos_weight": np.ones(2),
            "neg_order": np.array([2, 0, 1], np.intp), "pos_order": np.array([1, 0], np.intp)}
    seeds = np.arange(3, dtype=np.uint64)
    out = np.full(3, -1.0) if kernel == "bootstrap_auc" else np.full((3, 8), -1.0)
    if case == "short out":
        out = out[:2]
    elif case == "narrow out":
        out = np.full((3, 7), -1.0)
    elif case.startswith(("neg", "pos")):
        name, change = case.split(" ", 1)
        args[name] = {"short": args[name][:-1], "past": args[name] + 1,
                      "negative": args[name] - 1}[change]
    return (neg, args["neg_weight"], pos, args["pos_weight"], args["neg_order"],
            args["pos_order"], False, seeds, out)


@pytest.mark.parametrize("kernel", ["bootstrap_auc", "bootstrap_group_counts"])
@pytest.mark.parametrize("case, message", [
    ("neg_weight short", "neg_weight must have one entry per score of its class, got 2 for 3"),
    ("pos_weight short", "pos_weight must have one entry per score of its class, got 1 for 2"),
    ("neg_order short", "neg_order must have one entry per score of its class, got 2 for 3"),
    ("pos_order past", r"pos_order must hold indices in \[0, 2\), got 2 at 0"),
    ("neg_order negative", r"neg_order must hold indices in \[0, 3\), got -1 at 1"),
    ("short out", "out must have a row per seed, got 2 for 3 seeds"),
    ("narrow out", "out must have two columns per distinct score, got 7 for 4"),
])
def test_bootstrap_kernels_refuse_what_their_replicates_trust(kernel, case, message):
    if case == "narrow out" and kernel == "bootstrap_auc":
        pytest.skip("one value per replicate")
    args = _bootstrap_case(case, kernel)
    with pytest.raises(ValueError, match=message):
        _call(kernel, *args)
    np.testing.assert_array_equal(args[-1], -1.0)  # nothing written


@pytest.mark.parametrize("kernel", ["bootstrap_auc", "bootstrap_group_counts"])
def test_bootstrap_kernels_draw_the_test_parts(kernel):
    # the parts above, unchanged, are drawn (each case differs from them in one array)
    args = _bootstrap_case("", kernel)
    _call(kernel, *args)
    out = args[-1]
    if kernel == "bootstrap_group_counts":
        np.testing.assert_array_equal(out.sum(axis=1), 5.0)  # 5 draws of weight 1 each
    else:
        assert np.all(np.isnan(out) | ((out >= 0) & (out <= 1)))


# ---------------------------------------------------------------------------------------
# ks


@pytest.mark.parametrize("name, args, message", [
    ("ks_two_sample_sf", (3, 2, 1, True, np.zeros(5, np.uint8)),
     r"checked must be empty or have m \+ n \+ 1 = 6 entries, got 5"),
    ("ks_two_sample_sf", (3, 2, 1, False, np.zeros(7, np.uint8)),
     r"checked must be empty or have m \+ n \+ 1 = 6 entries, got 7"),
    ("ks_two_sample_sf", (3, -1, 1, True, np.zeros(0, np.uint8)),
     "ks_two_sample_sf needs m, n and h of 1 or more, got 3, -1 and 1"),
    ("ks_two_sample_sf", (0, 0, 1, True, np.zeros(0, np.uint8)),
     "ks_two_sample_sf needs m, n and h of 1 or more, got 0, 0 and 1"),
    ("ks_two_sample_sf", (3, 2, 0, True, np.zeros(0, np.uint8)),
     "ks_two_sample_sf needs m, n and h of 1 or more, got 3, 2 and 0"),
    ("ks_counts_signed", (np.array([1, 2], I), np.array([1], I)),
     "ks_counts_signed needs counts of one length"),
    ("ks_merge_signed", (np.zeros(0), np.array([0.5])),
     "ks_merge_signed needs both classes, got 0 and 1 scores"),
])
def test_ks_kernels_refuse_what_their_loops_trust(name, args, message):
    with pytest.raises(ValueError, match=message):
        _call(name, *args)


# ---------------------------------------------------------------------------------------
# ir


def _per_query_args(name, offsets=(0, 2, 3), rel=(1, 0, 2), per_query=2):
    offsets, rel = np.array(offsets, I), np.array(rel, I)
    column = np.full(per_query, 3, I)
    return {"ir_relevant_in_top": (offsets, rel, 1, column),
            "ir_precision_sum": (offsets, rel, 1, column),
            "ir_first_relevant": (offsets, rel, 1, column),
            "ir_dcg": (offsets, rel, column, np.log2(np.arange(2, 5.0)), False),
            "ir_bpref": (offsets, rel, 1, column, column),
            "ir_ranking_columns": (offsets, rel, 1)}[name]


PER_QUERY = ["ir_relevant_in_top", "ir_precision_sum", "ir_first_relevant", "ir_dcg",
             "ir_bpref", "ir_ranking_columns"]


@pytest.mark.parametrize("name", PER_QUERY)
@pytest.mark.parametrize("offsets, message", [
    ((0, 2, 4), r"offsets must be non-decreasing within \[0, 3\], got 4 at 2"),
    ((0, 3, 2), r"offsets must be non-decreasing within \[0, 3\], got 2 at 2"),
    ((-1, 2, 3), r"offsets must be non-decreasing within \[0, 3\], got -1 at 0"),
    ((), "offsets must have an entry per item and one more, got none"),
])
def test_ir_per_query_kernels_refuse_offsets_past_the_rankings(name, offsets, message):
    with pytest.raises(ValueError, match=message):
        _call(name, *_per_query_args(name, offsets=offsets))


@pytest.mark.parametrize("name, what", [
    ("ir_relevant_in_top", "cut"), ("ir_precision_sum", "cut"), ("ir_first_relevant", "cut"),
    ("ir_dcg", "cut"), ("ir_bpref", "num_rel"),
])
def test_ir_per_query_kernels_refuse_a_column_per_query_of_another_length(name, what):
    with pytest.raises(ValueError, match=f"{what} must have one entry per query, got 1 for 2"):
        _call(name, *_per_query_args(name, per_query=1))


def test_ir_kernels_read_the_test_rankings():
    # the arguments above, unchanged, are read (each case differs from them in one array)
    np.testing.assert_array_equal(_call("ir_relevant_in_top", *_per_query_args(
        "ir_relevant_in_top")), [1, 1])
    np.testing.assert_allclose(_call("ir_dcg", *_per_query_args("ir_dcg")), [1.0, 2.0])


def test_ir_dcg_refuses_too_few_rank_logarithms():
    offsets, rel, cut, log2_rank, exponential = _per_query_args("ir_dcg")
    with pytest.raises(ValueError, match="log2_rank must have an entry per counted rank, got 1 "
                                         "for 2"):
        _call("ir_dcg", offsets, rel, cut, log2_rank[:1], exponential)


POOL = np.frombuffer(b"d1d2d33", np.uint8)  # ids "d1", "d2", "d33"


def _duplicate_args(offsets=(0, 2, 3), docs=(0, 1, 2), pool_offsets=(0, 2, 4, 7), n_hashes=3):
    # two queries over the three ids of POOL: (d1, d2) and (d33)
    return (np.array(offsets, I), np.array(docs, I), POOL, np.array(pool_offsets, I),
            np.arange(n_hashes, dtype=np.uint64))


@pytest.mark.parametrize("name, args, message", [
    ("fnv1a_hashes", (POOL, np.array([0, 2, 4, 8], I)),
     r"offsets must be non-decreasing within \[0, 7\], got 8 at 3"),
    ("fnv1a_hashes", (POOL, np.zeros(0, I)),
     "offsets must have an entry per item and one more, got none"),
    ("gather_ids", (POOL, np.array([0, 2, 4, 7], I), np.array([0, 3], I)),
     r"codes must hold indices in \[0, 3\), got 3 at 1"),
    ("gather_ids", (POOL, np.array([0, 2, 9, 7], I), np.array([1], I)),
     r"offsets of id 1 must rise within \[0, 7\], got 2 and 9"),
    ("gather_ids", (POOL, np.array([0, 4, 2, 7], I), np.array([2, 1], I)),
     r"offsets of id 1 must rise within \[0, 7\], got 4 and 2"),
    ("ir_first_duplicate", _duplicate_args(offsets=(0, 2, 4)),
     r"offsets must be non-decreasing within \[0, 3\], got 4 at 2"),
    ("ir_first_duplicate", _duplicate_args(docs=(0, 1, 3)),
     r"docs must hold indices in \[0, 3\), got 3 at 2"),
    ("ir_first_duplicate", _duplicate_args(pool_offsets=(0, 2, 4, 8)),
     r"pool_offsets must be non-decreasing within \[0, 7\], got 8 at 3"),
    ("ir_first_duplicate", _duplicate_args(n_hashes=2),
     "pool_offsets must have an entry per hash and one more, got 4 for 2"),
    ("ir_first_duplicate", _duplicate_args(), None),
])
def test_ir_id_kernels_refuse_what_their_loops_trust(name, args, message):
    if message is None:  # the arguments the cases change, unchanged: no duplicate found
        assert _call(name, *args) == -1
        return
    with pytest.raises(ValueError, match=message):
        _call(name, *args)


def _join_args(case):
    # one query: the run holds ids 0 and 2 ("d1", "d33"), the qrels ids 0 and 1 ("d1", "d2")
    hashes = _call("fnv1a_hashes", POOL, np.array([0, 2, 4, 7], I))
    order = np.argsort(hashes[[0, 1]])
    run = [np.array([0], I), np.array([2], I), hashes[[0, 2]], np.array([0, 2], I), POOL,
           np.array([0, 2, 4, 7], I)]
    qrels = [np.array([0], I), np.array([2], I), hashes[[0, 1]][order],
             np.array([0, 1], I)[order], POOL, np.array([0, 2, 4, 7], I)]
    relevance, out_offsets = np.array([1, 2], I)[order], np.array([0, 2], I)
    if case == "run stops past":
        run[1] = np.array([3], I)
    elif case == "qrels starts negative":
        qrels[0] = np.array([-1], I)
    elif case == "run docs short":
        run[3] = np.array([0], I)
    elif case == "relevance short":
        relevance = relevance[:1]
    elif case == "out_offsets short":
        out_offsets = np.array([0], I)
    elif case == "out_offsets without room":
        out_offsets = np.array([0, 1], I)
    elif case == "qrels spans of another length":
        qrels[0], qrels[1] = np.array([0, 0], I), np.array([2, 2], I)
    return (*run, *qrels, relevance, out_offsets)


@pytest.mark.parametrize("case, message", [
    ("run stops past", r"run entries of query 0 must lie within \[0, 2\], got \[0, 3\)"),
    ("qrels starts negative", r"qrels entries of query 0 must lie within \[0, 2\], got \[-1, 2\)"),
    ("run docs short", "must have one length, got 2 and 1"),
    ("relevance short", "relevance must have an entry per qrels entry, got 1 for 2"),
    ("out_offsets short", "out_offsets must have one entry per query .and one more., got 1 and "
                          "1 for 1 queries"),
    ("out_offsets without room", "out_offsets must leave room for query 0's 2 run entries, "
                                 "got 1"),
    ("qrels spans of another length", "out_offsets must have one entry per query .and one "
                                      "more., got 2 and 2 for 1 queries"),
])
def test_ir_join_refuses_what_its_loop_trusts(case, message):
    with pytest.raises(ValueError, match=message):
        _call("ir_join", *_join_args(case))


def test_ir_join_of_the_test_arguments():
    rel, collision = _call("ir_join", *_join_args(""))
    np.testing.assert_array_equal(rel, [1, -1])  # "d1" judged 1, "d33" not judged
    assert not collision


@pytest.mark.parametrize("n_fields, value_field", [(9, 4), (2, 1), (6, 6), (4, -1)])
def test_parse_trec_refuses_fields_past_its_line_buffers(n_fields, value_field):
    with pytest.raises(ValueError, match=f"parse_trec reads 3 to 8 fields and a value among "
                                         f"them, got {n_fields} and {value_field}"):
        _call("parse_trec", b"q1 0 d1 1\n", n_fields, value_field, True, lambda b: None)
