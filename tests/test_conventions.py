"""The README's conventions card, row by row, asserted against the package.

The helpers of 「回転運動のシミュレーション」 (2019) (scalar-last quaternions, passive DCMs) are transcribed
here, with only their syntax errors fixed, so that the stated relation to them is checked, not assumed.
"""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp
from scipy.spatial.transform import Rotation

from rbteach import inertia
from rbteach import quaternion as Q
from rbteach import rotation as Rot

SETTINGS = settings(max_examples=25, deadline=None)

_component = st.floats(-5.0, 5.0, allow_nan=False, allow_infinity=False)
unit_quat = (hnp.arrays(float, 4, elements=_component).filter(lambda q: np.linalg.norm(q) > 1e-2)
             .map(lambda q: q / np.linalg.norm(q)))
vec3 = hnp.arrays(float, 3, elements=_component)
E = np.eye(3)
I_, J_, K_ = (np.concatenate([[0.0], e]) for e in E)
ONE = np.array([1.0, 0.0, 0.0, 0.0])


# --- the 2019 article's helpers (scalar last, DCM = world → body); syntax fixed, logic untouched ------

def article2019_quaternion2dcm(q):
    dcm = np.zeros((3, 3))
    dcm[0, 0] = q[0] * q[0] - q[1] * q[1] - q[2] * q[2] + q[3] * q[3]
    dcm[0, 1] = 2 * (q[0] * q[1] + q[2] * q[3])
    dcm[0, 2] = 2 * (q[0] * q[2] - q[1] * q[3])
    dcm[1, 0] = 2 * (q[0] * q[1] - q[2] * q[3])
    dcm[1, 1] = - q[0] * q[0] + q[1] * q[1] - q[2] * q[2] + q[3] * q[3]
    dcm[1, 2] = 2 * (q[1] * q[2] + q[0] * q[3])
    dcm[2, 0] = 2 * (q[0] * q[2] + q[1] * q[3])
    dcm[2, 1] = 2 * (q[1] * q[2] - q[0] * q[3])
    dcm[2, 2] = - q[0] * q[0] - q[1] * q[1] + q[2] * q[2] + q[3] * q[3]
    return dcm


def article2019_euler2dcm(euler):
    phi, theta, psi = euler  # yaw (z), pitch (y), roll (x)
    rotx = np.array([[1, 0, 0], [0, np.cos(psi), np.sin(psi)], [0, -np.sin(psi), np.cos(psi)]])
    roty = np.array([[np.cos(theta), 0, -np.sin(theta)], [0, 1, 0], [np.sin(theta), 0, np.cos(theta)]])  # brackets fixed
    rotz = np.array([[np.cos(phi), np.sin(phi), 0], [-np.sin(phi), np.cos(phi), 0], [0, 0, 1]])
    return rotx @ roty @ rotz


def article2019_dcm2euler_general_branch(dcm):
    theta = np.arcsin(-dcm[0, 2])
    phi = np.arctan2(dcm[1, 2], dcm[2, 2])
    psi = np.arctan2(dcm[0, 1], dcm[0, 0])
    return np.array([psi, theta, phi])


def article2019_dcm2quaternion(dcm):
    q = np.zeros(4)
    q[3] = 0.5 * np.sqrt(1 + dcm[0, 0] + dcm[1, 1] + dcm[2, 2])
    q[0] = 0.25 * (dcm[1, 2] - dcm[2, 1]) / q[3]
    q[1] = 0.25 * (dcm[2, 0] - dcm[0, 2]) / q[3]
    q[2] = 0.25 * (dcm[0, 1] - dcm[1, 0]) / q[3]
    return q


def article2019_skew(v):
    return np.array([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])


def article2019_coordinate_differential(omega, frame_T):
    return article2019_skew(frame_T @ omega) @ frame_T


def article2019_quaternion_differential(omega, quaternion):
    mat = np.array([[0, omega[2], -omega[1], omega[0]],
                    [-omega[2], 0, omega[0], omega[1]],
                    [omega[1], -omega[0], 0, omega[2]],
                    [-omega[0], -omega[1], -omega[2], 0]])
    return 0.5 * mat @ quaternion


# --- quaternion layout and product ------------------------------------------------------------

def test_scalar_first():
    np.testing.assert_array_equal(Q.identity(), [1.0, 0.0, 0.0, 0.0])
    theta = 0.8
    np.testing.assert_allclose(Q.from_axis_angle([0, 0, 1], theta), [np.cos(theta / 2), 0, 0, np.sin(theta / 2)],
                               atol=1e-16)


def test_hamilton_product():
    np.testing.assert_array_equal(Q.multiply(I_, J_), K_)
    np.testing.assert_array_equal(Q.multiply(J_, K_), I_)
    np.testing.assert_array_equal(Q.multiply(K_, I_), J_)
    np.testing.assert_array_equal(Q.multiply(J_, I_), -K_)
    for u in (I_, J_, K_):
        np.testing.assert_array_equal(Q.multiply(u, u), -ONE)
    np.testing.assert_array_equal(Q.multiply(Q.multiply(I_, J_), K_), -ONE)  # i j k = −1


# --- active rotation and the attitude matrix --------------------------------------------------

def test_active_rotation():
    q = Q.from_axis_angle([0, 0, 1], np.pi / 2)
    np.testing.assert_allclose(Q.rotate(q, E[0]), E[1], atol=1e-15)
    np.testing.assert_allclose(Q.to_matrix(q) @ E[0], E[1], atol=1e-15)
    np.testing.assert_allclose(Rot.euler_zyx_to_matrix(np.pi / 2, 0.0, 0.0) @ E[0], E[1], atol=1e-15)


@SETTINGS
@given(unit_quat, vec3)
def test_rotation_is_the_sandwich_and_the_matrix(q, v):
    sandwich = Q.multiply(Q.multiply(q, np.concatenate([[0.0], v])), Q.conjugate(q))
    np.testing.assert_allclose(Q.rotate(q, v), sandwich[1:], atol=1e-12)
    np.testing.assert_allclose(Q.to_matrix(q) @ v, sandwich[1:], atol=1e-12)


@SETTINGS
@given(unit_quat)
def test_to_matrix_columns_are_the_body_axes_in_the_world(q):
    R = Q.to_matrix(q)
    for k in range(3):
        np.testing.assert_allclose(R[:, k], Q.rotate(q, E[k]), atol=1e-14)


@SETTINGS
@given(unit_quat, unit_quat, vec3)
def test_frame_chain_principal_body_world(q_r, q_o, v_principal):
    """q_o: principal → body, q_r: body → world, q = q_r ⊗ q_o (the forces-and-impulses article, §5)."""
    v_body = Q.rotate(q_o, v_principal)
    v_world = Q.rotate(q_r, v_body)
    np.testing.assert_allclose(Q.rotate(Q.multiply(q_r, q_o), v_principal), v_world, atol=1e-12)
    np.testing.assert_allclose(Q.to_matrix(Q.multiply(q_r, q_o)), Q.to_matrix(q_r) @ Q.to_matrix(q_o), atol=1e-13)


@SETTINGS
@given(unit_quat, hnp.arrays(float, 3, elements=st.floats(1.0, 2.0)), vec3)
def test_inertia_in_the_world_is_R_I_RT(q, moments, omega_body):
    """L_world = R L_body with L = I ω: so I_world = R I Rᵀ and I_world⁻¹ = R I⁻¹ Rᵀ."""
    R = Q.to_matrix(q)
    I_body = np.diag(moments)
    I_world = inertia.rotate(I_body, R)
    np.testing.assert_allclose(I_world, R @ I_body @ R.T, atol=1e-12)
    omega_world = R @ omega_body
    np.testing.assert_allclose(I_world @ omega_world, R @ (I_body @ omega_body), atol=1e-11)
    np.testing.assert_allclose(np.linalg.inv(I_world), R @ np.diag(1 / moments) @ R.T, atol=1e-11)


# --- angular velocity and q̇ -------------------------------------------------------------------

@SETTINGS
@given(unit_quat, vec3)
def test_quaternion_rate_formulas(q, omega_body):
    omega_world = Q.rotate(q, omega_body)
    half_world = 0.5 * Q.multiply(np.concatenate([[0.0], omega_world]), q)
    half_body = 0.5 * Q.multiply(q, np.concatenate([[0.0], omega_body]))
    np.testing.assert_allclose(Q.derivative_world(q, omega_world), half_world, atol=1e-14)
    np.testing.assert_allclose(Q.derivative_body(q, omega_body), half_body, atol=1e-14)
    np.testing.assert_allclose(half_world, half_body, atol=1e-12)


@SETTINGS
@given(unit_quat, vec3)
def test_constant_body_rate_is_a_right_factor(q0, omega_body):
    """With constant ω_body, q(t) = q0 ⊗ exp(t ω_body): its central difference is ½ q ⊗ (0, ω_body)."""
    h = 1e-5
    plus = Q.multiply(q0, Q.from_rotation_vector(h * omega_body))
    minus = Q.multiply(q0, Q.from_rotation_vector(-h * omega_body))
    np.testing.assert_allclose((plus - minus) / (2 * h), Q.derivative_body(q0, omega_body),
                               atol=1e-6 * (1 + np.linalg.norm(omega_body)) ** 3)


@SETTINGS
@given(unit_quat, vec3)
def test_rotation_matrix_rate(q, omega_body):
    """Ṙ = [ω_world]× R = R [ω_body]×; the 2019 article's coordinate_differential(ω_body, R) is the former."""
    R = Q.to_matrix(q)
    omega_world = R @ omega_body
    np.testing.assert_allclose(Rot.skew(omega_world) @ R, R @ Rot.skew(omega_body), atol=1e-12)
    np.testing.assert_allclose(article2019_coordinate_differential(omega_body, R), R @ Rot.skew(omega_body), atol=1e-12)
    h = 1e-5
    dR = (Q.to_matrix(Q.multiply(q, Q.from_rotation_vector(h * omega_body)))
          - Q.to_matrix(Q.multiply(q, Q.from_rotation_vector(-h * omega_body)))) / (2 * h)
    np.testing.assert_allclose(dR, R @ Rot.skew(omega_body), atol=1e-6 * (1 + np.linalg.norm(omega_body)) ** 3)


@SETTINGS
@given(unit_quat, vec3)
def test_article2019_quaternion_differential_is_the_body_rate_scalar_last(q, omega_body):
    np.testing.assert_allclose(article2019_quaternion_differential(omega_body, Q.to_xyzw(q)),
                               Q.to_xyzw(Q.derivative_body(q, omega_body)), atol=1e-14)


# --- other software: SciPy and 「回転運動のシミュレーション」 (2019) ---------------------------------------------------------

@SETTINGS
@given(unit_quat, vec3)
def test_xyzw_matches_scipy(q, v):
    r = Rotation.from_quat(Q.to_xyzw(q))
    np.testing.assert_allclose(r.as_matrix(), Q.to_matrix(q), atol=1e-13)
    np.testing.assert_allclose(r.apply(v), Q.rotate(q, v), atol=1e-12)
    np.testing.assert_allclose(Q.from_xyzw(r.as_quat(canonical=False)), q, atol=1e-15)
    np.testing.assert_array_equal(Q.from_xyzw(Rotation.identity().as_quat()), Q.identity())


@SETTINGS
@given(unit_quat)
def test_article2019_dcm_is_R_transposed(q):
    q_xyzw = Q.to_xyzw(q)
    R = Q.to_matrix(q)
    np.testing.assert_allclose(article2019_quaternion2dcm(q_xyzw), R.T, atol=1e-14)
    # its DCM maps world → body: dcm @ v_world = v_body
    v_body = np.array([0.3, -1.2, 2.0])
    np.testing.assert_allclose(article2019_quaternion2dcm(q_xyzw) @ (R @ v_body), v_body, atol=1e-12)


@SETTINGS
@given(st.floats(-3.1, 3.1), st.floats(-1.5, 1.5), st.floats(-3.1, 3.1))
def test_article2019_euler2dcm_is_our_euler_matrix_transposed(yaw, pitch, roll):
    R = Rot.euler_zyx_to_matrix(yaw, pitch, roll)
    np.testing.assert_allclose(article2019_euler2dcm([yaw, pitch, roll]), R.T, atol=1e-14)
    # its general branch (away from gimbal lock) reads the same angles back
    np.testing.assert_allclose(article2019_dcm2euler_general_branch(R.T), Rot.matrix_to_euler_zyx(R), atol=1e-9)


@SETTINGS
@given(unit_quat.filter(lambda q: abs(q[0]) > 0.1))
def test_article2019_dcm2quaternion_is_scalar_last_away_from_180_degrees(q):
    R = Q.to_matrix(q)
    np.testing.assert_allclose(Q.from_xyzw(article2019_dcm2quaternion(R.T)), Q.from_matrix(R), atol=1e-12)


def test_article2019_dcm2quaternion_fails_at_180_degrees_where_from_matrix_does_not():
    R = np.diag([-1.0, -1.0, 1.0])  # 180° about z: trace = −1, so the 2019 article divides by q4 = 0
    with np.errstate(divide="ignore", invalid="ignore"):
        article_q = article2019_dcm2quaternion(R.T)
    assert not np.all(np.isfinite(article_q))
    np.testing.assert_array_equal(Q.from_matrix(R), [0.0, 0.0, 0.0, 1.0])


# --- inertia ----------------------------------------------------------------------------------

def test_products_of_inertia_carry_the_minus_sign():
    """Two unit masses at ±(1, 1, 0): ∫ρ x y dV = 2 > 0, so I_xy = −2."""
    mass, com, I = inertia.point_masses([1.0, 1.0], [[1.0, 1.0, 0.0], [-1.0, -1.0, 0.0]])
    np.testing.assert_array_equal(com, np.zeros(3))
    assert I[0, 1] == -2.0 and I[1, 0] == -2.0


def test_primitives_are_about_the_centre_with_symmetry_axis_z():
    m, r, h = 2.0, 0.5, 3.0
    I = inertia.solid_cylinder(m, r, h)
    assert I[2, 2] == 0.5 * m * r * r
    assert I[0, 0] == I[1, 1] != I[2, 2]
    np.testing.assert_array_equal(I - np.diag(np.diag(I)), np.zeros((3, 3)))
    rod = inertia.rod(m, h)
    assert rod[2, 2] == 0.0 and rod[0, 0] == rod[1, 1] > 0


# --- one rule for "is a rotation matrix" (issue 14) ------------------------------------------------

def test_one_rotation_matrix_tolerance_everywhere():
    """A float32 rotation is accepted by every function that takes one; a matrix 1e-3 off by none."""
    R = Rot.euler_zyx_to_matrix(0.4, -0.3, 1.2)
    R32 = R.astype(np.float32)
    Q.from_matrix(R32)
    inertia.rotate(np.diag([1.0, 2.0, 2.5]), R32)
    Rot.matrix_to_euler_zyx(R32)
    off = R + 1e-3
    for fn in (Q.from_matrix, lambda M: inertia.rotate(np.eye(3), M), Rot.matrix_to_euler_zyx):
        with pytest.raises(ValueError, match=r"^R must be orthogonal \(a rotation matrix, RᵀR = 1 within 1e-06\)"):
            fn(off)
        with pytest.raises(ValueError, match=r"^R must be a proper rotation .*reflection"):
            fn(-R)
    # from_matrix alone lets the caller choose the tolerance, and checks it
    Q.from_matrix(off, atol=1e-2)
    for bad in (float("nan"), float("inf"), -1.0, None, 1.5, "1e-6"):
        with pytest.raises(ValueError, match="^atol "):
            Q.from_matrix(R, atol=bad)
