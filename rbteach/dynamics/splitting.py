"""The splitting methods ``"splitting"`` (Strang, order 2) and ``"splitting4"`` (Yoshida/Suzuki triple jump, order 4).

The free body's kinetic energy ``T = T₁ + T₂ + T₃`` splits into three parts whose flows are exact rotations about
the principal axes (McLachlan 1993; Dullweber, Leimkuhler & McLachlan 1997), so ``|L|`` is kept to rounding.
"""

from __future__ import annotations

from .equations import _normalized_state


def _flow1(h, inv1, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m1 * inv1
    c, s = cos(th), sin(th)
    m2, m3 = c * m2 + s * m3, c * m3 - s * m2
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qx, c * qx + s * qw, c * qy + s * qz, c * qz - s * qy)


def _flow2(h, inv2, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m2 * inv2
    c, s = cos(th), sin(th)
    m3, m1 = c * m3 + s * m1, c * m1 - s * m3
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qy, c * qx - s * qz, c * qy + s * qw, c * qz + s * qx)


def _flow3(h, inv3, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m3 * inv3
    c, s = cos(th), sin(th)
    m1, m2 = c * m1 + s * m2, c * m2 - s * m1
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qz, c * qx + s * qy, c * qy - s * qx, c * qz + s * qw)


def _strang(h, inv, cos, sin, state):
    """One symmetric step ``1(h/2) 2(h/2) 3(h) 2(h/2) 1(h/2)`` (order 2, time-reversible)."""
    inv1, inv2, inv3 = inv
    h2 = 0.5 * h
    m1, m2, m3, qw, qx, qy, qz = _flow1(h2, inv1, cos, sin, *state)      # (named: no tuple re-packing between flows)
    m1, m2, m3, qw, qx, qy, qz = _flow2(h2, inv2, cos, sin, m1, m2, m3, qw, qx, qy, qz)
    m1, m2, m3, qw, qx, qy, qz = _flow3(h, inv3, cos, sin, m1, m2, m3, qw, qx, qy, qz)
    m1, m2, m3, qw, qx, qy, qz = _flow2(h2, inv2, cos, sin, m1, m2, m3, qw, qx, qy, qz)
    return _flow1(h2, inv1, cos, sin, m1, m2, m3, qw, qx, qy, qz)


def _step_splitting(c, *state):
    inv, dt, cos, sin, sqrt = c
    m1, m2, m3, qw, qx, qy, qz = _strang(dt, inv, cos, sin, state)
    s = 1.0 / sqrt(qw * qw + qx * qx + qy * qy + qz * qz)                  # renormalised as _normalized_state
    return m1, m2, m3, qw * s, qx * s, qy * s, qz * s


# Yoshida (1990) / Suzuki triple jump: S(γ₁h) S(γ₀h) S(γ₁h) with 2γ₁ + γ₀ = 1, 2γ₁³ + γ₀³ = 0.
_G1 = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0))


_G0 = 1.0 - 2.0 * _G1


def _step_splitting4(c, *state):
    inv, dt, cos, sin, sqrt = c
    state = _strang(_G1 * dt, inv, cos, sin, state)
    state = _strang(_G0 * dt, inv, cos, sin, state)
    state = _strang(_G1 * dt, inv, cos, sin, state)
    return _normalized_state(state, sqrt)
