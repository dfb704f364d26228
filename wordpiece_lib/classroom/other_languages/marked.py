"""Text in other languages marked with its language, so a screen reader reads it with the right voice.

Notebook 09 shows words and phrases in eleven languages; the page says ``lang="en"``, so
without a mark a screen reader reads Russian or Hindi with the English voice. The code that
shows them knows each one's language: ``mark_languages`` turns a DataFrame into a pandas
``Styler`` whose cells (and labels) in another language are wrapped in ``<span lang="...">``,
by row or by column; ``lang_span`` marks one text.

>>> lang_span("Ελληνικά", "el")
'<span lang="el">Ελληνικά</span>'
>>> import pandas as pd
>>> frame = pd.DataFrame({"word": ["пой", "sing"]}, index=["ru", "en"])
>>> html = mark_languages(frame, rows={"ru": "ru", "en": "en"}).to_html()
>>> '<span lang="ru">пой</span>' in html and '<span lang="ru">ru</span>' in html
True
"""

from __future__ import annotations

import html
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from wordpiece_lib._validate import check_mapping, check_sequence, check_str

_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*")


def _checked_tag(language: Any, name: str) -> str:
    check_str(language, name)
    if not _LANGUAGE_TAG.fullmatch(language):
        raise ValueError(f"{name} must be a language tag such as 'ru' or 'zh-Hant', got {language!r}")
    return language


def lang_span(text: Any, language: str) -> str:
    """``text``, escaped, in a ``<span>`` that names its language.

    >>> lang_span("<b>", "ru")
    '<span lang="ru">&lt;b&gt;</span>'
    """
    return f'<span lang="{_checked_tag(language, "language")}">{html.escape(str(text))}</span>'


def mark_languages(
    frame: Any,
    *,
    rows: Mapping[Hashable, str] | None = None,
    columns: Mapping[Hashable, str] | None = None,
    labels: Mapping[Hashable, str] | None = None,
    cells: Sequence[Hashable] | None = None,
) -> Any:
    """A ``Styler`` of ``frame`` with text cells marked by language: ``rows`` maps a row label to the
    language of its cells, ``columns`` a column label to the language of its cells (and its header),
    ``labels`` a row label to the language of the label itself (defaults to ``rows``); ``cells``
    names the columns that ``rows`` applies to (default: all). Numbers and cells of unlisted rows
    and columns are shown as pandas shows them.

    >>> import pandas as pd
    >>> frame = pd.DataFrame({"Русский": ["Южная Америка"], "count": [3]})
    >>> html = mark_languages(frame, columns={"Русский": "ru"}).to_html()
    >>> '<span lang="ru">Южная Америка</span>' in html and '<span lang="ru">Русский</span>' in html
    True
    """
    import pandas as pd

    if not isinstance(frame, pd.DataFrame):
        raise TypeError(f"frame must be a pandas DataFrame, got {type(frame).__name__}")
    cells = check_sequence(cells, "cells") if cells is not None else None
    rows = dict(check_mapping(rows, "rows", "a dict row label -> language")) if rows is not None else {}
    columns = dict(check_mapping(columns, "columns", "a dict column label -> language")) if columns else {}
    labels = dict(check_mapping(labels, "labels", "a dict row label -> language")) if labels is not None else rows
    for mapping, name in ((rows, "rows"), (columns, "columns"), (labels, "labels")):
        for language in mapping.values():
            _checked_tag(language, f"{name}[...]")
    styler = frame.style

    def marker(language: str) -> Any:
        return lambda value: lang_span(value, language) if isinstance(value, str) else value

    for label, language in rows.items():
        if label in frame.index:
            text_columns = [column for column in (frame.columns if cells is None else cells) if column not in columns]
            styler = styler.format(marker(language), subset=pd.IndexSlice[[label], text_columns])
    for label, language in columns.items():
        if label in frame.columns:
            styler = styler.format(marker(language), subset=[label])
    if labels:
        styler = styler.format_index(
            lambda label: lang_span(label, labels[label]) if label in labels else html.escape(str(label)), axis=0
        )
    if columns:
        styler = styler.format_index(
            lambda label: lang_span(label, columns[label]) if label in columns else html.escape(str(label)), axis=1
        )
    return styler


__all__ = ["lang_span", "mark_languages"]
