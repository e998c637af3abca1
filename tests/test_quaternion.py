"""Properties of rbteach.quaternion (w, x, y, z; Hamilton; active), with SciPy as an independent oracle."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from scipy.spatial.transform import Rotation

from rbteach import quaternion as Q

SETTINGS = settings(max_examples=30, deadline=None)

# --- strategies --------------------------------------------------------------------------

_component = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
any_quat = hnp.arrays(float, 4, elements=_component).filter(lambda q: np.linalg.norm(q) > 1e-3)
unit_quat = any_quat.map(lambda q: q / np.linalg.norm(q))
vec3 = hnp.arrays(float, 3, elements=_component)
axis3 = vec3.filter(lambda a: np.linalg.norm(a) > 1e-3)


def same_rotation(p, q, atol=1e-12):
    """p and q are equal up to the double-cover sign."""
    return min(np.abs(p - q).max(), np.abs(p + q).max()) <= atol


# --- algebra -----------------------------------------------------------------------------

@SETTINGS
@given(any_quat, any_quat, any_quat)
def test_multiply_is_associative(p, q, r):
    left = Q.multiply(Q.multiply(p, q), r)
    right = Q.multiply(p, Q.multiply(q, r))
    scale = np.linalg.norm(p) * np.linalg.norm(q) * np.linalg.norm(r)
    np.testing.assert_allclose(left, right, atol=1e-12 * scale)


@SETTINGS
@given(any_quat, any_quat)
def test_norm_is_multiplicative(p, q):
    np.testing.assert_allclose(Q.norm(Q.multiply(p, q)), Q.norm(p) * Q.norm(q), rtol=1e-12)


@SETTINGS
@given(any_quat, any_quat)
def test_multiply_is_not_commutative_but_conjugate_reverses_order(p, q):
    np.testing.assert_allclose(Q.conjugate(Q.multiply(p, q)), Q.multiply(Q.conjugate(q), Q.conjugate(p)),
                               atol=1e-12 * Q.norm(p) * Q.norm(q))


@SETTINGS
@given(any_quat)
def test_inverse(q):
    np.testing.assert_allclose(Q.multiply(q, Q.inverse(q)), Q.identity(), atol=1e-12)
    np.testing.assert_allclose(Q.multiply(Q.inverse(q), q), Q.identity(), atol=1e-12)


@SETTINGS
@given(any_quat)
def test_normalize_and_canonical(q):
    n = Q.normalize(q)
    assert abs(Q.norm(n) - 1.0) < 1e-14
    c = Q.canonical(q)
    assert c[0] >= 0
    assert same_rotation(c, n, atol=0.0)


def test_identity_shapes():
    np.testing.assert_array_equal(Q.identity(), [1.0, 0.0, 0.0, 0.0])
    assert Q.identity(3).shape == (3, 4)
    assert Q.identity((2, 5)).shape == (2, 5, 4)
    np.testing.assert_array_equal(Q.identity((2, 5))[..., 0], np.ones((2, 5)))
    np.testing.assert_array_equal(Q.identity((2, 5))[..., 1:], np.zeros((2, 5, 3)))


# --- rotation of vectors -----------------------------------------------------------------

@SETTINGS
@given(any_quat, vec3)
def test_rotate_keeps_length(q, v):
    np.testing.assert_allclose(np.linalg.norm(Q.rotate(q, v)), np.linalg.norm(v), rtol=1e-12, atol=1e-12)


@SETTINGS
@given(any_quat, vec3)
def test_rotate_equals_matrix_product_and_sandwich(q, v):
    r = Q.rotate(q, v)
    np.testing.assert_allclose(r, Q.to_matrix(q) @ v, atol=1e-12 * (1 + np.linalg.norm(v)))
    u = Q.normalize(q)
    sandwich = Q.multiply(Q.multiply(u, np.concatenate([[0.0], v])), Q.conjugate(u))
    np.testing.assert_allclose(sandwich[1:], r, atol=1e-12 * (1 + np.linalg.norm(v)))
    assert abs(sandwich[0]) <= 1e-12 * (1 + np.linalg.norm(v))


@SETTINGS
@given(unit_quat, unit_quat, vec3)
def test_rotate_composes_as_product(p, q, v):
    """(p ⊗ q) ⋄ v = p ⋄ (q ⋄ v): the right factor acts first."""
    np.testing.assert_allclose(Q.rotate(Q.multiply(p, q), v), Q.rotate(p, Q.rotate(q, v)),
                               atol=1e-12 * (1 + np.linalg.norm(v)))


@SETTINGS
@given(unit_quat)
def test_to_matrix_is_a_rotation(q):
    R = Q.to_matrix(q)
    np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-14 * 10)
    assert abs(np.linalg.det(R) - 1.0) < 1e-13


# --- matrix round trips, including 180° ---------------------------------------------------

@SETTINGS
@given(any_quat)
def test_matrix_round_trip(q):
    u = Q.normalize(q)
    q2 = Q.from_matrix(Q.to_matrix(q))
    assert q2[0] >= 0
    assert same_rotation(q2, u, atol=1e-12)
    np.testing.assert_allclose(Q.to_matrix(q2), Q.to_matrix(q), atol=1e-13)


@SETTINGS
@given(axis3, st.one_of(st.floats(np.pi - 1e-9, np.pi), st.just(np.pi)))
def test_matrix_round_trip_near_180_degrees(axis, angle):
    q = Q.from_axis_angle(axis, angle)
    R = Q.to_matrix(q)
    q2 = Q.from_matrix(R)
    assert same_rotation(q2, q, atol=1e-12)
    np.testing.assert_allclose(Q.to_matrix(q2), R, atol=1e-13)


def test_from_matrix_at_exactly_180_degrees_about_each_axis():
    for i in range(3):
        R = -np.eye(3)
        R[i, i] = 1.0
        q = Q.from_matrix(R)
        expected = np.zeros(4)
        expected[1 + i] = 1.0
        assert same_rotation(q, expected, atol=0.0)


@SETTINGS
@given(hnp.arrays(float, (6, 4), elements=_component).filter(lambda a: np.all(np.linalg.norm(a, axis=-1) > 1e-3)))
def test_from_matrix_batch_matches_loop(qs):
    Rs = Q.to_matrix(qs)
    batch = Q.from_matrix(Rs)
    for k in range(len(qs)):
        np.testing.assert_allclose(batch[k], Q.from_matrix(Rs[k]), atol=0.0)


# --- agreement with SciPy (scalar-last) ----------------------------------------------------

@SETTINGS
@given(any_quat)
def test_xyzw_round_trip_and_order(q):
    np.testing.assert_array_equal(Q.from_xyzw(Q.to_xyzw(q)), q)
    np.testing.assert_array_equal(Q.to_xyzw(q), [q[1], q[2], q[3], q[0]])


@SETTINGS
@given(any_quat, vec3)
def test_scipy_matrix_and_apply(q, v):
    r = Rotation.from_quat(Q.to_xyzw(q))
    np.testing.assert_allclose(Q.to_matrix(q), r.as_matrix(), atol=1e-13)
    np.testing.assert_allclose(Q.rotate(q, v), r.apply(v), atol=1e-12 * (1 + np.linalg.norm(v)))


@SETTINGS
@given(any_quat)
def test_scipy_rotation_vector(q):
    r = Rotation.from_quat(Q.to_xyzw(q))
    ours = Q.to_rotation_vector(q)
    theirs = r.as_rotvec()
    if np.linalg.norm(theirs) < np.pi - 1e-6:
        np.testing.assert_allclose(ours, theirs, atol=1e-12)
    else:  # at 180° θn and −θn are the same rotation
        assert same_rotation(ours, theirs, atol=1e-9)
    np.testing.assert_allclose(Q.to_matrix(Q.from_rotation_vector(theirs)), r.as_matrix(), atol=1e-13)


@SETTINGS
@given(unit_quat, unit_quat)
def test_scipy_composition_order_is_hamilton_product(p, q):
    """SciPy's r1 * r2 (apply r2 first) is multiply(q1, q2)."""
    composed = Rotation.from_quat(Q.to_xyzw(p)) * Rotation.from_quat(Q.to_xyzw(q))
    ours = Q.multiply(p, q)
    assert same_rotation(Q.from_xyzw(composed.as_quat()), ours, atol=1e-12)
    np.testing.assert_allclose(composed.as_matrix(), Q.to_matrix(p) @ Q.to_matrix(q), atol=1e-13)


@SETTINGS
@given(unit_quat)
def test_scipy_from_matrix(q):
    R = Q.to_matrix(q)
    theirs = Q.from_xyzw(Rotation.from_matrix(R).as_quat())
    assert same_rotation(Q.from_matrix(R), theirs, atol=1e-12)


# --- axis-angle and rotation vectors ----------------------------------------------------

@SETTINGS
@given(axis3, st.floats(1e-6, np.pi - 1e-6))
def test_axis_angle_round_trip(axis, angle):
    axis2, angle2 = Q.to_axis_angle(Q.from_axis_angle(axis, angle))
    np.testing.assert_allclose(axis2, axis / np.linalg.norm(axis), atol=1e-9)
    np.testing.assert_allclose(angle2, angle, atol=1e-12)


@SETTINGS
@given(axis3, st.floats(-4 * np.pi, 4 * np.pi))
def test_axis_angle_any_angle_same_rotation(axis, angle):
    q = Q.from_axis_angle(axis, angle)
    axis2, angle2 = Q.to_axis_angle(q)
    assert 0.0 <= angle2 <= np.pi
    assert abs(np.linalg.norm(axis2) - 1.0) < 1e-12
    np.testing.assert_allclose(Q.to_matrix(Q.from_axis_angle(axis2, angle2)), Q.to_matrix(q), atol=1e-12)
    np.testing.assert_allclose(Q.to_matrix(q), Rotation.from_rotvec(axis / np.linalg.norm(axis) * angle).as_matrix(),
                               atol=1e-12)


@pytest.mark.parametrize("angle", [4.157273318626116e-161, 1e-200, 1e-300, 1e-310])
def test_axis_angle_of_a_tiny_turn_has_a_unit_axis(angle):
    """Squares of such components underflow: the axis must still be a unit vector (found by hypothesis)."""
    axis, got = Q.to_axis_angle(Q.from_axis_angle([1.0, 1.0, 1.0], angle))
    assert abs(np.linalg.norm(axis) - 1.0) < 1e-15
    np.testing.assert_allclose(axis, np.full(3, 1 / np.sqrt(3)), rtol=1e-15)
    assert got == pytest.approx(angle, rel=1e-12)


def test_to_axis_angle_of_identity():
    axis, angle = Q.to_axis_angle(Q.identity())
    assert angle == 0.0
    np.testing.assert_array_equal(axis, [0.0, 0.0, 1.0])


@SETTINGS
@given(vec3.filter(lambda v: np.linalg.norm(v) < np.pi - 1e-6))
def test_rotation_vector_round_trip(v):
    q = Q.from_rotation_vector(v)
    assert abs(Q.norm(q) - 1.0) < 1e-14
    np.testing.assert_allclose(Q.to_rotation_vector(q), v, atol=1e-12)


@SETTINGS
@given(hnp.arrays(float, 3, elements=st.floats(-1.0, 1.0)).filter(lambda a: np.linalg.norm(a) > 1e-3))
def test_small_angle_rotation_vector(direction):
    v = 1e-12 * direction / np.linalg.norm(direction)
    q = Q.from_rotation_vector(v)
    # relative to |v| = 1e-12 (components may be subnormal, where only absolute accuracy exists)
    np.testing.assert_allclose(q, np.concatenate([[1.0], v / 2]), rtol=1e-12, atol=1e-24)
    np.testing.assert_allclose(Q.to_rotation_vector(q), v, rtol=1e-10, atol=1e-22)


def test_zero_rotation_vector():
    np.testing.assert_array_equal(Q.from_rotation_vector(np.zeros(3)), Q.identity())
    np.testing.assert_array_equal(Q.to_rotation_vector(Q.identity()), np.zeros(3))


# --- kinematics --------------------------------------------------------------------------

@SETTINGS
@given(unit_quat, vec3)
def test_derivative_world_equals_derivative_body(q, omega_body):
    omega_world = Q.rotate(q, omega_body)
    np.testing.assert_allclose(Q.derivative_world(q, omega_world), Q.derivative_body(q, omega_body),
                               atol=1e-12 * (1 + np.linalg.norm(omega_body)))


@SETTINGS
@given(unit_quat, vec3)
def test_derivative_keeps_the_norm(q, omega):
    """d|q|²/dt = 2 q·q̇ = 0 for a unit quaternion."""
    assert abs(q @ Q.derivative_world(q, omega)) <= 1e-12 * (1 + np.linalg.norm(omega))
    assert abs(q @ Q.derivative_body(q, omega)) <= 1e-12 * (1 + np.linalg.norm(omega))


@SETTINGS
@given(unit_quat, vec3)
def test_derivative_world_matches_finite_difference(q, omega_world):
    """q(t ± h) = exp(±h ω_world) ⊗ q(t) for constant world ω; the central difference gives q̇."""
    h = 1e-5
    plus = Q.multiply(Q.from_rotation_vector(h * omega_world), q)
    minus = Q.multiply(Q.from_rotation_vector(-h * omega_world), q)
    np.testing.assert_allclose((plus - minus) / (2 * h), Q.derivative_world(q, omega_world),
                               atol=1e-6 * (1 + np.linalg.norm(omega_world)) ** 3)


# --- other helpers -----------------------------------------------------------------------

@SETTINGS
@given(unit_quat, axis3, st.floats(0.0, np.pi))
def test_angle_between(q, axis, angle):
    p = Q.multiply(q, Q.from_axis_angle(axis, angle))
    assert abs(Q.angle_between(q, p) - angle) < 1e-7
    assert abs(Q.angle_between(q, -p) - angle) < 1e-7


# --- vectorisation over leading axes -------------------------------------------------------

def test_vectorised_over_leading_axes():
    rng = np.random.default_rng(1)
    q = rng.normal(size=(5, 7, 4))
    p = rng.normal(size=(5, 7, 4))
    v = rng.normal(size=(5, 7, 3))
    R = Q.to_matrix(q)
    assert R.shape == (5, 7, 3, 3)
    assert Q.multiply(p, q).shape == (5, 7, 4)
    assert Q.multiply(p, q[0, 0]).shape == (5, 7, 4)
    assert Q.norm(q).shape == (5, 7)
    assert Q.from_matrix(R).shape == (5, 7, 4)
    axis, angle = Q.to_axis_angle(q)
    assert axis.shape == (5, 7, 3) and angle.shape == (5, 7)
    assert Q.to_rotation_vector(q).shape == (5, 7, 3)
    assert Q.from_rotation_vector(v).shape == (5, 7, 4)
    assert Q.from_axis_angle(v, angle).shape == (5, 7, 4)
    assert Q.derivative_world(q, v).shape == (5, 7, 4)
    assert Q.derivative_body(q, v).shape == (5, 7, 4)
    assert Q.angle_between(p, q).shape == (5, 7)
    assert Q.from_xyzw(Q.to_xyzw(q)).shape == (5, 7, 4)
    rotated = Q.rotate(q, v)
    assert rotated.shape == (5, 7, 3)
    for i in range(5):
        for j in range(7):
            np.testing.assert_allclose(rotated[i, j], Q.rotate(q[i, j], v[i, j]), atol=1e-14)
            np.testing.assert_allclose(Q.multiply(p, q)[i, j], Q.multiply(p[i, j], q[i, j]), atol=1e-14)
            np.testing.assert_allclose(R[i, j], Q.to_matrix(q[i, j]), atol=1e-15)
    # one quaternion rotating many vectors, and many quaternions rotating one vector
    assert Q.rotate(q[0, 0], v).shape == (5, 7, 3)
    assert Q.rotate(q, v[0, 0]).shape == (5, 7, 3)


# --- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("func", [Q.normalize, Q.inverse, Q.to_matrix, Q.canonical, Q.to_axis_angle,
                                  Q.to_rotation_vector])
def test_zero_quaternion_rejected(func):
    with pytest.raises(ValueError, match=r"^q .*zero"):
        func(np.zeros(4))


def test_zero_quaternion_in_a_batch_rejected():
    q = Q.identity(3)
    q[1] = 0.0
    with pytest.raises(ValueError, match=r"^q .*zero"):
        Q.to_matrix(q)
    with pytest.raises(ValueError, match=r"^q .*zero"):
        Q.rotate(q, [1.0, 0.0, 0.0])


@pytest.mark.parametrize("bad", [np.zeros(3), np.zeros(5), np.zeros((4, 3)), 1.0])
def test_wrong_shape_rejected(bad):
    with pytest.raises(ValueError, match=r"^q must have shape \(\.\.\., 4\)"):
        Q.to_matrix(bad)
    with pytest.raises(ValueError, match=r"^p must have shape"):
        Q.multiply(bad, Q.identity())


@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
def test_non_finite_rejected(value):
    with pytest.raises(ValueError, match=r"^q must be finite"):
        Q.normalize([1.0, value, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^v must be finite"):
        Q.rotate(Q.identity(), [1.0, value, 0.0])
    with pytest.raises(ValueError, match=r"^angle must be finite"):
        Q.from_axis_angle([0.0, 0.0, 1.0], value)
    with pytest.raises(ValueError, match=r"^omega_world must be finite"):
        Q.derivative_world(Q.identity(), [value, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^omega_body must be finite"):
        Q.derivative_body(Q.identity(), [value, 0.0, 0.0])


def test_vector_wrong_shape_rejected():
    with pytest.raises(ValueError, match=r"^v must have shape"):
        Q.rotate(Q.identity(), [1.0, 0.0])
    with pytest.raises(ValueError, match=r"^rotvec must have shape"):
        Q.from_rotation_vector([1.0, 0.0, 0.0, 0.0])


def test_non_numeric_rejected():
    with pytest.raises(ValueError, match=r"^q must be numeric"):
        Q.to_matrix(["a", "b", "c", "d"])


def test_zero_axis_rejected():
    with pytest.raises(ValueError, match=r"^axis must be a non-zero"):
        Q.from_axis_angle([0.0, 0.0, 0.0], 1.0)


def test_reflection_rejected_by_from_matrix():
    with pytest.raises(ValueError, match=r"^R must be a proper rotation.*det"):
        Q.from_matrix(np.diag([1.0, 1.0, -1.0]))
    with pytest.raises(ValueError, match=r"^R must be a proper rotation"):
        Q.from_matrix(-Q.to_matrix([0.3, 0.1, -0.5, 0.7]))


def test_non_orthogonal_rejected_by_from_matrix():
    with pytest.raises(ValueError, match=r"^R must be orthogonal"):
        Q.from_matrix(2.0 * np.eye(3))
    with pytest.raises(ValueError, match=r"^R must have shape"):
        Q.from_matrix(np.eye(4))


@pytest.mark.parametrize("q", [[5e-324, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [1.0, 1e-310, 0.0, 0.0],
                               [1.0, 0.0, 0.0, 0.0]])
def test_to_rotation_vector_is_quiet_at_extremes(q):
    """No spurious overflow / division warnings for w ≈ 0 (180°) or a subnormal vector part."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rv = Q.to_rotation_vector(q)
    u = Q.normalize(q)
    np.testing.assert_allclose(rv, Rotation.from_quat(Q.to_xyzw(u)).as_rotvec(), atol=1e-15)


# --- issue 14: one representative, no overflow of the squares, unit norm at any angle ------------

@pytest.mark.parametrize("q, expected", [
    ([0.0, 1.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]), ([0.0, -1.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]),
    ([-0.0, 0.0, -2.0, 0.0], [0.0, 0.0, 1.0, 0.0]), ([0.0, 0.0, 0.0, -3.0], [0.0, 0.0, 0.0, 1.0]),
    ([0.0, -0.6, 0.8, 0.0], [0.0, 0.6, -0.8, 0.0]), ([-0.6, 0.0, 0.0, 0.8], [0.6, 0.0, 0.0, -0.8]),
])
def test_canonical_is_unique_at_180_degrees(q, expected):
    """First non-zero component positive, no tolerance, no −0.0: q and −q give the same bits."""
    for sign in (1.0, -1.0):
        c = Q.canonical(sign * np.asarray(q))
        np.testing.assert_array_equal(c, expected)
        assert not np.any(np.signbit(c) & (c == 0))
    axis, angle = Q.to_axis_angle(q)
    assert angle == pytest.approx(2 * np.arctan2(np.linalg.norm(q[1:]), abs(q[0])))
    np.testing.assert_array_equal(Q.to_axis_angle(-np.asarray(q))[0], axis)


def test_canonical_of_a_180_degree_matrix_is_the_same_for_both_signs():
    for axis in np.eye(3):
        R = Q.to_matrix(np.concatenate([[0.0], axis]))
        np.testing.assert_array_equal(Q.from_matrix(R), np.concatenate([[0.0], axis]))
        np.testing.assert_array_equal(Q.from_matrix(R), Q.canonical(-np.concatenate([[0.0], axis])))


@pytest.mark.parametrize("scale", [1e-300, 1e-170, 2.0 ** -600, 1e150, 1e200, 1e300])
def test_normalising_functions_scale_by_the_largest_component(scale):
    q = np.array([1.0, 1.0, 0.0, 0.0])
    unit = np.array([1.0, 1.0, 0.0, 0.0]) / np.sqrt(2.0)
    np.testing.assert_allclose(Q.normalize(scale * q), unit, rtol=1e-15)
    np.testing.assert_allclose(Q.to_matrix(scale * q), Q.to_matrix(q), atol=1e-15)
    np.testing.assert_allclose(Q.rotate(scale * q, [1.0, 2.0, 3.0]), Q.rotate(q, [1.0, 2.0, 3.0]), atol=1e-14)
    np.testing.assert_allclose(Q.norm(scale * q), scale * np.sqrt(2.0), rtol=1e-15)
    np.testing.assert_allclose(Q.multiply(Q.inverse(scale * q), scale * q), Q.identity(), atol=1e-15)
    assert Q.angle_between(scale * q, q) == pytest.approx(0.0, abs=1e-7)
    np.testing.assert_allclose(Q.from_axis_angle(scale * np.array([0.0, 3.0, 4.0]), 1.0),
                               Q.from_axis_angle([0.0, 0.6, 0.8], 1.0), atol=1e-16)
    # a batch mixing huge and ordinary rows gives each row its own result, bit for bit
    batch = Q.normalize(np.stack([scale * q, [1.0, 2.0, 3.0, 4.0]]))
    np.testing.assert_array_equal(batch[1], Q.normalize([1.0, 2.0, 3.0, 4.0]))


def test_norm_and_inverse_refuse_what_overflows():
    with pytest.raises(ValueError, match=r"^q too large"):
        Q.norm([1.7e308, 1.7e308, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^q too large .*inverse"):
        Q.inverse([1e-310, 0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"^p or q too large"):
        Q.multiply([1e200, 0, 0, 0], [1e200, 0, 0, 0])


@pytest.mark.parametrize("magnitude", [1.0, 1e6, 1e10, 1e15, 1e100, 1e300])
def test_from_rotation_vector_is_unit_at_any_angle(magnitude):
    for direction in ([1.0, 0.0, 0.0], [0.6, -0.8, 0.0], [1.0, 2.0, -2.0]):
        q = Q.from_rotation_vector(magnitude * np.asarray(direction) / np.linalg.norm(direction))
        assert abs(np.linalg.norm(q) - 1.0) <= 4e-16
    # along a coordinate axis θ is exact, so the rotation is exactly cos, sin of θ/2
    q = Q.from_rotation_vector([1e15, 0.0, 0.0])
    np.testing.assert_allclose(q, [np.cos(5e14), np.sin(5e14), 0.0, 0.0], atol=1e-16)


def test_identity_shape_is_checked():
    assert Q.identity((2, 3)).shape == (2, 3, 4)
    np.testing.assert_array_equal(Q.identity(np.int64(2)), Q.identity((2,)))
    for bad in (-1, 2.5, "2", None, True, (2, -1), (2.0,)):
        with pytest.raises(ValueError, match=r"^shape "):
            Q.identity(bad)
    with pytest.raises(ValueError, match=r"^shape too large: .* would take 29.1 TB"):
        Q.identity(10 ** 12)


def test_slerp_refuses_a_t_whose_turn_overflows():
    """Issue 17 §1: slerp(p, q, 1.7e308) gave RuntimeWarnings and NaN; now a ValueError naming t (as exp)."""
    import warnings

    p, q = np.array([1.0, 0.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0, 0.01])      # nearly 180° apart
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^t too large"):
            Q.slerp(p, q, 1.7e308)
        with pytest.raises(ValueError, match=r"^t too large"):
            Q.slerp(p, q, [0.5, -1.7e308])
        out = Q.slerp(p, q, 1e300)                   # finite turn: a unit quaternion
    assert np.isfinite(out).all() and abs(np.linalg.norm(out) - 1.0) < 1e-15
