"""Counting processes: no more than the parts and CPUs, a clear end when one is lost or cannot start, none left behind.

Before: ``count --workers 100`` on a small input started about 100 processes;
when fork failed (a limit on processes) the command hung; a killed worker
gave an internal error; SIGKILL of ``count --workers 2`` left its workers
running; Ctrl-C during ``count --dask local`` printed 49 lines and more.
Times are bounded by subprocess timeouts and polling deadlines only.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from signal_helpers import as_from_a_terminal

from wordpiece_lib.counting import available_cpus, find_sources
from wordpiece_lib.counting.local_count import usable_workers

REPO = Path(__file__).resolve().parents[2]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
LINUX = sys.platform.startswith("linux")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "wordpiece_lib", *args]


def environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(REPO)}


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux: /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_for(condition, deadline: float = 120.0) -> bool:
    """Poll ``condition`` until it holds or ``deadline`` seconds pass (a bound, not a timing)."""
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture(scope="module")
def big_corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """About 100 MB: long enough to count that a test can act while the workers run."""
    path = tmp_path_factory.mktemp("big") / "big.txt"
    with open(path, "w", encoding="utf-8") as stream:
        for _ in range(40):
            stream.write("hug the pug and the bun\n" * 100_000)
    return path


def test_workers_are_capped_by_parts_and_cpus(tmp_path: Path) -> None:
    small = tmp_path / "small.txt"
    small.write_text("hug\n" * 1000, encoding="utf-8")
    sources = find_sources([small])
    assert usable_workers(sources, 1 << 20, 100) == 1
    assert usable_workers(sources, 100, 100) == min(available_cpus(), 100)
    assert usable_workers(sources, 100, 1) == 1


@pytest.mark.skipif(not LINUX, reason="counts child processes through /proc")
def test_workers_100_starts_no_more_than_the_cpus(big_corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "c.tsv"
    proc = subprocess.Popen(command("count", str(big_corpus), "--workers", "100", "-o", str(out), "--quiet"),
                            env=environment(), stderr=subprocess.PIPE, text=True)  # fmt: skip
    most = 0
    while proc.poll() is None:
        most = max(most, len(children(proc.pid)))
        time.sleep(0.05)
    assert proc.wait(timeout=600) == 0, proc.stderr.read() if proc.stderr else ""
    assert 1 <= most <= available_cpus() + 1  # the workers, and multiprocessing's resource tracker at most


@pytest.mark.skipif(not LINUX, reason="finds the workers through /proc")
def test_workers_die_with_their_parent_even_by_sigkill(big_corpus: Path, tmp_path: Path) -> None:
    proc = subprocess.Popen(command("count", str(big_corpus), str(big_corpus), "--workers", "2", "-o",
                                    str(tmp_path / "c.tsv"), "--quiet"), env=environment())  # fmt: skip
    try:
        assert wait_for(lambda: len(children(proc.pid)) >= 2), "the workers did not start"
        workers = children(proc.pid)
        proc.kill()
        proc.wait(timeout=60)
        assert wait_for(lambda: not any(alive(pid) for pid in workers)), "workers outlived their parent"
    finally:
        proc.kill()


@pytest.mark.skipif(not LINUX, reason="finds the workers through /proc")
def test_a_lost_worker_ends_the_command_with_one_line(big_corpus: Path, tmp_path: Path) -> None:
    out = tmp_path / "c.tsv"
    proc = subprocess.Popen(command("count", str(big_corpus), str(big_corpus), "--workers", "2", "-o", str(out)),
                            env=environment(), stderr=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert wait_for(lambda: len(children(proc.pid)) >= 2), "the workers did not start"
        os.kill(min(children(proc.pid)), signal.SIGKILL)
        error = proc.communicate(timeout=300)[1]
    finally:
        proc.kill()
    assert proc.returncode == 2, error
    assert error.count("\n") == 1 and "a counting process ended before its part was counted" in error
    assert not out.exists()


@pytest.mark.skipif(
    not IS_ROOT or not shutil.which("setpriv") or not shutil.which("prlimit"),
    reason="a limit on processes binds only a user who is not root: needs root, setpriv and prlimit to become one",
)
@pytest.mark.parametrize("limit", [2, 3])
def test_a_failed_fork_ends_the_command_with_one_line(open_folder: Path, limit: int) -> None:
    """Under ``ulimit -u``: the fork (2) or the pool's thread (3) cannot start; before, the command hung."""
    corpus = open_folder / "book.txt"
    corpus.write_text("hug the pug and the bun\n" * 800_000, encoding="utf-8")
    corpus.chmod(0o644)
    out = open_folder / "c.tsv"
    as_nobody = ["prlimit", f"--nproc={limit}", "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    result = subprocess.run([*as_nobody, *command("count", str(corpus), "--workers", "2", "-o", str(out))],
                            env=environment(), capture_output=True, text=True, timeout=300)  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and "cannot start 2 counting processes" in result.stderr
    assert "give fewer workers" in result.stderr and not out.exists()


@pytest.mark.parametrize("after", [2.0, 8.0])
def test_ctrl_c_during_a_dask_count_prints_one_line(big_corpus: Path, tmp_path: Path, after: float) -> None:
    """SIGINT to the whole process group, as a terminal's Ctrl-C: while the cluster starts, and while it counts."""
    pytest.importorskip("distributed")
    out = tmp_path / "c.tsv"
    # 16 copies: on a quiet machine 4 were counted within 8 s; the signal ends the count, so more cost nothing
    args = ["count", *[str(big_corpus)] * 16, "--dask", "local", "--workers", "2", "-o", str(out), "--quiet"]
    proc = subprocess.Popen(command(*args), env=environment(), stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=as_from_a_terminal)  # fmt: skip
    time.sleep(after)  # not a timing: the signal may come at any moment; both moments are tested
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGINT)
    error = proc.communicate(timeout=300)[1]
    if proc.returncode == 0:
        pytest.skip("the count ended before the signal (a very fast machine)")
    assert proc.returncode == 130, error
    assert error == "error: interrupted (Ctrl-C); output files were left as they were\n"
    assert not out.exists()


def dask_command() -> str:
    return str(Path(sys.executable).parent / "dask")


def start_scheduler() -> tuple[str, subprocess.Popen]:
    """A Dask scheduler on a free local port, without a dashboard: its address and its process."""
    address = f"tcp://127.0.0.1:{free_port()}"
    host, port = address.removeprefix("tcp://").split(":")
    scheduler = subprocess.Popen([dask_command(), "scheduler", "--host", host, "--port", port, "--no-dashboard"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    return address, scheduler


def start_worker(address: str) -> subprocess.Popen:
    """A one-thread Dask worker for ``address``, in a session of its own (its nanny and it are killed together)."""
    return subprocess.Popen([dask_command(), "worker", address, "--nthreads", "1", "--no-dashboard"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)  # fmt: skip


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.skipif(not shutil.which("dask", path=str(Path(sys.executable).parent)), reason="needs the dask command")
def test_a_lost_dask_scheduler_ends_the_count_with_one_line(big_corpus: Path, tmp_path: Path) -> None:
    """Before, the count waited for ever (or ended with an internal error and pages of log)."""
    address, scheduler = start_scheduler()
    worker = subprocess.Popen([dask_command(), "worker", address, "--nthreads", "1", "--no-dashboard"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    out = tmp_path / "c.tsv"
    try:
        # 16 copies, so a quiet machine is still counting at 8 s; losing the scheduler ends the count early
        args = ["count", *[str(big_corpus)] * 16, "--dask", address, "-o", str(out), "--quiet"]
        proc = subprocess.Popen(command(*args), env=environment(), stderr=subprocess.PIPE, text=True)
        time.sleep(8)  # not a timing: the scheduler is lost at some moment while the count runs or starts
        scheduler.kill()
        error = proc.communicate(timeout=300)[1]
    finally:
        for process in (scheduler, worker):
            process.kill()
            process.wait(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the count ended before the scheduler was lost (a very fast machine)")
    assert proc.returncode == 2, error
    assert error.count("\n") == 1 and error.startswith("error: ") and "internal error" not in error
    assert address in error and not out.exists()


@pytest.mark.skipif(not shutil.which("dask", path=str(Path(sys.executable).parent)), reason="needs the dask command")
def test_losing_every_dask_worker_ends_the_count_promptly_with_one_line(big_corpus: Path, tmp_path: Path) -> None:
    """Before, the count waited 60 s (and more) once its last worker was gone; now it ends within
    ``WORKERLESS_SECONDS`` of the loss. The worker and its nanny are killed together (SIGKILL to its
    process group), so nothing starts it again."""
    distributed = pytest.importorskip("distributed")
    from wordpiece_lib.counting.dask_count import WORKERLESS_SECONDS

    address, scheduler = start_scheduler()
    worker = start_worker(address)
    out = tmp_path / "c.tsv"
    proc = None
    try:
        with distributed.Client(address, timeout="60s") as watcher:
            args = ["count", *[str(big_corpus)] * 6, "--dask", address, "-o", str(out), "--quiet"]
            proc = subprocess.Popen(command(*args), env=environment(), stderr=subprocess.PIPE, text=True)
            # The loss comes while a part is being counted: the scheduler shows a task on the worker.
            assert wait_for(lambda: any(watcher.processing().values()) or proc.poll() is not None)
            os.killpg(worker.pid, signal.SIGKILL)
            lost_at = time.monotonic()
            error = proc.communicate(timeout=300)[1]
            waited = time.monotonic() - lost_at
    finally:
        for process in (proc, scheduler, worker):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=60)
    if proc.returncode == 0:
        pytest.skip("the count ended before the worker was lost (a very fast machine)")
    assert proc.returncode == 2, error
    assert error.count("\n") == 1 and error.startswith("error: lost every Dask worker") and address in error
    assert "internal error" not in error and not out.exists()
    # A bound, not a timing: the old code waited 60 s; the new one WORKERLESS_SECONDS plus its polls.
    assert waited < WORKERLESS_SECONDS + 30, waited


@pytest.mark.skipif(not shutil.which("dask", path=str(Path(sys.executable).parent)), reason="needs the dask command")
def test_a_cluster_that_never_had_a_worker_is_told_apart_from_one_that_lost_them(tmp_path: Path) -> None:
    """The count looks at the workers every few seconds, so a worker can start and die between two looks
    (the race CI met once). Which end it was comes from the scheduler's record of removed workers: a worker
    that held a task of this count was lost; no record means the cluster never had one for it."""
    distributed = pytest.importorskip("distributed")
    from wordpiece_lib.counting.dask_count import _removed_a_worker_of

    address, scheduler = start_scheduler()
    worker = None
    try:
        with distributed.Client(address, timeout="60s") as client:
            ours, other = "a" * 32, "b" * 32
            held = client.submit(time.sleep, 600, key=f"count-{ours}-0", pure=False)
            assert not _removed_a_worker_of(client, ours)  # no worker yet: none was lost
            worker = start_worker(address)
            assert wait_for(lambda: any(client.processing().values()))
            os.killpg(worker.pid, signal.SIGKILL)
            assert wait_for(lambda: not client.nthreads())
            assert _removed_a_worker_of(client, ours)
            assert not _removed_a_worker_of(client, other)  # another count's worker, not this one's
            del held
    finally:
        for process in (scheduler, worker):
            if process is not None and process.poll() is None:
                process.kill()
                process.wait(timeout=60)


@pytest.mark.skipif(not shutil.which("dask", path=str(Path(sys.executable).parent)), reason="needs the dask command")
def test_a_count_on_a_cluster_without_workers_ends_with_one_line_saying_so(tmp_path: Path) -> None:
    address, scheduler = start_scheduler()
    text = tmp_path / "words.txt"
    text.write_text("hug the pug\n", encoding="utf-8")
    out = tmp_path / "c.tsv"
    try:
        proc = subprocess.run(command("count", str(text), "--dask", address, "-o", str(out), "--quiet"),
                              env=environment(), capture_output=True, text=True, timeout=300)  # fmt: skip
    finally:
        scheduler.kill()
        scheduler.wait(timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and proc.stderr.startswith("error: found no Dask worker in"), proc.stderr
    assert address in proc.stderr and not out.exists()
