"""Exit status 2 and one plain line naming the file or the flag, in the cases that gave internal errors or odd wording.

Before: a closed standard output or error gave an internal error (and an
error line could land in the data); bad ``--dask`` addresses got Python's
wording; ``top-down --joiner ''`` named a parameter the command line does not
have, after the training; ``train --counts`` silently took the counts'
pre-tokenizer over ``--pretokenizer``; every ``MemoryError`` advised a smaller
``--vocab-size``, also in ``encode``.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from command_helpers import one_error_line, run_cli, small_disk

from wordpiece_lib.cli import MEMORY_ADVICE, main

TEXT = "hug the pug and the bun\n" * 20


def closed(fd: int):
    """A ``preexec_fn`` that closes ``fd`` in the child, as ``>&-`` or ``2>&-`` does."""
    return lambda: os.close(fd)


def test_a_closed_standard_output_is_said_for_minus_o_minus(corpus: Path) -> None:
    result = run_cli("count", corpus, "-o", "-", limit=closed(1), capture_output=False, stderr=subprocess.PIPE)
    assert result.returncode == 2
    assert result.stderr == "error: standard output is closed, so -o - has nowhere to go; give -o FILE\n"


def test_a_closed_standard_error_never_lands_in_the_output(corpus: Path, tmp_path: Path) -> None:
    """With fd 2 closed, the output file would take number 2 and an error line would be written into it."""
    out = tmp_path / "c.tsv"
    ok = run_cli("count", corpus, "-o", out, limit=closed(2), capture_output=False, stdout=subprocess.PIPE)
    assert ok.returncode == 0
    assert out.read_text(encoding="utf-8") == "hug\t20\nthe\t40\npug\t20\nand\t20\nbun\t20\n"
    failed = run_cli(
        "count", tmp_path / "missing.txt", "-o", out, limit=closed(2), capture_output=False, stdout=subprocess.PIPE
    )
    assert failed.returncode == 2
    assert out.read_text(encoding="utf-8") == "hug\t20\nthe\t40\npug\t20\nand\t20\nbun\t20\n"


@pytest.mark.parametrize("address", ["tcp://", "nonsense", "tcp://host:99999", "tcp://host:", ":8786"])
def test_bad_dask_addresses_are_said_plainly(corpus: Path, tmp_path: Path, capsys, address: str) -> None:
    pytest.importorskip("distributed")
    assert main(["count", str(corpus), "--dask", address, "-o", str(tmp_path / "c.tsv")]) == 2
    error = capsys.readouterr().err
    assert error == (
        f"error: --dask must be 'local' or a scheduler address such as tcp://10.0.0.5:8786, got {address!r}\n"
    )


@pytest.mark.parametrize("joiner", ["", " ", "## "])
def test_an_empty_joiner_names_the_flag_before_any_work(tmp_path: Path, capsys, joiner: str) -> None:
    missing = tmp_path / "missing.txt"  # not read: the flag is checked first
    assert main(["top-down", str(missing), "--joiner", joiner, "--vocab-size", "30", "-o", str(tmp_path / "v")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("error: --joiner must be a mark without spaces") and error.count("\n") == 1


def test_train_counts_refuses_a_contradicting_pretokenizer(corpus: Path, tmp_path: Path, capsys) -> None:
    counts = tmp_path / "c.tsv"
    assert main(["count", str(corpus), "--quiet", "-o", str(counts)]) == 0  # cut by bert
    vocab = tmp_path / "v.txt"
    train = ["train", "--counts", str(counts), "--vocab-size", "30", "--quiet", "-o", str(vocab)]
    assert main([*train, "--pretokenizer", "whitespace"]) == 2
    assert "--pretokenizer whitespace contradicts" in capsys.readouterr().err and not vocab.exists()
    assert main([*train, "--pretokenizer", "bert"]) == 0  # the same: fine
    assert main(train) == 0  # no flag: the counts' own


@pytest.mark.parametrize("command", ["train", "top-down", "encode", "count"])
def test_out_of_memory_advice_fits_the_command(corpus: Path, tmp_path: Path, monkeypatch, capsys, command) -> None:
    from wordpiece_lib.cli import count, encode, top_down, train

    module = {"train": train, "top-down": top_down, "encode": encode, "count": count}[command]

    def exhausted(args):
        raise MemoryError

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\n", encoding="utf-8")
    monkeypatch.setattr(module, "run", exhausted)
    argv = {
        "train": ["train", str(corpus), "--vocab-size", "30", "-o", str(tmp_path / "v.txt")],
        "top-down": ["top-down", str(corpus), "--vocab-size", "30", "-o", str(tmp_path / "v.txt")],
        "encode": ["encode", "--vocab", str(vocab), str(corpus), "-o", str(tmp_path / "t.txt")],
        "count": ["count", str(corpus), "-o", str(tmp_path / "c.tsv")],
    }[command]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error == f"error: out of memory; try {MEMORY_ADVICE[command]}\n"
    assert ("--vocab-size" in error) == (command in ("train", "top-down"))


# -- issue 44, point 6: the last loose messages -----------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_vocab_is_called_utf16_with_the_way_to_convert_it(corpus, tmp_path, capsys, encoding) -> None:
    """It was called a binary file (its ASCII characters are half NUL bytes)."""
    vocab = tmp_path / "vocab.txt"
    vocab.write_bytes("[UNK]\nhug\nthe\n".encode(encoding))
    assert main(["encode", "--vocab", str(vocab), str(corpus), "-o", str(tmp_path / "t.txt")]) == 2
    error = one_error_line(capsys)
    assert f"vocab file {vocab} looks like UTF-16 text, not UTF-8" in error and "iconv -f utf-16 -t utf-8" in error
    result = run_cli("encode", "--vocab", "-", corpus, "-o", tmp_path / "t.txt", input=vocab.read_bytes(), text=False)
    assert result.returncode == 2 and b"vocab on standard input looks like UTF-16 text" in result.stderr


def test_a_settings_path_that_is_a_folder_is_refused_not_read_past(corpus, tmp_path, capsys) -> None:
    """It was ignored with "no settings file" and a guess at the casing, and the command went on."""
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\nthe\n", encoding="utf-8")
    (tmp_path / "vocab.txt.settings.json").mkdir()
    out = tmp_path / "tokens.txt"
    assert main(["encode", "--vocab", str(vocab), str(corpus), "-o", str(out)]) == 2
    assert f"{vocab}.settings.json is a folder, but the settings of {vocab} are kept under that name" in one_error_line(
        capsys
    )
    counts = tmp_path / "counts.tsv"
    counts.write_text("hug\t3\n", encoding="utf-8")
    (tmp_path / "counts.tsv.settings.json").mkdir()
    assert main(["train", "--counts", str(counts), "--vocab-size", "30", "-o", str(tmp_path / "v.txt")]) == 2
    assert f"{counts}.settings.json is a folder" in one_error_line(capsys)
    assert not out.exists() and not (tmp_path / "v.txt").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["count", "{socket}", "-o", "{out}"],
        ["train", "{socket}", "--vocab-size", "30", "-o", "{out}"],
        ["train", "--counts", "{socket}", "--vocab-size", "30", "-o", "{out}"],
        ["encode", "--vocab", "{vocab}", "--lowercase", "{socket}", "-o", "{out}"],
        ["encode", "--vocab", "{socket}", "--lowercase", "{corpus}", "-o", "{out}"],
    ],
    ids=["count", "train", "train --counts", "encode input", "encode --vocab"],
)
def test_a_socket_as_input_is_named_as_one(corpus, tmp_path, capsys, command) -> None:
    """It gave Python's raw "[Errno 6] No such device or address"."""
    import socket

    path = tmp_path / "s.sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\n", encoding="utf-8")
    try:
        argv = [arg.format(socket=path, out=tmp_path / "out.txt", vocab=vocab, corpus=corpus) for arg in command]
        assert main(argv) == 2
    finally:
        server.close()
    error = one_error_line(capsys)
    assert f"{path} is a socket, not a file" in error and "Errno" not in error


@pytest.mark.parametrize("command", ["train", "top-down"])
def test_a_full_disk_names_the_file_it_could_not_write(corpus, tmp_path, command) -> None:
    """One page left: the vocab fits, its settings do not. The error was "[Errno 28] No space left on device",
    without the path (the file's buffered bytes failed again as it was closed, and that error won)."""
    with small_disk(tmp_path / "disk") as disk:
        (disk / "filler").write_bytes(b"\0" * (60 << 10))
        result = run_cli(command, corpus, "--vocab-size", "40", "--quiet", "-o", disk / "vocab.txt")
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert f"error: cannot write {disk}/vocab.txt" in result.stderr and "No space left on device" in result.stderr
        assert sorted(path.name for path in disk.iterdir()) == ["filler"]
