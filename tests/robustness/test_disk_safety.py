"""Nothing half-written: every file goes to a temporary file that is renamed into place.

A writer is "killed" midway by making a step of the write fail (the stream's
write, the flush to disk, the rename, or a Ctrl-C): the old file must be
intact and no temporary file may be left. Loading then saving a vocab gives
the same bytes, BERT's 30,522 tokens included.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest
from local_server import Reply, serve

from wordpiece_lib import Vocab, atomic, data
from wordpiece_lib.cli import main
from wordpiece_lib.data import text_sha256

OLD = "[UNK]\nold\n"
PACKAGE = Path(__file__).resolve().parents[2] / "wordpiece_lib"


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.endswith(".tmp"))


class HalfWriteStream:
    """A file object whose ``write`` writes half the data and then fails, like a full disk."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, data: bytes) -> int:
        self._stream.write(data[: len(data) // 2])
        self._stream.flush()
        raise OSError(28, "No space left on device")

    def __getattr__(self, name):
        return getattr(self._stream, name)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._stream.close()


def fail_stream_write(monkeypatch):
    real_fdopen = os.fdopen
    monkeypatch.setattr(atomic.os, "fdopen", lambda *a, **k: HalfWriteStream(real_fdopen(*a, **k)))


def fail_fsync(monkeypatch):
    def broken(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", broken)


def fail_replace(monkeypatch):
    def broken(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", broken)


def interrupt_replace(monkeypatch):
    def interrupted(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(atomic.os, "replace", interrupted)


FAILURES = {
    "stream write": (fail_stream_write, OSError),
    "fsync": (fail_fsync, OSError),
    "rename": (fail_replace, PermissionError),
    "ctrl-c": (interrupt_replace, KeyboardInterrupt),
}


@pytest.mark.parametrize("failure", FAILURES.keys())
def test_vocab_save_killed_midway_keeps_the_old_file(tmp_path, monkeypatch, failure):
    break_it, error = FAILURES[failure]
    path = tmp_path / "vocab.txt"
    path.write_text(OLD, encoding="utf-8")
    break_it(monkeypatch)
    with pytest.raises(error):
        Vocab(["[UNK]", "new", *(f"tok{i}" for i in range(1000))]).save(path)
    assert path.read_text(encoding="utf-8") == OLD
    assert leftovers(tmp_path) == []


@pytest.mark.parametrize("failure", ["stream write", "rename"])
def test_first_save_killed_midway_leaves_no_file(tmp_path, monkeypatch, failure):
    FAILURES[failure][0](monkeypatch)
    with pytest.raises(OSError):
        Vocab(["[UNK]", "new"]).save(tmp_path / "vocab.txt")
    assert list(tmp_path.iterdir()) == []


def test_book_cache_write_killed_midway_caches_nothing(tmp_path, monkeypatch):
    """The download succeeded but writing the cleaned book failed: no cache file, no temporary file."""
    body = "Squire Trelawney wrote. " * 20_000
    raw = f"*** START OF THE PROJECT GUTENBERG EBOOK X ***\n{body}\n*** END OF THE PROJECT GUTENBERG EBOOK X ***\n"
    monkeypatch.setenv(data.DATA_DIR_ENV, str(tmp_path))
    monkeypatch.delenv(data.MIRROR_ENV, raising=False)
    with serve({"/book.txt": Reply(raw.encode())}) as url:
        monkeypatch.setitem(
            data.DATASETS,
            "x",
            data.DataSet(
                "x", "test", (f"{url}/book.txt",), "x.txt", text_sha256(body), len(body), "-", "-", clean="gutenberg"
            ),
        )
        fail_stream_write(monkeypatch)
        with pytest.raises(OSError, match="No space left"):
            data.fetch("x", progress=False)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("failure", ["stream write", "rename"])
def test_cli_outputs_killed_midway_keep_the_old_file(tmp_path, monkeypatch, capsys, failure):
    """train, encode and top-down: exit status 2, one error line, old output untouched, no temporary file."""
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("hug the pug, hug the bun and the puns\n" * 20, encoding="utf-8")
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\nthe\n", encoding="utf-8")
    out = tmp_path / "out.txt"
    commands = [
        ["train", str(corpus), "--vocab-size", "40", "--quiet", "-o", str(out)],
        ["encode", "--vocab", str(vocab), "--lowercase", str(corpus), "-o", str(out)],
        ["top-down", str(corpus), "--vocab-size", "40", "--lower-thresh", "1", "-o", str(out)],
    ]
    FAILURES[failure][0](monkeypatch)
    for command in commands:
        out.write_text(OLD, encoding="utf-8")
        assert main(command) == 2
        error = capsys.readouterr().err
        assert error.startswith("error: ") and error.count("\n") == 1
        assert out.read_text(encoding="utf-8") == OLD
        assert leftovers(tmp_path) == []


def test_saved_file_has_ordinary_permissions_and_keeps_an_existing_files(tmp_path):
    """A saved vocab is as readable as any file the user writes (not the 0600 of a temporary
    file), and replacing a file keeps its permissions."""
    umask = os.umask(0o022)
    try:
        fresh = Vocab(["[UNK]"]).save(tmp_path / "fresh.txt")
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        kept = tmp_path / "kept.txt"
        kept.write_text(OLD, encoding="utf-8")
        kept.chmod(0o640)
        Vocab(["[UNK]", "new"]).save(kept)
        assert stat.S_IMODE(kept.stat().st_mode) == 0o640
    finally:
        os.umask(umask)


def test_bert_vocab_load_then_save_is_byte_identical(bert_vocab_path, tmp_path):
    vocab = Vocab.load(bert_vocab_path)
    assert len(vocab) == 30_522
    copy = vocab.save(tmp_path / "vocab.txt")
    assert copy.read_bytes() == bert_vocab_path.read_bytes()


def test_odd_tokens_round_trip_byte_identical(tmp_path):
    """Tokens with inner spaces, emoji, RTL and line-separator characters survive load and save."""
    tokens = ["[UNK]", "a b", "👍🏽", "##שלום", "p\u2028q", "r\x85s", "é", "e\u0301", "##"]
    data = "".join(f"{token}\n" for token in tokens).encode("utf-8")
    path = tmp_path / "vocab.txt"
    path.write_bytes(data)
    assert Vocab.load(path).tokens == tuple(tokens)
    Vocab.load(path).save(path)
    assert path.read_bytes() == data


def test_every_write_in_the_package_goes_through_atomic():
    """No module writes a file directly, except the site builder, which writes into a fresh
    temporary folder and swaps the whole folder into place (``site._swap_into_place``)."""
    direct = re.compile(r"\.write_text\(|\.write_bytes\(|open\([^)]*['\"][wax]b?\+?['\"]|shutil\.copy|os\.rename\(")
    offenders = []
    for path in sorted(PACKAGE.glob("*.py")):
        if path.name in {"atomic.py", "site.py"}:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            code = line.split("#")[0]
            if direct.search(code) and ">>>" not in line:
                offenders.append(f"{path.name}:{number}: {line.strip()}")
    assert offenders == []
