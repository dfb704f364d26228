"""Giant and hostile inputs stay within bounds: each case runs in a subprocess under a memory limit.

The limits are set with ``resource.setrlimit`` (address space and CPU time)
in the child, so a regression fails with ``MemoryError`` or is killed,
instead of swapping the machine or hanging the suite. They are generous
ceilings (several times what the code needs today), not timings: how fast
these cases run next to Hugging Face is measured by
``benchmarks/abuse_speed.py``.

Before this test the cases cost: a vocab holding one 10 MB token took 5.9 GB
to encode one line; a vocab of a million short tokens 2.4 GB to encode one
word; ``encode_word`` on a word of 8,000 characters (with the limit raised)
22 s; ``Vocab.load("/dev/zero")`` never returned.
"""

from __future__ import annotations

import os
import random
import resource
import string
import subprocess
import sys
import textwrap
import tracemalloc
from pathlib import Path

import pytest

from wordpiece_lib import LinMaxMatch, Vocab, WordPieceTokenizer, encode_word
from wordpiece_lib.model import MAX_VOCAB_FILE_BYTES

REPO = Path(__file__).resolve().parents[2]
MB = 1_000_000


def run_limited(code: str, *, memory: int, cpu_seconds: int = 120) -> str:
    """Run ``code`` in a fresh interpreter with at most ``memory`` bytes of address space; its stdout."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds))

    env = {**os.environ, "PYTHONPATH": str(REPO)}
    result = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        env=env,
        preexec_fn=limit,
        timeout=30 * cpu_seconds,
    )
    assert result.returncode == 0, f"exit status {result.returncode}\n{result.stderr[-3000:]}"
    return result.stdout


@pytest.fixture(scope="module")
def giant_token_vocab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("giant") / "vocab.txt"
    path.write_text("[UNK]\nhug\n##s\n" + "a" * 10 * MB + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def million_token_vocab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = random.Random(16)
    tokens: dict[str, None] = dict.fromkeys(["[UNK]", "hug", "##s"])
    while len(tokens) < 1_000_000:
        word = "".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 8)))
        tokens["##" + word if rng.random() < 0.5 else word] = None
    path = tmp_path_factory.mktemp("million") / "vocab.txt"
    path.write_text("".join(f"{token}\n" for token in tokens), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("vocab", "memory", "text", "tokens"),
    [
        ("giant_token_vocab", 400 * MB, "hugs and hugs", ["hug", "##s", "[UNK]", "hug", "##s"]),  # one 10 MB token
        ("million_token_vocab", 700 * MB, "hugs", ["hug", "##s"]),  # a million short tokens
    ],
)
def test_a_huge_vocab_encodes_in_little_memory(request, vocab: str, memory: int, text: str, tokens: list[str]) -> None:
    out = run_limited(
        f"""
        from wordpiece_lib import Vocab, WordPieceTokenizer
        tokenizer = WordPieceTokenizer(Vocab.load({str(request.getfixturevalue(vocab))!r}))
        print(tokenizer.tokenize({text!r}))
        """,
        memory=memory,
    )
    assert out.strip() == repr(tokens)


def test_encode_word_grows_linearly_with_a_raised_limit() -> None:
    """200,000 one-letter tokens: the textbook search would make 2 * 10**10 lookups of 100 kB each."""
    out = run_limited(
        """
        from wordpiece_lib import Vocab, encode_word
        vocab = Vocab(["[UNK]", "a", "##a", "a" * 3000 + "b"])
        tokens = encode_word("a" * 200_000, vocab, max_input_chars_per_word=10**6)
        print(len(tokens), tokens[:2] == ["a", "##a"], set(tokens[1:]) == {"##a"})
        """,
        memory=600 * MB,
        cpu_seconds=60,
    )
    assert out.split() == ["200000", "True", "True"]


def test_linmaxmatch_moves_are_twice_the_word_length() -> None:
    """The linear bound itself, counted (no clock): each character read once, each token popped once."""
    automaton = LinMaxMatch(["[UNK]", "a", "##a"], max_input_chars_per_word=10**6)
    for n in (10, 1000, 20_000):
        moves = sum(1 for step in automaton.trace("a" * n) if step.kind in ("read", "fail"))
        assert moves == 2 * n


def test_encode_word_on_a_vocab_agrees_with_the_textbook_search() -> None:
    """The bounded and automaton paths of ``encode_word`` give the textbook search's tokens."""
    rng = random.Random(7)
    letters = "ab#"
    for _ in range(300):
        tokens = {"[UNK]", *("".join(rng.choices(letters, k=rng.randint(1, 5))) for _ in range(8))}
        tokens |= {"##" + "".join(rng.choices(letters, k=rng.randint(1, 4))) for _ in range(8)}
        vocab = Vocab(sorted(tokens))
        word = "".join(rng.choices("ab", k=rng.randint(1, 90)))
        assert encode_word(word, vocab, max_input_chars_per_word=1000) == encode_word(
            word, set(tokens), max_input_chars_per_word=1000
        )


def test_linmaxmatch_memory_is_a_small_multiple_of_the_vocab_file(bert_vocab_path: Path) -> None:
    """Measured with tracemalloc: what the automaton keeps, and the peak while building it.

    Before: about 130 bytes per vocab character kept (600 for the whole fast tokenizer)."""
    vocab = Vocab.load(bert_vocab_path)
    file_bytes = bert_vocab_path.stat().st_size
    tracemalloc.start()
    try:
        automaton = LinMaxMatch(vocab)
        kept, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert automaton.encode_word("unaffable") == ["una", "##ffa", "##ble"]
    assert kept <= 16 * file_bytes, f"kept {kept / file_bytes:.1f} x the file"
    assert peak <= 48 * file_bytes, f"peak {peak / file_bytes:.1f} x the file"


def test_tokens_longer_than_the_limit_are_not_in_the_trie() -> None:
    """They can never match (a longer word is [UNK] unread), so a 10 MB token costs the automaton nothing."""
    small = LinMaxMatch(["[UNK]", "hug", "##s"])
    with_giant = LinMaxMatch(["[UNK]", "hug", "##s", "a" * 10 * MB, "##" + "b" * 10 * MB])
    assert len(with_giant) == len(small)
    assert with_giant.encode_word("hugs") == ["hug", "##s"]


def test_vocab_load_of_an_endless_device_stops_with_a_clear_error() -> None:
    out = run_limited(
        """
        from wordpiece_lib import Vocab
        for path in ("/dev/zero", "/dev/urandom"):
            try:
                Vocab.load(path)
            except ValueError as error:
                print(error)
        """,
        memory=300 * MB,
        cpu_seconds=30,
    )
    lines = out.splitlines()
    assert lines[0] == "vocab file /dev/zero holds a NUL byte at offset 0: it is a binary file, not text"
    assert lines[1].startswith("vocab file /dev/urandom ")
    assert "NUL byte" in lines[1] or "not valid UTF-8" in lines[1]


def test_vocab_load_of_an_endless_pipe_of_new_tokens_stops_at_its_limit(tmp_path: Path) -> None:
    """A FIFO fed forever with distinct tokens (like ``seq inf``): stopped at ``max_bytes``."""
    out = run_limited(
        f"""
        import itertools, os, threading
        from wordpiece_lib import Vocab
        fifo = {str(tmp_path / "endless")!r}
        os.mkfifo(fifo)

        def feed():
            try:
                with open(fifo, "w") as stream:
                    stream.write("[UNK]\\n")
                    for number in itertools.count():
                        stream.write(f"t{{number}}\\n")
            except BrokenPipeError:
                pass

        threading.Thread(target=feed, daemon=True).start()
        try:
            Vocab.load(fifo, max_bytes=50_000_000)
        except ValueError as error:
            print(error)
        """,
        memory=500 * MB,
        cpu_seconds=60,
    )
    assert out.strip().endswith(
        "is larger than 50,000,000 bytes (50 MB), the most it may hold; stopped reading "
        "(if that is right, raise the limit with max_bytes)"
    )


def test_a_vocab_over_the_cap_is_refused_naming_file_size_and_parameter_and_loads_when_raised(tmp_path: Path) -> None:
    """A deliberate difference from Hugging Face ``tokenizers``, which has no size limit of its own (0.23
    loaded a vocab holding one 3 GB token, in 5.7 GB of memory). Ours stopped at 4 GiB, which a vocab of
    short tokens needs over 100 GB to load; now it stops at ``MAX_VOCAB_FILE_BYTES`` (12 MB: LaBSE's
    501,153 tokens would have to average 24 bytes to fill it; a load stays under 500 MB, see below)
    unless ``max_bytes`` raises it, and then it reads what Hugging Face reads, to the same tokens."""
    tokenizers = pytest.importorskip("tokenizers")
    path = tmp_path / "vocab.txt"
    path.write_text("[UNK]\nhug\n##s\n" + "x" * MAX_VOCAB_FILE_BYTES + "\n", encoding="utf-8")
    size = path.stat().st_size
    with pytest.raises(ValueError) as refused:
        Vocab.load(path)
    message = str(refused.value)
    assert str(path) in message and f"({size:,} bytes)" in message and f"{MAX_VOCAB_FILE_BYTES:,} bytes" in message
    assert message.endswith("(if that is right, raise the limit with max_bytes)")
    peer = tokenizers.Tokenizer(tokenizers.models.WordPiece.from_file(str(path), unk_token="[UNK]"))
    peer.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
    expected = peer.encode("hugs xx", add_special_tokens=False).tokens
    tokenizer = WordPieceTokenizer(Vocab.load(path, max_bytes=size))
    assert tokenizer.tokenize("hugs xx") == expected == ["hug", "##s", "[UNK]"]
    assert len(tokenizer.vocab) == peer.get_vocab_size() == 4


def test_a_vocab_of_short_tokens_at_the_cap_loads_in_under_500_mb(tmp_path: Path) -> None:
    """The cap is set by memory: the costliest vocab per byte is many distinct short tokens (2.4 million
    of at most 4 characters fill 12 MB); measured, it loads in about 370 MB (a 16.8 MB one took 588 MB)."""
    import itertools

    path = tmp_path / "vocab.txt"
    alphabet = string.ascii_letters + string.digits
    size, tokens = len("[UNK]\n"), 1
    with open(path, "w", encoding="utf-8") as stream:
        stream.write("[UNK]\n")
        for length in range(1, 5):
            for letters in itertools.product(alphabet, repeat=length):
                line = "".join(letters) + "\n"
                if size + len(line) > MAX_VOCAB_FILE_BYTES:
                    break
                stream.write(line)
                size, tokens = size + len(line), tokens + 1
            else:
                continue
            break
    out = run_limited(
        f"""
        from wordpiece_lib import Vocab, WordPieceTokenizer
        tokenizer = WordPieceTokenizer(Vocab.load({str(path)!r}))
        print(len(tokenizer.vocab), tokenizer.tokenize("hug"))
        """,
        memory=500 * MB,
    )
    assert out.strip() == f"{tokens} ['hug']" and tokens > 2_000_000


@pytest.mark.slow
def test_a_100_mb_token_loads_and_encodes_like_hugging_face(tmp_path: Path) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = tmp_path / "vocab.txt"
    path.write_text("[UNK]\nhug\n##s\n" + "x" * 100 * MB + "\n", encoding="utf-8")
    peer = tokenizers.Tokenizer(tokenizers.models.WordPiece.from_file(str(path), unk_token="[UNK]"))
    peer.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
    expected = peer.encode("hugs xx", add_special_tokens=False).tokens
    del peer
    out = run_limited(
        f"""
        from wordpiece_lib import Vocab, WordPieceTokenizer
        print(WordPieceTokenizer(Vocab.load({str(path)!r}, max_bytes={path.stat().st_size})).tokenize("hugs xx"))
        """,
        memory=900 * MB,
    )
    assert out.strip() == str(expected) == "['hug', '##s', '[UNK]']"


# -- training on one very long word ----------------------------------------------------------------------------------


def merge_everything(counts: dict[str, int], **options: object) -> tuple[int, int]:
    """Train ``PairStats`` until no pair is left; the pieces the merges walked, and the merges."""
    from wordpiece_lib import PairStats, initial_splits
    from wordpiece_lib.model import pair_joiner

    stats = PairStats(initial_splits(counts).values(), counts.values(), **options)
    join = pair_joiner("##")
    merges = 0
    while (best := stats.best()) is not None:
        stats.merge(*best.pair, join(*best.pair))
        merges += 1
    return stats.pieces_walked, merges


def random_word(length: int, seed: int) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(string.ascii_lowercase) for _ in range(length))


def test_the_work_of_training_grows_with_the_square_of_a_word_and_the_cap_bounds_it() -> None:
    """Bottom-up training walks a whole word at each merge inside it: one word of L characters costs about
    L * L / 2 piece visits (before: a 30,000-character word took 109 s and 1.4 GB in ``train``). So a word
    over ``max_word_chars`` is refused, and what is trained costs at most the cap times the corpus's pieces."""
    short = {"hug": 10, "pug": 5, "pun": 12}
    walked = {}
    for length in (300, 600, 1200):
        walked[length], merges = merge_everything({**short, random_word(length, length): 1})
        assert merges > length // 2  # about one merge per character: a merge may join two places at once
        assert walked[length] <= length * length
    assert walked[1200] >= 3 * walked[600] >= 9 * walked[300]  # quadratic: the reason for a cap
    corpus = {**short, **{random_word(length, seed): 1 for seed, length in enumerate([50, 120, 200, 200])}}
    cap = max(map(len, corpus)) + 1
    total_pieces = sum(map(len, corpus))
    assert merge_everything(corpus, max_word_pieces=cap)[0] <= cap * total_pieces


def test_a_word_over_the_cap_is_refused_before_any_pair_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordpiece_lib import PairStats, train_fast
    from wordpiece_lib.training import MAX_TRAINING_WORD_CHARS, fast_bottom_up

    built = []
    monkeypatch.setattr(
        fast_bottom_up, "PairStats", lambda *args, **kwargs: built.append(1) or PairStats(*args, **kwargs)
    )
    long_word = random_word(MAX_TRAINING_WORD_CHARS + 1, 5)
    with pytest.raises(ValueError) as refused:
        train_fast({"hug": 3, long_word: 2}, 100)
    assert str(refused.value).startswith(
        f"the word {long_word[:30]!r}... (seen 2 times) has {MAX_TRAINING_WORD_CHARS + 1:,} characters, over "
        f"max_word_chars={MAX_TRAINING_WORD_CHARS:,}"
    )
    assert built == []
    # Raised, the same word trains (to the end: every merge inside it).
    trace = train_fast({"hug": 3, long_word[:400]: 2}, 10_000, max_word_chars=400, special_tokens=["[UNK]"])
    assert built == [1] and long_word[:400] in trace.tokens()
    with pytest.raises(ValueError, match=r"splits\[1\] has 401 pieces, over max_word_pieces=400"):
        PairStats([["h", "##u", "##g"], list(long_word[:401])], [3, 2], max_word_pieces=400)


def test_train_refuses_a_long_word_in_one_line_naming_the_flag_and_trains_it_when_raised(tmp_path: Path) -> None:
    corpus = tmp_path / "book.txt"
    corpus.write_text("hug the pug\n" * 20 + random_word(2_000, 7) + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    for method in ("fast", "reference"):
        args = [sys.executable, "-m", "wordpiece_lib", "train", str(corpus), "--vocab-size", "60", "--method", method]
        refused = subprocess.run(
            [*args, "-o", str(tmp_path / "v.txt"), "--max-word-chars", "1000"], capture_output=True, text=True, env=env
        )
        assert refused.returncode == 2 and refused.stderr.count("\n") == 1, refused.stderr
        assert "has 2,000 characters, over --max-word-chars=1,000" in refused.stderr
        assert "raise --max-word-chars" in refused.stderr and not (tmp_path / "v.txt").exists()
    done = subprocess.run(
        [*args[:-2], "-o", str(tmp_path / "v.txt"), "--max-word-chars", "2000", "--quiet"],
        capture_output=True, text=True, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert len((tmp_path / "v.txt").read_text(encoding="utf-8").splitlines()) == 60
