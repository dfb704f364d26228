"""docs/data-pipelines.md: its example runs as printed (a spawn pool) and its figures hold."""

from __future__ import annotations

import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "data-pipelines.md"


def example() -> str:
    match = re.search(r"^## An example\n\n```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), re.M | re.S)
    assert match, "docs/data-pipelines.md has no Python example under '## An example'"
    return match.group(1)


def test_the_example_runs_in_a_spawn_pool(tmp_path):
    script = tmp_path / "pipeline_example.py"  # spawn re-imports the main module, so it must be a file
    script.write_text(example(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=300, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("['tried', 'once', 'in', 'the', 'parent'")
    assert lines[-1] == "3 lines encoded in worker processes, the same ids and offsets as here"


def test_the_pickle_size_the_page_quotes():
    from wordpiece_lib import Vocab, WordPieceTokenizer

    vocab_file = ROOT / "data" / "bert-base-uncased-vocab.txt"
    tokenizer = WordPieceTokenizer(Vocab.load(vocab_file), lowercase=True)
    tokenizer.encode_plus("Used once, as a pipeline does. " * 20)
    kilobytes = round(len(pickle.dumps(tokenizer)) / 1000)
    assert f"BERT's uncased vocab: {kilobytes} KB" in PAGE.read_text(encoding="utf-8")
