"""Checks behind notebook 06's "your turn" exercises (WordPiece against BPE).

They run in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`: a right
answer passes quietly, a wrong one is told which idea is off (never the
expected value), and an answer still set to ``TODO`` skips as "not done
yet". ``replay`` runs on merges learned from fresh corpora, with the
library's replay counted (refused when it did the work). The expected answers come from the library
(``bpe``, ``segmentation``, ``longest_match``), never from a hard-coded list.

>>> WORKBOOK.reset()
>>> check_first_bpe_merges([("a", "##b"), ("b", "##c")], {"ab": 3, "abc": 2, "bc": 4}, 2)
>>> check_first_bpe_merges([("b", "##c"), ("a", "##b")], {"ab": 3, "abc": 2, "bc": 4}, 2)
Traceback (most recent call last):
...
AssertionError: your pairs are the ones merged, in another order: BPE merges the most frequent pair first, then counts again and merges the most frequent of the new counts
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from itertools import pairwise
from typing import Any

from wordpiece_lib._validate import check_instance
from wordpiece_lib.analysis import (
    VocabOverlap,
    differing_words,
    longest_match_encoder,
    merge_replay_encoder,
    vocab_overlap,
)
from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.display import fraction_text
from wordpiece_lib.classroom.runtime.fresh_inputs import CONSONANTS as _CONSONANTS
from wordpiece_lib.classroom.runtime.fresh_inputs import VOWELS as _VOWELS
from wordpiece_lib.classroom.runtime.fresh_inputs import hug_pug_like_counts
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import alphabet, encode_word, split_word
from wordpiece_lib.training import (
    BpeEncoder,
    Trace,
    apply_merges,
    encode_with_merges,
    merge_in_pieces,
    merge_pair,
    pair_counts,
    train_bpe,
    train_fast,
)

WORKBOOK = runtime.Workbook(
    "06 · WordPiece and BPE: same pieces, two differences",
    [
        runtime.Exercise(
            "bpe_first_two",
            "Your turn 1 · BPE's first two merges",
            hints=(
                "For each pair, add the counts of the words it stands in: that is all BPE looks at.",
                "After the first merge, recount: the merged pair is gone, and the new token makes new pairs.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "toy_jaccard",
            "Your turn 2 · how much do the two vocabs share?",
            hints=("Count each token once: |A ∪ B| = |A| + |B| - |A ∩ B|.",),
        ),
        runtime.Exercise(
            "replay",
            "Your turn 3 · write merge replay",
            hints=(
                "Give each pair its position in the merges list; at each round find, among the pairs present, the "
                "one with the smallest position.",
                "Merge every occurrence of that pair, left to right, then look again: new pairs may appear.",
            ),
        ),
        runtime.Exercise(
            "bpe_differing_word",
            "Your turn 4 · BPE is not immune",
            hints=(
                "Look at the merges list: which early merge takes a letter that a later, longer token also needs?",
                "Start from a word of the corpus and change or add one letter.",
            ),
        ),
    ],
    answers="bpe_comparison",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their replay on merges of their own.
WORKBOOK.vary_fresh_inputs("replay")

#: merge_pair too: it merges a pair at every place it stands, the step notebook 03's merge_all writes by hand
REPLAYING = runtime.forbid(
    encode_with_merges, apply_merges, merge_in_pieces, merge_pair, BpeEncoder, merge_replay_encoder
)


def _as_pair(answer: Any) -> tuple[str, str]:
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    if isinstance(answer, str):
        raise AssertionError(
            f"give the PAIR that is merged, as two pieces like ('h', '##u'), not the new token {answer!r}"
        )
    pair = runtime.in_container(answer, tuple, "each merge", "a pair (left, right) like ('h', '##u')")
    if len(pair) != 2 or not all(isinstance(p, str) for p in pair):
        raise AssertionError(f"give a pair of two pieces like ('h', '##u'), got {answer!r}")
    return pair[0], pair[1]


runtime.watch_answer("bpe_first_two", runtime.forbid(train_bpe, train_fast, BpeEncoder))


@WORKBOOK.check("bpe_first_two")
def check_first_bpe_merges(
    answer: Any, word_counts: Mapping[str, int], count: int = 2, *, source: str | None = None
) -> None:
    """Check a prediction of BPE's first ``count`` merges (the most frequent neighbouring pair, each time).

    >>> WORKBOOK.reset()
    >>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> check_first_bpe_merges([("##u", "##g"), ("h", "##ug")], counts, 2)
    Traceback (most recent call last):
    ...
    AssertionError: merge 1 is right, merge 2 is not: after merge 1, your pair stands 15 times side by side, and another pair more often; recount every pair after each merge
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given = runtime.in_container(
        runtime.require(answer, "BPE's first merges"), list, "your merges", "one pair per merge, in order"
    )
    pairs = [_as_pair(item) for item in given]
    runtime.refuse_in_answer(
        "bpe_first_two",
        ["train_bpe", "train_fast", "BpeEncoder"],
        "your answer uses {name}, which trains BPE for you: count the pairs yourself, merge, and count again",
        source,
    )
    counts = as_word_counts(word_counts)
    trace = train_bpe(counts, len(alphabet(counts)) + count, special_tokens=[])
    expected = trace.merges[:count]
    if len(pairs) != len(expected):
        raise AssertionError(f"give exactly {len(expected)} pairs, one per merge; you gave {len(pairs)}")
    if len(pairs) > 1 and pairs != expected and sorted(pairs) == sorted(expected):
        raise AssertionError(
            "your pairs are the ones merged, in another order: BPE merges the most frequent pair first, then counts "
            "again and merges the most frequent of the new counts"
        )
    for number, (pair, right) in enumerate(zip(pairs, expected), start=1):
        if pair == right:
            continue
        intro = "merge 1 is not right" if number == 1 else f"merge {number - 1} is right, merge {number} is not"
        splits = trace.splits_at(number - 1)
        table = pair_counts(splits, counts)
        if pair not in table:
            pieces = sorted({piece for pieces in splits.values() for piece in pieces})
            if any(piece not in pieces for piece in pair):
                missing = next(piece for piece in pair if piece not in pieces)
                rule = (
                    "the first letter of a word has no '##'"
                    if missing.startswith("##")
                    else "inside a word, letters carry '##'"
                )
                raise AssertionError(f"{intro}: {missing!r} is not one of the pieces at that step ({rule})")
            raise AssertionError(f"{intro}: {pair!r} never stand side by side at that step, so they cannot be merged")
        best = table[right]
        if number == 1:
            wordpiece_first = train_fast(counts, len(alphabet(counts)) + 1, special_tokens=[]).steps[0]
            if pair == wordpiece_first.pair and table[pair] < best:
                raise AssertionError(
                    f"{intro}: {pair!r} is the pair WordPiece merges first (the best score); BPE ignores how common "
                    "the pieces are and takes the pair that stands side by side most often"
                )
        if table[pair] == best:
            raise AssertionError(
                f"{intro}: {pair!r} ties for the most frequent pair; the 'first' tie-break takes the tied pair met "
                "first when reading the words in order"
            )
        when = "" if number == 1 else f"after merge {number - 1}, "
        recount = "" if number == 1 else "; recount every pair after each merge"
        raise AssertionError(
            f"{intro}: {when}your pair stands {table[pair]} times side by side, and another pair more often{recount}"
        )


def _fresh_replay_cases() -> list[tuple[str, list[tuple[str, str]]]]:
    rng = runtime.fresh_rng("replay")
    cases: list[tuple[str, list[tuple[str, str]]]] = []
    for letters, trainer in (("abnsu", train_bpe), ("aeilr", train_fast), ("mno", train_bpe)):
        counts = runtime.fresh_counts(rng, letters, count=10, shortest=2, longest=7)
        trace = trainer(counts, 10**6, special_tokens=[])
        merges = trace.merges
        words = list(counts)[:3] + runtime.fresh_words(rng, letters, count=4, shortest=3, longest=8)
        vocab = set(trace.tokens())
        candidates = runtime.fresh_words(rng, letters, count=300, shortest=3, longest=7)
        differ = [word for word in candidates if encode_word(word, vocab) != encode_with_merges(word, merges)]
        words += differ[:2]  # words where longest match would give other tokens
        cases += [(word, list(merges)) for word in words]
    # Names written with a capital: a replay that lowercases the word no longer meets the merges learned on them.
    named = {word.capitalize(): n for word, n in runtime.fresh_counts(rng, "aenrt", count=10, longest=7).items()}
    merges = train_bpe(named, 10**6, special_tokens=[]).merges
    cases += [(word, list(merges)) for word in list(named)[:3]]
    cases.append(("oooo", [("o", "##o"), ("##o", "##o")]))  # overlapping pairs: the earliest learned wins
    cases.append(("baaa", [("##a", "##a")]))  # one pair three times in a row: joined from the left
    return cases


def _leftmost_replay(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """A slip to recognise: each round merges the leftmost learned pair of the word, not the earliest learned.

    >>> _leftmost_replay("abc", [("##b", "##c"), ("a", "##b")])
    ['ab', '##c']
    """
    known = {tuple(pair) for pair in merges}
    pieces = split_word(word)
    while True:
        for i in range(len(pieces) - 1):
            if (pieces[i], pieces[i + 1]) in known:
                pieces[i : i + 2] = [pieces[i] + pieces[i + 1].removeprefix("##")]
                break
        else:
            return pieces


def _right_to_left_replay(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """A slip to recognise: the right merge each round, but its occurrences joined from the right.

    >>> _right_to_left_replay("baaa", [("##a", "##a")])
    ['b', '##a', '##aa']
    """
    ranks = {tuple(pair): rank for rank, pair in reversed(list(enumerate(merges)))}
    pieces = split_word(word)
    while True:
        present = [(ranks[pair], pair) for pair in pairwise(pieces) if pair in ranks]
        if not present:
            return pieces
        left, right = min(present)[1]
        i = len(pieces) - 2
        while i >= 0:
            if (pieces[i], pieces[i + 1]) == (left, right):
                pieces[i : i + 2] = [left + right.removeprefix("##")]
                i -= 2
            else:
                i -= 1


@WORKBOOK.check("replay")
def check_merge_replay(function: Any) -> None:
    """Check a function ``replay(word, merges)`` that encodes a word by replaying merges, on fresh merges and words.

    >>> WORKBOOK.reset()
    >>> check_merge_replay(encode_with_merges)
    Traceback (most recent call last):
    ...
    AssertionError: replay calls `encode_with_merges`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    runs = []
    for word, merges in _fresh_replay_cases():
        got = runtime.call(function, word, list(merges), name="replay", exercise="merge replay", forbidden=REPLAYING)
        runs.append(
            (word, merges, runtime.in_container(got, list, f"what replay({word!r}, merges) returned", "the pieces"))
        )
    slip = _replay_slip_of_every_run(runs)  # told by what it does on every fresh case, not on one
    for word, merges, got in runs:
        expected = encode_with_merges(word, merges)
        if got == expected:
            continue
        intro = f"replay({word!r}, merges) gave {got!r}"
        if slip is not None:
            raise AssertionError(f"{intro}: {slip}")
        ranks = {pair: rank for rank, pair in reversed(list(enumerate(merges)))}
        if not isinstance(got, list) or not all(isinstance(piece, str) for piece in got):
            raise AssertionError(f"{intro}: return a list of pieces (str), like ['hug', '##s']")
        if "".join(piece.removeprefix("##") for piece in got) != word:
            raise AssertionError(
                f"{intro}: the pieces must spell the word again (drop the '##' and glue them); keep the '##' on "
                "every piece but the first"
            )
        if any(piece.find("##", 1) != -1 for piece in got):
            raise AssertionError(
                f"{intro}: when two pieces join, the right one's '##' goes: 'b' and '##n' make 'bn', "
                "'##u' and '##n' make '##un'"
            )
        if any(not piece.startswith("##") for piece in got[1:]) or got[0].startswith("##"):
            raise AssertionError(
                f"{intro}: every piece but the first carries '##' (the merges are pairs like ('h', '##u')); start "
                "from the characters written that way, or no learned pair will ever match"
            )
        leftover = [(ranks[p] + 1, p) for p in pairwise(got) if p in ranks]
        if leftover:
            step, pair = min(leftover)
            raise AssertionError(
                f"{intro}: the pieces {pair[0]!r} and {pair[1]!r} are still side by side, but that pair was learned "
                f"at step {step}: keep merging until no learned pair is left"
            )
        raise AssertionError(
            f"{intro}: at each round merge, among the pairs present, the one that was learned FIRST (smallest step); "
            "then look again"
        )


def _longest_match_cut(word: str, merges: list[tuple[str, str]]) -> list[str]:
    """A slip to recognise: longest match over the merges' tokens (and the word's characters), no replay."""
    vocab = {piece for pair in merges for piece in pair} | {left + right.removeprefix("##") for left, right in merges}
    return encode_word(word, vocab | set(split_word(word)), unk_token="?")


#: Known slips of replay: what each makes of (word, merges), and the idea it misses.
_REPLAY_SLIPS: tuple[tuple[Callable[[str, list[tuple[str, str]]], list[str]], str], ...] = (
    (
        _leftmost_replay,
        "at each round merge the pair that was learned FIRST (smallest step) among the pairs present, not the "
        "leftmost learned pair of the word",
    ),
    (
        _right_to_left_replay,
        "where the pair stands several times in a row, join it from the LEFT, as the merges were counted: in 'aaa' "
        "the first two letters join",
    ),
    (
        _longest_match_cut,
        "that is longest match, WordPiece's way. Merge replay starts from the characters and applies the merges in "
        "the order they were learned",
    ),
    (
        lambda word, merges: encode_with_merges(word.lower(), merges),
        "replay changes no letter of the word: a capital stays a capital, and the merges were learned on the "
        "words as they are written",
    ),
    (
        lambda word, merges: encode_with_merges(word, list(reversed(merges))),
        "the merges go in the order they were LEARNED, earliest first: the list starts with the first merge",
    ),
)


def _replay_slip_of_every_run(runs: list[tuple[str, list[tuple[str, str]], list[Any]]]) -> str | None:
    """The idea of the known slip that gives, on every fresh case, what the answer gave (None: no known slip)."""
    if all(got == encode_with_merges(word, merges) for word, merges, got in runs):
        return None
    for slip, idea in _REPLAY_SLIPS:
        if all(got == slip(word, merges) for word, merges, got in runs):
            return idea
    return None


#: Section 2's search (``differing_words`` over candidates) run on the new vocab finds the word without a thought,
#: and so does a loop of the learner's own over the candidates: the answer cell holds the word chosen, and the
#: encoders run in cells of their own (as notebook 04's exercise has it). A loop's result copied by name from an
#: earlier cell is refused too.
runtime.watch_answer(
    "bpe_differing_word",
    runtime.forbid(differing_words, encode_word, encode_with_merges, longest_match_encoder, merge_replay_encoder),
)


@WORKBOOK.check("bpe_differing_word")
def check_encoders_differ(
    answer: Any, trace: Trace, steps: int | None = None, known: Iterable[str] = (), *, source: str | None = None
) -> None:
    """Check a word that longest match and merge replay cut differently with the same trace (vocab and merges).

    Words in ``known`` (the ones the notebook already showed) are refused, and so is a word the answer cell
    found with ``differing_words`` (``source``: the code that made the answer, default the notebook cell).

    >>> WORKBOOK.reset()
    >>> from wordpiece_lib.data import datasets
    >>> trace = train_fast(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> check_encoders_differ("pugs", trace, source="")
    >>> check_encoders_differ("hugs", trace, source="")
    Traceback (most recent call last):
    ...
    AssertionError: 'hugs' is cut the same way by both: hugs. Look for a word where a merge learned EARLY grabs a pair that a longer vocab token would need
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    word = runtime.require(answer, "a word the two encoders cut differently")
    runtime.refuse_in_answer(
        "bpe_differing_word",
        ("differing_words", "encode_word", "encode_with_merges"),
        "your answer uses {name}: the answer cell holds the word you chose from the merges, typed in. Try a few "
        "candidates with encode_word and encode_with_merges in a cell of their own; a search over every candidate "
        "(section 2's differing_words, or a loop of your own) finds a word without the reason",
        source,
    )
    if not isinstance(word, str) or not word or " " in word.strip():
        raise AssertionError(f"give one word (a str without spaces), got {word!r}")
    word = word.strip()
    check_instance(trace, "trace", Trace)
    if trace.prefix[:1] in word:
        raise AssertionError(
            f"{word!r} is written with {trace.prefix[:1]!r}: a word is plain text; {trace.prefix!r} marks a piece "
            "that continues a word, and is never typed inside the word"
        )
    if word in set(known):
        raise AssertionError(f"{word!r} is a word this notebook already showed: find one of your own")
    chosen = len(trace.steps) if steps is None else steps
    characters = {piece.removeprefix(trace.prefix) for piece in trace.alphabet}
    unknown = sorted({char for char in word if char not in characters})
    if unknown:
        raise AssertionError(
            f"{unknown[0]!r} is not a character of the corpus, so both encoders only produce [UNK] for it: use "
            f"only the characters {''.join(sorted(characters))}"
        )
    vocab = set(trace.tokens(chosen))
    longest = encode_word(word, vocab, prefix=trace.prefix)
    replayed = encode_with_merges(word, trace.merges[:chosen], prefix=trace.prefix)
    if longest == ["[UNK]"]:
        firsts = {piece for piece in trace.alphabet if not piece.startswith(trace.prefix)}
        if word[0] not in firsts:
            raise AssertionError(
                f"{word!r} cannot be spelled with the vocab: no word of the corpus starts with {word[0]!r}"
            )
        inner = next((char for char in word[1:] if trace.prefix + char not in trace.alphabet), None)
        if inner is None:  # every piece is there: the word is too long for longest match
            raise AssertionError(f"{word!r} is [UNK] for longest match: a word over 100 characters is never looked up")
        raise AssertionError(
            f"{word!r} cannot be spelled with the vocab: no word of the corpus has {inner!r} inside it, so there is no "
            f"{trace.prefix + inner!r} piece (a letter that only ever starts a word cannot continue one)"
        )
    if longest == replayed:
        raise AssertionError(
            f"{word!r} is cut the same way by both: {' '.join(longest)}. Look for a word where a merge learned EARLY "
            "grabs a pair that a longer vocab token would need"
        )


#: The overlap of two vocabs, computed for you (the tokens may be printed in the answer cell: reading them is the work).
runtime.watch_answer("toy_jaccard", runtime.forbid(vocab_overlap, VocabOverlap))


@WORKBOOK.check("toy_jaccard")
def check_jaccard(answer: Any, first: Any, second: Any, *, source: str | None = None) -> None:
    """Check the Jaccard index |shared| / |union| of two vocabs, as an exact Fraction (a float is refused).

    >>> WORKBOOK.reset()
    >>> check_jaccard(Fraction(2, 5), ["a", "b", "c"], ["b", "c", "d", "e"])
    >>> check_jaccard(Fraction(2, 3), ["a", "b", "c"], ["b", "c", "d", "e"])
    Traceback (most recent call last):
    ...
    AssertionError: 2/3 is not the Jaccard index: you divided by the size of the first vocab; divide by the union, every token in either vocab counted once
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    value = runtime.require(answer, "the Jaccard index")
    runtime.refuse_in_answer(
        "toy_jaccard",
        ("vocab_overlap",),  # its attributes are found by what runs: a learner may well call a count `shared`
        "your answer uses {name}, which counts the overlap for you: count the shared tokens in the two printed "
        "vocabs yourself",
        source,
    )
    if runtime.made_from_a_float(value):
        raise AssertionError(runtime.FROM_A_FLOAT)
    if isinstance(value, float):
        raise AssertionError(
            "answer with an exact Fraction, such as Fraction(1, 3), not a float: a float is rounded, and two vocabs' "
            "overlaps are compared exactly in this notebook"
        )
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise AssertionError(f"answer with an exact Fraction, such as Fraction(1, 3), got {runtime.short_repr(value)}")
    overlap = vocab_overlap(first, second)
    shared = len(overlap.shared)
    union = shared + len(overlap.only_first) + len(overlap.only_second)
    expected = Fraction(shared, union)
    if Fraction(value) == expected:
        return
    intro = f"{fraction_text(Fraction(value))} is not the Jaccard index"
    sizes = {"first": shared + len(overlap.only_first), "second": shared + len(overlap.only_second)}
    for name, size in sizes.items():
        if size and abs(Fraction(value) - Fraction(shared, size)) <= Fraction(1, 10**9):
            raise AssertionError(
                f"{intro}: you divided by the size of the {name} vocab; divide by the union, every token in either "
                "vocab counted once"
            )
    if abs(Fraction(value) - Fraction(shared, sizes["first"] + sizes["second"])) <= Fraction(1, 10**9):
        raise AssertionError(f"{intro}: the shared tokens are in both vocabs; count them once in the union")
    if Fraction(value) > 1:
        raise AssertionError(f"{intro}: it is a share, between 0 and 1: shared tokens divided by the tokens in either")
    raise AssertionError(f"{intro}: count the tokens in both vocabs, then divide by the tokens in either")


#: The course's toy corpus of *Your turn 1* and *2* (Hugging Face LLM course, chapter 6): hug, pug, pun, bun, hugs.
TOY_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
#: The corpus of *Your turn 4* in the course: the toy corpus and one word more.
GNUS_COUNTS = {**TOY_COUNTS, "gnus": 3}


def _tied(table: Mapping[Any, int]) -> bool:
    """True when two pairs share the highest count."""
    top = sorted(table.values(), reverse=True)
    return len(top) > 1 and top[0] == top[1]


@WORKBOOK.variants("bpe_first_two", course={"word_counts": dict(TOY_COUNTS)})
def first_merges_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """A toy corpus whose first two BPE merges have no tie, and whose WordPiece first merge is neither of them."""
    while True:
        counts = hug_pug_like_counts(rng)
        trace = train_bpe(counts, len(alphabet(counts)) + 2, special_tokens=[])
        if len(trace.steps) < 2 or any(_tied(pair_counts(trace.splits_at(step), counts)) for step in (0, 1)):
            continue
        wordpiece_first = train_fast(counts, len(alphabet(counts)) + 1, special_tokens=[]).merges[0]
        if wordpiece_first not in trace.merges[:2]:
            return {"word_counts": counts}


def _varied_toy_counts(rng: random.Random) -> dict[str, int]:
    """Four to seven hug/pug-like words (one or two vowels, one word another plus a letter), counts 2 to 14."""
    while True:
        onsets, codas = rng.sample(_CONSONANTS, rng.randint(2, 4)), rng.sample(_CONSONANTS, rng.randint(2, 4))
        vowels = rng.sample(_VOWELS, rng.randint(1, 2))
        size = rng.randint(4, 7)
        words = list(dict.fromkeys(rng.choice(onsets) + rng.choice(vowels) + rng.choice(codas) for _ in range(12)))
        if len(words) < size - 1:
            continue
        words = words[: size - 1]
        words.append(rng.choice(words) + rng.choice(_CONSONANTS))
        counts = {word: rng.randint(2, 14) for word in dict.fromkeys(words)}
        if len(counts) == size and 18 <= sum(counts.values()) <= 72:
            return counts


@WORKBOOK.variants("toy_jaccard", course={"word_counts": dict(TOY_COUNTS)})
def jaccard_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """A toy corpus whose two full vocabs (WordPiece, BPE) each hold a token the other lacks, 9 to 34 tokens each.

    The size of their union is drawn first, 15 to 28 (the course's is 19), so that two students' indexes
    rarely agree: a classmate's fraction is wrong for 97% of pairs, where a corpus drawn freely gives 84%.
    """
    union = rng.randint(15, 28)
    while True:
        counts = _varied_toy_counts(rng)
        wordpiece = train_fast(counts, 100, special_tokens=["[UNK]"]).tokens()
        bpe = train_bpe(counts, 100, special_tokens=["[UNK]"]).tokens()
        overlap = vocab_overlap(wordpiece, bpe)
        if (
            overlap.only_first
            and overlap.only_second
            and all(9 <= len(vocab) <= 34 for vocab in (wordpiece, bpe))
            and len(set(wordpiece) | set(bpe)) == union
        ):
            return {"word_counts": counts}


def _early_merge_word(trace: Trace) -> str | None:
    """The worked solution's way to a word cut two ways: a learned word start T, and a merge learned before it
    that joins T's last letter to a letter y; T + y is then T, ##y by longest match, not by replay.

    >>> _early_merge_word(train_bpe(GNUS_COUNTS, 100, special_tokens=["[UNK]"]))
    'gnug'
    """
    merges = trace.merges
    for made_at, (left, right) in enumerate(merges):
        token = left + right.removeprefix(trace.prefix)
        if token.startswith(trace.prefix):
            continue
        for early_left, early_right in merges[:made_at]:
            if early_left == trace.prefix + token[-1] and early_right.startswith(trace.prefix):
                return token + early_right.removeprefix(trace.prefix)
    return None


#: The worked answer's way, found for the learner, is no way to an answer of their own.
runtime.watch_answer(
    "bpe_differing_word",
    runtime.forbid(
        differing_words, encode_word, encode_with_merges, longest_match_encoder, merge_replay_encoder, _early_merge_word
    ),
)


@WORKBOOK.variants("bpe_differing_word", course={"word_counts": dict(GNUS_COUNTS)})
def differing_word_variant(rng: random.Random) -> dict[str, dict[str, int]]:
    """A toy corpus and one word more (of four letters, 2 to 4 times), where an early merge takes a later token's letter.

    The worked solution's word (:func:`_early_merge_word`) is cut two ways and is not section 2's ``pugs``.
    """
    while True:
        counts = hug_pug_like_counts(rng)
        letters = sorted({letter for word in counts for letter in word})
        extra = rng.choice(_CONSONANTS) + "".join(rng.choice(letters) for _ in range(3))
        if extra in counts:
            continue
        counts[extra] = rng.randint(2, 4)
        trace = train_bpe(counts, 100, special_tokens=["[UNK]"])
        word = _early_merge_word(trace)
        if word is None or word == "pugs" or word in counts:
            continue
        longest = encode_word(word, set(trace.tokens()), prefix=trace.prefix)
        if longest != ["[UNK]"] and longest != encode_with_merges(word, trace.merges, prefix=trace.prefix):
            return {"word_counts": counts}


__all__ = [
    "GNUS_COUNTS",
    "TOY_COUNTS",
    "WORKBOOK",
    "check_encoders_differ",
    "check_first_bpe_merges",
    "check_jaccard",
    "check_merge_replay",
    "differing_word_variant",
    "first_merges_variant",
    "jaccard_variant",
    "progress",
    "show_answer",
]
