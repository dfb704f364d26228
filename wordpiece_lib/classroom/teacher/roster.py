"""A graded cohort's roster and the course's secret: who gets a variant, and the key their variants come from.

The roster is a CSV file with a header line: a ``student`` column (each
student's id, once; it names their folder of the release, so letters, digits
and ``. _ @ + -`` only), and optionally ``name`` (a display name) and
``submission`` (the file name of the student's submission, for a grading
layout the naming rules of ``grade`` do not cover). The secret is a file
of at least 16 bytes that the teacher keeps (never in a release): each
student's variant id is the HMAC of their id keyed by it
(:func:`~wordpiece_lib.classroom.runtime.variants.variant_id`).

>>> import pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "roster.csv").write_text("student,name\\nada,Ada Lovelace\\nbob,\\n", encoding="utf-8")
>>> [(s.student, s.name) for s in read_roster(folder / "roster.csv")]
[('ada', 'Ada Lovelace'), ('bob', '')]
>>> _ = (folder / "secret").write_text("short\\n", encoding="utf-8")
>>> read_secret(folder / "secret")
Traceback (most recent call last):
...
ValueError: --secret-file ...: the secret is 5 bytes, at least 16 are needed (python -c "import secrets; print(secrets.token_hex(32))" > FILE)
"""

from __future__ import annotations

import csv
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

from wordpiece_lib._validate import check_instance, check_path, check_sequence
from wordpiece_lib.classroom.runtime.variants import SHORTEST_SECRET, variant_id

#: A student id: it names a folder, so no separator, no leading dot, no space.
STUDENT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]{0,99}")
#: The roster's columns: ``student`` is needed, the others are optional.
ROSTER_COLUMNS = ("student", "name", "submission")


@dataclass(frozen=True)
class Student:
    """One row of the roster: the student's id, their display name, their submission's file name (both optional)."""

    student: str
    name: str = ""
    submission: str = ""


def read_roster(path: str | os.PathLike[str]) -> list[Student]:
    """The roster's students, in its order; a one-line ``ValueError`` naming ``--roster`` and the row when it is bad.

    >>> import pathlib, tempfile
    >>> roster = pathlib.Path(tempfile.mkdtemp()) / "roster.csv"
    >>> _ = roster.write_text("student\\nada\\nada\\n", encoding="utf-8")
    >>> read_roster(roster)
    Traceback (most recent call last):
    ...
    ValueError: --roster ...: row 3 repeats the student id 'ada' (row 2): each student once
    >>> _ = roster.write_text("student,submission\\nada,late.ipynb\\nbob,late.ipynb\\n", encoding="utf-8")
    >>> read_roster(roster)
    Traceback (most recent call last):
    ...
    ValueError: --roster ...: row 3 names the submission 'late.ipynb' of row 2 too: a file is one student's, so each submission once
    """
    where = f"--roster {check_path(path, 'path')}"
    try:
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ValueError(f"{where}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ValueError(f"{where}: cannot be read as UTF-8 text ({error})") from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or not any(cell.strip() for cell in rows[0]):
        raise ValueError(f"{where}: the file is empty; it needs a header line with a 'student' column")
    header = [cell.strip().lower() for cell in rows[0]]
    if "student" not in header:
        raise ValueError(
            f"{where}: the header line {rows[0]!r} has no 'student' column (columns: student, name, submission)"
        )
    unknown = [column for column in header if column and column not in ROSTER_COLUMNS]
    if unknown:
        raise ValueError(f"{where}: unknown column {unknown[0]!r} (the columns are student, name, submission)")
    position = {column: header.index(column) for column in ROSTER_COLUMNS if column in header}
    students: list[Student] = []
    seen: dict[str, int] = {}
    files: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if not any(cell.strip() for cell in row):
            continue
        cells = {column: (row[index].strip() if index < len(row) else "") for column, index in position.items()}
        student = cells["student"]
        if not STUDENT_ID.fullmatch(student):
            raise ValueError(
                f"{where}: row {number} has the student id {student!r}: an id names the student's folder, so it is "
                "1 to 100 letters, digits or . _ @ + -, starting with a letter or a digit"
            )
        if student in seen:
            raise ValueError(
                f"{where}: row {number} repeats the student id {student!r} (row {seen[student]}): each student once"
            )
        seen[student] = number
        submission = cells.get("submission", "")
        if submission and submission in files:
            raise ValueError(
                f"{where}: row {number} names the submission {submission!r} of row {files[submission]} too: a file "
                "is one student's, so each submission once"
            )
        if submission:
            files[submission] = number
        students.append(Student(student, cells.get("name", ""), submission))
    if not students:
        raise ValueError(f"{where}: the roster lists no student (one row per student id after the header)")
    return students


def read_secret(path: str | os.PathLike[str]) -> bytes:
    """The course's secret: the file's bytes without the line end; a one-line ``ValueError`` naming ``--secret-file``."""
    where = f"--secret-file {check_path(path, 'path')}"
    try:
        secret = Path(path).read_bytes().rstrip(b"\r\n")
    except FileNotFoundError:
        raise ValueError(f"{where}: no such file") from None
    except OSError as error:
        raise ValueError(f"{where}: cannot be read ({error.strerror or error})") from None
    if len(secret) < SHORTEST_SECRET:
        raise ValueError(
            f"{where}: the secret is {len(secret)} bytes, at least {SHORTEST_SECRET} are needed "
            '(python -c "import secrets; print(secrets.token_hex(32))" > FILE)'
        )
    return secret


def variants_of(students: list[Student], secret: bytes) -> dict[str, str]:
    """Each student's variant id, by student id.

    >>> variants_of([Student("ada")], b"0123456789abcdef")
    {'ada': '49dd39aa9e95cc05'}
    """
    students = [
        check_instance(student, f"students[{index}]", Student)
        for index, student in enumerate(check_sequence(students, "students"))
    ]
    return {
        student.student: variant_id(check_instance(secret, "secret", bytes), student.student) for student in students
    }


__all__ = ["ROSTER_COLUMNS", "STUDENT_ID", "Student", "read_roster", "read_secret", "variants_of"]
