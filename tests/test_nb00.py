"""Explorer and exercise checks of notebook 00 (conventions).

The generic checks (contract, sweep, palette, student answers) live in test_explorer_*.py and
test_exercises_student.py; this file checks what is particular to notebook 00: the explorer's
numbers, its range (−360° … 360°, the text promises q = (−1, 0, 0, 0) at 360°), its one-line
message for a zero axis, the view of its 3-D panels, the live picture (scene() draws compute()'s
numbers, one computation per frame, everything in view), and the exercises' data and answers
against independent formulas (SciPy's scalar-last quaternions, Rodrigues' formula).
"""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from scipy.spatial.transform import Rotation  # noqa: E402

from rbteach import quaternion  # noqa: E402
from rbteach.exercises import nb00 as ex  # noqa: E402
from rbteach.explorers import message, nb00  # noqa: E402


def _rodrigues(axis, angle):
    """Rotation matrix by Rodrigues' formula (independent of rbteach.quaternion)."""
    n = np.asarray(axis, dtype=float) / np.linalg.norm(axis)
    K = np.array([[0, -n[2], n[1]], [n[2], 0, -n[0]], [-n[1], n[0], 0]])
    return np.eye(3) + np.sin(angle) * K + (1 - np.cos(angle)) * K @ K


def test_compute_matches_rbteach_quaternion():
    c = nb00.compute(angle=90.0, axis_x=0.0, axis_y=0.0, axis_z=2.0)
    q = quaternion.from_axis_angle([0.0, 0.0, 1.0], np.pi / 2)
    np.testing.assert_allclose(c["q"], q)
    np.testing.assert_allclose(c["R"], quaternion.to_matrix(q))
    np.testing.assert_allclose(c["dcm"], c["R"].T)
    np.testing.assert_allclose(c["q_xyzw"], quaternion.to_xyzw(q))
    np.testing.assert_allclose(c["axis"], [0.0, 0.0, 1.0])
    # Active rotation: body x ends up along world y.
    np.testing.assert_allclose(c["R"][:, 0], [0.0, 1.0, 0.0], atol=1e-15)


def test_defaults_permute_the_axes():
    c = nb00.compute(**nb00.DEFAULTS)
    np.testing.assert_allclose(c["q"], [0.5, 0.5, 0.5, 0.5])
    np.testing.assert_allclose(c["R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]], atol=1e-15)


def test_summary_shows_q_and_depends_on_the_angle():
    s = nb00.summary(**nb00.DEFAULTS)
    assert "(0.500, 0.500, 0.500, 0.500)" in s
    # the matrix R row by row (the live picture has no room for draw()'s printed matrix)
    assert "[  0.000   0.000   1.000 ]" in s.split("\n")[1] and "[  0.000   1.000   0.000 ]" in s.split("\n")[3]
    assert all(len(line) <= 100 for line in s.split("\n"))
    other = nb00.summary(**{**nb00.DEFAULTS, "angle": 60.0})
    assert other != s
    w = np.cos(np.radians(30.0))
    assert f"{w:.3f}" in other


def test_the_main_control_is_the_angle_and_it_reaches_360_degrees():
    ctrls = nb00.controls()
    assert list(ctrls)[0] == "angle"
    assert ctrls["angle"].min == -360.0 and ctrls["angle"].max == 360.0
    # What the notebook's text promises at 360°: the identity rotation with q = (−1, 0, 0, 0).
    c = nb00.compute(**{**nb00.DEFAULTS, "angle": ctrls["angle"].max})
    np.testing.assert_allclose(c["q"], [-1.0, 0.0, 0.0, 0.0], atol=1e-15)
    np.testing.assert_allclose(c["R"], np.eye(3), atol=1e-15)
    assert "(-1.000, 0.000, 0.000, 0.000)" in nb00.summary(**{**nb00.DEFAULTS, "angle": 360.0})
    # 180° about any axis: w = 0
    assert nb00.compute(angle=180.0, axis_x=0.3, axis_y=-0.4, axis_z=0.2)["q"][0] == pytest.approx(0.0, abs=1e-15)


@pytest.mark.parametrize("axis", [(0.0, 0.0, 0.0), (1e-17, 0.0, -2e-17)])
def test_a_zero_axis_gives_one_plain_line(axis):
    kw = dict(zip(("axis_x", "axis_y", "axis_z"), axis))
    with pytest.raises(ValueError) as err:
        nb00.summary(**{**nb00.DEFAULTS, **kw})
    line = message(err.value)
    assert "\n" not in line and len(line) < 120 and "no direction" in line, line
    with pytest.raises(ValueError, match="no direction"):
        nb00.draw(**{**nb00.DEFAULTS, **kw})


@pytest.mark.parametrize("kw, word", [({"angle": float("nan")}, "angle must be finite"),
                                      ({"axis_y": "up"}, "axis_y must be")])
def test_bad_input_raises_value_error(kw, word):
    with pytest.raises(ValueError, match=word):
        nb00.compute(**{**nb00.DEFAULTS, **kw})


def _screen(view):
    """Line of sight and the screen's right and up directions of a Matplotlib 3-D view (elev, azim)."""
    el, az = np.radians(view)
    eye = np.array([np.cos(el) * np.cos(az), np.cos(el) * np.sin(az), np.sin(el)])
    right = np.array([-np.sin(az), np.cos(az), 0.0])
    return eye, right, np.cross(eye, right)


def _view_quality(view, vectors):
    """(least angle to the line of sight, least angle between two different lines on the screen), degrees."""
    eye, right, up = _screen(view)
    los = np.degrees(np.arccos(np.abs(vectors @ eye).max()))
    ang = np.degrees(np.arctan2(vectors @ up, vectors @ right))
    sep = 180.0
    for i in range(len(vectors)):
        for j in range(i + 1, len(vectors)):
            if not np.isclose(abs(vectors[i] @ vectors[j]), 1.0):           # the same line in 3-D: skip
                sep = min(sep, abs((ang[i] - ang[j] + 90.0) % 180.0 - 90.0))
    return los, sep


def test_the_panel_view_points_no_axis_of_the_notebooks_figure_at_the_viewer():
    # notebook 00's three panels: 45° about z, the same numbers read scalar last, the DCM used as R
    q = quaternion.from_axis_angle([0.0, 0.0, 1.0], np.radians(45.0))
    panels = [quaternion.to_matrix(q), quaternion.to_matrix(quaternion.from_xyzw(q)), quaternion.to_matrix(q).T]
    for R in panels:
        vectors = np.concatenate([R.T, np.eye(3)])                      # body axes and world axes
        los, sep = _view_quality(nb00.PANEL_VIEW, vectors)
        assert los >= 45.0 and sep >= 30.0, (los, sep)
    # Matplotlib's default view (30°, −60°) fails: the notebook's old 60° example put x_b of its third
    # panel 30° from the line of sight, where it looked like −z
    q60 = quaternion.from_axis_angle([0.0, 0.0, 1.0], np.radians(60.0))
    assert _view_quality((30.0, -60.0), np.concatenate([quaternion.to_matrix(q60), np.eye(3)]))[0] < 31.0


def test_the_explorer_view_shows_the_default_state_clearly():
    c = nb00.compute(**nb00.DEFAULTS)
    vectors = np.concatenate([c["R"].T, np.eye(3), [c["axis"]]])          # body, world, rotation axis
    los, sep = _view_quality(nb00.VIEW, vectors)
    assert los >= 28.0 and sep >= 28.0, (los, sep)


def test_draw_frames_labels_world_and_body_axes():
    fig = plt.figure()
    ax = fig.add_subplot(projection="3d")
    nb00.draw_frames(ax, quaternion.to_matrix(quaternion.from_axis_angle([1, 2, 3], 0.7)))
    texts = {t.get_text() for t in ax.texts}
    assert {"x_w", "y_w", "z_w", "x_b", "y_b", "z_b"} <= texts
    assert (ax.elev, ax.azim) == nb00.VIEW
    nb00.draw_frames(ax, np.eye(3), view=nb00.PANEL_VIEW)
    assert (ax.elev, ax.azim) == nb00.PANEL_VIEW
    assert all(t.get_fontsize() >= 10 for t in ax.texts)
    plt.close(fig)


# ---- exercises: the data discriminate, and the answers agree with independent formulas ----------

def test_exercise_1_scalar_last_data_and_answer():
    q = ex.check_xyzw_conversion.expected
    assert ex.check_xyzw_conversion(q) and ex.check_xyzw_conversion(np.round(q, 4).tolist())
    # SciPy stores (x, y, z, w): its matrix of Q_XYZW equals ours of the converted quaternion
    np.testing.assert_allclose(Rotation.from_quat(ex.Q_XYZW).as_matrix(), quaternion.to_matrix(q), atol=1e-12)
    np.testing.assert_allclose(quaternion.to_matrix(q), _rodrigues([2, -3, 6], np.radians(110)), atol=1e-12)
    # generic data: no two components equal in size, none zero (so every reordering is visible)
    mags = np.abs(ex.Q_XYZW)
    assert mags.min() > 0.2 and np.diff(np.sort(mags)).min() > 0.1
    assert "Move the last entry" in ex.check_xyzw_conversion(ex.Q_XYZW)


def test_exercise_2_composition_order():
    right = ex.check_composition.expected
    R = quaternion.to_matrix(right)
    np.testing.assert_allclose(R, _rodrigues([0, 0, 1], np.radians(70)) @ _rodrigues([1, 0, 0], np.radians(40)),
                               atol=1e-12)
    # body x: stays on x under the first turn, then turns 70° about z
    np.testing.assert_allclose(R[:, 0], [np.cos(np.radians(70)), np.sin(np.radians(70)), 0.0], atol=1e-12)
    assert ex.check_composition(right) and ex.check_composition(-right)
    assert "RIGHT" in ex.check_composition(quaternion.multiply(ex.Q_X, ex.Q_Z))
    assert "Hamilton product" in ex.check_composition(ex.Q_X + ex.Q_Z)
    assert "conjugate" in ex.check_composition(quaternion.conjugate(right))
    assert "scalar last" in ex.check_composition(quaternion.to_xyzw(right))
    # SciPy composes the same way: (r_z * r_x) applies r_x first
    r = Rotation.from_euler("x", 40, degrees=True)
    r = Rotation.from_euler("z", 70, degrees=True) * r
    np.testing.assert_allclose(r.as_matrix(), R, atol=1e-12)


def test_exercise_3_body_vector_to_world():
    v_world = ex.check_body_to_world.expected
    np.testing.assert_allclose(v_world, _rodrigues([1, 2, -2], np.radians(130)) @ ex.V_BODY, atol=1e-12)
    np.testing.assert_allclose(v_world, Rotation.from_quat(ex.Q_R_XYZW).apply(ex.V_BODY), atol=1e-12)
    assert np.isclose(np.linalg.norm(v_world), np.linalg.norm(ex.V_BODY))       # a rotation keeps lengths
    assert ex.check_body_to_world(np.round(v_world, 4))
    dcm = quaternion.to_matrix(quaternion.from_xyzw(ex.Q_R_XYZW)).T
    assert "DCM" in ex.check_body_to_world(dcm @ ex.V_BODY)
    assert "from_xyzw" in ex.check_body_to_world(quaternion.to_matrix(ex.Q_R_XYZW) @ ex.V_BODY)


def test_convention_9_euler_sequences_are_spelled_as_scipy_spells_them():
    """Card 3 and convention 9: "ZYX" (intrinsic) with (yaw, pitch, roll) = R_z R_y R_x = "xyz" (extrinsic)
    with (roll, pitch, yaw), in rbteach and in SciPy alike (SciPy is the notebook's named reference)."""
    from rbteach import rotation

    yaw, pitch, roll = 0.7, -0.4, 1.1                                 # card 3's angles
    R = _rodrigues([0, 0, 1], yaw) @ _rodrigues([0, 1, 0], pitch) @ _rodrigues([1, 0, 0], roll)
    for seq, angles in (("ZYX", [yaw, pitch, roll]), ("xyz", [roll, pitch, yaw])):
        np.testing.assert_allclose(Rotation.from_euler(seq, angles).as_matrix(), R, atol=1e-12)
        np.testing.assert_allclose(rotation.euler_to_matrix(angles, seq), R, atol=1e-12)
    # the case matters: "zyx" (extrinsic) is a different rotation, in both
    assert not np.allclose(Rotation.from_euler("zyx", [yaw, pitch, roll]).as_matrix(), R, atol=1e-3)
    np.testing.assert_allclose(rotation.euler_to_matrix([yaw, pitch, roll], "zyx"),
                               Rotation.from_euler("zyx", [yaw, pitch, roll]).as_matrix(), atol=1e-12)


def test_placeholders_say_no_answer_yet():
    for check in (ex.check_xyzw_conversion, ex.check_composition, ex.check_body_to_world):
        fb = check(None)
        assert not fb and "no answer yet" in fb


# ---- the live explorer (rbteach.explorers.live) ----------------------------------------------------

LIVE_POINTS = [nb00.DEFAULTS, {"angle": -250.0, "axis_x": -0.9, "axis_y": -0.1, "axis_z": -0.7},
               {"angle": 35.0, "axis_x": 0.3, "axis_y": 0.0, "axis_z": 0.0}]


def _lines(panel):
    return {ln["label"]: ln["p"] for ln in panel["lines"] if ln["label"]}


@pytest.mark.parametrize("values", LIVE_POINTS)
def test_the_scene_draws_what_compute_gives(values):
    c = nb00.compute(**values)
    left, right = nb00.scene(**values)["panels"]
    assert left["kind"] == "3d" and right["kind"] == "xy"
    lines = _lines(left)
    for i, name in enumerate(("x_b", "y_b", "z_b")):             # body axes: the columns of R, 0.8 long
        np.testing.assert_allclose(lines[name][1], 0.8 * c["R"][:, i], atol=1e-15)
        np.testing.assert_allclose(lines[name][-1], 0.8 * c["R"][:, i], atol=1e-15)   # the label sits at the tip
    for i, name in enumerate(("x_w", "y_w", "z_w")):
        np.testing.assert_allclose(lines[name][-1], 1.3 * np.eye(3)[i])
    np.testing.assert_allclose(lines["axis"], [-1.1 * c["axis"], 1.1 * c["axis"]], atol=1e-15)
    bars = [s for s in right["series"] if s["width"] > 8.0]      # the four thick bars, w x y z in order
    assert [s["x"][0] for s in bars] == [0.0, 1.0, 2.0, 3.0]
    np.testing.assert_allclose([s["y"][1] for s in bars], c["q"], atol=1e-12)
    assert [lab for _, lab in right["xticks"]] == ["w", "x", "y", "z"]        # the static picture's ticks
    assert [p for p, _ in right["xticks"]] == [s["x"][0] for s in bars]       # under their bars
    assert not [s["label"] for s in right["series"] if s["label"]]            # no legend, no caption
    assert right["xlabel"] == ""
    assert [s["color"] for s in bars][1:] == list(__import__("rbteach").plotting.AXIS_COLORS)


def test_the_scene_follows_the_angle_and_stays_in_view():
    a, b = nb00.scene(**nb00.DEFAULTS), nb00.scene(**{**nb00.DEFAULTS, "angle": 125.0})
    assert not np.allclose(_lines(a["panels"][0])["x_b"], _lines(b["panels"][0])["x_b"])
    for values in LIVE_POINTS:
        left = nb00.scene(**values)["panels"][0]
        for ln in left["lines"]:
            p = ln["p"][np.isfinite(ln["p"]).all(axis=1)]
            tip = 1.08 * p[-1] if ln["label"] else p[-1]          # the page writes a label at 1.08 × the last point
            # in view whichever way the panel is turned: no point farther from O than the half-width
            assert np.linalg.norm(p, axis=1).max() <= left["radius"] and np.linalg.norm(tip) <= left["radius"]


def test_summary_and_scene_of_one_frame_share_one_computation(monkeypatch):
    nb00._rotation.cache_clear()                                          # a fresh frame
    calls = []
    real = quaternion.from_axis_angle
    monkeypatch.setattr(quaternion, "from_axis_angle", lambda *a, **k: calls.append(1) or real(*a, **k))
    values = {"angle": 47.0, "axis_x": 0.2, "axis_y": -0.6, "axis_z": 0.9}     # not computed before
    nb00.summary(**values)
    nb00.scene(**values)
    assert len(calls) == 1
    with pytest.raises(ValueError):                              # shared, so nobody may change it
        nb00.compute(**values)["q"][0] = 2.0


def test_a_zero_axis_gives_the_live_page_its_one_line():
    from rbteach.explorers import live

    reply, buffers = live._answer(nb00, {**nb00.DEFAULTS, "axis_x": 0.0, "axis_y": 0.0, "axis_z": 0.0})
    assert "no direction" in reply["error"] and "\n" not in reply["error"] and buffers == []
    assert reply["inactive"] == []                               # the axis sliders stay usable to leave it


# --- the prose of notebook 00 (issue 17 §3) ----------------------------------------------------

_NB00 = __import__("pathlib").Path(__file__).resolve().parents[1] / "notebooks" / "00_index_and_conventions.ipynb"


def _cells(path):
    import json

    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def test_canonical_form_jumps_at_half_turns_but_angle_between_does_not():
    # Pitfall 4: a canonical form is unique but not a tolerance-based equality test near 180°
    p = quaternion.normalize([1e-9, 1.0, 0.3, 0.0])
    q = quaternion.normalize([-1e-9, 1.0, 0.3, 0.0])
    r_p, r_q = Rotation.from_quat(quaternion.to_xyzw(p)), Rotation.from_quat(quaternion.to_xyzw(q))
    assert (r_p.inv() * r_q).magnitude() < 1e-8                                 # SciPy: the same attitude
    assert quaternion.angle_between(p, q) < 1e-8 and abs(p @ q) > 1 - 1e-12
    assert not np.allclose(quaternion.canonical(p), quaternion.canonical(q))
    text = "".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                   for c in _cells(_NB00))
    assert "not* a tolerance-based equality test" in text


def test_cylinder_moments_equal_at_h_sqrt3_r():
    from rbteach import inertia

    m, r = 1.0, 0.3
    I = inertia.solid_cylinder(m, r, np.sqrt(3) * r)
    assert np.allclose(np.diag(I), 0.045)                                       # m r²/2 = m(3r² + h²)/12
    assert not np.isclose(*np.diag(inertia.solid_cylinder(m, r, 1.7 * r))[1:])


def test_sources_name_the_frame_and_say_what_is_not_known():
    src = "".join("".join(c["source"]) for c in _cells(_NB00) if c["cell_type"] == "markdown")
    sources = src[src.index("## Sources"):src.index("## Why a conventions card")]
    assert r"\omega_\text{body} = (\cos t, \sin t, 1)" in sources
    assert "November 19, 2019" in sources and "What is not known" in sources
    assert "seed" not in sources.lower()


@pytest.mark.parametrize("name", ["00_index_and_conventions", "01_inertia_tensor", "02_principal_axes",
                                  "03_frames"])
def test_code_lines_fit_without_scrolling(name):
    # teacher.md problem 15: long code lines scroll sideways; keep them at 90 characters or less
    path = _NB00.parent / f"{name}.ipynb"
    long = [(i, line) for i, c in enumerate(_cells(path)) if c["cell_type"] == "code"
            for line in "".join(c["source"]).split("\n") if len(line) > 90]
    assert not long, long[:3]
