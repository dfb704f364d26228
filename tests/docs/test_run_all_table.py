"""The Run All table of docs/teaching-guide.md is a run of tools/time_notebooks.py on the notebooks as they are.

``python tools/time_notebooks.py --write-guide`` writes the table between two markers, with each
solution notebook's source hash in a comment. This checks the counts and the hashes (a notebook
changed since the table was written fails here: re-run the script), and that the first run (an
empty data cache) and a later run are given apart, never the times themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tool_helpers import load_tool

nbformat = pytest.importorskip("nbformat")

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = sorted((ROOT / "notebooks" / "solutions").glob("[0-9][0-9]_*.ipynb"))


TOOL = load_tool("time_notebooks")
RERUN = "the notebook changed since the table was written: run `python tools/time_notebooks.py --write-guide`"


def block() -> str:
    text = TOOL.GUIDE.read_text(encoding="utf-8")
    start, end = text.find(TOOL.BEGIN_MARK), text.find(TOOL.END_MARK)
    assert 0 <= start < end, "docs/teaching-guide.md has no generated run-all table"
    return text[start:end]


def rows() -> dict[str, list[str]]:
    return {
        line.split("|")[1].strip(): [cell.strip() for cell in line.strip("|").split("|")]
        for line in block().splitlines()
        if re.match(r"^\| \d\d_", line)
    }


def test_the_table_lists_every_notebook_with_its_source_hash():
    hashes = dict(pair.split() for pair in TOOL.HASHES.search(block())["pairs"].split("; "))
    assert sorted(rows()) == sorted(hashes) == [path.stem for path in SOLUTIONS]
    for path in SOLUTIONS:
        assert hashes[path.stem] == TOOL.source_hash(nbformat.read(path, as_version=4)), f"{path.stem}: {RERUN}"


@pytest.mark.parametrize("path", SOLUTIONS, ids=[path.stem for path in SOLUTIONS])
def test_the_counts_are_the_notebooks(path):
    words, code, exercises, slides = TOOL.contents(nbformat.read(path, as_version=4))
    row = rows()[path.stem]
    assert [int(row[3].replace(",", "")), int(row[4]), int(row[5]), int(row[6])] == [words, code, exercises, slides], (
        f"{path.stem}: {RERUN}"
    )
    timing = TOOL.Timing(path.stem, float(row[1]), words, code, exercises, slides)
    assert abs(timing.lesson_minutes - int(row[7])) <= 5  # the Run All time is shown rounded to whole seconds


def test_first_and_later_runs_are_apart():
    header = next(line for line in block().splitlines() if line.startswith("| notebook |"))
    assert [cell.strip() for cell in header.strip("|").split("|")][1:3] == ["first Run All (s)", "later Run All (s)"]
    assert all(row[1].isdigit() and row[2].isdigit() for row in rows().values()), "a run time is missing"


def test_the_total_is_the_tables_sum():
    total = re.search(r"In all: (\d+) s of first Run All \((\d+) s later\), (\d+) minutes of lessons", block())
    assert total, "the block has no 'In all' line"
    for column, group in ((1, 1), (2, 2)):
        seconds = sum(int(row[column]) for row in rows().values())
        assert abs(int(total[group]) - seconds) <= len(rows())  # each row is rounded on its own
    assert int(total[3]) == sum(int(row[7]) for row in rows().values())
