"""
The score landscape
===================

:func:`rankscore.plot.plot_score_landscape` draws the score s(r) of every ranking with k = 3
list elements for each length p: one tick per ranking, a bar for the range of each p. With a
small ``m`` the ranges of neighbouring p overlap, and the overlap is shaded; with the
default ``m = 10`` they do not.
"""

import matplotlib.pyplot as plt

from rankscore import plot

fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
plot.plot_score_landscape(3, range(3, 13), m=3, ax=left)
plot.plot_score_landscape(3, range(3, 13), m=10, ax=right)
fig.tight_layout()
plt.show()
