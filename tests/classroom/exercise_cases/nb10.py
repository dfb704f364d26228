"""Notebook 10 · model inputs: offsets through normalization, a pair's input, truncation, decoding."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from wordpiece_lib import (
    Encoding,
    Template,
    Truncation,
    WordPieceDecoder,
    WordPieceTokenizer,
    decode_pieces,
    train_fast,
)
from wordpiece_lib.classroom.model_inputs import checks as input_checks
from wordpiece_lib.text import normalize_with_origins

from .rows import COPIED, Case, Later, Wrong, another_cell, computed, copied, library, slip, typed
from .shared import book_counts_uncased

TREASURE_TEXT = "Yo-ho-ho,\u200b and a bottle of RÚM!"
QUESTION, PASSAGE = "Who kept the map?", "Jim kept Flint’s map in his pocket."
TOKENS_TO_DECODE = ["pieces", "of", "eight", "!", "it", "'", "s", "flint", "'s", "par", "##rot", "."]
#: By hand from the decoder's rules: ## glued, spaces between tokens, no space before ! . or a token 's.
DECODED = "pieces of eight! it ' s flint's parrot."


@functools.cache
def book_tokenizer() -> WordPieceTokenizer:
    return WordPieceTokenizer(train_fast(book_counts_uncased(), 9000).vocab(), lowercase=True)


def my_pair_input(first, second):
    tokens = ["[CLS]", *first, "[SEP]", *second, "[SEP]"]
    return tokens, [0] * (len(first) + 2) + [1] * (len(second) + 1)


def pair_built_in_place(first, second):
    """Right tokens and type ids, made by inserting into the caller's own lists."""
    type_ids = [0] * (len(first) + 2) + [1] * (len(second) + 1)
    first.insert(0, "[CLS]")
    first.append("[SEP]")
    second.append("[SEP]")
    return first + second, type_ids


def pair_with_one_sep(first, second):
    return ["[CLS]", *first, "[SEP]", *second], [0] * (len(first) + 2) + [1] * len(second)


def pair_first_sep_in_segment_1(first, second):
    return ["[CLS]", *first, "[SEP]", *second, "[SEP]"], [0] * (len(first) + 1) + [1] * (len(second) + 2)


def pair_with_two_cls(first, second):
    tokens = ["[CLS]", *first, "[SEP]", "[CLS]", *second, "[SEP]"]
    return tokens, [0] * (len(first) + 2) + [1] * (len(second) + 2)


def pair_printed_above(first, second):
    """The question and passage's table, typed in: whatever the texts."""
    tokenizer = book_tokenizer()
    return my_pair_input(tokenizer.tokenize(QUESTION), tokenizer.tokenize(PASSAGE))


def pair_encoded_again(first, second):
    encoding = book_tokenizer().encode_plus(" ".join(first), " ".join(second))
    return encoding.tokens, encoding.type_ids


#: Notebook 10's worked origins (section 2), as its cell defines it.
ORIGINS_CELL = """
import unicodedata

def my_normalize_with_origins(text):
    chars, origins = [], []
    for index, char in enumerate(text):
        if unicodedata.category(char) in ("Cc", "Cf") and char not in "\\t\\n\\r":
            continue
        for new in char.lower():
            chars.append(new)
            origins.append(index)
    return "".join(chars), origins
"""


def worked_origins() -> Callable[..., Any]:
    return another_cell(ORIGINS_CELL, "my_normalize_with_origins")


def pair_through_the_template(first, second):
    """The library's BERT template lays the pair out."""
    texts = [
        Encoding.from_sequence(
            [0] * len(tokens), list(tokens), [(0, 0)] * len(tokens), [0] * len(tokens), sequence_id=i
        )
        for i, tokens in enumerate((first, second))
    ]
    both = Template.bert().apply(*texts, {"[CLS]": 1, "[SEP]": 2})
    return both.tokens, both.type_ids


def cases() -> list[Case]:
    return [
        Case(
            "rum_offsets",
            input_checks.check_offsets,
            right=((27, 30),),  # counted by hand: the zero-width space at 9 still counts
            data=(Later(book_tokenizer), TREASURE_TEXT, "rum"),
            right_extra={"source": "rum_offsets = (27, 30)"},
            wrongs=(
                typed("counted without the invisible character", (26, 29)),
                typed("the end inclusive", (27, 29)),
                typed("counted from 1", (28, 31)),
                library(
                    "encode_plus", (27, 30), source="rum_offsets = tokenizer.encode_plus(treasure_text).offsets[11]"
                ),
                computed(
                    "the tokenizer's encode_plus, through another cell's helper",
                    "rum_offsets = where(tokenizer, text, 'rum')",
                    {
                        "where": another_cell(
                            "def where(t, text, token):\n    e = t.encode_plus(text)\n    return e.offsets[e.tokens.index(token)]",
                            "where",
                        ),
                        "tokenizer": Later(book_tokenizer),
                        "text": TREASURE_TEXT,
                    },
                ),
                computed(
                    "normalize_with_origins under an alias, its span read",
                    "aligned = origins_of(text, tokenizer.normalize)\n"
                    "start = aligned.text.index('rum')\n"
                    "rum_offsets = aligned.original_span(start, start + 3)",
                    {"origins_of": normalize_with_origins, "tokenizer": Later(book_tokenizer), "text": TREASURE_TEXT},
                ),
                computed(
                    "section 2's worked my_normalize_with_origins, run on the exercise's text",
                    "mine, my_origins = my_normalize_with_origins(treasure_text)\n"
                    "start = mine.index('rúm')\n"
                    "rum_offsets = (my_origins[start], my_origins[start + 2] + 1)",
                    {"my_normalize_with_origins": Later(worked_origins), "treasure_text": TREASURE_TEXT},
                    kind=COPIED,
                ),
            ),
            secrets=("(27, 30)", "[27:30]"),
        ),
        Case(
            "my_pair_input",
            input_checks.check_pair_input,
            right=(my_pair_input,),
            data=(
                Later(lambda: book_tokenizer().tokenize(QUESTION)),
                Later(lambda: book_tokenizer().tokenize(PASSAGE)),
            ),
            wrongs=(
                slip("one [SEP], between the texts", pair_with_one_sep),
                slip("the first [SEP] in segment 1", pair_first_sep_in_segment_1),
                slip("[CLS] before each text", pair_with_two_cls),
                slip("the joined tokens encoded again", pair_encoded_again),
                copied("the question and passage's table, typed in", pair_printed_above),
                slip("right lists, built by changing the caller's", pair_built_in_place),
                library("the library's template", pair_through_the_template),
            ),
        ),
        Case(
            "kept",
            input_checks.check_kept_lengths,
            right=((13, 8),),  # 24 - 3 = 21 places; the first text gives way until it is no longer the longer
            data=(30, 8),
            options={"max_length": 24},
            right_extra={"source": "kept = (13, 8)"},
            wrongs=(
                typed("the special tokens forgotten", (16, 8)),
                copied(
                    "section 5's single-text rule (max_length - 2), copied to the pair",
                    (14, 8),
                    source="kept = (14, 8)",
                ),
                typed("the second text gives way", (21, 0)),
                typed("the room shared in halves", (11, 10)),
                library(
                    "truncates with the library",
                    (13, 8),
                    source="first, second = (Encoding.from_sequence([0] * n, ['t'] * n, [(0, 0)] * n, [0] * n) for n in (30, 8))\n"
                    "kept = tuple(len(e) for e in Truncation(24).truncate(first, second, added_tokens=3))",
                ),
                computed(
                    "Truncation under an alias",
                    "a, b = cut(24).truncate(one, two, added_tokens=3)\nkept = (len(a), len(b))",
                    {
                        "cut": Truncation,
                        "one": Encoding.from_sequence([0] * 30, ["t"] * 30, [(0, 0)] * 30, [0] * 30),
                        "two": Encoding.from_sequence([0] * 8, ["t"] * 8, [(0, 0)] * 8, [0] * 8),
                    },
                ),
            ),
            secrets=("(13, 8)", "13"),
        ),
        Case(
            "decoded",
            input_checks.check_decoded,
            right=(DECODED,),
            data=(TOKENS_TO_DECODE,),
            right_extra={"source": f"decoded = {DECODED!r}"},
            wrongs=(
                typed("no clean-up", decode_pieces(TOKENS_TO_DECODE)),
                computed(
                    "section 6's worked cell, on the exercise's tokens",
                    "ids = tokenizer.encode_plus(' '.join(tokens_to_decode)).ids\ndecoded = tokenizer.decode(ids)",
                    {"tokenizer": Later(book_tokenizer), "tokens_to_decode": TOKENS_TO_DECODE},
                    kind=COPIED,
                ),
                typed("every apostrophe glued", "pieces of eight! it's flint's parrot."),
                typed("## kept", "pieces of eight! it ' s flint's par##rot."),
                typed("a ## piece not glued", "pieces of eight! it ' s flint's par rot."),
                typed("a capital brought back", "Pieces of eight! it ' s flint's parrot."),
                library(
                    "decodes with the tokenizer",
                    DECODED,
                    source="decoded = tokenizer.decode([tokenizer.vocab.id(token) for token in tokens_to_decode])",
                ),
                computed(
                    "the decoder object, under an alias",
                    "decoded = D().decode(tokens)",
                    {"D": WordPieceDecoder, "tokens": TOKENS_TO_DECODE},
                ),
            ),
            secrets=(repr(DECODED), "it ' s flint's"),
        ),
    ]


# ---- Issue 40: look-ups, slips the messages must name, and the course's container rule (kept apart from the rows
# ---- above, so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "rum_offsets": (
            slip(
                "str.find on the original text",
                (27, 30),
                source="start = treasure_text.find('RÚM')\nrum_offsets = (start, start + 3)",
            ),
            slip(
                "a regular expression's span",
                (27, 30),
                source="import re\nrum_offsets = re.search('RÚM', treasure_text).span()",
            ),
            typed("a list, not a tuple", [27, 30]),
            slip(
                "a loop over the numbered characters, stopped at the letter",
                (27, 30),
                source="start = min(i for i, char in enumerate(treasure_text) if char == 'R')\n"
                "rum_offsets = (start, start + 3)",
            ),
            slip(
                "the text cut at the letter, the first part measured",
                (27, 30),
                source="before = treasure_text.partition('R')[0]\nrum_offsets = (len(before), len(before) + 3)",
            ),
            slip(
                "a range(len(...)) loop over the text's positions, stopped at the letters",
                (27, 30),
                source="for i in range(len(treasure_text)):\n"
                "    if treasure_text[i : i + 3].upper() in ('RUM', 'RÚM'):\n"
                "        break\n"
                "rum_offsets = (i, i + 3)",
            ),
            slip(
                "a while loop over the text's positions, stopped at the letter",
                (27, 30),
                source="i = 0\nwhile treasure_text[i] != 'R':\n    i += 1\nrum_offsets = (i, i + 3)",
            ),
        ),
        "my_pair_input": (
            slip("the two lists in a list", lambda first, second: list(my_pair_input(first, second))),
            slip(
                "the type ids as a tuple",
                lambda first, second: (my_pair_input(first, second)[0], tuple(my_pair_input(first, second)[1])),
            ),
        ),
        "kept": (typed("a list, not a tuple", [13, 8]), typed("the two numbers the other way round", (8, 13))),
        "decoded": (
            typed("the clean-up's 's taken for the apostrophe alone", "pieces of eight! it' s flint's parrot."),
            typed("no space removed before 's", "pieces of eight! it ' s flint 's parrot."),
            typed("no space removed before the punctuation", "pieces of eight ! it ' s flint's parrot ."),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def pair_by_hugging_face(first, second):
    """Hugging Face's template post-processor builds BERT's pair (a word-level vocab of the tokens themselves)."""
    from tokenizers import Tokenizer, models, processors

    vocab = {token: n for n, token in enumerate(dict.fromkeys(["[UNK]", "[CLS]", "[SEP]", *first, *second]))}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", vocab["[CLS]"]), ("[SEP]", vocab["[SEP]"])],
    )
    encoding = tokenizer.encode(list(first), list(second), is_pretokenized=True)
    return encoding.tokens, encoding.type_ids


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's tokenizer gives offsets, builds the pair, truncates and decodes: each exercise's work, done."""
    from .hugging_face import HAVE_TOKENIZERS, bert_style
    from .rows import other_computed, other_library

    if not HAVE_TOKENIZERS:
        return {}
    from tokenizers import Tokenizer, decoders, models, processors

    def truncating():
        tokenizer = Tokenizer(models.WordLevel({"[UNK]": 0, "[CLS]": 1, "[SEP]": 2, "a": 3}, unk_token="[UNK]"))
        tokenizer.post_processor = processors.BertProcessing(("[SEP]", 2), ("[CLS]", 1))
        return tokenizer

    return {
        "rum_offsets": (
            other_computed(
                "Hugging Face's BERT-style tokenizer of the same vocab, its offsets",
                "encoding = hf.encode(treasure_text)\nrum_offsets = encoding.offsets[encoding.tokens.index('rum')]",
                {
                    "hf": Later(lambda: bert_style(book_tokenizer().vocab.tokens, lowercase=True)),
                    "treasure_text": TREASURE_TEXT,
                },
            ),
        ),
        "my_pair_input": (other_library("Hugging Face's template post-processor", pair_by_hugging_face),),
        "kept": (
            other_computed(
                "Hugging Face's longest_first truncation, counted",
                "hf.enable_truncation(24, strategy='longest_first')\n"
                "types = hf.encode(['a'] * 30, ['a'] * 8, is_pretokenized=True).type_ids\n"
                "kept = (types.count(0) - 2, types.count(1) - 1)",
                {"hf": Later(truncating)},
            ),
        ),
        "decoded": (
            other_computed(
                "Hugging Face's WordPiece decoder",
                "decoded = decoders.WordPiece().decode(tokens_to_decode)",
                {"decoders": decoders, "tokens_to_decode": TOKENS_TO_DECODE},
            ),
        ),
    }
