"""The package's layout keeps the rules a newcomer relies on.

* No module is over 800 lines: one concern per module.
* No name with a leading underscore is imported across modules: an underscore means "this
  module only"; what siblings share has a plain name. (Private modules and packages
  themselves, ``_engine``, ``_kernels`` …, are imported by name; that is what they are for.)
* No import circle between modules (function-level imports count).
* Only ``_backend`` imports the kernel packages.
* No compiled kernel takes a typed memoryview: they read their arrays through
  ``_kernels/arrays.pyx``, and the shared ``_cyutility`` module is built without Cython's
  memoryview code (a module that needed it would fail to import).
"""

import ast
import pathlib
import re

import pytest

import rankscore

PACKAGE = pathlib.Path(rankscore.__file__).parent
MAX_LINES = 800


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent)
        name = ".".join(rel.with_suffix("").parts)
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        yield name, path


def _imports(name, path):
    """(imported module, imported names) of every import statement in the module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield module, [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []


MODULES = dict(_modules())


def test_the_walk_reached_the_package():
    assert {"rankscore", "rankscore.curves", "rankscore._engine.parts"} <= set(MODULES)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_is_over_800_lines(name):
    n = len(MODULES[name].read_text(encoding="utf-8").splitlines())
    assert n <= MAX_LINES, f"{name} has {n} lines; split it by concern"


def test_no_underscore_name_crosses_a_module_border():
    crossing = []
    for name, path in MODULES.items():
        for module, names in _imports(name, path):
            if not module.startswith("rankscore"):
                continue
            for imported in names:
                target = f"{module}.{imported}"
                if imported.startswith("_") and not imported.startswith("__") \
                        and target not in MODULES:  # a private module itself is fine
                    crossing.append(f"{name} imports {imported} from {module}")
    assert crossing == []


def _graph():
    graph = {}
    for name, path in MODULES.items():
        edges = set()
        for module, names in _imports(name, path):
            if not module.startswith("rankscore"):
                continue
            targets = [f"{module}.{n}" for n in names if f"{module}.{n}" in MODULES]
            if not targets and module in MODULES:
                targets = [module]
            edges.update(t for t in targets if t != name)
        graph[name] = edges
    return graph


def test_no_import_circle():
    graph = _graph()
    # a package's __init__ re-exporting its modules is not a circle with them
    graph = {m: {t for t in edges if not m.startswith(t + ".")} for m, edges in graph.items()}
    state, circles = {}, []

    def visit(node, stack):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                circles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert circles == []


def test_only_the_backend_imports_the_kernel_packages():
    offenders = [
        name for name, path in MODULES.items()
        if not name.startswith(("rankscore._kernels", "rankscore._fallback"))
        and name != "rankscore._backend"
        and any(module.split(".")[-1] in ("_kernels", "_fallback")
                or any(n in ("_kernels", "_fallback") for n in names)
                for module, names in _imports(name, path))
    ]
    assert offenders == []


# a typed memoryview declaration: a type, its dimensions (``[:]``, ``[::1]``, ``[:, ::1]``
# …) and the name it declares
MEMORYVIEW = re.compile(r"\w\s*\[\s*:{1,2}\s*1?\s*(?:,\s*:{1,2}\s*1?\s*)*\]\s*"
                        r"(?!(?:if|else|for|and|or|in|is|not)\b)[A-Za-z_]\w*")


def _typed_memoryviews(text):
    code = "\n".join(line.split("#", 1)[0] for line in text.splitlines())
    return [m.group(0) for m in MEMORYVIEW.finditer(code)]


def test_the_memoryview_pattern():
    assert _typed_memoryviews("def f(const double[:] x, int64_t[::1] y):") == [
        "e[:] x", "t[::1] y"]
    assert _typed_memoryviews("    cdef double[:, ::1] out = arr  # int[:] z") == [
        "e[:, ::1] out"]
    assert _typed_memoryviews("    return out[:count + 1], a[:n], b[:] if c else d") == []


def test_no_kernel_takes_a_typed_memoryview():
    kernels = PACKAGE / "_kernels"
    sources = sorted([*kernels.glob("*.pyx"), *kernels.glob("*.pxd")])
    assert len(sources) > 10
    sources += [p for p in [PACKAGE / "capi.pyx"] if p.exists()]  # (not in a wheel)
    found = {path.name: _typed_memoryviews(path.read_text(encoding="utf-8"))
             for path in sources}
    assert {name: views for name, views in found.items() if views} == {}
