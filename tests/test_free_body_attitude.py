"""analytic.free_body_attitude: the exact attitude q(t) of the torque-free asymmetric body."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rbteach import analytic as A
from rbteach import dynamics as D
from rbteach import inertia
from rbteach import quaternion as Q

Q0 = Q.normalize(np.array([0.9, 0.2, -0.3, 0.4]))


def _t_handle():
    V, F = inertia.t_handle_mesh()
    return np.diag(inertia.mesh(V, F, mass=0.2)[2]).copy()


def _qdist(p, q):
    """Distance between attitudes (±q are the same attitude)."""
    return np.minimum(np.linalg.norm(p - q, axis=-1), np.linalg.norm(p + q, axis=-1))


@pytest.mark.parametrize("moments, omega0, span, dt", [
    ((1.0, 2.0, 3.0), (0.3, 1.0, 0.2), 20.0, 0.002),            # polhode around the minor axis
    ((1.0, 2.0, 3.0), (0.2, 0.3, 1.0), 20.0, 0.002),            # around the major axis
    ((3.0, 1.0, 2.0), (0.2, 0.1, 1.0), 20.0, 0.002),            # axes in another order
    ("t-handle", (0.2, 0.0, 4.0), 10.0, 0.0005),                 # the notebook's 5 % nudge
    ((1.0, 2.0, 3.0), (np.sqrt(3.0) * 0.1, -0.5, 0.1), 20.0, 0.001),   # on the separatrix
    ((1.0, 1.0, 2.0), (1.0, 0.0, 1.0), 20.0, 0.002),            # symmetric top, 「回転運動のシミュレーション」
])
def test_matches_a_fine_splitting4_reference(moments, omega0, span, dt):
    I = _t_handle() if moments == "t-handle" else np.array(moments)
    T = A.flip_period(I, omega0)
    if np.isfinite(T):
        span = max(span, 1.2 * T)                                  # at least one period of ω
    run = D.simulate(I, omega0, Q0, dt=dt, steps=int(round(span / dt)), method="splitting4")
    omega, q = A.free_body_attitude(I, omega0, run.t, Q0)
    assert np.max(_qdist(q, run.q)) < 1e-10
    assert np.max(np.abs(omega - run.omega_body)) < 1e-9 * max(1.0, np.max(np.abs(omega0)))
    assert np.isinf(T) == (omega0[1] == -0.5)                    # only the separatrix case has no period


@pytest.mark.parametrize("nudge", [1e-3, 1e-5])
def test_t_handle_close_to_the_separatrix(nudge):
    """Closer to the separatrix the flip amplifies the reference's own rounding (its ω error no longer
    shrinks with dt: 4e-4 rad/s at a 1e-5 nudge for dt = 0.5 ms and 0.25 ms alike); the exact attitude
    then agrees with the reference as well as the exact ω does (which is checked to mpmath in
    test_analytic), relative to |ω|."""
    I, w0 = _t_handle(), np.array([nudge * 4.0, 0.0, 4.0])
    T = A.flip_period(I, w0)
    run = D.simulate(I, w0, Q0, dt=0.0005, steps=int(1.2 * T / 0.0005), method="rk4")
    omega, q = A.free_body_attitude(I, w0, run.t, Q0)
    rel_omega_err = np.max(np.abs(omega - run.omega_body)) / 4.0
    assert np.max(_qdist(q, run.q)) < 1e-10 + rel_omega_err
    early = run.t < 0.4 * T                                      # before the flip: no amplification yet
    assert np.max(_qdist(q[early], run.q[early])) < 1e-10


def test_rk4_reference_and_negative_times():
    I, w0 = np.array([1.0, 2.0, 3.0]), np.array([1.0, 0.3, 0.2])
    back = D.simulate(I, -w0, Q0, dt=0.002, steps=5000, method="rk4")   # backwards in time: ω → −ω reversed
    _, q = A.free_body_attitude(I, w0, -back.t, Q0)
    assert np.max(_qdist(q, back.q)) < 1e-10


def test_q0_is_kept_and_unit_norm():
    I, w0 = np.array([1.0, 2.0, 3.0]), np.array([0.4, -1.0, 0.3])
    t = np.array([-7.0, 0.0, 0.5, 31.0])
    omega, q = A.free_body_attitude(I, w0, t, 3.0 * Q0)      # q0 is normalised
    assert np.max(_qdist(q[1], Q0)) < 1e-15
    np.testing.assert_allclose(np.linalg.norm(q, axis=-1), 1.0, rtol=1e-14)
    np.testing.assert_array_equal(omega, A.free_body(I, w0, t))
    _, q_id = A.free_body_attitude(I, w0, 0.0)
    assert _qdist(q_id, Q.identity()) < 1e-15


def test_many_periods_by_periodicity():
    """φ(t) = n Φ_T + φ(t − nT): far times equal a fine reference restarted from the exact state."""
    I, w0 = np.array([1.0, 2.0, 3.0]), np.array([0.3, 1.0, 0.2])
    T = A.flip_period(I, w0)
    t_far = 50.3 * T
    w_far, q_far = A.free_body_attitude(I, w0, t_far, Q0)
    run = D.simulate(I, w_far, q_far, dt=0.002, steps=2000, method="splitting4")
    _, q_ref = A.free_body_attitude(I, w0, t_far + run.t, Q0)
    assert np.max(_qdist(q_ref, run.q)) < 1e-10


@settings(max_examples=25, deadline=None, database=None)
@given(m=st.tuples(*[st.floats(0.5, 3.0)] * 3), w=st.tuples(*[st.floats(-2.0, 2.0)] * 3),
       qr=st.tuples(*[st.floats(-1.0, 1.0)] * 4), ts=st.lists(st.floats(-40.0, 40.0), min_size=1, max_size=6))
def test_world_angular_momentum_is_fixed(m, w, qr, ts):
    """R(t) I ω(t) = L = R0 I ω0 for every body and start (the identity the construction rests on)."""
    I, w0, q0 = np.array(m), np.array(w), np.array(qr)
    s = np.sort(I)
    assume(s[0] + s[1] >= 1.01 * s[2] and np.linalg.norm(w0) > 0.05 and np.linalg.norm(q0) > 0.1)
    omega, q = A.free_body_attitude(I, w0, np.array(ts), q0)
    L = Q.rotate(Q.normalize(q0), I * w0)
    L_t = Q.rotate(q, I * omega)
    np.testing.assert_allclose(L_t, np.broadcast_to(L, L_t.shape), atol=1e-11 * max(1.0, np.linalg.norm(L)))


def test_zero_omega_and_steady_spins():
    _, q = A.free_body_attitude([1.0, 2.0, 3.0], [0.0, 0.0, 0.0], [0.0, 5.0], Q0)
    assert np.max(_qdist(q, Q0)) == 0.0
    # a steady spin about the middle axis: a rotation about the fixed axis at the spin rate
    _, q = A.free_body_attitude([1.0, 2.0, 3.0], [0.0, 1.5, 0.0], [2.0])
    assert _qdist(q[0], Q.from_axis_angle([0.0, 1.0, 0.0], 3.0)) < 1e-14


def test_scale_invariance():
    """ω0 → s ω0 with t → t/s gives the same attitude (Euler's equations are homogeneous)."""
    I, w0, t = np.array([1.0, 2.0, 3.0]), np.array([0.3, 1.0, 0.2]), np.array([0.0, 3.0, 17.0])
    _, q = A.free_body_attitude(I, w0, t, Q0)
    _, q_s = A.free_body_attitude(I, 1e5 * w0, t / 1e5, Q0)
    assert np.max(_qdist(q, q_s)) < 1e-11


@pytest.mark.parametrize("kwargs, name", [
    ({"moments": [1.0, 1.0, 3.0]}, "moments"),
    ({"omega0": [1.0, np.nan, 0.0]}, "omega0"),
    ({"t": [[0.0, 1.0]]}, "t"),
    ({"q0": [0.0, 0.0, 0.0, 0.0]}, "q0"),
    ({"t": 1e12}, "t"),
])
def test_bad_input_names_the_argument(kwargs, name):
    args = dict(moments=[1.0, 2.0, 3.0], omega0=[0.3, 1.0, 0.2], t=[0.0, 1.0], q0=None) | kwargs
    with pytest.raises(ValueError, match=name):
        A.free_body_attitude(**args)


def test_separatrix_over_long_times_and_the_limit():
    """On the separatrix there is no period: the quadrature runs from 0 to t, up to MAX_PANELS panels."""
    I, w0 = np.array([1.0, 2.0, 3.0]), np.array([np.sqrt(3.0) * 0.1, -0.5, 0.1])
    assert np.isinf(A.flip_period(I, w0))
    t = np.array([-1e4, -3.0, 0.0, 2.0, 1e4])
    omega, q = A.free_body_attitude(I, w0, t, Q0)
    L = Q.rotate(Q0, I * w0)
    np.testing.assert_allclose(Q.rotate(q, I * omega), np.broadcast_to(L, (5, 3)), atol=1e-13)
    # far out, ω is the steady middle-axis spin: the attitude turns about L at a constant rate
    _, q_far = A.free_body_attitude(I, w0, [1e4, 1e4 + 1.0], Q0)
    turn = Q.multiply(q_far[1], Q.conjugate(q_far[0]))           # world-frame rotation over 1 s
    axis, angle = Q.to_axis_angle(turn)
    L_hat = L / np.linalg.norm(L)
    assert abs(abs(axis @ L_hat) - 1.0) < 1e-10
    assert angle == pytest.approx(np.linalg.norm(L) / I[1], rel=1e-10)   # ω2 = |L| / I2 at the middle axis
    with pytest.raises(ValueError, match="t is too long"):
        A.free_body_attitude(I, w0, [1e8])
