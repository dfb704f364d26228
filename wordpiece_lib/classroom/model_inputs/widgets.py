"""The token-span view for notebook 10: where each token of a model's input comes from in the text.

``token_spans_html`` draws the original text with every token's span
highlighted (neighbouring tokens alternate colours, so a word cut into pieces
shows its cuts), ``[UNK]`` in red and special tokens typed in the text outlined;
invisible characters (a zero-width space, a soft hyphen, a control) appear as
small ``U+200B`` labels, since they still count in the offsets. Under it, the
encoding's tokens as chips with their ids, template tokens (``[CLS]``,
``[SEP]``) and padding greyed. Every token and every character of the text is
escaped: a token is shown as text, never read as markup.

``TokenSpanView`` is the same as a widget: type a text (and, optionally, a
second one) and the view follows. Printing ``token_spans_html`` with
``IPython.display.HTML`` gives the static twin for readers without a kernel.

>>> from wordpiece_lib import Vocab, WordPieceTokenizer
>>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s", "<"]))
>>> html_text = token_spans_html(tokenizer, "hugs <b>")
>>> "<b>" in html_text, "&lt;" in html_text
(False, True)
"""

from __future__ import annotations

import html
import unicodedata
from typing import Any

from wordpiece_lib._validate import check_str
from wordpiece_lib.classroom.display import (
    FAILED_FILL,
    INK,
    PADDING_FILL,
    SPECIAL_COLOUR,
    SPECIAL_FILL,
    TEMPLATE_FILL,
    TOKEN_SHADES,
    WINNER_COLOUR,
    HtmlCopy,
)
from wordpiece_lib.pipeline import Encoding, WordPieceTokenizer

_CHIP = "display:inline-block;margin:2px;padding:1px 5px;border-radius:4px;text-align:center;font-family:monospace;"


def _check_tokenizer(tokenizer: Any) -> WordPieceTokenizer:
    if not isinstance(tokenizer, WordPieceTokenizer):
        raise TypeError(f"tokenizer must be a WordPieceTokenizer, got {type(tokenizer).__name__}")
    return tokenizer


def visible(char: str) -> str:
    """A character as HTML: escaped, or a small ``U+XXXX`` label when it would be invisible.

    >>> visible("<"), visible("\\u200b").count("U+200B")
    ('&lt;', 1)
    """
    check_str(char, "char", allow_empty=False)
    if char in "\n\t" or unicodedata.category(char)[0] not in "CZ" or char == " ":
        return html.escape(char)
    return f'<sub><code style="color:{INK};font-size:var(--jp-code-font-size, 13px)">U+{ord(char):04X}</code></sub>'


def _text_html(text: str, encoding: Encoding, sequence_id: int, unknown: str, specials: set[int]) -> str:
    spans = [
        (start, end, index)
        for index, (start, end) in enumerate(encoding.offsets)
        if encoding.sequence_ids[index] == sequence_id and end > start
    ]
    parts, done = [], 0
    for start, end, index in spans:
        if start < done:  # never happens with WordPiece tokens; drawn plainly rather than twice
            continue
        parts.append("".join(visible(char) for char in text[done:start]))
        token = encoding.tokens[index]
        colour = TOKEN_SHADES[index % 2]  # the same shade as the token's chip
        border = ""
        if token == unknown:
            colour, border = FAILED_FILL, f"border:1px solid {WINNER_COLOUR};"
        elif encoding.ids[index] in specials:
            colour, border = SPECIAL_FILL, f"border:1px solid {SPECIAL_COLOUR};"
        title = html.escape(f"token {index}: {token!r}, id {encoding.ids[index]}", quote=True)
        piece = "".join(visible(char) for char in text[start:end])
        parts.append(f'<span title="{title}" style="background:{colour};{border}border-radius:3px">{piece}</span>')
        done = end
    parts.append("".join(visible(char) for char in text[done:]))
    return "".join(parts)


def _chips_html(encoding: Encoding, unknown: str, specials: set[int]) -> str:
    chips = []
    for index, token in enumerate(encoding.tokens):
        if encoding.attention_mask[index] == 0:
            colour = PADDING_FILL
        elif encoding.special_tokens_mask[index]:
            colour = TEMPLATE_FILL
        elif token == unknown:
            colour = FAILED_FILL
        elif encoding.ids[index] in specials:
            colour = SPECIAL_FILL
        else:
            colour = TOKEN_SHADES[index % 2]
        chips.append(
            f'<span style="{_CHIP}background:{colour}">{html.escape(token)}'
            f'<br><code style="color:{INK};background:none;font-size:var(--jp-code-font-size, 11px)">{encoding.ids[index]}</code></span>'
        )
    return "".join(chips)


def token_spans_html(
    tokenizer: WordPieceTokenizer, text: str, pair: str | None = None, *, add_special_tokens: bool = True
) -> str:
    """The text(s) with each token's span highlighted, then the tokens as chips, as one HTML string.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s"]))
    >>> token_spans_html(tokenizer, "hugs x").count("token 2: &#x27;##s&#x27;")
    1
    """
    _check_tokenizer(tokenizer)
    check_str(text, "text")
    encoding = tokenizer.encode_plus(text, pair, add_special_tokens=add_special_tokens)
    unknown = tokenizer.vocab.unk_token
    # Added tokens by id: a normalized one is spelled as the text it matched (<ent> for <Ent>), maybe beyond the vocab.
    token_ids = tokenizer.token_ids
    specials = {token_ids[token.content] for token in tokenizer.special_tokens} - {tokenizer.vocab.unk_id}
    rows = [
        f'<div style="font-family:monospace;white-space:pre-wrap;line-height:1.9">'
        f"{_text_html(source, encoding, sequence_id, unknown, specials)}</div>"
        for sequence_id, source in enumerate([text] if pair is None else [text, pair])
    ]
    legend = (
        f'<div style="font-size:var(--jp-ui-font-size1, 12px);color:{INK}">tokens alternate <span style="background:{TOKEN_SHADES[0]}">blue</span>'
        f' / <span style="background:{TOKEN_SHADES[1]}">orange</span>; <span style="background:{FAILED_FILL}">'
        f'{html.escape(unknown)}</span>; <span style="background:{SPECIAL_FILL}">added token typed in the text</span>;'
        f' <span style="background:{TEMPLATE_FILL}">added by the template</span>; hover a span for its token</div>'
    )
    return "<div>" + "".join(rows) + f"<div>{_chips_html(encoding, unknown, specials)}</div>{legend}</div>"


class TokenSpanView(HtmlCopy):
    """Type a text (and optionally a second one): see each token's span in it, and the model's input.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> view = TokenSpanView(WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s"])), "hugs")
    >>> view.text_box.value = "hug hugs"
    >>> view.encoding.tokens
    ['[CLS]', 'hug', 'hug', '##s', '[SEP]']
    """

    def __init__(self, tokenizer: WordPieceTokenizer, text: str = "", pair: str = "") -> None:
        import ipywidgets as w

        self.tokenizer = _check_tokenizer(tokenizer)
        check_str(text, "text")
        check_str(pair, "pair")
        layout = {"width": "95%"}
        self.text_box = w.Textarea(value=text, description="text", continuous_update=True, layout=layout)
        self.pair_box = w.Textarea(
            value=pair, description="pair", placeholder="(optional) a second text", layout=layout
        )
        self.special_box = w.Checkbox(value=True, description="add [CLS] / [SEP]")
        self.view = w.HTML()
        for box in (self.text_box, self.pair_box, self.special_box):
            box.observe(lambda _change: self._render(), names="value")
        self.widget = w.VBox([self.text_box, self.pair_box, self.special_box, self.view])
        self.html = ""
        self._render()

    @property
    def encoding(self) -> Encoding:
        """The encoding shown."""
        return self.tokenizer.encode_plus(
            self.text_box.value, self.pair_box.value or None, add_special_tokens=self.special_box.value
        )

    def _render(self) -> None:
        self.html = token_spans_html(
            self.tokenizer,
            self.text_box.value,
            self.pair_box.value or None,
            add_special_tokens=self.special_box.value,
        )
        self.view.value = self.html


__all__ = ["TokenSpanView", "token_spans_html", "visible"]
