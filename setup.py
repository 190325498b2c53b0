"""Build rankscore's compiled kernels, or install pure Python with a loud warning.

``RANKSCORE_NO_EXTENSIONS=1`` at install time skips the extension on purpose. If Cython or
a C compiler is missing, or compilation fails, the install still succeeds and the package
runs on its NumPy fallback (``rankscore.BACKEND == "python"``).
"""

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

WARNING = """
************************************************************************
WARNING: rankscore's compiled kernels could not be built ({reason}).
rankscore is installed as pure Python: same results, slower.
************************************************************************
"""


def warn(reason):
    sys.stderr.write(WARNING.format(reason=reason))


class OptionalBuildExt(build_ext):
    """A build_ext whose failure leaves a working pure-Python install."""

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler, broken toolchain
            warn(f"{type(exc).__name__}: {exc}")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            warn(f"{type(exc).__name__}: {exc}")


def extensions():
    if os.environ.get("RANKSCORE_NO_EXTENSIONS", "") not in ("", "0"):
        warn("RANKSCORE_NO_EXTENSIONS is set")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        warn("Cython is not installed")
        return []
    # -ffp-contract=off: no fused multiply-add (gcc contracts by default on aarch64), so the
    # compiled kernels round exactly like the NumPy fallback and the two agree bit for bit.
    # -g0 overrides the -g of Python's own CFLAGS: without it the wheel's module carries
    # 5 MB of debug information (6.1 MB instead of 1.1 MB).
    extra = [] if sys.platform == "win32" else ["-O3", "-ffp-contract=off", "-g0"]
    ext = Extension("rankscore._core", ["rankscore/_core.pyx"], extra_compile_args=extra,
                    depends=["rankscore/_merge_simd.h"])
    try:
        return cythonize(
            [ext],
            compiler_directives={
                "language_level": 3,
                "boundscheck": False,  # every kernel's inputs are validated in Python first
                "wraparound": False,
                "initializedcheck": False,
                "cdivision": True,
                "embedsignature": True,
            },
        )
    except Exception as exc:
        warn(f"cythonize failed: {exc}")
        return []


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
