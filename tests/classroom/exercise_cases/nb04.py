"""Notebook 04 · encoding: longest match in the marker style, a word the two encoders cut apart, decoding."""

from __future__ import annotations

from wordpiece_lib import (
    Vocab,
    WordPieceDecoder,
    WordPieceTokenizer,
    decode_pieces,
    encode_with_merges,
    encode_word,
    train_bottom_up,
)
from wordpiece_lib.classroom.encoding import checks as encoding_checks
from wordpiece_lib.data import datasets

from .rows import Case, Wrong, computed, copied, library, secrets_of, slip, typed


def pieces_by_lookup(word, vocab, first="", later="##", *, shortest=False, unk_and_go_on=False):
    """Greedy lookups from the left: the first piece looked up as ``first + piece``, the others as ``later + piece``.

    The longest piece at each position (the shortest, with ``shortest``); where none is in the vocab the whole
    word is [UNK] (with ``unk_and_go_on``, that position only, and the lookups go on). No 100-character rule.
    """
    tokens, start = [], 0
    while start < len(word):
        joiner = first if start == 0 else later
        ends = range(start + 1, len(word) + 1) if shortest else range(len(word), start, -1)
        end = next((end for end in ends if joiner + word[start:end] in vocab), None)
        if end is not None:
            tokens.append(joiner + word[start:end])
            start = end
        elif unk_and_go_on:
            tokens.append("[UNK]")
            start += 1
        else:
            return ["[UNK]"]
    return tokens


def longest_match(word, vocab):
    """The notebook's worked example (no 100-character rule)."""
    return pieces_by_lookup(word, vocab)


def encode_without_length_rule(word, vocab):
    return pieces_by_lookup(word, vocab)


def my_encode(word, vocab):
    """Section 1's longest_match with the 100 rule, as it stands (the '##' style)."""
    if len(word) > 100:
        return ["[UNK]"]
    return pieces_by_lookup(word, vocab)


def calls_the_worked_example(word, vocab):
    return ["[UNK]"] if len(word) > 100 else longest_match(word, vocab)


def encode_unk_from_100(word, vocab):
    """The length rule off by one: a word of exactly 100 characters is [UNK] too."""
    return ["[UNK]"] if len(word) >= 100 else pieces_by_lookup(word, vocab)


def encode_with_partial_unk(word, vocab):
    """Emits [UNK] for the position that does not match and goes on."""
    return ["[UNK]"] if len(word) > 100 else pieces_by_lookup(word, vocab, unk_and_go_on=True)


def encode_shortest_first(word, vocab):
    return ["[UNK]"] if len(word) > 100 else pieces_by_lookup(word, vocab, shortest=True)


def lookups(word, vocab, first, later):
    """Longest match with the 100 rule, the first piece looked up as ``first + piece``, the others as ``later + piece``."""
    return ["[UNK]"] if len(word) > 100 else pieces_by_lookup(word, vocab, first, later)


def my_encode_marked(word, vocab):
    """Notebook 04's exercise: longest match for a vocab in the begin-of-word marker style."""
    return lookups(word, vocab, "_", "")


def encode_marked_length_in_bytes(word, vocab):
    """The 100 rule on the bytes of the word's UTF-8 encoding instead of its characters."""
    return ["[UNK]"] if len(word.encode("utf-8")) > 100 else lookups(word, vocab, "_", "")


def encode_marked_lowercased(word, vocab):
    return my_encode_marked(word.lower(), vocab)


def encode_marker_as_a_letter(word, vocab):
    """'_' put in front of the word, then a plain longest match: the bare marker can be a piece of its own."""
    return ["[UNK]"] if len(word) > 100 else lookups("_" + word, vocab, "", "")


def in_marker_style(encode):
    """A ``##``-style encoder made to work on a marker-style vocab (the same slips, the other convention)."""

    def encode_marked(word, vocab):
        prefix_vocab = {
            token if token == "[UNK]" else token[1:] if token.startswith("_") else "##" + token
            for token in vocab
            if token != "_"  # the bare marker has no '##' twin
        }
        return [encoding_checks.marker_token(token) for token in encode(word, prefix_vocab)]

    return encode_marked


def decoding(prefix, strip, join=" ".join):
    """The decode loop: a token starting with ``prefix`` is glued to the word before, losing what ``strip`` takes."""

    def decode(tokens):
        words = []
        for token in tokens:
            if token.startswith(prefix) and words:
                words[-1] += strip(token)
            else:
                words.append(token)
        return join(words)

    return decode


#: The right answer.
my_decode = decoding("##", lambda token: token[2:])


def decode_stripping(strip):
    """The right loop, but a token counts as a continuation when it starts with one '#', and loses it by ``strip``."""
    return decoding("#", strip)


#: A decoder a learner made in an earlier cell, then called by another name inside their function.
A_DECODER = WordPieceDecoder(cleanup=False)


def decode_with_spaces(tokens):
    text = ""
    for token in tokens:
        text += token[2:] if token.startswith("##") else " " + token
    return text


def cases() -> list[Case]:
    trace = train_bottom_up(datasets.hug_pug_counts(), vocab_size=100, special_tokens=["[UNK]"])
    puns_trace = train_bottom_up({**datasets.hug_pug_counts(), "puns": 6}, vocab_size=100, special_tokens=["[UNK]"])
    fresh = encoding_checks._fresh_encode_cases()
    return [
        Case(
            "my_encode",
            encoding_checks.check_longest_match,
            right=(my_encode_marked,),
            wrongs=(
                slip("no 100-character rule", in_marker_style(encode_without_length_rule)),
                slip("[UNK] for one position only", in_marker_style(encode_with_partial_unk)),
                slip("shortest match first", in_marker_style(encode_shortest_first)),
                slip("[UNK] from 100 characters on", in_marker_style(encode_unk_from_100)),
                slip("the marker on every piece", lambda word, vocab: lookups(word, vocab, "_", "_")),
                slip("no marker at all", lambda word, vocab: lookups(word, vocab, "", "")),
                slip("'##' for the pieces after the first", lambda word, vocab: lookups(word, vocab, "_", "##")),
                library("encode_word, the vocab turned back", in_marker_style(encode_word)),
                library(
                    "WordPieceTokenizer's method",
                    in_marker_style(lambda word, vocab: WordPieceTokenizer(Vocab(sorted(vocab))).encode_word(word)),
                ),
                copied("section 1's longest_match with the 100 rule, as it stands", my_encode),
                copied("the notebook's longest_match", calls_the_worked_example),
                slip("the 100 rule on bytes, not characters", encode_marked_length_in_bytes),
                slip("the word lowercased first", encode_marked_lowercased),
                slip("'_' + word, then a plain longest match", encode_marker_as_a_letter),
            ),
            secrets=secrets_of(
                *(
                    tokens
                    for word, vocab in fresh
                    if (tokens := [encoding_checks.marker_token(t) for t in encode_word(word, vocab)]) != ["[UNK]"]
                )
            ),
        ),
        Case(
            "my_word",
            encoding_checks.check_replay_differs,
            right=("buns",),
            data=(puns_trace,),
            options={"before": trace},
            right_extra={"source": "my_word = 'buns'"},
            wrongs=(
                typed("the table's word, which disagreed before", "pugs"),
                copied("the old exercise's way: a table word and a letter more", "pugsu", source=""),
                typed("the new corpus word, now one piece", "puns"),
                typed("a word both cut alike", "huns"),
                typed("a letter longest match cannot start with", "nuns"),
                typed("the new suffix on a word piece that has it", "pugns"),
                computed(
                    "the table's search run on the new trace",
                    "my_word = next(w for w in ['puns', 'buns'] if search(w, new) != replay(w, new.merges))",
                    {
                        "search": lambda w, t: encode_word(w, set(t.tokens())),
                        "replay": encode_with_merges,
                        "new": puns_trace,
                    },
                ),
                computed(
                    "the encoders under other names",
                    "my_word = [w for w in ('hugs', 'buns') if ew(w, v) != em(w, new.merges)][0]",
                    {"ew": encode_word, "em": encode_with_merges, "v": set(puns_trace.tokens()), "new": puns_trace},
                ),
            ),
            secrets=("'buns'",),
        ),
        Case(
            "my_decode",
            encoding_checks.check_decode,
            right=(my_decode,),
            wrongs=(
                slip("spaces everywhere", lambda tokens: " ".join(tokens)),
                slip("a space in front", decode_with_spaces),
                slip("## dropped but not glued", lambda tokens: " ".join(t.removeprefix("##") for t in tokens)),
                library("decode_pieces", decode_pieces),
                copied("the printed example", lambda tokens: "hugs are fun"),
                slip("one '#' taken for the prefix, lstrip", decode_stripping(lambda token: token.lstrip("#"))),
                slip("one '#' taken for the prefix, [2:]", decode_stripping(lambda token: token[2:])),
                library("a WordPieceDecoder made in another cell", lambda tokens: A_DECODER.decode(tokens)),
                library("WordPieceDecoder's method under another name", WordPieceDecoder(cleanup=False).decode),
                library(
                    "the tokenizer's decode",
                    lambda tokens: WordPieceTokenizer(Vocab(sorted({"[UNK]", *tokens}))).decode(tokens),
                ),
            ),
            secrets=secrets_of(*(decode_pieces(tokens) for tokens in encoding_checks._fresh_token_lists())),
        ),
    ]


# ---- Issue 40: slips the messages must name, and the course's container rule (kept apart from the rows above,
# ---- so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "my_encode": (slip("a tuple, not a list", lambda word, vocab: tuple(my_encode_marked(word, vocab))),),
        "my_word": (typed("a word written as its pieces, with '##'", "bu##ns"),),
        "my_decode": (
            slip("the pieces glued with no space at all", lambda tokens: "".join(t.removeprefix("##") for t in tokens)),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def encode_by_hugging_face(word, vocab):
    """Hugging Face's WordPiece model of the vocab ('##' style), longest match first."""
    from .hugging_face import tokens_of, wordpiece_model

    return tokens_of(wordpiece_model(vocab), word)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's WordPiece model encodes, its BPE model replays merges, its WordPiece decoder glues."""
    from .hugging_face import HAVE_TOKENIZERS, both_models
    from .rows import another_cell, other_computed, other_library

    if not HAVE_TOKENIZERS:
        return {}
    from tokenizers import decoders, models

    puns_trace = train_bottom_up({**datasets.hug_pug_counts(), "puns": 6}, vocab_size=100, special_tokens=["[UNK]"])
    return {
        "my_encode": (
            other_library(
                "Hugging Face's WordPiece model, the vocab turned back", in_marker_style(encode_by_hugging_face)
            ),
            other_library(
                "Hugging Face's WordPiece model, tokens read straight off",
                lambda word, vocab: [
                    encoding_checks.marker_token(token.value)
                    for token in models.WordPiece(
                        {t: n for n, t in enumerate(sorted(vocab | {"[UNK]"}))}, unk_token="[UNK]"
                    ).tokenize(word)
                ],
            ),
        ),
        "my_word": (
            other_computed(
                "Hugging Face's WordPiece and BPE models compared on candidate words",
                "my_word = next(w for w in ['puns', 'hugs', 'buns'] if tokens(wp, w) != tokens(bpe, w))",
                both_models(puns_trace),
            ),
        ),
        "my_decode": (
            other_library("Hugging Face's WordPiece decoder's method", decoders.WordPiece(cleanup=False).decode),
            other_library(
                "a decoder made in an earlier cell, kept in a closure",
                another_cell(
                    "def make():\n    glue = decoders.WordPiece(cleanup=False)\n\n"
                    "    def glued(tokens):\n        return glue.decode(tokens)\n\n    return glued\n\n\nglued = make()",
                    "glued",
                    decoders=decoders,
                ),
            ),
        ),
    }
