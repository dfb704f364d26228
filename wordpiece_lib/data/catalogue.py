"""Every data set the workshop knows by name: what it is, where it comes from, how to check and clean a copy.

This is the catalogue only; ``wordpiece_lib.data.copies`` finds, checks and loads
the copies. A new data set is one more entry in ``DATASETS``.

>>> DATASETS["treasure-island"].clean, DATASETS["bert-base-uncased-vocab"].bundled
('gutenberg', True)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import PurePosixPath

from .._validate import check_int

#: How a data set is cleaned before it is checked.
CLEANING = ("none", "gutenberg")
#: Where Project Gutenberg serves book number ``{id}`` as UTF-8 plain text, tried in order.
GUTENBERG_URLS = (
    "https://www.gutenberg.org/cache/epub/{id}/pg{id}.txt",
    "https://www.gutenberg.org/ebooks/{id}.txt.utf-8",
)
#: Project Gutenberg's public Git repository of book number ``{id}`` (its text without the licence header).
GUTENBERG_REPOSITORY = "https://github.com/gutenbergbooks/{id}"


@dataclass(frozen=True)
class DataSet:
    """One data set: what it is, where it comes from and how to recognise a good copy.

    ``sha256`` is the checksum a copy must have: of the file's bytes when
    ``clean == "none"``; of the cleaned text's words (``text_sha256``) when
    ``clean == "gutenberg"``, because Project Gutenberg regenerates its headers
    and a copy may be wrapped differently. ``size`` is the byte size of the
    clean file. Both are None for a book nobody pinned (``gutenberg_book``).
    ``bundled``: a copy sits in the repository's ``data/`` (the toy corpora and
    the novel also inside the wheel), so it is there with no network at all.

    >>> DATASETS["treasure-island"].gutenberg_id
    120
    """

    name: str
    description: str
    urls: tuple[str, ...]
    filename: str
    sha256: str | None
    size: int | None
    licence: str
    source: str
    language: str = "en"
    clean: str = "none"
    bundled: bool = False
    gutenberg_id: int | None = None

    @property
    def basename(self) -> str:
        """The file's name in the cache and in a mirror (``filename`` may sit in a subfolder of ``data/``).

        >>> DATASETS["course-sentences"].basename
        'course-sentences.txt'
        """
        return PurePosixPath(self.filename).name


COURSE = (
    "Hugging Face LLM course, chapter 6, WordPiece tokenization: https://huggingface.co/learn/llm-course/chapter6/6"
)


def _toy(
    name: str,
    filename: str,
    description: str,
    sha256: str,
    size: int,
    *,
    source: str = COURSE,
    licence: str = "a few words quoted for teaching; see the source",
) -> DataSet:
    """A small corpus from a seed, bundled in ``data/toy/``."""
    return _bundled(name, f"toy/{filename}", description, sha256, size, licence, source)


def _bundled(name: str, filename: str, description: str, sha256: str, size: int, licence: str, source: str) -> DataSet:
    """A file bundled in the repository's ``data/`` (``filename`` below it): no URL, it is there with no network."""
    return DataSet(
        name=name,
        description=description,
        urls=(),
        filename=filename,
        sha256=sha256,
        size=size,
        licence=licence,
        source=source,
        bundled=True,
    )


def _course(name: str, filename: str, description: str, sha256: str, size: int) -> DataSet:
    return _toy(name, filename, description, sha256, size, licence="Apache-2.0 (quoted from the course)")


#: Where the real tokenizers of data/tokenizers/ come from (the checkout's make_real_tokenizers.py made them).
SENTENCEPIECE_TESTS = "the sentencepiece 0.2.3 source distribution's test models (pypi.org/project/sentencepiece)"


def _real_tokenizer(name: str, description: str, sha256: str, size: int, licence: str, source: str) -> DataSet:
    """A real tokenizer.json bundled in ``data/tokenizers/`` (the checkout's ``make_real_tokenizers.py`` makes it)."""
    source = f"{source}; converted by make_real_tokenizers.py (data/README.md: Real tokenizers)"
    return _bundled(name, f"tokenizers/{name}.json", description, sha256, size, licence, source)


def gutenberg_book(gutenberg_id: int) -> DataSet:
    """Project Gutenberg book number ``gutenberg_id`` as Gutenberg serves it today (no pinned checksum).

    >>> gutenberg_book(1342).urls[0]
    'https://www.gutenberg.org/cache/epub/1342/pg1342.txt'
    """
    number = check_int(gutenberg_id, "gutenberg_id", minimum=1)
    return DataSet(
        name=f"gutenberg-{number}",
        description=f"Project Gutenberg eBook #{number}",
        urls=tuple(pattern.format(id=number) for pattern in GUTENBERG_URLS),
        filename=f"gutenberg-{number}.txt",
        sha256=None,
        size=None,
        licence="Project Gutenberg licence (public domain in the USA for most books)",
        source=f"https://www.gutenberg.org/ebooks/{number}",
        clean="gutenberg",
        gutenberg_id=number,
    )


def _pinned_book(
    name: str, number: int, commit: str, language: str, description: str, sha256: str, size: int
) -> DataSet:
    """A Project Gutenberg book pinned to the copy in Project Gutenberg's own repository at ``commit``.

    That copy is fetched first, from an address that never changes; Project Gutenberg's site comes
    second (its current file may carry credits the pinned copy lacks, and is then refused).
    """
    repository = GUTENBERG_REPOSITORY.format(id=number)
    raw = f"https://raw.githubusercontent.com/gutenbergbooks/{number}/{commit}/{number}-0.txt"
    return dataclasses.replace(
        gutenberg_book(number),
        name=name,
        description=description,
        urls=(raw, *gutenberg_book(number).urls),
        filename=f"{name}.txt",
        sha256=sha256,
        size=size,
        licence="public domain in the USA (the text; Project Gutenberg's licence covers only its header and footer)",
        source=f"Project Gutenberg eBook #{number}, as in Project Gutenberg's repository {repository} (commit {commit})",
        language=language,
    )


DATASETS: dict[str, DataSet] = {
    dataset.name: dataset
    for dataset in (
        DataSet(
            name="treasure-island",
            description="Treasure Island (R. L. Stevenson, 1883), the whole novel",
            urls=tuple(pattern.format(id=120) for pattern in GUTENBERG_URLS),
            filename="treasure-island.txt",
            sha256="18154ff725fdb6428a690fc7b485826b911b97c516270f523be730980ce4f48d",
            size=369_076,
            licence="public domain (the text; Project Gutenberg's header, footer and trademark are removed)",
            source="Project Gutenberg eBook #120: https://www.gutenberg.org/ebooks/120",
            clean="gutenberg",
            # In data/ and in the wheel: the default book of load_book() and of five notebooks works offline.
            bundled=True,
            gutenberg_id=120,
        ),
        DataSet(
            name="bert-base-uncased-vocab",
            description="BERT base uncased vocab.txt: the 30,522 WordPiece tokens of Google's BERT",
            urls=(
                "https://huggingface.co/google-bert/bert-base-uncased/resolve/86b5e0934494bd15c9632b12f734a8a67f723594/vocab.txt",
                "https://huggingface.co/google-bert/bert-base-uncased/resolve/main/vocab.txt",
            ),
            filename="bert-base-uncased-vocab.txt",
            sha256="07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
            size=231_508,
            licence="Apache-2.0",
            source="Google's BERT, as published on Hugging Face: https://huggingface.co/google-bert/bert-base-uncased",
            bundled=True,
        ),
        *(
            _pinned_book(name, number, commit, language, description, sha256, size)
            for name, number, commit, language, description, sha256, size in (
                (
                    "kafka-verwandlung",
                    22367,
                    "2501ac156704c394c99481b4304a41eecd821247",
                    "de",
                    "Franz Kafka, Die Verwandlung (German)",
                    "8455e96d785aa2ea9eb5b258d0f7d568a895bf8af5cd764370082b13d026f88c",
                    124_047,
                ),
                (
                    "wu-xiyouji",
                    23962,
                    "a36b0b10ed4eb7218574f08edfd3e01b07cbb07e",
                    "zh",
                    "Wu Cheng'en, 西遊記 Journey to the West (Chinese)",
                    "ef6b9938314ff61e3aafa2b1bff07b1459fb36ba27088d2dd54b0d8a9b981ac6",
                    2_201_294,
                ),
            )
        ),
        _course(
            "course-word-counts",
            "course-word-counts.tsv",
            "the course's five words with their counts (hug 10, pug 5, pun 12, bun 4, hugs 5), one word<TAB>count a line",
            "65f195d77c9944ce9f33fee7bb2d8c29dc572222d5dbd95c1b0b02aa8426b729",
            33,
        ),
        _course(
            "course-sentences",
            "course-sentences.txt",
            "the four sentences the course trains its 70-token vocab on, one a line",
            "b4d686e85d167dfebca8fc260d41180c297a4e201ec559472833712fbf37d34b",
            202,
        ),
        _real_tokenizer(
            "botchan-unigram",
            "SentencePiece's English Unigram test model (1,000 pieces, nmt_nfkc character map)",
            "197ec4bf301de80be9e7d07e5dc71eea14e16a7a4794e1f340c3d8fc799cde80",
            347_793,
            "Apache-2.0",
            SENTENCEPIECE_TESTS,
        ),
        _real_tokenizer(
            "botchan-bpe",
            "SentencePiece's English BPE test model (1,000 pieces, merges ranked by piece score)",
            "dfed955d4c5ec43f844eeaae19de9451bcd977ba033fb3463c14f48d81389fcc",
            346_129,
            "Apache-2.0",
            SENTENCEPIECE_TESTS,
        ),
        _real_tokenizer(
            "kyoto-unigram",
            "SentencePiece's Japanese Unigram test model (8,000 pieces, Kyoto corpus)",
            "cc9e15d2a1ab93d125c97c15379eac844e2d5fd317a2bd3f6ded08eaa0ccc710",
            554_895,
            "Apache-2.0",
            SENTENCEPIECE_TESTS,
        ),
        _real_tokenizer(
            "clip-bpe",
            "CLIP's byte-level BPE: 48,894 merges, </w> ending a word, lowercased",
            "c58d8c6fcb357045d4bd0baad501cb7c839c9373479578e5640b3b49e33c779c",
            1_681_540,
            "MIT",
            "CLIP's merges, bpe_simple_vocab_16e6.txt.gz in the open_clip_torch 3.3.0 wheel",
        ),
        _real_tokenizer(
            "treasure-bpe",
            "a GPT-2-style byte-level BPE of 4,000 tokens trained on Treasure Island by Hugging Face's BpeTrainer",
            "c9ae697eb376341171aba09bd19ce8d3c85b7358b86982f64e9b57e25495cab2",
            105_648,
            "public domain (trained on the public-domain novel)",
            "Hugging Face's BpeTrainer on data/treasure-island.txt",
        ),
        _toy(
            "pipeline-text",
            "pipeline-text.txt",
            "the text a BERT-pipeline walk-through notebook trains its 100-token vocab on (its line breaks kept)",
            "cbc350287a49b8550ed8b5819ba676505c30beaabe80ea4629bc7a912aa896ab",
            1014,
            source="a walk-through notebook that normalizes, pre-tokenizes and trains WordPiece the course's way",
        ),
        _toy(
            "selene-document",
            "selene-document.txt",
            "the SELENE notebook's toy document (low, lower, newest, widest, longer), one line",
            "431ae291539a1fc543108fa19d1b5c02bf20479a978d57baaac0e0c648ed7a61",
            102,
            source='SELENE notebook repository, "Subword Tokenization (WordPiece)"',
        ),
        _toy(
            "article-words",
            "article-words.txt",
            "the four words of the article's example (low, lower, newest, widest), one a line",
            "290046baa4d2cbfdc29f76156dd6d0ba3d48e8713f059f51edef1e2924ccd5eb",
            24,
            source='Damien Benveniste, "From Words To Tokens: The WordPiece Algorithm"',
        ),
        _toy(
            "top-down-text",
            "top-down-text.txt",
            "the short text whose word counts the top-down notebook thresholds, one line",
            "8eafe8cb59e4d0662cffd4e9a3a84fd6b06e803f59e23753b306bc15c71cde9a",
            278,
            source="a notebook on TensorFlow Text's top-down WordPiece learner",
        ),
    )
}


def books() -> list[str]:
    """The names of the books ``load_book`` knows (the data sets cleaned as Project Gutenberg text).

    >>> "treasure-island" in books()
    True
    """
    return [name for name, dataset in DATASETS.items() if dataset.clean == "gutenberg"]


__all__ = ["CLEANING", "DATASETS", "GUTENBERG_REPOSITORY", "GUTENBERG_URLS", "DataSet", "books", "gutenberg_book"]
