"""Outputs that are not plain files: devices, named pipes and symbolic links are never replaced.

A vocab written to ``/dev/null`` as root used to replace the device with a
regular file; ``-o /dev/stdout`` (a symlink) or a FIFO became a regular file
instead of being written through. The device used here is a private copy of
``/dev/null`` made with ``mknod`` in the test's folder (root only), so a
regression cannot harm the machine's own ``/dev/null``.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from wordpiece_lib import Vocab
from wordpiece_lib.atomic import atomic_write_text, atomic_writer, resolve_output
from wordpiece_lib.cli import main

CORPUS = "hug the pug, hug the bun and the puns\n" * 20


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


@pytest.fixture
def null_device(tmp_path: Path) -> Path:
    """A character device that behaves like /dev/null: a new node in the test's folder when root may make one,
    else /dev/null itself (a user who is not root could not replace it, so a write that tried would fail)."""
    if os.geteuid() != 0:
        return Path(os.devnull)
    device = tmp_path / "null"
    real = os.stat("/dev/null")
    os.mknod(device, stat.S_IFCHR | 0o666, real.st_rdev)
    return device


class FifoReader:
    """Reads everything written to a FIFO on a thread (a writer blocks until someone reads)."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self.data = b""
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        with open(self.path, "rb") as stream:
            self.data = stream.read()

    def result(self) -> bytes:
        self.thread.join(timeout=30)
        assert not self.thread.is_alive(), "nobody wrote to the FIFO"
        return self.data


def test_a_character_device_is_written_through_not_replaced(null_device: Path, tmp_path: Path) -> None:
    Vocab(["[UNK]", "hug"]).save(null_device)
    assert stat.S_ISCHR(null_device.stat().st_mode)
    assert leftovers(tmp_path) == []


def test_cli_output_to_a_device_keeps_the_device(null_device: Path, tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS, encoding="utf-8")
    for command in (
        ["train", str(corpus), "--vocab-size", "40", "--quiet", "-o", str(null_device)],
        ["top-down", str(corpus), "--vocab-size", "40", "--lower-thresh", "1", "--quiet", "-o", str(null_device)],
    ):
        assert main(command) == 0
        assert stat.S_ISCHR(null_device.stat().st_mode)
    assert leftovers(tmp_path) == []


def test_a_fifo_is_written_through(tmp_path: Path) -> None:
    reader = FifoReader(tmp_path / "pipe")
    Vocab(["[UNK]", "hug"]).save(reader.path)
    assert reader.result() == b"[UNK]\nhug\n"
    assert stat.S_ISFIFO(reader.path.lstat().st_mode)
    assert leftovers(tmp_path) == []


def test_a_symlink_to_a_fifo_is_written_through(tmp_path: Path) -> None:
    reader = FifoReader(tmp_path / "pipe")
    link = tmp_path / "stdout-like"
    link.symlink_to(reader.path)
    with atomic_writer(link) as stream:
        stream.write(b"a\n")
        stream.write(b"b\n")
    assert reader.result() == b"a\nb\n"
    assert link.is_symlink() and stat.S_ISFIFO(reader.path.lstat().st_mode)


def test_cli_encode_into_a_fifo(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("hug the pug\n", encoding="utf-8")
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\nthe\n", encoding="utf-8")
    reader = FifoReader(tmp_path / "pipe")
    assert main(["encode", "--vocab", str(vocab), str(corpus), "-o", str(reader.path), "--quiet"]) == 0
    assert reader.result() == b"hug the [UNK]\n"


def test_a_symlink_to_a_regular_file_updates_the_file_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real" / "vocab.txt"
    real.parent.mkdir()
    real.write_text("[UNK]\nold\n", encoding="utf-8")
    real.chmod(0o640)
    link = tmp_path / "vocab.txt"
    link.symlink_to(real)
    Vocab(["[UNK]", "new"]).save(link)
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert real.read_text(encoding="utf-8") == "[UNK]\nnew\n"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert leftovers(tmp_path) == [] and leftovers(real.parent) == []


def test_a_chain_of_symlinks_and_a_dangling_one(tmp_path: Path) -> None:
    """Links are followed to the end; a link to a missing file creates that file."""
    target = tmp_path / "made.txt"
    (tmp_path / "second").symlink_to(target)
    (tmp_path / "first").symlink_to(tmp_path / "second")
    atomic_write_text(tmp_path / "first", "[UNK]\n")
    assert target.read_text(encoding="utf-8") == "[UNK]\n"
    assert (tmp_path / "first").is_symlink() and (tmp_path / "second").is_symlink()


def test_a_symlink_loop_is_a_clear_error(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop")
    with pytest.raises(OSError, match=r"cannot write .*loop: Too many levels of symbolic links"):
        atomic_write_text(loop, "x")
    assert loop.is_symlink()


def test_folders_and_sockets_are_refused(tmp_path: Path) -> None:
    import socket

    with pytest.raises(IsADirectoryError, match="is a folder"):
        atomic_write_text(tmp_path, "x")
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind(str(path))
        with pytest.raises(OSError, match="it is a socket; refusing to write over it"):
            atomic_write_text(path, "x")
    finally:
        server.close()
    assert stat.S_ISSOCK(path.lstat().st_mode)


def test_resolve_output_says_what_happens(tmp_path: Path) -> None:
    assert resolve_output(tmp_path / "new.txt") == ((tmp_path / "new.txt").resolve(), False)
    assert resolve_output("/dev/null") == (Path("/dev/null"), True)
    with pytest.raises(FileNotFoundError, match=r"folder .*missing does not exist"):
        resolve_output(tmp_path / "missing" / "x.txt")
    with pytest.raises(TypeError, match="path must be a str or a path, got NoneType"):
        resolve_output(None)  # type: ignore[arg-type]


def test_output_and_input_the_same_file_through_a_link_is_refused(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(CORPUS, encoding="utf-8")
    link = tmp_path / "link.txt"
    link.symlink_to(corpus)
    hard = tmp_path / "hard.txt"
    os.link(corpus, hard)
    for output in (link, hard):
        assert main(["train", str(corpus), "--vocab-size", "40", "--quiet", "-o", str(output)]) == 2
    assert corpus.read_text(encoding="utf-8") == CORPUS


def test_reading_and_writing_the_same_device_is_not_a_conflict(null_device: Path, tmp_path: Path) -> None:
    """``/dev/stdin`` and ``/dev/stdout`` may both be the terminal: a device is no file to protect."""
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\n", encoding="utf-8")
    assert main(["encode", "--vocab", str(vocab), str(null_device), "-o", str(null_device), "--quiet"]) == 0
