"""The reference bottom-up trainer: readable, one merge at a time.

Each step rebuilds the pair table from scratch (see ``scores.py``), takes the
best pair under the chosen criterion and tie-break, and merges it in every
word. That is slow on a book (the fast trainer gives the same merges), but
every step can be followed by hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ._validate import check_callable, check_choice, check_int, check_str_list
from .corpus import WordCounts, as_word_counts
from .pieces import DEFAULT_PREFIX, alphabet, check_style, initial_splits, join_pair
from .scores import CRITERIA, TIE_BREAKS, Pair, best_candidate, rank_candidates, score_pairs
from .trace import Trace, TraceStep, merge_in_pieces
from .vocab import BERT_SPECIAL_TOKENS


def check_words_fit_style(word_counts: WordCounts, prefix: str, marker: str | None) -> None:
    """Reject words the piece convention could not tell apart afterwards.

    A word that starts with the continuation prefix would produce a
    word-initial token that reads like a continuation piece; a word holding
    the begin-of-word marker would be cut in two when decoded.
    """
    for word in word_counts:
        if marker is not None and marker in word:
            raise ValueError(f"word {word!r} contains the begin-of-word marker {marker!r}; choose another marker")
        if marker is None and word.startswith(prefix):
            raise ValueError(
                f"word {word!r} starts with the continuation prefix {prefix!r}; use the 'bert' "
                "pre-tokenizer (it splits '#' off) or another prefix"
            )


def prepare_training(
    word_counts: Any,
    vocab_size: Any,
    special_tokens: Any,
    prefix: str,
    marker: str | None,
    tie_break: str,
    top_k: Any = 0,
    progress: Any = None,
) -> tuple[WordCounts, list[str], list[str]]:
    """Validate the arguments every bottom-up trainer shares; return counts, specials and alphabet."""
    check_int(top_k, "top_k", minimum=0)
    if progress is not None:
        check_callable(progress, "progress", "a callable(done, planned) or None")
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    specials = check_str_list(special_tokens, "special_tokens")
    check_style(prefix, marker)
    check_choice(tie_break, "tie_break", TIE_BREAKS)
    if not counts:
        raise ValueError(
            "word_counts is empty: there is nothing to train on (a generator can be read only once: "
            "pass a list or a WordCounts if you use the same corpus twice)"
        )
    for position, token in enumerate(specials):
        if not token:
            raise ValueError(f"special_tokens[{position}] is an empty string; a vocab token must not be empty")
    check_words_fit_style(counts, prefix, marker)
    letters = alphabet(counts, prefix, marker=marker)
    start_size = len(set(specials) | set(letters))
    if vocab_size < start_size:
        raise ValueError(
            f"vocab_size={vocab_size} is smaller than the {len(specials)} special tokens plus the "
            f"{len(letters)} alphabet pieces ({start_size}); ask for at least {start_size}"
        )
    return counts, specials, letters


def train_bottom_up(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    *,
    special_tokens: Iterable[str] = BERT_SPECIAL_TOKENS,
    prefix: str = DEFAULT_PREFIX,
    marker: str | None = None,
    tie_break: str = "first",
    criterion: str = "wordpiece",
    top_k: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Trace:
    """Learn merges until the vocab has ``vocab_size`` tokens or no pair is left.

    ``vocab_size`` counts the special tokens, the alphabet and the learned
    tokens (a merge that makes a token already present adds nothing).
    ``criterion`` is ``"wordpiece"``, ``"bpe"`` or ``"likelihood"``; ties are
    broken by ``tie_break`` (``"first"`` or ``"lexical"``). ``top_k > 0``
    records the best ``top_k`` candidates of every step in the trace.
    ``progress(done, planned)`` is called after every merge (for a progress
    bar); ``planned`` is the number of merges the target asks for.

    The course chapter's hug/pug corpus merges ``##g ##s`` first at 1/20:

    >>> trace = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10, special_tokens=[])
    >>> [(step.new_token, step.score) for step in trace.steps]
    [('##gs', Fraction(1, 20)), ('hu', Fraction(1, 36)), ('hugs', Fraction(1, 15))]
    """
    check_choice(criterion, "criterion", CRITERIA)
    counts, specials, letters = prepare_training(
        word_counts, vocab_size, special_tokens, prefix, marker, tie_break, top_k, progress
    )
    splits = initial_splits(counts, prefix, marker=marker)
    known = set(specials) | set(letters)
    trace = Trace(counts, letters, specials, [], prefix, marker, tie_break, criterion)
    planned = vocab_size - len(known)
    while len(known) < vocab_size:
        candidates = score_pairs(splits, counts, criterion)
        best = best_candidate(candidates, tie_break)
        if best is None:
            trace.stop_reason = "every word is a single token: nothing left to merge"
            break
        new_token = join_pair(*best.pair, prefix, marker=marker)
        splits = merge_pair(splits, best.pair, new_token)
        known.add(new_token)
        top = tuple(rank_candidates(candidates, tie_break)[:top_k]) if top_k else ()
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
        if progress is not None:
            progress(len(trace.steps), planned)
    else:
        trace.stop_reason = f"reached vocab_size={vocab_size}"
    return trace


def merge_pair(splits: Mapping[str, list[str]], pair: Pair, new_token: str) -> dict[str, list[str]]:
    """Apply one merge to every word's pieces (a new dict; the input is kept).

    >>> merge_pair({"hugs": ["h", "##u", "##g", "##s"]}, ("##g", "##s"), "##gs")
    {'hugs': ['h', '##u', '##gs']}
    """
    left, right = pair
    merged = {}
    for word, pieces in splits.items():
        if left in pieces and right in pieces:
            merged[word] = merge_in_pieces(pieces, pair, new_token)
        else:
            merged[word] = list(pieces)
    return merged
