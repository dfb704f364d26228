"""Checks behind notebook 10's exercises (from tokens to a model's input).

A placeholder answer (``TODO``) skips with "not done yet"; a wrong answer
raises ``AssertionError`` with a hint that points at the mistake without
giving the answer away. The expected answers come from the library
(``WordPieceTokenizer``, ``Template``, ``Truncation``, ``WordPieceDecoder``).
Each value check takes ``source``, the code that made the answer (default: the
notebook cell that assigned it); the library doing the exercise's work there
(encoding, truncating, decoding) is refused, naming the function that did it.

>>> WORKBOOK.reset()
>>> from wordpiece_lib import Vocab, WordPieceTokenizer
>>> tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "rum"]), lowercase=True)
>>> check_offsets((2, 5), tokenizer, "\\u200b RÚM", "rum")
>>> check_offsets((1, 4), tokenizer, "\\u200b RÚM", "rum")
Traceback (most recent call last):
...
AssertionError: You counted in the normalized text ' rum'. Offsets point into the original text, where some characters were dropped or changed: count there (print(repr(text)) shows every character).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Sequence
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.model import decode_pieces
from wordpiece_lib.pipeline import Encoding, Template, Truncation, WordPieceDecoder, WordPieceTokenizer
from wordpiece_lib.text import AlignedText, normalize_with_origins


def _kept_by_truncation(first_length: int, second_length: int, max_length: int) -> tuple[int, int]:
    """How many tokens of each text the library's truncation keeps for a pair under ``max_length``."""
    first = Encoding.from_sequence(
        [0] * first_length, ["t"] * first_length, [(0, 0)] * first_length, [0] * first_length
    )
    second = Encoding.from_sequence(
        [0] * second_length, ["t"] * second_length, [(0, 0)] * second_length, [0] * second_length
    )
    cut_first, cut_second = Truncation(max_length).truncate(first, second, added_tokens=3)
    return len(cut_first), len(cut_second or [])


WORKBOOK = runtime.Workbook(
    "10 · From tokens to a model's input",
    [
        runtime.Exercise(
            "rum_offsets",
            "Your turn 1 · offsets by hand",
            hints=("print(repr(text)) shows every character of the original text, the invisible ones too.",),
        ),
        runtime.Exercise(
            "my_pair_input",
            "Your turn 2 · a pair, by hand",
            hints=("[CLS] first [SEP] second [SEP]: segment 0 runs up to and including the first [SEP].",),
        ),
        runtime.Exercise(
            "kept",
            "Your turn 3 · what `longest_first` keeps",
            hints=("longest_first takes one token at a time from whichever text is longer.",),
            prediction=True,
        ),
        runtime.Exercise(
            "decoded",
            "Your turn 4 · predict a decode",
            hints=("Glue the ## pieces, put spaces between words, then the clean-up removes some spaces.",),
            prediction=True,
        ),
    ],
    answers="model_inputs",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their function on pairs of their own.
WORKBOOK.vary_fresh_inputs("my_pair_input")


def _pair_of_ints(answer: Any, what: str) -> tuple[int, int]:
    __tracebackhide__ = True
    if isinstance(answer, (tuple, list)):
        runtime.in_container(answer, tuple, what, "two whole numbers like (3, 7)")
    if (
        not isinstance(answer, (tuple, list))
        or len(answer) != 2
        or not all(isinstance(value, int) and not isinstance(value, bool) for value in answer)
    ):
        raise AssertionError(f"{what} should be two whole numbers like (3, 7), got {answer!r}")
    return answer[0], answer[1]


# ---------------------------------------------------------------- exercise: offsets by hand

#: Searching the text (``str.find``, ``str.index``, a regular expression) answers the offsets without counting.
TEXT_SEARCHES = (
    "find", "rfind", "index", "rindex", "search", "finditer", "match", "fullmatch", "span",
    # a search by other means: the text cut at the letter (a loop over the numbered characters that stops at the
    # letter is found by _searches_by_position: one that only lists them is the learner's counting)
    "partition", "rpartition", "split", "rsplit",
)  # fmt: skip


#: What computes the offsets, or the truncation, or the decode, for the learner: these exercises ask to work them out.
#: Hugging Face's tokenizers run in Rust, where the watch counts no call: only their names in the answer cell are
#: found (``hf_tokenizer`` is the notebook's, ``Tokenizer`` and ``decoders`` the ``tokenizers`` package's).
HUGGING_FACE = ("hf_tokenizer", "Tokenizer", "AutoTokenizer", "BertTokenizerFast")
ENCODERS = (
    "encode_plus", "encode_batch", "offsets", "normalize_with_origins", "my_normalize_with_origins", "offset_mapping",
    *HUGGING_FACE,
)  # fmt: skip
TRUNCATERS = ("Truncation", "truncate", "truncation", "encode_plus", "encode_batch", "enable_truncation", *HUGGING_FACE)
DECODERS = ("decode", "decode_batch", "WordPieceDecoder", "decode_pieces", "decoder", "decoders", *HUGGING_FACE)
#: What builds the pair's input for the learner: the exercise is to lay it out by hand.
PAIR_BUILDERS = runtime.forbid(Template, WordPieceTokenizer.encode_plus, WordPieceTokenizer.encode_batch)
#: What gives each answer away, however it is reached (an alias, a helper, a tokenizer's method).
runtime.watch_answer(
    "rum_offsets",
    (
        *runtime.forbid(
            WordPieceTokenizer.encode_plus, WordPieceTokenizer.encode_batch, normalize_with_origins, AlignedText
        ),
        # section 2's worked origins, run on the exercise's text: the mapping is done for the learner
        runtime.Forbidden("my_normalize_with_origins", names=("my_normalize_with_origins",)),
    ),
)
runtime.watch_answer(
    "kept", runtime.forbid(Truncation, WordPieceTokenizer.encode_plus, WordPieceTokenizer.encode_batch)
)
runtime.watch_answer(
    "decoded", runtime.forbid(WordPieceDecoder, WordPieceTokenizer.decode, WordPieceTokenizer.decode_batch)
)


#: What a loop over a text's positions compares to stop at the letters it looks for (``text[i] == 'R'``,
#: ``text[i:i + 3] in (...)``, ``text.startswith('rum', i)``): a search. Printing or counting the positions is not one.
_COMPARISONS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)
_MATCHING_METHODS = ("startswith", "endswith")


def _walks_positions(loop: ast.AST) -> bool:
    """True when ``loop`` (a ``for`` or a comprehension's ``for``) runs over ``range(len(...))`` or ``enumerate(...)``."""
    walked = loop.iter if isinstance(loop, (ast.For, ast.comprehension)) else None
    if not (isinstance(walked, ast.Call) and isinstance(walked.func, ast.Name)):
        return False
    if walked.func.id == "enumerate":
        return True
    return walked.func.id == "range" and any(
        isinstance(argument, ast.Call) and isinstance(argument.func, ast.Name) and argument.func.id == "len"
        for argument in walked.args
    )


def _compares_letters(nodes: list[ast.AST]) -> bool:
    """True when ``nodes`` compare something with ``==``, ``!=``, ``in`` or call ``startswith``/``endswith``."""
    for node in (inner for top in nodes for inner in ast.walk(top)):
        if isinstance(node, ast.Compare) and any(isinstance(op, _COMPARISONS) for op in node.ops):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MATCHING_METHODS:
            return True
    return False


def _searches_by_position(source: str) -> str | None:
    """How ``source`` walks a text's positions to stop at letters it compares (a search by another name), or None.

    A loop that only lists or counts the positions (to count them by eye) is the learner's counting, not a search.

    >>> _searches_by_position("for i in range(len(text)):\\n    if text[i:i + 3] == 'rum':\\n        break")
    'range(len(...))'
    >>> _searches_by_position("start = min(i for i, c in enumerate(text) if c == 'R')")
    'enumerate(...)'
    >>> _searches_by_position("for i in range(len(text)):\\n    print(i, repr(text[i]))\\noffsets = (27, 30)") is None
    True
    >>> _searches_by_position("i = 0\\nwhile text[i] != 'R':\\n    i += 1")
    'a while loop'
    >>> _searches_by_position("end = len(text) - 1\\noffsets = (end - 3, end)") is None
    True
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, ast.While) and _compares_letters([node.test]) and _reads_a_position([node.test]):
            return "a while loop"  # while text[i] != 'R': i += 1
        if isinstance(node, ast.For) and _walks_positions(node) and _compares_letters([*node.body, *node.orelse]):
            return f"{node.iter.func.id}(len(...))" if node.iter.func.id == "range" else "enumerate(...)"  # type: ignore[attr-defined]
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            for loop in node.generators:
                if _walks_positions(loop) and _compares_letters([*loop.ifs, *_comprehension_results(node)]):
                    return "range(len(...))" if loop.iter.func.id == "range" else "enumerate(...)"  # type: ignore[attr-defined]
    return None


def _reads_a_position(nodes: list[ast.AST]) -> bool:
    """True when ``nodes`` index or slice something (``text[i]``, ``text[i:i + 3]``)."""
    return any(isinstance(inner, ast.Subscript) for top in nodes for inner in ast.walk(top))


def _comprehension_results(node: ast.AST) -> list[ast.AST]:
    """What a comprehension makes of each item (a dict comprehension's key and value)."""
    if isinstance(node, ast.DictComp):
        return [node.key, node.value]
    return [node.elt]  # type: ignore[attr-defined]


@WORKBOOK.check("rum_offsets")
def check_offsets(
    answer: Any, tokenizer: WordPieceTokenizer, text: str, token: str, *, source: str | None = None
) -> None:
    """``answer`` must be the ``(start, end)`` offsets of the first ``token`` of ``text``."""
    __tracebackhide__ = True
    start, end = _pair_of_ints(runtime.require(answer, "the offsets exercise"), "Your offsets")
    runtime.refuse_in_answer(
        "rum_offsets",
        ENCODERS,
        "your answer uses {name}, which gives the offsets away: count the characters of the text yourself "
        "(print(repr(text)) shows every one)",
        source,
    )
    code = runtime.answer_cell_source("rum_offsets") if source is None else source
    walked = _searches_by_position(code or "")
    if walked:
        raise AssertionError(
            f"your answer walks the text's positions with {walked} and stops at the letters it compares: that is a "
            "search by another name, and a search finds where the letters are without counting what an offset "
            "counts. Count the characters of the original text yourself, the invisible ones too (a loop that only "
            "prints each position with repr of its character is fine)"
        )
    searched = runtime.calls_in_source(code or "", TEXT_SEARCHES)
    if searched:
        raise AssertionError(
            f"your answer searches the text with {searched[0]!r}: a search finds where the letters are, without "
            "counting what an offset counts. Count the characters of the original text yourself, the invisible "
            "ones too (print(repr(text)) shows every one)"
        )
    encoding = tokenizer.encode_plus(text, add_special_tokens=False)
    if token not in encoding.tokens:
        raise ValueError(f"{token!r} is not a token of {text!r}")  # a broken exercise, not a wrong answer
    expected = encoding.offsets[encoding.tokens.index(token)]
    if (start, end) == expected:
        return
    normalized = tokenizer.normalize(text)
    found = normalized.find(token.removeprefix(tokenizer.prefix))
    if found >= 0 and (start, end) == (found, found + len(token)) and normalized != text:
        raise AssertionError(
            f"You counted in the normalized text {normalized!r}. Offsets point into the original text, "
            "where some characters were dropped or changed: count there (print(repr(text)) shows every character)."
        )
    if end <= start:
        raise AssertionError(f"The end must come after the start (Python slice style: text[start:end]); got {answer!r}")
    if start == expected[0] and end == expected[1] - 1:
        raise AssertionError(
            f"text[{start}:{end}] leaves out the token's last character: the end of a Python slice is exclusive, "
            "text[start:end] stops just before position end."
        )
    if (start, end) == (expected[0] + 1, expected[1] + 1):
        raise AssertionError(
            f"text[{start}:{end}] starts one character late: positions count from 0 (text[0] is the first "
            "character), as every Python index does"
        )
    if start == expected[0] and end == expected[1] + 1:
        raise AssertionError(
            f"text[{start}:{end}] takes one character after the token: the end is the position just after its "
            "last character (Python slice style), not one more."
        )
    raise AssertionError(
        f"text[{start}:{end}] is {text[start:end]!r}, but the token {token!r} came from other characters. "
        "Offsets count characters of the original text, the one you typed; print(repr(text)) shows the invisible ones."
    )


# ---------------------------------------------------------------- exercise: a pair, by hand


@WORKBOOK.check("my_pair_input")
def check_pair_input(
    function: Callable[[list[str], list[str]], Any], first: Sequence[str], second: Sequence[str]
) -> None:
    """``function(first, second)`` must return BERT's ``(tokens, type_ids)`` for the pair of token lists.

    It is tried on the notebook's pair and on pairs the notebook never shows
    (:func:`fresh_pairs`), so an answer that returns the printed example fails.

    A worked answer stays out of this docstring (the installed package carries none); a wrong one:

    >>> check_pair_input(lambda a, b: (["[CLS]", *a, "[SEP]", *b, "[SEP]"], [0] * (len(a) + len(b) + 3)), ["hi"], ["yo"])
    Traceback (most recent call last):
    ...
    AssertionError: The type id of token 3 ('yo') is off. Segment 0 is everything up to and including the first [SEP]; segment 1 is the second text and the [SEP] that closes it.
    """
    __tracebackhide__ = True
    for one, two in [(list(first), list(second)), *fresh_pairs()]:
        _check_one_pair(function, one, two)


def fresh_pairs() -> list[tuple[list[str], list[str]]]:
    """Pairs of token lists the notebook never shows: of different lengths, with ``##`` pieces, a one-token text.

    >>> [(len(a), len(b)) for a, b in fresh_pairs()]
    [(4, 1), (1, 5), (6, 3)]
    """
    rng = runtime.fresh_rng("my_pair_input")

    def text(length: int) -> list[str]:
        return [
            runtime.fresh_word(rng, shortest=1, longest=5)
            if i == 0 or rng.random() < 0.5
            else "##" + runtime.fresh_word(rng)
            for i in range(length)
        ]

    return [(text(4), text(1)), (text(1), text(5)), (text(6), text(3))]


def _check_one_pair(function: Callable[[list[str], list[str]], Any], first: list[str], second: list[str]) -> None:
    __tracebackhide__ = True
    given_first, given_second = list(first), list(second)
    result = runtime.call(
        function, given_first, given_second, name="my_pair_input", exercise="the pair exercise", forbidden=PAIR_BUILDERS
    )
    if given_first != first or given_second != second:
        raise AssertionError(
            "my_pair_input changed the token lists it was given: the caller still needs them as they were, "
            "so build a new list instead of inserting into or appending to them"
        )
    runtime.in_container(result, tuple, "what my_pair_input returned", "(tokens, type_ids), the two lists")
    if len(result) != 2:
        raise AssertionError(f"my_pair_input should return two lists (tokens, type_ids), got {result!r}")
    tokens, type_ids = (
        list(runtime.in_container(part, list, f"its {name}", "one item per token"))
        for part, name in zip(result, ("tokens", "type ids"))
    )
    ids = {token: number for number, token in enumerate(dict.fromkeys([*first, *second, "[CLS]", "[SEP]"]))}
    expected = Template.bert().build(
        ([ids[t] for t in first], list(first), [(0, 0)] * len(first), [0] * len(first)),
        ([ids[t] for t in second], list(second), [(0, 0)] * len(second), [0] * len(second)),
        ids,
    )
    if tokens != expected.tokens:
        if tokens.count("[SEP]") != 2:
            raise AssertionError(f"Your tokens hold {tokens.count('[SEP]')} [SEP]: a pair needs one after each text.")
        if not tokens or tokens[0] != "[CLS]" or tokens.count("[CLS]") != 1:
            raise AssertionError("A BERT input starts with one [CLS], and only there.")
        raise AssertionError(f"Your tokens {tokens} are not the two texts inside [CLS] ... [SEP] ... [SEP], in order.")
    if len(type_ids) != len(tokens):
        raise AssertionError(f"You gave {len(type_ids)} type ids for {len(tokens)} tokens: one per token.")
    if type_ids != expected.type_ids:
        wrong = next(index for index, (mine, theirs) in enumerate(zip(type_ids, expected.type_ids)) if mine != theirs)
        raise AssertionError(
            f"The type id of token {wrong} ({tokens[wrong]!r}) is off. Segment 0 is everything up to and including "
            "the first [SEP]; segment 1 is the second text and the [SEP] that closes it."
        )


# ---------------------------------------------------------------- exercise: what truncation keeps


@WORKBOOK.check("kept")
def check_kept_lengths(
    answer: Any, first_length: int, second_length: int, max_length: int, *, source: str | None = None
) -> None:
    """``answer`` must be how many tokens of each text ``longest_first`` truncation keeps, with BERT's 3 specials.

    >>> check_kept_lengths((5, 3), 10, 3, max_length=11)
    """
    __tracebackhide__ = True
    kept = _pair_of_ints(runtime.require(answer, "the truncation exercise"), "Your answer")
    runtime.refuse_in_answer(
        "kept",
        TRUNCATERS,
        "your answer uses {name}, which truncates for you: count the room left after the special tokens and "
        "share it out yourself",
        source,
    )
    expected = _kept_by_truncation(first_length, second_length, max_length)
    if kept == expected:
        return
    total = sum(kept) + 3
    if total > max_length:
        raise AssertionError(
            f"With the 3 special tokens ([CLS] and two [SEP]) that makes {total} tokens, more than max_length={max_length}."
        )
    if total < max_length and sum(kept) < first_length + second_length:
        raise AssertionError(f"That makes {total} tokens: truncation cuts only what does not fit in {max_length}.")
    if kept[0] > first_length or kept[1] > second_length:
        raise AssertionError(
            f"A text cannot keep more tokens than it has: the first has {first_length}, the second {second_length}, "
            "and your answer is (first, second)."
        )
    raise AssertionError(
        "Right total, wrong split. longest_first removes one token at a time, each time from the text that is "
        "longer at that moment: replay it token by token."
    )


# ---------------------------------------------------------------- exercise: predict a decode


@WORKBOOK.check("decoded")
def check_decoded(answer: Any, tokens: Sequence[str], *, source: str | None = None) -> None:
    """``answer`` must be what Hugging Face's WordPiece decoder (with clean-up) makes of ``tokens``.

    >>> check_decoded("hugs!", ["hug", "##s", "!"])
    """
    __tracebackhide__ = True
    text = runtime.require(answer, "the decode exercise")
    if not isinstance(text, str):
        raise AssertionError(f"The decoded text should be a str, got {type(text).__name__}: {text!r}")
    runtime.refuse_in_answer(
        "decoded",
        DECODERS,
        "your answer uses {name}, which decodes for you: predict the text from the rules above, then let the "
        "check tell you",
        source,
    )
    expected = WordPieceDecoder().decode(tokens)
    if text == expected:
        return
    if text == decode_pieces(tokens):
        raise AssertionError(
            "Pieces glued and words spaced: right so far. Then comes the clean-up, which removes the space "
            "before some punctuation and contractions."
        )
    if text.replace(" ", "") != expected.replace(" ", ""):
        raise AssertionError(
            "The characters are not the tokens' characters: ## pieces lose their ##, and nothing else changes "
            "(no capitals come back, no accents)."
        )
    spaced = _spaces_between_tokens(text, tokens)
    if spaced is not None:
        wrong = [
            (token, has_space)
            for token, has_space, should in zip(tokens[1:], spaced, _spaces_between_tokens(expected, tokens) or [])
            if has_space != should
        ]
        if wrong:
            token, has_space = wrong[0]
            if has_space and token.startswith("##"):  # a ## piece never has a space before it
                raise AssertionError(
                    f"Right characters, but {token!r} is set apart by a space: a ## piece continues the word before "
                    "it, glued on without a space."
                )
            if has_space and token in CLEANED_UP:
                raise AssertionError(
                    f"Right characters, but a space stands before {token!r}: the clean-up removes the space before "
                    "each token that is exactly . , ! ? 's 'm n't 've or 're."
                )
            if not has_space:
                raise AssertionError(
                    f"Right characters, but {token!r} is glued to the token before it: the clean-up removes a space "
                    "only before a token that is exactly . , ! ? 's 'm n't 've or 're; it looks at one token at a "
                    f"time, so {token!r} keeps its space."
                )
    raise AssertionError(
        "Right characters, some spaces off. The clean-up looks at one token at a time: it removes the space "
        "before . , ! ? and before a token that is exactly 's 'm n't 've or 're, nothing else."
    )


#: The tokens the clean-up takes the space before (Hugging Face's WordPiece decoder, cleanup=True).
CLEANED_UP = (".", ",", "!", "?", "'s", "'m", "n't", "'ve", "'re")


def _spaces_between_tokens(text: str, tokens: Sequence[str]) -> list[bool] | None:
    """For each token after the first, whether ``text`` has a space before it (None when the text is not the tokens).

    >>> _spaces_between_tokens("hug ##s!", ["hug", "##s", "!"]) is None
    True
    >>> _spaces_between_tokens("hugs !", ["hug", "##s", "!"])
    [False, True]
    """
    spaces, position = [], 0
    for number, token in enumerate(tokens):
        piece = token.removeprefix("##")
        start = position
        while position < len(text) and text[position] == " ":
            position += 1
        if number:
            spaces.append(position > start)
        if text[position : position + len(piece)] != piece:
            return None
        position += len(piece)
    return spaces if position == len(text) else None


# ---------------------------------------------------------------- each student's own data (graded variants)

#: The text and the token of *Your turn 1* in the course (a graded release gives each student their own).
OFFSETS_TEXT, OFFSETS_TOKEN = "Yo-ho-ho,\u200b and a bottle of RÚM!", "rum"
#: The pair of *Your turn 3* in the course: the two texts' lengths in tokens, and ``max_length``.
KEPT_LENGTHS = {"first_length": 30, "second_length": 8, "max_length": 24}
#: The tokens of *Your turn 4* in the course.
TOKENS_TO_DECODE = ("pieces", "of", "eight", "!", "it", "'", "s", "flint", "'s", "par", "##rot", ".")

#: Words of Treasure Island that the notebook's 9,000-token vocab holds whole (the tests check each one).
WHOLE_WORDS = (
    "rum", "gold", "map", "ship", "flint", "parrot", "doctor", "cove", "pistol", "silver", "captain", "island",
    "treasure", "sea", "boat", "hands", "cook", "cabin",
)  # fmt: skip
#: Plain words around an exercise's word (never one of :data:`WHOLE_WORDS`).
_FILLERS = (
    "and", "a", "the", "of", "old", "we", "found", "by", "night", "in", "his", "on", "yo", "ho", "man", "for",
    "to", "with", "little", "under", "sand", "bottle", "her", "at", "last", "all", "sang",
)  # fmt: skip
_ACCENTED = {"a": "Á", "e": "É", "i": "Í", "o": "Ó", "u": "Ú"}
_INVISIBLE = "\u200b"


@WORKBOOK.variants("rum_offsets", course={"text": OFFSETS_TEXT, "token": OFFSETS_TOKEN})
def offsets_variant(rng: random.Random) -> dict[str, str]:
    """A line of three to eight plain words, a zero-width space glued to one of them, and a word in capitals last.

    As in ``Yo-ho-ho,\\u200b and a bottle of RÚM!``: the last word is a whole
    token of the vocab, written in capitals with one accented vowel (each
    character stays one character when normalized), the line ends with one
    punctuation mark, and the invisible character stands before the word, so
    the offsets count it; 16 to 62 characters (the course's 33 within a factor of two).
    """
    while True:
        token = rng.choice(WHOLE_WORDS)
        words = [rng.choice(_FILLERS) for _ in range(rng.randint(3, 8))]
        words[rng.randrange(len(words))] += _INVISIBLE
        vowels = [index for index, letter in enumerate(token) if letter in _ACCENTED]
        accented = rng.choice(vowels)
        marked = token[:accented].upper() + _ACCENTED[token[accented]] + token[accented + 1 :].upper()
        text = " ".join([words[0].capitalize(), *words[1:], marked]) + rng.choice("!.?")
        if 16 <= len(text) <= 62:
            return {"text": text, "token": token}


@WORKBOOK.variants("kept", course=dict(KEPT_LENGTHS))
def kept_variant(rng: random.Random) -> dict[str, int]:
    """A first text of 15 to 60 tokens, a second of 4 to 16 and ``max_length`` 12 to 48, too short for both.

    Within a factor of two of the course's 30, 8 and 24; the pair is always
    cut, and each text keeps at least one token.
    """
    while True:
        first, second, longest = rng.randint(15, 60), rng.randint(4, 16), rng.randint(12, 48)
        if first + second + 3 > longest and min(_kept_by_truncation(first, second, longest)) >= 1:
            return {"first_length": first, "second_length": second, "max_length": longest}


#: Words a decode exercise strings together, and words cut into ``##`` pieces.
_DECODE_WORDS = (
    "pieces", "of", "eight", "the", "old", "sea", "cook", "jim", "saw", "a", "black", "ship", "we", "ran", "to",
    "cove", "gold", "map", "in", "chest", "silver", "found", "it", "under", "sand", "night", "inn", "boat",
)  # fmt: skip
_CUT_WORDS = (
    ("par", "##rot"), ("cut", "##lass"), ("sch", "##oon", "##er"), ("tre", "##asure"), ("doub", "##loon", "##s"),
    ("bucc", "##ane", "##er"), ("pis", "##tol"), ("han", "##ds"), ("cap", "##tain"), ("is", "##land"),
)  # fmt: skip
#: ``(word, contraction token)``: the clean-up takes the space before the second.
_CONTRACTED = (
    ("flint", "'s"),
    ("silver", "'s"),
    ("jim", "'s"),
    ("we", "'re"),
    ("i", "'m"),
    ("they", "'ve"),
    ("did", "n't"),
)
#: A word and a lone apostrophe then a letter, as BERT cuts it's: the clean-up leaves them spaced.
_APART = (("it", "'", "s"), ("that", "'", "s"), ("don", "'", "t"), ("he", "'", "s"), ("can", "'", "t"))


@WORKBOOK.variants("decoded", course={"tokens": list(TOKENS_TO_DECODE)})
def decoded_variant(rng: random.Random) -> dict[str, list[str]]:
    """Eight to twenty tokens holding what the course's twelve hold: a word in ``##`` pieces, a contraction token,
    an apostrophe on its own, punctuation inside and at the end.
    """
    while True:
        groups: list[tuple[str, ...]] = [
            rng.choice(_CUT_WORDS),
            rng.choice(_CONTRACTED),
            rng.choice(_APART),
            *((rng.choice(_DECODE_WORDS),) for _ in range(rng.randint(2, 6))),
        ]
        rng.shuffle(groups)
        inside = rng.randrange(1, len(groups))
        groups.insert(inside, (rng.choice(".,!?"),))
        tokens = [token for group in groups for token in group] + [rng.choice(".!?")]
        if 8 <= len(tokens) <= 20:
            return {"tokens": tokens}


__all__ = [
    "KEPT_LENGTHS",
    "OFFSETS_TEXT",
    "OFFSETS_TOKEN",
    "TOKENS_TO_DECODE",
    "WHOLE_WORDS",
    "WORKBOOK",
    "check_decoded",
    "check_kept_lengths",
    "check_offsets",
    "check_pair_input",
    "decoded_variant",
    "kept_variant",
    "offsets_variant",
    "progress",
    "show_answer",
]
