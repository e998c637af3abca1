"""The class without installs (``make lite``): the JupyterLite site, built by lite/build_lite.py into
a temp dir and served on 127.0.0.1 by ``python -m http.server`` (as the README tells a teacher),
opened in headless Chromium as a student does.

The site holds its own Pyodide core and the course's wheels (local names, sha256 of the served
files, the versions of constraints.txt); a notebook opens; the kernel reaches Idle with every
request inside the site (every request's URL is recorded); a SymPy cell computes; an ipywidgets
slider renders and its value changes when moved with the keyboard; rbteach is installed but fails
at numpy, which the site does not hold: the kernel asks Pyodide's CDN for it, at the URL of the
lock (requests leaving 127.0.0.1 are recorded, then aborted inside the browser: nothing leaves the
machine, and the result is the same with or without internet).

Downloads are cached in $TMPDIR/rbteach-lite-cache (nothing is written into the repository).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from types import SimpleNamespace

import pytest

import labdriver
from rbteach import course

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "lite"))
import build_lite  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "rbteach-lite-cache"
NOTEBOOK = "00_index_and_conventions.ipynb"
KERNEL_ID = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the pure-Python wheels the course needs, served by the site at constraints.txt's versions
COURSE_WHEELS = ["sympy", "mpmath", "ipywidgets", "comm", "widgetsnbextension", "jupyterlab-widgets",
                 "anywidget", "psygnal", "typing-extensions", "ipython", "traitlets"]
LOCAL = re.compile(r"^http://127\.0\.0\.1:\d+/")


@pytest.fixture(scope="module")
def site(tmp_path_factory, chromium):
    out = build_lite.build(tmp_path_factory.mktemp("lite") / "site", CACHE)
    with labdriver.static_server(out) as base:
        yield base, out


class Traffic:
    """Every request the browser makes (pages, workers), and the failed ones."""

    def __init__(self):
        self.urls: list[str] = []
        self.failed: list[str] = []

    def outside(self, since: int = 0) -> list[str]:
        return [u for u in self.urls[since:] if not LOCAL.match(u) and not u.startswith(("data:", "blob:"))]


@pytest.fixture(scope="module")
def lite(site, browser_context, screenshot_dir):
    """The notebook opened in the lite app, its kernel Idle: ``page``, ``traffic``, ``idle`` (seconds
    from opening to Idle), ``until_idle`` (the requests until then), ``failed_until_idle``."""
    base, out = site
    traffic = Traffic()
    on_request = lambda r: traffic.urls.append(r.url)  # noqa: E731
    on_response = lambda r: traffic.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None  # noqa: E731
    on_failed = lambda r: traffic.failed.append(f"failed {r.url}") if LOCAL.match(r.url) else None  # noqa: E731
    outside = re.compile(r"^(?!http://127\.0\.0\.1[:/])[a-z]+://.*")
    abort = lambda route: route.abort()  # noqa: E731
    browser_context.on("request", on_request)
    browser_context.on("response", on_response)
    browser_context.on("requestfailed", on_failed)
    browser_context.route(outside, abort)
    page = browser_context.new_page()
    try:
        t0 = time.monotonic()
        page.goto(f"{base}/lab/index.html?path={NOTEBOOK}", timeout=labdriver.patience(60) * 1000)
        page.wait_for_selector(".jp-NotebookPanel", timeout=labdriver.patience(60) * 1000)
        page.get_by_text("Python (Pyodide) | Idle").first.wait_for(timeout=labdriver.patience(180) * 1000)
        idle = time.monotonic() - t0
        until_idle, failed = list(traffic.urls), list(traffic.failed)
        print(f"\nlite: kernel Idle {idle:.1f} s after opening {NOTEBOOK}; {len(until_idle)} requests, "
              f"{len(traffic.outside())} outside the site, {len(failed)} failed")
        yield SimpleNamespace(page=page, traffic=traffic, idle=idle, until_idle=until_idle,
                              failed_until_idle=failed)
    finally:
        try:
            page.screenshot(path=str(screenshot_dir / "lite.png"))
        finally:
            page.close()
            browser_context.unroute(outside, abort)
            browser_context.remove_listener("request", on_request)
            browser_context.remove_listener("response", on_response)
            browser_context.remove_listener("requestfailed", on_failed)


def run_cell(page, code: str, timeout: float = 120_000):
    """Insert a code cell at the top of the notebook (Esc, A), type ``code``, Shift+Enter; wait until
    it has run. Returns the cell's locator."""
    page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")
    cell = page.locator(".jp-Notebook .jp-Cell").first
    editor = cell.locator(".cm-content")
    editor.click()
    editor.fill(code)
    assert editor.inner_text().strip() == code.strip()
    page.keyboard.press("Shift+Enter")
    prompt = cell.locator(".jp-InputArea-prompt").element_handle()
    page.wait_for_function("(el) => /\\[\\d+\\]/.test(el.innerText)", arg=prompt, timeout=timeout)
    return cell


def output_text(cell) -> str:
    return cell.locator(".jp-OutputArea").inner_text()


# ---------------------------------------------------------------- the site's files

def test_the_site_serves_its_own_pyodide_and_wheels(site):
    base, out = site
    config = json.loads(urllib.request.urlopen(f"{base}/jupyter-lite.json", timeout=5).read())
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL_ID]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert {"rbteach", "ipywidgets", "sympy"} <= set(kernel["loadPyodideOptions"]["packages"])

    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION
    core = json.loads((out / "static" / "pyodide" / "package.json").read_text())
    assert core["version"] == PYODIDE_VERSION, "the npm pyodide is not the version the kernel expects"
    for name, mime in (("pyodide.mjs", "javascript"), ("pyodide.asm.wasm", "application/wasm"),
                       ("python_stdlib.zip", "")):
        with urllib.request.urlopen(f"{base}/static/pyodide/{name}", timeout=5) as r:
            assert r.status == 200 and mime in r.headers["Content-Type"], (name, r.headers["Content-Type"])

    lock = json.loads(urllib.request.urlopen(f"{base}/static/pyodide/pyodide-lock.json", timeout=5).read())
    packages = lock["packages"]
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
    pins = build_lite.locked_versions()
    local = {}
    for name, entry in packages.items():
        if entry["file_name"].startswith(cdn):
            continue
        assert "/" not in entry["file_name"], f"{name}: neither served by the site nor Pyodide's CDN"
        data = urllib.request.urlopen(f"{base}/static/pyodide/{entry['file_name']}", timeout=5).read()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], f"{name}: sha256 differs from the served wheel"
        assert set(entry["depends"]) <= set(packages), (name, entry["depends"])
        local[name] = entry["version"]
    for name in COURSE_WHEELS:
        assert local.get(name) == pins[name], f"{name}: served {local.get(name)}, constraints.txt has {pins[name]}"
    version = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    assert local["rbteach"] == version
    assert not {"numpy", "matplotlib"} & set(packages["rbteach"]["depends"])
    for name in ("numpy", "matplotlib"):
        assert packages[name]["file_name"].startswith(cdn) and name not in local


def test_the_site_holds_the_notebooks_for_its_kernel(site):
    """Every numbered notebook and the explorer wall, each naming the site's kernel (no "Select
    Kernel" question), each starting with the guard cell (its first code cell: it imports numpy and
    matplotlib, which makes the kernel load them, and says why when they do not load); the other
    cells are the student edition's (the committed notebooks, exercises blank, no solutions)."""
    base, out = site
    index = json.loads(urllib.request.urlopen(f"{base}/api/contents/all.json", timeout=5).read())
    served = sorted(c["name"] for c in index["content"] if c["type"] == "notebook")
    expected = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")) + ["explorers.ipynb"]
    assert served == sorted(expected)
    for name in expected:
        nb = json.loads(urllib.request.urlopen(f"{base}/files/{name}", timeout=5).read())
        assert nb["metadata"]["kernelspec"]["name"] == "python", name
        committed = course.committed_notebooks(ROOT / "notebooks")[name]          # the student edition of it
        original = course.edition(committed, "student", committed=committed, name=name)
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        assert "".join(code[0]["source"]) == build_lite.GUARD_SOURCE, name
        assert code[0]["metadata"]["tags"] == [build_lite.GUARD_TAG] and build_lite.imports_numeric(build_lite.GUARD_SOURCE)
        rest = [c for c in nb["cells"] if build_lite.GUARD_TAG not in c.get("metadata", {}).get("tags", [])]
        src = lambda cells: ["".join(c["source"]) for c in cells]  # noqa: E731
        assert src(rest) == src(original["cells"]), f"{name}: the site's cells differ from the repository's"


# ---------------------------------------------------------------- in the browser

def test_a_notebook_opens_and_the_kernel_is_idle_with_no_request_outside_the_site(lite):
    page = lite.page
    nb = json.loads((ROOT / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    title = "".join(nb["cells"][0]["source"]).splitlines()[0].lstrip("# ").strip()
    heading = page.locator(".jp-NotebookPanel .jp-MarkdownCell h1").first
    assert heading.is_visible() and title in heading.inner_text(), "the notebook's title is not shown"
    seen = lite.until_idle
    assert [u for u in seen if not LOCAL.match(u) and not u.startswith(("data:", "blob:"))] == []
    assert lite.failed_until_idle == []
    # the core and the preloaded wheels came from the site before Idle
    for piece in ("static/pyodide/pyodide.asm.wasm", "static/pyodide/python_stdlib.zip",
                  "static/pyodide/rbteach-", "static/pyodide/ipywidgets-", "static/pyodide/sympy-"):
        assert any(piece in u for u in seen), f"{piece} was not loaded before Idle"
    assert lite.idle < 180


def test_a_sympy_cell_computes(lite):
    page, traffic = lite.page, lite.traffic
    before = len(traffic.urls)
    cell = run_cell(page, "import sympy as sp\nx = sp.symbols('x')\n"
                          "area = sp.integrate(x * sp.sin(x), (x, 0, sp.pi))\n"
                          "assert area == sp.pi\nprint('integral:', area, sp.__version__)")
    assert output_text(cell).split() == ["integral:", "pi", build_lite.locked_versions()["sympy"]]
    assert traffic.outside(before) == []


def test_an_ipywidgets_slider_renders_and_follows_the_keyboard(lite):
    page, traffic = lite.page, lite.traffic
    before = len(traffic.urls)
    cell = run_cell(page, "import ipywidgets as w\nslider = w.IntSlider(value=3, min=0, max=10, description='n')\nslider")
    handle = cell.locator(".widget-slider .noUi-handle").first
    handle.wait_for(timeout=labdriver.patience(30) * 1000)
    readout = cell.locator(".widget-readout").first
    assert readout.inner_text().strip() == "3"
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    deadline = time.monotonic() + labdriver.patience(10)
    while readout.inner_text().strip() != "5" and time.monotonic() < deadline:
        time.sleep(0.05)
    assert readout.inner_text().strip() == "5"
    check = run_cell(page, "print('kernel sees', slider.value)")    # the value reached the kernel
    assert output_text(check).strip() == "kernel sees 5"
    assert traffic.outside(before) == []


def test_rbteach_is_installed_and_fails_only_at_numpy(lite):
    page, traffic = lite.page, lite.traffic
    before = len(traffic.urls)
    cell = run_cell(page, "import importlib.metadata as md, rbteach\n"
                          "print(rbteach.__version__, md.version('ipywidgets'), md.version('anywidget'))")
    pins = build_lite.locked_versions()
    assert output_text(cell).split() == ["0.1.0", pins["ipywidgets"], pins["anywidget"]]
    cell = run_cell(page, "from rbteach import quaternion")
    text = output_text(cell)
    assert "ModuleNotFoundError" in text, text[-800:]
    assert re.search(r"No module named 'numpy'|module 'numpy' is included in the Pyodide distribution", text), text[-800:]
    assert "rbteach/quaternion.py" in text, "the error does not come from inside rbteach"
    for name in ("rbteach", "sympy", "ipywidgets", "anywidget"):
        assert f"No module named '{name}'" not in text and f"module '{name}' is included" not in text
    assert traffic.outside(before) == []


def test_numpy_is_asked_of_pyodides_cdn(lite, site):
    """What the site does not hold comes from Pyodide's default location: the lock's absolute URL
    (here the request is aborted inside the browser, so the import fails naming numpy)."""
    page, traffic = lite.page, lite.traffic
    base, _ = site
    lock = json.loads(urllib.request.urlopen(f"{base}/static/pyodide/pyodide-lock.json", timeout=5).read())
    before = len(traffic.urls)
    cell = run_cell(page, "import numpy")
    assert "numpy" in output_text(cell) and "Error" in output_text(cell)
    assert set(traffic.outside(before)) == {lock["packages"]["numpy"]["file_name"]}


def test_offline_the_first_code_cell_says_in_the_notebook_that_internet_is_needed(lite):
    """The notebook's own first code cell, run as a student does (click, Shift+Enter) with every
    request outside 127.0.0.1 aborted, as without internet: its output, in the notebook, is the one
    line saying that numpy and matplotlib come from Pyodide's CDN and need internet (not a bare
    "No module named 'matplotlib'")."""
    page, traffic = lite.page, lite.traffic
    before = len(traffic.urls)
    guard = page.locator(".jp-Notebook .jp-CodeCell", has_text="numpy and matplotlib load from Pyodide's CDN").first
    guard.scroll_into_view_if_needed(timeout=labdriver.patience(60) * 1000)
    guard.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    prompt = guard.locator(".jp-InputArea-prompt").element_handle()
    page.wait_for_function("(el) => /\\[\\d+\\]/.test(el.innerText)", arg=prompt, timeout=labdriver.patience(180) * 1000)
    shown = guard.locator(".jp-OutputArea-output").inner_text(timeout=labdriver.patience(60) * 1000)
    assert build_lite.OFFLINE_MESSAGE in " ".join(shown.split()), shown[-800:]
    assert "No module named" not in shown, shown[-800:]
    asked = traffic.outside(before)
    assert asked and all(u.startswith("https://cdn.jsdelivr.net/pyodide/") for u in asked), asked
