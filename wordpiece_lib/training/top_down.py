"""The top-down WordPiece learner of TensorFlow Text, step by step.

Instead of merging pieces bottom-up, the top-down learner starts from every
substring of every word and keeps those that are frequent enough:

1. *prepare*: drop words longer than ``max_token_length`` or equal to a
   reserved token, keep the ``max_unique_chars`` most frequent characters
   (drop words with any other), keep the ``max_input_tokens`` most frequent
   words;
2. *count* every substring of every word, weighted by the word's count
   (a substring that does not start the word is written with the joiner,
   ``##``);
3. *threshold*: go from the longest substrings to the shortest, keep those
   whose count is at least the threshold, and subtract each substring's count
   from its shorter prefixes (same start), so a word is not counted twice;
4. *add back* every character (bare and with the joiner);
5. *iterate*: split every word with the vocab just learned (greedy longest
   match), count again only the substrings that start at a split point, and
   threshold again (``num_iterations`` rounds in all);
6. *search* the threshold that gives about ``vocab_size`` tokens (binary
   search between bounds taken from the word counts).

TensorFlow Text subtracts a substring's count from its prefixes *whether or
not it was kept* (its guide and the seed notebook subtract only when kept).
With that rule, the count left for a substring is exactly the count of the
words in which it runs from a counted start to the end of the word, so the
learned word-initial tokens are whole words and the others are word endings.
:class:`~wordpiece_lib.training.fast_top_down.FastTopDown` uses that fact to give the
same vocab without building every substring; the search (step 6) and
:func:`~wordpiece_lib.training.top_down_search.learn` are in :mod:`wordpiece_lib.training.top_down_search`.

>>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> learn_with_threshold(counts, 10, ["[UNK]"])
['[UNK]', 'b', 'g', 'h', 'n', 'p', 's', 'u', 'pun', 'hug', '##b', '##g', '##h', '##n', '##p', '##s', '##u']
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from .._validate import check_choice, check_int, check_str, check_str_list
from ..counting.word_counts import as_word_counts
from ..model.longest_match import encode_word

# TensorFlow Text's defaults for :func:`learn` (its `bert_vocab_from_dataset` uses the same).
#: The threshold search never tries a threshold above this, however frequent the commonest word.
UPPER_THRESH = 10_000_000
#: ... nor below this, however rare the rarest word: a floor for the smallest count a kept substring needs.
LOWER_THRESH = 10
#: Rounds of "split with the last vocab, count again": the vocab settles after a few.
NUM_ITERATIONS = 4
#: Only the most frequent words are read: the rare tail costs time and adds no frequent substring.
MAX_INPUT_TOKENS = 5_000_000
#: Longer "words" (URLs, tables of digits) are dropped before counting: their substrings would swamp the table.
MAX_TOKEN_LENGTH = 50
#: Characters beyond the most frequent thousand are dropped, with every word that holds one.
MAX_UNIQUE_CHARS = 1000
#: The search stops at a vocab no larger than the target and at most 5% smaller.
SLACK_RATIO = 0.05
#: What a piece that does not start a word is written with, as BERT's vocab does.
JOINER = "##"

#: How :func:`threshold_pass` subtracts counts from prefixes: ``"always"`` is
#: TensorFlow Text's code, ``"kept"`` is its guide's wording and the seed's.
SUBTRACT_RULES = ("always", "kept")


WordCountPairs = list[tuple[str, int]]


def threshold_bounds(
    word_counts: Any, upper_thresh: int | None = UPPER_THRESH, lower_thresh: int | None = LOWER_THRESH
) -> tuple[int, int]:
    """The binary search's ``(lower, upper)`` bounds, from the *unfiltered* counts.

    ``upper`` is the largest count, capped at ``upper_thresh``; ``lower`` is the
    smallest count, raised to ``lower_thresh`` (``None`` means no cap). So
    ``lower`` can end above ``upper`` (then a single threshold is tried).

    >>> threshold_bounds({"the": 500, "hug": 3}, upper_thresh=100, lower_thresh=10)
    (10, 100)
    >>> threshold_bounds({"the": 500, "hug": 3}, upper_thresh=None, lower_thresh=None)
    (3, 500)
    """
    counts = as_word_counts(word_counts)
    if not counts:
        raise ValueError("word_counts is empty: there is nothing to learn from")
    if upper_thresh is not None:
        # A threshold below 1 would keep substrings with no count at all.
        check_int(upper_thresh, "upper_thresh", minimum=1)
    if lower_thresh is not None:
        check_int(lower_thresh, "lower_thresh")
    largest = max(counts.values())
    smallest = min(counts.values())
    upper = largest if upper_thresh is None else min(largest, upper_thresh)
    lower = smallest if lower_thresh is None else max(smallest, lower_thresh)
    return lower, upper


def drop_long_and_reserved(word_counts: Any, reserved_tokens: Iterable[str], max_token_length: int) -> WordCountPairs:
    """The words no longer than ``max_token_length`` that are not reserved tokens.

    >>> drop_long_and_reserved({"[UNK]": 4, "hug": 3, "hugging": 2}, ["[UNK]"], max_token_length=5)
    [('hug', 3)]
    """
    pairs = list(as_word_counts(word_counts).items())
    reserved = check_str_list(reserved_tokens, "reserved_tokens")
    return _drop_long_and_reserved(pairs, reserved, check_int(max_token_length, "max_token_length", minimum=1))


def allowed_characters(word_counts: Any, max_unique_chars: int) -> set[str]:
    """The ``max_unique_chars`` most frequent characters, counting each word's count.

    Ties go to the character that sorts first.

    >>> sorted(allowed_characters({"hug": 3, "pug": 2, "zap": 1}, max_unique_chars=3))
    ['g', 'h', 'u']
    """
    pairs = list(as_word_counts(word_counts).items())
    return _allowed_characters(pairs, check_int(max_unique_chars, "max_unique_chars", minimum=0))


def keep_frequent_words(
    word_counts: Any, allowed_chars: Collection[str], max_input_tokens: int | None
) -> WordCountPairs:
    """Words made only of ``allowed_chars``, most frequent first, at most ``max_input_tokens``.

    Words with equal counts keep their order. ``None`` or ``-1`` means no limit.

    >>> keep_frequent_words({"pug": 2, "hug": 3, "zap": 4}, set("ghpu"), max_input_tokens=5)
    [('hug', 3), ('pug', 2)]
    """
    pairs = list(as_word_counts(word_counts).items())
    return _keep_frequent_words(pairs, allowed_chars, _check_max_input_tokens(max_input_tokens))


def prepare_words(
    word_counts: Any,
    reserved_tokens: Iterable[str],
    *,
    max_token_length: int = MAX_TOKEN_LENGTH,
    max_unique_chars: int = MAX_UNIQUE_CHARS,
    max_input_tokens: int | None = MAX_INPUT_TOKENS,
    first_characters: Iterable[str] = (),
) -> WordCountPairs:
    """The words the learner trains on, most frequent first (step 1).

    ``first_characters`` take the first places among the ``max_unique_chars``
    (Hugging Face's ``initial_alphabet`` counts as most frequent).

    >>> prepare_words({"[UNK]": 9, "hug": 3, "pug": 5, "hugging": 1}, ["[UNK]"], max_token_length=5)
    [('pug', 5), ('hug', 3)]
    """
    pairs = list(as_word_counts(word_counts).items())
    reserved = check_str_list(reserved_tokens, "reserved_tokens")
    check_int(max_token_length, "max_token_length", minimum=1)
    check_int(max_unique_chars, "max_unique_chars", minimum=0)
    limit = _check_max_input_tokens(max_input_tokens)
    short = _drop_long_and_reserved(pairs, reserved, max_token_length)
    return _keep_frequent_words(short, _allowed_characters(short, max_unique_chars, first_characters), limit)


def _drop_long_and_reserved(pairs: WordCountPairs, reserved_tokens: list[str], max_token_length: int) -> WordCountPairs:
    reserved = set(reserved_tokens)
    return [(word, count) for word, count in pairs if len(word) <= max_token_length and word not in reserved]


def _allowed_characters(pairs: WordCountPairs, max_unique_chars: int, first: Iterable[str] = ()) -> set[str]:
    char_counts: dict[str, int] = {}
    for word, count in pairs:
        for char in word:
            char_counts[char] = char_counts.get(char, 0) + count
    leading = sorted(set(first))
    ranked = sorted(char_counts.items(), key=lambda item: (-item[1], item[0]))
    ordered = [*leading, *(char for char, _ in ranked if char not in set(leading))]
    return set(ordered[:max_unique_chars])


def _keep_frequent_words(pairs: WordCountPairs, allowed_chars: Collection[str], limit: int | None) -> WordCountPairs:
    kept: WordCountPairs = []
    allowed = set(allowed_chars)
    # sorted() is stable: words with equal counts keep their order, as in TensorFlow Text.
    for word, count in sorted(pairs, key=lambda item: -item[1]):
        if limit is not None and len(kept) >= limit:
            break
        if allowed.issuperset(word):
            kept.append((word, count))
    return kept


def substring_counts(
    word_counts: Any,
    split_points: Mapping[str, Sequence[int] | None] | None = None,
    *,
    joiner: str = JOINER,
    include_joiner_token: bool = True,
) -> dict[str, int]:
    """Count substrings, weighted by the word counts (step 2).

    Without ``split_points`` every substring is counted. With them (a mapping
    word -> start positions, as :func:`split_points` returns) only the
    substrings starting at those positions are, each running to every later
    end; a word mapped to ``None`` (it could not be split) is skipped.
    Substrings that do not start the word carry the joiner.

    >>> substring_counts({"human": 113, "humas": 3})["huma"]
    116
    >>> list(substring_counts({"human": 1}, {"human": [0, 2]}))
    ['h', 'hu', 'hum', 'huma', 'human', '##m', '##ma', '##man']
    """
    counts = as_word_counts(word_counts)
    prefix = joiner_prefix(joiner, include_joiner_token)
    totals: dict[str, int] = {}
    for word, count in counts.items():
        # The first round counts a substring wherever it may start; later rounds only where the last vocab
        # would start a piece, so a substring that greedy matching never reaches stops gathering counts.
        if split_points is None:
            starts: Sequence[int] | None = range(len(word))
        else:
            if word not in split_points:
                raise ValueError(f"split_points has no entry for the word {word!r}")
            starts = split_points[word]
            if starts is None:
                continue
        for start in starts:
            # A substring inside the word is a different token from the same letters at its start ("##ug" is
            # not "ug"), exactly as longest-match-first will look it up.
            head = prefix if start > 0 else ""
            for end in range(start + 1, len(word) + 1):
                token = head + word[start:end]
                totals[token] = totals.get(token, 0) + count
    return totals


def threshold_pass(
    substring_totals: Mapping[str, int],
    threshold: int,
    *,
    joiner: str = JOINER,
    include_joiner_token: bool = True,
    subtract: str = "always",
) -> dict[str, int]:
    """Keep the substrings counted at least ``threshold`` times (step 3).

    Longest substrings first (the joiner does not count in the length); each
    substring's count is subtracted from its shorter prefixes with the same
    start. ``subtract="always"`` does so for every substring (TensorFlow
    Text's code); ``subtract="kept"`` only for the kept ones (TensorFlow
    Text's guide, and the seed notebook). Returns each kept substring with its
    count after subtraction, in the order they were kept. The input is not
    changed.

    >>> threshold_pass(substring_counts({"human": 113, "humas": 3}), 100)
    {'human': 113, '##uman': 113, '##man': 113, '##an': 113, '##n': 113}

    The rules differ when a longer substring is not kept: ``hugs`` and
    ``hugz`` (2 each) are below 3, yet TensorFlow Text still takes their
    counts off ``hug``:

    >>> totals = substring_counts({"hugs": 2, "hugz": 2})
    >>> threshold_pass(totals, 3, subtract="kept"), threshold_pass(totals, 3)
    ({'hug': 4, '##ug': 4, '##g': 4}, {})
    """
    check_int(threshold, "threshold")
    check_choice(subtract, "subtract", SUBTRACT_RULES)
    prefix = joiner_prefix(joiner, include_joiner_token)
    remaining = dict(substring_totals)

    def bare_length(token: str) -> int:
        return len(token) - len(prefix) if prefix and token.startswith(prefix) else len(token)

    kept: dict[str, int] = {}
    # Longest first, because greedy longest-match will prefer a long token wherever it fits: once "hugs" is in,
    # the "hug" inside those words will never be used there, so those uses must not vote for "hug" too.
    for token in sorted(remaining, key=bare_length, reverse=True):
        count = remaining[token]
        if count >= threshold:
            kept[token] = count
        elif subtract == "kept":
            continue
        # Hand the count back from every shorter prefix with the same start (not from suffixes: matching runs
        # left to right, so only a prefix competes with this token for the same spot). TensorFlow Text's code
        # does this even for a token it did not keep (the "always" rule); its guide says only for kept ones.
        head = len(token) - bare_length(token)
        for end in range(head + 1, len(token)):
            shorter = token[:end]
            if shorter in remaining:
                remaining[shorter] -= count
    return kept


def word_characters(words: Iterable[str]) -> list[str]:
    """Every character of the words, sorted by code point.

    >>> word_characters(["hug", "pug"])
    ['g', 'h', 'p', 'u']
    """
    return sorted({char for word in words for char in word})


def add_characters(
    token_counts: Mapping[str, int],
    characters: Iterable[str],
    *,
    joiner: str = JOINER,
    include_joiner_token: bool = True,
) -> dict[str, int]:
    """Add every character, bare and with the joiner, with count 1 if missing (step 4).

    So every word can still be split, down to single characters.

    >>> add_characters({"hug": 10}, ["g", "h"])
    {'hug': 10, 'g': 1, '##g': 1, 'h': 1, '##h': 1}
    """
    tokens = dict(token_counts)
    # Without the characters, a word whose pieces fell below the threshold could not be split at all and would
    # be [UNK]; with them, the worst case is one token per character. Count 1 ranks them last among equals.
    for char in characters:
        tokens.setdefault(char, 1)
        if include_joiner_token:
            tokens.setdefault(joiner + char, 1)
    return tokens


def split_points(
    word: str, vocab: Collection[str], *, joiner: str = JOINER, include_joiner_token: bool = True
) -> list[int] | None:
    """Where greedy longest-match splits ``word`` under ``vocab``: the start of each piece.

    ``None`` when some position has no match (the iteration then skips the
    word). There is no length limit: every word the learner keeps is short
    enough by then.

    >>> split_points("shells", {"she", "##l", "##s"})
    [0, 3, 4, 5]
    >>> split_points("fishing", {"she", "##l", "##s"}) is None
    True
    """
    check_str(word, "word", allow_empty=False)
    prefix = joiner_prefix(joiner, include_joiner_token)
    # "" is never a piece, so it cannot be mistaken for a real token.
    pieces = encode_word(word, vocab, prefix=prefix, unk_token="", max_input_chars_per_word=len(word))
    if pieces == [""]:
        return None
    # Each piece starts where the one before it ended; only the first piece has no prefix to discount.
    starts = [0]
    for piece in pieces[:-1]:
        starts.append(starts[-1] + len(piece) - (len(prefix) if len(starts) > 1 else 0))
    return starts


def top_down_iterations(
    word_counts: Any,
    threshold: int,
    *,
    num_iterations: int = NUM_ITERATIONS,
    joiner: str = JOINER,
    include_joiner_token: bool = True,
    subtract: str = "always",
) -> list[dict[str, int]]:
    """Run ``num_iterations`` rounds at one threshold; return each round's tokens and counts.

    Round 0 counts every substring; later rounds only those starting at the
    split points under the previous round's tokens. Every round ends by adding
    the characters back.

    >>> rounds = top_down_iterations({"hug": 10, "hugs": 5, "bugs": 5}, 5, num_iterations=2)
    >>> [sorted(tokens) for tokens in rounds]  # doctest: +NORMALIZE_WHITESPACE
    [['##b', '##g', '##gs', '##h', '##s', '##u', '##ug', '##ugs', 'b', 'bugs', 'g', 'h', 'hug', 'hugs', 's', 'u'],
     ['##b', '##g', '##h', '##s', '##u', 'b', 'bugs', 'g', 'h', 'hug', 'hugs', 's', 'u']]
    """
    counts = as_word_counts(word_counts)
    check_int(threshold, "threshold")
    check_int(num_iterations, "num_iterations", minimum=0)
    options = {"joiner": joiner, "include_joiner_token": include_joiner_token}
    characters = word_characters(counts)
    tokens = add_characters({}, characters, **options)
    rounds: list[dict[str, int]] = []
    for iteration in range(num_iterations):
        # Round 0 has no vocab to split with yet (only characters), so it counts everything; each later round
        # asks where the vocab it just learned would cut each word, and counts only from those places.
        points = None if iteration == 0 else {word: split_points(word, tokens, **options) for word in counts}
        kept = threshold_pass(substring_counts(counts, points, **options), threshold, subtract=subtract, **options)
        tokens = add_characters(kept, characters, **options)
        rounds.append(tokens)
    return rounds


def final_vocabulary(
    reserved_tokens: Iterable[str], characters: Iterable[str], token_counts: Mapping[str, int]
) -> list[str]:
    """Reserved tokens, then characters by code point, then tokens by count (ties alphabetical).

    A token already listed is not repeated.

    >>> final_vocabulary(["[UNK]"], ["h", "g"], {"hug": 3, "##g": 1, "g": 1, "pug": 3})
    ['[UNK]', 'g', 'h', 'hug', 'pug', '##g']
    """
    # TensorFlow Text's order: ids of the reserved tokens and characters do not depend on the corpus's
    # counts, so they stay put between vocabs; the learned tokens follow, most used first.
    ordered = [*check_str_list(reserved_tokens, "reserved_tokens"), *sorted(characters)]
    ordered += [token for token, _ in sorted(token_counts.items(), key=lambda item: (-item[1], item[0]))]
    return list(dict.fromkeys(ordered))


def learn_with_threshold(
    word_counts: Any,
    threshold: int,
    reserved_tokens: Iterable[str],
    *,
    num_iterations: int = NUM_ITERATIONS,
    joiner: str = JOINER,
    include_joiner_token: bool = True,
    extra_characters: Iterable[str] = (),
) -> list[str]:
    """The vocab for one threshold, computed by the readable steps above.

    ``word_counts`` are used as given (see :func:`prepare_words` for the
    filtering :func:`learn` does first). ``extra_characters`` join the
    characters of the words in the vocab (Hugging Face's ``initial_alphabet``).

    >>> learn_with_threshold({"hug": 10, "hugs": 5, "bugs": 5}, 5, ["[UNK]"])
    ['[UNK]', 'b', 'g', 'h', 's', 'u', 'hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
    """
    counts = as_word_counts(word_counts)
    check_no_word_starts_with_joiner(counts, joiner, include_joiner_token)
    rounds = top_down_iterations(
        counts, threshold, num_iterations=num_iterations, joiner=joiner, include_joiner_token=include_joiner_token
    )
    characters = word_characters(counts)
    last = (
        rounds[-1]
        if rounds
        else add_characters({}, characters, joiner=joiner, include_joiner_token=include_joiner_token)
    )
    return with_extra_characters(reserved_tokens, characters, last, extra_characters, joiner, include_joiner_token)


def with_extra_characters(
    reserved_tokens: Iterable[str],
    characters: Iterable[str],
    token_counts: Mapping[str, int],
    extra_characters: Iterable[str],
    joiner: str,
    include_joiner_token: bool,
) -> list[str]:
    """:func:`final_vocabulary` with ``extra_characters`` added as the words' own characters are (step 4).

    >>> with_extra_characters(["[UNK]"], ["h"], {"h": 1, "##h": 1}, ["z"], "##", True)
    ['[UNK]', 'h', 'z', '##h', '##z']
    """
    own = list(characters)
    extra = sorted(set(extra_characters) - set(own))
    if extra:
        token_counts = add_characters(token_counts, extra, joiner=joiner, include_joiner_token=include_joiner_token)
    return final_vocabulary(reserved_tokens, [*own, *extra], token_counts)


def joiner_prefix(joiner: str, include_joiner_token: bool) -> str:
    """What a piece that does not start the word is looked up with."""
    return joiner if include_joiner_token else ""


def check_joiner(joiner: Any, include_joiner_token: Any) -> str:
    if not isinstance(include_joiner_token, bool):
        raise TypeError(f"include_joiner_token must be a bool, got {type(include_joiner_token).__name__}")
    return check_str(joiner, "joiner")


def _check_max_input_tokens(value: Any) -> int | None:
    if value is None:
        return None
    limit = check_int(value, "max_input_tokens", minimum=-1)
    return None if limit == -1 else limit


def check_slack_ratio(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"slack_ratio must be a number, got {type(value).__name__}")
    if math.isnan(value):
        raise ValueError("slack_ratio must be a number, got nan")
    return value


def check_no_word_starts_with_joiner(counts: Iterable[str], joiner: str, include_joiner_token: bool) -> None:
    prefix = joiner_prefix(joiner, include_joiner_token)
    if not prefix:
        return
    for word in counts:
        if word.startswith(prefix):
            raise ValueError(
                f"word {word!r} starts with the joiner {prefix!r}: the readable steps cannot tell it from a "
                "word ending; use method='fast' (learn does), which keeps them apart as TensorFlow Text does"
            )


__all__ = [
    "JOINER",
    "LOWER_THRESH",
    "MAX_INPUT_TOKENS",
    "MAX_TOKEN_LENGTH",
    "MAX_UNIQUE_CHARS",
    "NUM_ITERATIONS",
    "SLACK_RATIO",
    "SUBTRACT_RULES",
    "UPPER_THRESH",
    "WordCountPairs",
    "add_characters",
    "allowed_characters",
    "drop_long_and_reserved",
    "final_vocabulary",
    "keep_frequent_words",
    "learn_with_threshold",
    "prepare_words",
    "split_points",
    "substring_counts",
    "threshold_bounds",
    "threshold_pass",
    "top_down_iterations",
    "word_characters",
]
