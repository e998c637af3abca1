"""Every formula of every notebook, typeset by the two MathJax set-ups a reader meets, on one page each.

* **JupyterLab** (4.6, ``@jupyterlab/mathjax-extension``): MathJax 3.2.2 (``mathjax-full``, bundled
  in the lab's static files) with TeX packages ``AllPackages + require`` (among them ``textmacros``,
  which parses ``\\text{…}`` and rejects ``_`` there, ``noerrors`` and ``noundefined``), inline
  ``$…$`` and ``\\(…\\)``, display ``$$…$$`` and ``\\[…\\]``, ``processEscapes`` and
  ``processEnvironments``. Before Markdown is parsed, ``@jupyterlab/rendermime``'s ``removeMath``
  takes the formulas out (code spans and fenced code are not maths; ``\\$`` is a dollar). The test
  does not imitate any of this: it runs the lab itself. All markdown cells, in notebook order, go
  into one Markdown file that JupyterLab opens with *Open With ▸ Markdown Preview*: the renderer of
  a markdown cell (``renderMarkdown``, the same typesetter) on one page.
* **The website** (site/build_site.py): myst-nb's ``dollarmath`` and ``amsmath`` pick the formulas;
  the site's own MathJax 3.2.2 (``tex-mml-chtml.js`` from site/node_modules) typesets them with
  Sphinx's configuration. The same cells go into one notebook, built with the site's ``conf.py``
  and assets into a one-page site.

A page fails on any MathJax error node (``mjx-merror``: "Math input error", "'_' allowed only in
math mode"), any undefined macro (``noundefined`` shows it as red text, no error node), a formula
whose text holds a backtick (Markdown code inside maths: the site shows the backticks), or TeX left
untypeset in the prose (a ``$`` not followed by a digit, ``\\(``, ``\\[`` or a macro outside
code: for instance what is left of ``$|L|/I_1$`` in a table row, which myst splits at the bars).
A marker paragraph before each cell shows that no cell swallowed the next (an unclosed fence or
formula would). A control formula with ``\\text{(`a_b`)}`` is added to each page and must be the
one thing reported: the checks are shown to fire on every run.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import labdriver

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))
import build_site  # noqa: E402

MARK = "FORMULA-CELL"
CONTROL_LABEL = "control"
CONTROL = r"$$ x_1 = 1 \qquad\text{(`control_formula`)} $$"

#: what the page shows, read in the browser. ``root``: the rendered markdown.
REPORT_JS = r"""(root) => {
  const texOf = c => { const mml = c.querySelector('mjx-assistive-mml');
                       return (mml ? mml.textContent : c.textContent).trim(); };
  const containers = [], labels = [];
  let label = '?';
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (n.nodeType === Node.ELEMENT_NODE) {
      if (n.tagName.toLowerCase() === 'mjx-container') { containers.push(n); labels.push(label); }
    } else if (!n.parentElement.closest('mjx-container')) {
      const m = /FORMULA-CELL (\S+)/.exec(n.textContent); if (m) label = m[1];
    }
  }
  const bad = [];
  containers.forEach((c, i) => {
    const err = c.querySelector('mjx-merror');
    const red = c.querySelector('mjx-assistive-mml mtext[mathcolor="red"], mjx-assistive-mml merror');
    const text = texOf(c);
    let why = null;
    if (err) why = 'error: ' + (err.getAttribute('data-mjx-error') || err.getAttribute('title') || err.textContent);
    else if (red) why = 'undefined macro: ' + red.textContent;
    else if (text.includes('`')) why = 'backtick inside the formula';
    if (why) bad.push({cell: labels[i], why: why.slice(0, 120), text: text.slice(0, 160)});
  });
  const prose = root.cloneNode(true);
  prose.querySelectorAll('pre, code, mjx-container, script, style, .highlight').forEach(e => e.remove());
  const text = prose.innerText;
  const markers = [...text.matchAll(/FORMULA-CELL (\S+)/g)].map(m => m[1]);
  const raw = [];
  // a dollar (but "$5", written \$5, is prose), \( \) \[ \], or a macro
  for (const m of text.matchAll(/\$(?!\d)|\\[()\[\]]|\\[A-Za-z]+\{?/g))
    raw.push(text.slice(Math.max(0, m.index - 60), m.index + 60).replace(/\s+/g, ' '));
  return {formulas: containers.length, bad, raw, markers};
}"""


def markdown_cells(notebooks=None) -> list[tuple[str, str]]:
    """(label ``NN:i``, source) of every markdown cell of the numbered notebooks and the wall."""
    paths = notebooks or (sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
                          + [ROOT / "notebooks" / "explorers.ipynb"])
    cells = []
    for path in paths:
        nb = json.loads(Path(path).read_text(encoding="utf-8"))
        for i, cell in enumerate(nb["cells"]):
            if cell["cell_type"] == "markdown":
                cells.append((f"{Path(path).stem.split('_')[0]}:{i}", "".join(cell["source"])))
    return cells


def with_control(cells):
    return cells + [(CONTROL_LABEL, CONTROL)]


def as_markdown(cells) -> str:
    """One Markdown file: a marker paragraph, then the cell, for each cell."""
    return "".join(f"{MARK} {label}\n\n{src.rstrip()}\n\n" for label, src in cells)


def as_notebook(cells) -> dict:
    md = []
    for i, (label, src) in enumerate(cells):
        md += [{"cell_type": "markdown", "id": f"m{i}", "metadata": {}, "source": f"{MARK} {label}"},
               {"cell_type": "markdown", "id": f"c{i}", "metadata": {}, "source": src}]
    return {"nbformat": 4, "nbformat_minor": 5, "cells": md,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}}}


def wait_until_typeset(page, root_selector: str, timeout: float = 180.0) -> None:
    """Until the page has formulas and their number has not changed for 1.5 s (MathJax inserts a
    page's formulas when it has typeset them all)."""
    deadline = time.monotonic() + labdriver.patience(timeout)
    last, since = -1, time.monotonic()
    while time.monotonic() < deadline:
        n = page.evaluate(f"() => document.querySelectorAll('{root_selector} mjx-container').length")
        if n != last:
            last, since = n, time.monotonic()
        elif n > 0 and time.monotonic() - since >= 1.5:
            return
        page.wait_for_timeout(250)
    raise TimeoutError(f"no typeset formulas in {root_selector} after {timeout} s (last count {last})")


def check(report: dict, cells, where: str) -> None:
    labels = [label for label, _ in cells]
    assert report["markers"] == labels, (
        f"{where}: cells swallowed or reordered (an unclosed fence or formula?): "
        f"first difference at {next((a, b) for a, b in zip(report['markers'] + [None] * len(labels), labels) if a != b)}")
    control = [b for b in report["bad"] if b["cell"] == CONTROL_LABEL]
    assert control, f"{where}: the control formula {CONTROL!r} was not reported: the checks do not fire"
    bad = [b for b in report["bad"] if b["cell"] != CONTROL_LABEL]
    assert not bad, f"{where}: {len(bad)} formulas do not typeset cleanly:\n" + "\n".join(
        f"  cell {b['cell']}: {b['why']}  ⟨{b['text']}⟩" for b in bad)
    assert not report["raw"], f"{where}: TeX left untypeset in the prose: {report['raw'][:5]}"


# ---------------------------------------------------------------- JupyterLab

def lab_report(browser_context, lab, cells) -> dict:
    md = lab.root / "all_formulas.md"                  # in the session's JupyterLab (its own copy)
    md.write_text(as_markdown(cells), encoding="utf-8")
    ms = labdriver.patience(120) * 1000
    page = browser_context.new_page()
    try:
        page.goto(lab.url(md.name).split("/tree/")[0] + f"?token={lab.token}", timeout=ms)
        item = page.locator(f'.jp-DirListing-item[title*="{md.name}"]').first
        item.wait_for(timeout=ms)
        item.click(button="right")
        page.locator(".lm-Menu-item", has_text="Open With").first.hover()
        page.locator(".lm-Menu-item", has_text="Markdown Preview").first.click(timeout=ms)
        root = ".jp-MarkdownViewer .jp-RenderedMarkdown"
        wait_until_typeset(page, root)
        return page.evaluate(f"() => ({REPORT_JS})(document.querySelector('{root}'))")
    finally:
        page.close()


def test_every_formula_typesets_in_jupyterlab(browser_context, lab):
    cells = with_control(markdown_cells())
    report = lab_report(browser_context, lab, cells)
    print(f"\nJupyterLab: {report['formulas']} formulas in {len(cells)} markdown cells")
    check(report, cells, "JupyterLab")
    assert report["formulas"] > 1000


# ---------------------------------------------------------------- the website

def site_report(browser_context, cells, tmp: Path) -> dict:
    src, html = tmp / "src", tmp / "html"
    (src / "_static").mkdir(parents=True)
    (src / "conf.py").write_text(build_site.CONF, encoding="utf-8")
    (src / "index.md").write_text("# Formulas\n\n```{toctree}\n:hidden:\n\nformulas\n```\n", encoding="utf-8")
    (src / "formulas.ipynb").write_text(json.dumps(as_notebook(cells), ensure_ascii=False), encoding="utf-8")
    build_site.assets(src / "_static")
    # quiet: the cells' links to the other notebooks have no target in this one-page site
    done = subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(src), str(html)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    with labdriver.static_server(html) as base:
        page = browser_context.new_page()
        try:
            page.goto(f"{base}/formulas.html", timeout=labdriver.patience(120) * 1000)
            wait_until_typeset(page, "article")
            return page.evaluate(f"() => ({REPORT_JS})(document.querySelector('article'))")
        finally:
            page.close()


def test_every_formula_typesets_on_the_website(browser_context, tmp_path):
    cells = with_control(markdown_cells())
    report = site_report(browser_context, cells, tmp_path)
    print(f"\nwebsite: {report['formulas']} formulas in {len(cells)} markdown cells")
    check(report, cells, "website")
    assert report["formulas"] > 1000
