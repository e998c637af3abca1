"""Tests of rbteach.inertia.about_axis, radius_of_gyration and combine (issue 13, notebooks 01 and 02)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from rbteach import inertia as ri
from rbteach import quaternion as rq

SETTINGS = settings(max_examples=50, deadline=None, database=None)

finite = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
positive_mass = st.floats(0.01, 10.0)
moment = st.floats(0.1, 10.0)
unit_quats = st.lists(st.floats(-1.0, 1.0), min_size=4, max_size=4).filter(lambda q: np.linalg.norm(q) > 0.1)
directions = st.lists(finite, min_size=3, max_size=3).filter(lambda v: np.linalg.norm(v) > 1e-3)


def rotation_matrix(q4):
    return rq.to_matrix(rq.normalize(np.asarray(q4, dtype=float)))


def physical_tensor(moments, q4):
    """A general physical tensor: sorted moments made to obey the triangle inequality, turned by q4."""
    I1, I2, I3 = sorted(moments)
    I3 = min(I3, I1 + I2)
    return ri.rotate(np.diag([I1, I2, I3]), rotation_matrix(q4))


# ---------------------------------------------------------------------------
# about_axis and radius_of_gyration
# ---------------------------------------------------------------------------

def test_about_axis_coordinate_axes_are_the_diagonal():
    I = np.array([[2.0, -0.5, 0.1], [-0.5, 3.0, 0.25], [0.1, 0.25, 4.0]])
    for k in range(3):
        assert ri.about_axis(I, np.eye(3)[k]) == pytest.approx(I[k, k], rel=1e-15)


def test_about_axis_hand_worked_box_diagonal():
    """A box about its body diagonal: I_n = m/12 · (b²c² + a²c² + a²b²)·2/(a² + b² + c²) by hand."""
    m, a, b, c = 3.0, 0.5, 0.4, 0.3
    n = np.array([a, b, c])
    by_hand = m / 12 * ((b**2 + c**2) * a**2 + (a**2 + c**2) * b**2 + (a**2 + b**2) * c**2) / (a**2 + b**2 + c**2)
    assert ri.about_axis(ri.box(m, a, b, c), n) == pytest.approx(by_hand, rel=1e-14)
    assert ri.radius_of_gyration(ri.box(m, a, b, c), m, n) == pytest.approx(np.sqrt(by_hand / m), rel=1e-14)


def test_about_axis_is_distance_squared_for_point_masses():
    """Σ m_i |r_i × n|² (the defining integral for point masses), for a generic axis."""
    masses = np.array([1.0, 2.0, 0.5])
    points = np.array([[0.4, 0.0, 0.1], [-0.2, 0.3, 0.0], [0.0, -0.6, 0.3]])
    total, com, I_c = ri.point_masses(masses, points)
    I_origin = ri.parallel_axis(I_c, total, com)
    n = np.array([1.0, -2.0, 0.5]) / np.linalg.norm([1.0, -2.0, 0.5])
    direct = np.sum(masses * np.sum(np.cross(points, n) ** 2, axis=1))
    assert ri.about_axis(I_origin, [1.0, -2.0, 0.5]) == pytest.approx(direct, rel=1e-13)


def test_about_axis_normalises_and_ignores_sign():
    I = ri.rotate(np.diag([1.0, 2.0, 2.5]), rotation_matrix([0.9, 0.2, -0.3, 0.4]))
    u = np.array([0.3, -1.2, 0.7])
    ref = ri.about_axis(I, u)
    for scale in (1e-200, 1e-3, -1.0, 7.0, 1e200):
        assert ri.about_axis(I, scale * u) == pytest.approx(ref, rel=1e-14)
    assert ri.about_axis(I, u) != pytest.approx(u @ I @ u, rel=1e-3)     # the raw nᵀ I n is |u|² too large


def test_about_axis_zero_axis_refused():
    with pytest.raises(ValueError, match=r"axis must be a non-zero vector"):
        ri.about_axis(np.eye(3), [0.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=r"axis\[1\]"):
        ri.about_axis(np.eye(3), [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])


def test_about_axis_vectorised_and_broadcasts():
    Rs = rotation_matrix(np.array([[1.0, 0.2, 0.3, 0.1], [0.5, -0.5, 0.2, 0.7]]))
    I = ri.rotate(np.diag([1.0, 2.0, 3.0]), Rs)                    # (2, 3, 3)
    axes = np.array([[[1.0, 2.0, 3.0]], [[0.0, -1.0, 0.5]], [[2.0, 0.0, 0.1]]])   # (3, 1, 3)
    out = ri.about_axis(I, axes)
    assert out.shape == (3, 2)
    for i in range(3):
        for j in range(2):
            assert out[i, j] == pytest.approx(ri.about_axis(I[j], axes[i, 0]), rel=1e-14)
    k = ri.radius_of_gyration(I, np.array([[1.0], [2.0], [4.0]]), axes)
    assert k.shape == (3, 2)
    assert k[2, 1] == pytest.approx(np.sqrt(out[2, 1] / 4.0), rel=1e-14)


def test_rod_about_its_own_axis_is_zero_not_negative():
    I = ri.rotate(ri.rod(1.0, 2.0), rotation_matrix([0.8, 0.3, -0.2, 0.5]))
    axis = rotation_matrix([0.8, 0.3, -0.2, 0.5])[:, 2]
    assert ri.about_axis(I, axis) >= 0.0
    assert ri.about_axis(I, axis) < 1e-15
    assert ri.radius_of_gyration(I, 1.0, axis) < 1e-7


def test_radius_of_gyration_of_primitives():
    """k of a solid sphere is √(2/5) r; of a thin rod about its centre L/√12; of a hoop-like thin tube r."""
    assert ri.radius_of_gyration(ri.solid_sphere(3.0, 0.5), 3.0, [0.3, 0.4, 1.0]) == pytest.approx(np.sqrt(0.4) * 0.5)
    assert ri.radius_of_gyration(ri.rod(2.0, 1.2), 2.0, [1.0, 0.0, 0.0]) == pytest.approx(1.2 / np.sqrt(12))
    tube = ri.hollow_cylinder(2.0, 0.4999999, 0.5, 1.0)
    assert ri.radius_of_gyration(tube, 2.0, [0, 0, 1]) == pytest.approx(0.5, rel=1e-6)


@SETTINGS
@given(st.lists(moment, min_size=3, max_size=3), unit_quats, directions)
def test_about_axis_between_extreme_moments(moments, q4, axis):
    I = physical_tensor(moments, q4)
    lo, hi = np.linalg.eigvalsh(I)[[0, 2]]
    I_n = ri.about_axis(I, axis)
    assert I_n >= 0.0
    assert lo * (1 - 1e-12) - 1e-12 <= I_n <= hi * (1 + 1e-12) + 1e-12


@SETTINGS
@given(st.lists(moment, min_size=3, max_size=3), unit_quats, directions)
def test_about_axis_in_principal_axes(moments, q4, axis):
    """I_n = Σ I_k (n · o_k)² with the principal axes o_k (the inertia ellipsoid's formula)."""
    I = physical_tensor(moments, q4)
    m, O = ri.principal_axes(I)
    n = np.asarray(axis) / np.linalg.norm(axis)
    assert ri.about_axis(I, axis) == pytest.approx(np.sum(m * (O.T @ n) ** 2), rel=1e-10, abs=1e-12)


# ---------------------------------------------------------------------------
# combine
# ---------------------------------------------------------------------------

def _t_handle_boxes(L=1.0, w=0.15, h=0.5, s=0.15, density=1.0):
    """The T-handle of t_handle_mesh as its two boxes: bar (L × w × w) and stem (s × s × h) on top."""
    m_bar, m_stem = density * L * w * w, density * s * s * h
    coms = np.array([[0.0, 0.0, 0.0], [0.0, 0.0, 0.5 * w + 0.5 * h]])
    tensors = np.stack([ri.box(m_bar, L, w, w), ri.box(m_stem, s, s, h)])
    return np.array([m_bar, m_stem]), coms, tensors


@pytest.mark.parametrize("sizes", [(1.0, 0.15, 0.5, 0.15), (0.8, 0.1, 0.7, 0.2), (2.0, 0.3, 0.4, 0.05)])
def test_t_handle_from_two_boxes_equals_its_mesh(sizes):
    masses, coms, tensors = _t_handle_boxes(*sizes)
    M, c, I = ri.combine(masses, coms, tensors)
    M_mesh, c_mesh, I_mesh = ri.mesh(*ri.t_handle_mesh(*sizes), density=1.0)
    assert M == pytest.approx(M_mesh, rel=1e-12)
    assert c[0] == 0.0 and c[1] == 0.0 and c[2] > 0.0                     # the com lies on the stem's axis
    # t_handle_mesh puts the com at the origin, so its bar's centre (mean of its first 8 vertices) is at −c
    vertices, _ = ri.t_handle_mesh(*sizes)
    assert np.allclose(vertices[:8].mean(axis=0), -c, atol=1e-12)
    assert np.allclose(c_mesh, 0.0, atol=1e-12)
    assert np.allclose(I, I_mesh, rtol=0, atol=1e-12 * np.abs(I_mesh).max())


def test_two_halves_of_a_box_give_the_box():
    m, a, b, c = 4.0, 0.9, 0.5, 0.3
    halves = np.stack([ri.box(m / 2, a / 2, b, c)] * 2)
    coms = np.array([[-a / 4, 0.0, 0.0], [a / 4, 0.0, 0.0]]) + np.array([0.2, -0.1, 0.4])
    M, com, I = ri.combine([m / 2, m / 2], coms, halves)
    assert M == pytest.approx(m)
    assert np.allclose(com, [0.2, -0.1, 0.4], atol=1e-15)
    assert np.allclose(I, ri.box(m, a, b, c), rtol=0, atol=1e-15)
    # cut along a generic plane too: two unequal slabs along z
    f = 0.3
    parts = np.stack([ri.box(f * m, a, b, f * c), ri.box((1 - f) * m, a, b, (1 - f) * c)])
    coms = np.array([[0.0, 0.0, -c / 2 + f * c / 2], [0.0, 0.0, c / 2 - (1 - f) * c / 2]])
    M, com, I = ri.combine([f * m, (1 - f) * m], coms, parts)
    assert np.allclose(com, 0.0, atol=1e-15)
    assert np.allclose(I, ri.box(m, a, b, c), rtol=0, atol=1e-14)


def test_combine_of_zero_tensors_is_point_masses():
    masses = np.array([1.0, 2.0, 0.5])
    points = np.array([[0.4, 0.0, 0.1], [-0.2, 0.3, 0.0], [0.0, -0.6, 0.3]])
    got = ri.combine(masses, points, np.zeros((3, 3, 3)))
    want = ri.point_masses(masses, points)
    for g, w in zip(got, want):
        assert np.allclose(g, w, rtol=1e-14, atol=1e-15)


def test_combine_dumbbell_by_hand():
    """Two balls (m, r) at ±ℓ on x joined (no rod): I_xx = 2 · 2/5 m r², I_yy = I_zz = 2 (2/5 m r² + m ℓ²)."""
    m, r, ell = 1.5, 0.1, 0.4
    M, c, I = ri.combine([m, m], [[-ell, 0, 0], [ell, 0, 0]], [ri.solid_sphere(m, r)] * 2)
    assert M == 2 * m and np.allclose(c, 0.0)
    assert np.allclose(np.diag(I), [0.8 * m * r * r, 2 * (0.4 * m * r * r + m * ell * ell),
                                    2 * (0.4 * m * r * r + m * ell * ell)], rtol=1e-14)
    assert np.allclose(I - np.diag(np.diag(I)), 0.0)


def test_combine_batch_and_broadcast():
    masses, coms, tensors = _t_handle_boxes()
    shifts = np.array([[0.0, 0.0, 0.0], [1.0, -2.0, 0.5]])[:, None, :]      # (2, 1, 3)
    M, c, I = ri.combine(masses, coms + shifts, tensors)                    # coms (2, 2, 3)
    assert M.shape == (2,) and c.shape == (2, 3) and I.shape == (2, 3, 3)
    assert np.allclose(c[1] - c[0], shifts[1, 0])
    assert np.allclose(I[0], I[1], atol=1e-14)                              # moving the whole keeps I about its com


def test_combine_refuses_mismatched_counts():
    masses, coms, tensors = _t_handle_boxes()
    with pytest.raises(ValueError, match="coms must have shape"):
        ri.combine(masses, coms[:1], tensors)
    with pytest.raises(ValueError, match="inertias_com must have shape"):
        ri.combine(masses, coms, tensors[0])
    with pytest.raises(ValueError, match="inertias_com"):
        ri.combine(masses, coms, np.stack([tensors[0], np.diag([1.0, 1.0, 3.0])]))


@SETTINGS
@given(st.integers(1, 5).flatmap(lambda n: st.tuples(
    st.lists(positive_mass, min_size=n, max_size=n),
    st.lists(st.lists(finite, min_size=3, max_size=3), min_size=n, max_size=n),
    st.lists(st.tuples(st.lists(moment, min_size=3, max_size=3), unit_quats), min_size=n, max_size=n),
    st.permutations(list(range(n))))))
def test_combine_is_order_independent_and_physical(data):
    masses, coms, shapes, perm = data
    masses, coms = np.array(masses), np.array(coms)
    tensors = np.stack([physical_tensor(mo, q) for mo, q in shapes])
    M, c, I = ri.combine(masses, coms, tensors)
    Mp, cp, Ip = ri.combine(masses[perm], coms[perm], tensors[perm])
    scale = np.abs(I).max()
    assert Mp == pytest.approx(M, rel=1e-13)
    assert np.allclose(cp, c, rtol=1e-12, atol=1e-12 * (1 + np.abs(coms).max()))
    assert np.allclose(Ip, I, rtol=0, atol=1e-11 * scale)
    ri.validate(I)                                                            # the whole is a physical body
    # the whole, about its com, is at least the sum of the parts about theirs (parallel-axis terms are ≥ 0)
    assert np.linalg.eigvalsh(I - tensors.sum(axis=0)).min() >= -1e-11 * scale
    # and it agrees with moving each part to the common com one by one with parallel_axis
    by_parts = sum(ri.parallel_axis(Ti, mi, c - ci) for mi, ci, Ti in zip(masses, coms, tensors))
    assert np.allclose(I, by_parts, rtol=0, atol=1e-11 * scale)
