"""The separate environment of the graders (.venv-grading), for the export round trips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GRADING_BIN = ROOT / ".venv-grading" / "bin"
SETUP = "bash tools/setup_grading.sh"


def grading_bin() -> Path:
    """The graders' bin folder; a skip naming the set-up command if it is missing (a failure in CI)."""
    if not (GRADING_BIN / "nbgrader").exists() or not (GRADING_BIN / "otter").exists():
        message = f"nbgrader and otter-grader are not in .venv-grading: {SETUP}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return GRADING_BIN


def grading_env() -> dict[str, str]:
    """The environment the graders run in: their own venv first on PATH, nothing of the test's own."""
    environment = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "JUPYTER_PATH", "VIRTUAL_ENV") and not key.startswith("PYTEST")
    }
    environment["PATH"] = f"{GRADING_BIN}{os.pathsep}{environment.get('PATH', '')}"
    environment["MPLBACKEND"] = "Agg"
    return environment


def run(command: list[str], cwd: Path, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(command, cwd=cwd, env=grading_env(), capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def export(to: str, folder: Path, *notebooks: str) -> None:
    """``wordpiece classroom export`` with the test's own Python (the workshop's environment)."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordpiece_lib",
            "classroom",
            "export",
            "--to",
            to,
            str(folder),
            "--notebook",
            *notebooks,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr


def release(grader: str, folder: Path, name: str) -> Path:
    """Release the notebook ``name`` exported into ``folder`` as ``grader`` does; the student's copy it makes."""
    if grader == "nbgrader":
        run([str(GRADING_BIN / "nbgrader"), "generate_assignment", name, "--force"], folder)
        return folder / "release" / name / f"{name}.ipynb"
    dist = folder / f"dist-{name}"
    run([str(GRADING_BIN / "otter"), "assign", str(folder / name / f"{name}.ipynb"), str(dist)], folder)
    return dist / "student" / f"{name}.ipynb"


def cell_sources(path: Path) -> list[str]:
    """The source of every cell of the notebook file at ``path``."""
    return ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]


NBGRADER_SCORES = """
import json, sys
from nbgrader.api import Gradebook
scores = {}
with Gradebook("sqlite:///gradebook.db") as book:
    for submission in book.assignment_submissions(sys.argv[1]):
        for notebook in submission.notebooks:
            for grade in notebook.grades:
                scores.setdefault(submission.student_id, {})[grade.name.removeprefix("test_")] = grade.score
print(json.dumps(scores))
"""


def nbgrader_scores(course: Path, assignment: str) -> dict[str, dict[str, Any]]:
    result = run([str(GRADING_BIN / "python"), "-c", NBGRADER_SCORES, assignment], course)
    return json.loads(result.stdout)


def assert_scores_the_four_kinds(got: dict, one_right: str) -> None:
    """A grader's points for the four submission kinds: all right, empty, one right (``one_right``), forged."""
    exercises = sorted(got["all_right"])
    assert len(exercises) == 4
    assert got["all_right"] == {key: 1.0 for key in exercises}
    assert got["empty"] == {key: 0.0 for key in exercises}
    assert got["one_right"] == {key: float(key == one_right) for key in exercises}
    assert got["forged"] == {key: 0.0 for key in exercises}
    # one line rebinding the graded tests' helper in the student's kernel: the sandboxed judge still scores nothing
    assert got["rebinds"] == {key: 0.0 for key in exercises}
