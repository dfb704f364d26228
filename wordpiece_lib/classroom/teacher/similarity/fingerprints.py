"""Which students' own code is alike: copydetect's fingerprints of every pair, the code every answer has left out.

The detector is `copydetect <https://pypi.org/project/copydetect/>`_, which
fingerprints code as MOSS does (Schleimer, Wilkerson and Aiken's winnowing):
the code is tokenized (Pygments) and every name made ``V``, every function
name ``F`` and every string ``S``, so renaming variables changes nothing;
every run of ``min_match`` characters of what is left is hashed, and two
students share the runs whose hashes both have. Reordered lines keep the runs
inside each line and lose only the ones across the moved boundaries. As
copydetect does by default (its guarantee threshold equal to its noise
threshold), every run is a fingerprint: an answer is a few dozen lines, so
nothing needs to be winnowed away, and the scores are the same on every run.

Runs that do not count as shared (copydetect's *boilerplate*):

* every run of the given code: the released notebook and, when there is one,
  the worked solution (an answer like the worked one is a correct answer,
  not a copy);
* every run that more than ``common`` of the class has (and at least
  :data:`MIN_COMMON_STUDENTS` students): what most correct answers look like.

A pair's *shares* are, for each of the two, the part of their own code
(after the boilerplate is left out) that the other has too, copydetect's
similarity score; its *score* is the larger share (one student's answer can
be all of another's, and more). Nothing here runs a submission: it reads text.

>>> from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode, Part
>>> def written(student, *lines):
...     return OwnCode(student, (Part("f", lines, (True,) * len(lines)),))
>>> ada = written("ada", "total = 0", "for item in items:", "    total = total + item * item", "return total")
>>> bob = written("bob", "acc = 0", "for x in xs:", "    acc = acc + x * x", "return acc")
>>> cy = written("cy", "return sum(map(lambda v: v ** 2, items))")
>>> [(pair.first.student, pair.second.student, round(pair.score, 2)) for pair in similar_pairs([ada, bob, cy], min_lines=1)]
[('ada', 'bob', 1.0)]
"""

from __future__ import annotations

import io
import itertools
import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from wordpiece_lib._validate import (
    check_instance,
    check_int,
    check_optional_callable,
    check_ratio,
    check_sequence,
    check_str,
)
from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode

#: copydetect's noise threshold: the shortest run of tokenized code (names made V, strings S, no spaces) that counts.
DEFAULT_MIN_MATCH = 20
#: A pair is listed when the larger of its two shares is at least this.
DEFAULT_THRESHOLD = 0.5
#: ... and when at least this many lines of each are shared.
DEFAULT_MIN_LINES = 3
#: A run that more than this part of the class has is what most answers look like: not counted as shared.
DEFAULT_COMMON = 0.5
#: ... when at least this many students have it (two students alone never make their code common).
MIN_COMMON_STUDENTS = 3
#: How much of a line's characters (not counting spaces) a shared run must cover for the line to be shared.
LINE_COVERED = 0.5


@dataclass(frozen=True)
class Pair:
    """Two students, how much of each one's own code the other has, and which of their lines are shared."""

    first: OwnCode
    second: OwnCode
    shares: tuple[float, float]
    #: For each of the two: the shared lines, as (part index, line index) in their :class:`OwnCode`.
    shared: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]

    @property
    def score(self) -> float:
        """The larger of the two shares.

        >>> Pair(OwnCode("a", ()), OwnCode("b", ()), (0.25, 0.75), ((), ())).score
        0.75
        """
        return max(self.shares)

    @property
    def shared_lines(self) -> int:
        """How many lines are shared: the fewer of the two students' shared lines.

        >>> Pair(OwnCode("a", ()), OwnCode("b", ()), (1.0, 1.0), (((0, 0), (0, 1)), ((0, 0),))).shared_lines
        1
        """
        return min(len(self.shared[0]), len(self.shared[1]))

    @property
    def exercises(self) -> tuple[str, ...]:
        """The labels of the parts (answers) with a shared line, in either student's code, in order.

        >>> from wordpiece_lib.classroom.teacher.similarity.own_code import Part
        >>> one = OwnCode("a", (Part("f", ("x = 1",), (True,)), Part("g", ("y = 2",), (True,))))
        >>> Pair(one, one, (1.0, 1.0), (((1, 0),), ((1, 0),))).exercises
        ('g',)
        """
        labels = [
            code.parts[part].label for code, lines in zip((self.first, self.second), self.shared) for part, _ in lines
        ]
        return tuple(dict.fromkeys(sorted(set(labels), key=labels.index)))


def _copydetect() -> Any:
    """copydetect, imported when a comparison runs (it loads matplotlib and numpy: never for ``--help``)."""
    os.environ.setdefault("MPLBACKEND", "Agg")  # copydetect imports pyplot; no window is ever opened
    import copydetect

    return copydetect


def _fingerprint(text: str, name: str, min_match: int, boilerplate: Any = None) -> Any:
    detector = _copydetect()
    return detector.CodeFingerprint(
        name, min_match, 1, boilerplate=boilerplate, filter=True, language="python", fp=io.StringIO(text)
    )


def given_fingerprints(texts: Sequence[str], min_match: int = DEFAULT_MIN_MATCH) -> set[int]:
    """The fingerprints of code every student is given (the released notebook's cells, the worked solution's).

    Each text is fingerprinted on its own (a run across two cells would be no one's code).

    >>> len(given_fingerprints(["counts = {}\\nfor word in words:\\n    counts[word] = counts.get(word, 0) + 1"])) > 0
    True
    >>> given_fingerprints(["x = 1"])  # shorter than one run
    set()
    """
    texts = check_sequence(texts, "texts")
    min_match = check_int(min_match, "min_match", minimum=1)
    found: set[int] = set()
    for index, text in enumerate(texts):
        check_str(text, f"texts[{index}]")
        found |= set(_fingerprint(text, f"given {index}", min_match).hashes)
    return found


def common_fingerprints(prints: Sequence[set[int]], common: float = DEFAULT_COMMON) -> set[int]:
    """The fingerprints that more than ``common`` of the students have (and at least :data:`MIN_COMMON_STUDENTS`).

    >>> sorted(common_fingerprints([{1, 2}, {1, 3}, {1, 2}, {4}]))  # 1: three of four; 2: only two students
    [1]
    """
    prints = check_sequence(prints, "prints")
    common = check_ratio(common, "common")
    counts: Counter[int] = Counter()
    for index, found in enumerate(prints):
        if not isinstance(found, (set, frozenset)):
            raise TypeError(f"prints[{index}] must be a set of fingerprints, got {type(found).__name__}")
        counts.update(found)
    least = max(MIN_COMMON_STUDENTS, int(common * len(prints)) + 1)
    return {value for value, count in counts.items() if count >= least}


class _Document:
    """The text copydetect reads for one student's code (:meth:`OwnCode.text`), and where each own line is in it.

    The parts follow one another as the cells do in the notebook, each after a comment naming it (comments are
    not compared); no run counts across two parts (:meth:`within_parts`).
    """

    def __init__(self, code: OwnCode) -> None:
        import numpy as np

        self.text = code.text()
        self.lines: list[tuple[int, int]] = []  # (part, line) of each own line
        starts, ends = [], []
        self.part_starts: list[int] = []  # where each part after the first begins in the text (its comment)
        position = 0
        for part_index, part in enumerate(code.parts):
            if part_index:
                self.part_starts.append(position)
            position += len(f"# {part.label}") + 1
            for line_index, (line, mine) in enumerate(zip(part.lines, part.own)):
                if mine:
                    self.lines.append((part_index, line_index))
                    starts.append(position)
                    ends.append(position + len(line))
                    position += len(line) + 1
        self.starts = np.array(starts, dtype=np.int64)
        self.ends = np.array(ends, dtype=np.int64)
        self.visible = np.frombuffer(self.text.encode("utf-32-le"), dtype="<u4") > 32  # not a space, tab or newline
        seen = np.concatenate([[0], np.cumsum(self.visible)])
        self.visible_per_line = seen[self.ends] - seen[self.starts]

    def within_parts(self, fingerprint: Any) -> Any:
        """``fingerprint`` (copydetect's, of :attr:`text`) without the runs that span two parts.

        A run across the end of one answer and the start of the next is no one's code when both ends are
        given or common (two answers shaped as the worked example, a value typed in between): it would make
        two students alike for what they were given.
        """
        import numpy as np

        if not self.part_starts or not fingerprint.hash_idx:
            return fingerprint
        size = len(fingerprint.filtered_code)
        raw = np.arange(size + 1, dtype=np.int64)
        offsets = fingerprint.offsets
        if len(offsets) > 0:  # where each character of the filtered code was in the text (as copydetect maps it)
            raw = raw + offsets[:, 1][np.clip(np.searchsorted(offsets[:, 0], raw), 0, offsets.shape[0] - 1)]
        cuts = np.searchsorted(raw, np.array(self.part_starts, dtype=np.int64))
        pairs = [(value, place) for value, places in fingerprint.hash_idx.items() for place in places]
        places = np.array([place for _, place in pairs], dtype=np.int64)
        # the first part start after each run's first character: the run spans it when it starts before the run ends
        after = np.searchsorted(cuts, places, side="right")
        spans = (after < len(cuts)) & (cuts[np.minimum(after, len(cuts) - 1)] < places + fingerprint.k)
        kept: dict[int, list[int]] = {}
        for (value, place), crosses in zip(pairs, spans.tolist()):
            if not crosses:
                kept.setdefault(value, []).append(place)
        fingerprint.hash_idx = kept
        fingerprint.hashes = set(kept)
        return fingerprint

    def shared_lines(self, slices: Any) -> tuple[tuple[int, int], ...]:
        """The own lines of which runs in ``slices`` (copydetect's starts and ends) cover enough characters."""
        import numpy as np

        size = len(self.text)
        change = np.zeros(size + 1, dtype=np.int64)
        np.add.at(change, np.clip(np.asarray(slices[0], dtype=np.int64), 0, size), 1)
        np.add.at(change, np.clip(np.asarray(slices[1], dtype=np.int64), 0, size), -1)
        covered = np.cumsum(change)[:size] > 0
        hits = np.concatenate([[0], np.cumsum(covered & self.visible)])
        counts = hits[self.ends] - hits[self.starts]
        shared = (self.visible_per_line > 0) & (counts >= LINE_COVERED * self.visible_per_line)
        return tuple(where for where, yes in zip(self.lines, shared.tolist()) if yes)


def similar_pairs(
    codes: Sequence[OwnCode],
    given: Sequence[str] = (),
    *,
    threshold: float = DEFAULT_THRESHOLD,
    min_lines: int = DEFAULT_MIN_LINES,
    min_match: int = DEFAULT_MIN_MATCH,
    common: float = DEFAULT_COMMON,
    progress: Callable[[str], object] | None = None,
) -> list[Pair]:
    """The pairs of students whose own code is alike, the highest score first.

    ``codes``: each student's own code (:func:`~.own_code.student_code`); ``given``: code every student has (the
    released notebook's cells, the worked solution's), never counted as shared. A pair is listed when its
    score is at least ``threshold`` and at least ``min_lines`` lines of each are shared (``threshold=0,
    min_lines=0``: every pair). ``min_match``: the shortest run of tokenized code that counts; ``common``: a run
    that more than this part of the class has is not counted. ``progress`` is told one line per stage.

    >>> from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode, Part
    >>> lines = ("out = []", "for w in words:", "    out.append(w.upper())", "return out")
    >>> ada = OwnCode("ada", (Part("f", lines, (True,) * 4),))
    >>> similar_pairs([ada, ada], given=["out = []\\nfor w in words:\\n    out.append(w.upper())\\nreturn out"])
    []
    """
    codes = [
        check_instance(code, f"codes[{index}]", OwnCode) for index, code in enumerate(check_sequence(codes, "codes"))
    ]
    given = [check_str(text, f"given[{index}]") for index, text in enumerate(check_sequence(given, "given"))]
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not 0 <= threshold <= 1:
        raise ValueError(f"threshold must be a number from 0 to 1, got {threshold!r}")
    min_lines = check_int(min_lines, "min_lines", minimum=0)
    min_match = check_int(min_match, "min_match", minimum=1)
    common = check_ratio(common, "common")
    check_optional_callable(progress, "progress", "a function progress(line)")
    say = progress if progress is not None else (lambda line: None)
    import numpy as np

    detector = _copydetect()
    documents = [_Document(code) for code in codes]
    names = [f"{index}:{code.student}" for index, code in enumerate(codes)]
    boilerplate = given_fingerprints(given, min_match)
    say(f"{len(boilerplate)} fingerprints of given code")
    whole = [
        document.within_parts(_fingerprint(document.text, name, min_match)) for document, name in zip(documents, names)
    ]
    boilerplate |= common_fingerprints([set(found.hashes) for found in whole], common)
    say(f"{len(boilerplate)} fingerprints of given and common code")
    left_out = np.unique(np.array(sorted(boilerplate), dtype=np.int64))
    prints = [
        document.within_parts(_fingerprint(document.text, name, min_match, left_out))
        for document, name in zip(documents, names)
    ]
    pairs = []
    for one, other in itertools.combinations(range(len(codes)), 2):
        shares, shared = (0.0, 0.0), ((), ())
        if not prints[one].hashes.isdisjoint(prints[other].hashes):
            _, similarity, slices = detector.compare_files(prints[one], prints[other])
            shares = (float(similarity[0]), float(similarity[1]))
            if max(shares) >= threshold:  # which lines, only for the pairs that may be listed
                shared = (documents[one].shared_lines(slices[0]), documents[other].shared_lines(slices[1]))
        pair = Pair(codes[one], codes[other], shares, shared)
        if pair.score >= threshold and pair.shared_lines >= min_lines:
            pairs.append(pair)
    say(f"compared {len(codes) * (len(codes) - 1) // 2} pairs")
    pairs.sort(key=lambda pair: (-pair.score, -pair.shared_lines, pair.first.student, pair.second.student))
    return pairs


__all__ = [
    "DEFAULT_COMMON",
    "DEFAULT_MIN_LINES",
    "DEFAULT_MIN_MATCH",
    "DEFAULT_THRESHOLD",
    "MIN_COMMON_STUDENTS",
    "Pair",
    "common_fingerprints",
    "given_fingerprints",
    "similar_pairs",
]
