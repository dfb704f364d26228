"""Training: scores, merges and the trainers, bottom-up, BPE, top-down and Unigram (notebooks 02, 03, 05, 06, 07, 12).

- ``scores``: Pair statistics and the three ways to rank a merge
- ``trace``: ``Trace``: the record of a bottom-up training run, step by step
- ``plan``: What a bottom-up training run is asked to do, checked once for every trainer
- ``hf_options``: Three options of Hugging Face's trainers, with its meanings: ``min_frequency``, ``limit_alphabet``, ``initial_alphabet``
- ``bottom_up``: The reference bottom-up trainer: readable, one merge at a time
- ``pair_stats``: Incremental pair statistics: the pair table and priority queue behind the fast trainers
- ``fast_bottom_up``: The fast bottom-up trainer: the reference's merges, incrementally
- ``bpe``: BPE on the same pieces as WordPiece: a trainer and a merge-replay encoder
- ``top_down``: The top-down WordPiece learner of TensorFlow Text, step by step
- ``fast_top_down``: ``FastTopDown``: TensorFlow Text's top-down learner, vectorised with NumPy
- ``top_down_search``: The top-down learner's threshold search, and ``learn`` with TensorFlow Text's signature
- ``unigram``: Training a Unigram model: start from many pieces, then drop the ones the corpus misses least
- ``byte_bpe``: Byte-level BPE, trained as Hugging Face's ``BpeTrainer`` trains it (GPT-2's kind of tokenizer)
"""

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "scores",
        "trace",
        "plan",
        "hf_options",
        "bottom_up",
        "pair_stats",
        "fast_bottom_up",
        "bpe",
        "top_down",
        "fast_top_down",
        "top_down_search",
        "unigram",
        "byte_bpe",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bottom_up import *
    from .bpe import *
    from .byte_bpe import *
    from .fast_bottom_up import *
    from .fast_top_down import *
    from .hf_options import *
    from .pair_stats import *
    from .plan import *
    from .scores import *
    from .top_down import *
    from .top_down_search import *
    from .trace import *
    from .unigram import *
