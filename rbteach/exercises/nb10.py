"""Self-checks for notebook 10 (collisions).

Every check is an :class:`~rbteach.exercises.Exercise` judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data are module constants, so the
notebook's statement and the check agree; expected values come from :mod:`rbteach.contact`. Each
hint is the value a typical mistake gives (the rotation term of the denominator forgotten, sin for
cos, the rod's moment about its end, ``e`` for ``1 + e``, ``1 − e`` for ``1 − e²``, a missing ½,
friction assumed to stick, the spin forgotten, friction pushing along the slip), and the data are
chosen so that every one of them is clearly wrong (tests/test_exercises_student.py).
"""

from __future__ import annotations

import numpy as np

from .. import contact as _contact
from .. import inertia as _inertia
from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["EX1_MASS", "EX1_LENGTH", "EX1_TILT_DEG", "EX1_SPEED", "EX1_E",
           "EX2_ROD_MASS", "EX2_ROD_LENGTH", "EX2_BALL_MASS", "EX2_BALL_RADIUS", "EX2_BALL_SPEED", "EX2_E",
           "EX3_MASS", "EX3_RADIUS", "EX3_VELOCITY", "EX3_SPIN", "EX3_E", "EX3_MU",
           "thin_rod", "check_rod_impulse", "check_energy_lost", "check_backspin"]

#: Exercise 1: a thin uniform rod (kg, m) at EX1_TILT_DEG to the floor, not spinning, falls at
#: EX1_SPEED (m/s) onto a smooth floor (no friction) and hits it with one end; restitution EX1_E.
EX1_MASS = 0.8
EX1_LENGTH = 1.2
EX1_TILT_DEG = 40.0
EX1_SPEED = 2.5
EX1_E = 0.7

#: Exercise 2: a thin uniform rod (kg, m) rests on smooth ice; a ball (solid sphere, kg, m) slides
#: square to the rod at EX2_BALL_SPEED (m/s) and hits one end; restitution EX2_E, no friction.
EX2_ROD_MASS = 1.2
EX2_ROD_LENGTH = 0.9
EX2_BALL_MASS = 0.5
EX2_BALL_RADIUS = 0.05
EX2_BALL_SPEED = 3.0
EX2_E = 0.6

#: Exercise 3: a ball (solid sphere, kg, m) hits the floor with velocity EX3_VELOCITY (m/s, x–z) and
#: backspin ω_y = EX3_SPIN (rad/s); restitution EX3_E, friction coefficient EX3_MU.
EX3_MASS = 0.058
EX3_RADIUS = 0.033
EX3_VELOCITY = (4.0, 0.0, -5.0)
EX3_SPIN = -60.0
EX3_E = 0.75
EX3_MU = 0.15


def thin_rod(mass, length) -> np.ndarray:
    """A thin rod's tensor along z for the contact functions: ``inertia.rod`` (``m L²/12`` about x
    and y) plus a negligible axial moment (``1e-9 m L²``) so that it can be inverted."""
    return _inertia.rod(mass, length) + np.diag([0.0, 0.0, 1e-9 * mass * length ** 2])


# --------------------------------------------------------------------------- Exercise 1
def _rod_impulse():
    j, hints = _rod_impulse_at(np.radians(EX1_TILT_DEG))
    hints[Hint("degrees-for-radians", "the tilt went in as degrees where radians are expected (np.cos and "
               "np.sin take radians): convert with np.radians first.")] = _rod_impulse_at(float(EX1_TILT_DEG))[0]
    return j, hints


def _rod_impulse_at(th):
    """``(j, hints)`` for the rod at the tilt ``th`` (radians)."""
    m, L, V, e = EX1_MASS, EX1_LENGTH, EX1_SPEED, EX1_E
    q = _q.from_axis_angle([0.0, 1.0, 0.0], np.pi / 2 - th)       # rod axis z → (cos θ, 0, sin θ)
    u = _q.rotate(q, [0.0, 0.0, 1.0])
    r = -0.5 * L * u                                                # centre of mass → lower end
    K = _contact.collision_matrix(m, _contact.inverse_inertia_world(thin_rod(m, L), q), r)
    j = float(_contact.normal_impulse([0.0, 0.0, -V], [0.0, 0.0, 1.0], K, e))
    c2, s2 = np.cos(th) ** 2, np.sin(th) ** 2
    return j, {
        Hint("rotation-forgotten",
             "the rod also turns: the denominator has n·((I⁻¹(r × n)) × r) = 3 cos²θ/m besides 1/m."):
            (1 + e) * m * V,
        Hint("sin-for-cos", "the lever arm's part across n is (L/2) cos θ (r × n), not (L/2) sin θ."):
            (1 + e) * m * V / (1 + 3 * s2),
        Hint("end-moment-for-com",
             "the free rod turns about its centre of mass: I = m L²/12, not m L²/3 about its end."):
            (1 + e) * m * V / (1 + 0.75 * c2),
        Hint("e-for-one-plus-e",
             "the impulse has (1 + e), not e: it first stops the end, then sends it back at e times its speed."):
            e * m * V / (1 + 3 * c2),
    }


check_rod_impulse = Exercise(
    "normal impulse on the rod", lambda: _rod_impulse()[0], hints=lambda: _rod_impulse()[1],
    doc="Exercise 1: the size j (N s) of the floor's impulse on the rod.")


# --------------------------------------------------------------------------- Exercise 2
def _energy_lost():
    m_a, L, m_b, R, V, e = EX2_ROD_MASS, EX2_ROD_LENGTH, EX2_BALL_MASS, EX2_BALL_RADIUS, EX2_BALL_SPEED, EX2_E
    # rod along z at the origin; the ball comes along −y and hits the end (0, 0, L/2)
    p = np.array([0.0, 0.0, 0.5 * L])
    n = np.array([0.0, -1.0, 0.0])                                  # from the ball (B) to the rod (A)
    x_b = p - R * n
    A_a = _contact.inverse_inertia_world(thin_rod(m_a, L), [1.0, 0.0, 0.0, 0.0])
    A_b = _contact.inverse_inertia_world(_inertia.solid_sphere(m_b, R), [1.0, 0.0, 0.0, 0.0])
    K = _contact.collision_matrix(m_a, A_a, p, m_b, A_b, p - x_b)
    v_rel = _contact.relative_velocity([0, 0, 0], [0, 0, 0], p, [0.0, -V, 0.0], [0, 0, 0], p - x_b)
    J = _contact.contact_impulse(v_rel, n, K, e).J
    lost = -float(_contact.energy_change(v_rel, K, J))
    m_eff = 1.0 / float(n @ K @ n)
    m_point = 1.0 / (1.0 / m_a + 1.0 / m_b)
    return lost, {
        Hint("rotation-forgotten",
             "the rod also turns when hit at its end: 1/m_eff = 1/m_rod + 1/m_ball + (L/2)²/(m L²/12)."):
            0.5 * (1 - e ** 2) * m_point * V ** 2,
        Hint("one-minus-e",
             "the energy lost has (1 − e²), not (1 − e): the relative speed after is e times the speed before."):
            0.5 * (1 - e) * m_eff * V ** 2,
        Hint("missing-half",
             "kinetic energy has a ½: ΔT = −½ (1 − e²) m_eff (v_rel·n)²."): (1 - e ** 2) * m_eff * V ** 2,
        Hint("energy-kept",
             "that is the energy the relative motion keeps, ½ e² m_eff v²; the question asks for what is lost."):
            0.5 * e ** 2 * m_eff * V ** 2,
    }


check_energy_lost = Exercise(
    "kinetic energy lost", lambda: _energy_lost()[0], hints=lambda: _energy_lost()[1],
    doc="Exercise 2: the kinetic energy (J) the collision of ball and rod turns into heat and sound.")


# --------------------------------------------------------------------------- Exercise 3
def _ball_after(mu, spin):
    m, R = EX3_MASS, EX3_RADIUS
    r = np.array([0.0, 0.0, -R])
    A = _contact.inverse_inertia_world(_inertia.solid_sphere(m, R), [1.0, 0.0, 0.0, 0.0])
    K = _contact.collision_matrix(m, A, r)
    v_rel = _contact.relative_velocity(EX3_VELOCITY, [0.0, spin, 0.0], r)
    out = _contact.contact_impulse(v_rel, [0.0, 0.0, 1.0], K, EX3_E, mu)
    return EX3_VELOCITY[0] + out.J[0] / m, out


def _backspin():
    vx, out = _ball_after(EX3_MU, EX3_SPIN)
    stick_vx, _ = _ball_after(1e3, EX3_SPIN)
    nospin_vx, _ = _ball_after(EX3_MU, 0.0)
    jn = out.normal
    return vx, {
        Hint("sticking-assumed",
             "the needed tangential impulse m|v_t|/3.5 is more than μ j_n: the ball slides, and friction is "
             "μ j_n, not what would stop the slip."): stick_vx,
        Hint("friction-forgotten",
             "with friction the ball's forward speed changes: J_t = μ j_n against the slip."): EX3_VELOCITY[0],
        Hint("friction-limit",
             "the friction limit is μ times the whole normal impulse j_n = (1 + e) m |v_z|, not μ m |v_z|."):
            EX3_VELOCITY[0] - EX3_MU * EX3_MASS * abs(EX3_VELOCITY[2]) / EX3_MASS,
        Hint("spin-forgotten",
             "the contact point slips with v + ω × r, r = (0, 0, −R): the backspin adds R|ω| to the slip."):
            nospin_vx,
        Hint("friction-along-slip",
             "friction acts against the slip of the contact point (here backwards), not along it."):
            EX3_VELOCITY[0] + EX3_MU * jn / EX3_MASS,
    }


check_backspin = Exercise(
    "forward speed after the bounce", lambda: _backspin()[0], hints=lambda: _backspin()[1],
    doc="Exercise 3: the ball's horizontal speed v_x (m/s) just after the bounce.")
