"""Bad input gets a clear TypeError/ValueError that names the parameter."""

from __future__ import annotations

import re

import pytest

from wordpiece_lib import (
    BertNormalizer,
    Vocab,
    WordCounts,
    WordPieceTokenizer,
    encode_word,
    pretokenize,
    score_pairs,
    split_word,
    train_bottom_up,
)

HUG = {"hug": 10, "pug": 5}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: train_bottom_up({}, 10), ValueError, "word_counts is empty"),
        (lambda: train_bottom_up([], 10), ValueError, "word_counts is empty"),
        (
            lambda: train_bottom_up(HUG, 3),
            ValueError,
            r"vocab_size=3 is smaller than the 5 special tokens plus the 4 alphabet pieces \(9\)",
        ),
        (lambda: train_bottom_up(HUG, 0), ValueError, "vocab_size must be at least 1, got 0"),
        (lambda: train_bottom_up(HUG, 12.5), TypeError, "vocab_size must be an int, got float"),
        (lambda: train_bottom_up(HUG, "100"), TypeError, "vocab_size must be an int, got str"),
        (lambda: train_bottom_up({"hug": -2}, 20), ValueError, "count of 'hug' must be positive, got -2"),
        (lambda: train_bottom_up({"hug": 0}, 20), ValueError, "count of 'hug' must be positive, got 0"),
        (lambda: train_bottom_up({"hug": 2.0}, 20), TypeError, "count of 'hug' must be an int, got float"),
        (lambda: train_bottom_up({3: 2}, 20), TypeError, "word at pairs.* must be a str, got int"),
        (lambda: train_bottom_up({"": 2}, 20), ValueError, "must not be empty"),
        (lambda: train_bottom_up("hug pug", 20), TypeError, "word_counts must be a WordCounts"),
        (
            lambda: train_bottom_up(HUG, 20, tie_break="random"),
            ValueError,
            "tie_break must be one of 'first', 'lexical', got 'random'",
        ),
        (lambda: train_bottom_up(HUG, 20, criterion="freq"), ValueError, "criterion must be one of"),
        (lambda: train_bottom_up(HUG, 20, special_tokens="[UNK]"), TypeError, "special_tokens must be a list of str"),
        (lambda: train_bottom_up(HUG, 20, special_tokens=[1]), TypeError, r"special_tokens\[0\] must be a str"),
        (lambda: train_bottom_up(HUG, 20, prefix=""), ValueError, "prefix must not be empty"),
        (lambda: train_bottom_up({"##hug": 1}, 20), ValueError, "starts with the continuation prefix '##'"),
        (lambda: train_bottom_up({"lo_w": 1}, 20, marker="_"), ValueError, "contains the begin-of-word marker '_'"),
        (lambda: train_bottom_up(HUG, 20, top_k=-1), ValueError, "top_k must be at least 0"),
        (lambda: WordCounts.from_pairs([("hug",)]), TypeError, r"pairs\[0\] must be a \(word, count\) pair"),
        (lambda: WordCounts.from_texts(b"bytes"), TypeError, "texts must be a str or an iterable of str, got bytes"),
        (lambda: WordCounts.from_texts([None]), TypeError, r"texts\[0\] must be a str, got NoneType"),
        (lambda: WordCounts.from_words("hug"), TypeError, "words must be an iterable of str"),
        (lambda: split_word("", "##"), ValueError, "word must not be empty"),
        (lambda: split_word(b"hug"), TypeError, r"word must be a str, got bytes \(decode bytes first"),
        (lambda: encode_word(None, {"a"}), TypeError, "word must be a str, got NoneType"),
        (lambda: pretokenize("text", "spaces"), ValueError, "pretokenizer must be one of"),
        (lambda: pretokenize(42), TypeError, "text must be a str, got int"),
        (lambda: BertNormalizer()(None), TypeError, "text must be a str, got NoneType"),
        (lambda: score_pairs({"hug": ["h"]}, {"hug": 1}, criterion="best"), ValueError, "criterion must be one of"),
        (lambda: Vocab(["a", "b"]), ValueError, r"unknown token '\[UNK\]' is missing"),
        (lambda: Vocab(["[UNK]", "a", "a"]), ValueError, r"tokens\[2\] 'a' is a duplicate of tokens\[1\]"),
        (lambda: Vocab(["[UNK]", ""]), ValueError, r"tokens\[1\] is an empty string"),
        (lambda: Vocab("[UNK]"), TypeError, "tokens must be a list of str"),
        (lambda: Vocab(["[UNK]"]).token(5), ValueError, "token_id 5 is out of range for a vocab of 1 tokens"),
        (lambda: Vocab(["[UNK]"]).token("5"), TypeError, "token_id must be an int"),
        (lambda: Vocab.from_text("[UNK]\n\na\n"), ValueError, "line 2: blank line"),
        (lambda: Vocab.from_text("[UNK]\na \n"), ValueError, "line 2: token 'a ' has leading or trailing whitespace"),
        (lambda: Vocab.from_text("[UNK]\na\na\n"), ValueError, r"line 3: duplicate token 'a' \(first on line 2\)"),
        (lambda: WordPieceTokenizer({"[UNK]": 0}), TypeError, "vocab must be a Vocab, got dict"),
        (lambda: WordPieceTokenizer(Vocab(["[UNK]"])).tokenize(b"x"), TypeError, "text must be a str, got bytes"),
        (
            lambda: WordPieceTokenizer(Vocab(["[UNK]"]), max_input_chars_per_word=0),
            ValueError,
            "max_input_chars_per_word must be at least 1",
        ),
    ],
)
def test_bad_input_is_named(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_vocab_file_errors_name_the_file(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("[UNK]\nhug\nhug\n", encoding="utf-8")
    with pytest.raises(ValueError, match=re.escape(f"{path}, line 3: duplicate token 'hug'")):
        Vocab.load(path)
    with pytest.raises(FileNotFoundError, match=r"vocab file .*nope.txt does not exist"):
        Vocab.load(tmp_path / "nope.txt")
    with pytest.raises(IsADirectoryError, match="is a folder"):
        Vocab.load(tmp_path)
    path.write_bytes(b"[UNK]\ncaf\xe9\n")
    with pytest.raises(ValueError, match="not valid UTF-8: byte 0xe9 at offset 9"):
        Vocab.load(path)


def test_tokens_that_cannot_be_written_are_refused_before_writing(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("[UNK]\nold\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line break or surrounding whitespace"):
        Vocab(["[UNK]", "two\nlines"]).save(path)
    assert path.read_text(encoding="utf-8") == "[UNK]\nold\n"
