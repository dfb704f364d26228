"""Normalizing and pre-tokenizing at C speed, with exactly the readable pipeline's words.

``bert_split(BertNormalizer(...)(text))`` walks the text character by
character in Python. Every step it takes, except the rare accent reordering
that ``fast_normalizer`` explains, looks at one character at a time, so each
distinct character can be rewritten once into a translation table: its
normalized form, a space for whitespace, and spaces around punctuation. Then
``text.translate(table).split()`` gives the words at C speed.

Counting goes one step further (``FastSplitter.count_bytes``). For the 128
ASCII characters the table is applied to the raw UTF-8 bytes with
``bytes.translate`` and ``bytes.replace``, which never look at a byte twice
in Python. Characters outside ASCII are left as they are, and only the
*distinct* words holding one go through the table afterwards. That is exact
because a word boundary found at an ASCII space or punctuation mark is a
boundary in the readable pipeline too, and nothing in normalization reaches
across one (accent reordering only moves combining marks, and an ASCII
character is never one).

The trade: a translation table per setting, filled one distinct character
at a time, and code that is harder to follow; the readable twin it matches
is ``bert_split(BertNormalizer(...)(text))``.
``tests/core/text/test_fast_split.py`` checks the words against the readable pipeline
on every code point and on random text.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from .._validate import check_choice, check_str
from .fast_normalizer import CharTable, FastNormalizer, NotLocal, normalizes_alone
from .google import GoogleNormalizer, GoogleWords, google_split
from .normalizer import BertNormalizer
from .pretokenizers import PRETOKENIZERS, is_bert_whitespace, is_punctuation

#: The pre-tokenizers with a one-table fast path; any other is applied after ``FastNormalizer``.
TABLE_PRETOKENIZERS = ("bert", "whitespace")

# Distinct words remembered by one splitter's re-split of non-ASCII words (then it starts afresh).
_RESPLIT_LIMIT = 200_000
_ASCII = bytes(range(128))
_NON_ASCII_RUN = re.compile(rb"[\x80-\xff]+")
# Up to this many non-ASCII bytes in a block, the words holding them are patched in the text (each costs
# a little Python); beyond, the block's distinct words are gone through instead.
_FEW_NON_ASCII_BYTES = 256


def split_rule(normalizer: BertNormalizer, pretokenizer: str) -> Callable[[str], str]:
    """The translation of one character for ``normalizer`` followed by ``pretokenizer``.

    The result is the normalized character with a space wherever the
    pre-tokenizer cuts; ``NotLocal`` is raised for a character whose result
    depends on its neighbours (the text then takes the readable path).

    >>> rule = split_rule(BertNormalizer(lowercase=True), "bert")
    >>> rule("É"), rule(","), rule("\\t"), rule("\\u200b")
    ('e', ' , ', ' ', '')
    """
    if not isinstance(normalizer, BertNormalizer):
        raise TypeError(f"normalizer must be a BertNormalizer, got {type(normalizer).__name__}")
    check_choice(pretokenizer, "pretokenizer", TABLE_PRETOKENIZERS)

    def normalized(char: str) -> str:
        if not normalizes_alone(char, normalizer):
            raise NotLocal(char)
        return normalizer(char)

    isolates_punctuation = pretokenizer == "bert"

    def rule(char: str) -> str:
        pieces = []
        for part in normalized(char):
            if is_bert_whitespace(part):
                pieces.append(" ")
            elif isolates_punctuation and is_punctuation(part):
                pieces.append(f" {part} ")
            elif part.isspace():  # str.split would cut here (U+001C to U+001F), the pre-tokenizers do not
                raise NotLocal(char)
            else:
                pieces.append(part)
        return "".join(pieces)

    return rule


class _AsciiPlan:
    """The split table restricted to ASCII, as ``bytes.translate`` arguments plus the marks to isolate."""

    __slots__ = ("delete", "isolate", "table")

    def __init__(self, table: bytes, delete: bytes, isolate: tuple[tuple[bytes, bytes], ...]) -> None:
        self.table = table
        self.delete = delete
        self.isolate = isolate

    @classmethod
    def build(cls, rule: Callable[[str], str]) -> _AsciiPlan | None:
        """The plan, or ``None`` when some ASCII character needs more than a byte-for-byte table."""
        table = bytearray(range(256))
        delete = bytearray()
        isolate = []
        for code in range(128):
            try:
                out = rule(chr(code))
            except NotLocal:
                return None
            core = out.strip(" ")
            if out == "":
                delete.append(code)
            elif out == " ":
                table[code] = 0x20
            elif len(core) == 1 and core.isascii() and not core.isspace() and out in (core, f" {core} "):
                table[code] = ord(core)
                if out != core:
                    isolate.append(core.encode("ascii"))
            else:
                return None
        plan = cls(bytes(table), bytes(delete), tuple((mark, b" " + mark + b" ") for mark in dict.fromkeys(isolate)))
        # A mark isolated for one character is isolated wherever it appears; make sure that agrees with the rule.
        for code in range(128):
            if " ".join(plan.apply(bytes([code])).decode("ascii").split()) != " ".join(rule(chr(code)).split()):
                return None
        return plan

    def apply(self, data: bytes) -> bytes:
        """``data`` with every ASCII byte translated; other bytes are left untouched."""
        done = data.translate(self.table, self.delete)
        for mark, spaced in self.isolate:
            if mark in done:
                done = done.replace(mark, spaced)
        return done


class FastSplitter:
    """The words of ``pretokenizer(normalizer(text))``, computed at C speed.

    ``normalizer`` is a ``BertNormalizer`` (default: BERT's, cased unless
    ``lowercase=True``); ``pretokenizer`` is a name from ``PRETOKENIZERS``
    (``bert`` and ``whitespace`` take the one-table path). A ``GoogleNormalizer``
    (with ``pretokenizer="bert"``) gives the words of Google's reference
    ``BasicTokenizer`` instead (``text/google.py``; ``preserve_unused_tokens``
    does not apply to counting). The splitter travels to worker processes as
    its settings (its tables are rebuilt there).

    >>> splitter = FastSplitter(lowercase=True)
    >>> splitter.words("Héllo, WORLD!")
    ['hello', ',', 'world', '!']
    >>> from collections import Counter
    >>> counts = Counter()
    >>> splitter.count_bytes("Hug, hug!\\n".encode(), counts)
    >>> counts
    Counter({'hug': 2, ',': 1, '!': 1})
    """

    def __init__(
        self, *, lowercase: bool = False, pretokenizer: str = "bert", normalizer: BertNormalizer | None = None
    ) -> None:
        if normalizer is None:
            normalizer = BertNormalizer(lowercase=lowercase)
        elif isinstance(normalizer, GoogleNormalizer):
            self._init_google(normalizer, lowercase, pretokenizer)
            return
        elif not isinstance(normalizer, BertNormalizer):
            raise TypeError(
                f"normalizer must be a BertNormalizer or None (or a GoogleNormalizer), got {type(normalizer).__name__}"
            )
        elif lowercase and not normalizer.lowercase:
            raise ValueError("lowercase=True contradicts the normalizer given (BertNormalizer(lowercase=False))")
        self.normalizer = normalizer
        self.pretokenizer = check_choice(pretokenizer, "pretokenizer", PRETOKENIZERS)
        self._pretokenize = PRETOKENIZERS[pretokenizer]
        self._normalize = FastNormalizer(normalizer)
        self._table: CharTable | None = None
        self._ascii: _AsciiPlan | None = None
        if pretokenizer in TABLE_PRETOKENIZERS:
            rule = split_rule(normalizer, pretokenizer)
            self._table = CharTable(rule)
            self._ascii = _AsciiPlan.build(rule)
        self._resplit: dict[str, list[str]] = {}

    def _init_google(self, normalizer: GoogleNormalizer, lowercase: bool, pretokenizer: str) -> None:
        """Google's words (compat="google"): the same two paths, with Google's per-character rule."""
        if lowercase and not normalizer.lowercase:
            raise ValueError("lowercase=True contradicts the normalizer given (GoogleNormalizer(lowercase=False))")
        if pretokenizer != "bert":
            raise ValueError(
                f"pretokenizer={pretokenizer!r} contradicts a GoogleNormalizer (Google splits the BERT way)"
            )
        self.normalizer = normalizer  # type: ignore[assignment]
        self.pretokenizer = pretokenizer
        self._pretokenize = google_split
        self._normalize = normalizer  # type: ignore[assignment]
        rule = GoogleWords(normalizer).split_rule
        self._table = CharTable(rule)
        self._ascii = _AsciiPlan.build(rule)
        self._resplit = {}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.normalizer, self.pretokenizer))

    def __repr__(self) -> str:
        return f"FastSplitter(normalizer={self.normalizer!r}, pretokenizer={self.pretokenizer!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, FastSplitter):
            return NotImplemented
        return (self.normalizer, self.pretokenizer) == (other.normalizer, other.pretokenizer)

    def __hash__(self) -> int:
        return hash((self.normalizer, self.pretokenizer))

    def words(self, text: str) -> list[str]:
        """The words of ``text``, exactly as the readable normalizer and pre-tokenizer give them.

        >>> FastSplitter().words("£10 for [CLS]")
        ['£10', 'for', '[', 'CLS', ']']
        """
        check_str(text, "text")
        if self._table is not None:
            try:
                return text.translate(self._table).split()
            except NotLocal:
                return self._pretokenize(self.normalizer(text))
        return self._pretokenize(self._normalize(text))

    def count_text(self, text: str, counts: Counter[str]) -> None:
        """Add the words of ``text`` to ``counts`` (new words go last, in the order they first appear).

        >>> counts = Counter()
        >>> FastSplitter().count_text("a b a", counts)
        >>> counts
        Counter({'a': 2, 'b': 1})
        """
        counts.update(self.words(text))

    def count_bytes(self, data: bytes, counts: Counter[str]) -> None:
        """Add the words of UTF-8 ``data`` to ``counts``, as ``count_text(data.decode())`` would.

        ``data`` must be valid UTF-8 (``textstream.decode_block`` checks it
        with a clear message); it need not be line-aligned, but cutting a text
        anywhere else than at whitespace would cut a word.
        """
        plan = self._ascii
        if plan is None:
            counts.update(self.words(data.decode("utf-8")))
            return
        done = plan.apply(data)
        if data.isascii():
            counts.update(done.decode("ascii").split())
            return
        if len(resplit := self._resplit) > _RESPLIT_LIMIT:
            resplit.clear()
        if len(done.translate(None, _ASCII)) <= _FEW_NON_ASCII_BYTES:
            self._count_patched(done, counts, resplit)
        else:
            self._count_distinct(done, counts, resplit)

    def _resplit_word(self, raw: str, resplit: dict[str, list[str]]) -> list[str]:
        parts = resplit.get(raw)
        if parts is None:
            parts = resplit[raw] = self.words(raw)
        return parts

    def _count_patched(self, done: bytes, counts: Counter[str], resplit: dict[str, list[str]]) -> None:
        """Few non-ASCII characters: re-split the words around them in the text, then count at C speed."""
        pieces = []
        kept = 0
        for run in _NON_ASCII_RUN.finditer(done):
            start = run.start()
            if start < kept:  # inside a word already re-split
                continue
            word_start = done.rfind(b" ", 0, start) + 1
            word_end = done.find(b" ", run.end())
            if word_end < 0:
                word_end = len(done)
            pieces.append(done[kept:word_start].decode("ascii"))
            pieces.append(" ".join(self._resplit_word(done[word_start:word_end].decode("utf-8"), resplit)))
            kept = word_end
        pieces.append(done[kept:].decode("utf-8"))
        # The re-split words hold no character str.split cuts at, and no other non-ASCII character is left.
        counts.update(" ".join(pieces).split())

    def _count_distinct(self, done: bytes, counts: Counter[str], resplit: dict[str, list[str]]) -> None:
        """Many non-ASCII characters: count the space-separated words, then re-split each distinct non-ASCII one."""
        # Only " " separates words so far: characters that Python's split() also cuts at (U+0085 is one)
        # may vanish in normalization, so they must stay inside their word until it is re-split.
        raw = Counter(done.decode("utf-8").split(" "))
        raw.pop("", None)
        get = counts.get
        for word, count in raw.items():
            if word.isascii():
                counts[word] = get(word, 0) + count
            else:
                for part in self._resplit_word(word, resplit):
                    counts[part] = get(part, 0) + count


@functools.lru_cache(maxsize=8)
def _rebuild(normalizer: BertNormalizer, pretokenizer: str) -> FastSplitter:
    # One splitter per settings in each worker process: its tables and re-split words are reused by every
    # part the process counts, instead of being filled again for each one.
    return FastSplitter(normalizer=normalizer, pretokenizer=pretokenizer)


__all__ = [
    "TABLE_PRETOKENIZERS",
    "FastSplitter",
    "split_rule",
]
