"""How much memory does each notebook's kernel take at its peak? (what a class of 60 on one server pays)

Run from the repository root::

    python benchmarks/kernel_memory.py                 # every solution notebook, empty data cache
    python benchmarks/kernel_memory.py --only 09 11
    python benchmarks/kernel_memory.py --warm          # with the data cache of earlier runs

1. Runs each solution notebook top to bottom in a fresh kernel (nbclient, as Run All does), one
   notebook at a time, with ``WORDPIECE_DATA_DIR`` pointing at a new empty folder (a fresh clone:
   everything the notebook caches is computed), unless ``--warm``.
2. A probe thread polls the kernel every ``--interval`` seconds (0.1 by default) and reads:
   * the kernel's resident memory (RSS, ``/proc/<pid>/status`` through psutil);
   * the kernel **and every process it started** (``children(recursive=True)``: the worker
     processes of ``count_files(workers=2)`` and the Dask cluster's nannies and workers in 11),
     counted by their proportional set size (PSS, ``/proc/<pid>/smaps_rollup``): a page shared by
     n processes counts 1/n in each, so the sum is the memory they take together (summing their
     RSS would count the shared libraries once per process). The sum of RSS is printed beside it.
3. Prints per notebook: the kernel's RSS just after it started, its peak and the cell where it
   peaked, the peak of the kernel with its children (PSS, and RSS) and the most children seen;
   then the largest peak and what 60 such kernels need. Nothing is asserted:
   ``tests/notebooks/test_kernel_memory_benchmark.py`` runs it on one small notebook and checks its
   output is well formed.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024
BUDGET_MB = 250
CLASS_SIZE = 60


@dataclass
class Peak:
    """What the probe saw while one notebook ran."""

    start_rss: int = 0
    kernel_rss: int = 0
    kernel_cell: int = -1
    total_pss: int = 0
    total_rss: int = 0
    total_cell: int = -1
    children: int = 0
    polls: int = 0
    errors: list[str] = field(default_factory=list)


def pss(pid: int) -> int | None:
    """The proportional set size of ``pid`` in bytes (Linux ``smaps_rollup``), or None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        return None
    return None


class Probe(threading.Thread):
    """Polls a kernel and its children every ``interval`` seconds until stopped; keeps the peaks."""

    def __init__(self, pid: int, interval: float) -> None:
        super().__init__(daemon=True)
        import psutil

        self.process = psutil.Process(pid)
        self.interval = interval
        self.cell = -1
        self.peak = Peak(start_rss=self.process.memory_info().rss)
        self._halt = threading.Event()

    def run(self) -> None:
        import psutil

        while not self._halt.is_set():
            try:
                self.poll(psutil)
            except psutil.Error as error:  # the kernel is going away
                self.peak.errors.append(str(error))
            self._halt.wait(self.interval)

    def poll(self, psutil) -> None:
        peak, cell = self.peak, self.cell
        rss = self.process.memory_info().rss
        if rss > peak.kernel_rss:
            peak.kernel_rss, peak.kernel_cell = rss, cell
        children = self.process.children(recursive=True)
        total_rss, total_pss = rss, pss(self.process.pid) or rss
        for child in children:
            try:
                child_rss = child.memory_info().rss
            except psutil.Error:  # ended between the listing and the reading
                continue
            total_rss += child_rss
            total_pss += pss(child.pid) or child_rss
        if total_pss > peak.total_pss:
            peak.total_pss, peak.total_rss, peak.total_cell = total_pss, total_rss, cell
        peak.children = max(peak.children, len(children))
        peak.polls += 1

    def stop(self) -> Peak:
        self._halt.set()
        self.join(timeout=10)
        return self.peak


def run_notebook(path: Path, data_dir: Path | None, interval: float, timeout: int) -> tuple[Peak, float]:
    """Run ``path`` in a fresh kernel with the probe on it; the peaks and the seconds the cells took."""
    import nbclient
    import nbformat

    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    env = {**os.environ, "WORDPIECE_PROGRESS_DIR": "off", "JUPYTER_PREFER_ENV_PATH": "1"}
    if data_dir is not None:
        env["WORDPIECE_DATA_DIR"] = str(data_dir)
    # The kernel's own warnings (IPKernelApp's) would interleave with the table: they go nowhere.
    with client.setup_kernel(env=env, stderr=subprocess.DEVNULL):
        probe = Probe(client.km.provisioner.process.pid, interval)
        probe.start()
        started = time.perf_counter()
        try:
            for index, cell in enumerate(notebook.cells):
                probe.cell = index
                client.execute_cell(cell, index)
        finally:
            seconds = time.perf_counter() - started
            peak = probe.stop()
    return peak, seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebooks", type=Path, default=REPO_ROOT / "notebooks" / "solutions")
    parser.add_argument("--only", nargs="*", default=None, help="notebook numbers, e.g. 09 11")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between two readings (default 0.1)")
    parser.add_argument("--warm", action="store_true", help="use the data cache as it is (default: an empty one)")
    parser.add_argument("--timeout", type=int, default=900, help="seconds a cell may take")
    args = parser.parse_args(argv)
    if not args.interval > 0:
        parser.error(f"--interval must be a positive number of seconds, got {args.interval}")
    try:
        import psutil  # noqa: F401
    except ImportError:
        print("error: the probe needs psutil (pip install psutil)", file=sys.stderr)
        return 2
    paths = sorted(args.notebooks.glob("[0-9][0-9]_*.ipynb"))
    if args.only:
        paths = [path for path in paths if path.name[:2] in set(args.only)]
    if not paths:
        print(f"error: no numbered notebooks in {args.notebooks}", file=sys.stderr)
        return 1
    load = " ".join(f"{value:.2f}" for value in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(
        f"kernel memory, {platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}; "
        f"{'warm data cache' if args.warm else 'an empty data cache for each notebook'}; "
        f"a reading every {args.interval:g} s; load average {load}"
    )
    print(
        "kernel: the kernel process's RSS; with children: the kernel and every process it started, "
        "by PSS (shared pages divided among the processes), their RSS summed beside it\n"
    )
    print(
        f"{'notebook':<26}{'start MB':>9}{'kernel peak MB':>16}{'cell':>6}"
        f"{'with children MB':>18}{'(RSS sum)':>11}{'cell':>6}{'children':>10}{'run s':>8}"
    )
    peaks = {}
    for path in paths:
        data_dir = None if args.warm else Path(tempfile.mkdtemp(prefix="wordpiece-empty-cache-"))
        try:
            peak, seconds = run_notebook(path, data_dir, args.interval, args.timeout)
        finally:
            if data_dir is not None:
                shutil.rmtree(data_dir, ignore_errors=True)
        peaks[path.stem] = peak
        print(
            f"{path.stem:<26}{peak.start_rss / MB:>9.0f}{peak.kernel_rss / MB:>16.0f}{peak.kernel_cell:>6}"
            f"{peak.total_pss / MB:>18.0f}{peak.total_rss / MB:>11.0f}{peak.total_cell:>6}{peak.children:>10}"
            f"{seconds:>8.1f}",
            flush=True,
        )
    largest_name = max(peaks, key=lambda name: peaks[name].total_pss)
    largest = peaks[largest_name].total_pss / MB
    over = [name for name, peak in peaks.items() if peak.total_pss / MB >= BUDGET_MB]
    print(
        f"\nlargest peak: {largest_name}, {largest:.0f} MB with its children; {CLASS_SIZE} such kernels at once: "
        f"{CLASS_SIZE * largest / 1024:.1f} GB"
    )
    print(f"at or over {BUDGET_MB} MB with children: {', '.join(over) if over else 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
