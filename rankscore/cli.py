"""The ``rankscore`` command line.

Each topic adds its subcommands in its own ``_add_*`` function; errors in the user's
input are one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from fractions import Fraction
from typing import Any, Callable, Sequence

import numpy as np

from . import report
from ._engine.validate import quoted, shorten
from ._limits import INT64_MAX, bounded_int
from ._numbers import read_number
from ._version import __version__
from .ir import Qrels, Run, compare_runs, evaluate
from .ir.comparison import text_table
from .plot.rankings import save_ranking_plot
from .rankings import Ranking, count_rankings, enumerate_rankings, tied_rankings
from .uncertainty.bootstrap import MAX_RESAMPLES

__all__ = ["main"]


class UsageError(Exception):
    """A problem in the user's input, reported as one line and exit code 2."""


class _StoreOnce(argparse.Action):
    """argparse's "store", refusing an option given twice ("--threshold 0.3 --threshold
    0.4" kept 0.4 without a word)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        given = getattr(parser, "given", None)
        if option_string is not None and isinstance(given, set):
            if self.dest in given:
                parser.error(f"argument {'/'.join(self.option_strings)}: given twice; give "
                             "it once")
            given.add(self.dest)
        setattr(namespace, self.dest, values)


class _Parser(argparse.ArgumentParser):
    """argparse's parser (its subcommands' too), reading "-1e308" or "-inf" after an option
    as the option's value, as it reads "-1" and "-0.5" (it took them for unknown options:
    "--threshold -1e308" was "expected one argument"), and refusing an option of one value
    given twice."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = re.compile(
            r"^-(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$|^-inf(inity)?$", re.IGNORECASE)
        self.register("action", None, _StoreOnce)
        self.register("action", "store", _StoreOnce)
        self.given: set[str] = set()  # the options given, in this parse

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self.given = set()
        return super().parse_known_args(args, namespace)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rankscore", description="Exact, fast scores for rankings and scored classifiers."
    )
    parser.add_argument(
        "--version", action="version", version=f"rankscore {__version__}",
        help="print rankscore's version and exit",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    # subcommands are registered here, one function per topic
    _add_plot_command(sub)
    _add_ranking_commands(sub)
    _add_report_command(sub)
    _add_compare_command(sub)
    _add_ir_command(sub)
    return parser


def _parse_ranking(text: str) -> Ranking:
    """A ranking from a string (xx--x, ●●○○●) or comma-separated positions (3,7,5,1)."""
    if text and set(text) <= set("0123456789,. +-eE") and any(c.isdigit() for c in text):
        values: list[int | float] = []
        for token in text.split(","):
            token = token.strip()
            try:
                values.append(int(token))
            except ValueError:
                try:
                    values.append(float(token))
                except ValueError:
                    raise UsageError(f"position {quoted(token)} is not a number") from None
        return Ranking.from_positions(values)
    return Ranking(text)


def _add_length_arguments(cmd: Any, m_help: str) -> None:
    """The arguments of the commands over every ranking of one length: p, k and --m."""
    cmd.add_argument("p", type=_integer(), help="length, 1..62")
    cmd.add_argument("k", type=_integer(), nargs="?", help="number of list elements (default: all)")
    cmd.add_argument("--m", default="10", help=m_help)


def _add_ranking_commands(sub: Any) -> None:
    """``score``, ``count``, ``enumerate`` and ``ties``: rankings against a reference list."""
    m_help = "parameter m > 2 of the score, exact: 10, 3.5 or 21/2 (default 10)"
    cmd = sub.add_parser(
        "score", help="score one ranking",
        description="Print the score s(r) = k/p + (2/m) soma / (p(p-1)) of a ranking given as "
        "a string (xx--x, ●●○○●, -xx) or as comma-separated 1-based positions (3,7,5,1).",
    )
    cmd.add_argument("ranking", help="xx--x, ●●○○● or 3,7,5,1")
    cmd.add_argument("--m", default="10", help=m_help)
    cmd.add_argument("--exact", action="store_true", help="print the exact fraction")
    cmd.set_defaults(run=_run_score)

    cmd = sub.add_parser("count", help="count the rankings of length p (with k list elements)")
    cmd.add_argument("p", type=_integer())
    cmd.add_argument("k", type=_integer(), nargs="?", help="number of list elements (default: all)")
    cmd.set_defaults(run=_run_count)

    cmd = sub.add_parser(
        "enumerate", help="list every ranking of length p (with k list elements) and its score"
    )
    _add_length_arguments(cmd, m_help)
    cmd.add_argument("--limit", type=_integer(), metavar="N",
                     help="print only the first N rankings")
    cmd.add_argument("--unicode", action="store_true", help="print ●/○ instead of x/-")
    cmd.set_defaults(run=_run_enumerate)

    cmd = sub.add_parser(
        "ties", help="groups of rankings of length p with exactly equal scores"
    )
    _add_length_arguments(cmd, m_help)
    cmd.set_defaults(run=_run_ties)


def _run_score(args: argparse.Namespace) -> int:
    ranking = _parse_ranking(args.ranking)
    if args.exact:
        print(_in_full(ranking.score_exact(args.m)))
    else:
        print(format(ranking.score(args.m), ".15g"))
    return 0


def _run_count(args: argparse.Namespace) -> int:
    print(_in_full(count_rankings(args.p, args.k)))
    return 0


def _in_full(value: Any) -> str:
    """``str(value)`` of an exact int or Fraction, however many digits.

    Python refuses int -> str conversions of more than 4300 digits by default; the exact
    numbers printed here are bounded (counts by 2**20 bits, ``m`` by a decimal exponent of
    4300), so they are printed in full.
    """
    get_limit = getattr(sys, "get_int_max_str_digits", None)  # Python >= 3.10.7
    limit = get_limit() if get_limit else 0
    if limit:
        sys.set_int_max_str_digits(0)
    try:
        return str(value)
    finally:
        if limit:
            sys.set_int_max_str_digits(limit)


def _run_enumerate(args: argparse.Namespace) -> int:
    if args.limit is not None and args.limit < 0:
        raise UsageError(f"--limit must be >= 0, got {args.limit}")
    rankings = enumerate_rankings(args.p, args.k, args.m, limit=args.limit)
    chunk = 2**12  # lines are built a chunk at a time: memory stays that of the enumeration
    for start in range(0, len(rankings), chunk):
        part = rankings[start : start + chunk]
        sys.stdout.write("".join(
            f"{text}\t{value:.15g}\n"
            for text, value in zip(part.strings(unicode=args.unicode), part.scores.tolist())
        ))
    return 0


def _run_ties(args: argparse.Namespace) -> int:
    for group in tied_rankings(args.p, args.k, args.m):
        exact = group[0].score_exact(args.m)
        print(f"{_in_full(exact)} ({float(exact):.15g}): {' '.join(group.strings())}")
    return 0


def _add_plot_command(sub: Any) -> None:
    """``rankscore plot RANKING -o FILE``: one ranking's plot (list position against ranking
    position) as an image."""
    cmd = sub.add_parser(
        "plot",
        help="draw a ranking (list position against ranking position) to an image file",
        description="Draw a ranking: list position on x, ranking position on y, with the "
        "least-squares line and the score s(r) in the title. The ranking is a string "
        "(xx--x, ●●○○●) or comma-separated 1-based positions (3,7,5,1); put the options "
        "first and -- before a ranking that starts with '-': "
        "rankscore plot -o ranking.png -- -xx. Needs matplotlib (pip install rankscore[plot]).",
    )
    cmd.add_argument("ranking", help="xx--x, ●●○○● or 3,7,5,1")
    cmd.add_argument(
        "-o", "--output", required=True, metavar="FILE",
        help="image file to write; the format follows the extension (.png, .svg, .pdf)",
    )
    cmd.add_argument(
        "--m", default="10",
        help="parameter m > 2 of the score in the title, exact: 10, 3.5 or 21/2 (default 10)",
    )
    cmd.add_argument("--no-line", action="store_true", help="leave out the least-squares line")
    cmd.set_defaults(run=_run_plot)


def _run_plot(args: argparse.Namespace) -> int:
    try:
        ranking = _parse_ranking(args.ranking)  # as `score`: a string or positions
        save_ranking_plot(ranking, args.output, m=args.m, line=not args.no_line)
    except ImportError as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote {args.output}")
    return 0


def _add_report_command(sub: Any) -> None:
    """``rankscore report [FILE]``: the whole picture of a scored binary classifier."""
    cmd = sub.add_parser(
        "report",
        help="judge a scored binary classifier: AUC, Gini, KS, rates, best thresholds, gains",
        description="Read a label column and a score column from a CSV (or Parquet) file and "
        "print counts and prevalence, ROC AUC, Gini, KS, average precision, PR AUC, the "
        "confusion and every rate at a threshold, the best thresholds for Youden's J and F1, "
        "and the gain/lift table. Without FILE: the spam demo of the documentation. The file "
        "is read a chunk at a time (Parquet: row groups), so it may be larger than memory; "
        "the numbers are those of the whole file. The scores of each class are kept (8 bytes a "
        "row) when they fit in --memory-budget, else the file is folded into an exact summary. "
        "With pyarrow installed, CSV files are parsed by its streaming reader (same results, "
        "same errors). FILE must be a regular file (not a pipe or a device).",
    )
    cmd.add_argument("file", nargs="?", metavar="FILE", help="CSV or .parquet file")
    cmd.add_argument("--label", default="target", metavar="COL",
                     help="label column (default: target)")
    cmd.add_argument("--score", default="score", metavar="COL",
                     help="score column, higher = more likely positive (default: score)")
    cmd.add_argument("--pos-label", metavar="V",
                     help="the positive label (needed unless labels are 0/1, -1/1 or "
                     "true/false; 'spam' for the demo)")
    cmd.add_argument("--threshold", type=_real, default=0.5, metavar="T",
                     help="threshold of the confusion section: positive = score >= T (0.5)")
    cmd.add_argument("--strict", action="store_true",
                     help="positive = score > T in the confusion section (instead of >=)")
    cmd.add_argument("--groups", type=_integer(), default=10, metavar="N",
                     help="groups of the gain/lift table (default 10: deciles)")
    cmd.add_argument("--json", action="store_true", help="print JSON instead of text")
    cmd.add_argument("--quiet", "--no-progress", dest="quiet", action="store_true",
                     help="no progress on stderr (shown only on a terminal: reading files that "
                     "take more than a second, and the bootstrap of --ci; a bar with tqdm "
                     "installed, pip install rankscore[progress])")
    cmd.add_argument("--memory-budget", type=_size, metavar="SIZE",
                     help="scores of a file kept in memory, at most SIZE bytes (8 a row; K, M, "
                     "G, T: powers of 1024, e.g. 4G; default: a quarter of physical memory); "
                     "a larger file is summarised chunk by chunk instead (exact, small when "
                     "scores repeat); 0: always summarise")
    cmd.add_argument("--plot", metavar="FILE.png",
                     help="also write a 2x2 figure: ROC, precision-recall, KS, cumulative gain "
                     "(needs matplotlib: pip install rankscore[plot])")
    cmd.add_argument("--ci", action="store_true",
                     help="add confidence intervals: DeLong for AUC and Gini, stratified "
                     "bootstrap for KS and average precision, Wilson for the rates")
    _add_interval_options(cmd, bootstrap=True)
    cmd.set_defaults(run=_run_report)


_SIZE = re.compile(r"\s*([0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*([KMGT]?)i?B?\s*", re.IGNORECASE)


def _size(text: str) -> int:
    """A number of bytes: 500M, 4G, 1.5G (powers of 1024) or plain bytes, read exactly, at
    most 2**63 - 1."""
    match = _SIZE.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a size such as 500M or 4G")
    number, unit = match.groups()
    if len(number) > 40:  # far beyond the limit: not converted in full
        raise argparse.ArgumentTypeError(f"{shorten(text.strip())} is more than 8 EiB "
                                         "(2**63 - 1 bytes)")
    size = int(Fraction(number) * 1024 ** " KMGT".index(unit.upper() or " "))
    if size > INT64_MAX:
        raise argparse.ArgumentTypeError(f"{shorten(text.strip())} is more than 8 EiB "
                                         "(2**63 - 1 bytes)")
    return size


def _integer(low: int = -INT64_MAX - 1, high: int = INT64_MAX) -> Callable[[str], int]:
    """An argparse type: an integer in [low, high] (by default int64's range; the command
    checks what it means) written with ASCII digits (no underscores, as numbers in files:
    rankscore._numbers)."""
    def parse(text: str) -> int:
        try:
            return bounded_int(text, "the value", low=low, high=high)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc).replace("the value ", "")) from None

    parse.__name__ = "integer"  # argparse names the type in its messages
    return parse


def _real(text: str) -> float:
    """An argparse type: a number as numbers in files are read (rankscore._numbers)."""
    value = read_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number")
    return value


def _level(text: str) -> float:
    value = _real(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be in (0, 1), got {text}")
    return value


def _add_interval_options(cmd: argparse.ArgumentParser, *, bootstrap: bool) -> None:
    cmd.add_argument("--confidence-level", type=_level, default=0.95, metavar="L",
                     help="confidence level of the intervals, in (0, 1) (default 0.95)")
    if bootstrap:
        cmd.add_argument("--n-resamples", type=_integer(low=1, high=MAX_RESAMPLES), default=2000,
                         metavar="B", help="bootstrap replicates, at most 10**6 (default 2000)")
        cmd.add_argument("--seed", type=_integer(low=0), default=0, metavar="S",
                         help="seed of the bootstrap (default 0: the same output every run)")


def _add_compare_command(sub: Any) -> None:
    """``rankscore compare FILE --label y --score a --score b``: DeLong test of every pair."""
    cmd = sub.add_parser(
        "compare",
        help="compare models scored on the same rows: DeLong test of every pair",
        description="Read a label column and two or more score columns from a CSV (or "
        "Parquet) file; print each model's ROC AUC with its DeLong interval and DeLong's "
        "paired test of every pair of models, with Holm-adjusted p-values.",
    )
    cmd.add_argument("file", metavar="FILE", help="CSV or .parquet file")
    cmd.add_argument("--label", default="target", metavar="COL",
                     help="label column (default: target)")
    cmd.add_argument("--score", action="append", required=True, metavar="COL",
                     help="a score column (repeat: --score a --score b ...)")
    cmd.add_argument("--pos-label", metavar="V",
                     help="the positive label (needed unless labels are 0/1, -1/1 or "
                     "true/false)")
    cmd.add_argument("--json", action="store_true", help="print JSON instead of text")
    _add_interval_options(cmd, bootstrap=False)
    cmd.set_defaults(run=_run_compare)


def _run_compare(args: argparse.Namespace) -> int:
    return report.run_compare(args)


def _run_report(args: argparse.Namespace) -> int:
    return report.run_command(args)


def _add_ir_command(sub: Any) -> None:
    """``rankscore ir QRELS RUN [RUN ...]``: IR metrics over many queries, tests between runs."""
    cmd = sub.add_parser(
        "ir", help="IR metrics of TREC runs against qrels (and paired tests between runs)",
        description="Read a TREC qrels file (qid 0 docid rel) and one or more TREC runs "
        "(qid Q0 docid rank score tag) and print the mean of each metric per run, with "
        "trec_eval's conventions. With several runs, also paired t, randomization and "
        "bootstrap tests between every pair (Holm-corrected).",
    )
    cmd.add_argument("qrels", metavar="QRELS")
    cmd.add_argument("runs", nargs="+", metavar="RUN")
    cmd.add_argument("--metrics", default="map,ndcg@10,P@10", metavar="LIST",
                     help="comma-separated: P@k, recall@k, r_precision, map, map@k, mrr, "
                     "ndcg, ndcg@k, hit_rate@k, bpref, s, p, num_ret, num_rel, num_rel_ret "
                     "(default map,ndcg@10,P@10)")
    cmd.add_argument("--m", default="10", help="parameter m > 2 of s (default 10)")
    cmd.add_argument("--ties", default="trec", choices=["trec", "optimistic", "pessimistic"])
    cmd.add_argument("--ndcg-gain", default="linear", choices=["linear", "exponential"])
    cmd.add_argument("--relevance-level", type=_integer(low=1), default=1, metavar="N",
                     help="judged relevance at least N counts as relevant (trec_eval's -l; "
                     "default 1)")
    cmd.add_argument("--correction", default="holm", choices=["holm", "bonferroni", "none"])
    cmd.add_argument("--resamples", type=_integer(low=1, high=MAX_RESAMPLES), default=10000,
                     metavar="N",
                     help="resamples of the randomization and bootstrap tests, at most 10**6 "
                     "(10000)")
    cmd.add_argument("--per-query", action="store_true",
                     help="with one run: print every query's values")
    cmd.add_argument("--json", action="store_true", help="print JSON instead of text")
    cmd.add_argument("--quiet", "--no-progress", dest="quiet", action="store_true",
                     help="no progress of the resampling tests on stderr (shown only on a "
                     "terminal)")
    cmd.set_defaults(run=_run_ir)


def _run_ir(args: argparse.Namespace) -> int:
    metrics = [m.strip() for m in args.metrics.split(",") if m.strip()]
    options = {"m": args.m, "ties": args.ties, "ndcg_gain": args.ndcg_gain,
               "relevance_level": args.relevance_level}
    qrels = Qrels.from_trec(args.qrels)
    runs: dict[Any, Run] = {}
    for path in args.runs:
        run = Run.from_trec(path)
        runs[run.name if run.name not in runs else path] = run
    if len(runs) == 1:
        (name, run), = runs.items()
        values = evaluate(qrels, run, metrics, per_query=True, **options)
        means = {name: {m: float(np.nanmean(values[m])) if not np.isnan(values[m]).all()
                        else float("nan") for m in metrics}}
        tests = []
    else:
        table = compare_runs(qrels, runs, metrics, correction=args.correction,
                             n_resamples=args.resamples,
                             progress=report.shows_progress(args), **options)
        means, tests = table.means, table.rows
    if args.json:
        payload = {"means": means, "tests": tests}
        if len(runs) == 1 and args.per_query:
            payload["per_query"] = {m: dict(zip(values["query"].tolist(), values[m].tolist()))
                                    for m in metrics}
        print(report.json_text(payload))
        return 0
    rows = [[name, *(f"{means[name][m]:.4f}" for m in metrics)] for name in means]
    print(text_table(["run", *metrics], rows))
    if len(runs) == 1 and args.per_query:
        print()
        print(text_table(["query", *metrics], [[q, *(f"{values[m][i]:.4f}" for m in metrics)]
                                                for i, q in enumerate(values["query"])]))
    if tests:
        print()
        print(str(table))
    return 0


#: A ranking string that starts with '-' (argparse would read it as an option).
_DASH_RANKING = re.compile(r"-[-x●○]*[x●○][-x●○]*")


def _dash_ranking_last(argv: list[str]) -> list[str]:
    """``score -xx --m 5`` -> ``score --m 5 -- -xx``: the subcommands taking one ranking get
    a ranking that starts with '-' as a positional argument (no option looks like one)."""
    if not argv or argv[0] not in ("score", "plot") or "--" in argv:
        return argv
    hits = [i for i, a in enumerate(argv) if i > 0 and _DASH_RANKING.fullmatch(a)]
    if len(hits) != 1:
        return argv
    ranking = argv[hits[0]]
    return [a for i, a in enumerate(argv) if i != hits[0]] + ["--", ranking]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(_dash_ranking_last(list(sys.argv[1:] if argv is None else argv)))
    try:
        return int(args.run(args) or 0)
    except BrokenPipeError:  # output piped into `head` and closed: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except (UsageError, ValueError, TypeError, OSError, KeyError, MemoryError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        message = " ".join(str(message).splitlines())  # one line, whatever raised it
        print(f"rankscore {args.command}: error: {message}", file=sys.stderr)
        return 2
