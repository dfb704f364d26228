"""Text: normalization, pre-tokenization and the offsets that tie them to the original (notebooks 01, 09, 10).

- ``normalizer``: BERT-style text normalization, character for character like Hugging Face
- ``fast_normalizer``: Normalizing at C speed: BERT's normalizer through one translation table
- ``pretokenizers``: Pre-tokenizers: cut normalized text into the words that get subword-split
- ``fast_split``: Normalizing and pre-tokenizing at C speed, with exactly the readable pipeline's words
- ``alignment``: Normalizing while remembering where every character came from
- ``scripts``: Writing systems: which script a character belongs to, and what BERT's normalizer does to each
- ``google``: Google's BERT text rules: the normalizer and pre-tokenizer of ``compat="google"``
- ``metaspace``: SentencePiece's word boundaries: every space becomes ``▁`` and a word starts at each ``▁``
"""

from . import alignment, fast_normalizer, fast_split, google, metaspace, normalizer, pretokenizers, scripts
from .alignment import *
from .fast_normalizer import *
from .fast_split import *
from .google import *
from .metaspace import *
from .normalizer import *
from .pretokenizers import *
from .scripts import *

__all__ = [
    *normalizer.__all__,
    *fast_normalizer.__all__,
    *pretokenizers.__all__,
    *fast_split.__all__,
    *alignment.__all__,
    *scripts.__all__,
    *google.__all__,
    *metaspace.__all__,
]
