"""Every control of every widget the notebooks show is named, and announces its value.

ipywidgets ties a ``description`` to its control with ``<label for>`` for text boxes (number boxes
too), drop-downs and check boxes, and shows it on buttons; sliders get only a visible label (their
handle is named in the offline edition by its templates, never in live JupyterLab), so the steppers
of 03, 04, 06 and 12 step with a number box. A ``SelectionSlider`` announces the index of its option
instead of its value, so the notebooks pick from a ``Dropdown``. Output areas that change carry the class
the offline edition makes a polite live region.
"""

from __future__ import annotations

import pytest

ipywidgets = pytest.importorskip("ipywidgets")
pytest.importorskip("matplotlib").use("Agg")

from wordpiece_lib import LinMaxMatch, Vocab, WordPieceTokenizer, train_bottom_up, train_fast  # noqa: E402
from wordpiece_lib.classroom.bpe_comparison import ParallelGrowth  # noqa: E402
from wordpiece_lib.classroom.display import LIVE_OUTPUT_CLASS  # noqa: E402
from wordpiece_lib.classroom.encoding import LongestMatchExplorer  # noqa: E402
from wordpiece_lib.classroom.fast_encoding import AutomatonStepper  # noqa: E402
from wordpiece_lib.classroom.merge_steps import MergeStepper  # noqa: E402
from wordpiece_lib.classroom.model_inputs import TokenSpanView  # noqa: E402
from wordpiece_lib.classroom.other_languages import ExponentExplorer, exponent_sweep, language_word_lists  # noqa: E402
from wordpiece_lib.classroom.real_tokenizers import ExplanationView  # noqa: E402
from wordpiece_lib.classroom.top_down import ThresholdExplorer, TopDownRounds  # noqa: E402
from wordpiece_lib.classroom.unigram import SamplingExplorer, ViterbiStepper  # noqa: E402
from wordpiece_lib.data import datasets, parallel_phrases  # noqa: E402
from wordpiece_lib.training import model_from_frequencies, substring_frequencies  # noqa: E402

CONTROLS = (ipywidgets.ValueWidget, ipywidgets.Button)
SHOWN_ONLY = (ipywidgets.HTML, ipywidgets.HTMLMath, ipywidgets.Label)  # text to read, not controls


def parts(widget):
    """The widget and everything inside it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from parts(child)


@pytest.fixture(scope="module")
def widgets():
    hug = datasets.hug_pug_counts()
    trace = train_bottom_up(hug, 14, special_tokens=["[UNK]"], top_k=5)
    word_lists = language_word_lists({"en": 100_000, "ru": 50_000}, top=200)
    sweep = exponent_sweep(word_lists, exponents=(0.0, 1.0), vocab_size=400, phrases=parallel_phrases(["en", "ru"]))
    vocab = Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s", "p", "##ug"])
    return {
        "03 MergeStepper": MergeStepper(trace),
        "04 LongestMatchExplorer": LongestMatchExplorer(trace.vocab(), "hugs"),
        "05 ThresholdExplorer": ThresholdExplorer(TopDownRounds(datasets.course_counts()), threshold=2),
        "06 ParallelGrowth": ParallelGrowth(
            train_fast(hug, 40, special_tokens=["[UNK]"]),
            train_fast(hug, 40, special_tokens=["[UNK]"], criterion="bpe"),
        ),
        "08 AutomatonStepper": AutomatonStepper(LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"]), "abcdz"),
        "09 ExponentExplorer": ExponentExplorer(sweep),
        "10 TokenSpanView": TokenSpanView(WordPieceTokenizer(vocab), "hugs pug"),
        "12 ViterbiStepper": ViterbiStepper(model_from_frequencies(substring_frequencies(hug)), "hugs"),
        "12 SamplingExplorer": SamplingExplorer(model_from_frequencies(substring_frequencies(hug)), "hug", samples=20),
        "13 ExplanationView": ExplanationView({"toy": WordPieceTokenizer(vocab)}, "hugs pug"),
    }


def test_every_control_is_named(widgets):
    for name, widget in widgets.items():
        controls = [
            part for part in parts(widget.widget) if isinstance(part, CONTROLS) and not isinstance(part, SHOWN_ONLY)
        ]
        assert controls, name
        for control in controls:
            assert control.description.strip(), f"{name}: a {type(control).__name__} without a name"


def test_no_selection_slider_announces_an_index(widgets):
    for name, widget in widgets.items():
        kinds = {type(part).__name__ for part in parts(widget.widget)}
        assert not kinds & {"SelectionSlider", "SelectionRangeSlider"}, name
    assert isinstance(widgets["05 ThresholdExplorer"].slider, ipywidgets.Dropdown)
    assert widgets["05 ThresholdExplorer"].slider.label == "2"  # the value itself, as a screen reader reads it
    assert isinstance(widgets["09 ExponentExplorer"].slider, ipywidgets.Dropdown)


def test_steppers_step_with_a_labelled_number_box(widgets):
    """No slider in the steppers: their step is a number box, which ipywidgets names by its description."""
    for name in ["03 MergeStepper", "04 LongestMatchExplorer", "06 ParallelGrowth"]:
        widget = widgets[name]
        kinds = {type(part).__name__ for part in parts(widget.widget)}
        assert not {kind for kind in kinds if kind.endswith("Slider")}, (name, kinds)
        assert isinstance(widget.slider, ipywidgets.BoundedIntText), name
        assert widget.slider.description in {"merges", "lookups"}, name
        assert widget.slider.min == 0 and widget.slider.continuous_update, name
    for name, kind, label in [("12 ViterbiStepper", "BoundedIntText", "position"),
                              ("12 SamplingExplorer", "BoundedFloatText", "alpha")]:  # fmt: skip
        kinds = {type(part).__name__ for part in parts(widgets[name].widget)}
        assert not {kind for kind in kinds if kind.endswith("Slider")}, (name, kinds)
        assert type(widgets[name].slider).__name__ == kind and widgets[name].slider.description == label


def test_changing_output_areas_are_marked_live(widgets):
    for name, widget in widgets.items():
        outputs = [part for part in parts(widget.widget) if isinstance(part, ipywidgets.Output)]
        for output in outputs:
            assert LIVE_OUTPUT_CLASS in output._dom_classes, name


def test_the_trie_drawing_is_named(widgets):
    stepper = widgets["08 AutomatonStepper"]
    stepper.last.click()
    drawing = stepper.view.value
    assert (
        "role='img' aria-label='Trie of the vocab, 13 nodes (start trie and ## trie), reading &#x27;abcdz&#x27;:"
        in drawing
    )
    assert "<title>Trie of the vocab" in drawing
