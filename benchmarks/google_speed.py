"""How fast is ``compat="google"`` against Google's own ``tokenization.py``, on the same texts?

Run from the repository root (needs the ``dev`` extra, which installs ``bert-tensorflow``)::

    python benchmarks/google_speed.py                  # 20,000 texts of the differential test, then the book
    python benchmarks/google_speed.py --texts 5000

Two workloads, both with BERT's uncased vocab and ``do_lower_case=True``:

1. the differential test's mixed texts (``tests/peers/test_google_bert.py``: book
   lines, many scripts, typed special tokens, random code points, about 2% long words);
2. every line of Treasure Island.

For each: CPU seconds of Google's ``FullTokenizer.tokenize`` one text at a time,
of ``WordPieceTokenizer(..., compat="google").tokenize`` one text at a time
(a cold tokenizer: its word and character caches fill as it goes; then once more,
warm, as on any corpus larger than its distinct words), and of a cold ``encode_batch``
(ids and offsets too, which Google's file does not compute); the tokens are
checked to be Google's. Nothing is asserted; ratios are printed.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests"))

from bench_data import data_path  # noqa: E402

from wordpiece_lib import Vocab, WordPieceTokenizer  # noqa: E402


def cpu_seconds(function: Callable[[], object]) -> tuple[float, object]:
    """CPU time of ``function()`` (less disturbed by other jobs on a shared machine than wall time) and its result."""
    start = time.process_time()
    result = function()
    return time.process_time() - start, result


def compare(name: str, texts: list[str], vocab_path: Path, google: object) -> None:
    full = google.FullTokenizer(str(vocab_path), do_lower_case=True)  # type: ignore[attr-defined]
    google_time, answers = cpu_seconds(lambda: [full.tokenize(text) for text in texts])
    ours = WordPieceTokenizer(Vocab.load(vocab_path), lowercase=True, compat="google")
    ours_time, tokens = cpu_seconds(lambda: [ours.tokenize(text) for text in texts])
    warm_time, _ = cpu_seconds(lambda: [ours.tokenize(text) for text in texts])
    batch_time, _ = cpu_seconds(
        lambda: WordPieceTokenizer(Vocab.load(vocab_path), lowercase=True, compat="google").encode_batch(texts)
    )
    same = sum(mine == theirs for mine, theirs in zip(tokens, answers))
    megabytes = sum(len(text.encode("utf-8")) for text in texts) / 1e6
    print(f"{name}: {len(texts):,} texts, {megabytes:.1f} MB; the same tokens as Google's on {same:,} of them")
    print(f"  Google's tokenization.py        {google_time:7.2f} s CPU   {megabytes / google_time:6.2f} MB/s")
    print(
        f"  compat='google' tokenize        {ours_time:7.2f} s CPU   {megabytes / ours_time:6.2f} MB/s"
        f"   {google_time / ours_time:5.1f}x Google's speed"
    )
    print(
        f"  the same, again (warm caches)   {warm_time:7.2f} s CPU   {megabytes / warm_time:6.2f} MB/s"
        f"   {google_time / warm_time:5.1f}x Google's speed"
    )
    print(
        f"  compat='google' encode_batch    {batch_time:7.2f} s CPU   {megabytes / batch_time:6.2f} MB/s"
        f"   {google_time / batch_time:5.1f}x Google's speed (ids, offsets and [CLS]/[SEP] too)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--texts", type=int, default=20_000, help="how many of the test's mixed texts (default 20,000)")
    args = parser.parse_args()
    from peers.test_google_bert import SEED, import_google_tokenization, make_texts

    google = import_google_tokenization()
    vocab_path = data_path("bert-base-uncased-vocab")
    book_path = data_path("treasure-island")
    if vocab_path is None or book_path is None:
        return 1
    lines = [line for line in book_path.read_text(encoding="utf-8").split("\n") if line.strip()]
    compare("mixed texts", make_texts(args.texts, SEED, lines, unused_max=993), vocab_path, google)
    compare("Treasure Island", lines, vocab_path, google)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
