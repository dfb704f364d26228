"""Every figure the notebooks draw: a text alternative with its key values, and no colour-only key that
colour-blind readers confuse.

One case per figure function (and 09's explorer picture). ``test_every_figure_function_has_a_case``
fails when a plot function is added without a case here.

Colour as the only key: two artists of one axes that differ in nothing but colour (lines with the
same line style and marker, bars with the same hatch, the categories of a listed colour map, two
scatters). Every such pair must be at least ``MIN_DISTANCE`` apart in CAM02-UCS (colorspacious's
``deltaE``) with normal vision and under simulated deuteranopia, protanopia and tritanopia, severity 100.
"""

from __future__ import annotations

import importlib
import itertools
import math
from fractions import Fraction

import pytest

pd = pytest.importorskip("pandas")
matplotlib = pytest.importorskip("matplotlib")
colorspacious = pytest.importorskip("colorspacious")
matplotlib.use("Agg")

from matplotlib.colors import ListedColormap, to_rgba  # noqa: E402

from wordpiece_lib import LinMaxMatch, Padding, Truncation, WordPieceTokenizer, train_bottom_up, train_fast  # noqa: E402  # noqa: E402
from wordpiece_lib.classroom.big_corpora import plots as big_plots  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import combination_fertility_points  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import plots as bpe_plots  # noqa: E402
from wordpiece_lib.classroom.character_splitting import plots as splitting_plots  # noqa: E402
from wordpiece_lib.classroom.display import DescribedFigure, figure_bundle, score_table, style  # noqa: E402
from wordpiece_lib.classroom.encoding import plots as encoding_plots  # noqa: E402
from wordpiece_lib.classroom.fast_encoding import plots as fast_plots  # noqa: E402
from wordpiece_lib.classroom.merge_steps import plots as merge_plots  # noqa: E402
from wordpiece_lib.classroom.model_inputs import plots as input_plots  # noqa: E402
from wordpiece_lib.classroom.other_languages import exponent_sweep, language_word_lists  # noqa: E402
from wordpiece_lib.classroom.other_languages import plots as language_plots  # noqa: E402
from wordpiece_lib.classroom.pair_scores import plots as pair_plots  # noqa: E402
from wordpiece_lib.classroom.real_book import plots as book_plots  # noqa: E402
from wordpiece_lib.classroom.real_book import words_touched_per_merge  # noqa: E402
from wordpiece_lib.classroom.top_down import TopDownRounds  # noqa: E402
from wordpiece_lib.classroom.top_down import plots as top_down_plots  # noqa: E402
from wordpiece_lib.data import datasets, parallel_phrases  # noqa: E402
from wordpiece_lib.training import SearchStep  # noqa: E402

#: The smallest CAM02-UCS distance between two colours that are the only key between two series.
MIN_DISTANCE = 10.0
VISIONS = {
    "normal": None,
    "deuteranopia": "deuteranomaly",
    "protanopia": "protanomaly",
    "tritanopia": "tritanomaly",
}
#: Notebook 09's eleven languages, as in the notebook.
LANGUAGES = ["en", "fr", "vi", "ru", "el", "ar", "he", "hi", "zh", "ja", "ko"]
CORPUS_SIZES = {"en": 1_000_000, "fr": 400_000, "ru": 300_000, "ja": 250_000, "zh": 250_000, "vi": 100_000}
CORPUS_SIZES |= {"ar": 100_000, "ko": 80_000, "he": 60_000, "el": 50_000, "hi": 30_000}


# ---------------------------------------------------------------- colour distances


def _over_white(colour: object) -> tuple[float, float, float]:
    red, green, blue, alpha = to_rgba(colour)
    return tuple(alpha * value + (1 - alpha) for value in (red, green, blue))


def seen(colour: tuple[float, float, float], vision: str) -> tuple[float, ...]:
    """The colour as a reader with ``vision`` sees it (sRGB, 0 to 1)."""
    kind = VISIONS[vision]
    if kind is None:
        return colour
    space = {"name": "sRGB1+CVD", "cvd_type": kind, "severity": 100}
    simulated = colorspacious.cspace_convert(colour, space, "sRGB1")
    return tuple(min(max(float(value), 0.0), 1.0) for value in simulated)


def distance(first: object, second: object) -> tuple[float, str]:
    """The smallest CAM02-UCS distance between two colours over the four visions, and that vision."""
    a, b = _over_white(first), _over_white(second)
    return min(
        (float(colorspacious.deltaE(seen(a, vision), seen(b, vision), input_space="sRGB1")), vision)
        for vision in VISIONS
    )


def test_distance_by_hand():
    # Red and green are far apart for normal vision and close under deuteranopia: the case the rule is for.
    assert colorspacious.deltaE([1, 0, 0], [0, 0.5, 0], input_space="sRGB1") > 40
    close, vision = distance("#d62728", "#2ca02c")
    assert close < MIN_DISTANCE < distance("#d62728", "#1f77b4")[0] and vision in ("deuteranopia", "protanopia")
    assert distance("#ffffff", "#000000")[0] > 90


def colour_only_pairs(figure: object) -> list[tuple[str, str, str]]:
    """``(colour, colour, what)`` for every two artists of one axes told apart by colour alone."""
    pairs = []
    for axes in figure.axes:
        groups: dict[tuple, set[str]] = {}
        for line in axes.lines:
            if len(line.get_xdata()) <= 2 and line.get_label().startswith("_"):
                continue  # a reference line (axhline ...) or a direct label's marker, not a series
            key = ("line", line.get_linestyle(), str(line.get_marker()))
            groups.setdefault(key, set()).add(matplotlib.colors.to_hex(_over_white(line.get_color())))
        for container in axes.containers:
            for bar in container:
                colour = matplotlib.colors.to_hex(_over_white(bar.get_facecolor()))
                groups.setdefault(("bar", bar.get_hatch() or ""), set()).add(colour)
        scatters = [
            matplotlib.colors.to_hex(_over_white(collection.get_facecolor()[0]))
            for collection in axes.collections
            if type(collection).__name__ == "PathCollection" and len(collection.get_facecolor())
        ]
        groups[("scatter",)] = set(scatters)
        for image in axes.images:
            if isinstance(image.cmap, ListedColormap) and image.cmap.N <= 12:  # categories, not a scale
                groups[("image", id(image))] = {matplotlib.colors.to_hex(colour) for colour in image.cmap.colors}
        for key, colours in groups.items():
            pairs += [
                (a, b, f"{axes.get_title() or 'axes'}: {key[0]}") for a, b in itertools.combinations(sorted(colours), 2)
            ]
    return pairs


# ---------------------------------------------------------------- one case per figure the notebooks draw


@pytest.fixture(scope="module")
def traces():
    course = train_bottom_up(datasets.course_counts(), 120, top_k=8)
    hug = train_bottom_up(datasets.hug_pug_counts(), 12, special_tokens=["[UNK]"], top_k=5)
    bpe = train_fast(datasets.course_counts(), 120, criterion="bpe")
    return {"course": course, "hug": hug, "course_fast": train_fast(datasets.course_counts(), 120), "bpe": bpe}


@pytest.fixture(scope="module")
def sweep():
    word_lists = language_word_lists({language: CORPUS_SIZES[language] for language in LANGUAGES}, top=300)
    return exponent_sweep(
        word_lists, exponents=(0.0, 0.3, 0.7, 1.0), vocab_size=2_000, phrases=parallel_phrases(LANGUAGES)
    )


def _cases(traces, sweep):
    """name -> (figure, strings its text alternative must hold: the key values, computed here from the data)."""
    counts = datasets.course_counts()
    top_word, top_count = counts.most_common(1)[0]
    hug = datasets.hug_pug_counts()
    from wordpiece_lib import initial_splits

    table = score_table(initial_splits(hug), hug)
    best = table.iloc[0]
    course, hug_trace = traces["course"], traces["hug"]
    step = hug_trace.steps[0]
    rounds = TopDownRounds(counts)
    sizes = rounds.sizes_frame([1, 2, 5])
    round_frame = rounds.round_sizes_frame([1, 2, 5])
    fertility = combination_fertility_points(traces["course_fast"], traces["bpe"], counts, [60, 90])
    text_table = pd.DataFrame({"vocab size": [60, 90, 120], "book": [2.5, 1.8, 1.2], "chapter": [2.7, 2.0, 1.5]})
    touched = words_touched_per_merge(traces["course_fast"])
    automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    tokenizer = WordPieceTokenizer(traces["course_fast"].vocab(), lowercase=False)
    tokenizer.truncation, tokenizer.padding = Truncation(12), Padding(pad_to_multiple_of=8)
    batch = tokenizer.encode_batch(list(datasets.COURSE_SENTENCES)[:6])
    growth = pd.DataFrame(
        {"MB read": [0.5, 1.0], "running words": [90_000.0, 180_000.0], "distinct words": [8_000.0, 11_000.0]}
    )
    parity = sweep.measure(1.0).parity
    over_limit = [language for language in LANGUAGES if sweep.measure(1.0).parity[language] > 1.1]
    shares = sweep.measure(0.7)
    return {
        "word_count_bars": (splitting_plots.word_count_bars(counts, top=12), [f"{top_word!r} {top_count:,}"]),
        "score_heatmap": (
            pair_plots.score_heatmap(table),
            [f"{best['left']} + {best['right']} ({style.fraction_text(best['score'])})"],
        ),
        "score_bars": (
            pair_plots.score_bars(table),
            [f"{best['left']} + {best['right']} ({style.fraction_text(best['score'])})"],
        ),
        "candidate_bars": (
            merge_plots.candidate_bars(hug_trace, 1),
            [f"{step.pair[0]} + {step.pair[1]}", style.fraction_text(step.score)],
        ),
        "winning_scores": (
            merge_plots.winning_scores(course),
            [f"{len(course.steps)} merges", course.steps[0].new_token],
        ),
        "vocab_growth": (
            merge_plots.vocab_growth(course),
            [f"{course.steps[-1].vocab_size} after {len(course.steps)} merges"],
        ),
        "merge_progress": (merge_plots.merge_progress(course), [f"over {len(course.steps)} merges"]),
        "fertility_curve": (encoding_plots.fertility_curve(course), [f"at {len(course.tokens())}"]),
        "threshold_curve": (
            top_down_plots.threshold_curve(
                sizes, steps=[SearchStep(1, 5, 3, int(sizes["vocab_size"].iloc[1]))], target=100, marked=2
            ),
            [
                f"{int(sizes['vocab_size'].iloc[0]):,} tokens at threshold 1",
                "target, 100 tokens",
                "Circled: threshold 2",
            ],
        ),
        "round_sizes": (
            top_down_plots.round_sizes(round_frame),
            [
                f"threshold 5: {', '.join(f'{int(v):,}' for v in round_frame[round_frame['threshold'] == 5].sort_values('round')['vocab_size'])}"
            ],
        ),
        "combination_fertility_curves": (
            bpe_plots.combination_fertility_curves(fertility),
            ["WordPiece score / longest match", "BPE count / merge replay"],
        ),
        "first_merges": (
            bpe_plots.first_merges(traces["course_fast"], traces["bpe"], 10),
            [traces["bpe"].steps[0].new_token],
        ),
        "text_fertility_curves": (
            book_plots.text_fertility_curves(text_table, marked={"HF": 100}),
            ["book: 2.50 at 60 tokens, 1.20 at 120", "HF at 100"],
        ),
        "touched_words": (
            book_plots.touched_words(touched, len(counts)),
            [f"{len(touched):,} merges", f"Mean {sum(touched) / len(touched):.1f}"],
        ),
        "speed_bars": (
            book_plots.speed_bars(pd.DataFrame({"trainer": ["fast", "reference"], "seconds": [0.5, 300.0]})),
            ["fast 0.5 s", "600 times"],
        ),
        "trie_figure": (fast_plots.trie_figure(automaton), ["##cdy", "6 nodes spell a vocab token"]),
        "trie_figure (a word)": (
            fast_plots.trie_figure(automaton, "abcdz"),
            ["Reading 'abcdz'", "ends at ## (filled orange) with the tokens a ##b ##c ##dz."],
        ),
        "growth_figure (08)": (
            fast_plots.growth_figure(fast_plots.growth_counts([10, 100])),
            ["55 at n = 10", "5,050 at n = 100", "slope 1.00"],
        ),
        "language_bars": (
            language_plots.language_bars(parity, title="parity", xlabel="tokens / English tokens", reference=0.7),
            [f"ru {parity['ru']:.2f}"],
        ),
        "shares_and_fertility": (
            language_plots.shares_and_fertility(sweep, exponent=0.7),
            [f"{shares.unused_share:.1%}" if False else "exponent 0.7 marked"],
        ),
        "parity_by_exponent": (
            language_plots.parity_by_exponent(sweep, limit=1.1),
            [f"over the limit: {', '.join(over_limit[:-1])}" if len(over_limit) > 1 else "over the limit"],
        ),
        "parity_by_size": (
            language_plots.parity_by_size(sweep, (0.0, 1.0), (1_500, 2_000)),
            ["exponent 0: worst", "exponent 1: worst"],
        ),
        "length_histogram": (
            input_plots.length_histogram([3, 5, 5, 9, 40], max_length=6),
            ["5 texts from 3 to 40 tokens", "2 of 5 texts"],
        ),
        "batch_figure": (input_plots.batch_figure(batch), [f"{len(batch)} texts x {len(batch[0])} positions"]),
        "growth_figure (11)": (big_plots.growth_figure(growth), ["90,000 to 180,000", "8,000 to 11,000"]),
        "seconds_bars": (
            big_plots.seconds_bars(pd.DataFrame({"how": ["one process", "Dask"], "seconds": [2.0, 1.25]})),
            ["one process 2.00 s", "Dask 1.25 s"],
        ),
        **_unigram_cases(),
        **_real_tokenizer_cases(),
    }


def _unigram_cases():
    """Notebook 12's figures on the course's corpus, every substring a piece at the start."""
    from wordpiece_lib.classroom.unigram import plots as unigram_plots
    from wordpiece_lib.classroom.unigram import rounds_frame, sampling_frame, unigram_rounds
    from wordpiece_lib.data import datasets
    from wordpiece_lib.training import model_from_frequencies, substring_frequencies

    counts = datasets.hug_pug_counts()
    model = model_from_frequencies(substring_frequencies(counts))
    rounds = rounds_frame(unigram_rounds(counts, model, 9))
    sampled = sampling_frame(model, "hugs", [0.0, 1.0], samples=100)
    fertility = pd.DataFrame(
        {"vocab size": [2000] * 3, "model": ["WordPiece", "BPE", "Unigram"], "tokens per word": [1.25, 1.2, 1.3]}
    )
    return {
        "lattice": (unigram_plots.lattice(model, "hugs"), [f"the best cut is {' '.join(model.tokenize('hugs'))}"]),
        "training_curve": (
            unigram_plots.training_curve(rounds, title="toy"),
            [f"from {rounds['loss'].iloc[0]:.1f} to {rounds['loss'].iloc[-1]:.1f}", f"from {len(model)} to"],
        ),
        "sampling_bars": (
            unigram_plots.sampling_bars(sampled, word="hugs"),
            [f"{sampled['cut'].nunique()} cuts of 'hugs'"],
        ),
        "three_way_bars": (unigram_plots.three_way_bars(fertility), ["WordPiece 1.25, BPE 1.20, Unigram 1.30"]),
    }


def _real_tokenizer_cases():
    """Notebook 13's figures: a word cut three ways (spans in the word) and tokens per word of three tokenizers."""
    from wordpiece_lib.classroom.real_tokenizers import plots as real_plots

    cuts = {
        "WordPiece": [("un", 0, 2), ("##happy", 2, 7)],
        "Unigram": [("▁un", 0, 2), ("ha", 2, 4), ("ppy", 4, 7)],
        "BPE": [("unhappy", 0, 7)],
    }
    per_word = pd.DataFrame({"tokenizer": ["WordPiece", "Unigram", "BPE"], "tokens per word": [1.29, 1.98, 1.36]})
    return {
        "cut_figure": (
            real_plots.cut_figure(cuts, "unhappy"),
            ["WordPiece: un + ##happy", "Unigram: ▁un + ha + ppy", "BPE: unhappy"],
        ),
        "tokens_per_word_bars": (
            real_plots.tokens_per_word_bars(per_word),
            ["WordPiece 1.29", "Unigram 1.98", "BPE 1.36"],
        ),
    }


@pytest.fixture(scope="module")
def cases(traces, sweep):
    return _cases(traces, sweep)


NOT_FIGURES = {
    "text_alternative",
    "GROWTH_LENGTHS",
    "count_lookups",
    "count_moves",
    "drawable_nodes",
    "fitted_slope",
    "growth_counts",
    "node_caption",
    "trie_layout",
    "language_colour",
    "language_marker",
    "LANGUAGE_HATCHES",
    "ENCODER_STYLES",
    "TRAINER_COLOURS",
    "TRAINER_MARKERS",
}


def test_every_figure_function_has_a_case(cases):
    names = {name.split(" (")[0] for name in cases}
    for module in (
        "character_splitting",
        "pair_scores",
        "merge_steps",
        "encoding",
        "top_down",
        "bpe_comparison",
        "real_book",
        "fast_encoding",
        "other_languages",
        "model_inputs",
        "big_corpora",
        "unigram",
        "real_tokenizers",
    ):
        plots = importlib.import_module(f"wordpiece_lib.classroom.{module}.plots")
        public = {name for name in plots.__all__ if callable(getattr(plots, name)) and name not in NOT_FIGURES}
        assert public <= names, f"{module}: no case for {sorted(public - names)}"


def test_every_figure_says_what_it_shows_with_its_key_values(cases):
    for name, (figure, expected) in cases.items():
        assert isinstance(figure, DescribedFigure), name
        summary = figure.description.summary
        assert len(summary) >= 40, (name, summary)
        for text in expected:
            assert text in summary, (name, text, summary)
        assert figure.description.tables and figure.description.tables[0].rows, name


def test_the_display_bundle_ties_the_picture_to_its_text(cases):
    figure, _ = cases["word_count_bars"]
    data, metadata = figure_bundle(figure)
    summary = figure.description.summary
    assert metadata == {"image/png": {"alt": summary}} and data["text/plain"] == summary
    page = data["text/html"]
    assert page.startswith('<figure role="group" aria-label="Most frequent words"')
    assert f'alt="{summary.replace(chr(39), "&#x27;")}"' in page and page.endswith("</details></figure>")
    assert "<figcaption>Most frequent words</figcaption><details><summary>Data</summary><table>" in page
    assert data["image/png"] in page  # the same picture in both
    # What IPython shows for the figure: our bundle, whatever the inline backend adds.
    from IPython.core.formatters import DisplayFormatter

    shown, shown_metadata = DisplayFormatter().format(figure)
    assert shown["text/html"] == page and shown_metadata["image/png"]["alt"] == summary


def test_colour_is_never_the_only_key_between_confusable_colours(cases):
    worst = (math.inf, "", "", "", "")
    failures = []
    for name, (figure, _) in cases.items():
        for first, second, what in colour_only_pairs(figure):
            apart, vision = distance(first, second)
            worst = min(worst, (apart, name, what, f"{first} / {second}", vision))
            if apart < MIN_DISTANCE:
                failures.append(f"{name} ({what}): {first} and {second} are {apart:.1f} apart under {vision}")
    assert not failures, "\n".join(failures)
    print(f"worst colour-only pair: {worst[3]} in {worst[1]} ({worst[2]}), {worst[0]:.1f} apart under {worst[4]}")


def test_figures_with_many_series_key_them_by_marker(cases):
    for name in ("parity_by_exponent", "shares_and_fertility"):
        figure, _ = cases[name]
        axes = figure.axes[-1]
        series = [line for line in axes.lines if not line.get_label().startswith("_")]
        assert len(series) >= 11
        markers = [line.get_marker() for line in series if line.get_label() in LANGUAGES]
        assert len(set(markers)) == len(markers) == len(LANGUAGES), name
        named = {text.get_text() for text in axes.texts}
        assert set(LANGUAGES) <= named, name  # each line is also named where it ends
    bars = cases["shares_and_fertility"][0].axes[0]
    hatches = [container[0].get_hatch() or "" for container in bars.containers[: len(LANGUAGES)]]
    assert len(set(hatches)) == len(LANGUAGES)


def test_fractions_in_scores_stay_exact_in_the_text():
    figure = style.score_bar_chart(
        ["a + ##b", "c + ##d", "e + ##f"], [Fraction(1, 3), Fraction(1, 3), Fraction(1, 7)], title="t", xlabel="score"
    )
    assert "Best: a + ##b (1/3), tied with c + ##d." in figure.description.summary
