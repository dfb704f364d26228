"""The models: pieces, the vocab, and cutting a word with them (notebooks 01, 04, 08, 12).

- ``pieces``: Pieces: how a word starts out before any merge, and how two pieces join
- ``vocab``: ``Vocab``: tokens and their ids, and BERT's ``vocab.txt`` format
- ``longest_match``: Encoding words with a vocab: greedy longest-match-first
- ``linmaxmatch``: Linear-time WordPiece encoding: LinMaxMatch (Song et al., "Fast WordPiece Tokenization", EMNLP 2021)
- ``wordpiece``: The WordPiece model: a vocab, the continuation prefix and the word cap, as the model slot of a tokenizer holds it
- ``unigram``: The Unigram model: pieces with log-probabilities, and the Viterbi cut of a word
- ``bpe``: The BPE model: a vocab and a ranked list of merges, as the model slot of a tokenizer holds it
"""

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "pieces",
        "vocab",
        "longest_match",
        "linmaxmatch",
        "wordpiece",
        "unigram",
        "bpe",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bpe import *
    from .linmaxmatch import *
    from .longest_match import *
    from .pieces import *
    from .unigram import *
    from .vocab import *
    from .wordpiece import *
