"""Pure-Python (NumPy) kernels: the readable reference of ``rankscore._kernels``.

Same functions, same signatures, same results as the compiled module; one module per
topic, each the twin of the compiled module of the same name in ``rankscore/_kernels/``.
"""

from .ranking import *  # noqa: F401,F403
from .sweep import *  # noqa: F401,F403
from .sort import *  # noqa: F401,F403
from .point import *  # noqa: F401,F403
from .uncertainty import *  # noqa: F401,F403
from .multilabel import *  # noqa: F401,F403
from .ir import *  # noqa: F401,F403
from .summary import *  # noqa: F401,F403
from .checksum import *  # noqa: F401,F403
from .ks import *  # noqa: F401,F403
