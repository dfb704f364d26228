"""Figures draw tokens and words as they are: a ``$`` in a token is a character, not a formula.

Matplotlib reads text between two ``$`` as mathematics: a vocab holding ``$\\frac{1}{$`` or a
corpus word ``$$`` stopped these figures with a ``ParseException`` (or drew a formula instead of
the token). Every figure that shows tokens or words is drawn here from a corpus made of such
words, rendered to PNG, and must show each token it labels exactly as written.
"""

from __future__ import annotations

import io

import pytest

pytest.importorskip("matplotlib")

import matplotlib

matplotlib.use("Agg")

from matplotlib.text import Text

from wordpiece_lib import LinMaxMatch, WordCounts, train_bottom_up, train_bpe

WORDS = ["$\\frac{1}{$", "a$b$c", "x_{y}^z$", "$$", "\\$\\alpha$", "<b>bold</b>", "$1,000"]
COUNTS = WordCounts({word: 5 + number for number, word in enumerate(WORDS)})


@pytest.fixture(scope="module")
def traces():
    return (
        train_bottom_up(COUNTS, 10**6, special_tokens=["[UNK]"], top_k=5),
        train_bpe(COUNTS, 10**6, special_tokens=["[UNK]"]),
    )


def drawn_texts(figure) -> list[str]:
    """Every text of the figure as it is drawn (after rendering, with the ``$`` escapes undone)."""
    figure.savefig(io.BytesIO(), format="png", bbox_inches="tight")
    texts = []
    for text in figure.findobj(Text):
        shown, is_math = text._preprocess_math(text.get_text())
        # Log axes label their ticks with matplotlib's own formulas (10^-1): only those may be one.
        assert not is_math or "\\mathdefault" in shown, f"{text.get_text()!r} would be drawn as a formula"
        texts.append(shown)
    return texts


def test_merge_figures(traces):
    from wordpiece_lib.classroom.merge_steps import plots

    trace, _ = traces
    last = len(trace.steps)
    shown = drawn_texts(plots.candidate_bars(trace, last))
    chosen = trace.steps[-1]
    assert f"{chosen.pair[0]} + {chosen.pair[1]}" in shown
    for figure in (plots.winning_scores(trace), plots.vocab_growth(trace), plots.merge_progress(trace)):
        drawn_texts(figure)


def test_word_count_bars_shows_each_word():
    from wordpiece_lib.classroom.character_splitting import plots

    shown = drawn_texts(plots.word_count_bars(COUNTS))
    for word in WORDS:
        assert repr(word) in shown


def test_trie_figure_shows_each_token_and_the_word():
    from wordpiece_lib.classroom.fast_encoding import plots

    automaton = LinMaxMatch(["[UNK]", *WORDS])
    for word in WORDS:
        shown = drawn_texts(plots.trie_figure(automaton, word))
        assert word in shown  # the node of the token itself
        assert any(repr(word) in text for text in shown)  # the title


def test_bpe_comparison_and_pair_score_figures(traces):
    from wordpiece_lib import initial_splits
    from wordpiece_lib.classroom.bpe_comparison import plots as bpe_plots
    from wordpiece_lib.classroom.display import frames
    from wordpiece_lib.classroom.encoding import plots as encoding_plots
    from wordpiece_lib.classroom.pair_scores import plots as pair_plots

    trace, bpe = traces
    shown = drawn_texts(bpe_plots.first_merges(trace, bpe))
    assert any(text.startswith(trace.steps[0].new_token + "  (") for text in shown)
    table = frames.score_table(initial_splits(COUNTS), COUNTS)
    heat = drawn_texts(pair_plots.score_heatmap(table))
    assert "$" in heat and "##$" in heat
    drawn_texts(pair_plots.score_bars(table))
    drawn_texts(encoding_plots.fertility_curve(trace))


def test_real_book_figures_with_odd_names(traces):
    pd = pytest.importorskip("pandas")
    from wordpiece_lib.classroom.real_book import plots

    table = pd.DataFrame({"vocab size": [10, 20], "$book$": [2.0, 1.5], "<i>new</i>": [2.2, 1.8]})
    shown = drawn_texts(plots.text_fertility_curves(table, marked={"$cut$": 15}))
    assert "$book$" in shown and "$cut$" in shown
    speeds = pd.DataFrame({"trainer": ["$ours$", "peer"], "seconds": [1.0, 2.0]})
    assert "$ours$" in drawn_texts(plots.speed_bars(speeds))


def test_big_corpora_bars_show_their_labels_as_written():
    import pandas as pd

    from wordpiece_lib.classroom.big_corpora import plots

    labels = ["$\\frac{1}{$ workers", "a$b$c"]
    shown = drawn_texts(plots.seconds_bars(pd.DataFrame({"how": labels, "seconds": [1.0, 2.0]})))
    for label in labels:
        assert label in shown


def test_text_alternatives_keep_markup_as_text(traces):
    """The figure's HTML (alt, caption, data table) shows a hostile word as text: no element is injected."""
    from wordpiece_lib.classroom.character_splitting import word_count_bars
    from wordpiece_lib.classroom.display import figure_html
    from wordpiece_lib.classroom.merge_steps import winning_scores

    hostile = WordCounts({'"><img src=x onerror=alert(1)>': 9, "<b>bold</b>": 3, "$$": 2})
    for figure in (word_count_bars(hostile), winning_scores(traces[0])):
        page = figure_html(figure)
        assert "<img" not in page.replace('<img src="data:image/png;base64,', "", 1)
        assert "<b>" not in page and "onerror=alert" not in page.replace("onerror=alert(1)&gt;", "")
    assert "&lt;b&gt;bold&lt;/b&gt;" in figure_html(word_count_bars(hostile))
