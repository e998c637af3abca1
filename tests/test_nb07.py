"""Explorer, attitude player data and self-checks of notebook 07 (the torque-free body)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import numpy as np
import pytest

from rbteach import analytic, dynamics, inertia, quaternion
from rbteach.exercises import ATOL
from rbteach.exercises import nb07 as ex
from rbteach.explorers import nb07
from _figtools import pixels as _pixels  # noqa: E402


def test_compute_matches_rbteach():
    p = {**nb07.DEFAULTS, "I3": 2.0}                      # the article's example: I = (1, 1, 2), ω0 = (1, 0, 1)
    r = nb07.compute(**p)
    traj = dynamics.simulate([1.0, 1.0, 2.0], [1.0, 0.0, 1.0], dt=p["dt"], steps=r["steps"], method="rk4")
    np.testing.assert_array_equal(r["omega"], traj.omega_body)
    np.testing.assert_array_equal(r["q"], traj.q)
    t = r["t"]
    np.testing.assert_allclose(r["omega_exact"], np.stack([np.cos(t), np.sin(t), np.ones_like(t)], -1), atol=1e-12)
    _, q_exact = analytic.symmetric_top([1.0, 1.0, 2.0], [1.0, 0.0, 1.0], t)
    np.testing.assert_allclose(r["attitude_error"], quaternion.angle_between(traj.q, q_exact))
    assert r["steps"] == round(nb07.DURATION / p["dt"]) and r["t"][-1] == pytest.approx(nb07.DURATION)
    assert r["max_omega_error"] < 1e-5 and r["max_energy_drift"] < 1e-6 and r["max_L_drift"] < 1e-5


def test_asymmetric_body_is_checked_against_free_body():
    p = {**nb07.DEFAULTS, "I1": 0.8, "I2": 1.1, "I3": 1.5, "w2": 0.3}
    r = nb07.compute(**p)
    assert r["attitude_error"] is None
    np.testing.assert_allclose(r["omega_exact"], analytic.free_body([0.8, 1.1, 1.5], [1.0, 0.3, 1.0], r["t"]))
    np.testing.assert_allclose(r["omega_error"], np.linalg.norm(r["omega"] - r["omega_exact"], axis=-1))
    assert r["max_omega_error"] < 1e-5


def test_rk4_error_is_fourth_order_and_euler_first():
    e = [nb07.compute(**{**nb07.DEFAULTS, "dt": dt})["max_omega_error"] for dt in (0.1, 0.05)]
    assert 12 < e[0] / e[1] < 20
    e = [nb07.compute(**{**nb07.DEFAULTS, "dt": dt, "method": "euler"})["max_omega_error"] for dt in (0.02, 0.01)]
    assert 1.5 < e[0] / e[1] < 2.5


def test_methods_all_run():
    for m in nb07.METHODS:
        r = nb07.compute(**{**nb07.DEFAULTS, "method": m, "dt": 0.1})
        assert r["method"] == m and r["max_omega_error"] < 0.5
    r = nb07.compute(**{**nb07.DEFAULTS, "method": "splitting", "dt": 0.1})
    assert r["max_L_drift"] < 1e-12                       # the splitting keeps |L| to rounding


def test_zero_omega_gives_zero_drift():
    r = nb07.compute(**{**nb07.DEFAULTS, "w1": 0.0, "w2": 0.0, "w3": 0.0})
    assert r["max_omega_error"] == 0.0 and r["max_energy_drift"] == 0.0 and r["max_L_drift"] == 0.0


def test_summary_depends_on_main_control():
    r = nb07.compute(**{**nb07.DEFAULTS, "I3": 1.2})
    s = nb07.summary(**{**nb07.DEFAULTS, "I3": 1.2})
    assert s.startswith("I = (1.000, 1.000, 1.200) kg m², rk4, dt = 0.050 s, 400 steps\n")
    assert f"max |ω − ω_exact| = {r['max_omega_error']:.2e}" in s
    assert f"max energy drift = {r['max_energy_drift']:.2e}" in s
    assert nb07.summary(**nb07.DEFAULTS) != s


def test_unphysical_moments():
    p = {**nb07.DEFAULTS, "I1": 0.3, "I2": 0.4}
    assert "triangle" in nb07.moments_problem(0.3, 0.4, 1.5)
    assert nb07.moments_problem(1.0, 1.0, 2.0) is None
    assert "not a physical body" in nb07.summary(**p)
    with pytest.raises(ValueError, match="I1, I2, I3"):
        nb07.compute(**p)
    import matplotlib.figure
    assert isinstance(nb07.draw(**p), matplotlib.figure.Figure)



@pytest.mark.parametrize("moved", [{"I3": 1.55}, {"I3": 1.0}, {"dt": 0.013, "method": "euler"},
                                   {"w1": 0.0, "w2": 0.0, "w3": 0.0}, {"I1": 0.8, "I2": 1.3, "w2": 0.5}])
def test_redraw_in_place_gives_the_same_pixels_as_a_new_figure(moved):
    from rbteach.explorers import png

    start = {**nb07.DEFAULTS, "I1": 0.8, "I2": 1.3} if "I2" in moved else nb07.DEFAULTS
    fig = nb07.draw(**start)
    png(fig)                                              # as build does: rendered, closed in pyplot
    assert nb07.redraw(fig, **{**nb07.DEFAULTS, **moved}) is True
    a, b = _pixels(fig), _pixels(nb07.draw(**{**nb07.DEFAULTS, **moved}))
    assert a.shape == b.shape and np.array_equal(a, b)


@pytest.mark.parametrize("moved", [{"I3": 2.5},             # no such body: the figure is a message
                                   {"I1": 1.2}])            # asymmetric: no attitude curve
def test_redraw_refuses_a_figure_with_other_curves_and_leaves_it(moved):
    fig = nb07.draw(**nb07.DEFAULTS)
    before = _pixels(fig)
    assert nb07.redraw(fig, **{**nb07.DEFAULTS, **moved}) is False
    np.testing.assert_array_equal(_pixels(fig), before)
    assert nb07.redraw(nb07.draw(I3=2.5), **nb07.DEFAULTS) is False


def test_summary_reads_as_sentences_with_the_computed_maxima():
    r = nb07.compute(**nb07.DEFAULTS)
    s = nb07.summary(**nb07.DEFAULTS)
    assert s.startswith("I = (1.000, 1.000, 1.500) kg m², rk4, dt = 0.050 s, 400 steps\nmax |ω − ω_exact| ")
    assert f"max |ω − ω_exact| = {r['max_omega_error']:.2e} rad/s" in s
    assert f"max energy drift = {r['max_energy_drift']:.2e}" in s
    split = nb07.summary(**{**nb07.DEFAULTS, "method": "splitting"})
    assert "max |L − L₀|/|L₀| < 1e-12" in split                # |L| kept to rounding: no noise digits


def test_controls_read_I1_I2_I3_then_omega0_dt_method_and_offer_every_method():
    c = nb07.controls()
    assert list(c) == ["I1", "I2", "I3", "w1", "w2", "w3", "dt", "method"]
    assert list(nb07.DEFAULTS) == list(c)
    assert c["I1"].min < c["I1"].value < c["I1"].max
    assert list(c["method"].options) == list(nb07.METHODS)      # its own menu, even if dynamics gains methods
    assert set(nb07.METHODS) <= set(dynamics.METHODS)
    for key, ctrl in c.items():                           # labels in full: 100 px hold 12 characters
        assert len(ctrl.description) <= 12, key
    # Every value the I3 slider allows with the other defaults is a physical body (I3 ≤ I1 + I2 = 2).
    assert nb07.moments_problem(nb07.DEFAULTS["I1"], nb07.DEFAULTS["I2"], c["I3"].max) is None


def test_a_blow_up_gives_one_plain_sentence_not_a_traceback():
    p = {**nb07.DEFAULTS, "I1": 0.6, "I2": 1.0, "I3": 1.5, "w1": 2.0, "w2": 2.0, "w3": 2.0, "dt": 0.1,
         "method": "euler"}
    with pytest.raises(ValueError) as info:
        nb07.compute(**p)
    text = str(info.value)
    assert "blew up" in text and "dt" in text and "\n" not in text and "[" not in text and len(text) < 120
    with pytest.raises(ValueError, match="blew up"):
        nb07.summary(**p)
    with pytest.raises(ValueError, match="blew up"):
        nb07.draw(**p)
    # rk4 at the same point is fine, and so is euler with a small step
    assert nb07.compute(**{**p, "method": "rk4"})["max_energy_drift"] < 1e-3
    assert nb07.compute(**{**p, "dt": 0.01})["max_omega_error"] < 5.0


def test_blow_up_threshold_never_fires_for_an_exact_flow():
    # |ω(t)|/|ω0| ≤ I_max/I_min ≤ 10 on these sliders: far below BLOWUP_FACTOR.
    assert nb07.BLOWUP_FACTOR >= 10 * 2.0 / 0.2
    r = nb07.compute(I1=0.2, I2=1.9, I3=2.0, w1=0.0, w2=0.1, w3=2.0, dt=0.01, method="rk4")
    assert np.max(np.abs(r["omega"])) < 10 * np.max(np.abs(r["omega0"])) * 1.01


def test_summary_lines_fit_on_a_screen():
    for p in (nb07.DEFAULTS, {**nb07.DEFAULTS, "I1": 0.3, "I2": 0.4}, {**nb07.DEFAULTS, "I1": 0.2, "I2": 2.0, "I3": 0.2},
              {**nb07.DEFAULTS, "method": "splitting4", "w1": -2.0, "w2": -2.0, "w3": -2.0}):
        s = nb07.summary(**p)
        assert all(len(line) <= 100 for line in s.split("\n")), s


@pytest.mark.parametrize("kw, word", [({"dt": 0.0}, "dt"), ({"dt": 0.001}, "dt"), ({"w1": np.nan}, "w1"),
                                      ({"method": "rk45"}, "method"), ({"I3": "big"}, "I3")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb07.compute(**{**nb07.DEFAULTS, **kw})


# ---- the live explorer: one simulation per frame, the picture is compute's numbers ---------------------

def test_summary_and_scene_of_a_frame_share_one_simulation(monkeypatch):
    runs = []
    simulate = nb07._dyn.simulate

    def counted(*args, **kwargs):
        runs.append(kwargs["dt"])
        return simulate(*args, **kwargs)

    monkeypatch.setattr(nb07._dyn, "simulate", counted)
    nb07._run.cache_clear()
    p = {**nb07.DEFAULTS, "I1": 0.85}
    nb07.summary(**p)
    nb07.scene(**p)
    nb07.draw(**p)
    assert len(runs) == 1
    blow = {**nb07.DEFAULTS, "I1": 0.6, "I2": 1.0, "I3": 1.5, "w1": 2.0, "w2": 2.0, "w3": 2.0, "dt": 0.1,
            "method": "euler"}
    for f in (nb07.summary, nb07.scene):                  # a blow-up too is simulated once per frame
        with pytest.raises(ValueError, match="blew up"):
            f(**blow)
    assert len(runs) == 2
    r = nb07.compute(**p)
    assert not r["omega"].flags.writeable and not r["L_drift"].flags.writeable      # shared: read-only


@pytest.mark.parametrize("params", [nb07.DEFAULTS, {**nb07.DEFAULTS, "dt": 0.01},
                                    {**nb07.DEFAULTS, "I1": 0.8, "w2": 0.5, "method": "euler"},
                                    {**nb07.DEFAULTS, "method": "splitting"}])
def test_scene_shows_what_compute_gives(params):
    from rbteach.explorers.live import pack
    from rbteach.plotting import AXIS_COLORS, AXIS_STYLES, PALETTE

    r = nb07.compute(**params)
    left, right = nb07.scene(**params)["panels"]
    omega, exact = left["series"][:3], left["series"][3:]
    for i in range(3):
        k = np.rint(omega[i]["x"] / r["dt"]).astype(int)             # the plotted samples
        np.testing.assert_allclose(omega[i]["x"], r["t"][k], rtol=0, atol=1e-12)
        assert k[0] == 0 and k[-1] == r["steps"] and k.size <= nb07.PLOT_POINTS + 1
        np.testing.assert_array_equal(omega[i]["y"], r["omega"][k, i])
        np.testing.assert_array_equal(exact[i]["y"], r["omega_exact"][k, i])
        assert (omega[i]["color"], omega[i]["dash"]) == (AXIS_COLORS[i], AXIS_STYLES[i])
        assert exact[i]["color"] == PALETTE["black"]
    lo, hi = left["ylim"]
    assert lo < np.min(r["omega"]) and np.max(r["omega"]) < hi
    band, *curves = right["series"]
    assert right["logy"] and right["ylim"][0] == 1e-13 and band["color"] == "#e0e0e0"
    want = {"|ω − ω_exact|": r["omega_error"], "attitude (rad)": r["attitude_error"],
            "|T − T₀|/T₀": r["energy_drift"], "|L − L₀|/|L₀|": r["L_drift"]}
    want = {k: v for k, v in want.items() if v is not None}
    assert [c["label"] for c in curves] == list(want)
    for c in curves:
        k = np.rint(c["x"] / r["dt"]).astype(int)
        assert k[0] == 1 and k[-1] == r["steps"]                      # no error at t = 0 on a log axis
        np.testing.assert_array_equal(c["y"], np.maximum(want[c["label"]][k], 1e-12))   # noise on the floor
        assert np.max(c["y"]) * 1e3 < right["ylim"][1]                # room for the legend above
    pack({"panels": [left, right]})


def test_scene_shows_the_attitude_error_only_for_a_symmetric_top_and_refuses_what_has_no_picture():
    labels = [s["label"] for s in nb07.scene(**{**nb07.DEFAULTS, "I1": 1.05})["panels"][1]["series"]]
    assert "attitude (rad)" not in labels and "|ω − ω_exact|" in labels
    with pytest.raises(ValueError, match="triangle"):
        nb07.scene(**{**nb07.DEFAULTS, "I1": 0.3, "I2": 0.4})


# ---- what notebook 07 gives its attitude player -------------------------------------------------------

_NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "07_torque_free_euler.ipynb"


def _player_data():
    """The player's data as the stored notebook holds it (the JSON block of its HTML output)."""
    cells = json.loads(_NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    found = []
    for c in cells:
        for o in c.get("outputs", []):
            page = "".join(o.get("data", {}).get("text/html", ""))
            m = re.search(r'<script type="application/json" class="rbteach-player-data">(.*?)</script>', page, re.S)
            if m:
                found.append(json.loads(html.unescape(m.group(1))))
    assert len(found) == 1, f"{len(found)} players in notebook 07"
    return found[0]


def test_notebook_07_plays_the_simulation_with_the_player_not_animate_attitude():
    source = "".join("".join(c["source"]) for c in json.loads(_NOTEBOOK.read_text(encoding="utf-8"))["cells"])
    assert "attitude_player(" in source
    assert "animate_attitude" not in source and "to_jshtml" not in source


def test_the_player_shows_the_simulated_plate_at_its_own_times():
    d = _player_data()
    t, q = np.array(d["t"]), np.array(d["q"])
    moments, omega0 = np.array([1.0, 1.0, 2.0]), np.array([1.0, 0.0, 1.0])
    precession = 2 * np.pi / np.sqrt(5.0)                            # |L|/I₁ = √5 rad/s
    assert t[0] == 0.0 and t[-1] > 4 * precession and len(t) <= 2000
    assert 10 <= (len(t) - 1) / t[-1] <= 20                          # samples per second: smooth by SLERP
    run = dynamics.simulate(moments, omega0, dt=0.01, steps=int(round(t[-1] / 0.01)), method="rk4",
                            keep_every=int(round((t[1] - t[0]) / 0.01)))
    np.testing.assert_allclose(t, run.t, rtol=0, atol=1e-9)
    np.testing.assert_allclose(q, run.q, rtol=0, atol=1e-9)

    # the faces: a square plate whose moments (12 kg, no thickness) are the example's I = diag(1, 1, 2)
    # the plate is drawn solid (its 6 sides, rbteach.solids.box_faces); the body cone as lines
    edges, body_cone = np.array(d["faces"]), np.array(d["edges"])
    # then the body cone, carried by the plate: every point on the cone of 45° (the angle of ω) about z′
    pts = body_cone.reshape(-1, 3)
    pts = pts[np.linalg.norm(pts, axis=-1) > 0]                      # not the apex
    assert len(body_cone) >= 8
    np.testing.assert_allclose(np.arctan2(np.hypot(pts[:, 0], pts[:, 1]), pts[:, 2]), np.pi / 4, atol=1e-6)
    ext = edges.reshape(-1, 3).max(axis=0) - edges.reshape(-1, 3).min(axis=0)
    assert edges.shape == (6, 4, 3) and ext[0] == ext[1] and ext[2] < 0.05 * ext[0]
    np.testing.assert_allclose(inertia.box(12.0, ext[0], ext[1], 1e-9), np.diag(moments), atol=1e-12)
    L_world = quaternion.rotate(run.q[0], dynamics.angular_momentum(moments, omega0))
    vec, w_vec = d["vectors"]
    assert vec["label"] == "L" and vec["fixed"] and d["trace"] == 2
    np.testing.assert_allclose(vec["v"][0], L_world / np.linalg.norm(L_world), atol=1e-6)
    # ω's direction in the world, one per sample: on the space cone, 45° − arctan(1/2) = 18.43° from L
    assert w_vec["label"] == "ω" and not w_vec["fixed"]
    omega_world = quaternion.rotate(run.q, run.omega_body)
    np.testing.assert_allclose(w_vec["v"], omega_world / np.linalg.norm(omega_world, axis=-1, keepdims=True),
                               atol=1e-6)
    space_cone = np.arccos(np.clip(np.array(w_vec["v"]) @ vec["v"][0], -1, 1))
    np.testing.assert_allclose(space_cone, np.pi / 4 - np.arctan(0.5), atol=1e-5)

    # R(q) applied to the outline at a sample is the exact motion: the plate's normal on its cone about L
    _, q_exact = analytic.symmetric_top(moments, omega0, t)
    for k in (37, 100, len(t) - 1):
        R = quaternion.to_matrix(q[k])
        corners = edges.reshape(-1, 3) @ R.T                             # the plate drawn at t[k]
        np.testing.assert_allclose(corners, edges.reshape(-1, 3) @ quaternion.to_matrix(q_exact[k]).T, atol=1e-6)
        normal = np.linalg.svd(corners - corners.mean(axis=0))[2][-1]    # the plate's thin direction
        np.testing.assert_allclose(abs(normal @ R[:, 2]), 1.0, atol=1e-9)
        assert np.arccos(abs(normal @ vec["v"][0])) == pytest.approx(np.arctan(0.5), abs=1e-6)
        cone_axis = R @ [0.0, 0.0, 1.0]                                   # the drawn body cone's axis: z′
        assert np.arccos(np.clip(np.array(w_vec["v"][k]) @ cone_axis, -1, 1)) == pytest.approx(np.pi / 4, abs=1e-5)


def test_check_symmetric_omega():
    A, C = ex.EX1_MOMENTS[0], ex.EX1_MOMENTS[2]
    w10, w20, w3 = ex.EX1_OMEGA0
    assert w20 != 0 and C < A                             # generic start of a prolate top
    Omega = (C - A) / A * w3
    z = (w10 + 1j * w20) * np.exp(1j * Omega * ex.EX1_T)
    assert ex.check_symmetric_omega(np.round([z.real, z.imag, w3], 4))
    zf = (w10 + 1j * w20) * np.exp(-1j * Omega * ex.EX1_T)
    fb = ex.check_symmetric_omega(np.round([zf.real, zf.imag, w3], 4))
    assert not fb and "negative" in fb
    zd = (w10 + 1j * w20) * np.exp(1j * (C - A) / C * w3 * ex.EX1_T)
    fb = ex.check_symmetric_omega(np.round([zd.real, zd.imag, w3], 4))
    assert not fb and "denominator" in fb
    assert not ex.check_symmetric_omega([w10, w20, w3])
    assert "no answer yet" in ex.check_symmetric_omega(None)


def test_check_error_ratio_judges_the_measured_ratio_by_the_standard_rule():
    errors = []
    for dt in (0.1, 0.05):
        tr = dynamics.simulate([1.0, 1.0, 2.0], [1.0, 0.0, 1.0], dt=dt, steps=int(round(10 / dt)), method="rk4")
        errors.append(np.abs(tr.omega_body - analytic.symmetric_top([1.0, 1.0, 2.0], [1.0, 0.0, 1.0], tr.t)[0]).max())
    measured = errors[0] / errors[1]
    assert 15 < measured < 17 and measured == pytest.approx(ex.error_ratio("rk4"), rel=1e-9)
    assert ex.check_error_ratio(float(f"{measured:.4f}")) and ex.check_error_ratio(float(f"{measured:.4g}"))
    assert ex.check_error_ratio.atol == ATOL                 # the standard rule: no tolerance of its own
    assert abs(measured - 16) > 0.05 and not ex.check_error_ratio(16.0)   # "about 16" is not the measured value
    fb = ex.check_error_ratio(round(ex.error_ratio("euler"), 4))
    assert not fb and "first order" in fb
    fb = ex.check_error_ratio(round(1 / measured, 4))
    assert not fb and "divide" in fb
    assert "no answer yet" in ex.check_error_ratio(None)
    with pytest.raises(ValueError, match="method"):
        ex.error_ratio("rk45")


def test_check_world_L():
    L0 = quaternion.rotate(ex.EX3_Q0, dynamics.angular_momentum(ex.EX3_MOMENTS, ex.EX3_OMEGA0))
    assert ex.check_world_L(np.round(L0, 4))                # conserved: L(5) = L(0) = q0 ⋄ (I ω0)
    w5, q5 = analytic.symmetric_top(ex.EX3_MOMENTS, ex.EX3_OMEGA0, ex.EX3_T, q0=ex.EX3_Q0)
    np.testing.assert_allclose(quaternion.rotate(q5, dynamics.angular_momentum(ex.EX3_MOMENTS, w5)), L0, atol=1e-12)
    fb = ex.check_world_L(np.round(dynamics.angular_momentum(ex.EX3_MOMENTS, w5), 4))
    assert not fb and "body frame" in fb
    fb = ex.check_world_L([1.0, 0.0, 2.0])                  # I ω0: the start attitude forgotten
    assert not fb and "q₀" in fb
    assert "no answer yet" in ex.check_world_L(None)


def test_check_precession_period():
    A = ex.EX1_MOMENTS[0]
    L = np.linalg.norm(dynamics.angular_momentum(ex.EX1_MOMENTS, ex.EX1_OMEGA0))
    period = 2 * np.pi * A / L
    assert ex.check_precession_period(round(period, 3))
    # the period of the precession about L, measured on the exact motion: z′ comes back after it
    _, q = analytic.symmetric_top(ex.EX1_MOMENTS, ex.EX1_OMEGA0, np.array([0.0, period / 2, period]))
    z = quaternion.rotate(q, [0.0, 0.0, 1.0])
    np.testing.assert_allclose(z[2], z[0], atol=1e-12)
    assert np.linalg.norm(z[1] - z[0]) > 0.1
    Omega = (ex.EX1_MOMENTS[2] - A) / A * ex.EX1_OMEGA0[2]
    fb = ex.check_precession_period(round(2 * np.pi / abs(Omega), 3))       # the body-cone period
    assert not fb and "body cone" in fb
    fb = ex.check_precession_period(round(L / A, 3))                        # a rate, not a period
    assert not fb and "period is 2π divided by it" in fb
    assert "no answer yet" in ex.check_precession_period(None)


def test_check_wobble_ratio_is_the_measured_ratio_of_a_simulated_disc():
    moments, omega0 = np.array(ex.EX5_MOMENTS), np.array(ex.EX5_OMEGA0)
    assert moments[2] == moments[0] + moments[1]                        # a flat disc
    L = dynamics.angular_momentum(moments, omega0)
    cos_theta = moments[2] * omega0[2] / np.linalg.norm(L)
    assert ex.check_wobble_ratio(round(2 / cos_theta, 3))               # 2/cos θ, the section's formula
    # measured: z′ about L in the world (wobble) over L about z′ in the body (spin, −ψ̇), exact motion
    t = np.linspace(0.0, 20.0, 4001)
    _, q = analytic.symmetric_top(moments, omega0, t)
    L_hat = L / np.linalg.norm(L)

    def rate(v, axis):
        e1 = np.cross(axis, [1.0, 0.0, 0.0])
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(axis, e1)
        return np.polyfit(t, np.unwrap(np.arctan2(v @ e2, v @ e1)), 1)[0]

    wobble = rate(quaternion.rotate(q, [0.0, 0.0, 1.0]), L_hat)
    spin = rate(quaternion.rotate(quaternion.conjugate(q), L), np.array([0.0, 0.0, 1.0]))
    assert wobble / spin == pytest.approx(float(ex.check_wobble_ratio.expected), rel=1e-9)
    fb = ex.check_wobble_ratio(2.0)                                     # the slight-wobble limit
    assert not fb and "slight wobble" in fb
    fb = ex.check_wobble_ratio(round(spin / wobble, 4))                 # inverted
    assert not fb and "spin/wobble" in fb
