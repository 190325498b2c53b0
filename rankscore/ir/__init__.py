"""Rankings at scale: IR metrics over many queries, and tests between rankers.

A :class:`Qrels` holds relevance judgements (per query, the judged elements and their integer
relevance), a :class:`Run` holds a ranker's output (per query, scored elements). Both are
flat arrays sorted by query with query offsets; :func:`evaluate` joins them once and runs one
typed pass per metric. ``trec_eval`` is the reference: its tie order (score descending, then
element id descending), relevance threshold (``rel >= 1``), gains and per-query conventions
are the defaults, and the per-query numbers agree with it to 1e-12.
"""

from .comparison import Comparison, compare_runs
from .evaluation import IR_METRICS, evaluate
from .tables import Qrels, Run

__all__ = ["Qrels", "Run", "evaluate", "compare_runs", "Comparison", "IR_METRICS"]

for _cls in (Qrels, Run, Comparison):
    _cls.__module__ = __name__  # documented, imported and pickled as rankscore.ir.<name>
del _cls
