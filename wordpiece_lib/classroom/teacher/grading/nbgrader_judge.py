"""nbgrader's autograde with the grade of ``wordpiece classroom grade``: judged in a sandbox, not in the student's kernel.

``nbgrader autograde`` runs the student's notebook in a kernel and scores
each grade cell by whether it raised. Those cells run after the student's,
in the same kernel, so one line of a student's cell (rebinding the graded
test's helper, say) could make every test pass. This preprocessor runs after
nbgrader's ``Execute`` and before ``SaveAutoGrades``: it grades the
submission as ``wordpiece classroom grade`` does (its answers run in a fresh
kernel in a sandbox, judged in this process by the checks' own code) and
sets each grade cell's output from that verdict: nothing for ``done``, an
error naming the check's message otherwise. What the student's kernel
printed in the grade cells is thrown away.

``wordpiece classroom export --to nbgrader`` writes the ``nbgrader_config.py``
that puts it in place::

    c.Autograde.autograde_preprocessors = [Execute, ..., LimitOutput, SandboxedJudge, SaveAutoGrades, ...]
    c.SandboxedJudge.notebooks = "/path/to/the/workshop/notebooks"

The class is made when first asked for (it subclasses nbconvert's
``Preprocessor``, which only the graders' environment needs to have).
"""

from __future__ import annotations

import functools
import json
import tempfile
from pathlib import Path
from typing import Any

#: The prefix of a grade cell's id in the exported notebooks (``test_<exercise>``).
GRADE_ID_PREFIX = "test_"


def _grade_cell_key(cell: dict[str, Any]) -> str | None:
    """The exercise a locked grade cell tests (from its ``grade_id``), or None for any other cell.

    >>> meta = {"nbgrader": {"grade": True, "solution": False, "grade_id": "test_k"}}
    >>> _grade_cell_key({"cell_type": "code", "metadata": meta})
    'k'
    """
    meta = cell.get("metadata", {}).get("nbgrader", {})
    grade_id = str(meta.get("grade_id", ""))
    if cell.get("cell_type") == "code" and meta.get("grade") and not meta.get("solution"):
        return grade_id.removeprefix(GRADE_ID_PREFIX)
    return None


def _judged_outputs(verdict: Any) -> list[dict[str, Any]]:
    """A grade cell's outputs for one verdict (a grades row, or None): none when done, else one error.

    >>> _judged_outputs(None)[0]["ename"]
    'NotGraded'
    """
    if verdict is not None and verdict.status == "done":
        return []
    name = "NotGraded" if verdict is None else "AssertionError"
    message = "the sandboxed grader gave this exercise no row" if verdict is None else verdict.feedback
    text = f"{name}: {message}"
    return [{"output_type": "error", "ename": name, "evalue": message, "traceback": [text]}]


@functools.cache  # one class, made once: the grader finds it by its module path on every submission
def _make_class() -> type:
    from nbconvert.preprocessors import Preprocessor
    from traitlets import Bool, Float, Unicode

    class SandboxedJudge(Preprocessor):  # type: ignore[misc]
        """Set each grade cell's result from ``wordpiece classroom grade``'s sandboxed judge."""

        enabled = Bool(True).tag(config=True)
        notebooks = Unicode("", help="the workshop's released notebooks (default: the checkout's)").tag(config=True)
        timeout = Float(60.0, help="seconds each cell and each check call may take").tag(config=True)
        no_sandbox = Bool(False, help="judge without a sandbox (the student's code runs with your rights)").tag(
            config=True
        )

        def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
            from wordpiece_lib.classroom.teacher.grading.batch import judge_file

            info = resources.get("nbgrader", {})
            notebook = str(info.get("notebook", "")) or "notebook"
            cells = [cell for cell in nb.cells if _grade_cell_key(cell) is None]
            with tempfile.TemporaryDirectory(prefix="wpg-nbgrader-") as folder:
                path = Path(folder) / f"{notebook}.ipynb"
                path.write_text(json.dumps({**dict(nb), "cells": [dict(cell) for cell in cells]}), encoding="utf-8")
                verdicts = judge_file(
                    path,
                    notebook,
                    notebooks=Path(self.notebooks) if self.notebooks else None,
                    student=str(info.get("student", "student")),
                    sandboxed=not self.no_sandbox,
                    seconds=self.timeout,
                )
            from nbformat import from_dict

            for cell in nb.cells:
                key = _grade_cell_key(cell)
                if key is not None:
                    cell.outputs = [from_dict(output) for output in _judged_outputs(verdicts.get(key))]
            return nb, resources

    return SandboxedJudge


def __getattr__(name: str) -> Any:
    if name == "SandboxedJudge":
        return _make_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GRADE_ID_PREFIX"]
