"""Scripts, mixing, per-language metrics and the offline language data, against hand calculation and Hugging Face.

Expected values are worked out by hand in the comments, or come from Hugging Face's
``BertNormalizer`` (for which words a normalizer merges) and from Unicode's own tables.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import BertNormalizer, WordCounts
from wordpiece_lib.analysis import measure_languages, parallel_token_counts, parity, token_usage, vocab_shares
from wordpiece_lib.counting import mix_corpora, sampling_probabilities
from wordpiece_lib.data import (
    LANGUAGE_NAMES,
    MULTILINGUAL_BOOKS,
    available_book_text,
    book_path,
    frequency_list,
    frequency_word_counts,
    parallel_phrases,
    text_sha256,
)
from wordpiece_lib.text import char_script, decomposition, main_script, normalization_merges

# ---------------------------------------------------------------- scripts


@pytest.mark.parametrize(
    ("char", "script"),
    [
        ("é", "Latin"),
        ("ß", "Latin"),
        ("й", "Cyrillic"),
        ("λ", "Greek"),
        ("ب", "Arabic"),
        ("ש", "Hebrew"),
        ("ह", "Devanagari"),
        ("水", "Han"),
        ("が", "Hiragana"),
        ("ア", "Katakana"),
        ("한", "Hangul"),
        ("ท", "Thai"),
        ("7", "Common"),
        (" ", "Common"),
        ("\u0301", "Inherited"),
    ],
)
def test_char_script_reads_the_unicode_name(char, script):
    assert char_script(char) == script


def test_char_script_rejects_more_than_one_character():
    with pytest.raises(ValueError, match="one character"):
        char_script("ab")
    with pytest.raises(ValueError, match="char"):
        char_script("")


def test_main_script_ignores_the_continuation_prefix_and_digits():
    assert main_script("##дом") == "Cyrillic"
    assert main_script("2024年") == "Han"
    assert main_script("!!") == "Common"


def test_decomposition_shows_the_marks_that_stripping_drops():
    parts = decomposition("й")
    assert [part.char for part in parts] == ["и", "\u0306"]
    assert [part.is_mark for part in parts] == [False, True]
    hangul = decomposition("한")  # a Hangul syllable is three jamo in NFD, all letters
    assert len(hangul) == 3 and all(part.category == "Lo" for part in hangul)


def hf_normalizer(**options):
    normalizers = pytest.importorskip("tokenizers").normalizers
    return normalizers.BertNormalizer(**options).normalize_str


WORDS = [
    "résumé",
    "resume",
    "Résumé",
    "côte",
    "cote",
    "maïs",
    "mais",
    "Straße",
    "strasse",
    "пой",
    "пои",
    "がっこう",
    "かっこう",
    "학교",
    "हिन्दी",
    "हिनदी",
    "Ελλάδα",
    "Ελλαδα",
    "naïve",
]


@pytest.mark.parametrize("strip_accents", [None, False])
def test_normalization_merges_agree_with_hugging_face(strip_accents):
    ours = normalization_merges(WORDS, BertNormalizer(lowercase=True, strip_accents=strip_accents))
    theirs = normalization_merges(WORDS, hf_normalizer(lowercase=True, strip_accents=strip_accents))
    assert ours == theirs
    if strip_accents is None:  # by hand: these pairs differ only by a mark (or by case)
        groups = [set(group) for group in ours.values()]
        for pair in ({"пой", "пои"}, {"がっこう", "かっこう"}, {"हिन्दी", "हिनदी"}, {"Ελλάδα", "Ελλαδα"}):
            assert any(pair <= group for group in groups)
        assert {"résumé", "resume", "Résumé"} in groups
        assert not any("Straße" in group for group in groups)  # ß has no decomposition
    else:
        assert list(ours.values()) == [["résumé", "Résumé"]]  # only lowercasing merges


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="aeéèEÉçc\u0301", min_size=1, max_size=4), max_size=12))
def test_normalization_merges_is_a_partition_of_the_words_that_collide(words):
    normalizer = BertNormalizer(lowercase=True)
    groups = normalization_merges(words, normalizer)
    grouped = [word for group in groups.values() for word in group]
    assert len(grouped) == len(set(grouped))
    for text, group in groups.items():
        assert len(group) > 1 and all(normalizer(word) == text for word in group)
    alone = set(words) - set(grouped)
    assert len({normalizer(word) for word in alone}) == len(alone)
    assert not {normalizer(word) for word in alone} & set(groups)


def test_normalization_merges_rejects_a_single_string():
    with pytest.raises(TypeError, match="words"):
        normalization_merges("résumé", BertNormalizer(lowercase=True))


# ---------------------------------------------------------------- mixing


def test_sampling_probabilities_by_hand():
    # 900**0.5 = 30, 100**0.5 = 10: 30/40 and 10/40
    assert sampling_probabilities({"en": 900, "fr": 100}, 0.5) == pytest.approx({"en": 0.75, "fr": 0.25})
    assert sampling_probabilities({"en": 900, "fr": 100}, 0) == {"en": 0.5, "fr": 0.5}
    assert sampling_probabilities({"en": 900, "fr": 100}, 1) == pytest.approx({"en": 0.9, "fr": 0.1})


@settings(max_examples=80, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["en", "fr", "ru", "hi", "zh"]), st.integers(1, 10**9), min_size=2),
    st.floats(0, 1),
    st.floats(0, 1),
)
def test_a_larger_exponent_never_lowers_the_largest_languages_share(sizes, first, second):
    low, high = sorted((first, second))
    lower, higher = sampling_probabilities(sizes, low), sampling_probabilities(sizes, high)
    assert math.isclose(sum(lower.values()), 1.0) and math.isclose(sum(higher.values()), 1.0)
    biggest, smallest = max(sizes, key=sizes.get), min(sizes, key=sizes.get)
    assert higher[biggest] >= lower[biggest] - 1e-12
    assert higher[smallest] <= lower[smallest] + 1e-12


def test_sampling_probabilities_survive_huge_sizes():
    probabilities = sampling_probabilities({"a": 1e300, "b": 1e299}, 2.0)
    assert probabilities["a"] == pytest.approx(100 / 101)


@pytest.mark.parametrize(
    ("sizes", "exponent", "error"),
    [
        ({}, 1, ValueError),
        ({"en": 0}, 1, ValueError),
        ({"en": 10}, -1, ValueError),
        ({"en": 10}, math.nan, ValueError),
        ({"en": "10"}, 1, TypeError),
        ({"en": 10}, "1", TypeError),
        ({"en": 10}, True, TypeError),
    ],
)
def test_sampling_probabilities_bad_input(sizes, exponent, error):
    with pytest.raises(error):
        sampling_probabilities(sizes, exponent)


def test_mix_corpora_expected_counts_by_hand():
    corpora = {"en": {"the": 60, "cat": 40}, "fr": {"le": 10}}
    # exponent 1: the natural mix, the corpora unchanged
    natural = mix_corpora(corpora, 1)
    assert dict(natural.counts) == {"the": 60, "cat": 40, "le": 10}
    # exponent 0: 55 words each; en: 60/100 * 55 = 33, 40/100 * 55 = 22
    even = mix_corpora(corpora, 0)
    assert dict(even.counts) == {"the": 33, "cat": 22, "le": 55}
    assert even.language_words == {"en": 55, "fr": 55} and even.scale("fr") == 5.5
    # a shared word adds up; a word whose expected count rounds to 0 is dropped and counted
    shared = mix_corpora({"en": {"a": 99, "rare": 1}, "fr": {"a": 1}}, 0, budget=4)
    assert dict(shared.counts) == {"a": 4} and shared.dropped == {"en": 1, "fr": 0}  # 2*0.99 -> 2, 2*0.01 -> 0, 2*1


def test_mix_corpora_is_deterministic_and_keeps_first_seen_order():
    corpora = {"en": {"b": 5, "a": 3}, "de": {"c": 2, "b": 1}}
    first, second = mix_corpora(corpora, 0.3), mix_corpora(corpora, 0.3)
    assert first == second
    assert list(first.counts) == ["b", "a", "c"]


@pytest.mark.parametrize(
    ("corpora", "error"),
    [({}, ValueError), ("en", TypeError), ({"en": {}}, ValueError), ({"en": {"a": -1}}, ValueError)],
)
def test_mix_corpora_bad_input(corpora, error):
    with pytest.raises(error):
        mix_corpora(corpora, 1)


def test_mix_corpora_too_small_a_budget_says_so():
    with pytest.raises(ValueError, match="budget"):
        mix_corpora({"en": {"a": 1, "b": 1, "c": 1}}, 1, budget=1)


# ---------------------------------------------------------------- per-language metrics


def test_parity_by_hand():
    assert parity({"en": 40, "fr": 50, "ko": 160}) == {"en": 1.0, "fr": 1.25, "ko": 4.0}
    assert parity({"en": 40, "fr": 50}, reference="fr") == {"en": 0.8, "fr": 1.0}
    with pytest.raises(ValueError, match="reference"):
        parity({"fr": 2}, reference="en")
    with pytest.raises(ValueError, match="divide by zero"):
        parity({"en": 0, "fr": 2})


def test_parallel_token_counts_needs_aligned_segments():
    assert parallel_token_counts(str.split, {"en": ["a b", "c"], "fr": ["a b c", "d e"]}) == {"en": 3, "fr": 5}
    with pytest.raises(ValueError, match="same number of segments"):
        parallel_token_counts(str.split, {"en": ["a"], "fr": ["a", "b"]})
    with pytest.raises(TypeError, match="list of segments"):
        parallel_token_counts(str.split, {"en": "a b"})


def test_measure_languages_by_hand():
    # characters as tokens, '?' as unknown: en 'ab' x3 -> 6 tokens / 3 words; el 'αβγ' + '?' -> 4 tokens / 2 words
    metrics = measure_languages(list, {"en": {"ab": 3}, "el": {"αβγ": 1, "?": 1}}, unk_token="?")
    assert metrics["en"].fertility == 2.0 and metrics["en"].unk_rate == 0.0
    assert metrics["el"].fertility == 2.0 and metrics["el"].unk_rate == 0.25 and metrics["el"].unk_word_rate == 0.5


def test_token_usage_weights_by_count():
    assert token_usage(list, {"aab": 2, "b": 0.5}) == {"a": 4, "b": 2.5}
    with pytest.raises(ValueError, match="count of 'x'"):
        token_usage(list, {"x": -1})


def test_vocab_shares_by_hand():
    usage = {"en": {"a": 5, "b": 1, "e": 3, "f": 1}, "fr": {"b": 2, "##c": 1, "e": 1, "f": 1}}
    shares = vocab_shares(["[PAD]", "[UNK]", "a", "b", "##c", "d", "e", "f", "a"], usage)
    # a: en; b: fr (2 > 1); ##c: fr; d: nobody; e: en (3 > 1); f: tie -> en, listed first. Counted: 6 tokens.
    assert shares.owners == {"a": "en", "b": "fr", "##c": "fr", "d": None, "e": "en", "f": "en"}
    assert shares.owned == {"en": 3, "fr": 2} and shares.unused == 1 and shares.counted == 6
    assert shares.shares == {"en": 0.5, "fr": 2 / 6}
    assert shares.tokens_of("fr") == ["b", "##c"]
    with pytest.raises(ValueError, match="nothing to share"):
        vocab_shares(["[UNK]"], usage)


# ---------------------------------------------------------------- offline language data


def test_frequency_word_counts_follow_the_frequencies():
    ranked = frequency_list("fr", top=50)
    counts = frequency_word_counts("fr", top=50, total=10_000)
    assert list(counts) == [word for word, _ in ranked if round(_ / sum(f for _, f in ranked) * 10_000) > 0]
    assert abs(counts.total - 10_000) <= 50  # one rounding per word at most
    mass = sum(frequency for _, frequency in ranked)
    word, frequency = ranked[0]
    assert counts[word] == round(frequency / mass * 10_000)


def test_frequency_lists_leave_out_lone_combining_marks():
    words = [word for word, _ in frequency_list("ja", top=5000)]
    assert not any(all(unicodedata.category(char).startswith("M") for char in word) for word in words)


def test_frequency_list_unknown_language_names_the_known_ones():
    with pytest.raises(ValueError, match=r"has no 'small' list for language 'xx'.*en"):
        frequency_list("xx")


def test_parallel_phrases_are_aligned_item_by_item():
    phrases = parallel_phrases(["en", "fr", "de", "ja"], tables=["weekdays", "months"])
    assert len({len(texts) for texts in phrases.values()}) == 1
    at = phrases["en"].index("Monday")
    assert (phrases["fr"][at], phrases["de"][at], phrases["ja"][at]) == ("lundi", "Montag", "月曜日")
    january = phrases["en"].index("January")
    assert phrases["fr"][january] == "janvier" and phrases["en"][january + 1] == "February"


def test_parallel_phrases_cover_the_notebook_languages():
    phrases = parallel_phrases([*LANGUAGE_NAMES])
    assert len(phrases["en"]) > 500
    assert all(len(texts) == len(phrases["en"]) for texts in phrases.values())


def test_parallel_phrases_unknown_locale():
    with pytest.raises(ValueError, match="no locale"):
        parallel_phrases(["en", "xx-notalocale"])


# ---------------------------------------------------------------- the registered books


def test_every_book_is_pinned_to_a_copy_at_a_fixed_commit_of_project_gutenbergs_repository():
    assert sorted(MULTILINGUAL_BOOKS) == ["kafka-verwandlung", "wu-xiyouji"]  # the others had no checkable copy
    for name, book in MULTILINGUAL_BOOKS.items():
        assert book.name == name and book.filename == f"{name}.txt" and book.clean == "gutenberg"
        assert len(book.sha256) == 64 and book.size > 100_000 and not book.bundled
        first = re.fullmatch(
            r"https://raw\.githubusercontent\.com/gutenbergbooks/(\d+)/([0-9a-f]{40})/(\d+)-0\.txt", book.urls[0]
        )
        assert first and first[1] == first[3] == str(book.gutenberg_id), book.urls[0]
        assert first[2] in book.source and book.urls[1].startswith("https://www.gutenberg.org/cache/epub/")


def unpinned(monkeypatch, name: str = "kafka-verwandlung", text: str | None = None):
    """Book ``name`` pinned to ``text`` (a checksum computed here), or with no pin at all."""
    book = MULTILINGUAL_BOOKS[name]
    pin = {"sha256": None, "size": None} if text is None else {"sha256": text_sha256(text), "size": len(text.encode())}
    monkeypatch.setitem(MULTILINGUAL_BOOKS, name, replace(book, **pin))


def test_available_book_text_reads_a_local_copy_and_never_downloads(tmp_path, monkeypatch):
    assert available_book_text("kafka-verwandlung", tmp_path) is None
    book_path("kafka-verwandlung", tmp_path).write_text("", encoding="utf-8")
    assert available_book_text("kafka-verwandlung", tmp_path) is None  # empty: treated as missing
    story = "Als Gregor\nSamsa\n\nerwachte."
    unpinned(monkeypatch, text=story)
    raw = "header\n*** START OF THE PROJECT GUTENBERG EBOOK ***\nAls Gregor\nSamsa\n\nerwachte.\n*** END OF IT ***\nfooter"
    book_path("kafka-verwandlung", tmp_path).write_text(raw, encoding="utf-8")
    # Licence header and footer cut; a text this short says nothing about wrapping, so its lines stay.
    assert available_book_text("kafka-verwandlung", tmp_path) == story
    unpinned(monkeypatch)
    cut = "*** START OF THE PROJECT GUTENBERG EBOOK ***\nAls Gregor Samsa eines Morgens"
    book_path("kafka-verwandlung", tmp_path).write_text(cut, encoding="utf-8")
    with pytest.raises(ValueError, match="no END line"):  # unpinned and cut short: never used
        available_book_text("kafka-verwandlung", tmp_path)


@pytest.mark.parametrize("name", ["kafka-verwandlung", "wu-xiyouji"])
def test_a_copy_that_is_not_the_pinned_text_is_refused(tmp_path, name):
    size = MULTILINGUAL_BOOKS[name].size
    book_path(name, tmp_path).write_text("Mieleni minun tekevi", encoding="utf-8")
    with pytest.raises(
        ValueError, match=f"{name}.txt looks truncated: 20 bytes after cleaning, expected about {size:,}"
    ):
        available_book_text(name, tmp_path)
    # As long as the book, with Project Gutenberg's lines, but other words: refused too.
    other = (
        "*** START OF THE PROJECT GUTENBERG EBOOK ***\n"
        + "Mieleni minun tekevi.\n" * (size // 22)
        + "*** END OF IT ***"
    )
    book_path(name, tmp_path).write_text(other, encoding="utf-8")
    with pytest.raises(ValueError, match="differs from the pinned copy"):
        available_book_text(name, tmp_path)


def test_unknown_book_names_the_choices():
    with pytest.raises(ValueError, match="kafka-verwandlung"):
        book_path("no-such-book")


def test_word_counts_of_the_lists_are_word_counts():
    assert isinstance(frequency_word_counts("el", top=10, total=1000), WordCounts)
