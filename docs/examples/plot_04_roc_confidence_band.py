"""
ROC curve with a confidence band
================================

:func:`rankscore.plot.plot_roc_confidence_band` shades the bootstrap band of the sensitivity
at each specificity (:func:`rankscore.uncertainty.roc_confidence_band`, stratified
replicates as R's pROC draws them).
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
ax = plot.plot_roc_confidence_band(spam.target, spam.score, pos_label="spam",
                                   n_resamples=500, random_state=0)
plt.show()
