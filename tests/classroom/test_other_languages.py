"""Notebook 09's checks (right, wrong and unfinished answers), its sweep, widget and figures.

The checks' expected answers come from the library; here each check is shown a right
answer (it passes), the placeholder (it skips) and the typical wrong answers (it fails with
a hint that does not give the expected value away).
"""

from __future__ import annotations

import html
import math
from fractions import Fraction

import pytest
from check_helpers import fails_with, skips

from wordpiece_lib import BertNormalizer, WordCounts
from wordpiece_lib.analysis import vocab_shares
from wordpiece_lib.classroom.display import figure_description, shown_text
from wordpiece_lib.classroom.other_languages import (
    ExponentExplorer,
    checks,
    exponent_sweep,
    exponent_text,
    language_bars,
    language_word_lists,
    parity_by_exponent,
    parity_by_size,
    pre_tokenized,
    shares_and_fertility,
)
from wordpiece_lib.classroom.runtime import TODO
from wordpiece_lib.data import parallel_phrases
from wordpiece_lib.text import normalization_merges

#: Each test a fresh kernel: a set answer's check counts its tries (its feedback narrows for three)
pytestmark = pytest.mark.usefixtures("fresh_start")

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")

UNCASED = BertNormalizer(lowercase=True)
WORDS = ["résumé", "resume", "côte", "côté", "cote", "maïs", "mais", "Straße", "strasse", "пой", "пои"]
LANGUAGES = ["en", "fr", "ru", "hi"]
SIZES = {"en": 200_000, "fr": 80_000, "ru": 60_000, "hi": 10_000}
EXPONENTS = (0.0, 0.5, 1.0)


@pytest.fixture(scope="module")
def sweep():
    word_lists = language_word_lists(SIZES, top=500)
    return exponent_sweep(word_lists, exponents=EXPONENTS, vocab_size=1_200, phrases=parallel_phrases(LANGUAGES))


# ---------------------------------------------------------------- accent merges


def test_accent_merges_right_answer_in_any_order():
    right = [list(reversed(group)) for group in reversed(list(normalization_merges(WORDS, UNCASED).values()))]
    checks.check_accent_merges(right, WORDS, UNCASED)


def test_accent_merges_grouped_by_the_notebooks_normalizer_are_refused_and_own_steps_pass():
    """The grouping is the lesson: running the notebook's normalizer over the words is refused, with the idea; the
    normalizer's steps written out (lowercase, NFD, the Mn marks dropped) are the learner's own and pass."""
    by_normalizer = (
        "by_form = {}\nfor word in words:\n    by_form.setdefault(uncased(word), []).append(word)\n"
        "merged_groups = [group for group in by_form.values() if len(group) > 1]"
    )
    namespace = {"words": list(WORDS), "uncased": UNCASED}
    exec(by_normalizer, namespace)
    message = fails_with(checks.check_accent_merges, namespace["merged_groups"], WORDS, UNCASED, source=by_normalizer)
    assert "grouping them is the exercise" in message and "'uncased'" in message
    own = (
        "import unicodedata\n"
        "def stripped(word):\n"
        "    return ''.join(c for c in unicodedata.normalize('NFD', word.lower()) if unicodedata.category(c) != 'Mn')\n"
        "by_form = {}\nfor word in words:\n    by_form.setdefault(stripped(word), []).append(word)\n"
        "merged_groups = [group for group in by_form.values() if len(group) > 1]"
    )
    namespace = {"words": list(WORDS)}
    exec(own, namespace)
    checks.check_accent_merges(namespace["merged_groups"], WORDS, UNCASED, source=own)


def test_accent_merges_placeholder_skips():
    assert "not done yet" in skips(checks.check_accent_merges, TODO, WORDS, UNCASED)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (
            [["résumé", "resume"], ["côte", "côté", "cote"], ["maïs", "mais"], ["Straße", "strasse"], ["пой", "пои"]],
            "do not become the same word",
        ),  # ß is not an accent
        ([["résumé", "resume"], ["côte", "cote"], ["maïs", "mais"], ["пой", "пои"]], "not complete"),
        ([["résumé", "resume"], ["côte", "côté", "cote"], ["maïs", "mais"]], "1 group is missing"),
        ([["résumé", "résumé"]], "one word"),
        ([["résumé", "cv"]], "not among the words"),
        ("résumé resume", "list of groups"),
    ],
)
def test_accent_merges_wrong_answers_get_a_hint(answer, hint):
    message = fails_with(checks.check_accent_merges, answer, WORDS, UNCASED)
    assert hint in message


def test_accent_merges_hint_for_a_missing_group_does_not_give_the_grouping():
    message = fails_with(checks.check_accent_merges, [["résumé", "resume"]], WORDS, UNCASED)
    assert "groups are missing" in message and "[['" not in message


# ---------------------------------------------------------------- tokens per word

COUNTS = WordCounts({"ab": 3, "c": 1})  # characters as tokens: (2*3 + 1) / 4 = 1.75


def test_tokens_per_word_right_and_placeholder():
    checks.check_tokens_per_word(1.75, list, COUNTS)
    assert "not done yet" in skips(checks.check_tokens_per_word, TODO, list, COUNTS)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (1.5, "every distinct word once"),
        (4 / 7, "words per token"),
        (0.5, "at least 1"),
        (2.5, "len(tokens) x count"),
        ("one", "should be a number"),
    ],
)
def test_tokens_per_word_wrong_answers(answer, hint):
    message = fails_with(checks.check_tokens_per_word, answer, list, COUNTS)
    assert hint in message and "1.75" not in message  # the hint never gives the expected value away


#: Characters as tokens: (3*2 + 1*1 + 2*4) / 7 = 15/7 = 2.142857...
SEVENTHS = WordCounts({"abc": 2, "d": 1, "ef": 4})


@pytest.mark.parametrize("answer", [Fraction(15, 7), 15 / 7, 2.14, 2.143, 2.1429, 2.1471])
def test_tokens_per_word_to_two_decimals_or_exact_passes(answer):
    checks.check_tokens_per_word(answer, list, SEVENTHS)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [(2.1, "rounded too far"), (2.15, "len(tokens) x count"), (2.136, "len(tokens) x count")],
)
def test_tokens_per_word_off_by_more_than_two_decimals_fails(answer, hint):
    message = fails_with(checks.check_tokens_per_word, answer, list, SEVENTHS)
    assert hint in message and "2.14" not in message


# ---------------------------------------------------------------- share of a vocab


def right_share_of(language, tokens, usage):
    """Written out, as the learner must: the check switches the library's vocab_shares off."""
    counted = [token for token in dict.fromkeys(tokens) if not token.startswith("[")]
    owned = 0
    for token in counted:
        best = max(usage, key=lambda lang: usage[lang].get(token, 0))
        owned += best == language and usage[language].get(token, 0) > 0
    return owned / len(counted)


def test_share_function_refuses_the_library():
    def library(language, tokens, usage):
        return vocab_shares(tokens, usage).shares[language]

    assert "calls `vocab_shares`" in fails_with(checks.check_share_function, library, ["[UNK]", "a"], {"en": {"a": 1}})


def test_share_function_right_answer(sweep):
    tokens = sweep.tokens(1.0)
    usage = {
        language: {token: 1.0 for token in tokens if token.startswith("##") == (language == "fr")}
        for language in LANGUAGES
    }
    checks.check_share_function(right_share_of, tokens, usage)


def test_share_function_stub_skips():
    def stub(language, tokens, usage):
        raise NotImplementedError("your turn")

    assert "not done yet" in skips(checks.check_share_function, stub, ["a"], {"en": {"a": 1}})


def counts_owned(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if not token.startswith("[")]
    return right_share_of(language, tokens, usage) * len(counted)


def with_specials(language, tokens, usage):
    counted = [token for token in dict.fromkeys(tokens) if not token.startswith("[")]
    return right_share_of(language, tokens, usage) * len(counted) / len(tokens)


def every_user(language, tokens, usage):
    counted = [token for token in tokens if not token.startswith("[")]
    return sum(1 for token in counted if usage[language].get(token, 0) > 0) / len(counted)


def last_wins_ties(language, tokens, usage):
    counted = [token for token in tokens if not token.startswith("[")]
    owned = 0
    for token in counted:
        best = max(reversed(list(usage)), key=lambda lang: usage[lang].get(token, 0))
        owned += best == language and usage[language].get(token, 0) > 0
    return owned / len(counted)


@pytest.mark.parametrize(
    ("function", "hint"),
    [
        (counts_owned, "number of tokens"),
        (with_specials, "special tokens"),
        (every_user, "MOST"),
        (last_wins_ties, "listed FIRST"),
        (lambda *args: None, "returned None"),
    ],
)
def test_share_function_wrong_answers(function, hint):
    message = fails_with(checks.check_share_function, function, ["[UNK]", "a"], {"en": {"a": 1.0}, "fr": {}})
    assert hint in message


# ---------------------------------------------------------------- the exponent under a parity limit


def worst_parities(sweep):
    return {exponent: max(sweep.measure(exponent).parity.values()) for exponent in sweep.exponents}


def test_exponent_choice_right_and_wrong(sweep):
    worst = worst_parities(sweep)
    limit = sorted(worst.values())[1]  # by construction, at least two exponents fit, and not all three
    fitting = [exponent for exponent, value in worst.items() if value <= limit]
    right = max(fitting)
    checks.check_exponent_choice(right, sweep, limit)
    assert "not done yet" in skips(checks.check_exponent_choice, TODO, sweep, limit)
    too_small = min(fitting)
    if too_small != right:
        assert "LARGEST" in fails_with(checks.check_exponent_choice, too_small, sweep, limit)
    over = [exponent for exponent, value in worst.items() if value > limit]
    assert over, "the limit should leave an exponent out"
    message = fails_with(checks.check_exponent_choice, over[0], sweep, limit)
    assert "above the limit" in message
    assert "not an exponent" in fails_with(checks.check_exponent_choice, 0.42, sweep, limit)
    assert "At least one exponent" in fails_with(checks.check_exponent_choice, None, sweep, limit)


def test_exponent_choice_none_when_nothing_fits(sweep):
    checks.check_exponent_choice(None, sweep, 0.5)  # parity of English itself is 1: nothing fits under 0.5
    assert "above the limit" in fails_with(checks.check_exponent_choice, 1.0, sweep, 0.5)


# ---------------------------------------------------------------- the sweep


def test_a_count_trained_mix_gives_the_big_language_more_of_the_vocab_as_the_exponent_rises(sweep):
    shares = [sweep.measure(exponent).share for exponent in EXPONENTS]
    assert shares[0]["en"] < shares[-1]["en"]
    assert shares[0]["hi"] > shares[-1]["hi"]
    fertility = [sweep.measure(exponent).tokens_per_word for exponent in EXPONENTS]
    assert fertility[0]["hi"] < fertility[-1]["hi"]


def test_the_sweep_mixes_with_the_exponents_it_names(sweep):
    for point in sweep.points:
        assert point.mix.exponent == point.exponent
        assert point.trace.tokens() == sweep.tokens(point.exponent, len(point.trace.tokens()))
    natural = sweep.point(1.0).mix
    words = pre_tokenized(sweep.word_lists["en"])
    assert all(natural.counts[word] >= count for word, count in words.items())  # exponent 1: every count kept
    with pytest.raises(ValueError, match="not in the sweep"):
        sweep.point(0.25)


def test_the_sweeps_measures_are_the_whole_pipelines(sweep):
    """measure() and parity() tokenize with their own fast path; the numbers are those of the tokenizer a
    student builds (``sweep.tokenizer``: the mixed normalizer, BERT's split, longest match)."""
    from wordpiece_lib.analysis import measure_languages, parallel_token_counts, parity, token_usage

    for exponent, size in [(EXPONENTS[0], 1_200), (EXPONENTS[-1], 1_000)]:
        tokenize = sweep.tokenizer(exponent, size).tokenize
        metrics = measure_languages(tokenize, sweep.word_lists)
        figures = sweep.measure(exponent, size)
        assert figures.tokens_per_word == {language: m.fertility for language, m in metrics.items()}
        assert figures.unk_rate == {language: m.unk_rate for language, m in metrics.items()}
        assert figures.parity == parity(parallel_token_counts(tokenize, sweep.phrases), reference="en")
        usage = {
            language: token_usage(tokenize, {word: count / counts.total for word, count in counts.items()})
            for language, counts in sweep.word_lists.items()
        }
        assert figures.share == vocab_shares(sweep.tokens(exponent, size), usage).shares


def test_the_sweep_is_cached(sweep):
    again = exponent_sweep(
        language_word_lists(SIZES, top=500), exponents=EXPONENTS, vocab_size=1_200, phrases=parallel_phrases(LANGUAGES)
    )
    assert again is sweep


def test_a_stored_sweep_is_read_back_in_a_new_kernel_as_it_was_trained(tmp_path, monkeypatch):
    """The vocabs, the mixes and the measures stored in the data cache folder (a file per exponent) are the
    trainer's own: a new kernel (the session's cache cleared) reads them back equal, a damaged file is trained
    again, and a sweep sharing an exponent with another shares its file."""
    from wordpiece_lib import train_fast
    from wordpiece_lib.classroom.other_languages import sweep as sweep_module

    monkeypatch.setenv("WORDPIECE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "exponent_sweep_points"
    word_lists = language_word_lists(SIZES, top=300)
    arguments = {"exponents": (0.0, 1.0), "vocab_size": 900, "phrases": parallel_phrases(LANGUAGES)}
    sweep_module._sweep.cache_clear()
    sweep_module._MIXES.clear()
    trained = exponent_sweep(word_lists, **arguments)
    files = sorted(folder.glob("*.json"))
    assert len(files) == 2
    for reading in ("stored", "damaged"):
        sweep_module._sweep.cache_clear()  # as a new kernel
        sweep_module._MIXES.clear()
        if reading == "damaged":
            files[0].write_text('{"point": {"exponent": 0.0}}', encoding="utf-8")
        read = exponent_sweep(word_lists, **arguments)
        assert read is not trained
        for ours, theirs in zip(read.points, trained.points, strict=True):
            assert ours.mix == theirs.mix and ours.trace.word_counts == theirs.trace.word_counts
            assert ours.trace.steps == theirs.trace.steps and ours.trace.tokens() == theirs.trace.tokens()
            fresh = train_fast(theirs.mix.counts, 900, criterion="bpe")
            assert ours.trace.merges == fresh.merges and ours.trace.alphabet == fresh.alphabet
        for exponent in arguments["exponents"]:
            assert read.measure(exponent) == trained.measure(exponent)
            assert read.parity(exponent, 700) == trained.parity(exponent, 700)  # a size it never stored
    assert sorted(folder.glob("*.json")) == files  # the damaged file was replaced
    sweep_module._sweep.cache_clear()
    exponent_sweep(word_lists, **{**arguments, "exponents": (1.0,)})  # a sweep of one of those exponents
    assert sorted(folder.glob("*.json")) == files
    exponent_sweep(word_lists, **{**arguments, "vocab_size": 800})  # another size, other files
    assert len(list(folder.glob("*.json"))) == 4


def test_the_sweep_rejects_mismatched_languages():
    with pytest.raises(ValueError, match="same languages"):
        exponent_sweep({"en": WordCounts({"a": 1})}, exponents=(1.0,), vocab_size=10, phrases={"fr": ["a"]})
    with pytest.raises(ValueError, match="criterion"):
        exponent_sweep(
            {"en": WordCounts({"a": 1})}, exponents=(1.0,), vocab_size=10, phrases={"en": ["a"]}, criterion="x"
        )


def test_shares_add_up_with_the_unused_tokens(sweep):
    for exponent in EXPONENTS:
        measured = sweep.measure(exponent)
        assert math.isclose(sum(measured.share.values()) + measured.unused_share, 1.0)
        assert measured.parity["en"] == 1.0


# ---------------------------------------------------------------- widget and figures


def test_explorer_follows_its_drop_down(sweep):
    ipywidgets = pytest.importorskip("ipywidgets")
    explorer = ExponentExplorer(sweep, exponent=0.0)
    # A drop-down, named by its description and announcing the exponent itself (a SelectionSlider says its index).
    assert isinstance(explorer.slider, ipywidgets.Dropdown) and explorer.slider.description == "exponent"
    assert explorer.slider.label == "0"
    picture, first_mark = explorer.image.value, explorer.mark.value
    assert explorer.text == exponent_text(sweep, 0.0)
    assert explorer.text.startswith("exponent 0:")
    # The picture is the figure of the whole sweep with its text alternative and its data.
    assert '<figure role="group"' in picture and "data:image/png;base64,iVBOR" in picture
    assert "<details><summary>Data</summary>" in picture and "marked)" not in picture
    explorer.slider.value = 1.0
    assert explorer.exponent == 1.0 and explorer.text == exponent_text(sweep, 1.0)
    # Another exponent sends another mark and text, never the picture again.
    assert explorer.image.value == picture and explorer.mark.value != first_mark
    assert 'aria-hidden="true"' in explorer.mark.value  # the text says which exponent is shown
    assert "wordpiece-live" in explorer.output._dom_classes
    assert shown_text(explorer.output) == explorer.text
    with pytest.raises(ValueError, match="not in the sweep"):
        ExponentExplorer(sweep, exponent=0.3)


def test_the_explorers_static_twin_is_its_picture_with_the_text_alternative(sweep):
    import base64

    pytest.importorskip("ipywidgets")
    explorer = ExponentExplorer(sweep, exponent=0.5)
    data, metadata = explorer.figure()._repr_mimebundle_()
    # The picture the widget shows, no exponent marked, with the figure's own summary as its alt text.
    assert data["text/html"] == explorer.image.value
    assert base64.b64decode(data["image/png"]).startswith(b"\x89PNG")
    summary = figure_description(shares_and_fertility(sweep)).summary
    assert data["text/plain"] == metadata["image/png"]["alt"] == summary and "marked" not in summary
    assert f'alt="{html.escape(summary)}"' in data["text/html"]
    assert f"data:image/png;base64,{data['image/png']}" in data["text/html"]


@pytest.mark.parametrize("exponent", EXPONENTS)
def test_the_explorers_mark_frames_the_chosen_bar_and_crosses_its_points(sweep, exponent):
    """Over the picture (the sweep's figure as the explorer draws it), the mark's box holds the chosen exponent's
    bars and no other, and its dashed line passes through every language's point at that exponent."""
    import re

    from wordpiece_lib.classroom.other_languages.widgets import EXPLORER_DPI, figure_png

    explorer = ExponentExplorer(sweep, exponent=exponent)
    drawn = shares_and_fertility(sweep)
    figure_png(drawn)  # laid out as the explorer's picture: the same figure, size and resolution
    height, scale = drawn.get_size_inches()[1] * EXPLORER_DPI, EXPLORER_DPI / drawn.dpi
    left, right = drawn.axes

    def attributes(tag: str) -> dict[str, float]:
        found = re.search(rf"<{tag} [^>]*>", explorer.mark.value).group(0)
        return {name: float(value) for name, value in re.findall(r'([\w-]+)="([-\d.]+)"', found)}

    box, line = attributes("rect"), attributes("line")
    at = sweep.exponents.index(exponent)
    for bar in left.patches:  # every stacked bar, in the picture's pixels (origin top left)
        x0, y0, x1, y1 = (value * scale for value in bar.get_window_extent().extents)
        inside = box["x"] - 1 <= x0 and x1 <= box["x"] + box["width"] + 1
        overlaps = x0 < box["x"] + box["width"] and box["x"] < x1
        chosen = round(bar.get_x() + bar.get_width() / 2) == at
        assert inside if chosen else not overlaps, (bar.get_x(), box)
        if chosen:
            assert box["y"] - 1 <= height - y1 and height - y0 <= box["y"] + box["height"] + 1
    for series in right.lines[: len(sweep.languages)]:
        points = series.get_xydata()
        x = right.transData.transform(points[at])[0] * scale
        assert line["x1"] == line["x2"] == pytest.approx(x, abs=1)


def test_exponent_text_lists_every_language(sweep):
    lines = exponent_text(sweep, 0.5).splitlines()
    assert [line.split()[0] for line in lines[2:]] == LANGUAGES


def test_figures(sweep):
    figure = shares_and_fertility(sweep, exponent=0.5)
    left, right = figure.axes
    assert [text.get_text() for text in left.get_xticklabels()] == ["0", "0.5", "1"]
    assert [line.get_label() for line in right.lines][: len(LANGUAGES)] == LANGUAGES
    assert parity_by_exponent(sweep, limit=1.3).axes[0].get_xlabel() == "sampling exponent"
    lines = parity_by_size(sweep, (0.0, 1.0), (1_000, 1_200)).axes[0].lines
    assert len([line for line in lines if len(line.get_xdata()) > 1]) == 5  # 2 x (worst, mean) + the line at 1
    assert len([line for line in lines if len(line.get_xdata()) == 1]) == 4  # each named at its end, with its marker
    bars = language_bars({"en": 1.0, "ru": 3.5}, title="t", xlabel="x", reference=1.0)
    assert [patch.get_width() for patch in bars.axes[0].patches] == [1.0, 3.5]
    with pytest.raises(ValueError, match="one of the sweep"):
        shares_and_fertility(sweep, exponent=0.3)
