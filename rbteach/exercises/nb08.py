"""Self-checks for notebook 08 (the intermediate-axis theorem).

Every check is an :class:`~rbteach.exercises.Exercise` judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data of each exercise are module
constants, so the notebook's statement and the check agree; they are chosen so that each typical
mistake (a hint) gives a clearly different number. Expected values come from
:mod:`rbteach.inertia` and :mod:`rbteach.analytic`.
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _an
from .. import inertia as _inertia
from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["EX1_MOMENTS", "EX1_OMEGA", "EX2_T_HANDLE", "EX3_MOMENTS", "EX3_OMEGA0",
           "EX4_MOMENTS", "EX4_OMEGA0", "EX4_TIME", "EX4_Q0_AXIS", "EX4_Q0_ANGLE_DEG", "EX4_Q0",
           "EX5_MOMENTS", "EX5_OMEGA0", "EX6_MOMENTS", "EX6_OMEGA",
           "check_growth_rate", "check_unstable_axis", "check_time_between_flips",
           "check_attitude_angle", "check_plane_distance", "check_final_spin_rate"]

#: Exercise 1: a body with principal moments (kg m², sorted) spinning at EX1_OMEGA (rad/s) about its middle axis.
EX1_MOMENTS = (1.2, 2.0, 2.9)
EX1_OMEGA = 1.5

#: Exercise 2: a T-handle, ``inertia.t_handle_mesh(**EX2_T_HANDLE)`` (sizes in m): a long stem.
EX2_T_HANDLE = {"bar_length": 0.8, "bar_width": 0.1, "stem_length": 0.6, "stem_width": 0.1}

#: Exercise 3: moments (kg m²) and initial body angular velocity (rad/s), close to the middle axis.
EX3_MOMENTS = (1.0, 2.0, 2.6)
EX3_OMEGA0 = (0.06, 1.5, 0.04)

#: Exercise 4: moments (kg m²), initial body angular velocity (rad/s), the time (s), and the start attitude:
#: a turn of EX4_Q0_ANGLE_DEG degrees about the unit axis EX4_Q0_AXIS (body → world, (w, x, y, z)).
EX4_MOMENTS = (1.0, 2.0, 3.0)
EX4_OMEGA0 = (0.3, 1.0, 0.2)
EX4_TIME = 7.0
EX4_Q0_AXIS = (2 / 3, 2 / 3, -1 / 3)
EX4_Q0_ANGLE_DEG = 65.0
EX4_Q0 = tuple(float(x) for x in _q.from_axis_angle(np.array(EX4_Q0_AXIS), np.radians(EX4_Q0_ANGLE_DEG)))

#: Exercise 5: moments (kg m²) and body angular velocity (rad/s) of a free body (Poinsot's construction).
EX5_MOMENTS = (1.2, 2.0, 2.9)
EX5_OMEGA0 = (1.1, 0.3, -0.6)

#: Exercise 6: a satellite's principal moments (kg m², sorted) and its spin rate (rad/s) about the minor axis.
EX6_MOMENTS = (3.1, 4.6, 5.2)
EX6_OMEGA = 1.8


# ----------------------------------------------------------------------------- Exercise 1
def _growth_rate():
    I1, I2, I3 = EX1_MOMENTS
    return float(EX1_OMEGA * np.sqrt((I3 - I2) * (I2 - I1) / (I1 * I3)))


def _growth_rate_hints():
    I1, I2, I3 = EX1_MOMENTS
    c = (I3 - I2) * (I2 - I1) / (I1 * I3)
    W = EX1_OMEGA
    return {
        Hint("lambda-squared", "that is λ², not λ: take the square root."): c * W ** 2,
        Hint("spin-rate-missing", "λ is proportional to the spin rate Ω: multiply by Ω."): np.sqrt(c),
        Hint("spin-rate-squared",
             "λ = Ω √(…) grows like Ω (it is λ² that grows like Ω²): multiply by Ω once, not by Ω²."):
            np.sqrt(c) * W ** 2,
        Hint("denominator-i2", "the denominator is I₁ I₃, the two *other* moments, not I₂²."):
            np.sqrt((I3 - I2) * (I2 - I1) / I2 ** 2) * W,
    }


check_growth_rate = Exercise(
    "growth rate λ", _growth_rate, hints=_growth_rate_hints,
    doc="Exercise 1: the growth rate λ (1/s) of a small perturbation of the spin about the middle axis, "
        "λ² = (I₃ − I₂)(I₂ − I₁)/(I₁ I₃) · Ω² (the characteristic equation with i = 2).")


# ----------------------------------------------------------------------------- Exercise 2
def _t_handle_moments():
    v, f = _inertia.t_handle_mesh(**EX2_T_HANDLE)
    _, _, I = _inertia.mesh(v, f)
    return np.diag(I)


def _unstable_axis_number():
    return float(np.argsort(_t_handle_moments())[1] + 1)


def _unstable_axis_hints():
    order = np.argsort(_t_handle_moments())
    return {
        Hint("zero-based-index",
             "count the axes from 1 (1 = x, 2 = y, 3 = z, as in I₁, I₂, I₃), not from 0 as a Python index does."):
            float(order[1]),
        Hint("minor-axis",
             "that axis has the smallest moment: spin about it is stable (it wobbles, it does not flip)."):
            float(order[0] + 1),
        Hint("major-axis", "that axis has the largest moment: spin about it is stable."): float(order[2] + 1),
    }


check_unstable_axis = Exercise(
    "unstable axis number", _unstable_axis_number, hints=_unstable_axis_hints,
    doc="Exercise 2: the number (1 = x, 2 = y, 3 = z) of the T-handle's unstable body axis, "
        "the axis of its intermediate principal moment.")


# ----------------------------------------------------------------------------- Exercise 3
def _period():
    return _an.flip_period(EX3_MOMENTS, EX3_OMEGA0)


def _first_flip():
    """Time (s) from t = 0 to the first sign change of ω₂ (sampled exact solution, 0.05 % of T)."""
    from ..explorers.nb08 import flip_times

    T = _period()
    t = np.linspace(0.0, T, 20001)
    return float(flip_times(t, _an.free_body(EX3_MOMENTS, EX3_OMEGA0, t)[:, 1])[0])


def _time_between_flips_hints():
    T = _period()
    return {
        Hint("full-period",
             "that is the period of ω(t) (flip_period): the body flips twice per period, so halve it."): T,
        Hint("quarter-period",
             "that is a quarter period; ω₂ changes sign twice per period, so the flips are T/2 apart."): T / 4,
        Hint("first-flip",
             "that is the time from t = 0 to the first flip; the question asks for the time between two flips."):
            _first_flip(),
    }


check_time_between_flips = Exercise(
    "time between flips", lambda: _period() / 2, hints=_time_between_flips_hints,
    doc="Exercise 3: the time (s) between two successive flips (sign changes of ω₂): half the period of ω.")


# ----------------------------------------------------------------------------- Exercise 4
def _attitude_angle():
    _, q = _an.free_body_attitude(EX4_MOMENTS, EX4_OMEGA0, [EX4_TIME], EX4_Q0)
    return float(_q.angle_between(EX4_Q0, q[0]))


def _attitude_angle_hints():
    a = _attitude_angle()
    w0 = np.asarray(EX4_OMEGA0, dtype=float)
    _, q = _an.free_body_attitude(EX4_MOMENTS, EX4_OMEGA0, [EX4_TIME], EX4_Q0)
    _, q_from_identity = _an.free_body_attitude(EX4_MOMENTS, EX4_OMEGA0, [EX4_TIME])
    return {
        Hint("angle-from-identity",
             "that is the angle of q(t) itself, measured from the world axes (the identity); the question asks for "
             "the turn since the start: the angle between q(0) and q(t)."): float(_q.angle_between(_q.identity(), q[0])),
        Hint("start-attitude-missing",
             "that compares q(0) with the attitude of a body started from the identity: pass the start attitude "
             "to free_body_attitude (its q0 argument)."): float(_q.angle_between(EX4_Q0, q_from_identity[0])),
        Hint("angle-above-pi",
             "an angle above π: q and −q are the same attitude, and 2 arccos(w) with w < 0 gives 2π minus the angle; "
             "take 2 arccos|w| (or quaternion.angle_between)."): 2 * np.pi - a,
        Hint("half-angle",
             "a unit quaternion is (cos(θ/2), sin(θ/2) n): the angle is 2 arccos|w|, not arccos|w|."): a / 2,
        Hint("steady-rotation",
             "that assumes a steady rotation about ω₀ (|ω₀| t); but ω changes in the body and the axis moves: "
             "use the exact attitude (analytic.free_body_attitude)."): float(np.linalg.norm(w0) * EX4_TIME % (2 * np.pi)),
        Hint("answer-in-degrees", "that is in degrees; give radians."): float(np.degrees(a)),
    }


check_attitude_angle = Exercise(
    "attitude angle", _attitude_angle, hints=_attitude_angle_hints,
    doc="Exercise 4: the angle (rad, in [0, π]) the free body has turned through between t = 0 (attitude EX4_Q0) "
        "and EX4_TIME: the angle between q(0) and analytic.free_body_attitude's q(t).")


# ----------------------------------------------------------------------------- Exercise 5
def _plane_parts():
    I = np.asarray(EX5_MOMENTS, dtype=float)
    w = np.asarray(EX5_OMEGA0, dtype=float)
    return float(w @ (I * w)), float(np.linalg.norm(I * w)), w


def _plane_distance_hints():
    twoT, L, w = _plane_parts()
    return {
        Hint("half-energy",
             "that is T/|L|: the plane ω·L̂ = 2T/|L| carries 2T, twice the kinetic energy."): twoT / 2 / L,
        Hint("ratio-inverted", "that is |L|/(2T), upside down: ω·L = ω·Iω = 2T, so ω·L̂ = 2T/|L|."): L / twoT,
        Hint("divided-twice", "that divides by |L| twice: L̂ = L/|L| has length 1, so ω·L̂ = 2T/|L|."): twoT / L ** 2,
        Hint("omega-norm",
             "that is |ω|, the distance to the tip of ω; the plane's distance is only the part of ω along L̂."):
            float(np.linalg.norm(w)),
        Hint("l-norm",
             "that is |L|, the radius of the angular-momentum sphere in L-space; here the picture is in ω-space."): L,
    }


check_plane_distance = Exercise(
    "distance of the invariable plane", lambda: _plane_parts()[0] / _plane_parts()[1], hints=_plane_distance_hints,
    doc="Exercise 5: the distance (rad/s) of the invariable plane from the origin in ω-space, 2T/|L|.")


# ----------------------------------------------------------------------------- Exercise 6
def _final_spin_rate():
    I1, _, I3 = EX6_MOMENTS
    return I1 * EX6_OMEGA / I3


def _final_spin_rate_hints():
    I1, I2, I3 = EX6_MOMENTS
    W = EX6_OMEGA
    return {
        Hint("energy-kept", "that keeps the kinetic energy; the damping turns energy into heat, it is |L| that stays: "
             "I₁ Ω = I₃ ω_final."): W * np.sqrt(I1 / I3),
        Hint("middle-axis",
             "the spin ends about the major axis (largest moment, I₃), not the middle one."): I1 * W / I2,
        Hint("ratio-inverted",
             "|L| = I ω is kept: the larger moment needs the smaller rate, ω_final = I₁ Ω / I₃ (you inverted the ratio)."):
            I3 * W / I1,
        Hint("rate-unchanged",
             "the rate changes: the same |L| about an axis with a larger moment means a slower spin."): W,
    }


check_final_spin_rate = Exercise(
    "final spin rate", _final_spin_rate, hints=_final_spin_rate_hints,
    doc="Exercise 6: the spin rate (rad/s) about the major axis after internal damping, from a spin at "
        "EX6_OMEGA about the minor axis: |L| is kept, so ω = I₁ Ω / I₃.")
