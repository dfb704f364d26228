"""Batch encoding with offsets, as whole processes: ours against Hugging Face ``tokenizers``.

Run from the repository root::

    python benchmarks/batch_encode_speed.py               # 5 runs of each engine, the book once
    python benchmarks/batch_encode_speed.py --copies 4    # Treasure Island four times over

Three engines encode every line of Treasure Island (``--copies`` times) into
a model's input with BERT's uncased vocab, ``[CLS] ... [SEP]``, offsets, word
ids, type ids and attention masks, each in a fresh Python process that
imports its library, loads the same ``tokenizer.json`` (written by our
library; Hugging Face reads it), encodes, and reads every field of every
encoding, as a program feeding a model would:

* ``ours``: ``WordPieceTokenizer.encode_batch`` (pure Python, one core);
* ``hf-loop``: ``Tokenizer.encode`` line by line (Rust, one core);
* ``hf-batch``: ``Tokenizer.encode_batch`` (Rust, all cores).

Each process prints a digest of all ids, offsets and word ids: the three
must agree, or the script stops. The figures are the median wall and CPU
seconds of whole processes (start-up and loading included) over ``--runs``
runs, taken in turn (ours, hf-loop, hf-batch, ours, ...) so a drifting
machine affects all alike, and the time spent encoding alone as measured
inside each process. Ratios compare with ours; nothing is asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
from bench_data import data_path  # noqa: E402

ENGINES = ("ours", "hf-loop", "hf-batch")


def digest(encodings: list[tuple[list[int], list[tuple[int, int]], list[int | None]]]) -> str:
    """One hash of every encoding's ids, offsets and word ids (the same for identical outputs)."""
    hasher = hashlib.sha256()
    for ids, offsets, word_ids in encodings:
        hasher.update(json.dumps([ids, [list(pair) for pair in offsets], word_ids]).encode())
    return hasher.hexdigest()[:16]


def run_engine(engine: str, tokenizer_path: Path, text_path: Path, copies: int) -> None:
    """Child process: load, encode, read every field; print one JSON line."""
    lines = text_path.read_text(encoding="utf-8").split("\n") * copies
    started = time.perf_counter()
    if engine == "ours":
        sys.path.insert(0, str(REPO_ROOT))
        from wordpiece_lib import WordPieceTokenizer

        tokenizer = WordPieceTokenizer.from_file(tokenizer_path)
        loaded = time.perf_counter()
        encodings = tokenizer.encode_batch(lines)
    else:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(str(tokenizer_path))
        loaded = time.perf_counter()
        encodings = (
            tokenizer.encode_batch(lines) if engine == "hf-batch" else [tokenizer.encode(line) for line in lines]
        )
    fields = [
        (encoding.ids, encoding.offsets, encoding.word_ids, encoding.type_ids, encoding.attention_mask)
        for encoding in encodings
    ]
    finished = time.perf_counter()
    tokens = sum(len(ids) for ids, *_ in fields)
    result = {
        "engine": engine,
        "load_seconds": loaded - started,
        "encode_seconds": finished - loaded,
        "tokens": tokens,
        "digest": digest([(ids, offsets, word_ids) for ids, offsets, word_ids, *_ in fields]),
    }
    print(json.dumps(result))


def child(engine: str, tokenizer_path: Path, text_path: Path, copies: int) -> dict:
    """Run one engine as a whole process; its report plus the process's wall and CPU seconds."""
    command = [
        sys.executable,
        __file__,
        "--engine",
        engine,
        "--tokenizer",
        str(tokenizer_path),
        "--text",
        str(text_path),
        "--copies",
        str(copies),
    ]
    before = os.times()
    started = time.perf_counter()
    completed = subprocess.run(command, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - started
    after = os.times()
    if completed.returncode != 0:
        raise SystemExit(f"{engine} failed:\n{completed.stderr}")
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return {**report, "wall": wall, "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="whole-process runs of each engine (default 5)")
    parser.add_argument("--copies", type=int, default=1, help="encode the book this many times over (default 1)")
    parser.add_argument("--engine", choices=ENGINES, help=argparse.SUPPRESS)
    parser.add_argument("--tokenizer", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--text", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine:
        run_engine(args.engine, args.tokenizer, args.text, args.copies)
        return

    sys.path.insert(0, str(REPO_ROOT))
    from wordpiece_lib import Vocab, WordPieceTokenizer

    text_path, vocab_path = data_path("treasure-island"), data_path("bert-base-uncased-vocab")
    if text_path is None or vocab_path is None:
        return
    vocab = Vocab.load(vocab_path)
    with tempfile.TemporaryDirectory() as scratch:
        tokenizer_path = WordPieceTokenizer(vocab, lowercase=True).save(Path(scratch) / "tokenizer.json")
        size = len(text_path.read_text(encoding="utf-8").encode("utf-8")) * args.copies / 1e6
        print(
            f"Treasure Island x{args.copies} ({size:.1f} MB), BERT uncased, [CLS] $A [SEP], every field read; "
            f"{args.runs} whole-process runs each, in turn; {os.cpu_count()} cores"
        )
        results: dict[str, list[dict]] = {engine: [] for engine in ENGINES}
        for _ in range(args.runs):
            for engine in ENGINES:
                results[engine].append(child(engine, tokenizer_path, text_path, args.copies))
    digests = {run["digest"] for runs in results.values() for run in runs}
    if len(digests) != 1:
        raise SystemExit(f"the engines disagree: digests {sorted(digests)}")
    tokens = results["ours"][0]["tokens"]
    print(f"identical output from all three ({tokens:,} tokens, digest {digests.pop()})\n")

    def median(engine: str, key: str) -> float:
        return statistics.median(run[key] for run in results[engine])

    print(f"{'engine':<10} {'wall s':>8} {'cpu s':>8} {'load s':>8} {'encode s':>9}   ours / engine (wall, encode)")
    for engine in ENGINES:
        wall, cpu = median(engine, "wall"), median(engine, "cpu")
        load, encode = median(engine, "load_seconds"), median(engine, "encode_seconds")
        ratio = f"{median('ours', 'wall') / wall:5.2f}  {median('ours', 'encode_seconds') / encode:5.2f}"
        print(f"{engine:<10} {wall:8.3f} {cpu:8.3f} {load:8.3f} {encode:9.3f}   {ratio}")
    print("\nA ratio below 1 means ours took less time. Wall time includes start-up, imports and loading.")


if __name__ == "__main__":
    main()
