"""Every model this library loads, against Hugging Face ``tokenizers``, on one text set (in the style of tokbench).

Run from the repository root::

    python benchmarks/real_tokenizers_speed.py            # the novel, 3 runs a cell (about a minute)
    python benchmarks/real_tokenizers_speed.py --repeat 5

One cell per bundled tokenizer (data/tokenizers/ and BERT's uncased vocab, as Hugging Face's
BertWordPieceTokenizer writes it): every line of Treasure Island encoded by this library
(``encode_batch``) and by Hugging Face (a loop of ``encode`` over the lines, and ``encode_batch``). The
ids of each side are hashed (SHA-256 of the ids, line by line); a cell is ``identical`` when the hashes
are, else ``differ``, and only an identical cell gets a speed figure: the median wall time of
``--repeat`` runs, each on a tokenizer freshly loaded (its word cache empty), and the ratio of ours to
Hugging Face's per-line loop.

Two goals are printed with their figures, never asserted:

* the byte-level BPE (``treasure-bpe.json``, GPT-2's kind) encodes the novel in at most 5 times
  Hugging Face's per-line loop;
* ``explain`` of a 1,000-word text (words 5,000 to 6,000 of the novel) takes under 1 s, with every
  tokenizer.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from bench_data import REPO_ROOT, data_path

sys.path.insert(0, str(REPO_ROOT))

from tokenizers import Tokenizer
from tokenizers.implementations import BertWordPieceTokenizer

from wordpiece_lib import load_tokenizer
from wordpiece_lib.pipeline.explanation import explain
from wordpiece_lib.pipeline.parts import type_name

FOLDER = REPO_ROOT / "data" / "tokenizers"
BYTE_LEVEL = "treasure-bpe.json"
BYTE_LEVEL_GOAL = 5.0
EXPLAIN_GOAL = 1.0


def ids_hash(batches: list[list[int]]) -> str:
    digest = hashlib.sha256()
    for ids in batches:
        digest.update(json.dumps(ids).encode())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def timed(function, repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs a cell (default: 3)")
    args = parser.parse_args()
    lines = data_path("treasure-island").read_text(encoding="utf-8").split("\n")
    words = " ".join(data_path("treasure-island").read_text(encoding="utf-8").split()[5000:6000])
    with tempfile.TemporaryDirectory() as scratch:
        bert = Path(scratch) / "bert-base-uncased.json"
        BertWordPieceTokenizer(str(data_path("bert-base-uncased-vocab")), lowercase=True).save(str(bert))
        paths = {"bert-base-uncased": bert, **{path.name: path for path in sorted(FOLDER.glob("*.json"))}}
        print(f"text set: Treasure Island, {len(lines):,} lines; {args.repeat} runs a cell, median wall time\n")
        header = f"{'tokenizer':<22} {'model':<9} {'ours':<17} {'hugging face':<17} {'cell':<10} "
        print(header + f"{'ours s':>8} {'hf loop s':>10} {'hf batch s':>11} {'ratio':>7}")
        ratios = {}
        for name, path in paths.items():
            ours_time, ours_ids = timed(
                lambda path=path: [e.ids for e in load_tokenizer(path).encode_batch(lines)], args.repeat
            )
            loop_time, hf_ids = timed(
                lambda path=path: [e.ids for e in map(Tokenizer.from_file(str(path)).encode, lines)], args.repeat
            )
            batch_time, _ = timed(lambda path=path: Tokenizer.from_file(str(path)).encode_batch(lines), args.repeat)
            mine, theirs = ids_hash(ours_ids), ids_hash(hf_ids)
            cell = "identical" if mine == theirs else "differ"
            model = type_name("model", load_tokenizer(path).model)
            row = f"{name:<22} {model:<9} {mine:<17} {theirs:<17} {cell:<10} "
            if cell == "identical":
                ratios[name] = ours_time / loop_time
                row += f"{ours_time:>8.2f} {loop_time:>10.2f} {batch_time:>11.2f} {ratios[name]:>6.1f}x"
            print(row)
        print()
        if BYTE_LEVEL in ratios:
            verdict = "met" if ratios[BYTE_LEVEL] <= BYTE_LEVEL_GOAL else "NOT met"
            print(
                f"goal: byte-level BPE ({BYTE_LEVEL}) at most {BYTE_LEVEL_GOAL:.0f}x Hugging Face's per-line loop: "
                f"{ratios[BYTE_LEVEL]:.1f}x, {verdict}"
            )
        else:
            print(f"goal: byte-level BPE ({BYTE_LEVEL}): its cell differs, no speed figure")
        print(f"\nexplain of a {len(words.split()):,}-word text (goal: under {EXPLAIN_GOAL:.0f} s):")
        for name, path in paths.items():
            tokenizer = load_tokenizer(path)
            seconds, story = timed(lambda tokenizer=tokenizer: explain(tokenizer, words), args.repeat)
            verdict = "met" if seconds < EXPLAIN_GOAL else "NOT met"
            print(f"  {name:<22} {seconds:6.3f} s, {len(story.tokens):,} tokens, {verdict}")


if __name__ == "__main__":
    main()
