"""``grade --roster --secret-file``: each submission judged on its own student's variant, in the sandbox.

A class of notebook 01 as a teacher collects it: ada answers for her own variant, bob hands in ada's
alphabet (right for her, wrong for him), cyd hands in two files, eve is on no roster. One run of the
command grades them all; the variant of every row is regenerated from the roster and the secret.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import submissions

from wordpiece_lib.classroom.character_splitting import checks
from wordpiece_lib.classroom.runtime import variant_id
from wordpiece_lib.classroom.teacher.commands import main

SECRET = "a secret for the graded cohort of this test"
STUDENTS = ("ada", "bob", "cyd")


def alphabet_by_hand(words: list[str]) -> list[str]:
    return list(dict.fromkeys([word[0] for word in words] + ["##" + letter for word in words for letter in word[1:]]))


def words_of(student: str) -> list[str]:
    return checks.WORKBOOK.variant_spaces["my_alphabet"].data(variant_id(SECRET.encode(), student))["words"]


def with_alphabet(alphabet: list[str]) -> dict:
    return submissions.submission({**submissions.RIGHT_01, "my_alphabet": f"my_alphabet = {alphabet!r}\n"})


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, str]]]:
    folder = tmp_path_factory.mktemp("cohort")
    (folder / "roster.csv").write_text("student,name\nada,Ada L.\nbob,Bob\ncyd,\n", encoding="utf-8")
    (folder / "course.secret").write_text(SECRET + "\n", encoding="utf-8")
    ada = alphabet_by_hand(words_of("ada"))
    assert set(ada) != set(alphabet_by_hand(words_of("bob")))  # else bob's copy would be right for him too
    (folder / "cyd-late").mkdir()
    paths = [
        submissions.write(with_alphabet(ada), folder / "ada.ipynb"),
        submissions.write(with_alphabet(ada), folder / "bob.ipynb"),
        submissions.write(with_alphabet(alphabet_by_hand(words_of("cyd"))), folder / "cyd.ipynb"),
        submissions.write(with_alphabet(alphabet_by_hand(words_of("cyd"))), folder / "cyd-late" / "cyd.ipynb"),
        submissions.write(with_alphabet(ada), folder / "eve.ipynb"),
    ]
    options = ["--roster", "roster.csv", "--secret-file", "course.secret", "--timeout", "30"]
    rows: dict[str, list[dict[str, str]]] = {}
    for row in submissions.grade([*map(str, paths), "--notebook", "01", *options], folder):
        rows.setdefault(row["student"], []).append(row)
    return rows


def by_exercise(rows: list[dict[str, str]]) -> dict[str, str]:
    return {row["exercise"]: row["status"] for row in rows}


def test_a_students_own_answers_are_right_on_their_variant_and_the_row_names_it(graded):
    assert by_exercise(graded["ada"]) == dict.fromkeys(submissions.RIGHT_01, "done")
    assert {row["variant"] for row in graded["ada"]} == {variant_id(SECRET.encode(), "ada")}
    assert all(row["sandbox"] and "NOT SANDBOXED" not in row["sandbox"] for row in graded["ada"])


def test_a_classmates_value_is_wrong_on_ones_own_variant(graded):
    statuses = by_exercise(graded["bob"])
    assert statuses.pop("my_alphabet") == "wrong"
    assert set(statuses.values()) == {"done"}  # the functions are his as much as anyone's
    assert {row["variant"] for row in graded["bob"]} == {variant_id(SECRET.encode(), "bob")}


def test_two_submissions_of_one_student_and_one_off_the_roster_are_error_rows(graded):
    assert len(graded["cyd"]) == 2 * len(submissions.RIGHT_01)
    assert all(row["status"] == "error" and "two submissions" in row["feedback"] for row in graded["cyd"])
    assert all(row["status"] == "error" and 'no roster entry for "eve"' in row["feedback"] for row in graded["eve"])
    assert all(row["points"] == "0" for row in graded["cyd"] + graded["eve"])


def test_a_roster_column_names_a_submission_the_path_does_not(tmp_path):
    from wordpiece_lib.classroom.teacher.grading import roster_submissions
    from wordpiece_lib.classroom.teacher.roster import Student

    found = roster_submissions(
        ["in/late-work-17.ipynb", "in/bob.ipynb"],
        "01_character_splitting",
        [Student("ada", submission="late-work-17.ipynb"), Student("bob")],
        SECRET.encode(),
    )
    assert [(student, variant, reason) for _, student, variant, reason in found] == [
        ("ada", variant_id(SECRET.encode(), "ada"), ""),
        ("bob", variant_id(SECRET.encode(), "bob"), ""),
    ]


@pytest.mark.parametrize(
    ("roster", "secret", "extra", "message"),
    [
        ("student\nada\n", None, [], "--roster needs --secret-file too"),
        ("name\nada\n", SECRET, [], "--roster roster.csv: the header line ['name'] has no 'student' column"),
        ("student\nada\nada\n", SECRET, [], "--roster roster.csv: row 3 repeats the student id 'ada'"),
        ("student\nada/../x\n", SECRET, [], "--roster roster.csv: row 2 has the student id 'ada/../x'"),
        ("student\nada\n", "short", [], "--secret-file course.secret: the secret is 5 bytes"),
    ],
)
def test_a_bad_roster_or_secret_is_one_line_naming_the_option(tmp_path, roster, secret, extra, message, capsys):
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    arguments = ["grade", "x.ipynb", "--notebook", "01", "-o", str(tmp_path / "g.csv"), "--roster", "roster.csv"]
    if secret is not None:
        (tmp_path / "course.secret").write_text(secret + "\n", encoding="utf-8")
        arguments += ["--secret-file", "course.secret"]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        status = main([*arguments, *extra], prog="wordpiece classroom")
    said = capsys.readouterr().err
    assert status == 2
    assert message in said and len(said.strip().splitlines()) == 1 and "Traceback" not in said
    assert not Path(tmp_path / "g.csv").exists()


def test_grading_against_one_students_copy_still_judges_each_on_their_own_variant(tmp_path):
    """``--notebooks`` at ada's released folder: the variant her first cell names is not bob's."""
    (tmp_path / "roster.csv").write_text("student\nada\nbob\n", encoding="utf-8")
    (tmp_path / "course.secret").write_text(SECRET + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        options = ["--roster", "roster.csv", "--secret-file", "course.secret"]
        assert main(["release", "out", "--mode", "graded", "--no-wheel", *options], prog="wordpiece classroom") == 0
    bob_copy = tmp_path / "out" / "bob" / "notebooks" / "01_character_splitting.ipynb"
    # worked out in the kernel from the words it shows: right only if the kernel holds bob's variant, not ada's
    computed = (
        "my_alphabet = list({w[0] for w in alphabet_words} | {'##' + c for w in alphabet_words for c in w[1:]})\n"
    )
    answers = {**submissions.RIGHT_01, "my_alphabet": computed}
    submissions.write(submissions.submission(answers, released=bob_copy), tmp_path / "bob.ipynb")
    rows = submissions.grade(
        ["bob.ipynb", "--notebook", "01", "--notebooks", "out/ada/notebooks", *options, "--timeout", "30"],
        tmp_path,
        600,
    )
    assert {(row["status"], row["variant"]) for row in rows} == {("done", variant_id(SECRET.encode(), "bob"))}
