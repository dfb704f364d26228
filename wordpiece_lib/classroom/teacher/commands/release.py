"""``wordpiece classroom release``: a folder a teacher hands out, with no solution and no worked answer in it."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import wordpiece_lib
from wordpiece_lib import __version__
from wordpiece_lib.classroom.runtime import BUNDLE_FILE, MODES, RELEASE_FILE, write_bundle
from wordpiece_lib.classroom.runtime.answers import CHECKOUT_ANSWERS
from wordpiece_lib.classroom.teacher.answer_search import (
    answer_lines,
    checkout_answer_texts,
    given_lines,
    search,
    searched_lines,
)

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

examples:
  wordpiece classroom release class-2026/ --mode graded
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


def run(args: argparse.Namespace) -> int:
    """Write the release into a temporary folder beside OUT, search it, then move it into place."""
    output = Path(args.output)
    if output.exists() and (not output.is_dir() or any(output.iterdir())):
        raise ValueError(f"OUT {args.output!r} exists and is not an empty folder: give a new folder")
    if output.resolve().is_relative_to(Path(wordpiece_lib.__file__).resolve().parent):
        raise ValueError(f"OUT {args.output!r} is inside the library's own folder: choose a folder elsewhere")
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
        if output.exists():
            output.rmdir()
        os.replace(staging, output)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    if not args.quiet:
        print(
            f"release ({args.mode}): {len(notebooks)} notebooks, data"
            f"{', ' + wheel if wheel else ''} -> {output}; searched {files} files for {len(lines)} worked-answer "
            "lines: 0 found",
            file=sys.stderr,
        )
    return 0
