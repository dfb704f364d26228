"""Every exercise of notebooks 01-13: the right answer passes, plausible wrong ones fail without giving it away.

The cases (right and wrong answers, and the texts that would give an answer
away) are the tables of ``exercise_cases/``, one a notebook. Besides each case, this checks the tiers
(hints from the second try, ``show_answer`` offered from the third, progress),
that every worked answer ``show_answer`` gives passes its own check, and that
every check says the same under five ``PYTHONHASHSEED`` values.
"""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction
from pathlib import Path

import exercise_cases
import pytest
from data_helpers import skip_or_fail
from exercise_cases import (
    COPIED,
    LIBRARY,
    Case,
    all_cases,
    another_cell,
    computed,
    data_missing,
    now,
    outcome,
    workbook_of,
)

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.runtime import TODO, WORKBOOKS

HASH_SEEDS = ("0", "1", "42", "4294967295", "random")

#: Exercises whose notebook prints an example the learner could copy, and those that ask to write a library function.
COPYABLE = {
    "count_words", "split_with_prefix", "split_with_end_marker", "my_alphabet", "count_pairs", "wordpiece_score",
    "best_after_ug", "bpe_first", "merge_all", "first_three", "lexical_four", "final_size", "my_encode", "my_word",
    "my_decode", "my_split_points", "threshold_tries", "bpe_first_two", "replay", "bpe_differing_word",
    "longest_token", "failure_of_tokeniz", "emitted_at_s", "unk_word", "merged_groups", "greek_tokens_per_word",
    "share_of", "chosen_exponent", "my_pair_input", "bugs_best", "word_probability", "zero_cost",
    "hug_chance",
}  # fmt: skip
LIBRARY_FUNCTIONS = {
    "count_words", "split_with_prefix", "split_with_end_marker", "my_alphabet", "count_pairs", "wordpiece_score",
    "merge_all", "first_three", "lexical_four", "final_size", "my_encode", "my_decode", "my_split_points",
    "threshold_tries", "replay", "predicted_split", "merged_groups", "greek_tokens_per_word", "share_of",
    "rum_offsets", "kept", "decoded", "merge_in_order", "word_probability", "zero_cost",
    "hug_chance",
}  # fmt: skip


class Cases(dict):
    """The cases by key; an exercise left out for want of its data skips (fails when data is required)."""

    def __missing__(self, key: str) -> Case:
        missing = data_missing()
        if missing is not None:
            skip_or_fail(missing)
        raise KeyError(key)


def require_data() -> None:
    missing = data_missing()
    if missing is not None:
        skip_or_fail(missing)


@pytest.fixture(scope="module")
def cases() -> dict[str, Case]:
    return Cases((case.key, case) for case in all_cases())


pytestmark = pytest.mark.usefixtures("fresh_start")


def every_key() -> list[str]:
    import wordpiece_lib.classroom.big_corpora.checks
    import wordpiece_lib.classroom.bpe_comparison.checks
    import wordpiece_lib.classroom.character_splitting.checks
    import wordpiece_lib.classroom.encoding.checks
    import wordpiece_lib.classroom.fast_encoding.checks
    import wordpiece_lib.classroom.merge_steps.checks
    import wordpiece_lib.classroom.model_inputs.checks
    import wordpiece_lib.classroom.other_languages.checks
    import wordpiece_lib.classroom.pair_scores.checks
    import wordpiece_lib.classroom.real_book.checks
    import wordpiece_lib.classroom.real_tokenizers.checks
    import wordpiece_lib.classroom.top_down.checks
    import wordpiece_lib.classroom.unigram.checks  # noqa: F401

    return [
        key
        for name, workbook in WORKBOOKS.items()
        if name[:2] in {f"{n:02d}" for n in range(1, 14)}
        for key in workbook.exercises
    ]


KEYS = every_key()
WRONG_IDS = [(case.key, wrong.label) for case in all_cases() for wrong in case.wrongs]


def test_every_exercise_has_a_case_with_two_wrong_answers(cases):
    require_data()
    assert sorted(cases) == sorted(KEYS)
    assert len(KEYS) == len(set(KEYS)), "exercise keys must be unique: show_answer finds an exercise by its key"
    for key, case in cases.items():
        assert len(case.wrongs) >= 2, key
        kinds = {wrong.kind for wrong in case.wrongs}
        if key in COPYABLE:
            assert COPIED in kinds, f"{key}: no copied worked example among its wrong answers"
        if key in LIBRARY_FUNCTIONS:
            assert LIBRARY in kinds, f"{key}: no call of the library among its wrong answers"


@pytest.mark.parametrize("key", KEYS)
def test_the_right_answer_passes(cases, key):
    case = cases[key]
    assert outcome(case, case.right, case.right_extra) == ("passed", "")
    assert workbook_of(key).attempt(key).done


def secret_shown(message: str, secret: str) -> bool:
    message = re.sub(r"this was try \d+", "", message)  # the try count is no value of the exercise
    if secret.isdigit():
        return re.search(rf"(?<![\d/.]){secret}(?![\d/])", message) is not None
    return secret in message


@pytest.mark.parametrize(("key", "label"), WRONG_IDS, ids=[f"{k}-{w}" for k, w in WRONG_IDS])
def test_a_wrong_answer_fails_without_giving_the_answer_away(cases, key, label):
    case = cases[key]
    wrong = next(w for w in case.wrongs if w.label == label)
    result, message = outcome(case, wrong.answer, wrong.extra)
    assert result == "failed", f"{key}: {label!r} {result}"
    assert message.strip() and "expected" not in message.lower()
    assert "Traceback" not in message
    for secret in case.secret_texts():
        assert not secret_shown(message, secret), f"{key}: {label!r} gives away {secret!r}: {message}"
    if wrong.kind == LIBRARY:
        assert re.search(r"calls `|runs '|uses '", message), message


@pytest.mark.parametrize("key", KEYS)
def test_an_unfinished_exercise_is_not_done_yet(cases, key):
    case = cases[key]
    stub = tuple(TODO for _ in case.right)
    assert outcome(case, stub, case.right_extra)[0] == "skipped"
    _result, reason = outcome(case, stub, case.right_extra)
    assert "not done yet" in reason
    workbook = workbook_of(key)
    assert workbook.attempt(key).status() == "not started"


def answer_code(text: str) -> str:
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert blocks, f"the worked answer has no code: {text}"
    return blocks[-1]


@pytest.mark.parametrize("key", KEYS)
def test_the_worked_answer_passes_its_own_check(cases, key):
    """``show_answer`` (asked for after a wrong try) gives code that the check accepts."""
    case = cases[key]
    workbook = workbook_of(key)
    wrong = case.wrongs[0]
    assert outcome(case, wrong.answer, wrong.extra)[0] == "failed"
    text = workbook.show_answer(key)
    assert text.startswith("A worked answer"), text
    code = answer_code(text)
    namespace: dict = dict(case.names())
    exec(
        "from fractions import Fraction\nfrom wordpiece_lib import *\nfrom wordpiece_lib import BERT_SPECIAL_TOKENS\n",
        namespace,
    )
    exec(code, namespace)
    tree = ast.parse(code)
    defined = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assigned = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    ]
    names = defined or assigned
    answer = tuple(namespace[name] for name in names)
    assert outcome(case, answer, {key: "" for key in case.right_extra}) == ("passed", ""), code
    assert "answer seen" in workbook.attempt(key).status()


def test_tiers_hint_from_the_second_try_and_offer_the_answer_from_the_third(cases):
    case = cases["split_with_prefix"]
    workbook = workbook_of("split_with_prefix")
    before = workbook.show_answer("split_with_prefix")
    assert "Have a go" in before and "now=True" in before
    messages = [outcome(case, (list,))[1] for _ in range(3)]
    assert "Hint:" not in messages[0] and "show_answer" not in messages[0]
    assert "Hint: word[0] is the first character" in messages[1] and "show_answer" not in messages[1]
    assert "show_answer('split_with_prefix')" in messages[2] and "try 3" in messages[2]
    assert workbook.attempt("split_with_prefix").status() == "wrong (3 tries)"
    assert outcome(case, case.right)[0] == "passed"
    assert workbook.attempt("split_with_prefix").status() == "done"
    assert workbook.show_answer("split_with_prefix", now=True).startswith("A worked answer")
    assert workbook.attempt("split_with_prefix").status() == "done, answer seen"


def test_progress_lists_each_exercise_as_done_wrong_or_not_started(cases):
    workbook = workbook_of("count_words")
    outcome(cases["count_words"], cases["count_words"].right)
    outcome(cases["split_with_end_marker"], cases["split_with_end_marker"].wrongs[0].answer)
    progress = workbook.progress()
    rows = {key: status for _title, key, status in progress.rows}
    assert rows == {
        "count_words": "done",
        "split_with_prefix": "not started",
        "split_with_end_marker": "wrong (1 try)",
        "my_alphabet": "not started",
    }
    assert "1 of 4 done" in repr(progress)
    html = progress._repr_html_()
    assert html.count("<tr>") == 5 and "wrong (1 try)" in html and "<code>count_words</code>" in html


def test_show_answer_finds_an_exercise_of_any_notebook(cases):
    outcome(cases["replay"], cases["replay"].wrongs[0].answer)
    assert "def replay(word, merges)" in runtime.show_answer("replay")
    with pytest.raises(KeyError, match="not an exercise"):
        runtime.show_answer("no_such_exercise")


def test_a_library_call_is_caught_even_when_the_learner_catches_the_error():
    from wordpiece_lib import split_word
    from wordpiece_lib.classroom.character_splitting import checks

    def sneaky(word):
        try:
            return split_word(word)
        except Exception:
            return [word[0]] + ["##" + c for c in word[1:]]

    with pytest.raises(AssertionError, match="calls `split_word`"):
        checks.check_split_word(sneaky)


def test_a_local_variable_named_like_the_library_function_is_fine():
    from wordpiece_lib.classroom.character_splitting import checks

    def honest(word):
        split_word = [word[0]]
        for character in word[1:]:
            split_word.append("##" + character)
        return split_word

    checks.check_split_word(honest)


def test_the_library_is_whole_again_after_a_check():
    import wordpiece_lib
    from wordpiece_lib.classroom.character_splitting import checks
    from wordpiece_lib.model import pieces

    original = pieces.split_word
    with pytest.raises(AssertionError):
        checks.check_split_word(lambda word: pieces.split_word(word))
    assert pieces.split_word is original and wordpiece_lib.split_word is original
    assert original("hug") == ["h", "##u", "##g"]


def run_under_seed(seed: str) -> dict:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    result = subprocess.run(
        [sys.executable, "-m", "exercise_cases"],
        cwd=Path(exercise_cases.__file__).parents[1],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


@pytest.mark.slow
def test_every_check_says_the_same_under_five_hash_seeds():
    """Each subprocess runs every right and wrong answer of every exercise under its own PYTHONHASHSEED."""
    require_data()
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = list(pool.map(run_under_seed, HASH_SEEDS))
    assert [run["hash_seed"] for run in runs] == list(HASH_SEEDS)
    first = runs[0]["outcomes"]
    for seed, run in zip(HASH_SEEDS[1:], runs[1:]):
        differ = [key for key in first if first[key] != run["outcomes"].get(key)]
        assert not differ, f"PYTHONHASHSEED={seed} changes {differ[:3]}: {[run['outcomes'][k] for k in differ[:3]]}"
    assert len(first) >= 3 * len(KEYS)
    for name, (result, _message) in first.items():
        assert result == ("passed" if name.endswith("/right") else "failed"), name


def test_a_value_rounded_as_the_notebook_prints_it_passes(cases):
    """07 prints tokens per word with two decimals: that rounding is right, not a counting mistake."""
    case = cases["team_fertility"]
    assert outcome(case, (round(case.right[0], 2),)) == ("passed", "")
    assert outcome(case, (round(case.right[0], 1),))[0] == "failed"


#: Exercises with no worked example anywhere before them (in their notebook or an earlier one) that a learner
#: could copy or adapt: (b) of the mutation suite has nothing to wrap for them. One comment line each says why.
#: Empty since every exercise has one (issue 25); a new exercise without one is added here with its reason.
NO_COPYABLE_EXAMPLE: set[str] = set()
#: Value exercises whose answer cell is watched: an answer the library computed there must be among the cases.
WATCHED_VALUES = {
    "my_alphabet", "first_three", "lexical_four", "final_size", "toy_jaccard", "predicted_split",
    "failure_of_tokeniz", "emitted_at_s", "unk_word", "merged_groups", "rum_offsets", "kept", "decoded", "my_word",
    "hug_keeps", "survivors", "bpe_first_two", "zero_cost", "hug_chance", "whole_names", "team_fertility",
    "bpe_differing_word", "bugs_best", "bert_disagreements",
}  # fmt: skip


def test_the_mutation_suite_tries_enough_wrong_answers_of_every_kind(cases):
    """(d) five wrong answers at least; (b) the worked example wrapped or typed in; (c) the library's answer."""
    require_data()
    for key, case in cases.items():
        assert len(case.wrongs) >= 5, f"{key}: only {len(case.wrongs)} wrong answers"
        kinds = {wrong.kind for wrong in case.wrongs}
        if key not in NO_COPYABLE_EXAMPLE:
            assert COPIED in kinds, f"{key}: no worked example of the notebook among its wrong answers"
        if key in WATCHED_VALUES:
            assert any("cell" in wrong.extra for wrong in case.wrongs), f"{key}: no answer computed in a cell"


@pytest.mark.parametrize("key", KEYS)
def test_no_message_gives_the_answer_away_on_any_try(cases, key):
    """(e) every wrong answer in turn, in one session: the hints and the offer of show_answer come in, never the value."""
    case = cases[key]
    for wrong in case.wrongs:
        result, message = outcome(case, wrong.answer, wrong.extra)
        assert result == "failed", f"{key}: {wrong.label!r} {result}"
        for secret in case.secret_texts():
            assert not secret_shown(message, secret), f"{key}: {wrong.label!r} gives away {secret!r}: {message}"
    workbook = workbook_of(key)
    assert workbook.attempt(key).status() == f"wrong ({len(case.wrongs)} tries)"
    runtime.forget_answer_work()  # the right answer comes from a new cell, in which the library did not run
    assert outcome(case, case.right, case.right_extra) == ("passed", "")
    assert workbook.attempt(key).status() == "done"


@pytest.mark.parametrize("key", sorted(WATCHED_VALUES))
def test_the_library_answer_from_an_earlier_cell_copied_by_name_is_not_credited(cases, key):
    """(c) each library answer the suite computes in an answer cell, moved to an earlier cell: the answer cell only copies it."""
    case = cases[key]
    in_cells = [wrong for wrong in case.wrongs if wrong.kind == LIBRARY and "cell" in wrong.extra]
    assert in_cells, f"{key}: no library answer computed in a cell to move into an earlier one"
    for wrong in in_cells:
        source, names, variables = wrong.extra["cell"]
        earlier, copies = source, []
        for number, variable in enumerate(variables):
            earlier = re.sub(rf"\b{variable}\b", f"from_before_{number}", earlier)
            copies.append(f"{variable} = from_before_{number}")
        moved = {
            **wrong.extra,
            "cell": ("\n".join(copies), names, variables),
            "earlier": (*wrong.extra.get("earlier", ()), earlier),  # the row's own earlier cells first
        }
        runtime.forget_answer_work()
        result, message = outcome(case, wrong.answer, moved)
        assert result == "failed", f"{key}: {wrong.label!r}, computed in an earlier cell and copied, {result}"
        assert "earlier cell" in message and "from_before" in message, f"{key}: {wrong.label!r}: {message}"
        for secret in case.secret_texts():
            assert not secret_shown(message, secret), f"{key}: {wrong.label!r} gives away {secret!r}: {message}"


def _routes_to(work):
    """The learner's function reaching ``work`` three ways a name check misses."""
    helper = another_cell("def helper(*args, **kwargs):\n    return work(*args, **kwargs)", "helper", work=work)

    class Toolbox:
        def run(self, *args, **kwargs):
            return work(*args, **kwargs)

    return {
        "a helper defined in another cell": lambda *args, **kwargs: helper(*args, **kwargs),
        "an object's method": Toolbox().run,
        "functools.partial of it": functools.partial(work),
    }


def _function_keys() -> list[str]:
    return sorted(
        case.key for case in all_cases() if callable(now(case.right[0])) and any(w.kind == LIBRARY for w in case.wrongs)
    )


@pytest.mark.parametrize("key", _function_keys())
def test_the_library_reached_through_another_cell_an_object_or_a_partial_is_not_credited(cases, key):
    """(c) every function exercise: its library answer, wrapped three more ways, is refused naming the library."""
    case = cases[key]
    for wrong in [w for w in case.wrongs if w.kind == LIBRARY and callable(now(w.answer[0]))]:
        for route, answer in _routes_to(now(wrong.answer[0])).items():
            runtime.forget_answer_work()
            result, message = outcome(case, (answer, *wrong.answer[1:]), wrong.extra)
            assert result == "failed", f"{key}: {wrong.label!r} through {route} {result}"
            assert "library" in message or "own version" in message, (
                f"{key}: {wrong.label!r} through {route}: {message}"
            )


def test_an_exact_fraction_is_as_right_as_a_float_where_the_notebook_asks_for_a_share(cases):
    """09's share_of: a learner who returns a Fraction (as 06 taught) gets the same verdict as with a float."""
    from fractions import Fraction

    case = cases["share_of"]
    right = now(case.right[0])
    exact = lambda *args: Fraction(right(*args)).limit_denominator(10**9)  # noqa: E731
    assert outcome(case, (exact,)) == ("passed", "")


def test_a_count_the_learner_calls_shared_is_their_own_work(cases):
    """06's toy_jaccard: a variable of the learner's named like vocab_overlap's attribute is no library call."""
    case = cases["toy_jaccard"]
    source = "shared = len(set(wp) & set(bpe))\ntoy_jaccard = Fraction(shared, len(set(wp) | set(bpe)))"
    wp, bpe = case.data
    honest = computed("honest", source, {"wp": wp, "bpe": bpe, "Fraction": Fraction}, ("toy_jaccard",))
    assert outcome(case, honest.answer, honest.extra) == ("passed", "")
