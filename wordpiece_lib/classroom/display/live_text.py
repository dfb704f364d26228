"""The changing text of a widget, shown by an ``HTML`` widget: on screen as soon as the kernel sends it.

Every widget of the notebooks shows its state as a block of plain text (a merge, the pieces of
some words, a table of numbers). An ``Output`` widget would show it as a stream, but JupyterLab
clears an output area before filling it again and holds the area's old height for 50 ms after
(so the page does not jump), which a student sees as lag; a button writing to an ``Output`` takes
about 70 ms to settle in a live JupyterLab, one writing to an ``HTML`` widget about 15 ms
(``benchmarks/widget_latency.py`` measures both, as its floor). So the text goes into an ``HTML``
widget as an escaped ``<pre>``, drawn in the notebook's code font as a stream output is.

The view carries the class ``wordpiece-live`` (``style.LIVE_OUTPUT_CLASS``) on its outer element,
which stays in place while its content changes: the offline edition makes it an
``aria-live="polite"`` region, so a screen reader reads each new text.

>>> view = text_view()
>>> show_text(view, "a < b\\n  two")
>>> view.value.endswith('">a &lt; b\\n  two</pre>')
True
>>> shown_text(view)
'a < b\\n  two'
"""

from __future__ import annotations

import html
import re
from typing import Any

from wordpiece_lib._validate import check_instance, check_str
from wordpiece_lib.classroom.display.style import LIVE_OUTPUT_CLASS

#: The text's look: JupyterLab's code font and a stream output's wrapping (long lines wrap, spaces kept).
TEXT_STYLE = (
    "margin: 0; padding: 0; background: none; border: none; "
    "font-family: var(--jp-code-font-family, monospace); font-size: var(--jp-code-font-size, 13px); "
    "line-height: var(--jp-code-line-height, 1.3077); color: var(--jp-content-font-color1, #000000); "
    "white-space: pre-wrap; overflow-wrap: break-word; text-align: left"
)
#: The box around the text, as the widgets' ``Output`` areas had.
BOX_LAYOUT = {"border": "1px solid #ddd", "padding": "4px"}

_PRE = re.compile(r'^<pre class="wordpiece-text" style="[^"]*">(.*)</pre>$', re.DOTALL)


def text_html(text: str) -> str:
    """``text`` as the view's HTML: escaped, in a ``<pre>`` (every space and line kept).

    >>> text_html("<b>").startswith('<pre class="wordpiece-text"'), text_html("<b>").endswith(">&lt;b&gt;</pre>")
    (True, True)
    """
    check_str(text, "text")
    return f'<pre class="wordpiece-text" style="{TEXT_STYLE}">{html.escape(text, quote=False)}</pre>'


def text_view(**layout: Any) -> Any:
    """A new, empty text view: an ``HTML`` widget with a thin border, marked live (``layout`` adds to the box).

    >>> view = text_view(width="50%")
    >>> type(view).__name__, view.layout.width, "wordpiece-live" in view._dom_classes
    ('HTML', '50%', True)
    """
    import ipywidgets

    view = ipywidgets.HTML(layout={**BOX_LAYOUT, **layout})
    view.add_class(LIVE_OUTPUT_CLASS)
    return view


def show_text(view: Any, text: str) -> None:
    """Show ``text`` in ``view`` (a widget from :func:`text_view`); nothing is sent when it is already shown.

    >>> view = text_view()
    >>> show_text(view, "hug")
    >>> shown_text(view)
    'hug'
    """
    _check_view(view)
    value = text_html(text)
    if view.value != value:
        view.value = value


def shown_text(view: Any) -> str:
    """The text ``view`` shows now (what :func:`show_text` put there), or ``""`` for an empty view.

    >>> shown_text(text_view())
    ''
    """
    found = _PRE.match(_check_view(view).value)
    if found is None:
        if view.value:
            raise ValueError("the view holds HTML that show_text did not write")
        return ""
    return html.unescape(found.group(1))


def _check_view(view: Any) -> Any:
    import ipywidgets

    return check_instance(view, "view", ipywidgets.HTML)


class HtmlCopy:
    """A widget's view whose notebook output also holds a plain HTML copy of what it shows (``html_copy``, by
    default its ``html``), for front ends that cannot show widgets; the offline edition reads it.

    >>> class View(HtmlCopy):
    ...     html = "<p>hug</p>"
    ...     class widget:
    ...         def _repr_mimebundle_(**kwargs):
    ...             return {"text/plain": "a widget"}
    >>> View()._repr_mimebundle_()
    {'text/plain': 'a widget', 'text/html': '<p>hug</p>'}
    """

    widget: Any
    html: str

    def html_copy(self) -> str:
        """The HTML copy of the current view."""
        return self.html

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle.setdefault("text/html", self.html_copy())
        return bundle


__all__ = ["TEXT_STYLE", "HtmlCopy", "show_text", "shown_text", "text_html", "text_view"]
