"""wordpiece_lib: WordPiece, the subword tokenizer behind BERT, taught and exact.

The library follows the notebooks' order: normalize -> pre-tokenize -> count
words -> split into pieces -> score pairs -> merge (a ``Trace``) -> ``Vocab``
-> encode with longest-match-first -> ids -> decode.

>>> from wordpiece_lib import WordCounts, train_bottom_up
>>> trace = train_bottom_up(WordCounts.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)]), 13)
>>> trace.merges[0]
('##g', '##s')
"""

from .added_tokens import AddedToken
from .books import load_book
from .bottom_up import merge_pair, train_bottom_up
from .bpe import BpeEncoder, train_bpe
from .corpus import WordCounts
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
