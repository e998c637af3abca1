"""The website's own fonts: every character the pages use beyond ASCII, served by the site.

On a machine without CJK fonts (a stock Debian or Ubuntu desktop without ``fonts-noto-cjk``), the
Japanese titles and terms would show as empty boxes. The site therefore serves two small fonts, cut
(fontTools' subsetter, ``pyftsubset``'s library) to exactly the characters its pages hold, and
names them last in the theme's font stacks: a reader's own fonts are used first, ours only for
the characters those lack.

* ``rbteach-cjk.woff``: Noto Sans JP, regular (SIL Open Font License 1.1), from the npm package
  ``@fontsource/noto-sans-jp`` (site/package.json). That package ships Google Fonts' slices of the
  font (about 120 files, each a range of characters); the slices holding the site's characters are
  cut down and merged into one font (same family, same metrics, so ``fontTools.merge`` joins them).
* ``rbteach-symbols.woff``: DejaVu Sans (Bitstream Vera licence), from the npm package
  ``dejavu-fonts-ttf``, for what Noto Sans JP's slices lack: Greek, combining accents (ṁ, the
  vector arrow), super- and subscripts, a few maths symbols; DejaVu Sans Mono (same metrics) for
  the one it lacks too (⟂, in code).

WOFF (zlib) rather than WOFF2: fontTools writes WOFF2 only with the ``brotli`` module, which is not
in the course's lock; every browser of the last ten years reads both.
"""

from __future__ import annotations

import html.parser
import logging
import tempfile
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont

for _name in ("fontTools.subset", "fontTools.merge"):     # "FFTM NOT subset", "Dropped cmap subtable"
    logging.getLogger(_name).setLevel(logging.ERROR)

CJK = "rbteach-cjk"
SYMBOLS = "rbteach-symbols"
#: the fallback families, appended to pydata-sphinx-theme's font stacks
CSS = f"""\
/* The site's own fonts, subset to the characters of its pages (site/fonts.py). */
@font-face {{ font-family: "{CJK}"; src: url("fonts/{CJK}.woff") format("woff"); font-display: swap; }}
@font-face {{ font-family: "{SYMBOLS}"; src: url("fonts/{SYMBOLS}.woff") format("woff"); font-display: swap; }}
html {{
  --pst-font-family-base: var(--pst-font-family-base-system), "{CJK}", "{SYMBOLS}";
  --pst-font-family-heading: var(--pst-font-family-base-system), "{CJK}", "{SYMBOLS}";
  --pst-font-family-monospace: var(--pst-font-family-monospace-system), "{CJK}", "{SYMBOLS}";
}}
"""


class _Text(html.parser.HTMLParser):
    """The characters of a page's text (not of its scripts and styles)."""

    def __init__(self):
        super().__init__()
        self.skip = 0
        self.chars: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skip:
            self.chars.update(data)


def page_characters(html_dir: Path) -> set[str]:
    """Every non-ASCII character in the text of the site's pages (``_static`` holds none)."""
    chars: set[str] = set()
    html_dir = Path(html_dir)
    for page in html_dir.rglob("*.html"):
        if page.relative_to(html_dir).parts[0] == "_static":
            continue
        parser = _Text()
        parser.feed(page.read_text(encoding="utf-8"))
        chars |= parser.chars
    return {c for c in chars if ord(c) > 0x7F and c.isprintable()}


def cmap(font) -> set[str]:
    """The characters a font maps to a glyph (``font``: a path or a TTFont)."""
    font = font if isinstance(font, TTFont) else TTFont(font, lazy=True)
    return {chr(u) for u in font["cmap"].getBestCmap()}


def _cut(font: TTFont, chars: set[str]) -> TTFont:
    options = subset.Options()
    options.layout_features = ["*"]
    options.notdef_outline = True
    options.name_IDs = ["*"]
    sub = subset.Subsetter(options)
    sub.populate(unicodes=sorted(ord(c) for c in chars))
    sub.subset(font)
    font.flavor = None
    return font


def write(node_modules: Path, chars: set[str], out_dir: Path) -> dict[str, dict]:
    """Write ``rbteach-cjk.woff`` and ``rbteach-symbols.woff`` into ``out_dir`` for ``chars``.
    Returns, per font, its size in bytes and the characters it holds. Characters neither font has
    are returned under ``"missing"``."""
    out_dir.mkdir(parents=True, exist_ok=True)
    slices = sorted((node_modules / "@fontsource" / "noto-sans-jp" / "files").glob("noto-sans-jp-*-400-normal.woff"))
    dejavu = [node_modules / "dejavu-fonts-ttf" / "ttf" / f"DejaVuSans{s}.ttf" for s in ("", "Mono")]
    if not slices or not all(p.exists() for p in dejavu):
        raise SystemExit(f"the site's fonts are missing from {node_modules} (npm ci in site/)")
    report: dict[str, dict] = {}
    with tempfile.TemporaryDirectory(prefix="rbteach-fonts-") as tmp:
        parts, cjk_chars = [], set()
        for path in slices:
            have = cmap(path) & chars - cjk_chars
            if not have:
                continue
            cjk_chars |= have
            part = Path(tmp) / f"{len(parts)}.ttf"
            _cut(TTFont(path), have).save(part)
            parts.append(str(part))
        merged = Merger().merge(parts) if len(parts) > 1 else TTFont(parts[0])
        merged.flavor = "woff"
        merged.save(out_dir / f"{CJK}.woff")
        rest, parts, sym_chars = chars - cjk_chars, [], set()
        for path in dejavu:                       # Sans, then Mono for what Sans lacks (⟂)
            have = cmap(path) & rest - sym_chars
            if have:
                sym_chars |= have
                part = Path(tmp) / f"sym{len(parts)}.ttf"
                _cut(TTFont(path), have).save(part)
                parts.append(str(part))
        sym = Merger().merge(parts) if len(parts) > 1 else TTFont(parts[0])
        sym.flavor = "woff"
        sym.save(out_dir / f"{SYMBOLS}.woff")
    for name, held in ((CJK, cjk_chars), (SYMBOLS, sym_chars)):
        report[name] = {"bytes": (out_dir / f"{name}.woff").stat().st_size, "chars": held}
    report["missing"] = {"chars": chars - cjk_chars - sym_chars}
    return report
