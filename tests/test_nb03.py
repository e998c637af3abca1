"""Notebook 03 (frames): explorer and exercise checks."""

from __future__ import annotations

import numpy as np
import pytest

import matplotlib

matplotlib.use("Agg")

from rbteach import inertia, quaternion, rotation  # noqa: E402
from rbteach.explorers import nb03  # noqa: E402
from rbteach.exercises import nb03 as ex  # noqa: E402

PARAMS = {"yaw": -70.0, "pitch": 35.0, "roll": 120.0, "wx": 0.3, "wy": -1.2, "wz": 0.8}


def test_body_tensor_is_not_diagonal_and_has_the_box_moments():
    I = nb03.body_inertia()
    assert abs(I[0, 1]) > 0.1
    m, O = inertia.principal_axes(I)
    np.testing.assert_allclose(m, np.sort(np.diag(inertia.box(nb03.MASS, *nb03.EDGES))), rtol=1e-12)


def test_compute_equals_rbteach():
    c = nb03.compute(**PARAMS)
    R = rotation.euler_zyx_to_matrix(*np.radians([PARAMS["yaw"], PARAMS["pitch"], PARAMS["roll"]]))
    w_body = np.array([PARAMS["wx"], PARAMS["wy"], PARAMS["wz"]])
    I = nb03.body_inertia()
    np.testing.assert_allclose(c["R"], R)
    np.testing.assert_allclose(quaternion.to_matrix(c["q_r"]), R, atol=1e-12)
    np.testing.assert_allclose(c["inertia_world"], inertia.rotate(I, R))
    np.testing.assert_allclose(c["omega"]["body"], w_body)
    np.testing.assert_allclose(c["omega"]["world"], R @ w_body, atol=1e-12)
    np.testing.assert_allclose(c["L"]["body"], I @ w_body, atol=1e-12)
    np.testing.assert_allclose(c["L"]["world"], R @ I @ w_body, atol=1e-12)
    m, O = inertia.principal_axes(I)
    np.testing.assert_allclose(quaternion.to_matrix(c["q_o"]), O, atol=1e-12)
    np.testing.assert_allclose(c["omega"]["principal"], O.T @ w_body, atol=1e-12)


def test_one_vector_in_three_frames():
    c = nb03.compute(**PARAMS)
    R, O = c["R"], c["O"]
    L = c["L"]
    np.testing.assert_allclose(L["body"], O @ L["principal"], atol=1e-12)     # L_body = O L_I
    np.testing.assert_allclose(L["world"], R @ L["body"], atol=1e-12)         # L_world = R L_body
    norms = [np.linalg.norm(L[f]) for f in nb03.FRAMES]
    np.testing.assert_allclose(norms, norms[0], rtol=1e-12)
    # The transpose pitfall gives another direction.
    wrong = R.T @ c["inertia_body"] @ R @ c["omega"]["world"]
    assert np.linalg.norm(wrong - L["world"]) > 0.1


def test_summary_and_table():
    s0 = nb03.summary(**nb03.DEFAULTS)
    s1 = nb03.summary(**{**nb03.DEFAULTS, "yaw": 100.0})
    assert s0 != s1
    c = nb03.compute(**nb03.DEFAULTS)
    assert ", ".join(f"{x:.3f}" for x in c["L"]["world"]) in s0
    assert s0.count("\n") == 0
    t = nb03.table(**nb03.DEFAULTS)
    lines = t.splitlines()
    assert len(lines) == 5
    assert [ln.split("|")[0].strip() for ln in lines[2:]] == list(nb03.FRAMES)
    assert f"{np.linalg.norm(c['L']['world']):.3f}" in lines[4]



def test_the_main_control_is_the_yaw():
    assert list(nb03.controls())[0] == "yaw"


@pytest.mark.parametrize("name", ["yaw", "pitch", "roll", "wx", "wy", "wz"])
def test_bad_input_raises_value_error_naming_the_argument(name):
    with pytest.raises(ValueError, match=name):
        nb03.compute(**{name: np.inf})


# --- exercises -------------------------------------------------------------------------------

def test_ex1_L_world():
    R = rotation.euler_zyx_to_matrix(np.radians(ex.EX1_YAW_DEG), 0.0, 0.0)
    right = R @ ex.EX_INERTIA @ ex.EX1_OMEGA_BODY
    np.testing.assert_allclose(right, [-2.0, 1.0, 0.0], atol=1e-12)
    assert ex.check_L_world(right)
    assert "no answer yet" in ex.check_L_world(None)
    body = ex.check_L_world(ex.EX_INERTIA @ ex.EX1_OMEGA_BODY)
    assert not body and "body frame" in body
    transposed = ex.check_L_world(R.T @ ex.EX_INERTIA @ ex.EX1_OMEGA_BODY)
    assert not transposed and "Rᵀ" in transposed
    mixed = ex.check_L_world(ex.EX_INERTIA @ R @ ex.EX1_OMEGA_BODY)
    assert not mixed and "I_world" in mixed


def test_ex2_omega_world():
    R = rotation.euler_zyx_to_matrix(np.radians(ex.EX2_YAW_DEG), 0.0, 0.0)
    Iinv = np.linalg.inv(ex.EX_INERTIA)
    right = R @ Iinv @ R.T @ ex.EX2_L_WORLD
    assert ex.check_omega_world(right)
    assert "no answer yet" in ex.check_omega_world(None)
    pit = ex.check_omega_world(R.T @ Iinv @ R @ ex.EX2_L_WORLD)
    assert not pit and "transpose" in pit
    body = ex.check_omega_world(Iinv @ ex.EX2_L_WORLD)
    assert not body and "R I⁻¹ Rᵀ" in body
    assert not ex.check_omega_world(right[:2])
