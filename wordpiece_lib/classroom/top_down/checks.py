"""Checks behind notebook 05's "your turn" exercises (the top-down learner).

They run in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`: a right
answer passes quietly, a wrong one is told which idea is off (never the
expected value), and an answer still set to ``TODO`` skips as "not done
yet". The expected answers come from :mod:`wordpiece_lib.training.top_down`, which
follows TensorFlow Text. ``my_split_points`` runs on fresh vocabs and words
with the library's ``split_points`` counted (refused when it did the work); the threshold exercise
asks for the search's tries (a loop over thresholds finds one, not the tries) and refuses an answer cell that
runs the search.

>>> WORKBOOK.reset()
>>> check_effective_count(7, {"bug": 7, "bugs": 2, "bugged": 1}, "bug", 4)
>>> check_effective_count(9, {"bug": 7, "bugs": 2, "bugged": 1}, "bug", 4)
Traceback (most recent call last):
...
AssertionError: 9 is not what 'bug' keeps: every longer substring starting with 'bug' gives back what it still counts when its turn comes, after its own longer substrings gave theirs back; go through them longest first
"""

from __future__ import annotations

import itertools
import numbers
import random
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.top_down.widgets import TopDownRounds
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import encode_word
from wordpiece_lib.training import (
    JOINER,
    FastTopDown,
    learn,
    learn_with_threshold,
    search_threshold,
    split_points,
    substring_counts,
    threshold_pass,
    train_top_down,
)

WORKBOOK = runtime.Workbook(
    "05 · Top-down WordPiece: keep what is frequent",
    [
        runtime.Exercise(
            "hug_keeps",
            "Your turn 1 · an effective count",
            hints=(
                "List the substrings that start with the asked one and are longer, longest first; each gives back "
                "what it still counts when its turn comes.",
                "A longer substring that was NOT kept gives back its count too (TensorFlow Text's rule).",
            ),
        ),
        runtime.Exercise(
            "survivors",
            "Your turn 2 · which substrings survive?",
            hints=(
                "Make the table of section 2 for this corpus: every substring, its count, and what is left when "
                "its turn comes.",
                "What is left of a substring is the count of the words in which it runs to the end of the word.",
            ),
        ),
        runtime.Exercise(
            "my_split_points",
            "Your turn 3 · split points",
            hints=(
                "encode_word(word, vocab) gives the pieces (or ['[UNK]']); each piece starts where the one before "
                "it ends.",
                "A piece's length in the word is its length without the '##'.",
            ),
        ),
        runtime.Exercise(
            "threshold_tries",
            "Your turn 4 · search for a threshold",
            hints=(
                "A bigger threshold keeps fewer substrings: the size falls as the threshold grows.",
                "Each try is (lower + upper) // 2; a vocab too big moves lower to the try + 1, one too small moves "
                "upper to the try - 1.",
            ),
        ),
    ],
    answers="top_down",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their split points on vocabs of their own.
WORKBOOK.vary_fresh_inputs("my_split_points")

#: Writing the split is the exercise; running the search is what the threshold exercise asks you to do by hand.
SPLITTING = runtime.forbid(split_points)
SEARCHES = ("train_top_down", "learn", "search", "default_search", "overshoot", "learn_with_threshold")
#: The search for a threshold, whatever name or object reaches it (``book_rounds.size`` stays allowed).
runtime.watch_answer("threshold_tries", runtime.forbid(train_top_down, learn, search_threshold))


def _remaining_counts(word_counts: Mapping[str, int]) -> tuple[dict[str, int], dict[str, int]]:
    """Every substring's count before and after TensorFlow Text's subtraction.

    With every count subtracted (kept or not), what a substring keeps does
    not depend on the threshold, so a pass at threshold 0 lists them all.
    """
    totals = substring_counts(word_counts)
    return totals, threshold_pass(totals, 0)


def _as_token_set(answer: Any, what: str) -> set[str]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AssertionError(f"{what} should be a set or list of substrings, got {type(answer).__name__}: {answer!r}")
    tokens = list(answer)
    wrong = [token for token in tokens if not isinstance(token, str)]
    if wrong:
        raise AssertionError(f"{what} should hold strings like 'hug' or '##ug', got {wrong[0]!r}")
    return set(tokens)


#: The library that runs the threshold pass: a "by hand" answer must not come from it.
THRESHOLD_PASSES = (
    *runtime.forbid(
        threshold_pass, learn_with_threshold, learn, train_top_down, search_threshold, TopDownRounds, FastTopDown
    ),
    runtime.Forbidden(
        "one_pass", names=("one_pass",)
    ),  # the notebook's worked pass (section 2), run on the exercise's corpus
)
runtime.watch_answer("survivors", THRESHOLD_PASSES)
runtime.watch_answer("hug_keeps", THRESHOLD_PASSES)


def _refuse_threshold_pass(key: str, source: str | None) -> None:
    __tracebackhide__ = True  # keep this frame out of the student's report
    runtime.refuse_in_answer(
        key,
        [
            "threshold_pass",
            "learn_with_threshold",
            "learn",
            "train_top_down",
            "search_threshold",
            "one_pass",
            "TopDownRounds",
            "FastTopDown",
        ],
        "your answer uses {name}, which runs the pass for you: work it out longest substring first, by hand",
        source,
    )


@WORKBOOK.check("survivors")
def check_surviving_substrings(
    answer: Any, word_counts: Mapping[str, int], threshold: int, *, source: str | None = None
) -> None:
    """Check which substrings one threshold pass keeps (TensorFlow Text's rule, before characters are added).

    >>> WORKBOOK.reset()
    >>> corpus = {"pun": 6, "puns": 3, "buns": 3, "bun": 1}
    >>> check_surviving_substrings({"pun", "##uns", "##un", "##ns", "##n", "##s"}, corpus, 4)
    >>> check_surviving_substrings({"pun", "##uns", "##un", "##ns", "##n", "##s", "pu"}, corpus, 4)
    Traceback (most recent call last):
    ...
    AssertionError: 'pu' should not survive: it occurs 9 times, but the longer substrings that start with it take their share first, and what is left is below the threshold 4
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    got = _as_token_set(
        runtime.in_container(runtime.require(answer, "the surviving substrings"), set, "your answer", "of substrings"),
        "your answer",
    )
    _refuse_threshold_pass("survivors", source)
    counts = as_word_counts(word_counts)
    totals = substring_counts(counts)
    expected = set(threshold_pass(totals, threshold))
    if got == expected:
        return
    for token in sorted(got - expected, key=lambda text: (-len(text), text)):
        if token not in totals:
            raise AssertionError(
                f"{token!r} is not a substring of any word (a substring that does not start its word is written "
                f"with {JOINER!r} in front, e.g. '##ug')"
            )
    if got == set(threshold_pass(totals, threshold, subtract="kept")):
        raise AssertionError(
            "that is what the guide's rule keeps: some of your substrings survive only because a longer substring "
            "that was NOT kept did not give back its count. TensorFlow Text takes every longer substring's count "
            "off its prefixes, kept or not"
        )
    # after a few tries, naming a wrong item would let one be changed a try until it passes (see runtime.narrowing)
    idea = (
        f"Some substrings are wrong. A substring survives when, after every longer substring that starts with it took "
        f"its count off, what is left still counts at least {threshold}: exactly {threshold} too, a whole word too (a "
        f"word is a substring of itself), word endings too"
    )
    if got == set(threshold_pass(totals, threshold + 1)):
        # narrowed too: when one substring keeps exactly the threshold, this set is the answer less that one item
        raise AssertionError(
            runtime.narrowing(
                f"you kept only counts above {threshold}; the rule is count >= threshold "
                f"(the guide says '>', TensorFlow Text and the seed keep a count equal to the threshold)",
                idea,
            )
        )
    for token in sorted(got - expected, key=lambda text: (-len(text), text)):
        if totals[token] < threshold:
            raise AssertionError(
                runtime.narrowing(
                    f"{token!r} should not survive: it occurs only {totals[token]} times, below the threshold "
                    f"{threshold}",
                    idea,
                )
            )
        raise AssertionError(
            runtime.narrowing(
                f"{token!r} should not survive: it occurs {totals[token]} times, but the longer substrings that start "
                f"with it take their share first, and what is left is below the threshold {threshold}",
                idea,
            )
        )
    lost = expected - got
    remaining = threshold_pass(totals, 0)
    words = set(counts)
    # which kind of substring is missing narrows the search too: after a few tries, the idea alone as well
    if any(token in words for token in lost):
        raise AssertionError(
            runtime.narrowing(
                "your set misses a substring that is a whole word: a word is a substring of itself, and it keeps the "
                "count of that word (nothing longer starts with it in the same word)",
                idea,
            )
        )
    if all(remaining[token] == threshold for token in lost):
        raise AssertionError(
            runtime.narrowing(
                f"your set misses substrings left with exactly {threshold}: the rule is count >= threshold, so "
                "exactly the threshold survives too",
                idea,
            )
        )
    if all(token.startswith(JOINER) for token in lost):
        raise AssertionError(
            runtime.narrowing(
                f"your set misses word endings: a substring written with {JOINER!r} keeps the count of the words it "
                "ends, and that can reach the threshold too",
                idea,
            )
        )
    missing = len(lost)
    raise AssertionError(
        runtime.narrowing(
            f"your set is missing {missing} substring{'s' if missing > 1 else ''} that survive"
            f"{'' if missing > 1 else 's'}: look for substrings that, after the longer ones took their share, still "
            f"count at least {threshold} (word endings too)",
            idea,
        )
    )


@WORKBOOK.check("hug_keeps")
def check_effective_count(
    answer: Any, word_counts: Mapping[str, int], token: str, threshold: int, *, source: str | None = None
) -> None:
    """Check the count a substring keeps after prefix subtraction (TensorFlow Text's rule).

    >>> WORKBOOK.reset()
    >>> check_effective_count(18, {"hug": 10, "hugs": 5, "hugged": 3}, "hug", 4)
    Traceback (most recent call last):
    ...
    AssertionError: 18 is how often 'hug' occurs in all; now take off the counts of the longer substrings that start with it, longest first
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    got = runtime.require(answer, f"the effective count of {token!r}")
    if isinstance(got, bool) or not isinstance(got, numbers.Integral):  # numpy's and pandas' ints are whole too
        raise AssertionError(f"answer with a whole number (an int), got {type(got).__name__}: {got!r}")
    got = int(got)
    _refuse_threshold_pass("hug_keeps", source)
    counts = as_word_counts(word_counts)
    totals, remaining = _remaining_counts(counts)
    if token not in totals:
        raise ValueError(f"token {token!r} is not a substring of any word in word_counts")
    expected = remaining[token]
    if got == expected:
        return
    intro = f"{got} is not what {token!r} keeps"
    kept_rule = threshold_pass(totals, threshold, subtract="kept").get(token)
    if got == totals[token]:
        raise AssertionError(
            f"{got} is how often {token!r} occurs in all; now take off the counts of the longer substrings that "
            "start with it, longest first"
        )
    if kept_rule is not None and got == kept_rule:
        raise AssertionError(
            f"{intro}: you took off only the longer substrings that were kept (the guide's rule); TensorFlow Text "
            "takes off every longer substring's count, kept or not"
        )
    if got < expected:
        raise AssertionError(
            f"{intro}: you took off too much. Take off each longer substring's count as it stands when its turn "
            "comes (after ITS longer substrings were taken off), so no word is taken off twice"
        )
    raise AssertionError(
        f"{intro}: every longer substring starting with {token!r} gives back what it still counts when its turn "
        "comes, after its own longer substrings gave theirs back; go through them longest first"
    )


def _fresh_split_cases() -> list[tuple[str, set[str]]]:
    rng = runtime.fresh_rng("my_split_points")
    cases: list[tuple[str, set[str]]] = []
    for letters in ("aelst", "bdior"):
        counts = runtime.fresh_counts(rng, letters, count=10, shortest=3, longest=7)
        vocab = set(learn_with_threshold(counts, 3, ["[UNK]"]))
        words = list(counts)[:4] + runtime.fresh_words(rng, letters, count=3, shortest=4, longest=8)
        cases += [(word, vocab) for word in words]
        no_characters = set(threshold_pass(substring_counts(counts), 3))  # one pass, no characters added
        cases += [(word, no_characters) for word in runtime.fresh_words(rng, letters, count=4, shortest=3, longest=7)]
    # A letter three times in a row: the second piece's text also sits inside the first piece, so searching the
    # word for each piece's text finds it too early; only the pieces' lengths say where each one starts.
    again, last = rng.sample("cmnpu", 2)
    cases.append((again * 3 + last, {again, again * 2, JOINER + again, JOINER + last}))
    return cases


@WORKBOOK.check("my_split_points")
def check_split_points(function: Callable[[str, Collection[str]], Any]) -> None:
    """Check a function ``(word, vocab) -> start positions`` of the greedy split (``None`` if it fails), on fresh vocabs.

    >>> WORKBOOK.reset()
    >>> check_split_points(split_points)
    Traceback (most recent call last):
    ...
    AssertionError: my_split_points calls `split_points`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    for word, vocab in _fresh_split_cases():
        got = _call_allowing_none(function, word, set(vocab))
        if got is not None:
            runtime.in_container(
                got, list, f"what my_split_points({word!r}, vocab) returned", "the start positions, or None"
            )
        expected = split_points(word, vocab)
        if got == expected or (got is not None and expected is not None and _as_ints(got) == expected):
            continue
        intro = f"my_split_points({word!r}, vocab) gave {got!r}"
        if expected is None:
            hint = (
                "no piece of the vocab matches at some position of this word, so TensorFlow Text skips the word: "
                "return None (the seed notebook counted every position instead)"
            )
        elif got is None:
            hint = "every position of this word has a match, so the word can be split (did you forget `return`?)"
        elif isinstance(got, (list, tuple)) and got and all(isinstance(item, str) for item in got):
            hint = "return the START POSITIONS of the pieces (ints, from 0), not the pieces themselves"
        elif isinstance(got, (list, tuple)) and got and got[0] != 0:
            hint = "the first piece starts at position 0"
        elif isinstance(got, (list, tuple)) and got and got[-1] == len(word):
            hint = f"list only where pieces start: the end of the word ({len(word)}) is not a start"
        elif _as_ints(got) == _starts_counting_the_joiner(word, vocab):
            hint = f"do not count the {JOINER!r} of a piece in its length: {JOINER}l covers one character of the word"
        elif _as_ints(got) in _starts_found_by_search(word, vocab):
            hint = (
                "searching the word for a piece's text can find it inside an earlier piece: a piece starts where "
                "the one before it ENDS, so add up the lengths of the pieces before it"
            )
        elif _as_ints(got) == _starts_shortest_first(word, vocab):
            hint = "at each position take the LONGEST piece of the vocab that matches there, not the first that does"
        else:
            hint = (
                "those are not where the greedy pieces start: at each position the longest matching piece is "
                "taken, and the next piece starts where it ends"
            )
        raise AssertionError(f"{intro}: {hint}")


def _starts_found_by_search(word: str, vocab: Collection[str]) -> list[list[int]]:
    """The slip of finding each piece by searching the word for its text (from the word's start, or just after the
    piece before): the starts each search gives.

    >>> _starts_found_by_search("aaa", {"aa", "##a"})
    [[0, 0], [0, 1]]
    """
    pieces = encode_word(word, set(vocab), prefix=JOINER)
    if "[UNK]" in pieces:
        return []
    texts = [piece.removeprefix(JOINER) for piece in pieces]
    from_start = [word.find(text) for text in texts]
    after_previous, start = [], -1
    for text in texts:
        start = word.find(text, start + 1)
        after_previous.append(start)
    return [from_start, after_previous]


def _starts_shortest_first(word: str, vocab: Collection[str]) -> list[int] | None:
    """The slip of taking the shortest matching piece at each position: the starts that gives (None if stuck)."""
    tokens, starts, position = set(vocab), [], 0
    while position < len(word):
        joiner = JOINER if position else ""
        end = next((end for end in range(position + 1, len(word) + 1) if joiner + word[position:end] in tokens), None)
        if end is None:
            return None
        starts.append(position)
        position = end
    return starts


def _starts_counting_the_joiner(word: str, vocab: Collection[str]) -> list[int] | None:
    """The slip of counting each piece's ``##`` in its length: the starts that gives (None if the word fails)."""
    pieces = encode_word(word, set(vocab), prefix=JOINER)
    return None if "[UNK]" in pieces else list(itertools.accumulate(map(len, pieces[:-1]), initial=0))


def _call_allowing_none(function: Any, word: str, vocab: set[str]) -> Any:
    """Call the learner's function like ``exercise.call``; ``None`` is a real answer here."""
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    return runtime.call(
        function,
        word,
        vocab,
        name="my_split_points",
        exercise="split points",
        forbidden=SPLITTING,
        none_is_answer=True,
    )


def _as_ints(value: Any) -> list[int] | None:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        return None
    items = list(value)
    if any(isinstance(item, bool) or not isinstance(item, int) for item in items):
        return None
    return items


def _search_steps(rounds: TopDownRounds, target: int, bounds: tuple[int, int], slack_ratio: float) -> list[Any]:
    """The binary search's tries, as TensorFlow Text runs it, with the sizes of ``rounds`` (4 rounds)."""
    lower, upper = bounds
    return search_threshold(lambda threshold: [""] * rounds.size(threshold), target, lower, upper, slack_ratio)[1]


@WORKBOOK.check("threshold_tries")
def check_threshold_search(
    answer: Any,
    rounds: TopDownRounds,
    target: int,
    bounds: tuple[int, int],
    slack_ratio: float = 0.05,
    *,
    source: str | None = None,
) -> None:
    """Check the thresholds a binary search tries, in order, for a vocab of about ``target`` tokens.

    The search starts from ``bounds`` (``lower, upper``), tries the middle,
    and halves the range until a vocab is at most ``target`` tokens and at
    most ``slack_ratio`` below it. A loop that tries thresholds one after
    another finds a threshold too, but not the search's tries. ``source`` is
    the code that made the answer (default: the notebook cell that assigned
    ``threshold_tries``); running the search there fails.

    >>> WORKBOOK.reset()
    >>> rounds = TopDownRounds({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    >>> check_threshold_search([8, 12], rounds, 19, (1, 16), source="")
    Traceback (most recent call last):
    ...
    AssertionError: your first try is right; try 2 is not: threshold 8 gave 17 tokens, fewer than the target minus 5%, so the search moves upper below it (to that threshold - 1; lower stays) and tries the middle of the new range, (lower + upper) // 2
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    tries = runtime.in_container(
        runtime.require(answer, "the thresholds your search tries"), list, "your tries", "in the order tried"
    )
    runtime.refuse_in_answer(
        "threshold_tries",
        SEARCHES,
        "your answer uses {name}, which runs the search for you: run it yourself, trying each threshold with "
        "book_rounds.size(threshold)",
        source,
    )
    if not tries or any(isinstance(item, bool) or not isinstance(item, numbers.Integral) for item in tries):
        raise AssertionError(f"list the thresholds you tried, whole numbers in the order you tried them, got {tries!r}")
    if not isinstance(rounds, TopDownRounds):
        raise TypeError(f"rounds must be a TopDownRounds, got {type(rounds).__name__}")
    steps = _search_steps(rounds, target, bounds, slack_ratio)
    expected = [step.threshold for step in steps]
    mine = [int(item) for item in tries]
    if mine == expected:
        return
    if len(mine) > 2 and all(later - earlier in (1, -1) for earlier, later in itertools.pairwise(mine)):
        raise AssertionError(
            "your tries go one threshold at a time: that is a walk, not the search. The binary search halves the "
            "range at every try: it tries the middle of the bounds, then the middle of the half that can still work"
        )
    # After a few tries, which try is the first wrong one (or that every try so far is right) would let a learner
    # settle the search one try at a time, changing a number until the message moves on: then the rule alone
    # (see runtime.narrowing), the same words whatever the tries.
    idea = (
        f"Your tries are not the search's. The first try is the middle of the bounds {tuple(bounds)}, "
        "(lower + upper) // 2; a try whose vocab is bigger than the target moves lower above it (that threshold + 1), "
        f"one whose vocab is more than {slack_ratio:.0%} below the target moves upper below it (that threshold - 1), "
        "and the search tries the middle of the new range, until the first vocab that fits. Work each try out with "
        "book_rounds.size(threshold)"
    )
    first_wrong = next((number for number, (a, b) in enumerate(zip(mine, expected)) if a != b), None)
    if first_wrong is None:
        size = rounds.size(mine[-1])
        if len(mine) < len(expected):
            raise AssertionError(
                runtime.narrowing(
                    f"your tries are right so far, but the search goes on: threshold {mine[-1]} gives {size:,} tokens, "
                    f"and it stops only at a vocab of at most {target:,} tokens and at most {slack_ratio:.0%} fewer",
                    idea,
                )
            )
        raise AssertionError(
            runtime.narrowing(
                f"your tries are right, and then you went on: the search stops at the first threshold whose vocab "
                f"fits ({target:,} tokens at most, {slack_ratio:.0%} fewer at least)",
                idea,
            )
        )
    if first_wrong == 0:
        raise AssertionError(
            runtime.narrowing(
                f"the first try is the middle of the bounds {tuple(bounds)}: (lower + upper) // 2, rounded down", idea
            )
        )
    step = steps[first_wrong - 1]
    before = f"your {'first try is' if first_wrong == 1 else f'first {first_wrong} tries are'} right; try {first_wrong + 1} is not"
    # The rule, not the new range: with the range worked out, every wrong try would hand over the next right one.
    if step.vocab_size > target:
        moved = "more than the target, so the search moves lower above it (to that threshold + 1; upper stays)"
    else:
        moved = (
            f"fewer than the target minus {slack_ratio:.0%}, so the search moves upper below it "
            "(to that threshold - 1; lower stays)"
        )
    raise AssertionError(
        runtime.narrowing(
            f"{before}: threshold {step.threshold} gave {step.vocab_size:,} tokens, {moved} and tries the middle of "
            "the new range, (lower + upper) // 2",
            idea,
        )
    )


#: *Your turn 1* in the course: the corpus, the substring asked about, the threshold.
HUG_KEEPS = {"word_counts": {"hug": 10, "hugs": 5, "hugged": 3}, "token": "hug", "threshold": 4}
#: *Your turn 2* in the course: the corpus and the threshold. ``hugs`` keeps exactly the threshold, so keeping
#: only counts above it (the guide's '>') gives another set here too, not only in the graded variants.
SURVIVORS = {"word_counts": {"hug": 6, "hugs": 4, "bugs": 3, "bug": 1}, "threshold": 4}
#: *Your turn 4* in the course: the target vocab size and the upper cap of the bounds (the lower one is 1).
#: Your turn 4's target and cap. At 1,600 tokens the search stops at a try inside the 5% slack before its range
#: closes (at 1,500 it closed on the same try), so a search that waits for the target itself lists more tries.
THRESHOLD_SEARCH = {"target": 1600, "upper_thresh": 100}
_CONSONANTS, _VOWELS = "bcdfghklmnprtvwz", "aeiou"


def _stem(rng: random.Random) -> str:
    return rng.choice(_CONSONANTS) + rng.choice(_VOWELS) + rng.choice(_CONSONANTS)


@WORKBOOK.variants("hug_keeps", course=dict(HUG_KEEPS))
def hug_keeps_variant(rng: random.Random) -> dict[str, Any]:
    """A stem seen 5 to 20 times, with -s and with its last letter doubled and -ed (as hug, hugs, hugged), a threshold.

    The longer words are rarer than the threshold allows for the doubled one, so the guide's rule
    (only kept substrings give back) and TensorFlow Text's differ, as on the course's words.
    """
    while True:
        stem = _stem(rng)
        threshold = rng.randint(3, 6)
        counts = {
            stem: rng.randint(5, 20),
            stem + "s": rng.randint(2, 8),
            stem + stem[-1] + "ed": rng.randint(2, threshold - 1),
        }
        if not 9 <= sum(counts.values()) <= 36:
            continue
        totals, remaining = _remaining_counts(counts)
        kept_rule = threshold_pass(totals, threshold, subtract="kept").get(stem)
        if remaining[stem] not in (totals[stem], kept_rule):
            return {"word_counts": counts, "token": stem, "threshold": threshold}


@WORKBOOK.variants("survivors", course=dict(SURVIVORS))
def survivors_variant(rng: random.Random) -> dict[str, Any]:
    """Two stems that differ in their first letter (hug, bug), each alone and with -s, and a threshold of 3 to 5.

    As on the course's words, some substring occurs more often than the threshold and does not
    survive, a whole word and a word ending survive, and the slips the check names give other sets.
    """
    while True:
        first = _stem(rng)
        other = rng.choice([letter for letter in _CONSONANTS if letter != first[0]]) + first[1:]
        ending = rng.choice("sz")
        counts = {first: rng.randint(4, 9), first + ending: rng.randint(2, 5), other + ending: rng.randint(2, 5)}
        counts[other] = rng.randint(1, 3)
        threshold = rng.randint(3, 5)
        if not 7 <= sum(counts.values()) <= 26:
            continue
        totals = substring_counts(counts)
        kept = set(threshold_pass(totals, threshold))
        if (
            any(token in counts for token in kept)
            and any(token.startswith(JOINER) for token in kept)
            and any(total > threshold and token not in kept for token, total in totals.items())
            and kept != set(threshold_pass(totals, threshold, subtract="kept"))
            and kept != set(threshold_pass(totals, threshold + 1))
        ):
            return {"word_counts": counts, "threshold": threshold}


@WORKBOOK.variants("threshold_tries", course=dict(THRESHOLD_SEARCH))
def threshold_search_variant(rng: random.Random) -> dict[str, int]:
    """A target of 800 to 3,200 tokens (the course's 1,600 within a factor of two), the bounds capped at 50 to 200."""
    return {"target": rng.randint(80, 320) * 10, "upper_thresh": rng.randint(50, 200)}


__all__ = [
    "HUG_KEEPS",
    "SURVIVORS",
    "THRESHOLD_SEARCH",
    "WORKBOOK",
    "check_effective_count",
    "check_split_points",
    "check_surviving_substrings",
    "check_threshold_search",
    "hug_keeps_variant",
    "progress",
    "show_answer",
    "survivors_variant",
    "threshold_search_variant",
]
