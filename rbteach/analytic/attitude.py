"""The attitude of the free body: ``q(t)`` from ``ω_body(t)`` and the fixed ``L``, closed form up to one quadrature
for the angle about ``L``, ``φ̇ = |L| (I_a ω_a² + I_b ω_b²) / (L_a² + L_b²)`` (Landau & Lifshitz §37).
"""

from __future__ import annotations

import numpy as np

from .. import quaternion as _q
from ._common import MAX_PHASE, _EPS, _equal, _moments, _start_attitude, _times, _vector3
from .jacobi import _steady, _symmetric_axes, flip_period, free_body
from .symmetric import symmetric_top

__all__ = [
    "free_body_attitude",
]


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
