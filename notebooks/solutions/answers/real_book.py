"""The worked answers of notebook 07 (real_book): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from wordpiece_lib import WordPieceTokenizer, encode_word

LONGEST_ANSWER = """```python
def longest_token(tokens):
    text_tokens = [token for token in tokens if token not in BERT_SPECIAL_TOKENS]
    return max(sorted(text_tokens), key=lambda token: len(token.removeprefix("##")))  # sorted: ties fall the same way every run
```"""


def _names_answer(answer: Any, names: Iterable[str], vocab: Iterable[str], **_: Any) -> str:
    tokens = set(vocab)
    names = list(names)
    rows = "\n".join(f"| {name} | {' '.join(encode_word(name, tokens))} |" for name in names)
    whole = sum(name in tokens for name in names)
    return f"| name | tokens |\n|---|---|\n{rows}\n```python\nwhole_names = {whole}\n```"


def _split_answer(
    answer: Any, vocab: Iterable[str], book_words: Mapping[str, int], words: Iterable[str], **_: Any
) -> str:
    tokens = set(vocab)
    lines = []
    for word in words:
        pieces = encode_word(word, tokens)
        if word in book_words:
            why = f"in the book ({book_words[word]} times): training to the end made it whole"
        elif len(pieces) == 1:
            longer = sorted((w for w in book_words if w.startswith(word) and w != word), key=lambda w: -book_words[w])
            why = f"not in the book, but made on the way to {longer[0]!r}" if longer else "not in the book, yet a token"
        else:
            why = "not in the book, and no merge built it whole"
        lines.append(f"* `{word}`: {' '.join(pieces)} ({why})")
    values = {word: len(encode_word(word, tokens)) > 1 for word in words}
    return "\n".join(lines) + f"\n```python\npredicted_split = {values!r}\n```"


def _fertility_answer(answer: Any, sentence: str, tokenizer: WordPieceTokenizer, **_: Any) -> str:
    words = tokenizer.words(sentence)
    tokens = [token for word in words for token in tokenizer.encode_word(word)]
    return (
        f"{len(words)} words after pre-tokenization ({words}), {len(tokens)} tokens.\n"
        f"```python\nteam_fertility = {len(tokens)} / {len(words)}\n```"
    )


ANSWERS = {
    "longest_token": LONGEST_ANSWER,
    "whole_names": _names_answer,
    "predicted_split": _split_answer,
    "team_fertility": _fertility_answer,
}
