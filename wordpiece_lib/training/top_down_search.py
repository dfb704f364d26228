"""The top-down learner's threshold search, and ``learn`` with TensorFlow Text's signature.

Every threshold gives a vocab (:func:`wordpiece_lib.training.top_down.learn_with_threshold`,
or :class:`~wordpiece_lib.training.fast_top_down.FastTopDown` for the same tokens,
faster); a higher threshold keeps fewer tokens. :func:`search_threshold`
bisects between bounds taken from the word counts until the vocab is just
under ``vocab_size`` (within ``slack_ratio``), exactly as TensorFlow Text
does, and :func:`train_top_down` records every threshold it tried.

>>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> learn(counts, vocab_size=20, reserved_tokens=["[UNK]"], lower_thresh=1)
['[UNK]', 'b', 'g', 'h', 'n', 'p', 's', 'u', 'pun', 'hug', 'hugs', 'pug', '##b', '##g', '##h', '##n', '##p', '##s', '##u']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .._validate import check_choice, check_int, check_str_list
from ..counting.word_counts import WordCounts, as_word_counts
from ..model.vocab import UNK_TOKEN, Vocab
from .fast_top_down import FastTopDown
from .hf_options import check_initial_alphabet, check_min_frequency
from .top_down import (
    JOINER,
    LOWER_THRESH,
    MAX_INPUT_TOKENS,
    MAX_TOKEN_LENGTH,
    MAX_UNIQUE_CHARS,
    NUM_ITERATIONS,
    SLACK_RATIO,
    UPPER_THRESH,
    WordCountPairs,
    check_joiner,
    check_no_word_starts_with_joiner,
    check_slack_ratio,
    learn_with_threshold,
    prepare_words,
    threshold_bounds,
)


@dataclass(frozen=True)
class SearchStep:
    """One threshold the binary search tried, in the range ``[lower, upper]``."""

    lower: int
    upper: int
    threshold: int
    vocab_size: int


@dataclass
class TopDownResult:
    """What :func:`train_top_down` found: the vocab and how the search got there.

    >>> result = train_top_down({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 20, ["[UNK]"], lower_thresh=1)
    >>> result.threshold, len(result.tokens), [step.threshold for step in result.steps]
    (5, 19, [8, 5])
    """

    tokens: list[str]
    threshold: int
    steps: list[SearchStep]
    stop_reason: str
    words: WordCountPairs = field(repr=False)
    reserved_tokens: list[str] = field(default_factory=list)

    def vocab(self, unk_token: str = UNK_TOKEN) -> Vocab:
        """The learned tokens as a ``Vocab`` (needs the unknown token among them)."""
        return Vocab(self.tokens, unk_token=unk_token, special_tokens=list(dict.fromkeys(self.reserved_tokens)))


def search_threshold(
    learn_at: Callable[[int], list[str]],
    vocab_size: int,
    lower: int,
    upper: int,
    slack_ratio: float = SLACK_RATIO,
    floor: int = 0,
) -> tuple[list[str], list[SearchStep], str]:
    """Binary search for a threshold whose vocab has about ``vocab_size`` tokens.

    Tries ``(lower + upper) // 2`` (never below ``floor``: a threshold under
    it is raised to it). Stops when the vocab is no larger than
    ``vocab_size`` and at most ``slack_ratio * vocab_size`` smaller, or when
    the range is used up (``lower >= upper``), or when the threshold is 1 or
    less. Otherwise a too-large vocab moves ``lower`` above the threshold and
    a too-small one moves ``upper`` below it. The last vocab tried is returned
    (it can be larger than ``vocab_size``).

    >>> sizes = {threshold: 100 - 2 * threshold for threshold in range(60)}
    >>> tokens, steps, reason = search_threshold(lambda t: ["x"] * sizes[t], 80, 1, 40)
    >>> [(s.threshold, s.vocab_size) for s in steps], reason
    ([(20, 60), (10, 80)], 'within slack')
    """
    check_int(vocab_size, "vocab_size", minimum=1)
    slack = check_slack_ratio(slack_ratio) * vocab_size
    slack = max(slack, 0)
    steps: list[SearchStep] = []
    while True:
        threshold = max((lower + upper) // 2, floor)
        tokens = learn_at(threshold)
        steps.append(SearchStep(lower, upper, threshold, len(tokens)))
        if len(tokens) <= vocab_size and vocab_size - len(tokens) <= slack:
            return tokens, steps, "within slack"
        if lower >= upper:
            return tokens, steps, "search range used up"
        if threshold <= 1:
            return tokens, steps, "threshold reached 1"
        if len(tokens) > vocab_size:
            lower = threshold + 1
        else:
            upper = threshold - 1


def train_top_down(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    reserved_tokens: Iterable[str],
    upper_thresh: int | None = UPPER_THRESH,
    lower_thresh: int | None = LOWER_THRESH,
    num_iterations: int = NUM_ITERATIONS,
    max_input_tokens: int | None = MAX_INPUT_TOKENS,
    max_token_length: int = MAX_TOKEN_LENGTH,
    max_unique_chars: int = MAX_UNIQUE_CHARS,
    slack_ratio: float = SLACK_RATIO,
    include_joiner_token: bool = True,
    joiner: str = JOINER,
    *,
    method: str = "fast",
    min_frequency: int = 0,
    initial_alphabet: Iterable[str] = (),
) -> TopDownResult:
    """:func:`learn`, returning the search's steps too (see :class:`TopDownResult`).

    ``method="readable"`` runs the step functions of this module for every
    threshold (slow, same vocab); ``"fast"`` uses :class:`FastTopDown`.

    Two of Hugging Face's trainer options apply here, with its meanings
    (``hf_options.py``): no token is learned from fewer than
    ``min_frequency`` occurrences (no threshold below it is tried, which
    also raises the search's lower bound), and the characters of
    ``initial_alphabet`` are in the vocab (bare and with the joiner) even if
    no word holds them; they take the first places among the
    ``max_unique_chars``. Hugging Face's third option, ``limit_alphabet``,
    *is* TensorFlow Text's ``max_unique_chars`` (the most frequent
    characters, counted with the words' counts; words with others are left
    out; ties to the smaller code point).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> fast = train_top_down(corpus, 20, ["[UNK]"], lower_thresh=1)
    >>> fast.tokens == train_top_down(corpus, 20, ["[UNK]"], lower_thresh=1, method="readable").tokens
    True
    """
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    reserved = check_str_list(reserved_tokens, "reserved_tokens")
    check_int(num_iterations, "num_iterations", minimum=0)
    check_slack_ratio(slack_ratio)
    check_joiner(joiner, include_joiner_token)
    check_choice(method, "method", ("fast", "readable"))
    floor = check_min_frequency(min_frequency)
    initial = check_initial_alphabet(initial_alphabet)
    lower, upper = threshold_bounds(counts, upper_thresh, lower_thresh)
    if floor > lower:
        # min_frequency (ours, not TensorFlow Text's) lifts the range. Otherwise the bounds stay TensorFlow Text's,
        # even a lower_thresh above every count: it then tries the middle of the crossed range once and stops.
        lower = floor
        upper = max(upper, lower)
    words = prepare_words(
        counts,
        reserved,
        max_token_length=max_token_length,
        max_unique_chars=max_unique_chars,
        max_input_tokens=max_input_tokens,
        first_characters=initial,
    )
    extra = sorted(initial)[:max_unique_chars]
    options = {
        "num_iterations": num_iterations,
        "joiner": joiner,
        "include_joiner_token": include_joiner_token,
        "extra_characters": extra,
    }
    if method == "fast":
        learner = FastTopDown._from_checked(words, reserved, num_iterations, joiner, include_joiner_token, extra)
        learn_at = learner.learn_with_threshold
    else:
        prepared = WordCounts.from_pairs(words)
        check_no_word_starts_with_joiner(prepared, joiner, include_joiner_token)

        def learn_at(threshold: int) -> list[str]:
            return learn_with_threshold(prepared, threshold, reserved, **options)

    tokens, steps, reason = search_threshold(learn_at, vocab_size, lower, upper, slack_ratio, floor)
    return TopDownResult(tokens, steps[-1].threshold, steps, reason, words, reserved)


def learn(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    reserved_tokens: Iterable[str],
    *args: Any,
    **kwargs: Any,
) -> list[str]:
    """TensorFlow Text's ``learn``: same parameters, defaults and vocab, much faster.

    The parameters after ``reserved_tokens`` are TensorFlow Text's, in its
    order (``upper_thresh``, ``lower_thresh``, ``num_iterations``, ...); see
    :func:`train_top_down`. Returns the tokens in vocab order: reserved tokens, single characters,
    then learned tokens by count. Repeated ``(word, count)`` pairs are added
    up first, and ``max_input_tokens=None`` means no limit (as ``-1``).

    >>> learn({"hug": 10, "hugs": 5, "bugs": 5}, 14, ["[UNK]"], lower_thresh=1)
    ['[UNK]', 'b', 'g', 'h', 's', 'u', 'hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
    """
    return train_top_down(word_counts, vocab_size, reserved_tokens, *args, **kwargs).tokens


# TensorFlow Text's parameters, in its order, after the first three (the keyword-only ones are ours alone).
learn.__signature__ = inspect.signature(train_top_down).replace(  # type: ignore[attr-defined]
    parameters=[
        p for p in inspect.signature(train_top_down).parameters.values() if p.kind is not inspect.Parameter.KEYWORD_ONLY
    ],
    return_annotation="list[str]",
)


__all__ = ["SearchStep", "TopDownResult", "learn", "search_threshold", "train_top_down"]
