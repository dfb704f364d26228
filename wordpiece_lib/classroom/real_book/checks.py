"""Checks behind notebook 07's "your turn" exercises (a vocab trained on a real book).

They run in the frame of :mod:`wordpiece_lib.classroom.runtime`: a right
answer passes quietly, a wrong one is told which idea is off (never the
expected value), and an answer still set to ``TODO`` skips as "not done
yet". ``longest_token`` runs on fresh vocabs built so that the tempting
shortcut (``max(tokens, key=len)``) gives a different token whatever the
order of the set; the prediction exercise refuses an answer cell that
encodes the words.

A worked answer stays out of this docstring (the installed package carries none); a wrong one:

>>> WORKBOOK.reset()
>>> check_longest_token(lambda tokens: max(sorted(tokens), key=len))
Traceback (most recent call last):
...
AssertionError: longest_token(...) gave '##qaovcle', which has 7 characters of text: the ## only says 'this piece continues a word' and is not part of the text
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from numbers import Real
from typing import Any

from wordpiece_lib.analysis import SegmentationMetrics, measure
from wordpiece_lib.classroom.real_book.tables import text_fertility_table
from wordpiece_lib.classroom.runtime import (
    Exercise,
    Workbook,
    answer_cell_source,
    call,
    calls_in_source,
    forbid,
    fresh_rng,
    fresh_word,
    narrowing,
    refuse_in_answer,
    require,
    shuffled,
    watch_answer,
)
from wordpiece_lib.model import BERT_SPECIAL_TOKENS, DEFAULT_PREFIX, UNK_TOKEN, LinMaxMatch, encode_word
from wordpiece_lib.model.longest_match import longest_match
from wordpiece_lib.pipeline import FastWordPieceTokenizer, WordPieceTokenizer
from wordpiece_lib.training import Trace

#: Encoding in the answer cell is not predicting.
ENCODERS = ("encode_word", "tokenize", "encode", "tokenizer_full", "tokenizer_10k", "WordPieceTokenizer")
#: What builds or holds a vocab of a chosen size: looking a name up in one answers "is it whole" without the table.
VOCAB_OF_A_SIZE = ("tokens", "steps_for_size", "splits_at", "vocab_11800", "names_vocab")
#: Encoding a word answers the prediction: any encoder, under any name or through any tokenizer object.
ENCODING = forbid(encode_word, longest_match, WordPieceTokenizer, FastWordPieceTokenizer, LinMaxMatch)
watch_answer("predicted_split", ENCODING)
#: Cutting the names answers "how many are whole" without the table's reasoning.
watch_answer("whole_names", (*ENCODING, *forbid(Trace.tokens, Trace.steps_for_size, Trace.vocab, Trace.splits_at)))
#: The library's own tokens-per-word: the exercise is to count and divide.
FERTILITY = forbid(measure, SegmentationMetrics, text_fertility_table)
watch_answer("team_fertility", FERTILITY)


WORKBOOK = Workbook(
    "07 · A real book: WordPiece on Treasure Island",
    [
        Exercise(
            "longest_token",
            "Your turn 1 · the longest token",
            hints=(
                "max(..., key=...) compares what the key returns; token.removeprefix('##') is the text a token "
                "stands for.",
                "Special tokens such as [MASK] stand for no text: leave them out first.",
            ),
        ),
        Exercise(
            "whole_names",
            "Your turn 2 · how many names are whole?",
            hints=(
                "A name is one token exactly when the name itself is in the vocab.",
                "A vocab of a given size holds every token made before the vocab reached that size: read the "
                "'vocab size then' column, not the merge number.",
            ),
        ),
        Exercise(
            "predicted_split",
            "Your turn 3 · split or not?",
            hints=(
                "Trained to the end means: training stopped because every word of the book was one token.",
                "Pieces made on the way to a long word are tokens too, and some of them are words.",
            ),
            prediction=True,
        ),
        Exercise(
            "team_fertility",
            "Your turn 4 · the fertility of a sentence",
            hints=(
                "tokenizer_10k.words(sentence) lists the words, punctuation marks included.",
                "Fertility = number of tokens / number of words.",
                "An [UNK] is a token like any other: it takes a place in the model's input.",
            ),
        ),
    ],
    answers="real_book",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer
#: In a graded release with variants, each student's check tries their function on vocabs of their own.
WORKBOOK.vary_fresh_inputs("longest_token")


def text_length(token: str, prefix: str = DEFAULT_PREFIX) -> int:
    """How many characters of text a token stands for (its ``##`` does not count).

    >>> text_length("##ing"), text_length("Silver"), text_length("##")
    (3, 6, 2)
    """
    return len(token.removeprefix(prefix)) if token != prefix else len(token)


def _fresh_vocabs() -> list[list[str]]:
    """Vocabs with one longest text token; a ``##`` token is longer as a string, [MASK] longer than most."""
    rng = fresh_rng("longest_token")
    vocabs = []
    for size in (8, 12):
        longest = fresh_word(rng, shortest=size, longest=size)
        tokens = [longest, "##" + fresh_word(rng, shortest=size - 1, longest=size - 1)]  # longer as a string
        tokens += [fresh_word(rng, shortest=2, longest=size - 3) for _ in range(30)]
        tokens += ["##" + fresh_word(rng, shortest=1, longest=size - 3) for _ in range(30)]
        tokens += list(BERT_SPECIAL_TOKENS)
        vocabs.append(shuffled(rng, sorted(set(tokens))))
    small = ["[MASK]", "[UNK]", "hug", "##s", "h", "##ugs"]  # [MASK] is the longest string of all
    vocabs.append(small)
    # the longest text in a token that continues a word: a '##' token counts too, for the text after its prefix
    vocabs.append(["[UNK]", "[CLS]", "ab", "b", "c", "##cde", "##f"])
    # '#' is a character of text too: '###' is '#' continuing a word, '#####' is '###' continuing one.
    # Stripping every '#' (token.strip("#")) counts them as nothing and picks a shorter token.
    hashes = ["[MASK]", "[UNK]", "[CLS]", "#", "###", "#####", "C", "##s", "ab", "##ab", "##b"]
    vocabs.append(shuffled(rng, hashes))
    # A '[' is text too: a vocab of wiki markup holds '[', '[[' and '[[link', which are no special tokens.
    # Leaving out every token that starts with '[' (instead of the special ones) picks a shorter token.
    brackets = ["[MASK]", "[UNK]", "[CLS]", "[SEP]", "[PAD]", "[", "[[", "[[link", "##]", "ab", "##cd", "e", "##s"]
    vocabs.append(shuffled(rng, brackets))
    return vocabs


@WORKBOOK.check("longest_token")
def check_longest_token(
    function: Callable[[Any], str], prefix: str = DEFAULT_PREFIX, special_tokens: Iterable[str] = BERT_SPECIAL_TOKENS
) -> None:
    """Check a function ``tokens -> the token that stands for the most characters of text`` on fresh vocabs.

    Each fresh vocab is passed as a set, in two orders: an answer that
    depends on the order of a set fails on every run, not one run in four.
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    specials = set(special_tokens)
    for vocab in _fresh_vocabs():
        tokens = [item for item in vocab if item not in specials]
        longest = max(text_length(item, prefix) for item in tokens)
        answers = []
        for order in (vocab, list(reversed(vocab))):
            got = call(function, _OrderedSet(order), name="longest_token", exercise="the longest token")
            answers.append(got)
            if not isinstance(got, str):
                raise AssertionError(
                    f"longest_token should return the token itself, a str like 'Silver', not a {type(got).__name__}"
                )
            if got in specials:
                raise AssertionError(
                    f"longest_token(...) gave {got!r}, a special token: it stands for no text, leave the special "
                    "tokens out"
                )
            if got not in vocab:
                raise AssertionError(f"longest_token(...) gave {got!r}, which is not a token of the vocab it was given")
            if text_length(got, prefix) == longest:
                continue
            if _longest_when_every_hash_goes(got, tokens, prefix):
                raise AssertionError(
                    f"longest_token(...) gave {got!r}, but the vocab holds a token with more characters of text: "
                    f"a '#' can be text too (a token such as '###' is '#' continuing a word). The continuation "
                    f"prefix {prefix} is removed once, from the front (token.removeprefix({prefix!r})), not every "
                    "'#' of the token (strip)"
                )
            unbracketed = [text_length(item, prefix) for item in tokens if not item.startswith("[")]
            if len(unbracketed) < len(tokens) and text_length(got, prefix) == max(unbracketed):
                raise AssertionError(
                    f"longest_token(...) gave {got!r}, but the vocab holds a token with more characters of text that "
                    "starts with '[': a '[' can be text too. The special tokens are the named ones ([CLS], [SEP], "
                    "[MASK], ...: leave out a token when it is one of them), not every token that starts with a bracket"
                )
            bare = [item for item in tokens if not item.startswith(prefix)]
            if not got.startswith(prefix) and text_length(got, prefix) == max(text_length(t, prefix) for t in bare):
                raise AssertionError(
                    f"longest_token(...) gave {got!r}, the longest token that starts a word, but a token that continues "
                    f"a word counts too: its text is what follows its {prefix} (token.removeprefix({prefix!r}))"
                )
            if got.startswith(prefix) and len(got) >= longest:
                raise AssertionError(
                    f"longest_token(...) gave {got!r}, which has {text_length(got, prefix)} characters of text: the "
                    f"{prefix} only says 'this piece continues a word' and is not part of the text"
                )
            raise AssertionError(
                f"longest_token(...) gave {got!r}, but the vocab holds a token with more characters of text: compare "
                f"every token by len(token.removeprefix({prefix!r}))"
            )


def _longest_when_every_hash_goes(got: str, tokens: list[str], prefix: str) -> bool:
    """True when ``got`` is longest only if the prefix's characters go wherever they are (strip, lstrip, replace)."""
    marks = "".join(dict.fromkeys(prefix))
    cuts = (
        lambda t: t.strip(marks),
        lambda t: t.lstrip(marks),
        lambda t: t.replace(marks, ""),
        lambda t: t.replace(prefix, ""),
    )
    return any(len(cut(got)) == max(len(cut(token)) for token in tokens) for cut in cuts)


class _OrderedSet(set):
    """A set that iterates in a given order: the check decides the order, not the hash seed."""

    def __init__(self, items: Iterable[str]) -> None:
        self._order = list(dict.fromkeys(items))
        super().__init__(self._order)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._order)

    def __repr__(self) -> str:
        return f"<{len(self)} tokens>"


@WORKBOOK.check("whole_names")
def check_single_token_names(
    answer: Any, names: Iterable[str], vocab: Iterable[str], *, unk_token: str = "[UNK]", source: str | None = None
) -> None:
    """Check how many of ``names`` longest-match-first encodes as one token.

    ``source`` is the code that made the answer (default: the notebook cell
    that assigned ``whole_names``); cutting the names there fails.

    >>> WORKBOOK.reset()
    >>> check_single_token_names(1, ["Jim", "Ben"], {"Ben", "J", "##i", "##m", "jim"}, source="")
    >>> check_single_token_names(2, ["Jim", "Ben"], {"Ben", "J", "##i", "##m", "jim"}, source="")
    Traceback (most recent call last):
    ...
    AssertionError: 2 is every name: that is true of the whole vocab (every word of the book is whole there), but this vocab stops at 5 tokens; read the table's 'vocab size then' column
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    count = require(answer, "the number of names that are one token")
    refuse_in_answer(
        "whole_names",
        (*ENCODERS, *VOCAB_OF_A_SIZE),
        "your answer uses {name}, which cuts the names or builds the vocab for you (a name looked up in it is "
        "one token or not): reason from the table's 'vocab size then' column",
        source,
    )
    tokens = set(vocab)
    names = list(names)
    whole = [name for name in names if encode_word(name, tokens, unk_token=unk_token) == [name]]
    if isinstance(count, bool) or not isinstance(count, int):
        raise AssertionError(f"give a whole number (how many names), not a {type(count).__name__}: {count!r}")
    if count == len(whole):
        return
    lowered = sum(name.lower() in tokens for name in names)
    if count == lowered and lowered != len(whole):
        raise AssertionError(
            f"{count} is how many names are tokens in lower case; the book was trained cased, so look up "
            "'Silver', not 'silver'"
        )
    if count == len(names):
        raise AssertionError(
            f"{count} is every name: that is true of the whole vocab (every word of the book is whole there), but "
            f"this vocab stops at {len(tokens):,} tokens; read the table's 'vocab size then' column"
        )
    raise AssertionError(
        f"{count} is not it: a name is one token exactly when the name itself is in the vocab, that is when the "
        "vocab size after the merge that made it (the 'vocab size then' column, not the merge number) is within "
        "this vocab's size"
    )


def _as_bool_mapping(answer: Any) -> dict[str, bool]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if not isinstance(answer, Mapping):
        raise AssertionError(f"give a dict word -> True/False, not a {type(answer).__name__}: {answer!r}")
    for word, value in answer.items():
        if not isinstance(value, bool):
            raise AssertionError(f"the value for {word!r} should be True (split) or False (one token), got {value!r}")
    return dict(answer)


#: The notebook's names for the whole vocab and its trace: an answer that reads them looks the answer up.
TRAINED_VOCAB_NAMES = ("full_vocab", "full", "made_at", "tokenizer_full")


@WORKBOOK.check("predicted_split")
def check_split_predictions(
    answer: Any,
    vocab: Iterable[str],
    book_words: Mapping[str, int],
    words: Iterable[str],
    *,
    unk_token: str = "[UNK]",
    source: str | None = None,
) -> None:
    """Check a prediction ``word -> True when it is split into several tokens`` for every word of ``words``.

    The message says how many predictions are wrong and what to think about,
    not which word is wrong (that would give the answer away: it is True or
    False); after a few tries, only what to think about (see
    :func:`~wordpiece_lib.classroom.runtime.narrowing`). ``source`` is the code that made the answer (default: the
    notebook cell that assigned ``predicted_split``); encoding there fails.

    >>> WORKBOOK.reset()
    >>> vocab, book = {"hug", "huge", "h", "##u", "##g", "##e", "##s"}, {"huge": 3}
    >>> check_split_predictions({"hug": False, "hugs": True}, vocab, book, ["hug", "hugs"], source="")
    >>> check_split_predictions({"hug": True, "hugs": True}, vocab, book, ["hug", "hugs"], source="")
    Traceback (most recent call last):
    ...
    AssertionError: 1 of your 2 predictions is wrong. Think about the words the book never uses: a word need not be in the book to be a token; merges join pieces until every word of the book is whole, and a piece made on the way to a longer word can be a word too
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    predicted = _as_bool_mapping(require(answer, "your predictions"))
    refuse_in_answer(
        "predicted_split",
        ENCODERS,
        "your answer uses {name}, which computes what you are asked to predict: predict each word from "
        "what you know, and let the check tell you how many are right",
        source,
    )
    code = answer_cell_source("predicted_split") if source is None else source
    looked_up = calls_in_source(code or "", TRAINED_VOCAB_NAMES)
    if looked_up:
        raise AssertionError(
            f"your answer reads `{looked_up[0]}`, the trained vocab itself: that looks the answer up instead of "
            "predicting it. Predict from what you know of the merges (book_counts is there to help), and let the "
            "check tell you how many are right"
        )
    typed_in = _typed_prediction(code or "", "predicted_split")
    if typed_in is not None:
        raise AssertionError(
            f"predicted_split is a prediction: write True or False for each word yourself; your answer cell "
            f"computes it ({typed_in}), and a value computed from what the notebook holds looks the answer up"
        )
    tokens = set(vocab)
    words = list(words)
    missing = [word for word in words if word not in predicted]
    if missing:
        raise AssertionError(f"predict every word: {missing} are missing from your dict")
    wrong_in_book, wrong_made, wrong_split = 0, 0, 0
    for word in words:
        split = len(encode_word(word, tokens, unk_token=unk_token)) > 1
        if predicted[word] == split:
            continue
        if word in book_words:
            wrong_in_book += 1
        elif not split:
            wrong_made += 1
        else:
            wrong_split += 1
    wrong = wrong_in_book + wrong_made + wrong_split
    if not wrong:
        return
    in_book = "the words that occur in the book: the vocab was trained to the end, until nothing was left to merge"
    made = (
        "the words the book never uses: a word need not be in the book to be a token; merges join pieces until "
        "every word of the book is whole, and a piece made on the way to a longer word can be a word too"
    )
    split = (
        "the words the book never uses: such a word is one token only if some merge on the way to a word of the "
        "book built exactly it"
    )
    ideas = [idea for idea, count in ((in_book, wrong_in_book), (made, wrong_made), (split, wrong_split)) if count]
    verb = "is" if wrong == 1 else "are"
    detail = f"{wrong} of your {len(words)} predictions {verb} wrong. Think about " + "; and ".join(ideas)
    # after a few tries, the count would let one word be flipped a try until it passes (see runtime.narrowing)
    raise AssertionError(
        narrowing(detail, "Some predictions are wrong. Think about " + "; and ".join([in_book, made, split]))
    )


def _typed_prediction(source: str, name: str) -> str | None:
    """Why the cell's assignments of ``name`` are not a prediction typed in (None when they are).

    A prediction is literal data: a dict of True and False, maybe changed item by item with literals
    (``name["car"] = True``). Any other value (a comprehension, a look-up, a name) is computed.

    >>> _typed_prediction("p = {'a': True, 'b': False}\\np['c'] = True", "p") is None
    True
    >>> _typed_prediction("p = {w: w not in v for w in words}", "p")
    'a dict comprehension'
    """
    import ast

    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                named = isinstance(target, ast.Name) and target.id == name
                item = (
                    isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id == name
                )
                if not (named or item) or node.value is None:
                    continue
                try:
                    ast.literal_eval(node.value)
                except ValueError:
                    kind = type(node.value).__name__
                    return {
                        "DictComp": "a dict comprehension",
                        "Call": "a call",
                        "Name": "another name",
                        "Compare": "a look-up",
                    }.get(kind, "an expression")
    return None


def _number(value: Any) -> Fraction | None:
    if isinstance(value, bool) or not isinstance(value, Real):
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return Fraction(value).limit_denominator(10**6) if isinstance(value, float) else Fraction(value)


def _close(value: Fraction, expected: Fraction) -> bool:
    return abs(value - expected) <= Fraction(1, 1000)


@WORKBOOK.check("team_fertility")
def check_fertility(answer: Any, sentence: str, tokenizer: WordPieceTokenizer, *, source: str | None = None) -> None:
    """Check tokens per word of ``sentence``: its tokens divided by its pre-tokenized words (punctuation included).

    A number that agrees with it to two decimals (within 0.005) passes, as the notebook's tables print
    it (``1.44`` for 23/16; ``1.437`` and ``1.4375`` too). ``source`` is the code that made the answer (default: the notebook cell
    that assigned ``team_fertility``); the library's own tokens-per-word there fails.
    """
    __tracebackhide__ = True  # keep this frame out of the student's report
    value = require(answer, "the fertility of the sentence")
    refuse_in_answer(
        "team_fertility",
        ["measure", "text_fertility_table", "fertility"],
        "your answer uses {name}, which computes tokens per word for you: count the tokens and the words of "
        "the sentence, then divide",
        source,
    )
    number = _number(value)
    if number is None:
        raise AssertionError(f"give a number (tokens divided by words), not a {type(value).__name__}: {value!r}")
    words = tokenizer.words(sentence)
    tokens = [token for word in words for token in tokenizer.encode_word(word)]
    expected = Fraction(len(tokens), len(words))
    if abs(number - expected) <= Fraction(5, 1000):  # to two decimals, however many the answer gives
        return
    plain_words = [word for word in words if any(character.isalnum() for character in word)]
    intro = f"{float(number):.3f} is not it"
    if plain_words and _close(number, Fraction(len(tokens), len(plain_words))):
        raise AssertionError(
            f"{intro}: you left the punctuation out of the words; the pre-tokenizer makes every punctuation mark a "
            "word of its own, and it becomes a token too"
        )
    unknown = sum(token == UNK_TOKEN for token in tokens)
    if unknown and _close(number, Fraction(len(tokens) - unknown, len(words))):
        raise AssertionError(
            f"{intro}: you left the [UNK] out of the tokens; an unknown word is still a token, and it takes a place "
            "in the model's input"
        )
    if _close(number, Fraction(len(tokens) + 2, len(words))):
        raise AssertionError(
            f"{intro}: you counted [CLS] and [SEP]; the template adds them to a model's input, but they are no "
            "tokens of the sentence's words"
        )
    cut_after = next(
        (
            digits
            for digits in (1, 2, 3)
            if number == Fraction(math.floor(expected * 10**digits), 10**digits) != round(expected, digits)
        ),
        None,
    )
    if cut_after is not None:
        raise AssertionError(
            f"{intro}: the counts are right, but the decimals were cut off, not rounded: int(...) or math.floor "
            f"drops the rest, while round(value, 2) looks at the next decimal to decide"
            + (", and keep two decimals at least, as the notebook's tables do" if cut_after < 2 else "")
        )
    if number != expected and abs(number - expected) < Fraction(5, 100) and round(float(expected), 1) == float(number):
        raise AssertionError(f"{intro}: rounded too far; keep two decimals at least, as the notebook's tables do")
    if number and _close(1 / number, expected):
        raise AssertionError(f"{intro}: that is words per token; fertility is tokens per word")
    if _close(number, Fraction(len(tokens))):
        raise AssertionError(f"{intro}: that is the number of tokens; divide it by the number of words")
    raise AssertionError(
        f"{intro}: count the words after pre-tokenization (tokenizer.words(sentence)) and the tokens of each word "
        "(tokenizer.encode_word(word)), then divide tokens by words"
    )


# ------------------------------------------------------------------ variants (a graded release: every student's own)
#
# The book is the same for everyone; which names, sizes, words and sentence an exercise asks about varies.
# The variant spaces draw from pools whose facts about the book's full vocab (trained to the end with
# ``train_fast(book_counts, 20_000)``) are written here, so that making a variant trains nothing; the
# tests train the book once and check every fact against it.

#: The eight names of *Your turn 2* in the course, and the vocab size it asks about.
NAMES = ("Jim", "Silver", "Livesey", "Trelawney", "Hawkins", "Smollett", "Flint", "Gunn")
NAMES_SIZE = 11_800
#: Names of the book's people, each with the vocab size at which it became one token (the table's 'vocab size then').
NAME_WHOLE_AT = {
    "Jim": 1344, "Silver": 11871, "Livesey": 9286, "Trelawney": 11610, "Hawkins": 1435, "Smollett": 12144,
    "Flint": 749, "Gunn": 648, "Ben": 14921, "John": 1353, "Billy": 5267, "Bones": 10630, "Pew": 14852,
    "Hands": 8205, "Israel": 12315, "Morgan": 2935, "Merry": 12031, "Redruth": 11751, "Hunter": 11756,
    "Joyce": 11754, "Gray": 3469, "Dick": 4065, "Tom": 2416, "George": 9639, "Anderson": 10427, "Dance": 11519,
    "Abraham": 1302, "Job": 1337, "Darby": 4085, "Arrow": 1810, "Blandly": 6346, "Alan": 8040,
}  # fmt: skip


@WORKBOOK.variants("whole_names", course={"names": list(NAMES), "size": NAMES_SIZE})
def whole_names_variant(rng: random.Random) -> dict[str, Any]:
    """Eight names and a vocab size from 5,900 to 15,500 (the course's 11,800 within a factor of two) that
    makes 1 to 7 of them whole, the count drawn first so that every count is as likely.

    No name becomes whole within 50 tokens of the size: a name is plainly in or out.
    """
    while True:
        names = rng.sample(sorted(NAME_WHOLE_AT), 8)
        whole = rng.randint(1, 7)
        made = sorted(NAME_WHOLE_AT[name] for name in names)
        low, high = max(made[whole - 1] + 50, 5_900), min(made[whole] - 50, 15_500)
        if low > high:
            continue
        size = rng.randint(low, high) // 100 * 100
        if sum(at <= size for at in made) == whole and all(abs(at - size) >= 50 for at in made):
            return {"names": names, "size": size}


#: The seven words of *Your turn 3* in the course.
PREDICTION_WORDS = ("parrot", "love", "school", "car", "hug", "captains", "castle")
#: Words of the book (so one token each in the full vocab).
IN_THE_BOOK = (
    "parrot", "love", "apple", "table", "window", "bread", "cheese", "candle", "rope", "anchor", "beach",
    "stone", "tree", "bird", "horse", "mouse", "goat", "cloud", "moon", "bridge", "road", "roof", "pillow",
    "coat", "coin", "map", "key", "bottle", "knife", "sailor", "yellow", "laugh", "paper", "letter", "ball",
    "smile", "tooth",
)  # fmt: skip
#: Words the book never uses that the full vocab holds whole all the same (pieces made on the way to longer words).
MADE_ON_THE_WAY = (
    "school", "car", "hug", "garden", "rat", "cow", "storm", "star", "shoe", "boot", "spoon", "pan", "bus",
    "doll", "hop",
)  # fmt: skip
#: Words the book never uses that the full vocab cuts in pieces.
CUT_IN_PIECES = (
    "captains", "castle", "butter", "milk", "coffee", "pepper", "tiger", "frog", "lake", "village", "blanket",
    "fork", "queen", "prince", "nurse", "teacher", "farmer", "purple", "orange", "rocket", "radio", "camera",
    "pencil", "kite", "cars", "hugs", "castles", "parrots", "schools", "lovely", "loving", "student",
)  # fmt: skip


@WORKBOOK.variants("predicted_split", course={"words": list(PREDICTION_WORDS)})
def prediction_variant(rng: random.Random) -> dict[str, list[str]]:
    """Seven words in a random order: two or three of the book, two or three made on the way, two or three cut."""
    sizes = rng.choice(((2, 3, 2), (3, 2, 2), (2, 2, 3)))
    words = [
        word
        for pool, size in zip((IN_THE_BOOK, MADE_ON_THE_WAY, CUT_IN_PIECES), sizes)
        for word in rng.sample(pool, size)
    ]
    rng.shuffle(words)
    return {"words": words}


#: The sentence of *Your turn 4* in the course.
TEAM_SENTENCE = "Our team found the map, the gold, and Ben Gunn's cave."
_WHO = ("Our team", "The crew", "My friends", "Two sailors", "The old captain", "Our teacher", "The students")
_FOUND = ("found", "buried", "lost", "carried", "painted", "hid", "counted", "checked", "mended")
_THINGS = (
    "the map", "the gold", "a compass", "the telescope", "a parrot", "the lantern", "two cutlasses", "the biscuits",
    "some coconuts", "a blanket", "the rowing boat", "a bottle", "the logbook", "three candles", "the anchor",
    "a rocket", "the radio", "a pencil", "the tea",
)  # fmt: skip
_WHOSE = ("Ben Gunn's", "Jim's", "Silver's", "Flint's", "the squire's", "Billy Bones's", "the doctor's", "Alice's")
_PLACES = ("cave", "hut", "cabin", "stockade", "hammock", "garden", "kitchen", "lighthouse", "workshop", "tent")


@WORKBOOK.variants("team_fertility", course={"sentence": TEAM_SENTENCE})
def fertility_variant(rng: random.Random) -> dict[str, str]:
    """A sentence like the course's: someone did something to two to four things and to someone's place."""
    things = rng.sample(_THINGS, rng.randint(2, 4))
    place = f"{rng.choice(_WHOSE)} {rng.choice(_PLACES)}"
    return {"sentence": f"{rng.choice(_WHO)} {rng.choice(_FOUND)} {', '.join(things)}, and {place}."}


__all__ = [
    "CUT_IN_PIECES",
    "IN_THE_BOOK",
    "MADE_ON_THE_WAY",
    "NAMES",
    "NAMES_SIZE",
    "NAME_WHOLE_AT",
    "PREDICTION_WORDS",
    "TEAM_SENTENCE",
    "WORKBOOK",
    "check_fertility",
    "check_longest_token",
    "check_single_token_names",
    "check_split_predictions",
    "fertility_variant",
    "prediction_variant",
    "progress",
    "show_answer",
    "text_length",
    "whole_names_variant",
]
