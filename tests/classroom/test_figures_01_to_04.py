"""Plots return labelled matplotlib figures built from the data they are given."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wordpiece_lib import initial_splits, train_bottom_up
from wordpiece_lib.classroom.character_splitting import plots as character_splitting_plots
from wordpiece_lib.classroom.display import score_table, style
from wordpiece_lib.classroom.encoding import plots as encoding_plots
from wordpiece_lib.classroom.merge_steps import plots as merge_steps_plots
from wordpiece_lib.classroom.pair_scores import plots as pair_scores_plots
from wordpiece_lib.data import datasets

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")


@pytest.fixture(scope="module")
def hug_table():
    counts = datasets.hug_pug_counts()
    return score_table(initial_splits(counts), counts)


@pytest.fixture(scope="module")
def hug_trace():
    return train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"], top_k=6)


def texts(figure) -> list[str]:
    axes = figure.axes[0]
    return [t.get_text() for t in axes.texts] + [t.get_text() for t in axes.get_yticklabels()]


def test_heatmap_grid_holds_each_pair_score(hug_table):
    figure = pair_scores_plots.score_heatmap(hug_table)
    axes = figure.axes[0]
    image = axes.images[0].get_array()
    rows = [t.get_text() for t in axes.get_yticklabels()]
    columns = [t.get_text() for t in axes.get_xticklabels()]
    assert image[rows.index("##g"), columns.index("##s")] == pytest.approx(1 / 20)
    assert image.mask[rows.index("##g"), columns.index("##u")]  # never adjacent: empty cell
    assert texts(figure).count("1/36") == 5 and "1/20" in texts(figure)


def test_bars_are_sorted_and_exact(hug_table):
    figure = pair_scores_plots.score_bars(hug_table, top=3)
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels == ["##g + ##s", "h + ##u", "##u + ##g"]
    widths = [bar.get_width() for bar in figure.axes[0].patches]
    assert widths == sorted(widths, reverse=True)
    assert "1/20" in texts(figure)


def test_candidate_bars_show_the_step(hug_trace):
    figure = merge_steps_plots.candidate_bars(hug_trace, 3)
    assert figure.axes[0].get_title() == "Merge 3: hu + ##gs -> hugs"
    assert "2/45" in texts(figure)
    with pytest.raises(ValueError, match="between 1 and 9"):
        merge_steps_plots.candidate_bars(hug_trace, 0)


def test_step_figures_follow_the_trace(hug_trace):
    line = merge_steps_plots.winning_scores(hug_trace).axes[0].lines[0]
    assert list(line.get_xdata()) == list(range(1, 10))
    assert list(line.get_ydata()) == [float(s.score) for s in hug_trace.steps]
    growth = merge_steps_plots.vocab_growth(hug_trace).axes[0].lines[0]
    assert list(growth.get_ydata()) == [8, *range(9, 18)]


def test_fertility_falls_to_one_word_per_token(hug_trace):
    line = encoding_plots.fertility_curve(hug_trace, points=4).axes[0].lines[0]
    averages = list(line.get_ydata())
    assert averages[-1] == 1.0 and averages == sorted(averages, reverse=True)


def test_word_count_bars_and_fraction_text():
    figure = character_splitting_plots.word_count_bars(datasets.course_counts(), top=3)
    assert next(t.get_text() for t in figure.axes[0].get_yticklabels()) == "'.'"
    assert style.fraction_text(Fraction(5184, 25)) == "207.4"


def test_bad_input_is_named(hug_table):
    with pytest.raises(TypeError, match="score_table"):
        pair_scores_plots.score_heatmap({"left": []})
    with pytest.raises(ValueError, match="empty"):
        pair_scores_plots.score_bars(hug_table.head(0))
    with pytest.raises(TypeError, match="trace must be a Trace"):
        merge_steps_plots.vocab_growth(hug_table)


def test_heatmap_scale_starts_at_zero(hug_table):
    assert pair_scores_plots.score_heatmap(hug_table).axes[0].images[0].get_clim() == (0.0, 0.05)


def test_merge_progress_follows_the_training_words(hug_trace):
    figure = merge_steps_plots.merge_progress(hug_trace)
    pieces, whole = figure.axes[0].lines[0].get_ydata(), figure.axes[1].lines[0].get_ydata()
    # hug x10, pug x5, pun x12, bun x4 (3 pieces) and hugs x5 (4): 113 pieces for 36 words
    assert [round(float(value) * 36) for value in pieces[:3]] == [113, 108, 93]
    assert pieces[-1] == 1.0 and whole[0] == 0 and whole[-1] == 100
    with pytest.raises(TypeError, match="trace must be a Trace"):
        merge_steps_plots.merge_progress(None)


def test_winning_scores_names_the_merges_scoring_one():
    trace = train_bottom_up(datasets.course_counts(), 120)
    axes = merge_steps_plots.winning_scores(trace).axes[0]
    # both pieces once, side by side: will, trai(ned), Hugging, Cours(e), about
    assert [text.get_text() for text in axes.texts] == ["will", "trai", "Hugging", "Cours", "about"]
    assert list(axes.lines[1].get_ydata()) == [1.0] * 5
