"""Explorer and self-checks of notebook 11 (the heavy top)."""

import math

import numpy as np
import pytest

from rbteach import dynamics, top
from rbteach.explorers import nb11


def _start(p):
    return math.radians(p["tilt_deg"]), p["precession"], p["spin"]


def test_compute_is_the_rbteach_simulation_with_gravity():
    r = nb11.compute(**nb11.DEFAULTS)
    th0, pd, w3 = _start(nb11.DEFAULTS)
    I1, I3 = nb11.MOMENTS[0], nb11.MOMENTS[2]
    period = top.nutation_period(I1, I3, nb11.MGL, th0, pd, w3)
    w0, q0 = top.initial_state(th0, pd, w3)
    n = nb11.PERIODS * nb11.steps_per_period(period, w0)
    assert n == nb11.PERIODS * nb11.STEPS_PER_PERIOD                # the default needs no more
    tr = dynamics.simulate(nb11.MOMENTS, w0, q0, dt=nb11.PERIODS * period / n, steps=n,
                           force_world=[0, 0, -nb11.MASS * nb11.G], point_body=[0, 0, nb11.ARM])
    np.testing.assert_array_equal(r["q"], tr.q)
    np.testing.assert_array_equal(r["axis"], top.symmetry_axis(tr.q))
    assert r["period"] == period and r["t"][-1] == pytest.approx(nb11.PERIODS * period)


@pytest.mark.parametrize("precession, kind", [(4.0, "waves"), (2.0, "waves"), (0.0, "cusps"), (-3.0, "loops"),
                                             (7.0, "loops")])
def test_paths_and_bounds(precession, kind):
    p = {**nb11.DEFAULTS, "precession": precession}
    r = nb11.compute(**p)
    assert r["kind"] == kind
    lo, hi = r["bounds"]
    assert abs(r["sim_bounds"][0] - lo) < 5e-4 and abs(r["sim_bounds"][1] - hi) < 5e-4
    assert r["energy_drift"] < 1e-5 and r["Lz_drift"] < 5e-5 and r["L3_drift"] < 1e-13
    # the sign changes of the azimuthal rate decide the kind
    az = np.unwrap(np.arctan2(r["axis"][:, 0], -r["axis"][:, 1]))
    rate = np.diff(az)
    if kind == "loops":
        assert rate.min() < 0 < rate.max()
    elif kind == "waves":
        assert rate.min() > 0
    else:
        assert rate.min() > -1e-6 * rate.max()


def test_steady_precession_has_no_nutation():
    slow, _ = top.precession_rates(nb11.MOMENTS[0], nb11.MOMENTS[2], nb11.MGL, 60.0, math.radians(40.0))
    r = nb11.compute(spin=60.0, tilt_deg=40.0, precession=slow)
    assert r["kind"] == "steady" and np.ptp(r["theta"]) < 1e-4 < 1e-3 * np.ptp(nb11.compute(**nb11.DEFAULTS)["theta"])


def test_summary_reads_the_computed_numbers():
    r = nb11.compute(**nb11.DEFAULTS)
    s = nb11.summary(**nb11.DEFAULTS)
    lo, hi = (math.degrees(x) for x in r["bounds"])
    assert s.startswith("ω₃ = 60.0 rad/s, θ₀ = 40.0°, φ̇₀ = 0.00 rad/s: cusps")
    assert f"roots {lo:.2f}° and {hi:.2f}°" in s and f"slow {r['rates'][0]:.3f}" in s
    assert all(len(line) <= 100 for line in s.split("\n"))
    assert nb11.summary(**{**nb11.DEFAULTS, "spin": 45.0}) != s
    assert "no steady precession" in nb11.summary(spin=40.0, tilt_deg=10.0, precession=-8.0)


def test_scene_shows_compute():
    r = nb11.compute(**nb11.DEFAULTS)
    sc = nb11.scene(**nb11.DEFAULTS)
    sphere, theta_panel = sc["panels"]
    assert sphere["kind"] == "3d"
    path = sphere["lines"][2]["p"]
    np.testing.assert_array_equal(path, r["axis"])
    curve = theta_panel["series"][0]
    np.testing.assert_array_equal(curve["y"], np.degrees(r["theta"]))
    roots = theta_panel["series"][1]["y"]
    np.testing.assert_allclose(roots[[0, 3]], np.degrees(r["bounds"]))
    assert np.all(np.abs(path) <= 1.0 + 1e-12)




def test_controls_and_bad_values():
    c = nb11.controls()
    assert list(c) == list(nb11.DEFAULTS) == ["spin", "tilt_deg", "precession"]
    assert c["spin"].continuous_update is False
    for bad, match in (({"spin": 0.0}, "spin"), ({"tilt_deg": 180.0}, "tilt_deg"), ({"precession": np.nan}, "precession")):
        with pytest.raises(ValueError, match=match):
            nb11.compute(**{**nb11.DEFAULTS, **bad})


@pytest.mark.parametrize("spin, tilt_deg, precession", [(45.0, 10.0, 8.0), (40.0, 10.0, 6.5), (60.0, 40.0, 0.0),
                                                        (200.0, 120.0, -8.0)])
def test_steps_follow_the_spin_so_the_run_reaches_the_roots(spin, tilt_deg, precession):
    """A slow top near the vertical nutates slowly: 96 steps a period would turn it 0.8 rad a step and miss the
    roots by 3 degrees; steps_per_period keeps |ω| dt ≤ MAX_TURN_PER_STEP and the run within 0.02 degrees."""
    r = nb11.compute(spin=spin, tilt_deg=tilt_deg, precession=precession)
    w0, _ = top.initial_state(math.radians(tilt_deg), precession, spin)
    dt = r["t"][1] - r["t"][0]
    assert np.linalg.norm(w0) * dt <= nb11.MAX_TURN_PER_STEP * (1 + 1e-12)
    assert len(r["t"]) - 1 >= nb11.PERIODS * nb11.STEPS_PER_PERIOD
    for a, b in zip(r["bounds"], r["sim_bounds"]):
        assert abs(math.degrees(a - b)) < 0.02
