"""Results written as one unit: side files that never collide, several files switched together, outputs checked first.

A vocab and its settings (``vocab.txt`` + ``vocab.txt.settings.json``), counts
and theirs, and a tokenizer folder's four files are each one result: a failure
at any step (a full disk, a rename refused, a side path that is a folder)
must leave the whole old result, and two writers at once must leave one whole
result. An output may not be an input or an input's settings; a file the user
may not write is refused, and a replaced file keeps its owner and mode.
The disk-full cases use a small tmpfs, which needs root; the other-user cases
drop to the ``nobody`` user, which needs root too: both are skipped otherwise.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from command_helpers import ENV, IS_ROOT, NOBODY, leftovers, one_error_line, run_cli, small_disk

from wordpiece_lib import WordPieceTokenizer, atomic
from wordpiece_lib.cli import main
from wordpiece_lib.counting import read_counts_settings
from wordpiece_lib.side_files import settings_path

TEXT = "Hug the pug. The pug hugs back!\nBuns and puns, hugs and pugs.\n" * 5


def snapshot(*paths: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in paths}


def train(corpus: Path, output: Path, *flags: str) -> int:
    return main(["train", str(corpus), "--vocab-size", "40", "--quiet", "-o", str(output), *flags])


# -- side files ------------------------------------------------------------------------------------------------------


def test_count_and_train_side_files_never_collide(corpus: Path, tmp_path: Path) -> None:
    """The issue's case: counts lowercased in book.tsv, then a vocab book.vocab: both records survive."""
    counts = tmp_path / "book.tsv"
    assert main(["count", str(corpus), "--lowercase", "--quiet", "-o", str(counts)]) == 0
    assert (
        main(["train", "--counts", str(counts), "--vocab-size", "40", "--quiet", "-o", str(tmp_path / "book.vocab")])
        == 0
    )
    assert read_counts_settings(counts).lowercase is True
    assert settings_path(counts).name == "book.tsv.settings.json"
    assert WordPieceTokenizer.from_file(tmp_path / "book.vocab").lowercase is True
    # and the cased vocab of book.txt's own name does not touch either
    assert train(corpus, tmp_path / "book.txt.vocab") == 0
    assert read_counts_settings(counts).lowercase is True
    assert WordPieceTokenizer.from_file(tmp_path / "book.vocab").lowercase is True


def test_counts_settings_carry_the_counts_checksum(corpus: Path, tmp_path: Path, capsys) -> None:
    counts = tmp_path / "c.tsv"
    assert main(["count", str(corpus), "--lowercase", "--quiet", "-o", str(counts)]) == 0
    counts.write_text(counts.read_text(encoding="utf-8") + "extra\t5\n", encoding="utf-8")  # changed by hand
    assert main(["train", "--counts", str(counts), "--vocab-size", "40", "-o", str(tmp_path / "v.txt")]) == 2
    error = one_error_line(capsys)
    assert "c.tsv.settings.json was written for another version of" in error and "delete" in error


def test_an_old_style_settings_file_is_read_only_when_it_names_the_vocab(tmp_path: Path) -> None:
    from wordpiece_lib import Vocab

    tokenizer = WordPieceTokenizer(Vocab(["[UNK]", "hug", "##s"]), lowercase=True, pretokenizer="whitespace")
    saved = tokenizer.save(tmp_path / "vocab.txt")
    new = settings_path(saved)
    data = json.loads(new.read_text(encoding="utf-8"))
    del data["vocab_sha256"]  # the old format had none
    new.unlink()
    legacy = tmp_path / "vocab.settings.json"
    legacy.write_text(json.dumps(data), encoding="utf-8")
    assert WordPieceTokenizer.from_file(saved).pretokenizer == "whitespace"
    legacy.write_text(json.dumps({**data, "vocab_file": "vocab.tsv"}), encoding="utf-8")  # another file's
    assert WordPieceTokenizer.from_file(saved, lowercase=True).pretokenizer == "bert"  # the default: not read


@pytest.mark.parametrize("side", ["vocab.txt.settings.json", "vocab.settings.json"])
def test_an_inputs_settings_file_cannot_be_the_output(corpus: Path, tmp_path: Path, capsys, side: str) -> None:
    vocab = tmp_path / "vocab.txt"
    assert train(corpus, vocab) == 0
    target = tmp_path / side
    if not target.exists():  # the old name, as an older version wrote it
        target.write_text(json.dumps({"wordpiece_lib_settings": 1, "vocab_file": "vocab.txt"}), encoding="utf-8")
    before = target.read_bytes()
    assert main(["encode", "--vocab", str(vocab), str(corpus), "--quiet", "-o", str(target)]) == 2
    error = one_error_line(capsys)
    assert f"output {target} is the settings file of" in error and f"{vocab};" in error
    assert target.read_bytes() == before


def test_no_output_may_be_another_files_settings(corpus: Path, tmp_path: Path, capsys) -> None:
    vocab = tmp_path / "vocab.txt"
    assert train(corpus, vocab) == 0
    before = settings_path(vocab).read_bytes()
    assert main(["count", str(corpus), "--quiet", "-o", str(settings_path(vocab))]) == 2
    assert f"is the settings file of {vocab}" in one_error_line(capsys)
    assert settings_path(vocab).read_bytes() == before


def test_an_outputs_settings_may_not_replace_an_input(tmp_path: Path, capsys) -> None:
    """count x.settings.json -o x: the output's side file would be the input."""
    source = tmp_path / "x.settings.json"
    source.write_text(TEXT, encoding="utf-8")
    assert main(["count", str(source), "--quiet", "-o", str(tmp_path / "x")]) == 2
    assert f"output {source} is also an input file" in one_error_line(capsys)
    assert source.read_text(encoding="utf-8") == TEXT


# -- several files as one unit ---------------------------------------------------------------------------------------


def fail_nth_replace(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    real = os.replace
    calls = {"n": 0}

    def replace(source, target):
        calls["n"] += 1
        if calls["n"] == n and not str(Path(source).name).endswith(".old"):
            raise OSError(28, "No space left on device", str(source))
        return real(source, target)

    monkeypatch.setattr(atomic.os, "replace", replace)


@pytest.mark.parametrize("fail_at", [1, 2])
def test_vocab_and_settings_switch_together_or_not_at_all(corpus, tmp_path, monkeypatch, capsys, fail_at) -> None:
    vocab = tmp_path / "vocab.txt"
    assert train(corpus, vocab) == 0
    old = snapshot(vocab, settings_path(vocab))
    fail_nth_replace(monkeypatch, fail_at)
    assert train(corpus, vocab, "--lowercase") == 2
    error = one_error_line(capsys)
    assert str(tmp_path) in error and "No space left" in error
    assert snapshot(vocab, settings_path(vocab)) == old
    assert leftovers(tmp_path) == []
    assert WordPieceTokenizer.from_file(vocab).lowercase is False


@pytest.mark.parametrize("fail_at", [1, 3, 4])
def test_a_tokenizer_folder_switches_as_one_unit(corpus, tmp_path, monkeypatch, capsys, fail_at) -> None:
    folder = tmp_path / "tok"
    assert train(corpus, folder) == 0
    (folder / "config.json").write_text("{}", encoding="utf-8")  # a model's own file: kept
    old = {path.name: path.read_bytes() for path in folder.iterdir()}
    fail_nth_replace(monkeypatch, fail_at)
    assert train(corpus, folder, "--lowercase") == 2
    one_error_line(capsys)
    assert {path.name: path.read_bytes() for path in folder.iterdir()} == old


def test_a_side_path_that_is_a_folder_is_refused_before_any_work(tmp_path: Path, capsys) -> None:
    """The output is checked before the input: a missing input is not even looked at."""
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nold\n", encoding="utf-8")
    settings_path(vocab).mkdir()
    assert train(tmp_path / "missing.txt", vocab) == 2
    error = one_error_line(capsys)
    assert f"cannot write {settings_path(vocab)}: it is a folder" in error
    assert vocab.read_text(encoding="utf-8") == "[UNK]\nold\n"


def test_concurrent_writers_leave_one_whole_result(tmp_path: Path) -> None:
    """Two processes save different tokenizers to the same vocab.txt, many times: each load sees one whole result."""
    script = tmp_path / "writer.py"
    script.write_text(
        "import sys\n"
        "from wordpiece_lib import Vocab, WordPieceTokenizer\n"
        "kind = sys.argv[1]\n"
        "tokens = ['[UNK]', *(f'{kind}{i}' for i in range(3000))]\n"
        "for _ in range(25):\n"
        "    WordPieceTokenizer(Vocab(tokens), lowercase=kind == 'low').save(sys.argv[2])\n",
        encoding="utf-8",
    )
    target = tmp_path / "vocab.txt"
    writers = [subprocess.Popen([sys.executable, str(script), kind, str(target)], env=ENV) for kind in ("low", "CASE")]
    seen = set()
    try:
        while any(writer.poll() is None for writer in writers):
            if target.exists():
                tokenizer = WordPieceTokenizer.from_file(target)  # raises if the settings belong to the other vocab
                kind = tokenizer.vocab.tokens[1][:3]
                assert tokenizer.lowercase is (kind == "low")
                seen.add(kind)
    finally:
        for writer in writers:
            assert writer.wait(timeout=300) == 0
    tokenizer = WordPieceTokenizer.from_file(target)
    assert tokenizer.lowercase is (tokenizer.vocab.tokens[1].startswith("low"))
    assert leftovers(tmp_path) == []


def test_a_full_disk_leaves_the_old_result_whole(corpus: Path, tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        vocab = disk / "vocab.txt"
        assert train(corpus, vocab) == 0
        counts = disk / "counts.tsv"
        assert run_cli("count", str(corpus), "--quiet", "-o", str(counts)).returncode == 0
        old = snapshot(vocab, settings_path(vocab), counts, settings_path(counts))
        big = tmp_path / "big.txt"
        big.write_text(" ".join(f"w{i:06d}" for i in range(20_000)) + "\n", encoding="utf-8")
        for command in (
            ["train", str(big), "--vocab-size", "20000", "--lowercase", "-o", str(vocab)],
            ["count", str(big), "-o", str(counts)],
        ):
            result = run_cli(*command)
            assert result.returncode == 2, result.stderr
            assert result.stderr.count("\n") == 1 and "No space left on device" in result.stderr
            assert f"cannot write {disk}" in result.stderr and ".tmp" not in result.stderr
        assert snapshot(vocab, settings_path(vocab), counts, settings_path(counts)) == old
        assert leftovers(disk) == []


# -- permissions, owners, names --------------------------------------------------------------------------------------


def test_a_write_protected_output_is_refused_before_any_work(corpus: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "tokens.txt"
    out.write_text("old\n", encoding="utf-8")
    out.chmod(0o444)
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\n", encoding="utf-8")
    assert main(["encode", "--vocab", str(vocab), str(tmp_path / "missing.txt"), "-o", str(out)]) == 2
    assert f"cannot replace {out}: it is write-protected" in one_error_line(capsys)
    assert out.read_text(encoding="utf-8") == "old\n" and stat.S_IMODE(out.stat().st_mode) == 0o444


@pytest.mark.skipif(not IS_ROOT or not shutil.which("setpriv"), reason="acting as another user needs root and setpriv")
def test_another_users_output_is_refused(open_folder: Path) -> None:
    """As the user nobody, in a folder anyone may write: root's file (even mode 666) is not replaced."""
    tmp_path = open_folder
    corpus = tmp_path / "book.txt"
    corpus.write_text(TEXT, encoding="utf-8")
    corpus.chmod(0o644)
    out = tmp_path / "counts.tsv"
    out.write_text("old\t1\n", encoding="utf-8")
    out.chmod(0o666)
    result = run_cli("count", str(corpus), "-o", str(out), user=NOBODY, cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert f"cannot replace {out}: it belongs to another user" in result.stderr
    assert out.read_text(encoding="utf-8") == "old\t1\n" and out.stat().st_uid == 0
    # and nobody's own file is replaced, keeping nobody's ownership
    mine = tmp_path / "mine.tsv"
    assert run_cli("count", str(corpus), "--quiet", "-o", str(mine), user=NOBODY, cwd=tmp_path).returncode == 0
    assert mine.stat().st_uid == NOBODY


@pytest.mark.skipif(not IS_ROOT, reason="giving a file to another user needs root")
def test_ownership_and_mode_survive_a_replacement(corpus: Path, tmp_path: Path) -> None:
    vocab = tmp_path / "vocab.txt"
    assert train(corpus, vocab) == 0
    for path in (vocab, settings_path(vocab)):
        os.chown(path, NOBODY, NOBODY)
        path.chmod(0o640)
    assert train(corpus, vocab, "--lowercase") == 0
    for path in (vocab, settings_path(vocab)):
        info = path.stat()
        assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (NOBODY, NOBODY, 0o640)
    assert WordPieceTokenizer.from_file(vocab).lowercase is True


@pytest.mark.parametrize("length", [238, 255])
def test_long_valid_names_work(corpus: Path, tmp_path: Path, length: int) -> None:
    tokens = tmp_path / ("t" * (length - 4) + ".txt")
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("[UNK]\nhug\n", encoding="utf-8")
    assert main(["encode", "--vocab", str(vocab), "--no-lowercase", str(corpus), "--quiet", "-o", str(tokens)]) == 0
    assert tokens.read_text(encoding="utf-8").startswith("[UNK]")
    assert main(["encode", "--vocab", str(vocab), "--no-lowercase", str(corpus), "--quiet", "-o", str(tokens)]) == 0
    tokenizer_json = tmp_path / ("j" * (length - 5) + ".json")
    assert train(corpus, tokenizer_json) == 0 and train(corpus, tokenizer_json) == 0
    assert leftovers(tmp_path) == []


def test_a_vocab_name_too_long_for_its_settings_is_refused_clearly(corpus: Path, tmp_path: Path, capsys) -> None:
    fits = tmp_path / ("v" * 237 + ".txt")  # 241 bytes + .settings.json = 255
    assert train(corpus, fits) == 0 and settings_path(fits).is_file()
    too_long = tmp_path / ("v" * 240 + ".txt")
    assert train(corpus, too_long) == 2
    assert "is too long to keep its settings beside it" in one_error_line(capsys)
    assert not too_long.exists()


def test_errors_name_the_users_path_not_the_temporary(corpus: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    out = tmp_path / "counts.tsv"
    fail_nth_replace(monkeypatch, 1)
    assert main(["count", str(corpus), "-o", str(out)]) == 2
    assert f"cannot write {out}: No space left on device" in one_error_line(capsys)
    assert leftovers(tmp_path) == []
