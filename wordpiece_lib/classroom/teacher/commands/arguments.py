"""What the commands that read submitted notebooks (``grade``, ``similarity``) share: their options for the
submissions, the notebook they are, where the released notebooks are and how a student is named, and the
one-line usage error.

>>> parser = argparse.ArgumentParser(prog="grade")
>>> add_submissions(parser, "the grades table (CSV; - for stdout)")
>>> add_student_name(parser)
>>> args = parser.parse_args(["ada.ipynb", "--notebook", "03", "-o", "-", "--student-name", "c/{student}.ipynb"])
>>> args.submissions, args.notebook, args.output, args.student_name
(['ada.ipynb'], '03', '-', 'c/{student}.ipynb')
"""

from __future__ import annotations

import argparse
import sys


def add_submissions(parser: argparse.ArgumentParser, output_help: str) -> None:
    """The submitted notebooks, ``--notebook NN`` (which one they are) and ``-o FILE`` (``output_help`` says what).

    >>> parser = argparse.ArgumentParser(prog="similarity")
    >>> add_submissions(parser, "the table of pairs")
    >>> parser.parse_args(["a.ipynb", "b.ipynb", "--notebook", "04", "-o", "pairs.csv"]).output
    'pairs.csv'
    """
    parser.add_argument("submissions", nargs="+", metavar="SUBMISSION", help="submitted .ipynb files")
    parser.add_argument(
        "--notebook", required=True, metavar="NN", help="which notebook they are (01, 02, ... or a name)"
    )
    parser.add_argument("-o", "--output", required=True, metavar="FILE", help=output_help)


def add_notebooks_folder(parser: argparse.ArgumentParser) -> None:
    """``--notebooks FOLDER``: where the released notebooks are.

    >>> parser = argparse.ArgumentParser(prog="grade")
    >>> add_notebooks_folder(parser)
    >>> parser.parse_args([]).notebooks is None
    True
    """
    parser.add_argument(
        "--notebooks",
        metavar="FOLDER",
        help="where the released notebooks are (default: the checkout's notebooks/ folder)",
    )


def add_student_name(parser: argparse.ArgumentParser) -> None:
    """``--student-name PATTERN``: where a student's name is in each submission's path.

    >>> parser = argparse.ArgumentParser(prog="grade")
    >>> add_student_name(parser)
    >>> parser.parse_args(["--student-name", "collected/{student}-*.ipynb"]).student_name
    'collected/{student}-*.ipynb'
    """
    parser.add_argument(
        "--student-name",
        metavar="PATTERN",
        help="where the student's name is in each path: {student} in a pattern like 'collected/{student}-*.ipynb'",
    )


def usage_error(message: str) -> int:
    """Say a usage error on stderr, in one line; the exit status for it (2).

    >>> import contextlib, io
    >>> with contextlib.redirect_stderr(io.StringIO()) as said:
    ...     usage_error("--jobs must be 1 or more, got 0")
    2
    >>> said.getvalue()
    'error: --jobs must be 1 or more, got 0\\n'
    """
    print(f"error: {message}", file=sys.stderr)
    return 2


__all__ = ["add_notebooks_folder", "add_student_name", "add_submissions", "usage_error"]
