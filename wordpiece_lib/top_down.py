"""The top-down WordPiece learner of TensorFlow Text, step by step and fast.

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
:func:`learn` uses that fact to give TensorFlow Text's vocab without building
every substring.

>>> counts = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> learn(counts, vocab_size=20, reserved_tokens=["[UNK]"], lower_thresh=1)
['[UNK]', 'b', 'g', 'h', 'n', 'p', 's', 'u', 'pun', 'hug', 'hugs', 'pug', '##b', '##g', '##h', '##n', '##p', '##s', '##u']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ._validate import check_choice, check_int, check_str, check_str_list
from .corpus import WordCounts, as_word_counts
from .encode import encode_word
from .vocab import UNK_TOKEN, Vocab

#: TensorFlow Text's defaults for :func:`learn`.
UPPER_THRESH = 10_000_000
LOWER_THRESH = 10
NUM_ITERATIONS = 4
MAX_INPUT_TOKENS = 5_000_000
MAX_TOKEN_LENGTH = 50
MAX_UNIQUE_CHARS = 1000
SLACK_RATIO = 0.05
JOINER = "##"

#: How :func:`threshold_pass` subtracts counts from prefixes: ``"always"`` is
#: TensorFlow Text's code, ``"kept"`` is its guide's wording and the seed's.
SUBTRACT_RULES = ("always", "kept")

WordCountPairs = list[tuple[str, int]]


# --- step 1: which words take part ---------------------------------------------------------------


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
) -> WordCountPairs:
    """The words the learner trains on, most frequent first (step 1).

    >>> prepare_words({"[UNK]": 9, "hug": 3, "pug": 5, "hugging": 1}, ["[UNK]"], max_token_length=5)
    [('pug', 5), ('hug', 3)]
    """
    pairs = list(as_word_counts(word_counts).items())
    reserved = check_str_list(reserved_tokens, "reserved_tokens")
    check_int(max_token_length, "max_token_length", minimum=1)
    check_int(max_unique_chars, "max_unique_chars", minimum=0)
    limit = _check_max_input_tokens(max_input_tokens)
    short = _drop_long_and_reserved(pairs, reserved, max_token_length)
    return _keep_frequent_words(short, _allowed_characters(short, max_unique_chars), limit)


def _drop_long_and_reserved(pairs: WordCountPairs, reserved_tokens: list[str], max_token_length: int) -> WordCountPairs:
    reserved = set(reserved_tokens)
    return [(word, count) for word, count in pairs if len(word) <= max_token_length and word not in reserved]


def _allowed_characters(pairs: WordCountPairs, max_unique_chars: int) -> set[str]:
    char_counts: dict[str, int] = {}
    for word, count in pairs:
        for char in word:
            char_counts[char] = char_counts.get(char, 0) + count
    ranked = sorted(char_counts.items(), key=lambda item: (-item[1], item[0]))
    return {char for char, _ in ranked[:max_unique_chars]}


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


# --- steps 2 to 4: one threshold pass ------------------------------------------------------------


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
    prefix = _joiner_prefix(joiner, include_joiner_token)
    totals: dict[str, int] = {}
    for word, count in counts.items():
        if split_points is None:
            starts: Sequence[int] | None = range(len(word))
        else:
            if word not in split_points:
                raise ValueError(f"split_points has no entry for the word {word!r}")
            starts = split_points[word]
            if starts is None:
                continue
        for start in starts:
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
    prefix = _joiner_prefix(joiner, include_joiner_token)
    remaining = dict(substring_totals)

    def bare_length(token: str) -> int:
        return len(token) - len(prefix) if prefix and token.startswith(prefix) else len(token)

    kept: dict[str, int] = {}
    for token in sorted(remaining, key=bare_length, reverse=True):
        count = remaining[token]
        if count >= threshold:
            kept[token] = count
        elif subtract == "kept":
            continue
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
    for char in characters:
        tokens.setdefault(char, 1)
        if include_joiner_token:
            tokens.setdefault(joiner + char, 1)
    return tokens


# --- step 5: iterations --------------------------------------------------------------------------


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
    prefix = _joiner_prefix(joiner, include_joiner_token)
    # "" is never a piece, so it cannot be mistaken for a real token.
    pieces = encode_word(word, vocab, prefix=prefix, unk_token="", max_input_chars_per_word=len(word))
    if pieces == [""]:
        return None
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
) -> list[str]:
    """The vocab for one threshold, computed by the readable steps above.

    ``word_counts`` are used as given (see :func:`prepare_words` for the
    filtering :func:`learn` does first).

    >>> learn_with_threshold({"hug": 10, "hugs": 5, "bugs": 5}, 5, ["[UNK]"])
    ['[UNK]', 'b', 'g', 'h', 's', 'u', 'hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
    """
    counts = as_word_counts(word_counts)
    _check_no_word_starts_with_joiner(counts, joiner, include_joiner_token)
    rounds = top_down_iterations(
        counts, threshold, num_iterations=num_iterations, joiner=joiner, include_joiner_token=include_joiner_token
    )
    characters = word_characters(counts)
    last = (
        rounds[-1]
        if rounds
        else add_characters({}, characters, joiner=joiner, include_joiner_token=include_joiner_token)
    )
    return final_vocabulary(reserved_tokens, characters, last)


# --- step 6: the threshold search ----------------------------------------------------------------


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

    def to_frame(self) -> Any:
        """One row per threshold tried: ``lower``, ``upper``, ``threshold``, ``vocab_size``."""
        import pandas as pd

        rows = [(s.lower, s.upper, s.threshold, s.vocab_size) for s in self.steps]
        return pd.DataFrame(rows, columns=["lower", "upper", "threshold", "vocab_size"])


def search_threshold(
    learn_at: Callable[[int], list[str]], vocab_size: int, lower: int, upper: int, slack_ratio: float = SLACK_RATIO
) -> tuple[list[str], list[SearchStep], str]:
    """Binary search for a threshold whose vocab has about ``vocab_size`` tokens.

    Tries ``(lower + upper) // 2``. Stops when the vocab is no larger than
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
    slack = _check_slack_ratio(slack_ratio) * vocab_size
    slack = max(slack, 0)
    steps: list[SearchStep] = []
    while True:
        threshold = (lower + upper) // 2
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
) -> TopDownResult:
    """:func:`learn`, returning the search's steps too (see :class:`TopDownResult`).

    ``method="readable"`` runs the step functions of this module for every
    threshold (slow, same vocab); ``"fast"`` uses :class:`FastTopDown`.

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> fast = train_top_down(corpus, 20, ["[UNK]"], lower_thresh=1)
    >>> fast.tokens == train_top_down(corpus, 20, ["[UNK]"], lower_thresh=1, method="readable").tokens
    True
    """
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    reserved = check_str_list(reserved_tokens, "reserved_tokens")
    check_int(num_iterations, "num_iterations", minimum=0)
    _check_slack_ratio(slack_ratio)
    _check_joiner(joiner, include_joiner_token)
    check_choice(method, "method", ("fast", "readable"))
    lower, upper = threshold_bounds(counts, upper_thresh, lower_thresh)
    words = prepare_words(
        counts,
        reserved,
        max_token_length=max_token_length,
        max_unique_chars=max_unique_chars,
        max_input_tokens=max_input_tokens,
    )
    options = {"num_iterations": num_iterations, "joiner": joiner, "include_joiner_token": include_joiner_token}
    if method == "fast":
        learner = FastTopDown._from_checked(words, reserved, num_iterations, joiner, include_joiner_token)
        learn_at = learner.learn_with_threshold
    else:
        prepared = WordCounts.from_pairs(words)
        _check_no_word_starts_with_joiner(prepared, joiner, include_joiner_token)

        def learn_at(threshold: int) -> list[str]:
            return learn_with_threshold(prepared, threshold, reserved, **options)

    tokens, steps, reason = search_threshold(learn_at, vocab_size, lower, upper, slack_ratio)
    return TopDownResult(tokens, steps[-1].threshold, steps, reason, words, reserved)


def learn(
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
) -> list[str]:
    """TensorFlow Text's ``learn``: same parameters, defaults and vocab, much faster.

    Returns the tokens in vocab order: reserved tokens, single characters,
    then learned tokens by count. Repeated ``(word, count)`` pairs are added
    up first, and ``max_input_tokens=None`` means no limit (as ``-1``).

    >>> learn({"hug": 10, "hugs": 5, "bugs": 5}, 14, ["[UNK]"], lower_thresh=1)
    ['[UNK]', 'b', 'g', 'h', 's', 'u', 'hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
    """
    return train_top_down(
        word_counts,
        vocab_size,
        reserved_tokens,
        upper_thresh,
        lower_thresh,
        num_iterations,
        max_input_tokens,
        max_token_length,
        max_unique_chars,
        slack_ratio,
        include_joiner_token,
        joiner,
    ).tokens


# --- the fast learner ----------------------------------------------------------------------------


class FastTopDown:
    """Learns the vocab of one threshold like :func:`learn_with_threshold`, without building substrings.

    Why it gives the same tokens: when every substring's count is subtracted
    from its prefixes (kept or not), what is left for a substring is the total
    count of the words in which it starts at a counted position and runs to
    the end of the word. So a round only needs, for every word, the ending
    that starts at each of its split points. Every token a round can keep is
    then a whole word, a word ending (with the joiner) or a character.

    What is done once, for all thresholds: number those strings; for every
    word and position, list the strings that could match there (the
    candidates of the greedy longest-match split); the first round's counts,
    which do not depend on the threshold. A round is then a few array
    operations: which candidates are in the vocab, the longest one at every
    position, the chain of split points of every word, and the counts of the
    endings that start there. A round whose tokens equal the previous round's
    would repeat itself, so the remaining rounds are skipped.

    >>> learner = FastTopDown([("hug", 10), ("hugs", 5), ("bugs", 5)], ["[UNK]"])
    >>> learner.learn_with_threshold(5) == learn_with_threshold({"hug": 10, "hugs": 5, "bugs": 5}, 5, ["[UNK]"])
    True
    """

    def __init__(
        self,
        words: Iterable[tuple[str, int]],
        reserved_tokens: Iterable[str],
        *,
        num_iterations: int = NUM_ITERATIONS,
        joiner: str = JOINER,
        include_joiner_token: bool = True,
    ) -> None:
        pairs = list(as_word_counts(words, "words").items())
        reserved = check_str_list(reserved_tokens, "reserved_tokens")
        self._setup(pairs, reserved, num_iterations, joiner, include_joiner_token)

    @classmethod
    def _from_checked(
        cls,
        words: WordCountPairs,
        reserved_tokens: list[str],
        num_iterations: int,
        joiner: str,
        include_joiner_token: bool,
    ) -> FastTopDown:
        """Build from words already checked (distinct, positive counts), skipping the checks."""
        learner = cls.__new__(cls)
        learner._setup(words, reserved_tokens, num_iterations, joiner, include_joiner_token)
        return learner

    def _setup(
        self,
        words: WordCountPairs,
        reserved_tokens: list[str],
        num_iterations: int,
        joiner: str,
        include_joiner_token: bool,
    ) -> None:
        self.words = words
        self.reserved_tokens = reserved_tokens
        self.num_iterations = check_int(num_iterations, "num_iterations", minimum=0)
        self.joiner = _check_joiner(joiner, include_joiner_token)
        self.include_joiner_token = include_joiner_token
        self.characters = word_characters(word for word, _ in self.words)
        self._prefix = _joiner_prefix(joiner, include_joiner_token)
        if self.words:
            self._number_strings()
            self._find_candidates()

    def _number_strings(self) -> None:
        """Number every string a round can keep, and each word's ending at every position.

        An "entry" is what TensorFlow Text counts: word ``i`` is entry ``i``;
        the endings come after. It counts the ending ``##a`` apart from a word
        ``##a`` (it groups substrings by their length without the joiner), so
        two entries can share one string; with no joiner they are one entry.
        """
        import numpy as np

        prefix = self._prefix
        texts = [word for word, _ in self.words]
        ending_texts = [prefix + word[start:] for word in texts for start in range(1, len(word))]
        entry_of = {} if prefix else {word: index for index, word in enumerate(texts)}
        first_entry = len(texts)
        new_endings = [text for text in dict.fromkeys(ending_texts) if text not in entry_of]
        entry_of.update(zip(new_endings, range(first_entry, first_entry + len(new_endings)), strict=True))
        entry_texts = texts + new_endings
        char_texts = [*self.characters, *(self.joiner + c for c in self.characters if self.include_joiner_token)]
        string_ids = {text: index for index, text in enumerate(dict.fromkeys(entry_texts + char_texts))}
        lengths = np.array([len(word) for word in texts], dtype=np.int64)
        word_counts = [count for _, count in self.words]
        # Counts stay exact: int64 while the total fits, Python integers otherwise.
        dtype = np.int64 if sum(word_counts) < 2**62 else object
        self._string_ids = string_ids
        self._strings = list(string_ids)
        self._entry_string = np.array([string_ids[text] for text in entry_texts], dtype=np.int64)
        self._entry_is_ending = np.arange(len(entry_texts)) >= first_entry
        self._char_ids = np.array([string_ids[text] for text in char_texts], dtype=np.int64)
        # Positions are numbered across all words: word i holds word_start[i] .. word_start[i] + len - 1.
        self._word_start = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
        is_word_start = np.zeros(int(lengths.sum()), dtype=bool)
        is_word_start[self._word_start] = True
        self._position_entry = np.empty(len(is_word_start), dtype=np.int64)
        self._position_entry[is_word_start] = np.arange(len(texts))
        self._position_entry[~is_word_start] = np.array([entry_of[text] for text in ending_texts], dtype=np.int64)
        self._position_stop = np.repeat(self._word_start + lengths, lengths)
        self._position_count = np.repeat(np.array(word_counts, dtype=dtype), lengths)
        # Round 0 counts every start, so every ending of every word.
        self._first_counts = np.zeros(len(entry_texts), dtype=dtype)
        np.add.at(self._first_counts, self._position_entry, self._position_count)

    def _find_candidates(self) -> None:
        """For every position, the numbered strings the greedy split may match there.

        The string looked up at a position, running to the end of the word, is
        itself numbered; the candidates are the numbered strings that are its
        prefixes (longer than the joiner). In sorted order a string's prefixes
        come before it, so one pass finds each string's longest numbered
        proper prefix (its parent); the candidates are a chain of parents.
        """
        import numpy as np

        strings = self._strings
        parent = np.full(len(strings), -1, dtype=np.int64)
        chain: list[int] = []
        for sid in sorted(range(len(strings)), key=strings.__getitem__):
            text = strings[sid]
            while chain and not text.startswith(strings[chain[-1]]):
                chain.pop()
            if chain:
                parent[sid] = chain[-1]
            chain.append(sid)
        length = np.array([len(text) for text in strings], dtype=np.int64)
        positions = np.arange(len(self._position_entry), dtype=np.int64)
        head = np.full(len(positions), len(self._prefix), dtype=np.int64)
        head[self._word_start] = 0
        found_positions = []
        found_strings = []
        current, sid = positions, self._entry_string[self._position_entry]
        while current.size:
            # A prefix no longer than the joiner is not a piece; its own prefixes are shorter still.
            long_enough = length[sid] > head[current]
            current, sid = current[long_enough], sid[long_enough]
            found_positions.append(current)
            found_strings.append(sid)
            sid = parent[sid]
            current, sid = current[sid >= 0], sid[sid >= 0]
        candidate_position = np.concatenate(found_positions)
        order = np.argsort(candidate_position, kind="stable")
        candidate_position = candidate_position[order]
        self._candidate_string = np.concatenate(found_strings)[order]
        # A candidate's end, as the position number where the next piece starts.
        self._candidate_end = candidate_position + length[self._candidate_string] - head[candidate_position]
        self._group_first = np.searchsorted(candidate_position, positions)

    def _counts_under(self, in_vocab: Any) -> Any:
        """Entry counts of one round: split every word under ``in_vocab`` (a mask over strings)."""
        import numpy as np

        # The longest candidate in the vocab at every position (a character always is).
        ends = np.where(in_vocab[self._candidate_string], self._candidate_end, -1)
        next_start = np.maximum.reduceat(ends, self._group_first)
        starts = [self._word_start]
        current = self._word_start
        while current.size:
            following = next_start[current]
            current = following[following < self._position_stop[current]]
            starts.append(current)
        counted = np.concatenate(starts)
        counts = np.zeros(len(self._first_counts), dtype=self._first_counts.dtype)
        np.add.at(counts, self._position_entry[counted], self._position_count[counted])
        return counts

    def _keep(self, counts: Any, threshold: int) -> tuple[Any, Any]:
        """The vocab mask over strings and each kept string's count (characters added back)."""
        import numpy as np

        kept = counts >= threshold
        in_vocab = np.zeros(len(self._strings), dtype=bool)
        token_counts = np.ones(len(self._strings), dtype=counts.dtype)
        # TensorFlow Text looks at a word ending after an equal string that starts a word, so the
        # ending's count is the one that stays.
        for is_ending in (False, True):
            chosen = kept & (self._entry_is_ending == is_ending)
            in_vocab[self._entry_string[chosen]] = True
            token_counts[self._entry_string[chosen]] = counts[chosen]
        in_vocab[self._char_ids] = True
        return in_vocab, token_counts

    def learn_with_threshold(self, threshold: int) -> list[str]:
        """The vocab at ``threshold`` (equal to :func:`learn_with_threshold` on the same words)."""
        import numpy as np

        check_int(threshold, "threshold")
        if threshold <= 0 or not self.words:
            # At 0 even substrings with no count left are kept: only the readable steps know them.
            return learn_with_threshold(
                self.words,
                threshold,
                self.reserved_tokens,
                num_iterations=self.num_iterations,
                joiner=self.joiner,
                include_joiner_token=self.include_joiner_token,
            )
        in_vocab = np.zeros(len(self._strings), dtype=bool)
        in_vocab[self._char_ids] = True
        token_counts = np.ones(len(self._strings), dtype=self._first_counts.dtype)
        for iteration in range(self.num_iterations):
            counts = self._first_counts if iteration == 0 else self._counts_under(in_vocab)
            new_in_vocab, token_counts = self._keep(counts, threshold)
            if iteration > 0 and np.array_equal(new_in_vocab, in_vocab):
                break
            in_vocab = new_in_vocab
        strings = self._strings
        learned = {strings[index]: int(token_counts[index]) for index in np.flatnonzero(in_vocab)}
        return final_vocabulary(self.reserved_tokens, self.characters, learned)


# --- argument checks -----------------------------------------------------------------------------


def _joiner_prefix(joiner: str, include_joiner_token: bool) -> str:
    """What a piece that does not start the word is looked up with."""
    return joiner if include_joiner_token else ""


def _check_joiner(joiner: Any, include_joiner_token: Any) -> str:
    if not isinstance(include_joiner_token, bool):
        raise TypeError(f"include_joiner_token must be a bool, got {type(include_joiner_token).__name__}")
    return check_str(joiner, "joiner")


def _check_max_input_tokens(value: Any) -> int | None:
    if value is None:
        return None
    limit = check_int(value, "max_input_tokens", minimum=-1)
    return None if limit == -1 else limit


def _check_slack_ratio(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"slack_ratio must be a number, got {type(value).__name__}")
    if math.isnan(value):
        raise ValueError("slack_ratio must be a number, got nan")
    return value


def _check_no_word_starts_with_joiner(counts: Iterable[str], joiner: str, include_joiner_token: bool) -> None:
    prefix = _joiner_prefix(joiner, include_joiner_token)
    if not prefix:
        return
    for word in counts:
        if word.startswith(prefix):
            raise ValueError(
                f"word {word!r} starts with the joiner {prefix!r}: the readable steps cannot tell it from a "
                "word ending; use method='fast' (learn does), which keeps them apart as TensorFlow Text does"
            )
