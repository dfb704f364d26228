"""Prose made from live values, and figures that say what they plot."""

from __future__ import annotations

import pandas as pd

from wordpiece_lib.classroom.display import listing, say, share
from wordpiece_lib.classroom.fast_encoding import plots


def test_a_timing_plot_is_labelled_in_seconds_and_a_count_plot_in_work():
    timed = pd.DataFrame({"length": [10, 100, 1000], "linmaxmatch_seconds": [1e-6, 1e-5, 1e-4]})
    figure = plots.growth_figure(timed, title="Time per word")
    assert [axes.get_ylabel() for axes in figure.axes] == ["seconds per word"]
    assert round(figure.slopes["linmaxmatch_seconds"], 6) == 1.0
    counted = pd.DataFrame(
        {"length": [10, 100], "longest_match_lookups": [55, 5050], "linmaxmatch_seconds": [1.0, 2.0]}
    )
    figure = plots.growth_figure(counted)
    assert [axes.get_ylabel() for axes in figure.axes] == ["work counted (lookups or moves)", "seconds per word"]


def test_prose_is_markdown_from_the_values_given():
    text = say(f"""
        The book has {6471:,} distinct words,
        {share(0.25, 0)} of them rare.
    """)
    assert text._repr_markdown_() == "The book has 6,471 distinct words,\n25% of them rare."
    assert listing(["a"]) == "`a`" and listing([]) == "" and listing(["a", "b", "c"], limit=2) == "`a` and `b`"
