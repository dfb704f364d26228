"""``wordpiece classroom grade``: the six kinds of submission of the issue, graded through the command line.

The submissions are notebook 01 as a student hands it in (``submissions.py``):
all right, empty, one right, forged (every exercise marked done in the
kernel, ``pytest.skip`` patched, the checks replaced, a fake progress file,
answers equal to everything), an endless loop, a kernel exit, plus one that
prints without end, one whose answer cell raises and a file that is not a
notebook. One run of the
command grades them all, as a teacher would, and must give each its rows.
"""

from __future__ import annotations

import csv
import subprocess
import sys
from pathlib import Path

import pytest
import submissions

from wordpiece_lib.classroom.runtime import plain
from wordpiece_lib.classroom.teacher.grading import context_cells, read_released

ROOT = Path(__file__).resolve().parents[2]
EXERCISES_01 = ["count_words", "split_with_prefix", "split_with_end_marker", "my_alphabet"]
TIMEOUT = "8"


def grade(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", "classroom", "grade", *arguments],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,
    )


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, dict[str, str]]]:
    """student -> exercise -> row, from one run over every kind of submission."""
    folder = tmp_path_factory.mktemp("submissions")
    paths = [
        str(submissions.write(notebook, folder / f"{kind}.ipynb")) for kind, notebook in submissions.kinds_01().items()
    ]
    printer = submissions.submission(
        {**submissions.RIGHT_01, "count_words": "while True:\n    print('x' * 8_000_000)\n"}  # the cap in 3 lines
    )
    paths.append(str(submissions.write(printer, folder / "prints.ipynb")))
    raiser = submissions.submission({**submissions.RIGHT_01, "count_words": "raise ValueError('my cell is broken')\n"})
    paths.append(str(submissions.write(raiser, folder / "raises.ipynb")))
    (folder / "text.ipynb").write_text("my answers are in my head", encoding="utf-8")
    paths.append(str(folder / "text.ipynb"))
    result = grade(*paths, "--notebook", "01", "--timeout", TIMEOUT, "-o", "grades.csv", cwd=folder)
    assert result.returncode == 0, result.stderr
    rows: dict[str, dict[str, dict[str, str]]] = {}
    with open(folder / "grades.csv", newline="", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            rows.setdefault(row["student"], {})[row["exercise"]] = row
    return rows


def statuses(rows: dict[str, dict[str, str]]) -> dict[str, tuple[str, str]]:
    return {key: (row["status"], row["points"]) for key, row in rows.items()}


def test_every_submission_gets_one_row_per_exercise(graded):
    assert sorted(graded) == sorted(
        ["all_right", "empty", "one_right", "forged", "endless", "kernel_exit", "prints", "raises", "text"]
    )
    for rows in graded.values():
        assert list(rows) == EXERCISES_01


def test_all_right_scores_every_point(graded):
    assert statuses(graded["all_right"]) == {key: ("done", "1") for key in EXERCISES_01}


def test_an_empty_submission_scores_nothing_and_says_not_done_yet(graded):
    assert statuses(graded["empty"]) == {key: ("not done yet", "0") for key in EXERCISES_01}
    assert "Your turn 1 · count words" in graded["empty"]["count_words"]["feedback"]


def test_one_right_scores_one(graded):
    got = statuses(graded["one_right"])
    assert got.pop("count_words") == ("done", "1")
    assert set(got.values()) == {("not done yet", "0")}


def test_the_four_forgeries_and_an_always_equal_answer_score_nothing(graded):
    got = statuses(graded["forged"])
    assert got["count_words"] == ("not done yet", "0")
    assert got["split_with_end_marker"] == ("not done yet", "0")
    assert got["split_with_prefix"] == ("wrong", "0")  # it returned an object equal to everything
    assert got["my_alphabet"] == ("wrong", "0")
    assert "not a plain value" in graded["forged"]["my_alphabet"]["feedback"]


def test_an_endless_loop_costs_only_its_own_exercise(graded):
    got = statuses(graded["endless"])
    assert got.pop("split_with_prefix") == ("error", "0")
    assert f"did not finish within {TIMEOUT} s" in graded["endless"]["split_with_prefix"]["feedback"]
    assert set(got.values()) == {("done", "1")}


def test_a_kernel_exit_is_reported_and_the_next_submission_is_still_graded(graded):
    assert {row["status"] for row in graded["kernel_exit"].values()} == {"error"}
    assert "kernel exited" in graded["kernel_exit"]["count_words"]["feedback"]


def test_an_answer_cell_that_raises_costs_only_its_own_exercise(graded):
    got = statuses(graded["raises"])
    assert got.pop("count_words") == ("error", "0")
    assert "its answer cell raised ValueError: my cell is broken" in graded["raises"]["count_words"]["feedback"]
    assert set(got.values()) == {("done", "1")}


def test_printing_without_end_is_stopped(graded):
    assert {row["status"] for row in graded["prints"].values()} == {"error"}
    assert "printed more than" in graded["prints"]["count_words"]["feedback"]


def test_a_file_that_is_not_a_notebook_gets_rows_saying_so(graded):
    assert {row["status"] for row in graded["text"].values()} == {"error"}
    assert "is not a notebook" in graded["text"]["my_alphabet"]["feedback"]


def test_the_teachers_points_file_sets_the_points(tmp_path):
    path = submissions.write(submissions.submission(dict(submissions.RIGHT_01)), tmp_path / "ada.ipynb")
    (tmp_path / "course.py").write_text('POINTS = {"my_alphabet": 3}\n', encoding="utf-8")
    result = grade(str(path), "--notebook", "01", "--checks", "course.py", "-o", "-", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    rows = {row["exercise"]: row for row in csv.DictReader(result.stdout.splitlines())}
    assert (rows["my_alphabet"]["points"], rows["my_alphabet"]["max_points"]) == ("3", "3")
    assert rows["count_words"]["points"] == "1"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["x.ipynb", "-o", "g.csv"], "--notebook"),
        (["x.ipynb", "--notebook", "77", "-o", "g.csv"], "--notebook 77: no notebook"),
        (["x.ipynb", "--notebook", "01", "-o", "g.csv", "--timeout", "0"], "--timeout"),
        (["x.ipynb", "--notebook", "01", "-o", "g.csv", "--checks", "missing.py"], "--checks"),
    ],
)
def test_usage_errors_exit_2_naming_the_option(tmp_path, arguments, message):
    result = grade(*arguments, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "g.csv").exists()


def test_plain_values_come_back_as_the_graders_own_types():
    class Sneaky(int):
        def __eq__(self, other):
            return True

    back = plain.from_plain(plain.to_plain([Sneaky(3), 3]))
    assert type(back[0]) is plain.NotPlain
    assert back[0] != 3
    assert back[1] == 3


def test_the_checks_inputs_come_from_the_released_notebook():
    """Notebook 03's ``variant`` is set in the answer cell: the grader takes it from the release, run here."""
    released = read_released(ROOT / "notebooks" / "03_merge_steps.ipynb")
    once, again = context_cells(released)
    assert {"merge_all", "first_three", "lexical_four", "final_size"} == released.answer_names
    variant_cell = next(index for index, names in released.answers.items() if "first_three" in names)
    assert variant_cell in once
    assert again == []
