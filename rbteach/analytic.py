"""Exact solutions of the torque-free rigid body (the oracles the integrators are tested against).

* :func:`symmetric_top` — ``I1 = I2``: body angular velocity and attitude in closed form
  (seed 003's example ``I = (1, 1, 2)``, ``ω0 = (1, 0, 1)`` gives ``ω = (cos t, sin t, 1)``).
* :func:`free_body` — any positive moments: body angular velocity with Jacobi elliptic
  functions (Landau & Lifshitz, *Mechanics*, §37), on both sides of the separatrix and on it.
* :func:`flip_period` — the period of ``ω_body(t)`` (the intermediate-axis / Dzhanibekov flip).

Everything is in the principal-axis body frame: ``moments = (I1, I2, I3)`` are the diagonal of
the inertia tensor and ``omega`` is the body angular velocity. Euler's equations with no torque
(seed 003) are ``I1 ω̇1 = (I2 − I3) ω2 ω3`` and cyclic.

The elliptic functions come from :mod:`rbteach.elliptic` (``ellipj``, ``ellipk``, ``ellipkinc``,
numpy only, with the same parameter convention ``m = k²`` as :mod:`scipy.special`, which the tests
use as the oracle), so the package needs no SciPy at run time.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v
from . import elliptic as _elliptic
from . import inertia as _inertia
from . import quaternion as _q

__all__ = ["symmetric_top", "free_body", "flip_period"]

#: Two moments are "equal" (a symmetric body) when they differ by at most this, relative.
SYMMETRY_RTOL = 1e-12
#: ``ω0`` is "on the separatrix" when ``|L² − 2T I2| ≤ SEPARATRIX_RTOL · L²`` (sorted moments).
#: ``L² − 2T I2`` grows as the square of the tilt ε from the middle axis, so this keeps tilts down
#: to ε ≈ 1e-7 on the elliptic side (finite flip period), where m is still resolved in floats.
SEPARATRIX_RTOL = 1e-14


# --------------------------------------------------------------------------- argument checks
def _moments(moments) -> np.ndarray:
    I = _v.vector3(moments, "moments", allow_batch=False)
    if np.any(I <= 0):
        raise ValueError(
            f"moments must be three positive principal moments (I1, I2, I3); got {I.tolist()} "
            "(a zero moment cannot be inverted in Euler's equations)")
    _inertia.validate(np.diag(I), "moments")   # the triangle inequality I1 + I2 >= I3
    return I


def _times(t) -> np.ndarray:
    a = _v.array(t, "t")
    if a.ndim > 1:
        raise ValueError(f"t must be a scalar or a 1-D array of times, got shape {a.shape}")
    return a


def _equal(a: float, b: float) -> bool:
    return abs(a - b) <= SYMMETRY_RTOL * max(abs(a), abs(b))


# --------------------------------------------------------------------------- symmetric top
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

    For ``I = (1, 1, 2)``, ``ω0 = (1, 0, 1)``: ``Ω = 1`` and ``ω = (cos t, sin t, 1)`` (seed 003).

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
        ``omega0``, ``t`` or ``q0`` (shape, NaN/inf, zero quaternion).
    """
    I = _moments(moments)
    if not _equal(I[0], I[1]):
        raise ValueError(
            f"moments must have I1 = I2 (a symmetric top about the third axis) within {SYMMETRY_RTOL:g} "
            f"relative; got {I.tolist()}. For an asymmetric body use rbteach.analytic.free_body")
    w0 = _v.vector3(omega0, "omega0", allow_batch=False)
    t = _times(t)
    q0 = _q.identity() if q0 is None else _q.normalize(_v.quaternion(q0, "q0"))
    if q0.shape != (4,):
        raise ValueError(f"q0 must have shape (4,), got shape {q0.shape}")

    A = 0.5 * (I[0] + I[1])
    C = I[2]
    Omega = (C - A) / A * w0[2]
    c, s = np.cos(Omega * t), np.sin(Omega * t)
    omega = np.stack([w0[0] * c - w0[1] * s, w0[0] * s + w0[1] * c, np.full_like(c, w0[2])], axis=-1)

    L_world = _q.rotate(q0, np.array([A * w0[0], A * w0[1], C * w0[2]]))
    q_prec = _q.from_rotation_vector(L_world * (t / A)[..., None])
    spin = np.zeros(t.shape + (3,))
    spin[..., 2] = -Omega * t
    q = _q.multiply(_q.multiply(q_prec, q0), _q.from_rotation_vector(spin))
    return omega, q


# --------------------------------------------------------------------------- asymmetric body
def _sorted_problem(I, w0):
    """Order the axes so that I1 < I2 < I3; return (I_sorted, w_sorted, order, sign).

    Relabelling by a permutation matrix P maps a solution ω of Euler's equations to ``det(P) P ω``
    (because ``Pa × Pb = det(P) P(a × b)`` and the equations are quadratic in ω), so an odd
    permutation is paired with a sign flip: solve for ``w_sorted = sign · w0[order]`` and map
    back with ``ω[order] = sign · ω_sorted``.
    """
    order = np.argsort(I, kind="stable")
    sign = float(round(np.linalg.det(np.eye(3)[order])))
    return I[order], sign * w0[order], order, sign


def _invariants(I, w):
    """``(2T, L², P = 2T I3 − L², Q = L² − 2T I1, Δ = L² − 2T I2)`` for sorted moments.

    P, Q, Δ are written as sums ``Σ I_i (I_j − I_i) ω_i²`` so they carry no cancellation
    (P, Q ≥ 0 exactly).
    """
    I1, I2, I3 = I
    w2 = w * w
    D = float(np.dot(I, w2))
    L2 = float(np.dot(I * I, w2))
    P = I1 * (I3 - I1) * w2[0] + I2 * (I3 - I2) * w2[1]
    Q = I2 * (I2 - I1) * w2[1] + I3 * (I3 - I1) * w2[2]
    delta = I1 * (I1 - I2) * w2[0] + I3 * (I3 - I2) * w2[2]
    return D, L2, P, Q, delta


def _elliptic_parameters(I, w):
    """Case, amplitudes, rate λ and parameter m for sorted, distinct moments (see :func:`free_body`)."""
    I1, I2, I3 = I
    D, L2, P, Q, delta = _invariants(I, w)
    if abs(delta) <= SEPARATRIX_RTOL * L2:
        amp = np.sqrt([P / (I1 * (I3 - I1)), D / I2, Q / (I3 * (I3 - I1))])
        lam = np.sqrt((I3 - I2) * Q / (I1 * I2 * I3))
        return "separatrix", amp, lam, 1.0
    if delta > 0:   # L² > 2T I2: polhode around the major axis I3; ω1 ~ cn, ω2 ~ sn, ω3 ~ dn
        amp = np.sqrt([P / (I1 * (I3 - I1)), P / (I2 * (I3 - I2)), Q / (I3 * (I3 - I1))])
        lam = np.sqrt((I3 - I2) * Q / (I1 * I2 * I3))
        m = (I2 - I1) * P / ((I3 - I2) * Q)
        return "major", amp, lam, m
    # L² < 2T I2: polhode around the minor axis I1; ω1 ~ dn, ω2 ~ sn, ω3 ~ cn
    amp = np.sqrt([P / (I1 * (I3 - I1)), Q / (I2 * (I2 - I1)), Q / (I3 * (I3 - I1))])
    lam = np.sqrt((I2 - I1) * P / (I1 * I2 * I3))
    m = (I3 - I2) * Q / ((I2 - I1) * P)
    return "minor", amp, lam, m


def _steady(w) -> bool:
    """ω = 0 or ω along one principal axis: a steady rotation (ω constant)."""
    return int(np.count_nonzero(w)) <= 1


def _free_sorted(I, w, t):
    """Elliptic solution for sorted distinct moments I1 < I2 < I3."""
    out = np.empty(t.shape + (3,))
    if _steady(w):
        out[...] = w
        return out
    case, amp, lam, m = _elliptic_parameters(I, w)
    if case == "separatrix":
        # ω1 = s1 A1 sech u, ω2 = s1 s3 A2 tanh u, ω3 = s3 A3 sech u, u = λ t + u0.
        s1 = 1.0 if w[0] >= 0 else -1.0
        s3 = 1.0 if w[2] >= 0 else -1.0
        sech0 = 0.5 * (abs(w[0]) / amp[0] + abs(w[2]) / amp[2])
        u0 = np.arcsinh(s1 * s3 * w[1] / amp[1] / sech0)   # sinh u0 = tanh u0 / sech u0
        u = lam * t + u0
        sech = 1.0 / np.cosh(u)
        out[..., 0] = s1 * amp[0] * sech
        out[..., 1] = s1 * s3 * amp[1] * np.tanh(u)
        out[..., 2] = s3 * amp[2] * sech
        return out
    sp = _elliptic
    # a: the dn axis (sign never changes), c: the cn axis; axis 2 (middle) always carries sn.
    a, c = (2, 0) if case == "major" else (0, 2)
    s = 1.0 if w[a] >= 0 else -1.0
    # ω_c = A_c cn u, ω2 = s A2 sn u, ω_a = s A_a dn u. Initial amplitude φ0 with
    # (cos φ0, sin φ0) ∝ (ω_c / A_c, s ω2 / A2); u0 = F(φ0 | m).
    phi0 = np.arctan2(s * w[1] * amp[c], w[c] * amp[1])
    u0 = sp.ellipkinc(phi0, m)
    K4 = 4.0 * sp.ellipk(m)
    u = np.mod(lam * t + u0, K4)        # reduce to one period before ellipj
    sn, cn, dn, _ = sp.ellipj(u, m)
    out[..., c] = amp[c] * cn
    out[..., 1] = s * amp[1] * sn
    out[..., a] = s * amp[a] * dn
    return out


def _symmetric_axes(I):
    """Cyclic (even) relabelling that puts an equal pair first, or None for distinct moments."""
    for perm in ((0, 1, 2), (1, 2, 0), (2, 0, 1)):
        if _equal(I[perm[0]], I[perm[1]]):
            return list(perm)
    return None


def free_body(moments, omega0, t):
    r"""Exact body angular velocity of a torque-free rigid body, by Jacobi elliptic functions.

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments (any positive values, any order). Internally the axes are relabelled
        so that ``I1 < I2 < I3`` and the result is mapped back to the caller's order.
    omega0 : array_like, shape (3,)
        Body angular velocity at ``t = 0`` (rad/s), in the same axis order as ``moments``.
    t : float or array_like, shape (n,)
        Times (s), any real values.

    Returns
    -------
    omega_body : ndarray, shape t.shape + (3,)

    Notes
    -----
    With sorted moments, ``2T = Σ I_i ω_i²`` and ``L² = Σ I_i² ω_i²`` are conserved and
    (Landau & Lifshitz, *Mechanics*, §37), writing ``P = 2T I3 − L²``, ``Q = L² − 2T I1``:

    * ``L² > 2T I2`` (polhode around the major axis ``I3``)::

          ω1 = A1 cn u,  ω2 = s A2 sn u,  ω3 = s A3 dn u,   u = λ t + u0,
          A1² = P / (I1 (I3 − I1)),  A2² = P / (I2 (I3 − I2)),  A3² = Q / (I3 (I3 − I1)),
          λ² = (I3 − I2) Q / (I1 I2 I3),  m = (I2 − I1) P / ((I3 − I2) Q);

    * ``L² < 2T I2`` (around the minor axis ``I1``) — the same with the roles of axes 1 and 3
      exchanged::

          ω1 = s A1 dn u,  ω2 = s A2 sn u,  ω3 = A3 cn u,
          A1² = P / (I1 (I3 − I1)),  A2² = Q / (I2 (I2 − I1)),  A3² = Q / (I3 (I3 − I1)),
          λ² = (I2 − I1) P / (I1 I2 I3),  m = (I3 − I2) Q / ((I2 − I1) P);

    * ``L² = 2T I2`` (the separatrix, within ``SEPARATRIX_RTOL`` relative; ``m = 1``)::

          ω1 = s1 A1 sech u,  ω2 = s1 s3 A2 tanh u,  ω3 = s3 A3 sech u,   A2² = 2T / I2,

      which approaches the unstable rotation about the middle axis as ``t → ±∞``.

    ``s`` is the sign of the dn component (it never changes sign) and ``s1, s3`` those of
    ``ω1, ω3`` on the separatrix; Euler's equations fix the remaining signs. The initial
    phase is ``u0 = F(φ0 | m)`` (``rbteach.elliptic.ellipkinc``) with the amplitude ``φ0`` from
    ``(cos φ0, sin φ0) ∝ (ω_cn / A_cn, s ω2 / A2)`` (any quadrant). **``ellipj(u, m)``,
    ``ellipk(m)`` and ``ellipkinc(φ, m)`` take the parameter ``m = k²``, not the modulus ``k``.**
    ``u`` is reduced modulo the period ``4K(m)`` before ``ellipj`` is called.

    Special cases: ``ω0 = 0`` or ``ω0`` along a principal axis → steady rotation (ω constant,
    including the unstable middle axis); two equal moments (relative ``SYMMETRY_RTOL``) →
    :func:`symmetric_top` after a cyclic relabelling; three equal moments → ``ω`` constant.
    A relabelling by an odd permutation ``P`` maps solutions to ``−P ω`` (Euler's equations are
    quadratic in ω and ``Pa × Pb = −P(a × b)``), which is undone on return.

    Raises
    ------
    ValueError
        ``moments`` not three positive numbers or violating the triangle inequality
        ``I1 + I2 ≥ I3`` (no body has such moments); ``omega0``/``t`` of the wrong shape or not finite.
    """
    I = _moments(moments)
    w0 = _v.vector3(omega0, "omega0", allow_batch=False)
    t = _times(t)
    if _equal(I.min(), I.max()):
        return np.broadcast_to(w0, t.shape + (3,)).copy()
    perm = _symmetric_axes(I)
    if perm is not None:
        omega_p, _ = symmetric_top(I[perm], w0[perm], t)
        out = np.empty_like(omega_p)
        out[..., perm] = omega_p
        return out
    Is, ws, order, sign = _sorted_problem(I, w0)
    omega_s = _free_sorted(Is, ws, t)
    out = np.empty_like(omega_s)
    out[..., order] = sign * omega_s
    return out


def flip_period(moments, omega0) -> float:
    r"""Period (s) of the body angular velocity ``ω_body(t)`` of a torque-free body.

    * Asymmetric body: ``T = 4 K(m) / λ`` with ``K`` the complete elliptic integral of the first
      kind (``rbteach.elliptic.ellipk(m)``, parameter ``m = k²``) and ``λ, m`` as in
      :func:`free_body`. Near the middle axis this is the Dzhanibekov flip period: the body
      turns over twice per period (``ω2`` changes sign every ``T/2``). On the separatrix
      (including steady rotation about the middle axis) ``T = inf``. For steady rotation about
      the minor or major axis the formula gives ``2π/λ``, the limit of nearby polhodes
      (the period of small wobbles).
    * Symmetric body (two equal moments): ``T = 2π / |Ω|`` with ``Ω = (I3 − I1)/I1 · ω3`` about
      the odd axis (``inf`` when ``Ω = 0``).
    * Three equal moments or ``ω0 = 0``: ``inf`` (ω is constant).

    Parameters
    ----------
    moments : array_like, shape (3,)
        Positive principal moments, any order.
    omega0 : array_like, shape (3,)
        Body angular velocity at any instant (the period does not depend on the phase).

    Returns
    -------
    float
    """
    I = _moments(moments)
    w0 = _v.vector3(omega0, "omega0", allow_batch=False)
    if _equal(I.min(), I.max()) or not np.any(w0):
        return float("inf")
    perm = _symmetric_axes(I)
    if perm is not None:
        A = 0.5 * (I[perm[0]] + I[perm[1]])
        Omega = (I[perm[2]] - A) / A * w0[perm[2]]
        return float("inf") if Omega == 0 else float(2.0 * np.pi / abs(Omega))
    Is, ws, _, _ = _sorted_problem(I, w0)
    if np.count_nonzero(ws) == 1 and ws[1] != 0:
        return float("inf")
    case, _, lam, m = _elliptic_parameters(Is, ws)
    if case == "separatrix":
        return float("inf")
    return float(4.0 * _elliptic.ellipk(m) / lam)
