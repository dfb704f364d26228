"""The small corpora the seeds print results for, as word counts.

The texts are plain files in the repository's ``data/toy/`` (shipped inside the
installed package too), read through ``wordpiece_lib.data.copies``; each names the
seed it comes from, so a printed result in a notebook can be checked against
its source. The sources:

* the course chapter: Hugging Face LLM course, chapter 6, section
  "WordPiece tokenization" (https://huggingface.co/learn/llm-course/chapter6/6);
* the BERT-pipeline notebook: a walk-through notebook that normalizes,
  pre-tokenizes and trains a 100-token WordPiece vocab the course's way (it
  indents its text inside a triple-quoted string; the file keeps the words and
  the line breaks);
* the SELENE notebook: "Subword Tokenization (WordPiece)" from the SELENE
  notebook repository, an open collection of teaching notebooks;
* the article: "From Words To Tokens: The WordPiece Algorithm" by Damien
  Benveniste;
* the top-down notebook: TensorFlow Text's learner on a short text.

The texts themselves are module attributes read on first use:
``HUG_PUG_COUNTS``, ``COURSE_SENTENCES``, ``PIPELINE_TEXT``, ``SELENE_DOC``,
``ARTICLE_WORDS`` and ``TOP_DOWN_TEXT``.

>>> from wordpiece_lib.data.datasets import COURSE_SENTENCES
>>> COURSE_SENTENCES[0]
'This is the Hugging Face Course.'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import Any

from ..counting.word_counts import WordCounts
from . import copies


def _lines(name: str) -> tuple[str, ...]:
    return tuple(copies.load_text(name).splitlines())


def _word_counts_file(name: str) -> tuple[tuple[str, int], ...]:
    pairs = []
    for line in _lines(name):
        word, count = line.split("\t")
        pairs.append((word, int(count)))
    return tuple(pairs)


#: Each text, read from its file the first time it is used.
_TEXTS: dict[str, Callable[[], Any]] = {
    # Course chapter: the five words with their counts.
    "HUG_PUG_COUNTS": lambda: _word_counts_file("course-word-counts"),
    # Course chapter: the four sentences its 70-token vocab is trained on.
    "COURSE_SENTENCES": lambda: _lines("course-sentences"),
    # BERT-pipeline notebook: the text its 100-token vocab is trained on (BERT's cased pipeline).
    "PIPELINE_TEXT": lambda: copies.load_text("pipeline-text").rstrip("\n"),
    # SELENE notebook: its toy document (whitespace pre-tokenization).
    "SELENE_DOC": lambda: copies.load_text("selene-document").rstrip("\n"),
    # The article: four words, each once, with a begin-of-word marker.
    "ARTICLE_WORDS": lambda: _lines("article-words"),
    # Top-down notebook: the text whose word counts it thresholds (``.,!`` removed and lowercased first).
    "TOP_DOWN_TEXT": lambda: copies.load_text("top-down-text").rstrip("\n"),
}


@functools.cache
def _text(attribute: str) -> Any:
    return _TEXTS[attribute]()


def __getattr__(attribute: str) -> Any:
    if attribute in _TEXTS:
        return _text(attribute)
    raise AttributeError(f"module {__name__!r} has no attribute {attribute!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_TEXTS])


def hug_pug_counts() -> WordCounts:
    """The course chapter's five words with their counts (Hugging Face LLM course, chapter 6).

    >>> hug_pug_counts()
    WordCounts({'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5})
    """
    return WordCounts.from_pairs(_text("HUG_PUG_COUNTS"))


def course_counts() -> WordCounts:
    """Word counts of the course chapter's four sentences (BERT cased pipeline).

    >>> course_counts()["This"], course_counts()["."]
    (3, 4)
    """
    return WordCounts.from_texts(_text("COURSE_SENTENCES"))


def pipeline_counts() -> WordCounts:
    """Word counts of the BERT-pipeline walk-through notebook's text (BERT cased pipeline).

    >>> pipeline_counts()["raspberrypi"], pipeline_counts()["."]
    (10, 17)
    """
    return WordCounts.from_texts(_text("PIPELINE_TEXT").strip())


def selene_counts() -> WordCounts:
    """Word counts of the SELENE notebook's toy document (whitespace split).

    >>> selene_counts()
    WordCounts({'low': 5, 'lower': 2, 'newest': 6, 'widest': 3, 'longer': 1})
    """
    return WordCounts.from_words(_text("SELENE_DOC").split())


def article_counts() -> WordCounts:
    """The four words of Benveniste's article "From Words To Tokens", once each.

    >>> article_counts()
    WordCounts({'low': 1, 'lower': 1, 'newest': 1, 'widest': 1})
    """
    return WordCounts.from_words(_text("ARTICLE_WORDS"))


def top_down_counts() -> WordCounts:
    """The top-down seed's word counts: ``.,!`` removed, lowercased, split on spaces.

    >>> top_down_counts()["i"], top_down_counts()["shells"], len(top_down_counts())
    (5, 2, 45)
    """
    cleaned = re.sub("[.,!]", "", _text("TOP_DOWN_TEXT")).lower()
    return WordCounts.from_words(cleaned.split())


# The texts (HUG_PUG_COUNTS ...) are module attributes made on first use, so they are not listed here.
__all__ = [
    "article_counts",
    "course_counts",
    "hug_pug_counts",
    "pipeline_counts",
    "selene_counts",
    "top_down_counts",
]
