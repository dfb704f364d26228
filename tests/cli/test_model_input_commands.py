"""The command line from a corpus to a model's input: train -o NAME.json / FOLDER/ / vocab.txt, encode --format."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from wordpiece_lib import Vocab, WordPieceTokenizer
from wordpiece_lib.cli import main
from wordpiece_lib.pipeline import FIELDS

tokenizers = pytest.importorskip("tokenizers")

REPO = Path(__file__).resolve().parents[2]
TEXT = "Hug the pug. The pug hugs back!\nBuns and puns, hugs and pugs.\nJim said, [MASK] hugs Pugs?\n"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "wordpiece_lib", *args], capture_output=True, text=True, env=env, timeout=300
    )


def train(corpus: Path, output: Path | str, *flags: str) -> None:
    assert main(["train", str(corpus), "--vocab-size", "45", "-o", str(output), "--quiet", *flags]) == 0


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_train_to_json_writes_a_tokenizer_json_hf_reads(corpus, tmp_path):
    train(corpus, tmp_path / "tok.json", "--lowercase")
    peer = tokenizers.Tokenizer.from_file(str(tmp_path / "tok.json"))
    out = tmp_path / "tokens.txt"
    assert main(["encode", "--tokenizer", str(tmp_path / "tok.json"), str(corpus), "-o", str(out)]) == 0
    assert lines_of(out) == [" ".join(peer.encode(line).tokens) for line in TEXT.splitlines()]
    assert lines_of(out)[2].startswith("[CLS] ") and " [MASK] " in lines_of(out)[2]


def test_train_to_folder_loads_in_transformers_with_the_same_tokens(corpus, tmp_path):
    transformers = pytest.importorskip("transformers")
    train(corpus, f"{tmp_path}/tok/")
    folder = tmp_path / "tok"
    assert sorted(path.name for path in folder.iterdir()) == [
        "special_tokens_map.json",
        "tokenizer.json",
        "tokenizer_config.json",
        "vocab.txt",
    ]
    loaded = transformers.AutoTokenizer.from_pretrained(str(folder))
    out = tmp_path / "ids.txt"
    assert main(["encode", "--tokenizer", str(folder), "--format", "ids", str(corpus), "-o", str(out)]) == 0
    expected = [" ".join(map(str, loaded(line)["input_ids"])) for line in TEXT.splitlines()]
    assert lines_of(out) == expected


def test_vocab_settings_travel_to_encode(corpus, tmp_path):
    train(corpus, tmp_path / "vocab.txt", "--lowercase")
    settings = json.loads((tmp_path / "vocab.txt.settings.json").read_text(encoding="utf-8"))
    assert settings["normalizer"]["lowercase"] is True and settings["pretokenizer"] == "bert"
    out = tmp_path / "tokens.txt"
    result = run_cli("encode", "--vocab", str(tmp_path / "vocab.txt"), str(corpus), "-o", str(out))
    assert result.returncode == 0 and result.stderr.startswith(f"wrote {out}: ")  # the summary line, no warning
    assert result.stderr.count("\n") == 1
    assert "[UNK]" not in out.read_text(encoding="utf-8")  # "Hug", "Jim" lowercased, as the vocab was trained
    result = run_cli("encode", "--vocab", str(tmp_path / "vocab.txt"), "--no-lowercase", str(corpus), "-o", str(out))
    assert result.returncode == 0
    assert "warning: --no-lowercase contradicts" in result.stderr and "lowercase=true" in result.stderr
    assert "[UNK]" in out.read_text(encoding="utf-8")  # the flag wins: capitals are unknown to this vocab


def test_uncased_vocab_without_settings_gives_a_warning(bert_vocab_path, corpus, tmp_path):
    out = tmp_path / "tokens.txt"
    result = run_cli("encode", "--vocab", str(bert_vocab_path), str(corpus), "-o", str(out))
    assert result.returncode == 0
    assert "looks uncased" in result.stderr and "--lowercase" in result.stderr
    quiet = run_cli("encode", "--vocab", str(bert_vocab_path), "--lowercase", str(corpus), "-o", str(out), "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_jsonl_has_hf_field_names_and_values(bert_tokenizer_json, corpus, tmp_path):
    """BERT's tokenizer.json, with its truncation and padding to 128: every field as Hugging Face gives it."""
    path = tmp_path / "bert.json"
    path.write_text(json.dumps(bert_tokenizer_json), encoding="utf-8")
    out = tmp_path / "inputs.jsonl"
    assert main(["encode", "--tokenizer", str(path), "--format", "jsonl", str(corpus), "-o", str(out)]) == 0
    records = [json.loads(line) for line in lines_of(out)]
    peer = tokenizers.Tokenizer.from_file(str(path))
    for record, expected in zip(records, peer.encode_batch(TEXT.splitlines()), strict=True):
        assert list(record) == list(FIELDS)
        assert len(record["ids"]) == 128
        for name in FIELDS:
            value = getattr(expected, name)
            assert record[name] == ([list(pair) for pair in value] if name == "offsets" else value), name


def test_max_length_and_pad_mean_what_hf_options_mean(bert_vocab_path, corpus, tmp_path):
    out = tmp_path / "inputs.jsonl"
    flags = ["--vocab", str(bert_vocab_path), "--lowercase", "--max-length", "9", "--pad", "longest"]
    assert main(["encode", *flags, "--format", "jsonl", str(corpus), "-o", str(out)]) == 0
    peer = tokenizers.Tokenizer.from_file(str(_saved_bert(bert_vocab_path, tmp_path)))
    peer.enable_truncation(9)
    peer.enable_padding(pad_id=0, pad_token="[PAD]")
    expected = peer.encode_batch(TEXT.splitlines())
    records = [json.loads(line) for line in lines_of(out)]
    assert [record["tokens"] for record in records] == [encoding.tokens for encoding in expected]
    assert [record["attention_mask"] for record in records] == [encoding.attention_mask for encoding in expected]


def _saved_bert(bert_vocab_path: Path, folder: Path) -> Path:
    from wordpiece_lib import Vocab, WordPieceTokenizer

    return WordPieceTokenizer(Vocab.load(bert_vocab_path), lowercase=True).save(folder / "bert-uncased.json")


def test_stdout_and_no_special_tokens(corpus, tmp_path):
    train(corpus, tmp_path / "vocab.txt")
    result = run_cli("encode", "--vocab", str(tmp_path / "vocab.txt"), "--no-special-tokens", str(corpus), "-o", "-")
    assert result.returncode == 0
    first = result.stdout.splitlines()[0]
    assert "[CLS]" not in result.stdout and len(result.stdout.splitlines()) == 3
    peer = tokenizers.Tokenizer.from_file(str(_saved_from_vocab(tmp_path / "vocab.txt", tmp_path)))
    assert first == " ".join(peer.encode(TEXT.splitlines()[0], add_special_tokens=False).tokens)


def _saved_from_vocab(vocab_path: Path, folder: Path) -> Path:
    from wordpiece_lib import WordPieceTokenizer

    return WordPieceTokenizer.from_file(vocab_path).save(folder / "from-vocab.json")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--vocab", "V", "--tokenizer", "V"], "not allowed with argument"),
        (["--tokenizer", "missing/"], "does not exist"),
        (["--tokenizer", "EMPTY"], "holds no tokenizer.json"),
        (["--vocab", "V", "--pad", "wide"], "--pad must be a positive number or 'longest', got 'wide'"),
        (["--vocab", "V", "--max-length", "0"], "--max-length must be a positive number"),
        (["--vocab", "V", "--format", "xml"], "invalid choice: 'xml'"),
    ],
    ids=["both-sources", "missing-tokenizer", "folder-without-json", "bad-pad", "bad-max-length", "bad-format"],
)
def test_encode_errors_are_one_line(corpus, tmp_path, args, expected):
    train(corpus, tmp_path / "vocab.txt")
    (tmp_path / "empty").mkdir()
    replaced = [{"V": str(tmp_path / "vocab.txt"), "EMPTY": str(tmp_path / "empty")}.get(arg, arg) for arg in args]
    result = run_cli("encode", *replaced, str(corpus), "-o", str(tmp_path / "out.txt"))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert expected in result.stderr
    assert not (tmp_path / "out.txt").exists()


@pytest.mark.parametrize("output_format", ["tokens", "ids"])
@pytest.mark.parametrize("special_tokens", [True, False])
def test_the_quick_tokens_and_ids_path_writes_what_the_encodings_say(output_format, special_tokens):
    """``encode`` skips building encodings for tokens and ids; each line must still be format_line of its encoding."""
    from wordpiece_lib.cli.encode import format_line, quick_format

    vocab = Vocab(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hug", "##s", "pug", ",", "é"])
    tokenizer = WordPieceTokenizer(vocab, lowercase=True)
    lines = ["Hugs, pugs!", "", "hug [MASK] pug", "  ", "Éé HUG\u0301s", "[CLS] hug"]
    quick = quick_format(tokenizer, output_format, special_tokens)
    expected = [format_line(e, output_format) for e in tokenizer.encode_batch(lines, add_special_tokens=special_tokens)]
    assert [" ".join(quick(line)) for line in lines] == expected


def test_jsonl_carries_the_overflowing_windows_of_a_cut_line(bert_tokenizer_json, corpus, tmp_path):
    path = tmp_path / "bert.json"
    path.write_text(json.dumps(bert_tokenizer_json), encoding="utf-8")
    out = tmp_path / "inputs.jsonl"
    flags = ["--tokenizer", str(path), "--format", "jsonl", "--max-length", "6", "--stride", "2", "--pad", "6"]
    assert main(["encode", *flags, str(corpus), "-o", str(out), "--quiet"]) == 0
    peer = tokenizers.Tokenizer.from_file(str(path))
    peer.enable_truncation(6, stride=2)
    peer.enable_padding(length=6, pad_id=0, pad_token="[PAD]")
    records = [json.loads(line) for line in lines_of(out)]
    for record, expected in zip(records, peer.encode_batch(TEXT.splitlines()), strict=True):
        assert len(record["overflowing"]) == len(expected.overflowing) > 0
        for window, peer_window in zip(record["overflowing"], expected.overflowing, strict=True):
            assert window["ids"] == peer_window.ids and window["offsets"] == [list(o) for o in peer_window.offsets]
    result = run_cli("encode", "--tokenizer", str(path), "--stride", "2", str(corpus), "-o", str(out))
    assert result.returncode != 0 and "--stride needs --max-length" in result.stderr


def test_a_folder_saved_with_a_setting_bert_tokenizer_cannot_take_says_so_in_one_line(corpus, tmp_path):
    result = run_cli(
        "train", str(corpus), "--vocab-size", "45", "--pretokenizer", "whitespace", "-o", str(tmp_path / "f/")
    )
    assert result.returncode == 0
    warning = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "pretokenizer='whitespace'" in warning[0] and "AutoTokenizer" in warning[0]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_a_tokenizer_json_in_utf16_is_said_to_be_so_with_how_to_convert_it(corpus, tmp_path, encoding):
    """Before, a UTF-16 tokenizer.json was told to convert from latin1 (iconv -f latin1), which garbles it."""
    train(corpus, tmp_path / "tok.json")
    wide = tmp_path / "wide.json"
    wide.write_text((tmp_path / "tok.json").read_text(encoding="utf-8"), encoding=encoding)
    name = "UTF-32" if "32" in encoding else "UTF-16"
    for args, stdin, named in (
        (["--tokenizer", str(wide)], None, f"tokenizer file {wide} is {name}, not UTF-8"),
        (["--tokenizer", "-"], wide.read_bytes(), f"the tokenizer on standard input is {name}, not UTF-8"),
    ):
        result = subprocess.run(
            [sys.executable, "-m", "wordpiece_lib", "encode", *args, str(corpus), "-o", str(tmp_path / "out.txt")],
            input=stdin,
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            timeout=300,
        )
        error = result.stderr.decode()
        assert result.returncode == 2 and error.count("\n") == 1, error
        assert named in error and f"iconv -f {name} -t UTF-8 " in error and "latin1" not in error
    converted = tmp_path / "converted.json"
    converted.write_bytes(wide.read_text(encoding=encoding).encode("utf-8"))  # what the advice does
    assert main(["encode", "--tokenizer", str(converted), str(corpus), "-o", str(tmp_path / "out.txt"), "--quiet"]) == 0


def test_a_tokenizer_that_is_no_regular_file_is_read_as_a_tokenizer_not_a_vocab(corpus, tmp_path):
    """--tokenizer /dev/zero was called a "vocab file"; a pipe holding a tokenizer.json is read as one."""
    result = run_cli("encode", "--tokenizer", "/dev/zero", str(corpus), "-o", str(tmp_path / "out.txt"))
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "tokenizer file /dev/zero holds a NUL byte" in result.stderr and "vocab file" not in result.stderr
    train(corpus, tmp_path / "tok.json")
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    writer = subprocess.Popen(["sh", "-c", f"cat '{tmp_path / 'tok.json'}' > '{pipe}'"])
    try:
        assert main(["encode", "--tokenizer", str(pipe), str(corpus), "-o", str(tmp_path / "out.txt"), "--quiet"]) == 0
    finally:
        writer.wait(timeout=60)
    assert main(["encode", "--tokenizer", str(tmp_path / "tok.json"), str(corpus), "-o", str(tmp_path / "b.txt")]) == 0
    assert lines_of(tmp_path / "out.txt") == lines_of(tmp_path / "b.txt")
    train(corpus, tmp_path / "vocab.txt")
    result = run_cli("encode", "--tokenizer", str(tmp_path / "vocab.txt"), str(corpus), "-o", str(tmp_path / "c.txt"))
    assert result.returncode == 2 and "is not a tokenizer.json" in result.stderr and "--vocab" in result.stderr


def test_jsonl_keeps_hugging_faces_fields_unless_the_overflow_is_asked_for(bert_tokenizer_json, corpus, tmp_path):
    """Without --stride, a line that truncation cut has the fields of any other line: no "overflowing", which made
    the keys vary from line to line and, padded to 128 from a file, the output several times larger."""
    bert_tokenizer_json["truncation"] = {"direction": "Right", "max_length": 6, "strategy": "LongestFirst", "stride": 0}
    path = tmp_path / "bert.json"
    path.write_text(json.dumps(bert_tokenizer_json), encoding="utf-8")
    out = tmp_path / "inputs.jsonl"
    for cut in ([], ["--max-length", "5"]):
        assert main(["encode", "--tokenizer", str(path), "--format", "jsonl", *cut, str(corpus), "-o", str(out)]) == 0
        records = [json.loads(line) for line in lines_of(out)]
        assert [sorted(record) for record in records] == [sorted(FIELDS)] * len(TEXT.splitlines())
        assert {len(record["ids"]) for record in records} == {128}  # the file's padding
    assert main(["encode", "--tokenizer", str(path), "--format", "jsonl", "--max-length", "5", "--stride", "0",
                 str(corpus), "-o", str(out)]) == 0  # fmt: skip
    assert all(json.loads(line)["overflowing"] for line in lines_of(out))


def test_pad_on_the_command_line_has_the_cap_a_files_padding_has(corpus, tmp_path, capsys):
    from wordpiece_lib.pipeline import MAX_FILE_PADDING

    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[PAD]\n[UNK]\nhug\n", encoding="utf-8")
    out = tmp_path / "ids.txt"
    args = ["encode", "--vocab", str(vocab), "--lowercase", "--format", "ids", str(corpus), "-o", str(out)]
    assert main([*args, "--pad", str(MAX_FILE_PADDING + 1)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and f"--pad {MAX_FILE_PADDING + 1} is over {MAX_FILE_PADDING:,} tokens" in error
    assert not out.exists()
    assert main([*args, "--pad", "8", "--quiet"]) == 0 and min(len(line.split()) for line in lines_of(out)) == 8
