"""The worked answers of notebook 11 (big_corpora): what ``show_answer`` gives, kept with the solutions.

Never installed with the library; see ``wordpiece_lib/classroom/runtime/answers.py`` and docs/authoring.md.
"""

from __future__ import annotations

from typing import Any

from wordpiece_lib.classroom.big_corpora import expected_hours

CUT_ANSWER = """A part may end right after a newline, or at the very start or end of the data:
```python
def cut(data, position):
    if position == 0:
        return 0
    newline = data.find(b"\\n", position - 1)  # a newline just before `position` ends a line there
    return len(data) if newline == -1 else newline + 1
```"""


MERGE_ANSWER = """A dict keeps its keys in the order they were first put in, so adding the parts one after the
other, in their order, puts every word where a single reader would first meet it:
```python
def merge_in_order(parts):
    total = {}
    for part in parts:
        for word, count in part.items():
            total[word] = total.get(word, 0) + count
    return total
```"""


def _hours_answer(
    answer: Any, size_gb: float, mb_per_second_per_core: float, cores: int, efficiency: float, **_: Any
) -> str:
    hours = expected_hours(size_gb, mb_per_second_per_core, cores, efficiency)
    return (
        "The whole machine counts `speed per core * cores * efficiency` MB per second; the corpus is "
        f"`{size_gb} * 1000` MB; an hour has 3,600 seconds.\n```python\n"
        f"hours = {size_gb} * 1000 / ({mb_per_second_per_core:g} * {cores} * {efficiency}) / 3600  # {hours:.3g}\n```"
    )


ANSWERS = {
    "cut": CUT_ANSWER,
    "merge_in_order": MERGE_ANSWER,
    "hours": _hours_answer,
}
