"""``wordpiece explain`` (text and JSON, a tokenizer.json, a folder or a vocab.txt) and ``train --model bpe``."""

from __future__ import annotations

import json

import pytest
from command_helpers import run_cli
from real_tokenizer_helpers import TOKENIZER_FOLDER

from wordpiece_lib import load_tokenizer
from wordpiece_lib.pipeline.explanation import explain

TEXT = "Héllo wörld, don't 😀!"


@pytest.mark.parametrize("name", ["clip-bpe.json", "botchan-unigram.json"])
def test_explain_prints_the_librarys_explanation(name):
    path = TOKENIZER_FOLDER / name
    story = explain(load_tokenizer(path), TEXT)
    as_text = run_cli("explain", "--tokenizer", path, TEXT)
    assert as_text.returncode == 0, as_text.stderr
    assert as_text.stdout == story.to_text() + "\n"
    as_json = run_cli("explain", "--tokenizer", path, "--format", "json", "-", input=TEXT)
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout) == story.to_json()


def test_explain_reads_a_folder_and_a_vocab(tmp_path, bert_vocab_path):
    folder = load_tokenizer(TOKENIZER_FOLDER / "treasure-bpe.json").save(tmp_path / "saved")
    from_folder = run_cli("explain", "--tokenizer", folder, "--format", "json", "Jim!")
    assert from_folder.returncode == 0, from_folder.stderr
    ours = explain(load_tokenizer(folder), "Jim!").to_json()
    assert json.loads(from_folder.stdout) == ours
    from_vocab = run_cli("explain", "--tokenizer", bert_vocab_path, "--format", "json", "Unaffable")
    assert [token["token"] for token in json.loads(from_vocab.stdout)["tokens"]] == [
        "[CLS]",
        "una",
        "##ffa",
        "##ble",
        "[SEP]",
    ]


def test_explain_refuses_in_one_line(tmp_path):
    missing = run_cli("explain", "--tokenizer", tmp_path / "none.json", "a")
    assert missing.returncode != 0 and missing.stderr.count("\n") == 1 and "none.json" in missing.stderr
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"model": {"type": "BPE", "dropout": 0.1, "vocab": {}, "merges": []}}))
    refused = run_cli("explain", "--tokenizer", broken, "a")
    assert refused.returncode == 2 and "dropout 0.1 is refused" in refused.stderr and refused.stderr.count("\n") == 1


def test_train_bpe_refuses_what_it_does_not_take(tmp_path, book_file):
    for flag in (["--lowercase"], ["--tie-break", "lexical"], ["--shrinking-factor", "0.5"]):
        result = run_cli("train", "--model", "bpe", book_file, "--vocab-size", "300", "-o", tmp_path / "t.json", *flag)
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert flag[0] in result.stderr
    assert not (tmp_path / "t.json").exists()
