"""A refusal is about what the answer does now, never about a name an earlier try bound (issue 40, points 5 and 8).

Each test runs notebook cells as the kernel does (the answer watch around
each cell, in one namespace) and then the check's first looks. The cells are
a fresh reader's tries (``reader_attempts`` on branch ``reader``): a Hugging
Face try, then the learner's own code reusing its names; a loop that calls
the notebook's own check until it passes.
"""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.runtime import answer_watch
from wordpiece_lib.model import alphabet

pytestmark = pytest.mark.usefixtures("fresh_start")

WORDS = ["élève", "eleve", "côte", "cote", "maïs", "mais", "hug"]
#: The learner's own grouping, written with the loop variable a Hugging Face try used before (``_w``).
OWN_GROUPING = (
    "_by = {}\n"
    "for _w in words_to_group:\n"
    "    _k = ''.join(c for c in unicodedata.normalize('NFD', _w.lower()) if unicodedata.category(c) != 'Mn')\n"
    "    _by.setdefault(_k, []).append(_w)\n"
    "sticky_groups = [g for g in _by.values() if len(g) > 1]"
)
HF_GROUPING = (
    "from tokenizers import normalizers as _n\n"
    "_hn = _n.BertNormalizer(lowercase=True, strip_accents=True)\n"
    "_by = {}\n"
    "for _w in words_to_group:\n"
    "    _by.setdefault(_hn.normalize_str(_w), []).append(_w)\n"
    "sticky_groups = [g for g in _by.values() if len(g) > 1]"
)


def run_cell(source: str, namespace: dict[str, Any]) -> None:
    """One notebook cell: run with the answer watch around it, as :func:`runtime.install_answer_watch` does."""
    with runtime.watched_cell(source, namespace):
        exec(compile(source, "<cell>", "exec"), namespace)


@pytest.fixture
def answers() -> Any:
    added = {"sticky_groups", "sticky_decoded", "sticky_kept", "oracle_guess"}
    runtime.ANSWERS.update(added)
    yield
    runtime.ANSWERS.difference_update(added)
    for key in added:
        answer_watch.WATCHED.pop(key, None)
    for notebook in ("97 · oracle", "96 · oracle"):  # the workbooks these tests made: no notebook's
        runtime.WORKBOOKS.pop(notebook, None)


def refusal(key: str, namespace: dict[str, Any], source: str) -> str | None:
    """The message of the check's first looks (another library, then this library's work), or None."""
    try:
        runtime.refuse_other_library(key, namespace[key], source)
        runtime.refuse_in_answer(key, [], "your answer runs {name}", source=source)
    except AssertionError as refused:
        return str(refused)
    return None


@pytest.mark.usefixtures("answers")
def test_own_code_passes_after_a_hugging_face_try_that_used_the_same_loop_variable() -> None:
    pytest.importorskip("tokenizers")
    namespace: dict[str, Any] = {"words_to_group": list(WORDS), "unicodedata": unicodedata}
    run_cell(OWN_GROUPING, namespace)
    assert refusal("sticky_groups", namespace, OWN_GROUPING) is None
    run_cell(HF_GROUPING, namespace)
    assert "another tokenizer library did the work" in (refusal("sticky_groups", namespace, HF_GROUPING) or "")
    run_cell(OWN_GROUPING, namespace)  # the very code that passed first: `_w` is its own loop variable now
    assert refusal("sticky_groups", namespace, OWN_GROUPING) is None


@pytest.mark.usefixtures("answers")
def test_own_code_passes_after_an_earlier_exercise_bound_its_names_to_hugging_face_objects() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    tokens = ["pieces", "of", "eight", "!", "it", "'", "s", "flint", "'s", "par", "##rot", "."]
    namespace: dict[str, Any] = {"tokens_to_decode": tokens}
    earlier = (  # another exercise's Hugging Face try: `_t` a tokenizer, `_p` a module of theirs
        "from tokenizers import Tokenizer as _T, models as _m, pre_tokenizers as _p\n"
        "_t = _T(_m.WordLevel({'[UNK]': 0, 'a': 1}, unk_token='[UNK]'))\n"
        "_t.pre_tokenizer = _p.WhitespaceSplit()\n"
        "sticky_kept = len(_t.encode('a a').ids)"
    )
    run_cell(earlier, namespace)
    assert isinstance(namespace["_t"], tokenizers.Tokenizer)
    own = (
        "_out = ''\n"
        "for _i, _t in enumerate(tokens_to_decode):\n"
        "    _p = _t[2:] if _t.startswith('##') else (' ' + _t if _i else _t)\n"
        "    for _a, _b in [(' .', '.'), (' !', '!'), (\" 's\", \"'s\")]:\n"
        "        _p = _p.replace(_a, _b)\n"
        "    _out += _p\n"
        "sticky_decoded = _out"
    )
    run_cell(own, namespace)
    assert refusal("sticky_decoded", namespace, own) is None


@pytest.mark.usefixtures("answers")
def test_a_value_another_library_made_is_still_refused_when_the_answer_reads_it() -> None:
    pytest.importorskip("tokenizers")
    namespace: dict[str, Any] = {"words_to_group": list(WORDS)}
    run_cell(
        "from tokenizers import normalizers as _n\n"
        "_hn = _n.BertNormalizer(lowercase=True, strip_accents=True)\n"
        "_seen = [_hn.normalize_str(w) for w in words_to_group]",
        namespace,
    )
    copying = "sticky_groups = [[w] for w in _seen]"
    run_cell(copying, namespace)
    assert "`_seen`, which an earlier cell computed with it" in (refusal("sticky_groups", namespace, copying) or "")
    per_word = "for _w in words_to_group:\n    sticky_groups = _hn.normalize_str(_w)"
    run_cell(per_word, namespace)
    assert "another tokenizer library did the work" in (refusal("sticky_groups", namespace, per_word) or "")


@pytest.mark.usefixtures("answers")
def test_a_loop_variable_over_a_library_value_is_still_that_value() -> None:
    runtime.watch_answer("sticky_groups", runtime.forbid(alphabet))
    namespace: dict[str, Any] = {"letters": alphabet}
    run_cell("_made = letters(['hug', 'pug'])", namespace)
    looped = "sticky_groups = []\nfor _c in _made:\n    sticky_groups.append(_c)"
    run_cell(looped, namespace)
    assert "'alphabet'" in (refusal("sticky_groups", namespace, looped) or "")


def oracle_check(key: str) -> Any:
    """A workbook's check of ``key`` (its tiered wrapper, as ``checks.check_guess`` is in a notebook)."""
    book = runtime.Workbook("97 · oracle", [runtime.Exercise(key, "Your turn 1 · guess")])

    @book.check(key)
    def check_guess(answer: Any) -> None:
        if len(alphabet(["hug"])) != answer:  # the check runs a watched library function itself
            raise AssertionError("count the letters again")

    return check_guess


ORACLE_LOOP = (
    "for _n in range(9):\n"
    "    try:\n"
    "        {call}(_n)\n"
    "        oracle_guess = _n\n"
    "        break\n"
    "    except AssertionError:\n"
    "        pass"
)


@pytest.mark.usefixtures("answers")
@pytest.mark.parametrize("call", ["check_guess", "alias", "check_guess.__wrapped__"])
def test_an_answer_found_by_calling_the_check_is_refused_as_such(call: str) -> None:
    check = oracle_check("oracle_guess")
    runtime.watch_answer("oracle_guess", runtime.forbid(alphabet))
    namespace: dict[str, Any] = {"check_guess": check, "alias": check, "alphabet": alphabet}
    run_cell("_kept_ahead = alphabet(['hug'])", namespace)  # an unrelated earlier try, made with the library
    source = ORACLE_LOOP.format(call=call)
    run_cell(source, namespace)
    assert namespace["oracle_guess"] == 3
    message = refusal("oracle_guess", namespace, source) or ""
    assert "a check judges an answer, it can't be the way to find one" in message
    assert "`check_guess`" in message
    assert "alphabet" not in message and "_kept_ahead" not in message  # what this answer did, nothing else


@pytest.mark.usefixtures("answers")
def test_the_check_itself_refuses_an_answer_found_with_it_and_takes_the_same_value_typed() -> None:
    check = oracle_check("oracle_guess")
    namespace: dict[str, Any] = {"check_guess": check}
    run_cell(ORACLE_LOOP.format(call="check_guess"), namespace)
    with pytest.raises(AssertionError, match="a check judges an answer"):
        check(namespace["oracle_guess"])
    run_cell("oracle_guess = 3", namespace)
    check(namespace["oracle_guess"])  # the same value, typed in: the learner's own


@pytest.mark.usefixtures("answers")
def test_an_answer_found_with_a_check_that_runs_hugging_face_is_not_blamed_on_hugging_face() -> None:
    tokenizers = pytest.importorskip("tokenizers")
    book = runtime.Workbook("96 · oracle", [runtime.Exercise("oracle_guess", "Your turn 1 · guess")])

    @book.check("oracle_guess")
    def check_kept(answer: Any) -> None:  # as notebook 10's check compares with Hugging Face's truncation
        peer = tokenizers.Tokenizer(tokenizers.models.WordLevel({"[UNK]": 0, "a": 1}, unk_token="[UNK]"))
        if len(peer.encode("a a a").ids) != answer:
            raise AssertionError("count the tokens again")

    namespace: dict[str, Any] = {"check_kept": check_kept}
    source = ORACLE_LOOP.format(call="check_kept")
    run_cell(source, namespace)
    message = refusal("oracle_guess", namespace, source) or ""
    assert "a check judges an answer" in message and "Hugging Face" not in message


@pytest.mark.usefixtures("answers")
def test_the_checks_an_answer_cell_calls_are_no_tries_of_the_learner() -> None:
    check = oracle_check("oracle_guess")
    book = next(workbook for workbook in runtime.WORKBOOKS.values() if "oracle_guess" in workbook.exercises)
    run_cell(ORACLE_LOOP.format(call="check_guess"), {"check_guess": check})
    attempt = book._attempts["oracle_guess"]
    assert (attempt.tries, attempt.done) == (0, False)  # three wrong values and a right one were tried, none by hand
