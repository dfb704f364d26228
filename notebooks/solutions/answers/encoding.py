"""The worked answers of notebook 04 (encoding): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wordpiece_lib import Trace, encode_with_merges, encode_word
from wordpiece_lib.classroom.encoding.checks import _disagree

ENCODE_ANSWER = """```python
def my_encode(word, vocab):
    if len(word) > 100:  # rule 2: too long to look at
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):  # longest candidate first
            piece = "_" + word[start:end] if start == 0 else word[start:end]  # the marker opens the word
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:  # rule 1: nothing matches here, so the whole word is unknown
            return ["[UNK]"]
    return tokens
```"""


DECODE_ANSWER = """```python
def my_decode(tokens):
    words = []
    for token in tokens:
        if token.startswith("##") and words:
            words[-1] += token[2:]  # glue it to the word so far
        else:
            words.append(token)
    return " ".join(words)
```"""


def _replay_answer(answer: Any, trace: Trace, before: Trace | None = None, **_: Any) -> str:
    letters = "".join(sorted({piece.removeprefix(trace.prefix) for piece in trace.alphabet}))
    for length in range(2, 7):
        for word in _words_of(letters, length):
            if _disagree(word, trace) and not (before is not None and _disagree(word, before)):
                longest = encode_word(word, set(trace.tokens()), prefix=trace.prefix)
                replay = encode_with_merges(word, trace.merges, prefix=trace.prefix)
                return (
                    f"`{word}`: longest match gives {longest}, merge replay {replay}. The new word brings a "
                    "suffix merge that is learned early, before the whole-word piece longest match grabs; "
                    "replay builds the suffix first and then no merge joins it to the start.\n"
                    f"```python\nmy_word = {word!r}\n```"
                )
    return "Look for a suffix piece the new word makes, learned before a word piece that ends where it starts."


def _words_of(letters: str, length: int) -> Iterable[str]:

    for letters_tuple in itertools.product(letters, repeat=length):
        yield "".join(letters_tuple)


ANSWERS = {
    "my_encode": ENCODE_ANSWER,
    "my_word": _replay_answer,
    "my_decode": DECODE_ANSWER,
}
