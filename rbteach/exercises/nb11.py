"""Self-checks for notebook 11 (the heavy symmetric top).

Every check is an :class:`rbteach.exercises.Exercise`, judged by the one rule of :mod:`rbteach.exercises`
(right within 4 significant digits). The data are module constants, so the notebook's statement and the
check agree. They are generic: a top whose spin is not so fast that the gyroscope approximation would do
(the exact slow precession is 4.8 % faster than the gyroscope value), a tilt at which sin θ, sin²θ and cos θ
all differ, a start with both θ̇ and φ̇, so that each
typical mistake (each hint) gives a clearly different value. Expected values come from :mod:`rbteach.top`.
"""

from __future__ import annotations

import math

from .. import top as _top
from . import Exercise, Hint

__all__ = ["I1", "I3", "MASS", "ARM", "G", "EX1_SPIN", "EX1_TILT_DEG", "EX2_SPIN", "EX2_TILT_DEG",
           "EX3_SPIN", "EX3_TILT_DEG", "EX3_PHI_DOT", "EX3_THETA_DOT",
           "check_slow_precession", "check_nutation_bound", "check_Lz"]

#: The top of the exercises: moments about the pivot (kg m²), mass (kg), pivot → centre of mass (m), g (m/s²).
I1, I3 = 0.012, 0.0045
MASS, ARM, G = 0.35, 0.06, 9.81
_MGL = MASS * G * ARM

#: Exercise 1: spin ω₃ (rad/s) and tilt (degrees) of a steady precession.
EX1_SPIN, EX1_TILT_DEG = 40.0, 55.0
#: Exercise 2: spin (rad/s) and tilt (degrees) at which the top is let go with φ̇ = θ̇ = 0.
EX2_SPIN, EX2_TILT_DEG = 40.0, 30.0
#: Exercise 3: spin (rad/s), tilt (degrees), φ̇₀ and θ̇₀ (rad/s) of the start.
EX3_SPIN, EX3_TILT_DEG, EX3_PHI_DOT, EX3_THETA_DOT = 40.0, 50.0, 1.5, 0.8


def _as_radians(degrees):
    """The tilt a student gets who gives ``degrees`` to cos and sin as radians, brought into (0, π): the
    same cos θ and sin²θ (both even and 2π-periodic), so rbteach.top computes what that student gets."""
    return abs(math.remainder(float(degrees), 2 * math.pi))


# --------------------------------------------------------------------------- Exercise 1
def _slow(theta):
    return _top.precession_rates(I1, I3, _MGL, EX1_SPIN, theta)[0]


def _slow_hints():
    th = math.radians(EX1_TILT_DEG)
    L3 = I3 * EX1_SPIN
    larger = 100.0 * (_slow(th) / (_MGL / L3) - 1.0)                  # 4.8 %
    return {
        Hint("gyroscope-approximation",
             "that is the gyroscope approximation m g l/(I3 ω3); at this spin the exact slow root of "
             f"I1 cos θ φ̇² − I3 ω3 φ̇ + m g l = 0 is {larger:.1f} % larger."): _MGL / L3,
        Hint("fast-root",
             "that is the fast root (the + sign); the slow one is 2 m g l/(I3 ω3 + √(I3²ω3² − 4 I1 m g l cos θ))."):
            _top.precession_rates(I1, I3, _MGL, EX1_SPIN, th)[1],
        Hint("sin-for-cos", "the balance has cos θ (from ∂V_eff/∂θ with the centrifugal term), not sin θ."):
            2 * _MGL / (L3 + math.sqrt(L3 * L3 - 4 * I1 * _MGL * math.sin(th))),
        Hint("i1-for-i3", "the spin's angular momentum is I3 ω3, not I1 ω3."): _MGL / (I1 * EX1_SPIN),
    }


check_slow_precession = Exercise(
    "slow steady precession rate (rad/s)", lambda: _slow(math.radians(EX1_TILT_DEG)), hints=_slow_hints,
    doc="Exercise 1: the slow root of I1 cos θ φ̇² − I3 ω3 φ̇ + m g l = 0 at EX1_SPIN, EX1_TILT_DEG.")


# --------------------------------------------------------------------------- Exercise 2
def _bounds():
    return _top.cubic_roots(I1, I3, _MGL, math.radians(EX2_TILT_DEG), 0.0, EX2_SPIN)


def _theta_max():
    return math.degrees(math.acos(_bounds()[0]))


def _theta_max_hints():
    th = math.radians(EX2_TILT_DEG)
    u1 = _bounds()[0]
    approx = math.cos(th) - 2 * I1 * _MGL / (I3 * EX2_SPIN) ** 2 * math.sin(th) ** 2
    return {
        Hint("start-tilt",
             "that is θ₀, where the top starts: its highest point, the root u₂ = cos θ₀. θ_max is at the other root "
             "in [−1, 1], u₁."):
            EX2_TILT_DEG,
        Hint("answer-in-radians", "that is in radians; give θ_max in degrees."): math.acos(u1),
        Hint("root-for-angle", "that is u = cos θ_max, the root itself; θ_max = arccos u₁ in degrees."): u1,
        Hint("fast-top-approximation",
             "that is the fast-top approximation cos θ₀ − (2 I1 m g l/L3²) sin²θ₀; solve the cubic instead."):
            math.degrees(math.acos(approx)),
    }


check_nutation_bound = Exercise(
    "largest tilt θ_max (degrees)", _theta_max, hints=_theta_max_hints,
    doc="Exercise 2: θ_max = arccos u₁, the smaller root in [−1, 1] of f(u), for the top let go at "
        "EX2_TILT_DEG with φ̇ = θ̇ = 0 and spin EX2_SPIN.")


# --------------------------------------------------------------------------- Exercise 3
def _Lz(theta=None):
    theta = math.radians(EX3_TILT_DEG) if theta is None else theta
    return _top.constants(I1, I3, _MGL, theta, EX3_PHI_DOT, EX3_SPIN, EX3_THETA_DOT)["Lz"]


def _Lz_hints():
    th = math.radians(EX3_TILT_DEG)
    L3 = I3 * EX3_SPIN
    return {
        Hint("precession-missing", "that is L3 cos θ only: the precession adds I1 φ̇ sin²θ."): L3 * math.cos(th),
        Hint("l3-only", "that is L3 = I3 ω3, the component along the symmetry axis, not along the vertical."): L3,
        Hint("sin-for-sin-squared",
             "the precession's part is I1 φ̇ sin²θ (ω's horizontal part φ̇ sin θ, projected once more)."):
            I1 * EX3_PHI_DOT * math.sin(th) + L3 * math.cos(th),
        Hint("theta-dot-added", "θ̇ turns the axis about the horizontal line of nodes: it adds nothing to L_z."):
            I1 * EX3_PHI_DOT * math.sin(th) ** 2 + L3 * math.cos(th) + I1 * EX3_THETA_DOT,
        Hint("degrees-for-radians", "the tilt went in as degrees where radians are expected (sin and cos "
             "take radians): convert with math.radians first."): _Lz(_as_radians(EX3_TILT_DEG)),
    }


check_Lz = Exercise(
    "L_z at t = 1.5 s (N m s)", _Lz, hints=_Lz_hints,
    doc="Exercise 3: the vertical angular momentum L_z = I1 φ̇ sin²θ + I3 ω3 cos θ, conserved, of the "
        "start EX3_*.")
