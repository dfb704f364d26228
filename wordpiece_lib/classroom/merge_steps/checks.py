"""Checks for notebook 03's exercises: replaying merges in order, the merge order, tie-breaks, the final size.

``merge_all`` runs on fresh splits with the library's merging counted (refused when it did the work). The
prediction exercises read the notebook cell that made the answer: running a
trainer there is not predicting, and the check says so. No failure message
names the expected tokens or size.

>>> WORKBOOK.reset()
>>> check_merges(["##gs", "hu", "hugs"], {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3, source="")
>>> check_merges(["##gs", "hu", "hug"], {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3, source="")
Traceback (most recent call last):
...
AssertionError: merges 1 to 2 are right, merge 3 is not: the best pair after merge 2 has a single best score; recompute every score after each merge (the merged pieces are rarer now)
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.display import score_table
from wordpiece_lib.classroom.merge_steps.widgets import MergeStepper
from wordpiece_lib.model import DEFAULT_PREFIX, alphabet, initial_splits, join_pair
from wordpiece_lib.training import (
    Trace,
    apply_merges,
    best_candidate,
    encode_with_merges,
    merge_in_pieces,
    merge_pair,
    rank_candidates,
    score_pairs,
    train_bottom_up,
    train_bpe,
    train_fast,
)

#: Running any of these in the answer cell is not predicting.
TRAINERS = ("train_bottom_up", "train_fast", "train_bpe", "tiny_trainer", "MergeStepper", "trace_frame")
#: What trains: running any of these (under any name, or through a trace's methods) while the answer cell runs
#: means the trainer made the prediction.
TRAINING = runtime.forbid(
    train_bottom_up, train_fast, train_bpe, MergeStepper, Trace.tokens, Trace.steps_for_size, Trace.vocab
)
#: The trainer's own decision: the best pair of a round, ties broken by the policy. Breaking the ties is what the
#: two merge-order predictions teach, so a loop of rounds that lets it choose is refused like the trainer. So is
#: a ranking: score_table and rank_candidates list tied pairs in a policy's order ("first" by default), so their
#: first row is the trainer's choice. score_pairs (every pair's score, in the order the pairs are met, unranked)
#: and merge_pair stay allowed.
CHOOSERS = ("best_candidate", "rank_candidates", "score_table")
for _key in ("first_three", "lexical_four"):
    runtime.watch_answer(_key, (*TRAINING, *runtime.forbid(best_candidate, rank_candidates, score_table)))
runtime.watch_answer("final_size", TRAINING)


WORKBOOK = runtime.Workbook(
    "03 · The training loop: merge, repeat",
    [
        runtime.Exercise(
            "merge_all",
            "Your turn 1 · replay a list of merges",
            hints=(
                "One pair at a time, in the list's order; each pair is looked for in the pieces the pairs before it "
                "left, not in the original splits.",
                "Inside one pair's merge, walk along each word's pieces with an index; when the pair starts at i, "
                "emit the new token and jump by two.",
                "join_pair(left, right) builds the new token (it drops the right piece's '##').",
            ),
        ),
        runtime.Exercise(
            "first_three",
            "Your turn 2 · predict the first merges",
            hints=(
                "score_table(splits, variant) scores every pair; merge_pair(splits, pair, join_pair(*pair)) applies "
                "the winner, then score again.",
                "On a tie, the 'first' policy takes the pair met first reading the words in their listed order.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "lexical_four",
            "Your turn 3 · the policy decides",
            hints=(
                "Compare tied pairs as Python compares tuples of strings: '#' sorts before every letter.",
                "Only the tie-break changes: the scores are the same as under 'first' until the merges part.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "final_size",
            "Your turn 4 · final size",
            hints=(
                "Three parts: the special tokens, the alphabet (bare first letters and '##' letters, each once), and "
                "one new token per merge.",
                "Training merges until every word is a single token: count the rounds of a loop like section 2's "
                "tiny_trainer, run by hand on this exercise's corpus.",
            ),
            prediction=True,
        ),
    ],
    answers="merge_steps",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their merge_all on splits of their own.
WORKBOOK.vary_fresh_inputs("merge_all")

MERGING = runtime.forbid(merge_pair, merge_in_pieces, apply_merges, encode_with_merges)


def _fresh_merge_cases() -> list[tuple[dict[str, list[str]], list[tuple[str, str]]]]:
    """Fresh splits, each with a list of merges in training order (a later one uses an earlier one's token)."""
    rng = runtime.fresh_rng("merge_all")
    cases = []
    for _ in range(3):
        counts = runtime.fresh_counts(rng, "abo", count=6, shortest=3, longest=7)
        splits = initial_splits(counts)
        pairs: list[tuple[str, str]] = []
        current = splits
        for _step in range(3):  # pairs present after the merges before them, so order matters
            present = sorted({pair for pieces in current.values() for pair in itertools.pairwise(pieces)})
            if not present:
                break
            built = [pair for pair in present if any(join_pair(*old) in pair for old in pairs)]
            pair = rng.choice(built or present)
            pairs.append(pair)
            current = merge_pair(current, pair, join_pair(*pair))
        cases.append((splits, pairs))
    # overlapping occurrences, and the pair twice in one word, apart
    cases.append((initial_splits({"xooox": 1, "ooo": 2}), [("##o", "##o")]))
    cases.append((initial_splits({"zab": 1, "xabzab": 2, "abab": 1}), [("##a", "##b"), ("z", "##ab")]))
    # two pairs that need nothing of each other, in one word: merged in the original splits, the second undoes the
    # first; merged one after the other, both stand (and only the first merged leaves the second pair apart)
    cases.append((initial_splits({"abcd": 2, "bcd": 1}), [("a", "##b"), ("##c", "##d")]))
    return cases


def _merged(splits: Mapping[str, list[str]], pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    result = {word: list(pieces) for word, pieces in splits.items()}
    for pair in pairs:
        result = merge_pair(result, pair, join_pair(*pair))
    return result


@WORKBOOK.check("merge_all")
def check_merge_all(
    function: Callable[[Mapping[str, list[str]], list[tuple[str, str]]], Mapping[str, list[str]]],
) -> None:
    """Check a function ``(splits, pairs) -> new splits`` that applies merges in order (on fresh splits).

    A worked answer stays out of this docstring (the installed package carries none); a wrong one:

    >>> WORKBOOK.reset()
    >>> check_merge_all(lambda splits, pairs: splits)
    Traceback (most recent call last):
    ...
    AssertionError: merge_all with the merges [('o', '##a'), ('oa', '##o'), ('oao', '##o')] gave 'oaoo' ['o', '##a', '##o', '##o']: no pair was merged: apply every pair of the list, one after the other
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    runs = []
    for splits, pairs in _fresh_merge_cases():
        given = {word: list(pieces) for word, pieces in splits.items()}
        got = runtime.call(
            function, given, [tuple(pair) for pair in pairs], name="merge_all", exercise="replaying merges",
            forbidden=MERGING,
        )  # fmt: skip
        runs.append((splits, pairs, runtime.in_container(got, dict, "what merge_all returned", "word -> pieces")))
    whole = _slip_of_every_run(runs)  # a slip is told by what it does on every fresh case, not on one
    for splits, pairs, got in runs:
        expected = _merged(splits, pairs)
        if whole is not None and _pieces_of(got) != expected:
            word = next(word for word in expected if list(got.get(word, ())) != expected[word])
            raise AssertionError(f"merge_all with the merges {list(pairs)} gave {word!r} {list(got[word])}: {whole}")
        one_by_one = _each_in_the_original(splits, pairs)
        for word, pieces in expected.items():
            if word not in got:
                raise AssertionError(f"merge_all(...) lost the word {word!r}: every word keeps its entry")
            mine = list(got[word])
            if mine == pieces:
                continue
            shown = f"merge_all with the merges {list(pairs)} gave {word!r} {mine}"
            if "".join(piece.removeprefix(DEFAULT_PREFIX) for piece in mine) == word and any(
                not piece.startswith(DEFAULT_PREFIX) for piece in mine[1:]
            ):
                hint = LEFT_PREFIX_KEPT
            elif "".join(piece.removeprefix(DEFAULT_PREFIX) for piece in mine) != word:
                hint = (
                    "drop the '##' of the right piece when joining (join_pair does it)"
                    if any(DEFAULT_PREFIX in piece.removeprefix(DEFAULT_PREFIX) for piece in mine)
                    else "the pieces must still spell the word"
                )
            elif any(mine == _merged(splits, pairs[:size])[word] for size in range(len(pairs))):
                hint = (
                    "some learned pair still stands side by side: apply every pair of the list, in the list's "
                    "order, each to the pieces the ones before it left"
                )
            elif mine == _merged(splits, list(reversed(pairs)))[word] and len(pairs) > 1:
                hint = "apply the pairs in the list's order: a pair learned later may need a token made earlier"
            elif mine == one_by_one[word] and len(pairs) > 1:
                hint = (
                    "look for each pair in the pieces the merges before it left, not in the original splits: "
                    "the next merge starts from the last one's result"
                )
            elif any(pair in set(itertools.pairwise(mine)) and join_pair(*pair) in mine for pair in map(tuple, pairs)):
                hint = (
                    "a pair can stand more than once in a word: merge it at every place it stands, not only the first"
                )
            elif any(pair in set(itertools.pairwise(mine)) for pair in map(tuple, pairs)):
                hint = "some learned pair still stands side by side: apply every pair of the list, one after the other"
            else:
                hint = "go from left to right and use each piece once: a piece already merged cannot be merged again"
            raise AssertionError(f"{shown}: {hint}")


#: A token joined from two pieces inside a word keeps the '##' of its left piece: without it the next pair is lost.
LEFT_PREFIX_KEPT = (
    "every piece after a word's first keeps its '##' at the front: joining '##a' and '##b' gives '##ab' (join_pair "
    "keeps the left piece's '##' and drops the right one's), and a later pair may be looking for that '##' token"
)


def _pieces_of(got: Mapping[str, Any]) -> dict[str, list[Any]]:
    return {word: list(pieces) for word, pieces in got.items() if isinstance(pieces, (list, tuple))}


def _each_in_the_original(splits: Mapping[str, list[str]], pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    """The slip of looking for every pair in the ORIGINAL splits (a word keeps its last change)."""
    result = {word: list(pieces) for word, pieces in splits.items()}
    for pair in pairs:
        for word, pieces in merge_pair(splits, pair, join_pair(*pair)).items():
            if pieces != splits[word]:
                result[word] = pieces
    return result


def _dropping_every_prefix(splits: Mapping[str, list[str]], pairs: Sequence[tuple[str, str]]) -> dict[str, list[str]]:
    """The slip of joining two pieces with both their '##' dropped: '##a' + '##b' gives 'ab'."""
    result = {word: list(pieces) for word, pieces in splits.items()}
    for left, right in pairs:
        result = merge_pair(
            result, (left, right), left.removeprefix(DEFAULT_PREFIX) + right.removeprefix(DEFAULT_PREFIX)
        )
    return result


#: Known slips of merge_all: what each makes of (splits, pairs), and the idea it misses.
_MERGE_SLIPS: tuple[
    tuple[Callable[[Mapping[str, list[str]], Sequence[tuple[str, str]]], Mapping[str, list[str]]], str], ...
] = (
    (
        lambda splits, pairs: _merged(splits, list(reversed(pairs))),
        "apply the pairs in the list's order: a pair learned later may need a token made earlier",
    ),
    (
        _each_in_the_original,
        "look for each pair in the pieces the merges before it left, not in the original splits: the next merge "
        "starts from the last one's result",
    ),
    (
        lambda splits, pairs: _merged(splits, []),
        "no pair was merged: apply every pair of the list, one after the other",
    ),
    (
        lambda splits, pairs: _merged(splits, pairs[:1]),
        "only the first pair was merged: apply every pair of the list, one after the other",
    ),
    (_dropping_every_prefix, LEFT_PREFIX_KEPT),
)


def _slip_of_every_run(
    runs: Sequence[tuple[Mapping[str, list[str]], Sequence[tuple[str, str]], Mapping[str, Any]]],
) -> str | None:
    """The idea of the known slip that gives, on every fresh case, what the answer gave (None: no known slip)."""
    answers = [_pieces_of(got) for _splits, _pairs, got in runs]
    if all(mine == _merged(splits, pairs) for mine, (splits, pairs, _got) in zip(answers, runs)):
        return None
    for slip, idea in _MERGE_SLIPS:
        if all(mine == dict(slip(splits, pairs)) for mine, (splits, pairs, _got) in zip(answers, runs)):
            return idea
    return None


def _token_of(item: Any) -> str:
    """One merge of a prediction: the new token it makes, a str (the pair it joins is refused, saying why).

    >>> _token_of(("h", "##u"))
    Traceback (most recent call last):
    ...
    AssertionError: each merge should be the NEW TOKEN it makes, a str like 'ab', not the pair it joins: ('h', '##u') is a pair. The course's rule: an answer comes in the container its exercise names (a tuple for a fixed group such as a pair, a list for a sequence, a set for a collection with no order and no repeats, a dict for a mapping)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(item, str):
        return item
    # The exercise asks for tokens: joining a pair (dropping the right piece's '##') is part of what it teaches.
    if isinstance(item, (tuple, list)) and len(item) == 2 and all(isinstance(part, str) for part in item):
        raise AssertionError(
            f"each merge should be the NEW TOKEN it makes, a str like 'ab', not the pair it joins: {item!r} is a "
            f"pair. {runtime.RULE}"
        )
    raise AssertionError(f"each merge should be the new token it makes, a str like 'ab', got {item!r}")


@WORKBOOK.check("first_three")
def check_merges(
    answer: Any,
    word_counts: Mapping[str, int],
    count: int,
    *,
    tie_break: str = "first",
    prefix: str = DEFAULT_PREFIX,
    source: str | None = None,
    key: str = "first_three",
) -> None:
    """Check the first ``count`` new tokens a learner predicts for a corpus.

    ``source`` is the code that made the answer (default: the notebook cell
    that assigned the answer's variable, ``key``); a trainer run there fails.

    >>> WORKBOOK.reset()
    >>> check_merges(["##gs", "hu", "hugs"], {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 3, source="x = train_fast(c, 9)")
    Traceback (most recent call last):
    ...
    AssertionError: your answer runs 'train_fast', which chooses each merge for you, ties included (score_table and rank_candidates rank tied pairs by a policy too): this exercise asks you to predict the merges by scoring pairs yourself and breaking ties by the 'first' policy (score_pairs, every pair's score in the order the pairs are met, and merge_pair are fine), then let the check tell you
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    given = runtime.in_container(
        runtime.require(answer, "the merge order"), list, "your merges", "one token per merge, in order"
    )
    got = [_token_of(item) for item in given]
    runtime.refuse_in_answer(
        key,
        (*TRAINERS, *CHOOSERS),
        "your answer runs {name}, which chooses each merge for you, ties included (score_table and "
        "rank_candidates rank tied pairs by a policy too): this exercise asks you to predict the merges by scoring "
        f"pairs yourself and breaking ties by the {tie_break!r} policy (score_pairs, every pair's score in the "
        "order the pairs are met, and merge_pair are fine), then let the check tell you",
        source,
    )
    trace = train_bottom_up(word_counts, 10**9, special_tokens=[], prefix=prefix, tie_break=tie_break)
    expected = [step.new_token for step in trace.steps[:count]]
    by_count = [step.new_token for step in train_bpe(word_counts, 10**9, special_tokens=[], tie_break=tie_break).steps]
    if len(got) != len(expected):
        raise AssertionError(f"give exactly {len(expected)} tokens, one per merge; you gave {len(got)}")
    for number, (mine, step) in enumerate(zip(got, trace.steps), start=1):
        if mine == step.new_token:
            continue
        right = {1: "merge 1 is not right", 2: "merge 1 is right, merge 2 is not"}.get(
            number, f"merges 1 to {number - 1} are right, merge {number} is not"
        )
        if number == 1 and got == [step.new_token for step in trace.steps[1 : count + 1]]:
            raise AssertionError(
                "your list starts one merge late: each of your tokens is the merge that comes after the one asked, "
                "so merge 1 is missing; list the new tokens from the very first merge"
            )
        if got[:number] == by_count[:number] and got[:number] != expected[:number]:
            raise AssertionError(
                f"{right}: your token's pair is the one standing side by side most often, BPE's choice; WordPiece "
                "takes the best score, the pair count divided by both piece counts"
            )
        if step.new_token.startswith(prefix) and mine == step.new_token[len(prefix) :]:
            raise AssertionError(
                f"{right}, though only by its prefix: a token made of pieces from inside a word keeps the left "
                f"piece's {prefix!r}"
            )
        tied = [c.pair for c in score_pairs(trace.splits_at(number - 1), trace.word_counts) if c.score == step.score]
        if len(tied) > 1 and mine in {join_pair(*pair, prefix) for pair in tied}:
            rule = (
                "the pair met first when reading the words in their listed order, each left to right"
                if tie_break == "first"
                else "the alphabetically smallest pair (compare the left pieces, then the right ones; '#' comes "
                "before every letter)"
            )
            raise AssertionError(
                f"{right}: your token's pair ties for the best score, but the {tie_break!r} policy takes {rule}"
            )
        if len(tied) > 1:
            raise AssertionError(
                f"{right}: at that step {len(tied)} pairs tie for the best score and yours is not one of them; "
                "recompute every score after each merge"
            )
        if number == 1:
            raise AssertionError(f"{right}: one pair has the single best score at the start; score every pair")
        raise AssertionError(
            f"{right}: the best pair after merge {number - 1} has a single best score; recompute every score after "
            "each merge (the merged pieces are rarer now)"
        )


@WORKBOOK.check("lexical_four")
def check_lexical_merges(answer: Any, word_counts: Mapping[str, int], count: int, *, source: str | None = None) -> None:
    """Check the first ``count`` new tokens under the ``"lexical"`` tie-break (see :func:`check_merges`).

    >>> WORKBOOK.reset()
    >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> check_lexical_merges(["##gs", "hu", "hugs", "hug"], counts, 4, source="")
    Traceback (most recent call last):
    ...
    AssertionError: merge 1 is right, merge 2 is not: your token's pair ties for the best score, but the 'lexical' policy takes the alphabetically smallest pair (compare the left pieces, then the right ones; '#' comes before every letter)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    check_merges.__wrapped__(  # type: ignore[attr-defined]  # the unwrapped check: this exercise counts its own tries
        answer, word_counts, count, tie_break="lexical", source=source, key="lexical_four"
    )


@WORKBOOK.check("final_size")
def check_final_size(
    answer: Any, word_counts: Mapping[str, int], special_tokens: Sequence[str], *, source: str | None = None
) -> None:
    """Check how many tokens the vocab holds once training stops (trained here, after the answer is in).

    >>> WORKBOOK.reset()
    >>> check_final_size(6, {"hug": 1}, ["[UNK]"], source="")
    >>> check_final_size(5, {"hug": 1}, ["[UNK]"], source="")
    Traceback (most recent call last):
    ...
    AssertionError: 5 is too few. Of the three parts: one part is short by one. The merges: training goes on until EVERY word is a single token, and the last merge counts too. The special tokens: count every one you passed to this training
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    got = runtime.require(answer, "the final vocab size")
    runtime.refuse_in_answer(
        "final_size",
        (*TRAINERS, "big", "tokens", "vocab"),
        "your answer uses {name}: count the parts from what you know first; the cell after the check "
        "trains the vocab so you can compare",
        source,
    )
    if isinstance(got, bool) or not isinstance(got, int):
        raise AssertionError(
            f"answer with a whole number (an int like 12, no quotes), got {type(got).__name__} {got!r}"
        )
    trace = train_bottom_up(word_counts, 10**9, special_tokens=list(special_tokens))
    expected = len(trace.tokens())
    if got == expected:
        return
    direction = "too few" if got < expected else "too many"
    specials, merges = len(special_tokens), len(trace.steps)
    letters = alphabet(word_counts)
    bare_and_prefixed = len({piece.removeprefix(DEFAULT_PREFIX) for piece in letters}) * 2
    parts = {
        specials + len(letters): "you counted no merge: training adds one new token per merge, and goes on until "
        "every word is a single token",
        len(letters) + merges: "the special tokens you passed are in the vocab too, at its top",
        specials + merges: "the alphabet is in the vocab too: each first letter bare, each inner letter with '##'",
        specials + bare_and_prefixed + merges: "a letter is in the alphabet twice only if it both starts a word and "
        "stands inside one: count each piece that occurs, once",
    }
    parts.update(
        {
            len(letters) + merges + some: "the special tokens: count every one you passed to this training"
            for some in range(1, specials)
        }
    )
    # One short is one special token forgotten or one merge forgotten: the number cannot tell which, so name both.
    parts[expected - 1] = (
        "one part is short by one. The merges: training goes on until EVERY word is a single token, and the last "
        "merge counts too. The special tokens: count every one you passed to this training"
    )
    idea = parts.get(got)
    raise AssertionError(
        f"{got} is {direction}. "
        + (
            f"Of the three parts: {idea}"
            if idea
            else "Count three parts and add them: the special tokens you passed, the alphabet (each first letter "
            "bare, each inner letter with '##', once each), and one new token per merge; training goes on until "
            "every word is a single token"
        )
    )


#: The corpus of *Your turn 2* in the course: hug/pug with "bugs" added (a variant of the course chapter's words).
FIRST_THREE_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
#: The corpus of *Your turn 3* and *Your turn 4* in the course: the course chapter's five words.
HUG_PUG_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
#: The special tokens of *Your turn 4* in the course.
FINAL_SIZE_SPECIALS = ["[UNK]", "[CLS]", "[SEP]"]
_SPECIALS = ("[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]")
_CONSONANTS, _VOWELS = "bcdfghklmnprstvwz", "aeiou"


def _short_words(rng: random.Random, size: int, vowels: int = 1, onsets: int = 3, codas: int = 3) -> list[str]:
    """``size`` distinct hug/pug-like words (consonant, vowel, consonant), fewer when the draw repeats itself."""
    starts, ends = rng.sample(_CONSONANTS, onsets), rng.sample(_CONSONANTS, codas)
    middles = rng.sample(_VOWELS, vowels)
    drawn = (rng.choice(starts) + rng.choice(middles) + rng.choice(ends) for _ in range(3 * size))
    return list(dict.fromkeys(drawn))[:size]


def _new_tokens(word_counts: Mapping[str, int], tie_break: str = "first") -> list[str]:
    return train_bottom_up(word_counts, 10**9, special_tokens=[], tie_break=tie_break).new_tokens


@WORKBOOK.variants("first_three", course={"word_counts": dict(FIRST_THREE_COUNTS)})
def first_three_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """Six hug/pug-like words, two of them another plus one letter (hugs, bugs), counts 3 to 14 (20 to 78 in all).

    As in the course's corpus, a tie for the best score comes in the first three merges, so the
    'first' policy the exercise states decides one of them.
    """
    while True:
        words = _short_words(rng, 4)
        if len(words) < 4:
            continue
        ending = rng.choice([letter for letter in _CONSONANTS if not any(word.endswith(letter) for word in words)])
        words += [word + ending for word in rng.sample(words, 2)]
        counts = {word: rng.randint(3, 14) for word in words}
        if not 20 <= sum(counts.values()) <= 78:
            continue
        trace = train_bottom_up(counts, 10**9, special_tokens=[], top_k=64)
        if len(trace.steps) >= 3 and any(
            sum(candidate.score == step.score for candidate in step.candidates) > 1 for step in trace.steps[:3]
        ):
            return {"word_counts": counts}


@WORKBOOK.variants("lexical_four", course={"word_counts": dict(HUG_PUG_COUNTS)})
def lexical_four_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """Five hug/pug-like words, one another plus a letter (hugs), counts 3 to 14 (18 to 72 in all).

    As on the course's words, the 'lexical' policy's first four merges differ from the 'first'
    policy's: the policy decides.
    """
    while True:
        words = _short_words(rng, 4)
        if len(words) < 4:
            continue
        words.append(rng.choice(words) + rng.choice(_CONSONANTS))
        counts = {word: rng.randint(3, 14) for word in dict.fromkeys(words)}
        if len(counts) != 5 or not 18 <= sum(counts.values()) <= 72:
            continue
        lexical = _new_tokens(counts, "lexical")[:4]
        if len(lexical) == 4 and lexical != _new_tokens(counts)[:4]:
            return {"word_counts": counts}


#: The vocab sizes a variant of *Your turn 4* ends with (the course's is 19): spread evenly, so that a classmate's
#: number is rarely this student's too.
FINAL_SIZES = range(10, 39)


@WORKBOOK.variants(
    "final_size", course={"word_counts": dict(HUG_PUG_COUNTS), "special_tokens": list(FINAL_SIZE_SPECIALS)}
)
def final_size_variant(rng: random.Random) -> dict[str, Any]:
    """Three to ten hug/pug-like words and one to five special tokens; the final vocab size drawn evenly from 10 to 38.

    The number of merges until every word is whole is the same under both tie-break policies, so
    a learner's own count cannot depend on how they broke a tie.
    """
    target = rng.choice(FINAL_SIZES)
    size = 5  # words before the one that is another plus a letter; more when the vocab falls short, fewer when over
    while True:
        variety = min(5, 2 + size // 3)
        words = _short_words(
            rng,
            size,
            vowels=rng.randint(1, max(1, variety - 2)),
            onsets=rng.randint(2, variety),
            codas=rng.randint(2, variety),
        )
        if len(words) < size:
            continue
        words.append(rng.choice(words) + rng.choice(_CONSONANTS))
        counts = {word: rng.randint(2, max(4, 64 // len(words))) for word in dict.fromkeys(words)}
        if not 18 <= sum(counts.values()) <= 72:
            continue
        merges = len(_new_tokens(counts))
        missing = target - len(alphabet(counts)) - merges  # the special tokens this corpus leaves room for
        if missing < 1:
            size = max(2, size - 1)
        elif missing > len(_SPECIALS):
            size = min(9, size + 1)
        elif len(_new_tokens(counts, "lexical")) == merges:
            return {"word_counts": counts, "special_tokens": list(_SPECIALS[:missing])}


__all__ = [
    "FINAL_SIZES",
    "FINAL_SIZE_SPECIALS",
    "FIRST_THREE_COUNTS",
    "HUG_PUG_COUNTS",
    "WORKBOOK",
    "check_final_size",
    "check_lexical_merges",
    "check_merge_all",
    "check_merges",
    "final_size_variant",
    "first_three_variant",
    "lexical_four_variant",
    "progress",
    "show_answer",
]
