"""Files read a chunk at a time (rankscore/_stream.py): the same rows, checks and summary as
reading them whole."""

import contextlib
import io
import json
import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankscore as rs
from rankscore import _stream, cli, report
from rankscore.report import read_columns


def _rows(n=500, seed=0, labels=("0", "1")):
    rng = np.random.default_rng(seed)
    score = np.round(rng.random(n), 3)
    positive = rng.random(n) < score
    return np.where(positive, labels[1], labels[0]), score


def _csv(path, labels, scores, sep=","):
    lines = [f"id{sep}target{sep}score"]
    lines += [f"{i}{sep}{a}{sep}{b!r}" for i, (a, b) in enumerate(zip(labels, scores.tolist()))]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _parquet(path, labels, scores, row_group_size=64):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    table = pa.table({"target": labels, "score": scores})
    pq.write_table(table, path, row_group_size=row_group_size)
    return path


def _joined(pieces):
    pieces = list(pieces)
    labels = np.concatenate([np.asarray(p.values)[p.codes] for p in pieces])
    return labels, np.concatenate([p.scores for p in pieces]), len(pieces)


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_chunks_are_the_rows_of_the_file(tmp_path, kind):
    labels, scores = _rows()
    write = _csv if kind == "csv" else _parquet
    path = write(tmp_path / f"f.{kind}", labels, scores)
    got_labels, got_scores, n_pieces = _joined(_stream.chunks(path, "target", "score", rows=37))
    assert n_pieces == 14  # ceil(500 / 37), across the 64-row groups of the Parquet file
    np.testing.assert_array_equal(got_labels, labels)
    np.testing.assert_array_equal(got_scores, scores)
    whole_labels, whole_scores = read_columns(path, "target", "score")
    np.testing.assert_array_equal(whole_labels, labels)
    np.testing.assert_array_equal(whole_scores, scores)


def test_a_bad_value_in_a_later_chunk_names_its_line(tmp_path):
    labels, scores = _rows(100)
    path = _csv(tmp_path / "f.csv", labels, scores)
    lines = path.read_text().splitlines()
    lines[80] = "79,1,oops"  # line 81 of the file (the header is line 1)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"f.csv, row 81: score column 'score' has 'oops'"):
        list(_stream.chunks(path, "target", "score", rows=16))
    lines[80], lines[90] = "79,1,0.5", "89,,0.5"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match=r"row 91: label column 'target' is empty"):
        list(_stream.chunks(path, "target", "score", rows=16))


def test_a_null_in_a_later_parquet_batch_names_its_row(tmp_path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    labels, scores = _rows(100)
    score_column = pa.array([None if i == 70 else v for i, v in enumerate(scores.tolist())])
    pq.write_table(pa.table({"target": labels, "score": score_column}), tmp_path / "f.parquet",
                   row_group_size=30)
    with pytest.raises(ValueError, match=r"row 71: score column 'score' has an empty value"):
        list(_stream.chunks(tmp_path / "f.parquet", "target", "score", rows=16))
    label_column = pa.array([None if i == 45 else v for i, v in enumerate(labels.tolist())])
    pq.write_table(pa.table({"target": label_column, "score": scores}), tmp_path / "g.parquet",
                   row_group_size=30)
    with pytest.raises(ValueError, match=r"row 46: label column 'target' is empty"):
        list(_stream.chunks(tmp_path / "g.parquet", "target", "score", rows=16))


@pytest.mark.parametrize("kind", ["csv", "parquet"])
@pytest.mark.parametrize("labels, pos_label, positive", [
    (("0", "1"), None, "1"), (("-1", "1"), None, "1"), (("false", "true"), None, "true"),
    (("ham", "spam"), "spam", "spam"), (("0.0", "1.0"), "1", "1.0"),
])  # fmt: skip
def test_summarise_file_equals_the_summary_in_memory(tmp_path, kind, labels, pos_label,
                                                     positive):
    text, scores = _rows(300, seed=1, labels=labels)
    write = _csv if kind == "csv" else _parquet
    path = write(tmp_path / f"f.{kind}", text, scores)
    summary, decided = _stream.summarise_file(path, "target", "score", pos_label, rows=29)
    assert decided == positive
    assert summary == rs.ScoreSummary.from_arrays(text == positive, scores)


@pytest.mark.parametrize("labels, pos_label, message", [
    (["a", "b", "a", "c"], "a", r"has 3 values \('a', 'b', 'c'\); a binary report needs two"),
    (["ham", "spam"], None, r"has the values 'ham', 'spam'; say which is positive with"),
    (["0", "0"], None, r"has one value only \('0'\); need two"),
    (["0", "1"], "2", r"--pos-label '2' is not a value of 'target' \('0', '1'\)"),
    (["1", "1.0"], "1", r"has one class only \('1', '1.0'\); need two"),  # one number
    (["1", "true"], None, r"has the values '1', 'true'; say which is positive"),
    (["-1", "0"], None, r"has the values '-1', '0'; say which is positive"),
])  # fmt: skip
@pytest.mark.parametrize("budget", [None, 0])
def test_label_column_errors(tmp_path, labels, pos_label, message, budget):
    path = _csv(tmp_path / "f.csv", np.array(labels), np.linspace(0, 1, len(labels)))
    with pytest.raises(ValueError, match=message):
        _stream.summarise_file(path, "target", "score", pos_label, rows=2)
    with pytest.raises(ValueError, match=message):  # the same checks, kept or summarised
        _stream.classes_of_file(path, "target", "score", pos_label, budget=budget, rows=2)


def test_a_score_column_as_labels_stops_early(tmp_path, monkeypatch):
    monkeypatch.setattr(_stream, "_MANY_VALUES", 50)
    _, scores = _rows(200)
    path = _csv(tmp_path / "f.csv", np.arange(200).astype(str), scores)
    with pytest.raises(ValueError, match=r"has more than 50 values \('0', '1', '10', "):
        _stream.summarise_file(path, "target", "score", rows=16)


def test_progress_line_draws_and_erases():
    out = io.StringIO()
    line = _stream.ProgressLine(out, "rankscore report big.parquet", delay=0.0, rate=1e9)
    line(25, 100)
    line(50, 100)
    line.close()
    text = out.getvalue()
    assert "\rrankscore report big.parquet:  25 % read (0 s)" in text
    assert "\rrankscore report big.parquet:  50 % read (0 s)" in text
    assert text.endswith("\r")
    quiet = io.StringIO()
    line = _stream.ProgressLine(quiet, "x", delay=60.0)  # a short file: nothing drawn
    line(1, 2)
    line.close()
    assert quiet.getvalue() == ""


def test_report_of_a_file_equals_the_report_in_memory(tmp_path, capsys):
    text, scores = _rows(2000, seed=2, labels=("ham", "spam"))
    path = _parquet(tmp_path / "f.parquet", text, scores, row_group_size=300)
    code = cli.main(["report", str(path), "--pos-label", "spam", "--json", "--quiet",
                     "--threshold", "0.3", "--groups", "7"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    data = json.loads(out)
    expected = report.binary_report(text, scores, pos_label="spam", threshold=0.3,
                                       n_groups=7)
    assert {k: data[k] for k in expected} == expected


def test_progress_only_on_a_terminal_and_not_with_quiet(tmp_path, monkeypatch, capsys):
    import sys

    made = []

    class Recorder:
        def __init__(self, stream, what, **options):
            made.append(what)

        def __call__(self, done, total):
            pass

        def close(self):
            pass

    monkeypatch.setattr(_stream, "ProgressLine", Recorder)
    text, scores = _rows(100)
    path = _csv(tmp_path / "f.csv", text, scores)
    for tty, quiet, expected in [(False, False, 0), (True, True, 0), (True, False, 1)]:
        monkeypatch.setattr(sys.stderr, "isatty", lambda: tty)
        made.clear()
        assert cli.main(["report", str(path), "--json"] + ["--quiet"] * quiet) == 0
        assert len(made) == expected
    assert made == [f"rankscore report {path}"]


# ---------------------------------------------------------------------------------------
# the scores of each class (``rankscore report FILE``), or a summary beyond the budget


def _sorted_classes(labels, scores, positive):
    return np.sort(scores[labels != positive]), np.sort(scores[labels == positive])


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_classes_of_file_keeps_each_class_or_summarises(tmp_path, kind):
    text, scores = _rows(300, seed=2, labels=("ham", "spam"))
    write = _csv if kind == "csv" else _parquet
    path = write(tmp_path / f"f.{kind}", text, scores)
    negatives, positives = _sorted_classes(text, scores, "spam")
    kept = _stream.classes_of_file(path, "target", "score", "spam", rows=29)
    assert kept.summary is None and kept.pos_label == "spam"
    assert kept.negatives.dtype == kept.positives.dtype == np.float64
    np.testing.assert_array_equal(np.sort(kept.negatives), negatives)
    np.testing.assert_array_equal(np.sort(kept.positives), positives)
    expected = rs.ScoreSummary.from_arrays(text == "spam", scores)
    for budget in (0, 8 * 299, 8 * 100):  # below the file: summarised (CSV: after 3 chunks)
        summarised = _stream.classes_of_file(path, "target", "score", "spam", rows=29,
                                             budget=budget)
        assert summarised.negatives is None and summarised.positives is None
        assert summarised.summary == expected and summarised.pos_label == "spam"
    exact = _stream.classes_of_file(path, "target", "score", "spam", rows=29, budget=8 * 300)
    assert exact.summary is None  # the scores of 300 rows fit in 8 * 300 bytes


def test_parquet_rows_unlike_its_metadata_are_an_error(tmp_path):
    classes = _stream._Classes(tmp_path / "f.parquet", 3, 1 << 20)
    with pytest.raises(ValueError, match=r"f.parquet: more rows than its metadata says"):
        classes(np.array([True, False, True, False]), np.arange(4.0))
    classes = _stream._Classes(tmp_path / "f.parquet", 3, 1 << 20)
    classes(np.array([True, False]), np.arange(2.0))
    with pytest.raises(ValueError, match=r"f.parquet: fewer rows than its metadata says"):
        classes.result("1")


def test_memory_budget_is_a_quarter_of_physical_memory(monkeypatch):
    if hasattr(os, "sysconf"):
        physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
        assert _stream.memory_budget() == physical // 4

    def unknown(name):
        raise ValueError(name)

    monkeypatch.setattr(os, "sysconf", unknown, raising=False)
    assert _stream.memory_budget() == 2 << 30  # where physical memory is unknown


def _report_json(path, *argv):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["report", str(path), "--json", "--quiet", *argv]) == 0
    return json.loads(out.getvalue())


_SCORES = st.one_of(
    st.sampled_from([0.0, -0.0, 0.25, 0.5, 1.0, -3.0]),  # ties, and -0.0 beside 0.0
    st.floats(-1e6, 1e6, allow_nan=False, width=32),  # float32 values
    st.floats(-1e300, 1e300, allow_nan=False),
)


@settings(max_examples=30, deadline=None)
@given(data=st.data(), kind=st.sampled_from(["csv", "parquet"]))
def test_report_kept_summarised_and_in_memory_agree(data, kind):
    """The report of the kept class scores (any chunking), of the summary (budget 0) and of
    ``binary_report`` in memory are one dict: ties, -0.0, one class of one row."""
    n = data.draw(st.integers(2, 60))
    scores = np.array(data.draw(st.lists(_SCORES, min_size=n, max_size=n)))
    y = np.array(data.draw(st.lists(st.booleans(), min_size=n, max_size=n)))
    i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 2))
    y[i], y[j + (j >= i)] = True, False  # both classes, possibly one row of one
    threshold = data.draw(st.sampled_from([0.5, 0.0, float(scores[0])]))
    groups = data.draw(st.integers(1, 12))
    labels = np.where(y, "1", "0")
    rows = data.draw(st.integers(1, n + 1))
    with tempfile.TemporaryDirectory() as folder:
        write = _csv if kind == "csv" else _parquet
        path = write(Path(folder) / f"f.{kind}", labels, scores)
        options = [f"--threshold={threshold!r}", "--groups", str(groups)]
        kept = _report_json(path, *options)
        summarised = _report_json(path, *options, "--memory-budget", "0")
        chunked = _stream.classes_of_file(path, "target", "score", rows=rows)  # any chunking
    assert np.array_equal(np.sort(chunked.negatives), np.sort(scores[~y]))
    assert np.array_equal(np.sort(chunked.positives), np.sort(scores[y]))
    expected = report.binary_report(y, scores, threshold=threshold, n_groups=groups)
    assert kept == summarised
    assert {k: kept[k] for k in expected} == expected
    assert report._report_of_classes(chunked.negatives, chunked.positives, threshold=threshold,
                                     n_groups=groups, in_place=True) == expected


def test_report_command_memory_budget_option(tmp_path, capsys):
    text, scores = _rows(200, seed=3)
    path = _parquet(tmp_path / "f.parquet", text, scores)
    assert _report_json(path, "--memory-budget", "1.5K") == _report_json(path)  # 1536 < 1600
    with pytest.raises(SystemExit) as exit_:  # argparse: exit 2, the option named
        cli.main(["report", str(path), "--memory-budget", "lots"])
    assert exit_.value.code == 2
    assert "--memory-budget: 'lots' is not a size such as 500M or 4G" in capsys.readouterr().err


@pytest.mark.parametrize("score_type", ["float64", "float32", "int64"])
def test_report_of_parquet_row_groups_of_one_class_and_empty_ones(tmp_path, score_type):
    # row groups holding one class only (the rows sorted by label), empty row groups at
    # both ends, text labels named by --pos-label: the scores kept, the summary (budget 0)
    # and a budget between give the report in memory
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    rng = np.random.default_rng(21)
    n = 400
    y = np.sort(rng.random(n) < 0.2)  # negatives first
    scores = {"float64": rng.choice([-0.0, 0.0, 0.25, 5e-324, -1.5, 1e300], n),
              "float32": rng.normal(size=n).astype(np.float32),
              "int64": rng.integers(-3, 4, n)}[score_type]
    labels = np.where(y, "churn", "stay")
    table = pa.table({"target": labels, "score": scores})
    path = tmp_path / "f.parquet"
    with pq.ParquetWriter(path, table.schema) as writer:
        writer.write_table(table.slice(0, 0))
        writer.write_table(table, row_group_size=37)
        writer.write_table(table.slice(0, 0))
    options = ["--pos-label", "churn", "--threshold", "0.0", "--groups", "7"]
    expected = report.binary_report(labels, scores, pos_label="churn", threshold=0.0,
                                    n_groups=7)
    for budget in ([], ["--memory-budget", "0"], ["--memory-budget", str(8 * n // 2)]):
        got = _report_json(path, *options, *budget)
        assert {k: got[k] for k in expected} == expected
