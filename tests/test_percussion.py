"""rbteach.percussion: conjugate points (a·d = k²) and the physical pendulum, against RigidBody,
dynamics.simulate and the closed forms."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rbteach import dynamics, inertia
from rbteach import percussion as P
from rbteach import quaternion as Q
from rbteach.body import RigidBody

pos = st.floats(min_value=0.05, max_value=20.0, allow_nan=False)
signed = st.floats(min_value=-3.0, max_value=3.0, allow_nan=False)


@settings(max_examples=200, deadline=None)
@given(m=pos, I_c=pos, d=pos)
def test_conjugate_points_are_symmetric_and_multiply_to_k_squared(m, I_c, d):
    a = P.conjugate_distance(m, I_c, d)
    assert a * d == pytest.approx(I_c / m, rel=1e-12)                 # a · d = k²
    assert P.conjugate_distance(m, I_c, a) == pytest.approx(d, rel=1e-12)   # swap pivot and strike
    # struck at d, the point at −a (the other side) is at rest just after the blow
    assert P.transverse_velocity(m, I_c, d, -a, impulse=1.7) == pytest.approx(0.0, abs=1e-12 * (1 + 1.7 / m))
    # and so is the point at −d when struck at a
    assert P.transverse_velocity(m, I_c, a, -d, impulse=-0.4) == pytest.approx(0.0, abs=1e-12 * (1 + 0.4 / m))


@settings(max_examples=200, deadline=None)
@given(m=pos, I_c=pos, a=pos)
def test_centre_of_oscillation_is_the_centre_of_percussion_and_kater_holds(m, I_c, a):
    ell = P.pendulum_length(m, I_c, a)
    I_pivot = I_c + m * a ** 2                                         # parallel axes
    assert ell == pytest.approx(I_pivot / (m * a), rel=1e-12)
    assert ell == pytest.approx(a + P.conjugate_distance(m, I_c, a), rel=1e-12)
    # hung at the conjugate point instead: the same length, the same period (Kater)
    assert P.pendulum_length(m, I_c, P.conjugate_distance(m, I_c, a)) == pytest.approx(ell, rel=1e-12)
    assert P.pendulum_period(m, I_c, a, g=9.81) == pytest.approx(2 * np.pi * np.sqrt(ell / 9.81), rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(s=signed, x=signed, J=signed)
def test_transverse_velocity_is_the_rigid_body_update(s, x, J):
    """The closed form equals RigidBody.apply_impulse (v = J/m, L = r × J, ω = I⁻¹ L) at a point."""
    m, (L, w) = 1.3, (2.0, 0.1)
    I = inertia.box(m, L, w, w)
    body = RigidBody(m, I)
    body.apply_impulse([0.0, J, 0.0], point=[s, 0.0, 0.0])
    v_point = body.velocity + np.cross(body.angular_velocity, [x, 0.0, 0.0])
    assert P.transverse_velocity(m, I[2, 2], s, x, J) == pytest.approx(v_point[1], abs=1e-12 * (1 + abs(J)))
    assert v_point[0] == 0.0 and v_point[2] == 0.0


def test_thin_rod_numbers():
    m, L = 1.0, 1.0
    I_c = inertia.rod(m, L)[0, 0]
    assert P.conjugate_distance(m, I_c, L / 2) == pytest.approx(L / 6)           # grip ↔ 2L/3
    assert P.pendulum_length(m, I_c, L / 2) == pytest.approx(2 * L / 3)
    # held 0.1 m from the grip: the sweet spot is k²/0.4 = 0.2083 m beyond the centre
    assert L / 2 + P.conjugate_distance(m, I_c, 0.4) == pytest.approx(0.708333, abs=1e-6)
    assert P.pendulum_period(m, I_c, L / 2) == pytest.approx(2 * np.pi * np.sqrt(2 * L / (3 * 9.80665)))
    # the velocity is signed: the grip goes backwards for a hit beyond the centre of percussion
    v = P.transverse_velocity(m, I_c, np.array([0.0, L / 6, 0.5]), -L / 2)
    np.testing.assert_allclose(v, [1.0, 0.0, -2.0], atol=1e-15)


def test_vectorised_over_leading_axes():
    m = np.array([1.0, 2.0])[:, None]
    d = np.array([0.1, 0.2, 0.4])
    a = P.conjugate_distance(m, 0.5, d)
    assert a.shape == (2, 3)
    np.testing.assert_allclose(a, 0.5 / m / d)
    assert P.pendulum_length(m, 0.5, d).shape == (2, 3)
    assert P.transverse_velocity(1.0, 0.5, d[:, None], np.linspace(-1, 1, 5)).shape == (3, 5)
    assert isinstance(P.conjugate_distance(1.0, 0.5, 0.2), float)


@pytest.mark.parametrize("fn, kwargs", [
    (P.conjugate_distance, {"mass": np.ones(2), "inertia_c": 1.0, "distance": np.ones(3)}),
    (P.transverse_velocity, {"mass": 1.0, "inertia_c": 1.0, "strike": np.ones(2), "point": np.ones(3)}),
    (P.pendulum_length, {"mass": np.ones(2), "inertia_c": np.ones(3), "pivot_distance": 1.0}),
    (P.pendulum_period, {"mass": 1.0, "inertia_c": 1.0, "pivot_distance": np.ones(2), "g": np.ones(3)}),
])
def test_broadcast_mismatch_names_both_arguments(fn, kwargs):
    named = [k for k, v in kwargs.items() if np.ndim(v)]
    with pytest.raises(ValueError) as info:
        fn(**kwargs)
    assert all(n in str(info.value) for n in named)


@pytest.mark.parametrize("fn, kwargs, word", [
    (P.conjugate_distance, {"mass": 1.0, "inertia_c": 1.0, "distance": 0.0}, "centre of mass"),
    (P.pendulum_length, {"mass": 1.0, "inertia_c": 1.0, "pivot_distance": 0.0}, "does not swing"),
    (P.pendulum_period, {"mass": 1.0, "inertia_c": 1.0, "pivot_distance": 0.5, "g": 0.0}, "gravity"),
    (P.transverse_velocity, {"mass": -1.0, "inertia_c": 1.0, "strike": 0.2, "point": 0.1}, "mass"),
])
def test_impossible_values_are_refused_in_plain_words(fn, kwargs, word):
    with pytest.raises(ValueError, match=word):
        fn(**kwargs)


def test_small_swings_of_the_hung_bat_have_the_formula_period():
    """dynamics.simulate (RK4, gravity m g at the centre of mass, inertia about the grip) swings
    with 2π √(ℓ/g) (1 + θ₀²/16): the period measured from the zero crossings of the swing angle."""
    m, L, w, g = 1.0, 1.0, 0.04, 9.81
    I_c = inertia.box(m, L, w, w)
    com = np.array([L / 2, 0.0, 0.0])                        # body x from the grip (pivot) to the tip
    I_grip = inertia.parallel_axis(I_c, m, com)
    theta0 = 0.05
    q0 = Q.from_axis_angle([0, 1, 0], np.pi / 2 - theta0)    # body x tilted theta0 from straight down
    T_formula = P.pendulum_period(m, I_c[2, 2], L / 2, g=g)
    dt = T_formula / 400
    traj = dynamics.simulate(I_grip, [0.0, 0.0, 0.0], q0, dt=dt, steps=1000, method="rk4",
                             force_world=[0.0, 0.0, -m * g], point_body=com)
    axis = Q.rotate(traj.q, [1.0, 0.0, 0.0])
    theta = np.arctan2(axis[:, 0], -axis[:, 2])               # signed angle from straight down
    i = np.nonzero(np.sign(theta[:-1]) != np.sign(theta[1:]))[0]
    crossings = traj.t[i] - theta[i] * dt / (theta[i + 1] - theta[i])
    assert len(crossings) >= 4
    T_measured = 2 * np.mean(np.diff(crossings))
    assert T_measured == pytest.approx(T_formula * (1 + theta0 ** 2 / 16), rel=2e-5)
    # not the simple pendulum of the bat's length, nor of the pivot–centre-of-mass distance
    for wrong in (L, L / 2):
        assert T_measured != pytest.approx(2 * np.pi * np.sqrt(wrong / g), rel=1e-2)
