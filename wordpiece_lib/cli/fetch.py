"""``fetch``: put the workshop's data sets on this machine, or say where each one is.

Its arguments are in ``cli.parser``; this module is imported when it runs.
"""

from __future__ import annotations

import argparse
import sys

from wordpiece_lib import data


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
