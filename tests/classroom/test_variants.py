"""Seeded variants (issue 41): every student's own exercise data, fair, never degenerate, and not shared.

The variant id is checked against Python's own ``hmac``; the course's data against the data sets the
notebooks read before variants existed; every variant of every exercise of notebooks 01 and 02 against
the exercise's intent (sizes within a factor of two of the course's, no tie where the exercise names
one winner); the worked solutions of those notebooks run under 20 variants with every check passing
(in this process, and, marked slow, in one Jupyter kernel); and a value answer taken from another
student's variant is refused for at least 95% of pairs.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import hmac
import io
import itertools
import json
import math
import os
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest
from IPython.display import display

from wordpiece_lib import WordPieceDecoder, alphabet, initial_splits, merge_pair, rank_candidates, score_pairs
from wordpiece_lib.classroom.character_splitting import checks as checks_01
from wordpiece_lib.classroom.model_inputs import checks as checks_10
from wordpiece_lib.classroom.pair_scores import checks as checks_02
from wordpiece_lib.classroom.real_tokenizers import checks as checks_13
from wordpiece_lib.classroom.runtime import Exercise, Workbook, variant_active, variant_id
from wordpiece_lib.classroom.runtime.variants import active_variant, check_variant
from wordpiece_lib.classroom.unigram import checks as checks_12
from wordpiece_lib.data import datasets
from wordpiece_lib.model import join_pair
from wordpiece_lib.training import substring_frequencies

ROOT = Path(__file__).resolve().parents[2]
SECRET = b"the course secret of a test cohort"
#: The variants the tests draw: 40 students of a made-up roster.
VARIANTS = [variant_id(SECRET, f"student-{number:03d}") for number in range(40)]
SOLUTIONS = {
    "01": ROOT / "notebooks" / "solutions" / "01_character_splitting.ipynb",
    "02": ROOT / "notebooks" / "solutions" / "02_pair_scores.ipynb",
    "10": ROOT / "notebooks" / "solutions" / "10_model_inputs.ipynb",
    "12": ROOT / "notebooks" / "solutions" / "12_unigram.ipynb",
    "13": ROOT / "notebooks" / "solutions" / "13_real_tokenizers.ipynb",
}
#: Notebooks that read a book (Treasure Island): skipped, or failed when data is required, without it.
READS_A_BOOK = {"10", "12"}
#: Notebooks that load BERT's real vocab (a data set, as the book is).
READS_BERT = {"13"}
#: Notebooks whose cells after the last check train on a whole book: those run once, the exercises under every variant.
UP_TO_THE_LAST_CHECK = {"10", "12", "13"}
#: Every exercise of notebooks 01 and 02 with a variant space (the function exercises vary by their fresh inputs).
VALUE_EXERCISES = {
    "my_alphabet": checks_01.WORKBOOK,
    "best_after_ug": checks_02.WORKBOOK,
    "bpe_first": checks_02.WORKBOOK,
    "bugs_best": checks_12.WORKBOOK,
    "zero_cost": checks_12.WORKBOOK,
    "hug_chance": checks_12.WORKBOOK,
    "rum_offsets": checks_10.WORKBOOK,
    "kept": checks_10.WORKBOOK,
    "decoded": checks_10.WORKBOOK,
    "doubloons_cut": checks_13.WORKBOOK,
    "parrots_cut": checks_13.WORKBOOK,
    "islanders_cut": checks_13.WORKBOOK,
    "rejected": checks_13.WORKBOOK,
}
#: Exercises whose variant is one word of a pool of about 60 (13's): two students of ten may share one (1 in 60 a pair).
POOLED = {"doubloons_cut", "parrots_cut", "islanders_cut", "rejected"}
WORKBOOKS = (checks_01.WORKBOOK, checks_02.WORKBOOK, checks_10.WORKBOOK, checks_12.WORKBOOK, checks_13.WORKBOOK)


def needs_the_book(name: str = "treasure-island") -> None:
    """Skip (fail when data is required) where data set ``name`` is not on this machine (never downloads)."""
    from data_helpers import skip_or_fail
    from exercise_cases import data_missing

    missing = data_missing(name)
    if missing is not None:
        skip_or_fail(missing)


def real_tokenizer(name: str):
    """One of notebook 13's four real tokenizers (BERT's vocab is a data set: a test asks for it first)."""
    from wordpiece_lib.classroom.real_tokenizers import real_tokenizers

    return real_tokenizers()[name]


BERT, GPT, UNIGRAM = "BERT (WordPiece)", "GPT-2 style (byte-level BPE)", "SentencePiece (Unigram)"


@functools.lru_cache(maxsize=1)
def book_tokenizer():
    """Notebook 10's tokenizer: an uncased vocab of 9,000 tokens learned from Treasure Island."""
    from wordpiece_lib import WordCounts, WordPieceTokenizer, load_book, train_fast

    counts = WordCounts.from_texts(load_book("treasure-island"), lowercase=True)
    return WordPieceTokenizer(train_fast(counts, 9000).vocab(), lowercase=True)


def test_the_variant_id_is_the_hmac_of_the_student_keyed_by_the_secret():
    expected = hmac.new(SECRET, b"wordpiece-workshop variant/1\x00ada", hashlib.sha256).hexdigest()[:16]
    assert variant_id(SECRET, "ada") == expected
    assert variant_id(SECRET + b"!", "ada") != expected  # another course's secret, another variant
    many = {variant_id(SECRET, f"s{number}") for number in range(500)}
    assert len(many) == 500
    with pytest.raises(ValueError, match="secret must be at least 16 bytes, got 5"):
        variant_id(b"short", "ada")
    with pytest.raises(ValueError, match="variant must be 16 lowercase hex digits"):
        check_variant("../../etc")


def test_without_a_variant_every_exercise_keeps_the_courses_own_data():
    assert active_variant() is None
    assert checks_01.WORKBOOK.data("my_alphabet") == {"words": ["bun", "bug", "gnu"]}
    assert checks_02.WORKBOOK.data("best_after_ug") == {"word_counts": dict(datasets.hug_pug_counts())}
    assert checks_02.WORKBOOK.data("bpe_first") == {"word_counts": dict(datasets.selene_counts())}


def test_a_variants_data_are_the_same_on_every_call_and_differ_between_students():
    for key, workbook in VALUE_EXERCISES.items():
        made = []
        for variant in VARIANTS[:10]:
            with variant_active(variant):
                first = workbook.data(key)
                first_copy = json.dumps(first, sort_keys=True)
                first.clear()  # a caller changing its copy changes nothing for the next
                assert json.dumps(workbook.data(key), sort_keys=True) == first_copy
            assert json.dumps(workbook.variant_spaces[key].data(variant), sort_keys=True) == first_copy
            made.append(first_copy)
        assert len(set(made)) >= (9 if key in POOLED else 10), key
        assert json.dumps(workbook.data(key), sort_keys=True) not in made, key


def test_a_teachers_own_exercise_declares_its_variant_space_beside_its_check():
    book = Workbook("97 · A teacher's own", [Exercise("longest", "Your turn 1 · the longest word")])

    @book.variants("longest", course={"words": ["mill", "river", "frost"]})
    def longest_variant(rng):
        return {"words": ["".join(rng.choice("abcdefg") for _ in range(rng.randint(3, 7))) for _ in range(3)]}

    with pytest.raises(ValueError, match="already has a variant space"):
        book.variants("longest", course={"words": []})
    with pytest.raises(KeyError, match="is not an exercise"):
        book.variants("shortest", course={"words": []})
    assert book.data("longest") == {"words": ["mill", "river", "frost"]}
    with variant_active(VARIANTS[0]):
        words = book.data("longest")["words"]
    assert words != ["mill", "river", "frost"] and all(3 <= len(word) <= 7 for word in words)


def test_the_fresh_inputs_of_declared_function_exercises_follow_the_variant_and_no_others():
    from wordpiece_lib.classroom.runtime import fresh_rng

    course = [fresh_rng(key).random() for key in ("count_words", "count_pairs", "merge_all")]
    with variant_active(VARIANTS[0]):
        mine = [fresh_rng(key).random() for key in ("count_words", "count_pairs", "merge_all")]
        words = checks_01._fresh_word_lists()
    assert mine[0] != course[0] and mine[1] != course[1]
    assert mine[2] == course[2]  # notebook 03's checks declare no variants yet: the course's inputs
    assert words != checks_01._fresh_word_lists()


# ------------------------------------------------------------------ never degenerate, within a factor of two


def _within_two(value: int, course: int) -> bool:
    return course / 2 <= value <= course * 2


def _single_best(candidates):
    ranked = rank_candidates(candidates)
    return len(ranked) == 1 or ranked[0].score != ranked[1].score


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_01_and_02_is_degenerate(variant):
    course_alphabet = len(alphabet(["bun", "bug", "gnu"]))
    with variant_active(variant):
        words = checks_01.WORKBOOK.data("my_alphabet")["words"]
        after = checks_02.WORKBOOK.data("best_after_ug")["word_counts"]
        document = checks_02.WORKBOOK.data("bpe_first")["word_counts"]
    assert len(set(words)) == 3 and all(len(word) == 3 for word in words)
    assert _within_two(len(alphabet(words)), course_alphabet)
    starts = {word[0] for word in words}
    assert starts & {letter for word in words for letter in word[1:]}, "no letter is both a bare and a ## piece"

    hug_pug = dict(datasets.hug_pug_counts())
    assert len(after) == len(hug_pug) and _within_two(sum(after.values()), sum(hug_pug.values()))
    splits = initial_splits(after)
    bpe = score_pairs(splits, after, "bpe")
    assert _single_best(bpe), "BPE's favourite pair is tied"
    favourite = rank_candidates(bpe)[0].pair
    assert _single_best(score_pairs(merge_pair(splits, favourite, join_pair(*favourite)), after))

    selene = dict(datasets.selene_counts())
    assert len(document) == len(selene) and _within_two(sum(document.values()), sum(selene.values()))
    assert _single_best(score_pairs(initial_splits(document), document, "bpe"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_12_is_degenerate(variant):
    """New words the first vocab spells (not the corpus's, none the notebook cuts), a corpus with free and dear pieces."""
    hug_pug = dict(datasets.hug_pug_counts())
    probabilities = _course_probabilities()
    shown = {"pug", "hugs", "bunhugs", "bugs", *hug_pug}
    with variant_active(variant):
        word = checks_12.WORKBOOK.data("bugs_best")["word"]
        chance = checks_12.WORKBOOK.data("hug_chance")
        corpus = checks_12.WORKBOOK.data("zero_cost")["word_counts"]
    for new, course in ((word, "bugs"), (chance["word"], "hug")):
        assert new not in shown and _within_two(len(new), len(course))
        assert _within_two(len(_cut_chances(new, probabilities)), len(_cut_chances(course, probabilities)))
    assert tuple(chance["cut"]) in _cut_chances(chance["word"], probabilities) and chance["alpha"] in (1, 2)

    course = checks_12.ZERO_COST_COUNTS
    assert len(corpus) == len(course) and _within_two(sum(corpus.values()), sum(course.values()))
    free = worked_value_12("zero_cost", {"word_counts": corpus})
    longer = {piece for piece in substring_frequencies(corpus) if len(piece) > 1}
    assert free and free < longer, "no piece goes for free, or every piece does"
    assert _within_two(len(free), len(worked_value_12("zero_cost", {"word_counts": course})))
    assert free == checks_12._zero_cost(corpus)  # the check's float losses agree with the exact fractions


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_10_is_degenerate(variant):
    """A text whose last word is one token, after an invisible character; a pair that is cut; tokens with every trap."""
    with variant_active(variant):
        offsets = checks_10.WORKBOOK.data("rum_offsets")
        lengths = checks_10.WORKBOOK.data("kept")
        tokens = checks_10.WORKBOOK.data("decoded")["tokens"]
    text, token = offsets["text"], offsets["token"]
    assert _within_two(len(text), len(checks_10.OFFSETS_TEXT)) and text.count("\u200b") == 1
    start, end = worked_value_10("rum_offsets", offsets)
    assert text.index("\u200b") < start and text[start:end].lower() != token  # capitals: a plain search misses it
    assert unicodedata.normalize("NFD", text[start:end].lower()).encode("ascii", "ignore").decode() == token

    for name, value in lengths.items():
        assert _within_two(value, checks_10.KEPT_LENGTHS[name]), name
    kept = checks_10._kept_by_truncation(*lengths.values())
    assert worked_value_10("kept", lengths) == kept and min(kept) >= 1
    assert sum(kept) < lengths["first_length"] + lengths["second_length"], "the pair is not cut"

    assert _within_two(len(tokens), len(checks_10.TOKENS_TO_DECODE))
    assert any(token.startswith("##") for token in tokens) and "'" in tokens
    assert set(tokens) & {"'s", "'m", "n't", "'ve", "'re"} and tokens[-1] in ".!?"
    assert worked_value_10("decoded", {"tokens": tokens}) == WordPieceDecoder().decode(tokens)


def test_every_word_an_offsets_variant_asks_for_is_one_token_of_notebook_10s_vocab():
    needs_the_book()
    tokenizer = book_tokenizer()
    assert [word for word in checks_10.WHOLE_WORDS if tokenizer.tokenize(word) != [word]] == []
    for variant in VARIANTS:
        with variant_active(variant):
            offsets = checks_10.WORKBOOK.data("rum_offsets")
        assert tokenizer.tokenize(offsets["text"]).count(offsets["token"]) == 1


def test_every_word_of_notebook_13s_variants_is_cut_as_the_courses_word_is():
    """Plain letters (the offline font has them), about as many tokens as the course's word, no unknown token."""
    needs_the_book("bert-base-uncased-vocab")
    bert, gpt, unigram = real_tokenizer(BERT), real_tokenizer(GPT), real_tokenizer(UNIGRAM)
    pools = (
        checks_13.WORDPIECE_WORDS,
        checks_13.BPE_WORDS,
        checks_13.UNIGRAM_WORDS,
        checks_13.REJECTED_WORDS,
    )
    for words in pools:
        assert len(set(words)) == len(words) >= 40
        assert all(word.isascii() and word.isalpha() and word.islower() for word in words)
    assert not set(checks_13.WORDPIECE_WORDS) & set(checks_13.REJECTED_WORDS)  # one word's explanation, two answers
    course = (checks_13.WORDPIECE_WORD, checks_13.BPE_WORD, checks_13.UNIGRAM_WORD, checks_13.REJECTED_WORD)
    assert not set(course) & {word for words in pools for word in words}
    for word in checks_13.WORDPIECE_WORDS:
        tokens = bert.tokenize(word)
        assert word not in bert.vocab and _within_two(len(tokens), 4) and len(tokens) >= 3 and "[UNK]" not in tokens
        assert worked_value_13("doubloons_cut", {"word": word}) == tokens
    for word in checks_13.BPE_WORDS:
        tokens = gpt.tokenize(" " + word)
        assert 2 <= len(tokens) <= 4 and worked_value_13("parrots_cut", {"word": word}) == tokens
    for word in checks_13.UNIGRAM_WORDS:
        tokens = unigram.tokenize(word)
        assert _within_two(len(tokens), 5) and len(tokens) <= 6
        assert worked_value_13("islanders_cut", {"word": word}) == tokens
    for word in checks_13.REJECTED_WORDS:
        assert _within_two(len(rejected_candidates(word)), 5) and len(bert.tokenize(word)) >= 2


# ------------------------------------------------------------------ the worked solutions, under 20 variants


def solution_cells(path: Path) -> list[str]:
    """The solution notebook's code cells as plain Python: a ``%%ipytest`` cell defines its tests and calls them."""
    cells = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        if source.startswith("%%ipytest"):
            body = source.split("\n", 1)[1]
            tests = [line[4 : line.index("(")] for line in body.splitlines() if line.startswith("def test_")]
            source = body + "\n" + "\n".join(f"{name}()" for name in tests)
        cells.append(source)
    return cells


@pytest.mark.parametrize("notebook", sorted(SOLUTIONS))
def test_the_worked_solution_passes_every_check_under_20_variants(notebook, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    if notebook in READS_A_BOOK:
        needs_the_book()
    if notebook in READS_BERT:
        needs_the_book("bert-base-uncased-vocab")
    cells = solution_cells(SOLUTIONS[notebook])
    assert sum("checks.check_" in cell for cell in cells) == 4
    if notebook in UP_TO_THE_LAST_CHECK:
        cells = cells[: max(number for number, cell in enumerate(cells) if "checks.check_" in cell) + 1]
    for variant in VARIANTS[:20]:
        namespace = {"__name__": "__main__", "display": display}  # a kernel's built-in, as the reveals use it
        with variant_active(variant), contextlib.redirect_stdout(io.StringIO()):
            for number, source in enumerate(cells[1:], start=1):  # the first cell starts a kernel's checks
                exec(compile(source, f"<{notebook} code cell {number}, variant {variant}>", "exec"), namespace)
        for workbook in WORKBOOKS:
            workbook.reset()


# ------------------------------------------------------------------ a classmate's value is refused


def _course_probabilities() -> dict:
    frequencies = substring_frequencies(dict(datasets.hug_pug_counts()))
    return {piece: Fraction(count, sum(frequencies.values())) for piece, count in frequencies.items()}


def _cut_chances(word: str, probabilities: dict, alpha: int = 1) -> dict:
    """Every cut of ``word`` into pieces of ``probabilities``, with its probability ** alpha (by enumeration)."""
    cuts: dict = {}

    def walk(start: int, pieces: tuple) -> None:
        if start == len(word):
            cuts[pieces] = math.prod((probabilities[piece] for piece in pieces), start=Fraction(1)) ** alpha
        for end in range(start + 1, len(word) + 1):
            if word[start:end] in probabilities:
                walk(end, (*pieces, word[start:end]))

    walk(0, ())
    return cuts


def worked_value_12(key: str, data: dict):
    """Notebook 12's worked values, worked here by enumerating every cut with exact fractions."""
    if key == "bugs_best":
        chances = list(_cut_chances(data["word"], _course_probabilities()).values())
        return max(chances), chances.count(max(chances))
    if key == "hug_chance":
        chances = _cut_chances(data["word"], _course_probabilities(), data["alpha"])
        return chances[tuple(data["cut"])] / sum(chances.values())
    counts = data["word_counts"]
    frequencies = substring_frequencies(counts)
    probabilities = {piece: Fraction(count, sum(frequencies.values())) for piece, count in frequencies.items()}
    needed: set = set()
    for word in counts:
        chances = _cut_chances(word, probabilities)
        top = max(chances.values())
        needed |= set.intersection(*(set(cut) for cut, chance in chances.items() if chance == top))
    return {piece for piece in frequencies if len(piece) > 1} - needed


def worked_value_10(key: str, data: dict):
    """Notebook 10's worked values: counted from the text's end, longest_first replayed, the decoder's rules."""
    if key == "rum_offsets":  # the token is the last word, before one closing mark
        end = len(data["text"]) - 1
        return end - len(data["token"]), end
    if key == "kept":
        first, second = data["first_length"], data["second_length"]
        while first + second + 3 > data["max_length"]:
            if first > second:
                first -= 1
            else:
                second -= 1
        return first, second
    decoded = ""
    for token in data["tokens"]:
        if token.startswith("##"):
            decoded += token[2:]
        elif decoded and token not in checks_10.CLEANED_UP:
            decoded += " " + token
        else:
            decoded += token
    return decoded


def rejected_candidates(word: str) -> list[str]:
    """The candidates BERT's longest match tries and rejects at the start of ``word``, longest first."""
    vocab = real_tokenizer(BERT).vocab
    rejected = []
    for end in range(len(word), 0, -1):
        if word[:end] in vocab:
            break
        rejected.append(word[:end])
    return rejected


def worked_value_13(key: str, data: dict):
    """Notebook 13's worked values, from each tokenizer's own tables (its vocab, merge ranks, scores)."""
    word = data["word"]
    if key == "rejected":
        return rejected_candidates(word)
    if key == "doubloons_cut":
        vocab, cut, start = real_tokenizer(BERT).vocab, [], 0
        while start < len(word):
            end = len(word)
            while ("##" if start else "") + word[start:end] not in vocab:
                end -= 1
            cut.append(("##" if start else "") + word[start:end])
            start = end
        return cut
    if key == "parrots_cut":
        from wordpiece_lib.text import to_byte_chars

        ranks = {pair: rank for rank, pair in enumerate(real_tokenizer(GPT).model.merges)}
        symbols = list(to_byte_chars(" " + word))
        while pairs := [(ranks[pair], at) for at, pair in enumerate(itertools.pairwise(symbols)) if pair in ranks]:
            at = min(pairs)[1]
            symbols[at : at + 2] = [symbols[at] + symbols[at + 1]]
        return symbols
    model, marked = real_tokenizer(UNIGRAM).model, "▁" + word
    best = {0: (0.0, [])}
    for end in range(1, len(marked) + 1):
        options = [
            (best[start][0] + model.score_of(marked[start:end]), best[start][1] + [marked[start:end]])
            for start in range(end)
            if start in best and marked[start:end] in model.piece_ids
        ]
        if options:
            best[end] = max(options, key=lambda option: option[0])
    return best[len(marked)][1]


def worked_value(key: str, data: dict):
    """The worked solution's value for ``data`` (as its solution cell computes it)."""
    if key in ("doubloons_cut", "parrots_cut", "islanders_cut", "rejected"):
        return worked_value_13(key, data)
    if key in ("bugs_best", "zero_cost", "hug_chance"):
        return worked_value_12(key, data)
    if key in ("rum_offsets", "kept", "decoded"):
        return worked_value_10(key, data)
    if key == "my_alphabet":
        words = data["words"]
        return list(
            dict.fromkeys([word[0] for word in words] + ["##" + letter for word in words for letter in word[1:]])
        )
    counts = data["word_counts"]
    splits = initial_splits(counts)
    if key == "bpe_first":
        return rank_candidates(score_pairs(splits, counts, "bpe"))[0].pair
    favourite = rank_candidates(score_pairs(splits, counts, "bpe"))[0].pair
    return rank_candidates(score_pairs(merge_pair(splits, favourite, join_pair(*favourite)), counts))[0].pair


def check_arguments(key: str, data: dict) -> tuple:
    """What the notebook's check cell passes the check, from the exercise's data."""
    if key in ("doubloons_cut", "rejected"):
        return (real_tokenizer(BERT), data["word"])
    if key == "parrots_cut":
        return (real_tokenizer(GPT), " " + data["word"])
    if key == "islanders_cut":
        return (real_tokenizer(UNIGRAM), data["word"])
    if key == "rum_offsets":
        return (book_tokenizer(), data["text"], data["token"])
    if key == "kept":
        return (data["first_length"], data["second_length"], data["max_length"])
    if key == "decoded":
        return (data["tokens"],)
    hug_pug = dict(datasets.hug_pug_counts())
    if key == "bugs_best":
        return (hug_pug, data["word"])
    if key == "hug_chance":
        return (hug_pug, data["word"], data["cut"], data["alpha"])
    if key == "zero_cost":
        return (data["word_counts"],)
    if key == "my_alphabet":
        return (data["words"],)
    counts = data["word_counts"]
    splits = initial_splits(counts)
    if key == "bpe_first":
        return (splits, counts, "bpe")
    favourite = rank_candidates(score_pairs(splits, counts, "bpe"))[0].pair
    return (merge_pair(splits, favourite, join_pair(*favourite)), counts)


CHECKS = {
    "my_alphabet": checks_01.check_alphabet,
    "best_after_ug": checks_02.check_best_pair,
    "bpe_first": checks_02.check_score_order,
    "bugs_best": checks_12.check_best_cut,
    "zero_cost": checks_12.check_zero_cost,
    "hug_chance": checks_12.check_sample_chance,
    "rum_offsets": checks_10.check_offsets,
    "kept": checks_10.check_kept_lengths,
    "decoded": checks_10.check_decoded,
    "doubloons_cut": checks_13.check_wordpiece_cut,
    "parrots_cut": checks_13.check_bpe_cut,
    "islanders_cut": checks_13.check_unigram_cut,
    "rejected": checks_13.check_rejected,
}


def refused_share(key: str, variants: list[str]) -> float:
    """The share of ordered pairs of variants (A, B) where A's worked value fails B's check."""
    workbook = VALUE_EXERCISES[key]
    data = {variant: workbook.variant_spaces[key].data(variant) for variant in variants}
    refused = total = 0
    for mine, theirs in itertools.permutations(variants, 2):
        total += 1
        with variant_active(theirs):
            try:
                CHECKS[key](worked_value(key, data[mine]), *check_arguments(key, data[theirs]))
            except AssertionError:
                refused += 1
        workbook.reset()
    return refused / total


@pytest.mark.parametrize("key", sorted(VALUE_EXERCISES))
def test_a_value_from_another_variant_is_refused_for_95_percent_of_pairs(key):
    workbook = VALUE_EXERCISES[key]
    if key == "rum_offsets":
        needs_the_book()
    if key in ("doubloons_cut", "parrots_cut", "islanders_cut", "rejected"):
        needs_the_book("bert-base-uncased-vocab")
    for variant in VARIANTS[:5]:  # each variant's own worked value passes its own check
        data = workbook.variant_spaces[key].data(variant)
        with variant_active(variant):
            CHECKS[key](worked_value(key, data), *check_arguments(key, data))
        workbook.reset()
    assert refused_share(key, VARIANTS) >= 0.95


# ------------------------------------------------------------------ the solution notebooks in a kernel, 20 variants


@pytest.mark.slow
@pytest.mark.parametrize("notebook", sorted(SOLUTIONS))
def test_each_solution_notebook_runs_in_one_kernel_under_20_variants_every_check_passing(notebook, tmp_path):
    """One Jupyter kernel runs the solution notebook 20 times, each after starting another variant (packed: one start)."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    if notebook in READS_A_BOOK:
        needs_the_book()
    if notebook in READS_BERT:
        needs_the_book("bert-base-uncased-vocab")
    original = nbformat.read(SOLUTIONS[notebook], as_version=4)
    first, *rest = [cell for cell in original.cells if cell.cell_type == "code"]
    if notebook in UP_TO_THE_LAST_CHECK:
        rest = rest[: max(number for number, cell in enumerate(rest) if "checks.check_" in cell.source) + 1]
    packed = nbformat.v4.new_notebook(cells=[first])
    for variant in VARIANTS[:20]:
        starts = f"from wordpiece_lib.classroom.runtime import activate\nactivate({variant!r})"
        packed.cells += [nbformat.v4.new_code_cell(starts), *(nbformat.v4.new_code_cell(cell.source) for cell in rest)]
    client = nbclient.NotebookClient(
        packed, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute(env={**os.environ, "WORDPIECE_PROGRESS_DIR": "off", "MPLBACKEND": "Agg"})  # a failed check raises
    checked = [cell for cell in packed.cells if cell.source.startswith("%%ipytest")]
    assert len(checked) == 4 * 20
    said = "".join(output.get("text", "") for cell in checked for output in cell.outputs)
    assert said.count("passed") >= 4 * 20 and "failed" not in said and "skipped" not in said


def test_the_progress_file_keeps_the_variant_and_the_class_table_shows_it(tmp_path):
    from wordpiece_lib.classroom.teacher.commands.progress import collect, table

    book = Workbook("96 · Progress of a variant", [Exercise("one", "Your turn 1 · one")], progress_folder=tmp_path)

    @book.check("one")
    def check_one(answer):
        if answer != 1:
            raise AssertionError("not one")

    with variant_active(VARIANTS[3]):
        check_one(1)
    (tmp_path / "ada").mkdir()
    next(tmp_path.glob(".wordpiece-progress-*.json")).rename(tmp_path / "ada" / ".wordpiece-progress-96.json")
    rows, _ = collect([str(tmp_path / "ada")])
    assert [(row.student, row.status, row.variant) for row in rows] == [("ada", "done", VARIANTS[3])]
    assert table(rows).splitlines()[0].endswith(",variant") and table(rows).splitlines()[1].endswith(VARIANTS[3])
