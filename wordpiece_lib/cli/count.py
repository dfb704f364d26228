"""``count``: count the words of text files (any size) into a counts file, on one or many cores or a Dask cluster."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from wordpiece_lib.atomic import atomic_write_text
from wordpiece_lib.cli.common import checked_output, new_command
from wordpiece_lib.counting import Progress, available_cpus, count_files, input_size
from wordpiece_lib.counts_tsv import load_counts, save_counts
from wordpiece_lib.pretokenize import PRETOKENIZERS
from wordpiece_lib.textstream import expand_inputs
from wordpiece_lib.tokenizer_json import settings_path

HELP = """\
Count the words of UTF-8 text files into a counts file (word<TAB>count lines).

The files are read as a stream (plain, or compressed with gzip, bzip2 or xz),
normalized the BERT way (cased unless --lowercase) and cut into words by the
pre-tokenizer, exactly as `train` does it. Memory follows the number of
distinct words, not the size of the corpus. The counts (and so every vocab
trained from them) are the same whether one process, --workers N processes
or a Dask cluster counted them, down to the order of the lines: the order
in which the words were first seen, which the default tie-break reads.
Beside the counts, NAME.settings.json records --lowercase and --pretokenizer,
so that `train --counts` gives its vocab the same settings.

examples:
  python -m wordpiece_lib count corpus/*.txt.gz --lowercase -o counts.tsv
  python -m wordpiece_lib count big.txt --dask local --workers 2 -o counts.tsv
  python -m wordpiece_lib count /shared/wiki/*.txt --dask tcp://10.0.0.5:8786 -o counts.tsv
  python -m wordpiece_lib train --counts counts.tsv --vocab-size 30000 -o vocab.txt
"""

#: Below this many bytes, one process counts faster than starting more.
PARALLEL_FROM_BYTES = 16 << 20


def add_workers_option(parser: argparse.ArgumentParser) -> None:
    """``--workers``, for every command that counts text files."""
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="processes that count (0: one per CPU; default: one per CPU for inputs over 16 MB, else 1)",
    )


def register(subparsers: Any) -> None:
    """Add the ``count`` command."""
    parser = new_command(subparsers, "count", "count the words of text files (streamed, parallel or on Dask)", HELP)
    parser.add_argument(
        "inputs", nargs="+", metavar="INPUT", help="UTF-8 text files or glob patterns (.gz .bz2 .xz too)"
    )
    parser.add_argument("-o", "--output", required=True, metavar="COUNTS_TSV", help="where to write the counts")
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")
    add_workers_option(parser)
    parser.add_argument(
        "--pretokenizer",
        choices=sorted(PRETOKENIZERS),
        default="bert",
        help="how to cut text into words (default: bert)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="count on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' for --workers processes here",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar and no summary")
    parser.set_defaults(run=run)


def choose_workers(requested: int | None, inputs: list[str]) -> int:
    """``--workers``: as given (0: every CPU), or by default every CPU for big inputs.

    >>> choose_workers(3, [])
    3
    """
    if requested is not None:
        if requested < 0:
            raise ValueError(f"--workers must be 0 (one per CPU) or more, got {requested}")
        return requested or available_cpus()
    return available_cpus() if input_size(inputs) >= PARALLEL_FROM_BYTES else 1


class ByteProgress:
    """A tqdm bar over the input bytes, shown only when counting lasts over a second."""

    def __init__(self, total: int, quiet: bool, description: str = "counting") -> None:
        self.bar: Any = None
        if not quiet:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="B", unit_scale=True, delay=1.0, desc=description, leave=False)

    def __call__(self, done: int) -> None:
        if self.bar is not None:
            self.bar.update(done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()

    @property
    def callback(self) -> Progress | None:
        return self if self.bar is not None else None


def count_inputs(args: argparse.Namespace, *, dask: Any = None) -> Any:
    """The word counts of ``args.inputs`` with the command's settings, with a progress bar."""
    paths = [str(path) for path in expand_inputs(args.inputs, name="input")]
    workers = choose_workers(args.workers, paths)
    progress = ByteProgress(input_size(paths), getattr(args, "quiet", False))
    try:
        counts = count_files(
            paths,
            lowercase=args.lowercase,
            pretokenizer=getattr(args, "pretokenizer", "bert"),
            workers=workers,
            dask=dask,
            progress=progress.callback,
        )
    finally:
        progress.close()
    if not counts:
        raise ValueError(f"no words found in {', '.join(args.inputs)}: the corpus is empty")
    return counts


def counts_settings_path(counts_path: str | os.PathLike[str]) -> Path:
    """Where ``count`` records how a counts file was made: ``NAME.settings.json`` beside it.

    >>> counts_settings_path("out/counts.tsv")
    PosixPath('out/counts.settings.json')
    """
    return settings_path(counts_path)


def write_counts_settings(counts_path: Path, *, lowercase: bool, pretokenizer: str) -> Path:
    """Record beside the counts how their words were made, so a vocab trained from them gets the same settings."""
    settings = {"lowercase": lowercase, "pretokenizer": pretokenizer, "made_by": "python -m wordpiece_lib count"}
    return atomic_write_text(counts_settings_path(counts_path), json.dumps(settings, indent=2) + "\n")


def read_counts_settings(counts_path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The settings ``count`` recorded beside a counts file, or ``None`` (a counts file made another way)."""
    path = counts_settings_path(counts_path)
    if not path.is_file():
        return None
    try:
        settings = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} is not the JSON `count` writes: {error}") from None
    if not isinstance(settings, dict) or not isinstance(settings.get("lowercase"), bool):
        raise ValueError(f'{path} should say whether the counts were lowercased ("lowercase": true or false)')
    if settings.get("pretokenizer") not in PRETOKENIZERS:
        raise ValueError(f"{path} names no known pre-tokenizer: {settings.get('pretokenizer')!r}")
    return settings


def counts_and_settings(args: argparse.Namespace, pretokenizer: str) -> tuple[Any, bool, str]:
    """The word counts of a training command (INPUT files or ``--counts``), with their lowercase and pre-tokenizer.

    From ``--counts``, the settings ``count`` recorded beside the file win; without them, ``--lowercase``
    says that the counted words were lowercased (the words themselves are used as they are).
    """
    if args.counts and args.inputs:
        raise ValueError("give INPUT text files or --counts, not both")
    if args.counts:
        counts = load_counts(args.counts)
        saved = read_counts_settings(args.counts)
        if saved is None:
            return counts, args.lowercase, pretokenizer
        if args.lowercase and not saved["lowercase"]:
            raise ValueError(
                f"--lowercase contradicts {counts_settings_path(args.counts)}: those counts were not lowercased "
                "(count again with --lowercase)"
            )
        return counts, saved["lowercase"], saved["pretokenizer"]
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files or --counts COUNTS_TSV")
    return count_inputs(args), args.lowercase, pretokenizer


def run(args: argparse.Namespace) -> int:
    """Count and write the counts file; returns the exit status."""
    output = checked_output(args.output, args.inputs)
    if args.dask is None:
        counts = count_inputs(args)
    else:
        from wordpiece_lib.dask_count import connected, dashboard_link, import_distributed

        try:
            import_distributed()
        except ImportError as error:
            raise ValueError(f"--dask needs Dask: {error}") from None
        workers = args.workers or available_cpus()
        with connected(args.dask, workers) as client:
            link = dashboard_link(client)
            if link and not args.quiet:
                print(f"Dask dashboard: {link}", file=sys.stderr)
            counts = count_inputs(args, dask=client)
    save_counts(counts, output)
    write_counts_settings(output, lowercase=args.lowercase, pretokenizer=args.pretokenizer)
    if not args.quiet:
        print(f"counted {counts.total:,} words, {len(counts):,} distinct, into {output}", file=sys.stderr)
    return 0
