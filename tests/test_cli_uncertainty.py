"""``rankscore report --ci`` and ``rankscore compare``: the numbers are those of
rankscore.uncertainty; errors are one line with exit code 2."""

import csv
import json

import numpy as np
import pytest

import rankscore as rs
from rankscore import cli
from rankscore.datasets import load_spam


def run(argv, capsys):
    code = cli.main(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def models_csv(tmp_path):
    rng = np.random.default_rng(0)
    n = 300
    y = rng.integers(0, 2, n)
    a = rng.normal(size=n) + y
    b = rng.normal(size=n) + 0.7 * y
    c = a + rng.normal(size=n)
    path = tmp_path / "models.csv"
    with open(path, "w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["y", "a", "b", "c"])
        for row in zip(y, a, b, c):
            writer.writerow([row[0], *(repr(float(v)) for v in row[1:])])
    return path, y, {"a": a, "b": b, "c": c}


def test_report_ci_json_matches_the_library(capsys):
    code, out, err = run(["report", "--ci", "--json", "--n-resamples", "300"], capsys)
    assert code == 0 and err == ""
    intervals = json.loads(out)["intervals"]
    data = load_spam()
    auc = rs.uncertainty.roc_auc_ci(data.target, data.score, pos_label="spam")
    assert intervals["roc_auc"] == {"low": auc.low, "high": auc.high, "method": "delong"}
    gini = rs.uncertainty.gini_ci(data.target, data.score, pos_label="spam")
    assert intervals["gini"]["low"] == gini.low
    ks = rs.uncertainty.bootstrap_ci(data.target == "spam", data.score, metric="ks", n_resamples=300,
                         random_state=0)
    assert intervals["ks"] == {"low": ks.low, "high": ks.high, "method": "percentile"}
    recall = rs.uncertainty.proportion_ci(6, 9)
    assert intervals["rates"]["recall"]["low"] == recall.low
    assert intervals["confidence_level"] == 0.95


def test_report_ci_text(capsys):
    code, out, err = run(["report", "--ci", "--confidence-level", "0.9", "--n-resamples",
                          "200"], capsys)
    assert code == 0 and err == ""
    ci = rs.uncertainty.roc_auc_ci(load_spam().target, load_spam().score, pos_label="spam",
                       confidence_level=0.9)
    assert f"ROC AUC              0.7980   [{ci.low:.4f}, {ci.high:.4f}] delong" in out
    assert "90% Wilson intervals of the rates at this threshold" in out
    assert "recall (TPR)         0.6667   [" in out


def test_report_without_ci_has_no_intervals(capsys):
    code, out, _ = run(["report", "--json"], capsys)
    assert code == 0 and "intervals" not in json.loads(out)


def test_compare_json_matches_delong_tests(models_csv, capsys):
    path, y, scores = models_csv
    code, out, err = run(["compare", str(path), "--label", "y", "--score", "a", "--score", "b",
                          "--score", "c", "--json"], capsys)
    assert code == 0 and err == ""
    result = json.loads(out)
    assert [m["name"] for m in result["models"]] == ["a", "b", "c"]
    pairs = {(p["model_a"], p["model_b"]): p for p in result["pairs"]}
    assert set(pairs) == {("a", "b"), ("a", "c"), ("b", "c")}
    raw = []
    for (a, b), p in pairs.items():
        t = rs.uncertainty.delong_test(y, scores[a], scores[b])
        assert p["z"] == pytest.approx(t.statistic, rel=1e-12)
        assert p["p_value"] == pytest.approx(t.p_value, rel=1e-12)
        raw.append(t.p_value)
    assert [p["p_holm"] for p in pairs.values()] == pytest.approx(rs.uncertainty.holm_adjust(raw).tolist(),
                                                                  rel=1e-12)
    assert result["models"][0]["roc_auc"] == pytest.approx(rs.roc_auc_score(y, scores["a"]))


def test_compare_text(models_csv, capsys):
    path, _, _ = models_csv
    code, out, err = run(["compare", str(path), "--label", "y", "--score", "a", "--score", "b"],
                         capsys)
    assert code == 0 and err == ""
    assert "ROC AUC with 95% DeLong intervals" in out
    pairs = out.split("DeLong's paired test")[1].strip().splitlines()
    assert len(pairs) == 3 and pairs[1].split()[-2:] == ["p", "Holm"]  # title, header, a-b


@pytest.mark.parametrize("level, text", [("0.975", "97.5%"), ("0.9999", "99.99%"),
                                         ("0.9999999999999999", "99.99999999999999%")])
def test_a_confidence_level_is_printed_with_all_its_digits(models_csv, capsys, level, text):
    # (':.0%' printed 0.975 as "98%" and 0.9999 as "100%": levels the intervals are not)
    path, _, _ = models_csv
    code, out, err = run(["compare", str(path), "--label", "y", "--score", "a", "--score", "b",
                          "--confidence-level", level], capsys)
    assert code == 0 and err == ""
    assert f"ROC AUC with {text} DeLong intervals" in out
    code, out, err = run(["report", str(path), "--label", "y", "--score", "a", "--ci",
                          "--n-resamples", "50", "--confidence-level", level], capsys)
    assert code == 0
    assert f"; {text} intervals: DeLong" in out and f"  {text} Wilson intervals" in out


@pytest.mark.parametrize("argv, message", [
    (["--score", "a"], "at least two different --score columns"),
    (["--score", "a", "--score", "a"], "at least two different --score columns"),
    (["--score", "a", "--score", "zz"], "no score column 'zz'"),
])
def test_compare_errors(models_csv, capsys, argv, message):
    path, _, _ = models_csv
    code, out, err = run(["compare", str(path), "--label", "y", *argv], capsys)
    assert code == 2 and out == ""
    assert err.startswith("rankscore compare: error:") and message in err
    assert len(err.strip().splitlines()) == 1


def test_confidence_level_outside_the_unit_interval_is_a_usage_error(models_csv, capsys):
    path, _, _ = models_csv
    with pytest.raises(SystemExit) as exc:
        cli.main(["compare", str(path), "--label", "y", "--score", "a", "--score", "b",
                  "--confidence-level", "95"])
    assert exc.value.code == 2
    assert "must be in (0, 1)" in capsys.readouterr().err


def test_report_ci_of_a_file_reads_its_rows(models_csv, capsys):
    # A file report is streamed through the summary; --ci needs the rows (the bootstrap
    # resamples them), so the file is read whole and the intervals are the library's
    path, y, scores = models_csv
    code, out, err = run(["report", str(path), "--label", "y", "--score", "a", "--ci",
                          "--json", "--n-resamples", "200"], capsys)
    assert code == 0 and err == ""
    report = json.loads(out)
    auc = rs.uncertainty.roc_auc_ci(y, scores["a"])
    assert report["intervals"]["roc_auc"] == {"low": auc.low, "high": auc.high,
                                              "method": "delong"}
    assert report["ranking"]["roc_auc"] == rs.roc_auc_score(y, scores["a"])
