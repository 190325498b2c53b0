"""Every test runs twice: on the compiled kernels and on the NumPy fallback.

One session-wide, autouse fixture switches ``rankscore._backend.kernels`` (as markupsafe
does for its speedups). ``RANKSCORE_REQUIRE_COMPILED=1`` (set by ``.ci/run`` and the wheel
tests) turns a missing compiled module into a failure instead of a skip, so a run against
an uncompiled source tree cannot pass by accident. ``RANKSCORE_PURE_PYTHON=1`` runs only the
fallback.
"""

import os
import shutil
import sys

import pytest

from rankscore import _backend

REQUIRE_COMPILED = os.environ.get("RANKSCORE_REQUIRE_COMPILED", "") not in ("", "0")
FORCED_PURE = os.environ.get("RANKSCORE_PURE_PYTHON", "") not in ("", "0")


def _compiled_available():
    try:
        _backend.load("cython")
    except ImportError as exc:
        return exc
    return None


def pytest_sessionstart(session):
    missing = _compiled_available()
    if REQUIRE_COMPILED and missing is not None:
        raise pytest.UsageError(
            "RANKSCORE_REQUIRE_COMPILED=1 but rankscore._kernels cannot be imported "
            f"({missing}); rankscore was imported from {_backend.__file__}. "
            "Install the package (pip install .) and run pytest outside the source tree."
        )


def pytest_report_header(config):
    import rankscore

    return [
        f"rankscore {rankscore.__version__} from {os.path.dirname(rankscore.__file__)}",
        f"rankscore.BACKEND = {rankscore.BACKEND!r}; compiled available: "
        f"{_compiled_available() is None}",
    ]


@pytest.fixture(scope="session", autouse=True, params=["cython", "python"])
def backend(request):
    """The name of the kernel module every public function uses during this test."""
    name = request.param
    if name == "cython":
        if FORCED_PURE:
            pytest.skip("RANKSCORE_PURE_PYTHON=1: fallback only")
        if _compiled_available() is not None:
            pytest.skip("rankscore._kernels is not built")
    with _backend.using(name):
        yield name


# Hypothesis: no per-example deadline (CI machines are slow and shared); a "ci" profile
# keeps the suite well inside its time budget.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "default", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "thorough", deadline=None, max_examples=1000, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(scope="session")
def spark():
    """One local Spark session (two cores) for the whole test session, started on first
    use; its Python workers run this interpreter."""
    pytest.importorskip("pyspark")
    pytest.importorskip("pyarrow")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("Spark needs a Java runtime (Java 17 or 21)")
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    session = (SparkSession.builder.master("local[2]").appName("rankscore-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "4")
               .config("spark.driver.extraJavaOptions", "-Dlog4j2.level=error")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(autouse=True)
def _close_figures():
    """Figures a test (or a documentation example) opened through pyplot are closed after
    it, so no test depends on how many figures the ones before it left open."""
    yield
    pyplot = sys.modules.get("matplotlib.pyplot")
    if pyplot is not None:
        pyplot.close("all")
