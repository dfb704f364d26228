"""The top-down command: TensorFlow Text's learner from the command line."""

from __future__ import annotations

import pytest

from wordpiece_lib import BERT_SPECIAL_TOKENS, WordCounts
from wordpiece_lib.cli import main as cli_main
from wordpiece_lib.data.datasets import TOP_DOWN_TEXT
from wordpiece_lib.training import learn

RESERVED = list(BERT_SPECIAL_TOKENS)


def run_cli(*args):
    return cli_main(["top-down", *map(str, args)])


def test_cli_learns_from_text_files_like_learn(tmp_path, capsys):
    (tmp_path / "a.txt").write_text(TOP_DOWN_TEXT[:120], encoding="utf-8")
    (tmp_path / "b.txt").write_text(TOP_DOWN_TEXT[120:], encoding="utf-8")
    output = tmp_path / "vocab.txt"
    assert run_cli(tmp_path / "a.txt", tmp_path / "b.txt", "--vocab-size", 80, "--lower-thresh", 1, "-o", output) == 0
    counts = WordCounts.from_texts([TOP_DOWN_TEXT[:120], TOP_DOWN_TEXT[120:]])
    assert output.read_text(encoding="utf-8").splitlines() == learn(counts, 80, RESERVED, lower_thresh=1)
    assert "wrote" in capsys.readouterr().err  # the summary goes to stderr: stdout may be the output (-o -)


def test_cli_lowercase_flag(tmp_path):
    (tmp_path / "a.txt").write_text(TOP_DOWN_TEXT, encoding="utf-8")
    output = tmp_path / "vocab.txt"
    assert run_cli(tmp_path / "a.txt", "--lowercase", "--vocab-size", 60, "--lower-thresh", 1, "-o", output) == 0
    counts = WordCounts.from_texts(TOP_DOWN_TEXT, lowercase=True)
    assert output.read_text(encoding="utf-8").splitlines() == learn(counts, 60, RESERVED, lower_thresh=1)


def test_cli_passes_every_parameter(tmp_path):
    (tmp_path / "counts.tsv").write_text("hug\t10\npug\t5\npun\t12\n\nbun\t4\nhugs\t5\nhug\t1\n", encoding="utf-8")
    output = tmp_path / "vocab.txt"
    status = run_cli(
        "--word-counts", tmp_path / "counts.tsv", "--vocab-size", 25, "-o", output,
        "--reserved-tokens", "[UNK],<s>", "--upper-thresh", 11, "--lower-thresh", 2, "--num-iterations", 2,
        "--max-input-tokens", 4, "--max-token-length", 3, "--max-unique-chars", 6, "--slack-ratio", 0.2,
        "--joiner", "@@",
    )  # fmt: skip
    assert status == 0
    counts = {"hug": 11, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    expected = learn(counts, 25, ["[UNK]", "<s>"], 11, 2, 2, 4, 3, 6, 0.2, True, "@@")
    assert output.read_text(encoding="utf-8").splitlines() == expected
    assert run_cli("--word-counts", tmp_path / "counts.tsv", "--vocab-size", 25, "--no-joiner-token", "-o", output) == 0
    expected = learn(counts, 25, RESERVED, include_joiner_token=False)
    assert output.read_text(encoding="utf-8").splitlines() == expected


@pytest.mark.parametrize(
    ("setup", "args", "message"),
    [
        ("hug\t10\n", ["--vocab-size", "10"], "not both"),
        (None, ["--vocab-size", "10"], "nothing to learn from"),
        ("hug 10\n", ["--vocab-size", "10"], "line 1: expected 'word<TAB>count'"),
        ("hug\t0\n", ["--vocab-size", "10"], "must be a positive whole number"),
        ("hug\t-3\n", ["--vocab-size", "10"], "must be a positive whole number"),
        ("hug \t3\n", ["--vocab-size", "10"], "line 1: the word 'hug ' has spaces around it"),
        ("hug\t10\n", ["--vocab-size", "10", "--max-token-length", "0"], "--max-token-length must be at least 1"),
        ("hug\t10\n", ["--vocab-size", "0"], "--vocab-size must be at least 1"),
        ("hug\t10\n", ["--vocab-size", "10", "--reserved-tokens", "[UNK],,[CLS]"], "empty item"),
    ],
)
def test_cli_errors_are_one_line_and_write_nothing(tmp_path, capsys, setup, args, message):
    counts = tmp_path / "counts.tsv"
    text = tmp_path / "a.txt"
    text.write_text("hug hug", encoding="utf-8")
    output = tmp_path / "vocab.txt"
    output.write_text("old\n", encoding="utf-8")
    inputs = []
    if setup is not None:
        counts.write_text(setup, encoding="utf-8")
        inputs = ["--word-counts", counts] + ([text] if message == "not both" else [])
    assert run_cli(*inputs, *args, "-o", output) == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("error: ") and err.count("\n") == 1
    assert output.read_text(encoding="utf-8") == "old\n"


def test_cli_help_names_every_flag(capsys):
    assert cli_main(["top-down", "--help"]) == 0
    help_text = capsys.readouterr().out
    for flag in ("--word-counts", "--vocab-size", "--upper-thresh", "--lower-thresh", "--num-iterations",
                 "--max-input-tokens", "--max-token-length", "--max-unique-chars", "--slack-ratio",
                 "--reserved-tokens", "--no-joiner-token", "--joiner", "--lowercase"):  # fmt: skip
        assert flag in help_text


def test_word_counts_file_lines_end_only_at_newline(tmp_path):
    from wordpiece_lib.counting import load_counts

    path = tmp_path / "counts.tsv"
    path.write_text("form\x0cfeed\t3\r\nhug\t2\n", encoding="utf-8")
    assert dict(load_counts(path)) == {"form\x0cfeed": 3, "hug": 2}
