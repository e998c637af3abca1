"""Explorer and self-checks of notebook 09 (the integrator lab)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import analytic, dynamics
from rbteach.exercises import nb09 as ex
from rbteach.explorers import nb09
from _figtools import pixels as _pixels  # noqa: E402


def test_compute_matches_dynamics_and_analytic():
    r = nb09.compute(dt=0.1, method="rk4", t_end=20.0)
    assert r["dt"] == pytest.approx(0.1) and r["steps"] == 200 and r["blew_up_at"] is None
    tr = dynamics.simulate(nb09.MOMENTS, nb09.OMEGA0, dt=r["dt"], steps=200, method="rk4")
    E = dynamics.kinetic_energy(nb09.MOMENTS, tr.omega_body)
    np.testing.assert_allclose(r["energy_drift"], E / E[0] - 1.0)
    err = np.linalg.norm(tr.omega_body - analytic.free_body(nb09.MOMENTS, nb09.OMEGA0, tr.t), axis=1)
    np.testing.assert_allclose(r["omega_error"], err)
    assert r["max_omega_error"] == pytest.approx(err.max())
    assert r["max_energy_drift"] == pytest.approx(np.abs(E / E[0] - 1).max())


def test_splitting_keeps_L_and_bounds_energy_rk4_does_not_keep_L():
    s = nb09.compute(dt=0.1, method="splitting", t_end=200.0)
    k = nb09.compute(dt=0.1, method="rk4", t_end=200.0)
    assert s["max_L_drift"] < 1e-12 < k["max_L_drift"]
    # splitting's energy error over the second half is no larger than over the first (bounded)
    half = s["steps"] // 2
    assert np.abs(s["energy_drift"][half:]).max() <= 1.5 * np.abs(s["energy_drift"][:half]).max()


def test_error_shrinks_with_dt_at_the_methods_order():
    for method, order in (("euler", 1), ("rk4", 4), ("splitting", 2), ("splitting4", 4), ("implicit-midpoint", 2),
                          ("rkmk4", 4)):
        e1 = nb09.compute(dt=0.04, method=method, t_end=5.0)["max_omega_error"]
        e2 = nb09.compute(dt=0.02, method=method, t_end=5.0)["max_omega_error"]
        assert np.log2(e1 / e2) == pytest.approx(order, abs=0.25), method


def test_the_lab_offers_the_midpoint_rule_and_rkmk4():
    assert {"implicit-midpoint", "rkmk4"} <= set(nb09.LAB_METHODS)
    m = nb09.compute(dt=0.2, method="implicit-midpoint", t_end=1000.0)
    assert m["max_energy_drift"] < 1e-12 and m["max_L_drift"] < 1e-12 and m["max_omega_error"] > 1e-3
    assert "max |T/T0 − 1| < 1e-12, max | |L|/|L0| − 1 | < 1e-12" in nb09.summary(dt=0.2, method="implicit-midpoint",
                                                                                    t_end=1000.0)
    # RKMK4 steps ω exactly as RK4 does (it differs in the attitude only, which the lab does not plot)
    a, b = nb09.compute(dt=0.1, method="rkmk4"), nb09.compute(dt=0.1, method="rk4")
    np.testing.assert_array_equal(a["omega_error"], b["omega_error"])
    # the notebook's suggestion: at dt = 1 s over 1000 s both drifts on the floor, the error as large as ω itself
    one = nb09.compute(dt=1.0, method="implicit-midpoint", t_end=1000.0)
    assert max(one["max_energy_drift"], one["max_L_drift"]) < 1e-12 < 1.0 < one["max_omega_error"]
    # the whole dt slider gives pictures for the midpoint rule (Newton converges up to dt = 2 s)
    assert nb09.compute(dt=2.0, method="implicit-midpoint", t_end=1000.0)["max_L_drift"] < 1e-12


def test_explicit_euler_blow_up_is_reported():
    r = nb09.compute(dt=0.1, method="euler", t_end=200.0)
    assert r["blew_up_at"] is not None and 0 < r["blew_up_at"] < 200.0
    assert r["t"][-1] < r["blew_up_at"] and np.all(np.isfinite(r["energy_drift"]))
    assert "blew up at t" in nb09.summary(dt=0.1, method="euler", t_end=200.0)


def test_summary_depends_on_dt():
    a = nb09.summary(**nb09.DEFAULTS)
    b = nb09.summary(**dict(nb09.DEFAULTS, dt=0.1))
    assert a != b
    r = nb09.compute(**dict(nb09.DEFAULTS, dt=0.1))
    assert f"max |T/T0 − 1| = {r['max_energy_drift']:.2e}" in b
    assert f"max |ω − ω_exact| = {r['max_omega_error']:.2e}" in b
    assert all(len(line) <= 100 for line in (a + "\n" + b).split("\n"))


def test_a_blown_up_run_still_draws():
    import matplotlib.figure

    fig = nb09.draw(dt=0.1, method="euler", t_end=200.0)
    assert isinstance(fig, matplotlib.figure.Figure)
    assert any(line.get_linestyle() == "-." for line in fig.axes[0].get_lines())   # the "blew up" marker
    _pixels(fig)


def test_controls_offer_the_lab_methods_and_dt_in_seconds():
    import ipywidgets as w

    c = nb09.controls()
    assert list(c) == ["dt", "method", "t_end"]
    assert isinstance(c["dt"], w.FloatLogSlider) and c["dt"].value == nb09.DEFAULTS["dt"] == 0.05
    lo, hi = c["dt"].base ** c["dt"].min, c["dt"].base ** c["dt"].max
    assert lo == pytest.approx(0.01) and 1.9 < hi <= nb09.DT_RANGE[1]
    assert list(c["method"].options) == list(nb09.LAB_METHODS)
    # the shortest step over the longest run is one message, not a traceback
    with pytest.raises(ValueError, match="MAX_STEPS"):
        nb09.compute(dt=lo, t_end=c["t_end"].max)
    # at the default run length the whole dt slider gives pictures
    assert nb09.compute(dt=lo, t_end=nb09.DEFAULTS["t_end"])["steps"] == nb09.MAX_STEPS


def test_dt_is_what_the_slider_shows():
    # the slider shows 3 significant digits (readout_format ".3g"); compute uses that value
    r = nb09.compute(dt=10 ** -1.3, t_end=20.0)
    assert r["dt"] == 0.0501 and f"dt = {0.0501:.3g} s" in nb09.summary(dt=10 ** -1.3, t_end=20.0)
    assert nb09.summary(dt=10 ** 0.3, method="splitting", t_end=100.0).startswith("splitting, dt = 2 s, 50 steps")


def test_rounding_noise_is_drawn_on_the_floor_not_as_a_signal():
    import matplotlib.pyplot as plt
    from rbteach.explorers import ROUNDING_FLOOR

    fig = nb09.draw(dt=0.1, method="splitting", t_end=50.0)
    L_line = fig.axes[0].get_lines()[1]                     # | |L|/|L0| − 1 |: rounding only
    assert np.all(L_line.get_ydata() == ROUNDING_FLOOR)
    assert fig.axes[0].get_ylim()[0] >= 1e-13
    plt.close(fig)


def test_splitting_energy_error_is_bounded_only_for_small_steps():
    from rbteach import dynamics as dyn

    I, w0 = np.array(nb09.MOMENTS), np.array(nb09.OMEGA0)
    T0 = dyn.kinetic_energy(I, w0)
    L2 = np.sum((I * w0) ** 2)
    width = L2 / (2 * I[0]) / T0 - L2 / (2 * I[2]) / T0
    spread = {}
    for dt in (1.0, 2.0):
        rel = dyn.simulate(I, w0, dt=dt, steps=int(1e4 / dt), method="splitting").kinetic_energy / T0 - 1
        spread[dt] = (rel.max() - rel.min()) / width
    assert spread[1.0] < 0.01 < 0.5 < spread[2.0]


@pytest.mark.parametrize("kw, word", [({"dt": 10.0}, "dt"), ({"dt": np.inf}, "dt"), ({"dt": 0.0}, "dt"),
                                      ({"method": "rk5"}, "method"), ({"t_end": 0.0}, "t_end"),
                                      ({"dt": 1e-3, "t_end": 100.0}, "MAX_STEPS")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb09.compute(**kw)


def _max_err(method, dt, T):
    steps = int(round(T / dt))
    tr = dynamics.simulate(ex.MOMENTS, ex.OMEGA0, dt=dt, steps=steps, method=method)
    return np.max(np.linalg.norm(tr.omega_body - analytic.free_body(ex.MOMENTS, ex.OMEGA0, tr.t), axis=1))


def test_check_observed_order():
    r = _max_err(ex.EX1_METHOD, ex.EX1_DT, ex.EX1_T) / _max_err(ex.EX1_METHOD, ex.EX1_DT / 2, ex.EX1_T)
    p = np.log(r) / np.log(2)
    assert abs(p - 2) < 6e-4 * 2                      # so the theoretical order is within rounding of it
    assert ex.check_observed_order(p) and ex.check_observed_order(round(p, 4)) and ex.check_observed_order(2)
    assert ex.check_observed_order(2.0003) and ex.check_observed_order("2") is not None
    fb = ex.check_observed_order(np.log10(r))
    assert not fb and "log2" in fb
    fb = ex.check_observed_order(np.log(r))
    assert not fb and "ln 2" in fb
    fb = ex.check_observed_order(-p)
    assert not fb and "upside down" in fb
    assert not ex.check_observed_order(2.1)
    assert "no answer yet" in ex.check_observed_order(None)


def test_check_yoshida():
    g1 = 1 / (2 - 2 ** (1 / 3))
    g0 = 1 - 2 * g1
    assert 2 * g1 ** 3 + g0 ** 3 == pytest.approx(0, abs=1e-12)
    assert ex.check_yoshida([g1, g0]) and ex.check_yoshida((1.3512, -1.7024))
    fb = ex.check_yoshida([g1, -g0])
    assert not fb and "sign" in fb
    fb = ex.check_yoshida([g0, g1])
    assert not fb and "outer" in fb
    g1p = 1 / (2 + 2 ** (1 / 3))
    fb = ex.check_yoshida([round(g1p, 4), round(1 - 2 * g1p, 4)])
    assert not fb and "cube root of −2" in fb
    assert "no answer yet" in ex.check_yoshida(None)


def test_check_euler_energy_drift():
    assert ex.EX3_DT == 0.05 and ex.EX3_T == 20.0 and not hasattr(ex, "EX2_DT")
    tr = dynamics.simulate(ex.MOMENTS, ex.OMEGA0, dt=ex.EX3_DT, steps=int(round(ex.EX3_T / ex.EX3_DT)), method="euler")
    E = dynamics.kinetic_energy(ex.MOMENTS, tr.omega_body)
    rel = E[-1] / E[0] - 1
    assert 0.1 < rel < 1                               # an order-1 answer
    # explicit Euler gains T by ½ h² ω̇·Iω̇ every step: the first-order term vanishes
    w = np.asarray(ex.OMEGA0)
    wdot = dynamics.euler_rhs(ex.MOMENTS, w)
    w1 = w + ex.EX3_DT * wdot
    gain = dynamics.kinetic_energy(ex.MOMENTS, w1) - dynamics.kinetic_energy(ex.MOMENTS, w)
    assert gain == pytest.approx(0.5 * ex.EX3_DT ** 2 * np.dot(wdot, np.asarray(ex.MOMENTS) * wdot), rel=1e-9)
    assert ex.check_euler_energy_drift(rel) and ex.check_euler_energy_drift(round(rel, 4))
    fb = ex.check_euler_energy_drift(E[-1] - E[0])
    assert not fb and "relative" in fb
    fb = ex.check_euler_energy_drift(-rel)
    assert not fb and "gains" in fb
    fb = ex.check_euler_energy_drift(E[-1] / E[0])
    assert not fb and "subtract 1" in fb
    assert "no answer yet" in ex.check_euler_energy_drift(None)


def test_check_cayley_angle():
    # one implicit midpoint step on a steady spin about e3 turns by the Cayley angle 4 arctan(h|ω|/4), measured
    # here on a rotation matrix built from the step's quaternion (not with the check's own angle_between)
    from rbteach import quaternion

    run = dynamics.simulate(ex.MOMENTS, [0.0, 0.0, ex.EX4_SPIN], dt=ex.EX4_DT, steps=1, method="implicit-midpoint")
    assert np.array_equal(run.omega_body[1], run.omega_body[0])          # a steady spin stays steady
    R = quaternion.to_matrix(run.q[1])
    angle = np.arctan2(R[1, 0], R[0, 0])                                 # a turn about z
    x = ex.EX4_SPIN * ex.EX4_DT
    assert angle == pytest.approx(4 * np.arctan(x / 4), rel=1e-14)
    assert 0.015 < 1 - angle / x < 0.1                                   # less than h|ω|, clearly
    assert ex.check_cayley_angle(angle) and ex.check_cayley_angle(round(angle, 3))
    for wrong, word in ((x, "exact turn"), (4 * np.arctan(x / 2), "a = hω/2"), (2 * np.arctan(x / 2), "rotation matrix"),
                        (2 * np.arctan(x / 4), "half-angle")):
        fb = ex.check_cayley_angle(round(wrong, 4))
        assert not fb and word in fb, (wrong, fb)
    assert not ex.check_cayley_angle(1.03 * angle)
    assert "no answer yet" in ex.check_cayley_angle(None)


def test_work_per_step_is_counted_not_timed():
    # the notebook's table: evaluations of the equations of motion and sine–cosine pairs per step
    import math

    def count(method, steps=7):
        w = dynamics.work.work_per_step(nb09.MOMENTS, nb09.OMEGA0, method, dt=0.01, steps=steps)
        return w.rates, w.cos, w.sin

    classic = ("euler", "semi-implicit-euler", "rk4", "splitting", "splitting4")
    assert [count(m) for m in classic] == [(1, 0, 0), (2, 0, 0), (4, 0, 0), (0, 10, 10), (0, 30, 30)]
    # the new methods write their equations out (no _rates call): RKMK4 needs one sine–cosine pair per step
    # and three dexp⁻¹ corrections; the midpoint rule no trigonometry, three Newton iterations at dt = 0.01 s
    assert count("rkmk4") == (0, 1, 1) and count("implicit-midpoint") == (0, 0, 0)
    rkmk4 = dynamics.work.work_per_step(nb09.MOMENTS, nb09.OMEGA0, "rkmk4", dt=0.01, steps=7)
    midpoint = dynamics.work.work_per_step(nb09.MOMENTS, nb09.OMEGA0, "implicit-midpoint", dt=0.01, steps=7)
    assert (rkmk4.dexpinv, rkmk4.newton, midpoint.dexpinv, midpoint.newton) == (3, 0, 0, 3)
    # the counters are removed afterwards: a plain run calls the real functions
    assert dynamics.explicit._rates is dynamics.equations._rates and dynamics.integrate.math is math


def _curve_samples(r, key, x, y):
    """Indices of the scene's curve points in compute's arrays; checks that y is |value| on the floor."""
    from rbteach.explorers import ROUNDING_FLOOR

    i = np.searchsorted(r["t"], x)
    np.testing.assert_array_equal(r["t"][i], x)
    np.testing.assert_array_equal(y, np.maximum(np.abs(r[key][i]), ROUNDING_FLOOR))
    return i


@pytest.mark.parametrize("kw", [nb09.DEFAULTS, {"dt": 0.01, "method": "splitting4", "t_end": 100.0},
                                {"dt": 0.3, "method": "euler", "t_end": 1000.0}])
def test_scene_shows_computes_curves_thinned_without_losing_a_peak(kw):
    from rbteach.explorers import ROUNDING_FLOOR
    from rbteach.plotting import PALETTE

    r = nb09.compute(**kw)
    left, right = nb09.scene(**kw)["panels"]
    assert left["logy"] and right["logy"] and left["ylim"][0] == 1e-13 and left["xlim"] == [0.0, r["steps"] * r["dt"]]
    curves = {"energy_drift": next(s for s in left["series"] if s["color"] == PALETTE["vermillion"]),
              "L_drift": next(s for s in left["series"] if s["color"] == PALETTE["blue"]),
              "omega_error": next(s for s in right["series"] if s["color"] == PALETTE["black"])}
    assert curves["L_drift"]["dash"] == "--"
    for key, s in curves.items():
        assert s["x"].size <= 2 * nb09.PLOT_BINS + 2
        _curve_samples(r, key, s["x"], s["y"])
        full = np.maximum(np.abs(r[key]), ROUNDING_FLOOR)
        assert s["y"].max() == full.max() and s["y"].min() == full.min()      # peaks and dips kept
        assert s["x"][0] == r["t"][0] and s["x"][-1] == r["t"][-1]
    # the rounding band: strokes from 1e-13 to 1e-12 across the run
    band = next(s for s in left["series"] if s["label"] == "rounding level")
    assert np.nanmin(band["y"]) == 1e-13 and np.nanmax(band["y"]) == ROUNDING_FLOOR


def test_plot_indices_keep_every_bins_extremes():
    y = np.random.default_rng(3).normal(size=10007)
    i = nb09.plot_indices(y, bins=100)
    assert np.all(np.diff(i) > 0) and i[0] == 0 and i[-1] == y.size - 1 and i.size <= 2 * 100 + 4
    k = -(-y.size // 100)
    for lo in range(0, y.size, k):
        block = y[lo:lo + k]
        assert lo + np.argmin(block) in i and lo + np.argmax(block) in i
    np.testing.assert_array_equal(nb09.plot_indices(y[:150], bins=100), np.arange(150))


def test_scene_marks_a_blow_up_in_both_panels_and_splitting_L_on_the_floor():
    from rbteach.explorers import ROUNDING_FLOOR
    from rbteach.plotting import PALETTE

    for kw in ({"dt": 0.1, "method": "euler", "t_end": 200.0}, {"dt": 2.0, "method": "euler", "t_end": 1000.0}):
        r = nb09.compute(**kw)
        assert r["blew_up_at"] is not None and "blew up at t" in nb09.summary(**kw)
        panels = nb09.scene(**kw)["panels"]
        for p in panels:
            mark = [s for s in p["series"] if s["color"] == PALETTE["reddish purple"]]
            assert len(mark) == 1 and mark[0]["dash"] == "-." and np.all(mark[0]["x"] == r["blew_up_at"])
        assert any(s["label"] == "blew up" for s in panels[1]["series"])
    left = nb09.scene(dt=0.1, method="splitting", t_end=50.0)["panels"][0]
    L_curve = next(s for s in left["series"] if s["color"] == PALETTE["blue"])
    assert np.all(L_curve["y"] == ROUNDING_FLOOR)


def test_summary_and_scene_of_a_frame_share_one_run():
    from unittest import mock

    nb09._run.cache_clear()
    with mock.patch.object(nb09._dyn, "simulate", wraps=nb09._dyn.simulate) as sim:
        nb09.summary(dt=0.2, method="splitting", t_end=30.0)
        nb09.scene(dt=0.2, method="splitting", t_end=30.0)
        fig = nb09.draw(dt=0.2, method="splitting", t_end=30.0)
    assert sim.call_count == 1
    import matplotlib.pyplot as plt
    plt.close(fig)
    r = nb09.compute(dt=0.2, method="splitting", t_end=30.0)
    assert not r["omega_error"].flags.writeable                          # the shared result cannot be changed
    with pytest.raises(ValueError, match="dt"):
        nb09.compute(dt=[0.1, 0.2])                                       # checked before the cache
