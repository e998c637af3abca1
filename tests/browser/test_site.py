"""The website (``make site``), as a reader opens it, offline: built from the committed notebooks
into a temp dir and served on 127.0.0.1. Every page loads with no failed request and no JavaScript
error; every formula is typeset by the site's own MathJax (no raw $…$ left); every explorer's
static picture is there; every worked solution is collapsed until its summary is clicked; the
attitude players run; every internal link resolves."""

from __future__ import annotations

import json
import re
import sys
import urllib.parse
from pathlib import Path

import pytest

import labdriver

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))
import build_site  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def site(tmp_path_factory, chromium):
    html = build_site.build(tmp_path_factory.mktemp("site"))
    with labdriver.static_server(html) as base:
        yield base, html


def _pages():
    return ["index.html", "conventions.html"] + [f"notebooks/{p.stem}.html" for p in NOTEBOOKS]


def _open(browser_context, url):
    page = browser_context.new_page()
    failed, errors = [], []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url, wait_until="load")
    return page, failed, errors


@pytest.mark.parametrize("name", _pages())
def test_page_loads_offline_typeset_with_collapsed_solutions(site, browser_context, name):
    base, html = site
    page, failed, errors = _open(browser_context, f"{base}/{name}")
    try:
        has_math = page.evaluate("() => /\\$[^$]+\\$|\\\\\\(|\\\\\\[/.test(document.querySelector('article').innerText) || !!document.querySelector('.math')")
        if has_math:
            page.wait_for_function("() => document.querySelectorAll('mjx-container').length > 0", timeout=30_000)
            page.wait_for_timeout(300)
        prose = page.evaluate("""() => { const a = document.querySelector('article').cloneNode(true);
            a.querySelectorAll('pre, code, .highlight, mjx-container, .output, script, style').forEach(e => e.remove());
            return a.innerText; }""")
        raw = re.findall(r"\$[^$\n]{1,80}\$", prose)
        assert not raw, f"{name}: formulas left untypeset: {raw[:3]}"
        if name.startswith("notebooks/"):
            nb = json.loads((ROOT / "notebooks" / (Path(name).stem + ".ipynb")).read_text(encoding="utf-8"))
            n_solutions = sum("solution" in c.get("metadata", {}).get("tags", []) for c in nb["cells"])
            details = page.locator("article details")
            assert details.count() >= n_solutions > 0, f"{name}: {details.count()} collapsed blocks for {n_solutions} solutions"
            assert page.evaluate("() => [...document.querySelectorAll('article details')].every(d => !d.open)")
            first = details.first
            code = first.locator("pre").first
            assert not code.is_visible(), f"{name}: a worked solution's code is visible before it is opened"
            first.locator("summary").click()
            assert code.is_visible(), f"{name}: clicking 'Worked solution' does not open it"
            # every live explorer has its static picture in its own output or just before it
            notes = page.locator(".rbteach-live-note")
            for i in range(notes.count()):
                ok = notes.nth(i).evaluate("""n => { let c = n.closest('.cell'); if (c && c.querySelector('img')) return true;
                    let p = c && c.previousElementSibling;
                    while (p && !p.classList.contains('cell')) p = p.previousElementSibling;
                    return !!(p && p.querySelector('img')); }""")
                assert ok, f"{name}: live explorer {i} has no static picture before it"
            for j in range(page.locator(".rbteach-player").count()):
                page.locator(".rbteach-player").nth(j).locator(".rbteach-player-canvas").wait_for(timeout=10_000)
        page.wait_for_timeout(200)
        assert not failed, f"{name}: failed requests {failed[:5]}"
        assert not errors, f"{name}: JavaScript errors {errors[:3]}"
    finally:
        page.close()


def test_every_internal_link_resolves(site):
    base, html = site
    bad = []
    for f in html.rglob("*.html"):
        if f.relative_to(html).parts[0] == "_static":     # the theme's templates, not pages
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
