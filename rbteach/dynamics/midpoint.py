"""The implicit midpoint rule ``"implicit-midpoint"``: ``y₁ = y₀ + h f((y₀ + y₁)/2)`` on (ω, q), its midpoint ω̄ found by
Newton's method; the attitude by the Cayley transform ``q₁ = q₀ ⊗ (1 − |a|², 2a)/(1 + |a|²)``, ``a = h ω̄/4``
(Hairer, Lubich & Wanner, *Geometric Numerical Integration*, §IV.2).
"""

from __future__ import annotations

import math
import numpy as np


class _NoConvergence(Exception):
    """Newton's iteration of the implicit midpoint rule did not converge (not a ValueError: the
    drivers turn ValueError into a NaN blow-up)."""


#: Newton's iteration stops when its correction is below this fraction of |ω̄| (max norm); the
#: error left is about its square (quadratic convergence), far below rounding.
_MIDPOINT_TOL = 1e-14


_MIDPOINT_ITERATIONS = 30


def _step_midpoint(c, w1, w2, w3, qw, qx, qy, qz):
    """One implicit midpoint step ``y₁ = y₀ + h f((y₀ + y₁)/2)`` on (ω, q), torque-free.

    ω: solve ``G(ω̄) = ω̄ − ω₀ − (h/2) f(ω̄) = 0`` for the midpoint ``ω̄ = (ω₀ + ω₁)/2`` by Newton's
    method (``f_i = a_i ω̄_j ω̄_k``, the 3 × 3 system by Cramer's rule), then ``ω₁ = 2ω̄ − ω₀``.
    q: the midpoint rule on the linear ``q̇ = ½ q ⊗ (0, ω̄)`` is ``q₁ ⊗ (1 − A) = q₀ ⊗ (1 + A)`` with
    ``A = (0, h ω̄/4)``, i.e. ``q₁ = q₀ ⊗ cay`` with the Cayley transform
    ``cay = (1 + A)(1 − A)⁻¹ = (1 − |a|², 2a)/(1 + |a|²)``, ``a = h ω̄/4``: a unit quaternion, so
    ``|q₁| = |q₀|`` (no renormalisation).
    """
    a1, a2, a3, dt, done, finite = c
    h = 0.5 * dt
    b1, b2, b3 = h * a1, h * a2, h * a3
    v1, v2, v3 = w1 + b1 * w2 * w3, w2 + b2 * w3 * w1, w3 + b3 * w1 * w2        # explicit half step: the guess
    for _ in range(_MIDPOINT_ITERATIONS):
        g1 = v1 - w1 - b1 * v2 * v3
        g2 = v2 - w2 - b2 * v3 * v1
        g3 = v3 - w3 - b3 * v1 * v2
        # J = ∂G/∂ω̄ = [[1, −b1 v3, −b1 v2], [−b2 v3, 1, −b2 v1], [−b3 v2, −b3 v1, 1]]; δ = −J⁻¹ G
        j12, j13, j21, j23, j31, j32 = -b1 * v3, -b1 * v2, -b2 * v3, -b2 * v1, -b3 * v2, -b3 * v1
        c11, c12, c13 = 1.0 - j23 * j32, j13 * j32 - j12, j12 * j23 - j13          # adjugate (rows)
        c21, c22, c23 = j23 * j31 - j21, 1.0 - j13 * j31, j13 * j21 - j23
        c31, c32, c33 = j21 * j32 - j31, j12 * j31 - j32, 1.0 - j12 * j21
        det = 1.0 + j12 * j23 * j31 + j13 * j21 * j32 - j13 * j31 - j12 * j21 - j23 * j32
        d1 = -(c11 * g1 + c12 * g2 + c13 * g3) / det
        d2 = -(c21 * g1 + c22 * g2 + c23 * g3) / det
        d3 = -(c31 * g1 + c32 * g2 + c33 * g3) / det
        v1, v2, v3 = v1 + d1, v2 + d2, v3 + d3
        if done(d1, d2, d3, v1, v2, v3):
            break
    else:
        if finite(v1 + v2 + v3):
            raise _NoConvergence
        nan = v1 + v2 + v3 + math.nan                   # overflowed: the caller reports the blow-up
        return (nan,) * 7
    s1, s2, s3 = 0.5 * h * v1, 0.5 * h * v2, 0.5 * h * v3                        # a = h ω̄/4
    aa = s1 * s1 + s2 * s2 + s3 * s3
    k = 1.0 / (1.0 + aa)
    cw, cx, cy, cz = (1.0 - aa) * k, 2.0 * s1 * k, 2.0 * s2 * k, 2.0 * s3 * k
    return (2.0 * v1 - w1, 2.0 * v2 - w2, 2.0 * v3 - w3,
            qw * cw - qx * cx - qy * cy - qz * cz,                                   # q₀ ⊗ cay
            qw * cx + qx * cw + qy * cz - qz * cy,
            qw * cy - qx * cz + qy * cw + qz * cx,
            qw * cz + qx * cy - qy * cx + qz * cw)


def _done_float(d1, d2, d3, v1, v2, v3):
    return max(abs(d1), abs(d2), abs(d3)) <= _MIDPOINT_TOL * max(abs(v1), abs(v2), abs(v3))


_isfinite = math.isfinite          # (bound at import: notebook 09 counts the calls of math.cos and math.sin)


def _finite_batch(x):
    return bool(np.all(np.isfinite(x)))


def _done_batch(d1, d2, d3, v1, v2, v3):
    d = np.maximum(np.maximum(np.abs(d1), np.abs(d2)), np.abs(d3))
    v = np.maximum(np.maximum(np.abs(v1), np.abs(v2)), np.abs(v3))
    return bool(np.all(d <= _MIDPOINT_TOL * v))
