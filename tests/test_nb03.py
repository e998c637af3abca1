"""Notebook 03 (frames): explorer and exercise checks."""

from __future__ import annotations

import numpy as np
import pytest
import sympy as sp

import matplotlib

matplotlib.use("Agg")

from rbteach import inertia, quaternion, rotation  # noqa: E402
from rbteach.plotting import PALETTE  # noqa: E402
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
    assert ", ".join(f"{x:.3f}" for x in c["L"]["world"]) in s0.split("\n")[0]
    assert s0.split("\n")[1] == ("|ω| = 1.225 rad/s, |L| = 0.846 kg m²/s, ∠(ω, L) = 29.4°: "
                                  "the same in every frame")
    assert s0.split("\n")[1] == s1.split("\n")[1]          # the attitude changes no length or angle
    longest = nb03.summary(yaw=-175.0, pitch=-85.0, roll=-175.0, wx=-2.0, wy=-2.0, wz=-2.0)
    assert all(len(line) <= 100 for line in longest.split("\n"))
    still = nb03.summary(**{**nb03.DEFAULTS, "wx": 0.0, "wy": 0.0, "wz": 0.0})
    assert still.split("\n")[1] == "ω = 0, so L = 0 in every frame" and "nan" not in still
    t = nb03.table(**nb03.DEFAULTS)
    lines = t.splitlines()
    assert len(lines) == 5
    assert [ln.split("|")[0].strip() for ln in lines[2:]] == list(nb03.FRAMES)
    assert f"{np.linalg.norm(c['L']['world']):.3f}" in lines[4]


def test_controls_in_reading_order_with_labels_not_cut():
    ctrls = nb03.controls()
    assert list(ctrls) == ["yaw", "pitch", "roll", "wx", "wy", "wz"]
    assert all(c.style.description_width == "initial" for c in ctrls.values())
    # a fine grid: a drag of the live explorer passes through many values (smooth motion)
    assert all((c.max - c.min) / c.step >= 80 for c in ctrls.values())


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


# --- the live explorer -----------------------------------------------------------------------

def _bars(panel):
    """{(x, colour): height} of the live bar panel (each bar a segment from 0 to its height)."""
    out = {}
    for s in panel["series"]:
        if s["x"].size > 2:
            for x, y0, y in zip(s["x"][0::3], s["y"][0::3], s["y"][1::3]):
                assert y0 == 0.0
                out[(round(float(x), 6), s["color"])] = float(y)
    return out


def test_scene_shows_what_compute_computes():
    values = {"yaw": -40.0, "pitch": 35.0, "roll": 70.0, "wx": -0.7, "wy": 1.3, "wz": 0.4}
    c = nb03.compute(**values)
    space, bars = nb03.scene(**values)["panels"]
    assert space["kind"] == "3d" and bars["kind"] == "xy"
    k = nb03.arrow_scale(c["omega"]["world"], c["L"]["world"])
    labelled = {line["label"]: line["p"] for line in space["lines"] if line["label"]}
    np.testing.assert_array_equal(labelled["ω_world"][:2], [np.zeros(3), k * c["omega"]["world"]])
    np.testing.assert_array_equal(labelled["L_world"][:2], [np.zeros(3), k * c["L"]["world"]])
    for i in range(3):
        np.testing.assert_array_equal(labelled["xyz"[i]][1], 0.75 * c["R"][:, i])     # body axes
        np.testing.assert_array_equal(labelled["XYZ"[i]][1], np.eye(3)[i])            # world axes
    # the box: its corners are R O times the local corners
    box = next(line["p"] for line in space["lines"] if line["color"] == "#4d4d4d")
    corners = np.unique(np.round(box[np.isfinite(box).all(axis=1)], 12), axis=0)
    local = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]) * 0.5 * np.array(nb03.EDGES)
    np.testing.assert_allclose(np.sort(corners @ (c["R"] @ c["O"]), axis=0), np.sort(local, axis=0), atol=1e-12)
    # the bars: one per frame (colour) for ω_x, ω_y, ω_z, |ω|, L_x, L_y, L_z, |L| (groups 1 … 8)
    heights = _bars(bars)
    assert len(heights) == 24
    for f, colour in zip(nb03.FRAMES, nb03.FRAME_COLORS):
        got = [h for (x, col), h in sorted(heights.items()) if col == PALETTE[colour]]
        w, L = c["omega"][f], c["L"][f]
        np.testing.assert_allclose(got, np.concatenate([w, [np.linalg.norm(w)], L, [np.linalg.norm(L)]]),
                                   rtol=0, atol=1e-12)
    assert np.linalg.norm(c["L"]["world"]) > np.linalg.norm(c["omega"]["world"]) > nb03.ARROW_MAX
    assert k == pytest.approx(nb03.ARROW_MAX / np.linalg.norm(c["L"]["world"]))   # the longer fits the view
    assert space["title"] == f"yaw -40°, pitch 35°, roll 70°; arrows × {k:.2f} to fit"


def test_dragging_the_attitude_moves_only_the_world_bars_and_keeps_the_scale():
    a = _bars(nb03.scene(**nb03.DEFAULTS)["panels"][1])
    moved = nb03.scene(**{**nb03.DEFAULTS, "yaw": 100.0, "pitch": -40.0})["panels"][1]
    b = _bars(moved)
    assert moved["ylim"] == nb03.scene(**nb03.DEFAULTS)["panels"][1]["ylim"]
    for (x, colour), h in a.items():
        if colour == PALETTE["reddish purple"] and round(x) % 4 != 0:     # world components
            continue
        assert b[(x, colour)] == pytest.approx(h, abs=1e-12), (x, colour)
    assert any(abs(b[key] - a[key]) > 0.1 for key in a if key[1] == PALETTE["reddish purple"])


@pytest.mark.parametrize("w", [(0.0, 0.0, 0.0), (2.0, -2.0, 2.0), (0.1, 0.0, 0.0)])
def test_scene_stays_in_its_limits_without_noise(w):
    values = {"yaw": 90.0, "pitch": 0.0, "roll": 0.0, "wx": w[0], "wy": w[1], "wz": w[2]}
    space, bars = nb03.scene(**values)["panels"]
    heights = np.array(list(_bars(bars).values()))
    assert np.all((heights >= bars["ylim"][0]) & (heights * 1.08 <= bars["ylim"][1] / nb03.LIVE_HEADROOM + 1e-12))
    assert np.all((heights == 0.0) | (np.abs(heights) > 1e-12))               # no bar of rounding noise
    for line in space["lines"]:
        p = line["p"][np.isfinite(line["p"]).all(axis=1)]
        reach = 1.08 * np.linalg.norm(p[-1]) if line["label"] else 0.0       # the page's label position
        assert max(np.linalg.norm(p, axis=1).max(), reach) <= nb03.VIEW_RADIUS
    labels = {line["label"] for line in space["lines"]}
    assert ("ω_world" in labels) == any(w)                                   # no arrow for ω = 0


def test_a_frame_computes_once(monkeypatch):
    calls = []
    real = inertia.principal_axes
    monkeypatch.setattr(inertia, "principal_axes", lambda *a, **k: calls.append(1) or real(*a, **k))
    values = {"yaw": 55.0, "pitch": -15.0, "roll": 25.0, "wx": 0.4, "wy": -0.9, "wz": 1.1}
    nb03._frames.cache_clear()
    nb03.summary(**values)
    nb03.scene(**values)
    assert len(calls) == 1
    with pytest.raises(ValueError, match="read-only"):
        nb03.compute(**values)["L"]["world"][0] = 1.0


def test_scene_refuses_bad_values_naming_them():
    with pytest.raises(ValueError, match="wz"):
        nb03.scene(wz=np.nan)


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


def test_ex3_omega_body_from_rates():
    """ω_body from ZYX angle rates, checked independently: [ω_body]× = Rᵀ Ṙ by central differences."""
    angles = np.radians(ex.EX3_ANGLES_DEG)
    h = 1e-6
    Rdot = (rotation.euler_to_matrix(angles + h * ex.EX3_RATES, "ZYX")
            - rotation.euler_to_matrix(angles - h * ex.EX3_RATES, "ZYX")) / (2 * h)
    W = rotation.euler_to_matrix(angles, "ZYX").T @ Rdot
    right = np.array([W[2, 1], W[0, 2], W[1, 0]])
    assert ex.check_omega_body_from_rates(right)
    assert ex.check_omega_body_from_rates([float(f"{x:.4g}") for x in right])
    assert "no answer yet" in ex.check_omega_body_from_rates(None)
    as_rates = ex.check_omega_body_from_rates(ex.EX3_RATES)
    assert not as_rates and "angle rates themselves" in as_rates
    world = ex.check_omega_body_from_rates(rotation.euler_to_matrix(angles, "ZYX") @ right)
    assert not world and "ω_world" in world
    extrinsic = ex.check_omega_body_from_rates(rotation.euler_rates_to_omega_body(angles, ex.EX3_RATES, "zyx"))
    assert not extrinsic and "extrinsic" in extrinsic
    # the data are generic: no angle is a multiple of 90° and the pitch is far from gimbal lock
    assert all(a % 90 for a in ex.EX3_ANGLES_DEG) and abs(ex.EX3_ANGLES_DEG[1]) < 60


def test_notebook_wahba_data_fix_the_attitude_without_noise():
    """Section 4's gravity + magnetic-field pair recovers any attitude exactly when there is no noise,
    and gravity alone is refused (the heading stays free)."""
    from scipy.spatial.transform import Rotation
    up = np.array([0.0, 0.0, 9.81])
    dip = np.radians(49.0)
    field = 46.0 * np.array([0.0, np.cos(dip), -np.sin(dip)])
    a = np.stack([up, field])
    q_true = quaternion.from_xyzw(Rotation.random(50, random_state=8).as_quat())
    b = quaternion.rotate(quaternion.conjugate(q_true)[:, None, :], a)
    q = rotation.align_vectors(a, b, 1.0 / np.array([0.05, 0.5]) ** 2)
    assert np.degrees(quaternion.angle_between(q, q_true)).max() < 1e-6
    with pytest.raises(ValueError, match="do not fix a rotation"):
        rotation.align_vectors(np.stack([up, up]), b[0, [0, 0]])


def test_ex4_heading():
    """The heading of the best-fitting attitude, checked with SciPy's align_vectors as the oracle."""
    from scipy.spatial.transform import Rotation
    rot, _ = Rotation.align_vectors(ex.EX4_VECTORS_WORLD, ex.EX4_VECTORS_BODY, ex.EX4_WEIGHTS)
    yaw = rot.as_euler("ZYX", degrees=True)[0]
    assert ex.check_heading(yaw)
    assert ex.check_heading(float(f"{yaw:.4g}"))
    assert "no answer yet" in ex.check_heading(None)
    swapped = Rotation.align_vectors(ex.EX4_VECTORS_BODY, ex.EX4_VECTORS_WORLD, ex.EX4_WEIGHTS)[0]
    msg = ex.check_heading(swapped.as_euler("ZYX", degrees=True)[0])
    assert not msg and "swapped" in msg
    level = ex.check_heading(np.degrees(np.arctan2(ex.EX4_VECTORS_BODY[1, 0], ex.EX4_VECTORS_BODY[1, 1])))
    assert not level and "tilt" in level
    # the measurements fit a rotation to their rounding: the data are consistent
    np.testing.assert_allclose(rot.apply(ex.EX4_VECTORS_BODY), ex.EX4_VECTORS_WORLD, atol=0.02)
