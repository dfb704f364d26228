"""WordPiece against BPE: the four combinations of trainer and encoder, measured.

A trainer picks the merges (WordPiece score or BPE count); an encoder cuts a
new word with the result (longest match over the vocab, or replaying the
merges). Crossing them gives four tokenizers; this module builds them from
two ``Trace`` objects at any vocab size and measures them on held-out words:

* **fertility**: tokens per running word;
* **characters per token**;
* **share of words split** into more than one token;
* **[UNK] rate**: share of tokens that are ``[UNK]`` (and share of words holding one);
* **vocab overlap** between the two trainers (Jaccard, and the tokens only one has);
* the words whose segmentation differs.

Every metric counts running words (a word seen 5 times counts 5 times).

>>> from wordpiece_lib import train_fast
>>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
>>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])  # until every word is whole
>>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
>>> encoders = combinations(wp, bpe)
>>> encoders[("WordPiece score", "longest match")]("pugs"), encoders[("WordPiece score", "merge replay")]("pugs")
(['pug', '##s'], ['pu', '##gs'])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ._validate import check_int, check_str
from .bpe import BpeEncoder
from .corpus import WordCounts, as_word_counts
from .encode import encode_word
from .pair_stats import PairStats
from .pieces import DEFAULT_PREFIX, initial_splits, join_pair
from .scores import Pair
from .trace import Trace
from .vocab import UNK_TOKEN

#: The two trainers and the two encoders, in the order tables show them.
TRAINERS: tuple[str, str] = ("WordPiece score", "BPE count")
ENCODERS: tuple[str, str] = ("longest match", "merge replay")

#: A chapter heading in the Treasure Island text: a line holding only the chapter's number.
CHAPTER_HEADING = re.compile(r"^[ \t]*(\d{1,3})[ \t]*$", re.MULTILINE)

Encoder = Callable[[str], list[str]]


# ---------------------------------------------------------------- the book, by chapters


def split_chapters(text: str, heading: re.Pattern[str] | str = CHAPTER_HEADING) -> dict[int, str]:
    """The chapters of a book: chapter number -> its text (heading line left out).

    A heading is a line matching ``heading`` (default: a line holding only a
    number, as in the Treasure Island text); its first group is the number.
    Text before the first heading (the title) belongs to no chapter.

    >>> split_chapters("Title\\n1\\nIt was dark.\\n2\\nIt was light.\\n")
    {1: 'It was dark.', 2: 'It was light.'}
    """
    check_str(text, "text")
    pattern = re.compile(heading, re.MULTILINE) if isinstance(heading, str) else heading
    matches = list(pattern.finditer(text))
    if not matches:
        raise ValueError("no chapter heading found in text (a line holding only the chapter number)")
    chapters: dict[int, str] = {}
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(text)
        number = int(match.group(1))
        if number in chapters:
            raise ValueError(f"chapter {number} appears twice in text: is the heading pattern too loose?")
        chapters[number] = text[match.end() : end].strip()
    return chapters


def held_out_split(text: str, chapter: int, heading: re.Pattern[str] | str = CHAPTER_HEADING) -> tuple[str, str]:
    """``(training text, held-out chapter)``: every other chapter joined, and the one held out.

    >>> held_out_split("1\\nOne.\\n2\\nTwo.\\n3\\nThree.", 2)
    ('One.\\n\\nThree.', 'Two.')
    """
    check_int(chapter, "chapter", minimum=0)
    chapters = split_chapters(text, heading)
    if chapter not in chapters:
        raise ValueError(f"chapter must be one of the book's chapters {min(chapters)}..{max(chapters)}, got {chapter}")
    rest = "\n\n".join(body for number, body in chapters.items() if number != chapter)
    return rest, chapters[chapter]


# ---------------------------------------------------------------- tokenizers at a vocab size


def steps_for_size(trace: Trace, vocab_size: int | None) -> int:
    """How many merges of ``trace`` give a vocab of ``vocab_size`` tokens (``None``: all of them).

    A vocab smaller than the starting one (specials + alphabet) is refused;
    one larger than the trace reached, too.

    >>> from wordpiece_lib import train_fast
    >>> trace = train_fast({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 12, special_tokens=["[UNK]"])
    >>> steps_for_size(trace, 8), steps_for_size(trace, 10), steps_for_size(trace, None)
    (0, 2, 4)
    """
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    if vocab_size is None:
        return len(trace.steps)
    check_int(vocab_size, "vocab_size", minimum=1)
    start = len(trace.tokens(0))
    final = len(trace.tokens())
    if not start <= vocab_size <= final:
        raise ValueError(f"vocab_size must be between {start} (no merge) and {final} (every merge), got {vocab_size}")
    if vocab_size == start:
        return 0
    return next(step.number for step in trace.steps if step.vocab_size >= vocab_size)


def longest_match_encoder(trace: Trace, steps: int | None = None, *, unk_token: str = UNK_TOKEN) -> Encoder:
    """Longest-match-first over the vocab after ``steps`` merges (a word with an unknown character is one ``[UNK]``).

    >>> from wordpiece_lib import train_fast
    >>> trace = train_fast({"hug": 10, "hugs": 5}, 12, special_tokens=["[UNK]"])
    >>> longest_match_encoder(trace)("hugs"), longest_match_encoder(trace, 0)("hugs"), longest_match_encoder(trace)("mug")
    (['hugs'], ['h', '##u', '##g', '##s'], ['[UNK]'])
    """
    _check_prefix_style(trace)
    chosen = len(trace.steps) if steps is None else check_int(steps, "steps", minimum=0)
    vocab = frozenset(trace.tokens(chosen))
    cache: dict[str, list[str]] = {}
    prefix = trace.prefix

    def encode(word: str) -> list[str]:
        tokens = cache.get(word)
        if tokens is None:
            tokens = cache[word] = encode_word(word, vocab, prefix=prefix, unk_token=unk_token)
        return list(tokens)

    return encode


def merge_replay_encoder(trace: Trace, steps: int | None = None, *, unk_token: str = UNK_TOKEN) -> Encoder:
    """Replay the first ``steps`` merges (an unknown character is one ``[UNK]``, like Hugging Face's BPE).

    >>> from wordpiece_lib import train_fast
    >>> trace = train_fast({"hug": 10, "hugs": 5}, 12, special_tokens=["[UNK]"])
    >>> merge_replay_encoder(trace)("mug")
    ['[UNK]', '##u', '##g']
    """
    _check_prefix_style(trace)
    return BpeEncoder(trace, steps=steps, unk_token=unk_token).encode_word


def _check_prefix_style(trace: Any) -> None:
    if not isinstance(trace, Trace):
        raise TypeError(f"trace must be a Trace, got {type(trace).__name__}")
    if trace.marker is not None:
        raise ValueError("the comparison needs traces with a continuation prefix (##), not a begin-of-word marker")


def combinations(
    wordpiece: Trace, bpe: Trace, vocab_size: int | None = None, *, unk_token: str = UNK_TOKEN
) -> dict[tuple[str, str], Encoder]:
    """The four tokenizers {WordPiece score, BPE count} x {longest match, merge replay}.

    ``vocab_size`` cuts both traces to that size (``None``: each trace in full).
    Keys are ``(trainer, encoder)`` from ``TRAINERS`` and ``ENCODERS``.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 12, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 12, special_tokens=["[UNK]"], criterion="bpe")
    >>> sorted(len(encode("hugs")) for encode in combinations(wp, bpe, 10).values())
    [2, 2, 3, 3]
    """
    encoders: dict[tuple[str, str], Encoder] = {}
    for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
        steps = steps_for_size(trace, vocab_size)
        encoders[(trainer, ENCODERS[0])] = longest_match_encoder(trace, steps, unk_token=unk_token)
        encoders[(trainer, ENCODERS[1])] = merge_replay_encoder(trace, steps, unk_token=unk_token)
    return encoders


# ---------------------------------------------------------------- metrics


@dataclass(frozen=True)
class SegmentationMetrics:
    """What an encoder did to a list of running words; the rates are properties.

    >>> metrics = measure(lambda word: [word[:2], "##" + word[2:]] if len(word) > 2 else [word], {"hugs": 2, "ab": 2})
    >>> metrics.fertility, metrics.chars_per_token, metrics.split_share, metrics.unk_rate
    (1.5, 2.0, 0.5, 0.0)
    """

    words: int
    tokens: int
    characters: int
    split_words: int
    unk_tokens: int
    unk_words: int

    @property
    def fertility(self) -> float:
        """Tokens per word."""
        return self.tokens / self.words

    @property
    def chars_per_token(self) -> float:
        """Characters of the words per token (the ``##`` prefixes do not count)."""
        return self.characters / self.tokens

    @property
    def split_share(self) -> float:
        """Share of words cut into more than one token."""
        return self.split_words / self.words

    @property
    def unk_rate(self) -> float:
        """Share of tokens that are the unknown token."""
        return self.unk_tokens / self.tokens

    @property
    def unk_word_rate(self) -> float:
        """Share of words holding at least one unknown token."""
        return self.unk_words / self.words

    def as_dict(self) -> dict[str, float]:
        """The rates, named as table columns."""
        return {
            "fertility": self.fertility,
            "chars_per_token": self.chars_per_token,
            "split_share": self.split_share,
            "unk_rate": self.unk_rate,
            "unk_word_rate": self.unk_word_rate,
        }


def measure(
    encode: Encoder, word_counts: WordCounts | Mapping[str, int], *, unk_token: str = UNK_TOKEN
) -> SegmentationMetrics:
    """Encode every distinct word once and count, weighting by the word counts.

    >>> measure(lambda word: ["[UNK]"] if "x" in word else list(word), {"ab": 2, "x": 1}).unk_rate
    0.2
    """
    counts = as_word_counts(word_counts)
    if not counts:
        raise ValueError("word_counts is empty: there is nothing to measure")
    if not callable(encode):
        raise TypeError(f"encode must be a function word -> tokens, got {type(encode).__name__}")
    words = tokens = characters = split_words = unk_tokens = unk_words = 0
    for word, count in counts.items():
        pieces = encode(word)
        if not pieces:
            raise ValueError(f"encode({word!r}) returned no token")
        unknown = sum(piece == unk_token for piece in pieces)
        words += count
        tokens += count * len(pieces)
        characters += count * len(word)
        split_words += count * (len(pieces) > 1)
        unk_tokens += count * unknown
        unk_words += count * (unknown > 0)
    return SegmentationMetrics(words, tokens, characters, split_words, unk_tokens, unk_words)


@dataclass(frozen=True)
class VocabOverlap:
    """Tokens two vocabs share and the tokens only one has (each sorted).

    >>> overlap = vocab_overlap(["a", "b", "c"], ["b", "c", "d", "e"])
    >>> overlap.jaccard, overlap.only_first, overlap.only_second
    (0.4, ['a'], ['d', 'e'])
    """

    shared: list[str]
    only_first: list[str]
    only_second: list[str]

    @property
    def jaccard(self) -> float:
        """|shared| / |union| (1.0 for two equal vocabs)."""
        union = len(self.shared) + len(self.only_first) + len(self.only_second)
        return len(self.shared) / union if union else 1.0


def vocab_overlap(first: Iterable[str], second: Iterable[str]) -> VocabOverlap:
    """Compare two vocabs as sets of tokens (see ``VocabOverlap``).

    >>> vocab_overlap({"hug"}, {"hug"}).jaccard
    1.0
    """
    for name, value in (("first", first), ("second", second)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise TypeError(f"{name} must be a collection of tokens, got {type(value).__name__}")
    one, two = set(first), set(second)
    return VocabOverlap(sorted(one & two), sorted(one - two), sorted(two - one))


def differing_words(
    first: Encoder, second: Encoder, words: Iterable[str] | Mapping[str, int]
) -> list[tuple[str, list[str], list[str]]]:
    """``(word, first's tokens, second's tokens)`` for every word the two encoders cut differently.

    Words keep their order (most frequent first if you pass ``counts.most_common()`` words).

    >>> differing_words(list, lambda word: [word], ["a", "ab"])
    [('ab', ['a', 'b'], ['ab'])]
    """
    if isinstance(words, (str, bytes)):
        raise TypeError("words must be a collection of words, not a single str")
    found = []
    for word in words:
        one, two = first(word), second(word)
        if one != two:
            found.append((word, one, two))
    return found


# ---------------------------------------------------------------- tables


def compare_combinations(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    vocab_size: int | None = None,
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """One row per combination: trainer, encoder, vocab size and every rate, measured on ``word_counts``.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> compare_combinations(wp, bpe, {"pugs": 1, "mug": 1})[["trainer", "encoder", "vocab_size", "fertility"]]
               trainer        encoder  vocab_size  fertility
    0  WordPiece score  longest match          17        1.5
    1  WordPiece score   merge replay          17        2.5
    2        BPE count  longest match          15        1.5
    3        BPE count   merge replay          15        2.0
    """
    import pandas as pd

    rows = []
    for (trainer, encoder), encode in combinations(wordpiece, bpe, vocab_size, unk_token=unk_token).items():
        trace = wordpiece if trainer == TRAINERS[0] else bpe
        size = len(trace.tokens(steps_for_size(trace, vocab_size)))
        metrics = measure(encode, word_counts, unk_token=unk_token)
        rows.append({"trainer": trainer, "encoder": encoder, "vocab_size": size, **metrics.as_dict()})
    return pd.DataFrame(rows)


def fertility_table(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    sizes: Sequence[int | None],
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """Fertility of the four combinations at each size: one row per size, one column per combination.

    ``None`` in ``sizes`` means each trainer's full vocab (its row is labelled ``"max"``).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> table = fertility_table(wp, bpe, {"pugs": 1, "mug": 1}, [10, None])
    >>> table.index.tolist(), table["WordPiece score / merge replay"].tolist()
    ([10, 'max (17 and 15)'], [3.0, 2.5])
    """
    import pandas as pd

    rows = {}
    for size in sizes:
        frame = compare_combinations(wordpiece, bpe, word_counts, size, unk_token=unk_token)
        label = size if size is not None else f"max ({len(wordpiece.tokens())} and {len(bpe.tokens())})"
        rows[label] = {f"{row.trainer} / {row.encoder}": row.fertility for row in frame.itertuples()}
    table = pd.DataFrame.from_dict(rows, orient="index")
    table.index.name = "vocab size"
    return table


def fertility_by_size(
    wordpiece: Trace,
    bpe: Trace,
    word_counts: WordCounts | Mapping[str, int],
    sizes: Iterable[int],
    *,
    unk_token: str = UNK_TOKEN,
) -> Any:
    """Fertility of the four combinations at each size, one row per (size, combination), for plotting.

    A size a trainer does not reach is left out for it; each trainer's full
    vocab is always added (its largest size).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> frame = fertility_by_size(wp, bpe, {"pugs": 1}, [10, 16])
    >>> frame[frame.encoder == "longest match"][["trainer", "vocab_size", "fertility"]].values.tolist()
    [['WordPiece score', 10, 3.0], ['WordPiece score', 16, 2.0], ['WordPiece score', 17, 2.0], ['BPE count', 10, 3.0], ['BPE count', 15, 2.0]]
    """
    import pandas as pd

    wanted = sorted({check_int(size, "sizes[...]", minimum=1) for size in sizes})
    rows = []
    for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
        start, final = len(trace.tokens(0)), len(trace.tokens())
        for size in sorted({*(size for size in wanted if start <= size <= final), final}):
            steps = steps_for_size(trace, size)
            encoders = (
                longest_match_encoder(trace, steps, unk_token=unk_token),
                merge_replay_encoder(trace, steps, unk_token=unk_token),
            )
            for encoder, encode in zip(ENCODERS, encoders, strict=True):
                metrics = measure(encode, word_counts, unk_token=unk_token)
                rows.append(
                    {"trainer": trainer, "encoder": encoder, "vocab_size": size, "fertility": metrics.fertility}
                )
    return pd.DataFrame(rows, columns=["trainer", "encoder", "vocab_size", "fertility"])


def first_merges_frame(wordpiece: Trace, bpe: Trace, count: int = 30) -> Any:
    """The first ``count`` merges of both traces side by side (new token and its pair count).

    ``in both`` marks a token that the other trainer also learns within its first ``count`` merges.

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 12, special_tokens=[])
    >>> bpe = train_fast(corpus, 12, special_tokens=[], criterion="bpe")
    >>> first_merges_frame(wp, bpe, 3)
       step WordPiece  WP count  WP in both   BPE  BPE count  BPE in both
    0     1      ##gs         5       False  ##ug         20        False
    1     2        hu        15       False  ##un         16        False
    2     3      hugs         5       False   hug         15        False
    """
    import pandas as pd

    check_int(count, "count", minimum=1)
    wp_steps, bpe_steps = wordpiece.steps[:count], bpe.steps[:count]
    wp_tokens = {step.new_token for step in wp_steps}
    bpe_tokens = {step.new_token for step in bpe_steps}
    rows = []
    for index in range(max(len(wp_steps), len(bpe_steps))):
        wp_step = wp_steps[index] if index < len(wp_steps) else None
        bpe_step = bpe_steps[index] if index < len(bpe_steps) else None
        rows.append(
            {
                "step": index + 1,
                "WordPiece": wp_step.new_token if wp_step else "",
                "WP count": wp_step.pair_count if wp_step else 0,
                "WP in both": bool(wp_step) and wp_step.new_token in bpe_tokens,
                "BPE": bpe_step.new_token if bpe_step else "",
                "BPE count": bpe_step.pair_count if bpe_step else 0,
                "BPE in both": bool(bpe_step) and bpe_step.new_token in wp_tokens,
            }
        )
    return pd.DataFrame(rows)


def segmentation_frame(
    wordpiece: Trace, bpe: Trace, words: Iterable[str], vocab_size: int | None = None, *, steps: int | None = None
) -> Any:
    """The tokens of each word under the four combinations (one row per word).

    ``steps`` cuts both traces to that many merges instead of a vocab size
    (a trace with fewer merges is taken whole).

    >>> from wordpiece_lib import train_fast
    >>> corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
    >>> wp = train_fast(corpus, 100, special_tokens=["[UNK]"])
    >>> bpe = train_fast(corpus, 100, special_tokens=["[UNK]"], criterion="bpe")
    >>> segmentation_frame(wp, bpe, ["pugs"]).loc["pugs"].tolist()
    ['pug ##s', 'pu ##gs', 'pug ##s', 'pug ##s']
    """
    import pandas as pd

    if steps is not None and vocab_size is not None:
        raise ValueError("give vocab_size or steps, not both")
    if steps is None:
        encoders = combinations(wordpiece, bpe, vocab_size)
    else:
        check_int(steps, "steps", minimum=0)
        encoders = {}
        for trainer, trace in zip(TRAINERS, (wordpiece, bpe), strict=True):
            cut = min(steps, len(trace.steps))
            encoders[(trainer, ENCODERS[0])] = longest_match_encoder(trace, cut)
            encoders[(trainer, ENCODERS[1])] = merge_replay_encoder(trace, cut)
    chosen = [check_str(word, "words[...]", allow_empty=False) for word in words]
    data = {
        f"{trainer} / {encoder}": [" ".join(encode(word)) for word in chosen]
        for (trainer, encoder), encode in encoders.items()
    }
    frame = pd.DataFrame(data, index=chosen)
    frame.index.name = "word"
    return frame


# ---------------------------------------------------------------- another trainer's merges, replayed


@dataclass(frozen=True)
class MergeCheck:
    """One merge of another trainer, replayed on our counts.

    ``pair_count`` is the pair's count just before it was merged;
    ``best_count`` the highest count of any pair at that moment;
    ``tied`` the number of pairs that had ``best_count`` (only filled for the
    first ``count_ties`` steps of ``replay_merges``, else 0).
    """

    step: int
    pair: Pair
    pair_count: int
    best_count: int
    tied: int

    @property
    def is_most_frequent(self) -> bool:
        """Whether the pair was a most frequent pair at its step (what BPE must merge)."""
        return self.pair_count == self.best_count


def replay_merges(
    word_counts: WordCounts | Mapping[str, int],
    merges: Iterable[Pair],
    *,
    prefix: str = DEFAULT_PREFIX,
    count_ties: int = 0,
) -> list[MergeCheck]:
    """Replay ``merges`` (e.g. Hugging Face's) on ``word_counts`` and report each pair's count against the best.

    A BPE trainer may break a tie any way it likes, but every pair it merges
    must have the highest count at its step. ``count_ties`` counts, for the
    first steps, how many pairs shared that highest count (a tie is where two
    BPE trainers may part ways).

    >>> checks = replay_merges({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, [("##u", "##g"), ("h", "##ug")], count_ties=2)
    >>> [(c.pair_count, c.best_count, c.tied) for c in checks]
    [(20, 20, 1), (15, 16, 1)]
    """
    counts = as_word_counts(word_counts)
    check_int(count_ties, "count_ties", minimum=0)
    stats = PairStats(initial_splits(counts, prefix).values(), counts.values(), criterion="bpe")
    checks = []
    for number, pair in enumerate(merges, start=1):
        left, right = pair
        best = stats.best()
        best_count = 0 if best is None else best.pair_count
        tied = 0
        if number <= count_ties and best is not None:
            tied = 1
            while True:
                top = stats.top(tied + 1)
                if len(top) <= tied or top[tied].pair_count != best_count:
                    break
                tied += 1
        checks.append(MergeCheck(number, (left, right), stats.pair_count((left, right)), best_count, tied))
        stats.merge(left, right, join_pair(left, right, prefix))
    return checks


def hf_trained_merges(
    texts: Iterable[str],
    vocab_size: int,
    *,
    special_tokens: Sequence[str] = (UNK_TOKEN,),
    prefix: str = DEFAULT_PREFIX,
    lowercase: bool = True,
) -> list[Pair]:
    """Train Hugging Face's ``BpeTrainer`` (BERT normalizer and pre-tokenizer, ``prefix``) and return its merges.

    Needs the ``tokenizers`` package. HF breaks ties between equally frequent
    pairs by token ids, and those come from hash-map order: the merges can
    change from one run to the next.

    >>> hf_trained_merges(["hug " * 10 + "pug " * 5 + "pun " * 12 + "bun " * 4 + "hugs " * 5], 14)
    [('##u', '##g'), ('##u', '##n')]
    """
    import json

    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    check_int(vocab_size, "vocab_size", minimum=1)
    tokenizer = Tokenizer(models.BPE(unk_token=UNK_TOKEN, continuing_subword_prefix=prefix))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase, strip_accents=None)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(special_tokens),
        continuing_subword_prefix=prefix,
        show_progress=False,
    )
    tokenizer.train_from_iterator([texts] if isinstance(texts, str) else list(texts), trainer)
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    return [tuple(merge) if isinstance(merge, list) else tuple(merge.split(" ", 1)) for merge in merges]  # type: ignore[misc]


__all__ = [
    "CHAPTER_HEADING",
    "ENCODERS",
    "TRAINERS",
    "MergeCheck",
    "SegmentationMetrics",
    "VocabOverlap",
    "combinations",
    "compare_combinations",
    "differing_words",
    "fertility_by_size",
    "fertility_table",
    "first_merges_frame",
    "held_out_split",
    "hf_trained_merges",
    "longest_match_encoder",
    "measure",
    "merge_replay_encoder",
    "replay_merges",
    "segmentation_frame",
    "split_chapters",
    "steps_for_size",
    "vocab_overlap",
]
