"""Build the course website (``make site``): the committed notebooks rendered by Sphinx + myst-nb.

Nothing is executed: the pages show the outputs stored in notebooks/ (``nb_execution_mode =
"off"``). Nothing is loaded from a CDN: MathJax, require.js and the ipywidgets HTML manager are
copied from their npm packages (``site/package.json``, installed with ``npm ci``) into the site,
and so are two fonts cut to the characters of the pages (site/fonts.py: Noto Sans JP for the
Japanese titles and terms, DejaVu Sans for Greek and symbols), so that no reader sees empty boxes.
The pages:

* ``index``: the README's opening, the two source articles and its table of notebooks;
* ``conventions``: the README's conventions card;
* one page per notebook. Worked solutions stay collapsed ``<details>`` blocks; the attitude
  players run in the page; a live explorer needs a kernel, so its place says where to use it
  (its static picture stands just before it, as in the notebook).

Usage: python site/build_site.py [OUT]   (default build/site; the HTML is in OUT/html)
"""

from __future__ import annotations

import html as html_text
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fonts  # noqa: E402  (site/fonts.py)
import teacher_pages  # noqa: E402  (site/teacher_pages.py: "For teachers", teacher edition only)

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
LIVE_NOTE = ("<p class=\"rbteach-live-note\"><em>Live explorer: its controls need a running Python kernel. "
             "Open this notebook in JupyterLab (<code>make lab</code>, see the README) to drag them; "
             "the picture above shows its starting values.</em></p>")

CONF = '''\
project = "rbteach: rigid-body dynamics, one notebook at a time"
author = "the rbteach developers"
extensions = ["myst_nb"]
nb_execution_mode = "off"
myst_enable_extensions = ["dollarmath", "amsmath"]
html_theme = "sphinx_book_theme"
html_title = "rbteach"
html_static_path = ["_static"]
html_css_files = ["rbteach-fonts.css"]
html_favicon = "_static/favicon.svg"
html_theme_options = {"show_toc_level": 2}
html_context = {"default_mode": "auto"}  # unset, the theme logs "Got invalid theme mode" on a first visit
# served by the site itself (copied from npm packages), never from a CDN
mathjax_path = "vendor/mathjax/tex-mml-chtml.js"
nb_ipywidgets_js = {
    "vendor/require.js": {},
    "vendor/embed-amd.js": {"data-jupyter-widgets-cdn": "./nowhere/", "crossorigin": "anonymous"},
}
exclude_patterns = ["_build", "**.ipynb_checkpoints"]
suppress_warnings = ["mystnb.unknown_mime_type", "myst.header"]
'''


#: the site's icon (the browser asks for one; without it, a 404 on every page): a spinning top
FAVICON = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
<path d="M16 3v5" stroke="#0072B2" stroke-width="2.5" stroke-linecap="round"/>
<path d="M4 12h24L16 30z" fill="#E69F00" stroke="#333" stroke-width="1.5" stroke-linejoin="round"/>
</svg>
"""


def _section(text: str, heading: str) -> str:
    """The README section under ``## heading`` (without the heading)."""
    m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.S | re.M)
    if not m:
        raise ValueError(f"README has no section {heading!r}")
    return m.group(1).strip()


def pages(src: Path) -> None:
    """index.md and conventions.md from the README."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    title, rest = readme.split("\n", 1)
    intro = rest.strip().split("\n## ")[0]
    table = _section(readme, "The notebooks")
    names = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    toc = "\n".join(["```{toctree}", ":hidden:", ":maxdepth: 1", "", "conventions"]
                    + [f"notebooks/{n}" for n in names] + ["```"])
    (src / "index.md").write_text(f"{title}\n\n{intro}\n\n## The notebooks\n\n{table}\n\n"
                                  f"See also the [conventions card](conventions.md).\n\n{toc}\n", encoding="utf-8")
    card = _section(readme, "Conventions card")
    (src / "conventions.md").write_text(f"# Conventions card\n\n{card}\n", encoding="utf-8")


def notebooks(src: Path, edition: str = "student") -> int:
    """The ``edition`` of the committed notebooks (:func:`rbteach.course.write_edition`); a live
    explorer's widget view becomes its static picture (the output's image/png, when it has one) and a
    note. Returns how many were replaced."""
    from rbteach.course import write_edition

    (src / "notebooks").mkdir(parents=True, exist_ok=True)
    replaced = 0
    for path in write_edition(ROOT / "notebooks", src / "notebooks", edition):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            for out in cell.get("outputs", []):
                if WIDGET_VIEW in out.get("data", {}):
                    # the explorer's own static picture (live() puts it in the same output), then the note
                    png = out["data"].get("image/png", "")
                    png = "".join(png) if isinstance(png, list) else png
                    alt = out.get("metadata", {}).get("image/png", {}).get("alt") or "the explorer at its starting values"
                    picture = (f'<img class="rbteach-live-picture" alt="{html_text.escape(alt, quote=True)}" '
                               f'src="data:image/png;base64,{png.strip()}">') if png else ""
                    out["data"] = {"text/html": picture + LIVE_NOTE, "text/plain": "live explorer"}
                    replaced += 1
        nb.get("metadata", {}).pop("widgets", None)
        path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return replaced


def assets(static: Path) -> None:
    """MathJax, require.js and the widget manager from site/node_modules (``npm ci`` if missing)."""
    nm = SITE / "node_modules"
    needed = ("mathjax/es5/tex-mml-chtml.js", "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
              "@fontsource/noto-sans-jp/files/noto-sans-jp-0-400-normal.woff")
    if not all((nm / f).exists() for f in needed):
        if shutil.which("npm") is None:
            raise SystemExit("npm is needed to build the site (make site installs it with apt-get as root)")
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"], cwd=SITE, check=True)
    vendor = static / "vendor"
    vendor.mkdir(parents=True, exist_ok=True)
    # MathJax: the combined TeX/MathML → CHTML component and what it may load (its fonts, TeX
    # extensions, the menu, accessibility); not the other 40 combined components
    mj = nm / "mathjax" / "es5"
    (vendor / "mathjax").mkdir(parents=True, exist_ok=True)
    shutil.copy(mj / "tex-mml-chtml.js", vendor / "mathjax" / "tex-mml-chtml.js")
    for sub in ("output", "input", "ui", "a11y", "sre"):
        shutil.copytree(mj / sub, vendor / "mathjax" / sub, dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("*.map", "svg", "mml"))
    shutil.copy(nm / "requirejs" / "require.js", vendor / "require.js")
    dist = nm / "@jupyter-widgets" / "html-manager" / "dist"
    shutil.copy(dist / "embed-amd.js", vendor / "embed-amd.js")
    for f in dist.iterdir():                       # the manager's fonts and images, beside it
        if f.suffix in (".woff", ".woff2", ".ttf", ".eot", ".svg"):
            shutil.copy(f, vendor / f.name)
    (static / "rbteach-fonts.css").write_text(fonts.CSS, encoding="utf-8")
    (static / "favicon.svg").write_text(FAVICON, encoding="utf-8")


def site_fonts(html: Path) -> dict:
    """The fonts of the built site, cut to the characters of its pages (after Sphinx has written them)."""
    report = fonts.write(SITE / "node_modules", fonts.page_characters(html), html / "_static" / "fonts")
    if report["missing"]["chars"]:
        print("WARNING: no served font has", "".join(sorted(report["missing"]["chars"])))
    return report


#: Two fixes of the theme's pages for a screen reader (axe-core, tests/browser/test_a11y.py): the
#: search button's name is its visible text ("Search Ctrl+K"), not an aria-label that leaves the
#: shortcut out (axe's label-content-name-mismatch); the primary sidebar, which holds the site's
#: title above its navigation, is a landmark (axe's region: no content outside a landmark).
A11Y_FIXES = (
    ('title="Search" aria-label="Search" data-bs-placement', 'title="Search" data-bs-placement'),
    ('<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar">',
     '<div id="pst-primary-sidebar" class="bd-sidebar-primary bd-sidebar" role="complementary" aria-label="The course">'),
)


def accessible(html: Path) -> int:
    """Apply :data:`A11Y_FIXES` to every page of the built site; returns how many places changed."""
    changed = 0
    for f in html.rglob("*.html"):
        if f.relative_to(html).parts[0] == "_static":
            continue
        text = f.read_text(encoding="utf-8")
        new = text
        for old, fixed in A11Y_FIXES:
            changed += new.count(old)
            new = new.replace(old, fixed)
        if new != text:
            f.write_text(new, encoding="utf-8")
    return changed


EDITION_LINE = {
    "student": "*The student edition: exercises to answer, no worked solutions.*",
    "teacher": "*The teacher edition: every exercise with its worked solution, folded.*",
}


def build(out: Path, edition: str = "student") -> Path:
    """Build the site of the ``edition`` (student or teacher) of the committed notebooks into ``out``."""
    if edition not in EDITION_LINE:
        raise ValueError(f"edition must be 'student' or 'teacher', got {edition!r}")
    t0 = time.perf_counter()
    src = out / "src"
    shutil.rmtree(out, ignore_errors=True)
    src.mkdir(parents=True)
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    pages(src)
    index = src / "index.md"
    title, rest = index.read_text(encoding="utf-8").split("\n", 1)
    index.write_text(f"{title}\n\n{EDITION_LINE[edition]}\n{rest}", encoding="utf-8")
    n = notebooks(src, edition)
    teacher_pages.add(src, edition)
    assets(src / "_static")
    html = out / "html"
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", str(src), str(html)],
                   check=True)
    accessible(html)
    served = site_fonts(html)
    size = sum(f.stat().st_size for f in html.rglob("*") if f.is_file())
    print(f"{edition} site built in {time.perf_counter() - t0:.1f} s: {html} ({size / 1e6:.1f} MB; "
          f"{n} live explorers shown as notes; fonts: " + ", ".join(
              f"{k} {v['bytes'] / 1e3:.1f} kB ({len(v['chars'])} characters)"
              for k, v in served.items() if k != "missing") + ")")
    return html


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "site"))
    ap.add_argument("--edition", choices=tuple(EDITION_LINE), default="student",
                    help="student (default: publish this for a class) or teacher (worked solutions folded)")
    args = ap.parse_args()
    build(Path(args.out), args.edition)
