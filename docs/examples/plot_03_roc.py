"""
ROC curve
=========

:func:`rankscore.plot.plot_roc` draws TPR against FPR with the chance diagonal; ``ks=True``
marks the KS gap. ``y_score`` may be one array or a dict ``name -> scores`` to put several
models on one figure, each with its AUC in the legend. Here the spam filter's scores are
compared with the same scores rounded to one decimal (a coarser model).
"""

import matplotlib.pyplot as plt
import numpy as np

from rankscore import plot
from rankscore.datasets import load_spam

spam = load_spam()
fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4.8))
plot.plot_roc(spam.target, spam.score, pos_label="spam", ks=True, ax=left)
plot.plot_roc(spam.target, {"filter": spam.score, "rounded": np.round(spam.score, 1)},
              pos_label="spam", ax=right)
fig.tight_layout()
plt.show()
