"""Counting: words and their counts, from a list of texts to a corpus on a cluster (notebooks 01, 11).

- ``word_counts``: ``WordCounts``: each distinct word and how often it occurs, in first-seen order
- ``textstream``: Reading text files as a stream: line-aligned blocks, compressed files, progress in bytes
- ``stream_count``: Counting the words of files as a stream: memory follows the distinct words, not the corpus
- ``local_count``: Counting on every core of this machine: worker processes, results merged in order
- ``dask_count``: Counting on a Dask cluster: the same parts and the same in-order merge, spread over machines
- ``sources``: The inputs of a count, found once: each file with its size as it was found, or an open stream
- ``files``: ``count_files``: the words of whole files, counted in this process, on local processes or on a Dask cluster
- ``counts_tsv``: Word counts on disk: one ``word<TAB>count`` line per word, in first-seen order
- ``counts_settings``: How the words of a counts file were made, kept beside it: ``counts.tsv.settings.json``
- ``synthetic``: Synthetic corpora of any size: lines of words drawn with given frequencies (Zipf-like when real)
- ``mixing``: Mixing corpora of several languages into one training corpus, with a sampling exponent
"""

from typing import TYPE_CHECKING

from wordpiece_lib._lazy_face import lazy_face

#: Every module of the folder, in the order of ``__all__``; a name is imported from its module on first use.
__getattr__, __dir__ = lazy_face(
    __name__,
    (
        "word_counts",
        "textstream",
        "sources",
        "stream_count",
        "local_count",
        "dask_count",
        "files",
        "counts_tsv",
        "counts_settings",
        "synthetic",
        "mixing",
    ),
)

if TYPE_CHECKING:  # the same names, for type checkers and editors
    from .counts_settings import *
    from .counts_tsv import *
    from .dask_count import *
    from .files import *
    from .local_count import *
    from .mixing import *
    from .sources import *
    from .stream_count import *
    from .synthetic import *
    from .textstream import *
    from .word_counts import *
