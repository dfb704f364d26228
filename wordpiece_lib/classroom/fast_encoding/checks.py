"""Checks behind notebook 08's exercises (LinMaxMatch), in the frame of :mod:`wordpiece_lib.classroom.runtime.workbook`.

A placeholder answer (``TODO``) skips with "not done yet"; a wrong answer
is told which idea is off, in words, never the expected tokens or link. The
expected answers come from the library's automaton (``LinMaxMatch``), never
from a list typed in here. The ``[UNK]`` exercise refuses the words the
notebook already walked through.

>>> from wordpiece_lib import LinMaxMatch
>>> WORKBOOK.reset()
>>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
>>> check_failure(["a", "##b"], "##cd", automaton, "abcd")
>>> check_failure(["a", "##b", "##c"], "##d", automaton, "abcd")
Traceback (most recent call last):
...
AssertionError: Your failure pops of 'abcd' go too far: after some of your pops the rest is still a node of the continuation trie (the next characters decide which token it ends as), so popping stops there.
"""

from __future__ import annotations

import random
import string
from collections.abc import Iterable
from typing import Any

from wordpiece_lib._validate import check_instance, check_int
from wordpiece_lib.classroom import runtime
from wordpiece_lib.model import CONTINUATION, AutomatonStep, LinMaxMatch, encode_word, trace_automaton

#: The words notebook 08 walks through on the paper's vocab: the [UNK] exercise asks for a new one.
SHOWN_WORDS = ("abcdx", "abcdz", "abcdy", "ab", "abd", "abcz", "abcdxb", "abcd")


WORKBOOK = runtime.Workbook(
    "08 · Fast encoding: LinMaxMatch",
    [
        runtime.Exercise(
            "failure_of_tokeniz",
            "Your turn 1 · failure pops of a node",
            hints=(
                "A node's failure pops are the tokens longest match emits for the node's own text, one after the "
                "other, as section 3 does for `abcd`.",
                "Popping stops where what is left is a node of the ## trie; the failure link goes to that node.",
            ),
        ),
        runtime.Exercise(
            "emitted_at_s",
            "Your turn 2 · what a failure emits",
            hints=(
                "A failure emits the node's failure pops and moves to the node its link points to, where the same "
                "character is tried again.",
                "Section 4's `abcdz` walk shows a failure that is followed by a second one.",
            ),
        ),
        runtime.Exercise(
            "unk_word",
            "Your turn 3 · find an [UNK] word",
            hints=(
                "[UNK] comes when the automaton has no edge for the character it reads and no failure link to "
                "follow; the drawing shows every node's link.",
                "Position 0 is the first character; len(word) means the automaton only knows at the end.",
            ),
        ),
    ],
    answers="fast_encoding",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer


def _token_list(value: Any, what: str) -> list[str]:
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise AssertionError(
            f"{what} should be a list of tokens like ['a', '##b'], got {type(value).__name__}: {value!r}"
        )
    items = list(runtime.in_container(value, list, what, "the tokens in order, like ['a', '##b']"))
    for item in items:
        if not isinstance(item, str):
            raise AssertionError(f"{what} should hold tokens (str), but it holds {item!r}")
    return items


def _vocab_of(automaton: LinMaxMatch) -> set[str]:
    return {node.token for node in automaton.nodes if node.token is not None}


def _link_name(automaton: LinMaxMatch, link: int | None) -> str | None:
    if link is None:
        return None
    return automaton.prefix if link == CONTINUATION else automaton.label(link)


# ---------------------------------------------------------------- exercise: failure pops and link of a node

#: The automaton's own answers: a node's failure data, its trace, its encoding (whatever the object is called).
AUTOMATON_ANSWERS = runtime.forbid(
    LinMaxMatch.node, LinMaxMatch.nodes, LinMaxMatch.to_dict, LinMaxMatch.trace, LinMaxMatch.encode_word,
    LinMaxMatch.tokenize_normalized, trace_automaton, encode_word,
)  # fmt: skip
AUTOMATON_NAMES = ("node", "nodes", "to_dict", "trace", "encode_word", "trace_automaton", "tokenize_normalized")
for _key in ("my_pops", "my_link", "emitted_at_s", "unk_word", "unk_position"):
    runtime.watch_answer(_key, AUTOMATON_ANSWERS)


def _refuse_the_automaton(*keys: str, source: str | None) -> None:
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    for key in keys:
        runtime.refuse_in_answer(
            key,
            AUTOMATON_NAMES,
            "your answer uses {name}, which runs the automaton for you: follow the trie and the links by hand "
            "(the drawing above has every node), then let the check tell you",
            source,
        )


@WORKBOOK.check("failure_of_tokeniz")
def check_failure(
    pops: Any,
    link: Any,
    automaton: LinMaxMatch,
    label: str,
    *,
    continuation: bool | None = None,
    source: str | None = None,
) -> None:
    """Check the failure pops and the failure link a student computed for the node spelling ``label``.

    ``link`` is the label of the continuation node the failure link points to
    (the prefix alone, ``"##"``, for the continuation root), or ``None`` when
    the node has no failure link. ``continuation`` says which trie the node is
    in (default: the continuation trie when ``label`` starts with the prefix).

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> WORKBOOK.reset()
    >>> check_failure(["a"], "##bcd", automaton, "abcd")
    Traceback (most recent call last):
    ...
    AssertionError: Your failure pops of 'abcd' stop too early: what is left after your pops is not a node of the continuation trie (no ## token starts with it), so popping goes on: take the longest ## token at what is left, and look again.
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    got_pops = _token_list(runtime.require(pops, "the failure pops"), "the failure pops")
    got_link = runtime.require(link, "the failure link")
    _refuse_the_automaton("my_pops", "my_link", source=source)
    if continuation is None:
        continuation = label.startswith(automaton.prefix)
    node_id = automaton.find(label, continuation=continuation)
    if node_id is None:
        raise ValueError(
            f"{label!r} is not a node of this automaton's {'continuation' if continuation else 'start'} trie"
        )
    node = automaton.node(node_id)
    expected_pops = list(node.failure_pops)
    expected_link = _link_name(automaton, node.failure_link)
    if got_link is not None and not isinstance(got_link, str):
        raise AssertionError(f"the failure link should be a node's label like '##cd' (or None), got {got_link!r}")
    if node.failure_link is None:
        if got_link is not None:
            raise AssertionError(
                f"{label!r} has NO failure link (answer None): at some point no token fits the rest of "
                f"{label!r}, so failing there means the word is {automaton.unk_token}"
            )
        return  # without a link the pops are never used: any answer is fine
    if got_pops != expected_pops:
        raise AssertionError(_pops_hint(automaton, label, continuation, got_pops, expected_pops))
    if got_link != expected_link:
        if got_link is None:
            reason = "it has one: after the pops, what is left is a node of the continuation trie"
        elif expected_link == automaton.prefix:
            reason = (
                "the pops use up the whole string, nothing is pending, so the link goes to the continuation "
                f"root {automaton.prefix!r}"
            )
        else:
            reason = (
                "the link goes to the continuation node spelling what is left after the pops "
                "(the prefix + the characters not yet emitted)"
            )
        raise AssertionError(f"The pops are right, but the failure link of {label!r} is not {got_link!r}: {reason}")


def _pops_hint(automaton: LinMaxMatch, label: str, continuation: bool, got: list[str], expected: list[str]) -> str:
    intro = f"Your failure pops of {label!r}"
    prefix = automaton.prefix
    node = automaton.find(label, continuation=continuation)
    if node is not None and automaton.node(node).token:
        return f"{intro} are not right: {label!r} is itself a vocab token, so the longest match is the whole of it."
    if len(got) > len(expected) and got[: len(expected)] == expected:
        return (
            f"{intro} go too far: after some of your pops the rest is still a node of the continuation trie (the "
            "next characters decide which token it ends as), so popping stops there."
        )
    if len(got) < len(expected) and expected[: len(got)] == got:
        # The rest is not quoted: with it the next pop, and then the link, would be all but given.
        return (
            f"{intro} stop too early: what is left after your pops is not a node of the continuation trie (no "
            f"{prefix} token starts with it), so popping goes on: take the longest {prefix} token at what is left, "
            "and look again."
        )
    if got and expected and got[0] != expected[0]:
        return (
            f"{intro} start wrong: the first pop is the LONGEST vocab token that {label!r} starts with"
            + (f" (a {prefix} token, since this node is in the continuation trie)" if continuation else "")
            + "."
        )
    return (
        f"{intro} are not right: take the longest token that starts the node's string, then the longest {prefix} "
        "token at the rest, and so on, until the rest is a node of the continuation trie."
    )


# ---------------------------------------------------------------- exercise: what a failure emits


def _fails_at(automaton: LinMaxMatch, word: str, position: int) -> list[AutomatonStep]:
    return [step for step in automaton.trace(word) if step.kind == "fail" and step.position == position]


@WORKBOOK.check("emitted_at_s")
def check_emitted_at(
    answer: Any, automaton: LinMaxMatch, word: str, position: int, *, source: str | None = None
) -> None:
    """Check the tokens LinMaxMatch emits while it is stuck on the character at ``position`` of ``word``.

    That is every failure pop emitted before the character can be read (one
    failure can lead to another); ``position == len(word)`` means the pops at
    the end of the word.

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> WORKBOOK.reset()
    >>> check_emitted_at(["a", "##b", "##c"], automaton, "abcdz", 4)
    >>> check_emitted_at(["a", "##b"], automaton, "abcdz", 4)
    Traceback (most recent call last):
    ...
    AssertionError: Stuck on 'z' (position 4), LinMaxMatch does not emit ['a', '##b']: that is only the first failure. The node its link leads to has no edge for this character either, so it fails again: follow that one too.
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    got = _token_list(runtime.require(answer, "the tokens emitted at the failure"), "the emitted tokens")
    _refuse_the_automaton("emitted_at_s", source=source)
    fails = _fails_at(automaton, word, position)
    if not fails:
        raise ValueError(f"the automaton does not fail at position {position} of {word!r}: pick another position")
    expected = [token for step in fails for token in step.emitted]
    if got == expected:
        return
    where = f"on {word[position]!r} (position {position})" if position < len(word) else "at the end of the word"
    intro = f"Stuck {where}, LinMaxMatch does not emit {got}"
    first = list(fails[0].emitted)
    if got == first and len(fails) > 1:
        again = "has no edge for this character either" if position < len(word) else "is still pending"
        raise AssertionError(
            f"{intro}: that is only the first failure. The node its link leads to {again}, so it fails again: "
            "follow that one too."
        )
    before = list(fails[0].tokens[: len(fails[0].tokens) - len(fails[0].emitted)])
    if before and got[: len(before)] == before:
        raise AssertionError(
            f"{intro}: some of your tokens were emitted earlier, before reaching this character; list only what is "
            "emitted while stuck here."
        )
    encoded = encode_word(word, _vocab_of(automaton), prefix=automaton.prefix, max_input_chars_per_word=len(word))
    if got == encoded:
        raise AssertionError(
            f"{intro}: that lists tokens of the whole word; follow the failure links from the node the automaton is "
            "in when it meets this character, and list only what those pops emit."
        )
    if len(got) > len(expected) and got[: len(expected)] == expected:
        raise AssertionError(
            f"{intro}: once a node with an edge for this character is reached, the automaton reads it and stops "
            "emitting."
        )
    raise AssertionError(
        f"{intro}: the node it is at has no edge for this character, so it emits that node's failure pops and "
        "follows its failure link; repeat while the new node has no edge either."
    )


# ---------------------------------------------------------------- exercise: an [UNK] word, and when it is known


@WORKBOOK.check("unk_word")
def check_unk_word(
    word: Any,
    position: Any,
    automaton: LinMaxMatch,
    *,
    min_position: int = 1,
    known: Iterable[str] = SHOWN_WORDS,
    source: str | None = None,
) -> None:
    """Check a word that LinMaxMatch turns into ``[UNK]``, and the position at which it knows.

    ``position`` is the index (from 0) of the character the automaton is
    reading when it finds no edge and no failure link, or ``len(word)`` when
    it only finds out at the end of the word. The word must make the
    automaton read at least ``min_position`` characters first.

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> WORKBOOK.reset()
    >>> check_unk_word("abx", 2, automaton)
    >>> check_unk_word("abx", 1, automaton)
    Traceback (most recent call last):
    ...
    AssertionError: 'abx' is [UNK] all right, but position 1 is not where the automaton knows: count from 0, and find the character it is reading when it has no edge and no failure link
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    check_int(min_position, "min_position", minimum=0)
    word = runtime.require(word, "a word that becomes [UNK]")
    position = runtime.require(position, "the position at which the automaton knows")
    _refuse_the_automaton("unk_word", "unk_position", source=source)
    if not isinstance(word, str) or not word:
        raise AssertionError(f"answer with a word (a non-empty str), got {word!r}")
    if isinstance(position, bool) or not isinstance(position, int):
        raise AssertionError(f"the position should be an int (a character index from 0), got {position!r}")
    if word in set(known):
        raise AssertionError(
            f"{word!r} is a word this notebook already walked through: find one of your own (the stepper helps)"
        )
    steps = list(automaton.trace(word))
    last = steps[-1]
    if last.kind == "too_long":
        raise AssertionError(
            f"{word!r} has {len(word)} characters: it is {automaton.unk_token} only because it is longer than "
            f"{automaton.max_input_chars_per_word}. Find a short word that the trie itself cannot cover."
        )
    if last.kind != "unk":
        raise AssertionError(f"{word!r} is not {automaton.unk_token}: LinMaxMatch encodes it as {list(last.tokens)}")
    if last.position < min_position:
        raise AssertionError(
            f"{word!r} is {automaton.unk_token}, but the automaton knows at once: no token starts with "
            f"{word[0]!r}. Pick a word that starts like a vocab token, so that it reads a few characters first."
        )
    if position == last.position:
        return
    if last.char is None:
        raise AssertionError(
            f"{word!r} is {automaton.unk_token} all right, but position {position} is not where the automaton knows: "
            "here every character can be read, and the trouble shows only at the end of the word (the exercise says "
            "which position stands for the end)"
        )
    if position == len(word):  # checked first: len(word) is also one past the last character, a 1-based slip's look
        raise AssertionError(
            f"{word!r} is {automaton.unk_token} all right, but position {position} is len(word), which stands for the "
            "end of the word: here the automaton knows while it is still reading a character (positions count "
            "from 0, as Python's indexes do); find the character it is reading when it has no edge and no failure link"
        )
    if position == last.position + 1:
        raise AssertionError(
            f"{word!r} is {automaton.unk_token} all right, but position {position} is not where the automaton knows: "
            "positions count from 0 (the first character is position 0), as Python's indexes do; find the character "
            "it is reading when it has no edge and no failure link"
        )
    raise AssertionError(
        f"{word!r} is {automaton.unk_token} all right, but position {position} is not where the automaton knows: "
        "count from 0, and find the character it is reading when it has no edge and no failure link"
    )


# ---------------------------------------------------------------- variants (a graded release: every student's own)
#
# Each exercise's vocab is the course's with its letters renamed (one renaming per student and exercise): the
# tries keep their shape (the same pops, links and dead ends, at the same places), the tokens and words change.

#: The paper's vocab (*Your turn 3*'s automaton) and the vocab of *Your turn 1* and *2*, in the course.
PAPER_VOCAB = ("a", "abcdx", "##b", "##c", "##cdy", "##dz")
TOKEN_VOCAB = ("t", "to", "tok", "token", "tokenize", "##e", "##en", "##ed", "##i", "##k", "##n", "##s", "##z")


def renamed(text: str, renaming: dict[str, str]) -> str:
    """``text`` with its letters renamed (the ``##`` prefix and other characters kept).

    >>> renamed("##ab", {"a": "q", "b": "r"})
    '##qr'
    """
    return "".join(renaming.get(character, character) for character in text)


def _renaming(rng: random.Random, letters: Iterable[str]) -> dict[str, str]:
    """A renaming of ``letters`` to distinct lowercase letters, not every letter kept."""
    letters = sorted(set(letters))
    while True:
        names = rng.sample(string.ascii_lowercase, len(letters))
        if sum(old == new for old, new in zip(letters, names)) <= 2:
            return dict(zip(letters, names))


def _letters(vocab: Iterable[str]) -> set[str]:
    return {character for token in vocab for character in token.removeprefix("##")}


@WORKBOOK.variants("failure_of_tokeniz", course={"vocab": list(TOKEN_VOCAB), "label": "tokeniz"})
def failure_variant(rng: random.Random) -> dict[str, Any]:
    """The course's vocab and node with the letters renamed (the pops and link keep their shape)."""
    renaming = _renaming(rng, _letters(TOKEN_VOCAB))
    return {"vocab": [renamed(token, renaming) for token in TOKEN_VOCAB], "label": renamed("tokeniz", renaming)}


@WORKBOOK.variants("emitted_at_s", course={"vocab": list(TOKEN_VOCAB), "word": "tokenis", "position": 6})
def emitted_variant(rng: random.Random) -> dict[str, Any]:
    """The course's vocab and word with the letters renamed: stuck at the same position, after two failures."""
    renaming = _renaming(rng, _letters(TOKEN_VOCAB))
    return {
        "vocab": [renamed(token, renaming) for token in TOKEN_VOCAB],
        "word": renamed("tokenis", renaming),
        "position": 6,
    }


@WORKBOOK.variants("unk_word", course={"vocab": list(PAPER_VOCAB), "known": list(SHOWN_WORDS)})
def unk_variant(rng: random.Random) -> dict[str, list[str]]:
    """The paper's vocab with the letters renamed, and the words this notebook walked through renamed alike."""
    renaming = _renaming(rng, _letters(PAPER_VOCAB) | _letters(SHOWN_WORDS))
    return {
        "vocab": [renamed(token, renaming) for token in PAPER_VOCAB],
        "known": [renamed(word, renaming) for word in SHOWN_WORDS],
    }


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``...

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


__all__ = [
    "PAPER_VOCAB",
    "SHOWN_WORDS",
    "TOKEN_VOCAB",
    "WORKBOOK",
    "check_emitted_at",
    "check_failure",
    "check_unk_word",
    "emitted_variant",
    "failure_variant",
    "progress",
    "renamed",
    "show_answer",
    "unk_variant",
]
