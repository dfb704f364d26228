"""Analysis: measuring segmentations and languages, for the comparisons of notebooks 06 and 09.

- ``segmentation``: Tokenizers cut from a ``Trace``, and what they do to words
- ``language_metrics``: What one vocab does to several languages: tokens per word, ``[UNK]`` rate, parity, vocab shares
- ``bert_references``: Why Hugging Face's BERT tokenizer and Google's disagree on a text: the rule that makes the difference
"""

from . import bert_references, language_metrics, segmentation
from .bert_references import *
from .language_metrics import *
from .segmentation import *

__all__ = [
    *segmentation.__all__,
    *language_metrics.__all__,
    *bert_references.__all__,
]
