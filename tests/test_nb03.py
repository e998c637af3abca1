"""Notebook 03 (frames): explorer and exercise checks."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

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
    longest = nb03.summary(yaw=-175.0, pitch=-85.0, roll=-175.0, wx=-2.0, wy=-2.0, wz=-2.0)
    assert len(longest) <= 100
    t = nb03.table(**nb03.DEFAULTS)
    lines = t.splitlines()
    assert len(lines) == 5
    assert [ln.split("|")[0].strip() for ln in lines[2:]] == list(nb03.FRAMES)
    assert f"{np.linalg.norm(c['L']['world']):.3f}" in lines[4]


def test_controls_in_reading_order_with_labels_not_cut():
    ctrls = nb03.controls()
    assert list(ctrls) == ["yaw", "pitch", "roll", "wx", "wy", "wz"]
    assert all(c.style.description_width == "initial" for c in ctrls.values())


@pytest.mark.parametrize("w", [(0.3, -1.2, 0.8), (2.0, 2.0, 2.0), (-2.0, 2.0, -2.0), (0.0, 0.0, 0.0)])
def test_arrows_stay_inside_the_view(w):
    params = {**PARAMS, "wx": w[0], "wy": w[1], "wz": w[2]}
    c = nb03.compute(**params)
    k = nb03.arrow_scale(c["omega"]["world"], c["L"]["world"])
    assert 0.0 < k <= 1.0
    for v in (c["omega"]["world"], c["L"]["world"]):
        assert k * np.linalg.norm(v) <= nb03.ARROW_MAX + 1e-12 < nb03.VIEW_RADIUS
    if max(np.linalg.norm(c["omega"]["world"]), np.linalg.norm(c["L"]["world"])) <= nb03.ARROW_MAX:
        assert k == 1.0                                          # short arrows are drawn at their length
    fig = nb03.draw(**params)
    title = fig.axes[0].get_title()
    assert ("× " in title) == (k < 1.0)                        # the figure says when it shrinks them
    assert fig.axes[0].get_xlim() == pytest.approx((-nb03.VIEW_RADIUS, nb03.VIEW_RADIUS))
    import matplotlib.pyplot as plt

    plt.close(fig)


@pytest.mark.parametrize("bad", [[1.0, 2.0], [np.nan, 0.0, 0.0], "up"])
def test_arrow_scale_refuses_bad_vectors_naming_them(bad):
    with pytest.raises(ValueError, match="omega_world"):
        nb03.arrow_scale(bad, [0.0, 0.0, 1.0])
    with pytest.raises(ValueError, match="L_world"):
        nb03.arrow_scale([0.0, 0.0, 1.0], bad)


def test_the_main_control_is_the_yaw():
    assert list(nb03.controls())[0] == "yaw"


@pytest.mark.parametrize("name", ["yaw", "pitch", "roll", "wx", "wy", "wz"])
def test_bad_input_raises_value_error_naming_the_argument(name):
    with pytest.raises(ValueError, match=name):
        nb03.compute(**{name: np.inf})


# --- exercises -------------------------------------------------------------------------------

def _R():
    return rotation.euler_zyx_to_matrix(*np.radians(ex.EX_ATTITUDE_DEG))


def test_the_attitude_is_generic():
    R = _R()
    assert np.all(np.abs(R) > 0.05)                               # not a turn about one coordinate axis
    assert all(a % 90.0 != 0.0 for a in ex.EX_ATTITUDE_DEG)
    # R I Rᵀ and Rᵀ I R differ clearly (they agree when R² commutes with I, e.g. 90° about an axis)
    assert np.abs(R @ ex.EX_INERTIA @ R.T - R.T @ ex.EX_INERTIA @ R).max() > 0.3


def test_ex1_L_world():
    R = _R()
    right = R @ ex.EX_INERTIA @ ex.EX1_OMEGA_BODY                # L_world = R L_body
    np.testing.assert_allclose(ex.check_L_world.expected, right, atol=1e-12)
    assert ex.check_L_world(right)
    assert ex.check_L_world(np.round(right, 4).tolist())
    assert ex.check_L_world(sp.Matrix(np.round(right, 4).tolist()))          # a 3×1 SymPy column
    assert "no answer yet" in ex.check_L_world(None)
    body = ex.check_L_world(ex.EX_INERTIA @ ex.EX1_OMEGA_BODY)
    assert not body and "body frame" in body
    transposed = ex.check_L_world(R.T @ ex.EX_INERTIA @ ex.EX1_OMEGA_BODY)
    assert not transposed and "Rᵀ" in transposed
    mixed = ex.check_L_world(ex.EX_INERTIA @ R @ ex.EX1_OMEGA_BODY)
    assert not mixed and "I_world" in mixed
    w_world = R @ ex.EX1_OMEGA_BODY
    pit = ex.check_L_world(R.T @ ex.EX_INERTIA @ R @ w_world)
    assert not pit and "transpose pitfall" in pit
    no_t = ex.check_L_world(R @ ex.EX_INERTIA @ R @ w_world)
    assert not no_t and "without a transpose" in no_t
    frames = ex.check_L_world(R @ ex.EX_INERTIA @ R.T @ ex.EX1_OMEGA_BODY)
    assert not frames and "ω_body" in frames
    assert not ex.check_L_world(right * 1.03)


def test_ex2_omega_world():
    R = _R()
    Iinv = np.linalg.inv(ex.EX_INERTIA)
    right = R @ Iinv @ R.T @ ex.EX2_L_WORLD
    np.testing.assert_allclose(right, np.linalg.solve(R @ ex.EX_INERTIA @ R.T, ex.EX2_L_WORLD), atol=1e-12)
    assert ex.check_omega_world(right)
    assert ex.check_omega_world(np.round(right, 4).tolist())                   # typed as printed
    assert ex.check_omega_world(tuple(float(f"{x:.4g}") for x in right))      # 4 significant digits
    assert "no answer yet" in ex.check_omega_world(None)
    pit = ex.check_omega_world(R.T @ Iinv @ R @ ex.EX2_L_WORLD)
    assert not pit and "transpose" in pit
    body = ex.check_omega_world(Iinv @ ex.EX2_L_WORLD)
    assert not body and "R I⁻¹ Rᵀ" in body
    w_body = ex.check_omega_world(Iinv @ R.T @ ex.EX2_L_WORLD)
    assert not w_body and "body frame" in w_body
    fb = ex.check_omega_world(right[:2])
    assert not fb and "give three numbers" in fb
