"""rankscore: exact, fast scores for rankings and scored binary classifiers.

Rankings against a reference list (``Ranking``, ``score``, ``enumerate_rankings`` …), the
threshold sweep of a scored classifier (ROC, PR, KS, gain/lift, captured response), the
metrics at one threshold (confusion matrix and its rates) and their uncertainty (DeLong
intervals and tests, bootstrap intervals, binomial intervals of rates). A Cython core does
the loops; a NumPy fallback gives the same results (``rankscore.BACKEND`` says which one
runs; ``RANKSCORE_PURE_PYTHON=1`` forces the fallback).
"""

from ._backend import BACKEND
from .rankings import *  # noqa: F401,F403
from .rankings import __all__ as _rankings_all
from .ties import *  # noqa: F401,F403
from .ties import __all__ as _ties_all
from .curves import *  # noqa: F401,F403
from .curves import __all__ as _curves_all
from .gains import *  # noqa: F401,F403
from .gains import __all__ as _gains_all
from .metrics import *  # noqa: F401,F403
from .metrics import __all__ as _metrics_all
from .thresholds import *  # noqa: F401,F403
from .thresholds import __all__ as _thresholds_all
from .multiclass import *  # noqa: F401,F403
from .multiclass import __all__ as _multiclass_all
from .regression import *  # noqa: F401,F403
from .regression import __all__ as _regression_all
from .information import *  # noqa: F401,F403
from .information import __all__ as _information_all
from .text import *  # noqa: F401,F403
from .text import __all__ as _text_all
from .uncertainty import *  # noqa: F401,F403
from .uncertainty import __all__ as _uncertainty_all
from .ir import *  # noqa: F401,F403
from .ir import __all__ as _ir_all
from .summary import *  # noqa: F401,F403
from .summary import __all__ as _summary_all
from .ks import *  # noqa: F401,F403
from .ks import __all__ as _ks_all

__version__ = "0.1.0"

__all__ = ["BACKEND", "__version__", *_rankings_all, *_ties_all, *_curves_all, *_gains_all,
           *_metrics_all, *_thresholds_all, *_multiclass_all, *_regression_all, *_information_all,
           *_text_all, *_uncertainty_all, *_ir_all, *_summary_all, *_ks_all]
