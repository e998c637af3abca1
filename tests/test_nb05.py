"""Explorer and self-checks of notebook 05 (quaternions)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from rbteach import quaternion
from rbteach.exercises import nb05 as ex
from rbteach.explorers import nb05
from _figtools import pixels as _pixels  # noqa: E402


def test_axis_from_angles():
    np.testing.assert_allclose(nb05.axis_from_angles(0, 90), [0, 0, 1], atol=1e-15)
    np.testing.assert_allclose(nb05.axis_from_angles(90, 0), [0, 1, 0], atol=1e-15)
    n = nb05.axis_from_angles(45, np.degrees(np.arctan(1 / np.sqrt(2))))
    np.testing.assert_allclose(n, np.ones(3) / np.sqrt(3))


def test_compute_matches_quaternion_module():
    r = nb05.compute(angle_deg=90.0, azimuth_deg=0.0, elevation_deg=90.0)  # 90° about z
    np.testing.assert_allclose(r["q"], [np.sqrt(0.5), 0, 0, np.sqrt(0.5)], atol=1e-15)
    np.testing.assert_allclose(r["R"] @ [1, 0, 0], [0, 1, 0], atol=1e-15)
    r = nb05.compute(angle_deg=-70.0, azimuth_deg=20.0, elevation_deg=-10.0)
    np.testing.assert_allclose(r["q"], quaternion.from_axis_angle(r["axis"], np.radians(-70.0)))
    np.testing.assert_allclose(r["R"], quaternion.to_matrix(r["q"]))
    np.testing.assert_allclose(r["dcm"], r["R"].T)
    np.testing.assert_allclose(quaternion.from_xyzw(r["q_xyzw"]), r["q"])


def test_summary_four_decimals_and_depends_on_angle():
    s = nb05.summary(angle_deg=180.0, azimuth_deg=0.0, elevation_deg=0.0)
    assert s.startswith("q = (w, x, y, z) = (0.0000, 1.0000, 0.0000, 0.0000)\n")
    a = nb05.summary(**nb05.DEFAULTS)
    b = nb05.summary(angle_deg=40.0, azimuth_deg=nb05.DEFAULTS["azimuth_deg"],
                     elevation_deg=nb05.DEFAULTS["elevation_deg"])
    assert a != b
    q = nb05.compute(angle_deg=40.0, azimuth_deg=nb05.DEFAULTS["azimuth_deg"],
                     elevation_deg=nb05.DEFAULTS["elevation_deg"])["q"]
    assert f"({q[0]:.4f}, {q[1]:.4f}, {q[2]:.4f}, {q[3]:.4f})" in b



def test_draw_right_wrong_differs():
    R = quaternion.to_matrix(quaternion.from_axis_angle([1, 2, 3], 1.0))
    fig_same = nb05.draw_right_wrong(R, R)
    fig_diff = nb05.draw_right_wrong(R, R.T, inertia_right=np.diag([1.0, 2, 3]), inertia_wrong=np.diag([1.0, 2, 3]),
                                     vectors=[([1, 0, 0], [0, 1, 0], "k")])
    assert np.any(_pixels(fig_same) != _pixels(fig_diff))
    with pytest.raises(ValueError, match="R_wrong"):
        nb05.draw_right_wrong(R, np.eye(2))


def test_the_main_control_is_the_angle():
    assert list(nb05.controls())[0] == "angle_deg"


@pytest.mark.parametrize("kw, word", [({"angle_deg": np.inf}, "angle_deg"), ({"azimuth_deg": "x"}, "azimuth_deg"),
                                      ({"elevation_deg": [1, 2]}, "elevation_deg")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb05.compute(**kw)


def test_summary_lines_are_short_and_never_print_minus_zero():
    for angle, az, el in ((360.0, 30.0, -20.0), (-360.0, -135.0, 10.0), (180.0, 90.0, 0.0), (0.0, -180.0, -90.0)):
        text = nb05.summary(angle, az, el)
        assert all(len(line) <= 100 for line in text.split("\n")), text
        assert "-0.0000" not in text and "-0.000," not in text and "-0.000)" not in text, text


def test_controls_have_whole_labels_and_idle_axis_controls_are_disabled():
    c = nb05.controls()
    assert list(c) == ["angle_deg", "azimuth_deg", "elevation_deg"]
    assert all(w.style.description_width == "initial" for w in c.values())
    assert not c["azimuth_deg"].disabled and not c["elevation_deg"].disabled
    c["angle_deg"].value = 360.0                        # q = -1 for every axis
    assert c["azimuth_deg"].disabled and c["elevation_deg"].disabled
    c["angle_deg"].value = 0.0
    assert c["azimuth_deg"].disabled and c["elevation_deg"].disabled
    c["angle_deg"].value = 40.0
    assert not c["azimuth_deg"].disabled and not c["elevation_deg"].disabled
    c["elevation_deg"].value = -90.0                    # the axis is -z for every azimuth
    assert c["azimuth_deg"].disabled and not c["elevation_deg"].disabled
    # and indeed nothing changes there
    assert nb05.summary(0.0, 10.0, 20.0).split("\n")[0] == nb05.summary(0.0, -100.0, 60.0).split("\n")[0]
    np.testing.assert_allclose(nb05.compute(40.0, 10.0, -90.0)["q"], nb05.compute(40.0, 120.0, -90.0)["q"], atol=1e-15)


def test_rounding_level_entries_are_not_drawn_as_bars():
    from matplotlib.patches import Rectangle

    fig = nb05.draw(360.0, 30.0, -20.0)                 # q = (-1, ~1e-16 n)
    heights = [abs(p.get_height()) for p in fig.axes[1].patches if isinstance(p, Rectangle)]
    assert heights and all(h == 0.0 or h > 1e-12 for h in heights)


# ---- the bug zoo: the special cases that hide each mistake, and generic data that show it ----------

def test_rt_i_r_equals_r_i_rt_exactly_when_r_squared_commutes_with_i():
    from rbteach import inertia

    I_box = inertia.box(1.0, 0.6, 0.3, 0.1)
    for axis in np.eye(3):                               # 90° about a principal axis: the bug is invisible
        R = quaternion.to_matrix(quaternion.from_axis_angle(axis, np.pi / 2))
        np.testing.assert_allclose(R @ I_box @ R.T, R.T @ I_box @ R, atol=1e-15)
    I_cyl = inertia.solid_cylinder(1.0, 0.2, 0.9)       # any angle about a symmetric body's axis
    R = quaternion.to_matrix(quaternion.from_axis_angle([0, 0, 1], 0.77))
    np.testing.assert_allclose(R @ I_cyl @ R.T, R.T @ I_cyl @ R, atol=1e-15)
    rng = np.random.default_rng(7)
    for _ in range(10):                                  # generic: both sides differ, and R² does not commute
        R = quaternion.to_matrix(quaternion.normalize(rng.normal(size=4)))
        agree = np.allclose(R @ I_box @ R.T, R.T @ I_box @ R)
        commute = np.allclose(R @ R @ I_box, I_box @ R @ R)
        assert agree == commute and not agree


def test_body_omega_in_the_world_formula_is_right_only_along_the_rotation_axis():
    q = quaternion.from_axis_angle([1, 2, 2], 1.1)
    n = np.array([1.0, 2.0, 2.0]) / 3
    np.testing.assert_allclose(quaternion.derivative_world(q, 1.7 * n), quaternion.derivative_body(q, 1.7 * n))
    w = np.array([0.3, -1.2, 2.0])
    mix = quaternion.derivative_world(q, w) - quaternion.derivative_body(q, w)
    np.testing.assert_allclose(mix, np.concatenate([[0.0], np.cross(w, q[1:])]), atol=1e-15)
    assert np.linalg.norm(mix) > 0.1


def test_every_zoo_mistake_is_a_hint_of_some_exercise():
    hints = " ".join(text for check in (ex.check_axis_angle_quaternion, ex.check_rotated_vector, ex.check_body_x_axis,
                                        ex.check_attitude_rate, ex.check_frame_chain) for text in check.hints)
    for words in ("(x, y, z, w)", "world formula ½ (0, ω) ⊗ q", "q* ⊗ (0, v) ⊗ q", "row of R", "wrong order",
                  "Rᵀ ω_body"):
        assert words in hints, words


def test_check_axis_angle_quaternion():
    q = quaternion.from_axis_angle(ex.EX1_AXIS, np.radians(ex.EX1_ANGLE_DEG))
    np.testing.assert_allclose(q[1:] / np.sin(np.radians(ex.EX1_ANGLE_DEG) / 2), np.array([2, -1, 2]) / 3)
    assert ex.check_axis_angle_quaternion(np.round(q, 4)) and ex.check_axis_angle_quaternion(-np.round(q, 4))
    fb = ex.check_axis_angle_quaternion(quaternion.to_xyzw(q))
    assert not fb and "scalar last" in fb
    fb = ex.check_axis_angle_quaternion(quaternion.from_axis_angle(ex.EX1_AXIS, np.radians(2 * ex.EX1_ANGLE_DEG)))
    assert not fb and "half angle" in fb
    fb = ex.check_axis_angle_quaternion(quaternion.conjugate(q))
    assert not fb and "inverse" in fb
    fb = ex.check_axis_angle_quaternion([np.cos(65.0), *(np.sin(65.0) * np.array([2, -1, 2]) / 3)])
    assert not fb and "radians" in fb
    assert "no answer yet" in ex.check_axis_angle_quaternion(None)


def test_check_rotated_vector():
    # exact: q = (0.7, 0.5, 0.1, -0.5) takes (1, -2, 0.5) to (-1.3, -1, -1.6)
    assert ex.check_rotated_vector([-1.3, -1.0, -1.6])
    R = quaternion.to_matrix(ex.EX2_Q)
    fb = ex.check_rotated_vector(R.T @ np.array(ex.EX2_V))
    assert not fb and "passive" in fb
    fb = ex.check_rotated_vector(quaternion.rotate(quaternion.from_xyzw(ex.EX2_Q), ex.EX2_V))
    assert not fb and "(x, y, z, w)" in fb
    assert "no answer yet" in ex.check_rotated_vector(None)


def test_check_body_x_axis():
    # (x, y, z, w) = (0.2, 0.4, 0.16, 0.88): first column of R(w, x, y, z)
    w, x, y, z = 0.88, 0.2, 0.4, 0.16
    col = [1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y)]
    row = [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)]
    assert ex.check_body_x_axis(col) and ex.check_body_x_axis(np.round(col, 4))
    fb = ex.check_body_x_axis(row)
    assert not fb and "columns" in fb
    fb = ex.check_body_x_axis(quaternion.to_matrix(np.array(ex.EX3_Q_XYZW))[:, 0])
    assert not fb and "from_xyzw" in fb
    assert "no answer yet" in ex.check_body_x_axis(None)


def test_check_attitude_rate():
    q = quaternion.from_axis_angle(ex.EX4_AXIS, np.radians(ex.EX4_ANGLE_DEG))
    w_b = np.array(ex.EX4_OMEGA_BODY)
    right = 0.5 * quaternion.multiply(q, np.concatenate([[0.0], w_b]))
    assert ex.check_attitude_rate(right) and not ex.check_attitude_rate(-np.round(right, 4))   # a rate: one sign
    fb = ex.check_attitude_rate(0.5 * quaternion.multiply(np.concatenate([[0.0], w_b]), q))
    assert not fb and "world formula" in fb
    assert "½" in ex.check_attitude_rate(2 * right)
    assert "no answer yet" in ex.check_attitude_rate(None)


def test_check_frame_chain():
    q_o = quaternion.from_axis_angle(ex.EX5_AXIS_O, np.radians(ex.EX5_ANGLE_O_DEG))
    q_r = quaternion.from_axis_angle(ex.EX5_AXIS_R, np.radians(ex.EX5_ANGLE_R_DEG))
    R = quaternion.to_matrix(q_r) @ quaternion.to_matrix(q_o)
    assert ex.check_frame_chain(quaternion.from_matrix(R))          # q_r ⊗ q_o, whatever its sign
    fb = ex.check_frame_chain(quaternion.multiply(q_o, q_r))
    assert not fb and "wrong order" in fb
    assert not ex.check_frame_chain(quaternion.multiply(q_r, quaternion.conjugate(q_o)))
    assert "no answer yet" in ex.check_frame_chain(None)


def test_no_seed_jargon_in_the_files_of_notebook_05():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for rel in ("notebooks/05_quaternions.ipynb", "rbteach/exercises/nb05.py", "rbteach/explorers/nb05.py"):
        text = (root / rel).read_text(encoding="utf-8")
        text = "".join(line for line in text.splitlines(True) if '"image/png"' not in line and "base64," not in line)
        # the source articles are cited by title, never as "seed 002/003" or "the seed article";
        # the word itself is fine where it is a random generator's seed (Q.random(..., seed=5))
        jargon = re.findall(r"seeds?[\s_/-]*0\d\d|seed (?:article|text|source)s?|/seeds/", text.lower())
        assert not jargon, (rel, jargon)
        assert not re.search(r"seed(?!=)", re.sub(r"random generator's seed|seed=\d+|seed=…", "", text.lower())), rel


# ---- the live explorer ---------------------------------------------------------------------------

def test_scene_shows_what_compute_computes():
    values = {"angle_deg": 115.0, "azimuth_deg": -40.0, "elevation_deg": 25.0}
    r = nb05.compute(**values)
    space, bars = nb05.scene(**values)["panels"]
    assert space["kind"] == "3d" and bars["kind"] == "xy"
    labelled = {line["label"]: line["p"] for line in space["lines"] if line["label"]}
    for i, name in enumerate(("x'", "y'", "z'")):
        np.testing.assert_array_equal(labelled[name][-1], r["R"][:, i])           # body axes = columns of R
    np.testing.assert_allclose(labelled["n"][-1], 1.15 * r["axis"])
    np.testing.assert_array_equal(np.vstack([labelled[a][-1] for a in "XYZ"]), np.eye(3))
    shafts = [line["p"] for line in space["lines"] if not line["label"] and line["width"] == 2.5]
    for i, p in enumerate(shafts):                                             # arrows from the origin to the tip
        np.testing.assert_array_equal(p[:2], [np.zeros(3), r["R"][:, i]])
    heights = np.concatenate([s["y"][1::3] for s in bars["series"] if s["x"].size in (12, 27)])
    np.testing.assert_array_equal(heights, np.concatenate([r["q"], r["R"].ravel()]))
    assert space["title"] == "115° about n: body axes = columns of R"


def test_scene_draws_no_rounding_level_bars_and_stays_in_its_view():
    space, bars = nb05.scene(360.0, 30.0, -20.0)["panels"]                   # q = (-1, ~1e-16 n)
    heights = np.concatenate([s["y"][1::3] for s in bars["series"] if s["x"].size in (12, 27)])
    assert heights[0] == -1.0 and all(h == 0.0 or abs(h) > 1e-12 for h in heights)
    for line in space["lines"]:
        p = line["p"][np.isfinite(line["p"]).all(axis=1)]
        assert np.abs(p).max() <= 1.15 + 1e-12
    assert 1.08 * 1.15 <= space["radius"]                     # the page puts a label at 1.08 × a line's end


def test_idle_axis_sliders_are_named_in_the_summary():
    """The live page sets its controls' disabled flags once: the summary says when they do nothing."""
    assert nb05.idle_controls(**nb05.DEFAULTS) == {"azimuth_deg": False, "elevation_deg": False}
    assert nb05.idle_controls(360.0, 10.0, 20.0) == {"azimuth_deg": True, "elevation_deg": True}
    assert nb05.idle_controls(-40.0, 10.0, -90.0) == {"azimuth_deg": True, "elevation_deg": False}
    assert len(nb05.summary(**nb05.DEFAULTS).split("\n")) == 2
    text = nb05.summary(0.0, 10.0, 20.0)
    assert text.split("\n")[2] == "q = +1 for every axis n: the azimuth and elevation sliders change nothing here"
    assert nb05.summary(-360.0, 10.0, 20.0).split("\n")[2].startswith("q = -1 for every axis n")
    text = nb05.summary(40.0, 10.0, -90.0)
    assert text.split("\n")[2] == "at elevation -90° n = -z for every azimuth: the azimuth slider changes nothing here"
    # and indeed they change nothing there
    assert nb05.summary(40.0, 10.0, -90.0).split("\n")[0] == nb05.summary(40.0, 170.0, -90.0).split("\n")[0]
    with pytest.raises(ValueError, match="elevation_deg"):
        nb05.idle_controls(40.0, 10.0, np.nan)


def test_a_frame_computes_once(monkeypatch):
    calls = []
    real = quaternion.from_axis_angle
    monkeypatch.setattr(quaternion, "from_axis_angle", lambda *a, **k: calls.append(a) or real(*a, **k))
    values = {"angle_deg": 65.0, "azimuth_deg": 15.0, "elevation_deg": -35.0}
    nb05._rotation.cache_clear()
    nb05.summary(**values)
    nb05.scene(**values)
    assert len(calls) == 1
    with pytest.raises(ValueError, match="read-only"):
        nb05.compute(**values)["q"][0] = 1.0


def test_check_slerp_attitude():
    p, q = np.array(ex.EX6_P), np.array(ex.EX6_Q)
    assert p @ q < 0                                           # the data make the long arc a distinct mistake
    right = quaternion.slerp(p, q, ex.EX6_T)
    # a quarter of the angle from p, along the shorter arc: independent of slerp's code
    qq = -q / np.linalg.norm(q)
    pp = p / np.linalg.norm(p)
    omega = np.arccos(pp @ qq)
    by_hand = (np.sin((1 - ex.EX6_T) * omega) * pp + np.sin(ex.EX6_T * omega) * qq) / np.sin(omega)
    np.testing.assert_allclose(right, by_hand, atol=1e-14)
    assert ex.check_slerp_attitude(np.round(right, 4)) and ex.check_slerp_attitude(-np.round(right, 4))
    fb = ex.check_slerp_attitude(quaternion.normalize((1 - ex.EX6_T) * pp + ex.EX6_T * qq))
    assert not fb and "lerp + normalise" in fb
    fb = ex.check_slerp_attitude((1 - ex.EX6_T) * p - ex.EX6_T * q)
    assert not fb and "not normalised" in fb
    om_long = np.arccos(pp @ -qq)
    fb = ex.check_slerp_attitude((np.sin((1 - ex.EX6_T) * om_long) * pp - np.sin(ex.EX6_T * om_long) * qq) / np.sin(om_long))
    assert not fb and "long way round" in fb
    assert "no answer yet" in ex.check_slerp_attitude(None)


def test_check_body_axis_turns():
    q0 = quaternion.from_axis_angle(ex.EX7_AXIS_0, np.radians(ex.EX7_ANGLE_0_DEG))
    qz = quaternion.from_axis_angle([0, 0, 1], np.radians(ex.EX7_TURN_Z_DEG))
    # independent route: turn about the body z axis seen in the world (q0 ⋄ z), then about the new body y axis
    q1 = quaternion.multiply(quaternion.from_axis_angle(quaternion.rotate(q0, [0, 0, 1]), np.radians(ex.EX7_TURN_Z_DEG)), q0)
    q2 = quaternion.multiply(quaternion.from_axis_angle(quaternion.rotate(q1, [0, 1, 0]), np.radians(ex.EX7_TURN_Y_DEG)), q1)
    assert ex.check_body_axis_turns(np.round(q2, 4)) and ex.check_body_axis_turns(-np.round(q2, 4))
    qy = quaternion.from_axis_angle([0, 1, 0], np.radians(ex.EX7_TURN_Y_DEG))
    fb = ex.check_body_axis_turns(quaternion.multiply(qy, quaternion.multiply(qz, q0)))
    assert not fb and "world z and y" in fb
    fb = ex.check_body_axis_turns(quaternion.multiply(quaternion.multiply(q0, qy), qz))
    assert not fb and "reversed" in fb
    assert "no answer yet" in ex.check_body_axis_turns(None)
