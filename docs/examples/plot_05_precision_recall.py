"""
Precision–recall curve
======================

:func:`rankscore.plot.plot_precision_recall` draws precision against recall as steps (the
area under the steps is the average precision), with the share of positives as the
baseline.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
plot.plot_precision_recall(spam.target, spam.score, pos_label="spam")
plt.show()
