"""What ``train`` and ``top-down`` share: the words to learn from, the special tokens, the vocab's output.

Both learn a vocab from INPUT text files or from ``--counts`` (a file ``count``
wrote), put a list of special tokens first, and write the vocab where
``-o`` says. The arguments are declared here once, and checked in one order
before any word is read: the token list, standard input used at most once,
the output (never an input), then the counts.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wordpiece_lib.cli.common import (
    TRAINER_OPTION_NAMES,
    Report,
    check_stdin_once,
    checked_output,
    parse_token_list,
    require_unknown_token,
    save_tokens,
    with_flag_names,
)
from wordpiece_lib.cli.count import counts_and_settings, find_inputs


@dataclass
class Learning:
    """A training command's checked start: its special tokens, output and report, and the words to learn from."""

    special_tokens: list[str]
    output: Path | str
    report: Report
    counts: Any
    lowercase: bool
    pretokenizer: str

    def save(self, tokens: Sequence[str], summary: str, **settings: Any) -> None:
        """Write the learned vocab with the settings it was learned with, and say so in one line."""
        size = save_tokens(tokens, self.special_tokens, str(self.output), lowercase=self.lowercase, **settings)
        self.report.done(self.output, summary, size)


@contextmanager
def flags_in_errors(*names: str) -> Iterator[None]:
    """A trainer's errors name the flags a user typed (``--min-frequency``), not its parameters.

    >>> with flags_in_errors("vocab_size"):
    ...     raise ValueError("vocab_size must be positive")
    Traceback (most recent call last):
    ...
    ValueError: --vocab-size must be positive
    """
    try:
        yield
    except (ValueError, TypeError) as error:
        raise with_flag_names(error, (*names, *TRAINER_OPTION_NAMES)) from None


def start_learning(args: argparse.Namespace, tokens: str, flag: str, pretokenizer: str) -> Learning:
    """Check the token list ``tokens`` (given as ``flag``), the inputs and the output, then read the words.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.txt").write_text("hug hugs\\n")
    >>> args = argparse.Namespace(inputs=[str(folder / "a.txt")], counts=None, output=str(folder / "v.txt"),
    ...                           quiet=True, lowercase=False, workers=1)
    >>> start = start_learning(args, "[UNK],[CLS]", "--special-tokens", "bert")
    >>> start.special_tokens, dict(start.counts)
    (['[UNK]', '[CLS]'], {'hug': 1, 'hugs': 1})
    """
    special_tokens = parse_token_list(tokens, flag)
    require_unknown_token(special_tokens, flag)
    check_stdin_once([*args.inputs, args.counts])
    if args.counts and args.inputs:
        raise ValueError("give INPUT text files or --counts, not both")
    output = checked_output(args.output, folder_ok=True, side_file=Path(args.output).suffix != ".json")
    sources = find_inputs(args.inputs)
    output.refuse_inputs([*(source.path for source in sources), args.counts])
    report = Report(quiet=args.quiet)
    counts, lowercase, pretokenizer = counts_and_settings(args, sources, pretokenizer, report)
    return Learning(special_tokens, output.name, report, counts, lowercase, pretokenizer)


__all__ = ["Learning", "flags_in_errors", "start_learning"]
