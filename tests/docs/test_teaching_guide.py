"""docs/teaching-guide.md: both lesson plans add up, every notebook is covered, the timings are real."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest
from tool_helpers import load_tool

ROOT = Path(__file__).resolve().parents[2]
GUIDE = (ROOT / "docs" / "teaching-guide.md").read_text(encoding="utf-8")
NOTEBOOKS = sorted(path.stem for path in (ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", GUIDE, re.MULTILINE | re.DOTALL)
    assert match, f"the guide has no section '{title}'"
    return match.group(1)


def test_each_90_minute_lesson_adds_up_to_90_minutes():
    plan = section("Plan A: three lessons of 90 minutes")
    lessons = re.split(r"^\*\*Lesson \d", plan, flags=re.MULTILINE)[1:]
    assert len(lessons) == 3
    for lesson in lessons:
        minutes = [int(value) for value in re.findall(r"^\|\s*(\d+)\s*\|", lesson, re.MULTILINE)]
        assert sum(minutes) == 90, minutes


def test_each_45_minute_lesson_adds_up_to_45_minutes():
    plan = section("Plan B: six lessons of 45 minutes")
    rows = [line for line in plan.splitlines() if re.match(r"^\| \d · ", line)]
    assert len(rows) == 6
    for row in rows:
        in_class = row.split("|")[2]
        assert sum(int(value) for value in re.findall(r"\((\d+)\)", in_class)) == 45, row


def test_every_notebook_has_its_time_prerequisites_goals_mistakes_and_questions():
    timings = section("How long each notebook takes")
    rows = {line.split("|")[1].strip(): line for line in timings.splitlines() if re.match(r"^\| \d\d_", line)}
    assert sorted(rows) == NOTEBOOKS, "the timing table must list every notebook, as measured"
    for row in rows.values():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert all(re.fullmatch(r"[\d,]+", cell) for cell in cells[1:]), row
    one_by_one = section("The notebooks one by one")
    for name in NOTEBOOKS:
        match = re.search(rf"^### {name[:2]} · (.*?)(?=^### |\Z)", one_by_one, re.MULTILINE | re.DOTALL)
        assert match, f"no section for {name}"
        for part in ("**Prerequisites**", "**Goals**", "**Mistakes students make**", "**Discussion**"):
            assert part in match.group(1), f"{name}: {part} is missing"
        assert re.search(r"\((the )?[\w ]*sections?\b", match.group(1)), (
            f"{name}: the discussion names no section for its answers"
        )


def test_the_timing_rows_follow_the_scripts_formula():
    tool = load_tool("time_notebooks")
    rows = [line for line in section("How long each notebook takes").splitlines() if re.match(r"^\| \d\d_", line)]
    for row in rows:
        cells = (cell.strip() for cell in row.strip("|").split("|"))
        name, first, later, words, code, exercises, slides, minutes = cells
        timing = tool.Timing(name, float(first), int(words.replace(",", "")), int(code), int(exercises), int(slides))
        assert float(later) >= 0, row
        # the lesson's waiting is the first Run All (a student opens a notebook once), rounded to whole seconds here
        assert abs(timing.lesson_minutes - int(minutes)) <= 5, row


@pytest.mark.parametrize("name", ["notebooks", "time_notebooks"])
def test_the_tools_examples_run(name):
    module = load_tool(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert attempted and not failed


def test_the_notebook_counts_match_the_notebooks():
    import nbformat

    tool = load_tool("time_notebooks")
    rows = {
        line.split("|")[1].strip(): [cell.strip() for cell in line.strip("|").split("|")]
        for line in section("How long each notebook takes").splitlines()
        if re.match(r"^\| \d\d_", line)
    }
    for name in NOTEBOOKS:
        words, code, exercises, slides = tool.contents(
            nbformat.read(ROOT / "notebooks" / "solutions" / f"{name}.ipynb", as_version=4)
        )
        # columns: notebook, first Run All, later Run All, words, code cells, exercises, slides, lesson
        assert [int(rows[name][4]), int(rows[name][5]), int(rows[name][6])] == [code, exercises, slides], name
        assert abs(int(rows[name][3].replace(",", "")) - words) <= 0.05 * words, (
            f"{name}: re-run tools/time_notebooks.py"
        )
