"""Compiled kernels of rankscore: one extension module per topic.

Each module (``sweep``, ``sort``, ``summary`` …, built from ``<topic>.pyx``) sits beside its
NumPy twin ``rankscore/_fallback/<topic>.py``; both expose the same functions with the
same signatures (``rankscore/_kernels/__init__.pyi``). The fused types the modules share
are named once in ``types.pxd``, the helpers they share in each topic's ``.pxd``, and
Cython's own utility code is compiled once, into ``_cyutility``. Each ``def`` kernel reads
its arrays once through the buffer protocol (``arrays.pxd``: pointer, length, step, dtype)
and calls the loop of their dtype, a ``cdef`` function over raw pointers fused over the
score (and label or count) dtype: no kernel takes a typed memoryview argument per dtype,
which would compile its argument handling once per specialisation. The loops of ``sweep``
and ``sort`` are declared in the topic's ``.pxd``, and the C API (``rankscore/capi.pyx``)
calls the same loops. Inputs are validated on the Python side first, which is why the
build turns bounds checks off. Only ``rankscore._backend`` imports this package.
"""

from .ranking import *  # noqa: F401,F403
from .ties import *  # noqa: F401,F403
from .sweep import *  # noqa: F401,F403
from .sort import *  # noqa: F401,F403
from .point import *  # noqa: F401,F403
from .uncertainty import *  # noqa: F401,F403
from .multilabel import *  # noqa: F401,F403
from .ir import *  # noqa: F401,F403
from .summary import *  # noqa: F401,F403
from .checksum import *  # noqa: F401,F403
from .ks import *  # noqa: F401,F403
