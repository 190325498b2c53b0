"""Multilabel-indicator targets and the scikit-learn names added with them
(multilabel_confusion_matrix, jaccard_score, hamming_loss, zero_one_loss, cohen_kappa_score,
brier_score_loss): parity with scikit-learn 1.9.1 on random multilabel, multiclass and
binary input, with weights, every average and zero_division, dense and sparse; the kernel
against a per-entry count; validation errors."""

import warnings

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _backend

sk = pytest.importorskip("sklearn.metrics")
sparse = pytest.importorskip("scipy.sparse")


def _run(fn, *args, **kwargs):
    """``(result, messages)``: the value (or ``("error", type)``) and the sorted messages of
    UndefinedMetricWarning / UserWarning raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = fn(*args, **kwargs)
        except ValueError as exc:
            return ("error", type(exc).__name__), []
    return result, sorted(str(w.message) for w in caught
                          if issubclass(w.category, (UserWarning,))
                          and not issubclass(w.category, FutureWarning))


def _same(ours, theirs):
    if isinstance(theirs, (str, dict)) or isinstance(ours, (str, dict)):
        if isinstance(theirs, dict):
            assert ours.keys() == theirs.keys()
            for key in theirs:
                _same(ours[key], theirs[key])
        else:
            assert ours == theirs
    elif isinstance(theirs, tuple):
        assert len(ours) == len(theirs)
        for a, b in zip(ours, theirs):
            _same(a, b)
    elif theirs is None:
        assert ours is None
    else:
        np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-13)


def _parity(name, *args, **kwargs):
    """Same value and the same warnings (messages) as scikit-learn's function."""
    ours, our_messages = _run(getattr(rs, name), *args, **kwargs)
    theirs, their_messages = _run(getattr(sk, name), *args, **kwargs)
    _same(ours, theirs)
    assert our_messages == their_messages, name


@st.composite
def multilabel(draw):
    """(y_true, y_pred, sample_weight) as label-indicator matrices in one of the forms a
    user passes: int, bool or float arrays, lists, scipy CSR/CSC (matrix or array)."""
    n = draw(st.integers(1, 20))
    k = draw(st.integers(2, 5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    density = draw(st.sampled_from([0.1, 0.5, 0.9]))
    y_true = (rng.random((n, k)) < density).astype(np.int64)
    y_pred = np.where(rng.random((n, k)) < 0.6, y_true, rng.random((n, k)) < density)
    y_pred = y_pred.astype(np.int64)
    form = draw(st.sampled_from(["int", "bool", "float", "list", "csr", "csc_array", "mixed"]))
    if form == "bool":
        y_true, y_pred = y_true.astype(bool), y_pred.astype(bool)
    elif form == "float":
        y_true, y_pred = y_true.astype(np.float32), y_pred.astype(np.float64)
    elif form == "list":
        y_true, y_pred = y_true.tolist(), y_pred.tolist()
    elif form == "csr":
        y_true, y_pred = sparse.csr_matrix(y_true), sparse.csr_matrix(y_pred)
    elif form == "csc_array":
        y_true, y_pred = sparse.csc_array(y_true), sparse.csc_array(y_pred)
    elif form == "mixed":
        y_true = sparse.csr_array(y_true)
    weight_kind = draw(st.sampled_from([None, "float", "int"]))
    w = None
    if weight_kind == "float":
        w = rng.random(n) * 3
        w[rng.random(n) < 0.2] = 0.0
    elif weight_kind == "int":
        w = rng.integers(0, 4, n)
    if w is not None and not w.any():
        w[0] = 1
    labels = None
    if draw(st.booleans()):
        labels = rng.permutation(k)[:draw(st.integers(1, k))].tolist()
    return y_true, y_pred, w, labels


@st.composite
def labelled(draw):
    """Binary or multiclass 1-D labels (numbers or strings) with weights."""
    n = draw(st.integers(1, 25))
    k = draw(st.integers(1, 4))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    y_true = rng.integers(0, k, n)
    y_pred = np.where(rng.random(n) < 0.5, y_true, rng.integers(0, k, n))
    if draw(st.booleans()):
        names = np.array(["ant", "bee", "cat", "dog"])
        y_true, y_pred = names[y_true], names[y_pred]
    w = None
    if draw(st.booleans()):
        w = rng.random(n) * 3
        w[rng.random(n) < 0.2] = 0.0
        if not w.any():
            w[0] = 1.0
    labels = None
    if draw(st.booleans()):
        classes = np.unique(np.concatenate([y_true, y_pred]))
        labels = rng.permutation(classes)[:draw(st.integers(1, len(classes)))].tolist()
    return y_true, y_pred, w, labels


AVERAGES = [None, "micro", "macro", "weighted", "samples"]
ZERO_DIVISION = ["warn", 0.0, 1.0, np.nan]


@given(multilabel(), st.sampled_from(AVERAGES), st.sampled_from(ZERO_DIVISION))
def test_multilabel_scores_parity(data, average, zero_division):
    y_true, y_pred, w, labels = data
    kw = dict(labels=labels, average=average, sample_weight=w, zero_division=zero_division)
    for name in ("precision_score", "recall_score", "f1_score",
                 "precision_recall_fscore_support"):
        _parity(name, y_true, y_pred, **kw)
    _parity("fbeta_score", y_true, y_pred, beta=0.5, **kw)
    if not isinstance(zero_division, float) or zero_division in (0.0, 1.0):
        _parity("jaccard_score", y_true, y_pred, **kw)


@given(multilabel(), st.booleans())
def test_multilabel_counts_parity(data, normalize):
    y_true, y_pred, w, labels = data
    for samplewise in (False, True):
        _parity("multilabel_confusion_matrix", y_true, y_pred, sample_weight=w,
                labels=labels, samplewise=samplewise)  # fmt: skip
    for name in ("accuracy_score", "zero_one_loss"):
        _parity(name, y_true, y_pred, sample_weight=w, normalize=normalize)
    _parity("hamming_loss", y_true, y_pred, sample_weight=w)


@given(multilabel(), st.sampled_from(["warn", 0.0, 1.0]), st.booleans())
def test_multilabel_classification_report_parity(data, zero_division, output_dict):
    y_true, y_pred, w, labels = data
    dense = y_true.toarray() if sparse.issparse(y_true) else np.asarray(y_true)
    if w is not None and not output_dict and not dense[:, labels or slice(None)].any():
        # scikit-learn's weighted support is an int64 bincount of nothing here, printed "0";
        # ours is a float weight sum, printed "0.0" (a README difference): compare the dict
        output_dict = True
    _parity("classification_report", y_true, y_pred, sample_weight=w, labels=labels,
            zero_division=zero_division, output_dict=output_dict, digits=4)  # fmt: skip


@given(labelled(), st.sampled_from(["binary", None, "micro", "macro", "weighted"]),
       st.sampled_from(["warn", 0.0, 1.0]))
def test_jaccard_1d_parity(data, average, zero_division):
    y_true, y_pred, w, labels = data
    pos_label = y_true[0] if average == "binary" else 1
    _parity("jaccard_score", y_true, y_pred, labels=labels, average=average,
            sample_weight=w, zero_division=zero_division, pos_label=pos_label)


@given(labelled(), st.booleans())
def test_1d_counts_and_losses_parity(data, normalize):
    y_true, y_pred, w, labels = data
    _parity("multilabel_confusion_matrix", y_true, y_pred, sample_weight=w, labels=labels)
    _parity("hamming_loss", y_true, y_pred, sample_weight=w)
    _parity("zero_one_loss", y_true, y_pred, sample_weight=w, normalize=normalize)


@given(labelled(), st.sampled_from([None, "linear", "quadratic"]),
       st.sampled_from([np.nan, 0.0, -1.0]))
def test_cohen_kappa_parity(data, weights, replace_undefined_by):
    y1, y2, w, labels = data
    _parity("cohen_kappa_score", y1, y2, labels=labels, weights=weights, sample_weight=w,
            replace_undefined_by=replace_undefined_by)  # fmt: skip


@given(st.integers(1, 30), st.integers(1, 4), st.integers(0, 2**32 - 1),
       st.sampled_from(["auto", True, False]), st.booleans(), st.booleans())
def test_brier_score_loss_parity(n, k, seed, scale_by_half, weighted, float32):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, k, n)
    w = rng.random(n) + 0.01 if weighted else None
    dtype = np.float32 if float32 else np.float64
    if k <= 2:  # binary: probability of the positive class, labels {0,1}, {3,4} …
        shift = int(rng.integers(0, 4))
        p = rng.random(n).astype(dtype)
        _parity("brier_score_loss", y + shift, p, sample_weight=w, scale_by_half=scale_by_half)
        _parity("brier_score_loss", y + shift, p, sample_weight=w, scale_by_half=scale_by_half,
                pos_label=int(y[0] + shift))  # fmt: skip
    labels = list(range(max(k, 2)))
    proba = rng.random((n, len(labels))) + 0.01
    proba = (proba / proba.sum(axis=1, keepdims=True)).astype(dtype)
    _parity("brier_score_loss", y, proba, sample_weight=w, labels=labels,
            scale_by_half=scale_by_half)


def test_brier_score_loss_string_labels_need_pos_label():
    y = ["ham", "spam", "spam"]
    with pytest.raises(ValueError, match="pos_label is not specified"):
        rs.brier_score_loss(y, [0.1, 0.8, 0.6])
    assert rs.brier_score_loss(y, [0.1, 0.8, 0.6], pos_label="spam") == pytest.approx(
        sk.brier_score_loss(y, [0.1, 0.8, 0.6], pos_label="spam"), rel=1e-15)
    with pytest.raises(ValueError, match="multiclass but should be binary"):
        rs.brier_score_loss([0, 1, 2], [0.1, 0.8, 0.6])


def test_log_loss_accepts_deprecated_y_pred():
    y, p = [0, 1, 1], [[0.8, 0.2], [0.3, 0.7], [0.4, 0.6]]
    with pytest.warns(FutureWarning, match="renamed to `y_proba`"):
        ours = rs.log_loss(y, y_pred=p)
    assert ours == rs.log_loss(y, p)
    with pytest.raises(ValueError, match="Cannot use both"):
        rs.log_loss(y, p, y_pred=p)


# ---------------------------------------------------------------------------------------
# the kernels


@given(st.integers(1, 40), st.integers(1, 7), st.integers(0, 2**32 - 1), st.booleans(),
       st.sampled_from([np.uint8, np.int64, np.float64]))  # the kernels' indicator dtypes
def test_kernel_matches_a_per_entry_count(n, k, seed, weighted, dtype):
    rng = np.random.default_rng(seed)
    t = rng.integers(0, 2, (n, k)).astype(dtype)
    p = rng.integers(0, 2, (n, k)).astype(dtype)
    w = rng.random(n) if weighted else None
    label_sums = np.zeros((k, 4))  # tn, predicted, true, tp
    sample_cells = np.zeros((n, 4), dtype=np.int64)  # tn, fp, fn, tp
    for i in range(n):
        for j in range(k):
            weight = 1 if w is None else w[i]
            truth, predicted = int(t[i, j]), int(p[i, j])
            label_sums[j] += weight * np.array([truth == predicted == 0, predicted, truth,
                                                truth == predicted == 1])
            sample_cells[i, 2 * truth + predicted] += 1
    kernels = _backend.kernels
    if w is None:
        got = kernels.multilabel_confusion(t, p)
        assert got[0].dtype == np.int64
    else:
        got = kernels.multilabel_confusion_weighted(t, p, w)
        assert got[0].dtype == np.float64
    np.testing.assert_allclose(got[0], label_sums, rtol=1e-12)
    np.testing.assert_array_equal(got[1], sample_cells)
    assert got[1].dtype == np.int64 and got[2] == -1


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.uint16, np.uint32, np.uint64,
                                   np.float16, np.float32, bool])
def test_every_indicator_dtype_reads_as_the_kernels_dtypes(dtype):
    rng = np.random.default_rng(7)
    t, p = rng.integers(0, 2, (50, 4)), rng.integers(0, 2, (50, 4))
    expected = rs.multilabel_confusion_matrix(t, p)
    np.testing.assert_array_equal(rs.multilabel_confusion_matrix(t.astype(dtype), p.astype(dtype)),
                                  expected)
    w = rng.random(50)
    np.testing.assert_array_equal(
        rs.multilabel_confusion_matrix(t.astype(dtype), p.astype(dtype), sample_weight=w),
        rs.multilabel_confusion_matrix(t, p, sample_weight=w))
    bad = t.astype(dtype)
    if dtype is not bool:
        bad[3, 2] = 2
        with pytest.raises(ValueError, match=r"got 2(\.0)? at row 3, column 2"):
            rs.multilabel_confusion_matrix(bad, p.astype(dtype))


@given(st.integers(1, 12), st.integers(2, 5), st.integers(0, 2**32 - 1), st.booleans())
def test_backends_agree(n, k, seed, weighted):
    rng = np.random.default_rng(seed)
    t, p = rng.integers(0, 2, (n, k)), rng.integers(0, 2, (n, k))
    w = rng.random(n) + 0.1 if weighted else None
    results = []
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                results.append(rs.multilabel_confusion_matrix(t, p, sample_weight=w))
        except ImportError:
            pytest.skip("compiled module not built")
    np.testing.assert_array_equal(results[0], results[1])  # bit for bit


@pytest.mark.parametrize("bad_true", [True, False])
def test_kernel_reports_the_first_bad_entry(bad_true):
    t = np.zeros((3, 4), dtype=np.int64)
    p = np.ones((3, 4), dtype=np.int64)
    (t if bad_true else p)[1, 2] = 2
    (t if bad_true else p)[2, 0] = 5
    assert _backend.kernels.multilabel_confusion(t, p)[2] == 6
    assert _backend.kernels.multilabel_confusion_weighted(t, p, np.ones(3))[2] == 6
    name = "y_true" if bad_true else "y_pred"
    with pytest.raises(ValueError, match=f"{name} is a 2-D label-indicator matrix and must "
                                         "hold only 0 and 1, got 2 at row 1, column 2"):
        rs.f1_score(t, p, average="macro")


# ---------------------------------------------------------------------------------------
# input handling


def test_inputs_are_not_modified():
    t = sparse.csr_matrix(np.array([[1, 0], [0, 1]]))
    t.data[:] = [1, 1]
    t_dup = sparse.csr_matrix((np.array([1, 0]), np.array([0, 1]), np.array([0, 1, 2])),
                              shape=(2, 2))  # a stored zero
    before = t_dup.data.copy()
    p = np.array([[1, 1], [0, 1]])
    p_before = p.copy()
    assert rs.accuracy_score(t_dup, p) == sk.accuracy_score(sparse.csr_matrix(t_dup.toarray()),
                                                            p)
    np.testing.assert_array_equal(t_dup.data, before)
    np.testing.assert_array_equal(p, p_before)


def test_values_other_than_0_and_1_are_errors():
    with pytest.raises(ValueError, match="got 2 at row 0, column 1"):
        rs.hamming_loss(sparse.csr_matrix([[1, 2]]), sparse.csr_matrix([[1, 1]]))
    with pytest.raises(ValueError, match="got nan at row 0, column 0"):
        rs.hamming_loss(np.array([[np.nan, 1]]), np.array([[1, 1]]))
    with pytest.raises(ValueError, match="got 0.5"):
        rs.hamming_loss(np.array([[0.5, 1]]), np.array([[1, 1]]))
    with pytest.raises(TypeError, match="must hold 0 and 1"):
        rs.hamming_loss(np.array([["a", "b"]]), np.array([["a", "b"]]))


@pytest.mark.parametrize("name, kwargs", [
    ("f1_score", {"average": "macro"}), ("precision_score", {"average": None}),
    ("accuracy_score", {}), ("hamming_loss", {}), ("zero_one_loss", {}),
    ("multilabel_confusion_matrix", {}), ("classification_report", {}),
])
@pytest.mark.parametrize("convert", [sparse.csr_matrix, sparse.csc_array])
def test_a_sparse_column_is_refused_as_scikit_learn_refuses_it(name, kwargs, convert):
    """A dense (n, 1) column is a vector of labels; the same column as a sparse matrix was
    read as a one-label indicator: f1 macro 2/3 (class 1 alone) where the dense column gives
    1/3 (classes 0 and 1). scikit-learn refuses sparse input that is not multilabel."""
    t, p = np.array([[1], [0], [1], [1]]), np.array([[1], [1], [0], [1]])
    with pytest.raises(TypeError) as theirs:
        getattr(sk, name)(convert(t), convert(p), **kwargs)
    with pytest.raises(TypeError, match="y_true is a scipy.sparse matrix of one column") as ours:
        getattr(rs, name)(convert(t), convert(p), **kwargs)
    assert str(ours.value).startswith(str(theirs.value))
    with pytest.raises(TypeError, match="y_pred is a scipy.sparse matrix of one column"):
        getattr(rs, name)(convert(np.hstack([t, t])), convert(p), **kwargs)
    with pytest.raises(TypeError, match="y_true is a scipy.sparse matrix of one column"):
        getattr(rs, name)(convert(t), p.ravel(), **kwargs)  # (not "a mix of multilabel")
    # the dense column is read as labels, as scikit-learn reads it
    np.testing.assert_equal(getattr(rs, name)(t, p, **kwargs), getattr(sk, name)(t, p, **kwargs))


@pytest.mark.parametrize("call, message", [
    (lambda: rs.f1_score([[0, 1]], [[0, 1]]), "multilabel-indicator but average='binary'"),
    (lambda: rs.f1_score([[0, 1], [1, 1]], [0, 1], average="macro"), "mix of multilabel"),
    (lambda: rs.f1_score([[0, 1, 1]], [[0, 1]], average="macro"), "different numbers of labels"),
    (lambda: rs.f1_score([[0, 1]], [[0, 1], [1, 1]], average="macro"), "inconsistent numbers"),
    (lambda: rs.f1_score([[0, 1]], [[0, 1]], average="macro", labels=[2]),
     r"All labels must be in \[0, n labels\)"),
    (lambda: rs.f1_score([[0, 1]], [[0, 1]], average="macro", labels=[-1]), "< 0"),
    (lambda: rs.f1_score([[0, 1]], [[0, 1]], average="macro", labels=["a"]), "column indices"),
    (lambda: rs.f1_score([[0, 1]], [[0, 1]], average="macro", sample_weight=[0]), "zero"),
    (lambda: rs.multilabel_confusion_matrix([0, 1], [0, 1], samplewise=True), "Samplewise"),
    (lambda: rs.jaccard_score([0, 1], [0, 1], zero_division=np.nan), "zero_division"),
    (lambda: rs.cohen_kappa_score([0, 1], [0, 1], weights="cubic"), "weights must be"),
    (lambda: rs.cohen_kappa_score([0, 1], [0, 1], replace_undefined_by=2), "replace_undefined"),
    (lambda: rs.cohen_kappa_score([0, 1], [0, 1], labels=[5]), "must be present in `y1`"),
    (lambda: rs.brier_score_loss([0, 1], [0.5, 1.5]), "greater than 1"),
    (lambda: rs.brier_score_loss([0, 1], [0.5, 1], scale_by_half="yes"), "scale_by_half"),
    (lambda: rs.confusion_matrix([[0, 1]], [[0, 1]]), "1-D"),
])
def test_errors(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_undefined_kappa_warns_and_replaces():
    with pytest.warns(rs.UndefinedMetricWarning, match="only one label in common"):
        assert rs.cohen_kappa_score([0, 0], [0, 0], replace_undefined_by=0.0) == 0.0


def test_multilabel_input_needs_no_scipy():
    code = ("import sys, numpy as np, rankscore as rs\n"
            "t = np.array([[1, 0, 1], [0, 1, 1]]); p = np.array([[1, 0, 0], [0, 1, 1]])\n"
            "print(rs.f1_score(t, p, average='samples'), rs.hamming_loss(t, p))\n"
            "assert 'scipy' not in sys.modules and 'sklearn' not in sys.modules\n")
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env={"PYTHONPATH": ":".join(sys.path)})
    # f1 per sample: 2/3 and 1; hamming: 1 wrong entry of 6
    assert out.stdout.split() == [str((2 / 3 + 1) / 2), str(1 / 6)]


@given(st.integers(1, 15), st.integers(2, 6), st.integers(0, 2**32 - 1), st.booleans(),
       st.booleans())
def test_sparse_counts_equal_dense_counts(n, k, seed, weighted, messy):
    """The CSR kernel against the dense one; ``messy`` stores explicit zeros and unsorted,
    split duplicates (0 + 1) in y_true, which must count as the clean matrix."""
    from rankscore._engine.multilabel import read_pair

    rng = np.random.default_rng(seed)
    t, p = rng.integers(0, 2, (n, k)), rng.integers(0, 2, (n, k))
    w = rng.random(n) * (rng.random(n) < 0.7) if weighted else None
    if w is not None and not w.any():
        w[0] = 1.0
    if messy:
        rows, cols = np.nonzero(np.ones((n, k)))
        data = t[rows, cols]
        order = rng.permutation(len(rows))  # unsorted, zeros stored, duplicates split
        rows = np.concatenate([rows[order], rows[:3]])
        cols = np.concatenate([cols[order], cols[:3]])
        data = np.concatenate([data[order], np.zeros(min(3, len(order)), dtype=int)])
        t_sparse = sparse.csr_matrix((data, (rows, cols)), shape=(n, k))
        t_sparse.has_canonical_format = False
    else:
        t_sparse = sparse.csr_array(t)
    dense = read_pair(t, p, w)
    results = []
    for name in ("cython", "python"):
        try:
            with _backend.using(name):
                results.append(read_pair(t_sparse, sparse.csc_matrix(p), w))
        except ImportError:
            pytest.skip("compiled module not built")
    for got in results:
        np.testing.assert_allclose(got.label_cells, dense.label_cells, rtol=1e-12)
        np.testing.assert_array_equal(got.sample_cells, dense.sample_cells)
        assert got.label_cells.dtype == dense.label_cells.dtype
    np.testing.assert_array_equal(results[0].label_cells, results[1].label_cells)


# ---------------------------------------------------------------------------------------
# bytes labels: rankscore reads them as it reads str labels, with one exception taken from
# scikit-learn 1.9.1: a curve left to guess the positive class of bytes labels raises its
# TypeError ("Support for labels represented as bytes is not supported")


@pytest.mark.parametrize("name, second, kwargs", [
    ("binary_confusion", "pred", {"pos_label": "b"}),
    ("binary_confusion", "pred", {}),
    ("precision_score", "pred", {"pos_label": "b"}),
    ("precision_score", "pred", {}),
    ("f1_score", "pred", {"average": "macro"}),
    ("jaccard_score", "pred", {"pos_label": "b"}),
    ("cohen_kappa_score", "pred", {}),
    ("confusion_matrix", "pred", {}),
    ("roc_auc_score", "score", {}),
    ("roc_curve", "score", {"pos_label": "b"}),
    ("average_precision_score", "score", {"pos_label": "b"}),
    ("brier_score_loss", "score", {"pos_label": "b"}),
    ("brier_score_loss", "score", {}),
    ("log_loss", "score", {}),
])
def test_bytes_labels_behave_as_str_labels(name, second, kwargs):
    y_str, pred_str = ["a", "b", "b", "a"], ["a", "b", "a", "a"]
    score = [0.1, 0.8, 0.3, 0.2]
    encode = (lambda v: v.encode() if isinstance(v, str) else v)
    y_bytes, pred_bytes = [encode(v) for v in y_str], [encode(v) for v in pred_str]
    fn = getattr(rs, name)
    as_str = _run(fn, y_str, pred_str if second == "pred" else score, **kwargs)
    as_bytes = _run(fn, y_bytes, pred_bytes if second == "pred" else score,
                    **{k: encode(v) if k == "pos_label" else v for k, v in kwargs.items()})
    ours, theirs = (r[0].to_array() if isinstance(r[0], rs.BinaryConfusion) else r[0]
                    for r in (as_bytes, as_str))
    _same(ours, theirs)


_MIXED = [
    ("accuracy_score", "pred", {}),
    ("hamming_loss", "pred", {}),
    ("zero_one_loss", "pred", {}),
    ("balanced_accuracy_score", "pred", {}),
    ("matthews_corrcoef", "pred", {}),
    ("confusion_matrix", "pred", {}),
    ("binary_confusion", "pred", {"pos_label": "b"}),
    ("precision_score", "pred", {"pos_label": "b"}),
    ("f1_score", "pred", {"average": "macro"}),
    ("jaccard_score", "pred", {"pos_label": "b"}),
    ("roc_curve", "score", {"pos_label": "b"}),
    ("average_precision_score", "score", {"pos_label": "b"}),
    ("brier_score_loss", "score", {"pos_label": "b"}),
    ("binary_confusion", "score", {"pos_label": "b", "threshold": 0.25}),
]


@pytest.mark.parametrize("name, second, kwargs", _MIXED)
@pytest.mark.parametrize("mix", ["y_true bytes", "y_pred bytes", "pos_label bytes",
                                 "labels bytes, pos_label str", "object bytes"])
def test_bytes_and_str_labels_mixed_are_one_kind_of_label(name, second, kwargs, mix):
    # accuracy_score(['a', 'b', 'b', 'a'], [b'b', b'b', b'a', b'a']) was 0.0 (str never
    # equal to bytes) while confusion_matrix counted b'a' as 'a'; a bytes pos_label with
    # str labels was "not a valid label", a str one with bytes labels gave NaN curves
    y_str, pred_str = ["a", "b", "b", "a"], ["b", "b", "a", "a"]
    score = [0.1, 0.8, 0.3, 0.2]
    second_str = pred_str if second == "pred" else score
    fn = getattr(rs, name)
    as_str = _run(fn, y_str, second_str, **kwargs)
    assert not (isinstance(as_str[0], tuple) and isinstance(as_str[0][0], str))  # no error
    encode = np.char.encode
    y, other, options = np.array(y_str), np.array(second_str), dict(kwargs)
    if mix == "y_true bytes":
        y = encode(y)
    elif mix == "y_pred bytes":
        if second != "pred":
            pytest.skip("scores are numbers")
        other = encode(other)
    elif mix == "pos_label bytes":
        if "pos_label" not in options:
            pytest.skip("no pos_label")
        options["pos_label"] = options["pos_label"].encode()
    elif mix == "labels bytes, pos_label str":
        y = encode(y)
        other = encode(other) if second == "pred" else other
    else:
        y = np.array([v.encode() for v in y_str], dtype=object)
    mixed = _run(fn, y, other, **options)
    ours, theirs = (r[0].to_array() if isinstance(r[0], rs.BinaryConfusion) else r[0]
                    for r in (mixed, as_str))
    _same(ours, theirs)
    assert mixed[1] == as_str[1]  # the same warnings


@pytest.mark.parametrize("name, kwargs", [
    ("confusion_matrix", {}),
    ("multilabel_confusion_matrix", {}),
    ("precision_recall_fscore_support", {}),
    ("f1_score", {"average": None}),
    ("cohen_kappa_score", {}),
    ("classification_report", {"output_dict": True}),
])
@pytest.mark.parametrize("y_kind", ["str", "bytes"])
def test_a_labels_argument_of_bytes_names_the_str_labels(name, kwargs, y_kind):
    # labels=[b'b', b'a'] with bytes y_true/y_pred: confusion_matrix raised "At least one
    # label specified must be in y_true" and f1_score gave zeros once y was decoded to str
    # while labels stayed bytes; with str y it never matched
    y_str, pred_str = np.array(["a", "b", "b", "a", "c"]), np.array(["b", "b", "a", "a", "c"])
    y, pred = (np.char.encode(y_str), np.char.encode(pred_str)) if y_kind == "bytes" else \
        (y_str, pred_str)
    fn = getattr(rs, name)
    expected = _run(fn, y_str, pred_str, labels=["b", "a"], **kwargs)
    got = _run(fn, y, pred, labels=[b"b", b"a"], **kwargs)
    assert not (isinstance(expected[0], tuple) and isinstance(expected[0][0], str))
    _same(got[0], expected[0])
    assert got[1] == expected[1]


def test_bytes_labels_that_are_not_utf8_are_named():
    with pytest.raises(ValueError, match="y_true holds bytes that are not UTF-8 text"):
        rs.accuracy_score(np.array([b"\xff", b"b"]), ["a", "b"])
    with pytest.raises(ValueError, match=r"pos_label=b'\\xff' is bytes that are not UTF-8"):
        rs.precision_score(["a", "b"], ["a", "b"], pos_label=b"\xff")


@pytest.mark.parametrize("name", ["roc_curve", "precision_recall_curve", "det_curve"])
@pytest.mark.parametrize("container", [list, np.array])
def test_bytes_labels_without_pos_label_raise_as_sklearn(name, container):
    sk = pytest.importorskip("sklearn.metrics")
    y = container([b"a", b"b"])
    with pytest.raises(TypeError, match="labels represented as bytes is not supported"):
        getattr(sk, name)(y, [0.1, 0.2])
    with pytest.raises(TypeError, match="labels represented as bytes is not supported"):
        getattr(rs, name)(y, [0.1, 0.2])
    # naming the positive class reads them as str labels
    np.testing.assert_array_equal(getattr(rs, name)(y, [0.1, 0.2], pos_label=b"b")[0],
                                  getattr(rs, name)(["a", "b"], [0.1, 0.2], pos_label="b")[0])


LABELS, SCORES = np.array([0, 1, 2, 2]), np.full((4, 3), 1 / 3)
DENSE_ONLY = {  # name: (dense arguments, keyword arguments)
    "confusion_matrix": ((LABELS, LABELS[::-1]), {}),
    "matthews_corrcoef": ((LABELS, LABELS[::-1]), {}),
    "cohen_kappa_score": ((LABELS, LABELS[::-1]), {}),
    "balanced_accuracy_score": ((LABELS, LABELS[::-1]), {}),
    "top_k_accuracy_score": ((LABELS, SCORES), {}),
    "log_loss": ((LABELS, SCORES), {}),
    "brier_score_loss": ((LABELS % 2, SCORES[:, 0]), {}),
    "roc_auc_score": ((LABELS, SCORES), {"multi_class": "ovr"}),
    "mean_squared_error": ((SCORES[:, 0], SCORES[:, 1]), {}),
    "r2_score": ((SCORES[:, 0], SCORES[:, 1]), {}),
}


@pytest.mark.parametrize("name", list(DENSE_ONLY))
@pytest.mark.parametrize("position", [0, 1])
@pytest.mark.parametrize("convert", [sparse.csr_matrix, sparse.csc_array])
def test_sparse_input_where_only_dense_is_read_is_named(name, position, convert):
    """Functions that read no sparse input (scikit-learn refuses it: "must be an
    array-like") said "y_true contains None or NaN" or "y_proba must be 1-D or 2-D, got
    shape ()" of a sparse matrix (NumPy reads it as a 0-d object array)."""
    from rankscore import regression

    dense, kwargs = DENSE_ONLY[name]
    ours = getattr(regression, name, None) or getattr(rs, name)
    ours(*dense, **kwargs)  # the dense input is read
    call = list(dense)
    call[position] = convert(np.atleast_2d(dense[position]))
    with pytest.raises(TypeError, match="got a scipy.sparse .*; pass a dense array") as got:
        ours(*call, **kwargs)
    if position == 0:
        assert str(got.value).startswith("y_true must be")
    with pytest.raises((TypeError, ValueError)):  # scikit-learn refuses it too
        getattr(sk, name)(*call, **kwargs)
