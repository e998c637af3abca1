"""Self-checks for notebook 04 (forces and impulses).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values come from :mod:`rbteach.inertia` and :mod:`rbteach.body`; the hints recognise the
usual mistakes (the moment of inertia about the end instead of the centre, the lever arm measured
from the wrong point, the centre of percussion measured from the centre of mass, a missing ½, the
rotational energy forgotten).
"""

from __future__ import annotations

import numpy as np

from .. import inertia as _inertia
from ..body import RigidBody
from . import Feedback, check_close

__all__ = ["EX1_MASS", "EX1_LENGTH", "EX1_IMPULSE", "EX2_HANDLE_MASS", "EX2_HANDLE_LENGTH",
           "EX2_HEAD_MASS", "EX3_MASS", "EX3_EDGES", "EX3_J", "EX3_POINT",
           "check_rod_spin", "check_hammer_percussion", "check_impulse_energy"]

#: Exercise 1: a thin uniform rod (kg, m) at rest, hit at one end, perpendicular, by EX1_IMPULSE (N s).
EX1_MASS = 1.5
EX1_LENGTH = 0.9
EX1_IMPULSE = 2.0

#: Exercise 2: a hammer — a thin uniform handle (kg, m) held at one end, a point-mass head (kg) at the other.
EX2_HANDLE_MASS = 0.6
EX2_HANDLE_LENGTH = 0.8
EX2_HEAD_MASS = 0.4

#: Exercise 3: a box (kg; edges along x, y, z in m) at rest at the origin, unrotated, hit by
#: EX3_J (N s) at the world point EX3_POINT (m).
EX3_MASS = 2.0
EX3_EDGES = (0.4, 0.2, 0.1)
EX3_J = (0.0, 3.0, 0.0)
EX3_POINT = (0.2, 0.0, 0.05)


def check_rod_spin(answer) -> Feedback:
    """Exercise 1: the rod's angular speed |ω| (rad/s) just after the hit at its end."""
    I_c = _inertia.rod(EX1_MASS, EX1_LENGTH)[0, 0]
    H = EX1_IMPULSE * EX1_LENGTH / 2
    expected = H / I_c
    I_end = I_c + EX1_MASS * (EX1_LENGTH / 2) ** 2
    hints = {
        "the body turns about its centre of mass: use I_c = m L²/12, not the moment about the end (m L²/3).":
            H / I_end,
        "the lever arm is r = p − x, from the centre of mass to the end: L/2, not L.":
            EX1_IMPULSE * EX1_LENGTH / I_c,
        "ω = H / I_c with H = r × J; you divided the other way round.": I_c / H,
    }
    return check_close("ω after the hit", answer, expected, hints=hints)


def _hammer():
    """``(total mass, a = grip → centre of mass, I_c about the centre of mass)`` through rbteach.inertia."""
    m_h, L, m_k = EX2_HANDLE_MASS, EX2_HANDLE_LENGTH, EX2_HEAD_MASS
    m = m_h + m_k
    a = (m_h * L / 2 + m_k * L) / m
    handle = _inertia.parallel_axis(_inertia.rod(m_h, L), m_h, (0.0, 0.0, a - L / 2))
    head = _inertia.parallel_axis(np.zeros((3, 3)), m_k, (0.0, 0.0, L - a))
    return m, a, (handle + head)[0, 0]


def check_hammer_percussion(answer) -> Feedback:
    """Exercise 2: distance (m) from the grip end to the hammer's centre of percussion."""
    m, a, I_c = _hammer()
    expected = a + I_c / (m * a)
    I_no_steiner = _inertia.rod(EX2_HANDLE_MASS, EX2_HANDLE_LENGTH)[0, 0]
    hints = {
        "that is the uniform rod's 2L/3; the head moves the centre of mass and the inertia.":
            2 * EX2_HANDLE_LENGTH / 3,
        "that is measured from the centre of mass (d = I_c/(m a)); add a, the grip → centre-of-mass distance.":
            I_c / (m * a),
        "I_c must be about the hammer's centre of mass: add the parallel-axis terms of handle and head.":
            a + I_no_steiner / (m * a),
    }
    return check_close("centre of percussion from the grip", answer, expected, rtol=1e-4, hints=hints)


def check_impulse_energy(answer) -> Feedback:
    """Exercise 3: the kinetic energy (J) the impulse gives the resting box."""
    body = RigidBody(EX3_MASS, _inertia.box(EX3_MASS, *EX3_EDGES))
    body.apply_impulse(EX3_J, point=EX3_POINT)
    expected = body.kinetic_energy
    J = np.asarray(EX3_J)
    T_trans = J @ J / (2 * EX3_MASS)
    hints = {
        "that is only the translational part J²/2m; the off-centre hit also spins the box (+ ½ H·I⁻¹H).":
            T_trans,
        "kinetic energy has a ½: T = ½ m v² + ½ ω·L.": 2 * expected,
        "that is only the rotational part ½ H·I⁻¹H; add J²/2m.": expected - T_trans,
    }
    return check_close("kinetic energy after the hit", answer, expected, rtol=1e-6, hints=hints)
