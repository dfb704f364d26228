"""``count``: count the words of text files (any size) into a counts file, on one or many cores or a Dask cluster."""

from __future__ import annotations

import argparse
import glob
import json
import logging
import os
import re
import sys
from pathlib import Path
from typing import Any

from wordpiece_lib.atomic import atomic_group
from wordpiece_lib.cli.common import (
    STDIO,
    CountingStream,
    Report,
    add_compat_option,
    add_pretokenizer_option,
    check_stdin_once,
    checked_output,
    input_source,
    new_command,
    open_output,
    positive_int,
    with_flag_names,
    writes_through,
)
from wordpiece_lib.counting.counts_tsv import load_counts, write_counts
from wordpiece_lib.counting.files import count_files
from wordpiece_lib.counting.stream_count import available_cpus, input_size
from wordpiece_lib.counting.textstream import MAX_WORD_BYTES, expand_inputs
from wordpiece_lib.pipeline.compat import COMPAT_MODES
from wordpiece_lib.pipeline.tokenizer_json import (
    MAX_JSON_BYTES,
    SETTINGS_SUFFIX,
    check_belongs,
    legacy_settings_path,
    parse_json,
    settings_path,
)
from wordpiece_lib.text.google import GoogleNormalizer
from wordpiece_lib.text.pretokenizers import PRETOKENIZERS
from wordpiece_lib.textfiles import read_text_file

HELP = """\
Count the words of UTF-8 text files into a counts file (word<TAB>count lines).

The files are read as a stream (plain, or compressed with gzip, bzip2 or xz),
normalized the BERT way (cased unless --lowercase) and cut into words by the
pre-tokenizer, exactly as `train` does it. Memory follows the number of
distinct words, not the size of the corpus. The counts (and so every vocab
trained from them) are the same whether one process, --workers N processes
or a Dask cluster counted them, down to the order of the lines: the order
in which the words were first seen, which the default tie-break reads.
Beside the counts, COUNTS_TSV.settings.json records --lowercase and --pretokenizer,
so that `train --counts` gives its vocab the same settings.

examples:
  python -m wordpiece_lib count corpus/*.txt.gz --lowercase -o counts.tsv
  python -m wordpiece_lib count big.txt --dask local --workers 2 -o counts.tsv
  python -m wordpiece_lib count /shared/wiki/*.txt --dask tcp://10.0.0.5:8786 -o counts.tsv
  python -m wordpiece_lib train --counts counts.tsv --vocab-size 30000 -o vocab.txt
"""

#: How a counts file's settings say who wrote them.
MADE_BY = "python -m wordpiece_lib count"

#: Below this many bytes, one process counts faster than starting more.
PARALLEL_FROM_BYTES = 16 << 20


def add_workers_option(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--max-word-bytes``, for every command that counts text files."""
    parser.add_argument(
        "--max-word-bytes",
        type=positive_int,
        default=MAX_WORD_BYTES,
        metavar="N",
        help=f"stop at a run of more than N bytes without a space or line end, which is no word "
        f"(a binary file, /dev/zero; default: {MAX_WORD_BYTES:,})",
    )
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
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="UTF-8 text files or glob patterns (.gz .bz2 .xz too); - for standard input",
    )
    parser.add_argument(
        "-o", "--output", required=True, metavar="COUNTS_TSV", help="where to write the counts (- for standard output)"
    )
    parser.add_argument("--lowercase", action="store_true", help="lowercase and strip accents first (uncased BERT)")
    add_workers_option(parser)
    add_pretokenizer_option(parser)
    add_compat_option(parser)
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="count on a Dask cluster: a scheduler address (tcp://host:8786) or 'local' for --workers processes here",
    )
    parser.set_defaults(run=run)


def check_dask_address(address: str) -> None:
    """``--dask``: ``local``, or a scheduler address ``[PROTOCOL://]HOST:PORT``; said plainly before connecting.

    >>> check_dask_address("tcp://10.0.0.5:8786"), check_dask_address("local")
    (None, None)
    >>> check_dask_address("tcp://")
    Traceback (most recent call last):
    ...
    ValueError: --dask must be 'local' or a scheduler address such as tcp://10.0.0.5:8786, got 'tcp://'
    """
    match = re.fullmatch(r"(?:([a-z][a-z0-9+.-]*)://)?(\[[0-9a-fA-F:.]+\]|[^\s:/\[\]]+):(\d{1,5})/?", address)
    if address == "local":
        return
    if match is None or not 0 < int(match.group(3)) < 65536:
        raise ValueError(f"--dask must be 'local' or a scheduler address such as tcp://10.0.0.5:8786, got {address!r}")


def choose_workers(requested: int | None, inputs: list[str]) -> int:
    """``--workers``: as given (0: every CPU), or by default every CPU for big inputs; standard input has one reader.

    >>> choose_workers(3, []), choose_workers(None, ["-"])
    (3, 1)
    """
    if requested is not None:
        if requested < 0:
            raise ValueError(f"--workers must be 0 (one per CPU) or more, got {requested}")
        if STDIO in inputs and requested != 1:
            raise ValueError("standard input (-) is read by one process: leave out --workers, or save it to a file")
        return requested or available_cpus()
    if STDIO in inputs:
        return 1
    return available_cpus() if input_size(inputs) >= PARALLEL_FROM_BYTES else 1


def count_inputs(args: argparse.Namespace, report: Report, *, dask: Any = None) -> Any:
    """The word counts of ``args.inputs`` (``-``: standard input) with the command's settings, with a progress bar."""
    check_stdin_once(args.inputs)
    paths = [path for name in args.inputs for path in _expanded(name)]
    workers = choose_workers(args.workers, paths)
    files = [path for path in paths if path != STDIO]
    progress = report.progress("B", "counting", total=None if STDIO in paths else input_size(files))
    try:
        google = getattr(args, "compat", None) == "google"
        counts = count_files(
            [input_source(path) for path in paths],
            lowercase=args.lowercase,
            pretokenizer=getattr(args, "pretokenizer", "bert"),
            # --compat google: the words of Google's reference BasicTokenizer (text/google.py)
            normalizer=GoogleNormalizer(lowercase=args.lowercase) if google else None,
            workers=workers,
            dask=dask,
            progress=progress.advance if progress.enabled else None,
            max_word_bytes=getattr(args, "max_word_bytes", MAX_WORD_BYTES),
        )
    except ValueError as error:
        raise with_flag_names(error, ["max_word_bytes"]) from None
    finally:
        progress.close()
    if not counts:
        raise ValueError(f"no words found in {', '.join(map(where_from, args.inputs))}: the corpus is empty")
    return counts


def _expanded(name: str) -> list[str]:
    return [name] if name == STDIO else [str(path) for path in expand_inputs([name], name="input")]


def where_from(name: str) -> str:
    """How a message names an input (``-`` is standard input).

    >>> where_from("-"), where_from("book.txt")
    ('standard input', 'book.txt')
    """
    return "standard input" if name == STDIO else name


def counts_settings_path(counts_path: str | os.PathLike[str]) -> Path:
    """Where ``count`` records how a counts file was made: ``NAME.settings.json`` beside it (the whole name).

    >>> counts_settings_path("out/counts.tsv")
    PosixPath('out/counts.tsv.settings.json')
    """
    return settings_path(counts_path)


def counts_settings_bytes(
    counts_path: str, *, lowercase: bool, pretokenizer: str, sha256: str, compat: str | None = None
) -> bytes:
    """What ``count`` records beside the counts: how their words were made, and the checksum of the counts.

    >>> json.loads(counts_settings_bytes("c.tsv", lowercase=True, pretokenizer="bert", sha256="ab"))["counts_file"]
    'c.tsv'
    """
    settings: dict[str, Any] = {"lowercase": lowercase, "pretokenizer": pretokenizer}
    if compat == "google":  # only then: counts files of the default mode stay as they were
        settings["compat"] = compat
    settings |= {
        "made_by": MADE_BY,
        "counts_file": Path(counts_path).name,
        "counts_sha256": sha256,
    }
    return (json.dumps(settings, indent=2) + "\n").encode("utf-8")


def _legacy_counts_settings(counts_path: Path) -> Path | None:
    """The old ``NAME.settings.json`` of ``NAME.tsv``, when nothing else could be its owner.

    The old name left out the suffix, so ``book.tsv`` and ``book.txt`` shared it: it is read only when
    ``count`` wrote it and no other file in the folder has the same name before its suffix.
    """
    legacy = legacy_settings_path(counts_path)
    if not legacy.is_file() or legacy.stat().st_size > MAX_JSON_BYTES:
        return None
    try:
        data = json.loads(legacy.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("made_by") != MADE_BY or "counts_file" in data:
        return None
    rivals = [
        path
        for path in counts_path.parent.glob(glob.escape(counts_path.stem) + ".*")
        if path.name != counts_path.name and not path.name.endswith(SETTINGS_SUFFIX)
    ]
    return None if rivals else legacy


def read_counts_settings(counts_path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """The settings ``count`` recorded beside a counts file, or ``None`` (a counts file made another way)."""
    path = counts_settings_path(counts_path)
    if not path.is_file():
        legacy = _legacy_counts_settings(Path(counts_path))
        if legacy is None:
            return None
        path = legacy
    settings = parse_json(read_text_file(path, name="counts settings", max_bytes=MAX_JSON_BYTES), str(path))
    if not isinstance(settings, dict) or not isinstance(settings.get("lowercase"), bool):
        raise ValueError(f'{path} should say whether the counts were lowercased ("lowercase": true or false)')
    if settings.get("pretokenizer") not in PRETOKENIZERS:
        raise ValueError(f"{path} names no known pre-tokenizer: {settings.get('pretokenizer')!r}")
    if settings.setdefault("compat", "huggingface") not in COMPAT_MODES:
        raise ValueError(f"{path} names no known compat mode: {settings['compat']!r}")
    check_belongs(path, settings.get("counts_sha256"), counts_path)
    return settings


def write_counts_file(
    counts: Any, output: str, *, lowercase: bool, pretokenizer: str, compat: str | None = None
) -> int:
    """Write the counts and, beside them, their settings, as one unit; the bytes of counts written.

    Standard output, a device or a pipe has no "beside": the counts alone are written through.
    """
    if writes_through(output):
        with open_output(output) as stream:
            write_counts(counts, stream)
        return stream.written
    with atomic_group() as group:
        with group.stream(output) as raw:
            stream = CountingStream(raw)
            write_counts(counts, stream)
        sha256 = group.parts[-1].sha256
        side = counts_settings_bytes(
            output, lowercase=lowercase, pretokenizer=pretokenizer, sha256=sha256, compat=compat
        )
        group.add(counts_settings_path(output), side)
    return stream.written


def counts_and_settings(args: argparse.Namespace, pretokenizer: str, report: Report) -> tuple[Any, bool, str]:
    """The word counts of a training command (INPUT files or ``--counts``), with their lowercase and pre-tokenizer.

    From ``--counts``, the settings ``count`` recorded beside the file win; without them (a counts file
    made another way, or standard input), ``--lowercase`` says that the counted words were lowercased
    (the words themselves are used as they are).
    ``-`` is standard input, for INPUT or ``--counts`` (once).
    """
    if args.counts and args.inputs:
        raise ValueError("give INPUT text files or --counts, not both")
    if args.counts:
        try:
            counts = load_counts(
                sys.stdin.buffer if args.counts == STDIO else args.counts,
                trainable=True,
                max_bytes=getattr(args, "max_counts_bytes", None),
            )
        except ValueError as error:
            raise ValueError(str(error).replace("max_bytes", "--max-counts-bytes")) from None
        saved = None if args.counts == STDIO else read_counts_settings(args.counts)
        if saved is None:
            return counts, args.lowercase, pretokenizer
        # The words were cut by one reference's rules: a vocab learned from them is for that reference.
        asked = getattr(args, "compat", None)
        if asked is not None and asked != saved["compat"]:
            raise ValueError(
                f"--compat {asked} contradicts {counts_settings_path(args.counts)}: those words were cut "
                f"with compat={saved['compat']} (count again with --compat {asked})"
            )
        if hasattr(args, "compat"):
            args.compat = saved["compat"]
        elif saved["compat"] != "huggingface":
            raise ValueError(
                f"{counts_settings_path(args.counts)} says those words were cut with compat={saved['compat']}, "
                "which this command does not support"
            )
        if args.lowercase and not saved["lowercase"]:
            raise ValueError(
                f"--lowercase contradicts {counts_settings_path(args.counts)}: those counts were not lowercased "
                "(count again with --lowercase)"
            )
        if getattr(args, "pretokenizer_given", False) and pretokenizer != saved["pretokenizer"]:
            raise ValueError(
                f"--pretokenizer {pretokenizer} contradicts {counts_settings_path(args.counts)}: those counts were "
                f"cut into words by {saved['pretokenizer']} (count again with --pretokenizer {pretokenizer}, or "
                "leave the flag out)"
            )
        return counts, saved["lowercase"], saved["pretokenizer"]
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files or --counts COUNTS_TSV")
    return count_inputs(args, report), args.lowercase, pretokenizer


def run(args: argparse.Namespace) -> int:
    """Count and write the counts file; returns the exit status."""
    check_stdin_once(args.inputs)
    output = checked_output(args.output, [path for name in args.inputs for path in _expanded(name)], side_file=True)
    report = Report(quiet=args.quiet)
    if args.dask is None:
        counts = count_inputs(args, report)
    else:
        if STDIO in args.inputs:
            raise ValueError("standard input (-) cannot be counted on Dask: save it to a file the workers can read")
        from wordpiece_lib.counting.dask_count import connected, dashboard_link, import_distributed

        try:
            import_distributed()
        except ImportError as error:
            raise ValueError(f"--dask needs Dask: {error}") from None
        check_dask_address(args.dask)
        # The client logs each failed attempt to reach a lost scheduler with a traceback; the command says
        # it in one line when it gives up.
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL)
        workers = args.workers or available_cpus()
        with connected(args.dask, workers) as client:
            link = dashboard_link(client)
            if link and not args.quiet:
                print(f"Dask dashboard: {link}", file=sys.stderr)
            counts = count_inputs(args, report, dask=client)
    written = write_counts_file(
        counts, output, lowercase=args.lowercase, pretokenizer=args.pretokenizer, compat=args.compat
    )
    report.done(output, f"{counts.total:,} words, {len(counts):,} distinct", written)
    return 0
