"""``explain``: every token explained, and the explanation is the tokenizer's own output.

On every bundled tokenizer (and BERT's vocab) and every text set, the explanation's tokens, ids and offsets
are ``encode_plus``'s; each model's decision is checked against what the model itself says (WordPiece's
lookups, Unigram's scores, BPE's merges replayed) and against hand-made cases.
"""

from __future__ import annotations

import json
import math

import pytest
from real_tokenizer_helpers import ALL_TOKENIZERS, BERT, EDGE_TEXTS, TOKENIZER_FOLDER, language_texts

from wordpiece_lib import Vocab, WordPieceTokenizer, load_tokenizer
from wordpiece_lib.model.bpe import BpeModel
from wordpiece_lib.model.unigram import UnigramModel
from wordpiece_lib.model.wordpiece import WordPieceModel
from wordpiece_lib.pipeline.explanation import explain
from wordpiece_lib.pipeline.tokenizer import Tokenizer
from wordpiece_lib.pipeline.unigram_tokenizer import UnigramTokenizer
from wordpiece_lib.text.byte_level import ByteLevel
from wordpiece_lib.text.normalizers import NFD, Lowercase, NormalizerSequence, StripAccents
from wordpiece_lib.text.splitters import Whitespace


@pytest.fixture(scope="module")
def loaded(bert_vocab_path):
    found = {name: load_tokenizer(TOKENIZER_FOLDER / name) for name in ALL_TOKENIZERS if name != BERT}
    found[BERT] = WordPieceTokenizer.from_file(bert_vocab_path, lowercase=True)
    return found


@pytest.fixture(scope="module")
def text_sets(book_text):
    lines = book_text.split("\n")
    return {"novel": lines[::7], "languages": language_texts()[::3], "edge": EDGE_TEXTS}


@pytest.mark.parametrize("text_set", ["novel", "languages", "edge"])
@pytest.mark.parametrize("name", ALL_TOKENIZERS)
def test_the_explanation_is_the_tokenizers_output(name, text_set, loaded, text_sets):
    tokenizer = loaded[name]
    for text in text_sets[text_set]:
        story = explain(tokenizer, text)
        encoding = tokenizer.encode_plus(text)
        assert [token.id for token in story.tokens] == encoding.ids, text
        assert [token.token for token in story.tokens] == encoding.tokens, text
        assert [(token.start, token.end) for token in story.tokens] == encoding.offsets, text
        assert [token.word for token in story.tokens] == encoding.word_ids, text
        assert all(token.text == text[token.start : token.end] for token in story.tokens)
        assert [token["id"] for token in json.loads(json.dumps(story.to_json()))["tokens"]] == encoding.ids
        assert story.to_text().count("\n") >= len(story.tokens)


@pytest.mark.parametrize("name", [name for name in ALL_TOKENIZERS if "bpe" in name])
def test_replaying_a_bpe_words_merges_gives_its_tokens(name, loaded, book_text):
    model = loaded[name].model
    for line in book_text.split("\n")[:200]:
        for word in explain(loaded[name], line).words:
            details = word.details
            symbols = list(details["start"])
            for rank, left, right, new in details["merges"]:
                assert model.merges[rank] == (left, right)
                position = next(i for i in range(len(symbols) - 1) if (symbols[i], symbols[i + 1]) == (left, right))
                symbols[position : position + 2] = [new]
            assert symbols == model.tokenize(word.word)


@pytest.mark.parametrize("name", [name for name in ALL_TOKENIZERS if "unigram" in name])
def test_a_unigram_words_best_cut_scores_what_its_pieces_score(name, loaded):
    model = loaded[name].model
    for text in EDGE_TEXTS:
        for word in explain(loaded[name], text).words:
            best, other = word.details["best"], word.details["runner_up"]
            scores = [model.score_of(piece) if piece in model.piece_ids else None for piece in best["pieces"]]
            if None not in scores:
                assert math.isclose(best["log_probability"], sum(scores), abs_tol=1e-9)
            if other is not None:
                assert other["pieces"] != best["pieces"] and other["log_probability"] <= best["log_probability"]


def test_wordpiece_lookups_by_hand():
    tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "un", "##aff", "##able", "##a"]), lowercase=True)
    story = explain(tokenizer, "Unaffable unx")
    assert [token.token for token in story.tokens] == ["un", "##aff", "##able", "[UNK]"]
    assert story.tokens[1].decision == (
        "WordPiece: tried '##affable' (not in the vocab), '##affabl' (not in the vocab), '##affab' (not in the "
        "vocab), '##affa' (not in the vocab), '##aff' (in the vocab): took '##aff'"
    )
    assert story.tokens[3].decision == (
        "WordPiece: no token of the vocab starts the rest of the word at character 2 ('x'), so the whole word is [UNK]"
    )
    assert story.normalizer_steps[0].edits[0].before == "U" and story.normalizer_steps[0].edits[0].after == "u"


def test_unigram_decision_by_hand():
    model = UnigramModel([("<unk>", 0.0), ("▁pug", -3.0), ("▁pu", -1.0), ("g", -1.5), ("▁p", -1.0), ("ug", -1.0)])
    story = explain(UnigramTokenizer(model), "pug")
    # ▁p + ug scores -2.0, ▁pu + g -2.5, ▁pug -3.0: the best cut and the best cut that differs.
    assert story.words[0].details["best"] == {"pieces": ["▁p", "ug"], "log_probability": -2.0}
    assert story.words[0].details["runner_up"] == {"pieces": ["▁pu", "g"], "log_probability": -2.5}


def test_bpe_merges_in_rank_order_and_the_bytes_of_a_byte_level_word():
    model = BpeModel.from_merges(
        [*"abc", "Ã", "©"], [("b", "c"), ("a", "bc"), ("Ã", "©")]
    )  # "é" is the bytes C3 A9, written Ã©
    tokenizer = Tokenizer(model, pretokenizer=ByteLevel(add_prefix_space=False))
    story = explain(tokenizer, "abcé")
    assert story.words[0].details["merges"] == [[0, "b", "c", "bc"], [1, "a", "bc", "abc"], [2, "Ã", "©", "Ã©"]]
    assert story.words[0].details["bytes_text"][-1] == "'é' -> bytes C3 A9 -> 'Ã©'"
    assert [(token.token, token.start, token.end) for token in story.tokens] == [("abc", 0, 3), ("Ã©", 3, 4)]


def test_each_normalizer_of_a_sequence_shows_its_own_edits():
    vocab = Vocab(["[UNK]", "cafe"])
    normalizer = NormalizerSequence((NFD(), Lowercase(), StripAccents()))
    tokenizer = Tokenizer(WordPieceModel(vocab), normalizer=normalizer, pretokenizer=Whitespace())
    story = explain(tokenizer, "CAFÉ")
    steps = {step.part: step for step in story.normalizer_steps}
    assert [(e.start, e.end, e.before, e.after) for e in steps["NFD"].edits] == [(3, 4, "É", "E\u0301")]
    assert [(e.before, e.after) for e in steps["Lowercase"].edits] == [("CAFÉ", "cafe")]  # the original's span
    assert [(e.start, e.end, e.before, e.after) for e in steps["StripAccents"].edits] == [(3, 4, "É", "")]
    assert story.tokens[0].token == "cafe" and (story.tokens[0].start, story.tokens[0].end) == (0, 4)


def test_a_google_tokenizer_is_refused_in_one_line():
    with pytest.raises(ValueError, match="explain follows Hugging Face's pipeline"):
        explain(WordPieceTokenizer(Vocab(["[UNK]", "a"]), compat="google"), "a")
