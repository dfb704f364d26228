"""``count``: count the words of text files (any size) into a counts file, on one or many cores or a Dask cluster.

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

from __future__ import annotations

import argparse
import logging
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from wordpiece_lib.cli.common import (
    STDIO,
    Report,
    check_stdin_once,
    checked_output,
    open_output,
    size_of,
    with_flag_names,
)
from wordpiece_lib.counting.counts_settings import CountsSettings, read_counts_settings
from wordpiece_lib.counting.counts_tsv import load_counts, save_counts, write_counts
from wordpiece_lib.counting.files import count_sources
from wordpiece_lib.counting.sources import Source, find_sources, total_size
from wordpiece_lib.counting.stream_count import available_cpus, make_splitter
from wordpiece_lib.counting.textstream import MAX_WORD_BYTES, read_lines
from wordpiece_lib.pipeline.compat import COMPAT_MODES
from wordpiece_lib.side_files import settings_path
from wordpiece_lib.text.google import GoogleNormalizer

#: Below this many bytes, one process counts faster than starting more.
PARALLEL_FROM_BYTES = 16 << 20


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


def choose_workers(requested: int | None, sources: Sequence[Source]) -> int:
    """``--workers``: as given (0: every CPU), or by default every CPU for big inputs; standard input has one reader.

    >>> choose_workers(3, []), choose_workers(None, [Source("standard input", stream=sys.stdin)])
    (3, 1)
    """
    stream = any(source.stream is not None for source in sources)
    if requested is not None:
        if requested < 0:
            raise ValueError(f"--workers must be 0 (one per CPU) or more, got {requested}")
        if stream and requested != 1:
            raise ValueError("standard input (-) is read by one process: leave out --workers, or save it to a file")
        return requested or available_cpus()
    if stream:
        return 1
    return available_cpus() if total_size(sources) >= PARALLEL_FROM_BYTES else 1


def find_inputs(names: Sequence[str]) -> list[Source]:
    """The sources of the INPUT names (``-``: standard input), found once: what the output is checked against
    and what is counted."""
    check_stdin_once(names)
    return find_sources([sys.stdin.buffer if name == STDIO else name for name in names])


def count_inputs(args: argparse.Namespace, sources: Sequence[Source], report: Report, *, dask: Any = None) -> Any:
    """The word counts of ``sources`` (``find_inputs``) with the command's settings, with a progress bar."""
    workers = choose_workers(args.workers, sources)
    progress = _counting_progress(report, sources)
    try:
        google = getattr(args, "compat", None) == "google"
        splitter = make_splitter(
            lowercase=args.lowercase,
            pretokenizer=getattr(args, "pretokenizer", "bert"),
            # --compat google: the words of Google's reference BasicTokenizer (text/google.py)
            normalizer=GoogleNormalizer(lowercase=args.lowercase) if google else None,
        )
        counts = count_sources(
            sources,
            splitter,
            workers=workers,
            dask=dask,
            progress=progress.advance if progress.enabled else None,
            max_word_bytes=getattr(args, "max_word_bytes", MAX_WORD_BYTES),
        )
    except ValueError as error:
        raise with_flag_names(error, ["max_word_bytes"]) from None
    finally:
        progress.close()
    _refuse_empty(counts, args.inputs)
    return counts


def count_words_by_line(
    inputs: Sequence[str], sources: Sequence[Source], report: Report, cut: Callable[[str], Iterable[str]]
) -> Counter[str]:
    """The words ``cut`` finds in each line of ``sources`` (a model's own pre-tokenizer, each line on its own as
    Hugging Face's trainer reads files), with a progress bar; no word at all is refused, naming ``inputs``.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_text("hug pug\\nhug\\n")
    >>> count_words_by_line([str(path)], find_inputs([str(path)]), Report(quiet=True), str.split)
    Counter({'hug': 2, 'pug': 1})
    """
    counts: Counter[str] = Counter()
    progress = _counting_progress(report, sources)
    advance = progress.advance if progress.enabled else None
    try:
        for source in sources:
            for line in read_lines(source.stream if source.stream is not None else source.name, progress=advance):
                counts.update(cut(line))
    finally:
        progress.close()
    _refuse_empty(counts, inputs)
    return counts


def _counting_progress(report: Report, sources: Sequence[Source]) -> Any:
    """The progress bar of counting ``sources``, in bytes (of unknown total when one is a stream)."""
    stream = any(source.stream is not None for source in sources)
    return report.progress("B", "counting", total=None if stream else total_size(sources))


def _refuse_empty(counts: Mapping[str, int], inputs: Sequence[str]) -> None:
    if not counts:
        raise ValueError(f"no words found in {', '.join(map(where_from, inputs))}: the corpus is empty")


def where_from(name: str) -> str:
    """How a message names an input (``-`` is standard input).

    >>> where_from("-"), where_from("book.txt")
    ('standard input', 'book.txt')
    """
    return "standard input" if name == STDIO else name


def counts_and_settings(
    args: argparse.Namespace, sources: Sequence[Source], pretokenizer: str, report: Report
) -> tuple[Any, bool, str]:
    """The word counts of a training command (INPUT files or ``--counts``), with their lowercase and pre-tokenizer.

    From ``--counts``, the settings ``count`` recorded beside the file win; without them (a counts file
    made another way, or standard input), ``--lowercase`` says that the counted words were lowercased
    (the words themselves are used as they are).
    ``-`` is standard input, for INPUT or ``--counts`` (once); ``sources`` are the INPUT files, found once.
    """
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
        side = settings_path(args.counts)
        if saved.compat not in COMPAT_MODES:
            raise ValueError(f"{side} names no known compat mode: {saved.compat!r}")
        # The words were cut by one reference's rules: a vocab learned from them is for that reference.
        asked = getattr(args, "compat", None)
        if asked is not None and asked != saved.compat:
            raise ValueError(
                f"--compat {asked} contradicts {side}: those words were cut "
                f"with compat={saved.compat} (count again with --compat {asked})"
            )
        if hasattr(args, "compat"):
            args.compat = saved.compat
        elif saved.compat != "huggingface":
            raise ValueError(
                f"{side} says those words were cut with compat={saved.compat}, which this command does not support"
            )
        if args.lowercase and not saved.lowercase:
            raise ValueError(
                f"--lowercase contradicts {side}: those counts were not lowercased (count again with --lowercase)"
            )
        if getattr(args, "pretokenizer_given", False) and pretokenizer != saved.pretokenizer:
            raise ValueError(
                f"--pretokenizer {pretokenizer} contradicts {side}: those counts were "
                f"cut into words by {saved.pretokenizer} (count again with --pretokenizer {pretokenizer}, or "
                "leave the flag out)"
            )
        return counts, saved.lowercase, saved.pretokenizer
    if not args.inputs:
        raise ValueError("nothing to learn from: give INPUT text files or --counts COUNTS_TSV")
    return count_inputs(args, sources, report), args.lowercase, pretokenizer


def run(args: argparse.Namespace) -> int:
    """Count and write the counts file; returns the exit status."""
    target = checked_output(args.output, side_file=True)
    sources = find_inputs(args.inputs)
    target.refuse_inputs([source.path for source in sources])
    output = target.name
    report = Report(quiet=args.quiet)
    if args.dask is None:
        counts = count_inputs(args, sources, report)
    else:
        if any(source.stream is not None for source in sources):
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
            counts = count_inputs(args, sources, report, dask=client)
    settings = CountsSettings(args.lowercase, args.pretokenizer, args.compat or "huggingface")
    if output == STDIO:
        with open_output(output) as stream:
            write_counts(counts, stream)
        written = stream.written
    else:
        written = size_of(save_counts(counts, output, settings=settings))
    report.done(output, f"{counts.total:,} words, {len(counts):,} distinct", written)
    return 0
