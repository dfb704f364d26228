"""``wordpiece classroom release``: a folder a teacher hands out, with no solution and no worked answer in it."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import wordpiece_lib
from wordpiece_lib import __version__
from wordpiece_lib.classroom.runtime.answers import BUNDLE_FILE, CHECKOUT_ANSWERS, MODES, RELEASE_FILE, write_bundle

# What only running a release needs (the answer search, the roster) is imported where it is used:
# `wordpiece classroom --help` imports this module too, and answers at once.
if TYPE_CHECKING:
    from wordpiece_lib.classroom.teacher.roster import Student

HELP = """\
Write a student release: the student notebooks, the data, the library as a wheel, and how to install.

No solution notebook goes in, and no worked answer: the answers live with the
solutions (notebooks/solutions/answers/), on the teacher's side.

  --mode self-study   the answers travel scrambled (not encrypted: out of sight,
                      not out of reach), and show_answer opens one only by the
                      hint ladder: after the third wrong try, or once the
                      exercise is done; show_answer(..., now=True) opens nothing
  --mode graded       no answers at all: show_answer says they are off

Before it finishes, the command searches every file of the release (archives
and the wheel opened) for every worked answer (each line of 20 characters or
more of the solution regions and of the fixed answer texts, but those every
student has anyway: the student notebooks' lines and the library's core) and
stops with status 2, writing nothing, if it finds one.

It needs a clone of the workshop (its notebooks, data and solutions) and
setuptools (to build the wheel; --no-wheel leaves it out).

With --roster roster.csv --secret-file FILE (graded only), the release is one
folder per student, OUT/<student id>/, each a whole release whose exercises
work on that student's own variant of the data (words, toy corpora, pairs):
a value copied from a classmate is wrong for the copier. Each variant comes
from the HMAC of the student's id keyed by the secret, so grade regenerates
it from the same roster and secret; keep the secret file out of OUT and out of
the students' reach. The roster is a CSV file with a header line: a
"student" column (one row per student id) and optionally "name" and
"submission" (see docs/grading.md). Self-study releases and the repository's
notebooks keep the course's own data.

examples:
  wordpiece classroom release class-2026/ --mode graded
  wordpiece classroom release class-2026/ --mode graded --roster roster.csv --secret-file course.secret
  wordpiece classroom release self-study/ --mode self-study
"""

#: The extra a student installs: the notebooks 01-08 need nothing more (09-11 need [notebooks]).
STUDENT_EXTRA = "student"
#: The files of a checkout the wheel is built from.
WHEEL_SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's arguments."""
    parser.add_argument("output", metavar="OUT", help="the release's folder (new, or empty)")
    parser.add_argument(
        "--mode", required=True, choices=MODES, help="self-study (answers by the hint ladder) or graded (none)"
    )
    parser.add_argument(
        "--no-wheel", action="store_true", help="leave the wheel out (students install from PyPI or a clone)"
    )
    parser.add_argument(
        "--roster", metavar="CSV", help="graded only: one folder per student of this roster, each with its own variant"
    )
    parser.add_argument(
        "--secret-file", metavar="FILE", help="the course's secret (16 bytes or more) the variants come from"
    )


def checkout_root() -> Path:
    """The clone of the workshop this package runs from (``ValueError`` when it runs from an installed wheel)."""
    root = Path(wordpiece_lib.__file__).resolve().parents[1]
    needed = [root / "pyproject.toml", root / "notebooks" / "solutions", root / "data", root / CHECKOUT_ANSWERS]
    missing = [path for path in needed if not path.exists()]
    if missing:
        raise ValueError(
            f"a release is made from a clone of the workshop (notebooks, data, solutions), but this wordpiece_lib "
            f"runs from {root}, which has no {missing[0].relative_to(root)}: run the command with a clone's .venv"
        )
    return root


def check_student_notebooks(root: Path) -> list[Path]:
    """The student notebooks, after ``tools/notebooks.py check`` says they match their solutions."""
    done = subprocess.run(
        [sys.executable, str(root / "tools" / "notebooks.py"), "check"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
    )
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise ValueError(
            "the student notebooks are not in step with their solutions "
            f"({reason[-1] if reason else 'tools/notebooks.py check failed'}): run tools/notebooks.py build first"
        )
    notebooks = sorted((root / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    for path in notebooks:
        if "# BEGIN SOLUTION" in path.read_text(encoding="utf-8"):
            raise ValueError(f"{path} holds a solution region: run tools/notebooks.py build")
    return notebooks


#: The oldest setuptools that reads pyproject.toml's ``license = "MIT"`` (PEP 639).
SETUPTOOLS_NEEDED = 77


def pip_reason(stdout: str, stderr: str) -> str:
    """Why pip failed, in its own words: its error lines, else the end of what it printed.

    >>> pip_reason("Processing ./x\\n", "  error: subprocess-exited-with-error\\n  ValueError: bad license\\nnote: ...\\n")
    'error: subprocess-exited-with-error | ValueError: bad license'
    """
    lines = [line.strip() for line in (stderr + "\n" + stdout).splitlines() if line.strip()]
    telling = [
        line
        for line in lines
        if any(word in line.lower() for word in ("error", "invalid", "exception", "failed", "must be", "not supported"))
        and not line.lower().startswith(("note:", "hint:"))
    ]
    chosen = list(dict.fromkeys(telling))[-8:] or lines[-8:]
    return " | ".join(chosen)[-2000:] or "pip said nothing (exit status only)"


def build_wheel(root: Path, into: Path) -> Path:
    """Build the library's wheel from the checkout (no network, no build isolation) into ``into``."""
    if importlib.util.find_spec("setuptools") is None:
        raise ModuleNotFoundError("setuptools is needed to build the wheel", name="setuptools")
    from importlib.metadata import version

    found = version("setuptools")
    if int(found.split(".")[0]) < SETUPTOOLS_NEEDED:
        raise ValueError(
            f'the wheel could not be built: setuptools {found} is too old for pyproject.toml (license = "MIT" '
            f"needs {SETUPTOOLS_NEEDED} or newer): {sys.executable} -m pip install 'setuptools>={SETUPTOOLS_NEEDED}'"
        )
    with tempfile.TemporaryDirectory(prefix="wordpiece-wheel-") as scratch:
        source = Path(scratch) / "source"
        source.mkdir()
        for name in WHEEL_SOURCES:
            shutil.copy2(root / name, source / name)
        ignore = shutil.ignore_patterns("__pycache__", "cache", "*.egg-info")
        shutil.copytree(root / "wordpiece_lib", source / "wordpiece_lib", ignore=ignore)
        shutil.copytree(root / "data", source / "data", ignore=ignore)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "--no-index",
                "-w",
                str(into),
                str(source),
            ],
            capture_output=True,
            text=True,
            timeout=600,
        )
        if done.returncode != 0:
            raise ValueError(f"the wheel could not be built: {pip_reason(done.stdout, done.stderr)}")
    (wheel,) = into.glob("*.whl")
    return wheel


def readme(mode: str, wheel: str | None) -> str:
    """The release's README: how a student installs and opens the notebooks, and what the checks do."""
    install = (
        f'python -m pip install "wheels/{wheel}[{STUDENT_EXTRA}]"   # notebooks 01-08, with JupyterLab\n'
        f'# or "wheels/{wheel}[notebooks]" for all notebooks (09-11 need more), or\n'
        f'# "wheels/{wheel}[kernel]" inside a Jupyter you already have (a JupyterHub, Colab, VS Code)'
        if wheel
        else f'python -m pip install "wordpiece-lib[{STUDENT_EXTRA}]=={__version__}"'
    )
    answers = (
        'Worked answers are off in this edition: `show_answer("name")` says so. Each check still tells you '
        "what to look at, and from your second try it adds hints."
        if mode == "graded"
        else 'A worked answer opens with `show_answer("name")` after your third wrong try at an exercise (each '
        "wrong try first adds a hint), or once you have done it."
    )
    return f"""# WordPiece workshop: student edition ({mode})

## Install (once)

With Python 3.11 or newer, in this folder:

```bash
python -m venv .venv
source .venv/bin/activate          # Windows: .venv\\Scripts\\activate
{install}
```

## Open the notebooks

```bash
export WORDPIECE_DATA_MIRROR="$PWD/data"   # Windows (PowerShell): $env:WORDPIECE_DATA_MIRROR = "$PWD\\data"
jupyter lab notebooks/
```

`data/` holds every data set the notebooks read, so nothing is downloaded.

## The exercises

A *Your turn* cell holds a stub: replace `TODO` (or the `raise NotImplementedError` line) and run
the check cell below it. {answers}

`progress()` lists your exercises as done, wrong or not started. It is kept in a small file beside
each notebook (`.wordpiece-progress-NN.json`), so it survives a restart of the kernel; your teacher
may collect it. It is what your notebook reports about itself: your marks come from your teacher's
grading of the notebook you hand in.

Running the whole notebook (Run All) stops at the first wrong answer; an exercise not started yet
does not stop it.
"""


#: The call of a course notebook's first cell that a variant's release gives the student's variant id.
_START_CALL = re.compile(r"start_notebook\((?P<arguments>[^()\n]*)\)")


def variant_notebook(text: str, name: str, student: str, variant: str) -> str:
    """A student notebook's text for one student: its first cell starts their variant, its metadata names it.

    >>> cell = {"cell_type": "code", "metadata": {}, "source": 'start_notebook("01 · x")', "outputs": []}
    >>> text = variant_notebook(json.dumps({"cells": [cell], "metadata": {}}), "01_x.ipynb", "ada", "0123456789abcdef")
    >>> json.loads(text)["cells"][0]["source"]
    'start_notebook("01 · x", variant="0123456789abcdef")'
    """
    from wordpiece_lib.classroom.runtime.variants import check_variant

    notebook = json.loads(text)
    first = next((cell for cell in notebook.get("cells", []) if cell.get("cell_type") == "code"), None)
    source = (
        "".join(first["source"])
        if first is not None and isinstance(first["source"], list)
        else (first or {}).get("source", "")
    )
    changed, found = _START_CALL.subn(
        lambda call: f'start_notebook({call["arguments"]}, variant="{check_variant(variant)}")',
        source,
        count=1,
    )
    if first is None or not found:
        raise ValueError(f"{name}: its first code cell calls no start_notebook(...), so no variant can be set in it")
    first["source"] = changed
    notebook.setdefault("metadata", {})["wordpiece"] = {"student": student, "variant": variant}
    return json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"


def _link_tree(source: Path, target: Path) -> None:
    """``target`` as a copy of ``source``, its files hard links where the file system allows (60 students, one data)."""

    def link(from_path: str, to_path: str) -> None:
        try:
            os.link(from_path, to_path)
        except OSError:
            shutil.copy2(from_path, to_path)

    shutil.copytree(source, target, copy_function=link)


def _variants_wanted(args: argparse.Namespace) -> tuple[list[Any], bytes] | None:
    """The roster and the secret, when ``--roster`` asks for variants (one-line errors naming the option)."""
    roster, secret_file = getattr(args, "roster", None), getattr(args, "secret_file", None)
    if roster is None and secret_file is None:
        return None
    if roster is None or secret_file is None:
        given, missing = ("--roster", "--secret-file") if roster is not None else ("--secret-file", "--roster")
        raise ValueError(f"{given} needs {missing} too: the variants come from the roster's ids and the secret")
    if args.mode != "graded":
        raise ValueError(
            f"--roster: variants are for a graded release; --mode {args.mode} keeps the course's own data (drop "
            "--roster and --secret-file, or use --mode graded)"
        )
    from wordpiece_lib.classroom.teacher.roster import read_roster, read_secret

    students = read_roster(roster)
    secret = read_secret(secret_file)
    output = Path(args.output).resolve()
    if Path(secret_file).resolve().is_relative_to(output):
        raise ValueError(
            f"--secret-file {secret_file} is inside OUT {args.output!r}: keep the secret out of the release"
        )
    return students, secret


def run(args: argparse.Namespace) -> int:
    """Write the release into a temporary folder beside OUT, search it, then move it into place."""
    from wordpiece_lib.classroom.teacher.answer_search import (
        answer_lines,
        checkout_answer_texts,
        given_lines,
        search,
        searched_lines,
    )

    output = Path(args.output)
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise ValueError(f"OUT {args.output!r} exists and is not an empty folder: give a new folder")
    if output.resolve().is_relative_to(Path(wordpiece_lib.__file__).resolve().parent):
        raise ValueError(f"OUT {args.output!r} is inside the library's own folder: choose a folder elsewhere")
    wanted = _variants_wanted(args)
    root = checkout_root()
    notebooks = check_student_notebooks(root)
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}-", dir=output.parent))
    try:
        folder = staging / "notebooks"
        folder.mkdir()
        for path in notebooks:
            shutil.copy2(path, folder / path.name)
        marker = {"format": "wordpiece-release/1", "mode": args.mode, "version": __version__}
        (folder / RELEASE_FILE).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
        (folder / ".gitignore").write_text(".wordpiece-progress-*.json\n", encoding="utf-8")
        if args.mode == "self-study":
            sources = {
                path.stem: path.read_text(encoding="utf-8") for path in sorted((root / CHECKOUT_ANSWERS).glob("*.py"))
            }
            (folder / BUNDLE_FILE).write_bytes(write_bundle(sources))
        shutil.copytree(root / "data", staging / "data", ignore=shutil.ignore_patterns("cache", "__pycache__"))
        wheel = None if args.no_wheel else build_wheel(root, staging / "wheels").name
        (staging / "README.md").write_text(readme(args.mode, wheel), encoding="utf-8")
        given = given_lines(root)
        lines = searched_lines(answer_lines(text for _, text in checkout_answer_texts(root)), given)
        hits, files = search(staging, lines)
        if hits:
            shown = "; ".join(f"{hit.where.replace(str(staging), str(output))}: {hit.line!r}" for hit in hits[:3])
            raise ValueError(f"the release would hold {len(hits)} worked-answer lines, so nothing was written: {shown}")
        if wanted is not None:
            files += _one_folder_per_student(staging, notebooks, *wanted, lines=lines, wheel=wheel)
        if output.exists():
            output.rmdir()
        os.replace(staging, output)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    if not args.quiet:
        each = f"{len(wanted[0])} students' folders, each with " if wanted is not None else ""
        print(
            f"release ({args.mode}): {each}{len(notebooks)} notebooks, data"
            f"{', ' + wheel if wheel else ''} -> {output}; searched {files} files for {len(lines)} worked-answer "
            "lines: 0 found",
            file=sys.stderr,
        )
    return 0


def _one_folder_per_student(
    staging: Path, notebooks: list[Path], students: list[Student], secret: bytes, *, lines: list[str], wheel: str | None
) -> int:
    """Turn the release in ``staging`` into one folder per student, each with its variant; how many files were searched.

    The data and the wheel are the same for everyone (hard links where the file
    system allows); each student's notebooks and README are their own, searched
    for worked answers as the shared part was.
    """
    from wordpiece_lib.classroom.teacher.answer_search import search
    from wordpiece_lib.classroom.teacher.roster import variants_of

    common = staging / ".common"
    common.mkdir()
    for part in [path for path in staging.iterdir() if path != common]:
        os.replace(part, common / part.name)
    variants = variants_of(students, secret)
    searched = 0
    for student in students:
        folder = staging / student.student
        folder.mkdir()
        for part in common.iterdir():
            if part.name == "notebooks":
                continue
            if part.is_dir():
                _link_tree(part, folder / part.name)
            elif part.name != "README.md":
                shutil.copy2(part, folder / part.name)
        variant = variants[student.student]
        mine = folder / "notebooks"
        mine.mkdir()
        for path in (common / "notebooks").iterdir():
            if path.suffix == ".ipynb":
                text = variant_notebook(path.read_text(encoding="utf-8"), path.name, student.student, variant)
                (mine / path.name).write_text(text, encoding="utf-8")
            elif path.name == RELEASE_FILE:
                marker = {
                    **json.loads(path.read_text(encoding="utf-8")),
                    "student": student.student,
                    "variant": variant,
                }
                (mine / path.name).write_text(json.dumps(marker, indent=1) + "\n", encoding="utf-8")
            else:
                shutil.copy2(path, mine / path.name)
        whose = f"{student.name} ({student.student})" if student.name else student.student
        note = (
            f"\n## Your own exercises\n\nThis copy is {whose}'s: its exercises work on data of your own (variant "
            f"`{variant}`), so a classmate's values are not your answers.\n"
        )
        (folder / "README.md").write_text(readme("graded", wheel) + note, encoding="utf-8")
        hits, files = search(mine, lines)
        searched += files
        if hits:
            raise ValueError(
                f"{student.student}'s notebooks would hold a worked-answer line, so nothing was written: {hits[0].line!r}"
            )
    shutil.rmtree(common)
    return searched
