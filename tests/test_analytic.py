"""rbteach.analytic: exact torque-free solutions, checked against SciPy's DOP853 (an independent oracle)
and, next to the separatrix where m is within rounding of 1, against mpmath at 50+ digits."""

import itertools
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.integrate import solve_ivp

from rbteach import analytic
from rbteach import quaternion as Q
from rbteach.analytic import flip_period, free_body, symmetric_top


# ----------------------------------------------------------------------------- oracles
def _euler(I, w):
    return np.array([
        (I[1] - I[2]) * w[1] * w[2] / I[0],
        (I[2] - I[0]) * w[2] * w[0] / I[1],
        (I[0] - I[1]) * w[0] * w[1] / I[2],
    ])


def _qmul(p, q):
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return np.array([
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ])


def dop853_omega(I, w0, t, tol=1e-12):
    """Body angular velocity from Euler's equations, integrated forwards and backwards from t = 0."""
    I = np.asarray(I, float)
    t = np.asarray(t, float)
    out = np.empty((t.size, 3))
    for mask, direction in ((t > 0, 1), (t < 0, -1)):
        idx = np.flatnonzero(mask)
        if idx.size == 0:
            continue
        idx = idx[np.argsort(direction * t[idx])]   # t_eval ordered along the integration
        sol = solve_ivp(lambda _, w: _euler(I, w), (0.0, t[idx[-1]]), np.asarray(w0, float),
                        method="DOP853", rtol=tol, atol=tol, t_eval=t[idx])
        assert sol.success
        out[idx] = sol.y.T
    out[t == 0] = w0
    return out


def dop853_attitude(I, w0, q0, t, tol=1e-13):
    """ω_body and q from Euler's equations plus q̇ = ½ q ⊗ (0, ω_body), DOP853 at rtol = atol = tol."""
    I = np.asarray(I, float)

    def rhs(_, y):
        w, q = y[:3], y[3:]
        return np.concatenate([_euler(I, w), 0.5 * _qmul(q, np.concatenate([[0.0], w]))])

    sol = solve_ivp(rhs, (t[0], t[-1]), np.concatenate([w0, q0]), method="DOP853", rtol=tol, atol=tol, t_eval=t)
    assert sol.success
    return sol.y[:3].T, sol.y[3:].T


def invariants(I, w):
    I = np.asarray(I, float)
    return np.sum(I * w * w, axis=-1), np.sum((I * w) ** 2, axis=-1)


# ----------------------------------------------------------------------------- symmetric top
def test_symmetric_top_2019_article_example_is_cos_sin_1():
    """「回転運動のシミュレーション」 (2019): I = diag(1, 1, 2), ω0 = (1, 0, 1) gives ω = (cos t, sin t, 1)."""
    t = np.linspace(0, 30, 3001)
    omega, q = symmetric_top((1, 1, 2), (1, 0, 1), t)
    exact = np.stack([np.cos(t), np.sin(t), np.ones_like(t)], axis=-1)
    assert omega.shape == (3001, 3) and q.shape == (3001, 4)
    assert np.max(np.abs(omega - exact)) <= 1e-14


@pytest.mark.parametrize("moments, omega0, q0", [
    ((1, 1, 2), (1, 0, 1), (1, 0, 0, 0)),                       # 「回転運動のシミュレーション」 (2019), oblate
    ((2, 2, 1), (0.3, -0.5, 1.2), (0.3, -0.2, 0.9, 0.1)),       # prolate, general attitude
    ((1.5, 1.5, 2.5), (-0.7, 0.2, -0.4), (0.1, 0.7, -0.3, 0.6)),
])
def test_symmetric_top_attitude_matches_fine_integration(moments, omega0, q0):
    t = np.linspace(0, 30, 601)
    q0 = np.asarray(q0, float) / np.linalg.norm(q0)
    omega, q = symmetric_top(moments, omega0, t, q0=q0)
    w_ref, q_ref = dop853_attitude(moments, np.asarray(omega0, float), q0, t)
    assert np.max(np.abs(omega - w_ref)) <= 1e-10
    assert np.max(Q.angle_between(q, q_ref)) <= 1e-10
    assert np.allclose(Q.norm(q), 1.0, atol=1e-14)


def test_symmetric_top_keeps_world_angular_momentum():
    I = np.array([2.0, 2.0, 0.5])
    t = np.linspace(-5, 20, 101)
    omega, q = symmetric_top(I, (0.4, 1.0, 3.0), t, q0=Q.from_axis_angle((1, 2, 3), 0.7))
    L = Q.rotate(q, I * omega)
    assert np.max(np.abs(L - L[0])) <= 1e-12


def test_symmetric_top_scalar_time_and_default_attitude():
    omega, q = symmetric_top((1, 1, 2), (1, 0, 1), 0.5)
    assert omega.shape == (3,) and q.shape == (4,)
    assert np.allclose(omega, (np.cos(0.5), np.sin(0.5), 1.0), atol=1e-15)
    omega0, q_0 = symmetric_top((1, 1, 2), (1, 0, 1), 0.0)
    assert np.allclose(q_0, (1, 0, 0, 0), atol=1e-15)


def test_symmetric_top_rejects_asymmetric_body_and_points_to_free_body():
    with pytest.raises(ValueError, match="moments.*free_body"):
        symmetric_top((1, 2, 3), (1, 0, 1), [0.0, 1.0])


@pytest.mark.parametrize("kwargs, name", [
    (dict(moments=(1, 1), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(0, 0, 1), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(1, 1, -2), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(1, 1, 2), omega0=(1, 0), t=1.0), "omega0"),
    (dict(moments=(1, 1, 2), omega0=(1, np.nan, 0), t=1.0), "omega0"),
    (dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=[[0.0, 1.0]]), "t"),
    (dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=[0.0, np.inf]), "t"),
    (dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=1.0, q0=(0, 0, 0, 0)), "q0"),
    (dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=1.0, q0=(1, 0, 0)), "q0"),
    (dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=1.0, q0=[(1, 0, 0, 0)] * 2), "q0"),
])
def test_symmetric_top_bad_input(kwargs, name):
    with pytest.raises(ValueError, match=name):
        symmetric_top(**kwargs)


# ----------------------------------------------------------------------------- free body
@pytest.mark.parametrize("omega0", [(0.4, 0.8, 0.6), (0.01, 1.0, 0.01)])
def test_free_body_matches_dop853_targets(omega0):
    I = (1.0, 2.0, 3.0)
    t = np.linspace(0, 30, 3001)
    err = np.max(np.abs(free_body(I, omega0, t) - dop853_omega(I, omega0, t)))
    assert err <= 1e-9


def test_free_body_flip_happens_inside_the_window():
    t = np.linspace(0, 30, 3001)
    w = free_body((1, 2, 3), (0.01, 1.0, 0.01), t)
    assert w[0, 1] > 0.99 and w[:, 1].min() < -0.99   # the middle-axis spin reverses: the flip


@pytest.mark.parametrize("perm", list(itertools.permutations(range(3))))
@pytest.mark.parametrize("omega0", [(0.4, 0.8, 0.6), (0.9, -0.3, -0.2)])
def test_free_body_any_axis_order(perm, omega0):
    I = np.array([1.0, 2.0, 3.0])[list(perm)]
    w0 = np.array(omega0)[list(perm)]
    t = np.linspace(0, 20, 401)
    err = np.max(np.abs(free_body(I, w0, t) - dop853_omega(I, w0, t)))
    assert err <= 1e-9


def _side(I, w):
    I = np.sort(I)
    D, L2 = invariants(I, w)
    return (L2 - D * I[1]) / L2


@settings(max_examples=8, deadline=None, database=None)
@given(w=st.tuples(*[st.floats(-1.5, 1.5)] * 3),
       I=st.tuples(*[st.floats(0.5, 3.0)] * 3))
def test_free_body_random_examples(w, I):
    w = np.array(w)
    I = np.array(I)
    assume(np.linalg.norm(w) > 0.1)
    assume(np.min(np.abs(np.diff(np.sort(I)))) > 0.05)
    assume(np.sort(I)[0] + np.sort(I)[1] >= np.sort(I)[2])
    assume(abs(_side(I, w)) > 1e-3)
    t = np.linspace(-10, 10, 201)
    err = np.max(np.abs(free_body(I, w, t) - dop853_omega(I, w, t)))
    assert err <= 1e-9 * max(1.0, np.abs(w).max())


@pytest.mark.parametrize("omega0, side", [
    ((0.2, 0.5, 0.9), +1), ((-0.1, 0.4, -1.0), +1), ((0.4, -0.5, -0.3), +1),   # around the major axis
    ((1.0, 0.5, 0.2), -1), ((-0.9, -0.4, 0.25), -1), ((0.8, 0.2, -0.1), -1),   # around the minor axis
])
def test_free_body_both_sides_of_the_separatrix(omega0, side):
    I = (1.0, 2.0, 3.0)
    assert np.sign(_side(I, np.array(omega0))) == side
    t = np.linspace(-15, 15, 301)
    assert np.max(np.abs(free_body(I, omega0, t) - dop853_omega(I, omega0, t))) <= 1e-9


@pytest.mark.parametrize("signs", [(1, 1, 1), (1, -1, -1), (-1, 1, 1), (-1, -1, 1), (1, 1, -1)])
def test_free_body_on_the_separatrix(signs):
    I = (1.0, 2.0, 3.0)
    # L² = 2T I2 ⇔ I1 (I1 − I2) ω1² + I3 (I3 − I2) ω3² = 0 ⇔ ω1 = √3 ω3
    w0 = np.array(signs) * np.array([0.1 * np.sqrt(3.0), 0.5, 0.1])
    assert abs(_side(I, w0)) <= 1e-14
    t = np.linspace(-12, 12, 241)
    w = free_body(I, w0, t)
    assert np.max(np.abs(w - dop853_omega(I, w0, t, tol=1e-13))) <= 1e-9
    assert flip_period(I, w0) == np.inf
    # it tends to steady rotation about the middle axis: |ω2| → √(2T/I2)
    D, _ = invariants(I, w0)
    assert abs(abs(free_body(I, w0, 200.0)[1]) - np.sqrt(D / 2.0)) <= 1e-12


def test_free_body_is_continuous_across_the_separatrix():
    I = (1.0, 2.0, 3.0)
    base = np.array([0.1 * np.sqrt(3.0), 0.5, 0.1])
    t = np.linspace(0, 5, 51)
    on = free_body(I, base, t)
    for eps in (1e-9, -1e-9):
        w0 = base + np.array([0.0, 0.0, eps])
        assert np.sign(_side(I, w0)) == np.sign(eps)
        assert np.max(np.abs(free_body(I, w0, t) - on)) <= 1e-7


def test_free_body_conserves_energy_and_angular_momentum():
    I = np.array([1.0, 2.0, 3.0])
    w0 = np.array([0.01, 1.0, 0.01])
    w = free_body(I, w0, np.linspace(0, 100, 1001))
    D, L2 = invariants(I, w)
    D0, L20 = invariants(I, w0)
    assert np.max(np.abs(D / D0 - 1)) <= 1e-13 and np.max(np.abs(L2 / L20 - 1)) <= 1e-13


@pytest.mark.parametrize("moments, omega0", [
    ((1, 2, 3), (0.4, 0.8, 0.6)), ((1, 2, 3), (0.01, 1.0, 0.01)), ((1, 2, 3), (0.9, -0.3, 0.2)),
    ((3, 1, 2), (0.5, 0.2, -0.7)), ((1, 1, 2), (1, 0, 1)), ((2, 3, 3), (0.3, 0.5, -0.1)),
])
def test_flip_period_is_the_period(moments, omega0):
    T = flip_period(moments, omega0)
    assert np.isfinite(T) and T > 0
    w0 = np.asarray(omega0, float)
    assert np.max(np.abs(free_body(moments, omega0, T) - w0)) <= 1e-12
    # and not a multiple of the true period: after T/2 the state differs
    assert np.max(np.abs(free_body(moments, omega0, T / 2) - w0)) > 1e-3


def test_flip_period_half_period_reverses_the_middle_axis():
    I, w0 = (1.0, 2.0, 3.0), np.array([0.01, 1.0, 0.01])
    T = flip_period(I, w0)
    w_half = free_body(I, w0, T / 2)
    assert np.allclose(w_half, [-w0[0], -w0[1], w0[2]], atol=1e-12)   # sn, cn flip; dn does not
    assert 30 < T < 60   # the flip of the target case happens inside t ∈ [0, 30]


def test_flip_period_special_cases():
    assert flip_period((1, 2, 3), (0, 1.0, 0)) == np.inf      # unstable steady rotation, middle axis
    assert flip_period((2, 2, 2), (1, 2, 3)) == np.inf
    assert flip_period((1, 2, 3), (0, 0, 0)) == np.inf
    assert flip_period((1, 1, 2), (1, 0, 0)) == np.inf         # Ω = 0: ω constant
    # steady rotation about the major axis: the period of small wobbles, 2π/λ
    lam = np.sqrt((3 - 2) * (3 - 1) * 1.0 / (1 * 2))
    assert flip_period((1, 2, 3), (0, 0, 1.0)) == pytest.approx(2 * np.pi / lam, rel=1e-14)
    assert flip_period((1, 1, 2), (0.3, 0.0, 2.0)) == pytest.approx(np.pi, rel=1e-14)


@pytest.mark.parametrize("omega0", [(0, 0, 0), (1.3, 0, 0), (0, -0.7, 0), (0, 0, 2.0)])
def test_free_body_steady_rotations(omega0):
    t = np.linspace(0, 50, 11)
    assert np.array_equal(free_body((1, 2, 3), omega0, t), np.broadcast_to(omega0, (11, 3)))


@pytest.mark.parametrize("moments", [(1, 2, 2), (2, 1, 2), (2, 2, 1), (1.5, 1.5, 0.7)])
def test_free_body_symmetric_bodies_delegate(moments):
    w0 = (0.4, -0.7, 0.5)
    t = np.linspace(0, 20, 201)
    assert np.max(np.abs(free_body(moments, w0, t) - dop853_omega(moments, w0, t))) <= 1e-9


def test_free_body_symmetric_matches_symmetric_top_and_three_equal_is_constant():
    t = np.linspace(0, 10, 11)
    assert np.array_equal(free_body((1, 1, 2), (1, 0, 1), t), symmetric_top((1, 1, 2), (1, 0, 1), t)[0])
    assert np.array_equal(free_body((2, 2, 2), (1, 2, 3), t), np.tile([1.0, 2.0, 3.0], (11, 1)))
    assert free_body((1, 2, 3), (0.4, 0.8, 0.6), 1.0).shape == (3,)


@pytest.mark.parametrize("kwargs, name", [
    (dict(moments=(1, 2), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(1, 0, 2), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(1, 2, np.nan), omega0=(1, 0, 1), t=1.0), "moments"),
    (dict(moments=(1, 1, 3), omega0=(1, 0, 1), t=1.0), "moments.*triangle"),
    (dict(moments=(1, 2, 3), omega0=[(1, 0, 1)], t=1.0), "omega0"),
    (dict(moments=(1, 2, 3), omega0=(1, 0, "x"), t=1.0), "omega0"),
    (dict(moments=(1, 2, 3), omega0=(1, 0, 1), t=np.zeros((2, 2))), "t"),
    (dict(moments=(1, 2, 3), omega0=(1, 0, 1), t=np.nan), "t"),
])
def test_free_body_bad_input(kwargs, name):
    with pytest.raises(ValueError, match=name):
        free_body(**kwargs)
    if "t" in kwargs and name != "t":
        kwargs = {k: v for k, v in kwargs.items() if k != "t"}
        with pytest.raises(ValueError, match=name):
            flip_period(**kwargs)


def test_flip_period_stays_finite_close_to_the_separatrix():
    """A tilt ε from the middle axis gives L² − 2T I2 ∝ ε²: every ε is a (long) flip, T ≈ (4/λ) ln(C/ε)."""
    I = (1.0, 2.0, 3.0)
    periods = []
    for eps in 10.0 ** -np.arange(4, 13):
        w0 = np.array([eps, 1.0, eps])
        T = flip_period(I, w0)
        assert np.isfinite(T)
        assert np.max(np.abs(free_body(I, w0, T) - w0)) <= 1e-12
        periods.append(T)
    # each factor 10 in ε adds (4/λ) ln 10, λ = sqrt((I3 − I2)(I2 − I1)/(I1 I3)) |ω2| (up to O(ε²))
    lam = np.sqrt((3.0 - 2.0) * (2.0 - 1.0) / (1.0 * 3.0))
    np.testing.assert_allclose(np.diff(periods), 4.0 / lam * np.log(10.0), rtol=1e-7)


# ----------------------------------------------------------------------------- near the separatrix: mpmath
def mp_free_body(I, w0, dps):
    """Exact ω(t) for sorted moments I1 < I2 < I3 off the separatrix, in mpmath at ``dps`` digits.

    The float inputs are exact binary numbers; the invariants, m, λ, the amplitudes and the initial
    phase are computed from them at ``dps`` digits (so 1 − m ~ tilt², as small as 1e-24 here, is
    resolved) and ω is evaluated with mpmath's own ``ellipfun``/``ellipf``/``ellipk`` (Landau &
    Lifshitz §37, independent of rbteach.elliptic). Returns (omega(t) -> [mpf]*3, period, side).
    """
    with mpmath.workdps(dps):
        I1, I2, I3 = (mpmath.mpf(float(x)) for x in I)
        w = [mpmath.mpf(float(x)) for x in w0]
        P = I1 * (I3 - I1) * w[0] ** 2 + I2 * (I3 - I2) * w[1] ** 2
        Q = I2 * (I2 - I1) * w[1] ** 2 + I3 * (I3 - I1) * w[2] ** 2
        D = I1 * (I1 - I2) * w[0] ** 2 + I3 * (I3 - I2) * w[2] ** 2      # L² − 2T I2, exact here
        assert D != 0
        A1 = mpmath.sqrt(P / (I1 * (I3 - I1)))
        A3 = mpmath.sqrt(Q / (I3 * (I3 - I1)))
        if D > 0:
            amp, a, c = [A1, mpmath.sqrt(P / (I2 * (I3 - I2))), A3], 2, 0
            lam, m = mpmath.sqrt((I3 - I2) * Q / (I1 * I2 * I3)), (I2 - I1) * P / ((I3 - I2) * Q)
        else:
            amp, a, c = [A1, mpmath.sqrt(Q / (I2 * (I2 - I1))), A3], 0, 2
            lam, m = mpmath.sqrt((I2 - I1) * P / (I1 * I2 * I3)), (I3 - I2) * Q / ((I2 - I1) * P)
        s = 1 if w[a] >= 0 else -1
        u0 = mpmath.ellipf(mpmath.atan2(s * w[1] / amp[1], w[c] / amp[c]), m)
        period = 4 * mpmath.ellipk(m) / lam

    def omega(t):
        with mpmath.workdps(dps):
            u = lam * t + u0
            out = [None] * 3
            out[c] = amp[c] * mpmath.ellipfun("cn", u, m=m)
            out[1] = s * amp[1] * mpmath.ellipfun("sn", u, m=m)
            out[a] = s * amp[a] * mpmath.ellipfun("dn", u, m=m)
            return out

    return omega, period, "major" if D > 0 else "minor"


def _dps(tilt):
    return int(40 + 2 * np.log10(1.0 / tilt))


NEAR = [((1.0, 2.0, 3.0), (1.0, 1.0), "major"),    # Δ = 2ε²: polhode around the major axis
        ((1.0, 2.0, 3.0), (2.0, -1.0), "minor"),   # Δ = −ε²: around the minor axis
        ((0.7, 1.0, 1.4), (-1.0, 0.3), "minor")]


@pytest.mark.parametrize("tilt", [10.0 ** -e for e in range(4, 13)])
@pytest.mark.parametrize("I, direction, side", NEAR)
def test_free_body_and_flip_period_near_the_separatrix_match_mpmath(I, direction, side, tilt):
    """Issue 14's target: ≤ 1e-9 in ω over [0, 150] and 1e-10 in the period; measured ~3e-14 and ~5e-16."""
    w0 = (direction[0] * tilt, 1.0, direction[1] * tilt)
    ref, period, ref_side = mp_free_body(I, w0, _dps(tilt))
    assert ref_side == side
    t = np.linspace(0.0, 150.0, 51)
    exact = np.array([[float(x) for x in ref(ti)] for ti in t])
    assert np.max(np.abs(free_body(I, w0, t) - exact)) <= 1e-12
    assert abs(flip_period(I, w0) / float(period) - 1.0) <= 1e-13


def test_the_issue_example_tilt_1e7():
    """free_body([1,2,3], [1e-7, 1, 1e-7], t) used to stay at (0, 1, 0) and flip_period returned inf."""
    I, w0 = (1.0, 2.0, 3.0), (1e-7, 1.0, 1e-7)
    ref, period, _ = mp_free_body(I, w0, 60)
    got = free_body(I, w0, [30.0, 60.0])
    assert np.max(np.abs(got - [[float(x) for x in ref(30.0)], [float(x) for x in ref(60.0)]])) <= 1e-12
    assert abs(got[0, 0]) > 0.5                  # far from the middle axis at t = 30: the body is flipping
    assert flip_period(I, w0) == pytest.approx(float(period), rel=1e-13)
    assert 118 < flip_period(I, w0) < 120


@pytest.mark.parametrize("tilt", [1e-4, 1e-12])
@pytest.mark.parametrize("I, direction, side", NEAR[:2])
def test_the_mpmath_reference_solves_eulers_equations(I, direction, side, tilt):
    """The oracle itself: ω(0) = ω0 and I ω̇ = (I ω) × ω at 40+ digits (uniqueness makes it the motion)."""
    w0 = (direction[0] * tilt, 1.0, direction[1] * tilt)
    dps = _dps(tilt)
    ref, _, _ = mp_free_body(I, w0, dps)
    with mpmath.workdps(dps):
        assert max(abs(x - mpmath.mpf(y)) for x, y in zip(ref(0), w0)) < mpmath.mpf(10) ** (10 - dps)
        Im = [mpmath.mpf(x) for x in I]
        h = mpmath.mpf(10) ** -(dps // 3)          # central difference: error ~h² + 10^-dps / h
        for t in (0.0, 47.0, 101.0, 150.0):
            w, after, before = ref(t), ref(t + h), ref(t - h)
            wdot = [(after[i] - before[i]) / (2 * h) for i in range(3)]
            Iw = [Im[i] * w[i] for i in range(3)]
            torque_free = [Iw[1] * w[2] - Iw[2] * w[1], Iw[2] * w[0] - Iw[0] * w[2], Iw[0] * w[1] - Iw[1] * w[0]]
            assert max(abs(Im[i] * wdot[i] - torque_free[i]) for i in range(3)) < mpmath.mpf(10) ** -25


@pytest.mark.parametrize("tilt", [1e-30, 1e-100])
def test_free_body_tilts_far_below_the_rounding_of_m(tilt):
    """1 − m ~ tilt² is 1e-60 or 1e-200: the flip still happens, at the right time."""
    I, w0 = (1.0, 2.0, 3.0), (tilt, 1.0, tilt)
    ref, period, _ = mp_free_body(I, w0, _dps(tilt))
    T = float(period)
    assert flip_period(I, w0) == pytest.approx(T, rel=1e-13)
    t = np.array([0.0, 0.3, 0.45, 0.5, 0.55, 0.8, 1.0]) * T
    exact = np.array([[float(x) for x in ref(ti)] for ti in t])
    assert np.max(np.abs(free_body(I, w0, t) - exact)) <= 1e-12
    assert free_body(I, w0, 0.5 * T)[1] == pytest.approx(-1.0, abs=1e-9)   # the middle-axis spin reversed


def test_the_smallest_tilts_still_flip_with_the_log_law():
    """A tilt ε gives Δ ∝ ε² and T ≈ (4/λ) ln(C/ε): finite and on the same straight line down to 1e-300."""
    I = (1.0, 2.0, 3.0)
    eps = np.array([1e-100, 1e-200, 1e-300])
    T = np.array([flip_period(I, (e, 1.0, e)) for e in eps])
    lam = np.sqrt((3.0 - 2.0) * (2.0 - 1.0) / (1.0 * 3.0))   # λ → sqrt((I3 − I2)(I2 − I1)/(I1 I3)) |ω2| as ε → 0
    np.testing.assert_allclose(np.diff(T), 4.0 / lam * np.log(1e100), rtol=1e-13)
    for e, Te in zip(eps, T):
        w0 = np.array([e, 1.0, e])
        assert free_body(I, w0, 0.5 * Te)[1] == pytest.approx(-1.0, abs=1e-9)
        back = free_body(I, w0, Te)
        assert abs(back[1] - 1.0) <= 1e-12 and np.max(np.abs(back[[0, 2]])) <= 1e-9


@pytest.mark.parametrize("perm", [(2, 0, 1), (1, 0, 2), (0, 2, 1)])
def test_near_separatrix_any_axis_order(perm):
    I, w0 = np.array([1.0, 2.0, 3.0]), np.array([1e-9, 1.0, 1e-9])
    t = np.linspace(0, 150, 31)
    base = free_body(I, w0, t)
    p = list(perm)
    sign = round(np.linalg.det(np.eye(3)[p]))   # an odd relabelling maps ω to −Pω (Euler's equations are quadratic)
    assert np.max(np.abs(free_body(I[p], sign * w0[p], t) - sign * base[:, p])) <= 1e-13
    assert flip_period(I[p], w0[p]) == pytest.approx(flip_period(I, w0), rel=1e-14)


def test_separatrix_is_only_where_delta_is_zero_to_its_rounding():
    """Δ = L² − 2T I2 is exact (rational arithmetic on the float inputs): ω0 within the rounding of its
    own components of the separatrix is on it; 1e-14 off it (any direction) is an exact elliptic motion."""
    I = (1.0, 2.0, 3.0)
    on = np.array([0.1 * np.sqrt(3.0), 0.5, 0.1])          # ω1 = √3 ω3 typed as floats: Δ = 0 to rounding
    assert flip_period(I, on) == np.inf
    t = np.linspace(0.0, 150.0, 31)
    for rel in (1e-14, -1e-14, 1e-11, -1e-11):             # oblique to the middle axis, both sides
        w0 = on * np.array([1.0, 1.0, 1.0 + rel])
        ref, period, _ = mp_free_body(I, w0, 60)
        assert flip_period(I, w0) == pytest.approx(float(period), rel=1e-13)
        exact = np.array([[float(x) for x in ref(ti)] for ti in t])
        assert np.max(np.abs(free_body(I, w0, t) - exact)) <= 1e-12


# ----------------------------------------------------------------------------- bad input, for every public function
GOOD = {
    "symmetric_top": dict(moments=(1.0, 1.0, 2.0), omega0=(1.0, 0.0, 1.0), t=(0.0, 1.5), q0=(0.9, 0.1, -0.3, 0.2)),
    "symmetric_top_cones": dict(moments=(1.0, 1.0, 2.0), omega0=(1.0, 0.0, 1.0)),
    "free_body": dict(moments=(1.0, 2.0, 3.0), omega0=(0.4, 0.8, 0.6), t=(0.0, 1.5)),
    "flip_period": dict(moments=(1.0, 2.0, 3.0), omega0=(0.4, 0.8, 0.6)),
    "free_body_attitude": dict(moments=(1.0, 2.0, 3.0), omega0=(0.4, 0.8, 0.6), t=(0.0, 1.5), q0=(0.9, 0.1, -0.3, 0.2)),
}

#: Bad for any argument: (label, value).
ANY_BAD = [
    ("nan", np.nan), ("inf", np.inf), ("-inf", -np.inf), ("None", None), ("string", "x"),
    ("digit string", "1.5"), ("complex", 1 + 2j), ("complex with zero imaginary part", 1 + 0j),
    ("bool", True), ("numpy bool", np.True_), ("ragged", [[1.0, 2.0], [3.0]]), ("empty list", []),
    ("empty array", np.zeros(0)), ("int too large for a float", 10**400), ("object", object()),
]


def _bad_for(arg, good):
    """The generic bad values, plus those made from the good value: one entry of each kind broken, shapes."""
    bad = [(label, v) for label, v in ANY_BAD if not (arg == "q0" and v is None)]   # q0=None: the identity
    g = np.asarray(good, float)
    if g.ndim == 1:
        n = g.size
        bad += [
            ("nan inside", [*g[:-1], np.nan]), ("inf inside", [*g[:-1], np.inf]), ("None inside", [*g[:-1], None]),
            ("digit string inside", [*g[:-1], "0.5"]), ("bool inside", [True, *g[1:]]),
            ("complex inside", [*g[:-1], 0.5 + 0j]), ("ragged inside", [*g[:-1], [0.5]]),
            ("2-D", np.tile(g, (2, 1))) if arg != "t" else ("2-D", [[0.0, 1.0]]),
            ("inf written as 1e309", [*g[:-1], float("1e309")]),
        ]
        if arg != "t":
            bad += [("0-d", 1.0), ("too short", g[:-1]), ("too long", [*g, 1.0])]
    if arg == "moments":
        bad += [("zero moment", (0.0, 1.0, 1.0)), ("negative moment", (-1.0, 2.0, 2.5)),
                ("triangle violated", (1.0, 2.0, 3.5))]
    if arg == "q0":
        bad += [("zero quaternion", (0.0, 0.0, 0.0, 0.0))]
    if arg == "t":
        bad += [("phase lost to rounding", (0.0, 1e12)), ("huge", 1e308)]
    return bad


BAD_CASES = [pytest.param(fn, arg, value, id=f"{fn}-{arg}-{label}")
             for fn, kwargs in GOOD.items() for arg in kwargs for label, value in _bad_for(arg, kwargs[arg])]


def test_every_public_function_is_in_the_bad_input_table():
    assert set(GOOD) == set(analytic.__all__)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("fn, arg, value", BAD_CASES)
def test_bad_input_raises_a_value_error_naming_the_argument(fn, arg, value):
    f = getattr(analytic, fn)
    f(**GOOD[fn])                                  # the good call works
    kwargs = dict(GOOD[fn], **{arg: value})
    with pytest.raises(ValueError, match=arg):
        f(**kwargs)


@pytest.mark.filterwarnings("error")
def test_huge_omega_names_t_and_omega0_and_tiny_omega_has_no_float_period():
    with pytest.raises(ValueError, match="t is too long for this omega0"):
        free_body((1, 2, 3), (1e300, 1e300, 1e300), (0.0, 1.0))
    with pytest.raises(ValueError, match="t is too long for this omega0"):
        symmetric_top((1, 1, 2), (1e300, 0.0, 1e300), 1.0)
    with pytest.raises(ValueError, match="omega0.*period"):
        flip_period((1, 2, 3), (5e-324, 0.0, 5e-324))
    with pytest.raises(ValueError, match="omega0.*period"):
        flip_period((1, 1, 2), (1.0, 0.0, 1e-320))


def _spellings(value):
    """Valid ways to write the same numbers: list, tuple, float array, numpy scalars, ints where exact."""
    a = np.asarray(value, float)
    out = [a, a.tolist(), [np.float64(x) for x in a.ravel()] if a.ndim == 1 else np.float64(a)]
    if a.ndim == 1:
        out.append(tuple(a.tolist()))
        out.append([Fraction(x) for x in a.tolist()])
    if np.all(a == np.round(a)):
        out += [a.astype(int), a.astype(int).tolist(), a.astype(np.int32)]
    return out


SPELLED = {
    "symmetric_top": dict(moments=(1, 1, 2), omega0=(1, 0, 1), t=(0.0, 1.5), q0=(0.9, 0.1, -0.3, 0.2)),
    "symmetric_top_cones": dict(moments=(1, 1, 2), omega0=(0.4, -0.8, 0.6)),
    "free_body": dict(moments=(1, 2, 3), omega0=(0.4, 0.8, 0.6), t=(0, 2)),
    "flip_period": dict(moments=(3, 1, 2), omega0=(0.5, 0.2, -0.7)),
    "free_body_attitude": dict(moments=(1, 2, 3), omega0=(0.4, 0.8, 0.6), t=(0, 2), q0=(0.9, 0.1, -0.3, 0.2)),
}


@pytest.mark.parametrize("fn", sorted(SPELLED))
def test_valid_spellings_give_the_same_result(fn):
    f, kwargs = getattr(analytic, fn), SPELLED[fn]
    ref = f(**kwargs)
    for arg, value in kwargs.items():
        for spelled in _spellings(value):
            got = f(**dict(kwargs, **{arg: spelled}))
            for a, b in zip(ref if isinstance(ref, tuple) else (ref,), got if isinstance(got, tuple) else (got,)):
                assert np.array_equal(a, b), (arg, spelled)
    # a scalar time, however written
    if "t" in kwargs:
        ref = f(**dict(kwargs, t=1.0))
        for t in (1, np.float64(1.0), np.int64(1), np.array(1.0), Fraction(1)):
            got = f(**dict(kwargs, t=t))
            assert all(np.array_equal(a, b) for a, b in zip(ref if isinstance(ref, tuple) else (ref,),
                                                            got if isinstance(got, tuple) else (got,)))


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("scale", [1e-300, 1e-150, 1e150, 1e300])
def test_huge_and_tiny_valid_values_scale_exactly(scale):
    """Only ratios of moments matter, and ω(t; s ω0) = s ω(s t; ω0): no overflow, underflow or NaN."""
    t = np.linspace(0, 20, 41)
    for I, w0 in (((1.0, 2.0, 3.0), (0.4, 0.8, 0.6)), ((1.0, 2.0, 3.0), (1e-9, 1.0, 1e-9)), ((1.0, 1.0, 2.0), (1.0, 0.0, 1.0))):
        w0 = np.array(w0)
        base = free_body(I, w0, t)
        np.testing.assert_allclose(free_body(np.array(I) * scale, w0, t), base, rtol=0, atol=1e-13)
        if scale > 1e-200:   # ω0 · scale must stay a normal float for the comparison to be exact to rounding
            np.testing.assert_allclose(free_body(I, w0 * scale, t / scale), base * scale, rtol=0, atol=1e-12 * scale)
            assert flip_period(I, w0 * scale) == pytest.approx(flip_period(I, w0) / scale, rel=1e-13)
    w, q = symmetric_top((scale, scale, 2 * scale), (1.0, 0.0, 1.0), t)
    np.testing.assert_allclose(w, np.stack([np.cos(t), np.sin(t), np.ones_like(t)], axis=-1), atol=1e-14)
    _, q_big = symmetric_top((1, 1, 2), (1.0, 0.0, 1.0), t, q0=np.array([0.9, 0.1, -0.3, 0.2]) * scale)
    _, q_one = symmetric_top((1, 1, 2), (1.0, 0.0, 1.0), t, q0=np.array([0.9, 0.1, -0.3, 0.2]))
    np.testing.assert_allclose(q_big, q_one, atol=1e-15)
