"""Build rankscore's compiled kernels, or install pure Python with a loud warning.

``RANKSCORE_NO_EXTENSIONS=1`` at install time skips the extension on purpose. If Cython or
a C compiler is missing, or compilation fails, the install still succeeds and the package
runs on its NumPy fallback (``rankscore.BACKEND == "python"``).
"""

import os
import subprocess
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


def compiler_is_gcc(compiler):
    """True for GCC itself (clang defines __GNUC__ too), asked through the preprocessor, so
    that a wrapper in CC (ccache, the build benchmark's timer) does not hide it."""
    command = getattr(compiler, "compiler_so", None)
    if not command:
        return False
    try:
        macros = subprocess.run([*command, "-dM", "-E", "-x", "c", os.devnull],
                                capture_output=True, text=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    names = {line.split()[1] for line in macros.splitlines() if line.startswith("#define ")}
    return "__GNUC__" in names and not names & {"__clang__", "__INTEL_COMPILER",
                                                "__INTEL_LLVM_COMPILER"}


class OptionalBuildExt(build_ext):
    """A build_ext whose failure leaves a working pure-Python install."""

    def finalize_options(self):
        super().finalize_options()
        if self.parallel is None:
            self.parallel = BUILD_JOBS

    def build_extensions(self):
        # GCC_LOOP_FLAGS are GCC's names for what clang does at -O2; the LIGHT topics were
        # measured at -O1 with them, so other compilers build those at -O2
        if not compiler_is_gcc(self.compiler):
            for ext in self.extensions:
                if any(flag in GCC_LOOP_FLAGS for flag in ext.extra_compile_args):
                    ext.extra_compile_args = ["-O2" if flag == "-O1" else flag
                                              for flag in ext.extra_compile_args
                                              if flag not in GCC_LOOP_FLAGS]
        super().build_extensions()

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


PACKAGE = "rankscore._kernels"
UTILITY = "_cyutility"
# one compiled module per topic (rankscore/_kernels/<topic>.pyx, beside its NumPy twin
# rankscore/_fallback/<topic>.py), with the files each one reads besides the shared ones
TOPICS = {
    "sweep": ["sweep.pxd"],
    "sort": ["sort.pxd"],
    "summary": ["sweep.pxd", "merge_simd.h"],
    "point": [],
    "ranking": ["ranking.pxd"],
    "uncertainty": ["sort.pxd"],
    "multilabel": [],
    "ir": [],
    "ks": [],
    "checksum": [],
}
# The topics whose loops measured faster at -O3 (the counting sweep, the weighted sweeps
# and sorts, the confusion at a threshold: 5-16 % at 10^6 rows; the bootstrap's replicate
# counts: 3 %), and the C API, which runs the sweep's and the sort's loops. The others
# compile at -O2 with -O3's vectoriser cost model and loop unswitching (without them the
# summary's checks of from_bytes ran 1.8x slower), which compiles them in a fifth less
# time at no cost measured per call.
OPTIMISED = {"sweep", "sort", "point", "uncertainty", "capi"}
# The topics whose loops measured as fast at -O1 (with the same loop flags) as at -O2: the
# array readers, the signed KS and its exact law, the IR kernels (KS tests, IR evaluation
# and reading TREC files, calls of 100 rows: all within 2 %) and
# the checksums (CRC-32C of 4 KiB and 24 MiB: equal); -O1 compiles them in two thirds of
# the time. (Slower at -O1: the ranking kernels 6-14 %, the summary's merges and curves
# 3-10 %, the multilabel confusion 50 %.)
LIGHT = {"arrays", "ks", "ir", "checksum"}
# (-ftree-vectorize: GCC vectorises at -O2 from version 12 on; older ones need asking)
GCC_LOOP_FLAGS = ["-ftree-vectorize", "-funswitch-loops", "-fvect-cost-model=dynamic"]
# the modules compile in parallel (Cython, then the C compiler)
BUILD_JOBS = os.cpu_count() or 1


def shared_utility():
    """cythonize's options for _cyutility. No kernel takes a typed memoryview (they read
    their arrays through arrays.pyx; tests/test_layout.py checks it), so Cython's memoryview
    code, two thirds of the module, is left out where Cython can (3.3 on)."""
    from Cython.Compiler.Options import default_options

    options = {"shared_utility_qualified_name": f"{PACKAGE}.{UTILITY}"}
    if "shared_utility_features_disabled" in default_options:
        options["shared_utility_features_disabled"] = ["MemoryView"]
    return options


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
    # -g0 overrides the -g of Python's own CFLAGS: without it the modules carry megabytes
    # of debug information.
    def flags(topic):
        if sys.platform == "win32":
            return []
        level = (["-O3"] if topic in OPTIMISED else
                 ["-O1" if topic in LIGHT else "-O2"] + GCC_LOOP_FLAGS)
        return level + ["-ffp-contract=off", "-g0"]

    here = os.path.join("rankscore", "_kernels")
    shared = [os.path.join(here, name)
              for name in ("types.pxd", "arrays.pxd", "int128.h", "int128.pxd")]
    # Cython's own utility code (argument parsing, fused-type dispatch …) is generated and
    # compiled once, into _cyutility, instead of once per module. It runs once per call
    # (reading arguments), never per element, and -O1 compiles it in half the time of -O3
    # at no measurable cost per call.
    utility_extra = [] if sys.platform == "win32" else ["-O1", "-g0"]
    modules = [Extension(f"{PACKAGE}.{UTILITY}", [os.path.join(here, f"{UTILITY}.c")],
                         extra_compile_args=utility_extra)]
    # how every topic reads the arrays it receives (arrays.pxd), compiled once
    modules.append(Extension(f"{PACKAGE}.arrays", [os.path.join(here, "arrays.pyx")],
                             include_dirs=[here], extra_compile_args=flags("arrays"),
                             depends=shared))
    for topic, depends in TOPICS.items():
        modules.append(Extension(
            f"{PACKAGE}.{topic}", [os.path.join(here, f"{topic}.pyx")],
            include_dirs=[here],
            extra_compile_args=flags(topic),
            depends=shared + [os.path.join(here, name) for name in depends]))
    # the C API (rankscore/capi.pxd, rankscore/include/rankscore/capi.h): the loops of sweep
    # and sort called from C, and its own checks of the input
    modules.append(Extension(
        "rankscore.capi", [os.path.join("rankscore", "capi.pyx")], include_dirs=[here],
        extra_compile_args=flags("capi"),
        depends=shared + [os.path.join(here, name)
                          for name in ("sweep.pxd", "sort.pxd", "ranking.pxd", "pairs.h")]))
    try:
        return cythonize(
            modules,
            **shared_utility(),
            nthreads=BUILD_JOBS,
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
