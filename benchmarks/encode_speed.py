"""How fast does a book become tokens? Ours (plain, cached, LinMaxMatch) against Hugging Face ``tokenizers``.

Run from the repository root::

    python benchmarks/encode_speed.py                 # ~10 MB, plot in benchmarks/results/
    python benchmarks/encode_speed.py --size-mb 2 --plot /tmp/speed.png

Three parts, all with BERT's uncased vocab and the lowercase BERT pipeline
(normalizer + BERT pre-tokenizer):

1. *where the time goes* in the plain pipeline, phase by phase, on one copy of the book;
2. *throughput* (MB/s of UTF-8 text) on Treasure Island repeated to about ``--size-mb``,
   every path checked to give exactly Hugging Face's tokens;
3. *word length*: one pathological word ``aaa...a`` (10 to 1,000 characters) with
   the vocab ``{a, ##a}``, where longest-match-first on a plain set is quadratic (it
   retries from the far end of the word for every token) and LinMaxMatch is linear
   (so is ``encode_word`` given a ``Vocab``: it skips candidates longer than the longest
   token and hands long words to the automaton); the growth exponent is the slope of a
   log-log fit.

The book and vocab come from ``wordpiece_lib.data.copies`` (``python -m wordpiece_lib fetch``).
Nothing is asserted: the numbers are printed, with
ratios against the peer measured in the same run.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench_data import data_path  # noqa: E402

from wordpiece_lib import FastNormalizer, FastWordPieceTokenizer, LinMaxMatch, Vocab, WordPieceTokenizer, encode_word  # noqa: E402

DEFAULT_PLOT = REPO_ROOT / "benchmarks" / "results" / "encode_speed.png"
LENGTHS = (10, 16, 25, 40, 63, 100, 158, 251, 398, 631, 1000)
FIT_FROM = 100  # below this, per-call overhead hides the growth


def timed(function: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> tuple[float, object]:
    start = clock()
    result = function()
    return clock() - start, result


def cpu_timed(function: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds: for single-threaded code, less disturbed by other jobs on the machine than wall time."""
    return timed(function, time.process_time)


def flatten(token_lists: list[list[str]]) -> list[str]:
    return [token for tokens in token_lists for token in tokens]


def hugging_face_pipeline(vocab_path: Path) -> object | None:
    try:
        from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
    except ImportError:
        return None
    peer = Tokenizer(models.WordPiece.from_file(str(vocab_path), unk_token="[UNK]"))
    peer.normalizer = normalizers.BertNormalizer(lowercase=True)
    peer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return peer


# -- 1. where the time goes ---------------------------------------------------------------------------------------


def phase_breakdown(book: str, vocab: Vocab, plain: WordPieceTokenizer, automaton: LinMaxMatch) -> None:
    lines = book.split("\n")
    size = len(book.encode("utf-8")) / 1e6
    t_norm, normalized = cpu_timed(lambda: [plain.normalize(line) for line in lines])
    t_split, words_per_line = cpu_timed(lambda: [plain.pretokenize(line) for line in normalized])
    words = [word for line_words in words_per_line for word in line_words]
    t_longest, _ = cpu_timed(lambda: [encode_word(word, vocab) for word in words])
    t_linear, _ = cpu_timed(lambda: [automaton.encode_word(word) for word in words])
    fast_normalizer = FastNormalizer(plain.normalize)
    t_fast_norm, _ = cpu_timed(lambda: fast_normalizer(book))
    fast = FastWordPieceTokenizer(vocab, lowercase=True)
    t_words, fast_words = cpu_timed(lambda: fast.words(book))
    t_cold, _ = cpu_timed(lambda: fast.tokenize(book))
    t_warm, _ = cpu_timed(lambda: fast.tokenize(book))
    assert fast_words == words
    distinct = len(set(words))
    print(
        f"\n1. Where the time goes: one copy of the book ({size:.2f} MB, {len(words):,} words, {distinct:,} distinct), CPU time"
    )
    rows = [
        ("plain: BertNormalizer, per line", t_norm),
        ("plain: bert_split, per line", t_split),
        ("plain: encode_word (longest match), per word", t_longest),
        ("LinMaxMatch.encode_word, per word", t_linear),
        ("fast: FastNormalizer (per-char table), whole text", t_fast_norm),
        ("fast: words() = translate + split, whole text", t_words),
        ("fast: tokenize, cold word cache (words already in the char table)", t_cold),
        ("fast: tokenize, warm word cache", t_warm),
    ]
    plain_total = t_norm + t_split + t_longest
    for label, seconds in rows:
        print(
            f"   {label:<68} {seconds:7.3f} s  {size / seconds:7.2f} MB/s  {100 * seconds / plain_total:5.1f}% of plain"
        )


# -- 2. throughput ------------------------------------------------------------------------------------------------


def throughput(text: str, vocab: Vocab, vocab_path: Path, skip_plain: bool, repeats: int) -> list[tuple[str, float]]:
    lines = text.split("\n")
    size = len(text.encode("utf-8")) / 1e6
    plain = WordPieceTokenizer(vocab, lowercase=True)
    results: list[tuple[str, float, list[str]]] = []

    def run(label: str, prepare: Callable[[], Callable[[], list[str]]]) -> None:
        """Time ``prepare()()``, best of ``repeats``; ``prepare`` (fresh caches, untimed) runs before each."""
        best, tokens = math.inf, []
        for _ in range(repeats):
            function = prepare()
            seconds, tokens = timed(function)  # type: ignore[assignment]
            best = min(best, seconds)
        results.append((label, best, tokens))
        print(f"   ... {label}: {best:.2f} s", flush=True)

    peer = hugging_face_pipeline(vocab_path)
    print(
        f"\n2. Throughput on {size:.1f} MB ({len(lines):,} lines), wall time, best of {repeats}; caches start empty",
        flush=True,
    )

    def peer_per_line() -> Callable[[], list[str]]:
        return lambda: flatten([peer.encode(line, add_special_tokens=False).tokens for line in lines])  # type: ignore[union-attr]

    def peer_batch() -> Callable[[], list[str]]:
        return lambda: flatten([e.tokens for e in peer.encode_batch(lines, add_special_tokens=False)])  # type: ignore[union-attr]

    if peer is not None:
        run("HF tokenizers: encode, per line", peer_per_line)
        run(f"HF tokenizers: encode_batch (all lines, {os.cpu_count()} cores)", peer_batch)
    automaton_seconds, automaton = timed(lambda: LinMaxMatch(vocab))
    assert isinstance(automaton, LinMaxMatch)
    print(f"   (building the LinMaxMatch automaton: {automaton_seconds:.2f} s, {len(automaton):,} nodes; not counted)")

    def plain_words() -> list[list[str]]:
        return [plain.pretokenize(plain.normalize(line)) for line in lines]

    def plain_longest() -> Callable[[], list[str]]:
        return lambda: [token for words in plain_words() for word in words for token in encode_word(word, vocab)]

    def plain_linear() -> Callable[[], list[str]]:
        return lambda: [token for words in plain_words() for word in words for token in automaton.encode_word(word)]

    if not skip_plain:
        run("plain longest match: WordPieceTokenizer pipeline, per line", plain_longest)
        run("plain LinMaxMatch (no cache), per line", plain_linear)

    def cached(encoder: str) -> FastWordPieceTokenizer:
        shared = automaton if encoder == "linmaxmatch" else None  # its build is not what we time
        return FastWordPieceTokenizer(vocab, lowercase=True, encoder=encoder, automaton=shared)

    def cached_longest() -> Callable[[], list[str]]:
        tokenizer = cached("longest")
        return lambda: tokenizer.tokenize(text)

    def cached_per_line() -> Callable[[], list[str]]:
        tokenizer = cached("linmaxmatch")
        return lambda: [token for line in lines for token in tokenizer.tokenize(line)]

    def cached_whole_text() -> Callable[[], list[str]]:
        tokenizer = cached("linmaxmatch")
        return lambda: tokenizer.tokenize(text)

    def single_pass() -> Callable[[], list[str]]:
        normalize = FastNormalizer(plain.normalize)
        return lambda: automaton.tokenize_normalized(normalize(text))

    run("cached longest match: FastWordPieceTokenizer, whole text", cached_longest)
    run("cached LinMaxMatch: FastWordPieceTokenizer, per line", cached_per_line)
    run("cached LinMaxMatch: FastWordPieceTokenizer, whole text", cached_whole_text)
    run("single pass: FastNormalizer + LinMaxMatch.tokenize_normalized", single_pass)

    reference_label, _, reference = results[0]
    peer_per_line = results[0][1] if peer is not None else None
    print(f"\n   {'path':<62} {'seconds':>8} {'MB/s':>7} {'vs HF encode':>13}  tokens")
    summary = []
    for label, seconds, tokens in results:
        ratio = f"{peer_per_line / seconds:12.2f}x" if peer_per_line else "           -"
        same = "reference" if label == reference_label else ("identical" if tokens == reference else "DIFFERENT")
        print(f"   {label:<62} {seconds:8.2f} {size / seconds:7.2f} {ratio}  {same}")
        summary.append((label, size / seconds))
    if any(tokens != reference for _, _, tokens in results):
        print("   WARNING: some path gave different tokens")
    print(f"   ({len(reference):,} tokens; reference: {reference_label})")
    return summary


# -- 3. word length -----------------------------------------------------------------------------------------------


def cpu_time(function: Callable[[], object], calls: int) -> float:
    start = time.process_time()
    for _ in range(calls):
        function()
    return time.process_time() - start


def best_time(function: Callable[[], object], *, budget: float = 0.05, rounds: int = 5) -> float:
    """Best CPU seconds per call (single-threaded code; CPU time is less disturbed by other jobs than wall time)."""
    calls = 1
    while (seconds := cpu_time(function, calls)) < budget and calls < 100_000:
        calls *= 4
    return min([seconds, *(cpu_time(function, calls) for _ in range(rounds - 1))]) / calls


def slope(lengths: list[int], seconds: list[float]) -> float:
    points = [(math.log(n), math.log(s)) for n, s in zip(lengths, seconds, strict=True) if n >= FIT_FROM]
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / sum((x - mean_x) ** 2 for x, _ in points)


def word_length_growth() -> dict[str, list[float]]:
    vocab = {"[UNK]", "a", "##a"}
    longest_limit = max(LENGTHS)
    automaton = LinMaxMatch(vocab, max_input_chars_per_word=longest_limit)
    as_vocab = Vocab(sorted(vocab))
    curves: dict[str, list[float]] = {
        "longest match (encode_word)": [],
        "encode_word on a Vocab": [],
        "LinMaxMatch": [],
    }
    model = None
    try:
        from tokenizers import models

        model = models.WordPiece(
            {"[UNK]": 0, "a": 1, "##a": 2}, unk_token="[UNK]", max_input_chars_per_word=longest_limit
        )
        curves["HF tokenizers WordPiece model"] = []
    except ImportError:
        pass
    print(f"\n3. One word 'aaa...a' with the vocab {{a, ##a}} (growth exponent fitted on lengths >= {FIT_FROM})")
    print(f"   {'length':>6}" + "".join(f"{name:>32}" for name in curves))
    for n in LENGTHS:
        word = "a" * n
        assert automaton.encode_word(word) == encode_word(word, vocab, max_input_chars_per_word=longest_limit)
        curves["longest match (encode_word)"].append(
            best_time(lambda: encode_word(word, vocab, max_input_chars_per_word=longest_limit))  # noqa: B023
        )
        curves["encode_word on a Vocab"].append(
            best_time(lambda: encode_word(word, as_vocab, max_input_chars_per_word=longest_limit))  # noqa: B023
        )
        curves["LinMaxMatch"].append(best_time(lambda: automaton.encode_word(word)))  # noqa: B023
        if model is not None:
            curves["HF tokenizers WordPiece model"].append(best_time(lambda: model.tokenize(word)))  # noqa: B023
        print(f"   {n:>6}" + "".join(f"{values[-1] * 1e6:>29.1f} us" for values in curves.values()))
    print(
        "   growth exponents (log-log slope): "
        + ", ".join(f"{name} {slope(list(LENGTHS), values):.2f}" for name, values in curves.items())
    )
    print(
        "   (1 = linear, 2 = quadratic; slicing and hashing each candidate adds up to one more power for longest match)"
    )
    return curves


# -- plot ---------------------------------------------------------------------------------------------------------


def save_plot(path: Path, curves: dict[str, list[float]], summary: list[tuple[str, float]]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (left, right) = plt.subplots(1, 2, figsize=(14, 5.5), gridspec_kw={"width_ratios": [1, 1.3]})
    for name, values in curves.items():
        left.loglog(
            LENGTHS, [v * 1e3 for v in values], marker="o", label=f"{name} (slope {slope(list(LENGTHS), values):.2f})"
        )
    left.set_xlabel("word length (characters)")
    left.set_ylabel("time per word (ms)")
    left.set_title("'aaa...a' with vocab {a, ##a}")
    left.grid(True, which="both", alpha=0.3)
    left.legend(fontsize=8)
    labels = [label for label, _ in summary]
    speeds = [speed for _, speed in summary]
    colors = ["tab:orange" if label.startswith("HF") else "tab:blue" for label in labels]
    right.barh(range(len(summary)), speeds, color=colors)
    right.set_yticks(range(len(summary)), labels, fontsize=8)
    right.invert_yaxis()
    right.set_xlabel("MB/s (higher is better)")
    right.set_title("Treasure Island, BERT uncased vocab (orange: Hugging Face)")
    for position, speed in enumerate(speeds):
        right.text(speed, position, f" {speed:.1f}", va="center", fontsize=8)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(path.name + ".tmp.png")
    figure.savefig(temporary, dpi=110)
    os.replace(temporary, path)
    plt.close(figure)
    print(f"\nplot saved to {path}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--size-mb", type=float, default=10.0, help="repeat the book to about this many MB (default 10)"
    )
    parser.add_argument(
        "--plot", type=Path, default=DEFAULT_PLOT, help=f"where to save the PNG (default {DEFAULT_PLOT})"
    )
    parser.add_argument("--skip-plain", action="store_true", help="leave out the two slow per-line paths")
    parser.add_argument("--repeats", type=int, default=1, help="time each path this many times, keep the best")
    args = parser.parse_args(argv)
    if args.size_mb <= 0:
        parser.error("--size-mb must be positive")
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")

    book_path, vocab_path = data_path("treasure-island"), data_path("bert-base-uncased-vocab")
    if book_path is None or vocab_path is None:
        return 2
    book = book_path.read_text(encoding="utf-8")
    vocab = Vocab.load(vocab_path)
    copies = max(1, round(args.size_mb * 1e6 / len(book.encode("utf-8"))))
    text = "\n".join([book] * copies)
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores; book x {copies}; vocab {len(vocab):,} tokens")

    phase_breakdown(book, vocab, WordPieceTokenizer(vocab, lowercase=True), LinMaxMatch(vocab))
    summary = throughput(text, vocab, vocab_path, args.skip_plain, args.repeats)
    curves = word_length_growth()
    save_plot(args.plot, curves, summary)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
