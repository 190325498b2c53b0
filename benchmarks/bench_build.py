"""How long the compiled kernels take to build, against a one-function Cython module.

    python benchmarks/bench_build.py                 # this checkout
    python benchmarks/bench_build.py --tree DIR      # another checkout (e.g. an older commit)
    python benchmarks/bench_build.py --repeat 3      # three builds of each, the least CPU

Every source install compiles the kernels, so their build cost is paid by every user
without a wheel for their platform and by every CI run. The table prints the CPU time
(Cython and the C compiler, summed over every process, so parallel jobs do not hide work)
of building all of rankscore's extension modules from scratch, and the same for a module
holding one function with a fused memoryview argument, built with the same flags in the
same run; the ratio of the two is the figure that does not depend on the machine (the
small reference build's time moves most from run to run: `--repeat N` builds each N times,
alternating, and shows the least CPU time of each and the range). It also
prints the wall time of the build with two jobs, and the size of the generated C. A second
table splits the one-job build by module (lines of C, Cython's CPU time and the C
compiler's), which says where the build's time goes.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, os.path.dirname(__file__))

from _util import print_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent

REFERENCE = textwrap.dedent(
    """
    ctypedef fused real_t:
        float
        double

    def total(const real_t[:] x):
        cdef Py_ssize_t i
        cdef double s = 0
        for i in range(x.shape[0]):
            s += x[i]
        return s
    """
)

REFERENCE_SETUP = textwrap.dedent(
    """
    import sys
    from setuptools import Extension, setup
    from Cython.Build import cythonize
    extra = [] if sys.platform == "win32" else ["-O3", "-ffp-contract=off", "-g0"]
    setup(name="reference", ext_modules=cythonize(
        [Extension("reference", ["reference.pyx"], extra_compile_args=extra)],
        compiler_directives={"language_level": 3, "boundscheck": False,
                             "wraparound": False}))
    """
)


# Runs setup.py with Cython's per-module step timed (each in the process that runs it,
# pool workers included); the C compiler is timed by wrap_compiler below.
RUNNER = textwrap.dedent(
    """
    import json, os, runpy, sys, time
    import Cython.Build.Dependencies as dependencies
    from Cython.Build import SharedModule

    LOG = os.environ["BENCH_BUILD_LOG"]

    def log(name, seconds):
        with open(LOG, "a") as f:
            f.write(json.dumps({"module": name, "step": "cython", "cpu": seconds}) + "\\n")

    def timed(fn, name_of):
        def wrapper(*args, **kwargs):
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                log(name_of(*args, **kwargs), time.process_time() - start)
        return wrapper

    dependencies.cythonize_one = timed(dependencies.cythonize_one,
                                       lambda pyx, c, *a, **k: os.path.basename(c))
    SharedModule.generate_shared_module = timed(
        SharedModule.generate_shared_module,
        lambda options: os.path.basename(options.shared_c_file_path))
    sys.argv = ["setup.py"] + sys.argv[1:]
    runpy.run_path("setup.py", run_name="__main__")
    """
)


def wrap_compiler(argv: list[str]) -> int:
    """Run the C compiler (argv) and log its CPU time against the C file it compiles."""
    cpu0 = children_cpu()
    code = subprocess.run(argv).returncode
    sources = [os.path.basename(a) for a in argv if a.endswith(".c")]
    if sources:
        with open(os.environ["BENCH_BUILD_LOG"], "a") as f:
            f.write(json.dumps({"module": sources[0], "step": "cc",
                                "cpu": children_cpu() - cpu0}) + "\n")
    return code


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds of the command and its children, wall seconds)."""
    cpu0, wall0 = children_cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return children_cpu() - cpu0, time.perf_counter() - wall0


def copy_tree(tree: Path, dest: Path) -> None:
    """The files a build reads, without generated C or built modules."""
    for name in ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in", "LICENSE"):
        if (tree / name).exists():
            shutil.copy2(tree / name, dest / name)
    shutil.copytree(tree / "rankscore", dest / "rankscore",
                    ignore=shutil.ignore_patterns("*.c", "*.so", "*.pyd", "__pycache__",
                                                  "*.html"))


def c_lines(dest: Path) -> tuple[int, int]:
    files = list((dest / "rankscore").rglob("*.c"))
    return len(files), sum(f.read_text(errors="replace").count("\n") for f in files)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT, help="checkout to build")
    parser.add_argument("--repeat", type=int, default=1,
                        help="builds of each (the least CPU time of each is shown)")
    args = parser.parse_args()
    env = dict(os.environ, CFLAGS="", RANKSCORE_NO_EXTENSIONS="")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        ref = Path(tmp) / "reference"
        ref.mkdir()
        (ref / "reference.pyx").write_text(REFERENCE)
        (ref / "setup.py").write_text(REFERENCE_SETUP)
        # each build from scratch, the two alternating; the least CPU time of each (a
        # build's CPU time only grows with what else the machine does)
        ref_runs, runs = [], []
        for i in range(args.repeat):
            ref_i = Path(tmp) / f"reference{i}"
            shutil.copytree(ref, ref_i)
            ref_runs.append(timed([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                                  ref_i, env))
            serial = Path(tmp) / f"serial{i}"
            serial.mkdir()
            copy_tree(args.tree, serial)
            runs.append(timed([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                              serial, env))
        ref_cpu, ref_wall = min(ref_runs)
        cpu, wall1 = min(runs)
        _, ref_lines = c_lines_of(ref_i)
        n_files, lines = c_lines(serial)

        # the same build with two jobs, each step timed per module (the wrappers' own
        # start-up, a few hundredths of a second each, falls outside the steps they time)
        parallel = Path(tmp) / "parallel"
        parallel.mkdir()
        copy_tree(args.tree, parallel)
        log = Path(tmp) / "steps.jsonl"
        (parallel / "bench_build_runner.py").write_text(RUNNER)
        compiler = sysconfig.get_config_var("CC") or "cc"
        wrapped = f"{sys.executable} {Path(__file__).resolve()} --wrap-compiler {compiler}"
        _, wall2 = timed([sys.executable, "bench_build_runner.py", "-q", "build_ext",
                          "--inplace", "-j", "2"], parallel,
                         dict(env, BENCH_BUILD_LOG=str(log), CC=wrapped))
        per_module = module_rows(parallel, log)
    rows.append(["one-function fused module", f"{ref_cpu:.1f} s", "1.0×", f"{ref_wall:.1f} s",
                 "–", f"1 file, {ref_lines:,} lines"])
    rows.append([f"rankscore kernels ({args.tree.name})", f"{cpu:.1f} s", f"{cpu / ref_cpu:.1f}×",
                 f"{wall1:.1f} s", f"{wall2:.1f} s", f"{n_files} files, {lines:,} lines"])
    if args.repeat > 1:
        rows.append([f"(of {args.repeat} builds each)",
                     f"{min(ref_runs)[0]:.1f}–{max(ref_runs)[0]:.1f} s / "
                     f"{min(runs)[0]:.1f}–{max(runs)[0]:.1f} s",
                     f"{min(c for c, _ in runs) / max(c for c, _ in ref_runs):.1f}–"
                     f"{max(c for c, _ in runs) / min(c for c, _ in ref_runs):.1f}×",
                     "", "", ""])
    print_table(
        f"Building the compiled kernels (Python {sys.version.split()[0]}, "
        f"{os.cpu_count()} CPUs)",
        ["build", "CPU time", "ratio", "wall, one job", "wall, -j 2", "generated C"], rows)
    print_table("Where the build's CPU time goes (the -j 2 build, biggest module first)",
                ["module", "generated C", "Cython", "C compiler", "together", "ratio"],
                [[name, f"{n:,} lines", f"{cy:.1f} s", f"{cc:.1f} s", f"{cy + cc:.1f} s",
                  f"{(cy + cc) / ref_cpu:.2f}×"] for name, n, cy, cc in per_module])


def module_rows(tree: Path, log: Path) -> list[tuple[str, int, float, float]]:
    """(C file, lines, Cython CPU s, C compiler CPU s) per module, biggest first."""
    steps: dict[str, dict[str, float]] = {}
    for line in log.read_text().splitlines():
        step = json.loads(line)
        steps.setdefault(step["module"], {}).setdefault(step["step"], 0.0)
        steps[step["module"]][step["step"]] += step["cpu"]
    lines = {f.name: f.read_text(errors="replace").count("\n")
             for f in (tree / "rankscore").rglob("*.c")}
    rows = [(name, lines.get(name, 0), s.get("cython", 0.0), s.get("cc", 0.0))
            for name, s in steps.items()]
    return sorted(rows, key=lambda r: -(r[2] + r[3]))


def c_lines_of(directory: Path) -> tuple[int, int]:
    files = list(directory.glob("*.c"))
    return len(files), sum(f.read_text(errors="replace").count("\n") for f in files)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--wrap-compiler"]:
        sys.exit(wrap_compiler(sys.argv[2:]))
    main()
