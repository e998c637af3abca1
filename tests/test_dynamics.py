"""Tests for rbteach.dynamics: Euler's equations and the integrators of simulate (「回転運動のシミュレーション」 (2019); issues 5 and 14)."""

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from rbteach import analytic, dynamics, quaternion as quat
from rbteach.dynamics import METHODS, simulate

SYM_I, SYM_W0 = np.array([1.0, 1.0, 2.0]), np.array([1.0, 0.0, 1.0])       # 「回転運動のシミュレーション」 (2019): ω = (cos t, sin t, 1)
ASYM_I, ASYM_W0 = np.array([1.0, 2.0, 3.0]), np.array([0.4, 0.8, 0.6])
Q0 = quat.from_axis_angle([1.0, -2.0, 0.5], 0.7)


def _exact_omega(t):
    return np.stack([np.cos(t), np.sin(t), np.ones_like(t)], axis=-1)


def _rhs_scipy(inertia):
    """ω̇ from dynamics.euler_rhs and q̇ from quaternion.derivative_body, as one vector for solve_ivp."""
    def f(_, y):
        return np.concatenate([dynamics.euler_rhs(inertia, y[:3]), quat.derivative_body(y[3:], y[:3])])
    return f


def _dop853(inertia, w0, q0, t):
    sol = solve_ivp(_rhs_scipy(inertia), (0.0, t[-1]), np.concatenate([w0, q0]), method="DOP853",
                    t_eval=t, rtol=1e-12, atol=1e-12)
    assert sol.success
    return sol.y[:3].T, quat.normalize(sol.y[3:].T)


def _final_error(tr, w_ref, q_ref):
    """max(|ω − ω_ref|, attitude angle) at the last sample."""
    return max(np.abs(tr.omega_body[-1] - w_ref).max(), float(quat.angle_between(tr.q[-1], q_ref)))


def _fitted_order(method, inertia, w0, q0, dts, t_end, w_ref, q_ref):
    errs = [_final_error(simulate(inertia, w0, q0, dt=dt, steps=round(t_end / dt), method=method), w_ref, q_ref)
            for dt in dts]
    return np.polyfit(np.log(dts), np.log(errs), 1)[0], errs


# --- Euler's equations, energy, angular momentum ---------------------------------------------

def test_euler_rhs_matches_matrix_formula_and_torque():
    rng = np.random.default_rng(1)
    w = rng.normal(size=(5, 3))
    tau = rng.normal(size=(5, 3))
    I = np.diag(ASYM_I)
    expected = (tau - np.cross(w, w @ I.T)) @ np.linalg.inv(I).T
    np.testing.assert_allclose(dynamics.euler_rhs(ASYM_I, w, tau), expected, rtol=1e-13, atol=1e-14)
    np.testing.assert_allclose(dynamics.euler_rhs(I, w, tau), expected, rtol=1e-13, atol=1e-14)
    # the 2019 article's example: ω̇ = (−sin t, cos t, 0) at t = 0 is (0, 1, 0)
    np.testing.assert_allclose(dynamics.euler_rhs(SYM_I, SYM_W0), [0.0, 1.0, 0.0], atol=1e-15)
    # a torque along a principal axis of a body at rest: ω̇ = τ / I
    np.testing.assert_allclose(dynamics.euler_rhs(ASYM_I, [0, 0, 0], [0, 0, 6.0]), [0, 0, 2.0])


def test_euler_rhs_full_tensor_is_rotated_principal():
    R = quat.to_matrix(Q0)
    I_body = R @ np.diag(ASYM_I) @ R.T
    w_p = np.array([0.3, -1.1, 0.7])
    np.testing.assert_allclose(dynamics.euler_rhs(I_body, R @ w_p), R @ dynamics.euler_rhs(ASYM_I, w_p),
                               rtol=1e-12, atol=1e-13)


def test_energy_and_angular_momentum():
    w = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]])
    np.testing.assert_allclose(dynamics.angular_momentum(ASYM_I, w), [[1.0, 4.0, 9.0], [0.0, 0.0, 3.0]])
    np.testing.assert_allclose(dynamics.kinetic_energy(ASYM_I, w), [0.5 * (1 + 8 + 27), 1.5])
    R = quat.to_matrix(Q0)
    I_body = R @ np.diag(ASYM_I) @ R.T
    np.testing.assert_allclose(dynamics.angular_momentum(I_body, w @ R.T), dynamics.angular_momentum(ASYM_I, w) @ R.T,
                               atol=1e-13)
    np.testing.assert_allclose(dynamics.kinetic_energy(I_body, w @ R.T), dynamics.kinetic_energy(ASYM_I, w), rtol=1e-13)
    # a thin rod has a valid tensor: its L and energy exist even though it cannot be simulated
    np.testing.assert_allclose(dynamics.angular_momentum([1.0, 1.0, 0.0], [0.0, 1.0, 5.0]), [0.0, 1.0, 0.0])


# --- RK4: accuracy, conservation, orders -------------------------------------------------------

def test_rk4_2019_article_example_exact_omega_and_attitude():
    tr = simulate(SYM_I, SYM_W0, Q0, dt=0.01, steps=3000)
    assert tr.method == "rk4" and tr.t.shape == (3001,) and tr.omega_body.shape == (3001, 3)
    assert tr.q.shape == (3001, 4)
    np.testing.assert_allclose(tr.t[-1], 30.0)
    assert np.abs(tr.omega_body - _exact_omega(tr.t)).max() <= 1e-8
    w_exact, q_exact = analytic.symmetric_top(SYM_I, SYM_W0, tr.t, Q0)
    np.testing.assert_allclose(w_exact, _exact_omega(tr.t), atol=1e-12)
    assert quat.angle_between(tr.q, q_exact).max() <= 1e-8
    np.testing.assert_allclose(np.linalg.norm(tr.q, axis=-1), 1.0, atol=1e-15)
    E = tr.kinetic_energy
    L = np.linalg.norm(tr.angular_momentum_world, axis=-1)
    assert np.abs(E / E[0] - 1).max() <= 1e-8
    assert np.abs(L / L[0] - 1).max() <= 1e-8
    # the world angular momentum vector is constant too
    assert np.abs(tr.angular_momentum_world - tr.angular_momentum_world[0]).max() <= 1e-8


def test_rk4_asymmetric_agrees_with_dop853():
    tr = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=3000)
    w_ref, q_ref = _dop853(ASYM_I, ASYM_W0, Q0, tr.t)
    assert np.abs(tr.omega_body - w_ref).max() <= 1e-8
    assert quat.angle_between(tr.q, q_ref).max() <= 1e-8
    # and the exact elliptic-function solution
    assert np.abs(tr.omega_body - analytic.free_body(ASYM_I, ASYM_W0, tr.t)).max() <= 1e-8


@pytest.mark.parametrize("method, dts, t_end, order, tol", [
    ("rk4", [0.1, 0.05, 0.025, 0.0125], 10.0, 4.0, 0.15),
    ("euler", [0.004, 0.002, 0.001, 0.0005], 2.0, 1.0, 0.15),
    ("semi-implicit-euler", [0.004, 0.002, 0.001, 0.0005], 2.0, 1.0, 0.15),
    ("rk4-dcm", [0.1, 0.05, 0.025], 5.0, 4.0, 0.15),
])
def test_convergence_order_symmetric_top(method, dts, t_end, order, tol):
    w_ref, q_ref = analytic.symmetric_top(SYM_I, SYM_W0, t_end, Q0)
    p, errs = _fitted_order(method, SYM_I, SYM_W0, Q0, dts, t_end, w_ref, q_ref)
    assert abs(p - order) <= tol, (p, errs)


@pytest.fixture(scope="module")
def asym_reference():
    """ω and q at t = 10 for the asymmetric body: RK4 at dt = 5e-4 (error ~1e-14), checked against DOP853."""
    tr = simulate(ASYM_I, ASYM_W0, Q0, dt=5e-4, steps=20000)
    w_ref, q_ref = _dop853(ASYM_I, ASYM_W0, Q0, np.array([0.0, 10.0]))
    assert _final_error(tr, w_ref[-1], q_ref[-1]) <= 1e-10
    np.testing.assert_allclose(tr.omega_body[-1], analytic.free_body(ASYM_I, ASYM_W0, 10.0), atol=1e-11)
    return tr.omega_body[-1], tr.q[-1]


@pytest.mark.parametrize("method, dts, order, tol", [
    ("splitting", [0.04, 0.02, 0.01, 0.005], 2.0, 0.05),
    ("splitting4", [0.08, 0.04, 0.02, 0.01], 4.0, 0.15),
    ("rk4", [0.08, 0.04, 0.02, 0.01], 4.0, 0.15),
])
def test_convergence_order_asymmetric(asym_reference, method, dts, order, tol):
    p, errs = _fitted_order(method, ASYM_I, ASYM_W0, Q0, dts, 10.0, *asym_reference)
    assert abs(p - order) <= tol, (p, errs)


# --- rk4-dcm (the 2019 article's DCM variant, fixed) --------------------------------------------------

def test_rk4_dcm_agrees_with_rk4_and_stays_orthonormal():
    a = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=1000, method="rk4-dcm")
    b = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=1000, method="rk4")
    assert a.method == "rk4-dcm"
    np.testing.assert_allclose(a.omega_body, b.omega_body, rtol=0, atol=1e-13)   # ω does not see the attitude
    assert quat.angle_between(a.q, b.q).max() <= 1e-8                # both O(dt⁴): ~1e-9 apart
    ws, Rs = dynamics.rk4_dcm._rk4_dcm_states(ASYM_I, ASYM_W0[None], Q0[None], 0.01, 1000)
    assert Rs.shape == (1001, 1, 3, 3)
    assert np.abs(np.swapaxes(Rs, -1, -2) @ Rs - np.eye(3)).max() <= 1e-14
    np.testing.assert_allclose(np.linalg.det(Rs), 1.0, atol=1e-14)
    # it integrates R = to_matrix(q) (body → world); the 2019 article's DCM is its transpose
    np.testing.assert_allclose(Rs[:, 0], quat.to_matrix(a.q), atol=1e-14)



@pytest.mark.parametrize("torque", [{}, dict(force_world=[0.3, 0.7, -1.5], point_body=[0.2, -0.1, 0.3]),
                                    dict(torque_body=[0.1, 0.0, -0.2], force_world=[0.0, 0.0, -1.5],
                                         point_body=[0.2, -0.1, 0.3])])
def test_rk4_dcm_one_body_is_its_batch_run_bit_for_bit(torque):
    """One body runs on Python floats (rk4_dcm._rk4_dcm_one), a batch on arrays: the same operations, so
    a body's samples are the same bits alone and in a batch, kept samples (keep_every) and blow-up included."""
    w, q = np.array([0.4, 0.8, -0.6]), quat.random(seed=2)
    kw = dict(dt=0.02, steps=300, keep_every=3, method="rk4-dcm", **torque)
    one = simulate([1.0, 2.0, 3.0], w, q, **kw)
    batch = simulate([1.0, 2.0, 3.0], [w, [0.1, 0.2, 0.3], w], [q, quat.random(seed=5), q], **kw)
    for k in (0, 2):
        assert one.omega_body.tobytes() == np.ascontiguousarray(batch.omega_body[:, k]).tobytes()
        assert one.q.tobytes() == np.ascontiguousarray(batch.q[:, k]).tobytes()
    with np.errstate(all="ignore"):
        big = dict(dt=0.5, steps=40, method="rk4-dcm", blowup="keep", **torque)
        one = simulate([1.0, 2.0, 3.0], [40.0, 80.0, 60.0], **big)
        batch = simulate([1.0, 2.0, 3.0], [[40.0, 80.0, 60.0]] * 2, **big)
    assert np.isnan(one.omega_body[-1]).all()
    assert np.array_equal(one.omega_body, batch.omega_body[:, 1], equal_nan=True)

# --- splitting: structure preservation ---------------------------------------------------------

def _rel_energy_error(tr):
    E = tr.kinetic_energy
    return np.abs(E / E[0] - 1.0)


def test_splitting_keeps_L_and_bounds_energy_while_rk4_drifts():
    # t ∈ [0, 1e4]: splitting at the target dt = 0.01 (1e6 steps); rk4 at dt = 0.02 (5e5 steps, to keep
    # the test lean: its drift is secular at any dt).
    sp = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=1_000_000, method="splitting")
    L = sp.angular_momentum_world
    assert np.abs(np.linalg.norm(L, axis=-1) / np.linalg.norm(L[0]) - 1).max() <= 1e-12
    assert np.abs(L - L[0]).max() <= 1e-11                         # the whole world vector is kept
    e_sp = _rel_energy_error(sp)
    assert e_sp.max() <= 1e-6
    assert e_sp.max() <= 1.5 * e_sp[:100_001].max()                # max over [0, 1e4] vs over [0, 1e3]
    del sp, L
    rk = simulate(ASYM_I, ASYM_W0, Q0, dt=0.02, steps=500_000, method="rk4")
    e_rk = _rel_energy_error(rk)
    assert e_rk[-1] >= 5.0 * e_rk[:50_001].max()                   # secular drift: grows ~linearly in t
    assert e_rk.max() <= 1e-6


@pytest.mark.parametrize("method", ["splitting", "splitting4"])
def test_splitting_keeps_L_short(method):
    tr = simulate(ASYM_I, ASYM_W0, Q0, dt=0.05, steps=2000, method=method)
    L = np.linalg.norm(tr.angular_momentum_world, axis=-1)
    assert np.abs(L / L[0] - 1).max() <= 1e-13
    np.testing.assert_allclose(np.linalg.norm(tr.q, axis=-1), 1.0, atol=1e-15)


# --- batches, tensors, q0 ---------------------------------------------------------------------

@pytest.mark.parametrize("method", METHODS)
def test_batch_equals_loop(method):
    rng = np.random.default_rng(7)
    W = rng.normal(size=(4, 3))
    Qs = quat.normalize(rng.normal(size=(4, 4)))
    tr = simulate(ASYM_I, W, Qs, dt=0.02, steps=60, method=method)
    assert tr.omega_body.shape == (61, 4, 3) and tr.q.shape == (61, 4, 4) and tr.t.shape == (61,)
    for k in range(4):
        one = simulate(ASYM_I, W[k], Qs[k], dt=0.02, steps=60, method=method)
        np.testing.assert_allclose(tr.omega_body[:, k], one.omega_body, rtol=0, atol=1e-14)
        assert quat.angle_between(tr.q[:, k], one.q).max() <= 1e-14
    # a single q0 (4,) is shared by a batch of omega0
    shared = simulate(ASYM_I, W, Qs[0], dt=0.02, steps=5, method=method)
    np.testing.assert_allclose(shared.q[0], np.broadcast_to(Qs[0], (4, 4)), atol=1e-15)


@pytest.mark.parametrize("method", METHODS)
def test_full_tensor_gives_rotated_results(method):
    R0 = quat.to_matrix(Q0)                    # body axes B' with v_B' = R0 v_P
    I_body = R0 @ np.diag(ASYM_I) @ R0.T
    q_r = quat.from_axis_angle([0.2, 1.0, -0.3], 1.1)
    p = simulate(ASYM_I, ASYM_W0, q_r, dt=0.01, steps=300, method=method)
    b = simulate(I_body, R0 @ ASYM_W0, quat.multiply(q_r, quat.conjugate(Q0)), dt=0.01, steps=300, method=method)
    np.testing.assert_allclose(b.omega_body, p.omega_body @ R0.T, atol=1e-12)
    assert quat.angle_between(b.q, quat.multiply(p.q, quat.conjugate(Q0))).max() <= 1e-12
    np.testing.assert_array_equal(b.inertia, I_body)


def test_diagonal_tensor_equals_moments_and_default_q0():
    a = simulate(np.diag(ASYM_I), ASYM_W0, dt=0.01, steps=50)
    b = simulate(ASYM_I, ASYM_W0, quat.identity(), dt=0.01, steps=50)
    np.testing.assert_array_equal(a.omega_body, b.omega_body)
    np.testing.assert_array_equal(a.q, b.q)
    np.testing.assert_array_equal(a.q[0], [1.0, 0.0, 0.0, 0.0])
    # q0 is normalised
    c = simulate(ASYM_I, ASYM_W0, 3.0 * Q0, dt=0.01, steps=5)
    np.testing.assert_allclose(c.q[0], Q0, atol=1e-15)


def test_trajectory_is_read_only():
    tr = simulate(ASYM_I, ASYM_W0, dt=0.01, steps=3)
    with pytest.raises(ValueError):
        tr.omega_body[0, 0] = 1.0
    with pytest.raises(AttributeError):
        tr.method = "euler"


def test_torque_free_spin_about_principal_axis_is_steady():
    for method in METHODS:
        tr = simulate(ASYM_I, [0.0, 0.0, 2.0], dt=0.01, steps=100, method=method)
        np.testing.assert_allclose(tr.omega_body, np.broadcast_to([0.0, 0.0, 2.0], (101, 3)), atol=1e-15)
        expected = quat.from_axis_angle([0.0, 0.0, 1.0], 2.0 * tr.t)
        if method == "implicit-midpoint":        # its Cayley step turns by 4 atan(h|ω|/4), not h|ω| (order 2)
            cayley = quat.from_axis_angle([0.0, 0.0, 1.0], 4.0 * np.arctan(0.01 * 2.0 / 4.0) * np.arange(101))
            assert quat.angle_between(tr.q, cayley).max() <= 1e-13
            assert 1e-6 < quat.angle_between(tr.q, expected).max() <= 1e-4
            continue
        assert quat.angle_between(tr.q, expected).max() <= (1e-3 if "euler" in method else 1e-8), method


# --- bad input ----------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, match", [
    (dict(dt=0.0), "dt"), (dict(dt=-0.1), "dt"), (dict(dt=float("nan")), "dt"), (dict(dt=[0.1, 0.2]), "dt"),
    (dict(steps=0), "steps"), (dict(steps=2.5), "steps"), (dict(steps=True), "steps"),
    (dict(inertia=[1.0, 1.0, 0.0]), "inertia.*zero"),
    (dict(inertia=np.diag([1.0, 1.0, 0.0])), "inertia.*zero"),
    (dict(inertia=[1.0, 1.0, 3.0]), "inertia.*triangle"),
    (dict(inertia=[-1.0, 2.0, 2.0]), "inertia.*negative"),
    (dict(inertia=[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]]), "inertia.*symmetric"),
    (dict(inertia=[1.0, 2.0]), "inertia.*shape"),
    (dict(inertia=[1.0, float("inf"), 2.0]), "inertia.*finite"),
    (dict(omega0=[1.0, 2.0]), "omega0.*shape"), (dict(omega0=np.ones((2, 2, 3))), "omega0.*shape"),
    (dict(omega0=[1.0, float("nan"), 0.0]), "omega0.*finite"), (dict(omega0=np.ones((0, 3))), "omega0"),
    (dict(q0=[0.0, 0.0, 0.0, 0.0]), "q0.*zero"), (dict(q0=[1.0, 0.0, 0.0]), "q0.*shape"),
    (dict(omega0=np.ones((3, 3)), q0=quat.identity(2)), "omega0.*q0"),
    (dict(method="rk5"), "method.*'euler'.*'semi-implicit-euler'.*'rk4'.*'rk4-dcm'.*'splitting'.*'splitting4'"),
    (dict(method=None), "method"),
])
def test_simulate_bad_input(kwargs, match):
    args = dict(inertia=ASYM_I, omega0=ASYM_W0, q0=None, dt=0.01, steps=10, method="rk4")
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        simulate(args.pop("inertia"), args.pop("omega0"), args.pop("q0"), **args)


def test_other_functions_bad_input():
    with pytest.raises(ValueError, match="inertia.*zero"):
        dynamics.euler_rhs([1.0, 1.0, 0.0], [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match="omega_body.*shape"):
        dynamics.euler_rhs(ASYM_I, [1.0, 0.0])
    with pytest.raises(ValueError, match="torque_body"):
        dynamics.euler_rhs(ASYM_I, ASYM_W0, [1.0, 0.0])
    with pytest.raises(ValueError, match="torque_body"):
        dynamics.euler_rhs(ASYM_I, ASYM_W0, 2.0)
    with pytest.raises(ValueError, match="inertia.*shape"):
        dynamics.kinetic_energy(np.ones(4), ASYM_W0)
    with pytest.raises(ValueError, match="omega_body.*finite"):
        dynamics.angular_momentum(ASYM_I, [np.inf, 0, 0])


# --- issue 14: memory, keep_every, blow-up, huge inputs, Trajectory checks ---------------------

@pytest.mark.parametrize("method", METHODS)
def test_keep_every_gives_the_full_runs_every_kth_sample(method):
    steps, k = (60, 6) if method == "rk4-dcm" else (600, 25)
    for w0, q0 in ((ASYM_W0, Q0), (np.array([[0.4, 0.8, 0.6], [1.0, -0.2, 0.3]]), Q0)):
        full = simulate(ASYM_I, w0, q0, dt=0.01, steps=steps, method=method)
        thin = simulate(ASYM_I, w0, q0, dt=0.01, steps=steps, method=method, keep_every=k)
        np.testing.assert_array_equal(thin.t, full.t[::k])
        np.testing.assert_array_equal(thin.omega_body, full.omega_body[::k])
        np.testing.assert_array_equal(thin.q, full.q[::k])
    # a full tensor too (integrated in principal axes)
    I = np.array([[2.0, -0.3, 0.1], [-0.3, 3.0, 0.2], [0.1, 0.2, 4.0]])
    full = simulate(I, ASYM_W0, dt=0.01, steps=steps, method=method)
    thin = simulate(I, ASYM_W0, dt=0.01, steps=steps, method=method, keep_every=k)
    np.testing.assert_array_equal(thin.omega_body, full.omega_body[::k])


def test_keep_every_must_divide_steps():
    with pytest.raises(ValueError, match=r"^steps \(10\) must be a multiple of keep_every \(3\)"):
        simulate(ASYM_I, ASYM_W0, dt=0.01, steps=10, keep_every=3)
    for bad in (0, -1, 2.0, "2", None, True):
        with pytest.raises(ValueError, match="^keep_every must be an integer"):
            simulate(ASYM_I, ASYM_W0, dt=0.01, steps=10, keep_every=bad)


def test_a_result_too_large_is_refused_at_once_naming_steps():
    with pytest.raises(ValueError, match=r"^steps too large: the trajectory of 1,000,000,000,001 samples .* "
                                         r"would take 58.2 TB, more than the limit of 2 GB"):
        simulate(ASYM_I, ASYM_W0, dt=0.01, steps=10 ** 12)
    with pytest.raises(ValueError, match=r"^steps too large: .* × 10,000 bodies"):
        simulate(ASYM_I, np.ones((10_000, 3)), dt=0.01, steps=10_000)
    # keep_every brings the same run under the limit (checked without running it)
    with pytest.raises(ValueError, match="^steps too large"):
        simulate(ASYM_I, np.ones((10_000, 3)), dt=0.01, steps=5000)
    tr = simulate(ASYM_I, np.ones((10, 3)), dt=0.01, steps=5000, keep_every=1000)
    assert tr.omega_body.shape == (6, 10, 3)


def test_blowup_raises_with_the_step_or_is_kept_on_request():
    with pytest.raises(ValueError, match=r"^dt or omega0 too large: the 'euler' integration blew up .* by step \d+"):
        simulate(ASYM_I, ASYM_W0, dt=0.3, steps=1000, method="euler")
    tr = simulate(ASYM_I, ASYM_W0, dt=0.3, steps=1000, method="euler", blowup="keep")
    assert np.isfinite(tr.omega_body[0]).all() and not np.isfinite(tr.omega_body[-1]).all()
    # every method whose steps can overflow (the splitting methods only turn m: |m| is kept)
    for method in ("euler", "semi-implicit-euler", "rk4", "rk4-dcm"):
        with pytest.raises(ValueError, match="blew up"):
            simulate(ASYM_I, [1e200, 1e200, 1e200], dt=0.01, steps=10, method=method)
        kept = simulate(ASYM_I, [1e200, 1e200, 1e200], dt=0.01, steps=10, method=method, blowup="keep")
        assert kept.omega_body.shape == (11, 3)
    with pytest.raises(ValueError, match="^blowup must be one of 'raise', 'keep'"):
        simulate(ASYM_I, ASYM_W0, dt=0.01, steps=10, blowup="ignore")


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 1e200, 1e300])
def test_q0_of_any_size_is_normalised_first(scale):
    """q0 = [1e200]*4 used to raise ZeroDivisionError (its squares overflowed)."""
    q = np.array([1.0, 1.0, 1.0, 1.0])
    for method in ("rk4", "splitting"):
        ref = simulate(ASYM_I, ASYM_W0, q, dt=0.01, steps=20, method=method)
        tr = simulate(ASYM_I, ASYM_W0, scale * q, dt=0.01, steps=20, method=method)
        np.testing.assert_allclose(tr.q, ref.q, atol=1e-15)


def test_trajectory_checks_its_fields():
    tr = simulate(ASYM_I, ASYM_W0, dt=0.01, steps=4)
    again = dynamics.Trajectory(list(tr.t), tr.omega_body.tolist(), tr.q, "rk4", tuple(ASYM_I))
    np.testing.assert_array_equal(again.omega_body, tr.omega_body)
    assert not again.t.flags.writeable
    with pytest.raises(ValueError, match=r"^omega_body must have shape \(n, 3\) or \(n, N, 3\) with n = len\(t\) = 4"):
        dynamics.Trajectory(tr.t[:-1], tr.omega_body, tr.q, "rk4", ASYM_I)
    with pytest.raises(ValueError, match="^q must have shape"):
        dynamics.Trajectory(tr.t, tr.omega_body, tr.q[:, :3], "rk4", ASYM_I)
    with pytest.raises(ValueError, match="^method must be one of"):
        dynamics.Trajectory(tr.t, tr.omega_body, tr.q, "rk5", ASYM_I)
    with pytest.raises(ValueError, match="^inertia .*triangle"):
        dynamics.Trajectory(tr.t, tr.omega_body, tr.q, "rk4", [1.0, 1.0, 3.0])


def test_euler_rhs_and_energy_refuse_overflow():
    with pytest.raises(ValueError, match="^inertia, omega_body or torque_body too large"):
        dynamics.euler_rhs(ASYM_I, [1e200, 1e200, 1e200])
    with pytest.raises(ValueError, match="^inertia or omega_body too large"):
        dynamics.kinetic_energy(ASYM_I, [1e200, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^omega_body and torque_body must broadcast"):
        dynamics.euler_rhs(ASYM_I, np.ones((2, 3)), np.ones((3, 3)))


# --- issue 13: torque (a constant body torque; a constant world force at a body-fixed point) -----

TAU_C = np.array([0.1, -0.2, 0.05])
FORCE = np.array([0.3, 0.1, -2.0])
POINT = np.array([0.2, -0.1, 0.5])
TORQUED = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm")


def _torque_of(q, tau_c=TAU_C, force=FORCE, point=POINT):
    """τ_body = τ_c + p × (R(q)ᵀ F), written with to_matrix (independent of the component code)."""
    R = quat.to_matrix(q)
    return tau_c + np.cross(point, np.einsum("...ji,j->...i", R, force))


@pytest.mark.parametrize("method", TORQUED)
def test_no_torque_is_the_torque_free_code_bit_for_bit(method):
    free = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=200, method=method)
    again = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=200, method=method, torque_body=None,
                     force_world=None, point_body=None)
    zero = simulate(ASYM_I, ASYM_W0, Q0, dt=0.01, steps=200, method=method, torque_body=[0.0, 0.0, 0.0],
                    force_world=[0.0, 0.0, 0.0], point_body=[0.0, 0.0, 0.0])
    np.testing.assert_array_equal(again.omega_body, free.omega_body)
    np.testing.assert_array_equal(again.q, free.q)
    # a zero torque runs the torqued code: the same numbers (x + 0 = x), so the two codes agree
    np.testing.assert_array_equal(zero.omega_body, free.omega_body)
    np.testing.assert_array_equal(zero.q, free.q)


@pytest.mark.parametrize("method", TORQUED)
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_constant_body_torque_about_a_principal_axis_from_rest(method, axis):
    """ω = τ t / I exactly (to rounding): ω̇ is constant, which every method integrates exactly."""
    tau = np.zeros(3)
    tau[axis] = 0.75
    tr = simulate(ASYM_I, [0.0, 0.0, 0.0], Q0, dt=0.01, steps=400, method=method, torque_body=tau)
    expected = np.outer(tr.t, tau / ASYM_I)
    np.testing.assert_allclose(tr.omega_body, expected, rtol=0, atol=1e-13 * np.abs(expected).max())
    # the attitude turns about that axis by the angle ½ (τ/I) t²
    e = np.zeros(3)
    e[axis] = 1.0
    q_exact = quat.multiply(Q0, quat.from_axis_angle(e, 0.5 * tau[axis] / ASYM_I[axis] * tr.t ** 2))
    tol = 1e-7 if method.startswith("rk4") else 0.05            # turned by up to 5.3 rad
    assert quat.angle_between(tr.q, q_exact).max() <= tol


@pytest.mark.parametrize("method, dts, order", [("rk4", [0.04, 0.02, 0.01], 4.0), ("rk4-dcm", [0.04, 0.02, 0.01], 4.0),
                                                ("euler", [0.004, 0.002, 0.001], 1.0),
                                                ("semi-implicit-euler", [0.004, 0.002, 0.001], 1.0)])
def test_torque_agrees_with_dop853_at_the_method_order(method, dts, order):
    def rhs(_, y):
        return np.concatenate([dynamics.euler_rhs(ASYM_I, y[:3], _torque_of(quat.normalize(y[3:]))),
                               quat.derivative_body(y[3:], y[:3])])

    sol = solve_ivp(rhs, (0.0, 2.0), np.concatenate([ASYM_W0, Q0]), method="DOP853", rtol=1e-12, atol=1e-12)
    w_ref, q_ref = sol.y[:3, -1], quat.normalize(sol.y[3:, -1])
    errs = [_final_error(simulate(ASYM_I, ASYM_W0, Q0, dt=dt, steps=round(2.0 / dt), method=method,
                                  torque_body=TAU_C, force_world=FORCE, point_body=POINT), w_ref, q_ref)
            for dt in dts]
    p = np.polyfit(np.log(dts), np.log(errs), 1)[0]
    assert abs(p - order) <= 0.2, (p, errs)
    assert errs[-1] <= (1e-8 if order == 4 else 2e-2)


def test_energy_balance_dT_dt_equals_torque_dot_omega():
    dt = 1e-3
    tr = simulate(ASYM_I, ASYM_W0, Q0, dt=dt, steps=3000, torque_body=TAU_C, force_world=FORCE, point_body=POINT)
    T = tr.kinetic_energy
    dT = (T[2:] - T[:-2]) / (2 * dt)                                  # central difference, O(dt²)
    power = np.einsum("ni,ni->n", _torque_of(tr.q), tr.omega_body)[1:-1]
    assert np.abs(power).max() > 0.5                                 # a real power, not a zero test
    assert np.abs(dT - power).max() <= 1e-5 * np.abs(power).max()
    # angular momentum balance in the world: dL/dt = R τ
    L = tr.angular_momentum_world
    dL = (L[2:] - L[:-2]) / (2 * dt)
    tau_w = np.einsum("nij,nj->ni", quat.to_matrix(tr.q), _torque_of(tr.q))[1:-1]
    assert np.abs(dL - tau_w).max() <= 1e-5 * np.abs(tau_w).max()


def test_heavy_symmetric_top_conserves_energy_Lz_and_L3():
    """Gravity at a point on the symmetry axis, inertia about the pivot: T + V, L_z and L₃ are constants."""
    I = np.array([1.2, 1.2, 0.5])
    m_g = np.array([0.0, 0.0, -3.0])
    p = np.array([0.0, 0.0, 0.4])
    q0 = quat.from_axis_angle([1.0, 0.0, 0.0], 0.6)
    for method, tol in (("rk4", 1e-9), ("rk4-dcm", 1e-9)):
        tr = simulate(I, [0.0, 0.7, 9.0], q0, dt=0.002, steps=5000 if method == "rk4" else 500, method=method,
                      force_world=m_g, point_body=p)
        R = quat.to_matrix(tr.q)
        E = tr.kinetic_energy - (R @ p) @ m_g
        Lz = tr.angular_momentum_world[:, 2]
        L3 = I[2] * tr.omega_body[:, 2]
        assert np.abs(E - E[0]).max() <= tol * abs(E[0]), method
        assert np.abs(Lz - Lz[0]).max() <= tol * abs(Lz[0]), method
        assert np.abs(L3 - L3[0]).max() <= 1e-13 * abs(L3[0]), method   # τ₃ = (p × g)₃ = 0 exactly
        # the symmetry axis nutates: its height changes (not a torque-free run)
        assert np.ptp(R[:, 2, 2]) > 0.01


@pytest.mark.parametrize("method", TORQUED)
def test_torque_with_full_tensor_gives_rotated_results(method):
    R0 = quat.to_matrix(Q0)
    I_body = R0 @ np.diag(ASYM_I) @ R0.T
    q_r = quat.from_axis_angle([0.2, 1.0, -0.3], 1.1)
    kw = dict(dt=0.01, steps=150, method=method)
    p = simulate(ASYM_I, ASYM_W0, q_r, torque_body=TAU_C, force_world=FORCE, point_body=POINT, **kw)
    b = simulate(I_body, R0 @ ASYM_W0, quat.multiply(q_r, quat.conjugate(Q0)), torque_body=R0 @ TAU_C,
                 force_world=FORCE, point_body=R0 @ POINT, **kw)
    np.testing.assert_allclose(b.omega_body, p.omega_body @ R0.T, atol=1e-12)
    assert quat.angle_between(b.q, quat.multiply(p.q, quat.conjugate(Q0))).max() <= 1e-12


@pytest.mark.parametrize("method", TORQUED)
def test_torque_batch_equals_loop(method):
    rng = np.random.default_rng(3)
    W = rng.normal(size=(3, 3))
    Qs = quat.normalize(rng.normal(size=(3, 4)))
    kw = dict(dt=0.02, steps=40, method=method, torque_body=TAU_C, force_world=FORCE, point_body=POINT)
    tr = simulate(ASYM_I, W, Qs, **kw)
    for k in range(3):
        one = simulate(ASYM_I, W[k], Qs[k], **kw)
        np.testing.assert_allclose(tr.omega_body[:, k], one.omega_body, rtol=0, atol=1e-14)
        assert quat.angle_between(tr.q[:, k], one.q).max() <= 1e-14


@pytest.mark.parametrize("kwargs, match", [
    (dict(torque_body=[1.0, 0.0]), "torque_body.*shape"), (dict(torque_body=np.ones((2, 3))), "torque_body.*shape"),
    (dict(torque_body=[1.0, np.nan, 0.0]), "torque_body.*finite"), (dict(torque_body="abc"), "torque_body"),
    (dict(force_world=[0.0, 0.0, -1.0]), "force_world needs point_body"),
    (dict(point_body=[0.0, 0.0, 1.0]), "point_body needs force_world"),
    (dict(force_world=[0.0, np.inf, -1.0], point_body=[0, 0, 1.0]), "force_world.*finite"),
    (dict(force_world=[0.0, 0.0, -1.0], point_body=[0, 0]), "point_body.*shape"),
    (dict(torque_body=[1.0, 0.0, 0.0], method="splitting"), "'splitting' is torque-free.*torque_body"),
    (dict(force_world=[0, 0, -1.0], point_body=[0, 0, 1.0], method="splitting4"),
     "'splitting4' is torque-free.*force_world, point_body"),
    (dict(torque_body=[1e300, 0.0, 0.0]), "dt, omega0 or torque_body too large.*blew up"),
    (dict(force_world=[0, 0, -1e300], point_body=[0.1, 0, 1.0]), "omega0, force_world or point_body too large, or inertia too small"),
])
def test_torque_bad_input(kwargs, match):
    args = dict(dt=0.01, steps=10, method="rk4")
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        simulate(ASYM_I, ASYM_W0, Q0, **args)


# --------------------------------------------------------------------------- reference: foreseen work
_DP = dynamics.dormand_prince                                   # where reference lives
def test_reference_refuses_a_run_it_can_foresee_is_too_long_before_running(monkeypatch):
    """Issue 17 §1: t = [0, 6897], rtol = 1e-13 ran ~70 s before refusing at REFERENCE_MAX_STEPS."""
    def no_work(*args, **kwargs):
        raise AssertionError("the integration started")

    monkeypatch.setattr(_DP, "_reference_rates", no_work)
    with pytest.raises(ValueError, match=r"^t, rtol: the reference would need at least") as err:
        dynamics.reference([1.0, 1.0, 1.0], [0.0, 0.0, 14.0], t=[0.0, 6897.0], rtol=1e-13)
    msg = str(err.value)
    assert "REFERENCE_MAX_STEPS" in msg and "take t[-1] <=" in msg and "rtol >=" in msg


def test_reference_advice_gives_a_run_that_works(monkeypatch):
    """The message's t[-1] (at this rtol) and rtol (for this t) are runs that finish (a smaller
    REFERENCE_MAX_STEPS keeps the test short; the rule scales with it)."""
    import re

    monkeypatch.setattr(_DP, "REFERENCE_MAX_STEPS", 3000)
    for I, w in (([1.0, 2.0, 2.5], [0.3, 9.0, 0.2]), ([1.0, 1.0, 1.0], [0.0, 0.0, 9.0]),
                 ([0.31, 0.96, 1.27], [2.0, -5.0, 6.0])):
        with pytest.raises(ValueError, match="refused before running") as err:
            dynamics.reference(I, w, t=[0.0, 40.0], rtol=1e-12)
        t_ok = float(re.search(r"t\[-1\] <= (\S+) s", str(err.value)).group(1))
        rtol_ok = float(re.search(r"rtol >= (\S+) for", str(err.value)).group(1))
        dynamics.reference(I, w, t=[0.0, t_ok], rtol=1e-12)            # no ValueError: they finish
        dynamics.reference(I, w, t=[0.0, 40.0], rtol=rtol_ok)


@pytest.mark.parametrize("seed", range(12))
def test_the_foreseen_steps_are_a_lower_bound(seed):
    """The pre-check refuses only runs that would fail: actual steps ≥ the bound for random bodies."""
    rng = np.random.default_rng(seed)
    I = np.sort(rng.uniform(0.2, 3.0, 3))
    I[2] = min(I[2], I[0] + I[1])
    w = rng.normal(size=3) * rng.uniform(0.3, 20.0)
    if seed == 0:
        I, w = np.ones(3), np.array([0.0, 0.0, 7.0])                 # the sphere: the fewest steps per radian
    rtol = [1e-13, 1e-11, 1e-8, 1e-5][seed % 4]
    t_end = 60.0 / np.linalg.norm(w)
    ref = dynamics.reference(I, w, quat.random(seed=seed), t=[0.0, t_end], rtol=rtol)
    bound = _DP._REFERENCE_STEPS_PER_RAD * np.linalg.norm(I * w) / I.max() * t_end * rtol ** -0.2
    assert ref.steps + ref.rejected >= bound


def _torque_bodies(n):
    """The random bodies with a torque of the README's measurement (seed 7): tensor, ω0, q0, torque."""
    rng = np.random.default_rng(7)
    out = []
    for trial in range(n):
        m = np.sort(rng.uniform(0.3, 3, 3))
        m[2] = min(m[2], m[0] + m[1])
        Rm = quat.to_matrix(quat.random(seed=trial))
        w0 = rng.normal(size=3) * rng.uniform(0.5, 3)
        torque = dict(torque_body=list(rng.normal(size=3) * 0.2), force_world=[0, 0, -rng.uniform(0.5, 5)],
                      point_body=list(rng.normal(size=3) * 0.3))
        out.append((Rm @ np.diag(m) @ Rm.T, w0, quat.random(seed=100 + trial), torque))
    return out


@pytest.mark.parametrize("k", range(6))
def test_reference_with_a_torque_is_within_the_stated_multiple_of_rtol(k):
    """README / reference docstring: over 10 s at rtol = 1e-10, ω within 110 × rtol (relative to max |ω|) and
    the attitude within 570 × rtol rad of SciPy's DOP853 at 1e-13, for these bodies (not 5e-9 for all)."""
    I, w0, q0, torque = _torque_bodies(6)[k]
    t = np.linspace(0.0, 10.0, 101)

    def rhs(_, y):
        w, q = y[:3], y[3:]
        R = quat.to_matrix(q / np.linalg.norm(q))
        tau = np.asarray(torque["torque_body"]) + np.cross(torque["point_body"], R.T @ np.asarray(torque["force_world"]))
        return np.concatenate([np.linalg.solve(I, tau - np.cross(w, I @ w)), quat.derivative_body(q, w)])

    ref = dynamics.reference(I, w0, q0, t=t, rtol=1e-10, **torque)
    sol = solve_ivp(rhs, (0.0, 10.0), np.concatenate([w0, q0]), method="DOP853", rtol=1e-13, atol=1e-13, t_eval=t)
    assert np.abs(sol.y[:3].T - ref.omega_body).max() / np.abs(sol.y[:3]).max() <= 110e-10
    assert quat.angle_between(sol.y[3:].T, ref.q).max() <= 570e-10
