"""
The report panel
================

:func:`rankscore.plot.plot_report_panel` draws the 2×2 figure of ``rankscore report --plot``:
ROC (with KS), precision–recall, the KS distribution functions and the cumulative gain.
"""

import matplotlib.pyplot as plt

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
axes = plot.plot_report_panel(spam.target, spam.score, pos_label="spam")
plt.show()
