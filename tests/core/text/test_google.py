"""Google's text rules (``text/google.py``): the per-character tables and the aligned path give the readable words.

The readable Google pipeline is ``google_split(GoogleNormalizer(...)(text))``
(itself checked against Google's own file in ``tests/peers/test_google_bert.py``).
The fast tokenizer rewrites each character alone through ``split_rule``; the
aligned path carries each character's origin. Both must give the same words.
"""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordpiece_lib.text import (
    GoogleNormalizer,
    GoogleWords,
    NotLocal,
    google_clean,
    google_is_cjk,
    google_split,
    unused_tokens,
)

SETTINGS = {"uncased": GoogleNormalizer(lowercase=True), "cased": GoogleNormalizer()}
# Planes 0 and 1 hold nearly every assigned character; the other planes are sampled (every 7th code point).
CODE_POINTS = [chr(code) for code in [*range(0x20000), *range(0x20000, 0x110000, 7)] if not 0xD800 <= code <= 0xDFFF]
TROUBLEMAKERS = (
    "aZé#$£ ,.!?'\t\n\r\x0b\x1c\x00\x07\x85\u200b\ufeff\ufffd\u00a0\u2028\u3000\ue000\U000f0000"
    "\u0301\u0308\u07a6\U0001d165\U0001d16d\U00011938\u0378\u2e5d\u0130\u03a3\u00df"
    "我野ア한👍🏽ש\U0002b820\U0002b920“”—[]unused1"
)


def table_words(words: GoogleWords, text: str) -> list[str] | None:
    table = {}
    try:
        for char in set(text):
            table[ord(char)] = words.split_rule(char)
    except NotLocal:
        return None
    return text.translate(table).split()


@pytest.mark.parametrize("name", list(SETTINGS))
def test_every_code_point_alone_gives_the_readable_words(name):
    normalizer = SETTINGS[name]
    words = GoogleWords(normalizer)
    for char in CODE_POINTS:
        try:
            fast = words.split_rule(char).split()
        except NotLocal:
            continue
        assert fast == google_split(normalizer(char)), hex(ord(char))


@pytest.mark.parametrize("name", list(SETTINGS))
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.sampled_from(TROUBLEMAKERS), max_size=30))
def test_tables_aligned_path_and_readable_words_agree(name, text):
    normalizer = SETTINGS[name]
    words = GoogleWords(normalizer)
    readable = google_split(normalizer(text))
    fast = table_words(words, text)
    assert fast is None or fast == readable
    aligned = words.with_origins(text)
    assert [word for word, _ in aligned] == readable
    for word, origins in aligned:
        assert len(origins) == len(word)
        assert list(origins) == sorted(origins) and all(0 <= origin < len(text) for origin in origins)


def test_final_sigma_follows_str_lower_per_word():
    words = GoogleWords(GoogleNormalizer(lowercase=True))
    assert words.words("ΟΔΟΣ ΣΑΣ.") == ["οδος", "σας", "."]
    assert words.words("ΟΔΟΣ") == ["οδος"]
    with pytest.raises(NotLocal):
        words.split_rule("Σ")


def test_googles_clean_up_keeps_private_use_and_its_cjk_ranges_start_at_2b820():
    assert google_clean("a\ue000\u200b\x00\ufffdb\u3000c") == "a\ue000b c"
    assert google_is_cjk("\U0002b820") and not google_is_cjk("\U0002cec0")


def test_unused_tokens_are_kept_whole_only_when_typed_alone_and_in_the_vocab():
    vocab = ["[UNK]", "[unused1]", "[unused2]"]
    assert unused_tokens(vocab) == {"[unused1]", "[unused2]"}
    keep = GoogleWords(GoogleNormalizer(lowercase=True, preserve_unused_tokens=True), unused_tokens(vocab))
    assert keep.words("[unused1] x[unused2] [UNUSED1] [unused3]") == [
        "[unused1]", "x", "[", "unused2", "]", "[", "unused1", "]", "[", "unused3", "]",
    ]  # fmt: skip
    # Google looks after its clean-up: a format character inside does not stop it.
    assert keep.words("[unu\u200bsed1]") == ["[unused1]"]
    assert GoogleWords(GoogleNormalizer(lowercase=True), unused_tokens(vocab)).words("[unused1]") == [
        "[", "unused1", "]",
    ]  # fmt: skip


def test_a_google_normalizer_pickles_and_refuses_non_bools():
    normalizer = GoogleNormalizer(lowercase=True, preserve_unused_tokens=True)
    assert pickle.loads(pickle.dumps(normalizer)) == normalizer
    with pytest.raises(TypeError, match="lowercase"):
        GoogleNormalizer(lowercase="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="normalizer must be a GoogleNormalizer"):
        GoogleWords(object())  # type: ignore[arg-type]
