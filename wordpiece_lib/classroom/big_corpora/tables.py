"""Tables for notebook 11: how the words of a corpus grow as it is read.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> _ = path.write_text("hug pug\\n" * 3 + "bun\\n")
>>> growth_table(path, every_bytes=10)[["MB read", "running words", "distinct words"]].values.tolist()[-1]
[2.8e-05, 7.0, 3.0]
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from wordpiece_lib._validate import check_int
from wordpiece_lib.counting import read_blocks
from wordpiece_lib.text import FastSplitter


def growth_table(path: str | os.PathLike[str], *, every_bytes: int = 1 << 20, lowercase: bool = True) -> Any:
    """Running and distinct words after each ``every_bytes`` of the file (and at its end), as a DataFrame.

    Read as ``count_files`` reads it, in line-aligned blocks, so a row is
    taken at the first block end past each multiple of ``every_bytes``.
    """
    import pandas as pd

    check_int(every_bytes, "every_bytes", minimum=1)

    splitter = FastSplitter(lowercase=lowercase)
    counts: Counter[str] = Counter()
    rows = []
    done = 0
    next_row = every_bytes
    for block in read_blocks(path, block_bytes=min(every_bytes, 1 << 16)):
        splitter.count_bytes(block, counts)
        done += len(block)
        if done >= next_row:
            rows.append((done, counts.total(), len(counts)))
            next_row = (done // every_bytes + 1) * every_bytes
    if not rows or rows[-1][0] != done:
        rows.append((done, counts.total(), len(counts)))
    table = pd.DataFrame(rows, columns=["bytes read", "running words", "distinct words"])
    table.insert(0, "MB read", table["bytes read"] / 1e6)
    return table.drop(columns="bytes read").astype(float)


__all__ = ["growth_table"]
