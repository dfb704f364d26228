"""How fast does each command answer ``--help`` and a bad argument, and what does it load to do so?

Run from the repository root::

    python benchmarks/startup_speed.py             # every command, 9 runs each
    python benchmarks/startup_speed.py --runs 21   # steadier medians on a busy machine
    python benchmarks/startup_speed.py --repo ../other-checkout   # the same figures for another checkout

A command that only has to print its help, or say in one line that an
argument is wrong, should come back at once: the goal is under 0.15 s, as a
whole process. For every command (``wordpiece --help`` lists them) this times,
as whole processes started the way a user starts them (``python -m
wordpiece_lib``), the median of ``--runs`` runs of:

* ``COMMAND --help``;
* ``COMMAND --no-such-flag`` (a usage error, exit status 2);

and the same for the program itself (``--help`` with no command lists them all),
beside the floor: ``python -c pass`` (the interpreter alone; each time is also
given as a ratio to it, which a busy machine moves less) and ``python -c
"import wordpiece_lib"``. Then, from ``python -X importtime``, what each
command loads for ``--help``: the number of modules in all, how many are the
library's, which of the library's, and the slowest imports. The machine's load
is printed too: on a shared machine, read the medians with it. The compiled
modules are cached in a temporary folder (a first run of each command fills
it), as an installed copy has them; ``--no-cache`` measures every start
compiling them, as ``PYTHONDONTWRITEBYTECODE`` does. Nothing is asserted: the
script prints figures and the ratio of each to the goal.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]

#: What a command's --help and a usage error should take at most, as a whole process.
GOAL_SECONDS = 0.15

#: The package whose modules are counted apart.
LIBRARY = "wordpiece_lib"


#: Where the compiled modules go (``--cache``): out of the checkout, as an installed copy keeps its own.
BYTECODE = {"PYTHONPYCACHEPREFIX": ""}


def environment(repo: Path) -> dict[str, str]:
    """This process's environment with ``repo``'s library first on the path (and the bytecode cache, if any)."""
    env = {**os.environ, "PYTHONPATH": str(repo)}
    if BYTECODE["PYTHONPYCACHEPREFIX"]:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(BYTECODE)
    return env


def commands(repo: Path) -> list[str]:
    """The commands ``python -m wordpiece_lib --help`` lists, in its order."""
    help_text = subprocess.run(
        [sys.executable, "-m", LIBRARY, "--help"], capture_output=True, text=True, env=environment(repo), check=True
    ).stdout
    listed = help_text.split("\ncommands:\n", 1)[1].split("\n\n", 1)[0]
    return re.findall(r"^ {4}([a-z][a-z-]*)\s", listed, flags=re.MULTILINE)


def median_seconds(argv: list[str], repo: Path, runs: int) -> tuple[float, int]:
    """The median wall-clock seconds of ``argv`` as a whole process, and its exit status."""
    times = []
    status = 0
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, env=environment(repo), cwd=repo)
        times.append(time.perf_counter() - start)
        status = done.returncode
    return statistics.median(times), status


class Imports:
    """What one process imported, as ``python -X importtime`` tells it."""

    def __init__(self, report: str) -> None:
        # Lines are "import time: self [us] | cumulative | name", the name indented by nesting.
        self.rows = []
        for line in report.splitlines():
            match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \| ( *)(\S+)", line)
            if match:
                self.rows.append((int(match[1]), int(match[2]), len(match[3]) // 2, match[4]))

    @property
    def modules(self) -> list[str]:
        return [name for _, _, _, name in self.rows]

    @property
    def library(self) -> list[str]:
        return [name for name in self.modules if name == LIBRARY or name.startswith(LIBRARY + ".")]

    @property
    def seconds(self) -> float:
        """The time spent importing: the sum of every module's own time."""
        return sum(own for own, _, _, _ in self.rows) / 1e6

    def slowest(self, count: int) -> list[tuple[str, float]]:
        """The ``count`` imports whose own time is largest."""
        ranked = sorted(self.rows, key=lambda row: row[0], reverse=True)[:count]
        return [(name, own / 1e6) for own, _, _, name in ranked]


def imports_of(argv: list[str], repo: Path) -> Imports:
    done = subprocess.run(
        [sys.executable, "-X", "importtime", *argv], capture_output=True, text=True, env=environment(repo), cwd=repo
    )
    return Imports(done.stderr)


def load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "unknown"
    return f"{one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} CPUs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each process (the median is printed)")
    parser.add_argument("--repo", type=Path, default=REPO_ROOT, help="the checkout whose library is measured")
    parser.add_argument("--slowest", type=int, default=5, help="imports listed per command, slowest first")
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="compile every module at every start, as with PYTHONDONTWRITEBYTECODE (default: a bytecode cache in a "
        "temporary folder, filled by a first run, as an installed copy has one)",
    )
    options = parser.parse_args()
    repo = options.repo.resolve()
    python = [sys.executable]
    with tempfile.TemporaryDirectory(prefix="startup-bytecode-") as cache:
        if not options.no_cache:
            BYTECODE["PYTHONPYCACHEPREFIX"] = cache
        measure(repo, python, options)


def measure(repo: Path, python: list[str], options: argparse.Namespace) -> None:
    cached = "compiled modules cached" if BYTECODE["PYTHONPYCACHEPREFIX"] else "every module compiled at every start"
    print(f"Start-up of {repo} (Python {sys.version.split()[0]}, {cached}; machine load {load()})")
    print(f"Whole processes, median of {options.runs} runs each; goal: under {GOAL_SECONDS:.2f} s\n")

    floor, _ = median_seconds([*python, "-c", "pass"], repo, options.runs)
    bare, _ = median_seconds([*python, "-c", f"import {LIBRARY}"], repo, options.runs)
    importing = f'python -c "import {LIBRARY}"'
    print(f"{'python -c pass':<34}{floor:>8.3f} s")
    print(f"{importing:<34}{bare:>8.3f} s\n")

    # The program's own --help (it lists every command) first, as "(program)", then each command's.
    names = ["", *commands(repo)]
    for name in names:  # a first run of each, which fills the bytecode cache
        words = [name] if name else []
        subprocess.run([*python, "-m", LIBRARY, *words, "--help"], capture_output=True, env=environment(repo), cwd=repo)
    print(f"{'command':<14}{'--help':>9}{'/goal':>7}{'/python':>9}{'bad flag':>10}{'/goal':>7}{'/python':>9}"
          f"{'status':>8}{'modules':>9}{'library':>9}{'imports':>9}")  # fmt: skip
    loaded: dict[str, Imports] = {}
    worst = 0.0
    for name in names:
        words = [name] if name else []
        command = [*python, "-m", LIBRARY, *words]
        helped, _ = median_seconds([*command, "--help"], repo, options.runs)
        refused, status = median_seconds([*command, "--no-such-flag"], repo, options.runs)
        label = name or "(program)"
        loaded[label] = imports_of(["-m", LIBRARY, *words, "--help"], repo)
        found = loaded[label]
        worst = max(worst, helped, refused)
        print(
            f"{label:<14}{helped:>8.3f}s{helped / GOAL_SECONDS:>6.2f}x{helped / floor:>8.2f}x"
            f"{refused:>9.3f}s{refused / GOAL_SECONDS:>6.2f}x{refused / floor:>8.2f}x"
            f"{status:>8}{len(found.modules):>9}{len(found.library):>9}{found.seconds:>8.3f}s"
        )
    verdict = "every one under the goal" if worst < GOAL_SECONDS else "NOT every one under the goal"
    print(f"\nslowest median {worst:.3f} s = {worst / GOAL_SECONDS:.2f}x the goal: {verdict}")
    print("('/python' is the ratio to python -c pass, steadier than seconds on a busy machine; 'imports' is the")
    print(" time python -X importtime counts, the interpreter's own start included)\n")

    for name, found in loaded.items():
        short = sorted(module.removeprefix(LIBRARY + ".") for module in found.library)
        print(f"{name} --help loads {len(found.library)} of the library's modules: {', '.join(short)}")
        slowest = ", ".join(f"{module} {seconds * 1000:.1f} ms" for module, seconds in found.slowest(options.slowest))
        print(f"  slowest imports (own time): {slowest}")


if __name__ == "__main__":
    main()
