"""rbteach.contact: the contact impulse against momentum and energy identities and a hand-worked case."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import contact as C
from rbteach import inertia, quaternion as Q
from rbteach.body import RigidBody


def _random_pair(rng):
    """Two bodies in generic attitudes, touching at p, approaching along a generic normal."""
    a = RigidBody(1.3, inertia.box(1.3, 0.6, 0.3, 0.2), position=[0.2, -0.1, 0.4],
                  velocity=rng.normal(size=3), angular_velocity=rng.normal(size=3),
                  orientation=Q.normalize(rng.normal(size=4)))
    b = RigidBody(2.1, inertia.solid_cylinder(2.1, 0.15, 0.7), position=[1.0, 0.3, -0.2],
                  velocity=rng.normal(size=3), angular_velocity=rng.normal(size=3),
                  orientation=Q.normalize(rng.normal(size=4)))
    p = np.array([0.6, 0.1, 0.05])
    n = rng.normal(size=3)
    n /= np.linalg.norm(n)
    r_a, r_b = p - a.position, p - b.position
    v_rel = C.relative_velocity(a.velocity, a.angular_velocity, r_a, b.velocity, b.angular_velocity, r_b)
    if v_rel @ n > 0:
        n = -n                                            # make them approach
    return a, b, p, n


def _momenta(bodies):
    P = sum(b.linear_momentum for b in bodies)
    L = sum(np.cross(b.position, b.linear_momentum) + b.angular_momentum for b in bodies)   # about the origin
    T = sum(b.kinetic_energy for b in bodies)
    return P, L, T


def _state(a, b, p):
    r_a, r_b = p - a.position, p - b.position
    A_a = C.inverse_inertia_world(a.inertia_body, a.orientation)
    A_b = C.inverse_inertia_world(b.inertia_body, b.orientation)
    K = C.collision_matrix(a.mass, A_a, r_a, b.mass, A_b, r_b)
    v = C.relative_velocity(a.velocity, a.angular_velocity, r_a, b.velocity, b.angular_velocity, r_b)
    return K, v


@pytest.mark.parametrize("e", [0.0, 0.35, 1.0])
@pytest.mark.parametrize("mu", [0.0, 0.4])
def test_two_bodies_conserve_momentum_and_angular_momentum_exactly(e, mu):
    rng = np.random.default_rng(7)
    for _ in range(5):
        a, b, p, n = _random_pair(rng)
        P0, L0, _ = _momenta((a, b))
        out = C.collide(a, p, n, e=e, mu=mu, body_b=b)
        assert np.linalg.norm(out.J) > 1e-3
        P1, L1, _ = _momenta((a, b))
        np.testing.assert_allclose(P1, P0, atol=1e-12)
        np.testing.assert_allclose(L1, L0, atol=1e-12)


@pytest.mark.parametrize("e", [0.0, 0.35, 0.8, 1.0])
def test_frictionless_restitution_law_and_energy_closed_form(e):
    rng = np.random.default_rng(11)
    for _ in range(5):
        a, b, p, n = _random_pair(rng)
        K, v = _state(a, b, p)
        _, _, T0 = _momenta((a, b))
        j = C.normal_impulse(v, n, K, e)
        # the denominator of the formula, written out as in the notebook
        r_a, r_b = p - a.position, p - b.position
        A_a = C.inverse_inertia_world(a.inertia_body, a.orientation)
        A_b = C.inverse_inertia_world(b.inertia_body, b.orientation)
        denom = 1 / a.mass + 1 / b.mass + n @ (np.cross(A_a @ np.cross(r_a, n), r_a) + np.cross(A_b @ np.cross(r_b, n), r_b))
        assert j == pytest.approx(-(1 + e) * (v @ n) / denom, rel=1e-12)
        out = C.collide(a, p, n, e=e, body_b=b)
        assert out.normal == pytest.approx(j, rel=1e-12) and np.allclose(out.tangential, 0, atol=1e-14)
        K1, v1 = _state(a, b, p)
        assert v1 @ n == pytest.approx(-e * (v @ n), rel=1e-10, abs=1e-12)     # v_rel⁺·n = −e v_rel⁻·n
        _, _, T1 = _momenta((a, b))
        lost = 0.5 * (1 - e ** 2) * (v @ n) ** 2 / denom                        # ½ (1 − e²) m_eff (v_n)²
        assert T0 - T1 == pytest.approx(lost, rel=1e-10, abs=1e-12)
        assert C.energy_change(v, K, out.J) == pytest.approx(T1 - T0, rel=1e-10, abs=1e-12)
        if e == 1.0:
            assert abs(T1 - T0) < 1e-12 * T0
        else:
            assert T0 - T1 > 1e-3


def test_wall_is_the_infinite_mass_limit_of_a_second_body():
    rng = np.random.default_rng(3)
    a, b, p, n = _random_pair(rng)
    r_a = p - a.position
    A_a = C.inverse_inertia_world(a.inertia_body, a.orientation)
    K_wall = C.collision_matrix(a.mass, A_a, r_a)
    huge = C.collision_matrix(a.mass, A_a, r_a, 1e12, A_a * 1e-12, [0.1, 0.2, 0.3])
    np.testing.assert_allclose(huge, K_wall, atol=1e-10)
    v = C.relative_velocity(a.velocity, a.angular_velocity, r_a)
    if v @ n > 0:
        n = -n
    out = C.collide(a, p, n, e=0.6)
    v1 = a.velocity + np.cross(a.angular_velocity, r_a)
    assert v1 @ n == pytest.approx(-0.6 * (v @ n), rel=1e-10)


def _rod(theta_deg, V, spin=0.0, vx=0.0, m=1.0, L=1.0):
    """A thin rod (axis body x, I_c = m L²/12 about y and z, a tiny axial moment) tilted by θ above
    the floor, its lower end at the origin, falling with velocity (vx, 0, −V) and spin ω_y."""
    th = np.radians(theta_deg)
    q = Q.from_axis_angle([0, 1, 0], -th)            # body x → (cos θ, 0, sin θ)
    u = Q.rotate(q, [1.0, 0.0, 0.0])
    I = np.diag([1e-4, m * L ** 2 / 12, m * L ** 2 / 12])
    return RigidBody(m, I, position=L / 2 * u, orientation=q, velocity=[vx, 0.0, -V],
                     angular_velocity=[0.0, spin, 0.0])


def test_hand_worked_rod_hitting_the_floor_at_30_degrees():
    """By hand: r = −(L/2)(cos θ, 0, sin θ), n = z: n·((I⁻¹(r × n)) × r) = 3 cos²θ / m, so
    j = (1 + e) m V / (1 + 3 cos²θ). θ = 30°, m = L = 1, V = 2 m/s, e = 0.5: j = 12/13 N s,
    v_z⁺ = −2 + 12/13 = −14/13 m/s, ω_y⁺ = 6 j cos θ / (m L) = 36√3/13 rad/s, and the end rises at
    −14/13 + ω_y (L/2) cos θ = −14/13 + 27/13 = 1 m/s = e V."""
    rod = _rod(30.0, 2.0)
    out = C.collide(rod, [0.0, 0.0, 0.0], [0, 0, 1], e=0.5)
    assert out.normal == pytest.approx(12 / 13, rel=1e-12)
    np.testing.assert_allclose(rod.velocity, [0.0, 0.0, -14 / 13], atol=1e-12)
    np.testing.assert_allclose(rod.angular_velocity, [0.0, 36 * np.sqrt(3) / 13, 0.0], atol=1e-12)
    end = rod.velocity + np.cross(rod.angular_velocity, -rod.position)
    # the end also slides outwards: x-velocity ω_y r_z = −(36√3/13)(L/2) sin θ = −9√3/13 m/s
    np.testing.assert_allclose(end, [-9 * np.sqrt(3) / 13, 0.0, 1.0], atol=1e-12)
    # energy: T⁻ = ½ m V² = 2 J; lost ½ (1 − e²) m_eff V² with m_eff = m / (1 + 3 cos²θ) = 4/13 kg
    assert 2.0 - rod.kinetic_energy == pytest.approx(0.5 * 0.75 * (4 / 13) * 4.0, rel=1e-12)


def test_friction_sticks_when_mu_is_large_and_slides_on_the_cone_otherwise():
    for theta, spin, vx in ((30.0, 0.0, 0.0), (55.0, 3.0, 0.8), (70.0, -4.0, -0.5)):
        stuck = _rod(theta, 2.0, spin, vx)
        out = C.collide(stuck, [0.0, 0.0, 0.0], [0, 0, 1], e=0.4, mu=5.0)
        assert out.sticking
        end = stuck.velocity + np.cross(stuck.angular_velocity, -stuck.position)
        np.testing.assert_allclose(end, [0.0, 0.0, 0.4 * 2.0 - 0.4 * (spin * 0.5 * np.cos(np.radians(theta)))],
                                   atol=1e-12)                         # no slip after; normal: −e v_n
        slid = _rod(theta, 2.0, spin, vx)
        before = slid.velocity + np.cross(slid.angular_velocity, -slid.position)
        out = C.collide(slid, [0.0, 0.0, 0.0], [0, 0, 1], e=0.4, mu=0.05)
        assert not out.sticking
        assert np.linalg.norm(out.tangential) == pytest.approx(0.05 * out.normal, rel=1e-12)   # on the cone
        end = slid.velocity + np.cross(slid.angular_velocity, -slid.position)
        assert end[2] == pytest.approx(-0.4 * before[2], rel=1e-12)                          # still −e v_n
        assert abs(end[0]) > 1e-3                                                             # still slipping


def test_ball_with_backspin_friction_opposes_the_slip_and_dissipates():
    m, R = 0.2, 0.05
    ball = RigidBody(m, inertia.solid_sphere(m, R), position=[0, 0, R], velocity=[2.0, 0.0, -3.0],
                     angular_velocity=[0.0, -40.0, 0.0])            # backspin: bottom point slips forward faster
    T0 = ball.kinetic_energy
    slip = ball.velocity + np.cross(ball.angular_velocity, [0, 0, -R])
    out = C.collide(ball, [0, 0, 0], [0, 0, 1], e=0.7, mu=0.2)
    assert not out.sticking and out.tangential[0] < 0 < slip[0]     # against the slip
    assert abs(out.tangential[1]) < 1e-15
    assert np.linalg.norm(out.tangential) == pytest.approx(0.2 * out.normal, rel=1e-12)
    # the ball: no n–t coupling (r ∥ n), so the normal impulse is the frictionless one
    assert out.normal == pytest.approx(1.7 * m * 3.0, rel=1e-12)
    assert ball.kinetic_energy < T0


def test_the_two_friction_branches_meet_on_the_cone():
    rod = _rod(40.0, 2.0, 1.0, 0.3)
    r = -rod.position
    K = C.collision_matrix(rod.mass, C.inverse_inertia_world(rod.inertia_body, rod.orientation), r)
    v = C.relative_velocity(rod.velocity, rod.angular_velocity, r)
    stick = C.contact_impulse(v, [0, 0, 1], K, 0.3, 10.0)
    mu_edge = np.linalg.norm(stick.tangential) / stick.normal
    below = C.contact_impulse(v, [0, 0, 1], K, 0.3, mu_edge * (1 - 1e-9))
    assert not below.sticking and stick.sticking
    np.testing.assert_allclose(below.J, stick.J, rtol=1e-7)


def test_vectorised_over_a_batch_of_restitutions_and_frictions():
    rod = _rod(35.0, 2.0, 2.0, 0.4)
    r = -rod.position
    K = C.collision_matrix(rod.mass, C.inverse_inertia_world(rod.inertia_body, rod.orientation), r)
    v = C.relative_velocity(rod.velocity, rod.angular_velocity, r)
    e = np.linspace(0, 1, 5)[:, None]
    mu = np.array([0.0, 0.1, 2.0])
    out = C.contact_impulse(v, [0, 0, 1], K, e, mu)
    assert out.J.shape == (5, 3, 3) and out.sticking.shape == (5, 3)
    for i in range(5):
        for k in range(3):
            one = C.contact_impulse(v, [0, 0, 1], K, float(e[i, 0]), float(mu[k]))
            np.testing.assert_allclose(out.J[i, k], one.J, atol=1e-14)
            assert out.sticking[i, k] == one.sticking
    np.testing.assert_allclose(C.normal_impulse(v, [0, 0, 1], K, e[:, 0]), out.normal[:, 0], rtol=1e-12)


def test_a_contact_that_is_not_approaching_gets_zero_impulse():
    rod = _rod(30.0, -1.0)                                  # moving up: separating
    before = rod.velocity.copy()
    out = C.collide(rod, [0, 0, 0], [0, 0, 1], e=0.5, mu=0.5)
    assert np.all(out.J == 0) and out.normal == 0 and not out.sticking
    np.testing.assert_array_equal(rod.velocity, before)
    K = np.eye(3)
    assert C.normal_impulse([1.0, 0.0, 0.0], [0, 0, 1], K, 0.5) == 0.0   # resting/sliding along: v_n = 0
    batch = C.normal_impulse([[0, 0, -1.0], [0, 0, 1.0]], [0, 0, 1], K, 1.0)
    np.testing.assert_allclose(batch, [2.0, 0.0])


def test_normal_is_normalised():
    K = np.diag([2.0, 2.0, 2.0])
    assert C.normal_impulse([0, 0, -1.0], [0, 0, 5.0], K, 1.0) == pytest.approx(1.0)


GOOD = dict(v_rel=[0.0, 0.0, -1.0], normal=[0.0, 0.0, 1.0], K=np.eye(3), e=0.5)
A_OK = np.linalg.inv(inertia.box(1.0, 0.3, 0.2, 0.1))


@pytest.mark.parametrize("fn, kw, word", [
    (C.normal_impulse, dict(GOOD, e=1.2), "e must be a coefficient of restitution between 0 and 1"),
    (C.normal_impulse, dict(GOOD, e=-0.1), "e must be"),
    (C.normal_impulse, dict(GOOD, normal=[0.0, 0.0, 0.0]), "normal must be a non-zero vector"),
    (C.normal_impulse, dict(GOOD, normal=[0.0, np.nan, 1.0]), "normal must be finite"),
    (C.normal_impulse, dict(GOOD, v_rel="up"), "v_rel must be numeric"),
    (C.normal_impulse, dict(GOOD, K=np.diag([1.0, -1.0, 1.0])), "K must be positive definite"),
    (C.normal_impulse, dict(GOOD, K=[[1, 2, 0], [0, 1, 0], [0, 0, 1]]), "K must be symmetric"),
    (C.contact_impulse, dict(GOOD, mu=-0.2), "mu must be a friction coefficient >= 0"),
    (C.contact_impulse, dict(GOOD, e=2.0), "e must be"),
    (C.collision_matrix, dict(mass_a=0.0, inv_inertia_a=A_OK, r_a=[0.1, 0, 0]), "mass_a must be > 0"),
    (C.collision_matrix, dict(mass_a=1.0, inv_inertia_a=A_OK, r_a=[0.1, 0, 0], mass_b=-2.0,
                              inv_inertia_b=A_OK, r_b=[0, 0, 0]), "mass_b must be > 0"),
    (C.collision_matrix, dict(mass_a=1.0, inv_inertia_a=np.diag([1.0, 1.0, 0.0]), r_a=[0.1, 0, 0]),
     "inv_inertia_a must be positive definite"),
    (C.collision_matrix, dict(mass_a=1.0, inv_inertia_a=np.diag([1.0, 1.0, 0.1]), r_a=[0.1, 0, 0]),
     "inv_inertia_a is not the inverse of a physical inertia tensor"),
    (C.collision_matrix, dict(mass_a=1.0, inv_inertia_a=[[1, 0.5, 0], [0, 1, 0], [0, 0, 1]], r_a=[0.1, 0, 0]),
     "inv_inertia_a must be symmetric"),
    (C.collision_matrix, dict(mass_a=1.0, inv_inertia_a=A_OK, r_a=[0.1, 0, 0], mass_b=1.0), "given together"),
    (C.inverse_inertia_world, dict(inertia_body=np.diag([1.0, 1.0, 3.0]), q_r=[1, 0, 0, 0]), "triangle"),
    (C.inverse_inertia_world, dict(inertia_body=np.eye(3), q_r=[0, 0, 0, 0]), "q_r must be a non-zero"),
    (C.relative_velocity, dict(v_a=[0, 0, 1], omega_a=[0, 0, 0], r_a=[0, 0, 0], v_b=[0, 0, 0]), "given together"),
])
def test_bad_input_names_the_argument(fn, kw, word):
    with pytest.raises(ValueError, match=word):
        fn(**kw)


def test_collide_checks_its_arguments():
    rod = _rod(30.0, 2.0)
    with pytest.raises(ValueError, match="e must be"):
        C.collide(rod, [0, 0, 0], [0, 0, 1], e=1.5)
    with pytest.raises(ValueError, match="mu must be"):
        C.collide(rod, [0, 0, 0], [0, 0, 1], e=0.5, mu=-1)
    with pytest.raises(ValueError, match="normal must be a non-zero"):
        C.collide(rod, [0, 0, 0], [0, 0, 0], e=0.5)
    with pytest.raises(ValueError, match="point"):
        C.collide(rod, [0, 0], [0, 0, 1], e=0.5)
    np.testing.assert_array_equal(rod.velocity, [0.0, 0.0, -2.0])     # nothing applied


def _random_floor_contacts(rng, count):
    """``count`` single bodies (generic physical tensors, attitudes, lever arms) landing on a floor."""
    from rbteach.quaternion import normalize

    while True:
        moments = rng.uniform(0.05, 1.0, size=(4 * count, 3))
        ok = np.all(moments.sum(axis=1, keepdims=True) - moments >= moments, axis=1)   # triangle inequality
        if ok.sum() >= count:
            break
    I = np.zeros((count, 3, 3))
    I[:, [0, 1, 2], [0, 1, 2]] = moments[ok][:count]
    A = C.inverse_inertia_world(I, normalize(rng.normal(size=(count, 4))))
    K = C.collision_matrix(1.0, A, rng.normal(size=(count, 3)))
    v = rng.normal(size=(count, 3))
    v[:, 2] = -np.abs(v[:, 2]) - 0.05                                  # approaching the floor
    return K, v


def test_sticking_with_e_zero_always_loses_half_v_Kinv_v():
    K, v = _random_floor_contacts(np.random.default_rng(11), 2000)
    out = C.contact_impulse(v, [0, 0, 1], K, 0.0, 50.0)
    stick = out.sticking
    assert stick.mean() > 0.5                                       # most of them stick at μ = 50
    dT = C.energy_change(v, K, out.J)
    loss = 0.5 * np.einsum("ki,ki->k", v, np.linalg.solve(K, v[..., None])[..., 0])
    np.testing.assert_allclose(dT[stick], -loss[stick], rtol=1e-9, atol=1e-12)
    assert np.all(dT < 0)                                           # and e = 0 loses, sticking or sliding


def test_newton_law_with_friction_can_gain_energy_well_below_e_1_sticking_or_sliding():
    # Kane's paradox, as notebook 10's pitfall 3 says: not only near e = 1 for every contact
    K, v = _random_floor_contacts(np.random.default_rng(5), 20000)
    for e, stick_wanted in ((0.4, True), (0.6, False)):
        out = C.contact_impulse(v, [0, 0, 1], K, e, 1.0)
        dT = C.energy_change(v, K, out.J)
        assert np.any((dT > 1e-6) & (out.sticking == stick_wanted)), (e, stick_wanted)
    # ... while a ball (r ∥ n, no coupling) never gains, for any e and mu
    m, R = 0.2, 0.05
    Kb = C.collision_matrix(m, C.inverse_inertia_world(inertia.solid_sphere(m, R), [1, 0, 0, 0]), [0, 0, -R])
    e = np.linspace(0, 1, 11)[:, None]
    mu = np.linspace(0, 2, 9)
    for vb in v[:200]:
        out = C.contact_impulse(vb, [0, 0, 1], Kb, e, mu)
        assert np.all(C.energy_change(vb, Kb, out.J) <= 1e-12)


def _coulomb_through_the_impact(v, K, e, mu, steps=20000):
    """Coulomb's law followed through the impact of a body on the floor z = 0 (Routh's method in the
    plane, Darboux-Keller in 3-D): small steps of normal impulse, friction μ against the current slip
    (or the sticking ratio once the slip has stopped, if it lies in the cone), ended by Newton's law
    v_n⁺ = −e v_n⁻. A reference for the one-step model's claims (module docstring)."""
    v = np.array(v, dtype=float)
    vn0, J = v[2], np.zeros(3)
    dj = -(1 + e) * vn0 / K[2, 2] / steps
    Ktt, Ktn = K[:2, :2], K[:2, 2]
    held = -np.linalg.solve(Ktt, Ktn)                     # dJ_t/dJ_n that keeps the slip at zero
    while v[2] < -e * vn0:
        slip = v[:2]
        if np.linalg.norm(slip) > 1e-9 or np.linalg.norm(held) > mu:
            if np.linalg.norm(slip) > 1e-9:
                u = slip / np.linalg.norm(slip)
            else:                                         # slip starts from rest: along the ray it grows on
                a = np.linspace(0.0, 2 * np.pi, 7201)[:, None]
                U = np.hstack([np.cos(a), np.sin(a)])
                grow = Ktn - mu * U @ Ktt.T
                u = U[np.argmax(np.sum(grow * U, axis=1) / np.linalg.norm(grow, axis=1))]
            d = np.r_[-mu * u, 1.0]
        else:
            d, v[:2] = np.r_[held, 1.0], 0.0
        J += d * dj
        v += K @ (d * dj)
    return J


def test_the_one_step_friction_impulse_is_coulombs_law_through_the_impact_where_the_docstring_says():
    n = [0.0, 0.0, 1.0]
    # planar rod (notebook 10's pitfall 3): the slip stops part-way and stays stopped → J_stick
    for theta, spin, e, mu in ((50.0, -5.0, 1.0, 1.0), (30.0, 0.0, 0.5, 0.1), (40.0, 0.0, 0.6, 1.0)):
        rod = _rod(theta, 3.0, spin)
        r = -rod.position
        K = C.collision_matrix(rod.mass, C.inverse_inertia_world(rod.inertia_body, rod.orientation), r)
        v = C.relative_velocity(rod.velocity, rod.angular_velocity, r)
        np.testing.assert_allclose(_coulomb_through_the_impact(v, K, e, mu), C.contact_impulse(v, n, K, e, mu).J,
                                   atol=2e-3 * np.linalg.norm(C.contact_impulse(v, n, K, e, mu).J))
    # a body turned in 3-D, starting without slip but sliding: the slip turns and the impulses differ
    K = C.collision_matrix(1.0, C.inverse_inertia_world(inertia.box(1.0, 0.9, 0.5, 0.3),
                                                        Q.from_axis_angle([1.0, 2.0, -0.5], 1.1)), [0.4, -0.3, -0.2])
    v = np.array([0.0, 0.0, -2.0])
    one = C.contact_impulse(v, n, K, 0.5, 0.3)
    assert not one.sticking
    assert np.linalg.norm(_coulomb_through_the_impact(v, K, 0.5, 0.3) - one.J) > 5e-3 * np.linalg.norm(one.J)


@pytest.mark.parametrize("label, K", [("-K", -np.eye(3)), ("singular", np.diag([1.0, 2.0, 0.0])),
                                      ("non-symmetric", np.array([[1.0, 0.4, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]))])
def test_every_function_taking_K_refuses_the_same_matrices(label, K):
    """Issue 17 §1: energy_change accepted −I, a singular K and a non-symmetric K that normal_impulse refuses."""
    v, n, J = np.array([0.2, 0.0, -1.0]), np.array([0.0, 0.0, 1.0]), np.array([0.0, 0.0, 0.5])
    messages = []
    for call in (lambda: C.normal_impulse(v, n, K, 0.5), lambda: C.contact_impulse(v, n, K, 0.5, 0.3),
                 lambda: C.energy_change(v, K, J)):
        with pytest.raises(ValueError, match=r"^K must be") as err:
            call()
        messages.append(str(err.value))
    assert len(set(messages)) == 1                       # one check, one message


def test_a_subnormal_inverse_inertia_is_refused_by_name_without_warnings():
    """Fuzzing (issue 17 §1 siblings): 1/eigenvalue overflowed with a RuntimeWarning."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^inv_inertia_a has an eigenvalue .* below 2.2e-308"):
            C.collision_matrix(1.0, np.diag([1e-320, 6.665e-321, 5e-321]), [0.0, 0.0, 1.0])
