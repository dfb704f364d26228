"""``explain``: take a text apart with a saved tokenizer, every token with its edits, its word and the model's decision.

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from wordpiece_lib.pipeline.explanation import explain
from wordpiece_lib.pipeline.loader import load_tokenizer
from wordpiece_lib.pipeline.tokenizer_json import names_a_vocab_file
from wordpiece_lib.pipeline.wordpiece_tokenizer import WordPieceTokenizer


def run(args: argparse.Namespace) -> int:
    """Print the explanation of ``args.text`` (text or JSON) on standard output."""
    text = sys.stdin.read() if args.text == "-" else args.text
    path = Path(args.tokenizer)
    if not path.exists():
        raise FileNotFoundError(f"--tokenizer {args.tokenizer}: no such file or folder")
    tokenizer = WordPieceTokenizer.from_file(path) if names_a_vocab_file(path) else load_tokenizer(path)
    story = explain(tokenizer, text)
    print(story.to_json_text() if args.format == "json" else story.to_text())
    return 0
