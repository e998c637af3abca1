"""rbteach.analytic: exact torque-free solutions, checked against SciPy's DOP853 (an independent oracle)."""

import itertools

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy.integrate import solve_ivp

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
def test_symmetric_top_seed003_example_is_cos_sin_1():
    t = np.linspace(0, 30, 3001)
    omega, q = symmetric_top((1, 1, 2), (1, 0, 1), t)
    exact = np.stack([np.cos(t), np.sin(t), np.ones_like(t)], axis=-1)
    assert omega.shape == (3001, 3) and q.shape == (3001, 4)
    assert np.max(np.abs(omega - exact)) <= 1e-14


@pytest.mark.parametrize("moments, omega0, q0", [
    ((1, 1, 2), (1, 0, 1), (1, 0, 0, 0)),                       # seed 003's example, oblate
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
    """A tilt ε from the middle axis gives L² − 2T I2 ∝ ε²: ε = 1e-6 is still a (long) flip."""
    I = (1.0, 2.0, 3.0)
    periods = []
    for eps in (1e-4, 1e-5, 1e-6):
        w0 = np.array([eps, 1.0, eps])
        T = flip_period(I, w0)
        assert np.isfinite(T)
        assert np.max(np.abs(free_body(I, w0, T) - w0)) <= 1e-6
        periods.append(T)
    # near the separatrix T ≈ (4/λ) ln(C/ε): each factor 10 in ε adds (4/λ) ln 10, λ = sqrt((I3−I2)(I2−I1)/(I1 I3)) |ω2|
    lam = np.sqrt((3.0 - 2.0) * (2.0 - 1.0) / (1.0 * 3.0))
    np.testing.assert_allclose(np.diff(periods), 4.0 / lam * np.log(10.0), rtol=1e-3)
