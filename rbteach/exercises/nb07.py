"""Self-checks for notebook 07 (the torque-free body: Euler's equations, RK4).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values come from :mod:`rbteach.analytic` (exact solutions) and :mod:`rbteach.quaternion`;
the hints recognise the typical mistakes (the precession rate with the wrong sign or the wrong
moment in the denominator, the error ratio of a lower-order method or inverted, the body-frame L
for the world-frame one, ω for L).
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _analytic
from .. import dynamics as _dyn
from .. import quaternion as _q
from . import Feedback, check_close

__all__ = ["EX1_MOMENTS", "EX1_OMEGA0", "EX1_T", "EX2_RATIO", "EX3_MOMENTS", "EX3_OMEGA0", "EX3_T",
           "check_symmetric_omega", "check_error_ratio", "check_world_L"]

#: Exercise 1: a prolate symmetric top (I1 = I2 > I3), its initial body ω (rad/s) and the time (s).
EX1_MOMENTS = (2.0, 2.0, 1.0)
EX1_OMEGA0 = (0.5, 0.0, 2.0)
EX1_T = 1.0

#: Exercise 2: for a 4th-order method, halving dt divides the error by 2⁴.
EX2_RATIO = 16.0

#: Exercise 3: seed 003's example and a time (s).
EX3_MOMENTS = (1.0, 1.0, 2.0)
EX3_OMEGA0 = (1.0, 0.0, 1.0)
EX3_T = 5.0


def check_symmetric_omega(answer) -> Feedback:
    """Exercise 1: ``ω_body(t)`` of the symmetric top ``EX1_MOMENTS`` from ``EX1_OMEGA0`` at ``EX1_T``.

    ``ω₁ + i ω₂ = (ω₁₀ + i ω₂₀) e^{iΩt}``, ``Ω = (I3 − I1)/I1 · ω3`` (here Ω = −1 rad/s).
    """
    expected, _ = _analytic.symmetric_top(EX1_MOMENTS, EX1_OMEGA0, EX1_T)
    A, C = EX1_MOMENTS[0], EX1_MOMENTS[2]
    w10, _, w3 = EX1_OMEGA0

    def with_rate(Omega):
        return np.array([w10 * np.cos(Omega * EX1_T), w10 * np.sin(Omega * EX1_T), w3])

    hints = {
        "Ω = (I3 − I1)/I1 · ω3 is negative for a prolate top (I3 < I1): the ω₁, ω₂ part turns clockwise.":
            with_rate(-(C - A) / A * w3),
        "the denominator of Ω is I1 (the equal moments), not I3: Ω = (I3 − I1)/I1 · ω3.":
            with_rate((C - A) / C * w3),
        "Ω = (I3 − I1)/I1 · ω3 includes the spin ω3.": with_rate((C - A) / A),
    }
    return check_close("ω_body(1 s) of the prolate top", answer, expected, hints=hints)


def check_error_ratio(answer) -> Feedback:
    """Exercise 2: the measured ratio ``e(dt) / e(dt/2)`` of RK4's error, about 16 (10 % tolerance)."""
    hints = {
        "a ratio near 2 is first order (explicit Euler): use method='rk4'.": 2.0,
        "a ratio near 4 is second order (e.g. 'splitting'): use method='rk4'.": 4.0,
        "that is e(dt/2) / e(dt); the error shrinks, so divide the larger by the smaller.": 1.0 / EX2_RATIO,
    }
    return check_close("error ratio e(dt)/e(dt/2) of RK4", answer, EX2_RATIO, rtol=0.1, hints=hints)


def check_world_L(answer) -> Feedback:
    """Exercise 3: world angular momentum ``L = q ⋄ (I ω_body)`` at ``EX3_T`` for seed 003's example."""
    w, q = _analytic.symmetric_top(EX3_MOMENTS, EX3_OMEGA0, EX3_T)
    L_body = _dyn.angular_momentum(EX3_MOMENTS, w)
    expected = _q.rotate(q, L_body)
    hints = {
        "that is L in the body frame (I ω_body); rotate it to the world: q ⋄ L_body.": L_body,
        "that is ω_world; L = I ω needs the inertia.": _q.rotate(q, w),
        "that is the rotation by q⁻¹ (the DCM Rᵀ used as a rotation).": _q.rotate(_q.conjugate(q), L_body),
    }
    return check_close("world L at t = 5 s", answer, expected, rtol=1e-6, atol=1e-6, hints=hints)
