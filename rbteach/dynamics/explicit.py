"""The explicit steps of ``"euler"``, ``"semi-implicit-euler"`` and ``"rk4"`` on (ω_body, q), free and with a torque.

Each step is written once in component form (``w1, w2, w3, qw, qx, qy, qz``): Python floats for one body,
numpy arrays of shape (N,) for a batch. ``q`` is renormalised after each step; the attitude rate is
``q̇ = ½ q ⊗ (0, ω_body)`` (:func:`rbteach.quaternion.derivative_body`).
"""

from __future__ import annotations

from .equations import _euler_constants, _normalized, _rates


def _torque_constants(moments, torque_p, point_p, force):
    """The constants of :func:`_rates_torqued`: ``a_i``, ``1/I_i``, the body torque, the point and the force."""
    return (*_euler_constants(moments), *(1.0 / float(m) for m in moments),
            *(float(x) for x in torque_p), *(float(x) for x in point_p), *(float(x) for x in force))


def _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz):
    """:func:`_rates` with a torque: ``ω̇_i = a_i ω_j ω_k + τ_i/I_i``, ``τ = τ_c + p × (R(q)ᵀ F)``.

    ``k`` = :func:`_torque_constants`. ``g = R(q)ᵀ F`` is the rotation of ``F`` by ``q*``:
    ``g = F − 2 q_w (u × F) + 2 u × (u × F)`` with ``u = (q_x, q_y, q_z)``. At the RK stages ``|q|``
    is not exactly 1; the exact flow keeps ``|q|`` (``q̇ = ½ q ⊗ (0, ω)``), so the order is not affected.
    """
    a1, a2, a3, i1, i2, i3, s1, s2, s3, p1, p2, p3, f1, f2, f3 = k
    c1, c2, c3 = qy * f3 - qz * f2, qz * f1 - qx * f3, qx * f2 - qy * f1          # u × F
    g1 = f1 + 2.0 * (qy * c3 - qz * c2 - qw * c1)                                 # g = R(q)ᵀ F
    g2 = f2 + 2.0 * (qz * c1 - qx * c3 - qw * c2)
    g3 = f3 + 2.0 * (qx * c2 - qy * c1 - qw * c3)
    return (a1 * w2 * w3 + i1 * (s1 + p2 * g3 - p3 * g2),
            a2 * w3 * w1 + i2 * (s2 + p3 * g1 - p1 * g3),
            a3 * w1 * w2 + i3 * (s3 + p1 * g2 - p2 * g1),
            -0.5 * (qx * w1 + qy * w2 + qz * w3),
            0.5 * (qw * w1 + qy * w3 - qz * w2),
            0.5 * (qw * w2 + qz * w1 - qx * w3),
            0.5 * (qw * w3 + qx * w2 - qy * w1))


def _step_euler_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    k1, k2, k3, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    return (w1 + dt * k1, w2 + dt * k2, w3 + dt * k3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_semi_implicit_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    k1, k2, k3, _, _, _, _ = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    w1, w2, w3 = w1 + dt * k1, w2 + dt * k2, w3 + dt * k3          # ω first (torque at the old q) ...
    _, _, _, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)   # ... then q with the new ω
    return (w1, w2, w3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_rk4_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    h = 0.5 * dt
    k1, k2, k3, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    m1, m2, m3, m4, m5, m6, m7 = _rates_torqued(k, w1 + h * k1, w2 + h * k2, w3 + h * k3,
                                                qw + h * k4, qx + h * k5, qy + h * k6, qz + h * k7)
    n1, n2, n3, n4, n5, n6, n7 = _rates_torqued(k, w1 + h * m1, w2 + h * m2, w3 + h * m3,
                                                qw + h * m4, qx + h * m5, qy + h * m6, qz + h * m7)
    p1, p2, p3, p4, p5, p6, p7 = _rates_torqued(k, w1 + dt * n1, w2 + dt * n2, w3 + dt * n3,
                                                qw + dt * n4, qx + dt * n5, qy + dt * n6, qz + dt * n7)
    d = dt / 6.0
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            *_normalized(qw + d * (k4 + 2.0 * (m4 + n4) + p4),
                         qx + d * (k5 + 2.0 * (m5 + n5) + p5),
                         qy + d * (k6 + 2.0 * (m6 + n6) + p6),
                         qz + d * (k7 + 2.0 * (m7 + n7) + p7), sqrt))


def _step_euler(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    k1, k2, k3, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    return (w1 + dt * k1, w2 + dt * k2, w3 + dt * k3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_semi_implicit(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    k1, k2, k3, _, _, _, _ = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    w1, w2, w3 = w1 + dt * k1, w2 + dt * k2, w3 + dt * k3          # ω first ...
    _, _, _, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)   # ... then q with the new ω
    return (w1, w2, w3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_rk4(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    h = 0.5 * dt
    k1, k2, k3, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    m1, m2, m3, m4, m5, m6, m7 = _rates(a1, a2, a3, w1 + h * k1, w2 + h * k2, w3 + h * k3,
                                        qw + h * k4, qx + h * k5, qy + h * k6, qz + h * k7)
    n1, n2, n3, n4, n5, n6, n7 = _rates(a1, a2, a3, w1 + h * m1, w2 + h * m2, w3 + h * m3,
                                        qw + h * m4, qx + h * m5, qy + h * m6, qz + h * m7)
    p1, p2, p3, p4, p5, p6, p7 = _rates(a1, a2, a3, w1 + dt * n1, w2 + dt * n2, w3 + dt * n3,
                                        qw + dt * n4, qx + dt * n5, qy + dt * n6, qz + dt * n7)
    d = dt / 6.0
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            *_normalized(qw + d * (k4 + 2.0 * (m4 + n4) + p4),
                         qx + d * (k5 + 2.0 * (m5 + n5) + p5),
                         qy + d * (k6 + 2.0 * (m6 + n6) + p6),
                         qz + d * (k7 + 2.0 * (m7 + n7) + p7), sqrt))
