"""The worked answers of notebook 04 (encoding): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wordpiece_lib.model.longest_match import encode_word
from wordpiece_lib.training.trace import Trace, encode_with_merges

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


def _replay_answer(answer: Any, trace: Trace, known: Iterable[str] = (), **_: Any) -> str:
    known = set(known)
    letters = "".join(sorted({piece.removeprefix(trace.prefix) for piece in trace.alphabet}))
    vocab = set(trace.tokens())
    for length in range(5, 8):
        for word in _words_of(letters, length):
            if word in known:
                continue
            longest, replay = encode_word(word, vocab), encode_with_merges(word, trace.merges)
            if longest != replay and longest != ["[UNK]"]:
                return (
                    f"`{word}`: longest match gives {longest}, merge replay {replay}. Start from a word of the "
                    "table and add letters at the end: the early merge still grabs the same pair.\n"
                    f"```python\nmy_word = {word!r}\n```"
                )
    return "Start from a word of the table and add letters at the end."


def _words_of(letters: str, length: int) -> Iterable[str]:

    for letters_tuple in itertools.product(letters, repeat=length):
        yield "".join(letters_tuple)


ANSWERS = {
    "my_encode": ENCODE_ANSWER,
    "my_word": _replay_answer,
    "my_decode": DECODE_ANSWER,
}
