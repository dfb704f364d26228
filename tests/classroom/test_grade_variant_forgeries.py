"""A lecturer forges submissions against a release with variants: none gets marks it should not.

A release of the course for five students (``release --mode graded --roster --secret-file``), then
files a student controls, graded in the sandbox as a teacher runs ``grade --roster``:

* bob's copy names ada's variant in its first cell and ada in its metadata, and holds ada's values;
* cyd's first cell starts no variant (the course's data, whose answers are public) under a new cell
  id (so it runs as a cell of hers), with the course's values;
* dan sets ada's variant from a later cell (``start_notebook(..., variant=...)``, the variants module),
  replaces ``WORKBOOK.data`` with the course's, and computes his alphabet in the kernel from it;
* fay hands in ada's file, byte for byte.

Every submission is judged on the variant regenerated from the roster and the secret: each forged
value is wrong, the student's own values are right, and the ``tried`` column says what the file
claimed. A release with variants graded without the roster is refused, as are a roster that gives
one file to two students, two files of one student and a file renamed to a classmate.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import submissions

from wordpiece_lib import initial_splits, join_pair, merge_pair, rank_candidates, score_pairs
from wordpiece_lib.classroom.character_splitting import checks as splitting
from wordpiece_lib.classroom.pair_scores import checks as scoring
from wordpiece_lib.classroom.runtime import variant_id
from wordpiece_lib.classroom.teacher.commands import main

SECRET = "the secret of a cohort a lecturer forges against"
STUDENTS = ("ada", "bob", "cyd", "dan", "fay")
COURSE_WORDS = list(splitting.ALPHABET_WORDS)


def variant(student: str) -> str:
    return variant_id(SECRET.encode(), student)


def alphabet_by_hand(words: list[str]) -> list[str]:
    return list(dict.fromkeys([word[0] for word in words] + ["##" + letter for word in words for letter in word[1:]]))


def words_of(student: str | None) -> list[str]:
    return splitting.WORKBOOK.variant_spaces["my_alphabet"].data(None if student is None else variant(student))["words"]


def pairs_of(student: str | None) -> dict[str, tuple[str, str]]:
    """Notebook 02's two value answers for a student's variant (None: the course's), worked out with the library."""
    spaces = scoring.WORKBOOK.variant_spaces
    key = None if student is None else variant(student)
    counts = spaces["best_after_ug"].data(key)["word_counts"]
    favourite = rank_candidates(score_pairs(initial_splits(counts), counts, "bpe"))[0].pair
    after = merge_pair(initial_splits(counts), favourite, join_pair(*favourite))
    document = spaces["bpe_first"].data(key)["word_counts"]
    return {
        "best_after_ug": rank_candidates(score_pairs(after, counts))[0].pair,
        "bpe_first": rank_candidates(score_pairs(initial_splits(document), document, "bpe"))[0].pair,
    }


def cell_text(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def first_code_cell(notebook: dict) -> dict:
    return next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")


def with_variant(notebook: dict, named: str | None) -> dict:
    """``notebook`` whose first cell starts the variant ``named`` (None: no variant, the course's data)."""
    cell = first_code_cell(notebook)
    replacement = "" if named is None else f', variant="{named}"'
    cell["source"] = re.sub(r',\s*variant="[0-9a-f]{16}"', replacement, cell_text(cell))
    return notebook


def released(folder: Path, student: str, name: str) -> Path:
    return folder / "out" / student / "notebooks" / name


def value_answers_02(pairs: dict[str, tuple[str, str]], copy: Path) -> dict:
    """A notebook 02 submission whose two value answers are ``pairs`` (its data cells kept as released)."""
    notebook = submissions.load(copy)
    for cell in notebook["cells"]:
        text = cell_text(cell) if cell["cell_type"] == "code" else ""
        for key, pair in pairs.items():
            if re.search(rf"^{key} = TODO", text, flags=re.MULTILINE):
                cell["source"] = re.sub(rf"^{key} = TODO.*$", f"{key} = {pair!r}", text, flags=re.MULTILINE)
    return notebook


@pytest.fixture(scope="module")
def cohort(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("forged")
    (folder / "roster.csv").write_text("student\n" + "\n".join(STUDENTS) + "\n", encoding="utf-8")
    (folder / "course.secret").write_text(SECRET + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        options = ["--roster", "roster.csv", "--secret-file", "course.secret", "--no-wheel", "--quiet"]
        assert main(["release", "out", "--mode", "graded", *options], prog="wordpiece classroom") == 0
    return folder


ROSTER = ["--roster", "roster.csv", "--secret-file", "course.secret", "--timeout", "30"]


def by_student(rows: list[dict[str, str]]) -> dict[str, dict[str, dict[str, str]]]:
    found: dict[str, dict[str, dict[str, str]]] = {}
    for row in rows:
        found.setdefault(row["student"], {})[row["exercise"]] = row
    return found


@pytest.fixture(scope="module")
def graded_01(cohort: Path) -> dict[str, dict[str, dict[str, str]]]:
    name = "01_character_splitting.ipynb"
    assert len({tuple(sorted(alphabet_by_hand(words_of(s)))) for s in (*STUDENTS, None)}) == len(STUDENTS) + 1
    own = {student: {**submissions.RIGHT_01} for student in STUDENTS}
    for student in STUDENTS:
        own[student]["my_alphabet"] = f"my_alphabet = {alphabet_by_hand(words_of(student))!r}\n"
    into = cohort / "in01"
    into.mkdir()
    ada = submissions.write(
        submissions.submission(own["ada"], released=released(cohort, "ada", name)), into / "ada.ipynb"
    )
    # bob: ada's variant in his first cell, ada in his metadata, ada's values
    bob = submissions.submission(own["ada"], released=released(cohort, "bob", name))
    with_variant(bob, variant("ada"))["metadata"]["wordpiece"] = {"student": "ada", "variant": variant("ada")}
    submissions.write(bob, into / "bob.ipynb")
    # cyd: no variant (the course's data) in a first cell of her own (a new id), the course's values
    cyd = submissions.submission(
        {**submissions.RIGHT_01, "my_alphabet": f"my_alphabet = {alphabet_by_hand(COURSE_WORDS)!r}\n"},
        released=released(cohort, "cyd", name),
    )
    with_variant(cyd, None)
    first_code_cell(cyd)["id"] = "her-own-first-cell"
    del cyd["metadata"]["wordpiece"]
    submissions.write(cyd, into / "cyd.ipynb")
    # dan: a later cell sets ada's variant and the course's words, his alphabet worked out from what his kernel shows
    computed = "my_alphabet = list(dict.fromkeys([w[0] for w in alphabet_words] + ['##' + c for w in alphabet_words for c in w[1:]]))\n"
    dan = submissions.submission(
        {**submissions.RIGHT_01, "my_alphabet": computed}, released=released(cohort, "dan", name)
    )
    forged = (
        "from wordpiece_lib.classroom.runtime import start_notebook, variants\n"
        f"start_notebook('01 · Character splitting', variant='{variant('ada')}')\n"
        f"variants.activate('{variant('ada')}')\n"
        f"checks.WORKBOOK.data = lambda key: {{'words': {COURSE_WORDS!r}}}\n"
    )
    words_cell = next(i for i, cell in enumerate(dan["cells"]) if "alphabet_words = checks" in cell_text(cell))
    dan["cells"].insert(words_cell, submissions.code_cell(forged, "dan-sets-a-variant"))
    submissions.write(dan, into / "dan.ipynb")
    shutil.copyfile(ada, into / "fay.ipynb")  # ada's file, handed in by fay
    paths = [str(into / f"{student}.ipynb") for student in STUDENTS]
    return by_student(submissions.grade([*paths, "--notebook", "01", *ROSTER], cohort))


@pytest.mark.slow  # five submissions graded in the sandbox (the first test pays for them)
def test_the_students_own_answers_are_right_and_each_row_names_the_regenerated_variant(graded_01):
    assert {key: row["status"] for key, row in graded_01["ada"].items()} == dict.fromkeys(submissions.RIGHT_01, "done")
    for student in STUDENTS:
        assert {row["variant"] for row in graded_01[student].values()} == {variant(student)}
        assert all(row["sandbox"] and "NOT SANDBOXED" not in row["sandbox"] for row in graded_01[student].values())


@pytest.mark.slow
@pytest.mark.parametrize("student", ["bob", "cyd", "dan", "fay"])
def test_a_forged_copy_never_gets_the_value_of_another_variant_or_of_the_course(graded_01, student):
    rows = graded_01[student]
    assert rows["my_alphabet"]["status"] == "wrong", rows["my_alphabet"]
    assert rows["my_alphabet"]["points"] == "0"
    functions = {key: row["status"] for key, row in rows.items() if key != "my_alphabet"}
    assert set(functions.values()) == {"done"}  # the functions are theirs as much as anyone's


@pytest.mark.slow
def test_the_tried_column_says_what_each_copy_claimed(graded_01):
    def tried(student: str) -> str:
        (said,) = {row["tried"] for row in graded_01[student].values()}
        return said

    assert not any(claim in tried("ada") for claim in ("starts", "metadata", "active variant", "replaces"))
    assert f"its first cell starts the variant {variant('ada')}, not the student's own" in tried("bob")
    assert "its metadata names the student 'ada'" in tried("bob")
    assert "its first cell starts no variant (the course's data)" in tried("cyd")
    assert f"a cell after the first sets the active variant (to {variant('ada')}" in tried("dan")
    assert "replaces the exercises' data" in tried("dan")
    # bob's copy is ada's file with her variant id put back: the same code as hers, and fay's
    for student, others in (("ada", ("bob", "fay")), ("bob", ("ada", "fay")), ("fay", ("ada", "bob"))):
        assert "the same code cells as another student's submission" in tried(student)
        assert all(f"{other}'s (" in tried(student) for other in others), tried(student)
    assert not any("the same code cells" in tried(student) for student in ("cyd", "dan"))


@pytest.mark.slow  # three submissions graded in the sandbox
def test_a_classmates_or_the_courses_pairs_are_wrong_on_notebook_02(cohort):
    name = "02_pair_scores.ipynb"
    own, ada_pairs, course = pairs_of("bob"), pairs_of("ada"), pairs_of(None)
    into = cohort / "in02"
    into.mkdir()
    submissions.write(value_answers_02(own, released(cohort, "bob", name)), into / "bob.ipynb")
    ada_copy = with_variant(value_answers_02(ada_pairs, released(cohort, "cyd", name)), variant("ada"))
    ada_copy["metadata"]["wordpiece"] = {"student": "ada", "variant": variant("ada")}
    submissions.write(ada_copy, into / "cyd.ipynb")
    submissions.write(with_variant(value_answers_02(course, released(cohort, "dan", name)), None), into / "dan.ipynb")
    paths = [str(into / f"{student}.ipynb") for student in ("bob", "cyd", "dan")]
    rows = by_student(submissions.grade([*paths, "--notebook", "02", *ROSTER], cohort))
    assert {key: rows["bob"][key]["status"] for key in own} == dict.fromkeys(own, "done")
    for student, copied in (("cyd", ada_pairs), ("dan", course)):
        for key in own:
            if copied[key] != own[key]:  # a pair right for both variants is no copy to catch
                assert rows[student][key]["status"] == "wrong", (student, key, rows[student][key])
        assert {row["variant"] for row in rows[student].values()} == {variant(student)}
    assert (
        sum(
            copied[key] != pairs_of(student)[key]
            for student, copied in (("cyd", ada_pairs), ("dan", course))
            for key in own
        )
        >= 3
    )


def test_a_release_with_variants_graded_without_the_roster_is_refused(cohort, capsys):
    """Without --roster each copy would be judged on the course's data, whose answers are public: a released
    notebook with variants stops the run (the teacher's file); a submission naming a variant gets error rows of
    its own, and the others are graded (a student's file never stops the class's grading)."""
    copy = released(cohort, "cyd", "01_character_splitting.ipynb")
    course_answers = submissions.submission(
        {**submissions.RIGHT_01, "my_alphabet": f"my_alphabet = {alphabet_by_hand(COURSE_WORDS)!r}\n"}, released=copy
    )
    submissions.write(with_variant(course_answers, None), cohort / "cyd.ipynb")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(cohort)
        status = main(
            ["grade", "cyd.ipynb", "--notebook", "01", "--notebooks", "out/ada/notebooks", "-o", "g.csv"],
            prog="wordpiece classroom",
        )
    said = capsys.readouterr().err
    assert status == 2 and "comes from a release with variants" in said and "--roster" in said, said
    assert len(said.strip().splitlines()) == 1 and not (cohort / "g.csv").exists()

    own = submissions.submission(dict(submissions.RIGHT_01))  # a copy of the repository's notebook
    submissions.write(own, cohort / "eve.ipynb")
    rows = by_student(
        submissions.grade([str(cohort / "cyd.ipynb"), str(cohort / "eve.ipynb"), "--notebook", "01"], cohort)
    )
    assert {row["status"] for row in rows["cyd"].values()} == {"error"}
    assert all("--roster" in row["feedback"] for row in rows["cyd"].values())
    assert {row["status"] for row in rows["eve"].values()} == {"done"}


def test_a_file_renamed_to_a_classmate_or_two_files_of_one_student_are_error_rows_never_graded():
    from wordpiece_lib.classroom.teacher.grading import roster_submissions
    from wordpiece_lib.classroom.teacher.roster import Student

    students = [Student(student) for student in STUDENTS]
    found = roster_submissions(
        ["in/ada.ipynb", "bob-renamed/ada.ipynb", "in/cyd.ipynb", "late/cyd.ipynb", "in/eve.ipynb"],
        "01_character_splitting",
        students,
        SECRET.encode(),
    )
    reasons = {str(path): reason for path, _, _, reason in found}
    assert 'two submissions for the student "ada"' in reasons["in/ada.ipynb"]
    assert 'two submissions for the student "ada"' in reasons["bob-renamed/ada.ipynb"]
    assert 'two submissions for the student "cyd"' in reasons["late/cyd.ipynb"]
    assert 'no roster entry for "eve"' in reasons["in/eve.ipynb"]


def test_a_roster_that_gives_one_file_to_two_students_is_refused(tmp_path, capsys):
    """Else the file would be graded as the later row's student's, on their variant, silently."""
    (tmp_path / "roster.csv").write_text("student,submission\nada,late.ipynb\nbob,late.ipynb\n", encoding="utf-8")
    (tmp_path / "course.secret").write_text(SECRET + "\n", encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        arguments = ["grade", "late.ipynb", "--notebook", "01", "-o", "g.csv", "--roster", "roster.csv"]
        status = main([*arguments, "--secret-file", "course.secret"], prog="wordpiece classroom")
    said = capsys.readouterr().err
    assert status == 2 and "row 3 names the submission 'late.ipynb' of row 2 too" in said, said
    assert len(said.strip().splitlines()) == 1 and not (tmp_path / "g.csv").exists()
