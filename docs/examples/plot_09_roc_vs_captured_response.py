"""
ROC and captured response: one Gini
===================================

:func:`rankscore.plot.plot_roc_vs_captured_response` draws the ROC curve and the
captured-response curve side by side with the areas behind their Gini shaded: the
captured-response curve is the ROC curve under a linear map, and both give the same Gini.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
roc_axes, captured_axes = plot.plot_roc_vs_captured_response(spam.target, spam.score,
                                                             pos_label="spam")
plt.show()
