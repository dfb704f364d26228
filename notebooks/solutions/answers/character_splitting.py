"""The worked answers of notebook 01 (character_splitting): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wordpiece_lib import alphabet
from wordpiece_lib.model import DEFAULT_PREFIX

COUNT_WORDS_ANSWER = """```python
def count_words(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1  # a dict keeps first-seen order
    return counts
```"""


SPLIT_WITH_PREFIX_ANSWER = """```python
def split_with_prefix(word):
    return [word[0]] + ["##" + character for character in word[1:]]
```"""


SPLIT_WITH_END_MARKER_ANSWER = """```python
def split_with_end_marker(word):
    return [*word[:-1], word[-1] + "</w>"]  # one piece per character; the last one carries the marker
```"""


def _alphabet_answer(answer: Any, words: Iterable[str], prefix: str = DEFAULT_PREFIX, **_: Any) -> str:
    words = list(words)
    pieces = alphabet(words, prefix)
    bare = [piece for piece in pieces if not piece.startswith(prefix)]
    inner = [piece for piece in pieces if piece.startswith(prefix)]
    return (
        f"The first letters of {words} give {bare}; every other letter gives a `{prefix}` piece: {inner}. "
        f"Each piece once:\n```python\nmy_alphabet = {bare + inner!r}\n```"
    )


ANSWERS = {
    "count_words": COUNT_WORDS_ANSWER,
    "split_with_prefix": SPLIT_WITH_PREFIX_ANSWER,
    "split_with_end_marker": SPLIT_WITH_END_MARKER_ANSWER,
    "my_alphabet": _alphabet_answer,
}
