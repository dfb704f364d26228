"""The worked answers of notebook 08 (fast_encoding): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

from wordpiece_lib import LinMaxMatch
from wordpiece_lib.classroom.fast_encoding import SHOWN_WORDS
from wordpiece_lib.classroom.fast_encoding.checks import _fails_at, _link_name, _vocab_of
from wordpiece_lib.model import CONTINUATION


def _failure_answer(pops: Any, link: Any, automaton: LinMaxMatch, label: str, **_: Any) -> str:
    node = automaton.node(automaton.find(label, continuation=label.startswith(automaton.prefix)))
    expected_link = _link_name(automaton, node.failure_link)
    return (
        f"Longest token at the start of `{label}`, then the longest `##` token at the rest, and so on, until the rest "
        f"is a node of the `##` trie.\n```python\nmy_pops = {list(node.failure_pops)!r}\nmy_link = {expected_link!r}\n```"
    )


def _emitted_answer(answer: Any, automaton: LinMaxMatch, word: str, position: int, **_: Any) -> str:
    fails = _fails_at(automaton, word, position)
    lines = [
        f"* at `{_link_name(automaton, step.node) if step.node != CONTINUATION else automaton.prefix}`: emit "
        f"{list(step.emitted)}, follow the link"
        for step in fails
    ]
    emitted = [token for step in fails for token in step.emitted]
    return "\n".join(lines) + f"\n```python\nemitted_at_s = {emitted!r}\n```"


def _unk_answer(
    word: Any, position: Any, automaton: LinMaxMatch, *, known: Iterable[str] = SHOWN_WORDS, **_: Any
) -> str:
    known = set(known)
    letters = sorted({letter for token in _vocab_of(automaton) for letter in token.removeprefix(automaton.prefix)})
    words = ("".join(spelled) for size in (2, 3, 4) for spelled in itertools.product(letters, repeat=size))
    for candidate in words:  # the shortest first: the paper's vocab (in any letters) has one of two or three
        if candidate in known:
            continue
        last = list(automaton.trace(candidate))[-1]
        if last.kind == "unk" and last.position >= 1:
            return (
                f"`{candidate}`: the walk stops at position {last.position} with no edge and no failure link."
                f"\n```python\nunk_word = {candidate!r}\nunk_position = {last.position}\n```"
            )
    return "Step through a few words in the stepper."


ANSWERS = {
    "failure_of_tokeniz": _failure_answer,
    "emitted_at_s": _emitted_answer,
    "unk_word": _unk_answer,
}
