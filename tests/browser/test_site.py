"""The website (``make site``), as a reader opens it, offline: built from the committed notebooks
into a temp dir and served on 127.0.0.1. Every page loads with no failed request and no JavaScript
error; every formula is typeset by the site's own MathJax (no raw $…$ left); every explorer has
its static picture and then draws rbteach's precomputed frames (test_site_explorers drags them); every worked solution is collapsed until its summary is clicked; the
attitude players run; every internal link resolves; the favicon is there and the theme logs no
"invalid theme mode". Every character of the pages beyond Latin has a glyph in a font the site
serves itself (site/fonts.py), and on this machine (no CJK fonts installed) Chromium draws the
Japanese text with it, loaded from 127.0.0.1. Each page, once loaded and typeset, also gets
test_a11y.py's checks (axe, alt text, the players' keys): one load per page for both. The teacher edition has a "For teachers" section, a page per
notebook (the student edition's absence of it is tests/test_teacher_pages.py's)."""

from __future__ import annotations

import json
import re
import sys
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

import labdriver
from test_a11y import check_site_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))
import build_site  # noqa: E402
import fonts  # noqa: E402

JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def site(teacher_site):
    html = teacher_site                                 # the edition with solutions (conftest)
    with labdriver.static_server(html) as base:
        yield base, html


def _pages():
    # the teacher edition's "For teachers" section: its index and two of its pages (the others are alike)
    teachers = ["teachers/index.html"] + [f"teachers/{p.stem}.html" for p in NOTEBOOKS if p.name[:2] in ("04", "08")]
    return ["index.html", "conventions.html"] + [f"notebooks/{p.stem}.html" for p in NOTEBOOKS] + teachers


def test_the_teacher_edition_has_a_page_for_teachers_per_notebook(site):
    base, html = site
    assert sorted(p.stem for p in (html / "teachers").glob("[0-9][0-9]_*.html")) == [p.stem for p in NOTEBOOKS]
    assert 'href="teachers/index.html"' in (html / "index.html").read_text(encoding="utf-8")


def _open(browser_context, url):
    page = browser_context.new_page()
    failed, errors = [], []
    page.console = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: page.console.append(m.text))
    page.goto(url, wait_until="load", timeout=120_000)
    return page, failed, errors


@pytest.mark.parametrize("name", _pages())
def test_page_loads_offline_typeset_with_collapsed_solutions(site, browser_context, name):
    base, html = site
    page, failed, errors = _open(browser_context, f"{base}/{name}")
    try:
        has_math = page.evaluate("() => /\\$[^$]+\\$|\\\\\\(|\\\\\\[/.test(document.querySelector('article').innerText) || !!document.querySelector('.math')")
        if has_math:
            page.wait_for_function("() => document.querySelectorAll('mjx-container').length > 0", timeout=120_000)
            page.evaluate("() => MathJax.startup.promise.then(() => true)")   # the first typeset is done
            assert page.locator("mjx-merror").count() == 0, f"{name}: MathJax error nodes"
        prose = page.evaluate("""() => { const a = document.querySelector('article').cloneNode(true);
            a.querySelectorAll('pre, code, .highlight, mjx-container, .output, script, style').forEach(e => e.remove());
            return a.innerText; }""")
        raw = re.findall(r"\$[^$\n]{1,80}\$", prose)
        assert not raw, f"{name}: formulas left untypeset: {raw[:3]}"
        if name.startswith("notebooks/"):
            nb = json.loads((ROOT / "notebooks" / (Path(name).stem + ".ipynb")).read_text(encoding="utf-8"))
            n_solutions = sum("solution" in c.get("metadata", {}).get("tags", []) for c in nb["cells"])
            assert "Teacher edition" in page.locator("article").inner_text()
            details = page.locator("article details")
            assert details.count() >= n_solutions > 0, f"{name}: {details.count()} collapsed blocks for {n_solutions} solutions"
            assert page.evaluate("() => [...document.querySelectorAll('article details')].every(d => !d.open)")
            first = details.first
            code = first.locator("pre").first
            assert not code.is_visible(), f"{name}: a worked solution's code is visible before it is opened"
            first.locator("summary").click()
            assert code.is_visible(), f"{name}: clicking 'Worked solution' does not open it"
            # every live explorer moves on the page: its placeholder (holding the static picture
            # until the frames load) becomes live.js's canvas, drawn from rbteach's frames
            explorers = page.locator(".rbteach-site-explorer")
            assert explorers.count() == 1, f"{name}: {explorers.count()} explorers"
            html_text = (html / name).read_text(encoding="utf-8")
            assert re.search(r'class="rbteach-site-explorer"[^>]*><img class="rbteach-live-picture"', html_text), \
                f"{name}: the explorer has no static picture for a page without JavaScript"
            page.wait_for_selector(".rbteach-site-explorer[data-ready] .rbteach-live-canvas", timeout=60_000)
            assert page.evaluate("() => document.querySelector('.rbteach-site-explorer .rbteach-live')"
                                 ".parentElement.rbteachLive.frames") > 0, f"{name}: the explorer drew nothing"
            for j in range(page.locator(".rbteach-player").count()):
                page.locator(".rbteach-player").nth(j).locator(".rbteach-player-canvas").wait_for(timeout=labdriver.patience(10) * 1000)
        icon = page.evaluate("() => (document.querySelector('link[rel~=icon]') || {}).href || null")
        assert icon and urllib.request.urlopen(icon, timeout=10).status == 200, f"{name}: no favicon ({icon})"
        assert not [m for m in page.console if "invalid theme mode" in m], f"{name}: {page.console[:3]}"
        if name in FONT_PAGES:
            check_japanese_font(page, name)
        check_site_page(page, name)           # axe, alt text, the players' keys (test_a11y.py)
        assert not failed, f"{name}: failed requests {failed[:5]}"
        assert not errors, f"{name}: JavaScript errors {errors[:3]}"
    finally:
        page.close()


def test_every_internal_link_resolves(site):
    base, html = site
    bad = []
    for f in html.rglob("*.html"):
        if f.relative_to(html).parts[0] in ("_static", "lite"):   # the theme's templates, JupyterLite's app
            continue
        text = f.read_text(encoding="utf-8", errors="replace")
        for href in re.findall(r'href="([^"#?]+)(?:[#?][^"]*)?"', text):
            if re.match(r"^[a-z]+:", href) or href.startswith("//"):
                continue
            target = (f.parent / urllib.parse.unquote(href)).resolve()
            if not target.exists():
                bad.append(f"{f.relative_to(html)} → {href}")
    assert not bad, f"broken internal links: {bad[:10]}"


def test_nothing_on_the_site_loads_from_elsewhere(site):
    base, html = site
    found = []
    for f in html.rglob("*.html"):
        text = f.read_text(encoding="utf-8", errors="replace")
        for m in re.finditer(r'<(script|link|img)[^>]+(src|href)="(https?:)?//[^"]+"', text):
            found.append(f"{f.relative_to(html)}: {m.group(0)[:120]}")
    assert not found, found[:5]


# ---------------------------------------------------------------- fonts

def test_every_character_beyond_latin_has_a_served_font(site):
    """fontTools reads the served fonts' cmaps: every character of the pages beyond Latin
    (U+024F) is in one of them, every Japanese one in the CJK font, and the fonts hold only
    characters the pages use (cut to them, not whole fonts; the subsetter adds a mirrored glyph or two)."""
    base, html = site
    chars = fonts.page_characters(html)
    cjk = fonts.cmap(html / "_static" / "fonts" / f"{fonts.CJK}.woff")
    sym = fonts.cmap(html / "_static" / "fonts" / f"{fonts.SYMBOLS}.woff")
    beyond_latin = {c for c in chars if ord(c) > 0x24F}
    japanese = {c for c in chars if JAPANESE.match(c)}
    assert len(japanese) > 100, "the site's Japanese titles and terms are not where the test looks"
    assert not japanese - cjk, f"Japanese characters missing from the CJK font: {''.join(sorted(japanese - cjk))}"
    assert not beyond_latin - cjk - sym, f"no served font has: {''.join(sorted(beyond_latin - cjk - sym))}"
    extra = (cjk | sym) - chars           # the subsetter keeps a glyph's mirror (∈ brings ∋)
    assert len(extra) <= 5, f"served but not used (not cut to the pages?): {''.join(sorted(extra))[:40]}"
    size = sum((html / "_static" / "fonts" / f"{n}.woff").stat().st_size for n in (fonts.CJK, fonts.SYMBOLS))
    print(f"\nserved fonts: {size / 1e3:.1f} kB for {len(chars)} characters beyond ASCII")
    assert size < 400_000


#: the pages on which Chromium must draw the Japanese text with the served font
FONT_PAGES = ("index.html", "notebooks/07_torque_free_euler.html")


def check_japanese_font(page, name: str) -> None:
    """Chromium says which font drew a node's text (DevTools ``CSS.getPlatformFontsForNode``): for
    the first Japanese text of the page it is Noto Sans JP, from the site's own woff (run by the
    test of each page above, on the page it has loaded)."""
    page.evaluate("() => document.fonts.ready.then(() => true)")
    found = page.evaluate("""(re) => { const rx = new RegExp(re);
        const w = document.createTreeWalker(document.querySelector('article'), NodeFilter.SHOW_TEXT);
        while (w.nextNode()) if (rx.test(w.currentNode.textContent)) {
          w.currentNode.parentElement.id ||= 'rbteach-font-probe';
          return w.currentNode.parentElement.id; }
        return null; }""", JAPANESE.pattern)
    assert found, f"{name}: no Japanese text in the article"
    page.wait_for_function(f"""() => [...document.fonts].some(f => f.family.includes('{fonts.CJK}')
                                                              && f.status === 'loaded')""", timeout=labdriver.patience(60) * 1000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": f"#{found}"})["nodeId"]
    used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    names = {f["familyName"] for f in used}
    assert "Noto Sans JP" in names, f"{name}: the Japanese text is drawn with {used}"
    cjk_requests = [u for u in page.evaluate("() => performance.getEntriesByType('resource').map(e => e.name)")
                    if u.endswith(f"{fonts.CJK}.woff")]
    assert cjk_requests and all(u.startswith("http://127.0.0.1:") for u in cjk_requests), cjk_requests
