"""The top-down learner: each step on hand-checked inputs and the seed's figures, then identity with TensorFlow Text.

TensorFlow Text's learner is one pure-Python file taken from its wheel by
``tools/fetch_tf_text.py`` and loaded by path; the identity tests skip when it
is missing. No test uses the network.
"""

from __future__ import annotations

import zipfile

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from tool_helpers import load_tool

from wordpiece_lib import BERT_SPECIAL_TOKENS, FastTopDown, WordCounts, encode_word, train_top_down
from wordpiece_lib.classroom.display import search_frame
from wordpiece_lib.data import top_down_counts
from wordpiece_lib.data.datasets import TOP_DOWN_TEXT
from wordpiece_lib.training import (
    add_characters,
    allowed_characters,
    drop_long_and_reserved,
    final_vocabulary,
    keep_frequent_words,
    learn,
    learn_with_threshold,
    prepare_words,
    search_threshold,
    split_points,
    substring_counts,
    threshold_bounds,
    threshold_pass,
    top_down_iterations,
)

RESERVED = list(BERT_SPECIAL_TOKENS)


fetch_tool = load_tool("fetch_tf_text")


@pytest.fixture(scope="module")
def tf():
    """TensorFlow Text's learner module, or a skip saying how to get it."""
    path = fetch_tool.learner_path()
    if not path.is_file():
        pytest.skip(
            f"TensorFlow Text's learner is not at {path}: run python tools/fetch_tf_text.py "
            f"(or set {fetch_tool.ENV_VAR})"
        )
    return fetch_tool.load_learner(path)


def tf_params(tf, **overrides):
    """TensorFlow Text's Params for its learn_with_thresh, with its learn() defaults."""
    values = dict(
        upper_thresh=10_000_000,
        lower_thresh=10,
        num_iterations=4,
        max_input_tokens=5_000_000,
        max_token_length=50,
        max_unique_chars=1000,
        vocab_size=1000,
        slack_ratio=0.05,
        include_joiner_token=True,
        joiner="##",
        reserved_tokens=RESERVED,
    )
    values.update(overrides)
    return tf.Params(**values)


def endings_closed_form(word_counts, threshold, joiner="##"):
    """What TensorFlow Text's always-subtract pass keeps in round 0, worked out by hand.

    What is left for a substring after subtraction is the count of the words it
    runs to the end of: a word-initial substring keeps the word's own count, a
    ``##`` substring the total count of the longer words ending with it.
    """
    totals = {}
    for word, count in word_counts.items():
        totals[word] = totals.get(word, 0) + count
        for start in range(1, len(word)):
            key = joiner + word[start:]
            totals[key] = totals.get(key, 0) + count
    return {token: count for token, count in totals.items() if count >= threshold}


# --- step 1: which words take part -----------------------------------------------------------------


def test_threshold_bounds_clip_to_the_counts():
    counts = {"the": 500, "hug": 3}
    assert threshold_bounds(counts, 100, 10) == (10, 100)
    assert threshold_bounds(counts, 10_000_000, 1) == (3, 500)
    assert threshold_bounds(counts, None, None) == (3, 500)
    # Every count below lower_thresh: lower ends above upper.
    assert threshold_bounds({"a": 4, "b": 7}, 10_000_000, 10) == (10, 7)


def test_threshold_bounds_use_words_that_are_filtered_later():
    # "[UNK]" (reserved) and the long word are dropped before learning, but still set the bounds.
    counts = {"[UNK]": 900, "hug": 20, "x" * 60: 2}
    assert threshold_bounds(counts, 10_000, 1) == (2, 900)
    assert prepare_words(counts, ["[UNK]"]) == [("hug", 20)]


def test_drop_long_and_reserved():
    counts = {"[CLS]": 5, "hugging": 4, "hug": 3}
    assert drop_long_and_reserved(counts, ["[CLS]"], 7) == [("hugging", 4), ("hug", 3)]
    assert drop_long_and_reserved(counts, ["[CLS]"], 6) == [("hug", 3)]
    assert drop_long_and_reserved(counts, [], 5) == [("[CLS]", 5), ("hug", 3)]


def test_allowed_characters_weight_by_count_and_break_ties_alphabetically():
    # u, g: 5 each; h, p: 3 each (tie: h first); a, z: 1.
    counts = {"hug": 3, "pug": 2, "zap": 1}
    assert allowed_characters(counts, 2) == {"g", "u"}
    assert allowed_characters(counts, 3) == {"g", "h", "u"}
    assert allowed_characters(counts, 0) == set()


def test_keep_frequent_words_counts_only_kept_words_against_the_limit():
    counts = {"a": 1, "zz": 9, "b": 5, "c": 5, "d": 2}
    allowed = {"a", "b", "c", "d"}
    # "zz" is most frequent but has a character that is not allowed: it takes no slot.
    assert keep_frequent_words(counts, allowed, 2) == [("b", 5), ("c", 5)]
    assert keep_frequent_words(counts, allowed, -1) == [("b", 5), ("c", 5), ("d", 2), ("a", 1)]
    assert keep_frequent_words(counts, allowed, None) == keep_frequent_words(counts, allowed, -1)
    assert keep_frequent_words(counts, allowed, 0) == []


# --- steps 2 to 4: one pass --------------------------------------------------------------------------


def test_substring_counts_of_human_follow_the_seed():
    assert list(substring_counts({"human": 1})) == [
        "h", "hu", "hum", "huma", "human", "##u", "##um", "##uma", "##uman",
        "##m", "##ma", "##man", "##a", "##an", "##n",
    ]  # fmt: skip
    assert list(substring_counts({"human": 1}, {"human": [0, 2]})) == [
        "h", "hu", "hum", "huma", "human", "##m", "##ma", "##man",
    ]  # fmt: skip
    totals = substring_counts([("human", 113), ("humas", 3)])
    assert (totals["human"], totals["humas"], totals["huma"]) == (113, 3, 116)


def test_substring_counts_skip_words_that_could_not_be_split():
    totals = substring_counts({"hug": 2, "mug": 5}, {"hug": [0, 2], "mug": None})
    assert totals == {"h": 2, "hu": 2, "hug": 2, "##g": 2}
    with pytest.raises(ValueError, match="no entry for the word 'mug'"):
        substring_counts({"hug": 2, "mug": 5}, {"hug": [0]})


def test_substring_counts_without_the_joiner():
    assert substring_counts({"aa": 1}, include_joiner_token=False) == {"a": 2, "aa": 1}
    assert substring_counts({"ab": 1}, joiner="@@") == {"a": 1, "ab": 1, "@@b": 1}


def test_one_pass_at_threshold_3_gives_the_seeds_33_tokens_with_its_keep_rule():
    """The seed subtracts a count from the prefixes only when the substring is kept."""
    totals = substring_counts(top_down_counts())
    kept = threshold_pass(totals, 3, subtract="kept")
    assert len(kept) == 33
    assert list(kept).index("she") == 1  # the seed's vocabulary["she"] == 1
    assert list(threshold_pass(totals, 2, subtract="kept")).index("year") == 3


def test_one_pass_at_threshold_3_with_tf_texts_rule():
    """TensorFlow Text subtracts from the prefixes always: only whole words and word endings stay."""
    counts = top_down_counts()
    kept = threshold_pass(substring_counts(counts), 3)
    # Words seen at least 3 times: i (5), in (3), to (3). Endings of longer words, e.g.
    # ##he: she 2 + the 1; ##e: we, the, she 2, place, me, hope.
    assert set(kept) == {"i", "in", "to", "##he", "##e", "##r", "##y", "##o", "##n", "##s", "##d", "##t"}
    assert kept == endings_closed_form(counts, 3)
    assert (kept["##he"], kept["##e"]) == (3, 7)


def test_threshold_pass_leaves_its_input_alone():
    totals = substring_counts({"human": 113, "humas": 3})
    before = dict(totals)
    threshold_pass(totals, 100)
    threshold_pass(totals, 100, subtract="kept")
    assert totals == before


def test_threshold_pass_prefix_subtraction_by_hand():
    totals = substring_counts({"human": 113, "humas": 3})
    # Kept-only: human (113) leaves huma 3; ##uman (113) leaves ##uma 3, and so on down.
    assert threshold_pass(totals, 100, subtract="kept") == {
        "human": 113, "##uman": 113, "##man": 113, "##an": 113, "##n": 113,
    }  # fmt: skip
    assert threshold_pass(totals, 3, subtract="always") == {
        "human": 113, "humas": 3, "##uman": 113, "##umas": 3, "##man": 113, "##mas": 3,
        "##an": 113, "##as": 3, "##n": 113, "##s": 3,
    }  # fmt: skip


def test_add_characters_keeps_counts_already_there():
    assert add_characters({"##g": 7}, ["g", "h"]) == {"##g": 7, "g": 1, "h": 1, "##h": 1}
    assert add_characters({}, ["g"], include_joiner_token=False) == {"g": 1}


# --- step 5: split points and rounds -----------------------------------------------------------------


@pytest.fixture(scope="module")
def seed_vocab():
    """The seed's vocabulary after one pass at threshold 3 (its keep rule)."""
    return threshold_pass(substring_counts(top_down_counts()), 3, subtract="kept")


def test_seed_tokenizes_shells_and_fishing(seed_vocab):
    assert encode_word("shells", seed_vocab, unk_token="<unk>") == ["she", "##l", "##l", "##s"]
    assert encode_word("fishing", seed_vocab, unk_token="<unk>") == ["<unk>"]


def test_split_points_of_shells_and_fishing(seed_vocab):
    assert split_points("shells", seed_vocab) == [0, 3, 4, 5]
    # The seed returns every position [0, 1, ..., 6] for a word it cannot split;
    # TensorFlow Text skips the word in that round, and so do we.
    assert split_points("fishing", seed_vocab) is None


def test_split_points_have_no_length_limit():
    # encode_word's default gives up on words over 100 characters; the learner must not.
    assert split_points("b" + "a" * 120, {"b", "##" + "a" * 120}) == [0, 1]


def test_split_points_without_the_joiner():
    assert split_points("hugs", {"hug", "s"}, include_joiner_token=False) == [0, 3]
    assert split_points("hugs", {"hug", "s"}) is None


def test_rounds_after_the_first_count_only_from_split_points():
    rounds = top_down_iterations({"hug": 10, "hugs": 5, "bugs": 5}, 5, num_iterations=2)
    # Round 0 keeps ##ugs (the ending of hugs and bugs: 5 + 5). In round 1 every word is a token of
    # round 0 as a whole, so only whole words are counted and ##ugs is gone.
    assert "##ugs" in rounds[0] and "##ugs" not in rounds[1]
    assert {"hug", "hugs", "bugs"} <= set(rounds[1])


def test_the_seeds_full_run_keeps_year_whole():
    for rule in ("kept", "always"):
        rounds = top_down_iterations(top_down_counts(), 2, subtract=rule)
        assert len(rounds) == 4
        assert encode_word("year", rounds[-1]) == ["year"]


def test_final_vocabulary_order():
    tokens = final_vocabulary(["[UNK]", "[PAD]", "[UNK]"], {"b", "a"}, {"##b": 4, "ab": 4, "zz": 9, "a": 1})
    assert tokens == ["[UNK]", "[PAD]", "a", "b", "zz", "##b", "ab"]


# --- step 6: the search ------------------------------------------------------------------------------


def fake_learner(sizes):
    return lambda threshold: ["t"] * sizes(threshold)


def test_search_stops_within_slack():
    tokens, steps, reason = search_threshold(fake_learner(lambda t: 1000 - t), 900, 1, 1000, 0.05)
    assert reason == "within slack"
    assert [(s.lower, s.upper, s.threshold) for s in steps][:2] == [(1, 1000, 500), (1, 499, 250)]
    assert 900 - 45 <= len(tokens) <= 900


def test_search_moves_up_when_too_big_and_may_end_too_big():
    tokens, steps, reason = search_threshold(fake_learner(lambda t: 50), 10, 3, 8)
    assert [(s.lower, s.upper, s.threshold) for s in steps] == [(3, 8, 5), (6, 8, 7), (8, 8, 8)]
    assert reason == "search range used up" and len(tokens) == 50


def test_search_stops_at_threshold_one_and_can_end_below_lower():
    _, steps, reason = search_threshold(fake_learner(lambda t: 5), 100, 1, 2)
    assert [s.threshold for s in steps] == [1] and reason == "threshold reached 1"
    _, steps, reason = search_threshold(fake_learner(lambda t: 5), 100, 1, 3)
    assert [s.threshold for s in steps] == [2, 1] and reason == "search range used up"
    _, steps, reason = search_threshold(fake_learner(lambda t: 5), 100, 10, 11)
    assert [s.threshold for s in steps] == [10, 9] and reason == "search range used up"


def test_negative_slack_counts_as_none():
    _, steps, reason = search_threshold(fake_learner(lambda t: 100 - t), 95, 1, 9, -1.0)
    assert reason == "within slack" and steps[-1].vocab_size == 95


def test_train_top_down_records_its_search():
    result = train_top_down({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 20, ["[UNK]"], lower_thresh=1)
    assert [(s.lower, s.upper, s.threshold, s.vocab_size) for s in result.steps] == [(4, 12, 8, 17), (4, 7, 5, 19)]
    assert result.threshold == 5 and result.stop_reason == "within slack"
    assert result.vocab().tokens == tuple(result.tokens)
    assert list(search_frame(result)["threshold"]) == [8, 5]


# --- the fast learner gives the readable steps' vocab -------------------------------------------------

words_strategy = st.dictionaries(
    st.text(alphabet="abcd", min_size=1, max_size=7), st.integers(min_value=1, max_value=40), min_size=1, max_size=14
)


@settings(max_examples=150, deadline=None)
@given(words_strategy, st.integers(min_value=1, max_value=45), st.integers(min_value=0, max_value=5))
def test_fast_learner_equals_the_readable_steps(counts, threshold, rounds):
    fast = FastTopDown(counts, ["[UNK]"], num_iterations=rounds).learn_with_threshold(threshold)
    assert fast == learn_with_threshold(counts, threshold, ["[UNK]"], num_iterations=rounds)


@settings(max_examples=100, deadline=None)
@given(words_strategy, st.integers(min_value=1, max_value=45))
def test_always_subtract_keeps_exactly_whole_words_and_endings(counts, threshold):
    assert threshold_pass(substring_counts(counts), threshold) == endings_closed_form(counts, threshold)


def test_fast_learner_with_huge_counts_stays_exact():
    big = 10**30
    counts = {"hug": 3 * big, "hugs": big + 1, "bugs": big}
    assert FastTopDown(counts, []).learn_with_threshold(big + 1) == learn_with_threshold(counts, big + 1, [])


def test_readable_method_refuses_words_starting_with_the_joiner():
    with pytest.raises(ValueError, match="starts with the joiner"):
        train_top_down({"##a": 3, "ba": 3}, 10, [], lower_thresh=1, method="readable")
    # The fast method keeps them apart as TensorFlow Text does (checked against it below).
    assert "##a" in learn({"##a": 3, "ba": 3}, 10, [], lower_thresh=1)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"vocab_size": 0}, ValueError, "vocab_size must be at least 1"),
        ({"upper_thresh": 0}, ValueError, "upper_thresh must be at least 1"),
        ({"lower_thresh": 2.5}, TypeError, "lower_thresh must be an int"),
        ({"max_input_tokens": -2}, ValueError, "max_input_tokens must be at least -1"),
        ({"max_token_length": 0}, ValueError, "max_token_length must be at least 1"),
        ({"max_unique_chars": -1}, ValueError, "max_unique_chars must be at least 0"),
        ({"num_iterations": -1}, ValueError, "num_iterations must be at least 0"),
        ({"slack_ratio": float("nan")}, ValueError, "slack_ratio must be a number"),
        ({"slack_ratio": "5%"}, TypeError, "slack_ratio must be a number"),
        ({"joiner": None}, TypeError, "joiner must be a str"),
        ({"include_joiner_token": "yes"}, TypeError, "include_joiner_token must be a bool"),
        ({"reserved_tokens": "[UNK]"}, TypeError, "reserved_tokens must be a list of str"),
        ({"word_counts": {}}, ValueError, "word_counts is empty"),
        ({"word_counts": {"hug": 0}}, ValueError, "count of 'hug' must be positive"),
    ],
)
def test_bad_arguments_are_named(kwargs, error, message):
    arguments = {"word_counts": {"hug": 10, "pug": 5}, "vocab_size": 20, "reserved_tokens": ["[UNK]"]} | kwargs
    with pytest.raises(error, match=message):
        learn(**arguments)


# --- identity with TensorFlow Text -------------------------------------------------------------------


@pytest.mark.parametrize("threshold", [1, 2, 3, 5])
def test_one_threshold_equals_tf_on_the_seed(tf, threshold):
    counts = top_down_counts()
    words = prepare_words(counts, RESERVED, max_token_length=50, max_unique_chars=1000, max_input_tokens=-1)
    expected = tf.learn_with_thresh(words, threshold, tf_params(tf))
    assert learn_with_threshold(words, threshold, RESERVED) == expected
    assert FastTopDown(words, RESERVED).learn_with_threshold(threshold) == expected


@pytest.mark.parametrize(
    "kwargs",
    [
        {"vocab_size": 60, "lower_thresh": 1},
        {"vocab_size": 100, "lower_thresh": 1, "num_iterations": 1},
        {"vocab_size": 40, "lower_thresh": 2, "slack_ratio": 0.5},
        {"vocab_size": 90, "lower_thresh": 1, "include_joiner_token": False},
        {"vocab_size": 90, "lower_thresh": 1, "joiner": "@@", "max_unique_chars": 12},
        {"vocab_size": 70, "lower_thresh": 1, "max_input_tokens": 20, "max_token_length": 5},
    ],
)
def test_learn_equals_tf_on_the_seeds_text(tf, kwargs):
    counts = top_down_counts()
    assert learn(counts, reserved_tokens=RESERVED, **kwargs) == tf.learn(
        dict(counts), reserved_tokens=RESERVED, **kwargs
    )
    cased = WordCounts.from_texts(TOP_DOWN_TEXT)
    assert learn(cased, reserved_tokens=RESERVED, **kwargs) == tf.learn(dict(cased), reserved_tokens=RESERVED, **kwargs)


@pytest.mark.parametrize(
    ("lowercase", "kwargs"),
    [
        # A narrow threshold range keeps TensorFlow Text's run to 2 or 3 thresholds (it needs ~0.5 s each).
        (True, {"vocab_size": 1500, "upper_thresh": 12}),
        (False, {"vocab_size": 3000, "lower_thresh": 2, "upper_thresh": 3}),
        (
            True,
            {
                "vocab_size": 1000,
                "lower_thresh": 20,
                "upper_thresh": 21,
                "max_input_tokens": 2000,
                "max_unique_chars": 30,
            },
        ),
    ],
)
def test_learn_equals_tf_on_the_book(tf, book_text, lowercase, kwargs):
    counts = WordCounts.from_texts(book_text, lowercase=lowercase)
    assert learn(counts, reserved_tokens=RESERVED, **kwargs) == tf.learn(
        dict(counts), reserved_tokens=RESERVED, **kwargs
    )


def test_readable_steps_equal_tf_on_the_book_at_one_threshold(tf, book_text):
    words = prepare_words(WordCounts.from_texts(book_text, lowercase=True), RESERVED)
    expected = tf.learn_with_thresh(words, 40, tf_params(tf, num_iterations=2))
    assert learn_with_threshold(words, 40, RESERVED, num_iterations=2) == expected
    assert FastTopDown(words, RESERVED, num_iterations=2).learn_with_threshold(40) == expected


@settings(max_examples=200, deadline=None)
@given(
    counts=st.dictionaries(
        st.text(alphabet="ab#x", min_size=1, max_size=7),
        st.integers(min_value=1, max_value=60),
        min_size=1,
        max_size=12,
    ),
    vocab_size=st.integers(min_value=1, max_value=40),
    upper=st.sampled_from([None, 1, 6, 40, 10_000_000]),
    lower=st.sampled_from([None, 0, 1, 3, 10]),
    rounds=st.integers(min_value=0, max_value=5),
    max_input_tokens=st.sampled_from([-1, 0, 2, 5]),
    max_token_length=st.sampled_from([1, 3, 50]),
    max_unique_chars=st.sampled_from([0, 2, 1000]),
    slack_ratio=st.sampled_from([0.0, 0.05, 0.5, -1.0]),
    joiner=st.sampled_from([("##", True), ("#", True), ("", True), ("##", False), ("x", True)]),
    reserved=st.sampled_from([[], ["[UNK]"], ["a", "[UNK]", "ab", "a"]]),
)
# lower_thresh above every count: TensorFlow Text tries the middle of the crossed range once (hypothesis found it).
@example(
    counts={"aa": 1, "#a": 1}, vocab_size=1, upper=None, lower=3, rounds=1, max_input_tokens=-1, max_token_length=3,
    max_unique_chars=2, slack_ratio=0.0, joiner=("##", True), reserved=[],
)  # fmt: skip
def test_learn_equals_tf_on_random_corpora(tf, counts, vocab_size, upper, lower, rounds, max_input_tokens,
                                           max_token_length, max_unique_chars, slack_ratio, joiner, reserved):  # fmt: skip
    """Words with '#' exercise words that start with the joiner, which TF counts apart from endings."""
    kwargs = dict(
        upper_thresh=upper,
        lower_thresh=lower,
        num_iterations=rounds,
        max_input_tokens=max_input_tokens,
        max_token_length=max_token_length,
        max_unique_chars=max_unique_chars,
        slack_ratio=slack_ratio,
        joiner=joiner[0],
        include_joiner_token=joiner[1],
    )
    assert learn(counts, vocab_size, reserved, **kwargs) == tf.learn(dict(counts), vocab_size, reserved, **kwargs)


def test_tf_keeps_only_whole_words_as_word_initial_tokens(tf, book_text):
    """The fact the fast learner rests on, seen in TensorFlow Text's own output."""
    counts = WordCounts.from_texts(book_text, lowercase=True)
    words = prepare_words(counts, RESERVED)
    tokens = tf.learn_with_thresh(words, 30, tf_params(tf, num_iterations=1))
    learned_starts = [t for t in tokens[len(RESERVED) :] if not t.startswith("##") and len(t) > 1]
    assert learned_starts and all(t in counts and counts[t] >= 30 for t in learned_starts)


# --- the command line --------------------------------------------------------------------------------


# --- the fetch tool (no network) ---------------------------------------------------------------------


def test_fetch_tool_takes_the_learner_out_of_a_wheel(tmp_path):
    wheel = tmp_path / "tensorflow_text-0.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr(fetch_tool.MEMBER, "def learn():\n    return 'stub'\n")
        archive.writestr("tensorflow_text/__init__.py", "import tensorflow\n")
    dest = fetch_tool.extract_learner(wheel, tmp_path / "cache" / "learner.py")
    assert fetch_tool.load_learner(dest).learn() == "stub"


def test_fetch_tool_reports_a_wheel_without_the_file(tmp_path):
    wheel = tmp_path / "other.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("x.py", "")
    with pytest.raises(fetch_tool.FetchError, match="has no tensorflow_text/tools"):
        fetch_tool.extract_learner(wheel, tmp_path / "learner.py")
    assert not (tmp_path / "learner.py").exists()


def test_fetch_tool_path_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv(fetch_tool.ENV_VAR, str(tmp_path / "l.py"))
    assert fetch_tool.learner_path() == tmp_path / "l.py"
    with pytest.raises(FileNotFoundError, match=r"run python tools/fetch_tf_text\.py"):
        fetch_tool.load_learner()
    present = tmp_path / "present.py"
    present.write_text("", encoding="utf-8")
    assert fetch_tool.fetch(present) == present  # already there: nothing is downloaded
