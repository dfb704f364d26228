"""``wordpiece classroom similarity``: seconds for a class of 60 submissions of one notebook (issue 41's goal: 30 s).

Run from the repository root (a clone)::

    python benchmarks/similarity_speed.py                      # 60 submissions of notebook 04, 1 MB of outputs each
    python benchmarks/similarity_speed.py --class 200 --outputs 3

The class is made from the hand-written answers of ``tests/classroom/similarity_class.py``: each
student takes each answer from one of its seven authors at random (seeded) and renames its
variables, so no two submissions are the same text, and gets data of their own as a graded
release gives. (So many pairs share an author's answer, renamed: copies by construction, and the
pairs listed are many; their page is the largest part of the work after reading the files.) Each submission carries ``--outputs`` MB of cell outputs (a plot's PNG, as a
notebook run before it is handed in has), which the command must read and leave aside.

The measurement is one run of the command as a teacher types it (a new process: start-up, the
import of copydetect, reading every file, every pair, the CSV and the HTML page), best of
``--repeat``. It prints the seconds, the goal, the pairs listed, and the machine's load with the
CPU seconds the command used (on a shared machine the seconds are only as good as the cores the
command got: the CPU time says what it needed).
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests" / "classroom"))

from similarity_class import CLASS, NOTEBOOK, submission  # noqa: E402  (the class's answers, written by hand)

GOAL_SECONDS = 30.0
#: Names a student may give the variables of an answer (each student draws their own).
FRESH_NAMES = ["acc", "bits", "chunk", "cur", "done", "idx", "items", "left", "memo", "nxt", "out", "pos", "rest"]


def renamed(source: str, mapping: dict[str, str]) -> str:
    """``source`` with each whole-word name of ``mapping`` replaced."""
    if not mapping:
        return source
    return re.sub(r"\b(" + "|".join(map(re.escape, mapping)) + r")\b", lambda found: mapping[found.group()], source)


def student_answers(rng: random.Random) -> dict[str, str]:
    """One made-up student: each answer from a random author of the class, its local names renamed."""
    answers = {}
    for key in ("my_encode", "my_word", "my_decode"):
        source = rng.choice(list(CLASS.values()))[key]
        names = sorted(set(re.findall(r"^\s+([a-z_]\w*) = ", source, re.MULTILINE)))
        fresh = rng.sample(FRESH_NAMES, len(names)) if len(names) <= len(FRESH_NAMES) else names
        answers[key] = renamed(source, {old: f"{new}_{rng.randrange(100)}" for old, new in zip(names, fresh)})
    return answers


def write_class(folder: Path, size: int, outputs_mb: float, seed: int = 41) -> list[Path]:
    """``size`` submissions in ``folder/<student>/04_encoding.ipynb``, each with ``outputs_mb`` MB of outputs."""
    rng = random.Random(seed)
    # from a generator of its own, so that the class is the same whatever the outputs' size
    picture = base64.b64encode(random.Random(seed + 1).randbytes(int(outputs_mb * 1_000_000 * 3 / 4))).decode()
    paths = []
    for number in range(size):
        notebook = submission(student_answers(rng), seed=number + 1)
        if picture:
            plot = next(cell for cell in notebook["cells"] if cell["cell_type"] == "code")
            plot["outputs"] = [{"output_type": "display_data", "data": {"image/png": picture}, "metadata": {}}]
        path = folder / f"student{number:03d}" / f"{NOTEBOOK}.ipynb"
        path.parent.mkdir(parents=True)
        path.write_text(json.dumps(notebook), encoding="utf-8")
        paths.append(path)
    return paths


def measure(paths: list[Path], folder: Path) -> tuple[float, float, int]:
    """Seconds for one run of the command over ``paths``, the CPU seconds it used, and how many pairs it listed."""
    output = folder / "pairs.csv"
    command = [sys.executable, "-m", "wordpiece_lib", "classroom", "similarity", *map(str, paths)]
    command += ["--notebook", "04", "-o", str(output), "--html", str(folder / "pairs.html"), "--quiet"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if result.returncode != 0:
        raise SystemExit(f"similarity failed:\n{result.stderr[-2000:]}")
    listed = sum(1 for line in output.read_text(encoding="utf-8").splitlines()[1:] if line.split(",")[1])
    return seconds, cpu, listed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--class", dest="size", type=int, default=60, help="submissions (60)")
    parser.add_argument("--outputs", type=float, default=1.0, help="MB of cell outputs in each submission (1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs measured, the best kept (3)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        paths = write_class(folder, args.size, args.outputs)
        runs = [measure(paths, folder) for _ in range(max(1, args.repeat))]
    seconds, cpu, listed = min(runs)
    pairs = args.size * (args.size - 1) // 2
    verdict = "within" if seconds <= GOAL_SECONDS else "OVER"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"similarity over {args.size} submissions of {NOTEBOOK} ({args.outputs:g} MB of outputs each): "
        f"{seconds:.1f} s, best of {len(runs)} ({verdict} the {GOAL_SECONDS:.0f} s goal)"
    )
    print(f"pairs listed: {listed} of {pairs}")
    print(
        f"machine: {os.cpu_count()} cores, load average {load:.1f} over the last minute; "
        f"the command used {cpu:.1f} s of CPU"
    )


if __name__ == "__main__":
    main()
