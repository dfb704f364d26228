"""Notebook 09's data and its one slow step, done once: one mixed vocab per sampling exponent.

* :func:`language_word_lists` loads each language's word-frequency list as
  the word counts of a corpus of the size given (wordfreq, offline);
* :func:`exponent_sweep` mixes those corpora with every exponent of a grid,
  trains one vocab per exponent (to the largest size asked; a smaller vocab is
  a prefix of the same run) and keeps the traces. Everything else (tokens per
  word, parity, shares at any size) is read from the traces by
  :meth:`ExponentSweep.measure`, which remembers what it computed.

Both are kept for the Python session, and a sweep (its vocabs and what
``measure`` found at its size) is also stored in the data cache folder
(``classroom/display/disk_cache.py``), so running the notebook again, even in a new
kernel, neither trains nor measures again. Training merges by pair count (``criterion="bpe"``, what
Hugging Face's ``WordPieceTrainer`` does, notebook 07); the tokens are then
found by longest match, as in every WordPiece tokenizer.

>>> sweep = exponent_sweep(
...     (("en", (("the", 60), ("then", 30), ("other", 10))), ("fr", (("le", 8), ("les", 2)))),
...     exponents=(0.0, 1.0), vocab_size=20, phrases=(("en", ("the other",)), ("fr", ("les autres",))))
>>> [round(point.mix.probabilities["fr"], 3) for point in sweep.points]
[0.5, 0.091]
>>> round(sweep.measure(1.0, 20).parity["fr"], 2)
2.0
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from wordpiece_lib._validate import (
    check_choice,
    check_instance,
    check_int,
    check_mapping,
    check_sequence,
    check_str,
)
from wordpiece_lib.analysis import parity, vocab_shares
from wordpiece_lib.classroom.display import cache_key, cached_json
from wordpiece_lib.counting import MixedCorpus, WordCounts, as_word_counts, mix_corpora
from wordpiece_lib.data import frequency_word_counts
from wordpiece_lib.model import UNK_TOKEN as UNK
from wordpiece_lib.model import LinMaxMatch, Vocab
from wordpiece_lib.pipeline import WordPieceTokenizer
from wordpiece_lib.text import BertNormalizer
from wordpiece_lib.training import Trace, TraceStep, train_fast

#: The mixed vocab lowercases but keeps accents and every other mark (notebook 09, section 1, says why).
MIXED_NORMALIZER = BertNormalizer(lowercase=True, strip_accents=False)

Pairs = tuple[tuple[str, int], ...]


@functools.lru_cache(maxsize=8)
def _word_lists(sizes: tuple[tuple[str, int], ...], top: int) -> dict[str, WordCounts]:
    lists = {}
    for language, size in sizes:
        lists[language] = frequency_word_counts(language, top=top, total=size)
        _forget_wordfreq_lists()  # one whole list in memory at a time
    return lists


def _forget_wordfreq_lists() -> None:
    """Let wordfreq drop the whole lists it read: the notebook keeps only their top words.

    wordfreq keeps every list it has read in memory (tens of thousands of words per language,
    about 4 MB each); eleven of them were a sixth of notebook 09's kernel, for the rest of the
    session. Read again, a list takes a few milliseconds.
    """
    import sys

    wordfreq = sys.modules.get("wordfreq")
    for name in ("get_frequency_dict", "get_frequency_list"):
        cached = getattr(wordfreq, name, None)
        if callable(getattr(cached, "cache_clear", None)):
            cached.cache_clear()


def language_word_lists(sizes: Mapping[str, int], *, top: int = 2000) -> dict[str, WordCounts]:
    """Each language's ``top`` most frequent words, counted as in a corpus of ``sizes[language]`` words.

    >>> language_word_lists({"fr": 100}, top=3)
    {'fr': WordCounts({'de': 49, 'la': 28, 'le': 23})}
    """
    check_int(top, "top", minimum=1)
    check_mapping(sizes, "sizes", "a dict language -> corpus size in words")
    return dict(
        _word_lists(tuple((language, check_int(size, "size", minimum=1)) for language, size in sizes.items()), top)
    )


def pre_tokenized(word_counts: WordCounts, normalizer: BertNormalizer = MIXED_NORMALIZER) -> WordCounts:
    """The counts of the words a BERT pipeline sees: each entry normalized and split, counts carried over.

    >>> pre_tokenized(WordCounts({"Qu'il": 2, "東京": 1}))
    WordCounts({'qu': 2, "'": 2, 'il': 2, '東': 1, '京': 1})
    """
    word_counts = as_word_counts(word_counts)
    check_instance(normalizer, "normalizer", BertNormalizer)
    # The fast twin's split (one pass of a translation table) is the pipeline's, ten times faster on the lists.
    words_of = WordPieceTokenizer(Vocab(["[UNK]"]), normalizer=normalizer).fast.words
    counts: dict[str, int] = {}
    for entry, count in word_counts.items():
        for word in words_of(entry):
            counts[word] = counts.get(word, 0) + count
    return WordCounts.adopt(counts)  # the splitter's words are non-empty, the counts sums of checked counts


@dataclass(frozen=True)
class LanguageFigures:
    """One vocab on every language: tokens per word, ``[UNK]`` rate, parity, tokens owned and vocab share (by language)."""

    vocab_size: int
    tokens_per_word: dict[str, float]
    unk_rate: dict[str, float]
    parity: dict[str, float]
    share: dict[str, float]
    owned: dict[str, int]
    unused_share: float


@dataclass(frozen=True)
class SweepPoint:
    """One exponent of the sweep: the mixed corpus and the vocab trained on it."""

    exponent: float
    mix: MixedCorpus
    trace: Trace


@dataclass(frozen=True)
class ExponentSweep:
    """Mixed vocabs for a grid of exponents, and what each does to every language (see the module docstring)."""

    word_lists: dict[str, WordCounts]
    phrases: dict[str, list[str]]
    points: tuple[SweepPoint, ...]
    vocab_size: int
    _measured: dict[tuple[float, int], LanguageFigures] = field(default_factory=dict, repr=False, compare=False)
    _parities: dict[tuple[float, int], tuple[int, dict[str, float]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _phrase_counts: dict[str, list[tuple[str, int]]] = field(default_factory=dict, repr=False, compare=False)

    @property
    def languages(self) -> list[str]:
        """The languages, in the order given."""
        return list(self.word_lists)

    @property
    def exponents(self) -> list[float]:
        """The exponents of the grid, in order."""
        return [point.exponent for point in self.points]

    def point(self, exponent: float) -> SweepPoint:
        """The sweep point of ``exponent`` (one of :attr:`exponents`)."""
        for point in self.points:
            if point.exponent == exponent:
                return point
        raise ValueError(f"exponent {exponent!r} is not in the sweep; its exponents are {self.exponents}")

    def tokens(self, exponent: float, vocab_size: int | None = None) -> list[str]:
        """The vocab trained with ``exponent``, cut at ``vocab_size`` tokens (default: the sweep's size)."""
        trace = self.point(exponent).trace
        return trace.tokens(trace.steps_for_size(self.vocab_size if vocab_size is None else vocab_size))

    def tokenizer(self, exponent: float, vocab_size: int | None = None) -> WordPieceTokenizer:
        """The whole pipeline over that vocab, with the mixed vocab's normalizer."""
        return WordPieceTokenizer(Vocab(self.tokens(exponent, vocab_size)), normalizer=MIXED_NORMALIZER)

    def _encoder(self, tokens: list[str]) -> Callable[[str], tuple[str, ...]]:
        """The tokens of one word (as ``_words_of`` gives it) under ``tokens``, each distinct word encoded once.

        The vocab's LinMaxMatch automaton finds the tokens of longest match, what ``tokenizer().tokenize``
        finds for the word, each character read once. The tokens come back as a tuple shared by every call
        for the same word (the metrics only count and read them).
        """
        encode_word = LinMaxMatch(tokens, unk_token=UNK).encode_word
        encoded: dict[str, tuple[str, ...]] = {}

        def encode(word: str) -> tuple[str, ...]:
            known = encoded.get(word)
            if known is None:
                known = encoded[word] = tuple(encode_word(word))
            return known

        return encode

    def _phrase_words(self) -> dict[str, list[tuple[str, int]]]:
        """Each language's words of the parallel phrases, with how often each occurs in them.

        A language's token count on the phrases is the sum over these words of
        their tokens times their occurrences: what ``parallel_token_counts``
        adds up phrase by phrase, for any vocab, without reading a phrase again.
        """
        if not self._phrase_counts:
            lengths = {len(texts) for texts in self.phrases.values()}
            if len(lengths) > 1:
                sizes = {language: len(texts) for language, texts in self.phrases.items()}
                raise ValueError(f"a parallel text has the same number of segments in every language, got {sizes}")
            for language, texts in self.phrases.items():
                occurrences: dict[str, int] = {}
                for position, text in enumerate(texts):
                    check_str(text, f"segment {position} of {language!r}")
                    for word in _SPLITS.get(text) or _words_of(text):
                        occurrences[word] = occurrences.get(word, 0) + 1
                self._phrase_counts[language] = list(occurrences.items())
        return self._phrase_counts

    def _parity_of(self, encode: Callable[[str], tuple[str, ...]]) -> dict[str, float]:
        """Each language's parity on the phrases with the encoder ``encode`` (``parallel_token_counts``' sums)."""
        counts = {
            language: sum(len(encode(word)) * times for word, times in words)
            for language, words in self._phrase_words().items()
        }
        return parity(counts, reference=self.languages[0])

    def parity(self, exponent: float, vocab_size: int | None = None) -> tuple[int, dict[str, float]]:
        """The vocab's size and each language's parity: ``measure``'s ``vocab_size`` and ``parity``, and nothing else.

        A figure of parity against the vocab size needs only these, so the
        word lists are not tokenized for it; ``measure`` reuses what this found.

        >>> sweep = exponent_sweep((("en", (("the", 6), ("then", 3))), ("fr", (("le", 8), ("les", 2)))),
        ...     exponents=(1.0,), vocab_size=14, phrases=(("en", ("then the",)), ("fr", ("les le",))))
        >>> size, parities = sweep.parity(1.0, 12)
        >>> (size, parities) == (sweep.measure(1.0, 12).vocab_size, sweep.measure(1.0, 12).parity)
        True
        """
        size = self.vocab_size if vocab_size is None else check_int(vocab_size, "vocab_size", minimum=1)
        key = (exponent, size)
        if key in self._measured:
            figures = self._measured[key]
            return figures.vocab_size, figures.parity
        if key not in self._parities:
            tokens = self.tokens(exponent, size)
            self._parities[key] = (len(tokens), self._parity_of(self._encoder(tokens)))
        return self._parities[key]

    def measure(self, exponent: float, vocab_size: int | None = None) -> LanguageFigures:
        """Tokens per word, ``[UNK]`` rate, parity on the parallel phrases, and vocab shares, by language.

        A token's owner is the language in whose word list it is most
        frequent *per word of that list* (each list's counts divided by its
        total), so a big corpus does not win every shared token by its size.
        The figures are those of ``measure_languages``, ``token_usage`` and
        ``vocab_shares`` over ``tokenizer(exponent, vocab_size).tokenize``
        (the tests compare them), found in one pass over each word list.
        """
        size = self.vocab_size if vocab_size is None else check_int(vocab_size, "vocab_size", minimum=1)
        key = (exponent, size)
        if key not in self._measured:
            tokens = self.tokens(exponent, size)
            encode = self._encoder(tokens)
            tokens_per_word, unk_rate, usage = {}, {}, {}
            for language, counts in self.word_lists.items():
                tokens_per_word[language], unk_rate[language], usage[language] = _list_figures(encode, counts)
            shares = vocab_shares(tokens, usage)
            if key not in self._parities:  # with this vocab's encoder, whose words are encoded already
                self._parities[key] = (len(tokens), self._parity_of(encode))
            self._measured[key] = LanguageFigures(
                vocab_size=len(tokens),
                tokens_per_word=tokens_per_word,
                unk_rate=unk_rate,
                parity=self._parities[key][1],
                share=shares.shares,
                owned=shares.owned,
                unused_share=shares.unused / shares.counted,
            )
        return self._measured[key]


def _list_figures(
    encode: Callable[[str], tuple[str, ...]], counts: WordCounts
) -> tuple[float, float, dict[str, float]]:
    """Tokens per word, ``[UNK]`` rate and token usage of one word list, in one pass over its entries.

    The same sums as ``measure_languages`` (``analysis/segmentation.py``) and
    ``token_usage`` of the counts divided by their total, in the same order (so
    the usage's floats are the same to the last bit): each entry is split into
    words, its tokens are its words' tokens.
    """
    total = counts.total
    words = tokens = unk_tokens = 0
    usage: dict[str, float] = {}
    for entry, count in counts.items():
        parts = _SPLITS.get(entry) or _words_of(entry)
        pieces = encode(parts[0]) if len(parts) == 1 else tuple(token for part in parts for token in encode(part))
        if not pieces:
            raise ValueError(f"the word list entry {entry!r} has no token")
        words += count
        tokens += count * len(pieces)
        unk_tokens += count * pieces.count(UNK)
        weight = count / total
        for token in pieces:
            usage[token] = usage.get(token, 0) + weight
    return tokens / words, unk_tokens / tokens, usage


#: Each list entry and phrase split into words by the mixed vocab's pipeline, shared by every sweep.
_SPLITS: dict[str, tuple[str, ...]] = {}
_SPLITTER: list[Callable[[str], list[str]]] = []


def _words_of(text: str) -> tuple[str, ...]:
    """``text``'s words (normalized and pre-tokenized, as ``tokenizer().tokenize`` splits it), remembered."""
    if not _SPLITTER:
        _SPLITTER.append(WordPieceTokenizer(Vocab([UNK]), normalizer=MIXED_NORMALIZER).fast.words)
    words = _SPLITS[text] = tuple(_SPLITTER[0](text))
    return words


#: The mixes of the points read this session, by corpora and exponent: a sweep of the same corpora (09 trains
#: twice on them) mixes no corpus again, and its points share the mix instead of holding a copy each.
_MIXES: dict[tuple[tuple[tuple[str, Pairs], ...], float], MixedCorpus] = {}
_MAX_MIXES = 16


def _known_mix(corpora: tuple[tuple[str, Pairs], ...], exponent: float) -> MixedCorpus | None:
    return _MIXES.get((corpora, exponent))


def _remember_mix(corpora: tuple[tuple[str, Pairs], ...], exponent: float, mix: MixedCorpus) -> None:
    if len(_MIXES) >= _MAX_MIXES:
        _MIXES.clear()
    _MIXES[(corpora, exponent)] = mix


@functools.lru_cache(maxsize=4)
def _pre_tokenized_lists(corpora: tuple[tuple[str, Pairs], ...]) -> dict[str, WordCounts]:
    """Each language's words as the pipeline sees them: computed once for every sweep of the same corpora."""
    return {language: pre_tokenized(WordCounts.adopt(dict(pairs))) for language, pairs in corpora}


@functools.lru_cache(maxsize=4)
def _sweep(
    corpora: tuple[tuple[str, Pairs], ...],
    exponents: tuple[float, ...],
    vocab_size: int,
    phrases: tuple[tuple[str, tuple[str, ...]], ...],
    criterion: str,
) -> ExponentSweep:
    # The pairs are those of WordCounts exponent_sweep checked (or made): taken as they are.
    word_lists = {language: WordCounts.adopt(dict(pairs)) for language, pairs in corpora}
    phrase_lists = {language: list(texts) for language, texts in phrases}
    phrase_words: dict[str, list[tuple[str, int]]] = {}  # the phrases' words, counted once for every point
    # One file per exponent: each is trained and measured on its own, so no step holds the whole sweep twice
    # (as objects and as JSON text), and a sweep that shares exponents with another shares their files.
    # The code that mixes, trains and measures is part of the key: a change to it trains and measures again.
    # Hashed once for the sweep (the corpora are long); each exponent's key adds the exponent to it.
    sweep_key = cache_key([importlib.import_module(name) for name in SWEEP_MODULES],
                          [corpora, vocab_size, phrases, criterion])  # fmt: skip
    strings: dict[str, str] = {}  # one object per word and token read back, however many points name it
    points, measured = [], {}
    for exponent in exponents:

        def compute(exponent: float = exponent) -> tuple[SweepPoint, LanguageFigures]:
            mix = _known_mix(corpora, exponent) or mix_corpora(_pre_tokenized_lists(corpora), exponent)
            point = SweepPoint(exponent, mix, train_fast(mix.counts, vocab_size, criterion=criterion))
            alone = ExponentSweep(
                word_lists=word_lists,
                phrases=phrase_lists,
                points=(point,),
                vocab_size=vocab_size,
                _phrase_counts=phrase_words,
            )
            return point, alone.measure(exponent)  # what the notebook shows of every exponent: stored with it

        def load(data: dict[str, Any], exponent: float = exponent) -> tuple[SweepPoint, LanguageFigures]:
            point = _point_from_json(data["point"], strings, _known_mix(corpora, exponent))
            if point.exponent != exponent:
                raise ValueError("the stored point has another exponent")
            _remember_mix(corpora, exponent, point.mix)
            return point, LanguageFigures(**data["measured"])

        key = cache_key([], [sweep_key, exponent])
        # Read back, a point just trained is laid out as a later run reads it, away from the trainer's tables.
        point, figures = cached_json(
            "exponent_sweep_points", key, compute, dump=_point_to_json, load=load, read_back=True
        )
        points.append(point)
        measured[(exponent, vocab_size)] = figures
    sweep = ExponentSweep(
        word_lists=word_lists,
        phrases=phrase_lists,
        points=tuple(points),
        vocab_size=vocab_size,
        _phrase_counts=phrase_words,
    )
    sweep._measured.update(measured)
    return sweep


#: The modules a stored sweep depends on: its cache key hashes their source.
SWEEP_MODULES = (
    __name__,
    "wordpiece_lib.counting.mixing",
    "wordpiece_lib.counting.word_counts",
    "wordpiece_lib.text.normalizer",
    "wordpiece_lib.model.pieces",
    "wordpiece_lib.model.longest_match",
    "wordpiece_lib.model.linmaxmatch",
    "wordpiece_lib.training.fast_bottom_up",
    "wordpiece_lib.training.pair_stats",
    "wordpiece_lib.training.plan",
    "wordpiece_lib.training.scores",
    "wordpiece_lib.training.trace",
    "wordpiece_lib.analysis.language_metrics",
)


# The stored sweep is laid out by columns (one list per field of the steps, the words apart from their
# counts): reading it back makes a few dozen lists, not one per merge and per word, which kept notebook 09's
# kernel tens of megabytes bigger for the rest of the session.
_STEP_FIELDS = ("left", "right", "new_token", "numerator", "denominator", "pair_count", "left_count", "right_count",
                "vocab_size")  # fmt: skip


def _point_to_json(result: tuple[SweepPoint, LanguageFigures]) -> dict[str, Any]:
    point, figures = result
    return {
        "point": {"exponent": point.exponent, "mix": _mix_to_json(point.mix), "trace": _trace_to_json(point.trace)},
        "measured": asdict(figures),
    }


def _point_from_json(data: dict[str, Any], strings: dict[str, str], known: MixedCorpus | None = None) -> SweepPoint:
    """The stored point; its mix is ``known`` when this session already has it (the file's key names the mix)."""
    if known is None:
        mix = data["mix"]
        shared = strings.setdefault
        words, numbers = [shared(word, word) for word in mix["words"]], mix["counts"]
        # The file is this module's own: checked in bulk (a damaged one is trained again), not pair by pair.
        if len(words) != len(numbers) or not all(type(word) is str and word for word in words):
            raise ValueError("the stored mix does not have one non-empty word per count")
        if not all(type(number) is int and number > 0 for number in numbers):
            raise ValueError("the stored mix has a count that is not a positive int")
        counts = WordCounts.adopt(dict(zip(words, numbers)))
        if len(counts) != len(words):
            raise ValueError("the stored mix names a word twice")
        fields = {
            name: mix[name] for name in ("exponent", "sizes", "probabilities", "budget", "language_words", "dropped")
        }
        known = MixedCorpus(counts=counts, **fields)
    trace = _trace_from_json(data["trace"], known.counts, strings)
    return SweepPoint(float(data["exponent"]), known, trace)


def _mix_to_json(mix: MixedCorpus) -> dict[str, Any]:
    data = {name: getattr(mix, name) for name in ("exponent", "sizes", "probabilities", "budget", "language_words")}
    data["dropped"] = mix.dropped
    data["words"], data["counts"] = list(mix.counts), list(mix.counts.values())
    return data


def _trace_to_json(trace: Trace) -> dict[str, Any]:
    if any(step.candidates for step in trace.steps):
        raise ValueError("a trace with candidates is not stored")  # train_fast records none
    steps = trace.steps
    columns = {
        "left": [step.pair[0] for step in steps],
        "right": [step.pair[1] for step in steps],
        "new_token": [step.new_token for step in steps],
        "numerator": [step.score.numerator for step in steps],
        "denominator": [step.score.denominator for step in steps],
        "pair_count": [step.pair_count for step in steps],
        "left_count": [step.left_count for step in steps],
        "right_count": [step.right_count for step in steps],
        "vocab_size": [step.vocab_size for step in steps],
    }
    return {
        "alphabet": trace.alphabet,
        "special_tokens": trace.special_tokens,
        "style": [trace.prefix, trace.marker, trace.tie_break, trace.criterion, trace.stop_reason],
        "steps": [columns[name] for name in _STEP_FIELDS],
    }


def _trace_from_json(data: dict[str, Any], counts: WordCounts, strings: dict[str, str]) -> Trace:
    prefix, marker, tie_break, criterion, stop_reason = data["style"]
    columns = data["steps"]
    if len(columns) != len(_STEP_FIELDS) or len({len(column) for column in columns}) > 1:
        raise ValueError("the stored steps do not have one column per field, all as long")
    shared = strings.setdefault
    columns = [[shared(text, text) for text in column] for column in columns[:3]] + columns[3:]
    steps = [
        TraceStep(number, (left, right), new, Fraction(numerator, denominator), pair, left_count, right_count, size)
        for number, (left, right, new, numerator, denominator, pair, left_count, right_count, size) in enumerate(
            zip(*columns), start=1
        )
    ]
    return Trace(counts, data["alphabet"], data["special_tokens"], steps, prefix, marker, tie_break, criterion,
                 stop_reason)  # fmt: skip


def exponent_sweep(
    corpora: Mapping[str, WordCounts] | Sequence[tuple[str, Pairs]],
    *,
    exponents: Sequence[float],
    vocab_size: int,
    phrases: Mapping[str, Sequence[str]] | Sequence[tuple[str, Sequence[str]]],
    criterion: str = "bpe",
) -> ExponentSweep:
    """Train one mixed vocab per exponent (cached: the same arguments return the same sweep).

    ``criterion`` is the trainer's merge rule: ``"bpe"`` (pair count, the
    default) or ``"wordpiece"`` (the WordPiece score).

    ``corpora`` maps each language (English first: parity is measured
    against the first language) to its word counts, before normalization;
    ``phrases`` maps each language to its version of the parallel text.
    """
    items = corpora.items() if isinstance(corpora, Mapping) else check_sequence(corpora, "corpora")
    exponents = check_sequence(exponents, "exponents")
    for exponent in exponents:
        if isinstance(exponent, bool) or not isinstance(exponent, (int, float)) or not exponent >= 0:
            raise ValueError(f"exponents must hold numbers >= 0 (as mix_corpora takes), got {exponent!r}")
    if not isinstance(phrases, Mapping):
        phrases = check_sequence(phrases, "phrases")
    checked = [(language, as_word_counts(counts, f"the corpus of {language!r}")) for language, counts in items]
    frozen = tuple((language, tuple(counts.items())) for language, counts in checked)
    lines = phrases.items() if isinstance(phrases, Mapping) else phrases
    frozen_phrases = tuple((language, tuple(texts)) for language, texts in lines)
    if [language for language, _ in frozen] != [language for language, _ in frozen_phrases]:
        raise ValueError("corpora and phrases must name the same languages in the same order")
    if not exponents:
        raise ValueError("exponents is empty: give at least one exponent")
    return _sweep(
        frozen,
        tuple(float(exponent) for exponent in exponents),
        check_int(vocab_size, "vocab_size", minimum=1),
        frozen_phrases,
        check_choice(criterion, "criterion", ("bpe", "wordpiece")),
    )


__all__ = [
    "MIXED_NORMALIZER",
    "ExponentSweep",
    "LanguageFigures",
    "SweepPoint",
    "exponent_sweep",
    "language_word_lists",
    "pre_tokenized",
]
