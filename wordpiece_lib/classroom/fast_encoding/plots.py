"""Figures for notebook 08 (LinMaxMatch): the trie with its failure links, and linear versus quadratic growth.

The trie figure reads a ``LinMaxMatch`` (and, for one word, its ``trace``); the
growth figure reads a table of *counted* work (``growth_counts``), so the
numbers are deterministic: lookups made by longest-match-first against moves
made by the automaton. Figures are returned closed, as in ``plots.py``.

>>> from wordpiece_lib import LinMaxMatch
>>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
>>> trie_figure(automaton).axes[0].get_title()
'Trie with failure links (dashed) and failure pops [in brackets]'
>>> count_lookups("aaaa", {"a", "##a"})
10
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Container, Iterable, Sequence
from typing import Any

from wordpiece_lib._validate import check_bool, check_instance, check_int, check_sequence, check_str
from wordpiece_lib.classroom import display
from wordpiece_lib.model import CONTINUATION, DEFAULT_PREFIX, START, LinMaxMatch, encode_word

#: Fill of a node that spells a vocab token, of the current node, and of other nodes.
#: Word lengths of the growth figure (10 to 1,000, evenly spaced on a log axis).
GROWTH_LENGTHS = (10, 16, 25, 40, 63, 100, 158, 251, 398, 631, 1000)
_LEVEL = 1.6  # vertical distance between depths, room for a caption and an edge label


def _spells_prefix(label: str, prefix: str) -> bool:
    """A start-trie label on the way to (or past) the prefix, like ``#``, ``##``, ``##b``."""
    return bool(label) and (label.startswith(prefix) or prefix.startswith(label))


def drawable_nodes(automaton: LinMaxMatch, word: str | None = None, *, max_nodes: int = 40) -> list[int]:
    """The nodes worth drawing: the whole trie when it is small, else the part ``word`` visits.

    The start trie also holds every ``##`` token spelled out (``#``, ``##``,
    ``##b``...) for words that really begin with ``##``, and the unknown token
    (``[``, ``[U``... ``[UNK]``); those are left out unless ``word`` visits them.

    >>> automaton = LinMaxMatch(["a", "##b"])
    >>> [automaton.label(node) for node in drawable_nodes(automaton)]
    ['', '##', 'a', '##b']
    >>> [automaton.label(node) for node in drawable_nodes(automaton, "##b")]
    ['', '##', '#', 'a', '##b', '##', '##b']
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    check_int(max_nodes, "max_nodes", minimum=2)
    visited = set(automaton.relevant_nodes(word)) if word else {START, CONTINUATION}
    everything = [
        node.id
        for node in automaton.nodes
        if node.id in visited
        or node.continuation
        or not (_spells_prefix(node.text, automaton.prefix) or automaton.unk_token.startswith(node.text))
        or node.id == START
    ]
    if len(everything) <= max_nodes:
        return everything
    return sorted(visited)


def trie_layout(automaton: LinMaxMatch, nodes: Iterable[int]) -> dict[int, tuple[float, int]]:
    """Positions ``(x, depth)`` for a tidy drawing: the start trie on the left, the continuation trie on the right.

    Leaves take consecutive x slots, a parent sits above the middle of its
    children. ``nodes`` must hold the parent of each node it holds.

    >>> automaton = LinMaxMatch(["ab", "ac", "##b"])
    >>> layout = trie_layout(automaton, drawable_nodes(automaton))
    >>> {automaton.label(node): position for node, position in layout.items()}
    {'ab': (0.0, 2), 'ac': (1.0, 2), 'a': (0.5, 1), '': (0.5, 0), '##b': (2.6, 1), '##': (2.6, 0)}
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    shown = {check_int(node, "nodes[...]", minimum=0) for node in check_sequence(nodes, "nodes")} | {
        START,
        CONTINUATION,
    }
    for node in shown:
        parent = automaton.node(node).parent
        if parent is not None and parent not in shown:
            raise ValueError(f"nodes holds node {node} ({automaton.label(node)!r}) but not its parent {parent}")
    children = {node: [child for _, child in automaton.node(node).children if child in shown] for node in shown}
    positions: dict[int, tuple[float, int]] = {}
    next_slot = 0.0

    def place(node: int, depth: int) -> float:
        nonlocal next_slot
        kids = children[node]
        if not kids:
            x = next_slot
            next_slot += 1.0
        else:
            xs = [place(child, depth + 1) for child in kids]
            x = (xs[0] + xs[-1]) / 2
        positions[node] = (x, depth)
        return x

    place(START, 0)
    next_slot += 0.6  # a gap between the two tries
    place(CONTINUATION, 0)
    return positions


def node_caption(automaton: LinMaxMatch, node: int) -> str:
    """The small text under a node: its failure pops, or why failing there means ``[UNK]``.

    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> node_caption(automaton, automaton.find("abcd")), node_caption(automaton, automaton.find("##d", continuation=True))
    ('[a, ##b]', 'no link')
    >>> node_caption(automaton, START)
    ''
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    if node in (START, CONTINUATION):
        return ""
    info = automaton.node(node)
    if info.failure_link is None:
        return "no link"
    return "[" + ", ".join(info.failure_pops) + "]"


def _tidy_ticks(axes: Any) -> None:
    axes.set_xticks([])
    axes.set_yticks([])
    for spine in axes.spines.values():
        spine.set_visible(False)


def trie_figure(
    automaton: LinMaxMatch,
    word: str | None = None,
    *,
    nodes: Iterable[int] | None = None,
    show_links: bool = True,
    show_pops: bool = True,
    title: str | None = None,
) -> Any:
    """Draw the trie: edges with their characters, tokens shaded, failure links dashed, pops in brackets.

    With ``word``, the nodes its run visits get an orange edge, the failure
    links it follows are drawn solid red and the node where it ends is filled
    orange. Failure links back to the ``##`` root are drawn too: every token
    node has one (after a whole token nothing is pending). ``show_links=False,
    show_pops=False`` draws the bare trie.
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    if word is not None:
        check_str(word, "word")
    check_bool(show_links, "show_links")
    check_bool(show_pops, "show_pops")
    if title is not None:
        check_str(title, "title")
    if nodes is not None and (isinstance(nodes, (str, bytes)) or not isinstance(nodes, Iterable)):
        raise TypeError(f"nodes must be a list of node ids or None, got {type(nodes).__name__}")
    shown = list(nodes) if nodes is not None else drawable_nodes(automaton, word)
    layout = trie_layout(automaton, shown)
    steps = list(automaton.trace(word)) if word else []
    visited: set[int] = set()
    taken: set[tuple[int, int]] = set()
    current = START
    for step in steps:
        visited.add(step.node)
        if step.next_node is not None:
            visited.add(step.next_node)
            current = step.next_node
        else:
            current = step.node
        if step.kind == "fail" and step.next_node is not None:
            taken.add((step.node, step.next_node))
    slots = max(x for x, _ in layout.values()) + 1
    depth = max(d for _, d in layout.values())
    figure, axes = display.new_figure(min(max(6.0, 1.25 * slots), 16.0), 1.2 + 1.3 * (depth + 1))
    from matplotlib.patches import FancyArrowPatch

    def point(node: int) -> tuple[float, float]:
        x, d = layout[node]
        return x, -_LEVEL * d

    for node in layout:
        info = automaton.node(node)
        if info.parent is None:
            continue
        (x0, y0), (x1, y1) = point(info.parent), point(node)
        axes.plot([x0, x1], [y0, y1], color=display.INK, linewidth=1, zorder=1)
        axes.text(
            (x0 + x1) / 2 - 0.06,
            (y0 + y1) / 2 - 0.1,
            display.plain(info.char),
            fontsize=11,
            color=display.INK,
            ha="right",
            va="center",
        )
    if show_links:
        for node in layout:
            link = automaton.node(node).failure_link
            if link is None or link not in layout:
                continue
            followed = (node, link) in taken
            arrow = FancyArrowPatch(
                point(node),
                point(link),
                connectionstyle="arc3,rad=0.25",
                arrowstyle="-|>",
                mutation_scale=12,
                linestyle="-" if followed else "--",
                linewidth=2.2 if followed else 0.9,
                color=display.WINNER_COLOUR if followed else display.LINK_COLOUR,
                shrinkA=12,
                shrinkB=12,
                zorder=2 if not followed else 4,
                alpha=1.0 if followed else 0.7,
            )
            axes.add_patch(arrow)
    for node in layout:
        info = automaton.node(node)
        x, y = point(node)
        if node == START:
            text = "START"
        elif node == CONTINUATION:
            text = automaton.prefix
        else:
            text = info.text
        fill = (
            display.CURRENT_FILL
            if (word and node == current)
            else (display.TOKEN_FILL if info.token else display.PLAIN_FILL)
        )
        edge = display.VISITED_COLOUR if node in visited else display.INK
        axes.text(
            x,
            y,
            display.plain(text),
            ha="center",
            va="center",
            fontsize=10,
            family="monospace",
            fontweight="bold" if info.token else "normal",
            bbox={
                "boxstyle": "round,pad=0.3",
                "facecolor": fill,
                "edgecolor": edge,
                "linewidth": 2 if node in visited else 1,
            },
            zorder=5,
        )
        caption = node_caption(automaton, node) if show_pops else ""
        if caption:
            axes.text(
                x,
                y - 0.3,
                display.plain(caption),
                ha="center",
                va="top",
                fontsize=8,
                color=display.POPS_COLOUR,
                zorder=5,
                bbox={"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.85},
            )
    axes.set_xlim(-0.8, slots - 0.2)
    axes.set_ylim(-_LEVEL * depth - 0.7, 0.5)
    _tidy_ticks(axes)
    if title is None:
        title = "Trie with failure links (dashed) and failure pops [in brackets]"
        if not (show_links or show_pops):
            title = "The two tries: word starts (left) and ## continuations (right)"
        if word:
            title = f"Reading {display.plain(repr(word))}: visited nodes outlined, links followed in red"
    axes.set_title(title)
    text = _trie_text(
        automaton, layout, word, steps, visited, taken, current, show_links=show_links, show_pops=show_pops
    )
    return display.describe(figure, title, *text)


def _node_name(automaton: LinMaxMatch, node: int) -> str:
    if node == START:
        return "START"
    if node == CONTINUATION:
        return automaton.prefix
    return automaton.label(node)


def _trie_text(
    automaton: LinMaxMatch,
    layout: dict[int, tuple[float, int]],
    word: str | None,
    steps: list[Any],
    visited: set[int],
    taken: set[tuple[int, int]],
    current: int,
    *,
    show_links: bool = True,
    show_pops: bool = True,
) -> tuple[str, Any]:
    """The trie drawing in words (its summary) and as a table of its nodes.

    What the drawing leaves out (the failure links, the pops) the words and the table leave out too: the bare
    trie comes before an exercise that asks for a node's pops and link.
    """
    tokens = [_node_name(automaton, node) for node in layout if automaton.node(node).token]
    starts = sum(1 for node in layout if not automaton.node(node).continuation)
    summary = (
        f"Trie drawing of {len(layout)} nodes: {starts} in the start trie (left, from START) and "
        f"{len(layout) - starts} in the continuation trie (right, from {automaton.prefix}); "
        f"{len(tokens)} nodes spell a vocab token (bold, shaded): {display.plain_list(tokens, limit=12)}."
        + (" Dashed arrows are failure links." if show_links else "")
        + (" The tokens a failure pops are in brackets under each node." if show_pops else "")
    )
    if word:
        path = [_node_name(automaton, node) for node in layout if node in visited]
        followed = [f"{_node_name(automaton, a)} to {_node_name(automaton, b)}" for a, b in sorted(taken)]
        summary += (
            f" Reading {word!r}: {sum(step.kind in ('read', 'fail') for step in steps)} moves visit {display.plain_list(path, limit=12)}"
            + (f"; failure links followed (solid red): {display.plain_list(followed)}" if followed else "")
            + f"; the run ends at {_node_name(automaton, current)} (filled orange)"
            + (f" with the tokens {' '.join(steps[-1].tokens)}." if steps and steps[-1].tokens else ".")
        )
    rows = []
    for node in layout:
        info = automaton.node(node)
        link = info.failure_link
        row = [
            _node_name(automaton, node),
            "continuation" if info.continuation else "start",
            "yes" if info.token else "no",
        ]
        row += ["" if link is None else _node_name(automaton, link)] if show_links else []
        row += [node_caption(automaton, node)] if show_pops else []
        rows.append([*row, "yes" if node in visited else ""])
    columns = ["node", "trie", "token"]
    columns += ["failure link"] if show_links else []
    columns += ["failure pops"] if show_pops else []
    return summary, display.data_table([*columns, "visited"], rows)


# -- growth: lookups of longest match versus moves of the automaton -----------------------------------------------


class _CountingVocab:
    """A container that counts every ``in`` test made on it."""

    def __init__(self, tokens: Container[str]) -> None:
        self.tokens = tokens
        self.lookups = 0

    def __contains__(self, token: object) -> bool:
        self.lookups += 1
        return token in self.tokens


def count_lookups(word: str, vocab: Container[str], *, prefix: str = DEFAULT_PREFIX) -> int:
    """How many vocab lookups ``encode_word`` (longest-match-first) makes on ``word``, with no length limit.

    >>> count_lookups("hugs", {"hug", "##s"}), count_lookups("a" * 10, {"a", "##a"})
    (3, 55)
    """
    check_str(word, "word")
    if not isinstance(vocab, Container) or isinstance(vocab, str):
        raise TypeError(f"vocab must be a set of tokens, got {type(vocab).__name__}")
    check_str(prefix, "prefix")
    counter = _CountingVocab(vocab)
    encode_word(word, counter, prefix=prefix, max_input_chars_per_word=max(len(word), 1))
    return counter.lookups


def count_moves(automaton: LinMaxMatch, word: str) -> int:
    """How many moves (edges read plus failure links followed) LinMaxMatch makes on ``word``.

    >>> count_moves(LinMaxMatch(["a", "##a"], max_input_chars_per_word=1000), "a" * 10)
    20
    """
    check_instance(automaton, "automaton", LinMaxMatch)
    return sum(1 for step in automaton.trace(word) if step.kind in ("read", "fail"))


def fitted_slope(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The slope of the least-squares line through ``(log x, log y)``: the growth exponent.

    >>> round(fitted_slope([10, 100, 1000], [3, 300, 30000]), 6)
    2.0
    """
    xs, ys = check_sequence(xs, "xs"), check_sequence(ys, "ys")
    for name, values in (("xs", xs), ("ys", ys)):
        if not all(isinstance(v, numbers.Real) and not isinstance(v, bool) for v in values):
            raise TypeError(f"{name} must be a list of numbers")
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError(f"xs and ys must have the same length, at least 2; got {len(xs)} and {len(ys)}")
    if min(xs) <= 0 or min(ys) <= 0:
        raise ValueError("xs and ys must be positive to take logarithms")
    log_x = [math.log(x) for x in xs]
    log_y = [math.log(y) for y in ys]
    mean_x, mean_y = sum(log_x) / len(log_x), sum(log_y) / len(log_y)
    spread = sum((x - mean_x) ** 2 for x in log_x)
    if spread == 0:
        raise ValueError("xs must not all be equal")
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(log_x, log_y)) / spread


def growth_counts(lengths: Iterable[int] = GROWTH_LENGTHS, *, letter: str = "a", prefix: str = DEFAULT_PREFIX) -> Any:
    """Counted work on the word ``letter * n`` with the vocab ``{letter, ##letter}``, as a DataFrame.

    Columns: ``length``, ``longest_match_lookups`` (``n (n + 1) / 2``) and
    ``linmaxmatch_moves`` (``2 n``: each character is read once, and each
    one-letter token is popped by one failure link).

    >>> growth_counts([1, 2, 3]).values.tolist()
    [[1, 1, 2], [2, 3, 4], [3, 6, 6]]
    """
    import pandas as pd

    check_str(letter, "letter", allow_empty=False)
    check_str(prefix, "prefix", allow_empty=False)
    if isinstance(lengths, (str, bytes)) or not isinstance(lengths, Iterable):
        raise TypeError(f"lengths must be a list of word lengths, got {type(lengths).__name__}")
    sizes = [check_int(n, "lengths[...]", minimum=1) for n in lengths]
    vocab = {letter, prefix + letter}
    automaton = LinMaxMatch(sorted(vocab), prefix=prefix, max_input_chars_per_word=max(sizes, default=1))
    rows = [
        {
            "length": n,
            "longest_match_lookups": count_lookups(letter * n, vocab, prefix=prefix),
            "linmaxmatch_moves": count_moves(automaton, letter * n),
        }
        for n in sizes
    ]
    return pd.DataFrame(rows, columns=["length", "longest_match_lookups", "linmaxmatch_moves"])


GROWTH_SERIES = {
    "longest_match_lookups": ("longest match: vocab lookups", display.WINNER_COLOUR),
    "linmaxmatch_moves": ("LinMaxMatch: moves", display.OTHER_COLOUR),
    "longest_match_seconds": ("longest match", display.WINNER_COLOUR),
    "linmaxmatch_seconds": ("LinMaxMatch", display.OTHER_COLOUR),
}
#: Marker and line style of each algorithm in the growth figure (beside its colour).
GROWTH_STYLES = {"longest_match": ("s", "-"), "linmaxmatch": ("o", "--")}


def growth_figure(table: Any, *, title: str = "Work on the word aaa...a, vocab {a, ##a}") -> Any:
    """Log-log lines of counted work per word length, each labelled with its fitted slope.

    ``table`` has a ``length`` column and one column per series (e.g. from
    ``growth_counts``, plus optional timing columns in seconds whose names end
    in ``_seconds``: they go on a second axes). A slope near 1 is linear, near 2
    quadratic.
    """
    check_str(title, "title")
    columns = list(getattr(table, "columns", []))
    if "length" not in columns or len(table) < 2:
        raise TypeError("table must be a DataFrame with a 'length' column and at least two rows (see growth_counts)")
    series = [column for column in columns if column != "length"]
    if not series:
        raise ValueError("table has no column to draw besides 'length'")
    counted = [column for column in series if not column.endswith("_seconds")]
    timed = [column for column in series if column.endswith("_seconds")]
    panels = [part for part in (counted, timed) if part]
    figure, axes_list = display.new_figure(6.0 * len(panels), 4.2, 1, len(panels))
    axes_list = [list(axes_list) if len(panels) > 1 else [axes_list]]
    lines = []
    lengths = [float(n) for n in table["length"]]
    fallback = display.SERIES_COLOURS[5:]
    for axes, names in zip(axes_list[0], panels):
        ylabel = "seconds per word" if names is timed else "work counted (lookups or moves)"
        for index, column in enumerate(names):
            label, colour = GROWTH_SERIES.get(column, (column.replace("_", " "), fallback[index % len(fallback)]))
            values = [float(v) for v in table[column]]
            slope = fitted_slope(lengths, values)
            marker, linestyle = next(
                (style for name, style in GROWTH_STYLES.items() if column.startswith(name)),
                (display.SERIES_MARKERS[index % len(display.SERIES_MARKERS)], "-"),
            )
            axes.loglog(
                lengths, values, marker=marker, linestyle=linestyle, color=colour, label=f"{label} (slope {slope:.2f})"
            )
            lines.append(
                f"{label}: {values[0]:,.4g} at n = {lengths[0]:,.0f}, {values[-1]:,.4g} at n = {lengths[-1]:,.0f} "
                f"(slope {slope:.2f})"
            )
        axes.set_xlabel("word length n (characters)")
        axes.set_ylabel(ylabel)
        axes.grid(True, which="both", linewidth=0.4, alpha=0.5)
        axes.legend(loc="upper left", fontsize=9)
    axes_list[0][0].set_title(title)
    if len(panels) > 1:
        axes_list[0][1].set_title("Time per word (a quick measurement)")
    figure.slopes = {  # type: ignore[attr-defined]  # the fitted slopes, for prose that quotes them
        column: fitted_slope(lengths, [float(v) for v in table[column]]) for column in series
    }
    summary = (
        f"Log-log line chart{'s' if len(panels) > 1 else ''}, {title}: work against word length n, each line labelled "
        f"with its fitted slope (near 1: linear, near 2: quadratic). {'; '.join(lines)}."
    )
    return display.describe(figure, title, summary, display.data_table(columns, table[columns].values.tolist()))


__all__ = [
    "GROWTH_LENGTHS",
    "count_lookups",
    "count_moves",
    "drawable_nodes",
    "fitted_slope",
    "growth_counts",
    "growth_figure",
    "node_caption",
    "trie_figure",
    "trie_layout",
]
