"""Fuzz ``ScoreSummary.from_bytes`` with mutated bytes of real summaries.

    python tests/summary_fuzz.py                         # 10**5 cases on each backend
    python tests/summary_fuzz.py --cases 20000 --backend python --seed 3

Each case takes the bytes of a real summary (counts or weights, float32 or float64 scores,
every kind of pos_label, compressed, one threshold, no threshold, counts near 2**62) and
mutates them: bit flips, bytes set, truncations, extensions, the length fields, the counts
(the totals), the weighted flag, the version, the label, the compression fields, or the
version 1 form of the summary (no checksum). Then:

* damage (the checksum not recomputed) must give the original summary (a mutation that
  changed nothing) or a ValueError;
* a mutation sealed again with a fresh checksum (what a careless writer could produce),
  and version 1 data, must give a ValueError or a summary that is whole: its bytes are
  exactly the data read, and every view reads it without an error other than the
  ValueError of the public function (one class missing ...), in range.

Anything else (another exception, a NumPy RuntimeWarning, a crash, an accepted damaged
summary, a view out of range) is a failure; the table counts each outcome per kind of mutation. tests/
test_hostile_summary.py runs a few thousand cases on each backend.
"""

from __future__ import annotations

import argparse
import collections
import math
import struct
import sys
import time
import warnings

import numpy as np

from rankscore import ScoreSummary, _backend
from rankscore.report import summary_report

HEADER = struct.Struct("<4sBBBBIQd")  # format version 2 (see ScoreSummary.to_bytes)


def real_summaries(rng: np.random.Generator) -> list[ScoreSummary]:
    """Summaries of every kind the writer writes."""
    out = []
    for n, grid in ((1, 3), (2, 2), (5, 3), (40, 10), (300, 1000)):
        y = rng.random(n) < 0.4
        s = rng.integers(0, grid, n) / 7
        out.append(ScoreSummary.from_arrays(y, s))
        out.append(ScoreSummary.from_arrays(y, s.astype(np.float32),
                                            sample_weight=rng.integers(0, 4, n) + 0.5))
    spam = np.where(rng.random(60) < 0.5, "spam", "ham")
    out.append(ScoreSummary.from_arrays(spam, rng.random(60), pos_label="spam"))
    out.append(ScoreSummary.from_arrays(rng.random(60) < 0.3, rng.random(60)).compress(7))
    base = ScoreSummary.from_arrays([0, 1, 1], [0.25, 0.5, 0.75])
    for label in (2.5, True, b"\x00pos", "é", -(10**20)):
        out.append(ScoreSummary(base.thresholds, base.negatives, base.positives, label))
    out.append(ScoreSummary([0.5, 0.25], [2**61, 1], [3, 2**61 - 4]))  # 2**62 rows
    out.append(ScoreSummary.from_arrays([0, 1], [0.1, 0.2], sample_weight=[0.0, 0.0]))
    out.append(ScoreSummary([1.0, 0.5], [1e300, 0.0], [1e-300, 5e-324]))
    return out


def version_1(summary: ScoreSummary) -> bytes:
    """The version 1 form (rankscore before the checksum)."""
    label = summary.pos_label
    kind = [int, float, bool, str, bytes].index(type(label))
    payload = (str(label).encode() if kind in (0, 2) else struct.pack("<d", label)
               if kind == 1 else label.encode() if kind == 3 else label)
    pairs = summary.loose_pairs
    flags = (1 if summary.weighted else 0) | (2 if summary.dtype == np.float32 else 0) | (
        4 if pairs else 0)
    parts = [struct.pack("<4sBBBI", b"RSSM", 1, flags, kind, len(payload)), payload,
             struct.pack("<Q", len(summary))]
    if pairs:
        parts.append(struct.pack("<d", pairs))
    parts += [a.astype(a.dtype.newbyteorder("<")).tobytes()
              for a in (summary.thresholds, summary.negatives, summary.positives)]
    return b"".join(parts)


def seal(data: bytes) -> bytes:
    """Version 2 bytes with a fresh checksum over all but their last 4 bytes."""
    body = bytes(data[:-4])
    return body + _backend.kernels.crc32c(body).to_bytes(4, "little")


def _arrays_at(data: bytes) -> tuple[int, int, int]:
    """(offset of the thresholds, of the negatives, their item size) in version 2 bytes."""
    _, _, flags, _, _, size, d, _ = HEADER.unpack_from(data)
    head = -(-(HEADER.size + size) // 8) * 8
    score = 4 if flags & 2 else 8
    return head, head + -(-d * score // 8) * 8, score


SPECIAL_COUNTS = [0, 1, -1, 2**53 + 1, 2**61, 2**62, 2**62 - 1, 2**63 - 1, -(2**63)]
SPECIAL_FLOATS = [0.0, -0.0, 5e-324, 1.0, 1e308, float("inf"), float("nan"), -1.0]


def _mutate(kind: str, data: bytes, rng: np.random.Generator) -> bytes:
    b = bytearray(data)
    if kind == "bit flip":
        for _ in range(int(rng.integers(1, 4))):
            bit = int(rng.integers(0, 8 * len(b)))
            b[bit // 8] ^= 1 << (bit % 8)
    elif kind == "byte set":
        b[int(rng.integers(0, len(b)))] = int(rng.integers(0, 256))
    elif kind == "truncation":
        del b[int(rng.integers(0, len(b))):]
    elif kind == "extension":
        b += rng.integers(0, 256, int(rng.integers(1, 20)), dtype=np.uint8).tobytes()
    elif kind == "length field":  # the label's length or the number of thresholds
        at, width = ((8, 4), (16, 8))[int(rng.integers(0, 2))]
        old = int.from_bytes(b[at:at + width], "little")
        new = int(rng.choice([old + 1, old - 1, old + 8, 0, 2**(8 * width) - 1,
                              int(rng.integers(0, 2**31))])) % 2**(8 * width)
        b[at:at + width] = new.to_bytes(width, "little")
    elif kind == "totals":  # one count or weight sum
        thresholds_at, counts_at, _ = _arrays_at(data)
        d = HEADER.unpack_from(data)[6]
        if d:
            at = counts_at + 8 * int(rng.integers(0, 2 * d))
            if data[5] & 1:
                value = struct.pack("<d", float(rng.choice(SPECIAL_FLOATS)))
            else:
                value = struct.pack("<q", int(rng.choice(SPECIAL_COUNTS)))
            b[at:at + 8] = value
    elif kind == "weighted flag":
        b[5] ^= 1
    elif kind == "version":
        b[4] = int(rng.choice([0, 1, 3, 255]))
    elif kind == "label":
        b[6] = int(rng.integers(0, 6)) if rng.random() < 0.5 else b[6]
        size = int.from_bytes(b[8:12], "little")
        if size:
            b[HEADER.size + int(rng.integers(0, size))] = int(rng.integers(0, 256))
    elif kind == "compression":
        if rng.random() < 0.5:
            b[5] ^= 4
        else:
            b[24:32] = struct.pack("<d", float(rng.choice(SPECIAL_FLOATS + [0.5, 1.5])))
    return bytes(b)


KINDS = ["bit flip", "byte set", "truncation", "extension", "length field", "totals",
         "weighted flag", "version", "label", "compression"]


def mutations(summary: ScoreSummary, rng: np.random.Generator, n: int):
    """``n`` (kind, bytes) cases from one summary: half the version 2 mutations sealed
    again ("... sealed"), one case in eleven a mutation of the version 1 form."""
    data = summary.to_bytes()
    old = version_1(summary)
    for _ in range(n):
        if rng.random() < 1 / 11:
            kind = KINDS[int(rng.integers(0, len(KINDS)))]
            if kind in ("version", "compression", "label", "totals", "length field"):
                kind = "bit flip"  # (version 2 offsets)
            yield "version 1", _mutate(kind, old, rng)
            continue
        kind = KINDS[int(rng.integers(0, len(KINDS)))]
        mutated = _mutate(kind, data, rng)
        if rng.random() < 0.5 and len(mutated) > 4:
            yield kind + " sealed", seal(mutated)
        else:
            yield kind, mutated


def check_whole(summary: ScoreSummary, data: bytes) -> None:
    """A summary read from ``data`` is whole: its bytes are ``data`` (version 2), and every
    view reads it (a ValueError only as the public functions give it), in range."""
    if data[4] == 2:
        assert summary.to_bytes() == data, "accepted bytes are not the summary's own"
    assert ScoreSummary.from_bytes(summary.to_bytes()) == summary
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        repr(summary)
        for view in ("roc_auc", "average_precision", "pr_auc", "prevalence", "gini"):
            try:
                value = getattr(summary, view)()
            except ValueError:
                continue
            low = -1 if view == "gini" else 0
            assert math.isnan(value) or low <= value <= 1, (view, value)
        calls = [summary.ks_statistic, summary.gain_table, lambda: summary.gain_table(3),
                 summary.roc_curve, summary.precision_recall_curve, summary.lift_at,
                 lambda: summary.confusion(0.5), lambda: summary.best_threshold("youden"),
                 lambda: summary.best_threshold("f_beta"), lambda: summary.compress(2),
                 lambda: summary.merge(summary), lambda: summary_report(summary),
                 lambda: summary.auc_error_bound]
        for call in calls:
            try:
                call()
            except ValueError as exc:
                assert "\n" not in str(exc)
        bound = summary.auc_error_bound
        assert 0 <= bound <= 1


def fuzz(cases: int, seed: int = 0, failures: list | None = None) -> dict:
    """Run ``cases`` cases on the current backend: the counts of each outcome."""
    rng = np.random.default_rng(seed)
    summaries = real_summaries(rng)
    outcomes = collections.Counter()
    by_kind = collections.defaultdict(collections.Counter)
    failures = [] if failures is None else failures
    per = -(-cases // len(summaries))
    done = 0
    for summary in summaries:
        for kind, data in mutations(summary, rng, min(per, cases - done)):
            done += 1
            sealed = kind.endswith("sealed") or kind == "version 1"
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("error", RuntimeWarning)  # (NumPy's: a failure)
                    back = ScoreSummary.from_bytes(data)
            except ValueError as exc:
                outcome = "sealed refused" if sealed else "refused"
                if "\n" in str(exc):
                    outcome = "failure"
                    failures.append((kind, data, f"a message of several lines: {exc}"))
            except Exception as exc:  # noqa: BLE001 - a failure to report
                outcome = "failure"
                failures.append((kind, data, f"{type(exc).__name__}: {exc}"))
            else:
                if back == summary and back.pos_label == summary.pos_label and type(
                        back.pos_label) is type(summary.pos_label):
                    outcome = "original"
                elif not sealed:
                    outcome = "accepted damaged"
                    failures.append((kind, data, "damaged bytes accepted"))
                else:
                    outcome = "sealed other"
                try:
                    check_whole(back, data)
                except Exception as exc:  # noqa: BLE001
                    outcome = "failure"
                    failures.append((kind, data, f"not whole: {type(exc).__name__}: {exc}"))
            outcomes[outcome] += 1
            by_kind[kind][outcome] += 1
    return {"cases": done, "outcomes": dict(outcomes), "by kind": by_kind,
            **{name: outcomes[name] for name in ("original", "refused", "sealed other",
                                                 "sealed refused", "accepted damaged")},
            "failures": len(failures)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10**5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backend", choices=["cython", "python", "both"], default="both")
    args = parser.parse_args()
    names = ["cython", "python"] if args.backend == "both" else [args.backend]
    status = 0
    for name in names:
        failures = []
        start = time.perf_counter()
        with _backend.using(name):
            report = fuzz(args.cases, args.seed, failures)
        seconds = time.perf_counter() - start
        columns = ["original", "refused", "sealed other", "sealed refused",
                   "accepted damaged", "failure"]
        print(f"\n### from_bytes fuzzing: {report['cases']:,} cases, backend {name}, seed "
              f"{args.seed} ({seconds:.0f} s)\n")
        print("| mutation | " + " | ".join(columns) + " |")
        print("|---" * (len(columns) + 1) + "|")
        for kind in sorted(report["by kind"]):
            counts = report["by kind"][kind]
            print(f"| {kind} | " + " | ".join(str(counts.get(c, 0)) for c in columns) + " |")
        total = report["outcomes"]
        print("| **all** | " + " | ".join(str(total.get(c, 0)) for c in columns) + " |")
        for kind, data, what in failures[:20]:
            print(f"FAILURE ({kind}): {what}\n  data: {data.hex()}")
        status |= bool(failures)
    return status


if __name__ == "__main__":
    sys.exit(main())
