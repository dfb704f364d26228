"""The small corpora the seeds print results for, and the book loader.

Each toy corpus names the seed it comes from, so a printed result in a
notebook can be checked against its source. The sources:

* the course chapter: Hugging Face LLM course, chapter 6, section
  "WordPiece tokenization" (https://huggingface.co/learn/llm-course/chapter6/6);
* the BERT-pipeline notebook: a walk-through notebook that normalizes,
  pre-tokenizes and trains a 100-token WordPiece vocab the course's way;
* the SELENE notebook: "Subword Tokenization (WordPiece)" from the SELENE
  notebook repository, an open collection of teaching notebooks;
* the article: "From Words To Tokens: The WordPiece Algorithm" by Damien
  Benveniste.
"""

from __future__ import annotations

from .corpus import WordCounts

#: Course chapter (Hugging Face LLM course, chapter 6, "WordPiece tokenization"): word counts.
HUG_PUG_COUNTS: tuple[tuple[str, int], ...] = (("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5))

#: Course chapter: the four sentences its 70-token vocab is trained on.
COURSE_SENTENCES: tuple[str, ...] = (
    "This is the Hugging Face Course.",
    "This chapter is about tokenization.",
    "This section shows several tokenizer algorithms.",
    "Hopefully, you will be able to understand how they are trained and generate tokens.",
)

#: BERT-pipeline walk-through notebook (seed): the text its 100-token vocab is trained on
#: (the seed pre-tokenizes ``PIPELINE_TEXT.strip()`` with BERT's cased pipeline).
PIPELINE_TEXT = "\n".join(
    [
        "",
        "    Object raspberrypi functools dict kwargs. Gevent raspberrypi functools. Dunder raspberrypi decorator dict didn't lambda zip import pyramid, she lambda iterate?",
        "    Kwargs raspberrypi diversity unit object gevent. Import fall integration decorator unit django yield functools twisted. Dunder integration decorator he she future.",
        "    Python raspberrypi community pypy. ",
        "    Kwargs integration beautiful test reduce gil python closure. Gevent he integration generator fall test kwargs raise didn't visor he itertools...",
        "    Reduce integration coroutine bdfl he python. Cython didn't integration while beautiful list python didn't nit!",
        "    Object fall diversity 2to3 dunder script. Python fall for: integration exception dict kwargs dunder pycon. Import raspberrypi beautiful test import six web. Future ",
        "    integration mercurial self script web. Return raspberrypi community test she stable.",
        "    Django raspberrypi mercurial unit import yield raspberrypi visual rocksdahouse. Dunder raspberrypi mercurial list reduce class test scipy helmet zip?",
        "",
    ]
)

#: SELENE notebook "Subword Tokenization (WordPiece)" (seed): its toy document (whitespace pre-tokenization).
SELENE_DOC = "low low low low low lower lower newest newest newest newest newest newest widest widest widest longer"

#: Article "From Words To Tokens: The WordPiece Algorithm" (Damien Benveniste, seed): four words, each once,
#: with a begin-of-word marker.
ARTICLE_WORDS: tuple[str, ...] = ("low", "lower", "newest", "widest")

#: Top-down seed: the short text whose word counts it thresholds
#: (punctuation ``.,!`` removed and lowercased before counting).
TOP_DOWN_TEXT = (
    "Every morning we look for shells in the sand. I found fifteen big shells"
    " last year. I put them in a special place in my room. This year I want to learn"
    " to surf. It is hard to surf, but so much fun! My sister is a good surfer. She"
    " says that she can teach me. I hope I can do it!"
)


def hug_pug_counts() -> WordCounts:
    """The course chapter's five words with their counts (Hugging Face LLM course, chapter 6).

    >>> hug_pug_counts()
    WordCounts({'hug': 10, 'pug': 5, 'pun': 12, 'bun': 4, 'hugs': 5})
    """
    return WordCounts.from_pairs(HUG_PUG_COUNTS)


def course_counts() -> WordCounts:
    """Word counts of the course chapter's four sentences (BERT cased pipeline).

    >>> course_counts()["This"], course_counts()["."]
    (3, 4)
    """
    return WordCounts.from_texts(COURSE_SENTENCES)


def pipeline_counts() -> WordCounts:
    """Word counts of the BERT-pipeline walk-through notebook's text (BERT cased pipeline).

    >>> pipeline_counts()["raspberrypi"], pipeline_counts()["."]
    (10, 17)
    """
    return WordCounts.from_texts(PIPELINE_TEXT.strip())


def selene_counts() -> WordCounts:
    """Word counts of the SELENE notebook's toy document (whitespace split).

    >>> selene_counts()
    WordCounts({'low': 5, 'lower': 2, 'newest': 6, 'widest': 3, 'longer': 1})
    """
    return WordCounts.from_words(SELENE_DOC.split())


def article_counts() -> WordCounts:
    """The four words of Benveniste's article "From Words To Tokens", once each.

    >>> article_counts()
    WordCounts({'low': 1, 'lower': 1, 'newest': 1, 'widest': 1})
    """
    return WordCounts.from_words(ARTICLE_WORDS)


def top_down_counts() -> WordCounts:
    """The top-down seed's word counts: ``.,!`` removed, lowercased, split on spaces.

    >>> top_down_counts()["i"], top_down_counts()["shells"], len(top_down_counts())
    (5, 2, 45)
    """
    import re

    cleaned = re.sub("[.,!]", "", TOP_DOWN_TEXT).lower()
    return WordCounts.from_words(cleaned.split())
