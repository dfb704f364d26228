"""Every input read in bounded time and memory, or refused with one line naming the file, the offset and the flag.

Each resource case runs the command in a subprocess under an address-space
limit (``resource.setrlimit``) and a generous timeout: a regression shows as a
``MemoryError``, a kill or a timeout, never as a timed assertion. Before this
test: a 30 MB line with no space took 12 s to count (quadratic: 100 MB took
70 s); ``count /dev/zero``, ``count -`` fed from it and 200 MB of gzipped NUL
bytes never ended; ``encode --format jsonl`` of a 1 MB line of one-character
tokens took 505 MB; a glob through two symlink loops never ended.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from command_helpers import ENV, run_cli

from wordpiece_lib.cli import main
from wordpiece_lib.counting import expand_inputs, load_counts, read_blocks
from wordpiece_lib.counting.textstream import MAX_WORD_BYTES

MB = 1_000_000


def run_limited(*args: str, memory: int = 500 * MB, stdin: object = None, timeout: int = 600):
    """The command line in a fresh interpreter with at most ``memory`` bytes of address space."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return run_cli(*args, limit=limit, stdin=stdin, timeout=timeout)


def one_line(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr[-2000:]
    assert "internal error" not in result.stderr
    return result.stderr


# -- one word, one line ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("source", ["/dev/zero", "stdin from /dev/zero", "gzipped NUL bytes"])
def test_endless_or_binary_input_is_refused_at_the_word_cap(tmp_path: Path, source: str) -> None:
    stdin = None
    name = source
    if source == "stdin from /dev/zero":
        stdin, name = open("/dev/zero", "rb"), "-"  # noqa: SIM115 (closed below)
    elif source == "gzipped NUL bytes":
        name = str(tmp_path / "zeros.gz")
        with gzip.open(name, "wb", compresslevel=1) as stream:
            for _ in range(64):
                stream.write(bytes(1 << 20))
    try:
        error = one_line(run_limited("count", name, "-o", str(tmp_path / "c.tsv"), stdin=stdin))
    finally:
        if stdin is not None:
            stdin.close()
    where = "standard input" if name == "-" else name
    assert f"{where} has a word of over {MAX_WORD_BYTES:,} bytes" in error
    assert "offset 0" in error and "NUL bytes" in error and "--max-word-bytes" in error
    assert not (tmp_path / "c.tsv").exists()


def test_a_long_line_without_spaces_is_read_in_linear_time_when_the_cap_allows(tmp_path: Path) -> None:
    """30 MB of one word: refused at the default cap; with the cap raised, counted (it took 12 s, quadratic)."""
    path = tmp_path / "long.txt"
    path.write_bytes(b"hug pug\n" + b"x" * 30 * MB + b"\nhug\n")
    out = tmp_path / "c.tsv"
    error = one_line(run_limited("count", str(path), "-o", str(out)))
    assert f"input file {path} has a word of over" in error and "byte offset 8" in error
    result = run_limited("count", str(path), "--max-word-bytes", str(40 * MB), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") == f"hug\t2\npug\t1\n{'x' * 30 * MB}\t1\n"


def test_a_long_line_with_spaces_is_cut_at_a_space_and_counts_every_word(tmp_path: Path) -> None:
    words = [f"w{i % 1000}" for i in range(2_000_000)]  # one line of about 10 MB
    path = tmp_path / "line.txt"
    path.write_text(" ".join(words) + "\n", encoding="utf-8")
    assert max(len(block) for block in read_blocks(path)) <= 5 * MB
    out = tmp_path / "c.tsv"
    assert run_limited("count", str(path), "-o", str(out), "--quiet").returncode == 0
    assert dict(load_counts(out)) == {f"w{i}": 2000 for i in range(1000)}


def test_the_word_cap_holds_with_several_workers(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(b"hug pug\n" * 3_000_000 + b"y" * (MAX_WORD_BYTES + 10) + b"\n")
    error = one_line(run_limited("count", str(path), "--workers", "2", "-o", str(tmp_path / "c.tsv")))
    assert f"input file {path} has a word of over" in error and f"byte offset {8 * 3_000_000:,}" in error


@pytest.mark.parametrize("fmt", ["tokens", "jsonl"])
def test_encode_refuses_a_line_over_its_cap_in_bounded_memory(tmp_path: Path, fmt: str) -> None:
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\na\n,\n", encoding="utf-8")
    path = tmp_path / "line.txt"
    path.write_text("a,a\n" + "a," * 2 * MB + "\n", encoding="utf-8")  # 4 MB of one-character tokens
    args = ["encode", "--vocab", str(vocab), "--no-lowercase", "--format", fmt, str(path), "-o", str(tmp_path / "o")]
    error = one_line(run_limited(*args))
    assert f"input file {path} has a line of over" in error and "byte offset 4" in error
    assert "--max-line-bytes" in error


def test_encode_with_a_raised_line_cap_stays_under_500_mb(tmp_path: Path) -> None:
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\na\n,\n", encoding="utf-8")
    path = tmp_path / "line.txt"
    path.write_text("a," * (MB // 2) + "\n", encoding="utf-8")
    out = tmp_path / "ids.txt"
    args = ["encode", "--vocab", str(vocab), "--no-lowercase", "--format", "ids", "--max-line-bytes", str(2 * MB)]
    result = run_limited(*args, str(path), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    assert out.read_text(encoding="utf-8") == " ".join(["1", "2"] * (MB // 2)) + "\n"


# -- compressed, changed, UTF-16 and globbed inputs ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suffix", "compress"),
    [(".gz", gzip.compress), (".xz", lzma.compress), (".bz2", bz2.compress)],
)
@pytest.mark.parametrize("damage", ["cut short", "corrupt"])
def test_a_damaged_compressed_file_is_named(tmp_path: Path, capsys, suffix, compress, damage) -> None:
    data = compress(("hug the pug and the bun " * 2000).encode())
    if damage == "cut short":
        data = data[: len(data) // 2]
    else:
        middle = len(data) // 2
        data = data[:middle] + bytes(byte ^ 0x55 for byte in data[middle : middle + 40]) + data[middle + 40 :]
    path = tmp_path / f"book.txt{suffix}"
    path.write_bytes(data)
    assert main(["count", str(path), "-o", str(tmp_path / "c.tsv")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"input file {path} is a damaged or cut short compressed file" in error
    assert not (tmp_path / "c.tsv").exists()


def test_a_file_changed_while_it_is_counted_is_an_error(tmp_path: Path, monkeypatch, capsys) -> None:
    from wordpiece_lib.counting import files as counting

    path = tmp_path / "book.txt"
    path.write_text("hug the pug\n" * 100, encoding="utf-8")
    real = counting.count_into

    def count_then_grow(part, *args, **kwargs):
        real(part, *args, **kwargs)
        with open(path, "a", encoding="utf-8") as stream:  # another program appends meanwhile
            stream.write("pug\n")

    monkeypatch.setattr(counting, "count_into", count_then_grow)
    assert main(["count", str(path), "-o", str(tmp_path / "c.tsv")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"input file {path} changed while it was read" in error
    assert not (tmp_path / "c.tsv").exists()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_input_is_told_as_such(tmp_path: Path, capsys, encoding: str) -> None:
    path = tmp_path / "book.txt"
    path.write_text("hug the pug\nthe bun\n", encoding=encoding)
    assert main(["count", str(path), "-o", str(tmp_path / "c.tsv")]) == 2
    error = capsys.readouterr().err
    assert f"input file {path} looks like UTF-16 text, not UTF-8" in error and "iconv -f utf-16" in error


def test_globs_follow_no_symlink_loop_and_count_each_file_once(tmp_path: Path) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    (tmp_path / "a" / "b" / "x.txt").write_text("hug\n", encoding="utf-8")
    (tmp_path / "top.txt").write_text("pug\n", encoding="utf-8")
    os.symlink("..", tmp_path / "a" / "b" / "up")  # two loops: glob.glob went round them for ever
    os.symlink("../..", tmp_path / "a" / "b" / "up2")
    os.symlink("x.txt", tmp_path / "a" / "b" / "alias.txt")
    found = expand_inputs([str(tmp_path / "**" / "*.txt")])
    assert sorted(path.resolve() for path in found) == sorted(
        [(tmp_path / "a" / "b" / "x.txt").resolve(), (tmp_path / "top.txt").resolve()]
    )
    out = tmp_path / "c.tsv"
    result = run_limited("count", str(tmp_path / "**" / "*.txt"), "-o", str(out), "--quiet", timeout=120)
    assert result.returncode == 0, result.stderr
    assert dict(load_counts(out)) == {"hug": 1, "pug": 1}


# -- files read whole: tokenizer.json, vocab, counts -----------------------------------------------------------------


def test_a_tokenizer_json_linked_to_dev_zero_is_refused_in_bounded_memory(tmp_path: Path) -> None:
    link = tmp_path / "tokenizer.json"
    os.symlink("/dev/zero", link)
    error = one_line(run_limited("encode", "--tokenizer", str(link), "/dev/null", "-o", str(tmp_path / "o")))
    assert str(link) in error


def test_a_vocab_on_standard_input_from_dev_zero_is_refused(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        error = one_line(run_limited("encode", "--vocab", "-", "/dev/null", "-o", str(tmp_path / "o"), stdin=zero))
    assert "vocab on standard input holds a NUL byte at offset 0" in error


def big_vocab(path: Path, size: int) -> Path:
    """A vocab.txt of ``size`` bytes or a little more: BERT's specials, then distinct tokens."""
    lines = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hug", "##s"]
    total = sum(len(line) + 1 for line in lines)
    number = 0
    while total < size:
        lines.append(f"t{number}")
        total += len(lines[-1]) + 1
        number += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", ["vocab.txt", "tokenizer.json", "folder", "vocab on stdin", "tokenizer on stdin"])
def test_a_vocab_or_tokenizer_over_the_cap_names_file_size_and_flag(tmp_path: Path, kind: str) -> None:
    """Before, a vocab of up to 4 GiB (a tokenizer.json of up to 256 MiB) was read whole: over 100 GB of memory
    for short tokens. The caps are set low here with the flag; the defaults are tested in test_resources."""
    from wordpiece_lib import Vocab, WordPieceTokenizer

    vocab = big_vocab(tmp_path / "vocab.txt", 200_000)
    text = tmp_path / "in.txt"
    text.write_text("hugs\n", encoding="utf-8")
    stdin = None
    if kind == "vocab.txt":
        args, source = ["--vocab", str(vocab)], str(vocab)
    elif kind == "vocab on stdin":
        args, source, stdin = ["--vocab", "-"], "vocab on standard input", open(vocab, "rb")  # noqa: SIM115
    else:
        folder = WordPieceTokenizer(Vocab.load(vocab)).save(tmp_path / "saved")
        target = folder / "tokenizer.json"
        if kind == "tokenizer on stdin":
            args, source, stdin = ["--tokenizer", "-"], "tokenizer on standard input", open(target, "rb")  # noqa: SIM115
        else:
            args, source = ["--tokenizer", str(target if kind == "tokenizer.json" else folder)], str(target)
    try:
        error = one_line(run_limited("encode", *args, str(text), "-o", "-", "--max-vocab-bytes", "100000", stdin=stdin))
    finally:
        if stdin is not None:
            stdin.close()
    assert (
        source in error and "100,000" in error and "(if that is right, raise the limit with --max-vocab-bytes)" in error
    )
    if "stdin" not in kind:
        assert f"({Path(source).stat().st_size:,} bytes)" in error
    if "stdin" in kind:
        stdin = open(vocab if kind == "vocab on stdin" else target, "rb")  # noqa: SIM115
    try:
        done = run_limited("encode", *args, str(text), "-o", "-", "--max-vocab-bytes", "10000000", stdin=stdin)
    finally:
        if stdin is not None:
            stdin.close()
    assert (done.returncode, done.stdout) == (0, "[CLS] hug ##s [SEP]\n"), done.stderr


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("padding", {"strategy": {"Fixed": 20_000_000}, "direction": "Right", "pad_to_multiple_of": None, "pad_id": 0,
                     "pad_type_id": 0, "pad_token": "[PAD]"},
         "pads every line to 20,000,000 tokens, over 131,072"),
        ("max_input_chars_per_word", 10**9, "max_input_chars_per_word is 1,000,000,000, over 100,000"),
    ],
)  # fmt: skip
def test_sizes_from_a_downloaded_tokenizer_json_are_capped(tmp_path: Path, field, value, message) -> None:
    from wordpiece_lib import Vocab, WordPieceTokenizer

    data = WordPieceTokenizer(Vocab(["[PAD]", "[UNK]", "hug"])).to_json()  # a sound file, then one size made huge
    if field == "padding":
        data["padding"] = value
    else:
        data["model"][field] = value
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    corpus = tmp_path / "two.txt"
    corpus.write_text("hug\nhug\n", encoding="utf-8")
    error = one_line(run_limited("encode", "--tokenizer", str(path), str(corpus), "-o", str(tmp_path / "o")))
    assert str(path) in error and message in error


def test_explicit_long_padding_works_in_bounded_memory(tmp_path: Path) -> None:
    """--pad at its cap (131,072) on 50 lines: batches shrink so that the padded tokens of one batch stay bounded."""
    from wordpiece_lib.pipeline import MAX_FILE_PADDING

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[PAD]\n[UNK]\nhug\n", encoding="utf-8")
    corpus = tmp_path / "lines.txt"
    corpus.write_text("hug\n" * 50, encoding="utf-8")
    out = tmp_path / "ids.txt"
    args = ["encode", "--vocab", str(vocab), "--no-lowercase", "--format", "ids", "--pad", str(MAX_FILE_PADDING)]
    result = run_limited(*args, str(corpus), "-o", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 50 and lines[0] == " ".join(["2", *["0"] * (MAX_FILE_PADDING - 1)])


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("hu\x00g\t3", "U+0000"),
        ("hu\x0bg\t3", "U+000B"),
        ("hu\x85g\t3", "U+0085"),
        ("hu\u2028g\t3", "U+2028"),
        ("hug\t" + "9" * 5000, "has 5,000 digits; a count has at most 30"),
    ],
)
def test_counts_files_refuse_what_a_vocab_cannot_hold_at_load(tmp_path: Path, capsys, line, message) -> None:
    path = tmp_path / "c.tsv"
    path.write_text(f"pug\t2\n{line}\n", encoding="utf-8", newline="\n")
    assert main(["train", "--counts", str(path), "--vocab-size", "30", "-o", str(tmp_path / "v.txt")]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"{path}, line 2: " in error and message in error


def test_huge_numbers_and_deep_nesting_in_json_name_the_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "t.json"
    for text, message in (
        ('{"version": ' + "1" * 5000 + "}", "a number of over 4,300 digits at line 1, column 13"),
        ("[" * 200_000 + "]" * 200_000, "nested too deeply"),
    ):
        path.write_text(text, encoding="utf-8")
        assert main(["encode", "--tokenizer", str(path), str(path), "-o", str(tmp_path / "o")]) == 2
        error = capsys.readouterr().err
        assert error.count("\n") == 1 and str(path) in error and message in error


# -- counts: the total read ------------------------------------------------------------------------------------------


def test_endless_counts_on_standard_input_stop_at_the_cap_in_linear_time(tmp_path: Path) -> None:
    """Before, ``train --counts -`` fed an endless stream of good lines (``yes 'hug<TAB>1'``) never ended.

    The work is the bytes the command took from the pipe before it stopped: the cap, one block of the
    reader and what the pipe holds, whatever the cap (so the reading is linear, and stops at the cap)."""
    import threading

    cap = 2_000_000
    proc = subprocess.Popen(
        [sys.executable, "-m", "wordpiece_lib", "train", "--counts", "-", "--vocab-size", "50",
         "-o", str(tmp_path / "v.txt"), "--max-counts-bytes", str(cap)],
        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV, bufsize=0,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (500 * MB, 500 * MB)),
    )  # fmt: skip
    fed = 0

    def feed() -> None:
        nonlocal fed
        chunk = b"hug\t1\npug\t2\n" * 5000
        try:
            while True:
                proc.stdin.write(chunk)
                fed += len(chunk)
        except (BrokenPipeError, ValueError, OSError):
            pass

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    watchdog = threading.Timer(600, proc.kill)  # a bound for a regression that reads for ever, not a timing
    watchdog.start()
    error = proc.stderr.read().decode()  # not communicate(): it would close standard input, an end
    proc.wait(timeout=600)
    watchdog.cancel()
    feeder.join(timeout=60)
    proc.stdin.close()
    result = subprocess.CompletedProcess(proc.args, proc.returncode, "", error)
    message = one_line(result)
    assert f"counts on standard input stopped at byte offset {cap:,}" in message and "--max-counts-bytes" in message
    assert not (tmp_path / "v.txt").exists()
    # The reader's block (64 KiB), the pipe's buffer (at most 1 MiB on Linux) and one chunk of the feeder.
    assert cap < fed <= cap + (64 << 10) + (1 << 20) + 60_000, fed


def test_the_default_counts_cap_is_the_stream_cap_for_a_pipe_and_the_file_cap_for_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream may never end, so it gets the smaller cap; a regular file's size is known before reading."""
    import io

    from wordpiece_lib.counting import counts_tsv

    data = b"hug\t1\n" * 1000
    monkeypatch.setattr(counts_tsv, "MAX_COUNTS_STREAM_BYTES", len(data) - 1)
    with pytest.raises(ValueError, match=r"counts on the stream stopped at byte offset 5,999 \(5,999 bytes\)"):
        counts_tsv.load_counts(io.BytesIO(data))
    path = tmp_path / "c.tsv"
    path.write_bytes(data)
    assert counts_tsv.load_counts(path) == {"hug": 1000}
    assert counts_tsv.load_counts(io.BytesIO(data), max_bytes=len(data)) == {"hug": 1000}
    with pytest.raises(ValueError, match=r"counts file .*c\.tsv holds 6,000 bytes, over 5,999 bytes.*max_bytes"):
        counts_tsv.load_counts(path, max_bytes=len(data) - 1)


def test_a_compressed_counts_file_is_capped_by_what_it_decompresses_to(tmp_path: Path) -> None:
    path = tmp_path / "c.tsv.gz"
    with gzip.open(path, "wb") as stream:
        stream.write(b"hug\t1\n" * 200_000)  # 1.2 MB, a few kB on disk
    assert path.stat().st_size < 100_000
    with pytest.raises(ValueError, match=r"counts file .*c\.tsv\.gz stopped at byte offset 1,000,000 .*max_bytes"):
        load_counts(path, max_bytes=1_000_000)
    assert load_counts(path, max_bytes=1_200_000) == {"hug": 200_000}
