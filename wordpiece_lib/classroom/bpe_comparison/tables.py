"""Tables for notebook 06: the four {WordPiece, BPE} x {longest match, merge replay} tokenizers side by side.

Each table is a pandas DataFrame built from two finished ``Trace`` objects
(see :mod:`wordpiece_lib.analysis.segmentation` for the tokenizers and the metrics).

The columns of the wide tables name the combinations like this:

>>> [f"{trainer} / {encoder}" for trainer in TRAINERS for encoder in ENCODERS][:2]
['WordPiece score / longest match', 'WordPiece score / merge replay']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from wordpiece_lib._validate import check_int, check_sequence, check_str, check_str_list
from wordpiece_lib.analysis import (
    ENCODERS,
    TRAINERS,
    combinations,
    longest_match_encoder,
    measure,
    merge_replay_encoder,
)
from wordpiece_lib.analysis.segmentation import check_traces
from wordpiece_lib.counting import WordCounts
from wordpiece_lib.model import UNK_TOKEN
from wordpiece_lib.training import Trace


def compare_combinations(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    vocab_size: int | None = None,
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """One row per combination: trainer, encoder, vocab size and every rate, measured on ``word_counts``.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> compare_combinations(wp, bpe, {"pugs": 1, "mug": 1})[["trainer", "encoder", "vocab_size", "fertility"]]
               trainer        encoder  vocab_size  fertility
    0  WordPiece score  longest match          17        1.5
    1  WordPiece score   merge replay          17        2.5
    2        BPE count  longest match          15        1.5
    3        BPE count   merge replay          15        2.0
    """
    import pandas as pd

    rows = []
    for (trainer, encoder), encode in combinations(wordpiece, bpe, vocab_size, unk_token=unk_token).items():
        trace = wordpiece if trainer == TRAINERS[0] else bpe
        size = len(trace.tokens(trace.steps_for_size(vocab_size)))
        metrics = measure(encode, word_counts, unk_token=unk_token)
        rows.append({"trainer": trainer, "encoder": encoder, "vocab_size": size, **metrics.as_dict()})
    return pd.DataFrame(rows)


def combination_fertility_table(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    sizes: Sequence[int | None],
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """Fertility of the four combinations at each size: one row per size, one column per combination.

    ``None`` in ``sizes`` means each trainer's full vocab (its row is labelled ``"max"``).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> table = combination_fertility_table(wp, bpe, {"pugs": 1, "mug": 1}, [10, None])
    >>> table.index.tolist(), table["WordPiece score / merge replay"].tolist()
    ([10, 'max (17 and 15)'], [3.0, 2.5])
    """
    import pandas as pd

    check_traces(wordpiece, bpe)
    rows = {}
    for size in check_sequence(sizes, "sizes"):
        frame = compare_combinations(wordpiece, bpe, word_counts, size, unk_token=unk_token)
        label = size if size is not None else f"max ({len(wordpiece.tokens())} and {len(bpe.tokens())})"
        rows[label] = {f"{row.trainer} / {row.encoder}": row.fertility for row in frame.itertuples()}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "vocab size"
    return table


def combination_fertility_points(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    sizes: Iterable[int],
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """Fertility of the four combinations at each size, one row per (size, combination), for plotting.

    A size a trainer does not reach is left out for it; each trainer's full
    vocab is always added (its largest size).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> frame = combination_fertility_points(wp, bpe, {"pugs": 1}, [10, 16])
    >>> frame[frame.encoder == "longest match"][["trainer", "vocab_size", "fertility"]].values.tolist()
    [['WordPiece score', 10, 3.0], ['WordPiece score', 16, 2.0], ['WordPiece score', 17, 2.0], ['BPE count', 10, 3.0], ['BPE count', 15, 2.0]]
    """
    import pandas as pd

    check_traces(wordpiece, bpe)
    wanted = sorted({check_int(size, "sizes[...]", minimum=1) for size in check_sequence(sizes, "sizes")})
    rows = []
    for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
        start, final = len(trace.tokens(0)), len(trace.tokens())
        for size in sorted({*(size for size in wanted if start <= size <= final), final}):
            steps = trace.steps_for_size(size)
            encoders = (
                longest_match_encoder(trace, steps, unk_token=unk_token),
                merge_replay_encoder(trace, steps, unk_token=unk_token),
            )
            for encoder, encode in zip(ENCODERS, encoders, strict=True):
                metrics = measure(encode, word_counts, unk_token=unk_token)
                rows.append(
                    {"trainer": trainer, "encoder": encoder, "vocab_size": size, "fertility": metrics.fertility}
                )
    return pd.DataFrame(rows, columns=["trainer", "encoder", "vocab_size", "fertility"])


def first_merges_frame(wordpiece: Trace, bpe: Trace, count: int = 30) -> Any:
    """The first ``count`` merges of both traces side by side (new token and its pair count).

    ``in both`` marks a token that the other trainer also learns within its first ``count`` merges.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 12, special_tokens=[])
    >>> bpe = train_fast(corpus, 12, special_tokens=[], criterion="bpe")
    >>> first_merges_frame(wp, bpe, 3)
       step WordPiece  WP count  WP in both   BPE  BPE count  BPE in both
    0     1      ##gs         5       False  ##ug         20        False
    1     2        hu        15       False  ##un         16        False
    2     3      hugs         5       False   hug         15        False
    """
    import pandas as pd

    check_traces(wordpiece, bpe)
    check_int(count, "count", minimum=1)
    wp_steps, bpe_steps = wordpiece.steps[:count], bpe.steps[:count]
    wp_tokens = {step.new_token for step in wp_steps}
    bpe_tokens = {step.new_token for step in bpe_steps}
    rows = []
    for index in range(max(len(wp_steps), len(bpe_steps))):
        wp_step = wp_steps[index] if index < len(wp_steps) else None
        bpe_step = bpe_steps[index] if index < len(bpe_steps) else None
        rows.append(
            {
                "step": index + 1,
                "WordPiece": wp_step.new_token if wp_step else "",
                "WP count": wp_step.pair_count if wp_step else 0,
                "WP in both": bool(wp_step) and wp_step.new_token in bpe_tokens,
                "BPE": bpe_step.new_token if bpe_step else "",
                "BPE count": bpe_step.pair_count if bpe_step else 0,
                "BPE in both": bool(bpe_step) and bpe_step.new_token in wp_tokens,
            }
        )
    return pd.DataFrame(rows)


def segmentation_frame(
    wordpiece: Trace, bpe: Trace, words: Iterable[str], vocab_size: int | None = None, *, steps: int | None = None
) -> Any:
    """The tokens of each word under the four combinations (one row per word).

    ``steps`` cuts both traces to that many merges instead of a vocab size
    (a trace with fewer merges is taken whole).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> segmentation_frame(wp, bpe, ["pugs"]).loc["pugs"].tolist()
    ['pug ##s', 'pu ##gs', 'pug ##s', 'pug ##s']
    """
    import pandas as pd

    check_traces(wordpiece, bpe)
    words = check_str_list(words, "words")
    if steps is not None and vocab_size is not None:
        raise ValueError("give vocab_size or steps, not both")
    if steps is None:
        encoders = combinations(wordpiece, bpe, vocab_size)
    else:
        check_int(steps, "steps", minimum=0)
        encoders = {}
        for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
            cut = min(steps, len(trace.steps))
            encoders[(trainer, ENCODERS[0])] = longest_match_encoder(trace, cut)
            encoders[(trainer, ENCODERS[1])] = merge_replay_encoder(trace, cut)
    chosen = [check_str(word, "words[...]", allow_empty=False) for word in words]
    data = {
        f"{trainer} / {encoder}": [" ".join(encode(word)) for word in chosen]
        for (trainer, encoder), encode in encoders.items()
    }
    frame = pd.DataFrame(data, index=chosen)
    frame.index.name = "word"
    return frame


__all__ = [
    "combination_fertility_points",
    "combination_fertility_table",
    "compare_combinations",
    "first_merges_frame",
    "segmentation_frame",
]
