"""Checks for notebook 04's exercises: longest-match-first, where merge replay differs, decoding.

>>> check_decode(lambda tokens: " ".join(tokens).replace(" ##", ""))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from wordpiece_lib.classroom.exercise import as_list, call, require, short_list
from wordpiece_lib.encode import encode_with_merges, encode_word
from wordpiece_lib.pieces import DEFAULT_PREFIX, decode_pieces
from wordpiece_lib.trace import Trace


def check_longest_match(function: Callable[[str, Any], list[str]], vocab: Iterable[str] | None = None) -> None:
    """Check a longest-match-first encoder ``(word, vocab) -> tokens``.

    ``vocab`` is the vocab the student's function is called with (pass the
    notebook's own); without it, a small fixed hug/pug vocab is used.

    >>> check_longest_match(lambda word, vocab: encode_word(word, vocab))
    >>> check_longest_match(lambda word, vocab: [t for t in encode_word(word, vocab)] if word != "mug" else ["[UNK]", "##u", "##g"])
    Traceback (most recent call last):
    ...
    AssertionError: 'mug' should be ['[UNK]'], you gave ['[UNK]', '##u', '##g']: if some position has no match, the WHOLE word becomes one [UNK]
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    tokens = (
        set(vocab)
        if vocab is not None
        else {
            "[UNK]",
            "b",
            "h",
            "p",
            "##g",
            "##n",
            "##s",
            "##u",
            "##gs",
            "hu",
            "hug",
            "pu",
        }
    )
    cases = ["hugs", "hug", "bugs", "pun", "mug", "hux", "h" + "u" * 100, "h" + "u" * 99]
    for word in cases:
        got = as_list(
            call(function, word, tokens, name="encode", exercise="longest match first"), f"encode({word[:12]!r})"
        )
        expected = encode_word(word, tokens)
        if got == expected:
            continue
        shown = word if len(word) <= 20 else f"{word[:8]}...({len(word)} characters)"
        if expected == ["[UNK]"] and len(word) > 100:
            hint = "a word longer than 100 characters becomes [UNK] without being looked at"
        elif expected == ["[UNK]"]:
            hint = "if some position has no match, the WHOLE word becomes one [UNK]"
        elif got and got[0].startswith("##"):
            hint = "the first piece is looked up without '##'"
        elif any(not t.startswith("##") for t in got[1:]):
            hint = "pieces after the first are looked up WITH the '##' prefix"
        else:
            hint = "at each position take the LONGEST piece in the vocab, then continue after it"
        raise AssertionError(f"{shown!r} should be {short_list(expected)}, you gave {short_list(got)}: {hint}")


def check_replay_differs(answer: Any, trace: Trace, known: Iterable[str] = ()) -> None:
    """Check a word on which merge replay and longest match disagree.

    Words in ``known`` (the ones the notebook already showed) are refused:
    the exercise asks for a new one.

    >>> from wordpiece_lib import train_bottom_up
    >>> trace = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 100, special_tokens=["[UNK]"])
    >>> check_replay_differs("hugs", trace)
    Traceback (most recent call last):
    ...
    AssertionError: for 'hugs' both give ['hugs']: look for a word whose longest first piece is not what the merges build
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    word = require(answer, "a word where the two encoders differ")
    if not isinstance(word, str) or not word:
        raise AssertionError(f"answer with a word (a non-empty str), got {word!r}")
    if word in set(known):
        raise AssertionError(f"{word!r} is already in the table above: find one of your own (try 5 letters or more)")
    vocab = set(trace.tokens())
    longest = encode_word(word, vocab, prefix=trace.prefix)
    replay = encode_with_merges(word, trace.merges, prefix=trace.prefix)
    if longest == ["[UNK]"]:
        raise AssertionError(
            f"{word!r} is [UNK] for longest match: some character is not in the alphabet; use letters from the corpus"
        )
    if longest == replay:
        raise AssertionError(
            f"for {word!r} both give {longest}: look for a word whose longest first piece is not what the merges build"
        )


def check_decode(function: Callable[[list[str]], str], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a decoder ``tokens -> text`` that glues ``##`` pieces back on.

    >>> check_decode(decode_pieces)
    >>> check_decode(lambda tokens: " ".join(tokens))
    Traceback (most recent call last):
    ...
    AssertionError: decoding ['hug', '##s', 'are', 'fun'] gave 'hug ##s are fun'; expected 'hugs are fun': a '##' piece is glued to the piece before it, without the '##'
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    cases = [["hug", "##s", "are", "fun"], ["p", "##u", "##g", "!"], ["to", "##ken", "##ization"]]
    for tokens in cases:
        got = call(function, list(tokens), name="decode", exercise="decoding")
        expected = decode_pieces(tokens, prefix)
        if isinstance(got, str) and got != expected and got.strip() == expected:
            where = "starts" if got[0].isspace() else "ends"
            raise AssertionError(
                f"decoding {tokens} gave {got!r}: the text {where} with a space. Put a space only BETWEEN two "
                f"words (for example with ' '.join(words)), not before the first one or after the last one"
            )
        if got != expected:
            raise AssertionError(
                f"decoding {tokens} gave {got!r}; expected {expected!r}: a {prefix!r} piece is glued to the piece "
                f"before it, without the {prefix!r}"
            )


__all__ = ["check_decode", "check_longest_match", "check_replay_differs"]
