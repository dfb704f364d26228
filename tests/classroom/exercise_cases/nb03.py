"""Notebook 03 · merge steps: merging a list of pairs, the first merges, the lexical tie-break, the final size."""

from __future__ import annotations

from wordpiece_lib import initial_splits, join_pair, merge_pair, train_bottom_up
from wordpiece_lib.classroom.merge_steps import checks as merge_checks

from .rows import Case, Later, Wrong, another_cell, computed, copied, library, secrets_of, slip, typed
from .shared import HUG_PUG

VARIANT = {"hug": 10, "pug": 5, "pun": 12, "bun": 4, "hugs": 5, "bugs": 3}


def merging(*, keep_prefix: bool = False, pair_as_given: bool = False):
    """A merge of one pair, left to right in every word: notebook 03's worked cell, and two slips of it.

    ``keep_prefix``: the right piece glued on with its '##'. ``pair_as_given``: the pair compared as it is
    passed (the worked cell's ``== pair``), not as a tuple.
    """

    def merge(splits, pair):
        new_token = join_pair(*pair)
        wanted = pair if pair_as_given else tuple(pair)
        merged = {}
        for word, pieces in splits.items():
            out, rest = [], list(pieces)
            while rest:
                if len(rest) > 1 and (rest[0], rest[1]) == wanted:
                    left, right = rest.pop(0), rest.pop(0)
                    out.append(left + right if keep_prefix else new_token)
                else:
                    out.append(rest.pop(0))
            merged[word] = out
        return merged

    return merge


#: One pair merged, the right way.
merge = merging()
#: Glues the right piece on with its '##'.
merge_keeping_the_prefix = merging(keep_prefix=True)
#: Notebook 03 section 1's cell, wrapped in a def as it stands (it merges one pair).
worked_merge_cell = merging(pair_as_given=True)


def merge_overlapping(splits, pair):
    """Merges every position where the pair starts, reusing pieces (##o ##o ##o -> ##oo ##oo)."""
    token = join_pair(*pair)
    result = {}
    for word, pieces in splits.items():
        out = []
        for i, piece in enumerate(pieces):
            if i + 1 < len(pieces) and (piece, pieces[i + 1]) == tuple(pair):
                out.append(token)
            elif not (i > 0 and (pieces[i - 1], piece) == tuple(pair)):
                out.append(piece)
        result[word] = out
    return result


def each(merge_one):
    """A merge of one pair made into ``merge_all``: the pairs one after the other, each on the last result."""

    def merge_all(splits, pairs):
        for pair in pairs:
            splits = merge_one(splits, pair)
        return splits

    return merge_all


def merge_each_in_the_original(splits, pairs):
    """Looks for every pair in the original splits, keeping a word's last change."""
    result = {word: list(pieces) for word, pieces in splits.items()}
    for pair in pairs:
        for word, pieces in merge(splits, pair).items():
            if pieces != splits[word]:
                result[word] = pieces
    return result


def merge_all_from_another_cell():
    """``merge_all`` defined in one cell, calling a helper from another cell that imported merge_pair as ``mp``."""
    one = another_cell(
        "from wordpiece_lib import merge_pair as mp, join_pair\ndef one(s, p):\n    return mp(s, p, join_pair(*p))",
        "one",
    )
    return another_cell(
        "def merge_all(splits, pairs):\n    for pair in pairs:\n        splits = one(splits, pair)\n    return splits",
        "merge_all",
        one=one,
    )


def merge_first_occurrence_only(splits, pair):
    """Joins the pair where it first occurs in a word, and leaves a second occurrence apart."""
    token = join_pair(*pair)
    result = {}
    for word, pieces in splits.items():
        out = list(pieces)
        for i in range(len(out) - 1):
            if (out[i], out[i + 1]) == tuple(pair):
                out[i : i + 2] = [token]
                break
        result[word] = out
    return result


def cases() -> list[Case]:
    first_three = ["##gs", "hu", "hug"]
    lexical = ["##gs", "##ug", "##ugs", "hugs"]
    fresh = merge_checks._fresh_merge_cases()
    return [
        Case(
            "merge_all",
            merge_checks.check_merge_all,
            right=(each(merge),),
            wrongs=(
                slip("keeps the right piece's ##", each(merge_keeping_the_prefix)),
                slip("overlapping merges", each(merge_overlapping)),
                slip("the first occurrence only", each(merge_first_occurrence_only)),
                slip("the pairs in reverse order", lambda splits, pairs: each(merge)(splits, pairs[::-1])),
                slip("each pair looked for in the original splits", merge_each_in_the_original),
                slip("only the first pair", lambda splits, pairs: merge(splits, pairs[0])),
                library("merge_pair", each(lambda splits, pair: merge_pair(splits, pair, join_pair(*pair)))),
                library("merge_pair under an alias, from another cell", merge_all_from_another_cell()),
                copied("section 1's worked cell, wrapped in a def", worked_merge_cell),
                copied("the printed ##gs result", lambda splits, pairs: merge(initial_splits(HUG_PUG), ("##g", "##s"))),
            ),
            secrets=secrets_of(
                *(
                    pieces  # the merged pieces of every word a merge changed (the others are the input itself)
                    for splits, pairs in fresh
                    for word, pieces in merge_checks._merged(splits, pairs).items()
                    if len(pieces) > 1 and pieces != splits[word]
                )
            ),
        ),
        Case(
            "first_three",
            merge_checks.check_merges,
            right=(first_three,),
            data=(VARIANT, 3),
            right_extra={"source": f"first_three = {first_three!r}"},
            wrongs=(
                copied("hug/pug's first three, printed above", ["##gs", "hu", "hugs"], source=""),
                typed("BPE's choices", ["##ug", "##un", "hug"]),
                typed("a tie broken alphabetically", ["##gs", "##ug", "hug"]),
                computed(
                    "the trainer under an alias",
                    "first_three = [s.new_token for s in tb(variant, 100).steps[:3]]",
                    {"tb": train_bottom_up, "variant": VARIANT},
                ),
                computed(
                    "a helper from another cell runs train_fast",
                    "first_three = predict(variant)",
                    {
                        "predict": another_cell(
                            "from wordpiece_lib import train_fast as go\ndef predict(c):\n    return go(c, 100).new_tokens[:3]",
                            "predict",
                        ),
                        "variant": VARIANT,
                    },
                ),
                computed(
                    "read off a trace made in another cell",
                    "first_three = big.tokens(3)[-3:]",
                    {"big": Later(lambda: train_bottom_up(VARIANT, 100))},
                ),
                library(
                    "runs the trainer",
                    first_three,
                    source="first_three = [s.new_token for s in train_bottom_up(variant, 100).steps[:3]]",
                ),
            ),
            secrets=secrets_of(first_three, "hug", "hu"),
        ),
        Case(
            "lexical_four",
            merge_checks.check_lexical_merges,
            right=(lexical,),
            data=(HUG_PUG, 4),
            right_extra={"source": f"lexical_four = {lexical!r}"},
            wrongs=(
                copied("the 'first' order printed in the trace", ["##gs", "hu", "hugs", "hug"], source=""),
                copied("SELENE's lexical four, printed in the table", ["##ng", "##id", "wid", "##ong"], source=""),
                typed("no recount after merge 2", ["##gs", "##ug", "##un", "hugs"]),
                typed("the 'first' policy's fourth merge kept", ["##gs", "##ug", "##ugs", "hug"]),
                computed(
                    "read off a lexical trace made in another cell",
                    "lexical_four = lexical_trace.tokens(4)[-4:]",
                    {"lexical_trace": Later(lambda: train_bottom_up(HUG_PUG, 100, tie_break="lexical"))},
                ),
                library(
                    "runs the trainer",
                    lexical,
                    source="lexical_four = train_bottom_up(word_counts, 100, tie_break='lexical').tokens()[-4:]",
                ),
            ),
            secrets=secrets_of(lexical, "##ugs"),
        ),
        Case(
            "final_size",
            merge_checks.check_final_size,
            right=(19,),
            data=(HUG_PUG, ["[UNK]", "[CLS]", "[SEP]"]),
            right_extra={"source": "final_size = 3 + 7 + 9"},
            wrongs=(
                typed("no merges counted", 10),
                copied("the size with two special tokens", 18, source=""),
                typed("every letter twice in the alphabet", 26),
                typed("the special tokens forgotten", 16),
                computed(
                    "the trainer under an alias",
                    "final_size = len(t(word_counts, 1000, special_tokens=['[UNK]', '[CLS]', '[SEP]']).tokens())",
                    {"t": train_bottom_up, "word_counts": HUG_PUG},
                ),
                library("counts the trained vocab", 19, source="final_size = len(big.tokens())"),
            ),
            secrets=("19",),
        ),
    ]


# ---- Issue 40: slips the messages must name, and the course's container rule (kept apart from the rows above,
# ---- so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).


def merge_dropping_every_prefix(splits, pair):
    """Joins the two pieces with both their '##' dropped: '##a' + '##b' gives 'ab', so a later pair is lost."""
    merged = {}
    for word, pieces in splits.items():
        out, i = [], 0
        while i < len(pieces):
            if i + 1 < len(pieces) and (pieces[i], pieces[i + 1]) == tuple(pair):
                out.append(pieces[i].removeprefix("##") + pieces[i + 1].removeprefix("##"))
                i += 2
            else:
                out.append(pieces[i])
                i += 1
        merged[word] = out
    return merged


#: An answer cell that lets the library choose each round's pair (ties included) and merges it, round after round.
ROUNDS_OF_BEST_CANDIDATE = """pieces = initial_splits(corpus)
{answer} = []
while len({answer}) < {count}:
    winner = pick(score_pairs(pieces, corpus), tie_break={policy!r}).pair
    pieces = merge_pair(pieces, winner, join_pair(*winner))
    {answer}.append(join_pair(*winner))"""


def _round_names():
    from wordpiece_lib import best_candidate, score_pairs

    return {
        "initial_splits": initial_splits,
        "pick": best_candidate,
        "score_pairs": score_pairs,
        "merge_pair": merge_pair,
        "join_pair": join_pair,
    }


ROUND_NAMES = _round_names()

#: An answer cell that reads each round's first row of score_table (its pairs ranked best first, ties in a policy's
#: order: "first" unless asked) and merges it: the ranking breaks the ties, the lesson of both predictions.
ROUNDS_OF_SCORE_TABLE = """pieces = initial_splits(corpus)
{answer} = []
for _ in range({count}):
    row = table(pieces, corpus{policy}).iloc[0]
    winner = (row['left'], row['right'])
    pieces = merge_pair(pieces, winner, join_pair(*winner))
    {answer}.append(join_pair(*winner))"""
#: An earlier cell's helper that ranks a round's pairs with rank_candidates under the 'lexical' policy.
LEXICAL_PICK_CELL = "def pick(pieces, corpus):\n    return ranked(score_pairs(pieces, corpus), 'lexical')[0].pair"


def _table_names():
    from wordpiece_lib.classroom.display import score_table

    return {"initial_splits": initial_splits, "table": score_table, "merge_pair": merge_pair, "join_pair": join_pair}


def _lexical_pick():
    from wordpiece_lib import rank_candidates, score_pairs

    return another_cell(LEXICAL_PICK_CELL, "pick", ranked=rank_candidates, score_pairs=score_pairs)


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    return {
        "merge_all": (slip("the left piece's ## dropped too", each(merge_dropping_every_prefix)),),
        "first_three": (
            typed("a tuple, not a list", ("##gs", "hu", "hug")),
            typed("the pairs turned into tokens without their ##", ["gs", "hu", "hug"]),
            typed("the merged pairs, not the tokens they make", [("##g", "##s"), ("h", "##u"), ("hu", "##g")]),
            computed(
                "rounds of best_candidate and merge_pair, the policy breaking the ties",
                ROUNDS_OF_BEST_CANDIDATE.format(count=3, policy="first", answer="first_three"),
                {**ROUND_NAMES, "corpus": VARIANT},
            ),
            computed(
                "rounds of score_table's first row (its default 'first' order breaking the ties), by an alias",
                ROUNDS_OF_SCORE_TABLE.format(count=3, policy="", answer="first_three"),
                {**_table_names(), "corpus": VARIANT},
            ),
        ),
        "lexical_four": (
            typed("a tuple, not a list", ("##gs", "##ug", "##ugs", "hugs")),
            typed(
                "the merges one step late (merges 2 to 5)",
                train_bottom_up(HUG_PUG, 100, special_tokens=["[UNK]"], tie_break="lexical").new_tokens[1:5],
            ),
            computed(
                "rounds of best_candidate and merge_pair, the policy breaking the ties",
                ROUNDS_OF_BEST_CANDIDATE.format(count=4, policy="lexical", answer="lexical_four"),
                {**ROUND_NAMES, "corpus": HUG_PUG},
            ),
            computed(
                "rounds of score_table(..., tie_break='lexical')'s first row",
                ROUNDS_OF_SCORE_TABLE.format(count=4, policy=", tie_break='lexical'", answer="lexical_four"),
                {**_table_names(), "corpus": HUG_PUG},
            ),
            computed(
                "rounds of another cell's helper that ranks with rank_candidates under 'lexical'",
                "pieces = initial_splits(corpus)\nlexical_four = []\nfor _ in range(4):\n"
                "    winner = pick(pieces, corpus)\n    pieces = merge_pair(pieces, winner, join_pair(*winner))\n"
                "    lexical_four.append(join_pair(*winner))",
                {**ROUND_NAMES, "pick": Later(_lexical_pick), "corpus": HUG_PUG},
            ),
        ),
        # 3 special tokens + 7 alphabet pieces + 8 merges: the training stopped one merge early in the count.
        "final_size": (typed("the last merge not counted", 3 + 7 + 8),),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def merge_all_by_hugging_face(splits, pairs):
    """Hugging Face's BPE model replays the pairs as merges on each word (its vocab: the pieces and what they make)."""
    from tokenizers import models

    pieces = [piece for word in splits.values() for piece in word]
    vocab = {piece: n for n, piece in enumerate(dict.fromkeys([*pieces, *(join_pair(*pair) for pair in pairs)]))}
    model = models.BPE(vocab, [tuple(pair) for pair in pairs], continuing_subword_prefix="##")
    return {word: [token.value for token in model.tokenize(word)] for word in splits}


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's BPE model replays merges; its trainer gives new tokens and a vocab size (by its own rule)."""
    from .hugging_face import HAVE_TOKENIZERS, new_tokens_of, trained
    from .rows import after_cells, other_computed, other_library

    if not HAVE_TOKENIZERS:
        return {}
    return {
        "merge_all": (other_library("Hugging Face's BPE model replays the pairs", merge_all_by_hugging_face),),
        "first_three": (
            other_computed(
                "Hugging Face's WordPiece trainer, its first three tokens",
                "first_three = new_tokens(train(variant))[:3]",
                {"new_tokens": new_tokens_of, "train": trained, "variant": VARIANT},
            ),
        ),
        "lexical_four": (
            after_cells(
                other_computed(
                    "Hugging Face's trained vocab, read off in an earlier cell",
                    "lexical_four = sorted(made)[:4]",
                    {"hf": Later(lambda: trained(HUG_PUG))},
                ),
                "made = [t for t, n in sorted(hf.get_vocab().items(), key=lambda item: item[1]) if len(t) > 3]",
            ),
        ),
        "final_size": (
            other_computed(
                "Hugging Face's trainer, the size of its vocab",
                "final_size = hf.get_vocab_size() + 3",
                {"hf": Later(lambda: trained(HUG_PUG))},
            ),
        ),
    }
