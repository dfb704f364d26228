"""Checks behind notebook 11's exercises (counting corpora in parts, and what it costs).

They run in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`: a right
answer passes quietly, a wrong one raises ``AssertionError`` saying in plain
words what is off (never the expected value), an answer still set to ``TODO``
skips as "not done yet", later tries add hints, and ``show_answer`` gives a
worked answer. The learner's functions run on texts the notebook never
printed; expected answers come from the library (``WordCounts.from_texts`` of
the whole text), never from a list typed in here.

A worked answer stays out of this docstring (the installed package carries none); a wrong one:

>>> WORKBOOK.reset()
>>> check_merge_in_order(lambda parts: dict(parts[0]))
Traceback (most recent call last):
...
AssertionError: your count of 'pug' is 2, not what the whole text says: every part's count of a word must be added up
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from numbers import Real
from typing import Any

from wordpiece_lib.classroom.runtime import (
    Exercise,
    Workbook,
    call,
    forbid,
    fresh_rng,
    in_container,
    require,
    short_repr,
)
from wordpiece_lib.counting import WordCounts, merge_counts, split_file
from wordpiece_lib.counting.textstream import _next_boundary

WORKBOOK = Workbook(
    "11 · Corpora beyond one process",
    [
        Exercise(
            "cut",
            "Your turn 1 · where may a part end?",
            hints=(
                "A position right after a newline byte is safe: data[cut - 1] == b'\\n'[0].",
                "data.find(b'\\n', start) gives the position of the first newline at or after start (-1 if none).",
            ),
        ),
        Exercise(
            "merge_in_order",
            "Your turn 2 · merge in order",
            hints=(
                "A dict remembers the order in which its keys were first inserted.",
                "Go through the parts in their order, and through each part's words in its order.",
            ),
        ),
        Exercise(
            "hours",
            "Your turn 3 · a big corpus on many cores",
            hints=(
                "First the speed of the whole machine in MB per second, then the seconds, then the hours.",
                "The efficiency scales the ideal speed-up of the cores down: it multiplies the speed.",
            ),
        ),
    ],
    answers="big_corpora",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's checks try their functions on texts of their own.
WORKBOOK.vary_fresh_inputs("cut", "merge_in_order")

#: The library's own merge: the exercise is to write it.
MERGE_FORBIDDEN = forbid(merge_counts, WordCounts.from_pairs, WordCounts.from_words, WordCounts.from_texts)
#: What finds a part's end for the learner: section 2's ``split_file`` (named just after the exercise) and its helper.
CUT_FORBIDDEN = forbid(split_file, _next_boundary)


def _fresh_text(exercise: str) -> str:
    """A few lines whose words come back later in another order, with accents (two-byte characters in UTF-8)."""
    rng = fresh_rng(exercise)
    words = ["the", "pug", "hugs", "a", "bun", "pun", "café", "crème", "naïve", ",", "!", "zèbre", "rum"]
    lines = [" ".join(rng.choice(words) for _ in range(rng.randint(2, 7))) for _ in range(8)]
    return "\n".join(lines) + "\n"


def fresh_parts(exercise: str = "merge_in_order") -> tuple[str, list[str]]:
    """A text the notebook never shows, and its parts (cut at line ends): what ``check_merge_in_order`` merges.

    >>> text, parts = fresh_parts()
    >>> "".join(parts) == text, len(parts)
    (True, 3)
    """
    lines = _fresh_text(exercise).splitlines(keepends=True)
    return "".join(lines), ["".join(lines[:3]), "".join(lines[3:6]), "".join(lines[6:])]


# ---------------------------------------------------------------- exercise: where may a part end?


@WORKBOOK.check("cut")
def check_cut(cut: Callable[[bytes, int], int]) -> None:
    """Check a learner's ``cut(data, position)``: the first place at or after ``position`` where a part may end.

    Every position of fresh data is tried, once with a newline at the end of
    the data and once without (the last line of a file often has none).
    """
    __tracebackhide__ = True  # pytest shows the learner's line, not ours
    text = _fresh_text("cut").encode()
    for data in (text, text.rstrip(b"\n")):
        _check_cut_positions(cut, data)


def _check_cut_positions(cut: Callable[[bytes, int], int], data: bytes) -> None:
    __tracebackhide__ = True  # pytest shows the learner's line, not ours
    for position in range(len(data) + 1):
        got = call(cut, data, position, name="cut", exercise="cutting a file into parts", forbidden=CUT_FORBIDDEN)
        if isinstance(got, bool) or not isinstance(got, int):
            raise AssertionError(f"cut should return a position (an int), got {type(got).__name__}: {got!r}")
        if got < position:
            raise AssertionError(f"cut(data, {position}) returned {got}: a part may only end at or after {position}")
        if got > len(data):
            raise AssertionError(f"cut(data, {position}) returned {got}, past the end of the data ({len(data)} bytes)")
        if not (got in (0, len(data)) or data[got - 1 : got] == b"\n"):
            before, after = data[:got], data[got:]
            if _cuts_a_character(before):
                problem = "it cuts a UTF-8 character in two (é takes two bytes), so neither part decodes"
            elif after[:1] == b"\n":
                problem = (
                    "that is the newline itself, so the line end would open the next part; a part ends just AFTER "
                    "a newline (a cut is where the next part starts)"
                )
            elif before[-1:].isspace() or after[:1].isspace():
                problem = (
                    "it is not at a line end; a space is safe for the words, but the parts should end at line "
                    "ends (a line is the unit the readers and the counters agree on)"
                )
            else:
                word = before.rsplit(maxsplit=1)[-1] + after.split(maxsplit=1)[0]
                problem = f"it cuts the word {word.decode(errors='replace')!r} in two, so both halves would be counted"
            raise AssertionError(f"cut(data, {position}) returned {got}: {problem}")
        safe = [end for end in range(position, got) if end == 0 or data[end - 1 : end] == b"\n"]
        if safe:
            where = "the start of the data" if safe[0] == 0 else "an earlier line end"
            raise AssertionError(
                f"cut(data, {position}) returned {got}, a line end, but {where} is also at or after "
                f"{position}: parts should come as close to the size asked for as they can"
            )


def _cuts_a_character(before: bytes) -> bool:
    try:
        before.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return False


# ---------------------------------------------------------------- exercise: merge in order


@WORKBOOK.check("merge_in_order")
def check_merge_in_order(merge: Callable[[list[dict[str, int]]], Mapping[str, int]]) -> None:
    """Check a learner's ``merge(parts)``: the counts of consecutive parts added up, in first-seen order."""
    __tracebackhide__ = True  # pytest shows the learner's line, not ours
    text, parts = fresh_parts()
    partials = [dict(WordCounts.from_texts([part])) for part in parts]
    originals = [dict(partial) for partial in partials]
    merged = call(merge, partials, name="merge_in_order", exercise="merging counts in order", forbidden=MERGE_FORBIDDEN)
    if partials != originals:
        raise AssertionError(
            "merge_in_order changed the parts it was given (a part's counts may still be needed, e.g. to retry "
            "a failed merge): build a new dict instead of adding into one of the parts"
        )
    in_container(merged, dict, "what merge_in_order returned", "word -> count")
    whole = dict(WordCounts.from_texts([text]))
    for word, count in whole.items():
        got = merged.get(word)
        if got is None:
            raise AssertionError(
                f"{word!r} is missing from your merge: a word seen in only one of the parts must be kept too"
            )
        if got != count:
            raise AssertionError(
                f"your count of {word!r} is {short_repr(got)}, not what the whole text says: every part's count "
                "of a word must be added up"
            )
    extra = [word for word in merged if word not in whole]
    if extra:
        raise AssertionError(f"{extra[0]!r} is not a word of the text, but your merge has it")
    if list(merged) != list(whole):
        raise AssertionError(
            "The counts are right but not their order. The first-seen order is what the 'first' tie-break "
            "reads, so sorting (or any other reordering) can change the vocab: a word must stay where a single "
            "reader of the whole text would first meet it."
        )


# ---------------------------------------------------------------- exercise: what a big corpus costs


def expected_hours(size_gb: float, mb_per_second_per_core: float, cores: int, efficiency: float) -> float:
    """Hours to count ``size_gb`` on ``cores`` cores that each count ``mb_per_second_per_core``.

    ``efficiency`` is the share of the ideal speed-up the cores reach together.

    >>> round(expected_hours(20, 10.0, 8, 0.9), 3)
    0.077
    """
    return size_gb * 1000 / (mb_per_second_per_core * cores * efficiency) / 3600


@WORKBOOK.check("hours")
def check_hours(hours: Any, size_gb: float, mb_per_second_per_core: float, cores: int, efficiency: float) -> None:
    """Check a learner's estimate of the hours counting takes (within 2%)."""
    __tracebackhide__ = True  # pytest shows the learner's line, not ours
    answer = require(hours, "the estimate in hours")
    if isinstance(answer, bool) or not isinstance(answer, Real) or not math.isfinite(answer) or answer <= 0:
        raise AssertionError(f"hours should be a positive number, got {short_repr(answer)}")
    right = expected_hours(size_gb, mb_per_second_per_core, cores, efficiency)
    if math.isclose(answer, right, rel_tol=0.02):
        return
    ratio = answer / right
    if any(answer == round(right, digits) for digits in (1, 2)):
        raise AssertionError(
            f"{answer:.4g} hours is not it: it is rounded too far; keep three significant digits or more"
        )
    slips = [
        (3600, "it looks like seconds, not hours (an hour has 3,600 of them)"),
        (60, "it looks like minutes, not hours"),
        (1000, "check the units: the throughput is in MB per second and 1 GB is 1,000 MB"),
        (1 / 1000, "check the units: the throughput is in MB per second and 1 GB is 1,000 MB"),
        (1.024, "a GB here is 1,000 MB, as disks and the notebook's sizes count them (1,024 is the binary GiB)"),
        (cores, f"it looks like one core's time: the {cores} cores count at the same time"),
        (cores * efficiency, f"it looks like one core's time: the {cores} cores count at the same time"),
        (1 / efficiency, "the efficiency is counted twice: the cores' speed is multiplied by it once"),
        (efficiency, "the efficiency is missing: the cores together reach only part of the ideal speed-up"),
        (efficiency**2, "the efficiency works the wrong way: it lowers the cores' speed, so the time grows"),
    ]
    for factor, slip in slips:
        if math.isclose(ratio, factor, rel_tol=0.03):
            raise AssertionError(f"{answer:.4g} hours is not it: {slip}")
    raise AssertionError(
        f"{answer:.4g} hours is not it: the corpus is {size_gb} GB, each core counts {mb_per_second_per_core:.3g} "
        f"MB per second, and {cores} cores work together at {efficiency:.0%} of the ideal speed-up"
    )


#: The machine and the corpus of *Your turn 3* in the course (a graded release gives each student their own).
HOURS_COURSE = {"size_gb": 20, "mb_per_second_per_core": 12.5, "cores": 8, "efficiency": 0.9}


@WORKBOOK.variants("hours", course=dict(HOURS_COURSE))
def hours_variant(rng: random.Random) -> dict[str, Any]:
    """A corpus of 10 to 40 GB, a core of 6.5 to 25 MB/s, 4 to 16 cores, an efficiency of 0.80 to 0.95.

    Each figure within a factor of two of the course's (20 GB, 12.5 MB/s, 8
    cores, 0.9); the hours spread over a factor of about 30, so two students'
    estimates rarely agree within the check's 2%. A variant is never the
    course's own machine.

    >>> machine = hours_variant(random.Random(7))
    >>> 10 <= machine["size_gb"] <= 40 and machine["cores"] in (4, 6, 8, 10, 12, 16)
    True
    """
    while True:
        made = {
            "size_gb": rng.randrange(10, 41),
            "mb_per_second_per_core": rng.randrange(13, 51) / 2,
            "cores": rng.choice((4, 6, 8, 10, 12, 16)),
            "efficiency": rng.randrange(80, 96) / 100,
        }
        if made != HOURS_COURSE:
            return made


__all__ = [
    "HOURS_COURSE",
    "WORKBOOK",
    "check_cut",
    "check_hours",
    "check_merge_in_order",
    "expected_hours",
    "fresh_parts",
    "hours_variant",
    "progress",
    "show_answer",
]
