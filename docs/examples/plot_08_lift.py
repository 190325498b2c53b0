"""
Lift
====

:func:`rankscore.plot.plot_lift` draws the cumulative lift (the positive rate among those
targeted over the overall rate) with the random (1) and ideal lines; the legend holds the
lift at 10 %.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
plot.plot_lift(spam.target, spam.score, pos_label="spam")
plt.show()
