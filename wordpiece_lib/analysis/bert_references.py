"""Why Hugging Face's BERT tokenizer and Google's disagree on a text: the rule that makes the difference.

Each cause is one rule of Google's ``tokenization.py`` that Hugging Face's
``tokenizers`` does not share (``pipeline/compat.py`` has both modes):

* ``"special token typed"``: Hugging Face keeps ``[CLS]``, ``[MASK]`` ... whole
  when typed in the text, Google cuts them (and keeps ``[unusedN]`` whole only
  with ``preserve_unused_tokens``);
* ``"word of 101-200 characters"``: Hugging Face gives ``[UNK]`` past 100
  characters, Google past 200;
* ``"private use"``: Hugging Face's clean-up drops category ``Co``, Google's keeps it;
* ``"final sigma"``: Google lowercases with ``str.lower()``, which gives ``ς``
  at the end of a word; Hugging Face lowercases one character at a time (``σ``);
* ``"CJK range"``: Google's sixth ideograph block starts at U+2B820, Hugging
  Face's at U+2B920;
* ``"Unicode version"``: a character whose category (control, punctuation,
  mark) or lowercase differs between Hugging Face's Unicode tables and the
  running Python's ``unicodedata``.

A text is put down to the first cause (in that order) that it holds;
``"none found"`` would mean a difference that none of them explains.

>>> difference_cause("[MASK] it", lowercase=True, special_tokens=["[MASK]"])
'special token typed'
>>> difference_cause("ΟΔΟΣ", lowercase=True), difference_cause("ΟΔΟΣ", lowercase=False)
('final sigma', 'none found')
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence

from .._validate import check_bool, check_str
from ..text.google import (
    GOOGLE_MAX_INPUT_CHARS_PER_WORD,
    GoogleNormalizer,
    GoogleWords,
    google_is_cjk,
    google_is_control,
    google_is_punctuation,
)
from ..text.normalizer import is_cjk, is_control, is_stripped_mark, lowercase
from ..text.pretokenizers import is_punctuation

#: The causes, in the order a text is tested for them.
DIFFERENCE_CAUSES = (
    "special token typed",
    "word of 101-200 characters",
    "private use",
    "final sigma",
    "CJK range",
    "Unicode version",
)
NO_CAUSE = "none found"
_HF_MAX_CHARS = 100


def unicode_tables_differ(char: str, *, lowercase_too: bool) -> bool:
    """True when Hugging Face's tables and Python's ``unicodedata`` treat ``char`` differently (BERT's rules).

    >>> unicode_tables_differ("\\u2e5d", lowercase_too=False), unicode_tables_differ("a", lowercase_too=True)
    (True, False)
    """
    if unicodedata.category(char) != "Co" and is_control(char) != google_is_control(char):
        return True
    if is_punctuation(char) != google_is_punctuation(char):
        return True
    if lowercase_too:
        if is_stripped_mark(char) != (unicodedata.category(char) == "Mn"):
            return True
        if char != "\u03a3" and lowercase(char) != char.lower():
            return True
        if unicodedata.normalize("NFD", char) != char and char == "\U00011938":  # decomposed by Python only
            return True
    return False


def difference_cause(
    text: str,
    *,
    lowercase: bool,
    special_tokens: Collection[str] = (),
    preserved: Collection[str] = (),
) -> str:
    """The first of ``DIFFERENCE_CAUSES`` that ``text`` holds (``"none found"`` if none).

    ``special_tokens`` are the ones Hugging Face keeps whole; ``preserved``
    the ``[unusedN]`` Google keeps whole (with ``preserve_unused_tokens``).

    >>> difference_cause("x" * 150, lowercase=False), difference_cause("a\\ue000", lowercase=False)
    ('word of 101-200 characters', 'private use')
    """
    check_str(text, "text")
    check_bool(lowercase, "lowercase")
    if any(token in text for token in (*special_tokens, *preserved)):
        return DIFFERENCE_CAUSES[0]
    words = GoogleWords(GoogleNormalizer(lowercase=lowercase)).words(text)
    if any(_HF_MAX_CHARS < len(word) <= GOOGLE_MAX_INPUT_CHARS_PER_WORD for word in words):
        return DIFFERENCE_CAUSES[1]
    distinct = set(text)
    if any(unicodedata.category(char) == "Co" for char in distinct):
        return DIFFERENCE_CAUSES[2]
    if lowercase and "\u03a3" in distinct:
        return DIFFERENCE_CAUSES[3]
    if any(google_is_cjk(char) != is_cjk(char) for char in distinct):
        return DIFFERENCE_CAUSES[4]
    if any(unicode_tables_differ(char, lowercase_too=lowercase) for char in distinct):
        return DIFFERENCE_CAUSES[5]
    return NO_CAUSE


def differences_by_cause(
    first: Callable[[str], list[str]],
    second: Callable[[str], list[str]],
    texts: Iterable[str],
    *,
    lowercase: bool,
    special_tokens: Collection[str] = (),
    preserved: Collection[str] = (),
) -> Counter[str]:
    """How many of ``texts`` the two tokenizers cut differently, by cause (``"same"`` for the texts they agree on).

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> vocab = Vocab(["[UNK]", "a", "##a"])
    >>> hf, google = WordPieceTokenizer(vocab), WordPieceTokenizer(vocab, compat="google")
    >>> differences_by_cause(hf.tokenize, google.tokenize, ["a", "a" * 150, "a\\ue000"], lowercase=False)
    Counter({'same': 1, 'word of 101-200 characters': 1, 'private use': 1})
    """
    counts: Counter[str] = Counter()
    for text in texts:
        if first(text) == second(text):
            counts["same"] += 1
        else:
            counts[difference_cause(text, lowercase=lowercase, special_tokens=special_tokens, preserved=preserved)] += 1
    return counts


def answers_by_cause(
    texts: Sequence[str],
    first: Sequence[list[str]],
    second: Sequence[list[str]],
    **options: object,
) -> Counter[str]:
    """``differences_by_cause`` for answers already computed (two lists of token lists, in the order of ``texts``).

    >>> answers_by_cause(["ΟΔΟΣ", "a"], [["οδοσ"], ["a"]], [["οδος"], ["a"]], lowercase=True)
    Counter({'final sigma': 1, 'same': 1})
    """
    answers = dict(zip(texts, zip(first, second, strict=True), strict=True))
    return differences_by_cause(
        lambda text: answers[text][0],
        lambda text: answers[text][1],
        texts,
        **options,  # type: ignore[arg-type]
    )


__all__ = [
    "DIFFERENCE_CAUSES",
    "NO_CAUSE",
    "answers_by_cause",
    "difference_cause",
    "differences_by_cause",
    "unicode_tables_differ",
]
