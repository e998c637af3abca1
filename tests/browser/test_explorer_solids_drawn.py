"""Solid bodies in the live explorers' 3-D panels (issue 21 §3), in Chromium on a plain page (no
JupyterLab, no kernel: a model that answers with a given scene, as the website's does).

* a box whose six sides have different colours: the pixel at the body's centre is the colour of the
  side towards the viewer, lit as rbteach.solids says (a face turned away is never painted over it),
  at the starting view and after the keyboard's orbit (arrow keys);
* the faces the page draws, and their order, are rbteach.solids.painter_order's, for the boxes of the
  explorers 01-03 and 11's top, also after an orbit;
* the "wireframe" box draws no filled face, and the picture's text alternative names the body.
"""

from __future__ import annotations

import base64
import importlib

import numpy as np
import pytest

from rbteach import solids
from rbteach.explorers import live as L
from rbteach.player import _camera

pytestmark = pytest.mark.browser

# one clearly different colour per side of the box (box_faces' order: −x, +x, −y, +y, −z, +z)
SIDES = ["#ff0000", "#0000ff", "#00c000", "#ff00ff", "#00c0c0", "#c0c000"]
SIZE = 400

MOUNT = """([spec, values, msg, bufs]) => {
  const handlers = [];
  const data = bufs.map((b) => { const s = atob(b), u = new Uint8Array(s.length);
                                 for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
                                 return new DataView(u.buffer); });
  const model = { get: (k) => ({ spec, values, poster: "" })[k], set: () => {}, save_changes: () => {},
                  on: (e, f) => { if (e === "msg:custom") handlers.push(f); },
                  send: (m) => { if (m.type === "compute")
                    queueMicrotask(() => handlers.forEach((h) => h(Object.assign({}, msg, { seq: m.seq }), data))); } };
  const el = document.getElementById("host");
  window.rbteachLiveRender({ model, el });
}"""


def _page(context, scene):
    """A page with live.js (page_module) showing ``scene`` in a SIZE × SIZE canvas."""
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    esm = L.page_module().replace("export default { render };", "window.rbteachLiveRender = render;")
    assert "window.rbteachLiveRender" in esm
    page.set_content(f"<!doctype html><html><body style='margin:0'><div id='host'></div>"
                     f"<script type='module'>{esm}</script></body></html>")
    page.wait_for_function("() => !!window.rbteachLiveRender")
    data, bufs = L.pack(scene)
    msg = {"type": "frame", "scene": data, "summary": "", "values": {}, "inactive": []}
    page.evaluate(MOUNT, [{"controls": [], "width": SIZE, "height": SIZE}, {},
                          msg, [base64.b64encode(b).decode("ascii") for b in bufs]])
    page.wait_for_function("() => document.getElementById('host').rbteachLive.frames > 0")
    return page


def _state(page, what):
    return page.evaluate(f"() => {{ const st = document.getElementById('host').rbteachLive; return {what}; }}")


def _pixel(page, x, y):
    """The canvas' colour at picture unit (x, y)."""
    return page.locator(".rbteach-live-canvas").evaluate(
        """(c, [x, y]) => { const s = c.width / 400;
           return Array.from(c.getContext('2d').getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data); }""",
        [x, y])


def _front_and_shade(faces, view):
    """The side the ray from the box's centre towards the viewer leaves by, and its colour as lit."""
    right, up, toward = _camera(view["elev"], view["azim"])
    order, shade = solids.painter_order(faces, toward, solids.light_direction(right, up, toward))
    front = int(np.argmax(solids.polygon_normals(faces) @ toward))
    rgb = np.array([int(SIDES[front][i:i + 2], 16) for i in (1, 3, 5)])
    return front, np.round(rgb * shade[front]), order


def test_the_side_towards_the_viewer_is_at_the_centre_also_after_a_keyboard_orbit(browser_context):
    faces = solids.box_faces(1.0, 1.0, 1.0)
    scene = {"panels": [L.space([], radius=1.0, elev=20.0, azim=30.0, world_axes=False,
                                solids=[L.solid3d(faces, face_colors=SIDES, name="box")])]}
    page = _page(browser_context, scene)
    centre = (SIZE / 2, 4 + (SIZE - 4) / 2)            # live.js: an untitled panel's centre
    page.locator(".rbteach-live-canvas").focus()
    # views where one side is clearly in front (not a corner at the centre): +x, +y, +z, +z, −z, +y
    keys = [[], ["ArrowLeft"] * 7, ["ArrowUp"] * 9, ["ArrowRight"] * 40, ["ArrowDown"] * 26, ["ArrowLeft"] * 45 + ["ArrowUp"] * 10]
    fronts = set()
    for presses in keys:
        for k in presses:
            page.keyboard.press(k)
        view = _state(page, "st.views[0]")
        front, want, order = _front_and_shade(faces, view)
        toward = np.sort(np.abs(_camera(view["elev"], view["azim"])[2]))
        assert toward[2] - toward[1] > 0.15, f"view {view}: no side is clearly in front (the test's own views)"
        fronts.add(front)
        got = _pixel(page, *centre)
        assert got[3] == 255 and np.abs(np.array(got[:3]) - want).max() <= 2, \
            f"view {view}: the centre shows {got}, the side {SIDES[front]} faces the viewer (lit: {want})"
        drawn = _state(page, "st.scene.panels[0].drawn[0]")
        assert drawn == order.tolist() and drawn[-1] in order and 1 <= len(drawn) <= 3, \
            f"view {view}: the page drew {drawn}, rbteach.solids.painter_order {order.tolist()}"
    assert len(fronts) >= 3, f"the orbit showed only the sides {fronts}"
    assert _state(page, "st.keyOrbits") == sum(map(len, keys))
    assert not page.js_errors, page.js_errors
    page.close()


def test_the_wireframe_box_draws_no_filled_face(browser_context):
    faces = solids.box_faces(1.0, 1.0, 1.0)
    scene = {"panels": [L.space([], radius=1.0, elev=20.0, azim=30.0, world_axes=False,
                                solids=[L.solid3d(faces, face_colors=SIDES, name="box")])]}
    page = _page(browser_context, scene)
    canvas = page.locator(".rbteach-live-canvas")
    coloured = """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
                   for (let i = 0; i < d.length; i += 4)
                     if (Math.max(d[i], d[i + 1], d[i + 2]) - Math.min(d[i], d[i + 1], d[i + 2]) > 40) n++;
                   return n; }"""
    assert canvas.evaluate(coloured) > 5000, "the solid box is not drawn"
    assert "a shaded box" in canvas.get_attribute("aria-label")
    box = page.locator(".rbteach-live-wireframe")
    assert box.is_visible()
    box.locator("input").check()
    assert canvas.evaluate(coloured) == 0, "the wireframe still fills faces"
    assert _pixel(page, SIZE / 2, 4 + (SIZE - 4) / 2)[:3] == [255, 255, 255]
    grey = """(c) => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let n = 0;
               for (let i = 0; i < d.length; i += 4) if (d[i] < 160 && Math.abs(d[i] - d[i + 2]) < 8) n++;
               return n; }"""
    assert canvas.evaluate(grey) > 300, "the wireframe draws no edges"
    assert "the edges of a box" in canvas.get_attribute("aria-label")
    box.locator("input").uncheck()
    assert canvas.evaluate(coloured) > 5000
    assert not page.js_errors, page.js_errors
    page.close()


@pytest.mark.parametrize("name, values", [("nb01", {}), ("nb01", {"shape": "cylinder", "dx": -0.6, "dz": 0.7}),
                                          ("nb02", {}), ("nb03", {}), ("nb11", {})])
def test_explorers_draw_their_bodies_in_painter_order(browser_context, name, values):
    module = importlib.import_module(f"rbteach.explorers.{name}")
    scene = module.scene(**{**module.DEFAULTS, **values})
    i = next(k for k, p in enumerate(scene["panels"]) if p.get("solids"))
    sol = scene["panels"][i]["solids"][0]
    faces = np.split(sol["p"].astype(np.float32).astype(float), np.cumsum(sol["sizes"])[:-1])
    page = _page(browser_context, scene)
    label = page.locator(".rbteach-live-canvas").get_attribute("aria-label")
    assert f"a shaded {sol['name']}" in label, label
    page.locator(".rbteach-live-canvas").focus()
    for presses in ([], ["ArrowLeft"] * 11 + ["ArrowDown"] * 5):
        for k in presses:
            page.keyboard.press(k)
        view = _state(page, f"st.views[{i}]")
        right, up, toward = _camera(view["elev"], view["azim"])
        want, _ = solids.painter_order(faces, toward, solids.light_direction(right, up, toward))
        got = _state(page, f"st.scene.panels[{i}].drawn[0]")
        assert got == want.tolist(), f"{name} at view {view}: the page drew {got}, rbteach {want.tolist()}"
    assert not page.js_errors, page.js_errors
    page.close()
