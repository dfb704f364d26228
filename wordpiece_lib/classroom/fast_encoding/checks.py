"""Checks behind notebook 08's exercises (LinMaxMatch), in the frame of :mod:`wordpiece_lib.classroom.exercise`.

A placeholder answer (``TODO``) skips with "not done yet"; a wrong answer
raises ``AssertionError`` saying what is wrong, in words. The expected answers
come from the library's automaton (``LinMaxMatch``), never from a list typed
in here.

>>> from wordpiece_lib import LinMaxMatch
>>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
>>> check_failure(["a", "##b"], "##cd", automaton, "abcd")
>>> check_failure(["a", "##b", "##c"], "##d", automaton, "abcd")
Traceback (most recent call last):
...
AssertionError: Your failure pops of 'abcd' are ['a', '##b', '##c'], but they are ['a', '##b']: you popped too far. After a ##b the rest is '##cd', and that is still a node of the continuation trie (the next characters decide which token it ends as), so popping stops there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from wordpiece_lib._validate import check_instance, check_int
from wordpiece_lib.classroom.exercise import require
from wordpiece_lib.encode import encode_word
from wordpiece_lib.linmaxmatch import CONTINUATION, AutomatonStep, LinMaxMatch


def _token_list(value: Any, what: str) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise AssertionError(
            f"{what} should be a list of tokens like ['a', '##b'], got {type(value).__name__}: {value!r}"
        )
    items = list(value)
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


def check_failure(
    pops: Any, link: Any, automaton: LinMaxMatch, label: str, *, continuation: bool | None = None
) -> None:
    """Check the failure pops and the failure link a student computed for the node spelling ``label``.

    ``link`` is the label of the continuation node the failure link points to
    (the prefix alone, ``"##"``, for the continuation root), or ``None`` when
    the node has no failure link. ``continuation`` says which trie the node is
    in (default: the continuation trie when ``label`` starts with the prefix).

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["t", "token", "tokenize", "##i", "##z", "##e", "##s"])
    >>> check_failure(["token", "##i"], "##z", automaton, "tokeniz")
    >>> check_failure(["token"], "##iz", automaton, "tokeniz")
    Traceback (most recent call last):
    ...
    AssertionError: Your failure pops of 'tokeniz' are ['token'], but they are ['token', '##i']: keep popping. After token the rest is '##iz', which is not a node of the continuation trie (no ## token starts with it), so take the longest ## token at the rest next.
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    got_pops = _token_list(require(pops, "the failure pops"), "the failure pops")
    got_link = require(link, "the failure link")
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
        raise AssertionError(_pops_hint(automaton, label, continuation, got_pops, expected_pops, expected_link))
    if got_link != expected_link:
        if got_link is None:
            reason = f"it has one: after the pops, the rest {expected_link!r} is a node of the continuation trie"
        elif expected_link == automaton.prefix:
            reason = (
                f"the pops use up the whole string, nothing is pending, so the link goes to the continuation "
                f"root {automaton.prefix!r}"
            )
        else:
            reason = (
                f"the link goes to the continuation node spelling what is left after the pops: "
                f"{expected_link!r} (prefix + the characters not yet emitted)"
            )
        raise AssertionError(f"The failure link of {label!r} is {expected_link!r}, not {got_link!r}: {reason}")


def _pops_hint(
    automaton: LinMaxMatch,
    label: str,
    continuation: bool,
    got: list[str],
    expected: list[str],
    expected_link: str | None,
) -> str:
    intro = f"Your failure pops of {label!r} are {got}, but they are {expected}"
    prefix = automaton.prefix
    node = automaton.find(label, continuation=continuation)
    if node is not None and automaton.node(node).token:
        return f"{intro}: {label!r} is itself a vocab token, so the longest match is the whole of it."
    if len(got) > len(expected) and got[: len(expected)] == expected:
        rest = expected_link or prefix
        return (
            f"{intro}: you popped too far. After {' '.join(expected)} the rest is {rest!r}, and that is still a "
            "node of the continuation trie (the next characters decide which token it ends as), so popping "
            "stops there."
        )
    if len(got) < len(expected) and expected[: len(got)] == got:
        done = "".join(token.removeprefix(prefix) for token in got)
        start = label.removeprefix(prefix) if continuation else label
        rest = prefix + start[len(done) :]
        return (
            f"{intro}: keep popping. After {' '.join(got)} the rest is {rest!r}, which is not a node of the "
            f"continuation trie (no {prefix} token starts with it), so take the longest {prefix} token at the "
            "rest next."
        )
    if got and expected and got[0] != expected[0]:
        return (
            f"{intro}: the first pop is the LONGEST vocab token that {label!r} starts with"
            + (f" (a {prefix} token, since this node is in the continuation trie)" if continuation else "")
            + "."
        )
    return (
        f"{intro}: take the longest token that starts the node's string, then the longest {prefix} token at "
        "the rest, and so on, until the rest is a node of the continuation trie."
    )


# ---------------------------------------------------------------- exercise: what a failure emits


def _fails_at(automaton: LinMaxMatch, word: str, position: int) -> list[AutomatonStep]:
    return [step for step in automaton.trace(word) if step.kind == "fail" and step.position == position]


def check_emitted_at(answer: Any, automaton: LinMaxMatch, word: str, position: int) -> None:
    """Check the tokens LinMaxMatch emits while it is stuck on the character at ``position`` of ``word``.

    That is every failure pop emitted before the character can be read (one
    failure can lead to another); ``position == len(word)`` means the pops at
    the end of the word.

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["t", "token", "tokenize", "##i", "##z", "##e", "##s"])
    >>> check_emitted_at(["token", "##i"], automaton, "tokenis", 6)
    >>> check_emitted_at(["token"], automaton, "tokenis", 6)
    Traceback (most recent call last):
    ...
    AssertionError: Stuck on 's' (position 6), LinMaxMatch emits ['token', '##i'], not ['token']: that is only the first failure. It lands on ##i, which has no edge 's' either, so it fails again and emits ['##i'].
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    got = _token_list(require(answer, "the tokens emitted at the failure"), "the emitted tokens")
    fails = _fails_at(automaton, word, position)
    if not fails:
        raise ValueError(f"the automaton does not fail at position {position} of {word!r}: pick another position")
    expected = [token for step in fails for token in step.emitted]
    if got == expected:
        return
    where = f"on {word[position]!r} (position {position})" if position < len(word) else "at the end of the word"
    intro = f"Stuck {where}, LinMaxMatch emits {expected}, not {got}"
    first = list(fails[0].emitted)
    if got == first and len(fails) > 1:
        landing = fails[0].next_node
        name = automaton.prefix if landing == CONTINUATION else automaton.label(landing)  # type: ignore[arg-type]
        again = (
            f"has no edge {word[position]!r} either, so it fails again"
            if position < len(word)
            else "is still pending, so it fails again"
        )
        raise AssertionError(
            f"{intro}: that is only the first failure. It lands on {name}, which {again} and emits "
            f"{list(fails[1].emitted)}."
        )
    before = list(fails[0].tokens[: len(fails[0].tokens) - len(fails[0].emitted)])
    if before and got[: len(before)] == before:
        raise AssertionError(
            f"{intro}: {before} were emitted earlier, before reaching this character; list only what is emitted "
            "while stuck here."
        )
    encoded = encode_word(word, _vocab_of(automaton), prefix=automaton.prefix, max_input_chars_per_word=len(word))
    if got == encoded:
        raise AssertionError(f"{intro}: that is the whole word's encoding; list only what is emitted while stuck here.")
    raise AssertionError(
        f"{intro}: the node it is at has no edge for this character, so it emits that node's failure pops and "
        "follows its failure link; repeat while the new node has no edge either."
    )


# ---------------------------------------------------------------- exercise: an [UNK] word, and when it is known


def check_unk_word(word: Any, position: Any, automaton: LinMaxMatch, *, min_position: int = 1) -> None:
    """Check a word that LinMaxMatch turns into ``[UNK]``, and the position at which it knows.

    ``position`` is the index (from 0) of the character the automaton is
    reading when it finds no edge and no failure link, or ``len(word)`` when
    it only finds out at the end of the word. The word must make the
    automaton read at least ``min_position`` characters first.

    >>> from wordpiece_lib import LinMaxMatch
    >>> automaton = LinMaxMatch(["a", "abcdx", "##b", "##c", "##cdy", "##dz"])
    >>> check_unk_word("abcz", 3, automaton)
    >>> check_unk_word("abcz", 2, automaton)
    Traceback (most recent call last):
    ...
    AssertionError: For 'abcz' the automaton knows at position 3 (the 'z'): it is at ## (root), which has no edge 'z' and no failure link. Count from 0: position 3 is the 4th character.
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    check_instance(automaton, "automaton", LinMaxMatch)
    check_int(min_position, "min_position", minimum=0)
    word = require(word, "a word that becomes [UNK]")
    position = require(position, "the position at which the automaton knows")
    if not isinstance(word, str) or not word:
        raise AssertionError(f"answer with a word (a non-empty str), got {word!r}")
    if isinstance(position, bool) or not isinstance(position, int):
        raise AssertionError(f"the position should be an int (a character index from 0), got {position!r}")
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
    at = automaton.prefix + " (root)" if last.node == CONTINUATION else automaton.label(last.node)
    if last.char is None:
        raise AssertionError(
            f"For {word!r} the automaton only knows at the end of the word (position {len(word)} = len(word)): "
            f"every character could be read, but the pending {at!r} has no failure link, so no token covers it."
        )
    hint = f" Count from 0: position {last.position} is the {_ordinal(last.position + 1)} character."
    raise AssertionError(
        f"For {word!r} the automaton knows at position {last.position} (the {last.char!r}): it is at {at}, "
        f"which has no edge {last.char!r} and no failure link.{hint}"
    )


def _ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``...

    >>> [_ordinal(n) for n in (1, 2, 3, 4, 11, 12, 21)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '21st']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


__all__ = ["check_emitted_at", "check_failure", "check_unk_word"]
