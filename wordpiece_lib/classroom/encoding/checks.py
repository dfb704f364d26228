"""Checks for notebook 04's exercises: longest-match-first, where merge replay differs, decoding.

``my_encode`` and ``my_decode`` run on fresh vocabs and words (never the
notebook's), with the library's encoders, the notebook's worked
``longest_match`` and ``decode_pieces`` counted (refused when it did the work). No failure message
names the expected tokens.

A worked answer stays out of the docstrings (the installed package carries none); a wrong one:

>>> WORKBOOK.reset()
>>> check_decode(lambda tokens: " ".join(tokens))
Traceback (most recent call last):
...
AssertionError: my_decode(['sis', 'l', 'l', '##lmu', '##mm', 'si', ...] (8 tokens)) gave 'sis l l ##lmu ##mm si ##uo ##rz': a '##' piece is glued to the piece before it, without its '##'
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.model import DEFAULT_PREFIX, LinMaxMatch, decode_pieces, encode_word, longest_match_attempts
from wordpiece_lib.pipeline import FastWordPieceTokenizer, WordPieceDecoder, WordPieceTokenizer
from wordpiece_lib.training import Trace, encode_with_merges, train_bottom_up, train_fast


def _disagree(word: str, trace: Trace) -> bool:
    """True when longest match and merge replay give ``word`` different tokens (and it is not [UNK])."""
    longest = encode_word(word, set(trace.tokens()), prefix=trace.prefix)
    return longest != ["[UNK]"] and longest != encode_with_merges(word, trace.merges, prefix=trace.prefix)


WORKBOOK = runtime.Workbook(
    "04 · Encoding text with a WordPiece vocab",
    [
        runtime.Exercise(
            "my_encode",
            "Your turn 1 · longest match, marker style",
            hints=(
                "The loop of section 1 works; only the lookup changes: which string do you look up at the start of "
                "the word, and which after it?",
                "The first piece is looked up with '_' in front, the pieces after it as they are (no '##').",
                "for end in range(len(word), start, -1) tries the longest candidate first; a for-else runs its "
                "else when no break happened.",
            ),
        ),
        runtime.Exercise(
            "my_word",
            "Your turn 2 · predict a new disagreement",
            hints=(
                "The old disagreements come from a suffix piece merged early, before the word piece that longest "
                "match grabs. Which merge of the new trace is early in the same way?",
                "Longest match takes the longest word piece first; replay builds the suffix first, and then no merge "
                "joins it to what is left of the start.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "my_decode",
            "Your turn 3 · decode",
            hints=(
                "Build a list of words: a '##' token extends the last word, any other token starts a new one.",
                "' '.join(words) puts spaces only between words.",
            ),
        ),
    ],
    answers="encoding",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's checks try their functions on vocabs, words and tokens of their own.
WORKBOOK.vary_fresh_inputs("my_encode", "my_decode")

ENCODERS = (
    *runtime.forbid(encode_word, longest_match_attempts, WordPieceTokenizer, FastWordPieceTokenizer, LinMaxMatch),
    runtime.Forbidden("longest_match", names=("longest_match",)),  # the notebook's worked example
)
#: The library's decoders, by any name: a decoder object made in another cell is found by its method.
DECODERS = runtime.forbid(decode_pieces, WordPieceDecoder, WordPieceTokenizer.decode)


#: The begin-of-word marker of the article's style (notebook 01): it opens a word's first piece.
MARKER = "_"


def marker_token(token: str) -> str:
    """A ``##``-style token in the marker style: ``##x`` -> ``x``, a word-initial ``x`` -> ``_x``.

    >>> [marker_token(t) for t in ["hu", "##gs", "[UNK]"]]
    ['_hu', 'gs', '[UNK]']
    """
    if token == "[UNK]":
        return token
    return token.removeprefix(DEFAULT_PREFIX) if token.startswith(DEFAULT_PREFIX) else MARKER + token


def marker_vocab(vocab: Iterable[str]) -> set[str]:
    """A ``##``-style vocab written in the marker style (the same pieces, another convention).

    >>> sorted(marker_vocab(["[UNK]", "h", "hu", "##g", "##u"]))
    ['[UNK]', '_h', '_hu', 'g', 'u']
    """
    return {marker_token(token) for token in vocab}


def _fresh_encode_cases() -> list[tuple[str, set[str]]]:
    rng = runtime.fresh_rng("my_encode")
    cases: list[tuple[str, set[str]]] = []
    for letters in ("abno", "eilrst"):
        counts = runtime.fresh_counts(rng, letters, count=12, shortest=2, longest=7)
        starts = sorted({word[0] for word in counts})
        trace = train_fast(counts, 14 + 3 * len(letters), special_tokens=["[UNK]"])
        vocab = set(trace.tokens())
        words = list(counts)[:4] + runtime.fresh_words(rng, letters, count=4, shortest=3, longest=9)
        missing = sorted(set(letters) - set(starts))
        if missing:  # a word that starts with a letter no training word starts with
            words.append(missing[0] + runtime.fresh_word(rng, letters, 2, 4))
        words.append(starts[0] + runtime.fresh_word(rng, letters, 1, 3) + "z")  # a letter the vocab never saw
        cases += [(word, vocab) for word in words]
    plain = {"[UNK]", "q", "##q"}
    cases += [("q" * 101, plain), ("q" * 100, plain)]
    # 60 characters but 120 bytes: the limit counts characters. Capitals are other letters than small ones.
    cases += [("é" * 60, {"[UNK]", "é", "##é"}), ("Qqq", {"[UNK]", "Q", "q", "##q"})]
    return cases


@WORKBOOK.check("my_encode")
def check_longest_match(function: Callable[[str, Any], list[str]]) -> None:
    """Check a longest-match-first encoder ``(word, vocab) -> tokens`` for vocabs in the marker style.

    The vocabs are fresh ``##``-style vocabs written in the article's marker style (a word's first
    piece opens with ``_``, the others carry nothing), so section 1's worked ``longest_match`` does
    not pass as it stands: the exercise transfers it.

    >>> WORKBOOK.reset()
    >>> check_longest_match(lambda word, vocab: encode_word(word, vocab))
    Traceback (most recent call last):
    ...
    AssertionError: my_encode calls `encode_word`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for word, prefix_vocab in _fresh_encode_cases():
        # A vocab trained in the marker style holds the bare marker too (notebook 01): it is no first piece.
        vocab = marker_vocab(prefix_vocab) | {MARKER}
        got = runtime.in_container(
            runtime.call(
                function, word, set(vocab), name="my_encode", exercise="longest match first", forbidden=ENCODERS
            ),
            list,
            f"what my_encode({word[:12]!r}, vocab) returned",
            "the tokens in order",
        )
        # longest match commutes with the change of style: '_' + x at the start is x, a later x is '##' + x
        expected = [marker_token(token) for token in encode_word(word, prefix_vocab)]
        if got == expected:
            continue
        shown = word if len(word) <= 20 else f"{word[:8]}...({len(word)} characters)"
        intro = f"my_encode({shown!r}, vocab) gave {runtime.short_list(got)}"
        if expected == ["[UNK]"] and len(word) > 100:
            hint = "a word longer than 100 characters is [UNK] without any lookup"
        elif got == ["[UNK]"] and len(word.encode("utf-8")) > 100 >= len(word):
            hint = "the limit of 100 counts characters (len of the str), not the bytes of its UTF-8 encoding"
        elif [token.lower() for token in got] == [token.lower() for token in expected]:
            hint = "look the word up as it is given: the vocab tells capitals from small letters"
        elif got and got[0] == MARKER:
            hint = (
                f"the marker {MARKER!r} is not a piece on its own: the first piece is {MARKER!r} followed by at least "
                "one letter, and a word whose start matches no such piece is one [UNK]"
            )
        elif expected == ["[UNK]"] and "[UNK]" in got:
            hint = "if some position has no match, the WHOLE word becomes one [UNK], not just that part"
        elif expected == ["[UNK]"]:
            hint = "some position of this word has no match in the vocab: then the whole word is one [UNK]"
        elif got == ["[UNK]"] and len(word) == 100:
            hint = "a word of exactly 100 characters is still looked up: only a LONGER word is [UNK] at once"
        elif any(token.startswith(DEFAULT_PREFIX) for token in got):
            hint = "this vocab has no '##' pieces: in the marker style a piece after the first is looked up as it is"
        elif got == ["[UNK]"]:
            hint = (
                "every position of this word has a match: in the marker style only the first piece is looked up with "
                "something in front ('_'); the pieces after it carry no '##' and are looked up as they are"
            )
        elif got and not got[0].startswith(MARKER):
            hint = f"the first piece is looked up with the marker {MARKER!r} in front"
        elif any(token.startswith(MARKER) for token in got[1:]):
            hint = f"only the first piece carries {MARKER!r}: pieces after it are looked up as they are"
        else:
            hint = "at each position take the LONGEST piece in the vocab, then continue after it"
        raise AssertionError(f"{intro}: {hint}")


#: The notebook's one rule for its section 1 longest_match: it is the worked example, and no answer runs it.
runtime.watch_answer(
    "my_word",
    (
        *runtime.forbid(encode_word, encode_with_merges, longest_match_attempts, LinMaxMatch),
        runtime.Forbidden("longest_match", names=("longest_match",)),
    ),
)


@WORKBOOK.check("my_word")
def check_replay_differs(answer: Any, trace: Trace, before: Trace | None = None, *, source: str | None = None) -> None:
    """Check a word on which merge replay and longest match disagree for ``trace`` (and agreed for ``before``).

    >>> WORKBOOK.reset()
    >>> from wordpiece_lib import train_bottom_up
    >>> old = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}, 100, special_tokens=["[UNK]"])
    >>> new = train_bottom_up({"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "gnus": 3}, 100)
    >>> check_replay_differs("hugs", new, before=old, source="my_word = 'hugs'")
    Traceback (most recent call last):
    ...
    AssertionError: for 'hugs' both give ['hugs']: look for a word whose longest first piece is not what the merges build
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    word = runtime.require(answer, "a word where the two encoders differ")
    if not isinstance(word, str) or not word:
        raise AssertionError(f"answer with a word (a non-empty str), got {word!r}")
    runtime.refuse_in_answer(
        "my_word",
        ["encode_word", "encode_with_merges", "longest_match_attempts", "LinMaxMatch"],
        "your answer uses {name}, which searches for you: read the new trace's merges and predict",
        source,
    )
    vocab = set(trace.tokens())
    longest = encode_word(word, vocab, prefix=trace.prefix)
    replay = encode_with_merges(word, trace.merges, prefix=trace.prefix)
    if longest == ["[UNK]"]:
        letters = {
            token.removeprefix(trace.prefix) for token in trace.tokens() if len(token.removeprefix(trace.prefix)) == 1
        }
        if trace.prefix[:1] in word:
            why = (
                f"a word is plain text: {trace.prefix!r} marks a piece that continues a word, and is never typed "
                "inside a word"
            )
        elif set(word) <= letters:
            why = (
                f"no token of the vocab starts a word with {word[0]!r} (the corpus has it only inside words): "
                "a word's first piece is a token without the prefix"
            )
        else:
            why = "some character of it never occurs in the corpus; use the corpus's letters"
        raise AssertionError(f"{word!r} is [UNK] for longest match: {why}")
    if longest == replay:
        raise AssertionError(
            f"for {word!r} both give {longest}: look for a word whose longest first piece is not what the merges build"
        )
    if before is not None and _disagree(word, before):
        raise AssertionError(
            f"the encoders disagreed on {word!r} already before the corpus changed: find a disagreement "
            "that the new word's merges cause"
        )


def _fresh_token_lists() -> list[list[str]]:
    rng = runtime.fresh_rng("my_decode")
    lists = []
    for _ in range(3):
        tokens: list[str] = []
        for word in runtime.fresh_words(rng, "eilmorsuz", count=rng.randint(2, 4), shortest=1, longest=6):
            cut = sorted({0, *rng.sample(range(1, len(word)), min(len(word) - 1, rng.randint(0, 2))), len(word)})
            tokens += [("##" if start else "") + word[start:end] for start, end in itertools.pairwise(cut)]
        lists.append(tokens)
    lists.append(["[UNK]", ",", "o", "##k", "!"])
    lists.append(["we", "#", "##1", "c", "##++", "#"])  # '#' is a token of its own: only '##' glues
    return lists


def _decoded_taking_any_hash_for_the_prefix(tokens: list[str], prefix: str) -> set[str]:
    """What a decoder gives that takes a token starting with one '#' for a continuation (``lstrip``, or ``[2:]``)."""
    outcomes = set()
    for cut in (lambda token: token.lstrip(prefix[0]), lambda token: token[len(prefix) :]):
        words: list[str] = []
        for token in tokens:
            if token.startswith(prefix[0]) and words:
                words[-1] += cut(token)
            else:
                words.append(token)
        outcomes.add(" ".join(words))
    return outcomes


@WORKBOOK.check("my_decode")
def check_decode(function: Callable[[list[str]], str], prefix: str = DEFAULT_PREFIX) -> None:
    """Check a decoder ``tokens -> text`` that glues ``##`` pieces back on (on fresh token lists).

    >>> WORKBOOK.reset()
    >>> check_decode(decode_pieces)
    Traceback (most recent call last):
    ...
    AssertionError: my_decode calls `decode_pieces`, the library's own version, which did the work: the exercise is to write those steps yourself (1 call of code the exercise replaces ran while the check ran your function)
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    for tokens in _fresh_token_lists():
        got = runtime.call(function, list(tokens), name="my_decode", exercise="decoding", forbidden=DECODERS)
        expected = decode_pieces(tokens, prefix)
        if got == expected:
            continue
        intro = f"my_decode({runtime.short_list(tokens)}) gave {got!r}"
        if not isinstance(got, str):
            raise AssertionError(f"{intro}: return the text, a str")
        if got.strip() == expected:
            where = "starts" if got[:1].isspace() else "ends"
            raise AssertionError(
                f"{intro}: the text {where} with a space. Put a space only BETWEEN two words (for example with "
                "' '.join(words)), not before the first one or after the last one"
            )
        if got in _decoded_taking_any_hash_for_the_prefix(tokens, prefix):
            raise AssertionError(
                f"{intro}: only a token that starts with the whole {prefix!r} continues a word, and it loses exactly "
                f"those {len(prefix)} characters; a token such as '#' is a word of its own"
            )
        if prefix in got:
            raise AssertionError(f"{intro}: a {prefix!r} piece is glued to the piece before it, without its {prefix!r}")
        if got.replace(" ", "") != "".join(token.removeprefix(prefix) for token in tokens):
            raise AssertionError(
                f"{intro}: the text holds other characters than the tokens it was given: decode these tokens, every "
                "character of them once"
            )
        raise AssertionError(
            f"{intro}: a piece without {prefix!r} starts a new word (a space before it); a {prefix!r} piece continues "
            "the word before it"
        )


#: The corpus every trace of notebook 04 starts from (the course chapter's five words).
HUG_PUG_COUNTS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5}
#: The word *Your turn 2* adds to it in the course, and how often.
NEW_WORD = {"word": "puns", "count": 6}
_CONSONANTS = "bcdfhklmnprstvwz"


def _grown_trace(word_counts: dict[str, int], new_word: dict[str, Any]) -> Trace:
    """The trace of *Your turn 2*: ``word_counts`` with the exercise's new word added, trained until every word is whole.

    >>> _grown_trace(HUG_PUG_COUNTS, NEW_WORD).new_tokens[:3]  # puns makes ##ns the first merge
    ['##ns', '##gs', 'hu']
    """
    grown = {**word_counts, new_word["word"]: new_word["count"]}
    return train_bottom_up(grown, vocab_size=100, special_tokens=["[UNK]"])


@WORKBOOK.variants("my_word", course=dict(NEW_WORD))
def new_word_variant(rng: random.Random) -> dict[str, Any]:
    """One of hug, pug, pun and bun with a consonant added, seen 3 to 9 times, as the course adds puns 6 times.

    Kept only when, as with puns, the word's partner (the other corpus word with the same last
    letter) plus that consonant is split differently by the two encoders for the grown trace and
    alike for the old one: a disagreement the new word's early suffix merge causes.
    """
    old = train_bottom_up(HUG_PUG_COUNTS, vocab_size=100, special_tokens=["[UNK]"])
    while True:
        stem = rng.choice(["hug", "pug", "pun", "bun"])
        word = stem + rng.choice(_CONSONANTS)
        if word in HUG_PUG_COUNTS:
            continue
        made = {"word": word, "count": rng.randint(3, 9)}
        partner = next(other for other in ("hug", "pug", "pun", "bun") if other != stem and other[-1] == stem[-1])
        if _disagree(partner + word[-1], _grown_trace(HUG_PUG_COUNTS, made)) and not _disagree(partner + word[-1], old):
            return made


__all__ = [
    "HUG_PUG_COUNTS",
    "NEW_WORD",
    "WORKBOOK",
    "check_decode",
    "check_longest_match",
    "check_replay_differs",
    "new_word_variant",
    "progress",
    "show_answer",
]
