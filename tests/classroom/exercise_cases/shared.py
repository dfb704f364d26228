"""Data more than one notebook's table uses: the course's hug/pug counts and Treasure Island's (uncased)."""

from __future__ import annotations

import functools

from wordpiece_lib import WordCounts, load_book

HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


@functools.cache
def book_counts_uncased() -> WordCounts:
    return WordCounts.from_texts(load_book("treasure-island"), lowercase=True)
