"""Pre-tokenizers: cut normalized text into the words that get subword-split.

Three ways, shown side by side in notebook 01:

* ``whitespace``: split on whitespace only (punctuation stays glued on);
* ``bert``: split on whitespace, then make every punctuation character a word
  of its own. Punctuation means Unicode category ``P*`` plus all 32 ASCII
  symbols (so ``$ + < = > ^ ` | ~`` count too, as in BERT);
* ``gpt2``: GPT-2's regular expression (contractions, letter runs, digit
  runs, runs of other symbols), with the ``regex`` package.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Callable

import regex

from ._validate import check_choice, check_str

PreTokenizer = Callable[[str], list[str]]

_ASCII_PUNCTUATION = frozenset(string.punctuation)

# Unicode's White_Space property, which BERT splits on. Python's str.split()
# also splits on U+001C..U+001F; BERT does not, so we spell the set out.
_WHITESPACE_RUN = regex.compile(r"[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+")

# GPT-2's pattern, adapted as in the SELENE seed: no optional leading space,
# because our words never carry their spaces.
GPT2_PATTERN = regex.compile(r"""'s|'t|'re|'ve|'m|'ll|'d|\p{L}+|\p{N}+|[^\s\p{L}\p{N}]+""")


def is_punctuation(char: str) -> bool:
    """True for characters BERT isolates as words of their own.

    >>> is_punctuation("!"), is_punctuation("$"), is_punctuation("£"), is_punctuation("—")
    (True, True, False, True)
    """
    return char in _ASCII_PUNCTUATION or unicodedata.category(char).startswith("P")


def is_bert_whitespace(char: str) -> bool:
    """True for a character BERT's pre-tokenizer splits on (Unicode White_Space).

    >>> is_bert_whitespace(" "), is_bert_whitespace("\u3000"), is_bert_whitespace("\x1c")
    (True, True, False)
    """
    return _WHITESPACE_RUN.fullmatch(char) is not None


def whitespace_split(text: str) -> list[str]:
    """Split on runs of whitespace.

    >>> whitespace_split("Hello, world!  Hi")
    ['Hello,', 'world!', 'Hi']
    """
    return check_str(text, "text").split()


def bert_split(text: str) -> list[str]:
    """Split on whitespace, then isolate every punctuation character.

    >>> bert_split("Hey friend!  How are you?!?")
    ['Hey', 'friend', '!', 'How', 'are', 'you', '?', '!', '?']
    >>> bert_split("£10 for [CLS]")
    ['£10', 'for', '[', 'CLS', ']']
    """
    words: list[str] = []
    for chunk in _WHITESPACE_RUN.split(check_str(text, "text")):
        start = 0
        for position, char in enumerate(chunk):
            if is_punctuation(char):
                if start < position:
                    words.append(chunk[start:position])
                words.append(char)
                start = position + 1
        if start < len(chunk):
            words.append(chunk[start:])
    return words


def gpt2_split(text: str) -> list[str]:
    """Split with GPT-2's regular expression (without the leading spaces).

    >>> gpt2_split("Hello've world123 how's are you!!!? ")
    ['Hello', "'ve", 'world', '123', 'how', "'s", 'are', 'you', '!!!?']
    """
    return GPT2_PATTERN.findall(check_str(text, "text"))


PRETOKENIZERS: dict[str, PreTokenizer] = {
    "whitespace": whitespace_split,
    "bert": bert_split,
    "gpt2": gpt2_split,
}


def get_pretokenizer(name: str) -> PreTokenizer:
    """Look up a pre-tokenizer by name: ``whitespace``, ``bert`` or ``gpt2``.

    >>> get_pretokenizer("bert")("a,b")
    ['a', ',', 'b']
    """
    return PRETOKENIZERS[check_choice(name, "pretokenizer", PRETOKENIZERS)]


def pretokenize(text: str, pretokenizer: str = "bert") -> list[str]:
    """Cut ``text`` into words with the named pre-tokenizer.

    >>> pretokenize("didn't stop", "bert")
    ['didn', "'", 't', 'stop']
    >>> pretokenize("didn't stop", "gpt2")
    ['didn', "'t", 'stop']
    """
    return get_pretokenizer(pretokenizer)(text)
