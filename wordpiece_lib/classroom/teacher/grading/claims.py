"""What a submission says about whose it is: never believed, only compared with the roster's.

A graded release with variants writes each student's variant id in their
first cell (``start_notebook(..., variant="...")``) and names the student and
the variant in the notebook's metadata. The student controls all of it: a
forged copy may name a classmate's variant, none (the course's data, whose
answers are public), or set another variant from a later cell. ``grade
--roster`` judges every submission on the variant regenerated from the roster
and the secret, whatever the file says; this module only *reads* what the file
claims, so that the rows can say where it differs (:func:`claim_notes`) and so
that grading a release with variants without the roster is stopped
(:func:`variant_named`).

>>> cells = [{"cell_type": "code", "source": 'start_notebook("01 · x", variant="0123456789abcdef")'}]
>>> notebook = {"cells": cells, "metadata": {"wordpiece": {"student": "ada", "variant": "0123456789abcdef"}}}
>>> claim_notes(notebook, "ada", "0123456789abcdef")
[]
>>> claim_notes(notebook, "bob", "fedcba9876543210")  # doctest: +NORMALIZE_WHITESPACE
["its first cell starts the variant 0123456789abcdef, not the student's own (graded on the student's own)",
 "its metadata names the student 'ada' and the variant 0123456789abcdef (graded as bob, on bob's own variant)"]
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from wordpiece_lib._validate import check_path, check_str
from wordpiece_lib.classroom.runtime.variants import check_variant
from wordpiece_lib.classroom.teacher.grading.plan import source_text

#: A variant id written as a string in a cell that works with variants.
_VARIANT_TEXT = re.compile(r"""["']([0-9a-f]{16})["']""")
#: A cell that starts or changes the active variant, or replaces an exercise's data.
_SETS_VARIANT = re.compile(r"\b(start_notebook|activate|variant_active|_working_on)\s*\(")
_REPLACES_DATA = re.compile(r"\.(data|variant_spaces|vary_fresh_inputs)\s*=(?!=)|_ACTIVE\b")


def _code_cells(notebook: Any) -> list[str]:
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        return []
    return [source_text(cell) for cell in cells if isinstance(cell, dict) and cell.get("cell_type") == "code"]


def _metadata(notebook: Any) -> dict[str, Any]:
    metadata = notebook.get("metadata") if isinstance(notebook, dict) else None
    claim = metadata.get("wordpiece") if isinstance(metadata, dict) else None
    return claim if isinstance(claim, dict) else {}


def variant_named(notebook: Any) -> str | None:
    """The variant id a notebook's first cell or metadata names (a copy of a release with variants), else None.

    >>> variant_named({"cells": [{"cell_type": "code", "source": 'start_notebook("01 · x")'}], "metadata": {}})
    >>> variant_named({"cells": [], "metadata": {"wordpiece": {"variant": "0123456789abcdef"}}})
    '0123456789abcdef'
    """
    cells = _code_cells(notebook)
    if cells and "start_notebook(" in cells[0]:
        found = _VARIANT_TEXT.search(cells[0])
        if found:
            return found.group(1)
    claimed = _metadata(notebook).get("variant")
    return claimed if isinstance(claimed, str) and re.fullmatch(r"[0-9a-f]{16}", claimed) else None


def read_notebook(path: str | os.PathLike[str]) -> Any:
    """The notebook at ``path`` as JSON, or None when it cannot be read as one (the grader says why in its rows).

    >>> read_notebook("no/such/file.ipynb") is None
    True
    """
    try:
        return json.loads(Path(check_path(path, "path")).read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def claim_notes(notebook: Any, student: str, variant: str) -> list[str]:
    """Where what ``notebook`` says about its student and variant differs from the roster's ``student``/``variant``.

    Each note says that the submission was graded on the student's own
    variant all the same: they go in the rows' ``tried`` column, for the
    teacher to see what a copy tried.

    >>> later = {"cell_type": "code", "source": "from wordpiece_lib.classroom.runtime import variants\\nvariants.activate(None)"}
    >>> claim_notes({"cells": [{"cell_type": "code", "source": "start_notebook('01')"}, later]}, "ada", "0123456789abcdef")
    ["its first cell starts no variant (the course's data): graded on the student's own", "a cell after the first sets the active variant: graded on the student's own"]
    """
    check_str(student, "student", allow_empty=False)
    check_variant(variant)
    notes: list[str] = []
    cells = _code_cells(notebook)
    if cells and "start_notebook(" in cells[0]:
        named = _VARIANT_TEXT.findall(cells[0])
        if not named:
            notes.append("its first cell starts no variant (the course's data): graded on the student's own")
        for other in dict.fromkeys(named):
            if other != variant:
                notes.append(
                    f"its first cell starts the variant {other}, not the student's own (graded on the student's own)"
                )
    elif cells:
        notes.append("its first cell does not start the notebook as released (graded on the student's own variant)")
    setting = [source for source in cells[1:] if _SETS_VARIANT.search(source)]
    if setting:
        others = sorted({found for source in setting for found in _VARIANT_TEXT.findall(source) if found != variant})
        to = f" (to {', '.join(others)}, not the student's own)" if others else ""
        notes.append(f"a cell after the first sets the active variant{to}: graded on the student's own")
    if any(_REPLACES_DATA.search(source) for source in cells):
        notes.append("a cell replaces the exercises' data in its kernel (the grader makes them itself)")
    claimed = _metadata(notebook)
    if claimed and (claimed.get("student") != student or claimed.get("variant") != variant):
        notes.append(
            f"its metadata names the student {claimed.get('student')!r} and the variant {claimed.get('variant')} "
            f"(graded as {student}, on {student}'s own variant)"
        )
    return notes


__all__ = ["claim_notes", "read_notebook", "variant_named"]
