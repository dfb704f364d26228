"""Do the widgets answer within 50 ms per step on a whole book?

Run from the repository root::

    python benchmarks/widget_speed.py                  # whole Treasure Island
    python benchmarks/widget_speed.py --vocab-size 5000

1. Trains on Treasure Island's word counts (lowercase BERT pipeline) and records
   the top 8 candidates of every merge. It uses the fast trainer
   (``fast_bottom_up.train_fast``) when present; otherwise the reference trainer
   with a smaller target (``--fallback-size``), and says so.
2. Drives a ``MergeStepper`` over that trace headless: ``next`` clicks from the
   start, random slider jumps, ``last`` / ``first``; and a
   ``LongestMatchExplorer`` over BERT's uncased vocab: typing words of the book
   and stepping through their lookups.
3. Prints median, 95th percentile and worst time per action, and each as a
   ratio to the 50 ms budget (below 1.00 is within budget). Nothing is asserted.

The book and vocab come from ``wordpiece_lib.data.copies`` (``python -m wordpiece_lib fetch``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench_data import data_path  # noqa: E402

from wordpiece_lib import Vocab, WordCounts, train_bottom_up  # noqa: E402
from wordpiece_lib.classroom.encoding import LongestMatchExplorer  # noqa: E402
from wordpiece_lib.classroom.merge_steps import MergeStepper  # noqa: E402

BUDGET_MS = 50.0


def timed(action: Callable[[], object], repeats: int) -> list[float]:
    """Milliseconds per call of ``action``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return times


def report(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    median = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    worst = ordered[-1]
    print(
        f"{name:<34} n={len(times):>4}  median {median:7.2f} ms  p95 {p95:7.2f} ms  max {worst:7.2f} ms"
        f"  | max/budget {worst / BUDGET_MS:5.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description="Widget response time on a whole-book trace")
    parser.add_argument("--vocab-size", type=int, default=30_000, help="target for the fast trainer")
    parser.add_argument("--fallback-size", type=int, default=1_500, help="target if only the reference trainer exists")
    parser.add_argument("--top-k", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=300)
    args = parser.parse_args()

    book_path, vocab_path = data_path("treasure-island"), data_path("bert-base-uncased-vocab")
    if book_path is None or vocab_path is None:
        return 2
    book = book_path.read_text(encoding="utf-8")
    counts = WordCounts.from_texts(book.splitlines(), lowercase=True)
    print(f"Treasure Island: {counts.total:,} words, {len(counts):,} distinct (lowercase BERT pipeline)")

    try:
        from wordpiece_lib import train_fast
    except ImportError:
        train_fast = None
    start = time.perf_counter()
    if train_fast is not None:
        trace = train_fast(counts, args.vocab_size, top_k=args.top_k)
        how = f"train_fast, target {args.vocab_size:,}"
    else:
        trace = train_bottom_up(counts, args.fallback_size, top_k=args.top_k)
        how = f"train_bottom_up (no fast trainer found), smaller target {args.fallback_size:,}"
    print(f"trace: {len(trace.steps):,} merges, top_k={args.top_k} ({how}) in {time.perf_counter() - start:.1f} s")
    print(f"stop reason: {trace.stop_reason}")
    print(f"budget: {BUDGET_MS:.0f} ms per action\n")

    build_times = timed(lambda: MergeStepper(trace), 5)
    report("MergeStepper(trace) (build)", build_times)
    stepper = MergeStepper(trace)
    total = len(trace.steps)
    clicks = min(args.repeats, total)
    report("stepper: next click", timed(stepper.next.click, clicks))
    rng = random.Random(0)
    jumps = [rng.randint(0, total) for _ in range(args.repeats)]
    iterator = iter(jumps)
    report("stepper: slider jump (random)", timed(lambda: setattr(stepper.slider, "value", next(iterator)), len(jumps)))
    stepper.go(total // 2)
    report("stepper: previous click", timed(stepper.previous.click, min(args.repeats, total // 2)))
    ends = iter([stepper.last, stepper.first] * args.repeats)
    report("stepper: last / first", timed(lambda: next(ends).click(), 50))

    bert = Vocab.load(vocab_path)
    explorer = LongestMatchExplorer(bert, "treasure")
    words = [word for word, _ in counts.most_common() if len(word) >= 6][: args.repeats]
    typing = iter(words)
    report(
        "explorer: type a word (BERT vocab)",
        timed(lambda: setattr(explorer.word_box, "value", next(typing)), len(words)),
    )
    explorer.word_box.value = "buccaneering"
    report("explorer: next click", timed(explorer.next.click, explorer.slider.max))
    long_words = iter(["x" * 100, "y" * 101] * 20)  # 100: ~5,000 lookups; 101: rejected at once
    report("explorer: type 100 / 101 chars", timed(lambda: setattr(explorer.word_box, "value", next(long_words)), 40))
    assert stepper.step in (0, total) and explorer.text, "the widgets did not render"
    return 0


if __name__ == "__main__":
    sys.exit(main())
