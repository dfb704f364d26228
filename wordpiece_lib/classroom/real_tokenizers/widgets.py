"""Notebook 13, interactive: any tokenizer's token spans, and every token's explanation.

* ``spans_html`` draws a text with each token's span highlighted (neighbouring
  tokens alternate shades; a byte-level tokenizer may cut inside a character,
  so tokens that share a character are drawn once, with every token named in
  the span's title) and the tokens under it as chips with their ids, the
  post-processor's tokens greyed. It works for any tokenizer (notebook 10's
  view is WordPiece's).
* ``explanation_html`` is the static twin of the explanation widget: the
  steps of ``explain`` as tables (each with a caption and column headers) and
  the chosen token's story.
* ``ExplanationView`` is the widget: a drop-down of tokenizers, a text box,
  and a token number box (Tab to a control; the arrow keys step the box, a
  screen reader names each control by its label); its output area is a live
  region, read again at each change. Every token, word and text is escaped:
  shown as text, never read as markup.

>>> from wordpiece_lib import Vocab, WordPieceTokenizer
>>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "[CLS]", "[SEP]", "hug", "##s", "<"]))
>>> page = explanation_html(tokenizer, "hugs <b>", 1)
>>> "&lt;b&gt;" in page, "took &#x27;hug&#x27;" in page  # the text's markup shown as text
(True, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_str
from wordpiece_lib.classroom.display import INK, LIVE_OUTPUT_CLASS, TEMPLATE_FILL, TOKEN_SHADES, HtmlCopy, step_box
from wordpiece_lib.pipeline import Explanation, explain

_CHIP = "display:inline-block;margin:2px;padding:1px 5px;border-radius:4px;text-align:center;font-family:monospace;"
_TABLE = "border-collapse:collapse;font-family:monospace;font-size:var(--jp-content-font-size1, 90%);margin:4px 0"
_CELL = "border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top"


def _escaped(text: str) -> str:
    """Text as HTML: escaped, with invisible characters and spaces made visible as small labels."""
    out = []
    for char in text:
        if char == " ":
            out.append("&nbsp;")
        elif char.isprintable():
            out.append(html.escape(char))
        else:
            out.append(
                f'<sub><code style="color:{INK};background:none;font-size:var(--jp-code-font-size, 70%)">U+{ord(char):04X}</code></sub>'
            )
    return "".join(out)


def _table(caption: str, columns: list[str], rows: list[list[str]]) -> str:
    head = "".join(f'<th scope="col" style="{_CELL}">{html.escape(column)}</th>' for column in columns)
    body = "".join("<tr>" + "".join(f'<td style="{_CELL}">{cell}</td>' for cell in row) + "</tr>" for row in rows)
    return f'<table style="{_TABLE}"><caption style="text-align:left">{html.escape(caption)}</caption><tr>{head}</tr>{body}</table>'


def spans_html(tokenizer: Any, text: str) -> str:
    """``text`` with each token's span highlighted, then the tokens as chips with their ids (one HTML string).

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> spans_html(WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])), "hugs").count('title="token')
    2
    """
    check_str(text, "text")
    encoding = tokenizer.encode_plus(text)
    owners: dict[int, list[int]] = {}
    for index, (start, end) in enumerate(encoding.offsets):
        if encoding.sequence_ids[index] is None:
            continue
        for position in range(start, end):
            owners.setdefault(position, []).append(index)
    parts = []
    position = 0
    while position < len(text):
        tokens = owners.get(position)
        if not tokens:
            parts.append(_escaped(text[position]))
            position += 1
            continue
        end = position + 1
        while end < len(text) and owners.get(end) == tokens:
            end += 1
        names = ", ".join(f"token {index}: {encoding.tokens[index]!r}, id {encoding.ids[index]}" for index in tokens)
        shade = TOKEN_SHADES[tokens[0] % 2]
        parts.append(
            f'<span title="{html.escape(names, quote=True)}" style="background:{shade};border-radius:3px">'
            f"{_escaped(text[position:end])}</span>"
        )
        position = end
    chips = []
    for index, token in enumerate(encoding.tokens):
        colour = TEMPLATE_FILL if encoding.sequence_ids[index] is None else TOKEN_SHADES[index % 2]
        chips.append(
            f'<span style="{_CHIP}background:{colour}">{_escaped(token)}'
            f'<br><code style="color:{INK};background:none;font-size:var(--jp-code-font-size, 80%)">{encoding.ids[index]}</code></span>'
        )
    legend = (
        f'<div style="font-size:var(--jp-ui-font-size1, 80%);color:{INK}">tokens alternate <span style="background:{TOKEN_SHADES[0]}">blue'
        f'</span> / <span style="background:{TOKEN_SHADES[1]}">orange</span>; <span style="background:'
        f'{TEMPLATE_FILL}">added by the post-processor</span>; hover a span for its tokens</div>'
    )
    return (
        f'<div><div style="font-family:monospace;white-space:pre-wrap;line-height:1.9">{"".join(parts)}</div>'
        f"<div>{''.join(chips)}</div>{legend}</div>"
    )


def story_html(story: Explanation, token: int | None = None) -> str:
    """An explanation as HTML tables: the normalizer's steps, the words, the tokens; and token ``token``'s story.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer, explain
    >>> page = story_html(explain(WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])), "hugs"), 1)
    >>> page.count("<table"), "<b>token 1</b> ##s" in page  # the normalizer's, the words', the tokens'; token 1
    (3, True)
    """
    check_instance(story, "story", Explanation)
    if token is not None:
        check_int(token, "token", minimum=0)
    parts = [f"<p><b>tokenizer</b>: {html.escape(', '.join(f'{k} {v}' for k, v in story.tokenizer.items()))}</p>"]
    if story.normalizer_steps:
        rows = [
            [
                html.escape(step.part),
                "; ".join(
                    f"[{edit.start}:{edit.end}] {_escaped(edit.before)} → {_escaped(edit.after)}" for edit in step.edits
                )
                or "no change",
                _escaped(step.text),
            ]
            for step in story.normalizer_steps
        ]
        parts.append(
            _table("What each normalizer did", ["normalizer", "edits (original spans)", "text after it"], rows)
        )
    rows = [
        [str(word.index), _escaped(word.word), f"{word.start}:{word.end}", html.escape(word.decision)]
        for word in story.words
    ]
    parts.append(
        _table("The pre-tokenizer's words", ["word", "as the model sees it", "span", "the model's decision"], rows)
    )
    rows = [
        [
            str(item.index),
            _escaped(item.token),
            str(item.id),
            f"{item.start}:{item.end}",
            _escaped(item.text),
            html.escape(item.source),
        ]
        for item in story.tokens
    ]
    parts.append(_table("The tokens", ["token", "text", "id", "offsets", "original text", "from"], rows))
    if token is not None and 0 <= token < len(story.tokens):
        chosen = story.tokens[token]
        lines = [f"<b>token {chosen.index}</b> {_escaped(chosen.token)} (id {chosen.id}): {html.escape(chosen.source)}"]
        lines += [
            f"normalizer {html.escape(edit.part)}: {_escaped(edit.before)} → {_escaped(edit.after)}"
            for edit in chosen.edits
        ]
        word = {item.index: item for item in story.words}.get(chosen.word) if chosen.word is not None else None
        if word is not None:
            lines.append(f"word {word.index} {_escaped(word.word)}: {html.escape(word.decision)}")
            lines += [html.escape(line) for line in word.details.get("bytes_text", [])]
        if chosen.decision:
            lines.append(html.escape(chosen.decision))
        parts.append('<div style="border-left:3px solid #888;padding-left:6px">' + "<br>".join(lines) + "</div>")
    return "<div>" + "".join(parts) + "</div>"


def explanation_html(tokenizer: Any, text: str, token: int | None = None) -> str:
    """The static twin of ``ExplanationView``: ``explain(tokenizer, text)`` as tables, and token ``token``'s story.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> page = explanation_html(WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"])), "hugs", 1)
    >>> "took &#x27;##s&#x27;" in page
    True
    """
    check_str(text, "text")
    if token is not None:
        check_int(token, "token", minimum=0)
    return story_html(explain(tokenizer, text), token)


class ExplanationView(HtmlCopy):
    """Pick a tokenizer, type a text, step through its tokens: what each step did, and why each token.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> view = ExplanationView({"toy": WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]))}, "hugs")
    >>> view.text_box.value = "hug hugs"
    >>> [token.token for token in view.story.tokens], view.token_box.max
    (['hug', 'hug', '##s'], 2)
    """

    def __init__(self, tokenizers: Mapping[str, Any], text: str = "", token: int = 0) -> None:
        import ipywidgets as w

        if not isinstance(tokenizers, Mapping) or not tokenizers:
            raise TypeError("tokenizers must be a non-empty dict of name -> tokenizer")
        check_str(text, "text")
        check_int(token, "token", minimum=0)
        self.tokenizers = dict(tokenizers)
        self.choice = w.Dropdown(options=list(self.tokenizers), description="tokenizer", layout={"width": "30em"})
        self.text_box = w.Textarea(value=text, description="text", continuous_update=False, layout={"width": "95%"})
        # The box sends its text when the learner leaves it (a story per keystroke would be wasted work): say so.
        # An HTML paragraph, not a Label: a Label never wraps, and a narrow screen would cut the sentence off.
        self.text_hint = w.HTML("<p>Edit the text, then press Tab (or click outside the box) to see its tokens.</p>")
        self.token_box = step_box("token", 0, 0, tooltip="which token's story to show")
        self.view = w.HTML()
        self.view.add_class(LIVE_OUTPUT_CLASS)  # a screen reader reads each new story
        self.story = explain(self.tokenizers[self.choice.value], text)
        self.token_box.max = max(len(self.story.tokens) - 1, 0)
        self.token_box.value = min(token, self.token_box.max)
        self.choice.observe(lambda _change: self._new_story(), names="value")
        self.text_box.observe(lambda _change: self._new_story(), names="value")
        self.token_box.observe(lambda _change: self._render(), names="value")
        self.widget = w.VBox([self.choice, self.text_box, self.text_hint, self.token_box, self.view])
        self.html = ""
        self._render()

    def _new_story(self) -> None:
        self.story = explain(self.tokenizers[self.choice.value], self.text_box.value)
        self.token_box.max = max(len(self.story.tokens) - 1, 0)
        self._render()

    def _render(self) -> None:
        self.html = story_html(self.story, self.token_box.value)
        self.view.value = self.html


__all__ = ["ExplanationView", "explanation_html", "spans_html", "story_html"]
