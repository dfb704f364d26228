"""``fetch``: put the workshop's data sets on this machine, or say where each one is."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wordpiece_lib import data
from wordpiece_lib.cli.common import new_command

HELP = """\
Fetch data sets by name into the cache folder, checked against their pinned
checksums (a progress bar shows each download). A data set already bundled,
cached or in the mirror folder (WORDPIECE_DATA_MIRROR) is not downloaded
again. Without a name, list every data set and where its copy is.

The cache folder is WORDPIECE_DATA_DIR if set, else data/cache/ in a checkout,
else your user cache folder.

examples:
  python -m wordpiece_lib fetch treasure-island
  python -m wordpiece_lib fetch --all
  python -m wordpiece_lib fetch            # list the data sets
"""


def register(subparsers: Any) -> None:
    """Add the ``fetch`` command."""
    parser = new_command(subparsers, "fetch", "download the workshop's data sets (or list them)", HELP)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"data sets to fetch: {', '.join(data.DATASETS)}")
    parser.add_argument("--all", action="store_true", help="fetch every data set")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds to wait for a server")
    parser.set_defaults(run=run)


def describe(name: str) -> str:
    """One line about a data set: name, where its copy is (or that it is missing), what it is.

    >>> describe("course-sentences").split()[:2]
    ['course-sentences', 'bundled']
    """
    dataset = data.DATASETS[name]
    found = data.locate(name)
    origin = "bundled" if dataset.bundled else "fetched"
    where = str(found) if found is not None else "MISSING"
    return f"{name:<24} {origin:<8} {where}\n{'':<33} {dataset.description}; {dataset.licence}"


def run(args: argparse.Namespace) -> int:
    """Fetch each named data set; 2 when one of them could not be fetched (every reason printed)."""
    unknown = [name for name in args.names if name not in data.DATASETS]
    if unknown:
        raise ValueError(f"unknown data set {unknown[0]!r}: choose from {', '.join(data.DATASETS)}")
    names = list(data.DATASETS) if args.all else list(dict.fromkeys(args.names))
    if not names:
        print(f"data sets (cache folder: {data.cache_dir()}):")
        for name in data.DATASETS:
            print(describe(name))
        return 0
    status = 0
    for name in names:
        try:
            path = data.fetch(name, timeout=args.timeout, progress=not args.quiet)
        except data.DataUnavailable as missing:
            print(f"error: {missing}", file=sys.stderr)
            status = 2
            continue
        print(f"{name}: {path}")
    return status
