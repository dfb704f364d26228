"""Analysis: measuring segmentations and languages, for the comparisons of notebooks 06 and 09.

- ``segmentation``: Tokenizers cut from a ``Trace``, and what they do to words
- ``language_metrics``: What one vocab does to several languages: tokens per word, ``[UNK]`` rate, parity, vocab shares
"""

from . import language_metrics, segmentation
from .language_metrics import *
from .segmentation import *

__all__ = [
    *segmentation.__all__,
    *language_metrics.__all__,
]
