"""Decoding: from tokens back to readable text, the way Hugging Face's WordPiece (and Metaspace) decoders do it.

Every token after the first is preceded by a space, except a continuation
piece (``##s``), whose prefix is removed so it glues to the piece before.
Then, token by token, a *clean-up* removes the space that the tokenizer put
in front of some punctuation and English contractions: `` .`` `` ?`` `` !``
`` ,`` and `` n't`` `` 'm`` `` 's`` `` 've`` `` 're``. So
``island , he said .`` comes back as ``island, he said.``

The clean-up looks at one token (with its leading space) at a time. BERT's
pre-tokenizer cuts ``it's`` into ``it``, ``'``, ``s``, and no single token
then reads `` 's``: the apostrophe keeps its spaces (``it ' s``). That is
what Hugging Face gives too; decoding is not the inverse of encoding.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .._json_fields import read_fields
from .._validate import check_bool, check_str, check_str_list
from ..model.pieces import DEFAULT_PREFIX
from ..text.metaspace import REPLACEMENT, Metaspace

# What the clean-up replaces, in Hugging Face's order. " ' " and " do not" can
# only match inside one token, so with ordinary tokens they never fire.
CLEANUP_REPLACEMENTS: tuple[tuple[str, str], ...] = (
    (" .", "."),
    (" ?", "?"),
    (" !", "!"),
    (" ,", ","),
    (" ' ", "'"),
    (" n't", "n't"),
    (" 'm", "'m"),
    (" do not", " don't"),
    (" 's", "'s"),
    (" 've", "'ve"),
    (" 're", "'re"),
)


def clean_up(text: str) -> str:
    """Remove the spaces a tokenizer put before punctuation and contractions.

    >>> clean_up(" ,"), clean_up(" n't"), clean_up(" 'll")
    (',', "n't", " 'll")
    """
    check_str(text, "text")
    for old, new in CLEANUP_REPLACEMENTS:
        text = text.replace(old, new)
    return text


#: transformers' ``clean_up_tokenization``: the same replacements but " do not", over the whole decoded text.
TRANSFORMERS_CLEANUP: tuple[tuple[str, str], ...] = tuple(pair for pair in CLEANUP_REPLACEMENTS if pair[0] != " do not")


def transformers_clean_up(text: str) -> str:
    """transformers' ``clean_up_tokenization_spaces`` pass, applied to a whole decoded text.

    >>> transformers_clean_up("jim ' s pug , he said .")
    "jim's pug, he said."
    """
    check_str(text, "text")
    for old, new in TRANSFORMERS_CLEANUP:
        text = text.replace(old, new)
    return text


@dataclass(frozen=True)
class WordPieceDecoder:
    """Hugging Face's ``decoders.WordPiece``: glue ``##`` pieces, space the rest, optionally clean up.

    >>> WordPieceDecoder().decode(["island", ",", "he", "said", "."])
    'island, he said.'
    >>> WordPieceDecoder().decode(["i", "'m", "jo", "##hn"]), WordPieceDecoder().decode(["it", "'", "s"])
    ("i'm john", "it ' s")
    >>> WordPieceDecoder(cleanup=False).decode(["hug", "##s", "!"])
    'hugs !'
    """

    prefix: str = DEFAULT_PREFIX
    cleanup: bool = True

    def __post_init__(self) -> None:
        check_str(self.prefix, "prefix", allow_empty=False)
        check_bool(self.cleanup, "cleanup")

    def decode(self, tokens: Iterable[str]) -> str:
        """The text for ``tokens`` (the first token keeps a ``##`` it may start with, as in Hugging Face)."""
        parts = []
        prefix, cleanup = self.prefix, self.cleanup
        for position, token in enumerate(check_str_list(tokens, "tokens")):
            if position:
                token = token[len(prefix) :] if token.startswith(prefix) else " " + token
            parts.append(clean_up(token) if cleanup else token)
        return "".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The ``decoder`` entry of ``tokenizer.json``.

        >>> WordPieceDecoder().to_json()
        {'type': 'WordPiece', 'prefix': '##', 'cleanup': True}
        """
        return {"type": "WordPiece", "prefix": self.prefix, "cleanup": self.cleanup}

    @classmethod
    def from_json(cls, data: Any) -> WordPieceDecoder:
        """Read a ``WordPiece`` decoder from ``tokenizer.json``.

        >>> WordPieceDecoder.from_json({"type": "WordPiece", "prefix": "##", "cleanup": False}).cleanup
        False
        """
        read_fields(data, "decoder", "WordPiece", ("prefix", "cleanup"))
        return cls(data["prefix"], data["cleanup"])


@dataclass(frozen=True)
class MetaspaceDecoder:
    """Hugging Face's ``decoders.Metaspace``: every ``▁`` becomes a space again, none in the first token.

    The first token loses every mark it holds (not only a leading one), unless
    ``prepend_scheme`` is ``"never"``: the pre-tokenizer put that mark there
    itself. The tokens are then joined as they are.

    >>> MetaspaceDecoder().decode(["▁Hug", "s", "▁and", "▁", "▁pugs"])
    'Hugs and  pugs'
    >>> MetaspaceDecoder(prepend_scheme="never").decode(["▁a", "▁b"])
    ' a b'
    """

    replacement: str = REPLACEMENT
    prepend_scheme: str = "always"
    split: bool = True

    def __post_init__(self) -> None:
        Metaspace(self.replacement, self.prepend_scheme, self.split)  # the same checks as the pre-tokenizer's

    def decode(self, tokens: Iterable[str]) -> str:
        """The text for ``tokens``.

        >>> MetaspaceDecoder().decode(["▁a▁b", "▁c"])
        'ab c'
        """
        parts = []
        for position, token in enumerate(check_str_list(tokens, "tokens")):
            gone = "" if position == 0 and self.prepend_scheme != "never" else " "
            parts.append(token.replace(self.replacement, gone))
        return "".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The ``decoder`` entry of ``tokenizer.json``.

        >>> MetaspaceDecoder().to_json()
        {'type': 'Metaspace', 'replacement': '▁', 'prepend_scheme': 'always', 'split': True}
        """
        return Metaspace(self.replacement, self.prepend_scheme, self.split).to_json()

    @classmethod
    def from_json(cls, data: Any) -> MetaspaceDecoder:
        """Read a ``Metaspace`` decoder from ``tokenizer.json`` (the older ``add_prefix_space`` form too).

        >>> MetaspaceDecoder.from_json({"type": "Metaspace", "replacement": "▁", "prepend_scheme": "never"}).prepend_scheme
        'never'
        """
        reading = Metaspace.from_json(data)
        return cls(reading.replacement, reading.prepend_scheme, reading.split)


def join_with_spaces(tokens: Iterable[str]) -> str:
    """What Hugging Face gives without a decoder: the tokens joined by single spaces.

    >>> join_with_spaces(["hug", "##s"])
    'hug ##s'
    """
    return " ".join(check_str_list(tokens, "tokens"))


__all__ = [
    "CLEANUP_REPLACEMENTS",
    "TRANSFORMERS_CLEANUP",
    "MetaspaceDecoder",
    "WordPieceDecoder",
    "clean_up",
    "join_with_spaces",
    "transformers_clean_up",
]
