"""Figures that say what they show: every figure of the notebooks carries its text alternative.

A plot function draws on a :class:`DescribedFigure` (a matplotlib ``Figure``, from
``style.new_figure``) and ends with :func:`describe`, giving, from the same data it drew,
a short title, a summary of what the figure shows with its key values (the image's
``alt``), and the full data as one or more tables. A notebook that shows the figure gets
one display bundle:

* ``text/html``: ``<figure role="group" aria-label=TITLE>`` holding the picture as
  ``<img src="data:image/png;base64,..." alt=SUMMARY>``, a ``<figcaption>`` and the data
  behind a ``<details><summary>Data</summary><table>...</table></details>`` disclosure;
* ``image/png``: the same picture, with the metadata ``{"image/png": {"alt": SUMMARY}}``
  (what an untrusted notebook, which does not render the HTML, and the offline edition's
  templates can read);
* ``text/plain``: the summary.

JupyterLab's image renderer and nbconvert's templates never set an ``alt`` of their own,
so the trusted HTML is what carries it (``docs/architecture.md``, *Figures*).

>>> figure = new_described_figure(3, 2)
>>> _ = figure.axes[0].bar(["a", "b"], [1, 2])
>>> figure = describe(figure, "Two bars", "Bar chart: a is 1, b is 2.", data_table(["name", "value"], [["a", 1], ["b", 2]]))
>>> data, metadata = figure._repr_mimebundle_()
>>> metadata["image/png"]["alt"]
'Bar chart: a is 1, b is 2.'
>>> '<figure role="group" aria-label="Two bars"' in data["text/html"] and "<td>2</td>" in data["text/html"]
True
"""

from __future__ import annotations

import base64
import html
import io
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from matplotlib.figure import Figure

from wordpiece_lib._validate import check_instance, check_int, check_sequence, check_size, check_str, check_str_list

#: Rows a data table shows at most; a longer table says how many rows were left out.
MAX_TABLE_ROWS = 400


@dataclass(frozen=True)
class DataTable:
    """The data behind a figure, as text cells: a caption, column names and rows."""

    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    caption: str = ""
    left_out: int = 0


@dataclass(frozen=True)
class FigureDescription:
    """What a screen reader (and anyone) reads instead of the picture."""

    title: str
    summary: str
    tables: tuple[DataTable, ...] = ()


def cell_text(value: Any) -> str:
    """A table cell: floats to 4 significant digits, thousands separated; anything else as ``str``.

    >>> cell_text(1234567), cell_text(0.123456), cell_text(2.0), cell_text("##a")
    ('1,234,567', '0.1235', '2', '##a')
    """
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1e6 else f"{value:,.0f}"
    return str(value)


def data_table(
    columns: Sequence[str], rows: Iterable[Sequence[Any]], *, caption: str = "", max_rows: int = MAX_TABLE_ROWS
) -> DataTable:
    """A :class:`DataTable` from columns and rows of any values (see :func:`cell_text`).

    >>> data_table(["x"], [[1], [2], [3]], max_rows=2).left_out
    1
    """
    check_int(max_rows, "max_rows", minimum=0)
    names = tuple(check_str(column, "columns[...]") for column in check_sequence(columns, "columns"))
    rows = check_sequence(rows, "rows")
    cells = []
    for position, row in enumerate(rows):
        row = tuple(row)
        if len(row) != len(names):
            raise ValueError(f"rows[{position}] has {len(row)} cells, expected {len(names)} (one per column)")
        cells.append(tuple(cell_text(value) for value in row))
    return DataTable(names, tuple(cells[:max_rows]), check_str(caption, "caption"), max(0, len(cells) - max_rows))


def describe(figure: Any, title: str, summary: str, *tables: DataTable) -> Any:
    """Attach the text alternative to ``figure`` and return it (the last line of every plot function).

    >>> describe(new_described_figure(2, 2), "t", "A summary.").description.summary
    'A summary.'
    """
    if not isinstance(figure, Figure):
        raise TypeError(f"figure must be a matplotlib Figure, got {type(figure).__name__}")
    check_str(title, "title", allow_empty=False)
    check_str(summary, "summary", allow_empty=False)
    for table in tables:
        if not isinstance(table, DataTable):
            raise TypeError(f"tables must be DataTables (see data_table), got {type(table).__name__}")
    # Titles drawn by matplotlib escape "$" (style.plain); the text alternative shows it as it is.
    title, summary = (" ".join(text.replace("\\$", "$").split()) for text in (title, summary))
    figure.description = FigureDescription(title, summary, tables)
    return figure


def plain_list(items: Iterable[str], *, limit: int = 8) -> str:
    """Items joined for a sentence, the rest counted: ``a, b and c`` or ``a, b, ... (12 in all)``.

    >>> plain_list(["a", "b", "c"]), plain_list("abcde", limit=2)
    ('a, b and c', 'a, b, ... (5 in all)')
    """
    items = list(items) if isinstance(items, str) else check_str_list(items, "items")
    check_int(limit, "limit", minimum=1)
    if len(items) > limit:
        return ", ".join(items[:limit]) + f", ... ({len(items)} in all)"
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def figure_png(figure: Any, *, dpi: float | None = None) -> bytes:
    """``figure`` as PNG bytes, cropped to what is drawn (as the notebook's inline images are).

    >>> figure_png(new_described_figure(1, 1))[:4]
    b'\\x89PNG'
    """
    if dpi is not None:
        check_size(dpi, "dpi")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", bbox_inches="tight", dpi=dpi or "figure")
    return buffer.getvalue()


def _png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels, read from the PNG header."""
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def _table_html(table: DataTable) -> str:
    parts = ["<table>"]
    if table.caption:
        parts.append(f"<caption>{html.escape(table.caption)}</caption>")
    header = "".join(f'<th scope="col">{html.escape(column)}</th>' for column in table.columns)
    parts.append(f"<thead><tr>{header}</tr></thead><tbody>")
    for row in table.rows:
        parts.append("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>")
    parts.append("</tbody></table>")
    if table.left_out:
        parts.append(f"<p>{table.left_out:,} more rows are left out.</p>")
    return "".join(parts)


def figure_html(figure: Any, png: bytes | None = None) -> str:
    """The ``<figure>`` element of the display bundle: the picture with its ``alt``, a caption, the data.

    >>> figure = describe(new_described_figure(1, 1), "Empty", "Nothing is drawn.")
    >>> figure_html(figure).count('alt="Nothing is drawn."')
    1
    """
    if png is not None:
        check_instance(png, "png", bytes)
    description = figure_description(figure)
    png = figure_png(figure) if png is None else png
    width, _ = _png_size(png)
    encoded = base64.b64encode(png).decode("ascii")
    title, alt = html.escape(description.title), html.escape(description.summary)
    parts = [
        f'<figure role="group" aria-label="{title}" class="wordpiece-figure" style="margin: 0 0 1em 0">',
        f'<img src="data:image/png;base64,{encoded}" alt="{alt}" width="{width}" '
        'style="max-width: 100%; height: auto">',
        f"<figcaption>{title}</figcaption>",
    ]
    if description.tables:
        parts.append("<details><summary>Data</summary>")
        parts.extend(_table_html(table) for table in description.tables)
        parts.append("</details>")
    parts.append("</figure>")
    return "".join(parts)


def figure_description(figure: Any) -> FigureDescription:
    """The figure's description; a figure without one is described by its axes' titles (never empty).

    >>> figure_description(new_described_figure(1, 1)).summary
    'A figure.'
    """
    description = getattr(figure, "description", None)
    if isinstance(description, FigureDescription):
        return description
    titles = [axes.get_title() for axes in figure.axes if axes.get_title()]
    title = "; ".join(titles) or "Figure"
    return FigureDescription(title, f"A figure: {title}." if titles else "A figure.")


def figure_bundle(figure: Any) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The display bundle and its metadata (see the module's docstring)."""
    png = figure_png(figure)
    description = figure_description(figure)
    data = {
        "text/html": figure_html(figure, png),
        "image/png": base64.b64encode(png).decode("ascii"),
        "text/plain": description.summary,
    }
    return data, {"image/png": {"alt": description.summary}}


class DescribedFigure(Figure):
    """A matplotlib ``Figure`` that a notebook shows with its text alternative (see :func:`describe`)."""

    description: FigureDescription | None = None

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        return figure_bundle(self)


def new_described_figure(width: float, height: float, nrows: int = 1, ncols: int = 1, **options: Any) -> Any:
    """A closed :class:`DescribedFigure` with a grid of axes (``figure.axes``), laid out by matplotlib.

    >>> type(new_described_figure(2, 2, 1, 2)).__name__, len(new_described_figure(2, 2, 1, 2).axes)
    ('DescribedFigure', 2)
    """
    import matplotlib.pyplot as plt

    check_size(width, "width")
    check_size(height, "height")
    check_int(nrows, "nrows", minimum=1)
    check_int(ncols, "ncols", minimum=1)
    figure, _ = plt.subplots(
        nrows, ncols, figsize=(width, height), layout="constrained", FigureClass=DescribedFigure, **options
    )
    plt.close(figure)  # returned, not auto-shown: a notebook displays it once
    return figure


__all__ = [
    "DataTable",
    "DescribedFigure",
    "FigureDescription",
    "cell_text",
    "data_table",
    "describe",
    "figure_bundle",
    "figure_description",
    "figure_html",
    "figure_png",
    "new_described_figure",
    "plain_list",
]
