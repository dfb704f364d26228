"""Checks for notebook 03's exercises: one merge by hand, the merge order, the final size.

>>> from wordpiece_lib import join_pair, merge_pair
>>> check_merge_pair(lambda splits, pair: merge_pair(splits, pair, join_pair(*pair)))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from wordpiece_lib.bottom_up import merge_pair, train_bottom_up
from wordpiece_lib.classroom.exercise import as_list, call, require
from wordpiece_lib.pieces import DEFAULT_PREFIX, join_pair
from wordpiece_lib.scores import score_pairs
from wordpiece_lib.trace import Trace


def check_merge_pair(function: Callable[[Mapping[str, list[str]], tuple[str, str]], Mapping[str, list[str]]]) -> None:
    """Check a function ``(splits, pair) -> new splits`` that merges one pair.

    >>> from wordpiece_lib.pieces import join_pair
    >>> check_merge_pair(lambda splits, pair: merge_pair(splits, pair, join_pair(*pair)))
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    cases = [
        ({"hugs": ["h", "##u", "##g", "##s"], "bugs": ["b", "##u", "##gs"]}, ("h", "##u")),
        ({"hugs": ["h", "##u", "##g", "##s"], "pugs": ["p", "##u", "##g", "##s"]}, ("##g", "##s")),
        ({"xaaa": ["x", "##a", "##a", "##a"]}, ("##a", "##a")),
    ]
    for splits, pair in cases:
        original = {word: list(pieces) for word, pieces in splits.items()}
        got = call(function, {w: list(p) for w, p in splits.items()}, pair, name="merge", exercise="merging a pair")
        if not isinstance(got, Mapping):
            raise AssertionError(f"merge should return a dict word -> pieces, got {type(got).__name__}")
        expected = merge_pair(original, pair, join_pair(*pair))
        for word, pieces in expected.items():
            mine = list(got.get(word, []))
            if mine == pieces:
                continue
            if word == "xaaa":
                hint = "merge from left to right and do not reuse a piece: ##a ##a ##a becomes ##aa ##a"
            elif any(DEFAULT_PREFIX in (p[2:] if p.startswith(DEFAULT_PREFIX) else p) for p in mine):
                hint = "drop the '##' of the right piece when joining: hu + ##g = hug"
            else:
                hint = f"every place where {pair[0]!r} is directly followed by {pair[1]!r} becomes one piece"
            raise AssertionError(f"merging {pair} in {word!r} {original[word]} gave {mine}; expected {pieces}: {hint}")


def check_merges(
    answer: Any,
    word_counts: Mapping[str, int],
    count: int,
    *,
    tie_break: str = "first",
    prefix: str = DEFAULT_PREFIX,
) -> None:
    """Check the first ``count`` new tokens a student predicts for a corpus.

    >>> check_merges(["##gs", "hu", "hugs"], {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    >>> check_merges(["##gs", "hu", "hug"], {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3)
    Traceback (most recent call last):
    ...
    AssertionError: Merge 3 is 'hugs' (hu + ##gs, score 1/15), not 'hug': recompute every score after each merge, the counts change
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    got = [_token_of(item, prefix) for item in as_list(require(answer, "the merge order"), "the merge order")]
    size = 10**9
    trace = train_bottom_up(word_counts, size, special_tokens=[], prefix=prefix, tie_break=tie_break)
    expected = [step.new_token for step in trace.steps[:count]]
    if len(got) != len(expected):
        raise AssertionError(f"give exactly {len(expected)} tokens, one per merge; you gave {len(got)}")
    for number, (mine, step) in enumerate(zip(got, trace.steps), start=1):
        if mine != step.new_token and step.new_token.startswith(prefix) and mine == step.new_token[len(prefix) :]:
            raise AssertionError(
                f"Merge {number} is right but written without its prefix: {mine!r} should be {step.new_token!r}. "
                f"A token made of pieces from inside a word keeps the left piece's {prefix!r}"
            )
        if mine != step.new_token:
            tied = [
                c.pair for c in score_pairs(trace.splits_at(number - 1), trace.word_counts) if c.score == step.score
            ]
            tie_note = (
                f"; {len(tied)} pairs tie at that score and the {tie_break!r} policy picks {step.pair}"
                if len(tied) > 1
                else ": recompute every score after each merge, the counts change"
            )
            raise AssertionError(
                f"Merge {number} is {step.new_token!r} ({step.pair[0]} + {step.pair[1]}, score {step.score}), "
                f"not {mine!r}{tie_note}"
            )


def _token_of(item: Any, prefix: str) -> str:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(item, str):
        return item
    if isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(part, str) for part in item):
        return join_pair(item[0], item[1], prefix)
    raise AssertionError(f"each merge should be a token like 'hu' or a pair like ('h', '##u'), got {item!r}")


def check_final_size(answer: Any, trace: Trace) -> None:
    """Check how many tokens a vocab has once training stopped.

    >>> from wordpiece_lib import train_bottom_up
    >>> trace = train_bottom_up({"hug": 1}, 100, special_tokens=["[UNK]"])
    >>> check_final_size(6, trace)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    got = require(answer, "the final vocab size")
    if isinstance(got, bool) or not isinstance(got, int):
        raise AssertionError(
            f"answer with a whole number (an int like 12, no quotes), got {type(got).__name__} {got!r}"
        )
    expected = len(trace.tokens())
    if got != expected:
        direction = "too few" if got < expected else "too many"
        raise AssertionError(
            f"{got} is {direction}. Count three parts and add them: the special tokens you passed, the alphabet "
            "(each first letter bare, each inner letter with '##', once each), and one new token per merge; "
            "training goes on until every word is a single token, so the last merges build the whole words"
        )


__all__ = ["check_final_size", "check_merge_pair", "check_merges"]
