"""Corpora that outgrow one process: counting, training and encoding from 10 MB to 1 GB, against Hugging Face.

Run from the repository root (needs ``pip install -e ".[benchmarks]"``: wordfreq, tokenizers, dask)::

    python benchmarks/scale_speed.py                      # 10, 30 and 100 MB (about 10 minutes here)
    python benchmarks/scale_speed.py --sizes 10,100,1000  # add 1 GB (count memory; about 30 minutes more)
    python benchmarks/scale_speed.py --sizes 10 --skip-encode --skip-book   # a quick look

The corpora are synthetic English, generated on the fly into a temporary
folder (deleted afterwards; never committed): lines of words drawn
independently with ``wordfreq``'s English frequencies (its 320,000-word
list), so word frequencies follow English's Zipf curve. Everything runs as
whole processes from the command line, as a user would, one after another:

1. *Counting throughput* at the largest size: ``count`` with one process,
   with one worker per CPU, and on a two-worker Dask ``LocalCluster``
   (``--dask local``, cluster start included; the time of counting alone on a
   cluster started beforehand is printed too); and one process on *Treasure
   Island* repeated to the same size (real prose: curly quotes and dashes
   every few dozen bytes take counting's slower path for non-ASCII text).
2. *Whole training* against Hugging Face: ``train FILE --lowercase
   --vocab-size 30000`` (counting on every CPU from 16 MB up, on one CPU
   below, then the fast WordPiece trainer) and a script running Hugging
   Face's ``WordPieceTrainer`` with ``train_from_iterator`` over the file's
   lines (``BertNormalizer`` lowercase + ``BertPreTokenizer``, 30,000
   tokens, BERT's special tokens),
   at every size and on Treasure Island (found through ``wordpiece_lib.data.copies``).
3. *Encoding* the largest corpus with BERT's uncased vocab: ``encode`` against
   Hugging Face's per-line loop (``tokenizer.encode(line).tokens`` for every
   line, written the same way).
4. *Growth*: time and memory against corpus size.

Memory is measured two ways for every process tree: the peak resident memory
of its largest process (``ru_maxrss`` from ``wait4``, exact), and the peak
of the sum over all its processes of their proportional set size (PSS,
sampled from ``/proc`` every 20 ms at first, every 100 ms after 4 s, since
each sample takes CPU from the processes it measures; shared pages are split
between the processes that share them, so forked workers are not counted
twice). Times are wall / CPU seconds, CPU including every worker process.
This machine is shared: run twice and believe the steadier figure. Nothing
is asserted; the targets of issue 20 are printed next to the ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from bench_data import data_path  # noqa: E402

from wordpiece_lib.counting import available_cpus, write_corpus  # noqa: E402

# The measured processes run as a user's would: bytecode is cached (a shell may have turned that off).
CHILD_ENV = {
    **{name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"},
    "PYTHONPATH": str(REPO_ROOT),
}

VOCAB_SIZE = 30_000
MB = 1_000_000

HF_TRAIN = """
import sys
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
path, output = sys.argv[1], sys.argv[2]
tokenizer = Tokenizer(models.WordPiece(unk_token="[UNK]"))
tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
trainer = trainers.WordPieceTrainer(
    vocab_size=VOCAB_SIZE, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"], show_progress=False
)
def batches():
    with open(path, encoding="utf-8", newline="\\n") as lines:
        batch = []
        for line in lines:
            batch.append(line)
            if len(batch) == 1000:
                yield batch
                batch = []
        if batch:
            yield batch
tokenizer.train_from_iterator(batches(), trainer)
tokenizer.model.save(output)
""".replace("VOCAB_SIZE", str(VOCAB_SIZE))

HF_ENCODE = """
import sys
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers
path, vocab, output = sys.argv[1], sys.argv[2], sys.argv[3]
tokenizer = Tokenizer(models.WordPiece.from_file(vocab, unk_token="[UNK]"))
tokenizer.normalizer = normalizers.BertNormalizer(lowercase=True)
tokenizer.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
with open(path, encoding="utf-8", newline="\\n") as lines, open(output, "w", encoding="utf-8") as out:
    for line in lines:
        out.write(" ".join(tokenizer.encode(line.rstrip("\\n"), add_special_tokens=False).tokens) + "\\n")
"""

# Started by the benchmark, it starts the command, waits for it and prints the command's own rusage,
# which (from wait4) covers the command and every process it waited for. Going through this small
# launcher keeps the benchmark's memory out of the child's ru_maxrss (a forked child inherits it).
LAUNCHER = """
import os, sys, time
start = time.perf_counter()
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


class Run(NamedTuple):
    """One whole process tree: wall and CPU seconds, largest process's peak RSS and the tree's peak PSS (MB)."""

    wall: float
    cpu: float
    max_rss: float
    tree_pss: float

    def cells(self) -> str:
        return f"{self.wall:7.1f} {self.cpu:6.1f} {self.max_rss:6.0f} {self.tree_pss:6.0f}"


def descendants(root: int) -> list[int]:
    """The process ids under ``root`` (from /proc; processes may vanish meanwhile)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def pss_mb(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def measure(command: list[str]) -> Run:
    """Run ``command`` as a whole process tree; raise if it fails."""
    launcher = subprocess.Popen(
        [sys.executable, "-c", LAUNCHER, *command],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=CHILD_ENV,
    )
    peak = 0.0
    started = time.perf_counter()
    while launcher.poll() is None:
        peak = max(peak, sum(pss_mb(pid) for pid in descendants(launcher.pid)))
        # Every sample reads /proc on a core the measured processes share: often for a short run, seldom for a long one.
        time.sleep(min(0.02 + (time.perf_counter() - started) / 50, 0.1))
    out, err = launcher.communicate()
    wall, cpu, max_rss_kib, status = out.split()
    if int(status) != 0:
        raise RuntimeError(f"{' '.join(command[:6])} ... failed: {err.strip()[-500:]}")
    return Run(float(wall), float(cpu), int(max_rss_kib) / 1024, peak)


def median_run(command: list[str], repeat: int) -> Run:
    runs = [measure(command) for _ in range(repeat)]
    return Run(
        statistics.median(run.wall for run in runs),
        statistics.median(run.cpu for run in runs),
        max(run.max_rss for run in runs),
        max(run.tree_pss for run in runs),
    )


def ours(*args: object) -> list[str]:
    return [sys.executable, "-m", "wordpiece_lib", *(str(arg) for arg in args)]


def english_weights() -> dict[str, float]:
    import wordfreq

    return {word: wordfreq.word_frequency(word, "en") for word in wordfreq.top_n_list("en", 10**7)}


HEADER = f"{'wall':>7} {'CPU':>6} {'RSS':>6} {'PSS':>6}"


def counting(corpus: Path, folder: Path, size: int, repeat: int) -> dict[str, Run]:
    cpus = available_cpus()
    print(f"\n1. Counting {size} MB (whole processes; seconds, MB: largest process's peak RSS, tree's peak PSS)")
    print(f"   {'how':<34}{HEADER}   MB/s  vs one process")
    runs = {
        "one process": median_run(
            ours("count", corpus, "--lowercase", "--workers", 1, "--quiet", "-o", folder / "c1.tsv"), repeat
        ),
        f"{cpus} local processes": median_run(
            ours("count", corpus, "--lowercase", "--workers", 0, "--quiet", "-o", folder / "cn.tsv"), repeat
        ),
        "Dask LocalCluster, 2 workers": median_run(
            ours("count", corpus, "--lowercase", "--dask", "local", "--workers", 2, "--quiet", "-o", folder / "cd.tsv"),
            repeat,
        ),
    }
    book = data_path("treasure-island")
    if book is not None:
        # Real prose has a curly quote or a dash every few dozen bytes: counting's slower path for non-ASCII text.
        repeated = folder / f"book_{size}mb.txt"
        if not repeated.exists():
            text = book.read_bytes()
            with repeated.open("wb") as stream:
                for _ in range(size * MB // len(text) + 1):
                    stream.write(text + b"\n")
        runs["one process, the book repeated"] = median_run(
            ours("count", repeated, "--lowercase", "--workers", 1, "--quiet", "-o", folder / "cb.tsv"), repeat
        )
    base = runs["one process"].wall
    for name, run in runs.items():
        print(f"   {name:<34}{run.cells()} {size / run.wall:6.1f} {base / run.wall:8.2f}x")
    same = (folder / "c1.tsv").read_bytes() == (folder / "cn.tsv").read_bytes() == (folder / "cd.tsv").read_bytes()
    print(f"   the three counts files are byte for byte the same: {'yes' if same else 'NO'}")
    print(f"   target: {cpus} cores at least 1.7x one process -> {base / runs[f'{cpus} local processes'].wall:.2f}x")
    dask_alone(corpus, size)
    return runs


def dask_alone(corpus: Path, size: int) -> None:
    """Counting on a cluster started beforehand, in this process (what a notebook does)."""
    import distributed

    from wordpiece_lib.counting import count_files, local_cluster

    started = time.perf_counter()
    with local_cluster(2, dashboard=False) as cluster, distributed.Client(cluster) as client:
        ready = time.perf_counter()
        count_files([corpus], lowercase=True, dask=client)
        done = time.perf_counter()
    print(
        f"   Dask, cluster already running: counting {done - ready:.1f} s ({size / (done - ready):.1f} MB/s); "
        f"starting the 2-worker LocalCluster took {ready - started:.1f} s"
    )


def training(corpus: Path, folder: Path, name: str, repeat: int) -> tuple[Run, Run]:
    mine = median_run(
        ours("train", corpus, "--lowercase", "--vocab-size", VOCAB_SIZE, "--quiet", "-o", folder / "v.txt"), repeat
    )
    theirs = median_run([sys.executable, "-c", HF_TRAIN, str(corpus), str(folder)], repeat)
    print(
        f"   {name:<16}{mine.cells()} {theirs.cells()} {mine.wall / theirs.wall:7.2f}x {mine.cpu / theirs.cpu:5.2f}x"
        f" {mine.tree_pss / theirs.tree_pss:5.2f}x"
    )
    return mine, theirs


def encoding(corpus: Path, folder: Path, size: int, vocab: Path) -> None:
    print(f"\n3. Encoding {size} MB with {vocab.name} (uncased), whole processes")
    print(f"   {'':<26}{HEADER}")
    mine = measure(
        ours("encode", corpus, "--vocab", vocab, "--lowercase", "--no-special-tokens", "-o", folder / "ours.tok")
    )
    theirs = measure([sys.executable, "-c", HF_ENCODE, str(corpus), str(vocab), str(folder / "hf.tok")])
    print(f"   {'ours (encode)':<26}{mine.cells()}")
    print(f"   {'Hugging Face, per line':<26}{theirs.cells()}")
    same = (folder / "ours.tok").read_bytes() == (folder / "hf.tok").read_bytes()
    print(f"   same tokens on every line: {'yes' if same else 'NO'}")
    print(
        f"   targets: peak under 300 MB -> {max(mine.max_rss, mine.tree_pss):.0f} MB; at least 2.5x faster than the "
        f"per-line loop -> {theirs.wall / mine.wall:.2f}x (CPU {theirs.cpu / mine.cpu:.2f}x)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="10,30,100", help="corpus sizes in MB, comma-separated (default: 10,30,100)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per median (default: 1)")
    parser.add_argument("--skip-encode", action="store_true", help="no encoding comparison")
    parser.add_argument("--skip-book", action="store_true", help="no Treasure Island comparison")
    parser.add_argument("--folder", help="generate the corpora here (kept) instead of a temporary folder")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    print(
        f"Python {sys.version.split()[0]}; {os.cpu_count()} CPUs ({available_cpus()} usable); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    # Compiled once, as pip does at install: no measured run pays for compiling the library.
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", str(REPO_ROOT / "wordpiece_lib")], check=True, env=CHILD_ENV
    )
    with tempfile.TemporaryDirectory(prefix="scale_speed_") as temporary:
        folder = Path(args.folder or temporary)
        folder.mkdir(parents=True, exist_ok=True)
        weights = english_weights()
        corpora = {}
        for size in sizes:
            corpus = folder / f"english_{size}mb.txt"
            if not corpus.exists():
                started = time.perf_counter()
                write_corpus(corpus, weights, size * MB, seed=size)
                print(f"generated {corpus.name} in {time.perf_counter() - started:.1f} s")
            corpora[size] = corpus
        largest = max(sizes)
        counted = {largest: counting(corpora[largest], folder, largest, args.repeat)}
        print(
            f"\n2. Whole training to {VOCAB_SIZE:,} tokens, lowercase (ours: count, on every CPU from 16 MB, then train_fast)"
        )
        print(f"   {'corpus':<16}{'ours: ' + HEADER:>32} {'Hugging Face: ' + HEADER:>40}  wall    CPU   memory")
        trained = {}
        book = None if args.skip_book else data_path("treasure-island")
        if book is not None:
            mine, theirs = training(book, folder, "Treasure Island", max(args.repeat, 3))
            print(
                f"   target: Treasure Island at most 2.5x Hugging Face's whole-process time -> {mine.wall / theirs.wall:.2f}x"
            )
        for size in sizes:
            trained[size] = training(corpora[size], folder, f"{size} MB", args.repeat)
        if 100 in trained:
            mine, theirs = trained[100]
            print(
                f"   target at 100 MB: no slower than Hugging Face -> {mine.wall / theirs.wall:.2f}x its wall time; "
                f"memory at most 2x -> {mine.tree_pss / theirs.tree_pss:.2f}x (PSS), "
                f"{mine.max_rss / theirs.max_rss:.2f}x (largest process)"
            )
        if not args.skip_encode:
            vocab = data_path("bert-base-uncased-vocab")
            encoding(corpora[min(largest, 100)], folder, min(largest, 100), vocab or folder / "v.txt")
        print("\n4. Growth (seconds, MB; counting alone on one process and on every CPU, then whole training)")
        print(
            f"   {'size':>6} {'distinct words':>15} {'count 1 proc':>13} {'MB':>5} {'count all':>10} {'MB':>5} {'train':>7} {'MB':>5}"
        )
        for size in sizes:
            one = measure(
                ours("count", corpora[size], "--lowercase", "--workers", 1, "--quiet", "-o", folder / "g1.tsv")
            )
            every = measure(
                ours("count", corpora[size], "--lowercase", "--workers", 0, "--quiet", "-o", folder / "gn.tsv")
            )
            distinct = (folder / "g1.tsv").read_bytes().count(b"\n")
            mine, _ = trained[size]
            print(
                f"   {size:>4}MB {distinct:>15,} {one.wall:>13.1f} {max(one.max_rss, one.tree_pss):>5.0f} "
                f"{every.wall:>10.1f} {max(every.max_rss, every.tree_pss):>5.0f} {mine.wall:>7.1f} "
                f"{max(mine.max_rss, mine.tree_pss):>5.0f}"
            )
        if largest >= 1000:
            print(f"   target: counting {largest} MB below 1 GB of memory -> see the {largest} MB row (MB columns)")
        del counted
    return 0


if __name__ == "__main__":
    sys.exit(main())
