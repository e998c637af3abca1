"""Self-checks for notebook 04 (forces and impulses).

Every check is an :class:`~rbteach.exercises.Exercise` judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data of each exercise are module
constants, so the notebook's statement and the check agree; expected values come from
:mod:`rbteach.inertia` and :class:`rbteach.body.RigidBody`. Each hint is the value a typical
mistake gives (the moment of inertia about the end instead of the centre, the lever arm measured
from the wrong point, the centre of percussion measured from the centre of mass, the energy formula
of a body at rest used for a moving one, a missing ½, the radius of gyration about the end, the
hold measured from the wrong point, a simple pendulum of the wrong length), and the data are chosen
so that every one of them is clearly wrong (tests/test_exercises_student.py).
"""

from __future__ import annotations

import numpy as np

from .. import inertia as _inertia
from .. import percussion as _pc
from ..body import RigidBody
from . import Exercise, Hint

__all__ = ["EX1_MASS", "EX1_LENGTH", "EX1_IMPULSE", "EX2_HANDLE_MASS", "EX2_HANDLE_LENGTH",
           "EX2_HEAD_MASS", "EX3_MASS", "EX3_EDGES", "EX3_POSITION", "EX3_VELOCITY",
           "EX3_ANGULAR_VELOCITY", "EX3_J", "EX3_POINT", "EX4_MASS", "EX4_LENGTH", "EX4_HOLD", "EX5_G",
           "check_rod_spin", "check_hammer_percussion", "check_impulse_energy", "check_choked_sweet_spot",
           "check_hammer_period"]

#: Exercise 1: a thin uniform rod (kg, m) at rest, hit at one end, square to it, by EX1_IMPULSE (N s).
EX1_MASS = 1.5
EX1_LENGTH = 0.9
EX1_IMPULSE = 2.0

#: Exercise 2: a hammer — a thin uniform handle (kg, m) held at one end, a point-mass head (kg) at the other.
EX2_HANDLE_MASS = 0.6
EX2_HANDLE_LENGTH = 0.8
EX2_HEAD_MASS = 0.4

#: Exercise 3: a box (kg; edges along x, y, z in m), unrotated, its centre of mass at EX3_POSITION (m),
#: already moving with EX3_VELOCITY (m/s) and spinning with EX3_ANGULAR_VELOCITY (rad/s, world),
#: is hit by EX3_J (N s) at the world point EX3_POINT (m).
EX3_MASS = 2.0
EX3_EDGES = (0.4, 0.2, 0.1)
EX3_POSITION = (1.0, 0.5, 0.0)
EX3_VELOCITY = (0.5, -1.0, 0.2)
EX3_ANGULAR_VELOCITY = (0.5, -1.0, 2.0)
EX3_J = (0.0, 3.0, 1.0)
EX3_POINT = (1.2, 0.55, 0.05)


# --------------------------------------------------------------------------- Exercise 1
def _rod_spin():
    """``(ω, hints)`` of Exercise 1: ``ω = H / I_c`` with ``H = (L/2) J`` and ``I_c = m L²/12``."""
    m, L, J = EX1_MASS, EX1_LENGTH, EX1_IMPULSE
    I_c = _inertia.rod(m, L)[0, 0]
    I_end = _inertia.parallel_axis(_inertia.rod(m, L), m, (0.0, 0.0, L / 2))[0, 0]
    H = J * L / 2
    return H / I_c, {
        Hint("end-moment-for-com",
             "the free rod turns about its centre of mass: use I_c = m L²/12, not the moment about "
             "the end (m L²/3)."): H / I_end,
        Hint("lever-arm-length",
             "the lever arm is r = p − x, from the centre of mass to the end: L/2, not L."): J * L / I_c,
        Hint("hinged-for-free", "the rod is free, not hinged at its other end: it turns about its centre of mass, "
             "ω = H/I_c with H = (L/2) J."): J * L / I_end,
        Hint("ratio-inverted", "ω = H / I_c with H = r × J; you divided the other way round."): I_c / H,
    }


check_rod_spin = Exercise(
    "ω after the hit", lambda: _rod_spin()[0], hints=lambda: _rod_spin()[1],
    doc="Exercise 1: the rod's angular speed |ω| (rad/s) just after the hit at its end.")


# --------------------------------------------------------------------------- Exercise 2
def _hammer():
    """``(total mass, a = grip → centre of mass, I_c about the centre of mass)`` through rbteach.inertia."""
    m_h, L, m_k = EX2_HANDLE_MASS, EX2_HANDLE_LENGTH, EX2_HEAD_MASS
    m = m_h + m_k
    a = (m_h * L / 2 + m_k * L) / m
    handle = _inertia.parallel_axis(_inertia.rod(m_h, L), m_h, (0.0, 0.0, a - L / 2))
    head = _inertia.parallel_axis(np.zeros((3, 3)), m_k, (0.0, 0.0, L - a))
    return m, a, (handle + head)[0, 0]


def _percussion():
    m, a, I_c = _hammer()
    d = a + I_c / (m * a)
    I_handle_only = _inertia.rod(EX2_HANDLE_MASS, EX2_HANDLE_LENGTH)[0, 0]
    return d, {
        Hint("uniform-rod", "that is the uniform rod's 2L/3; the head moves the centre of mass and the inertia."):
            2 * EX2_HANDLE_LENGTH / 3,
        Hint("from-com", "that is measured from the centre of mass (d = I_c/(m a)); add a, the grip → centre-of-mass "
             "distance."): I_c / (m * a),
        Hint("com-inertia-missing",
             "I_c must be about the hammer's centre of mass: add the parallel-axis terms of handle and head."):
            a + I_handle_only / (m * a),
        Hint("from-far-end", "that is measured from the head; the question asks for the distance from the grip end."):
            EX2_HANDLE_LENGTH - d,
    }


check_hammer_percussion = Exercise(
    "centre of percussion from the grip", lambda: _percussion()[0], hints=lambda: _percussion()[1],
    doc="Exercise 2: distance (m) from the grip end to the hammer's centre of percussion.")


# --------------------------------------------------------------------------- Exercise 3
def _ex3_body() -> RigidBody:
    """The box of Exercise 3 just before the hit."""
    return RigidBody(EX3_MASS, _inertia.box(EX3_MASS, *EX3_EDGES), position=EX3_POSITION,
                     velocity=EX3_VELOCITY, angular_velocity=EX3_ANGULAR_VELOCITY)


def _impulse_energy():
    """``(ΔT, hints)`` of Exercise 3, with :class:`RigidBody` before and after the hit."""
    J, p = np.asarray(EX3_J, dtype=float), np.asarray(EX3_POINT, dtype=float)
    body = _ex3_body()
    r = p - body.position
    T_before, Tt_before = body.kinetic_energy, body.translational_energy
    body.apply_impulse(J, point=p)
    dT = body.kinetic_energy - T_before
    v_p_after = body.velocity + np.cross(body.angular_velocity, r)
    rest = RigidBody(EX3_MASS, _inertia.box(EX3_MASS, *EX3_EDGES), position=EX3_POSITION)
    rest.apply_impulse(J, point=p)
    origin = _ex3_body()
    origin.apply_impulse(J)
    origin.apply_angular_impulse(np.cross(p, J))
    return dT, {
        Hint("energy-formula-for-rest",
             "½ J·v_p with v_p after the blow holds only when J·v_p before = 0 (for instance a body at "
             "rest); here the struck point already moves along J: ΔT = ½ J·(v_p before + v_p after)."):
            0.5 * J @ v_p_after,
        Hint("rest-body-energy",
             "that is the energy the same hit gives the box at rest; it is already moving and spinning, "
             "so its velocities before the hit count too."): rest.kinetic_energy,
        Hint("total-not-change",
             "that is the kinetic energy after the hit; the question asks how much it gains (after − before)."):
            body.kinetic_energy,
        Hint("translation-only",
             "that is only the change of ½ m v²; the off-centre hit also changes the spin (½ ω·L)."):
            body.translational_energy - Tt_before,
        Hint("lever-arm-from-origin",
             "the lever arm is r = p − x from the centre of mass, not the point p measured from the origin."):
            origin.kinetic_energy - T_before,
        Hint("missing-half", "kinetic energy has a ½: ΔT = ½ J·(v_p before + v_p after)."): 2 * dT,
    }


check_impulse_energy = Exercise(
    "kinetic energy gained", lambda: _impulse_energy()[0], hints=lambda: _impulse_energy()[1],
    doc="Exercise 3: the kinetic energy (J) the impulse adds to the moving box.")


# --------------------------------------------------------------------------- Exercise 4
#: Exercise 4: a thin uniform bat (kg, m) held EX4_HOLD m from its grip end ("choked up").
EX4_MASS = 0.9
EX4_LENGTH = 0.84
EX4_HOLD = 0.13


def _choked():
    """``(sweet spot from the grip end, hints)``: ``L/2 + k²/a`` with ``a = L/2 − h``, ``k² = L²/12``."""
    m, L, h = EX4_MASS, EX4_LENGTH, EX4_HOLD
    I_c = _inertia.rod(m, L)[0, 0]
    a = L / 2 - h
    d = _pc.conjugate_distance(m, I_c, a)
    I_end = _inertia.parallel_axis(_inertia.rod(m, L), m, (0.0, 0.0, L / 2))[0, 0]
    return L / 2 + d, {
        Hint("uniform-rod",
             "that is 2L/3, the sweet spot for hands at the very end; held at h the hands are a = L/2 − h "
             "from the centre of mass, and the sweet spot is d = k²/a beyond it."): 2 * L / 3,
        Hint("shifted-by-hold",
             "moving the hands by h does not move the sweet spot by h: d = k²/a changes with a."): 2 * L / 3 + h,
        Hint("from-com", "that is d, measured from the centre of mass; add L/2 to measure from the grip end."): d,
        Hint("from-hands",
             "that is measured from the hands; the question asks for the distance from the grip end."): a + d,
        Hint("gyration-about-end",
             "k is the radius of gyration about the centre of mass (k² = I_c/m = L²/12), not about the end."):
            L / 2 + I_end / (m * a),
        Hint("hold-for-arm", "a is the distance from the centre of mass to the hands, a = L/2 − h, not h."):
            L / 2 + _pc.conjugate_distance(m, I_c, h),
    }


check_choked_sweet_spot = Exercise(
    "sweet spot of the choked-up bat", lambda: _choked()[0], hints=lambda: _choked()[1],
    doc="Exercise 4: distance (m) from the grip end of the point to strike when the bat is held "
        "EX4_HOLD from its grip end.")


# --------------------------------------------------------------------------- Exercise 5
#: Exercise 5: the hammer of Exercise 2 hangs from a nail at its grip end (m/s²).
EX5_G = 9.81


def _hammer_period():
    """``(T, hints)``: ``T = 2π √(I_grip/(m g a))`` with the hammer of Exercise 2."""
    m, a, I_c = _hammer()
    g, L = EX5_G, EX2_HANDLE_LENGTH
    T = _pc.pendulum_period(m, I_c, a, g=g)
    ell = _pc.pendulum_length(m, I_c, a)
    simple = lambda length: 2 * np.pi * np.sqrt(length / g)  # noqa: E731
    return T, {
        Hint("simple-pendulum-full-length",
             "that is a simple pendulum as long as the hammer; its mass is spread along it: ℓ = I_grip/(m a)."):
            simple(L),
        Hint("simple-pendulum-com",
             "that is a point mass at the centre of mass; the hammer's own inertia about it lengthens the "
             "pendulum to ℓ = a + I_c/(m a)."): simple(a),
        Hint("com-for-pivot",
             "the hammer turns about the nail, not about its centre of mass: use I_grip = I_c + m a²."):
            2 * np.pi * np.sqrt(I_c / (m * g * a)),
        Hint("uniform-rod",
             "that is the uniform rod's 2L/3; the head moves the centre of mass and the inertia."): simple(2 * L / 3),
        Hint("angular-frequency-for-period",
             "that is the angular frequency ω₀ = √(g/ℓ) (rad/s); the period is T = 2π/ω₀."): np.sqrt(g / ell),
        Hint("missing-2pi", "the period is T = 2π √(ℓ/g); the 2π is missing."): np.sqrt(ell / g),
        Hint("frequency-for-period", "that is the frequency f = 1/T (swings per second, Hz); the question "
             "asks for the period T, the time of one swing."): 1.0 / T,
    }


check_hammer_period = Exercise(
    "period of the hanging hammer", lambda: _hammer_period()[0], hints=lambda: _hammer_period()[1],
    doc="Exercise 5: the small-angle period (s) of the hammer of Exercise 2 swinging from a nail at its grip.")
