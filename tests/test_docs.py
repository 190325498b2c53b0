"""The documentation site (docs/): every ``>>>`` example of its pages runs as a doctest on
both backends, and every public name is in the API reference.

The docstrings' own examples run in test_docstrings.py; the gallery's scripts run when the
site is built (``sphinx-build``, in ``.ci/run``).
"""

import doctest
import importlib
import importlib.util
import pathlib
import re

import pytest

import rankscore

DOCS = pathlib.Path(__file__).resolve().parents[1] / "docs"
IMPORT = re.compile(r"^(?:>>>|\.\.\.)\s+(?:import|from)\s+([A-Za-z_]\w*)", re.M)
BLOCK = re.compile(r"^```(?:python|pycon|\{code-block\} (?:python|pycon))\n(.*?)^```", re.M | re.S)
PAGES = sorted(
    path for path in DOCS.rglob("*.md")
    if not any(part.startswith(("_", ".")) for part in path.relative_to(DOCS).parts)
) if DOCS.exists() else []

# The modules whose public names the API reference documents (rankscore.plot and
# rankscore.dask need their extras).
MODULES = ["rankscore", "rankscore.rankings", "rankscore.curves", "rankscore.metrics",
           "rankscore.thresholds", "rankscore.gains", "rankscore.multiclass",
           "rankscore.uncertainty", "rankscore.ks", "rankscore.summary", "rankscore.report",
           "rankscore.ir", "rankscore.regression", "rankscore.information", "rankscore.text",
           "rankscore.plot", "rankscore.dask", "rankscore.datasets", "rankscore.exceptions"]


def _blocks(path):
    text = path.read_text(encoding="utf-8")
    return [(text[: m.start()].count("\n") + 2, m.group(1))
            for m in BLOCK.finditer(text) if ">>>" in m.group(1)]


@pytest.mark.skipif(not PAGES, reason="docs/ is not beside the tests")
@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_page_examples(page, backend, monkeypatch, tmp_path):
    """A page's blocks run in order in one namespace, as a reader would run them."""
    blocks = _blocks(page)
    if not blocks:
        pytest.skip("no >>> examples on this page")
    text = "".join(block for _, block in blocks)
    # a page about an optional extra (Dask, Spark, matplotlib …) needs it installed
    for module in sorted(set(IMPORT.findall(text))):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"docs/{page.relative_to(DOCS)} needs {module}")
    if "dask" in text:
        pytest.importorskip("dask.array")
    if "matplotlib" in text or "rankscore.plot" in text:
        pytest.importorskip("matplotlib")
        import matplotlib

        matplotlib.use("Agg")
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    parser = doctest.DocTestParser()
    globs: dict = {}
    failed = []
    name = str(page.relative_to(DOCS))
    for line, block in blocks:
        test = parser.get_doctest(block, globs, f"{name}:{line}", str(page), line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test, clear_globs=False)
        globs = test.globs
        if runner.failures:
            failed.append(line)
    assert not failed, f"examples of docs/{name} failed in the blocks at lines {failed}"


def _documented():
    """(module, name) pairs listed in the API reference's autosummary tables."""
    text = (DOCS / "api.rst").read_text(encoding="utf-8")
    module, in_table, found = "rankscore", False, set()
    for line in text.splitlines():
        if line.startswith(".. currentmodule::"):
            module = line.split("::")[1].strip()
        elif line.startswith(".. autosummary::"):
            in_table = True
        elif in_table and line.startswith("   ") and not line.strip().startswith(":"):
            if line.strip():
                found.add((module, line.strip()))
        elif in_table and line.strip() and not line.startswith(" "):
            in_table = False
    return found


@pytest.mark.skipif(not (DOCS / "api.rst").exists(), reason="docs/ is not beside the tests")
def test_every_public_name_is_in_the_api_reference():
    documented = _documented()
    documented_objects = []
    for module_name, name in documented:
        module = importlib.import_module(module_name)
        assert name in module.__all__, f"{module_name}.{name} is documented but not public"
        documented_objects.append(getattr(module, name))
    missing = []
    for module_name in MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            pytest.importorskip(module_name)
        for name in module.__all__:
            if name in ("BACKEND", "__version__"):  # described in words on the page
                continue
            value = getattr(module, name)
            if (module_name, name) in documented:
                continue
            # a name that is also at the top level (or re-exported) is documented once
            if any(value is obj for obj in documented_objects) and not isinstance(
                    value, (str, tuple, dict, int, float)):
                continue
            missing.append(f"{module_name}.{name}")
    assert not missing, f"public names missing from docs/api.rst: {missing}"


def _documented_objects():
    for module_name, name in sorted(_documented()):
        module = importlib.import_module(module_name)
        yield f"{module_name}.{name}", getattr(module, name)


@pytest.mark.skipif(not (DOCS / "api.rst").exists(), reason="docs/ is not beside the tests")
def test_every_documented_name_has_an_example():
    without = [path for path, value in _documented_objects()
               if not isinstance(value, (str, tuple, dict))  # constants: described in words
               and ">>>" not in (value.__doc__ or "")]
    assert not without, f"no Examples section: {without}"


@pytest.mark.skipif(not (DOCS / "api.rst").exists(), reason="docs/ is not beside the tests")
def test_examples_of_names_defined_in_private_modules(backend):
    """test_docstrings.py runs the examples of the public modules; a public name defined in
    a private module (the engine's result types …) has its examples run here."""
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    ran = 0
    for path, value in _documented_objects():
        if not getattr(value, "__module__", "").startswith("rankscore._"):
            continue
        for test in finder.find(value, path, globs={}):
            ran += 1
            runner.run(test)
    assert ran and runner.failures == 0
