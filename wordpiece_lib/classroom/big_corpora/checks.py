"""Checks behind notebook 11's "your turn" exercises (counting corpora in parts, and what it costs).

They run in the frame of :mod:`wordpiece_lib.classroom.exercise`: a right
answer passes quietly, a wrong one raises ``AssertionError`` saying in plain
words what is off (without handing over the answer), and an answer still set
to ``TODO`` skips as "not done yet". Expected answers come from the library
(``WordCounts.from_texts`` of the whole text, ``counting.merge_counts``),
never from a list typed in here.

>>> check_merge_in_order(lambda parts: {word: sum(part.get(word, 0) for part in parts) for part in parts for word in part})
>>> check_merge_in_order(lambda parts: dict(sorted({w: sum(p.get(w, 0) for p in parts) for p in parts for w in p}.items())))
Traceback (most recent call last):
...
AssertionError: The counts are right but not their order: the merged words start ['!', ',', 'a'] but a reader of the whole text meets ['the', 'pug', 'hugs'] first. The first-seen order is what the 'first' tie-break reads, so sorting (or any reordering) can change the vocab. A word must stay where it was first seen: in the earliest part that has it, at its place there.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from numbers import Real
from typing import Any

from wordpiece_lib.classroom.exercise import call, require, short_repr
from wordpiece_lib.corpus import WordCounts

# Lines whose words come back in later lines in another order, so that merging parts the wrong way shows.
SAMPLE_LINES = (
    "the pug hugs the bun",
    "a bun , a pun !",
    "puns and buns , hugs and pugs",
    "the end",
    "zebra pug",
)


def sample_parts() -> tuple[str, list[str]]:
    """The sample text and its parts (cut at line ends): what ``check_merge_in_order`` merges.

    >>> text, parts = sample_parts()
    >>> "".join(parts) == text, len(parts)
    (True, 3)
    """
    lines = [line + "\n" for line in SAMPLE_LINES]
    return "".join(lines), ["".join(lines[:2]), "".join(lines[2:4]), lines[4]]


def check_merge_in_order(merge: Callable[[list[dict[str, int]]], Mapping[str, int]]) -> None:
    """Check a student's ``merge(parts)``: the counts of consecutive parts added up, in first-seen order."""
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    text, parts = sample_parts()
    partials = [dict(WordCounts.from_texts([part])) for part in parts]
    originals = [dict(partial) for partial in partials]
    merged = call(merge, partials, name="merge_in_order", exercise="merging counts in order")
    if partials != originals:
        raise AssertionError(
            "merge_in_order changed the parts it was given (the counts of a part are still needed elsewhere, "
            "e.g. to retry a failed part): build a new dict instead of adding into the first part"
        )
    if not isinstance(merged, Mapping):
        raise AssertionError(f"merge_in_order should return a dict word -> count, got {type(merged).__name__}")
    whole = dict(WordCounts.from_texts([text]))
    for word, count in whole.items():
        got = merged.get(word)
        if got != count:
            hint = "it is missing" if got is None else f"you have {short_repr(got)}"
            raise AssertionError(
                f"The whole text has {word!r} {count} times but {hint}: every part's count of a word must be "
                "added up, and a word seen in only one part kept too"
            )
    extra = [word for word in merged if word not in whole]
    if extra:
        raise AssertionError(f"{extra[0]!r} is not a word of the text, but your merge has it")
    if list(merged) != list(whole):
        mine, theirs = list(merged)[:3], list(whole)[:3]
        raise AssertionError(
            f"The counts are right but not their order: the merged words start {mine} but a reader of the whole "
            f"text meets {theirs} first. The first-seen order is what the 'first' tie-break reads, so sorting (or "
            "any reordering) can change the vocab. A word must stay where it was first seen: in the earliest part "
            "that has it, at its place there."
        )


def check_cut(cut: Callable[[bytes, int], int]) -> None:
    """Check a student's ``cut(data, position)``: the first place at or after ``position`` where a part may end."""
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    data = "Hug the pug.\nCafé crème, s'il vous plaît.\n\nthe end".encode()
    for position in range(len(data) + 1):
        got = call(cut, data, position, name="cut", exercise="cutting a file into parts")
        if isinstance(got, bool) or not isinstance(got, int):
            raise AssertionError(f"cut should return a position (an int), got {type(got).__name__}: {got!r}")
        if got < position:
            raise AssertionError(f"cut(data, {position}) returned {got}: a part may only end at or after {position}")
        if got > len(data):
            raise AssertionError(f"cut(data, {position}) returned {got}, past the end of the data ({len(data)} bytes)")
        safe = got in (0, len(data)) or data[got - 1 : got] == b"\n"
        if not safe:
            before, after = data[:got], data[got:]
            if _cuts_a_character(before):
                problem = "it cuts a UTF-8 character in two (é takes two bytes), so neither part decodes"
            elif before[-1:].isspace() or after[:1].isspace():
                problem = (
                    "it is not at a line end; a space is safe for the words, but the parts should end at line ends "
                    "(a line is the unit a reader and the counters agree on)"
                )
            else:
                word = before.rsplit(maxsplit=1)[-1] + after.split(maxsplit=1)[0]
                problem = f"it cuts the word {word.decode(errors='replace')!r} in two, so both halves would be counted"
            raise AssertionError(f"cut(data, {position}) returned {got}: {problem}")
        first_safe = next(
            end for end in range(position, len(data) + 1) if end in (0, len(data)) or data[end - 1 : end] == b"\n"
        )
        if got != first_safe:
            raise AssertionError(
                f"cut(data, {position}) returned {got}, a line end, but there is an earlier one at or after "
                f"{position}: parts should be as close to the size asked for as they can"
            )


def _cuts_a_character(before: bytes) -> bool:
    try:
        before.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


def expected_hours(size_gb: float, mb_per_second_per_core: float, cores: int, efficiency: float) -> float:
    """Hours to count ``size_gb`` on ``cores`` cores that each count ``mb_per_second_per_core``.

    ``efficiency`` is the share of the ideal speed-up the cores reach together.

    >>> round(expected_hours(20, 10.0, 8, 0.9), 3)
    0.077
    """
    return size_gb * 1000 / (mb_per_second_per_core * cores * efficiency) / 3600


def check_hours(hours: Any, size_gb: float, mb_per_second_per_core: float, cores: int, efficiency: float) -> None:
    """Check a student's estimate of the hours counting takes (within 2%)."""
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    answer = require(hours, "the estimate in hours")
    if isinstance(answer, bool) or not isinstance(answer, Real) or not math.isfinite(answer) or answer <= 0:
        raise AssertionError(f"hours should be a positive number, got {short_repr(answer)}")
    right = expected_hours(size_gb, mb_per_second_per_core, cores, efficiency)
    if math.isclose(answer, right, rel_tol=0.02):
        return
    ratio = answer / right
    hints = [
        (3600, "it looks like seconds, not hours (an hour has 3,600 of them)"),
        (60, "it looks like minutes, not hours"),
        (1000, "check the units: the throughput is in MB per second and 1 GB is 1,000 MB"),
        (1 / 1000, "check the units: the throughput is in MB per second and 1 GB is 1,000 MB"),
        (cores, f"it looks like one core's time: the {cores} cores count at the same time"),
        (1 / efficiency, "the cores together reach only part of the ideal speed-up: the efficiency lowers it"),
        (efficiency, "the efficiency makes the work slower, not faster: it divides the ideal speed-up"),
    ]
    for factor, hint in hints:
        if math.isclose(ratio, factor, rel_tol=0.03):
            raise AssertionError(f"{answer:.4g} hours is not it: {hint}")
    raise AssertionError(
        f"{answer:.4g} hours is not it: the corpus is {size_gb} GB, each core counts {mb_per_second_per_core:.3g} MB "
        f"per second, there are {cores} cores working at {efficiency:.0%} of the ideal speed-up; "
        "turn that into bytes per second for the whole machine first"
    )
