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

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "normalizer",
        "fast_normalizer",
        "pretokenizers",
        "fast_split",
        "alignment",
        "scripts",
        "google",
        "metaspace",
        "unicode_forms",
        "edits",
        "normalizers",
        "precompiled",
        "splitters",
        "byte_level",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
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
