"""Names for the array types the public functions return (for type hints).

``FloatArray`` is a float64 NumPy array; ``Curve`` the three arrays of a curve (x, y,
thresholds), float64 each. ``ScoreArray`` is float32 or float64, as validated scores (and
thresholds read from them) are.
"""

from __future__ import annotations

from typing import Any, Union

import numpy as np
from numpy.typing import NDArray

__all__ = ["FloatArray", "IntArray", "ScoreArray", "Curve", "PRCurve", "Label"]

FloatArray = NDArray[np.float64]
IntArray = NDArray[np.int64]
ScoreArray = NDArray[np.floating[Any]]
Curve = tuple[FloatArray, FloatArray, FloatArray]
# precision_recall_curve's arrays: thresholds in the scores' dtype
PRCurve = tuple[FloatArray, FloatArray, ScoreArray]

# A class label as the public functions take it (``pos_label=``): any scalar a label
# array can hold.
Label = Union[int, float, bool, str, bytes, np.generic]
