"""Notebook 11 · big corpora: where to cut a file, merging counts in order, the hours a count takes."""

from __future__ import annotations

import io
import os

from wordpiece_lib import WordCounts
from wordpiece_lib.classroom.big_corpora import checks as corpora_checks
from wordpiece_lib.counting import merge_counts, read_blocks, split_file

from .nb01 import count_characters
from .rows import Case, Wrong, copied, library, slip

#: One core's counting speed, MB per second: Your turn 3 gives it (a measured one would differ on every run).
MB_PER_SECOND = 12.5


def cut_after(mark, *, from_the_byte_before=True, zero_kept=True):
    """Where a part ending near ``position`` ends: just after the first ``mark`` from the byte before ``position``.

    The right answer, and three slips of it: looking from ``position`` itself, another mark, 0 not kept.
    """

    def cut(data, position):
        if zero_kept and position == 0:
            return 0
        found = data.find(mark, position - 1 if from_the_byte_before else position)
        return len(data) if found == -1 else found + 1

    return cut


cut = cut_after(b"\n")
#: Looks from ``position`` on, so a newline just before it (a line end at ``position``) is missed.
cut_after_the_next_newline = cut_after(b"\n", from_the_byte_before=False)
cut_at_a_space = cut_after(b" ")
#: No special case for 0: find from -1 looks at the last byte only.
cut_without_the_start = cut_after(b"\n", zero_kept=False)


def cut_anywhere(data, position):
    return position


def cut_without_the_end(data, position):
    """Forgets that find gives -1 when no newline is left."""
    return 0 if position == 0 else data.find(b"\n", position - 1) + 1


def cut_through_split_file(data, position):
    """Section 2's split_file, under another name, asked where the first part of the data ends."""
    import tempfile

    if position <= 0:
        return 0
    if position >= len(data):
        return len(data)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "data.bin")
        with open(path, "wb") as stream:
            stream.write(data)
        parts = sf(path, position)
        return parts[0].end if parts[0].end is not None else len(data)


sf = split_file  # the alias a learner gave it


def cut_by_reading_a_block(data, position):
    """Section 2's worked read_blocks, its first block's length taken as the cut."""
    if position == 0:
        return 0
    return len(next(read_blocks(io.BytesIO(data), block_bytes=position), b""))


def merge_through_word_counts(parts):
    """WordCounts.from_pairs adds the counts up, in first-seen order: the library merges for the learner."""
    return dict(WordCounts.from_pairs([pair for part in parts for pair in part.items()]))


def added_up(total, parts):
    """Every part's counts added into ``total``, part after part."""
    for part in parts:
        for word, count in part.items():
            total[word] = total.get(word, 0) + count
    return total


def merge_in_order(parts):
    return added_up({}, parts)


def merge_into_the_first_part(parts):
    return added_up(parts[0], parts[1:])


def merge_through_a_set(parts):
    return {word: sum(part.get(word, 0) for part in parts) for word in set().union(*parts)}


def merge_last_count_wins(parts):
    total = {}
    for part in parts:
        total.update(part)
    return total


def merge_newest_part_first(parts):
    return merge_in_order(list(reversed(parts)))


#: Notebook 01's worked count (one more for each item), run over the parts: a word counts once per part.
merge_like_notebook_01s_count = count_characters


def cases() -> list[Case]:
    right_hours = 20 * 1000 / (MB_PER_SECOND * 8 * 0.9) / 3600  # 90 MB/s for the machine; 20,000 MB
    return [
        Case(
            "cut",
            corpora_checks.check_cut,
            right=(cut,),
            wrongs=(
                slip("no search: the position itself", cut_anywhere),
                slip("a line end at the position missed", cut_after_the_next_newline),
                slip("no newline left: -1 + 1", cut_without_the_end),
                slip("at a space", cut_at_a_space),
                slip("0 not kept", cut_without_the_start),
                copied("section 2's read_blocks, its first block's length", cut_by_reading_a_block),
                library("split_file under an alias", cut_through_split_file),
            ),
        ),
        Case(
            "merge_in_order",
            corpora_checks.check_merge_in_order,
            right=(merge_in_order,),
            wrongs=(
                slip("sorted", lambda parts: dict(sorted(merge_in_order(parts).items()))),
                slip("adds into the first part", merge_into_the_first_part),
                slip("words gathered in a set", merge_through_a_set),
                slip("the last count wins", merge_last_count_wins),
                slip("the newest part first", merge_newest_part_first),
                library("merge_counts", merge_counts),
                library("WordCounts.from_pairs adds them up", merge_through_word_counts),
                copied(
                    "notebook 01's worked count, run over the parts (each word once per part)",
                    merge_like_notebook_01s_count,
                ),
            ),
        ),
        Case(
            "hours",
            corpora_checks.check_hours,
            right=(right_hours,),
            options={"size_gb": 20, "mb_per_second_per_core": MB_PER_SECOND, "cores": 8, "efficiency": 0.9},
            wrongs=(
                slip("seconds", right_hours * 3600),
                slip("minutes", right_hours * 60),
                slip("one core", right_hours * 8),
                slip("the efficiency divided the wrong way", 20 * 1000 * 0.9 / (MB_PER_SECOND * 8) / 3600),
                slip("1 GB taken as 1,024 MB", right_hours * 1.024),
                slip("the efficiency left out", 20 * 1000 / (MB_PER_SECOND * 8) / 3600),
                slip("rounded to two decimals", round(right_hours, 2)),
                copied(
                    "section 5's one-process speed, scaled to 20 GB (no cores, no efficiency)",
                    20 * 1000 / MB_PER_SECOND / 3600,
                ),
            ),
            secrets=(f"{right_hours:.3g}", f"{right_hours:.4g}"),
        ),
    ]


# ---- Issue 40: the course's container rule (kept apart from the rows above, so that other tables' additions merge
# ---- cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    def merged_as_pairs(parts):
        total = {}
        for part in parts:
            for word, count in part.items():
                total[word] = total.get(word, 0) + count
        return list(total.items())

    return {"merge_in_order": (slip("the counts as a list of (word, count)", merged_as_pairs),)}
