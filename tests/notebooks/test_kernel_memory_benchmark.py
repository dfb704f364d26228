"""benchmarks/kernel_memory.py runs and prints what it promises (on one small notebook: a benchmark, not a test of size).

The numbers are the machine's; this checks that the probe read the kernel (a kernel cannot run a
notebook in less than 20 MB), that the row holds every column, and that the class estimate follows
from the largest peak.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "kernel_memory.py"

pytestmark = pytest.mark.slow


def test_the_memory_benchmark_prints_each_notebooks_peak():
    pytest.importorskip("psutil")
    pytest.importorskip("nbclient")
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--only", "01", "--interval", "0.05"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    out = result.stdout
    assert re.search(r"load average \d+\.\d\d \d+\.\d\d \d+\.\d\d", out), out[:400]
    row = re.search(
        r"^01_character_splitting\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+\.\d)$",
        out,
        re.MULTILINE,
    )
    assert row, out
    start, kernel, kernel_cell, with_children, rss_sum, _, children, seconds = row.groups()
    assert 20 <= int(start) <= int(kernel), out
    # At the same moment a process's PSS is at most its RSS (shared pages are divided); 01 starts no process.
    assert 20 < int(with_children) <= int(rss_sum) and int(children) == 0 and float(seconds) > 0, out
    assert int(kernel_cell) >= 0, out  # the cell running when the kernel peaked
    largest = re.search(r"largest peak: 01_character_splitting, (\d+) MB with its children; 60 such kernels at once: "
                        r"(\d+\.\d) GB", out)  # fmt: skip
    assert largest and int(largest[1]) == int(with_children), out
    assert abs(float(largest[2]) - 60 * int(with_children) / 1024) <= 0.06, out
