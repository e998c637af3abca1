"""Euler's equations and the body's invariants, and the inertia checks every integrator shares.

``I ω̇ = τ − ω × I ω`` (「回転運動のシミュレーション」 (2019)); in principal axes ``ω̇₁ = (I₂ − I₃)/I₁ · ω₂ ω₃ + τ₁/I₁``
and cyclically (``a_i = (I_j − I_k)/I_i``); ``L = I ω`` and ``T = ½ ω · I ω`` in the body frame.
"""

from __future__ import annotations

from array import array
import numpy as np

from .. import _validate as _v

__all__ = [
    "euler_rhs", "angular_momentum", "kinetic_energy",
]


def _inertia_array(inertia, *, invertible: bool) -> np.ndarray:
    """``inertia`` as principal moments (3,) or a body tensor (3, 3), checked by :func:`rbteach.inertia.validate`.

    With ``invertible=True`` a zero principal moment is rejected too (Euler's equations need I⁻¹).
    """
    from .. import inertia as _inertia

    a = _v.array(inertia, "inertia")
    if a.shape not in ((3,), (3, 3)):
        raise ValueError(
            f"inertia must be principal moments with shape (3,) or a body-frame tensor with shape (3, 3), "
            f"got shape {a.shape}")
    _inertia.validate(np.diag(a) if a.shape == (3,) else a, "inertia", allow_zero=not invertible)
    return a


def _principal(a):
    """``(moments (3,), O (3, 3) or None)`` with ``I = O diag(moments) Oᵀ``; ``O = None`` when already diagonal."""
    if a.shape == (3,):
        return a, None
    if not np.any(a - np.diag(np.diag(a))):
        return np.diag(a).copy(), None
    from .. import inertia as _inertia

    moments, O = _inertia.principal_axes(a)
    return np.asarray(moments, dtype=float), np.asarray(O, dtype=float)


def _euler_constants(moments):
    """``a_i = (I_j − I_k)/I_i`` for cyclic (i, j, k): ``ω̇_i = a_i ω_j ω_k`` (torque-free)."""
    I1, I2, I3 = (float(m) for m in moments)
    return (I2 - I3) / I1, (I3 - I1) / I2, (I1 - I2) / I3


def _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz):
    """The torque-free equations of motion in component form: ``(ω̇₁, ω̇₂, ω̇₃, q̇_w, q̇_x, q̇_y, q̇_z)``.

    Euler's equations in principal axes ``ω̇_i = (I_j − I_k)/I_i · ω_j ω_k`` (``a_i`` from
    :func:`_euler_constants`) and the kinematics ``q̇ = ½ q ⊗ (0, ω_body)`` written out.
    """
    return (a1 * w2 * w3, a2 * w3 * w1, a3 * w1 * w2,
            -0.5 * (qx * w1 + qy * w2 + qz * w3),
            0.5 * (qw * w1 + qy * w3 - qz * w2),
            0.5 * (qw * w2 + qz * w1 - qx * w3),
            0.5 * (qw * w3 + qx * w2 - qy * w1))


def _normalized(qw, qx, qy, qz, sqrt):
    s = 1.0 / sqrt(qw * qw + qx * qx + qy * qy + qz * qz)
    return qw * s, qx * s, qy * s, qz * s


def _normalized_state(state, sqrt):
    # The turns keep |q| = 1 exactly in exact arithmetic; renormalising removes the rounding walk.
    m1, m2, m3, qw, qx, qy, qz = state
    return (m1, m2, m3, *_normalized(qw, qx, qy, qz, sqrt))


def euler_rhs(inertia, omega_body, torque_body=0.0) -> np.ndarray:
    """Euler's equations in the body frame: ``ω̇ = I⁻¹(τ − ω × I ω)`` (「回転運動のシミュレーション」 (2019)).

    Parameters
    ----------
    inertia : array_like, shape (3,) or (3, 3)
        Principal moments (body axes = principal axes) or a body-frame tensor; no zero moment.
    omega_body : array_like, shape (..., 3)
        Body-frame angular velocity.
    torque_body : array_like, shape (..., 3) or scalar 0, optional
        Body-frame torque about the centre of mass; broadcasts with ``omega_body``.

    Returns
    -------
    ndarray, shape (..., 3)
        ``ω̇``. For principal moments this is ``(I₂ − I₃)/I₁ ω₂ω₃ + τ₁/I₁`` and cyclically.
    """
    a = _inertia_array(inertia, invertible=True)
    w = _v.vector3(omega_body, "omega_body")
    scalar = isinstance(torque_body, (int, float, np.number)) and not isinstance(torque_body, (bool, np.bool_)) \
        or (isinstance(torque_body, np.ndarray) and torque_body.ndim == 0)
    if scalar:
        tau = _v.finite_scalar(torque_body, "torque_body")
        if tau != 0.0:
            raise ValueError(f"torque_body must be a (..., 3) vector (or 0 for none), got {_v.describe(torque_body)}")
        tau = np.zeros(3)
    else:
        tau = _v.vector3(torque_body, "torque_body")
        _v.broadcast(("omega_body", w, 1), ("torque_body", tau, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        if a.shape == (3,):
            w1, w2, w3 = np.moveaxis(w, -1, 0)
            zero = np.zeros_like(w1)       # the ω part of the component formulas, with a dummy attitude
            rate = np.stack(_rates(*_euler_constants(a), w1, w2, w3, zero, zero, zero, zero)[:3], axis=-1)
            out = rate + tau / a
        else:
            rhs = tau - np.cross(w, w @ a.T)
            out = rhs @ np.linalg.inv(a).T
    return _v.finite_result(out, ("inertia", "omega_body", "torque_body"), "ω̇ = I⁻¹(τ − ω × I ω)")


def angular_momentum(inertia, omega_body) -> np.ndarray:
    """Body-frame angular momentum ``L_body = I ω_body``, shape (..., 3).

    ``inertia`` is principal moments (3,) or a body tensor (3, 3). This is the *body-frame*
    vector: it changes as the body tumbles. The conserved world-frame vector is
    ``L_world = q ⋄ L_body = rbteach.quaternion.rotate(q, L_body)`` with the body → world attitude q.
    """
    a = _inertia_array(inertia, invertible=False)
    w = _v.vector3(omega_body, "omega_body")
    with np.errstate(over="ignore", invalid="ignore"):
        out = w * a if a.shape == (3,) else w @ a.T
    return _v.finite_result(out, ("inertia", "omega_body"), "I ω")


def kinetic_energy(inertia, omega_body) -> np.ndarray:
    """Rotational kinetic energy ``T = ½ ω·Iω`` (frame-independent), shape (...)."""
    w = _v.vector3(omega_body, "omega_body")
    L = angular_momentum(inertia, w)
    with np.errstate(over="ignore", invalid="ignore"):
        out = 0.5 * np.einsum("...i,...i->...", w, L)
    return _v.finite_result(out, ("inertia", "omega_body"), "½ ω·I ω")
