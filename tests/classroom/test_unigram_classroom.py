"""Notebook 12's classroom: the Viterbi steps, the sampling table, the tables, the figures and widgets.

Every expected value comes from the core run in the same test (``best_path``,
``cut_probability``, ``removal_losses``, ``train_unigram``) or from fractions
worked out by hand from the course's counts, never from a stored copy.
"""

from __future__ import annotations

import io
import math
import random
from fractions import Fraction

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("pandas")

import matplotlib

matplotlib.use("Agg")

from matplotlib.text import Text

from wordpiece_lib.classroom.unigram import (
    SamplingExplorer,
    ViterbiStepper,
    cut_fraction,
    cuts_frame,
    every_cut,
    overlap_frame,
    plots,
    removal_frame,
    rounds_frame,
    sample_counts,
    sampling_frame,
    surface,
    three_way_frame,
    trained_unigram,
    unigram_rounds,
    viterbi_steps,
    viterbi_text,
)
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.training import (
    corpus_loss,
    model_from_frequencies,
    removal_losses,
    substring_frequencies,
    train_unigram,
)

COURSE = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}


@pytest.fixture(scope="module")
def first_vocab() -> UnigramModel:
    return model_from_frequencies(substring_frequencies(COURSE))


@pytest.mark.parametrize("fuse_unk", [True, False])
def test_sample_counts_are_the_draws_of_model_sample(first_vocab, fuse_unk):
    """The same draws, one by one, as calling UnigramModel.sample with the same seed (unknown characters too)."""
    model = UnigramModel(list(zip(first_vocab.pieces, first_vocab.scores)), fuse_unk=fuse_unk)
    rng = random.Random(3)
    words = [
        "hugs",
        "bunhugs",
        "pug",
        "xx",
        "hxxug",
        *("".join(rng.choice("hugpnbsx") for _ in range(6)) for _ in range(8)),
    ]
    for word in words:
        for alpha, seed in [(0.0, 0), (0.5, 1), (1.0, 7), (3.3, 2)]:
            draws = random.Random(seed)
            expected: dict[str, int] = {}
            for _ in range(300):
                key = " ".join(model.sample(word, alpha, draws).pieces)
                expected[key] = expected.get(key, 0) + 1
            assert sample_counts(model, word, alpha, 300, seed) == expected, (word, alpha, seed)


def test_viterbi_steps_end_where_best_path_ends(first_vocab):
    rng = random.Random(12)
    for _ in range(300):
        word = "".join(rng.choice("hugpnbsx") for _ in range(rng.randint(1, 9)))
        last = viterbi_steps(first_vocab, word)[-1]
        cut = first_vocab.best_path(word)
        assert last.total == cut.score, word
        if "x" not in word:  # best_path fuses neighbouring unknown characters; the steps keep them apart
            assert last.best == cut.pieces, word


def test_each_step_keeps_the_best_total_of_the_pieces_ending_there(first_vocab):
    for step in viterbi_steps(first_vocab, "bunhugs"):
        totals = [candidate.total for candidate in step.candidates]
        assert step.candidates[step.chosen].total == max(totals) == step.total
        assert all(candidate.start + len(candidate.piece) == step.end for candidate in step.candidates)
        # a tie goes to the piece met first (the earliest start), as best_path's strict '>' does
        assert step.chosen == totals.index(max(totals))


def test_the_text_view_names_the_kept_piece_and_the_best_cut(first_vocab):
    text = viterbi_text(first_vocab, "pug", 3)
    kept = next(line for line in text.splitlines() if "<- kept" in line)
    assert kept.split()[0] == first_vocab.best_path("pug").pieces[-1]
    assert "best cut of the word: " + " ".join(first_vocab.best_path("pug").pieces) in text
    with pytest.raises(ValueError, match="position must be between 1 and 3"):
        viterbi_text(first_vocab, "pug", 4)


def test_the_course_figures_by_hand(first_vocab):
    frequencies = substring_frequencies(COURSE)
    assert sum(frequencies.values()) == 210
    frame = cuts_frame(first_vocab, "pug", frequencies)
    by_hand = {
        "p ug": Fraction(17 * 20, 210**2),
        "pu g": Fraction(17 * 20, 210**2),
        "p u g": Fraction(17 * 36 * 20, 210**3),
    }
    assert dict(zip(frame["cut"], frame["probability"])) == by_hand
    assert cut_fraction(["b", "ugs"], frequencies) == Fraction(4 * 5, 210 * 210) == Fraction(1, 2205)
    assert len(every_cut("bugs", frequencies)) == len(cuts_frame(first_vocab, "bugs"))


def test_the_removal_table_is_the_cores_losses_least_first(first_vocab):
    frame = removal_frame(first_vocab, COURSE)
    losses = removal_losses(first_vocab, COURSE)
    assert sorted(frame["piece"]) == sorted(losses)
    assert list(frame["loss increase"]) == sorted(frame["loss increase"])
    assert frame.iloc[-1]["piece"] == "hug" and frame.iloc[-1]["loss increase"] == pytest.approx(
        10 * -math.log(20 / 210)
    )


def test_training_step_by_step(first_vocab):
    rounds = unigram_rounds(COURSE, first_vocab, 9)
    frame = rounds_frame(rounds)
    assert frame["loss"].iloc[0] == pytest.approx(corpus_loss(first_vocab, COURSE))
    assert list(frame["kind"][:4]) == ["start", "em", "em", "prune"]
    assert len(rounds[-1].model) <= 9 * 11 // 10
    # EM never raises the loss of the best cuts on this corpus, and a pruning never adds pieces
    assert all(b <= a + 1e-9 for a, b, kind in zip(frame["loss"], frame["loss"][1:], frame["kind"][1:]) if kind == "em")
    assert all(b <= a for a, b in zip(frame["vocab_size"], frame["vocab_size"][1:]))


def test_the_sampling_table_against_cut_probability(first_vocab):
    frame = sampling_frame(first_vocab, "hugs", [0.0, 1.0, 3.0], samples=400)
    for alpha, rows in frame.groupby("alpha"):
        assert rows["chance"].sum() == pytest.approx(1.0)
        assert rows["sampled"].sum() == pytest.approx(1.0)
        for row in rows.itertuples():
            assert row.chance == pytest.approx(first_vocab.cut_probability("hugs", row.cut.split(), alpha))
    flat = frame[frame["alpha"] == 0.0]["chance"]
    assert flat.tolist() == pytest.approx([1 / len(flat)] * len(flat))
    assert frame.equals(sampling_frame(first_vocab, "hugs", [0.0, 1.0, 3.0], samples=400))  # the same on every run


def test_the_cached_book_model_is_the_trainers_and_survives_a_new_process(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDPIECE_DATA_DIR", str(tmp_path))
    corpus = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}
    model = trained_unigram(corpus, 10)
    reference = train_unigram(corpus, 10).model
    assert model.pieces == reference.pieces and model.scores == reference.scores
    files = list((tmp_path / "unigram").glob("*.json"))
    assert len(files) == 1
    from wordpiece_lib.classroom.unigram import tables

    tables._MODELS.clear()  # as a new kernel: the model comes from the file
    again = trained_unigram(corpus, 10)
    assert again.pieces == reference.pieces and again.scores == reference.scores
    files[0].write_text("{not json", encoding="utf-8")  # damaged: trained again and replaced
    tables._MODELS.clear()
    assert trained_unigram(corpus, 10).pieces == reference.pieces
    assert trained_unigram(corpus, 11) is not again  # another size, another key


def test_three_way_tables():
    encoders = {"letters": list, "whole": lambda word: [word]}
    frame = three_way_frame(encoders, {"hug": 3, "a": 1})
    assert frame.loc["letters", "tokens per word"] == (3 * 3 + 1) / 4
    assert frame.loc["whole", "words cut"] == 0
    assert surface(["[UNK]", "hug", "##hug", "##s"], specials=["[UNK]"]) == {"hug", "s"}
    table = overlap_frame({"a": {"x", "y"}, "b": {"y"}})
    assert table.loc["a", "b"] == table.loc["b", "a"] == 0.5 and table.loc["a", "a"] == 1.0


def drawn_texts(figure) -> list[str]:
    figure.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    texts = []
    for text in figure.findobj(Text):
        shown, is_math = text._preprocess_math(text.get_text())
        assert not is_math, f"{text.get_text()!r} would be drawn as a formula"
        texts.append(shown)
    return texts


def test_every_figure_says_what_it_shows(first_vocab):
    lattice = plots.lattice(first_vocab, "hugs")
    best = " ".join(first_vocab.best_path("hugs").pieces)
    assert f"the best cut is {best}" in plots.text_alternative(lattice)
    frame = rounds_frame(unigram_rounds(COURSE, first_vocab, 9))
    curve = plots.training_curve(frame, title="toy")
    text = plots.text_alternative(curve)
    assert f"from {frame['loss'].iloc[0]:,.1f} to {frame['loss'].iloc[-1]:,.1f}" in text
    assert f"from {frame['vocab_size'].iloc[0]} to {frame['vocab_size'].iloc[-1]}" in text
    bars = plots.sampling_bars(sampling_frame(first_vocab, "pug", [0.0, 2.0], samples=50), word="pug")
    assert "at alpha 0 the most likely cut" in plots.text_alternative(bars)
    import pandas as pd

    fertility = pd.DataFrame(
        {"vocab size": [10, 10, 20, 20], "model": ["A", "B", "A", "B"], "tokens per word": [2.0, 1.5, 1.8, 1.25]}
    )
    assert "at 20: A 1.80, B 1.25" in plots.text_alternative(plots.three_way_bars(fertility))
    for figure in (lattice, curve, bars):
        drawn_texts(figure)


def test_series_are_told_apart_without_colour(first_vocab):
    bars = plots.sampling_bars(sampling_frame(first_vocab, "pug", [0.0, 1.0, 2.0], samples=20), word="pug")
    hatches = {patch.get_hatch() for patch in bars.axes[0].patches}
    assert len(hatches) == 3
    curve = plots.training_curve(rounds_frame(unigram_rounds(COURSE, first_vocab, 9)), title="toy")
    markers = {collection.get_paths()[0].vertices.shape for collection in curve.axes[0].collections}
    assert len(markers) >= 2  # EM rounds and prunings have different markers


def test_a_lattice_draws_pieces_with_dollars_as_written():
    model = UnigramModel([("<unk>", 0.0), ("$", -1.0), ("$$", -1.5), ("a$", -2.0), ("a", -1.0)])
    shown = drawn_texts(plots.lattice(model, "a$$"))
    assert any(text.startswith("$$ ") for text in shown) and "$" in shown


def test_the_stepper_steps_and_names_every_control(first_vocab):
    ipywidgets = pytest.importorskip("ipywidgets")
    stepper = ViterbiStepper(first_vocab, "hugs", position=1)
    assert stepper.position == 1 and stepper.buttons["previous"].disabled
    stepper.buttons["next"].click()
    assert stepper.position == 2 and stepper.text == viterbi_text(first_vocab, "hugs", 2)
    stepper.buttons["last"].click()
    assert stepper.position == 4 and stepper.buttons["next"].disabled
    stepper.word_box.value = "bun"
    assert stepper.slider.max == 3 and "'bun', position 3 of 3" in stepper.text
    for control in [stepper.word_box, stepper.slider, *stepper.buttons.values()]:
        assert control.description and control.tooltip
    assert isinstance(stepper.slider, ipywidgets.BoundedIntText)  # named by its label in JupyterLab
    stepper.slider.value = 0  # typed past the start: stops at the first position
    assert stepper.position == 1 and stepper.buttons["first"].disabled
    explorer = SamplingExplorer(first_vocab, "pug", alpha=0.0, samples=30)
    assert isinstance(explorer.slider, ipywidgets.BoundedFloatText)
    assert explorer.slider.description == "alpha" and "33.3%" in explorer.text
    explorer.slider.value = 4.0
    assert "alpha 4.0" in explorer.text


def test_the_sampling_explorer_shows_each_cut_with_its_chance_and_its_draws(first_vocab):
    pytest.importorskip("ipywidgets")
    explorer = SamplingExplorer(first_vocab, "hugs", alpha=1.0, samples=200)
    for alpha, word in [(0.3, "hugs"), (2.5, "hugs"), (2.5, "bunhugs")]:
        explorer.slider.value, explorer.word_box.value = alpha, word
        drawn = sample_counts(first_vocab, word, alpha, 200)  # the draws of model.sample (the test above)
        lines = explorer.text.splitlines()
        cuts = [" ".join(cut.pieces) for cut in first_vocab.nbest(word, 500)]
        assert lines[0] == f"{word!r} at alpha {alpha:.1f}: {len(cuts)} cuts, 200 draws"
        assert len(lines) == len(cuts) + 1 and sum(drawn.values()) == 200
        for line, cut in zip(lines[1:], cuts, strict=True):
            chance = first_vocab.cut_probability(word, cut.split(), alpha)
            assert line.split() == [*cut.split(), "chance", f"{chance:.1%}", "drawn", f"{drawn.get(cut, 0) / 200:.1%}"]
