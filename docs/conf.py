"""Sphinx configuration of rankscore's documentation site.

Build: ``pip install ".[docs]" && sphinx-build -W --keep-going docs docs/_build/html``.

Choices (see the Development page): pydata-sphinx-theme, the theme of scikit-learn, NumPy and
pandas, so the site reads like the references users of this field already know; numpydoc,
because every docstring is written in its sections; MyST-parser, so pages are Markdown like
the rest of the repository; sphinx-gallery, which runs each example script at build time and
so draws the gallery from the code as it is; autosummary for one page per public name.
"""

from __future__ import annotations

import os
import pathlib
import re
import sys
import warnings

import rankscore

project = "rankscore"
author = "The rankscore developers"
copyright = "The rankscore developers"
version = release = rankscore.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "sphinx_design",
]

# straight quotes: the pages and tables quote code ("max_recall") that must stay pasteable
smartquotes = False
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
# the page contents list a class's members by their own names (roc_auc(), not
# ScoreSummary.roc_auc())
toc_object_entries_show_parents = "hide"
exclude_patterns = ["_build", "examples/README.rst", "**/.ipynb_checkpoints"]
templates_path = ["_templates"]

# A broken cross-reference to rankscore's own objects fails the build (-W). Objects of other
# projects are written as references in the docstrings (numpy.ndarray, sklearn.metrics...)
# but there is no network at build time to fetch their inventories, so they stay text.
nitpicky = True
EXTERNAL = r"(numpy|np|sklearn|scipy|pandas|pd|matplotlib|dask|distributed|pyarrow|fractions|os|typing|collections|numbers|concurrent|pathlib|importlib)(\..*)?"
nitpick_ignore_regex = [
    (r"py:.*", EXTERNAL),
    # private modules and helpers that public docstrings mention: not part of the API
    (r"py:.*", r"rankscore\._.*"),
    # builtins and plain type words that numpydoc and autodoc turn into references
    (r"py:.*", r"(int|float|str|bool|bytes|dict|list|tuple|set|None|object|callable|"
               r"iterable|sequence|ArrayLike|Any|Axes|Figure|Fraction|ndarray|optional)"),
]

# -- MyST ------------------------------------------------------------------------------
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc / autosummary / numpydoc ---------------------------------------------------
autosummary_generate = True
autosummary_imported_members = False
autodoc_typehints = "none"  # the numpydoc Parameters section says it in words
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()

# -- sphinx-gallery: every plot function, drawn from the bundled demo data at build time --
sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "gallery",
    "filename_pattern": r"plot_",
    "download_all_examples": False,
    "remove_config_comments": True,
    "within_subsection_order": "FileNameSortKey",
    "image_scrapers": ("matplotlib",),
    "matplotlib_animations": False,
    "reference_url": {"rankscore": None},
    "backreferences_dir": None,
    "show_memory": False,
    "abort_on_example_error": True,
}

# -- HTML --------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "rankscore"
html_static_path = ["_static"]
html_css_files = ["rankscore.css"]
html_show_sourcelink = False
html_theme_options = {
    "navbar_align": "left",
    "header_links_before_dropdown": 6,
    "navbar_start": ["navbar-logo"],
    "navbar_end": ["search-button", "theme-switcher"],
    "navbar_persistent": [],
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "secondary_sidebar_items": ["page-toc"],
}
html_context = {"default_mode": "light"}
# pages without sub-pages get the whole width (no empty section navigation on the left)
html_sidebars = {page: [] for page in ("index", "getting-started", "definitions",
                                       "performance", "development", "changelog")}

# matplotlib draws without a display while the gallery builds
os.environ.setdefault("MPLBACKEND", "Agg")
warnings.filterwarnings("ignore", category=UserWarning,
                        message="Matplotlib is currently using agg")


# -- a reference to a re-exported name resolves to where the name is documented -------------
def _import(path):
    """The object a dotted rankscore path names, or None."""
    import importlib

    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for part in parts[cut:]:
            value = getattr(value, part, None)
        return value
    return None


def _resolve_reexported(app, env, node, contnode):
    """The API reference documents each name once, at the path users import it from, so
    ``:func:`ranking_score_exact``` in a docstring of the top level means
    ``rankscore.rankings.ranking_score_exact``. Try the names around the reference first
    (its class, its module), then the one documented name that ends the same way."""
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    objects = domain.objects
    target = node.get("reftarget", "").lstrip("~.")
    module = node.get("py:module") or ""
    klass = node.get("py:class") or ""
    candidates = [f"{module}.{klass}.{target}", f"{module}.{target}", f"rankscore.{target}"]
    found = next((name for name in candidates if name in objects), None)
    parts = target.split(".")
    for cut in range(len(parts)):
        if found is not None:
            break
        suffix = ".".join(parts[cut:])
        ending = [name for name in objects
                  if name.startswith("rankscore.") and name.endswith("." + suffix)]
        if len(ending) > 1:  # a function before a method of the same name
            ending = [name for name in ending
                      if objects[name].objtype not in ("method", "attribute", "property")]
        if len(ending) > 1:  # the documented name that is the same object
            value = _import(target)
            ending = [name for name in ending if value is not None and _import(name) is value]
        if len(ending) == 1 and (cut == 0 or _import(ending[0]) is _import(target) is not None):
            found = ending[0]  # a shortened path must name the same object
    if found is None:
        return None
    return domain.resolve_xref(env, node["refdoc"], app.builder, node["reftype"], found,
                               node, contnode)


# -- docs/guide/: topic pages that appear in the user guide without an edit elsewhere --------
GUIDE_MARKER = "<!-- the pages of docs/guide/ -->"


def _list_guide_pages(app, docname, source):
    """Replace the marker in the user guide's index with a toctree of docs/guide/*.md (a
    glob toctree, written out so that an empty folder is not a warning)."""
    if docname != "user-guide/index" or GUIDE_MARKER not in source[0]:
        return
    pages = sorted(path.stem for path in (pathlib.Path(app.srcdir) / "guide").glob("*.md"))
    toctree = ""
    if pages:
        entries = "\n".join(f"/guide/{page}" for page in pages)
        toctree = f"```{{toctree}}\n:maxdepth: 1\n:caption: More topics\n\n{entries}\n```\n"
    source[0] = source[0].replace(GUIDE_MARKER, toctree)


def setup(app):
    app.connect("missing-reference", _resolve_reexported)
    app.connect("source-read", _list_guide_pages)
