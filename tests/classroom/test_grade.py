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
import json
import subprocess
import sys
from pathlib import Path

import pytest
import submissions

from wordpiece_lib.classroom.runtime import plain
from wordpiece_lib.classroom.teacher.grading import context_cells, read_released

ROOT = Path(__file__).resolve().parents[2]
EXERCISES_01 = ["count_words", "split_with_prefix", "split_with_end_marker", "my_alphabet"]
RIGHT_ALPHABET = submissions.RIGHT_01["my_alphabet"]
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
    exits = submissions.submission(
        {**submissions.RIGHT_01, "split_with_prefix": "def split_with_prefix(word):\n    import os\n    os._exit(4)\n"}
    )
    paths.append(str(submissions.write(exits, folder / "exits_when_called.ipynb")))
    patcher = submissions.submission(
        {
            **submissions.RIGHT_01,
            "my_alphabet": RIGHT_ALPHABET + "import builtins\nbuiltins.isinstance = lambda *a: True\n",
        }
    )
    paths.append(str(submissions.write(patcher, folder / "patches_isinstance.ipynb")))
    huge = submissions.submission({**submissions.RIGHT_01, "my_alphabet": "my_alphabet = ['##x' * 4] * 6_000_000\n"})
    paths.append(str(submissions.write(huge, folder / "huge.ipynb")))
    (folder / "text.ipynb").write_text("my answers are in my head", encoding="utf-8")
    paths.append(str(folder / "text.ipynb"))
    result = grade(*paths, "--notebook", "01", "--timeout", TIMEOUT, "--jobs", "2", "-o", "grades.csv", cwd=folder)
    assert result.returncode == 0, result.stderr
    return submissions.graded_rows(folder / "grades.csv")


def statuses(rows: dict[str, dict[str, str]]) -> dict[str, tuple[str, str]]:
    return {key: (row["status"], row["points"]) for key, row in rows.items()}


def test_every_submission_gets_one_row_per_exercise(graded):
    assert sorted(graded) == sorted(
        [
            "all_right",
            "empty",
            "one_right",
            "forged",
            "endless",
            "kernel_exit",
            "prints",
            "raises",
            "text",
            "exits_when_called",
            "patches_isinstance",
            "huge",
            "rebinds",
        ]
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


def test_a_kernel_exit_costs_only_the_exercise_of_its_cell(graded):
    """``os._exit`` in the third answer cell: a fresh kernel skips that cell and grades the other three."""
    got = statuses(graded["kernel_exit"])
    assert got.pop("split_with_end_marker") == ("error", "0")
    assert "its answer cell ended the kernel" in graded["kernel_exit"]["split_with_end_marker"]["feedback"]
    assert "kernel exited" in graded["kernel_exit"]["split_with_end_marker"]["feedback"]
    assert set(got.values()) == {("done", "1")}


def test_a_function_that_ends_the_kernel_when_called_costs_only_its_exercise(graded):
    got = statuses(graded["exits_when_called"])
    assert got.pop("split_with_prefix") == ("error", "0")
    assert "kernel exited" in graded["exits_when_called"]["split_with_prefix"]["feedback"]
    assert set(got.values()) == {("done", "1")}


def test_a_patched_builtin_is_put_back_and_reported_not_taken_for_a_loop(graded):
    rows = graded["patches_isinstance"]
    assert statuses(rows) == {key: ("done", "1") for key in EXERCISES_01}
    assert "replaced the built-in isinstance (put back)" in rows["my_alphabet"]["tried"]


def test_a_huge_answer_is_reported_as_too_large_not_as_printing(graded):
    feedback = graded["huge"]["my_alphabet"]["feedback"]
    assert graded["huge"]["my_alphabet"]["status"] == "error"
    assert "too large to grade" in feedback and "printed" not in feedback
    assert graded["huge"]["count_words"]["status"] == "done"


def test_every_row_names_its_file_and_its_sandbox(graded):
    for student, rows in graded.items():
        for row in rows.values():
            assert Path(row["file"]).name == f"{student}.ipynb"
            assert row["sandbox"] == "bwrap"


def test_an_answer_cell_that_raises_costs_only_its_own_exercise(graded):
    got = statuses(graded["raises"])
    assert got.pop("count_words") == ("error", "0")
    assert "its answer cell raised ValueError: my cell is broken" in graded["raises"]["count_words"]["feedback"]
    assert set(got.values()) == {("done", "1")}


def test_printing_without_end_is_stopped_and_costs_only_its_exercise(graded):
    got = statuses(graded["prints"])
    assert got.pop("count_words") == ("error", "0")
    assert "printed more than" in graded["prints"]["count_words"]["feedback"]
    assert set(got.values()) == {("done", "1")}


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
    """Notebook 03's exercise data (``variant``, ``lexical_counts``...) are set in cells of the release, before
    each answer cell: the grader runs those cells from the release, never the submission's copies of them."""
    released = read_released(ROOT / "notebooks" / "03_merge_steps.ipynb")
    once, again = context_cells(released)
    assert {"merge_all", "first_three", "lexical_four", "final_size"} == released.answer_names
    data_cells = [
        index
        for index, cell in enumerate(released.cells)
        if cell["cell_type"] == "code" and "checks.WORKBOOK.data(" in "".join(cell["source"])
    ]
    assert len(data_cells) == 3 and set(data_cells) <= set(once)
    assert not set(released.answers) & set(once)  # the answers are the student's
    assert again == []


RELEASED_12 = ROOT / "notebooks" / "12_unigram.ipynb"
#: bugs_best with section 2's worked all_cuts and best_cut (the notebook's own check refuses it: worked on paper)
WITH_THE_WORKED_CUTS = (
    "chance = best_cut('bugs', probability)[1]\n"
    "ties = sum(math.prod(probability[p] for p in cut) == chance for cut in all_cuts('bugs', probability))\n"
    "bugs_best = (chance, ties)\n"
)


def test_notebook_12_refuses_the_worked_cuts_as_its_own_check_does(tmp_path):
    """Issue 39: grade marked done an answer the notebook's check refuses, and one a timer thread set after the cell."""
    from fractions import Fraction

    from wordpiece_lib.training import substring_frequencies

    counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    frequency = substring_frequencies(counts)
    total = sum(frequency.values())
    best = Fraction(frequency["bu"] * frequency["gs"], total * total)  # by hand: bu·gs and b·ugs tie (4·5 = 20 each)
    assert best == Fraction(frequency["b"] * frequency["ugs"], total * total)
    timer = (
        "import threading\n"
        "def later():\n"
        "    global bugs_best\n" + "".join("    " + line + "\n" for line in WITH_THE_WORKED_CUTS.splitlines()) + ""
        "threading.Timer(0.5, later).start()\n"
        "bugs_best = TODO\n"
    )
    kinds = {
        "by_hand": f"bugs_best = (Fraction({best.numerator}, {best.denominator}), 2)\n",
        "worked_cuts": WITH_THE_WORKED_CUTS,
        "timer": timer,
    }
    paths = [
        str(
            submissions.write(
                submissions.submission({"bugs_best": source}, released=RELEASED_12), tmp_path / f"{k}.ipynb"
            )
        )
        for k, source in kinds.items()
    ]
    result = grade(*paths, "--notebook", "12", "--timeout", "30", "-o", "grades.csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as handle:
        rows = {row["student"]: row for row in csv.DictReader(handle) if row["exercise"] == "bugs_best"}
    assert rows["by_hand"]["status"] == "done", rows["by_hand"]["feedback"]
    assert rows["worked_cuts"]["status"] == "wrong"
    assert "'all_cuts'" in rows["worked_cuts"]["feedback"] or "'best_cut'" in rows["worked_cuts"]["feedback"]
    assert rows["timer"]["status"] in ("wrong", "error") and rows["timer"]["points"] == "0", rows["timer"]


def _merge_into_the_first_part(parts):
    """Notebook 11's slip: the counts added into the first part the check gave, which is then returned."""
    for part in parts[1:]:
        for word, count in part.items():
            parts[0][word] = parts[0].get(word, 0) + count
    return parts[0]


def _kernel_of(functions: dict) -> tuple[object, list[str]]:
    """A stand-in for a submission's kernel, in this process: each call answered by the kernel side's own code."""
    from wordpiece_lib.classroom.runtime.kernel_side import KernelSide

    lines: list[str] = []
    side = KernelSide(dict(functions), write=lines.append)

    class Kernel:
        dead = None

        def ask(self, code: str) -> dict:
            eval(code, {"call": side.call, "TOKEN": "t"})  # the grader's own request, as the kernel reads it
            return json.loads(lines[-1].split(" ", 1)[1])

    return Kernel(), lines


def test_a_function_that_changes_what_it_was_given_changes_the_checks_copy_as_in_the_notebook():
    """Issue 39: notebook 11's merge that adds into its first part was refused in the notebook but done under grade."""
    from check_helpers import fails_with
    from exercise_cases import start_afresh

    from wordpiece_lib.classroom.big_corpora import checks
    from wordpiece_lib.classroom.teacher.grading.grader import KernelFunction, own_copy

    kernel, lines = _kernel_of({"merge_in_order": _merge_into_the_first_part, "pure": lambda parts: len(parts)})
    kept = [{"a": 1}, {"a": 2, "b": 1}]  # what the grader keeps for every submission (a context value)
    given = own_copy(kept)
    first = given[0]
    assert KernelFunction(kernel, "merge_in_order")(given) == {"a": 3, "b": 1}
    assert given[0] is first and first == {"a": 3, "b": 1}  # the check's own copy took the change, in place
    assert kept == [{"a": 1}, {"a": 2, "b": 1}]  # what the grader keeps did not
    assert KernelFunction(kernel, "pure")(given) == 2
    assert "args" not in json.loads(lines[-1].split(" ", 1)[1])  # a function that changes nothing sends nothing back
    start_afresh()
    in_the_notebook = fails_with(checks.check_merge_in_order, _merge_into_the_first_part)
    start_afresh()
    graded = fails_with(checks.check_merge_in_order, KernelFunction(kernel, "merge_in_order"))
    assert graded == in_the_notebook
    assert "changed the parts it was given" in graded
