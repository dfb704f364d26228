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


# ---------------------------------------------------------------- the guide's variants (issue 41, point 2)


def _variant_course(folder: Path) -> dict[str, str]:
    """The guide's files, with its variant space appended to town_checks.py; the variant blocks by name."""
    blocks = guide_blocks()
    for name, body in blocks:
        if name.endswith((".py", ".txt")):
            (folder / name).write_text(body, encoding="utf-8")
    named = {name: body for name, body in blocks if name.startswith(("variant", "town_checks.py "))}
    assert sorted(named) == [
        "town_checks.py variants",
        "variant cell",
        "variant check",
        "variant grade",
        "variants test",
    ]
    checks = folder / "town_checks.py"
    checks.write_text(checks.read_text(encoding="utf-8") + "\n\n" + named["town_checks.py variants"], encoding="utf-8")
    return named


def _python(folder: Path, code: str) -> str:
    """Run ``code`` in a new Python process in ``folder`` (where town_checks.py is); its output."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_guides_variant_space_passes_its_own_test_and_keeps_the_course_lines(tmp_path):
    named = _variant_course(tmp_path)
    said = _python(tmp_path, named["variants test"])
    share = int(re.search(r"refused for (\d+)% of pairs", said)[1])
    assert share >= 95
    course = _python(
        tmp_path, "from town_checks import BOOK, LINES\nprint(BOOK.data('first_pair') == {'lines': LINES})"
    )
    assert course.strip() == "True"  # without a variant: the archive's own lines


def test_graded_with_the_roster_each_student_is_judged_on_their_variant_and_a_copied_value_fails(tmp_path):
    """The guide's grade command on two students: ada's own answer passes, bob's copy of ada's value fails."""
    import json
    import shlex
    import subprocess
    import sys

    named = _variant_course(tmp_path)
    (tmp_path / "roster.csv").write_text("student,name\nada,Ada\nbob,Bob\n", encoding="utf-8")
    (tmp_path / "course.secret").write_text("a course secret of thirty-two bytes!\n", encoding="utf-8")
    pairs = json.loads(
        _python(
            tmp_path,
            "import json\nfrom town_checks import BOOK, best_first_pair\n"
            "from wordpiece_lib import WordCounts\n"
            "from wordpiece_lib.classroom.runtime.authoring import variant_active\n"
            "from wordpiece_lib.classroom.runtime.variants import variant_id\n"
            "secret = b'a course secret of thirty-two bytes!'\n"
            "pairs = {}\n"
            "for student in ('ada', 'bob'):\n"
            "    with variant_active(variant_id(secret, student)):\n"
            "        counts = WordCounts.from_texts(BOOK.data('first_pair')['lines'], lowercase=True)\n"
            "        pairs[student] = best_first_pair(counts)\n"
            "print(json.dumps(pairs))",
        )
    )
    assert pairs["ada"] != pairs["bob"]  # the copied value is wrong for bob
    first = next(body for name, body in guide_blocks() if name == "cell")
    released = [first, named["variant cell"], "first_pair = TODO  # a pair like ('t', '##h')", named["variant check"]]

    def notebook(sources: list[str]) -> str:
        cells = [nbformat.v4.new_code_cell(source, id=f"c{number}") for number, source in enumerate(sources)]
        return nbformat.writes(nbformat.v4.new_notebook(cells=cells))

    (tmp_path / "21_town.ipynb").write_text(notebook(released), encoding="utf-8")
    (tmp_path / "submitted").mkdir()
    own = "from town_checks import best_first_pair\n\nfirst_pair = best_first_pair(counts)  # worked out on my lines"
    copied = f"first_pair = {tuple(pairs['ada'])!r}  # ada's value"
    for student, answer in (("ada", own), ("bob", copied)):
        cells = [*released[:2], answer, released[3]]
        (tmp_path / "submitted" / f"{student}.ipynb").write_text(notebook(cells), encoding="utf-8")
    words = shlex.split(named["variant grade"].replace("submitted/*.ipynb", "submitted/ada.ipynb submitted/bob.ipynb"))
    assert words[:3] == ["wordpiece", "classroom", "grade"]
    command = [sys.executable, "-m", "wordpiece_lib", *words[1:]]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    import csv

    table = (tmp_path / "grades.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(table.splitlines()))
    by_student = {row["student"]: row for row in rows if row.get("exercise", row.get("key")) == "first_pair"}
    assert by_student["ada"]["status"] == "done", table
    assert by_student["bob"]["status"] != "done", table
    from wordpiece_lib.classroom.runtime.variants import variant_id

    secret = b"a course secret of thirty-two bytes!"
    assert {student: row["variant"] for student, row in by_student.items()} == {
        student: variant_id(secret, student) for student in ("ada", "bob")
    }
