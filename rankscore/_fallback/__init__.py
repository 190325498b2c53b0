"""Pure-Python (NumPy) kernels: the readable reference of ``rankscore._core``.

Same functions, same signatures, same results as the compiled module; one module per
topic, mirroring the ``_kernels_*.pxi`` include files of ``_core.pyx``.
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
from .ks import *  # noqa: F401,F403
