"""Every Examples section of the public modules runs as a doctest, on both backends, and no
docstring sends the user to a document outside the package."""

import doctest
import importlib
import importlib.util
import pathlib
import pkgutil
import re
import sys

import pytest

import rankscore

MODULES = sorted(
    info.name
    for info in pkgutil.walk_packages(rankscore.__path__, prefix="rankscore.")
    if not any(part.startswith("_") for part in info.name.split(".")[1:])
)


@pytest.mark.parametrize("name", MODULES)
def test_examples_run(name, backend, request):
    if name == "rankscore.dask":
        pytest.importorskip("dask.array")
    if name == "rankscore.capi":
        try:
            from rankscore import _backend

            _backend.load("cython")
        except ImportError:
            pytest.skip("the C API needs the compiled kernels, which are not built here")
    if name == "rankscore.spark" or name.startswith("rankscore.spark."):
        request.getfixturevalue("spark")  # the session's one Spark, which the examples reuse
    if name == "rankscore.plot" or name.startswith("rankscore.plot."):
        pytest.importorskip("matplotlib")
        import matplotlib

        matplotlib.use("Agg")
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, report=True, verbose=False)
    if "matplotlib.pyplot" in sys.modules:  # matplotlib warns past 20 open figures
        sys.modules["matplotlib.pyplot"].close("all")
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"


# A docstring or comment must not send a user to a document that does not ship with the
# package: the formulas live on the documentation's Definitions page, linked with :ref:.
UNREACHABLE = re.compile(r"\bSPEC\b|this material", re.IGNORECASE)
SOURCE_SUFFIXES = {".py", ".pyi", ".pyx", ".pxi", ".pxd", ".h"}


def test_no_docstring_cites_an_unreachable_document():
    root = pathlib.Path(rankscore.__file__).parent
    found = []
    for path in sorted(root.rglob("*")):
        if path.suffix not in SOURCE_SUFFIXES:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if UNREACHABLE.search(line):
                found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    # the compiled modules' docstrings are copied from the .pyx at build time
    for pyx in sorted((root / "_kernels").glob("*.pyx")):
        module = f"rankscore._kernels.{pyx.stem}"
        try:
            compiled = importlib.util.find_spec(module)
        except ImportError:  # the kernels are not built: no compiled docstrings to read
            continue
        if compiled is None or not compiled.origin or compiled.origin.endswith(".py"):
            continue
        core = importlib.import_module(module)
        for name in dir(core):
            doc = getattr(getattr(core, name), "__doc__", None) or ""
            if UNREACHABLE.search(doc) and not name.startswith("__"):
                found.append(f"{module}.{name}.__doc__")
    assert len(list(root.rglob("*.py"))) > 10  # the walk reached the package
    assert not found, "cites a document users cannot open:\n" + "\n".join(found)
