"""Explorer and self-checks of notebook 06 (integrating orientation)."""

from __future__ import annotations


import numpy as np
import pytest

from rbteach import body, quaternion
from rbteach.body import RigidBody
from rbteach.exercises import nb06 as ex
from rbteach.explorers import nb06


def test_integrate_with_renormalisation_is_rigidbody_step():
    """With renormalisation, the explorer's loop is exactly RigidBody.step (both states)."""
    for state in body.STATES:
        r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=0.1, steps=30, state=state)
        b = RigidBody(1.0, nb06.MOMENTS, angular_velocity=nb06.OMEGA0_WORLD, state=state)
        for k in range(1, 31):
            b.step(0.1)
            np.testing.assert_allclose(r["q"][k], b.orientation, rtol=0, atol=1e-13)
            np.testing.assert_allclose(r["omega_world"][k], b.angular_velocity, rtol=0, atol=1e-13)
            np.testing.assert_allclose(r["L_world"][k], b.angular_momentum, rtol=0, atol=1e-13)
        assert r["energy"][-1] == pytest.approx(b.kinetic_energy, abs=1e-13)


def test_norm_growth_without_renormalisation_matches_formula():
    # |q + ½(0, ω)⊗q Δt|² = |q|² (1 + (|ω|Δt/2)²): with ω-state |ω_world| is constant.
    dt, n = 0.2, 40
    r = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, renormalize=False, state="omega")
    w = np.linalg.norm(nb06.OMEGA0_WORLD)
    expected = (1.0 + (w * dt / 2) ** 2) ** (np.arange(n + 1) / 2)
    np.testing.assert_allclose(quaternion.norm(r["q"]), expected, rtol=1e-12)
    # The direction is the renormalised run's: normalisation only rescales q.
    r2 = nb06.integrate(nb06.MOMENTS, nb06.OMEGA0_WORLD, dt=dt, steps=n, renormalize=True, state="omega")
    np.testing.assert_allclose(quaternion.normalize(r["q"]), r2["q"], atol=1e-13)


def test_compute_drifts():
    om = nb06.compute(dt=0.1, renormalize=True, state="omega")
    L = nb06.compute(dt=0.1, renormalize=True, state="angular_momentum")
    # seed 002's ω-state: ω_world constant, the world L turns (not conserved); energy constant.
    np.testing.assert_allclose(om["omega_world"], np.broadcast_to(nb06.OMEGA0_WORLD, om["omega_world"].shape))
    assert om["L_drift"].max() > 0.1
    assert np.abs(om["energy_drift"]).max() < 1e-12
    # L-state: L kept to rounding, energy drifts at first order.
    assert L["L_drift"].max() < 1e-13
    assert 1e-3 < np.abs(L["energy_drift"]).max() < 0.2
    assert np.abs(L["norm_error"]).max() < 1e-14
    no = nb06.compute(dt=0.1, renormalize=False, state="angular_momentum")
    assert no["norm_error"][-1] > 0.05
    np.testing.assert_allclose(no["energy"], L["energy"], rtol=1e-12)   # only the norm differs
    assert om["steps"] == 80 and om["t"][-1] == pytest.approx(nb06.DURATION)


def test_energy_drift_shrinks_with_dt():
    # First order: dt ÷ 4 divides the drift by about 4 (for dt ≤ 0.05; larger steps are erratic).
    a = np.abs(nb06.compute(dt=0.04, renormalize=True, state="angular_momentum")["energy_drift"]).max()
    b = np.abs(nb06.compute(dt=0.01, renormalize=True, state="angular_momentum")["energy_drift"]).max()
    assert a / 6 < b < a / 2


def test_summary_reports_final_drifts_and_depends_on_dt():
    r = nb06.compute(dt=0.2, renormalize=False, state="omega")
    s = nb06.summary(dt=0.2, renormalize=False, state="omega")
    assert s.startswith("dt = 0.200 s, ω as state (seed 002), not renormalised")
    assert f"|q| − 1 = {r['norm_error'][-1]:.2e}" in s
    assert f"|L − L₀|/|L₀| = {r['L_drift'][-1]:.2e}" in s
    assert nb06.summary(**nb06.DEFAULTS) != nb06.summary(**{**nb06.DEFAULTS, "dt": 0.3})



def test_the_main_control_is_the_time_step():
    assert list(nb06.controls())[0] == "dt"


@pytest.mark.parametrize("kw, word", [({"dt": 0.0}, "dt"), ({"dt": 0.001}, "dt"), ({"dt": "x"}, "dt"),
                                      ({"state": "L"}, "state"), ({"renormalize": "yes"}, "renormalize")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb06.compute(**{**nb06.DEFAULTS, **kw})


def test_integrate_bad_input():
    with pytest.raises(ValueError, match="moments"):
        nb06.integrate((1.0, -2.0, 3.0), (0, 0, 1), dt=0.1, steps=2)
    with pytest.raises(ValueError, match="steps"):
        nb06.integrate(nb06.MOMENTS, (0, 0, 1), dt=0.1, steps=0)


def test_check_norm_after_step():
    assert ex.check_norm_after_step(np.sqrt(1.01))
    fb = ex.check_norm_after_step(1.01)
    assert not fb and "square root" in fb
    fb = ex.check_norm_after_step(np.sqrt(1.04))
    assert not fb and "½" in fb
    fb = ex.check_norm_after_step(1.0)
    assert not fb and "renormalisation" in fb
    assert "no answer yet" in ex.check_norm_after_step(None)


def test_check_omega_principal():
    # q = q_r ⊗ q_o = (½, ½, ½, ½): the principal axes 1, 2, 3 lie along world y, z, x.
    # L = (1, 2, 3) has principal components (2, 3, 1); ÷ (1, 2, 2.5) → (2, 1.5, 0.4) → world (0.4, 2, 1.5).
    assert ex.check_omega_principal([0.4, 2.0, 1.5])
    fb = ex.check_omega_principal([0.5, 2.0, 1.2])
    assert not fb and "q_o is missing" in fb
    fb = ex.check_omega_principal([2.5, 2.0, 6.0])
    assert not fb and "divide" in fb
    fb = ex.check_omega_principal([2.0, 1.5, 0.4])
    assert not fb and "principal axes" in fb
    fb = ex.check_omega_principal([0.5, 0.8, 3.0])
    assert not fb and "order" in fb
    assert "no answer yet" in ex.check_omega_principal(None)


def test_check_qdot_body():
    s = np.sqrt(0.5)
    # q = (s, 0, 0, s), ω_body = (1, 0, 0): ½ q ⊗ (0, 1, 0, 0) = ½ (0, s, s, 0)
    assert ex.check_qdot_body([0.0, s / 2, s / 2, 0.0])
    fb = ex.check_qdot_body([0.0, s / 2, -s / 2, 0.0])
    assert not fb and "world formula" in fb
    fb = ex.check_qdot_body([0.0, s, s, 0.0])
    assert not fb and "½" in fb
    assert "no answer yet" in ex.check_qdot_body(None)
