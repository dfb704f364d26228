"""The top-down learner, interactive: a threshold slider that shows every round.

* ``TopDownRounds`` learns the vocab after each round for any threshold,
  using the fast engine (``FastTopDown``), and caches what it learned, so a
  slider can ask again and again at no cost. It never re-implements the
  learner: round ``r``'s vocab is the learner run with ``num_iterations=r``.
* ``rounds_text`` and ``rounds_frame`` show one threshold as text and as a
  table (the static twins of the widget).
* ``ThresholdExplorer`` is the widget: a threshold slider with log-spaced
  stops and a box for the words whose split you want to see.

>>> from wordpiece_lib.data import datasets
>>> rounds = TopDownRounds({"human": 113, "humas": 3})
>>> [len(vocab) for vocab in rounds.vocabs(100)]
[17, 14, 14, 14]
>>> explorer = ThresholdExplorer(rounds, words=["human"], threshold=100)
>>> print(explorer.text.splitlines()[0])
threshold 100: 14 tokens after 4 rounds (1 reserved, 6 characters, 6 ##characters, 1 learned)
"""

from __future__ import annotations

import copy
import math
from collections.abc import Iterable, Sequence
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_str, check_str_list
from wordpiece_lib.classroom.display import BUTTON_LAYOUT, hand_on_focus, show_text, text_view
from wordpiece_lib.counting import as_word_counts
from wordpiece_lib.model import encode_word
from wordpiece_lib.training import (
    JOINER,
    MAX_INPUT_TOKENS,
    MAX_TOKEN_LENGTH,
    MAX_UNIQUE_CHARS,
    NUM_ITERATIONS,
    FastTopDown,
    prepare_words,
)


def log_thresholds(lower: int, upper: int, *, per_decade: int = 6) -> list[int]:
    """Whole-number thresholds from ``lower`` to ``upper``, evenly spaced on a log scale.

    Both ends are included; rounding can merge close stops, so small ranges
    give every whole number.

    >>> log_thresholds(1, 100, per_decade=4)
    [1, 2, 3, 6, 10, 18, 32, 56, 100]
    >>> log_thresholds(3, 5)
    [3, 4, 5]
    """
    check_int(lower, "lower", minimum=1)
    check_int(upper, "upper", minimum=1)
    check_int(per_decade, "per_decade", minimum=1)
    if upper < lower:
        raise ValueError(f"upper must be at least lower, got lower={lower} and upper={upper}")
    steps = math.ceil(math.log10(upper / lower) * per_decade) if upper > lower else 0
    stops = {lower, upper}
    for step in range(1, steps):
        stops.add(round(lower * 10 ** (step / per_decade)))
    return sorted(stop for stop in stops if lower <= stop <= upper)


class TopDownRounds:
    """The vocab after every round of the top-down learner, for any threshold.

    ``word_counts`` are filtered as :func:`~wordpiece_lib.training.top_down.learn`
    does (``prepare=False`` uses them as given). The last round's vocab is
    exactly what ``learn_with_threshold`` gives for the same words.
    ``bounds`` is the (smallest, largest) count of the words used: the
    range a threshold slider needs, not the binary search's bounds (see
    :func:`~wordpiece_lib.training.top_down.threshold_bounds` for those).

    >>> rounds = TopDownRounds({"hug": 10, "hugs": 5, "bugs": 5}, num_iterations=2)
    >>> rounds.vocabs(5)[-1]
    ['[UNK]', 'b', 'g', 'h', 's', 'u', 'hug', 'bugs', 'hugs', '##b', '##g', '##h', '##s', '##u']
    >>> rounds.size(5), rounds.bounds
    (14, (5, 10))
    """

    def __init__(
        self,
        word_counts: Any,
        reserved_tokens: Iterable[str] = ("[UNK]",),
        *,
        num_iterations: int = NUM_ITERATIONS,
        joiner: str = JOINER,
        include_joiner_token: bool = True,
        prepare: bool = True,
        max_token_length: int = MAX_TOKEN_LENGTH,
        max_unique_chars: int = MAX_UNIQUE_CHARS,
        max_input_tokens: int | None = MAX_INPUT_TOKENS,
    ) -> None:
        counts = as_word_counts(word_counts)
        if not counts:
            raise ValueError("word_counts is empty: there is nothing to learn from")
        self.reserved_tokens = check_str_list(reserved_tokens, "reserved_tokens")
        self.num_iterations = check_int(num_iterations, "num_iterations", minimum=1)
        if not isinstance(prepare, bool):
            raise TypeError(f"prepare must be a bool, got {type(prepare).__name__}")
        if prepare:
            self.words = prepare_words(
                counts,
                self.reserved_tokens,
                max_token_length=max_token_length,
                max_unique_chars=max_unique_chars,
                max_input_tokens=max_input_tokens,
            )
        else:
            self.words = list(counts.items())
        if not self.words:
            raise ValueError("no word is left after filtering: check max_token_length and the reserved tokens")
        self.word_counts = dict(self.words)
        self.joiner = joiner
        self.include_joiner_token = include_joiner_token
        self.prefix = joiner if include_joiner_token else ""
        full = FastTopDown(
            self.words,
            self.reserved_tokens,
            num_iterations=self.num_iterations,
            joiner=joiner,
            include_joiner_token=include_joiner_token,
        )
        self.characters: list[str] = full.characters
        # The engine does its threshold-free work once; each copy only reads it and stops after fewer rounds.
        self._learners = []
        for rounds in range(1, self.num_iterations + 1):
            learner = copy.copy(full)
            learner.num_iterations = rounds
            self._learners.append(learner)
        self._cache: dict[int, list[list[str]]] = {}
        self._sets: dict[tuple[int, int], frozenset[str]] = {}
        self._sizes: dict[int, int] = {}
        counts_only = [count for _, count in self.words]
        self.bounds = (min(counts_only), max(counts_only))

    def vocabs(self, threshold: int) -> list[list[str]]:
        """The vocab (in TensorFlow Text's order) after round 1, 2, ..., ``num_iterations``."""
        check_int(threshold, "threshold", minimum=1)
        if threshold not in self._cache:
            self._cache[threshold] = [learner.learn_with_threshold(threshold) for learner in self._learners]
        return self._cache[threshold]

    def size(self, threshold: int) -> int:
        """How many tokens the last round keeps at ``threshold``."""
        cached = self._cache.get(threshold)
        if cached is not None:
            return len(cached[-1])
        if threshold not in self._sizes:
            check_int(threshold, "threshold", minimum=1)
            self._sizes[threshold] = len(self._learners[-1].learn_with_threshold(threshold))
        return self._sizes[threshold]

    def sizes_frame(self, thresholds: Iterable[int]) -> Any:
        """One row per threshold: ``threshold`` and ``vocab_size`` (after the last round)."""
        import pandas as pd

        rows = [(threshold, self.size(threshold)) for threshold in _threshold_list(thresholds)]
        return pd.DataFrame(rows, columns=["threshold", "vocab_size"])

    def round_sizes_frame(self, thresholds: Iterable[int]) -> Any:
        """One row per threshold and round: ``threshold``, ``round`` (from 1) and ``vocab_size``."""
        import pandas as pd

        rows = [
            (threshold, number, len(vocab))
            for threshold in _threshold_list(thresholds)
            for number, vocab in enumerate(self.vocabs(threshold), start=1)
        ]
        return pd.DataFrame(rows, columns=["threshold", "round", "vocab_size"])

    def split(self, word: str, threshold: int, round_number: int | None = None) -> list[str]:
        """How greedy longest match splits ``word`` under the vocab of a round (default: the last).

        A word the vocab cannot spell comes back as ``["[UNK]"]``.
        """
        check_str(word, "word", allow_empty=False)
        vocabs = self.vocabs(threshold)
        number = len(vocabs) if round_number is None else check_int(round_number, "round_number", minimum=1)
        if number > len(vocabs):
            raise ValueError(f"round_number must be between 1 and {len(vocabs)}, got {number}")
        return encode_word(
            word, self._tokens(threshold, number), prefix=self.prefix, max_input_chars_per_word=len(word)
        )

    def _tokens(self, threshold: int, number: int) -> frozenset[str]:
        """The vocab of round ``number`` at ``threshold`` as a set for look-ups, made once (a few ms on a book)."""
        tokens = self._sets.get((threshold, number))
        if tokens is None:
            tokens = self._sets[(threshold, number)] = frozenset(self.vocabs(threshold)[number - 1])
        return tokens

    def default_words(self, count: int = 6) -> list[str]:
        """Frequent words of five or more characters (they show splits best), or the most frequent ones."""
        check_int(count, "count", minimum=0)
        ranked = sorted(self.words, key=lambda item: -item[1])
        long_words = [word for word, _ in ranked if len(word) >= 5]
        return (long_words or [word for word, _ in ranked])[:count]


def rounds_frame(rounds: TopDownRounds, threshold: int, *, examples: int = 5) -> Any:
    """One row per round: its size, what it added and removed (with a few examples).

    >>> rounds_frame(TopDownRounds({"human": 113, "humas": 3}), 100)[["round", "tokens", "added", "removed"]]
       round  tokens  added  removed
    0      1      17     17        0
    1      2      14      0        3
    2      3      14      0        0
    3      4      14      0        0
    """
    import pandas as pd

    check_instance(rounds, "rounds", TopDownRounds)
    check_int(examples, "examples", minimum=0)
    return pd.DataFrame(_round_rows(rounds, threshold, examples))


def _round_rows(rounds: TopDownRounds, threshold: int, examples: int) -> list[dict[str, Any]]:
    """``rounds_frame``'s rows, as dicts."""
    rows = []
    before: set[str] = set()
    for number, vocab in enumerate(rounds.vocabs(threshold), start=1):
        now = set(vocab)
        added = [token for token in vocab if token not in before]
        removed = sorted(before - now)
        rows.append(
            {
                "round": number,
                "tokens": len(vocab),
                "added": len(added),
                "removed": len(removed),
                "some added": " ".join(_learned_first(added, rounds)[:examples]),
                "some removed": " ".join(_learned_first(removed, rounds)[:examples]),
            }
        )
        before = now
    return rows


def _learned_first(tokens: Sequence[str], rounds: TopDownRounds) -> list[str]:
    """The learned tokens, longest first: reserved tokens and single characters are in every round."""
    always = set(rounds.reserved_tokens) | set(rounds.characters)
    always |= {rounds.prefix + char for char in rounds.characters}
    learned = [token for token in tokens if token not in always]
    return sorted(learned, key=lambda token: -len(token.removeprefix(rounds.prefix)))


def _composition(vocab: Sequence[str], rounds: TopDownRounds) -> str:
    reserved_tokens = set(rounds.reserved_tokens)
    reserved = sum(1 for token in vocab if token in reserved_tokens)
    characters = set(rounds.characters)
    bare = sum(1 for token in vocab if token in characters and token not in rounds.reserved_tokens)
    joined = (
        sum(1 for token in vocab if token.startswith(rounds.prefix) and token[len(rounds.prefix) :] in characters)
        if rounds.prefix
        else 0
    )
    learned = len(vocab) - reserved - bare - joined
    parts = [f"{reserved} reserved", f"{bare} characters"]
    if rounds.prefix:
        parts.append(f"{joined} {rounds.prefix}characters")
    parts.append(f"{learned} learned")
    return ", ".join(parts)


def rounds_text(rounds: TopDownRounds, threshold: int, words: Sequence[str] | None = None, *, examples: int = 6) -> str:
    """What the threshold explorer shows for ``threshold``, as text.

    >>> rounds = TopDownRounds({"human": 113, "humas": 3})
    >>> print(rounds_text(rounds, 100, ["human", "humas"]))  # doctest: +NORMALIZE_WHITESPACE
    threshold 100: 14 tokens after 4 rounds (1 reserved, 6 characters, 6 ##characters, 1 learned)
    round 1: 17 tokens  +17       added: human ##uman ##man ##an
    round 2: 14 tokens  +0 -3     removed: ##uman ##man ##an
    round 3: 14 tokens  +0 -0     (no change: the vocab has settled)
    round 4: 14 tokens  +0 -0     (no change: the vocab has settled)
    <BLANKLINE>
    word    after round 1     after round 4
    human   human             human
    humas   h ##u ##m ##a ##s h ##u ##m ##a ##s
    """
    check_instance(rounds, "rounds", TopDownRounds)
    if words is not None:
        words = check_str_list(words, "words")
    check_int(examples, "examples", minimum=0)
    lines = _summary_lines(rounds, threshold, examples)
    return "\n".join(lines + _split_lines(rounds, threshold, list(words) if words is not None else None))


def _summary_lines(rounds: TopDownRounds, threshold: int, examples: int) -> list[str]:
    """The rounds at ``threshold``: what the words typed do not change (the explorer keeps them)."""
    vocabs = rounds.vocabs(threshold)
    final = vocabs[-1]
    lines = [f"threshold {threshold}: {len(final)} tokens after {len(vocabs)} rounds ({_composition(final, rounds)})"]
    for row in _round_rows(rounds, threshold, examples):
        number, size, added, removed = row["round"], row["tokens"], row["added"], row["removed"]
        change = f"+{added}" if number == 1 else f"+{added} -{removed}"
        if number > 1 and added == removed == 0:
            note = "(no change: the vocab has settled)"
        else:
            notes = []
            if row["some added"]:
                notes.append(f"added: {row['some added']}")
            if row["some removed"]:
                notes.append(f"removed: {row['some removed']}")
            note = "   ".join(notes)
        lines.append(f"round {number}: {size} tokens  {change:<9} {note}".rstrip())
    return lines


def _split_lines(rounds: TopDownRounds, threshold: int, words: list[str] | None) -> list[str]:
    """How ``words`` (default: the frequent long words) are split after the first and the last round."""
    vocabs = rounds.vocabs(threshold)
    lines: list[str] = []
    shown = words if words is not None else rounds.default_words()
    if shown:
        first = [" ".join(rounds.split(word, threshold, 1)) for word in shown]
        last = [" ".join(rounds.split(word, threshold)) for word in shown]
        word_width = max(4, *(len(word) for word in shown))
        first_width = max(len("after round 1"), *(len(text) for text in first))
        lines.append("")
        lines.append(f"{'word':<{word_width}}   {'after round 1':<{first_width}} after round {len(vocabs)}")
        for word, early, late in zip(shown, first, last, strict=True):
            lines.append(f"{word:<{word_width}}   {early:<{first_width}} {late}")
    return lines


def _parse_words(text: str) -> list[str]:
    return [word for word in text.replace(",", " ").split() if word]


def _threshold_list(thresholds: Any) -> list[int]:
    if isinstance(thresholds, (str, bytes)) or not isinstance(thresholds, Iterable):
        raise TypeError(f"thresholds must be a list of int, got {type(thresholds).__name__}")
    return [check_int(threshold, "thresholds[...]", minimum=1) for threshold in thresholds]


def _rounds_from_counts(rounds: Any) -> TopDownRounds:
    try:
        return TopDownRounds(rounds)
    except TypeError as error:
        raise TypeError(f"rounds must be a TopDownRounds or word counts ({error})") from None


class ThresholdExplorer:
    """A threshold slider (log-spaced stops) over the top-down learner, round by round.

    Shows the vocab size, what each round added and removed, and how the
    words typed in the box are split after round 1 and after the last round.
    Give it a ``TopDownRounds`` (or word counts, to build one). The stops run
    from 1 to the largest count, ``per_decade`` per power of ten, plus
    ``threshold`` (the start); or give your own ``thresholds``. Everything is
    learned by the fast engine when the widget is made, so moving the slider answers at once.
    """

    def __init__(
        self,
        rounds: TopDownRounds | Any,
        *,
        words: Iterable[str] | None = None,
        threshold: int | None = None,
        thresholds: Iterable[int] | None = None,
        per_decade: int = 6,
    ) -> None:
        import ipywidgets as w

        self.rounds = rounds if isinstance(rounds, TopDownRounds) else _rounds_from_counts(rounds)
        upper = self.rounds.bounds[1]
        if thresholds is None:
            stops = log_thresholds(1, upper, per_decade=per_decade)
            if threshold is not None:
                # The threshold asked for is a stop of its own, so the slider shows exactly it.
                stops = sorted({*stops, check_int(threshold, "threshold", minimum=1)})
        else:
            stops = sorted(set(_threshold_list(thresholds)))
        if not stops:
            raise ValueError("thresholds is empty: give at least one threshold")
        self.thresholds = stops
        start = threshold if threshold is not None else stops[len(stops) // 2]
        check_int(start, "threshold", minimum=1)
        chosen = (
            [check_str(word, "words[...]", allow_empty=False) for word in check_str_list(words, "words")]
            if words is not None
            else None
        )
        # A drop-down, not a selection slider: a screen reader announces its name and the threshold shown
        # (a SelectionSlider announces the option's index); the buttons beside it step through the stops.
        self.slider = w.Dropdown(options=stops, value=self._nearest(start), description="threshold")
        self.words_box = w.Text(
            value=" ".join(chosen if chosen is not None else self.rounds.default_words()),
            description="words",
            continuous_update=False,
            layout={"width": "60%"},
        )
        self.lower = w.Button(description="lower", tooltip="previous threshold stop", layout=BUTTON_LAYOUT)
        self.higher = w.Button(description="higher", tooltip="next threshold stop", layout=BUTTON_LAYOUT)
        self.output = text_view()
        self.lower.on_click(lambda _: self._move(-1))
        self.higher.on_click(lambda _: self._move(1))
        hand_on_focus({self.lower: self.higher, self.higher: self.lower})
        self.slider.observe(lambda change: self._render(), names="value")
        self.words_box.observe(lambda change: self._render(), names="value")
        self.widget = w.VBox([w.HBox([self.lower, self.slider, self.higher]), self.words_box, self.output])
        # Every stop learned now (a fraction of a second on a book): no stop is slow the first time it is shown.
        self._summaries = {stop: _summary_lines(self.rounds, stop, 6) for stop in self.thresholds}
        # The look-up sets the splits read (after round 1 and the last round) are made now too: a set of a
        # low threshold's vocab took tens of milliseconds on the first visit of that stop.
        last_round = self.rounds.num_iterations
        for stop in self.thresholds:
            for number in {1, last_round}:
                self.rounds._tokens(stop, number)
        self.text = ""
        self._render()

    def _nearest(self, threshold: int) -> int:
        """The slider stop closest to ``threshold`` on the log scale."""
        return min(self.thresholds, key=lambda stop: (abs(math.log(stop / threshold)), stop))

    @property
    def threshold(self) -> int:
        """The threshold shown now."""
        return int(self.slider.value)

    @property
    def words(self) -> list[str]:
        """The words whose splits are shown."""
        return _parse_words(self.words_box.value)

    def go(self, threshold: int) -> None:
        """Show the slider stop closest to ``threshold``."""
        self.slider.value = self._nearest(check_index(threshold, "threshold", minimum=1))

    def _move(self, delta: int) -> None:
        index = self.thresholds.index(self.threshold) + delta
        self.slider.value = self.thresholds[min(max(index, 0), len(self.thresholds) - 1)]

    def _render(self) -> None:
        threshold = self.threshold
        self.text = "\n".join(self._summaries[threshold] + _split_lines(self.rounds, threshold, self.words))
        show_text(self.output, self.text)  # the new text first: the buttons' states come after it
        index = self.thresholds.index(self.threshold)
        self.lower.disabled = index == 0
        self.higher.disabled = index == len(self.thresholds) - 1

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["ThresholdExplorer", "TopDownRounds", "log_thresholds", "rounds_frame", "rounds_text"]
