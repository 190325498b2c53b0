"""The engine under rankscore's public modules, one concern per module, in layers.

* ``validate``: arrays, labels and scalar arguments read and checked, with one-line
  messages; a binary ``Problem``; the whole input of ``roc_auc_score`` checked once
  (``roc_auc_input``, which also says what kind of target it is);
* ``labels``: class labels of any kind, the positive class, the codes the kernels take;
* ``parts``: how a validated binary problem becomes what every result reads (per-score
  counts, or each class's scores sorted; one or two threads; finiteness checked once): the
  only caller of the split, sort and count kernels;
* ``sweep``: the summary arrays, the running sums over thresholds, the one-pass scan;
* ``areas``: ROC AUC, average precision and KS of one problem, and of many columns
  (multilabel, multiclass, many models against the same labels); ``roc_auc`` hands a
  checked input to the function of its kind of target;
* ``views``: every curve, area, table and best threshold read off a sweep or a scan (the
  public functions and :class:`rankscore.ScoreSummary` share them);
* ``results``: the result types those views return;
* ``class_counts`` and ``multilabel``: per-class counts of the label metrics.

Kernels are reached only through ``rankscore._backend.kernels``. Names that cross module
borders are plain (no leading underscore); a leading underscore means "this module only".
"""
