"""The implicit midpoint rule, the Lie-group method RKMK4 and the adaptive Dormand–Prince reference
of :mod:`rbteach.dynamics` (issue 13, notebook 09)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.integrate import solve_ivp

from rbteach import analytic, dynamics
from rbteach import quaternion as quat

LAB_I, LAB_W0 = np.array([1.0, 2.0, 3.0]), np.array([0.4, 0.8, 0.6])
TENSOR = np.array([[2.0, -0.3, 0.1], [-0.3, 3.0, 0.2], [0.1, 0.2, 4.0]])
Q0 = quat.from_axis_angle([0.3, 1.0, -0.2], 0.7)
TOP_I, TOP_W0 = (1.0, 1.0, 2.0), (1.0, 0.3, 1.0)


def _invariants(inertia, tr):
    E = dynamics.kinetic_energy(inertia, tr.omega_body)
    L = np.linalg.norm(dynamics.angular_momentum(inertia, tr.omega_body), axis=-1)
    return np.abs(E / E[0] - 1).max(), np.abs(L / L[0] - 1).max()


def _slopes(errors, dts):
    errors, dts = np.asarray(errors), np.asarray(dts)
    return np.log(errors[:-1] / errors[1:]) / np.log(dts[:-1] / dts[1:])


# --- implicit midpoint ----------------------------------------------------------------------------

@pytest.mark.parametrize("inertia, w0, q0", [(LAB_I, LAB_W0, None), (TENSOR, [0.9, -0.4, 0.7], Q0)])
def test_midpoint_keeps_T_L_and_unit_q_over_10_000_steps(inertia, w0, q0):
    tr = dynamics.simulate(inertia, w0, q0, dt=0.1, steps=10_000, method="implicit-midpoint")
    dT, dL = _invariants(inertia, tr)
    assert dT <= 1e-13 and dL <= 1e-13
    assert np.abs(np.linalg.norm(tr.q, axis=-1) - 1).max() <= 1e-13       # no renormalisation in the method
    # and not trivially: RK4 at the same step drifts far more in both
    rk = dynamics.simulate(inertia, w0, q0, dt=0.1, steps=10_000, method="rk4")
    assert min(_invariants(inertia, rk)) > 1e-9


def test_midpoint_does_not_keep_the_direction_of_L_in_the_world():
    """L_world = R(q) I ω is cubic in (ω, q), not a quadratic invariant: the midpoint rule keeps |L| to rounding
    but not L's direction (an O(h²) error, bounded here), where the splitting keeps the whole vector."""
    def L_world_error(tr):
        Lw = quat.rotate(tr.q, dynamics.angular_momentum(LAB_I, tr.omega_body))
        return np.linalg.norm(Lw - Lw[0], axis=-1).max() / np.linalg.norm(Lw[0])

    err = {}
    for dt in (0.1, 0.05):
        for method in ("implicit-midpoint", "splitting"):
            err[method, dt] = L_world_error(dynamics.simulate(LAB_I, LAB_W0, Q0, dt=dt, steps=int(round(200 / dt)),
                                                              method=method))
    assert err["splitting", 0.1] <= 1e-13 and err["splitting", 0.05] <= 1e-13
    assert 1e-4 < err["implicit-midpoint", 0.1] < 1e-2
    assert 3.5 < err["implicit-midpoint", 0.1] / err["implicit-midpoint", 0.05] < 4.5       # O(h²)


@settings(max_examples=40, deadline=None)
@given(moments=st.lists(st.floats(1.0, 3.0), min_size=3, max_size=3),
       w=st.lists(st.floats(-2.0, 2.0), min_size=3, max_size=3), dt=st.floats(0.01, 0.5))
def test_one_midpoint_step_keeps_both_quadratic_invariants(moments, w, dt):
    moments = np.sort(moments)
    if moments[0] + moments[1] < moments[2] or np.linalg.norm(w) < 1e-3:
        return
    tr = dynamics.simulate(moments, w, dt=dt, steps=1, method="implicit-midpoint")
    T, L2 = tr.kinetic_energy, np.sum(dynamics.angular_momentum(moments, tr.omega_body) ** 2, axis=-1)
    assert abs(T[1] / T[0] - 1) <= 1e-14 and abs(L2[1] / L2[0] - 1) <= 1e-14
    assert abs(np.linalg.norm(tr.q[1]) - 1) <= 1e-15
    # it is the midpoint rule: ω1 − ω0 = h f((ω0 + ω1)/2), f = Euler's equations
    mid = 0.5 * (tr.omega_body[0] + tr.omega_body[1])
    np.testing.assert_allclose(tr.omega_body[1] - tr.omega_body[0], dt * dynamics.euler_rhs(moments, mid),
                               rtol=0, atol=1e-14)


def test_midpoint_is_second_order_in_omega_and_attitude():
    dts = [0.1, 0.05, 0.025]
    e_w, e_q = [], []
    for dt in dts:
        tr = dynamics.simulate(LAB_I, LAB_W0, dt=dt, steps=round(10 / dt), method="implicit-midpoint")
        e_w.append(np.linalg.norm(tr.omega_body - analytic.free_body(LAB_I, LAB_W0, tr.t), axis=-1).max())
        top = dynamics.simulate(TOP_I, TOP_W0, dt=dt, steps=round(10 / dt), method="implicit-midpoint")
        e_q.append(quat.angle_between(top.q, analytic.symmetric_top(TOP_I, TOP_W0, top.t)[1]).max())
    assert np.all(np.abs(_slopes(e_w, dts) - 2) < 0.05)
    assert np.all(np.abs(_slopes(e_q, dts) - 2) < 0.05)


def test_midpoint_refuses_a_step_where_newton_does_not_converge():
    with pytest.raises(ValueError, match=r"^dt too large for the implicit midpoint rule.*dt = 4 s"):
        dynamics.simulate(LAB_I, 3 * LAB_W0, dt=4.0, steps=10, method="implicit-midpoint")
    # the same body at a sensible step runs
    dynamics.simulate(LAB_I, 3 * LAB_W0, dt=0.5, steps=10, method="implicit-midpoint")


@pytest.mark.parametrize("method", ["implicit-midpoint", "rkmk4"])
def test_new_methods_are_torque_free(method):
    with pytest.raises(ValueError, match=f"'{method}' is torque-free.*torque_body"):
        dynamics.simulate(LAB_I, LAB_W0, dt=0.1, steps=2, method=method, torque_body=[0.1, 0.0, 0.0])


def test_midpoint_overflow_is_a_blow_up():
    with pytest.raises(ValueError, match="dt or omega0 too large"):
        dynamics.simulate(LAB_I, [1e200, 1e200, 1e200], dt=0.01, steps=3, method="implicit-midpoint")


# --- RKMK4 ----------------------------------------------------------------------------------------

def test_rkmk4_omega_is_rk4s_bit_for_bit():
    a = dynamics.simulate(TENSOR, [0.9, -0.4, 0.7], Q0, dt=0.05, steps=300, method="rkmk4")
    b = dynamics.simulate(TENSOR, [0.9, -0.4, 0.7], Q0, dt=0.05, steps=300, method="rk4")
    np.testing.assert_array_equal(a.omega_body, b.omega_body)
    assert 1e-9 < quat.angle_between(a.q, b.q).max() < 1e-4      # the attitudes differ (other method), both 4th order


def test_rkmk4_attitude_is_fourth_order():
    dts = [0.2, 0.1, 0.05]
    errs = []
    for dt in dts:
        tr = dynamics.simulate(TOP_I, TOP_W0, dt=dt, steps=round(10 / dt), method="rkmk4")
        errs.append(quat.angle_between(tr.q, analytic.symmetric_top(TOP_I, TOP_W0, tr.t)[1]).max())
    assert np.all(np.abs(_slopes(errs, dts) - 4) < 0.3), _slopes(errs, dts)


def test_rkmk4_keeps_unit_q_without_renormalising():
    tr = dynamics.simulate(LAB_I, LAB_W0, Q0, dt=0.1, steps=10_000, method="rkmk4")
    assert np.abs(np.linalg.norm(tr.q, axis=-1) - 1).max() <= 1e-13
    # RK4 without its renormalisation would drift: one unnormalised RK4 step is off by O(h⁵)
    w, q = LAB_W0, Q0
    h = 0.1
    f = lambda q, w: quat.derivative_body(q, w)                     # noqa: E731 (ω frozen: enough for the claim)
    k1 = f(q, w); k2 = f(q + h / 2 * k1, w); k3 = f(q + h / 2 * k2, w); k4 = f(q + h * k3, w)
    assert abs(np.linalg.norm(q + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)) - 1) > 1e-11     # 1.7e-10 per step


def test_rkmk4_tiny_step_has_no_zero_division():
    tr = dynamics.simulate(LAB_I, [1e-9, 0.0, 0.0], dt=1e-6, steps=3, method="rkmk4")
    assert np.all(np.isfinite(tr.q))
    batch = dynamics.simulate(LAB_I, [[1e-9, 0.0, 0.0], [0.4, 0.8, 0.6]], dt=1e-6, steps=3, method="rkmk4")
    np.testing.assert_array_equal(batch.q[:, 0], tr.q)


# --- the adaptive reference -----------------------------------------------------------------------

def _rhs(inertia, torque=None):
    I = np.diag(inertia) if np.ndim(inertia) == 1 else np.asarray(inertia)

    def rhs(_, y):
        w, q = y[:3], y[3:]
        tau = np.zeros(3)
        if torque is not None:
            R = quat.to_matrix(q / np.linalg.norm(q))
            tau = np.asarray(torque["torque_body"]) + np.cross(torque["point_body"], R.T @ np.asarray(torque["force_world"]))
        return np.concatenate([np.linalg.solve(I, tau - np.cross(w, I @ w)), quat.derivative_body(q, w)])
    return rhs


def test_reference_matches_the_exact_free_body():
    t = np.linspace(0.0, 10.0, 101)
    ref = dynamics.reference(LAB_I, LAB_W0, t=t, rtol=1e-10)
    err = np.abs(ref.omega_body - analytic.free_body(LAB_I, LAB_W0, t)).max()
    assert err <= 2e-9
    assert 50 < ref.steps < 1000 and ref.rejected >= 0
    loose = dynamics.reference(LAB_I, LAB_W0, t=t, rtol=1e-6)
    assert np.abs(loose.omega_body - analytic.free_body(LAB_I, LAB_W0, t)).max() > 100 * err   # rtol matters
    assert loose.steps < ref.steps
    # the attitude too: the symmetric top of 「回転運動のシミュレーション」 (2019)
    top = dynamics.reference(TOP_I, TOP_W0, t=t, rtol=1e-10)
    assert quat.angle_between(top.q, analytic.symmetric_top(TOP_I, TOP_W0, t)[1]).max() <= 2e-9


def test_reference_with_a_torque_matches_solve_ivp():
    torque = dict(torque_body=[0.1, -0.2, 0.05], force_world=[0.0, 0.0, -2.0], point_body=[0.1, 0.2, 0.5])
    t = np.linspace(0.0, 10.0, 51)
    ref = dynamics.reference(TENSOR, LAB_W0, Q0, t=t, rtol=1e-10, **torque)
    sol = solve_ivp(_rhs(TENSOR, torque), (0.0, 10.0), np.concatenate([LAB_W0, Q0]), method="DOP853",
                    rtol=1e-13, atol=1e-13, t_eval=t)
    assert np.abs(sol.y[:3].T - ref.omega_body).max() <= 5e-9
    assert quat.angle_between(sol.y[3:].T, ref.q).max() <= 5e-9
    # about as many steps as SciPy's own Dormand–Prince (RK45) at the same tolerance
    rk45 = solve_ivp(_rhs(TENSOR, torque), (0.0, 10.0), np.concatenate([LAB_W0, Q0]), method="RK45",
                     rtol=1e-10, atol=1e-10)
    assert 0.3 < ref.steps / (rk45.t.size - 1) < 3


def test_reference_steps_do_not_depend_on_the_output_times():
    coarse = dynamics.reference(LAB_I, LAB_W0, t=[0.0, 5.0, 10.0], rtol=1e-9)
    fine = dynamics.reference(LAB_I, LAB_W0, t=np.linspace(0.0, 10.0, 201), rtol=1e-9)
    assert coarse.steps == fine.steps
    np.testing.assert_allclose(fine.omega_body[[0, 100, 200]], coarse.omega_body, rtol=0, atol=1e-15)
    # dense output between the steps is 4th order: as accurate as the steps themselves
    assert np.abs(fine.omega_body - analytic.free_body(LAB_I, LAB_W0, fine.t)).max() <= 3e-8


def test_reference_step_count_grows_as_rtol_to_the_minus_one_fifth():
    n = [dynamics.reference(LAB_I, LAB_W0, t=[10.0], rtol=r).steps for r in (1e-7, 1e-12)]
    assert 0.5 * 1e5 ** 0.2 < n[1] / n[0] < 2 * 1e5 ** 0.2


def test_reference_batch_and_output_shapes():
    W = np.array([LAB_W0, [0.9, -0.4, 0.7]])
    ref = dynamics.reference(TENSOR, W, Q0, t=[0.0, 1.0, 2.0], rtol=1e-10)
    assert ref.omega_body.shape == (3, 2, 3) and ref.q.shape == (3, 2, 4)
    for k in range(2):
        one = dynamics.reference(TENSOR, W[k], Q0, t=[0.0, 1.0, 2.0], rtol=1e-10)
        np.testing.assert_allclose(ref.omega_body[:, k], one.omega_body, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(ref.omega_body[0], W)
    assert ref.kinetic_energy.shape == (3, 2) and ref.angular_momentum_world.shape == (3, 2, 3)
    with pytest.raises(ValueError):
        ref.omega_body[0, 0, 0] = 1.0


@pytest.mark.parametrize("kwargs, match", [
    (dict(rtol=1e-14), "^rtol must be between"), (dict(rtol=0.1), "^rtol must be between"),
    (dict(t=[1.0, 0.5]), "^t must be non-negative and non-decreasing"),
    (dict(t=[-1.0, 0.5]), "^t must be non-negative"), (dict(t=np.zeros((2, 2))), "^t must be a 1-D"),
    (dict(t=[1e7]), "^t too long for this omega0"),
    (dict(omega0=[1.0, 2.0]), "omega0.*shape"), (dict(q0=[0, 0, 0, 0]), "q0"),
    (dict(force_world=[0.0, 0.0, -1.0]), "force_world needs point_body"),
])
def test_reference_bad_input(kwargs, match):
    args = dict(inertia=LAB_I, omega0=LAB_W0, q0=None, t=[0.0, 1.0], rtol=1e-8)
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        dynamics.reference(args.pop("inertia"), args.pop("omega0"), args.pop("q0"), **args)


def test_reference_gives_up_on_too_many_steps(monkeypatch):
    """With a torque the work cannot be foreseen: the run stops at REFERENCE_MAX_STEPS (torque-free runs
    are refused before running: tests/test_dynamics.py)."""
    monkeypatch.setattr(dynamics.dormand_prince, "REFERENCE_MAX_STEPS", 50)
    with pytest.raises(ValueError, match=r"^t, rtol, omega0, inertia, torque_body: the reference needed more than"):
        dynamics.reference(LAB_I, LAB_W0, t=[100.0], rtol=1e-12, torque_body=[0.0, 0.0, 1e-3])


@settings(max_examples=40, deadline=None)
@given(theta=st.lists(st.floats(-1.0, 1.0), min_size=3, max_size=3),
       w=st.lists(st.floats(-2.0, 2.0), min_size=3, max_size=3), scale=st.sampled_from([1e-1, 3e-2, 1e-2]))
def test_dexpinv_series_inverts_the_exact_dexp_to_fourth_order(theta, w, scale):
    """J(θ) · _dexpinv(θ, ω) = ω + O(|θ|⁴ |ω|), J the right Jacobian of q ↦ q ⊗ exp(θ) (the next series
    term is (φ²/720) θ × (θ × ω)); and the exact J is the body rate of exp(θ(t)), checked by a finite difference."""
    th, w = scale * np.asarray(theta), np.asarray(w)
    phi = np.linalg.norm(th)
    if phi < 1e-6 or np.linalg.norm(w) < 1e-6:
        return
    K = np.array([[0, -th[2], th[1]], [th[2], 0, -th[0]], [-th[1], th[0], 0]])
    # (1 − cos φ)/φ² as 2 sin²(φ/2)/φ², (φ − sin φ)/φ³ by its series below φ = 0.1: no cancellation at small φ
    c1 = 2 * np.sin(phi / 2) ** 2 / phi ** 2
    c2 = 1 / 6 - phi ** 2 / 120 + phi ** 4 / 5040 - phi ** 6 / 362880 if phi < 0.1 else (phi - np.sin(phi)) / phi ** 3
    J = np.eye(3) - c1 * K + c2 * K @ K
    back = J @ np.array(dynamics.rkmk4._dexpinv(*th, *w))
    assert np.linalg.norm(back - w) <= phi ** 4 * np.linalg.norm(w) / 700 + 1e-15
    # J is the body angular velocity of exp(θ(t)) for θ̇ = (any) u: ω = J u
    u, eps = np.array([0.3, -0.7, 0.5]), 1e-6
    q_a, q_b = quat.from_rotation_vector(th - eps * u), quat.from_rotation_vector(th + eps * u)
    rate = quat.multiply(quat.conjugate(quat.from_rotation_vector(th)), (q_b - q_a) / (2 * eps))   # q⁻¹ q̇ = ½ (0, ω)
    np.testing.assert_allclose(2 * rate[1:], J @ u, atol=1e-8)


def test_midpoint_batch_with_a_body_at_rest():
    W = np.array([[0.0, 0.0, 0.0], [0.4, 0.8, 0.6], [1e-3, -2.0, 0.5]])
    tr = dynamics.simulate(LAB_I, W, Q0, dt=0.1, steps=500, method="implicit-midpoint")
    np.testing.assert_array_equal(tr.omega_body[:, 0], 0.0)
    np.testing.assert_allclose(tr.q[:, 0], np.broadcast_to(Q0, (501, 4)), atol=1e-15)
    E = dynamics.kinetic_energy(LAB_I, tr.omega_body[:, 1:])
    assert np.abs(E / E[0] - 1).max() <= 1e-13
    assert np.abs(np.linalg.norm(tr.q, axis=-1) - 1).max() <= 1e-14


def test_splitting_step_is_the_composition_of_its_flows_bit_for_bit():
    """`splitting` and `splitting4` are the sub-flows 1(h/2) 2(h/2) 3(h) 2(h/2) 1(h/2) (three times for the triple jump)
    and one renormalisation: a run equals that composition, written with the flows and `_normalized_state`, to the
    last bit (the step functions unpack the state by name; the operations are the same)."""
    import math
    from rbteach.dynamics import splitting as sp_mod
    from rbteach.dynamics.equations import _normalized_state

    def strang(h, state):
        for flow, n, tau in ((sp_mod._flow1, 0, h / 2), (sp_mod._flow2, 1, h / 2), (sp_mod._flow3, 2, h),
                             (sp_mod._flow2, 1, h / 2), (sp_mod._flow1, 0, h / 2)):
            state = flow(tau, 1.0 / LAB_I[n], math.cos, math.sin, *state)
        return state

    dt, steps = 0.3, 200
    for method, jumps in (("splitting", (1.0,)), ("splitting4", (sp_mod._G1, sp_mod._G0, sp_mod._G1))):
        state = (*(float(x) for x in LAB_I * LAB_W0), *(float(x) for x in Q0))
        expected = [state]
        for _ in range(steps):
            for g in jumps:
                state = strang(g * dt, state)
            state = _normalized_state(state, math.sqrt)
            expected.append(state)
        expected = np.array(expected)
        run = dynamics.simulate(LAB_I, LAB_W0, Q0, dt=dt, steps=steps, method=method)
        assert run.q.tobytes() == np.ascontiguousarray(expected[:, 3:]).tobytes()
        assert run.omega_body.tobytes() == np.ascontiguousarray(expected[:, :3] / LAB_I).tobytes()
