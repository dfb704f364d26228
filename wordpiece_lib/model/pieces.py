"""Pieces: how a word starts out before any merge, and how two pieces join.

Two conventions are taught:

* **continuation prefix** (BERT): the first character stands alone, every
  other character carries the prefix: ``hugs -> h ##u ##g ##s``. Joining
  ``hu`` and ``##g`` drops the prefix of the right piece: ``hug``.
* **begin-of-word marker** (the article seed): a separate marker token
  starts each word and no piece carries a prefix: ``low -> _ l o w``.
  Joining is plain concatenation: ``_`` + ``l`` = ``_l``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable

from .._validate import check_str, check_str_list

DEFAULT_PREFIX = "##"
DEFAULT_MARKER = "_"


def check_style(prefix: str, marker: str | None, *, allow_empty_prefix: bool = False) -> None:
    """Validate a prefix/marker pair (raises on bad values).

    ``allow_empty_prefix``: splitting and joining work with no prefix at all
    (TensorFlow Text's learner without its joiner); training does not.

    >>> check_style("##", None)
    """
    check_str(prefix, "prefix")
    if marker is None:
        if not prefix and not allow_empty_prefix:
            raise ValueError("prefix must not be empty (use marker=... for the begin-of-word style)")
    else:
        check_str(marker, "marker", allow_empty=False)


def split_word(word: str, prefix: str = DEFAULT_PREFIX, *, marker: str | None = None) -> list[str]:
    """Split ``word`` into its first pieces.

    >>> split_word("hugs")
    ['h', '##u', '##g', '##s']
    >>> split_word("fastest", prefix="_")
    ['f', '_a', '_s', '_t', '_e', '_s', '_t']
    >>> split_word("low", marker="_")
    ['_', 'l', 'o', 'w']
    """
    check_str(word, "word", allow_empty=False)
    check_style(prefix, marker, allow_empty_prefix=True)
    if marker is not None:
        return [marker, *word]
    return [word[0], *(prefix + char for char in word[1:])]


def join_pair(left: str, right: str, prefix: str = DEFAULT_PREFIX, *, marker: str | None = None) -> str:
    """The token made by merging ``left`` and ``right``.

    With a prefix, the right piece always carries it (it is never the start
    of a word), so the prefix is dropped once.

    >>> join_pair("hu", "##g")
    'hug'
    >>> join_pair("##g", "##s")
    '##gs'
    >>> join_pair("_", "l", marker="_")
    '_l'
    """
    check_str(left, "left")
    check_str(right, "right")
    return pair_joiner(prefix, marker=marker)(left, right)


def pair_joiner(prefix: str = DEFAULT_PREFIX, *, marker: str | None = None) -> Callable[[str, str], str]:
    """``join_pair`` for one style, checked once: for loops that join many pairs.

    >>> join = pair_joiner("##")
    >>> join("hu", "##g"), join("##g", "##s")
    ('hug', '##gs')
    >>> pair_joiner(marker="_")("_", "l")
    '_l'
    """
    check_style(prefix, marker, allow_empty_prefix=True)
    if marker is not None or not prefix:
        return operator.add
    cut = len(prefix)

    def join(left: str, right: str) -> str:
        return left + right[cut:] if right.startswith(prefix) else left + right

    return join


def initial_splits(
    words: Iterable[str], prefix: str = DEFAULT_PREFIX, *, marker: str | None = None
) -> dict[str, list[str]]:
    """Split every word; the result keeps the words' order.

    >>> initial_splits(["hug", "pug"])
    {'hug': ['h', '##u', '##g'], 'pug': ['p', '##u', '##g']}
    """
    check_style(prefix, marker)
    words = _nonempty_words(words)
    if marker is not None:
        return {word: [marker, *word] for word in words}
    return {word: [word[0], *[prefix + char for char in word[1:]]] for word in words}


def alphabet(words: Iterable[str], prefix: str = DEFAULT_PREFIX, *, marker: str | None = None) -> list[str]:
    """The initial pieces of a corpus, sorted by code point.

    Word-initial characters appear bare, the others with the prefix, so the
    same letter can appear twice (``h`` and ``##h``).

    >>> alphabet(["hug", "pug", "pun", "bun", "hugs"])
    ['##g', '##n', '##s', '##u', 'b', 'h', 'p']
    >>> alphabet(["low", "lower"], marker="_")
    ['_', 'e', 'l', 'o', 'r', 'w']
    """
    check_style(prefix, marker)
    words = _nonempty_words(words)
    # Sets of characters, built at C speed: a corpus can hold a few hundred thousand distinct words.
    if marker is not None:
        return sorted(set().union(*words) | ({marker} if words else set()))
    later = set().union(*[word[1:] for word in words])
    return sorted({word[0] for word in words} | {prefix + char for char in later})


def _nonempty_words(words: Iterable[str]) -> list[str]:
    checked = check_str_list(words, "words")
    if not all(checked):
        check_str("", "word", allow_empty=False)  # raises split_word's error for an empty word
    return checked


def decode_pieces(pieces: Iterable[str], prefix: str = DEFAULT_PREFIX, *, marker: str | None = None) -> str:
    """Glue pieces back into text.

    >>> decode_pieces(["hug", "##s", "are", "fun"])
    'hugs are fun'
    >>> decode_pieces(["_low", "er", "_new", "est"], marker="_")
    'lower newest'
    """
    pieces = check_str_list(pieces, "pieces")
    check_style(prefix, marker, allow_empty_prefix=True)
    if marker is not None:
        return "".join(pieces).replace(marker, " ").strip()
    words: list[str] = []
    for piece in pieces:
        if words and piece.startswith(prefix) and len(piece) > len(prefix):
            words[-1] += piece[len(prefix) :]
        else:
            words.append(piece)
    return " ".join(words)


__all__ = [
    "DEFAULT_MARKER",
    "DEFAULT_PREFIX",
    "alphabet",
    "check_style",
    "decode_pieces",
    "initial_splits",
    "join_pair",
    "pair_joiner",
    "split_word",
]
