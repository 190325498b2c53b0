"""The ``rankscore`` command line.

Each topic adds its subcommands in its own ``_add_*`` function; errors in the user's
input are one line on stderr and exit code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

__all__ = ["main"]


class UsageError(Exception):
    """A problem in the user's input, reported as one line and exit code 2."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rankscore", description="Exact, fast scores for rankings and scored classifiers."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    # subcommands are registered here, one function per topic
    _add_plot_command(sub)
    return parser


def _add_plot_command(sub) -> None:
    """``rankscore plot RANKING -o FILE``: the ranking plot of SPEC §1.8 as an image."""
    cmd = sub.add_parser(
        "plot",
        help="draw a ranking (list position against ranking position) to an image file",
        description="Draw a ranking: list position on x, ranking position on y, with the "
        "least-squares line and the score s(r) in the title. Needs matplotlib "
        "(pip install rankscore[plot]).",
    )
    cmd.add_argument("ranking", help="the ranking, e.g. xx--x (or the ●/○ form)")
    cmd.add_argument(
        "-o", "--output", required=True, metavar="FILE",
        help="image file to write; the format follows the extension (.png, .svg, .pdf)",
    )
    cmd.add_argument(
        "--m", type=float, default=10, help="parameter m > 2 of the score in the title (10)"
    )
    cmd.add_argument("--no-line", action="store_true", help="leave out the least-squares line")
    cmd.set_defaults(run=_run_plot)


def _run_plot(args) -> int:
    try:
        from . import plot

        plot._save_ranking_plot(args.ranking, args.output, m=args.m, line=not args.no_line)
    except ImportError as exc:
        raise UsageError(str(exc)) from None
    print(f"wrote {args.output}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except (UsageError, ValueError, TypeError, OSError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"rankscore {args.command}: error: {message}", file=sys.stderr)
        return 2
