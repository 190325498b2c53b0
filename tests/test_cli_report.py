"""``rankscore report``: the demo, files, --json, and one-line errors with exit code 2."""

import csv
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import rankscore as rs
from rankscore import cli
from rankscore.datasets import load_spam


def run(argv, capsys):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_demo_text(capsys):
    code, out, err = run(["report"], capsys)
    assert code == 0 and err == ""
    assert "rows 20   positives 9   negatives 11   prevalence 0.4500" in out
    assert "ROC AUC              0.7980" in out  # 79/99
    assert "Gini (2·AUC − 1)     0.5960" in out
    assert "KS                   0.5758" in out
    assert "At threshold 0.5 (positive = score >= 0.5)" in out
    table = out.split("At threshold 0.5")[1].splitlines()
    assert table[2].split()[-2:] == ["6", "3"] and table[3].split()[-2:] == ["2", "9"]
    assert "accuracy             0.7500" in out
    assert "F1                   0.7059" in out
    assert "Youden J = TPR − FPR   0.5758 at score >= 0.676" in out
    assert "F1                     0.7500 at score >= 0.676" in out
    assert out.count("0.963 – 0.96") == 1  # first decile of the gain table
    assert len(out.split("Gain and lift")[1].strip().splitlines()) == 12  # title, header, 10


def test_demo_json_matches_the_library(capsys):
    code, out, err = run(["report", "--json", "--threshold", "0.25", "--groups", "5"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == [
        "source", "label_column", "score_column", "pos_label", "counts", "ranking",
        "threshold", "confusion", "best_thresholds", "gain_table",
    ]  # fmt: skip
    assert data["pos_label"] == "spam" and data["threshold"] == 0.25
    c = data["confusion"]
    assert (c["tp"], c["fn"], c["fp"], c["tn"]) == (7, 2, 4, 7)  # SPEC §4 at 0.25
    spam = load_spam()
    y = spam.target == "spam"
    assert data["ranking"]["roc_auc"] == pytest.approx(79 / 99, rel=1e-12)
    assert data["ranking"]["average_precision"] == rs.average_precision_score(y, spam.score)
    assert data["ranking"]["pr_auc"] == rs.pr_auc_score(y, spam.score)
    assert data["ranking"]["ks"] == rs.ks_statistic(y, spam.score).statistic
    assert data["best_thresholds"]["youden"]["threshold"] == 0.676
    assert data["best_thresholds"]["f1"]["value"] == 0.75
    assert len(data["gain_table"]) == 5 and data["gain_table"][-1]["cumulative_gain"] == 1.0
    assert set(data["gain_table"][0]) == set(rs.gains.GainTable.column_names())


def test_csv_file_with_numeric_labels(tmp_path, capsys):
    rng = np.random.default_rng(0)
    score = rng.random(300)
    label = (rng.random(300) < score).astype(int)
    path = tmp_path / "scores.csv"
    lines = ["id;outcome;p"] + [f"{i};{a};{b!r}" for i, (a, b) in enumerate(zip(label.tolist(), score.tolist()))]
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(["report", str(path), "--label", "outcome", "--score", "p",
                          "--json", "--threshold", "0.4"], capsys)  # fmt: skip
    assert code == 0, err
    data = json.loads(out)
    assert data["pos_label"] == "1"
    expected = rs.binary_confusion(label, score, threshold=0.4)
    assert data["confusion"]["tp"] == expected.tp and data["confusion"]["tn"] == expected.tn
    assert data["ranking"]["roc_auc"] == pytest.approx(rs.roc_auc_score(label, score))
    best = rs.best_threshold(label, score, "youden")
    assert data["best_thresholds"]["youden"]["threshold"] == best.threshold


def test_pos_label_for_string_labels_and_numeric_equivalence(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("y,s\nyes,0.9\nno,0.2\nyes,0.4\nno,0.6\n")
    code, out, _ = run(["report", str(path), "--label", "y", "--score", "s",
                        "--pos-label", "yes", "--json"], capsys)  # fmt: skip
    assert code == 0 and json.loads(out)["counts"]["positives"] == 2
    path.write_text("y,s\n1.0,0.9\n0.0,0.2\n1.0,0.4\n0.0,0.6\n")
    code, out, _ = run(["report", str(path), "--label", "y", "--score", "s",
                        "--pos-label", "1", "--json"], capsys)  # fmt: skip
    assert code == 0 and json.loads(out)["pos_label"] == "1.0"
    for text, positive in (("True", "True"), ("-1", "1")):
        other = "False" if text == "True" else "-1"
        path.write_text(f"y,s\n{positive},0.9\n{other},0.2\n{positive},0.4\n{other},0.6\n")
        code, out, _ = run(["report", str(path), "--label", "y", "--score", "s", "--json"],
                           capsys)  # fmt: skip
        assert code == 0 and json.loads(out)["pos_label"] == positive


@pytest.mark.parametrize("options", [[], ["--memory-budget", "0"], ["--ci", "--n-resamples",
                                     "20"], ["--pos-label", "1.0"], ["--pos-label", "0"]])
def test_texts_of_one_number_are_one_class(tmp_path, capsys, options):
    """"0" and "0.0", "1", "1.0" and "1e0" in one label column: two classes, as in a numeric
    column (they were four values, refused), on every path of the command."""
    texts = ["0", "0.0", "1", "1.0", "0", "1e0", "0.0", "1"]
    scores = [0.1, 0.4, 0.35, 0.8, 0.3, 0.7, 0.55, 0.2]
    path = tmp_path / "mixed.csv"
    path.write_text("y,s\n" + "".join(f"{t},{s}\n" for t, s in zip(texts, scores)))
    code, out, err = run(["report", str(path), "--label", "y", "--score", "s", "--json",
                          *options], capsys)
    assert code == 0, err
    data = json.loads(out)
    labels = np.array([float(t) for t in texts])
    negative = "--pos-label" in options and options[1] == "0"
    expected = rs.binary_confusion(labels, scores, threshold=0.5, pos_label=0 if negative else 1)
    assert (data["counts"]["positives"], data["confusion"]["tp"], data["confusion"]["fp"]) \
        == (expected.tp + expected.fn, expected.tp, expected.fp)
    assert data["ranking"]["roc_auc"] == pytest.approx(
        rs.roc_auc_score(labels == (0 if negative else 1), scores), abs=1e-15)
    path.write_text("y,s\n0,0.1\n0.0,0.2\n1,0.3\n2.0,0.4\n")
    code, _, err = run(["report", str(path), "--label", "y", "--score", "s", *options], capsys)
    assert code == 2
    assert ("label column 'y' has 3 classes ('0', '0.0', '1', '2.0'); a binary report needs "
            "two" in err) != ("--ci" in options)  # (read whole: each class's first text)
    assert "--ci" not in options or "label column 'y' has 3 values ('0', '1', '2.0')" in err


def test_compare_reads_texts_of_one_number_as_one_class(tmp_path, capsys):
    path = tmp_path / "mixed.csv"
    path.write_text("y,a,b\n0,0.1,0.3\n1.0,0.4,0.2\n1,0.35,0.9\n0.0,0.8,0.1\n")
    code, out, err = run(["compare", str(path), "--label", "y", "--score", "a", "--score", "b",
                          "--json"], capsys)
    assert code == 0, err
    data = json.loads(out)
    aucs = {model["name"]: model["roc_auc"] for model in data["models"]}
    assert aucs == {"a": rs.roc_auc_score([0, 1, 1, 0], [0.1, 0.4, 0.35, 0.8]),
                    "b": rs.roc_auc_score([0, 1, 1, 0], [0.3, 0.2, 0.9, 0.1])}


def test_parquet_file(tmp_path, capsys):
    pd = pytest.importorskip("pandas")
    pytest.importorskip("pyarrow")
    spam = load_spam()
    path = tmp_path / "spam.parquet"
    pd.DataFrame({"target": spam.target, "score": spam.score}).to_parquet(path)
    code, out, _ = run(["report", str(path), "--pos-label", "spam", "--json"], capsys)
    assert code == 0 and json.loads(out)["confusion"]["tp"] == 6


def test_parquet_without_pyarrow_is_one_line(tmp_path, capsys, monkeypatch):
    # None in sys.modules makes "import pyarrow.parquet" raise ImportError, as if pyarrow
    # were not installed
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    path = tmp_path / "x.parquet"
    path.write_bytes(b"PAR1")
    code, out, err = run(["report", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.strip().endswith("reading Parquet needs pyarrow (pip install rankscore[parquet])")


@pytest.mark.parametrize(
    "content, argv, message",
    [
        ("y,s\n1,0.9\n0,0.2\n", ["--label", "z", "--score", "s"],
         "no label column 'z' (columns: 'y', 's'); choose one with --label"),
        ("y,s\n1,0.9\n0,0.2\n", ["--label", "y", "--score", "t"], "no score column 't'"),
        ("y,s\n1,0.9\n0,abc\n", ["--label", "y", "--score", "s"],
         "row 3: score column 's' has 'abc', not a finite number"),
        ("y,s\n1,0.9\n0,\n", ["--label", "y", "--score", "s"], "row 3: score column 's' has an"
         " empty value"),
        ("y,s\n1,0.9\n0,nan\n", ["--label", "y", "--score", "s"], "has 'nan', not a finite"),
        ("y,s\na,0.9\nb,0.2\nc,0.5\n", ["--label", "y", "--score", "s"],
         "label column 'y' has 3 values ('a', 'b', 'c'); a binary report needs two"),
        ("y,s\na,0.9\na,0.2\n", ["--label", "y", "--score", "s"], "has one value only"),
        ("y,s\na,0.9\nb,0.2\n", ["--label", "y", "--score", "s"], "say which is positive with"
         " --pos-label"),
        ("y,s\na,0.9\nb,0.2\n", ["--label", "y", "--score", "s", "--pos-label", "c"],
         "--pos-label 'c' is not a value of 'y'"),
        ("y,s\n,0.9\nb,0.2\n", ["--label", "y", "--score", "s"], "row 2: label column 'y' is"
         " empty"),
        ("y,s\n1\n0,0.2\n", ["--label", "y", "--score", "s"],
         "row 2: 1 fields, expected 2 (as the header)"),
        ("y,comment,p\n0,3,5,0.2\n1,x,0.9\n", ["--label", "y", "--score", "p"],
         "row 2: 4 fields, expected 3 (as the header)"),
        ("", [], "the file is empty"),
        ("y,s\n", ["--label", "y", "--score", "s"], "no data rows"),
        ("y,s\n1,0.9\n0,0.2\n", ["--label", "y", "--score", "s", "--groups", "0"],
         "--groups must be >= 1"),
        ("y,s\n1,0.9\n0,0.2\n", ["--label", "y", "--score", "s", "--threshold", "inf"],
         "--threshold must be a finite number"),
    ],
)
def test_errors_are_one_line_and_exit_2(tmp_path, capsys, content, argv, message):
    path = tmp_path / "data.csv"
    path.write_text(content)
    code, out, err = run(["report", str(path), *argv], capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("rankscore report: error: ")
    assert message in err


@pytest.mark.parametrize(
    "content, message",
    [
        # not UTF-8: the codec's message named neither the file nor the remedy
        (b"y,s\n\xff\xfe,0.9\n0,0.2\n", "data.csv: not UTF-8 text (invalid start byte);"
         " save the file as UTF-8 CSV"),
        ("y,s\n1,0.9\n0,0.2\n".encode("utf-16"), "data.csv: not UTF-8 text"),
        # UTF-16 without a byte order mark: "no label column 'y' (columns: 'y\x00', ...)"
        ("y,s\n1,0.9\n0,0.2\n".encode("utf-16-le"), "data.csv: not UTF-8 text (NUL bytes in the"
         " header: UTF-16?); save the file as UTF-8 CSV"),
        ("y,s\n1,0.9\n0,0.2\n".encode("utf-16-be"), "data.csv: not UTF-8 text (NUL bytes"),
        # two columns of one name: the first one was taken silently
        (b"y,s,y\n1,0.9,0\n0,0.2,1\n", "data.csv: 2 columns are named 'y'; rename all but one"),
        # a blank line before the bad value: the row number was one too small
        (b"y,s\n1,0.9\n\n0,abc\n", "data.csv, row 4: score column 's' has 'abc'"),
        # a long bad value is shortened, not printed whole
        (b"y,s\n1,0.9\n0," + b"x" * 5000 + b"\n", "score column 's' has '" + "x" * 39
         + "\u2026 (5002 characters), not a finite number"),
    ],
)
def test_unreadable_csv_is_one_line_naming_the_file(tmp_path, capsys, content, message):
    path = tmp_path / "data.csv"
    path.write_bytes(content)
    code, out, err = run(["report", str(path), "--label", "y", "--score", "s"], capsys)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and len(err) < 300
    assert message in err


def test_csv_with_long_text_column_and_blank_lines(tmp_path, capsys):
    # a text column beyond csv's default field limit (131072 characters) raised csv.Error:
    # a traceback; leading blank lines made the header empty
    path = tmp_path / "mail.csv"
    body = "spam spam " * 20000
    path.write_text(f"\n\ny,s,body\n1,0.9,\"{body}\"\n\n0,0.2,short\n0,0.4,x\n")
    code, out, err = run(["report", str(path), "--label", "y", "--score", "s", "--json"],
                         capsys)  # fmt: skip
    assert code == 0 and err == ""
    counts = json.loads(out)["counts"]
    assert (counts["n"], counts["positives"]) == (3, 1)
    assert csv.field_size_limit() == 131072  # restored


def test_directory_and_broken_parquet_are_one_line(tmp_path, capsys):
    code, _, err = run(["report", str(tmp_path)], capsys)
    assert code == 2 and err.strip().endswith(": is a directory, not a file")
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"not parquet at all")
    code, _, err = run(["report", str(broken)], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "broken.parquet: cannot read it as Parquet: " in err
    # duplicate column names: pyarrow's error was a multi-line schema dump
    dup = tmp_path / "dup.parquet"
    table = pa.Table.from_arrays([pa.array(["1", "0"]), pa.array([0.9, 0.1]),
                                  pa.array(["0", "1"])], names=["target", "score", "target"])
    pq.write_table(table, dup)
    code, _, err = run(["report", str(dup)], capsys)
    assert code == 2 and err == (
        f"rankscore report: error: {dup}: 2 columns are named 'target'; rename all but one\n")


def test_any_multi_line_error_is_printed_on_one_line(capsys, monkeypatch):
    def fail(args):
        raise ValueError("first line\nsecond line")

    monkeypatch.setattr("rankscore.report.run_command", fail)
    code, out, err = run(["report"], capsys)
    assert code == 2 and err == "rankscore report: error: first line second line\n"


def test_missing_file(tmp_path, capsys):
    code, _, err = run(["report", str(tmp_path / "nope.csv")], capsys)
    assert code == 2 and "nope.csv: no such file" in err
    code, _, err = run(["report", "-"], capsys)  # not standard input: a file named "-"
    assert code == 2 and err == ("rankscore report: error: -: no such file (rankscore reads "
                                 "regular files, not standard input: save the data to a file "
                                 "first)\n")


@pytest.mark.parametrize("value, shown", [("-1e308", "-1e+308"), ("-1E-3", "-0.001"),
                                          ("-.5", "-0.5"), ("-2", "-2")])
def test_negative_numbers_in_exponent_form_are_option_values(capsys, value, shown):
    code, out, err = run(["report", "--threshold", value], capsys)
    assert code == 0, err
    assert f"At threshold {shown} (positive = score >= {shown})" in out
    code, _, err = run(["report", "--threshold", "-inf"], capsys)
    assert code == 2 and "--threshold must be a finite number, got -inf" in err


@pytest.mark.parametrize("argv, option", [(["report", "--ci", "--n-resamples", "0"],
                                           "--n-resamples"),
                                          (["ir", "q", "r", "--resamples", "0"], "--resamples")])
def test_zero_resamples_are_refused_in_the_commands_words(capsys, argv, option):
    with pytest.raises(SystemExit) as exited:  # (it named the parameter n_resamples)
        cli.main(argv)
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].endswith(
        f"error: argument {option}: must be >= 1, got 0")


@pytest.mark.parametrize("argv, shown", [
    (["report", "--threshold", "0.3", "--threshold", "0.4"], "report: error: argument --threshold"),
    (["report", "--label=y", "--label", "target"], "report: error: argument --label"),
    (["compare", "f.csv", "--score", "a", "--score", "b", "--label", "y", "--label", "z"],
     "compare: error: argument --label"),
    (["ir", "q", "r", "--metrics", "map", "--metrics", "P@5"], "ir: error: argument --metrics"),
    (["score", "xx", "--m", "3", "--m", "4"], "score: error: argument --m"),
    (["plot", "xx", "-o", "a.png", "--output", "b.png"], "plot: error: argument -o/--output"),
])
def test_an_option_given_twice_is_refused(capsys, argv, shown):
    # the last one was kept without a word (a report at 0.4 where 0.3 was asked too)
    with pytest.raises(SystemExit) as exited:
        cli.main(argv)
    assert exited.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == \
        f"rankscore {shown}: given twice; give it once"


def test_options_given_once_in_each_of_two_parses(capsys):
    parser = cli.build_parser()
    for _ in range(2):  # (what was given in one parse is not held against the next)
        args = parser.parse_args(["report", "--threshold", "0.3", "--label", "y"])
        assert (args.threshold, args.label) == (0.3, "y")
    assert run(["report", "--threshold", "0.3", "--quiet", "--quiet"], capsys)[0] == 0


def test_negative_seed_is_refused_in_the_commands_words(capsys):
    with pytest.raises(SystemExit) as exited:  # (argparse's exit)
        cli.main(["report", "--ci", "--seed", "-1"])
    err = capsys.readouterr().err
    assert exited.value.code == 2
    assert err.splitlines()[-1] == "rankscore report: error: argument --seed: must be >= 0, got -1"


def test_subprocess_entry_point(tmp_path):
    env = dict(os.environ)
    ok = subprocess.run([sys.executable, "-m", "rankscore", "report", "--json"],
                        capture_output=True, text=True, cwd=tmp_path, env=env)  # fmt: skip
    assert ok.returncode == 0 and json.loads(ok.stdout)["counts"]["n"] == 20
    bad = subprocess.run([sys.executable, "-m", "rankscore", "report", "missing.csv"],
                         capture_output=True, text=True, cwd=tmp_path, env=env)  # fmt: skip
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.strip() == "rankscore report: error: missing.csv: no such file"


def test_binary_report_rejects_one_class():
    from rankscore.report import binary_report

    with pytest.raises(ValueError, match="no positive samples"):
        binary_report([0, 0, 0], [0.1, 0.2, 0.3])


Y8 = [0, 1, 1, 0, 1, 0, 1, 0]
S8 = [0.62, 0.18, 0.93, 0.05, 0.77, 0.41, 0.36, 0.84]
T8 = [0.11, 0.72, 0.95, 0.30, 0.64, 0.27, 0.58, 0.49]


def test_model_names_that_are_not_str_are_converted_with_str():
    from rankscore.report import format_comparison, model_comparison

    comparison = model_comparison(Y8, {1: S8, 2: T8})
    assert [m["name"] for m in comparison["models"]] == ["1", "2"]
    assert [m["roc_auc"] for m in comparison["models"]] == [
        rs.roc_auc_score(Y8, S8), rs.roc_auc_score(Y8, T8)]  # 0.5625, 1.0
    (pair,) = comparison["pairs"]
    assert (pair["model_a"], pair["model_b"]) == ("1", "2")
    assert pair["difference"] == pytest.approx(0.5625 - 1.0, abs=1e-15)
    text = format_comparison(comparison)
    assert "\n  1       0.5625" in text and "\n  2       1.0000   1.0000   1.0000\n" in text
    assert "\n  1      2       -0.4375" in text
    assert json.loads(json.dumps(comparison)) == comparison
    with pytest.raises(ValueError, match="y_scores: the model names 1 and '1' are one name "
                                         "once converted to str"):
        model_comparison(Y8, {1: S8, "1": T8})


@pytest.mark.parametrize("call, error, message", [
    (lambda r: r.model_comparison(Y8, [S8, T8]), TypeError,
     r"y_scores must be a mapping of model name to scores, .* got list"),
    (lambda r: r.format_report({}), ValueError,
     r"report must be the dict that binary_report or summary_report returns; it has no "
     r"'best_thresholds', 'confusion', 'counts', 'gain_table', 'ranking', 'threshold'"),
    (lambda r: r.format_report(None), TypeError,
     "report must be the dict that binary_report or summary_report returns, got NoneType"),
    (lambda r: r.format_report({"counts": {}}), ValueError, "it has no 'best_thresholds'"),
    (lambda r: r.format_comparison({}), ValueError,
     "comparison must be the dict that model_comparison returns; it has no "
     "'confidence_level', 'models', 'pairs'"),
    (lambda r: r.format_comparison(None), TypeError,
     "comparison must be the dict that model_comparison returns, got NoneType"),
    (lambda r: r.format_comparison([]), TypeError, "got list"),
    (lambda r: r.format_comparison(r.binary_report(Y8, S8)), ValueError,
     "it has no 'confidence_level', 'models', 'pairs'"),
    # a part of the dict malformed: the same ValueError, naming what was missing
    (lambda r: r.format_report({**r.binary_report(Y8, S8), "counts": {}}), ValueError,
     r"report must be the dict .* reading it failed \(KeyError: 'n'\)"),
    (lambda r: r.format_report({**r.binary_report(Y8, S8), "gain_table": [1]}), ValueError,
     r"reading it failed \(TypeError: 'int' object is not subscriptable\)"),
    (lambda r: r.format_comparison({**r.model_comparison(Y8, {"a": S8, "b": T8}),
                                    "models": [{}]}), ValueError,
     r"comparison must be the dict .* reading it failed \(KeyError: 'name'\)"),
])
def test_report_functions_name_a_wrong_argument(call, error, message):
    from rankscore import report

    with pytest.raises(error, match=message):
        call(report)


def test_format_report_reads_a_report_back_from_json():
    from rankscore.report import binary_report, format_report

    report = binary_report(Y8, S8)
    assert format_report(json.loads(json.dumps(report))) == format_report(report)
    assert format_report(report).startswith(
        "rows 8   positives 4   negatives 4   prevalence 0.5000\n")
