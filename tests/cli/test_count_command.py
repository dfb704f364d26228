"""``count``, ``train --counts``, ``top-down --counts``, the trainer flags, and ``encode`` as a stream."""

from __future__ import annotations

import gzip

import pytest

from wordpiece_lib import Vocab, WordCounts, WordPieceTokenizer, train_fast
from wordpiece_lib.cli import main
from wordpiece_lib.counting import save_counts


def run(*args: object) -> int:
    return main([str(arg) for arg in args])


def test_count_writes_the_whole_text_counts_whatever_the_workers_or_compression(book_file, book_text, tmp_path, capsys):
    words = WordCounts.from_texts([book_text], lowercase=True)
    expected = save_counts(words, tmp_path / "expected.tsv").read_bytes()
    packed = tmp_path / "book.txt.gz"
    packed.write_bytes(gzip.compress(book_text.encode()))
    for number, (source, workers) in enumerate([(book_file, "1"), (book_file, "2"), (packed, "2"), (packed, "0")]):
        output = tmp_path / f"counts{number}.tsv"
        assert run("count", source, "--lowercase", "--workers", workers, "-o", output) == 0
        assert output.read_bytes() == expected, (source, workers)
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert summary.startswith(f"wrote {output}: {words.total:,} words, {len(words):,} distinct, ")


def test_count_takes_glob_patterns_in_name_order(tmp_path):
    for name, text in (("b.txt", "Pug\n"), ("a.txt", "Hug\n")):
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert run("count", tmp_path / "*.txt", "--quiet", "-o", tmp_path / "counts.tsv") == 0
    assert (tmp_path / "counts.tsv").read_text(encoding="utf-8") == "Hug\t1\nPug\t1\n"


def test_training_from_counts_gives_the_vocab_training_from_text_gives(book_file, tmp_path):
    counts = tmp_path / "counts.tsv"
    assert run("count", book_file, "--lowercase", "--quiet", "-o", counts) == 0
    flags = ["--vocab-size", "3000", "--quiet", "--min-frequency", "3", "--initial-alphabet", "éz"]
    assert run("train", book_file, "--lowercase", *flags, "-o", tmp_path / "from_text.txt") == 0
    assert run("train", "--counts", counts, *flags, "-o", tmp_path / "from_counts.txt") == 0
    vocab = (tmp_path / "from_counts.txt").read_bytes()
    assert vocab == (tmp_path / "from_text.txt").read_bytes()
    words = WordCounts.from_texts([book_file.read_text(encoding="utf-8")], lowercase=True)
    expected = train_fast(words, 3000, min_frequency=3, initial_alphabet="éz").tokens()
    assert vocab.decode().splitlines() == expected


def test_top_down_from_counts_gives_the_vocab_top_down_from_text_gives(book_file, tmp_path):
    counts = tmp_path / "counts.tsv"
    assert run("count", book_file, "--quiet", "-o", counts) == 0
    flags = ["--vocab-size", "2000", "--num-iterations", "2", "--min-frequency", "12", "--limit-alphabet", "80"]
    assert run("top-down", book_file, *flags, "-o", tmp_path / "a.txt") == 0
    assert run("top-down", "--counts", counts, *flags, "-o", tmp_path / "b.txt") == 0
    assert (tmp_path / "a.txt").read_bytes() == (tmp_path / "b.txt").read_bytes()


def test_the_limit_alphabet_flag_leaves_out_words_with_rare_characters(book_file, tmp_path):
    assert (
        run("train", book_file, "--vocab-size", "500", "--limit-alphabet", "30", "--quiet", "-o", tmp_path / "v.txt")
        == 0
    )
    tokens = (tmp_path / "v.txt").read_text(encoding="utf-8").splitlines()
    assert len({token.removeprefix("##") for token in tokens[5:] if len(token.removeprefix("##")) == 1}) <= 30


def test_encode_streams_the_same_lines_as_the_tokenizer_gives(book_file, book_text, tmp_path, bert_vocab_path):
    packed = tmp_path / "book.txt.gz"
    packed.write_bytes(gzip.compress(book_text.encode()))
    tokenizer = WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True)
    lines = book_text.split("\n")
    if lines[-1] == "":
        lines.pop()
    expected = "".join(" ".join(tokenizer.tokenize(line)) + "\n" for line in lines)
    for source in (book_file, packed):
        output = tmp_path / "tokens.txt"
        assert (
            run("encode", source, "--vocab", bert_vocab_path, "--lowercase", "--no-special-tokens", "-o", output) == 0
        )
        assert output.read_text(encoding="utf-8") == expected


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["train", "{book}", "--counts", "{counts}", "--vocab-size", "50"],
            "give INPUT text files or --counts, not both",
        ),
        (["train", "--vocab-size", "50"], "nothing to learn from: give INPUT text files or --counts COUNTS_TSV"),
        (["train", "{book}", "--vocab-size", "50", "--min-frequency", "-1"], "--min-frequency must be at least 0"),
        (["train", "{book}", "--vocab-size", "50", "--limit-alphabet", "1"], "--limit-alphabet=1 leaves no word"),
        (["count", "{book}", "--workers", "-1"], "--workers must be 0 (one per CPU) or more, got -1"),
        (["count", "{dir}/*.nothing"], "matches no file"),
        (["count", "{dir}/missing.txt"], "does not exist"),
        (["top-down", "{book}", "--vocab-size", "50", "--min-frequency", "-2"], "--min-frequency must be at least 0"),
    ],
)
def test_errors_are_one_line_and_write_nothing(book_file, tmp_path, capsys, args, message):
    counts = tmp_path / "counts.tsv"
    counts.write_text("hug\t3\n", encoding="utf-8")
    output = tmp_path / "out.txt"
    output.write_text("old\n", encoding="utf-8")
    filled = [arg.format(book=book_file, counts=counts, dir=tmp_path) for arg in args]
    assert main([*filled, "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("error: ") and err.count("\n") == 1
    assert output.read_text(encoding="utf-8") == "old\n"


def test_lowercase_that_contradicts_the_counts_settings_is_refused(book_file, tmp_path, capsys):
    counts = tmp_path / "cased.tsv"
    assert main(["count", str(book_file), "--quiet", "-o", str(counts)]) == 0
    output = tmp_path / "vocab.txt"
    assert main(["train", "--counts", str(counts), "--lowercase", "--vocab-size", "50", "-o", str(output)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --lowercase contradicts") and "count again with --lowercase" in err
    assert not output.exists()
