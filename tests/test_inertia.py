"""Tests of rbteach.inertia: primitives against independent integrals and exact limits,
parallel axis, rotation, principal axes, validation and triangle meshes."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy import integrate

from rbteach import inertia as ri
from rbteach import quaternion as rq

SETTINGS = settings(max_examples=50, deadline=None, database=None)

finite = st.floats(-10.0, 10.0, allow_nan=False, allow_infinity=False)
positive_mass = st.floats(0.01, 10.0)
moment = st.floats(0.1, 10.0)


def rotation_matrix(q4):
    q = np.asarray(q4, dtype=float)
    return rq.to_matrix(rq.normalize(q))


unit_quats = st.lists(st.floats(-1.0, 1.0), min_size=4, max_size=4).filter(
    lambda q: np.linalg.norm(q) > 0.1)


# ---------------------------------------------------------------------------
# Independent oracle: the defining integral, I = ∫ (|r|² 1 − r rᵀ) dV, by tplquad
# ---------------------------------------------------------------------------

def integral_tensor(u_lim, v_lim, w_lim, order="xyz"):
    """Volume, ∫ r dV and the inertia about the centre of mass (density 1) by scipy tplquad.

    The outer variable u in u_lim, then v in v_lim(u), the inner w in w_lim(u, v);
    ``order`` names the coordinates (u, v, w) are ("xyz": u = x, v = y, w = z).
    The second moments about the com are ∫ x_i x_j dV − V c_i c_j (algebra, not
    rbteach.inertia.to_center_of_mass).
    """
    opts = dict(epsabs=1e-13, epsrel=1e-11)
    where = ["xyz".index(k) for k in order]

    def integrate_f(f):
        def g(w, v, u):
            r = [0.0, 0.0, 0.0]
            r[where[0]], r[where[1]], r[where[2]] = u, v, w
            return f(*r)
        return integrate.tplquad(g, *u_lim, lambda u: v_lim(u)[0], lambda u: v_lim(u)[1],
                                 lambda u, v: w_lim(u, v)[0], lambda u, v: w_lim(u, v)[1], **opts)[0]

    vol = integrate_f(lambda x, y, z: 1.0)
    first = np.array([integrate_f(lambda x, y, z: x), integrate_f(lambda x, y, z: y),
                      integrate_f(lambda x, y, z: z)])
    c = first / vol
    pairs = {(i, j): integrate_f(lambda x, y, z, i=i, j=j: (x, y, z)[i] * (x, y, z)[j]) - vol * c[i] * c[j]
             for i in range(3) for j in range(i, 3)}
    C = np.array([[pairs[min(i, j), max(i, j)] for j in range(3)] for i in range(3)])
    return vol, first, np.trace(C) * np.eye(3) - C


def disc(r):
    return lambda x: (-np.sqrt(max(r * r - x * x, 0.0)), np.sqrt(max(r * r - x * x, 0.0)))


def test_box_matches_the_defining_integral():
    a, b, c, m = 0.7, 1.3, 2.1, 3.0
    vol, first, I = integral_tensor((-a / 2, a / 2), lambda x: (-b / 2, b / 2), lambda x, y: (-c / 2, c / 2))
    assert vol == pytest.approx(a * b * c, rel=1e-12)
    np.testing.assert_allclose(first, 0.0, atol=1e-12)
    np.testing.assert_allclose(ri.box(m, a, b, c), m / vol * I, rtol=1e-10, atol=1e-12)


def test_solid_cylinder_matches_the_defining_integral():
    r, h, m = 0.6, 1.7, 2.5
    vol, first, I = integral_tensor((-r, r), disc(r), lambda x, y: (-h / 2, h / 2))
    assert vol == pytest.approx(np.pi * r * r * h, rel=1e-8)
    np.testing.assert_allclose(ri.solid_cylinder(m, r, h), m / vol * I, rtol=1e-8, atol=1e-10)


def test_solid_cone_matches_the_defining_integral_about_its_centre_of_mass():
    r, h, m = 0.8, 1.9, 1.7
    # base at z = 0, apex at z = h: slices are discs of radius r (1 − z/h); z outermost
    x_lim = lambda z: disc(r * (1 - z / h))(0.0)                       # noqa: E731
    y_lim = lambda z, x: disc(r * (1 - z / h))(x)                      # noqa: E731
    vol, first, I = integral_tensor((0.0, h), x_lim, y_lim, order="zxy")
    assert vol == pytest.approx(np.pi * r * r * h / 3, rel=1e-8)
    np.testing.assert_allclose(first / vol, [0.0, 0.0, h / 4], atol=1e-9)  # the com is h/4 above the base
    np.testing.assert_allclose(ri.solid_cone(m, r, h), m / vol * I, rtol=1e-8, atol=1e-10)


def test_ellipsoid_matches_the_defining_integral():
    a, b, c, m = 1.1, 0.7, 0.5, 2.0

    def y_lim(x):
        s = b * np.sqrt(max(1 - (x / a) ** 2, 0.0))
        return -s, s

    def z_lim(x, y):
        s = c * np.sqrt(max(1 - (x / a) ** 2 - (y / b) ** 2, 0.0))
        return -s, s

    vol, first, I = integral_tensor((-a, a), y_lim, z_lim)
    assert vol == pytest.approx(4 / 3 * np.pi * a * b * c, rel=1e-7)
    np.testing.assert_allclose(ri.ellipsoid(m, a, b, c), m / vol * I, rtol=1e-7, atol=1e-10)


# ---------------------------------------------------------------------------
# Exact limits and relations between primitives
# ---------------------------------------------------------------------------

def test_ellipsoid_with_equal_semi_axes_is_the_solid_sphere():
    np.testing.assert_allclose(ri.ellipsoid(2.5, 0.3, 0.3, 0.3), ri.solid_sphere(2.5, 0.3), rtol=1e-15)


def test_hollow_cylinder_with_no_hole_is_the_solid_cylinder():
    np.testing.assert_allclose(ri.hollow_cylinder(1.3, 0.0, 0.4, 2.0), ri.solid_cylinder(1.3, 0.4, 2.0),
                               rtol=1e-15)


def test_hollow_cylinder_is_a_solid_cylinder_minus_its_core():
    m, ri_, ro, h = 2.0, 0.3, 0.5, 1.2
    area = ro ** 2 - ri_ ** 2
    outer = ri.solid_cylinder(m * ro ** 2 / area, ro, h)
    core = ri.solid_cylinder(m * ri_ ** 2 / area, ri_, h)
    np.testing.assert_allclose(ri.hollow_cylinder(m, ri_, ro, h), outer - core, rtol=1e-13)


def test_hollow_cylinder_thin_wall_limit():
    m, r, h = 1.5, 0.4, 0.9
    thin = ri.hollow_cylinder(m, r * (1 - 1e-9), r, h)
    np.testing.assert_allclose(thin, np.diag([m * (6 * r * r + h * h) / 12] * 2 + [m * r * r]), rtol=1e-8)


def test_hollow_sphere_is_the_thin_limit_of_a_thick_shell():
    m, R = 1.7, 0.6
    r = R * (1 - 1e-7)
    # uniform shell between r and R: I = 2/5 m (R⁵ − r⁵)/(R³ − r³), from two solid balls
    thick = 0.4 * m * (R ** 5 - r ** 5) / (R ** 3 - r ** 3) * np.eye(3)
    np.testing.assert_allclose(ri.hollow_sphere(m, R), thick, rtol=1e-6)


def test_rod_is_the_limit_of_point_masses_on_a_line():
    m, L, n = 2.0, 1.5, 400
    z = (np.arange(n) + 0.5) / n * L - L / 2                              # midpoints of n equal pieces
    total, com, I = ri.point_masses(np.full(n, m / n), np.stack([0 * z, 0 * z, z], axis=-1))
    # midpoint rule for ∫ z² is exact up to the factor (1 − 1/n²)
    np.testing.assert_allclose(ri.rod(m, L) * (1 - 1 / n ** 2), I, rtol=1e-12, atol=1e-15)
    assert ri.rod(m, L)[2, 2] == 0.0


def test_rod_is_the_thin_limit_of_a_solid_cylinder():
    np.testing.assert_allclose(ri.rod(1.0, 2.0), ri.solid_cylinder(1.0, 1e-8, 2.0), atol=1e-15)


PRIMITIVES = {
    "box": (ri.box, (1.0, 2.0, 3.0)),
    "solid_sphere": (ri.solid_sphere, (0.5,)),
    "hollow_sphere": (ri.hollow_sphere, (0.5,)),
    "solid_cylinder": (ri.solid_cylinder, (0.5, 2.0)),
    "hollow_cylinder": (ri.hollow_cylinder, (0.2, 0.5, 2.0)),
    "rod": (ri.rod, (2.0,)),
    "solid_cone": (ri.solid_cone, (0.5, 2.0)),
    "ellipsoid": (ri.ellipsoid, (1.0, 2.0, 3.0)),
}
SIZE_NAMES = {
    "box": ("a", "b", "c"), "solid_sphere": ("r",), "hollow_sphere": ("r",),
    "solid_cylinder": ("r", "h"), "hollow_cylinder": ("r_inner", "r_outer", "h"), "rod": ("length",),
    "solid_cone": ("r", "h"), "ellipsoid": ("a", "b", "c"),
}


@pytest.mark.parametrize("name", PRIMITIVES)
def test_primitives_are_valid_diagonal_linear_in_mass_and_symmetric_about_z(name):
    f, sizes = PRIMITIVES[name]
    I = f(2.0, *sizes)
    assert I.shape == (3, 3) and I.dtype == float
    np.testing.assert_array_equal(I, np.diag(np.diag(I)))
    np.testing.assert_array_equal(ri.validate(I), I)
    np.testing.assert_allclose(f(6.0, *sizes), 3 * I, rtol=1e-15)
    if name not in ("box", "ellipsoid"):
        assert I[0, 0] == I[1, 1]                                         # symmetry axis along z


@pytest.mark.parametrize("name", PRIMITIVES)
def test_primitives_reject_bad_mass(name):
    f, sizes = PRIMITIVES[name]
    for bad, why in [(0.0, "> 0"), (-1.0, "> 0"), (np.nan, "finite"), (np.inf, "finite"), ("heavy", "real")]:
        with pytest.raises(ValueError, match=f"mass must be.*{why}"):
            f(bad, *sizes)


@pytest.mark.parametrize("name", PRIMITIVES)
def test_primitives_reject_bad_sizes_naming_the_argument(name):
    f, sizes = PRIMITIVES[name]
    for k, arg in enumerate(SIZE_NAMES[name]):
        for bad in (-0.5, np.nan, np.inf):
            args = list(sizes)
            args[k] = bad
            with pytest.raises(ValueError, match=f"^{arg} must be"):
                f(1.0, *args)
        if arg != "r_inner":                                               # r_inner = 0 is allowed
            args = list(sizes)
            args[k] = 0.0
            with pytest.raises(ValueError, match=f"^{arg} must be > 0"):
                f(1.0, *args)


def test_hollow_cylinder_needs_inner_radius_below_outer():
    with pytest.raises(ValueError, match="r_inner must be < r_outer"):
        ri.hollow_cylinder(1.0, 0.5, 0.5, 1.0)
    with pytest.raises(ValueError, match="r_inner must be < r_outer"):
        ri.hollow_cylinder(1.0, 0.6, 0.5, 1.0)


# ---------------------------------------------------------------------------
# Point masses, parallel axis, to_center_of_mass
# ---------------------------------------------------------------------------

def test_point_masses_dumbbell():
    total, com, I = ri.point_masses([1.0, 3.0], [[0.0, 0.0, 0.0], [4.0, 0.0, 0.0]])
    assert total == 4.0
    np.testing.assert_allclose(com, [3.0, 0.0, 0.0])
    # reduced mass μ = 3/4 at separation 4: μ d² = 12 about y and z, nothing about x
    np.testing.assert_allclose(I, np.diag([0.0, 12.0, 12.0]), atol=1e-14)


def test_single_point_mass_has_no_inertia_about_itself():
    total, com, I = ri.point_masses([2.0], [[1.0, -2.0, 3.0]])
    assert total == 2.0
    np.testing.assert_allclose(com, [1.0, -2.0, 3.0])
    np.testing.assert_allclose(I, 0.0, atol=1e-14)


@SETTINGS
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(
    st.lists(positive_mass, min_size=n, max_size=n),
    st.lists(st.lists(finite, min_size=3, max_size=3), min_size=n, max_size=n))))
def test_point_masses_about_origin_equal_parallel_axis_from_their_com(data):
    masses, points = np.array(data[0]), np.array(data[1])
    total, com, I_com = ri.point_masses(masses, points)
    # the inertia about the origin, straight from the definition
    I_origin = sum(m * (p @ p * np.eye(3) - np.outer(p, p)) for m, p in zip(masses, points))
    scale = 1.0 + np.abs(I_origin).max()
    np.testing.assert_allclose(ri.parallel_axis(I_com, total, -com), I_origin, atol=1e-11 * scale)
    np.testing.assert_allclose(ri.to_center_of_mass(I_origin, total, com), I_com, atol=1e-11 * scale)
    ri.validate(I_com)


@SETTINGS
@given(st.lists(moment, min_size=3, max_size=3), unit_quats, positive_mass,
       st.lists(finite, min_size=3, max_size=3))
def test_to_center_of_mass_inverts_parallel_axis(moments, q, m, d):
    moments = np.sort(moments)
    moments[2] = min(moments[2], moments[0] + moments[1])                # a physical tensor
    I = ri.rotate(np.diag(moments), rotation_matrix(q))
    shifted = ri.parallel_axis(I, m, d)
    np.testing.assert_allclose(ri.to_center_of_mass(shifted, m, d), I, atol=1e-12 * np.abs(shifted).max())
    # moving the reference point away from the com never decreases a moment (about any axis)
    assert np.all(np.linalg.eigvalsh(shifted - I) >= -1e-12 * np.abs(shifted).max())


def test_to_center_of_mass_ignores_mass_when_com_is_at_origin():
    """The example of 「回転運動のシミュレーション」 (2019): cog = 0, mass = 10 — the tensor comes back unchanged."""
    I = np.diag([1.0, 1.0, 2.0])
    np.testing.assert_array_equal(ri.to_center_of_mass(I, 10.0, [0.0, 0.0, 0.0]), I)
    np.testing.assert_array_equal(ri.to_center_of_mass(I, 1e6, [0.0, 0.0, 0.0]), I)
    assert not np.allclose(ri.to_center_of_mass(I, 10.0, [0.1, 0.0, 0.0]), I)


def test_parallel_axis_known_value_and_broadcasting():
    I = ri.box(2.0, 1.0, 1.0, 1.0)
    # about an edge-midpoint-to-... point (0.5, 0, 0): Iyy and Izz gain m·0.25
    np.testing.assert_allclose(ri.parallel_axis(I, 2.0, [0.5, 0.0, 0.0]), I + np.diag([0.0, 0.5, 0.5]))
    offsets = np.arange(12.0).reshape(4, 3)
    batch = ri.parallel_axis(I, np.array([1.0, 2.0, 3.0, 4.0]), offsets)
    assert batch.shape == (4, 3, 3)
    for k in range(4):
        np.testing.assert_allclose(batch[k], ri.parallel_axis(I, k + 1.0, offsets[k]))
    back = ri.to_center_of_mass(batch, np.array([1.0, 2.0, 3.0, 4.0]), offsets)
    np.testing.assert_allclose(back, np.broadcast_to(I, (4, 3, 3)), atol=1e-12)


def test_point_masses_batch():
    masses = np.array([[1.0, 2.0], [3.0, 1.0]])
    points = np.array([[[0, 0, 0], [1, 1, 0]], [[1, 0, 0], [0, 0, 2]]], dtype=float)
    total, com, I = ri.point_masses(masses, points)
    assert total.shape == (2,) and com.shape == (2, 3) and I.shape == (2, 3, 3)
    for k in range(2):
        t, c, J = ri.point_masses(masses[k], points[k])
        assert total[k] == t
        np.testing.assert_allclose(com[k], c)
        np.testing.assert_allclose(I[k], J)


def test_point_masses_bad_input():
    with pytest.raises(ValueError, match="masses must be > 0"):
        ri.point_masses([1.0, 0.0], [[0, 0, 0], [1, 0, 0]])
    with pytest.raises(ValueError, match="masses must be > 0"):
        ri.point_masses([1.0, -1.0], [[0, 0, 0], [1, 0, 0]])
    with pytest.raises(ValueError, match="masses must be finite"):
        ri.point_masses([1.0, np.nan], [[0, 0, 0], [1, 0, 0]])
    with pytest.raises(ValueError, match="points must be finite"):
        ri.point_masses([1.0, 1.0], [[0, 0, 0], [np.inf, 0, 0]])
    with pytest.raises(ValueError, match=r"points must have shape \(\.\.\., N, 3\) with N = 2"):
        ri.point_masses([1.0, 1.0], [[0, 0, 0]])
    with pytest.raises(ValueError, match="points must have shape"):
        ri.point_masses([1.0], [[0, 0]])
    with pytest.raises(ValueError, match="masses must have shape"):
        ri.point_masses(1.0, [[0, 0, 0]])


def test_parallel_axis_and_to_center_of_mass_bad_input():
    I = np.eye(3)
    for f, iname, dname in [(ri.parallel_axis, "inertia_com", "offset"),
                            (ri.to_center_of_mass, "inertia_origin", "com")]:
        with pytest.raises(ValueError, match="mass must be > 0"):
            f(I, 0.0, [1, 0, 0])
        with pytest.raises(ValueError, match="mass must be > 0"):
            f(I, -2.0, [1, 0, 0])
        with pytest.raises(ValueError, match="mass must be finite"):
            f(I, np.nan, [1, 0, 0])
        with pytest.raises(ValueError, match=f"{dname} must have shape"):
            f(I, 1.0, [1, 0])
        with pytest.raises(ValueError, match=f"{dname} must be finite"):
            f(I, 1.0, [np.nan, 0, 0])
        with pytest.raises(ValueError, match=f"{iname} must have shape"):
            f(np.eye(2), 1.0, [1, 0, 0])
        with pytest.raises(ValueError, match=f"{iname} must be finite"):
            f(np.full((3, 3), np.nan), 1.0, [1, 0, 0])


# ---------------------------------------------------------------------------
# rotate
# ---------------------------------------------------------------------------

physical_moments = st.lists(moment, min_size=3, max_size=3).filter(
    lambda m: sorted(m)[0] + sorted(m)[1] >= sorted(m)[2])


@SETTINGS
@given(physical_moments, unit_quats, st.lists(finite, min_size=3, max_size=3))
def test_rotate_keeps_eigenvalues_and_trace_and_maps_angular_momentum(moments, q, omega_body):
    I = np.diag(moments)
    R = rotation_matrix(q)
    Iw = ri.rotate(I, R)
    np.testing.assert_allclose(np.linalg.eigvalsh(Iw), np.sort(moments), rtol=1e-12, atol=1e-12)
    assert np.trace(Iw) == pytest.approx(np.trace(I), rel=1e-12)
    np.testing.assert_allclose(Iw, Iw.T, atol=1e-14 * np.abs(Iw).max())
    # L_world = I_world ω_world with ω_world = R ω_body, L_world = R L_body (the forces-and-impulses article, §2 座標系)
    omega_body = np.array(omega_body)
    np.testing.assert_allclose(Iw @ (R @ omega_body), R @ (I @ omega_body),
                               atol=1e-12 * (1 + np.abs(I @ omega_body).max()))


def test_rotate_is_R_I_Rt_not_the_classic_bug():
    I = np.diag([1.0, 2.0, 3.0])
    R = rq.to_matrix(rq.from_axis_angle([0.0, 0.0, 1.0], 0.3))
    wrong = R.T @ I @ R
    right = ri.rotate(I, R)
    np.testing.assert_allclose(right, R @ I @ R.T, rtol=1e-15)
    assert not np.allclose(right, wrong)
    # a body rotated by 90° about z: its x axis (moment 1) now points along world y
    Rz = rq.to_matrix(rq.from_axis_angle([0.0, 0.0, 1.0], np.pi / 2))
    np.testing.assert_allclose(ri.rotate(I, Rz), np.diag([2.0, 1.0, 3.0]), atol=1e-15)


def test_rotate_batch():
    I = np.diag([1.0, 2.0, 3.0])
    q = rq.from_axis_angle(np.eye(3), np.array([0.1, 0.2, 0.3]))
    R = rq.to_matrix(q)
    out = ri.rotate(I, R)
    assert out.shape == (3, 3, 3)
    for k in range(3):
        np.testing.assert_allclose(out[k], R[k] @ I @ R[k].T)


def test_rotate_bad_input():
    I = np.eye(3)
    with pytest.raises(ValueError, match=r"R must be orthogonal \(a rotation matrix"):
        ri.rotate(I, 2 * np.eye(3))
    with pytest.raises(ValueError, match="reflection"):
        ri.rotate(I, np.diag([1.0, 1.0, -1.0]))
    with pytest.raises(ValueError, match="R must have shape"):
        ri.rotate(I, np.eye(2))
    with pytest.raises(ValueError, match="R must be finite"):
        ri.rotate(I, np.full((3, 3), np.nan))
    with pytest.raises(ValueError, match="inertia must have shape"):
        ri.rotate(np.ones(3), np.eye(3))
    with pytest.raises(ValueError, match="inertia must be finite"):
        ri.rotate(np.diag([1.0, np.inf, 1.0]), np.eye(3))


# ---------------------------------------------------------------------------
# principal_axes
# ---------------------------------------------------------------------------

def check_principal(I, moments, O):
    scale = np.abs(I).max()
    np.testing.assert_allclose(O @ np.diag(moments) @ O.T, I, atol=1e-12 * scale)
    assert np.linalg.det(O) == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(O.T @ O, np.eye(3), atol=1e-12)
    assert np.all(np.diff(moments) >= 0)
    for k in (0, 1):                                   # the documented sign rule
        col = O[:, k]
        lead = np.argmax(np.abs(col) >= np.abs(col).max() - 1e-9)
        assert col[lead] > 0
    np.testing.assert_allclose(O[:, 2], np.cross(O[:, 0], O[:, 1]), atol=1e-15)


@SETTINGS
@given(st.lists(moment, min_size=3, max_size=3, unique=True), unit_quats)
def test_principal_axes_reconstruct_rotated_tensors(moments, q):
    moments = np.sort(moments)
    moments[2] = min(moments[2], moments[0] + moments[1])
    R = rotation_matrix(q)
    I = ri.rotate(np.diag(moments), R)
    w, O = ri.principal_axes(I)
    check_principal(I, w, O)
    np.testing.assert_allclose(w, moments, rtol=1e-12)
    # q_o = from_matrix(O) maps principal → body
    q_o = rq.from_matrix(O)
    np.testing.assert_allclose(ri.rotate(np.diag(w), rq.to_matrix(q_o)), I, atol=1e-12 * w.max())


@SETTINGS
@given(st.lists(moment, min_size=3, max_size=3, unique=True), unit_quats,
       st.lists(st.sampled_from([-1.0, 1.0]), min_size=3, max_size=3))
def test_principal_axes_deterministic_under_eigenvector_sign_flips(moments, q, signs):
    moments = np.sort(moments)
    moments[2] = min(moments[2], moments[0] + moments[1])
    Q = rotation_matrix(q)
    I1 = Q @ np.diag(moments) @ Q.T
    Qf = Q * np.array(signs)                          # the same axes with flipped signs (maybe det −1)
    I2 = Qf @ np.diag(moments) @ Qf.T
    w1, O1 = ri.principal_axes(I1)
    w2, O2 = ri.principal_axes(I2)
    np.testing.assert_allclose(O1, O2, atol=1e-9)
    np.testing.assert_allclose(w1, w2, rtol=1e-12)
    w3, O3 = ri.principal_axes(I1)                     # same input → identical output
    np.testing.assert_array_equal(w1, w3)
    np.testing.assert_array_equal(O1, O3)


def test_principal_axes_of_diagonal_input_is_an_exact_permutation_rotation():
    w, O = ri.principal_axes(np.diag([3.0, 1.0, 2.0]))
    np.testing.assert_array_equal(w, [1.0, 2.0, 3.0])
    np.testing.assert_array_equal(np.abs(O), np.abs(O).round())       # a signed permutation
    check_principal(np.diag([3.0, 1.0, 2.0]), w, O)
    w, O = ri.principal_axes(np.diag([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(O, np.eye(3))


def test_principal_axes_repeated_moments():
    # symmetric top aligned with z: the identity (the forces-and-impulses article's claim, true when aligned)
    w, O = ri.principal_axes(np.diag([1.0, 1.0, 2.0]))
    np.testing.assert_array_equal(w, [1.0, 1.0, 2.0])
    np.testing.assert_array_equal(O, np.eye(3))
    # a sphere: every axis is principal; the identity is returned
    w, O = ri.principal_axes(ri.solid_sphere(1.0, 1.0))
    np.testing.assert_array_equal(O, np.eye(3))
    # ... also when rounding noise makes it non-diagonal (e.g. R (λ1) Rᵀ)
    noisy = 1.5 * np.eye(3) + 5e-15 * np.array([[0, 1, 1], [1, 0, 1], [1, 1, 0]])
    w, O = ri.principal_axes(noisy)
    np.testing.assert_array_equal(O, np.eye(3))
    np.testing.assert_allclose(w, 1.5, rtol=1e-13)
    # a prolate body (I1 < I2 = I3) along x: the unique axis first
    I = np.diag([1.0, 2.0, 2.0])
    w, O = ri.principal_axes(I)
    np.testing.assert_array_equal(w, [1.0, 2.0, 2.0])
    np.testing.assert_array_equal(O[:, 0], [1.0, 0.0, 0.0])
    check_principal(I, w, O)


@SETTINGS
@given(unit_quats, st.sampled_from([(1.0, 1.0, 2.0), (1.0, 2.0, 2.0), (1.5, 1.5, 1.5)]))
def test_principal_axes_repeated_moments_rotated(q, moments):
    R = rotation_matrix(q)
    I = ri.rotate(np.diag(moments), R)
    w, O = ri.principal_axes(I)
    check_principal(I, w, O)
    np.testing.assert_allclose(w, moments, rtol=1e-12)
    if moments[0] != moments[2]:
        k = 2 if moments[0] == moments[1] else 0       # the unique axis is ± R's column k
        assert abs(O[:, k] @ R[:, k]) == pytest.approx(1.0, abs=1e-9)
    # the degenerate basis is a function of the tensor, not of rounding noise in it
    noisy = I + 1e-17 * np.array([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    np.testing.assert_allclose(ri.principal_axes(noisy)[1], O, atol=1e-9)


def test_principal_axes_batch_matches_one_by_one():
    rng = np.random.default_rng(3)
    R = rq.to_matrix(rq.normalize(rng.normal(size=(5, 4))))
    tensors = ri.rotate(np.array([np.diag([1.0, 2.0, 2.5]), np.diag([1.0, 1.0, 2.0]),
                                  np.diag([2.0, 2.0, 2.0]), np.diag([1.0, 3.0, 3.0]),
                                  np.diag([0.5, 1.0, 1.2])]), R)
    w, O = ri.principal_axes(tensors.reshape(5, 1, 3, 3))
    assert w.shape == (5, 1, 3) and O.shape == (5, 1, 3, 3)
    for k in range(5):
        wk, Ok = ri.principal_axes(tensors[k])
        np.testing.assert_array_equal(w[k, 0], wk)
        np.testing.assert_array_equal(O[k, 0], Ok)


def test_principal_axes_of_a_thin_rod():
    I = ri.rotate(ri.rod(1.0, 2.0), rq.to_matrix(rq.from_axis_angle([1.0, 1.0, 0.0], 0.7)))
    w, O = ri.principal_axes(I)
    check_principal(I, w, O)
    assert w[0] == pytest.approx(0.0, abs=1e-15)


def test_principal_axes_bad_input():
    with pytest.raises(ValueError, match="inertia must be symmetric"):
        ri.principal_axes([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]])
    with pytest.raises(ValueError, match="negative principal moment"):
        ri.principal_axes(np.diag([-1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match="finite"):
        ri.principal_axes(np.diag([np.nan, 1.0, 1.0]))


# ---------------------------------------------------------------------------
# validate
# ---------------------------------------------------------------------------

def test_validate_returns_the_symmetrised_tensor_and_accepts_limits():
    I = np.array([[2.0, -0.1, 0.0], [-0.1 + 1e-14, 2.0, 0.0], [0.0, 0.0, 3.0]])
    out = ri.validate(I)
    np.testing.assert_array_equal(out, out.T)
    np.testing.assert_allclose(out, I, atol=1e-14)
    ri.validate(ri.rod(1.0, 1.0))                      # a zero moment is a valid tensor
    ri.validate(np.diag([1.0, 2.0, 3.0]))              # a flat plate: I1 + I2 = I3 exactly
    ri.validate(np.zeros((3, 3)))                      # a point mass about itself


@pytest.mark.parametrize("bad, match", [
    (np.eye(2), r"inertia must have shape"),
    (np.ones(3), r"inertia must have shape"),
    (np.diag([1.0, np.nan, 1.0]), r"inertia must be finite"),
    (np.diag([1.0, np.inf, 1.0]), r"inertia must be finite"),
    ([[1.0, 0.2, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], r"inertia must be symmetric"),
    (np.diag([-0.1, 1.0, 1.0]), r"inertia has a negative principal moment"),
    (np.diag([1.0, 1.0, 2.5]), r"inertia violates the triangle inequality I1 \+ I2 >= I3"),
    ([["a"] * 3] * 3, r"inertia must be numeric"),
])
def test_validate_reasons(bad, match):
    with pytest.raises(ValueError, match=match):
        ri.validate(bad)


def test_validate_triangle_tolerance_and_name():
    ri.validate(np.diag([1.0, 1.0, 2.0 * (1 + 1e-11)]))
    with pytest.raises(ValueError, match="triangle"):
        ri.validate(np.diag([1.0, 1.0, 2.0 * (1 + 1e-8)]))
    with pytest.raises(ValueError, match="^I_body must be symmetric"):
        ri.validate([[1.0, 0.2, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], "I_body")
    # rotated: the moments are checked, not the diagonal
    R = rq.to_matrix(rq.from_axis_angle([1.0, 2.0, 3.0], 1.0))
    with pytest.raises(ValueError, match="negative principal moment"):
        ri.validate(R @ np.diag([1.0, 2.0, -0.5]) @ R.T)


def test_validate_allow_zero_false_rejects_a_thin_rod():
    rod = ri.rod(1.0, 1.0)
    with pytest.raises(ValueError, match="zero principal moment.*cannot be inverted.*thin rod"):
        ri.validate(rod, allow_zero=False)
    with pytest.raises(ValueError, match="^inertia_body has a zero principal moment"):
        ri.validate(np.zeros((3, 3)), "inertia_body", allow_zero=False)
    np.testing.assert_array_equal(ri.validate(ri.box(1.0, 1, 2, 3), allow_zero=False), ri.box(1.0, 1, 2, 3))


def test_validate_batch():
    good = np.stack([np.eye(3), np.diag([1.0, 2.0, 3.0])])
    assert ri.validate(good).shape == (2, 3, 3)
    with pytest.raises(ValueError, match="triangle"):
        ri.validate(np.stack([np.eye(3), np.diag([1.0, 1.0, 3.0])]))
    # symmetry is judged per tensor: a small tensor's asymmetry is not hidden by a large one
    small = np.diag([1e-3, 1e-3, 1e-3])
    small[0, 1] = 1e-4
    with pytest.raises(ValueError, match="symmetric"):
        ri.validate(np.stack([1e6 * np.eye(3), small]))


# ---------------------------------------------------------------------------
# mesh
# ---------------------------------------------------------------------------

def test_triangulated_box_equals_box():
    m, a, b, c = 2.5, 0.3, 1.1, 0.7
    verts, faces = ri.box_mesh(a, b, c)
    assert verts.shape == (8, 3) and faces.shape == (12, 3)
    mass, com, I = ri.mesh(verts, faces, mass=m)
    assert mass == pytest.approx(m, rel=1e-14)
    np.testing.assert_allclose(com, 0.0, atol=1e-15)
    np.testing.assert_allclose(I, ri.box(m, a, b, c), rtol=1e-12, atol=1e-15)


def test_mesh_density_and_default_density():
    verts, faces = ri.box_mesh(1.0, 2.0, 3.0)
    mass, _, I = ri.mesh(verts, faces)
    assert mass == pytest.approx(6.0, rel=1e-14)                       # density 1: mass = volume
    mass2, _, I2 = ri.mesh(verts, faces, density=7.0)
    assert mass2 == pytest.approx(42.0, rel=1e-14)
    np.testing.assert_allclose(I2, 7.0 * I, rtol=1e-13)


def test_mesh_of_an_offset_rotated_box():
    m, a, b, c = 1.5, 0.4, 0.9, 1.3
    centre = np.array([3.0, -2.0, 5.0])
    R = rq.to_matrix(rq.from_axis_angle([1.0, -2.0, 0.5], 0.9))
    verts, faces = ri.box_mesh(a, b, c)
    verts = verts @ R.T + centre                      # rotate body → world, then move
    mass, com, I = ri.mesh(verts, faces, mass=m)
    np.testing.assert_allclose(com, centre, atol=1e-12)
    np.testing.assert_allclose(I, ri.rotate(ri.box(m, a, b, c), R), rtol=1e-11, atol=1e-13)
    np.testing.assert_allclose(ri.mesh(*ri.box_mesh(a, b, c, center=centre), mass=m)[1], centre, atol=1e-13)


def test_mesh_far_from_the_origin_keeps_its_accuracy():
    """The tetrahedra are taken from a point inside the mesh, so a far-off body does not
    lose digits to the cancellation I_com = I_origin − m (|c|² 1 − c cᵀ)."""
    m, a, b, c = 1.5, 0.4, 0.9, 1.3
    centre = np.array([1000.0, -2000.0, 500.0])
    mass, com, I = ri.mesh(*ri.box_mesh(a, b, c, center=centre), mass=m)
    np.testing.assert_allclose(com, centre, rtol=1e-14)
    np.testing.assert_allclose(I, ri.box(m, a, b, c), rtol=1e-10, atol=1e-12)


def revolution_mesh(n, radius_of, z_levels, apex=None):
    """A closed, outward mesh of a body of revolution about z: rings at z_levels with
    radii radius_of(z) (> 0), capped by centre points (or an apex on top)."""
    t = 2 * np.pi * np.arange(n) / n
    rings = [np.stack([radius_of(z) * np.cos(t), radius_of(z) * np.sin(t), np.full(n, z)], -1) for z in z_levels]
    verts = list(np.concatenate(rings))
    faces = []
    k = np.arange(n)
    k1 = (k + 1) % n
    for r in range(len(z_levels) - 1):
        lo, hi = r * n, (r + 1) * n
        faces += list(np.stack([lo + k, lo + k1, hi + k1], -1)) + list(np.stack([lo + k, hi + k1, hi + k], -1))
    bottom = len(verts)
    verts.append([0.0, 0.0, z_levels[0]])
    faces += list(np.stack([np.full(n, bottom), k1, k], -1))
    top = len(verts)
    verts.append([0.0, 0.0, z_levels[-1]] if apex is None else [0.0, 0.0, apex])
    last = (len(z_levels) - 1) * n
    faces += list(np.stack([last + k, last + k1, np.full(n, top)], -1))
    return np.array(verts), np.array(faces)


def test_mesh_of_a_fine_cylinder_converges_to_solid_cylinder():
    m, r, h = 2.0, 0.5, 1.5
    errors = []
    for n in (64, 128, 256):
        mass, com, I = ri.mesh(*revolution_mesh(n, lambda z: r, [-h / 2, h / 2]), mass=m)
        np.testing.assert_allclose(com, 0.0, atol=1e-13)
        errors.append(np.abs(I - ri.solid_cylinder(m, r, h)).max() / np.abs(I).max())
    assert errors[-1] < 1e-4
    assert errors[1] < errors[0] / 3.5 and errors[2] < errors[1] / 3.5   # second-order convergence


def test_mesh_of_a_fine_cone_converges_to_solid_cone():
    m, r, h = 1.2, 0.6, 1.4
    errors = []
    for n in (64, 128, 256):
        mass, com, I = ri.mesh(*revolution_mesh(n, lambda z: r, [0.0], apex=h), mass=m)
        np.testing.assert_allclose(com, [0.0, 0.0, h / 4], atol=1e-13)  # any pyramid: com at h/4
        errors.append(np.abs(I - ri.solid_cone(m, r, h)).max() / np.abs(I).max())
    assert errors[-1] < 1e-4
    assert errors[1] < errors[0] / 3.5 and errors[2] < errors[1] / 3.5
    vol = ri.mesh(*revolution_mesh(256, lambda z: r, [0.0], apex=h))[0]
    assert vol == pytest.approx(np.pi * r * r * h / 3, rel=1e-3)


def test_mesh_with_a_cavity():
    outer = ri.box_mesh(2.0, 2.0, 2.0)
    inner_v, inner_f = ri.box_mesh(1.0, 1.0, 1.0)
    verts = np.concatenate([outer[0], inner_v])
    faces = np.concatenate([outer[1], inner_f[:, ::-1] + 8])            # inner shell wound inward
    mass, com, I = ri.mesh(verts, faces)
    assert mass == pytest.approx(7.0, rel=1e-14)
    np.testing.assert_allclose(I, ri.box(8.0, 2, 2, 2) - ri.box(1.0, 1, 1, 1), rtol=1e-13)


def test_mesh_open_inside_out_and_inconsistent_errors():
    verts, faces = ri.box_mesh(1.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="open"):
        ri.mesh(verts, faces[:-1])
    with pytest.raises(ValueError, match="open"):
        ri.mesh(verts, faces[:-2])
    with pytest.raises(ValueError, match="inside-out"):
        ri.mesh(verts, faces[:, ::-1])
    flipped_one = faces.copy()
    flipped_one[3] = flipped_one[3, ::-1]
    with pytest.raises(ValueError, match="inconsistently oriented"):
        ri.mesh(verts, flipped_one)
    with pytest.raises(ValueError, match="shared by 4 faces|non-manifold"):
        ri.mesh(verts, np.concatenate([faces, faces[:, ::-1]]))
    with pytest.raises(ValueError, match="no volume"):
        flat = verts.copy()
        flat[:, 2] = 0.0
        ri.mesh(flat, faces)


def test_mesh_bad_input():
    verts, faces = ri.box_mesh(1.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="faces index out of range"):
        ri.mesh(verts, np.where(faces == 7, 8, faces))
    with pytest.raises(ValueError, match="faces index out of range"):
        ri.mesh(verts, np.where(faces == 7, -1, faces))
    with pytest.raises(ValueError, match=r"faces must have shape \(F, 3\)"):
        ri.mesh(verts, faces.reshape(-1, 4))
    with pytest.raises(ValueError, match=r"faces must have shape \(F, 3\)"):
        ri.mesh(verts, faces.reshape(-1))
    with pytest.raises(ValueError, match="faces must be integer"):
        ri.mesh(verts, faces.astype(float))
    with pytest.raises(ValueError, match="at least 4"):
        ri.mesh(verts, faces[:3])
    with pytest.raises(ValueError, match="repeats a vertex"):
        ri.mesh(verts, np.where(faces == 1, 0, faces))
    with pytest.raises(ValueError, match="vertices must be finite"):
        bad = verts.copy()
        bad[0, 0] = np.nan
        ri.mesh(bad, faces)
    with pytest.raises(ValueError, match="vertices must have shape"):
        ri.mesh(verts[:, :2], faces)
    with pytest.raises(ValueError, match=r"vertices must have shape \(V, 3\)"):
        ri.mesh(verts[None], faces)
    with pytest.raises(ValueError, match="exactly one of mass and density"):
        ri.mesh(verts, faces, mass=1.0, density=1.0)
    with pytest.raises(ValueError, match="mass must be > 0"):
        ri.mesh(verts, faces, mass=0.0)
    with pytest.raises(ValueError, match="density must be > 0"):
        ri.mesh(verts, faces, density=-1.0)
    with pytest.raises(ValueError, match="density must be finite"):
        ri.mesh(verts, faces, density=np.nan)


def test_box_mesh_bad_input():
    with pytest.raises(ValueError, match="^b must be > 0"):
        ri.box_mesh(1.0, 0.0, 1.0)
    with pytest.raises(ValueError, match="^c must be finite"):
        ri.box_mesh(1.0, 1.0, np.nan)
    with pytest.raises(ValueError, match="center must have shape"):
        ri.box_mesh(1.0, 1.0, 1.0, center=[0.0, 0.0])


# ---------------------------------------------------------------------------
# T-handle
# ---------------------------------------------------------------------------

def test_t_handle_is_two_boxes_and_has_three_distinct_moments():
    L, w, h, s = 1.0, 0.15, 0.5, 0.15
    verts, faces = ri.t_handle_mesh(L, w, h, s)
    assert verts.shape == (16, 3) and faces.shape == (24, 3)
    density = 2.0
    mass, com, I = ri.mesh(verts, faces, density=density)
    np.testing.assert_allclose(com, 0.0, atol=1e-15)
    # the same body from two box() tensors moved by the parallel-axis theorem
    m_bar, m_stem = density * L * w * w, density * s * s * h
    bar_centre = verts[:8].mean(axis=0)
    stem_centre = verts[8:].mean(axis=0)
    assert stem_centre[2] - bar_centre[2] == pytest.approx(w / 2 + h / 2)
    expected = (ri.parallel_axis(ri.box(m_bar, L, w, w), m_bar, -bar_centre)
                + ri.parallel_axis(ri.box(m_stem, s, s, h), m_stem, -stem_centre))
    assert mass == pytest.approx(m_bar + m_stem, rel=1e-14)
    np.testing.assert_allclose(I, expected, rtol=1e-12, atol=1e-15)
    moments, O = ri.principal_axes(I)
    assert moments[1] > 1.3 * moments[0] and moments[2] > 1.3 * moments[1]   # clearly distinct
    # mirror planes x = 0, y = 0: principal axes are the coordinate axes, x smallest, y largest
    np.testing.assert_array_equal(np.abs(O), [[1, 0, 0], [0, 0, 1], [0, 1, 0]])


def test_t_handle_default_is_valid_and_bad_input():
    mass, com, I = ri.mesh(*ri.t_handle_mesh())
    ri.validate(I, allow_zero=False)
    with pytest.raises(ValueError, match="^stem_length must be > 0"):
        ri.t_handle_mesh(stem_length=0.0)
    with pytest.raises(ValueError, match="^bar_width must be finite"):
        ri.t_handle_mesh(bar_width=np.nan)
    with pytest.raises(ValueError, match="stem_width must be <= bar_length"):
        ri.t_handle_mesh(bar_length=0.1, stem_width=0.2)


# ---------------------------------------------------------------------------
# issue 14: several shells, stability of principal axes, validation of the tensor functions
# ---------------------------------------------------------------------------

def _two_boxes(shift, size=2.0, inner_sign=1):
    va, fa = ri.box_mesh(size, size, size)
    vb, fb = ri.box_mesh(size, size, size, center=shift)
    fb = fb if inner_sign > 0 else fb[:, ::-1]
    return np.concatenate([va, vb]), np.concatenate([fa, fb + 8])


@pytest.mark.parametrize("shift", [(1.0, 1.0, 1.0), (1.0, 0.0, 0.0), (0.5, 0.25, -0.75), (0.0, 0.0, 0.0)])
def test_mesh_refuses_overlapping_shells(shift):
    """Two 2 × 2 × 2 boxes that overlap: the union is less than 16, so summing them is wrong."""
    with pytest.raises(ValueError, match="overlap"):
        ri.mesh(*_two_boxes(shift))


def test_mesh_refuses_a_small_box_inside_a_big_one_both_outward():
    big, small = ri.box_mesh(2.0, 2.0, 2.0), ri.box_mesh(0.5, 0.5, 0.5)
    with pytest.raises(ValueError, match="overlap"):
        ri.mesh(np.concatenate([big[0], small[0]]), np.concatenate([big[1], small[1] + 8]))


def test_mesh_refuses_an_inward_shell_that_is_not_a_cavity():
    verts, faces = _two_boxes((5.0, 0.0, 0.0), inner_sign=-1)       # apart, one of them inward
    with pytest.raises(ValueError, match="not a cavity"):
        ri.mesh(verts, faces)
    # inward shell crossing the outer surface (half in, half out): its surfaces cross
    with pytest.raises(ValueError, match="overlap|not a cavity"):
        ri.mesh(*_two_boxes((1.0, 0.0, 0.0), inner_sign=-1))


def test_mesh_accepts_touching_and_separate_shells_and_nested_cavities():
    # touching along a face, and apart: the masses add
    for shift in ((2.0, 0.0, 0.0), (2.0, 1.0, 0.5), (5.0, 0.0, 0.0), (2.0, 2.0, 2.0)):
        mass, _, _ = ri.mesh(*_two_boxes(shift))
        assert mass == pytest.approx(16.0, rel=1e-14)
    # T-handle: the stem stands on the bar, also with stem_width = bar_length (coplanar sides)
    for s in (0.15, 1.0):
        mass, _, _ = ri.mesh(*ri.t_handle_mesh(1.0, 0.15, 0.5, s))
        assert mass == pytest.approx(1.0 * 0.15 * 0.15 + s * s * 0.5, rel=1e-14)
    # a solid box in the cavity of a hollow box: 8 − 1 + 0.125
    outer, hole, core = ri.box_mesh(2, 2, 2), ri.box_mesh(1, 1, 1), ri.box_mesh(0.5, 0.5, 0.5)
    verts = np.concatenate([outer[0], hole[0], core[0]])
    faces = np.concatenate([outer[1], hole[1][:, ::-1] + 8, core[1] + 16])
    mass, com, I = ri.mesh(verts, faces)
    assert mass == pytest.approx(7.125, rel=1e-14)
    np.testing.assert_allclose(I, ri.box(8, 2, 2, 2) - ri.box(1, 1, 1, 1) + ri.box(0.125, .5, .5, .5), rtol=1e-13)


def test_principal_axes_stable_under_rounding_of_repeated_moments():
    """500 rounding-level rebuilds R (c 1) Rᵀ of a spherical tensor (and of a symmetric top) give one O."""
    rng = np.random.default_rng(14)
    sphere = ri.solid_sphere(2.0, 0.7)
    for _ in range(500):
        R = rq.to_matrix(rng.normal(size=4))
        w, O = ri.principal_axes(R @ sphere @ R.T)
        np.testing.assert_array_equal(O, np.eye(3))
        np.testing.assert_allclose(w, np.diag(sphere), rtol=1e-14)
    # a diagonal tensor whose repeated moment is off by one ulp in either direction
    base = np.diag([1.0, 1.0, 2.0])
    O_ref = ri.principal_axes(base)[1]
    for k in (0, 1):
        for direction in (np.inf, -np.inf):
            I = base.copy()
            I[k, k] = np.nextafter(1.0, direction)
            np.testing.assert_array_equal(ri.principal_axes(I)[1], O_ref)
    # a rotated symmetric top: rounding-level changes move O by rounding only
    R = rq.to_matrix([0.3, -0.2, 0.9, 0.1])
    top = R @ np.diag([1.0, 1.0, 2.0]) @ R.T
    O_top = ri.principal_axes(top)[1]
    for _ in range(200):
        noise = 1e-16 * rng.normal(size=(3, 3))
        np.testing.assert_allclose(ri.principal_axes(top + noise + noise.T)[1], O_top, atol=1e-12)


def test_principal_axes_vectorised_for_symmetric_bodies():
    """1e5 rotated symmetric tops in one call (formerly a Python loop), the same as one by one
    (how fast: benchmarks/, never a timed assertion here)."""
    rng = np.random.default_rng(3)
    R = rq.to_matrix(rng.normal(size=(100_000, 4)))
    tops = R @ np.diag([1.0, 1.0, 2.0]) @ np.swapaxes(R, -1, -2)
    w, O = ri.principal_axes(tops)
    for k in (0, 17, 99_999):
        wk, Ok = ri.principal_axes(tops[k])
        np.testing.assert_array_equal(O[k], Ok)
    np.testing.assert_allclose(O @ (w[:, :, None] * np.swapaxes(O, -1, -2)), tops, atol=1e-13)
    np.testing.assert_allclose(np.linalg.det(O), 1.0, atol=1e-13)


@pytest.mark.parametrize("bad, why", [(np.diag([-1.0, 2.0, 2.0]), "negative"),
                                      (np.array([[1.0, 0.5, 0], [0.0, 1, 0], [0, 0, 1]]), "symmetric"),
                                      (np.diag([1.0, 1.0, 3.0]), "triangle")])
def test_tensor_functions_refuse_unphysical_tensors(bad, why):
    with pytest.raises(ValueError, match=f"^inertia_com .*{why}"):
        ri.parallel_axis(bad, 1.0, [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=f"^inertia_origin .*{why}"):
        ri.to_center_of_mass(bad, 1.0, [1.0, 0.0, 0.0])
    with pytest.raises(ValueError, match=f"^inertia .*{why}"):
        ri.rotate(bad, np.eye(3))


def test_to_center_of_mass_refuses_an_unphysical_result():
    I_com = ri.box(2.0, 1.0, 0.6, 0.4)
    d = np.array([0.5, 0.3, 0.2])
    # subtracting the shift from the tensor about the centre (twice away from the corner)
    with pytest.raises(ValueError, match="^inertia_origin, mass and com do not fit together.*negative"):
        ri.to_center_of_mass(I_com, 2.0, d)
    # the right use inverts parallel_axis, also for a point mass (I_com = 0) and a rod
    np.testing.assert_allclose(ri.to_center_of_mass(ri.parallel_axis(I_com, 2.0, d), 2.0, d), I_com, atol=1e-15)
    np.testing.assert_array_equal(ri.to_center_of_mass(ri.parallel_axis(np.zeros((3, 3)), 2.0, d), 2.0, d),
                                  np.zeros((3, 3)))
    rod = ri.rod(1.0, 2.0)
    np.testing.assert_allclose(ri.to_center_of_mass(ri.parallel_axis(rod, 3.0, d), 3.0, d), rod, atol=1e-15)


def test_point_masses_needs_at_least_one_mass():
    with pytest.raises(ValueError, match="^masses must hold at least one mass"):
        ri.point_masses([], np.zeros((0, 3)))


def test_primitives_refuse_results_that_overflow_or_underflow_but_not_intermediates():
    with pytest.raises(ValueError, match="^mass, a, b or c too large"):
        ri.box(1.0, 1e200, 1.0, 1.0)
    with pytest.raises(ValueError, match="^mass, r or h too small"):
        ri.solid_cylinder(1.0, 1e-200, 1e-200)
    # m a² is representable although a² is not: computed scaled
    np.testing.assert_allclose(np.diag(ri.box(1e-200, 1e200, 1.0, 1.0)),
                               [1e-200 / 6, 1e200 / 12, 1e200 / 12], rtol=1e-14)
    np.testing.assert_allclose(np.diag(ri.solid_sphere(1e250, 1e-150)), [0.4e-50] * 3, rtol=1e-14)


def test_validate_checks_its_own_arguments():
    with pytest.raises(ValueError, match="^name must be a non-empty string"):
        ri.validate(np.eye(3), name=3)
    with pytest.raises(ValueError, match="^allow_zero must be True or False"):
        ri.validate(np.eye(3), allow_zero="no")
    # a batch names the first bad tensor
    batch = np.broadcast_to(np.eye(3), (4, 3, 3)).copy()
    batch[2] = np.diag([1.0, 1.0, 3.0])
    with pytest.raises(ValueError, match=r"triangle inequality .* at inertia\[2\]"):
        ri.validate(batch)
