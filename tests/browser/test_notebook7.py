"""Notebook 7 with its default settings, as a student may have it instead of JupyterLab: notebook 07
runs, its live explorer follows a mouse drag with rbteach's summary for the final value, and its
attitude player plays. Notebook 7 raises one JavaScript error of its own on every notebook page
("reading 'schema'", seen on a notebook with one Markdown cell): the control page measures it,
and any other error fails the test."""

from __future__ import annotations

import nbformat
import pytest

import labdriver
from rbteach.explorers import nb07

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def notebook7(chromium, tmp_path_factory):
    d = tmp_path_factory.mktemp("nb7")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_markdown_cell("# A plain notebook: Notebook 7's own errors")]
    nbformat.write(nb, d / "plain.ipynb")
    with labdriver.running_lab(extra_files=[d / "plain.ipynb"], app="notebook") as server:
        yield server


def _open(browser_context, server, name):
    page = browser_context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(str(e)))
    page.goto(f"{server.base}/notebooks/{name}?token={server.token}", timeout=labdriver.patience(60) * 1000)
    page.wait_for_selector(".jp-NotebookPanel", timeout=labdriver.patience(60) * 1000)
    return page


def wait_for_kernel(page, server, name: str) -> None:
    """Until the server's kernel for ``name`` is idle and the page says so too (Notebook 7's
    indicator reads "idle" for a moment before its kernel even starts: the server decides first)."""
    labdriver.wait_until(lambda: labdriver.kernel_ready(server, name), 60, f"no idle kernel for {name} on the server")
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").first.wait_for(
        timeout=labdriver.patience(60) * 1000)


def test_notebook7_plays_the_live_explorer_and_the_player(notebook7, browser_context, screenshot_dir):
    control = _open(browser_context, notebook7, "plain.ipynb")
    control.wait_for_load_state("networkidle", timeout=labdriver.patience(60) * 1000)
    own = set(control.js_errors)                          # Notebook 7's, with none of our outputs
    control.close()
    page = _open(browser_context, notebook7, "07_torque_free_euler.ipynb")
    try:
        wait_for_kernel(page, notebook7, "07_torque_free_euler.ipynb")
        labdriver.run_all(page)                           # until a cell shows [*]: the run began
        root = labdriver.wait_for_live(page)
        st0 = labdriver.live_settled(root)
        assert st0["summary"] == nb07.summary(**nb07.DEFAULTS)
        labdriver.live_drag(page, root, fraction=0.25, moves=30)
        st = labdriver.live_settled(root)
        assert st["frames"] - st0["frames"] >= 3, "no pictures while dragging in Notebook 7"
        assert st["lastValues"] == st["values"] and st["summary"] == nb07.summary(**st["lastValues"])
        root.screenshot(path=str(screenshot_dir / "notebook7-07-explorer.png"))
        player = labdriver.scroll_to(page, ".rbteach-player .rbteach-player-canvas", 120)
        box = page.locator(".rbteach-player").filter(has=page.locator(".rbteach-player-canvas")).first
        box.scroll_into_view_if_needed()
        box.get_by_role("button", name="Play").click()
        t0 = box.evaluate("r => r.rbteach.state.t")
        labdriver.wait_until(lambda: box.evaluate("r => r.rbteach.state.t") > t0, 10,
                             "the player does not play in Notebook 7")
        assert player.count() == 1
        extra = [e for e in page.js_errors if e not in own]
        assert not extra, f"JavaScript errors in Notebook 7: {extra}"
    finally:
        page.close()
