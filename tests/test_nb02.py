"""Notebook 02 (principal axes): explorer and exercise checks."""

from __future__ import annotations

import numpy as np
import pytest

import matplotlib

matplotlib.use("Agg")

from rbteach import inertia, quaternion, rotation  # noqa: E402
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


def test_summary_depends_on_main_control_and_matches_compute():
    s0 = nb02.summary(**nb02.DEFAULTS)
    s1 = nb02.summary(**{**nb02.DEFAULTS, "angle": 75.0})
    assert s0 != s1
    c = nb02.compute(**nb02.DEFAULTS)
    assert f"{c['inertia_world'][0, 1]:.3f}" in s0
    assert ", ".join(f"{m:.3f}" for m in c["moments"]) in s0
    assert "-0.000" not in nb02.summary(angle=0.0, tilt=0.0)



def test_the_main_control_is_the_angle():
    assert list(nb02.controls())[0] == "angle"


@pytest.mark.parametrize("bad", [np.nan, "ten", [1.0, 2.0]])
def test_bad_input_raises_value_error_naming_the_argument(bad):
    with pytest.raises(ValueError, match="angle"):
        nb02.compute(angle=bad)
    with pytest.raises(ValueError, match="tilt"):
        nb02.summary(tilt=bad)


# --- exercises -------------------------------------------------------------------------------

def test_ex1_principal_moments():
    right, _ = inertia.principal_axes(ex.EX1_INERTIA)
    assert ex.check_principal_moments(right)
    assert "correct" in ex.check_principal_moments(right)
    assert "no answer yet" in ex.check_principal_moments(None)
    assert not ex.check_principal_moments(None)
    wrong = ex.check_principal_moments(np.diag(ex.EX1_INERTIA))
    assert not wrong and "diagonal entries" in wrong
    unsorted = ex.check_principal_moments(right[::-1])
    assert not unsorted and "ascending" in unsorted
    assert not ex.check_principal_moments(right + 0.1)


def test_ex2_symmetry_axis_either_sign():
    world = ex.ex2_inertia_world()
    m, O = inertia.principal_axes(world)
    # The distinct moment of a long cylinder is the smallest one: axis 1.
    assert m[1] == pytest.approx(m[2])
    axis = O[:, 0]
    assert ex.check_symmetry_axis(axis)
    assert ex.check_symmetry_axis(-axis)
    assert "no answer yet" in ex.check_symmetry_axis(None)
    local_z = ex.check_symmetry_axis([0.0, 0.0, 1.0])
    assert not local_z and "local z" in local_z
    mirrored = ex.check_symmetry_axis(axis * np.array([1.0, -1.0, 1.0]))
    assert not mirrored and "wrong way" in mirrored
    transverse = ex.check_symmetry_axis(O[:, 1])
    assert not transverse and "transverse" in transverse
    scaled = ex.check_symmetry_axis(3.0 * axis)
    assert not scaled and "unit vector" in scaled


def test_ex3_proper_rotation():
    V = ex.EX3_V
    # EX3_V is an eigenvector matrix of EX3_INERTIA with det −1 (what an eigen-solver may return).
    np.testing.assert_allclose(V.T @ ex.EX3_INERTIA @ V, np.diag(ex.EX3_MOMENTS), atol=1e-12)
    assert np.linalg.det(V) == pytest.approx(-1.0)
    fixed = V.copy()
    fixed[:, 0] *= -1.0
    assert ex.check_proper_rotation(fixed)
    assert ex.check_proper_rotation(-V)            # three flips: det +1 as well
    m, O = inertia.principal_axes(ex.EX3_INERTIA)
    np.testing.assert_allclose(m, ex.EX3_MOMENTS, atol=1e-12)
    assert ex.check_proper_rotation(O)
    assert "no answer yet" in ex.check_proper_rotation(None)
    same = ex.check_proper_rotation(V)
    assert not same and "reflection" in same
    swapped = fixed[:, [1, 0, 2]].copy()
    swapped[:, 2] *= -1.0                          # a rotation, but the moments come out 3, 2, 5
    order = ex.check_proper_rotation(swapped)
    assert not order and "order" in order
    assert not ex.check_proper_rotation(np.eye(3))
    assert not ex.check_proper_rotation(np.eye(2))
