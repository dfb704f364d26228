"""``train --model unigram`` and ``encode`` of a Unigram ``tokenizer.json``: the words, the options, the files, the errors.

The words the command learns from are Hugging Face's (its ``Metaspace`` pre-tokenizer
runs here on the same lines), the model is ``train_unigram``'s on them, and the file it
writes is read by ``tokenizers`` and ``transformers`` with the same tokens as ``encode``
gives. Every refusal is one line, exit status 2, and leaves no file behind.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from wordpiece_lib import WordCounts
from wordpiece_lib.cli import main
from wordpiece_lib.model import UnigramModel
from wordpiece_lib.training import train_unigram

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import normalizers, pre_tokenizers  # noqa: E402


@pytest.fixture(scope="module")
def lines(book_text: str) -> list[str]:
    return book_text.split("\n")[:1200]


@pytest.fixture
def corpus(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "part.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def hf_words(lines: list[str], *, bert: bool = False) -> WordCounts:
    """The words Hugging Face's trainer would count: Metaspace per line, or BERT's normalizer and pre-tokenizer."""
    counts: Counter[str] = Counter()
    normalizer = normalizers.BertNormalizer(lowercase=True)
    splitter = pre_tokenizers.BertPreTokenizer() if bert else pre_tokenizers.Metaspace()
    for line in lines:
        text = normalizer.normalize_str(line) if bert else line
        counts.update(word for word, _ in splitter.pre_tokenize_str(text))
    return WordCounts(counts)


def model_of(path: Path) -> UnigramModel:
    return UnigramModel.from_json(json.loads(path.read_text(encoding="utf-8"))["model"])


def test_train_learns_from_hugging_faces_words_and_writes_a_file_it_loads(corpus, lines, tmp_path):
    out = tmp_path / "unigram.json"
    assert main(["train", "--model", "unigram", str(corpus), "--vocab-size", "1000", "-o", str(out), "--quiet"]) == 0
    expected = train_unigram(hf_words(lines), 1000).model
    assert model_of(out).pieces == expected.pieces and model_of(out).scores == expected.scores
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["pre_tokenizer"]["type"] == data["decoder"]["type"] == "Metaspace" and data["normalizer"] is None
    assert [token["content"] for token in data["added_tokens"]] == ["<unk>"]
    # encode gives, line for line, what Hugging Face gives with the same file.
    peer = tokenizers.Tokenizer.from_file(str(out))
    tokens_out, ids_out = tmp_path / "tokens.txt", tmp_path / "ids.txt"
    assert main(["encode", "--tokenizer", str(out), str(corpus), "-o", str(tokens_out), "--quiet"]) == 0
    assert main(["encode", "--tokenizer", str(out), str(corpus), "-o", str(ids_out), "--format", "ids", "--quiet"]) == 0
    encodings = peer.encode_batch(lines)
    assert tokens_out.read_text(encoding="utf-8").splitlines() == [" ".join(e.tokens) for e in encodings]
    assert ids_out.read_text(encoding="utf-8").splitlines() == [" ".join(map(str, e.ids)) for e in encodings]


def test_encode_jsonl_has_hugging_faces_offsets(corpus, lines, tmp_path):
    out = tmp_path / "unigram.json"
    assert main(["train", "--model", "unigram", str(corpus), "--vocab-size", "500", "-o", str(out), "--quiet"]) == 0
    jsonl = tmp_path / "inputs.jsonl"
    assert main(["encode", "--tokenizer", str(out), str(corpus), "-o", str(jsonl), "--format", "jsonl", "--quiet"]) == 0
    peer = tokenizers.Tokenizer.from_file(str(out))
    for line, row in zip(lines, jsonl.read_text(encoding="utf-8").splitlines(), strict=True):
        mine, theirs = json.loads(row), peer.encode(line)
        assert [tuple(pair) for pair in mine["offsets"]] == theirs.offsets, line
        assert (mine["ids"], mine["word_ids"]) == (theirs.ids, theirs.word_ids), line


def test_unigram_options_reach_the_trainer(corpus, lines, tmp_path):
    out = tmp_path / "unigram.json"
    options = ["--shrinking-factor", "0.5", "--n-sub-iterations", "1", "--max-piece-length", "6"]
    options += ["--special-tokens", "<s>,<unk>,</s>", "--initial-alphabet", "§¶"]
    assert (
        main(["train", "--model", "unigram", str(corpus), "--vocab-size", "800", *options, "-o", str(out), "--quiet"])
        == 0
    )
    expected = train_unigram(
        hf_words(lines),
        800,
        shrinking_factor=0.5,
        n_sub_iterations=1,
        max_piece_length=6,
        special_tokens=["<s>", "<unk>", "</s>"],
        initial_alphabet="§¶",
    ).model
    ours = model_of(out)
    assert ours.pieces == expected.pieces and ours.unk_id == 1
    assert {"§", "¶"} <= set(ours.pieces) and max(len(piece) for piece in ours.pieces[3:]) <= 6
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [(token["id"], token["content"]) for token in data["added_tokens"]] == [
        (0, "<s>"),
        (1, "<unk>"),
        (2, "</s>"),
    ]
    peer = tokenizers.Tokenizer.from_file(str(out))
    assert peer.encode("<s>Squire Trelawney</s>").tokens[0] == "<s>"


def test_bert_pretokenizer_lowercased_and_a_folder_transformers_loads(corpus, lines, tmp_path):
    transformers = pytest.importorskip("transformers")
    folder = tmp_path / "model/"
    options = ["--vocab-size", "700", "--pretokenizer", "bert", "--lowercase", "--workers", "1"]
    code = main(["train", "--model", "unigram", str(corpus), *options, "-o", str(folder), "--quiet"])
    assert code == 0
    assert sorted(path.name for path in folder.iterdir()) == [
        "special_tokens_map.json",
        "tokenizer.json",
        "tokenizer_config.json",
    ]
    assert model_of(folder / "tokenizer.json").pieces == train_unigram(hf_words(lines, bert=True), 700).model.pieces
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    tokens_out = tmp_path / "tokens.txt"
    assert main(["encode", "--tokenizer", str(folder), str(corpus), "-o", str(tokens_out), "--quiet"]) == 0
    expected = [" ".join(loaded(line).tokens()) for line in lines]
    assert tokens_out.read_text(encoding="utf-8").splitlines() == expected


def test_standard_output_gets_the_tokenizer_json(corpus, capsys):
    assert main(["train", "--model", "unigram", str(corpus), "--vocab-size", "300", "-o", "-", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"]["type"] == "Unigram" and len(data["model"]["vocab"]) == 300


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--model", "unigram", "-o", "{out}/vocab.txt"], "a vocab.txt has no room for the pieces' scores"),
        (
            ["--model", "unigram", "--min-frequency", "2", "-o", "{out}/u.json"],
            "--min-frequency is an option of WordPiece",
        ),
        (
            ["--model", "unigram", "--tie-break", "lexical", "-o", "{out}/u.json"],
            "--tie-break is an option of WordPiece",
        ),
        (["--model", "unigram", "--compat", "google", "-o", "{out}/u.json"], "--compat is an option of WordPiece"),
        (
            ["--model", "unigram", "--shrinking-factor", "1.5", "-o", "{out}/u.json"],
            "--shrinking-factor must be a number",
        ),
        (["--model", "unigram", "--max-piece-length", "0", "-o", "{out}/u.json"], "--max-piece-length"),
        (["--model", "unigram", "--pretokenizer", "gpt2", "-o", "{out}/u.json"], "no tokenizer.json twin"),
        (["--shrinking-factor", "0.5", "-o", "{out}/vocab.txt"], "--shrinking-factor is an option of --model unigram"),
        (["--pretokenizer", "metaspace", "-o", "{out}/vocab.txt"], "--pretokenizer metaspace is for --model unigram"),
    ],
)
def test_refusals_are_one_line_and_leave_no_file(corpus, tmp_path, capsys, arguments, message):
    out = tmp_path / "out"
    out.mkdir()
    code = main(["train", str(corpus), "--vocab-size", "300", *[a.format(out=out) for a in arguments]])
    error = capsys.readouterr().err
    assert code == 2
    assert message in error and error.count("\n") == 1, error
    assert list(out.iterdir()) == []


def test_counts_and_an_empty_corpus_are_refused_with_metaspace(tmp_path, capsys):
    counts = tmp_path / "counts.tsv"
    counts.write_text("hug\t3\n", encoding="utf-8")
    empty = tmp_path / "empty.txt"
    empty.write_text("\n\n", encoding="utf-8")
    out = tmp_path / "u.json"
    assert main(["train", "--model", "unigram", "--counts", str(counts), "--vocab-size", "10", "-o", str(out)]) == 2
    assert "--counts holds words cut by `count`" in capsys.readouterr().err
    assert main(["train", "--model", "unigram", str(empty), "--vocab-size", "10", "-o", str(out)]) == 2
    assert "the corpus is empty" in capsys.readouterr().err
    assert not out.exists()


def test_encode_refuses_google_rules_for_a_unigram_model(corpus, tmp_path, capsys):
    out = tmp_path / "u.json"
    assert main(["train", "--model", "unigram", str(corpus), "--vocab-size", "300", "-o", str(out), "--quiet"]) == 0
    code = main(["encode", "--tokenizer", str(out), str(corpus), "-o", str(tmp_path / "t.txt"), "--compat", "google"])
    assert code == 2 and "--compat google is for WordPiece vocabs" in capsys.readouterr().err
    assert not (tmp_path / "t.txt").exists()
