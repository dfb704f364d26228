"""The WordPiece model: a vocab, the continuation prefix and the word cap, as the model slot of a tokenizer holds it.

``encode_word`` (longest-match-first) is the algorithm; ``WordPieceModel`` is
the setting it runs with, the object Hugging Face's ``models.WordPiece`` is:
the vocab (its unknown token included), the prefix of a piece that continues
a word (``##``) and the longest word looked at (longer ones become the
unknown token). It reads and writes its ``model`` entry of ``tokenizer.json``.

>>> model = WordPieceModel(Vocab(["[UNK]", "hug", "##s"]))
>>> model.tokens_with_spans("hugs"), model.tokens_with_spans("mug")
([('hug', 1, 0, 3), ('##s', 2, 3, 4)], [('[UNK]', 0, 0, 3)])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .._json_fields import check_type, refuse_unknown_fields, require_fields
from .._validate import check_instance, check_int, check_str
from .longest_match import encode_word
from .pieces import DEFAULT_PREFIX
from .vocab import MAX_INPUT_CHARS_PER_WORD, Vocab

#: The most ``max_input_chars_per_word`` a file may set (Hugging Face's default: 100); a caller may set more.
MAX_FILE_CHARS_PER_WORD = 100_000
#: What Hugging Face refuses a WordPiece model without.
REQUIRED_FIELDS = ("unk_token", "continuing_subword_prefix", "max_input_chars_per_word")


@dataclass(frozen=True)
class WordPieceModel:
    """Longest-match-first over ``vocab``: Hugging Face's ``models.WordPiece``.

    >>> WordPieceModel(Vocab(["[UNK]", "a"]), prefix="@@").to_json()
    {'type': 'WordPiece', 'unk_token': '[UNK]', 'continuing_subword_prefix': '@@', 'max_input_chars_per_word': 100, 'vocab': {'[UNK]': 0, 'a': 1}}
    """

    vocab: Vocab
    prefix: str = DEFAULT_PREFIX
    max_input_chars_per_word: int = MAX_INPUT_CHARS_PER_WORD

    def __post_init__(self) -> None:
        check_instance(self.vocab, "vocab", Vocab)
        check_str(self.prefix, "prefix", allow_empty=False)
        check_int(self.max_input_chars_per_word, "max_input_chars_per_word", minimum=1)

    @property
    def unk_token(self) -> str:
        """The token a word that cannot be cut becomes."""
        return self.vocab.unk_token

    def tokens_with_spans(self, word: str) -> list[tuple[str, int, int, int]]:
        """Each token of ``word`` with its id and where it starts and ends in the word (the unknown token: all of it).

        >>> WordPieceModel(Vocab(["[UNK]", "a", "##bc"])).tokens_with_spans("abc")
        [('a', 1, 0, 1), ('##bc', 2, 1, 3)]
        """
        tokens = encode_word(
            word, self.vocab, prefix=self.prefix, max_input_chars_per_word=self.max_input_chars_per_word
        )
        ids = self.vocab.lookup_table()
        if tokens == [self.vocab.unk_token]:
            return [(tokens[0], ids[tokens[0]], 0, len(word))]
        spans, start = [], 0
        for position, token in enumerate(tokens):
            end = start + len(token) - (len(self.prefix) if position else 0)
            spans.append((token, ids[token], start, end))
            start = end
        return spans

    def to_json(self) -> dict[str, Any]:
        """The ``model`` entry of ``tokenizer.json`` (Hugging Face's keys and order).

        >>> WordPieceModel(Vocab(["[UNK]", "hug"])).to_json()["vocab"]
        {'[UNK]': 0, 'hug': 1}
        """
        return {
            "type": "WordPiece",
            "unk_token": self.vocab.unk_token,
            "continuing_subword_prefix": self.prefix,
            "max_input_chars_per_word": self.max_input_chars_per_word,
            "vocab": {token: token_id for token_id, token in enumerate(self.vocab)},
        }

    @classmethod
    def from_json(cls, data: Any, *, vocab: Vocab | None = None) -> WordPieceModel:
        """Read a ``WordPiece`` entry; ``vocab`` stands for its ``vocab`` (the settings file beside a ``vocab.txt`` has none).

        A file may not set ``max_input_chars_per_word`` above ``MAX_FILE_CHARS_PER_WORD``: every word up to
        that length is looked at, so a downloaded file could make one line cost what it likes.

        >>> entry = {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
        ...          "max_input_chars_per_word": 100, "vocab": {"[UNK]": 0, "hug": 1}}
        >>> WordPieceModel.from_json(entry).vocab.tokens
        ('[UNK]', 'hug')
        """
        check_type(data, "model", "WordPiece")
        refuse_unknown_fields(data, "WordPiece model", (*REQUIRED_FIELDS, "vocab"))
        require_fields(data, "model", REQUIRED_FIELDS)
        unk_token, prefix, limit = (data[field] for field in REQUIRED_FIELDS)
        if isinstance(limit, int) and not isinstance(limit, bool) and limit > MAX_FILE_CHARS_PER_WORD:
            raise ValueError(
                f"model.max_input_chars_per_word is {limit:,}, over {MAX_FILE_CHARS_PER_WORD:,}, the most taken "
                "from a file (set tokenizer.max_input_chars_per_word yourself to go beyond)"
            )
        if vocab is None:
            vocab = Vocab(_tokens_by_id(data.get("vocab")), unk_token=unk_token)
        elif vocab.unk_token != unk_token:
            vocab = Vocab(vocab.tokens, unk_token=unk_token)
        return cls(vocab, prefix, limit)


def _tokens_by_id(entries: Any) -> list[str]:
    """The tokens of a ``vocab`` object (token -> id) in id order; the ids must be 0 ... n - 1, each once."""
    if not isinstance(entries, dict) or not entries:
        raise ValueError("model.vocab must be a non-empty object token -> id")
    tokens: list[str | None] = [None] * len(entries)
    for token, token_id in entries.items():
        if isinstance(token_id, bool) or not isinstance(token_id, int) or not 0 <= token_id < len(entries):
            raise ValueError(
                f"model.vocab gives {token!r} the id {token_id!r}; ids must be 0 ... {len(entries) - 1}, each used once"
            )
        previous = tokens[token_id]
        if previous is not None:
            raise ValueError(f"model.vocab gives the id {token_id} to both {previous!r} and {token!r}")
        tokens[token_id] = token
    return [token for token in tokens if token is not None]


__all__ = ["MAX_FILE_CHARS_PER_WORD", "WordPieceModel"]
