"""Exact solutions of the torque-free rigid body (the oracles the integrators are tested against).

* :func:`symmetric_top` — ``I1 = I2``: body angular velocity and attitude in closed form
  (the example of 「回転運動のシミュレーション」 (2019), ``I = (1, 1, 2)``, ``ω0 = (1, 0, 1)``,
  gives ``ω = (cos t, sin t, 1)``).
* :func:`symmetric_top_cones` — ``I1 = I2``: the body and space cones (half-angles β and α, the
  tilt θ of the symmetry axis from ``L``) and their rates (Ω in the body, ``|L|/I1`` in the world).
* :func:`free_body` — any positive moments: body angular velocity with Jacobi elliptic
  functions (Landau & Lifshitz, *Mechanics*, §37), on both sides of the separatrix and on it.
* :func:`flip_period` — the period of ``ω_body(t)`` (the intermediate-axis / Dzhanibekov flip).
* :func:`free_body_attitude` — any positive moments: ``ω_body(t)`` and the attitude ``q(t)``
  (Landau & Lifshitz §37: closed form up to one quadrature for the angle about the fixed ``L``).

Everything is in the principal-axis body frame: ``moments = (I1, I2, I3)`` are the diagonal of
the inertia tensor and ``omega`` is the body angular velocity. Euler's equations with no torque
(「回転運動のシミュレーション」 (2019)) are ``I1 ω̇1 = (I2 − I3) ω2 ω3`` and cyclic.

The elliptic functions come from :mod:`rbteach.elliptic` (``ellipj``, ``ellipk``, ``ellipkinc``,
numpy only, with the same parameter convention ``m = k²`` as :mod:`scipy.special`, which the tests
use as the oracle), so the package needs no SciPy at run time. Close to the separatrix the
parameter ``m`` is within rounding of 1, so :func:`free_body` and :func:`flip_period` never form
``m``: they compute ``1 − m`` exactly from the initial ``ω`` and call the elliptic functions with
the modulus ``k`` and the complementary modulus ``k' = sqrt(1 − m)`` (checked against mpmath at
50+ digits for tilts 1e-4 … 1e-12 from the middle axis, and down to 1e-300).

Bad input — NaN, inf, None, strings (also ``"1.5"``), bools, complex numbers, ragged lists, wrong
or empty shapes, unphysical moments, times so long that rounding would destroy the phase — raises
``ValueError`` naming the argument; lists, tuples, ints and numpy scalars give the same result.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from . import elliptic as _elliptic
from . import quaternion as _q

__all__ = ["symmetric_top", "symmetric_top_cones", "free_body", "flip_period", "free_body_attitude"]

_EPS = float(np.finfo(float).eps)
#: Two moments are "equal" (a symmetric body) when they differ by at most this, relative.
SYMMETRY_RTOL = 1e-12
#: ``ω0`` is "on the separatrix" only when ``Δ = L² − 2T I2`` is zero to its own rounding (sorted
#: moments): ``Δ = I3 (I3 − I2) ω3² − I1 (I2 − I1) ω1²`` is computed exactly from the float inputs
#: (rational arithmetic), and the separatrix is ``|Δ| ≤ SEPARATRIX_RTOL · (I3 (I3 − I2) ω3² +
#: I1 (I2 − I1) ω1²)``, i.e. ω0 is within the rounding of its own components of the separatrix
#: (``ω1 = √3 ω3`` for ``I = (1, 2, 3)`` typed as floats). Any larger ``Δ`` is an elliptic motion with
#: a finite period (a tilt ε from the middle axis gives ``Δ ∝ ε²``: fine down to ε ~ 1e-300).
SEPARATRIX_RTOL = 8 * _EPS
#: Largest phase (rad, or units of the elliptic argument ``u``) accepted: rounding shifts a phase
#: ``φ`` by about ``|φ| · 1e-16``, so beyond 1e9 the solution would be off by more than 1e-7.
MAX_PHASE = 1e9
#: A principal moment may violate ``I1 + I2 ≥ I3`` by this much (relative to ``I3``), as in
#: :func:`rbteach.inertia.validate`.
TRIANGLE_RTOL = 1e-9


# --------------------------------------------------------------------------- argument checks
def _moments(moments) -> np.ndarray:
    I = _elliptic._real_array(moments, "moments", (3,), allow_batch=False)
    if np.any(I <= 0):
        raise ValueError(
            f"moments must be three positive principal moments (I1, I2, I3); got {I.tolist()} "
            "(a zero moment cannot be inverted in Euler's equations)")
    s = np.sort(I) / I.max()
    if s[0] + s[1] - s[2] < -TRIANGLE_RTOL * s[2]:
        a, b, c = (float(x) for x in np.sort(I))
        raise ValueError(
            f"moments violate the triangle inequality I1 + I2 >= I3 of principal moments: "
            f"{a!r} + {b!r} < {c!r}; no mass distribution has these moments")
    return I


def _vector3(x, name: str) -> np.ndarray:
    return _elliptic._real_array(x, name, (3,), allow_batch=False)


def _times(t) -> np.ndarray:
    a = _elliptic._real_array(t, "t")
    if a.ndim > 1:
        raise ValueError(f"t must be a scalar or a 1-D array of times, got shape {a.shape}")
    return a


def _phase(rate: float, t: np.ndarray, what: str) -> np.ndarray:
    """``rate · t``, or ``ValueError`` naming ``t`` and ``omega0`` when it exceeds ``MAX_PHASE``."""
    tmax = float(np.max(np.abs(t)))
    with np.errstate(over="ignore"):
        reach = rate * tmax
    if tmax > 0 and not reach <= MAX_PHASE:            # also catches an overflow to inf
        raise ValueError(
            f"t is too long for this omega0: the {what} reaches {reach:.3g} rad at |t| = {tmax:.3g} s, "
            f"beyond MAX_PHASE = {MAX_PHASE:g}, where rounding alone would shift the solution")
    return np.where(t == 0, 0.0, rate * t)


def _finite(out: np.ndarray, what: str) -> np.ndarray:
    if not np.all(np.isfinite(out)):
        raise ValueError(f"omega0 is too large: {what} overflows a float")
    return out


def _scaled(scale: float, out: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return _finite(scale * out, "ω(t)")


def _equal(a: float, b: float) -> bool:
    return abs(a - b) <= SYMMETRY_RTOL * max(abs(a), abs(b))


# --------------------------------------------------------------------------- symmetric top
def _symmetric_moments(moments):
    """Validated principal moments with ``I1 = I2`` (within :data:`SYMMETRY_RTOL`): a symmetric top."""
    I = _moments(moments)
    if not _equal(I[0], I[1]):
        raise ValueError(
            f"moments must have I1 = I2 (a symmetric top about the third axis) within {SYMMETRY_RTOL:g} "
            f"relative; got {I.tolist()}. For an asymmetric body use rbteach.analytic.free_body")
    return I


def _start_attitude(q0):
    """``q0`` validated and normalised (the identity when ``None``)."""
    if q0 is None:
        return _q.identity()
    q0 = _elliptic._real_array(q0, "q0", (4,), allow_batch=False)
    big = float(np.max(np.abs(q0)))
    if big == 0.0:
        raise ValueError("q0 must be a non-zero quaternion (w, x, y, z); got the zero quaternion")
    return _q.normalize(q0 / big)          # scaled first: no overflow or underflow in |q0|²


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


def _sqrt_ratio(num: Fraction, den: Fraction) -> float:
    """``sqrt(num / den)`` of exact non-negative rationals, rounded at the end only.

    Scaled by a power of 4 first, so the result may be far outside the range of the squares
    (``inf`` on overflow, a subnormal or 0 on underflow, never an exception).
    """
    if num == 0:
        return 0.0
    r = num / den
    n, d = r.numerator, r.denominator
    e = (n.bit_length() - d.bit_length()) // 2           # r ≈ 4^e
    if e >= 0:
        d <<= 2 * e
    else:
        n <<= -2 * e
    try:
        return math.ldexp(math.sqrt(n / d), e)           # int / int is correctly rounded
    except OverflowError:
        return math.inf


def _elliptic_parameters(I, w):
    """Case, amplitudes, rate λ, moduli ``(k, k')`` and the initial amplitude for sorted distinct moments.

    Returns ``(case, amp, lam, k, kp, (cos φ0, sin φ0))`` with ``amp = (A1, A2, A3) / max|ω_i|``
    (so that they never overflow; :func:`free_body` multiplies back) and ``k' = sqrt(1 − m)``;
    on the separatrix ``k = 1, k' = 0`` and the last item is ``(sech u0, tanh u0)``.

    The inputs are floats, i.e. exact binary rationals, and every parameter is a square root of a
    rational function of them: it is computed in exact rational arithmetic (:class:`fractions.Fraction`)
    and rounded once. So ``Δ = L² − 2T I2 = I1 (I1 − I2) ω1² + I3 (I3 − I2) ω3²`` (evaluated
    from ω directly, never as ``L² − 2T I2`` from the rounded totals) has no cancellation at all,
    ``1 − m = (I3 − I1) Δ / ((I3 − I2) Q)`` (major side; ``−(I3 − I1) Δ / ((I2 − I1) P)`` on the
    minor side) is exact before its square root ``k'``, and nothing overflows or underflows on the way.
    """
    I1, I2, I3 = (Fraction(float(x)) for x in I)
    x1, x2, x3 = (Fraction(float(x)) ** 2 for x in w)          # ω_i²
    S2 = Fraction(float(np.max(np.abs(w)))) ** 2               # amplitudes relative to max |ω_i|
    d21, d32, d31 = I2 - I1, I3 - I2, I3 - I1
    P = I1 * d31 * x1 + I2 * d32 * x2                          # 2T I3 − L² ≥ 0
    Q = I2 * d21 * x2 + I3 * d31 * x3                          # L² − 2T I1 ≥ 0
    t1, t3 = I1 * d21 * x1, I3 * d32 * x3
    delta = t3 - t1                                            # L² − 2T I2
    A1, A3 = _sqrt_ratio(P, I1 * d31 * S2), _sqrt_ratio(Q, I3 * d31 * S2)
    lam_major = _sqrt_ratio(d32 * Q, I1 * I2 * I3)
    if abs(delta) <= Fraction(SEPARATRIX_RTOL) * (t1 + t3):
        A2 = _sqrt_ratio(I1 * x1 + I2 * x2 + I3 * x3, I2 * S2)  # A2² = 2T / I2
        s1 = 1.0 if w[0] >= 0 else -1.0
        s3 = 1.0 if w[2] >= 0 else -1.0
        sech0 = 0.5 * (_sqrt_ratio(x1 * I1 * d31, P) + _sqrt_ratio(x3 * I3 * d31, Q))    # |ω1|/A1, |ω3|/A3
        tanh0 = s1 * s3 * math.copysign(_sqrt_ratio(x2 * I2, I1 * x1 + I2 * x2 + I3 * x3), w[1])
        return "separatrix", np.array([A1, A2, A3]), lam_major, 1.0, 0.0, (sech0, tanh0)
    if delta > 0:   # L² > 2T I2: polhode around the major axis I3; ω1 ~ cn, ω2 ~ sn, ω3 ~ dn
        case, a, c = "major", 2, 0
        A2_sq = P / (I2 * d32)
        lam = lam_major                                        # λ² = (I3 − I2) Q / (I1 I2 I3)
        one_minus_m = d31 * delta / (d32 * Q)                  # m = (I2 − I1) P / ((I3 − I2) Q)
        xc, Ac_sq = x1, P / (I1 * d31)
    else:           # L² < 2T I2: polhode around the minor axis I1; ω1 ~ dn, ω2 ~ sn, ω3 ~ cn
        case, a, c = "minor", 0, 2
        A2_sq = Q / (I2 * d21)
        lam = _sqrt_ratio(d21 * P, I1 * I2 * I3)               # λ² = (I2 − I1) P / (I1 I2 I3)
        one_minus_m = -d31 * delta / (d21 * P)                 # m = (I3 − I2) Q / ((I2 − I1) P)
        xc, Ac_sq = x3, Q / (I3 * d31)
    A2 = _sqrt_ratio(A2_sq, S2)
    k, kp = _sqrt_ratio(1 - one_minus_m, Fraction(1)), _sqrt_ratio(one_minus_m, Fraction(1))
    # Initial amplitude φ0: (cos φ0, sin φ0) = (ω_c / A_c, s ω2 / A2), s = sign of the dn component.
    s = 1.0 if w[a] >= 0 else -1.0
    cos0 = math.copysign(_sqrt_ratio(xc, Ac_sq), w[c])
    sin0 = s * math.copysign(_sqrt_ratio(x2, A2_sq), w[1])
    return case, np.array([A1, A2, A3]), lam, k, kp, (cos0, sin0)


def _steady(w) -> bool:
    """ω = 0 or ω along one principal axis: a steady rotation (ω constant)."""
    return int(np.count_nonzero(w)) <= 1


def _free_sorted(I, w, t):
    """Elliptic solution for sorted distinct moments I1 < I2 < I3."""
    out = np.empty(t.shape + (3,))
    if _steady(w):
        out[...] = w
        return out
    case, amp, lam, k, kp, start = _elliptic_parameters(I, w)
    scale = float(np.max(np.abs(w)))         # amp is relative to it: ω overflows only if ω(t) itself does
    phase = _phase(lam, t, "elliptic phase λ t")
    if case == "separatrix":
        # ω1 = s1 A1 sech u, ω2 = s1 s3 A2 tanh u, ω3 = s3 A3 sech u, u = λ t + u0.
        s1 = 1.0 if w[0] >= 0 else -1.0
        s3 = 1.0 if w[2] >= 0 else -1.0
        sech0, tanh0 = start
        u0 = np.arcsinh(tanh0 / sech0)                   # sinh u0 = tanh u0 / sech u0
        u = phase + u0
        with np.errstate(over="ignore"):
            sech = 1.0 / np.cosh(u)
        out[..., 0] = s1 * amp[0] * sech
        out[..., 1] = s1 * s3 * amp[1] * np.tanh(u)
        out[..., 2] = s3 * amp[2] * sech
        return _scaled(scale, out)
    # a: the dn axis (sign never changes), c: the cn axis; axis 2 (middle) always carries sn.
    a, c = (2, 0) if case == "major" else (0, 2)
    s = 1.0 if w[a] >= 0 else -1.0
    # ω_c = A_c cn u, ω2 = s A2 sn u, ω_a = s A_a dn u, u = λ t + u0, u0 = F(φ0 | m) taken from
    # (sin φ0, cos φ0) themselves: φ0 rounded to a float would lose F next to φ0 = π/2 when k' is small.
    cos0, sin0 = start
    r = math.hypot(cos0, sin0)
    u0 = float(_elliptic._ellipkinc_sc(sin0 / r, cos0 / r, k, kp))
    sn, cn, dn, _ = _elliptic._ellipj_kp(phase + u0, k, kp)
    out[..., c] = amp[c] * cn
    out[..., 1] = s * amp[1] * sn
    out[..., a] = s * amp[a] * dn
    return _scaled(scale, out)


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

    * ``L² = 2T I2`` (the separatrix, ``m = 1``)::

          ω1 = s1 A1 sech u,  ω2 = s1 s3 A2 tanh u,  ω3 = s3 A3 sech u,   A2² = 2T / I2,

      which approaches the unstable rotation about the middle axis as ``t → ±∞``.

    ``s`` is the sign of the dn component (it never changes sign) and ``s1, s3`` those of
    ``ω1, ω3`` on the separatrix; Euler's equations fix the remaining signs. The initial
    phase is ``u0 = F(φ0 | m)`` (as ``rbteach.elliptic.ellipkinc``) with the amplitude ``φ0`` from
    ``(cos φ0, sin φ0) ∝ (ω_cn / A_cn, s ω2 / A2)`` (any quadrant). **``ellipj(u, m)``,
    ``ellipk(m)`` and ``ellipkinc(φ, m)`` take the parameter ``m = k²``, not the modulus ``k``.**

    **Near the separatrix.** There ``m`` is within rounding of 1 (a tilt ε from the middle axis gives
    ``1 − m ∝ ε²``), so ``m`` is never formed. ``Δ = L² − 2T I2`` is evaluated from ω directly as
    ``I1 (I1 − I2) ω1² + I3 (I3 − I2) ω3²`` (not as a difference of the totals ``L²`` and ``2T I2``),
    in exact rational arithmetic on the float inputs, and so is ``1 − m = (I3 − I1) Δ / ((I3 − I2) Q)``
    (major side; ``−(I3 − I1) Δ / ((I2 − I1) P)`` on the minor side); the elliptic functions are
    called with its root, the complementary modulus ``k' = sqrt(1 − m)``, and the modulus ``k``
    (``rbteach.elliptic``'s private ``(k, k')`` forms), and ``u0`` from ``(sin φ0, cos φ0)`` rather than
    a rounded ``φ0``. ``ω0`` counts as on the separatrix only when ``Δ`` is zero to its own rounding
    (``SEPARATRIX_RTOL``); any other ``ω0`` has a finite flip period ``≈ (4/λ) ln(C/ε)``, down to
    ε ~ 1e-300. Against mpmath at 50+ digits: ≤ 3e-14 in ω over ``t ∈ [0, 150]`` and ≤ 1e-15
    relative in the period, for tilts 1e-4 … 1e-12 on both sides (``tests/test_analytic.py``).

    Special cases: ``ω0 = 0`` or ``ω0`` along a principal axis → steady rotation (ω constant,
    including the unstable middle axis); two equal moments (relative ``SYMMETRY_RTOL``) →
    :func:`symmetric_top` after a cyclic relabelling; three equal moments → ``ω`` constant.
    A relabelling by an odd permutation ``P`` maps solutions to ``−P ω`` (Euler's equations are
    quadratic in ω and ``Pa × Pb = −P(a × b)``), which is undone on return.

    Raises
    ------
    ValueError
        ``moments`` not three positive real numbers or violating the triangle inequality
        ``I1 + I2 ≥ I3`` (no body has such moments); ``omega0``/``t`` not real numbers, of the
        wrong shape, empty or not finite; ``t`` so long that the phase ``λ t`` exceeds ``MAX_PHASE``;
        ``omega0`` so large that ω(t) overflows.
    """
    I = _moments(moments)
    w0 = _vector3(omega0, "omega0")
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
      kind (as ``rbteach.elliptic.ellipk(m)``, parameter ``m = k²``; computed from the
      complementary modulus ``k' = sqrt(1 − m)``, see :func:`free_body`) and ``λ, m`` as in
      :func:`free_body`. Near the middle axis this is the Dzhanibekov flip period: the body
      turns over twice per period (``ω2`` changes sign every ``T/2``). On the separatrix
      (``Δ = L² − 2T I2`` zero to its rounding, including steady rotation about the middle
      axis) ``T = inf``; any tilt off it, however small, gives a finite ``T``. For steady
      rotation about the minor or major axis the formula gives ``2π/λ``, the limit of nearby
      polhodes (the period of small wobbles).
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

    Raises
    ------
    ValueError
        Bad ``moments`` or ``omega0`` (as :func:`free_body`), or ``omega0`` so small (or large)
        that a finite period does not fit in a float.
    """
    I = _moments(moments)
    w0 = _vector3(omega0, "omega0")
    if _equal(I.min(), I.max()) or not np.any(w0):
        return float("inf")
    scale = float(np.max(np.abs(w0)))
    perm = _symmetric_axes(I)
    if perm is not None:
        In = I / I.max()
        A = 0.5 * (In[perm[0]] + In[perm[1]])
        Omega_n = (In[perm[2]] - A) / A * (w0[perm[2]] / scale)      # Ω / scale
        if Omega_n == 0:
            return float("inf")
        with np.errstate(over="ignore"):
            return _period(2.0 * np.pi / abs(Omega_n), scale)
    # only ratios of moments matter: scale by a power of two (exact, no rounding) so that huge
    # or tiny moments cannot overflow
    Is, ws, _, _ = _sorted_problem(np.ldexp(I, -int(np.frexp(I.max())[1])), w0)
    if np.count_nonzero(ws) == 1 and ws[1] != 0:
        return float("inf")
    case, _, lam, _, kp, _ = _elliptic_parameters(Is, ws)
    if case == "separatrix":
        return float("inf")
    with np.errstate(over="ignore", divide="ignore"):
        return _period(float(4.0 * _elliptic._ellipk_kp(kp) / lam), 1.0)


def _period(T_scaled: float, scale: float) -> float:
    """``T_scaled / scale`` (the period for ω0 of largest component ``scale``), finite and > 0."""
    with np.errstate(over="ignore", under="ignore"):
        T = float(np.float64(T_scaled) / scale)
    if not (np.isfinite(T) and T > 0):
        raise ValueError(f"omega0 gives a motion so {'slow' if not np.isfinite(T) else 'fast'} that its period "
                         "does not fit in a float")
    return T


# --------------------------------------------------------------------------- attitude of the free body
#: Gauss–Legendre rule used for the angle about ``L`` (nodes and weights on [-1, 1]).
_GL_X, _GL_W = np.polynomial.legendre.leggauss(16)
#: The quadrature doubles its panels until two successive totals agree to this (relative) ...
QUAD_RTOL = 1e-14
#: ... or refuses (ValueError) beyond this many panels.
MAX_PANELS = 2 ** 17


def _rate_about_L(In, w, pole):
    """``φ̇ = |L| (I_a ω_a² + I_b ω_b²) / (L_a² + L_b²)`` with ``(a, b, c = pole)`` cyclic (Landau §37)."""
    a, b = (pole + 1) % 3, (pole + 2) % 3
    L = In * w
    num = In[a] * w[..., a] ** 2 + In[b] * w[..., b] ** 2
    return np.linalg.norm(L, axis=-1) * num / (L[..., a] ** 2 + L[..., b] ** 2)


def _panels(f, lo, hi, n0):
    """Composite Gauss–Legendre on [lo, hi]: panel edges and the integral of ``f`` up to each edge.

    Doubles the number of panels (from ``n0``) until the total changes by at most ``QUAD_RTOL``
    (relative), or by the rounding of the sum of that many panels when that is larger.
    """
    def run(n):
        edges = np.linspace(lo, hi, n + 1)
        half = 0.5 * np.diff(edges)
        nodes = (0.5 * (edges[:-1] + edges[1:]))[:, None] + half[:, None] * _GL_X
        per_panel = half * (f(nodes.ravel()).reshape(nodes.shape) @ _GL_W)
        return edges, np.concatenate([[0.0], np.cumsum(per_panel)])

    def too_many():
        return ValueError(
            f"t is too long for the quadrature of the angle about L: more than {MAX_PANELS} panels "
            "would be needed (a motion on the separatrix over a very long time)")

    n = max(int(n0), 4)
    if 2 * n > MAX_PANELS:
        raise too_many()
    edges, cum = run(n)
    while True:
        edges2, cum2 = run(2 * n)
        # QUAD_RTOL, or the rounding of a sum of 2n panels if that is larger
        tol = max(QUAD_RTOL, 4 * n * _EPS) * max(float(np.max(np.abs(cum2))), 1e-300)
        if abs(cum2[-1] - cum[-1]) <= tol:
            return edges2, cum2
        n, edges, cum = 2 * n, edges2, cum2
        if 2 * n > MAX_PANELS:
            raise too_many()


def _integral_at(f, edges, cum, x):
    """Integral of ``f`` from ``edges[0]`` to each ``x`` (within [edges[0], edges[-1]])."""
    k = np.clip(np.searchsorted(edges, x, side="right") - 1, 0, len(edges) - 2)
    start = edges[k]
    half = 0.5 * (x - start)
    nodes = (start + half)[:, None] + half[:, None] * _GL_X
    return cum[k] + half * (f(nodes.ravel()).reshape(nodes.shape) @ _GL_W)


def free_body_attitude(moments, omega0, t, q0=None):
    r"""Exact attitude of a torque-free rigid body (any moments): body angular velocity and ``q(t)``.

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments (any positive values, any order; body axes = principal axes).
    omega0 : array_like, shape (3,)
        Body angular velocity at ``t = 0`` (rad/s).
    t : float or array_like, shape (n,)
        Times (s), any real values in any order.
    q0 : array_like, shape (4,), optional
        Attitude (body → world, ``(w, x, y, z)``) at ``t = 0``; normalised; default identity.

    Returns
    -------
    omega_body : ndarray, shape t.shape + (3,)
        As :func:`free_body`.
    q : ndarray, shape t.shape + (4,)
        Unit quaternions (body → world) with ``q(0) = q0``; the sign (double cover) is whatever the
        formula gives, and it may jump between samples (compare attitudes up to ``±q``).

    Notes
    -----
    :func:`free_body` gives the body angular velocity ``ω(t)`` only; this adds the attitude. The
    world angular momentum ``L = R0 I ω0`` is fixed, so ``R(t) L_b(t) = L`` with the body-frame
    ``L_b(t) = I ω(t)`` known exactly. Following Landau & Lifshitz, *Mechanics*, §37, write

        R(t) = C · R_z(φ(t)) R_x(θ(t)) R_z(ψ(t)) · P,

    where ``P`` is an even (cyclic) relabelling of the body axes ``(a, b, c)`` that puts last the
    axis ``c`` that ``L_b`` stays farthest from (the pole: the axis with the smallest largest
    ``|L_c| / |L|`` over a period of samples, so that ``sin θ`` stays as far from 0 as it can;
    ``|L_c| = |L|`` only for a steady spin about ``c``), ``θ, ψ`` are the polar angles of ``L_b``
    about ``c``,

        cos θ = L_c / |L|,   tan ψ = L_a / L_b      (exact, algebraic in ω(t)),

    so that ``R_x(θ) R_z(ψ) P`` turns ``L_b(t)`` onto the z-axis, ``C = R0 · (R_x(θ0) R_z(ψ0) P)ᵀ``
    is the constant rotation that turns the z-axis onto ``L`` and fixes ``q(0) = q0``, and the angle
    about ``L`` obeys

        φ̇ = |L| (I_a ω_a² + I_b ω_b²) / (I_a² ω_a² + I_b² ω_b²).

    ``φ̇`` is a periodic function of t with the period ``T`` of ω (:func:`flip_period`), so
    ``φ(t) = n Φ_T + φ(t − nT)`` with ``n = floor(t/T)``. The integral is **quadrature**, the rest is
    closed-form: ``Φ_T`` and ``φ`` within a period are composite 16-point Gauss–Legendre sums of the
    exact ``φ̇(ω(t))`` (panels doubled until the period's total changes by at most ``QUAD_RTOL``,
    about 1e-14 relative); the ω at the nodes come from :func:`free_body` (Jacobi elliptic functions).
    On the separatrix (``T = inf``) the integral runs from 0 to t directly; for a steady rotation
    (ω constant) ``φ = φ̇ t``. Two equal moments: :func:`symmetric_top`'s closed form (no quadrature).

    Against RK4 and 4th-order splitting at tiny steps (tests): ≤ 1e-10 in ``q`` over several periods
    for bodies on both sides of the separatrix and for the T-handle nudged 5 % off its middle axis;
    closer to the separatrix (nudges of 1e-3, 1e-5) the references' own error dominates the difference
    (their ω is off by 1.5e-8 and 1.4e-4 there), so the tests compare those only before the first flip.

    Raises
    ------
    ValueError
        As :func:`free_body` (bad ``moments``, ``omega0``, ``t``), a zero or non-finite ``q0``, or
        ``t`` so long that the angle about ``L`` exceeds ``MAX_PHASE`` or (on the separatrix) needs
        more than ``MAX_PANELS`` quadrature panels.
    """
    omega = free_body(moments, omega0, t)            # validates moments, omega0 and t
    I = _moments(moments)
    w0 = _vector3(omega0, "omega0")
    t = _times(t)
    q0 = _start_attitude(q0)
    scale = float(np.max(np.abs(w0)))
    if scale == 0.0:
        return omega, np.broadcast_to(q0, t.shape + (4,)).copy()
    perm = _symmetric_axes(I)
    if perm is not None and not _equal(I.min(), I.max()):
        # two equal moments: symmetric_top's closed form in the cyclically relabelled axes x' = P x
        q_P = _q.from_matrix(np.eye(3)[perm])
        _, q_p = symmetric_top(I[perm], w0[perm], t, _q.multiply(q0, _q.conjugate(q_P)))
        return omega, _q.multiply(q_p, q_P)
    # Euler's equations are homogeneous: ω(t; ω0) = s ω(s t; ω0/s) and q(t; ω0) = q(s t; ω0/s).
    In, wn = I / I.max(), w0 / scale
    with np.errstate(over="ignore"):
        tn = t * scale
    if not np.all(np.isfinite(tn)):
        raise ValueError("t is too long for this omega0: t · |omega0| overflows a float")
    Tn = flip_period(In, wn)

    def omega_n(x):
        return free_body(In, wn, x)

    # the pole: the body axis that L_b stays farthest from (sampled over a period or the run)
    if np.isfinite(Tn):
        probe = np.linspace(0.0, Tn, 257)
    else:
        probe = np.linspace(min(float(tn.min()), 0.0), max(float(tn.max()), 0.0), 257)
    Lp = In * omega_n(probe)
    Lp /= np.linalg.norm(Lp, axis=-1, keepdims=True)
    pole = int(np.argmin(np.max(np.abs(Lp), axis=0)))

    def rate(x):
        return _rate_about_L(In, omega_n(x), pole)

    if _steady(wn) or _equal(In.min(), In.max()):
        phi = float(rate(np.zeros(1))[0]) * tn          # ω constant: φ̇ constant
    elif np.isfinite(Tn):
        edges, cum = _panels(rate, 0.0, Tn, 16)
        n = np.floor(tn / Tn)
        r = np.clip(tn - n * Tn, 0.0, Tn)
        phi = n * cum[-1] + _integral_at(rate, edges, cum, r.ravel()).reshape(r.shape)
    else:                                              # the separatrix: no period, integrate from 0
        phi = np.zeros(tn.shape)
        for side, mask in ((1.0, tn > 0), (-1.0, tn < 0)):
            if np.any(mask):
                end = float(np.max(np.abs(tn[mask])))
                f = (lambda x, s=side: s * rate(s * x))    # on [0, end] in |t|
                edges, cum = _panels(f, 0.0, end, max(16, int(np.ceil(end))))
                phi[mask] = side * _integral_at(f, edges, cum, np.abs(tn[mask]))
    if not np.all(np.abs(phi) <= MAX_PHASE):
        raise ValueError(
            f"t is too long for this omega0: the angle about L reaches {float(np.max(np.abs(phi))):.3g} rad, "
            f"beyond MAX_PHASE = {MAX_PHASE:g}")

    a, b, c = (pole + 1) % 3, (pole + 2) % 3, pole
    P = np.eye(3)[[a, b, c]]                           # x_relabelled = P x, a rotation (cyclic)
    q_P = _q.from_matrix(P)

    def g(L_b, phi_):
        theta = np.arctan2(np.hypot(L_b[..., a], L_b[..., b]), L_b[..., c])
        psi = np.arctan2(L_b[..., a], L_b[..., b])
        ez = np.array([0.0, 0.0, 1.0])
        ex = np.array([1.0, 0.0, 0.0])
        qz_phi = _q.from_rotation_vector(phi_[..., None] * ez)
        qx = _q.from_rotation_vector(theta[..., None] * ex)
        qz_psi = _q.from_rotation_vector(psi[..., None] * ez)
        return _q.multiply(_q.multiply(_q.multiply(qz_phi, qx), qz_psi), q_P)

    g0 = g(In * wn, np.zeros(()))
    C = _q.multiply(q0, _q.conjugate(g0))
    q = _q.multiply(C, g(In * (omega / scale), phi))
    return omega, q
