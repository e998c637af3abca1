"""Explorer and self-checks of notebook 09 (the integrator lab)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import analytic, dynamics
from rbteach.exercises import nb09 as ex
from rbteach.explorers import nb09
from _figtools import pixels as _pixels  # noqa: E402


def test_compute_matches_dynamics_and_analytic():
    r = nb09.compute(log10_dt=-1.0, method="rk4", t_end=20.0)
    assert r["dt"] == pytest.approx(0.1) and r["steps"] == 200 and r["blew_up_at"] is None
    tr = dynamics.simulate(nb09.MOMENTS, nb09.OMEGA0, dt=r["dt"], steps=200, method="rk4")
    E = dynamics.kinetic_energy(nb09.MOMENTS, tr.omega_body)
    np.testing.assert_allclose(r["energy_drift"], E / E[0] - 1.0)
    err = np.linalg.norm(tr.omega_body - analytic.free_body(nb09.MOMENTS, nb09.OMEGA0, tr.t), axis=1)
    np.testing.assert_allclose(r["omega_error"], err)
    assert r["max_omega_error"] == pytest.approx(err.max())
    assert r["max_energy_drift"] == pytest.approx(np.abs(E / E[0] - 1).max())


def test_splitting_keeps_L_and_bounds_energy_rk4_does_not_keep_L():
    s = nb09.compute(log10_dt=-1.0, method="splitting", t_end=200.0)
    k = nb09.compute(log10_dt=-1.0, method="rk4", t_end=200.0)
    assert s["max_L_drift"] < 1e-12 < k["max_L_drift"]
    # splitting's energy error over the second half is no larger than over the first (bounded)
    half = s["steps"] // 2
    assert np.abs(s["energy_drift"][half:]).max() <= 1.5 * np.abs(s["energy_drift"][:half]).max()


def test_error_shrinks_with_dt_at_the_methods_order():
    for method, order in (("euler", 1), ("rk4", 4), ("splitting", 2), ("splitting4", 4)):
        e1 = nb09.compute(log10_dt=-1.5, method=method, t_end=5.0)["max_omega_error"]
        e2 = nb09.compute(log10_dt=-1.5 - np.log10(2), method=method, t_end=5.0)["max_omega_error"]
        assert np.log2(e1 / e2) == pytest.approx(order, abs=0.25), method


def test_explicit_euler_blow_up_is_reported():
    r = nb09.compute(log10_dt=-1.0, method="euler", t_end=200.0)
    assert r["blew_up_at"] is not None and 0 < r["blew_up_at"] < 200.0
    assert r["t"][-1] < r["blew_up_at"] and np.all(np.isfinite(r["energy_drift"]))
    assert "blew up at t" in nb09.summary(log10_dt=-1.0, method="euler", t_end=200.0)


def test_summary_depends_on_dt():
    a = nb09.summary(**nb09.DEFAULTS)
    b = nb09.summary(**dict(nb09.DEFAULTS, log10_dt=-1.0))
    assert a != b
    r = nb09.compute(**dict(nb09.DEFAULTS, log10_dt=-1.0))
    assert f"max |ΔT/T| = {r['max_energy_drift']:.2e}" in b
    assert f"max |ω − ω_exact| = {r['max_omega_error']:.2e}" in b


def test_a_blown_up_run_still_draws():
    import matplotlib.figure

    fig = nb09.draw(log10_dt=-1.0, method="euler", t_end=200.0)
    assert isinstance(fig, matplotlib.figure.Figure)
    assert any(line.get_linestyle() == "--" for line in fig.axes[0].get_lines())   # the "blew up" marker
    _pixels(fig)


def test_controls_offer_the_lab_methods_within_max_steps():
    c = nb09.controls()
    assert list(c)[0] == "log10_dt"
    assert list(c["method"].options) == list(nb09.LAB_METHODS)
    # the slider ranges never ask for more than MAX_STEPS
    assert c["t_end"].max / 10 ** c["log10_dt"].min <= nb09.MAX_STEPS


@pytest.mark.parametrize("kw, word", [({"log10_dt": 1.0}, "log10_dt"), ({"log10_dt": np.inf}, "log10_dt"),
                                      ({"method": "rk5"}, "method"), ({"t_end": 0.0}, "t_end"),
                                      ({"log10_dt": -3.0, "t_end": 100.0}, "MAX_STEPS")])
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
    assert abs(p - 2) < 0.05
    assert ex.check_observed_order(p)
    fb = ex.check_observed_order(np.log10(r))
    assert not fb and "log2" in fb
    fb = ex.check_observed_order(-p)
    assert not fb and "upside down" in fb
    assert "no answer yet" in ex.check_observed_order(None)


def test_check_yoshida():
    g1 = 1 / (2 - 2 ** (1 / 3))
    g0 = 1 - 2 * g1
    assert 2 * g1 ** 3 + g0 ** 3 == pytest.approx(0, abs=1e-12)
    assert ex.check_yoshida([g1, g0])
    fb = ex.check_yoshida([g1, -g0])
    assert not fb and "sign" in fb
    fb = ex.check_yoshida([g0, g1])
    assert not fb and "outer" in fb
    assert "no answer yet" in ex.check_yoshida(None)


def test_check_euler_energy_drift():
    tr = dynamics.simulate(ex.MOMENTS, ex.OMEGA0, dt=ex.EX2_DT, steps=int(round(ex.EX2_T / ex.EX2_DT)), method="euler")
    E = dynamics.kinetic_energy(ex.MOMENTS, tr.omega_body)
    assert E[-1] > E[0]
    assert ex.check_euler_energy_drift(E[-1] / E[0] - 1)
    fb = ex.check_euler_energy_drift(E[-1] - E[0])
    assert not fb and "relative" in fb
    fb = ex.check_euler_energy_drift(E[0] / E[0] - E[-1] / E[0])
    assert not fb and "gains" in fb
    assert "no answer yet" in ex.check_euler_energy_drift(None)
