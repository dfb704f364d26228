"""Encoding words with a vocab: greedy longest-match-first, and merge replay.

Longest-match-first (what BERT does): take the longest vocab entry that
starts the word; continue on the rest, looking it up with the prefix
(``##``); if at some position nothing matches, the *whole* word becomes
``[UNK]``. Words longer than ``max_input_chars_per_word`` characters become
``[UNK]`` without being looked at.
"""

from __future__ import annotations

from collections.abc import Container, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._validate import check_int, check_str
from .pieces import DEFAULT_PREFIX, split_word

if TYPE_CHECKING:
    from .scores import Pair

MAX_INPUT_CHARS_PER_WORD = 100


def encode_word(
    word: str,
    vocab: Container[str],
    *,
    prefix: str = DEFAULT_PREFIX,
    unk_token: str | None = None,
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
) -> list[str]:
    """Greedy longest-match-first encoding of one word.

    ``unk_token`` defaults to the vocab's own unknown token (``Vocab.unk_token``),
    or ``[UNK]`` for a plain set of tokens.

    >>> vocab = {"[UNK]", "b", "h", "p", "##g", "##n", "##s", "##u", "##gs", "hu", "hug"}
    >>> encode_word("hugs", vocab), encode_word("bugs", vocab), encode_word("mug", vocab)
    (['hug', '##s'], ['b', '##u', '##gs'], ['[UNK]'])
    """
    check_str(word, "word")
    if not isinstance(vocab, Container) or isinstance(vocab, str):
        raise TypeError(f"vocab must be a Vocab or a set of tokens, got {type(vocab).__name__}")
    check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
    if unk_token is None:
        unk_token = getattr(vocab, "unk_token", "[UNK]")
    else:
        check_str(unk_token, "unk_token")
    if len(word) > max_input_chars_per_word:
        return [unk_token]
    tokens: list[str] = []
    start = 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = word[start:end] if start == 0 else prefix + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                break
            end -= 1
        else:
            return [unk_token]
        start = end
    return tokens


@dataclass(frozen=True)
class MatchAttempt:
    """One lookup made by longest-match-first: where, what, and if it matched."""

    start: int
    end: int
    candidate: str
    matched: bool


def longest_match_attempts(
    word: str,
    vocab: Container[str],
    *,
    prefix: str = DEFAULT_PREFIX,
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD,
) -> Iterator[MatchAttempt]:
    """Every lookup longest-match-first makes on ``word``, in order.

    Stops after the first position where nothing matched (the word is then
    ``[UNK]``). Yields nothing for a word over the length limit.

    >>> [(a.candidate, a.matched) for a in longest_match_attempts("hugs", {"hug", "##s"})]
    [('hugs', False), ('hug', True), ('##s', True)]
    """
    check_str(word, "word")
    check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
    if len(word) > max_input_chars_per_word:
        return
    start = 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else prefix + word[start:end]
            matched = piece in vocab
            yield MatchAttempt(start, end, piece, matched)
            if matched:
                start = end
                break
        else:
            return


def encode_with_merges(
    word: str,
    merges: Sequence[Pair] | Mapping[Pair, int],
    *,
    prefix: str = DEFAULT_PREFIX,
    marker: str | None = None,
) -> list[str]:
    """Encode ``word`` by replaying learned merges in order (BPE-style).

    The two encoders can disagree on the same vocab. The hug/pug corpus
    learns ``##gs, hu, hugs, hug, pu, bu, bun, pug`` in that order; replaying
    those merges on ``pugs`` makes ``##gs`` (step 1) before ``pug`` (step 8)
    could form, so replay gives ``pu ##gs`` where longest match gives
    ``pug ##s``.

    >>> merges = [("##g", "##s"), ("h", "##u"), ("hu", "##gs"), ("hu", "##g"),
    ...           ("p", "##u"), ("b", "##u"), ("bu", "##n"), ("pu", "##g")]
    >>> encode_with_merges("pugs", merges)
    ['pu', '##gs']
    >>> vocab = {"##g", "##n", "##s", "##u", "b", "h", "p", "##gs", "hu", "hugs", "hug", "pu", "bu", "bun", "pug"}
    >>> encode_word("pugs", vocab)
    ['pug', '##s']
    >>> encode_with_merges("bugs", [("##g", "##s"), ("h", "##u")])
    ['b', '##u', '##gs']
    """
    check_str(word, "word", allow_empty=False)
    # Imported here: a tokenizer that only matches longest-first starts without the training modules.
    from .trace import apply_merges, merge_ranks

    return apply_merges(split_word(word, prefix, marker=marker), merge_ranks(merges), prefix, marker)
