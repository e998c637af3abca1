"""Energy dissipation at fixed angular momentum: why a spinning body ends up about its major axis.

A body with flexing or sloshing parts (Explorer 1's whip antennas, 1958; a satellite's fuel) turns
part of its rotational energy into heat, while its angular momentum ``L`` — changed only by external
torques — stays. The internal parts are not modelled; their net effect on the rigid body is a model
torque (in the body frame, principal axes)

    τ = −k L × (ω × L) / |L|² = −k (ω − (ω·L̂) L̂),      L = I ω,

which resists ``ω_⊥``, the part of ``ω`` perpendicular to ``L`` (the wobble), with a damping
coefficient ``k ≥ 0`` (kg m²/s). Then (Euler's equations with a torque, ``I ω̇ + ω × I ω = τ``):

* ``d|L|²/dt = 2 L·(dL/dt + ω × L) = 2 L·τ = 0``: ``|L|`` is kept (``τ ⊥ L``);
* ``dT/dt = ω·τ = −k |ω × L|² / |L|² = −k |ω_⊥|² ≤ 0``, zero only when ``ω ∥ L`` (a spin about a
  principal axis).

At fixed ``|L|`` the energy ``T = Σ L_i² / (2 I_i)`` lies between ``|L|²/(2 I_max)`` (spin about the
major axis) and ``|L|²/(2 I_min)`` (the minor axis), so the energy can only fall until the body
spins about its major axis: the major-axis rule (Bracewell & Garriott, *Nature* 182, 760 (1958), on
Explorer 1; Hughes, *Spacecraft Attitude Dynamics* (1986), on internal energy dissipation). The
minor-axis spin is an equilibrium too, but at the energy maximum: any wobble grows.

The torque is a model, not the internal parts: as a torque on the rigid body it keeps ``|L|`` but
lets the direction of ``L`` drift in space (a real body's flexing parts, carrying little angular
momentum of their own, turn it only slightly). The energy argument needs only ``|L|``.

* :func:`damping_torque` — the model torque.
* :func:`simulate_damped` — Euler's equations with it (RK4 on ω only; the attitude is not needed
  for the energy), vectorised over a batch of starts.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v
from .analytic import _moments

__all__ = ["damping_torque", "simulate_damped"]

#: RK4 is stable for the damping part ``ω̇ = −(k / I) ω_⊥`` only for ``k dt / I < 2.78``;
#: :func:`simulate_damped` asks for ``k dt / I_min ≤ MAX_DAMPING_STEP`` (accurate, not only stable).
MAX_DAMPING_STEP = 0.5

_TINY = float(np.finfo(float).tiny)          # 2.2e-308, the smallest normal float


def _perp(moments, w):
    """``ω − (ω·L̂) L̂`` with ``L = I ω``, without overflow (``0`` where ``ω = 0``)."""
    # (the ufuncs' reduce is what np.max, np.linalg.norm and np.sum call, without their per-call overhead:
    # the same bits; simulate_damped calls this 4 times a step)
    L = (moments / moments.max()) * w                # L̂ depends only on ratios of moments
    big = np.maximum.reduce(np.abs(L), axis=-1, keepdims=True)
    safe = np.where(big > 0, big, 1.0)
    Ln = L / safe
    n = np.sqrt(np.add.reduce(Ln * Ln, axis=-1, keepdims=True))          # |Ln|
    Lhat = Ln / np.where(n > 0, n, 1.0)             # ω = 0: L̂ = 0 and the torque is 0
    return w - np.add.reduce(w * Lhat, axis=-1, keepdims=True) * Lhat


def damping_torque(moments, omega_body, k):
    r"""Model dissipation torque ``τ = −k L × (ω × L) / |L|² = −k (ω − (ω·L̂) L̂)`` (body frame, N m).

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments ``(I1, I2, I3)`` (kg m²), positive, obeying the triangle inequality.
    omega_body : array_like, shape (..., 3)
        Body angular velocity (rad/s) in principal axes.
    k : float
        Damping coefficient ``k ≥ 0`` (kg m²/s).

    Returns
    -------
    ndarray, shape (..., 3)
        The torque; perpendicular to ``L = I ω`` (so ``|L|`` is kept) with power
        ``ω·τ = −k |ω_⊥|² ≤ 0``; zero for ``ω = 0`` and for a spin about a principal axis.

    Raises
    ------
    ValueError
        Bad ``moments`` (not three positive numbers obeying ``I1 + I2 ≥ I3``), ``omega_body`` (not
        finite real (..., 3)), ``k`` (negative, not a finite number), or a torque that overflows.
    """
    I = _moments(moments)
    w = _v.vector3(omega_body, "omega_body")
    k = _v.nonnegative(k, "k")
    with np.errstate(over="ignore", invalid="ignore"):
        tau = -k * _perp(I, w)
    return _v.finite_result(tau, ("omega_body", "k"), "the torque")


def _cross(a, b):
    """``a × b`` over the last axis, by components as ``np.cross`` computes it (the same bits, without its
    axis handling, which took most of :func:`simulate_damped`'s time)."""
    a1, a2, a3 = a[..., 0], a[..., 1], a[..., 2]
    b1, b2, b3 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1], axis=-1)


def _rates(I, k, w):
    tau = -k * _perp(I, w)
    return (_cross(I * w, w) + tau) / I            # I ω̇ = −ω × I ω + τ


def simulate_damped(moments, omega0, k, *, dt, steps):
    r"""Euler's equations with the dissipation torque of :func:`damping_torque`, by RK4 on ω.

    ``I ω̇ = −ω × I ω + τ``, ``τ = −k (ω − (ω·L̂) L̂)`` (principal axes), integrated with the classic
    4th-order Runge–Kutta method. The torque keeps ``|L|`` exactly; RK4 keeps it up to its truncation
    error (``|L| = |I ω|`` from the returned ``omega_body``).

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments (kg m²).
    omega0 : array_like, shape (3,) or (N, 3)
        Initial body angular velocity (rad/s); a batch of N starts is integrated at once.
    k : float
        Damping coefficient ``k ≥ 0`` (kg m²/s); ``k = 0`` is the torque-free body.
    dt : float
        Time step (s), > 0, with ``k dt / I_min ≤ MAX_DAMPING_STEP``.
    steps : int
        Number of steps ≥ 1.

    Returns
    -------
    t : ndarray, shape (steps + 1,)
    omega_body : ndarray, shape (steps + 1,) + omega0.shape
    energy : ndarray, shape (steps + 1,) + omega0.shape[:-1]
        Kinetic energy ``T = ½ Σ I_i ω_i²`` (J), non-increasing up to RK4's error.

    Raises
    ------
    ValueError
        Bad ``moments``, ``omega0``, ``k``, ``dt``, ``steps`` (as :func:`damping_torque`; ``omega0``
        of shape (3,) or (N, 3)); subnormal ``moments`` (below 2.2e-308 kg m²); ``k dt / I_min > MAX_DAMPING_STEP`` (names ``dt``, ``k`` and ``moments``); a
        result too large for memory (names ``steps``); a run that overflows (names ``dt``,
        ``omega0`` and ``moments``).
    """
    I = _moments(moments)
    w0 = _v.vector3(omega0, "omega0")
    if w0.ndim > 2:
        raise ValueError(f"omega0 must have shape (3,) or (N, 3), got shape {w0.shape}")
    if w0.size == 0:
        raise ValueError(f"omega0 must not be empty, got shape {w0.shape}")
    k = _v.nonnegative(k, "k")
    dt = _v.positive(dt, "dt")
    steps = _v.positive_int(steps, "steps")
    if I.min() < _TINY:
        raise ValueError(f"moments must be at least {_TINY:.3g} kg m² (normal floats), got I_min = {I.min():.3g}: a "
                         f"subnormal float keeps only a few significant digits (and k dt / I overflows); express "
                         f"the moments (and k) in smaller units, e.g. g cm² instead of kg m²")
    with np.errstate(over="ignore", under="ignore"):
        ratio = k * dt / I.min()
        limit = MAX_DAMPING_STEP * I.min() / k if k > 0 else np.inf
    if ratio > MAX_DAMPING_STEP:
        advice = (f"take dt <= {limit:.3g} s" if limit > 0 else
                  "no dt > 0 is small enough: k / I_min is beyond the float range; take a smaller k")
        shown = f"{ratio:.3g}" if np.isfinite(ratio) else "beyond the float range"
        raise ValueError(
            f"dt is too large for this damping k and these moments: k dt / I_min = {shown} "
            f"> {MAX_DAMPING_STEP} (RK4 would be inaccurate or unstable); {advice}")
    _v.result_size((steps + 1) * w0.size * 4 // 3, "steps", "the trajectory")
    out = np.empty((steps + 1,) + w0.shape)
    out[0] = w0
    w = w0.copy()
    with np.errstate(over="ignore", invalid="ignore"):
        for n in range(steps):
            k1 = _rates(I, k, w)
            k2 = _rates(I, k, w + 0.5 * dt * k1)
            k3 = _rates(I, k, w + 0.5 * dt * k2)
            k4 = _rates(I, k, w + dt * k3)
            w = w + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
            out[n + 1] = w
        energy = 0.5 * np.sum(I * out * out, axis=-1)
    if not (np.all(np.isfinite(out)) and np.all(np.isfinite(energy))):
        raise ValueError("dt or omega0 too large (or moments too unequal): the RK4 run overflows "
                         "(take a smaller dt or a slower omega0)")
    t = dt * np.arange(steps + 1)
    return t, out, energy
