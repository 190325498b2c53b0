"""Point metrics and threshold choice against scikit-learn, side by side in one run.

    python benchmarks/bench_metrics.py            # 10^7 rows
    python benchmarks/bench_metrics.py --quick    # 10^6 rows
    python benchmarks/bench_metrics.py --multilabel   # only the multilabel table

Rows: ``binary_confusion`` at a threshold (scikit-learn: ``confusion_matrix`` on the
thresholded scores), the same with weights, and ``best_threshold`` (scikit-learn:
``precision_recall_curve`` / ``roc_curve`` plus NumPy for the search). A second table runs
the scikit-learn-named functions on multilabel-indicator targets, 10^6 samples × 20 labels
(int64 0/1 matrices as ``MultiLabelBinarizer`` makes them; one row with scipy CSR input)
against the same scikit-learn functions. Both sides return the same numbers (checked before
timing); timings are best of several runs.
"""

from __future__ import annotations

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))

from _util import best_time, format_seconds, print_table  # noqa: E402

import rankscore as rs  # noqa: E402
from rankscore import _backend  # noqa: E402


def main() -> None:
    from sklearn.metrics import confusion_matrix, precision_recall_curve, roc_curve

    n = 10**6 if "--quick" in sys.argv else 10**7
    rng = np.random.default_rng(0)
    score = rng.random(n)
    y = (rng.random(n) < score**2).astype(np.int64)  # positives score higher
    weight = rng.random(n)

    def sk_confusion():
        return confusion_matrix(y, score >= 0.5, labels=[1, 0])

    def sk_confusion_weighted():
        return confusion_matrix(y, score >= 0.5, labels=[1, 0], sample_weight=weight)

    def sk_max_recall():
        precision, recall, thresholds = precision_recall_curve(y, score)
        precision, recall = precision[:-1], recall[:-1]  # drop the (recall 0, precision 1) end
        feasible = precision >= 0.5
        best = recall[feasible].max()
        # thresholds ascend: the last feasible index with the best recall is the highest one
        return thresholds[np.flatnonzero(feasible & (recall == best))[-1]]

    def sk_youden():
        fpr, tpr, thresholds = roc_curve(y, score, drop_intermediate=False)
        j = tpr - fpr
        return thresholds[np.argmax(j)]

    ours = {
        "confusion": lambda: rs.binary_confusion(y, score, threshold=0.5),
        "weighted": lambda: rs.binary_confusion(y, score, threshold=0.5, sample_weight=weight),
        "max_recall": lambda: rs.best_threshold(y, score, "max_recall", min_precision=0.5),
        "youden": lambda: rs.best_threshold(y, score, "youden"),
    }
    # same answers first
    assert ours["confusion"]().to_array().tolist() == sk_confusion().tolist()
    np.testing.assert_allclose(ours["weighted"]().to_array(), sk_confusion_weighted(), rtol=1e-9)
    assert ours["max_recall"]().threshold == sk_max_recall()
    assert ours["youden"]().threshold == sk_youden()

    cases = [
        ("binary_confusion(threshold=0.5)", sk_confusion, "confusion"),
        ("binary_confusion(threshold=0.5, sample_weight)", sk_confusion_weighted, "weighted"),
        ('best_threshold("max_recall", min_precision=0.5)', sk_max_recall, "max_recall"),
        ('best_threshold("youden")', sk_youden, "youden"),
    ]
    rows = []
    for name, baseline, key in cases:
        t_sk = best_time(baseline, repeat=3)
        with _backend.using("cython"):
            t_rs = best_time(ours[key], repeat=5)
        with _backend.using("python"):
            t_py = best_time(ours[key], repeat=3)
        rows.append([name, format_seconds(t_sk), format_seconds(t_rs), f"{t_sk / t_rs:.1f}×",
                     format_seconds(t_py), f"{t_sk / t_py:.1f}×"])  # fmt: skip
    print_table(
        f"Point metrics, {n:,} rows (float64 scores, int64 labels)",
        ["operation", "scikit-learn", "rankscore (Cython)", "speed-up", "rankscore (NumPy "
         "fallback)", "speed-up"],
        rows,
    )  # fmt: skip
    multilabel()


def multilabel() -> None:
    import scipy.sparse as sparse
    import sklearn.metrics as sk

    n, n_labels = 10**6, 20
    rng = np.random.default_rng(1)
    y_true = (rng.random((n, n_labels)) < 0.2).astype(np.int64)
    y_pred = np.where(rng.random((n, n_labels)) < 0.8, y_true, rng.random((n, n_labels)) < 0.2)
    y_pred = y_pred.astype(np.int64)
    weight = rng.random(n)
    csr_true, csr_pred = sparse.csr_array(y_true), sparse.csr_array(y_pred)
    cases = [
        ("precision_recall_fscore_support(average=None)", "precision_recall_fscore_support",
         (y_true, y_pred), {}),
        ('f1_score(average="samples")', "f1_score", (y_true, y_pred), {"average": "samples"}),
        ('f1_score(average="macro", sample_weight)', "f1_score", (y_true, y_pred),
         {"average": "macro", "sample_weight": weight}),
        ('f1_score(average="micro"), CSR input', "f1_score", (csr_true, csr_pred),
         {"average": "micro"}),
        ('jaccard_score(average="samples")', "jaccard_score", (y_true, y_pred),
         {"average": "samples"}),
        ("accuracy_score (subset accuracy)", "accuracy_score", (y_true, y_pred), {}),
        ("hamming_loss", "hamming_loss", (y_true, y_pred), {}),
        ("multilabel_confusion_matrix", "multilabel_confusion_matrix", (y_true, y_pred), {}),
        ("classification_report(output_dict=True)", "classification_report", (y_true, y_pred),
         {"output_dict": True}),
    ]
    rows = []
    for title, name, args, kwargs in cases:
        theirs = getattr(sk, name)(*args, **kwargs)
        ours = getattr(rs, name)(*args, **kwargs)
        if isinstance(theirs, dict):
            assert ours.keys() == theirs.keys()
            ours, theirs = [list(d.values()) for d in (ours, theirs)]
            ours, theirs = ([sorted(v.items()) if isinstance(v, dict) else v for v in d]
                            for d in (ours, theirs))  # fmt: skip
            assert str(ours) == str(theirs)
        else:
            np.testing.assert_allclose(np.array(ours, dtype=float), np.array(theirs, dtype=float),
                                       rtol=1e-12)
        t_sk = best_time(lambda: getattr(sk, name)(*args, **kwargs), repeat=2)
        with _backend.using("cython"):
            t_rs = best_time(lambda: getattr(rs, name)(*args, **kwargs), repeat=3)
        with _backend.using("python"):
            t_py = best_time(lambda: getattr(rs, name)(*args, **kwargs), repeat=2)
        rows.append([title, format_seconds(t_sk), format_seconds(t_rs), f"{t_sk / t_rs:.1f}×",
                     format_seconds(t_py), f"{t_sk / t_py:.1f}×"])  # fmt: skip
    values = rng.random(10**7)
    t_sort = best_time(lambda: np.sort(values), repeat=2)
    rows.append(["(yardstick) np.sort of 10^7 float64", "", format_seconds(t_sort), "", "", ""])
    print_table(
        f"Multilabel-indicator targets, {n:,} samples × {n_labels} labels (int64 0/1)",
        ["operation", "scikit-learn", "rankscore (Cython)", "speed-up", "rankscore (NumPy "
         "fallback)", "speed-up"],
        rows,
    )  # fmt: skip


if __name__ == "__main__":
    if "--multilabel" in sys.argv:
        multilabel()
    else:
        main()
