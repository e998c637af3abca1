"""Runge–Kutta–Munthe-Kaas 4 ``"rkmk4"`` (Munthe-Kaas 1999; Iserles, Munthe-Kaas, Nørsett & Zanna 2000): ω by RK4,
the attitude as ``q₁ = q₀ ⊗ exp(θ)`` with θ from RK4 on ``θ̇ = dexp⁻¹_θ(ω) ≈ ω + ½ θ × ω + (1/12) θ × (θ × ω)``.
"""

from __future__ import annotations

import numpy as np


def _dexpinv(t1, t2, t3, w1, w2, w3):
    """``dexp⁻¹`` of the right-trivialised exponential, truncated after the 2nd commutator (enough for order 4):
    ``θ̇ = ω + ½ θ × ω + (1/12) θ × (θ × ω)`` for ``q = q₀ ⊗ exp(θ)``, ``q̇ = ½ q ⊗ (0, ω)``."""
    c1, c2, c3 = t2 * w3 - t3 * w2, t3 * w1 - t1 * w3, t1 * w2 - t2 * w1          # θ × ω
    e1, e2, e3 = t2 * c3 - t3 * c2, t3 * c1 - t1 * c3, t1 * c2 - t2 * c1          # θ × (θ × ω)
    k = 1.0 / 12.0
    return w1 + 0.5 * c1 + k * e1, w2 + 0.5 * c2 + k * e2, w3 + 0.5 * c3 + k * e3


def _step_rkmk4(c, w1, w2, w3, qw, qx, qy, qz):
    """One step of RKMK4 (Runge–Kutta–Munthe-Kaas on the classic RK4 tableau), torque-free.

    ω: classic RK4 on Euler's equations (the same operations as ``"rk4"``, so the same ω bit for bit).
    q: ``q₁ = q₀ ⊗ exp(θ)`` with ``θ = h/6 (K₁ + 2K₂ + 2K₃ + K₄)``, the stage increments
    ``K_i = dexp⁻¹_{θ_i}(ω_i)`` (:func:`_dexpinv`) at ``θ₁ = 0``, ``θ₂ = h/2 K₁``, ``θ₃ = h/2 K₂``,
    ``θ₄ = h K₃`` and the RK4 stage values ``ω_i``; ``exp(θ) = (cos φ/2, sin(φ/2) θ/φ)``, ``φ = |θ|``,
    is a unit quaternion, so ``|q|`` stays 1 to rounding with no renormalisation.
    """
    a1, a2, a3, dt, cos, sin, sqrt = c
    h = 0.5 * dt
    k1, k2, k3 = a1 * w2 * w3, a2 * w3 * w1, a3 * w1 * w2
    x1, x2, x3 = w1 + h * k1, w2 + h * k2, w3 + h * k3
    m1, m2, m3 = a1 * x2 * x3, a2 * x3 * x1, a3 * x1 * x2
    y1, y2, y3 = w1 + h * m1, w2 + h * m2, w3 + h * m3
    n1, n2, n3 = a1 * y2 * y3, a2 * y3 * y1, a3 * y1 * y2
    z1, z2, z3 = w1 + dt * n1, w2 + dt * n2, w3 + dt * n3
    p1, p2, p3 = a1 * z2 * z3, a2 * z3 * z1, a3 * z1 * z2
    d = dt / 6.0
    K2 = _dexpinv(h * w1, h * w2, h * w3, x1, x2, x3)                            # K₁ = ω₀ (θ₁ = 0)
    K3 = _dexpinv(h * K2[0], h * K2[1], h * K2[2], y1, y2, y3)
    K4 = _dexpinv(dt * K3[0], dt * K3[1], dt * K3[2], z1, z2, z3)
    t1 = d * (w1 + 2.0 * (K2[0] + K3[0]) + K4[0])
    t2 = d * (w2 + 2.0 * (K2[1] + K3[1]) + K4[1])
    t3 = d * (w3 + 2.0 * (K2[2] + K3[2]) + K4[2])
    phi2 = t1 * t1 + t2 * t2 + t3 * t3
    phi = sqrt(phi2)
    cw = cos(0.5 * phi)
    small = phi < 1e-4
    s = _half_sinc(phi, phi2, small, sin)                                        # sin(φ/2)/φ
    cx, cy, cz = s * t1, s * t2, s * t3
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            qw * cw - qx * cx - qy * cy - qz * cz,                                  # q₀ ⊗ exp(θ)
            qw * cx + qx * cw + qy * cz - qz * cy,
            qw * cy - qx * cz + qy * cw + qz * cx,
            qw * cz + qx * cy - qy * cx + qz * cw)


def _half_sinc(phi, phi2, small, sin):
    """``sin(φ/2)/φ``; below φ = 1e-4 its series ``½ − φ²/48`` (exact to rounding there; no 0/0)."""
    series = 0.5 - phi2 / 48.0
    if isinstance(small, (bool, np.bool_)):
        return series if small else sin(0.5 * phi) / phi
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(small, series, sin(0.5 * phi) / np.where(small, 1.0, phi))
