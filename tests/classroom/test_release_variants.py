"""``release --mode graded --roster --secret-file``: one folder per student, each notebook starting its student's variant.

The released notebooks are the checkout's student notebooks with two changes only (the first cell's
``start_notebook`` call names the variant, the metadata names the student and the variant); the
secret is in no file; a self-study release and bad options are refused with one line naming the option.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from wordpiece_lib.classroom.runtime import variant_id
from wordpiece_lib.classroom.teacher.commands import main
from wordpiece_lib.classroom.teacher.commands.release import variant_notebook

ROOT = Path(__file__).resolve().parents[2]
SECRET = "the secret of a cohort of three, not in any release"


def cohort(folder: Path, roster: str = "student,name\nada,Ada L.\nbob,\ncyd,Cyd\n", secret: str = SECRET) -> None:
    (folder / "roster.csv").write_text(roster, encoding="utf-8")
    (folder / "course.secret").write_text(secret + "\n", encoding="utf-8")


def release(folder: Path, *extra: str, mode: str = "graded") -> int:
    arguments = ["release", str(folder / "out"), "--mode", mode, "--no-wheel", *extra]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        return main(arguments, prog="wordpiece classroom")


@pytest.fixture(scope="module")
def released(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("release")
    cohort(folder)
    assert release(folder, "--roster", "roster.csv", "--secret-file", "course.secret") == 0
    return folder / "out"


def test_one_folder_per_student_each_notebook_starting_its_variant(released):
    assert sorted(path.name for path in released.iterdir()) == ["ada", "bob", "cyd"]
    checkout = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    for student in ("ada", "bob", "cyd"):
        variant = variant_id(SECRET.encode(), student)
        notebooks = released / student / "notebooks"
        assert sorted(path.name for path in notebooks.glob("*.ipynb")) == [path.name for path in checkout]
        for path in checkout:
            mine = json.loads((notebooks / path.name).read_text(encoding="utf-8"))
            course = json.loads(path.read_text(encoding="utf-8"))
            assert mine["metadata"].pop("wordpiece") == {"student": student, "variant": variant}
            first = mine["cells"][0]["source"]
            assert first.count(f', variant="{variant}")') == 1
            mine["cells"][0]["source"] = first.replace(f', variant="{variant}")', ")")
            assert mine == course, (student, path.name)
        marker = json.loads((notebooks / ".wordpiece-release.json").read_text(encoding="utf-8"))
        assert (marker["mode"], marker["student"], marker["variant"]) == ("graded", student, variant)
        assert (released / student / "data").is_dir()
    assert "Ada L. (ada)" in (released / "ada" / "README.md").read_text(encoding="utf-8")


def test_the_secret_is_in_no_file_of_the_release(released):
    for path in released.rglob("*"):
        if path.is_file():
            assert SECRET.encode() not in path.read_bytes(), path


def test_a_released_first_cell_starts_the_students_variant():
    cell = {"cell_type": "code", "metadata": {}, "outputs": [], "source": 'start_notebook("09 · x", "regex")'}
    text = variant_notebook(json.dumps({"cells": [cell], "metadata": {}}), "09_x.ipynb", "ada", "0123456789abcdef")
    assert json.loads(text)["cells"][0]["source"] == 'start_notebook("09 · x", "regex", variant="0123456789abcdef")'
    with pytest.raises(ValueError, match=r"09_x\.ipynb: its first code cell calls no start_notebook"):
        variant_notebook(json.dumps({"cells": [{**cell, "source": "pass"}]}), "09_x.ipynb", "ada", "0123456789abcdef")


@pytest.mark.parametrize(
    ("roster", "secret", "options", "mode", "message"),
    [
        (
            None,
            SECRET,
            ["--roster", "roster.csv", "--secret-file", "course.secret"],
            "self-study",
            "--roster: variants",
        ),
        (None, SECRET, ["--roster", "roster.csv"], "graded", "--roster needs --secret-file too"),
        (None, SECRET, ["--secret-file", "course.secret"], "graded", "--secret-file needs --roster too"),
        ("student,mark\nada,1\n", SECRET, None, "graded", "--roster roster.csv: unknown column 'mark'"),
        ("student\n", SECRET, None, "graded", "--roster roster.csv: the roster lists no student"),
        ("student\n.hidden\n", SECRET, None, "graded", "--roster roster.csv: row 2 has the student id '.hidden'"),
        (None, "0123456789", None, "graded", "--secret-file course.secret: the secret is 10 bytes"),
        (None, SECRET, ["--roster", "missing.csv", "--secret-file", "course.secret"], "graded", "--roster missing.csv"),
    ],
)
def test_a_bad_option_is_one_line_naming_it_and_nothing_is_written(
    tmp_path, capsys, roster, secret, options, mode, message
):
    cohort(tmp_path, **({"roster": roster} if roster is not None else {}), secret=secret)
    status = release(tmp_path, *(options or ["--roster", "roster.csv", "--secret-file", "course.secret"]), mode=mode)
    said = capsys.readouterr().err
    assert status == 2
    assert message in said and len(said.strip().splitlines()) == 1 and "Traceback" not in said
    assert not (tmp_path / "out").exists()
