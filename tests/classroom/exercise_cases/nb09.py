"""Notebook 09 · other languages: accents merged, Greek's tokens per word, a vocab's shares, the exponent, two BERTs."""

from __future__ import annotations

import functools
from collections.abc import Callable

from wordpiece_lib import BERT_SPECIAL_TOKENS, BertNormalizer, Vocab, WordCounts, WordPieceTokenizer
from wordpiece_lib.analysis import token_usage, vocab_shares
from wordpiece_lib.classroom.other_languages import ExponentSweep, exponent_sweep, language_word_lists
from wordpiece_lib.classroom.other_languages import checks as language_checks
from wordpiece_lib.data import fetch, parallel_phrases
from wordpiece_lib.text import normalization_merges

from .rows import SLIP, Case, Later, Wrong, computed, copied, library, slip, typed

UNCASED = BertNormalizer(lowercase=True)
WORDS_TO_GROUP = ["élève", "eleve", "côte", "côté", "cote", "maïs", "mais", "Straße", "strasse",
                  "Ελλάδα", "Ελλαδα", "пой", "пои", "がっこう", "かっこう", "학교"]  # fmt: skip
#: Worked out by hand from Unicode's decompositions (NFD, then the non-spacing marks dropped, then lowercase).
ACCENT_GROUPS = [
    ["élève", "eleve"], ["côte", "côté", "cote"], ["maïs", "mais"], ["Ελλάδα", "Ελλαδα"], ["пой", "пои"],
    ["がっこう", "かっこう"],
]  # fmt: skip
#: The groups made by running the notebook's uncased normalizer over the words: what the exercise refuses.
UNCASED_GROUPING = "by_text = {}\nfor word in words:\n    by_text.setdefault(uncased(word), []).append(word)"
CORPUS_SIZES = {
    "en": 1_000_000, "fr": 400_000, "ru": 300_000, "ja": 250_000, "zh": 250_000, "vi": 100_000, "ar": 100_000,
    "ko": 80_000, "he": 60_000, "el": 50_000, "hi": 30_000,
}  # fmt: skip
LANGUAGES = ["en", "fr", "vi", "ru", "el", "ar", "he", "hi", "zh", "ja", "ko"]
EXPONENTS = (0.0, 0.3, 0.5, 0.7, 1.0)
PARITY_LIMIT = 1.3


@functools.cache
def word_lists() -> dict[str, WordCounts]:
    return language_word_lists({language: CORPUS_SIZES[language] for language in LANGUAGES}, top=2000)


#: Notebook 09's three texts, and by hand from Google's rules: the accents are stripped alike by both, the
#: capital sigma ends a word (Google writes the final form), and Hugging Face keeps a typed [MASK] whole.
WHICH_BERT_TEXTS = {
    "a": "Crème brûlée, s'il vous plaît!",
    "b": "ΟΔΥΣΣΕΑΣ ΚΑΙ ΠΗΝΕΛΟΠΗ",
    "c": "Fill the gap: [MASK] of the island.",
}
WHICH_BERT_RIGHT = {"a": None, "b": "final sigma", "c": "special token typed"}


@functools.cache
def bert_uncased() -> WordPieceTokenizer:
    return WordPieceTokenizer(Vocab.load(fetch("bert-base-uncased-vocab", download=False)), lowercase=True)


@functools.cache
def language_sweep() -> ExponentSweep:
    return exponent_sweep(word_lists(), exponents=EXPONENTS, vocab_size=6_000, phrases=parallel_phrases(LANGUAGES))


@functools.cache
def mixed_usage() -> dict[str, dict[str, float]]:
    mixed = language_sweep().tokenizer(0.7)
    return {
        language: token_usage(mixed.tokenize, {word: count / counts.total for word, count in counts.items()})
        for language, counts in word_lists().items()
    }


#: Notebook 09's Your turn 2 measures Greek's most frequent words (its table measures every word of the list).
TOP_GREEK = 200


def top_greek() -> dict[str, int]:
    return dict(word_lists()["el"].most_common(TOP_GREEK))


def greek_tokens(
    per_word: Callable[[str], int] = lambda word: len(bert_uncased().tokenize(word)), *, every_word: bool = False
) -> float:
    greek = dict(word_lists()["el"]) if every_word else top_greek()
    return sum(per_word(word) * count for word, count in greek.items()) / sum(greek.values())


def worst_parity(exponent: float) -> float:
    return max(language_sweep().measure(exponent).parity.values())


def fitting_exponents() -> list[float]:
    return [exponent for exponent in EXPONENTS if worst_parity(exponent) <= PARITY_LIMIT]


def chosen_exponent() -> float | None:
    fitting = fitting_exponents()
    return max(fitting) if fitting else None


def mean_parity_choice() -> float:
    """Keeps the exponents whose MEAN parity is within the limit: a natural misreading."""
    parities = {exponent: language_sweep().measure(exponent).parity for exponent in EXPONENTS}
    fitting = [e for e in EXPONENTS if sum(parities[e].values()) / len(parities[e]) <= PARITY_LIMIT]
    choice = max(fitting)
    assert choice != chosen_exponent(), "the mean-parity mistake should give another exponent"
    return choice


def text_tokens(tokens):
    """The vocab's distinct tokens, special tokens left out: what a share counts."""
    return [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]


def share_by_owner(order):
    """A language's share of the tokens it uses most; ``order(usage)`` lists the languages, the first wins a tie."""

    def share(language, tokens, usage):
        counted = text_tokens(tokens)
        owned = 0
        for token in counted:
            best = max(order(usage), key=lambda lang: usage[lang].get(token, 0))
            owned += best == language and usage[language].get(token, 0) > 0
        return owned / len(counted)

    return share


#: The right answer: a tie goes to the language listed first, and a token nobody uses has no owner.
share_of = share_by_owner(lambda usage: usage)
share_last_language_wins_ties = share_by_owner(lambda usage: reversed(list(usage)))


def share_as_a_count(language, tokens, usage):
    return share_of(language, tokens, usage) * len(text_tokens(tokens))


def share_with_the_special_tokens(language, tokens, usage):
    return share_of(language, tokens, usage) * len(text_tokens(tokens)) / len(tokens)


def share_of_every_user(language, tokens, usage):
    counted = text_tokens(tokens)
    return sum(1 for token in counted if usage[language].get(token, 0) > 0) / len(counted)


def share_unused_tokens_owned(language, tokens, usage):
    """Forgets that a token nobody uses has no owner: max() then gives it to the first language."""
    counted = text_tokens(tokens)
    return sum(1 for token in counted if max(usage, key=lambda lang: usage[lang].get(token, 0)) == language) / len(
        counted
    )


def share_secrets() -> tuple[str, ...]:
    """The full values: a wrong share of one language may well equal another's rounded share."""
    shares = vocab_shares(language_sweep().tokens(0.7), mixed_usage()).shares
    return (*(repr(value) for value in shares.values() if value), repr(3 / 7))  # 3/7: each one's on the small vocab


def share_printed_at_07(language, tokens, usage):
    """The shares the explorer's table prints at 0.7, typed in: right for the notebook's vocab only."""
    return language_sweep().measure(0.7).share[language]


def cases() -> list[Case]:
    right_groups_source = (
        "def stripped(word):\n"
        "    return ''.join(c for c in unicodedata.normalize('NFD', word.lower()) if unicodedata.category(c) != 'Mn')\n"
        "by_text = {}\nfor word in words_to_group:\n    by_text.setdefault(stripped(word), []).append(word)\n"
        "merged_groups = [group for group in by_text.values() if len(group) > 1]"
    )
    greek = Later(greek_tokens)
    return [
        Case(
            "merged_groups",
            language_checks.check_accent_merges,
            right=(ACCENT_GROUPS,),
            data=(WORDS_TO_GROUP, UNCASED),
            right_extra={"source": right_groups_source},
            wrongs=(
                typed("ß taken for an accent", [*ACCENT_GROUPS, ["Straße", "strasse"]]),
                typed("côté left out", [[w for w in g if w != "côté"] for g in ACCENT_GROUPS]),
                typed("only the Latin accents", ACCENT_GROUPS[:3]),
                typed("the Greek accent kept", ACCENT_GROUPS[:3] + ACCENT_GROUPS[4:]),
                copied("only résumé, shown in section 1's table", [["résumé", "resume"]], source=""),
                library(
                    "normalization_merges",
                    ACCENT_GROUPS,
                    source="merged_groups = [list(g) for g in normalization_merges(words_to_group, uncased).values()]",
                ),
                computed(
                    "normalization_merges under an alias",
                    "merged_groups = [list(g) for g in group(words, uncased).values()]",
                    {"group": normalization_merges, "words": WORDS_TO_GROUP, "uncased": UNCASED},
                ),
            ),
            secrets=("'côté'", "'Ελλαδα'", "'пои'", "'かっこう'", "['пой', 'пои']"),
        ),
        Case(
            "greek_tokens_per_word",
            language_checks.check_tokens_per_word,
            right=(greek,),
            data=(Later(lambda: bert_uncased().tokenize), Later(top_greek)),
            right_extra={
                "source": "greek_tokens_per_word = sum(len(bert.tokenize(w)) * c for w, c in top_greek.items()) / "
                "sum(top_greek.values())"
            },
            wrongs=(
                slip(
                    "every distinct word once",
                    Later(lambda: sum(len(bert_uncased().tokenize(w)) for w in top_greek()) / len(top_greek())),
                    source="",
                ),
                typed("words per token", Later(lambda: 1 / greek_tokens())),
                slip(
                    "[CLS] and [SEP] counted",
                    Later(lambda: greek_tokens(lambda word: len(bert_uncased().encode_plus(word).tokens))),
                    source="",
                ),
                copied(
                    "the table's figure (every word of the list), rounded",
                    Later(lambda: round(greek_tokens(every_word=True), 2)),
                    source="",
                ),
                copied("the table's figure, every digit", Later(lambda: greek_tokens(every_word=True)), source=""),
                library(
                    "read off the notebook's metrics",
                    greek,
                    source="greek_tokens_per_word = bert_metrics['el'].fertility",
                ),
            ),
            secrets=Later(lambda: (f"{greek_tokens():.4g}", f"{greek_tokens():.5f}")),
        ),
        Case(
            "share_of",
            language_checks.check_share_function,
            right=(share_of,),
            data=(Later(lambda: language_sweep().tokens(0.7)), Later(mixed_usage)),
            wrongs=(
                slip("a count, not a share", share_as_a_count),
                slip("special tokens counted", share_with_the_special_tokens),
                slip("every language that uses a token", share_of_every_user),
                slip("the last language wins a tie", share_last_language_wins_ties),
                slip("a token nobody uses goes to the first language", share_unused_tokens_owned),
                library("vocab_shares", lambda language, tokens, usage: vocab_shares(tokens, usage).shares[language]),
                copied("the explorer's shares at 0.7", share_printed_at_07),
            ),
            secrets=Later(share_secrets),
        ),
        Case(
            "chosen_exponent",
            language_checks.check_exponent_choice,
            right=(Later(chosen_exponent),),
            data=(Later(language_sweep), PARITY_LIMIT),
            wrongs=(
                copied("mBERT's 0.7, the exponent the notebook explores", 0.7),
                slip("the smallest exponent that fits", Later(lambda: min(fitting_exponents()))),
                slip("the next exponent up", Later(lambda: EXPONENTS[EXPONENTS.index(chosen_exponent()) + 1])),
                slip("the mean parity, not the worst", Later(mean_parity_choice)),
                slip("none fits", None),
            ),
            secrets=Later(lambda: (repr(chosen_exponent()), f"chosen_exponent = {chosen_exponent()!r}")),
        ),
        Case(
            "bert_disagreements",
            language_checks.check_bert_disagreements,
            right=(WHICH_BERT_RIGHT,),
            data=(WHICH_BERT_TEXTS, Later(lambda: bert_uncased().vocab)),
            right_extra={"source": ""},
            wrongs=(
                typed("the accents taken for a difference", {**WHICH_BERT_RIGHT, "a": "Unicode version"}),
                typed("the typed [MASK] missed", {**WHICH_BERT_RIGHT, "c": None}),
                typed("the two causes swapped", {**WHICH_BERT_RIGHT, "b": "special token typed", "c": "final sigma"}),
                typed("a cause in other words", {**WHICH_BERT_RIGHT, "b": "the sigma"}),
                copied("the stub's example", {"a": None, "b": "CJK range", "c": None}, source=""),
                library(
                    "both modes run",
                    WHICH_BERT_RIGHT,
                    source="bert_disagreements = checks.reference_disagreements(which_bert_texts, bert.vocab)",
                ),
                computed(
                    "both tokenizers run on each text, the causes read off DIFFERENCE_CAUSES",
                    "same = {k: bert.tokenize(t) == google.tokenize(t) for k, t in texts.items()}\n"
                    "bert_disagreements = {k: None if same[k] else causes[k] for k in texts}",
                    {
                        "texts": WHICH_BERT_TEXTS,
                        "bert": Later(bert_uncased),
                        "google": Later(
                            lambda: WordPieceTokenizer(bert_uncased().vocab, lowercase=True, compat="google")
                        ),
                        "causes": {"a": "Unicode version", "b": "final sigma", "c": "special token typed"},
                    },
                ),
                library(
                    "difference_cause run on each text",
                    WHICH_BERT_RIGHT,
                    source="from wordpiece_lib.analysis.bert_references import difference_cause\n"
                    "bert_disagreements = {k: difference_cause(t, lowercase=True) for k, t in which_bert_texts.items()}",
                ),
            ),
            secrets=("'final sigma'", "'special token typed'", "final sigma", "special token typed"),
        ),
    ]


# ---- Issue 40: the course's container rule (kept apart from the rows above, so that other tables' additions
# ---- merge cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    from wordpiece_lib.analysis import measure_languages

    from .rows import after_cells

    return {
        "merged_groups": (
            typed("the groups as tuples", [tuple(group) for group in ACCENT_GROUPS]),
            typed("a set of groups, not a list", {frozenset(group) for group in ACCENT_GROUPS}),
            # The grouping is the lesson: uncased may check a word, never make the groups (here or earlier).
            computed(
                "uncased run over every word in the answer cell",
                UNCASED_GROUPING + "\nmerged_groups = [group for group in by_text.values() if len(group) > 1]",
                {"uncased": UNCASED, "words": WORDS_TO_GROUP},
            ),
            after_cells(
                computed(
                    "uncased run over every word in an earlier cell",
                    "merged_groups = [group for group in by_text.values() if len(group) > 1]",
                    {"uncased": UNCASED, "words": WORDS_TO_GROUP},
                ),
                UNCASED_GROUPING,
            ),
        ),
        "greek_tokens_per_word": (
            # The notebook's own cell measured the whole list; the answer reads Greek's figure off it.
            after_cells(
                computed(
                    "the whole list's figure, read off the notebook's measures",
                    "greek_tokens_per_word = round(measured['el'].fertility, 3)",
                    {
                        "measure_languages": measure_languages,
                        "tokenize": Later(lambda: bert_uncased().tokenize),
                        "greek_list": Later(lambda: word_lists()["el"]),
                    },
                    kind=SLIP,
                ),
                "measured = measure_languages(tokenize, {'el': greek_list})",
            ),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's BERT normalizer groups the words; a `transformers` BERT tokenizer counts the Greek tokens."""
    from .hugging_face import HAVE_TOKENIZERS, HAVE_TRANSFORMERS
    from .rows import other_computed

    if not HAVE_TOKENIZERS:
        return {}
    from tokenizers import normalizers

    rows = {
        "merged_groups": (
            other_computed(
                "Hugging Face's BertNormalizer groups the words",
                "by_text = {}\nfor word in words:\n    by_text.setdefault(hf.normalize_str(word), []).append(word)\n"
                "merged_groups = [group for group in by_text.values() if len(group) > 1]",
                {"hf": normalizers.BertNormalizer(lowercase=True), "words": WORDS_TO_GROUP},
            ),
        ),
    }
    if HAVE_TRANSFORMERS:
        rows["greek_tokens_per_word"] = (
            other_computed(
                "a `transformers` BERT tokenizer of the same vocab",
                "from transformers import BertTokenizerFast\n"
                "from wordpiece_lib.data import fetch\n"
                "hf_bert = BertTokenizerFast(vocab_file=str(fetch('bert-base-uncased-vocab')), do_lower_case=True)\n"
                "greek_tokens_per_word = sum(len(hf_bert.tokenize(w)) * c for w, c in top_greek.items()) / "
                "sum(top_greek.values())",
                {"top_greek": Later(top_greek)},
            ),
        )
    return rows
