"""Printable hand-outs (``make pdf``): the website's notebook pages printed to PDF by headless Chromium.

Chromium's print-to-PDF renders MathJax and the static figures as the reader sees them, so no LaTeX
is needed. Each notebook page of a built site (``make site``, the student or the teacher edition) is
printed on A4 with a print stylesheet: no navigation, code wrapped instead of cut at the page edge,
figures kept whole, and in the teacher edition every worked solution opened. The footer carries the
notebook's title and "page N of M". The teacher edition also prints the teacher's page of every
notebook (its "For teachers" section) into ``for-teachers/``, and appends them to the course PDF. A whole-course PDF (a contents page with each notebook's first
page, then every notebook) is joined with ``pdfunite`` (Debian's ``poppler-utils``).

Usage: python site/build_pdf.py SITE_HTML OUT [--edition student|teacher] [--only 00,04]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import html
import http.server
import re
import shutil
import subprocess
import threading
from pathlib import Path

PRINT_CSS = """
@media print {
  .bd-header, .bd-sidebar-primary, .bd-sidebar-secondary, .header-article, .bd-footer,
  .bd-footer-article, .prev-next-area, .bd-header-announcement, .skip-link, .headerlink,
  .rbteach-live-note, .rbteach-player-controls, #rtd-footer-container { display: none !important; }
  .bd-container, .bd-container__inner, .bd-main, .bd-content, .bd-article-container, .bd-article,
  .bd-page-width { max-width: 100% !important; width: auto !important; margin: 0 !important;
  padding-left: 0 !important; padding-right: 0 !important; }
  body { font-size: 11pt; }
  pre, code { white-space: pre-wrap !important; word-break: break-word; overflow: visible !important; }
  div.cell_output, .output { overflow: visible !important; }
  img { max-width: 100% !important; height: auto !important; break-inside: avoid; page-break-inside: avoid; }
  h1, h2, h3 { break-after: avoid; page-break-after: avoid; }
  mjx-container { overflow: visible !important; }
  table, .cell_input, div.highlight { break-inside: avoid; }
}
"""
FOOTER = ('<div style="font-size:8pt;width:100%;padding:0 12mm;display:flex;justify-content:space-between;'
          'color:#444"><span>rbteach · {title} · {edition} edition</span>'
          '<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>')
CHROMIUM = "/usr/bin/chromium"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _serve(root: Path):
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _pages(site: Path, only) -> list[Path]:
    pages = sorted((site / "notebooks").glob("[0-9][0-9]_*.html"))
    if only:
        pages = [p for p in pages if p.name[:2] in only]
    if not pages:
        raise SystemExit(f"no notebook pages in {site}/notebooks: build the site first (make site)")
    return pages


@contextlib.contextmanager
def _page(context=None):
    """A Chromium page: from ``context`` (a Playwright browser context, e.g. a test session's: one
    Playwright per process) or from a headless Chromium started here."""
    if context is not None:
        page = context.new_page()
        try:
            page.set_viewport_size({"width": 1000, "height": 1400})
            yield page
        finally:
            page.close()
        return
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield browser.new_page(viewport={"width": 1000, "height": 1400})
        finally:
            browser.close()


def print_pages(site: Path, out: Path, edition: str = "student", only=(), context=None) -> list[Path]:
    """Print every notebook page of ``site`` into ``out``; returns the PDFs in order."""
    return _print_all(site, "notebooks", _pages(site, only), out, edition, context)


def _print_all(site: Path, folder: str, pages, out: Path, edition: str, context) -> list[Path]:
    """Serve ``site`` on 127.0.0.1 and print each of ``pages`` (files of ``site/folder``) to
    ``out/<stem>.pdf`` with :func:`_print_one`, nothing loaded from outside; returns the PDFs."""
    out.mkdir(parents=True, exist_ok=True)
    server = _serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    written = []
    try:
        with _page(context) as page:
            page.route(re.compile(r"^(?!http://127\.0\.0\.1)"), lambda route: route.abort())  # nothing from outside
            for path in pages:
                target = out / (path.stem + ".pdf")
                _print_one(page, f"{base}/{folder}/{path.name}", target, edition)
                written.append(target)
    finally:
        server.shutdown()
    return written


def _print_one(page, url: str, target: Path, edition: str) -> None:
    """Print the page at ``url`` to ``target`` once its maths is typeset and its images are loaded."""
    page.goto(url, wait_until="load", timeout=120_000)
    page.wait_for_function("() => !window.MathJax || (MathJax.startup && MathJax.startup.promise"
                           " && (MathJax.startup.promise.then(() => window.__mj = true), window.__mj))",
                           timeout=120_000, polling=200)
    page.add_style_tag(content=PRINT_CSS)
    if edition == "teacher":
        page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    page.evaluate("document.querySelectorAll('img').forEach(i => i.loading = 'eager')")
    page.wait_for_function("() => [...document.images].every(i => i.complete)", timeout=120_000)
    title = html.escape(page.title().split(" — ")[0].split(" | ")[0])
    page.pdf(path=str(target), format="A4", print_background=True, display_header_footer=True,
             header_template="<span></span>",
             footer_template=FOOTER.format(title=title, edition=edition),
             margin={"top": "14mm", "bottom": "16mm", "left": "12mm", "right": "12mm"})


def print_teacher_pages(site: Path, out: Path, only=(), context=None) -> list[Path]:
    """Print the teacher edition's "For teachers" pages (``site/teachers/NN_*.html``) into
    ``out/for-teachers``, one PDF per notebook; returns them in order.

    Separate PDFs, not pages put in front of each notebook's: the plan is what a teacher keeps on the
    desk during the lesson while the notebook is projected, and each PDF keeps its own "page N of M"."""
    pages = sorted((site / "teachers").glob("[0-9][0-9]_*.html"))
    if only:
        pages = [p for p in pages if p.name[:2] in only]
    if not pages:
        raise SystemExit(f"no teacher's pages in {site}/teachers: build the teacher edition (make site EDITION=teacher)")
    return _print_all(site, "teachers", pages, out / "for-teachers", "teacher", context)


def _page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))


def course_pdf(pdfs: list[Path], out: Path, edition: str, context=None, appendix=()) -> Path:
    """One PDF: a contents page (each notebook and its first page), then every notebook, then the
    ``appendix`` (the teacher's pages, in the teacher edition) under "For teachers"."""
    first, rows = 2, []
    for k, pdf in enumerate([*pdfs, *appendix]):
        if k == len(pdfs):
            rows.append("<tr><td colspan='2'><b>For teachers</b></td></tr>")
        rows.append(f"<tr><td>{html.escape(pdf.stem.replace('_', ' '))}</td><td style='text-align:right'>{first}</td></tr>")
        first += _page_count(pdf)
    contents = (f"<html><body style='font:13pt sans-serif;margin:20mm'><h1>rbteach: rigid-body dynamics, one "
                f"notebook at a time</h1><p>The {edition} edition, printed from the course website.</p>"
                f"<h2>Contents</h2><table style='width:100%'>{''.join(rows)}</table></body></html>")
    cover = out / "_contents.pdf"
    with _page(context) as page:
        page.set_content(contents)
        page.pdf(path=str(cover), format="A4")
    if _page_count(cover) != 1:
        raise RuntimeError("the contents page must fit on one page")
    target = out / "rbteach-course.pdf"
    subprocess.run(["pdfunite", str(cover), *map(str, pdfs), *map(str, appendix), str(target)], check=True)
    cover.unlink()
    return target


def main(argv=None) -> None:
    a = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    a.add_argument("site", type=Path)
    a.add_argument("out", type=Path)
    a.add_argument("--edition", choices=("student", "teacher"), default="student")
    a.add_argument("--only", default="", help="notebook numbers, e.g. 00,04")
    args = a.parse_args(argv)
    if not shutil.which("pdfunite"):
        raise SystemExit("pdfunite is missing: install Debian's poppler-utils (make pdf does, as root)")
    only = tuple(x for x in args.only.split(",") if x)
    pdfs = print_pages(args.site, args.out, args.edition, only)
    teachers = print_teacher_pages(args.site, args.out, only) if args.edition == "teacher" else []
    whole = course_pdf(pdfs, args.out, args.edition, appendix=teachers) if not only else None
    for pdf in pdfs + teachers + ([whole] if whole else []):
        print(f"wrote {pdf} ({_page_count(pdf)} pages, {pdf.stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
