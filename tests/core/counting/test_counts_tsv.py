"""Counts files: a round trip keeps every word, count and the order; what cannot come back is refused."""

from __future__ import annotations

import gzip

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordpiece_lib import WordCounts
from wordpiece_lib.counting import load_counts, save_counts

QUICK = settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture], derandomize=True)
# Any text but tabs and line feeds, not starting or ending with whitespace: what the format can hold.
SAVABLE = st.text(st.characters(codec="utf-8", exclude_characters="\t\n"), min_size=1, max_size=12).filter(
    lambda word: word == word.strip() and not word.startswith("\ufeff")
)


@settings(QUICK, max_examples=150)
@given(pairs=st.lists(st.tuples(SAVABLE, st.integers(1, 10**15)), min_size=1, max_size=20))
def test_saving_and_loading_gives_the_same_counts_in_the_same_order_and_the_same_bytes(tmp_path, pairs):
    counts = WordCounts.from_pairs(pairs)
    path = save_counts(counts, tmp_path / "counts.tsv")
    loaded = load_counts(path)
    assert list(loaded.items()) == list(counts.items())
    assert save_counts(loaded, tmp_path / "again.tsv").read_bytes() == path.read_bytes()


def test_the_book_counts_survive_the_file(tmp_path, book_text):
    counts = WordCounts.from_texts([book_text], lowercase=True)
    path = save_counts(counts, tmp_path / "counts.tsv")
    first_line = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first_line == f"{next(iter(counts))}\t{counts[next(iter(counts))]}"
    assert list(load_counts(path).items()) == list(counts.items())


@pytest.mark.parametrize(
    ("word", "reason"),
    [
        ("a\tb", "it holds a tab"),
        ("a\nb", "it holds a line break"),
        (" hug", "it has spaces around it"),
        ("hug\r", "it has spaces around it"),
        ("hug\u3000", "it has spaces around it"),
    ],
)
def test_words_the_file_cannot_give_back_are_refused_and_nothing_is_written(tmp_path, word, reason):
    target = tmp_path / "counts.tsv"
    target.write_text("old\t1\n", encoding="utf-8")
    with pytest.raises(ValueError, match=reason):
        save_counts({"fine": 2, word: 1}, target)
    assert target.read_text(encoding="utf-8") == "old\t1\n"
    assert [path.name for path in tmp_path.iterdir()] == ["counts.tsv"]


def test_a_byte_order_mark_is_refused_only_where_it_would_be_read_as_one(tmp_path):
    with pytest.raises(ValueError, match="U\\+FEFF, which would be read as a byte-order mark"):
        save_counts({"\ufeffhug": 1}, tmp_path / "a.tsv")
    path = save_counts({"hug": 1, "\ufeffpug": 2}, tmp_path / "b.tsv")
    assert list(load_counts(path).items()) == [("hug", 1), ("\ufeffpug", 2)]


def test_words_with_inner_spaces_and_odd_line_breakers_come_back(tmp_path):
    words = {"a b": 1, "form\x0cfeed": 2, "line\u2028sep": 3, "cr\rinside": 4, "n\x85el": 5}
    assert dict(load_counts(save_counts(words, tmp_path / "a.tsv"))) == words


def test_loading_is_lenient_where_it_is_safe(tmp_path):
    path = tmp_path / "hand.tsv"
    path.write_bytes("\ufeffhug\t10\r\n\n   \npug\t 5 \nhug\t2\n".encode())
    assert list(load_counts(path).items()) == [("hug", 12), ("pug", 5)]
    packed = tmp_path / "counts.tsv.gz"
    packed.write_bytes(gzip.compress(b"hug\t3\n"))
    assert load_counts(packed) == WordCounts({"hug": 3})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hug 10\n", "line 1: expected 'word<TAB>count', got 'hug 10'"),
        ("hug\t1\n\tpug\t2\n", "line 2: expected 'word<TAB>count'"),
        ("hug\t1\t2\n", "line 1: expected 'word<TAB>count'"),
        ("hug\tten\n", "the count of 'hug' must be a positive whole number, got 'ten'"),
        ("hug\t0\n", "must be a positive whole number, got '0'"),
        ("hug\t-3\n", "got '-3'"),
        ("hug\t٣\n", "got '٣'"),
        (" hug\t3\n", "the word ' hug' has spaces around it"),
        ("\n\n", "holds no 'word<TAB>count' lines"),
    ],
)
def test_bad_lines_are_reported_with_their_number(tmp_path, text, message):
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("+", r"\+")):
        load_counts(path)


def test_missing_files_and_bad_bytes_are_named(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"counts file .*nope\.tsv does not exist"):
        load_counts(tmp_path / "nope.tsv")
    with pytest.raises(IsADirectoryError, match=r"counts file .* is a folder"):
        load_counts(tmp_path)
    path = tmp_path / "latin1.tsv"
    path.write_bytes(b"caf\xe9\t1\n")
    with pytest.raises(ValueError, match=r"counts file .*latin1\.tsv is not valid UTF-8: byte 0xe9 at offset 3"):
        load_counts(path)
