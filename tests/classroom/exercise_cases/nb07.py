"""Notebook 07 · a real book: the longest token, names kept whole, predicted splits, fertility."""

from __future__ import annotations

import functools
import math

from wordpiece_lib import BERT_SPECIAL_TOKENS, Vocab, WordCounts, WordPieceTokenizer, encode_word, load_book, train_fast
from wordpiece_lib.analysis import measure
from wordpiece_lib.classroom.real_book import checks as book_checks
from wordpiece_lib.classroom.real_book import text_fertility_table

from .rows import (
    FROM_CELL,
    LIBRARY,
    SLIP,
    Case,
    Later,
    Wrong,
    another_cell,
    computed,
    copied,
    library,
    secrets_of,
    slip,
    typed,
)

NAMES = ["Jim", "Silver", "Livesey", "Trelawney", "Hawkins", "Smollett", "Flint", "Gunn"]
WORDS_TO_PREDICT = ["parrot", "love", "school", "car", "hug", "captains", "castle"]
TEAM_SENTENCE = "Our team found the map, the gold, and Ben Gunn's cave."
#: The sentence section 4 of notebook 07 prints tokenized (and the exercise asked about before issue 25).
PRINTED_TEAM_SENTENCE = "The team members are Alice, John, Jim, and Bob."
#: Notebook 07's five sentences of section 4, whose fertility its table prints.
FIVE_SENTENCES = [
    "There is still a lot of treasure buried on the island.",
    "I've checked, my last shipment was delayed.",
    "The captain and the lieutenant had a discussion.",
    PRINTED_TEAM_SENTENCE,
    "I've checked, but I will check again.",
]


@functools.cache
def book_counts_cased() -> WordCounts:
    return WordCounts.from_texts(load_book("treasure-island"))


@functools.cache
def full_trace():
    return train_fast(book_counts_cased(), 20_000)


@functools.cache
def vocab_of_size(size: int) -> set[str]:
    trace = full_trace()
    return set(trace.tokens(trace.steps_for_size(size)))


def longest_by(length):
    """The text token (no special token) whose ``length`` is greatest, the first in sorted order on a tie."""

    def longest(tokens):
        text_tokens = [token for token in tokens if token not in BERT_SPECIAL_TOKENS]
        return max(sorted(text_tokens), key=length)

    return longest


#: The right answer: the '##' prefix taken off once.
longest_token = longest_by(lambda token: len(token.removeprefix("##")))
#: strip('#') takes a '#' of the text away too: '###' ('#' continuing a word) counts as nothing.
longest_token_stripping_every_hash = longest_by(lambda token: len(token.strip("#")))


def fertility_of(sentence: str, tokenizer: WordPieceTokenizer) -> float:
    words = tokenizer.words(sentence)
    return sum(len(tokenizer.encode_word(word)) for word in words) / len(words)


def cases() -> list[Case]:
    full_vocab = set(full_trace().tokens())
    counts = book_counts_cased()
    vocab = vocab_of_size(11_800)
    whole = sum(name in vocab for name in NAMES)
    made_at = {step.new_token: step for step in full_trace().steps}
    five_sentences_fertility = text_fertility_table(
        full_trace(), {"s": WordCounts.from_texts(FIVE_SENTENCES)}, [10_000]
    )
    by_merge_number = sum(made_at[name].number <= 11_800 for name in NAMES)  # the wrong column of the table
    at_10k = sum(name in vocab_of_size(10_000) for name in NAMES)
    predictions = {word: len(encode_word(word, full_vocab)) > 1 for word in WORDS_TO_PREDICT}
    naive = {word: word not in counts for word in WORDS_TO_PREDICT}
    tokenizer = WordPieceTokenizer(Vocab(full_trace().tokens(full_trace().steps_for_size(10_000))))
    words = tokenizer.words(TEAM_SENTENCE)
    tokens = [token for word in words for token in tokenizer.encode_word(word)]
    plain = [word for word in words if any(c.isalnum() for c in word)]
    fresh = book_checks._fresh_vocabs()
    return [
        Case(
            "longest_token",
            book_checks.check_longest_token,
            right=(longest_token,),
            wrongs=(
                slip("max by len, ## counted", lambda tokens: max(tokens, key=len)),
                slip("special tokens kept", lambda tokens: max(tokens, key=lambda t: len(t.removeprefix("##")))),
                slip(
                    "the length, not the token",
                    lambda tokens: max(len(t.removeprefix("##")) for t in tokens if t not in BERT_SPECIAL_TOKENS),
                ),
                copied("the notebook's 10k answer typed in", lambda tokens: "miscalculations"),
                slip("the first token", lambda tokens: tokens[0]),
                slip("every '#' stripped, not the prefix removed once", longest_token_stripping_every_hash),
            ),
            secrets=secrets_of(
                *(
                    max((t for t in v if t not in BERT_SPECIAL_TOKENS), key=lambda t: len(t.removeprefix("##")))
                    for v in fresh
                )
            ),
        ),
        Case(
            "whole_names",
            book_checks.check_single_token_names,
            right=(whole,),
            data=(NAMES, vocab),
            wrongs=(
                copied("every name: section 3's table is the whole vocab's, where every name is a token", len(NAMES)),
                typed("the 10,000-token vocab's count (the exercise before issue 25)", at_10k),
                typed("the table read by its merge number, not its vocab size", by_merge_number),
                slip("one too many", whole + 1),
                slip("none", 0),
                slip("two too many", whole + 2),
                slip("one too few", whole - 1),
                computed(
                    "the names cut by the encoder, under an alias",
                    "whole_names = sum(len(cut(name, vocab)) == 1 for name in names)",
                    {"cut": encode_word, "vocab": vocab, "names": NAMES},
                ),
                computed(
                    "a tokenizer object's method",
                    "whole_names = sum(len(tok.encode_word(name)) == 1 for name in names)",
                    {"tok": WordPieceTokenizer(Vocab(sorted(vocab))), "names": NAMES},
                ),
            ),
            secrets=(str(whole),),
        ),
        Case(
            "predicted_split",
            book_checks.check_split_predictions,
            right=(predictions,),
            data=(full_vocab, counts, WORDS_TO_PREDICT),
            right_extra={"source": f"predicted_split = {predictions!r}"},
            wrongs=(
                copied(
                    "section 4's words the book never uses, cut into pieces: taken as the rule",
                    naive,
                    source=f"predicted_split = {naive!r}",
                ),
                typed("everything split", dict.fromkeys(WORDS_TO_PREDICT, True)),
                slip(
                    "the whole vocab looked up, not predicted",
                    predictions,
                    source="predicted_split = {w: w not in full_vocab for w in words_to_predict}",
                ),
                slip(
                    "the merges' record looked up",
                    predictions,
                    source="predicted_split = {w: w not in made_at for w in words_to_predict}",
                ),
                library(
                    "encodes instead of predicting",
                    predictions,
                    source="predicted_split = {w: len(encode_word(w, full_vocab)) > 1 for w in words_to_predict}",
                ),
                computed(
                    "the encoder under an alias",
                    "predicted_split = {w: len(ew(w, vocab)) > 1 for w in words}",
                    {"ew": encode_word, "vocab": full_vocab, "words": WORDS_TO_PREDICT},
                ),
                computed(
                    "a tokenizer object's method, in another cell's helper",
                    "predicted_split = {w: pieces(w) > 1 for w in words}",
                    {
                        "pieces": another_cell(
                            "def make(tok):\n    def pieces(w):\n        return len(tok.tokenize(w))\n    return pieces",
                            "make",
                        )(WordPieceTokenizer(Vocab(full_trace().tokens()))),
                        "words": WORDS_TO_PREDICT,
                    },
                ),
            ),
            secrets=("'hug': False", "'school': False", "'captains': True"),
        ),
        Case(
            "team_fertility",
            book_checks.check_fertility,
            right=(len(tokens) / len(words),),
            data=(TEAM_SENTENCE, tokenizer),
            wrongs=(
                slip("punctuation left out", len(tokens) / len(plain)),
                slip("words per token", len(words) / len(tokens)),
                slip("the number of tokens", len(tokens)),
                slip("rounded to one decimal", round(len(tokens) / len(words), 1)),
                slip("cut off after two decimals, not rounded", math.floor(len(tokens) / len(words) * 100) / 100),
                slip("[CLS] and [SEP] counted", (len(tokens) + 2) / len(words)),
                slip("[UNK] left out of the tokens", sum(token != "[UNK]" for token in tokens) / len(words)),
                copied(
                    "section 4's printed team sentence, its tokens counted off the output",
                    fertility_of(PRINTED_TEAM_SENTENCE, tokenizer),
                    source="",
                ),
                copied(
                    "the five sentences' fertility at 10,000, read off section 5's table",
                    round(float(five_sentences_fertility["s"].iloc[0]), 2),
                    source="",
                ),
                computed(
                    "the library's measure, under an alias",
                    "team_fertility = m(tok.encode_word, WordCounts.from_texts([sentence])).fertility",
                    {"m": measure, "tok": tokenizer, "WordCounts": WordCounts, "sentence": TEAM_SENTENCE},
                ),
                computed(
                    "the notebook's fertility table, made for the sentence",
                    "t = table(trace, {'s': WordCounts.from_texts([sentence])}, [10_000])\n"
                    "team_fertility = float(t['s'].iloc[0])",
                    {
                        "table": text_fertility_table,
                        "trace": full_trace(),
                        "WordCounts": WordCounts,
                        "sentence": TEAM_SENTENCE,
                    },
                ),
            ),
            secrets=(f"{len(tokens)} tokens", f"{len(words)} words", f"{len(tokens) / len(words):.3f}"),
        ),
    ]


# ---- Issue 40: look-ups, slips the messages must name (kept apart from the rows above, so that other tables'
# ---- additions merge cleanly; the ideas their messages name are in ideas.py).


def lesson_wrongs() -> dict[str, tuple[Wrong, ...]]:
    in_the_notebook = {"full": Later(full_trace), "words_to_predict": WORDS_TO_PREDICT, "names": NAMES}
    return {
        "longest_token": (
            slip(
                "the '##' tokens left out with the special ones",
                lambda tokens: max(
                    (t for t in tokens if not t.startswith("##") and t not in BERT_SPECIAL_TOKENS), key=len
                ),
            ),
            slip(
                "every token that starts with '[' left out, not the special ones",
                lambda tokens: max(
                    sorted(t for t in tokens if not t.startswith("[")), key=lambda t: len(t.removeprefix("##"))
                ),
            ),
        ),
        "predicted_split": (
            Wrong(
                "the vocab looked up under a name of one's own",
                (FROM_CELL,),
                SLIP,
                {
                    "cell": ("predicted_split = {w: w not in known for w in words_to_predict}", in_the_notebook, None),
                    "earlier": ("known = set(full.tokens())",),
                },
            ),
            Wrong(
                "a look-up typed item by item",
                (FROM_CELL,),
                SLIP,
                {
                    "cell": (
                        "predicted_split = {}\nfor w in words_to_predict:\n    predicted_split[w] = w not in known",
                        in_the_notebook,
                        None,
                    ),
                    "earlier": ("known = set(full.tokens())",),
                },
            ),
        ),
        "whole_names": (
            Wrong(
                "the names looked up in the 11,800-token vocab, built in an earlier cell",
                (FROM_CELL,),
                LIBRARY,
                {
                    "cell": ("whole_names = sum(name in vocab_11800 for name in names)", in_the_notebook, None),
                    "earlier": ("vocab_11800 = set(full.tokens(full.steps_for_size(11_800)))",),
                },
            ),
            computed(
                "the vocab of the size built in the answer cell, the names looked up in it",
                "whole_names = sum(name in set(run.tokens(run.steps_for_size(11_800))) for name in names)",
                {"run": Later(full_trace), "names": NAMES},
            ),
        ),
    }


# ---------------------------------------------------------------- another tokenizer library does the work (issue 40.1)


def shortcut_wrongs() -> dict[str, tuple]:
    """Hugging Face's WordPiece model cuts the names and the words; a `transformers` tokenizer counts tokens per word."""
    from .hugging_face import HAVE_TOKENIZERS, HAVE_TRANSFORMERS, tokens_of, wordpiece_model
    from .rows import Later, other_computed

    if not HAVE_TOKENIZERS:
        return {}
    size_10k = Later(lambda: full_trace().tokens(full_trace().steps_for_size(10_000)))
    rows = {
        "whole_names": (
            other_computed(
                "Hugging Face's WordPiece model cuts each name",
                "whole_names = sum(len(tokens(hf, name)) == 1 for name in names)",
                {"tokens": tokens_of, "hf": Later(lambda: wordpiece_model(vocab_of_size(11_800))), "names": NAMES},
            ),
        ),
        "predicted_split": (
            other_computed(
                "Hugging Face's WordPiece model cuts each word",
                "predicted_split = {w: len(hf.tokenize(w)) > 1 for w in words}",
                {"hf": Later(lambda: wordpiece_model(full_trace().tokens())), "words": WORDS_TO_PREDICT},
            ),
        ),
    }
    if HAVE_TRANSFORMERS:
        rows["team_fertility"] = (
            other_computed(
                "a `transformers` tokenizer of the 10,000-token vocab",
                "from tokenizers import Tokenizer, models, normalizers, pre_tokenizers\n"
                "from transformers import PreTrainedTokenizerFast\n"
                "core = Tokenizer(models.WordPiece({t: n for n, t in enumerate(tokenizer_10k.vocab.tokens)}, "
                "unk_token='[UNK]'))\n"
                "core.normalizer = normalizers.BertNormalizer(lowercase=False)\n"
                "core.pre_tokenizer = pre_tokenizers.BertPreTokenizer()\n"
                "hf_bert = PreTrainedTokenizerFast(tokenizer_object=core, unk_token='[UNK]')\n"
                "team_fertility = len(hf_bert.tokenize(team_sentence)) / len(tokenizer_10k.words(team_sentence))",
                {
                    "tokenizer_10k": Later(lambda: WordPieceTokenizer(Vocab(size_10k()))),
                    "team_sentence": TEAM_SENTENCE,
                },
            ),
        )
    return rows
