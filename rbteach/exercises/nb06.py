"""Self-checks for notebook 06 (integrating orientation).

The data of each exercise are module constants, so the notebook's statement and the check agree.
Expected values come from :mod:`rbteach.quaternion` and :mod:`rbteach.body`; the hints recognise
the typical mistakes (the forgotten ½, |q|² for |q|, the world formula fed with a body ω, the
principal-axis rotation q_o left out or applied in the wrong order, I_d multiplied instead of
divided).
"""

from __future__ import annotations

import numpy as np

from .. import body as _body
from .. import quaternion as _q
from . import Feedback, check_close

__all__ = ["EX1_OMEGA_WORLD", "EX1_DT", "EX2_MOMENTS", "EX2_Q_O", "EX2_Q_R", "EX2_L_WORLD",
           "EX3_Q", "EX3_OMEGA_BODY",
           "check_norm_after_step", "check_omega_principal", "check_qdot_body"]

#: Exercise 1: one explicit-Euler step from q = identity with this world ω (rad/s) and Δt (s).
EX1_OMEGA_WORLD = (0.0, 0.0, 2.0)
EX1_DT = 0.1

#: Exercise 2: principal-axis storage (seed 002 §5): I_d, q_o (principal → body), q_r (body → world), L.
EX2_MOMENTS = (1.0, 2.0, 2.5)
EX2_Q_O = tuple(float(x) for x in _q.from_axis_angle((1.0, 0.0, 0.0), np.pi / 2))
EX2_Q_R = tuple(float(x) for x in _q.from_axis_angle((0.0, 0.0, 1.0), np.pi / 2))
EX2_L_WORLD = (1.0, 2.0, 3.0)

#: Exercise 3: the attitude rate for this q (90° about z) and body angular velocity (rad/s).
EX3_Q = tuple(float(x) for x in _q.from_axis_angle((0.0, 0.0, 1.0), np.pi / 2))
EX3_OMEGA_BODY = (1.0, 0.0, 0.0)


def check_norm_after_step(answer) -> Feedback:
    """Exercise 1: ``|q₁|`` with ``q₁ = q₀ + ½ (0, ω) ⊗ q₀ Δt`` and no renormalisation.

    Expected ``sqrt(1 + (|ω| Δt / 2)²)``.
    """
    q1 = _q.identity() + _q.derivative_world(_q.identity(), EX1_OMEGA_WORLD) * EX1_DT
    expected = float(_q.norm(q1))
    x = np.linalg.norm(EX1_OMEGA_WORLD) * EX1_DT
    hints = {
        "that is |q₁|²; take the square root.": expected ** 2,
        "q̇ = ½ (0, ω) ⊗ q: the factor ½ is missing.": np.sqrt(1.0 + x * x),
        "without renormalisation the norm is not 1: |q + q̇Δt|² = |q|² + |q̇|²Δt² (q ⟂ q̇).": 1.0,
    }
    return check_close("|q₁| after one unnormalised Euler step", answer, expected, hints=hints)


def check_omega_principal(answer) -> Feedback:
    """Exercise 2: ``ω_world = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))`` with ``q = q_r ⊗ q_o`` (seed 002 §5)."""
    I_d = np.asarray(EX2_MOMENTS)
    q_o, q_r, L = np.asarray(EX2_Q_O), np.asarray(EX2_Q_R), np.asarray(EX2_L_WORLD)
    expected = _body.omega_from_L_principal(I_d, q_o, q_r, L)
    ident = _q.identity()
    q = _q.multiply(q_r, q_o)
    hints = {
        "q_o is missing: the moments belong to the principal axes, q = q_r ⊗ q_o.":
            _body.omega_from_L_principal(I_d, ident, q_r, L),
        "the order is q = q_r ⊗ q_o (principal → body first, then body → world), not q_o ⊗ q_r.":
            _body.omega_from_L_principal(I_d, ident, _q.multiply(q_o, q_r), L),
        "ω = I⁻¹ L: divide by the moments (I_d⁻¹ ⊙), do not multiply.":
            _body.L_from_omega_principal(I_d, q_o, q_r, L),
        "that is ω in the principal axes; rotate it back to the world with q ⋄ (…).":
            _q.rotate(_q.conjugate(q), L) / I_d,
    }
    return check_close("ω_world from L (principal-axis form)", answer, expected, hints=hints)


def check_qdot_body(answer) -> Feedback:
    """Exercise 3: ``q̇ = ½ q ⊗ (0, ω_body)`` (the body-frame twin of seed 002's formula)."""
    q, w = np.asarray(EX3_Q), np.asarray(EX3_OMEGA_BODY)
    expected = _q.derivative_body(q, w)
    hints = {
        "that is ½ (0, ω) ⊗ q, the world formula: with a body ω the product goes the other way, ½ q ⊗ (0, ω_body).":
            _q.derivative_world(q, w),
        "q̇ = ½ q ⊗ (0, ω_body): the factor ½ is missing.": 2.0 * expected,
    }
    return check_close("q̇ from ω_body", answer, expected, hints=hints)
