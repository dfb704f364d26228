"""wordpiece_lib: WordPiece, the subword tokenizer behind BERT, taught and exact.

The library follows the notebooks' order: normalize -> pre-tokenize -> count
words -> split into pieces -> score pairs -> merge (a ``Trace``) -> ``Vocab``
-> encode with longest-match-first -> ids -> decode.

>>> from wordpiece_lib import WordCounts, train_bottom_up
>>> trace = train_bottom_up(WordCounts.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)]), 13)
>>> trace.merges[0]
('##g', '##s')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

#: Every public name, and the module it lives in (imported on first use: ``import wordpiece_lib`` stays light).
_EXPORTS = {
    "AddedToken": "added_tokens",
    "merge_pair": "bottom_up",
    "train_bottom_up": "bottom_up",
    "BpeEncoder": "bpe",
    "train_bpe": "bpe",
    "WordCounts": "corpus",
    "load_book": "data",
    "WordPieceDecoder": "decoder",
    "MatchAttempt": "encode",
    "encode_with_merges": "encode",
    "encode_word": "encode",
    "longest_match_attempts": "encode",
    "Encoding": "encoding",
    "train_fast": "fast_bottom_up",
    "FastNormalizer": "fast_normalize",
    "FastWordPieceTokenizer": "fast_tokenizer",
    "FastTopDown": "fast_top_down",
    "AutomatonStep": "linmaxmatch",
    "LinMaxMatch": "linmaxmatch",
    "TrieNode": "linmaxmatch",
    "trace_automaton": "linmaxmatch",
    "BertNormalizer": "normalize",
    "normalize": "normalize",
    "PairStats": "pair_stats",
    "alphabet": "pieces",
    "decode_pieces": "pieces",
    "initial_splits": "pieces",
    "join_pair": "pieces",
    "split_word": "pieces",
    "bert_split": "pretokenize",
    "gpt2_split": "pretokenize",
    "pretokenize": "pretokenize",
    "whitespace_split": "pretokenize",
    "Candidate": "scores",
    "best_candidate": "scores",
    "likelihood_gain": "scores",
    "pair_counts": "scores",
    "piece_counts": "scores",
    "rank_candidates": "scores",
    "score_pairs": "scores",
    "wordpiece_score": "scores",
    "Template": "template",
    "WordPieceTokenizer": "tokenizer",
    "TopDownResult": "top_down_search",
    "train_top_down": "top_down_search",
    "Trace": "trace",
    "TraceStep": "trace",
    "apply_merges": "trace",
    "Padding": "truncation",
    "Truncation": "truncation",
    "BERT_SPECIAL_TOKENS": "vocab",
    "Vocab": "vocab",
}

# These two functions share their module's name. Importing a submodule sets the package attribute of
# that name to the module, so the functions are bound here, after their modules, once and for all.
from .normalize import normalize  # noqa: E402
from .pretokenize import pretokenize  # noqa: E402

__version__ = "0.1.0"
__all__ = [
    "BERT_SPECIAL_TOKENS",
    "AddedToken",
    "AutomatonStep",
    "BertNormalizer",
    "BpeEncoder",
    "Candidate",
    "Encoding",
    "FastNormalizer",
    "FastTopDown",
    "FastWordPieceTokenizer",
    "LinMaxMatch",
    "MatchAttempt",
    "Padding",
    "PairStats",
    "Template",
    "TopDownResult",
    "Trace",
    "TraceStep",
    "TrieNode",
    "Truncation",
    "Vocab",
    "WordCounts",
    "WordPieceDecoder",
    "WordPieceTokenizer",
    "__version__",
    "alphabet",
    "apply_merges",
    "bert_split",
    "best_candidate",
    "decode_pieces",
    "encode_with_merges",
    "encode_word",
    "gpt2_split",
    "initial_splits",
    "join_pair",
    "likelihood_gain",
    "load_book",
    "longest_match_attempts",
    "merge_pair",
    "normalize",
    "pair_counts",
    "piece_counts",
    "pretokenize",
    "rank_candidates",
    "score_pairs",
    "split_word",
    "trace_automaton",
    "train_bottom_up",
    "train_bpe",
    "train_fast",
    "train_top_down",
    "whitespace_split",
    "wordpiece_score",
]


def __getattr__(name: str) -> Any:
    """Import the module that holds ``name`` the first time it is asked for (PEP 562).

    >>> import wordpiece_lib
    >>> wordpiece_lib.pretokenize("a,b"), wordpiece_lib.normalize("É", lowercase=True)
    (['a', ',', 'b'], 'e')
    >>> wordpiece_lib.Vocab.__module__, sorted(wordpiece_lib.__all__) == sorted([*wordpiece_lib._EXPORTS, "__version__"])
    ('wordpiece_lib.vocab', True)
    """
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'wordpiece_lib' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})


if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .added_tokens import AddedToken
    from .bottom_up import merge_pair, train_bottom_up
    from .bpe import BpeEncoder, train_bpe
    from .corpus import WordCounts
    from .data import load_book
    from .decoder import WordPieceDecoder
    from .encode import MatchAttempt, encode_with_merges, encode_word, longest_match_attempts
    from .encoding import Encoding
    from .fast_bottom_up import train_fast
    from .fast_normalize import FastNormalizer
    from .fast_tokenizer import FastWordPieceTokenizer
    from .fast_top_down import FastTopDown
    from .linmaxmatch import AutomatonStep, LinMaxMatch, TrieNode, trace_automaton
    from .normalize import BertNormalizer, normalize
    from .pair_stats import PairStats
    from .pieces import alphabet, decode_pieces, initial_splits, join_pair, split_word
    from .pretokenize import bert_split, gpt2_split, pretokenize, whitespace_split
    from .scores import (
        Candidate,
        best_candidate,
        likelihood_gain,
        pair_counts,
        piece_counts,
        rank_candidates,
        score_pairs,
        wordpiece_score,
    )
    from .template import Template
    from .tokenizer import WordPieceTokenizer
    from .top_down_search import TopDownResult, train_top_down
    from .trace import Trace, TraceStep, apply_merges
    from .truncation import Padding, Truncation
    from .vocab import BERT_SPECIAL_TOKENS, Vocab
