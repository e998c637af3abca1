"""``"rk4-dcm"``: 「回転運動のシミュレーション」 (2019)'s direction-cosine-matrix variant, fixed: RK4 on (ω, R) with
``Ṙ = R [ω_body]×``, ``R`` re-orthonormalised each step by the polar decomposition.
"""

from __future__ import annotations

from array import array
import math
import numpy as np

from .. import quaternion as _q
from .equations import _euler_constants, _rates


def _cross_rows(R, w):
    """``R [ω]×`` for R (N, 3, 3), ω (N, 3): each row r of R becomes r × ω.

    Written out by components: ``np.cross`` spends ~60 µs per call on axis bookkeeping here.
    """
    r0, r1, r2 = R[..., 0], R[..., 1], R[..., 2]           # (N, 3) each: the rows' components
    w0, w1, w2 = w[:, None, 0], w[:, None, 1], w[:, None, 2]
    return np.stack([r1 * w2 - r2 * w1, r2 * w0 - r0 * w2, r0 * w1 - r1 * w0], axis=-1)


def _rk4_dcm_states(moments, w0, q0, dt, steps, every=1, torque=None):
    """The ``runge_kutta`` (DCM) of 「回転運動のシミュレーション」 (2019), fixed.

    w0 (N, 3), q0 (N, 4) → ω (n+1, N, 3), R (n+1, N, 3, 3) with n = steps/every.

    ``R = to_matrix(q)`` is body → world (the article's DCM is ``Rᵀ``); ``Ṙ = R [ω]× = [R ω]× R``.
    ``torque = (τ_c, p, F)`` (each (3,), in principal axes / world) adds ``τ = τ_c + p × (Rᵀ F)``.
    """
    from .. import rotation as _rot

    a1, a2, a3 = _euler_constants(moments)
    zero = np.zeros(w0.shape[0])

    def omega_rate(w, R):       # the ω part of _rates (Euler's equations); R only for a torque
        return np.stack(_rates(a1, a2, a3, w[:, 0], w[:, 1], w[:, 2], zero, zero, zero, zero)[:3], axis=-1)

    if torque is not None:
        tau_c, p, F = (np.asarray(x, dtype=float) for x in torque)
        inv = 1.0 / np.asarray(moments, dtype=float)
        free_rate = omega_rate

        def omega_rate(w, R):   # + I⁻¹ (τ_c + p × (Rᵀ F)); Rᵀ F = F @ R row by row
            g = np.einsum("i,nij->nj", F, R)
            tau = tau_c + np.stack([p[1] * g[:, 2] - p[2] * g[:, 1], p[2] * g[:, 0] - p[0] * g[:, 2],
                                    p[0] * g[:, 1] - p[1] * g[:, 0]], axis=-1)
            return free_rate(w, R) + tau * inv

    w = np.array(w0, dtype=float)
    R = _q.to_matrix(q0)                                   # body → world, v_world = R v_body
    n_out = steps // every + 1
    ws = np.empty((n_out,) + w.shape)
    Rs = np.empty((n_out,) + R.shape)
    ws[0], Rs[0] = w, R
    if w.shape[0] == 1:                                    # one body: the same operations on Python floats
        _rk4_dcm_one(a1, a2, a3, torque, moments, w, R, dt, steps, every, ws[:, 0], Rs[:, 0])
        return ws, Rs
    h = 0.5 * dt
    for i in range(1, steps + 1):
        k1 = omega_rate(w, R)
        l1 = _cross_rows(R, w)
        R2 = R + h * l1
        k2 = omega_rate(w + h * k1, R2)
        l2 = _cross_rows(R2, w + h * k1)
        R3 = R + h * l2
        k3 = omega_rate(w + h * k2, R3)
        l3 = _cross_rows(R3, w + h * k2)
        R4 = R + dt * l3
        k4 = omega_rate(w + dt * k3, R4)
        l4 = _cross_rows(R4, w + dt * k3)                  # the article assigns l3 twice, never l4
        w = w + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        R = R + dt / 6.0 * (l1 + 2.0 * l2 + 2.0 * l3 + l4)
        if not (np.isfinite(R).all() and np.isfinite(w).all()):   # blew up: the SVD cannot go on
            first = -(-i // every)                         # the first kept sample at or after step i
            ws[first:], Rs[first:] = np.nan, np.nan
            break
        R = _rot._polar(R)                                 # orthonormalize: polar factor
        if i % every == 0:
            ws[i // every], Rs[i // every] = w, R
    return ws, Rs



def _rk4_dcm_one(a1, a2, a3, torque, moments, w, R, dt, steps, every, ws, Rs):
    """The step loop of :func:`_rk4_dcm_states` for one body (``w`` (1, 3), ``R`` (1, 3, 3)), writing
    ``ws`` (n, 3) and ``Rs`` (n, 3, 3) from index 1 on: the same operations on Python floats, so the same
    bits, without numpy's cost per call on a few numbers. The polar factor and the torque's ``Rᵀ F``
    are the very numpy calls of the array loop, on (1, 3, 3) arrays (SVD, einsum).
    """
    from .. import rotation as _rot

    isfinite = math.isfinite
    if torque is not None:
        tau_c, p, F = (np.asarray(x, dtype=float) for x in torque)
        t1, t2, t3 = tau_c.tolist()
        p1, p2, p3 = p.tolist()
        i1, i2, i3 = (1.0 / np.asarray(moments, dtype=float)).tolist()

    def rate(w1, w2, w3, R):                    # omega_rate of the array loop (R: 9 floats, row by row)
        k1, k2, k3 = _rates(a1, a2, a3, w1, w2, w3, 0.0, 0.0, 0.0, 0.0)[:3]
        if torque is None:
            return k1, k2, k3
        g1, g2, g3 = np.einsum("i,nij->nj", F, np.array(R).reshape(1, 3, 3))[0].tolist()
        return (k1 + (t1 + (p2 * g3 - p3 * g2)) * i1, k2 + (t2 + (p3 * g1 - p1 * g3)) * i2,
                k3 + (t3 + (p1 * g2 - p2 * g1)) * i3)

    def cross_rows(R, x, y, z):                 # _cross_rows: each row r of R becomes r × (x, y, z)
        out = []
        for a in (0, 3, 6):
            r0, r1, r2 = R[a], R[a + 1], R[a + 2]
            out += (r1 * z - r2 * y, r2 * x - r0 * z, r0 * y - r1 * x)
        return out

    w1, w2, w3 = w[0].tolist()
    R = R[0].ravel().tolist()
    h = 0.5 * dt
    d = dt / 6.0
    for i in range(1, steps + 1):
        k = rate(w1, w2, w3, R)
        l1 = cross_rows(R, w1, w2, w3)
        R2 = [r + h * l for r, l in zip(R, l1)]
        x1, x2, x3 = w1 + h * k[0], w2 + h * k[1], w3 + h * k[2]
        m = rate(x1, x2, x3, R2)
        l2 = cross_rows(R2, x1, x2, x3)
        R3 = [r + h * l for r, l in zip(R, l2)]
        y1, y2, y3 = w1 + h * m[0], w2 + h * m[1], w3 + h * m[2]
        n = rate(y1, y2, y3, R3)
        l3 = cross_rows(R3, y1, y2, y3)
        R4 = [r + dt * l for r, l in zip(R, l3)]
        z1, z2, z3 = w1 + dt * n[0], w2 + dt * n[1], w3 + dt * n[2]
        p_ = rate(z1, z2, z3, R4)
        l4 = cross_rows(R4, z1, z2, z3)
        w1 = w1 + d * (k[0] + 2.0 * m[0] + 2.0 * n[0] + p_[0])
        w2 = w2 + d * (k[1] + 2.0 * m[1] + 2.0 * n[1] + p_[1])
        w3 = w3 + d * (k[2] + 2.0 * m[2] + 2.0 * n[2] + p_[2])
        R = [r + d * (a + 2.0 * b + 2.0 * c + e) for r, a, b, c, e in zip(R, l1, l2, l3, l4)]
        if not (all(isfinite(r) for r in R) and isfinite(w1) and isfinite(w2) and isfinite(w3)):
            first = -(-i // every)                 # blew up: the first kept sample at or after step i
            ws[first:], Rs[first:] = np.nan, np.nan
            return
        P = _rot._polar(np.array(R).reshape(1, 3, 3))
        R = P.ravel().tolist()
        if i % every == 0:
            ws[i // every], Rs[i // every] = (w1, w2, w3), P[0]
