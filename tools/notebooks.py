"""Keep the student notebooks in sync with their solution versions.

The solution notebooks in ``notebooks/solutions/`` are the source. In their
code cells, an answer sits between two marker lines::

    # BEGIN SOLUTION
    # STUB: best_pair = TODO  # a pair like ('h', '##u')
    best_pair = ("##g", "##s")
    # END SOLUTION

The student notebook (``notebooks/<same name>``) gets the ``# STUB:`` lines
instead (without the ``# STUB: `` part, keeping the indentation), or, when a
block has no stub line, ``raise NotImplementedError("your turn")``. Every
other cell is copied as it is. Both versions are committed with outputs,
execution counts and widget state stripped.

Every cell also carries a slide type (``metadata.slideshow.slide_type``), the
key that ``jupyterlab-rise`` (live slides in JupyterLab) and the offline
edition's reveal.js decks read. ``build`` gives a cell without one the
default of :func:`default_slide_type` (a ``#``/``##`` heading opens a slide,
a ``###`` heading a sub-slide, the set-up and import cells are skipped);
a slide type set by hand is kept. ``build`` also copies ``tools/rise.css`` beside
both sets of notebooks: jupyterlab-rise loads ``rise.css`` from the folder of the
notebook it presents, and this one makes the live slides readable on a
projector (body text 24 px, code 18 px, long code lines wrapped).

Usage (from the repository root)::

    python tools/notebooks.py build   # strip the solutions, regenerate the student notebooks
    python tools/notebooks.py check   # exit 1 if anything is unstripped or out of sync (CI)
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"

BEGIN = re.compile(r"^(?P<indent>[ \t]*)# BEGIN SOLUTION\s*$")
END = re.compile(r"^[ \t]*# END SOLUTION\s*$")
STUB = re.compile(r"^(?P<indent>[ \t]*)# STUB: ?(?P<code>.*)$")
DEFAULT_STUB = 'raise NotImplementedError("your turn: write your answer here")'

#: Cell metadata keys that survive stripping (``slideshow``: the slide type for RISE and reveal.js).
KEPT_CELL_METADATA = ("tags", "slideshow")
#: Notebook metadata keys that survive stripping (``rise``: the live slides' settings).
KEPT_NOTEBOOK_METADATA = ("kernelspec", "language_info", "rise")
#: Slide types reveal.js and RISE know.
SLIDE_TYPES = ("slide", "subslide", "fragment", "-", "skip", "notes")
#: RISE settings for every notebook: a long slide scrolls instead of being cut off; slides as big as
#: the window, so reveal.js never scales the text ``rise.css`` sizes for a projector down (a user
#: setting such as ``width: "1920px"`` would; the notebook's metadata wins over settings).
RISE_SETTINGS = {"scroll": True, "transition": "none", "width": "100%", "height": "100%"}
#: The live slides' style, copied beside the student and the solution notebooks by ``build``.
RISE_CSS = ROOT / "tools" / "rise.css"
RISE_CSS_NAME = "rise.css"


def source_text(cell: dict[str, Any]) -> str:
    """A cell's source as one string (notebook files may store a list of lines).

    >>> source_text({"source": ["a\\n", "b"]})
    'a\\nb'
    """
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def student_source(source: str) -> str:
    """Replace every solution block of a code cell by its stub.

    >>> print(student_source("x = 1\\n# BEGIN SOLUTION\\n# STUB: y = TODO\\ny = 2\\n# END SOLUTION"))
    x = 1
    y = TODO
    >>> print(student_source("def f():\\n    # BEGIN SOLUTION\\n    return 2\\n    # END SOLUTION"))
    def f():
        raise NotImplementedError("your turn: write your answer here")
    """
    out: list[str] = []
    lines = source.split("\n")
    index = 0
    while index < len(lines):
        begin = BEGIN.match(lines[index])
        if not begin:
            if END.match(lines[index]):
                raise ValueError(f"'# END SOLUTION' without a '# BEGIN SOLUTION' before it: {source[:80]!r}")
            out.append(lines[index])
            index += 1
            continue
        stubs: list[str] = []
        index += 1
        while index < len(lines) and not END.match(lines[index]):
            if BEGIN.match(lines[index]):
                raise ValueError(f"nested '# BEGIN SOLUTION': {source[:80]!r}")
            stub = STUB.match(lines[index])
            if stub:
                stubs.append(stub["indent"] + stub["code"])
            index += 1
        if index == len(lines):
            raise ValueError(f"'# BEGIN SOLUTION' without '# END SOLUTION': {source[:80]!r}")
        out.extend(stubs or [begin["indent"] + DEFAULT_STUB])
        index += 1
    return "\n".join(out)


def _only_imports(source: str) -> bool:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    return bool(tree.body) and all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in tree.body)


def default_slide_type(cell: dict[str, Any], index: int) -> str:
    """The slide type a cell gets when it has none.

    >>> default_slide_type({"cell_type": "markdown", "source": "## 2 · Scores"}, 5)
    'slide'
    >>> default_slide_type({"cell_type": "markdown", "source": "### Your turn 1"}, 9)
    'subslide'
    >>> default_slide_type({"cell_type": "code", "source": "import pandas as pd"}, 3)
    'skip'
    >>> default_slide_type({"cell_type": "code", "source": "print(1)"}, 0), default_slide_type({"cell_type": "code", "source": "print(1)"}, 4)
    ('skip', '-')
    """
    text = source_text(cell).lstrip()
    if index == 0:
        return "skip"  # the set-up cell: run it before the lesson, it is no slide
    if cell.get("cell_type") == "markdown":
        if text.startswith(("# ", "## ")):
            return "slide"
        if text.startswith("### "):
            return "subslide"
        return "-"
    if cell.get("cell_type") == "code" and _only_imports(text):
        return "skip"
    return "-"


def mark_slides(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy where every cell has a slide type (kept when set) and the notebook has RISE's settings."""
    marked = copy.deepcopy(notebook)
    rise = marked.setdefault("metadata", {}).setdefault("rise", {})
    for key, value in RISE_SETTINGS.items():
        rise.setdefault(key, value)  # a setting chosen by hand is kept
    for index, cell in enumerate(marked.get("cells", [])):
        slideshow = cell.setdefault("metadata", {}).setdefault("slideshow", {})
        slideshow.setdefault("slide_type", default_slide_type(cell, index))
    return marked


def slide_problems(notebook: dict[str, Any]) -> list[str]:
    """Cells without a known slide type, in words (empty when every cell has one).

    >>> slide_problems({"cells": [{"cell_type": "code", "metadata": {}}]})
    ['cell 0: no slide type (metadata.slideshow.slide_type)']
    """
    problems = []
    for number, cell in enumerate(notebook.get("cells", [])):
        slide_type = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
        if slide_type is None:
            problems.append(f"cell {number}: no slide type (metadata.slideshow.slide_type)")
        elif slide_type not in SLIDE_TYPES:
            problems.append(f"cell {number}: unknown slide type {slide_type!r} (one of {', '.join(SLIDE_TYPES)})")
    return problems


def strip_notebook(notebook: dict[str, Any]) -> dict[str, Any]:
    """A copy without outputs, execution counts, widget state or run metadata (slide types are kept)."""
    clean = copy.deepcopy(notebook)
    metadata = clean.get("metadata", {})
    clean["metadata"] = {key: metadata[key] for key in KEPT_NOTEBOOK_METADATA if key in metadata}
    if "language_info" in clean["metadata"]:
        clean["metadata"]["language_info"] = {"name": clean["metadata"]["language_info"].get("name", "python")}
    for cell in clean.get("cells", []):
        cell["source"] = source_text(cell)
        cell["metadata"] = {key: cell["metadata"][key] for key in KEPT_CELL_METADATA if key in cell.get("metadata", {})}
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        else:
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
            cell.pop("attachments", None)
    return clean


def student_notebook(solution: dict[str, Any]) -> dict[str, Any]:
    """The stripped student version of a solution notebook."""
    student = strip_notebook(solution)
    for cell in student["cells"]:
        if cell["cell_type"] == "code":
            cell["source"] = student_source(cell["source"])
    return student


def unstripped_parts(notebook: dict[str, Any]) -> list[str]:
    """What stripping would remove, in words (empty when clean).

    >>> unstripped_parts({"metadata": {"widgets": {}}, "cells": [{"cell_type": "code", "outputs": [1], "execution_count": 3}]})
    ['notebook metadata widgets', 'cell 0: outputs', 'cell 0: execution count']
    """
    problems = [f"notebook metadata {key}" for key in notebook.get("metadata", {}) if key not in KEPT_NOTEBOOK_METADATA]
    for number, cell in enumerate(notebook.get("cells", [])):
        if cell.get("outputs"):
            problems.append(f"cell {number}: outputs")
        if cell.get("execution_count") is not None:
            problems.append(f"cell {number}: execution count")
        extra = [key for key in cell.get("metadata", {}) if key not in KEPT_CELL_METADATA]
        if extra:
            problems.append(f"cell {number}: metadata {extra}")
    return problems


def read(path: Path) -> dict[str, Any]:
    """Load a notebook file as plain JSON."""
    return json.loads(path.read_text(encoding="utf-8"))


def dumps(notebook: dict[str, Any]) -> str:
    """Serialize the way Jupyter does (indent 1, keys sorted, final newline)."""
    return json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write(path: Path, notebook: dict[str, Any]) -> None:
    """Write atomically, so a crash never leaves half a notebook."""
    temporary = path.with_suffix(".ipynb.tmp")
    temporary.write_text(dumps(notebook), encoding="utf-8")
    temporary.replace(path)


def rise_css_problems() -> list[str]:
    """Where the live slides' style is missing or differs from ``tools/rise.css`` (empty when in place)."""
    wanted = RISE_CSS.read_bytes()
    problems = []
    for folder in (NOTEBOOKS, SOLUTIONS):
        copy_path = folder / RISE_CSS_NAME
        if not copy_path.is_file() or copy_path.read_bytes() != wanted:
            problems.append(
                f"{copy_path.relative_to(ROOT)} is missing or differs from {RISE_CSS.relative_to(ROOT)}: "
                "run python tools/notebooks.py build"
            )
    return problems


def write_rise_css() -> list[Path]:
    """Copy ``tools/rise.css`` beside the student and the solution notebooks (atomically); the copies written."""
    wanted = RISE_CSS.read_bytes()
    written = []
    for folder in (NOTEBOOKS, SOLUTIONS):
        target = folder / RISE_CSS_NAME
        if target.is_file() and target.read_bytes() == wanted:
            continue
        temporary = target.with_suffix(".css.tmp")
        temporary.write_bytes(wanted)
        temporary.replace(target)
        written.append(target)
    return written


def solution_paths() -> list[Path]:
    """The solution notebooks, in order."""
    return sorted(SOLUTIONS.glob("[0-9][0-9]_*.ipynb"))


def build() -> list[Path]:
    """Strip every solution notebook and regenerate its student version."""
    written = []
    for solution_path in solution_paths():
        solution = mark_slides(read(solution_path))
        write(solution_path, strip_notebook(solution))
        student_path = NOTEBOOKS / solution_path.name
        write(student_path, student_notebook(solution))
        written.extend([solution_path, student_path])
    return written + write_rise_css()


def check() -> list[str]:
    """Every problem found, in words (empty when all is in order)."""
    problems = rise_css_problems()
    solutions = solution_paths()
    if not solutions:
        problems.append(f"no solution notebooks in {SOLUTIONS}")
    for solution_path in solutions:
        solution = read(solution_path)
        for part in unstripped_parts(solution):
            problems.append(f"{solution_path.relative_to(ROOT)}: not stripped ({part})")
        for part in slide_problems(solution):
            problems.append(f"{solution_path.relative_to(ROOT)}: {part}: run python tools/notebooks.py build")
        student_path = NOTEBOOKS / solution_path.name
        if not student_path.exists():
            problems.append(f"{student_path.relative_to(ROOT)} is missing: run python tools/notebooks.py build")
            continue
        student = read(student_path)
        for part in unstripped_parts(student):
            problems.append(f"{student_path.relative_to(ROOT)}: not stripped ({part})")
        if dumps(strip_notebook(student)) != dumps(student_notebook(solution)):
            problems.append(
                f"{student_path.relative_to(ROOT)} differs from its solution version: edit "
                f"{solution_path.relative_to(ROOT)} and run python tools/notebooks.py build"
            )
    for student_path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        if not (SOLUTIONS / student_path.name).exists():
            problems.append(
                f"{student_path.relative_to(ROOT)} has no solution version in {SOLUTIONS.relative_to(ROOT)}"
            )
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["build", "check"])
    args = parser.parse_args(argv)
    if args.command == "build":
        for path in build():
            print(f"wrote {path.relative_to(ROOT)}")
        return 0
    problems = check()
    for problem in problems:
        print(problem, file=sys.stderr)
    if not problems:
        print(f"{len(solution_paths())} notebooks: stripped and in sync")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
