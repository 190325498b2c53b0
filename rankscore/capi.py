"""rankscore's C API lives in the compiled module of this name, built from capi.pyx.

This file is imported only when that module was not built (rankscore installed without a
C compiler, or with RANKSCORE_NO_EXTENSIONS=1): the NumPy fallback has no C API.
"""

raise ImportError(
    "rankscore.capi (rankscore's C API) needs rankscore's compiled kernels, and this "
    "rankscore was installed without them (it runs on its NumPy fallback); reinstall it "
    "from a wheel, or from source with a C compiler"
)
