"""Printable hand-outs (``make pdf``): the website's pages printed by headless Chromium.

Printed from the teacher edition's site (the session's, shared with test_site) for two notebooks:
every page has ink, page numbers are in the footer, the maths is typeset (no raw ``$`` or TeX left
in the text), the worked solutions are open, figures are embedded at 120 ppi or more, no line of
text runs past the page's right edge, and the whole-course PDF starts with its contents page. The
teacher's pages ("For teachers") are printed too, and appended to the course PDF."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))
import build_pdf  # noqa: E402

from rbteach.teaching.lessons import LESSON_MINUTES  # noqa: E402

ONLY = ("04", "07")


@pytest.fixture(scope="module")
def pdfs(teacher_site, browser_context, tmp_path_factory):
    if not shutil.which("pdfunite"):
        pytest.fail("poppler-utils (pdftoppm, pdfunite) is not installed: make test installs it as root")
    out = tmp_path_factory.mktemp("pdf")
    printed = build_pdf.print_pages(teacher_site, out, "teacher", ONLY, context=browser_context)
    return printed, build_pdf.course_pdf(printed, out, "teacher", context=browser_context)


def _text(pdf: Path, page: int | None = None) -> str:
    args = ["pdftotext", "-layout"] + (["-f", str(page), "-l", str(page)] if page else []) + [str(pdf), "-"]
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def test_every_page_has_content_and_a_page_number(pdfs, tmp_path):
    printed, _ = pdfs
    for pdf in printed:
        n = build_pdf._page_count(pdf)
        assert n >= 5, f"{pdf.name}: only {n} pages"
        subprocess.run(["pdftoppm", "-r", "20", "-gray", str(pdf), str(tmp_path / pdf.stem)], check=True)
        for k, png in enumerate(sorted(tmp_path.glob(pdf.stem + "*.pgm")), 1):
            pixels = png.read_bytes().split(b"\n", 3)[3]
            ink = sum(1 for b in pixels if b < 160) / len(pixels)
            assert ink > 0.002, f"{pdf.name} page {k} is blank"
        for k in (1, n):
            assert re.search(rf"page {k} of {n}", _text(pdf, k)), f"{pdf.name}: no 'page {k} of {n}' on page {k}"


def test_the_maths_is_typeset_and_the_solutions_are_open(pdfs):
    printed, _ = pdfs
    for pdf in printed:
        text = _text(pdf)
        prose = "\n".join(line for line in text.splitlines() if "$" in line and "print(" not in line
                          and "f\"" not in line and "f'" not in line)
        assert not re.search(r"\$[^$\n]{1,60}\$|\\frac|\\boldsymbol|\\mathbf", prose), \
            f"{pdf.name}: raw TeX in the text: {prose[:200]!r}"
        assert "Worked solution" in text and "check_" in text, f"{pdf.name}: the solutions are not printed open"
        assert "Teacher edition" in text


def test_figures_are_embedded_at_print_resolution(pdfs):
    printed, _ = pdfs
    listing = subprocess.run(["pdfimages", "-list", str(printed[0])], check=True, capture_output=True,
                             text=True).stdout.splitlines()[2:]
    ppi = [int(row.split()[12]) for row in listing if row.split()[2] == "image"]
    # the notebooks' figures are retina PNGs (about 200-250 ppi on A4); an explorer's picture is 1x
    # (about 120 ppi): every figure at 120 ppi or more, most at 150 or more
    assert len(ppi) >= 3 and min(ppi) >= 120 and sorted(ppi)[len(ppi) // 2] >= 150, f"figures at {sorted(ppi)} ppi"


def test_no_text_runs_past_the_right_edge(pdfs):
    printed, _ = pdfs
    for pdf in printed:
        bbox = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True,
                              text=True).stdout
        width = float(re.search(r'<page width="([\d.]+)"', bbox).group(1))
        words = re.findall(r'<word xMin="(-?[\d.]+)" yMin="[^"]*" xMax="(-?[\d.]+)" yMax="[^"]*">([^<]+)</word>', bbox)
        assert len(words) > 500, f"{pdf.name}: only {len(words)} words of text"
        right = max(float(x1) for x0, x1, w in words if w.strip() and float(x0) >= 0)
        assert right <= width - 20, f"{pdf.name}: text reaches x = {right:.0f} of a {width:.0f} pt page"


def test_the_course_pdf_starts_with_its_contents(pdfs):
    printed, whole = pdfs
    assert build_pdf._page_count(whole) == 1 + sum(build_pdf._page_count(p) for p in printed)
    first = _text(whole, 1)
    assert "Contents" in first and all(p.stem.replace("_", " ") in first for p in printed)


@pytest.fixture(scope="module")
def teacher_pdfs(teacher_site, browser_context, tmp_path_factory):
    out = tmp_path_factory.mktemp("pdf-teachers")
    return build_pdf.print_teacher_pages(teacher_site, out, ONLY, context=browser_context)


def test_the_teachers_pages_are_printed_whole_with_their_answers(teacher_pdfs, tmp_path):
    """The teacher edition's "For teachers" pages: one PDF per notebook, every page with ink and its page
    number, the maths typeset, no line past the right edge, and the answers of the page in the text."""
    assert [p.stem for p in teacher_pdfs] == [p.stem for p in sorted((ROOT / "teacher").glob("[0-9][0-9]_*.md"))
                                             if p.name[:2] in ONLY]
    for pdf in teacher_pdfs:
        n = build_pdf._page_count(pdf)
        subprocess.run(["pdftoppm", "-r", "20", "-gray", str(pdf), str(tmp_path / pdf.stem)], check=True)
        for k, png in enumerate(sorted(tmp_path.glob(pdf.stem + "*.pgm")), 1):
            pixels = png.read_bytes().split(b"\n", 3)[3]
            assert sum(1 for b in pixels if b < 160) / len(pixels) > 0.002, f"{pdf.name} page {k} is blank"
        assert re.search(rf"page {n} of {n}", _text(pdf, n)), f"{pdf.name}: no page number on its last page"
        text = _text(pdf)
        assert not re.search(r"\$[^$\n]{1,60}\$|\\frac|\\boldsymbol", text), f"{pdf.name}: raw TeX in the text"
        for heading in (f"A {LESSON_MINUTES}-minute lesson", "Misconceptions the checks catch", "Exercises: answers"):
            assert heading in text, f"{pdf.name}: no {heading!r}"
        bbox = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True,
                              text=True).stdout
        width = float(re.search(r'<page width="([\d.]+)"', bbox).group(1))
        words = re.findall(r'<word xMin="(-?[\d.]+)" yMin="[^"]*" xMax="(-?[\d.]+)" yMax="[^"]*">([^<]+)</word>', bbox)
        right = max(float(x1) for x0, x1, w in words if w.strip() and float(x0) >= 0)
        assert right <= width - 20, f"{pdf.name}: text reaches x = {right:.0f} of a {width:.0f} pt page"


def test_the_course_pdf_ends_with_the_teachers_pages(pdfs, teacher_pdfs, browser_context, tmp_path):
    printed, _ = pdfs
    whole = build_pdf.course_pdf(printed, tmp_path, "teacher", context=browser_context, appendix=teacher_pdfs)
    assert build_pdf._page_count(whole) == 1 + sum(build_pdf._page_count(p) for p in printed + teacher_pdfs)
    assert "For teachers" in _text(whole, 1)
