"""The font subset of the offline edition: the glyphs of every non-Latin script the notebooks show.

Notebook 09 shows text in ten other scripts (Greek, Cyrillic, Hebrew, Arabic, Devanagari, Thai,
Han, Hiragana, Katakana, Hangul). A machine without fonts for them would show empty boxes, so the
edition carries a subset of Google's Noto fonts (SIL Open Font License 1.1) with just the
characters its pages show: one ``.woff`` file a source font in ``static/edition/fonts/``, and
``static/edition/fonts.css`` declaring them as one family, "WP Scripts", each face limited by
``unicode-range`` to its own characters (so Latin text keeps its usual font).

Run it after a change that shows new characters (the browser test
``test_accessibility.py::test_font_subset_covers_every_script_character`` names any character a
build shows that the subset lacks). It reads the characters from built editions and the fonts from
Debian's ``fonts-noto-core`` and ``fonts-noto-cjk``::

    python tools/site/make_fonts.py site site-student
"""

from __future__ import annotations

import html
import re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path

HERE = Path(__file__).resolve().parent
FONTS = HERE / "static" / "edition" / "fonts"
CSS = HERE / "static" / "edition" / "fonts.css"
FAMILY = "WP Scripts"
NOTO = Path("/usr/share/fonts/truetype/noto")
NOTO_CJK = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

#: The first word of a character's Unicode name -> the subset file that carries it, and its source font.
SCRIPTS: dict[str, tuple[str, Path]] = {
    "GREEK": ("noto-sans", NOTO / "NotoSans-Regular.ttf"),
    "CYRILLIC": ("noto-sans", NOTO / "NotoSans-Regular.ttf"),
    "COMBINING": ("noto-sans", NOTO / "NotoSans-Regular.ttf"),
    "HEBREW": ("noto-sans-hebrew", NOTO / "NotoSansHebrew-Regular.ttf"),
    "ARABIC": ("noto-sans-arabic", NOTO / "NotoSansArabic-Regular.ttf"),
    "DEVANAGARI": ("noto-sans-devanagari", NOTO / "NotoSansDevanagari-Regular.ttf"),
    "THAI": ("noto-sans-thai", NOTO / "NotoSansThai-Regular.ttf"),
    "CJK": ("noto-sans-cjk", NOTO_CJK),
    "IDEOGRAPHIC": ("noto-sans-cjk", NOTO_CJK),
    "HIRAGANA": ("noto-sans-cjk", NOTO_CJK),
    "KATAKANA": ("noto-sans-cjk", NOTO_CJK),
    "KATAKANA-HIRAGANA": ("noto-sans-cjk", NOTO_CJK),
    "HANGUL": ("noto-sans-cjk", NOTO_CJK),
    "FULLWIDTH": ("noto-sans-cjk", NOTO_CJK),
    "HALFWIDTH": ("noto-sans-cjk", NOTO_CJK),
}


def script_of(char: str) -> str | None:
    """The script a character is subset for (the first word of its Unicode name), or None.

    >>> script_of("東"), script_of("ж"), script_of("a"), script_of("é"), script_of("\u3099")
    ('CJK', 'CYRILLIC', None, None, 'CJK')
    """
    if ord(char) < 0x250:  # Latin, Latin-1 and Latin Extended: every font has them
        return None
    if 0x3000 <= ord(char) <= 0x30FF:  # CJK punctuation, kana and their combining voicing marks
        return "CJK"
    word = unicodedata.name(char, "?").split()[0]
    return word if word in SCRIPTS else None


def shown_text(page: str) -> str:
    """The text a page shows: markup, scripts, styles and data URLs left out.

    >>> shown_text('<p lang="ru">мир</p><script>var x = "東";</script>').split()
    ['мир']
    """
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.DOTALL | re.IGNORECASE)
    page = re.sub(r"data:[^\"')\s]+", " ", page)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def widget_text(page: str) -> str:
    """The text of the saved widget state (a widget shows it once drawn): its JSON, unescaped."""
    import json

    found = []
    for block in re.findall(r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', page, re.S):
        found.append(json.dumps(json.loads(html.unescape(block)), ensure_ascii=False))
    return " ".join(found)


def script_characters(texts: Iterable[str]) -> dict[str, set[str]]:
    """The characters of the subset scripts in ``texts``, by subset file.

    >>> {name: sorted(chars) for name, chars in script_characters(["мир 東京 abc"]).items()}
    {'noto-sans': ['и', 'м', 'р'], 'noto-sans-cjk': ['京', '東']}
    """
    found: dict[str, set[str]] = {}
    for text in texts:
        for char in set(text):
            script = script_of(char)
            if script:
                found.setdefault(SCRIPTS[script][0], set()).add(char)
    return dict(sorted(found.items()))


def site_characters(folders: Iterable[Path]) -> dict[str, set[str]]:
    """The subset scripts' characters every page and deck of the built editions in ``folders`` shows."""
    texts = []
    for folder in folders:
        for page in sorted(Path(folder).glob("*.html")):
            text = page.read_text(encoding="utf-8")
            texts += [shown_text(text), widget_text(text)]
    return script_characters(texts)


def covered(font: Path) -> set[str]:
    """The characters a font file has a glyph for."""
    from fontTools.ttLib import TTFont

    with TTFont(font, fontNumber=0) as loaded:
        return {chr(code) for code in loaded.getBestCmap()}


def _ranges(chars: set[str]) -> str:
    return ", ".join(f"U+{ord(char):04X}" for char in sorted(chars))


def write_subsets(characters: dict[str, set[str]]) -> list[Path]:
    """One ``.woff`` subset a source font, and ``fonts.css``; returns the files written."""
    from fontTools import subset

    FONTS.mkdir(parents=True, exist_ok=True)
    sources = {name: source for name, source in SCRIPTS.values()}
    written, faces = [], []
    for name, chars in characters.items():
        source = sources[name]
        options = subset.Options()
        options.flavor = "woff"
        options.layout_features = ["*"]  # Arabic joining, Devanagari conjuncts, Thai marks
        options.name_IDs = ["*"]
        options.notdef_outline = True
        options.font_number = 0
        font = subset.load_font(str(source), options)
        subsetter = subset.Subsetter(options)
        lacking = sorted(chars - covered(source))
        if lacking:  # the subsetter would drop them without a word
            raise SystemExit(f"{source.name} has no glyph for {lacking}: map them to another font in SCRIPTS")
        subsetter.populate(unicodes=[ord(char) for char in chars])
        subsetter.subset(font)
        target = FONTS / f"{name}.woff"
        subset.save_font(font, str(target), options)
        written.append(target)
        faces.append(
            f'@font-face {{\n  font-family: "{FAMILY}";\n  src: url("fonts/{name}.woff") format("woff");\n'
            f"  font-display: swap;\n  unicode-range: {_ranges(chars)};\n}}\n"
        )
    stacks = (
        f':root {{\n  --jp-content-font-family: "{FAMILY}", system-ui, -apple-system, blinkmacsystemfont, '
        f"'Segoe UI', helvetica, arial, sans-serif;\n"
        f"  --jp-ui-font-family: \"{FAMILY}\", system-ui, -apple-system, blinkmacsystemfont, 'Segoe UI', "
        f"helvetica, arial, sans-serif;\n"
        f"  --jp-code-font-family: menlo, consolas, 'DejaVu Sans Mono', \"{FAMILY}\", monospace;\n"
        f'  --r-main-font: "{FAMILY}", Source Sans Pro, Helvetica, sans-serif;\n}}\n'
    )
    CSS.write_text(
        "/* Written by tools/site/make_fonts.py: the Noto subsets (SIL OFL 1.1) for the scripts the "
        "notebooks show. */\n" + "".join(faces) + stacks,
        encoding="utf-8",
    )
    return [*written, CSS]


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python tools/site/make_fonts.py SITE_FOLDER [SITE_FOLDER ...]", file=sys.stderr)
        return 2
    characters = site_characters(Path(folder) for folder in argv)
    if not characters:
        print(f"error: no page of {' '.join(argv)} shows a character of the subset scripts", file=sys.stderr)
        return 1
    for path in write_subsets(characters):
        print(f"wrote {path} ({path.stat().st_size // 1024} kB)")
    print(", ".join(f"{name}: {len(chars)}" for name, chars in characters.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
