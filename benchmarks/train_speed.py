"""How fast is the fast bottom-up trainer against the reference and Hugging Face ``tokenizers``?

Run from the repository root::

    python benchmarks/train_speed.py                  # everything (about a minute, more on a busy machine)
    python benchmarks/train_speed.py --skip-scaling   # the book only
    python benchmarks/train_speed.py --repeat 3       # fewer repeats
    python benchmarks/train_speed.py --full-reference # also run the reference to the end and compare vocabs

The corpus is *Treasure Island* (through ``wordpiece_lib.data.copies``: the cache, the mirror
``WORDPIECE_DATA_MIRROR`` or a download), BERT-normalized (cased, then
lowercased) and split by the BERT pre-tokenizer; the target is 20,000 tokens
(the WordPiece trainer stops earlier, when every word is a single token).

1. In this process (median of ``--repeat`` runs): our ``train_fast``; our
   reference ``train_bottom_up`` for its first 200 merges, extrapolated
   linearly to the fast run's number of merges (later merges scan shorter
   words, so this overestimates a little); Hugging Face's ``WordPieceTrainer``
   (``BertNormalizer`` + ``BertPreTokenizer``, the same special tokens,
   ``vocab_size=20000``) on the same file. Hugging Face's trainer merges by
   raw pair count (BPE) and stops when no pair is left, so its vocab is
   smaller: the sizes are printed next to the times.
2. Whole processes from the command line (median of ``--repeat``):
   ``python -m wordpiece_lib train BOOK --vocab-size 20000 -o FILE`` and a
   small ``python -c`` script doing the same with ``tokenizers``, each with
   its peak resident memory (``ru_maxrss`` of the child, started by a small
   launcher so that this process's memory is not counted). A bare
   ``python -c pass`` is timed too, for the interpreter's start.
3. Peak memory of training alone (``tracemalloc``).
4. Scaling: the fast trainer on the ``wordfreq`` English list (top 5,000,
   20,000 and 80,000 words: 1x, 4x, 16x; counts ``round(frequency * 1e9)``,
   lowercased and BERT-split), to 20,000 tokens and until every word is whole.
   Skipped with a message if ``wordfreq`` is not installed.

Times are printed as ``wall/CPU`` seconds. On a shared machine the CPU time
is the steadier figure; Hugging Face's trainer runs several threads, so its
CPU time can exceed its wall time. Nothing is asserted: the script prints
figures and ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench_data import data_path  # noqa: E402

from wordpiece_lib import BERT_SPECIAL_TOKENS, WordCounts, alphabet, train_bottom_up, train_fast  # noqa: E402

TARGET = 20_000
REFERENCE_MERGES = 200
SCALES = (5_000, 20_000, 80_000)

HF_SCRIPT = """
import sys
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
path, output, lowercase = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
trainer = trainers.WordPieceTrainer(
    vocab_size=20000, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"], show_progress=False
)
tokenizer.train([path], trainer)
tokenizer.model.save(output)
"""


class Timing(NamedTuple):
    """Median wall-clock and CPU seconds (CPU counts every thread of the process)."""

    wall: float
    cpu: float

    def __str__(self) -> str:
        return f"{self.wall:.2f}/{self.cpu:.2f}"


def median_time(function: Callable[[], Any], repeat: int) -> tuple[Timing, Any]:
    walls, cpus = [], []
    result = None
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        result = function()
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - start_cpu)
    return Timing(statistics.median(walls), statistics.median(cpus)), result


def hf_train(path: Path, lowercase: bool) -> int:
    """Hugging Face's WordPiece trainer on the file; returns its vocab size."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tokenizer.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(
        vocab_size=TARGET, special_tokens=list(BERT_SPECIAL_TOKENS), show_progress=False
    )
    tokenizer.train([str(path)], trainer)
    return tokenizer.get_vocab_size()


def in_process(book: Path, repeat: int) -> None:
    """Part 1."""
    text = book.read_text(encoding="utf-8")
    print(f"1. In this process, target {TARGET:,} (median of {repeat}; seconds as wall/CPU)")
    header = f"{'casing':<11}{'count words':>12}{'fast':>11}{'tokens':>8}{'reference*':>12}{'HF':>11}{'HF tokens':>10}"
    print(header + f"{'ref/fast':>9}{'fast/HF wall':>13}{'CPU':>6}")
    for lowercase in (False, True):
        count_time, counts = median_time(
            lambda lowercase=lowercase: WordCounts.from_texts(text, lowercase=lowercase), 1
        )
        fast_time, trace = median_time(lambda counts=counts: train_fast(counts, TARGET), repeat)
        start_size = len(set(BERT_SPECIAL_TOKENS) | set(alphabet(counts)))
        ref_time, _ = median_time(lambda c=counts, s=start_size: train_bottom_up(c, s + REFERENCE_MERGES), 1)
        ref_full = ref_time.cpu / REFERENCE_MERGES * len(trace.steps)
        try:
            hf_time, hf_size = median_time(lambda lowercase=lowercase: hf_train(book, lowercase), repeat)
        except ImportError:
            print("   tokenizers is not installed: no Hugging Face figures")
            hf_time, hf_size = Timing(float("nan"), float("nan")), 0
        name = "lowercased" if lowercase else "cased"
        print(
            f"{name:<11}{count_time!s:>12}{fast_time!s:>11}{len(trace.tokens()):>8,}{ref_full:>11.0f}s"
            f"{hf_time!s:>11}{hf_size:>10,}{ref_full / fast_time.cpu:>8.0f}x"
            f"{fast_time.wall / hf_time.wall:>12.1f}x{fast_time.cpu / hf_time.cpu:>5.1f}x"
        )
    print(f"   * reference: CPU time of its first {REFERENCE_MERGES} merges, extrapolated to the fast run's merges")


# A child's ru_maxrss also counts the memory of the process that started it
# (the exec'd image inherits the high-water mark), so children are started by
# this small launcher rather than by the benchmark process itself.
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
cpu = usage.ru_utime + usage.ru_stime
print(time.perf_counter() - start, cpu, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def run_child(command: list[str]) -> tuple[Timing, float]:
    """Wall and CPU time, and peak resident memory (MB), of one child process."""
    done = subprocess.run(
        [sys.executable, "-c", LAUNCHER, *command], cwd=REPO_ROOT, capture_output=True, text=True, check=True
    )
    elapsed, cpu, max_rss_kib, status = done.stdout.split()
    if int(status) != 0:
        raise RuntimeError(f"{' '.join(command[:4])} ... failed: {done.stderr.strip()}")
    return Timing(float(elapsed), float(cpu)), int(max_rss_kib) / 1024


def median_runs(command: list[str], repeat: int) -> tuple[Timing, float]:
    """Median times and the largest peak memory of ``repeat`` runs."""
    runs = [run_child(command) for _ in range(repeat)]
    wall = statistics.median(timing.wall for timing, _ in runs)
    cpu = statistics.median(timing.cpu for timing, _ in runs)
    return Timing(wall, cpu), max(memory for _, memory in runs)


def whole_processes(book: Path, repeat: int) -> None:
    print(f"\n2. Whole processes from the command line (median of {repeat}; seconds as wall/CPU; peak RSS)")
    bare, _ = median_runs([sys.executable, "-c", "pass"], repeat)
    print(f"   (a bare 'python -c pass' takes {bare}s)")
    print(f"{'casing':<11}{'ours':>11}{'MB':>6}{'HF':>11}{'MB':>6}{'ours/HF wall':>14}{'CPU':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for lowercase in (False, True):
            ours_cmd = [sys.executable, "-m", "wordpiece_lib", "train", str(book), "--vocab-size", str(TARGET)]
            ours_cmd += ["-o", str(Path(folder) / "ours.txt")] + (["--lowercase"] if lowercase else [])
            hf_cmd = [sys.executable, "-c", HF_SCRIPT, str(book), folder, "1" if lowercase else "0"]
            ours_time, ours_mb = median_runs(ours_cmd, repeat)
            try:
                hf_time, hf_mb = median_runs(hf_cmd, repeat)
            except (RuntimeError, subprocess.CalledProcessError) as error:
                print(f"   Hugging Face run failed: {error}")
                hf_time, hf_mb = Timing(float("nan"), float("nan")), float("nan")
            name = "lowercased" if lowercase else "cased"
            print(
                f"{name:<11}{ours_time!s:>11}{ours_mb:>6.0f}{hf_time!s:>11}{hf_mb:>6.0f}"
                f"{ours_time.wall / hf_time.wall:>13.1f}x{ours_time.cpu / hf_time.cpu:>5.1f}x"
            )


def training_memory(book: Path) -> None:
    counts = WordCounts.from_texts(book.read_text(encoding="utf-8"))
    tracemalloc.start()
    train_fast(counts, TARGET)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"\n3. Peak memory allocated while training (cased book, tracemalloc): {peak / 2**20:.1f} MB")


def wordfreq_counts(words: int) -> WordCounts | None:
    try:
        import wordfreq
    except ImportError:
        return None
    from wordpiece_lib import BertNormalizer, bert_split

    normalize = BertNormalizer(lowercase=True)
    pairs = []
    for word in wordfreq.top_n_list("en", words):
        count = max(1, round(wordfreq.word_frequency(word, "en") * 1e9))
        pairs += [(piece, count) for piece in bert_split(normalize(word))]
    return WordCounts.from_pairs(pairs)


def scaling() -> None:
    print("\n4. Scaling: the wordfreq English list (lowercased, BERT-split), fast trainer")
    largest = wordfreq_counts(SCALES[-1])
    if largest is None:
        print("   skipped: wordfreq is not installed (pip install wordfreq)")
        return
    print(f"{'words':>8}{'types':>8}{'pieces':>9}{'to 20,000':>11}{'to the end':>12}{'tokens':>9}{'merges':>9}", end="")
    print(f"{'us/merge':>10}   (seconds as wall/CPU; us/merge from CPU)")
    for words in SCALES:
        counts = wordfreq_counts(words)
        assert counts is not None
        pieces = sum(len(word) for word in counts)
        target_time, _ = median_time(lambda counts=counts: train_fast(counts, TARGET), 1)
        end_time, trace = median_time(lambda counts=counts: train_fast(counts, 10**9), 1)
        steps = len(trace.steps)
        print(
            f"{words:>8,}{len(counts):>8,}{pieces:>9,}{target_time!s:>11}{end_time!s:>12}"
            f"{len(trace.tokens()):>9,}{steps:>9,}{end_time.cpu / steps * 1e6:>10.0f}"
        )


def full_reference(book: Path) -> None:
    """Run the reference trainer on the whole cased book and compare every token with train_fast."""
    from wordpiece_lib import WordCounts, train_bottom_up, train_fast

    counts = WordCounts.from_texts(book.read_text(encoding="utf-8"))
    print("5. Reference trainer to the end on the cased book (minutes) ...", flush=True)
    start = time.process_time()
    reference = train_bottom_up(counts, TARGET)
    seconds = time.process_time() - start
    fast = train_fast(counts, TARGET)
    same = reference.tokens() == fast.tokens() and reference.merges == fast.merges
    print(
        f"   reference {seconds:.0f} s CPU, {len(reference.tokens()):,} tokens; "
        f"identical merges and vocab to train_fast: {'yes' if same else 'NO'}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="runs per median (default: 5)")
    parser.add_argument("--skip-scaling", action="store_true", help="the book only")
    parser.add_argument(
        "--full-reference", action="store_true", help="also run the reference trainer to the end and compare (minutes)"
    )
    args = parser.parse_args(argv)
    book = data_path("treasure-island")
    if book is None:
        return 1
    print(f"{book.name}; Python {sys.version.split()[0]}; {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}")
    in_process(book, args.repeat)
    whole_processes(book, args.repeat)
    training_memory(book)
    if not args.skip_scaling:
        scaling()
    if args.full_reference:
        full_reference(book)
    return 0


if __name__ == "__main__":
    sys.exit(main())
