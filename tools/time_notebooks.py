"""How long each notebook takes: measured Run All time, and a lesson time worked out from its contents.

Usage (from the repository root)::

    python tools/time_notebooks.py                     # every solution notebook, one after another
    python tools/time_notebooks.py --notebooks notebooks --only 01 05

For each notebook it starts a fresh kernel, then times every cell run in it, as Run All does in an
open notebook (the kernel start is reported apart; one notebook at a time, so the figures are not
slowed down by each other), twice: a **first run**, as on a fresh clone, with ``WORDPIECE_DATA_DIR``
pointing at a new empty folder (what a notebook computes once and keeps in the data cache, such as
09's vocabs, is computed), then a **later run** in a new kernel with that folder as the first run
left it. It counts what a learner works through: words of prose, code cells, exercises and slides.
The lesson time is an estimate from those counts:

    reading: words / 100 per minute (careful reading of technical prose)
    running and looking at the output: 1 minute per code cell (checks and set-up excluded)
    exercises: 8 minutes each (a try, the check, a hint, a second try)
    waiting: the measured first Run All time (a student opens a notebook once)

rounded up to 5 minutes. ``docs/teaching-guide.md`` quotes a run of this script, with the date
and the machine; run it on your own machine before planning a course.

``--write-guide`` writes the table into the guide itself, between its two ``run-all table``
markers, with each notebook's source hash in a comment: ``tests/docs/test_run_all_table.py``
(run in CI) fails when a notebook's counts or sources no longer match the table, so the table is
always a run of this script on the notebooks as they are (the times themselves are never checked:
they depend on the machine).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import platform
import re
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "teaching-guide.md"
BEGIN_MARK = "<!-- BEGIN run-all table: written by `python tools/time_notebooks.py --write-guide` -->"
END_MARK = "<!-- END run-all table -->"
HASHES = re.compile(r"<!-- notebook sources: (?P<pairs>.*?) -->", re.S)
READING_WORDS_PER_MINUTE = 100
MINUTES_PER_CODE_CELL = 1
MINUTES_PER_EXERCISE = 8


@dataclass(frozen=True)
class Timing:
    """What one notebook holds and how long it took to run (``run_seconds``: the first run)."""

    name: str
    run_seconds: float
    words: int
    code_cells: int
    exercises: int
    slides: int
    kernel_seconds: float | None = None
    cpu_seconds: float | None = None
    later_seconds: float | None = None

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


def _kernel_cpu_seconds(client) -> float | None:
    """CPU time (user + system) of the kernel and its finished child processes so far, or None if unreadable."""
    try:
        import psutil

        times = psutil.Process(client.km.provisioner.process.pid).cpu_times()
    except Exception:  # no psutil, a remote kernel, or a provisioner without a local process
        return None
    return times.user + times.system + times.children_user + times.children_system


def source_hash(notebook) -> str:
    """The first 12 hex digits of the SHA-256 of a notebook's cells (type and source; outputs and metadata left out).

    >>> import nbformat
    >>> source_hash(nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# hi")]))
    'a7aeebe6f8e3'
    """
    cells = [[cell.cell_type, cell.source] for cell in notebook.cells]
    return hashlib.sha256(json.dumps(cells, ensure_ascii=False).encode("utf-8")).hexdigest()[:12]


def time_notebook(path: Path, timeout: int = 900, data_dir: Path | None = None) -> Timing:
    """Run ``path`` top to bottom and count its contents (``data_dir``: the data cache folder it gets).

    The kernel is started first and not timed: Run All in JupyterLab runs the
    cells in the kernel the open notebook already has. Its start-up is kept
    apart (``kernel_seconds``), and so is the CPU time the kernel spent on the
    cells, which a busy machine inflates far less than the wall-clock time.
    """
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    words, code_cells, exercises, slides = contents(notebook)
    client = nbclient.NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    kernel_started = time.perf_counter()
    env = {**os.environ, "WORDPIECE_PROGRESS_DIR": "off"}  # no progress file beside the solutions
    if data_dir is not None:
        env["WORDPIECE_DATA_DIR"] = str(data_dir)
    with client.setup_kernel(env=env):
        started = time.perf_counter()
        cpu_before = _kernel_cpu_seconds(client)
        for index, cell in enumerate(notebook.cells):
            client.execute_cell(cell, index)
        run_seconds = time.perf_counter() - started
        cpu_after = _kernel_cpu_seconds(client)
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    return Timing(path.stem, run_seconds, words, code_cells, exercises, slides, started - kernel_started, cpu)


def table(timings: list[Timing]) -> str:
    """The timings as a Markdown table: the first Run All (empty data cache) and a later one apart.

    >>> print(table([Timing("01_a", 30.04, 1500, 20, 4, 9, later_seconds=12.6)]))
    | notebook | first Run All (s) | later Run All (s) | words | code cells | exercises | slides | lesson (min) |
    |---|---:|---:|---:|---:|---:|---:|---:|
    | 01_a | 30 | 13 | 1,500 | 20 | 4 | 9 | 70 |
    """
    lines = [
        "| notebook | first Run All (s) | later Run All (s) | words | code cells | exercises | slides | lesson (min) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for timing in timings:
        later = "" if timing.later_seconds is None else f"{timing.later_seconds:.0f}"
        lines.append(
            f"| {timing.name} | {timing.run_seconds:.0f} | {later} | {timing.words:,} | {timing.code_cells} | "
            f"{timing.exercises} | {timing.slides} | {timing.lesson_minutes} |"
        )
    return "\n".join(lines)


def guide_block(timings: list[Timing], hashes: dict[str, str], measured: str) -> str:
    """The guide's generated block: when and where it was measured, the table, the total, the source hashes."""
    total_seconds = sum(timing.run_seconds for timing in timings)
    later_seconds = sum(timing.later_seconds or 0 for timing in timings)
    total_minutes = sum(timing.lesson_minutes for timing in timings)
    pairs = "; ".join(f"{name} {digest}" for name, digest in hashes.items())
    return (
        f"{BEGIN_MARK}\n{measured}\n\n{table(timings)}\n\n"
        f"In all: {total_seconds:.0f} s of first Run All ({later_seconds:.0f} s later), "
        f"{total_minutes} minutes of lessons.\n"
        f"<!-- notebook sources: {pairs} -->\n{END_MARK}"
    )


def write_guide(block: str, guide: Path = GUIDE) -> None:
    """Put ``block`` in place of the guide's generated block."""
    text = guide.read_text(encoding="utf-8")
    start, end = text.find(BEGIN_MARK), text.find(END_MARK)
    if start < 0 or end < start:
        raise SystemExit(f"error: {guide} has no run-all table markers ({BEGIN_MARK!r} ... {END_MARK!r})")
    guide.write_text(text[:start] + block + text[end + len(END_MARK) :], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebooks", type=Path, default=ROOT / "notebooks" / "solutions")
    parser.add_argument("--only", nargs="*", default=None, help="notebook numbers, e.g. 01 05")
    parser.add_argument(
        "--write-guide", action="store_true", help=f"write the table into {GUIDE.relative_to(ROOT)} (every notebook)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("JUPYTER_PREFER_ENV_PATH", "1")
    paths = sorted(args.notebooks.glob("[0-9][0-9]_*.ipynb"))
    if args.only:
        paths = [path for path in paths if path.name[:2] in set(args.only)]
    if not paths:
        print(f"error: no numbered notebooks in {args.notebooks}", file=sys.stderr)
        return 1
    if args.write_guide and args.only:
        print("error: --write-guide times every notebook (leave out --only)", file=sys.stderr)
        return 1
    timings, hashes, loads = [], {}, []
    later_cpu = 0.0
    for path in paths:
        import shutil
        import tempfile

        import nbformat

        hashes[path.stem] = source_hash(nbformat.read(path, as_version=4))
        data_dir = Path(tempfile.mkdtemp(prefix="wordpiece-fresh-data-"))  # a fresh clone's empty data cache
        try:
            first = time_notebook(path, data_dir=data_dir)
            loads.append(os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan"))
            later = time_notebook(path, data_dir=data_dir)
            loads.append(os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan"))
        finally:
            shutil.rmtree(data_dir, ignore_errors=True)
        timing = replace(first, later_seconds=later.run_seconds)
        timings.append(timing)
        later_cpu += later.cpu_seconds or 0.0
        cpu = "" if first.cpu_seconds is None else f", {first.cpu_seconds:.1f} s of CPU"
        later_cpu_text = "" if later.cpu_seconds is None else f", {later.cpu_seconds:.1f} s of CPU"
        print(
            f"{path.name}: first run {first.run_seconds:.1f} s{cpu}; later run {later.run_seconds:.1f} s"
            f"{later_cpu_text} (kernel start {first.kernel_seconds:.1f} s)",
            file=sys.stderr,
        )
    measured = (
        f"Measured {time.strftime('%Y-%m-%d')} with `python tools/time_notebooks.py` on "
        f"{platform.node() or 'this machine'}: {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"load average {min(loads):.1f} to {max(loads):.1f} during the run (other jobs share the machine)."
    )
    if all(t.cpu_seconds is not None for t in timings):
        cpu_total = sum(t.cpu_seconds or 0 for t in timings)
        starts = sum(t.kernel_seconds or 0 for t in timings)
        measured += (
            f" On the first runs the kernels spent {cpu_total:.0f} s of CPU time on the cells ({later_cpu:.0f} s on "
            f"the later runs), a figure load changes far less; starting the {len(timings)} kernels took "
            f"{starts:.0f} s more (not part of Run All)."
        )
    block = guide_block(timings, hashes, measured)
    if args.write_guide:
        write_guide(block)
        print(f"wrote the table into {GUIDE}", file=sys.stderr)
    else:
        print(block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
