"""Google's BERT text rules: the normalizer and pre-tokenizer of ``compat="google"``.

BERT's checkpoints were pre-trained on text cut by Google's ``tokenization.py``
(``BasicTokenizer``), whose rules differ from Hugging Face's in small ways,
each of which this module follows:

* *clean*: drop NUL, U+FFFD and the characters of category ``Cc`` or ``Cf``
  only (private-use ``Co`` characters stay in the word, and make it unknown);
  turn a space, tab, newline, carriage return or any ``Zs`` into a space;
* *CJK*: a space on both sides of each ideograph of Google's ranges (the sixth
  starts at U+2B820, Hugging Face's at U+2B920);
* *split* on what Python's ``str.split()`` calls whitespace;
* with ``lowercase`` (Google's ``do_lower_case``): Python's ``str.lower()`` on
  each word, so a capital sigma at the end of a word becomes the final ``ς``,
  then NFD and every non-spacing mark (``Mn``) dropped;
* *punctuation*: every character of category ``P*`` and every ASCII character
  that is neither a letter, a digit nor a space becomes a word of its own.

Every category comes from the running Python's ``unicodedata``, as in
Google's file: its answers follow the Python version, and so do these.
Optionally (``preserve_unused_tokens``, a global flag in the ``bert-tensorflow``
release) a whole word ``[unusedN]`` that the vocab holds is kept as it is.

>>> GoogleNormalizer(lowercase=True)("ΟΔΟΣ Héllo\\ue000")
'οδος hello\\ue000'
>>> google_split("don't [MASK]")
['don', "'", 't', '[', 'MASK', ']']
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from .._validate import check_bool, check_str
from .fast_normalizer import NotLocal

#: The word length past which Google's ``WordpieceTokenizer`` gives ``[UNK]`` (Hugging Face's is 100).
GOOGLE_MAX_INPUT_CHARS_PER_WORD = 200

#: The ideograph blocks Google's ``_is_chinese_char`` isolates.
GOOGLE_CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B820, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)

# Google's bert-tensorflow release keeps a word whole when it is exactly this and in the vocab.
_UNUSED_TOKEN = re.compile(r"^\[unused\d+\]$")
_CAPITAL_SIGMA = "\u03a3"


#: Why no file of Hugging Face's can hold Google's rules (a ``compat="google"`` tokenizer is never saved as one).
NO_JSON_FORM = (
    "tokenizer.json (and the settings file beside a vocab.txt) cannot express Google's rules (its clean-up, "
    "punctuation, CJK ranges, final sigma, 200-character words, typed special tokens split), so a Hugging Face "
    "loader would give other tokens on some texts; save the vocab alone with tokenizer.vocab.save('vocab.txt') and "
    "load it with WordPieceTokenizer.from_file('vocab.txt', compat='google')"
)


def google_is_cjk(char: str) -> bool:
    """True for an ideograph Google's BERT makes a word of its own.

    >>> google_is_cjk("野"), google_is_cjk("\\U0002b820"), google_is_cjk("ア")
    (True, True, False)
    """
    code = ord(char)
    return any(low <= code <= high for low, high in GOOGLE_CJK_RANGES)


def google_is_control(char: str) -> bool:
    """True for a character Google's clean-up drops as a control: category ``Cc`` or ``Cf``, but not tab or newlines.

    >>> google_is_control("\\x07"), google_is_control("\\u200b"), google_is_control("\\ue000"), google_is_control("\\n")
    (True, True, False, False)
    """
    if char in "\t\n\r":
        return False
    return unicodedata.category(char) in ("Cc", "Cf")


def google_is_whitespace(char: str) -> bool:
    """True for a character Google's clean-up turns into a space: space, tab, newline, carriage return or ``Zs``.

    >>> google_is_whitespace("\\u3000"), google_is_whitespace("\\u2028"), google_is_whitespace("a")
    (True, False, False)
    """
    return char in " \t\n\r" or unicodedata.category(char) == "Zs"


def google_is_punctuation(char: str) -> bool:
    """True for a character Google's BERT cuts out as a word: ASCII that is not a letter, digit or space, or ``P*``.

    >>> google_is_punctuation("$"), google_is_punctuation("—"), google_is_punctuation("£")
    (True, True, False)
    """
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def google_clean(text: str) -> str:
    """Google's clean-up: NUL, U+FFFD and ``Cc``/``Cf`` dropped, whitespace made a space.

    >>> google_clean("a\\u200bb\\tc\\ue000\\x00d")
    'ab c\\ue000d'
    """
    return "".join(
        " " if google_is_whitespace(char) else char
        for char in text
        if char != "\x00" and char != "\ufffd" and not google_is_control(char)
    )


def google_space_cjk(text: str) -> str:
    """A space on both sides of every ideograph of Google's ranges.

    >>> google_space_cjk("我爱NLP")
    ' 我  爱 NLP'
    """
    return "".join(f" {char} " if google_is_cjk(char) else char for char in text)


def google_lower_and_strip(word: str) -> str:
    """Google's ``do_lower_case`` on one word: ``str.lower()`` (final sigma included), NFD, ``Mn`` dropped.

    >>> google_lower_and_strip("ΟΔΟΣ"), google_lower_and_strip("Ça")
    ('οδος', 'ca')
    """
    decomposed = unicodedata.normalize("NFD", word.lower())
    return "".join(char for char in decomposed if unicodedata.category(char) != "Mn")


@dataclass(frozen=True)
class GoogleNormalizer:
    """Google's normalization of a text: clean-up, CJK spacing and (with ``lowercase``) lowercasing and accents.

    ``preserve_unused_tokens`` belongs to the pre-tokenizer's side (a word
    ``[unusedN]`` is neither lowercased nor cut); it is kept here so that the
    one object carries Google's whole text setting. The normalized text
    itself ignores it: ``GoogleWords`` applies it.

    >>> GoogleNormalizer()("Ça\\x00 VA 野")
    'Ça VA  野 '
    >>> GoogleNormalizer(lowercase=True)("Ça\\x00 VA 野")
    'ca va  野 '
    """

    lowercase: bool = False
    preserve_unused_tokens: bool = False

    def __post_init__(self) -> None:
        check_bool(self.lowercase, "lowercase")
        check_bool(self.preserve_unused_tokens, "preserve_unused_tokens")

    @property
    def strips_accents(self) -> bool:
        """Google strips accents exactly when it lowercases."""
        return self.lowercase

    def __call__(self, text: str) -> str:
        return self.normalize(text)

    def normalize(self, text: str) -> str:
        """The text as Google's punctuation split sees it (words still joined by their whitespace).

        Lowercasing the whole text gives what Google's per-word lowercasing
        gives: no whitespace character is case-ignorable, so the final-sigma
        rule never looks across one, and NFD never reorders across one.

        >>> GoogleNormalizer(lowercase=True).normalize("ΣΑΣ ΣΑΣ")
        'σας σας'
        """
        text = google_space_cjk(google_clean(check_str(text, "text")))
        return google_lower_and_strip(text) if self.lowercase else text

    def to_json(self) -> dict[str, Any]:
        """Refused: Hugging Face's ``tokenizer.json`` has no normalizer with Google's rules (``NO_JSON_FORM`` says why).

        >>> GoogleNormalizer().to_json()
        Traceback (most recent call last):
        ...
        ValueError: Google's normalizer has no tokenizer.json form: tokenizer.json (and the settings file ...
        """
        raise ValueError(f"Google's normalizer has no tokenizer.json form: {NO_JSON_FORM}")


def _split_punctuation(word: str) -> Iterable[str]:
    start = 0
    for position, char in enumerate(word):
        if google_is_punctuation(char):
            if start < position:
                yield word[start:position]
            yield char
            start = position + 1
    if start < len(word):
        yield word[start:]


def google_split(text: str) -> list[str]:
    """Google's pre-tokenizer on normalized text: ``str.split()``, then every punctuation character a word.

    >>> google_split("£10 for [CLS]\\u2028ok")
    ['£10', 'for', '[', 'CLS', ']', 'ok']
    """
    return [piece for word in check_str(text, "text").split() for piece in _split_punctuation(word)]


def unused_tokens(tokens: Iterable[str]) -> frozenset[str]:
    """The tokens Google's ``preserve_unused_tokens`` keeps whole when typed: ``[unusedN]``.

    >>> sorted(unused_tokens(["[UNK]", "[unused0]", "[unused12]", "unused"]))
    ['[unused0]', '[unused12]']
    """
    return frozenset(token for token in tokens if _UNUSED_TOKEN.search(token))


class GoogleWords:
    """Google's ``BasicTokenizer`` for one setting: the words of a text, with their characters' origins when asked.

    ``preserved`` is the set of words kept whole (``unused_tokens(vocab)``
    when ``preserve_unused_tokens`` is on, else empty). ``split_rule`` and
    ``class_rule`` are the per-character rules of the fast tokenizer's
    translation tables; they raise ``NotLocal`` for a character whose result
    depends on its neighbours, and the text then goes through ``words``.

    >>> words = GoogleWords(GoogleNormalizer(lowercase=True, preserve_unused_tokens=True), {"[unused1]"})
    >>> words.words("[unused1] [UNUSED1] ΟΔΟΣ.")
    ['[unused1]', '[', 'unused1', ']', 'οδος', '.']
    >>> words.with_origins("Ça va")
    [('ca', (0, 1)), ('va', (3, 4))]
    """

    def __init__(self, normalizer: GoogleNormalizer, preserved: Collection[str] = ()) -> None:
        if not isinstance(normalizer, GoogleNormalizer):
            raise TypeError(f"normalizer must be a GoogleNormalizer, got {type(normalizer).__name__}")
        self.normalizer = normalizer
        self.preserved = frozenset(preserved) if normalizer.preserve_unused_tokens else frozenset()

    def words(self, text: str) -> list[str]:
        """Google's ``BasicTokenizer.tokenize(text)``.

        >>> GoogleWords(GoogleNormalizer()).words("Hi,  you!")
        ['Hi', ',', 'you', '!']
        """
        if not self.preserved:
            return google_split(self.normalizer(text))
        return [word for word, _ in self.with_origins(text)]

    def with_origins(self, text: str) -> list[tuple[str, tuple[int, ...]]]:
        """Each word with, for each of its characters, the index of the original character it came from."""
        check_str(text, "text")
        # The clean-up and the CJK step, decided once per distinct character: what it becomes.
        becomes = {char: _cleaned_and_spaced(char) for char in set(text)}
        spaced = [(new, origin) for origin, char in enumerate(text) for new in becomes[char]]
        words: list[tuple[str, tuple[int, ...]]] = []
        for chunk in _whitespace_chunks(spaced):
            word = "".join(char for char, _ in chunk)
            origins = tuple(origin for _, origin in chunk)
            if word in self.preserved:
                words.append((word, origins))
                continue
            if self.normalizer.lowercase:
                word, origins = _lower_and_strip_with_origins(word, origins)
            # Google joins the pieces with spaces and splits again: a space made by lowercasing would cut too.
            for part in _whitespace_chunks(list(zip(word, origins))):
                part_word = "".join(char for char, _ in part)
                start = 0
                for piece in _split_punctuation(part_word):
                    words.append((piece, tuple(origin for _, origin in part[start : start + len(piece)])))
                    start += len(piece)
        return words

    def split_rule(self, char: str) -> str:
        """One character normalized and pre-tokenized alone (spaces where Google cuts), or ``NotLocal``.

        >>> rule = GoogleWords(GoogleNormalizer(lowercase=True)).split_rule
        >>> rule("É"), rule(","), rule("\\u2028"), rule("\\u200b"), rule("\\ue000")
        ('e', ' , ', ' ', '', '\\ue000')
        """
        if self.preserved and char == "[":
            raise NotLocal(char)  # a word [unusedN] is kept whole: only the whole text can say
        if self.normalizer.lowercase:
            if char == _CAPITAL_SIGMA:
                raise NotLocal(char)  # its lowercase depends on the letters around it
            if not _decomposes_alone(char):
                raise NotLocal(char)
        pieces = []
        for part in self.normalizer(char):
            if part.isspace():
                pieces.append(" ")
            elif google_is_punctuation(part):
                pieces.append(f" {part} ")
            else:
                pieces.append(part)
        return "".join(pieces)

    def class_rule(self, char: str) -> str:
        """One character's class for finding words at their original places: ``a`` letter, space, ``.`` one-character word.

        >>> rule = GoogleWords(GoogleNormalizer(lowercase=True)).class_rule
        >>> rule("É"), rule(","), rule(" "), rule("野")
        ('a', '.', ' ', '.')
        """
        split = self.split_rule(char)
        if split == " ":
            return " "
        if len(split) == 1:
            return "a"
        core = split.strip(" ")
        if len(core) == 1 and split == f" {core} ":  # a punctuation mark, or an ideograph spaced by the CJK step
            return "."
        raise NotLocal(char)  # dropped or lengthened: positions move, the text takes the aligned way


def _cleaned_and_spaced(char: str) -> str:
    """``char`` after Google's clean-up and CJK step: nothing, a space, itself, or itself between spaces."""
    if char == "\x00" or char == "\ufffd" or google_is_control(char):
        return ""
    if google_is_whitespace(char):
        return " "
    return f" {char} " if google_is_cjk(char) else char


def _decomposes_alone(char: str) -> bool:
    """True when NFD cannot move what stays of ``char`` past its neighbours' marks (no kept combining mark)."""
    return all(
        unicodedata.combining(part) == 0 or unicodedata.category(part) == "Mn"
        for part in unicodedata.normalize("NFD", char.lower())
    )


def _whitespace_chunks(chars: list[tuple[str, int]]) -> Iterable[list[tuple[str, int]]]:
    chunk: list[tuple[str, int]] = []
    for item in chars:
        if item[0].isspace():
            if chunk:
                yield chunk
            chunk = []
        else:
            chunk.append(item)
    if chunk:
        yield chunk


def _lower_and_strip_with_origins(word: str, origins: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """``google_lower_and_strip(word)``, each character keeping the origin of the character it came from."""
    lowered = word.lower()
    # str.lower() maps each character to one or more, as char.lower() does, except that a capital
    # sigma's form depends on its neighbours (and has one character either way): lengths agree.
    lowered_origins = [origin for char, origin in zip(word, origins) for _ in char.lower()]
    decomposed: list[tuple[str, int]] = []
    for char, origin in zip(lowered, lowered_origins):
        decomposed += [(part, origin) for part in unicodedata.normalize("NFD", char)]
    # Canonical reordering: each run of combining marks sorted by combining class; a place keeps its origin.
    letters = [char for char, _ in decomposed]
    start = 0
    while start < len(letters):
        if unicodedata.combining(letters[start]) == 0:
            start += 1
            continue
        end = start
        while end < len(letters) and unicodedata.combining(letters[end]) != 0:
            end += 1
        letters[start:end] = sorted(letters[start:end], key=unicodedata.combining)
        start = end
    kept = [(char, origin) for char, (_, origin) in zip(letters, decomposed) if unicodedata.category(char) != "Mn"]
    text = "".join(char for char, _ in kept)
    if text != google_lower_and_strip(word):  # pragma: no cover - a guard: the two must never disagree
        raise AssertionError(f"aligned lowercasing differs from Google's on {word!r}")
    return text, tuple(origin for _, origin in kept)


__all__ = [
    "GOOGLE_CJK_RANGES",
    "GOOGLE_MAX_INPUT_CHARS_PER_WORD",
    "NO_JSON_FORM",
    "GoogleNormalizer",
    "GoogleWords",
    "google_clean",
    "google_is_cjk",
    "google_is_control",
    "google_is_punctuation",
    "google_is_whitespace",
    "google_lower_and_strip",
    "google_space_cjk",
    "google_split",
    "unused_tokens",
]
