"""rbteach.rotation: skew, ZYX Euler angles (incl. gimbal lock), orthonormalize; SciPy as oracle."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from scipy.spatial.transform import Rotation

from rbteach import quaternion as Q
from rbteach import rotation as Rot

SETTINGS = settings(max_examples=30, deadline=None)

_component = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
vec3 = hnp.arrays(float, 3, elements=_component)
unit_quat = (hnp.arrays(float, 4, elements=_component).filter(lambda q: np.linalg.norm(q) > 1e-3)
             .map(lambda q: q / np.linalg.norm(q)))
yaw_or_roll = st.floats(-np.pi + 1e-6, np.pi - 1e-6)
pitch_away = st.floats(-np.pi / 2 + 1e-3, np.pi / 2 - 1e-3)
E_Z = np.array([0.0, 0.0, 1.0])
E_Y = np.array([0.0, 1.0, 0.0])
E_X = np.array([1.0, 0.0, 0.0])


# --- skew ----------------------------------------------------------------------------------

@SETTINGS
@given(vec3, vec3)
def test_skew_is_the_cross_product(a, b):
    S = Rot.skew(a)
    np.testing.assert_allclose(S @ b, np.cross(a, b), atol=1e-12)
    np.testing.assert_array_equal(S, -S.T)
    np.testing.assert_allclose(S @ a, np.zeros(3), atol=1e-12)


def test_skew_vectorised():
    rng = np.random.default_rng(2)
    a = rng.normal(size=(4, 6, 3))
    b = rng.normal(size=(4, 6, 3))
    S = Rot.skew(a)
    assert S.shape == (4, 6, 3, 3)
    np.testing.assert_allclose(np.einsum("...ij,...j->...i", S, b), np.cross(a, b), atol=1e-14)


@SETTINGS
@given(unit_quat, vec3)
def test_skew_transforms_like_a_vector(q, a):
    """R [a]× Rᵀ = [R a]× (used for Ṙ = [ω_world]× R = R [ω_body]×)."""
    R = Q.to_matrix(q)
    np.testing.assert_allclose(R @ Rot.skew(a) @ R.T, Rot.skew(R @ a), atol=1e-12 * (1 + np.linalg.norm(a)))


# --- Euler angles ---------------------------------------------------------------------------

def test_elementary_rotations_are_active():
    a = 0.7
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(a, 0, 0), Q.to_matrix(Q.from_axis_angle(E_Z, a)), atol=1e-15)
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(0, a, 0), Q.to_matrix(Q.from_axis_angle(E_Y, a)), atol=1e-15)
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(0, 0, a), Q.to_matrix(Q.from_axis_angle(E_X, a)), atol=1e-15)
    # +90° yaw turns the x axis into the y axis
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(np.pi / 2, 0, 0) @ E_X, E_Y, atol=1e-15)


@SETTINGS
@given(yaw_or_roll, st.floats(-np.pi / 2, np.pi / 2), yaw_or_roll)
def test_euler_matrix_is_the_product_of_elementary_rotations(yaw, pitch, roll):
    expected = (Q.to_matrix(Q.from_axis_angle(E_Z, yaw)) @ Q.to_matrix(Q.from_axis_angle(E_Y, pitch))
                @ Q.to_matrix(Q.from_axis_angle(E_X, roll)))
    R = Rot.euler_zyx_to_matrix(yaw, pitch, roll)
    np.testing.assert_allclose(R, expected, atol=1e-14)
    np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-14)
    assert abs(np.linalg.det(R) - 1) < 1e-14


@SETTINGS
@given(yaw_or_roll, st.floats(-np.pi / 2, np.pi / 2), yaw_or_roll)
def test_euler_matrix_agrees_with_scipy(yaw, pitch, roll):
    expected = Rotation.from_euler("ZYX", [yaw, pitch, roll]).as_matrix()
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(yaw, pitch, roll), expected, atol=1e-14)


@SETTINGS
@given(yaw_or_roll, pitch_away, yaw_or_roll)
def test_euler_round_trip_away_from_gimbal_lock(yaw, pitch, roll):
    angles = Rot.matrix_to_euler_zyx(Rot.euler_zyx_to_matrix(yaw, pitch, roll))
    np.testing.assert_allclose(angles, [yaw, pitch, roll], atol=1e-10)


@SETTINGS
@given(unit_quat)
def test_matrix_to_euler_reproduces_any_rotation_and_agrees_with_scipy(q):
    R = Q.to_matrix(q)
    yaw, pitch, roll = Rot.matrix_to_euler_zyx(R)
    assert -np.pi / 2 <= pitch <= np.pi / 2
    assert -np.pi < yaw <= np.pi and -np.pi < roll <= np.pi
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(yaw, pitch, roll), R, atol=1e-12)
    if np.cos(pitch) > 1e-3:  # away from gimbal lock the angles are unique
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # scipy warns at gimbal lock only
            theirs = Rotation.from_matrix(R).as_euler("ZYX")
        wrapped = np.angle(np.exp(1j * (np.array([yaw, pitch, roll]) - theirs)))  # ±π are one angle
        np.testing.assert_allclose(wrapped, 0.0, atol=1e-9)


@SETTINGS
@given(st.floats(-np.pi, np.pi), st.floats(-np.pi, np.pi), st.sampled_from([1.0, -1.0]))
def test_gimbal_lock_exact(yaw, roll, sign):
    R = Rot.euler_zyx_to_matrix(yaw, sign * np.pi / 2, roll)
    y, p, r = Rot.matrix_to_euler_zyx(R)
    assert r == 0.0
    assert abs(p - sign * np.pi / 2) < 1e-12
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(y, p, r), R, atol=1e-12)
    # only yaw − roll (pitch +π/2) or yaw + roll (pitch −π/2) is defined; it is all in yaw
    combined = yaw - roll if sign > 0 else yaw + roll
    assert abs(np.angle(np.exp(1j * (y - combined)))) < 1e-12


@SETTINGS
@given(st.floats(-np.pi, np.pi), st.floats(-np.pi, np.pi), st.sampled_from([1.0, -1.0]),
       st.integers(4, 17))
def test_near_gimbal_lock_reproduces_R(yaw, roll, sign, k):
    pitch = sign * (np.pi / 2 - 10.0 ** -k)
    R = Rot.euler_zyx_to_matrix(yaw, pitch, roll)
    angles = Rot.matrix_to_euler_zyx(R)
    assert abs(angles[1]) <= np.pi / 2
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(*angles), R, atol=1e-12)


@SETTINGS
@given(vec3.filter(lambda a: np.linalg.norm(a) > 1e-3), st.sampled_from([1.0, -1.0]), st.floats(-np.pi, np.pi))
def test_gimbal_lock_from_a_quaternion(axis, sign, angle):
    """A locked attitude built another way (rounding noise in every entry) is still reproduced."""
    q = Q.multiply(Q.from_axis_angle(axis, angle), Q.from_axis_angle(E_Y, sign * np.pi / 2))
    q = Q.multiply(q, Q.from_axis_angle(E_X, 0.3))
    R = Q.to_matrix(q)
    angles = Rot.matrix_to_euler_zyx(R)
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(*angles), R, atol=1e-12)


def test_euler_vectorised_and_broadcast():
    rng = np.random.default_rng(3)
    yaw = rng.uniform(-3, 3, size=(5, 1))
    pitch = rng.uniform(-1.5, 1.5, size=(7,))
    roll = 0.4
    R = Rot.euler_zyx_to_matrix(yaw, pitch, roll)
    assert R.shape == (5, 7, 3, 3)
    np.testing.assert_allclose(R[2, 3], Rot.euler_zyx_to_matrix(yaw[2, 0], pitch[3], roll), atol=0.0)
    y, p, r = Rot.matrix_to_euler_zyx(R)
    assert y.shape == p.shape == r.shape == (5, 7)
    np.testing.assert_allclose(y, np.broadcast_to(yaw, (5, 7)), atol=1e-12)
    np.testing.assert_allclose(p, np.broadcast_to(pitch, (5, 7)), atol=1e-12)
    np.testing.assert_allclose(r, np.full((5, 7), roll), atol=1e-12)
    # a batch mixing locked and free matrices
    mixed = Rot.euler_zyx_to_matrix([0.3, 0.3, 0.3], [np.pi / 2, 0.2, -np.pi / 2], [1.0, 1.0, 1.0])
    angles = Rot.matrix_to_euler_zyx(mixed)
    np.testing.assert_array_equal(angles[2] == 0.0, [True, False, True])
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(*angles), mixed, atol=1e-12)


def test_euler_bad_input():
    with pytest.raises(ValueError, match=r"^pitch must be finite"):
        Rot.euler_zyx_to_matrix(0.0, np.nan, 0.0)
    with pytest.raises(ValueError, match=r"^yaw must be numeric"):
        Rot.euler_zyx_to_matrix("north", 0.0, 0.0)
    with pytest.raises(ValueError, match=r"^yaw, pitch and roll must broadcast"):
        Rot.euler_zyx_to_matrix(np.zeros(2), np.zeros(3), 0.0)
    with pytest.raises(ValueError, match=r"^R must have shape"):
        Rot.matrix_to_euler_zyx(np.eye(2))
    with pytest.raises(ValueError, match=r"^R must be finite"):
        Rot.matrix_to_euler_zyx(np.full((3, 3), np.inf))


# --- orthonormalize --------------------------------------------------------------------------

drifted = st.tuples(unit_quat, hnp.arrays(float, (3, 3), elements=st.floats(-1e-2, 1e-2)))


@SETTINGS
@given(drifted)
def test_orthonormalize_gives_a_rotation_and_is_idempotent(case):
    q, noise = case
    X = Q.to_matrix(q) + noise
    O = Rot.orthonormalize(X)
    np.testing.assert_allclose(O.T @ O, np.eye(3), atol=1e-13)
    assert abs(np.linalg.det(O) - 1.0) < 1e-13
    np.testing.assert_allclose(Rot.orthonormalize(O), O, atol=1e-14)


@SETTINGS
@given(drifted, unit_quat)
def test_orthonormalize_is_the_nearest_rotation(case, other):
    """Polar factor: X = O P with P symmetric positive definite, and no rotation is closer to X."""
    q, noise = case
    X = Q.to_matrix(q) + noise
    O = Rot.orthonormalize(X)
    P = O.T @ X
    np.testing.assert_allclose(P, P.T, atol=1e-13)
    assert np.all(np.linalg.eigvalsh(0.5 * (P + P.T)) > 0)
    dist = np.linalg.norm(X - O)
    assert dist <= np.linalg.norm(X - Q.to_matrix(q)) + 1e-14
    assert dist <= np.linalg.norm(X - Q.to_matrix(other)) + 1e-14


@SETTINGS
@given(unit_quat)
def test_orthonormalize_keeps_rotations(q):
    R = Q.to_matrix(q)
    np.testing.assert_allclose(Rot.orthonormalize(R), R, atol=1e-14)


@pytest.mark.parametrize("X", [np.diag([1.0, 1.0, -1.0]), -np.eye(3), np.diag([3.0, 2.0, -1.0]),
                               -Q.to_matrix([0.3, 0.1, -0.5, 0.7])])
def test_orthonormalize_refuses_a_reflection(X):
    """A reflection is not a drifted rotation: no silent flip of an axis (issue 14)."""
    with pytest.raises(ValueError, match=r"^R must have det R > 0.*reflection"):
        Rot.orthonormalize(X)


@pytest.mark.parametrize("X", [np.zeros((3, 3)), np.diag([1.0, 1.0, 0.0]), np.outer([1.0, 2.0, 3.0], [0.5, 0.0, 1.0])])
def test_orthonormalize_refuses_a_singular_matrix(X):
    with pytest.raises(ValueError, match=r"^R is singular"):
        Rot.orthonormalize(X)


def test_orthonormalize_in_a_batch_names_the_bad_entry():
    X = np.broadcast_to(np.eye(3), (4, 3, 3)).copy()
    X[2] = np.diag([1.0, 1.0, -1.0])
    with pytest.raises(ValueError, match=r"reflection at R\[2\]"):
        Rot.orthonormalize(X)


@pytest.mark.parametrize("scale", [1e-200, 0.5, 3.0, 1e200])
def test_orthonormalize_ignores_a_positive_scale(scale):
    X = Q.to_matrix([0.3, 0.1, -0.5, 0.7]) + 1e-3 * np.arange(9).reshape(3, 3)
    np.testing.assert_allclose(Rot.orthonormalize(scale * X), Rot.orthonormalize(X), atol=1e-15)


def test_matrix_to_euler_refuses_what_is_not_a_rotation():
    with pytest.raises(ValueError, match=r"^R must be orthogonal"):
        Rot.matrix_to_euler_zyx(np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"^R must be orthogonal"):
        Rot.matrix_to_euler_zyx(2.0 * np.eye(3))
    with pytest.raises(ValueError, match=r"^R must be a proper rotation.*reflection"):
        Rot.matrix_to_euler_zyx(np.diag([1.0, 1.0, -1.0]))
    # a float32 rotation is a rotation (the package's one tolerance, 1e-6)
    R = Rot.euler_zyx_to_matrix(0.3, -0.2, 1.1)
    np.testing.assert_allclose(Rot.matrix_to_euler_zyx(R.astype(np.float32)), [0.3, -0.2, 1.1], atol=1e-6)


def test_orthonormalize_vectorised():
    rng = np.random.default_rng(4)
    X = Q.to_matrix(rng.normal(size=(4, 5, 4))) + 1e-3 * rng.normal(size=(4, 5, 3, 3))
    O = Rot.orthonormalize(X)
    assert O.shape == (4, 5, 3, 3)
    for i in range(4):
        for j in range(5):
            np.testing.assert_allclose(O[i, j], Rot.orthonormalize(X[i, j]), atol=1e-14)
    np.testing.assert_allclose(np.linalg.det(O), np.ones((4, 5)), atol=1e-13)


def test_orthonormalize_bad_input():
    with pytest.raises(ValueError, match=r"^R must have shape \(\.\.\., 3, 3\)"):
        Rot.orthonormalize(np.eye(4))
    with pytest.raises(ValueError, match=r"^R must be finite"):
        Rot.orthonormalize(np.full((3, 3), np.nan))
    with pytest.raises(ValueError, match=r"^v must have shape"):
        Rot.skew([1.0, 2.0])
