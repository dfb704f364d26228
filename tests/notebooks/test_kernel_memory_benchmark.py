"""benchmarks/kernel_memory.py runs and prints what it promises (on one small notebook: a benchmark, not a test of size).

The numbers are the machine's; this checks that the probe read the kernel (a kernel cannot run a
notebook in less than 20 MB), that the row holds every column, and that the class estimate follows
from the largest peak.
"""

from __future__ import annotations

import re

import pytest
from tool_helpers import run_benchmark

pytestmark = pytest.mark.slow


def test_the_memory_benchmark_prints_each_notebooks_peak():
    pytest.importorskip("psutil")
    pytest.importorskip("nbclient")
    out = run_benchmark("kernel_memory", "--only", "01", "--interval", "0.05")
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
