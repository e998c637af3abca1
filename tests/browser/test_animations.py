"""The attitude players (rbteach.player, notebooks 07, 08, 10 and 11) in a default JupyterLab.

:func:`check_player` is run by ``test_explorers.py::test_notebook_in_lab``, in the same page as the
notebook's explorer and after the same Run All (one run of each notebook in JupyterLab). After Run All, scrolled to as a person scrolls (JupyterLab's default windowed notebook), each
player must show a picture (a canvas with drawing on it, not a blank); Play must advance the time
and change the pixels, at the display's frame rate; dragging the 3-D view must turn it; "reset
view" must bring the first picture back; the attitude the page draws must be rbteach's SLERP of the
stored samples (to rounding), and a moving body's position their straight-line interpolation; the
"wireframe" box must swap the solid body for its outline and back; and no JavaScript error may be raised.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

import labdriver
from rbteach.player import slerp_samples

pytestmark = pytest.mark.browser

PLAYER_NOTEBOOKS = [p for p in sorted(labdriver.NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
                    if "rbteach-player" in p.read_text(encoding="utf-8")]

_CANVAS_HASH_JS = """(c) => {
  const g = c.getContext('2d'); const d = g.getImageData(0, 0, c.width, c.height).data;
  let h = 2166136261 >>> 0, ink = 0;
  for (let i = 0; i < d.length; i += 4) { h = Math.imul(h ^ d[i] ^ (d[i+1] << 8) ^ (d[i+2] << 16), 16777619) >>> 0;
    if (d[i+3] > 0 && (d[i] < 200 || d[i+1] < 200 || d[i+2] < 200)) ink++; }
  return [h.toString(16), ink];
}"""


def controls_layout(root) -> list:
    """Where each control of a player is (x, y, width, rounded to the pixel): they must not move."""
    return root.evaluate("""r => { const o = r.getBoundingClientRect();
        const sel = '.rbteach-player-controls button, .rbteach-player-controls input, .rbteach-player-controls select, .rbteach-time-label';
        return [...r.querySelectorAll(sel)].map(e => { const b = e.getBoundingClientRect();
        return [e.className || e.tagName, Math.round(b.x - o.x), Math.round(b.y - o.y), Math.round(b.width)]; }); }""")


def test_the_players_are_found_and_each_is_checked_in_lab():
    from test_explorers import LAB_NOTEBOOKS

    assert {"07", "08", "10", "11"} <= {p.name[:2] for p in PLAYER_NOTEBOOKS}
    assert set(PLAYER_NOTEBOOKS) <= set(LAB_NOTEBOOKS)


def check_player(page, path, screenshot_dir) -> None:
    """The player of ``path``, in a page where the notebook is open and Run All was chosen: it shows,
    plays, orbits and draws rbteach's SLERP (the module docstring)."""
    player = labdriver.scroll_to(page, ".rbteach-player .rbteach-player-canvas", timeout=180)
    labdriver.wait_until_run(page)          # later cells' outputs no longer move the player's buttons
    root = page.locator(".rbteach-player").filter(has=page.locator(".rbteach-player-canvas")).first
    root.scroll_into_view_if_needed()
    canvas = player
    h0, ink = canvas.evaluate(_CANVAS_HASH_JS)
    assert ink > 500, f"{path.name}: the player's canvas is blank ({ink} drawn pixels)"
    root.screenshot(path=str(screenshot_dir / f"{path.stem}-player-first.png"))

    # the page's attitude is rbteach's SLERP of the stored samples
    data = json.loads(root.locator(".rbteach-player-data").first.text_content())
    t, q = np.array(data["t"]), np.array(data["q"])
    probe = [float(t[0]), float(t[0] + 0.37 * (t[-1] - t[0])), float(t[0] + 0.731 * (t[-1] - t[0])), float(t[-1])]
    got = np.array(root.evaluate("(r, ts) => ts.map(x => r.rbteach.attitude(x))", probe))
    want = slerp_samples(t, q, probe)
    assert np.abs(got - want).max() < 1e-12, f"{path.name}: page attitude differs from rbteach by {np.abs(got - want).max():.2e}"
    if data["x"] is not None:            # a moving body: its origin goes in straight lines between samples
        x = np.array(data["x"])
        got_x = np.array(root.evaluate("(r, ts) => ts.map(x => r.rbteach.position(x))", probe))
        want_x = np.stack([np.interp(probe, t, x[:, i]) for i in range(3)], axis=1)
        assert np.abs(got_x - want_x).max() < 1e-12, f"{path.name}: page position differs from the samples'"
    if data["faces"]:                    # a solid body: some faces drawn; the wireframe box draws outlines instead
        assert root.evaluate("r => r.rbteach.state.order.length") > 0, f"{path.name}: no face of the body drawn"
        wire = root.locator(".rbteach-wireframe")
        wire.check()
        assert root.evaluate("r => r.rbteach.state.order.length") == 0 and canvas.evaluate(_CANVAS_HASH_JS)[0] != h0, \
            f"{path.name}: the wireframe box did not change the picture"
        root.screenshot(path=str(screenshot_dir / f"{path.stem}-player-wireframe.png"))
        wire.uncheck()
        assert canvas.evaluate(_CANVAS_HASH_JS)[0] == h0, f"{path.name}: unticking wireframe did not bring the solid back"

    # Play: time advances, pixels change, frames come at the display's rate
    label = root.locator(".rbteach-time-label")
    before = label.inner_text()
    root.locator(".rbteach-speed").select_option("0.25")      # slow: most runs last many seconds
    layout = controls_layout(root)
    t_play, clock0 = root.evaluate("r => [r.rbteach.state.t, performance.now()]")
    root.get_by_role("button", name="Play").click()
    labdriver.wait_until(lambda: root.evaluate("r => r.rbteach.state.playing"), 5,
                         f"{path.name}: clicking Play did not start the player")
    # the controls stay where they were when Play became Pause (teacher's review, problem 10)
    assert controls_layout(root) == layout, f"{path.name}: the controls moved when Play became Pause"
    # 20 frames of play
    labdriver.wait_until(lambda: root.evaluate("r => r.rbteach.state.frames") >= 20, 10,
                         f"{path.name}: fewer than 20 frames of play")
    state = root.evaluate("r => [r.rbteach.state.t, r.rbteach.state.frames, r.rbteach.state.playing, performance.now()]")
    if not state[2]:
        # it may stop by itself only at the end of the run, once the page's clock has let it get
        # there at ×0.25 (a loaded machine can take that long to show 20 frames)
        played = 0.25 * (state[3] - clock0) / 1000
        t_from = t_play if t_play < data["t"][-1] else data["t"][0]      # Play at the end starts again
        assert state[0] == data["t"][-1] and played >= 0.9 * (data["t"][-1] - t_from), \
            f"{path.name}: the player stopped by itself at t = {state[0]} after {played:.2f} s of play at ×0.25"
    # Pause, if it still plays: the run may end between two calls from here (notebook 10's lasts 1.6 s
    # at x0.25), so the button is read and clicked in one task of the page
    root.evaluate("r => { if (r.rbteach.state.playing) r.querySelector('.rbteach-play').click(); }")
    assert not root.evaluate("r => r.rbteach.state.playing"), f"{path.name}: Pause did not stop the player"
    assert controls_layout(root) == layout, f"{path.name}: the controls moved when Pause became Play"
    assert state[0] > data["t"][0] and label.inner_text() != before, f"{path.name}: Play did not advance the time"
    h1, _ = canvas.evaluate(_CANVAS_HASH_JS)
    assert h1 != h0, f"{path.name}: Play moved the time, not the picture"
    root.screenshot(path=str(screenshot_dir / f"{path.stem}-player-played.png"))

    # orbit: a mouse drag on the canvas turns the view; reset view brings it back
    root.locator(".rbteach-time").first.fill(str(data["t"][0]))
    root.locator(".rbteach-time").first.dispatch_event("input")
    h_start, _ = canvas.evaluate(_CANVAS_HASH_JS)
    box = canvas.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for i in range(1, 11):
        page.mouse.move(x + 12 * i, y + 4 * i)
    page.mouse.up()
    labdriver.next_frames(page)
    h_orbit, _ = canvas.evaluate(_CANVAS_HASH_JS)
    assert h_orbit != h_start, f"{path.name}: dragging did not turn the 3-D view"
    root.get_by_role("button", name="reset view").click()
    labdriver.next_frames(page)
    assert canvas.evaluate(_CANVAS_HASH_JS)[0] == h_start, f"{path.name}: reset view did not restore the view"
    assert not page.js_errors, f"{path.name}: JavaScript errors {page.js_errors}"
