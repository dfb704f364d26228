"""What particular wrong answers are told: the idea that is off, in the notebook's own terms.

``exercise_cases/`` holds every exercise's right and wrong answers; here are
the messages worth pinning down word for word, and the frame around them
(hidden check frames, one short line after a failed cell, answer cells read
from IPython's history).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from check_helpers import fails_with
from exercise_cases.nb03 import each, merge_keeping_the_prefix
from exercise_cases.nb04 import decoding

from wordpiece_lib import initial_splits, join_pair
from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.character_splitting import checks as splitting
from wordpiece_lib.classroom.encoding import checks as encoding
from wordpiece_lib.classroom.merge_steps import checks as merging
from wordpiece_lib.classroom.pair_scores import checks as scoring
from wordpiece_lib.data import datasets

HUG_PUG = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


pytestmark = pytest.mark.usefixtures("fresh_start")


def test_a_pair_written_without_the_inner_prefix_is_told_how_pieces_are_written():
    selene = datasets.selene_counts()
    message = fails_with(scoring.check_score_order, ("l", "o"), initial_splits(selene), selene, "bpe")
    assert "pieces inside a word carry the '##' prefix" in message
    assert "prefix" not in fails_with(scoring.check_best_pair, ("h", "##s"), initial_splits(HUG_PUG), HUG_PUG)


def test_a_merge_order_without_the_prefix_and_a_tie_broken_the_other_way():
    message = fails_with(merging.check_merges, ["gs"], HUG_PUG, 1, source="")
    assert "only by its prefix" in message and "keeps the left piece's '##'" in message
    message = fails_with(merging.check_merges, ["##gs", "##ug"], HUG_PUG, 2, source="")
    assert "ties for the best score" in message and "met first" in message


def test_merging_explains_overlaps_and_the_dropped_prefix():
    def overlapping(splits, pair):
        token = join_pair(*pair)
        return {w: [token if (p, q) == pair else p for p, q in zip(s, [*s[1:], None])] for w, s in splits.items()}

    assert "drop the '##' of the right piece" in fails_with(merging.check_merge_all, each(merge_keeping_the_prefix))
    assert "must still spell the word" in fails_with(merging.check_merge_all, each(overlapping))


def test_final_size_never_names_the_size_and_refuses_text():
    for wrong, word in ((18, "too few"), (20, "too many")):
        message = fails_with(merging.check_final_size, wrong, HUG_PUG, ["[UNK]", "[CLS]", "[SEP]"], source="")
        assert word in message and "19" not in message, message
    assert "whole number" in fails_with(merging.check_final_size, "19", HUG_PUG, ["[UNK]"], source="")


def test_decode_names_a_stray_space():
    trailing = decoding("##", lambda token: token[2:], join=lambda words: "".join(word + " " for word in words))
    assert "ends with a space" in fails_with(encoding.check_decode, trailing)


def test_the_score_must_be_exact():
    message = fails_with(scoring.check_wordpiece_score, lambda pair, left, right: pair / (left * right))
    assert "exact Fraction" in message
    scoring.check_wordpiece_score(lambda pair, left, right: Fraction(pair, left * right))


def test_check_frames_are_hidden_from_pytest_reports():
    with pytest.raises(AssertionError) as caught:
        splitting.check_word_counts(lambda words: dict.fromkeys(words, 1))
    frames = [entry.frame for entry in caught.traceback]
    ours = [frame for frame in frames if frame.code.path.name in {"checks.py", "workbook.py", "checking.py"}]
    assert ours and all(frame.f_locals.get("__tracebackhide__") for frame in ours)


class FakeHistory:
    def __init__(self, cells):
        self.input_hist_raw = ["", *cells]


class FakeShell:
    """Records what ``report_failures_briefly`` installs and shows; holds an input history."""

    def __init__(self, cells=()):
        self.shown = []
        self.handler = None
        self.history_manager = FakeHistory(cells)

    def set_custom_exc(self, types, handler):
        self.types, self.handler = types, handler

    def _showtraceback(self, etype, evalue, stb):
        self.shown.append(stb)


def test_a_failed_check_cell_ends_with_one_short_line():
    ipytest = pytest.importorskip("ipytest")
    shell = FakeShell()
    runtime.report_failures_briefly(shell)
    assert shell.types == (ipytest.Error,)
    assert shell.handler(shell, ipytest.Error, ipytest.Error(1), None) == [runtime.BRIEF_FAILURE]
    assert shell.shown == [[runtime.BRIEF_FAILURE]]
    assert "exit code 5" in shell.handler(shell, ipytest.Error, ipytest.Error(5), None)[0]


def test_the_answer_cell_is_the_latest_that_assigned_the_answer():
    shell = FakeShell(
        [
            "first_three = train_bottom_up(variant, 100).tokens()[-3:]",
            "get_ipython().run_cell_magic('ipytest', '', 'def test(): ...')",
            "print(first_three)",
            "first_three = ['##gs', 'hu', 'hug']  # predicted by hand",
            "%%ipytest\ndef test(): check(first_three)",
        ]
    )
    source = runtime.answer_cell_source("first_three", shell)
    assert source == "first_three = ['##gs', 'hu', 'hug']  # predicted by hand"
    assert runtime.calls_in_source(source, merging.TRAINERS) == []
    assert runtime.answer_cell_source("never_assigned", shell) is None


def test_a_fraction_built_from_a_float_is_told_so():
    message = fails_with(scoring.check_wordpiece_score, lambda pair, left, right: Fraction(pair / (left * right)))
    assert "built from a float" in message


def test_an_exact_jaccard_is_asked_for_and_a_float_is_told_why():
    from wordpiece_lib.classroom.bpe_comparison import checks as comparing

    message = fails_with(comparing.check_jaccard, 0.4, ["a", "b", "c"], ["b", "c", "d", "e"])
    assert "exact Fraction" in message and "float is rounded" in message and "0.4" not in message


def test_a_split_that_lowercases_is_told_to_keep_the_characters():
    message = fails_with(
        splitting.check_split_word, lambda word: [word[0].lower()] + ["##" + c.lower() for c in word[1:]]
    )
    assert "changes no capital and no accent" in message


def test_the_length_rule_off_by_one_is_not_blamed_on_the_prefix():
    from exercise_cases.nb04 import encode_unk_from_100, in_marker_style

    message = fails_with(encoding.check_longest_match, in_marker_style(encode_unk_from_100))
    assert "exactly 100 characters" in message and "marker" not in message and "'##'" not in message


def test_a_leftmost_replay_is_not_called_longest_match():
    from exercise_cases.nb06 import replay_leftmost_first

    from wordpiece_lib.classroom.bpe_comparison import checks as comparing

    message = fails_with(comparing.check_merge_replay, replay_leftmost_first)
    assert "not the leftmost" in message and "longest match" not in message


def test_counter_is_not_called_the_librarys_own_version():
    import collections

    message = fails_with(splitting.check_word_counts, lambda words: dict(collections.Counter(words)))
    assert "`Counter`, Python's own version" in message and "library" not in message


def test_a_counting_routine_of_pandas_or_numpy_is_named_by_its_package_and_told_the_lesson():
    """The refusal names whose version did the work (pandas', numpy's: never "Python's" for a package's), and the
    lesson of the exercise: counting by hand."""
    from exercise_cases.nb01 import counted_by_groupby_size, counted_by_numpy, counted_by_pandas

    for counter, owner in [
        (counted_by_pandas, "`value_counts`, pandas' own version"),
        (counted_by_groupby_size, "`groupby`, pandas' own version"),
        (counted_by_numpy, "`numpy.unique`, numpy's own version"),
    ]:
        message = fails_with(splitting.check_word_counts, counter)
        assert owner in message and "Python's" not in message, message
        assert "counting by hand is the exercise" in message, message


def test_pairs_that_are_not_neighbours_are_told_so_not_blamed_on_the_counts():
    from exercise_cases.nb02 import count_pairs_not_neighbours

    message = fails_with(scoring.check_pair_counts, count_pairs_not_neighbours)
    assert "not a pair of neighbouring pieces" in message and "adds n" not in message


def test_a_share_slip_is_named_for_what_it_is():
    """On the small vocab every slip gives another share, so each is told its own idea."""
    from exercise_cases.nb09 import share_last_language_wins_ties, share_of_every_user, share_unused_tokens_owned

    from wordpiece_lib.classroom.other_languages import checks as languages

    usage = languages._TOY_USAGE
    assert "no owner" in fails_with(languages.check_share_function, share_unused_tokens_owned, [], usage)
    assert "listed FIRST" in fails_with(languages.check_share_function, share_last_language_wins_ties, [], usage)
    assert "uses it MOST" in fails_with(languages.check_share_function, share_of_every_user, [], usage)


def test_notebook_12_has_one_rule_for_its_section_2_functions():
    """all_cuts lists cuts, which no exercise asks for: an answer that uses it passes wherever it serves. best_cut
    picks the best cut, which is what the exercises ask: every exercise refuses it (the mutation suite tries it in
    each one), never one exercise this way and the next the other."""
    import math

    from exercise_cases import outcome, table
    from exercise_cases.nb12 import course_probabilities, worked_cuts
    from exercise_cases.rows import FROM_CELL

    cases = {case.key: case for case in table("12")}
    names = {"all_cuts": worked_cuts()["all_cuts"], "math": math, "probability": course_probabilities()}
    by_hand = {
        "bugs_best": "scores = [math.prod(probability[p] for p in cut) for cut in all_cuts('bugs', probability)]\n"
        "bugs_best = (max(scores), scores.count(max(scores)))",
        "hug_chance": "scores = [math.prod(probability[p] for p in cut) for cut in all_cuts('hug', probability)]\n"
        "hug_chance = probability['hug'] / sum(scores)",
    }
    for key, source in by_hand.items():
        runtime.forget_answer_work()
        assert outcome(cases[key], (FROM_CELL,), {"cell": (source, names, (key,))}) == ("passed", ""), key
    refused = [
        (case.key, wrong.label)
        for case in cases.values()
        for wrong in case.wrongs
        if "best_cut" in wrong.label and "section 2" in wrong.label
    ]
    assert {key for key, _label in refused} == {"bugs_best", "word_probability", "zero_cost", "hug_chance"}, refused


def test_a_counter_of_another_package_is_named_by_its_package_not_as_pythons():
    """01's count_words with pandas' value_counts was told it called "Python's own version"."""
    pandas = pytest.importorskip("pandas")

    def by_pandas(words):
        return {word: int(n) for word, n in pandas.Series(words, dtype=object).value_counts(sort=False).items()}

    splitting.WORKBOOK.reset()
    message = fails_with(splitting.check_word_counts, by_pandas)
    assert "pandas' own version" in message and "Python's" not in message, message
    splitting.WORKBOOK.reset()
    assert "Python's own version" in fails_with(splitting.check_word_counts, lambda words: dict(Counter(words)))
