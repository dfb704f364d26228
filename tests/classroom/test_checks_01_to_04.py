"""The exercise checks: a right answer passes, a wrong one fails in plain words, a stub skips."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from check_helpers import fails_with

from wordpiece_lib import datasets, decode_pieces, encode_word, initial_splits, merge_pair, train_bottom_up
from wordpiece_lib.classroom import exercise
from wordpiece_lib.classroom.character_splitting import checks as character_splitting_checks
from wordpiece_lib.classroom.encoding import checks as encoding_checks
from wordpiece_lib.classroom.exercise import TODO
from wordpiece_lib.classroom.merge_steps import checks as merge_steps_checks
from wordpiece_lib.classroom.pair_scores import checks as pair_scores_checks
from wordpiece_lib.pieces import join_pair
from wordpiece_lib.scores import pair_counts


def not_started(*args):
    raise NotImplementedError("your turn")


def count_words(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return counts


def hug_trace():
    return train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])


def decode_without_glue(tokens):
    return " ".join(tokens)


FUNCTION_CHECKS = [
    # (check, right answer, wrong answer, words the failure message must contain)
    (
        character_splitting_checks.check_split_word,
        lambda w: [w[0]] + ["##" + c for c in w[1:]],
        list,
        ["expected ['h', '##u', '##g', '##s']", "'##' prefix"],
    ),
    (
        character_splitting_checks.check_marker_split,
        lambda w: ["_", *w],
        lambda w: ["_" + w[0], *w[1:]],
        ["marker", "piece of its own"],
    ),
    (
        character_splitting_checks.check_word_counts,
        count_words,
        lambda words: dict.fromkeys(words, 1),
        ["'hug' appears 3 times"],
    ),
    (
        pair_scores_checks.check_pair_counts,
        pair_counts,
        lambda s, c: {p: 1 for v in s.values() for p in itertools.pairwise(v)},
        ["expected"],
    ),
    (
        pair_scores_checks.check_wordpiece_score,
        lambda p, a, b: Fraction(p, a * b),
        lambda p, a, b: p / (a * b),
        ["float", "Fraction"],
    ),
    (
        merge_steps_checks.check_merge_pair,
        lambda s, p: merge_pair(s, p, join_pair(*p)),
        lambda s, p: merge_pair(s, p, p[0] + p[1]),
        ["drop the '##'"],
    ),
    (
        encoding_checks.check_longest_match,
        lambda w, v: encode_word(w, v),
        lambda w, v: encode_word(w, v, max_input_chars_per_word=1000),
        ["100 characters"],
    ),
    (encoding_checks.check_decode, decode_pieces, decode_without_glue, ["glued"]),
]


@pytest.mark.parametrize(
    ("check", "right", "wrong", "words"), FUNCTION_CHECKS, ids=lambda v: getattr(v, "__name__", "")
)
def test_function_checks_pass_fail_and_skip(check, right, wrong, words):
    check(right)
    message = fails_with(check, wrong)
    for word in words:
        assert word in message, message
    with pytest.raises(pytest.skip.Exception, match="not done yet"):
        check(not_started)
    with pytest.raises(pytest.skip.Exception, match="not done yet"):
        check(TODO)


def test_a_crashing_or_silent_function_is_explained():
    assert "crashed with ZeroDivisionError" in fails_with(
        character_splitting_checks.check_split_word, lambda word: 1 / 0
    )
    assert "forget the `return`" in fails_with(character_splitting_checks.check_split_word, lambda word: None)
    assert "should be a function" in fails_with(encoding_checks.check_decode, "hugs are fun")


def test_wordpiece_score_names_the_usual_mistakes():
    assert "BPE score" in fails_with(pair_scores_checks.check_wordpiece_score, lambda p, a, b: Fraction(p))
    assert "upside down" in fails_with(pair_scores_checks.check_wordpiece_score, lambda p, a, b: Fraction(a * b, p))


def test_pair_counts_explains_repeated_pairs():
    def no_repeats(splits, counts):
        result = {}
        for word, pieces in splits.items():
            for pair in dict.fromkeys(itertools.pairwise(pieces)):
                result[pair] = result.get(pair, 0) + counts[word]
        return result

    assert "counts twice" in fails_with(pair_scores_checks.check_pair_counts, no_repeats)


def test_merge_pair_explains_overlaps():
    def right_to_left(splits, pair):
        flipped = {w: [p for p in reversed(pieces)] for w, pieces in splits.items()}
        merged = merge_pair(flipped, (pair[1], pair[0]), "JOINED")
        return {w: [join_pair(*pair) if p == "JOINED" else p for p in reversed(pieces)] for w, pieces in merged.items()}

    assert "left to right" in fails_with(merge_steps_checks.check_merge_pair, right_to_left)


def test_split_word_counts_pieces():
    message = fails_with(character_splitting_checks.check_split_word, lambda word: [word[0], "##" + word[1:]])
    assert "has 2 pieces; expected 4" in message


def test_longest_match_explains_partial_unk():
    def partial(word, vocab):
        tokens = encode_word(word, vocab)
        return ["[UNK]", "##u", "##g"] if word == "mug" else tokens

    assert "WHOLE word" in fails_with(encoding_checks.check_longest_match, partial)


def test_alphabet_accepts_any_order_and_explains_prefix():
    character_splitting_checks.check_alphabet(["##u", "b", "##n"], ["bun"])
    message = fails_with(character_splitting_checks.check_alphabet, ["b", "u", "n"], ["bun"])
    assert "misses ['##n', '##u']" in message and "'##' prefix" in message
    with pytest.raises(pytest.skip.Exception):
        character_splitting_checks.check_alphabet(TODO, ["bun"])


def test_best_pair_accepts_any_tied_winner_and_rejects_others():
    counts = datasets.hug_pug_counts()
    after_hu = merge_pair(initial_splits(counts), ("h", "##u"), "hu")
    pair_scores_checks.check_best_pair(("##g", "##s"), after_hu, counts)
    pair_scores_checks.check_best_pair(("hu", "##g"), after_hu, counts)  # tied at 1/20
    assert "scores higher" in fails_with(pair_scores_checks.check_best_pair, ("p", "##u"), after_hu, counts)
    assert "not a pair" in fails_with(pair_scores_checks.check_best_pair, ("h", "##s"), after_hu, counts)


def test_score_order_contrasts_bpe_and_wordpiece():
    counts = datasets.hug_pug_counts()
    splits = initial_splits(counts)
    pair_scores_checks.check_score_order(("##u", "##g"), splits, counts, "bpe")
    pair_scores_checks.check_score_order(("##g", "##s"), splits, counts, "wordpiece")
    assert "pair count only" in fails_with(pair_scores_checks.check_score_order, ("##g", "##s"), splits, counts, "bpe")


def test_merges_follow_the_course_walk_and_the_policy():
    counts = datasets.hug_pug_counts()
    merge_steps_checks.check_merges(["##gs", "hu", "hugs"], counts, 3)
    merge_steps_checks.check_merges([("##g", "##s"), ("h", "##u")], counts, 2)
    assert "not 'hug'" in fails_with(merge_steps_checks.check_merges, ["##gs", "hu", "hug"], counts, 3)
    selene = datasets.selene_counts()
    merge_steps_checks.check_merges(["_ng", "_id"], selene, 2, tie_break="lexical", prefix="_")
    message = fails_with(merge_steps_checks.check_merges, ["_ng", "wi"], selene, 2, tie_break="lexical", prefix="_")
    assert "tie" in message and "'lexical'" in message
    assert "exactly 3" in fails_with(merge_steps_checks.check_merges, ["##gs"], counts, 3)


def test_final_size_and_replay_word():
    trace = hug_trace()
    merge_steps_checks.check_final_size(1 + 7 + 9, trace)
    assert "special tokens" in fails_with(merge_steps_checks.check_final_size, 16, trace)
    encoding_checks.check_replay_differs("pugs", trace)
    assert "both give" in fails_with(encoding_checks.check_replay_differs, "hugs", trace)
    assert "[UNK]" in fails_with(encoding_checks.check_replay_differs, "mug", trace)
    with pytest.raises(pytest.skip.Exception):
        encoding_checks.check_replay_differs(TODO, trace)


def test_wrong_answers_are_named_clearly_in_the_notebooks_own_terms():
    counts = datasets.hug_pug_counts()
    selene = datasets.selene_counts()
    selene_splits = initial_splits(selene)
    # a pair written without the inner '##' gets told how to write it
    assert "so write ('l', '##o')" in fails_with(
        pair_scores_checks.check_score_order, ("l", "o"), selene_splits, selene, "bpe"
    )
    assert "so write ('##g', '##s')" in fails_with(
        pair_scores_checks.check_best_pair, ("g", "s"), initial_splits(counts), counts
    )
    assert "prefix" not in fails_with(pair_scores_checks.check_best_pair, ("h", "##s"), initial_splits(counts), counts)
    # a merge order without the '##' of inner tokens
    message = fails_with(merge_steps_checks.check_merges, ["ng", "id"], selene, 2, tie_break="lexical")
    assert "without its prefix: 'ng' should be '##ng'" in message
    merge_steps_checks.check_merges(["##ng", "##id", "wid", "##ong"], selene, 4, tie_break="lexical")


def test_final_size_rejects_text_and_does_not_give_the_answer_away():
    trace = train_bottom_up(datasets.hug_pug_counts(), 1000, special_tokens=["[UNK]", "[CLS]"])
    merge_steps_checks.check_final_size(2 + 7 + 9, trace)  # 2 special + h p b ##u ##g ##n ##s + 9 merges
    assert "whole number" in fails_with(merge_steps_checks.check_final_size, "18", trace)
    assert "whole number" in fails_with(merge_steps_checks.check_final_size, 18.0, trace)
    for wrong, word in ((17, "too few"), (19, "too many")):
        message = fails_with(merge_steps_checks.check_final_size, wrong, trace)
        assert word in message and "18" not in message, message


def test_longest_match_uses_the_given_vocab_and_keeps_messages_short():
    vocab = hug_trace().vocab()
    encoding_checks.check_longest_match(lambda word, v: encode_word(word, v), vocab)
    assert encode_word("hugs", vocab) == ["hugs"]  # the notebook's vocab, unlike the default one
    message = fails_with(
        encoding_checks.check_longest_match, lambda w, v: encode_word(w, v, max_input_chars_per_word=1000), vocab
    )
    assert "100 characters" in message and "(100 tokens)" in message and len(message) < 300, message


def test_replay_word_must_be_new_when_known_words_are_given():
    trace = hug_trace()
    encoding_checks.check_replay_differs("pugsu", trace, known=["pugs"])
    assert "already in the table" in fails_with(encoding_checks.check_replay_differs, "pugs", trace, known=["pugs"])


def test_decode_names_a_stray_space():
    def leading(tokens):
        text = ""
        for token in tokens:
            text += token[2:] if token.startswith("##") else " " + token
        return text

    assert "starts with a space" in fails_with(encoding_checks.check_decode, leading)
    assert "ends with a space" in fails_with(encoding_checks.check_decode, lambda tokens: decode_pieces(tokens) + " ")


def test_check_frames_are_hidden_from_pytest_reports():
    with pytest.raises(AssertionError) as caught:
        character_splitting_checks.check_word_counts(lambda words: dict.fromkeys(words, 1))
    frames = [entry.frame for entry in caught.traceback]
    in_checks = [frame for frame in frames if frame.code.path.name == "checks.py"]
    assert in_checks and all(frame.f_locals.get("__tracebackhide__") for frame in in_checks)


class FakeShell:
    """Records what ``report_failures_briefly`` installs and shows."""

    def __init__(self):
        self.shown = []
        self.handler = None

    def set_custom_exc(self, types, handler):
        self.types, self.handler = types, handler

    def _showtraceback(self, etype, evalue, stb):
        self.shown.append(stb)


def test_a_failed_check_cell_ends_with_one_short_line():
    ipytest = pytest.importorskip("ipytest")
    shell = FakeShell()
    exercise.report_failures_briefly(shell)
    assert shell.types == (ipytest.Error,)
    assert shell.handler(shell, ipytest.Error, ipytest.Error(1), None) == [exercise.BRIEF_FAILURE]
    assert shell.shown == [[exercise.BRIEF_FAILURE]]
    assert "exit code 5" in shell.handler(shell, ipytest.Error, ipytest.Error(5), None)[0]
