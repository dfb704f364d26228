"""What on a notebook's screen would show an exercise's answer before it is asked.

A student notebook, run from top to bottom with no exercise answered (as
``test_notebooks`` runs it), shows only what a student who runs ahead sees:
every check skips, so every reveal stays shut. Nothing it shows, in an output
or in its text, may hold an exercise's answer. The answers are the right
answers of the mutation suite (``tests/classroom/exercise_cases``), the same
data the notebook uses; :func:`tells` turns each into the forms it would take
on screen: the value as Python prints it, a list of tokens on one line, the
set of items on one line, a pair of numbers, a number as the tables round it,
and, for a few exercises, what a table or a sentence shows instead of the
value (the cuts the answer counts, the groups the answer lists).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import classroom  # noqa: F401  (puts tests/classroom on the path: the mutation suite is imported by its name)
import exercise_cases
from exercise_cases import now

#: A token as a line shows it: letters, digits, '#', apostrophes (split on spaces, commas, brackets, quotes).
TOKEN = re.compile(r"[\w#'’\[\]]+|[^\w\s]")


@dataclass(frozen=True)
class Tell:
    """One form an answer takes on screen: ``what`` names it, ``shows`` finds it in one line of text."""

    what: str
    shows: Callable[[str], bool]


def screen_texts(notebook: Any) -> list[tuple[int, str]]:
    """Every text a student sees, by cell number: the Markdown cells, and every output (text, Markdown, HTML)."""
    texts = []
    for number, cell in enumerate(notebook.cells):
        if cell.cell_type == "markdown":
            texts.append((number, cell.source))
            continue
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            parts = [output.get("text", ""), data.get("text/plain", ""), data.get("text/markdown", "")]
            parts.append(html.unescape(re.sub(r"<[^>]+>", " ", data.get("text/html", ""))))
            texts.append((number, "\n".join(part if isinstance(part, str) else "".join(part) for part in parts)))
    return texts


def _tokens(line: str) -> list[str]:
    return [match.strip("'\"") for match in TOKEN.findall(line)]


def _in_order(items: list[str]) -> Callable[[str], bool]:
    def shows(line: str) -> bool:
        tokens = _tokens(line)
        return any(tokens[start : start + len(items)] == items for start in range(len(tokens)))

    return shows


def _all_of(items: Iterable[str], none_of: Iterable[str] = ()) -> Callable[[str], bool]:
    wanted, unwanted = set(items), set(none_of)

    def shows(line: str) -> bool:
        tokens = set(_tokens(line))
        return wanted <= tokens and not (unwanted & tokens)

    return shows


def _together(items: Iterable[str]) -> Callable[[str], bool]:
    """The items next to each other in a line, in any order (a set or a list of them, not a table that holds them)."""
    wanted = set(items)

    def shows(line: str) -> bool:
        tokens = [token for token in _tokens(line) if token not in {",", "{", "}", "[", "]", "(", ")"}]
        return any(set(tokens[start : start + len(wanted)]) == wanted for start in range(len(tokens)))

    return shows


def _text(needle: str) -> Callable[[str], bool]:
    return lambda line: needle in line


def _number(text: str) -> Callable[[str], bool]:
    pattern = re.compile(rf"(?<![\w.,/]){re.escape(text)}(?![\w/]|[.,]\d)")
    return lambda line: pattern.search(line) is not None


def value_tells(value: Any) -> list[Tell]:
    """The forms a value answer takes on screen (none for a bare whole number: too common to tell)."""
    value = now(value)
    found = []
    if isinstance(value, str) and len(value) > 2:
        found.append(Tell(f"the text {value!r}", _text(value)))
    elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(item, str) for item in value):
        pass  # a pair of pieces stands in every score table the notebook shows: alone it tells nothing
    elif isinstance(value, (list, tuple)) and value and all(isinstance(item, str) for item in value):
        if len(value) > 1:
            found.append(Tell(f"the tokens {list(value)} in order", _in_order(list(value))))
    elif isinstance(value, (set, frozenset)) and len(value) > 1 and all(isinstance(item, str) for item in value):
        found.append(Tell(f"the items {sorted(value)} listed together", _together(value)))
    elif isinstance(value, tuple) and len(value) == 2 and all(isinstance(item, int) for item in value):
        start, end = value
        for shape in (f"({start}, {end})", f"[{start}:{end}]", f"{start}:{end}"):
            found.append(Tell(f"the pair as {shape}", _text(shape)))
    elif isinstance(value, tuple) and value and isinstance(value[0], Fraction):
        found += value_tells(value[0])
    elif isinstance(value, Fraction) and value.denominator > 1:
        found.append(Tell(f"the fraction {value}", _number(f"{value.numerator}/{value.denominator}")))
        found += value_tells(float(value))
    elif isinstance(value, float):
        for digits in (2, 3, 4):
            shown = f"{value:.{digits}f}"
            if len(shown.replace(".", "").replace("-", "").lstrip("0")) >= 2:  # 0.000 or 0.01 tell nothing
                found.append(Tell(f"the number {shown}", _number(shown)))
    elif isinstance(value, dict) and value and all(isinstance(item, bool) for item in value.values()):
        split = [key for key, item in value.items() if item]
        whole = [key for key, item in value.items() if not item]
        if len(split) > 1:
            found.append(Tell(f"the words {split} on one line, without the others", _all_of(split, whole)))
    elif isinstance(value, list) and value and all(isinstance(group, list) for group in value):
        found += [Tell(f"the group {group} on one line", _all_of(group)) for group in value if len(group) > 1]
    return found


def _whole_names_tells(case: Any) -> list[Tell]:
    """The cut of every name at the exercise's vocab size: counting the one-piece ones is the answer."""
    from wordpiece_lib import encode_word

    names, vocab = (now(item) for item in case.data)
    return [
        Tell(f"{name} cut as {' '.join(encode_word(name, vocab))!r}", _in_order([name, *encode_word(name, vocab)]))
        for name in names
    ]


def _bert_disagreements_tells(case: Any) -> list[Tell]:
    """Google's tokens of each text, where they differ from Hugging Face's: the table of the reveal."""
    from wordpiece_lib import WordPieceTokenizer

    texts, vocab = (now(item) for item in case.data)
    hugging_face = WordPieceTokenizer(vocab, lowercase=True)
    google = WordPieceTokenizer(vocab, lowercase=True, compat="google")
    return [
        Tell(f"Google's tokens of text {name!r}", _in_order(google.tokenize(text)))
        for name, text in texts.items()
        if google.tokenize(text) != hugging_face.tokenize(text)
    ]


def _toy_jaccard_tells(case: Any) -> list[Tell]:
    """The tokens only one vocab has, listed: the shared count is the vocab's size minus them."""
    first, second = (list(now(item)) for item in case.data)
    only_first = [token for token in first if token not in second]
    shared = [token for token in first if token in second]
    listed = _all_of(only_first, none_of=shared)  # the two whole vocabs, printed for the count, are the exercise
    return [Tell(f"the tokens only the first vocab has, {only_first}", listed)] if len(only_first) > 1 else []


def _hug_keeps_tells(case: Any) -> list[Tell]:
    """A sentence on what the exercise's substring keeps in a pass, or the rule that says it for any substring."""
    _counts, token, _threshold = (now(item) for item in case.data)
    rule = re.compile(r"runs to the end of (the|its|a) word")  # then what it keeps is read off the word counts
    return [
        Tell(f"what {token!r} keeps", lambda line: re.search(rf"`?{re.escape(token)}`? keeps", line) is not None),
        Tell("the rule of what any substring keeps", lambda line: rule.search(line) is not None),
    ]


def _predicted_split_tells(case: Any) -> list[Tell]:
    """A sentence naming a word of the exercise as a token that is no word of the book: one prediction, stated."""
    predictions = now(case.right[0])
    _vocab, counts, _words = (now(item) for item in case.data)
    whole_yet_not_in_book = [word for word, split in predictions.items() if not split and word not in counts]
    return [
        Tell(
            f"{word!r} named as a token that is no word of the book",
            lambda line, word=word: f"`{word}`" in line and re.search(r"\bbook\b", line) is not None,
        )
        for word in whole_yet_not_in_book
    ]


def _merged_groups_tells(case: Any) -> list[Tell]:
    """A word of the exercise, or what the normalizer makes of it, shown before the exercise asks about it."""
    words, uncased = (now(item) for item in case.data)
    forms = {form for word in words for form in (word, uncased(word)) if not form.isascii()}
    return [Tell(f"the exercise's word form {form!r}", _in_order([form])) for form in sorted(forms)]


#: Exercises whose answer shows on screen in another form than its value (a table the answer is read off).
MORE_TELLS: dict[str, Callable[[Any], list[Tell]]] = {
    "whole_names": _whole_names_tells,
    "bert_disagreements": _bert_disagreements_tells,
    "toy_jaccard": _toy_jaccard_tells,
    "hug_keeps": _hug_keeps_tells,
    "predicted_split": _predicted_split_tells,
    "merged_groups": _merged_groups_tells,
}

#: Answers chosen from a short list the notebook prints on purpose (the exponents of its grid): no tell.
CHOSEN_FROM_A_LIST = {"chosen_exponent"}
#: Parts of an answer that are a name the drawing shows anyway (a failure link is a node of the trie): no tell.
NODE_NAMES = {("failure_of_tokeniz", 1)}


def tells(case: Any) -> list[Tell]:
    """Every form in which the answer to ``case`` would show on screen."""
    if case.key in CHOSEN_FROM_A_LIST or callable(now(case.right[0])):
        return []
    found = [
        tell
        for number, value in enumerate(case.right)
        if (case.key, number) not in NODE_NAMES
        for tell in value_tells(value)
    ]
    if case.key in MORE_TELLS:
        found += MORE_TELLS[case.key](case)
    return found


#: Exercises whose data cell prints the question on one line (09's words, each student's own in a graded
#: release): that line asks, it does not tell; the same words anywhere else still tell.
QUESTION_LINES: dict[str, Callable[[Any], str]] = {"merged_groups": lambda case: " ".join(now(case.data[0]))}


def answers_on_screen(notebook: Any, number: str) -> list[str]:
    """Where the executed ``notebook`` (``"01"`` ... ``"12"``) shows an exercise's answer: one line per place."""
    texts = screen_texts(notebook)
    found = []
    for case in exercise_cases.table(number):
        asked = QUESTION_LINES[case.key](case) if case.key in QUESTION_LINES else None
        for tell in tells(case):
            for cell, text in texts:
                line = next((line for line in text.splitlines() if line.strip() != asked and tell.shows(line)), None)
                if line is not None:
                    found.append(f"{case.key}: cell {cell} shows {tell.what}: {line.strip()[:160]}")
    return found
