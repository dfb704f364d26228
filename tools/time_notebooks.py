"""How long each notebook takes: measured Run All time, and a lesson time worked out from its contents.

Usage (from the repository root)::

    python tools/time_notebooks.py                     # every solution notebook, one after another
    python tools/time_notebooks.py --notebooks notebooks --only 01 05

For each notebook it runs every cell in a fresh kernel (one notebook at a time, so the
figures are not slowed down by each other) and counts what a learner works through: words of
prose, code cells, exercises and slides. The lesson time is an estimate from those counts:

    reading: words / 100 per minute (careful reading of technical prose)
    running and looking at the output: 1 minute per code cell (checks and set-up excluded)
    exercises: 8 minutes each (a try, the check, a hint, a second try)
    waiting: the measured Run All time

rounded up to 5 minutes. ``docs/teaching-guide.md`` quotes a run of this script, with the date
and the machine; run it on your own machine before planning a course.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READING_WORDS_PER_MINUTE = 100
MINUTES_PER_CODE_CELL = 1
MINUTES_PER_EXERCISE = 8


@dataclass(frozen=True)
class Timing:
    """What one notebook holds and how long it took to run."""

    name: str
    run_seconds: float
    words: int
    code_cells: int
    exercises: int
    slides: int

    @property
    def lesson_minutes(self) -> int:
        """The estimated class time, rounded up to 5 minutes.

        >>> Timing("01", 30.0, 1500, 20, 4, 9).lesson_minutes
        70
        """
        minutes = (
            self.words / READING_WORDS_PER_MINUTE
            + self.code_cells * MINUTES_PER_CODE_CELL
            + self.exercises * MINUTES_PER_EXERCISE
            + self.run_seconds / 60
        )
        return 5 * math.ceil(minutes / 5)


def contents(notebook) -> tuple[int, int, int, int]:
    """Words of prose, code cells to look at, exercises, and slides of a notebook."""
    words = sum(len(re.findall(r"\w+", cell.source)) for cell in notebook.cells if cell.cell_type == "markdown")
    checks = [cell for cell in notebook.cells if cell.cell_type == "code" and cell.source.startswith("%%ipytest")]
    code = [
        cell
        for cell in notebook.cells
        if cell.cell_type == "code"
        and not cell.source.startswith("%%ipytest")
        and cell.metadata.get("slideshow", {}).get("slide_type") != "skip"
    ]
    slides = sum(
        cell.metadata.get("slideshow", {}).get("slide_type") in ("slide", "subslide") for cell in notebook.cells
    )
    return words, len(code), len(checks), slides


def time_notebook(path: Path, timeout: int = 900) -> Timing:
    """Run ``path`` top to bottom in a fresh kernel and count its contents."""
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    words, code_cells, exercises, slides = contents(notebook)
    client = nbclient.NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    started = time.perf_counter()
    client.execute()
    return Timing(path.stem, time.perf_counter() - started, words, code_cells, exercises, slides)


def table(timings: list[Timing]) -> str:
    """The timings as a Markdown table.

    >>> print(table([Timing("01_a", 30.04, 1500, 20, 4, 9)]))
    | notebook | Run All (s) | words | code cells | exercises | slides | lesson (min) |
    |---|---:|---:|---:|---:|---:|---:|
    | 01_a | 30 | 1,500 | 20 | 4 | 9 | 70 |
    """
    lines = [
        "| notebook | Run All (s) | words | code cells | exercises | slides | lesson (min) |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for timing in timings:
        lines.append(
            f"| {timing.name} | {timing.run_seconds:.0f} | {timing.words:,} | {timing.code_cells} | "
            f"{timing.exercises} | {timing.slides} | {timing.lesson_minutes} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks" / "solutions")
    parser.add_argument("--only", nargs="*", default=None, help="notebook numbers, e.g. 01 05")
    args = parser.parse_args(argv)
    os.environ.setdefault("JUPYTER_PREFER_ENV_PATH", "1")
    paths = sorted(args.notebooks.glob("[0-9][0-9]_*.ipynb"))
    if args.only:
        paths = [path for path in paths if path.name[:2] in set(args.only)]
    if not paths:
        print(f"error: no numbered notebooks in {args.notebooks}", file=sys.stderr)
        return 1
    timings = []
    for path in paths:
        timings.append(time_notebook(path))
        print(f"{path.name}: {timings[-1].run_seconds:.1f} s", file=sys.stderr)
    print(f"Measured {time.strftime('%Y-%m-%d')} on {platform.node() or 'this machine'}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}:\n")  # fmt: skip
    print(table(timings))
    total = sum(timing.lesson_minutes for timing in timings)
    print(f"\nIn all: {sum(t.run_seconds for t in timings):.0f} s of Run All, {total} minutes of lessons.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
