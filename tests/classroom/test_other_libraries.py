"""Issue 40.1 and 40.5: another tokenizer library never does an exercise's work, and a refusal never sticks to a name.

Another library (Hugging Face's ``tokenizers`` and ``transformers``, ``sentencepiece``,
``tiktoken``, TensorFlow Text...) is known by the module its code lives in, so the
ones not installed here are tested with stand-in modules of their names. Each
notebook's table lists the answers Hugging Face works out (``shortcut_wrongs``);
the tests here pin the mechanism itself: what runs in Rust, what is built in an
earlier cell and kept in a closure or a default argument, what an earlier cell
computed, and the rule that a refusal is about the answer the check is given.
"""

from __future__ import annotations

import functools
import inspect
import re
import sys
import types
from fractions import Fraction

import pytest
from exercise_cases import LIBRARY, OTHER, Case, all_cases, now, outcome, run_answer_cell, start_afresh, workbook_of
from exercise_cases.hugging_face import HAVE_TOKENIZERS, HAVE_TRANSFORMERS
from similarity_class import CY

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.character_splitting import checks as splitting
from wordpiece_lib.classroom.encoding import checks as encoding
from wordpiece_lib.classroom.merge_steps import checks as merging
from wordpiece_lib.classroom.runtime import other_libraries

pytestmark = pytest.mark.usefixtures("fresh_start")

needs_tokenizers = pytest.mark.skipif(not HAVE_TOKENIZERS, reason="Hugging Face tokenizers is not installed")

#: The exercises no other tokenizer library can answer, each with why: everything else has such a row.
NO_OTHER_LIBRARY_ANSWER = {
    "count_pairs": "02: no library counts neighbouring pairs for you (their trainers keep the counts inside)",
    "wordpiece_score": "02: a score of three given numbers; no library scores a pair from counts",
    "best_after_ug": "02: Hugging Face's WordPiece trainer picks pairs by count, not by the WordPiece score",
    "hug_keeps": "05: the top-down learner (an effective count) has no counterpart in another library",
    "survivors": "05: the top-down learner's threshold pass has no counterpart in another library",
    "threshold_tries": "05: the tries of the top-down threshold search have no counterpart in another library",
    "toy_jaccard": "06: the overlap of two given lists: no tokenizer in it",
    "longest_token": "07: the longest of given tokens: no tokenizer in it",
    "failure_of_tokeniz": "08: LinMaxMatch's failure pops and links have no counterpart in another library",
    "emitted_at_s": "08: LinMaxMatch's tokens emitted on a failure have no counterpart in another library",
    "share_of": "09: a share of given usage figures: no tokenizer in it",
    "chosen_exponent": "09: read off a given sweep of sampling exponents: no tokenizer in it",
    "bert_disagreements": "09: why ours and BERT's disagree is read from the rules; a library gives tokens, not the reason",
    "cut": "11: cutting a file's bytes at a word boundary: no tokenizer in it",
    "merge_in_order": "11: adding counts of parts in order: no tokenizer in it",
    "hours": "11: arithmetic on given speeds: no tokenizer in it",
    "bugs_best": "12: a probability and a count of best cuts: Hugging Face's Unigram gives one cut, no probability",
    "word_probability": "12: a sum over every cut: Hugging Face's Unigram gives the best cut only",
    "hug_chance": "12: a sampling chance over every cut: Hugging Face's Unigram gives the best cut only",
    "rejected": "13: the candidates longest match tried and rejected: another library gives the cut, not its tries",
}


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    return {case.key: case for case in all_cases()}


def other_rows(cases: dict[str, Case]) -> list[tuple[str, str]]:
    return [(key, wrong.label) for key, case in cases.items() for wrong in case.wrongs if wrong.kind == OTHER]


# ---------------------------------------------------------------- the mutation suite's rows


@needs_tokenizers
def test_every_exercise_another_library_can_answer_has_such_an_answer_among_its_wrong_ones(cases):
    with_rows = {key for key, _label in other_rows(cases)}
    missing = sorted(set(cases) - with_rows - set(NO_OTHER_LIBRARY_ANSWER))
    assert not missing, f"no answer worked out by another library, and no reason why not: {missing}"
    assert not with_rows & set(NO_OTHER_LIBRARY_ANSWER), "an exercise listed as unanswerable has such a row"
    assert len(with_rows) >= 25, sorted(with_rows)
    rows = other_rows(cases)
    assert any("transformers" in label for _key, label in rows) or not HAVE_TRANSFORMERS


@needs_tokenizers
def test_each_answer_another_library_worked_out_is_refused_saying_so_without_the_answer(cases):
    for key, label in other_rows(cases):
        case = cases[key]
        wrong = next(wrong for wrong in case.wrongs if wrong.label == label)
        start_afresh()
        result, message = outcome(case, wrong.answer, wrong.extra)
        assert result == "failed", f"{key}: {label!r} {result}"
        assert other_libraries.ANOTHER_LIBRARY in message, f"{key}: {label!r}: {message}"
        assert "Hugging Face" in message, message
        for secret in case.secret_texts():
            assert secret not in message, f"{key}: {label!r} gives away {secret!r}"


@needs_tokenizers
def test_another_librarys_answer_computed_in_an_earlier_cell_and_copied_is_refused(cases):
    """Each answer a cell worked out with Hugging Face, moved to an earlier cell: the answer cell only copies it."""
    for key, case in cases.items():
        for wrong in [w for w in case.wrongs if w.kind == OTHER and "cell" in w.extra]:
            source, names, variables = wrong.extra["cell"]
            earlier, copies = source, []
            for number, variable in enumerate(variables):
                earlier = re.sub(rf"\b{variable}\b", f"from_before_{number}", earlier)
                copies.append(f"{variable} = from_before_{number}")
            before = wrong.extra.get("earlier", ())
            moved = {**wrong.extra, "cell": ("\n".join(copies), names, variables), "earlier": (*before, earlier)}
            start_afresh()
            result, message = outcome(case, wrong.answer, moved)
            assert result == "failed", f"{key}: {wrong.label!r}, worked out in an earlier cell and copied, {result}"
            assert "earlier cell" in message and other_libraries.ANOTHER_LIBRARY in message, message


# ---------------------------------------------------------------- what runs in Rust, what is held where


@needs_tokenizers
def test_a_model_reached_only_at_run_time_is_refused_by_what_runs():
    """No name of the library in the code at all: the compiled method's call is seen as it runs."""
    static = other_libraries.reached_by

    def hidden(word):
        package = __import__("tok" + "enizers")
        vocab = {t: n for n, t in enumerate(["[UNK]", *word, *("##" + c for c in word)])}
        return [t.value for t in package.models.WordPiece(vocab, unk_token="[UNK]").tokenize(word)]

    assert static(hidden) is None  # nothing to see without running it
    with pytest.raises(AssertionError, match=r"uses Hugging Face `tokenizers` \(`WordPiece.tokenize`\)"):
        splitting.check_split_word(hidden)


@needs_tokenizers
def test_a_method_called_from_c_code_is_refused_by_what_the_function_holds():
    """``map`` and ``sorted(key=...)`` call the library from C, where no profile sees it: its object is held."""
    from tokenizers import decoders

    glue = decoders.WordPiece(cleanup=False)

    def through_map(tokens):
        return "".join(map(glue.decode, [tokens]))

    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        encoding.check_decode(through_map)
    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        encoding.check_decode(functools.partial(glue.decode))


@needs_tokenizers
def test_an_object_built_in_an_earlier_cell_and_kept_in_a_default_argument_or_an_attribute_is_refused():
    from tokenizers import decoders

    namespace = {"decoders": decoders}
    run_answer_cell("glue = decoders.WordPiece(cleanup=False)", namespace)
    exec("def my_decode(tokens, tool=glue):\n    return tool.decode(tokens) if tokens else ''", namespace)
    with pytest.raises(AssertionError, match=r"Hugging Face `tokenizers` \(`WordPiece`\)"):
        encoding.check_decode(namespace["my_decode"])

    class Toolbox:
        def __init__(self, tool):
            self.tools = {"decoder": tool}

        def decode(self, tokens):
            return self.tools["decoder"].decode(tokens)

    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        encoding.check_decode(Toolbox(namespace["glue"]).decode)


@needs_tokenizers
def test_a_tokenizer_kept_as_a_class_attribute_and_called_from_c_is_refused():
    from tokenizers import decoders

    class Glue:
        decoder = decoders.WordPiece(cleanup=False)

        def decode(self, tokens):
            return "".join(map(self.decoder.decode, [tokens]))  # map calls it from C: only what is held shows

    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        encoding.check_decode(Glue().decode)


@needs_tokenizers
def test_the_library_run_in_a_thread_the_answer_starts_is_refused():
    import threading

    def in_a_thread(word):
        found = []

        def work():
            package = __import__("tok" + "enizers")
            vocab = {t: n for n, t in enumerate(["[UNK]", *word, *("##" + c for c in word)])}
            found.extend(t.value for t in package.models.WordPiece(vocab, unk_token="[UNK]").tokenize(word))

        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
        return found

    with pytest.raises(AssertionError, match=r"Hugging Face `tokenizers` \(`WordPiece.tokenize`\)"):
        splitting.check_split_word(in_a_thread)


@needs_tokenizers
def test_a_value_made_with_the_library_in_an_earlier_cell_is_refused_in_a_value_answer():
    """The notebook's own cells may compare with Hugging Face; an answer that copies what they computed may not."""
    from tokenizers import Tokenizer, models, trainers

    namespace = {"Tokenizer": Tokenizer, "models": models, "trainers": trainers}
    run_answer_cell(
        "hf = Tokenizer(models.WordPiece(unk_token='[UNK]'))\n"
        "hf.train_from_iterator(['bun', 'bug', 'gnu'], trainers.WordPieceTrainer(vocab_size=9, show_progress=False))",
        namespace,
    )
    run_answer_cell("letters = sorted(t for t in hf.get_vocab() if len(t.strip('#')) == 1)", namespace)
    source = "my_alphabet = [t for t in letters if t != 'x']"
    run_answer_cell(source, namespace)
    with pytest.raises(AssertionError, match=r"it reads `letters`, which an earlier cell computed with it"):
        splitting.check_alphabet(namespace["my_alphabet"], ["bun", "bug", "gnu"], source=source)


@needs_tokenizers
def test_the_notebooks_own_comparison_with_hugging_face_leaves_an_own_answer_alone():
    """A namespace holding Hugging Face objects (the notebook's comparison cells) does not taint an answer that
    does not read them; and the notebook's cells may keep importing the library."""
    from tokenizers import Tokenizer, models

    namespace = {"Tokenizer": Tokenizer, "models": models}
    run_answer_cell(
        "from tokenizers import decoders\nhf = Tokenizer(models.WordPiece({'[UNK]': 0}, unk_token='[UNK]'))", namespace
    )
    run_answer_cell("theirs = hf.encode('hug').tokens", namespace)
    source = "my_alphabet = ['b', 'g', '##u', '##n', '##g']"
    run_answer_cell(source, namespace)
    splitting.check_alphabet(namespace["my_alphabet"], ["bun", "bug", "gnu"], source=source)

    def own(word):
        return [word[0]] + ["##" + c for c in word[1:]]

    splitting.check_split_word(own)


@pytest.mark.parametrize(
    ("module", "library"),
    [
        ("sentencepiece", "`sentencepiece`"),
        ("tiktoken.core", "`tiktoken`"),
        ("tensorflow_text.python.ops", "TensorFlow Text"),
        ("transformers.models.bert", "Hugging Face `transformers`"),
        ("tokenizers.models", "Hugging Face `tokenizers`"),
    ],
)
def test_every_library_is_known_by_its_modules_name_installed_or_not(module, library):
    """A stand-in module of the library's name: its functions running, its classes' objects held, its module held."""
    fake = types.ModuleType(module)
    exec(
        "class Processor:\n    def encode(self, text):\n        return list(text)\n"
        "def tokenize(text):\n    return list(text)\n",
        fake.__dict__,
    )
    assert fake.Processor.__module__ == module
    sys.modules[module] = fake
    try:
        tokenize, processor = fake.tokenize, fake.Processor()
        for answer in (
            lambda word: [word[0]] + ["##" + c for c in tokenize(word)[1:]],  # its function, a global of the answer
            lambda word, p=processor: [word[0]] + ["##" + c for c in p.encode(word)[1:]],  # its object, a default
        ):
            with pytest.raises(AssertionError, match=re.escape(library) + ".*another tokenizer library did the work"):
                splitting.check_split_word(answer)
        with pytest.raises(runtime.OtherLibraryUse):
            runtime.call_own_work(lambda word: _indirect(module)(word), ["hug"], ())  # only what runs shows it
    finally:
        del sys.modules[module]


@needs_tokenizers
def test_a_compiled_submodule_that_misnames_itself_is_known_by_the_classes_it_holds():
    """Hugging Face's ``trainers`` calls itself ``trainers`` and is in no ``sys.modules`` entry."""
    from tokenizers import trainers

    assert trainers.__name__ == "trainers" or "tokenizers" in trainers.__name__
    assert other_libraries.library_of(trainers).library == "Hugging Face `tokenizers`"

    def counts(words, made=trainers):
        return {word: words.count(word) for word in words}

    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        splitting.check_word_counts(counts)
    for plain in (sys, re, functools, types):
        assert other_libraries.library_of(plain) is None, plain


def _indirect(module: str):
    return sys.modules[module].tokenize


def test_this_librarys_own_objects_and_the_standard_library_are_no_other_library():
    from wordpiece_lib import Vocab, WordPieceTokenizer

    tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "h", "##u", "##g"]))
    for value in (tokenizer, tokenizer.encode_word, Vocab, re, re.compile("x").findall, Fraction(1, 2), [tokenizer]):
        assert other_libraries.library_of(value) is None, value
    assert runtime.call_own_work(lambda word: tokenizer.encode_word(word), ["hug"], ()) == ["h", "##u", "##g"]


# ---------------------------------------------------------------- 40.5: a refusal is about the answer, not a name


def _with_own_function(source: str, variables: tuple[str, ...], right: tuple) -> tuple[str, str]:
    """The learner's own try: a function under each earlier name (``def`` rebinds it), and the answer cell."""
    definitions = "".join(f"def from_before_{n}():\n    return {value!r}\n" for n, value in enumerate(right))
    answer = "\n".join(f"{variable} = from_before_{n}()" for n, variable in enumerate(variables))
    return definitions, answer


def _refused_then_own(case: Case, wrong) -> tuple[tuple[str, str], tuple[str, str]]:
    source, _names, variables = wrong.extra["cell"]
    earlier = source
    for number, variable in enumerate(variables):
        earlier = re.sub(rf"\b{variable}\b", f"from_before_{number}", earlier)
    copies = "\n".join(f"{variable} = from_before_{n}" for n, variable in enumerate(variables))
    return (earlier, copies), _with_own_function(source, variables, tuple(now(v) for v in case.right[: len(variables)]))


def _check(case: Case, namespace: dict, variables: tuple[str, ...], source: str) -> tuple[str, str]:
    """The case's check on what the cells left in ``namespace``, as the notebook's check cell calls it."""
    options = {name: now(value) for name, value in case.options.items()}
    if "source" in inspect.signature(case.check).parameters:
        options["source"] = source
    answer = tuple(namespace[variable] for variable in variables)
    try:
        case.check(*answer, *(now(value) for value in case.data), **options)
    except AssertionError as failure:
        return "failed", str(failure)
    return "passed", ""


def _retries(cases: dict[str, Case]) -> list[tuple[str, str]]:
    return [
        (key, wrong.label)
        for key, case in cases.items()
        for wrong in case.wrongs
        if wrong.kind in (LIBRARY, OTHER) and "cell" in wrong.extra and not wrong.extra.get("earlier")
    ]


def test_a_refused_try_then_an_own_function_under_the_same_name_passes(cases):
    """Every library answer a cell computes: first in an earlier cell, copied by name (refused); then, in the same
    kernel, the learner's own function under that very name gives the answer (it passes: the earlier note was about
    a value the name no longer holds). An exercise whose prediction must be typed in its answer cell (07's, 13's)
    refuses any computed answer, own or not: there the own try is the typed answer under the answer's own name."""
    tried, typed = 0, set()
    for key, label in _retries(cases):
        case = cases[key]
        wrong = next(w for w in case.wrongs if w.label == label)
        (earlier, copies), (own, again) = _refused_then_own(case, wrong)
        _source, names, variables = wrong.extra["cell"]
        if not all(isinstance(now(value), (str, int, float, Fraction, list, tuple, set, dict)) for value in case.right):
            continue  # an answer that is no plain value (a function) has no repr to type in
        start_afresh()
        namespace = {name: now(value) for name, value in names.items()}
        namespace["Fraction"] = Fraction
        run_answer_cell(earlier, namespace)
        run_answer_cell(copies, namespace)
        result, message = _check(case, namespace, variables, copies)
        assert result == "failed", f"{key}: {label!r}: the library's try was not refused"
        assert "earlier cell" in message, f"{key}: {label!r}: {message}"
        run_answer_cell(own, namespace)
        run_answer_cell(again, namespace)
        result, message = _check(case, namespace, variables, again)
        prediction = workbook_of(key).exercises[key].prediction
        if result == "failed" and prediction and "prediction" in message and case.right_extra.get("source"):
            typed.add(key)
            again = case.right_extra["source"]
            run_answer_cell(again, namespace)
            result, message = _check(case, namespace, variables, again)
        assert result == "passed", f"{key}: {label!r}: own answer refused: {message}"
        tried += 1
    assert tried >= 20 and len(typed) <= 4, (tried, typed)


def test_a_refusal_does_not_stick_to_a_name_rebound_where_no_cell_assigns_it():
    """A name rebound by a function's ``global`` (no cell assigns it): the old note no longer holds."""
    from wordpiece_lib import train_bottom_up

    namespace = {"tb": train_bottom_up, "variant": {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}}
    run_answer_cell("mine = [s.new_token for s in tb(variant, 100).steps[:3]]", namespace)
    run_answer_cell("first_three = mine", namespace)
    with pytest.raises(AssertionError, match="in an earlier cell, which computed `mine`"):
        merging.check_merges(namespace["first_three"], namespace["variant"], 3, source="first_three = mine")
    run_answer_cell("def redo():\n    global mine\n    mine = ['##gs', 'hu', 'hug']\nredo()", namespace)
    run_answer_cell("first_three = mine", namespace)
    merging.check_merges(namespace["first_three"], namespace["variant"], 3, source="first_three = mine")


@needs_tokenizers
def test_a_function_answer_refused_then_written_by_hand_under_the_same_name_passes():
    from tokenizers import decoders

    namespace = {"decoders": decoders}
    run_answer_cell("my_decode = decoders.WordPiece(cleanup=False).decode", namespace)
    with pytest.raises(AssertionError, match="another tokenizer library did the work"):
        encoding.check_decode(namespace["my_decode"])
    run_answer_cell(
        "def my_decode(tokens):\n    words = []\n    for t in tokens:\n"
        "        if t.startswith('##') and words:\n            words[-1] += t[2:]\n"
        "        else:\n            words.append(t)\n    return ' '.join(words)",
        namespace,
    )
    encoding.check_decode(namespace["my_decode"])


WORKED_LONGEST_MATCH = """def longest_match(word, vocab):
    tokens, start = [], 0
    while start < len(word):
        end = len(word)
        while end > start and (word[start:end] if start == 0 else '##' + word[start:end]) not in vocab:
            end -= 1
        if end == start:
            return ['[UNK]']
        tokens.append(word[start:end] if start == 0 else '##' + word[start:end])
        start = end
    return tokens
"""

#: A learner's own marker-style longest match (cy's, of the made-up class), under the worked example's name.
OWN_MARKER_ENCODE = (
    CY["my_encode"].replace("def my_encode(", "def longest_match(", 1)
    + "\ndef my_encode(word, vocab):\n    return longest_match(word, vocab)\n"
)


def test_an_own_function_named_like_the_notebooks_worked_example_is_the_learners_own():
    """04's rule refuses section 1's worked longest_match; the learner's own function under that name is theirs."""
    namespace: dict = {}
    run_answer_cell(WORKED_LONGEST_MATCH, namespace)  # the notebook's section 1
    run_answer_cell(
        "def my_encode(word, vocab):\n    return longest_match(word, {t[1:] if t.startswith('_') else '##' + t for t in vocab})",
        namespace,
    )
    with pytest.raises(AssertionError, match="calls `longest_match`, the notebook's own version"):
        encoding.check_longest_match(namespace["my_encode"])
    run_answer_cell(OWN_MARKER_ENCODE, namespace)
    encoding.check_longest_match(namespace["my_encode"])
    run_answer_cell(WORKED_LONGEST_MATCH, namespace)  # the notebook's cell run again: the worked example again
    with pytest.raises(AssertionError, match="calls `longest_match`, the notebook's own version"):
        encoding.check_longest_match(namespace["my_encode"])
