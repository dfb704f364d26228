"""The similar pairs as one HTML page: a table of the pairs, then each pair's shared lines side by side.

Everything a submission holds (its code, its file name, its student's name)
is text on the page, never markup: every piece is escaped, and the page
forbids scripts and every other resource besides its own style sheet
(``Content-Security-Policy``), so a ``<script>`` a student put in a cell is
shown, not run. The page works without a network.

Accessible as the offline edition is (WCAG 2.1 AA; ``tests/browser`` runs
axe-core on it): headings for every pair and answer, a table with column and
row headers, shared lines marked by the word *shared* beside them as well as
a highlight, the lines the release gives by the word *given* (text, not colour alone), contrast of at least 4.5:1, every code
box reachable with the keyboard (it scrolls), and the two sides one under the
other on a narrow screen (reflow at 320 CSS pixels).

>>> page = pairs_html([], "04_encoding", ["ada", "bob"])
>>> "<h1>Similar answers in 04_encoding</h1>" in page, "No pair" in page
(True, True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from wordpiece_lib._validate import check_instance, check_int, check_sequence, check_str
from wordpiece_lib.classroom.teacher.similarity.fingerprints import (
    DEFAULT_COMMON,
    DEFAULT_MIN_LINES,
    DEFAULT_MIN_MATCH,
    DEFAULT_THRESHOLD,
    Pair,
)
from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode, Refused

#: The word beside each shared line (and the blank beside the student's other lines, as wide).
SHARED = "shared"
#: The word beside each line the release gives (never compared).
GIVEN = "given"

_STYLE = """
:root { color: #1b1b1b; background: #ffffff; font-family: system-ui, sans-serif; line-height: 1.5; }
body { margin: 0 auto; padding: 1rem; max-width: 90rem; }
h1, h2, h3, p, li, figcaption { overflow-wrap: anywhere; }
h1 { font-size: 1.75rem; }
a { color: #0b4f9c; }
a:focus-visible, [tabindex]:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; }
caption { text-align: left; font-weight: bold; padding-bottom: 0.25rem; }
th, td { border: 1px solid #6b6b6b; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
td.number { text-align: right; font-variant-numeric: tabular-nums; }
.sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 24rem), 1fr)); gap: 1rem; }
figure { margin: 0; min-width: 0; }
figcaption { font-weight: bold; }
pre { overflow-x: auto; max-width: 100%; margin: 0.25rem 0; padding: 0.5rem; border: 1px solid #6b6b6b;
      background: #f7f7f7; font-size: 0.9rem; line-height: 1.45; }
.mark { display: inline-block; width: 7ch; color: #4a4a4a; user-select: none; }
mark { background: #ffe680; color: #1b1b1b; }
mark .mark { color: #1b1b1b; font-weight: bold; }
.given { color: #595959; }
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _percent(share: float) -> str:
    return f"{round(share * 100)}%"


def _code_box(code: OwnCode, part: int, shared: set[tuple[int, int]], label: str) -> str:
    lines = []
    for index, (line, mine) in enumerate(zip(code.parts[part].lines, code.parts[part].own)):
        if (part, index) in shared:
            lines.append(f'<mark><span class="mark">{SHARED}</span>{_e(line)}</mark>')
        elif mine or not line.strip():
            lines.append(f'<span class="mark">{" " * len(SHARED)}</span>{_e(line)}')
        else:
            lines.append(f'<span class="given"><span class="mark">{GIVEN}</span>{_e(line)}</span>')
    body = "\n".join(lines) if lines else "(no answer here)"
    return (
        f"<figure><figcaption>{_e(code.student)}</figcaption>"
        f'<pre tabindex="0" aria-label="{_e(label)}"><code>{body}</code></pre></figure>'
    )


def _pair_section(number: int, pair: Pair) -> str:
    first, second = pair.first, pair.second
    heading = f"{number}. {first.student} and {second.student}: score {_percent(pair.score)}"
    out = [f'<section aria-labelledby="pair-{number}"><h2 id="pair-{number}">{_e(heading)}</h2>']
    out.append(
        "<p>"
        + "; ".join(
            f"{_e(code.student)}: {_percent(share)} of their own code is in the other's, {len(lines)} shared lines"
            f"{f' ({_e(code.path)})' if code.path else ''}"
            for code, share, lines in zip((first, second), pair.shares, pair.shared)
        )
        + ".</p>"
    )
    shared_first, shared_second = set(pair.shared[0]), set(pair.shared[1])
    labels = pair.exercises
    if not labels:
        out.append("<p>No line is shared.</p>")
    for label in labels:
        left = next((index for index, part in enumerate(first.parts) if part.label == label), None)
        right = next((index for index, part in enumerate(second.parts) if part.label == label), None)
        out.append(f"<h3>{_e(label)}</h3>")
        out.append('<div class="sides">')
        for code, index, shared in ((first, left, shared_first), (second, right, shared_second)):
            if index is None:
                out.append(f"<figure><figcaption>{_e(code.student)}</figcaption><p>(no such answer)</p></figure>")
            else:
                out.append(_code_box(code, index, shared, f"{code.student}'s {label}"))
        out.append("</div>")
    out.append("</section>")
    return "\n".join(out)


def pairs_html(
    pairs: Sequence[Pair],
    notebook: str,
    students: Sequence[str],
    refused: Sequence[Refused] = (),
    *,
    threshold: float = DEFAULT_THRESHOLD,
    min_lines: int = DEFAULT_MIN_LINES,
    min_match: int = DEFAULT_MIN_MATCH,
    common: float = DEFAULT_COMMON,
    solution: str = "",
) -> str:
    """The HTML page: what was compared and how, the table of ``pairs``, each pair's shared lines side by side.

    ``notebook``: its name; ``students``: everyone compared; ``refused``: the submissions not compared; the
    settings as :func:`~.fingerprints.similar_pairs` took them; ``solution``: the worked solution's file left
    out as given code ("" when there was none).

    >>> from wordpiece_lib.classroom.teacher.similarity.own_code import OwnCode, Part
    >>> ada = OwnCode("ada", (Part("f", ("x = '<script>alert(1)</script>'",), (True,)),))
    >>> page = pairs_html([Pair(ada, ada, (1.0, 1.0), (((0, 0),), ((0, 0),)))], "04", ["ada"], min_lines=1)
    >>> "<script>" in page, "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    (False, True)
    """
    pairs = [check_instance(pair, f"pairs[{index}]", Pair) for index, pair in enumerate(check_sequence(pairs, "pairs"))]
    check_str(notebook, "notebook")
    students = [
        check_str(name, f"students[{index}]") for index, name in enumerate(check_sequence(students, "students"))
    ]
    refused = [
        check_instance(one, f"refused[{index}]", Refused)
        for index, one in enumerate(check_sequence(refused, "refused"))
    ]
    for name, value in (("threshold", threshold), ("common", common)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
            raise ValueError(f"{name} must be a number from 0 to 1, got {value!r}")
    check_int(min_lines, "min_lines", minimum=0)
    check_int(min_match, "min_match", minimum=1)
    check_str(solution, "solution")
    given = "the released notebook's code" + (f" and the worked solution ({solution})" if solution else "")
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
        f"<title>Similar answers · {_e(notebook)}</title>",
        f"<style>{_STYLE}</style></head><body><main>",
        f"<h1>Similar answers in {_e(notebook)}</h1>",
        f"<p>{len(students)} submissions compared, {len(students) * (len(students) - 1) // 2} pairs; "
        f"{len(pairs)} listed here: a score of at least {_percent(threshold)} and at least {min_lines} shared lines. "
        "A student's share is the part of their own code (their answer cells and the cells they added) that the "
        "other's has too; a pair's score is the larger of its two shares.</p>",
        f"<p>Not counted as shared: {_e(given)}, and what more than {_percent(common)} of the class wrote "
        f"(at least three students). Names, strings and spacing do not matter; a shared run is at least {min_match} "
        "characters of code as compared, each name or string one letter and no spaces (copydetect's fingerprints, "
        "winnowing as MOSS does). A pair listed here is one to "
        "read, not a proof of copying: two students can write the same short answer, and a student can hide a copy "
        "by rewriting it.</p>",
    ]
    out.append('<h2 id="pairs">Pairs</h2>')
    if pairs:
        out.append('<div class="scroll" role="region" aria-labelledby="pairs-caption" tabindex="0"><table>')
        out.append('<caption id="pairs-caption">Pairs by score</caption>')
        out.append(
            '<thead><tr><th scope="col">Pair</th><th scope="col">Score</th><th scope="col">First student\'s share</th>'
            '<th scope="col">Second student\'s share</th><th scope="col">Shared lines</th>'
            '<th scope="col">Answers with shared lines</th></tr></thead><tbody>'
        )
        for number, pair in enumerate(pairs, start=1):
            out.append(
                f'<tr><th scope="row"><a href="#pair-{number}">{_e(pair.first.student)} and {_e(pair.second.student)}'
                f'</a></th><td class="number">{_percent(pair.score)}</td>'
                f'<td class="number">{_percent(pair.shares[0])}</td><td class="number">{_percent(pair.shares[1])}</td>'
                f'<td class="number">{pair.shared_lines}</td><td>{_e(", ".join(pair.exercises))}</td></tr>'
            )
        out.append("</tbody></table></div>")
    else:
        out.append("<p>No pair is above the threshold.</p>")
    if refused:
        out.append('<h2 id="not-compared">Not compared</h2><ul>')
        out.extend(f"<li>{_e(one.reason)}</li>" for one in refused)
        out.append("</ul>")
    out.extend(_pair_section(number, pair) for number, pair in enumerate(pairs, start=1))
    out.append("</main></body></html>")
    return "\n".join(out) + "\n"


__all__ = ["GIVEN", "SHARED", "pairs_html"]
