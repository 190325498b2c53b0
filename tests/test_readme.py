"""README.md's Python examples (the ``>>>`` blocks) run as doctests, on both backends."""

import doctest
import pathlib
import re

import pytest

README = pathlib.Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def _blocks():
    if not README.exists():
        return []
    text = README.read_text(encoding="utf-8")
    return [
        (text[: m.start()].count("\n") + 2, m.group(1))
        for m in BLOCK.finditer(text)
        if ">>>" in m.group(1)
    ]


BLOCKS = _blocks()


@pytest.mark.skipif(not BLOCKS, reason="README.md is not beside the tests")
def test_readme_examples(backend):
    """Run the blocks in order in one namespace, as a reader would (later blocks use
    names from earlier ones), and name every block that fails."""
    pytest.importorskip("pandas")  # some blocks show .to_pandas()
    parser = doctest.DocTestParser()
    globs: dict = {}
    failed = []
    for line, block in BLOCKS:
        test = parser.get_doctest(block, globs, f"README.md:{line}", str(README), line)
        runner = doctest.DocTestRunner(
            optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
        )
        runner.run(test, clear_globs=False)
        globs = test.globs  # DocTest copies its globals; carry them to the next block
        if runner.failures:
            failed.append(line)
    assert BLOCKS and not failed, f"README examples failed in the blocks at lines {failed}"
