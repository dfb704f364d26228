"""Notebook 06's widget (driven headless), plots and exercise checks."""

from __future__ import annotations

import pytest

from wordpiece_lib import train_fast
from wordpiece_lib.analysis import longest_match_encoder, merge_replay_encoder
from wordpiece_lib.classroom.bpe_comparison import (
    GrowingEncoders,
    ParallelGrowth,
    combination_fertility_points,
    frequent_words,
    growth_text,
)
from wordpiece_lib.data import datasets

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from wordpiece_lib.classroom import display  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import plots as plots  # noqa: E402  (after choosing the Agg backend
from wordpiece_lib.classroom.display import shown_text  # noqa: E402


def output_text(widget: ParallelGrowth) -> str:
    return shown_text(widget.output)  # what the page shows, read back from the view's HTML


# ---------------------------------------------------------------- growth_text and the widget


def _same_as_the_reference_encoders(trace, steps, words):
    encoders = GrowingEncoders(trace)
    for step in steps:
        longest, replay = longest_match_encoder(trace, step), merge_replay_encoder(trace, step)
        assert encoders.sizes[step] == len(trace.tokens(step)), step
        for word in words:
            assert encoders.longest_match(word, step) == longest(word), (step, word)
            assert encoders.merge_replay(word, step) == replay(word), (step, word)


def test_growing_encoders_cut_as_the_encoders_built_for_each_step(hug_pug_traces):
    words = [*dict(datasets.HUG_PUG_COUNTS), "mug", "hugger", "pugs", "x", "bunhug"]
    for trace in hug_pug_traces:
        _same_as_the_reference_encoders(trace, range(len(trace.steps) + 1), words)


def test_growing_encoders_on_a_book_trace():
    from wordpiece_lib import WordCounts, load_book

    counts = WordCounts.from_texts(load_book("treasure-island"), lowercase=True)
    words = [*frequent_words(train_fast(counts, 400), 25), "ωmega", "zzyzx", "hispaniola's"]
    for criterion in ("wordpiece", "bpe"):
        trace = train_fast(counts, 1_500, special_tokens=["[UNK]"], criterion=criterion)
        steps = sorted({*range(0, len(trace.steps), 97), len(trace.steps)})
        _same_as_the_reference_encoders(trace, steps, words)


def test_growth_text_by_hand(hug_pug_traces):
    text = growth_text(*hug_pug_traces, 1, "hugs")
    lines = text.splitlines()
    assert lines[0] == "after 1 merge of each"
    assert "##g + ##s -> ##gs" in lines[3] and "##u + ##g -> ##ug" in lines[3]
    assert "(count 5, score 1/20)" in lines[4] and "(count 20)" in lines[4]
    assert lines[-2].split() == ["WordPiece", "score", "h", "##u", "##gs", "h", "##u", "##gs"]
    assert lines[-1].split() == ["BPE", "count", "h", "##ug", "##s", "h", "##ug", "##s"]
    # past BPE's 7 merges, BPE stays at its end
    assert (
        growth_text(*hug_pug_traces, 8).splitlines()[0]
        == "after 8 merges of WordPiece score, 7 of BPE count (all it learned)"
    )
    assert "(no merge yet)" in growth_text(*hug_pug_traces, 0)
    with pytest.raises(ValueError, match="step must be between 0 and 9"):
        growth_text(*hug_pug_traces, 10)
    with pytest.raises(TypeError, match="bpe must be a Trace"):
        growth_text(hug_pug_traces[0], None, 1)


def test_widget_headless(hug_pug_traces):
    growth = ParallelGrowth(*hug_pug_traces, word="pugs", step=0)
    assert growth.previous.disabled and not growth.next.disabled
    assert "p ##u ##g ##s" in output_text(growth)
    growth.slider.value = 9  # WordPiece's last merge: pug, longest match and replay now differ
    text = output_text(growth)
    assert growth.next.disabled
    assert "WordPiece score    pug ##s" in text and "pu ##gs" in text
    growth.previous.click()
    assert growth.step == 8
    growth.next.click()
    growth.next.click()  # stops at the end
    assert growth.step == 9
    growth.word_box.value = "bugs"
    assert "'bugs'" in output_text(growth) and "b ##ug ##s" in output_text(growth)
    growth.picker.value = "hugs"
    assert growth.word == "hugs" and "'hugs'" in output_text(growth)
    growth.go(-5)
    assert growth.step == 0 and growth.text == output_text(growth).rstrip("\n")


def test_widget_defaults_and_errors(hug_pug_traces):
    growth = ParallelGrowth(*hug_pug_traces)
    assert list(growth.picker.options[1:]) == frequent_words(hug_pug_traces[0]) == ["hugs"]
    assert growth.word == "hugs"
    assert frequent_words(hug_pug_traces[0], 3, min_length=3) == ["pun", "hug", "pug"]
    with pytest.raises(ValueError, match="step must be between 0 and 9"):
        ParallelGrowth(*hug_pug_traces, step=10)
    with pytest.raises(ValueError, match=r"words\[\.\.\.\]"):
        ParallelGrowth(*hug_pug_traces, words=[""])


# ---------------------------------------------------------------- plots


def test_fertility_curves(hug_pug_traces):
    frame = combination_fertility_points(*hug_pug_traces, {"pugs": 1, "mug": 1}, [8, 12])
    figure = plots.combination_fertility_curves(frame, marked=(12,))
    axes = figure.axes[0]
    labels = [line.get_label() for line in axes.get_lines() if not line.get_label().startswith("_")]
    assert labels == [
        "WordPiece score / longest match",
        "WordPiece score / merge replay",
        "BPE count / longest match",
        "BPE count / merge replay",
    ]
    assert axes.get_xscale() == "log"
    with pytest.raises(TypeError, match="combination_fertility_points"):
        plots.combination_fertility_curves({"a": 1})
    with pytest.raises(ValueError, match="empty"):
        plots.combination_fertility_curves(frame.iloc[:0])


def test_first_merges_plot(hug_pug_traces):
    figure = plots.first_merges(*hug_pug_traces, 30)
    left, right = figure.axes
    assert left.get_title() == "WordPiece score: first 9 merges"
    assert right.get_title() == "BPE count: first 7 merges"
    labels = {text.get_text().removeprefix("• ").split()[0]: text for text in right.texts}
    # WordPiece learns hug too: red, bold and marked with a dot, so colour is not the only cue.
    assert labels["hug"].get_color() == display.WINNER_COLOUR and labels["hug"].get_text().startswith("• ")
    assert labels["hug"].get_fontweight() == "bold"
    assert labels["##ug"].get_color() == "black" and labels["##ug"].get_fontweight() == "normal"
    alt = figure.description.summary
    assert "tokens are learned by both" in alt and "hug" in alt and "(20)" in alt
    assert [patch.get_width() for patch in right.patches] == [20, 16, 15, 12, 5, 5, 4]
    with pytest.raises(TypeError, match="wordpiece must be a Trace"):
        plots.first_merges(None, hug_pug_traces[1])


# ---------------------------------------------------------------- checks
