"""rbteach.body: the forces-and-impulses article, §2–5, with L as the state (and its ω-as-state bug, for contrast)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rbteach import body as B
from rbteach import quaternion as Q
from rbteach.analytic import symmetric_top
from rbteach.body import RigidBody

ASYM = np.array([[2.0, -0.3, 0.1], [-0.3, 3.0, 0.2], [0.1, 0.2, 4.0]])   # a body-frame tensor


def unit_quaternion(draw_floats):
    q = np.array(draw_floats)
    return q / np.linalg.norm(q)


quats = st.tuples(*[st.floats(-1, 1)] * 4).filter(lambda q: np.linalg.norm(q) > 0.1).map(unit_quaternion)
vecs = st.tuples(*[st.floats(-3, 3)] * 3).map(np.array)


@st.composite
def bodies(draw):
    """A random body-frame tensor R diag(I) Rᵀ with moments obeying the triangle inequality."""
    a, b = sorted(draw(st.tuples(st.floats(0.3, 3.0), st.floats(0.3, 3.0))))
    c = draw(st.floats(max(b - a, 0.1), a + b))     # |a − b| ≤ c ≤ a + b: all three triangle inequalities
    R = Q.to_matrix(draw(quats))
    return R @ np.diag([a, b, c]) @ R.T


# ----------------------------------------------------------------------------- construction
def test_tensor_input_gives_principal_moments_and_q_o():
    body = RigidBody(1.5, ASYM)
    O = Q.to_matrix(body.q_o)
    assert np.all(np.diff(body.principal_moments) > 0)
    assert np.allclose(O @ np.diag(body.principal_moments) @ O.T, ASYM, atol=1e-12)
    assert np.allclose(body.inertia_body, ASYM, atol=0)


def test_moment_input_keeps_order_and_identity_q_o():
    body = RigidBody(1.0, (3.0, 1.0, 2.5))
    assert np.array_equal(body.principal_moments, [3.0, 1.0, 2.5])
    assert np.array_equal(body.q_o, [1.0, 0.0, 0.0, 0.0])
    assert np.array_equal(body.inertia_body, np.diag([3.0, 1.0, 2.5]))


def test_initial_state_round_trips_and_defaults():
    q = Q.from_axis_angle((1, -2, 0.5), 1.1)
    w = np.array([0.3, -1.2, 0.8])
    body = RigidBody(2.0, ASYM, position=(1, 2, 3), velocity=(0, -1, 0), orientation=2 * q, angular_velocity=w)
    assert np.allclose(body.orientation, q, atol=1e-15)            # normalised
    assert np.allclose(body.angular_velocity, w, atol=1e-12)
    assert np.allclose(body.angular_momentum, body.inertia_world @ w, atol=1e-12)
    assert np.array_equal(body.position, [1, 2, 3]) and np.array_equal(body.velocity, [0, -1, 0])
    rest = RigidBody(1.0, (1, 2, 3))
    assert np.array_equal(rest.orientation, [1, 0, 0, 0])
    assert not rest.angular_momentum.any() and not rest.velocity.any() and not rest.position.any()
    assert rest.kinetic_energy == 0.0 and rest.state == "angular_momentum"


def test_inertia_world_is_R_I_Rt():
    q = Q.from_axis_angle((0.2, 1, -0.4), 2.3)
    body = RigidBody(1.0, ASYM, orientation=q)
    R = Q.to_matrix(q)
    assert np.allclose(body.inertia_world, R @ ASYM @ R.T, atol=1e-14)


# ----------------------------------------------------------------------------- the two forms
@settings(max_examples=40, deadline=None, database=None)
@given(I=bodies(), q_r=quats, L=vecs, w=vecs)
def test_matrix_and_principal_forms_agree(I, q_r, L, w):
    body = RigidBody(1.0, I, orientation=q_r)
    q_o, I_d = body.q_o, body.principal_moments
    scale_w = np.linalg.norm(L) / I_d.min() + 1e-300
    w_mat = B.omega_from_L_matrix(I, q_r, L)
    w_pri = B.omega_from_L_principal(I_d, q_o, q_r, L)
    assert np.max(np.abs(w_mat - w_pri)) <= 1e-12 * max(scale_w, 1.0)
    L_mat = B.L_from_omega_matrix(I, q_r, w)
    L_pri = B.L_from_omega_principal(I_d, q_o, q_r, w)
    assert np.max(np.abs(L_mat - L_pri)) <= 1e-12 * max(np.linalg.norm(w) * I_d.max(), 1.0)
    # round trip, and the class uses the same relation
    assert np.allclose(B.omega_from_L_principal(I_d, q_o, q_r, L_pri), w, atol=1e-12 * max(np.linalg.norm(w), 1))
    body.apply_angular_impulse(L)
    assert np.max(np.abs(body.angular_velocity - w_mat)) <= 1e-12 * max(scale_w, 1.0)
    assert np.max(np.abs(B.omega_from_L_matrix(body.inertia_body, body.orientation, body.angular_momentum)
                         - body.angular_velocity)) <= 1e-12 * max(scale_w, 1.0)


def test_forms_are_vectorised():
    rng = np.random.default_rng(1)
    q_r = Q.normalize(rng.normal(size=(5, 4)))
    L = rng.normal(size=(5, 3))
    body = RigidBody(1.0, ASYM)
    w_mat = B.omega_from_L_matrix(ASYM, q_r, L)
    w_pri = B.omega_from_L_principal(body.principal_moments, body.q_o, q_r, L)
    assert w_mat.shape == w_pri.shape == (5, 3)
    assert np.allclose(w_mat, w_pri, atol=1e-12)
    assert np.allclose(w_mat[3], B.omega_from_L_matrix(ASYM, q_r[3], L[3]), atol=1e-15)


# ----------------------------------------------------------------------------- free motion
def _spinning(state="angular_momentum"):
    return RigidBody(1.0, (1.0, 2.0, 3.0), orientation=Q.from_axis_angle((1, 1, 0), 0.3),
                     angular_velocity=(0.4, 0.8, 0.6), state=state)


def test_free_body_keeps_L_exactly_and_its_omega_changes():
    body = _spinning()
    L0, w0 = body.angular_momentum, body.angular_velocity
    for _ in range(500):
        body.step(0.01)
    assert np.array_equal(body.angular_momentum, L0)              # bitwise: L is the state
    assert np.linalg.norm(body.angular_velocity - w0) > 0.05       # the gyroscopic effect


def test_article_omega_state_keeps_omega_and_loses_L():
    body = _spinning(state="omega")
    L0, w0 = body.angular_momentum, body.angular_velocity
    for _ in range(500):
        body.step(0.01)
    assert body.state == "omega"
    assert np.array_equal(body.angular_velocity, w0)              # ω never changes: no gyroscopic term
    assert np.linalg.norm(body.angular_momentum - L0) > 0.05 * np.linalg.norm(L0)   # L not conserved


def test_omega_state_applies_torque_like_the_article():
    # ω_{t+1} = ω_t + I_world⁻¹ τ Δt (the forces-and-impulses article, §3.2.1)
    body = _spinning(state="omega")
    w0, I_world = body.angular_velocity, body.inertia_world
    tau = np.array([0.2, -0.1, 0.3])
    body.apply_torque(tau, 0.5)
    assert np.allclose(body.angular_velocity, w0 + np.linalg.solve(I_world, tau * 0.5), atol=1e-12)


def test_free_translation_is_uniform():
    body = RigidBody(3.0, (1, 2, 3), position=(1, 0, 0), velocity=(0.5, -1, 2))
    for _ in range(10):
        body.step(0.1)
    assert np.allclose(body.position, [1.5, -1.0, 2.0], atol=1e-14)
    assert np.array_equal(body.linear_momentum, [1.5, -3.0, 6.0])


def _attitude_error(dt, T=1.0):
    q0 = Q.from_axis_angle((0.3, -0.5, 1.0), 0.8)
    w_body0 = np.array([1.0, 0.0, 1.0])
    body = RigidBody(1.0, (1.0, 1.0, 2.0), orientation=q0, angular_velocity=Q.rotate(q0, w_body0))
    for _ in range(round(T / dt)):
        body.step(dt)
    w_exact, q_exact = symmetric_top((1.0, 1.0, 2.0), w_body0, T, q0=q0)
    w_body = Q.rotate(Q.conjugate(body.orientation), body.angular_velocity)
    return float(Q.angle_between(body.orientation, q_exact)), float(np.linalg.norm(w_body - w_exact))


def test_symmetric_top_is_followed_at_first_order():
    errors = [_attitude_error(dt) for dt in (4e-3, 2e-3, 1e-3)]
    q_err = np.array([e[0] for e in errors])
    w_err = np.array([e[1] for e in errors])
    assert q_err[0] < 0.05                                        # it does follow the exact motion
    assert np.all((q_err[:-1] / q_err[1:] > 1.7) & (q_err[:-1] / q_err[1:] < 2.3))
    assert np.all((w_err[:-1] / w_err[1:] > 1.7) & (w_err[:-1] / w_err[1:] < 2.3))


# ----------------------------------------------------------------------------- forces and impulses
def test_impulse_at_the_centre_gives_no_spin():
    body = RigidBody(2.0, ASYM, position=(1, 2, 3))
    body.apply_impulse((4.0, 0.0, -2.0))
    assert np.array_equal(body.velocity, [2.0, 0.0, -1.0])
    assert not body.angular_momentum.any() and not body.angular_velocity.any()
    body.apply_impulse((1.0, 1.0, 1.0), point=(1, 2, 3))           # point at the centre of mass
    assert not body.angular_momentum.any()


def test_impulse_at_a_point_gives_r_cross_J():
    x = np.array([1.0, -2.0, 0.5])
    r = np.array([0.3, 0.4, -0.2])
    J = np.array([1.0, -0.5, 2.0])
    body = RigidBody(2.0, ASYM, position=x, orientation=Q.from_axis_angle((1, 0, 1), 0.4))
    body.apply_impulse(J, point=x + r)
    assert np.allclose(body.velocity, J / 2.0, atol=0)
    assert np.allclose(body.angular_momentum, np.cross(r, J), atol=1e-15)
    assert np.allclose(body.angular_velocity, np.linalg.solve(body.inertia_world, np.cross(r, J)), atol=1e-12)


def test_force_through_the_centre_versus_at_a_point():
    x = np.array([0.0, 1.0, 0.0])
    F = np.array([0.0, 0.0, 3.0])
    r = np.array([0.5, 0.0, 0.0])
    centre = RigidBody(1.5, ASYM, position=x)
    offset = RigidBody(1.5, ASYM, position=x)
    centre.apply_force(F, 0.1)
    offset.apply_force(F, 0.1, point=x + r)
    assert np.allclose(centre.velocity, F / 1.5 * 0.1, atol=1e-15)
    assert np.array_equal(centre.velocity, offset.velocity)        # same translation either way
    assert not centre.angular_momentum.any()
    assert np.allclose(offset.angular_momentum, np.cross(r, F) * 0.1, atol=1e-15)


def test_torque_and_angular_impulse_add_to_L():
    body = _spinning()
    L0 = body.angular_momentum
    body.apply_torque((1.0, 0.0, -2.0), 0.25)
    body.apply_angular_impulse((0.0, 0.5, 0.0))
    assert np.allclose(body.angular_momentum, L0 + [0.25, 0.5, -0.5], atol=1e-15)


@settings(max_examples=25, deadline=None, database=None)
@given(I=bodies(), q_r=quats, J=vecs, r=vecs, m=st.floats(0.1, 10.0))
def test_energy_after_an_impulse_on_a_body_at_rest(I, q_r, J, r, m):
    body = RigidBody(m, I, orientation=q_r, position=(1.0, 2.0, 3.0))
    body.apply_impulse(J, point=body.position + r)
    H = np.cross(r, J)
    R = Q.to_matrix(q_r)
    expected = 0.5 * J @ J / m + 0.5 * H @ np.linalg.solve(R @ I @ R.T, H)
    assert body.kinetic_energy == pytest.approx(expected, rel=1e-12, abs=1e-300)


# ----------------------------------------------------------------------------- read-only copies
def test_properties_are_copies():
    body = _spinning()
    before = repr(body)
    for name in ("position", "velocity", "orientation", "principal_moments", "q_o", "angular_momentum",
                 "angular_velocity", "inertia_world", "inertia_body", "linear_momentum"):
        value = getattr(body, name)
        value[...] = 7.0
        assert not np.array_equal(getattr(body, name), value), name
    assert repr(body) == before
    with pytest.raises(AttributeError):
        body.angular_momentum = np.zeros(3)


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("args, kwargs, name", [
    ((0.0, (1, 2, 3)), {}, "mass"),
    ((-1.0, (1, 2, 3)), {}, "mass"),
    ((np.nan, (1, 2, 3)), {}, "mass"),
    ((1.0, (1, 2)), {}, "inertia"),
    ((1.0, np.eye(4)), {}, "inertia"),
    ((1.0, (0.0, 1.0, 1.0)), {}, "inertia.*zero"),
    ((1.0, np.diag([1.0, 1.0, 0.0])), {}, "inertia.*zero"),        # a thin rod cannot be simulated
    ((1.0, (1.0, np.nan, 1.0)), {}, "inertia"),
    ((1.0, (1.0, 1.0, 3.0)), {}, "inertia.*triangle"),
    ((1.0, (1, 2, 3)), dict(position=(1, 2)), "position"),
    ((1.0, (1, 2, 3)), dict(velocity=(1, np.inf, 0)), "velocity"),
    ((1.0, (1, 2, 3)), dict(orientation=(0, 0, 0, 0)), "orientation"),
    ((1.0, (1, 2, 3)), dict(orientation=(1, 0, 0)), "orientation"),
    ((1.0, (1, 2, 3)), dict(angular_velocity=[(1, 2, 3)]), "angular_velocity"),
    ((1.0, (1, 2, 3)), dict(state="L"), "state"),
])
def test_constructor_bad_input(args, kwargs, name):
    with pytest.raises(ValueError, match=name):
        RigidBody(*args, **kwargs)


@pytest.mark.parametrize("call, name", [
    (lambda b: b.step(0.0), "dt"),
    (lambda b: b.step(-0.1), "dt"),
    (lambda b: b.step(np.nan), "dt"),
    (lambda b: b.apply_force((1, 0, 0), 0.0), "dt"),
    (lambda b: b.apply_force((1, 0), 0.1), "F"),
    (lambda b: b.apply_force((1, 0, 0), 0.1, point=(1, np.nan, 0)), "point"),
    (lambda b: b.apply_impulse((1, 0, np.nan)), "J"),
    (lambda b: b.apply_impulse((1, 0, 0), point=(1, 0)), "point"),
    (lambda b: b.apply_torque((1, 0, 0), -1.0), "dt"),
    (lambda b: b.apply_torque((1, 0, 0, 0), 0.1), "tau"),
    (lambda b: b.apply_angular_impulse("x"), "H"),
])
def test_method_bad_input_leaves_the_body_unchanged(call, name):
    body = _spinning()
    before = repr(body)
    with pytest.raises(ValueError, match=name):
        call(body)
    assert repr(body) == before


@pytest.mark.parametrize("call, name", [
    (lambda: B.omega_from_L_matrix(np.diag([1.0, 1.0, 0.0]), (1, 0, 0, 0), (1, 0, 0)), "inertia_body"),
    (lambda: B.omega_from_L_matrix(np.eye(3), (0, 0, 0, 0), (1, 0, 0)), "q_r"),
    (lambda: B.L_from_omega_matrix(np.eye(3), (1, 0, 0, 0), (1, 0)), "omega_world"),
    (lambda: B.omega_from_L_principal((1, 0, 1), (1, 0, 0, 0), (1, 0, 0, 0), (1, 0, 0)), "moments"),
    (lambda: B.omega_from_L_principal((1, 1, 1), (1, 0, 0), (1, 0, 0, 0), (1, 0, 0)), "q_o"),
    (lambda: B.L_from_omega_principal((1, 1, 1), (1, 0, 0, 0), (1, 0, 0, 0), (np.nan, 0, 0)), "omega_world"),
])
def test_pure_functions_bad_input(call, name):
    with pytest.raises(ValueError, match=name):
        call()
