"""Self-checks for notebook 06 (integrating orientation).

Every check is an :class:`rbteach.exercises.Exercise`, judged by the one rule of
:mod:`rbteach.exercises` (right within 4 significant digits). The data of each exercise are module
constants, so the notebook's statement and the check agree; they are generic (no 90° turns about
coordinate axes, no identity attitudes) and the quaternions have exact 4-decimal components, so a
student who types them as printed computes the same answer. Expected values come from
:mod:`rbteach.quaternion` and :mod:`rbteach.body`; each hint is the value a typical mistake gives
(the forgotten ½, |q|² for |q|, the lengths added instead of Pythagoras, the world formula fed with a
body ω, q_o left out, swapped or conjugated, I_d multiplied instead of divided, the exponential-map
step taken by Euler, on the wrong side or without its ½), and the data make every one of them clearly
different from the right answer.
"""

from __future__ import annotations

import numpy as np

from .. import body as _body
from .. import quaternion as _q
from . import Exercise, Hint

__all__ = ["EX1_OMEGA_WORLD", "EX1_DT", "EX2_MOMENTS", "EX2_Q_O", "EX2_Q_R", "EX2_L_WORLD",
           "EX3_Q", "EX3_OMEGA_BODY", "EX4_Q", "EX4_OMEGA_BODY", "EX4_DT",
           "check_norm_after_step", "check_omega_principal", "check_qdot_body", "check_exp_step"]

#: Exercise 1: one explicit-Euler step from q = (1, 0, 0, 0) with this world ω (rad/s, |ω| = 2.8)
#: and Δt (s), without renormalisation.
EX1_OMEGA_WORLD = (1.2, -0.8, 2.4)
EX1_DT = 0.25

#: Exercise 2: principal-axis storage (the forces-and-impulses article, §5 回転運動のパラメータについて):
#: I_d (kg m²), q_o (principal axes → body), q_r (body → world), L (world, N m s).
#: Both quaternions are unit with exact 4-decimal components.
EX2_MOMENTS = (1.0, 2.0, 2.5)
EX2_Q_O = (0.8, 0.2, -0.4, 0.4)
EX2_Q_R = (0.7, 0.1, 0.5, -0.5)
EX2_L_WORLD = (1.2, -0.5, 2.0)

#: Exercise 3: an attitude q (body → world, unit, exact components) and a body angular velocity (rad/s).
EX3_Q = (0.5, 0.1, -0.7, 0.5)
EX3_OMEGA_BODY = (0.6, -1.2, 0.9)

#: Exercise 4: one exponential-map step q ⊗ exp(½ ω_body Δt) from this attitude (body → world, unit,
#: exact components) with this body angular velocity (rad/s) and Δt (s): a turn of 0.911 rad, large
#: enough that Euler + renormalise (short by about θ³/12) is clearly different.
EX4_Q = (0.1, 0.7, -0.5, 0.5)
EX4_OMEGA_BODY = (1.4, -0.6, 1.0)
EX4_DT = 0.5


def _norm_after_step():
    q1 = _q.identity() + _q.derivative_world(_q.identity(), EX1_OMEGA_WORLD) * EX1_DT
    return float(_q.norm(q1))


def _norm_hints():
    x = float(np.linalg.norm(EX1_OMEGA_WORLD)) * EX1_DT / 2          # |q̇| Δt = |ω| Δt / 2
    right = _norm_after_step()
    return {
        Hint("norm-squared", "that is |q₁|²; take the square root."): right ** 2,
        Hint("missing-half", "q̇ = ½ (0, ω) ⊗ q: the factor ½ is missing."): np.sqrt(1.0 + (2 * x) ** 2),
        Hint("lengths-added", "q̇ is perpendicular to q, so the lengths add like the sides of a right triangle: "
             "|q₁|² = 1 + (|ω|Δt/2)², not |q₁| = 1 + |ω|Δt/2."): 1.0 + x,
        Hint("norm-one", "without renormalisation the norm is not 1: |q + q̇Δt|² = |q|² + |q̇|²Δt² (q ⟂ q̇)."): 1.0,
    }


check_norm_after_step = Exercise(
    "|q₁| after one unnormalised Euler step", _norm_after_step, hints=_norm_hints,
    doc="Exercise 1: |q₁| with q₁ = q₀ + ½ (0, ω) ⊗ q₀ Δt, q₀ = (1, 0, 0, 0), no renormalisation "
        "(= sqrt(1 + (|ω| Δt / 2)²)).")


def _omega_principal():
    return _body.omega_from_L_principal(EX2_MOMENTS, EX2_Q_O, EX2_Q_R, EX2_L_WORLD)


def _omega_with(q):
    """ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L)) for a given (possibly wrong) principal → world quaternion ``q``."""
    L = np.asarray(EX2_L_WORLD, dtype=float)
    return _q.rotate(q, _q.rotate(_q.conjugate(q), L) / np.asarray(EX2_MOMENTS))


def _omega_hints():
    q_o, q_r = np.asarray(EX2_Q_O), np.asarray(EX2_Q_R)
    I_d, L = np.asarray(EX2_MOMENTS), np.asarray(EX2_L_WORLD)
    q = _q.multiply(q_r, q_o)
    return {
        Hint("q-o-missing",
             "q_o is missing: the moments belong to the principal axes, q = q_r ⊗ q_o."): _omega_with(q_r),
        Hint("composition-order",
             "the order is q = q_r ⊗ q_o (principal → body first, then body → world), not q_o ⊗ q_r."):
            _omega_with(_q.multiply(q_o, q_r)),
        Hint("conjugate-q-o",
             "q = q_r ⊗ q_o uses q_o itself, not its conjugate q_o*."): _omega_with(_q.multiply(q_r, _q.conjugate(q_o))),
        Hint("conjugate-q-r",
             "q = q_r ⊗ q_o uses q_r itself, not its conjugate q_r*."): _omega_with(_q.multiply(_q.conjugate(q_r), q_o)),
        Hint("rotations-reversed",
             "the two rotations are the wrong way round: first q⁻¹ ⋄ L (into the principal axes), "
             "then q ⋄ (…) back to the world."): _q.rotate(_q.conjugate(q), _q.rotate(q, L) / I_d),
        Hint("multiply-for-divide", "ω = I⁻¹ L: divide by the moments (I_d⁻¹ ⊙), do not multiply."):
            _body.L_from_omega_principal(I_d, q_o, q_r, L),
        Hint("principal-frame-not-rotated",
             "that is ω in the principal axes; rotate it back to the world with q ⋄ (…)."):
            _q.rotate(_q.conjugate(q), L) / I_d,
        Hint("wxyz-read-as-xyzw",
             "the quaternions are scalar first (w, x, y, z), as everywhere in rbteach; they were read as "
             "(x, y, z, w)."): _omega_with(_q.multiply(_q.from_xyzw(q_r), _q.from_xyzw(q_o))),
    }


check_omega_principal = Exercise(
    "ω_world from L (principal-axis form)", _omega_principal, hints=_omega_hints,
    doc="Exercise 2: ω_world = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L)) with q = q_r ⊗ q_o (the forces-and-impulses "
        "article, §5).")


def _qdot_body():
    return _q.derivative_body(EX3_Q, EX3_OMEGA_BODY)


def _qdot_hints():
    q, w = np.asarray(EX3_Q), np.asarray(EX3_OMEGA_BODY)
    right = _qdot_body()
    return {
        Hint("world-formula-with-body-omega",
             "that is ½ (0, ω) ⊗ q, the world formula: with a body ω the product goes the other way, "
             "½ q ⊗ (0, ω_body)."): _q.derivative_world(q, w),
        Hint("missing-half", "q̇ = ½ q ⊗ (0, ω_body): the factor ½ is missing."): 2.0 * right,
        Hint("inverse-rotation", "ω_world = q ⋄ ω_body, not q⁻¹ ⋄ ω_body (or use ½ q ⊗ (0, ω_body) directly)."):
            _q.derivative_world(q, _q.rotate(_q.conjugate(q), w)),
        Hint("conjugate", "that is ½ q* ⊗ (0, ω_body): use q itself, ½ q ⊗ (0, ω_body)."):
            0.5 * _q.multiply(_q.conjugate(q), np.concatenate([[0.0], w])),
        Hint("wxyz-read-as-xyzw",
             "q is scalar first (w, x, y, z), as everywhere in rbteach; it was read as (x, y, z, w)."):
            _q.derivative_body(_q.from_xyzw(q), w),
        Hint("scalar-last", "that is q̇ written scalar last (x, y, z, w); rbteach writes (w, x, y, z), "
             "scalar first."): _q.to_xyzw(right),
        Hint("rate-sign", "that is −q̇, the rate of the body spinning the other way (ω reversed, or the "
             "passive q̇ = −½ (0, ω) ⊗ q); a rate has one sign: q̇ = ½ q ⊗ (0, ω_body)."): -right,
    }


check_qdot_body = Exercise(
    "q̇ from ω_body", _qdot_body, hints=_qdot_hints,
    doc="Exercise 3: q̇ = ½ q ⊗ (0, ω_body), the body-frame twin of the article's ½ (0, ω_world) ⊗ q.")


def _exp_step():
    return _q.multiply(EX4_Q, _q.exp(0.5 * np.asarray(EX4_OMEGA_BODY) * EX4_DT))


def _exp_step_hints():
    q, w, dt = np.asarray(EX4_Q), np.asarray(EX4_OMEGA_BODY), EX4_DT
    step = _q.exp(0.5 * w * dt)
    return {
        Hint("full-angle", "exp(ω Δt) turns by twice the angle: the step is exp(½ ω_body Δt) "
             "(or from_rotation_vector(ω_body Δt))."):
            _q.multiply(q, _q.exp(w * dt)),
        Hint("quarter-angle", "exp(¼ ω Δt) turns by half the angle: the step is exp(½ ω_body Δt), the rotation vector "
             "ω_body Δt halved once."):
            _q.multiply(q, _q.exp(0.25 * w * dt)),
        Hint("step-on-wrong-side",
             "with a body ω the step multiplies from the right, q ⊗ exp(½ ω_body Δt), not exp(½ ω_body Δt) ⊗ q."):
            _q.multiply(step, q),
        Hint("euler-renormalise",
             "that is Euler + renormalise, normalise(q + ½ q ⊗ (0, ω) Δt): it turns by 2 arctan(θ/2), "
        "short of θ = |ω|Δt."):
            _q.normalize(q + _q.derivative_body(q, w) * dt),
        Hint("euler-step", "that is one explicit Euler step q + ½ q ⊗ (0, ω) Δt (not even unit): the exponential map "
        "multiplies by exp(½ ω Δt)."):
            q + _q.derivative_body(q, w) * dt,
        Hint("conjugate",
             "use q itself, not its conjugate q*: q ⊗ exp(½ ω_body Δt)."): _q.multiply(_q.conjugate(q), step),
        Hint("wxyz-read-as-xyzw",
             "q is scalar first (w, x, y, z), as everywhere in rbteach; it was read as (x, y, z, w)."):
            _q.multiply(_q.from_xyzw(q), step),
        Hint("scalar-last", "that is the right attitude written scalar last (x, y, z, w); rbteach writes "
             "(w, x, y, z), scalar first."): _q.to_xyzw(_q.multiply(q, step)),
    }


check_exp_step = Exercise(
    "q₁ after one exponential-map step", _exp_step, hints=_exp_step_hints, kind="quaternion",
    doc="Exercise 4: q₁ = q ⊗ exp(½ ω_body Δt) (keeps |q| = 1 without renormalising).")
