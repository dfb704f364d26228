"""Every exercise of notebooks 01-12 with its right answer and plausible wrong answers.

Used by ``test_exercises.py`` in-process and, as a script, in subprocesses
with different ``PYTHONHASHSEED`` values (``python exercise_cases.py``
prints every outcome and message as JSON): a check must say the same thing
under every hash seed.

Each wrong answer is a mistake a learner makes: a copied worked example (the
notebook printed it), a call of the library function the exercise asks to
write, or a plausible slip. ``secrets`` are texts that give the answer away;
no failure message may contain them.

Data that is slow to build (notebook 09's mixed vocabs) is wrapped in
:class:`Later`: it is made when a case first runs, not when the cases are
listed, so collecting the tests stays quick.
"""

from __future__ import annotations

import collections
import functools
import io
import itertools
import json
import math
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import wordpiece_lib  # noqa: E402
from wordpiece_lib import (  # noqa: E402
    BERT_SPECIAL_TOKENS,
    BertNormalizer,
    Encoding,
    LinMaxMatch,
    Template,
    Truncation,
    Vocab,
    WordCounts,
    WordPieceDecoder,
    WordPieceTokenizer,
    decode_pieces,
    encode_with_merges,
    encode_word,
    initial_splits,
    join_pair,
    load_book,
    merge_pair,
    pair_counts,
    score_pairs,
    split_word,
    train_bottom_up,
    train_bpe,
    train_fast,
    wordpiece_score,
)
from wordpiece_lib.analysis import (  # noqa: E402
    differing_words,
    longest_match_encoder,
    measure,
    merge_replay_encoder,
    token_usage,
    vocab_overlap,
    vocab_shares,
)
from wordpiece_lib.classroom import runtime  # noqa: E402
from wordpiece_lib.classroom.big_corpora import checks as corpora_checks  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import checks as bpe_checks  # noqa: E402
from wordpiece_lib.classroom.character_splitting import checks as splitting_checks  # noqa: E402
from wordpiece_lib.classroom.encoding import checks as encoding_checks  # noqa: E402
from wordpiece_lib.classroom.fast_encoding import checks as fast_checks  # noqa: E402
from wordpiece_lib.classroom.merge_steps import checks as merge_checks  # noqa: E402
from wordpiece_lib.classroom.model_inputs import checks as input_checks  # noqa: E402
from wordpiece_lib.classroom.other_languages import ExponentSweep, exponent_sweep, language_word_lists  # noqa: E402
from wordpiece_lib.classroom.other_languages import checks as language_checks  # noqa: E402
from wordpiece_lib.classroom.pair_scores import checks as score_checks  # noqa: E402
from wordpiece_lib.classroom.real_book import checks as book_checks  # noqa: E402
from wordpiece_lib.classroom.real_book import text_fertility_table  # noqa: E402
from wordpiece_lib.classroom.top_down import TopDownRounds  # noqa: E402
from wordpiece_lib.classroom.top_down import checks as top_down_checks  # noqa: E402
from wordpiece_lib.counting import merge_counts, read_blocks, split_file  # noqa: E402
from wordpiece_lib.data import DataUnavailable, datasets, fetch, parallel_phrases  # noqa: E402
from wordpiece_lib.text import normalization_merges, normalize_with_origins  # noqa: E402
from wordpiece_lib.training import (  # noqa: E402
    model_from_frequencies,
    split_points,
    substring_counts,
    substring_frequencies,
    threshold_pass,
)

#: What kind of mistake a wrong answer is.
COPIED, LIBRARY, SLIP = "copied worked example", "calls the library", "plausible slip"


@dataclass(frozen=True)
class Later:
    """A value made when a case runs (once per process), not when the cases are listed."""

    make: Callable[[], Any]

    def __call__(self) -> Any:
        return self.make()


def now(value: Any) -> Any:
    """``value``, or what a :class:`Later` makes."""
    return value() if isinstance(value, Later) else value


@dataclass(frozen=True)
class Wrong:
    label: str
    answer: tuple[Any, ...]
    kind: str = SLIP
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the source of the answer cell


def run_answer_cell(source: str, namespace: dict[str, Any]) -> None:
    """Run ``source`` in ``namespace`` as a notebook runs any cell: under the watch, noting library values after."""
    with runtime.watched_cell(source, namespace):
        exec(compile(source, "<answer cell>", "exec"), namespace)


#: An answer slot filled with what the answer cell assigned (see :func:`computed`).
FROM_CELL = object()


def computed(label: str, source: str, names: dict[str, Any], keys: tuple[str, ...], kind: str = LIBRARY) -> Wrong:
    """An answer a cell computed with the library (run under the notebook's watch, as in a kernel)."""
    return Wrong(label, tuple(FROM_CELL for _ in keys), kind, extra={"cell": (source, names, keys)})


def another_cell(code: str, name: str, **names: Any) -> Any:
    """The function ``name`` defined by ``code`` in a namespace of its own (holding ``names``), as an earlier cell."""
    namespace: dict = dict(names)
    exec(code, namespace)
    return namespace[name]


def typed(label: str, value: Any) -> Wrong:
    """A wrong value typed straight into the answer cell (its source runs nothing the check would refuse)."""
    return Wrong(label, (value,), extra={"source": ""})


@dataclass(frozen=True)
class Case:
    key: str
    check: Callable[..., None]
    right: tuple[Any, ...]
    wrongs: tuple[Wrong, ...]
    data: tuple[Any, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    secrets: tuple[str, ...] | Later = ()
    right_extra: dict[str, Any] = field(default_factory=dict)
    #: Names of the notebook that its worked answer uses (e.g. a speed it measured).
    notebook_names: dict[str, Any] = field(default_factory=dict)

    def run(self, answer: tuple[Any, ...], extra: dict[str, Any] | None = None) -> None:
        extra = dict(extra or {})
        cell = extra.pop("cell", None)
        if cell is not None:  # the answer is what a watched answer cell assigned, as in the notebook
            source, names, keys = cell
            namespace = {name: now(value) for name, value in names.items()}
            for earlier in extra.pop("earlier", ()):  # cells run before the answer cell, in the same kernel
                run_answer_cell(earlier, namespace)
            run_answer_cell(source, namespace)
            values = iter([namespace[key] for key in keys])
            answer = tuple(next(values) if part is FROM_CELL else part for part in answer)
            extra["source"] = source
        options = {name: now(value) for name, value in {**self.options, **extra}.items()}
        self.check(*(now(value) for value in answer), *(now(value) for value in self.data), **options)

    def secret_texts(self) -> tuple[str, ...]:
        return tuple(now(self.secrets))

    def names(self) -> dict[str, Any]:
        return {name: now(value) for name, value in self.notebook_names.items()}


# ---------------------------------------------------------------- shared data


HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
VARIANT = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
GNUS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "gnus": 3}
PAPER_VOCAB = ["a", "abcdx", "##b", "##c", "##cdy", "##dz"]
TOKEN_VOCAB = ["t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z"]
NAMES = ["Jim", "Silver", "Livesey", "Trelawney", "Hawkins", "Smollett", "Flint", "Gunn"]
WORDS_TO_PREDICT = ["parrot", "love", "school", "car", "hug", "captains", "castle"]
TEAM_SENTENCE = "Our team found the map, the gold, and Ben Gunn's cave."
#: The sentence section 4 of notebook 07 prints tokenized (and the exercise asked about before issue 25).
PRINTED_TEAM_SENTENCE = "The team members are Alice, John, Jim, and Bob."
#: Notebook 07's five sentences of section 4, whose fertility its table prints.
FIVE_SENTENCES = [
    "There is still a lot of treasure buried on the island.",
    "I've checked, my last shipment was delayed.",
    "The captain and the lieutenant had a discussion.",
    PRINTED_TEAM_SENTENCE,
    "I've checked, but I will check again.",
]


@functools.cache
def book_counts_cased() -> WordCounts:
    return WordCounts.from_texts(load_book("treasure-island"))


@functools.cache
def book_counts_uncased() -> WordCounts:
    return WordCounts.from_texts(load_book("treasure-island"), lowercase=True)


@functools.cache
def full_trace():
    return train_fast(book_counts_cased(), 20_000)


@functools.cache
def vocab_10k() -> set[str]:
    trace = full_trace()
    return set(trace.tokens(trace.steps_for_size(10_000)))


@functools.cache
def vocab_of_size(size: int) -> set[str]:
    trace = full_trace()
    return set(trace.tokens(trace.steps_for_size(size)))


@functools.cache
def book_rounds() -> TopDownRounds:
    return TopDownRounds(book_counts_uncased())


# ---------------------------------------------------------------- answers learners write


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


def count_pairs(splits, word_counts):
    counts = {}
    for word, pieces in splits.items():
        for pair in itertools.pairwise(pieces):
            counts[pair] = counts.get(pair, 0) + word_counts[word]
    return counts


def count_pieces(splits, word_counts):
    """Notebook 02's worked cell (it counts pieces), wrapped in a def."""
    pieces_seen = {}
    for word, pieces in splits.items():
        for piece in pieces:
            pieces_seen[piece] = pieces_seen.get(piece, 0) + word_counts[word]
    return pieces_seen


def count_pairs_not_neighbours(splits, word_counts):
    """Every two pieces of a word, in order, whether or not they stand side by side."""
    counts = {}
    for word, pieces in splits.items():
        for pair in itertools.combinations(pieces, 2):
            counts[pair] = counts.get(pair, 0) + word_counts[word]
    return counts


def pair_counts_in_a_helper():
    """A helper cell imports ``pair_counts`` under another name; the answer cell only calls the helper."""
    helper_cell: dict = {}
    exec(
        "from wordpiece_lib.training.scores import pair_counts as tally\ndef pairs_of(s, c):\n    return dict(tally(s, c))",
        helper_cell,
    )
    return lambda splits, word_counts: helper_cell["pairs_of"](splits, word_counts)


def count_pairs_once_per_word(splits, word_counts):
    counts = {}
    for word, pieces in splits.items():
        for pair in set(itertools.pairwise(pieces)):
            counts[pair] = counts.get(pair, 0) + word_counts[word]
    return counts


def merge(splits, pair):
    new_token = join_pair(*pair)
    result = {}
    for word, pieces in splits.items():
        out, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == tuple(pair):
                out.append(new_token)
                i += 2
            else:
                out.append(pieces[i])
                i += 1
        result[word] = out
    return result


def merge_keeping_the_prefix(splits, pair):
    """Glues the right piece on with its '##'."""
    result = {}
    for word, pieces in splits.items():
        out, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == tuple(pair):
                out.append(pieces[i] + pieces[i + 1])
                i += 2
            else:
                out.append(pieces[i])
                i += 1
        result[word] = out
    return result


def merge_overlapping(splits, pair):
    """Merges every position where the pair starts, reusing pieces (##o ##o ##o -> ##oo ##oo)."""
    token = join_pair(*pair)
    result = {}
    for word, pieces in splits.items():
        out = []
        for i, piece in enumerate(pieces):
            if i + 1 < len(pieces) and (piece, pieces[i + 1]) == tuple(pair):
                out.append(token)
            elif not (i > 0 and (pieces[i - 1], piece) == tuple(pair)):
                out.append(piece)
        result[word] = out
    return result


def each(merge_one):
    """A merge of one pair made into ``merge_all``: the pairs one after the other, each on the last result."""

    def merge_all(splits, pairs):
        for pair in pairs:
            splits = merge_one(splits, pair)
        return splits

    return merge_all


def merge_each_in_the_original(splits, pairs):
    """Looks for every pair in the original splits, keeping a word's last change."""
    result = {word: list(pieces) for word, pieces in splits.items()}
    for pair in pairs:
        for word, pieces in merge(splits, pair).items():
            if pieces != splits[word]:
                result[word] = pieces
    return result


def merge_all_from_another_cell():
    """``merge_all`` defined in one cell, calling a helper from another cell that imported merge_pair as ``mp``."""
    helper_cell: dict = {}
    exec(
        "from wordpiece_lib import merge_pair as mp, join_pair\ndef one(s, p):\n    return mp(s, p, join_pair(*p))",
        helper_cell,
    )
    answer_cell: dict = {"one": helper_cell["one"]}
    exec(
        "def merge_all(splits, pairs):\n    for pair in pairs:\n        splits = one(splits, pair)\n    return splits",
        answer_cell,
    )
    return answer_cell["merge_all"]


def worked_merge_cell(splits, pair):
    """Notebook 03 section 1's cell, wrapped in a def as it stands (it merges one pair)."""
    new_token = join_pair(*pair)
    merged = {}
    for word, pieces in splits.items():
        out, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == pair:
                out.append(new_token)
                i += 2
            else:
                out.append(pieces[i])
                i += 1
        merged[word] = out
    return merged


def merge_first_occurrence_only(splits, pair):
    """Joins the pair where it first occurs in a word, and leaves a second occurrence apart."""
    token = join_pair(*pair)
    result = {}
    for word, pieces in splits.items():
        out = list(pieces)
        for i in range(len(out) - 1):
            if (out[i], out[i + 1]) == tuple(pair):
                out[i : i + 2] = [token]
                break
        result[word] = out
    return result


def encode_unk_from_100(word, vocab):
    """The length rule off by one: a word of exactly 100 characters is [UNK] too."""
    return ["[UNK]"] if len(word) >= 100 else encode_without_length_rule(word, vocab)


def my_encode(word, vocab):
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens


def lookups(word, vocab, first, later):
    """Longest match where the first piece is looked up as ``first + piece`` and the others as ``later + piece``."""
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = (first if start == 0 else later) + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens


def my_encode_marked(word, vocab):
    """Notebook 04's exercise: longest match for a vocab in the begin-of-word marker style."""
    return lookups(word, vocab, "_", "")


def encode_marked_length_in_bytes(word, vocab):
    """The 100 rule on the bytes of the word's UTF-8 encoding instead of its characters."""
    return ["[UNK]"] if len(word.encode("utf-8")) > 100 else lookups(word, vocab, "_", "")


def encode_marked_lowercased(word, vocab):
    return my_encode_marked(word.lower(), vocab)


def encode_marker_as_a_letter(word, vocab):
    """'_' put in front of the word, then a plain longest match: the bare marker can be a piece of its own."""
    return ["[UNK]"] if len(word) > 100 else lookups("_" + word, vocab, "", "")


def in_marker_style(encode):
    """A ``##``-style encoder made to work on a marker-style vocab (the same slips, the other convention)."""

    def encode_marked(word, vocab):
        prefix_vocab = {
            token if token == "[UNK]" else token[1:] if token.startswith("_") else "##" + token
            for token in vocab
            if token != "_"  # the bare marker has no '##' twin
        }
        return [encoding_checks.marker_token(token) for token in encode(word, prefix_vocab)]

    return encode_marked


def encode_without_length_rule(word, vocab):
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens


def encode_with_partial_unk(word, vocab):
    """Emits [UNK] for the position that does not match and goes on."""
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            tokens.append("[UNK]")
            start += 1
    return tokens


def encode_shortest_first(word, vocab):
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(start + 1, len(word) + 1):
            piece = word[start:end] if start == 0 else "##" + word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens


def longest_match(word, vocab):
    """The notebook's worked example (no 100-character rule)."""
    return encode_without_length_rule(word, vocab)


def calls_the_worked_example(word, vocab):
    return ["[UNK]"] if len(word) > 100 else longest_match(word, vocab)


def my_decode(tokens):
    words = []
    for token in tokens:
        if token.startswith("##") and words:
            words[-1] += token[2:]
        else:
            words.append(token)
    return " ".join(words)


#: A decoder a learner made in an earlier cell, then called by another name inside their function.
A_DECODER = WordPieceDecoder(cleanup=False)


def decode_stripping(strip):
    """The right loop, but a token counts as a continuation when it starts with one '#', and loses it by ``strip``."""

    def decode(tokens):
        words = []
        for token in tokens:
            if token.startswith("#") and words:
                words[-1] += strip(token)
            else:
                words.append(token)
        return " ".join(words)

    return decode


def decode_with_spaces(tokens):
    text = ""
    for token in tokens:
        text += token[2:] if token.startswith("##") else " " + token
    return text


def my_split_points(word, vocab):
    pieces = encode_word(word, vocab)
    if pieces == ["[UNK]"]:
        return None
    starts = [0]
    for piece in pieces[:-1]:
        starts.append(starts[-1] + len(piece.removeprefix("##")))
    return starts


def split_points_counting_the_prefix(word, vocab):
    pieces = encode_word(word, vocab)
    if pieces == ["[UNK]"]:
        return None
    starts = [0]
    for piece in pieces[:-1]:
        starts.append(starts[-1] + len(piece))
    return starts


def split_points_like_the_seed(word, vocab):
    """Counts every position of a word it cannot split, as the seed notebook did."""
    return my_split_points(word, vocab) or list(range(len(word)))


def replay(word, merges):
    rank = {}
    for number, pair in enumerate(merges):
        rank.setdefault(tuple(pair), number)
    pieces = [word[0]] + ["##" + letter for letter in word[1:]]
    while True:
        present = [(rank[pair], pair) for pair in itertools.pairwise(pieces) if pair in rank]
        if not present:
            return pieces
        _, (left, right) = min(present)
        merged, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == (left, right):
                merged.append(left + right.removeprefix("##"))
                i += 2
            else:
                merged.append(pieces[i])
                i += 1
        pieces = merged


def replay_right_to_left(word, merges):
    """The right merge each round, but its occurrences joined from the right end of the word."""
    rank = {}
    for number, pair in enumerate(merges):
        rank.setdefault(tuple(pair), number)
    pieces = [word[0]] + ["##" + letter for letter in word[1:]]
    while True:
        present = [(rank[pair], pair) for pair in itertools.pairwise(pieces) if pair in rank]
        if not present:
            return pieces
        _, (left, right) = min(present)
        i = len(pieces) - 2
        while i >= 0:
            if (pieces[i], pieces[i + 1]) == (left, right):
                pieces[i : i + 2] = [left + right.removeprefix("##")]
                i -= 2
            else:
                i -= 1


def replay_joined_as_written(word, merges):
    """Joins two pieces as they are written: 'b' and '##n' make 'b##n'."""
    known = {tuple(pair): pair[0] + pair[1] for pair in merges}
    pieces = [word[0]] + ["##" + letter for letter in word[1:]]
    for pair in merges:
        i = 0
        while i < len(pieces) - 1:
            if (pieces[i], pieces[i + 1]) == tuple(pair):
                pieces[i : i + 2] = [known[tuple(pair)]]
            i += 1
    return pieces


def replay_leftmost_first(word, merges):
    """Merges the leftmost learned pair each round, not the earliest learned."""
    known = {tuple(pair) for pair in merges}
    pieces = [word[0]] + ["##" + letter for letter in word[1:]]
    while True:
        for i in range(len(pieces) - 1):
            if (pieces[i], pieces[i + 1]) in known:
                pieces[i : i + 2] = [pieces[i] + pieces[i + 1].removeprefix("##")]
                break
        else:
            return pieces


def replay_by_longest_match(word, merges):
    vocab = {piece for pair in merges for piece in pair} | {a + b.removeprefix("##") for a, b in merges}
    vocab |= {word[0], *("##" + letter for letter in word[1:])}
    return encode_word(word, vocab)


def longest_token(tokens):
    text_tokens = [token for token in tokens if token not in BERT_SPECIAL_TOKENS]
    return max(sorted(text_tokens), key=lambda token: len(token.removeprefix("##")))


def longest_token_stripping_every_hash(tokens):
    """strip('#') takes a '#' of the text away too: '###' ('#' continuing a word) counts as nothing."""
    text_tokens = [token for token in tokens if token not in BERT_SPECIAL_TOKENS]
    return max(sorted(text_tokens), key=lambda token: len(token.strip("#")))


def fertility_of(sentence: str, tokenizer: WordPieceTokenizer) -> float:
    words = tokenizer.words(sentence)
    return sum(len(tokenizer.encode_word(word)) for word in words) / len(words)


# ---------------------------------------------------------------- the cases


def _secrets(*values: Any) -> tuple[str, ...]:
    return tuple(repr(value) for value in values)


def cases_01() -> list[Case]:
    example = {word: count for word, count in WordCounts.from_texts(datasets.COURSE_SENTENCES).items()}
    alphabet_words = ["bun", "bug", "gnu"]
    right_alphabet = ["b", "g", "##u", "##n", "##g"]
    return [
        Case(
            "count_words",
            splitting_checks.check_word_counts,
            right=(count_words,),
            wrongs=(
                Wrong("every count 1", (lambda words: dict.fromkeys(words, 1),)),
                Wrong("sorted, not first-seen order", (lambda words: dict(sorted(count_words(words).items())),)),
                Wrong("collections.Counter", (lambda words: dict(collections.Counter(words)),), LIBRARY),
                Wrong("WordCounts", (lambda words: dict(WordCounts.from_words(words)),), LIBRARY),
                Wrong("the printed counts of the course sentences", (lambda words: dict(example),), COPIED),
                Wrong("the worked character count, wrapped", (count_characters,), COPIED),
            ),
            secrets=_secrets(*(count_words(w) for w in splitting_checks._fresh_word_lists() if w)),
        ),
        Case(
            "split_with_prefix",
            splitting_checks.check_split_word,
            right=(lambda word: [word[0]] + ["##" + character for character in word[1:]],),
            wrongs=(
                Wrong("no prefix", (list,)),
                Wrong("prefix on the first character too", (lambda word: ["##" + c for c in word],)),
                Wrong("the rest as one piece", (lambda word: [word[0], "##" + word[1:]],)),
                Wrong("lowercased", (lambda word: [word[0].lower()] + ["##" + c.lower() for c in word[1:]],)),
                Wrong("split_word", (split_word,), LIBRARY),
                Wrong("split_word under another name", (lambda word: wordpiece_lib.split_word(word),), LIBRARY),
                Wrong("the printed hugs example", (lambda word: ["h", "##u", "##g", "##s"],), COPIED),
                Wrong("the worked marker line, wrapped", (lambda word: ["_", *word],), COPIED),
            ),
            secrets=_secrets(*(split_word(w) for w in splitting_checks._fresh_prefix_words() if len(w) > 1)),
        ),
        Case(
            "split_with_end_marker",
            splitting_checks.check_end_marker_split,
            right=(lambda word: [*word[:-1], word[-1] + "</w>"],),
            wrongs=(
                Wrong("the marker as a piece of its own", (lambda word: [*word, "</w>"],)),
                Wrong("the marker on every piece", (lambda word: [c + "</w>" for c in word],)),
                Wrong("the marker on the first character", (lambda word: [word[0] + "</w>", *word[1:]],)),
                Wrong(
                    "## prefix kept",
                    (
                        lambda word: (
                            [word[0], *("##" + c for c in word[1:-1]), "##" + word[-1] + "</w>"]
                            if len(word) > 1
                            else [word + "</w>"]
                        ),
                    ),
                ),
                Wrong("lowercased", (lambda word: [*word.lower()[:-1], word.lower()[-1] + "</w>"],)),
                Wrong(
                    "split_word with a marker, reworked",
                    (lambda word: [*split_word(word, marker="_")[1:-1], split_word(word, marker="_")[-1] + "</w>"],),
                    LIBRARY,
                ),
                Wrong("the worked begin-of-word line, wrapped", (lambda word: ["_", *word],), COPIED),
                Wrong("the printed low example", (lambda word: ["l", "o", "w</w>"],), COPIED),
            ),
            secrets=_secrets(*([*w[:-1], w[-1] + "</w>"] for w in splitting_checks._fresh_marker_words())),
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
                Wrong(
                    "calls alphabet",
                    (right_alphabet,),
                    LIBRARY,
                    extra={"source": "my_alphabet = alphabet(['bun', 'bug', 'gnu'])"},
                ),
                computed(
                    "alphabet under an alias",
                    "from wordpiece_lib import alphabet as letters\nmy_alphabet = letters(['bun', 'bug', 'gnu'])",
                    {},
                    ("my_alphabet",),
                ),
                computed(
                    "split_word reached through another cell's helper",
                    "my_alphabet = sorted({piece for word in ['bun', 'bug', 'gnu'] for piece in cut(word)})",
                    {
                        "cut": another_cell(
                            "import wordpiece_lib as w\ndef cut(word):\n    return w.split_word(word)", "cut"
                        )
                    },
                    ("my_alphabet",),
                ),
                Wrong(
                    "the hug/pug alphabet printed above",
                    (["b", "h", "p", "##g", "##n", "##s", "##u"],),
                    COPIED,
                    {"source": ""},
                ),
            ),
            secrets=_secrets(right_alphabet, sorted(right_alphabet)),
        ),
    ]


def cases_02() -> list[Case]:
    after_ug = merge_pair(initial_splits(HUG_PUG), ("##u", "##g"), "##ug")
    selene = datasets.selene_counts()
    selene_splits = initial_splits(selene)
    bpe_best = max(pair_counts(selene_splits, selene).items(), key=lambda item: item[1])[0]
    wordpiece_best = max(score_pairs(selene_splits, selene), key=lambda c: c.score).pair
    corpora = score_checks._fresh_pair_corpora()
    return [
        Case(
            "count_pairs",
            score_checks.check_pair_counts,
            right=(count_pairs,),
            wrongs=(
                Wrong(
                    "one per word, ignoring counts",
                    (lambda s, c: {p: 1 for v in s.values() for p in itertools.pairwise(v)},),
                ),
                Wrong("a pair counted once per word", (count_pairs_once_per_word,)),
                Wrong("pair_counts", (pair_counts,), LIBRARY),
                Wrong("score_pairs", (lambda s, c: {x.pair: x.pair_count for x in score_pairs(s, c)},), LIBRARY),
                Wrong("the worked piece count, wrapped", (count_pieces,), COPIED),
                Wrong("pairs of every two pieces, not neighbours", (count_pairs_not_neighbours,)),
                Wrong("pair_counts under an alias, in a helper", (pair_counts_in_a_helper(),), LIBRARY),
            ),
            secrets=_secrets(*(pair_counts(initial_splits(c), c) for c in corpora)),
        ),
        Case(
            "wordpiece_score",
            score_checks.check_wordpiece_score,
            right=(lambda p, left, right: Fraction(p, left * right),),
            wrongs=(
                Wrong("a float", (lambda p, left, right: p / (left * right),)),
                Wrong("counts added", (lambda p, left, right: Fraction(p, left + right),)),
                Wrong("a Fraction made from a float", (lambda p, left, right: Fraction(p / (left * right)),)),
                Wrong("upside down", (lambda p, left, right: Fraction(left * right, p),)),
                Wrong("the BPE count", (lambda p, left, right: Fraction(p),)),
                Wrong("scores.wordpiece_score", (wordpiece_score,), LIBRARY),
                Wrong("the printed 1/20", (lambda p, left, right: Fraction(1, 20),), COPIED),
            ),
            secrets=("Fraction(3, 11)", "3/11"),
        ),
        Case(
            "best_after_ug",
            score_checks.check_best_pair,
            right=(("##u", "##n"),),
            data=(after_ug, HUG_PUG),
            wrongs=(
                Wrong("the best pair before the merge, printed earlier", (("##g", "##s"),), COPIED),
                Wrong("the most frequent pair", (("h", "##ug"),)),
                Wrong("pieces that never stand side by side", (("p", "##un"),)),
                Wrong("the pair just merged", (("##u", "##g"),)),
                Wrong("without the ## prefix", (("u", "n"),)),
            ),
            secrets=_secrets(("##u", "##n"), ("b", "##u")),
        ),
        Case(
            "bpe_first",
            score_checks.check_score_order,
            right=(bpe_best,),
            data=(selene_splits, selene, "bpe"),
            wrongs=(
                Wrong("WordPiece's choice", (wordpiece_best,)),
                Wrong("hug/pug's BPE pair, printed above", (("##u", "##g"),), COPIED),
                Wrong("without the ## prefix", ((bpe_best[0], bpe_best[1].removeprefix("##")),)),
                Wrong("the most frequent pair read backwards", ((bpe_best[1], bpe_best[0]),)),
                Wrong("WordPiece's best pair of hug/pug, printed in section 2", (("##g", "##s"),), COPIED),
            ),
            secrets=_secrets(bpe_best),
        ),
    ]


def cases_03() -> list[Case]:
    first_three = ["##gs", "hu", "hug"]
    lexical = ["##gs", "##ug", "##ugs", "hugs"]
    fresh = merge_checks._fresh_merge_cases()
    return [
        Case(
            "merge_all",
            merge_checks.check_merge_all,
            right=(each(merge),),
            wrongs=(
                Wrong("keeps the right piece's ##", (each(merge_keeping_the_prefix),)),
                Wrong("overlapping merges", (each(merge_overlapping),)),
                Wrong("the first occurrence only", (each(merge_first_occurrence_only),)),
                Wrong("the pairs in reverse order", (lambda splits, pairs: each(merge)(splits, pairs[::-1]),)),
                Wrong("each pair looked for in the original splits", (merge_each_in_the_original,)),
                Wrong("only the first pair", (lambda splits, pairs: merge(splits, pairs[0]),)),
                Wrong("merge_pair", (each(lambda splits, pair: merge_pair(splits, pair, join_pair(*pair))),), LIBRARY),
                Wrong("merge_pair under an alias, from another cell", (merge_all_from_another_cell(),), LIBRARY),
                Wrong("section 1's worked cell, wrapped in a def", (worked_merge_cell,), COPIED),
                Wrong(
                    "the printed ##gs result",
                    (lambda splits, pairs: merge(initial_splits(HUG_PUG), ("##g", "##s")),),
                    COPIED,
                ),
            ),
            secrets=_secrets(
                *(
                    pieces  # the merged pieces of every word a merge changed (the others are the input itself)
                    for splits, pairs in fresh
                    for word, pieces in merge_checks._merged(splits, pairs).items()
                    if len(pieces) > 1 and pieces != splits[word]
                )
            ),
        ),
        Case(
            "first_three",
            merge_checks.check_merges,
            right=(first_three,),
            data=(VARIANT, 3),
            right_extra={"source": f"first_three = {first_three!r}"},
            wrongs=(
                Wrong("hug/pug's first three, printed above", (["##gs", "hu", "hugs"],), COPIED, {"source": ""}),
                typed("BPE's choices", ["##ug", "##un", "hug"]),
                typed("a tie broken alphabetically", ["##gs", "##ug", "hug"]),
                computed(
                    "the trainer under an alias",
                    "first_three = [s.new_token for s in tb(variant, 100).steps[:3]]",
                    {"tb": train_bottom_up, "variant": VARIANT},
                    ("first_three",),
                ),
                computed(
                    "a helper from another cell runs train_fast",
                    "first_three = predict(variant)",
                    {
                        "predict": another_cell(
                            "from wordpiece_lib import train_fast as go\ndef predict(c):\n    return go(c, 100).new_tokens[:3]",
                            "predict",
                        ),
                        "variant": VARIANT,
                    },
                    ("first_three",),
                ),
                computed(
                    "read off a trace made in another cell",
                    "first_three = big.tokens(3)[-3:]",
                    {"big": Later(lambda: train_bottom_up(VARIANT, 100))},
                    ("first_three",),
                ),
                Wrong(
                    "runs the trainer",
                    (first_three,),
                    LIBRARY,
                    {"source": "first_three = [s.new_token for s in train_bottom_up(variant, 100).steps[:3]]"},
                ),
            ),
            secrets=_secrets(first_three, "hug"),
        ),
        Case(
            "lexical_four",
            merge_checks.check_lexical_merges,
            right=(lexical,),
            data=(HUG_PUG, 4),
            right_extra={"source": f"lexical_four = {lexical!r}"},
            wrongs=(
                Wrong(
                    "the 'first' order printed in the trace", (["##gs", "hu", "hugs", "hug"],), COPIED, {"source": ""}
                ),
                Wrong(
                    "SELENE's lexical four, printed in the table",
                    (["##ng", "##id", "wid", "##ong"],),
                    COPIED,
                    {"source": ""},
                ),
                typed("no recount after merge 2", ["##gs", "##ug", "##un", "hugs"]),
                typed("the 'first' policy's fourth merge kept", ["##gs", "##ug", "##ugs", "hug"]),
                computed(
                    "read off a lexical trace made in another cell",
                    "lexical_four = lexical_trace.tokens(4)[-4:]",
                    {"lexical_trace": Later(lambda: train_bottom_up(HUG_PUG, 100, tie_break="lexical"))},
                    ("lexical_four",),
                ),
                Wrong(
                    "runs the trainer",
                    (lexical,),
                    LIBRARY,
                    {"source": "lexical_four = train_bottom_up(word_counts, 100, tie_break='lexical').tokens()[-4:]"},
                ),
            ),
            secrets=_secrets(lexical, "##ugs"),
        ),
        Case(
            "final_size",
            merge_checks.check_final_size,
            right=(19,),
            data=(HUG_PUG, ["[UNK]", "[CLS]", "[SEP]"]),
            right_extra={"source": "final_size = 3 + 7 + 9"},
            wrongs=(
                typed("no merges counted", 10),
                Wrong("the size with two special tokens", (18,), COPIED, {"source": ""}),
                typed("every letter twice in the alphabet", 26),
                typed("the special tokens forgotten", 16),
                computed(
                    "the trainer under an alias",
                    "final_size = len(t(word_counts, 1000, special_tokens=['[UNK]', '[CLS]', '[SEP]']).tokens())",
                    {"t": train_bottom_up, "word_counts": HUG_PUG},
                    ("final_size",),
                ),
                Wrong("counts the trained vocab", (19,), LIBRARY, {"source": "final_size = len(big.tokens())"}),
            ),
            secrets=("19",),
        ),
    ]


def cases_04() -> list[Case]:
    trace = train_bottom_up(datasets.hug_pug_counts(), vocab_size=100, special_tokens=["[UNK]"])
    puns_trace = train_bottom_up({**datasets.hug_pug_counts(), "puns": 6}, vocab_size=100, special_tokens=["[UNK]"])
    fresh = encoding_checks._fresh_encode_cases()
    return [
        Case(
            "my_encode",
            encoding_checks.check_longest_match,
            right=(my_encode_marked,),
            wrongs=(
                Wrong("no 100-character rule", (in_marker_style(encode_without_length_rule),)),
                Wrong("[UNK] for one position only", (in_marker_style(encode_with_partial_unk),)),
                Wrong("shortest match first", (in_marker_style(encode_shortest_first),)),
                Wrong("[UNK] from 100 characters on", (in_marker_style(encode_unk_from_100),)),
                Wrong("the marker on every piece", (lambda word, vocab: lookups(word, vocab, "_", "_"),)),
                Wrong("no marker at all", (lambda word, vocab: lookups(word, vocab, "", ""),)),
                Wrong("'##' for the pieces after the first", (lambda word, vocab: lookups(word, vocab, "_", "##"),)),
                Wrong("encode_word, the vocab turned back", (in_marker_style(encode_word),), LIBRARY),
                Wrong(
                    "WordPieceTokenizer's method",
                    (in_marker_style(lambda word, vocab: WordPieceTokenizer(Vocab(sorted(vocab))).encode_word(word)),),
                    LIBRARY,
                ),
                Wrong("section 1's longest_match with the 100 rule, as it stands", (my_encode,), COPIED),
                Wrong("the notebook's longest_match", (calls_the_worked_example,), COPIED),
                Wrong("the 100 rule on bytes, not characters", (encode_marked_length_in_bytes,)),
                Wrong("the word lowercased first", (encode_marked_lowercased,)),
                Wrong("'_' + word, then a plain longest match", (encode_marker_as_a_letter,)),
            ),
            secrets=_secrets(
                *(
                    tokens
                    for word, vocab in fresh
                    if (tokens := [encoding_checks.marker_token(t) for t in encode_word(word, vocab)]) != ["[UNK]"]
                )
            ),
        ),
        Case(
            "my_word",
            encoding_checks.check_replay_differs,
            right=("buns",),
            data=(puns_trace,),
            options={"before": trace},
            right_extra={"source": "my_word = 'buns'"},
            wrongs=(
                typed("the table's word, which disagreed before", "pugs"),
                Wrong("the old exercise's way: a table word and a letter more", ("pugsu",), COPIED, {"source": ""}),
                typed("the new corpus word, now one piece", "puns"),
                typed("a word both cut alike", "huns"),
                typed("a letter longest match cannot start with", "nuns"),
                typed("the new suffix on a word piece that has it", "pugns"),
                computed(
                    "the table's search run on the new trace",
                    "my_word = next(w for w in ['puns', 'buns'] if search(w, new) != replay(w, new.merges))",
                    {
                        "search": lambda w, t: encode_word(w, set(t.tokens())),
                        "replay": encode_with_merges,
                        "new": puns_trace,
                    },
                    ("my_word",),
                ),
                computed(
                    "the encoders under other names",
                    "my_word = [w for w in ('hugs', 'buns') if ew(w, v) != em(w, new.merges)][0]",
                    {"ew": encode_word, "em": encode_with_merges, "v": set(puns_trace.tokens()), "new": puns_trace},
                    ("my_word",),
                ),
            ),
            secrets=("'buns'",),
        ),
        Case(
            "my_decode",
            encoding_checks.check_decode,
            right=(my_decode,),
            wrongs=(
                Wrong("spaces everywhere", (lambda tokens: " ".join(tokens),)),
                Wrong("a space in front", (decode_with_spaces,)),
                Wrong("## dropped but not glued", (lambda tokens: " ".join(t.removeprefix("##") for t in tokens),)),
                Wrong("decode_pieces", (decode_pieces,), LIBRARY),
                Wrong("the printed example", (lambda tokens: "hugs are fun",), COPIED),
                Wrong("one '#' taken for the prefix, lstrip", (decode_stripping(lambda token: token.lstrip("#")),)),
                Wrong("one '#' taken for the prefix, [2:]", (decode_stripping(lambda token: token[2:]),)),
                Wrong(
                    "a WordPieceDecoder made in another cell",
                    (lambda tokens: A_DECODER.decode(tokens),),
                    LIBRARY,
                ),
                Wrong(
                    "WordPieceDecoder's method under another name", (WordPieceDecoder(cleanup=False).decode,), LIBRARY
                ),
                Wrong(
                    "the tokenizer's decode",
                    (lambda tokens: WordPieceTokenizer(Vocab(sorted({"[UNK]", *tokens}))).decode(tokens),),
                    LIBRARY,
                ),
            ),
            secrets=_secrets(*(decode_pieces(tokens) for tokens in encoding_checks._fresh_token_lists())),
        ),
    ]


#: Notebook 05's worked threshold pass (section 2), as its cell defines it: a learner can run it on any corpus.
ONE_PASS_CELL = """
import pandas as pd

def one_pass(totals, threshold):
    left = dict(totals)
    rows = []
    for token in sorted(left, key=lambda text: len(text.removeprefix("##")), reverse=True):
        rows.append((token, totals[token], left[token], left[token] >= threshold))
        start = 2 if token.startswith("##") else 0
        for end in range(start + 1, len(token)):
            left[token[:end]] -= left[token]
    return pd.DataFrame(rows, columns=["substring", "counted", "left when its turn comes", "kept"])
"""


def worked_one_pass() -> Callable[..., Any]:
    return another_cell(ONE_PASS_CELL, "one_pass")


def cases_05() -> list[Case]:
    hugged = {"hug": 10, "hugs": 5, "hugged": 3}
    survivors_corpus = {"hug": 6, "hugs": 3, "bugs": 3, "bug": 1}
    survivors = {"hug", "##ugs", "##ug", "##gs", "##g", "##s"}
    rounds = book_rounds()
    threshold = next(t for t in range(1, 200) if 1425 <= rounds.size(t) <= 1500)
    fresh = top_down_checks._fresh_split_cases()
    return [
        Case(
            "hug_keeps",
            top_down_checks.check_effective_count,
            right=(10,),
            data=(hugged, "hug", 4),
            wrongs=(
                Wrong("the total count", (18,)),
                Wrong("only kept substrings taken off (the guide)", (13,)),
                Wrong("taken off twice", (7,)),
                Wrong("hug plus hugs", (15,)),
                Wrong("only the longer word's count", (5,)),
                computed(
                    "the library's threshold pass, read off",
                    "hug_keeps = one_pass(substring_counts(corpus), 4)['hug']",
                    {"one_pass": threshold_pass, "substring_counts": substring_counts, "corpus": hugged},
                    ("hug_keeps",),
                ),
                computed(
                    "section 2's worked one_pass, run on the exercise's corpus",
                    "table = one_pass(substring_counts(corpus), 4)\n"
                    "hug_keeps = int(table[table['substring'] == 'hug']['left when its turn comes'].iloc[0])",
                    {"one_pass": Later(worked_one_pass), "substring_counts": substring_counts, "corpus": hugged},
                    ("hug_keeps",),
                    COPIED,
                ),
                computed(
                    "section 2's worked one_pass, through a helper of another cell",
                    "hug_keeps = left_of(corpus, 'hug')",
                    {
                        "left_of": Later(
                            lambda: another_cell(
                                "def left_of(corpus, token):\n"
                                "    table = one_pass(substring_counts(corpus), 4).set_index('substring')\n"
                                "    return int(table.loc[token, 'left when its turn comes'])",
                                "left_of",
                                one_pass=worked_one_pass(),
                                substring_counts=substring_counts,
                            )
                        ),
                        "one_pass": Later(worked_one_pass),
                        "corpus": hugged,
                    },
                    ("hug_keeps",),
                    COPIED,
                ),
            ),
            secrets=("10",),
        ),
        Case(
            "survivors",
            top_down_checks.check_surviving_substrings,
            right=(survivors,),
            data=(survivors_corpus, 4),
            wrongs=(
                Wrong("the guide's rule", (survivors | {"bug"},)),
                Wrong("a prefix that gave its count away", (survivors | {"hu"},)),
                Wrong("only counts above the threshold", (survivors - {"##g", "##s"},)),
                Wrong("one missing", (survivors - {"##ug"},)),
                Wrong("the whole word dropped", (survivors - {"hug"},)),
                computed(
                    "one pass of the library",
                    "survivors = set(threshold_pass(substring_counts(corpus), 4))",
                    {
                        "threshold_pass": threshold_pass,
                        "substring_counts": substring_counts,
                        "corpus": survivors_corpus,
                    },
                    ("survivors",),
                ),
                computed(
                    "TopDownRounds under an alias, the characters added by hand",
                    "v = R(corpus, num_iterations=1).vocabs(4)[0]\n"
                    "survivors = {t for t in v if len(t.removeprefix('##')) > 1 and t != '[UNK]'} | {'##g', '##s'}",
                    {"R": TopDownRounds, "corpus": survivors_corpus},
                    ("survivors",),
                ),
                computed(
                    "section 2's worked one_pass, run on the exercise's corpus",
                    "table = one_pass(substring_counts(corpus), 4)\nsurvivors = set(table[table['kept']]['substring'])",
                    {
                        "one_pass": Later(worked_one_pass),
                        "substring_counts": substring_counts,
                        "corpus": survivors_corpus,
                    },
                    ("survivors",),
                    COPIED,
                ),
            ),
            secrets=_secrets(sorted(survivors), "##ug"),
        ),
        Case(
            "my_split_points",
            top_down_checks.check_split_points,
            right=(my_split_points,),
            wrongs=(
                Wrong("## counted in the length", (split_points_counting_the_prefix,)),
                Wrong("every position of an unsplittable word", (split_points_like_the_seed,)),
                Wrong("the pieces instead of positions", (lambda word, vocab: encode_word(word, vocab),)),
                Wrong("split_points", (split_points,), LIBRARY),
                Wrong("the printed shells example", (lambda word, vocab: [0, 3, 4, 5],), COPIED),
                Wrong("the shortest match at each position", (split_points_shortest_first,)),
            ),
            # every split but those that look like the seed's "every position" (a wrong answer's own output)
            secrets=_secrets(
                *(
                    points
                    for word, vocab in fresh
                    if (points := split_points(word, vocab)) and points != list(range(len(points)))
                )
            ),
        ),
        Case(
            "my_threshold",
            top_down_checks.check_threshold_for_size,
            right=(threshold,),
            data=(rounds, 1500),
            right_extra={"source": f"my_threshold = {threshold}"},
            wrongs=(
                Wrong(
                    "the search table's row for 1,000",
                    (next(t for t in range(1, 200) if rounds.size(t) <= 1000),),
                    COPIED,
                    {"source": ""},
                ),
                typed("too low", threshold - 2),
                typed("too high", threshold + 3),
                typed("far too low", threshold - 10),
                typed("twice as high", threshold * 2),
                Wrong(
                    "runs the search",
                    (threshold,),
                    LIBRARY,
                    {"source": "my_threshold = train_top_down(book_counts, 1500, ['[UNK]'], lower_thresh=1).threshold"},
                ),
            ),
            secrets=(str(threshold),),
        ),
    ]


#: Notebook 06's candidates of section 2 (two to five letters the course corpus's pieces spell), adapted to the
#: gnus corpus: g may start a word too.
CANDIDATES_06 = [
    "".join((first, *rest))
    for size in range(1, 5)
    for first in "hpbg"
    for rest in itertools.product("ugns", repeat=size)
]


def cases_06() -> list[Case]:
    wp_toy = train_fast(HUG_PUG, 100, special_tokens=["[UNK]"])
    bpe_toy = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    gnus_bpe = train_bpe(GNUS, 100, special_tokens=["[UNK]"])
    fresh = bpe_checks._fresh_replay_cases()
    return [
        Case(
            "bpe_first_two",
            bpe_checks.check_first_bpe_merges,
            right=([("##u", "##g"), ("##u", "##n")],),
            data=(HUG_PUG, 2),
            wrongs=(
                Wrong("WordPiece's first merge, printed above", ([("##g", "##s"), ("##u", "##g")],), COPIED),
                Wrong("no recount after merge 1", ([("##u", "##g"), ("p", "##u")],)),
                Wrong("merge 3 as merge 2", ([("##u", "##g"), ("h", "##ug")],)),
                Wrong("the new tokens instead of pairs", (["##ug", "##un"],)),
                Wrong("the two merges swapped", ([("##u", "##n"), ("##u", "##g")],)),
                computed(
                    "BPE trained, its first two merges read off",
                    "bpe_first_two = bpe(corpus, 100).merges[:2]",
                    {"bpe": train_bpe, "corpus": HUG_PUG},
                    ("bpe_first_two",),
                ),
            ),
            secrets=_secrets(("##u", "##n")),
        ),
        Case(
            "toy_jaccard",
            bpe_checks.check_jaccard,
            right=(Fraction(13, 19),),
            data=(wp_toy.tokens(), bpe_toy.tokens()),
            wrongs=(
                Wrong("divided by WordPiece's size", (Fraction(13, 17),)),
                Wrong("shared counted twice in the union", (Fraction(13, 32),)),
                Wrong("divided by BPE's size", (Fraction(13, 15),)),
                computed(
                    "section 1's tokens only WordPiece built, made a share of WordPiece's vocab",
                    "only_wordpiece = [token for token in wp.new_tokens if token not in bpe.tokens()]\n"
                    "toy_jaccard = Fraction(len(wp.tokens()) - len(only_wordpiece), len(wp.tokens()))",
                    {"wp": wp_toy, "bpe": bpe_toy, "Fraction": Fraction},
                    ("toy_jaccard",),
                    COPIED,
                ),
                Wrong("the right value as a float", (13 / 19,)),
                Wrong("a Fraction made from the float", (Fraction(13 / 19),)),
                computed(
                    "vocab_overlap's jaccard, under an alias",
                    "toy_jaccard = Fraction(overlap(wp, bpe).jaccard).limit_denominator(100)",
                    {"overlap": vocab_overlap, "Fraction": Fraction, "wp": wp_toy.tokens(), "bpe": bpe_toy.tokens()},
                    ("toy_jaccard",),
                ),
                computed(
                    "counted through another cell's helper",
                    "toy_jaccard = share(wp, bpe)",
                    {
                        "share": another_cell(
                            "from fractions import Fraction\nfrom wordpiece_lib.analysis import segmentation as sg\n"
                            "def share(a, b):\n    o = sg.vocab_overlap(a, b)\n"
                            "    return Fraction(len(o.shared), len(o.shared) + len(o.only_first) + len(o.only_second))",
                            "share",
                        ),
                        "wp": wp_toy.tokens(),
                        "bpe": bpe_toy.tokens(),
                    },
                    ("toy_jaccard",),
                ),
            ),
            secrets=("13/19", "Fraction(13, 19)", "0.684", "19 in"),
        ),
        Case(
            "replay",
            bpe_checks.check_merge_replay,
            right=(replay,),
            wrongs=(
                Wrong("leftmost pair first", (replay_leftmost_first,)),
                Wrong("a pair standing several times joined from the right", (replay_right_to_left,)),
                Wrong("pieces joined as written, '##' kept inside", (replay_joined_as_written,)),
                Wrong("longest match", (replay_by_longest_match,)),
                Wrong("the merges replayed last-learned first", (lambda word, merges: replay(word, merges[::-1]),)),
                Wrong("no merge replayed", (lambda word, merges: [word[0]] + ["##" + c for c in word[1:]],)),
                Wrong("encode_with_merges", (encode_with_merges,), LIBRARY),
                Wrong("the printed hugs example", (lambda word, merges: ["hug", "##s"],), COPIED),
            ),
            secrets=_secrets(*(encode_with_merges(w, m) for w, m in fresh if len(encode_with_merges(w, m)) > 1)),
        ),
        Case(
            "bpe_differing_word",
            bpe_checks.check_encoders_differ,
            right=("gnug",),
            data=(gnus_bpe,),
            right_extra={"source": "bpe_differing_word = 'gnug'"},
            options={"known": ["pugs"]},
            wrongs=(
                Wrong("WordPiece's pugs, shown in notebook 04", ("pugs",), COPIED),
                Wrong("a corpus word", ("gnus",)),
                Wrong("a letter the corpus lacks", ("gnum",)),
                Wrong("a corpus word, cut alike", ("pug",)),
                Wrong("another corpus word", ("hugs",)),
                computed(
                    "section 2's search of every candidate (g added as a first letter), run on the new vocab",
                    "found = differing_words(longest_match_encoder(bpe_gnus), merge_replay_encoder(bpe_gnus), "
                    "candidates)\nbpe_differing_word = [word for word, *_ in found if word != 'pugs'][0]",
                    {
                        "differing_words": differing_words,
                        "longest_match_encoder": longest_match_encoder,
                        "merge_replay_encoder": merge_replay_encoder,
                        "bpe_gnus": gnus_bpe,
                        "candidates": CANDIDATES_06,
                    },
                    ("bpe_differing_word",),
                    COPIED,
                ),
                computed(
                    "the search under an alias",
                    "bpe_differing_word = next(w for w, *_ in dw(lm(bpe_gnus), mr(bpe_gnus), candidates) if w != 'pugs')",
                    {
                        "dw": differing_words,
                        "lm": longest_match_encoder,
                        "mr": merge_replay_encoder,
                        "bpe_gnus": gnus_bpe,
                        "candidates": CANDIDATES_06,
                    },
                    ("bpe_differing_word",),
                ),
            ),
            secrets=("'gnug'",),
        ),
    ]


def cases_07() -> list[Case]:
    full_vocab = set(full_trace().tokens())
    counts = book_counts_cased()
    vocab = vocab_of_size(11_800)
    whole = sum(name in vocab for name in NAMES)
    made_at = {step.new_token: step for step in full_trace().steps}
    five_sentences_fertility = text_fertility_table(
        full_trace(), {"s": WordCounts.from_texts(FIVE_SENTENCES)}, [10_000]
    )
    by_merge_number = sum(made_at[name].number <= 11_800 for name in NAMES)  # the wrong column of the table
    at_10k = sum(name in vocab_10k() for name in NAMES)
    predictions = {word: len(encode_word(word, full_vocab)) > 1 for word in WORDS_TO_PREDICT}
    naive = {word: word not in counts for word in WORDS_TO_PREDICT}
    tokenizer = WordPieceTokenizer(Vocab(full_trace().tokens(full_trace().steps_for_size(10_000))))
    words = tokenizer.words(TEAM_SENTENCE)
    tokens = [token for word in words for token in tokenizer.encode_word(word)]
    plain = [word for word in words if any(c.isalnum() for c in word)]
    fresh = book_checks._fresh_vocabs()
    return [
        Case(
            "longest_token",
            book_checks.check_longest_token,
            right=(longest_token,),
            wrongs=(
                Wrong("max by len, ## counted", (lambda tokens: max(tokens, key=len),)),
                Wrong("special tokens kept", (lambda tokens: max(tokens, key=lambda t: len(t.removeprefix("##"))),)),
                Wrong(
                    "the length, not the token",
                    (lambda tokens: max(len(t.removeprefix("##")) for t in tokens if t not in BERT_SPECIAL_TOKENS),),
                ),
                Wrong("the notebook's 10k answer typed in", (lambda tokens: "miscalculations",), COPIED),
                Wrong("the first token", (lambda tokens: tokens[0],)),
                Wrong("every '#' stripped, not the prefix removed once", (longest_token_stripping_every_hash,)),
            ),
            secrets=_secrets(
                *(
                    max((t for t in v if t not in BERT_SPECIAL_TOKENS), key=lambda t: len(t.removeprefix("##")))
                    for v in fresh
                )
            ),
        ),
        Case(
            "whole_names",
            book_checks.check_single_token_names,
            right=(whole,),
            data=(NAMES, vocab),
            wrongs=(
                Wrong(
                    "every name: section 3's table is the whole vocab's, where every name is a token",
                    (len(NAMES),),
                    COPIED,
                ),
                typed("the 10,000-token vocab's count (the exercise before issue 25)", at_10k),
                typed("the table read by its merge number, not its vocab size", by_merge_number),
                Wrong("one too many", (whole + 1,)),
                Wrong("none", (0,)),
                Wrong("two too many", (whole + 2,)),
                Wrong("one too few", (whole - 1,)),
                computed(
                    "the names cut by the encoder, under an alias",
                    "whole_names = sum(len(cut(name, vocab)) == 1 for name in names)",
                    {"cut": encode_word, "vocab": vocab, "names": NAMES},
                    ("whole_names",),
                ),
                computed(
                    "a tokenizer object's method",
                    "whole_names = sum(len(tok.encode_word(name)) == 1 for name in names)",
                    {"tok": WordPieceTokenizer(Vocab(sorted(vocab))), "names": NAMES},
                    ("whole_names",),
                ),
            ),
            secrets=(str(whole),),
        ),
        Case(
            "predicted_split",
            book_checks.check_split_predictions,
            right=(predictions,),
            data=(full_vocab, counts, WORDS_TO_PREDICT),
            right_extra={"source": f"predicted_split = {predictions!r}"},
            wrongs=(
                Wrong(
                    "section 4's words the book never uses, cut into pieces: taken as the rule",
                    (naive,),
                    COPIED,
                    {"source": f"predicted_split = {naive!r}"},
                ),
                typed("everything split", dict.fromkeys(WORDS_TO_PREDICT, True)),
                Wrong(
                    "the whole vocab looked up, not predicted",
                    (predictions,),
                    extra={"source": "predicted_split = {w: w not in full_vocab for w in words_to_predict}"},
                ),
                Wrong(
                    "the merges' record looked up",
                    (predictions,),
                    extra={"source": "predicted_split = {w: w not in made_at for w in words_to_predict}"},
                ),
                Wrong(
                    "encodes instead of predicting",
                    (predictions,),
                    LIBRARY,
                    {"source": "predicted_split = {w: len(encode_word(w, full_vocab)) > 1 for w in words_to_predict}"},
                ),
                computed(
                    "the encoder under an alias",
                    "predicted_split = {w: len(ew(w, vocab)) > 1 for w in words}",
                    {"ew": encode_word, "vocab": full_vocab, "words": WORDS_TO_PREDICT},
                    ("predicted_split",),
                ),
                computed(
                    "a tokenizer object's method, in another cell's helper",
                    "predicted_split = {w: pieces(w) > 1 for w in words}",
                    {
                        "pieces": another_cell(
                            "def make(tok):\n    def pieces(w):\n        return len(tok.tokenize(w))\n    return pieces",
                            "make",
                        )(WordPieceTokenizer(Vocab(full_trace().tokens()))),
                        "words": WORDS_TO_PREDICT,
                    },
                    ("predicted_split",),
                ),
            ),
            secrets=("'hug': False", "'school': False", "'captains': True"),
        ),
        Case(
            "team_fertility",
            book_checks.check_fertility,
            right=(len(tokens) / len(words),),
            data=(TEAM_SENTENCE, tokenizer),
            wrongs=(
                Wrong("punctuation left out", (len(tokens) / len(plain),)),
                Wrong("words per token", (len(words) / len(tokens),)),
                Wrong("the number of tokens", (len(tokens),)),
                Wrong("rounded to one decimal", (round(len(tokens) / len(words), 1),)),
                Wrong("[CLS] and [SEP] counted", ((len(tokens) + 2) / len(words),)),
                Wrong(
                    "[UNK] left out of the tokens",
                    (sum(token != "[UNK]" for token in tokens) / len(words),),
                ),
                Wrong(
                    "section 4's printed team sentence, its tokens counted off the output",
                    (fertility_of(PRINTED_TEAM_SENTENCE, tokenizer),),
                    COPIED,
                    {"source": ""},
                ),
                Wrong(
                    "the five sentences' fertility at 10,000, read off section 5's table",
                    (round(float(five_sentences_fertility["s"].iloc[0]), 2),),
                    COPIED,
                    {"source": ""},
                ),
                computed(
                    "the library's measure, under an alias",
                    "team_fertility = m(tok.encode_word, WordCounts.from_texts([sentence])).fertility",
                    {"m": measure, "tok": tokenizer, "WordCounts": WordCounts, "sentence": TEAM_SENTENCE},
                    ("team_fertility",),
                ),
                computed(
                    "the notebook's fertility table, made for the sentence",
                    "t = table(trace, {'s': WordCounts.from_texts([sentence])}, [10_000])\n"
                    "team_fertility = float(t['s'].iloc[0])",
                    {
                        "table": text_fertility_table,
                        "trace": full_trace(),
                        "WordCounts": WordCounts,
                        "sentence": TEAM_SENTENCE,
                    },
                    ("team_fertility",),
                ),
            ),
            secrets=(f"{len(tokens)} tokens", f"{len(words)} words", f"{len(tokens) / len(words):.3f}"),
        ),
    ]


def cases_08() -> list[Case]:
    paper = LinMaxMatch(PAPER_VOCAB)
    token_automaton = LinMaxMatch(TOKEN_VOCAB)
    return [
        Case(
            "failure_of_tokeniz",
            fast_checks.check_failure,
            right=(["token", "##i"], "##z"),
            data=(token_automaton, "tokeniz"),
            wrongs=(
                Wrong("stops popping too early", (["token"], "##iz")),
                Wrong("pops too far", (["token", "##i", "##z"], "##")),
                Wrong("right pops, wrong link", (["token", "##i"], "##iz")),
                Wrong("the paper's abcd answer, printed above", (["a", "##b"], "##cd"), COPIED),
                computed(
                    "read off the automaton's node",
                    "node = automaton.node(automaton.find('tokeniz'))\nmy_pops = list(node.failure_pops)\n"
                    "my_link = automaton.label(node.failure_link)",
                    {"automaton": LinMaxMatch(TOKEN_VOCAB)},
                    ("my_pops", "my_link"),
                ),
            ),
            secrets=_secrets(["token", "##i"], "##z"),
        ),
        Case(
            "emitted_at_s",
            fast_checks.check_emitted_at,
            right=(["token", "##i"],),
            data=(token_automaton, "tokenis", 6),
            wrongs=(
                Wrong("only the first failure", (["token"],)),
                Wrong("the whole word's tokens", (["token", "##i", "##s"],)),
                Wrong("the abcdz example's pops", (["a", "##b", "##c"],), COPIED),
                Wrong("the pops of the next failure too", (["token", "##i", "##s"],)),
                computed(
                    "read off the automaton's trace",
                    "emitted_at_s = [t for step in automaton.trace('tokenis') if step.kind == 'fail' and step.position == 6 "
                    "for t in step.tokens]",
                    {"automaton": LinMaxMatch(TOKEN_VOCAB)},
                    ("emitted_at_s",),
                ),
            ),
            secrets=_secrets(["token", "##i"]),
        ),
        Case(
            "unk_word",
            fast_checks.check_unk_word,
            right=("acx", 2),
            data=(paper,),
            wrongs=(
                Wrong("the worked example abd", ("abd", 3), COPIED),
                Wrong("abcz, walked through above", ("abcz", 3), COPIED),
                Wrong("position counted from 1", ("acx", 3)),
                Wrong("a word that is not [UNK]", ("abcdx", 5)),
                Wrong("unknown from the first letter", ("zz", 0)),
                computed(
                    "found with the automaton's encode_word",
                    "unk_word = next(w for w in ['ab', 'abcx', 'acx'] if w != 'abcx' and paper.encode_word(w) == ['[UNK]'])\n"
                    "unk_position = 2",
                    {"paper": LinMaxMatch(PAPER_VOCAB)},
                    ("unk_word", "unk_position"),
                ),
            ),
        ),
    ]


# ---------------------------------------------------------------- notebook 09: beyond English

UNCASED = BertNormalizer(lowercase=True)
WORDS_TO_GROUP = ["résumé", "resume", "côte", "côté", "cote", "maïs", "mais", "Straße", "strasse",
                  "Ελλάδα", "Ελλαδα", "пой", "пои", "がっこう", "かっこう", "학교"]  # fmt: skip
#: Worked out by hand from Unicode's decompositions (NFD, then the non-spacing marks dropped, then lowercase).
ACCENT_GROUPS = [
    ["résumé", "resume"], ["côte", "côté", "cote"], ["maïs", "mais"], ["Ελλάδα", "Ελλαδα"], ["пой", "пои"],
    ["がっこう", "かっこう"],
]  # fmt: skip
CORPUS_SIZES = {
    "en": 1_000_000, "fr": 400_000, "ru": 300_000, "ja": 250_000, "zh": 250_000, "vi": 100_000, "ar": 100_000,
    "ko": 80_000, "he": 60_000, "el": 50_000, "hi": 30_000,
}  # fmt: skip
LANGUAGES = ["en", "fr", "vi", "ru", "el", "ar", "he", "hi", "zh", "ja", "ko"]
EXPONENTS = (0.0, 0.2, 0.3, 0.5, 0.7, 1.0)
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
    return exponent_sweep(word_lists(), exponents=EXPONENTS, vocab_size=8_000, phrases=parallel_phrases(LANGUAGES))


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


def share_of(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
    owned = 0
    for token in counted:
        best = max(usage, key=lambda lang: usage[lang].get(token, 0))
        if best == language and usage[language].get(token, 0) > 0:
            owned += 1
    return owned / len(counted)


def share_as_a_count(language, tokens, usage):
    return share_of(language, tokens, usage) * len([t for t in dict.fromkeys(tokens) if t not in BERT_SPECIAL_TOKENS])


def share_with_the_special_tokens(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
    return share_of(language, tokens, usage) * len(counted) / len(tokens)


def share_of_every_user(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
    return sum(1 for token in counted if usage[language].get(token, 0) > 0) / len(counted)


def share_last_language_wins_ties(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
    owned = 0
    for token in counted:
        best = max(reversed(list(usage)), key=lambda lang: usage[lang].get(token, 0))
        owned += best == language and usage[language].get(token, 0) > 0
    return owned / len(counted)


def share_unused_tokens_owned(language, tokens, usage):
    """Forgets that a token nobody uses has no owner: max() then gives it to the first language."""
    counted = [token for token in dict.fromkeys(tokens) if token not in BERT_SPECIAL_TOKENS]
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


def cases_09() -> list[Case]:
    right_groups_source = (
        "by_text = {}\nfor word in words_to_group:\n    by_text.setdefault(uncased(word), []).append(word)\n"
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
                Wrong("only résumé, shown in section 1's table", ([["résumé", "resume"]],), COPIED, {"source": ""}),
                Wrong(
                    "normalization_merges",
                    (ACCENT_GROUPS,),
                    LIBRARY,
                    {
                        "source": "merged_groups = [list(g) for g in normalization_merges(words_to_group, uncased).values()]"
                    },
                ),
                computed(
                    "normalization_merges under an alias",
                    "merged_groups = [list(g) for g in group(words, uncased).values()]",
                    {"group": normalization_merges, "words": WORDS_TO_GROUP, "uncased": UNCASED},
                    ("merged_groups",),
                ),
            ),
            secrets=("'côté'", "'Ελλαδα'", "'пои'", "'かっこう'", "['пой', 'пои']"),
        ),
        Case(
            "greek_tokens_per_word",
            language_checks.check_tokens_per_word,
            right=(greek,),
            data=(Later(lambda: bert_uncased().tokenize), Later(top_greek)),
            right_extra={"source": "greek_tokens_per_word = sum(len(bert.tokenize(w)) * c for w, c in el) / total"},
            wrongs=(
                Wrong(
                    "every distinct word once",
                    (Later(lambda: sum(len(bert_uncased().tokenize(w)) for w in top_greek()) / len(top_greek())),),
                    extra={"source": ""},
                ),
                typed("words per token", Later(lambda: 1 / greek_tokens())),
                Wrong(
                    "[CLS] and [SEP] counted",
                    (Later(lambda: greek_tokens(lambda word: len(bert_uncased().encode_plus(word).tokens))),),
                    extra={"source": ""},
                ),
                Wrong(
                    "the table's figure (every word of the list), rounded",
                    (Later(lambda: round(greek_tokens(every_word=True), 2)),),
                    COPIED,
                    {"source": ""},
                ),
                Wrong(
                    "the table's figure, every digit",
                    (Later(lambda: greek_tokens(every_word=True)),),
                    COPIED,
                    {"source": ""},
                ),
                Wrong(
                    "read off the notebook's metrics",
                    (greek,),
                    LIBRARY,
                    {"source": "greek_tokens_per_word = bert_metrics['el'].fertility"},
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
                Wrong("a count, not a share", (share_as_a_count,)),
                Wrong("special tokens counted", (share_with_the_special_tokens,)),
                Wrong("every language that uses a token", (share_of_every_user,)),
                Wrong("the last language wins a tie", (share_last_language_wins_ties,)),
                Wrong("a token nobody uses goes to the first language", (share_unused_tokens_owned,)),
                Wrong(
                    "vocab_shares",
                    (lambda language, tokens, usage: vocab_shares(tokens, usage).shares[language],),
                    LIBRARY,
                ),
                Wrong("the explorer's shares at 0.7", (share_printed_at_07,), COPIED),
            ),
            secrets=Later(share_secrets),
        ),
        Case(
            "chosen_exponent",
            language_checks.check_exponent_choice,
            right=(Later(chosen_exponent),),
            data=(Later(language_sweep), PARITY_LIMIT),
            wrongs=(
                Wrong("mBERT's 0.7, the exponent the notebook explores", (0.7,), COPIED),
                Wrong("the smallest exponent that fits", (Later(lambda: min(fitting_exponents())),)),
                Wrong(
                    "the next exponent up",
                    (Later(lambda: EXPONENTS[EXPONENTS.index(chosen_exponent()) + 1]),),
                ),
                Wrong("the mean parity, not the worst", (Later(mean_parity_choice),)),
                Wrong("none fits", (None,)),
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
                Wrong("the stub's example", ({"a": None, "b": "CJK range", "c": None},), COPIED, {"source": ""}),
                Wrong(
                    "both modes run",
                    (WHICH_BERT_RIGHT,),
                    LIBRARY,
                    {"source": "bert_disagreements = checks.reference_disagreements(which_bert_texts, bert.vocab)"},
                ),
                Wrong(
                    "difference_cause run on each text",
                    (WHICH_BERT_RIGHT,),
                    LIBRARY,
                    {
                        "source": "bert_disagreements = {k: difference_cause(t, lowercase=True) for k, t in texts.items()}"
                    },
                ),
            ),
            secrets=("'final sigma'", "'special token typed'", "final sigma", "special token typed"),
        ),
    ]


# ---------------------------------------------------------------- notebook 10: from tokens to a model's input

TREASURE_TEXT = "Yo-ho-ho,\u200b and a bottle of RÚM!"
QUESTION, PASSAGE = "Who kept the map?", "Jim kept Flint’s map in his pocket."
TOKENS_TO_DECODE = ["pieces", "of", "eight", "!", "it", "'", "s", "flint", "'s", "par", "##rot", "."]
#: By hand from the decoder's rules: ## glued, spaces between tokens, no space before ! . or a token 's.
DECODED = "pieces of eight! it ' s flint's parrot."


@functools.cache
def book_tokenizer() -> WordPieceTokenizer:
    return WordPieceTokenizer(train_fast(book_counts_uncased(), 9000).vocab(), lowercase=True)


def my_pair_input(first, second):
    tokens = ["[CLS]", *first, "[SEP]", *second, "[SEP]"]
    return tokens, [0] * (len(first) + 2) + [1] * (len(second) + 1)


def pair_built_in_place(first, second):
    """Right tokens and type ids, made by inserting into the caller's own lists."""
    type_ids = [0] * (len(first) + 2) + [1] * (len(second) + 1)
    first.insert(0, "[CLS]")
    first.append("[SEP]")
    second.append("[SEP]")
    return first + second, type_ids


def pair_with_one_sep(first, second):
    return ["[CLS]", *first, "[SEP]", *second], [0] * (len(first) + 2) + [1] * len(second)


def pair_first_sep_in_segment_1(first, second):
    return ["[CLS]", *first, "[SEP]", *second, "[SEP]"], [0] * (len(first) + 1) + [1] * (len(second) + 2)


def pair_with_two_cls(first, second):
    tokens = ["[CLS]", *first, "[SEP]", "[CLS]", *second, "[SEP]"]
    return tokens, [0] * (len(first) + 2) + [1] * (len(second) + 2)


def pair_printed_above(first, second):
    """The question and passage's table, typed in: whatever the texts."""
    tokenizer = book_tokenizer()
    return my_pair_input(tokenizer.tokenize(QUESTION), tokenizer.tokenize(PASSAGE))


def pair_encoded_again(first, second):
    encoding = book_tokenizer().encode_plus(" ".join(first), " ".join(second))
    return encoding.tokens, encoding.type_ids


#: Notebook 10's worked origins (section 2), as its cell defines it.
ORIGINS_CELL = """
import unicodedata

def my_normalize_with_origins(text):
    chars, origins = [], []
    for index, char in enumerate(text):
        if unicodedata.category(char) in ("Cc", "Cf") and char not in "\\t\\n\\r":
            continue
        for new in char.lower():
            chars.append(new)
            origins.append(index)
    return "".join(chars), origins
"""


def worked_origins() -> Callable[..., Any]:
    return another_cell(ORIGINS_CELL, "my_normalize_with_origins")


def cases_10() -> list[Case]:
    return [
        Case(
            "rum_offsets",
            input_checks.check_offsets,
            right=((27, 30),),  # counted by hand: the zero-width space at 9 still counts
            data=(Later(book_tokenizer), TREASURE_TEXT, "rum"),
            right_extra={"source": "rum_offsets = (27, 30)"},
            wrongs=(
                typed("counted without the invisible character", (26, 29)),
                typed("the end inclusive", (27, 29)),
                typed("counted from 1", (28, 31)),
                Wrong(
                    "encode_plus",
                    ((27, 30),),
                    LIBRARY,
                    {"source": "rum_offsets = tokenizer.encode_plus(treasure_text).offsets[11]"},
                ),
                computed(
                    "the tokenizer's encode_plus, through another cell's helper",
                    "rum_offsets = where(tokenizer, text, 'rum')",
                    {
                        "where": another_cell(
                            "def where(t, text, token):\n    e = t.encode_plus(text)\n    return e.offsets[e.tokens.index(token)]",
                            "where",
                        ),
                        "tokenizer": Later(book_tokenizer),
                        "text": TREASURE_TEXT,
                    },
                    ("rum_offsets",),
                ),
                computed(
                    "normalize_with_origins under an alias, its span read",
                    "aligned = origins_of(text, tokenizer.normalize)\n"
                    "start = aligned.text.index('rum')\n"
                    "rum_offsets = aligned.original_span(start, start + 3)",
                    {"origins_of": normalize_with_origins, "tokenizer": Later(book_tokenizer), "text": TREASURE_TEXT},
                    ("rum_offsets",),
                ),
                computed(
                    "section 2's worked my_normalize_with_origins, run on the exercise's text",
                    "mine, my_origins = my_normalize_with_origins(treasure_text)\n"
                    "start = mine.index('rúm')\n"
                    "rum_offsets = (my_origins[start], my_origins[start + 2] + 1)",
                    {"my_normalize_with_origins": Later(worked_origins), "treasure_text": TREASURE_TEXT},
                    ("rum_offsets",),
                    COPIED,
                ),
            ),
            secrets=("(27, 30)", "[27:30]"),
        ),
        Case(
            "my_pair_input",
            input_checks.check_pair_input,
            right=(my_pair_input,),
            data=(
                Later(lambda: book_tokenizer().tokenize(QUESTION)),
                Later(lambda: book_tokenizer().tokenize(PASSAGE)),
            ),
            wrongs=(
                Wrong("one [SEP], between the texts", (pair_with_one_sep,)),
                Wrong("the first [SEP] in segment 1", (pair_first_sep_in_segment_1,)),
                Wrong("[CLS] before each text", (pair_with_two_cls,)),
                Wrong("the joined tokens encoded again", (pair_encoded_again,)),
                Wrong("the question and passage's table, typed in", (pair_printed_above,), COPIED),
                Wrong("right lists, built by changing the caller's", (pair_built_in_place,)),
                Wrong("the library's template", (pair_through_the_template,), LIBRARY),
            ),
        ),
        Case(
            "kept",
            input_checks.check_kept_lengths,
            right=((13, 8),),  # 24 - 3 = 21 places; the first text gives way until it is no longer the longer
            data=(30, 8),
            options={"max_length": 24},
            right_extra={"source": "kept = (13, 8)"},
            wrongs=(
                typed("the special tokens forgotten", (16, 8)),
                Wrong(
                    "section 5's single-text rule (max_length - 2), copied to the pair",
                    ((14, 8),),
                    COPIED,
                    {"source": "kept = (14, 8)"},
                ),
                typed("the second text gives way", (21, 0)),
                typed("the room shared in halves", (11, 10)),
                Wrong(
                    "truncates with the library",
                    ((13, 8),),
                    LIBRARY,
                    {"source": "kept = tuple(len(e) for e in Truncation(24).truncate(first, second, added_tokens=3))"},
                ),
                computed(
                    "Truncation under an alias",
                    "a, b = cut(24).truncate(one, two, added_tokens=3)\nkept = (len(a), len(b))",
                    {
                        "cut": Truncation,
                        "one": Encoding.from_sequence([0] * 30, ["t"] * 30, [(0, 0)] * 30, [0] * 30),
                        "two": Encoding.from_sequence([0] * 8, ["t"] * 8, [(0, 0)] * 8, [0] * 8),
                    },
                    ("kept",),
                ),
            ),
            secrets=("(13, 8)", "13"),
        ),
        Case(
            "decoded",
            input_checks.check_decoded,
            right=(DECODED,),
            data=(TOKENS_TO_DECODE,),
            right_extra={"source": f"decoded = {DECODED!r}"},
            wrongs=(
                typed("no clean-up", decode_pieces(TOKENS_TO_DECODE)),
                computed(
                    "section 6's worked cell, on the exercise's tokens",
                    "ids = tokenizer.encode_plus(' '.join(tokens_to_decode)).ids\ndecoded = tokenizer.decode(ids)",
                    {"tokenizer": Later(book_tokenizer), "tokens_to_decode": TOKENS_TO_DECODE},
                    ("decoded",),
                    COPIED,
                ),
                typed("every apostrophe glued", "pieces of eight! it's flint's parrot."),
                typed("## kept", "pieces of eight! it ' s flint's par##rot."),
                typed("a ## piece not glued", "pieces of eight! it ' s flint's par rot."),
                typed("a capital brought back", "Pieces of eight! it ' s flint's parrot."),
                Wrong(
                    "decodes with the tokenizer",
                    (DECODED,),
                    LIBRARY,
                    {"source": "decoded = tokenizer.decode(tokenizer.convert_tokens_to_ids(tokens_to_decode))"},
                ),
                computed(
                    "the decoder object, under an alias",
                    "decoded = D().decode(tokens)",
                    {"D": WordPieceDecoder, "tokens": TOKENS_TO_DECODE},
                    ("decoded",),
                ),
            ),
            secrets=(repr(DECODED), "it ' s flint's"),
        ),
    ]


# ---------------------------------------------------------------- notebook 11: corpora beyond one process

#: One core's counting speed, MB per second: the notebook measures it; this is a typical figure.
MB_PER_SECOND = 12.5


def cut(data, position):
    if position == 0:
        return 0
    newline = data.find(b"\n", position - 1)
    return len(data) if newline == -1 else newline + 1


def cut_anywhere(data, position):
    return position


def cut_after_the_next_newline(data, position):
    """Looks from ``position`` on, so a newline just before it (a line end at ``position``) is missed."""
    if position == 0:
        return 0
    newline = data.find(b"\n", position)
    return len(data) if newline == -1 else newline + 1


def cut_without_the_end(data, position):
    """Forgets that find gives -1 when no newline is left."""
    return 0 if position == 0 else data.find(b"\n", position - 1) + 1


def cut_at_a_space(data, position):
    if position == 0:
        return 0
    space = data.find(b" ", position - 1)
    return len(data) if space == -1 else space + 1


def cut_without_the_start(data, position):
    """No special case for 0: find from -1 looks at the last byte only."""
    newline = data.find(b"\n", position - 1)
    return len(data) if newline == -1 else newline + 1


def cut_through_split_file(data, position):
    """Section 2's split_file, under another name, asked where the first part of the data ends."""
    import tempfile

    if position <= 0:
        return 0
    if position >= len(data):
        return len(data)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "data.bin")
        with open(path, "wb") as stream:
            stream.write(data)
        parts = sf(path, position)
        return parts[0].end if parts[0].end is not None else len(data)


sf = split_file  # the alias a learner gave it


def cut_by_reading_a_block(data, position):
    """Section 2's worked read_blocks, its first block's length taken as the cut."""
    if position == 0:
        return 0
    return len(next(read_blocks(io.BytesIO(data), block_bytes=position), b""))


def merge_through_word_counts(parts):
    """WordCounts.from_pairs adds the counts up, in first-seen order: the library merges for the learner."""
    return dict(WordCounts.from_pairs([pair for part in parts for pair in part.items()]))


def pair_through_the_template(first, second):
    """The library's BERT template lays the pair out."""
    texts = [
        Encoding.from_sequence(
            [0] * len(tokens), list(tokens), [(0, 0)] * len(tokens), [0] * len(tokens), sequence_id=i
        )
        for i, tokens in enumerate((first, second))
    ]
    both = Template.bert().apply(*texts, {"[CLS]": 1, "[SEP]": 2})
    return both.tokens, both.type_ids


def split_points_shortest_first(word, vocab):
    starts, position = [], 0
    while position < len(word):
        joiner = "##" if position else ""
        end = next((end for end in range(position + 1, len(word) + 1) if joiner + word[position:end] in vocab), None)
        if end is None:
            return None
        starts.append(position)
        position = end
    return starts


def merge_in_order(parts):
    total = {}
    for part in parts:
        for word, count in part.items():
            total[word] = total.get(word, 0) + count
    return total


def merge_into_the_first_part(parts):
    total = parts[0]
    for part in parts[1:]:
        for word, count in part.items():
            total[word] = total.get(word, 0) + count
    return total


def merge_through_a_set(parts):
    return {word: sum(part.get(word, 0) for part in parts) for word in set().union(*parts)}


def merge_last_count_wins(parts):
    total = {}
    for part in parts:
        total.update(part)
    return total


def merge_newest_part_first(parts):
    return merge_in_order(list(reversed(parts)))


def merge_like_notebook_01s_count(parts):
    """Notebook 01's worked count (one more for each item), run over the parts: a word counts once per part."""
    counts = {}
    for part in parts:
        for word in part:
            counts[word] = counts.get(word, 0) + 1
    return counts


def cases_11() -> list[Case]:
    right_hours = 20 * 1000 / (MB_PER_SECOND * 8 * 0.9) / 3600  # 90 MB/s for the machine; 20,000 MB
    return [
        Case(
            "cut",
            corpora_checks.check_cut,
            right=(cut,),
            wrongs=(
                Wrong("no search: the position itself", (cut_anywhere,)),
                Wrong("a line end at the position missed", (cut_after_the_next_newline,)),
                Wrong("no newline left: -1 + 1", (cut_without_the_end,)),
                Wrong("at a space", (cut_at_a_space,)),
                Wrong("0 not kept", (cut_without_the_start,)),
                Wrong("section 2's read_blocks, its first block's length", (cut_by_reading_a_block,), COPIED),
                Wrong("split_file under an alias", (cut_through_split_file,), LIBRARY),
            ),
        ),
        Case(
            "merge_in_order",
            corpora_checks.check_merge_in_order,
            right=(merge_in_order,),
            wrongs=(
                Wrong("sorted", (lambda parts: dict(sorted(merge_in_order(parts).items())),)),
                Wrong("adds into the first part", (merge_into_the_first_part,)),
                Wrong("words gathered in a set", (merge_through_a_set,)),
                Wrong("the last count wins", (merge_last_count_wins,)),
                Wrong("the newest part first", (merge_newest_part_first,)),
                Wrong("merge_counts", (merge_counts,), LIBRARY),
                Wrong("WordCounts.from_pairs adds them up", (merge_through_word_counts,), LIBRARY),
                Wrong(
                    "notebook 01's worked count, run over the parts (each word once per part)",
                    (merge_like_notebook_01s_count,),
                    COPIED,
                ),
            ),
        ),
        Case(
            "hours",
            corpora_checks.check_hours,
            right=(right_hours,),
            options={"size_gb": 20, "mb_per_second_per_core": MB_PER_SECOND, "cores": 8, "efficiency": 0.9},
            notebook_names={"mb_per_second": MB_PER_SECOND},
            wrongs=(
                Wrong("seconds", (right_hours * 3600,)),
                Wrong("minutes", (right_hours * 60,)),
                Wrong("one core", (right_hours * 8,)),
                Wrong("the efficiency divided the wrong way", (20 * 1000 * 0.9 / (MB_PER_SECOND * 8) / 3600,)),
                Wrong("1 GB taken as 1,024 MB", (right_hours * 1.024,)),
                Wrong("the efficiency left out", (20 * 1000 / (MB_PER_SECOND * 8) / 3600,)),
                Wrong("rounded to two decimals", (round(right_hours, 2),)),
                Wrong(
                    "section 5's one-process speed, scaled to 20 GB (no cores, no efficiency)",
                    (20 * 1000 / MB_PER_SECOND / 3600,),
                    COPIED,
                ),
            ),
            secrets=(f"{right_hours:.3g}", f"{right_hours:.4g}"),
        ),
    ]


# ---------------------------------------------------------------- 12 · Unigram

UNIGRAM_VARIANT = {"mug": 8, "mugs": 3, "nun": 6, "bun": 4, "hum": 5}


def word_probability(word, probabilities):
    total = [Fraction(0)] * (len(word) + 1)
    total[0] = Fraction(1)
    for end in range(1, len(word) + 1):
        for start in range(end):
            if word[start:end] in probabilities:
                total[end] += total[start] * probabilities[word[start:end]]
    return total[len(word)]


def all_cuts(word, vocab):
    """Notebook 12's worked enumeration of every cut."""
    if not word:
        return [[]]
    return [
        [word[:end], *rest]
        for end in range(1, len(word) + 1)
        if word[:end] in vocab
        for rest in all_cuts(word[end:], vocab)
    ]


def best_cut_probability(word, probabilities):
    """Notebook 12's worked best_cut, kept as the answer: the maximum over the cuts, not their sum."""
    import math

    return max((math.prod(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities)), default=Fraction(0))


def probability_summing_sums(word, probabilities):
    return sum((sum(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities)), Fraction(0))


def probability_without_the_whole_word(word, probabilities):
    import math

    return sum(
        (math.prod(probabilities[p] for p in cut) for cut in all_cuts(word, probabilities) if len(cut) > 1), Fraction(0)
    )


def probability_as_float(word, probabilities):
    return float(word_probability(word, probabilities))


def probability_unknown_letter_is_one(word, probabilities):
    return word_probability(word, probabilities) if set(word) <= {c for p in probabilities for c in p} else Fraction(1)


def probability_through_the_model(word, probabilities):
    """The library's model: its forward sums give the word's probability."""
    import math

    from wordpiece_lib.model import UnigramModel as UM

    model = UM([("<unk>", 0.0), *((p, math.log(q)) for p, q in probabilities.items())], unk_id=0)
    pieces = model.best_path(word).pieces
    return Fraction(model.probability(word) / model.cut_probability(word, pieces)).limit_denominator(10**6)


def first_vocab():
    from wordpiece_lib.training import substring_frequencies

    return model_from_frequencies(substring_frequencies(HUG_PUG))


#: Notebook 12's worked cuts (section 2), as its cell defines them.
CUTS_CELL = """
import math

def all_cuts(word, vocab):
    if not word:
        return [[]]
    return [[word[:end], *rest] for end in range(1, len(word) + 1) if word[:end] in vocab for rest in all_cuts(word[end:], vocab)]

def best_cut(word, probabilities):
    scored = [(math.prod(probabilities[piece] for piece in cut), cut) for cut in all_cuts(word, probabilities)]
    return max(scored)[::-1]
"""


def worked_cuts() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    exec(CUTS_CELL, namespace)
    return namespace


def course_probabilities() -> dict[str, Fraction]:
    frequency = substring_frequencies(HUG_PUG)
    total = sum(frequency.values())
    return {piece: Fraction(count, total) for piece, count in frequency.items()}


def cases_12() -> list[Case]:
    from wordpiece_lib.classroom.unigram import checks as unigram_checks
    from wordpiece_lib.classroom.unigram import removal_frame, sampling_frame
    from wordpiece_lib.training import removal_losses, substring_frequencies

    bugs = (Fraction(1, 2205), 2)
    zero = {"mu", "ug", "gs", "nu", "um"}
    course_zero = {"hu", "ug", "pu", "un", "bu", "ugs", "gs"}
    fresh = unigram_checks._fresh_probability_cases()
    return [
        Case(
            "bugs_best",
            unigram_checks.check_best_cut,
            right=(bugs,),
            data=(HUG_PUG, "bugs"),
            right_extra={"source": "bugs_best = (Fraction(4 * 5, 210 * 210), 2)"},
            wrongs=(
                computed(
                    "section 2's worked all_cuts and best_cut, run on bugs",
                    "chance = best_cut('bugs', probability)[1]\n"
                    "ties = sum(math.prod(probability[p] for p in cut) == chance for cut in all_cuts('bugs', probability))\n"
                    "bugs_best = (chance, ties)",
                    {
                        "best_cut": Later(lambda: worked_cuts()["best_cut"]),
                        "all_cuts": Later(lambda: worked_cuts()["all_cuts"]),
                        "probability": Later(course_probabilities),
                        "math": math,
                    },
                    ("bugs_best",),
                    COPIED,
                ),
                computed(
                    "the model's ranked cuts and their ties, under an alias",
                    "best = model(frequency).nbest('bugs', 10)\n"
                    "chance = Fraction(math.exp(best[0].score)).limit_denominator(10**6)\n"
                    "bugs_best = (chance, sum(abs(cut.score - best[0].score) < 1e-9 for cut in best))",
                    {
                        "model": model_from_frequencies,
                        "frequency": Later(lambda: substring_frequencies(HUG_PUG)),
                        "Fraction": Fraction,
                        "math": math,
                    },
                    ("bugs_best",),
                ),
                Wrong("pug's answer, worked in the notebook", ((Fraction(17, 2205), 2),), COPIED),
                Wrong("frequencies multiplied, not divided", ((Fraction(20), 2),)),
                Wrong("divided by the total once", ((Fraction(20, 210), 2),)),
                Wrong(
                    "the sum over every cut",
                    ((Fraction(1, 2205) * 2 + Fraction(2, 25725) + Fraction(4, 46305) + Fraction(4, 540225), 2),),
                ),
                Wrong("a cut of three pieces", ((Fraction(2, 25725), 1),)),
                Wrong("every cut counted", ((Fraction(1, 2205), 6),)),
                Wrong("the tie missed", ((Fraction(1, 2205), 1),)),
                Wrong("the right value as a float", ((1 / 2205, 2),)),
                Wrong("a Fraction made from the float", ((Fraction(1 / 2205), 2),)),
                computed(
                    "the model's n best cuts under an alias",
                    "m = build(frequency)\ncuts = m.nbest('bugs', 20)\nbest = max(c.score for c in cuts)\n"
                    "bugs_best = (Fraction(math.exp(best)).limit_denominator(100000), "
                    "sum(math.isclose(c.score, best) for c in cuts))",
                    {
                        "build": model_from_frequencies,
                        "frequency": substring_frequencies(HUG_PUG),
                        "math": math,
                        "Fraction": Fraction,
                    },
                    ("bugs_best",),
                ),
            ),
            secrets=("1/2205", "Fraction(1, 2205)", "2205", "0.000453"),
        ),
        Case(
            "word_probability",
            unigram_checks.check_word_probability,
            right=(word_probability,),
            wrongs=(
                Wrong("the worked best cut (a maximum)", (best_cut_probability,), COPIED),
                Wrong("pieces added within a cut", (probability_summing_sums,)),
                Wrong("the whole word left out", (probability_without_the_whole_word,)),
                Wrong("a float", (probability_as_float,)),
                Wrong("an unknown letter taken as certain", (probability_unknown_letter_is_one,)),
                Wrong(
                    "the log of the probability",
                    (lambda word, probabilities: -abs(word_probability(word, probabilities)),),
                ),
                Wrong("UnigramModel under an alias", (probability_through_the_model,), LIBRARY),
                Wrong(
                    "None when no cut exists",
                    (lambda word, probabilities: word_probability(word, probabilities) or None,),
                ),
                Wrong(
                    "a Fraction made from a float sum",
                    (lambda word, probabilities: Fraction(float(word_probability(word, probabilities))),),
                ),
            ),
            secrets=_secrets(*(f"{word_probability(w, v)}" for w, v in fresh if word_probability(w, v) not in (0, 1))),
        ),
        Case(
            "hug_chance",
            unigram_checks.check_sample_chance,
            right=(Fraction(735, 887),),
            data=(HUG_PUG, "hug", ["hug"]),
            right_extra={"source": "hug_chance = Fraction(735, 887)"},
            wrongs=(
                Wrong("the cut's own probability, as in section 2", (Fraction(15, 210),), COPIED, {"source": ""}),
                typed("every cut alike (alpha 0)", Fraction(1, 4)),
                typed("Viterbi's choice", Fraction(1)),
                typed("another cut's chance", Fraction(70, 887)),
                typed("the right value as a float", 735 / 887),
                typed("a Fraction made from the rounded float", Fraction(0.8286)),
                typed("the word's probability", Fraction(887, 10290)),
                computed(
                    "cut_probability under an alias",
                    "hug_chance = Fraction(chance('hug', ['hug'], 1.0)).limit_denominator(10_000)",
                    {"chance": first_vocab().cut_probability, "Fraction": Fraction},
                    ("hug_chance",),
                ),
                computed(
                    "the sampling table, read in the answer cell",
                    "hug_chance = Fraction(float(table(m, 'hug', [1.0]).iloc[0]['chance'])).limit_denominator(10_000)",
                    {"table": sampling_frame, "m": first_vocab(), "Fraction": Fraction},
                    ("hug_chance",),
                ),
            ),
            secrets=("735/887", "Fraction(735, 887)", "735", "0.828", "82.9"),
        ),
        Case(
            "zero_cost",
            unigram_checks.check_zero_cost,
            right=(zero,),
            data=(UNIGRAM_VARIANT,),
            right_extra={"source": "zero_cost = " + repr(sorted(zero))},
            wrongs=(
                Wrong("the course corpus's answer, worked in section 4", (course_zero,), COPIED, {"source": ""}),
                typed("the rarest pieces", {"ugs", "gs", "bu", "hu", "um"}),
                typed("a single character too", zero | {"g"}),
                typed("one missing", zero - {"mu"}),
                typed("a piece a best cut needs", zero | {"ugs"}),
                typed("a whole word that is no piece", zero | {"nun"}),
                computed(
                    "removal_losses under an alias",
                    "zero_cost = {p for p, loss in costs(start(freq(v)), v).items() if abs(loss) < 1e-9}",
                    {
                        "costs": removal_losses,
                        "start": model_from_frequencies,
                        "freq": substring_frequencies,
                        "v": UNIGRAM_VARIANT,
                    },
                    ("zero_cost",),
                ),
                computed(
                    "the model's own best cuts",
                    "m = start(freq(v))\nused = {p for w in v for p in m.tokenize(w)}\n"
                    "zero_cost = {p for p in freq(v) if len(p) > 1} - used",
                    {"start": model_from_frequencies, "freq": substring_frequencies, "v": UNIGRAM_VARIANT},
                    ("zero_cost",),
                ),
                computed(
                    "the notebook's removal table, read in the answer cell",
                    "zero_cost = set(table(start(freq(v)), v).query('`loss increase` == 0')['piece'])",
                    {
                        "table": removal_frame,
                        "start": model_from_frequencies,
                        "freq": substring_frequencies,
                        "v": UNIGRAM_VARIANT,
                    },
                    ("zero_cost",),
                ),
            ),
            secrets=_secrets(sorted(zero)),
        ),
    ]


#: The data set each notebook's cases need (the others need none).
NEEDS = {"05": "treasure-island", "07": "treasure-island", "09": "bert-base-uncased-vocab", "10": "treasure-island"}


def data_missing(name: str | None = None) -> DataUnavailable | None:
    """Why a data set is not on this machine (never downloads), or None; without ``name``, every one the cases need."""
    for wanted in [name] if name else sorted(set(NEEDS.values())):
        try:
            fetch(wanted, download=False)
        except DataUnavailable as missing:
            return missing
    return None


def all_cases() -> list[Case]:
    """Every notebook's cases; those whose data set is not on this machine are left out."""
    makers = {
        "01": cases_01, "02": cases_02, "03": cases_03, "04": cases_04, "05": cases_05, "06": cases_06,
        "07": cases_07, "08": cases_08, "09": cases_09, "10": cases_10, "11": cases_11, "12": cases_12,
    }  # fmt: skip
    missing = {name: data_missing(name) is not None for name in set(NEEDS.values())}
    return [case for number, make in makers.items() if not missing.get(NEEDS.get(number, ""), False) for case in make()]


def outcome(case: Case, answer: tuple[Any, ...], extra: dict[str, Any] | None = None) -> tuple[str, str]:
    """``("passed", "")``, ``("failed", message)`` or ``("skipped", reason)`` for one answer."""
    import pytest

    try:
        case.run(answer, extra)
    except AssertionError as failure:
        return "failed", str(failure)
    except pytest.skip.Exception as skipped:
        return "skipped", str(skipped)
    return "passed", ""


def every_outcome() -> dict[str, list[str]]:
    """Every answer of every case, checked once from a fresh start: ``{case/answer: [outcome, message]}``."""
    results = {}
    for case in all_cases():
        for workbook in wordpiece_lib.classroom.runtime.WORKBOOKS.values():
            workbook.reset()
        runtime.forget_answer_work()
        results[f"{case.key}/right"] = list(outcome(case, case.right, case.right_extra))
        for wrong in case.wrongs:
            for workbook in wordpiece_lib.classroom.runtime.WORKBOOKS.values():
                workbook.reset()
            runtime.forget_answer_work()
            results[f"{case.key}/{wrong.label}"] = list(outcome(case, wrong.answer, wrong.extra))
    return results


if __name__ == "__main__":
    print(json.dumps({"hash_seed": os.environ.get("PYTHONHASHSEED"), "outcomes": every_outcome()}, sort_keys=True))
