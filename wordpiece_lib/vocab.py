"""``Vocab``: tokens and their ids, and BERT's ``vocab.txt`` format.

``vocab.txt`` holds one token per line; a token's id is its line number
(from 0). Hugging Face ``tokenizers`` and Google's BERT read the same file.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

from ._validate import check_str, check_str_list
from .atomic import atomic_write_text

BERT_SPECIAL_TOKENS: tuple[str, ...] = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
UNK_TOKEN = "[UNK]"


class Vocab:
    """An ordered list of distinct tokens; the position is the id.

    >>> vocab = Vocab(["[UNK]", "hug", "##s"])
    >>> vocab["##s"], vocab.token(1), "hug" in vocab, len(vocab)
    (2, 'hug', True, 3)
    """

    __slots__ = ("_tokens", "_ids", "unk_token", "special_tokens")

    def __init__(
        self,
        tokens: Iterable[str],
        *,
        unk_token: str = UNK_TOKEN,
        special_tokens: Iterable[str] | None = None,
    ) -> None:
        items = check_str_list(tokens, "tokens")
        check_str(unk_token, "unk_token", allow_empty=False)
        ids: dict[str, int] = {}
        for position, token in enumerate(items):
            if token == "":
                raise ValueError(f"tokens[{position}] is an empty string; a vocab token must not be empty")
            if token in ids:
                raise ValueError(
                    f"tokens[{position}] {token!r} is a duplicate of tokens[{ids[token]}]; every token must appear once"
                )
            ids[token] = position
        if unk_token not in ids:
            raise ValueError(f"the unknown token {unk_token!r} is missing from the vocab (unk_token={unk_token!r})")
        specials = (
            [token for token in BERT_SPECIAL_TOKENS if token in ids]
            if special_tokens is None
            else check_str_list(special_tokens, "special_tokens")
        )
        for token in specials:
            if token not in ids:
                raise ValueError(f"special token {token!r} is not in the vocab")
        self._tokens: tuple[str, ...] = tuple(items)
        self._ids = ids
        self.unk_token = unk_token
        self.special_tokens: tuple[str, ...] = tuple(specials)

    @property
    def unk_id(self) -> int:
        """The id of the unknown token."""
        return self._ids[self.unk_token]

    @property
    def tokens(self) -> tuple[str, ...]:
        """All tokens in id order."""
        return self._tokens

    def __len__(self) -> int:
        return len(self._tokens)

    def __iter__(self) -> Iterator[str]:
        return iter(self._tokens)

    def __contains__(self, token: object) -> bool:
        return token in self._ids

    def __getitem__(self, token: str) -> int:
        return self._ids[token]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Vocab) and self._tokens == other._tokens and self.unk_token == other.unk_token

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        shown = ", ".join(repr(t) for t in self._tokens[:8])
        more = ", ..." if len(self._tokens) > 8 else ""
        return f"Vocab([{shown}{more}], size={len(self)})"

    def id(self, token: str) -> int:
        """The id of ``token``; the unknown token's id if it is not in the vocab.

        >>> Vocab(["[UNK]", "hug"]).id("mug")
        0
        """
        return self._ids.get(token, self.unk_id)

    def token(self, token_id: int) -> str:
        """The token with id ``token_id``.

        >>> Vocab(["[UNK]", "hug"]).token(1)
        'hug'
        """
        if isinstance(token_id, bool):
            raise TypeError("token_id must be an int, got bool")
        try:
            token_id = operator.index(token_id)  # int, or a NumPy integer from an array of ids
        except TypeError:
            raise TypeError(f"token_id must be an int, got {type(token_id).__name__}") from None
        if not 0 <= token_id < len(self._tokens):
            raise ValueError(f"token_id {token_id} is out of range for a vocab of {len(self)} tokens")
        return self._tokens[token_id]

    def to_text(self) -> str:
        """The ``vocab.txt`` contents: one token per line, final newline.

        >>> Vocab(["[UNK]", "a"]).to_text()
        '[UNK]\\na\\n'
        """
        for token in self._tokens:
            if any(char in token for char in "\n\r") or token != token.strip():
                raise ValueError(
                    f"token {token!r} has a line break or surrounding whitespace and cannot be saved in vocab.txt"
                )
        return "".join(f"{token}\n" for token in self._tokens)

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write ``vocab.txt`` atomically (the old file survives a failure).

        >>> import tempfile, pathlib
        >>> path = Vocab(["[UNK]", "hug"]).save(pathlib.Path(tempfile.mkdtemp()) / "vocab.txt")
        >>> Vocab.load(path).tokens
        ('[UNK]', 'hug')
        """
        return atomic_write_text(path, self.to_text())

    @classmethod
    def from_text(cls, text: str, *, unk_token: str = UNK_TOKEN, source: str = "vocab text") -> Vocab:
        """Parse ``vocab.txt`` contents (tolerates a final newline, CRLF and a BOM).

        >>> Vocab.from_text("[UNK]\\r\\nhug\\r\\n").tokens
        ('[UNK]', 'hug')
        """
        check_str(text, "text")
        if text.startswith("\ufeff"):
            text = text[1:]
        try:
            return cls._parse_lines(text, unk_token, source)
        except ValueError:
            if text.lstrip().startswith(("{", "[{")) and '":' in text:
                raise ValueError(
                    f"{source} looks like JSON (a tokenizer.json?), not a vocab.txt with one token per line"
                ) from None
            raise

    @classmethod
    def _parse_lines(cls, text: str, unk_token: str, source: str) -> Vocab:
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        tokens = []
        seen: dict[str, int] = {}
        for number, line in enumerate(lines, start=1):
            token = line[:-1] if line.endswith("\r") else line
            if token == "":
                raise ValueError(f"{source}, line {number}: blank line; every line must hold one token")
            if "\r" in token:
                # Old Mac files end lines with a bare CR: the whole file then reads as one line.
                raise ValueError(
                    f"{source}, line {number}: token {token[:40]!r} holds a carriage return (\\r) inside it; "
                    "lines must end with \\n or \\r\\n"
                )
            if "\t" in token:
                raise ValueError(
                    f"{source}, line {number}: {token[:40]!r} holds a tab; this looks like a 'token<TAB>score' "
                    "file from another tool (a SentencePiece .vocab?), not a WordPiece vocab.txt (one token per line)"
                )
            if token != token.strip():
                raise ValueError(f"{source}, line {number}: token {token!r} has leading or trailing whitespace")
            if token in seen:
                raise ValueError(f"{source}, line {number}: duplicate token {token!r} (first on line {seen[token]})")
            seen[token] = number
            tokens.append(token)
        if unk_token not in seen:
            raise ValueError(f"{source}: the unknown token {unk_token!r} is missing")
        return cls(tokens, unk_token=unk_token)

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, unk_token: str = UNK_TOKEN) -> Vocab:
        """Read a ``vocab.txt`` file.

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"
        >>> _ = path.write_text("[UNK]\\nhug\\n")
        >>> len(Vocab.load(path))
        2
        """
        from .textfiles import read_text_file

        return cls.from_text(read_text_file(path, name="vocab file"), unk_token=unk_token, source=str(path))
