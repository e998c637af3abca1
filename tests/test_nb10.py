"""Explorer and self-checks of notebook 10 (collisions)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import contact, inertia
from rbteach.exercises import nb10 as ex
from rbteach.explorers import nb10


def test_the_bounce_is_rbteach_contact_on_the_falling_rod():
    r = nb10.compute(e=0.45, mu=0.2, tilt_deg=35.0, spin=1.5)
    body = nb10.falling_rod(35.0, 1.5)
    np.testing.assert_allclose(body.position - 0.5 * nb10.LENGTH * np.array([np.cos(np.radians(35)), 0, np.sin(np.radians(35))]),
                               0.0, atol=1e-15)                          # the lower end on the floor
    out = contact.collide(body, [0, 0, 0], [0, 0, 1], e=0.45, mu=0.2)
    np.testing.assert_allclose(r["impulse"].J, out.J, atol=1e-15)
    np.testing.assert_allclose(r["v_after"], body.velocity, atol=1e-15)
    np.testing.assert_allclose(r["omega_after"], body.angular_velocity, atol=1e-15)
    assert r["end_after"][2] == pytest.approx(-0.45 * r["end_before"][2], rel=1e-12)   # Newton's law
    assert r["T_after"] == pytest.approx(body.kinetic_energy)


def test_the_flight_is_exact_ballistic_motion_and_stops_at_the_next_contact():
    r = nb10.compute(e=0.8, mu=0.0, tilt_deg=60.0, spin=0.0)
    a = r["after"]
    t = a["t"]
    np.testing.assert_allclose(a["x"], r["v_after"] * 0 + nb10.falling_rod(60.0, 0.0).position
                               + t[:, None] * r["v_after"] + 0.5 * t[:, None] ** 2 * np.array([0, 0, -nb10.GRAVITY]),
                               atol=1e-14)
    assert np.all(np.minimum(a["low"][:, 2], a["high"][:, 2])[1:] > 0)     # above the floor until the next contact
    assert r["next_contact"] is None or r["next_contact"] > t[-1]
    b = r["before"]
    np.testing.assert_allclose(b["low"][-1], 0.0, atol=1e-15)


def test_energy_curve_matches_single_collisions_and_frictionless_loss():
    r = nb10.compute(e=0.3, mu=0.0, tilt_deg=25.0, spin=-2.0)
    for i in (0, 17, 40):
        one = nb10.compute(e=float(r["e_grid"][i]), mu=0.0, tilt_deg=25.0, spin=-2.0)
        assert r["T_total"][i] == pytest.approx(one["T_after"] / one["T_before"], rel=1e-12)
    assert r["T_total"][-1] == pytest.approx(1.0, rel=1e-12)                # e = 1, no friction: kept
    assert np.all(np.diff(r["T_total"]) > 0)                               # more e, less lost
    np.testing.assert_allclose(r["T_trans"] + r["T_rot"], r["T_total"], rtol=1e-12)


def test_summary_names_stick_or_slide_and_energy():
    slide = nb10.summary(e=0.6, mu=0.05, tilt_deg=30.0, spin=0.0)
    stick = nb10.summary(e=0.6, mu=1.0, tilt_deg=30.0, spin=0.0)
    assert "slides" in slide and "sticks" in stick and "% lost" in slide
    assert "stays on the floor" in nb10.summary(e=0.0, mu=1.0, tilt_deg=30.0, spin=0.0)
    assert all(len(line) <= 100 for line in slide.split("\n"))
    # Newton's law with sticking friction can gain energy near e = 1: the summary says so
    assert "gained" in nb10.summary(e=1.0, mu=1.0, tilt_deg=50.0, spin=-5.0)


def test_scene_shows_what_compute_computes():
    values = {"e": 0.7, "mu": 0.4, "tilt_deg": 45.0, "spin": 2.5}
    r = nb10.compute(**values)
    side, energy = nb10.scene(**values)["panels"]
    by_label = {s["label"]: s for p in (side, energy) for s in p["series"] if s["label"]}
    com = by_label["centre of mass path"]
    np.testing.assert_array_equal(com["x"], np.r_[r["before"]["x"][:, 0], r["after"]["x"][1:, 0]])
    np.testing.assert_array_equal(com["y"], np.r_[r["before"]["x"][:, 2], r["after"]["x"][1:, 2]])
    np.testing.assert_array_equal(by_label["total"]["y"], np.minimum(r["T_total"], nb10.ENERGY_YLIM[1]))
    np.testing.assert_array_equal(by_label["total"]["x"], r["e_grid"])
    arrow = by_label["impulse J"]
    np.testing.assert_allclose([arrow["x"][1], arrow["y"][1]], nb10.J_SCALE * r["impulse"].J[[0, 2]])
    impact = by_label["rod at the impact"]
    np.testing.assert_allclose(np.c_[impact["x"], impact["y"]][0], 0.0, atol=1e-15)
    for p in (side,):
        for s in p["series"]:
            x, y = s["x"][np.isfinite(s["x"])], s["y"][np.isfinite(s["y"])]
            assert x.min() >= p["xlim"][0] and x.max() <= p["xlim"][1]
            assert y.min() >= p["ylim"][0] and y.max() <= p["ylim"][1]


def test_side_view_keeps_one_metre_equal_across_and_up():
    side, energy = nb10.scene(**nb10.DEFAULTS)["panels"]
    W, H = nb10.LIVE_SIZE
    width_px = W * side["width"] / (side["width"] + energy["width"])
    across = (width_px - nb10.PAGE_MARGINS[0]) / (side["xlim"][1] - side["xlim"][0])
    up = (H - nb10.PAGE_MARGINS[1]) / (side["ylim"][1] - side["ylim"][0])
    assert across == pytest.approx(up, rel=1e-9)


def test_a_frame_computes_once(monkeypatch):
    calls = []
    real = nb10.falling_rod
    monkeypatch.setattr(nb10, "falling_rod", lambda *a, **k: calls.append(a) or real(*a, **k))
    values = {"e": 0.55, "mu": 0.25, "tilt_deg": 65.0, "spin": -1.0}
    nb10._bounce.cache_clear()
    nb10.summary(**values)
    nb10.scene(**values)
    assert len(calls) == 1
    with pytest.raises(ValueError, match="read-only"):
        nb10.compute(**values)["T_total"][0] = 1.0


@pytest.mark.parametrize("kw, word", [({"e": 1.5}, "e"), ({"mu": -0.1}, "mu"), ({"tilt_deg": 0.0}, "tilt_deg"),
                                      ({"spin": np.nan}, "spin"), ({"e": "high"}, "e")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb10.compute(**kw)


def test_no_impact_when_the_end_moves_up():
    with pytest.raises(ValueError, match="no impact"):
        nb10.compute(spin=20.0, tilt_deg=10.0)


def test_controls_in_reading_order_with_whole_labels():
    c = nb10.controls()
    assert list(c) == ["e", "mu", "tilt_deg", "spin"]
    assert all(w.style.description_width == "initial" for w in c.values())


def test_check_rod_impulse_by_hand():
    m, L, V, e = ex.EX1_MASS, ex.EX1_LENGTH, ex.EX1_SPEED, ex.EX1_E
    c2 = np.cos(np.radians(ex.EX1_TILT_DEG)) ** 2
    right = (1 + e) * m * V / (1 + 3 * c2)                 # by hand, notebook 10's worked formula
    assert ex.check_rod_impulse(right) and ex.check_rod_impulse(round(right, 4))
    assert "3 cos²θ" in ex.check_rod_impulse((1 + e) * m * V)
    assert "no answer yet" in ex.check_rod_impulse(None)


def test_check_energy_lost_by_hand():
    ma, L, mb, V, e = ex.EX2_ROD_MASS, ex.EX2_ROD_LENGTH, ex.EX2_BALL_MASS, ex.EX2_BALL_SPEED, ex.EX2_E
    inv_meff = 1 / ma + 1 / mb + (L / 2) ** 2 / (ma * L ** 2 / 12)
    right = 0.5 * (1 - e ** 2) * V ** 2 / inv_meff
    assert right == pytest.approx(0.54, abs=1e-9)
    assert ex.check_energy_lost(right) and not ex.check_energy_lost(2 * right)
    assert "(1 − e²)" in ex.check_energy_lost(0.5 * (1 - e) * V ** 2 / inv_meff)


def test_check_backspin_by_hand():
    m, R = ex.EX3_MASS, ex.EX3_RADIUS
    vx, vz = ex.EX3_VELOCITY[0], ex.EX3_VELOCITY[2]
    slip = vx - R * ex.EX3_SPIN                            # (ω × r)_x = −R ω_y for r = (0, 0, −R)
    jn = (1 + ex.EX3_E) * m * abs(vz)
    needed = slip / (1 / m + R ** 2 / (0.4 * m * R ** 2))  # m |v_t| / 3.5
    assert needed > ex.EX3_MU * jn                         # the ball slides
    right = vx - ex.EX3_MU * jn / m
    assert right == pytest.approx(2.6875, abs=1e-12)
    assert ex.check_backspin(right)
    assert "slides" in ex.check_backspin(vx - needed / m)
    assert "no answer yet" in ex.check_backspin(None)


def test_thin_rod_is_inertia_rod_with_a_negligible_axial_moment():
    np.testing.assert_allclose(ex.thin_rod(2.0, 0.5)[:2, :2], inertia.rod(2.0, 0.5)[:2, :2])
    assert 0 < ex.thin_rod(2.0, 0.5)[2, 2] < 1e-9


def test_no_seed_jargon_in_the_files_of_notebook_10():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    for rel in ("notebooks/10_collisions.ipynb", "rbteach/exercises/nb10.py", "rbteach/explorers/nb10.py",
                "rbteach/contact.py"):
        text = (root / rel).read_text(encoding="utf-8")
        text = "".join(line for line in text.splitlines(True) if '"image/png"' not in line and "base64," not in line)
        assert "seed" not in text.lower(), rel


def test_energy_gain_needs_e_near_1_on_the_explorers_grid():
    # pitfall 3 of notebook 10: over every slider position of the explorer (each slider's own step),
    # the rod gains energy (Newton's law with friction) only for e >= 0.834, first at mu = 0.5, 45°, -5 rad/s
    c = nb10.controls()
    grid = lambda w: np.round(np.arange(w.min, w.max + 0.5 * w.step, w.step), 6)
    e = grid(c["e"])[:, None]
    mu = grid(c["mu"])
    first = (np.inf, None)
    for tilt in grid(c["tilt_deg"]):
        for spin in grid(c["spin"]):
            body = nb10.falling_rod(tilt, spin)
            r = -body.position
            K = contact.collision_matrix(body.mass, contact.inverse_inertia_world(body.inertia_body, body.orientation), r)
            v = contact.relative_velocity(body.velocity, body.angular_velocity, r)
            assert v[2] < 0                                             # every slider position is an impact
            dT = contact.energy_change(v, K, contact.contact_impulse(v, [0, 0, 1], K, e, mu).J)
            i, k = np.nonzero(dT > 1e-12 * body.kinetic_energy)
            if i.size and e[i.min(), 0] < first[0]:
                first = (e[i.min(), 0], (mu[k[np.argmin(i)]], tilt, spin))
    assert first[0] == pytest.approx(0.834)
    assert first[1] == pytest.approx((0.5, 45.0, -5.0))


def test_sticking_gain_threshold_and_corner_landing_boxes_gain_only_above_about_0_7():
    # notebook 10, pitfall 3: a sticking contact can gain energy only when e² > 1/(K_nn (K⁻¹)_nn), and for uniform
    # boxes landing on a corner that needs e ≳ 0.7 (the small thresholds need a lever arm of several radii of gyration)
    from rbteach import quaternion as Q

    rng = np.random.default_rng(17)
    n = np.array([0.0, 0.0, 1.0])
    lowest = 1.0
    for _ in range(400):
        edges = rng.uniform(0.05, 1.0, size=3)
        q = Q.normalize(rng.normal(size=4))
        corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]) * edges / 2
        world = Q.rotate(q, corners)
        r = world[np.argmin(world[:, 2])]                          # the lowest corner touches the floor
        K = contact.collision_matrix(1.0, contact.inverse_inertia_world(inertia.box(1.0, *edges), q), r)
        e_min = np.sqrt(1.0 / (K[2, 2] * np.linalg.inv(K)[2, 2]))
        lowest = min(lowest, e_min)
        # with the least favourable slip before (the one that minimises v·K⁻¹v at v_n = −1) the sticking impulse
        # gains energy just above that e and loses just below it
        Kinv = np.linalg.inv(K)
        v_before = np.r_[np.linalg.solve(Kinv[:2, :2], Kinv[:2, 2]), -1.0]
        v_t = v_before - (v_before @ n) * n
        for e, gains in ((e_min * 1.01, True), (e_min * 0.99, False)):
            if e > 1.0:
                continue
            J = np.linalg.solve(K, -(1 + e) * (v_before @ n) * n - v_t)
            dT = v_before @ J + 0.5 * J @ K @ J
            assert (dT > 0) == gains
    assert 0.65 < lowest < 0.75
