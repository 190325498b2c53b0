"""
One ranking
===========

:func:`rankscore.plot.plot_ranking` draws the ranking ``x-x-x-xx`` as its table: the i-th
list element met is drawn at (i, its position in the ranking). A perfect ranking lies on the
diagonal; every ``-`` lifts the points after it. The least-squares line is drawn by default,
and ``fun`` puts any number computed from the ranking in the title.
"""

import matplotlib.pyplot as plt

import rankscore
from rankscore import plot

fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.5))
plot.plot_ranking("x-x-x-xx", fun=lambda r: r.correlation(), ax=left)
rankscore.rk("xx--x").plot(line=False, ax=right)  # the same, as a method of the ranking
fig.tight_layout()
plt.show()
