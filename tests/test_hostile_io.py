"""Hostile files, columns and arguments (issue 22): one column type rule for every reader,
every argument bounded before work starts, special files refused by type, IR ids in byte
order and both TREC parsers reading what ``float()`` reads; and the pyarrow CSV reader of
``rankscore report`` giving exactly the csv module's pieces and errors.

Each case gives the exact result or a one-line ValueError/TypeError (exit code 2 on the
command line) naming the problem: never a traceback, a hang or a silently wrong number.
"""

import contextlib
import io
import math
import os
import socket
import stat
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankscore as rs
import rankscore.gains  # noqa: F401  (the modules of rs.ir, rs.uncertainty ...)
from rankscore import _columns, _limits, _stream
from rankscore._columns import check_column
from rankscore._numbers import read_number
from rankscore.cli import main
from rankscore.exceptions import ColumnTypeError, MemoryLimitError

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pd = pytest.importorskip("pandas")


def _cli(argv, capsys):
    """(exit code, stdout, stderr) of the command line."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def _refused(argv, capsys, *needles):
    """The command exits 2 with one line on stderr holding every needle."""
    code, out, err = _cli(argv, capsys)
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for needle in needles:
        assert needle in err, (needle, err)
    return err


def _table(tmp_path, name, **columns):
    path = tmp_path / name
    pq.write_table(pa.table(columns), path)
    return path


Y4 = [0, 1, 0, 1]
S4 = [0.1, 0.4, 0.35, 0.8]

# --------------------------------------------------------------- the column type rule

SCORE_OK = [pa.int8(), pa.int64(), pa.uint64(), pa.float16(), pa.float32(), pa.float64(),
            pa.bool_(), pa.dictionary(pa.int8(), pa.float64()), np.dtype("float32"),
            np.dtype(">f8"), np.dtype("int16"), np.dtype("bool"), pd.Int64Dtype(),
            pd.Float64Dtype(), pd.BooleanDtype(), pd.CategoricalDtype([0.5, 1.5]),
            pd.ArrowDtype(pa.float64()), pd.SparseDtype(float), pa.decimal128(15, 4),
            pd.ArrowDtype(pa.decimal128(10, 2))]
SCORE_REFUSED = [
    (pa.list_(pa.float64()), "list<item: double>", "several values"),
    (pa.large_list(pa.float64()), "large_list", "several values"),
    (pa.list_(pa.float64(), 2), "fixed_size_list", "several values"),
    (pa.struct([("a", pa.float64())]), "struct<a: double>", "several values"),
    (pa.map_(pa.string(), pa.float64()), "map<string, double>", "several values"),
    (pa.dense_union([pa.field("a", pa.float64())]), "dense_union", "several values"),
    (pa.binary(), "binary", "raw bytes"), (pa.large_binary(), "large_binary", "raw bytes"),
    (pa.binary(4), "fixed_size_binary[4]", "raw bytes"),
    (pa.string(), "string", "text, not numbers"), (pa.large_string(), "large_string", "text"),
    (pa.dictionary(pa.int32(), pa.string()), "dictionary<values=string", "categories are texts"),
    (pa.decimal128(16, 2), "decimal128(16, 2)", "decimals of more than 15 digits"),
    (pa.decimal256(40, 0), "decimal256(40, 0)", "float64 (the scores' type) cannot all tell"),
    (pa.timestamp("ns"), "timestamp[ns]", "dates or times"), (pa.date32(), "date32", "dates"),
    (pa.duration("s"), "duration[s]", "dates or times"), (pa.null(), "null", "missing"),
    (np.dtype(object), "object", "Python objects"), (np.dtype("complex128"), "complex128",
                                                     "complex numbers"),
    (np.dtype("datetime64[ns]"), "datetime64[ns]", "dates or times"),
    (np.dtype("U3"), "<U3", "text"), (np.dtype("S3"), "|S3", "raw bytes"),
    (np.dtype([("a", "f8"), ("b", "f8")]), "[('a', '<f8'), ('b', '<f8')]", "several values"),
    (np.dtype(("f8", (2,))), "('<f8', (2,))", "several values"),
    (pd.CategoricalDtype(["a", "b"]), "category of", "categories are texts"),
    (pd.StringDtype(), "string", "text"),
    (pd.ArrowDtype(pa.list_(pa.int64())), "list<item: int64>[pyarrow]", "several values"),
    (pd.PeriodDtype("D"), "period[D]", "not numbers"),
    (pd.IntervalDtype("int64"), "interval", "not numbers"),
    (pd.DatetimeTZDtype(tz="UTC"), "datetime64[ns, UTC]", "dates or times"),
]
LABEL_OK = [pa.int64(), pa.bool_(), pa.float64(), pa.string(), pa.large_string(), pa.binary(),
            pa.dictionary(pa.int8(), pa.string()), pa.dictionary(pa.int8(), pa.int64()),
            np.dtype(object), np.dtype("U3"), pd.CategoricalDtype(["a", "b"]),
            pd.CategoricalDtype([0, 1]), pd.StringDtype(), pd.ArrowDtype(pa.string())]
LABEL_REFUSED = [pa.list_(pa.string()), pa.struct([("a", pa.int64())]),
                 pa.map_(pa.string(), pa.int64()), pa.timestamp("s"), pa.null(),
                 pa.decimal128(5, 0), pa.dictionary(pa.int8(), pa.list_(pa.int8())),
                 np.dtype("complex64"), np.dtype("datetime64[s]")]


@pytest.mark.parametrize("dtype", SCORE_OK, ids=str)
def test_numeric_scalar_columns_are_scores(dtype):
    numbers = ("int", "uint", "float", "bool", "decimal")
    assert check_column("s", dtype, "score").kind in numbers
    assert check_column("w", dtype, "weight").kind in numbers


@pytest.mark.parametrize("dtype, shown, why", SCORE_REFUSED, ids=lambda x: str(x)[:30])
def test_other_columns_are_refused_as_scores_naming_column_and_type(dtype, shown, why):
    with pytest.raises(ColumnTypeError) as info:
        check_column("p(spam)", dtype, "score")
    message = str(info.value)
    assert "\n" not in message and message.startswith("score column 'p(spam)' has type ")
    assert shown in message and why in message, message
    assert isinstance(info.value, TypeError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize("dtype", LABEL_OK, ids=str)
def test_labels_are_numbers_texts_or_their_categories(dtype):
    check_column("y", dtype, "label")


@pytest.mark.parametrize("dtype", LABEL_REFUSED, ids=str)
def test_other_columns_are_refused_as_labels(dtype):
    with pytest.raises(ColumnTypeError, match="^label column 'y' has type .*; a label column"):
        check_column("y", dtype, "label")


def test_the_rule_takes_a_role_it_knows():
    with pytest.raises(ValueError, match="role must be one of"):
        check_column("y", np.dtype("f8"), "weights")
    assert _columns.column_type("float32") == ("float", False, "float32")


def test_parquet_list_scores_are_refused_not_averaged(tmp_path, capsys):
    # the reported finding: AUC 0.25 and exit 0 (either list position alone gives 0.5/0.75)
    path = _table(tmp_path, "l.parquet", target=[0, 1, 0, 1],
                  score=pa.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.4], [0.6, 0.5]]))
    _refused(["report", path], capsys, "l.parquet: score column 'score' has type list<",
             "several values")
    _refused(["report", path, "--memory-budget", "0"], capsys, "score column 'score'")
    _refused(["report", path, "--ci"], capsys, "score column 'score' has type list<")


@pytest.mark.parametrize("column", [
    pa.array([{"a": 1}, {"a": 0}, {"a": 1}, {"a": 0}]),
    pa.array([[1], [0], [1], [0]]),
    pa.array([{"a": 1}] * 4, type=pa.map_(pa.string(), pa.int64())),
    pa.array([None] * 4, type=pa.null()),
], ids=["struct", "list", "map", "null"])
def test_parquet_nested_label_columns_are_one_line_errors(tmp_path, capsys, column):
    path = _table(tmp_path, "s.parquet", target=column, score=[0.1, 0.2, 0.3, 0.4])
    _refused(["report", path], capsys, "label column 'target' has type")


@pytest.mark.parametrize("column, why", [
    (pa.array([b"1", b"2", b"3", b"4"]), "raw bytes"),
    (pa.array(["0.1", "0.2", "0.3", "0.4"]), "text, not numbers"),
    (pa.array(["a", "b", "a", "b"]).dictionary_encode(), "categories are texts"),
    (pa.array([1, 2, 3, 4], pa.decimal128(30, 0)), "decimals of more than 15 digits"),
    (pa.array([1, 2, 3, 4], pa.timestamp("s")), "dates or times"),
])
def test_parquet_score_columns_of_other_types_are_refused(tmp_path, capsys, column, why):
    path = _table(tmp_path, "s.parquet", target=[0, 1, 0, 1], score=column)
    _refused(["report", path], capsys, "score column 'score' has type", why)


def _report_json(argv, capsys):
    code, out, err = _cli([*argv, "--json"], capsys)
    assert code == 0, err
    import json

    report = json.loads(out)
    report.pop("source")
    return report


def test_categorical_and_dictionary_labels_and_scores_work(tmp_path, capsys):
    labels = ["ham", "spam", "ham", "spam", "spam", "ham"]
    scores = [0.1, 0.4, 0.35, 0.8, 0.4, 0.7]
    plain = _table(tmp_path, "plain.parquet", target=labels, score=scores)
    frame = pd.DataFrame({"target": pd.Categorical(labels), "score": scores})
    frame.to_parquet(tmp_path / "pandas.parquet")
    dictionary = _table(tmp_path, "dict.parquet", target=pa.array(labels).dictionary_encode(),
                        score=pa.array(scores).dictionary_encode())
    binary = _table(tmp_path, "bytes.parquet", target=pa.array([v.encode() for v in labels]),
                    score=scores)
    expected = _report_json(["report", plain, "--pos-label", "spam"], capsys)
    assert expected["ranking"]["roc_auc"] == rs.roc_auc_score(
        [v == "spam" for v in labels], scores)
    for path in (tmp_path / "pandas.parquet", dictionary, binary):
        for extra in ([], ["--memory-budget", "0"], ["--ci", "--n-resamples", "20"]):
            got = _report_json(["report", path, "--pos-label", "spam", *extra], capsys)
            if extra and extra[0] == "--ci":
                got.pop("intervals")
            assert got == expected, (path, extra)


def test_decimal_scores_of_15_digits_are_their_nearest_floats(tmp_path, capsys):
    import decimal

    rng = np.random.default_rng(3)
    digits = rng.integers(-10**15 + 1, 10**15, 400)
    values = [decimal.Decimal(int(v)).scaleb(-9) for v in digits]  # 15 digits, 9 decimals
    floats = [float(v) for v in values]  # correctly rounded, as Python reads them
    labels = (rng.random(400) < 0.5).astype(int)
    decimals = _table(tmp_path, "d.parquet", target=labels,
                      score=pa.array(values, pa.decimal128(15, 9)))
    plain = _table(tmp_path, "f.parquet", target=labels, score=floats)
    expected = _report_json(["report", plain], capsys)
    for extra in ([], ["--memory-budget", "0"]):
        assert _report_json(["report", decimals, *extra], capsys) == expected
    got = _stream.read_columns(decimals, "target", "score")[1]
    assert got.tolist() == floats  # Arrow's direct cast is off by an ulp for some


def test_labels_that_are_bytes_but_not_utf8_are_named(tmp_path, capsys):
    path = _table(tmp_path, "b.parquet", target=pa.array([b"\xff", b"a"]), score=[0.1, 0.2])
    _refused(["report", path], capsys, "label column 'target' holds bytes that are not UTF-8")


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16"])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_parquet_nan_scores_name_row_and_column(tmp_path, capsys, dtype, bad):
    scores = pa.array([0.1, 0.2, bad, 0.4] * 3, pa.float64()).cast(dtype)
    path = tmp_path / "n.parquet"
    pq.write_table(pa.table({"target": [0, 1, 1, 0] * 3, "p": scores}), path,
                   row_group_size=5)
    shown = "NaN" if math.isnan(bad) else repr(bad)
    for extra in ([], ["--memory-budget", "0"], ["--ci"], ["--plot", tmp_path / "x.png"]):
        _refused(["report", path, "--score", "p", *extra], capsys,
                 f"n.parquet, row 3: score column 'p' has {shown}, not a finite number")


def test_parquet_nan_labels_name_their_row(tmp_path, capsys):
    path = _table(tmp_path, "n.parquet", y=[0.0, 1.0, math.nan, 1.0], s=[0.1, 0.2, 0.3, 0.4])
    _refused(["report", path, "--label", "y", "--score", "s"], capsys,
             "row 3: label column 'y' has NaN")


def test_csv_nan_names_row_and_column(tmp_path, capsys):
    path = tmp_path / "n.csv"
    path.write_text("y,s\n0,0.1\n1,nan\n")
    for reader in ("python", "arrow"):
        _stream.CSV_READER = reader
        try:
            _refused(["report", path, "--label", "y", "--score", "s"], capsys,
                     "n.csv, row 3: score column 's' has 'nan', not a finite number")
        finally:
            _stream.CSV_READER = "auto"


# -------------------------------------------------------------------------------- Dask


def test_dask_columns_pass_the_same_rule_before_computing():
    dd = pytest.importorskip("dask.dataframe")
    import rankscore.dask as rd

    lists = pd.Series([[0.1, 0.2]] * 8, dtype=pd.ArrowDtype(pa.list_(pa.float64())))
    frame = dd.from_pandas(pd.DataFrame({"y": [0, 1] * 4, "s": lists}), npartitions=2)
    with pytest.raises(ColumnTypeError, match="score column 'y_score' has type list<item: "
                                              "double>\\[pyarrow\\]: each row holds several"):
        rd.roc_auc_score(frame["y"], frame["s"])
    texts = dd.from_pandas(pd.DataFrame({"y": [0, 1] * 4, "s": pd.Categorical(["a", "b"] * 4)}),
                           npartitions=2)
    with pytest.raises(ColumnTypeError, match="score column 'y_score' has type category of"):
        rd.score_summary(texts["y"], texts["s"])
    structs = pd.Series([{"a": 1}] * 8, dtype=pd.ArrowDtype(pa.struct([("a", pa.int64())])))
    frame = dd.from_pandas(pd.DataFrame({"y": structs, "s": np.linspace(0, 1, 8)}),
                           npartitions=2)
    with pytest.raises(ColumnTypeError, match="label column 'y_true' has type struct"):
        rd.binary_report(frame["y"], frame["s"])


def test_dask_categorical_labels_and_numeric_categories_work():
    dd = pytest.importorskip("dask.dataframe")
    import rankscore.dask as rd

    labels = ["ham", "spam"] * 10
    scores = np.round(np.linspace(0, 1, 20) ** 2, 2)
    frame = dd.from_pandas(pd.DataFrame({"y": pd.Categorical(labels),
                                         "s": pd.Categorical(scores)}), npartitions=3)
    expected = rs.roc_auc_score([v == "spam" for v in labels], scores)
    assert rd.roc_auc_score(frame["y"], frame["s"], pos_label="spam") == expected


def test_dask_decimal_scores_are_their_nearest_floats():
    dd = pytest.importorskip("dask.dataframe")
    import decimal

    import rankscore.dask as rd

    values = [decimal.Decimal(v) for v in ["0.10", "0.40", "0.35", "0.80", "0.20", "0.33"]]
    y = [0, 1, 0, 1, 1, 0]
    for dtype, ok in ((pa.decimal128(5, 2), True), (pa.decimal128(38, 18), False)):
        frame = dd.from_pandas(pd.DataFrame({
            "y": y, "s": pd.Series(values, dtype=pd.ArrowDtype(dtype))}), npartitions=2)
        if ok:
            assert rd.roc_auc_score(frame["y"], frame["s"]) == \
                rs.roc_auc_score(y, [float(v) for v in values])
            assert rd.score_summary(frame["y"], frame["s"]) == \
                rs.ScoreSummary.from_arrays(y, [float(v) for v in values])
        else:
            with pytest.raises(ColumnTypeError, match="decimals of more than 15 digits"):
                rd.roc_auc_score(frame["y"], frame["s"])


@pytest.mark.parametrize("dtype", ["Float64", "Float32", "double[pyarrow]", "float[pyarrow]"])
def test_dask_nullable_and_arrow_float_scores_are_read_as_memory_reads_them(dtype):
    # their dtype is no NumPy dtype: the check for long doubles raised "Cannot interpret
    # 'Float64Dtype()' as a data type" before any partition was read
    dd = pytest.importorskip("dask.dataframe")
    import rankscore.dask as rd

    y = [0, 1, 0, 1, 1, 0, 1, 0]
    values = [0.1, 0.2, 0.3, 0.4, 0.35, 0.5, 0.875, 0.25]
    frame = dd.from_pandas(pd.DataFrame({"y": y, "s": pd.array(values, dtype=dtype)}),
                           npartitions=3)
    # 16 pairs: 11 of them ordered (brute force); float32 keeps these values' order
    pairs = sum((p > n) + 0.5 * (p == n) for p, yp in zip(values, y) if yp
                for n, yn in zip(values, y) if not yn)
    assert rd.roc_auc_score(frame["y"], frame["s"]) == pairs / 16 == 11 / 16
    numpy_dtype = np.float32 if dtype in ("Float32", "float[pyarrow]") else np.float64
    assert rd.score_summary(frame["y"], frame["s"]) == \
        rs.ScoreSummary.from_arrays(y, np.array(values, dtype=numpy_dtype))
    missing = pd.array([0.1, None, 0.3, 0.4], dtype=dtype)
    frame = dd.from_pandas(pd.DataFrame({"y": [0, 1, 0, 1], "s": missing}), npartitions=2)
    with pytest.raises(ValueError, match=r"partition 1 of 2: y_score contains NaN \(first at "
                                         r"index 1 of the partition \(row label 1\)\)"):
        rd.roc_curve(frame["y"], frame["s"])


def test_dask_nan_names_the_row_label():
    dd = pytest.importorskip("dask.dataframe")
    import rankscore.dask as rd

    frame = pd.DataFrame({"y": [0, 1] * 10, "s": np.linspace(0, 1, 20)},
                         index=np.arange(100, 120))
    frame.loc[107, "s"] = np.nan
    d = dd.from_pandas(frame, npartitions=3)
    with pytest.raises(ValueError, match=r"y_score contains NaN \(first at index \d+ of the "
                                         r"partition \(row label 107\)\)"):
        rd.roc_auc_score(d["y"], d["s"])


# ------------------------------------------------------------------------ special files


def _special_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    sock_path = tmp_path / "sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(sock_path))
    (tmp_path / "dir").mkdir()
    return sock, [
        (fifo, "is a pipe (FIFO), not a regular file"),
        (sock_path, "is a socket, not a regular file"),
        (tmp_path / "dir", "is a directory, not a file"),
        ("/dev/null", "is a character device"),
        ("/dev/zero", "is a character device"),
        (tmp_path / "missing.csv", "no such file"),
    ]


# An address-space limit (RLIMIT_AS) cannot be set in a process that runs under
# AddressSanitizer (.ci/sanitize), whose shadow memory reserves terabytes of address space:
# the tests that set one run everywhere else.
UNDER_ASAN = "libasan" in os.environ.get("LD_PRELOAD", "")
address_space_limit = pytest.mark.skipif(
    UNDER_ASAN, reason="sets RLIMIT_AS, which AddressSanitizer's shadow memory exceeds")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
@address_space_limit
def test_special_files_are_refused_by_type_before_reading(tmp_path):
    """In a subprocess with a time and memory limit: a FIFO read would block forever and
    /dev/zero read until memory runs out."""
    sock, cases = _special_files(tmp_path)
    qrels = tmp_path / "qrels"
    qrels.write_text("q 0 a 1\n")
    try:
        for path, why in cases:
            for argv in (["report", path], ["report", path.with_suffix(".parquet")
                                            if isinstance(path, Path) and why.startswith(
                                                "no such") else path, "--ci"],
                         ["ir", path, qrels], ["ir", qrels, path], ["compare", path,
                                                                    "--score", "a",
                                                                    "--score", "b"]):
                done = subprocess.run(
                    [sys.executable, "-c", "import resource, sys; resource.setrlimit("
                     "resource.RLIMIT_AS, (2 << 30, 2 << 30)); from rankscore.cli import main;"
                     " sys.exit(main(sys.argv[1:]))", *map(str, argv)],
                    capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
                assert done.returncode == 2, (argv, done.stderr)
                assert done.stderr.count("\n") == 1 and why in done.stderr, (argv, done.stderr)
    finally:
        sock.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
def test_special_files_through_the_python_api(tmp_path):
    sock, cases = _special_files(tmp_path)
    try:
        for path, why in cases:
            with pytest.raises(ValueError, match=why.replace("(", r"\(").replace(")", r"\)")):
                rs.ir.Run.from_trec(path)
            with pytest.raises(ValueError, match=why.replace("(", r"\(").replace(")", r"\)")):
                rs.ir.Qrels(str(path))
            with pytest.raises(ValueError, match=why.replace("(", r"\(").replace(")", r"\)")):
                _stream.read_columns(path, "y", "s")
    finally:
        sock.close()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX special files")
@pytest.mark.parametrize("name, reader", [("d.csv", "pyarrow"), ("d.csv", "python"),
                                          ("d.parquet", "parquet")])
def test_a_pipe_put_in_place_after_the_check_is_refused_not_waited_on(tmp_path, monkeypatch,
                                                                      name, reader):
    """The readers open the file without blocking and check the type of what they opened:
    a FIFO swapped in after the check by path (here: a check that passes everything) is
    refused, where opening it by name waited for a writer."""
    if reader == "pyarrow":
        pytest.importorskip("pyarrow")
    fifo = tmp_path / name
    os.mkfifo(fifo)
    monkeypatch.setattr(_stream, "check_file", lambda path: None)
    if reader == "python":
        monkeypatch.setattr(_stream, "_csv_chunks", lambda path, label, score, rows, progress:
                            _stream.python_csv_chunks(path, label, score, rows, progress))
    stop = threading.Event()

    def release_a_blocked_reader():  # the old readers waited here; they fail, not hang
        if not stop.wait(10):
            with contextlib.suppress(OSError):
                os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))

    helper = threading.Thread(target=release_a_blocked_reader, daemon=True)
    helper.start()
    try:
        with pytest.raises(ValueError, match=r"is a pipe \(FIFO\), not a regular file"):
            list(_stream.chunks(fifo, "y", "s"))
    finally:
        stop.set()
        helper.join()


@pytest.mark.skipif(not os.path.exists("/dev/stdin"), reason="no /dev/stdin")
def test_dev_stdin_is_read_when_it_is_a_regular_file_and_refused_otherwise(tmp_path):
    data = tmp_path / "d.csv"
    data.write_text("target,score\n0,0.1\n1,0.9\n")
    code = "import sys; from rankscore.cli import main; sys.exit(main(sys.argv[1:]))"
    with open(data) as stdin:
        done = subprocess.run([sys.executable, "-c", code, "report", "/dev/stdin", "--json"],
                              stdin=stdin, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and '"roc_auc": 1.0' in done.stdout, done.stderr
    done = subprocess.run([sys.executable, "-c", code, "report", "/dev/stdin"],
                          input="target,score\n0,0.1\n1,0.9\n", capture_output=True, text=True,
                          timeout=60)  # a pipe
    assert done.returncode == 2 and "is a pipe (FIFO), not a regular file" in done.stderr


def test_unreadable_files_are_one_line(tmp_path, capsys):
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = tmp_path / "locked.csv"
    path.write_text("target,score\n0,0.1\n")
    path.chmod(0)
    _refused(["report", path], capsys, "locked.csv")


# ------------------------------------------------------------ arguments bounded up front

HUGE = "1" + "0" * 400


@pytest.mark.parametrize("argv, needle", [
    (["report", "{csv}", "--memory-budget", HUGE], "is more than 8 EiB"),
    (["report", "{csv}", "--memory-budget", "9E18"], "is not a size"),
    (["report", "{csv}", "--memory-budget", "8589934592G"], "is more than 8 EiB"),
    (["report", "{csv}", "--groups", HUGE], "--groups: must be <= 9,223,372,036,854,775,807"),
    (["report", "{csv}", "--groups", "1_0"], "--groups: must be an integer (digits only)"),
    (["report", "{csv}", "--ci", "--n-resamples", "100000000"], "must be <= 1,000,000"),
    (["report", "{csv}", "--ci", "--seed", HUGE], "--seed: must be <="),
    (["report", "{csv}", "--threshold", "1_0"], "'1_0' is not a number"),
    (["report", "{csv}", "--threshold", "1e400"], "--threshold must be a finite number"),
    (["report", "{csv}", "--confidence-level", "1"], "must be in (0, 1)"),
    (["ir", "{qrels}", "{run}", "--metrics", "P@" + "9" * 20],
     "the cut-off of 'P@99999999999999999999' must be <= 9,223,372,036,854,775,807"),
    (["ir", "{qrels}", "{run}", "--metrics", "ndcg@" + "9" * 5000], "must be <="),
    (["ir", "{qrels}", "{run}", "{run}", "--resamples", HUGE], "--resamples: must be <="),
    (["ir", "{qrels}", "{run}", "{run}", "--resamples", "10000001"], "must be <= 1,000,000"),
    (["count", HUGE], "argument p: must be <="), (["count", "5", HUGE], "argument k"),
    (["enumerate", "5", "--limit", HUGE], "--limit: must be <="),
    (["enumerate", "5", "--limit", "1_0"], "--limit: must be an integer"),
    (["ties", HUGE], "argument p"), (["enumerate", "-" + HUGE], "argument p: must be >="),
])
def test_integer_arguments_are_parsed_into_range(tmp_path, capsys, argv, needle):
    files = {"csv": tmp_path / "d.csv", "qrels": tmp_path / "qrels", "run": tmp_path / "run"}
    files["csv"].write_text("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5\n")
    files["qrels"].write_text("q1 0 a 1\nq1 0 b 0\n")
    files["run"].write_text("q1 Q0 a 1 0.5 r\nq1 Q0 b 2 0.4 r\n")
    argv = [a.format(**files) for a in argv]
    try:  # argparse exits 2 (usage and one error line); the command returns 2
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    _, err = capsys.readouterr()
    assert code == 2 and needle in err.splitlines()[-1] and "Traceback" not in err, err


def test_memory_budget_and_big_counts_within_range_still_work(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5\n")
    for budget in ("8E", "9223372036854775807", "0", "1.5G"):
        code, out, _ = _cli(["report", path, "--memory-budget", budget, "--groups",
                             "9223372036854775807"], capsys) if budget != "8E" else (0, "", "")
        assert code == 0
    code, out, _ = _cli(["ir", tmp_path / "d.csv", tmp_path / "d.csv"], capsys)
    assert code == 2


def test_python_api_cut_offs_are_bounded():
    qrels, run = {"q": {"a": 1}}, {"q": {"a": 1.0, "b": 0.5}}
    with pytest.raises(ValueError, match=r"the cut-off of 'P@100000000000000000000' must be "
                                         r"<= 9,223,372,036,854,775,807"):
        rs.ir.evaluate(qrels, run, "P@100000000000000000000")
    with pytest.raises(ValueError, match="must be <="):
        rs.ir.compare_runs(qrels, {"a": run, "b": run}, "ndcg@" + "9" * 5000)
    with pytest.raises(ValueError, match="unknown metric"):  # digits of other scripts
        rs.ir.evaluate(qrels, run, "P@١٠")
    for name in ("P@-1", "ndcg@-2", "P@0"):  # "P@-1" was an unknown metric
        with pytest.raises(ValueError, match=rf"^the cut-off of '{name}' must be >= 1, got "
                                             rf"{name.split('@')[1]}$"):
            rs.ir.evaluate(qrels, run, name)
    assert rs.ir.evaluate(qrels, run, "P@9223372036854775807") == 1 / (2**63 - 1)


@pytest.mark.parametrize("call", [
    lambda n: rs.uncertainty.bootstrap_ci(Y4, S4, n_resamples=n, random_state=0),
    lambda n: rs.uncertainty.bootstrap_test(Y4, S4, S4[::-1], n_resamples=n, random_state=0),
    lambda n: rs.uncertainty.roc_confidence_band(Y4, S4, n_resamples=n, random_state=0),
    lambda n: rs.uncertainty.roc_auc_ci(Y4, S4, method="bootstrap", n_resamples=n, random_state=0),
    lambda n: rs.ir.compare_runs({"q": {"a": 1}}, {"a": {"q": {"a": 1.0}}, "b": {"q": {"b": 1.0}}},
                              "mrr", n_resamples=n),
], ids=["bootstrap_ci", "bootstrap_test", "roc_confidence_band", "roc_auc_ci", "compare_runs"])
def test_resampling_maxima_are_ones_that_run(call):
    for n in (10**6 + 1, 10**8, 10**400):
        with pytest.raises(ValueError, match="n_resamples must be"):
            call(n)


def test_memory_is_estimated_before_allocating(monkeypatch):
    monkeypatch.setattr(_limits, "available_memory", lambda: 50 << 20)  # 50 MiB
    grid = np.linspace(0, 1, 1001)
    with pytest.raises(MemoryLimitError, match=r"roc_confidence_band with n_resamples=1,000,000 "
                                               r"needs [\d.]+ GiB, but 50.0 MiB of memory is "
                                               r"available; lower n_resamples or pass fewer"):
        rs.uncertainty.roc_confidence_band(Y4, S4, n_resamples=10**6, specificities=grid)
    with pytest.raises(MemoryLimitError, match="bootstrap_test with n_resamples=1,000,000 needs"):
        rs.uncertainty.bootstrap_test(Y4, S4, S4[::-1], n_resamples=10**6)
    with pytest.raises(MemoryError):  # a MemoryError too
        rs.uncertainty.bootstrap_ci(Y4, S4, n_resamples=10**6)
    band = rs.uncertainty.roc_confidence_band(Y4, S4, n_resamples=100, specificities=[0.5],
                                  random_state=0)  # what fits runs
    assert band.low.shape == (1,)


def test_memory_of_a_trec_file_is_checked_before_parsing(tmp_path, monkeypatch):
    path = tmp_path / "run"
    path.write_text("q Q0 a 1 0.5 t\n" * 1000)
    monkeypatch.setattr(_limits, "available_memory", lambda: 100_000)
    with pytest.raises(MemoryLimitError, match=r"reading the run file .*run \(14.6 KiB, 1,001 "
                                               r"lines\) needs"):
        rs.ir.Run.from_trec(path)
    monkeypatch.setattr(_limits, "available_memory", lambda: 1000)
    with pytest.raises(MemoryLimitError, match="needs 14.6 KiB, but 1,000 bytes"):
        rs.ir.Run.from_trec(path)


@address_space_limit
def test_available_memory_respects_ulimit():
    code = ("import resource; resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30)); "
            "from rankscore import _limits; print(_limits.available_memory())")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert 0 < int(done.stdout) < 3 << 30


@pytest.mark.parametrize("level", [1 - 1e-16, 0.9999999999999999, 1 - 2**-53, 5e-324])
def test_confidence_levels_next_to_the_ends_are_computed(level):
    y = [0, 1] * 10
    a = np.linspace(0, 1, 20) ** 2
    b = np.sin(np.arange(20))
    intervals = [
        rs.uncertainty.roc_auc_ci(y, a, confidence_level=level),
        rs.uncertainty.gini_ci(y, a, confidence_level=level),
        rs.uncertainty.proportion_ci(3, 4, confidence_level=level),
        *rs.uncertainty.rate_intervals(y, a, threshold=0.3, confidence_level=level).values(),
        rs.uncertainty.bootstrap_ci(y, a, confidence_level=level, n_resamples=50, random_state=0),
        rs.uncertainty.bootstrap_ci(y, a, confidence_level=level, method="bca", n_resamples=50,
                        random_state=0),
    ]
    tests = [rs.uncertainty.delong_test(y, a, b, confidence_level=level),
             rs.uncertainty.delong_test_unpaired(y, a, y, b, confidence_level=level),
             rs.uncertainty.bootstrap_test(y, a, b, confidence_level=level, n_resamples=50, random_state=0)]
    for r in intervals + tests:
        assert not math.isnan(r.low) and r.low <= r.high
    wide = rs.uncertainty.roc_auc_ci(y, a, confidence_level=level)
    if level > 0.5:  # z = 8.29 at 1 - 1.1e-16: the interval is the whole [0, 1] range
        assert (wide.low, wide.high) == (0.0, 1.0)
    unpaired = rs.uncertainty.delong_test_unpaired(y, a, y, b, confidence_level=level)
    assert math.isfinite(unpaired.low) and math.isfinite(unpaired.high)


def test_confidence_level_of_one_is_a_clear_error():
    for level in (1.0, 1, 0, -0.0, math.nan):
        with pytest.raises(ValueError, match="confidence_level must be in"):
            rs.uncertainty.roc_auc_ci(Y4, S4, confidence_level=level)


# ---------------------------------------------------------------------------------- IR


def test_ids_differing_only_in_trailing_nul_bytes_tie_by_bytes():
    qrels_a, qrels_nul = {"q": {"a": 1}}, {"q": {"a\x00": 1}}
    for order in (["a", "a\x00"], ["a\x00", "a"], ["a\x00\x00", "a", "a\x00"]):
        run = {"q": {doc: 0.5 for doc in order}}
        # trec_eval's order of equal scores: id descending, by bytes: a\x00\x00, a\x00, a
        assert rs.ir.Run(run).elements("q") == sorted(order, key=str.encode, reverse=True)
        assert rs.ir.evaluate(qrels_nul, run, "mrr") == 1.0 if "a\x00\x00" not in order else 0.5
        assert rs.ir.evaluate(qrels_a, run, "mrr") == 1 / len(order)
        frame = pd.DataFrame({"query": "q", "element": order, "score": 0.5})
        assert rs.ir.Run.from_pandas(frame).elements("q") == rs.ir.Run(run).elements("q")
        assert rs.ir.evaluate(qrels_a, run, "mrr", score_precision="float32") == 1 / len(order)


def test_trec_files_with_nul_ids_order_by_bytes(tmp_path):
    path = tmp_path / "run"
    path.write_bytes(b"q Q0 a\x00 1 0.5 t\nq Q0 a 2 0.5 t\n")
    assert rs.ir.Run.from_trec(path).elements("q") == ["a\x00", "a"]
    path.write_bytes(b"q Q0 a 1 0.5 t\nq Q0 a\x00 2 0.5 t\n")
    assert rs.ir.Run.from_trec(path).elements("q") == ["a\x00", "a"]


@pytest.mark.parametrize("field, value", [
    (b"0" * 62 + b"15", 15.0), (b"0." + b"1" * 70, float("0." + "1" * 70)),
    (b"1" * 400, float("1" * 400)), ("١٢".encode(), 12.0), (b"+.5e-3", 0.0005),
    (b"infinity", math.inf), (b"-INF", -math.inf), (b"5e-324", 5e-324), (b"1e-400", 0.0),
    ("\u00a01.5".encode(), 1.5),
])
def test_both_trec_parsers_read_what_float_reads(tmp_path, field, value):
    path = tmp_path / "run"
    path.write_bytes(b"q Q0 a 1 " + field + b" t\nq Q0 b 2 3 t\n")
    run = rs.ir.Run.from_trec(path)
    assert dict(zip(run.elements("q"), run.scores.tolist()))["a"] == value
    assert read_number(field) == value


@pytest.mark.parametrize("field", [b"1_000", b"0x10", b"1,5", b"1.5.2", b"nan(1)", b"1e",
                                   b"--1", b"\xff", b"1d5", b"0x1p3"])
def test_both_trec_parsers_refuse_what_float_refuses_and_underscores(tmp_path, field):
    path = tmp_path / "run"
    path.write_bytes(b"q Q0 b 1 3 t\n\nq Q0 a 1 " + field + b" t\n")
    with pytest.raises(ValueError, match=r"run, line 3: expected 6 fields .* readable number "
                                         r"in field 5"):
        rs.ir.Run.from_trec(path)


def test_a_bad_value_before_a_short_line_is_named_first_on_both_backends(tmp_path):
    path = tmp_path / "run"
    path.write_bytes(b"q Q0 a 1 x t\nq Q0 b\n")
    with pytest.raises(ValueError, match="run, line 1: "):
        rs.ir.Run.from_trec(path)


def test_nan_scores_and_huge_relevances_in_trec_files_name_the_line(tmp_path):
    path = tmp_path / "run"
    path.write_bytes(b"q Q0 a 1 3 t\n\nq Q0 b 1 NaN t\n")
    with pytest.raises(ValueError, match=r"run, line 3: the score in field 5 is NaN"):
        rs.ir.Run.from_trec(path)
    path.write_bytes(b"q 0 a 1\nq 0 b 9007199254740993\n")
    with pytest.raises(ValueError, match=r"run, line 2: the relevance in field 4 is beyond "
                                         r"2\*\*53"):
        rs.ir.Qrels.from_trec(path)
    path.write_bytes(b"q 0 a 1\nq 0 b 9223372036854775808\n")  # beyond 64 bits
    with pytest.raises(ValueError, match="line 2: expected 4 fields"):
        rs.ir.Qrels.from_trec(path)


@given(st.lists(st.text(st.sampled_from("0123456789+-.eE_xinfatyINF ١٢\x00"), min_size=1,
                        max_size=70).map(str.strip).filter(bool), min_size=1, max_size=8))
@settings(max_examples=150)
def test_trec_parsers_agree_with_each_other_and_with_the_rule(fields):
    from rankscore import _backend
    from rankscore.ir.trec import trec_integer as _trec_integer

    for integer, layout, reader in ((False, (6, 4), read_number), (True, (4, 3), _trec_integer)):
        lines = [f"q Q0 d{i} 1 {f} t" if not integer else f"q 0 d{i} {f}"
                 for i, f in enumerate(fields)]
        data = np.frombuffer("\n".join(lines).encode(), dtype=np.uint8)
        results = []
        for name in ("cython", "python"):
            try:
                with _backend.using(name):
                    out = _backend.kernels.parse_trec(data, *layout, integer, reader)
            except ImportError:
                continue
            bad = out[7]  # the other outputs mean nothing when a line is bad
            results.append(repr(bad) if bad else
                           repr([a.tolist() if isinstance(a, np.ndarray) else a for a in out]))
        assert len(set(results)) == 1
        tokens = [t for f in fields for t in f.encode().split()]
        if all(len(f.encode().split()) == 1 for f in fields):
            expected = [reader(f.encode()) for f in fields]
            bad = next((i for i, v in enumerate(expected) if v is None), None)
            with _backend.using("python"):
                out = _backend.kernels.parse_trec(data, *layout, integer, reader)
            if bad is None:
                assert repr(out[6].tolist()) == repr([float(v) for v in expected])
            else:
                assert out[7] == bad + 1
        assert tokens is not None


def test_int_scores_float64_cannot_hold_are_clear_errors():
    for value in (10**400, -(10**400), 2**53 + 1, 2**64 + 1):
        with pytest.raises(ValueError, match="beyond 2\\*\\*53: float64 cannot hold it"):
            rs.ir.Run({"q": {"a": value, "b": 1}})
        with pytest.raises(ValueError, match="beyond 2\\*\\*53"):
            rs.ir.evaluate({"q": {"a": 1}}, {"q": {"a": value}}, "mrr")
    frame = pd.DataFrame({"query": ["q", "q"], "element": ["a", "b"],
                          "score": np.array([2**53 + 1, 2**53], dtype=np.int64)})
    with pytest.raises(ValueError, match="beyond 2\\*\\*53"):
        rs.ir.Run.from_pandas(frame)
    assert rs.ir.Run({"q": {"a": 2**60, "b": 1.5}}).elements("q") == ["a", "b"]  # exact


def test_shared_runs_and_qrels_under_threads():
    rng = np.random.default_rng(0)
    qrels = rs.ir.Qrels({f"q{i}": {f"d{j}": int(rng.integers(0, 3)) for j in range(30)}
                      for i in range(50)})
    data = {f"q{i}": {f"d{j}": float(np.float32(rng.random())) + 1e-9 * j for j in range(40)}
            for i in range(60)}
    expected = rs.ir.evaluate(rs.ir.Qrels(qrels.to_dict()), rs.ir.Run(data), ["map", "ndcg@10"],
                           score_precision="float32", per_query=True)
    for _ in range(5):
        run = rs.ir.Run(data)  # fresh: its lookups are built by the threads, concurrently
        shared_qrels = rs.ir.Qrels(qrels.to_dict())
        results, barrier = [], threading.Barrier(8)

        def work():
            barrier.wait()
            results.append(rs.ir.evaluate(shared_qrels, run, ["map", "ndcg@10"],
                                       score_precision="float32", per_query=True))

        threads = [threading.Thread(target=work) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert len(results) == 8
        for r in results:
            for key in ("map", "ndcg@10"):
                np.testing.assert_array_equal(r[key], expected[key])
    assert "Thread safety" in rs.ir.Qrels.__doc__ and "Thread safety" in rs.ir.Run.__doc__


# ------------------------------------------------------------------------------- minor


@pytest.mark.parametrize("pos_label", [{1}, [1], (1,), np.array([1]), {1: 1}, frozenset([1]),
                                       object()], ids=lambda x: type(x).__name__)
def test_pos_label_must_be_one_label(pos_label):
    calls = [
        lambda: rs.roc_curve(Y4, S4, pos_label=pos_label),
        lambda: rs.average_precision_score(Y4, S4, pos_label=pos_label),
        lambda: rs.ks_statistic(Y4, S4, pos_label=pos_label),
        lambda: rs.gains.gain_table(Y4, S4, pos_label=pos_label),
        lambda: rs.binary_confusion(Y4, S4, threshold=0.5, pos_label=pos_label),
        lambda: rs.precision_score(Y4, [0, 1, 0, 0], pos_label=pos_label),
        lambda: rs.gains.prevalence(Y4, pos_label=pos_label),
        lambda: rs.brier_score_loss(Y4, S4, pos_label=pos_label),
        lambda: rs.ScoreSummary.from_arrays(Y4, S4, pos_label=pos_label),
        lambda: rs.ScoreAccumulator(pos_label=pos_label).update(Y4, S4).summary(),
        lambda: rs.uncertainty.bootstrap_ci(Y4, S4, pos_label=pos_label, n_resamples=10),
        lambda: rs.uncertainty.delong_variance(Y4, S4, pos_label=pos_label),
        lambda: rs.best_threshold(Y4, S4, "youden", pos_label=pos_label),
    ]
    for call in calls:  # never a silent NaN or a broadcast match
        with pytest.raises((TypeError, ValueError), match="pos_label"):
            call()
    with pytest.raises(TypeError, match="pos_label must be one label"):
        rs.roc_curve(Y4, S4, pos_label=pos_label)


def test_numpy_scalar_pos_labels_still_work():
    assert rs.average_precision_score(Y4, S4, pos_label=np.int64(1)) == \
        rs.average_precision_score(Y4, S4)
    assert rs.ks_statistic(["a", "b", "a", "b"], S4, pos_label=np.str_("b")) == \
        rs.ks_statistic(Y4, S4)


@pytest.mark.parametrize("reader", ["python", "arrow"])
@pytest.mark.parametrize("value", ["1_000", "1__0", "_1", "0x10", "1,5"])
def test_csv_numbers_follow_the_one_rule(tmp_path, capsys, reader, value):
    path = tmp_path / "d.csv"
    path.write_text(f"target;score\n0;0.5\n1;{value}\n")
    _stream.CSV_READER = reader
    try:
        _refused(["report", path], capsys, f"d.csv, row 3: score column 'score' has "
                                           f"'{value}', not a finite number")
    finally:
        _stream.CSV_READER = "auto"


def test_underscores_are_refused_by_every_reader_alike(tmp_path):
    run = tmp_path / "run"
    run.write_bytes(b"q Q0 a 1 1_000 t\n")
    with pytest.raises(ValueError, match="line 1"):
        rs.ir.Run.from_trec(run)
    assert read_number("1_000") is None and read_number(" 1e3 ") == 1000.0


def test_big_endian_arrays_are_read_by_value():
    thresholds = np.array([0.8, 0.4, 0.1], dtype=">f8")
    summary = rs.ScoreSummary(thresholds, np.array([0, 1, 1], dtype=">i8"), [1, 0, 1])
    assert summary.roc_auc() == rs.ScoreSummary([0.8, 0.4, 0.1], [0, 1, 1], [1, 0, 1]).roc_auc()
    assert summary.thresholds.dtype == np.float64 and summary.thresholds.dtype.isnative
    assert rs.ScoreSummary(np.array([0.5], ">f4"), [1], [0]).thresholds.dtype == np.float32
    y, s = np.array(Y4, ">i8"), np.array(S4, ">f8")
    assert rs.roc_auc_score(y, s) == rs.roc_auc_score(Y4, S4)
    assert rs.auc(np.array([0, 1], ">f8"), np.array([0, 1], ">f8")) == 0.5


# --------------------------------------------------- the pyarrow CSV reader (issue 24)


def _pieces(path, reader, rows, label="target", score="score"):
    """('ok', pieces as plain data) or ('error', message) of one reader."""
    _stream.CSV_READER = reader
    try:
        pieces = list(_stream.chunks(path, label, score, rows=rows))
    except ValueError as exc:
        return "error", str(exc)
    finally:
        _stream.CSV_READER = "auto"
    return "ok", [(p.values, p.codes.tolist(), p.codes.dtype.str, p.scores.tolist())
                  for p in pieces]


def _same_pieces(path, rows=3, **columns):
    python = _pieces(path, "python", rows, **columns)
    arrow = _pieces(path, "arrow", rows, **columns)
    assert arrow == python
    return python


@pytest.mark.parametrize("text, outcome", [
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5\n0,0.2\n", "ok"),
    ("\ufefftarget,score\r\n0,0.1\r\n\r\n1,0.9\r\n", "ok"),
    ("target,score\r0,0.1\r1,0.9\r", "ok"),
    ("\n\n target , score \n 0 ,0.1\n1, 0.9 \n", "ok"),
    ("target,score\n0,0.1\n,,\n1,0.9\n  ,  \n0,0.3\n1,0.5\n", "ok"),
    ('target,score\n"0",0.1\n"a\nb",0.9\n"1",0.3\n', "ok"),
    ('target,score\n"0""",0.1\n1,"0.9"\n', "ok"),
    ("target;score\n0;0,1\n1;0,9\n", "error"),
    ("target\tscore\tx\n0\t0.1\tz\n1\t0.9\tz\n", "ok"),
    ("a|target|score\n1|0|.5\n2|1|5e-1\n3|0|+1\n4|1|1E-3\n", "ok"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,oops\n0,0.2\n", "error"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n,0.5\n0,0.2\n", "error"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5,7\n0,0.2\n", "error"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1\n0,0.2\n", "error"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5\n\"0,0.2\n", "error"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0.5\n0,0.2\n1,\xff\n", "bytes"),
    ("target,score\n0,0.1\n1,0.9\n0,0.3\n1,0\x00.5\n", "error"),
    ("target,score,x\n0,0.1,\xff\n", "bytes"), ("target,score,x\n0,0.1,é\n1,0.2,\xc3", "bytes"),
    ("target,score\n0,0.1\n1,9007199254740993\n", "error"),
    ("target,score\n0,0.1\n1,9007199254740994\n", "ok"),
    ("target,score\n0,1e400\n", "error"), ("target,score\n0,-inf\n", "error"),
    ("target,score\n0,١٢\n1,0.5\n", "ok"), ("target,score\n0, 1.5\n1,\t2\n", "ok"),
    ("target,score\n", "error"), ("", "error"), ("\n \n", "error"),
    ("target,score,score\n0,1,2\n", "error"), ("y,s\n0,1\n", "error"),
    ("target,score\n0,0.1\n1,0.1\n" + "a,0.5\n" * 7, "ok"),
    ("'target','score'\n'0','0.1'\n'1','0.9'\n", "ok"),
    ("target, score\n0, 0.1\n1, \"0.9\"\n", "ok"),
])
def test_both_csv_readers_give_the_same_pieces_and_errors(tmp_path, text, outcome):
    path = tmp_path / "f.csv"
    if outcome == "bytes":  # "\xff" and a final "\xc3" stand for those bytes, not UTF-8
        path.write_bytes(text.encode().replace("\xff".encode(), b"\xff")
                         .replace("\xc3".encode(), b"\xc3"))
        outcome = "error"
    else:
        path.write_text(text, encoding="utf-8", newline="")
    for rows in (1, 2, 3, 1000):
        result = _same_pieces(path, rows)
        assert result[0] == outcome, result


_CELL = st.text(st.sampled_from('01ab .,;"\n\r\t-+e5_'), max_size=6)


@given(st.lists(st.tuples(_CELL, _CELL, st.sampled_from([",", ";", "\n", "\r\n", ""])),
                max_size=25), st.sampled_from([1, 2, 5, 100]))
@settings(max_examples=200)
def test_both_csv_readers_agree_on_random_text(tmp_path_factory, cells, rows):
    body = "".join(f"{a},{b}{end}" for a, b, end in cells)
    path = tmp_path_factory.mktemp("csv") / "r.csv"
    path.write_text("target,score\n" + body, encoding="utf-8", newline="")
    _same_pieces(path, rows)


@given(st.lists(st.tuples(st.sampled_from(["0", "1", " 1", "yes", "", "no "]),
                          st.floats(allow_nan=False, allow_infinity=False,
                                    width=64).map(repr)), min_size=1, max_size=40),
       st.sampled_from([1, 3, 1000]))
@settings(max_examples=100)
def test_both_csv_readers_read_every_float_alike(tmp_path_factory, rows, chunk):
    path = tmp_path_factory.mktemp("csv") / "f.csv"
    path.write_text("target,score\n" + "".join(f"{a},{b}\n" for a, b in rows))
    _same_pieces(path, chunk)


def test_the_arrow_reader_matches_on_many_pieces(tmp_path):
    rng = np.random.default_rng(5)
    n = 50_000
    labels = rng.choice(["spam", "ham", " spam", "ham "], n)
    scores = rng.normal(size=n)
    scores[::7] = np.round(scores[::7], 2)
    path = tmp_path / "big.csv"
    path.write_text("id,target,score,note\n" + "".join(
        f'{i},{a},{b!r},"x, y\n z"\n' for i, (a, b) in enumerate(zip(labels,
                                                                         scores.tolist()))))
    result = _same_pieces(path, rows=4096)
    assert result[0] == "ok" and len(result[1]) == math.ceil(n / 4096)
    lines = path.read_text().split("\n")
    lines[2 * 40_000 + 5] = '40002,spam,bad,"x, y'  # a value in a late piece: row named
    path.write_text("\n".join(lines))
    status, message = _same_pieces(path, rows=4096)
    # the csv module's row of a record is the line it ends on (a newline in "x, y\n z")
    assert status == "error" and "row 80007: score column 'score' has 'bad'" in message


def test_the_report_is_the_same_with_either_reader(tmp_path, capsys):
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 3000)
    s = np.round(rng.random(3000), 4)
    path = tmp_path / "r.csv"
    path.write_text("target,score\n" + "".join(f"{a},{b}\n" for a, b in zip(y, s)))
    outputs = []
    for reader in ("python", "arrow"):
        _stream.CSV_READER = reader
        try:
            for extra in ([], ["--memory-budget", "0"], ["--json"]):
                outputs.append((extra, _cli(["report", path, *extra], capsys)))
        finally:
            _stream.CSV_READER = "auto"
    assert outputs[:3] == outputs[3:]
    assert outputs[0][1][0] == 0


def test_without_pyarrow_the_csv_module_reads(tmp_path, monkeypatch, capsys):
    import rankscore._csv_arrow as arrow

    monkeypatch.setattr(arrow, "available", lambda: False)
    called = []
    monkeypatch.setattr(arrow, "chunks", lambda *a: called.append(a))
    path = tmp_path / "r.csv"
    path.write_text("target,score\n0,0.1\n1,0.9\n")
    code, out, _ = _cli(["report", path, "--json"], capsys)
    assert code == 0 and '"roc_auc": 1.0' in out and not called


def test_the_column_rule_docstring_runs():
    import doctest

    result = doctest.testmod(_columns, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 3


def test_huge_counts_and_long_paths_are_short_one_line_errors(tmp_path):
    with pytest.raises(ValueError, match=r"count_rankings\(p = 1000.*\(401 characters\), k = "
                                         r"5000.*\(400 characters\)\) has more than 2\*\*20"):
        rs.rankings.count_rankings(10**400, 5 * 10**399)
    for call in (lambda p: rs.ir.Run.from_trec(p), lambda p: rs.ir.Qrels(p),
                 lambda p: _stream.read_columns(p, "y", "s")):
        with pytest.raises(ValueError) as info:
            call(str(tmp_path / ("x" * 5000)))
        assert len(str(info.value)) < 400 and "\n" not in str(info.value)


# ------------------------------------------- files that read as something else (CLI sweep)


@pytest.mark.parametrize("reader", ["python", "arrow"])
def test_a_quote_never_closed_is_an_error_naming_its_row(tmp_path, capsys, reader):
    # the csv module (and pyarrow) closes it at the end of the file: the rest of the file
    # was one field, and the report read the first 10 of 1000 rows
    rng = np.random.default_rng(3)
    rows = [f"{int(y)},{s:.3f},{'ok' if i != 9 else chr(34) + '12 inch'}"
            for i, (y, s) in enumerate(zip(rng.random(1000) < 0.5, rng.random(1000)))]
    path = tmp_path / "q.csv"
    path.write_text("target,score,note\n" + "\n".join(rows) + "\n")
    two = tmp_path / "q2.csv"  # in a column the report reads: it was "row 5: 1 fields"
    two.write_text('target,score\n0,0.1\n"1,0.9\n0,0.4\n1,0.3\n')
    _stream.CSV_READER = reader
    try:
        for extra in ([], ["--memory-budget", "0"], ["--ci", "--n-resamples", "5"]):
            _refused(["report", path, *extra], capsys, "q.csv, row 11: a quoted field opens in "
                     "this row and is not closed before the end of the file")
        _refused(["report", two], capsys, "q2.csv, row 3: a quoted field opens")
        _refused(["report", tmp_path / "h.csv"], capsys, "no such file")
        (tmp_path / "h.csv").write_text('target,"score\n0,0.1\n')
        _refused(["report", tmp_path / "h.csv"], capsys, "h.csv, row 1: a quoted field opens")
        # a quote inside an unquoted field is a character of it (an odd count of quotes)
        inch = tmp_path / "inch.csv"
        inch.write_text('target,score,note\n0,0.1,12" screen\n1,0.9,"a, b"\n0,0.3,ok\n')
        assert _report_json(["report", inch], capsys)["ranking"]["roc_auc"] == 1.0
        one = tmp_path / "one.csv"  # one column, as labels and scores: the end is no row
        one.write_text("a\n0\n1\n")
        assert _report_json(["report", one, "--label", "a", "--score", "a"],
                            capsys)["counts"]["n"] == 2
    finally:
        _stream.CSV_READER = "auto"


@pytest.mark.parametrize("reader", ["python", "arrow"])
def test_many_blank_lines_before_the_header(tmp_path, capsys, reader):
    path = tmp_path / "b.csv"  # more than the 64 KiB the header was looked for in
    path.write_text("\n" * 70_000 + "target,score\n0,0.1\n1,0.4\n0,0.35\n1,0.8\n")
    _stream.CSV_READER = reader
    try:
        assert _report_json(["report", path], capsys)["ranking"]["roc_auc"] == 1.0
        (tmp_path / "e.csv").write_text("\n  \n" * 40_000)
        _refused(["report", tmp_path / "e.csv"], capsys, "e.csv: the file is empty")
    finally:
        _stream.CSV_READER = "auto"


def test_label_texts_are_classes_by_exact_value(tmp_path, capsys):
    # 2**53 and 2**53 + 1 are two labels (they were one class, through float()), "1_0"
    # is no number (float() reads it as 10)
    big = tmp_path / "big.csv"
    big.write_text("target,score\n9007199254740992,0.1\n9007199254740993,0.9\n"
                   "9007199254740992,0.4\n9007199254740993,0.35\n")
    data = _report_json(["report", big, "--pos-label", "9007199254740993"], capsys)
    assert (data["counts"]["positives"], data["ranking"]["roc_auc"]) == (2, 0.75)
    three = tmp_path / "three.csv"
    three.write_text(big.read_text() + "0,0.2\n")
    _refused(["report", three, "--pos-label", "9007199254740993"], capsys,
             "has 3 values ('0', '9007199254740992', '9007199254740993')")
    under = tmp_path / "under.csv"
    under.write_text("target,score\n1_0,0.1\n10,0.9\n")
    for positive, auc in (("10", 1.0), ("1_0", 0.0), ("1e1", 1.0)):
        data = _report_json(["report", under, "--pos-label", positive], capsys)
        assert (data["counts"]["positives"], data["ranking"]["roc_auc"]) == (1, auc)


def test_the_positive_text_is_the_first_read_on_every_path(tmp_path, capsys):
    path = tmp_path / "p.csv"
    path.write_text("target,score\n0,0.1\n1e0,0.9\n00,0.4\n1.,0.3\n")
    for extra in ([], ["--memory-budget", "0"], ["--ci", "--n-resamples", "5"]):
        assert _report_json(["report", path, *extra], capsys)["pos_label"] == "1e0"


def test_parquet_labels_with_a_nul_character_are_refused(tmp_path, capsys):
    # NumPy's text arrays drop NULs at the end: 'a' and 'a\x00' became one label on one
    # path, and the others gave unrelated errors
    path = _table(tmp_path, "n.parquet", target=["a", "a\x00", "b", "b", "a\x00", "a"],
                  score=[0.1, 0.9, 0.8, 0.7, 0.95, 0.2])
    for extra in ([], ["--memory-budget", "0"], ["--ci", "--n-resamples", "5"]):
        _refused(["report", path, "--pos-label", "b", *extra], capsys,
                 "n.parquet: label column 'target' holds 'a\\x00', a label with a NUL "
                 "character")


def test_json_output_writes_undefined_and_infinite_numbers_as_null(tmp_path, capsys):
    # Python's json wrote NaN (no JSON), or refused inf ("Out of range float values")
    import json

    opposite = tmp_path / "o.csv"  # b ranks every pair the other way: DeLong's z is inf
    opposite.write_text("target,a,b\n0,0.1,0.9\n1,0.9,0.1\n0,0.2,0.8\n1,0.8,0.2\n")
    code, out, err = _cli(["compare", opposite, "--score", "a", "--score", "b", "--json"],
                          capsys)
    assert code == 0, err
    pair = json.loads(out)["pairs"][0]
    assert (pair["difference"], pair["z"]) == (1.0, None)
    qrels, run = tmp_path / "q", tmp_path / "r"
    qrels.write_text("q1 0 d1 0\nq2 0 d1 1\n")  # q1 has no relevant document: s is NaN
    run.write_text("q1 Q0 d1 1 0.9 r\nq2 Q0 d1 1 0.8 r\n")
    code, out, err = _cli(["ir", qrels, run, "--json", "--per-query", "--metrics", "s"],
                          capsys)
    assert code == 0, err
    assert "NaN" not in out and json.loads(out)["per_query"]["s"]["q1"] is None
    code, out, err = _cli(["ir", qrels, run, run, "--json", "--metrics", "map"], capsys)
    assert code == 0, err
    assert "NaN" not in out
    json.loads(out)
