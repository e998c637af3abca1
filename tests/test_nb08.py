"""Explorer and self-checks of notebook 08 (the intermediate-axis theorem)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import analytic, inertia
from rbteach.exercises import nb08 as ex
from rbteach.explorers import nb08


def test_omega0_from_tilt():
    np.testing.assert_allclose(nb08.omega0_from_tilt(0.0), [0, 1, 0], atol=1e-15)
    np.testing.assert_allclose(nb08.omega0_from_tilt(90.0), [1, 0, 0], atol=1e-15)
    assert np.linalg.norm(nb08.omega0_from_tilt(17.0)) == pytest.approx(1.0)


def test_flip_times_interpolates_sign_changes():
    t = np.linspace(0.0, 10.0, 1001)
    np.testing.assert_allclose(nb08.flip_times(t, np.cos(t)), [np.pi / 2, 3 * np.pi / 2, 5 * np.pi / 2],
                               atol=1e-5)
    assert nb08.flip_times(t, 1.0 + 0 * t).size == 0
    with pytest.raises(ValueError, match="omega2"):
        nb08.flip_times(t, t[:-1])


def test_compute_matches_analytic():
    r = nb08.compute(tilt_deg=10.0, I1=0.7, I3=1.4)
    np.testing.assert_allclose(r["moments"], [0.7, 1.0, 1.4])
    w0 = nb08.omega0_from_tilt(10.0)
    assert r["period"] == analytic.flip_period([0.7, 1.0, 1.4], w0)
    np.testing.assert_allclose(r["omega"], analytic.free_body([0.7, 1.0, 1.4], w0, r["t"]))
    assert r["t"][-1] == pytest.approx(2 * r["period"])
    # ω2 changes sign twice per period: four flips in two periods, T/2 apart
    assert r["flips"].size == 4
    np.testing.assert_allclose(np.diff(r["flips"]), r["period"] / 2, rtol=1e-4)
    # the exact solution keeps 2T and |L|
    np.testing.assert_allclose(r["omega"] ** 2 @ r["moments"], r["energy2"], rtol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(r["omega"] * r["moments"], axis=1), r["L"], rtol=1e-12)


def test_period_grows_towards_the_middle_axis():
    periods = [nb08.compute(tilt_deg=a)["period"] for a in (30.0, 10.0, 3.0, 1.0)]
    assert np.all(np.diff(periods) > 0)


def test_summary_depends_on_tilt_and_prints_period():
    a = nb08.summary(**nb08.DEFAULTS)
    b = nb08.summary(**dict(nb08.DEFAULTS, tilt_deg=20.0))
    assert a != b
    T = analytic.flip_period([0.6, 1.0, 1.3], nb08.omega0_from_tilt(20.0))
    assert f"T = {T:.3f} s" in b and f"T/2 = {T / 2:.3f} s" in b
    assert all(len(line) <= 100 for line in (a + "\n" + b).split("\n"))


def test_middle_axis_angles_follow_from_L_in_the_body():
    # with ω3(0) = 0 the start is an extreme of the polhode: there L is closest to e2 and farthest from e1
    for tilt, I1, I3 in ((5.0, 0.6, 1.3), (60.0, 0.5, 1.5), (30.0, 0.95, 1.05)):
        r = nb08.compute(tilt_deg=tilt, I1=I1, I3=I3)
        m0 = r["moments"] * r["omega0"]
        assert r["e2_closest_deg"] == pytest.approx(np.degrees(np.arccos(m0[1] / np.linalg.norm(m0))), abs=1e-9)
        assert r["e1_farthest_deg"] == pytest.approx(90.0 - r["e2_closest_deg"], abs=1e-6)   # m3 = 0 there
        # L circles the minor axis (L² < 2T I2): m1 never changes sign, m2 does, twice per period
        m = r["omega"] * r["moments"]
        assert np.all(np.sign(m[:, 0]) == np.sign(m0[0])) and r["flips"].size == 4


def test_summary_says_flip_only_when_the_middle_axis_turns_over():
    near = nb08.summary(tilt_deg=5.0, I1=0.6, I3=1.3)
    assert "a flip" in near and "turns over, from 3° to 177° from L" in near
    # the reviewers' case: 60° from e2 with I = (0.5, 1, 1.5) is a calm wobble about the minor axis
    far = nb08.compute(tilt_deg=60.0, I1=0.5, I3=1.5)
    assert not far["flip"] and far["e2_closest_deg"] > nb08.FLIP_ANGLE_DEG and far["flips"].size == 4
    text = nb08.summary(tilt_deg=60.0, I1=0.5, I3=1.5)
    assert "wobble about the minor axis e1" in text and "flip" not in text and "turns over" not in text
    # the threshold: e2 within FLIP_ANGLE_DEG of ±L (tan α = I1 tan(tilt) at the start)
    I1 = 0.6
    tilt_edge = np.degrees(np.arctan(np.tan(np.radians(nb08.FLIP_ANGLE_DEG)) / I1))
    assert nb08.compute(tilt_deg=tilt_edge - 0.5, I1=I1)["flip"]
    assert not nb08.compute(tilt_deg=tilt_edge + 0.5, I1=I1)["flip"]


def test_draw_marks_the_sign_changes_and_uses_the_palette():
    import matplotlib.pyplot as plt

    fig = nb08.draw(tilt_deg=60.0, I1=0.5, I3=1.5)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "ω2 = 0" in labels and not any("flip" in s for s in labels)
    plt.close(fig)
    fig = nb08.draw(**nb08.DEFAULTS)
    labels = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert "flip (ω2 = 0)" in labels
    plt.close(fig)


def test_every_slider_combination_is_a_body_with_a_middle_axis():
    c = nb08.controls()
    assert list(c)[0] == "tilt_deg"
    # triangle inequality I3 <= I1 + 1, and I1 < I2 = 1 < I3
    assert c["I3"].max <= c["I1"].min + 1.0 and c["I1"].max < 1.0 < c["I3"].min


@pytest.mark.parametrize("kw, word", [({"tilt_deg": 0.0}, "tilt_deg"), ({"tilt_deg": 90.0}, "tilt_deg"),
                                      ({"tilt_deg": np.nan}, "tilt_deg"), ({"I1": 1.2}, "I1"),
                                      ({"I3": 0.9}, "I3"), ({"I1": 0.2, "I3": 1.5}, "triangle"),
                                      ({"I1": -1.0}, "I1")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb08.compute(**kw)


def test_check_growth_rate():
    I1, I2, I3 = ex.EX1_MOMENTS
    assert I1 < I2 < I3
    lam = ex.EX1_OMEGA * np.sqrt((I3 - I2) * (I2 - I1) / (I1 * I3))
    assert ex.check_growth_rate(lam) and ex.check_growth_rate(round(lam, 4))
    fb = ex.check_growth_rate(round(lam ** 2, 4))
    assert not fb and "square root" in fb
    fb = ex.check_growth_rate(round(lam / ex.EX1_OMEGA, 4))
    assert not fb and "multiply by Ω" in fb
    fb = ex.check_growth_rate(round(np.sqrt((I3 - I2) * (I2 - I1) / I2 ** 2) * ex.EX1_OMEGA, 4))
    assert not fb and "I₂²" in fb
    assert not ex.check_growth_rate(lam * 1.1)
    assert "no answer yet" in ex.check_growth_rate(None)


def test_check_unstable_axis():
    v, f = inertia.t_handle_mesh(**ex.EX2_T_HANDLE)
    moments = np.diag(inertia.mesh(v, f)[2])
    order = np.argsort(moments)
    assert order[1] == 0                                       # this T-handle flips about its bar axis x
    assert ex.check_unstable_axis(int(order[1]) + 1)
    fb = ex.check_unstable_axis(int(order[1]))                 # a 0-based Python index
    assert not fb and "count the axes from 1" in fb
    fb = ex.check_unstable_axis(int(order[0]) + 1)
    assert not fb and "smallest" in fb
    fb = ex.check_unstable_axis(int(order[2]) + 1)
    assert not fb and "largest" in fb
    assert "no answer yet" in ex.check_unstable_axis(None)


def test_check_time_between_flips():
    T = analytic.flip_period(ex.EX3_MOMENTS, ex.EX3_OMEGA0)
    # the same number read off the exact solution: successive sign changes of ω2
    t = np.linspace(0.0, 3 * T, 30001)
    flips = nb08.flip_times(t, analytic.free_body(ex.EX3_MOMENTS, ex.EX3_OMEGA0, t)[:, 1])
    assert ex.check_time_between_flips(float(np.mean(np.diff(flips))))
    assert ex.check_time_between_flips(round(T / 2, 2))      # 14.01: 4 significant digits
    fb = ex.check_time_between_flips(T)
    assert not fb and "halve" in fb
    fb = ex.check_time_between_flips(round(flips[0], 3))     # the first flip is not T/4 away from t = 0 here
    assert not fb and "first flip" in fb
    assert abs(flips[0] - T / 4) > 0.05 * T
    assert "no answer yet" in ex.check_time_between_flips(None)


def test_rotated_tensor_flips_in_simulate_from_its_diagonalisation_principal_moments_do_not():
    # notebook 08, pitfall 1: the flip of the turned tensor is set off by simulate's numerical principal axes; Euler's
    # equations evaluated directly in the turned frame give a rate of rounding size at R e2
    from rbteach import dynamics, inertia, quaternion

    R = quaternion.to_matrix(quaternion.from_axis_angle(np.array([1.0, 2.0, 3.0]) / np.sqrt(14.0), 0.7))
    exact = dynamics.simulate([1.0, 2.0, 3.0], [0.0, 1.0, 0.0], dt=0.02, steps=6000)
    assert np.all(exact.omega_body == [0.0, 1.0, 0.0])
    turned = dynamics.simulate(R @ np.diag([1.0, 2.0, 3.0]) @ R.T, R[:, 1], dt=0.02, steps=6000)
    flips = nb08.flip_times(turned.t, turned.omega_body @ R[:, 1])
    wait = np.log(1e16) / np.sqrt(1.0 / 3.0)
    assert flips.size >= 1 and 0.6 * wait < flips[0] < 1.5 * wait
    I_turned = R @ np.diag([1.0, 2.0, 3.0]) @ R.T
    assert np.abs(dynamics.euler_rhs(I_turned, R[:, 1])).max() < 1e-15
    _, axes = inertia.principal_axes(I_turned)
    assert 0 < np.delete(np.abs(axes.T @ R[:, 1]), 1).max() < 1e-14


@pytest.mark.parametrize("method", ["euler", "semi-implicit-euler", "rk4", "rk4-dcm", "splitting", "splitting4",
                                    "implicit-midpoint", "rkmk4"])
def test_every_method_keeps_an_exact_middle_axis_spin_of_a_diagonal_tensor(method):
    from rbteach import dynamics

    assert method in dynamics.METHODS
    run = dynamics.simulate([1.0, 2.0, 3.0], [0.0, 1.5, 0.0], dt=0.01, steps=500, method=method)
    assert np.all(run.omega_body == [0.0, 1.5, 0.0])


def test_landau_rate_tends_to_the_growth_rate_near_the_middle_axis():
    from rbteach import elliptic

    I = np.array([1.0, 2.0, 3.0])
    lam_lin = np.sqrt((I[2] - I[1]) * (I[1] - I[0]) / (I[0] * I[2]))
    gaps = []
    for eps in (0.3, 0.03, 0.003):
        w = np.array([eps, 1.0, 0.0])                           # towards the minor axis: L² < 2T I2
        two_T, L2 = np.sum(I * w * w), np.sum((I * w) ** 2)
        lam = np.sqrt((I[1] - I[0]) * (two_T * I[2] - L2) / np.prod(I))
        m = (I[2] - I[1]) * (L2 - two_T * I[0]) / ((I[1] - I[0]) * (two_T * I[2] - L2))
        assert 4 * elliptic.ellipk(m) / lam == pytest.approx(analytic.flip_period(I, w), rel=1e-9)
        gaps.append(abs(lam / lam_lin - 1))
    assert gaps[0] > 0.01 and gaps[-1] < 1e-5 and gaps[0] > gaps[1] > gaps[2]


def test_mesh_outline_keeps_the_bends_and_drops_the_face_diagonals():
    from rbteach.plotting import mesh_outline

    V, F = inertia.box_mesh(1.0, 2.0, 3.0)
    edges = mesh_outline(V, F)
    assert edges.shape == (12, 2, 3)
    lengths = np.sort(np.linalg.norm(edges[:, 1] - edges[:, 0], axis=1))
    np.testing.assert_allclose(lengths, np.repeat([1.0, 2.0, 3.0], 4))      # the box's 12 edges, no diagonals
    V, F = inertia.t_handle_mesh()
    assert mesh_outline(V, F).shape == (24, 2, 3)                           # two boxes
    with pytest.raises(ValueError, match="faces"):
        mesh_outline(V, F[:, :2])


def _notebook_player_data():
    """The data notebook 08 gives its attitude player, read from the stored notebook."""
    import html
    import json
    import re
    from pathlib import Path

    nb = json.loads((Path(__file__).resolve().parents[1] / "notebooks" / "08_intermediate_axis.ipynb")
                    .read_text(encoding="utf-8"))
    found = []
    for c in nb["cells"]:
        for out in c.get("outputs", []):
            page = "".join(out.get("data", {}).get("text/html", ""))
            m = re.search(r'class="rbteach-player-data">(.*?)</script>', page, re.S)
            if m:
                found.append((c, json.loads(html.unescape(m.group(1)))))
    assert len(found) == 1, "notebook 08 shows one attitude player"
    cell, data = found[0]
    source = "".join(cell["source"])
    assert "attitude_player(" in source and "animate_attitude" not in source and "jshtml" not in source
    return data


def test_notebook_player_shows_the_rk4_flip_with_the_t_handle_outline_turned_by_R():
    from rbteach import dynamics, quaternion, solids

    data = _notebook_player_data()
    V, F = inertia.t_handle_mesh()
    moments = np.diag(inertia.mesh(V, F, mass=0.2)[2]).copy()
    w0 = np.array([0.05 * 4.0, 0.0, 4.0])                                  # the notebook's 5 % nudge of Ω = 4 rad/s
    T = analytic.flip_period(moments, w0)
    run = dynamics.simulate(moments, w0, dt=0.005, steps=int(np.ceil(T / 0.005)), method="rk4")
    t, q = np.array(data["t"]), np.array(data["q"])
    # the run's own times, from 0 to one period, at 10-50 samples per second and at most 2000 samples
    k = np.rint(t / 0.005).astype(int)
    np.testing.assert_allclose(t, run.t[k], atol=1e-9)
    assert t[0] == 0.0 and t[-1] == pytest.approx(run.t[-1]) and t[-1] >= T
    assert t.size <= 2000 and 10 <= t.size / t[-1] <= 50
    np.testing.assert_allclose(q, run.q[k], atol=2e-9)                      # RK4's attitudes at those times
    # the T-handle's sides (drawn solid; their outlines are its mesh_outline), L and the trace of the axis
    # that flips (the middle axis: z, the stem)
    edges = np.array(data["faces"])
    np.testing.assert_allclose(edges, np.array(solids.mesh_polygons(V, F)), atol=1e-6)
    assert edges.shape == (12, 4, 3) and data["edges"] == []
    assert data["trace"] == int(np.argsort(moments)[1]) == 2
    L = moments * w0
    (vec,) = data["vectors"]
    assert vec["label"] == "L" and vec["fixed"]
    np.testing.assert_allclose(vec["v"][0], quaternion.rotate(run.q[0], L) / np.linalg.norm(L), atol=1e-6)
    # the outline turned by R(q): the stem's tip leads along L at the start and at T, against L at T/2
    L_hat = np.array(vec["v"][0])
    tip = edges.reshape(-1, 3)[np.argmax(edges.reshape(-1, 3)[:, 2])]     # the stem's end, body frame
    for j, sign in ((0, 1.0), (int(np.argmin(np.abs(t - T / 2))), -1.0), (t.size - 1, 1.0)):
        world = edges @ quaternion.to_matrix(q[j]).T                       # what the player draws at sample j
        assert np.max(sign * world.reshape(-1, 3) @ L_hat) > 0.99 * tip[2]
        assert sign * (quaternion.to_matrix(q[j]) @ tip) @ L_hat > 0.99 * tip[2]


def test_scene_shows_computes_omega_flips_and_polhode():
    from rbteach.plotting import AXIS_COLORS, AXIS_STYLES, PALETTE

    for kw, mark in ((nb08.DEFAULTS, "flip (ω2 = 0)"), ({"tilt_deg": 60.0, "I1": 0.5, "I3": 1.5}, "ω2 = 0")):
        r = nb08.compute(**kw)
        left, right = nb08.scene(**kw)["panels"]
        assert left["kind"] == "xy" and right["kind"] == "3d" and not right["world_axes"]
        for i in range(3):
            s = left["series"][i]
            assert s["color"] == AXIS_COLORS[i] and s["dash"] == AXIS_STYLES[i] and s["label"] == f"ω{i + 1}"
            np.testing.assert_array_equal(s["x"], r["t"])
            np.testing.assert_array_equal(s["y"], r["omega"][:, i])
        flips = left["series"][3]
        assert flips["label"] == mark and flips["dash"] == "-."
        np.testing.assert_array_equal(flips["x"][::3], r["flips"])
        assert left["xlim"] == [0.0, r["t"][-1]] and left["ylim"][0] < -1 and left["ylim"][1] > 1
        polhode = next(line for line in right["lines"] if line["color"] == PALETTE["black"])
        np.testing.assert_array_equal(polhode["p"], r["omega"][r["t"] <= r["period"]])
        # on the energy ellipsoid, inside the view
        np.testing.assert_allclose(polhode["p"] ** 2 @ r["moments"], r["energy2"], rtol=1e-12)
        for line in right["lines"]:
            pts = line["p"][np.isfinite(line["p"]).all(axis=1)]
            assert np.abs(pts).max() <= right["radius"]


def test_summary_and_scene_of_a_frame_share_one_computation():
    from unittest import mock

    nb08._exact_motion.cache_clear()
    with mock.patch.object(nb08._an, "free_body", wraps=nb08._an.free_body) as exact:
        nb08.summary(tilt_deg=7.5, I1=0.7, I3=1.2)
        nb08.scene(tilt_deg=7.5, I1=0.7, I3=1.2)
    assert exact.call_count == 1
    assert not nb08.compute(tilt_deg=7.5, I1=0.7, I3=1.2)["omega"].flags.writeable
    with pytest.raises(ValueError, match="tilt_deg"):
        nb08.compute(tilt_deg=[5.0, 6.0])                                   # checked before the cache


def test_exercise6_answer_is_where_the_damped_body_ends():
    """Exercise 6's answer (|L| kept: ω = I₁ Ω / I₃) is what rbteach.dissipation's damped body ends at."""
    from rbteach import dissipation

    _, w, T = dissipation.simulate_damped(ex.EX6_MOMENTS, [ex.EX6_OMEGA, 0.0018, 0.0], 10.0, dt=0.01, steps=4000)
    assert abs(w[-1, 2]) == pytest.approx(float(ex.check_final_spin_rate.expected), rel=1e-5)
    assert np.max(np.abs(w[-1, :2])) < 1e-5 and T[-1] < 0.6 * T[0]


def test_exercise4_answer_is_the_turn_of_a_fine_simulation_from_any_start():
    """Exercise 4: the angle between q(0) and q(t) of a fine RK4 run from EX4_Q0 (no free_body_attitude), and the
    same from another start attitude (turning the whole motion in space leaves the turn since t = 0 unchanged)."""
    from rbteach import dynamics, quaternion

    expected = float(ex.check_attitude_angle.expected)
    for q0 in (ex.EX4_Q0, quaternion.from_axis_angle([0.0, 0.6, 0.8], 2.1)):
        run = dynamics.simulate(ex.EX4_MOMENTS, ex.EX4_OMEGA0, q0, dt=0.001, steps=int(round(ex.EX4_TIME / 0.001)),
                                method="rk4")
        assert run.t[-1] == pytest.approx(ex.EX4_TIME)
        assert float(quaternion.angle_between(q0, run.q[-1])) == pytest.approx(expected, rel=1e-8)
    # the start attitude the statement prints: 65° about (2, 2, -1)/3, to 4 digits
    np.testing.assert_allclose(ex.EX4_Q0, [0.8434, 0.3582, 0.3582, -0.1791], atol=5e-5)
    assert ex.check_attitude_angle(round(expected, 4))


def test_exercise5_answer_is_the_height_of_omega_world_along_L():
    """Exercise 5: 2T/|L| is where a simulated ω_world stays along L̂ (measured, not from the formula)."""
    from rbteach import dynamics, quaternion

    run = dynamics.simulate(ex.EX5_MOMENTS, ex.EX5_OMEGA0, dt=0.01, steps=2000, method="rk4")
    L = run.angular_momentum_world[0]
    height = quaternion.rotate(run.q, run.omega_body) @ (L / np.linalg.norm(L))
    assert np.ptp(height) < 1e-8
    assert height.mean() == pytest.approx(float(ex.check_plane_distance.expected), rel=1e-10)
