"""The website's explorers and launch links (issue 21 §1-2), in headless Chromium, offline.

The teacher edition of the site (conftest's ``teacher_site``: one build per run, shared by the workers, with the
JupyterLite build of the same edition in its ``lite/`` folder) is served on 127.0.0.1; every request
that is not for 127.0.0.1 (or a data:/blob: URL) is aborted and recorded, and any is a failure.

* every explorer's main control, dragged with the mouse, changes the canvas's pixels (rbteach's
  precomputed frames, drawn by live.js), and so does its second control where it has one;
* the summary the page shows at the value its slider reads equals ``module.summary(**values)``;
* the controls that need a kernel are disabled, and the explorer's line links to JupyterLite and Binder;
* a 3-D panel orbits with the mouse (the picture changes, the values do not);
* every notebook page links to JupyterLite at this notebook (the path exists in the build, the
  notebook in Lite's files) and to Binder at this notebook of the configured repository.

Frames per second while dragging are a benchmark (benchmarks/bench_site_drag.py), not asserted here.
"""

from __future__ import annotations

import importlib
import json
import re
import sys
import urllib.parse
from pathlib import Path

import pytest

import labdriver
from conftest import TEST_REPOSITORY

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "site"))
import explorer_frames  # noqa: E402

NOTEBOOKS = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
LOCAL = re.compile(r"^(http://127\.0\.0\.1[:/]|data:|blob:)")


@pytest.fixture(scope="module")
def site(teacher_site):
    with labdriver.static_server(teacher_site) as base:
        yield base, teacher_site


@pytest.fixture
def offline_page(browser_context):
    """A page whose requests outside 127.0.0.1 are aborted and recorded in ``page.outside``; its
    JavaScript errors in ``page.js_errors``."""
    page = browser_context.new_page()
    page.outside, page.js_errors = [], []

    def route(r):
        if LOCAL.match(r.request.url):
            r.continue_()
        else:
            page.outside.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.on("console", lambda m: page.js_errors.append(m.text) if m.type == "error" else None)
    yield page
    page.close()


def _explorer_pages():
    out = []
    for name in NOTEBOOKS:
        nb = json.loads((ROOT / "notebooks" / f"{name}.ipynb").read_text(encoding="utf-8"))
        for cell in nb["cells"]:
            m = re.search(r"^live\((nb\d\d)", "".join(cell.get("source", "")), re.M)
            if cell["cell_type"] == "code" and m:
                out.append((name, m.group(1)))
    return out


EXPLORERS = _explorer_pages()


def test_every_notebook_has_its_explorer_on_the_site():
    assert len(EXPLORERS) == len(NOTEBOOKS) == 12, EXPLORERS


def _open_explorer(page, base, name):
    page.goto(f"{base}/notebooks/{name}.html", wait_until="load")
    page.wait_for_selector(".rbteach-site-explorer[data-ready] .rbteach-live-canvas", timeout=60_000)
    root = page.locator(".rbteach-site-explorer .rbteach-live").first
    root.evaluate("e => e.scrollIntoView({block: 'center'})")
    st = labdriver.live_settled(root)
    assert st["frames"] > 0 and not st["error"], st
    return root


def _index(root):
    return root.evaluate("r => r.closest('.rbteach-site-explorer').rbteachSite")


def _slider(root, control):
    return root.locator(f"input.rbteach-live-slider[data-name='{control}']")


@pytest.mark.parametrize("name,explorer", EXPLORERS)
def test_main_control_moves_the_picture_and_the_summary_is_rbteachs(site, offline_page, name, explorer):
    base, html = site
    page = offline_page
    root = _open_explorer(page, base, name)
    module = importlib.import_module(f"rbteach.explorers.{explorer}")
    index = _index(root)
    main, second = explorer_frames.CONTROLS[explorer]
    assert index["axes"][0]["name"] == main == next(iter(module.controls()))
    # the starting picture: the notebook's starting values, rbteach's summary
    st = labdriver.live_state(root)
    assert st["summary"] == module.summary(**st["values"])
    # drag the main control with the mouse: the pixels change, and the summary is summary() there
    before = labdriver.live_hash(root)
    labdriver.live_drag(page, root, fraction=0.3, moves=30)
    st = labdriver.live_settled(root)
    assert labdriver.live_hash(root) != before, f"{explorer}: dragging {main} did not change the picture"
    assert st["values"][main] != index["values"][main]
    assert st["lastValues"] == st["values"], f"{explorer}: the frame drawn is not the slider's value"
    assert st["summary"] == module.summary(**st["values"]), f"{explorer} at {st['values']}"
    # a set value: three steps to the left with the keyboard
    labdriver.live_press(root, "ArrowLeft", 3)
    st = labdriver.live_settled(root)
    assert st["summary"] == module.summary(**st["values"]), f"{explorer} at {st['values']}"
    assert root.locator("pre.rbteach-live-summary").inner_text().strip() == st["summary"].strip()
    # the second control, where there is one, moves the picture too
    live = [a["name"] for a in index["axes"]]
    if len(live) > 1:
        before = labdriver.live_hash(root)
        ctl = root.locator(f"[data-name='{live[1]}']")
        if ctl.evaluate("e => e.tagName") == "SELECT":
            current = ctl.input_value()
            ctl.select_option(next(o for o in ctl.evaluate("e => [...e.options].map(o => o.value)") if o != current))
        else:
            ctl.focus()
            at_max = st["values"][live[1]] >= index["axes"][1]["values"][-1] - 1e-9
            ctl.press("Home" if at_max else "End")
        st = labdriver.live_settled(root)
        assert labdriver.live_hash(root) != before, f"{explorer}: {live[1]} did not change the picture"
        assert st["summary"] == module.summary(**st["values"]), f"{explorer} at {st['values']}"
    # the controls that need a kernel are disabled, the others not; the line says so and links
    state = root.evaluate("r => [...r.querySelectorAll('[data-name]')].map(e => [e.dataset.name, e.disabled])")
    inactive = set(getattr(module, "inactive", lambda **v: ())(**st["values"]))
    for control, disabled in state:
        assert disabled == (control not in live or control in inactive), (explorer, control, disabled)
    assert sorted(index["kernel"]) == sorted(set(module.controls()) - set(live))
    note = root.locator("xpath=ancestor::*[contains(@class, 'rbteach-site-explorer')]/following-sibling::p[1]")
    assert "need Python" in note.inner_text()
    assert note.locator("a.rbteach-launch-lite").get_attribute("href").endswith(f"path={name}.ipynb")
    assert name in note.locator("a.rbteach-launch-binder").get_attribute("href")
    assert not page.outside, f"requests outside 127.0.0.1: {page.outside[:5]}"
    assert not page.js_errors, page.js_errors[:3]


@pytest.mark.parametrize("name,explorer", [e for e in EXPLORERS if e[1] in ("nb00", "nb08", "nb11")])
def test_a_3d_panel_orbits(site, offline_page, name, explorer):
    base, html = site
    page = offline_page
    root = _open_explorer(page, base, name)
    st = labdriver.live_state(root)
    if "3d" not in st["panels"]:
        pytest.fail(f"{explorer} has no 3-D panel: {st['panels']}")
    i = st["panels"].index("3d")
    before = labdriver.live_hash(root)
    c = root.locator(".rbteach-live-canvas").bounding_box()
    b = root.evaluate("(r, i) => r.parentElement.rbteachLive.boxes()[i]", i)
    k = c["width"] / root.evaluate("r => r.parentElement.rbteachLive.spec.width")
    x, y = c["x"] + k * (b[0] + b[2] / 2), c["y"] + k * (b[1] + b[3] / 2)
    page.mouse.move(x, y)
    page.mouse.down()
    for j in range(1, 11):
        page.mouse.move(x + 6 * j, y + 2 * j)
    page.mouse.up()
    labdriver.wait_until(lambda: labdriver.live_state(root)["orbitFrames"] > 0, 10, "the 3-D panel never turned")
    assert labdriver.live_hash(root) != before
    assert labdriver.live_state(root)["values"] == st["values"]
    assert not page.outside and not page.js_errors, (page.outside[:3], page.js_errors[:3])


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_launch_links_open_this_notebook(site, name):
    base, html = site
    text = (html / "notebooks" / f"{name}.html").read_text(encoding="utf-8")
    bar = re.search(r'<p class="rbteach-launch">(.*?)</p>', text, re.S)
    assert bar, f"{name}: no launch links"
    lite = re.search(r'class="rbteach-launch-lite" href="([^"]+)"', bar.group(1)).group(1)
    binder = re.search(r'class="rbteach-launch-binder" href="([^"]+)"', bar.group(1)).group(1)
    url = urllib.parse.urlsplit(lite.replace("&amp;", "&"))
    assert (html / "notebooks" / url.path).resolve() == (html / "lite" / "lab" / "index.html").resolve()
    assert (html / "lite" / "lab" / "index.html").exists(), "the site holds no JupyterLite build"
    path = urllib.parse.parse_qs(url.query)["path"][0]
    assert path == f"{name}.ipynb" and (html / "lite" / "files" / path).exists()
    assert binder == (f"https://mybinder.org/v2/gh/{TEST_REPOSITORY}/HEAD?urlpath=lab/tree/notebooks/"
                      f"{name}.ipynb")
    assert (ROOT / "notebooks" / f"{name}.ipynb").exists()
    h1 = text.index("<h1", text.index("<article"))
    assert h1 < text.index('class="rbteach-launch"') < text.index("<h2", h1)   # under the title, before the first section


def test_the_lite_link_opens_the_notebook_in_jupyterlite(site, offline_page):
    """The link of notebook 07's page, followed: JupyterLite opens 07 from the site itself."""
    base, html = site
    page = offline_page
    name = "07_torque_free_euler"
    page.goto(f"{base}/notebooks/{name}.html", wait_until="load")
    page.locator(".rbteach-launch a.rbteach-launch-lite").click()
    page.wait_for_selector(".jp-NotebookPanel", timeout=120_000)
    page.wait_for_function("n => [...document.querySelectorAll('.lm-TabBar-tab')].some(t => t.textContent.includes(n))",
                           arg=f"{name}.ipynb", timeout=120_000)
    page.wait_for_selector(".jp-NotebookPanel .jp-MarkdownCell", timeout=120_000)
    assert page.url.startswith(f"{base}/lite/lab/")
    assert not page.outside or all("cdn.jsdelivr.net/pyodide" in u for u in page.outside), page.outside[:3]


def test_explorer_data_within_budget_and_the_site_within_80_mb(site):
    base, html = site
    files = sorted((html / "_static" / "explorers").glob("nb*.bin"))
    assert [f.stem for f in files] == sorted(e for _, e in EXPLORERS)
    sizes = {f.stem: f.stat().st_size for f in files}
    print("\nexplorer data (MB): " + ", ".join(f"{k} {v / 1e6:.2f}" for k, v in sizes.items()))
    assert max(sizes.values()) <= explorer_frames.BUDGET, sizes
    site_bytes = sum(f.stat().st_size for f in html.rglob("*") if f.is_file() and f.relative_to(html).parts[0] != "lite")
    assert site_bytes <= 80e6, f"the site is {site_bytes / 1e6:.1f} MB without lite/"
