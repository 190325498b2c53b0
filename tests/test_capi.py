"""rankscore's C API (rankscore/capi.pxd, the header in rankscore.get_include()).

Two small downstream extensions are built in a temporary directory against the installed
package, as a library that embeds rankscore would build them: one in Cython that cimports
``rankscore.capi``, one in C that includes ``rankscore/capi.h`` and calls
``import_rankscore()``. Their results must equal the Python functions' bit for bit (random
data with ties, zeros of both signs, weights, float32), also when four threads call them
at once with the GIL released, and every error code must come back for its bad input with
the output untouched.

The NumPy fallback has no C API: on an installation without the compiled kernels these
tests skip and say so; the header and the .pxd are installed all the same.
"""

import importlib
import importlib.util
import os
import pathlib
import re
import subprocess
import sys
import textwrap
import warnings
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

import rankscore
from rankscore import ScoreSummary

PACKAGE = pathlib.Path(rankscore.__file__).resolve().parent
HEADER = pathlib.Path(rankscore.get_include()) / "rankscore" / "capi.h"
PXD = PACKAGE / "capi.pxd"

try:
    import rankscore.capi as _capi  # noqa: F401
    NO_C_API = None
except ImportError as exc:
    NO_C_API = str(exc)

WHY = f"the NumPy fallback has no C API: {NO_C_API}"
needs_c_api = pytest.mark.skipif(NO_C_API is not None, reason=WHY)

CODES = {"RS_OK": 0, "RS_ERR_LENGTH": -1, "RS_ERR_LABEL": -2, "RS_ERR_NAN_SCORE": -3,
         "RS_ERR_WEIGHT": -4, "RS_ERR_ONE_CLASS": -5, "RS_ERR_NO_MEMORY": -6,
         "RS_ERR_POSITION": -7, "RS_ERR_M": -8}
FUNCTIONS = ["rs_roc_auc", "rs_roc_auc_f32", "rs_average_precision",
             "rs_average_precision_f32", "rs_ks_statistic", "rs_ks_statistic_f32", "rs_ks",
             "rs_ks_f32", "rs_sweep", "rs_sweep_f32", "rs_ranking_score", "rs_error_message"]


# ---------------------------------------------------------------------------------------
# what every installation carries


def test_the_header_and_the_pxd_are_installed_with_the_package():
    """get_include() finds the header in the installed package, beside the .pxd (both in
    every wheel and sdist), also on the fallback."""
    assert pathlib.Path(rankscore.get_include()).is_absolute()
    header, pxd = HEADER.read_text(), PXD.read_text()
    for name in FUNCTIONS:
        assert re.search(rf"\b{name}\(", header), name
        assert re.search(rf"\b{name}\(", pxd), name
    assert "import_rankscore(void)" in header
    assert "cdef int rs_roc_auc(const double *y_score, const unsigned char *y_true,\n" in pxd


def test_the_header_and_the_pxd_give_the_same_error_codes():
    header = dict(re.findall(r"#define (RS_\w+) \(?(-?\d+)\)?", HEADER.read_text()))
    pxd = dict(re.findall(r"^    (RS_\w+) = (-?\d+)", PXD.read_text(), re.M))
    assert {k: int(v) for k, v in header.items()} == CODES
    assert {k: int(v) for k, v in pxd.items()} == CODES


def _code_comments(text, declaration, comment, continuation):
    """{code: its comment, continuation lines joined}, from the declarations of the codes."""
    found, name = {}, None
    for line in text.splitlines():
        declared = re.match(declaration, line)
        if declared:
            name = declared.group(1)
            found[name] = re.search(comment, line).group(1)
        elif name and re.match(continuation, line):
            found[name] += " " + re.match(continuation, line).group(1)
        else:
            name = None
    return {k: " ".join(v.replace("*/", "").split()) for k, v in found.items()}


def test_the_header_and_the_pxd_describe_each_error_code_alike():
    """Each code's comment is the same in the header and the .pxd: the .pxd said RS_ERR_M
    meant "m is not a number > 2" where m = inf is refused too (the header: "finite")."""
    header = _code_comments(HEADER.read_text(), r"#define (RS_\w+) ", r"/\* (.*)$",
                            r"^ {33}(\S.*)$")
    pxd = _code_comments(PXD.read_text(), r"^    (RS_\w+) = ", r"# (.*)$", r"^ {29}# (.*)$")
    assert set(header) == set(pxd) == set(CODES)
    assert header == pxd
    assert "finite" in header["RS_ERR_M"] and "k < 0" in header["RS_ERR_LENGTH"]


def test_the_fallback_says_it_has_no_c_api():
    """Without the compiled module, `import rankscore.capi` (and so import_rankscore() and
    a cimporting extension) fails with an ImportError that says why."""
    spec = importlib.util.spec_from_file_location("capi_stub", PACKAGE / "capi.py")
    with pytest.raises(ImportError, match="needs rankscore's compiled kernels"):
        spec.loader.exec_module(importlib.util.module_from_spec(spec))


# ---------------------------------------------------------------------------------------
# the two downstream extensions

CYTHON_SOURCE = '''
# cython: language_level=3
from libc.stdint cimport int64_t
from rankscore.capi cimport (RS_OK, rs_average_precision, rs_average_precision_f32,
                             rs_error_message, rs_ks, rs_ks_f32, rs_ks_statistic,
                             rs_ks_statistic_f32, rs_ranking_score, rs_roc_auc,
                             rs_roc_auc_f32, rs_sweep, rs_sweep_f32)
import numpy as np

UNTOUCHED = -7.0  # what an output holds until a function writes it


cdef const double* weights_of(object weights, const double[::1] view):
    return NULL if weights is None else &view[0]


def metric(str name, scores, const unsigned char[::1] y_true, weights=None, n=None):
    """(status, result) of rs_<name> (name: roc_auc, average_precision, ks_statistic),
    the GIL released; n: the length to pass (default: len(y_true))."""
    cdef Py_ssize_t length = len(y_true) if n is None else n
    cdef const double[::1] w = np.ones(1) if weights is None else weights
    cdef const double* wp = weights_of(weights, w)
    cdef const double[::1] s64 = scores if scores.dtype == np.float64 else np.ones(1)
    cdef const float[::1] s32 = scores if scores.dtype == np.float32 else np.ones(1, "f")
    cdef const unsigned char* yp = &y_true[0]
    cdef int which = ["roc_auc", "average_precision", "ks_statistic"].index(name)
    cdef bint f32 = scores.dtype == np.float32
    cdef double out = UNTOUCHED
    cdef int status = -100
    with nogil:
        if which == 0:
            status = (rs_roc_auc_f32(&s32[0], yp, wp, length, &out) if f32
                      else rs_roc_auc(&s64[0], yp, wp, length, &out))
        elif which == 1:
            status = (rs_average_precision_f32(&s32[0], yp, wp, length, &out) if f32
                      else rs_average_precision(&s64[0], yp, wp, length, &out))
        else:
            status = (rs_ks_statistic_f32(&s32[0], yp, wp, length, &out) if f32
                      else rs_ks_statistic(&s64[0], yp, wp, length, &out))
    return status, out


def ks(scores, const unsigned char[::1] y_true, weights=None, n=None):
    """(status, statistic, threshold) of rs_ks / rs_ks_f32."""
    cdef Py_ssize_t length = len(y_true) if n is None else n
    cdef const double[::1] w = np.ones(1) if weights is None else weights
    cdef const double* wp = weights_of(weights, w)
    cdef const double[::1] s64
    cdef const float[::1] s32
    cdef double statistic = UNTOUCHED, threshold = UNTOUCHED
    cdef int status
    if scores.dtype == np.float32:
        s32 = scores
        with nogil:
            status = rs_ks_f32(&s32[0], &y_true[0], wp, length, &statistic, &threshold)
    else:
        s64 = scores
        with nogil:
            status = rs_ks(&s64[0], &y_true[0], wp, length, &statistic, &threshold)
    return status, statistic, threshold


def sweep(scores, const unsigned char[::1] y_true, weights=None, n=None):
    """(status, thresholds, fps, tps) of rs_sweep / rs_sweep_f32 (buffers of len(y_true)
    entries, cut to the thresholds written)."""
    cdef Py_ssize_t length = len(y_true) if n is None else n, k = -1
    cdef const double[::1] w = np.ones(1) if weights is None else weights
    cdef const double* wp = weights_of(weights, w)
    thresholds = np.full(len(y_true) + 1, UNTOUCHED, dtype=scores.dtype)
    fps, tps = np.full(len(y_true) + 1, UNTOUCHED), np.full(len(y_true) + 1, UNTOUCHED)
    cdef double[::1] f = fps, t = tps
    cdef double[::1] thr64
    cdef float[::1] thr32
    cdef const double[::1] s64
    cdef const float[::1] s32
    cdef int status
    if scores.dtype == np.float32:
        s32, thr32 = scores, thresholds
        with nogil:
            status = rs_sweep_f32(&s32[0], &y_true[0], wp, length, &thr32[0], &f[0], &t[0],
                                  &k)
    else:
        s64, thr64 = scores, thresholds
        with nogil:
            status = rs_sweep(&s64[0], &y_true[0], wp, length, &thr64[0], &f[0], &t[0], &k)
    if status != RS_OK:
        return status, thresholds, fps, tps, k
    return status, thresholds[:k], fps[:k], tps[:k], k


def ranking_score(const int64_t[::1] positions, double m, k=None):
    cdef Py_ssize_t length = len(positions) if k is None else k
    cdef double out = UNTOUCHED
    cdef int status
    with nogil:
        status = rs_ranking_score(&positions[0], length, m, &out)
    return status, out


def message(int code):
    return rs_error_message(code).decode()
'''

C_SOURCE = r'''
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <rankscore/capi.h>
#include <string.h>

#define UNTOUCHED (-7.0)

/* a 1-D contiguous buffer of the format wanted ("d", "f", "B"), or NULL for None */
static int get(PyObject *obj, Py_buffer *view, const char *format, int none_ok) {
    view->obj = NULL;
    view->buf = NULL;
    if (obj == Py_None && none_ok)
        return 0;
    if (PyObject_GetBuffer(obj, view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    if (view->ndim != 1 || strcmp(view->format, format) != 0) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_TypeError, "expected a 1-D array of format '%s'", format);
        return -1;
    }
    return 0;
}

/* metric(name, scores, y_true, weights, n) -> (status, result): n < 0 passes -1 */
static PyObject *metric(PyObject *self, PyObject *args) {
    const char *name;
    PyObject *scores, *labels, *weights;
    Py_ssize_t n;
    Py_buffer s, y, w;
    double out = UNTOUCHED;
    int status = -100, f32;
    if (!PyArg_ParseTuple(args, "sOOOn", &name, &scores, &labels, &weights, &n))
        return NULL;
    if (PyObject_GetBuffer(scores, &s, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    f32 = strcmp(s.format, "f") == 0;
    if (get(labels, &y, "B", 0) < 0 || get(weights, &w, "d", 1) < 0) {
        PyBuffer_Release(&s);
        PyBuffer_Release(&y);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    if (strcmp(name, "roc_auc") == 0)
        status = f32 ? rs_roc_auc_f32((const float *)s.buf, (const unsigned char *)y.buf,
                                      (const double *)w.buf, n, &out)
                     : rs_roc_auc((const double *)s.buf, (const unsigned char *)y.buf,
                                  (const double *)w.buf, n, &out);
    else if (strcmp(name, "average_precision") == 0)
        status = f32 ? rs_average_precision_f32((const float *)s.buf,
                                                (const unsigned char *)y.buf,
                                                (const double *)w.buf, n, &out)
                     : rs_average_precision((const double *)s.buf,
                                            (const unsigned char *)y.buf,
                                            (const double *)w.buf, n, &out);
    else if (strcmp(name, "ks_statistic") == 0)
        status = f32 ? rs_ks_statistic_f32((const float *)s.buf, (const unsigned char *)y.buf,
                                           (const double *)w.buf, n, &out)
                     : rs_ks_statistic((const double *)s.buf, (const unsigned char *)y.buf,
                                       (const double *)w.buf, n, &out);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&s);
    PyBuffer_Release(&y);
    PyBuffer_Release(&w);
    return Py_BuildValue("id", status, out);
}

/* ks(scores, y_true, weights, n) -> (status, statistic, threshold) */
static PyObject *ks(PyObject *self, PyObject *args) {
    PyObject *scores, *labels, *weights;
    Py_ssize_t n;
    Py_buffer s, y, w;
    double statistic = UNTOUCHED, threshold = UNTOUCHED;
    int status;
    if (!PyArg_ParseTuple(args, "OOOn", &scores, &labels, &weights, &n))
        return NULL;
    if (PyObject_GetBuffer(scores, &s, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (get(labels, &y, "B", 0) < 0 || get(weights, &w, "d", 1) < 0) {
        PyBuffer_Release(&s);
        PyBuffer_Release(&y);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    if (strcmp(s.format, "f") == 0)
        status = rs_ks_f32((const float *)s.buf, (const unsigned char *)y.buf,
                           (const double *)w.buf, n, &statistic, &threshold);
    else
        status = rs_ks((const double *)s.buf, (const unsigned char *)y.buf,
                       (const double *)w.buf, n, &statistic, &threshold);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&s);
    PyBuffer_Release(&y);
    PyBuffer_Release(&w);
    return Py_BuildValue("idd", status, statistic, threshold);
}

/* sweep(scores, y_true, weights, n, thresholds, fps, tps) -> (status, count) */
static PyObject *sweep(PyObject *self, PyObject *args) {
    PyObject *scores, *labels, *weights, *thresholds, *fps, *tps;
    Py_ssize_t n, k = -1;
    Py_buffer s, y, w, t, f, p;
    int status;
    if (!PyArg_ParseTuple(args, "OOOnOOO", &scores, &labels, &weights, &n, &thresholds,
                          &fps, &tps))
        return NULL;
    if (PyObject_GetBuffer(scores, &s, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    if (get(labels, &y, "B", 0) < 0 || get(weights, &w, "d", 1) < 0
            || PyObject_GetBuffer(thresholds, &t, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&s);
        PyBuffer_Release(&y);
        PyBuffer_Release(&w);
        return NULL;
    }
    if (PyObject_GetBuffer(fps, &f, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&s); PyBuffer_Release(&y); PyBuffer_Release(&w); PyBuffer_Release(&t);
        return NULL;
    }
    if (PyObject_GetBuffer(tps, &p, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE) < 0) {
        PyBuffer_Release(&s); PyBuffer_Release(&y); PyBuffer_Release(&w); PyBuffer_Release(&t);
        PyBuffer_Release(&f);
        return NULL;
    }
    Py_BEGIN_ALLOW_THREADS
    if (strcmp(s.format, "f") == 0)
        status = rs_sweep_f32((const float *)s.buf, (const unsigned char *)y.buf,
                              (const double *)w.buf, n, (float *)t.buf, (double *)f.buf,
                              (double *)p.buf, &k);
    else
        status = rs_sweep((const double *)s.buf, (const unsigned char *)y.buf,
                          (const double *)w.buf, n, (double *)t.buf, (double *)f.buf,
                          (double *)p.buf, &k);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&s); PyBuffer_Release(&y); PyBuffer_Release(&w);
    PyBuffer_Release(&t); PyBuffer_Release(&f); PyBuffer_Release(&p);
    return Py_BuildValue("in", status, k);
}

/* ranking_score(positions, m, k) -> (status, score) */
static PyObject *ranking_score(PyObject *self, PyObject *args) {
    PyObject *positions;
    double m, out = UNTOUCHED;
    Py_ssize_t k;
    Py_buffer v;
    int status;
    if (!PyArg_ParseTuple(args, "Odn", &positions, &m, &k))
        return NULL;
    if (PyObject_GetBuffer(positions, &v, PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    status = rs_ranking_score((const int64_t *)v.buf, k, m, &out);
    Py_END_ALLOW_THREADS
    PyBuffer_Release(&v);
    return Py_BuildValue("id", status, out);
}

static PyObject *message(PyObject *self, PyObject *args) {
    int code;
    if (!PyArg_ParseTuple(args, "i", &code))
        return NULL;
    return PyUnicode_FromString(rs_error_message(code));
}

static PyObject *version(PyObject *self, PyObject *args) {
    return Py_BuildValue("II", rankscore_api->version, rankscore_api->size);
}

static PyMethodDef methods[] = {
    {"metric", metric, METH_VARARGS, NULL},
    {"ks", ks, METH_VARARGS, NULL},
    {"sweep", sweep, METH_VARARGS, NULL},
    {"ranking_score", ranking_score, METH_VARARGS, NULL},
    {"message", message, METH_VARARGS, NULL},
    {"version", version, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "MODULE", NULL, -1, methods};

PyMODINIT_FUNC PyInit_MODULE(void) {
    if (import_rankscore() < 0)
        return NULL;
    return PyModule_Create(&module);
}
'''

SETUP = '''
import sys
from setuptools import Extension, setup
{imports}
setup(name="{name}", ext_modules={modules}, script_args=["-q", "build_ext", "--inplace"])
'''


def build(directory: pathlib.Path, name: str, source: str, suffix: str,
          modules: str, imports: str = "") -> None:
    """Build extension ``name`` from ``source`` in ``directory`` (a fresh process, outside
    the source tree, so that the installed rankscore is the one found)."""
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}{suffix}").write_text(source)
    (directory / "setup.py").write_text(SETUP.format(name=name, modules=modules,
                                                     imports=imports))
    result = subprocess.run([sys.executable, "setup.py"], cwd=directory, capture_output=True,
                            text=True)
    if result.returncode != 0:
        raise AssertionError(f"building {name} failed:\n{result.stdout}\n{result.stderr}")


def load(directory: pathlib.Path, name: str):
    sys.path.insert(0, str(directory))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(directory))


@pytest.fixture(scope="session")
def cython_ext(tmp_path_factory):
    if NO_C_API is not None:
        pytest.skip(WHY)
    pytest.importorskip("Cython", reason="building the Cython example needs Cython")
    pytest.importorskip("setuptools", reason="building the examples needs setuptools")
    directory = tmp_path_factory.mktemp("cython_ext")
    # include_path: the installed rankscore's folder, wherever pip put it (an editable
    # install too)
    build(directory, "capi_cython", CYTHON_SOURCE, ".pyx",
          "cythonize([Extension('capi_cython', ['capi_cython.pyx'])], "
          f"include_path=[{str(PACKAGE.parent)!r}])",
          "from Cython.Build import cythonize")
    return load(directory, "capi_cython")


def _c_extension(directory, name, header_dir=None):
    include = header_dir or rankscore.get_include()
    build(directory, name, C_SOURCE.replace("MODULE", name), ".c",
          f"[Extension({name!r}, [{name + '.c'!r}], include_dirs=[{include!r}])]")


@pytest.fixture(scope="session")
def c_ext(tmp_path_factory):
    if NO_C_API is not None:
        pytest.skip(WHY)
    pytest.importorskip("setuptools", reason="building the examples needs setuptools")
    directory = tmp_path_factory.mktemp("c_ext")
    _c_extension(directory, "capi_c")
    return load(directory, "capi_c")


class Cython:
    """The calls of either extension, with one signature."""

    def __init__(self, ext):
        self.ext = ext

    def metric(self, name, s, y, w=None, n=None):
        return self.ext.metric(name, s, y, w, n)

    def ks(self, s, y, w=None, n=None):
        return self.ext.ks(s, y, w, n)

    def sweep(self, s, y, w=None, n=None):
        status, thresholds, fps, tps, _ = self.ext.sweep(s, y, w, n)
        return status, thresholds, fps, tps

    def ranking_score(self, positions, m, k=None):
        return self.ext.ranking_score(np.asarray(positions, dtype=np.int64), m, k)

    def message(self, code):
        return self.ext.message(code)


class C(Cython):
    def metric(self, name, s, y, w=None, n=None):
        return self.ext.metric(name, s, y, w, len(y) if n is None else n)

    def ks(self, s, y, w=None, n=None):
        return self.ext.ks(s, y, w, len(y) if n is None else n)

    def sweep(self, s, y, w=None, n=None):
        thresholds = np.full(len(y) + 1, -7.0, dtype=s.dtype)
        fps, tps = np.full(len(y) + 1, -7.0), np.full(len(y) + 1, -7.0)
        status, k = self.ext.sweep(s, y, w, len(y) if n is None else n, thresholds, fps,
                                   tps)
        if status != 0:
            return status, thresholds, fps, tps
        return status, thresholds[:k], fps[:k], tps[:k]

    def ranking_score(self, positions, m, k=None):
        positions = np.asarray(positions, dtype=np.int64)
        return self.ext.ranking_score(positions, m, len(positions) if k is None else k)


@pytest.fixture(params=["cython", "c"])
def api(request):
    ext = request.getfixturevalue(f"{request.param}_ext")
    return Cython(ext) if request.param == "cython" else C(ext)


# ---------------------------------------------------------------------------------------
# the same numbers as the Python functions


def bits(x):
    return np.asarray(x, dtype=np.float64).view(np.uint64)


def dataset(seed, n, *, dtype=np.float64, weighted=False):
    """Labels, scores with many ties (and -0.0 beside 0.0), weights with zeros."""
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < rng.uniform(0.05, 0.95)).astype(np.uint8)
    kind = seed % 4
    if kind == 0:
        s = np.round(rng.normal(size=n) + y, 1)  # heavy ties
    elif kind == 1:
        s = rng.random(n)  # distinct
    elif kind == 2:
        s = rng.integers(-3, 4, n).astype(np.float64)  # a handful of values
    else:
        scales = [1e-300, 1.0, 1e300] if dtype == np.float64 else [1e-30, 1.0, 1e30]
        s = np.round(rng.random(n), 3) * rng.choice(scales, n)
    s[rng.random(n) < 0.05] = -0.0
    s = s.astype(dtype)
    w = None
    if weighted:
        w = rng.choice([0.0, 0.5, 1.0, 3.0, rng.random()], n)
        w *= [1.0, 1e-300, 1e250][seed % 3]  # AUC, KS and AP rescale tiny or huge weights
        if w.sum() == 0:
            w[0] = 1.0
    return y, s, w


SIZES = [1, 2, 3, 17, 100, 1000, 5000, 70_000]  # 70,000: the sampled bucket plan


def expected(y, s, w):
    """The Python functions' (AUC, AP, KS result), their warnings for a missing class
    silenced."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return (rankscore.roc_auc_score(y, s, sample_weight=w),
                rankscore.average_precision_score(y, s, sample_weight=w),
                rankscore.ks_statistic(y, s, sample_weight=w))


@needs_c_api
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", SIZES)
def test_bit_for_bit_the_python_functions(api, n, dtype, weighted):
    for seed in range(4):
        y, s, w = dataset(seed + 10 * n, n, dtype=dtype, weighted=weighted)
        auc, ap, (statistic, threshold) = expected(y, s, w)
        n_pos = int(y.sum()) if w is None else int((y[w > 0]).sum())
        n_neg = (n - int(y.sum())) if w is None else int((1 - y[w > 0]).sum())
        status, got = api.metric("roc_auc", s, y, w)
        if n_pos and n_neg:
            assert status == 0 and bits(got) == bits(auc), (seed, got, auc)
        else:
            assert status == -5 and got == -7.0 and np.isnan(auc)
        status, got = api.metric("average_precision", s, y, w)
        if n_pos:
            assert status == 0 and bits(got) == bits(ap), (seed, got, ap)
        else:
            assert status == -5 and got == -7.0 and ap == 0.0
        status, got = api.metric("ks_statistic", s, y, w)
        status2, got2, at = api.ks(s, y, w)
        if n_pos and n_neg:
            assert status == status2 == 0
            assert bits(got) == bits(got2) == bits(statistic), (seed, got, statistic)
            assert bits(at) == bits(threshold), (seed, at, threshold)
        else:
            assert status == status2 == -5 and got == got2 == at == -7.0


@needs_c_api
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_short_inputs_counted_pair_by_pair(api, dtype):
    """Up to 256 unweighted scores, rs_roc_auc compares every pair when there are few
    enough pairs per score (with either class the longer one), and sorts otherwise: the
    Python function's number either way, ties, -0.0 and extreme scales included."""
    for n in (2, 5, 63, 128, 200, 255, 256, 257):
        for k in sorted({1, n // 10, n * 3 // 10, n // 2, n * 7 // 10, n - 1} - {0}):
            for seed in range(4):
                _, s, _ = dataset(seed, n, dtype=dtype)
                y = np.zeros(n, dtype=np.uint8)
                y[np.random.default_rng(seed + n).choice(n, k, replace=False)] = 1
                status, got = api.metric("roc_auc", s, y, None)
                assert status == 0
                assert bits(got) == bits(rankscore.roc_auc_score(y, s)), (n, k, seed)


@needs_c_api
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
def test_large_inputs_sorted_on_two_threads(api, weighted, backend):
    """From 2^21 samples on, the C API sorts on two threads (as the Python functions do):
    the same numbers."""
    if backend == "python":
        pytest.skip("large input: once, against the compiled backend, is enough")
    y, s, w = dataset(5, 2**21 + 1000, weighted=weighted)
    auc, ap, (statistic, threshold) = expected(y, s, w)
    assert bits(api.metric("roc_auc", s, y, w)[1]) == bits(auc)
    assert bits(api.metric("average_precision", s, y, w)[1]) == bits(ap)
    assert bits(api.ks(s, y, w)[1:]).tolist() == bits([statistic, threshold]).tolist()


@needs_c_api
@pytest.mark.parametrize("weighted", [False, True], ids=["unweighted", "weighted"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("n", [1, 5, 100, 3000, 70_000])
def test_the_sweep_is_the_score_summarys_running_sums(api, n, dtype, weighted):
    y, s, w = dataset(n, n, dtype=dtype, weighted=weighted)
    summary = ScoreSummary.from_arrays(y, s, sample_weight=w)
    status, thresholds, fps, tps = api.sweep(s, y, w)
    assert status == 0
    assert thresholds.dtype == dtype
    np.testing.assert_array_equal(bits(thresholds), bits(summary.thresholds))
    np.testing.assert_array_equal(bits(fps), bits(np.cumsum(summary.negatives,
                                                            dtype=np.float64)))
    np.testing.assert_array_equal(bits(tps), bits(np.cumsum(summary.positives,
                                                            dtype=np.float64)))


@needs_c_api
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_weighted_auc_of_separated_classes_is_one(api, dtype):
    """Every positive above every negative: the AUC is exactly 1 whatever the weights, as
    roc_auc_score's (the C API read 1 + 2**-52 in about a quarter of these cases, and both
    read 1 - 2**-52 in another quarter: the pair sum and W+ W- added the same weights in two
    orders)."""
    rng = np.random.default_rng(7)
    for _ in range(40):
        n = int(rng.integers(2, 60))
        y = np.zeros(n, dtype=np.uint8)
        y[rng.choice(n, int(rng.integers(1, n)), replace=False)] = 1
        s = (rng.random(n) + 2.0 * y).astype(dtype)
        w = rng.random(n) * 10 ** rng.uniform(-5, 5)
        status, got = api.metric("roc_auc", s, y, w)
        assert status == 0 and got == 1.0, (y, s, w, got)
        assert bits(got) == bits(rankscore.roc_auc_score(y, s, sample_weight=w))


@needs_c_api
def test_the_ranking_score_of_positions(api):
    rng = np.random.default_rng(3)
    cases = [([1], 10.0), ([2**32], 10.0), ([2**32, 1], 2.5), ([3, 7, 5, 1], 10.0)]
    for _ in range(50):
        p = int(rng.integers(1, 200))
        positions = rng.choice(np.arange(1, p + 1), int(rng.integers(1, p + 1)),
                               replace=False)
        cases.append((positions.tolist(), float(rng.uniform(2.0001, 50))))
    for positions, m in cases:
        status, got = api.ranking_score(positions, m)
        assert status == 0
        assert bits(got) == bits(rankscore.ranking_score(positions, m)), (positions, m)


@needs_c_api
def test_four_threads_at_once_without_the_gil(api):
    """Four threads each score their own data through the C API at once; every result is
    the Python function's."""
    jobs = [dataset(100 + j, 60_000 + 1000 * j, weighted=j % 2 == 1) for j in range(8)]
    wanted = [expected(y, s, w) for y, s, w in jobs]

    def run(job):
        y, s, w = job
        return [api.metric(name, s, y, w)[1]
                for name in ("roc_auc", "average_precision", "ks_statistic")]

    for _ in range(3):
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(run, jobs))
        for (auc, ap, ks_result), got in zip(wanted, results):
            assert bits(got).tolist() == bits([auc, ap, ks_result.statistic]).tolist()


# ---------------------------------------------------------------------------------------
# errors: a negative code, the output untouched


@needs_c_api
@pytest.mark.parametrize("name", ["roc_auc", "average_precision", "ks_statistic", "ks",
                                  "sweep"])
@pytest.mark.parametrize("tiles", [1, 60], ids=["5 rows", "300 rows"])
def test_every_error_code_for_its_bad_input(api, name, tiles):
    """Each bad input's code, the outputs untouched; at 5 rows and at 300 (an unweighted
    rs_roc_auc compares pairs up to 256 scores and sorts beyond)."""
    def rows(values, dtype=None):
        return np.tile(np.array(values, dtype=dtype), tiles)

    y = rows([0, 1, 0, 1, 1], np.uint8)
    s = rows([0.1, 0.4, 0.35, 0.8, 0.4])
    w = rows([1.0, 2.0, 0.5, 1.0, 1.0])

    def call(s=s, y=y, w=None, n=None):
        if name == "ks":
            status, statistic, threshold = api.ks(s, y, w, n)
            return status, [statistic, threshold]
        if name == "sweep":
            status, thresholds, fps, tps = api.sweep(s, y, w, n)
            return status, np.concatenate([thresholds, fps, tps])
        status, out = api.metric(name, s, y, w, n)
        return status, [out]

    def fails(code, **kwargs):
        status, outputs = call(**kwargs)
        assert status == CODES[code], (code, kwargs, status)
        assert (np.asarray(outputs) == -7.0).all()  # untouched
        assert api.message(status) != api.message(0)

    assert call()[0] == 0 and call(w=w)[0] == 0
    fails("RS_ERR_LENGTH", n=-1)
    fails("RS_ERR_LABEL", y=rows([0, 1, 2, 1, 0], np.uint8))
    fails("RS_ERR_LABEL", y=rows([0, 1, 255, 1, 0], np.uint8))
    for bad in (np.nan, np.inf, -np.inf):
        fails("RS_ERR_NAN_SCORE", s=rows([0.1, 0.4, bad, 0.8, 0.4]))
        fails("RS_ERR_NAN_SCORE", s=rows([0.1, 0.4, bad, 0.8, 0.4], np.float32))
        fails("RS_ERR_WEIGHT", w=rows([1.0, bad, 0.5, 1.0, 1.0]))
    fails("RS_ERR_WEIGHT", w=rows([1.0, -2.0, 0.5, 1.0, 1.0]))
    fails("RS_ERR_WEIGHT", w=rows([1e308] * 5))  # the sum overflows
    fails("RS_ERR_ONE_CLASS", n=0)
    fails("RS_ERR_ONE_CLASS", w=rows([0.0] * 5))
    if name != "sweep":  # (the sweep needs a sample of either class)
        fails("RS_ERR_ONE_CLASS", y=rows([0] * 5, np.uint8))  # no positive
        fails("RS_ERR_ONE_CLASS", w=rows([1.0, 0.0, 1.0, 0.0, 0.0]))
    if name not in ("sweep", "average_precision"):  # (AP needs positives only)
        fails("RS_ERR_ONE_CLASS", y=rows([1] * 5, np.uint8))  # no negative
        fails("RS_ERR_ONE_CLASS", w=rows([0.0, 1.0, 0.0, 1.0, 1.0]))


@needs_c_api
def test_ranking_score_errors(api):
    def fails(code, positions, m=10.0, k=None):
        status, out = api.ranking_score(positions, m, k)
        assert status == CODES[code], (code, positions, m, k)
        assert out == -7.0

    assert api.ranking_score([3, 1], 10.0)[0] == 0
    fails("RS_ERR_LENGTH", [1, 2], k=-1)
    fails("RS_ERR_POSITION", [1, 2], k=0)
    fails("RS_ERR_POSITION", [0, 2])
    fails("RS_ERR_POSITION", [-1, 2])
    fails("RS_ERR_POSITION", [2**32 + 1])
    fails("RS_ERR_POSITION", [3, 7, 3, 1])
    for m in (2.0, 1.0, -5.0, np.nan, np.inf):
        fails("RS_ERR_M", [3, 1], m=m)
    assert api.message(-100) == "unknown rankscore error code"


OUT_OF_MEMORY = """
import resource, sys
sys.path.insert(0, {directory!r})
import numpy as np, {module} as ext
n = 4_000_000
y = (np.arange(n) % 2).astype(np.uint8)
s = np.linspace(0.0, 1.0, n)
with open("/proc/self/status") as f:
    size = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize"))
resource.setrlimit(resource.RLIMIT_AS, (size + (8 << 20), resource.RLIM_INFINITY))
print(ext.{call})
"""


@needs_c_api
@pytest.mark.skipif(not sys.platform.startswith("linux"),
                    reason="limits the address space (RLIMIT_AS), which Linux enforces")
@pytest.mark.parametrize("which", ["cython", "c"])
def test_out_of_memory_is_an_error_code(which, request):
    """With the address space capped just above what the process holds, the 32 MB of
    sorted scores cannot be allocated: RS_ERR_NO_MEMORY, not a crash."""
    ext = request.getfixturevalue(f"{which}_ext")
    call = ("metric('roc_auc', s, y, None, None)" if which == "cython"
            else "metric('roc_auc', s, y, None, n)")
    code = OUT_OF_MEMORY.format(directory=str(pathlib.Path(ext.__file__).parent),
                                module=ext.__name__, call=call)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=str(pathlib.Path(ext.__file__).parent))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "(-6, -7.0)"


# ---------------------------------------------------------------------------------------
# the function table's version


@needs_c_api
def test_the_table_is_the_headers_version(c_ext):
    from rankscore import capi

    version, size = c_ext.version()
    assert version == capi.C_API_VERSION == int(
        re.search(r"#define RANKSCORE_C_API_VERSION (\d+)", HEADER.read_text()).group(1))
    assert size >= 2 * 4 + len(FUNCTIONS) * 4  # (pointers of at least 4 bytes)


@needs_c_api
def test_an_extension_built_against_a_newer_header_refuses_to_import(tmp_path):
    """A header of a later version (a table with more functions) on this rankscore:
    import_rankscore() fails with an ImportError that says what to do."""
    pytest.importorskip("setuptools", reason="building the examples needs setuptools")
    newer = tmp_path / "include" / "rankscore"
    newer.mkdir(parents=True)
    text = HEADER.read_text()
    version = int(re.search(r"#define RANKSCORE_C_API_VERSION (\d+)", text).group(1))
    (newer / "capi.h").write_text(text.replace(f"#define RANKSCORE_C_API_VERSION {version}",
                                               f"#define RANKSCORE_C_API_VERSION "
                                               f"{version + 1}"))
    _c_extension(tmp_path / "build", "capi_newer", str(tmp_path / "include"))
    with pytest.raises(ImportError, match=rf"built against rankscore's C API version "
                                          rf"{version + 1}, but the installed rankscore "
                                          rf"provides version {version}: upgrade rankscore"):
        load(tmp_path / "build", "capi_newer")


def test_a_header_compiles_as_cplusplus(tmp_path):
    """The header is valid C++ (extern "C", no C-only constructs): compiled by the C++
    compiler of the platform's toolchain, where there is one."""
    from shutil import which

    compiler = which("c++") or which("g++") or which("clang++")
    if compiler is None:
        pytest.skip("no C++ compiler on PATH")
    import sysconfig

    source = tmp_path / "use.cpp"
    source.write_text(textwrap.dedent("""
        #include <rankscore/capi.h>
        int use(const double *s, const unsigned char *y, Py_ssize_t n, double *auc) {
            if (import_rankscore() < 0) return -100;
            return rs_roc_auc(s, y, nullptr, n, auc);
        }
    """))
    result = subprocess.run(
        [compiler, "-std=c++11", "-Wall", "-Werror", "-fsyntax-only",
         f"-I{rankscore.get_include()}", f"-I{sysconfig.get_paths()['include']}",
         str(source)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------------------------------
# the Embedding page's examples

PAGE = pathlib.Path(__file__).resolve().parents[1] / "docs" / "guide" / "embedding.md"
CODE_BLOCK = re.compile(r"^```\{code-block\} (\w+)\n:caption: ([^\n]+)\n\n(.*?)^```",
                        re.M | re.S)


@needs_c_api
@pytest.mark.skipif(not PAGE.exists(), reason="docs/ is not beside the tests")
@pytest.mark.parametrize("example", [
    ("group_auc.pyx", "setup.py (Cython)", "using group_auc"),
    ("group_auc_c.c", "setup.py (C)", "using group_auc_c"),
], ids=["cython", "c"])
def test_the_embedding_pages_examples_build_and_give_the_python_numbers(example, tmp_path):
    """Each example of docs/guide/embedding.md is built as the page says (its setup.py)
    and its usage block run: the AUCs equal roc_auc_score's bit for bit."""
    source, setup, usage = example
    if source.endswith(".pyx"):
        pytest.importorskip("Cython", reason="building the Cython example needs Cython")
    pytest.importorskip("setuptools", reason="building the examples needs setuptools")
    blocks = {caption: code for _, caption, code in CODE_BLOCK.findall(PAGE.read_text())}
    (tmp_path / source).write_text(blocks[source])
    (tmp_path / "setup.py").write_text(blocks[setup])
    # (Cython finds rankscore/capi.pxd on sys.path: where the installed package lives)
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    result = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"],
                            cwd=tmp_path, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exec(compile(blocks[usage], f"{PAGE}: {usage}", "exec"), {})
    finally:
        sys.path.remove(str(tmp_path))
