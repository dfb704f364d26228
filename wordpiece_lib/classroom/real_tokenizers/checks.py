"""Checks behind notebook 13's "your turn" exercises (a real tokenizer taken apart).

Three predictions, each the cut of a word the notebook never cut, made by hand
with the real tokenizer's own tables (its vocab, its merge ranks, its pieces'
scores) before the explanation shows it; and one decision explained: which
candidates WordPiece's longest match tried and rejected. The expected answers
come from the tokenizers themselves; a wrong answer is told which idea is off
(never the expected tokens). An answer the tokenizer, its model or ``explain``
computed is refused: the prediction is made by hand (the tables may be read). ``source``, the
answer cell's code, is taken by every check as by the other notebooks' (the watch needs no more of it).

>>> from wordpiece_lib import Vocab, WordPieceTokenizer
>>> WORKBOOK.reset()
>>> toy = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s", "h", "##ug"]), lowercase=True)
>>> check_wordpiece_cut(["hug", "##s"], toy, "hugs")
>>> check_wordpiece_cut(["hug", "s"], toy, "hugs")
Traceback (most recent call last):
...
AssertionError: a piece that continues a word carries WordPiece's continuation prefix ## in front (the vocab holds ##ing, not ing, for the inside of a word)
"""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

from wordpiece_lib.classroom import runtime
from wordpiece_lib.classroom.real_tokenizers.tables import steps_frame, word_cuts
from wordpiece_lib.classroom.real_tokenizers.widgets import ExplanationView, explanation_html, spans_html
from wordpiece_lib.model import BpeModel, UnigramModel, WordPieceModel, encode_word, longest_match_attempts
from wordpiece_lib.model.longest_match import longest_match
from wordpiece_lib.pipeline import Engine, FastWordPieceTokenizer, Tokenizer, explain

WORKBOOK = runtime.Workbook(
    "13 · Take apart a real tokenizer",
    [
        runtime.Exercise(
            "doubloons_cut",
            "Your turn 1 · BERT's cut of a new word",
            hints=(
                "Longest match first: from the start of the word, try the whole rest, then one character less, "
                "until the vocab holds the candidate; then go on from where it ended.",
                "Lowercase the word first (BERT uncased), and look a piece inside the word up with ## in front.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "parrots_cut",
            "Your turn 2 · the byte-level BPE's cut",
            hints=(
                "Start from the word's byte characters (the space in front is Ġ) and merge, again and again, the "
                "adjacent pair whose merge has the smallest rank.",
                "A pair merges only if it is in the merge list; stop when no adjacent pair is in it.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "islanders_cut",
            "Your turn 3 · the Unigram model's cut",
            hints=(
                "The word starts with ▁; every cut into pieces of the vocab has a score, the sum of its pieces' "
                "log-probabilities: the model keeps the cut with the highest sum.",
                "Notebook 12's Viterbi finds it without listing every cut: the best total at each position.",
            ),
            prediction=True,
        ),
        runtime.Exercise(
            "rejected",
            "Your turn 4 · explain one decision",
            hints=(
                "Longest match tries the whole word first, then one character less each time, and stops at the "
                "first candidate the vocab holds.",
                "List what it tried before the one it took, longest first; the one it took is not rejected.",
            ),
        ),
    ],
    answers="real_tokenizers",
)
progress = WORKBOOK.progress
show_answer = WORKBOOK.show_answer

#: The tokenizer, its engine, its model or ``explain`` cutting the word: what the exercises ask to do by hand.
CUTTING = runtime.forbid(
    Tokenizer.tokenize,
    Tokenizer.encode,
    Tokenizer.encode_plus,
    Tokenizer.encode_batch,
    Tokenizer.encode_word,
    Engine.encode_sequence,
    FastWordPieceTokenizer.encode_sequence,
    FastWordPieceTokenizer.tokenize,
    FastWordPieceTokenizer.encode_word,
    WordPieceModel.tokens_with_spans,
    encode_word,
    longest_match,
    longest_match_attempts,
    BpeModel.tokens_with_spans,
    BpeModel.tokenize,
    BpeModel.merge_steps,
    UnigramModel.best_path,
    UnigramModel.nbest,
    UnigramModel.tokenize,
    UnigramModel.tokens_with_spans,
    explain,
    word_cuts,
    steps_frame,
    spans_html,
    explanation_html,
    ExplanationView,
)
for _key in ("doubloons_cut", "parrots_cut", "islanders_cut", "rejected"):
    runtime.watch_answer(_key, CUTTING)

#: The same, by the names an answer cell's code would call them with (for a call the watch could not see).
CUTTING_NAMES = (
    "tokenize",
    "encode",
    "encode_plus",
    "encode_batch",
    "encode_word",
    "encode_sequence",
    "tokens_with_spans",
    "merge_steps",
    "best_path",
    "nbest",
    "longest_match",
    "longest_match_attempts",
    "explain",
    "word_cuts",
    "steps_frame",
    "spans_html",
    "explanation_html",
    "ExplanationView",
)


def _by_hand(key: str, source: str | None) -> None:
    """Refuse an answer the tokenizer, its model or ``explain`` worked out: a prediction is made by hand."""
    __tracebackhide__ = True  # keep this frame out of the student's report
    runtime.refuse_in_answer(
        key,
        CUTTING_NAMES,
        "your answer uses {name}, which cuts the word for you: predict it by hand, reading the tokenizer's own "
        "tables (its vocab, its merge ranks, its pieces' scores), then let the cell after the check show it",
        source,
    )


def _as_tokens(answer: Any, what: str) -> list[str]:
    __tracebackhide__ = True  # keep this frame out of the student's report
    if isinstance(answer, (str, bytes)) or not isinstance(answer, (list, tuple)):
        raise AssertionError(f"answer with a list of {what}, such as ['a', 'b'], got {runtime.short_repr(answer)}")
    runtime.in_container(answer, list, f"your {what}", "such as ['a', 'b']")  # the course's one rule for containers
    if not all(isinstance(token, str) for token in answer):
        raise AssertionError(f"every item of the list is a token, a str; got {runtime.short_repr(answer)}")
    return list(answer)


def _given_and_truth(
    answer: Any, key: str, tokenizer: Any, text: str, source: str | None
) -> tuple[list[str], list[str]]:
    """The learner's predicted tokens of ``text`` (checked as a list, made by hand) and the tokenizer's own."""
    __tracebackhide__ = True  # keep this frame out of the student's report
    given = _as_tokens(runtime.require(answer, "the tokens of the word"), "tokens")
    _by_hand(key, source)
    encoding = tokenizer.encode_plus(text, add_special_tokens=False)
    return given, list(encoding.tokens)


@WORKBOOK.check("doubloons_cut")
def check_wordpiece_cut(answer: Any, tokenizer: Any, word: str, *, source: str | None = None) -> None:
    """Check the predicted WordPiece tokens of ``word`` (one word, no special tokens) under ``tokenizer``.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> WORKBOOK.reset()
    >>> toy = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s", "h", "##u", "##g"]), lowercase=True)
    >>> check_wordpiece_cut(["h", "##u", "##g", "##s"], toy, "hugs")
    Traceback (most recent call last):
    ...
    AssertionError: longest match first: at each position the longest candidate the vocab holds is taken, not the shortest; start from the whole rest of the word and shorten it
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given, truth = _given_and_truth(answer, "doubloons_cut", tokenizer, word, source)
    if given == truth:
        return
    prefix = getattr(tokenizer.model, "prefix", "##")
    spelled = "".join(
        token[len(prefix) :] if index and token.startswith(prefix) else token for index, token in enumerate(given)
    )
    plain = [token[len(prefix) :] if token.startswith(prefix) else token for token in given]
    if given and given[0].startswith(prefix):
        raise AssertionError("the first piece of a word has no ## in front: ## marks a piece that continues a word")
    if [
        token[len(prefix) :] if index and token.startswith(prefix) else token for index, token in enumerate(truth)
    ] == plain:
        raise AssertionError(
            f"a piece that continues a word carries WordPiece's continuation prefix {prefix} in front (the vocab "
            f"holds {prefix}ing, not ing, for the inside of a word)"
        )
    if spelled.lower() == tokenizer.normalize(word) and spelled != tokenizer.normalize(word):
        raise AssertionError(
            "BERT's uncased vocab sees the word lowercased: its normalizer lowercases (and strips accents) first"
        )
    if spelled != tokenizer.normalize(word):
        raise AssertionError(
            "the pieces, without their ## and put together, must spell the word as the normalizer gives it"
        )
    if any(token == tokenizer.vocab.unk_token for token in given):
        raise AssertionError("every piece this word needs is in the vocab: longest match finds a cut, no unknown token")
    unknown = [token for token in given if token not in tokenizer.vocab]
    if unknown:
        raise AssertionError(
            "one of your pieces is not in the vocab: look each candidate up (piece in vocab) before taking it"
        )
    if len(given) > len(truth):
        raise AssertionError(
            "longest match first: at each position the longest candidate the vocab holds is taken, not the "
            "shortest; start from the whole rest of the word and shorten it"
        )
    raise AssertionError(
        "that cut is made of vocab pieces, but it is not longest match's: at each position, take the longest "
        "candidate the vocab holds, then go on from its end"
    )


@WORKBOOK.check("parrots_cut")
def check_bpe_cut(answer: Any, tokenizer: Any, text: str, *, source: str | None = None) -> None:
    """Check the predicted tokens of ``text`` (one byte-level word, a space in front) under a byte-level BPE.

    >>> from wordpiece_lib.model.bpe import BpeModel
    >>> from wordpiece_lib.pipeline.tokenizer import Tokenizer
    >>> from wordpiece_lib.text.byte_level import ByteLevel
    >>> WORKBOOK.reset()
    >>> model = BpeModel.from_merges(["Ġ", "a", "b", "c"], [("b", "c"), ("Ġ", "a"), ("Ġa", "bc")])
    >>> toy = Tokenizer(model, pretokenizer=ByteLevel(add_prefix_space=False))
    >>> check_bpe_cut(["Ġabc"], toy, " abc")
    >>> check_bpe_cut(["abc"], toy, " abc")
    Traceback (most recent call last):
    ...
    AssertionError: the space in front of the word belongs to its first token: a byte-level BPE writes that space (byte 0x20) as Ġ
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given, truth = _given_and_truth(answer, "parrots_cut", tokenizer, text, source)
    if given == truth:
        return
    model = tokenizer.model
    joined, expected = "".join(given), "".join(truth)
    if any(token.endswith("</w>") for token in given):
        raise AssertionError("this BPE marks no end of word (</w> is CLIP's): a token here is only byte characters")
    if joined == expected.lstrip("Ġ") and expected.startswith("Ġ"):
        raise AssertionError(
            "the space in front of the word belongs to its first token: a byte-level BPE writes that space "
            "(byte 0x20) as Ġ"
        )
    if joined != expected:
        raise AssertionError(
            "the tokens, put together, must give the word's byte characters (Ġ for the space in front)"
        )
    if any(token not in model.token_ids for token in given):
        raise AssertionError(
            "one of your tokens is not in the vocab: merges stop when no adjacent pair of the list is left, and "
            "every token they make is in the vocab"
        )
    merges = {tuple(pair) for pair in model.merges}
    if len(given) > len(truth) and any(pair in merges for pair in pairwise(given)):  # a pair left to merge
        raise AssertionError(
            "merging stopped too early: after each merge, look again at the new adjacent pairs; one of them may be "
            "in the list"
        )
    raise AssertionError(
        "those are tokens of the vocab, but not the merges' order: always merge the adjacent pair with the "
        "smallest rank first, wherever it is in the word (not left to right)"
    )


@WORKBOOK.check("islanders_cut")
def check_unigram_cut(answer: Any, tokenizer: Any, word: str, *, source: str | None = None) -> None:
    """Check the predicted Unigram tokens of ``word`` under ``tokenizer`` (SentencePiece's ``▁`` in front).

    >>> from wordpiece_lib.model.unigram import UnigramModel
    >>> from wordpiece_lib.pipeline.unigram_tokenizer import UnigramTokenizer
    >>> WORKBOOK.reset()
    >>> toy = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -2.0), ("▁hu", -1.0), ("gs", -1.5), ("s", -3.0)]))
    >>> check_unigram_cut(["▁hu", "gs"], toy, "hugs")
    >>> check_unigram_cut(["▁hug", "s"], toy, "hugs")
    Traceback (most recent call last):
    ...
    AssertionError: that cut is possible, but another scores higher: add up each cut's log-probabilities and keep the highest sum (a long piece alone does not decide)
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given, truth = _given_and_truth(answer, "islanders_cut", tokenizer, word, source)
    if given == truth:
        return
    model = tokenizer.model
    joined, expected = "".join(given), "".join(truth)
    if joined == expected.lstrip("▁") and expected.startswith("▁"):
        raise AssertionError(
            "SentencePiece marks the start of a word with ▁ (its Metaspace pre-tokenizer puts it in front): the "
            "first piece carries it"
        )
    if joined != expected:
        raise AssertionError("the pieces, put together, must give the word with its ▁ in front")
    if any(piece not in model.piece_ids for piece in given):
        raise AssertionError(
            "one of your pieces is not in the model's vocab: every piece of a cut is one of its pieces"
        )
    raise AssertionError(
        "that cut is possible, but another scores higher: add up each cut's log-probabilities and keep the highest "
        "sum (a long piece alone does not decide)"
    )


@WORKBOOK.check("rejected")
def check_rejected(answer: Any, tokenizer: Any, word: str, *, source: str | None = None) -> None:
    """Check the candidates WordPiece tried and rejected at the start of ``word``, longest first.

    >>> from wordpiece_lib import Vocab, WordPieceTokenizer
    >>> WORKBOOK.reset()
    >>> toy = WordPieceTokenizer(Vocab(["[UNK]", "hu", "##gs"]), lowercase=True)
    >>> check_rejected(["hugs", "hug"], toy, "hugs")
    >>> check_rejected(["hug", "hugs"], toy, "hugs")
    Traceback (most recent call last):
    ...
    AssertionError: longest match tries the longest candidate first, then one character less each time: give them in that order
    """
    __tracebackhide__ = True  # pytest shows the student's line, not ours
    given = _as_tokens(runtime.require(answer, "the rejected candidates"), "candidates")
    _by_hand("rejected", source)
    normalized = tokenizer.normalize(word)
    model = tokenizer.model
    attempts = [
        attempt
        for attempt in longest_match_attempts(
            normalized, model.vocab, prefix=model.prefix, max_input_chars_per_word=model.max_input_chars_per_word
        )
        if attempt.start == 0
    ]
    truth = [attempt.candidate for attempt in attempts if not attempt.matched]
    taken = next((attempt.candidate for attempt in attempts if attempt.matched), None)
    if given == truth:
        return
    if taken is not None and taken in given:
        raise AssertionError(
            "the list holds the candidate longest match took: list only the ones it tried and rejected before it"
        )
    if any(candidate.startswith(model.prefix) for candidate in given):
        raise AssertionError(
            "at the start of a word the candidates have no ## in front: ## is for what continues a word"
        )
    if sorted(given, key=len, reverse=True) == truth:
        raise AssertionError(
            "longest match tries the longest candidate first, then one character less each time: give them in that order"
        )
    if truth and truth[0] not in given:
        raise AssertionError("the first candidate longest match tries is the whole word (as the normalizer gives it)")
    if any(candidate != normalized[: len(candidate)] for candidate in given):
        raise AssertionError(
            "each candidate at the start of the word is a prefix of the word (lowercased, as BERT's uncased vocab sees it)"
        )
    raise AssertionError(
        "not quite: from the whole word, shorten one character at a time; every candidate before the first one the "
        "vocab holds was rejected, and the search stops at that one"
    )


# ---------------------------------------------------------------- each student's own word (graded variants)

#: The words of the four exercises in the course (a graded release gives each student words of their own).
WORDPIECE_WORD, BPE_WORD, UNIGRAM_WORD, REJECTED_WORD = "doubloons", "parrots", "islanders", "tokenizers"
#: Words of *Treasure Island* (plain ASCII letters: the offline edition's font has them all), each cut by BERT
#: into 3 to 6 tokens, as doubloons into 4 (the tests check every one with the real tokenizer).
WORDPIECE_WORDS = (
    "assailants", "baffling", "bandoleer", "becalmed", "blackbeard", "bleared", "blundered", "boasting", "bookcases",
    "bowstring", "buoyant", "bygones", "canikin", "cannibals", "carcass", "clacking", "clattering", "confidant",
    "contorted", "coxswain", "desirous", "diabolical", "dispersing", "dolefully", "emboldener", "eminence",
    "explanatory", "grizzled", "hearkening", "imaginable", "mainstay", "manoeuvres", "musketry", "muskets",
    "obediently", "outlandish", "overjoyed", "recommenced", "rekindling", "ruffling", "sallied", "scuffle", "scupper",
    "seafaring", "sequins", "shipwrecked", "shirking", "smollett", "smothered", "smouldering", "sneering",
    "subaltern", "sunshiny", "supercargo", "surmounting", "tarpaulins", "troubling", "truantry", "ungrateful",
)  # fmt: skip
#: Words the GPT-2-style BPE cuts, after a space, into 2 to 4 tokens (parrots: 2).
BPE_WORDS = (
    "abandon", "accused", "ammunition", "bubbled", "bulkhead", "campaign", "caraccas", "chaplain", "cloudless",
    "collecting", "corners", "countenance", "crossley", "desired", "developed", "dislodged", "downhearted", "dutchman",
    "dutchmen", "escaped", "exchanged", "farthen", "figureheads", "fluttering", "goodness", "halloaing", "hopeless",
    "horrified", "howsoever", "infinite", "laborious", "lurched", "magazine", "mariner", "mexican", "ornamental",
    "pleading", "promptly", "realize", "remedies", "richard", "ringlets", "rotting", "savages", "savannah", "scatter",
    "scissors", "scramble", "shovels", "soldier", "squalling", "stifling", "strolling", "thinkin", "throats",
    "treated", "trooping", "vengeance", "writing",
)  # fmt: skip
#: Words the Unigram model cuts into 3 to 6 pieces (islanders: 5).
UNIGRAM_WORDS = (
    "assailants", "attention", "awakened", "bachelors", "balance", "cheated", "comforted", "conceal", "contrasted",
    "convenient", "curious", "delayed", "distressed", "doctors", "doubled", "dreadful", "enemies", "evidently",
    "footing", "forefoot", "frequent", "gardener", "georges", "handsome", "handsomer", "headers", "hunters",
    "innocent", "invisible", "issuing", "kitchen", "lurched", "murderous", "otherwise", "pierced", "prejudiced",
    "presumed", "prodigious", "promotion", "quivered", "recently", "redoubling", "reduced", "reflection", "rejoined",
    "retrace", "shallow", "strikes", "tattered", "thither", "thrifty", "tortugas", "touching", "travels", "trumpet",
    "underneath", "uttered", "whereupon", "whistle", "whitened",
)  # fmt: skip
#: Words whose first BERT token is taken after 3 to 8 rejected candidates (tokenizers: 5), none a word of
#: :data:`WORDPIECE_WORDS` (an explanation shown for one exercise never gives away the other's answer).
REJECTED_WORDS = (
    "assizes", "boatfuls", "burthened", "cannikin", "capsized", "carcasses", "cession", "chequered", "coldest",
    "creaking", "cripple", "displeased", "duplicity", "dwindled", "equalled", "gracious", "grilling", "heartily",
    "imposter", "incessant", "invaluable", "irresolute", "lanyard", "laughable", "messmate", "mightily", "minding",
    "mistily", "modulated", "moonshine", "nearness", "overloaded", "porridge", "precaution", "pretext", "redruth",
    "reloaded", "reprimed", "resolutely", "ricochet", "ringleaders", "ruination", "senseless", "sheltering",
    "shipmates", "slumber", "sperrit", "sprouted", "stumping", "swamping", "sweltering", "tarpaulin", "tatters",
    "thickest", "tonnage", "tripping", "trotted", "volubly", "widders", "wretched",
)  # fmt: skip


def _word_variant(key: str, course: str, words: tuple[str, ...]) -> None:
    """Declare exercise ``key``'s variant space: one word of ``words`` per student, ``course`` in the course."""

    @WORKBOOK.variants(key, course={"word": course})
    def word_variant(rng: random.Random) -> dict[str, str]:
        return {"word": rng.choice(words)}


_word_variant("doubloons_cut", WORDPIECE_WORD, WORDPIECE_WORDS)
_word_variant("parrots_cut", BPE_WORD, BPE_WORDS)
_word_variant("islanders_cut", UNIGRAM_WORD, UNIGRAM_WORDS)
_word_variant("rejected", REJECTED_WORD, REJECTED_WORDS)


__all__ = [
    "BPE_WORDS",
    "CUTTING",
    "REJECTED_WORDS",
    "UNIGRAM_WORDS",
    "WORDPIECE_WORDS",
    "WORKBOOK",
    "check_bpe_cut",
    "check_rejected",
    "check_unigram_cut",
    "check_wordpiece_cut",
    "progress",
    "show_answer",
]
