"""The WordPiece model: pieces, the vocab, and cutting a word with it (notebooks 01, 04, 08).

- ``pieces``: Pieces: how a word starts out before any merge, and how two pieces join
- ``vocab``: ``Vocab``: tokens and their ids, and BERT's ``vocab.txt`` format
- ``longest_match``: Encoding words with a vocab: greedy longest-match-first, and merge replay
- ``linmaxmatch``: Linear-time WordPiece encoding: LinMaxMatch (Song et al., "Fast WordPiece Tokenization", EMNLP 2021)
"""

from . import linmaxmatch, longest_match, pieces, vocab
from .linmaxmatch import *
from .longest_match import *
from .pieces import *
from .vocab import *

__all__ = [
    *pieces.__all__,
    *vocab.__all__,
    *longest_match.__all__,
    *linmaxmatch.__all__,
]
