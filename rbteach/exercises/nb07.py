"""Self-checks for notebook 07 (the torque-free body: Euler's equations, RK4).

Every check is an :class:`rbteach.exercises.Exercise`, judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data of each exercise are module
constants, so the notebook's statement and the check agree; they are generic (a spin with both
transverse components, a start attitude that is not the identity), so that every typical mistake
gives a clearly different value. Expected values come from :mod:`rbteach.analytic` (exact
solutions), :mod:`rbteach.dynamics` and :mod:`rbteach.quaternion`.

Exercise 4 (section 6, the body and space cones) asks for the period of the world precession of
Exercise 1's top, ``2π A/|L|``; its hints are the other rates of the motion (the body-cone rate Ω,
|ω|, |L|/C) and the rate given instead of the period.

Exercise 5 (section 7, Feynman's plate) asks for the wobble/spin ratio of a disc tilted well
beyond a slight wobble, ``2/cos θ``; its hints are the small-wobble limit 2, the ratio inverted,
``2 cos θ``, and the wobble rate with |ω|/I1, |ω| or |L|/I3 in place of |L|/I1.
The expected values of Exercises 4 and 5 come from :func:`rbteach.analytic.symmetric_top_cones`.

Exercise 2's answer is a *measured* ratio of two simulation errors: the check runs the very
computation the exercise describes (on first use), so the ratio a student prints and types to 4
significant digits is judged by the same rule as every other answer; its hints are the same
measurement with a lower-order method, or inverted.
"""

from __future__ import annotations

import numpy as np

from .. import analytic as _analytic
from .. import dynamics as _dyn
from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["EX1_MOMENTS", "EX1_OMEGA0", "EX1_T", "EX2_MOMENTS", "EX2_OMEGA0", "EX2_DURATION", "EX2_DTS",
           "EX3_MOMENTS", "EX3_OMEGA0", "EX3_Q0", "EX3_T",
           "EX5_MOMENTS", "EX5_OMEGA0",
           "error_ratio", "check_symmetric_omega", "check_error_ratio", "check_world_L", "check_precession_period",
           "check_wobble_ratio"]

#: Exercise 1: a prolate symmetric top (I1 = I2 > I3, kg m²), its initial body ω (rad/s) and the time (s).
EX1_MOMENTS = (2.0, 2.0, 1.2)
EX1_OMEGA0 = (0.6, -0.3, 1.5)
EX1_T = 2.0

#: Exercise 2: the example of 「回転運動のシミュレーション」 (2019), simulated with RK4 for
#: EX2_DURATION seconds at the two time steps EX2_DTS (s).
EX2_MOMENTS = (1.0, 1.0, 2.0)
EX2_OMEGA0 = (1.0, 0.0, 1.0)
EX2_DURATION = 10.0
EX2_DTS = (0.1, 0.05)

#: Exercise 3: the same example started from a tilted attitude q₀ (unit, exact components), and a time (s).
EX3_MOMENTS = (1.0, 1.0, 2.0)
EX3_OMEGA0 = (1.0, 0.0, 1.0)
EX3_Q0 = (0.8, 0.2, -0.4, 0.4)
EX3_T = 5.0

#: Exercise 5: a thin disc (I3 = I1 + I2, kg m²) thrown with a clear wobble: its initial body ω (rad/s).
EX5_MOMENTS = (0.5, 0.5, 1.0)
EX5_OMEGA0 = (0.9, -0.6, 1.5)


# --------------------------------------------------------------------------- Exercise 1
def _top_omega(Omega):
    """ω_body(EX1_T) of the top with the rate Ω of (ω1 + i ω2) = (ω1₀ + i ω2₀) e^{iΩt}."""
    w10, w20, w3 = EX1_OMEGA0
    z = (w10 + 1j * w20) * np.exp(1j * Omega * EX1_T)
    return np.array([z.real, z.imag, w3])


def _symmetric_omega():
    omega, _ = _analytic.symmetric_top(EX1_MOMENTS, EX1_OMEGA0, EX1_T)
    return omega


def _symmetric_hints():
    A, C = EX1_MOMENTS[0], EX1_MOMENTS[2]
    w3 = EX1_OMEGA0[2]
    return {
        Hint("omega-sign",
             "Ω = (I3 − I1)/I1 · ω3 is negative for a prolate top (I3 < I1): the ω₁, ω₂ part turns clockwise."):
            _top_omega(-(C - A) / A * w3),
        Hint("denominator-i3", "the denominator of Ω is I1 (the equal moments), not I3: Ω = (I3 − I1)/I1 · ω3."):
            _top_omega((C - A) / C * w3),
        Hint("spin-missing", "Ω = (I3 − I1)/I1 · ω3 includes the spin ω3."): _top_omega((C - A) / A),
        Hint("initial-component-dropped", "ω₁ + iω₂ starts at ω₁₀ + iω₂₀: keep ω₂₀ (here it is not 0)."):
            np.array([EX1_OMEGA0[0] * np.cos((C - A) / A * w3 * EX1_T),
                      EX1_OMEGA0[0] * np.sin((C - A) / A * w3 * EX1_T), w3]),
    }


check_symmetric_omega = Exercise(
    "ω_body(2 s) of the prolate top", _symmetric_omega, hints=_symmetric_hints,
    doc="Exercise 1: ω_body(EX1_T) of the symmetric top EX1_MOMENTS from EX1_OMEGA0: "
        "ω₁ + iω₂ = (ω₁₀ + iω₂₀) e^{iΩt}, Ω = (I3 − I1)/I1 · ω3, ω3 constant.")


# --------------------------------------------------------------------------- Exercise 2
def error_ratio(method: str = "rk4", *, duration: float = EX2_DURATION, dts=EX2_DTS) -> float:
    """``e(dt₁) / e(dt₂)``: the largest ω error of ``method`` over ``duration`` at the two steps ``dts``.

    The error is ``max |ω_i − ω_exact,i|`` over every component and every sample (``ω_exact`` from
    :func:`rbteach.analytic.symmetric_top`), for :data:`EX2_MOMENTS` from :data:`EX2_OMEGA0`.
    """
    if method not in _dyn.METHODS:
        raise ValueError(f"method must be one of {_dyn.METHODS}, got {method!r}")
    errors = []
    for dt in dts:
        tr = _dyn.simulate(EX2_MOMENTS, EX2_OMEGA0, dt=dt, steps=int(round(duration / dt)), method=method)
        exact, _ = _analytic.symmetric_top(EX2_MOMENTS, EX2_OMEGA0, tr.t)
        errors.append(float(np.max(np.abs(tr.omega_body - exact))))
    return errors[0] / errors[1]


def _ratio_hints():
    rk4 = error_ratio("rk4")
    return {
        Hint("first-order-method",
             "a ratio near 2 is first order (explicit Euler): use method='rk4'."): error_ratio("euler"),
        Hint("second-order-method",
             "a ratio near 4 is second order (the splitting): use method='rk4'."): error_ratio("splitting"),
        Hint("ratio-inverted",
             "that is e(0.05) / e(0.1); the error shrinks with the step, so divide e(0.1) by e(0.05)."): 1.0 / rk4,
    }


check_error_ratio = Exercise(
    "error ratio e(0.1)/e(0.05) of RK4", lambda: error_ratio("rk4"), hints=_ratio_hints,
    exact_hints={Hint("theory-for-measurement", "that is 2⁴ = 16, what the theory predicts for a 4th-order "
                      "method; the exercise asks for the ratio you measure: run the two simulations and type "
                      "the printed ratio to 4 significant digits."): 16.0},
    doc="Exercise 2: the measured ratio e(0.1)/e(0.05) of RK4's largest ω error over 10 s "
        "(about 2⁴ = 16 for a 4th-order method), computed as the exercise describes.")


# --------------------------------------------------------------------------- Exercise 3
def _world_L_parts():
    w, q_free = _analytic.symmetric_top(EX3_MOMENTS, EX3_OMEGA0, EX3_T)   # from the identity
    q = _q.multiply(EX3_Q0, q_free)                                        # from q₀: q₀ ⊗ q_free(t)
    L_body = _dyn.angular_momentum(EX3_MOMENTS, w)
    return w, q, L_body


def _world_L():
    _, q, L_body = _world_L_parts()
    return _q.rotate(q, L_body)


def _world_L_hints():
    w, q, L_body = _world_L_parts()
    L0_body = _dyn.angular_momentum(EX3_MOMENTS, EX3_OMEGA0)
    return {
        Hint("body-frame-not-rotated",
             "that is L in the body frame (I ω_body); rotate it to the world: q ⋄ L_body."): L_body,
        Hint("start-attitude-missing",
             "that is I ω₀, the world L of a body that starts at the identity; here it starts at q₀: "
             "L = q₀ ⋄ (I ω₀)."): L0_body,
        Hint("omega-not-l", "that is ω_world; L = I ω needs the inertia."): _q.rotate(q, w),
        Hint("passive-for-active", "that is the rotation by q⁻¹ (the passive rotation, the DCM Rᵀ used as "
             "a rotation)."): _q.rotate(_q.conjugate(q), L_body),
        Hint("composition-order", "that composes q_free(t) ⊗ q₀: the motion from the identity is a turn "
             "in the body frame, so it stands on the right of the start attitude."):
            _q.rotate(_q.multiply(_q.multiply(_q.conjugate(EX3_Q0), q), EX3_Q0), L_body),   # q_free ⊗ q₀
    }


check_world_L = Exercise(
    "world L at t = 5 s", _world_L, hints=_world_L_hints,
    doc="Exercise 3: the world angular momentum L = q ⋄ (I ω_body) at EX3_T for the example started "
        "at EX3_Q0 (conserved: q₀ ⋄ (I ω₀)).")


# --------------------------------------------------------------------------- Exercise 4
def _precession_parts():
    A, C = EX1_MOMENTS[0], EX1_MOMENTS[2]
    w = np.asarray(EX1_OMEGA0, dtype=float)
    L = float(np.linalg.norm(_dyn.angular_momentum(EX1_MOMENTS, w)))
    return A, C, w, L


def _precession_period():
    return 2 * np.pi / _analytic.symmetric_top_cones(EX1_MOMENTS, EX1_OMEGA0).precession_rate   # 2π A/|L|


def _precession_hints():
    A, C, w, L = _precession_parts()
    Omega = (C - A) / A * w[2]
    return {
        Hint("body-cone-period",
             "that is 2π/|Ω|, the period of ω around z′ seen from the body (the body cone); in the world z′ "
             "and ω go around L at |L|/I1."): 2 * np.pi / abs(Omega),
        Hint("denominator-i3",
             "the precession rate is |L|/I1 with I1 = I2 the equal moments, not |L|/I3."): 2 * np.pi * C / L,
        Hint("omega-for-l",
             "that is 2π/|ω|; the precession rate is |L|/I1, with L = I ω."): 2 * np.pi / float(np.linalg.norm(w)),
        Hint("omega-for-l-norm", "that is 2π I1/|ω|: the precession rate is |L|/I1 with |L| = |I ω|, not |ω|."):
            2 * np.pi * A / float(np.linalg.norm(w)),
        Hint("rate-for-period", "that is the rate |L|/I1 (rad/s); the period is 2π divided by it."): L / A,
        Hint("frequency-for-period", "that is the frequency f = |L|/(2π I1) (turns per second, Hz); the "
             "question asks for the period, the time of one turn."): L / (2 * np.pi * A),
    }


check_precession_period = Exercise(
    "period of the precession about L", _precession_period, hints=_precession_hints,
    doc="Exercise 4: the period 2π I1/|L| (s) with which z′ and ω go around the fixed L in the world, "
        "for the top of Exercise 1 (EX1_MOMENTS, EX1_OMEGA0).")


# --------------------------------------------------------------------------- Exercise 5
def _wobble_parts():
    A, C = EX5_MOMENTS[0], EX5_MOMENTS[2]
    w = np.asarray(EX5_OMEGA0, dtype=float)
    L = float(np.linalg.norm(_dyn.angular_momentum(EX5_MOMENTS, w)))
    Omega = (C - A) / A * w[2]
    return A, C, w, L, Omega


def _wobble_ratio():
    cones = _analytic.symmetric_top_cones(EX5_MOMENTS, EX5_OMEGA0)
    return cones.precession_rate / abs(cones.Omega)                   # (|L|/I1) / |Ω|


def _wobble_hints():
    A, C, w, L, Omega = _wobble_parts()
    cos_theta = C * w[2] / L
    return {
        Hint("small-wobble-limit",
             "2 is the limit for a slight wobble; this disc is tilted by θ with cos θ = I3 ω3/|L|: the ratio is 2/cos θ."): 2.0,
        Hint("ratio-inverted",
             "that is spin/wobble; the wobble (|L|/I1) is the faster one: divide it by the spin |Ω|."): abs(Omega) / (L / A),
        Hint("cos-times-two",
             "that is 2 cos θ; the wobble rate is |L|/I1 = I3 ω3/(I1 cos θ), so the ratio is 2/cos θ."): 2.0 * cos_theta,
        Hint("omega-for-l",
             "the wobble rate is |L|/I1 with L = I ω, not |ω|/I1."): float(np.linalg.norm(w)) / A / abs(Omega),
        Hint("omega-for-l-norm",
             "the wobble rate is |L|/I1 (here L = I ω), not |ω|."): float(np.linalg.norm(w)) / abs(Omega),
        Hint("denominator-i3",
             "the wobble rate is |L|/I1, with I1 = I2 the equal moments, not |L|/I3."): (L / C) / abs(Omega),
    }


check_wobble_ratio = Exercise(
    "wobble/spin ratio of the disc", _wobble_ratio, hints=_wobble_hints,
    doc="Exercise 5: the ratio of the wobble rate |L|/I1 (z′ about L) to the spin rate |Ω| = |ψ̇| of the "
        "disc EX5_MOMENTS thrown with EX5_OMEGA0: 2/cos θ.")
