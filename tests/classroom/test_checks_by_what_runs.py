"""The exercise frame: the latest try decides, unfinished exercises are named, library work is found by what runs.

``test_exercises.py`` runs every exercise's answers; this pins the rules of
the frame itself (``exercise.py``, ``runtime.py``, ``not_done_report.py``)
with answers that reach the library in the ways a name check misses: an
import alias, a helper defined in another cell (another namespace), and a
library object's method.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap

import pytest
from exercise_cases import run_answer_cell

import wordpiece_lib
from wordpiece_lib import LinMaxMatch, Vocab, WordPieceTokenizer
from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.bpe_comparison import checks as bpe
from wordpiece_lib.classroom.character_splitting import checks as splitting
from wordpiece_lib.classroom.encoding import checks as encoding
from wordpiece_lib.classroom.fast_encoding import checks as fast
from wordpiece_lib.classroom.merge_steps import checks as merging
from wordpiece_lib.classroom.runtime import TODO

HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
VARIANT = {**HUG_PUG, "bugs": 3}


@pytest.fixture(autouse=True)
def fresh_start():
    modules = (bpe, splitting, encoding, fast, merging)  # their own workbooks, whatever the registry holds now
    for workbook in {*runtime.WORKBOOKS.values(), *(module.WORKBOOK for module in modules)}:
        workbook.reset()
    runtime.forget_answer_work()
    yield
    runtime.forget_answer_work()


def right_split(word):
    return [word[0]] + ["##" + character for character in word[1:]]


def status(workbook, key):
    return dict((row_key, row_status) for _title, row_key, row_status in workbook.progress().rows)[key]


# ---------------------------------------------------------------- progress: the latest attempt decides


def test_done_becomes_wrong_again_after_a_wrong_answer():
    splitting.check_split_word(right_split)
    assert status(splitting.WORKBOOK, "split_with_prefix") == "done"
    with pytest.raises(AssertionError):
        splitting.check_split_word(list)
    assert status(splitting.WORKBOOK, "split_with_prefix") == "wrong (1 try) after being done"
    assert "0 of 4 done" in repr(splitting.WORKBOOK.progress())
    splitting.check_split_word(right_split)
    assert status(splitting.WORKBOOK, "split_with_prefix") == "done"


# ---------------------------------------------------------------- not done yet: named by exercise


def test_an_unfinished_exercise_is_named_by_its_title_and_key():
    with pytest.raises(pytest.skip.Exception) as skipped:
        splitting.check_split_word(TODO)
    assert "not done yet: Your turn 2 · the ## split (split_with_prefix)" in str(skipped.value)
    assert skipped.value.notebook == "01 · From text to characters"
    assert status(splitting.WORKBOOK, "split_with_prefix") == "not started"


def test_the_short_summary_names_the_notebook_not_a_temporary_file(tmp_path):
    test_file = tmp_path / "test_cell.py"
    test_file.write_text(
        textwrap.dedent(
            """
            from wordpiece_lib.classroom.character_splitting import checks
            from wordpiece_lib.classroom.runtime import TODO

            def test_count_words():
                checks.check_word_counts(TODO)
            """
        ),
        encoding="utf-8",
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rs",
            "-p",
            "wordpiece_lib.classroom.runtime.not_done_report",
            "-p",
            "no:cacheprovider",
            str(test_file),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    line = next(line for line in result.stdout.splitlines() if line.startswith("SKIPPED"))
    assert line.startswith("SKIPPED [1] 01 · From text to characters: ")
    assert "Your turn 1 · count words (count_words)" in line
    assert "test_cell.py" not in line


# ---------------------------------------------------------------- forbidden helpers, found by what runs


def test_an_alias_of_the_library_function_is_refused_naming_it():
    from wordpiece_lib import split_word as s

    with pytest.raises(
        AssertionError, match=r"calls `split_word`.*which did the work.*calls? of code the exercise replaces ran"
    ):
        splitting.check_split_word(lambda word: s(word))


def test_a_helper_from_another_cell_that_reaches_the_library_is_refused():
    other_cell: dict = {}
    exec("import wordpiece_lib.model.pieces as p\ndef helper(word):\n    return p.split_word(word)\n", other_cell)
    this_cell: dict = {"helper": other_cell["helper"]}
    exec("def split_with_prefix(word):\n    return helper(word)\n", this_cell)
    with pytest.raises(AssertionError, match="calls `split_word`"):
        splitting.check_split_word(this_cell["split_with_prefix"])


def test_the_library_found_through_getattr_is_refused():
    """No name of the library function appears in the code at all."""
    name = "".join(["split", "_", "word"])
    with pytest.raises(AssertionError, match="calls `split_word`"):
        splitting.check_split_word(lambda word: getattr(wordpiece_lib, name)(word))


def test_an_object_method_that_does_the_work_is_refused():
    def through_the_tokenizer(word, vocab):
        return WordPieceTokenizer(Vocab(sorted(vocab))).encode_word(word)

    def through_the_automaton(word, vocab):
        return LinMaxMatch(sorted(vocab)).encode_word(word)

    for answer in (through_the_tokenizer, through_the_automaton):
        with pytest.raises(AssertionError, match=r"calls `(WordPieceTokenizer|LinMaxMatch)[`.]"):
            encoding.check_longest_match(answer)


def test_a_counting_class_is_refused_by_its_methods():
    from collections import Counter as Tally

    with pytest.raises(AssertionError, match=r"calls `Counter`, Python.s own version"):
        splitting.check_word_counts(lambda words: dict(Tally(words)))


def test_own_work_that_reads_a_library_constant_is_fine():
    from wordpiece_lib.model import DEFAULT_PREFIX

    splitting.check_split_word(lambda word: [word[0]] + [DEFAULT_PREFIX + c for c in word[1:]])


def test_the_profile_function_is_gone_after_a_check():
    before = sys.getprofile()
    with pytest.raises(AssertionError):
        splitting.check_split_word(lambda word: wordpiece_lib.split_word(word))
    assert sys.getprofile() is before


# ---------------------------------------------------------------- value answers: what ran in the answer cell


def test_an_answer_cell_that_runs_the_trainer_under_an_alias_is_refused():
    from wordpiece_lib import train_bottom_up

    source = "first_three = [s.new_token for s in tb(variant, 100).steps[:3]]"
    run_answer_cell(source, {"tb": train_bottom_up, "variant": VARIANT})
    with pytest.raises(AssertionError, match=r"runs 'train_bottom_up'.*calls? of the library's own version ran"):
        merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source=source)


def test_an_answer_read_from_a_trace_made_in_another_cell_is_refused():
    from wordpiece_lib import train_bottom_up

    notebook: dict = {"variant": VARIANT}
    exec("from wordpiece_lib import train_bottom_up as t\nbig = t(variant, 100)", notebook)
    source = "first_three = big.tokens()[-3:]"
    run_answer_cell(source, notebook)
    assert notebook["first_three"] == train_bottom_up(VARIANT, 100).tokens()[-3:]
    with pytest.raises(AssertionError, match=r"runs 'Trace\.tokens'"):
        merging.check_merges(notebook["first_three"], VARIANT, 3, source=source)


def test_a_helper_from_another_cell_is_refused_in_a_value_answer():
    notebook: dict = {}
    exec("from wordpiece_lib.model import pieces\ndef letters(words):\n    return pieces.alphabet(words)\n", notebook)
    source = "my_alphabet = letters(['bun', 'bug', 'gnu'])"
    run_answer_cell(source, notebook)
    with pytest.raises(AssertionError, match="uses 'alphabet'"):
        splitting.check_alphabet(notebook["my_alphabet"], ["bun", "bug", "gnu"], source=source)


def test_the_automatons_own_methods_are_refused_in_value_answers():
    automaton = LinMaxMatch(
        ["t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z"]
    )
    notebook = {"token_automaton": automaton}
    source = (
        "node = token_automaton.node(token_automaton.find('tokeniz'))\n"
        "my_pops = list(node.failure_pops)\nmy_link = token_automaton.label(node.failure_link)"
    )
    run_answer_cell(source, notebook)
    with pytest.raises(AssertionError, match=r"uses 'LinMaxMatch\.node'.*runs the automaton for you"):
        fast.check_failure(notebook["my_pops"], notebook["my_link"], automaton, "tokeniz", source=source)
    source = (
        "unk_word = next(w for w in ['ab', 'acx'] if token_automaton.encode_word(w) == ['[UNK]'])\nunk_position = 2"
    )
    run_answer_cell(source, notebook)
    with pytest.raises(AssertionError, match=r"uses 'LinMaxMatch\.encode_word'"):
        fast.check_unk_word(
            notebook["unk_word"], 2, LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"]), source=source
        )


def test_the_overlap_objects_jaccard_is_refused():
    from wordpiece_lib.analysis import vocab_overlap

    first, second = ["a", "b", "c"], ["b", "c", "d", "e"]
    source = "toy_jaccard = vocab_overlap(first, second).jaccard"
    run_answer_cell(source, {"vocab_overlap": vocab_overlap, "first": first, "second": second})
    with pytest.raises(AssertionError, match="uses 'vocab_overlap'"):
        bpe.check_jaccard(0.4, first, second, source=source)


def test_an_answer_cell_that_only_prints_the_vocabs_is_credited():
    from fractions import Fraction

    first, second = ["a", "b", "c"], ["b", "c", "d", "e"]
    source = "print(first, second)\ntoy_jaccard = Fraction(2, 5)"
    run_answer_cell(source, {"first": first, "second": second, "Fraction": Fraction})
    bpe.check_jaccard(Fraction(2, 5), first, second, source=source)


def test_a_typed_answer_is_credited_after_a_refused_one():
    from wordpiece_lib import train_bottom_up

    run_answer_cell("first_three = t(v, 100).tokens()[-3:]", {"t": train_bottom_up, "v": VARIANT})
    source = "first_three = ['##gs', 'hu', 'hug']"
    run_answer_cell(source, {})
    merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source=source)


# ---------------------------------------------------------------- predictions


def test_a_prediction_is_recorded_at_its_first_check_and_a_change_after_the_reveal_is_reported():
    workbook = merging.WORKBOOK
    assert workbook.exercises["first_three"].prediction
    with pytest.raises(AssertionError):
        merging.check_merges(["##gs", "hu", "hugs"], VARIANT, 3, source="")
    workbook.reveal("first_three")
    merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source="")
    assert status(workbook, "first_three") == (
        "done, prediction changed after its reveal ran (the first prediction was wrong)"
    )


def test_a_prediction_changed_before_the_reveal_is_not_reported():
    workbook = merging.WORKBOOK
    with pytest.raises(AssertionError):
        merging.check_merges(["##gs", "hu", "hugs"], VARIANT, 3, source="")
    merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source="")
    workbook.reveal("first_three")
    merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source="")
    assert status(workbook, "first_three") == "done"


def test_run_all_with_the_prediction_unanswered_does_not_show_its_answer(capsys):
    """Under Run All an unanswered exercise's check is skipped, and its reveal cell runs next: it must not show
    the answer then, but say how to go on; once a check has seen an answer (right or wrong) it shows it."""
    workbook = merging.WORKBOOK
    with pytest.raises(pytest.skip.Exception):
        merging.check_merges(TODO, VARIANT, 3, source="first_three = TODO")
    assert workbook.reveal("first_three") is False
    shown = capsys.readouterr().out
    assert "Your turn" in shown and "prediction" in shown and "now=True" in shown
    assert status(workbook, "first_three") == "not started"
    with pytest.raises(AssertionError):
        merging.check_merges(["##gs", "hu", "hugs"], VARIANT, 3, source="")
    assert workbook.reveal("first_three") is True and capsys.readouterr().out == ""


def test_a_reveal_before_the_answer_speaks_of_a_prediction_only_for_a_prediction(capsys):
    """Every exercise a notebook reveals: a prediction is asked for its prediction, any other exercise for its own
    try (never told it made a prediction it was not asked for)."""
    import json
    from pathlib import Path

    import test_exercises  # noqa: F401  (imports every checks module, so every workbook is registered)

    solutions = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"
    revealed = {
        key
        for path in solutions.glob("[0-9][0-9]_*.ipynb")
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]
        for key in re.findall(r"""reveal\(["']([a-z_0-9]+)["']""", "".join(cell["source"]))
    }
    kinds = set()
    for key in sorted(revealed):
        workbook = next(book for book in runtime.WORKBOOKS.values() if key in book.exercises)
        exercise = workbook.exercises[key]
        workbook.reset()
        assert workbook.reveal(key) is False
        shown = capsys.readouterr().out
        assert exercise.title in shown and "now=True" in shown, shown
        assert ("prediction" in shown) is exercise.prediction, f"{key}: {shown}"
        if not exercise.prediction:
            assert "tried it yourself" in shown, shown
        kinds.add(exercise.prediction)
    assert kinds == {True, False}  # the notebooks reveal both kinds


def test_an_answer_shown_before_any_prediction_is_noted_in_progress(tmp_path):
    workbook = merging.WORKBOOK
    assert workbook.reveal("first_three", now=True) is True
    merging.check_merges(["##gs", "hu", "hug"], VARIANT, 3, source="")
    assert status(workbook, "first_three") == "done, answered after its reveal was shown"
    record = workbook.attempt("first_three").record()
    assert runtime.Attempt.from_record(record).status() == "done, answered after its reveal was shown"
    with pytest.raises(TypeError, match="now must be"):
        workbook.reveal("first_three", now="yes")


def test_every_prediction_has_a_reveal_cell_after_its_check_and_none_before():
    """A prediction is recorded before its reveal: each notebook reveals it in a cell after the exercise's check."""
    import json
    from pathlib import Path

    import test_exercises  # noqa: F401  (imports every checks module, so every workbook is registered)

    solutions = Path(__file__).resolve().parents[2] / "notebooks" / "solutions"
    predictions = [
        (name, exercise_)
        for name, workbook in runtime.WORKBOOKS.items()
        for exercise_ in workbook.exercises.values()
        if exercise_.prediction and not name.startswith(("98 ", "99 "))  # the docstrings' own workbooks
    ]
    assert len(predictions) >= 7
    for name, prediction in predictions:
        (path,) = solutions.glob(f"{name[:2]}_*.ipynb")
        cells = ["".join(cell["source"]) for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]]
        heading = next(i for i, source in enumerate(cells) if prediction.title in source)
        check = next(i for i in range(heading, len(cells)) if cells[i].startswith("%%ipytest"))
        reveals = [i for i, source in enumerate(cells) if f'reveal("{prediction.key}")' in source]
        assert reveals, f"{path.name}: {prediction.key!r} is a prediction with no cell that reveals it"
        assert min(reveals) > check, f"{path.name}: {prediction.key!r} is revealed before its check"


def test_data_set_up_beside_a_library_call_is_not_taken_for_the_library_s_answer():
    """Only what a statement computed with the library is marked, never the data beside it or a loop variable."""
    from wordpiece_lib import encode_word

    runtime.watch_answer("demo_split", runtime.forbid(encode_word))
    namespace = {"encode_word": encode_word, "vocab": {"hug", "##s", "pug"}}
    run_answer_cell("words = ['hugs', 'pug']\nsplits = {w: encode_word(w, vocab) for w in words}", namespace)
    assert runtime.library_value_in("demo_split = {w: False for w in words}", "demo_split") is None
    assert runtime.library_value_in("demo_split = splits", "demo_split") == ("splits", "encode_word")
    run_answer_cell("found = []\nfor w in words:\n    found.append(encode_word(w, vocab))", namespace)
    assert runtime.library_value_in("demo_split = {w: len(w) > 3 for w in words}", "demo_split") is None
    assert runtime.library_value_in("demo_split = found", "demo_split") == ("found", "encode_word")
    run_answer_cell("splits = {'hugs': ['hug', '##s']}", namespace)  # typed over by hand: no longer the library's
    assert runtime.library_value_in("demo_split = splits", "demo_split") is None


def test_a_functions_own_variable_named_like_a_library_value_is_the_functions_own():
    """A name a function binds is its own local, never the value an earlier cell computed with the library."""
    from wordpiece_lib import encode_word

    runtime.watch_answer("demo_split", runtime.forbid(encode_word))
    namespace = {"encode_word": encode_word, "vocab": {"hug", "##s", "pug"}}
    run_answer_cell("longest = encode_word('hugs', vocab)", namespace)  # the notebook's own cell, earlier
    own = (
        "def widest(words):\n    longest = max(words, key=len)\n    return longest\n\ndemo_split = widest(['a', 'bc'])"
    )
    assert runtime.library_value_in(own, "demo_split") is None
    reads = "def widest(words):\n    return longest\n\ndemo_split = widest(['a', 'bc'])"  # reads the cell's value
    assert runtime.library_value_in(reads, "demo_split") == ("longest", "encode_word")
    declared = "def widest(words):\n    global longest\n    longest = longest[:1]\n    return longest\n\ndemo_split = widest([])"
    assert runtime.library_value_in(declared, "demo_split") == ("longest", "encode_word")


def test_a_whole_number_from_numpy_or_pandas_counts_as_an_int():
    """A count worked out with pandas is a numpy integer: the right value passes, a wrong one still fails."""
    numpy = pytest.importorskip("numpy")
    from wordpiece_lib.classroom.top_down import checks as top_down

    corpus = {"hug": 10, "hugs": 5, "hugged": 3}
    top_down.check_effective_count(numpy.int64(10), corpus, "hug", 4, source="")
    with pytest.raises(AssertionError, match="occurs in all"):
        top_down.check_effective_count(numpy.int64(18), corpus, "hug", 4, source="")
    with pytest.raises(AssertionError, match="whole number"):
        top_down.check_effective_count(numpy.float64(10), corpus, "hug", 4, source="")
