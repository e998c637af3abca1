"""Any positive moments: ``ω_body(t)`` with Jacobi elliptic functions (Landau & Lifshitz, *Mechanics*, §37) on both
sides of the separatrix and on it, and the period of the flip.
"""

from __future__ import annotations

import math
from fractions import Fraction
import numpy as np

from .. import elliptic as _elliptic
from ._common import SEPARATRIX_RTOL, _equal, _moments, _phase, _scaled, _times, _vector3
from .symmetric import symmetric_top

__all__ = [
    "free_body", "flip_period",
]


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
