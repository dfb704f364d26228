"""The BPE model: a vocab and a ranked list of merges, as the model slot of a tokenizer holds it (``models.BPE``).

A word starts as its characters (the first as it is, the others with the
``continuing_subword_prefix``, the last with the ``end_of_word_suffix``); a
character the vocab lacks becomes its UTF-8 bytes as ``<0xNN>`` tokens
(``byte_fallback``) or the unknown token (runs of them fused into one with
``fuse_unk``). Then, again and again, the adjacent pair whose merge comes
first in the list is merged, the leftmost first among equal pairs, until no
pair of the list is left. With ``ignore_merges`` a word that is itself a token
is that token at once. This is Hugging Face's ``models.BPE``, token for token
(``tests/peers/test_real_tokenizers_hf.py``); its training is in
``training/bpe.py`` (and, byte-level, in ``train --model bpe``).

>>> model = BpeModel.from_merges(["h", "u", "g", "s"], [("h", "u"), ("hu", "g")])
>>> model.tokenize("hugs"), [step.new for step in model.merge_steps("hugs").steps]
(['hug', 's'], ['hu', 'hug'])
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .._json_fields import check_type, refuse_unknown_fields, require_fields
from .._validate import check_bool, check_optional_str, check_sequence
from .vocab import Vocab

#: The fields of a BPE model in ``tokenizer.json``, in Hugging Face's order.
FIELDS = (
    "dropout",
    "unk_token",
    "continuing_subword_prefix",
    "end_of_word_suffix",
    "fuse_unk",
    "byte_fallback",
    "ignore_merges",
    "vocab",
    "merges",
)


@dataclass(frozen=True)
class MergeStep:
    """One merge applied to a word: its rank in the list, the pair, the token it made, and where it stands in the
    word (``start``, ``end``: characters).

    >>> MergeStep(0, "h", "u", "hu", 0, 2)
    MergeStep(rank=0, left='h', right='u', new='hu', start=0, end=2)
    """

    rank: int
    left: str
    right: str
    new: str
    start: int
    end: int


@dataclass(frozen=True)
class MergeRecord:
    """How a word was cut: its first symbols (``start``: each with its span in the word), the merges applied in
    order, and the tokens with their spans at the end.

    >>> record = BpeModel.from_merges(["a", "b"], [("a", "b")]).merge_steps("ab")
    >>> record.start, record.tokens
    ([('a', 0, 1), ('b', 1, 2)], [('ab', 0, 2)])
    """

    start: list[tuple[str, int, int]]
    steps: list[MergeStep]
    tokens: list[tuple[str, int, int]]
    whole: bool = False


@dataclass(frozen=True)
class BpeModel:
    """Hugging Face's ``models.BPE``: ``vocab`` (token -> id), ``merges`` (pairs in rank order) and its switches.

    >>> model = BpeModel({"<unk>": 0, "a": 1, "b": 2, "ab": 3}, [("a", "b")], unk_token="<unk>")
    >>> model.tokens_with_spans("abc"), model.unk_token
    ([('ab', 3, 0, 2), ('<unk>', 0, 2, 3)], '<unk>')
    """

    token_ids: Mapping[str, int]
    merges: Sequence[tuple[str, str]]
    unk_token: str | None = None
    continuing_subword_prefix: str | None = None
    end_of_word_suffix: str | None = None
    fuse_unk: bool = False
    byte_fallback: bool = False
    ignore_merges: bool = False
    _vocab: Vocab = field(init=False, repr=False, compare=False)
    _ranks: dict[tuple[int, int], tuple[int, int]] = field(init=False, repr=False, compare=False)
    _starters: frozenset[str] = field(init=False, repr=False, compare=False)
    _pieces: dict[str, list[list[Any]]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.token_ids, Mapping):
            raise TypeError(f"token_ids must be a dict of token -> id, got {type(self.token_ids).__name__}")
        check_optional_str(self.unk_token, "unk_token", allow_empty=False)
        check_optional_str(self.continuing_subword_prefix, "continuing_subword_prefix")
        check_optional_str(self.end_of_word_suffix, "end_of_word_suffix")
        for name in ("fuse_unk", "byte_fallback", "ignore_merges"):
            check_bool(getattr(self, name), name)
        object.__setattr__(self, "token_ids", dict(self.token_ids))
        merges = check_sequence(self.merges, "merges")
        for rank, pair in enumerate(merges):
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Iterable):
                raise TypeError(f"merges[{rank}] must be a pair of tokens, got {type(pair).__name__}")
        object.__setattr__(self, "merges", tuple(tuple(pair) for pair in merges))
        self._build()

    def _build(self) -> None:
        """The tables made from the vocab and the merges (again after unpickling)."""
        object.__setattr__(self, "_vocab", self._make_vocab())
        object.__setattr__(self, "_ranks", self._make_ranks())
        object.__setattr__(self, "_starters", self._make_starters())
        object.__setattr__(self, "_pieces", {})

    def __getstate__(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in ("token_ids", "merges", *_SWITCHES)}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)
        self._build()

    def _make_starters(self) -> frozenset[str]:
        """Characters that are tokens and stand only at the start of any token (SentencePiece's ``▁``, often).

        No merge can put such a character after another, so a word is cut before each of them into pieces that
        merge on their own, each cut once (``_cut``); a prefix or a suffix marks a word's ends, so then none.
        """
        if self.continuing_subword_prefix is not None or self.end_of_word_suffix is not None:
            return frozenset()
        inside = {char for token in self.token_ids for char in token[1:]}
        return frozenset(token for token in self.token_ids if len(token) == 1 and token not in inside)

    def _make_vocab(self) -> Vocab:
        ids = self.token_ids
        tokens = sorted(ids, key=ids.__getitem__)
        for position, token in enumerate(tokens):
            token_id = ids[token]
            if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id != position:
                raise ValueError(
                    f"BPE model: vocab ids must be 0 to {len(tokens) - 1}, each once; {token!r} has {token_id!r}"
                )
        if self.unk_token is not None and self.unk_token not in ids:
            # Hugging Face loads such a model, and fails on the first character it cannot cut.
            raise ValueError(f"BPE model: unk_token {self.unk_token!r} is not in the vocab")
        if not tokens:
            raise ValueError("BPE model: the vocab is empty")
        return Vocab(tokens, unk_token=self.unk_token or tokens[0], special_tokens=())

    def _make_ranks(self) -> dict[tuple[int, int], tuple[int, int]]:
        ids = self.token_ids
        prefix = self.continuing_subword_prefix or ""
        ranks: dict[tuple[int, int], tuple[int, int]] = {}
        for rank, pair in enumerate(self.merges):
            if len(pair) != 2 or not all(isinstance(part, str) for part in pair):
                raise ValueError(f"BPE model: merges[{rank}] must be a pair of tokens, got {pair!r:.60}")
            left, right = pair
            # The merged token drops the right part's prefix, as Hugging Face builds it.
            tail = right[len(prefix) :] if right.startswith(prefix) else right
            new = left + tail
            for token in (left, right, new):
                if token not in ids:
                    raise ValueError(
                        f"BPE model: merges[{rank}] ({left!r}, {right!r}) needs {token!r}, not in the vocab"
                    )
            ranks[(ids[left], ids[right])] = (rank, ids[new])
        return ranks

    @classmethod
    def from_merges(cls, alphabet: Iterable[str], merges: Sequence[tuple[str, str]], **switches: Any) -> BpeModel:
        """A model whose vocab is ``alphabet`` then each merge's token, in order (the way a trainer makes one).

        >>> BpeModel.from_merges(["a", "b"], [("a", "b")]).token_ids
        {'a': 0, 'b': 1, 'ab': 2}
        """
        tokens = list(dict.fromkeys(alphabet))
        prefix = switches.get("continuing_subword_prefix") or ""
        for left, right in merges:
            new = left + (right[len(prefix) :] if right.startswith(prefix) else right)
            if new not in tokens:
                tokens.append(new)
        return cls({token: index for index, token in enumerate(tokens)}, list(merges), **switches)

    @property
    def vocab(self) -> Vocab:
        """The tokens by id (the pipeline's id table)."""
        return self._vocab

    # -- cutting a word -----------------------------------------------------------------------------------------

    def _symbols(self, word: str) -> list[list[Any]]:
        """The word's first symbols: ``[id, start, end]`` (character spans in the word), unknown characters fused."""
        ids = self.token_ids
        prefix, suffix = self.continuing_subword_prefix, self.end_of_word_suffix
        symbols: list[list[Any]] = []
        unknown: list[Any] | None = None
        last = len(word) - 1
        for index, char in enumerate(word):
            piece = char
            if index and prefix is not None:
                piece = prefix + piece
            if index == last and suffix is not None:
                piece = piece + suffix
            token_id = ids.get(piece)
            if token_id is not None:
                if unknown is not None:
                    symbols.append(unknown)
                    unknown = None
                symbols.append([token_id, index, index + 1])
                continue
            if self.byte_fallback:
                codes = [ids.get(f"<0x{byte:02X}>") for byte in piece.encode("utf-8")]
                if all(code is not None for code in codes):
                    symbols.extend([code, index, index + 1] for code in codes)
                    continue
            if self.unk_token is not None:
                if unknown is not None and self.fuse_unk:
                    unknown[2] = index + 1
                    continue
                if unknown is not None:
                    symbols.append(unknown)
                unknown = [ids[self.unk_token], index, index + 1]
        if unknown is not None:
            symbols.append(unknown)
        return symbols

    def _merge(self, symbols: list[list[Any]], record: list[MergeStep] | None = None) -> list[list[Any]]:
        """Merge ``symbols`` in rank order (a heap of pairs, the leftmost first among equal ranks)."""
        ranks = self._ranks
        count = len(symbols)
        if count < 2:
            return symbols
        following = list(range(1, count + 1))
        preceding = list(range(-1, count - 1))
        alive = [True] * count
        heap = []
        for position in range(count - 1):
            found = ranks.get((symbols[position][0], symbols[position + 1][0]))
            if found is not None:
                heap.append((found[0], position, found[1]))
        heapq.heapify(heap)
        tokens = self._vocab.tokens
        while heap:
            rank, position, new_id = heapq.heappop(heap)
            if not alive[position]:
                continue
            right = following[position]
            if right >= count:
                continue
            left_symbol, right_symbol = symbols[position], symbols[right]
            current = ranks.get((left_symbol[0], right_symbol[0]))
            if current is None or current[1] != new_id:
                continue  # an entry made stale by an earlier merge
            if record is not None:
                record.append(
                    MergeStep(
                        rank,
                        tokens[left_symbol[0]],
                        tokens[right_symbol[0]],
                        tokens[new_id],
                        left_symbol[1],
                        right_symbol[2],
                    )
                )
            symbols[position] = [new_id, left_symbol[1], right_symbol[2]]
            alive[right] = False
            following[position] = following[right]
            if following[right] < count:
                preceding[following[right]] = position
            before = preceding[position]
            if before >= 0:
                found = ranks.get((symbols[before][0], new_id))
                if found is not None:
                    heapq.heappush(heap, (found[0], before, found[1]))
            after = following[position]
            if after < count:
                found = ranks.get((new_id, symbols[after][0]))
                if found is not None:
                    heapq.heappush(heap, (found[0], position, found[1]))
        return [symbol for symbol, kept in zip(symbols, alive) if kept]

    def tokens_with_spans(self, word: str) -> list[tuple[str, int, int, int]]:
        """Each token of ``word`` with its id and where it starts and ends in the word.

        >>> BpeModel.from_merges(["a", "b", "c"], [("b", "c")]).tokens_with_spans("abc")
        [('a', 0, 0, 1), ('bc', 3, 1, 3)]
        """
        if not word:
            return []
        if self.ignore_merges:
            whole = self.token_ids.get(word)
            if whole is not None:
                return [(word, whole, 0, len(word))]
        tokens = self._vocab.tokens
        return [(tokens[token_id], token_id, start, end) for token_id, start, end in self._cut(word)]

    def _cut(self, word: str) -> list[list[Any]]:
        """The word's final symbols: merged as a whole, or piece by piece between its starters (each piece once)."""
        starters = self._starters
        if not starters or len(word) < 2:
            return self._merge(self._symbols(word))
        bounds = [index for index in range(1, len(word)) if word[index] in starters]
        if not bounds:
            return self._merge(self._symbols(word))
        pieces = self._pieces
        if len(pieces) > _PIECE_CACHE_SIZE:
            pieces.clear()
        out: list[list[Any]] = []
        for start, end in zip([0, *bounds], [*bounds, len(word)]):
            piece = word[start:end]
            cut = pieces.get(piece)
            if cut is None:
                cut = pieces[piece] = self._merge(self._symbols(piece))
            out.extend([token_id, begin + start, finish + start] for token_id, begin, finish in cut)
        return out

    def tokenize(self, word: str) -> list[str]:
        """The tokens of one (pre-tokenized) word.

        >>> BpeModel.from_merges(["a", "b"], [("a", "b")]).tokenize("abab")
        ['ab', 'ab']
        """
        return [token for token, *_ in self.tokens_with_spans(word)]

    def merge_steps(self, word: str) -> MergeRecord:
        """How ``word`` was cut: its first symbols, each merge in the order applied, the tokens (for ``explain``).

        >>> [(step.rank, step.new) for step in BpeModel.from_merges("abc", [("b", "c"), ("a", "bc")]).merge_steps("abc").steps]
        [(0, 'bc'), (1, 'abc')]
        """
        tokens = self._vocab.tokens
        if self.ignore_merges and word in self.token_ids:
            return MergeRecord([(word, 0, len(word))], [], [(word, 0, len(word))], whole=True)
        symbols = self._symbols(word)
        start = [(tokens[token_id], begin, end) for token_id, begin, end in symbols]
        steps: list[MergeStep] = []
        merged = self._merge([list(symbol) for symbol in symbols], steps)
        return MergeRecord(start, steps, [(tokens[token_id], begin, end) for token_id, begin, end in merged])

    # -- tokenizer.json -----------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The ``model`` entry of ``tokenizer.json`` (Hugging Face's keys and order; merges as pairs).

        >>> BpeModel.from_merges(["a", "b"], [("a", "b")]).to_json()["merges"]
        [['a', 'b']]
        """
        return {
            "type": "BPE",
            "dropout": None,
            "unk_token": self.unk_token,
            "continuing_subword_prefix": self.continuing_subword_prefix,
            "end_of_word_suffix": self.end_of_word_suffix,
            "fuse_unk": self.fuse_unk,
            "byte_fallback": self.byte_fallback,
            "ignore_merges": self.ignore_merges,
            "vocab": dict(self.token_ids),
            "merges": [list(pair) for pair in self.merges],
        }

    @classmethod
    def from_json(cls, data: Any) -> BpeModel:
        """Read a ``BPE`` model object: merges as pairs or as ``"a b"`` lines; ``dropout`` refused.

        >>> BpeModel.from_json({"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]}).tokenize("ab")
        ['ab']
        >>> BpeModel.from_json({"type": "BPE", "dropout": 0.1, "vocab": {}, "merges": []})
        Traceback (most recent call last):
        ...
        ValueError: BPE model: dropout 0.1 is refused: it makes the tokens random, and this library cuts a word one way
        """
        check_type(data, "model", "BPE")
        refuse_unknown_fields(data, "BPE model", FIELDS)
        dropout = data.get("dropout")
        if dropout is not None and dropout != 0.0:
            raise ValueError(
                f"BPE model: dropout {dropout!r} is refused: it makes the tokens random, and this library cuts a word one way"
            )
        require_fields(data, "BPE model", ("vocab", "merges"))
        vocab, merges = data["vocab"], data["merges"]
        if not isinstance(vocab, dict):
            raise ValueError(f"BPE model: vocab must be an object of token -> id, got {type(vocab).__name__}")
        if not isinstance(merges, list):
            raise ValueError(f"BPE model: merges must be a list, got {type(merges).__name__}")
        pairs = []
        for rank, merge in enumerate(merges):
            if isinstance(merge, str):
                parts = merge.split(" ")
                if len(parts) != 2:
                    raise ValueError(f"BPE model: merges[{rank}] {merge!r:.60} is not two tokens split by one space")
                pairs.append((parts[0], parts[1]))
            elif isinstance(merge, list) and len(merge) == 2 and all(isinstance(part, str) for part in merge):
                pairs.append((merge[0], merge[1]))
            else:
                raise ValueError(f"BPE model: merges[{rank}] must be a pair of tokens, got {merge!r:.60}")
        switches = {name: data.get(name) for name in _SWITCHES if data.get(name) is not None}
        return cls(vocab, pairs, **switches)


#: How many pieces between starters a model keeps cut (then it starts again).
_PIECE_CACHE_SIZE = 65_536

#: The fields that set how the model encodes, each a keyword of ``BpeModel`` (all but dropout, vocab and merges).
_SWITCHES = tuple(name for name in FIELDS if name not in ("dropout", "vocab", "merges"))

__all__ = ["BpeModel", "MergeRecord", "MergeStep"]
