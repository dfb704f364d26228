"""The parser: ``--help`` and a usage error load nothing of the library, and the values it shows are the library's.

Before, every command imported the pipeline, the Google compatibility module,
the count command and the trainers before reading its arguments (74 library
modules for ``train --help``). Timing lives in ``benchmarks/startup_speed.py``;
here, what a process loads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib.cli import parser

REPO = Path(__file__).resolve().parents[2]

#: The stages of the library, none of which reading the arguments may load.
STAGES = ("text", "counting", "model", "training", "pipeline", "data", "analysis")

LOADED = """
import json, sys
from wordpiece_lib.cli import main
try:
    status = main(sys.argv[1:])
except SystemExit as stop:
    status = stop.code
print(json.dumps([name for name in sys.modules if name.startswith("wordpiece_lib")]), file=sys.stderr)
"""


def loaded_by(*argv: str) -> list[str]:
    """The library's modules a fresh process has loaded after ``main(argv)``."""
    result = subprocess.run(
        [sys.executable, "-c", LOADED, *argv],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        timeout=120,
    )
    return json.loads(result.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize("command", [command.name for command in parser.COMMANDS])
@pytest.mark.parametrize("trouble", ["--help", "--no-such-flag"])
def test_help_and_a_usage_error_load_no_stage_of_the_library(command: str, trouble: str) -> None:
    loaded = loaded_by(command, trouble)
    assert [name for name in loaded if name.split(".")[1:2] and name.split(".")[1] in STAGES] == []
    assert "wordpiece_lib.cli.parser" in loaded and f"wordpiece_lib.cli.{command.replace('-', '_')}" not in loaded
    assert [name for name in loaded if name.startswith("wordpiece_lib.classroom")] == []  # nor the teacher's tools


def test_the_command_that_runs_is_imported_then(tmp_path: Path) -> None:
    corpus = tmp_path / "book.txt"
    corpus.write_text("hug the pug\n", encoding="utf-8")
    loaded = loaded_by("count", str(corpus), "--quiet", "-o", str(tmp_path / "c.tsv"))
    assert "wordpiece_lib.cli.count" in loaded and "wordpiece_lib.counting.sources" in loaded
    assert "wordpiece_lib.cli.train" not in loaded and "wordpiece_lib.cli.unigram" not in loaded


def test_the_values_the_flags_show_are_the_librarys() -> None:
    from wordpiece_lib.counting import counts_tsv, textstream
    from wordpiece_lib.model import vocab
    from wordpiece_lib.pipeline import compat, tokenizer_json, truncation
    from wordpiece_lib.text import pretokenizers
    from wordpiece_lib.training import pair_stats, scores, top_down

    assert parser.COMPAT_MODES == compat.COMPAT_MODES
    assert tuple(sorted(pretokenizers.PRETOKENIZERS)) == parser.PRETOKENIZERS
    assert parser.TIE_BREAKS == scores.TIE_BREAKS
    assert parser.BERT_SPECIAL_TOKENS == vocab.BERT_SPECIAL_TOKENS
    assert parser.MAX_WORD_BYTES == textstream.MAX_WORD_BYTES
    assert parser.MAX_COUNTS_FILE_BYTES == counts_tsv.MAX_COUNTS_FILE_BYTES
    assert parser.MAX_COUNTS_STREAM_BYTES == counts_tsv.MAX_COUNTS_STREAM_BYTES
    assert parser.MAX_VOCAB_FILE_BYTES == vocab.MAX_VOCAB_FILE_BYTES
    assert parser.MAX_JSON_BYTES == tokenizer_json.MAX_JSON_BYTES
    assert parser.MAX_TRAINING_WORD_CHARS == pair_stats.MAX_TRAINING_WORD_CHARS
    assert parser.MAX_PADDING == truncation.MAX_FILE_PADDING
    library_top_down = {
        "--upper-thresh": top_down.UPPER_THRESH,
        "--lower-thresh": top_down.LOWER_THRESH,
        "--num-iterations": top_down.NUM_ITERATIONS,
        "--max-input-tokens": top_down.MAX_INPUT_TOKENS,
        "--max-token-length": top_down.MAX_TOKEN_LENGTH,
        "--max-unique-chars": top_down.MAX_UNIQUE_CHARS,
        "--slack-ratio": top_down.SLACK_RATIO,
        "--joiner": top_down.JOINER,
    }
    assert library_top_down == parser.TOP_DOWN_DEFAULTS


def test_every_command_is_listed_and_runs_from_its_module() -> None:
    import importlib

    built = parser.build_parser("wordpiece")
    for command in parser.COMMANDS:
        assert command.name in built.format_help()
        assert callable(importlib.import_module(f"wordpiece_lib.cli.{command.module}").run)


@pytest.mark.parametrize("trouble", ["--help", "--no-such-flag", "no-such-command"])
def test_the_classroom_s_help_loads_none_of_its_commands(trouble: str) -> None:
    loaded = loaded_by("classroom", trouble)
    assert [name for name in loaded if name.startswith("wordpiece_lib.classroom.teacher.commands.")] == []
    assert [name for name in loaded if name.startswith("wordpiece_lib.classroom.runtime")] == []


def test_a_classroom_command_s_help_loads_that_command_alone() -> None:
    loaded = loaded_by("classroom", "release", "--help")
    commands = [name for name in loaded if name.startswith("wordpiece_lib.classroom.teacher.commands.")]
    assert commands == ["wordpiece_lib.classroom.teacher.commands.release"]
    assert "wordpiece_lib.classroom.teacher.answer_search" not in loaded  # the release's search runs later


def test_the_classroom_s_summaries_are_its_commands_own() -> None:
    from wordpiece_lib.classroom.teacher import commands

    assert {name: commands.summary(commands.load(name)) for name in commands.available()} == commands.COMMANDS
