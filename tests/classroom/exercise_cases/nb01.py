"""Notebook 01 · character splitting: counting words, the '##' split, the end-of-word marker, an alphabet."""

from __future__ import annotations

import collections

import wordpiece_lib
from wordpiece_lib import WordCounts, split_word
from wordpiece_lib.classroom.character_splitting import checks as splitting_checks
from wordpiece_lib.data import datasets

from .rows import Case, Wrong, another_cell, computed, copied, library, secrets_of, slip, typed


def count_words(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return counts


def count_characters(words):
    """Notebook 01's worked cell (it counts the characters of the words), wrapped in a def."""
    characters = {}
    for word in words:
        for character in word:
            characters[character] = characters.get(character, 0) + 1
    return characters


def cases() -> list[Case]:
    example = {word: count for word, count in WordCounts.from_texts(datasets.COURSE_SENTENCES).items()}
    alphabet_words = ["bun", "bug", "gnu"]
    right_alphabet = ["b", "g", "##u", "##n", "##g"]
    return [
        Case(
            "count_words",
            splitting_checks.check_word_counts,
            right=(count_words,),
            wrongs=(
                slip("every count 1", lambda words: dict.fromkeys(words, 1)),
                slip("sorted, not first-seen order", lambda words: dict(sorted(count_words(words).items()))),
                library("collections.Counter", lambda words: dict(collections.Counter(words))),
                library("WordCounts", lambda words: dict(WordCounts.from_words(words))),
                copied("the printed counts of the course sentences", lambda words: dict(example)),
                copied("the worked character count, wrapped", count_characters),
            ),
            secrets=secrets_of(*(count_words(w) for w in splitting_checks._fresh_word_lists() if w)),
        ),
        Case(
            "split_with_prefix",
            splitting_checks.check_split_word,
            right=(lambda word: [word[0]] + ["##" + character for character in word[1:]],),
            wrongs=(
                slip("no prefix", list),
                slip("prefix on the first character too", lambda word: ["##" + c for c in word]),
                slip("the rest as one piece", lambda word: [word[0], "##" + word[1:]]),
                slip("lowercased", lambda word: [word[0].lower()] + ["##" + c.lower() for c in word[1:]]),
                library("split_word", split_word),
                library("split_word under another name", lambda word: wordpiece_lib.split_word(word)),
                copied("the printed hugs example", lambda word: ["h", "##u", "##g", "##s"]),
                copied("the worked marker line, wrapped", lambda word: ["_", *word]),
            ),
            secrets=secrets_of(*(split_word(w) for w in splitting_checks._fresh_prefix_words() if len(w) > 1)),
        ),
        Case(
            "split_with_end_marker",
            splitting_checks.check_end_marker_split,
            right=(lambda word: [*word[:-1], word[-1] + "</w>"],),
            wrongs=(
                slip("the marker as a piece of its own", lambda word: [*word, "</w>"]),
                slip("the marker on every piece", lambda word: [c + "</w>" for c in word]),
                slip("the marker on the first character", lambda word: [word[0] + "</w>", *word[1:]]),
                slip(
                    "## prefix kept",
                    lambda word: (
                        [word[0], *("##" + c for c in word[1:-1]), "##" + word[-1] + "</w>"]
                        if len(word) > 1
                        else [word + "</w>"]
                    ),
                ),
                slip("lowercased", lambda word: [*word.lower()[:-1], word.lower()[-1] + "</w>"]),
                library(
                    "split_word with a marker, reworked",
                    lambda word: [*split_word(word, marker="_")[1:-1], split_word(word, marker="_")[-1] + "</w>"],
                ),
                copied("the worked begin-of-word line, wrapped", lambda word: ["_", *word]),
                copied("the printed low example", lambda word: ["l", "o", "w</w>"]),
            ),
            secrets=secrets_of(*([*w[:-1], w[-1] + "</w>"] for w in splitting_checks._fresh_marker_words())),
        ),
        Case(
            "my_alphabet",
            splitting_checks.check_alphabet,
            right=(right_alphabet,),
            data=(alphabet_words,),
            right_extra={"source": f"my_alphabet = {right_alphabet!r}"},
            wrongs=(
                typed("no ## pieces", ["b", "g", "u", "n"]),
                typed("a piece twice", ["b", "g", "##u", "##n", "##g", "##u"]),
                typed("first letter of gnu forgotten", ["b", "##u", "##n", "##g"]),
                library("calls alphabet", right_alphabet, source="my_alphabet = alphabet(['bun', 'bug', 'gnu'])"),
                computed(
                    "alphabet under an alias",
                    "from wordpiece_lib import alphabet as letters\nmy_alphabet = letters(['bun', 'bug', 'gnu'])",
                    {},
                ),
                computed(
                    "split_word reached through another cell's helper",
                    "my_alphabet = sorted({piece for word in ['bun', 'bug', 'gnu'] for piece in cut(word)})",
                    {
                        "cut": another_cell(
                            "import wordpiece_lib as w\ndef cut(word):\n    return w.split_word(word)", "cut"
                        )
                    },
                ),
                copied("the hug/pug alphabet printed above", ["b", "h", "p", "##g", "##n", "##s", "##u"], source=""),
            ),
            secrets=secrets_of(right_alphabet, sorted(right_alphabet)),
        ),
    ]


# ---- Issue 40: slips the fresh inputs must tell apart, and the course's container rule (kept apart from the rows
# ---- above, so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def counted_by_pandas(words):
    """pandas counts: its value_counts keeps the first-seen order when told not to sort."""
    import pandas

    return {word: int(count) for word, count in pandas.Series(words, dtype=object).value_counts(sort=False).items()}


def counted_by_numpy(words):
    """numpy counts: ``unique`` with ``return_counts``, put back in first-seen order by each word's first index."""
    import numpy

    if not words:
        return {}
    found, first, counts = numpy.unique(numpy.array(words, dtype=object), return_index=True, return_counts=True)
    return {str(found[i]): int(counts[i]) for i in sorted(range(len(found)), key=lambda i: first[i])}


def counted_by_numpy_unique_counts(words):
    """numpy's array-API spelling, ``unique_counts`` (it calls ``unique``), in first-seen order."""
    import numpy

    if not words:
        return {}
    result = numpy.unique_counts(numpy.array(words))
    tally = {str(value): int(count) for value, count in zip(result.values, result.counts)}
    return {word: tally[word] for word in dict.fromkeys(words)}


def counted_by_groupby_size(words):
    """pandas counts the groups: ``groupby(...).size()``, unsorted, so in first-seen order."""
    import pandas

    series = pandas.Series(words, dtype=object)
    return {word: int(count) for word, count in series.groupby(series, sort=False).size().items()}


def counted_by_groupby_count(words):
    """pandas counts a column's entries in each group: ``groupby(...)[column].count()``."""
    import pandas

    frame = pandas.DataFrame({"word": pandas.Series(words, dtype=object), "seen": 1})
    return {word: int(count) for word, count in frame.groupby("word", sort=False)["seen"].count().items()}


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "count_words": (
            slip("lowercased", lambda words: count_words([word.lower() for word in words])),
            slip(
                "most frequent first",
                lambda words: dict(sorted(count_words(words).items(), key=lambda item: -item[1])),
            ),
            slip("the pairs as a list, not a dict", lambda words: list(count_words(words).items())),
            library("pandas' value_counts, in first-seen order", counted_by_pandas),
            library("numpy's unique with return_counts, in first-seen order", counted_by_numpy),
            library("numpy's unique_counts, in first-seen order", counted_by_numpy_unique_counts),
            library("pandas' groupby(...).size()", counted_by_groupby_size),
            library("pandas' groupby(...)[column].count()", counted_by_groupby_count),
            slip(
                "punctuation stripped off the words",
                lambda words: count_words([word.strip(".,!?;:'") for word in words if word.strip(".,!?;:'")]),
            ),
        ),
        "split_with_prefix": (
            slip("a tuple, not a list", lambda word: (word[0], *("##" + character for character in word[1:]))),
        ),
        "split_with_end_marker": (slip("a tuple, not a list", lambda word: (*word[:-1], word[-1] + "</w>")),),
        "my_alphabet": (typed("a set, not a list", {"b", "g", "##u", "##n", "##g"}),),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's `tokenizers` doing each exercise's work: its pre-tokenizer, its WordPiece and BPE models, its trainer."""
    from .hugging_face import HAVE_TOKENIZERS
    from .rows import another_cell, other_computed, other_library

    if not HAVE_TOKENIZERS:
        return {}
    from tokenizers import models, pre_tokenizers

    def split_by_hugging_face(word):
        vocab = {piece: n for n, piece in enumerate(["[UNK]", *word, *("##" + c for c in word)])}
        return [token.value for token in models.WordPiece(vocab, unk_token="[UNK]").tokenize(word)]

    def marker_by_hugging_face(word):
        vocab = {piece: n for n, piece in enumerate([*word, *(c + "</w>" for c in word)])}
        return [token.value for token in models.BPE(vocab, [], end_of_word_suffix="</w>").tokenize(word)]

    return {
        "count_words": (
            other_library(
                "Hugging Face's pre-tokenizer splits, a dict counts",
                lambda words: count_words(
                    [piece for piece, _ in pre_tokenizers.WhitespaceSplit().pre_tokenize_str(" ".join(words))]
                ),
            ),
            other_library(
                "a pre-tokenizer made in an earlier cell, kept in a default argument",
                another_cell(
                    "def count_words(words, cut=splitter.pre_tokenize_str):\n"
                    "    counts = {}\n"
                    "    for word, _ in cut(' '.join(words)):\n"
                    "        counts[word] = counts.get(word, 0) + 1\n"
                    "    return counts",
                    "count_words",
                    splitter=pre_tokenizers.WhitespaceSplit(),
                ),
            ),
        ),
        "split_with_prefix": (
            other_library("Hugging Face's WordPiece model on the word's letters", split_by_hugging_face),
        ),
        "split_with_end_marker": (
            other_library("Hugging Face's BPE model with an end-of-word suffix, no merges", marker_by_hugging_face),
        ),
        "my_alphabet": (
            other_computed(
                "Hugging Face's WordPiece trainer, its one-letter tokens",
                "from tokenizers import Tokenizer, models, trainers\n"
                "hf = Tokenizer(models.WordPiece(unk_token='[UNK]'))\n"
                "hf.train_from_iterator(['bun', 'bug', 'gnu'], trainers.WordPieceTrainer(vocab_size=9, show_progress=False))\n"
                "my_alphabet = [t for t in sorted(hf.get_vocab(), key=hf.get_vocab().get) if len(t.strip('#')) == 1]",
                {},
            ),
        ),
    }
