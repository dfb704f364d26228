"""The seeds' printed results, reproduced by the library.

Every expected value below is copied from a seed's printed output (course
chapter, BERT-pipeline notebook, SELENE notebook, article) or computed by hand
in the docstring. Where a seed's prose disagrees with its own arithmetic, the
test follows the arithmetic and says why.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from wordpiece_lib import (
    WordCounts,
    WordPieceTokenizer,
    alphabet,
    decode_pieces,
    encode_with_merges,
    encode_word,
    gpt2_split,
    initial_splits,
    join_pair,
    merge_pair,
    rank_candidates,
    score_pairs,
    train_bottom_up,
)
from wordpiece_lib.data import article_counts, course_counts, hug_pug_counts, pipeline_counts, selene_counts

# ---------------------------------------------------------------- course chapter

COURSE_VOCAB_70 = [
    "[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "##a", "##b", "##c", "##d", "##e", "##f", "##g", "##h", "##i",
    "##k", "##l", "##m", "##n", "##o", "##p", "##r", "##s", "##t", "##u", "##v", "##w", "##y", "##z", ",", ".",
    "C", "F", "H", "T", "a", "b", "c", "g", "h", "i", "s", "t", "u", "w", "y", "ab", "##fu", "Fa", "Fac", "##ct",
    "##ful", "##full", "##fully", "Th", "ch", "##hm", "cha", "chap", "chapt", "##thm", "Hu", "Hug", "Hugg", "sh",
    "th", "is", "##thms", "##za", "##zat", "##ut",
]  # fmt: skip


def test_course_word_counts_match_the_seed():
    assert dict(course_counts()) == {
        "This": 3, "is": 2, "the": 1, "Hugging": 1, "Face": 1, "Course": 1, ".": 4, "chapter": 1, "about": 1,
        "tokenization": 1, "section": 1, "shows": 1, "several": 1, "tokenizer": 1, "algorithms": 1, "Hopefully": 1,
        ",": 1, "you": 1, "will": 1, "be": 1, "able": 1, "to": 1, "understand": 1, "how": 1, "they": 1, "are": 1,
        "trained": 1, "and": 1, "generate": 1, "tokens": 1,
    }  # fmt: skip
    assert list(course_counts())[:4] == ["This", "is", "the", "Hugging"]


def test_course_alphabet_and_first_scores():
    counts = course_counts()
    assert alphabet(counts) == COURSE_VOCAB_70[5:45]
    first_six = score_pairs(initial_splits(counts), counts)[:6]
    assert [(c.pair, c.score_float) for c in first_six] == [
        (("T", "##h"), 0.125),
        (("##h", "##i"), 0.03409090909090909),
        (("##i", "##s"), 0.02727272727272727),
        (("i", "##s"), 0.1),
        (("t", "##h"), 0.03571428571428571),
        (("##h", "##e"), 0.011904761904761904),
    ]
    best = rank_candidates(score_pairs(initial_splits(counts), counts))[0]
    assert best.pair == ("a", "##b") and best.score == Fraction(1, 5)


def test_course_70_token_vocab_token_for_token():
    assert train_bottom_up(course_counts(), 70).tokens() == COURSE_VOCAB_70


def test_course_first_merge_applied_to_about():
    counts = course_counts()
    splits = merge_pair(initial_splits(counts), ("a", "##b"), "ab")
    assert splits["about"] == ["ab", "##o", "##u", "##t"]


def test_course_encode_word_and_tokenize_examples():
    vocab = train_bottom_up(course_counts(), 70).vocab()
    assert encode_word("Hugging", vocab) == ["Hugg", "##i", "##n", "##g"]
    assert encode_word("HOgging", vocab) == ["[UNK]"]
    tokenizer = WordPieceTokenizer(vocab)
    assert tokenizer.tokenize("This is the Hugging Face course!") == [
        "Th", "##i", "##s", "is", "th", "##e", "Hugg", "##i", "##n", "##g", "Fac", "##e", "c", "##o", "##u", "##r",
        "##s", "##e", "[UNK]",
    ]  # fmt: skip


# ---------------------------------------------------------------- hug / pug walk


def test_hug_pug_initial_splits_and_alphabet():
    counts = hug_pug_counts()
    assert initial_splits(counts)["hugs"] == ["h", "##u", "##g", "##s"]
    assert sorted(alphabet(counts)) == sorted(["b", "h", "p", "##g", "##n", "##s", "##u"])


def test_hug_pug_walk_by_hand():
    """Each step checked by hand with exact fractions.

    Counts at the start: h 15, p 17, b 4, ##u 36, ##g 20, ##n 16, ##s 5.

    1. ``(##u, ##g)`` is the most frequent pair (20) but scores 20/(36*20) =
       1/36; ``(##g, ##s)`` scores 5/(20*5) = 1/20, the best: merge ``##gs``.
    2. Every pair now contains ``##u``, and each scores 1/36 (e.g.
       ``(h, ##u)`` = 15/(15*36), ``(##u, ##n)`` = 16/(36*16)): six-way tie.
       Policy ``"first"`` takes ``(h, ##u)`` (first pair of the first word).
    3. Counts: hu 15, ##g 15, ##gs 5, ##u 21. ``(hu, ##gs)`` = 5/(15*5) = 1/15
       is the unique best; ``(p, ##u)``, ``(##u, ##n)``, ``(b, ##u)`` score
       1/21, ``(hu, ##g)`` = 10/(15*15) = 2/45 (below 1/21) and ``(##u, ##g)``
       = 5/(21*15) = 1/63. So the third merge is ``hugs``. The course chapter
       says ``(hu, ##g)`` and ``(hu, ##gs)`` share 1/15 and merges ``hug``:
       its arithmetic slip (huggingface/course#500); we follow the arithmetic.
    4. hu 10, ##g 15: ``(hu, ##g)`` = 10/(10*15) = 1/15, the best: ``hug``.
    """
    trace = train_bottom_up(hug_pug_counts(), vocab_size=7 + 4, special_tokens=[], top_k=10)
    steps = trace.steps
    assert [(s.pair, s.new_token, s.score) for s in steps] == [
        (("##g", "##s"), "##gs", Fraction(1, 20)),
        (("h", "##u"), "hu", Fraction(1, 36)),
        (("hu", "##gs"), "hugs", Fraction(1, 15)),
        (("hu", "##g"), "hug", Fraction(1, 15)),
    ]
    most_frequent = max(steps[0].candidates, key=lambda c: c.pair_count)
    assert most_frequent.pair == ("##u", "##g") and most_frequent.pair_count == 20
    assert most_frequent.score == Fraction(1, 36)
    step2_scores = {c.pair: c.score for c in steps[1].candidates}
    assert len(step2_scores) == 6 and set(step2_scores.values()) == {Fraction(1, 36)}
    step3 = {c.pair: c.score for c in steps[2].candidates}
    assert step3[("hu", "##g")] == Fraction(2, 45)
    assert step3[("hu", "##gs")] == Fraction(1, 15)
    assert [pair for pair, score in step3.items() if score == max(step3.values())] == [("hu", "##gs")]
    assert step3[("p", "##u")] == step3[("##u", "##n")] == step3[("b", "##u")] == Fraction(1, 21)
    assert step3[("##u", "##g")] == Fraction(1, 63)


def test_hug_pug_lexical_policy_breaks_the_step_two_tie_differently():
    trace = train_bottom_up(hug_pug_counts(), vocab_size=9, special_tokens=[], tie_break="lexical")
    assert trace.merges == [("##g", "##s"), ("##u", "##g")]


def test_course_encoding_examples_with_its_stated_vocab():
    """The chapter encodes with the vocab it lists after its (slipped) third merge."""
    vocab = {"[UNK]", "b", "h", "p", "##g", "##n", "##s", "##u", "##gs", "hu", "hug"}
    assert encode_word("hugs", vocab) == ["hug", "##s"]
    assert encode_word("bugs", vocab) == ["b", "##u", "##gs"]
    assert encode_word("mug", vocab) == ["[UNK]"]
    assert encode_word("bum", vocab) == ["[UNK]"]
    assert encode_word("pugs", vocab) == ["p", "##u", "##gs"]
    merges = [("##g", "##s"), ("h", "##u"), ("hu", "##g")]
    assert encode_with_merges("hugs", merges) == ["hu", "##gs"]


# ---------------------------------------------------------------- BERT-pipeline notebook

PIPELINE_LEARNED = [
    "ex", "kw", "Kw", "tw", "Im", "Ob", "Obj", "Dj", "ob", "obj", "dj", "exc", "##ck", "py", "Py", "Cy", "Du", "Fu",
    "Imp", "sh", "wh", "##cks", "##cksd", "sc", "##pb", "##mb", "##mbd", "##yp", "##mp", "imp", "##mm", "##py",
]  # fmt: skip

PIPELINE_ALPHABET = [
    "!", "##3", "##a", "##b", "##c", "##d", "##e", "##f", "##g", "##h", "##i", "##j", "##k", "##l", "##m", "##n",
    "##o", "##p", "##r", "##s", "##t", "##u", "##v", "##w", "##x", "##y", "'", ",", ".", "2", ":", "?", "C", "D",
    "F", "G", "I", "K", "O", "P", "R", "b", "c", "d", "e", "f", "g", "h", "i", "k", "l", "m", "n", "o", "p", "r",
    "s", "t", "u", "v", "w", "y", "z",
]  # fmt: skip


PIPELINE_WORD_COUNTS = {
    "Object": 2, "raspberrypi": 10, "functools": 3, "dict": 3, "kwargs": 3, ".": 17, "Gevent": 2, "Dunder": 3,
    "decorator": 3, "didn": 4, "'": 4, "t": 4, "lambda": 2, "zip": 2, "import": 3, "pyramid": 1, ",": 1, "she": 3,
    "iterate": 1, "?": 2, "Kwargs": 2, "diversity": 2, "unit": 3, "object": 1, "gevent": 1, "Import": 2, "fall": 4,
    "integration": 8, "django": 1, "yield": 2, "twisted": 1, "he": 4, "future": 1, "Python": 2, "community": 2,
    "pypy": 1, "beautiful": 3, "test": 5, "reduce": 2, "gil": 1, "python": 3, "closure": 1, "generator": 1,
    "raise": 1, "visor": 1, "itertools": 1, "Reduce": 1, "coroutine": 1, "bdfl": 1, "Cython": 1, "while": 1,
    "list": 2, "nit": 1, "!": 1, "2to3": 1, "dunder": 2, "script": 2, "for": 1, ":": 1, "exception": 1, "pycon": 1,
    "six": 1, "web": 2, "Future": 1, "mercurial": 3, "self": 1, "Return": 1, "stable": 1, "Django": 1, "visual": 1,
    "rocksdahouse": 1, "class": 1, "scipy": 1, "helmet": 1,
}  # fmt: skip


def test_pipeline_word_counts_match_the_seed():
    counts = pipeline_counts()
    assert list(counts.items()) == list(PIPELINE_WORD_COUNTS.items())


def test_pipeline_first_scores_and_best_pair():
    counts = pipeline_counts()
    assert alphabet(counts) == PIPELINE_ALPHABET
    candidates = score_pairs(initial_splits(counts), counts)
    assert [(c.pair, c.score_float) for c in candidates[:6]] == [
        (("O", "##b"), 0.05555555555555555),
        (("##b", "##j"), 0.03333333333333333),
        (("##j", "##e"), 0.007142857142857143),
        (("##e", "##c"), 0.002976190476190476),
        (("##c", "##t"), 0.004934210526315789),
        (("r", "##a"), 0.015714285714285715),
    ]
    best = rank_candidates(candidates)[0]
    assert best.pair == ("e", "##x") and best.score == Fraction(1, 2)
    assert merge_pair(initial_splits(counts), ("e", "##x"), "ex")["exception"] == [
        "ex", "##c", "##e", "##p", "##t", "##i", "##o", "##n",
    ]  # fmt: skip


def test_pipeline_100_token_vocab_token_for_token():
    tokens = train_bottom_up(pipeline_counts(), 100).tokens()
    assert tokens == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *PIPELINE_ALPHABET, *PIPELINE_LEARNED]


def test_pipeline_encode_and_tokenize_examples():
    vocab = train_bottom_up(pipeline_counts(), 100).vocab()
    assert encode_word("exception", vocab) == ["exc", "##e", "##p", "##t", "##i", "##o", "##n"]
    assert encode_word("raspberrypi", vocab) == ["r", "##a", "##s", "##pb", "##e", "##r", "##r", "##yp", "##i"]
    assert encode_word("python", vocab) == ["py", "##t", "##h", "##o", "##n"]
    assert encode_word("tokenize", vocab) == ["[UNK]"]
    assert WordPieceTokenizer(vocab).tokenize("This is a simple demo of WordPiece tokenization") == [
        "[UNK]", "i", "##s", "[UNK]", "s", "##i", "##mp", "##l", "##e", "d", "##e", "##m", "##o", "o", "##f",
        "[UNK]", "[UNK]",
    ]  # fmt: skip


# ---------------------------------------------------------------- SELENE notebook

SELENE_MERGES = [
    ("_n _g", "_ng"), ("w _i", "wi"), ("wi _d", "wid"), ("l _o", "lo"), ("lo _ng", "long"), ("_s _t", "_st"),
    ("lo _w", "low"), ("long _e", "longe"), ("longe _r", "longer"), ("n _e", "ne"), ("ne _w", "new"),
    ("wid _e", "wide"), ("_e _r", "_er"), ("new _e", "newe"), ("low _er", "lower"), ("wide _st", "widest"),
    ("newe _st", "newest"),
]  # fmt: skip


def test_selene_corpus_state_and_vocabulary():
    counts = selene_counts()
    splits = initial_splits(counts, "_")
    assert {" ".join(p): counts[w] for w, p in splits.items()} == {
        "l _o _w": 5, "l _o _w _e _r": 2, "n _e _w _e _s _t": 6, "w _i _d _e _s _t": 3, "l _o _n _g _e _r": 1,
    }  # fmt: skip
    assert set(alphabet(counts, "_")) == {"_o", "_e", "_r", "_w", "_i", "_g", "l", "w", "_t", "_s", "_d", "n", "_n"}


def test_selene_initial_score_table():
    counts = selene_counts()
    scores = {" ".join(c.pair): c.score_float for c in score_pairs(initial_splits(counts, "_"), counts)}
    assert scores == {
        "l _o": 0.125, "_o _w": 0.0673076923076923, "_w _e": 0.03418803418803419, "_e _r": 0.05555555555555555,
        "n _e": 0.05555555555555555, "_e _w": 0.02564102564102564, "_e _s": 0.05555555555555555,
        "_s _t": 0.1111111111111111, "w _i": 0.3333333333333333, "_i _d": 0.3333333333333333,
        "_d _e": 0.05555555555555555, "_o _n": 0.125, "_n _g": 1.0, "_g _e": 0.05555555555555555,
    }  # fmt: skip


def test_selene_merges_are_all_best_scoring_but_their_order_is_a_tie_break():
    """Why the SELENE merge order depends on tie-breaking.

    The seed keeps its corpus state in a dict keyed by the space-joined
    pieces; a merge pops each changed entry and inserts it again, so changed
    words move to the END of the dict. Its ``max`` then returns the first
    best pair in that shifting order. Our ``"first"`` policy reads the words in
    their fixed first-seen order instead. Both are legitimate tie-breaks of the
    same score: at every step the seed's pair is one of the best-scoring
    candidates the library computes (at step 8 seven pairs tie at 1/18, and the
    seed takes ``(long, _e)`` while ``"first"`` takes ``(_e, _r)`` of
    ``lower``). Both runs end with every word whole.
    """
    counts = selene_counts()
    splits = initial_splits(counts, "_")
    tied_at_step = []
    for text, new_token in SELENE_MERGES:
        pair = tuple(text.split())
        candidates = score_pairs(splits, counts)
        best = max(c.score for c in candidates)
        assert {c.pair: c.score for c in candidates}[pair] == best, f"seed merge {text} is not a best pair"
        assert join_pair(*pair, "_") == new_token
        tied_at_step.append(sum(c.score == best for c in candidates))
        splits = merge_pair(splits, pair, new_token)
    assert tied_at_step[7] == 7
    assert all(len(pieces) == 1 for pieces in splits.values())

    first = train_bottom_up(counts, 100, prefix="_", special_tokens=[], tie_break="first")
    lexical = train_bottom_up(counts, 100, prefix="_", special_tokens=[], tie_break="lexical")
    seed_order = [new for _, new in SELENE_MERGES]
    assert first.new_tokens[:7] == seed_order[:7]
    assert first.new_tokens[7] == "_er" and seed_order[7] == "longe"
    assert lexical.new_tokens[:2] == ["_ng", "_id"]
    assert first.new_tokens != lexical.new_tokens
    for trace in (first, lexical):
        assert all(len(p) == 1 for p in trace.splits_at(len(trace.steps)).values())
        assert trace.stop_reason.startswith("every word is a single token")


def test_selene_merge_replay_tokenization_and_detokenize():
    merges = [tuple(text.split()) for text, _ in SELENE_MERGES]
    assert encode_with_merges("newer", merges, prefix="_") == ["new", "_er"]
    tokens = [
        t
        for word in ["newer", "longest", "knew", "ingest", "belong", "newest"]
        for t in encode_with_merges(word, merges, prefix="_")
    ]
    assert tokens == [
        "new", "_er", "longe", "_st", "k", "_n", "_e", "_w", "i", "_ng", "_e", "_st", "b", "_e", "_l", "_o", "_ng",
        "newest",
    ]  # fmt: skip
    assert decode_pieces(tokens, "_") == "newer longest knew ingest belong newest"


def test_selene_gpt2_pattern_example():
    assert gpt2_split("Hello've world123 how's are you!!!? ") == [
        "Hello", "'ve", "world", "123", "how", "'s", "are", "you", "!!!?",
    ]  # fmt: skip


# ---------------------------------------------------------------- article (likelihood, marker)

ARTICLE_ITERATION_1 = {
    ("_", "l"): 51.84, ("l", "o"): 207.36, ("o", "w"): 51.84, ("w", "e"): 12.96, ("e", "r"): 7.2, ("_", "n"): 7.2,
    ("n", "e"): 7.2, ("e", "w"): 1.8, ("e", "s"): 51.84, ("s", "t"): 207.36, ("_", "w"): 1.8, ("w", "i"): 7.2,
    ("i", "d"): 28.8, ("d", "e"): 7.2,
}  # fmt: skip

ARTICLE_ITERATION_2 = {
    ("_", "lo"): 45.19, ("lo", "w"): 45.19, ("w", "e"): 11.30, ("e", "r"): 6.72, ("_", "n"): 6.72, ("n", "e"): 6.72,
    ("e", "w"): 1.68, ("e", "s"): 45.19, ("s", "t"): 180.75, ("_", "w"): 1.68, ("w", "i"): 6.72, ("i", "d"): 26.89,
    ("d", "e"): 6.72,
}  # fmt: skip


def _likelihood_table(splits):
    counts = article_counts()
    return {c.pair: round(c.score_float, 2) for c in score_pairs(splits, counts, criterion="likelihood")}


def test_article_splits_with_begin_of_word_marker():
    splits = initial_splits(article_counts(), marker="_")
    assert splits["newest"] == ["_", "n", "e", "w", "e", "s", "t"]
    assert sum(len(p) for p in splits.values()) == 24


def test_article_likelihood_tables():
    splits = initial_splits(article_counts(), marker="_")
    assert _likelihood_table(splits) == ARTICLE_ITERATION_1
    splits = merge_pair(splits, ("l", "o"), "lo")
    assert _likelihood_table(splits) == pytest.approx(ARTICLE_ITERATION_2, abs=0.006)


def test_article_first_merges_with_lexical_policy():
    """``lo`` and ``st`` tie at 207.36; ``"lexical"`` picks ``lo`` as the article does.

    The article then lists ``_lo``, ``id``, ``_low``. Its own formula says
    otherwise for the fourth step: after ``lo``, ``st``, ``_lo`` there are 18
    pieces and 14 pairs, and ``(_lo, w)`` and ``(e, st)`` both score
    ((2/14) / ((2/18)(4/18)))^2 = 33.47 while ``(i, d)`` scores
    (1/14) / (1/18)^2 = 23.14. So the fourth merge is ``_low`` (lexically
    before ``est``), then ``est`` (28.44), then ``id`` (19.6).
    """
    trace = train_bottom_up(
        article_counts(), 100, marker="_", special_tokens=[], tie_break="lexical", criterion="likelihood"
    )
    assert trace.new_tokens[:6] == ["lo", "st", "_lo", "_low", "est", "id"]
    assert [round(s.score_float, 2) for s in trace.steps[:6]] == [207.36, 180.75, 39.06, 33.47, 28.44, 19.6]
    assert trace.steps[0].score == Fraction(36, 25) ** 2 * 100


def test_wordpiece_score_on_the_article_corpus_prefers_id():
    """Without the exponent the plain WordPiece score ranks ``id`` (1/(1*1)) first."""
    counts = article_counts()
    best = rank_candidates(score_pairs(initial_splits(counts, marker="_"), counts), "lexical")[0]
    assert best.pair == ("i", "d") and best.score == 1


def test_word_counts_from_seed_word_list():
    assert WordCounts.from_words(["low", "low", "lower"]) == WordCounts.from_pairs([("low", 2), ("lower", 1)])
