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
import copy
import functools
import hashlib
import hmac
import io
import itertools
import json
import math
import os
import re
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest
from IPython.display import display

from wordpiece_lib import (
    WordPieceDecoder,
    alphabet,
    encode_word,
    initial_splits,
    merge_pair,
    pair_counts,
    rank_candidates,
    score_pairs,
    train_bottom_up,
)
from wordpiece_lib.classroom.character_splitting import checks as checks_01
from wordpiece_lib.classroom.encoding import checks as checks_04
from wordpiece_lib.classroom.merge_steps import checks as checks_03
from wordpiece_lib.classroom.model_inputs import checks as checks_10
from wordpiece_lib.classroom.pair_scores import checks as checks_02
from wordpiece_lib.classroom.real_tokenizers import checks as checks_13
from wordpiece_lib.classroom.runtime import Exercise, Workbook, variant_active, variant_id
from wordpiece_lib.classroom.runtime.variants import active_variant, check_variant
from wordpiece_lib.classroom.top_down import checks as checks_05
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
    "03": ROOT / "notebooks" / "solutions" / "03_merge_steps.ipynb",
    "04": ROOT / "notebooks" / "solutions" / "04_encoding.ipynb",
    "05": ROOT / "notebooks" / "solutions" / "05_top_down.ipynb",
    "10": ROOT / "notebooks" / "solutions" / "10_model_inputs.ipynb",
    "12": ROOT / "notebooks" / "solutions" / "12_unigram.ipynb",
    "13": ROOT / "notebooks" / "solutions" / "13_real_tokenizers.ipynb",
}
#: How many check cells a solution notebook has, where it is not four.
CHECK_CELLS = {"04": 3}
#: Notebooks that read a book (Treasure Island): skipped, or failed when data is required, without it.
READS_A_BOOK = {"10", "12"}
#: Notebooks that load BERT's real vocab (a data set, as the book is).
READS_BERT = {"13"}
#: Notebooks whose cells after the last check train on a whole book: those run once, the exercises under every variant.
UP_TO_THE_LAST_CHECK = {"10", "12", "13"}
#: Every value exercise with a variant space, and its workbook (the function exercises vary by their fresh inputs).
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
    "first_three": checks_03.WORKBOOK,
    "lexical_four": checks_03.WORKBOOK,
    "final_size": checks_03.WORKBOOK,
    "my_word": checks_04.WORKBOOK,
    "hug_keeps": checks_05.WORKBOOK,
    "survivors": checks_05.WORKBOOK,
    "threshold_tries": checks_05.WORKBOOK,
}
#: Exercises whose variant is one word of a pool of about 60 (13's): two students of ten may share one (1 in 60 a pair).
POOLED = {"doubloons_cut", "parrots_cut", "islanders_cut", "rejected"}
#: Value exercises whose own answer space is small (docs/grading.md lists them): the share they can reach, not 95%.
SMALL_ANSWER_SPACES = {
    "hug_keeps": 0.9,  # the count of one word: 16 counts fit within a factor of two of the course's
    "whole_names": 0.75,  # a count from 1 to 7: at best 6/7 of pairs differ
}
#: Every workbook whose exercises have variants (reset between variants).
WORKBOOKS = (
    checks_01.WORKBOOK,
    checks_02.WORKBOOK,
    checks_03.WORKBOOK,
    checks_04.WORKBOOK,
    checks_05.WORKBOOK,
    checks_10.WORKBOOK,
    checks_12.WORKBOOK,
    checks_13.WORKBOOK,
)


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
    # hug/pug's words with bug for bun (on hug/pug's own, the most frequent pair after the merge is the best one too)
    assert checks_02.WORKBOOK.data("best_after_ug") == {
        "word_counts": {"hug": 10, "pug": 5, "pun": 12, "bug": 4, "hugs": 5}
    }
    assert checks_02.WORKBOOK.data("bpe_first") == {"word_counts": dict(datasets.selene_counts())}
    hug_pug = dict(datasets.hug_pug_counts())
    assert checks_03.WORKBOOK.data("first_three") == {"word_counts": {**hug_pug, "bugs": 3}}
    assert checks_03.WORKBOOK.data("lexical_four") == {"word_counts": hug_pug}
    assert checks_03.WORKBOOK.data("final_size") == {
        "word_counts": hug_pug,
        "special_tokens": ["[UNK]", "[CLS]", "[SEP]"],
    }
    assert checks_04.WORKBOOK.data("my_word") == {"word": "puns", "count": 6}
    assert checks_05.WORKBOOK.data("hug_keeps") == {
        "word_counts": {"hug": 10, "hugs": 5, "hugged": 3},
        "token": "hug",
        "threshold": 4,
    }
    assert checks_05.WORKBOOK.data("survivors") == {
        "word_counts": {"hug": 6, "hugs": 4, "bugs": 3, "bug": 1},
        "threshold": 4,
    }
    assert checks_05.WORKBOOK.data("threshold_tries") == {"target": 1600, "upper_thresh": 100}


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

    keys = ("count_words", "count_pairs", "merge_all", "an_exercise_that_declares_none", "my_encode", "my_decode")
    keys += ("my_split_points",)
    course = [fresh_rng(key).random() for key in keys]
    with variant_active(VARIANTS[0]):
        mine = [fresh_rng(key).random() for key in keys]
        words = checks_01._fresh_word_lists()
        merges = checks_03._fresh_merge_cases()
    assert mine[0] != course[0] and mine[1] != course[1] and mine[2] != course[2]
    assert mine[3] == course[3]  # an exercise that does not declare it keeps the course's inputs
    assert mine[4] != course[4] and mine[5] != course[5] and mine[6] != course[6]
    assert words != checks_01._fresh_word_lists()
    assert merges != checks_03._fresh_merge_cases()


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
    merged = merge_pair(splits, favourite, join_pair(*favourite))
    assert _single_best(score_pairs(merged, after))
    # counting pairs instead of scoring them (BPE's rule, the slip this exercise is about) gives a wrong answer
    frequent = rank_candidates(score_pairs(merged, after, "bpe"))[0].pair
    with variant_active(variant), pytest.raises(AssertionError):
        checks_02.check_best_pair(frequent, merged, after)
    checks_02.WORKBOOK.reset()

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


def _new_tokens(counts, tie_break="first", special_tokens=()):
    return train_bottom_up(counts, 10**9, special_tokens=list(special_tokens), tie_break=tie_break, top_k=64)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_03_is_degenerate(variant):
    hug_pug = dict(datasets.hug_pug_counts())
    with variant_active(variant):
        first = checks_03.WORKBOOK.data("first_three")["word_counts"]
        lexical = checks_03.WORKBOOK.data("lexical_four")["word_counts"]
        final = checks_03.WORKBOOK.data("final_size")
    # Your turn 2: six words, a tie for the best in the first three merges (the 'first' policy the prose states decides)
    assert len(first) == 6 and _within_two(sum(first.values()), sum(hug_pug.values()) + 3)
    steps = _new_tokens(first).steps
    assert len(steps) >= 3
    assert any(sum(candidate.score == step.score for candidate in step.candidates) > 1 for step in steps[:3])
    # Your turn 3: the policy decides (the 'lexical' four differ from the 'first' four the notebook prints)
    assert len(lexical) == len(hug_pug) and _within_two(sum(lexical.values()), sum(hug_pug.values()))
    assert _new_tokens(lexical, "lexical").new_tokens[:4] != _new_tokens(lexical).new_tokens[:4]
    assert len(_new_tokens(lexical, "lexical").steps) >= 4
    # Your turn 4: within a factor of two of the course's 5 words, 36 occurrences and 19 tokens; no tie-break matters
    counts, specials = final["word_counts"], final["special_tokens"]
    assert _within_two(len(counts), len(hug_pug)) and _within_two(sum(counts.values()), sum(hug_pug.values()))
    assert 1 <= len(specials) <= 5 and len(set(specials)) == len(specials)
    size = len(_new_tokens(counts, special_tokens=specials).tokens())
    assert _within_two(size, 19) and size == len(_new_tokens(counts, "lexical", specials).tokens())


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_05_is_degenerate(variant):
    from wordpiece_lib.training import JOINER, substring_counts, threshold_pass

    with variant_active(variant):
        keep = checks_05.WORKBOOK.data("hug_keeps")
        survivor = checks_05.WORKBOOK.data("survivors")
        search = checks_05.WORKBOOK.data("threshold_tries")
    # Your turn 1: three words from one stem; the answer is neither the plain count nor the guide's rule's
    counts, token, threshold = keep["word_counts"], keep["token"], keep["threshold"]
    assert len(counts) == 3 and all(word.startswith(token) for word in counts) and _within_two(sum(counts.values()), 18)
    totals = substring_counts(counts)
    kept = threshold_pass(totals, threshold, subtract="kept").get(token)
    assert _within_two(counts[token], 10) and counts[token] not in (totals[token], kept)
    # Your turn 2: a whole word and an ending survive; a substring more frequent than the threshold does not
    counts, threshold = survivor["word_counts"], survivor["threshold"]
    assert len(counts) == 4 and _within_two(sum(counts.values()), 13)
    totals = substring_counts(counts)
    survived = set(threshold_pass(totals, threshold))
    assert survived & set(counts) and any(piece.startswith(JOINER) for piece in survived)
    assert any(total > threshold and piece not in survived for piece, total in totals.items())
    # Your turn 4: a target within a factor of two of 1,600, a search of several tries
    assert _within_two(search["target"], 1600) and _within_two(search["upper_thresh"], 100)
    assert len(_tries(search)) >= 3


def _grown(data):
    counts = {**datasets.hug_pug_counts(), data["word"]: data["count"]}
    return train_bottom_up(counts, vocab_size=100, special_tokens=["[UNK]"])


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_04_is_degenerate(variant):
    from wordpiece_lib import encode_with_merges, encode_word

    with variant_active(variant):
        data = checks_04.WORKBOOK.data("my_word")
    hug_pug = dict(datasets.hug_pug_counts())
    word, count = data["word"], data["count"]
    # like puns: a word of the corpus plus one letter, a new word, seen within a factor of two of 6 times
    assert word[:-1] in hug_pug and word not in hug_pug and _within_two(count, 6)
    grown = _grown(data)
    old = train_bottom_up(hug_pug, vocab_size=100, special_tokens=["[UNK]"])
    answer = worked_value("my_word", data)  # the word's partner with its new letter: the new word caused it
    assert encode_word(answer, set(grown.tokens())) not in (encode_with_merges(answer, grown.merges), ["[UNK]"])
    assert encode_word(answer, set(old.tokens())) in (encode_with_merges(answer, old.merges), ["[UNK]"])


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
    assert sum("checks.check_" in cell for cell in cells) == CHECK_CELLS.get(notebook, 4)
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
    if key in LATER_WORKED:
        return LATER_WORKED[key](data)
    if key in NOTEBOOK_03:
        return NOTEBOOK_03[key][0](data)
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
    if key in LATER_ARGUMENTS:
        return LATER_ARGUMENTS[key](data)
    if key in NOTEBOOK_03:
        return NOTEBOOK_03[key][1](data)
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


def _merges_by_hand(counts, rounds, tie_break):
    """The worked solution's merges of notebook 03: score, merge the best (ties by the policy), ``rounds`` times."""
    tokens, current = [], initial_splits(counts)
    while len(tokens) < rounds and (scored := score_pairs(current, counts)):
        top = max(candidate.score for candidate in scored)
        tied = [candidate.pair for candidate in scored if candidate.score == top]
        pair = tied[0] if tie_break == "first" else min(tied)
        tokens.append(join_pair(*pair))
        current = merge_pair(current, pair, join_pair(*pair))
    return tokens


def _book_rounds():
    """The book's rounds of notebook 05 (section 7), made once: every threshold's size is kept."""
    if not _BOOK:
        from wordpiece_lib import WordCounts, load_book
        from wordpiece_lib.classroom.top_down import TopDownRounds

        _BOOK.append(WordCounts.from_texts(load_book("treasure-island"), lowercase=True))
        _BOOK.append(TopDownRounds(_BOOK[0]))
    return _BOOK[0], _BOOK[1]


_BOOK: list = []


def _tries(data):
    """The worked solution's tries of notebook 05's search (the same loop as its answer cell)."""
    from wordpiece_lib.training import threshold_bounds

    counts, rounds = _book_rounds()
    lower, upper = threshold_bounds(counts, upper_thresh=data["upper_thresh"], lower_thresh=1)
    tries = []
    while True:
        middle = (lower + upper) // 2
        tries.append(middle)
        size = rounds.size(middle)
        if data["target"] * 0.95 <= size <= data["target"] or lower >= upper:
            return tries
        lower, upper = (middle + 1, upper) if size > data["target"] else (lower, middle - 1)


def _survivors(counts, threshold):
    ends = {}
    for word, count in counts.items():
        for start in range(len(word)):
            piece = word if start == 0 else "##" + word[start:]
            ends[piece] = ends.get(piece, 0) + count
    return {piece for piece, count in ends.items() if count >= threshold}


def _search_arguments(data):
    from wordpiece_lib.training import threshold_bounds

    counts, rounds = _book_rounds()
    return (rounds, data["target"], threshold_bounds(counts, upper_thresh=data["upper_thresh"], lower_thresh=1))


#: Notebook 03's to 05's value exercises: the worked value from the data, and the check's arguments.
NOTEBOOK_03 = {
    "hug_keeps": (
        lambda data: data["word_counts"][data["token"]],
        lambda data: (data["word_counts"], data["token"], data["threshold"]),
    ),
    "survivors": (
        lambda data: _survivors(data["word_counts"], data["threshold"]),
        lambda data: (data["word_counts"], data["threshold"]),
    ),
    "threshold_tries": (_tries, _search_arguments),
    "my_word": (
        lambda data: (
            next(
                word
                for word in datasets.hug_pug_counts()
                if word != data["word"][:-1] and len(word) == 3 and word[-1] == data["word"][-2]
            )
            + data["word"][-1]
        ),
        lambda data: (_grown(data), train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])),
    ),
    "first_three": (
        lambda data: _merges_by_hand(data["word_counts"], 3, "first"),
        lambda data: (data["word_counts"], 3),
    ),
    "lexical_four": (
        lambda data: _merges_by_hand(data["word_counts"], 4, "lexical"),
        lambda data: (data["word_counts"], 4),
    ),
    "final_size": (
        lambda data: (
            len(data["special_tokens"])
            + len(alphabet(data["word_counts"]))
            + len(_merges_by_hand(data["word_counts"], 10**9, "first"))
        ),
        lambda data: (data["word_counts"], data["special_tokens"]),
    ),
}


def _source(key: str):
    """The checks of 03 read the answer cell; a typed value's cell is plain."""
    return lambda check: lambda answer, *arguments: check(answer, *arguments, source=f"{key} = ...")


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
    "first_three": _source("first_three")(checks_03.check_merges),
    "lexical_four": _source("lexical_four")(checks_03.check_lexical_merges),
    "final_size": _source("final_size")(checks_03.check_final_size),
    "hug_keeps": _source("hug_keeps")(checks_05.check_effective_count),
    "survivors": _source("survivors")(checks_05.check_surviving_substrings),
    "threshold_tries": _source("threshold_tries")(checks_05.check_threshold_search),
    "my_word": lambda answer, trace, before: checks_04.check_replay_differs(
        answer, trace, before=before, source="my_word = ..."
    ),
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
    assert refused_share(key, VARIANTS) >= SMALL_ANSWER_SPACES.get(key, 0.95)


# ------------------------------------------------------------------ the solution notebooks in a kernel, 20 variants


def code_sources(path: Path) -> list[str]:
    """The notebook's code cells as written (``%%ipytest`` cells as they are: a kernel runs them)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def checks_in_one_kernel(
    once: list[str], varied: list[str], tmp_path: Path, *, typed: bool = False, timeout: int = 600
) -> tuple[list[dict], str]:
    """Run ``once`` in one Jupyter kernel, then, for each of 20 variants, ``activate`` it and run ``varied`` (its
    literals typed in for that variant when ``typed``); the check cells run after ``once`` and what they printed."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    packed = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in once])
    for variant in VARIANTS[:20]:
        starts = f"from wordpiece_lib.classroom.runtime import activate\nactivate({variant!r})"
        packed.cells += [nbformat.v4.new_code_cell(starts)]
        with variant_active(variant):
            packed.cells += [nbformat.v4.new_code_cell(typed_in(source) if typed else source) for source in varied]
    client = nbclient.NotebookClient(
        packed, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute(env={**os.environ, "WORDPIECE_PROGRESS_DIR": "off", "MPLBACKEND": "Agg"})  # a failed check raises
    checked = [cell for cell in packed.cells[len(once) :] if cell.source.startswith("%%ipytest")]
    return checked, "".join(output.get("text", "") for cell in checked for output in cell.outputs)


@pytest.mark.slow
@pytest.mark.parametrize("notebook", sorted(SOLUTIONS))
def test_each_solution_notebook_runs_in_one_kernel_under_20_variants_every_check_passing(notebook, tmp_path):
    """One Jupyter kernel runs the notebook's cells up to its exercises once, then the exercises' cells under 20
    variants (packed: one start). The in-process test above runs every cell under each variant."""
    if notebook in READS_A_BOOK:
        needs_the_book()
    if notebook in READS_BERT:
        needs_the_book("bert-base-uncased-vocab")
    sources = code_sources(SOLUTIONS[notebook])
    first, last = exercise_span(sources)
    checked, said = checks_in_one_kernel(sources[:first], sources[first : last + 1], tmp_path, timeout=300)
    assert len(checked) == CHECK_CELLS.get(notebook, 4) * 20
    assert said.count("passed") >= CHECK_CELLS.get(notebook, 4) * 20 and "failed" not in said and "skipped" not in said


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


# ------------------------------------------------------------------ notebooks 06 to 08 (issue 41, phase 2)
#
# Their solution notebooks train on the whole book: the cells before an exercise's data run once (the
# course's), then, for each variant, the cells from the first that reads an exercise's data to the last check.

from wordpiece_lib.analysis import vocab_overlap  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import checks as checks_06  # noqa: E402
from wordpiece_lib.classroom.fast_encoding import checks as checks_08  # noqa: E402
from wordpiece_lib.classroom.real_book import checks as checks_07  # noqa: E402
from wordpiece_lib.training import encode_with_merges, train_bpe, train_fast  # noqa: E402

LATER_SOLUTIONS = {
    "06": ROOT / "notebooks" / "solutions" / "06_bpe_comparison.ipynb",
    "07": ROOT / "notebooks" / "solutions" / "07_real_book.ipynb",
    "08": ROOT / "notebooks" / "solutions" / "08_fast_encoding.ipynb",
}
#: How many check cells each of those notebooks has (every exercise's).
LATER_CHECK_CELLS = {"06": 4, "07": 4, "08": 3}
LATER_WORKBOOKS = {"06": checks_06.WORKBOOK, "07": checks_07.WORKBOOK, "08": checks_08.WORKBOOK}


def _bpe_first_two(data: dict) -> list:
    counts = data["word_counts"]
    return train_bpe(counts, len(alphabet(counts)) + 2, special_tokens=[]).merges[:2]


def _toy_jaccard(data: dict):
    from fractions import Fraction

    overlap = vocab_overlap(*_jaccard_vocabs(data))
    return Fraction(len(overlap.shared), len(overlap.shared) + len(overlap.only_first) + len(overlap.only_second))


def _jaccard_vocabs(data: dict) -> tuple:
    counts = data["word_counts"]
    return (
        train_fast(counts, 100, special_tokens=["[UNK]"]).tokens(),
        train_bpe(counts, 100, special_tokens=["[UNK]"]).tokens(),
    )


def _gnus_trace(data: dict):
    return train_bpe(data["word_counts"], 100, special_tokens=["[UNK]"])


def _differing_word(data: dict) -> str:
    """The solution cell's rule: a word start made after an early merge that takes its last letter, plus that letter."""
    trace = _gnus_trace(data)
    made = [left + right.removeprefix("##") for left, right in trace.merges]
    return next(
        start + later.removeprefix("##")
        for step, start in enumerate(made)
        if not start.startswith("##")
        for earlier, later in trace.merges[:step]
        if earlier == "##" + start[-1]
    )


def _memo(function, copied: bool = True):
    """``function`` of an exercise's data, computed once per data (the refusal shares ask 40 x 39 times); a worked
    value is copied for each caller, the checks' arguments (vocabs, traces, automata: never changed) are not."""
    done = {}

    def remembered(data: dict):
        key = json.dumps(data, sort_keys=True)
        if key not in done:
            done[key] = function(data)
        return copy.deepcopy(done[key]) if copied else done[key]

    return remembered


LATER_WORKED = {
    "bpe_first_two": _bpe_first_two,
    "toy_jaccard": _toy_jaccard,
    "bpe_differing_word": _differing_word,
}
LATER_ARGUMENTS = {
    "bpe_first_two": lambda data: (data["word_counts"], 2),
    "toy_jaccard": _jaccard_vocabs,
    "bpe_differing_word": lambda data: (_gnus_trace(data), None, ["pugs"]),
}
VALUE_EXERCISES.update(dict.fromkeys(("bpe_first_two", "toy_jaccard", "bpe_differing_word"), checks_06.WORKBOOK))
CHECKS.update(
    {
        "bpe_first_two": checks_06.check_first_bpe_merges,
        "toy_jaccard": checks_06.check_jaccard,
        "bpe_differing_word": checks_06.check_encoders_differ,
    }
)


def test_without_a_variant_notebooks_06_to_08_keep_the_courses_own_data():
    hug_pug = dict(datasets.hug_pug_counts())
    assert checks_06.WORKBOOK.data("bpe_first_two") == {"word_counts": hug_pug}
    assert checks_06.WORKBOOK.data("toy_jaccard") == {"word_counts": hug_pug}
    assert checks_06.WORKBOOK.data("bpe_differing_word") == {"word_counts": {**hug_pug, "gnus": 3}}
    assert _differing_word(checks_06.WORKBOOK.data("bpe_differing_word")) == "gnug"  # the course's own answer


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_06_is_degenerate(variant):
    hug_pug = dict(datasets.hug_pug_counts())
    with variant_active(variant):
        first = checks_06.WORKBOOK.data("bpe_first_two")
        jaccard = checks_06.WORKBOOK.data("toy_jaccard")
        gnus = checks_06.WORKBOOK.data("bpe_differing_word")["word_counts"]
    for data in (first, jaccard):
        counts = data["word_counts"]
        assert _within_two(len(counts), len(hug_pug)) and _within_two(sum(counts.values()), sum(hug_pug.values()))
    counts = first["word_counts"]
    trace = train_bpe(counts, len(alphabet(counts)) + 2, special_tokens=[])
    for step in (0, 1):  # no tie at either merge: the exercise names one pair each time
        top = sorted(pair_counts(trace.splits_at(step), counts).values(), reverse=True)
        assert top[0] > top[1]
    assert train_fast(counts, len(alphabet(counts)) + 1, special_tokens=[]).merges[0] not in trace.merges
    wordpiece, bpe = _jaccard_vocabs(jaccard)
    overlap = vocab_overlap(wordpiece, bpe)
    assert overlap.only_first and overlap.only_second  # each trainer builds a token the other does not
    assert _within_two(len(wordpiece), 17) and _within_two(len(bpe), 15)  # the course's vocabs: 17 and 15 tokens
    assert len(gnus) == len(hug_pug) + 1 and _within_two(sum(gnus.values()), sum(hug_pug.values()) + 3)
    word = _differing_word({"word_counts": gnus})
    bpe_gnus = _gnus_trace({"word_counts": gnus})
    assert encode_word(word, set(bpe_gnus.tokens())) != encode_with_merges(word, bpe_gnus.merges)


def exercise_span(cells: list[str]) -> tuple[int, int]:
    """From the first cell that reads an exercise's data or holds an answer checked next, to the last check cell:
    the cells a variant changes (a function exercise's fresh inputs follow the variant too)."""
    checked = [number for number, cell in enumerate(cells) if "checks.check_" in cell]
    reads = next((number for number, cell in enumerate(cells) if ".WORKBOOK.data(" in cell), checked[0] - 1)
    first = min(reads, checked[0] - 1)
    return first, checked[-1]


@pytest.mark.parametrize("notebook", sorted(LATER_SOLUTIONS))
def test_the_worked_solution_of_06_to_08_passes_every_check_under_20_variants(notebook, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    cells = solution_cells(LATER_SOLUTIONS[notebook])
    assert sum("checks.check_" in cell for cell in cells) == LATER_CHECK_CELLS[notebook]
    first, last = exercise_span(cells)
    from IPython.display import display

    course = {"__name__": "__main__", "display": display}  # the reveals display, as in a kernel
    with contextlib.redirect_stdout(io.StringIO()):
        for number, source in enumerate(cells[1:first], start=1):  # the first cell starts a kernel's checks
            exec(compile(source, f"<{notebook} code cell {number}>", "exec"), course)
    for variant in VARIANTS[:20]:
        namespace = dict(course)
        with variant_active(variant), contextlib.redirect_stdout(io.StringIO()):
            for number, source in enumerate(cells[first : last + 1], start=first):
                source = typed_in(source)
                exec(compile(source, f"<{notebook} code cell {number}, variant {variant}>", "exec"), namespace)
        LATER_WORKBOOKS[notebook].reset()


@pytest.mark.slow
@pytest.mark.parametrize("notebook", sorted(LATER_SOLUTIONS))
def test_each_solution_notebook_of_06_to_08_runs_in_one_kernel_under_20_variants(notebook, tmp_path):
    """One kernel runs the notebook's cells up to its exercises once, then the exercises' cells under 20 variants."""
    sources = code_sources(LATER_SOLUTIONS[notebook])
    first, last = exercise_span(sources)
    checked, said = checks_in_one_kernel(sources[:first], sources[first : last + 1], tmp_path, typed=True)
    assert len(checked) == LATER_CHECK_CELLS[notebook] * 20
    assert said.count("passed") >= len(checked) and "failed" not in said and "skipped" not in said


# ------------------------------------------------------------------ notebook 07: the book, trained once


@functools.cache
def book() -> tuple:
    """The book's word counts and its vocab trained to the end, as notebook 07 trains them (once per test run)."""
    from wordpiece_lib import WordCounts, load_book

    counts = WordCounts.from_texts(load_book("treasure-island"))
    return counts, train_fast(counts, 20_000)


@functools.cache
def tokenizer_10k():
    from wordpiece_lib import Vocab, WordPieceTokenizer

    full = book()[1]
    return WordPieceTokenizer(Vocab(full.tokens(full.steps_for_size(10_000))))


def full_vocab() -> set:
    return set(book()[1].tokens())


def typed_in(source: str) -> str:
    """A solution cell with the active variant's prediction typed in where the course's is (a prediction is typed,
    never computed: the check refuses a computed one), every other cell as it is."""
    if "bert_disagreements = {" in source:  # 09's prediction, from the rules (typed as the course's is)
        texts = checks_09.WORKBOOK.data("bert_disagreements")["texts"]
        typed = checks_09.reference_disagreements(texts, _bert_vocab())
        return re.sub(
            r"bert_disagreements = \{.*?\}\n", f"bert_disagreements = {typed!r}\n", source, count=1, flags=re.S
        )
    if "predicted_split = {" not in source:
        return source
    words = checks_07.WORKBOOK.data("predicted_split")["words"]
    typed = {word: len(encode_word(word, full_vocab())) > 1 for word in words}
    return re.sub(r"predicted_split = \{.*?\}\n", f"predicted_split = {typed!r}\n", source, count=1, flags=re.S)


def _names_vocab(data: dict) -> set:
    full = book()[1]
    return set(full.tokens(full.steps_for_size(data["size"])))


def _fertility(data: dict):
    from fractions import Fraction

    tokenizer = tokenizer_10k()
    return Fraction(len(tokenizer.tokenize(data["sentence"])), len(tokenizer.words(data["sentence"])))


LATER_WORKED.update(
    {
        "whole_names": lambda data: sum(name in _names_vocab(data) for name in data["names"]),
        "predicted_split": lambda data: {word: len(encode_word(word, full_vocab())) > 1 for word in data["words"]},
        "team_fertility": _fertility,
    }
)
LATER_ARGUMENTS.update(
    {
        "whole_names": lambda data: (data["names"], _names_vocab(data)),
        "predicted_split": lambda data: (full_vocab(), book()[0], data["words"]),
        "team_fertility": lambda data: (data["sentence"], tokenizer_10k()),
    }
)
VALUE_EXERCISES.update(dict.fromkeys(("whole_names", "predicted_split", "team_fertility"), checks_07.WORKBOOK))
CHECKS.update(
    {
        "whole_names": checks_07.check_single_token_names,
        "predicted_split": lambda answer, *rest: checks_07.check_split_predictions(answer, *rest, source=""),
        "team_fertility": checks_07.check_fertility,
    }
)


def test_the_pools_of_notebook_07s_variants_hold_for_the_books_full_vocab():
    counts, full = book()
    made_at = {step.new_token: step for step in full.steps}
    vocab = full_vocab()
    assert {name: made_at[name].vocab_size for name in checks_07.NAME_WHOLE_AT} == checks_07.NAME_WHOLE_AT
    assert all(word in counts and encode_word(word, vocab) == [word] for word in checks_07.IN_THE_BOOK)
    assert all(word not in counts and encode_word(word, vocab) == [word] for word in checks_07.MADE_ON_THE_WAY)
    assert all(word not in counts and len(encode_word(word, vocab)) > 1 for word in checks_07.CUT_IN_PIECES)
    assert checks_07.WORKBOOK.data("whole_names") == {"names": list(checks_07.NAMES), "size": 11_800}
    assert checks_07.WORKBOOK.data("team_fertility") == {
        "sentence": "Our team found the map, the gold, and Ben Gunn's cave."
    }
    course_words = ["parrot", "love", "school", "car", "hug", "captains", "castle"]
    assert checks_07.WORKBOOK.data("predicted_split") == {"words": course_words}


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_07_is_degenerate(variant):
    counts = book()[0]
    with variant_active(variant):
        names = checks_07.WORKBOOK.data("whole_names")
        words = checks_07.WORKBOOK.data("predicted_split")["words"]
        sentence = checks_07.WORKBOOK.data("team_fertility")
    assert len(set(names["names"])) == 8 and _within_two(names["size"], 11_800)
    assert 1 <= LATER_WORKED["whole_names"](names) <= 7  # neither none nor every name
    vocab = full_vocab()
    kinds = ["book" if word in counts else "whole" if encode_word(word, vocab) == [word] else "cut" for word in words]
    assert len(set(words)) == 7 and all(2 <= kinds.count(kind) <= 3 for kind in ("book", "whole", "cut"))
    words_of = tokenizer_10k().words(sentence["sentence"])
    assert _within_two(len(words_of), 16) and 1 < LATER_WORKED["team_fertility"](sentence) < 3


# ------------------------------------------------------------------ notebook 08: renamed letters, the same shapes


def _failure(data: dict) -> tuple:
    from wordpiece_lib import LinMaxMatch
    from wordpiece_lib.classroom.fast_encoding.checks import _link_name

    automaton = LinMaxMatch(data["vocab"])
    node = automaton.node(automaton.find(data["label"], continuation=False))
    return list(node.failure_pops), _link_name(automaton, node.failure_link)


def _emitted(data: dict) -> list:
    from wordpiece_lib import LinMaxMatch
    from wordpiece_lib.classroom.fast_encoding.checks import _fails_at

    fails = _fails_at(LinMaxMatch(data["vocab"]), data["word"], data["position"])
    return [token for step in fails for token in step.emitted]


def _unk(data: dict) -> tuple:
    """The solution cell's rule: the shortest start token, a letter only a ## token has, a letter no ## token starts."""
    vocab = data["vocab"]
    starts = [token for token in vocab if not token.startswith("##")]
    pieces = [token.removeprefix("##") for token in vocab if token.startswith("##")]
    letters = sorted({letter for token in vocab for letter in token.removeprefix("##")})
    first = min(starts, key=len)
    second = next(
        letter
        for letter in letters
        if letter in pieces and not any(token.startswith(first + letter) for token in starts)
    )
    third = max(letter for letter in letters if not any(piece.startswith(letter) for piece in pieces))
    return first + second + third, len(first) + 1


def _automaton(data: dict):
    from wordpiece_lib import LinMaxMatch

    return LinMaxMatch(data["vocab"])


LATER_WORKED.update({"failure_of_tokeniz": _failure, "emitted_at_s": _emitted, "unk_word": _unk})
LATER_ARGUMENTS.update(
    {
        "failure_of_tokeniz": lambda data: (_automaton(data), data["label"]),
        "emitted_at_s": lambda data: (_automaton(data), data["word"], data["position"]),
        "unk_word": lambda data: (_automaton(data), data["known"]),
    }
)
VALUE_EXERCISES.update(dict.fromkeys(("failure_of_tokeniz", "emitted_at_s", "unk_word"), checks_08.WORKBOOK))
CHECKS.update(
    {
        "failure_of_tokeniz": lambda value, *rest: checks_08.check_failure(*value, *rest),
        "emitted_at_s": checks_08.check_emitted_at,
        "unk_word": lambda value, automaton, known: checks_08.check_unk_word(*value, automaton, known=known),
    }
)


def test_without_a_variant_notebook_08_keeps_the_courses_own_vocabs():
    assert checks_08.WORKBOOK.data("failure_of_tokeniz") == {"vocab": list(checks_08.TOKEN_VOCAB), "label": "tokeniz"}
    assert _failure(checks_08.WORKBOOK.data("failure_of_tokeniz")) == (["token", "##i"], "##z")
    assert _emitted(checks_08.WORKBOOK.data("emitted_at_s")) == ["token", "##i"]
    assert checks_08.WORKBOOK.data("unk_word") == {
        "vocab": ["a", "abcdx", "##b", "##c", "##cdy", "##dz"],
        "known": list(checks_08.SHOWN_WORDS),
    }


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_08_is_degenerate(variant):
    with variant_active(variant):
        failure = checks_08.WORKBOOK.data("failure_of_tokeniz")
        stuck = checks_08.WORKBOOK.data("emitted_at_s")
        unk = checks_08.WORKBOOK.data("unk_word")
    pops, link = _failure(failure)
    assert len(pops) == 2 and link is not None and link != "##"  # two pops, then a link to a ## node
    from wordpiece_lib.classroom.fast_encoding.checks import _fails_at

    assert len(_fails_at(_automaton(stuck), stuck["word"], stuck["position"])) == 2  # one failure leads to another
    word, position = _unk(unk)
    last = list(_automaton(unk).trace(word))[-1]
    assert word not in unk["known"] and last.kind == "unk" and last.position == position >= 1
    assert len(set(unk["known"])) == len(checks_08.SHOWN_WORDS)


# ------------------------------------------------------------------ notebooks 06 to 08: a classmate's value refused


LATER_WORKED = {key: _memo(function) for key, function in LATER_WORKED.items()}
LATER_ARGUMENTS = {key: _memo(function, copied=False) for key, function in LATER_ARGUMENTS.items()}


@pytest.mark.parametrize("key", sorted(LATER_WORKED))
def test_a_value_from_another_variant_of_06_to_08_is_refused_for_95_percent_of_pairs(key):
    workbook = VALUE_EXERCISES[key]
    for variant in VARIANTS[:5]:  # each variant's own worked value passes its own check
        data = workbook.variant_spaces[key].data(variant)
        with variant_active(variant):
            CHECKS[key](worked_value(key, data), *check_arguments(key, data))
        workbook.reset()
    assert refused_share(key, VARIANTS) >= SMALL_ANSWER_SPACES.get(key, 0.95)


# ------------------------------------------------------------------ notebooks 09 and 11 (issue 41, phase 3)
#
# 09 trains a sweep of vocabs and 11 starts a Dask cluster: the cells a variant changes (each exercise's data,
# answer, check and reveal) run under every variant, the others once.

from wordpiece_lib import BertNormalizer  # noqa: E402
from wordpiece_lib.classroom.big_corpora import checks as checks_11  # noqa: E402
from wordpiece_lib.classroom.other_languages import checks as checks_09  # noqa: E402
from wordpiece_lib.text import normalization_merges  # noqa: E402

NINE_ELEVEN = {
    "09": ROOT / "notebooks" / "solutions" / "09_other_languages.ipynb",
    "11": ROOT / "notebooks" / "solutions" / "11_big_corpora.ipynb",
}
NINE_ELEVEN_WORKBOOKS = {"09": checks_09.WORKBOOK, "11": checks_11.WORKBOOK}
#: The check cells each notebook runs under a variant (09's share_of is a function exercise on the notebook's
#: own vocab, which no variant changes: its cells run once).
NINE_ELEVEN_CHECK_CELLS = {"09": 4, "11": 3}
#: Cells of an exercise no variant changes (their cells are left out of the variant runs).
UNVARIED = {"09": ("share_of",), "11": ()}
#: Where the cells a variant needs come from: 09's read the sweep, the BERT vocab, the word lists (every cell up to
#: the last check runs once first); 11's need only the imports (the cells before its first exercise).
RUN_FIRST_UP_TO_THE_LAST_CHECK = {"09"}
UNCASED = BertNormalizer(lowercase=True)
_EXERCISE_MARKS = (".WORKBOOK.data(", "# BEGIN SOLUTION", "checks.check_", ".WORKBOOK.reveal(")


def variant_cells(cells: list[str], notebook: str) -> list[int]:
    """The cells a variant changes: an exercise's data, answer, check and reveal (not those of an unvaried one)."""
    return [
        number
        for number, cell in enumerate(cells)
        if number > 0
        and any(mark in cell for mark in _EXERCISE_MARKS)
        and not any(k in cell for k in UNVARIED[notebook])
    ]


def cells_run_once(cells: list[str], notebook: str) -> list[int]:
    varied = variant_cells(cells, notebook)
    if notebook in RUN_FIRST_UP_TO_THE_LAST_CHECK:
        return list(range(1, max(n for n, cell in enumerate(cells) if "checks.check_" in cell) + 1))
    return list(range(1, varied[0]))


def stripped(word: str) -> str:
    """The worked solution's normalizer: lowercase, NFD, the non-spacing marks dropped."""
    return "".join(c for c in unicodedata.normalize("NFD", word.lower()) if unicodedata.category(c) != "Mn")


def _own_groups(data: dict) -> list:
    by_text: dict = {}
    for word in data["words"]:
        by_text.setdefault(stripped(word), []).append(word)
    return [group for group in by_text.values() if len(group) > 1]


@functools.cache
def _word_lists():
    from exercise_cases import nb09

    return nb09.word_lists()


@functools.cache
def _bert_tokenize():
    from exercise_cases import nb09

    return functools.lru_cache(maxsize=None)(nb09.bert_uncased().tokenize)


def _top_greek(data: dict) -> dict:
    ranked = _word_lists()["el"].most_common(data["within"])
    return dict(ranked[rank] for rank in data["ranks"])


def _greek_fertility(data: dict) -> float:
    top = _top_greek(data)
    tokenize = _bert_tokenize()
    return sum(len(tokenize(word)) * count for word, count in top.items()) / sum(top.values())


def _sweep():
    from exercise_cases import nb09

    return nb09.language_sweep()


def _chosen(data: dict):
    sweep = _sweep()
    fitting = [alpha for alpha in sweep.exponents if max(sweep.measure(alpha).parity.values()) <= data["limit"]]
    return max(fitting) if fitting else None


def _bert_vocab():
    from exercise_cases import nb09

    return nb09.bert_uncased().vocab


NINE_ELEVEN_WORKED = {
    "merged_groups": _own_groups,
    "greek_tokens_per_word": _greek_fertility,
    "chosen_exponent": _chosen,
    "bert_disagreements": lambda data: checks_09.reference_disagreements(data["texts"], _bert_vocab()),
    "hours": lambda data: (
        data["size_gb"] * 1000 / (data["mb_per_second_per_core"] * data["cores"] * data["efficiency"]) / 3600
    ),
}
NINE_ELEVEN_ARGUMENTS = {
    "merged_groups": lambda data: (data["words"], UNCASED),
    "greek_tokens_per_word": lambda data: (_bert_tokenize(), _top_greek(data)),
    "chosen_exponent": lambda data: (_sweep(), data["limit"]),
    "bert_disagreements": lambda data: (data["texts"], _bert_vocab()),
    "hours": lambda data: (data["size_gb"], data["mb_per_second_per_core"], data["cores"], data["efficiency"]),
}
LATER_WORKED.update({key: _memo(function) for key, function in NINE_ELEVEN_WORKED.items()})
LATER_ARGUMENTS.update({key: _memo(function, copied=False) for key, function in NINE_ELEVEN_ARGUMENTS.items()})
VALUE_EXERCISES.update({key: checks_09.WORKBOOK for key in NINE_ELEVEN_WORKED if key != "hours"})
VALUE_EXERCISES["hours"] = checks_11.WORKBOOK
CHECKS.update(
    {
        "merged_groups": _source("merged_groups")(checks_09.check_accent_merges),
        "greek_tokens_per_word": _source("greek_tokens_per_word")(checks_09.check_tokens_per_word),
        "chosen_exponent": checks_09.check_exponent_choice,
        "bert_disagreements": _source("bert_disagreements")(checks_09.check_bert_disagreements),
        "hours": checks_11.check_hours,
    }
)
#: 09's exponent is one of the grid's five: a classmate's is refused only when the two limits fall between other
#: parities (each exponent's share of the limits' range; measured on 40 variants: docs/grading.md).
SMALL_ANSWER_SPACES["chosen_exponent"] = 0.7
#: Its limit is one of 53 (two decimals, as a reader takes it off the figure): two students of ten may share one.
POOLED.add("chosen_exponent")
#: The data sets each exercise's worked value or check reads.
NEEDS = {"greek_tokens_per_word": "bert-base-uncased-vocab", "bert_disagreements": "bert-base-uncased-vocab"}


def test_without_a_variant_notebooks_09_and_11_keep_the_courses_own_data():
    from exercise_cases import nb09

    assert checks_09.WORKBOOK.data("merged_groups") == {"words": nb09.WORDS_TO_GROUP, "kept": ["Straße", "strasse"]}
    assert _own_groups(checks_09.WORKBOOK.data("merged_groups")) == nb09.ACCENT_GROUPS  # the course's own answer
    assert checks_09.WORKBOOK.data("greek_tokens_per_word") == {"ranks": list(range(200)), "within": 200}
    assert checks_09.WORKBOOK.data("chosen_exponent") == {"limit": 1.3}
    assert checks_09.WORKBOOK.data("bert_disagreements") == {"texts": nb09.WHICH_BERT_TEXTS}
    assert checks_11.WORKBOOK.data("hours") == {
        "size_gb": 20,
        "mb_per_second_per_core": 12.5,
        "cores": 8,
        "efficiency": 0.9,
    }


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_variant_of_notebook_09_or_11_is_degenerate(variant):
    from exercise_cases import nb09

    with variant_active(variant):
        merge = checks_09.WORKBOOK.data("merged_groups")
        greek = checks_09.WORKBOOK.data("greek_tokens_per_word")
        limit = checks_09.WORKBOOK.data("chosen_exponent")["limit"]
        texts = checks_09.WORKBOOK.data("bert_disagreements")["texts"]
        machine = checks_11.WORKBOOK.data("hours")
    # Your turn 1: six groups as the course's, exactly the library's; a pair kept apart; lowercasing needed somewhere
    words = merge["words"]
    assert _within_two(len(words), len(nb09.WORDS_TO_GROUP)) and len(set(words)) == len(words)
    merges = [sorted(group) for group in normalization_merges(words, UNCASED).values()]
    assert len(merges) == 6 and sorted(merges) == sorted(sorted(group) for group in _own_groups(merge))
    kept, other = merge["kept"]
    assert kept in words and other in words and UNCASED(kept) != UNCASED(other)
    assert any(not letter.isascii() for letter in UNCASED(kept))  # a special letter with no accent to strip
    accents_only = BertNormalizer(lowercase=False, strip_accents=True)
    assert any(len({accents_only(word) for word in group}) > 1 for group in merges)
    assert {checks_09.main_script(word) for group in merges for word in group} >= {"Latin", "Greek", "Cyrillic"}
    # Your turn 2: common Greek words, 150 to 300 of them (the course: 200)
    assert len(set(greek["ranks"])) == len(greek["ranks"]) and _within_two(len(greek["ranks"]), 200)
    assert max(greek["ranks"]) < greek["within"] <= 800
    # Your turn 4: a limit some exponent keeps (never None: the answer is one of the grid)
    assert 1.17 <= limit <= 1.69
    # Your turn 5: three texts, each of another kind
    kinds = [
        next(kind for kind, pool in checks_09.DISAGREEMENT_POOL.items() if text in pool) for text in texts.values()
    ]
    assert sorted(texts) == ["a", "b", "c"] and len(set(kinds)) == 3
    # Your turn 3 of 11: each figure within a factor of two of the course's
    for name, course in checks_11.HOURS_COURSE.items():
        assert _within_two(machine[name], course), name


def test_every_text_of_09s_disagreement_pool_meets_the_rule_it_is_filed_under():
    needs_the_book("bert-base-uncased-vocab")
    for kind, pool in checks_09.DISAGREEMENT_POOL.items():
        found = checks_09.reference_disagreements({str(n): text for n, text in enumerate(pool)}, _bert_vocab())
        assert set(found.values()) == {kind}, kind


def test_every_limit_of_09s_variants_has_an_exponent_and_the_answers_spread():
    answers = []
    for variant in VARIANTS:
        with variant_active(variant):
            answers.append(_chosen(checks_09.WORKBOOK.data("chosen_exponent")))
    assert None not in answers and len(set(answers)) >= 4


@pytest.mark.parametrize("key", sorted(NINE_ELEVEN_WORKED))
def test_a_value_from_another_variant_of_09_or_11_is_refused_for_95_percent_of_pairs(key):
    if key in NEEDS:
        needs_the_book(NEEDS[key])
    workbook = VALUE_EXERCISES[key]
    for variant in VARIANTS[:5]:  # each variant's own worked value passes its own check
        data = workbook.variant_spaces[key].data(variant)
        with variant_active(variant):
            CHECKS[key](worked_value(key, data), *check_arguments(key, data))
        workbook.reset()
    assert refused_share(key, VARIANTS) >= SMALL_ANSWER_SPACES.get(key, 0.95)


@pytest.mark.parametrize("notebook", sorted(NINE_ELEVEN))
def test_the_worked_solution_of_09_and_11_passes_every_check_under_20_variants(notebook, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    needs_the_book("bert-base-uncased-vocab" if notebook == "09" else "treasure-island")
    cells = solution_cells(NINE_ELEVEN[notebook])
    varied = variant_cells(cells, notebook)
    assert sum("checks.check_" in cells[number] for number in varied) == NINE_ELEVEN_CHECK_CELLS[notebook]
    course = {"__name__": "__main__", "display": display, "Path": Path}  # a kernel's, and the first cell's Path
    with contextlib.redirect_stdout(io.StringIO()):
        for number in cells_run_once(cells, notebook):
            exec(compile(cells[number], f"<{notebook} code cell {number}>", "exec"), course)
    for variant in VARIANTS[:20]:
        namespace = dict(course)
        with variant_active(variant), contextlib.redirect_stdout(io.StringIO()):
            for number in varied:
                source = typed_in(cells[number])
                exec(compile(source, f"<{notebook} code cell {number}, variant {variant}>", "exec"), namespace)
        NINE_ELEVEN_WORKBOOKS[notebook].reset()


@pytest.mark.slow
@pytest.mark.parametrize("notebook", sorted(NINE_ELEVEN))
def test_each_solution_notebook_of_09_and_11_runs_in_one_kernel_under_20_variants(notebook, tmp_path):
    """One kernel runs the cells every variant shares once, then each exercise's cells under 20 variants."""
    needs_the_book("bert-base-uncased-vocab" if notebook == "09" else "treasure-island")
    sources = code_sources(NINE_ELEVEN[notebook])
    once, varied = cells_run_once(sources, notebook), variant_cells(sources, notebook)
    checked, said = checks_in_one_kernel(
        [sources[n] for n in [0, *once]], [sources[n] for n in varied], tmp_path, typed=True
    )
    assert len(checked) == NINE_ELEVEN_CHECK_CELLS[notebook] * 20
    assert said.count("passed") >= len(checked) and "failed" not in said and "skipped" not in said
