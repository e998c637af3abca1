"""``reference``: an adaptive Dormand–Prince 5(4) solution with dense output, to measure errors where no exact
solution exists (a torque).
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
import math
import numpy as np

from .. import _validate as _v
from .. import quaternion as _q
from .equations import _inertia_array
from .integrate import _bodies, _torque_args
from .trajectory import _Motion

__all__ = [
    "REFERENCE_MAX_STEPS", "REFERENCE_MAX_PHASE", "ReferenceSolution", "reference",
]


# Dormand & Prince (1980), the tableau of Hairer, Nørsett & Wanner, *Solving ODEs I*, §II.5, Table 5.2.
_DP_C = (0.0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0)


_DP_A = ((),
         (1 / 5,),
         (3 / 40, 9 / 40),
         (44 / 45, -56 / 15, 32 / 9),
         (19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729),
         (9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656),
         (35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84))


#: 5th-order weights minus the embedded 4th-order ones: the local error estimate.
_DP_E = (71 / 57600, 0.0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40)


#: The 4th-order continuous extension of DOPRI5 (Hairer's dopri5.f, CONTD5).
_DP_D = (-12715105075 / 11282082432, 0.0, 87487479700 / 32700410799, -10690763975 / 1880347072,
         701980252875 / 199316789632, -1453857185 / 822651844, 69997945 / 29380423)


#: Largest number of accepted plus rejected steps :func:`reference` takes before giving up.
REFERENCE_MAX_STEPS = 200_000


#: Largest angle ``|ω0| t_end`` (rad) :func:`reference` accepts: about 16 000 turns.
REFERENCE_MAX_PHASE = 1e5


#: Fewest steps per radian of turn ``reference`` was measured to take, times ``rtol^(1/5)``: a lower bound.
#: DOPRI5's local error is ~ (h λ)⁵, so its controller takes ``h ≈ (rtol/C)^(1/5)/λ``; for a free body the
#: attitude turns at ``|ω| ≥ |L|/I_max``. Measured over random bodies (rtol 1e-13 … 1e-4): steps /
#: (|L|/I_max · t_end · rtol^(−1/5)) = 0.110 for a sphere (the fewest) up to 0.30; 0.1 leaves a margin.
_REFERENCE_STEPS_PER_RAD = 0.1
#: ... and the most (0.30 measured, with a margin): the refusal's advice uses it, so that the run it
#: suggests finishes.
_REFERENCE_STEPS_PER_RAD_MOST = 0.35


def _foresee_reference_steps(I_full, w0, t_end, rtol):
    """Refuse, before any work, a torque-free run whose fewest possible steps exceed REFERENCE_MAX_STEPS.

    (With a torque the rate can change by any amount during the run, so nothing is foreseen: the run stops
    when it reaches REFERENCE_MAX_STEPS.) Runs below the bound are untouched: the same bits as before."""
    with np.errstate(over="ignore", invalid="ignore"):
        L = np.linalg.norm(np.atleast_2d(w0) @ I_full.T, axis=-1)
        rate = float(np.max(L)) / float(np.linalg.eigvalsh(I_full)[-1]) if L.size else 0.0   # min |ω| of the worst body
        per_time = _REFERENCE_STEPS_PER_RAD * rate * rtol ** -0.2
        need = per_time * t_end
    if need > REFERENCE_MAX_STEPS:
        most = _REFERENCE_STEPS_PER_RAD_MOST / _REFERENCE_STEPS_PER_RAD
        t_ok = REFERENCE_MAX_STEPS / (most * per_time)
        rtol_ok = (_REFERENCE_STEPS_PER_RAD_MOST * rate * t_end / REFERENCE_MAX_STEPS) ** 5
        raise ValueError(
            f"t, rtol: the reference would need at least {need:,.0f} steps (DOPRI5 takes "
            f"{_REFERENCE_STEPS_PER_RAD:g} to {_REFERENCE_STEPS_PER_RAD_MOST:g} · |L|/I_max · t[-1] · rtol^(-1/5)), "
            f"more than REFERENCE_MAX_STEPS = {REFERENCE_MAX_STEPS:,}; refused before running. To get a result: "
            f"take t[-1] <= {t_ok:.3g} s at this rtol" + (f", or rtol >= {rtol_ok:.2g} for this t" if rtol_ok <= 1e-3 else "")
            + ", or split the run into calls that each start from the previous call's last omega_body and q")


@dataclass(frozen=True)
class ReferenceSolution(_Motion):
    """Result of :func:`reference` (arrays read-only).

    Attributes
    ----------
    t : ndarray, shape (n,)
        The requested times (s).
    omega_body : ndarray, shape (n, 3) or (n, N, 3)
        Body-frame angular velocity at ``t``.
    q : ndarray, shape (n, 4) or (n, N, 4)
        Body → world attitude (w, x, y, z) at ``t``, normalised.
    inertia : ndarray, shape (3,) or (3, 3)
        The inertia given.
    rtol : float
        The relative tolerance asked for.
    steps, rejected : int
        Accepted and rejected Dormand–Prince steps (the cost: 6 evaluations of the equations each).
    """

    t: np.ndarray
    omega_body: np.ndarray
    q: np.ndarray
    inertia: np.ndarray
    rtol: float
    steps: int
    rejected: int


def _cross(a1, a2, a3, b1, b2, b3):
    """``a × b`` by components, as ``np.cross`` computes it (``a2 b3 − a3 b2``, …: the same bits, without its
    axis handling, which cost most of the reference's time)."""
    return a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1


def _reference_rates(I, I_inv, torque):
    """The right-hand side ``y (N, 7) → ẏ`` of ``I ω̇ = τ − ω × I ω``, ``q̇ = ½ q ⊗ (0, ω)`` (body-frame I)."""
    if torque is not None:
        tau_c, p, F = torque
        f1, f2, f3 = (float(x) for x in F)
        p1, p2, p3 = (float(x) for x in p)

    def f(y):
        w = y[:, :3]
        w1, w2, w3, qw, qx, qy, qz = y.T
        L1, L2, L3 = np.einsum("ij,nj->ni", I, w).T              # einsum: no BLAS, the same bits on every CPU
        c1, c2, c3 = _cross(w1, w2, w3, L1, L2, L3)
        rhs = np.empty((y.shape[0], 3))
        rhs[:, 0], rhs[:, 1], rhs[:, 2] = -c1, -c2, -c3
        if torque is not None:
            c1, c2, c3 = _cross(qx, qy, qz, f1, f2, f3)          # g = R(q)ᵀ F = F − 2 q_w (u × F) + 2 u × (u × F)
            d1, d2, d3 = _cross(qx, qy, qz, c1, c2, c3)
            tq = 2.0 * qw
            g1, g2, g3 = f1 - tq * c1 + 2.0 * d1, f2 - tq * c2 + 2.0 * d2, f3 - tq * c3 + 2.0 * d3
            rhs += tau_c
            rhs[:, 0] += p2 * g3 - p3 * g2
            rhs[:, 1] += p3 * g1 - p1 * g3
            rhs[:, 2] += p1 * g2 - p2 * g1
        out = np.empty_like(y)
        out[:, :3] = np.einsum("ij,nj->ni", I_inv, rhs)
        out[:, 3] = -(qx * w1 + qy * w2 + qz * w3)
        out[:, 4] = qw * w1 + qy * w3 - qz * w2
        out[:, 5] = qw * w2 + qz * w1 - qx * w3
        out[:, 6] = qw * w3 + qx * w2 - qy * w1
        out[:, 3:] *= 0.5
        return out
    return f


def _is_diagonal(M):
    return not np.any(M - np.diag(np.diag(M)))


def _reference_rates_one(I, I_inv, torque):
    """:func:`_reference_rates` for one body on Python floats: ``f(w1, w2, w3, qw, qx, qy, qz) → 7 floats``.

    The same operations in the same order, so the same bits, for diagonal ``I`` and ``I⁻¹`` (principal
    axes): there each of ``np.einsum``'s sums, which start from +0, adds one product and two signed
    zeros, and gives the same in any order (``x + ±0 = x`` for x ≠ 0, ``+0 + −0 = +0``, ``0 · inf = nan``).
    """
    (i11, i12, i13), (i21, i22, i23), (i31, i32, i33) = I.tolist()
    (j11, j12, j13), (j21, j22, j23), (j31, j32, j33) = I_inv.tolist()
    if torque is None:
        def f(w1, w2, w3, qw, qx, qy, qz):
            L1 = 0.0 + i11 * w1 + i12 * w2 + i13 * w3
            L2 = 0.0 + i21 * w1 + i22 * w2 + i23 * w3
            L3 = 0.0 + i31 * w1 + i32 * w2 + i33 * w3
            r1, r2, r3 = -(w2 * L3 - w3 * L2), -(w3 * L1 - w1 * L3), -(w1 * L2 - w2 * L1)
            return (0.0 + j11 * r1 + j12 * r2 + j13 * r3, 0.0 + j21 * r1 + j22 * r2 + j23 * r3, 0.0 + j31 * r1 + j32 * r2 + j33 * r3,
                    -(qx * w1 + qy * w2 + qz * w3) * 0.5, (qw * w1 + qy * w3 - qz * w2) * 0.5,
                    (qw * w2 + qz * w1 - qx * w3) * 0.5, (qw * w3 + qx * w2 - qy * w1) * 0.5)
        return f
    tau_c, p, F = torque
    t1, t2, t3 = tau_c.tolist()
    p1, p2, p3 = p.tolist()
    f1, f2, f3 = F.tolist()

    def f(w1, w2, w3, qw, qx, qy, qz):
        L1 = 0.0 + i11 * w1 + i12 * w2 + i13 * w3
        L2 = 0.0 + i21 * w1 + i22 * w2 + i23 * w3
        L3 = 0.0 + i31 * w1 + i32 * w2 + i33 * w3
        c1, c2, c3 = qy * f3 - qz * f2, qz * f1 - qx * f3, qx * f2 - qy * f1       # u × F
        d1, d2, d3 = qy * c3 - qz * c2, qz * c1 - qx * c3, qx * c2 - qy * c1       # u × (u × F)
        tq = 2.0 * qw
        g1, g2, g3 = f1 - tq * c1 + 2.0 * d1, f2 - tq * c2 + 2.0 * d2, f3 - tq * c3 + 2.0 * d3
        r1 = -(w2 * L3 - w3 * L2) + t1 + (p2 * g3 - p3 * g2)
        r2 = -(w3 * L1 - w1 * L3) + t2 + (p3 * g1 - p1 * g3)
        r3 = -(w1 * L2 - w2 * L1) + t3 + (p1 * g2 - p2 * g1)
        return (0.0 + j11 * r1 + j12 * r2 + j13 * r3, 0.0 + j21 * r1 + j22 * r2 + j23 * r3, 0.0 + j31 * r1 + j32 * r2 + j33 * r3,
                -(qx * w1 + qy * w2 + qz * w3) * 0.5, (qw * w1 + qy * w3 - qz * w2) * 0.5,
                (qw * w2 + qz * w1 - qx * w3) * 0.5, (qw * w3 + qx * w2 - qy * w1) * 0.5)
    return f


def _combine(coefs, k):
    """``sum(c · k_j for c, k_j in zip(coefs, k) if c)`` by components, as Python's ``sum`` adds numpy arrays
    (from 0, left to right; not ``sum`` itself, which compensates float sums from Python 3.12 on)."""
    acc = [0.0] * 7
    for c, kj in zip(coefs, k):
        if c:
            for i in range(7):
                acc[i] = acc[i] + c * kj[i]
    return acc


def _retry_step(err, h, tt, fail):
    """The step to retry with after a rejected step, or ``None`` when the step is accepted.

    ``err``: the step's error norm (nan when the step overflowed). Not finite: a fifth of ``h``
    (and ``fail(...)`` is raised once ``h`` is below 1e-12 of the time reached); over 1: the usual
    ``h · max(0.2, 0.9 err^(−1/5))`` (Hairer, Nørsett & Wanner, II.4). Shared by both loops."""
    if not math.isfinite(err):
        if h < 1e-12 * max(1.0, tt):
            raise fail("blew up (ω overflowed)", tt)
        return h * 0.2
    if err > 1.0:
        return h * max(0.2, 0.9 * err ** -0.2)
    return None


def _next_step(err, h, last_rejected):
    """The next step after an accepted one: ``h · min(5, max(0.2, 0.9 err^(−1/5)))``, not grown right
    after a rejection. Shared by both loops."""
    growth = min(5.0, max(0.2, 0.9 * err ** -0.2)) if err > 0 else 5.0
    return h * (min(1.0, growth) if last_rejected else growth)


def _contd5(y, dy, b, r4, r5, th):
    """Dense output at the fractions ``th`` of the step (Hairer's CONTD5). Shared by both loops."""
    th1 = 1.0 - th
    return y + th * (dy + th1 * (b + th * (r4 + th1 * r5)))


def _dopri_one(f, y, k1, scale, rtol, h, tt, t_end, times, i_out, out, fail):
    """The step loop of :func:`reference` for one body, on Python floats: the same operations as the array
    loop (the same bits; a test compares the two), without numpy's cost per call on 7 numbers.

    ``y``, ``k1``, ``scale``: the state, its rate and the error scale (7 floats each); ``out`` (n, 7) is
    filled from ``times[i_out]`` on. Returns ``(steps, rejected)``.
    """
    isfinite, sqrt = math.isfinite, math.sqrt
    A, E, D = _DP_A, _DP_E, _DP_D
    steps = rejected = 0
    last_rejected = False
    n_out = times.size
    while i_out < n_out:
        if steps + rejected >= REFERENCE_MAX_STEPS:
            raise fail(f"needed more than REFERENCE_MAX_STEPS = {REFERENCE_MAX_STEPS:,} steps", tt)
        h = min(h, t_end - tt)
        k = [k1]
        for i in range(1, 7):
            s = _combine(A[i], k)
            k.append(f(*[yi + h * si for yi, si in zip(y, s)]))
        s = _combine(A[6], k)
        y_new = [yi + h * si for yi, si in zip(y, s)]
        if not all(isfinite(x) for x in y_new):
            err = math.nan
        else:
            e = _combine(E, k)
            acc = 0.0
            for i in range(7):                            # sqrt(mean((e / sc)²)), e = h Σ E_j k_j
                sc = rtol * max(max(abs(y[i]), abs(y_new[i])), scale[i])
                r = h * e[i] / sc
                acc = acc + r * r
            err = sqrt(acc / 7)
        h_retry = _retry_step(err, h, tt, fail)
        if h_retry is not None:
            h = h_retry
            rejected += 1
            last_rejected = True
            continue
        t_new = tt + h if t_end - (tt + h) > 1e-12 * t_end else t_end
        j = i_out
        while j < n_out and times[j] <= t_new:
            j += 1
        if j > i_out:                                     # dense output (Hairer's CONTD5), as the array loop
            ya, yn = np.array(y), np.array(y_new)
            dy = yn - ya
            b = h * np.array(k[0]) - dy
            r4 = dy - h * np.array(k[6]) - b
            r5 = h * np.array(_combine(D, k))
            th = ((times[i_out:j] - tt) / h)[:, None]
            out[i_out:j] = _contd5(ya, dy, b, r4, r5, th)
            i_out = j
        tt, y, k1 = t_new, y_new, k[6]
        steps += 1
        h = _next_step(err, h, last_rejected)
        last_rejected = False
    return steps, rejected


def reference(inertia, omega0, q0=None, *, t, rtol=1e-10, torque_body=None, force_world=None,
              point_body=None) -> ReferenceSolution:
    """An adaptive reference solution: Dormand–Prince 5(4) with step-size control and dense output.

    Integrates ``I ω̇ = τ − ω × I ω``, ``q̇ = ½ q ⊗ (0, ω_body)`` (「回転運動のシミュレーション」 (2019);
    the torque as in :func:`simulate`, the forces-and-impulses article, §3 力の適用) with the embedded
    Runge–Kutta pair of Dormand & Prince (1980) (Hairer, Nørsett & Wanner, *Solving Ordinary
    Differential Equations I*, §II.4–II.6): each step's 5th-order result is kept, the difference to the
    embedded 4th-order one estimates the local error, and the step is accepted when
    ``err = max over bodies of sqrt(mean_i (e_i / sc_i)²) ≤ 1`` with ``sc_i = rtol · max(|y_i|, |y_i'|, s_i)``
    (``s_i = |ω0|`` for the ω components, 1 for the quaternion's); the next step is
    ``h · min(5, max(0.2, 0.9 err^(−1/5)))``. The values at the requested times come from the 4th-order
    continuous extension ("dense output"), so the steps do not depend on ``t``'s sampling. The output
    quaternions are normalised (their length is kept to about ``rtol`` by the integration).

    Use it where no exact solution exists (a torque, a long run) to measure the error of a fixed-step
    method. ``rtol`` bounds each step's error estimate, not the error of the whole run, which adds up over
    the steps and is amplified by the body's sensitivity to its start: for notebook 09's body at
    ``rtol = 1e-10`` it is about 2e-10 relative over 10 s and 1e-8 over 100 s (a test compares it with
    :func:`rbteach.analytic.free_body`); for 24 random bodies with a torque (tumbling, some chaotic) over 10 s
    at ``rtol = 1e-10``, against SciPy's DOP853 at 1e-13, ω was off by 9 × rtol (median) to 110 × rtol
    (worst) relative to max |ω|, and the attitude by 25 × rtol to 570 × rtol rad. Take ``rtol`` about 1000
    times below the error you need, and check by halving it.

    Parameters
    ----------
    inertia : array_like, shape (3,) or (3, 3)
        Principal moments or a body-frame tensor; no zero moment.
    omega0 : array_like, shape (3,) or (N, 3)
        Initial body-frame angular velocity (rad/s); a batch shares the steps (the worst body sets them).
    q0 : array_like, shape (4,) or (N, 4), optional
        Initial body → world attitude; normalised; default identity.
    t : array_like, shape (n,), keyword-only
        Output times (s): non-negative, non-decreasing; the integration runs from 0 to ``t[-1]``.
    rtol : float, keyword-only
        Relative tolerance, 1e-13 ≤ rtol ≤ 1e-3 (default 1e-10).
    torque_body, force_world, point_body : array_like, shape (3,), keyword-only, optional
        The torque of :func:`simulate`: ``τ_body = torque_body + point_body × (R(q)ᵀ force_world)``.

    Returns
    -------
    ReferenceSolution
        ``t``, ``omega_body``, ``q``, ``inertia``, ``rtol``, ``steps`` (accepted), ``rejected``.

    Raises
    ------
    ValueError
        Naming the argument: a bad ``inertia``, ``omega0``, ``q0``, ``t`` (not 1-D, negative, decreasing),
        ``rtol`` (outside the range), a torque argument; a run longer than
        :data:`REFERENCE_MAX_PHASE` rad or needing more than :data:`REFERENCE_MAX_STEPS` steps
        (``t`` too long, ``rtol`` too small, or ``omega0`` or the torque too large); a blow-up.
    """
    rtol = _v.finite_scalar(rtol, "rtol")
    if not 1e-13 <= rtol <= 1e-3:
        raise ValueError(f"rtol must be between 1e-13 and 1e-3, got {rtol!r}")
    I = _inertia_array(inertia, invertible=True)
    torque = _torque_args(torque_body, force_world, point_body, "rk4")
    w0, qa, batch, n = _bodies(omega0, q0)
    times = _v.array(t, "t")
    if times.ndim != 1 or times.size == 0:
        raise ValueError(f"t must be a 1-D array of output times, got shape {times.shape}")
    if times[0] < 0 or np.any(np.diff(times) < 0):
        raise ValueError("t must be non-negative and non-decreasing (the integration runs from 0 to t[-1])")
    t_end = float(times[-1])
    with np.errstate(over="ignore", invalid="ignore"):
        w_scale = np.linalg.norm(np.atleast_2d(w0), axis=-1)
        reach = float(np.max(w_scale)) * t_end
    given = [name for name, v in (("torque_body", torque_body), ("force_world", force_world),
                                  ("point_body", point_body)) if v is not None]
    if not reach <= REFERENCE_MAX_PHASE:
        raise ValueError(f"t too long for this omega0: |omega0| t[-1] = {reach:.3g} rad, more than "
                         f"REFERENCE_MAX_PHASE = {REFERENCE_MAX_PHASE:g}")
    _v.result_size(times.size * 7 * n, "t", f"the reference at {times.size:,} times × {n:,} bodies × 7 numbers")
    I_full = np.diag(I) if I.shape == (3,) else I
    if not given:
        _foresee_reference_steps(I_full, w0, t_end, rtol)
    I_inv = np.diag(1.0 / I) if I.shape == (3,) else np.linalg.inv(I_full)     # principal moments: exact
    f = _reference_rates(I_full, I_inv, torque)
    y = np.concatenate([np.broadcast_to(w0, (n, 3)), np.broadcast_to(_q._unit(qa), (n, 4))], axis=1)
    scale = np.concatenate([np.broadcast_to(np.where(w_scale > 0, w_scale, 1.0)[:, None], (n, 3)),
                            np.ones((n, 4))], axis=1)
    out = np.empty((times.size, n, 7))
    names = ", ".join(["t", "rtol", "omega0", "inertia"] + given)

    def fail(why, at):
        return ValueError(f"{names}: the reference {why} by t = {at:.4g} s (of t[-1] = {t_end:.4g} s); take a "
                          "shorter t, a larger rtol, or a smaller omega0 or torque (or a larger inertia)")

    def err_norm(e, y0, y1):
        sc = rtol * np.maximum(np.maximum(np.abs(y0), np.abs(y1)), scale)
        return float(np.max(np.sqrt(np.mean((e / sc) ** 2, axis=1))))

    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        tt = 0.0
        k1 = f(y)
        # Initial step (Hairer, Nørsett & Wanner, §II.4, "starting step size").
        d0, d1 = err_norm(y * rtol, y, y), err_norm(k1 * rtol, y, y)
        h0 = 1e-6 if d0 < 1e-5 or d1 < 1e-5 else 0.01 * d0 / d1
        if not (np.all(np.isfinite(k1)) and np.isfinite(d1) and h0 > 0):
            raise fail("overflowed at the start", tt)
        d2 = err_norm((f(y + h0 * k1) - k1) * rtol, y, y) / h0
        h1 = max(1e-6, h0 * 1e-3) if max(d1, d2) <= 1e-15 else (0.01 / max(d1, d2)) ** 0.2
        h = min(100 * h0, h1, t_end) if t_end > 0 else 0.0
        if not (np.isfinite(h) and h >= 0):
            raise fail("overflowed at the start", tt)
        i_out = 0
        while i_out < times.size and times[i_out] == 0.0:
            out[i_out] = y
            i_out += 1
        steps = rejected = 0
        last_rejected = False
        if n == 1 and _is_diagonal(I_full) and _is_diagonal(I_inv):
            # one body, principal axes: the same operations on Python floats (about 6 times faster)
            rates = _reference_rates_one(I_full, I_inv, torque)
            steps, rejected = _dopri_one(rates, y[0].tolist(), k1[0].tolist(), scale[0].tolist(), rtol, h, tt,
                                         t_end, times, i_out, out[:, 0], fail)
            i_out = times.size
        while i_out < times.size:
            if steps + rejected >= REFERENCE_MAX_STEPS:
                raise fail(f"needed more than REFERENCE_MAX_STEPS = {REFERENCE_MAX_STEPS:,} steps", tt)
            h = min(h, t_end - tt)
            k = [k1]
            for i in range(1, 7):
                k.append(f(y + h * sum(a * kj for a, kj in zip(_DP_A[i], k) if a)))
            y_new = y + h * sum(b * kj for b, kj in zip(_DP_A[6], k) if b)
            # k[6] = f(y_new) (first same as last)
            err = err_norm(h * sum(e * kj for e, kj in zip(_DP_E, k) if e), y, y_new)
            h_retry = _retry_step(err if np.all(np.isfinite(y_new)) else math.nan, h, tt, fail)
            if h_retry is not None:
                h = h_retry
                rejected += 1
                last_rejected = True
                continue
            t_new = tt + h if t_end - (tt + h) > 1e-12 * t_end else t_end
            # dense output on [tt, t_new] (Hairer's CONTD5)
            j = i_out
            while j < times.size and times[j] <= t_new:
                j += 1
            if j > i_out:
                dy = y_new - y
                b = h * k[0] - dy
                r4 = dy - h * k[6] - b
                r5 = h * sum(d * kj for d, kj in zip(_DP_D, k) if d)
                th = ((times[i_out:j] - tt) / h)[:, None, None]
                out[i_out:j] = _contd5(y, dy, b, r4, r5, th)
                i_out = j
            tt, y, k1 = t_new, y_new, k[6]
            steps += 1
            h = _next_step(err, h, last_rejected)
            last_rejected = False
    omega = out[:, :, :3]
    q = out[:, :, 3:] / np.linalg.norm(out[:, :, 3:], axis=-1, keepdims=True)
    if not batch:
        omega, q = omega[:, 0], q[:, 0]
    omega, q, times, I = np.array(omega), np.array(q), np.array(times), np.array(I)
    for a in (omega, q, times, I):
        a.setflags(write=False)
    return ReferenceSolution(t=times, omega_body=omega, q=q, inertia=I, rtol=rtol, steps=steps, rejected=rejected)
