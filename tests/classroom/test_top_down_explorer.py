"""Notebook 05's widget (driven headless), plots and exercise checks."""

from __future__ import annotations

import itertools

import pytest
from check_helpers import fails_with
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib.classroom.top_down import (
    ThresholdExplorer,
    TopDownRounds,
    checks,
    log_thresholds,
    rounds_frame,
    rounds_text,
)
from wordpiece_lib.data import datasets
from wordpiece_lib.training import (
    final_vocabulary,
    learn_with_threshold,
    split_points,
    substring_counts,
    threshold_pass,
    top_down_iterations,
    word_characters,
)

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from wordpiece_lib.classroom.display.live_text import shown_text  # noqa: E402
from wordpiece_lib.classroom.top_down import plots as plots  # noqa: E402  (after choosing the Agg backend

#: Each test a fresh kernel: a set answer's check counts its tries (its feedback narrows for three)
pytestmark = pytest.mark.usefixtures("fresh_start")

HUMAN = {"human": 113, "humas": 3}
SURVIVORS = {"hug": 6, "hugs": 3, "bugs": 3, "bug": 1}
HUGGED = {"hug": 10, "hugs": 5, "hugged": 3}


def output_text(explorer: ThresholdExplorer) -> str:
    return shown_text(explorer.output)  # what the page shows, read back from the view's HTML


@pytest.fixture(scope="module")
def seed_rounds() -> TopDownRounds:
    return TopDownRounds(datasets.top_down_counts())


# ---------------------------------------------------------------- TopDownRounds


def test_human_rounds_by_hand():
    # Round 1 keeps human, ##uman, ##man, ##an (113 each, all >= 100) plus ##n; with [UNK] and the
    # characters h u m a n s, bare and with ##: 1 + 6 + 6 + 4 = 17. Round 2 counts only from human's
    # split point 0, so only human is learned: 14.
    rounds = TopDownRounds(HUMAN)
    first, second, *rest = rounds.vocabs(100)
    assert len(first) == 17 and {"human", "##uman", "##man", "##an"} <= set(first)
    assert set(first) - set(second) == {"##uman", "##man", "##an"}
    assert all(vocab == second for vocab in rest)
    assert rounds.split("human", 100, 1) == ["human"] and rounds.split("humas", 100) == [
        "h",
        "##u",
        "##m",
        "##a",
        "##s",
    ]


@pytest.mark.parametrize("threshold", [1, 2, 3, 5, 8])
def test_every_round_equals_the_readable_steps_on_the_seed_text(seed_rounds, threshold):
    counts = datasets.top_down_counts()
    readable = top_down_iterations(counts, threshold)
    characters = word_characters(counts)
    expected = [final_vocabulary(["[UNK]"], characters, tokens) for tokens in readable]
    assert seed_rounds.vocabs(threshold) == expected
    assert seed_rounds.size(threshold) == len(learn_with_threshold(counts, threshold, ["[UNK]"]))


words = st.text(alphabet="abcs", min_size=1, max_size=6)


@settings(max_examples=40, deadline=None)
@given(
    counts=st.dictionaries(words, st.integers(1, 20), min_size=1, max_size=8),
    threshold=st.integers(1, 25),
    rounds=st.integers(1, 4),
)
def test_every_round_equals_the_readable_steps_on_random_corpora(counts, threshold, rounds):
    explorer_rounds = TopDownRounds(counts, num_iterations=rounds, prepare=False)
    readable = top_down_iterations(counts, threshold, num_iterations=rounds)
    characters = word_characters(counts)
    assert explorer_rounds.vocabs(threshold) == [final_vocabulary(["[UNK]"], characters, r) for r in readable]


def test_rounds_filter_like_learn_unless_told_not_to():
    counts = {"[UNK]": 50, "hug": 4, "x" * 60: 2}
    assert TopDownRounds(counts).word_counts == {"hug": 4}
    assert len(TopDownRounds(counts, prepare=False).word_counts) == 3
    assert TopDownRounds(counts).bounds == (4, 4)


def test_sizes_frames(seed_rounds):
    frame = seed_rounds.sizes_frame([1, 3, 50])
    assert list(frame.columns) == ["threshold", "vocab_size"]
    assert list(frame["vocab_size"]) == [seed_rounds.size(1), seed_rounds.size(3), seed_rounds.size(50)]
    assert frame["vocab_size"].is_monotonic_decreasing
    by_round = seed_rounds.round_sizes_frame([2])
    assert list(by_round["round"]) == [1, 2, 3, 4]
    assert list(by_round["vocab_size"]) == [len(vocab) for vocab in seed_rounds.vocabs(2)]


def test_rounds_reject_bad_input():
    with pytest.raises(ValueError, match="word_counts is empty"):
        TopDownRounds({})
    with pytest.raises(ValueError, match="no word is left"):
        TopDownRounds({"[UNK]": 3})
    with pytest.raises(ValueError, match="num_iterations must be at least 1"):
        TopDownRounds(HUMAN, num_iterations=0)
    with pytest.raises(TypeError, match="prepare must be a bool"):
        TopDownRounds(HUMAN, prepare="yes")
    rounds = TopDownRounds(HUMAN)
    with pytest.raises(ValueError, match="threshold must be at least 1"):
        rounds.vocabs(0)
    with pytest.raises(ValueError, match="round_number must be between 1 and 4"):
        rounds.split("human", 100, 5)


# ---------------------------------------------------------------- log_thresholds, text and table


def test_log_thresholds_are_evenly_spaced_on_a_log_scale():
    stops = log_thresholds(1, 6404)
    assert stops[0] == 1 and stops[-1] == 6404
    assert stops == sorted(set(stops))
    assert 10 in stops and 100 in stops and 1000 in stops  # 6 per decade lands on the powers of ten
    ratios = [later / earlier for earlier, later in itertools.pairwise(stops[5:-1])]
    assert all(1.3 < ratio < 1.6 for ratio in ratios)  # 10 ** (1 / 6) = 1.47, up to rounding
    assert log_thresholds(7, 7) == [7]
    with pytest.raises(ValueError, match="upper must be at least lower"):
        log_thresholds(10, 5)


def test_rounds_frame_and_text_for_the_human_example():
    rounds = TopDownRounds(HUMAN)
    frame = rounds_frame(rounds, 100)
    assert list(frame["tokens"]) == [17, 14, 14, 14]
    assert list(frame["removed"]) == [0, 3, 0, 0]
    assert frame["some removed"][1] == "##uman ##man ##an"
    text = rounds_text(rounds, 100, ["humas"])
    assert text.splitlines()[0] == (
        "threshold 100: 14 tokens after 4 rounds (1 reserved, 6 characters, 6 ##characters, 1 learned)"
    )
    assert "(no change: the vocab has settled)" in text
    assert text.splitlines()[-1].split() == ["humas", *["h", "##u", "##m", "##a", "##s"] * 2]


# ---------------------------------------------------------------- the widget, headless


def test_explorer_starts_at_the_asked_threshold(seed_rounds):
    explorer = ThresholdExplorer(seed_rounds, words=["shells", "surfer"], threshold=3)
    assert explorer.threshold == 3 and 3 in explorer.thresholds
    assert explorer.text == rounds_text(seed_rounds, 3, ["shells", "surfer"])
    assert output_text(explorer).strip() == explorer.text
    assert f"threshold 3: {seed_rounds.size(3)} tokens" in explorer.text


def test_explorer_slider_buttons_and_words(seed_rounds):
    explorer = ThresholdExplorer(seed_rounds, words=["shells"], threshold=2)
    explorer.slider.value = 1
    assert explorer.threshold == 1 and explorer.lower.disabled
    assert explorer.text.startswith(f"threshold 1: {seed_rounds.size(1)} tokens")
    explorer.lower.click()
    assert explorer.threshold == 1
    explorer.higher.click()
    assert explorer.threshold == explorer.thresholds[1]
    for _ in explorer.thresholds:
        explorer.higher.click()
    assert explorer.threshold == explorer.thresholds[-1] and explorer.higher.disabled
    assert explorer.text.startswith(f"threshold {explorer.thresholds[-1]}:")
    explorer.words_box.value = "fishing, surf"
    assert explorer.words == ["fishing", "surf"]
    last_line = explorer.text.splitlines()[-1].split()
    assert last_line[0] == "surf" and output_text(explorer).strip() == explorer.text
    explorer.go(2)
    assert explorer.threshold == 2


def test_explorer_on_plain_counts_and_own_stops():
    explorer = ThresholdExplorer(HUMAN, thresholds=[100, 3, 50], words=["human"])
    assert explorer.thresholds == [3, 50, 100] and explorer.threshold == 50
    explorer.go(90)
    assert explorer.threshold == 100
    assert "human" in explorer.text.splitlines()[-1]
    with pytest.raises(ValueError, match="thresholds is empty"):
        ThresholdExplorer(HUMAN, thresholds=[])
    with pytest.raises(ValueError, match="threshold must be at least 1"):
        ThresholdExplorer(HUMAN, threshold=0)


# ---------------------------------------------------------------- plots


def test_threshold_curve(seed_rounds):
    sizes = seed_rounds.sizes_frame([1, 2, 3, 5, 8])
    result_steps = [step for step in _search_steps()]
    figure = plots.threshold_curve(sizes, steps=result_steps, target=60, marked=3)
    axes = figure.axes[0]
    assert axes.get_xscale() == "log" and axes.get_yscale() == "log"
    labels = [text.get_text() for text in axes.texts]
    assert labels == ["target 60", *(str(n) for n in range(1, len(result_steps) + 1))]
    legend = [text.get_text() for text in axes.get_legend().get_texts()]
    assert f"threshold 3: {seed_rounds.size(3)} tokens" in legend
    x, y = axes.lines[0].get_data()
    assert list(x) == [1, 2, 3, 5, 8] and list(y) == list(sizes["vocab_size"])


def _search_steps():
    from wordpiece_lib import train_top_down

    return train_top_down(datasets.top_down_counts(), 60, ["[UNK]"], lower_thresh=1).steps


def test_round_sizes_draws_one_line_per_threshold(seed_rounds):
    frame = seed_rounds.round_sizes_frame([1, 2])
    axes = plots.round_sizes(frame).axes[0]
    assert [line.get_label() for line in axes.lines if line.get_label().startswith("threshold")] == [
        "threshold 1",
        "threshold 2",
    ]
    # Each line is labelled where it ends (lowest first), with its threshold and its last size.
    assert sorted(text.get_text() for text in axes.texts) == [f"t={t}: {seed_rounds.size(t):,}" for t in (1, 2)]


def test_plots_reject_bad_frames(seed_rounds):
    import pandas as pd

    with pytest.raises(TypeError, match="columns threshold, vocab_size"):
        plots.threshold_curve(pd.DataFrame({"t": [1]}))
    with pytest.raises(ValueError, match="frame is empty"):
        plots.round_sizes(pd.DataFrame(columns=["threshold", "round", "vocab_size"]))
    with pytest.raises(ValueError, match="marked=4 is not one of the thresholds"):
        plots.threshold_curve(seed_rounds.sizes_frame([1, 3]), marked=4)


# ---------------------------------------------------------------- checks: effective count


def test_effective_count_expected_value_is_the_hand_calculation():
    # hug is counted 18 times; hugs gives back 5 and hugged 3 (hugge and hugg are then left with 0).
    totals = substring_counts(HUGGED)
    assert totals["hug"] == 18
    assert threshold_pass(totals, 4)["hug"] == 10


# ---------------------------------------------------------------- checks: surviving substrings


def test_surviving_substrings_strict_keep_rule_is_named():
    # At threshold 6, TensorFlow Text keeps hug (6); keeping only counts above 6 drops it.
    totals = substring_counts(SURVIVORS)
    strict = set(threshold_pass(totals, 7))
    assert "count >= threshold" in fails_with(checks.check_surviving_substrings, strict, SURVIVORS, 6)


# ---------------------------------------------------------------- checks: split points


def not_started(word, vocab):
    raise NotImplementedError("your turn")


def test_split_points_cases_come_from_the_seed():
    # The seed: with its 33 tokens, shells -> she ##l ##l ##s, split points [0, 3, 4, 5]; fishing cannot be split.
    seed_vocab = threshold_pass(substring_counts(datasets.top_down_counts()), 3, subtract="kept")
    assert split_points("shells", seed_vocab) == [0, 3, 4, 5]
    assert split_points("fishing", seed_vocab) is None


# ---------------------------------------------------------------- checks: threshold for a size
