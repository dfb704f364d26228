"""Text: normalization, pre-tokenization and the offsets that tie them to the original (notebooks 01, 09, 10).

- ``normalizer``: BERT-style text normalization, character for character like Hugging Face
- ``fast_normalizer``: Normalizing at C speed: BERT's normalizer through one translation table
- ``pretokenizers``: Pre-tokenizers: cut normalized text into the words that get subword-split
- ``fast_split``: Normalizing and pre-tokenizing at C speed, with exactly the readable pipeline's words
- ``alignment``: Normalizing while remembering where every character came from
- ``scripts``: Writing systems: which script a character belongs to, and what BERT's normalizer does to each
- ``google``: Google's BERT text rules: the normalizer and pre-tokenizer of ``compat="google"``
- ``metaspace``: SentencePiece's word boundaries: every space becomes ``▁`` and a word starts at each ``▁``
- ``unicode_forms``: Unicode's normal forms (NFD, NFKD, NFC, NFKC) as Hugging Face computes them, each character's edit recorded
- ``edits``: A normalizer's edits, and the origin each new character takes from them, as Hugging Face computes offsets
- ``normalizers``: Hugging Face's other normalizers: Unicode forms, lowercasing, accents, spaces, replacements, a prefix, a chain
- ``precompiled``: SentencePiece's normalizer: its character map, read from the base64 blob ``tokenizer.json`` holds
- ``splitters``: Hugging Face's other pre-tokenizers: ``Split``, ``Digits``, ``Punctuation``, ``Whitespace`` and a chain
- ``byte_level``: Byte-level pre-tokenization (GPT-2's): every byte of the text becomes one printable character
"""

from . import (
    alignment,
    byte_level,
    edits,
    fast_normalizer,
    fast_split,
    google,
    metaspace,
    normalizer,
    normalizers,
    precompiled,
    pretokenizers,
    scripts,
    splitters,
    unicode_forms,
)
from .alignment import *
from .byte_level import *
from .edits import *
from .fast_normalizer import *
from .fast_split import *
from .google import *
from .metaspace import *
from .normalizer import *
from .normalizers import *
from .precompiled import *
from .pretokenizers import *
from .scripts import *
from .splitters import *
from .unicode_forms import *

__all__ = [
    *normalizer.__all__,
    *fast_normalizer.__all__,
    *pretokenizers.__all__,
    *fast_split.__all__,
    *alignment.__all__,
    *scripts.__all__,
    *google.__all__,
    *metaspace.__all__,
    *unicode_forms.__all__,
    *edits.__all__,
    *normalizers.__all__,
    *precompiled.__all__,
    *splitters.__all__,
    *byte_level.__all__,
]
