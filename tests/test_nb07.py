"""Explorer, animation helper and self-checks of notebook 07 (the torque-free body)."""

from __future__ import annotations


import numpy as np
import pytest

from rbteach import analytic, dynamics, quaternion
from rbteach.exercises import nb07 as ex
from rbteach.explorers import nb07
from _figtools import pixels as _pixels  # noqa: E402


def test_compute_matches_rbteach():
    p = {**nb07.DEFAULTS, "I3": 2.0}                      # seed 003: I = (1, 1, 2), ω0 = (1, 0, 1)
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
    for m in dynamics.METHODS:
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
    assert s.startswith("I = (1.00, 1.00, 1.20) kg m², rk4, dt = 0.050 s, 400 steps")
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
    assert s.startswith("I = (1.00, 1.00, 1.50) kg m², rk4, dt = 0.050 s, 400 steps: ")
    assert f"max |ω − ω_exact| = {r['max_omega_error']:.2e} rad/s" in s
    assert f"max energy drift = {r['max_energy_drift']:.2e}" in s
    split = nb07.summary(**{**nb07.DEFAULTS, "method": "splitting"})
    assert "max |L − L₀|/|L₀| < 1e-12" in split                # |L| kept to rounding: no noise digits


def test_controls_offer_every_method_and_only_physical_I3_with_the_defaults():
    c = nb07.controls()
    assert list(c)[0] == "I3" and c["I3"].min < c["I3"].value < c["I3"].max
    assert set(c["method"].options) == set(dynamics.METHODS)
    # Every value the sliders allow with the other defaults is a physical body (I3 ≤ I1 + I2 = 2).
    assert nb07.moments_problem(nb07.DEFAULTS["I1"], nb07.DEFAULTS["I2"], c["I3"].max) is None


@pytest.mark.parametrize("kw, word", [({"dt": 0.0}, "dt"), ({"dt": 0.001}, "dt"), ({"w1": np.nan}, "w1"),
                                      ({"method": "rk45"}, "method"), ({"I3": "big"}, "I3")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb07.compute(**{**nb07.DEFAULTS, **kw})


def test_animate_attitude():
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    from rbteach.plotting import animate_attitude

    traj = dynamics.simulate([1.0, 1.0, 2.0], [1.0, 0.0, 1.0], dt=0.1, steps=20)
    L = traj.angular_momentum_world
    anim = animate_attitude(traj.q, vectors_world={"L": L[0] / np.linalg.norm(L[0]), "L(t)": L / 3},
                            every=5, title="top")
    assert isinstance(anim, FuncAnimation)
    fig = anim._fig
    lines = fig.axes[0].get_lines()
    anim._func(2)                                          # frame 2 = sample 10
    R = quaternion.to_matrix(traj.q[10])
    xs, ys, zs = lines[3].get_data_3d()                    # after the 3 world axes: body x' axis
    np.testing.assert_allclose([xs[1], ys[1], zs[1]], R[:, 0])
    px1 = _pixels_keep(fig)
    anim._func(4)
    assert np.any(px1 != _pixels_keep(fig))
    plt.close(fig)
    with pytest.raises(ValueError, match="q must have shape"):
        animate_attitude(traj.q[0])
    with pytest.raises(ValueError, match="vectors_world"):
        animate_attitude(traj.q, vectors_world={"bad": np.ones((3, 3))})
    with pytest.raises(ValueError, match="every"):
        animate_attitude(traj.q, every=0)


def _pixels_keep(fig):
    # savefig, not canvas.draw: with blit=True the moving artists are "animated" and only drawn
    # when saving (which is what to_jshtml does).
    import io

    buf = io.BytesIO()
    fig.savefig(buf, format="rgba")
    return np.frombuffer(buf.getvalue(), dtype=np.uint8).copy()


def test_check_symmetric_omega():
    # Ω = (1 − 2)/2 · 2 = −1: ω = (0.5 cos 1, −0.5 sin 1, 2)
    assert ex.check_symmetric_omega([0.5 * np.cos(1.0), -0.5 * np.sin(1.0), 2.0])
    fb = ex.check_symmetric_omega([0.5 * np.cos(1.0), 0.5 * np.sin(1.0), 2.0])
    assert not fb and "negative" in fb
    fb = ex.check_symmetric_omega([0.5 * np.cos(2.0), -0.5 * np.sin(2.0), 2.0])
    assert not fb and "denominator" in fb
    assert not ex.check_symmetric_omega([0.5, 0.0, 2.0])
    assert "no answer yet" in ex.check_symmetric_omega(None)


def test_check_error_ratio():
    assert ex.check_error_ratio(16.0) and ex.check_error_ratio(15.2)
    fb = ex.check_error_ratio(2.0)
    assert not fb and "first order" in fb
    fb = ex.check_error_ratio(1 / 16)
    assert not fb and "divide the larger" in fb
    assert "no answer yet" in ex.check_error_ratio(None)


def test_check_world_L():
    assert ex.check_world_L([1.0, 0.0, 2.0])                # conserved: L(5) = L(0) = I ω0
    fb = ex.check_world_L([np.cos(5.0), np.sin(5.0), 2.0])
    assert not fb and "body frame" in fb
    assert "no answer yet" in ex.check_world_L(None)
