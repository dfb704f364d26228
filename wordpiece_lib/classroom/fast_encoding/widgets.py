"""The LinMaxMatch stepper for notebook 08: watch the automaton read a word, one move at a time.

``AutomatonStepper`` shows the trie of a small vocab as an inline SVG inside
an ipywidgets ``HTML`` widget (so it renders in JupyterLab and in a static HTML
export with the widget state), with the node the automaton is at filled
orange, failure links as dashed arrows (the one just followed in red) and
each node's failure pops written under it in brackets. Above the trie, the
word with the characters read so far and the tokens emitted so far; below,
the move in words. Buttons first / previous / next / last and a text box for
the word drive it; the ends stop, nothing breaks.

It only reads ``LinMaxMatch.trace``: the widget never encodes on its own.
``steps_frame`` and ``automaton_step_text`` give the same information without a kernel,
for a static cell next to the widget (with ``plots.trie_figure``).

>>> from wordpiece_lib import LinMaxMatch
>>> stepper = AutomatonStepper(LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"]), "abcdz")
>>> stepper.last.click()
>>> stepper.text.splitlines()[-1]
'Tokens so far: a ##b ##c ##dz'
"""

from __future__ import annotations

import html
import itertools
import math
from collections.abc import Iterable
from typing import Any

from wordpiece_lib._validate import check_index, check_instance, check_int, check_str
from wordpiece_lib.classroom.display import (
    BUTTON_LAYOUT,
    CURRENT_FILL,
    FAILED_FILL,
    INK,
    LINK_COLOUR,
    PLAIN_FILL,
    POPS_COLOUR,
    TOKEN_FILL,
    VISITED_COLOUR,
    WINNER_COLOUR,
    HtmlCopy,
    hand_on_focus,
    show_text,
    text_view,
)
from wordpiece_lib.classroom.fast_encoding.plots import drawable_nodes, node_caption, trie_layout
from wordpiece_lib.model import CONTINUATION, DEFAULT_PREFIX, START, AutomatonStep, LinMaxMatch

_SLOT = 96  # pixels between two leaves
_LEVEL = 86  # pixels between two depths
_MARGIN = 40
_CHAR_WIDTH = 8.2  # monospace 13 px
_svg_ids = itertools.count()  # marker ids must be unique on a page that holds several drawings


def _automaton(vocab: Any, prefix: str) -> LinMaxMatch:
    if isinstance(vocab, LinMaxMatch):
        return vocab
    if isinstance(vocab, str):
        raise TypeError("vocab must be a LinMaxMatch or a list of tokens, got a str")
    return LinMaxMatch(vocab, prefix=prefix)


def node_name(automaton: LinMaxMatch, node: int | None) -> str:
    """How a node is named in the texts: ``START``, the prefix root (``##``), or the string it spells.

    >>> automaton = LinMaxMatch(["ab", "##c"])
    >>> node_name(automaton, 0), node_name(automaton, 1), node_name(automaton, automaton.find("ab"))
    ('START', '## (root)', 'ab')
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    if node is None:
        return "(none)"
    if node == START:
        return "START"
    if node == CONTINUATION:
        return f"{automaton.prefix} (root)"
    return automaton.label(node)


def _tokens_text(tokens: Iterable[str]) -> str:
    shown = " ".join(tokens)
    return shown if shown else "(none yet)"


def describe_step(automaton: LinMaxMatch, step: AutomatonStep, word: str) -> str:
    """One move of the automaton, in words.

    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> steps = list(automaton.trace("abcdz"))
    >>> print(describe_step(automaton, steps[4], "abcdz"))
    fail at 'z' (position 4): abcd has no edge 'z', so emit its failure pops [a, ##b] and follow its failure link to ##cd; 'z' is tried again from there
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    check_instance(step, "step", AutomatonStep)
    check_str(word, "word")
    here, there = node_name(automaton, step.node), node_name(automaton, step.next_node)
    pops = "[" + ", ".join(step.emitted) + "]"
    if step.kind == "read":
        return f"read {step.char!r} (position {step.position}): follow the edge {here} -> {there}"
    if step.kind == "fail" and step.char is not None:
        return (
            f"fail at {step.char!r} (position {step.position}): {here} has no edge {step.char!r}, so emit its "
            f"failure pops {pops} and follow its failure link to {there}; {step.char!r} is tried again from there"
        )
    if step.kind == "fail":
        return (
            f"end of the word: {here} is still pending, so emit its failure pops {pops} and follow its failure "
            f"link to {there}"
        )
    if step.kind == "unk" and step.char is not None:
        return (
            f"[UNK] at {step.char!r} (position {step.position}): {here} has no edge {step.char!r} and NO failure "
            f"link: no vocab token can cover what is pending, so the whole word is {automaton.unk_token} "
            f"(known after reading {step.position} of {len(word)} characters; the tokens so far are dropped)"
        )
    if step.kind == "unk":
        return (
            f"[UNK] at the end of the word: {here} is pending and has NO failure link: no vocab token can cover "
            f"it, so the whole word is {automaton.unk_token}"
        )
    if step.kind == "too_long":
        return (
            f"the word has {len(word)} characters, more than {automaton.max_input_chars_per_word}: it is "
            f"{automaton.unk_token} without reading a single character"
        )
    return f"done: back at {there} with nothing pending"


def automaton_step_text(automaton: LinMaxMatch, word: str, shown: int) -> str:
    """What the stepper shows after ``shown`` moves (0 = before reading anything), as text.

    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> print(automaton_step_text(automaton, "abd", 3))
    Word: 'abd' (3 characters), 6 moves
    Step 3 of 6: fail at 'd' (position 2): ab has no edge 'd', so emit its failure pops [a] and follow its failure link to ##b; 'd' is tried again from there
    Now at: ##b   read so far: 'ab'
    Tokens so far: a
    """
    return _StepView(automaton, word, None).text(shown)


def steps_frame(automaton: LinMaxMatch, word: str) -> Any:
    """Every move on ``word`` as a DataFrame (the static twin of the stepper).

    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> steps_frame(automaton, "abcdz")[["kind", "from", "to", "emitted"]].tail(5).values.tolist()
    [['fail', 'abcd', '##cd', 'a ##b'], ['fail', '##cd', '##d', '##c'], ['read', '##d', '##dz', ''], ['fail', '##dz', '## (root)', '##dz'], ['done', '## (root)', '## (root)', '']]
    """
    import pandas as pd

    check_instance(automaton, "automaton", LinMaxMatch)
    rows = [
        {
            "step": number,
            "kind": step.kind,
            "position": step.position,
            "char": step.char if step.char is not None else "",
            "from": node_name(automaton, step.node),
            "to": node_name(automaton, step.next_node) if step.next_node is not None else "",
            "emitted": " ".join(step.emitted),
            "tokens so far": " ".join(step.tokens),
        }
        for number, step in enumerate(automaton.trace(word), start=1)
    ]
    return pd.DataFrame(rows, columns=["step", "kind", "position", "char", "from", "to", "emitted", "tokens so far"])


class _StepView:
    """The trace of one word and the drawing layout, computed once; renders any step fast."""

    def __init__(self, automaton: LinMaxMatch, word: str, nodes: Iterable[int] | None, *, max_nodes: int = 40) -> None:
        check_instance(automaton, "automaton", LinMaxMatch)
        check_str(word, "word")
        self.automaton = automaton
        self.word = word
        self.steps = list(automaton.trace(word)) if word else []
        self.nodes = list(nodes) if nodes is not None else drawable_nodes(automaton, word, max_nodes=max_nodes)
        self.layout = trie_layout(automaton, self.nodes)

    def _check(self, shown: int) -> None:
        check_int(shown, "shown", minimum=0)
        if shown > len(self.steps):
            raise ValueError(f"shown must be between 0 and {len(self.steps)}, got {shown}")

    def state(self, shown: int) -> tuple[int, AutomatonStep | None, int, tuple[str, ...]]:
        """``(current node, last step, characters read, tokens so far)`` after ``shown`` moves."""
        self._check(shown)
        if shown == 0:
            return START, None, 0, ()
        step = self.steps[shown - 1]
        current = step.next_node if step.next_node is not None else step.node
        read = sum(1 for s in self.steps[:shown] if s.kind == "read")
        return current, step, read, step.tokens

    def text(self, shown: int) -> str:
        automaton, word = self.automaton, self.word
        if not word:
            return "Type a word above."
        current, step, read, tokens = self.state(shown)
        lines = [f"Word: {word!r} ({len(word)} characters), {len(self.steps)} moves"]
        if step is None:
            lines.append("Before the first move: at START, nothing read. Press next.")
        else:
            lines.append(f"Step {shown} of {len(self.steps)}: {describe_step(automaton, step, word)}")
        lines.append(f"Now at: {node_name(automaton, current)}   read so far: {word[:read]!r}")
        if step is not None and step.kind in ("unk", "too_long"):
            lines.append(f"Result: {automaton.unk_token}")
        elif step is not None and step.kind == "done":
            lines.append(f"Result: {' '.join(tokens)}")
        lines.append(f"Tokens so far: {_tokens_text(tokens)}")
        return "\n".join(lines)

    # -- drawing ----------------------------------------------------------------------------------------------

    def _xy(self, node: int) -> tuple[float, float]:
        x, depth = self.layout[node]
        return _MARGIN + 30 + x * _SLOT, _MARGIN + depth * _LEVEL

    def _box_text(self, node: int) -> str:
        if node == START:
            return "START"
        if node == CONTINUATION:
            return self.automaton.prefix
        return self.automaton.label(node)

    def word_strip(self, shown: int) -> str:
        """The word with read characters shaded and the next one boxed, and the tokens so far, as HTML."""
        if not self.word:
            return "<div style='font-family:monospace'><i>type a word above</i></div>"
        _current, step, read, tokens = self.state(shown)
        cells = []
        for index, char in enumerate(self.word):
            if index < read:
                style = "background:#e0e0e0;color:#555"
            elif index == read and not (step is not None and step.kind in ("done", "too_long")):
                style = f"background:{CURRENT_FILL};font-weight:bold;outline:1px solid {VISITED_COLOUR}"
            else:
                style = "color:#000"
            cells.append(f"<span style='padding:1px 3px;{style}'>{html.escape(char)}</span>")
        failed = step is not None and step.kind in ("unk", "too_long")
        chips = [
            f"<span style='padding:1px 5px;margin-right:4px;border:1px solid #999;border-radius:3px;"
            f"background:{FAILED_FILL if failed else TOKEN_FILL}'>{html.escape(token)}</span>"
            for token in tokens
        ]
        return (
            # Sizes from the notebook's own font sizes, so live slides (rise.css) enlarge them with the rest.
            "<div style='font-family:monospace;font-size:calc(var(--jp-code-font-size, 13px) * 1.4);margin:2px 0'>"
            + "".join(cells)
            + "</div>"
            "<div style='font-size:var(--jp-ui-font-size1, 13px);margin:4px 0'>tokens so far: "
            + ("".join(f"<code>{chip}</code>" for chip in chips) if chips else "<i>none yet</i>")
            + "</div>"
        )

    def svg(self, shown: int) -> str:
        """The trie as an inline SVG, with the state after ``shown`` moves."""
        automaton = self.automaton
        current, step, _read, _tokens = self.state(shown) if self.word else (START, None, 0, ())
        visited = {START}
        for earlier in self.steps[:shown]:
            visited.add(earlier.node)
            if earlier.next_node is not None:
                visited.add(earlier.next_node)
        followed = (step.node, step.next_node) if step is not None and step.kind == "fail" else None
        stuck = step is not None and step.kind == "unk"
        marker = f"lmm{next(_svg_ids)}"
        width = _MARGIN * 2 + 60 + max(x for x, _ in self.layout.values()) * _SLOT
        height = _MARGIN * 2 + 20 + max(d for _, d in self.layout.values()) * _LEVEL
        name = html.escape(self.drawing_name(shown, current), quote=True)
        parts = [
            f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.0f}' height='{height:.0f}' "
            f"viewBox='0 0 {width:.0f} {height:.0f}' font-family='monospace' font-size='13' "
            f"role='img' aria-label='{name}'>",
            f"<title>{name}</title>",
            "<defs>",
            f"<marker id='{marker}-grey' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' markerHeight='7' "
            f"orient='auto-start-reverse'><path d='M0,0 L10,5 L0,10 z' fill='{LINK_COLOUR}'/></marker>",
            f"<marker id='{marker}-red' viewBox='0 0 10 10' refX='9' refY='5' markerWidth='7' markerHeight='7' "
            f"orient='auto-start-reverse'><path d='M0,0 L10,5 L0,10 z' fill='{WINNER_COLOUR}'/></marker>",
            "</defs>",
        ]
        for node in self.layout:  # trie edges, with their character
            parent = automaton.node(node).parent
            if parent is None:
                continue
            (x0, y0), (x1, y1) = self._xy(parent), self._xy(node)
            parts.append(f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' stroke='#333'/>")
            char = html.escape(automaton.node(node).char or "")
            parts.append(
                f"<text x='{(x0 + x1) / 2 - 6:.1f}' y='{(y0 + y1) / 2 + 4:.1f}' text-anchor='end' fill='#333'>"
                f"{char}</text>"
            )
        for node in self.layout:  # failure links, dashed; the one just followed in red
            link = automaton.node(node).failure_link
            if link is None or link not in self.layout:
                continue
            parts.append(self._link_path(node, link, marker, (node, link) == followed))
        for node in self.layout:  # nodes, then their failure pops
            parts.append(self._node_box(node, node == current and bool(self.word), node in visited, stuck))
        parts.append("</svg>")
        return "".join(parts)

    def drawing_name(self, shown: int, current: int) -> str:
        """The trie drawing's accessible name: what it is, and where the automaton is after ``shown`` moves.

        >>> view = _StepView(LinMaxMatch(["a", "##b"]), "ab", None)
        >>> view.drawing_name(0, START)
        "Trie of the vocab, 4 nodes (start trie and ## trie), reading 'ab': before the first move, at START"
        """
        automaton = self.automaton
        where = (
            "START" if current == START else (automaton.prefix if current == CONTINUATION else automaton.label(current))
        )
        name = f"Trie of the vocab, {len(self.layout)} nodes (start trie and {automaton.prefix} trie)"
        if not self.word:
            return name
        moment = "before the first move" if shown == 0 else f"after move {shown} of {len(self.steps)}"
        return f"{name}, reading {self.word!r}: {moment}, at {where}"

    def _link_path(self, node: int, link: int, marker: str, followed: bool) -> str:
        (x0, y0), (x1, y1) = self._xy(node), self._xy(link)
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        # Start and end a little outside the boxes; bend to the left of the direction of travel.
        sx, sy = x0 + dx / length * 14, y0 + dy / length * 14
        ex, ey = x1 - dx / length * 16, y1 - dy / length * 16
        cx, cy = (sx + ex) / 2 - dy / length * 0.22 * length, (sy + ey) / 2 + dx / length * 0.22 * length
        colour = WINNER_COLOUR if followed else LINK_COLOUR
        style = "stroke-width='2.5'" if followed else "stroke-width='1' stroke-dasharray='5,4' opacity='0.75'"
        end = "red" if followed else "grey"
        title = html.escape(f"failure link {self.automaton.label(node)} -> {self.automaton.label(link)}")
        return (
            f"<path d='M{sx:.1f},{sy:.1f} Q{cx:.1f},{cy:.1f} {ex:.1f},{ey:.1f}' fill='none' stroke='{colour}' "
            f"{style} marker-end='url(#{marker}-{end})'><title>{title}</title></path>"
        )

    def _node_box(self, node: int, is_current: bool, was_visited: bool, stuck: bool) -> str:
        info = self.automaton.node(node)
        text = self._box_text(node)
        x, y = self._xy(node)
        width = 12 + _CHAR_WIDTH * max(len(text), 1)
        resting_fill = TOKEN_FILL if info.token else PLAIN_FILL
        current_fill = FAILED_FILL if stuck else CURRENT_FILL
        fill = current_fill if is_current else resting_fill
        stroke = VISITED_COLOUR if was_visited else INK
        stroke_width = 3 if is_current else (2 if was_visited else 1)
        weight = "bold" if info.token else "normal"
        caption = node_caption(self.automaton, node)
        box = (
            f"<rect x='{x - width / 2:.1f}' y='{y - 11:.1f}' width='{width:.1f}' height='22' rx='5' fill='{fill}' "
            f"stroke='{stroke}' stroke-width='{stroke_width}'/>"
            f"<text x='{x:.1f}' y='{y + 4.5:.1f}' text-anchor='middle' font-weight='{weight}'>{html.escape(text)}</text>"
        )
        if caption:
            box += (
                f"<text x='{x:.1f}' y='{y + 26:.1f}' text-anchor='middle' font-size='11' fill='{POPS_COLOUR}' "
                f"stroke='white' stroke-width='3' paint-order='stroke'>{html.escape(caption)}</text>"
            )
        return box

    def html(self, shown: int) -> str:
        """The word strip above the trie drawing."""
        legend = (
            "<div style='font-size:var(--jp-ui-font-size1, 12px);color:#555;margin:2px 0'>orange: where the "
            "automaton is &nbsp;·&nbsp; "
            "green: a vocab token &nbsp;·&nbsp; dashed: failure links (red: just followed) &nbsp;·&nbsp; "
            "[brackets]: failure pops</div>"
        )
        return self.word_strip(shown) + legend + "<div style='overflow-x:auto'>" + self.svg(shown) + "</div>"


def trie_svg(automaton: LinMaxMatch, word: str = "", shown: int | None = None, *, max_nodes: int = 40) -> str:
    """The stepper's drawing as an SVG string (``shown`` moves of ``word``; default: all of them).

    >>> svg = trie_svg(LinMaxMatch(["a", "##b"]), "ab")
    >>> svg.startswith("<svg") and "failure link a -&gt; ##" in svg
    True
    """
    view = _StepView(automaton, word, None, max_nodes=max_nodes)
    return view.svg(len(view.steps) if shown is None else check_index(shown, "shown", minimum=0))


class AutomatonStepper(HtmlCopy):
    """Type a word; step through LinMaxMatch reading it, on a drawing of the trie.

    ``vocab`` is a ``LinMaxMatch`` or a list of tokens (a small vocab: the
    whole trie is drawn when it has at most ``max_nodes`` nodes, else only
    the nodes the word visits and their ancestors).
    """

    def __init__(
        self,
        vocab: LinMaxMatch | Iterable[str],
        word: str = "abcdz",
        *,
        max_nodes: int = 40,
        prefix: str = DEFAULT_PREFIX,
    ) -> None:
        import ipywidgets as w

        self.automaton = _automaton(vocab, prefix)
        self.max_nodes = check_int(max_nodes, "max_nodes", minimum=2)
        check_str(word, "word")
        self.word_box = w.Text(value=word, description="word", continuous_update=True)
        self.first = w.Button(description="first", tooltip="before the first move", layout=BUTTON_LAYOUT)
        self.previous = w.Button(description="previous", layout=BUTTON_LAYOUT)
        self.next = w.Button(description="next", layout=BUTTON_LAYOUT)
        self.last = w.Button(description="last", tooltip="after the last move", layout=BUTTON_LAYOUT)
        self.readout = w.Label(value="")
        self.view = w.HTML()
        self.output = text_view()
        self.first.on_click(lambda _: self.go(0))
        self.previous.on_click(lambda _: self.go(self.position - 1))
        self.next.on_click(lambda _: self.go(self.position + 1))
        self.last.on_click(lambda _: self.go(len(self._view.steps)))
        hand_on_focus(
            {self.first: self.next, self.previous: self.next, self.next: self.previous, self.last: self.previous}
        )
        self.word_box.observe(lambda change: self._load(change["new"]), names="value")
        controls = w.HBox([self.first, self.previous, self.next, self.last, self.readout])
        self.widget = w.VBox([self.word_box, controls, self.view, self.output])
        self.position = 0
        self.text = ""
        self.html = ""
        self._load(word)

    @property
    def steps(self) -> list[AutomatonStep]:
        """The moves of the automaton on the current word."""
        return self._view.steps

    def _load(self, word: str) -> None:
        self._view = _StepView(self.automaton, word.strip(), None, max_nodes=self.max_nodes)
        self.position = 0
        self._render()

    def go(self, position: int) -> None:
        """Show the state after ``position`` moves; values past either end stop at the end."""
        self.position = min(max(check_index(position, "position"), 0), len(self._view.steps))
        self._render()

    def _render(self) -> None:
        shown, total = self.position, len(self._view.steps)
        self.text = self._view.text(shown)
        self.html = self._view.html(shown)
        self.view.value = self.html
        show_text(self.output, self.text)  # the new drawing and text first: the readout and buttons come after them
        self.readout.value = f"move {shown} of {total}"
        self.first.disabled = self.previous.disabled = shown == 0
        self.next.disabled = self.last.disabled = shown >= total

    def html_copy(self) -> str:
        """The current view, and its text below it."""
        return self.html + f"<pre>{html.escape(self.text)}</pre>"


__all__ = ["AutomatonStepper", "automaton_step_text", "describe_step", "node_name", "steps_frame", "trie_svg"]
