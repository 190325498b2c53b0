"""Interface of the kernel modules ``rankscore._core`` (compiled) and ``rankscore._fallback``.

Both modules provide exactly these functions. Callers validate every argument first.
"""

import numpy as np
from numpy.typing import NDArray
