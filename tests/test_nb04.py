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
    assert "grip-end velocity" in a and "0.80 m" in a



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
    assert ex.check_rod_spin(right) and "correct" in ex.check_rod_spin(right)
    wrong = ex.check_rod_spin((J * L / 2) / (m * L ** 2 / 3))
    assert not wrong and "I_c" in wrong
    assert not ex.check_rod_spin(J * L / (m * L ** 2 / 12))
    assert "no answer yet" in ex.check_rod_spin(None)


def test_check_hammer_percussion():
    mh, L, mk = ex.EX2_HANDLE_MASS, ex.EX2_HANDLE_LENGTH, ex.EX2_HEAD_MASS
    m = mh + mk
    a = (mh * L / 2 + mk * L) / m
    I_c = mh * L ** 2 / 12 + mh * (L / 2 - a) ** 2 + mk * (L - a) ** 2
    assert ex.check_hammer_percussion(a + I_c / (m * a))
    # the grip-end form: I_grip / (m a)
    assert ex.check_hammer_percussion((mh * L ** 2 / 3 + mk * L ** 2) / (m * a))
    fb = ex.check_hammer_percussion(2 * L / 3)
    assert not fb and "2L/3" in fb
    fb = ex.check_hammer_percussion(I_c / (m * a))
    assert not fb and "centre of mass" in fb
    assert "no answer yet" in ex.check_hammer_percussion(None)


def test_check_impulse_energy():
    m = ex.EX3_MASS
    I = inertia.box(m, *ex.EX3_EDGES)
    J = np.array(ex.EX3_J)
    H = np.cross(ex.EX3_POINT, J)
    T = J @ J / (2 * m) + 0.5 * H @ np.linalg.solve(I, H)
    assert ex.check_impulse_energy(T)
    fb = ex.check_impulse_energy(J @ J / (2 * m))
    assert not fb and "translational" in fb
    assert not ex.check_impulse_energy(2 * T)
    assert "no answer yet" in ex.check_impulse_energy(None)
