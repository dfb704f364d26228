"""Temporary files a killed writer left behind are removed by the next write of the same output, and only those.

``kill -9`` runs no clean-up: about 1 kill in 110 during a vocab and settings
write left a hidden temporary file, and later writes never removed it. A
temporary file's name now says who wrote it (process id and start time, and the
machine), so the next write removes those whose writer is gone, and never one
that a writer still running is filling.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib import atomic
from wordpiece_lib.cli import main
from wordpiece_lib.side_files import settings_path

REPO = Path(__file__).resolve().parents[2]

#: A writer that starts a result of ``argv[1:]`` (one temporary file each), says so, and waits for a line on its
#: standard input before it finishes: killed in between, it leaves its temporary files.
WRITER = """
import sys
from wordpiece_lib.atomic import atomic_group
with atomic_group() as group:
    for path in sys.argv[1:]:
        with group.stream(path) as stream:
            stream.write(b"from the writer\\n")
    print("started", flush=True)
    sys.stdin.readline()
"""


def start_writer(*targets: Path) -> subprocess.Popen[str]:
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, *map(str, targets)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert writer.stdout is not None and writer.stdout.readline() == "started\n"
    return writer


def temporaries(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith((".tmp", ".old")))


def killed_writer(*targets: Path) -> list[str]:
    """The temporary files of a writer of ``targets`` killed with SIGKILL halfway."""
    writer = start_writer(*targets)
    writer.kill()
    writer.wait(timeout=60)
    left = temporaries(targets[0].parent)
    assert len(left) == len(targets)
    return left


def test_a_killed_writers_temporary_file_goes_with_the_next_write(tmp_path: Path) -> None:
    target = tmp_path / "tokens.txt"
    killed_writer(target)
    atomic.atomic_write_bytes(target, b"hug\n")
    assert temporaries(tmp_path) == [] and target.read_bytes() == b"hug\n"


def test_a_running_writers_temporary_file_is_left_alone(tmp_path: Path) -> None:
    """Two writers of one output at once: the second neither removes the first's file nor spoils its result."""
    target = tmp_path / "tokens.txt"
    writer = start_writer(target)
    try:
        left = temporaries(tmp_path)
        atomic.atomic_write_bytes(target, b"hug\n")
        assert temporaries(tmp_path) == left and target.read_bytes() == b"hug\n"
        writer.communicate("go on\n", timeout=60)
        assert writer.returncode == 0
    finally:
        if writer.poll() is None:
            writer.kill()
    assert temporaries(tmp_path) == [] and target.read_bytes() == b"from the writer\n"


def test_a_reused_process_id_does_not_keep_a_file_alive(tmp_path: Path) -> None:
    """A process of the writer's id that started at another time is not the writer: its file is stale."""
    target = tmp_path / "tokens.txt"
    started = atomic._start_of(os.getpid())
    if not started:
        pytest.skip("no process start times here (/proc/PID/stat)")
    name = atomic._temporary_name(target.name)
    stale = name.replace(f".{os.getpid()}-{started}-", f".{os.getpid()}-{started - 1}-")
    (tmp_path / stale).write_bytes(b"half")
    (tmp_path / name).write_bytes(b"this very process's own")
    assert atomic.remove_stale_temporaries(target) == [stale]
    assert temporaries(tmp_path) == [name]


def test_files_whose_writer_cannot_be_told_are_kept(tmp_path: Path) -> None:
    """Another machine's writer (a shared folder), the old names without a writer, other outputs' files."""
    target = tmp_path / "tokens.txt"
    mine = atomic._temporary_name(target.name)
    host = atomic._host_mark()
    elsewhere = mine.replace(f"-{host}-", f"-{'0000' if host != '0000' else '1111'}-").replace(
        f".{os.getpid()}-", ".4194999-"
    )
    kept = [elsewhere, ".tokens.txt.0a1b2c3d4e5f.tmp", ".other.txt.4194999-12-" + host + "-00000000.tmp"]
    for name in kept:
        (tmp_path / name).write_bytes(b"half")
    atomic.atomic_write_bytes(target, b"hug\n")
    assert temporaries(tmp_path) == sorted(kept)


def test_train_removes_what_a_killed_train_left_of_the_vocab_and_its_settings(tmp_path: Path) -> None:
    corpus = tmp_path / "book.txt"
    corpus.write_text("hug the pug and the bun\n" * 10, encoding="utf-8")
    vocab = tmp_path / "vocab.txt"
    killed_writer(vocab, settings_path(vocab))
    assert main(["train", str(corpus), "--vocab-size", "30", "--quiet", "-o", str(vocab)]) == 0
    assert temporaries(tmp_path) == []
    assert vocab.read_text(encoding="utf-8").startswith("[PAD]\n[UNK]\n")


def test_a_writer_killed_while_it_switches_leaves_nothing_for_long(tmp_path: Path) -> None:
    """SIGKILL between the backups of the old files and the last rename: the next write clears the backups."""
    target = tmp_path / "vocab.txt"
    atomic.atomic_write_bytes(target, b"old\n")
    script = (
        "import os, signal, sys\n"
        "from wordpiece_lib import atomic\n"
        "real = os.replace\n"
        "def replace(source, target, *rest):\n"
        "    if str(target).endswith('.settings.json'):\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "    real(source, target, *rest)\n"
        "atomic.os.replace = replace\n"
        "with atomic.atomic_group() as group:\n"
        "    group.add(sys.argv[1], b'new\\n')\n"
        "    group.add(sys.argv[1] + '.settings.json', b'{}')\n"
    )
    killed = subprocess.run(
        [sys.executable, "-c", script, str(target)], env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=60
    )
    assert killed.returncode == -signal.SIGKILL
    assert temporaries(tmp_path)  # a backup of the old vocab and the settings' temporary file
    atomic.atomic_write_bytes(target, b"newer\n")
    assert [name for name in temporaries(tmp_path) if ".vocab.txt." in name and "settings" not in name] == []
