"""Notebook 02 · pair scores: counting pairs, WordPiece's score, the best pair, BPE's choice."""

from __future__ import annotations

import collections
import itertools
from fractions import Fraction

from wordpiece_lib import initial_splits, merge_pair, pair_counts, score_pairs, wordpiece_score
from wordpiece_lib.classroom.pair_scores import checks as score_checks
from wordpiece_lib.data import datasets

from .rows import Case, Wrong, another_cell, copied, library, secrets_of, slip


def counting(units):
    """Notebook 02's counting loop: each word's count added to every unit ``units(pieces)`` gives, first seen first."""

    def count(splits, word_counts):
        counts = {}
        for word, pieces in splits.items():
            for unit in units(pieces):
                counts[unit] = counts.get(unit, 0) + word_counts[word]
        return counts

    return count


#: The right answer: the pairs of neighbouring pieces.
count_pairs = counting(itertools.pairwise)
#: Notebook 02's worked cell (it counts pieces), wrapped in a def.
count_pieces = counting(lambda pieces: pieces)
#: Every two pieces of a word, in order, whether or not they stand side by side.
count_pairs_not_neighbours = counting(lambda pieces: itertools.combinations(pieces, 2))
#: A pair that stands twice in a word counted once.
count_pairs_once_per_word = counting(lambda pieces: set(itertools.pairwise(pieces)))


def pair_counts_in_a_helper():
    """A helper cell imports ``pair_counts`` under another name; the answer cell only calls the helper."""
    pairs_of = another_cell(
        "from wordpiece_lib.training.scores import pair_counts as tally\ndef pairs_of(s, c):\n    return dict(tally(s, c))",
        "pairs_of",
    )
    return lambda splits, word_counts: pairs_of(splits, word_counts)


def cases() -> list[Case]:
    # Your turn 3's words: hug/pug's with bug for bun; by hand, BPE's favourite is ##u ##g (24), and after its merge
    # ##u stands only in pun: (##u, ##n) scores 12 / (12 * 12) = 1/12, the best, while h ##ug stands most often (15)
    turn3 = {"hug": 10, "pug": 5, "pun": 12, "bug": 4, "hugs": 5}
    after_ug = merge_pair(initial_splits(turn3), ("##u", "##g"), "##ug")
    # BPE's rule on the merged words: a corpus on which it picks the best pair too cannot tell the slip (issue 40.4)
    most_frequent_after = max(pair_counts(after_ug, turn3).items(), key=lambda item: item[1])[0]
    selene = datasets.selene_counts()
    selene_splits = initial_splits(selene)
    bpe_best = max(pair_counts(selene_splits, selene).items(), key=lambda item: item[1])[0]
    wordpiece_best = max(score_pairs(selene_splits, selene), key=lambda c: c.score).pair
    corpora = score_checks._fresh_pair_corpora()
    return [
        Case(
            "count_pairs",
            score_checks.check_pair_counts,
            right=(count_pairs,),
            wrongs=(
                slip(
                    "one per word, ignoring counts",
                    lambda s, c: {p: 1 for v in s.values() for p in itertools.pairwise(v)},
                ),
                slip("a pair counted once per word", count_pairs_once_per_word),
                library("pair_counts", pair_counts),
                library("score_pairs", lambda s, c: {x.pair: x.pair_count for x in score_pairs(s, c)}),
                copied("the worked piece count, wrapped", count_pieces),
                slip("pairs of every two pieces, not neighbours", count_pairs_not_neighbours),
                library("pair_counts under an alias, in a helper", pair_counts_in_a_helper()),
            ),
            secrets=secrets_of(*(pair_counts(initial_splits(c), c) for c in corpora)),
        ),
        Case(
            "wordpiece_score",
            score_checks.check_wordpiece_score,
            right=(lambda p, left, right: Fraction(p, left * right),),
            wrongs=(
                slip("a float", lambda p, left, right: p / (left * right)),
                slip("counts added", lambda p, left, right: Fraction(p, left + right)),
                slip("a Fraction made from a float", lambda p, left, right: Fraction(p / (left * right))),
                slip("upside down", lambda p, left, right: Fraction(left * right, p)),
                slip("the BPE count", lambda p, left, right: Fraction(p)),
                library("scores.wordpiece_score", wordpiece_score),
                copied("the printed 1/20", lambda p, left, right: Fraction(1, 20)),
            ),
            secrets=("Fraction(3, 11)", "3/11"),
        ),
        Case(
            "best_after_ug",
            score_checks.check_best_pair,
            right=(("##u", "##n"),),
            data=(after_ug, turn3),
            wrongs=(
                copied("the best pair before the merge, printed earlier", ("##g", "##s")),
                slip("the most frequent pair", most_frequent_after),
                slip("pieces that never stand side by side", ("p", "##un")),
                slip("the pair just merged", ("##u", "##g")),
                slip("without the ## prefix", ("u", "n")),
            ),
            secrets=secrets_of(("##u", "##n")),
        ),
        Case(
            "bpe_first",
            score_checks.check_score_order,
            right=(bpe_best,),
            data=(selene_splits, selene, "bpe"),
            wrongs=(
                slip("WordPiece's choice", wordpiece_best),
                copied("hug/pug's BPE pair, printed above", ("##u", "##g")),
                slip("without the ## prefix", (bpe_best[0], bpe_best[1].removeprefix("##"))),
                slip("the most frequent pair read backwards", (bpe_best[1], bpe_best[0])),
                copied("WordPiece's best pair of hug/pug, printed in section 2", ("##g", "##s")),
            ),
            secrets=secrets_of(bpe_best),
        ),
    ]


# ---- Issue 40: slips the messages must name, and the course's container rule (kept apart from the rows above,
# ---- so that other tables' additions merge cleanly; the ideas their messages name are in ideas.py).

#: The last pair of every word missed (``zip(pieces, pieces[1:-1])``): blamed once on the weighting.
count_pairs_without_the_last = counting(lambda pieces: itertools.pairwise(pieces[:-1]))
#: The first pair of every word missed.
count_pairs_without_the_first = counting(lambda pieces: itertools.pairwise(pieces[1:]))


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    selene = datasets.selene_counts()
    bpe_best = max(pair_counts(initial_splits(selene), selene).items(), key=lambda item: item[1])[0]
    in_words = collections.Counter(
        pair for pieces in initial_splits(selene).values() for pair in itertools.pairwise(pieces)
    )
    unweighted_best = in_words.most_common(1)[0][0]
    return {
        "count_pairs": (
            slip("every word's last pair missed", count_pairs_without_the_last),
            slip("every word's first pair missed", count_pairs_without_the_first),
            slip("the pairs as a list of (pair, count)", lambda s, c: list(count_pairs(s, c).items())),
        ),
        "wordpiece_score": (
            slip(
                "a float made a Fraction again with limit_denominator",
                lambda p, left, right: Fraction(p / (left * right)).limit_denominator(1000),
            ),
        ),
        "best_after_ug": (
            slip("a list, not a tuple", ["##u", "##n"]),
            slip("the right pair turned round", ("##n", "##u")),
        ),
        "bpe_first": (
            slip("a list, not a tuple", list(bpe_best)),
            slip("the pair of the most distinct words, counts ignored", unweighted_best),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's BPE trainer picks the first merge (its WordPiece trainer counts pairs too: no score to ask it)."""
    from .hugging_face import HAVE_TOKENIZERS, merges_of, trained
    from .rows import other_computed

    if not HAVE_TOKENIZERS:
        return {}
    return {
        "bpe_first": (
            other_computed(
                "Hugging Face's BPE trainer, its first merge",
                "bpe_first = merges(train(selene, 'bpe'))[0]",
                {"merges": merges_of, "train": trained, "selene": datasets.selene_counts()},
            ),
        ),
    }
