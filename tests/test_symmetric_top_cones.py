"""rbteach.analytic.symmetric_top_cones: the body and space cones of a symmetric top and their rates,
measured on an independent integration of Euler's equations and q̇ = ½ q ⊗ (0, ω) (SciPy's DOP853)."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from rbteach import analytic
from rbteach import quaternion as Q

E3 = np.array([0.0, 0.0, 1.0])


def _angle(u, v):
    return np.arctan2(np.linalg.norm(np.cross(u, v), axis=-1), np.sum(u * v, axis=-1))


def _turning_rate(v, axis, t):
    """Fitted rate (rad/s) at which the vectors v(t) turn about the unit vector axis (right-handed)."""
    e1 = np.cross(axis, [1.0, 0.0, 0.0] if abs(axis[0]) < 0.9 else [0.0, 1.0, 0.0])
    e1 /= np.linalg.norm(e1)
    e2 = np.cross(axis, e1)
    return np.polyfit(t, np.unwrap(np.arctan2(v @ e2, v @ e1)), 1)[0]


def _dop853(moments, w0, q0, t):
    I = np.asarray(moments, float)

    def rhs(_, y):
        w, q = y[:3], y[3:]
        dw = np.array([(I[1] - I[2]) * w[1] * w[2] / I[0], (I[2] - I[0]) * w[2] * w[0] / I[1],
                       (I[0] - I[1]) * w[0] * w[1] / I[2]])
        qw, qx, qy, qz = q
        wx, wy, wz = w                                    # ½ q ⊗ (0, ω_body)
        dq = 0.5 * np.array([-qx * wx - qy * wy - qz * wz, qw * wx + qy * wz - qz * wy,
                             qw * wy - qx * wz + qz * wx, qw * wz + qx * wy - qy * wx])
        return np.concatenate([dw, dq])

    sol = solve_ivp(rhs, (t[0], t[-1]), np.concatenate([w0, q0]), method="DOP853", rtol=1e-12, atol=1e-12,
                    t_eval=t)
    assert sol.success
    return sol.y[:3].T, sol.y[3:].T / np.linalg.norm(sol.y[3:].T, axis=-1, keepdims=True)


def test_the_articles_plate():
    """「回転運動のシミュレーション」 (2019): I = (1, 1, 2), ω0 = (1, 0, 1): β = 45°, θ = arctan ½, |L|/A = √5."""
    c = analytic.symmetric_top_cones((1, 1, 2), (1, 0, 1))
    assert c.beta == pytest.approx(math.pi / 4, abs=1e-15)
    assert c.theta == pytest.approx(math.atan(0.5), abs=1e-15)
    assert c.alpha == pytest.approx(math.pi / 4 - math.atan(0.5), abs=1e-15)
    assert c.Omega == pytest.approx(1.0, abs=1e-15)
    assert c.precession_rate == pytest.approx(math.sqrt(5), abs=1e-15)
    assert tuple(c) == (c.beta, c.theta, c.alpha, c.Omega, c.precession_rate)


TOPS = [((1.0, 1.0, 2.0), (1.0, 0.0, 1.0)),           # the article's plate (oblate, flat)
        ((0.5, 0.5, 0.8), (0.9, -0.6, 1.5)),          # oblate
        ((2.0, 2.0, 1.2), (0.6, -0.3, 1.5)),          # prolate
        ((3.0, 3.0, 0.7), (-0.4, 1.1, -0.9)),         # prolate, spinning the other way (ω3 < 0)
        ((1.0, 1.0, 1.6), (0.2, 0.5, -1.3))]          # oblate, ω3 < 0


@pytest.mark.parametrize("moments, w0", TOPS)
def test_angles_and_rates_are_those_of_the_integrated_motion(moments, w0):
    moments, w0 = np.array(moments), np.array(w0)
    q0 = Q.normalize([0.9, 0.1, -0.3, 0.2])
    c = analytic.symmetric_top_cones(moments, w0)
    t = np.linspace(0.0, 30.0, 3001)
    w, q = _dop853(moments, w0, q0, t)
    L_world = Q.rotate(q, moments * w)
    L_hat = L_world[0] / np.linalg.norm(L_world[0])
    z_world, w_world = Q.rotate(q, E3), Q.rotate(q, w)
    # the three angles, constant along the motion
    np.testing.assert_allclose(_angle(w, E3), c.beta, atol=1e-9)                  # body cone: ω from e3
    np.testing.assert_allclose(_angle(z_world, L_hat), c.theta, atol=1e-9)        # e3 from L
    np.testing.assert_allclose(_angle(w_world, L_hat), c.alpha, atol=1e-9)        # space cone: ω from L
    # the rates: ω about e3 in the body (signed), e3 and ω about L in the world
    assert _turning_rate(w, E3, t) == pytest.approx(c.Omega, abs=1e-8)
    assert _turning_rate(z_world, L_hat, t) == pytest.approx(c.precession_rate, abs=1e-8)
    assert _turning_rate(w_world, L_hat, t) == pytest.approx(c.precession_rate, abs=1e-8)
    assert c.precession_rate == pytest.approx(np.linalg.norm(L_world[0]) / moments[0], rel=1e-14)


@pytest.mark.parametrize("moments, w0", TOPS)
def test_rolling_and_which_cone_is_inside(moments, w0):
    A, C = moments[0], moments[2]
    c = analytic.symmetric_top_cones(moments, w0)
    # rolling without slipping: the contact line moves as fast on both cones
    assert abs(c.Omega) * math.sin(c.beta) == pytest.approx(c.precession_rate * math.sin(c.alpha), rel=1e-13)
    assert math.tan(c.theta) == pytest.approx(A / C * math.tan(c.beta), rel=1e-13)
    upper = w0[2] > 0                                            # angles measured from +e3
    if (C > A) == upper:                                         # L between e3 and ω: space cone inside
        assert c.theta < c.beta and c.alpha == pytest.approx(c.beta - c.theta, abs=1e-15)
    else:                                                        # ω between e3 and L: body cone outside
        assert c.beta < c.theta and c.alpha == pytest.approx(c.theta - c.beta, abs=1e-15)


def test_flat_disc_wobbles_2_over_cos_theta_times_as_fast_as_it_spins():
    for tilt in (1e-6, 0.1, 0.5, 1.2):
        w0 = (2 * math.tan(tilt), 0.0, 1.0)                      # C = 2A: tan θ = ω⊥/(2 ω3)
        c = analytic.symmetric_top_cones((0.5, 0.5, 1.0), w0)
        assert c.theta == pytest.approx(tilt, rel=1e-14)
        assert c.precession_rate / abs(c.Omega) == pytest.approx(2 / math.cos(tilt), rel=1e-14)


def test_special_motions():
    # steady spin about the symmetry axis: no cones
    c = analytic.symmetric_top_cones((1, 1, 2), (0, 0, 3))
    assert (c.beta, c.theta, c.alpha) == (0.0, 0.0, 0.0) and c.Omega == 3.0 and c.precession_rate == 6.0
    # steady turn about a transverse axis: ω = L/A, e3 turns about it at |ω|
    c = analytic.symmetric_top_cones((1, 1, 2), (0.6, -0.8, 0))
    assert c.beta == c.theta == pytest.approx(math.pi / 2) and c.alpha == 0.0
    assert c.Omega == 0.0 and c.precession_rate == pytest.approx(1.0, rel=1e-15)
    # a sphere: ω ∥ L, no body cone rate, e3 turns about ω at |ω|
    c = analytic.symmetric_top_cones((2, 2, 2), (0.3, 0.4, 1.2))
    assert c.alpha == 0.0 and c.Omega == 0.0 and c.precession_rate == pytest.approx(1.3, rel=1e-15)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("scale", [1e-300, 1e-150, 1e150, 1e300])
def test_only_ratios_of_moments_matter_and_rates_scale_with_omega(scale):
    ref = analytic.symmetric_top_cones((1.0, 1.0, 1.6), (0.2, 0.5, -1.3))
    np.testing.assert_allclose(analytic.symmetric_top_cones((scale, scale, 1.6 * scale), (0.2, 0.5, -1.3)), ref,
                               rtol=1e-15, atol=0)
    two = 2.0 ** round(math.log2(scale))                                  # a power of two: exactly the same
    assert analytic.symmetric_top_cones((two, two, 1.6 * two), (0.2, 0.5, -1.3)) == ref
    c = analytic.symmetric_top_cones((1.0, 1.0, 1.6), np.array([0.2, 0.5, -1.3]) * scale)
    np.testing.assert_allclose(c[:3], ref[:3], rtol=1e-15, atol=0)
    np.testing.assert_allclose(c[3:], np.array(ref[3:]) * scale, rtol=1e-14, atol=0)


def test_refused():
    with pytest.raises(ValueError, match="omega0 must not be zero"):
        analytic.symmetric_top_cones((1, 1, 2), (0, 0, 0))
    with pytest.raises(ValueError, match="moments must have I1 = I2"):
        analytic.symmetric_top_cones((1, 1.5, 2), (1, 0, 1))
    with pytest.raises(ValueError, match="omega0 is too large"):
        analytic.symmetric_top_cones((1, 1, 2), (1e308, 0, 1.7e308))
