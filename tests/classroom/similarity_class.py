"""A made-up class's submissions of notebook 04 (encoding), for the similarity tests and benchmark.

Each student's answers are written here by hand: ``bob`` took ``ada``'s,
renamed every variable and reordered lines that do not depend on each other;
``cy``, ``dee`` and ``eve`` wrote their own; ``fay`` and ``gus`` each adapted
the notebook's worked ``longest_match`` and wrote the decode loop most
answers have (the worked solution's shape), without seeing each other's.
Every answer is correct: ``tests/classroom/test_similarity.py`` runs each
through the notebook's own checks.

A submission is the released notebook with its answer stubs replaced (the
lines around them kept, as a student leaves them) and, as a graded release
would give each student data of their own, the numbers of the released cells
changed per student.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RELEASED_04 = ROOT / "notebooks" / "04_encoding.ipynb"
NOTEBOOK = "04_encoding"

ADA = {
    "my_encode": '''def my_encode(word, vocab):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(word) > 100:
        return ["[UNK]"]
    result = []
    i = 0
    while i < len(word):
        j = len(word)
        found = None
        while j > i:
            candidate = word[i:j]
            if i == 0:
                candidate = "_" + candidate
            if candidate in vocab:
                found = candidate
                break
            j -= 1
        if found is None:
            return ["[UNK]"]
        result.append(found)
        i = j
    return result
''',
    "my_word": 'my_word = "buns"  # ##un is learned before ##ns once puns is in\n',
    "my_decode": '''def my_decode(tokens):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    text = ""
    for t in tokens:
        if t.startswith("##"):
            text = text + t[2:]
        elif text:
            text = text + " " + t
        else:
            text = t
    return text
''',
}

BOB = {
    "my_encode": '''def my_encode(w, v):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(w) > 100:
        return ["[UNK]"]
    pos = 0
    pieces = []
    while pos < len(w):
        best = None
        stop = len(w)
        while stop > pos:
            cand = w[pos:stop]
            if pos == 0:
                cand = "_" + cand
            if cand in v:
                best = cand
                break
            stop -= 1
        if best is None:
            return ["[UNK]"]
        pieces.append(best)
        pos = stop
    return pieces
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(toks):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    out = ""
    for tok in toks:
        if tok.startswith("##"):
            out = out + tok[2:]
        elif out:
            out = out + " " + tok
        else:
            out = tok
    return out
''',
}

CY = {
    "my_encode": '''def my_encode(word, vocab):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(word) > 100:
        return ["[UNK]"]
    out, begin = [], 0
    while begin < len(word):
        for stop in range(len(word), begin, -1):
            key = ("_" if begin == 0 else "") + word[begin:stop]
            if key in vocab:
                out.append(key)
                begin = stop
                break
        else:
            return ["[UNK]"]
    return out
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(tokens):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    return " ".join(tokens).replace(" ##", "")
''',
}

DEE = {
    "my_encode": '''def my_encode(word, vocab):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""

    def longest(rest, opening):
        for size in range(len(rest), 0, -1):
            guess = ("_" if opening else "") + rest[:size]
            if guess in vocab:
                return guess, size
        return None, 0

    if len(word) > 100:
        return ["[UNK]"]
    tokens, rest = [], word
    while rest:
        token, size = longest(rest, not tokens)
        if token is None:
            return ["[UNK]"]
        tokens.append(token)
        rest = rest[size:]
    return tokens
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(tokens):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    words = []
    for token in tokens:
        if token.startswith("##") and words:
            words[-1] = words[-1] + token.removeprefix("##")
        else:
            words.append(token)
    return " ".join(words)
''',
}

EVE = {
    "my_encode": '''def my_encode(word, vocab):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(word) > 100:
        return ["[UNK]"]

    def cut(start):
        if start == len(word):
            return []
        for end in range(len(word), start, -1):
            piece = word[start:end] if start else "_" + word[start:end]
            if piece in vocab:
                rest = cut(end)  # the longest piece only: no going back to a shorter one
                return None if rest is None else [piece, *rest]
        return None

    found = cut(0)
    return ["[UNK]"] if found is None else found
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(tokens):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    pieces = [token[2:] if token[:2] == "##" else " " + token for token in tokens]
    return "".join(pieces).lstrip()
''',
}

FAY = {
    "my_encode": '''def my_encode(word, vocab):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(word) > 100:
        return ["[UNK]"]
    tokens, start = [], 0
    while start < len(word):
        for end in range(len(word), start, -1):
            piece = "_" + word[start:end] if start == 0 else word[start:end]
            if piece in vocab:
                tokens.append(piece)
                start = end
                break
        else:
            return ["[UNK]"]
    return tokens
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(tokens):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    words = []
    for token in tokens:
        if token.startswith("##") and words:
            words[-1] += token[2:]
        else:
            words.append(token)
    return " ".join(words)
''',
}

GUS = {
    "my_encode": '''def my_encode(text, known):
    """Longest-match-first tokens of one word, for a vocab in the begin-of-word marker style."""
    if len(text) > 100:
        return ["[UNK]"]
    found, left = [], 0
    while left < len(text):
        for right in range(len(text), left, -1):
            chunk = "_" + text[left:right] if left == 0 else text[left:right]
            if chunk in known:
                found.append(chunk)
                left = right
                break
        else:
            return ["[UNK]"]
    return found
''',
    "my_word": 'my_word = "buns"\n',
    "my_decode": '''def my_decode(pieces):
    """Glue '##' pieces to the piece before; separate the rest with spaces."""
    glued = []
    for piece in pieces:
        if piece.startswith("##") and glued:
            glued[-1] += piece[2:]
        else:
            glued.append(piece)
    return " ".join(glued)
''',
}

#: Every student's answers, by name.
CLASS = {"ada": ADA, "bob": BOB, "cy": CY, "dee": DEE, "eve": EVE, "fay": FAY, "gus": GUS}
#: The pair that shares an answer; every other pair wrote their own.
COPIED = ("ada", "bob")


def released() -> dict[str, Any]:
    return json.loads(RELEASED_04.read_text(encoding="utf-8"))


def _own_data(source: str, seed: int) -> str:
    """A released cell's numbers as a graded release might give one student (every number moved by ``seed``)."""
    return re.sub(r"(?<![\w.])\d+(?![\w.])", lambda found: str(int(found.group()) + seed), source)


def submission(answers: dict[str, str], seed: int = 0) -> dict[str, Any]:
    """The released notebook with each stub replaced by the answer (``seed``: that student's own data)."""
    notebook = copy.deepcopy(released())
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if seed and not source.lstrip().startswith("%%"):
            source = _own_data(source, seed)
        for name, answer in answers.items():
            function = re.search(rf"^def {name}\(", source, re.MULTILINE)
            value = re.search(rf"^{name} = TODO.*$", source, re.MULTILINE)
            if function:
                source = source[: function.start()] + answer
            elif value:
                source = source[: value.start()] + answer.rstrip("\n") + source[value.end() :]
        cell["source"] = source
    return notebook


def write_class(folder: Path, students: dict[str, dict[str, str]] | None = None) -> list[Path]:
    """Each student's submission as ``folder/<student>/04_encoding.ipynb``, each with data of its own."""
    paths = []
    for seed, (student, answers) in enumerate((students or CLASS).items(), start=1):
        path = folder / student / f"{NOTEBOOK}.ipynb"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(submission(answers, seed), indent=1), encoding="utf-8")
        paths.append(path)
    return paths
