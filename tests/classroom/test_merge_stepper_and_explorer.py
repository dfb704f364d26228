"""Widgets driven headless: set values, click buttons, read what they show."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wordpiece_lib import Vocab, encode_word, train_bottom_up
from wordpiece_lib.classroom.display import shown_text
from wordpiece_lib.classroom.encoding import LongestMatchExplorer, attempts_frame
from wordpiece_lib.classroom.merge_steps import MergeStepper, step_text
from wordpiece_lib.data import datasets

pytest.importorskip("ipywidgets")


@pytest.fixture(scope="module")
def hug_trace():
    return train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"], top_k=6)


def output_text(widget) -> str:
    return shown_text(widget.output)  # what the page shows, read back from the view's HTML


def test_stepper_starts_before_any_merge(hug_trace):
    stepper = MergeStepper(hug_trace)
    assert stepper.step == 0
    assert "Before any merge" in stepper.text
    assert "hugs   x5   h ##u ##g ##s" in stepper.text
    assert stepper.first.disabled and stepper.previous.disabled and not stepper.next.disabled
    assert output_text(stepper).strip() == stepper.text


def test_stepper_buttons_walk_the_course_example(hug_trace):
    stepper = MergeStepper(hug_trace)
    stepper.next.click()
    assert stepper.text.startswith("Merge 1 of 9: ##g + ##s -> ##gs")
    assert "hugs   x5   h ##u ##gs" in stepper.text
    stepper.next.click()
    stepper.next.click()
    assert stepper.step == 3
    assert "hu + ##gs -> hugs" in stepper.text and "1/15" in stepper.text
    assert "hugs   x5   hugs" in stepper.text
    # the chart shows this step's candidates, the winner marked, the runner-up (hu, ##g) at 2/45
    assert "hu + ##gs" in stepper.chart and "(chosen)" in stepper.chart and "2/45" in stepper.chart
    stepper.previous.click()
    assert stepper.step == 2 and "h + ##u -> hu" in stepper.text
    assert stepper.chart.count("(tied)") == 5  # six pairs share 1/36 at step 2


def test_stepper_ends_are_harmless(hug_trace):
    stepper = MergeStepper(hug_trace)
    stepper.previous.click()
    stepper.first.click()
    assert stepper.step == 0
    stepper.last.click()
    assert stepper.step == len(hug_trace.steps)
    assert "Training stopped here: every word is a single token" in stepper.text
    assert stepper.next.disabled and stepper.last.disabled
    stepper.next.click()
    stepper.last.click()
    assert stepper.step == len(hug_trace.steps)
    stepper.go(10_000)
    assert stepper.step == len(hug_trace.steps)
    stepper.go(-5)
    assert stepper.step == 0


def test_number_box_and_static_text_agree(hug_trace):
    stepper = MergeStepper(hug_trace, words=["hugs", "bugs"])
    for step in range(len(hug_trace.steps) + 1):
        stepper.slider.value = step  # what typing a number (or an arrow key) in the box does
        assert stepper.text == step_text(hug_trace, step, ["hugs", "bugs"])
    assert "bugs   (not in corpus)" in stepper.text
    # A number typed past the end stops at the last merge, as the slider did.
    stepper.slider.value = 99
    assert stepper.step == len(hug_trace.steps) and stepper.next.disabled
    assert stepper.text == step_text(hug_trace, len(hug_trace.steps), ["hugs", "bugs"])


def test_stepper_shows_what_the_trace_recorded():
    # Tamper with a recorded step: the stepper must show the record, not recompute it.
    import dataclasses

    trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"], top_k=3)
    trace.steps[0] = dataclasses.replace(trace.steps[0], score=Fraction(7, 9))
    stepper = MergeStepper(trace)
    stepper.next.click()
    assert "= 7/9 =" in stepper.text


def test_stepper_without_candidates_says_how_to_get_them():
    trace = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"])
    stepper = MergeStepper(trace)
    stepper.next.click()
    assert "top_k" in stepper.chart


def test_stepper_rejects_bad_input(hug_trace):
    with pytest.raises(TypeError, match="trace must be a Trace"):
        MergeStepper({"hug": 1})
    with pytest.raises(ValueError, match="step must be between 0 and 9"):
        step_text(hug_trace, 10)


def test_explorer_steps_through_lookups(hug_trace):
    vocab = hug_trace.vocab()
    explorer = LongestMatchExplorer(vocab, "bugs")
    assert explorer.slider.max == 4
    assert "lookup 1: 'bugs'" in explorer.text and "lookup 2" not in explorer.text
    explorer.next.click()
    explorer.next.click()
    assert "lookup 3: 'bu'" in explorer.text and "FOUND, continue at 2" in explorer.text
    explorer.next.click()
    assert "Result: bu ##gs" in explorer.text
    explorer.next.click()  # past the end: nothing happens
    assert explorer.slider.value == 4 and explorer.next.disabled
    assert output_text(explorer).strip() == explorer.text


def test_explorer_explains_unk_and_long_words(hug_trace):
    vocab = hug_trace.vocab()
    explorer = LongestMatchExplorer(vocab, "hugs")
    explorer.word_box.value = "bum"
    explorer.slider.value = explorer.slider.max
    assert "Nothing in the vocab starts at position 2" in explorer.text
    assert "WHOLE word becomes [UNK]" in explorer.text
    assert explorer.tokens == encode_word("bum", vocab) == ["[UNK]"]
    explorer.word_box.value = "h" + "u" * 100
    assert "longer than 100 characters" in explorer.text
    explorer.word_box.value = ""
    assert explorer.text == "Type a word above."
    explorer.previous.click()
    assert explorer.slider.value == 0


def test_attempts_frame_matches_longest_match():
    vocab = Vocab(["[UNK]", "b", "##u", "##gs", "bu"])
    frame = attempts_frame("bugs", vocab)
    assert frame["tried"].tolist() == ["bugs", "bug", "bu", "##gs"]
    assert frame["found"].tolist() == [False, False, True, True]
