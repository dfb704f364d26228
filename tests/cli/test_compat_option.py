"""``--compat google`` for ``count``, ``train`` and ``encode``: Google's words, a vocab.txt alone, Google's tokens."""

from __future__ import annotations

import json
from collections import Counter

from wordpiece_lib import Vocab, WordPieceTokenizer
from wordpiece_lib.cli import main
from wordpiece_lib.counting import load_counts
from wordpiece_lib.side_files import settings_path
from wordpiece_lib.text import GoogleNormalizer, GoogleWords

# A private-use character (kept by Google, dropped by Hugging Face) and a word-final capital sigma.
TEXT = "ΟΔΟΣ odos\ue000 hug [CLS] hugs\nΟΔΟΣ pug.\n"


def test_count_cuts_googles_words_and_says_so_beside_the_counts(corpus, tmp_path):
    out = tmp_path / "counts.tsv"
    assert main(["count", str(corpus), "--lowercase", "--compat", "google", "-o", str(out), "--quiet"]) == 0
    words = GoogleWords(GoogleNormalizer(lowercase=True))
    expected = [word for line in TEXT.splitlines() for word in words.words(line)]
    counts = load_counts(out)
    assert dict(counts) == dict(Counter(expected))
    assert "οδος" in counts and "odos\ue000" in counts and "cls" in counts
    assert json.loads(settings_path(out).read_text())["compat"] == "google"
    plain = tmp_path / "plain.tsv"
    assert main(["count", str(corpus), "--lowercase", "-o", str(plain), "--quiet"]) == 0
    assert "οδοσ" in load_counts(plain) and "compat" not in json.loads(settings_path(plain).read_text())


def test_train_writes_a_vocab_alone_and_encode_gives_googles_tokens(corpus, tmp_path, capsys):
    vocab_path = tmp_path / "vocab.txt"
    args = ["train", str(corpus), "--vocab-size", "60", "--lowercase", "--compat", "google", "-o", str(vocab_path)]
    assert main(args) == 0
    assert "encode with --vocab" in capsys.readouterr().err
    assert not settings_path(vocab_path).exists()
    assert "οδος" in Vocab.load(vocab_path)
    for refused in ("google.json", "folder/"):
        code = main([*args[:-1], str(tmp_path / refused)])
        assert code != 0
        assert "cannot write" in capsys.readouterr().err and not (tmp_path / refused).exists()
    tokens_out = tmp_path / "tokens.txt"
    code = main(
        [
            *("encode", str(corpus), "--vocab", str(vocab_path), "--lowercase", "--compat", "google"),
            *("--no-special-tokens", "-o", str(tokens_out), "--quiet"),
        ]
    )
    assert code == 0
    google = WordPieceTokenizer(Vocab.load(vocab_path), lowercase=True, compat="google")
    lines = tokens_out.read_text(encoding="utf-8").splitlines()
    assert lines == [" ".join(google.tokenize(line)) for line in TEXT.splitlines()]
    assert lines[0].split()[0] == "οδος" and "[CLS]" not in lines[0]


def test_train_from_counts_follows_their_compat_and_refuses_another(corpus, tmp_path, capsys):
    counts = tmp_path / "counts.tsv"
    assert main(["count", str(corpus), "--compat", "google", "-o", str(counts), "--quiet"]) == 0
    out = tmp_path / "vocab.txt"
    assert main(["train", "--counts", str(counts), "--vocab-size", "60", "-o", str(out), "--quiet"]) == 0
    assert not settings_path(out).exists()  # written the Google way: the vocab alone
    code = main(
        ["train", "--counts", str(counts), "--vocab-size", "60", "--compat", "huggingface", "-o", str(out), "--quiet"]
    )
    assert code != 0 and "--compat huggingface contradicts" in capsys.readouterr().err


def test_a_bad_compat_value_names_the_choices(corpus, tmp_path, capsys):
    assert main(["count", str(corpus), "--compat", "tf", "-o", str(tmp_path / "c.tsv")]) != 0
    assert "choose from 'huggingface', 'google'" in capsys.readouterr().err
