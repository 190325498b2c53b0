"""The same misuse raises the same exception class with scikit-learn's words (rankscore
may add what to do after them), and warns with the same warning class."""

import warnings

import numpy as np
import pytest

import rankscore
from rankscore import curves, information, metrics, multiclass

sk = pytest.importorskip("sklearn.metrics")


class Ours:
    """rankscore's functions under scikit-learn's names."""

    def __getattr__(self, name):
        for module in (rankscore, curves, metrics, multiclass, information):
            if name in getattr(module, "__all__", ()):
                return getattr(module, name)
        raise AttributeError(name)


OURS = Ours()
Y2 = np.array([0, 1, 0, 1, 1])
PROBA = np.array([[0.9, 0.1], [0.2, 0.8], [0.6, 0.4], [0.3, 0.7], [0.1, 0.9]])
MISUSES = {
    "binary y with predict_proba output": lambda m: m.roc_auc_score(Y2, PROBA),
    "auc of x not monotonic": lambda m: m.auc([2, 1, 3, 4], [5, 6, 7, 8]),
    "roc_curve of bytes labels": lambda m: m.roc_curve([b"a", b"b"], [0.1, 0.2]),
    "pos_label not a label": lambda m: m.jaccard_score(Y2, Y2, pos_label=2),
    "average='binary' of multiclass": lambda m: m.jaccard_score([0, 1, 2], [0, 1, 1],
                                                                average="binary"),
    "kappa labels not in y1": lambda m: m.cohen_kappa_score(["a", "b"], ["b", "b"],
                                                            labels=[1, 2]),
    "log_loss of one label": lambda m: m.log_loss([2, 2], [[0.2, 0.8], [0.6, 0.4]]),
    "log_loss of a label outside labels": lambda m: m.log_loss(
        ["a", "b"], [[0.9, 0.1, 0.0], [0.1, 0.9, 0.0]], labels=["a", "c", "d"]),
    "log_loss classes differ": lambda m: m.log_loss([0, 1, 2], [[0.3, 0.7]] * 3),
    "inconsistent lengths": lambda m: m.accuracy_score([0, 1, 1], [0, 1]),
    "top_k labels not sorted": lambda m: m.top_k_accuracy_score(
        [0, 1, 2], np.eye(3), labels=[0, 2, 1]),
    "top_k labels not unique": lambda m: m.top_k_accuracy_score(
        [0, 1, 2], np.eye(3), labels=[0, 1, 1]),
    "multiclass AUC without multi_class": lambda m: m.roc_auc_score(
        [0, 1, 2], np.full((3, 3), 1 / 3)),
}


def _outcome(call, module):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call(module)
    except Exception as exc:  # noqa: BLE001 - the class is what is compared
        return type(exc), str(exc)
    return None, None


@pytest.mark.parametrize("name", list(MISUSES))
def test_same_exception_class_and_words(name):
    theirs, their_message = _outcome(MISUSES[name], sk)
    ours, our_message = _outcome(MISUSES[name], OURS)
    assert theirs is not None, "scikit-learn accepts this call"
    assert ours is theirs, (our_message, their_message)
    assert our_message.startswith(their_message.rstrip(".")), (our_message, their_message)


WARNINGS = {
    "log_loss of unsorted labels": lambda m: m.log_loss(
        [0, 1, 2], np.full((3, 3), 1 / 3), labels=[2, 1, 0]),
    "log_loss of rows not summing to one": lambda m: m.log_loss([0, 1], [[0.5, 0.2]] * 2),
    "AUC of one class": lambda m: m.roc_auc_score([1, 1], [0.2, 0.3]),
    "precision of no predicted positive": lambda m: m.precision_score([0, 1], [0, 0]),
}


@pytest.mark.parametrize("name", list(WARNINGS))
def test_same_warning_class_and_words(name):
    caught = []
    for module in (sk, OURS):
        with warnings.catch_warnings(record=True) as got:
            warnings.simplefilter("always")
            WARNINGS[name](module)
        assert got, f"{module} does not warn"
        caught.append(got[0])
    theirs, ours = caught
    # rankscore's UndefinedMetricWarning is scikit-learn's once sklearn is imported
    assert issubclass(ours.category, theirs.category), (ours.category, theirs.category)
    assert str(ours.message).startswith(str(theirs.message).rstrip(".")[:60])
