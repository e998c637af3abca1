"""The symmetric top ``I1 = I2`` in closed form: ``ω_body(t)``, the attitude, and the body and space cones.

With ``Ω = (I3 − I1)/I1 · ω3`` the transverse ``ω`` turns at ``Ω`` in the body, ``ω3`` stays, and the symmetry
axis turns about the fixed ``L`` at ``|L|/I1`` (「回転運動のシミュレーション」 (2019): ``I = (1, 1, 2)``,
``ω0 = (1, 0, 1)`` gives ``ω = (cos t, sin t, 1)``).
"""

from __future__ import annotations

import math
from typing import NamedTuple
import numpy as np

from .. import quaternion as _q
from ._common import SYMMETRY_RTOL, _equal, _finite, _moments, _phase, _start_attitude, _times, _vector3

__all__ = [
    "symmetric_top", "symmetric_top_cones",
]


# --------------------------------------------------------------------------- symmetric top
def _symmetric_moments(moments):
    """Validated principal moments with ``I1 = I2`` (within :data:`SYMMETRY_RTOL`): a symmetric top."""
    I = _moments(moments)
    if not _equal(I[0], I[1]):
        raise ValueError(
            f"moments must have I1 = I2 (a symmetric top about the third axis) within {SYMMETRY_RTOL:g} "
            f"relative; got {I.tolist()}. For an asymmetric body use rbteach.analytic.free_body")
    return I


def symmetric_top(moments, omega0, t, q0=None):
    r"""Exact torque-free motion of a symmetric top (``I1 = I2``): body angular velocity and attitude.

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments ``(I1, I2, I3)`` with ``I1 = I2`` (relative tolerance 1e-12); the
        symmetry axis is the third body axis ``e3``. All must be > 0.
    omega0 : array_like, shape (3,)
        Body angular velocity at ``t = 0`` (rad/s).
    t : float or array_like, shape (n,)
        Times (s); any real values (the solution is exact, so ``t`` need not be ordered).
    q0 : array_like, shape (4,), optional
        Attitude (body → world, ``(w, x, y, z)``) at ``t = 0``; normalised; default identity.

    Returns
    -------
    omega_body : ndarray, shape t.shape + (3,)
    q : ndarray, shape t.shape + (4,)
        Unit quaternions (body → world); the sign (double cover) is whatever the formula gives.

    Notes
    -----
    **Angular velocity.** With ``A = I1 = I2`` and ``C = I3`` Euler's equations read
    ``A ω̇1 = (A − C) ω2 ω3``, ``A ω̇2 = (C − A) ω3 ω1``, ``C ω̇3 = 0``. So ``ω3`` is constant and
    with ``Ω = (C − A)/A · ω3``: ``ω̇1 = −Ω ω2``, ``ω̇2 = Ω ω1``, i.e.
    ``d/dt (ω1 + i ω2) = i Ω (ω1 + i ω2)`` and

        ω1 + i ω2 = (ω1₀ + i ω2₀) e^{iΩt}.

    For ``I = (1, 1, 2)``, ``ω0 = (1, 0, 1)``: ``Ω = 1`` and ``ω = (cos t, sin t, 1)``, the example of
    「回転運動のシミュレーション」 (2019).

    **Attitude.** The world angular momentum ``L = q0 ⋄ (I ⊙ ω0)`` is constant. Try

        R(t) = P(t) R0 S(t),   P(t) = rotation about L̂ by |L| t / A,   S(t) = rotation about e3 by −Ω t.

    Then ``Ṙ = [ (|L|/A) L̂ ]× R + R [ −Ω e3 ]×``, so the body angular velocity is
    ``ω_body = (|L|/A) Rᵀ L̂ − Ω e3``. Since ``P`` fixes ``L``, ``Rᵀ L = Sᵀ R0ᵀ L = Sᵀ L_body(0)``
    = ``L_body(0)`` rotated about ``e3`` by ``+Ω t`` = ``(A ω1, A ω2, C ω3)(t)`` from the first part.
    Hence ``ω_body = (ω1, ω2, C ω3 / A − (C − A) ω3 / A) = (ω1, ω2, ω3)``: the guess satisfies
    ``q̇ = ½ q ⊗ (0, ω_body)`` with ``R(0) = R0``, and by uniqueness it is the motion. In quaternions

        q(t) = q_P(t) ⊗ q0 ⊗ q_S(t),   q_P = exp-rotation of the vector L t / A,   q_S = exp-rotation of −Ω t e3:

    the body precesses about the fixed ``L`` at ``|L|/I1`` and spins relative to that about its
    own symmetry axis at ``−Ω``. (Checked in tests against DOP853 at ``rtol = atol = 1e-13``.)

    Raises
    ------
    ValueError
        Bad ``moments`` (not three positive numbers, the triangle inequality violated, or
        ``I1 ≠ I2``: use :func:`free_body`),
        ``omega0``, ``t`` or ``q0`` (not real numbers, shape, NaN/inf, empty ``t``, zero quaternion),
        ``t`` so long that the spin or precession angle exceeds ``MAX_PHASE``.
    """
    I = _symmetric_moments(moments)
    w0 = _vector3(omega0, "omega0")
    t = _times(t)
    q0 = _start_attitude(q0)

    In = I / I.max()                         # only ratios of moments matter
    A = 0.5 * (In[0] + In[1])
    C = In[2]
    # Everything below is written with ω / (its largest component) and ratios of moments, so huge
    # or tiny (but finite) ω0 and moments neither overflow nor underflow.
    scale = float(np.max(np.abs(w0)))
    if scale == 0.0:
        return np.zeros(t.shape + (3,)), np.broadcast_to(q0, t.shape + (4,)).copy()
    wn = w0 / scale
    Omega_n = (C - A) / A * wn[2]                        # Ω / scale
    L_over_A_n = np.array([wn[0], wn[1], C / A * wn[2]])  # L_body / (A · scale)
    with np.errstate(over="ignore"):                     # an overflow to inf is refused by _phase
        spin_rate, prec_rate = scale * abs(Omega_n), scale * float(np.linalg.norm(L_over_A_n))
    spin_phase = _phase(spin_rate, t, "spin angle Ω t")
    prec_phase = _phase(prec_rate, t, "precession angle |L| t / I1")
    Omega_t = np.sign(Omega_n) * spin_phase              # Ω t
    c, s = np.cos(Omega_t), np.sin(Omega_t)
    omega = np.stack([w0[0] * c - w0[1] * s, w0[0] * s + w0[1] * c, np.full_like(c, w0[2])], axis=-1)

    L_hat = _q.rotate(q0, L_over_A_n / np.linalg.norm(L_over_A_n))     # unit L, world frame
    q_prec = _q.from_rotation_vector(L_hat * prec_phase[..., None])
    spin = np.zeros(t.shape + (3,))
    spin[..., 2] = -Omega_t
    q = _q.multiply(_q.multiply(q_prec, q0), _q.from_rotation_vector(spin))
    return _finite(omega, "ω(t)"), q


class SymmetricTopCones(NamedTuple):
    """What :func:`symmetric_top_cones` returns: three angles (rad) and two rates (rad/s)."""

    beta: float             #: half-angle of the body cone: ω from the symmetry axis e3
    theta: float            #: tilt of the symmetry axis e3 from L
    alpha: float            #: half-angle of the space cone: ω from L, |β − θ|
    Omega: float            #: signed rate of ω about e3 in the body, (I3 − I1)/I1 · ω3
    precession_rate: float  #: rate of e3 and ω about L in the world, |L|/I1 (≥ 0)


def symmetric_top_cones(moments, omega0) -> SymmetricTopCones:
    r"""The body and space cones of a torque-free symmetric top (``I1 = I2``), and their rates.

    With ``A = I1 = I2``, ``C = I3``, ``ω⊥ = √(ω1² + ω2²)`` and ``L = (A ω1, A ω2, C ω3)`` (body frame),
    ``ω = L/A + (1/C − 1/A) L3 e3``: ω, L and the symmetry axis ``e3`` stay in one plane at fixed
    angles (Goldstein, *Classical Mechanics*, ch. 5; Landau & Lifshitz, *Mechanics*, ch. VI), measured
    from ``+e3`` in ``[0, π]``:

    * ``beta = atan2(ω⊥, ω3)`` — ω from ``e3``: ω sweeps the **body cone** about ``e3`` in the body,
      at the signed rate ``Omega = (C − A)/A · ω3`` (``ω1 + i ω2 ∝ e^{iΩt}``);
    * ``theta = atan2(A ω⊥, C ω3)`` — ``e3`` from L (``cos θ = C ω3/|L|``, ``tan θ = (A/C) tan β``);
    * ``alpha = |beta − theta|`` — ω from L: ω sweeps the **space cone** about L in the world,
      at ``precession_rate = |L|/A`` (``> 0``, right-handed about L), with ``e3``.

    The body cone rolls on the space cone without slipping, touching it along ω:
    ``|Omega| sin beta = precession_rate · sin alpha``. For an oblate top (``C > A``) L lies between
    ``e3`` and ω (``theta < beta``) and the space cone lies inside the body cone; for a prolate one
    (``C < A``) ω lies between ``e3`` and L and the body cone rolls on the outside of the space cone.
    In Euler angles z-x-z with the world z along L (as the attitude of :func:`symmetric_top`):
    ``φ̇ = precession_rate``, ``ϑ = theta`` constant, ``ψ̇ = −Omega``. For a flat disc (``C = 2A``)
    ``precession_rate / |Omega| = 2 / cos theta`` (Feynman's wobbling plate).

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments ``(I1, I2, I3)`` with ``I1 = I2`` (relative tolerance 1e-12), all > 0.
    omega0 : array_like, shape (3,)
        Body angular velocity (rad/s) at any instant (the cones do not depend on the phase); not zero.

    Returns
    -------
    SymmetricTopCones
        ``(beta, theta, alpha, Omega, precession_rate)``, floats: angles in rad, rates in rad/s.

    Raises
    ------
    ValueError
        Bad ``moments`` (as :func:`symmetric_top`), ``omega0`` not three finite reals or zero (a body
        at rest has no cones), or so large that a rate overflows a float.
    """
    I = _symmetric_moments(moments)
    w0 = _vector3(omega0, "omega0")
    scale = float(np.max(np.abs(w0)))
    if scale == 0.0:
        raise ValueError("omega0 must not be zero: a body at rest has no cones")
    In = I / I.max()                                  # only ratios of moments matter
    A, C = 0.5 * (In[0] + In[1]), In[2]
    wn = w0 / scale                                   # ω / its largest component: no overflow
    w_perp = math.hypot(wn[0], wn[1])
    beta = math.atan2(w_perp, wn[2])
    theta = math.atan2(A * w_perp, C * wn[2])
    with np.errstate(over="ignore"):
        rates = scale * np.array([(C - A) / A * wn[2], math.hypot(w_perp, C / A * wn[2])])
    Omega, precession_rate = (float(x) for x in _finite(rates, "a rate of the cones"))
    return SymmetricTopCones(beta, theta, abs(beta - theta), Omega, precession_rate)
