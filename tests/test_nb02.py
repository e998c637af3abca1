"""Notebook 02 (principal axes): explorer and exercise checks."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

import matplotlib

matplotlib.use("Agg")

from rbteach import inertia, quaternion, rotation  # noqa: E402
from rbteach.plotting import PALETTE  # noqa: E402
from rbteach.explorers import nb02  # noqa: E402
from rbteach.exercises import nb02 as ex  # noqa: E402


def test_compute_equals_rbteach():
    c = nb02.compute(angle=40.0, tilt=-15.0)
    R = rotation.euler_zyx_to_matrix(np.radians(40.0), 0.0, np.radians(-15.0))
    local = inertia.box(nb02.MASS, *nb02.EDGES)
    world = inertia.rotate(local, R)
    np.testing.assert_allclose(c["R"], R)
    np.testing.assert_allclose(c["inertia_world"], world)
    m, O = inertia.principal_axes(world)
    np.testing.assert_allclose(c["moments"], m)
    np.testing.assert_allclose(c["O"], O)
    np.testing.assert_allclose(c["entries"], [world[0, 0], world[1, 1], world[2, 2],
                                              world[0, 1], world[0, 2], world[1, 2]])


@pytest.mark.parametrize("angle, tilt", [(0.0, 0.0), (30.0, 20.0), (-135.0, 75.0)])
def test_rotation_keeps_the_invariants(angle, tilt):
    c = nb02.compute(angle=angle, tilt=tilt)
    local = inertia.box(nb02.MASS, *nb02.EDGES)
    np.testing.assert_allclose(c["moments"], np.sort(np.diag(local)), rtol=1e-12)
    assert c["trace"] == pytest.approx(np.trace(local), rel=1e-12)
    assert c["det"] == pytest.approx(np.linalg.det(local), rel=1e-10)
    # The principal axes diagonalise the world tensor and are a proper rotation (so q_o exists).
    O = c["O"]
    np.testing.assert_allclose(O.T @ c["inertia_world"] @ O, np.diag(c["moments"]), atol=1e-12)
    assert np.linalg.det(O) == pytest.approx(1.0)
    quaternion.from_matrix(O)


def test_products_of_inertia_change_with_the_angle():
    a = nb02.compute(angle=0.0, tilt=0.0)["entries"][3:]
    b = nb02.compute(angle=30.0, tilt=20.0)["entries"][3:]
    np.testing.assert_allclose(a, 0.0, atol=1e-12)
    assert np.max(np.abs(b)) > 0.05


def test_drawn_axes_are_the_principal_axes_with_signs_that_follow_the_box():
    for angle, tilt in [(30.0, 20.0), (45.0, 0.0), (-135.0, 75.0), (170.0, -90.0)]:
        c = nb02.compute(angle=angle, tilt=tilt)
        A, O = c["axes"], c["O"]
        np.testing.assert_allclose(np.abs(np.sum(A * O, axis=0)), 1.0, atol=1e-12)   # each column ±O's
        assert np.linalg.det(A) == pytest.approx(1.0)
        # the box's edges are its principal axes: the followed axes are R's columns themselves
        np.testing.assert_allclose(A, c["R"], atol=1e-9)


def test_axes_turn_continuously_along_the_slider_where_the_sign_rule_jumps():
    angles = np.arange(-180.0, 180.1, 2.5)
    jumps_rule, jumps_drawn = 0, 0
    for tilt in (0.0, 20.0, -65.0):
        prev_O = prev_A = None
        for a in angles:
            c = nb02.compute(angle=a, tilt=tilt)
            if prev_O is not None:
                jumps_rule += int(np.min(np.sum(c["O"] * prev_O, axis=0)) < 0)
                jumps_drawn += int(np.min(np.sum(c["axes"] * prev_A, axis=0)) < 0.99)
            prev_O, prev_A = c["O"], c["axes"]
    assert jumps_rule > 0            # principal_axes' sign rule flips arrows by 180° (at ±45°, ±135°)
    assert jumps_drawn == 0          # the drawn arrows never do


def test_summary_depends_on_main_control_and_matches_compute():
    s0 = nb02.summary(**nb02.DEFAULTS)
    s1 = nb02.summary(**{**nb02.DEFAULTS, "angle": 75.0})
    assert s0 != s1
    c = nb02.compute(**nb02.DEFAULTS)
    assert f"{c['inertia_world'][0, 1]:.3f}" in s0
    assert ", ".join(f"{m:.3f}" for m in c["moments"]) in s0
    assert "-0.000" not in nb02.summary(angle=0.0, tilt=0.0)
    assert all(len(line) <= 100 for line in nb02.summary(angle=-135.0, tilt=-85.0).split("\n"))


def test_the_main_control_is_the_angle_and_labels_are_not_cut():
    ctrls = nb02.controls()
    assert list(ctrls) == ["angle", "tilt"]
    assert all(c.style.description_width == "initial" for c in ctrls.values())
    # a fine grid: a drag of the live explorer passes through many values (smooth motion)
    assert all((c.max - c.min) / c.step >= 180 for c in ctrls.values())


def test_figure_keeps_the_box_and_arrows_inside_the_view():
    import matplotlib.pyplot as plt

    r = nb02.VIEW_RADIUS
    assert np.linalg.norm(0.5 * np.array(nb02.EDGES)) <= r      # the box's corners fit at any attitude
    assert 1.1 * nb02.ARROW_LENGTH <= r                          # the arrows and their labels too
    fig = nb02.draw(angle=-135.0, tilt=90.0)
    ax = fig.axes[0]
    for lim in (ax.get_xlim(), ax.get_ylim(), ax.get_zlim()):
        assert lim == pytest.approx((-r, r))
    plt.close(fig)


@pytest.mark.parametrize("bad", [np.nan, "ten", [1.0, 2.0]])
def test_bad_input_raises_value_error_naming_the_argument(bad):
    with pytest.raises(ValueError, match="angle"):
        nb02.compute(angle=bad)
    with pytest.raises(ValueError, match="tilt"):
        nb02.summary(tilt=bad)


# --- the live explorer -----------------------------------------------------------------------

def _bar_heights(bars):
    """The bar heights of the live bar panel, left to right (each bar a segment 0 → height)."""
    segs = [(x, y) for s in bars["series"] if s["x"].size > 2 for x, y in zip(s["x"][1::3], s["y"][1::3])]
    return np.array([y for _, y in sorted(segs)])


def test_scene_shows_what_compute_computes():
    values = {"angle": 65.0, "tilt": -35.0}
    c = nb02.compute(**values)
    space, bars = nb02.scene(**values)["panels"]
    assert space["kind"] == "3d" and bars["kind"] == "xy"
    labelled = {line["label"]: line["p"] for line in space["lines"] if line["label"]}
    for i, name in enumerate("123"):                          # the principal axes, signs following the box
        np.testing.assert_array_equal(labelled[name][:2], [np.zeros(3), nb02.ARROW_LENGTH * c["axes"][:, i]])
        np.testing.assert_array_equal(labelled[name][-1], nb02.ARROW_LENGTH * c["axes"][:, i])
    np.testing.assert_array_equal(_bar_heights(bars), np.concatenate([c["entries"], c["moments"]]))
    # the box: its 8 corners are R times the local corners, each edge one of the box's edge lengths
    box = next(line["p"] for line in space["lines"] if line["color"] == "#4d4d4d")
    corners = np.unique(np.round(box[np.isfinite(box).all(axis=1)], 12), axis=0)
    local = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]) * 0.5 * np.array(nb02.EDGES)
    np.testing.assert_allclose(np.sort(corners @ c["R"], axis=0), np.sort(local, axis=0), atol=1e-12)
    # the ellipsoid: every point x on it has xᵀ I x the same (a level set of the world tensor)
    wire = next(line["p"] for line in space["lines"] if line["color"] == PALETTE["orange"])
    pts = wire[np.isfinite(wire).all(axis=1)]
    level = np.einsum("ij,jk,ik->i", pts, c["inertia_world"], pts)
    np.testing.assert_allclose(level, level[0], rtol=1e-9)
    assert space["title"] == "box turned: angle 65°, tilt -35°; principal axes 1, 2, 3"


def test_scene_limits_are_fixed_and_hold_every_attitude():
    box_ylim = None
    for angle, tilt in [(0.0, 0.0), (30.0, 20.0), (-180.0, 90.0), (45.0, -90.0), (135.0, 55.0)]:
        space, bars = nb02.scene(angle=angle, tilt=tilt)["panels"]
        assert box_ylim in (None, bars["ylim"]) and space["radius"] == nb02.VIEW_RADIUS
        box_ylim = bars["ylim"]
        heights = _bar_heights(bars)
        assert np.all((heights > box_ylim[0]) & (heights < box_ylim[1]))
        for line in space["lines"]:
            p = line["p"][np.isfinite(line["p"]).all(axis=1)]
            reach = 1.08 * np.linalg.norm(p[-1]) if line["label"] else 0.0     # the page's label position
            assert max(np.linalg.norm(p, axis=1).max(), reach) <= nb02.VIEW_RADIUS
    # the unturned box has no products of inertia: zero bars, not bars of rounding noise
    heights = _bar_heights(nb02.scene(angle=0.0, tilt=0.0)["panels"][1])
    assert np.count_nonzero(heights[3:6]) == 0 and np.all(heights[[0, 1, 2, 6, 7, 8]] > 0.4)


def test_a_frame_computes_once(monkeypatch):
    calls = []
    real = inertia.principal_axes
    monkeypatch.setattr(inertia, "principal_axes", lambda *a, **k: calls.append(1) or real(*a, **k))
    values = {"angle": -70.0, "tilt": 35.0}
    nb02._turned.cache_clear()
    nb02.summary(**values)
    nb02.scene(**values)
    assert len(calls) == 2                                    # world and local tensor, once per frame
    with pytest.raises(ValueError, match="read-only"):
        nb02.compute(**values)["inertia_world"][0, 0] = 1.0


def test_scene_refuses_bad_values_naming_them():
    with pytest.raises(ValueError, match="angle"):
        nb02.scene(angle=np.inf)


# --- exercises -------------------------------------------------------------------------------

def test_ex1_principal_moments_in_any_order():
    right = np.linalg.eigvalsh(ex.EX1_INERTIA)
    np.testing.assert_allclose(ex.check_principal_moments.expected, right, rtol=1e-12)
    assert ex.check_principal_moments(right)
    assert "correct" in ex.check_principal_moments(np.round(right, 4).tolist())
    assert ex.check_principal_moments(right[::-1])                   # the order is free
    assert ex.check_principal_moments(sp.Matrix(np.round(right[[1, 2, 0]], 4).tolist()))
    assert "no answer yet" in ex.check_principal_moments(None)
    wrong = ex.check_principal_moments(np.diag(ex.EX1_INERTIA)[::-1])
    assert not wrong and "diagonal entries" in wrong
    mean, C = 0.5 * (ex.EX1_INERTIA[0, 0] + ex.EX1_INERTIA[1, 1]), -ex.EX1_INERTIA[0, 1]
    split = ex.check_principal_moments([mean + C, ex.EX1_INERTIA[2, 2], mean - C])
    assert not split and "√" in split
    assert not ex.check_principal_moments(right * 1.03)
    assert "give three numbers" in ex.check_principal_moments([1.0, 2.0])


def test_ex2_data_are_generic_and_the_axis_is_R_e_z():
    R = rotation.euler_zyx_to_matrix(*np.radians(ex.EX2_ATTITUDE_DEG))
    assert np.all(np.abs(R) > 0.05)                                   # no turn about a coordinate axis
    world = ex.ex2_inertia_world()
    m, O = inertia.principal_axes(world)
    assert m[1] == pytest.approx(m[2]) and m[0] < m[1]               # a long cylinder: axis 1 is distinct
    assert abs(O[:, 0] @ R[:, 2]) == pytest.approx(1.0)
    np.testing.assert_allclose(ex.check_symmetry_axis.expected, R[:, 2], atol=1e-12)


def test_ex2_symmetry_axis_either_sign_and_the_typical_mistakes():
    R = ex.ex2_attitude()
    _, O = inertia.principal_axes(ex.ex2_inertia_world())
    axis = O[:, 0]
    assert ex.check_symmetry_axis(axis) and ex.check_symmetry_axis(-axis)
    assert ex.check_symmetry_axis(np.round(-axis, 4).tolist())        # typed as printed, other sign
    assert ex.check_symmetry_axis(sp.Matrix(np.round(axis, 4).tolist()))   # a 3×1 SymPy column
    assert "no answer yet" in ex.check_symmetry_axis(None)
    local_z = ex.check_symmetry_axis([0.0, 0.0, 1.0])
    assert not local_z and "local z" in local_z
    row = ex.check_symmetry_axis(R[2, :])
    assert not row and "row" in row
    degrees = ex.check_symmetry_axis(rotation.euler_zyx_to_matrix(*ex.EX2_ATTITUDE_DEG)[:, 2])
    assert not degrees and "radians" in degrees
    for transverse in (O[:, 1], O[:, 2], (O[:, 1] - 2.0 * O[:, 2]) / np.sqrt(5.0)):
        fb = ex.check_symmetry_axis(np.round(transverse, 4))
        assert not fb and "perpendicular" in fb
    scaled = ex.check_symmetry_axis(np.round(3.0 * axis, 4))
    assert not scaled and "length" in scaled and "unit vector" in scaled


def test_ex3_data_V_is_a_reflection_that_diagonalises_I():
    V = ex.EX3_V
    np.testing.assert_allclose(V.T @ V, np.eye(3), atol=1e-12)
    np.testing.assert_allclose(V.T @ ex.EX3_INERTIA @ V, np.diag(ex.EX3_MOMENTS), atol=1e-12)
    assert np.linalg.det(V) == pytest.approx(-1.0)
    inertia.validate(ex.EX3_INERTIA)
    assert np.min(np.abs(V)) > 0.05                                   # generic: no zero entries


def test_ex3a_every_proper_rotation_with_the_right_axes_and_column_3_kept_is_accepted():
    V = ex.EX3_V
    for signs in ([-1, 1, 1], [1, -1, 1]):
        O = V * np.array(signs, dtype=float)
        assert ex.check_proper_rotation(O), signs
        assert ex.check_proper_rotation(np.round(O, 4).tolist()), signs     # typed with 4 decimals
        assert ex.check_proper_rotation(sp.Matrix(np.round(O, 4).tolist())), signs
    # column 3 reversed: proper and right axes, but it is Exercise 3b's repair (review-00-03 E3)
    for signs in ([1, 1, -1], [-1, -1, -1]):
        fb = ex.check_proper_rotation(np.round(V * np.array(signs, dtype=float), 4))
        assert not fb and "column 3" in fb, signs
    repair = np.column_stack([V[:, 0], V[:, 1], np.cross(V[:, 0], V[:, 1])])
    np.testing.assert_allclose(repair, V * np.array([1.0, 1.0, -1.0]), atol=1e-12)
    assert not ex.check_proper_rotation(repair)
    m, O = inertia.principal_axes(ex.EX3_INERTIA)
    np.testing.assert_allclose(m, ex.EX3_MOMENTS, atol=1e-12)
    np.testing.assert_allclose(O, repair, atol=1e-12)                  # principal_axes gives 3b, not 3a


def test_ex3a_refuses_reflections_wrong_order_and_wrong_axes_in_plain_words():
    V = ex.EX3_V
    assert "no answer yet" in ex.check_proper_rotation(None)
    same = ex.check_proper_rotation(np.round(V, 4))
    assert not same and "reflection" in same
    two = ex.check_proper_rotation(V * np.array([-1.0, -1.0, 1.0]))
    assert not two and "det O = −1" in two
    swapped = V[:, [1, 0, 2]]                                          # det +1, moments come out 3, 2, 4
    order = ex.check_proper_rotation(swapped)
    assert np.linalg.det(swapped) > 0 and not order and "order" in order
    other = ex.check_proper_rotation(rotation.euler_zyx_to_matrix(0.3, 0.2, 0.1))
    assert not other and "eigenvectors" in other
    scaled = ex.check_proper_rotation(2.0 * V * np.array([1.0, 1.0, -1.0]))
    assert not scaled and "right angles" in scaled
    for bad in (np.eye(2), "O", [[1, 0, 0], [0, 1]], None):
        fb = ex.check_proper_rotation(bad)
        assert not fb and "shape" not in fb and fb.startswith("O:")


def test_ex3b_q_o_is_the_repair_of_principal_axes():
    V = ex.EX3_V
    O = np.column_stack([V[:, 0], V[:, 1], np.cross(V[:, 0], V[:, 1])])
    q = quaternion.from_matrix(O)
    assert ex.check_q_o(q) and ex.check_q_o(-np.round(q, 4))
    _, O_pa = inertia.principal_axes(ex.EX3_INERTIA)                   # principal_axes repairs it the same way
    assert ex.check_q_o(quaternion.from_matrix(O_pa))
    conj = ex.check_q_o(quaternion.conjugate(q))
    assert not conj and "conjugate" in conj
    xyzw = ex.check_q_o(quaternion.to_xyzw(q))
    assert not xyzw and "scalar first" in xyzw
    flipped = ex.check_q_o(quaternion.from_matrix(V * np.array([-1.0, 1.0, 1.0])))
    assert not flipped and "column 1" in flipped


# ---- section 6: principal axes from symmetry --------------------------------------------------------

from rbteach import symbolic  # noqa: E402

_I = sp.symbols("I_xx I_yy I_zz I_xy I_xz I_yz", real=True)
_IGEN = sp.Matrix([[_I[0], _I[3], _I[4]], [_I[3], _I[1], _I[5]], [_I[4], _I[5], _I[2]]])


@pytest.mark.parametrize("n", [2, 3, 4, 6, 8])
def test_an_n_fold_axis_with_n_at_least_3_makes_a_symmetric_top(n):
    R = symbolic.Rz(2 * sp.pi / n)
    sol = sp.solve(list(R * _IGEN * R.T - _IGEN), [_I[3], _I[4], _I[5], _I[1]], dict=True)
    assert len(sol) == 1
    fixed = _IGEN.subs(sol[0])
    assert fixed[0, 2] == 0 and fixed[1, 2] == 0                      # z is principal for every n
    if n == 2:
        assert fixed[0, 1] == _I[3] and fixed[1, 1] == _I[1]          # a half turn leaves I_xy and I_yy free
    else:
        assert fixed == sp.diag(_I[0], _I[0], _I[2])                  # I_xx = I_yy, no products


def test_the_normal_of_a_mirror_plane_is_a_principal_axis():
    rng = np.random.default_rng(3)
    pts = rng.normal(size=(7, 3))
    n = np.array([0.3, -0.8, 0.5]) / np.linalg.norm([0.3, -0.8, 0.5])   # a generic mirror plane through 0
    mirrored = pts - 2 * np.outer(pts @ n, n)
    masses = np.tile(rng.uniform(0.5, 2.0, size=7), 2)
    _, com, I = inertia.point_masses(masses, np.vstack([pts, mirrored]))
    assert abs(com @ n) < 1e-12                                        # the centre of mass is in the plane
    np.testing.assert_allclose(I @ n, (n @ I @ n) * n, atol=1e-12)      # n is an eigenvector
    assert np.linalg.norm(I @ np.array([1.0, 0, 0]) - I[0, 0] * np.array([1.0, 0, 0])) > 0.1   # x is not


def test_a_turned_triangular_prism_is_a_symmetric_top():
    ang = np.radians(17.0) + np.radians([90.0, 210.0, 330.0])
    ring = 0.5 / np.sqrt(3) * np.stack([np.cos(ang), np.sin(ang), np.zeros(3)], axis=1)
    v = np.vstack([ring - [0, 0, 0.4], ring + [0, 0, 0.4]])
    f = np.array([[0, 2, 1], [3, 4, 5]] + sum(([[k, (k + 1) % 3, (k + 1) % 3 + 3], [k, (k + 1) % 3 + 3, k + 3]]
                                               for k in range(3)), []))
    _, _, I = inertia.mesh(v, f, mass=2.0)
    phi = np.linspace(0, 2 * np.pi, 13)
    I_perp = inertia.about_axis(I, np.stack([np.cos(phi), np.sin(phi), 0 * phi], axis=1))
    np.testing.assert_allclose(I_perp, 2.0 * 0.25 / 24 + 2.0 * 0.64 / 12, rtol=1e-12)
    m, O = inertia.principal_axes(I)
    assert m[1] - m[0] > 0.05 and abs(O[2, 0]) == pytest.approx(1.0)     # the distinct axis is z


@pytest.mark.parametrize("q", [[1.0, 0.0, 0.0, 0.0], [0.8, 0.3, -0.5, 0.2], [0.1, -0.7, 0.4, 0.6]])
def test_spherical_tops_every_axis_the_same_and_O_is_the_identity(q):
    R = quaternion.to_matrix(quaternion.normalize(q))
    corners = np.array([[1, 1, 1], [1, -1, -1], [-1, 1, -1], [-1, -1, 1]], dtype=float) * 0.3
    _, _, I_tet = inertia.mesh(corners @ R.T, np.array([[0, 1, 2], [0, 3, 1], [0, 2, 3], [1, 3, 2]]), mass=1.5)
    edge = 0.6 * np.sqrt(2)
    np.testing.assert_allclose(I_tet, 1.5 * edge**2 / 20 * np.eye(3), rtol=0, atol=1e-14)   # m a²/20
    cube = inertia.rotate(inertia.box(2.0, 1.0, 1.0, 1.0), R)
    for I in (I_tet, cube):
        dirs = np.random.default_rng(0).normal(size=(50, 3))
        assert np.ptp(inertia.about_axis(I, dirs)) < 1e-13
        assert np.array_equal(inertia.principal_axes(I)[1], np.eye(3))
    np.testing.assert_allclose(inertia.principal_axes(cube)[0], [1 / 3] * 3, rtol=1e-14)   # the explorer's cube
