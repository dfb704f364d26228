"""Stopped by a signal at any moment, a command leaves the old output intact and no temporary file.

SIGINT (Ctrl-C) always cleaned up; SIGTERM (``kill``, a CI timeout) and
SIGHUP (a closed terminal) used to end the process on the spot, stranding
hidden ``.NAME.RANDOM.tmp`` files of tens of megabytes beside the output.
Each command runs in a subprocess and is signalled at random moments (seeded,
so a failure can be replayed), and also right after its temporary file
appears, the moment the old code got wrong.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from signal_helpers import as_from_a_terminal

REPO = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}
OLD = "old output, never half-replaced\n"
SIGNALS = [signal.SIGTERM, signal.SIGINT, signal.SIGHUP]


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


@pytest.fixture(scope="module")
def workload(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A corpus large enough that encoding and training take a few seconds, and a vocab for it."""
    folder = tmp_path_factory.mktemp("signals")
    rng = random.Random(16)
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = ["".join(rng.choice(letters) for _ in range(rng.randint(2, 9))) for _ in range(4000)]
    lines = [" ".join(rng.choice(words) for _ in range(12)) + "." for _ in range(120_000)]
    corpus = folder / "corpus.txt"
    corpus.write_text("\n".join(lines) + "\n", encoding="utf-8")
    small = folder / "small.txt"
    small.write_text("\n".join(lines[:20_000]) + "\n", encoding="utf-8")
    vocab = folder / "vocab.txt"
    tokens = dict.fromkeys(["[UNK]", ".", *letters, *(f"##{c}" for c in letters), *words[:500]])
    vocab.write_text("\n".join(tokens) + "\n", encoding="utf-8")
    return {"corpus": corpus, "small": small, "vocab": vocab}


def command(name: str, files: dict[str, Path], out: Path) -> list[str]:
    if name == "encode":
        args = ["encode", "--vocab", str(files["vocab"]), str(files["corpus"]), "-o", str(out)]
    else:
        args = ["train", str(files["small"]), "--vocab-size", "3000", "-o", str(out)]
    return [sys.executable, "-m", "wordpiece_lib", *args, "--quiet"]


def wait_until_working(process: subprocess.Popen[str], inputs: list[Path]) -> None:
    """Until the command has opened one of its inputs (so it is past start-up, in its own code), or ended.

    Python itself prints a traceback for Ctrl-C while it is still importing, before any
    command runs: that moment belongs to the interpreter, not to the command under test.
    """
    names = {str(path) for path in inputs}
    folder = f"/proc/{process.pid}/fd"
    deadline = time.monotonic() + 60
    while process.poll() is None and time.monotonic() < deadline:
        try:
            opened = {os.readlink(f"{folder}/{fd}") for fd in os.listdir(folder)}
        except OSError:
            opened = set()
        if opened & names:
            return
        time.sleep(0.0005)


def run_and_signal(
    argv: list[str], inputs: list[Path], out: Path, signum: int, *, delay: float | None
) -> tuple[int, str]:
    """Start ``argv``; signal it ``delay`` seconds into its work, or (``None``) once its temporary file exists."""
    process = subprocess.Popen(
        argv, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, preexec_fn=as_from_a_terminal
    )
    try:
        if delay is not None:
            wait_until_working(process, inputs)
            time.sleep(delay)
        else:
            deadline = time.monotonic() + 60
            while not leftovers(out.parent) and process.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
        if process.poll() is None:
            process.send_signal(signum)
        _, stderr = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert "Traceback" not in stderr, stderr
    return process.returncode, stderr


_COMPLETE: dict[str, str] = {}


def complete_output(name: str, files: dict[str, Path]) -> str:
    """What ``name`` writes when nothing stops it (run once per command)."""
    if name not in _COMPLETE:
        out = files["corpus"].parent / f"complete-{name}.txt"
        subprocess.run(command(name, files, out), env=ENV, check=True, timeout=300)
        _COMPLETE[name] = out.read_text(encoding="utf-8")
    return _COMPLETE[name]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["encode", "train"])
@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_signal_at_random_moments_leaves_old_output_and_no_temporary_file(workload, tmp_path, name, signum):
    rng = random.Random(f"{name}-{signum}")
    out = tmp_path / "out.txt"
    moments: list[float | None] = [None, rng.uniform(0.0, 1.0), rng.uniform(1.0, 3.0)]
    finished = complete_output(name, workload)
    for delay in moments:
        out.write_text(OLD, encoding="utf-8")
        inputs = [workload["vocab"], workload["corpus"]] if name == "encode" else [workload["small"]]
        status, stderr = run_and_signal(command(name, workload, out), inputs, out, signum, delay=delay)
        assert leftovers(tmp_path) == [], f"{signum.name} after {delay} s left a temporary file"
        content = out.read_text(encoding="utf-8")
        if status == 0:  # finished before the signal: the whole new output
            assert content == finished
        else:
            assert status in (128 + signum, -signum), f"{signum.name} after {delay} s: exit status {status}: {stderr}"
            # A signal that lands after the atomic rename (while the command says goodbye) finds the new
            # output complete; any earlier one must leave the old output. Never anything in between.
            assert content in (OLD, finished), f"{signum.name} after {delay} s left a partial output"


#: Extension modules that only the commands' own imports load (none is loaded by Python's start-up, the
#: console script or ``wordpiece_lib.cli`` itself): once one is mapped, the command is inside its imports.
IMPORT_MARKS = ("_decimal", "_lzma", "_bz2", "_ctypes", "_json")


def mapped_mark(pid: int) -> str | None:
    """The first of ``IMPORT_MARKS`` the process ``pid`` has loaded (Linux: /proc/PID/maps)."""
    try:
        maps = Path(f"/proc/{pid}/maps").read_text()
    except OSError:
        return None
    return next((mark for mark in IMPORT_MARKS if f"/{mark}." in maps), None)


def entry_points() -> list[list[str]]:
    points = [[sys.executable, "-m", "wordpiece_lib"]]
    script = Path(sys.executable).parent / "wordpiece"
    if script.is_file():
        points.append([str(script)])
    return points


#: What a command says, and its exit status, when each signal stops it.
STOPPED = {
    signal.SIGINT: (130, "error: interrupted (Ctrl-C); output files were left as they were\n"),
    signal.SIGTERM: (143, "error: stopped by SIGTERM; output files were left as they were\n"),
    signal.SIGHUP: (129, "error: stopped by SIGHUP; output files were left as they were\n"),
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the moment through /proc/PID/maps")
@pytest.mark.parametrize("entry", entry_points(), ids=lambda entry: Path(entry[-1]).name)
@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_signal_while_the_command_imports_prints_one_line(entry: list[str], signum: int, tmp_path: Path) -> None:
    """Before, Ctrl-C while ``wordpiece`` imported its commands printed Python's traceback (4 to 30 lines), and
    SIGTERM or SIGHUP ended it without a word (143, 129).

    The signal is sent the moment the process has loaded an extension module only the commands import,
    so it lands inside the imports, not after them: a count of standard input then waits for input.
    """
    seen = set()
    for _ in range(3):  # three moments, as the marks come in different orders
        proc = subprocess.Popen([*entry, "count", "-", "-o", str(tmp_path / "c.tsv"), "--quiet"], env=ENV,
                                stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                                preexec_fn=as_from_a_terminal)  # fmt: skip
        mark = None
        deadline = time.monotonic() + 60
        while mark is None and proc.poll() is None and time.monotonic() < deadline:
            mark = mapped_mark(proc.pid)
        proc.send_signal(signum)
        error = proc.communicate(timeout=60)[1]
        assert mark is not None, error
        seen.add(mark)
        assert (proc.returncode, error) == STOPPED[signum]
        assert not (tmp_path / "c.tsv").exists()
    assert seen


@pytest.fixture
def as_a_program_starts():
    """Every answered signal's handler as a command starts with it: Python's default (pytest-xdist's workers
    ignore SIGINT, which a command rightly leaves alone)."""
    previous = {
        signal.SIGINT: signal.signal(signal.SIGINT, signal.default_int_handler),
        signal.SIGTERM: signal.signal(signal.SIGTERM, signal.SIG_DFL),
        signal.SIGHUP: signal.signal(signal.SIGHUP, signal.SIG_DFL),
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_signal_among_the_imports_is_held_until_they_are_done(as_a_program_starts, signum: int) -> None:
    """The race the test above meets about once in 150 tries, made certain: Python drops a
    ``KeyboardInterrupt`` raised inside a weakref callback (importlib's module locks use one), so the
    command must not raise it there. While the command starts every signal is held, and it is raised
    in ordinary code once the imports are done; the default handlers are back afterwards."""
    import gc
    import weakref

    from wordpiece_lib.atomic import TerminatedBySignal
    from wordpiece_lib.cli.signals import answered

    class Thing:
        pass

    callbacks = []
    expected = KeyboardInterrupt if signum == signal.SIGINT else TerminatedBySignal
    with pytest.raises(expected), answered() as answer:
        thing = Thing()
        # The signal arrives while a weakref callback runs, as inside an import's module lock.
        keep = weakref.ref(thing, lambda _: (os.kill(os.getpid(), signum), callbacks.append("ran")))
        del thing
        gc.collect()
        assert callbacks == ["ran"] and keep() is None
        answer.start_working()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL and signal.getsignal(signal.SIGHUP) is signal.SIG_DFL


def test_without_a_signal_the_imports_go_on_and_the_handlers_are_left_as_they_were(as_a_program_starts) -> None:
    from wordpiece_lib.cli.signals import answered

    with answered() as answer:
        inside = signal.getsignal(signal.SIGINT)
        answer.start_working()
    assert inside is not signal.default_int_handler
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)  # a caller's own handler: not replaced
    try:
        with answered():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
@pytest.mark.parametrize("name", ["train", "count", "encode"])
def test_a_signal_once_the_result_is_whole_leaves_exit_status_0(
    as_a_program_starts, monkeypatch, tmp_path: Path, capsys, name: str, signum: int
) -> None:
    """The signal comes the moment the new output has replaced the old: the result is whole, so the
    command says what it wrote and exits 0 (it used to exit 130/143/129, and a script reading ``$?``
    took a whole result for a failed run)."""
    from wordpiece_lib.cli import main

    corpus = tmp_path / "corpus.txt"
    corpus.write_text("hug the pug\nthe pug hugs the bun\n" * 20, encoding="utf-8")
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\nthe\npug\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    out.write_text(OLD, encoding="utf-8")
    argv = {
        "train": ["train", str(corpus), "--vocab-size", "40", "-o", str(out)],
        "count": ["count", str(corpus), "-o", str(out)],
        "encode": ["encode", "--vocab", str(vocab), "--lowercase", str(corpus), "-o", str(out)],
    }[name]
    real_replace = os.replace

    def replace_then_signal(source, target, *rest, **options):
        real_replace(source, target, *rest, **options)
        if Path(target) == out:  # the result's own file is in place: the signal comes now
            os.kill(os.getpid(), signum)

    monkeypatch.setattr(os, "replace", replace_then_signal)
    assert main(argv) == 0
    error = capsys.readouterr().err
    assert error.startswith(f"wrote {out}: ") and error.count("\n") == 1, error
    assert out.read_text(encoding="utf-8") != OLD
    assert leftovers(tmp_path) == []
