"""How the words of a counts file were made, kept beside it: ``counts.tsv.settings.json``.

A counts file holds words already normalized and cut, so a vocab trained from
it must be told how: cased or lowercased, by which pre-tokenizer, under whose
BERT rules. ``save_counts(..., settings=...)`` writes these settings beside the
counts as one unit, with the counts' checksum; ``read_counts_settings`` reads
them back (refusing a side file written for another version of the counts).
The side file is named as every side file is (``side_files.settings_path``).

>>> import tempfile, pathlib
>>> from wordpiece_lib.counting.counts_tsv import save_counts
>>> path = pathlib.Path(tempfile.mkdtemp()) / "counts.tsv"
>>> _ = save_counts({"hug": 3}, path, settings=CountsSettings(lowercase=True))
>>> read_counts_settings(path)
CountsSettings(lowercase=True, pretokenizer='bert', compat='huggingface')
"""

from __future__ import annotations

import glob
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .._validate import check_bool, check_choice, check_path, check_str
from ..side_files import SETTINGS_SUFFIX, check_belongs, find_settings
from ..text.pretokenizers import PRETOKENIZERS
from ..textfiles import read_text_file

#: Who a counts file's settings say wrote them (the ``count`` command first did; the old name is
#: recognised by it).
MADE_BY = "python -m wordpiece_lib count"
#: The largest counts settings file read (a few lines of JSON).
MAX_COUNTS_SETTINGS_BYTES = 1 << 20


@dataclass(frozen=True)
class CountsSettings:
    """How the words of a counts file were made: lowercased or not, the pre-tokenizer, and whose BERT rules
    cut them (``"huggingface"`` or ``"google"``).

    >>> CountsSettings(lowercase=False, pretokenizer="whitespace").pretokenizer
    'whitespace'
    """

    lowercase: bool
    pretokenizer: str = "bert"
    compat: str = "huggingface"

    def __post_init__(self) -> None:
        check_bool(self.lowercase, "lowercase")
        check_choice(self.pretokenizer, "pretokenizer", PRETOKENIZERS)
        check_str(self.compat, "compat", allow_empty=False)

    def to_json(self, counts_path: str | os.PathLike[str], sha256: str) -> bytes:
        """The side file's bytes for the counts ``counts_path`` whose SHA-256 is ``sha256``.

        >>> json.loads(CountsSettings(lowercase=True).to_json("c.tsv", "ab"))["counts_file"]
        'c.tsv'
        """
        settings: dict[str, Any] = {"lowercase": self.lowercase, "pretokenizer": self.pretokenizer}
        if self.compat != "huggingface":  # only then: counts files of the default mode stay as they were
            settings["compat"] = self.compat
        settings |= {"made_by": MADE_BY, "counts_file": Path(counts_path).name, "counts_sha256": sha256}
        return (json.dumps(settings, indent=2) + "\n").encode("utf-8")


def read_counts_settings(counts_path: str | os.PathLike[str]) -> CountsSettings | None:
    """The settings recorded beside a counts file, or ``None`` (a counts file made another way).

    A settings file written for another version of the counts (its checksum differs) is refused, and so
    is one that does not say how the words were made.

    >>> read_counts_settings("no-such-counts.tsv") is None
    True
    """
    counts = Path(check_path(counts_path, "counts_path"))
    path = find_settings(counts, owns_legacy=lambda data: _owns_legacy(counts, data))
    if path is None:
        return None
    text = read_text_file(path, name="counts settings", max_bytes=MAX_COUNTS_SETTINGS_BYTES)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(f"counts settings {path} is not valid JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("lowercase"), bool):
        raise ValueError(f'{path} should say whether the counts were lowercased ("lowercase": true or false)')
    if data.get("pretokenizer") not in PRETOKENIZERS:
        raise ValueError(f"{path} names no known pre-tokenizer: {data.get('pretokenizer')!r}")
    compat = data.get("compat", "huggingface")
    if not isinstance(compat, str):
        raise ValueError(f"{path} names no known compat mode: {compat!r}")
    check_belongs(path, data.get("counts_sha256"), counts)
    return CountsSettings(data["lowercase"], data["pretokenizer"], compat)


def _owns_legacy(counts: Path, data: dict[str, Any]) -> bool:
    """Whether the old ``NAME.settings.json`` (``data``) is the settings of the counts ``NAME.tsv``.

    The old name left out the suffix, so ``book.tsv`` and ``book.txt`` shared it: it is read only when
    ``count`` wrote it and no other file in the folder has the same name before its suffix.
    """
    if data.get("made_by") != MADE_BY or "counts_file" in data:
        return False
    rivals = [
        path
        for path in counts.parent.glob(glob.escape(counts.stem) + ".*")
        if path.name != counts.name and not path.name.endswith(SETTINGS_SUFFIX)
    ]
    return not rivals


__all__ = ["CountsSettings", "read_counts_settings"]
