"""``Vocab``: tokens and their ids, and BERT's ``vocab.txt`` format.

``vocab.txt`` holds one token per line; a token's id is its line number
(from 0). Hugging Face ``tokenizers`` and Google's BERT read the same file.
"""

from __future__ import annotations

import contextlib
import operator
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from .._validate import check_callable, check_int, check_str, check_str_list
from ..atomic import atomic_write_text

BERT_SPECIAL_TOKENS: tuple[str, ...] = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
UNK_TOKEN = "[UNK]"
#: Hugging Face's and BERT's limit: a longer word becomes the unknown token without being looked at.
MAX_INPUT_CHARS_PER_WORD = 100

#: The largest ``vocab.txt`` that ``Vocab.load`` reads unless ``max_bytes`` says more: over ten times BERT's
#: multilingual vocab (0.9 MB); LaBSE's 501,153 tokens would have to average 24 bytes to fill it. A vocab of
#: short tokens costs up to about 35 bytes of memory per byte of file (a string, a list slot and a dict entry
#: per token), so this keeps a load under 500 MB. Hugging Face ``tokenizers`` has no limit of its own
#: (tests/robustness/test_resources.py).
MAX_VOCAB_FILE_BYTES = 12_000_000

T = TypeVar("T")


class Vocab:
    """An ordered list of distinct tokens; the position is the id.

    >>> vocab = Vocab(["[UNK]", "hug", "##s"])
    >>> vocab["##s"], vocab.token(1), "hug" in vocab, len(vocab)
    (2, 'hug', True, 3)
    """

    __slots__ = ("_tokens", "_ids", "unk_token", "special_tokens", "_longest", "_built")

    def __init__(
        self,
        tokens: Iterable[str],
        *,
        unk_token: str = UNK_TOKEN,
        special_tokens: Iterable[str] | None = None,
    ) -> None:
        items = check_str_list(tokens, "tokens")
        check_str(unk_token, "unk_token", allow_empty=False)
        ids = dict(zip(items, range(len(items))))
        if len(ids) != len(items) or "" in ids or _holds_nul(items):
            _raise_first_bad_token(items)
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
        self._longest = max(map(len, items), default=0)
        self._built: dict[Any, Any] = {}

    # A pickle (a worker process, a copy) carries the tokens alone: the lookup table and whatever was
    # built from the vocab are rebuilt where they are needed, so nothing derived goes over the wire.
    def __getstate__(self) -> tuple[tuple[str, ...], str, tuple[str, ...]]:
        return self._tokens, self.unk_token, self.special_tokens

    def __setstate__(self, state: tuple[tuple[str, ...], str, tuple[str, ...]]) -> None:
        tokens, self.unk_token, self.special_tokens = state
        self._tokens = tokens
        self._ids = dict(zip(tokens, range(len(tokens))))
        self._longest = max(map(len, tokens), default=0)
        self._built = {}

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
        if not isinstance(token, str):
            check_str(token, "token")
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

    @property
    def longest_token_length(self) -> int:
        """How many characters the longest token has (0 for none); candidates longer than it need no lookup.

        >>> Vocab(["[UNK]", "hug", "##s"]).longest_token_length
        5
        """
        return self._longest

    def lookup_table(self) -> dict[str, int]:
        """The token -> id table itself (shared, not copied: do not change it).

        >>> Vocab(["[UNK]", "hug"]).lookup_table()["hug"]
        1
        """
        return self._ids

    def built(self, key: Any, build: Callable[[], T]) -> T:
        """What ``build()`` makes from this vocab, made on first use and kept under ``key``.

        A vocab never changes, so whatever is derived from it (an automaton
        for linear-time matching, say) needs building once per setting.
        ``key`` is any hashable value naming the setting.

        >>> vocab = Vocab(["[UNK]", "hug"])
        >>> vocab.built("sizes", lambda: [len(token) for token in vocab]), vocab.built("sizes", list)
        ([5, 3], [5, 3])
        """
        try:
            return self._built[key]  # type: ignore[no-any-return]
        except KeyError:
            value = self._built[key] = check_callable(build, "build", "a function of no arguments")()
            return value

    def to_text(self) -> str:
        """The ``vocab.txt`` contents: one token per line, final newline.

        >>> Vocab(["[UNK]", "a"]).to_text()
        '[UNK]\\na\\n'
        """
        for position, token in enumerate(self._tokens):
            if any(char in token for char in "\n\r") or token != token.strip():
                raise ValueError(
                    f"token {token!r} has a line break or surrounding whitespace and cannot be saved in vocab.txt"
                )
            if not token.isprintable() and _has_lone_surrogate(token):
                raise ValueError(
                    f"tokens[{position}] {token!r} holds a lone surrogate (half of a UTF-16 pair), which UTF-8 "
                    "cannot encode: vocab.txt cannot hold it"
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
        check_str(unk_token, "unk_token", allow_empty=False)
        if text.startswith("\ufeff"):
            text = text[1:]
        tokens = _split_lines(text)
        if not _looks_odd(text, tokens):
            with contextlib.suppress(ValueError):  # a duplicate or no unknown token: let the slow reading say where
                return cls(tokens, unk_token=unk_token)
        try:
            return cls._parse_lines(tokens, unk_token, source)
        except ValueError:
            if text.lstrip().startswith(("{", "[{")) and '":' in text:
                raise ValueError(
                    f"{source} looks like JSON (a tokenizer.json?), not a vocab.txt with one token per line"
                ) from None
            raise

    @classmethod
    def _parse_lines(cls, lines: list[str], unk_token: str, source: str) -> Vocab:
        """The slow, line-by-line reading that names the first bad line."""
        tokens = []
        seen: dict[str, int] = {}
        for number, token in enumerate(lines, start=1):
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
            if "\0" in token:
                raise ValueError(f"{source}, line {number}: holds a NUL character; this is a binary file, not text")
            if token != token.strip():
                raise ValueError(f"{source}, line {number}: token {token[:40]!r} has leading or trailing whitespace")
            if token in seen:
                raise ValueError(
                    f"{source}, line {number}: duplicate token {token[:40]!r} (first on line {seen[token]})"
                )
            seen[token] = number
            tokens.append(token)
        if unk_token not in seen:
            raise ValueError(f"{source}: the unknown token {unk_token!r} is missing")
        return cls(tokens, unk_token=unk_token)

    @classmethod
    def load(
        cls,
        path: str | os.PathLike[str],
        *,
        unk_token: str = UNK_TOKEN,
        max_bytes: int = MAX_VOCAB_FILE_BYTES,
    ) -> Vocab:
        """Read a ``vocab.txt`` file (at most ``max_bytes`` bytes: a device such as ``/dev/zero`` has no end;
        raise it for a vocab larger than any published one).

        >>> import tempfile, pathlib
        >>> path = pathlib.Path(tempfile.mkdtemp()) / "vocab.txt"
        >>> _ = path.write_text("[UNK]\\nhug\\n")
        >>> len(Vocab.load(path))
        2
        >>> Vocab.load("/dev/zero")
        Traceback (most recent call last):
        ...
        ValueError: vocab file /dev/zero holds a NUL byte at offset 0: it is a binary file, not text
        """
        from ..textfiles import read_text_file

        check_int(max_bytes, "max_bytes", minimum=1)
        text = read_text_file(path, name="vocab file", max_bytes=max_bytes, refuse_nul=True, raise_with="max_bytes")
        return cls.from_text(text, unk_token=unk_token, source=str(path))


def _holds_nul(tokens: list[str]) -> bool:
    return any("\0" in token for token in tokens) if len(tokens) < 64 else "\0" in "".join(tokens)


def _has_lone_surrogate(token: str) -> bool:
    return any("\ud800" <= char <= "\udfff" for char in token)


def _raise_first_bad_token(tokens: list[str]) -> None:
    """Name the first empty, duplicated or NUL-holding token (the fast checks only saw that one exists)."""
    first: dict[str, int] = {}
    for position, token in enumerate(tokens):
        if token == "":
            raise ValueError(f"tokens[{position}] is an empty string; a vocab token must not be empty")
        if "\0" in token:
            raise ValueError(f"tokens[{position}] {token[:40]!r} holds a NUL character; a vocab token cannot")
        if token in first:
            raise ValueError(
                f"tokens[{position}] {token[:40]!r} is a duplicate of tokens[{first[token]}]; every token must appear once"
            )
        first[token] = position


def _split_lines(text: str) -> list[str]:
    """The lines of ``text`` (``\\n`` or ``\\r\\n`` ends a line; a final newline adds no empty line)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    return lines


#: Every character ``str.strip()`` removes (what ``str.isspace`` calls whitespace), but the line break.
_SPACES = tuple(
    chr(code)
    for code in (
        *range(0x9, 0xA),
        *range(0xB, 0xE),
        *range(0x1C, 0x21),
        0x85,
        0xA0,
        0x1680,
        *range(0x2000, 0x200B),
        0x2028,
        0x2029,
        0x202F,
        0x205F,
        0x3000,
    )
)


def _looks_odd(text: str, lines: list[str]) -> bool:
    """Whether any line may break a rule, checked with substring searches over the whole text (fast);
    the slow line-by-line reading then finds which line, and why.
    """
    if "" in lines or "\t" in text or "\0" in text or "\r" in text:
        return True
    if text[:1].isspace() or text.rstrip("\n")[-1:].isspace():
        return True
    present = [space for space in _SPACES if space in text]  # one fast scan each; usually none is there
    return any(f"\n{space}" in text or f"{space}\n" in text for space in present)


__all__ = [
    "BERT_SPECIAL_TOKENS",
    "MAX_INPUT_CHARS_PER_WORD",
    "MAX_VOCAB_FILE_BYTES",
    "UNK_TOKEN",
    "Vocab",
]
