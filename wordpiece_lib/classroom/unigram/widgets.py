"""Unigram, interactive: Viterbi stepped over a word's lattice, and sampled cuts under ``alpha``.

* ``viterbi_steps`` replays ``UnigramModel.best_path`` one position at a time:
  at each position, every piece that ends there, the total it would give, and
  the one kept (the same strict ``>`` and visiting order as the core, so ties
  go the same way). ``viterbi_text`` is its static twin for one position.
* ``ViterbiStepper`` is the widget: a word box, first/previous/next/last
  buttons and a position box, all named and usable from the keyboard
  (Tab to a control, Enter or Space on a button, the arrow keys in the box).
* ``sampling_frame`` lists every cut of a word with its exact chance under
  ``alpha`` (``UnigramModel.cut_probability``) and its share among samples
  drawn with ``UnigramModel.sample``; ``SamplingExplorer`` puts an ``alpha``
  box on it (number boxes, not sliders: a box's label names it in JupyterLab).

>>> import math
>>> from wordpiece_lib.model import UnigramModel
>>> model = UnigramModel([("<unk>", 0.0), ("p", math.log(0.2)), ("u", math.log(0.3)), ("g", math.log(0.2)),
...                       ("pu", math.log(0.1)), ("ug", math.log(0.2))])
>>> steps = viterbi_steps(model, "pug")
>>> [step.best for step in steps]
[['p'], ['pu'], ['p', 'ug']]
>>> print(viterbi_text(model, "pug", 3).splitlines()[0])
'pug', position 3 of 3 (after 'pug'):
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from wordpiece_lib._validate import check_instance, check_int, check_sequence, check_str
from wordpiece_lib.classroom.display import (
    BUTTON_LAYOUT,
    STEP_BOX_LAYOUT,
    hand_on_focus,
    show_text,
    step_box,
    text_view,
)
from wordpiece_lib.model import UnigramModel

#: Words longer than this are refused by the stepper (the text view would be too long to read).
MAX_WORD = 24


@dataclass(frozen=True)
class Candidate:
    """A piece ending at a position: where it starts, its text, its score and the path total it gives."""

    start: int
    piece: str
    score: float
    total: float
    unknown: bool = False


@dataclass(frozen=True)
class ViterbiStep:
    """Position ``end`` of the word: the pieces ending there, the one kept (index), the best total and path."""

    end: int
    candidates: tuple[Candidate, ...]
    chosen: int
    total: float
    best: list[str]


def viterbi_steps(model: UnigramModel, word: str) -> list[ViterbiStep]:
    """One step per position 1 .. len(word): what Viterbi compares there and keeps (``best_path``'s rule).

    The last step's ``best`` is ``model.best_path(word)``'s cut (unknown
    characters not fused), and its ``total`` the same score.
    """
    check_instance(model, "model", UnigramModel)
    check_str(word, "word", allow_empty=False)
    size = len(word)
    kept: list[tuple[float, int, str] | None] = [None] * (size + 1)
    kept[0] = (0.0, -1, "")
    seen: list[list[Candidate]] = [[] for _ in range(size + 1)]
    for node in model.lattice(word):  # by start, then by end: best_path's visiting order
        here = kept[node.start]
        if here is None:  # only when the model has no unknown piece: best_path refuses this word
            raise ValueError(f"{word!r} cannot be cut with this model's pieces (it has no unknown piece)")
        unknown = node.id == model.unk_id and node.piece != model.pieces[node.id]
        score = node.score  # an unknown character's node already carries the penalised score
        total = here[0] + score
        seen[node.end].append(Candidate(node.start, node.piece, score, total, unknown))
        target = kept[node.end]
        if target is None or total > target[0]:
            kept[node.end] = (total, node.start, node.piece)
    steps = []
    for end in range(1, size + 1):
        best_here = kept[end]
        assert best_here is not None
        chosen = next(
            index
            for index, candidate in enumerate(seen[end])
            if candidate.start == best_here[1] and candidate.total == best_here[0]
        )
        steps.append(ViterbiStep(end, tuple(seen[end]), chosen, best_here[0], _path(kept, end)))
    return steps


def _path(kept: Sequence[tuple[float, int, str] | None], end: int) -> list[str]:
    pieces = []
    while end > 0:
        entry = kept[end]
        assert entry is not None
        pieces.append(entry[2])
        end = entry[1]
    return pieces[::-1]


def viterbi_text(model: UnigramModel, word: str, position: int) -> str:
    """What Viterbi does at ``position`` (1 .. len(word)): the pieces ending there, their totals, the one kept.

    >>> from wordpiece_lib.model import UnigramModel
    >>> model = UnigramModel([("<unk>", 0.0), ("a", -1.0), ("b", -2.0), ("ab", -2.5)])
    >>> print(viterbi_text(model, "ab", 2))
    'ab', position 2 of 2 (after 'ab'):
      ab  from 0   score  -2.500   total  -2.500   <- kept
      b   from 1   score  -2.000   total  -3.000
    best cut of the word: ab   (total -2.500, probability 0.08208)
    """
    steps = viterbi_steps(model, word)
    check_int(position, "position", minimum=1)
    if position > len(steps):
        raise ValueError(f"position must be between 1 and {len(steps)}, got {position}")
    step = steps[position - 1]
    width = max(len(candidate.piece) for candidate in step.candidates) + 2
    lines = [f"{word!r}, position {position} of {len(word)} (after {word[:position]!r}):"]
    order = sorted(range(len(step.candidates)), key=lambda index: -step.candidates[index].total)
    for index in order:
        candidate = step.candidates[index]
        mark = "   <- kept" if index == step.chosen else ""
        unknown = " (unknown)" if candidate.unknown else ""
        lines.append(
            f"  {candidate.piece:<{width}}from {candidate.start}   score {candidate.score:7.3f}   "
            f"total {candidate.total:7.3f}{unknown}{mark}"
        )
    final = " of the word" if position == len(word) else " so far"
    lines.append(
        f"best cut{final}: {' '.join(step.best)}   (total {step.total:.3f}, probability {math.exp(step.total):.4g})"
    )
    return "\n".join(lines)


class ViterbiStepper:
    """Viterbi over a word, one position at a time (the static view: ``viterbi_text``; the figure: ``plots.lattice``).

    Type a word, then step with the buttons or the number box. Every control has a
    name a screen reader reads (its description), and all work from the keyboard.
    """

    def __init__(self, model: UnigramModel, word: str = "hugs", position: int | None = None) -> None:
        import ipywidgets as w

        self.model = check_instance(model, "model", UnigramModel)
        word = check_str(word, "word", allow_empty=False).strip()
        self.word_box = w.Text(
            value=word, description="word", continuous_update=False, tooltip="the word to cut (press Enter)"
        )
        # A number box, not a slider: its label names it for a screen reader in JupyterLab (style.step_box).
        self.slider = step_box(
            "position",
            max(len(word), 1),
            1,
            minimum=1,
            tooltip="how many characters of the word Viterbi has read",
        )
        self.buttons = {
            name: w.Button(description=name, tooltip=f"go to the {name} position", layout=BUTTON_LAYOUT)
            for name in ("first", "previous", "next", "last")
        }
        self.buttons["first"].on_click(lambda _: self.go(1))
        self.buttons["previous"].on_click(lambda _: self.go(self.position - 1))
        self.buttons["next"].on_click(lambda _: self.go(self.position + 1))
        self.buttons["last"].on_click(lambda _: self.go(len(self.word)))
        buttons = self.buttons
        hand_on_focus(
            {
                buttons["first"]: buttons["next"],
                buttons["previous"]: buttons["next"],
                buttons["next"]: buttons["previous"],
                buttons["last"]: buttons["previous"],
            }
        )
        self.output = text_view()  # a screen reader reads each new step
        self.slider.observe(lambda change: self._render(), names="value")
        self.word_box.observe(self._new_word, names="value")
        self.widget = w.VBox([self.word_box, w.HBox([*self.buttons.values(), self.slider]), self.output])
        self.text = ""
        self.go(len(word) if position is None else check_int(position, "position", minimum=1))
        self._render()

    @property
    def word(self) -> str:
        """The word shown now (spaces trimmed, at most ``MAX_WORD`` characters)."""
        return self.word_box.value.strip()[:MAX_WORD] or "?"

    @property
    def position(self) -> int:
        """How many characters Viterbi has read."""
        return int(self.slider.value)

    def go(self, position: int) -> None:
        """Show ``position``; values past either end stop at the end."""
        position = min(max(int(position), 1), len(self.word))
        self._render(position)  # the new text first, then the number box (its observer sends nothing new)
        self.slider.value = position

    def _new_word(self, change: dict[str, Any]) -> None:
        self._render(len(self.word))  # the text first, then the number box's bounds and value
        with self.slider.hold_trait_notifications():
            self.slider.max = len(self.word)
            self.slider.value = len(self.word)

    def _render(self, position: int | None = None) -> None:
        position = min(self.position if position is None else position, len(self.word))
        try:
            self.text = viterbi_text(self.model, self.word, position)
        except ValueError as problem:
            self.text = f"cannot cut {self.word!r}: {problem}"
        show_text(self.output, self.text)  # the new text first: the buttons' states come after it
        self.buttons["first"].disabled = self.buttons["previous"].disabled = position <= 1
        self.buttons["next"].disabled = self.buttons["last"].disabled = position >= len(self.word)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# ---------------------------------------------------------------- sampling


def sample_counts(model: UnigramModel, word: str, alpha: float, samples: int, seed: int = 0) -> dict[str, int]:
    """How often each cut comes out of ``samples`` draws of ``model.sample(word, alpha, rng)``, ``rng = Random(seed)``.

    The same draws as calling ``model.sample`` that many times, in a fraction of the time: a draw
    sums the lattice's paths forward, then picks the pieces backward from the end, and everything
    but the picks is the same from one draw to the next, so it is worked out once. Each pick is
    ``rng.choices``'s over the same pieces with the same cumulative weights (its bisection, done
    inline), so it takes the same random number and gives the same piece (``tests/classroom/test_unigram_classroom.py`` checks it).
    A cut is written as its pieces joined by spaces, unknown neighbours fused as ``sample`` fuses them.

    >>> model = UnigramModel([("<unk>", 0.0), ("a", math.log(0.5)), ("aa", math.log(0.1))])
    >>> sample_counts(model, "aa", 1.0, 1000) == sample_counts(model, "aa", 1.0, 1000)
    True
    >>> sample_counts(model, "aa", 50.0, 10)  # a a is 2.5 times as likely as aa: to the power 50, always drawn
    {'a a': 10}
    """
    check_instance(model, "model", UnigramModel)
    check_str(word, "word", allow_empty=False)
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not math.isfinite(alpha) or alpha < 0:
        raise ValueError(f"alpha must be a number of at least 0, got {alpha!r}")
    check_int(samples, "samples", minimum=1)
    check_int(seed, "seed")
    by_end: dict[int, list[Any]] = {}
    for node in model.lattice(word):
        by_end.setdefault(node.end, []).append(node)
    # The forward sums, as UnigramModel._forward takes them (the same operations, so the same numbers).
    size = len(word)
    forward = [0.0] + [-math.inf] * size
    for end in range(1, size + 1):
        terms = [forward[node.start] + alpha * node.score for node in by_end.get(end, ())]
        top = max(terms, default=-math.inf)
        if top > -math.inf:
            forward[end] = top + math.log(sum(math.exp(term - top) for term in terms))
    if forward[size] == -math.inf:
        raise ValueError(f"no cut of {word!r} uses only pieces of the vocab, and unk_id is None")
    # ``rng.choices(nodes, cum_weights=cumulative)[0]`` is ``nodes[bisect(cumulative, rng.random() * total, 0,
    # len(nodes) - 1)]`` with ``total = cumulative[-1] + 0.0`` (CPython's ``random.choices``): done here without the
    # call, its checks and its one-item list, the same random numbers give the same pieces, in a third of the time.
    picks = {}
    for end, nodes in by_end.items():
        cumulative = list(
            itertools.accumulate(math.exp(forward[n.start] + alpha * n.score - forward[end]) for n in nodes)
        )
        picks[end] = (nodes, cumulative, cumulative[-1] + 0.0, len(nodes) - 1)
    draw = random.Random(seed).random
    names: dict[tuple[int, ...], str] = {}
    counts: dict[str, int] = {}
    for _ in range(samples):
        path: list[Any] = []
        end = size
        while end > 0:
            nodes, cumulative, total, last = picks[end]
            node = nodes[bisect.bisect(cumulative, draw() * total, 0, last)]
            path.append(node)
            end = node.start
        key = tuple(id(node) for node in path)
        name = names.get(key)
        if name is None:
            name = names[key] = " ".join(_fused_pieces(model, word, path[::-1]))
        counts[name] = counts.get(name, 0) + 1
    return counts


def _fused_pieces(model: UnigramModel, word: str, path: Sequence[Any]) -> list[str]:
    """The pieces of a path, neighbouring unknown characters fused into one piece (as ``sample`` returns them)."""
    pieces: list[str] = []
    previous_unknown = False
    for node in path:
        unknown = node.id == model.unk_id
        if model.fuse_unk and unknown and previous_unknown:
            pieces[-1] += word[node.start : node.end]
        else:
            pieces.append(word[node.start : node.end])
        previous_unknown = unknown
    return pieces


def _sampling_rows(model: UnigramModel, word: str, alpha: float, samples: int, seed: int) -> list[dict[str, Any]]:
    drawn = sample_counts(model, word, alpha, samples, seed)
    rows = []
    for cut in model.nbest(word, 500):
        key = " ".join(cut.pieces)
        chance = model.cut_probability(word, cut.pieces, alpha)
        rows.append({"alpha": float(alpha), "cut": key, "chance": chance, "sampled": drawn.get(key, 0) / samples})
    return rows


def sampling_frame(
    model: UnigramModel, word: str, alphas: Sequence[float], *, samples: int = 1000, seed: int = 0
) -> Any:
    """Every cut of ``word`` at each ``alpha``: its exact chance and its share among ``samples`` draws.

    The draws use ``random.Random(seed)`` (``sample_counts``), so the table is the same on every run.

    >>> from wordpiece_lib.model import UnigramModel
    >>> model = UnigramModel([("<unk>", 0.0), ("a", math.log(0.5)), ("aa", math.log(0.25))])
    >>> sampling_frame(model, "aa", [0.0], samples=10)[["alpha", "cut", "chance"]].values.tolist()
    [[0.0, 'aa', 0.5], [0.0, 'a a', 0.5]]
    """
    import pandas as pd

    check_instance(model, "model", UnigramModel)
    check_str(word, "word", allow_empty=False)
    check_int(samples, "samples", minimum=1)
    alphas = check_sequence(alphas, "alphas")
    check_int(seed, "seed")
    return pd.DataFrame([row for alpha in alphas for row in _sampling_rows(model, word, alpha, samples, seed)])


class SamplingExplorer:
    """Sample cuts of a word with an ``alpha`` box (0 to 4, arrow keys step by 0.1): each cut's exact chance next to what 1,000 draws gave."""

    def __init__(self, model: UnigramModel, word: str = "hugs", alpha: float = 1.0, *, samples: int = 1000) -> None:
        import ipywidgets as w

        self.model = check_instance(model, "model", UnigramModel)
        self.samples = check_int(samples, "samples", minimum=1)
        self.word_box = w.Text(
            value=check_str(word, "word", allow_empty=False),
            description="word",
            continuous_update=False,
            tooltip="the word to cut (press Enter)",
        )
        # A number box, not a slider: its label names it for a screen reader in JupyterLab (style.step_box).
        self.slider = w.BoundedFloatText(
            value=min(max(float(alpha), 0.0), 4.0),
            min=0.0,
            max=4.0,
            step=0.1,
            description="alpha",
            tooltip="0: every cut as likely; larger: the best cut more and more often",
            continuous_update=False,
            layout=STEP_BOX_LAYOUT,
        )
        self.output = text_view()  # a screen reader reads each new step
        self.slider.observe(lambda change: self._render(), names="value")
        self.word_box.observe(lambda change: self._render(), names="value")
        self.widget = w.VBox([w.HBox([self.word_box, self.slider]), self.output])
        self.text = ""
        self._render()

    def _render(self) -> None:
        word = self.word_box.value.strip()[:MAX_WORD] or "?"
        alpha = float(self.slider.value)
        rows = _sampling_rows(self.model, word, alpha, self.samples, 0)
        width = max(len(row["cut"]) for row in rows) + 2
        lines = [f"{word!r} at alpha {alpha:.1f}: {len(rows)} cuts, {self.samples:,} draws"]
        lines += [f"  {row['cut']:<{width}}chance {row['chance']:6.1%}   drawn {row['sampled']:6.1%}" for row in rows]
        self.text = "\n".join(lines)
        show_text(self.output, self.text)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = [
    "Candidate",
    "SamplingExplorer",
    "ViterbiStep",
    "ViterbiStepper",
    "sample_counts",
    "sampling_frame",
    "viterbi_steps",
    "viterbi_text",
]
