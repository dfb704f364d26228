"""Training a Unigram model: start from many pieces, then drop the ones the corpus misses least.

WordPiece and BPE grow a vocab by merging; Unigram shrinks one. It starts from
a large set of pieces (the seed), gives each a probability, and repeats:

1. *E-step*: cut every word in every possible way, each cut weighted by its
   probability (the lattice's forward and backward sums), and add up how often
   each piece is expected to be used;
2. *M-step*: a piece's new log-probability follows its expected count
   (Hugging Face's and SentencePiece's Bayesian variant: ``digamma(count) -
   digamma(total)``, a piece expected less than half a time is dropped);
3. *prune*: for each piece, estimate how much the corpus loss would grow if it
   were gone (its uses handed to its second-best cut), and keep the
   ``shrinking_factor`` share that matters most; single characters stay.

The loop stops when the pieces are within 10% of ``vocab_size``; the final
vocab keeps every character of the corpus and then the pieces in the model's
order, best score first. This follows Hugging Face's ``UnigramTrainer`` step for
step; its seed is the repeated substrings of the distinct words that branch to
the right (those a suffix tree has nodes for, which Hugging Face reads from a
suffix array), ranked by occurrences times length. Notebook 12 works the
course's hug/pug example by hand.

>>> trace = train_unigram({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 12)
>>> trace.model.pieces[0], trace.model.tokenize("hugs"), trace.model.tokenize("bun")
('<unk>', ['hug', 's'], ['b', 'u', 'n'])
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from .._validate import check_int, check_str, check_str_list
from ..counting.word_counts import WordCounts, as_word_counts
from ..model.unigram import UNK_PENALTY, UnigramModel

#: SentencePiece's bar: a piece expected to be used less than this often in the corpus is dropped.
EXPECTED_FREQUENCY_THRESHOLD = 0.5


def substring_frequencies(word_counts: WordCounts | Mapping[str, int], *, strict: bool = True) -> dict[str, int]:
    """Every substring of every word, with how often it occurs in the corpus (the course's seed).

    With ``strict``, a word itself counts only where it is inside a longer word
    (the course's "all strict substrings").

    >>> frequencies = substring_frequencies({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    >>> frequencies["u"], frequencies["hug"], sum(frequencies.values()), "pug" in frequencies
    (36, 15, 210, False)
    """
    counts = as_word_counts(word_counts)
    pieces = {word[i:j] for word in counts for i in range(len(word)) for j in range(i + 1, len(word) + 1)}
    if strict:  # a word stays only where it also sits inside another word ("hug" in "hugs")
        pieces -= {word for word in counts if not any(word in other and word != other for other in counts)}
    frequencies: dict[str, int] = {}
    for word, count in counts.items():
        for i in range(len(word)):
            for j in range(i + 1, len(word) + 1):
                if word[i:j] in pieces:
                    frequencies[word[i:j]] = frequencies.get(word[i:j], 0) + count
    return frequencies


def model_from_frequencies(frequencies: Mapping[str, int | float], *, unk_token: str = "<unk>") -> UnigramModel:
    """A model whose pieces have log-probabilities ``log(frequency / total)``, the unknown piece first.

    >>> model = model_from_frequencies({"a": 3, "b": 1})
    >>> model.pieces, round(math.exp(model.score_of("a")), 2)
    (('<unk>', 'a', 'b'), 0.75)
    """
    total = sum(frequencies.values())
    # The maximum-likelihood estimate: a piece's probability is its share of all piece occurrences. Scores are
    # logs so that a cut's probability, a product, becomes a sum that Viterbi can maximise.
    scores = [(piece, math.log(frequency) - math.log(total)) for piece, frequency in frequencies.items()]
    # The unknown piece's score is never used as such: the model scores an unknown character below every piece.
    return UnigramModel([(unk_token, 0.0), *scores], unk_id=0)


def corpus_loss(model: UnigramModel, word_counts: WordCounts | Mapping[str, int]) -> float:
    """The corpus's negative log-likelihood under the model's best cuts: ``sum(count * -score(best cut))``.

    >>> frequencies = substring_frequencies({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5})
    >>> round(corpus_loss(model_from_frequencies(frequencies), {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}), 1)
    169.8
    """
    # Each distinct word is cut once and weighted by how often it occurs; the minus sign turns "more likely"
    # into "smaller", so training has a loss to drive down.
    return sum(-count * model.best_path(word).score for word, count in as_word_counts(word_counts).items())


def removal_losses(model: UnigramModel, word_counts: WordCounts | Mapping[str, int]) -> dict[str, float]:
    """How much the corpus loss grows when each piece longer than one character is removed (the course's way).

    The piece is taken out, the others keep their scores, every word is cut
    again: exact, and slow on a big corpus (``train_unigram`` estimates it instead).

    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> losses = removal_losses(model_from_frequencies(substring_frequencies(corpus)), corpus)
    >>> round(losses["hug"], 1), round(losses["pu"], 1)
    (23.5, 0.0)
    """
    counts = as_word_counts(word_counts)
    before = corpus_loss(model, counts)
    losses = {}
    for index, piece in enumerate(model.pieces):
        # Characters are never candidates: without them some word could not be cut at all.
        if index == model.unk_id or len(piece) == 1:
            continue
        # Removing one piece and cutting every word again is the definition of the loss; it costs a whole
        # corpus pass per piece, which is why the trainer estimates it from the best cuts instead (prune).
        kept = [(p, s) for i, (p, s) in enumerate(zip(model.pieces, model.scores, strict=True)) if i != index]
        unk_id = model.unk_id if model.unk_id is None or model.unk_id < index else model.unk_id - 1
        smaller = UnigramModel(kept, unk_id=unk_id)
        losses[piece] = corpus_loss(smaller, counts) - before
    return losses


def seed_pieces(
    word_counts: WordCounts | Mapping[str, int],
    *,
    max_piece_length: int = 16,
    seed_size: int = 1_000_000,
) -> list[tuple[str, float]]:
    """The pieces training starts from, with log-probabilities: every character, then frequent substrings.

    Characters are ranked by how often the corpus uses them; longer substrings
    by their occurrences in the distinct words times their length (a piece
    that saves many characters ranks high); ``seed_size`` pieces at most.

    >>> [piece for piece, _ in seed_pieces({"hug": 10, "pug": 5, "hugs": 5})][:6]
    ['u', 'g', 'h', 's', 'p', 'ug']
    """
    counts = as_word_counts(word_counts)
    check_int(max_piece_length, "max_piece_length", minimum=1)
    check_int(seed_size, "seed_size", minimum=1)
    characters: dict[str, int] = {}
    occurrences: dict[str, int] = {}
    first_follower: dict[str, str] = {}
    branching: set[str] = set()
    for word, count in counts.items():
        for char in word:
            characters[char] = characters.get(char, 0) + count
        for i in range(len(word)):
            for j in range(i + 2, min(len(word), i + max_piece_length) + 1):
                piece = word[i:j]
                occurrences[piece] = occurrences.get(piece, 0) + 1
                follower = word[j] if j < len(word) else ""
                if first_follower.setdefault(piece, follower) != follower:
                    branching.add(piece)
    # A substring always followed by the same character adds nothing its longer form does not: like the
    # suffix array Hugging Face and SentencePiece read the seed from, keep repeats that branch to the right.
    occurrences = {piece: found for piece, found in occurrences.items() if found > 1 and piece in branching}
    # Ties in either ranking go to the larger code points first, as a descending sort of (score, text) does.
    ranked_characters = sorted(characters.items(), key=lambda item: (item[1], item[0]), reverse=True)
    ranked_substrings = sorted(
        ((piece, found * len(piece)) for piece, found in occurrences.items()),
        key=lambda item: (item[1], item[0]),
        reverse=True,
    )
    seed = (ranked_characters + ranked_substrings)[: max(seed_size, len(ranked_characters))]
    log_total = math.log(sum(score for _, score in seed))
    return [(piece, math.log(score) - log_total) for piece, score in seed]


def expected_counts(model: UnigramModel, word_counts: WordCounts | Mapping[str, int]) -> tuple[list[float], float]:
    """The E-step: how often each piece is expected to be used, over all cuts of all words; and the loss.

    A cut's weight is its probability; a piece's expected count adds, for every
    word, ``count * P(cut uses that piece)`` (forward sums into each node, backward
    sums out of it). The loss is ``-sum(count * log(sum of all cuts' probabilities))``.

    >>> model = UnigramModel([("<unk>", 0.0), ("a", math.log(0.5)), ("aa", math.log(0.25))])
    >>> counts, loss = expected_counts(model, {"aa": 2})
    >>> counts, round(loss, 4)
    ([0.0, 2.0, 1.0], 1.3863)
    """
    counts = as_word_counts(word_counts)
    expected = [0.0] * len(model)
    loss = 0.0
    exp = math.exp  # a local name: this loop visits every node of the corpus
    for word, count in counts.items():
        nodes = model.nodes(word)  # by start, then by length
        size = len(word)
        forward = [-math.inf] * (size + 1)
        backward = [-math.inf] * (size + 1)
        forward[0] = backward[size] = 0.0
        # In start order, every path into a node's start is summed before the node is: a forward pass.
        for start, end, _, score in nodes:
            forward[end] = log_add(forward[end], forward[start] + score)
        # Backward, by start from the end; within one start in the lattice's order (Hugging Face's float order).
        by_start: list[list[tuple[int, int, int, float]]] = [[] for _ in range(size)]
        for node in nodes:
            by_start[node[0]].append(node)
        for start in range(size - 1, -1, -1):
            for _, end, _, score in by_start[start]:
                backward[start] = log_add(backward[start], score + backward[end])
        # forward[start] + score + backward[end] is the log of the summed probability of every cut that uses this
        # node; over `total` (all cuts of the word) it is the chance that the word's cut uses it. The expected count
        # is that chance times how often the word occurs: a soft count, where Viterbi would give 0 or 1.
        total = forward[size]
        for start, end, piece_id, score in nodes:
            expected[piece_id] += count * exp(forward[start] + score + backward[end] - total)
        loss -= count * total
    return expected, loss


class Lattices:
    """The pieces each word of a corpus can be cut into, looked up once for a whole training run.

    Training only ever removes pieces, so a substring of a word that is no piece
    of the first model is no piece of any later one. The first pass over the
    corpus (``by_start``) looks up every substring of every word, as
    ``model.nodes`` does, and keeps the pieces it found; later passes only check
    which of those their model still has, and forget the ones it has not.

    >>> lattices = Lattices(UnigramModel([("<unk>", 0.0), ("a", -1.0), ("ab", -2.0)]), {"abc": 2})
    >>> list(lattices.nodes(UnigramModel([("<unk>", 0.0), ("a", -1.0)])))
    [('abc', 2, [(0, 1, 1, -1.0), (1, 2, 0, -11.0), (2, 3, 0, -11.0)])]
    """

    def __init__(self, model: UnigramModel, word_counts: WordCounts | Mapping[str, int]) -> None:
        self.words = list(as_word_counts(word_counts).items())
        self.longest = model.longest
        #: For each word, for each start: the (end, piece) pairs still possible, shortest first (after a first pass).
        self.candidates: list[list[list[tuple[int, str]]]] | None = None

    def by_start(self, model: UnigramModel) -> Iterator[tuple[str, int, list[list[tuple[int, int, int, float]]]]]:
        """Every word, its count, and ``model.nodes(word)`` as one list per start.

        ``model``'s pieces must be among those of every model passed before.

        >>> lattices = Lattices(UnigramModel([("<unk>", 0.0), ("a", -1.0), ("ab", -2.0)]), {"ab": 1})
        >>> list(lattices.by_start(UnigramModel([("<unk>", 0.0), ("a", -1.0), ("ab", -2.0)])))
        [('ab', 1, [[(0, 1, 1, -1.0), (0, 2, 2, -2.0)], [(1, 2, 0, -12.0)]])]
        """
        ids, scores, unk_id = dict(model.piece_ids), model.scores, model.unk_id
        get = ids.get
        unk_score = model.min_score - UNK_PENALTY
        first = self.candidates is None
        if first:
            self.candidates = []
            longest = max(self.longest, model.longest)
        for index, (word, count) in enumerate(self.words):
            starts = []
            if first:  # look up every substring, as model.nodes does, and keep the pieces found
                size = len(word)
                candidates = []
                for start in range(size):
                    here, found = [], []
                    for end in range(start + 1, min(size, start + longest) + 1):
                        piece = word[start:end]
                        piece_id = get(piece)
                        if piece_id is not None:
                            here.append((start, end, piece_id, scores[piece_id]))
                            found.append((end, piece))
                    candidates.append(found)
                    starts.append(here)
                self.candidates.append(candidates)  # type: ignore[union-attr]
            else:
                candidates = self.candidates[index]  # type: ignore[index]
                for start, ends in enumerate(candidates):
                    here = [(start, end, i, scores[i]) for end, piece in ends if (i := get(piece)) is not None]
                    if len(here) < len(ends):  # pieces gone for good: later models need not look for them
                        candidates[start] = [(end, piece) for end, piece in ends if piece in ids]
                    starts.append(here)
            if unk_id is not None:  # a start no one-character piece covers gets the unknown node, as in model.nodes
                for start, here in enumerate(starts):
                    if not (here and here[0][1] == start + 1):
                        here.append((start, start + 1, unk_id, unk_score))
            yield word, count, starts

    def nodes(self, model: UnigramModel) -> Iterator[tuple[str, int, list[tuple[int, int, int, float]]]]:
        """Every word, its count, and its ``model.nodes(word)`` (by start, then by length)."""
        for word, count, starts in self.by_start(model):
            yield word, count, [node for here in starts for node in here]


def _e_step(model: UnigramModel, lattices: Lattices) -> tuple[list[float], float]:
    """``expected_counts`` over the lattices of a training run: the same floats, faster.

    ``expected_counts`` is the readable definition; this twin is what ``train_unigram``
    runs (tests/core/training/test_unigram_fast_steps.py checks the two are equal, float for float).
    """
    expected = [0.0] * len(model)
    loss = 0.0
    # This loop visits every node of the corpus: the functions it calls are local names. (log_add written out
    # in the loop measured no faster: benchmarks/unigram_speed.py, and the E-step timed alone.)
    exp, add, no_path = math.exp, log_add, _NO_PATH
    for word, count, starts in lattices.by_start(model):
        size = len(word)
        # In start order, every path into a node's start is summed before the node is: a forward pass.
        forward = [no_path] * (size + 1)
        forward[0] = 0.0
        for here in starts:
            for start, end, _, score in here:
                forward[end] = add(forward[end], forward[start] + score)
        # Backward, by start from the end; within one start in the lattice's order (Hugging Face's float order).
        backward = [no_path] * (size + 1)
        backward[size] = 0.0
        for here in reversed(starts):
            for start, end, _, score in here:
                backward[start] = add(backward[start], score + backward[end])
        total = forward[size]
        for here in starts:
            for start, end, piece_id, score in here:
                expected[piece_id] += count * exp(forward[start] + score + backward[end] - total)
        loss -= count * total
    return expected, loss


def log_add(left: float, right: float) -> float:
    """``log(exp(left) + exp(right))`` as SentencePiece and Hugging Face compute it (a term 50 below is dropped).

    >>> log_add(math.log(0.25), math.log(0.5)) == math.log(0.75), log_add(-math.inf, -2.0), log_add(0.0, -60.0)
    (True, -2.0, 0.0)
    """
    if left == _NO_PATH:
        return right
    if left > right:
        return left if left > right + 50.0 else left + _log(_exp(right - left) + 1.0)
    return right if right > left + 50.0 else right + _log(_exp(left - right) + 1.0)


_NO_PATH, _log, _exp = -math.inf, math.log, math.exp


def digamma(x: float) -> float:
    """The digamma function (the derivative of log Gamma), for x > 0: what the M-step scores with.

    >>> round(digamma(1.0), 6), round(digamma(10.0), 6)
    (-0.577216, 2.251753)
    """
    result = 0.0
    while x < 7.0:  # psi(x) = psi(x + 1) - 1/x, until the asymptotic series is accurate
        result -= 1.0 / x
        x += 1.0
    x -= 0.5
    inverse = 1.0 / x
    square = inverse * inverse
    fourth = square * square
    return (
        result
        + math.log(x)
        + square / 24
        - 7 * fourth / 960
        + 31 * fourth * square / 8064
        - 127 * fourth * fourth / 30720
    )


def m_step(model: UnigramModel, expected: list[float]) -> list[tuple[str, float]]:
    """The M-step: each piece expected at least half a time gets ``digamma(count) - digamma(total)``.

    >>> model = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -1.0), ("ab", -2.0)])
    >>> [(piece, round(score, 3)) for piece, score in m_step(model, [0.0, 8.0, 8.0, 0.2])]
    [('<unk>', 0.0), ('a', -0.725), ('b', -0.725)]
    """
    # Re-estimating a probability as count / total would be plain maximum likelihood. The digamma version is
    # the variational Bayes estimate under a sparse prior: it takes about half a count off every piece, so rare
    # pieces lose more, relatively, than common ones, and those expected less than half a time are dropped.
    # The vocab shrinks a little at every EM round, before pruning even starts.
    kept = [
        (piece, count)
        for index, (piece, count) in enumerate(zip(model.pieces, expected, strict=True))
        if index != model.unk_id and count >= EXPECTED_FREQUENCY_THRESHOLD
    ]
    log_total = digamma(sum(count for _, count in kept))
    unk = [(model.pieces[model.unk_id], 0.0)] if model.unk_id is not None else []
    return unk + [(piece, digamma(count) - log_total) for piece, count in kept]


def prune(model: UnigramModel, word_counts: WordCounts, *, keep: int) -> list[tuple[str, float]]:
    """Keep ``keep`` pieces: those whose removal would cost the corpus most (estimated), and every must-have.

    A piece whose only cut is itself (a character) or that is never its own
    best cut's alternative-less stays. For the others the loss of removing it is
    estimated from the best cuts of all words: its uses go to its second-best
    cut, so its probability is replaced by that cut's (Hugging Face's estimate).

    >>> corpus = WordCounts.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)])
    >>> model = model_from_frequencies(substring_frequencies(corpus))
    >>> [piece for piece, _ in prune(model, corpus, keep=13)][:3]
    ['<unk>', 'h', 'u']
    """
    return _prune(model, [(count, model.best_path(word).ids) for word, count in word_counts.items()], keep)


def _best_cuts(model: UnigramModel, lattices: Lattices) -> tuple[float, list[tuple[int, list[int]]]]:
    """``corpus_loss`` and every word's count with the ids of ``model.best_path(word)``, from the lattices (a twin).

    The Viterbi pass of ``UnigramModel.best_path`` over the same nodes in the same
    order (so the same ties and the same floats), and neighbouring unknowns fused.
    """
    loss = 0
    cuts = []
    unk_id = model.unk_id
    for word, count, nodes in lattices.nodes(model):
        best: list[tuple[float, int, int] | None] = [None] * (len(word) + 1)
        best[0] = (0.0, -1, -1)
        for start, end, piece_id, score in nodes:
            total = score + best[start][0]  # type: ignore[index]
            target = best[end]
            if target is None or total > target[0]:
                best[end] = (total, start, piece_id)
        ids = []
        end = len(word)
        while end > 0:
            _, end, piece_id = best[end]  # type: ignore[misc]
            if not (piece_id == unk_id and ids and ids[-1] == unk_id):
                ids.append(piece_id)
        ids.reverse()
        score = best[len(word)][0] if word else 0.0  # type: ignore[index]
        loss += -count * score
        cuts.append((count, ids))
    return loss, cuts


def _prune(model: UnigramModel, best_cuts: list[tuple[int, list[int]]], keep: int) -> list[tuple[str, float]]:
    """``prune``, given each word's count and the ids of its best cut."""
    unk_id = model.unk_id
    always_keep = [True] * len(model)
    alternatives: list[list[int]] = [[] for _ in range(len(model))]
    for index, piece in enumerate(model.pieces):
        if index == unk_id:
            always_keep[index] = False
            continue
        cuts = model.nbest(piece, 2)
        if len(cuts) == 1:
            continue  # no other way to spell it: it stays
        if len(cuts[0].ids) >= 2:
            always_keep[index] = False  # never its own best cut: removable when unused
        else:
            alternatives[index] = cuts[1].ids
    used = [0.0] * len(model)  # uses in the best cuts of all words, weighted by the words' counts
    all_words = 0.0
    for count, ids in best_cuts:
        all_words += count
        for piece_id in ids:
            used[piece_id] += count
    total_used = sum(used)
    kept: list[tuple[str, float]] = [(model.pieces[unk_id], model.scores[unk_id])] if unk_id is not None else []
    candidates: list[tuple[float, int]] = []
    for index, (piece, score) in enumerate(zip(model.pieces, model.scores, strict=True)):
        if index == unk_id or (used[index] == 0.0 and not always_keep[index]):
            continue
        if not alternatives[index]:
            kept.append((piece, score))
            continue
        share = used[index] / all_words  # how many times per word the piece is used
        if share == 0.0:
            continue
        # The estimate: if the piece went, each of its uses would be spelled by its second-best cut instead, so
        # those pieces would gain its uses (and the total grows by the extra pieces). The loss of one use is the
        # log-probability the piece had minus what its replacement cut would have; times how often it is used.
        log_probability = math.log(used[index]) - math.log(total_used)
        log_total_after = math.log(total_used + used[index] * (len(alternatives[index]) - 1))
        log_probability_after = sum(
            math.log(used[other] + used[index]) - log_total_after for other in alternatives[index]
        )
        candidates.append((share * (log_probability - log_probability_after), index))
    candidates.sort(key=lambda item: item[0], reverse=True)  # stable: equal losses keep the model's order
    for _, index in candidates:
        if len(kept) >= keep:
            break
        kept.append((model.pieces[index], model.scores[index]))
    return kept


@dataclass(frozen=True)
class UnigramStep:
    """One step of training: an EM round or a pruning, the number of pieces after it, and the loss before it."""

    kind: str
    size: int
    loss: float


@dataclass
class UnigramTrace:
    """A Unigram training run: the model it ended with, and every step on the way."""

    model: UnigramModel
    steps: list[UnigramStep] = field(default_factory=list)


def train_unigram(
    word_counts: WordCounts | Mapping[str, int] | Iterable[tuple[str, int]],
    vocab_size: int = 8000,
    *,
    shrinking_factor: float = 0.75,
    n_sub_iterations: int = 2,
    max_piece_length: int = 16,
    seed_size: int = 1_000_000,
    unk_token: str = "<unk>",
    initial_alphabet: Iterable[str] = (),
    special_tokens: Iterable[str] = (),
) -> UnigramTrace:
    """Train a Unigram model of ``vocab_size`` pieces (the unknown piece included), as Hugging Face's trainer does.

    ``shrinking_factor``: the share of pieces each pruning keeps; ``n_sub_iterations``:
    EM rounds between prunings; ``max_piece_length`` and ``seed_size`` bound the seed;
    ``initial_alphabet``: characters kept even if the corpus lacks them; ``special_tokens``:
    pieces put first with score 0 (``unk_token`` among them, or put before them), counted
    in ``vocab_size``, as Hugging Face's trainer puts them.

    >>> model = train_unigram({"hug": 10, "pug": 5}, 8, special_tokens=["<s>", "<unk>"]).model
    >>> model.pieces[:2], model.unk_id
    (('<s>', '<unk>'), 1)

    >>> trace = train_unigram({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 10)
    >>> trace.model.tokenize("hugs"), trace.model.tokenize("bugs"), [step.kind for step in trace.steps]
    (['hug', 's'], ['b', 'ug', 's'], ['em', 'em'])
    """
    counts = as_word_counts(word_counts)
    check_int(vocab_size, "vocab_size", minimum=1)
    check_int(n_sub_iterations, "n_sub_iterations", minimum=1)
    if (
        isinstance(shrinking_factor, bool)
        or not isinstance(shrinking_factor, (int, float))
        or not 0 < shrinking_factor < 1
    ):
        raise ValueError(f"shrinking_factor must be a number between 0 and 1, got {shrinking_factor!r}")
    check_str(unk_token, "unk_token", allow_empty=False)
    alphabet = check_str_list(list(initial_alphabet), "initial_alphabet")
    specials = list(dict.fromkeys(check_str_list(list(special_tokens), "special_tokens")))
    if unk_token not in specials:
        specials.insert(0, unk_token)
    if vocab_size < len(specials):
        raise ValueError(f"vocab_size {vocab_size} leaves no room beside the {len(specials)} special tokens")
    # Training makes millions of small tuples and lists (the lattices), none in a reference cycle; the cyclic
    # garbage collector would scan them over and over (half the time of building the lattices), so it waits.
    collecting = gc.isenabled()
    gc.disable()
    try:
        pieces = [(unk_token, 0.0), *seed_pieces(counts, max_piece_length=max_piece_length, seed_size=seed_size)]
        model = UnigramModel(pieces, unk_id=0)
        # Pruning aims 10% above the target: the last EM rounds still drop pieces, and the final step adds back
        # every character; the extra room lets it then cut to vocab_size by score instead of falling short.
        desired = vocab_size * 11 // 10
        trace = UnigramTrace(model)
        lattices = Lattices(model, counts)  # every later model's pieces are among the seed's
        while True:
            # A few EM rounds let the probabilities settle for the current vocab before pruning judges pieces by
            # them: removing pieces with the scores of a vocab that no longer exists would remove the wrong ones.
            for _ in range(n_sub_iterations):
                expected, loss = _e_step(model, lattices)  # expected_counts(model, counts)
                model = UnigramModel(m_step(model, expected), unk_id=0)
                trace.steps.append(UnigramStep("em", len(model), loss))
            if len(model) <= desired:
                break
            # corpus_loss(model, counts) and the best cuts prune(model, counts, ...) needs, from one Viterbi pass
            loss, best_cuts = _best_cuts(model, lattices)
            model = UnigramModel(_prune(model, best_cuts, max(desired, int(len(model) * shrinking_factor))), unk_id=0)
            trace.steps.append(UnigramStep("prune", len(model), loss))
        trace.model = _finalize(model, counts, vocab_size, alphabet, specials)
    finally:
        if collecting:
            gc.enable()
    return trace


def _finalize(
    model: UnigramModel, counts: WordCounts, vocab_size: int, alphabet: list[str], specials: list[str]
) -> UnigramModel:
    """The special tokens, then every character of the corpus and the model's pieces in its order up to
    ``vocab_size``, best score first (Hugging Face's ``finalize``)."""
    scores = dict(zip(model.pieces, model.scores, strict=True))
    unk = model.pieces[0]
    final: dict[str, float] = {unk: 0.0}  # the unknown piece is there only to be passed over
    lowest = min(score for piece, score in scores.items() if piece != unk)
    penalty = 0.0
    required = sorted({char for word in counts for char in word} | set(alphabet))
    for char in required:
        if char in scores:
            final[char] = scores[char]
        else:  # a character the EM dropped: just below the worst piece, so it is used only when nothing else fits
            final[char] = lowest + penalty
            penalty += 0.0001
    room = vocab_size - len(specials)
    for piece, score in zip(model.pieces, model.scores, strict=True):
        if piece in final:
            continue
        final[piece] = score
        # Checked after an addition only, as Hugging Face does: when the characters alone fill the vocab, the
        # remaining pieces all come in.
        if len(final) - 1 == room:
            break
    ranked = sorted(final.items(), key=lambda item: item[1], reverse=True)
    ranked.remove((unk, 0.0))
    ranked = [(piece, score) for piece, score in ranked if piece not in specials]  # a special token is listed once
    return UnigramModel([*((token, 0.0) for token in specials), *ranked], unk_id=specials.index(unk))


__all__ = [
    "EXPECTED_FREQUENCY_THRESHOLD",
    "Lattices",
    "UnigramStep",
    "UnigramTrace",
    "corpus_loss",
    "digamma",
    "expected_counts",
    "log_add",
    "m_step",
    "model_from_frequencies",
    "prune",
    "removal_losses",
    "seed_pieces",
    "substring_frequencies",
    "train_unigram",
]
