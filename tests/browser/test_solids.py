"""Solid bodies in the attitude player (issue 21 §3), in Chromium on a plain page (no JupyterLab):
a face turned away is never painted over a face turned towards the viewer; the order and shades
the page draws are rbteach.solids.painter_order's; the wireframe toggle draws the outline instead.
"""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import quaternion as Q
from rbteach import solids
from rbteach.player import _camera, attitude_player

pytestmark = pytest.mark.browser

# six clearly different colours, one per side of the box (order of box_faces: −x, +x, −y, +y, −z, +z)
SIDES = ["#ff0000", "#0000ff", "#00ff00", "#ff00ff", "#00ffff", "#ffff00"]


def _page(context, player):
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.set_content(f"<!doctype html><html><body>{player.html()}</body></html>")
    page.locator(".rbteach-player-canvas").wait_for()
    return page


def _pixel(page, x, y):
    """The canvas' colour at CSS pixel (x, y) of the picture."""
    return page.locator(".rbteach-player-canvas").evaluate(
        """(c, [x, y]) => { const s = c.width / parseFloat(c.style.width);
           return Array.from(c.getContext('2d').getImageData(Math.round(x * s), Math.round(y * s), 1, 1).data); }""",
        [x, y])


def _set_view(page, elev, azim, t=0.0):
    page.locator(".rbteach-player").evaluate(
        "(r, [e, a, t]) => { r.rbteach.state.elev = e; r.rbteach.state.azim = a; r.rbteach.state.t = t; r.rbteach.draw(); }",
        [elev, azim, t])


@pytest.mark.parametrize("elev, azim, front", [(0.0, 0.0, 1), (0.0, 180.0, 0), (0.0, 90.0, 3), (0.0, -90.0, 2),
                                               (89.0, 0.0, 5), (-89.0, 0.0, 4)])
def test_the_face_towards_the_viewer_covers_the_face_turned_away(browser_context, elev, azim, front):
    t = np.array([0.0, 1.0])
    pl = attitude_player(t, np.tile([1.0, 0, 0, 0], (2, 1)), body_faces=solids.box_faces(1.0, 1.0, 1.0),
                         face_colors=SIDES, trace_axis=None, length=0.3, size=300)
    page = _page(browser_context, pl)
    _set_view(page, elev, azim)
    # a point inside the front side's picture, clear of the axes drawn from the centre
    rgba = _pixel(page, 150 - 25, 150 + 25)
    lit = np.array(rgba[:3]) > 8
    want = np.array([int(SIDES[front][i:i + 2], 16) > 0 for i in (1, 3, 5)])
    assert rgba[3] == 255 and (lit == want).all(), \
        f"view ({elev}, {azim}): the picture shows {rgba} where the side {SIDES[front]} faces the viewer"
    assert page.locator(".rbteach-player").evaluate("r => r.rbteach.state.order").count(front) == 1
    assert not page.js_errors
    page.close()


def test_page_draws_painter_order_of_rbteach_for_a_turning_t_handle(browser_context):
    t = np.linspace(0.0, 2.0, 9)
    q = Q.from_rotation_vector(np.outer(t, [0.7, -1.1, 0.4]))
    faces = solids.t_handle_faces()
    pl = attitude_player(t, q, body_faces=faces, trace_axis=2, length=0.7)
    page = _page(browser_context, pl)
    for elev, azim, tq in [(20.0, 30.0, 0.0), (-35.0, 140.0, 0.75), (70.0, -60.0, 1.5), (5.0, 250.0, 2.0)]:
        _set_view(page, elev, azim, tq)
        got = page.locator(".rbteach-player").evaluate("r => r.rbteach.state.order")
        R = Q.to_matrix(Q.normalize(page.locator(".rbteach-player").evaluate(f"r => r.rbteach.attitude({tq})")))
        right, up, toward = _camera(elev, azim)
        world = [f @ R.T for f in faces]
        want, _ = solids.painter_order(world, toward, solids.light_direction(right, up, toward))
        assert got == want.tolist(), f"view ({elev}, {azim}) at t = {tq}: page order {got}, rbteach {want.tolist()}"
        assert 3 <= len(got) <= 9          # a few sides of each box face the viewer, never a back side
    assert not page.js_errors
    page.close()


def test_the_wireframe_toggle_draws_outlines_and_back(browser_context):
    t = np.array([0.0, 1.0])
    pl = attitude_player(t, np.tile([1.0, 0, 0, 0], (2, 1)), body_faces=solids.box_faces(1.0, 1.0, 1.0),
                         face_colors=SIDES, trace_axis=None, length=0.3, size=300)
    page = _page(browser_context, pl)
    _set_view(page, 0.0, 0.0)
    assert _pixel(page, 125, 175)[3] == 255                       # solid: the +x side, opaque
    page.locator(".rbteach-wireframe").check()
    assert _pixel(page, 125, 175)[3] == 0                         # wireframe: nothing inside the outline
    edge = 150 - 0.5 * 150 / pl.data["radius"]                   # the box's left edge (half a metre from the centre)
    assert max(_pixel(page, round(edge) + i, 175)[3] for i in (-1, 0, 1)) > 0, "the wireframe draws no outline"
    page.locator(".rbteach-wireframe").uncheck()
    assert _pixel(page, 125, 175)[3] == 255
    assert not page.js_errors
    page.close()
