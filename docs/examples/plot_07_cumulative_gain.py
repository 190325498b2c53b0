"""
Cumulative gain
===============

:func:`rankscore.plot.plot_cumulative_gain` draws the share of positives captured against
the share of the population targeted, best scores first, between the random and the ideal
lines; the legend holds the Gini.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
plot.plot_cumulative_gain(spam.target, spam.score, pos_label="spam")
plt.show()
