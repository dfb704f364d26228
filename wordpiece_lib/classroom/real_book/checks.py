"""Checks behind notebook 07's "your turn" exercises (a vocab trained on a real book).

They run in the frame of :mod:`wordpiece_lib.classroom.exercise`: a right
answer passes quietly, a wrong one raises ``AssertionError`` saying in plain
words what is off, and an answer still set to ``TODO`` skips as "not done
yet". The expected answers are computed from the vocab, the word counts or
the tokenizer the notebook passes in, never hard-coded.

>>> vocab = {"[UNK]", "h", "##u", "##g", "##s", "hug", "##gs"}
>>> check_longest_token("hug", vocab)
>>> check_longest_token("##gs", vocab)
Traceback (most recent call last):
...
AssertionError: '##gs' has 2 characters of text: the ## only says 'this piece continues a word' and is not part of the text. The longest token has 3: 'hug'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from numbers import Real
from typing import Any

from wordpiece_lib.classroom.exercise import require
from wordpiece_lib.encode import encode_word
from wordpiece_lib.pieces import DEFAULT_PREFIX
from wordpiece_lib.tokenizer import WordPieceTokenizer
from wordpiece_lib.vocab import BERT_SPECIAL_TOKENS


def text_length(token: str, prefix: str = DEFAULT_PREFIX) -> int:
    """How many characters of text a token stands for (its ``##`` does not count).

    >>> text_length("##ing"), text_length("Silver"), text_length("##")
    (3, 6, 2)
    """
    return len(token.removeprefix(prefix)) if token != prefix else len(token)


def check_longest_token(
    answer: Any,
    vocab: Iterable[str],
    prefix: str = DEFAULT_PREFIX,
    special_tokens: Iterable[str] = BERT_SPECIAL_TOKENS,
) -> None:
    """Check a token of greatest text length (``##`` not counted, special tokens left out; any of a tie passes)."""
    __tracebackhide__ = True  # keep this frame out of the student's report
    token = require(answer, "the longest token")
    specials = set(special_tokens)
    tokens = set(vocab) - specials
    longest = max(text_length(item, prefix) for item in tokens)
    winners = sorted(item for item in tokens if text_length(item, prefix) == longest)
    shown = " or ".join(repr(item) for item in winners[:3])
    if not isinstance(token, str):
        raise AssertionError(f"give the token itself, a str like 'Silver', not a {type(token).__name__}: {token!r}")
    if token in specials:
        raise AssertionError(f"{token!r} is a special token, not a piece of text: leave the special tokens out")
    if token not in tokens:
        word = token.removeprefix(prefix)
        hint = f" ('{prefix}{word}' is: a piece that continues a word)" if prefix + word in tokens else ""
        raise AssertionError(f"{token!r} is not a token of this vocab{hint}: pick one from the vocab you were given")
    if text_length(token, prefix) == longest:
        return
    if len(token) >= longest and token.startswith(prefix):
        raise AssertionError(
            f"{token!r} has {text_length(token, prefix)} characters of text: the {prefix} only says 'this piece "
            f"continues a word' and is not part of the text. The longest token has {longest}: {shown}"
        )
    raise AssertionError(
        f"{token!r} has {text_length(token, prefix)} characters of text, but the vocab holds a token with "
        f"{longest}: sort every token by len(token.removeprefix('{prefix}'))"
    )


def check_single_token_names(
    answer: Any, names: Iterable[str], vocab: Iterable[str], *, unk_token: str = "[UNK]"
) -> None:
    """Check how many of ``names`` longest-match-first encodes as one token."""
    __tracebackhide__ = True  # keep this frame out of the student's report
    count = require(answer, "the number of names that are one token")
    tokens = set(vocab)
    names = list(names)
    whole = [name for name in names if encode_word(name, tokens, unk_token=unk_token) == [name]]
    if isinstance(count, bool) or not isinstance(count, int):
        raise AssertionError(f"give a whole number (how many names), not a {type(count).__name__}: {count!r}")
    if count == len(whole):
        return
    split = {name: encode_word(name, tokens, unk_token=unk_token) for name in names if name not in whole}
    lowered = sum(name.lower() in tokens for name in names)
    if count == lowered and lowered != len(whole):
        raise AssertionError(
            f"{count} is how many names are tokens in lower case; the book was trained cased, so look up "
            f"'Silver', not 'silver'"
        )
    example = next(iter(split.items()), None)
    detail = f" For example {example[0]!r} is {example[1]}." if example else ""
    raise AssertionError(
        f"{count} is not it: {len(whole)} of the {len(names)} names are a single token in this vocab.{detail} "
        "A name is one token exactly when the name itself is in the vocab"
    )


def _as_bool_mapping(answer: Any) -> dict[str, bool]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if not isinstance(answer, Mapping):
        raise AssertionError(f"give a dict word -> True/False, not a {type(answer).__name__}: {answer!r}")
    for word, value in answer.items():
        if not isinstance(value, bool):
            raise AssertionError(f"the value for {word!r} should be True (split) or False (one token), got {value!r}")
    return dict(answer)


def check_split_predictions(
    answer: Any,
    vocab: Iterable[str],
    book_words: Mapping[str, int],
    words: Iterable[str],
    *,
    unk_token: str = "[UNK]",
) -> None:
    """Check a prediction ``word -> True when it is split into several tokens`` for every word of ``words``."""
    __tracebackhide__ = True  # keep this frame out of the student's report
    predicted = _as_bool_mapping(require(answer, "your predictions"))
    tokens = set(vocab)
    words = list(words)
    missing = [word for word in words if word not in predicted]
    if missing:
        raise AssertionError(f"predict every word: {missing} are missing from your dict")
    for word in words:
        pieces = encode_word(word, tokens, unk_token=unk_token)
        split = len(pieces) > 1
        if predicted[word] == split:
            continue
        in_book = word in book_words
        if split and in_book:
            raise AssertionError(
                f"{word!r} is split: {pieces}. It is in the book, but this vocab stops before the merge that "
                "makes it whole"
            )
        if split:
            raise AssertionError(
                f"{word!r} is split: {pieces}. It is not in the book, and no merge on the way to a longer word "
                "built it whole"
            )
        if in_book:
            raise AssertionError(
                f"{word!r} is one token: it occurs {book_words[word]} times in the book, and training to the end "
                "made every word of the book whole"
            )
        longer = sorted((other for other in book_words if other.startswith(word)), key=lambda other: -book_words[other])
        source = f" (for example {longer[0]!r})" if longer else ""
        raise AssertionError(
            f"{word!r} is not in the book, yet it is one token: merges build every word letter by letter from the "
            f"left, so {word!r} was made on the way to a longer word of the book{source}"
        )


def _number(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value).limit_denominator(10**6) if isinstance(value, float) else Fraction(value)


def _close(value: Fraction, expected: Fraction) -> bool:
    return abs(value - expected) <= Fraction(1, 1000)


def check_fertility(answer: Any, sentence: str, tokenizer: WordPieceTokenizer) -> None:
    """Check tokens per word of ``sentence``: its tokens divided by its pre-tokenized words (punctuation included).

    A float within 0.001 passes, so a rounded ``2.23`` is fine.
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    value = require(answer, "the fertility of the sentence")
    number = _number(value)
    if number is None:
        raise AssertionError(f"give a number (tokens divided by words), not a {type(value).__name__}: {value!r}")
    words = tokenizer.words(sentence)
    tokens = [token for word in words for token in tokenizer.encode_word(word)]
    expected = Fraction(len(tokens), len(words))
    if _close(number, expected):
        return
    plain_words = [word for word in words if any(character.isalnum() for character in word)]
    counted = f"{len(tokens)} tokens / {len(words)} words"
    if plain_words and _close(number, Fraction(len(tokens), len(plain_words))):
        raise AssertionError(
            f"you left the punctuation out of the words; the pre-tokenizer makes every punctuation mark a word of "
            f"its own, and it becomes a token too: {counted}"
        )
    if number and _close(1 / number, expected):
        raise AssertionError(f"that is words per token; fertility is tokens per word: {counted}")
    if _close(number, Fraction(len(tokens))):
        raise AssertionError(f"{len(tokens)} is the number of tokens; divide it by the number of words: {counted}")
    raise AssertionError(
        f"{float(number):.3f} is not it: the sentence has {len(words)} words after pre-tokenization "
        f"(tokenizer.words(sentence)); count the tokens of each word with tokenizer.encode_word(word)"
    )


__all__ = [
    "check_fertility",
    "check_longest_token",
    "check_single_token_names",
    "check_split_predictions",
    "text_length",
]
