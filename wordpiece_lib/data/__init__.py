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

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "catalogue",
        "download",
        "gutenberg",
        "copies",
        "datasets",
        "chapters",
        "language_data",
        "multilingual_books",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .catalogue import *
    from .chapters import *
    from .copies import *
    from .datasets import *
    from .download import *
    from .gutenberg import *
    from .language_data import *
    from .multilingual_books import *
