"""Encoding words with a vocab: greedy longest-match-first.

Longest-match-first (what BERT does): take the longest vocab entry that
starts the word; continue on the rest, looking it up with the prefix
(``##``); if at some position nothing matches, the *whole* word becomes
``[UNK]``. Words longer than ``max_input_chars_per_word`` characters become
``[UNK]`` without being looked at.
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from dataclasses import dataclass

from .._validate import check_int, check_str
from .linmaxmatch import automaton_for
from .pieces import DEFAULT_PREFIX
from .vocab import MAX_INPUT_CHARS_PER_WORD, Vocab

#: Words longer than this (possible only with a raised ``max_input_chars_per_word``) are encoded by the
#: vocab's LinMaxMatch automaton when the vocab is a ``Vocab``: linear time instead of a lookup per
#: candidate. Shorter words cost little either way, and need no automaton to be built.
AUTOMATON_WORD_LENGTH = 64


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

    The cost: with a ``Vocab``, no candidate longer than its longest token is
    looked up, and a word over ``AUTOMATON_WORD_LENGTH`` characters goes
    through the vocab's LinMaxMatch automaton, so the time grows linearly with
    the word. Any other container (a set, or one that counts its lookups, as
    notebook 08 does) gets the textbook search: every candidate from the end
    of the word down, ``n (n + 1) / 2`` lookups for ``n`` one-letter tokens.

    >>> vocab = {"[UNK]", "b", "h", "p", "##g", "##n", "##s", "##u", "##gs", "hu", "hug"}
    >>> encode_word("hugs", vocab), encode_word("bugs", vocab), encode_word("mug", vocab)
    (['hug', '##s'], ['b', '##u', '##gs'], ['[UNK]'])
    """
    check_str(word, "word")
    if not isinstance(vocab, Container) or isinstance(vocab, str):
        raise TypeError(f"vocab must be a Vocab or a set of tokens, got {type(vocab).__name__}")
    check_str(prefix, "prefix")
    check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
    if unk_token is None:
        unk_token = getattr(vocab, "unk_token", "[UNK]")
    else:
        check_str(unk_token, "unk_token")
    # BERT's guard against pathological input: a very long "word" (a URL, a run of digits, base64) is almost
    # never cut into meaningful pieces, and searching it would cost up to n * n lookups. So it is [UNK] unseen.
    if len(word) > max_input_chars_per_word:
        return [unk_token]
    if isinstance(vocab, Vocab):  # it knows its longest token, and keeps an automaton; a plain set does neither
        if len(word) > AUTOMATON_WORD_LENGTH and prefix and unk_token:
            automaton = automaton_for(
                vocab, prefix=prefix, unk_token=unk_token, max_input_chars_per_word=max_input_chars_per_word
            )
            return automaton.encode_word(word)
        return longest_match(word, vocab, prefix, unk_token, vocab.longest_token_length)
    return longest_match(word, vocab, prefix, unk_token, None)


def longest_match(
    word: str, vocab: Container[str], prefix: str, unk_token: str, longest_token: int | None
) -> list[str]:
    """Longest-match-first by lookups; no candidate longer than ``longest_token`` characters is tried.

    With ``longest_token=None`` every candidate is looked up (the textbook search).

    >>> longest_match("hugs", {"hug", "##s"}, "##", "[UNK]", 3)
    ['hug', '##s']
    """
    tokens: list[str] = []
    start = 0
    size = len(word)
    while start < size:
        # The first candidate is the longest one: the whole rest of the word. Greedy means the first match
        # found from the long end wins, so no shorter piece is ever tried once a longer one matched. A candidate
        # longer than the vocab's longest token cannot match, so the search may start below it (the prefix
        # counts towards a token's length but is not a character of the word).
        if start == 0:
            end = size if longest_token is None else min(size, longest_token)
        else:
            end = size if longest_token is None else min(size, start + longest_token - len(prefix))
        while end > start:
            # Only the first piece of a word stands bare; every later piece is looked up with the prefix, so
            # "s" at the start of "sun" and "##s" at the end of "hugs" are different tokens.
            piece = word[start:end] if start == 0 else prefix + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                break
            end -= 1
        else:
            # The [UNK] rule: no vocab entry starts here, not even one character. The pieces found so far are
            # thrown away and the WHOLE word becomes one [UNK] (Google's reference and Hugging Face agree), so
            # a word is either cut completely or not at all, and "hug" + a character the vocab lacks is [UNK],
            # not "hug ##[UNK]". It is rare in practice: training puts every character it saw into the vocab.
            return [unk_token]
        # The next search starts where this piece ended: the pieces tile the word with no gap and no overlap.
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
    if not isinstance(vocab, Container) or isinstance(vocab, str):
        raise TypeError(f"vocab must be a Vocab or a set of tokens, got {type(vocab).__name__}")
    check_str(prefix, "prefix")
    check_int(max_input_chars_per_word, "max_input_chars_per_word", minimum=0)
    if len(word) > max_input_chars_per_word:
        return
    # The same search as `longest_match`, without its shortcut on the longest token: the explorer shows every
    # lookup a learner would make by hand, from the longest candidate down.
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
            return  # nothing matched at `start`: the whole word is [UNK], and there is nothing more to try


__all__ = [
    "AUTOMATON_WORD_LENGTH",
    "MatchAttempt",
    "encode_word",
    "longest_match_attempts",
]
