"""
Kolmogorov–Smirnov
==================

:func:`rankscore.plot.plot_ks` draws the distribution functions of the negatives' and the
positives' scores (the share with score ≤ t) and marks their largest gap, the KS statistic,
at its threshold.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
plot.plot_ks(spam.target, spam.score, pos_label="spam")
plt.show()
