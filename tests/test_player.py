"""The attitude player's Python side: SLERP between samples, validated arguments, a self-contained
HTML block (nothing from the internet) with a poster for places that run no script."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from rbteach import quaternion as Q
from rbteach.player import attitude_player, slerp_samples


def _constant_rate(t, omega=(0.3, -0.2, 0.9)):
    return Q.from_rotation_vector(np.outer(t, omega))


def test_slerp_is_exact_for_a_constant_rate_rotation_and_hits_the_samples():
    t = np.linspace(0.0, 10.0, 41)
    q = _constant_rate(t)
    tq = np.linspace(0.0, 10.0, 997)
    got = slerp_samples(t, q, tq)
    want = _constant_rate(tq)
    assert np.abs(Q.angle_between(got, want)).max() < 1e-12      # a constant rate is a geodesic
    np.testing.assert_allclose(slerp_samples(t, q, t), q, atol=1e-14)
    np.testing.assert_allclose(Q.norm(got), 1.0, atol=1e-15)


def test_slerp_takes_the_short_way_across_the_double_cover():
    t = np.array([0.0, 1.0])
    q = _constant_rate(t)
    q[1] *= -1                                                   # same attitude, other sign
    mid = slerp_samples(t, q, [0.5])[0]
    assert Q.angle_between(mid, _constant_rate([0.5])[0]) < 1e-12


def test_player_html_is_self_contained_with_a_poster_and_the_data():
    t = np.linspace(0.0, 5.0, 51)
    pl = attitude_player(t, _constant_rate(t), vectors_world={"L": [0.0, 0.0, 1.0]}, title="demo")
    bundle = pl._repr_mimebundle_()
    html = bundle["text/html"]
    assert set(bundle) == {"text/html", "image/png", "text/plain"}
    assert bundle["image/png"].startswith("iVBOR")                # the poster, for GitHub and untrusted views
    assert "data:image/png;base64," in html and "rbteach-player-canvas" in html
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", html), "nothing may load from the internet"
    data = json.loads(re.search(r'class="rbteach-player-data">(.*?)</script>', html, re.S).group(1))
    assert len(data["t"]) == 51 and np.allclose(Q.norm(np.array(data["q"])), 1.0)
    assert data["vectors"][0]["label"] == "L" and "0x" not in bundle["text/plain"]


@pytest.mark.parametrize("kw, word", [
    ({"t": [0.0]}, "t"), ({"t": [0.0, 0.0, 1.0]}, "t"), ({"q": np.ones((3, 4))}, "q"),
    ({"length": -1.0}, "length"), ({"size": 50}, "size"), ({"trace_axis": 3}, "trace_axis"),
    ({"vectors_world": {"L": np.ones((2, 3))}}, "vectors_world"), ({"body_edges": np.ones((3, 3))}, "body_edges"),
    ({"speed": 0.0}, "speed"), ({"t": [0.0, np.nan, 2.0]}, "t"),
])
def test_bad_arguments_name_themselves(kw, word):
    t = np.linspace(0.0, 1.0, 5)
    args = {"t": t, "q": _constant_rate(t)}
    if "t" in kw and "q" not in kw:
        args["q"] = _constant_rate(np.arange(len(kw["t"])))
    args.update(kw)
    with pytest.raises(ValueError, match=word):
        attitude_player(**{k: v for k, v in args.items() if k in ("t", "q")},
                        **{k: v for k, v in args.items() if k not in ("t", "q")})


# ----------------------------------------------------------------------------- solid bodies

from pathlib import Path  # noqa: E402

from rbteach import solids  # noqa: E402
from rbteach.player import _camera  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def _stored_player(name: str) -> dict:
    """The data of the (last) player stored in a committed notebook: what the page plays."""
    nb = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    found = [o["data"]["text/html"] for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
             if "rbteach-player-data" in "".join(o.get("data", {}).get("text/html", ""))]
    assert found, f"{name} stores no attitude player"
    html = "".join(found[-1])
    return json.loads(re.search(r'class="rbteach-player-data">(.*?)</script>', html, re.S).group(1))


def test_mesh_polygons_merge_a_box_into_its_six_outward_sides():
    polys = solids.box_faces(1.0, 2.0, 3.0, center=[0.5, 0.0, -1.0])
    assert [len(p) for p in polys] == [4] * 6
    n = solids.polygon_normals(polys)
    centre = np.array([0.5, 0.0, -1.0])
    outward = np.einsum("ij,ij->i", n, np.array([p.mean(axis=0) for p in polys]) - centre)
    assert np.all(outward > 0) and np.allclose(np.abs(n).sum(axis=1), 1.0)
    # the T-handle: two boxes, 12 sides; their outlines are plotting.mesh_outline's edges (24 = 2 × 12)
    from rbteach import inertia, plotting

    V, F = inertia.t_handle_mesh()
    sides = solids.mesh_polygons(V, F)
    edges = {tuple(sorted((tuple(np.round(p[i], 9)), tuple(np.round(p[(i + 1) % len(p)], 9))))) for p in sides
             for i in range(len(p))}
    outline = {tuple(sorted((tuple(np.round(a, 9)), tuple(np.round(b, 9))))) for a, b in plotting.mesh_outline(V, F)}
    assert len(sides) == 12 and edges == outline


def test_painter_order_culls_the_back_and_sorts_far_to_near():
    box = solids.box_faces(1.0, 1.0, 1.0)            # −x, +x, −y, +y, −z, +z
    right, up, toward = _camera(20.0, 30.0)          # looking from +x, +y, above
    order, shade = solids.painter_order(box, toward, solids.light_direction(right, up, toward))
    assert sorted(order.tolist()) == [1, 3, 5]       # only the three sides towards the viewer
    depth = [box[k].mean(axis=0) @ toward for k in order]
    assert depth == sorted(depth)
    assert np.all(shade >= solids.AMBIENT) and np.all(shade <= 1.0)
    order_all, _ = solids.painter_order(box, toward, solids.light_direction(right, up, toward), cull=False)
    assert len(order_all) == 6 and order_all[-3:].tolist() == order.tolist()   # the back sides first
    # a plate and a small box in front of it, seen from +x: the plate (behind) is drawn first
    plate = solids.box_faces(0.02, 1.0, 1.0, center=[-0.5, 0, 0])
    cube = solids.box_faces(0.2, 0.2, 0.2, center=[0.3, 0, 0])
    order, _ = solids.painter_order(plate + cube, [1.0, 0, 0], [0, 0, 1.0])
    assert order.tolist() == [1, 7]


def test_solid_player_data_and_bad_faces():
    t = np.linspace(0.0, 1.0, 5)
    faces = solids.top_faces(0.1, 0.01, 0.1)
    pl = attitude_player(t, _constant_rate(t), body_faces=faces, face_colors="C1", length=0.15)
    assert len(pl.data["faces"]) == len(faces) == 46 and set(pl.data["face_colors"]) == {"#ff7f0e"}
    n = np.array(pl.data["normals"])
    assert pl.data["cull"] is True and np.allclose(n[:2], [[0, 0, -1], [0, 0, 1]])   # the disc's two ends, outward
    for kw, word in [({"body_faces": [[[0, 0, 0], [1, 0, 0]]]}, "body_faces"),
                     ({"body_faces": [[[0, 0, 0], [1, 0, 0], [2, 0, 0]]]}, "zero area"),
                     ({"body_faces": "box"}, "body_faces"),
                     ({"body_faces": faces, "face_colors": ["red"] * 3}, "face_colors"),
                     ({"body_faces": faces, "face_colors": "not a colour"}, "face_colors"),
                     ({"face_colors": "red"}, "face_colors"), ({"body_faces": faces, "cull_back_faces": 1}, "cull"),
                     ({"position_world": np.zeros((4, 3))}, "position_world"),
                     ({"position_world": np.full((5, 3), np.nan)}, "position_world"),
                     ({"world_edges": np.zeros((2, 3))}, "world_edges"), ({"view": (95.0, 0.0)}, "view")]:
        with pytest.raises(ValueError, match=word):
            attitude_player(t, _constant_rate(t), **kw)
    for bad, word in [({"radius": 0.0}, "radius"), ({"apex": 0.1}, "apex"), ({"stem_radius": 0.2}, "stem_radius")]:
        with pytest.raises(ValueError, match=word):
            solids.top_faces(**{"radius": 0.1, "thickness": 0.01, "arm": 0.1, **bad})


def test_notebook_11_player_nods_between_the_cubics_roots_and_loops():
    from rbteach import top
    from rbteach.explorers import nb11

    d = _stored_player("11_heavy_top.ipynb")
    q = np.array(d["q"])
    axis = top.symmetry_axis(q)
    tilt = np.arccos(axis[:, 2])
    I1, I3 = nb11.MOMENTS[0], nb11.MOMENTS[2]
    assert "−3 rad/s" in d["title"]                                  # the case the notebook plays
    lo, hi = top.nutation_bounds(I1, I3, nb11.MGL, np.radians(40.0), -3.0, 60.0)
    assert lo - 1e-6 < tilt.min() and tilt.max() < hi + 1e-6          # between the cubic's roots …
    assert tilt.min() - lo < 1e-5 and hi - tilt.max() < 1e-5          # … and on both
    assert d["trace"] == 2 and d["x"] is None and len(d["faces"]) == 46
    # the apex's azimuth runs backwards and forwards: loops (waves would keep one sense)
    phi = np.unwrap(np.arctan2(axis[:, 1], axis[:, 0]))
    assert np.diff(phi).min() < 0 < np.diff(phi).max()
    # the nutation circles drawn are at the roots' tilts, at the apex's distance
    ends = np.array(d["world_edges"]).reshape(-1, 3)
    assert np.allclose(np.linalg.norm(ends, axis=1), d["length"])
    assert np.allclose(sorted(set(np.round(np.arccos(ends[:, 2] / d["length"]), 6))), np.round([lo, hi], 6))


def test_notebook_10_player_strikes_the_floor_at_the_contact_frame():
    from rbteach import quaternion as Qn
    from rbteach.explorers import nb10

    d = _stored_player("10_collisions.ipynb")
    t, q, x = np.array(d["t"]), np.array(d["q"]), np.array(d["x"])
    half = Qn.rotate(q, [0.5 * nb10.LENGTH, 0.0, 0.0])
    low = np.minimum((x - half)[:, 2], (x + half)[:, 2])
    r = nb10.compute(e=0.6, mu=0.3, tilt_deg=30.0, spin=0.0)
    h = nb10.SPEED ** 2 / (2 * nb10.GRAVITY)
    t_star = np.sqrt(2 * h / nb10.GRAVITY)
    k = int(np.argmin(np.abs(t - t_star)))
    assert abs(t[k] - t_star) < 1e-8 and abs(low[k]) < 1e-8           # the impact is a sample, end on the floor
    assert np.all(low[:k] > 1e-4) and np.all(low[k + 1:] > 0)          # never through the floor
    down = np.array([0.0, 0.0, -nb10.GRAVITY])
    v_in = (x[k] - x[k - 1]) / (t[k] - t[k - 1]) + 0.5 * (t[k] - t[k - 1]) * down
    v_out = (x[k + 1] - x[k]) / (t[k + 1] - t[k]) - 0.5 * (t[k + 1] - t[k]) * down
    np.testing.assert_allclose(v_in, r["v"], atol=1e-6)                # 3 m/s down, as contact.collide had it
    np.testing.assert_allclose(v_out, r["v_after"], atol=1e-6)        # the jump is contact's impulse / m
    np.testing.assert_allclose(v_out - v_in, r["impulse"].J / nb10.MASS, atol=1e-6)
    assert np.allclose(q[:k + 1], q[0], atol=1e-9) and not np.allclose(q[k + 1], q[k], atol=1e-6)   # turns after
    assert t[-1] - t_star == pytest.approx(r["next_contact"] - 0.005, abs=1e-9)   # until the upper end comes down


def test_a_players_data_is_not_a_printed_answer():
    """The student edition hides outputs that print an exercise's answer (rbteach.course.answer_leaks);
    the numbers of a player's JSON block and script are not printed: a player stays in the edition."""
    from rbteach import course

    t = np.linspace(0.0, 1.0, 3)
    q = _constant_rate(t)
    q[1] = [np.sqrt(1 - 0.126263328 ** 2), 0.126263328, 0.0, 0.0]   # a sample that happens to hold 0.1263 …
    html = attitude_player(t, q, title="demo")._repr_mimebundle_()["text/html"]
    assert "0.126" in html
    out = {"output_type": "display_data", "data": {"text/html": html}}
    nb = {"cells": [{"cell_type": "code", "source": "", "outputs": [out]}]}
    assert course.answer_leaks(nb, {"check": [0.12626460334257947]}) == []
    out["data"]["text/html"] = html + "<p>L_z = 0.1263 N m s</p>"     # … but a printed one is a leak
    assert course.answer_leaks(nb, {"check": [0.12626460334257947]}) == [(0, 0, "0.1263", "check")]
