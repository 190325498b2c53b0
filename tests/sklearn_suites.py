"""scikit-learn's own metric tests, run with rankscore's functions in place of scikit-learn's.

    python tests/sklearn_suites.py [--backend cython|python] [--list-failures] [-- PYTEST ARGS]

Every public rankscore function that shares its name with one of ``sklearn.metrics`` (the
names below) replaces it in the ``sklearn.metrics`` namespace before the test modules are
imported, so ``from sklearn.metrics import roc_auc_score`` in a test module gets
rankscore's. The test modules are those shipped inside the installed scikit-learn
(``sklearn/metrics/tests/test_ranking.py`` and ``test_classification.py``): nothing is
fetched. The table counts every test of each file (skipped tests aside) and, apart, the
tests that called at least one of rankscore's functions (the others test scikit-learn
functions that rankscore does not have, such as ``ndcg_score``).

The script prints a Markdown table and, with ``--list-failures``, every failing test with the
first line of its error. It never changes rankscore or scikit-learn on disk.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import os
import pathlib
import sys
import warnings

SUITES = ("test_ranking.py", "test_classification.py")

# (rankscore module, name): every public function whose name is also in sklearn.metrics.
MODULES = ("rankscore.curves", "rankscore.metrics", "rankscore.multiclass",
           "rankscore.information", "rankscore.regression")


def shared_names() -> dict:
    """{name: rankscore function} for every public rankscore name sklearn.metrics also has."""
    import sklearn.metrics

    found: dict = {}
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for name in module.__all__:
            value = getattr(module, name)
            if callable(value) and not isinstance(value, type) and hasattr(sklearn.metrics, name):
                found.setdefault(name, value)
    return found


class Patch:
    """A pytest plugin: rankscore's functions in sklearn.metrics, and which tests used them."""

    def __init__(self) -> None:
        self.calls = 0
        self.results: dict = {}  # nodeid -> (outcome, used rankscore, message)

    def install(self) -> list:
        import sklearn.metrics

        names = shared_names()
        for name, fn in names.items():
            setattr(sklearn.metrics, name, self.counted(fn))
        return sorted(names)

    def counted(self, fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            self.calls += 1
            return fn(*args, **kwargs)
        return wrapper

    # pytest hooks
    def pytest_runtest_setup(self, item):
        self.calls = 0

    def pytest_runtest_logreport(self, report):
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            message = ""
            if report.failed:
                message = str(getattr(report.longrepr, "reprcrash", None) and
                              report.longrepr.reprcrash.message or report.longrepr)
                message = message.strip().splitlines()[0] if message.strip() else ""
            self.results[report.nodeid] = (report.outcome, self.calls > 0, message)


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", choices=("cython", "python"), default=None,
                        help="the kernels rankscore uses (default: rankscore.BACKEND)")
    parser.add_argument("--list-failures", action="store_true",
                        help="print every failing test with the first line of its error")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest (after --)")
    args = parser.parse_args(argv)

    import pytest
    import sklearn

    import rankscore
    from rankscore import _backend

    warnings.simplefilter("default")
    tests_dir = pathlib.Path(sklearn.__file__).parent / "metrics" / "tests"
    backend = args.backend or rankscore.BACKEND
    rows, failures = [], []
    with _backend.using(backend):
        plugin = Patch()
        names = plugin.install()
        for suite in SUITES:
            path = tests_dir / suite
            if not path.exists():
                raise SystemExit(f"{path} is not in the installed scikit-learn "
                                 f"{sklearn.__version__}")
            plugin.results = {}
            # scikit-learn's own conftest.py files (fixtures such as global_random_seed)
            # load only below the confcutdir: it is scikit-learn's installed directory,
            # wherever the virtual environment is (not this repository's root)
            pytest.main([str(path), "-q", "-p", "no:cacheprovider", "--no-header",
                         "--rootdir", str(tests_dir.parents[2]),
                         "--confcutdir", str(tests_dir.parents[2]),
                         "-o", "addopts=", "--tb=line", "-rN", "--disable-warnings",
                         *args.pytest_args], plugins=[plugin])
            results = plugin.results.values()
            used = [v for v in results if v[1]]
            passed = sum(v[0] == "passed" for v in results)
            failed = sum(v[0] == "failed" for v in results)
            skipped = sum(v[0] == "skipped" for v in results)
            used_passed = sum(v[0] == "passed" for v in used)
            used_failed = sum(v[0] == "failed" for v in used)
            rows.append((suite, passed, failed, skipped, f"{used_passed} / {used_failed}",
                         f"{100 * passed / (passed + failed):.1f} %"))
            failures += [(suite, k, v[2]) for k, v in plugin.results.items()
                         if v[0] == "failed"]
    print(f"\nscikit-learn {sklearn.__version__}, rankscore {rankscore.__version__} "
          f"({backend} kernels); patched: {', '.join(names)}\n")
    print("| suite | passed | failed | skipped | of which call rankscore: passed / failed "
          "| pass rate (passed / (passed + failed)) |")
    print("|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(str(c) for c in row) + " |")
    if args.list_failures and failures:
        print("\nfailures:")
        for suite, nodeid, message in failures:
            print(f"* {nodeid.split('::', 1)[-1]} ({suite}): {message}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
