"""Every exercise of notebooks 01-08 with its right answer and plausible wrong answers.

Used by ``test_exercises.py`` in-process and, as a script, in subprocesses
with different ``PYTHONHASHSEED`` values (``python exercise_cases.py``
prints every outcome and message as JSON): a check must say the same thing
under every hash seed.

Each wrong answer is a mistake a learner makes: a copied worked example (the
notebook printed it), a call of the library function the exercise asks to
write, or a plausible slip. ``secrets`` are texts that give the answer away;
no failure message may contain them.
"""

from __future__ import annotations

import collections
import functools
import itertools
import json
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
    LinMaxMatch,
    Vocab,
    WordCounts,
    WordPieceTokenizer,
    datasets,
    decode_pieces,
    encode_with_merges,
    encode_word,
    initial_splits,
    join_pair,
    load_book,
    merge_pair,
    split_word,
    train_bottom_up,
    train_fast,
)
from wordpiece_lib.bpe import train_bpe  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import checks as bpe_checks  # noqa: E402
from wordpiece_lib.classroom.character_splitting import checks as splitting_checks  # noqa: E402
from wordpiece_lib.classroom.encoding import checks as encoding_checks  # noqa: E402
from wordpiece_lib.classroom.fast_encoding import checks as fast_checks  # noqa: E402
from wordpiece_lib.classroom.merge_steps import checks as merge_checks  # noqa: E402
from wordpiece_lib.classroom.pair_scores import checks as score_checks  # noqa: E402
from wordpiece_lib.classroom.real_book import checks as book_checks  # noqa: E402
from wordpiece_lib.classroom.top_down import checks as top_down_checks  # noqa: E402
from wordpiece_lib.classroom.top_down.widgets import TopDownRounds  # noqa: E402
from wordpiece_lib.data import DataUnavailable, fetch  # noqa: E402
from wordpiece_lib.scores import pair_counts, score_pairs, wordpiece_score  # noqa: E402
from wordpiece_lib.top_down import split_points  # noqa: E402

#: What kind of mistake a wrong answer is.
COPIED, LIBRARY, SLIP = "copied worked example", "calls the library", "plausible slip"


@dataclass(frozen=True)
class Wrong:
    label: str
    answer: tuple[Any, ...]
    kind: str = SLIP
    extra: dict[str, Any] = field(default_factory=dict)  # e.g. the source of the answer cell


@dataclass(frozen=True)
class Case:
    key: str
    check: Callable[..., None]
    right: tuple[Any, ...]
    wrongs: tuple[Wrong, ...]
    data: tuple[Any, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    secrets: tuple[str, ...] = ()
    right_extra: dict[str, Any] = field(default_factory=dict)

    def run(self, answer: tuple[Any, ...], extra: dict[str, Any] | None = None) -> None:
        self.check(*answer, *self.data, **self.options, **(extra or {}))


# ---------------------------------------------------------------- shared data


HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
VARIANT = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
GNUS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "gnus": 3}
PAPER_VOCAB = ["a", "abcdx", "##b", "##c", "##cdy", "##dz"]
TOKEN_VOCAB = ["t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z"]
NAMES = ["Jim", "Silver", "Livesey", "Trelawney", "Hawkins", "Smollett", "Flint", "Gunn"]
WORDS_TO_PREDICT = ["parrot", "love", "school", "car", "hug", "captains", "castle"]
TEAM_SENTENCE = "The team members are Alice, John, Jim, and Bob."


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
def book_rounds() -> TopDownRounds:
    return TopDownRounds(book_counts_uncased())


# ---------------------------------------------------------------- answers learners write


def count_words(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return counts


def count_pairs(splits, word_counts):
    counts = {}
    for word, pieces in splits.items():
        for pair in itertools.pairwise(pieces):
            counts[pair] = counts.get(pair, 0) + word_counts[word]
    return counts


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
                Wrong("split_word", (split_word,), LIBRARY),
                Wrong("split_word under another name", (lambda word: wordpiece_lib.split_word(word),), LIBRARY),
                Wrong("the printed hugs example", (lambda word: ["h", "##u", "##g", "##s"],), COPIED),
            ),
            secrets=_secrets(*(split_word(w) for w in splitting_checks._fresh_prefix_words() if len(w) > 1)),
        ),
        Case(
            "split_with_marker",
            splitting_checks.check_marker_split,
            right=(lambda word: ["_", *word],),
            wrongs=(
                Wrong("marker glued to the first letter", (lambda word: ["_" + word[0], *word[1:]],)),
                Wrong("marker and ## prefix mixed", (lambda word: ["_", word[0], *("##" + c for c in word[1:])],)),
                Wrong("marker at the end", (lambda word: [*word, "_"],)),
                Wrong("split_word with a marker", (lambda word: split_word(word, marker="_"),), LIBRARY),
                Wrong("the printed low example", (lambda word: ["_", "l", "o", "w"],), COPIED),
            ),
            secrets=_secrets(*(split_word(w, marker="_") for w in splitting_checks._fresh_marker_words())),
        ),
        Case(
            "my_alphabet",
            splitting_checks.check_alphabet,
            right=(right_alphabet,),
            data=(alphabet_words,),
            right_extra={"source": f"my_alphabet = {right_alphabet!r}"},
            wrongs=(
                Wrong("no ## pieces", (["b", "g", "u", "n"],), extra={"source": ""}),
                Wrong("a piece twice", (["b", "g", "##u", "##n", "##g", "##u"],), extra={"source": ""}),
                Wrong("first letter of gnu forgotten", (["b", "##u", "##n", "##g"],), extra={"source": ""}),
                Wrong(
                    "calls alphabet",
                    (right_alphabet,),
                    LIBRARY,
                    extra={"source": "my_alphabet = alphabet(['bun', 'bug', 'gnu'])"},
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
                Wrong(
                    "the printed hug/pug pairs", (lambda s, c: count_pairs(initial_splits(HUG_PUG), HUG_PUG),), COPIED
                ),
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
            "merge",
            merge_checks.check_merge_pair,
            right=(merge,),
            wrongs=(
                Wrong("keeps the right piece's ##", (merge_keeping_the_prefix,)),
                Wrong("overlapping merges", (merge_overlapping,)),
                Wrong("merge_pair", (lambda splits, pair: merge_pair(splits, pair, join_pair(*pair)),), LIBRARY),
                Wrong(
                    "the printed ##gs result",
                    (lambda splits, pair: merge(initial_splits(HUG_PUG), ("##g", "##s")),),
                    COPIED,
                ),
            ),
            secrets=_secrets(
                *(
                    pieces
                    for splits, pair in fresh
                    for pieces in merge_pair(splits, pair, join_pair(*pair)).values()
                    if len(pieces) > 1
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
                Wrong("BPE's choices", (["##ug", "##un", "hug"],), extra={"source": ""}),
                Wrong("a tie broken alphabetically", (["##gs", "##ug", "hug"],), extra={"source": ""}),
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
                Wrong("no recount after merge 2", (["##gs", "##ug", "##un", "hugs"],), extra={"source": ""}),
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
                Wrong("no merges counted", (10,), extra={"source": ""}),
                Wrong("the size with two special tokens", (18,), COPIED, {"source": ""}),
                Wrong("every letter twice in the alphabet", (26,), extra={"source": ""}),
                Wrong("counts the trained vocab", (19,), LIBRARY, {"source": "final_size = len(big.tokens())"}),
            ),
            secrets=("19",),
        ),
    ]


def cases_04() -> list[Case]:
    trace = train_bottom_up(datasets.hug_pug_counts(), vocab_size=100, special_tokens=["[UNK]"])
    table_words = ["pugs"]
    fresh = encoding_checks._fresh_encode_cases()
    return [
        Case(
            "my_encode",
            encoding_checks.check_longest_match,
            right=(my_encode,),
            wrongs=(
                Wrong("no 100-character rule", (encode_without_length_rule,)),
                Wrong("[UNK] for one position only", (encode_with_partial_unk,)),
                Wrong("shortest match first", (encode_shortest_first,)),
                Wrong("encode_word", (lambda word, vocab: encode_word(word, vocab),), LIBRARY),
                Wrong(
                    "WordPieceTokenizer",
                    (lambda word, vocab: WordPieceTokenizer(Vocab(sorted(vocab))).encode_word(word),),
                    LIBRARY,
                ),
                Wrong("the notebook's longest_match", (calls_the_worked_example,), COPIED),
            ),
            secrets=_secrets(
                *(encode_word(word, vocab) for word, vocab in fresh if encode_word(word, vocab) != ["[UNK]"])
            ),
        ),
        Case(
            "my_word",
            encoding_checks.check_replay_differs,
            right=("pugsug",),
            data=(trace,),
            options={"known": table_words},
            wrongs=(
                Wrong("the table's word", ("pugs",), COPIED),
                Wrong("a word both cut alike", ("hugs",)),
                Wrong("a letter the corpus lacks", ("mugs",)),
            ),
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
            ),
            secrets=_secrets(*(decode_pieces(tokens) for tokens in encoding_checks._fresh_token_lists())),
        ),
    ]


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
                Wrong("too low", (threshold - 2,), extra={"source": ""}),
                Wrong("too high", (threshold + 3,), extra={"source": ""}),
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
            ),
            secrets=("13/19", "Fraction(13, 19)", "0.684", "19 in"),
        ),
        Case(
            "replay",
            bpe_checks.check_merge_replay,
            right=(replay,),
            wrongs=(
                Wrong("leftmost pair first", (replay_leftmost_first,)),
                Wrong("longest match", (replay_by_longest_match,)),
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
            options={"known": ["pugs"]},
            wrongs=(
                Wrong("WordPiece's pugs, shown in notebook 04", ("pugs",), COPIED),
                Wrong("a corpus word", ("gnus",)),
                Wrong("a letter the corpus lacks", ("gnum",)),
            ),
            secrets=("'gnug'",),
        ),
    ]


def cases_07() -> list[Case]:
    full_vocab = set(full_trace().tokens())
    counts = book_counts_cased()
    vocab = vocab_10k()
    whole = sum(name in vocab for name in NAMES)
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
                Wrong("every name (true of the whole vocab)", (len(NAMES),)),
                Wrong("one too many", (whole + 1,)),
                Wrong("none", (0,)),
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
                Wrong("not in the book means split", (naive,), extra={"source": ""}),
                Wrong("everything split", (dict.fromkeys(WORDS_TO_PREDICT, True),), extra={"source": ""}),
                Wrong(
                    "encodes instead of predicting",
                    (predictions,),
                    LIBRARY,
                    {"source": "predicted_split = {w: len(encode_word(w, full_vocab)) > 1 for w in words_to_predict}"},
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
            ),
        ),
    ]


def book_missing() -> DataUnavailable | None:
    """Why Treasure Island is not on this machine (never downloads), or None: notebooks 05 and 07 need it."""
    try:
        fetch("treasure-island", download=False)
    except DataUnavailable as missing:
        return missing
    return None


def all_cases() -> list[Case]:
    """Every notebook's cases; without the novel, those of notebooks 05 and 07 are left out."""
    with_book = book_missing() is None
    return [
        *cases_01(),
        *cases_02(),
        *cases_03(),
        *cases_04(),
        *(cases_05() if with_book else []),
        *cases_06(),
        *(cases_07() if with_book else []),
        *cases_08(),
    ]


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
        for workbook in wordpiece_lib.classroom.exercise.WORKBOOKS.values():
            workbook.reset()
        results[f"{case.key}/right"] = list(outcome(case, case.right, case.right_extra))
        for wrong in case.wrongs:
            for workbook in wordpiece_lib.classroom.exercise.WORKBOOKS.values():
                workbook.reset()
            results[f"{case.key}/{wrong.label}"] = list(outcome(case, wrong.answer, wrong.extra))
    return results


if __name__ == "__main__":
    print(json.dumps({"hash_seed": os.environ.get("PYTHONHASHSEED"), "outcomes": every_outcome()}, sort_keys=True))
