"""Tokenizers cut from a ``Trace``, and what they do to words.

A trainer picks the merges (WordPiece score or BPE count); an encoder cuts a
new word with the result (longest match over the vocab, or replaying the
merges). Crossing them gives four tokenizers (:func:`combinations`), at any
vocab size. :func:`measure` counts what one of them does to running words
(a word seen 5 times counts 5 times):

* **fertility**: tokens per word; **characters per token**;
* **share of words split** into more than one token;
* **[UNK] rate**: share of tokens that are ``[UNK]`` (and of words holding one).

:func:`vocab_overlap` compares two vocabs and :func:`differing_words` lists
the words two encoders cut differently.

>>> from wordpiece_lib import train_fast
>>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])  # until every word is whole
>>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
>>> encoders = combinations(wp, bpe)
>>> encoders[("WordPiece score", "longest match")]("pugs"), encoders[("WordPiece score", "merge replay")]("pugs")
(['pug', '##s'], ['pu', '##gs'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .._validate import check_instance, check_int
from ..counting.word_counts import WordCounts, as_word_counts
from ..model.longest_match import encode_word
from ..model.vocab import UNK_TOKEN
from ..training.bpe import BpeEncoder
from ..training.trace import Trace

#: The two trainers and the two encoders, in the order tables show them.
TRAINERS: tuple[str, str] = ("WordPiece score", "BPE count")


ENCODERS: tuple[str, str] = ("longest match", "merge replay")


Encoder = Callable[[str], list[str]]


def longest_match_encoder(trace: Trace, steps: int | None = None, *, unk_token: str = UNK_TOKEN) -> Encoder:
    """Longest-match-first over the vocab after ``steps`` merges (a word with an unknown character is one ``[UNK]``).

    >>> from wordpiece_lib import train_fast
    >>> trace = train_fast({"hug": 10, "hugs": 5}, 12, special_tokens=["[UNK]"])
    >>> longest_match_encoder(trace)("hugs"), longest_match_encoder(trace, 0)("hugs"), longest_match_encoder(trace)("mug")
    (['hugs'], ['h', '##u', '##g', '##s'], ['[UNK]'])
    """
    _check_prefix_style(trace)
    chosen = len(trace.steps) if steps is None else check_int(steps, "steps", minimum=0)
    vocab = frozenset(trace.tokens(chosen))
    cache: dict[str, list[str]] = {}
    prefix = trace.prefix

    def encode(word: str) -> list[str]:
        tokens = cache.get(word)
        if tokens is None:
            tokens = cache[word] = encode_word(word, vocab, prefix=prefix, unk_token=unk_token)
        return list(tokens)

    return encode


def merge_replay_encoder(trace: Trace, steps: int | None = None, *, unk_token: str = UNK_TOKEN) -> Encoder:
    """Replay the first ``steps`` merges (an unknown character is one ``[UNK]``, like Hugging Face's BPE).

    >>> from wordpiece_lib import train_fast
    >>> trace = train_fast({"hug": 10, "hugs": 5}, 12, special_tokens=["[UNK]"])
    >>> merge_replay_encoder(trace)("mug")
    ['[UNK]', '##u', '##g']
    """
    _check_prefix_style(trace)
    return BpeEncoder(trace, steps=steps, unk_token=unk_token).encode_word


def _check_prefix_style(trace: Any) -> None:
    check_instance(trace, "trace", Trace)
    if trace.marker is not None:
        raise ValueError("the comparison needs traces with a continuation prefix (##), not a begin-of-word marker")


def check_traces(wordpiece: Any, bpe: Any) -> None:
    """Both arguments must be traces (``wordpiece`` from the WordPiece trainer, ``bpe`` from BPE's).

    >>> check_traces(None, None)
    Traceback (most recent call last):
    ...
    TypeError: wordpiece must be a Trace, got NoneType
    """
    check_instance(wordpiece, "wordpiece", Trace)
    check_instance(bpe, "bpe", Trace)


def combinations(
    wordpiece: Trace, bpe: Trace, vocab_size: int | None = None, *, unk_token: str = UNK_TOKEN
) -> dict[tuple[str, str], Encoder]:
    """The four tokenizers {WordPiece score, BPE count} x {longest match, merge replay}.

    ``vocab_size`` cuts both traces to that size (``None``: each trace in full).
    Keys are ``(trainer, encoder)`` from ``TRAINERS`` and ``ENCODERS``.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 12, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 12, special_tokens=["[UNK]"], criterion="bpe")
    >>> sorted(len(encode("hugs")) for encode in combinations(wp, bpe, 10).values())
    [2, 2, 3, 3]
    """
    check_traces(wordpiece, bpe)
    if vocab_size is not None:
        check_int(vocab_size, "vocab_size", minimum=1)
    encoders: dict[tuple[str, str], Encoder] = {}
    for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
        steps = trace.steps_for_size(vocab_size)
        encoders[(trainer, ENCODERS[0])] = longest_match_encoder(trace, steps, unk_token=unk_token)
        encoders[(trainer, ENCODERS[1])] = merge_replay_encoder(trace, steps, unk_token=unk_token)
    return encoders


@dataclass(frozen=True)
class SegmentationMetrics:
    """What an encoder did to a list of running words; the rates are properties.

    >>> metrics = measure(lambda word: [word[:2], "##" + word[2:]] if len(word) > 2 else [word], {"hugs": 2, "ab": 2})
    >>> metrics.fertility, metrics.chars_per_token, metrics.split_share, metrics.unk_rate
    (1.5, 2.0, 0.5, 0.0)
    """

    words: int
    tokens: int
    characters: int
    split_words: int
    unk_tokens: int
    unk_words: int

    @property
    def fertility(self) -> float:
        """Tokens per word."""
        return self.tokens / self.words

    @property
    def chars_per_token(self) -> float:
        """Characters of the words per token (the ``##`` prefixes do not count)."""
        return self.characters / self.tokens

    @property
    def split_share(self) -> float:
        """Share of words cut into more than one token."""
        return self.split_words / self.words

    @property
    def unk_rate(self) -> float:
        """Share of tokens that are the unknown token."""
        return self.unk_tokens / self.tokens

    @property
    def unk_word_rate(self) -> float:
        """Share of words holding at least one unknown token."""
        return self.unk_words / self.words

    def as_dict(self) -> dict[str, float]:
        """The rates, named as table columns."""
        return {
            "fertility": self.fertility,
            "chars_per_token": self.chars_per_token,
            "split_share": self.split_share,
            "unk_rate": self.unk_rate,
            "unk_word_rate": self.unk_word_rate,
        }


def measure(
    encode: Encoder, word_counts: WordCounts | Mapping[str, int], *, unk_token: str = UNK_TOKEN
) -> SegmentationMetrics:
    """Encode every distinct word once and count, weighting by the word counts.

    >>> measure(lambda word: ["[UNK]"] if "x" in word else list(word), {"ab": 2, "x": 1}).unk_rate
    0.2
    """
    counts = as_word_counts(word_counts)
    if not counts:
        raise ValueError("word_counts is empty: there is nothing to measure")
    if not callable(encode):
        raise TypeError(f"encode must be a function word -> tokens, got {type(encode).__name__}")
    words = tokens = characters = split_words = unk_tokens = unk_words = 0
    for word, count in counts.items():
        pieces = encode(word)
        if not pieces:
            raise ValueError(f"encode({word!r}) returned no token")
        unknown = sum(piece == unk_token for piece in pieces)
        words += count
        tokens += count * len(pieces)
        characters += count * len(word)
        split_words += count * (len(pieces) > 1)
        unk_tokens += count * unknown
        unk_words += count * (unknown > 0)
    return SegmentationMetrics(words, tokens, characters, split_words, unk_tokens, unk_words)


@dataclass(frozen=True)
class VocabOverlap:
    """Tokens two vocabs share and the tokens only one has (each sorted).

    >>> overlap = vocab_overlap(["a", "b", "c"], ["b", "c", "d", "e"])
    >>> overlap.jaccard, overlap.only_first, overlap.only_second
    (0.4, ['a'], ['d', 'e'])
    """

    shared: list[str]
    only_first: list[str]
    only_second: list[str]

    @property
    def jaccard(self) -> float:
        """|shared| / |union| (1.0 for two equal vocabs)."""
        union = len(self.shared) + len(self.only_first) + len(self.only_second)
        return len(self.shared) / union if union else 1.0


def vocab_overlap(first: Iterable[str], second: Iterable[str]) -> VocabOverlap:
    """Compare two vocabs as sets of tokens (see ``VocabOverlap``).

    >>> vocab_overlap({"hug"}, {"hug"}).jaccard
    1.0
    """
    for name, value in (("first", first), ("second", second)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise TypeError(f"{name} must be a collection of tokens, got {type(value).__name__}")
    one, two = set(first), set(second)
    return VocabOverlap(sorted(one & two), sorted(one - two), sorted(two - one))


def differing_words(
    first: Encoder, second: Encoder, words: Iterable[str] | Mapping[str, int]
) -> list[tuple[str, list[str], list[str]]]:
    """``(word, first's tokens, second's tokens)`` for every word the two encoders cut differently.

    Words keep their order (most frequent first if you pass ``counts.most_common()`` words).

    >>> differing_words(list, lambda word: [word], ["a", "ab"])
    [('ab', ['a', 'b'], ['ab'])]
    """
    if isinstance(words, (str, bytes)):
        raise TypeError("words must be a collection of words, not a single str")
    found = []
    for word in words:
        one, two = first(word), second(word)
        if one != two:
            found.append((word, one, two))
    return found


__all__ = [
    "ENCODERS",
    "TRAINERS",
    "Encoder",
    "SegmentationMetrics",
    "VocabOverlap",
    "combinations",
    "differing_words",
    "longest_match_encoder",
    "measure",
    "merge_replay_encoder",
    "vocab_overlap",
]
