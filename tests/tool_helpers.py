"""The tests' way to the scripts in ``tools/`` and ``benchmarks/``: they are scripts, not a package, so each is loaded
from its file (a tool) or run as a process (a benchmark)."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
TOOLS = ROOT / "tools"


def load_tool(name: str, module_name: str | None = None) -> ModuleType:
    """``tools/<name>.py``, run once as the module ``module_name`` (``name`` unless given), listed in ``sys.modules``.

    Listed, so that its dataclasses (which look their module up) work.
    """
    module_name = module_name or name
    spec = importlib.util.spec_from_file_location(module_name, TOOLS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def run_benchmark(name: str, *arguments: str) -> str:
    """What ``benchmarks/<name>.py ARGUMENTS`` prints, run from the checkout; it must end well and, as every
    benchmark does, say the machine's load average (its figures are the machine's)."""
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / f"{name}.py"), *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert re.search(r"load average \d+\.\d\d \d+\.\d\d \d+\.\d\d", result.stdout), result.stdout[:500]
    return result.stdout
