"""The command line: happy paths, and one-line errors that leave no partial file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib import Vocab, WordCounts, WordPieceTokenizer, alphabet
from wordpiece_lib.cli import main

REPO = Path(__file__).resolve().parents[2]
TEXT = "Hug the pug. The pug hugs back!\nBuns and puns, hugs and pugs.\n"


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", *args], capture_output=True, text=True, cwd=cwd, env=env, timeout=300
    )


def test_train_writes_specials_then_alphabet_then_merges(corpus, tmp_path):
    out = tmp_path / "vocab.txt"
    assert main(["train", str(corpus), "--vocab-size", "40", "-o", str(out), "--quiet"]) == 0
    tokens = out.read_text(encoding="utf-8").splitlines()
    counts = WordCounts.from_texts(TEXT)
    letters = alphabet(counts)
    assert tokens[:5] == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    assert tokens[5 : 5 + len(letters)] == letters == sorted(letters)
    assert len(tokens) == 40


def test_train_lowercase_and_custom_specials(corpus, tmp_path):
    out = tmp_path / "vocab.txt"
    code = main(
        [
            "train",
            str(corpus),
            "--vocab-size",
            "30",
            "--lowercase",
            "--special-tokens",
            "[UNK],[PAD]",
            "-o",
            str(out),
            "--quiet",
        ]
    )
    assert code == 0
    tokens = out.read_text(encoding="utf-8").splitlines()
    assert tokens[:2] == ["[UNK]", "[PAD]"]
    assert "H" not in tokens and "h" in tokens


def test_train_stops_when_every_word_is_whole(corpus, tmp_path):
    out = tmp_path / "vocab.txt"
    assert main(["train", str(corpus), "--vocab-size", "100000", "-o", str(out), "--quiet"]) == 0
    vocab = Vocab.load(out)
    for word in WordCounts.from_texts(TEXT):
        assert word in vocab


def test_encode_one_line_per_input_line(corpus, tmp_path):
    vocab_path = tmp_path / "vocab.txt"
    main(["train", str(corpus), "--vocab-size", "35", "-o", str(vocab_path), "--quiet"])
    out = tmp_path / "tokens.txt"
    assert main(["encode", "--vocab", str(vocab_path), str(corpus), "-o", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").split("\n")
    assert lines[-1] == "" and len(lines) - 1 == len(TEXT.splitlines())
    tokenizer = WordPieceTokenizer(Vocab.load(vocab_path))
    assert lines[0] == " ".join(["[CLS]", *tokenizer.tokenize(TEXT.splitlines()[0]), "[SEP]"])


def test_reference_and_fast_methods_write_the_same_vocab(corpus, tmp_path):
    outputs = []
    for method in ("reference", "fast"):
        out = tmp_path / f"{method}.txt"
        assert main(["train", str(corpus), "--vocab-size", "45", "--method", method, "-o", str(out), "--quiet"]) == 0
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize(
    ("make_args", "expected"),
    [
        (lambda d: ["train", str(d / "missing.txt"), "--vocab-size", "50", "-o", str(d / "out.txt")], "does not exist"),
        (
            lambda d: ["train", str(d / "latin1.txt"), "--vocab-size", "50", "-o", str(d / "out.txt")],
            "not valid UTF-8: byte 0xe9 at offset 3",
        ),
        (lambda d: ["train", str(d / "empty.txt"), "--vocab-size", "50", "-o", str(d / "out.txt")], "corpus is empty"),
        (
            lambda d: ["train", str(d / "corpus.txt"), "--vocab-size", "5", "-o", str(d / "out.txt")],
            "vocab_size=5 is smaller than",
        ),
        (
            lambda d: ["train", str(d / "corpus.txt"), "--vocab-size", "-3", "-o", str(d / "out.txt")],
            "--vocab-size must be a positive number",
        ),
        (
            lambda d: ["train", str(d / "corpus.txt"), "--vocab-size", "50", "-o", str(d / "nofolder" / "out.txt")],
            "does not exist",
        ),
        (
            lambda d: ["encode", "--vocab", str(d / "dup_vocab.txt"), str(d / "corpus.txt"), "-o", str(d / "out.txt")],
            "duplicate token 'a'",
        ),
        (
            lambda d: ["encode", "--vocab", str(d / "no_unk.txt"), str(d / "corpus.txt"), "-o", str(d / "out.txt")],
            "unknown token '[UNK]' is missing",
        ),
    ],
    ids=[
        "missing-file",
        "invalid-utf8",
        "empty-corpus",
        "size-too-small",
        "negative-size",
        "no-output-folder",
        "duplicate-vocab",
        "no-unk",
    ],
)
def test_errors_are_one_line_without_traceback_and_leave_no_output(tmp_path, make_args, expected):
    (tmp_path / "corpus.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes(b"caf\xe9 au lait")
    (tmp_path / "empty.txt").write_text("  \n\n", encoding="utf-8")
    (tmp_path / "dup_vocab.txt").write_text("[UNK]\na\nb\na\n", encoding="utf-8")
    (tmp_path / "no_unk.txt").write_text("a\nb\n", encoding="utf-8")
    result = run_cli(*make_args(tmp_path))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert expected in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out.txt").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_failed_run_does_not_clobber_an_existing_output(tmp_path):
    out = tmp_path / "vocab.txt"
    out.write_text("[UNK]\nold\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text("", encoding="utf-8")
    result = run_cli("train", str(tmp_path / "empty.txt"), "--vocab-size", "10", "-o", str(out))
    assert result.returncode == 2
    assert out.read_text(encoding="utf-8") == "[UNK]\nold\n"


def test_help_explains_the_commands():
    result = run_cli("train", "--help")
    assert result.returncode == 0
    assert "--vocab-size" in result.stdout and "special tokens" in result.stdout
    assert run_cli().returncode == 2


def test_training_is_byte_identical_across_processes(tmp_path, book_text):
    """Two separate processes (different hash seeds) write the same bytes."""
    book = tmp_path / "book.txt"
    book.write_text(
        book_text[: book_text.index("\n", 60_000)], encoding="utf-8"
    )  # about a sixth, whatever the wrapping
    outputs = []
    for seed in ("1", "2"):
        out = tmp_path / f"vocab{seed}.txt"
        env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONHASHSEED": seed}
        subprocess.run(
            [
                sys.executable,
                "-m",
                "wordpiece_lib",
                "train",
                str(book),
                "--vocab-size",
                "1200",
                "-o",
                str(out),
                "--quiet",
            ],
            check=True,
            env=env,
            timeout=300,
        )
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1]
    assert len(outputs[0].decode("utf-8").splitlines()) == 1200
