"""The README's library example runs as printed, with the fast trainer, and says what it prints."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

from data_helpers import require_data_for

ROOT = Path(__file__).resolve().parents[2]


def readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    match = re.search(r"^## The library in five lines\n\n```python\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    assert match, "README.md has no Python example under '## The library in five lines'"
    return match.group(1)


def test_the_example_uses_the_fast_trainer():
    code = readme_example()
    assert "train_fast(" in code and "train_bottom_up(" not in code


def test_the_example_runs_and_prints_what_the_readme_says(tmp_path):
    code = readme_example()
    require_data_for(code)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    tokens = ast.literal_eval(done.stdout.splitlines()[0])
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"`{' '.join(tokens[tokens.index('the', 8) + 1 : -1])}`" in text
    assert tokens[:7] == ["there", "is", "still", "treasure", "on", "the", "island"]
