"""What a bottom-up training run is asked to do, checked once for every trainer.

The readable trainer (``train_bottom_up``), the fast one (``train_fast``) and
BPE (``train_bpe``) take the same keyword options; they are declared once
here, in :class:`TrainerOptions`, and :func:`plan_training` checks them with
the corpus before any merge is made.

>>> plan = plan_training({"hug": 10, "hugs": 5}, 12, {"special_tokens": ["[UNK]"]})
>>> plan.special_tokens, plan.alphabet
(['[UNK]'], ['##g', '##s', '##u', 'h'])
>>> plan_training({"hug": 10}, 12, {"tiebreak": "first"})
Traceback (most recent call last):
...
TypeError: unknown option 'tiebreak'; the options are special_tokens, prefix, marker, tie_break, criterion, top_k, progress, min_frequency, limit_alphabet, initial_alphabet
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from .._validate import check_callable, check_choice, check_int, check_str_list
from ..counting.word_counts import WordCounts, as_word_counts
from ..model.pieces import DEFAULT_PREFIX, alphabet, check_style
from ..model.vocab import BERT_SPECIAL_TOKENS
from .hf_options import apply_alphabet_options, check_min_frequency, initial_pieces
from .scores import CRITERIA, TIE_BREAKS
from .trace import Trace

#: ``progress(done, planned)``: merges done so far, and merges the target asks for.
ProgressCallback = Callable[[int, int], object]

Trainer = TypeVar("Trainer", bound=Callable[..., Any])


@dataclass(frozen=True)
class TrainerOptions:
    """The keyword options of every bottom-up trainer, with their defaults.

    * ``special_tokens``: put first in the vocab, in this order (BERT's five by default);
    * ``prefix``: the continuation prefix (``##``), or with ``marker`` the begin-of-word style;
    * ``tie_break``: ``"first"`` (first-seen word order) or ``"lexical"``;
    * ``criterion``: ``"wordpiece"``, ``"bpe"`` or ``"likelihood"`` (readable trainer only);
    * ``top_k``: record the best ``top_k`` candidates of every step;
    * ``progress``: called as ``progress(done, planned)`` after every merge;
    * ``min_frequency``, ``limit_alphabet``, ``initial_alphabet``: Hugging
      Face's options, with its meanings (``hf_options.py``): a pair seen
      fewer than ``min_frequency`` times is never merged; at most
      ``limit_alphabet`` characters are kept (words with others are left out);
      the characters of ``initial_alphabet`` are in the vocab even if the
      corpus lacks them.

    >>> TrainerOptions().tie_break
    'first'
    """

    special_tokens: Sequence[str] = BERT_SPECIAL_TOKENS
    prefix: str = DEFAULT_PREFIX
    marker: str | None = None
    tie_break: str = "first"
    criterion: str = "wordpiece"
    top_k: int = 0
    progress: ProgressCallback | None = None
    min_frequency: int = 0
    limit_alphabet: int | None = None
    initial_alphabet: Iterable[str] = ()


OPTION_NAMES = tuple(field.name for field in dataclasses.fields(TrainerOptions))


@dataclass(frozen=True)
class TrainingPlan:
    """A checked training run: the counts, the target, the starting vocab and the options."""

    counts: WordCounts
    vocab_size: int
    special_tokens: list[str]
    alphabet: list[str]
    options: TrainerOptions

    @property
    def start_size(self) -> int:
        """Tokens in the vocab before the first merge (special tokens and alphabet, once each)."""
        return len(set(self.special_tokens) | set(self.alphabet))

    @property
    def planned_merges(self) -> int:
        """The merges the target asks for (a merge that rebuilds a known token adds a step, not a token)."""
        return self.vocab_size - self.start_size

    def new_trace(self) -> Trace:
        """The trace of this run before its first merge.

        >>> plan_training({"hug": 10, "hugs": 5}, 12, {"special_tokens": ["[UNK]"]}).new_trace().tokens()
        ['[UNK]', '##g', '##s', '##u', 'h']
        """
        chosen = self.options
        return Trace(
            self.counts,
            self.alphabet,
            self.special_tokens,
            [],
            chosen.prefix,
            chosen.marker,
            chosen.tie_break,
            chosen.criterion,
        )


def plan_training(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int,
    options: Mapping[str, Any],
    criteria: Collection[str] = CRITERIA,
) -> TrainingPlan:
    """Check a trainer's arguments (``options`` are its keyword options) and return the plan.

    The alphabet options are applied here: the plan's counts hold only the
    words spelled with the kept characters, and its alphabet includes the
    pieces of ``initial_alphabet``.

    >>> plan_training({"hug": 1}, 2, {})
    Traceback (most recent call last):
    ...
    ValueError: vocab_size=2 is smaller than the 5 special tokens plus the 3 alphabet pieces (8); ask for at least 8
    """
    unknown = [name for name in options if name not in OPTION_NAMES]
    if unknown:
        raise TypeError(f"unknown option {unknown[0]!r}; the options are {', '.join(OPTION_NAMES)}")
    chosen = TrainerOptions(**options)
    check_choice(chosen.criterion, "criterion", criteria)
    check_int(chosen.top_k, "top_k", minimum=0)
    if chosen.progress is not None:
        check_callable(chosen.progress, "progress", "a callable(done, planned) or None")
    check_min_frequency(chosen.min_frequency)
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    specials = check_str_list(chosen.special_tokens, "special_tokens")
    check_style(chosen.prefix, chosen.marker)
    check_choice(chosen.tie_break, "tie_break", TIE_BREAKS)
    if not counts:
        raise ValueError(
            "word_counts is empty: there is nothing to train on (a generator can be read only once: "
            "pass a list or a WordCounts if you use the same corpus twice)"
        )
    for position, token in enumerate(specials):
        if not token:
            raise ValueError(f"special_tokens[{position}] is an empty string; a vocab token must not be empty")
    check_words_fit_style(counts, chosen.prefix, chosen.marker)
    counts, extra_chars = apply_alphabet_options(counts, chosen.limit_alphabet, chosen.initial_alphabet)
    if not counts:
        raise ValueError(
            f"limit_alphabet={chosen.limit_alphabet} leaves no word to train on: every word holds a character "
            "outside the kept alphabet; raise limit_alphabet"
        )
    letters = sorted(
        set(alphabet(counts, chosen.prefix, marker=chosen.marker))
        | set(initial_pieces(extra_chars, chosen.prefix, chosen.marker))
    )
    plan = TrainingPlan(counts, vocab_size, specials, letters, chosen)
    if vocab_size < plan.start_size:
        raise ValueError(
            f"vocab_size={vocab_size} is smaller than the {len(specials)} special tokens plus the "
            f"{len(letters)} alphabet pieces ({plan.start_size}); ask for at least {plan.start_size}"
        )
    return plan


def stop_reason_without_pairs(pairs_left: bool, min_frequency: int) -> str:
    """Why training stopped when no pair could be merged.

    >>> stop_reason_without_pairs(True, 5)
    'no pair occurs min_frequency=5 times or more'
    """
    if pairs_left:
        return f"no pair occurs min_frequency={min_frequency} times or more"
    return "every word is a single token: nothing left to merge"


def check_words_fit_style(word_counts: WordCounts, prefix: str, marker: str | None) -> None:
    """Reject words the piece convention could not tell apart afterwards.

    A word that starts with the continuation prefix would produce a
    word-initial token that reads like a continuation piece; a word holding
    the begin-of-word marker would be cut in two when decoded.

    >>> check_words_fit_style(WordCounts.from_pairs([("##a", 1)]), "##", None)
    Traceback (most recent call last):
    ...
    ValueError: word '##a' starts with the continuation prefix '##'; use the 'bert' pre-tokenizer (it splits '#' off) or another prefix
    """
    for word in word_counts:
        if marker is not None and marker in word:
            raise ValueError(f"word {word!r} contains the begin-of-word marker {marker!r}; choose another marker")
        if marker is None and word.startswith(prefix):
            raise ValueError(
                f"word {word!r} starts with the continuation prefix {prefix!r}; use the 'bert' "
                "pre-tokenizer (it splits '#' off) or another prefix"
            )


def takes_trainer_options(trainer: Trainer) -> Trainer:
    """Show a trainer's ``**options`` as the named keyword options they are (for ``help`` and Jupyter).

    >>> @takes_trainer_options
    ... def train(word_counts, vocab_size, **options): ...
    >>> list(inspect.signature(train).parameters)[:4]
    ['word_counts', 'vocab_size', 'special_tokens', 'prefix']
    """
    signature = inspect.signature(trainer)
    positional = [p for p in signature.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
    named = [
        inspect.Parameter(field.name, inspect.Parameter.KEYWORD_ONLY, default=field.default, annotation=field.type)
        for field in dataclasses.fields(TrainerOptions)
    ]
    trainer.__signature__ = signature.replace(parameters=[*positional, *named])  # type: ignore[attr-defined]
    return trainer


__all__ = [
    "OPTION_NAMES",
    "ProgressCallback",
    "TrainerOptions",
    "TrainingPlan",
    "check_words_fit_style",
    "plan_training",
    "stop_reason_without_pairs",
    "takes_trainer_options",
]
