"""Checks behind notebook 06's "your turn" exercises (WordPiece against BPE).

They run in the frame of :mod:`wordpiece_lib.classroom.exercise`: a right
answer passes quietly, a wrong one raises ``AssertionError`` saying in plain
words what is wrong, and an answer still set to ``TODO`` (or a function that
still raises ``NotImplementedError``) skips as "not done yet". The expected
answers come from the library (``bpe``, ``compare``, ``encode``), never from a
hard-coded list.

>>> from wordpiece_lib import datasets
>>> check_first_bpe_merge(("##u", "##g"), datasets.hug_pug_counts())
>>> check_first_bpe_merge(("##g", "##s"), datasets.hug_pug_counts())
Traceback (most recent call last):
...
AssertionError: ('##g', '##s') is WordPiece's first merge (best score 1/20); BPE ignores how frequent the pieces are and takes the most frequent pair: ('##g', '##s') occurs 5 times, ('##u', '##g') 20 times
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from itertools import pairwise
from typing import Any

from wordpiece_lib._validate import check_instance
from wordpiece_lib.bpe import train_bpe
from wordpiece_lib.classroom.exercise import call, require
from wordpiece_lib.classroom.style import fraction_text
from wordpiece_lib.corpus import as_word_counts
from wordpiece_lib.encode import encode_with_merges, encode_word
from wordpiece_lib.fast_bottom_up import train_fast
from wordpiece_lib.pieces import alphabet, initial_splits
from wordpiece_lib.scores import pair_counts
from wordpiece_lib.segmentation import vocab_overlap
from wordpiece_lib.trace import Trace


def _as_pair(answer: Any) -> tuple[str, str]:
    if isinstance(answer, str):
        raise AssertionError(
            f"give the PAIR that is merged, as two pieces like ('h', '##u'), not the new token {answer!r}"
        )
    if not isinstance(answer, (tuple, list)) or len(answer) != 2 or not all(isinstance(p, str) for p in answer):
        raise AssertionError(f"give a pair of two pieces like ('h', '##u'), got {answer!r}")
    return answer[0], answer[1]


def check_first_bpe_merge(answer: Any, word_counts: Mapping[str, int]) -> None:
    """Check a prediction of BPE's first merge (the most frequent adjacent pair).

    >>> check_first_bpe_merge(("h", "##u"), {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    Traceback (most recent call last):
    ...
    AssertionError: ('h', '##u') occurs 15 times (10 + 5, in hug and hugs), but ('##u', '##g') occurs more often: 20 times
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    pair = _as_pair(require(answer, "BPE's first merge"))
    counts = as_word_counts(word_counts)
    splits = initial_splits(counts)
    table = pair_counts(splits, counts)
    expected = train_bpe(counts, len(alphabet(counts)) + 1, special_tokens=[]).merges[0]
    if pair == expected:
        return
    best = table[expected]
    if pair not in table:
        pieces = set(alphabet(counts))
        missing = [piece for piece in pair if piece not in pieces]
        if missing:
            example = next(iter(splits.items()))
            shown = f"{example[0]} -> {' '.join(example[1])}"
            if missing[0].startswith("##"):
                rule = f"the first letter of a word has no '##' ({shown})"
            else:
                rule = f"inside a word, letters carry '##' ({shown})"
            raise AssertionError(f"{missing[0]!r} is not one of the starting pieces {sorted(pieces)}: {rule}")
        raise AssertionError(f"{pair!r}: these two pieces never stand side by side in a word, so they cannot be merged")
    wordpiece_first = train_fast(counts, len(alphabet(counts)) + 1, special_tokens=[]).steps[0]
    if pair == wordpiece_first.pair:
        raise AssertionError(
            f"{pair!r} is WordPiece's first merge (best score {fraction_text(wordpiece_first.score)}); BPE ignores how "
            f"frequent the pieces are and takes the most frequent pair: {pair!r} occurs {table[pair]} times, "
            f"{expected!r} {best} times"
        )
    if table[pair] == best:
        raise AssertionError(
            f"{pair!r} occurs {best} times too, a tie: the 'first' tie-break takes the pair met first reading the "
            f"words in order, which is {expected!r}"
        )
    holders = [word for word, pieces in splits.items() if any(p == pair for p in pairwise(pieces))]
    sums = " + ".join(str(counts[word]) for word in holders)
    raise AssertionError(
        f"{pair!r} occurs {table[pair]} times ({sums}, in {' and '.join(holders)}), but {expected!r} occurs more "
        f"often: {best} times"
    )


def check_merge_replay(function: Any) -> None:
    """Check a function ``replay(word, merges)`` that encodes a word by replaying merges in their learned order.

    >>> check_merge_replay(encode_with_merges)
    >>> check_merge_replay(lambda word, merges: encode_word(word, {"pug", "pu", "##gs", "##s", "b", "##u", "##g"}))
    Traceback (most recent call last):
    ...
    AssertionError: replay('pugs', merges) gave ['pug', '##s']; expected ['pu', '##gs']: that is longest match. Merge replay starts from the characters and applies the merges in the order they were learned: ('##g', '##s') was learned at step 1, before ('pu', '##g') at step 8
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    wordpiece = [
        ("##g", "##s"),
        ("h", "##u"),
        ("hu", "##gs"),
        ("hu", "##g"),
        ("p", "##u"),
        ("b", "##u"),
        ("bu", "##n"),
        ("pu", "##g"),
    ]
    bpe = [("##u", "##g"), ("##u", "##n"), ("h", "##ug"), ("p", "##un"), ("p", "##ug"), ("hug", "##s"), ("b", "##un")]
    cases = [
        ("pugs", wordpiece),
        ("hugs", wordpiece),
        ("bugs", wordpiece),
        ("hugs", bpe),
        ("bugs", bpe),
        ("gnu", bpe),
        ("pun", bpe[:1]),
        ("xaaa", [("##a", "##a")]),
    ]
    for word, merges in cases:
        got = call(function, word, list(merges), name="replay", exercise="merge replay")
        expected = encode_with_merges(word, merges)
        if got == expected:
            continue
        intro = f"replay({word!r}, merges) gave {got!r}; expected {expected!r}"
        ranks = {pair: rank for rank, pair in reversed(list(enumerate(merges)))}
        vocab = {piece for pair in merges for piece in pair} | {
            left + right.removeprefix("##") for left, right in merges
        }
        if not isinstance(got, list) or not all(isinstance(piece, str) for piece in got):
            raise AssertionError(f"{intro}: return a list of pieces (str), like ['hug', '##s']")
        if "".join(piece.removeprefix("##") for piece in got) != word:
            raise AssertionError(
                f"{intro}: the pieces must spell the word again (drop the '##' and glue them); keep the '##' on "
                "every piece but the first"
            )
        if got == encode_word(word, vocab | set(expected), unk_token="?"):
            raise AssertionError(f"{intro}: that is longest match. {_replay_hint(word, got, ranks)}")
        leftover = [(ranks[p] + 1, p) for p in pairwise(got) if p in ranks]
        if leftover:
            step, pair = min(leftover)
            raise AssertionError(
                f"{intro}: the pieces {pair[0]!r} and {pair[1]!r} are still side by side, but that pair was learned "
                f"at step {step}: keep merging until no learned pair is left"
            )
        raise AssertionError(
            f"{intro}: at each round merge the pair that was learned FIRST (smallest step) among the pairs present, "
            "not the leftmost pair of the word"
        )


def _replay_hint(word: str, longest: list[str], ranks: Mapping[tuple[str, str], int]) -> str:
    """Why replay differs from longest match: an early merge takes a pair that a longer token needed."""
    text = "Merge replay starts from the characters and applies the merges in the order they were learned"
    start = [word[0], *("##" + char for char in word[1:])]
    present = sorted((ranks[pair], pair) for pair in pairwise(start) if pair in ranks)
    makers = [(rank, pair) for pair, rank in ranks.items() if pair[0] + pair[1].removeprefix("##") in longest]
    if present and makers:
        first_rank, first_pair = present[0]
        late_rank, late_pair = max(makers)
        if first_rank < late_rank:
            return f"{text}: {first_pair!r} was learned at step {first_rank + 1}, before {late_pair!r} at step {late_rank + 1}"
    return text


def check_encoders_differ(answer: Any, trace: Trace, steps: int | None = None) -> None:
    """Check a word that longest match and merge replay cut differently with the same trace (vocab and merges).

    >>> from wordpiece_lib import datasets
    >>> trace = train_fast(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    >>> check_encoders_differ("pugs", trace)
    >>> check_encoders_differ("hugs", trace)
    Traceback (most recent call last):
    ...
    AssertionError: 'hugs' is cut the same way by both: hugs. Look for a word where a merge learned EARLY grabs a pair that a longer vocab token would need
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    word = require(answer, "a word the two encoders cut differently")
    if not isinstance(word, str) or not word or " " in word.strip():
        raise AssertionError(f"give one word (a str without spaces), got {word!r}")
    word = word.strip()
    check_instance(trace, "trace", Trace)
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
        raise AssertionError(f"{word!r} cannot be spelled with the vocab (an initial letter that no word starts with?)")
    if longest == replayed:
        raise AssertionError(
            f"{word!r} is cut the same way by both: {' '.join(longest)}. Look for a word where a merge learned EARLY "
            "grabs a pair that a longer vocab token would need"
        )


def check_jaccard(answer: Any, first: Any, second: Any) -> None:
    """Check the Jaccard index |shared| / |union| of two vocabs (exact Fraction, or a float within 1e-9).

    >>> check_jaccard(Fraction(2, 5), ["a", "b", "c"], ["b", "c", "d", "e"])
    >>> check_jaccard(Fraction(2, 3), ["a", "b", "c"], ["b", "c", "d", "e"])
    Traceback (most recent call last):
    ...
    AssertionError: Jaccard is 2/5 (2 shared tokens out of 5 in the union), not 2/3: you divided by the size of the first vocab (3); divide by the union: every token in either vocab, counted once
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    value = require(answer, "the Jaccard index")
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise AssertionError(f"answer with a number (a Fraction such as Fraction(1, 3), or a float), got {value!r}")
    overlap = vocab_overlap(first, second)
    shared = len(overlap.shared)
    union = shared + len(overlap.only_first) + len(overlap.only_second)
    expected = Fraction(shared, union)
    if abs(Fraction(value) - expected) <= Fraction(1, 10**9):
        return
    intro = f"Jaccard is {expected} ({shared} shared tokens out of {union} in the union), not {fraction_text(Fraction(value))}"
    sizes = {"first": shared + len(overlap.only_first), "second": shared + len(overlap.only_second)}
    for name, size in sizes.items():
        if size and abs(Fraction(value) - Fraction(shared, size)) <= Fraction(1, 10**9):
            raise AssertionError(
                f"{intro}: you divided by the size of the {name} vocab ({size}); divide by the union: every token "
                "in either vocab, counted once"
            )
    if abs(Fraction(value) - Fraction(shared, sizes["first"] + sizes["second"])) <= Fraction(1, 10**9):
        raise AssertionError(f"{intro}: the shared tokens are in both vocabs; count them once in the union")
    raise AssertionError(f"{intro}: count the tokens in both vocabs, then divide by the tokens in either")


__all__ = ["check_encoders_differ", "check_first_bpe_merge", "check_jaccard", "check_merge_replay"]
