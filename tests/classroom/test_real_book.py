"""Notebook 07's exercise checks (right, wrong, not done yet) and its plots and tables."""

from __future__ import annotations

import pytest
from data_helpers import require_pinned_copy
from hypothesis import given, settings
from hypothesis import strategies as st

from wordpiece_lib import Vocab, WordCounts, WordPieceTokenizer, split_word, train_bottom_up, train_fast
from wordpiece_lib.data import datasets
from wordpiece_lib.training import merge_in_pieces

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
pd = pytest.importorskip("pandas")

from wordpiece_lib.classroom.real_book import checks as book_checks  # noqa: E402
from wordpiece_lib.classroom.real_book import plots, tables  # noqa: E402  (after choosing the Agg backend)

#: Each test a fresh kernel: a set answer's check counts its tries (its feedback narrows for three)
pytestmark = pytest.mark.usefixtures("fresh_start")

NAMES = ["Jim", "Silver", "Livesey", "Trelawney", "Hawkins", "Smollett", "Flint", "Gunn"]


@pytest.fixture(scope="module")
def book_counts(book_text) -> WordCounts:
    require_pinned_copy(book_text)  # the figures below are notebook 07's, on the pinned copy
    return WordCounts.from_texts(book_text)


@pytest.fixture(scope="module")
def book_trace(book_counts):
    return train_fast(book_counts, 20_000)


@pytest.fixture(scope="module")
def vocab_10k(book_trace) -> set[str]:
    return set(book_trace.tokens(book_trace.steps_for_size(10_000)))


# ---------------------------------------------------------------- the book facts the notebook's prose relies on


def test_the_book_trains_to_the_end_and_a_smaller_target_is_a_prefix(book_counts, book_trace):
    assert (len(book_counts), book_counts.total) == (6_471, 86_158)
    vocab = set(book_trace.tokens())
    assert len(vocab) == 15_618 and "single token" in book_trace.stop_reason
    assert all(word in vocab for word in book_counts)
    small = train_fast(book_counts, 2_000)
    assert small.merges == book_trace.merges[: len(small.steps)]
    assert book_trace.steps_for_size(2_000) == len(small.steps)


def test_the_notebooks_first_reference_merges_match(book_counts, book_trace):
    start = len(book_trace.tokens(0))
    assert train_bottom_up(book_counts, start + 5).merges == book_trace.merges[:5]


# ---------------------------------------------------------------- check_longest_token


# ---------------------------------------------------------------- check_single_token_names


# ---------------------------------------------------------------- check_split_predictions


# ---------------------------------------------------------------- check_fertility


@pytest.fixture(scope="module")
def hug_tokenizer() -> WordPieceTokenizer:
    trace = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"])
    return WordPieceTokenizer(Vocab([*trace.tokens(), "!", ","]))


def test_fertility_given_to_two_or_more_decimals_passes_however_it_was_rounded(hug_tokenizer):
    """The tables print two decimals: 1.85, 1.846 and 1.845 all say 24/13 to two decimals, and all pass;
    a value off in the second decimal does not."""
    sentence = "hug the pugs, bun!"
    words = hug_tokenizer.words(sentence)
    exact = sum(len(hug_tokenizer.encode_word(word)) for word in words) / len(words)
    for written in (round(exact, 2), round(exact, 3), round(exact - 0.0012, 3), int(exact * 1000) / 1000, exact):
        book_checks.check_fertility(written, sentence, hug_tokenizer, source="")
    with pytest.raises(AssertionError, match="is not it"):
        book_checks.check_fertility(round(exact, 2) + 0.01, sentence, hug_tokenizer, source="")


# ---------------------------------------------------------------- tables behind the plots


def test_steps_for_size_and_its_errors():
    trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    start = len(trace.tokens(0))
    assert trace.steps_for_size(start) == 0
    assert trace.steps_for_size(10**6) == len(trace.steps)
    for size in range(start, len(trace.tokens()) + 1):
        assert len(trace.tokens(trace.steps_for_size(size))) == size
    with pytest.raises(ValueError, match="at least 8"):
        trace.steps_for_size(3)
    with pytest.raises(TypeError, match="size must be an int"):
        trace.steps_for_size(10.0)


def test_fertility_table_by_hand():
    counts = datasets.hug_pug_counts()
    trace = train_bottom_up(counts, 100, special_tokens=["[UNK]"])
    table = tables.text_fertility_table(trace, {"corpus": counts, "new": {"bugs": 1, "hug": 1}}, [8, 9, 100])
    assert list(table.columns) == ["vocab size", "corpus", "new"]
    # 8 tokens: every word is its letters: (3*10 + 3*5 + 3*12 + 3*4 + 4*5) / 36 = 113/36
    assert table["corpus"][0] == pytest.approx(113 / 36) and table["new"][0] == pytest.approx(3.5)
    # after the first merge (##g ##s): hugs is h ##u ##gs, 5 occurrences lose a piece
    assert table["vocab size"][1] == 9 and table["corpus"][1] == pytest.approx(108 / 36)
    assert table["corpus"][2] == 1.0


def test_fertility_table_rejects_bad_input():
    trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    with pytest.raises(TypeError, match="non-empty mapping"):
        tables.text_fertility_table(trace, {}, [8])
    with pytest.raises(ValueError, match="sizes is empty"):
        tables.text_fertility_table(trace, {"corpus": datasets.hug_pug_counts()}, [])
    with pytest.raises(ValueError, match="no words"):
        tables.text_fertility_table(trace, {"empty": {}}, [8])


def replayed_by_brute_force(trace) -> list[int]:
    """Apply every merge in order to every word, counting the words that change (what the reference does)."""
    splits = {word: split_word(word) for word in trace.word_counts}
    touched = []
    for step in trace.steps:
        changed = 0
        for word, pieces in splits.items():
            merged = merge_in_pieces(pieces, step.pair, step.new_token)
            if merged != pieces:
                splits[word] = merged
                changed += 1
        touched.append(changed)
    return touched


def test_words_touched_by_hand():
    trace = train_bottom_up(datasets.hug_pug_counts(), 100, special_tokens=["[UNK]"])
    assert tables.words_touched_per_merge(trace) == replayed_by_brute_force(trace)
    assert tables.words_touched_per_merge(trace)[:2] == [1, 2]  # ##g ##s: hugs; h ##u: hug and hugs


@settings(max_examples=30, deadline=None)
@given(
    st.dictionaries(
        st.text(alphabet="abc", min_size=1, max_size=7), st.integers(min_value=1, max_value=9), min_size=1, max_size=8
    ),
    st.sampled_from(["wordpiece", "bpe"]),
)
def test_words_touched_equals_brute_force_on_random_corpora(counts, criterion):
    # "abc" words repeat letters, so tokens get rebuilt and pairs merged again: the replay must follow training order
    trace = train_fast(counts, 10**6, special_tokens=[], criterion=criterion)
    assert tables.words_touched_per_merge(trace) == replayed_by_brute_force(trace)


def test_words_touched_on_the_book(book_counts, book_trace):
    touched = tables.words_touched_per_merge(book_trace)
    assert len(touched) == len(book_trace.steps) and min(touched) >= 1
    assert sum(touched) < len(book_counts) * 10  # far fewer visits than the reference's 100 million


# ---------------------------------------------------------------- figures


def test_fertility_by_size_draws_a_line_per_text():
    table = pd.DataFrame({"vocab size": [100, 200, 300], "book": [3.0, 2.0, 1.0], "new": [3.5, 2.5, 2.0]})
    figure = plots.text_fertility_curves(table, marked={"Hugging Face": 250})
    axes = figure.axes[0]
    labelled = [line for line in axes.lines if not line.get_label().startswith("_")]
    assert [line.get_label() for line in labelled] == ["book", "new"]
    assert list(labelled[1].get_ydata()) == [3.5, 2.5, 2.0]
    assert any(text.get_text() == "Hugging Face" for text in axes.texts)
    with pytest.raises(TypeError, match="text_fertility_table"):
        plots.text_fertility_curves(pd.DataFrame({"book": [1.0]}))


def test_touched_words_figure():
    figure = plots.touched_words([1, 2, 1, 5], 10)
    axes = figure.axes[0]
    assert axes.get_yscale() == "log"
    assert [line.get_ydata()[0] for line in axes.lines] == [10, pytest.approx(2.25)]
    assert "2.2 words per merge" in " ".join(text.get_text() for text in axes.get_legend().get_texts())
    with pytest.raises(ValueError, match="total_words"):
        plots.touched_words([1], 0)
    with pytest.raises(ValueError, match="non-empty list"):
        plots.touched_words([], 10)


def test_speed_bars_figure():
    table = pd.DataFrame({"trainer": ["fast", "reference", "peer"], "CPU seconds": [0.6, 520.0, 0.2]})
    figure = plots.speed_bars(table, "CPU seconds")
    axes = figure.axes[0]
    assert axes.get_xscale() == "log" and axes.get_xlabel() == "CPU seconds (log scale)"
    assert [round(patch.get_width(), 1) for patch in axes.patches] == [0.6, 520.0, 0.2]
    assert [text.get_text() for text in axes.texts] == ["0.6 s", "520 s", "0.2 s"]
    assert [label.get_text() for label in axes.get_yticklabels()] == ["fast", "reference", "peer"]
    with pytest.raises(TypeError, match="'trainer' and 'seconds'"):
        plots.speed_bars(table)
    with pytest.raises(ValueError, match="positive"):
        plots.speed_bars(pd.DataFrame({"trainer": ["x"], "seconds": [0.0]}))
