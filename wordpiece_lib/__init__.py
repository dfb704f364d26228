"""wordpiece_lib: WordPiece, the subword tokenizer behind BERT, taught and exact.

The library follows the notebooks' order, one folder a stage; each folder's
``__init__`` lists its modules and re-exports their public names:

- ``text``: normalize, pre-tokenize, and keep the offsets;
- ``counting``: count words, from a list of texts to a corpus on a cluster;
- ``model``: pieces, the ``Vocab``, longest-match-first and its linear-time automaton;
- ``training``: score pairs, merge (a ``Trace``), and the bottom-up, BPE and top-down trainers;
- ``pipeline``: the whole tokenizer: ids, offsets, special tokens, decoding, ``tokenizer.json``;
- ``data``: the data sets by name; ``analysis``: measuring segmentations and languages.

Stages import only from the stages before them (an import-linter ``layers``
contract keeps it so); ``classroom`` (the notebooks' checks, plots and
widgets) and ``cli`` (the ``wordpiece`` command) sit on top.

>>> from wordpiece_lib import WordCounts, train_bottom_up
>>> trace = train_bottom_up(WordCounts.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)]), 13)
>>> trace.merges[0]
('##g', '##s')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: The names most code needs, by the folder that holds them; each is imported on first use, so that
#: ``import wordpiece_lib`` stays light. Everything else is one folder down (``wordpiece_lib.counting``, ...).
_FACES: dict[str, tuple[str, ...]] = {
    "text": (
        "bert_split",
        "BertNormalizer",
        "FastNormalizer",
        "gpt2_split",
        "normalize",
        "pretokenize",
        "whitespace_split",
    ),
    "counting": ("WordCounts",),
    "model": (
        "alphabet",
        "AutomatonStep",
        "BpeModel",
        "BERT_SPECIAL_TOKENS",
        "decode_pieces",
        "encode_word",
        "initial_splits",
        "join_pair",
        "LinMaxMatch",
        "longest_match_attempts",
        "MatchAttempt",
        "split_word",
        "trace_automaton",
        "TrieNode",
        "Vocab",
    ),
    "training": (
        "apply_merges",
        "best_candidate",
        "BpeEncoder",
        "Candidate",
        "encode_with_merges",
        "FastTopDown",
        "likelihood_gain",
        "merge_pair",
        "pair_counts",
        "PairStats",
        "piece_counts",
        "rank_candidates",
        "score_pairs",
        "TopDownResult",
        "Trace",
        "TraceStep",
        "train_bottom_up",
        "train_bpe",
        "train_fast",
        "train_top_down",
        "wordpiece_score",
    ),
    "pipeline": (
        "AddedToken",
        "Encoding",
        "FastWordPieceTokenizer",
        "Padding",
        "Template",
        "Truncation",
        "UnigramTokenizer",
        "WordPieceDecoder",
        "WordPieceTokenizer",
        "explain",
        "load_tokenizer",
    ),
    "data": ("load_book",),
}
_FACE_OF = {name: face for face, names in _FACES.items() for name in names}

__version__ = "0.1.0"
__all__ = ["__version__", *_FACE_OF]


def __getattr__(name: str) -> Any:
    """Import the folder that holds ``name`` the first time it is asked for (PEP 562).

    >>> import wordpiece_lib
    >>> wordpiece_lib.pretokenize("a,b"), wordpiece_lib.normalize("É", lowercase=True)
    (['a', ',', 'b'], 'e')
    >>> wordpiece_lib.Vocab.__module__
    'wordpiece_lib.model.vocab'
    """
    face = _FACE_OF.get(name)
    if face is None:
        raise AttributeError(f"module 'wordpiece_lib' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{face}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_FACE_OF})


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .counting import *
    from .data import *
    from .model import *
    from .pipeline import *
    from .text import *
    from .training import *
