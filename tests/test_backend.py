"""The kernel modules: one chosen at import, both with the same interface."""

import ast
import contextlib
import importlib
import inspect
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest

import rankscore
from rankscore import _backend
from rankscore._kernel_names import KERNELS

PACKAGE_DIR = pathlib.Path(rankscore.__file__).parent


def _kernel_names(module):
    return {
        name
        for name in getattr(module, "__all__", dir(module))
        if not name.startswith("_") and callable(getattr(module, name))
    }


def _run(code, **env):
    full_env = {**os.environ, **env}
    full_env.pop("RANKSCORE_PURE_PYTHON", None)
    full_env.update(env)
    # run outside the source tree: a rankscore/ folder in the working directory would
    # shadow the installed package
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=full_env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tempfile.gettempdir(),
    )
    return out.stdout.strip()


def test_pure_python_env_forces_fallback():
    assert _run("import rankscore; print(rankscore.BACKEND)", RANKSCORE_PURE_PYTHON="1") == (
        "python"
    )


def test_default_backend_is_compiled_when_built():
    pytest.importorskip("rankscore._kernels")
    assert _run("import rankscore; print(rankscore.BACKEND)") == "cython"


def test_using_restores_previous_kernels(backend):
    before = _backend.kernels
    with _backend.using("python") as module:
        assert _backend.kernels is module
    assert _backend.kernels is before


def test_unknown_backend_name():
    with pytest.raises(ValueError, match="unknown backend 'fortran'"):
        _backend.load("fortran")


# every compiled module but arrays (how the others read their arrays; no kernel of its own)
TOPICS = sorted(p.stem for p in (PACKAGE_DIR / "_kernels").glob("*.pyx") if p.stem != "arrays")


def test_every_compiled_topic_has_a_fallback_twin():
    twins = sorted(p.stem for p in (PACKAGE_DIR / "_fallback").glob("*.py")
                   if p.stem != "__init__")
    assert TOPICS == twins == sorted(KERNELS)


@pytest.mark.parametrize("topic", TOPICS)
def test_both_modules_of_a_topic_expose_the_same_kernels(topic):
    pytest.importorskip("rankscore._kernels")
    core = importlib.import_module(f"rankscore._kernels.{topic}")
    fallback = importlib.import_module(f"rankscore._fallback.{topic}")
    compiled, python = _kernel_names(core), _kernel_names(fallback)
    assert compiled == python, f"only compiled: {compiled - python}; only python: {python - compiled}"
    assert list(core.__all__) == list(fallback.__all__)
    for name in sorted(compiled):
        sig_c = inspect.signature(getattr(core, name))
        sig_p = inspect.signature(getattr(fallback, name))
        assert list(sig_c.parameters) == list(sig_p.parameters), name


def test_both_backends_expose_the_same_kernels():
    compiled = _kernel_names(pytest.importorskip("rankscore._kernels"))
    assert compiled == _kernel_names(_backend.load("python"))


# The stub of the compiled package writes no signature of its own: it re-exports each kernel
# from the fallback module of its topic (``from M import name as name``), whose signatures
# and docstrings the compiled twin shares; a constant whose value differs by backend is an
# annotated name (``NAME: type``).
def _stub_bindings():
    """[(name, how the stub binds it)]: the module of a re-export, "annotated: <type>" for
    an annotated name, else the statement itself (anything the stub defines of its own)."""
    tree = ast.parse((PACKAGE_DIR / "_kernels" / "__init__.pyi").read_text())
    body = tree.body[1:] if ast.get_docstring(tree) is not None else tree.body
    bindings = []
    for node in body:
        if isinstance(node, ast.ImportFrom) and node.level == 0:
            bindings += [(a.name, node.module if a.asname == a.name
                          else f"{node.module}, not as {a.name}") for a in node.names]
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
              and node.value is None):
            bindings.append((node.target.id, f"annotated: {ast.unparse(node.annotation)}"))
        else:
            bindings.append((ast.unparse(node), "defined in the stub"))
    return bindings


def test_stub_reexports_every_kernel_from_the_fallback_of_its_topic():
    bound = dict(_stub_bindings())
    fallback = _backend.load("python")
    constants = [name for names in KERNELS.values() for name in names
                 if not callable(getattr(fallback, name))]
    wrong = [(name, bound.get(name, "missing"))
             for topic, names in KERNELS.items() for name in names
             if name not in constants and bound.get(name) != f"rankscore._fallback.{topic}"]
    assert wrong == []
    # a constant is annotated with the type of its value on each backend
    modules = [fallback]
    with contextlib.suppress(ImportError):  # (the compiled one, when it is built)
        modules.append(_backend.load("cython"))
    for name in constants:
        kinds = {f"annotated: {type(getattr(module, name)).__name__}" for module in modules}
        assert kinds == {bound.get(name)}, name


def test_stub_defines_nothing_but_the_kernels():
    names = [name for name, _ in _stub_bindings()]
    kernels = {name for names in KERNELS.values() for name in names}
    assert [name for name in names if name not in kernels] == []  # nothing of its own
    assert sorted({name for name in names if names.count(name) > 1}) == []  # nothing twice


@pytest.mark.parametrize("weighted", [False, True])
def test_threshold_confusion_returns_python_numbers(weighted):
    import numpy as np

    labels = np.array([0, 3, 3, 0, 2], dtype=np.int64)
    scores = np.array([0.1, 0.5, 0.7, 0.2, 0.9])
    kernels = _backend.kernels
    if weighted:
        result = kernels.threshold_confusion_weighted(labels, 3, scores, 0.5, np.ones(5))
    else:
        result = kernels.threshold_confusion(labels, 3, scores, 0.5)
    cell = float if weighted else int
    assert result == (2, 1, 0, 2, 0, 3)
    assert [type(x) for x in result] == [cell] * 4 + [int, int]


def test_only_backend_module_imports_the_kernel_modules():
    offenders = []
    for path in PACKAGE_DIR.rglob("*.py"):
        rel = path.relative_to(PACKAGE_DIR)
        if rel.parts[0] in ("_fallback", "_kernels") or rel.name == "_backend.py":
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or ""] + [a.name for a in node.names]
                if any(n.split(".")[-1] in ("_kernels", "_fallback") for n in names):
                    offenders.append(str(rel))
    assert offenders == []


def test_importing_rankscore_does_not_import_optional_dependencies():
    loaded = _run(
        "import sys, rankscore; "
        "print(sorted(m for m in ('matplotlib', 'pandas', 'sklearn', 'scipy') if m in sys.modules))"
    )
    assert loaded == "[]"
