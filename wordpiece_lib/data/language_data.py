"""Text in many languages that works offline: word-frequency lists and a parallel text.

Two installed packages carry it, so nothing is downloaded:

* **wordfreq** (Apache-2.0 code; its data under CC BY-SA 4.0, built from
  Wikipedia, subtitles, news, books, web text and more): how often each word
  is used in about 40 languages. :func:`frequency_word_counts` turns the most
  frequent words of one language into ``WordCounts``, as if a corpus of
  ``total`` words had been counted. The lists are not running text: wordfreq
  has already lowercased them, segmented Chinese and Japanese into words and,
  for some languages, simplified the spelling (Greek final ``ς`` becomes
  ``σ``; Arabic vowel marks are removed).
* **Babel** (BSD-3-Clause code; the Unicode CLDR data inside it, under the
  Unicode licence): the names every locale gives to countries, languages,
  currencies, units, months and weekdays. The same item named in two
  languages is the same content, so these names make a small **parallel
  text**; :func:`parallel_phrases` lines them up.

Both imports happen inside the functions: the library itself needs neither.

>>> LANGUAGE_NAMES["hi"], SCRIPTS["hi"]
('Hindi', 'Devanagari')
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Sequence
from types import ModuleType

from .._validate import check_int, check_str
from ..counting.word_counts import WordCounts

#: English names of the languages the notebook uses.
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "fr": "French",
    "de": "German",
    "es": "Spanish",
    "vi": "Vietnamese",
    "ru": "Russian",
    "el": "Greek",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Hindi",
    "zh": "Chinese",
    "ja": "Japanese",
    "ko": "Korean",
    "th": "Thai",
    "fi": "Finnish",
}

#: The main script each of those languages is written in (Japanese mixes kana and Han).
SCRIPTS: dict[str, str] = {
    "en": "Latin",
    "fr": "Latin",
    "de": "Latin",
    "es": "Latin",
    "vi": "Latin",
    "ru": "Cyrillic",
    "el": "Greek",
    "ar": "Arabic",
    "he": "Hebrew",
    "hi": "Devanagari",
    "zh": "Han",
    "ja": "Kana and Han",
    "ko": "Hangul",
    "th": "Thai",
    "fi": "Latin",
}

#: The CLDR name tables :func:`parallel_phrases` reads, in this order.
PHRASE_TABLES: tuple[str, ...] = ("territories", "languages", "currencies", "units", "months", "weekdays")


class MissingPackage(ImportError):
    """An optional package this data comes from is not installed."""


def _import(module: str, package: str):  # type: ignore[no-untyped-def]
    import importlib

    try:
        return importlib.import_module(module)
    except ModuleNotFoundError:
        raise MissingPackage(
            f"this needs the package {package!r}: install it with `pip install {package}` "
            "(the workshop's notebooks extra installs it)"
        ) from None


def frequency_list(language: str, *, top: int = 5000, wordlist: str = "small") -> list[tuple[str, float]]:
    """The ``top`` most frequent words of ``language`` with their frequency (from wordfreq).

    A frequency is the share of all words that are this word (wordfreq rounds
    them to a few significant digits, so many words tie). Ties keep wordfreq's
    order, which is the same on every run. Entries made only of combining
    marks (a stray accent, such as U+0301 in the Japanese list) are not words
    and are left out: accent stripping would turn them into nothing.

    >>> [word for word, _ in frequency_list("fr", top=3)]
    ['de', 'la', 'le']
    """
    check_str(language, "language", allow_empty=False)
    check_int(top, "top", minimum=1)
    wordfreq = _import("wordfreq", "wordfreq")
    if language not in wordfreq.available_languages(wordlist):
        known = ", ".join(sorted(wordfreq.available_languages(wordlist)))
        raise ValueError(f"wordfreq has no {wordlist!r} list for language {language!r}; it has: {known}")
    frequencies = wordfreq.get_frequency_dict(language, wordlist=wordlist)
    # get_frequency_dict keeps the file's order (most frequent first); sorted() is stable on ties.
    ranked = sorted(frequencies.items(), key=lambda item: -item[1])
    # Filtered lazily: a list holds tens of thousands of words and only the first ``top`` are kept.
    return list(itertools.islice((item for item in ranked if not _only_marks(item[0])), top))


def _only_marks(word: str) -> bool:
    """True for a "word" made only of combining marks.

    >>> _only_marks("\u0301"), _only_marks("é")
    (True, False)
    """
    return all(unicodedata.category(char).startswith("M") for char in word)


def frequency_word_counts(language: str, *, top: int = 5000, total: int = 1_000_000) -> WordCounts:
    """The ``top`` most frequent words of ``language`` as ``WordCounts`` of a corpus of about ``total`` words.

    Each word gets ``round(frequency / (sum of the top frequencies) * total)``;
    a word whose count rounds to zero is left out. The words are wordfreq's,
    before any BERT normalization: tokenize each one as a piece of text.

    >>> frequency_word_counts("fr", top=3, total=100)
    WordCounts({'de': 49, 'la': 28, 'le': 23})
    """
    check_int(total, "total", minimum=1)
    ranked = frequency_list(language, top=top)
    mass = sum(frequency for _, frequency in ranked)
    pairs = [(word, round(frequency / mass * total)) for word, frequency in ranked]
    return WordCounts.from_pairs([(word, count) for word, count in pairs if count > 0])


def _table(locale, name: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    if name == "territories":
        return dict(locale.territories)
    if name == "languages":
        return dict(locale.languages)
    if name == "currencies":
        return dict(locale.currencies)
    if name == "units":
        return {key: value["long"] for key, value in locale._data["unit_display_names"].items() if "long" in value}
    if name == "months":
        return {str(key): value for key, value in locale.months["format"]["wide"].items()}
    if name == "weekdays":
        return {str(key): value for key, value in locale.days["format"]["wide"].items()}
    raise ValueError(f"unknown phrase table {name!r}; the tables are {', '.join(PHRASE_TABLES)}")


def parallel_phrases(languages: Sequence[str], *, tables: Sequence[str] = PHRASE_TABLES) -> dict[str, list[str]]:
    """The CLDR names that every one of ``languages`` has, lined up: item ``k`` is the same thing in each.

    The items are the keys every language's table holds (sorted, table by
    table), so adding a language can only shorten the list. Each phrase is a
    name such as ``"United Kingdom"``, ``"kilometers per hour"`` or ``"Monday"``.

    >>> phrases = parallel_phrases(["en", "fr"], tables=["weekdays"])
    >>> phrases["en"][:2], phrases["fr"][:2]
    (['Monday', 'Tuesday'], ['lundi', 'mardi'])
    """
    if isinstance(languages, (str, bytes)) or not isinstance(languages, Sequence) or not languages:
        raise TypeError(f"languages must be a non-empty list of language codes, got {languages!r}")
    if isinstance(tables, (str, bytes)) or not isinstance(tables, Sequence) or not tables:
        raise TypeError(f"tables must be a non-empty list of table names, got {tables!r}")
    babel = _import("babel", "babel")
    phrases: dict[str, list[str]] = {language: [] for language in languages}
    locales = {}
    for language in languages:
        check_str(language, "a language of languages", allow_empty=False)
        try:
            locales[language] = babel.Locale.parse(language)
        except (ValueError, babel.UnknownLocaleError):
            raise ValueError(f"CLDR has no locale {language!r}") from None
    for name in tables:
        named = {language: _table(locale, name) for language, locale in locales.items()}
        shared = set.intersection(*(set(table) for table in named.values()))
        for key in sorted(shared, key=lambda key: (int(key) if key.isdigit() else -1, key)):
            if all(named[language][key].strip() for language in languages):
                for language in languages:
                    phrases[language].append(named[language][key])
    _forget_locale_data(babel)
    return phrases


def _forget_locale_data(babel: ModuleType) -> None:
    """Let babel drop the whole locales it read: only their names were wanted.

    babel keeps every locale it has loaded (about 1.2 MB each) for the rest of the
    session; eleven of them were 13 MB of notebook 09's kernel. Read again, a
    locale takes a few milliseconds.
    """
    clear = getattr(getattr(babel, "localedata", None), "clear_caches", None)
    if callable(clear):
        clear()


__all__ = [
    "LANGUAGE_NAMES",
    "PHRASE_TABLES",
    "SCRIPTS",
    "MissingPackage",
    "frequency_list",
    "frequency_word_counts",
    "parallel_phrases",
]
