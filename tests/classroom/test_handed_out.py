"""Notebooks handed out before the classroom was grouped keep working, and exported ones keep grading.

``handed_out/01_character_splitting.nbgrader.ipynb`` is notebook 01 exactly as ``wordpiece classroom
export --to nbgrader`` wrote it before (commit d8741d9): its first cell loads the pytest plugin as
``wordpiece_lib.classroom.not_done_report``, its imports name ``wordpiece_lib.classroom.exercise``, and each
graded cell imports ``wordpiece_lib.classroom.grading.fresh_checks``. nbgrader and otter-grader run such a
notebook, answers filled in, with whatever library the grading environment has now.
"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
EXPORTED = HERE / "handed_out" / "01_character_splitting.nbgrader.ipynb"

#: Each old path and the module that holds its names now.
OLD_PATHS = {
    "wordpiece_lib.classroom.exercise": "wordpiece_lib.classroom.runtime",
    "wordpiece_lib.classroom.own_work": "wordpiece_lib.classroom.runtime",
    "wordpiece_lib.classroom.authoring": "wordpiece_lib.classroom.runtime.authoring",
    "wordpiece_lib.classroom.not_done_report": "wordpiece_lib.classroom.runtime.not_done_report",
    "wordpiece_lib.classroom.prose": "wordpiece_lib.classroom.display.prose",
    "wordpiece_lib.classroom.frames": "wordpiece_lib.classroom.display.frames",
    "wordpiece_lib.classroom.style": "wordpiece_lib.classroom.display.style",
    "wordpiece_lib.classroom.grading.fresh_checks": "wordpiece_lib.classroom.runtime.fresh_checks",
}

#: What the notebooks handed out import from the old paths (every name, in all twelve), and what a teacher's
#: own notebook imports (docs/authoring.md).
IMPORTED_BEFORE = {
    "wordpiece_lib.classroom.exercise": ["TODO", "report_failures_briefly"],
    "wordpiece_lib.classroom.own_work": ["install_answer_watch"],
    "wordpiece_lib.classroom.not_done_report": ["pytest_runtest_makereport"],
    "wordpiece_lib.classroom.prose": ["listing", "say"],
    "wordpiece_lib.classroom.frames": ["score_table", "search_frame", "trace_frame"],
    "wordpiece_lib.classroom.style": ["fraction_text"],
    "wordpiece_lib.classroom.authoring": [
        "TODO",
        "Exercise",
        "Workbook",
        "call",
        "fresh_rng",
        "fresh_words",
        "require",
        "setup_checks",
    ],
    "wordpiece_lib.classroom.grading.fresh_checks": ["graded"],
}


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_hands_on_the_new_modules_own_objects(old):
    before, now = importlib.import_module(old), importlib.import_module(OLD_PATHS[old])
    for name in IMPORTED_BEFORE[old]:
        assert getattr(before, name) is getattr(now, name), f"{old}.{name}"
    for name in getattr(before, "__all__", []):
        assert getattr(before, name) is getattr(now, name), f"{old}.{name}"


def test_an_old_graded_cell_grades_a_right_answer_and_fails_a_wrong_one():
    """The graded cells' code, run as the grader runs it (the check loaded afresh through the old path)."""
    cells = json.loads(EXPORTED.read_text(encoding="utf-8"))["cells"]
    graded = ["".join(cell["source"]) for cell in cells if "graded(" in "".join(cell["source"])]
    assert graded and all("from wordpiece_lib.classroom.grading.fresh_checks import graded" in code for code in graded)
    counts = next(code for code in graded if "check_word_counts" in code)
    assert counts.splitlines()[-1].endswith(", count_words)")

    def count_words(words):
        found = {}
        for word in words:
            found[word] = found.get(word, 0) + 1
        return found

    exec(compile(counts, "<graded cell>", "exec"), {"count_words": count_words})
    with pytest.raises(AssertionError, match="add one to a word's count every time the word appears"):
        exec(compile(counts, "<graded cell>", "exec"), {"count_words": lambda words: dict.fromkeys(words, 1)})


def test_an_old_export_runs_top_to_bottom_in_a_kernel_with_every_graded_cell_passing():
    """nbgrader's autograde in short: the exported notebook, answers filled in, run in a fresh kernel."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipytest")
    notebook = nbformat.read(EXPORTED, as_version=4)
    first = notebook.cells[0].source
    assert '"-p", "wordpiece_lib.classroom.not_done_report"' in first
    assert "from wordpiece_lib.classroom.exercise import report_failures_briefly" in first
    # every other old path, as notebooks 02-12 and a teacher's own notebooks import it
    imports = "\n".join(f"from {old} import {', '.join(names)}" for old, names in IMPORTED_BEFORE.items())
    notebook.cells.insert(1, nbformat.v4.new_code_cell(imports))
    client = nbclient.NotebookClient(
        notebook,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(EXPORTED.parent)}},
    )
    client.execute(env={**os.environ, "WORDPIECE_PROGRESS_DIR": "off"})  # raises at the first cell that fails
    graded = [cell for cell in notebook.cells if "graded(" in cell.source]
    assert len(graded) == 4 and all(cell.execution_count for cell in graded)
    checks = [cell for cell in notebook.cells if cell.source.startswith("%%ipytest")]
    outputs = ["".join(output.get("text", "") for output in cell.outputs) for cell in checks]
    assert checks and all("1 passed" in output for output in outputs), outputs
