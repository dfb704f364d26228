"""Models are peers: one pipeline with a model slot, every part read by its ``type``, and a new model is a registration.

Hugging Face's ``WordLevel`` model (one token a word, the unknown token otherwise)
is not part of the library: here it is written in a few lines, registered, and a
``tokenizer.json`` Hugging Face wrote with it loads through ``load_tokenizer`` and
encodes as Hugging Face does, with nothing else changed.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from typing import Any

import pytest

from wordpiece_lib import UnigramTokenizer, Vocab, WordPieceTokenizer, load_tokenizer
from wordpiece_lib.model import UnigramModel, WordPieceModel
from wordpiece_lib.pipeline import (
    ByteFallback,
    ByteLevelProcessing,
    Fuse,
    ReplaceDecoder,
    Template,
    Tokenizer,
    parts,
    tokenizer_from_json,
    tokenizer_json,
)
from wordpiece_lib.text import NFD, ByteLevel, Metaspace, Precompiled, Replace, Split, build_charsmap

tokenizers = pytest.importorskip("tokenizers")

TEXTS = ["hug the pug", "Hug  the bun!", "", "pugs hug buns", "the the"]
CHARSMAP = build_charsmap({"ﬁ": "fi", "\u3000": " "})


@dataclass(frozen=True)
class WordLevel:
    """Hugging Face's ``models.WordLevel``, as a part of this library would be written: a word is a token or unknown."""

    vocab: Vocab

    @property
    def unk_token(self) -> str:
        return self.vocab.unk_token

    def tokens_with_spans(self, word: str) -> list[tuple[str, int, int, int]]:
        token = word if word in self.vocab else self.vocab.unk_token
        return [(token, self.vocab[token], 0, len(word))]

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "WordLevel",
            "vocab": dict(zip(self.vocab, range(len(self.vocab)))),
            "unk_token": self.unk_token,
        }

    @classmethod
    def from_json(cls, data: Any) -> WordLevel:
        vocab = sorted(data["vocab"], key=data["vocab"].__getitem__)
        return cls(Vocab(vocab, unk_token=data["unk_token"], special_tokens=()))


def assert_encodes_as_peer(ours: Any, peer: Any, text: str) -> Any:
    """Our encoding of ``text``, once its ids, tokens, offsets and words are Hugging Face's."""
    mine, theirs = ours.encode_plus(text), peer.encode(text)
    assert (mine.ids, mine.tokens, mine.offsets, mine.word_ids) == (
        theirs.ids,
        theirs.tokens,
        theirs.offsets,
        theirs.word_ids,
    ), text
    return mine


def hf_word_level() -> Any:
    from tokenizers import decoders, models, normalizers, pre_tokenizers

    peer = tokenizers.Tokenizer(models.WordLevel({"[UNK]": 0, "hug": 1, "the": 2, "pug": 3, "!": 4}, unk_token="[UNK]"))
    peer.normalizer = normalizers.BertNormalizer(lowercase=True)
    peer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    peer.decoder = decoders.WordPiece()
    peer.add_special_tokens(["[UNK]"])
    return peer


def test_a_new_model_is_a_class_and_a_line_in_the_registry(monkeypatch, tmp_path):
    peer = hf_word_level()
    path = tmp_path / "word_level.json"
    peer.save(str(path))
    with pytest.raises(ValueError, match="unsupported model 'WordLevel'"):
        load_tokenizer(path)
    monkeypatch.setitem(parts.REGISTRY["model"], "WordLevel", WordLevel)
    ours = load_tokenizer(path)
    assert type(ours) is Tokenizer and isinstance(ours.model, WordLevel)
    for text in TEXTS:
        mine = assert_encodes_as_peer(ours, peer, text)
        assert ours.decode(mine.ids) == peer.decode(peer.encode(text).ids)
    assert ours.to_json() == json.loads(peer.to_str())  # and it writes what it read
    copied = pickle.loads(pickle.dumps(ours))
    assert copied.tokenize("hug the pug!") == ours.tokenize("hug the pug!") == ["hug", "the", "pug", "!"]


def test_the_named_tokenizers_are_siblings_in_one_pipeline():
    assert not issubclass(UnigramTokenizer, WordPieceTokenizer) and not issubclass(WordPieceTokenizer, UnigramTokenizer)
    wordpiece = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]))
    unigram = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0), ("s", -2.0)]))
    assert isinstance(wordpiece, Tokenizer) and isinstance(unigram, Tokenizer)
    assert isinstance(wordpiece.model, WordPieceModel) and isinstance(unigram.model, UnigramModel)
    assert wordpiece.tokenize("hugs") == ["hug", "##s"] and unigram.tokenize("hugs") == ["▁hug", "s"]


def test_the_loader_picks_the_class_from_the_model_and_reads_the_file_once(monkeypatch, tmp_path):
    reads: list[Any] = []
    read_file_bytes = tokenizer_json.read_file_bytes
    monkeypatch.setattr(tokenizer_json, "read_file_bytes", lambda *a, **k: reads.append(a) or read_file_bytes(*a, **k))
    unigram = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)])).save(tmp_path / "u.json")
    wordpiece = WordPieceTokenizer(Vocab(["[UNK]", "hug"])).save(tmp_path / "w.json")
    assert type(load_tokenizer(unigram)) is UnigramTokenizer and len(reads) == 1
    assert type(load_tokenizer(wordpiece)) is WordPieceTokenizer and len(reads) == 2
    assert type(tokenizer_from_json(json.loads(unigram.read_text(encoding="utf-8")))) is UnigramTokenizer


def test_a_class_refuses_another_model_before_reading_it(tmp_path):
    data = UnigramTokenizer(UnigramModel([("<unk>", 0.0), ("▁hug", -1.0)])).to_json()
    with pytest.raises(ValueError, match="unsupported model 'Unigram': this class takes WordPiece"):
        WordPieceTokenizer.from_json(data)
    wordpiece = WordPieceTokenizer(Vocab(["[UNK]", "hug"])).to_json()
    with pytest.raises(ValueError, match="unsupported model 'WordPiece': this class takes Unigram"):
        UnigramTokenizer.from_json({**wordpiece, "model": {"type": "WordPiece"}})
    assert type(Tokenizer.from_json(data)) is Tokenizer  # the pipeline itself takes any model of the registry


@pytest.mark.parametrize(
    ("slot", "part"),
    [
        (slot, part_class)
        for slot, table in parts.REGISTRY.items()
        for part_class in dict.fromkeys(table.values())  # BertProcessing is read as a template
    ],
    ids=lambda value: value if isinstance(value, str) else value.__name__,
)
def test_every_registered_part_reads_what_it_writes(slot, part):
    """Each part's own from_json and to_json, through the serializer, for an example of the part."""
    examples = {
        "BertNormalizer": lambda: part(lowercase=True, strip_accents=False),
        "Metaspace": lambda: part(prepend_scheme="first", split=False),
        "WordPieceModel": lambda: part(Vocab(["[UNK]", "hug", "@@s"]), prefix="@@", max_input_chars_per_word=7),
        "UnigramModel": lambda: part([("<unk>", 0.0), ("▁hug", -1.5)], byte_fallback=True),
        "Template": lambda: part("<s> $A </s>", "<s> $A </s> $B:1 </s>:1"),
        "WordPieceDecoder": lambda: part("@@", cleanup=False),
        "MetaspaceDecoder": lambda: part(prepend_scheme="never"),
        "NormalizerSequence": lambda: part((NFD(), Replace(" {2,}", "▁", is_regex=True), Precompiled(CHARSMAP))),
        "Strip": lambda: part(left=False),
        "Replace": lambda: part("``", '"'),
        "Prepend": lambda: part("_"),
        "Precompiled": lambda: part(CHARSMAP),
        "PreTokenizerSequence": lambda: part((Split(r"\d+", "MergedWithNext", is_regex=True), ByteLevel(False))),
        "Split": lambda: part("-", "Contiguous", invert=True),
        "Digits": lambda: part(individual_digits=True),
        "Punctuation": lambda: part("MergedWithPrevious"),
        "ByteLevel": lambda: part(add_prefix_space=False, use_regex=False),
        "BpeModel": lambda: part(
            {"<unk>": 0, "a": 1, "##b": 2, "ab": 3},
            [("a", "##b")],
            unk_token="<unk>",
            continuing_subword_prefix="##",
            byte_fallback=True,
            ignore_merges=True,
        ),
        "BertProcessing": lambda: part(("</s>", 6), ("<s>", 5)),
        "RobertaProcessing": lambda: part(("</s>", 6), ("<s>", 5), trim_offsets=False),
        "ByteLevelProcessing": lambda: part(trim_offsets=False),
        "ProcessorSequence": lambda: part((ByteLevelProcessing(), Template("<s> $A", "<s> $A $B:1"))),
        "ByteLevelDecoder": lambda: part(add_prefix_space=False),
        "BPEDecoder": lambda: part("@@"),
        "StripDecoder": lambda: part(" ", 1, 0),
        "ReplaceDecoder": lambda: part("▁", " "),
        "DecoderSequence": lambda: part((ReplaceDecoder("▁", " "), ByteFallback(), Fuse())),
    }
    value = examples.get(part.__name__, part)()
    context = ({"<s>": 5, "</s>": 6},) if slot == "post_processor" else ()
    written = parts.write_part(slot, value, *context)
    back = parts.read_part(slot, json.loads(json.dumps(written)), *context)
    assert parts.write_part(slot, back, *context) == written
    if slot != "model":  # a model's vocab compares by its tokens; the rest are plain values
        assert back == value
    else:
        assert back.vocab == value.vocab


def test_the_pipeline_holds_parts_no_named_class_puts_together_and_is_exact():
    """A WordPiece model behind SentencePiece's Metaspace: the plain ``Tokenizer`` gives Hugging Face's encodings."""
    from tokenizers import models, pre_tokenizers

    vocab = ["[UNK]", "▁hug", "##s", "▁", "##▁", "▁the", "p", "##u", "##g"]
    peer = tokenizers.Tokenizer(models.WordPiece({token: i for i, token in enumerate(vocab)}, unk_token="[UNK]"))
    peer.pre_tokenizer = pre_tokenizers.Metaspace()
    ours = Tokenizer(WordPieceModel(Vocab(vocab)), pretokenizer=Metaspace())
    for text in [*TEXTS, "hugs  the pug ", " pug"]:
        assert_encodes_as_peer(ours, peer, text)
    loaded = tokenizer_from_json(json.loads(peer.to_str()))  # WordPieceTokenizer takes no Metaspace: the pipeline does
    assert type(loaded) is Tokenizer and loaded.tokenize("hugs the") == ours.tokenize("hugs the")
    with pytest.raises(ValueError, match="unsupported pre_tokenizer 'Metaspace' for a WordPieceTokenizer"):
        WordPieceTokenizer.from_json(json.loads(peer.to_str()))
    assert pickle.loads(pickle.dumps(ours)).tokenize("hugs") == ["▁hug", "##s"]
