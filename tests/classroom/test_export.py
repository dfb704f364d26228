"""``wordpiece classroom export``: every notebook converts to nbgrader's and otter-grader's formats.

The round trips through the graders themselves are in ``test_export_graders.py`` (notebooks
01 and 03); here every notebook's conversion is checked without them: what a grader removes
is the solution only, the prompt stays, each check gets a graded test worth its points, and
the graded test judges with checks loaded afresh, failing a skip.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib.classroom.runtime import graded
from wordpiece_lib.classroom.teacher.grading import answer_names, convert, read_released, source_text

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))


def removed(source: str, begin: str, end: str) -> str:
    """``source`` as a grader hands it out: every region between the markers gone."""
    kept, inside = [], False
    for line in source.splitlines():
        if begin in line:
            inside = True
        elif end in line:
            inside = False
        elif not inside:
            kept.append(line)
    return "\n".join(kept)


@pytest.mark.parametrize("solution", SOLUTIONS, ids=lambda path: path.stem[:2])
@pytest.mark.parametrize("to", ["nbgrader", "otter"])
def test_each_answer_keeps_its_prompt_and_each_check_gets_a_graded_test(solution, to):
    released = read_released(ROOT / "notebooks" / solution.name)
    notebook = json.loads(solution.read_text(encoding="utf-8"))
    converted = convert(notebook, to, {released_key: 2 for released_key in ["count_words"]})
    cells = converted["cells"]
    begin, end = (
        ("### BEGIN SOLUTION", "### END SOLUTION") if to == "nbgrader" else ("# BEGIN SOLUTION", "# END SOLUTION")
    )
    handed_out = [removed(source_text(cell), begin, end) for cell in cells if cell["cell_type"] == "code"]
    asked = set().union(*(answer_names(source) for source in handed_out))
    assert asked == released.answer_names  # every stub prompt survives the grader's removal
    for source in handed_out:
        ast.parse(source) if not source.lstrip().startswith("%%") else None  # still Python
    tests = [
        source_text(cell) for cell in cells if "from wordpiece_lib.classroom.runtime import graded" in source_text(cell)
    ]
    assert len(tests) == len(released.checks)
    for test, check in zip(tests, released.checks):
        assert check.call.func.attr in test and all(name in test for name in check.answers)
    if to == "nbgrader":
        graded_cells = [
            cell["metadata"]["nbgrader"] for cell in cells if cell["metadata"].get("nbgrader", {}).get("grade")
        ]
        assert len(graded_cells) == len(released.checks)
        assert all(meta["locked"] and not meta["solution"] for meta in graded_cells)
        expected = [2.0 if meta["grade_id"] == "test_count_words" else 1.0 for meta in graded_cells]
        assert [meta["points"] for meta in graded_cells] == expected
        solutions = [cell for cell in cells if cell["metadata"].get("nbgrader", {}).get("solution")]
        assert len(solutions) == len(released.answers)
    else:
        raw = [source_text(cell).splitlines()[0] for cell in cells if cell["cell_type"] == "raw"]
        assert raw.count("# BEGIN QUESTION") == raw.count("# END QUESTION") == len(released.checks)
        assert raw[0] == "# ASSIGNMENT CONFIG"


def test_a_graded_test_fails_a_skip_and_ignores_a_replaced_check(monkeypatch):
    from wordpiece_lib.classroom.character_splitting import checks

    module = "wordpiece_lib.classroom.character_splitting.checks"
    monkeypatch.setattr(checks, "check_word_counts", lambda function: None)
    with pytest.raises(AssertionError, match="not done yet"):
        graded(module, "check_word_counts", ...)
    with pytest.raises(AssertionError, match="count_words"):
        graded(module, "check_word_counts", lambda words: {})
    monkeypatch.setattr(pytest, "skip", lambda *args, **kwargs: None)
    with pytest.raises(Exception):  # noqa: B017 - any error fails the graded test; none may pass
        graded(module, "check_word_counts", ...)
    assert graded(module, "check_word_counts", lambda words: {w: words.count(w) for w in dict.fromkeys(words)})


def test_export_writes_the_layout_and_exits_2_on_a_usage_error(tmp_path):
    def export(*arguments):
        return subprocess.run(
            [sys.executable, "-m", "wordpiece_lib", "classroom", "export", *arguments],
            capture_output=True,
            text=True,
            timeout=300,
        )

    result = export("--to", "nbgrader", str(tmp_path / "course"), "--notebook", "01")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "course" / "source" / "01_character_splitting" / "01_character_splitting.ipynb").is_file()
    assert "code_stub" in (tmp_path / "course" / "nbgrader_config.py").read_text(encoding="utf-8")
    result = export("--to", "otter", str(tmp_path / "otter"), "--notebook", "03")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "otter" / "03_merge_steps" / "03_merge_steps.ipynb").is_file()
    for arguments, message in [
        (["--to", "moodle", "out"], "--to"),
        (["--to", "otter", "out", "--notebook", "77"], "--notebook 77"),
        (["--to", "otter", "out", "--solutions", str(tmp_path)], "--solutions"),
    ]:
        result = export(*arguments)
        assert result.returncode == 2
        assert message in result.stderr
        assert "Traceback" not in result.stderr
