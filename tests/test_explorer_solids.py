"""Solid bodies in the live explorers' 3-D panels (issue 21 §3): ``solid3d`` and ``space(solids=...)``
refuse bad input by name; every explorer that draws a body gives it as closed faces whose normals
point outward (signed volume > 0, the body's own volume), where its edges are; the page's shading
code is written once (rbteach/solids.js) and used by both the explorers and the player.
"""

from __future__ import annotations

import importlib
import re

import numpy as np
import pytest

from rbteach import solids
from rbteach.explorers import live as L


def _faces(sol):
    return np.split(np.asarray(sol["p"], dtype=float), np.cumsum(sol["sizes"])[:-1])


def signed_volume(polys) -> float:
    """Σ over faces of (c · A) / 3, A the vector area (½ Σ p_i × p_{i+1}), c a point of the face
    (the divergence theorem): the volume of a closed surface, positive when its normals point outward."""
    return float(sum(np.cross(p, np.roll(p, -1, axis=0)).sum(axis=0) @ p[0] / 6.0 for p in polys))


# ---- bad input names the argument -----------------------------------------------------------------

@pytest.mark.parametrize("kwargs, word", [
    ({"body_faces": "box"}, "body_faces"),
    ({"body_faces": []}, "body_faces"),
    ({"body_faces": [[[0, 0, 0], [1, 0, 0]]]}, r"body_faces\[0\]"),
    ({"body_faces": [np.zeros((4, 2))]}, r"body_faces\[0\]"),
    ({"body_faces": [[[0, 0, 0], [1, 0, 0], [np.nan, 1, 0]]]}, r"body_faces\[0\]"),
    ({"body_faces": [[[0, 0, 0], [1, 0, 0], [2, 0, 0]]]}, "zero area"),
    ({"face_colors": ["red", "blue"]}, "face_colors"),
    ({"face_colors": "not a colour"}, "face_colors"),
    ({"R": np.eye(2)}, "R must have shape"),
    ({"R": 2 * np.eye(3)}, "R must be a rotation"),
    ({"center": [0.0, 1.0]}, "center"),
    ({"cull_back_faces": "yes"}, "cull_back_faces"),
    ({"name": ""}, "name"),
    ({"name": 3}, "name"),
])
def test_solid3d_refuses_bad_input_by_name(kwargs, word):
    args = {"body_faces": solids.box_faces(1.0, 1.0, 1.0), **kwargs}
    with pytest.raises(ValueError, match=word):
        L.solid3d(**args)


@pytest.mark.parametrize("bad, word", [
    ("box", r"solids must be a sequence"),
    (None, r"solids must be a sequence"),
    (3, r"solids must be a sequence"),
    ({"kind": "solid"}, r"solids must be a sequence"),
    ([{"kind": "box"}], r"solids\[0\] must be a body made by solid3d"),
    ([solids.box_faces(1, 1, 1)], r"solids\[0\] must be a body made by solid3d"),
])
def test_space_refuses_what_is_not_a_list_of_solids(bad, word):
    with pytest.raises(ValueError, match=word):
        L.space([], radius=1.0, solids=bad)


def test_space_refuses_a_solid_whose_faces_were_changed_to_a_bad_shape():
    s = L.solid3d(solids.box_faces(1.0, 1.0, 1.0))
    for change in ({"p": s["p"][:, :2]}, {"p": s["p"][:-1]}, {"sizes": [2] * 12}, {"p": s["p"] * np.nan}):
        with pytest.raises(ValueError, match=r"solids\[0\] has faces of the wrong shape"):
            L.space([], radius=1.0, solids=[{**s, **change}])


def test_line3d_wire_must_be_a_flag():
    assert L.line3d([[0, 0, 0]], color="#000000", wire=True)["wire"] is True
    assert "wire" not in L.line3d([[0, 0, 0]], color="#000000")
    with pytest.raises(ValueError, match="wire"):
        L.line3d([[0, 0, 0]], color="#000000", wire="no")


# ---- placing a body ---------------------------------------------------------------------------------

def test_solid3d_places_the_body_and_keeps_the_normals_outward_under_a_reflection():
    box = solids.box_faces(1.0, 2.0, 3.0)
    turn = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    for R in (np.eye(3), turn, np.diag([1.0, 1.0, -1.0]), -turn):
        s = L.solid3d(box, R=R, center=[0.5, -1.0, 2.0], face_colors=["#ff0000"] * 6, name="box")
        faces = _faces(s)
        assert signed_volume(faces) == pytest.approx(6.0, rel=1e-12), f"det R = {np.linalg.det(R):+.0f}"
        np.testing.assert_allclose(np.mean(s["p"], axis=0), [0.5, -1.0, 2.0], atol=1e-12)
        assert s["colors"] == "#ff0000" and s["cull"] is True and s["sizes"] == [4] * 6
    assert L.solid3d(box, face_colors=["red", "blue", "red", "red", "red", "red"])["colors"][1] == "#0000ff"


# ---- the explorers' bodies --------------------------------------------------------------------------

BODIES = [("nb01", {}, "box"), ("nb01", {"a": 1.7, "dz": -0.4}, "box"),
          ("nb01", {"shape": "cylinder", "a": 0.8, "c": 1.3, "dx": -0.6, "dz": 0.7}, "cylinder"),
          ("nb02", {}, "box"), ("nb02", {"angle": 73.0, "tilt": -20.0}, "box"),
          ("nb03", {}, "box"), ("nb03", {"yaw": 120.0, "pitch": -40.0, "roll": 75.0}, "box"),
          ("nb11", {}, "top"), ("nb11", {"tilt_deg": 60.0}, "top")]


def _body_volume(name, values):
    if name == "nb01":
        a, b, c = values["a"], values["b"], values["c"]
        if values["shape"] == "box":
            return a * b * c
        n = 24                                                    # the prism of 24 sides
        return 0.5 * n * (a / 2) ** 2 * np.sin(2 * np.pi / n) * c
    if name in ("nb02", "nb03"):
        return float(np.prod(importlib.import_module(f"rbteach.explorers.{name}").EDGES))
    return None


@pytest.mark.parametrize("name, values, kind", BODIES)
def test_every_body_is_closed_faces_with_outward_normals_where_its_edges_are(name, values, kind):
    module = importlib.import_module(f"rbteach.explorers.{name}")
    values = {**module.DEFAULTS, **values}
    scene = module.scene(**values)
    (panel,) = [p for p in scene["panels"] if p.get("solids")]
    (sol,) = panel["solids"]
    assert sol["name"] == kind and sol["cull"] is True
    faces = _faces(sol)
    assert 6 <= len(faces) <= 300, "keep the page's sort per redraw small"
    vol = signed_volume(faces)
    assert vol > 0, f"{name}: the faces' normals point inward (signed volume {vol:g})"
    want = _body_volume(name, values)
    if want is not None:
        assert vol == pytest.approx(want, rel=1e-9)
    # every face is flat and its normal points away from the body's centre (convex parts)
    normals = solids.polygon_normals(faces)
    for f, n in zip(faces, normals):
        assert np.abs((f - f[0]) @ n).max() < 1e-9
    assert np.abs(sol["p"]).max() <= 1.3 * panel["radius"], "the body leaves the 3-D view"
    # the wireframe's lines (if any) are the body's edges: every corner of a box on them
    wires = [ln["p"] for ln in panel["lines"] if ln.get("wire")]
    if kind == "box":
        (edges,) = wires
        edges = edges[np.isfinite(edges).all(axis=1)]
        for corner in sol["p"]:
            assert np.linalg.norm(edges - corner, axis=1).min() < 1e-9
    elif kind == "cylinder":
        (edges,) = wires
        edges = edges[np.isfinite(edges).all(axis=1)]
        d = np.array([values["dx"], values["dy"], values["dz"]])
        np.testing.assert_allclose(np.hypot(*(sol["p"] - d)[:, :2].T), values["a"] / 2)
        np.testing.assert_allclose(np.sort(np.unique(np.round((sol["p"] - d)[:, 2], 12))),
                                   np.sort(np.unique(np.round((edges - d)[:, 2], 12))))


def test_the_top_stands_on_the_axis_the_explorer_draws():
    from rbteach.explorers import nb11

    r = nb11.compute(**nb11.DEFAULTS)
    (sol,) = nb11.scene(**nb11.DEFAULTS)["panels"][0]["solids"]
    tip = r["axis"][-1]
    far = sol["p"][np.argmax(sol["p"] @ tip)]
    np.testing.assert_allclose(far @ tip, 1.0, atol=1e-9)          # the apex on the unit sphere
    off_axis = sol["p"] - np.outer(sol["p"] @ tip, tip)
    assert np.linalg.norm(off_axis, axis=1).max() == pytest.approx(0.3, rel=1e-9)   # the disc's radius


# ---- one implementation of the shading --------------------------------------------------------------

def test_the_shading_code_is_written_once_and_used_by_the_explorers_and_the_player():
    from pathlib import Path

    import rbteach.player as player

    shared = Path(solids.__file__).with_name("solids.js").read_text(encoding="utf-8")
    for fn in ("solidCamera", "solidOrder", "solidFill"):
        assert f"function {fn}(" in shared
        assert L.page_module().count(f"function {fn}(") == 1
        assert player._SCRIPT.count(f"function {fn}(") == 1
    live_js = Path(L.__file__).with_name("live.js").read_text(encoding="utf-8")
    # neither page has a Lambert term or a sort of faces of its own
    for text in (live_js, player._SCRIPT.replace(shared, "")):
        assert not re.search(r"0\.4 \+ 0\.6|SOLID_AMBIENT\)|\.sort\(\(a, b\) => a\[0\] - b\[0\]", text)
    assert "solidOrder(" in live_js and "solidOrder(" in player._SCRIPT.replace(shared, "")
