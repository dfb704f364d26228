"""``Trace``: the record of a bottom-up training run, step by step.

Widgets and plots read a ``Trace``; they never train again. A trace holds the
corpus, the starting alphabet and one ``TraceStep`` per merge, and can give
back the splits of any word after any number of merges.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise

from .._validate import check_choice, check_index, check_mapping, check_pair, check_str, check_str_list
from ..counting.word_counts import WordCounts
from ..model.pieces import DEFAULT_PREFIX, check_style, join_pair, split_word
from ..model.vocab import Vocab
from .scores import CRITERIA, TIE_BREAKS, Candidate, Pair, display_float


@dataclass(frozen=True)
class TraceStep:
    """One merge: which pair, the token it made, and why it won.

    ``number`` counts from 1. ``vocab_size`` is the size after this merge.
    ``candidates`` holds the best few pairs of this step, winner first (empty
    unless training was asked to record them).
    """

    number: int
    pair: Pair
    new_token: str
    score: Fraction
    pair_count: int
    left_count: int
    right_count: int
    vocab_size: int
    candidates: tuple[Candidate, ...] = ()

    @property
    def score_float(self) -> float:
        """The winning score as a float, for display (``inf`` if too large)."""
        return display_float(self.score)


@dataclass
class Trace:
    """Everything a bottom-up run decided, in order.

    >>> from wordpiece_lib import train_bottom_up
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> trace = train_bottom_up(corpus, vocab_size=10, special_tokens=["[UNK]"])
    >>> trace.merges[0], trace.steps[0].score
    (('##g', '##s'), Fraction(1, 20))
    """

    word_counts: WordCounts
    alphabet: list[str]
    special_tokens: list[str]
    steps: list[TraceStep] = field(default_factory=list)
    prefix: str = "##"
    marker: str | None = None
    tie_break: str = "first"
    criterion: str = "wordpiece"
    stop_reason: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.word_counts, WordCounts):
            raise TypeError(
                f"word_counts must be a WordCounts, got {type(self.word_counts).__name__} "
                "(a Trace comes from a trainer, e.g. train_bottom_up)"
            )
        self.alphabet = check_str_list(self.alphabet, "alphabet")
        self.special_tokens = check_str_list(self.special_tokens, "special_tokens")
        if isinstance(self.steps, (str, bytes)) or not isinstance(self.steps, Iterable):
            raise TypeError(f"steps must be a list of TraceStep, got {type(self.steps).__name__}")
        self.steps = list(self.steps)
        for position, step in enumerate(self.steps):
            if not isinstance(step, TraceStep):
                raise TypeError(f"steps[{position}] must be a TraceStep, got {type(step).__name__}")
        check_style(self.prefix, self.marker)
        check_choice(self.tie_break, "tie_break", TIE_BREAKS)
        check_choice(self.criterion, "criterion", CRITERIA)
        check_str(self.stop_reason, "stop_reason")

    @property
    def merges(self) -> list[Pair]:
        """The merged pairs in order."""
        return [step.pair for step in self.steps]

    @property
    def new_tokens(self) -> list[str]:
        """The tokens the merges made, in order (a repeat is listed once)."""
        seen = set(self.special_tokens) | set(self.alphabet)
        tokens = []
        for step in self.steps:
            if step.new_token not in seen:
                seen.add(step.new_token)
                tokens.append(step.new_token)
        return tokens

    def tokens(self, steps: int | None = None) -> list[str]:
        """Special tokens, then the alphabet, then the learned tokens.

        ``steps`` limits the learned tokens to the first merges.

        >>> from wordpiece_lib.data.datasets import hug_pug_counts
        >>> from wordpiece_lib import train_bottom_up
        >>> train_bottom_up(hug_pug_counts(), 9, special_tokens=["[UNK]"]).tokens(steps=1)[-2:]
        ['p', '##gs']
        """
        chosen = self.steps[: self.checked_steps(steps)]
        learned = [step.new_token for step in chosen]
        ordered: list[str] = []
        seen: set[str] = set()
        for token in [*self.special_tokens, *self.alphabet, *learned]:
            if token not in seen:
                seen.add(token)
                ordered.append(token)
        return ordered

    def checked_steps(self, steps: int | None) -> int:
        """``steps`` checked against this trace (``None`` means every merge).

        >>> Trace(WordCounts.from_pairs([("ab", 1)]), ["##b", "a"], []).checked_steps(None)
        0
        """
        if steps is None:
            return len(self.steps)
        if isinstance(steps, bool) or not isinstance(steps, int):
            raise TypeError(f"steps must be an int, got {type(steps).__name__}")
        if not 0 <= steps <= len(self.steps):
            raise ValueError(f"steps must be between 0 and {len(self.steps)}, got {steps}")
        return steps

    def steps_for_size(self, size: int | None) -> int:
        """How many merges give the largest vocab of at most ``size`` tokens (``None``: every merge).

        A merge that rebuilds a token already in the vocab adds nothing, so
        several step counts can give the same size: the answer is the last of
        them. A size past the end of training gives every merge; one below the
        starting vocab (special tokens + alphabet) is refused.

        >>> from wordpiece_lib.data.datasets import hug_pug_counts
        >>> from wordpiece_lib import train_bottom_up
        >>> trace = train_bottom_up(hug_pug_counts(), 100, special_tokens=["[UNK]"])
        >>> len(trace.tokens(0)), trace.steps_for_size(10), len(trace.tokens(trace.steps_for_size(10)))
        (8, 2, 10)
        >>> trace.steps_for_size(10**6) == trace.steps_for_size(None) == len(trace.steps)
        True
        """
        if size is None:
            return len(self.steps)
        if isinstance(size, bool) or not isinstance(size, int):
            raise TypeError(f"size must be an int or None, got {type(size).__name__}")
        start = len(self.tokens(0))
        if size < start:
            raise ValueError(f"size must be at least {start} (special tokens + alphabet), got {size}")
        return bisect.bisect_right([step.vocab_size for step in self.steps], size)

    def vocab(self, unk_token: str = "[UNK]") -> Vocab:
        """The learned vocabulary as a ``Vocab`` (needs the unknown token)."""
        return Vocab(self.tokens(), unk_token=unk_token, special_tokens=self.special_tokens)

    def merge_ranks(self) -> dict[Pair, int]:
        """Each merged pair and the step (from 0) at which it was merged.

        >>> Trace(WordCounts.from_pairs([("ab", 1)]), ["##b", "a"], []).merge_ranks()
        {}
        """
        return merge_ranks(self.merges)

    def splits_at(self, steps: int | None, words: Iterable[str] | None = None) -> dict[str, list[str]]:
        """The pieces of ``words`` (default: every word) after ``steps`` merges.

        >>> from wordpiece_lib import train_bottom_up
        >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
        >>> trace = train_bottom_up(corpus, vocab_size=10, special_tokens=["[UNK]"])
        >>> trace.splits_at(0, ["hugs"]), trace.splits_at(1, ["hugs"])
        ({'hugs': ['h', '##u', '##g', '##s']}, {'hugs': ['h', '##u', '##gs']})
        """
        steps = self.checked_steps(steps)
        ranks = self.merge_ranks()
        chosen = self.word_counts if words is None else check_str_list(words, "words")
        return {
            word: apply_merges(
                split_word(word, self.prefix, marker=self.marker), ranks, self.prefix, self.marker, limit=steps
            )
            for word in chosen
        }


def merge_ranks(merges: Sequence[Pair] | Mapping[Pair, int] | Trace) -> dict[Pair, int]:
    """Each merged pair and its rank (from 0); a pair learned twice keeps its first rank.

    >>> merge_ranks([("##u", "##g"), ("h", "##ug"), ("##u", "##g")])
    {('##u', '##g'): 0, ('h', '##ug'): 1}
    """
    if isinstance(merges, Trace):
        merges = merges.merges
    if isinstance(merges, Mapping):
        return {tuple(pair): int(rank) for pair, rank in merges.items()}  # type: ignore[misc]
    if isinstance(merges, (str, bytes)) or not isinstance(merges, Iterable):
        raise TypeError(
            f"merges must be a Trace, a list of (left, right) pairs or a dict pair -> rank, got {type(merges).__name__}"
        )
    ranks: dict[Pair, int] = {}
    for rank, pair in enumerate(merges):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise TypeError(f"merges[{rank}] must be a (left, right) pair of str, got {pair!r}")
        ranks.setdefault((pair[0], pair[1]), rank)
    return ranks


def merge_in_pieces(pieces: Sequence[str], pair: Pair, new_token: str) -> list[str]:
    """Replace every occurrence of ``pair`` (left to right, no overlaps).

    >>> merge_in_pieces(["x", "##a", "##a", "##a"], ("##a", "##a"), "##aa")
    ['x', '##aa', '##a']
    """
    check_pair(pair, "pair")
    check_str(new_token, "new_token", allow_empty=False)
    return replace_pair(check_str_list(pieces, "pieces"), pair, new_token)


def replace_pair(pieces: Sequence[str], pair: Pair, new_token: str) -> list[str]:
    """``merge_in_pieces`` without the argument checks, for the training and replay loops.

    >>> replace_pair(["h", "##u", "##g"], ("##u", "##g"), "##ug")
    ['h', '##ug']
    """
    left, right = pair
    out: list[str] = []
    i = 0
    while i < len(pieces):
        if i + 1 < len(pieces) and pieces[i] == left and pieces[i + 1] == right:
            out.append(new_token)
            i += 2
        else:
            out.append(pieces[i])
            i += 1
    return out


def apply_merges(
    pieces: Sequence[str],
    ranks: Mapping[Pair, int],
    prefix: str = "##",
    marker: str | None = None,
    *,
    limit: int | None = None,
) -> list[str]:
    """Replay learned merges on one word's pieces (BPE-style encoding).

    Repeatedly merges the present pair that was learned earliest; this gives
    the same pieces as applying every merge in training order.

    >>> apply_merges(["h", "##u", "##g", "##s"], {("##g", "##s"): 0, ("h", "##u"): 1, ("hu", "##gs"): 2})
    ['hugs']
    """
    check_mapping(ranks, "ranks", "a mapping pair -> rank (e.g. trace.merge_ranks())")
    check_style(prefix, marker, allow_empty_prefix=True)
    if limit is not None:
        limit = check_index(limit, "limit", minimum=0)
    current = check_str_list(pieces, "pieces")
    while len(current) > 1:
        best_rank = None
        best_pair = None
        for pair in pairwise(current):
            rank = ranks.get(pair)
            if rank is not None and (limit is None or rank < limit) and (best_rank is None or rank < best_rank):
                best_rank, best_pair = rank, pair
        if best_pair is None:
            break
        current = replace_pair(current, best_pair, join_pair(*best_pair, prefix, marker=marker))
    return current


def encode_with_merges(
    word: str,
    merges: Sequence[Pair] | Mapping[Pair, int],
    *,
    prefix: str = DEFAULT_PREFIX,
    marker: str | None = None,
) -> list[str]:
    """Encode ``word`` by replaying learned merges in order (BPE-style).

    The two encoders can disagree on the same vocab. The hug/pug corpus
    learns ``##gs, hu, hugs, hug, pu, bu, bun, pug`` in that order; replaying
    those merges on ``pugs`` makes ``##gs`` (step 1) before ``pug`` (step 8)
    could form, so replay gives ``pu ##gs`` where longest match gives
    ``pug ##s``.

    >>> merges = [("##g", "##s"), ("h", "##u"), ("hu", "##gs"), ("hu", "##g"),
    ...           ("p", "##u"), ("b", "##u"), ("bu", "##n"), ("pu", "##g")]
    >>> encode_with_merges("pugs", merges)
    ['pu', '##gs']
    >>> vocab = {"##g", "##n", "##s", "##u", "b", "h", "p", "##gs", "hu", "hugs", "hug", "pu", "bu", "bun", "pug"}
    >>> from wordpiece_lib import encode_word
    >>> encode_word("pugs", vocab)
    ['pug', '##s']
    >>> encode_with_merges("bugs", [("##g", "##s"), ("h", "##u")])
    ['b', '##u', '##gs']
    """
    check_str(word, "word", allow_empty=False)
    check_style(prefix, marker)
    # Imported here: a tokenizer that only matches longest-first starts without the training modules.
    from ..training.trace import apply_merges, merge_ranks

    return apply_merges(split_word(word, prefix, marker=marker), merge_ranks(merges), prefix, marker)


__all__ = [
    "Trace",
    "TraceStep",
    "apply_merges",
    "encode_with_merges",
    "merge_in_pieces",
    "merge_ranks",
    "replace_pair",
]
