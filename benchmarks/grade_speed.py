"""``wordpiece classroom grade``: seconds per submission with and without the sandbox, and a class of 60.

Run from the repository root (a clone: the submissions are its solution notebooks, every answer right)::

    python benchmarks/grade_speed.py                       # notebooks 01 and 12, 6 submissions each way
    python benchmarks/grade_speed.py --notebook 01 --count 10
    python benchmarks/grade_speed.py --class 60 --jobs 2   # also a class of 60 per notebook, sandboxed
    python benchmarks/grade_speed.py --sandbox podman      # one sandbox only (docker: also --image NAME)

Each measurement is one run of the command as a teacher types it (a new process, start-up
included), over ``--count`` copies of the solution notebook, first with ``--no-sandbox`` and
then in each sandbox (bubblewrap, and podman containers where podman can run one; a sandbox that
cannot run here is named with ``grade``'s reason), all with ``--jobs 1``. It prints the seconds
per submission each way and each sandbox's ratio to none. With ``--class N`` it also grades N
copies in the first sandbox with ``--jobs``, and prints the total against issue 39's goal: a class of 60 in at most 5 minutes on 2 cores.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = {"01": "01_character_splitting", "12": "12_unigram"}
CLASS_GOAL_SECONDS = 300.0


def grade(folder: Path, count: int, notebook: str, *options: str) -> tuple[float, int]:
    """Seconds for one ``grade`` run over ``count`` copies of the solution, and how many rows said done."""
    solution = REPO_ROOT / "notebooks" / "solutions" / f"{NOTEBOOKS[notebook]}.ipynb"
    paths = []
    for number in range(count):
        path = folder / f"student{number:03d}.ipynb"
        shutil.copyfile(solution, path)
        paths.append(str(path))
    output = folder / "grades.csv"
    started = time.perf_counter()
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "wordpiece_lib",
            "classroom",
            "grade",
            *paths,
            "--notebook",
            notebook,
            "-o",
            str(output),
            *options,
        ],
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        raise SystemExit(f"grade failed:\n{result.stderr[-2000:]}")
    with open(output, newline="", encoding="utf-8") as handle:
        done = sum(row["status"] == "done" for row in csv.DictReader(handle))
    return seconds, done


def usable(sandbox: str, image: str | None) -> str | None:
    """None when ``grade --sandbox sandbox`` can run here, else grade's own one-line reason."""
    from wordpiece_lib.classroom.teacher.grading import Limits, SandboxUnavailable, find_container, find_sandbox

    try:
        if sandbox == "bwrap":
            find_sandbox(Limits())
        else:
            find_container(sandbox, Limits(), image=image if sandbox == "docker" else None)
    except SandboxUnavailable as missing:
        return str(missing)
    return None


def sandbox_options(sandbox: str, image: str | None) -> list[str]:
    """``grade``'s options for one way of running: no sandbox, bubblewrap, or a container runtime."""
    if sandbox == "none":
        return ["--no-sandbox"]
    return ["--sandbox", sandbox, *(["--image", image] if image and sandbox == "docker" else [])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebook", choices=sorted(NOTEBOOKS), action="append", help="01 or 12 (both)")
    parser.add_argument("--count", type=int, default=6, help="submissions per measured run (6)")
    parser.add_argument("--class", dest="class_size", type=int, default=0, help="also grade a class of N, sandboxed")
    parser.add_argument("--jobs", type=int, default=2, help="--jobs for the class (2)")
    parser.add_argument(
        "--sandbox",
        choices=("bwrap", "podman", "docker"),
        action="append",
        help="the sandboxes measured against none (bwrap, and podman where it can run; docker needs --image)",
    )
    parser.add_argument("--image", help="the image of --sandbox docker (see docs/grading.md)")
    args = parser.parse_args()
    wanted = args.sandbox or ["bwrap", "podman"]
    sandboxes = []
    for sandbox in wanted:
        reason = usable(sandbox, args.image)
        if reason is None:
            sandboxes.append(sandbox)
        else:
            print(f"--sandbox {sandbox} not measured: {reason}")
    for notebook in args.notebook or sorted(NOTEBOOKS):
        with tempfile.TemporaryDirectory() as temporary:
            plain, plain_done = grade(Path(temporary), args.count, notebook, "--no-sandbox")
        print(f"{notebook}: {plain / args.count:.2f} s per submission without a sandbox; rows done: {plain_done}")
        for sandbox in sandboxes:
            with tempfile.TemporaryDirectory() as temporary:
                boxed, boxed_done = grade(Path(temporary), args.count, notebook, *sandbox_options(sandbox, args.image))
            print(
                f"{notebook}: {boxed / args.count:.2f} s per submission in {sandbox} "
                f"(x{boxed / plain:.2f} of none); rows done: {boxed_done}"
            )
        if args.class_size and sandboxes:
            options = sandbox_options(sandboxes[0], args.image)
            with tempfile.TemporaryDirectory() as temporary:
                seconds, done = grade(Path(temporary), args.class_size, notebook, "--jobs", str(args.jobs), *options)
            verdict = "within" if seconds <= CLASS_GOAL_SECONDS else "OVER"
            print(
                f"{notebook}: a class of {args.class_size}, in {sandboxes[0]}, --jobs {args.jobs}: {seconds:.0f} s "
                f"({seconds / args.class_size:.2f} s each; {verdict} the {CLASS_GOAL_SECONDS:.0f} s goal); "
                f"rows done: {done}"
            )


if __name__ == "__main__":
    main()
