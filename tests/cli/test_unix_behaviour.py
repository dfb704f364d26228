"""The command line behaves like a Unix tool: scripts and pipes can rely on it.

Each test runs the real command in a subprocess: the installed ``wordpiece`` script where the
program name matters, ``python -m wordpiece_lib`` otherwise. The terminal test gives the command a
pseudo-terminal as stderr, as a user at a shell has.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import shutil
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from signal_helpers import as_from_a_terminal

from wordpiece_lib import Vocab, __version__

REPO = Path(__file__).resolve().parents[2]
TEXT = "hug the pug, hug the bun and the puns.\nthe pug hugs the bun\n" * 30
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def module(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=ENV,
        timeout=300,
    )


def installed() -> str:
    script = Path(sys.executable).with_name("wordpiece")
    if not script.is_file():
        found = shutil.which("wordpiece")
        if found is None:
            pytest.skip("the wordpiece command is not installed (pip install -e .)")
        return found
    return str(script)


def test_version_and_the_program_name_as_called():
    result = module("--version")
    assert result.returncode == 0 and result.stdout == f"wordpiece_lib {__version__}\n"
    script = installed()
    result = subprocess.run([script, "--version"], capture_output=True, text=True, env=ENV, timeout=120)
    assert result.returncode == 0 and result.stdout == f"wordpiece (wordpiece_lib) {__version__}\n"
    usage = subprocess.run([script, "train"], capture_output=True, text=True, env=ENV, timeout=120)
    assert usage.returncode == 2 and "(see: wordpiece train --help)" in usage.stderr
    assert "usage: wordpiece [-h]" in subprocess.run([script, "--help"], capture_output=True, text=True, env=ENV).stdout
    assert "usage: python -m wordpiece_lib [-h]" in module("--help").stdout


def test_help_documents_the_exit_statuses():
    for args in (["--help"], ["train", "--help"], ["encode", "--help"], ["top-down", "--help"]):
        text = module(*args).stdout
        assert "exit status:" in text
        for line in ("  0    success", "  2    a usage error or bad input", "  130  interrupted (Ctrl-C)"):
            assert line in text, (args, line)


def test_dash_is_standard_input_and_output_everywhere(corpus: Path, tmp_path: Path):
    trained = module("train", "-", "--vocab-size", "40", "-o", "-", stdin=TEXT)
    assert trained.returncode == 0, trained.stderr
    vocab = Vocab.from_text(trained.stdout)
    assert 30 < len(vocab) <= 40 and vocab.tokens[:5] == ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
    assert not (Path.cwd() / "-").exists()
    encoded = module("encode", "--vocab", "-", str(corpus), "-o", "-", stdin=trained.stdout)
    assert encoded.returncode == 0, encoded.stderr
    assert len(encoded.stdout.splitlines()) == len(TEXT.splitlines())
    vocab_file = tmp_path / "vocab.txt"
    vocab_file.write_text(trained.stdout, encoding="utf-8")
    piped = module("encode", "--vocab", str(vocab_file), "-", "-o", "-", stdin=TEXT)
    assert piped.stdout == encoded.stdout
    top_down = module("top-down", "-", "--vocab-size", "40", "--lower-thresh", "1", "-o", "-", stdin=TEXT)
    assert top_down.returncode == 0 and top_down.stdout.startswith("[PAD]\n[UNK]\n")
    counts = module(
        "top-down",
        "--word-counts",
        "-",
        "--vocab-size",
        "30",
        "--lower-thresh",
        "1",
        "-o",
        "-",
        stdin="hug\t10\npug\t5\n",
    )
    assert counts.returncode == 0 and "hug" in counts.stdout.split()


def test_one_summary_line_on_success_unless_quiet(corpus: Path, tmp_path: Path):
    out = tmp_path / "vocab.txt"
    result = module("train", str(corpus), "--vocab-size", "40", "-o", str(out))
    assert result.returncode == 0 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    size, tokens = out.stat().st_size, len(Vocab.load(out))
    assert lines[0].startswith(f"wrote {out}: {tokens} tokens, {size:,} bytes in ") and lines[0].endswith(" s")
    encoded = module("encode", "--vocab", str(out), str(corpus), "-o", str(tmp_path / "tokens.txt"))
    assert encoded.stderr.startswith(f"wrote {tmp_path / 'tokens.txt'}: {len(TEXT.splitlines())} lines, ")
    assert len(encoded.stderr.splitlines()) == 1
    to_stdout = module("encode", "--vocab", str(out), str(corpus), "-o", "-")
    assert to_stdout.stderr.startswith("wrote standard output: ")
    for args in (
        ["train", str(corpus), "--vocab-size", "40", "-o", str(out)],
        ["encode", "--vocab", str(out), str(corpus), "-o", str(tmp_path / "t.txt")],
        ["top-down", str(corpus), "--vocab-size", "40", "--lower-thresh", "1", "-o", str(tmp_path / "td.txt")],
    ):
        quiet = module(*args, "--quiet")
        assert quiet.returncode == 0 and quiet.stdout == quiet.stderr == "", args


def test_no_progress_bar_in_a_pipe(book_text: str, tmp_path: Path):
    book = tmp_path / "book.txt"
    book.write_text(book_text, encoding="utf-8")
    result = module("train", str(book), "--vocab-size", "3000", "-o", str(tmp_path / "vocab.txt"))
    assert result.returncode == 0
    assert "\r" not in result.stderr and "merge/s" not in result.stderr
    assert result.stderr.count("\n") == 1


def test_progress_bar_on_a_terminal_ends_with_a_newline(book_text: str, tmp_path: Path):
    """stderr is a pseudo-terminal: the bar shows (these merges take seconds) and ends its line."""
    book = tmp_path / "book.txt"
    book.write_text(book_text, encoding="utf-8")
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal 100 columns wide
    command = ["train", str(book), "--vocab-size", "200", "--method", "reference", "-o", str(tmp_path / "v")]
    process = subprocess.Popen(
        [sys.executable, "-m", "wordpiece_lib", *command],  # the readable trainer: a few seconds of merges
        stdout=subprocess.DEVNULL,
        stderr=follower,
        env={**ENV, "COLUMNS": "100"},
    )
    os.close(follower)
    screen = b""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1)
        if ready:
            try:
                chunk = os.read(leader, 4096)
            except OSError:
                break
            if not chunk:
                break
            screen += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=60)
    os.close(leader)
    text = screen.decode("utf-8", errors="replace")
    assert process.returncode == 0, text
    assert "training" in text and "merge" in text, text
    summary = text.rindex("wrote ")
    assert text[summary - 2 : summary] == "\r\n", repr(text[summary - 80 : summary + 20])  # the bar's line ended
    assert text.endswith(" s\r\n")


def test_closed_standard_output_is_quiet(corpus: Path, tmp_path: Path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\nthe\n", encoding="utf-8")
    big = tmp_path / "big.txt"
    big.write_text(TEXT * 2000, encoding="utf-8")
    reader = subprocess.Popen(["head", "-n", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    writer = subprocess.Popen(
        [sys.executable, "-m", "wordpiece_lib", "encode", "--vocab", str(vocab), "--no-lowercase", str(big), "-o", "-"],
        stdout=reader.stdin,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    reader.stdin.close()  # type: ignore[union-attr]
    first = reader.stdout.read()  # type: ignore[union-attr]
    _, stderr = writer.communicate(timeout=300)
    reader.wait(timeout=60)
    from wordpiece_lib import WordPieceTokenizer

    expected = " ".join(WordPieceTokenizer(Vocab.load(vocab)).tokenize(TEXT.splitlines()[0])) + "\n"
    assert first == expected.encode("utf-8")
    assert writer.returncode == 141 and stderr == b""


def test_ctrl_c_exit_status_is_130(tmp_path: Path, book_text: str):
    """SIGINT while training: status 130, one line, no traceback (the signal tests cover files)."""
    import signal

    book = tmp_path / "book.txt"
    book.write_text(book_text, encoding="utf-8")
    command = ["train", str(book), "--vocab-size", "3000", "--method", "reference", "-o", str(tmp_path / "v")]
    process = subprocess.Popen(
        [sys.executable, "-m", "wordpiece_lib", *command],
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        preexec_fn=as_from_a_terminal,
    )
    # The readable trainer needs minutes for this; after 4 CPU seconds it is surely past start-up.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None and _cpu_seconds(process.pid) < 4:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    assert stderr == "error: interrupted (Ctrl-C); output files were left as they were\n"
    assert not (tmp_path / "v").exists()


def _cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
