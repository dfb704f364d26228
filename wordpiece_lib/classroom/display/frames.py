"""The core's results as pandas DataFrames, for the notebooks' tables.

The library hands out plain Python objects (a ``WordCounts``, a ``Trace``,
``Candidate`` lists); a notebook shows them as tables. Every function here
makes one such table and nothing else, so pandas stays out of the core.

>>> from wordpiece_lib import WordCounts
>>> word_counts_frame(WordCounts.from_words("b a a b c".split()))["count"].tolist()
[2, 2, 1]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordpiece_lib._validate import check_instance
from wordpiece_lib.counting import WordCounts
from wordpiece_lib.training import Splits, TopDownResult, Trace, rank_candidates, score_pairs

#: The columns of ``score_table``, in order.
SCORE_COLUMNS = ["left", "right", "pair_count", "left_count", "right_count", "score", "score_float"]
#: The columns of ``trace_frame``, in order.
TRACE_COLUMNS = [
    "step",
    "left",
    "right",
    "new_token",
    "pair_count",
    "left_count",
    "right_count",
    "score",
    "score_float",
    "vocab_size",
]


def word_counts_frame(counts: WordCounts) -> Any:
    """The counts as a DataFrame (columns ``word``, ``count``), in first-seen order.

    >>> word_counts_frame(WordCounts.from_pairs([("hug", 10), ("pug", 5)])).values.tolist()
    [['hug', 10], ['pug', 5]]
    """
    import pandas as pd

    check_instance(counts, "counts", WordCounts)
    return pd.DataFrame(list(counts.items()), columns=["word", "count"])


def score_table(
    splits: Splits,
    word_counts: Mapping[str, int],
    criterion: str = "wordpiece",
    tie_break: str = "first",
) -> Any:
    """Every candidate pair as a DataFrame, best first (columns ``SCORE_COLUMNS``; ``score`` is an exact ``Fraction``).

    >>> table = score_table({"hug": ["h", "##u", "##g"], "gs": ["g", "##s"]}, {"hug": 10, "gs": 5})
    >>> table.iloc[0][["left", "right", "score"]].tolist()
    ['g', '##s', Fraction(1, 5)]
    """
    import pandas as pd

    ranked = rank_candidates(score_pairs(splits, word_counts, criterion), tie_break)
    rows = [(c.pair[0], c.pair[1], c.pair_count, c.left_count, c.right_count, c.score, c.score_float) for c in ranked]
    return pd.DataFrame(rows, columns=SCORE_COLUMNS)


def trace_frame(trace: Trace) -> Any:
    """One row per merge of ``trace``: number, pair, new token, counts, score and vocab size.

    >>> from wordpiece_lib import train_bottom_up
    >>> from wordpiece_lib.data import datasets
    >>> trace_frame(train_bottom_up(datasets.hug_pug_counts(), 9, special_tokens=["[UNK]"]))[["left", "right", "score"]].values.tolist()
    [['##g', '##s', Fraction(1, 20)]]
    """
    import pandas as pd

    check_instance(trace, "trace", Trace)
    rows = [
        (
            s.number,
            s.pair[0],
            s.pair[1],
            s.new_token,
            s.pair_count,
            s.left_count,
            s.right_count,
            s.score,
            s.score_float,
            s.vocab_size,
        )
        for s in trace.steps
    ]
    return pd.DataFrame(rows, columns=TRACE_COLUMNS)


def search_frame(result: TopDownResult) -> Any:
    """One row per threshold the top-down search tried: ``lower``, ``upper``, ``threshold``, ``vocab_size``.

    >>> from wordpiece_lib import train_top_down
    >>> result = train_top_down({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 20, ["[UNK]"], lower_thresh=1)
    >>> search_frame(result).columns.tolist()
    ['lower', 'upper', 'threshold', 'vocab_size']
    """
    import pandas as pd

    check_instance(result, "result", TopDownResult)
    rows = [(s.lower, s.upper, s.threshold, s.vocab_size) for s in result.steps]
    return pd.DataFrame(rows, columns=["lower", "upper", "threshold", "vocab_size"])


__all__ = ["SCORE_COLUMNS", "TRACE_COLUMNS", "score_table", "search_frame", "trace_frame", "word_counts_frame"]
