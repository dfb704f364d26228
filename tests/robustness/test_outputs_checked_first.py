"""An output that cannot be written is refused before any input is read, and a tokenizer folder is never mixed.

``count``, ``train`` and ``top-down`` used to do the whole job and only then
say "cannot write" for a folder that takes no new file (read-only, immutable,
on a read-only mount) or an immutable side file. Each case here gives the
command an input that can never be read (a FIFO nobody writes to): a command
that reached its input would wait for ever, so a prompt one-line refusal shows
the output was checked first. Standard output, devices and FIFOs are written as
they are and never tried.

The read-only folder is met as the user ``nobody`` (root may write anywhere);
the immutable files and the read-only mount need root: those cases are skipped
otherwise.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from command_helpers import IS_ROOT, NOBODY, run_cli, small_disk

from wordpiece_lib import WordPieceTokenizer
from wordpiece_lib.cli import main
from wordpiece_lib.side_files import settings_path

TEXT = "Hug the pug. The pug hugs back!\nBuns and puns, hugs and pugs.\n" * 5


def command_line(command: str, source: Path, out: Path, vocab: Path) -> list[str]:
    return {
        "count": ["count", str(source), "-o", str(out)],
        "train": ["train", str(source), "--vocab-size", "40", "-o", str(out)],
        "top-down": ["top-down", str(source), "--vocab-size", "40", "-o", str(out)],
        "encode": ["encode", "--vocab", str(vocab), "--lowercase", str(source), "-o", str(out)],
    }[command]


@pytest.fixture
def stalled(open_folder: Path) -> Path:
    """An input that can never be read: a FIFO nobody opens for writing."""
    fifo = open_folder / "stalled.txt"
    os.mkfifo(fifo)
    fifo.chmod(0o666)
    return fifo


@pytest.fixture
def vocab(open_folder: Path) -> Path:
    path = open_folder / "vocab.txt"
    path.write_text("[UNK]\nhug\n", encoding="utf-8")
    path.chmod(0o644)
    return path


@contextlib.contextmanager
def immutable(*paths: Path) -> Iterator[None]:
    """The files or folders made immutable (``chattr +i``) for the block; a skip where that cannot be done."""
    done = []
    try:
        for path in paths:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode != 0:
                pytest.skip(f"cannot make {path} immutable here (chattr +i)")
            done.append(path)
        yield
    finally:
        for path in done:
            subprocess.run(["chattr", "-i", str(path)], check=True)


COMMANDS = ["count", "train", "top-down", "encode"]


@pytest.mark.skipif(not IS_ROOT or not shutil.which("setpriv"), reason="acting as another user needs root and setpriv")
@pytest.mark.parametrize("command", COMMANDS)
def test_a_read_only_folder_is_refused_before_any_input_is_read(open_folder, stalled, vocab, command) -> None:
    locked = open_folder / "locked"
    locked.mkdir(mode=0o755)  # root's: the user nobody may not make a file in it
    result = run_cli(*command_line(command, stalled, locked / "out.txt", vocab), user=NOBODY, timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"cannot write {locked / 'out.txt'}: no file can be made in {locked}" in result.stderr
    assert "Permission denied" in result.stderr and ".tmp" not in result.stderr
    assert list(locked.iterdir()) == []


@pytest.mark.skipif(not IS_ROOT or not shutil.which("chattr"), reason="making a folder immutable needs root and chattr")
@pytest.mark.parametrize("command", COMMANDS)
def test_an_immutable_folder_is_refused_before_any_input_is_read(open_folder, stalled, vocab, command) -> None:
    frozen = open_folder / "frozen"
    frozen.mkdir()
    with immutable(frozen):
        result = run_cli(*command_line(command, stalled, frozen / "out.txt", vocab), timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"cannot write {frozen / 'out.txt'}: no file can be made in {frozen}" in result.stderr
    assert list(frozen.iterdir()) == []


@pytest.mark.parametrize("command", ["count", "train"])
def test_a_read_only_mount_is_refused_before_any_input_is_read(open_folder, stalled, vocab, command) -> None:
    with small_disk(open_folder / "mount", read_only=True) as mount:
        result = run_cli(*command_line(command, stalled, mount / "out.txt", vocab), timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "Read-only file system" in result.stderr and f"cannot write {mount / 'out.txt'}" in result.stderr


@pytest.mark.skipif(not IS_ROOT or not shutil.which("chattr"), reason="making a file immutable needs root and chattr")
@pytest.mark.parametrize("command", ["count", "train"])
def test_an_immutable_side_file_is_refused_before_any_input_is_read(open_folder, stalled, vocab, command) -> None:
    corpus = open_folder / "book.txt"
    corpus.write_text(TEXT, encoding="utf-8")
    out = open_folder / "out.txt"
    assert run_cli(*command_line(command, corpus, out, vocab), "--quiet").returncode == 0
    side = settings_path(out)
    before = out.read_bytes(), side.read_bytes()
    with immutable(side):
        result = run_cli(*command_line(command, stalled, out, vocab), timeout=60)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"cannot replace {side}: the system does not let it change" in result.stderr
    assert (out.read_bytes(), side.read_bytes()) == before


def test_streams_devices_and_fifos_are_written_as_they_are(tmp_path: Path, capsys) -> None:
    """The check makes no file beside ``/dev/null`` (it could not), and a FIFO output is written through."""
    corpus = tmp_path / "book.txt"
    corpus.write_text(TEXT, encoding="utf-8")
    assert main(["count", str(corpus), "--quiet", "-o", "/dev/null"]) == 0
    assert main(["count", str(corpus), "--quiet", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("Hug\t")
    fifo = tmp_path / "counts.fifo"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    assert main(["count", str(corpus), "--quiet", "-o", str(fifo)]) == 0
    assert reader.communicate(timeout=60)[0].startswith(b"Hug\t")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["book.txt", "counts.fifo"]


# -- a tokenizer folder is one tokenizer -----------------------------------------------------------------------------


def train(corpus: Path, out: Path, *flags: str) -> int:
    return main(["train", str(corpus), "--vocab-size", "40", "--quiet", *flags, "-o", str(out)])


@pytest.mark.parametrize("alone", ["vocab.txt", "tokenizer.json"])
def test_one_file_of_a_tokenizer_folder_is_not_replaced_alone(corpus: Path, tmp_path: Path, capsys, alone) -> None:
    """``-o FOLDER/vocab.txt`` beside an older ``tokenizer.json`` made a folder that ``transformers`` and
    ``BertWordPieceTokenizer(FOLDER/vocab.txt)`` read as two different tokenizers."""
    folder = tmp_path / "bert"
    assert train(corpus, folder, "--lowercase") == 0
    before = {path.name: path.read_bytes() for path in folder.iterdir()}
    assert main(["train", str(tmp_path / "missing.txt"), "--vocab-size", "40", "-o", str(folder / alone)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"{folder / alone} would put a {alone} beside the " in error
    assert f"write the whole folder (-o {folder}/)" in error
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == before
    assert train(corpus, folder) == 0  # the whole folder, as one unit, is fine
    assert WordPieceTokenizer.from_file(folder).lowercase is False


def test_a_vocab_beside_its_own_settings_is_still_replaced(corpus: Path, tmp_path: Path) -> None:
    folder = tmp_path / "plain"
    folder.mkdir()
    assert train(corpus, folder / "vocab.txt") == 0
    assert train(corpus, folder / "vocab.txt", "--lowercase") == 0
    assert sorted(path.name for path in folder.iterdir()) == ["vocab.txt", "vocab.txt.settings.json"]
    assert WordPieceTokenizer.from_file(folder / "vocab.txt").lowercase is True
