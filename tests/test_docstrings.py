"""Every Examples section of the public modules runs as a doctest, on both backends."""

import doctest
import importlib
import pkgutil

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
    if name == "rankscore.spark":
        request.getfixturevalue("spark")  # the session's one Spark, which the examples reuse
    if name == "rankscore.plot":
        pytest.importorskip("matplotlib")
        import matplotlib

        matplotlib.use("Agg")
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
