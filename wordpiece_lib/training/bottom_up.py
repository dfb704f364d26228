"""The reference bottom-up trainer: readable, one merge at a time.

Each step rebuilds the pair table from scratch (see ``scores.py``), takes the
best pair under the chosen criterion and tie-break, and merges it in every
word. That is slow on a book (the fast trainer gives the same merges), but
every step can be followed by hand. Notebook 03 builds it step by step, and
notebook 02 the pair table it reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .._validate import check_pair, check_splits, check_str
from ..counting.word_counts import WordCounts
from ..model.pieces import initial_splits, join_pair
from .plan import plan_training, stop_reason_without_pairs, takes_trainer_options
from .scores import Pair, best_candidate, rank_candidates, score_pairs
from .trace import Trace, TraceStep, replace_pair


@takes_trainer_options
def train_bottom_up(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]], vocab_size: int, **options: Any
) -> Trace:
    """Learn merges until the vocab has ``vocab_size`` tokens or no pair is left.

    ``vocab_size`` counts the special tokens, the alphabet and the learned
    tokens (a merge that makes a token already present adds nothing). The
    keyword options are those of :class:`~wordpiece_lib.training.plan.TrainerOptions`:
    ``special_tokens``, ``prefix``, ``marker``, ``tie_break`` (``"first"`` or
    ``"lexical"``), ``criterion`` (``"wordpiece"``, ``"bpe"`` or
    ``"likelihood"``), ``top_k`` (record the best ``top_k`` candidates of
    every step) and ``progress(done, planned)``, called after every merge;
    ``planned`` is the number of merges the target asks for; and Hugging
    Face's ``min_frequency``, ``limit_alphabet`` and ``initial_alphabet``
    (``hf_options.py``).

    The course chapter's hug/pug corpus merges ``##g ##s`` first at 1/20:

    >>> trace = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10, special_tokens=[])
    >>> [(step.new_token, step.score) for step in trace.steps]
    [('##gs', Fraction(1, 20)), ('hu', Fraction(1, 36)), ('hugs', Fraction(1, 15))]
    """
    plan = plan_training(word_counts, vocab_size, options)
    chosen, counts = plan.options, plan.counts
    trace = plan.new_trace()
    splits = initial_splits(counts, chosen.prefix, marker=chosen.marker)
    # The vocab so far: special tokens and the alphabet. It is a set because two different pairs can
    # join into the same token (a + bc, ab + c); the second adds nothing, so the loop counts tokens, not steps.
    known = set(trace.tokens(0))
    while len(known) < vocab_size:
        # Rebuilt from nothing at every step: slow, but each row is what a learner computes by hand.
        candidates = score_pairs(splits, counts, chosen.criterion)
        # Asked before the frequency bar filters: "no pair left" and "no pair frequent enough" are
        # different reasons to stop, and the trace says which.
        pairs_left = bool(candidates)
        if chosen.min_frequency > 1:
            candidates = [candidate for candidate in candidates if candidate.pair_count >= chosen.min_frequency]
        best = best_candidate(candidates, chosen.tie_break)
        if best is None:
            trace.stop_reason = stop_reason_without_pairs(pairs_left, chosen.min_frequency)
            break
        # The new token keeps the left piece's place in the word: "##g" + "##s" is "##gs", "h" + "##u" is "hu".
        new_token = join_pair(*best.pair, chosen.prefix, marker=chosen.marker)
        splits = merge_pair(splits, best.pair, new_token)
        known.add(new_token)
        # The runners-up are ranked only when asked for: the widgets show them, training does not need them.
        top = tuple(rank_candidates(candidates, chosen.tie_break)[: chosen.top_k]) if chosen.top_k else ()
        trace.steps.append(
            TraceStep(
                number=len(trace.steps) + 1,
                pair=best.pair,
                new_token=new_token,
                score=best.score,
                pair_count=best.pair_count,
                left_count=best.left_count,
                right_count=best.right_count,
                vocab_size=len(known),
                candidates=top,
            )
        )
        if chosen.progress is not None:
            chosen.progress(len(trace.steps), plan.planned_merges)
    else:  # the loop ran out because the vocab is full, not because the pairs did
        trace.stop_reason = f"reached vocab_size={vocab_size}"
    return trace


def merge_pair(splits: Mapping[str, list[str]], pair: Pair, new_token: str) -> dict[str, list[str]]:
    """Apply one merge to every word's pieces (a new dict; the input is kept).

    >>> merge_pair({"hugs": ["h", "##u", "##g", "##s"]}, ("##g", "##s"), "##gs")
    {'hugs': ['h', '##u', '##gs']}
    """
    check_splits(splits)
    left, right = check_pair(pair, "pair")
    check_str(new_token, "new_token", allow_empty=False)
    merged = {}
    for word, pieces in splits.items():
        # Most words hold neither piece: a cheap membership test spares them the left-to-right scan.
        if left in pieces and right in pieces:
            merged[word] = replace_pair(pieces, pair, new_token)
        else:
            merged[word] = list(pieces)
    return merged


__all__ = [
    "merge_pair",
    "train_bottom_up",
]
