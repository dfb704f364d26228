"""Checks behind the notebooks' "your turn" exercises.

Each ``check_*`` function looks at a student's answer (a value or a function
the student wrote) and either returns quietly or raises ``AssertionError``
with a message that says, in plain words, what is wrong and what was
expected. The correct answers come from the library itself, never from a
hard-coded list.

An exercise the student has not started yet is not a failure: a stub that
still holds ``TODO`` or still raises ``NotImplementedError`` makes the check
*skip* with a friendly "not done yet" note (``pytest.skip``), so a fresh
notebook runs from top to bottom while a wrong answer fails loudly.

Every check hides its own frames from pytest's report (``__tracebackhide__``),
so with ``--tb=short`` a wrong answer shows the student's test line and the
plain-words message, not the checker's source. ``report_failures_briefly``
replaces ipytest's second traceback by one line.

>>> check_wordpiece_score(lambda pair, left, right: Fraction(pair, left * right))
>>> check_wordpiece_score(lambda pair, left, right: pair / (left + right))
Traceback (most recent call last):
...
AssertionError: wordpiece_score(20, 36, 20) returned 0.35714... (a float); the score must be an exact Fraction: ...
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from .bottom_up import merge_pair, train_bottom_up
from .corpus import WordCounts
from .encode import encode_with_merges, encode_word
from .pieces import DEFAULT_PREFIX, alphabet, decode_pieces, initial_splits, join_pair, split_word
from .scores import best_candidate, pair_counts, rank_candidates, score_pairs, wordpiece_score
from .trace import Trace


class _Todo:
    """The placeholder a student replaces with an answer."""

    _instance: _Todo | None = None

    def __new__(cls) -> _Todo:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "TODO"


#: Put this where an answer is expected; a check seeing it reports "not done yet".
TODO: Any = _Todo()


class NotDoneYet(Exception):
    """Raised instead of a pytest skip when pytest is not installed."""


def not_done(exercise: str) -> None:
    """Skip the current test with a friendly note (the exercise is not started).

    >>> not_done("the split exercise")
    Traceback (most recent call last):
    ...
    Skipped: not done yet: the split exercise (replace TODO / the NotImplementedError line, then run this cell again)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    message = f"not done yet: {exercise} (replace TODO / the NotImplementedError line, then run this cell again)"
    try:
        import pytest
    except ModuleNotFoundError:  # pragma: no cover - pytest is always there in the workshop
        raise NotDoneYet(message) from None
    pytest.skip(message)


def is_todo(value: Any) -> bool:
    """True for an answer that is still the placeholder (``TODO`` or ``...``).

    >>> is_todo(TODO), is_todo(...), is_todo([])
    (True, True, False)
    """
    return value is TODO or value is Ellipsis


def require(value: Any, exercise: str) -> Any:
    """Return ``value``, or skip if it is still the placeholder.

    >>> require(3, "a number")
    3
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if is_todo(value):
        not_done(exercise)
    return value


def call(function: Any, *args: Any, name: str, exercise: str) -> Any:
    """Call the student's function; a stub skips, a crash is explained.

    >>> call(len, "hug", name="len", exercise="counting")
    3
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    if is_todo(function):
        not_done(exercise)
    if not callable(function):
        raise AssertionError(f"{name} should be a function, but it is a {type(function).__name__}: {function!r}")
    try:
        result = function(*args)
    except NotImplementedError:
        not_done(exercise)
    except Exception as error:  # the student's code crashed: say where, in words
        shown = ", ".join(_short(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) crashed with {type(error).__name__}: {error}") from None
    if is_todo(result):
        not_done(exercise)
    if result is None:
        shown = ", ".join(_short(arg) for arg in args)
        raise AssertionError(f"{name}({shown}) returned None: did you forget the `return` line?")
    return result


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _short_list(items: Sequence[Any], limit: int = 6) -> str:
    """A list for a message: long ones keep their first items and say how many there are.

    >>> _short_list(["h"] + ["##u"] * 99)
    "['h', '##u', '##u', '##u', '##u', '##u', ...] (100 tokens)"
    """
    items = list(items)
    if len(items) <= limit:
        return repr(items)
    return repr(items[:limit])[:-1] + f", ...] ({len(items)} tokens)"


BRIEF_FAILURE = (
    "A check failed: its message is the line starting with 'E' above. Fix your answer, then run this cell again."
)


def report_failures_briefly(shell: Any = None) -> None:
    """Show a failed ``%%ipytest`` cell as one short line instead of ipytest's own traceback.

    With ``raise_on_error=True`` ipytest raises ``ipytest.Error`` after pytest
    has printed its report; IPython would then print a second traceback, from
    ipytest's internals, that says nothing to a student. This installs an
    IPython handler for that one exception type: the cell still ends in an
    error (so "Run All" and CI stop), but shows only :data:`BRIEF_FAILURE`.
    Outside IPython (or without ipytest) it does nothing.

    >>> report_failures_briefly()  # a plain Python session: nothing to do
    """
    if shell is None:
        try:
            from IPython import get_ipython
        except ModuleNotFoundError:  # pragma: no cover - IPython comes with Jupyter
            return
        shell = get_ipython()
    try:
        import ipytest
    except ModuleNotFoundError:  # pragma: no cover - the workshop installs ipytest
        return
    if shell is None:
        return

    def brief(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
        code = getattr(value, "args", [None])[0] if getattr(value, "args", None) else None
        line = BRIEF_FAILURE if code == 1 else f"pytest stopped with exit code {code}: read its report above."
        show = getattr(shell, "_showtraceback", None)
        if show is not None:  # the kernel's error display: a red box, and the cell counts as failed
            show(etype, str(value), [line])
        else:  # pragma: no cover - a shell without a display
            print(line, file=sys.stderr)
        return [line]

    shell.set_custom_exc((ipytest.Error,), brief)


def _as_list(value: Any, what: str) -> list[Any]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise AssertionError(f"{what} should be a list, got {type(value).__name__}: {_short(value)}")
    return list(value)


# ---------------------------------------------------------------- notebook 01


def check_split_word(function: Callable[[str], list[str]], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a function that splits a word into its first piece + ``##`` pieces.

    >>> check_split_word(lambda word: [word[0]] + ["##" + c for c in word[1:]])
    >>> check_split_word(lambda word: list(word))
    Traceback (most recent call last):
    ...
    AssertionError: Your split of 'hugs' is ['h', 'u', 'g', 's']; expected ['h', '##u', '##g', '##s']: every character after the first needs the '##' prefix
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in ("hugs", "a", "tokenization", "café!"):
        got = _as_list(call(function, word, name="split", exercise="splitting a word"), f"split({word!r})")
        expected = split_word(word, prefix)
        if got == expected:
            continue
        intro = f"Your split of {word!r} is {got}; expected {expected}"
        if len(got) != len(expected):
            raise AssertionError(
                f"Your split of {word!r} has {len(got)} pieces; expected {len(expected)}: "
                "one piece per character, and every character after the first needs the "
                f"{prefix!r} prefix"
            )
        if got and got[0] != expected[0]:
            raise AssertionError(f"{intro}: the first piece is the bare first character, without {prefix!r}")
        raise AssertionError(f"{intro}: every character after the first needs the {prefix!r} prefix")


def check_marker_split(function: Callable[[str], list[str]], marker: str = "_") -> None:
    """Check a function that splits a word with a begin-of-word marker.

    >>> check_marker_split(lambda word: ["_", *word])
    >>> check_marker_split(lambda word: ["_" + word[0], *word[1:]])
    Traceback (most recent call last):
    ...
    AssertionError: Your split of 'low' is ['_l', 'o', 'w']; expected ['_', 'l', 'o', 'w']: the marker '_' is a piece of its own, in front of the word's characters
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word in ("low", "newest", "a"):
        got = _as_list(call(function, word, name="split", exercise="the begin-of-word marker"), f"split({word!r})")
        expected = split_word(word, marker=marker)
        if got == expected:
            continue
        reason = (
            f"the marker {marker!r} is a piece of its own, in front of the word's characters"
            if not got or got[0] != marker
            else "after the marker comes one piece per character, with no prefix"
        )
        raise AssertionError(f"Your split of {word!r} is {got}; expected {expected}: {reason}")


def check_word_counts(function: Callable[[list[str]], Mapping[str, int]]) -> None:
    """Check a function that counts words, keeping first-seen order.

    >>> def count(words):
    ...     counts = {}
    ...     for word in words:
    ...         counts[word] = counts.get(word, 0) + 1
    ...     return counts
    >>> check_word_counts(count)
    >>> check_word_counts(lambda words: {word: 1 for word in words})
    Traceback (most recent call last):
    ...
    AssertionError: 'hug' appears 3 times in the list but your count says 1
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    words = ["hug", "pug", "hug", "pun", "hugs", "hug", "bun", "pun"]
    got = call(function, list(words), name="count_words", exercise="counting words")
    if not isinstance(got, Mapping):
        raise AssertionError(f"count_words should return a dict word -> count, got {type(got).__name__}")
    expected = WordCounts.from_words(words)
    for word, count in expected.items():
        if word not in got:
            raise AssertionError(f"{word!r} is missing from your counts: every distinct word needs an entry")
        if got[word] != count:
            raise AssertionError(f"{word!r} appears {count} times in the list but your count says {got[word]}")
    extra = [word for word in got if word not in expected]
    if extra:
        raise AssertionError(f"your counts hold words that are not in the list: {extra}")
    if list(got) != list(expected):
        raise AssertionError(
            f"the counts are right but the order is {list(got)}; keep the order in which words are first seen: "
            f"{list(expected)} (training breaks ties by reading the words in that order)"
        )


def check_alphabet(answer: Iterable[str], words: Iterable[str], prefix: str = DEFAULT_PREFIX) -> None:
    """Check the starting alphabet of a corpus (order does not matter).

    >>> check_alphabet(["h", "##u", "##g"], ["hug"])
    >>> check_alphabet(["h", "u", "g"], ["hug"])
    Traceback (most recent call last):
    ...
    AssertionError: Your alphabet misses ['##g', '##u'] and has ['g', 'u'] too many: a character inside a word appears with the '##' prefix
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    words = list(words)
    got = set(_as_list(require(answer, "the alphabet"), "the alphabet"))
    expected = set(alphabet(words, prefix))
    if got == expected:
        return
    missing, extra = sorted(expected - got), sorted(got - expected)
    parts = []
    if missing:
        parts.append(f"misses {missing}")
    if extra:
        parts.append(f"has {extra} too many")
    hint = (
        f"a character inside a word appears with the {prefix!r} prefix"
        if any(prefix + token in expected for token in extra)
        else "list every first character bare and every other character with the prefix, each once"
    )
    raise AssertionError(f"Your alphabet {' and '.join(parts)}: {hint}")


# ---------------------------------------------------------------- notebook 02


def check_pair_counts(function: Callable[[Mapping[str, Sequence[str]], Mapping[str, int]], Mapping[Any, int]]) -> None:
    """Check a function ``(splits, word_counts) -> {pair: count}``.

    >>> from wordpiece_lib.scores import pair_counts
    >>> check_pair_counts(pair_counts)
    >>> check_pair_counts(lambda splits, counts: {p: 1 for s in splits.values() for p in zip(s, s[1:])})
    Traceback (most recent call last):
    ...
    AssertionError: Your count for ('h', '##u') is 1; expected 15: each pair counts as many times as its word occurs (hug x10, hugs x5)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    counts = {"hug": 10, "pug": 5, "hugs": 5, "xaaa": 2}
    splits = initial_splits(counts)
    got = call(function, splits, counts, name="count_pairs", exercise="counting pairs")
    if not isinstance(got, Mapping):
        raise AssertionError(f"count_pairs should return a dict (left, right) -> count, got {type(got).__name__}")
    expected = pair_counts(splits, counts)
    for pair, count in expected.items():
        value = got.get(pair, got.get(f"{pair[0]} {pair[1]}"))
        if value is None:
            raise AssertionError(f"the pair {pair} is missing: use the tuple (left, right) as the key")
        if value != count:
            holders = ", ".join(
                f"{word} x{counts[word]}" for word, pieces in splits.items() if pair in itertools.pairwise(pieces)
            )
            hint = (
                "a pair that occurs twice in one word counts twice (xaaa holds ##a ##a twice)"
                if pair == ("##a", "##a")
                else f"each pair counts as many times as its word occurs ({holders})"
            )
            raise AssertionError(f"Your count for {pair} is {value}; expected {count}: {hint}")
    extra = [pair for pair in got if pair not in expected and not isinstance(pair, str)]
    if extra:
        raise AssertionError(f"your counts hold pairs that are not adjacent in any word: {extra[:5]}")


def check_wordpiece_score(function: Callable[[int, int, int], Any]) -> None:
    """Check a function ``(pair_count, left_count, right_count) -> score``.

    >>> check_wordpiece_score(lambda pair, left, right: Fraction(pair) / (left * right))
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    cases = [(20, 36, 20), (5, 20, 5), (10, 10, 36), (4, 4, 4)]
    for pair, left, right in cases:
        got = call(function, pair, left, right, name="wordpiece_score", exercise="the WordPiece score")
        expected = wordpiece_score(pair, left, right)
        if isinstance(got, float):
            raise AssertionError(
                f"wordpiece_score({pair}, {left}, {right}) returned {got:.5f}... (a float); the score must be an "
                "exact Fraction: use Fraction(pair_count, left_count * right_count) so that ties stay ties"
            )
        if not isinstance(got, (int, Fraction)):
            raise AssertionError(f"wordpiece_score should return a Fraction, got {type(got).__name__}")
        if got != expected:
            if got == Fraction(pair):
                hint = "that is the BPE score (the pair count alone); divide by both piece counts"
            elif got == Fraction(left * right, pair):
                hint = "the fraction is upside down: the pair count goes on top"
            else:
                hint = "the score is pair_count / (left_count * right_count)"
            raise AssertionError(f"wordpiece_score({pair}, {left}, {right}) is {got}; expected {expected}: {hint}")


def check_best_pair(answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int]) -> None:
    """Check the pair a student picked as the best WordPiece merge.

    Any pair tied for the best score is accepted (the tie-break is a choice).

    >>> check_best_pair(("##g", "##s"), {"hugs": ["h", "##u", "##g", "##s"], "hug": ["h", "##u", "##g"]}, {"hugs": 1, "hug": 3})
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = tuple(require(answer, "the best pair"))
    candidates = score_pairs(splits, word_counts)
    scores = {c.pair: c for c in candidates}
    best = rank_candidates(candidates)[0]
    if len(pair) != 2:
        raise AssertionError(f"answer with a (left, right) pair of two pieces, like ('h', '##u'); got {answer!r}")
    if pair not in scores:
        raise AssertionError(
            f"{pair} is not a pair of adjacent pieces in any word{_prefix_hint(pair, scores)}; "
            f"the pairs are {list(scores)[:6]} ..."
        )
    chosen = scores[pair]
    if chosen.score != best.score:
        raise AssertionError(
            f"{pair} scores {chosen.pair_count}/({chosen.left_count}*{chosen.right_count}) = {chosen.score}, "
            f"but a pair scores higher: compute the score of every pair, not just the most frequent one"
        )


def check_score_order(
    answer: Any, splits: Mapping[str, Sequence[str]], word_counts: Mapping[str, int], criterion: str
) -> None:
    """Check which pair wins under ``criterion`` (``"wordpiece"`` or ``"bpe"``).

    >>> splits = {"hug": ["h", "##u", "##g"], "hugs": ["h", "##u", "##g", "##s"]}
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "wordpiece")
    >>> check_score_order(("##g", "##s"), splits, {"hug": 10, "hugs": 5}, "bpe")
    Traceback (most recent call last):
    ...
    AssertionError: Under 'bpe', ('##g', '##s') scores 5 but ('h', '##u') scores 15: BPE looks at the pair count only
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    pair = tuple(require(answer, f"the best pair under {criterion!r}"))
    candidates = score_pairs(splits, word_counts, criterion)
    scores = {c.pair: c.score for c in candidates}
    best = best_candidate(candidates)
    if len(pair) != 2:
        raise AssertionError(f"answer with a (left, right) pair of two pieces, like ('h', '##u'); got {answer!r}")
    if pair not in scores:
        raise AssertionError(f"{pair} is not a pair of adjacent pieces in any word{_prefix_hint(pair, scores)}")
    if best is not None and scores[pair] != best.score:
        why = "BPE looks at the pair count only" if criterion == "bpe" else "WordPiece divides by both piece counts"
        raise AssertionError(
            f"Under {criterion!r}, {pair} scores {scores[pair]} but {best.pair} scores {best.score}: {why}"
        )


def _prefix_hint(pair: tuple[Any, ...], pairs: Iterable[tuple[str, str]]) -> str:
    """A hint when ``pair`` exists once the inner piece(s) carry the ``##`` prefix.

    >>> _prefix_hint(("l", "o"), [("l", "##o")])
    ": pieces inside a word carry the '##' prefix, so write ('l', '##o')"
    """
    pairs = set(pairs)
    left, right = (str(part) for part in pair)
    bare = [part.removeprefix(DEFAULT_PREFIX) for part in (left, right)]
    for shape in ((bare[0], DEFAULT_PREFIX + bare[1]), (DEFAULT_PREFIX + bare[0], DEFAULT_PREFIX + bare[1])):
        if shape != (left, right) and shape in pairs:
            return f": pieces inside a word carry the {DEFAULT_PREFIX!r} prefix, so write {shape}"
    return ""


# ---------------------------------------------------------------- notebook 03


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
    got = [_token_of(item, prefix) for item in _as_list(require(answer, "the merge order"), "the merge order")]
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


# ---------------------------------------------------------------- notebook 04


def check_longest_match(function: Callable[[str, Any], list[str]], vocab: Iterable[str] | None = None) -> None:
    """Check a longest-match-first encoder ``(word, vocab) -> tokens``.

    ``vocab`` is the vocab the student's function is called with (pass the
    notebook's own); without it, a small fixed hug/pug vocab is used.

    >>> check_longest_match(lambda word, vocab: encode_word(word, vocab))
    >>> check_longest_match(lambda word, vocab: [t for t in encode_word(word, vocab)] if word != "mug" else ["[UNK]", "##u", "##g"])
    Traceback (most recent call last):
    ...
    AssertionError: 'mug' should be ['[UNK]'], you gave ['[UNK]', '##u', '##g']: if some position has no match, the WHOLE word becomes one [UNK]
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    tokens = (
        set(vocab)
        if vocab is not None
        else {
            "[UNK]",
            "b",
            "h",
            "p",
            "##g",
            "##n",
            "##s",
            "##u",
            "##gs",
            "hu",
            "hug",
            "pu",
        }
    )
    cases = ["hugs", "hug", "bugs", "pun", "mug", "hux", "h" + "u" * 100, "h" + "u" * 99]
    for word in cases:
        got = _as_list(
            call(function, word, tokens, name="encode", exercise="longest match first"), f"encode({word[:12]!r})"
        )
        expected = encode_word(word, tokens)
        if got == expected:
            continue
        shown = word if len(word) <= 20 else f"{word[:8]}...({len(word)} characters)"
        if expected == ["[UNK]"] and len(word) > 100:
            hint = "a word longer than 100 characters becomes [UNK] without being looked at"
        elif expected == ["[UNK]"]:
            hint = "if some position has no match, the WHOLE word becomes one [UNK]"
        elif got and got[0].startswith("##"):
            hint = "the first piece is looked up without '##'"
        elif any(not t.startswith("##") for t in got[1:]):
            hint = "pieces after the first are looked up WITH the '##' prefix"
        else:
            hint = "at each position take the LONGEST piece in the vocab, then continue after it"
        raise AssertionError(f"{shown!r} should be {_short_list(expected)}, you gave {_short_list(got)}: {hint}")


def check_replay_differs(answer: Any, trace: Trace, known: Iterable[str] = ()) -> None:
    """Check a word on which merge replay and longest match disagree.

    Words in ``known`` (the ones the notebook already showed) are refused:
    the exercise asks for a new one.

    >>> from wordpiece_lib import train_bottom_up
    >>> trace = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 100, special_tokens=["[UNK]"])
    >>> check_replay_differs("hugs", trace)
    Traceback (most recent call last):
    ...
    AssertionError: for 'hugs' both give ['hugs']: look for a word whose longest first piece is not what the merges build
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    word = require(answer, "a word where the two encoders differ")
    if not isinstance(word, str) or not word:
        raise AssertionError(f"answer with a word (a non-empty str), got {word!r}")
    if word in set(known):
        raise AssertionError(f"{word!r} is already in the table above: find one of your own (try 5 letters or more)")
    vocab = set(trace.tokens())
    longest = encode_word(word, vocab, prefix=trace.prefix)
    replay = encode_with_merges(word, trace.merges, prefix=trace.prefix)
    if longest == ["[UNK]"]:
        raise AssertionError(
            f"{word!r} is [UNK] for longest match: some character is not in the alphabet; use letters from the corpus"
        )
    if longest == replay:
        raise AssertionError(
            f"for {word!r} both give {longest}: look for a word whose longest first piece is not what the merges build"
        )


def check_decode(function: Callable[[list[str]], str], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a decoder ``tokens -> text`` that glues ``##`` pieces back on.

    >>> check_decode(decode_pieces)
    >>> check_decode(lambda tokens: " ".join(tokens))
    Traceback (most recent call last):
    ...
    AssertionError: decoding ['hug', '##s', 'are', 'fun'] gave 'hug ##s are fun'; expected 'hugs are fun': a '##' piece is glued to the piece before it, without the '##'
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    cases = [["hug", "##s", "are", "fun"], ["p", "##u", "##g", "!"], ["to", "##ken", "##ization"]]
    for tokens in cases:
        got = call(function, list(tokens), name="decode", exercise="decoding")
        expected = decode_pieces(tokens, prefix)
        if isinstance(got, str) and got != expected and got.strip() == expected:
            where = "starts" if got[0].isspace() else "ends"
            raise AssertionError(
                f"decoding {tokens} gave {got!r}: the text {where} with a space. Put a space only BETWEEN two "
                f"words (for example with ' '.join(words)), not before the first one or after the last one"
            )
        if got != expected:
            raise AssertionError(
                f"decoding {tokens} gave {got!r}; expected {expected!r}: a {prefix!r} piece is glued to the piece "
                f"before it, without the {prefix!r}"
            )


__all__ = [
    "TODO",
    "NotDoneYet",
    "call",
    "check_alphabet",
    "check_best_pair",
    "check_decode",
    "check_final_size",
    "check_longest_match",
    "check_marker_split",
    "check_merge_pair",
    "check_merges",
    "check_pair_counts",
    "check_replay_differs",
    "check_score_order",
    "check_split_word",
    "check_word_counts",
    "check_wordpiece_score",
    "is_todo",
    "not_done",
    "report_failures_briefly",
    "require",
]
