"""What a person sees of a live explorer on a projector (issue 17 §4; teacher's review, problems 3,
4, 8, 14): at 1024×768 with JupyterLab's file browser open, and at a 150 % zoom, the canvas keeps
its aspect ratio (measured on the page: CSS box and backing store), its text stays at least 12 px
on the screen, its labels do not cover each other, the slider rows start at one x, and the summary
under it is set in a monospace font (the rows of a matrix line up).
"""

from __future__ import annotations

import pytest

import labdriver
from _view_js import CANVAS_JS, MONOSPACE_JS, SLIDERS_JS, overlapping

pytestmark = pytest.mark.browser


def _open_file_browser(page):
    """JupyterLab's file browser open in the left side bar, as a teacher has it."""
    browser = page.locator(".jp-FileBrowser").first
    if not browser.is_visible():
        page.locator(".jp-SideBar [data-id='filebrowser']").first.click()
    labdriver.wait_until(lambda: browser.is_visible() and browser.bounding_box()["width"] > 150, 10,
                         "the file browser did not open")


def check_canvas(root, name: str, *, dpr: float) -> dict:
    m = root.evaluate(CANVAS_JS)
    intended = m["specW"] / m["specH"]
    css, store = m["cssW"] / m["cssH"], m["storeW"] / m["storeH"]
    assert abs(css / intended - 1) < 0.02, f"{name}: canvas shown {m['cssW']:.0f}×{m['cssH']:.0f} px, aspect {css:.3f} for {intended:.3f}"
    assert abs(store / intended - 1) < 0.02, f"{name}: backing store {m['storeW']}×{m['storeH']}, aspect {store:.3f} for {intended:.3f}"
    assert abs(m["storeW"] - m["cssW"] * dpr) <= 3, f"{name}: backing store {m['storeW']} px for {m['cssW']:.0f} CSS px at dpr {dpr}"
    smallest = 13 * m["text"] * m["scale"]
    assert smallest >= 12 - 1e-6, f"{name}: the smallest text is {smallest:.1f} px on the screen"
    bad = overlapping(m["placed"])
    assert not bad, f"{name}: labels drawn over each other: {bad}"
    return m


def check_rows_and_summary(root, name: str):
    xs = root.evaluate(SLIDERS_JS)
    assert len(xs) >= 2 and max(xs) - min(xs) <= 1.0, f"{name}: the control rows start at x = {sorted(set(round(x) for x in xs))}"
    mono = root.locator(".rbteach-live-summary").first.evaluate(MONOSPACE_JS)
    assert abs(mono["narrow"] - mono["wide"]) <= 0.5, f"{name}: the summary is not monospace ({mono})"


def test_projector_1024_with_the_file_browser_open(browser_context, lab, screenshot_dir):
    page = browser_context.new_page()
    page.set_viewport_size({"width": 1024, "height": 768})
    try:
        labdriver.open_notebook(page, lab, "01_inertia_tensor.ipynb")
        _open_file_browser(page)
        labdriver.run_all(page)
        root = labdriver.wait_for_live(page)
        labdriver.live_settled(root)
        m = check_canvas(root, "01 at 1024×768", dpr=1.0)
        assert m["cssW"] < m["specW"] - 50, f"the canvas was not narrowed ({m['cssW']:.0f} px): the test tests nothing"
        check_rows_and_summary(root, "01 at 1024×768")
        root.screenshot(path=str(screenshot_dir / "view-01-1024-filebrowser.png"))
    finally:
        page.close()
        labdriver.shutdown_kernels(lab)


def test_projector_at_150_percent_zoom(browser_context, lab, screenshot_dir):
    """A 1024×768 screen at 150 % zoom: 683×512 CSS px at 1.5 device pixels per CSS px (Chromium's
    device metrics, through the DevTools protocol: what the browser's zoom does to a page)."""
    page = browser_context.new_page()
    cdp = browser_context.new_cdp_session(page)
    cdp.send("Emulation.setDeviceMetricsOverride", {"width": 683, "height": 512, "deviceScaleFactor": 1.5,
                                                    "mobile": False})
    assert page.evaluate("() => window.devicePixelRatio") == 1.5
    try:
        labdriver.open_notebook(page, lab, "00_index_and_conventions.ipynb")
        labdriver.run_all(page)
        root = labdriver.wait_for_live(page)
        labdriver.live_settled(root)
        m = check_canvas(root, "00 at 150 %", dpr=1.5)
        assert m["cssW"] < m["specW"] - 50, f"the canvas was not narrowed ({m['cssW']:.0f} px): the test tests nothing"
        check_rows_and_summary(root, "00 at 150 %")
        page.screenshot(path=str(screenshot_dir / "view-00-zoom150.png"))
    finally:
        page.close()
        labdriver.shutdown_kernels(lab)
