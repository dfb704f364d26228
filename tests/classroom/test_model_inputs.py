"""Notebook 10's checks, token view and figures: right answers pass, wrong ones get a hint, never the answer."""

from __future__ import annotations

import pytest
from check_helpers import fails_with, skips

from wordpiece_lib import Padding, Truncation, Vocab, WordPieceDecoder, WordPieceTokenizer
from wordpiece_lib.classroom.display import FAILED_FILL, SPECIAL_FILL
from wordpiece_lib.classroom.model_inputs import TokenSpanView, checks, plots, token_spans_html
from wordpiece_lib.classroom.runtime import TODO

VOCAB = Vocab(
    ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "yo", "-", "ho", ",", "and", "rum", "!", "<b>", "bot", "##tle"]
)
TOKENIZER = WordPieceTokenizer(VOCAB, lowercase=True)
TEXT = "Yo-ho,\u200b and RÚM!"


# -- offsets --------------------------------------------------------------------------------------------------


def test_offsets_check_accepts_the_library_answer_and_skips_todo():
    checks.check_offsets((12, 15), TOKENIZER, TEXT, "rum")
    assert TEXT[12:15] == "RÚM"
    assert "not done yet" in skips(checks.check_offsets, TODO, TOKENIZER, TEXT, "rum")


def test_offsets_counted_with_len_over_the_typed_text_pass():
    """Typing the text up to the token, the invisible character too, and measuring it is counting: it passes."""
    source = "rum_offsets = (len('Yo-ho,\\u200b and '), len('Yo-ho,\\u200b and RÚM'))"
    namespace: dict = {}
    exec(source, namespace)
    checks.check_offsets(namespace["rum_offsets"], TOKENIZER, TEXT, "rum", source=source)


#: A learner's own loops that list or count the positions, to count by eye: counting, not a search (they pass).
HONEST_LOOPS = {
    "range(len(...)) printing each position": "for i in range(len(text)):\n    print(i, repr(text[i]))\n",
    "enumerate printing each position": "for i, char in enumerate(text):\n    print(i, repr(char))\n",
    "the characters counted one by one": "count = 0\nfor char in text:\n    count += 1\nprint(count)\n",
    "a list of (position, character)": "print([(i, text[i]) for i in range(len(text))])\n",
}
#: Loops that walk the positions and stop at the letters they compare: a search by another name (refused).
SEARCH_LOOPS = {
    "range(len(...)) stopped at a slice": "for i in range(len(text)):\n    if text[i:i + 3] == 'RÚM':\n        break\n",
    "enumerate stopped at a letter": "i = next(i for i, char in enumerate(text) if char == 'R')\n",
    "startswith at each position": "i = [i for i in range(len(text)) if text.startswith('RÚM', i)][0]\n",
    "a while loop to the letter": "i = 0\nwhile text[i] != 'R':\n    i += 1\n",
}


@pytest.mark.parametrize("label", HONEST_LOOPS)
def test_offsets_counted_with_a_loop_of_ones_own_that_lists_the_positions_pass(label):
    """Issue 40 (c): the refusal of position loops is about searching, so a loop that only lists positions passes."""
    source = HONEST_LOOPS[label] + "rum_offsets = (12, 15)"
    namespace: dict = {"text": TEXT}
    exec(source, namespace)
    checks.check_offsets(namespace["rum_offsets"], TOKENIZER, TEXT, "rum", source=source)


@pytest.mark.parametrize("label", SEARCH_LOOPS)
def test_offsets_found_by_a_loop_that_stops_at_the_letters_are_refused_as_a_search(label):
    source = SEARCH_LOOPS[label] + "rum_offsets = (i, i + 3)"
    namespace: dict = {"text": TEXT}
    exec(source, namespace)
    assert namespace["rum_offsets"] == (12, 15)  # the right value: refused for what it does
    message = fails_with(checks.check_offsets, namespace["rum_offsets"], TOKENIZER, TEXT, "rum", source=source)
    assert "a search by another name" in message and "(12, 15)" not in message


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ((11, 14), "You counted in the normalized text"),
        ((3, 6), "text[3:6] is 'ho,'"),
        ((15, 12), "The end must come after the start"),
        ("12-15", "two whole numbers"),
    ],
)
def test_offsets_check_hints_without_the_answer(answer, hint):
    message = fails_with(checks.check_offsets, answer, TOKENIZER, TEXT, "rum")
    assert hint in message
    assert "(12, 15)" not in message and "12:15" not in message


# -- pairs ----------------------------------------------------------------------------------------------------


def right_pair(first, second):
    return ["[CLS]", *first, "[SEP]", *second, "[SEP]"], [0] * (len(first) + 2) + [1] * (len(second) + 1)


def test_pair_check_accepts_bert_layout_and_skips_a_stub():
    checks.check_pair_input(right_pair, ["yo", "ho"], ["rum"])

    def stub(first, second):
        raise NotImplementedError("your turn")

    assert "not done yet" in skips(checks.check_pair_input, stub, ["yo"], ["rum"])


@pytest.mark.parametrize(
    ("function", "hint"),
    [
        (lambda a, b: (["[CLS]", *a, *b, "[SEP]"], [0] * (len(a) + len(b) + 2)), "a pair needs one after each text"),
        (lambda a, b: ([*a, "[SEP]", *b, "[SEP]"], [0] * (len(a) + 1) + [1] * (len(b) + 1)), "starts with one [CLS]"),
        (lambda a, b: (right_pair(a, b)[0], [0] * (len(a) + 1) + [1] * (len(b) + 2)), "The type id of token"),
        (lambda a, b: (right_pair(a, b)[0], [0, 1]), "type ids for"),
        (lambda a, b: None, "did you forget the `return` line?"),
    ],
    ids=["one-sep", "no-cls", "first-sep-in-segment-1", "too-few-type-ids", "no-return"],
)
def test_pair_check_hints(function, hint):
    message = fails_with(checks.check_pair_input, function, ["yo", "ho"], ["rum"])
    assert hint in message
    assert "[0, 0, 0, 0, 1, 1]" not in message


# -- truncation ----------------------------------------------------------------------------------------------


def test_kept_lengths_check_follows_the_library():
    checks.check_kept_lengths((13, 8), 30, 8, max_length=24)
    checks.check_kept_lengths((10, 11), 30, 30, max_length=24)  # both cut: the first gets the smaller half


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ((16, 8), "more than max_length=24"),
        ((10, 8), "cuts only what does not fit"),
        ((14, 7), "Right total, wrong split"),
        (TODO, "not done yet"),
    ],
)
def test_kept_lengths_check_hints(answer, hint):
    if answer is TODO:
        assert hint in skips(checks.check_kept_lengths, answer, 30, 8, max_length=24)
        return
    message = fails_with(checks.check_kept_lengths, answer, 30, 8, max_length=24)
    assert hint in message and "(13, 8)" not in message


# -- decoding ------------------------------------------------------------------------------------------------

TOKENS = ["pieces", "of", "eight", "!", "it", "'", "s", "flint", "'s", "par", "##rot", "."]


def test_decode_check_accepts_hugging_faces_decode():
    pytest.importorskip("tokenizers")
    from tokenizers import decoders

    expected = decoders.WordPiece().decode(TOKENS)
    checks.check_decoded(expected, TOKENS)
    assert expected == WordPieceDecoder().decode(TOKENS)


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ("pieces of eight ! it ' s flint 's parrot .", "Then comes the clean-up"),
        ("pieces of eight! it's flint's parrot.", "it looks at one token at a time"),
        ("Pieces of eight! it ' s flint's parrot.", "no capitals come back"),
        (3, "should be a str"),
    ],
)
def test_decode_check_hints(answer, hint):
    message = fails_with(checks.check_decoded, answer, TOKENS)
    assert hint in message and WordPieceDecoder().decode(TOKENS) not in message


# -- the token view ------------------------------------------------------------------------------------------


def test_static_view_marks_spans_unknowns_and_specials_and_escapes_everything():
    tokenizer = WordPieceTokenizer(VOCAB, lowercase=True, special_tokens=[*VOCAB.special_tokens, "<b>"])
    page = token_spans_html(tokenizer, "Yo <b> bottle 🦜 [MASK]\u200b")
    assert "<b>" not in page.replace("<br>", "")  # the token <b> and the text's <b> are shown, never applied
    assert page.count("&lt;b&gt;") == 3  # in the text, in its hover title, as a chip
    assert "U+200B" in page  # the invisible character is labelled
    assert "token 3: &#x27;bot&#x27;" in page and "token 4: &#x27;##tle&#x27;" in page  # hover titles name pieces
    assert page.count(f"background:{FAILED_FILL}") == 3  # the emoji's [UNK]: its span, its chip, the legend
    assert "[MASK]" in page


def test_widget_follows_the_text_pair_and_switch():
    view = TokenSpanView(TOKENIZER, "yo")
    assert view.encoding.tokens == ["[CLS]", "yo", "[SEP]"]
    view.text_box.value = "yo ho"
    view.pair_box.value = "rum"
    assert view.encoding.tokens == ["[CLS]", "yo", "ho", "[SEP]", "rum", "[SEP]"]
    assert view.html == token_spans_html(TOKENIZER, "yo ho", "rum") == view.view.value
    view.special_box.value = False
    assert view.encoding.tokens == ["yo", "ho", "rum"]
    bundle = view._repr_mimebundle_()
    assert "text/html" in bundle  # a static copy for front ends without widgets


def test_figures_read_encodings():
    tokenizer = WordPieceTokenizer(VOCAB, truncation=Truncation(6), padding=Padding())
    batch = tokenizer.encode_batch(["yo", "yo ho , and rum !", "rum"])
    figure = plots.batch_figure(batch)
    assert figure.axes[0].get_title() == "A batch as the model sees it: 3 texts x 6 positions"
    assert "padding, 33% of the batch" in figure.axes[0].get_xlabel()  # 6 of 18 cells
    histogram = plots.length_histogram([len(encoding) for encoding in batch] + [9], max_length=6)
    assert "1 of 4 texts cut" in histogram.axes[0].texts[0].get_text()
    with pytest.raises(ValueError, match="lengths is empty"):
        plots.length_histogram([])


def test_view_marks_added_tokens_beyond_the_vocab_and_normalized_ones():
    tokenizer = WordPieceTokenizer(VOCAB, lowercase=True)
    tokenizer.add_tokens(["<Ent>"])  # Hugging Face's default: normalized, its own id after the vocab
    page = token_spans_html(tokenizer, "yo <ENT>")
    entity = tokenizer.token_ids["<Ent>"]
    assert entity == len(VOCAB) and f"id {entity}" in page
    assert page.count(f"background:{SPECIAL_FILL}") == 3  # its span, its chip, the legend


def _luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance of a ``#rrggbb`` colour."""
    channels = [int(colour[index : index + 2], 16) / 255 for index in (1, 3, 5)]
    linear = [value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4 for value in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(text: str, background: str) -> float:
    light, dark = sorted((_luminance(text), _luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_contrast_by_hand():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#767676", "#ffffff"), 2) == 4.54  # the lightest grey WCAG AA allows on white


def test_chip_ids_and_code_points_are_readable_on_every_chip():
    import re

    tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]", "hug", "##s"]))
    tokenizer.padding = Padding(length=12, pad_id=3)
    page = token_spans_html(tokenizer, "hugs \u200b [MASK] x", "hug")
    chips = re.findall(r'background:(#[0-9a-f]{6})">[^<]*<br><code style="color:(#[0-9a-f]{6});background:none', page)
    assert len(chips) == 12 and len({background for background, _ in chips}) >= 4  # tokens, specials, [UNK], padding
    for background, ink in chips:
        assert contrast(ink, background) >= 4.5, (ink, background)
    code_points = re.findall(r'<sub><code style="color:(#[0-9a-f]{6})', page)
    legend = re.findall(r"font-size:var\(--jp-ui-font-size1, 12px\);color:(#[0-9a-f]{6})", page)
    assert len(code_points) == 1 and len(legend) == 1  # U+200B, and the legend
    for ink in code_points + legend:
        assert contrast(ink, "#ffffff") >= 4.5
