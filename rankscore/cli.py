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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except (UsageError, ValueError, TypeError, OSError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc
        print(f"rankscore {args.command}: error: {message}", file=sys.stderr)
        return 2
