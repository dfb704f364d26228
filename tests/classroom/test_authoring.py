"""docs/authoring.md, done as it says: a teacher's own exercise on their own corpus, from files beside the notebook.

The guide's marked blocks (``<!-- authoring-test: NAME -->`` before a fenced block) are taken as
they are: ``town.txt`` and ``town_checks.py`` are written into a fresh folder, the ``cell`` blocks
make the notebook, and the ``answer KEY`` blocks are what a student writes. The notebook is then
run top to bottom in a real kernel, three times: untouched, answered, and with a wrong answer.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "authoring.md"
BLOCK = re.compile(r"<!-- authoring-test: (?P<name>[^>]+?) -->\n```[a-z]*\n(?P<body>.*?)```\n", re.S)

pytestmark = pytest.mark.slow


def guide_blocks() -> list[tuple[str, str]]:
    return [(match["name"], match["body"]) for match in BLOCK.finditer(GUIDE.read_text(encoding="utf-8"))]


def run_notebook(folder: Path, cells: list[str]) -> tuple[list[str], str | None]:
    """Run the cells in a kernel started in ``folder``: each cell's text output, and the error that stopped it."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in cells])
    client = nbclient.NotebookClient(
        notebook, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
    )
    error = None
    try:
        client.execute(env={key: value for key, value in os.environ.items() if not key.startswith("WORDPIECE_PRO")})
    except nbclient.exceptions.CellExecutionError as stopped:
        error = str(stopped)
    shown = []
    for cell in notebook.cells:
        parts = []
        for output in cell.get("outputs", []):
            parts.append(output.get("text", ""))
            parts.append(output.get("data", {}).get("text/plain", ""))
            parts.extend(output.get("traceback", []))
        shown.append("".join(parts))
    return shown, error


@pytest.fixture
def course(tmp_path) -> tuple[Path, list[str], dict[str, str]]:
    blocks = guide_blocks()
    names = [name for name, _ in blocks]
    assert names.count("cell") == 6 and "town_checks.py" in names and "town.txt" in names, names
    for name, body in blocks:
        if name.endswith((".py", ".txt")):
            (tmp_path / name).write_text(body, encoding="utf-8")
    cells = [body for name, body in blocks if name == "cell"]
    answers = {name.split()[1]: body for name, body in blocks if name.startswith("answer ")}
    assert sorted(answers) == ["first_pair", "rare_words"]
    return tmp_path, cells, answers


def answered(cells: list[str], answers: dict[str, str]) -> list[str]:
    """The notebook with each stub cell replaced by the student's answer from the guide."""
    out = []
    for cell in cells:
        key = next((key for key in answers if re.match(rf"(def {key}\(|{key} = TODO)", cell)), None)
        out.append(answers[key] if key else cell)
    assert out != cells
    return out


def test_untouched_the_notebook_runs_to_the_end_and_says_not_done_yet(course):
    folder, cells, _ = course
    shown, error = run_notebook(folder, cells)
    assert error is None
    assert "not done yet: Your turn 1 · the rare words (rare_words)" in shown[2]
    assert "not done yet: Your turn 2 · the first merge on our corpus (first_pair)" in shown[4]
    assert "21 · Our town's words: 0 of 2 done" in shown[5]
    assert not (folder / ".wordpiece-progress-21.json").exists()  # nothing tried, nothing to keep


def test_answered_as_the_guide_shows_both_checks_pass(course):
    folder, cells, answers = course
    shown, error = run_notebook(folder, answered(cells, answers))
    assert error is None, error
    assert "2 of 2 done" in shown[5]
    assert '"status": "done"' in (folder / ".wordpiece-progress-21.json").read_text(encoding="utf-8")


def test_a_wrong_answer_fails_with_the_teachers_message_and_stops_run_all(course):
    folder, cells, answers = course
    wrong = [cell.replace('("o", "##f")', '("t", "##h")') for cell in answered(cells, answers)]
    shown, error = run_notebook(folder, wrong)
    assert error is not None
    assert "does not have the best WordPiece score" in shown[4]
    assert shown[5] == ""  # Run All stopped at the failing check
