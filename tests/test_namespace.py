"""The top-level namespace, the names that moved to submodules, and the package metadata."""

import importlib
import importlib.metadata
import pathlib
import re
import warnings

import pytest

import rankscore
from rankscore import cli

ROOT = pathlib.Path(__file__).resolve().parents[1]


def test_every_top_level_name_exists_and_star_import_gives_them():
    assert len(rankscore.__all__) == len(set(rankscore.__all__))
    namespace = {}
    exec("from rankscore import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(rankscore.__all__)


def test_top_level_keeps_what_users_reach_for_first():
    for name in ("Ranking", "rk", "ranking_score", "roc_auc_score", "roc_curve", "f1_score",
                 "confusion_matrix", "binary_confusion", "best_threshold", "ScoreSummary",
                 "ScoreAccumulator", "binary_report", "BACKEND", "__version__"):
        assert name in rankscore.__all__
    # ambiguous or topic-specific names live in their modules
    for name in ("score", "sse", "perplexity", "bleu_score", "delong_test", "evaluate", "Qrels"):
        assert name not in rankscore.__all__


@pytest.mark.parametrize("old", sorted(rankscore._MOVED))
def test_a_moved_name_still_works_and_says_where_it_lives(old):
    module, new = rankscore._MOVED[old]
    where = "rankscore" if module == "rankscore" else f"rankscore.{module}"
    home = importlib.import_module(where)
    assert new in home.__all__
    assert old not in rankscore.__all__
    with pytest.warns(DeprecationWarning, match=rf"rankscore\.{old} is now {re.escape(where)}\.{new}\b"):
        value = getattr(rankscore, old)
    assert value is getattr(home, new)


def test_renamed_names_in_their_modules():
    with pytest.warns(DeprecationWarning, match="rankscore.rankings.ranking_score_exact"):
        assert rankscore.rankings.score_exact is rankscore.rankings.ranking_score_exact
    with pytest.warns(DeprecationWarning, match="rankscore.regression.half_sum_squared_error"):
        assert rankscore.regression.sse is rankscore.regression.half_sum_squared_error
    with pytest.warns(DeprecationWarning):
        from rankscore import score  # noqa: F401  (the old spelling of an import)
    assert score is rankscore.ranking_score


def test_an_unknown_name_is_an_attribute_error():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="no attribute 'no_such_metric'"):
            rankscore.no_such_metric  # noqa: B018
        with pytest.raises(AttributeError, match="no attribute 'nope'"):
            rankscore.rankings.nope  # noqa: B018
        with pytest.raises(AttributeError, match="no attribute 'nope'"):
            rankscore.regression.nope  # noqa: B018


def test_documented_submodules_are_attributes_after_import_rankscore():
    for name in ("rankings", "curves", "metrics", "gains", "multiclass", "uncertainty", "ks",
                 "ir", "summary", "report", "regression", "information", "text"):
        assert getattr(rankscore, name).__name__ == f"rankscore.{name}"


def test_version_in_one_place(capsys):
    assert rankscore.__version__ == importlib.metadata.version("rankscore")
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"rankscore {rankscore.__version__}\n"
    pyproject = ROOT / "pyproject.toml"
    if pyproject.exists():  # the version is not written a second time
        text = pyproject.read_text(encoding="utf-8")
        assert re.search(r'^version\s*=\s*"', text, re.M) is None
        assert 'dynamic = ["version"]' in text


def test_metadata_names_urls_classifiers_and_extras():
    meta = importlib.metadata.metadata("rankscore")
    urls = {entry.split(",")[0].strip().lower() for entry in meta.get_all("Project-URL") or []}
    assert {"documentation", "source", "changelog"} <= urls
    classifiers = meta.get_all("Classifier")
    assert "Programming Language :: Python :: 3.10" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    assert any(c.startswith("Operating System ::") for c in classifiers)
    assert meta["Keywords"] and meta.get("Author") or meta.get("Author-email")
    assert {"all", "docs", "test"} <= set(meta.get_all("Provides-Extra"))
