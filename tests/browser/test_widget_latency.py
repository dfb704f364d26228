"""benchmarks/widget_latency.py runs and prints what it promises (a small sample: a benchmark, not a timed test).

It drives notebook 03's merge stepper in a live JupyterLab, three samples a control, after the floor
(widgets that do no work). Nothing here judges the times: only that every control was measured, that
each row holds a median, a 95th percentile and a worst time for content and for settled layout, and
that the machine's load is printed beside them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _browser import require_browser
from data_helpers import require_data_for
from tool_helpers import run_benchmark

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser-jupyterlab")]

NUMBER = r"\d+\.\d"
#: One row: notebook, widget, control, visits, n, content median/p95/worst, settled median/p95/worst, load.
ROW = re.compile(
    rf"^(?P<notebook>\S+)\s+(?P<widget>\S+)\s+(?P<control>.+?)\s+(?P<visits>all|first|again|no focus)\s+(?P<n>\d+)\s+"
    rf"(?P<content>{NUMBER}\s+{NUMBER}\s+{NUMBER})\s+(?P<settled>{NUMBER}\s+{NUMBER}\s+{NUMBER})\s+(?P<load>{NUMBER}\d)"
)


def test_the_latency_benchmark_measures_every_control_and_says_so():
    require_browser()
    require_data_for((ROOT / "notebooks" / "solutions" / "03_merge_steps.ipynb").read_text(encoding="utf-8"))
    out = run_benchmark("widget_latency", "--only", "03", "--samples", "3", "--quiet-ms", "150")
    assert re.search(r"load average \S+ \S+ \S+ at the start", out), out[:500]
    rows = [match.groupdict() for match in map(ROW.match, out.splitlines()) if match]
    floor = {row["control"] for row in rows if row["notebook"] == "floor"}
    assert floor == {"Output (outputs set)", "Output (clear_output + print)", "HTML (value set)"}, out
    stepper = [row for row in rows if row["notebook"] == "03" and row["widget"] == "MergeStepper"]
    controls = {row["control"] for row in stepper}
    assert {"first button", "previous button", "next button", "last button"} <= controls, controls
    assert {"merges box (typed)", "merges box (arrow keys)"} <= controls, controls
    for row in stepper + [row for row in rows if row["notebook"] == "floor"]:
        median, p95, worst = map(float, row["content"].split())
        assert 0 < median <= p95 <= worst, row
        settled = list(map(float, row["settled"].split()))
        assert settled[0] >= median - 0.1, row  # the layout settles after the content is on screen, never before
    main_rows = [row for row in stepper if row["visits"] != "no focus"]
    for control in controls:
        taken = sum(int(row["n"]) for row in main_rows if row["control"] == control and row["visits"] != "all")
        taken = taken or sum(int(row["n"]) for row in main_rows if row["control"] == control)
        assert taken >= 3, (control, out)
    assert re.search(r"^over 100 ms at p95 \(content\): \d+ control\(s\)$", out, re.MULTILINE), out[-800:]
