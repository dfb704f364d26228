"""Checks behind notebook 12's "your turn" exercises (Unigram).

They run in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`: a right
answer passes quietly, a wrong one is told which idea is off (never the
expected value), and an answer still set to ``TODO`` skips as "not done yet".
The expected answers come from the piece frequencies, computed exactly here
with fractions (every cut listed), and from the core's ``removal_losses``.
``word_probability`` runs on fresh vocabs and words with the core's Unigram
model and trainer counted (refused when they did the work); the pruning
prediction refuses an answer cell that ran ``removal_losses``.

>>> WORKBOOK.reset()
>>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> check_best_cut((Fraction(34, 231525), 2), corpus, "puns")
>>> check_best_cut((Fraction(20), 2), corpus, "puns")
Traceback (most recent call last):
...
AssertionError: a probability is at most 1: divide each piece's frequency by the total
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.unigram.tables import cut_fraction, cuts_frame, removal_frame
from wordpiece_lib.classroom.unigram.widgets import sampling_frame
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.training import (
    corpus_loss,
    expected_counts,
    model_from_frequencies,
    removal_losses,
    substring_frequencies,
    train_unigram,
)

#: The course's corpus (the notebook's worked example); a copied answer for it is told so.
COURSE = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


def every_cut(word: str, pieces: Iterable[str]) -> list[list[str]]:
    """Every way to cut ``word`` into the given pieces, in a fixed order (first piece shortest first).

    >>> every_cut("pug", ["p", "u", "g", "pu", "ug"])
    [['p', 'u', 'g'], ['p', 'ug'], ['pu', 'g']]
    """
    vocab = set(pieces)
    cuts: list[list[str]] = []

    def walk(position: int, so_far: list[str]) -> None:
        if position == len(word):
            cuts.append(so_far)
            return
        for end in range(position + 1, len(word) + 1):
            if word[position:end] in vocab:
                walk(end, [*so_far, word[position:end]])

    walk(0, [])
    return cuts


def _exact_word_probability(word: str, probabilities: Mapping[str, Fraction]) -> Fraction:
    """The sum over every cut of the product of its pieces' probabilities (by enumeration, not by the lattice)."""
    return sum(
        (
            math.prod((probabilities[piece] for piece in cut), start=Fraction(1))
            for cut in every_cut(word, probabilities)
        ),
        start=Fraction(0),
    )


WORKBOOK = runtime.Workbook(
    "12 · Unigram, the third way",
    [
        runtime.Exercise(
            "bugs_best",
            "Your turn 1 · the best cut of a new word",
            hints=(
                "List the pieces of the vocab that fit inside the word, then every way to chain them from the "
                "first letter to the last.",
                "A cut's probability is the product of its pieces' frequency over the total; fewer pieces usually win.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "word_probability",
            "Your turn 2 · the probability of a word",
            hints=(
                "best_cut keeps the largest product; the word's probability keeps them all and adds them up.",
                "To avoid listing every cut: total[end] adds total[start] × p(word[start:end]) over every piece "
                "that ends at end.",
            ),
        ),
        runtime.Exercise(
            "zero_cost",
            "Your turn 3 · which pieces can go for free?",
            hints=(
                "Write the best cut of each word first: a piece that no best cut uses costs nothing to remove.",
                "A piece a best cut uses costs nothing too if another cut of that word, without it, is exactly as "
                "likely.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "hug_chance",
            "Your turn 4 · predict a draw",
            hints=(
                "A cut is drawn in proportion to its probability raised to the power alpha: its share of that power "
                "summed over every cut.",
                "At alpha 1 the sum over every cut is the word's probability (Your turn 2); list the cuts of the word "
                "as in Your turn 1.",
            ),
            prediction=True,
        ),
    ],
    answers="unigram",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their function on vocabs and words of their own.
WORKBOOK.vary_fresh_inputs("word_probability")

#: The model and the trainer compute a word's probability (forward sums) for you.
FORWARD_SUMS = (
    *runtime.forbid(UnigramModel, expected_counts, corpus_loss, train_unigram),
    runtime.Forbidden("best_cut", names=("best_cut",)),
)
#: The chance of a cut under sampling, computed for you.
runtime.watch_answer("hug_chance", runtime.forbid(UnigramModel.cut_probability, UnigramModel.sample, sampling_frame))
#: What removing a piece costs, or the best cuts it depends on, computed for you (any method of a model).
runtime.watch_answer(
    "zero_cost", runtime.forbid(removal_losses, corpus_loss, removal_frame, UnigramModel, model_from_frequencies)
)
#: The best cut and its ties, computed for you: the exercise is worked on paper.
runtime.watch_answer("bugs_best", runtime.forbid(UnigramModel, model_from_frequencies, train_unigram, cuts_frame))


def _as_fraction(value: Any, what: str) -> Fraction:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if runtime.made_from_a_float(value):
        raise AssertionError(f"{what}: {runtime.FROM_A_FLOAT}")
    if isinstance(value, float):
        raise AssertionError(
            f"give {what} as an exact Fraction, such as Fraction(1, 3), not a float: the probabilities here are "
            "frequencies divided by their total, exact fractions, and a float is rounded"
        )
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise AssertionError(
            f"give {what} as an exact Fraction, such as Fraction(1, 3), got {runtime.short_repr(value)}"
        )
    return Fraction(value)


@WORKBOOK.check("bugs_best")
def check_best_cut(answer: Any, word_counts: Mapping[str, int], word: str, *, source: str | None = None) -> None:
    """Check ``(probability of the best cut, how many cuts reach it)`` for ``word`` under the course's first vocab.

    The vocab is every strict substring of ``word_counts`` with its frequency; a
    piece's probability is its frequency over the total. ``source`` is the code
    that made the answer (default: the notebook cell that assigned ``bugs_best``);
    a model's cutting there fails: this one is worked on paper.

    >>> WORKBOOK.reset()
    >>> check_best_cut((Fraction(34, 231525), 3), COURSE, "puns")
    Traceback (most recent call last):
    ...
    AssertionError: the probability is right; the count is not: you counted every cut of the word, but only the cuts whose probability is the best one count
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given = runtime.require(answer, "the best cut's probability and how many cuts reach it")
    runtime.refuse_in_answer(
        "bugs_best",
        ("model_from_frequencies", "UnigramModel", "train_unigram", "cuts_frame"),
        "your answer uses {name}, which picks the best cut for you: picking it, and its ties, is the exercise "
        "(section 2's all_cuts may list the cuts; the products and the best are yours)",
        source,
    )
    if isinstance(given, (str, bytes)) or not isinstance(given, (tuple, list)) or len(given) != 2:
        raise AssertionError(
            f"answer with a pair: (the probability as a Fraction, how many cuts reach it), got {runtime.short_repr(given)}"
        )
    runtime.in_container(given, tuple, "your answer", "(the probability as a Fraction, how many cuts reach it)")
    first, second = given
    if (
        isinstance(first, int)
        and not isinstance(first, bool)
        and isinstance(second, (Fraction, float))
        and not isinstance(second, int)
    ):
        raise AssertionError(
            "your pair is the other way round: the probability comes first, then how many cuts reach it"
        )
    probability = _as_fraction(given[0], "the probability")
    count = given[1]
    frequencies = substring_frequencies(as_word_counts(word_counts))
    total = sum(frequencies.values())
    cuts = every_cut(word, frequencies)
    if not cuts:
        raise ValueError(f"{word!r} cannot be cut into pieces of this vocab")
    chances = [cut_fraction(cut, frequencies) for cut in cuts]
    best = max(chances)
    if probability != best:
        products = [math.prod(frequencies[piece] for piece in cut) for cut in cuts]
        if probability in products:
            raise AssertionError(
                "that product uses the pieces' frequencies: a piece's probability is its frequency divided by the "
                "total of all frequencies, once per piece"
            )
        if probability in [Fraction(product, total) for product in products]:
            raise AssertionError(
                "you divided by the total once for the whole cut; each piece is divided by the total, so a cut of "
                "two pieces is divided by the total twice"
            )
        if probability == sum(chances):
            raise AssertionError(
                "that adds up every cut (the probability of the word); the question asks for the best single cut"
            )
        for other in word_counts:  # a word of the corpus, worked in the notebook (pug) or not
            other_best = max((cut_fraction(cut, frequencies) for cut in every_cut(other, frequencies)), default=None)
            if other != word and probability == other_best:
                raise AssertionError(
                    f"that is the best cut's probability of {other!r}, a word of the corpus; {word!r} has pieces of "
                    "its own: list them, then its cuts"
                )
        if probability in chances:
            raise AssertionError(
                "that is the probability of one cut of the word, but not of the best one: compare every cut "
                "(a cut with fewer pieces is usually more likely)"
            )
        if probability > 1:
            raise AssertionError("a probability is at most 1: divide each piece's frequency by the total")
        raise AssertionError(
            f"that is not the probability of any cut of {word!r} into pieces of this vocab: list the pieces that fit "
            "inside the word (every strict substring of the corpus's words), then every way to chain them"
        )
    if isinstance(count, bool) or not isinstance(count, int):
        raise AssertionError(f"the second part is a whole number of cuts (an int), got {runtime.short_repr(count)}")
    tied = chances.count(best)
    if count == tied:
        return
    if count == len(cuts):
        raise AssertionError(
            "the probability is right; the count is not: you counted every cut of the word, but only the cuts "
            "whose probability is the best one count"
        )
    if count == 1:
        raise AssertionError(
            "the probability is right; the count is not: more than one cut reaches it (a tie, as for `pug`)"
        )
    raise AssertionError(
        "the probability is right; the count is not: count the cuts whose probability equals the best one"
    )


#: The notebook's one rule for its section 2 functions, the same in every exercise (the notebook states it):
#: ``all_cuts`` lists a word's cuts, which no exercise asks for, so any answer may use it; ``best_cut`` picks the
#: best cut, which is what the exercises ask, so no answer may run it (found by what runs, not by name: a learner
#: may well call a number of theirs best_cut).
WORKED_BEST_CUT = runtime.Forbidden("best_cut", names=("best_cut",))
#: bugs_best's cut scored for you: the model, the check's own helpers, section 2's best_cut. Added to what is
#: watched already, so it keeps any rule set above.
runtime.watch_answer(
    "bugs_best",
    (
        *runtime.WATCHED.get("bugs_best", ()),
        *runtime.forbid(UnigramModel, model_from_frequencies, train_unigram, every_cut, cut_fraction),
        WORKED_BEST_CUT,
    ),
)
for _key in ("zero_cost", "hug_chance"):
    runtime.watch_answer(_key, (*runtime.WATCHED.get(_key, ()), WORKED_BEST_CUT))


@WORKBOOK.check("hug_chance")
def check_sample_chance(
    answer: Any,
    word_counts: Mapping[str, int],
    word: str,
    cut: Iterable[str],
    alpha: int = 1,
    *,
    source: str | None = None,
) -> None:
    """Check the chance that sampling at ``alpha`` gives ``cut`` of ``word`` (the course's first vocab), exactly.

    At ``alpha`` a cut is drawn with probability proportional to P(cut) ** alpha
    (``alpha`` a whole number here, so the chance stays an exact fraction).
    ``source`` is the code that made the answer (default: the notebook cell that
    assigned ``hug_chance``); running the model's sampling there fails.

    >>> WORKBOOK.reset()
    >>> check_sample_chance(Fraction(1, 4), COURSE, "hug", ["hug"], source="")
    Traceback (most recent call last):
    ...
    AssertionError: that is the chance at alpha 0, where every cut is as likely; at alpha 1 a cut is drawn in proportion to its probability
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given = runtime.require(answer, "the chance of the cut")
    runtime.refuse_in_answer(
        "hug_chance",
        ("cut_probability", "sample", "sampling_frame"),
        "your answer uses {name}, which computes the chance for you: work it out from the cuts' probabilities",
        source,
    )
    value = _as_fraction(given, "the chance")
    frequencies = substring_frequencies(as_word_counts(word_counts))
    cuts = every_cut(word, frequencies)
    probabilities = [cut_fraction(each, frequencies) for each in cuts]
    chances = [chance**alpha for chance in probabilities]
    own = cut_fraction(list(cut), frequencies)
    mine = own**alpha
    expected = mine / sum(chances)
    if value == expected:
        return
    powered = "its probability" if alpha == 1 else "its probability raised to the power alpha"
    if value in (own, mine):
        raise AssertionError(
            "that is the cut's own probability (as in section 2); sampling divides it by the sum over every cut of "
            "the word, so that the chances of all cuts add up to 1"
            if value == own
            else "that is the cut's probability raised to the power alpha; sampling divides it by the same power of "
            "every cut of the word, added up, so that the chances of all cuts add up to 1"
        )
    if value == Fraction(1, len(cuts)):
        raise AssertionError(
            f"that is the chance at alpha 0, where every cut is as likely; at alpha {alpha} a cut is drawn in "
            f"proportion to {powered}"
        )
    if alpha != 1 and value == own / sum(probabilities):
        raise AssertionError(
            f"that is the chance at alpha 1; at alpha {alpha} raise every cut's probability to the power alpha "
            "(the cut's and each other cut's), then take the cut's share"
        )
    if value == 1:
        raise AssertionError("that is Viterbi's choice (always the best cut); sampling draws the other cuts too")
    if value in (sum(probabilities), sum(chances)):
        raise AssertionError(
            "that is the probability of the word (every cut added); the cut's chance is its share of it"
            if value == sum(probabilities)
            else "that adds up every cut's powered probability; the cut's chance is its share of that sum"
        )
    if value in [chance / sum(chances) for chance in chances]:
        raise AssertionError("that is the chance of another cut of the word: check which cut the question names")
    best = max(chances)
    if value == mine / sum(chance for chance in chances if chance in (best, mine)):
        raise AssertionError("every cut of the word can be drawn, not only the best ones: add them all")
    rounded = next((digits for digits in range(1, 7) if value == round(expected, digits)), None)
    if rounded is not None:
        raise AssertionError(
            f"that is the chance rounded to {rounded} decimal{'s' if rounded > 1 else ''}: the chance is an exact "
            "fraction of the cuts' probabilities; keep it exact (Fractions all the way), with no decimal on the way"
        )
    if _is_decimal(value) and abs(value - expected) <= expected / 10:
        raise AssertionError(
            "that is near the chance, but not it: a share of sampled draws (or a value rounded on the way) only "
            "estimates the chance; the exercise asks for it exactly, worked out from the probabilities of the cuts"
        )
    if value > 1:
        raise AssertionError("a chance is at most 1: divide the cut's probability by the sum over every cut")
    raise AssertionError(
        f"divide the cut's {'probability' if alpha == 1 else 'probability, raised to the power alpha,'} by the sum of "
        f"the {'probabilities' if alpha == 1 else 'same powers'} of every cut of the word (list them all, as in Your "
        "turn 1)"
    )


def _is_decimal(value: Fraction) -> bool:
    """True when ``value`` is written with finitely many decimals (a share of 100 or 1,000 draws, a rounded value).

    >>> _is_decimal(Fraction(427, 500)), _is_decimal(Fraction(735, 887))
    (True, False)
    """
    denominator = value.denominator
    for factor in (2, 5):
        while denominator % factor == 0:
            denominator //= factor
    return denominator == 1


def _fresh_vocab(rng: random.Random, letters: str) -> dict[str, Fraction]:
    pieces = list(letters)
    for length in (2, 3):
        pieces += [word for word in runtime.fresh_words(rng, letters, count=4, shortest=length, longest=length)]
    pieces = list(dict.fromkeys(pieces))
    weights = [rng.randint(1, 9) for _ in pieces]
    total = sum(weights)
    return {piece: Fraction(weight, total) for piece, weight in zip(pieces, weights)}


def _fresh_probability_cases() -> list[tuple[str, dict[str, Fraction]]]:
    rng = runtime.fresh_rng("word_probability")
    cases: list[tuple[str, dict[str, Fraction]]] = []
    for letters in ("abc", "lmno", "st"):
        vocab = _fresh_vocab(rng, letters)
        longest = max(vocab, key=len)  # a word that is a piece: its one-piece cut counts too
        words = [longest, letters[0] * 4, *runtime.fresh_words(rng, letters, count=4, shortest=2, longest=6)]
        words.append(letters[0] + "z" + letters[-1])  # a letter no piece has: no cut at all
        cases += [(word, vocab) for word in dict.fromkeys(words)]
    return cases


def _slips(word: str, probabilities: Mapping[str, Fraction]) -> dict[str, Fraction | None]:
    """What each known slip gives for ``word`` (None: the slip says nothing about this word)."""
    cuts = every_cut(word, probabilities)
    products = [math.prod((probabilities[piece] for piece in cut), start=Fraction(1)) for cut in cuts]
    return {
        "max": max(products) if products else Fraction(0),
        "sum of sums": sum((sum(probabilities[p] for p in cut) for cut in cuts), Fraction(0)),
        "no whole word": sum((p for cut, p in zip(cuts, products) if len(cut) > 1), Fraction(0)),
        "at most two pieces": sum((p for cut, p in zip(cuts, products) if len(cut) <= 2), Fraction(0)),
        "characters only": products[0] if cuts and all(len(p) == 1 for p in cuts[0]) else None,
    }


#: The idea each slip of :func:`_slips` misses (``{intro}`` names the call).
_SLIP_IDEAS = {
    "max": "word_probability(...) gave the probability of the best cut only (what section 2's best_cut keeps): a "
    "word's probability adds up every cut of it",
    "sum of sums": "{intro}: within one cut, MULTIPLY the pieces' probabilities; then add the cuts",
    "no whole word": "{intro}: the whole word is a piece of this vocab, so the cut of one piece counts too",
    "at most two pieces": "{intro}: a cut may have any number of pieces, three, four or one per letter, not only one "
    "or two: add every cut, however many pieces it has",
    "characters only": "{intro}: that is only the cut into single characters; add every other cut too",
}


def _slip_of_every_run(runs: list[tuple[str, Mapping[str, Fraction], Any, Fraction]]) -> str | None:
    """The known slip that gives, on every fresh case, what the answer gave (None: no known slip does)."""
    slips = [_slips(word, probabilities) for word, probabilities, _, _ in runs]
    for name in _SLIP_IDEAS:
        if all(slip[name] is not None and got == slip[name] for slip, (_, _, got, _) in zip(slips, runs)):
            return name
    return None


@WORKBOOK.check("word_probability")
def check_word_probability(function: Callable[[str, Mapping[str, Fraction]], Any]) -> None:
    """Check ``word_probability(word, probabilities)``: the sum over every cut of the product of its pieces.

    A known slip is told by what the answer gives on every fresh case, not on one word where it may agree
    with another slip.

    >>> WORKBOOK.reset()
    >>> def best_only(word, probabilities):
    ...     from math import prod
    ...     return max((prod((probabilities[p] for p in cut), start=Fraction(1)) for cut in every_cut(word, probabilities)), default=Fraction(0))
    >>> check_word_probability(best_only)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    AssertionError: word_probability(...) gave the probability of the best cut only (what section 2's best_cut keeps): a word's probability adds up every cut of it
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    runs = []
    for word, probabilities in _fresh_probability_cases():
        got = runtime.call(
            function,
            word,
            dict(probabilities),
            name="word_probability",
            exercise="the probability of a word",
            forbidden=FORWARD_SUMS,
            none_is_answer=True,
        )
        expected = _exact_word_probability(word, probabilities)
        if got is None:
            raise AssertionError(
                f"word_probability({word!r}, probabilities) returned None: "
                + (
                    "when no cut exists the probability is 0, a number like every other answer"
                    if expected == 0
                    else "did you forget the `return` line?"
                )
            )
        if runtime.made_from_a_float(got) and not runtime.made_from_a_float(expected):
            raise AssertionError(f"word_probability({word!r}, probabilities): {runtime.FROM_A_FLOAT}")
        if isinstance(got, float):
            raise AssertionError(
                f"word_probability({word!r}, probabilities) gave a float: the probabilities are exact Fractions; "
                "keep them exact (no math.exp, math.log or float() on the way)"
            )
        if isinstance(got, bool) or not isinstance(got, (int, Fraction)):
            raise AssertionError(
                f"word_probability({word!r}, probabilities) should return a Fraction, got {runtime.short_repr(got)}"
            )
        runs.append((word, probabilities, got, expected))
    wrong = [(word, probabilities, got, expected) for word, probabilities, got, expected in runs if got != expected]
    if not wrong:
        return
    word, probabilities, got, expected = wrong[0]
    intro = f"word_probability({word!r}, probabilities)"
    if expected == 0:
        raise AssertionError(
            f"{intro}: a letter of this word is in no piece, so no cut exists and the probability is 0"
        )
    every_run = _slip_of_every_run(runs)
    if every_run is not None:
        raise AssertionError(_SLIP_IDEAS[every_run].format(intro=intro))
    slips = _slips(word, probabilities)
    for name, idea in _SLIP_IDEAS.items():
        if slips[name] is not None and got == slips[name]:
            raise AssertionError(idea.format(intro=intro))
    if got < 0 or got > 1:
        raise AssertionError(f"{intro}: a probability is between 0 and 1 (a log or a count is not)")
    raise AssertionError(
        f"{intro}: add, over every cut of the word into pieces of the vocab, the product of its pieces' probabilities"
    )


def _zero_cost(word_counts: Mapping[str, int]) -> set[str]:
    return set(_zero_cost_of(tuple(as_word_counts(word_counts).items())))


@functools.lru_cache(maxsize=256)
def _zero_cost_of(items: tuple[tuple[str, int], ...]) -> frozenset[str]:
    """The free pieces of one corpus, kept: a class's checks ask again for the same few corpora."""
    counts = as_word_counts(dict(items))
    model = model_from_frequencies(substring_frequencies(counts))
    return frozenset(piece for piece, loss in removal_losses(model, counts).items() if abs(loss) < 1e-9)


@WORKBOOK.check("zero_cost")
def check_zero_cost(answer: Any, word_counts: Mapping[str, int], *, source: str | None = None) -> None:
    """Check the set of pieces (longer than one character) whose removal leaves the corpus loss as it is.

    ``source`` is the code that made the answer (default: the notebook cell that
    assigned ``zero_cost``); running ``removal_losses`` there fails.

    >>> WORKBOOK.reset()
    >>> check_zero_cost({"hu", "ug", "pu", "un", "bu", "ugs", "gs"}, COURSE, source="")
    >>> check_zero_cost({"hu", "ug", "pu", "un", "bu", "ugs", "gs", "p"}, COURSE, source="")
    Traceback (most recent call last):
    ...
    AssertionError: 'p' is a single character: pruning never removes one (every word must stay spellable); leave characters out
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given = runtime.require(answer, "the pieces that can go for free")
    runtime.refuse_in_answer(
        "zero_cost",
        ("removal_losses", "removal_frame", "corpus_loss", "model_from_frequencies", "UnigramModel"),
        "your answer uses {name}, which finds the best cuts or what removing a piece costs for you: find the best "
        "cuts of the words yourself",
        source,
    )
    if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
        raise AssertionError(f"answer with a set of pieces such as {{'ab', 'bc'}}, got {runtime.short_repr(given)}")
    pieces = list(runtime.in_container(given, set, "your answer", "of pieces, such as {'ab', 'bc'}"))
    if any(not isinstance(piece, str) for piece in pieces):
        raise AssertionError("answer with a set of pieces (strings) such as {'ab', 'bc'}")
    got = set(pieces)
    counts = as_word_counts(word_counts)
    frequencies = substring_frequencies(counts)
    expected = _zero_cost(counts)
    if got == expected:
        return
    if dict(counts) != COURSE and got == _zero_cost(COURSE):
        raise AssertionError(
            "that is the answer for the course's corpus of section 4; this corpus has other words: find the best "
            "cuts of ITS words"
        )
    for piece in sorted(got):
        if piece not in frequencies:
            raise AssertionError(
                f"{piece!r} is not a piece of this vocab: the vocab holds the strict substrings of the words (a whole "
                "word only when it sits inside a longer one)"
            )
    # after a few tries, naming a wrong piece would let one be changed a try until it passes (see runtime.narrowing)
    idea = (
        "Some pieces are wrong. A piece can go for free when no word's best cut needs it: no best cut uses it, or "
        "its word has another cut exactly as likely; find the best cuts of every word"
    )
    twins_needed, one_best_each = _twin_slips(counts)
    if got == twins_needed:  # narrowed too: with one twin, this set is the answer less an item or two
        raise AssertionError(
            runtime.narrowing(
                "you kept every piece that some best cut uses; but when a word has two best cuts, exactly as likely "
                "(twins), a piece only one of them uses can go for free: the other twin takes over at the same cost",
                idea,
            )
        )
    if got in one_best_each:
        raise AssertionError(
            runtime.narrowing(
                "you took one best cut for each word; but a word can have two best cuts, exactly as likely (twins): "
                "a piece only one of them uses can go for free, whichever twin you wrote down",
                idea,
            )
        )
    for piece in sorted(got):
        if len(piece) == 1:
            raise AssertionError(
                f"{piece!r} is a single character: pruning never removes one (every word must stay spellable); "
                "leave characters out"
            )
    multi = sorted((p for p in frequencies if len(p) > 1), key=lambda p: (frequencies[p], p))
    if 0 < len(got) < len(multi) and got == set(multi[: len(got)]) and got != expected:  # none, or all, is no choice
        raise AssertionError(
            "those are the rarest pieces; what decides is whether some word's best cut needs the piece (and has no "
            "other cut as likely), not how frequent the piece is"
        )
    extra = sorted(got - expected)
    if extra:
        raise AssertionError(
            runtime.narrowing(
                f"removing {extra[0]!r} costs something: some word's best cut uses it, and every other cut of that "
                "word is less likely",
                idea,
            )
        )
    missing = len(expected - got)
    raise AssertionError(
        runtime.narrowing(
            f"your set misses {missing} piece{'s' if missing > 1 else ''} that can go for free: a piece no best cut "
            "uses, or one whose word has another cut exactly as likely",
            idea,
        )
    )


#: The word of *Your turn 1* in the course (a graded release gives each student a word of their own).
BEST_CUT_WORD = "bugs"
#: The word and the cut of *Your turn 4* in the course.
CHANCE_WORD, CHANCE_CUT = "hug", ("hug",)
#: The corpus of *Your turn 3* in the course. ``bun`` has twin best cuts (``b un``, ``bu n``: its ``b`` and ``n`` occur
#: nowhere else), so missing the twin rule gives another set on the course's words too, not only in the variants.
ZERO_COST_COUNTS = {"mug": 8, "mugs": 3, "gum": 6, "bun": 4, "hum": 5}
#: Never a variant's word: the words whose cuts the notebook works out (section 2's ``pug``, section 3's
#: ``hugs``, the stepper's ``bunhugs``), the course's own word and the words of the corpus.
_WORKED_WORDS = frozenset({"pug", "hugs", "bunhugs", BEST_CUT_WORD, *COURSE})


def _course_frequencies() -> dict[str, int]:
    return dict(substring_frequencies(as_word_counts(COURSE)))


def _cut_count_within_two(word: str, frequencies: Mapping[str, int], course_word: str) -> bool:
    """True when ``word`` has a number of cuts within a factor of two of ``course_word``'s (the same work by hand)."""
    course = len(every_cut(course_word, frequencies))
    return course / 2 <= len(every_cut(word, frequencies)) <= course * 2


def _new_word(rng: random.Random, course_word: str) -> str:
    """A word of four to six letters, made of two or three pieces of the course's vocab, not a word the notebook cuts.

    Like ``bugs`` (``bu`` + ``gs``) it is spelled by the first vocab and has
    about as many cuts to compare by hand as ``course_word``.
    """
    frequencies = _course_frequencies()
    longer = sorted(piece for piece in frequencies if len(piece) > 1)
    letters = sorted(piece for piece in frequencies if len(piece) == 1)
    while True:
        parts = [rng.choice(longer), rng.choice([*longer, *letters])]
        if rng.random() < 0.4:
            parts.append(rng.choice(letters))
        word = "".join(parts)
        if 4 <= len(word) <= 6 and word not in _WORKED_WORDS and _cut_count_within_two(word, frequencies, course_word):
            return word


@WORKBOOK.variants("bugs_best", course={"word": BEST_CUT_WORD})
def best_cut_variant(rng: random.Random) -> dict[str, str]:
    """A new word the first vocab spells, with 3 to 12 cuts (``bugs`` has 6): no word of the corpus, none worked."""
    return {"word": _new_word(rng, BEST_CUT_WORD)}


@WORKBOOK.variants("hug_chance", course={"word": CHANCE_WORD, "cut": list(CHANCE_CUT), "alpha": 1})
def chance_variant(rng: random.Random) -> dict[str, Any]:
    """A new word with 2 to 8 cuts (``hug`` has 4), one of its cuts, and ``alpha`` 1 or 2.

    With one vocab for every student, the chances of one cut at ``alpha`` 1 take
    few distinct values (a cut's share depends only on the pieces around it);
    ``alpha`` 2, the same rule with each probability squared, doubles them.
    """
    word = _new_word(rng, CHANCE_WORD)
    return {"word": word, "cut": list(rng.choice(every_cut(word, _course_frequencies()))), "alpha": rng.choice((1, 2))}


def _best_cuts(word_counts: Mapping[str, int]) -> tuple[set[str], list[list[set[str]]]]:
    """The pieces longer than a character, and for each word the pieces of each of its best cuts (exact fractions)."""
    frequencies = substring_frequencies(as_word_counts(word_counts))
    tied = []
    for word in word_counts:
        chances = [(cut_fraction(cut, frequencies), set(cut)) for cut in every_cut(word, frequencies)]
        best = max(chance for chance, _ in chances)
        tied.append([pieces for chance, pieces in chances if chance == best])
    return {piece for piece in frequencies if len(piece) > 1}, tied


def _exact_zero_cost(word_counts: Mapping[str, int]) -> set[str]:
    """The pieces longer than a character that some best cut of every word does without (exact fractions)."""
    pieces, tied = _best_cuts(word_counts)
    return pieces - set().union(*(set.intersection(*cuts) for cuts in tied))


def _twin_slips(word_counts: Mapping[str, int]) -> tuple[set[str], list[set[str]]]:
    """The two answers of a learner who misses that a word's best cut can have a twin, exactly as likely.

    The pieces no best cut uses (every twin's pieces taken as needed), and the
    answers of one best cut taken per word (each choice among the twins, at
    most 64 choices; a corpus with no twins gives the right answer there).

    >>> union, one_each = _twin_slips({"mug": 8, "mugs": 3, "gum": 6, "bun": 4, "hum": 5})
    >>> sorted(union), [sorted(answer) for answer in one_each]
    (['gs', 'gu', 'mu', 'ug'], [['bu', 'gs', 'gu', 'mu', 'ug'], ['gs', 'gu', 'mu', 'ug', 'un']])
    """
    pieces, tied = _best_cuts(word_counts)
    union = pieces - set().union(*(set().union(*cuts) for cuts in tied))
    one_each = [pieces - set().union(*choice) for choice in itertools.islice(itertools.product(*tied), 64)]
    return union, one_each


@WORKBOOK.variants("zero_cost", course={"word_counts": dict(ZERO_COST_COUNTS)})
def zero_cost_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """Five words like ``mug mugs nun bun hum``: four three-letter words sharing a vowel, one of them plus ``s``.

    Counts 2 to 10 (13 to 52 in all, the course's 26 within a factor of two);
    some pieces cost nothing and some do (3 to 10 free ones, as the course has
    6), the same set whether the losses are worked exactly or in floats. As on the
    course's words, a word has twin best cuts, so an answer that misses the twin
    rule (every best cut's pieces kept, or one best cut a word) gives another set.
    """
    consonants, vowels = "bcdfghklmnprtvz", "aeiou"
    course_pieces = sum(len(piece) > 1 for piece in substring_frequencies(as_word_counts(ZERO_COST_COUNTS)))
    while True:
        letters, vowel = rng.sample(consonants, 4), rng.choice(vowels)
        words = list(dict.fromkeys(rng.choice(letters) + vowel + rng.choice(letters) for _ in range(6)))[:4]
        if len(words) < 4:
            continue
        words.insert(rng.randrange(1, 5), rng.choice(words) + "s")
        counts = {word: rng.randint(2, 10) for word in words}
        free = _exact_zero_cost(counts)
        pieces = sum(len(piece) > 1 for piece in substring_frequencies(as_word_counts(counts)))
        if (
            13 <= sum(counts.values()) <= 52
            and 3 <= len(free) <= 10
            and len(free) < pieces
            and course_pieces / 2 <= pieces <= course_pieces * 2
            and free == _zero_cost(counts)
            and _twins_tell_apart(counts, free)
        ):
            return {"word_counts": counts}


def _twins_tell_apart(word_counts: Mapping[str, int], free: set[str]) -> bool:
    """True when both twin slips (:func:`_twin_slips`) give another set than ``free`` on these words."""
    union, one_each = _twin_slips(word_counts)
    return union != free and free not in one_each


__all__ = [
    "BEST_CUT_WORD",
    "CHANCE_CUT",
    "CHANCE_WORD",
    "COURSE",
    "WORKBOOK",
    "ZERO_COST_COUNTS",
    "best_cut_variant",
    "chance_variant",
    "check_best_cut",
    "check_sample_chance",
    "check_word_probability",
    "check_zero_cost",
    "every_cut",
    "progress",
    "show_answer",
    "zero_cost_variant",
]
