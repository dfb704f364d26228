"""Analysis: measuring segmentations and languages, for the comparisons of notebooks 06 and 09.

- ``segmentation``: Tokenizers cut from a ``Trace``, and what they do to words
- ``language_metrics``: What one vocab does to several languages: tokens per word, ``[UNK]`` rate, parity, vocab shares
- ``bert_references``: Why Hugging Face's BERT tokenizer and Google's disagree on a text: the rule that makes the difference
"""

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "segmentation",
        "language_metrics",
        "bert_references",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .bert_references import *
    from .language_metrics import *
    from .segmentation import *
