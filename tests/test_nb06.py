"""Explorer and self-checks of notebook 06 (integrating orientation)."""

from __future__ import annotations


import numpy as np
import pytest

from rbteach import body, dynamics, inertia, quaternion
from rbteach.body import RigidBody
from rbteach.exercises import nb06 as ex
from rbteach.explorers import nb06


def test_integrate_with_renormalisation_is_rigidbody_step():
    """With renormalisation, the explorer's loop is exactly RigidBody.step (both states)."""
    for state in body.STATES:
        r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=0.1, steps=30, update="renormalise", state=state)
        b = RigidBody(1.0, nb06.MOMENTS, angular_velocity=nb06.OMEGA0_WORLD, state=state)
        for k in range(1, 31):
            b.step(0.1)
            np.testing.assert_allclose(r["q"][k], b.orientation, rtol=0, atol=1e-13)
            np.testing.assert_allclose(r["omega_world"][k], b.angular_velocity, rtol=0, atol=1e-13)
            np.testing.assert_allclose(r["L_world"][k], b.angular_momentum, rtol=0, atol=1e-13)
        assert r["energy"][-1] == pytest.approx(b.rotational_energy, abs=1e-13)


def _reference_loop(update, state, dt, steps):
    """The explorer's loop written with rbteach's public functions, one call per operation."""
    I_d, q_o = np.asarray(nb06.MOMENTS, dtype=float), quaternion.identity()
    q, omega = quaternion.identity(), np.asarray(nb06.OMEGA0_WORLD, dtype=float)
    L = body.L_from_omega_principal(I_d, q_o, q, omega)
    qs, omegas = [q], [omega]
    for _ in range(steps):
        if update == "exp":
            omega_body = quaternion.rotate(quaternion.conjugate(q), omega)
            q = quaternion.multiply(q, quaternion.exp(0.5 * omega_body * dt))   # q ⊗ exp(½ ω_b Δt)
        else:
            q = q + quaternion.derivative_world(q, omega) * dt
            if update == "renormalise":
                q = quaternion.normalize(q)
        if state == "angular_momentum":
            omega = body.omega_from_L_principal(I_d, q_o, q, L)
        qs.append(q)
        omegas.append(omega)
    return np.array(qs), np.array(omegas)


@pytest.mark.parametrize("update", nb06.UPDATES)
@pytest.mark.parametrize("state", body.STATES)
def test_the_fast_loop_is_the_rbteach_functions_step_by_step(update, state):
    """integrate steps on Python floats (a frame of the live explorer takes ~1 ms); it is the loop of
    quaternion.derivative_world / normalize / exp and body.omega_from_L_principal."""
    q_ref, w_ref = _reference_loop(update, state, 0.2, 40)
    r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=0.2, steps=40, update=update, state=state)
    np.testing.assert_allclose(r["q"], q_ref, rtol=0, atol=1e-13)
    np.testing.assert_allclose(r["omega_world"], w_ref, rtol=0, atol=1e-13)
    if state == "angular_momentum":                     # ω changes along the run: the test can fail
        assert np.ptp(w_ref[:, 0]) > 0.1


def test_integrate_that_overflows_says_so_in_one_sentence():
    with pytest.raises(ValueError, match="overflowed") as info:
        nb06.integrate(nb06.MOMENTS, (1e200, 0.0, 1e200), dt=1e150, steps=5, update="euler", state="omega")
    assert "\n" not in str(info.value) and "[" not in str(info.value)


def test_norm_growth_without_renormalisation_matches_formula():
    # |q + ½(0, ω)⊗q Δt|² = |q|² (1 + (|ω|Δt/2)²): with ω-state |ω_world| is constant.
    dt, n = 0.2, 40
    r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, update="euler", state="omega")
    w = np.linalg.norm(nb06.OMEGA0_WORLD)
    expected = (1.0 + (w * dt / 2) ** 2) ** (np.arange(n + 1) / 2)
    np.testing.assert_allclose(quaternion.norm(r["q"]), expected, rtol=1e-12)
    # The direction is the renormalised run's: normalisation only rescales q.
    r2 = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, update="renormalise", state="omega")
    np.testing.assert_allclose(quaternion.normalize(r["q"]), r2["q"], atol=1e-13)


def test_exponential_map_keeps_the_norm_and_is_exact_for_constant_omega():
    # ω-state: ω_world is constant, so q_n = exp(½ ω n Δt) ⊗ q_0 exactly; |q| = 1 without renormalising.
    dt, n = 0.3, 40
    r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, update="exp", state="omega")
    assert np.max(np.abs(quaternion.norm(r["q"]) - 1.0)) < 1e-14
    exact = quaternion.exp(0.5 * np.outer(np.arange(n + 1) * dt, nb06.OMEGA0_WORLD))
    assert np.max(quaternion.angle_between(r["q"], exact)) < 1e-12
    # Euler + renormalise turns by 2 arctan(θ/2) per step instead of θ: it is behind by n (θ − 2 arctan(θ/2)).
    e = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, update="renormalise", state="omega")
    theta = np.linalg.norm(nb06.OMEGA0_WORLD) * dt
    assert quaternion.angle_between(e["q"][-1], exact[-1]) == pytest.approx(n * (theta - 2 * np.arctan(theta / 2)),
                                                                          rel=1e-6)


def test_compute_drifts():
    om = nb06.compute(dt=0.1, update="renormalise", state="omega")
    L = nb06.compute(dt=0.1, update="renormalise", state="angular_momentum")
    # the article's ω-state: ω_world constant, the world L turns (not conserved); energy constant.
    np.testing.assert_allclose(om["omega_world"], np.broadcast_to(nb06.OMEGA0_WORLD, om["omega_world"].shape))
    assert om["L_drift"].max() > 0.5
    assert om["max_energy_drift"] < 1e-12
    # L-state: L kept to rounding, energy drifts at first order.
    assert L["max_L_drift"] < 1e-13
    assert 1e-3 < L["max_energy_drift"] < 0.2
    assert np.abs(L["norm_error"]).max() < 1e-14
    no = nb06.compute(dt=0.1, update="euler", state="angular_momentum")
    assert no["norm_error"][-1] > 0.05
    np.testing.assert_allclose(no["energy"], L["energy"], rtol=1e-12)   # only the norm differs
    assert om["steps"] == 80 and om["t"][-1] == pytest.approx(nb06.DURATION)


def test_start_is_far_from_the_separatrix():
    L0 = np.asarray(nb06.MOMENTS) * nb06.OMEGA0_WORLD
    D = L0 @ L0 / (np.asarray(nb06.OMEGA0_WORLD) @ L0)
    assert nb06.MOMENTS[0] < D < 0.8 * nb06.MOMENTS[1]          # precession about the minor axis, 20 % away


def test_energy_drift_is_first_order_over_the_whole_slider_range():
    # At every value of the dt slider the largest |T/T₀ − 1| over the run is ∝ dt within 10 % (the run
    # ends at the last whole step before 8 s, so between neighbouring fine steps it can dip slightly) ...
    c = nb06.controls()["dt"]
    dts = c.min + c.step * np.arange(round((c.max - c.min) / c.step) + 1)
    assert dts[0] == 0.02 and abs(dts[-1] - 0.4) < 1e-12 and len(dts) > 300
    drift = np.array([nb06.compute(dt=dt)["max_energy_drift"] for dt in dts])
    np.testing.assert_allclose(drift / dts, 0.92, rtol=0.1)
    # ... it grows with dt on a coarse grid, and halves with dt.
    coarse = np.array([nb06.compute(dt=dt)["max_energy_drift"] for dt in np.round(np.arange(0.02, 0.4001, 0.02), 2)])
    assert np.all(np.diff(coarse) > 0)
    for a, b in ((0.4, 0.2), (0.2, 0.1), (0.1, 0.05), (0.04, 0.02)):
        ratio = nb06.compute(dt=a)["max_energy_drift"] / nb06.compute(dt=b)["max_energy_drift"]
        assert 1.7 < ratio < 2.3, (a, b, ratio)


def test_exponential_map_has_the_same_first_order_energy_error_for_a_tumbling_body():
    for dt in (0.1, 0.05):
        e = nb06.compute(dt=dt, update="renormalise")["max_energy_drift"]
        x = nb06.compute(dt=dt, update="exp")["max_energy_drift"]
        assert abs(x / e - 1) < 0.05
        assert nb06.compute(dt=dt, update="exp")["max_L_drift"] < 1e-13


def test_summary_reports_drifts_on_short_lines_and_depends_on_dt():
    r = nb06.compute(dt=0.2, update="euler", state="omega")
    s = nb06.summary(dt=0.2, update="euler", state="omega")
    assert s.startswith("dt = 0.200 s, ω as state (the article), Euler, not renormalised\n")
    assert f"final |q| − 1 = {r['norm_error'][-1]:.2e}" in s
    assert f"max |L − L₀|/|L₀| = {r['max_L_drift']:.2e}" in s
    assert "max |T/T₀ − 1| < 1e-12" in s                       # constant to rounding: no noise digits
    assert nb06.summary(**nb06.DEFAULTS) != nb06.summary(**{**nb06.DEFAULTS, "dt": 0.3})
    for u in nb06.UPDATES:
        for state in body.STATES:
            assert all(len(line) <= 100 for line in nb06.summary(0.4, u, state).split("\n"))


def test_rounding_noise_is_drawn_flat_not_autoscaled():
    import matplotlib.pyplot as plt

    fig = nb06.draw(**nb06.DEFAULTS)                           # L as state, renormalised: |q| − 1 and L drift ~1e-16
    a_norm, a_energy, a_L = fig.axes
    for ax in (a_norm, a_L):
        assert ax.get_ylim() == (-1.0, 1.0)
        assert not np.any(ax.lines[-1].get_ydata())           # a flat zero
        assert any("rounding" in t.get_text() for t in ax.texts)
    lo, hi = a_energy.get_ylim()
    assert hi > 0.05                                          # a real drift is autoscaled
    plt.close(fig)


def test_the_controls_are_dt_first_with_labels_in_full():
    c = nb06.controls()
    assert list(c) == ["dt", "update", "state"]
    for ctrl in c.values():
        assert ctrl.style.description_width == "initial"
    assert [o[1] for o in c["update"].options] == list(nb06.UPDATES)


@pytest.mark.parametrize("kw, word", [({"dt": 0.0}, "dt"), ({"dt": 0.001}, "dt"), ({"dt": "x"}, "dt"),
                                      ({"state": "L"}, "state"), ({"update": "yes"}, "update")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb06.compute(**{**nb06.DEFAULTS, **kw})


def test_integrate_bad_input():
    with pytest.raises(ValueError, match="moments"):
        nb06.integrate((1.0, -2.0, 3.0), (0, 0, 1), dt=0.1, steps=2)
    with pytest.raises(ValueError, match="steps"):
        nb06.integrate(nb06.MOMENTS, (0, 0, 1), dt=0.1, steps=0)


# ---- the thin bat of the pitfalls: what the notebook says about it ---------------------------------

def _bat(moments, tilt):
    bat = RigidBody(0.9, moments, orientation=tilt)
    bat.apply_impulse([0.0, 3.0, 0.0], point=[0.0, 0.0, 0.3])
    return bat


def test_thin_bat_world_frame_update_blows_up_later_with_smaller_steps_but_body_frame_euler_does_not():
    moments = np.diag(inertia.box(0.9, 0.06, 0.06, 0.84))
    tilt = quaternion.from_axis_angle([0.0, 1.0, 0.0], 1e-6)
    doubled = {}
    for dt in (0.01, 0.005):
        bat = _bat(moments, tilt)
        T0, n = bat.rotational_energy, 0
        while bat.rotational_energy < 2 * T0:
            bat.step(dt)
            n += 1
        doubled[dt] = n * dt
    assert 0.1 < doubled[0.01] < doubled[0.005] < 0.3            # delayed, not prevented
    bat = _bat(moments, tilt)
    for _ in range(50):
        bat.step(0.01)
    assert 70 < bat.rotational_energy / _bat(moments, tilt).rotational_energy < 98.6   # 76×, bounded by I_max/I_min
    w0 = quaternion.rotate(quaternion.conjugate(tilt), _bat(moments, tilt).angular_velocity)
    tr = dynamics.simulate(moments, w0, tilt, dt=0.01, steps=1000, method="euler")
    assert np.max(np.abs(tr.kinetic_energy / tr.kinetic_energy[0] - 1)) < 1e-5


# ---- the exercises (the generic student play is tests/test_exercises_student.py) ------------------

def test_exercise_data_are_generic_and_exactly_unit():
    for q in (ex.EX2_Q_O, ex.EX2_Q_R, ex.EX3_Q, ex.EX4_Q):
        assert sum(x * x for x in q) == pytest.approx(1.0, abs=1e-15)
        assert abs(q[0]) < 0.99 and sum(1 for x in q[1:] if x != 0) >= 2   # not the identity, not about one axis
        assert all(round(x, 4) == x for x in q)                             # typed as printed, exactly


def test_check_norm_after_step():
    x = np.linalg.norm(ex.EX1_OMEGA_WORLD) * ex.EX1_DT / 2
    assert ex.check_norm_after_step(round(np.sqrt(1 + x * x), 4))
    assert ex.check_norm_after_step(1.059)                                  # 4 significant digits
    fb = ex.check_norm_after_step(round(1 + x * x, 4))
    assert not fb and "square root" in fb
    fb = ex.check_norm_after_step(round(np.sqrt(1 + 4 * x * x), 4))
    assert not fb and "½" in fb
    fb = ex.check_norm_after_step(1.0)
    assert not fb and "renormalisation" in fb
    fb = ex.check_norm_after_step(1 + x)
    assert not fb and "right triangle" in fb
    assert "no answer yet" in ex.check_norm_after_step(None)


def test_check_omega_principal_refuses_every_frame_mistake():
    q_o, q_r, L = np.array(ex.EX2_Q_O), np.array(ex.EX2_Q_R), np.array(ex.EX2_L_WORLD)
    I_d = np.array(ex.EX2_MOMENTS)

    def omega(q):
        return quaternion.rotate(q, quaternion.rotate(quaternion.conjugate(q), L) / I_d)

    right = omega(quaternion.multiply(q_r, q_o))
    assert ex.check_omega_principal(np.round(right, 4))
    mult, conj = quaternion.multiply, quaternion.conjugate
    for wrong, word in ((omega(q_r), "q_o is missing"), (omega(mult(q_o, q_r)), "order"),
                        (omega(mult(q_r, conj(q_o))), "conjugate"), (omega(mult(conj(q_r), q_o)), "conjugate"),
                        (body.L_from_omega_principal(I_d, q_o, q_r, L), "divide")):
        assert np.max(np.abs(wrong - right)) > 0.1
        fb = ex.check_omega_principal(np.round(wrong, 4))
        assert not fb and word in fb, (word, fb)


def test_check_qdot_body_refuses_the_world_formula():
    q, w = np.array(ex.EX3_Q), np.array(ex.EX3_OMEGA_BODY)
    right = 0.5 * quaternion.multiply(q, np.concatenate([[0.0], w]))
    assert ex.check_qdot_body(np.round(right, 4).tolist())
    fb = ex.check_qdot_body(np.round(0.5 * quaternion.multiply(np.concatenate([[0.0], w]), q), 4))
    assert not fb and "world formula" in fb
    fb = ex.check_qdot_body(np.round(2 * right, 4))
    assert not fb and "½" in fb
    assert "no answer yet" in ex.check_qdot_body(None)


def test_check_exp_step_is_the_exact_turn_about_the_body_omega():
    # independent of quaternion.exp: the exact solution of Ṙ = R [ω_body]× for a constant ω_body
    # is R(q1) = R(q) expm([ω_body]× Δt), here by scipy's matrix exponential
    from scipy.linalg import expm

    q, w, dt = np.array(ex.EX4_Q), np.array(ex.EX4_OMEGA_BODY), ex.EX4_DT
    K = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])
    R1 = quaternion.to_matrix(q) @ expm(K * dt)
    q1 = quaternion.from_matrix(R1)
    assert ex.check_exp_step(np.round(q1, 4))
    assert ex.check_exp_step(np.round(-q1, 4).tolist())                    # either sign
    # the turn is large enough that Euler + renormalise, short by about θ³/12, is refused with its hint
    theta = np.linalg.norm(w) * dt
    assert theta - 2 * np.arctan(theta / 2) > 0.05
    euler = quaternion.normalize(q + quaternion.derivative_body(q, w) * dt)
    fb = ex.check_exp_step(np.round(euler, 4))
    assert not fb and "Euler + renormalise" in fb
    fb = ex.check_exp_step(np.round(quaternion.from_matrix(expm(K * dt) @ quaternion.to_matrix(q)), 4))
    assert not fb and "from the right" in fb                                # the world-side product
    assert "no answer yet" in ex.check_exp_step(None)


# ---- the live explorer: one run per frame, the picture is compute's numbers ---------------------------

def test_summary_and_scene_of_a_frame_share_one_run(monkeypatch):
    runs = []

    def counted(*args, **kwargs):
        runs.append(kwargs["dt"])
        return nb06_integrate(*args, **kwargs)

    nb06_integrate = nb06.integrate
    monkeypatch.setattr(nb06, "integrate", counted)
    nb06._run.cache_clear()
    p = {**nb06.DEFAULTS, "dt": 0.26}
    nb06.summary(**p)
    nb06.scene(**p)
    nb06.draw(**p)
    assert runs == [0.26]                                             # one run for the frame
    nb06.summary(**{**p, "dt": 0.28})
    assert runs == [0.26, 0.28]
    r = nb06.compute(**p)
    assert not r["q"].flags.writeable and not r["energy_drift"].flags.writeable     # shared: read-only


@pytest.mark.parametrize("params", [nb06.DEFAULTS, {"dt": 0.3, "update": "euler", "state": "omega"},
                                    {"dt": 0.02, "update": "exp", "state": "angular_momentum"}])
def test_scene_shows_the_drifts_compute_gives(params):
    from rbteach.explorers.live import pack
    from rbteach.plotting import PALETTE

    r = nb06.compute(**params)
    sc = nb06.scene(**params)
    assert [p["title"] for p in sc["panels"]] == [t for _, t, _ in nb06._PANELS]
    for panel, (key, _, color) in zip(sc["panels"], nb06._PANELS):
        zero, curve = panel["series"]
        assert curve["color"] == PALETTE[color] and zero["color"] == "#999999"
        i = np.rint(curve["x"] / r["dt"]).astype(int)                # the plotted samples
        np.testing.assert_array_equal(curve["x"], r["t"][i])
        assert i[0] == 0 and i[-1] == r["steps"] and curve["x"].size <= nb06.PLOT_POINTS + 1
        lo, hi = panel["ylim"]
        if np.max(np.abs(r[key])) < 1e-12:                          # rounding noise: a labelled flat zero
            assert not np.any(curve["y"]) and (lo, hi) == (-1.0, 1.0) and "rounding" in curve["label"]
        else:
            np.testing.assert_array_equal(curve["y"], r[key][i])
            assert lo <= np.min(curve["y"]) and np.max(curve["y"]) <= hi < 1.6 * max(np.max(curve["y"]), 1e-300)
            assert curve["label"] is None
    pack(sc)                                                          # every array goes to the page


def test_scene_follows_dt_and_the_buttons():
    from rbteach.explorers.live import pack

    a = pack(nb06.scene(**nb06.DEFAULTS))[1]
    for moved in ({"dt": 0.2}, {"update": "euler"}, {"state": "omega"}):
        b = pack(nb06.scene(**{**nb06.DEFAULTS, **moved}))[1]
        assert len(a) != len(b) or any(x != y for x, y in zip(a, b)), moved

