"""How fast is our top-down learner against TensorFlow Text's ``learn``, and is the vocab the same?

Run from the repository root::

    python benchmarks/top_down_speed.py                    # book and wordfreq, targets 8,000 and 30,000
    python benchmarks/top_down_speed.py --corpus book      # the book only (seconds)
    python benchmarks/top_down_speed.py --skip-tf          # ours only

Two corpora, both through the uncased BERT pipeline (lowercase, strip accents,
BERT pre-tokenizer):

a. *Treasure Island*'s word counts (through ``wordpiece_lib.data.copies``: the cache, the mirror
   ``WORDPIECE_DATA_MIRROR`` or a download);
b. the ``wordfreq`` English list: the top 100,000 words with counts
   ``round(frequency * 1e9)``, each word pre-tokenized and the pieces' counts
   added up (about 95,000 types). Needs ``pip install wordfreq``; skipped with a
   message without it.

For each corpus and target size, TensorFlow Text's ``learn`` (loaded by path
from the file ``tools/fetch_tf_text.py`` fetches; fetched here if missing,
skipped with a message if that fails) and ours run in this process with the
same arguments (TensorFlow Text's defaults, the five BERT special tokens). The
script prints both times, the ratio and whether the two vocabs are identical.
Nothing is asserted. TensorFlow Text needs about 3 minutes per wordfreq run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tools"))

import fetch_tf_text  # noqa: E402
from bench_data import data_path  # noqa: E402

from wordpiece_lib import BERT_SPECIAL_TOKENS, BertNormalizer, WordCounts, bert_split, train_top_down  # noqa: E402

TARGETS = (8_000, 30_000)
WORDFREQ_WORDS = 100_000


def book_counts() -> WordCounts | None:
    path = data_path("treasure-island")
    if path is None:
        print("skipping the book")
        return None
    return WordCounts.from_texts(path.read_text(encoding="utf-8"), lowercase=True)


def wordfreq_counts() -> WordCounts | None:
    try:
        import wordfreq
    except ImportError:
        print("skipping wordfreq: the package is not installed (pip install wordfreq)")
        return None
    normalize = BertNormalizer(lowercase=True)
    pairs = []
    for word in wordfreq.top_n_list("en", WORDFREQ_WORDS):
        count = round(wordfreq.word_frequency(word, "en") * 1e9)
        pairs += [(piece, count) for piece in bert_split(normalize(word))]
    return WordCounts.from_pairs(pairs)


def tf_learner(fetch: bool) -> ModuleType | None:
    try:
        if fetch:
            fetch_tf_text.fetch()
        return fetch_tf_text.load_learner()
    except (fetch_tf_text.FetchError, OSError, ImportError) as error:
        print(f"skipping TensorFlow Text: {error}")
        return None


def timed(function: Callable[[], list[str]]) -> tuple[float, list[str]]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def compare(name: str, counts: WordCounts, targets: tuple[int, ...], peer: ModuleType | None) -> None:
    reserved = list(BERT_SPECIAL_TOKENS)
    print(f"\n{name}: {len(counts):,} word types, {counts.total:,} running words")
    print(
        f"{'target':>8} {'ours (s)':>9} {'TF (s)':>9} {'ratio':>7} {'size':>7} {'threshold':>10} {'tried':>6}  identical"
    )
    for target in targets:
        start = time.perf_counter()
        result = train_top_down(counts, target, reserved)
        ours = time.perf_counter() - start
        row = f"{target:>8,} {ours:>9.2f}"
        if peer is None:
            row += f" {'-':>9} {'-':>7}"
            identical = "(no peer)"
        else:
            peer_time, peer_tokens = timed(lambda target=target: peer.learn(dict(counts), target, reserved))
            row += f" {peer_time:>9.2f} {peer_time / ours:>6.1f}x"
            identical = "yes" if peer_tokens == result.tokens else f"NO (TF has {len(peer_tokens):,} tokens)"
        row += f" {len(result.tokens):>7,} {result.threshold:>10,} {len(result.steps):>6}  {identical}"
        print(row, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", choices=("book", "wordfreq", "all"), default="all")
    parser.add_argument("--targets", type=int, nargs="+", default=list(TARGETS), metavar="N")
    parser.add_argument("--skip-tf", action="store_true", help="time ours only")
    parser.add_argument("--no-fetch", action="store_true", help="do not download TensorFlow Text if it is missing")
    args = parser.parse_args(argv)
    peer = None if args.skip_tf else tf_learner(fetch=not args.no_fetch)
    loaders = {
        "book": ("Treasure Island (uncased)", book_counts),
        "wordfreq": ("wordfreq English top 100,000", wordfreq_counts),
    }
    for key, (name, load) in loaders.items():
        if args.corpus in (key, "all"):
            counts = load()
            if counts is not None:
                compare(name, counts, tuple(args.targets), peer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
