"""Notebook 06 · BPE compared: its first merges, the vocabs' Jaccard, replaying merges, a word cut apart."""

from __future__ import annotations

import itertools
from fractions import Fraction

from wordpiece_lib import encode_with_merges, encode_word, train_bpe, train_fast
from wordpiece_lib.analysis import differing_words, longest_match_encoder, merge_replay_encoder, vocab_overlap
from wordpiece_lib.classroom.bpe_comparison import checks as bpe_checks
from wordpiece_lib.data import datasets

from .rows import COPIED, Case, Wrong, another_cell, computed, copied, library, secrets_of, slip, typed
from .shared import HUG_PUG

GNUS = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "gnus": 3}


def letters(word):
    """Where a replay starts: the word's first letter, and its other letters with '##'."""
    return [word[0]] + ["##" + letter for letter in word[1:]]


def by_rank(join):
    """A replay that merges, round after round, the earliest-learned pair present: ``join(pieces, left, right)``."""

    def replay(word, merges):
        rank = {}
        for number, pair in enumerate(merges):
            rank.setdefault(tuple(pair), number)
        pieces = letters(word)
        while True:
            present = [(rank[pair], pair) for pair in itertools.pairwise(pieces) if pair in rank]
            if not present:
                return pieces
            _, (left, right) = min(present)
            pieces = join(pieces, left, right)

    return replay


def joined_from_the_left(pieces, left, right):
    joined, just_joined = [], False
    for here, after in itertools.zip_longest(pieces, pieces[1:]):
        if just_joined:
            just_joined = False
        elif (here, after) == (left, right):
            joined.append(left + right.removeprefix("##"))
            just_joined = True
        else:
            joined.append(here)
    return joined


def joined_from_the_right(pieces, left, right):
    """A pair that stands several times joined from the right end of the word: '##o ##o ##o' gives '##o ##oo'."""
    i = len(pieces) - 2
    while i >= 0:
        if (pieces[i], pieces[i + 1]) == (left, right):
            pieces[i : i + 2] = [left + right.removeprefix("##")]
            i -= 2
        else:
            i -= 1
    return pieces


#: The right answer.
replay = by_rank(joined_from_the_left)
#: The right merge each round, but its occurrences joined from the right end of the word.
replay_right_to_left = by_rank(joined_from_the_right)


def replay_joined_as_written(word, merges):
    """Joins two pieces as they are written: 'b' and '##n' make 'b##n'."""
    known = {tuple(pair): pair[0] + pair[1] for pair in merges}
    pieces = letters(word)
    for pair in merges:
        i = 0
        while i < len(pieces) - 1:
            if (pieces[i], pieces[i + 1]) == tuple(pair):
                pieces[i : i + 2] = [known[tuple(pair)]]
            i += 1
    return pieces


def replay_leftmost_first(word, merges):
    """Merges the leftmost learned pair each round, not the earliest learned."""
    known = {tuple(pair) for pair in merges}
    pieces = letters(word)
    while True:
        for i in range(len(pieces) - 1):
            if (pieces[i], pieces[i + 1]) in known:
                pieces[i : i + 2] = [pieces[i] + pieces[i + 1].removeprefix("##")]
                break
        else:
            return pieces


def replay_by_longest_match(word, merges):
    vocab = {piece for pair in merges for piece in pair} | {a + b.removeprefix("##") for a, b in merges}
    vocab |= set(letters(word))
    return encode_word(word, vocab)


#: Notebook 06's candidates of section 2 (two to five letters the course corpus's pieces spell), adapted to the
#: gnus corpus: g may start a word too.
CANDIDATES_06 = [
    "".join((first, *rest))
    for size in range(1, 5)
    for first in "hpbg"
    for rest in itertools.product("ugns", repeat=size)
]


def cases() -> list[Case]:
    wp_toy = train_fast(HUG_PUG, 100, special_tokens=["[UNK]"])
    bpe_toy = train_bpe(HUG_PUG, 100, special_tokens=["[UNK]"])
    gnus_bpe = train_bpe(GNUS, 100, special_tokens=["[UNK]"])
    fresh = bpe_checks._fresh_replay_cases()
    return [
        Case(
            "bpe_first_two",
            bpe_checks.check_first_bpe_merges,
            right=([("##u", "##g"), ("##u", "##n")],),
            data=(HUG_PUG, 2),
            wrongs=(
                copied("WordPiece's first merge, printed above", [("##g", "##s"), ("##u", "##g")]),
                slip("no recount after merge 1", [("##u", "##g"), ("p", "##u")]),
                slip("merge 3 as merge 2", [("##u", "##g"), ("h", "##ug")]),
                slip("the new tokens instead of pairs", ["##ug", "##un"]),
                slip("the two merges swapped", [("##u", "##n"), ("##u", "##g")]),
                computed(
                    "BPE trained, its first two merges read off",
                    "bpe_first_two = bpe(corpus, 100).merges[:2]",
                    {"bpe": train_bpe, "corpus": HUG_PUG},
                ),
            ),
            secrets=secrets_of(("##u", "##n")),
        ),
        Case(
            "toy_jaccard",
            bpe_checks.check_jaccard,
            right=(Fraction(13, 19),),
            data=(wp_toy.tokens(), bpe_toy.tokens()),
            wrongs=(
                slip("divided by WordPiece's size", Fraction(13, 17)),
                slip("shared counted twice in the union", Fraction(13, 32)),
                slip("divided by BPE's size", Fraction(13, 15)),
                computed(
                    "section 1's tokens only WordPiece built, made a share of WordPiece's vocab",
                    "only_wordpiece = [token for token in wp.new_tokens if token not in bpe.tokens()]\n"
                    "toy_jaccard = Fraction(len(wp.tokens()) - len(only_wordpiece), len(wp.tokens()))",
                    {"wp": wp_toy, "bpe": bpe_toy, "Fraction": Fraction},
                    kind=COPIED,
                ),
                slip("the right value as a float", 13 / 19),
                slip("a Fraction made from the float", Fraction(13 / 19)),
                computed(
                    "vocab_overlap's jaccard, under an alias",
                    "toy_jaccard = Fraction(overlap(wp, bpe).jaccard).limit_denominator(100)",
                    {"overlap": vocab_overlap, "Fraction": Fraction, "wp": wp_toy.tokens(), "bpe": bpe_toy.tokens()},
                ),
                computed(
                    "counted through another cell's helper",
                    "toy_jaccard = share(wp, bpe)",
                    {
                        "share": another_cell(
                            "from fractions import Fraction\nfrom wordpiece_lib.analysis import segmentation as sg\n"
                            "def share(a, b):\n    o = sg.vocab_overlap(a, b)\n"
                            "    return Fraction(len(o.shared), len(o.shared) + len(o.only_first) + len(o.only_second))",
                            "share",
                        ),
                        "wp": wp_toy.tokens(),
                        "bpe": bpe_toy.tokens(),
                    },
                ),
            ),
            secrets=("13/19", "Fraction(13, 19)", "0.684", "19 in"),
        ),
        Case(
            "replay",
            bpe_checks.check_merge_replay,
            right=(replay,),
            wrongs=(
                slip("leftmost pair first", replay_leftmost_first),
                slip("a pair standing several times joined from the right", replay_right_to_left),
                slip("pieces joined as written, '##' kept inside", replay_joined_as_written),
                slip("longest match", replay_by_longest_match),
                slip("the merges replayed last-learned first", lambda word, merges: replay(word, merges[::-1])),
                slip("no merge replayed", lambda word, merges: letters(word)),
                library("encode_with_merges", encode_with_merges),
                copied("the printed hugs example", lambda word, merges: ["hug", "##s"]),
            ),
            secrets=secrets_of(*(encode_with_merges(w, m) for w, m in fresh if len(encode_with_merges(w, m)) > 1)),
        ),
        Case(
            "bpe_differing_word",
            bpe_checks.check_encoders_differ,
            right=("gnug",),
            data=(gnus_bpe,),
            right_extra={"source": "bpe_differing_word = 'gnug'"},
            options={"known": ["pugs"]},
            wrongs=(
                copied("WordPiece's pugs, shown in notebook 04", "pugs"),
                slip("a corpus word", "gnus"),
                slip("a letter the corpus lacks", "gnum"),
                slip("a corpus word, cut alike", "pug"),
                slip("another corpus word", "hugs"),
                computed(
                    "section 2's search of every candidate (g added as a first letter), run on the new vocab",
                    "found = differing_words(longest_match_encoder(bpe_gnus), merge_replay_encoder(bpe_gnus), "
                    "candidates)\nbpe_differing_word = [word for word, *_ in found if word != 'pugs'][0]",
                    {
                        "differing_words": differing_words,
                        "longest_match_encoder": longest_match_encoder,
                        "merge_replay_encoder": merge_replay_encoder,
                        "bpe_gnus": gnus_bpe,
                        "candidates": CANDIDATES_06,
                    },
                    kind=COPIED,
                ),
                computed(
                    "the search under an alias",
                    "bpe_differing_word = next(w for w, *_ in dw(lm(bpe_gnus), mr(bpe_gnus), candidates) if w != 'pugs')",
                    {
                        "dw": differing_words,
                        "lm": longest_match_encoder,
                        "mr": merge_replay_encoder,
                        "bpe_gnus": gnus_bpe,
                        "candidates": CANDIDATES_06,
                    },
                ),
            ),
            secrets=("'gnug'",),
        ),
    ]


# ---- Issue 40: look-ups, slips the messages must name, and the course's container rule (kept apart from the rows
# ---- above, so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def replay_by_merge_pair(word, merges):
    """Notebook 03's merge_pair does each merge: the list's order, every place, all by the library."""
    from wordpiece_lib import join_pair, merge_pair

    splits = {word: letters(word)}
    for pair in merges:
        splits = merge_pair(splits, tuple(pair), join_pair(*pair))
    return list(splits[word])


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    gnus_bpe = train_bpe({**datasets.hug_pug_counts(), "gnus": 3}, 100, special_tokens=["[UNK]"])
    tries = ["pugs", "hugs", "gnug", "gnus"]  # a few candidates, tried in a loop in the answer cell
    return {
        "bpe_first_two": (
            typed("the pairs as lists", [["##u", "##g"], ["##u", "##n"]]),
            typed("a tuple of pairs, not a list", (("##u", "##g"), ("##u", "##n"))),
        ),
        "replay": (
            slip("a tuple, not a list", lambda word, merges: tuple(replay(word, merges))),
            slip("the word lowercased before the replay", lambda word, merges: replay(word.casefold(), merges)),
            library("the library's merge_pair, one learned merge after the other", replay_by_merge_pair),
        ),
        "bpe_differing_word": (
            typed("the word written as its pieces", "gn##ug"),
            typed("a letter inside the word that only ever starts one", "hugpugs"),
            computed(
                "a loop of one's own over candidates, in the answer cell",
                "bpe_differing_word = next(w for w in tries if encode_word(w, set(bpe_gnus.tokens())) != "
                "encode_with_merges(w, bpe_gnus.merges))",
                {
                    "tries": tries,
                    "encode_word": encode_word,
                    "encode_with_merges": encode_with_merges,
                    "bpe_gnus": gnus_bpe,
                },
            ),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def replay_by_hugging_face(word, merges):
    """Hugging Face's BPE model replays the merges (its vocab: the word's letters and every merge's token)."""
    from tokenizers import models

    from wordpiece_lib import join_pair

    letters_of = [word[0], *("##" + c for c in word[1:])]
    vocab = {t: n for n, t in enumerate(dict.fromkeys([*letters_of, *(join_pair(*pair) for pair in merges)]))}
    model = models.BPE(vocab, [tuple(pair) for pair in merges], continuing_subword_prefix="##")
    return [token.value for token in model.tokenize(word)]


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's BPE trainer gives the first merges, its BPE model replays, both models search a differing word."""
    from .hugging_face import HAVE_TOKENIZERS, both_models, merges_of, trained
    from .rows import other_computed, other_library

    if not HAVE_TOKENIZERS:
        return {}

    gnus_bpe = train_bpe(GNUS, 100)
    return {
        "bpe_first_two": (
            other_computed(
                "Hugging Face's BPE trainer, its first two merges",
                "bpe_first_two = merges(train(counts, 'bpe'))[:2]",
                {"merges": merges_of, "train": trained, "counts": HUG_PUG},
            ),
        ),
        "replay": (other_library("Hugging Face's BPE model", replay_by_hugging_face),),
        "bpe_differing_word": (
            other_computed(
                "Hugging Face's two models compared on candidate words",
                "bpe_differing_word = next(w for w in ['gnug', 'bugs', 'hugs'] if tokens(bpe, w) != tokens(wp, w))",
                both_models(gnus_bpe),
            ),
        ),
    }
