"""Unigram training on Treasure Island: our readable trainer against Hugging Face's and SentencePiece's.

Run from the repository root::

    python benchmarks/unigram_speed.py                 # 2,000 and 8,000 pieces (a few minutes)
    python benchmarks/unigram_speed.py --sizes 8000

The book is split into chapters; chapter 34 is held out. Every trainer learns from
the other chapters, pre-tokenized the same way (Hugging Face's ``Metaspace``: a word
starts with ``▁``), at the same settings (``vocab_size``, ``shrinking_factor`` 0.75,
2 EM sub-iterations, pieces of at most 16 characters, ``<unk>`` first). For each size it
prints, per trainer:

* the whole process's wall and CPU time (a fresh ``python -c`` that reads the book, trains
  and writes its vocab), medians of ``--repeat`` runs, and their ratios to Hugging Face's
  (whose trainer runs several threads: its CPU time can exceed its wall time; on a busy
  machine the CPU time is the steadier figure);
* tokens per word on the held-out chapter, each model cutting with its own Viterbi;
* the share of pieces each vocab has in common with Hugging Face's (Jaccard).

SentencePiece (``pip install sentencepiece``) trains on the words with their counts
(one line a word, repeated) and is skipped if it is not installed. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_data import REPO_ROOT, data_path

HELD_OUT = 34

TRAIN = {
    "ours": """
import json, sys
sys.path.insert(0, {root!r})
from tokenizers import pre_tokenizers
from wordpiece_lib import WordCounts
from wordpiece_lib.training.unigram import train_unigram
words = [w for line in open({corpus!r}, encoding="utf-8") for w, _ in pre_tokenizers.Metaspace().pre_tokenize_str(line)]
model = train_unigram(WordCounts.from_pairs((w, 1) for w in words), {size}).model
json.dump(model.to_json(), open({out!r}, "w"))
""",
    "hugging face": """
import json
from tokenizers import Tokenizer, models, pre_tokenizers, trainers
tokenizer = Tokenizer(models.Unigram())
tokenizer.pre_tokenizer = pre_tokenizers.Metaspace()
trainer = trainers.UnigramTrainer(vocab_size={size}, unk_token="<unk>", special_tokens=["<unk>"], show_progress=False)
tokenizer.train([{corpus!r}], trainer)
json.dump(json.loads(tokenizer.to_str())["model"], open({out!r}, "w"))
""",
    "sentencepiece": """
import io, json, math
import sentencepiece
from tokenizers import pre_tokenizers
# SentencePiece adds the word-start mark itself: give it the words without it.
words = [w.removeprefix("▁") for line in open({corpus!r}, encoding="utf-8")
         for w, _ in pre_tokenizers.Metaspace().pre_tokenize_str(line)]
model = io.BytesIO()
sentencepiece.SentencePieceTrainer.train(
    sentence_iterator=iter(w for w in words if w), model_writer=model, vocab_size={size}, model_type="unigram",
    max_sentencepiece_length=16, shrinking_factor=0.75, num_sub_iterations=2, character_coverage=1.0,
    unk_id=0, bos_id=-1, eos_id=-1, add_dummy_prefix=True, normalization_rule_name="identity",
    hard_vocab_limit=False, minloglevel=2,
)
processor = sentencepiece.SentencePieceProcessor(model_proto=model.getvalue())
vocab = [[processor.id_to_piece(i), processor.get_score(i)] for i in range(processor.get_piece_size())]
json.dump({{"type": "Unigram", "unk_id": 0, "vocab": vocab}}, open({out!r}, "w"))
""",
}


def run(name: str, corpus: Path, size: int, out: Path) -> tuple[float, float]:
    """The whole process's wall and CPU seconds (user + system, its threads included)."""
    code = TRAIN[name].format(root=str(REPO_ROOT), corpus=str(corpus), size=size, out=str(out))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 8000])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    book = data_path("treasure-island")
    if book is None:
        sys.exit(1)
    sys.path.insert(0, str(REPO_ROOT))
    from tokenizers import pre_tokenizers

    from wordpiece_lib.data import held_out_split
    from wordpiece_lib.model import UnigramModel

    training, held_out = held_out_split(book.read_text(encoding="utf-8"), HELD_OUT)
    metaspace = pre_tokenizers.Metaspace()
    held_words = [word for line in held_out.splitlines() for word, _ in metaspace.pre_tokenize_str(line)]
    try:
        import sentencepiece  # noqa: F401

        names = ["hugging face", "ours", "sentencepiece"]
    except ImportError:
        print("sentencepiece is not installed (pip install sentencepiece): its column is left out")
        names = ["hugging face", "ours"]
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "training.txt"
        corpus.write_text(training, encoding="utf-8")
        for size in args.sizes:
            models, times = {}, {}
            for name in names:
                out = Path(folder) / f"{name}-{size}.json"
                runs = [run(name, corpus, size, out) for _ in range(args.repeat)]
                times[name] = (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs))
                models[name] = UnigramModel.from_json(json.loads(out.read_text(encoding="utf-8")))
            peer = set(models["hugging face"].pieces)
            print(f"\n== {size:,} pieces; held-out chapter {HELD_OUT}: {len(held_words):,} words")
            print(
                f"{'trainer':<14} {'pieces':>7} {'wall s':>8} {'x HF':>6} {'tokens/word':>12} {'vs HF':>7} {'Jaccard':>8}"
            )
            hf_fertility = None
            for name in names:
                model = models[name]
                fertility = sum(len(model.tokenize(word)) for word in held_words) / len(held_words)
                hf_fertility = hf_fertility or fertility
                jaccard = len(peer & set(model.pieces)) / len(peer | set(model.pieces))
                print(
                    f"{name:<14} {len(model):>7,} {times[name][0]:>7.1f} {times[name][0] / times['hugging face'][0]:>6.2f} "
                    f"{times[name][1]:>7.1f} {times[name][1] / times['hugging face'][1]:>6.2f} "
                    f"{fertility:>12.4f} {fertility / hf_fertility - 1:>+7.2%} {jaccard:>8.3f}"
                )


if __name__ == "__main__":
    main()
