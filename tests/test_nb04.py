"""Explorer and self-checks of notebook 04 (forces and impulses)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import inertia, quaternion
from rbteach.body import RigidBody
from rbteach.exercises import nb04 as ex
from rbteach.explorers import nb04


def test_compute_matches_rigid_body():
    r = nb04.compute(strike=0.3, direction_deg=60.0)
    body = RigidBody(nb04.MASS, inertia.box(nb04.MASS, nb04.LENGTH, nb04.WIDTH, nb04.WIDTH))
    J = nb04.IMPULSE * np.array([np.cos(np.radians(60)), np.sin(np.radians(60)), 0.0])
    p = np.array([0.3 - nb04.LENGTH / 2, 0.0, 0.0])
    body.apply_impulse(J, point=p)
    np.testing.assert_allclose(r["v"], J / nb04.MASS)
    np.testing.assert_allclose(r["omega"], body.angular_velocity)
    np.testing.assert_allclose(body.angular_momentum, np.cross(p, J))
    for _ in range(nb04.STEPS):
        body.step(nb04.DURATION / nb04.STEPS)
    np.testing.assert_allclose(r["x"][-1], body.position)
    np.testing.assert_allclose(r["q"][-1], body.orientation)
    assert r["x"].shape == (nb04.STEPS + 1, 3) and r["q"].shape == (nb04.STEPS + 1, 4)


def test_grip_at_rest_only_at_centre_of_percussion():
    m, I = nb04.bat()
    cop = nb04.centre_of_percussion()
    assert cop == pytest.approx(nb04.LENGTH / 2 + I[2, 2] / (m * nb04.LENGTH / 2))
    # the thin-rod limit 2L/3, up to the box's width
    assert cop == pytest.approx(2 * nb04.LENGTH / 3, abs=nb04.WIDTH ** 2)
    assert np.linalg.norm(nb04.grip_velocity(nb04.strike_bat(cop))) < 1e-12
    for s in (0.0, 0.5, 1.0):
        assert np.linalg.norm(nb04.grip_velocity(nb04.strike_bat(s))) > 0.1


def test_grip_curve_matches_single_bodies():
    r = nb04.compute(strike=0.5, direction_deg=75.0)
    for i in (0, 13, 40):
        body = nb04.strike_bat(r["strikes"][i], 75.0)
        assert r["grip_across"][i] == pytest.approx(nb04.grip_velocity(body)[1], abs=1e-12)


@pytest.mark.parametrize("direction", [90.0, 35.0, 150.0])
def test_the_grip_curve_is_the_signed_formula_with_its_zero_at_the_centre_of_percussion(direction):
    """v_grip,y = J_y (1/m − (s − L/2)(L/2)/I_zz): percussion.transverse_velocity, sign kept."""
    from rbteach import percussion

    r = nb04.compute(strike=0.8, direction_deg=direction)
    m, I = nb04.bat()
    J_y = nb04.IMPULSE * np.sin(np.radians(direction))
    formula = percussion.transverse_velocity(m, I[2, 2], r["strikes"] - nb04.LENGTH / 2, -nb04.LENGTH / 2, J_y)
    np.testing.assert_allclose(r["grip_across"], formula, atol=1e-13)
    assert r["grip_across"][0] == pytest.approx(3.9952 * J_y, abs=1e-4)      # hit at the grip: forwards
    assert r["grip_across"][-1] == pytest.approx(-1.9952 * J_y, abs=1e-4)    # hit at the tip: backwards
    before, beyond = r["strikes"] < r["cop"], r["strikes"] > r["cop"]
    assert (r["grip_across"][before] > 0).all() and (r["grip_across"][beyond] < 0).all()
    assert nb04.compute(strike=r["cop"], direction_deg=direction)["grip_velocity"][1] == pytest.approx(0.0, abs=1e-12)


def test_grip_velocity_uses_attitude():
    body = nb04.strike_bat(1.0)
    body.step(0.3)
    g = quaternion.rotate(body.orientation, [-nb04.LENGTH / 2, 0, 0])
    np.testing.assert_allclose(nb04.grip_velocity(body), body.velocity + np.cross(body.angular_velocity, g))


def test_summary_depends_on_main_control():
    a = nb04.summary(**nb04.DEFAULTS)
    b = nb04.summary(strike=0.2, direction_deg=nb04.DEFAULTS["direction_deg"])
    assert a != b
    r = nb04.compute(strike=0.2)
    assert f"{r['omega'][2]:.3f}" in b
    assert "grip-end velocity" in a and "0.8000 m" in a
    assert "centre of percussion" not in a


def test_summary_names_the_centre_of_percussion_and_shows_the_grip_at_rest_there():
    cop = nb04.centre_of_percussion()
    text = nb04.summary(strike=cop, direction_deg=90.0)
    assert "0.6669 m from the grip = the centre of percussion" in text
    assert "grip-end velocity just after = (0.000, 0.000, 0.000)" in text
    assert all(len(line) <= 100 for line in text.split("\n"))


def test_the_strike_slider_reaches_the_centre_of_percussion_exactly():
    cop = nb04.centre_of_percussion()
    assert cop == pytest.approx(0.6669, abs=5e-5)
    strike = nb04.controls()["strike"]
    assert strike.step == nb04.STRIKE_STEP and strike.readout_format == ".4f"
    # a slider value within half a step snaps to the centre of percussion, exactly
    for grid_value in (0.67, 0.665 + 1e-9, 0.6715):
        strike.value = grid_value
        assert strike.value == cop
    # the grid points around it stay what they are
    for grid_value in (0.66, 0.68, 0.8):
        strike.value = grid_value
        assert strike.value == grid_value
    # there the grip's velocity just after the blow is zero: the 0.02 grid of old could not get below 0.01 m/s
    strike.value = 0.67
    assert np.linalg.norm(nb04.grip_velocity(nb04.strike_bat(strike.value))) < 1e-12
    assert min(np.linalg.norm(nb04.grip_velocity(nb04.strike_bat(s))) for s in np.arange(0, 1.01, 0.02)) > 0.01
    assert nb04.snap_strike(0.3) == 0.3 and nb04.snap_strike(cop + 0.004) == cop
    with pytest.raises(ValueError, match="strike"):
        nb04.snap_strike(np.nan)


def test_the_grip_moves_after_the_blow_at_the_centre_of_percussion():
    body = nb04.strike_bat(nb04.centre_of_percussion())
    assert np.linalg.norm(nb04.grip_velocity(body)) < 1e-12     # zero just after the blow ...
    body.step(0.1)
    assert np.linalg.norm(nb04.grip_velocity(body)) > 0.1       # ... not afterwards


def test_energy_of_an_impulse_on_a_moving_body_is_half_j_dot_both_point_velocities():
    rng = np.random.default_rng(4)
    for _ in range(5):
        body = RigidBody(1.3, inertia.box(1.3, 0.5, 0.3, 0.2), position=rng.normal(size=3),
                         velocity=rng.normal(size=3), angular_velocity=rng.normal(size=3),
                         orientation=quaternion.normalize(rng.normal(size=4)))
        J, p = rng.normal(size=3), body.position + rng.normal(scale=0.3, size=3)
        r = p - body.position
        T0, vp0 = body.kinetic_energy, body.velocity + np.cross(body.angular_velocity, r)
        body.apply_impulse(J, point=p)
        vp1 = body.velocity + np.cross(body.angular_velocity, r)
        assert body.kinetic_energy - T0 == pytest.approx(0.5 * J @ (vp0 + vp1), rel=1e-10)
        assert abs(body.kinetic_energy - T0 - 0.5 * J @ vp1) > 1e-3     # the from-rest formula is not it


def test_controls_in_reading_order_with_whole_labels():
    c = nb04.controls()
    assert list(c) == ["strike", "direction_deg"]
    assert all(w.style.description_width == "initial" for w in c.values())



def test_the_main_control_is_the_strike_point():
    assert list(nb04.controls())[0] == "strike"


@pytest.mark.parametrize("kw, word", [({"strike": -0.1}, "strike"), ({"strike": 2.0}, "strike"),
                                      ({"strike": np.nan}, "strike"), ({"direction_deg": "up"}, "direction_deg"),
                                      ({"direction_deg": 270.0}, "direction_deg must be between 0 and 180"),
                                      ({"direction_deg": -5.0}, "direction_deg must be between 0 and 180")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb04.compute(**kw)


def test_check_rod_spin():
    m, L, J = ex.EX1_MASS, ex.EX1_LENGTH, ex.EX1_IMPULSE
    right = (J * L / 2) / (m * L ** 2 / 12)
    assert right == pytest.approx(8.8889, abs=5e-5)
    for typed in (8.8889, 8.889, [8.8889]):                 # as the notebook prints it: accepted
        fb = ex.check_rod_spin(typed)
        assert fb and "correct" in fb, fb
    fb = ex.check_rod_spin("8.8889")                         # text: refused in plain words
    assert not fb and "without quotes" in fb
    wrong = ex.check_rod_spin((J * L / 2) / (m * L ** 2 / 3))
    assert not wrong and "I_c" in wrong
    assert "hinged" in ex.check_rod_spin(J * L / (m * L ** 2 / 3))
    assert "L/2" in ex.check_rod_spin(J * L / (m * L ** 2 / 12))
    assert "no answer yet" in ex.check_rod_spin(None)


def test_check_hammer_percussion():
    mh, L, mk = ex.EX2_HANDLE_MASS, ex.EX2_HANDLE_LENGTH, ex.EX2_HEAD_MASS
    m = mh + mk
    a = (mh * L / 2 + mk * L) / m
    I_c = mh * L ** 2 / 12 + mh * (L / 2 - a) ** 2 + mk * (L - a) ** 2
    assert ex.check_hammer_percussion(a + I_c / (m * a))
    assert ex.check_hammer_percussion(round(a + I_c / (m * a), 4))
    # the grip-end form: I_grip / (m a)
    assert ex.check_hammer_percussion((mh * L ** 2 / 3 + mk * L ** 2) / (m * a))
    fb = ex.check_hammer_percussion(2 * L / 3)
    assert not fb and "2L/3" in fb
    fb = ex.check_hammer_percussion(I_c / (m * a))
    assert not fb and "centre of mass" in fb
    assert "head" in ex.check_hammer_percussion(L - (a + I_c / (m * a)))
    assert "no answer yet" in ex.check_hammer_percussion(None)


def test_check_impulse_energy_on_a_moving_box():
    m = ex.EX3_MASS
    I = inertia.box(m, *ex.EX3_EDGES)
    J, p, x = np.array(ex.EX3_J), np.array(ex.EX3_POINT), np.array(ex.EX3_POSITION)
    v0, w0 = np.array(ex.EX3_VELOCITY), np.array(ex.EX3_ANGULAR_VELOCITY)
    r = p - x
    # by hand, independent of RigidBody: unrotated box, so I_world = I
    v1, w1 = v0 + J / m, w0 + np.linalg.solve(I, np.cross(r, J))
    T = lambda v, w: 0.5 * m * v @ v + 0.5 * w @ I @ w
    dT = T(v1, w1) - T(v0, w0)
    assert dT == pytest.approx(0.5 * J @ (v0 + np.cross(w0, r) + v1 + np.cross(w1, r)))
    assert ex.check_impulse_energy(dT) and ex.check_impulse_energy(round(dT, 4))
    fb = ex.check_impulse_energy(0.5 * J @ (v1 + np.cross(w1, r)))      # the from-rest formula
    assert not fb and "only when J·v_p before = 0" in fb
    fb = ex.check_impulse_energy(T(v1, w1))
    assert not fb and "after − before" in fb
    H = np.cross(r, J)
    fb = ex.check_impulse_energy(J @ J / (2 * m) + 0.5 * H @ np.linalg.solve(I, H))
    assert not fb and "already moving" in fb
    assert not ex.check_impulse_energy(2 * dT)
    assert "no answer yet" in ex.check_impulse_energy(None)


def test_no_seed_jargon_in_the_files_of_notebook_04():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for rel in ("notebooks/04_forces_and_impulses.ipynb", "rbteach/exercises/nb04.py", "rbteach/explorers/nb04.py"):
        text = (root / rel).read_text(encoding="utf-8")
        text = "".join(line for line in text.splitlines(True) if '"image/png"' not in line and "base64," not in line)
        assert "seed" not in text.lower(), rel


# ---- the live explorer ---------------------------------------------------------------------------

def test_the_flight_is_rigid_body_step_for_every_strike_and_direction():
    """compute flies the bat with dynamics.simulate('euler'): RigidBody.step's update, to rounding."""
    for strike, direction in ((0.0, 90.0), (0.37, 25.0), (1.0, 150.0), (0.8, 0.0)):
        r = nb04.compute(strike=strike, direction_deg=direction)
        body = nb04.strike_bat(strike, direction)
        xs, qs = [body.position], [body.orientation]
        for _ in range(nb04.STEPS):
            body.step(nb04.DURATION / nb04.STEPS)
            xs.append(body.position)
            qs.append(body.orientation)
        np.testing.assert_allclose(r["x"], xs, atol=1e-14)
        np.testing.assert_allclose(r["q"], qs, atol=1e-14)


def test_compute_snaps_to_the_centre_of_percussion_like_the_slider():
    """The live page sends the slider's raw 0.01 grid: 0.67 must give the centre of percussion."""
    cop = nb04.centre_of_percussion()
    r = nb04.compute(strike=0.67, direction_deg=90.0)
    assert r["strike"] == cop and np.linalg.norm(r["grip_velocity"]) < 1e-12
    assert nb04.compute(strike=0.66, direction_deg=90.0)["strike"] == 0.66
    text = nb04.summary(strike=0.67, direction_deg=90.0)
    assert text.startswith("hit 0.6669 m from the grip = the centre of percussion")
    assert "grip-end velocity just after = (0.000, 0.000, 0.000)" in text
    assert "0.6700" not in text and "centre of percussion" not in nb04.summary(strike=0.66, direction_deg=90.0)
    # the live picture marks the hit at the centre of percussion, at grip speed 0
    marker = next(s for s in nb04.scene(strike=0.67, direction_deg=90.0)["panels"][1]["series"] if s["marker"])
    assert marker["x"][0] == cop and abs(marker["y"][0]) < 1e-12
    assert nb04.scene(strike=0.67, direction_deg=90.0)["panels"][0]["title"].startswith("hit 0.6669 m")


def test_scene_shows_what_compute_computes():
    from rbteach.explorers import live

    values = {"strike": 0.37, "direction_deg": 125.0}
    r = nb04.compute(**values)
    top, speed = nb04.scene(**values)["panels"]
    by_label = {s["label"]: s for p in (top, speed) for s in p["series"] if s["label"]}
    com = by_label["centre of mass path"]
    np.testing.assert_array_equal(com["x"], r["x"][:, 0])
    np.testing.assert_array_equal(com["y"], r["x"][:, 1])
    grip = quaternion.rotate(r["q"], [-nb04.LENGTH / 2, 0, 0]) + r["x"]
    np.testing.assert_allclose(by_label["grip end path"]["x"], grip[:, 0], atol=1e-15)
    np.testing.assert_allclose(by_label["grip end path"]["y"], grip[:, 1], atol=1e-15)
    curve = next(s for s in speed["series"] if s["color"] == "#009E73")      # the y component: AXIS_COLORS[1]
    np.testing.assert_array_equal(curve["x"], r["strikes"])
    np.testing.assert_array_equal(curve["y"], r["grip_across"])
    # the bat's snapshots: from the grip to the tip at the sampled times, the first one the resting bat
    bats = [s for s in top["series"] if s["x"].size == 2 and s["width"] == 5.0]
    assert len(bats) == nb04.N_SNAPSHOTS
    np.testing.assert_allclose(np.c_[bats[-1]["x"], bats[-1]["y"]], [[-0.5, 0.0], [0.5, 0.0]], atol=1e-15)
    t_last = quaternion.rotate(r["q"][-1], [nb04.LENGTH / 2, 0, 0]) + r["x"][-1]
    np.testing.assert_allclose([bats[0]["x"][1], bats[0]["y"][1]], t_last[:2], atol=1e-15)
    # the impulse arrow ends at the strike point, along J
    arrow = next(s for s in top["series"] if s["color"] == "#D55E00")
    np.testing.assert_allclose([arrow["x"][1], arrow["y"][1]], r["point"][:2])
    np.testing.assert_allclose([arrow["x"][1] - arrow["x"][0], arrow["y"][1] - arrow["y"][0]], 0.35 * r["J"][:2])
    # in float32 on the page, the same numbers
    data, buffers = live.pack({"panels": [speed]})
    i = next(k for k, c in enumerate(speed["series"]) if c is curve)
    y = np.frombuffer(buffers[data["panels"][0]["series"][i]["y"]["__buf__"]], dtype=np.float32)
    np.testing.assert_allclose(y, r["grip_across"], rtol=1e-7)
    # every velocity drawn fits the fixed axis, for every direction
    for direction in (0.0, 45.0, 90.0, 135.0, 180.0):
        v = nb04.compute(strike=0.5, direction_deg=direction)["grip_across"]
        assert speed["ylim"][0] < v.min() and v.max() < speed["ylim"][1]


def test_scene_curve_is_the_formula_and_marks_the_hit_the_zero_and_the_backwards_band():
    from rbteach import percussion
    from rbteach.plotting import AXIS_COLORS

    values = {"strike": 0.9, "direction_deg": 60.0}
    r = nb04.compute(**values)
    speed = nb04.scene(**values)["panels"][1]
    m, I = nb04.bat()
    J_y = nb04.IMPULSE * np.sin(np.radians(60.0))
    curve = next(s for s in speed["series"] if s["color"] == AXIS_COLORS[1])
    np.testing.assert_allclose(curve["y"], percussion.transverse_velocity(
        m, I[2, 2], curve["x"] - nb04.LENGTH / 2, -nb04.LENGTH / 2, J_y), atol=1e-13)
    assert curve["y"][0] > 0 > curve["y"][-1]                        # signed: the tip hit knocks it backwards
    hit = next(s for s in speed["series"] if s["marker"])
    assert hit["x"][0] == 0.9 and hit["y"][0] == pytest.approx(r["grip_velocity"][1]) and hit["y"][0] < 0
    labels = {s["label"]: s for s in speed["series"] if s["label"]}
    star = labels[f"centre of percussion {r['cop']:.4f} m"]
    assert np.nanmean(star["x"]) == pytest.approx(r["cop"], abs=2e-3) and abs(np.nanmean(star["y"])) < 0.05
    band = next(s for s in speed["series"] if s["width"] > 100)      # the shaded strike points
    np.testing.assert_allclose(band["x"], [r["cop"], nb04.LENGTH])
    assert band["width"] >= speed_panel_height_px() and band["color"] == labels["grip knocked backwards"]["color"]
    assert speed["series"][0] is band                                 # under everything else
    assert speed["ylabel"] == "grip velocity across the bat (m/s)"
    # a blow along the bat moves the grip along it only: nothing across, nothing backwards
    along = nb04.scene(strike=0.9, direction_deg=180.0)["panels"][1]
    assert not any(s["width"] > 100 for s in along["series"])
    assert "grip knocked backwards" not in {s["label"] for s in along["series"]}
    assert np.all(nb04.compute(strike=0.9, direction_deg=180.0)["grip_across"] == 0.0)


def speed_panel_height_px():
    return nb04.LIVE_SIZE[1] - nb04.PAGE_MARGINS[1]


def test_top_view_keeps_one_metre_equal_across_and_up_on_the_page():
    top, speed = nb04.scene(**nb04.DEFAULTS)["panels"]
    W, H = nb04.LIVE_SIZE
    width_px = W * top["width"] / (top["width"] + speed["width"])
    across = (width_px - nb04.PAGE_MARGINS[0]) / (top["xlim"][1] - top["xlim"][0])
    up = (H - nb04.PAGE_MARGINS[1]) / (top["ylim"][1] - top["ylim"][0])
    assert across == pytest.approx(up, rel=1e-9)
    assert 0.4 < top["width"] / (top["width"] + speed["width"]) < 0.6


def test_a_frame_computes_once(monkeypatch):
    calls = []
    real = nb04.strike_bat
    monkeypatch.setattr(nb04, "strike_bat", lambda *a, **k: calls.append(a) or real(*a, **k))
    values = {"strike": 0.43, "direction_deg": 65.0}
    nb04._flight.cache_clear()
    nb04.summary(**values)
    nb04.scene(**values)
    assert len(calls) == 1
    with pytest.raises(ValueError, match="read-only"):
        nb04.compute(**values)["x"][0, 0] = 1.0            # shared between summary and scene: read-only


def test_check_choked_sweet_spot():
    L, h = ex.EX4_LENGTH, ex.EX4_HOLD
    a = L / 2 - h
    right = L / 2 + (L ** 2 / 12) / a                 # by hand: a · d = k², k² = L²/12
    assert right == pytest.approx(0.6228, abs=5e-5)
    assert ex.check_choked_sweet_spot(right) and ex.check_choked_sweet_spot(0.6228)
    assert not ex.check_choked_sweet_spot(right * 1.03)
    fb = ex.check_choked_sweet_spot(2 * L / 3)
    assert not fb and "2L/3" in fb
    assert "from the centre of mass" in ex.check_choked_sweet_spot((L ** 2 / 12) / a)
    assert "from the hands" in ex.check_choked_sweet_spot(a + (L ** 2 / 12) / a)
    assert "not about the end" in ex.check_choked_sweet_spot(L / 2 + (L ** 2 / 3) / a)
    assert "not h" in ex.check_choked_sweet_spot(L / 2 + (L ** 2 / 12) / h)
    assert "no answer yet" in ex.check_choked_sweet_spot(None)


def test_check_hammer_period():
    mh, L, mk, g = ex.EX2_HANDLE_MASS, ex.EX2_HANDLE_LENGTH, ex.EX2_HEAD_MASS, ex.EX5_G
    m = mh + mk
    a = (mh * L / 2 + mk * L) / m
    I_grip = mh * L ** 2 / 3 + mk * L ** 2              # by hand, about the nail
    right = 2 * np.pi * np.sqrt(I_grip / (m * g * a))
    assert right == pytest.approx(1.6612, abs=5e-5)
    # the length of the equivalent simple pendulum is the centre of percussion of Exercise 2
    assert I_grip / (m * a) == pytest.approx(ex._percussion()[0])
    assert ex.check_hammer_period(right) and ex.check_hammer_period(1.661)
    assert "as long as the hammer" in ex.check_hammer_period(2 * np.pi * np.sqrt(L / g))
    assert "point mass at the centre of mass" in ex.check_hammer_period(2 * np.pi * np.sqrt(a / g))
    assert "I_grip" in ex.check_hammer_period(2 * np.pi * np.sqrt((I_grip - m * a ** 2) / (m * g * a)))
    assert "angular frequency" in ex.check_hammer_period(np.sqrt(m * g * a / I_grip))
    assert "2π is missing" in ex.check_hammer_period(np.sqrt(I_grip / (m * g * a)))
    assert "no answer yet" in ex.check_hammer_period(None)
