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
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .alignment import *
    from .fast_normalizer import *
    from .fast_split import *
    from .google import *
    from .metaspace import *
    from .normalizer import *
    from .pretokenizers import *
    from .scripts import *
