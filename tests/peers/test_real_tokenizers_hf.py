"""Real tokenizers, taken apart exactly: every bundled tokenizer and every part a tokenizer.json may hold, against
Hugging Face ``tokenizers`` in the same test.

For each bundled tokenizer (data/tokenizers/ and BERT's uncased vocab) and each text set (every line of the
novel, notebook 09's multilingual texts, the edge cases of ``real_tokenizer_helpers``): ids, tokens, offsets,
word ids, type ids, masks and the decoded text are Hugging Face's. Pipelines that Hugging Face builds with
every other part (trained here by its own trainers) are loaded and compared the same way; a missing field is
refused exactly when Hugging Face refuses it; and the Unicode tables that stand for Hugging Face's older ones
are checked code point by code point.
"""

from __future__ import annotations

import copy
import json
import unicodedata

import pytest
from real_tokenizer_helpers import (
    ALL_TOKENIZERS,
    BERT,
    EDGE_TEXTS,
    TOKENIZER_FOLDER,
    bert_tokenizer_json,
    language_texts,
    read_json,
)

from wordpiece_lib import load_tokenizer
from wordpiece_lib.pipeline import parts
from wordpiece_lib.pipeline.loader import tokenizer_from_json
from wordpiece_lib.text import normalizers as our_normalizers
from wordpiece_lib.text import unicode_forms

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Regex, decoders, models, normalizers, pre_tokenizers, processors, trainers  # noqa: E402

FIELDS = ("ids", "tokens", "offsets", "word_ids", "type_ids", "attention_mask", "special_tokens_mask", "sequence_ids")


@pytest.fixture(scope="module")
def paths(bert_vocab_path, tmp_path_factory):
    found = {name: TOKENIZER_FOLDER / name for name in ALL_TOKENIZERS if name != BERT}
    found[BERT] = bert_tokenizer_json(bert_vocab_path, tmp_path_factory.mktemp("bert"))
    return found


@pytest.fixture(scope="module")
def text_sets(book_text):
    return {"novel": book_text.split("\n"), "languages": language_texts(), "edge": EDGE_TEXTS}


def fields(encoding):
    return {name: list(getattr(encoding, name)) for name in FIELDS}


def assert_identical(ours, peer, texts, where):
    mine = ours.encode_batch(texts)
    theirs = peer.encode_batch(texts)
    differ = [index for index, (a, b) in enumerate(zip(mine, theirs)) if fields(a) != fields(b)]
    assert not differ, f"{where}: {len(differ)} of {len(texts)} texts differ, the first {texts[differ[0]]!r:.80}"
    decoded = [ours.decode(encoding.ids) for encoding in mine]
    assert decoded == peer.decode_batch([encoding.ids for encoding in theirs]), f"{where}: decode differs"


@pytest.mark.parametrize("text_set", ["novel", "languages", "edge"])
@pytest.mark.parametrize("name", ALL_TOKENIZERS)
def test_every_bundled_tokenizer_is_hugging_faces_on_every_text_set(name, text_set, paths, text_sets):
    ours = load_tokenizer(paths[name])
    peer = tokenizers.Tokenizer.from_file(str(paths[name]))
    assert_identical(ours, peer, text_sets[text_set], f"{name} on {text_set}")


@pytest.mark.parametrize("name", ALL_TOKENIZERS)
def test_pairs_and_writing_back(name, paths):
    ours = load_tokenizer(paths[name])
    peer = tokenizers.Tokenizer.from_file(str(paths[name]))
    pairs = list(zip(EDGE_TEXTS, reversed(EDGE_TEXTS)))
    for first, second in pairs:
        assert fields(ours.encode_plus(first, second)) == fields(peer.encode(first, second)), (first, second)
    assert ours.to_json() == read_json(paths[name])  # what it read, it writes: Hugging Face's own file


def test_a_stripped_accent_before_a_newer_mark_spans_both():
    """The differential run's case: U+0C3C is a mark of Unicode 10, a starter to Hugging Face's Unicode 9 tables,
    so it is not moved before the accent, and the unknown token spans all three characters."""
    from wordpiece_lib import Vocab, WordPieceTokenizer

    peer = tokenizers.Tokenizer(models.WordPiece({"[UNK]": 0, "a": 1}, unk_token="[UNK]"))
    peer.normalizer = normalizers.BertNormalizer(lowercase=True)
    peer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    ours = WordPieceTokenizer(Vocab(["[UNK]", "a"]), lowercase=True)
    assert peer.encode("a\u0301\u0c3c").offsets == [(0, 3)]
    assert ours.encode_plus("a\u0301\u0c3c").offsets == [(0, 3)]


@pytest.fixture(scope="module")
def lines(book_text):
    return book_text.split("\n")[:1500]


def trained(model, trainer, lines, *, normalizer=None, pre_tokenizer=None):
    peer = tokenizers.Tokenizer(model)
    peer.normalizer = normalizer
    peer.pre_tokenizer = pre_tokenizer
    peer.train_from_iterator(lines, trainer)
    return peer


def byte_level_trainer(vocab_size=800, special_tokens=("<s>", "</s>"), min_frequency=0):
    """Hugging Face's trainer of a byte-level BPE: every byte in the alphabet from the start."""
    return trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=list(special_tokens),
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        min_frequency=min_frequency,
        show_progress=False,
    )


def hf_pipelines(lines):
    """Hugging Face pipelines built with every part this library reads, each model trained by its trainer."""
    specials = ["<unk>", "<s>", "</s>", "[CLS]", "[SEP]"]
    out = {}

    course = trained(
        models.WordPiece(unk_token="<unk>"),
        trainers.WordPieceTrainer(vocab_size=600, special_tokens=specials, show_progress=False),
        lines,
        normalizer=normalizers.Sequence([normalizers.NFD(), normalizers.Lowercase(), normalizers.StripAccents()]),
        pre_tokenizer=pre_tokenizers.Whitespace(),
    )
    course.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1", special_tokens=[("[CLS]", 3), ("[SEP]", 4)]
    )
    course.decoder = decoders.WordPiece()
    out["course recipe: NFD, Lowercase, StripAccents, Whitespace, WordPiece"] = course

    bert = trained(
        models.WordPiece(unk_token="<unk>"),
        trainers.WordPieceTrainer(vocab_size=600, special_tokens=specials, show_progress=False),
        lines,
        normalizer=normalizers.Sequence([normalizers.BertNormalizer(lowercase=True)]),
        pre_tokenizer=pre_tokenizers.BertPreTokenizer(),
    )
    bert.post_processor = processors.BertProcessing(("[SEP]", 4), ("[CLS]", 3))
    bert.decoder = decoders.WordPiece(cleanup=False)
    out["Sequence[BertNormalizer], BertProcessing"] = bert

    suffixed = trained(
        models.BPE(unk_token="<unk>", continuing_subword_prefix="##", end_of_word_suffix="</w>"),
        trainers.BpeTrainer(
            vocab_size=700,
            special_tokens=specials,
            continuing_subword_prefix="##",
            end_of_word_suffix="</w>",
            show_progress=False,
        ),
        lines,
        normalizer=normalizers.NFKC(),
        pre_tokenizer=pre_tokenizers.Sequence(
            [
                pre_tokenizers.WhitespaceSplit(),
                pre_tokenizers.Digits(individual_digits=True),
                pre_tokenizers.Punctuation("merged_with_previous"),
            ]
        ),
    )
    suffixed.decoder = decoders.BPEDecoder("</w>")
    out["BPE with prefix and suffix, NFKC, WhitespaceSplit, Digits, Punctuation"] = suffixed

    byte_fallback = trained(
        models.BPE(unk_token="<unk>", byte_fallback=True, fuse_unk=True),
        trainers.BpeTrainer(
            vocab_size=900,
            special_tokens=[*specials, *(f"<0x{byte:02X}>" for byte in range(256))],
            show_progress=False,
        ),
        lines,
        normalizer=normalizers.Sequence(
            [
                normalizers.NFKD(),
                normalizers.Strip(),
                normalizers.Prepend("▁"),
                normalizers.Replace(" ", "▁"),
                normalizers.Replace(Regex("▁{2,}"), "▁"),
            ]
        ),
        pre_tokenizer=pre_tokenizers.Split("▁", "merged_with_next"),
    )
    byte_fallback.decoder = decoders.Sequence(
        [decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(), decoders.Strip(" ", 1, 0)]
    )
    out["byte-fallback BPE, NFKD, Strip, Prepend, Replace, Split, Llama's decoders"] = byte_fallback

    byte_level = trained(
        models.BPE(ignore_merges=True),
        byte_level_trainer(),
        lines,
        normalizer=normalizers.NFC(),
        pre_tokenizer=pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(r"\d{1,3}"), "isolated"),
                pre_tokenizers.ByteLevel(add_prefix_space=True, use_regex=True),
            ]
        ),
    )
    byte_level.post_processor = processors.Sequence(
        [
            processors.ByteLevel(trim_offsets=True),
            processors.TemplateProcessing(
                single="<s> $A </s>", pair="<s> $A </s> $B:1 </s>:1", special_tokens=[("<s>", 0), ("</s>", 1)]
            ),
        ]
    )
    byte_level.decoder = decoders.ByteLevel()
    out["byte-level BPE with ignore_merges, NFC, Split, Sequence of post-processors"] = byte_level

    roberta = trained(
        models.BPE(),
        byte_level_trainer(),
        lines,
        pre_tokenizer=pre_tokenizers.ByteLevel(add_prefix_space=True),
    )
    roberta.post_processor = processors.RobertaProcessing(("</s>", 1), ("<s>", 0), trim_offsets=True)
    roberta.decoder = decoders.ByteLevel()
    out["RoBERTa's byte-level BPE and RobertaProcessing"] = roberta

    unigram = trained(
        models.Unigram(),
        trainers.UnigramTrainer(vocab_size=500, special_tokens=["<unk>"], unk_token="<unk>", show_progress=False),
        lines,
        normalizer=normalizers.Sequence([normalizers.NFKC(), normalizers.Strip(left=True, right=False)]),
        pre_tokenizer=pre_tokenizers.Sequence(
            [
                pre_tokenizers.Split(Regex(r"\s+"), "contiguous", invert=True),
                pre_tokenizers.Metaspace(prepend_scheme="first"),
            ]
        ),
    )
    unigram.decoder = decoders.Metaspace(prepend_scheme="first")
    out["Unigram, Contiguous Split, Metaspace first"] = unigram
    return out


@pytest.fixture(scope="module")
def pipelines(lines):
    return hf_pipelines(lines)


def test_every_part_as_hugging_face_builds_it(pipelines, lines):
    seen: dict[str, set[str]] = {slot: set() for slot in parts.REGISTRY}
    for where, peer in pipelines.items():
        data = json.loads(peer.to_str())
        ours = tokenizer_from_json(copy.deepcopy(data))
        assert_identical(ours, peer, [*EDGE_TEXTS, *lines[:400]], where)
        assert ours.to_json() == data, where
        for slot in parts.REGISTRY:
            collect_types(data[slot], seen[slot])
    assert seen["normalizer"] >= {"Sequence", "NFD", "NFKC", "NFKD", "NFC", "Lowercase", "StripAccents", "Strip"}
    assert seen["pre_tokenizer"] >= {"Sequence", "Whitespace", "Split", "Digits", "Punctuation", "ByteLevel"}
    assert seen["post_processor"] >= {
        "TemplateProcessing",
        "BertProcessing",
        "RobertaProcessing",
        "ByteLevel",
        "Sequence",
    }
    assert seen["decoder"] >= {"WordPiece", "BPEDecoder", "ByteLevel", "ByteFallback", "Fuse", "Strip", "Replace"}


def collect_types(data, into):
    if isinstance(data, dict):
        if isinstance(data.get("type"), str):
            into.add(data["type"])
        for value in data.values():
            if isinstance(value, list):
                for item in value:
                    collect_types(item, into)


def hf_refuses(data):
    try:
        tokenizers.Tokenizer.from_str(json.dumps(data))
    except BaseException as error:  # a missing field can make Hugging Face panic (PanicException)
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        return True
    return False


def we_refuse(data):
    try:
        tokenizer_from_json(copy.deepcopy(data))
    except (ValueError, TypeError, KeyError):
        return True
    return False


def test_a_missing_field_is_refused_exactly_when_hugging_face_refuses_it(pipelines, paths):
    """Every field of every part of every pipeline here (and of truncation and padding), left out in turn."""
    files = [json.loads(peer.to_str()) for peer in pipelines.values()]
    files += [read_json(paths[name]) for name in ("botchan-unigram.json", "clip-bpe.json", BERT)]
    with_settings = copy.deepcopy(files[0])
    with_settings["truncation"] = {"direction": "Right", "max_length": 9, "strategy": "LongestFirst", "stride": 0}
    with_settings["padding"] = {
        "strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": None,
        "pad_id": 0, "pad_type_id": 0, "pad_token": "<unk>",
    }  # fmt: skip
    files.append(with_settings)
    checked = 0
    wrong = []
    for data in files:
        for slot in [*parts.REGISTRY, "truncation", "padding"]:
            for path in object_paths(data[slot], (slot,)):
                target = data
                for key in path:
                    target = target[key]
                for field in [key for key in target if key != "type"]:
                    broken = copy.deepcopy(data)
                    inner = broken
                    for key in path:
                        inner = inner[key]
                    del inner[field]
                    if we_refuse(broken) != hf_refuses(broken):
                        wrong.append(
                            f"{'.'.join(map(str, path))} without {field}: Hugging Face refuses {hf_refuses(broken)}"
                        )
                    checked += 1
    assert not wrong, wrong
    assert checked > 100


def object_paths(data, path):
    """The path of every object (dict) inside a part, the part itself included."""
    if isinstance(data, dict):
        yield path
        for key, value in data.items():
            if isinstance(value, list) and key not in ("vocab", "merges", "single", "pair"):
                for index, item in enumerate(value):
                    yield from object_paths(item, (*path, key, index))


@pytest.mark.slow
def test_the_unicode_tables_are_hugging_faces():
    """The characters Hugging Face's Unicode 9.0 tables see otherwise, found again by normalizing every code point."""
    nfd, nfkd, strip = normalizers.NFD(), normalizers.NFKD(), normalizers.StripAccents()
    newer_marks, newer_decomposed = set(), set()
    for code in range(0x110000):
        if 0xD800 <= code < 0xE000:
            continue
        char = chr(code)
        if unicodedata.decomposition(char):
            if nfkd.normalize_str(char) != unicodedata.normalize("NFKD", char):
                newer_decomposed.add(char)
        elif unicodedata.combining(char):
            if unicodedata.combining(char) < 230:
                moved = nfd.normalize_str("a\u0301" + char) == "a" + char + "\u0301"
            else:
                moved = nfd.normalize_str("a" + char + "\u0334") == "a\u0334" + char
            if not moved:
                newer_marks.add(char)
        assert our_normalizers.is_combining_mark(char) == (strip.normalize_str("a" + char) == "a"), hex(code)
    assert newer_marks == unicode_forms.NEWER_MARKS
    assert newer_decomposed == unicode_forms.NEWER_DECOMPOSED


def test_the_unicode_forms_are_hugging_faces_on_runs_of_marks():
    texts = [*EDGE_TEXTS, "a\u0328\u0301\u0308", "\u1100\u1161\u11a8 \uac00\u11a8", "e\u0301\u0327x\u0327\u0301"]
    for form in ("NFC", "NFD", "NFKC", "NFKD"):
        peer = getattr(normalizers, form)()
        ours = getattr(our_normalizers, form)()
        for text in texts:
            assert ours(text) == peer.normalize_str(text), (form, text)


def hf_byte_level_trainer_file(lines, vocab_size, special_tokens, min_frequency=0):
    peer = tokenizers.Tokenizer(models.BPE())
    peer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    peer.train_from_iterator(lines, byte_level_trainer(vocab_size, special_tokens, min_frequency))
    return json.loads(peer.to_str())["model"]


def test_train_model_bpe_writes_hugging_faces_merges_on_the_novel(book_file, book_text, tmp_path):
    from command_helpers import run_cli

    output = tmp_path / "bpe.json"
    result = run_cli("train", "--model", "bpe", book_file, "--vocab-size", "5000", "-o", output, "--quiet")
    assert result.returncode == 0, result.stderr
    ours = read_json(output)
    theirs = hf_byte_level_trainer_file(book_text.split("\n"), 5000, ["<|endoftext|>"])
    assert ours["model"]["merges"] == theirs["merges"] and ours["model"]["vocab"] == theirs["vocab"]
    assert len(theirs["merges"]) == 5000 - 257
    peer = tokenizers.Tokenizer.from_file(str(output))  # and Hugging Face loads what it wrote, token for token
    assert_identical(load_tokenizer(output), peer, [*EDGE_TEXTS, *book_text.split("\n")[:300]], "train --model bpe")


@pytest.mark.parametrize(("vocab_size", "min_frequency"), [(300, 0), (2000, 5), (12000, 2)])
def test_the_byte_level_trainer_is_hugging_faces(book_text, vocab_size, min_frequency):
    from collections import Counter

    from wordpiece_lib.text.byte_level import ByteLevel
    from wordpiece_lib.training.byte_bpe import train_byte_level_bpe

    lines = book_text.split("\n")
    counts = Counter(word for line in lines for word in ByteLevel(add_prefix_space=False).pre_tokenize(line))
    model = train_byte_level_bpe(counts, vocab_size, special_tokens=["<s>", "</s>"], min_frequency=min_frequency)
    theirs = hf_byte_level_trainer_file(lines, vocab_size, ["<s>", "</s>"], min_frequency)
    assert [list(pair) for pair in model.merges] == theirs["merges"]
    assert model.token_ids == theirs["vocab"]


SPLIT_PATTERNS = [
    {"String": " "},
    {"String": "ab"},
    {"String": ""},
    {"Regex": r"\s+"},
    {"Regex": r"\d"},
    {"Regex": r"(?i)a|é"},
    {"Regex": r"'s|'t|\p{L}+|\p{N}+"},
]
SPLIT_TEXTS = [*EDGE_TEXTS, "abab  ab  cab1 22 ", "Áa é 's't 12ab", "aaa", "  "]


@pytest.mark.parametrize("behavior", ["removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous"])
def test_every_cutting_pre_tokenizer_cuts_where_hugging_face_does(behavior):
    """Split (string and regex patterns, inverted or not), Punctuation, Digits and Whitespace, behaviour by behaviour:
    the same words at the same offsets as Hugging Face's ``pre_tokenize_str``."""
    peers = [pre_tokenizers.Punctuation(behavior)]
    for pattern in SPLIT_PATTERNS:
        value = pattern.get("String", None)
        for invert in (False, True):
            peers.append(
                pre_tokenizers.Split(value if value is not None else Regex(pattern["Regex"]), behavior, invert)
            )
    if behavior == "isolated":  # the parts that have no behaviour of their own, once
        peers += [pre_tokenizers.Digits(True), pre_tokenizers.Digits(False), pre_tokenizers.Whitespace()]
    for peer in peers:
        data = json.loads(peer.__getstate__())
        ours = parts.read_part("pre_tokenizer", data)
        for text in SPLIT_TEXTS:
            _, _, spans = ours.split_with_origins(text, range(len(text)))
            mine = [(text[start:end], (start, end)) for start, end in spans]
            assert mine == peer.pre_tokenize_str(text), (data, text)


@pytest.mark.parametrize("pattern", SPLIT_PATTERNS, ids=lambda pattern: repr(next(iter(pattern.values()))))
def test_replace_is_hugging_faces_for_every_pattern(pattern):
    """Replace, a string or a regex (an empty one too: it matches between every two characters), in a pipeline:
    the same tokens and offsets (each new character's origin) as Hugging Face."""
    value = pattern.get("String", None)
    chars = sorted({char for text in SPLIT_TEXTS for char in text if char.isprintable() and not char.isspace()} | {"X"})
    vocab = {"[UNK]": 0, **{token: index for index, token in enumerate([*chars, *("##" + c for c in chars)], 1)}}
    peer = tokenizers.Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    peer.normalizer = normalizers.Replace(value if value is not None else Regex(pattern["Regex"]), "X")
    peer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    ours = tokenizer_from_json(json.loads(peer.to_str()))
    if next(iter(pattern.values())):
        assert_identical(ours, peer, SPLIT_TEXTS, f"Replace {pattern}")
        return
    # An empty pattern inserts content before the first character, where Hugging Face's alignment is empty
    # (0, 0) and an origin here is a character (docs/hf-differences.md, row 15): a token of those characters
    # alone spans (0, 1). Everything else is Hugging Face's.
    for text in SPLIT_TEXTS:
        mine, theirs = fields(ours.encode_plus(text)), fields(peer.encode(text))
        shifted = [
            (0, 1) if offsets == (0, 0) and index == 0 else offsets for index, offsets in enumerate(theirs["offsets"])
        ]
        assert {**mine, "offsets": None} == {**theirs, "offsets": None}, text
        assert mine["offsets"] == shifted, text
        assert ours.normalizer(text) == peer.normalizer.normalize_str(text), text


def part_variants():
    """The bundled GPT-2-style BPE with one part swapped for a variant: every option a part takes, in turn."""
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False)
    variants = {
        f"normalizer {name}": {"normalizer": part}
        for name, part in {
            "Strip left": normalizers.Strip(left=True, right=False),
            "Strip right": normalizers.Strip(left=False, right=True),
            "Prepend": normalizers.Prepend("▁"),
            "Lowercase": normalizers.Lowercase(),
            "NFD, StripAccents": normalizers.Sequence([normalizers.NFD(), normalizers.StripAccents()]),
            "Replace a string by a longer one": normalizers.Replace("a", "bb"),
            "BertNormalizer, nothing cleaned": normalizers.BertNormalizer(
                clean_text=False, handle_chinese_chars=False, strip_accents=True, lowercase=False
            ),
            "BertNormalizer, accents kept": normalizers.BertNormalizer(strip_accents=False, lowercase=True),
        }.items()
    }
    for prefix_space in (False, True):
        for use_regex in (False, True):
            for trim in (False, True):
                variants[f"ByteLevel add_prefix_space={prefix_space} use_regex={use_regex} trim_offsets={trim}"] = {
                    "pre_tokenizer": pre_tokenizers.ByteLevel(add_prefix_space=prefix_space, use_regex=use_regex),
                    "post_processor": processors.ByteLevel(trim_offsets=trim, add_prefix_space=prefix_space),
                }
    for scheme in ("always", "first", "never"):
        for split in (True, False):
            variants[f"Metaspace {scheme} split={split}"] = {
                "pre_tokenizer": pre_tokenizers.Sequence(
                    [pre_tokenizers.Metaspace(prepend_scheme=scheme, split=split), byte_level]
                ),
                "decoder": decoders.Sequence(
                    [decoders.ByteLevel(), decoders.Metaspace(prepend_scheme=scheme, split=split)]
                ),
            }
    for name, part in {
        "WhitespaceSplit": pre_tokenizers.WhitespaceSplit(),
        "Whitespace": pre_tokenizers.Whitespace(),
        "BertPreTokenizer": pre_tokenizers.BertPreTokenizer(),
        "Punctuation": pre_tokenizers.Punctuation("isolated"),
        "Digits": pre_tokenizers.Digits(True),
    }.items():
        variants[f"pre-tokenizer {name}, then ByteLevel"] = {
            "pre_tokenizer": pre_tokenizers.Sequence([part, byte_level])
        }
    variants["decoder Strip"] = {"decoder": decoders.Sequence([decoders.ByteLevel(), decoders.Strip(" ", 1, 0)])}
    variants["decoder Replace, Fuse"] = {"decoder": decoders.Sequence([decoders.Replace("Ġ", " "), decoders.Fuse()])}
    return variants


@pytest.mark.parametrize("variant", list(part_variants()))
def test_every_option_of_every_part_is_hugging_faces(variant):
    """A differential sweep: each variant of a part, on the edge cases, field for field and decoded."""
    peer = tokenizers.Tokenizer.from_file(str(TOKENIZER_FOLDER / "treasure-bpe.json"))
    for slot, part in part_variants()[variant].items():
        setattr(peer, slot, part)
    ours = tokenizer_from_json(json.loads(peer.to_str()))
    assert_identical(ours, peer, [*EDGE_TEXTS, "  ab  cd ", "Hello World"], variant)
