"""The worked answers of notebook 10 (model_inputs): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from wordpiece_lib import WordPieceDecoder, WordPieceTokenizer
from wordpiece_lib.classroom.model_inputs.checks import _kept_by_truncation

PAIR_ANSWER = """```python
def my_pair_input(first, second):
    tokens = ["[CLS]", *first, "[SEP]", *second, "[SEP]"]
    type_ids = [0] * (len(first) + 2) + [1] * (len(second) + 1)  # segment 0 ends with the first [SEP]
    return tokens, type_ids
```"""


def _offsets_answer(answer: Any, tokenizer: WordPieceTokenizer, text: str, token: str, **_: Any) -> str:
    encoding = tokenizer.encode_plus(text, add_special_tokens=False)
    start, end = encoding.offsets[encoding.tokens.index(token)]
    return (
        f"`text[{start}:{end}]` is {text[start:end]!r}: offsets count characters of the original text.\n"
        f"```python\nrum_offsets = ({start}, {end})\n```"
    )


def _kept_answer(answer: Any, first_length: int, second_length: int, max_length: int, **_: Any) -> str:
    kept = _kept_by_truncation(first_length, second_length, max_length)
    return f"{max_length} - 3 special tokens = {max_length - 3} places; the longer text gives way first.\n```python\nkept = {kept}\n```"


def _decoded_answer(answer: Any, tokens: Sequence[str], **_: Any) -> str:
    return f"```python\ndecoded = {WordPieceDecoder().decode(tokens)!r}\n```"


ANSWERS = {
    "rum_offsets": _offsets_answer,
    "my_pair_input": PAIR_ANSWER,
    "kept": _kept_answer,
    "decoded": _decoded_answer,
}
