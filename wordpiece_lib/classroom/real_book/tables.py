"""Tables for notebook 07 (a real book): tokens per word by vocab size, words touched per merge.

Both read a finished ``Trace``: its first merges are the vocab of every
smaller size, so one training run gives them all.

>>> from wordpiece_lib import train_bottom_up
>>> from wordpiece_lib.data import datasets
>>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
>>> words_touched_per_merge(trace)[:3]  # ('##g', '##s') is in hugs only; ('h', '##u') in hug and hugs
[1, 2, 1]
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from wordpiece_lib._validate import check_instance, check_sequence
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import encode_word, split_word
from wordpiece_lib.training import Trace, merge_in_pieces

SIZE_COLUMN = "vocab size"


def text_fertility_table(trace: Trace, texts: Mapping[str, Any], sizes: Iterable[int]) -> Any:
    """Tokens per word (longest match first) of each text, at each vocab size.

    ``texts`` maps a column name to word counts (a ``WordCounts``, a mapping
    or ``(word, count)`` pairs); a word counts as often as it occurs. A size
    beyond the end of training gives the final vocab (the ``vocab size``
    column says which size was used).

    >>> from wordpiece_lib import train_bottom_up
    >>> from wordpiece_lib.data import datasets
    >>> trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> table = text_fertility_table(trace, {"corpus": datasets.hug_pug_counts(), "new": {"bugs": 1}}, [8, 100])
    >>> table.round(3).values.tolist()  # 8 tokens: every character alone; at the end 'bugs' is 'b ##ugs'
    [[8.0, 3.139, 4.0], [17.0, 1.0, 2.0]]
    """
    import pandas as pd

    check_instance(trace, "trace", Trace)
    if not isinstance(texts, Mapping) or not texts:
        raise TypeError("texts must be a non-empty mapping: column name -> word counts")
    counted = {name: as_word_counts(words, f"texts[{name!r}]") for name, words in texts.items()}
    for name, counts in counted.items():
        if not counts.total:
            raise ValueError(f"texts[{name!r}] has no words")
    rows = []
    for size in check_sequence(sizes, "sizes"):
        vocab = set(trace.tokens(trace.steps_for_size(size)))
        row: dict[str, float] = {SIZE_COLUMN: len(vocab)}
        for name, counts in counted.items():
            pieces = sum(len(encode_word(word, vocab, prefix=trace.prefix)) * count for word, count in counts.items())
            row[name] = pieces / counts.total
        rows.append(row)
    if not rows:
        raise ValueError("sizes is empty: give at least one vocab size")
    return pd.DataFrame(rows, columns=[SIZE_COLUMN, *counted])


def words_touched_per_merge(trace: Trace) -> list[int]:
    """For every merge, how many distinct training words held the merged pair at that moment.

    Those are the only words an incremental trainer must visit; the reference
    trainer reads every word at every merge. Each word's merges are replayed
    in training order (the next merge a word saw is the first later merge whose
    pair it holds), so this needs no second training run.

    >>> from wordpiece_lib import train_bottom_up
    >>> trace = train_bottom_up({"aab": 3, "ab": 1, "aa": 2}, 100, special_tokens=[])
    >>> trace.merges, words_touched_per_merge(trace)  # ('a', '##a') is in aab and aa
    ([('a', '##a'), ('a', '##b'), ('aa', '##b')], [2, 1, 1])
    """
    check_instance(trace, "trace", Trace)
    ranks_of: dict[tuple[str, str], list[int]] = {}
    for rank, step in enumerate(trace.steps):  # a pair can be merged again once a rebuilt token meets it
        ranks_of.setdefault(step.pair, []).append(rank)
    touched = [0] * len(trace.steps)
    for word in trace.word_counts:
        pieces = split_word(word, trace.prefix, marker=trace.marker)
        last = -1
        while len(pieces) > 1:
            upcoming = []
            for pair in itertools.pairwise(pieces):
                ranks = ranks_of.get(pair, ())
                later = bisect.bisect_right(ranks, last)
                if later < len(ranks):
                    upcoming.append(ranks[later])
            if not upcoming:
                break
            last = min(upcoming)
            touched[last] += 1
            step = trace.steps[last]
            pieces = merge_in_pieces(pieces, step.pair, step.new_token)
    return touched


__all__ = ["SIZE_COLUMN", "text_fertility_table", "words_touched_per_merge"]
