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


def test_grip_speed_curve_matches_single_bodies():
    r = nb04.compute(strike=0.5, direction_deg=75.0)
    for i in (0, 13, 40):
        body = nb04.strike_bat(r["strikes"][i], 75.0)
        assert r["grip_speeds"][i] == pytest.approx(np.linalg.norm(nb04.grip_velocity(body)), abs=1e-12)


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
                                      ({"strike": np.nan}, "strike"), ({"direction_deg": "up"}, "direction_deg")])
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
    assert not fb and "only for a body at rest" in fb
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
        text = "".join(line for line in text.splitlines(True) if '"image/png"' not in line)
        assert "seed" not in text.lower(), rel
