"""Uncertainty and model comparison: DeLong, the bootstrap, and intervals for rates.

* **DeLong** (DeLong, DeLong & Clarke-Pearson 1988) for the ROC AUC: variance, interval,
  the covariance of several models scored on the same samples, paired and unpaired tests.
  The placements come from one merge of the sorted class parts (the midrank idea of Sun &
  Xu 2014, O(n log n)); they are exact integers, so 10^7 rows cannot overflow. The numbers
  are those of R's pROC (``var()``, ``ci.auc(method = "delong")``, ``roc.test``).
* **Bootstrap** for any threshold-sweep metric: percentile and BCa intervals, stratified by
  class by default (pROC's default), and the paired bootstrap test of two models. Every
  sample is a *cell* (its class and the rank of its score among the distinct scores), so a
  replicate is only a vector of multiplicities over the cells: nothing is sorted again, and
  each replicate is one linear pass in the kernels (GIL released, replicates spread over
  threads).
* **Rates at one threshold**: Wilson and Agresti–Coull intervals in closed form,
  Clopper–Pearson through SciPy when it is installed.

Orientation is scikit-learn's: a higher score means "more likely positive" (pROC's
``direction = "<"``, controls below cases); an AUC below 0.5 stays below 0.5.
"""

from .band import roc_confidence_band
from .bootstrap import BOOTSTRAP_METRICS, bootstrap_ci, bootstrap_test
from .comparisons import compare_models, holm_adjust
from .delong import (delong_contrast_test, delong_covariance, delong_test, delong_test_unpaired,
                     delong_variance, gini_ci, roc_auc_ci)
from .proportions import proportion_ci, rate_intervals
from .results import (BootstrapResult, BootstrapTest, ConfidenceInterval, ContrastTest, DeLongTest,
                      PairwiseComparison, RocBand)

__all__ = ["ConfidenceInterval", "DeLongTest", "ContrastTest", "BootstrapResult", "BootstrapTest",
           "PairwiseComparison", "delong_variance", "delong_covariance", "roc_auc_ci", "gini_ci",
           "delong_test", "delong_test_unpaired", "delong_contrast_test", "compare_models",
           "holm_adjust", "bootstrap_ci", "bootstrap_test", "proportion_ci", "rate_intervals",
           "RocBand", "roc_confidence_band", "BOOTSTRAP_METRICS"]

for _cls in (ConfidenceInterval, DeLongTest, ContrastTest, BootstrapResult, BootstrapTest,
             PairwiseComparison, RocBand):
    _cls.__module__ = __name__  # documented, imported and pickled as rankscore.uncertainty.<name>
del _cls
