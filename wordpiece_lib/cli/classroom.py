"""``classroom``: the teacher's commands, which live in ``wordpiece_lib.classroom.commands``.

The one edge from the command line to the classroom: the classroom's
parser is built, and its modules imported, only when this command runs.
"""

from __future__ import annotations

import argparse
from typing import Any


def _run(args: argparse.Namespace) -> int:
    from wordpiece_lib.classroom.commands import main  # loaded only when used

    return main(args.classroom_args, prog=args.classroom_prog)


def register(subparsers: Any) -> None:
    """Add ``classroom`` to the command line; everything after it goes to the classroom's own parser."""
    parser = subparsers.add_parser(
        "classroom",
        help="the teacher's kit: release, progress, grade, export (classroom --help lists them)",
        add_help=False,
        prefix_chars="\x00",  # no option of its own: --help and every option go on to the classroom's parser
    )
    parser.add_argument("classroom_args", nargs=argparse.REMAINDER)
    parser.set_defaults(run=_run, classroom_prog=parser.prog)
