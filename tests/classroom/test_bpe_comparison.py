"""Notebook 06's widget (driven headless), plots and exercise checks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from check_helpers import fails_with, skips

from wordpiece_lib import datasets, encode_with_merges, train_fast
from wordpiece_lib.classroom.bpe_comparison import checks
from wordpiece_lib.classroom.bpe_comparison.tables import combination_fertility_points
from wordpiece_lib.classroom.bpe_comparison.widgets import ParallelGrowth, frequent_words, growth_text
from wordpiece_lib.classroom.exercise import TODO

pytest.importorskip("ipywidgets")
matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

from wordpiece_lib.classroom.bpe_comparison import plots as plots  # noqa: E402  (after choosing the Agg backend

HUG_PUG = dict(datasets.HUG_PUG_COUNTS)


@pytest.fixture(scope="module")
def toy():
    return train_fast(HUG_PUG, 100, special_tokens=["[UNK]"]), train_fast(
        HUG_PUG, 100, special_tokens=["[UNK]"], criterion="bpe"
    )


def output_text(widget: ParallelGrowth) -> str:
    return "".join(item.get("text", "") for item in widget.output.outputs)


# ---------------------------------------------------------------- growth_text and the widget


def test_growth_text_by_hand(toy):
    text = growth_text(*toy, 1, "hugs")
    lines = text.splitlines()
    assert lines[0] == "after 1 merge of each"
    assert "##g + ##s -> ##gs" in lines[3] and "##u + ##g -> ##ug" in lines[3]
    assert "(count 5, score 1/20)" in lines[4] and "(count 20)" in lines[4]
    assert lines[-2].split() == ["WordPiece", "score", "h", "##u", "##gs", "h", "##u", "##gs"]
    assert lines[-1].split() == ["BPE", "count", "h", "##ug", "##s", "h", "##ug", "##s"]
    # past BPE's 7 merges, BPE stays at its end
    assert growth_text(*toy, 8).splitlines()[0] == "after 8 merges of WordPiece score, 7 of BPE count (all it learned)"
    assert "(no merge yet)" in growth_text(*toy, 0)
    with pytest.raises(ValueError, match="step must be between 0 and 9"):
        growth_text(*toy, 10)
    with pytest.raises(TypeError, match="bpe must be a Trace"):
        growth_text(toy[0], None, 1)


def test_widget_headless(toy):
    growth = ParallelGrowth(*toy, word="pugs", step=0)
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


def test_widget_defaults_and_errors(toy):
    growth = ParallelGrowth(*toy)
    assert list(growth.picker.options[1:]) == frequent_words(toy[0]) == ["hugs"]
    assert growth.word == "hugs"
    assert frequent_words(toy[0], 3, min_length=3) == ["pun", "hug", "pug"]
    with pytest.raises(ValueError, match="step must be between 0 and 9"):
        ParallelGrowth(*toy, step=10)
    with pytest.raises(ValueError, match=r"words\[\.\.\.\]"):
        ParallelGrowth(*toy, words=[""])


# ---------------------------------------------------------------- plots


def test_fertility_curves(toy):
    frame = combination_fertility_points(*toy, {"pugs": 1, "mug": 1}, [8, 12])
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


def test_first_merges_plot(toy):
    figure = plots.first_merges(*toy, 30)
    left, right = figure.axes
    assert left.get_title() == "WordPiece score: first 9 merges"
    assert right.get_title() == "BPE count: first 7 merges"
    labels = {text.get_text().split()[0]: text.get_color() for text in right.texts}
    assert labels["hug"] == plots.WINNER_COLOUR  # WordPiece learns hug too
    assert labels["##ug"] == "black"
    assert [patch.get_width() for patch in right.patches] == [20, 16, 15, 12, 5, 5, 4]
    with pytest.raises(TypeError, match="wordpiece must be a Trace"):
        plots.first_merges(None, toy[1])


# ---------------------------------------------------------------- checks


def test_check_first_bpe_merge():
    checks.check_first_bpe_merge(("##u", "##g"), HUG_PUG)
    assert "not done yet" in skips(checks.check_first_bpe_merge, TODO, HUG_PUG)
    assert "WordPiece's first merge" in fails_with(checks.check_first_bpe_merge, ("##g", "##s"), HUG_PUG)
    assert "('p', '##u') occurs 17 times (5 + 12, in pug and pun)" in fails_with(
        checks.check_first_bpe_merge, ("p", "##u"), HUG_PUG
    )
    assert "not the new token '##ug'" in fails_with(checks.check_first_bpe_merge, "##ug", HUG_PUG)
    assert "inside a word, letters carry '##' (hug -> h ##u ##g)" in fails_with(
        checks.check_first_bpe_merge, ("u", "g"), HUG_PUG
    )
    assert "the first letter of a word has no '##'" in fails_with(checks.check_first_bpe_merge, ("##h", "##u"), HUG_PUG)
    assert "never stand side by side" in fails_with(checks.check_first_bpe_merge, ("##g", "##u"), HUG_PUG)
    # a tie: a ##b and c ##d occur once each; the 'first' tie-break takes a ##b, met first
    assert "a tie" in fails_with(checks.check_first_bpe_merge, ("c", "##d"), {"ab": 1, "cd": 1})


def test_check_merge_replay():
    checks.check_merge_replay(encode_with_merges)
    assert "not done yet" in skips(checks.check_merge_replay, TODO)

    def not_started(word, merges):
        raise NotImplementedError("your turn")

    assert "not done yet" in skips(checks.check_merge_replay, not_started)

    def leftmost_first(word, merges):
        """Merges the leftmost learned pair instead of the earliest learned one."""
        pieces = [word[0], *("##" + c for c in word[1:])]
        learned = set(map(tuple, merges))
        while True:
            for i in range(len(pieces) - 1):
                if (pieces[i], pieces[i + 1]) in learned:
                    pieces[i : i + 2] = [pieces[i] + pieces[i + 1].removeprefix("##")]
                    break
            else:
                return pieces

    message = fails_with(checks.check_merge_replay, leftmost_first)
    assert "learned FIRST" in message or "longest match" in message

    def stops_early(word, merges):
        return encode_with_merges(word, merges[:1])

    assert "still side by side" in fails_with(checks.check_merge_replay, stops_early)
    assert "spell the word again" in fails_with(checks.check_merge_replay, lambda word, merges: ["x"])
    assert "return a list" in fails_with(checks.check_merge_replay, lambda word, merges: word)
    assert "crashed with ZeroDivisionError" in fails_with(checks.check_merge_replay, lambda word, merges: 1 / 0)


def test_check_encoders_differ(toy):
    wordpiece, bpe = toy
    checks.check_encoders_differ("pugs", wordpiece)
    assert "not done yet" in skips(checks.check_encoders_differ, TODO, wordpiece)
    assert "cut the same way by both: hugs" in fails_with(checks.check_encoders_differ, "hugs", wordpiece)
    assert "pugs' is cut the same way" in fails_with(checks.check_encoders_differ, "pugs", bpe)
    assert "not a character of the corpus" in fails_with(checks.check_encoders_differ, "mugs", wordpiece)
    assert "one word" in fails_with(checks.check_encoders_differ, "hug pug", wordpiece)
    assert "cannot be spelled" in fails_with(checks.check_encoders_differ, "uh", wordpiece)
    # fewer merges: before pug is learned (step 8) the two agree on pugs
    assert "cut the same way" in fails_with(checks.check_encoders_differ, "pugs", wordpiece, 7)


def test_check_jaccard(toy):
    first, second = toy[0].tokens(), toy[1].tokens()
    checks.check_jaccard(Fraction(13, 19), first, second)
    checks.check_jaccard(13 / 19, first, second)
    assert "not done yet" in skips(checks.check_jaccard, TODO, first, second)
    assert "size of the first vocab (17)" in fails_with(checks.check_jaccard, Fraction(13, 17), first, second)
    assert "size of the second vocab (15)" in fails_with(checks.check_jaccard, Fraction(13, 15), first, second)
    assert "count them once" in fails_with(checks.check_jaccard, Fraction(13, 32), first, second)
    assert "a Fraction" in fails_with(checks.check_jaccard, "13/19", first, second)
