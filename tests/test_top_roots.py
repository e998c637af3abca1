"""rbteach.top's roots over the whole parameter space (issue 17 §1): numpy.roots and an integration as oracles.

The old bracketing skipped the root between cos θ0 and 1 whenever θ̇0 ≠ 0 and f(1) = 0 (L_z = L3: a top
with a special precession, or a top that does not spin at all, a pendulum). These tests reach those edges on
purpose: L_z = ±L3, ω3 = φ̇0 = 0, θ̇0 = 0, negative spins, starts near the vertical (up and down).
"""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.integrate import solve_ivp

from rbteach import top

ISSUE_A = (1.0, 0.5, 2.0, 0.8, 1.5 / (1 + np.cos(0.8)), 3.0, 0.3)   # L_z = L3, θ̇0 ≠ 0
ISSUE_B = (1.0, 0.5, 2.0, 2.5, 0.0, 0.0, 0.7)                        # a pendulum: ω3 = φ̇0 = 0


def _integrated(args, t_end, n=4000):
    """The top integrated by SciPy (DOP853, rtol 1e-12) in body axes with a quaternion: times and cos θ."""
    I1, I3, mgl, th0, pd0, w3, td0 = args
    inertia = np.array([I1, I1, I3])
    w_body = np.array([td0, pd0 * math.sin(th0), w3])
    q = np.array([math.cos(th0 / 2), math.sin(th0 / 2), 0.0, 0.0])

    def rhs(_, y):
        w, (qw, qx, qy, qz) = y[:3], y[3:]
        up_body = np.array([2 * (qx * qz - qw * qy), 2 * (qy * qz + qw * qx), 1 - 2 * (qx * qx + qy * qy)])
        torque = mgl * np.cross([0.0, 0.0, 1.0], -up_body)            # r × m g, r = l e_z, g = −g ẑ
        dw = (torque - np.cross(w, inertia * w)) / inertia
        dq = 0.5 * np.array([-qx * w[0] - qy * w[1] - qz * w[2], qw * w[0] + qy * w[2] - qz * w[1],
                             qw * w[1] + qz * w[0] - qx * w[2], qw * w[2] + qx * w[1] - qy * w[0]])
        return np.concatenate([dw, dq])

    t = np.linspace(0.0, t_end, n)
    sol = solve_ivp(rhs, (0.0, t_end), np.concatenate([w_body, q]), method="DOP853", t_eval=t, rtol=1e-12,
                    atol=1e-12)
    qw, qx, qy, qz = sol.y[3:] / np.linalg.norm(sol.y[3:], axis=0)
    return t, 1 - 2 * (qx * qx + qy * qy)


@pytest.mark.parametrize("args, bounds, period", [(ISSUE_A, (0.74786, 1.92932), 3.8938),
                                                  (ISSUE_B, (2.31671, math.pi), 2.3198)])
def test_the_issue_examples(args, bounds, period):
    u = top.cubic_roots(*args)
    np.testing.assert_allclose(u, np.sort(np.roots(top.cubic_coefficients(*args)).real), atol=1e-12)
    np.testing.assert_allclose(top.nutation_bounds(*args), bounds, atol=1e-5)
    assert top.nutation_period(*args) == pytest.approx(period, abs=1e-4)
    t, u_t = _integrated(args, 3 * period, n=30001)
    theta = np.arccos(np.clip(u_t, -1, 1))
    np.testing.assert_allclose((theta.min(), theta.max()), top.nutation_bounds(*args), atol=1e-4)


def _lz_equals(sign, I1, I3, th0, w3):
    """φ̇0 that makes L_z = sign · L3: I1 φ̇0 sin²θ0 + L3 cos θ0 = ±L3."""
    c = math.cos(th0)
    return I3 * w3 * (sign - c) / (I1 * (1 - c * c))


tops = st.tuples(st.floats(0.1, 10.0), st.floats(0.05, 10.0), st.floats(0.01, 10.0))
tilts = st.one_of(st.floats(1e-6, math.pi - 1e-6), st.sampled_from([1e-6, 1e-3, 0.5, math.pi / 2, 3.0,
                                                                    math.pi - 1e-3, math.pi - 1e-6]))
rates = st.one_of(st.just(0.0), st.floats(-30.0, 30.0))
special = st.sampled_from(["free", "Lz=L3", "Lz=-L3", "pendulum"])


def _case(t, th0, pd0, w3, td0, kind):
    I1, I3, mgl = t
    if kind == "pendulum":
        pd0 = w3 = 0.0
    elif kind in ("Lz=L3", "Lz=-L3"):
        pd0 = _lz_equals(1.0 if kind == "Lz=L3" else -1.0, I1, I3, th0, w3)
    return (I1, I3, mgl, th0, pd0, w3, td0)


@settings(max_examples=400)
@given(tops, tilts, rates, rates, st.one_of(st.just(0.0), st.floats(-10.0, 10.0)), special)
def test_roots_match_numpy_roots_everywhere(t, th0, pd0, w3, td0, kind):
    args = _case(t, th0, pd0, w3, td0, kind)
    assume(abs(args[4]) < 1e6)                         # φ̇0 for L_z = ±L3 near the vertical
    u1, u2, u3 = top.cubic_roots(*args)
    u0 = math.cos(args[3])
    assert -1.0 <= u1 <= u0 <= u2 <= 1.0 <= u3
    coef = top.cubic_coefficients(*args)
    ref = np.sort(np.roots(coef).real)
    # A simple root moves by ~ eps·|coef|/|f'(r)|; a double one (steady precession, the sleeping-top
    # threshold, a start at the vertical) by ~ √(eps·|coef|/β): allow that, clipped into [−1, 1] as ours are.
    scale = np.abs(coef).max() / coef[0]
    tol = 4e-8 * math.sqrt(scale) + 1e-9
    if ref[2] - ref[0] < 1e-3:      # a triple root (the sleeping-top threshold started near the vertical):
        tol = 1e-5 * scale ** (1 / 3)   # ~ ε^(1/3); there numpy.roots itself is 4e-6 off (mpmath, exact data)
    ref_clipped = [min(max(ref[0], -1.0), u0), min(max(ref[1], u0), 1.0), max(ref[2], 1.0)]
    np.testing.assert_allclose([u1, u2, u3], ref_clipped, atol=tol * max(1.0, abs(ref[2])))
    lo, hi = top.nutation_bounds(*args)
    assert 0.0 <= lo <= args[3] + 1e-12 and args[3] - 1e-12 <= hi <= math.pi     # acos(cos θ0) ≈ θ0
    assert math.isfinite(top.nutation_period(*args)) and top.nutation_period(*args) > 0


@pytest.mark.parametrize("kind", ["Lz=L3", "Lz=-L3", "pendulum", "free"])
@pytest.mark.parametrize("td0", [0.0, 0.4, -0.9])
def test_bounds_and_period_against_an_integration(kind, td0):
    I1, I3, mgl, th0, w3 = 1.0, 0.5, 2.0, 1.1, -2.5
    args = _case((I1, I3, mgl), th0, 0.9, w3, td0, kind)
    T = top.nutation_period(*args)
    t, u_t = _integrated(args, 2 * T, n=20001)
    u1, u2, _ = top.cubic_roots(*args)
    assert u_t.min() == pytest.approx(u1, abs=2e-6) and u_t.max() == pytest.approx(u2, abs=2e-6)
    half = len(t) // 2                                  # u(t + T) = u(t), and T is the first such time
    np.testing.assert_allclose(u_t[half:], u_t[:len(t) - half], atol=1e-5)
    assert np.abs(u_t[half // 2:half] - u_t[:half - half // 2]).max() > 1e-2 * (u2 - u1)


def test_near_the_vertical_cos_theta0_rounds_to_one():
    """θ0 = 1e-9: cos θ0 is 1.0 in floats. Moving (θ̇0 ≠ 0), the top passes through the vertical (θ_min = 0,
    as mpmath's roots say); at rest in θ (θ̇0 = 0), θ0 itself is the turning point."""
    assert top.nutation_bounds(1.0, 0.5, 2.0, 1e-9, 0.0, 5.0, 0.3)[0] == 0.0
    assert top.nutation_bounds(1.0, 0.5, 2.0, 1e-9, 0.0, 5.0, 0.0)[0] == 1e-9
    np.testing.assert_allclose(top.cubic_roots(1.0, 0.5, 2.0, 1e-9, 0.0, 5.0, 0.3),
                               (0.4957572663063171, 1.0, 1.089242733693683), rtol=1e-14)   # mpmath, 50 digits


@pytest.mark.parametrize("spin, tilt_deg", [(60.0, 40.0), (20.0, 40.0), (5.0, 100.0), (1e-3, 40.0)])
def test_the_nb11_explorer_where_lz_equals_l3(spin, tilt_deg):
    """The explorer (θ̇0 = 0) at φ̇0 = L3/(I1 (1 + cos θ0)), i.e. L_z = L3: its cubic bounds are its simulation's,
    and its summary prints them; at 60 rad/s the axis passes through the vertical (θ_min = 0)."""
    from rbteach.explorers import nb11

    I1, I3 = float(nb11.MOMENTS[0]), float(nb11.MOMENTS[2])
    pd = I3 * spin / (I1 * (1 + math.cos(math.radians(tilt_deg))))
    r = nb11.compute(spin, tilt_deg, pd)
    np.testing.assert_allclose(r["sim_bounds"], r["bounds"], atol=2e-4)
    assert r["kind"] == "waves"                          # φ̇ = a/(1 + u) keeps its sign
    lo, hi = (f"{math.degrees(b):.2f}°" for b in r["bounds"])
    assert f"roots {lo} and {hi}" in nb11.summary(spin, tilt_deg, pd)
    if spin == 60.0:
        assert r["bounds"][0] == 0.0


@pytest.mark.parametrize("w3, td0", [(5.0, 0.015625), (0.0, 0.015625), (5.0, 1e-3)])
def test_near_the_bottom_with_lz_equal_minus_l3_the_axis_reaches_pi(w3, td0):
    """θ0 = π − 1e-6 with L_z = −L3 (or a pendulum): u = −1 is a root and the tilt reaches π exactly; dividing
    out cos θ0 (1e-12 away in u) instead gave θ_max = π − 1e-6."""
    th0 = math.pi - 1e-6
    args = (1.0, 0.5, 2.0, th0, _lz_equals(-1.0, 1.0, 0.5, th0, w3), w3, td0)
    assert top.cubic_roots(*args)[0] == -1.0
    assert top.nutation_bounds(*args)[1] == math.pi
