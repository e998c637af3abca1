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
  players run in the page. A live explorer moves on the page too: its main control (and a second
  one) drag rbteach's own frames, computed here (site/explorer_frames.py) and drawn by the same
  ``live.js`` as in Jupyter (site/explorer_site.js stands in for the kernel); its other controls
  need a kernel and are shown disabled, with a line that says so. Until the frames load (or without
  JavaScript) the explorer's static picture stands in its place.

Under each notebook's title, two launch links: "Run this page in your browser" (the JupyterLite
build of the same edition, served from the site's ``lite/`` folder: ``make site`` copies
build/lite there when it holds that edition, and ``make lite`` copies itself into a built site)
and "Open on Binder" (the GitHub repository of ``[tool.rbteach] repository`` in pyproject.toml;
left out, with a note at build time, while that setting is empty).

Usage: python site/build_site.py [OUT] [--edition E] [--lite DIR]   (default build/site; the HTML
is in OUT/html); python site/build_site.py --attach-lite DIR OUT: copy a JupyterLite build into the
site already built in OUT.
"""

from __future__ import annotations

import ast
import html as htmllib
import json
import re
import tomllib
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import explorer_frames  # noqa: E402  (site/explorer_frames.py)
import fonts  # noqa: E402  (site/fonts.py)
import teacher_pages  # noqa: E402  (site/teacher_pages.py: "For teachers", teacher edition only)

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: Where the site serves its JupyterLite build (relative to the site's root).
LITE_DIR = "lite"
#: The site's own CSS: live.py's for the explorers, and the launch links' and the explorers' notes.
SITE_CSS = """
.rbteach-launch { display: flex; flex-wrap: wrap; gap: 0.4em 1.2em; margin: 0.2em 0 1em 0; }
.rbteach-launch a { border: 1px solid #0072B2; border-radius: 4px; padding: 0.15em 0.6em; text-decoration: none; }
.rbteach-site-note { font-size: 0.9em; margin-top: 0.3em; }
.rbteach-site-note a { margin-left: 0.4em; }
.rbteach-site-explorer[data-ready] > .rbteach-live-picture { display: none; }
@media print {   /* paper shows the explorer's static picture, without controls or links */
  .rbteach-site-explorer[data-ready] > .rbteach-live-picture { display: block; }
  .rbteach-site-live, .rbteach-site-note, .rbteach-launch { display: none !important; }
}
"""

CONF = '''\
project = "rbteach: rigid-body dynamics, one notebook at a time"
author = "the rbteach developers"
extensions = ["myst_nb"]
nb_execution_mode = "off"
myst_enable_extensions = ["dollarmath", "amsmath"]
html_theme = "sphinx_book_theme"
html_title = "rbteach"
html_static_path = ["_static"]
html_css_files = ["rbteach-fonts.css", "rbteach-site.css"]
html_js_files = [("rbteach-explorers.js", {"type": "module"})]   # the explorers (site/explorer_site.js)
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


def setting(key: str, default: str = "") -> str:
    """``[tool.rbteach] key`` of pyproject.toml (the project's one place for site settings)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        return str(tomllib.load(f).get("tool", {}).get("rbteach", {}).get(key, default)).strip()


def launch_links(name: str, repository: str, *, cls: str = "rbteach-launch", lead: str = "") -> str:
    """The two links of notebook ``name`` (e.g. ``07_torque_free_euler``), from a page in notebooks/:
    JupyterLite at this notebook (the site's ``lite/`` folder) and Binder (``repository``, "owner/name";
    no Binder link when it is empty); ``lead``: HTML before them."""
    lite = f"../{LITE_DIR}/lab/index.html?path={name}.ipynb"
    links = [f'<a class="rbteach-launch-lite" href="{htmllib.escape(lite)}">Run this page in your browser</a>']
    if repository:
        binder = f"https://mybinder.org/v2/gh/{repository}/HEAD?urlpath=lab/tree/notebooks/{name}.ipynb"
        links.append(f'<a class="rbteach-launch-binder" href="{htmllib.escape(binder)}">Open on Binder</a>')
    return f'<p class="{cls}">' + lead + " ".join(links) + "</p>"


def _explorer_call(source: str) -> tuple[str, dict] | None:
    """``("nb07", {"height": 400})`` for a cell whose last line is ``live(nb07, height=400)``."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    last = tree.body[-1] if tree.body else None
    if not (isinstance(last, ast.Expr) and isinstance(last.value, ast.Call)
            and getattr(last.value.func, "id", None) == "live" and last.value.args
            and isinstance(last.value.args[0], ast.Name) and re.fullmatch(r"nb\d\d", last.value.args[0].id)):
        return None
    return last.value.args[0].id, {k.arg: ast.literal_eval(k.value) for k in last.value.keywords}


def notebooks(src: Path, edition: str = "student", repository: str = "") -> dict[str, dict]:
    """The ``edition`` of the committed notebooks (:func:`rbteach.course.write_edition`), with the
    launch links under each title; a live explorer's widget view becomes a placeholder that
    site/explorer_site.js fills with the explorer (its static picture inside until then) and a
    line with the launch links. Returns the explorers found (name → width, height, overrides)."""
    from rbteach.course import write_edition
    from rbteach.explorers.live import CANVAS_SIZE

    (src / "notebooks").mkdir(parents=True, exist_ok=True)
    explorers: dict[str, dict] = {}
    for path in write_edition(ROOT / "notebooks", src / "notebooks", edition):
        nb = json.loads(path.read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            for out in cell.get("outputs", []):
                if WIDGET_VIEW not in out.get("data", {}):
                    continue
                source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
                call = _explorer_call(source)
                if call is None:
                    raise ValueError(f"{path.name}: a widget output whose cell is not live(nbNN, ...): {source[-80:]!r}")
                name, kw = call
                if name in explorers:
                    raise ValueError(f"{path.name}: explorer {name} shown twice (one data file each)")
                explorers[name] = {"width": kw.pop("width", CANVAS_SIZE[0]),
                                   "height": kw.pop("height", CANVAS_SIZE[1]), "overrides": kw}
                png = out["data"].get("image/png", "")
                png = "".join(png) if isinstance(png, list) else png
                alt = out.get("metadata", {}).get("image/png", {}).get("alt") or "the explorer at its starting values"
                picture = (f'<img class="rbteach-live-picture" alt="{htmllib.escape(alt, quote=True)}" '
                           f'src="data:image/png;base64,{png.strip()}">') if png else ""
                note = launch_links(path.stem, repository, cls="rbteach-site-note",
                                    lead="<em>The greyed controls need Python:</em> ")
                out["data"] = {"text/html": f'<div class="rbteach-site-explorer" data-explorer="{name}">'
                                            f"{picture}</div>{note}",
                               "text/plain": "live explorer"}
        links = launch_links(path.stem, repository)
        for cell in nb["cells"]:                        # under the title (the first "# " heading)
            text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
            m = re.search(r"^# .*$", text, re.M) if cell["cell_type"] == "markdown" else None
            if m:
                cell["source"] = text[:m.end()] + "\n\n" + links + "\n\n" + text[m.end():].lstrip("\n")
                break
        else:
            nb["cells"].insert(0, {"cell_type": "markdown", "id": "rbteach-launch", "metadata": {}, "source": links})
        nb.get("metadata", {}).pop("widgets", None)
        path.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return explorers


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
    # a toctree entry with pages under it (the teacher edition's "For teachers") folds them with an icon-only
    # <summary>: give it a name (axe-core: summary-name), whatever its <details> holds (open="open" on
    # the pages under it)
    ('<summary><span class="toctree-toggle" role="presentation">',
     '<summary aria-label="Show or hide the pages under this entry"><span class="toctree-toggle" role="presentation">'),
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


def lite_edition(lite: Path) -> str | None:
    """The edition of a JupyterLite build (``make lite``): teacher if a notebook of it holds a worked
    solution, else student; None if ``lite`` is not one."""
    from rbteach.course import SOLUTION_TAG

    files = sorted((lite / "files").glob("[0-9][0-9]_*.ipynb"))
    if not (lite / "lab" / "index.html").exists() or not files:
        return None
    for f in files:
        for cell in json.loads(f.read_text(encoding="utf-8")).get("cells", []):
            if SOLUTION_TAG in cell.get("metadata", {}).get("tags", []):
                return "teacher"
    return "student"


def attach_lite(html: Path, lite: Path) -> bool:
    """Copy the JupyterLite build ``lite`` into the built site ``html`` (its ``lite/`` folder, where the
    "Run this page in your browser" links lead) if it is the site's edition; say what was done."""
    site = json.loads((html / "_static" / "rbteach-site.json").read_text(encoding="utf-8"))
    found = lite_edition(lite)
    if found is None:
        print(f"NOTE: no JupyterLite build in {lite}: the 'Run this page in your browser' links lead to "
              f"{LITE_DIR}/, which `make lite` fills")
        return False
    if found != site["edition"]:
        print(f"NOTE: {lite} is the {found} edition, the site the {site['edition']} one: not copied "
              f"(make lite EDITION={site['edition']})")
        return False
    shutil.rmtree(html / LITE_DIR, ignore_errors=True)
    shutil.copytree(lite, html / LITE_DIR, symlinks=False)
    print(f"JupyterLite ({found} edition, {_size(html / LITE_DIR) / 1e6:.1f} MB) copied into {html / LITE_DIR}")
    return True


def _size(folder: Path, skip: str | None = None) -> int:
    return sum(f.stat().st_size for f in folder.rglob("*")
               if f.is_file() and not (skip and f.relative_to(folder).parts[0] == skip))


def explorer_assets(html: Path, explorers: dict[str, dict]) -> dict[str, dict]:
    """live.js and its CSS, site/explorer_site.js, and every explorer's frames (explorer_frames)."""
    from rbteach.explorers import live

    static = html / "_static"
    (static / "rbteach-live.js").write_text(live.page_module(), encoding="utf-8")   # solids.js + live.js
    shutil.copy(SITE / "explorer_site.js", static / "rbteach-explorers.js")
    (static / "rbteach-site.css").write_text(live._CSS + SITE_CSS, encoding="utf-8")
    return explorer_frames.write_all(static / "explorers", explorers)


def build(out: Path, edition: str = "student", *, lite: Path | None = None, repository: str | None = None) -> Path:
    """Build the site of the ``edition`` (student or teacher) of the committed notebooks into ``out``.

    ``lite``: a JupyterLite build (``make lite``) to copy into the site's ``lite/`` folder when it is
    the same edition; ``repository``: the Binder links' GitHub repository (default: ``[tool.rbteach]
    repository`` of pyproject.toml)."""
    if edition not in EDITION_LINE:
        raise ValueError(f"edition must be 'student' or 'teacher', got {edition!r}")
    repository = setting("repository") if repository is None else repository.strip()
    if repository and not re.fullmatch(r"[\w.-]+/[\w.-]+", repository):
        raise ValueError(f"repository must be 'owner/name' (a GitHub repository), got {repository!r}")
    t0 = time.perf_counter()
    src = out / "src"
    shutil.rmtree(out, ignore_errors=True)
    src.mkdir(parents=True)
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    pages(src)
    index = src / "index.md"
    title, rest = index.read_text(encoding="utf-8").split("\n", 1)
    index.write_text(f"{title}\n\n{EDITION_LINE[edition]}\n{rest}", encoding="utf-8")
    explorers = notebooks(src, edition, repository)
    teacher_pages.add(src, edition)
    assets(src / "_static")
    html = out / "html"
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", "-W", "--keep-going", str(src), str(html)],
                   check=True)
    accessible(html)
    served = site_fonts(html)
    (html / "_static" / "rbteach-site.json").write_text(json.dumps({"edition": edition}), encoding="utf-8")
    t1 = time.perf_counter()
    frames = explorer_assets(html, explorers)
    t2 = time.perf_counter()
    if not repository:
        print("NOTE: no Binder links: set [tool.rbteach] repository = \"owner/name\" in pyproject.toml")
    if lite is not None:
        attach_lite(html, Path(lite))
    size = _size(html, skip=LITE_DIR)
    data = sum(f["bytes"] for f in frames.values())
    print(f"{edition} site built in {time.perf_counter() - t0:.1f} s: {html} ({size / 1e6:.1f} MB without "
          f"{LITE_DIR}/; {len(frames)} live explorers, {data / 1e6:.1f} MB of frames computed in {t2 - t1:.1f} s, "
          f"the largest {max((f['bytes'] for f in frames.values()), default=0) / 1e6:.2f} MB; fonts: " + ", ".join(
              f"{k} {v['bytes'] / 1e3:.1f} kB ({len(v['chars'])} characters)"
              for k, v in served.items() if k != "missing") + ")")
    return html


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", nargs="?", default=str(ROOT / "build" / "site"))
    ap.add_argument("--edition", choices=tuple(EDITION_LINE), default="student",
                    help="student (default: publish this for a class) or teacher (worked solutions folded)")
    ap.add_argument("--lite", help="a JupyterLite build (make lite) to copy into the site's lite/ folder")
    ap.add_argument("--attach-lite", metavar="LITE",
                    help="only copy this JupyterLite build into the site already built in OUT")
    args = ap.parse_args()
    if args.attach_lite:
        if (Path(args.out) / "html" / "_static" / "rbteach-site.json").exists():
            attach_lite(Path(args.out) / "html", Path(args.attach_lite))
    else:
        build(Path(args.out), args.edition, lite=Path(args.lite) if args.lite else None)
