"""Data sets by name: bundled, cached, mirrored or fetched, always checked (every notebook).

- ``catalogue``: Every data set the workshop knows by name: what it is, where it comes from, how to check and clean a copy
- ``download``: Downloading one file with pooch: a progress bar, a checksum, and failures said in words
- ``gutenberg``: Project Gutenberg plain text, cleaned the same way however it reached the disk
- ``copies``: A checked copy of a data set, by name: bundled, cached, mirrored or downloaded
- ``datasets``: The small corpora the seeds print results for, as word counts
- ``chapters``: A book by chapters, to train on some and hold one out
- ``language_data``: Text in many languages that works offline: word-frequency lists and a parallel text
- ``multilingual_books``: Public-domain books in other languages: the data module's Project Gutenberg books not in English
"""

from . import catalogue, chapters, copies, datasets, download, gutenberg, language_data, multilingual_books
from .catalogue import *
from .chapters import *
from .copies import *
from .datasets import *
from .download import *
from .gutenberg import *
from .language_data import *
from .multilingual_books import *

__all__ = [
    *catalogue.__all__,
    *download.__all__,
    *gutenberg.__all__,
    *copies.__all__,
    *datasets.__all__,
    *chapters.__all__,
    *language_data.__all__,
    *multilingual_books.__all__,
]
