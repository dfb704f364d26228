"""The Unigram model: every piece has a log-probability, and a word is cut where the pieces' sum is highest.

WordPiece and BPE decide a word's pieces greedily (the longest match, or the
merges in their order). Unigram, the model inside SentencePiece (T5, ALBERT,
XLNet, mBART), scores every way of cutting the word instead: a cut's score is
the sum of its pieces' log-probabilities, and the best cut is found by
dynamic programming over the word's *lattice* (every piece of the vocab that
occurs at every position). That is Viterbi's algorithm; notebook 12 steps
through it.

The model here cuts exactly as Hugging Face's ``models.Unigram`` does:

* positions are visited from the left; a piece ending at a position replaces
  the best path found so far only if its total is *strictly* higher, so of two
  equal totals the one whose last piece starts earlier (the longer last piece)
  wins;
* a character that starts no piece of the vocab becomes the unknown piece,
  scored ``min_score - 10`` (SentencePiece's penalty), and neighbouring
  unknown pieces are fused into one token;
* with ``byte_fallback``, a fused unknown token is spelled as ``<0xNN>`` byte
  pieces when the vocab holds them all.

>>> model = UnigramModel([("<unk>", 0.0), ("h", -3.0), ("u", -3.2), ("g", -3.5), ("hu", -4.0), ("hug", -4.5)])
>>> model.tokenize("hugx")
['hug', 'x']
>>> model.best_path("hug").score
-4.5
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .._json_fields import check_type, refuse_unknown_fields, require_fields
from .._validate import check_bool, check_str
from .vocab import Vocab

#: How far below the worst piece an unknown character is scored (SentencePiece's and Hugging Face's penalty).
UNK_PENALTY = 10.0


@dataclass(frozen=True)
class LatticeNode:
    """One piece of the vocab found in a text: where it starts and ends (characters), its id and score."""

    start: int
    end: int
    piece: str
    id: int
    score: float


@dataclass(frozen=True)
class Segmentation:
    """A best cut of a text: its pieces (unknown ones fused), their ids, and the total score."""

    pieces: list[str]
    ids: list[int]
    score: float


class UnigramModel:
    """Pieces with scores (log-probabilities), and the Viterbi cut of a text.

    ``pieces`` is a list of ``(piece, score)``; a piece's id is its position.
    ``unk_id`` is the unknown piece's id (``None``: an unknown character is an
    error), as in Hugging Face's ``tokenizer.json``.

    >>> model = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -1.5), ("ab", -2.0)])
    >>> model.tokenize("abba"), model.ids("abba")
    (['ab', 'b', 'a'], [3, 2, 1])
    """

    def __init__(
        self,
        pieces: Iterable[tuple[str, float]],
        *,
        unk_id: int | None = 0,
        byte_fallback: bool = False,
        fuse_unk: bool = True,
    ) -> None:
        entries = list(pieces) if not isinstance(pieces, str) else None
        if entries is None:
            raise TypeError("pieces must be a list of (piece, score) pairs, got str")
        self.pieces: tuple[str, ...] = tuple(_check_piece(entry, index)[0] for index, entry in enumerate(entries))
        self.scores: tuple[float, ...] = tuple(float(entry[1]) for entry in entries)
        if not self.pieces:
            raise ValueError("pieces must hold at least one (piece, score) pair")
        self._ids: dict[str, int] = {}
        for index, piece in enumerate(self.pieces):
            if piece in self._ids:
                raise ValueError(f"piece {piece!r} is listed twice (ids {self._ids[piece]} and {index})")
            self._ids[piece] = index
        if unk_id is not None and (isinstance(unk_id, bool) or not isinstance(unk_id, int)):
            raise TypeError(f"unk_id must be an int or None, got {type(unk_id).__name__}")
        if unk_id is not None and not 0 <= unk_id < len(self.pieces):
            raise ValueError(f"unk_id {unk_id} is not the id of a piece (0 ... {len(self.pieces) - 1})")
        self.unk_id = unk_id
        self.byte_fallback = check_bool(byte_fallback, "byte_fallback")
        self.fuse_unk = check_bool(fuse_unk, "fuse_unk")
        # The unknown piece's score is set below the worst real piece, so Viterbi uses it only where nothing
        # else fits; and no piece can be longer than the longest, which bounds each position's lookups.
        self.min_score = min(self.scores)
        self.longest = max(map(len, self.pieces))
        self._vocab: Vocab | None = None

    def __len__(self) -> int:
        return len(self.pieces)

    @property
    def unk_token(self) -> str | None:
        """The unknown piece (``None``: the model has none, and a character no piece covers is an error).

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.5)]).unk_token, UnigramModel([("a", -1.5)], unk_id=None).unk_token
        ('<unk>', None)
        """
        return self.pieces[self.unk_id] if self.unk_id is not None else None

    @property
    def vocab(self) -> Vocab:
        """The pieces as a ``Vocab``: the id table of the pipeline around the model (its unknown token: the
        unknown piece, else the first piece; no special tokens of its own).

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.5)]).vocab["a"]
        1
        """
        if self._vocab is None:
            self._vocab = Vocab(self.pieces, unk_token=self.unk_token or self.pieces[0], special_tokens=())
        return self._vocab

    @property
    def piece_ids(self) -> Mapping[str, int]:
        """Every piece's id, read-only.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.5)]).piece_ids["a"]
        1
        """
        return MappingProxyType(self._ids)

    def score_of(self, piece: str) -> float:
        """The score of ``piece``; a ``KeyError`` for a piece not in the vocab.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.5)]).score_of("a")
        -1.5
        """
        return self.scores[self._ids[piece]]

    def lattice(self, text: str) -> list[LatticeNode]:
        """Every piece found in ``text`` (and an unknown node where no piece starts with a character), by start.

        >>> [(node.start, node.piece) for node in UnigramModel([("<unk>", 0.0), ("a", -1.0), ("ab", -2.0)]).lattice("abc")]
        [(0, 'a'), (0, 'ab'), (1, 'b'), (2, 'c')]
        """
        check_str(text, "text")
        return [
            LatticeNode(start, end, text[start:end], piece_id, score)
            for start, end, piece_id, score in self.nodes(text)
        ]

    def nodes(self, text: str) -> list[tuple[int, int, int, float]]:
        """``lattice`` as plain ``(start, end, id, score)`` tuples, for the loops that visit every node of a corpus.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.0)]).nodes("ab")
        [(0, 1, 1, -1.0), (1, 2, 0, -11.0)]
        """
        nodes = []
        unk_score = self.min_score - UNK_PENALTY
        ids, scores, unk_id = self._ids, self.scores, self.unk_id
        size = len(text)
        for start in range(size):
            # Every vocab piece that begins here: a lookup per length, up to the longest piece.
            single = False
            for end in range(start + 1, min(size, start + self.longest) + 1):
                piece_id = ids.get(text[start:end])
                if piece_id is not None:
                    nodes.append((start, end, piece_id, scores[piece_id]))
                    single = single or end == start + 1
            # Without a one-character piece here, a path might be unable to step over this character at all.
            # An unknown node, scored worse than any real piece, guarantees that every text has a cut.
            if not single and unk_id is not None:
                nodes.append((start, start + 1, unk_id, unk_score))
        return nodes

    def best_path(self, text: str) -> Segmentation:
        """The Viterbi cut of ``text``: the highest total score, Hugging Face's choice on ties.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -1.0), ("ab", -2.0)]).best_path("ab").pieces
        ['ab']
        """
        check_str(text, "text")
        size = len(text)
        if size == 0:
            return Segmentation([], [], 0.0)
        # best[end] = (total score of the best path to end, where its last piece starts, that piece's id)
        best: list[tuple[float, int, int] | None] = [None] * (size + 1)
        best[0] = (0.0, -1, -1)
        unk_score = self.min_score - UNK_PENALTY
        ids, scores = self._ids, self.scores
        # Viterbi, forward: when the loop reaches `start`, best[start] is final (every piece ending there started
        # earlier), so extending it by each piece that begins at `start` is all it takes. A score is a sum of log
        # probabilities: the best cut is the most probable one, found in one pass instead of trying every cut.
        for start in range(size):
            here = best[start]
            assert here is not None  # a position no piece reaches was refused one character before
            so_far = here[0]
            single = False
            for end in range(start + 1, min(size, start + self.longest) + 1):
                piece_id = ids.get(text[start:end])
                if piece_id is None:
                    continue
                # The same addition, in the same order, as Hugging Face's: equal floats tie exactly as there.
                total = scores[piece_id] + so_far
                target = best[end]
                if target is None or total > target[0]:
                    best[end] = (total, start, piece_id)
                single = single or end == start + 1
            if not single:
                total = unk_score + so_far
                target = best[start + 1]
                if target is None or total > target[0]:
                    # As in Hugging Face: without an unknown piece, an error only where one would be used.
                    if self.unk_id is None:
                        raise ValueError(f"{text[start]!r} in {text!r} is no piece of the vocab and unk_id is None")
                    best[start + 1] = (total, start, self.unk_id)
        last = best[size]
        assert last is not None
        # Backward: each position remembers only where its best last piece started, so the cut is read from the
        # end of the text to its start, then reversed.
        cut: list[tuple[int, int, int]] = []
        end = size
        while end > 0:
            node = best[end]
            assert node is not None
            cut.append((node[1], end, node[2]))
            end = node[1]
        cut.reverse()
        return self._fused(text, cut, last[0])

    def _fused(self, text: str, cut: Sequence[tuple[int, int, int]], score: float) -> Segmentation:
        pieces: list[str] = []
        ids: list[int] = []
        for start, end, piece_id in cut:
            if self.fuse_unk and piece_id == self.unk_id and ids and ids[-1] == self.unk_id:
                pieces[-1] += text[start:end]  # neighbouring unknowns become one token, as in Hugging Face
            else:
                pieces.append(text[start:end])
                ids.append(piece_id)
        return Segmentation(pieces, ids, score)

    def nbest(self, text: str, n: int) -> list[Segmentation]:
        """The ``n`` best cuts of ``text``, best first; the first is ``best_path``'s.

        Every position keeps its ``n`` best paths (k-best Viterbi), so the cost is
        ``n`` times Viterbi's. Equal totals are ordered as ``best_path`` breaks ties:
        the last piece that starts earlier first.

        >>> model = UnigramModel([("<unk>", 0.0), ("p", -2.0), ("u", -1.0), ("g", -1.5), ("pu", -2.5), ("ug", -2.2)])
        >>> [(cut.pieces, cut.score) for cut in model.nbest("pug", 3)]
        [(['pu', 'g'], -4.0), (['p', 'ug'], -4.2), (['p', 'u', 'g'], -4.5)]
        """
        check_str(text, "text")
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number of at least 1, got {n!r}")
        ending: list[list[tuple[float, int, int, int]]] = [[] for _ in range(len(text) + 1)]
        ending[0] = [(0.0, -1, -1, -1)]
        by_end: dict[int, list[tuple[int, int, int, float]]] = {}
        for node in self.nodes(text):  # plain tuples: training asks every piece for its two best cuts
            by_end.setdefault(node[1], []).append(node)
        # The same forward pass as best_path, but each position keeps a short list of its n best paths instead
        # of one: the n best paths to `end` are found among (one of the n best to `start`) + (a piece start..end).
        for end in range(1, len(text) + 1):
            candidates = []
            for start, _, piece_id, score in by_end.get(end, ()):
                for rank, (so_far, *_) in enumerate(ending[start]):
                    candidates.append((score + so_far, start, rank, piece_id))
            candidates.sort(key=lambda entry: (-entry[0], entry[1], entry[2]))
            ending[end] = [(total, start, rank, piece_id) for total, start, rank, piece_id in candidates[:n]]
        if text and not ending[len(text)]:
            raise ValueError(f"no cut of {text!r} uses only pieces of the vocab, and unk_id is None")
        cuts = []
        for total, start, rank, piece_id in ending[len(text)] if text else []:
            cut = [(start, len(text), piece_id)]
            while start > 0:
                _, previous, rank, previous_id = ending[start][rank]
                cut.append((previous, start, previous_id))
                start = previous
            cut.reverse()
            cuts.append(self._fused(text, cut, total))
        return cuts or [Segmentation([], [], 0.0)]

    def sample(self, text: str, alpha: float, rng: random.Random) -> Segmentation:
        """One cut drawn with probability proportional to ``P(cut) ** alpha`` (subword regularization).

        ``alpha`` near 0 makes every cut about equally likely; a large ``alpha``
        nearly always gives the best cut. The draw is SentencePiece's: sum the
        paths forward, then pick the pieces backward from the end.

        >>> model = UnigramModel([("<unk>", 0.0), ("p", -2.0), ("u", -1.0), ("g", -1.5), ("pu", -2.5), ("ug", -2.2)])
        >>> model.sample("pug", 50.0, random.Random(0)).pieces
        ['pu', 'g']
        """
        check_str(text, "text")
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not math.isfinite(alpha) or alpha < 0:
            raise ValueError(f"alpha must be a number of at least 0, got {alpha!r}")
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, got {type(rng).__name__}")
        forward, by_end = self._forward(text, alpha)
        # Drawing the last piece first: a piece ending at `end` is chosen with the share of all paths to `end`
        # that go through it (its weight times everything that can come before it). Repeating from where it
        # starts draws a whole cut with exactly the right probability, without listing the cuts.
        cut: list[tuple[int, int, int]] = []
        end = len(text)
        while end > 0:
            nodes = by_end[end]
            weights = [math.exp(forward[node.start] + alpha * node.score - forward[end]) for node in nodes]
            node = rng.choices(nodes, weights)[0]
            cut.append((node.start, end, node.id))
            end = node.start
        cut.reverse()
        return self._fused(text, cut, sum(self._score(piece_id) for _, _, piece_id in cut))

    def cut_probability(self, text: str, pieces: Sequence[str], alpha: float = 1.0) -> float:
        """How likely ``sample`` is to give this cut (unknown characters as single pieces, not fused).

        >>> model = UnigramModel([("<unk>", 0.0), ("a", math.log(0.5)), ("aa", math.log(0.25))])
        >>> model.cut_probability("aa", ["a", "a"]), model.cut_probability("aa", ["aa"])
        (0.5, 0.5)
        """
        if "".join(pieces) != text:
            raise ValueError(f"the pieces {list(pieces)!r} do not spell {text!r}")
        forward, _ = self._forward(text, alpha)
        scores = [self._ids.get(piece) for piece in pieces]
        total = sum(self._score(self.unk_id if piece_id is None else piece_id) for piece_id in scores)
        return math.exp(alpha * total - forward[len(text)])

    def _score(self, piece_id: int | None) -> float:
        return self.min_score - UNK_PENALTY if piece_id == self.unk_id else self.scores[piece_id]  # type: ignore[index]

    def _by_end(self, text: str) -> dict[int, list[LatticeNode]]:
        by_end: dict[int, list[LatticeNode]] = {}
        for node in self.lattice(text):
            by_end.setdefault(node.end, []).append(node)
        return by_end

    def _forward(self, text: str, alpha: float) -> tuple[list[float], dict[int, list[LatticeNode]]]:
        """The log of the summed weights ``P(path) ** alpha`` of all paths to each position."""
        by_end = self._by_end(text)
        # Like Viterbi, but a sum where Viterbi keeps a maximum: training and sampling need the weight of ALL cuts.
        # Sums of probabilities are taken in log space (subtract the largest term before exponentiating), so a
        # long text does not underflow to zero.
        forward = [0.0] + [-math.inf] * len(text)
        for end in range(1, len(text) + 1):
            terms = [forward[node.start] + alpha * node.score for node in by_end.get(end, ())]
            top = max(terms, default=-math.inf)
            if top > -math.inf:
                forward[end] = top + math.log(sum(math.exp(term - top) for term in terms))
        if forward[len(text)] == -math.inf:
            raise ValueError(f"no cut of {text!r} uses only pieces of the vocab, and unk_id is None")
        return forward, by_end

    def tokenize(self, text: str) -> list[str]:
        """The tokens of the best cut (a fused unknown spelled in bytes with ``byte_fallback``).

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.0)]).tokenize("aéè")
        ['a', 'éè']
        """
        return [token for token, _ in self._tokens_and_ids(text)]

    def ids(self, text: str) -> list[int]:
        """The ids of the best cut's tokens.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.0)]).ids("aéè")
        [1, 0]
        """
        return [token_id for _, token_id in self._tokens_and_ids(text)]

    def _tokens_and_ids(self, text: str) -> list[tuple[str, int]]:
        return [(token, token_id) for token, token_id, _, _ in self.tokens_with_spans(text)]

    def tokens_with_spans(self, text: str) -> list[tuple[str, int, int, int]]:
        """Each token of the best cut with its id and where it starts and ends in ``text``, as Hugging Face's tokens.

        An unknown token spells the characters it stands for; byte pieces share their character's span.

        >>> model = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("<0xC3>", -5.0), ("<0xA9>", -5.0)], byte_fallback=True)
        >>> model.tokens_with_spans("aé"), model.tokens_with_spans("xya")
        ([('a', 1, 0, 1), ('<0xC3>', 2, 1, 2), ('<0xA9>', 3, 1, 2)], [('xy', 0, 0, 2), ('a', 1, 2, 3)])
        """
        result: list[tuple[str, int, int, int]] = []
        start = 0
        for piece in self.best_path(text).pieces:
            end = start + len(piece)
            piece_id = self._ids.get(piece)
            # Byte fallback trades [UNK] for bytes: a model whose vocab holds the 256 <0xNN> pieces never loses
            # a character, and its decoder can put the bytes back together.
            if piece_id is None and self.byte_fallback:
                spelled = [f"<0x{byte:02X}>" for byte in piece.encode("utf-8")]
                if all(byte in self._ids for byte in spelled):
                    result.extend((byte, self._ids[byte], start, end) for byte in spelled)
                    start = end
                    continue
            if piece_id is None:
                assert self.unk_id is not None  # best_path refuses a text with an unknown character otherwise
                piece_id = self.unk_id
            result.append((piece, piece_id, start, end))
            start = end
        return result

    def probability(self, text: str) -> float:
        """The probability of the best cut, ``exp(score)`` (0.0 for a text no piece covers).

        >>> round(UnigramModel([("<unk>", 0.0), ("a", math.log(0.5))]).probability("aa"), 6)
        0.25
        """
        return math.exp(self.best_path(text).score)

    def to_json(self) -> dict[str, object]:
        """Hugging Face's ``tokenizer.json`` model object for this model.

        >>> UnigramModel([("<unk>", 0.0), ("a", -1.0)]).to_json()
        {'type': 'Unigram', 'unk_id': 0, 'vocab': [['<unk>', 0.0], ['a', -1.0]], 'byte_fallback': False}
        """
        return {
            "type": "Unigram",
            "unk_id": self.unk_id,
            "vocab": [[piece, score] for piece, score in zip(self.pieces, self.scores, strict=True)],
            "byte_fallback": self.byte_fallback,
        }

    @classmethod
    def from_json(cls, data: Any) -> UnigramModel:
        """The model of a ``tokenizer.json`` model object (``{"type": "Unigram", ...}``).

        >>> UnigramModel.from_json({"type": "Unigram", "unk_id": 0, "vocab": [["<unk>", 0.0], ["ab", -1.0]]}).tokenize("abc")
        ['ab', 'c']
        """
        check_type(data, "model", "Unigram")
        refuse_unknown_fields(data, "Unigram model", ("unk_id", "vocab", "byte_fallback"))
        require_fields(data, "model", ("vocab",))
        vocab = data["vocab"]
        if not isinstance(vocab, list):
            raise ValueError("model.vocab must be a list of [piece, score] pairs")
        return cls(
            [tuple(entry) if isinstance(entry, list) else entry for entry in vocab],
            unk_id=data.get("unk_id"),
            byte_fallback=bool(data.get("byte_fallback", False)),
        )


def _check_piece(entry: object, index: int) -> tuple[str, float]:
    if not isinstance(entry, tuple) or len(entry) != 2:
        raise TypeError(f"pieces[{index}] must be a (piece, score) pair, got {entry!r}")
    piece, score = entry
    if not isinstance(piece, str) or not piece:
        raise ValueError(f"pieces[{index}] must start with a non-empty str, got {piece!r}")
    if isinstance(score, bool) or not isinstance(score, (int, float)) or not math.isfinite(score):
        raise ValueError(f"pieces[{index}] ({piece!r}) must have a finite number as its score, got {score!r}")
    return piece, float(score)


__all__ = [
    "UNK_PENALTY",
    "LatticeNode",
    "Segmentation",
    "UnigramModel",
]
