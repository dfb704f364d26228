"""Accessibility checks of the offline edition in Chromium: axe-core, keyboard, reflow, alt text, deck sizes.

Used by ``test_accessibility.py``; also a command that prints the audit of a built edition (the
numbers of the issue's before/after table)::

    python tests/browser/_a11y.py SITE_FOLDER [--sample] [--per-slide] [--json]

axe-core is vendored in ``tools/site/static/axe/`` (MPL-2.0, checksum in ``build_edition.TEST_ASSETS``)
and injected into each page from disk: nothing is downloaded. The pages load require.js, whose
``define`` would swallow axe as an anonymous AMD module, so ``define`` is hidden while axe loads.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "tools" / "site" / "static" / "axe" / "axe.min.js"
#: WCAG 2.1 levels A and AA, as axe-core tags its rules.
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
#: nbconvert's stand-in for a missing description: never a text alternative.
PLACEHOLDER_ALT = "No description has been provided for this image"
#: The size a deck is projected at, and the smallest text it may show there (CSS px, after reveal's scaling).
PROJECTOR = {"width": 1280, "height": 720}
MIN_BODY_PX = 24.0
MIN_CODE_PX = 18.0
#: The narrowest viewport WCAG's reflow criterion asks for (400 % zoom of 1280 px).
REFLOW_WIDTH = 320

_INJECT = """source => {
  if (window.axe) return;
  const define = window.define;
  window.define = undefined;
  try { (0, eval)(source); } finally { window.define = define; }
}"""

_RUN = """async ([tags, scope]) => {
  let context = document;
  if (scope === 'slide') context = Reveal.getCurrentSlide();
  if (scope === 'other slides') {
    Reveal.getCurrentSlide().id = Reveal.getCurrentSlide().id || 'wp-current-slide';
    context = {include: [['.reveal .slides']], exclude: [['#' + Reveal.getCurrentSlide().id]]};
  }
  const result = await axe.run(context, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return result.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), html: n.html.slice(0, 160)}))}));
}"""


@dataclass
class Audit:
    """Violations found, by (rule, impact): node counts, and a few examples to read."""

    nodes: Counter = field(default_factory=Counter)
    examples: dict[str, list[str]] = field(default_factory=dict)

    def add(self, where: str, violations: Iterable[dict]) -> None:
        for violation in violations:
            key = (violation["id"], violation["impact"] or "?")
            self.nodes[key] += len(violation["nodes"])
            seen = self.examples.setdefault(violation["id"], [])
            for node in violation["nodes"][: max(0, 3 - len(seen))]:
                seen.append(f"{where}: {node['target']} {node['html']}")

    def total(self) -> int:
        return sum(self.nodes.values())

    def table(self) -> str:
        lines = [f"{count:>6}  {impact:<8} {rule}" for (rule, impact), count in sorted(self.nodes.items())]
        return "\n".join([*lines, f"{self.total():>6}  total"])

    def explain(self) -> str:
        return self.table() + "\n" + "\n".join(f"{rule}: {ex}" for rule, exs in self.examples.items() for ex in exs)


def axe_source() -> str:
    return AXE.read_text(encoding="utf-8")


def run_axe(page, scope: str = "document") -> list[dict]:
    """axe-core's WCAG 2.1 A/AA violations on ``page``.

    ``scope``: "document", "slide" (the deck's current slide only) or "other slides" (every slide
    but the current one, after ``unfold_deck``).
    """
    page.evaluate(_INJECT, axe_source())
    return page.evaluate(_RUN, [WCAG_TAGS, scope])


#: axe-core's rules that every control has an accessible name (sliders, spin buttons, text boxes, buttons, drop-downs).
NAME_RULES = [
    "aria-input-field-name",
    "label",
    "button-name",
    "select-name",
    "aria-command-name",
    "aria-toggle-field-name",
]

_RUN_ON = """async (element, rules) => {
  const result = await axe.run(element, {runOnly: {type: 'rule', values: rules}, resultTypes: ['violations']});
  return result.violations.flatMap(v => v.nodes.map(n => `${v.id}: ${n.html.slice(0, 160)}`));
}"""


def unnamed_controls(page, locator) -> list[str]:
    """axe-core's naming rules (``NAME_RULES``) on the element of ``locator``: each control left without a name."""
    page.evaluate(_INJECT, axe_source())
    return locator.evaluate(_RUN_ON, NAME_RULES)


def open_page(browser, url: str, viewport: dict | None = None):
    """A context and page with every request that is not a local file refused."""
    context = browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
    context.route(
        "**/*",
        lambda route: (
            route.continue_() if route.request.url.startswith(("file:", "data:", "blob:", "about:")) else route.abort()
        ),
    )
    page = context.new_page()
    page.goto(url, wait_until="load")
    return context, page


def wait_rendered(page, timeout: int = 60_000) -> None:
    """Until the widget manager has drawn every saved view and MathJax has typeset (when the page has them)."""
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jupyter-widgets.jp-OutputArea-output')]
                 .every(area => area.querySelector('.lm-Widget'))
              && (!window.MathJax || !MathJax.startup || !MathJax.startup.promise || window.__wpTypeset !== false)""",
        timeout=timeout,
    )
    page.evaluate("() => window.MathJax && MathJax.startup && MathJax.startup.promise")


def wait_deck(page, timeout: int = 60_000) -> None:
    page.wait_for_function("() => window.Reveal && Reveal.isReady && Reveal.isReady()", timeout=timeout)
    wait_rendered(page, timeout)


def deck_slides(page) -> list[tuple[int, int]]:
    """Every slide of the deck as reveal's (h, v) indices, in reading order."""
    return [
        tuple(x)
        for x in page.evaluate(
            """() => Reveal.getHorizontalSlides().flatMap((s, h) => {
              const v = s.querySelectorAll(':scope > section');
              return v.length ? [...v].map((_, i) => [h, i]) : [[h, 0]];
           })"""
        )
    ]


#: Every slide shown at once, one below the other, as the deck lays each out: axe then reads them in one pass.
_UNFOLD = """() => {
  const style = document.createElement('style');
  style.textContent = `.reveal .slides, .reveal .slides section { position: relative !important; display: block !important;
      visibility: visible !important; opacity: 1 !important; transform: none !important; top: auto !important;
      left: auto !important; height: auto !important; min-height: 0 !important; inset: auto !important; }
    .reveal, .reveal .slides, html, body { overflow: visible !important; height: auto !important; }
    .reveal .slides { width: ${Reveal.getConfig().width}px !important; margin: 0 !important; zoom: 1 !important; }`;
  document.head.appendChild(style);
  document.querySelectorAll('.reveal .slides section').forEach(slide => {
    slide.removeAttribute('hidden'); slide.removeAttribute('aria-hidden'); slide.removeAttribute('inert');
  });
  // What the edition's script does for the slide shown, for all of them (a box that scrolls is a Tab stop).
  if (window.wpEdition) window.wpEdition.markScrollers(document, true);
}"""


def unfold_deck(page) -> None:
    """Show every slide of the deck at once (for one axe pass over all of them; the deck is spent after)."""
    page.evaluate(_UNFOLD)


def go_to(page, h: int, v: int) -> None:
    page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
    page.wait_for_function(
        "([h, v]) => { const i = Reveal.getIndices(); return i.h === h && (i.v || 0) === v; }", arg=[h, v]
    )


#: Per slide at the projector size: does it need scrolling, which code lines are cut, the smallest text.
_MEASURE = """() => {
  const slide = Reveal.getCurrentSlide();
  const scale = Reveal.getScale();
  const box = slide.getBoundingClientRect();
  const deck = document.querySelector('.reveal').getBoundingClientRect();
  const visible = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
    return s.visibility !== 'hidden' && s.display !== 'none' && r.width > 0 && r.height > 0; };
  const cut = [];
  for (const pre of slide.querySelectorAll('.jp-InputArea-editor pre, .jp-OutputArea-output pre')) {
    if (!visible(pre)) continue;
    const r = pre.getBoundingClientRect();
    if (pre.scrollWidth > pre.clientWidth + 1 || r.right > Math.min(box.right, deck.right) + 1)
      cut.push(pre.innerText.split('\\n').reduce((a, b) => a.length >= b.length ? a : b, '').slice(0, 80));
  }
  let body = Infinity, code = Infinity, small = [];
  const walker = document.createTreeWalker(slide, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    // A drawing with an accessible name (role="img") is a picture, like a PNG figure: its labels are not body text.
    if (!el || !visible(el) || el.closest('mjx-container, aside.notes, .wp-deck-nav, svg[role="img"]')) continue;
    // Text in an inline SVG is scaled by the drawing's own transform, not only by reveal's.
    const ctm = el.closest('svg') && el.getScreenCTM ? el.getScreenCTM() : null;
    const px = parseFloat(getComputedStyle(el).fontSize) * (ctm ? Math.hypot(ctm.a, ctm.b) : scale);
    if (el.closest('pre, code, .jp-InputArea-editor')) { code = Math.min(code, px); if (px < 18) small.push(node.textContent.trim().slice(0, 30)); }
    else { body = Math.min(body, px); if (px < 24) small.push(node.textContent.trim().slice(0, 30)); }
  }
  // A slide that needs scrolling: its content is taller than the deck shows (reveal's height, 700 here).
  const height = Reveal.getConfig().height;
  const content = slide.scrollHeight;
  return {scrolls: content > height + 2 || slide.scrollHeight > slide.clientHeight + 2 && getComputedStyle(slide).overflowY !== 'visible',
          height: content, cut, body: body === Infinity ? null : body, code: code === Infinity ? null : code,
          small: small.slice(0, 5)};
}"""


def measure_slide(page) -> dict:
    return page.evaluate(_MEASURE)


#: Boxes that cannot be read at 320 px. A box wider than the screen, or whose content is wider than it,
#: must sit in a box that really scrolls sideways (overflow auto or scroll, laid out as a block: a table
#: row or cell never scrolls, whatever its overflow says), inside the screen, and that box must be a
#: keyboard stop (tabindex 0) with a role and a name, so every cell of a wide table can be reached.
_REFLOW = """(width) => {
  const out = [];
  const boxes = document.querySelectorAll(
    '.jp-Cell, .jp-InputArea-editor, .jp-OutputArea-output, pre, table, .jupyter-widgets, .widget-box, .widget-inline-hbox, .widget-button, .widget-html, .widget-output, figure, img, nav, .wp-site-note');
  const pageScrolls = document.documentElement.scrollWidth > width + 1;
  const scrolls = e => {
    const s = getComputedStyle(e);
    return ['auto', 'scroll'].includes(s.overflowX) && !/^(inline|contents|table(-.*)?)$/.test(s.display);
  };
  // A Tab stop with a role (its own, or a disclosure's native one) and a name.
  const keyboard = e => e.matches('textarea, input, select') ||
    (e.getAttribute('tabindex') === '0' && (!!e.getAttribute('role') || e.matches('details')) &&
     !!(e.getAttribute('aria-label') || e.getAttribute('aria-labelledby')));
  const where = el => ({target: String(el.className || el.tagName).slice(0, 80), text: (el.innerText || '').slice(0, 40)});
  for (const el of boxes) {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (s.display === 'none' || r.width === 0 || (el.checkVisibility && !el.checkVisibility())) continue;
    const overflowing = el.scrollWidth > el.clientWidth + 1;
    if (!overflowing && r.right <= width + 1) continue;
    // The box that makes the hidden part reachable: this one if it scrolls, else the nearest that does.
    let scroller = null;
    for (let up = overflowing ? el : el.parentElement; up && up !== document.body; up = up.parentElement) {
      const box = up.getBoundingClientRect();
      if (scrolls(up) && up.scrollWidth > up.clientWidth + 1 && box.right <= width + 1 && box.left >= -1) { scroller = up; break; }
    }
    if (!scroller) out.push({what: overflowing ? 'clipped' : 'past the edge', ...where(el)});
    else if (!keyboard(scroller)) out.push({what: 'scrolls, but not from the keyboard (tabindex 0, role, name)', ...where(scroller)});
  }
  return {pageScrolls, boxes: out};
}"""


def reflow_problems(page) -> dict:
    """What cannot be read at 320 px, every disclosure open (a figure's data table is read there too)."""
    page.evaluate("() => document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    return page.evaluate(_REFLOW, REFLOW_WIDTH)


def image_problems(page) -> list[str]:
    """Images without a meaningful text alternative (none, or nbconvert's placeholder)."""
    return page.evaluate(
        """(placeholder) => [...document.querySelectorAll('img')].filter(img => {
             if (img.getAttribute('role') === 'presentation' || img.getAttribute('aria-hidden') === 'true') return false;
             const alt = (img.getAttribute('alt') || '').trim();
             return !alt || alt === placeholder || !img.hasAttribute('alt');
           }).map(img => (img.closest('[id]') || img).id + ' ' + (img.getAttribute('alt') || '(no alt)').slice(0, 60))""",
        PLACEHOLDER_ALT,
    )


#: One Tab press: where focus is, whether it is shown on screen, whether it shows a focus indicator.
_FOCUS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const r = el.getBoundingClientRect();
  const hiddenSlide = el.closest('.slides section:not(.present)') && !el.closest('.slides section.present');
  const indicator = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || (s.boxShadow && s.boxShadow !== 'none');
  return {tag: el.tagName.toLowerCase(), cls: String(el.className).slice(0, 60), text: (el.innerText || el.value || '').slice(0, 30),
          hiddenSlide: !!hiddenSlide, visible: r.width > 0 && r.height > 0 && s.visibility !== 'hidden',
          indicator, outline: s.outlineColor, interactive: el.matches('a[href], button, input, select, textarea, summary, [contenteditable="true"], [role=slider], [role=button], [role=tab], [role=region][tabindex], [tabindex="0"][aria-label]')};
}"""


def tab_walk(page, presses: int) -> list[dict]:
    """Press Tab ``presses`` times from the top; what got focus each time (None: the page itself)."""
    stops = []
    page.locator("body").focus()
    for _ in range(presses):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(_FOCUS))
    return stops


def audit_site(
    browser,
    site: Path,
    sample: bool = False,
    log=print,
    images: dict[str, list[str]] | None = None,
    per_slide: bool = False,
) -> tuple[Audit, dict]:
    """axe on the index, every page and every slide of every deck (``sample``: the index, one page, one deck).

    A deck is read by axe as shown on its first slide (the controls, the slide number, the slide),
    then with every other slide shown at once (one pass, seconds instead of minutes); ``per_slide``
    runs axe again at every slide as a reader steps through (slower, the same violations).
    Returns the violations and each deck's slide measurements; ``images`` collects, by file, the
    images without a meaningful text alternative.
    """
    audit = Audit()
    images = {} if images is None else images
    decks: dict[str, list[dict]] = {}
    pages = ["index.html", *sorted(p.name for p in site.glob("[0-9][0-9]_*.html") if ".slides." not in p.name)]
    deck_files = sorted(p.name for p in site.glob("[0-9][0-9]_*.slides.html"))
    if sample:
        pages, deck_files = pages[:1] + pages[2:3], deck_files[1:2]
    for name in pages:
        context, page = open_page(browser, (site / name).as_uri())
        try:
            wait_rendered(page)
            audit.add(name, run_axe(page))
            images[name] = image_problems(page)
        finally:
            context.close()
        log(f"{name}: {audit.total()} so far")
    for name in deck_files:
        context, page = open_page(browser, (site / name).as_uri(), PROJECTOR)
        try:
            wait_deck(page)
            images[name] = image_problems(page)
            measures = []
            slides = deck_slides(page)
            for h, v in slides:
                go_to(page, h, v)
                measures.append({"slide": f"{h}/{v}", **measure_slide(page)})
            decks[name] = measures
            go_to(page, *slides[0])
            audit.add(f"{name}#0/0", run_axe(page))
            if per_slide:
                for h, v in slides[1:]:
                    go_to(page, h, v)
                    audit.add(f"{name}#{h}/{v}", run_axe(page, "slide"))
            else:
                unfold_deck(page)
                audit.add(f"{name} (other slides)", run_axe(page, "other slides"))
        finally:
            context.close()
        log(f"{name}: {len(decks[name])} slides, {audit.total()} so far")
    return audit, decks


def summarize_decks(decks: dict[str, list[dict]]) -> str:
    slides = [m for ms in decks.values() for m in ms]
    if not slides:
        return "no decks"
    bodies = [m["body"] for m in slides if m["body"]]
    codes = [m["code"] for m in slides if m["code"]]
    return (
        f"{len(slides)} slides in {len(decks)} decks: {sum(m['scrolls'] for m in slides)} need scrolling, "
        f"{sum(bool(m['cut']) for m in slides)} with code cut off ({sum(len(m['cut']) for m in slides)} boxes), "
        f"smallest body text {min(bodies, default=0):.1f} px, smallest code {min(codes, default=0):.1f} px, "
        f"{sum(1 for m in slides if (m['body'] or 99) < MIN_BODY_PX or (m['code'] or 99) < MIN_CODE_PX)} slides with small text"
    )


def main(argv: list[str]) -> int:
    import time

    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(Path(__file__).parent))
    from _browser import chromium_browser

    site = Path(argv[0])
    started = time.perf_counter()
    with sync_playwright() as playwright, chromium_browser(playwright) as browser:
        audit, decks = audit_site(
            browser,
            site,
            sample="--sample" in argv,
            log=lambda m: print(m, file=sys.stderr),
            per_slide="--per-slide" in argv,
        )
    print(audit.explain())
    print(summarize_decks(decks))
    if "--json" in argv:
        print(json.dumps({"axe": {f"{r}|{i}": n for (r, i), n in audit.nodes.items()}, "decks": decks}))
    print(f"{time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
