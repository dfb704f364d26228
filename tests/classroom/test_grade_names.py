"""Who a submission is from, as ``grade`` names it: layouts a class uses, a pattern, two files of one name."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib.classroom.teacher.grading import Row, named_submissions, write_table
from wordpiece_lib.classroom.teacher.spreadsheet import spreadsheet_safe

NOTEBOOK = "01_character_splitting"


@pytest.mark.parametrize(
    ("path", "student"),
    [
        ("/home/ada/notebooks/01_character_splitting.ipynb", "ada"),  # the teaching guide's JupyterHub layout
        ("/home/jupyter-bob/01_character_splitting.ipynb", "jupyter-bob"),
        ("submitted/cyd/01_character_splitting.ipynb", "cyd"),
        ("submitted/dee/notebooks/01_character_splitting.ipynb", "dee"),
        ("eve.ipynb", "eve"),
        ("collected/fay_01.ipynb", "fay_01"),
    ],
)
def test_a_class_layout_names_the_student(path, student):
    assert named_submissions([path], NOTEBOOK) == [(Path(path), student)]


def test_a_pattern_reads_the_name_where_the_class_keeps_it():
    paths = ["in/ada-2026-05-01.ipynb", "in/bob-late.ipynb", "/srv/x/in/cyd-.ipynb"]
    assert [name for _, name in named_submissions(paths, NOTEBOOK, "in/{student}-*.ipynb")] == ["ada", "bob", "cyd"]
    deep = named_submissions(["/srv/course/2026/ada/week1/01.ipynb"], NOTEBOOK, "2026/{student}/**/01.ipynb")
    assert deep[0][1] == "ada"


@pytest.mark.parametrize(
    ("pattern", "message"),
    [("in/*.ipynb", "put {student} once"), ("out/{student}.ipynb", "does not match in/ada.ipynb")],
)
def test_a_pattern_that_cannot_name_is_a_clear_error(pattern, message):
    with pytest.raises(ValueError, match="--student-name") as raised:
        named_submissions(["in/ada.ipynb"], NOTEBOOK, pattern)
    assert message in str(raised.value)


def test_two_files_of_one_student_are_an_error_naming_both(tmp_path):
    first = "/home/ada/notebooks/01_character_splitting.ipynb"
    second = "/home/ada/01_character_splitting.ipynb"
    with pytest.raises(ValueError) as raised:
        named_submissions([first, second], NOTEBOOK)
    assert first in str(raised.value) and second in str(raised.value) and "'ada'" in str(raised.value)
    result = subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", "classroom", "grade", first, second, "--notebook", "01", "-o", "g.csv"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=300,
    )
    assert result.returncode == 2
    assert first in result.stderr and second in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "g.csv").exists()


def test_text_a_spreadsheet_would_run_is_neutralised():
    assert spreadsheet_safe("=1+2") == "'=1+2"
    assert spreadsheet_safe("+cmd") == "'+cmd"
    assert spreadsheet_safe("-2") == "'-2"
    assert spreadsheet_safe("@SUM(A1)") == "'@SUM(A1)"
    assert spreadsheet_safe("ada") == "ada"
    row = Row('=HYPERLINK("http://x","y")', "01", "k", "t", "done", 1.0, 1.0, "done", file="=a.ipynb")
    cells = next(csv.DictReader(io.StringIO(write_table([row]))))
    assert cells["student"] == '\'=HYPERLINK("http://x","y")' and cells["file"] == "'=a.ipynb"
    assert cells["points"] == "1"
