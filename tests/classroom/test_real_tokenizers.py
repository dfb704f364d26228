"""Notebook 13's classroom topic: the token-span view and the explanation widget (any tokenizer, escaped, named
controls, a static twin), its figures' text alternatives, and its tables."""

from __future__ import annotations

import pytest

from wordpiece_lib.classroom.real_tokenizers import (
    ExplanationView,
    explanation_html,
    parts_frame,
    plots,
    real_tokenizers,
    spans_html,
    steps_frame,
    tokens_per_word_frame,
    word_cuts,
)
from wordpiece_lib.pipeline import explain

pytest.importorskip("ipywidgets")

HOSTILE = 'Jim <script>alert("x")</script> & “the <b>Hispaniola</b>” ’ 😀'


@pytest.fixture(scope="module")
def tokenizers():
    return real_tokenizers()


def test_the_four_tokenizers_and_their_parts(tokenizers):
    frame = parts_frame(tokenizers)
    assert list(frame["model"]) == ["WordPiece", "Unigram", "BPE", "BPE"]
    assert frame.set_index("tokenizer").loc["SentencePiece (Unigram)", "normalizer"].startswith("Sequence[Precompiled")
    assert frame.set_index("tokenizer").loc["GPT-2 style (byte-level BPE)", "normalizer"] == "none"
    steps = steps_frame(tokenizers, "The ship")
    assert [tokens.split()[0] for tokens in steps["tokens"]] == ["[CLS]", "▁The", "<|startoftext|>", "The"]


@pytest.mark.parametrize("name", list(real_tokenizers()))
def test_every_view_escapes_the_text_and_names_every_token(tokenizers, name):
    tokenizer = tokenizers[name]
    spans = spans_html(tokenizer, HOSTILE)
    page = explanation_html(tokenizer, HOSTILE, 2)
    for html_text in (spans, page):
        assert "<script>" not in html_text and "<b>Hispaniola" not in html_text
        assert "&lt;script&gt;" in html_text or "&lt;" in html_text
    encoding = tokenizer.encode_plus(HOSTILE)
    inside = [
        index
        for index, (sequence, (start, end)) in enumerate(zip(encoding.sequence_ids, encoding.offsets))
        if sequence == 0 and end > start  # a byte-level space token trimmed to nothing has no span to draw
    ]
    # every token of the text is named in some span's title, even tokens that share a character (bytes of 😀)
    assert all(f"token {index}:" in spans for index in inside)


def test_the_widget_is_named_its_output_live_and_its_static_twin_the_same(tokenizers):
    view = ExplanationView(tokenizers, "The ship", token=1)
    assert [control.description for control in (view.choice, view.text_box, view.token_box)] == [
        "tokenizer",
        "text",
        "token",
    ]
    assert type(view.token_box).__name__ == "BoundedIntText"  # a number box: named by its label (no slider)
    assert "wordpiece-live" in view.view._dom_classes
    assert view.html == explanation_html(tokenizers["BERT (WordPiece)"], "The ship", 1)
    view.choice.value = "CLIP (byte-level BPE)"
    view.text_box.value = "parrots"
    assert view.html == explanation_html(tokenizers["CLIP (byte-level BPE)"], "parrots", view.token_box.value)
    assert view.token_box.max == len(explain(tokenizers["CLIP (byte-level BPE)"], "parrots").tokens) - 1
    assert view._repr_mimebundle_()["text/html"] == view.html


def test_the_figures_carry_their_text_alternatives(tokenizers, book_text):
    cuts = word_cuts(tokenizers, "unhappiness")
    figure = plots.cut_figure(cuts, "unhappiness")
    for name, tokens in cuts.items():
        assert f"{name}: {' + '.join(token for token, _, _ in tokens)}" in figure.text_alternative
    frame = tokens_per_word_frame(tokenizers, book_text.split("\n")[:50])
    bars = plots.tokens_per_word_bars(frame)
    assert all(f"{value:.2f}" in bars.text_alternative for value in frame["tokens per word"])
    with pytest.raises(TypeError, match="cuts must be a non-empty dict"):
        plots.cut_figure({}, "a")
