"""rbteach.top (the heavy symmetric top, notebook 11) against SymPy, the simulation and its own identities."""

import math

import numpy as np
import pytest
import sympy as sp

from rbteach import dynamics, inertia, quaternion as quat, top

I1, I3, MGL = 0.012, 0.0045, 0.35 * 9.81 * 0.06
START = dict(theta0=0.9, phi_dot0=-1.3, omega3=45.0)


def test_cubic_is_the_energy_equation_in_u():
    """f(u) = sin²θ θ̇² · ... : SymPy rebuilds f from E, L_z, L3 and compares the coefficients."""
    u, Ii1, Ii3, mgl, E, Lz, L3 = sp.symbols("u I1 I3 mgl E L_z L_3", real=True)
    # ½ I1 θ̇² = E − ½ L3²/I3 − (L_z − L3 u)²/(2 I1 (1 − u²)) − mgl u, and u̇² = (1 − u²) θ̇²
    theta_dot2 = 2 / Ii1 * (E - L3 ** 2 / (2 * Ii3) - (Lz - L3 * u) ** 2 / (2 * Ii1 * (1 - u ** 2)) - mgl * u)
    f = sp.expand(sp.cancel((1 - u ** 2) * theta_dot2))
    k = top.constants(I1, I3, MGL, **START)
    subs = {Ii1: I1, Ii3: I3, mgl: MGL, E: k["E"], Lz: k["Lz"], L3: k["L3"]}
    coef = [float(sp.Poly(f, u).coeff_monomial(u ** n).subs(subs)) for n in (3, 2, 1, 0)]
    np.testing.assert_allclose(top.cubic_coefficients(I1, I3, MGL, **START), coef, rtol=1e-12)
    uu = np.linspace(-1, 1, 7)
    np.testing.assert_allclose(top.cubic(uu, I1, I3, MGL, **START), np.polyval(coef, uu), atol=1e-9)


@pytest.mark.parametrize("theta_dot0", [0.0, 0.7])
def test_roots_bracket_the_start_and_are_roots(theta_dot0):
    u1, u2, u3 = top.cubic_roots(I1, I3, MGL, **START, theta_dot0=theta_dot0)
    u0 = math.cos(START["theta0"])
    assert -1 <= u1 <= u0 <= u2 <= 1 <= u3
    c = top.cubic_coefficients(I1, I3, MGL, **START, theta_dot0=theta_dot0)
    scale = np.abs(c).max()
    for r in (u1, u2, u3):
        assert abs(np.polyval(c, r)) <= 1e-12 * scale
    np.testing.assert_allclose(sorted(np.roots(c).real), [u1, u2, u3], atol=1e-9)
    if theta_dot0 == 0.0:
        assert u2 == u0                                 # the start is a turning point


@pytest.mark.parametrize("phi_dot0, theta_dot0", [(-1.3, 0.0), (0.0, 0.0), (2.0, 0.0), (0.5, 1.5)])
def test_simulation_stays_between_the_roots_and_keeps_E_Lz_L3(phi_dot0, theta_dot0):
    th0 = START["theta0"]
    w0, q0 = top.initial_state(th0, phi_dot0, START["omega3"], theta_dot0)
    period = top.nutation_period(I1, I3, MGL, th0, phi_dot0, START["omega3"], theta_dot0)
    l = 0.06
    tr = dynamics.simulate([I1, I1, I3], w0, q0, dt=period / 400, steps=1200, force_world=[0, 0, -MGL / l],
                           point_body=[0, 0, l])
    axis = top.symmetry_axis(tr.q)
    theta = np.arccos(axis[:, 2])
    lo, hi = top.nutation_bounds(I1, I3, MGL, th0, phi_dot0, START["omega3"], theta_dot0)
    assert abs(theta.min() - lo) <= 2e-5 and abs(theta.max() - hi) <= 2e-5
    k = top.constants(I1, I3, MGL, th0, phi_dot0, START["omega3"], theta_dot0)
    E = tr.kinetic_energy + MGL * axis[:, 2]
    np.testing.assert_allclose(E, k["E"], rtol=1e-9)
    np.testing.assert_allclose(tr.angular_momentum_world[:, 2], k["Lz"], rtol=2e-8)
    np.testing.assert_allclose(I3 * tr.omega_body[:, 2], k["L3"], rtol=1e-13)
    # θ(t) is periodic with the elliptic period: back at θ₀ after one period
    n = 400
    assert abs(theta[n] - theta[0]) <= 1e-6 and abs(theta[2 * n] - theta[0]) <= 1e-6


def test_initial_state_is_the_z_x_z_euler_rates():
    phi, th, psi, t = sp.symbols("phi theta psi t", real=True)
    fphi, fth, fpsi = (sp.Function(n)(t) for n in ("phi", "theta", "psi"))

    def Rz(a):
        return sp.Matrix([[sp.cos(a), -sp.sin(a), 0], [sp.sin(a), sp.cos(a), 0], [0, 0, 1]])

    def Rx(a):
        return sp.Matrix([[1, 0, 0], [0, sp.cos(a), -sp.sin(a)], [0, sp.sin(a), sp.cos(a)]])

    R = Rz(fphi) * Rx(fth) * Rz(fpsi)
    W = R.T * R.diff(t)               # [ω]× in the body frame; evaluated numerically below (no simplify needed)
    w_body = sp.Matrix([W[2, 1], W[0, 2], W[1, 0]])
    vals = {fpsi: 0, fth: 0.9, fphi: 0.0, sp.Derivative(fphi, t): -1.3, sp.Derivative(fth, t): 0.7,
            sp.Derivative(fpsi, t): 45.0 - (-1.3) * math.cos(0.9)}
    w_num = np.array([float(sp.N(c.subs(vals))) for c in w_body])
    w0, q0 = top.initial_state(0.9, -1.3, 45.0, 0.7)
    np.testing.assert_allclose(w0, w_num, atol=1e-12)
    np.testing.assert_allclose(quat.to_matrix(q0), np.array(Rx(0.9).evalf(), dtype=float), atol=1e-15)
    np.testing.assert_allclose(top.symmetry_axis(q0), [0.0, -math.sin(0.9), math.cos(0.9)], atol=1e-15)


def test_precession_rates_steady_and_gyroscope_limit():
    th = 0.9
    slow, fast = top.precession_rates(I1, I3, MGL, 45.0, th)
    for r in (slow, fast):
        assert abs(I1 * math.cos(th) * r * r - I3 * 45.0 * r + MGL) <= 1e-12 * MGL
    # a top started at the slow rate does not nutate
    lo, hi = top.nutation_bounds(I1, I3, MGL, th, slow, 45.0)
    assert hi - lo <= 1e-6
    # ω3 · slow → mgl/I3 as the spin grows
    s = [top.precession_rates(I1, I3, MGL, w, th)[0] * w for w in (1e2, 1e3, 1e4)]
    assert abs(s[-1] / (MGL / I3) - 1) <= 1e-6 and abs(s[0] / (MGL / I3) - 1) > abs(s[1] / (MGL / I3) - 1)
    # at θ = π/2 only the slow one: exactly mgl/(I3 ω3)
    slow90, fast90 = top.precession_rates(I1, I3, MGL, 45.0, math.pi / 2)
    assert slow90 == pytest.approx(MGL / (I3 * 45.0), rel=1e-12) and math.isinf(fast90)
    with pytest.raises(ValueError, match="omega3.*too slow"):
        top.precession_rates(I1, I3, MGL, 5.0, 0.3)


def test_effective_potential_minimum_is_steady_precession():
    th = 0.9
    slow, _ = top.precession_rates(I1, I3, MGL, 45.0, th)
    k = top.constants(I1, I3, MGL, th, slow, 45.0)
    grid = np.linspace(th - 0.05, th + 0.05, 2001)
    V = top.effective_potential(grid, I1, I3, MGL, k["Lz"], k["L3"])
    assert abs(grid[np.argmin(V)] - th) <= 1e-4
    # and E − ½ I3 ω3² = V_eff(θ0) for θ̇0 = 0
    assert k["E"] - 0.5 * I3 * 45.0 ** 2 == pytest.approx(float(top.effective_potential(th, I1, I3, MGL, k["Lz"], k["L3"])),
                                                          rel=1e-12)


def test_disc_top_moments_from_inertia():
    I = inertia.parallel_axis(inertia.solid_cylinder(0.5, 0.1, 0.01), 0.5, [0.0, 0.0, 0.1])
    np.testing.assert_allclose(np.diag(I), [0.5 * (3 * 0.01 + 1e-4) / 12 + 0.005] * 2 + [0.0025], rtol=1e-12)


@pytest.mark.parametrize("call, match", [
    (lambda: top.constants(0.0, I3, MGL, **START), "I1"),
    (lambda: top.constants(I1, -1.0, MGL, **START), "I3"),
    (lambda: top.constants(I1, I3, float("nan"), **START), "mgl"),
    (lambda: top.constants(I1, I3, MGL, 0.0, 1.0, 2.0), "theta0"),
    (lambda: top.constants(I1, I3, MGL, math.pi, 1.0, 2.0), "theta0"),
    (lambda: top.constants(I1, I3, MGL, 0.5, "abc", 2.0), "phi_dot0"),
    (lambda: top.constants(I1, I3, MGL, 0.5, 1.0, np.inf), "omega3"),
    (lambda: top.constants(I1, I3, MGL, 0.5, 1.0, 2.0, [1.0, 2.0]), "theta_dot0"),
    (lambda: top.cubic([0.1, np.nan], I1, I3, MGL, **START), "u"),
    (lambda: top.effective_potential([0.0, 1.0], I1, I3, MGL, 0.1, 0.2), "theta"),
    (lambda: top.effective_potential(1.0, I1, I3, MGL, None, 0.2), "Lz"),
    (lambda: top.precession_rates(I1, I3, MGL, 45.0, -0.2), "theta"),
    (lambda: top.initial_state(1.0, 0.0, True), "omega3"),
    (lambda: top.symmetry_axis([0, 0, 0, 0]), "q"),
])
def test_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


@pytest.mark.parametrize("phi_dot0", [-40.0, -1.3, 0.4, 3.0, 4.5, 12.0, 30.0])
def test_where_phi_dot_vanishes_decides_waves_cusps_loops(phi_dot0):
    """From θ̇₀ = 0, φ̇ = 0 at u* = L_z/L3 and f(u*) = (1 − u*²) sin²θ₀ φ̇₀ (φ̇₀ − 2 mgl/L3): the axis reaches u*
    (loops) exactly when that is > 0 and |u*| < 1, i.e. for φ̇₀ < 0 or φ̇₀ > 2 mgl/L3 (below L3/(I1 (1 + cos θ₀)))."""
    th0, w3 = START["theta0"], START["omega3"]
    k = top.constants(I1, I3, MGL, th0, phi_dot0, w3)
    u_star = k["Lz"] / k["L3"]
    s2 = math.sin(th0) ** 2
    f_star = float(top.cubic(u_star, I1, I3, MGL, th0, phi_dot0, w3))
    assert f_star == pytest.approx((1 - u_star ** 2) * s2 * phi_dot0 * (phi_dot0 - 2 * MGL / k["L3"]), rel=1e-9)
    u1, u2, _ = top.cubic_roots(I1, I3, MGL, th0, phi_dot0, w3)
    loops = u1 < u_star < u2
    c = math.cos(th0)
    assert loops == (-k["L3"] / (I1 * (1 - c)) < phi_dot0 < 0 or 2 * MGL / k["L3"] < phi_dot0 < k["L3"] / (I1 * (1 + c)))
    # and the simulated azimuth of the axis turns back exactly when there are loops
    period = top.nutation_period(I1, I3, MGL, th0, phi_dot0, w3)
    w0, q0 = top.initial_state(th0, phi_dot0, w3)
    tr = dynamics.simulate([I1, I1, I3], w0, q0, dt=period / 400, steps=400, force_world=[0, 0, -MGL / 0.06],
                           point_body=[0, 0, 0.06])
    ax = top.symmetry_axis(tr.q)
    rate = np.diff(np.unwrap(np.arctan2(ax[:, 1], ax[:, 0])))
    assert (rate.min() < 0 < rate.max()) == loops


@pytest.mark.parametrize("factor", [0.98, 1.02])
def test_sleeping_top_needs_L3_squared_above_4_I1_mgl(factor):
    """Upright, f(u) = (1 − u)² (β (1 + u) − a²): a top nudged off the vertical falls to arccos(a²/β − 1) below
    the spin 2 √(I1 mgl)/I3 and only nods near the vertical above it (the simulation agrees)."""
    spin = factor * 2.0 * math.sqrt(I1 * MGL) / I3
    th0, l = 1e-3, 0.06
    a, beta = I3 * spin / I1, 2.0 * MGL / I1
    lo, hi = top.nutation_bounds(I1, I3, MGL, th0, 0.0, spin)
    assert lo == pytest.approx(th0, abs=1e-10)          # arccos(cos θ0) near 0 keeps ~1e-11
    if factor < 1:
        assert hi == pytest.approx(math.acos(a * a / beta - 1.0), abs=1e-4)
        assert hi > 0.3
    else:
        assert hi < 10 * th0
    period = top.nutation_period(I1, I3, MGL, th0, 0.0, spin)
    w0, q0 = top.initial_state(th0, 0.0, spin)
    dt = 1e-3                                   # ω3 dt ≈ 0.02 rad; the period is long near the unstable vertical
    tr = dynamics.simulate([I1, I1, I3], w0, q0, dt=dt, steps=math.ceil(0.6 * period / dt),
                           force_world=[0, 0, -MGL / l], point_body=[0, 0, l])
    theta = np.arccos(np.clip(top.symmetry_axis(tr.q)[:, 2], -1.0, 1.0))
    assert theta.max() == pytest.approx(hi, rel=1e-3)
