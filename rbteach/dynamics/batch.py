"""Running a step function over many steps and bodies: the component-form runner and the in-place RK4 for a batch
of bodies (chunks of at most 16 000 bodies keep the work arrays in cache).
"""

from __future__ import annotations

import math
from array import array
import numpy as np

from .explicit import _step_rk4


# Largest number of bodies per chunk in a batch: 16 000 floats stay under 128 KB (see _run_components).
_CHUNK = 16000


def _rates_into(a1, a2, a3, Y, R, tmp):
    """:func:`_rates` for a batch, written in place: ``R ← rates(Y)`` for states Y, R of shape (7, N).

    The same equations as :func:`_rates` (Euler's equations ``ω̇_i = a_i ω_j ω_k`` and
    ``q̇ = ½ q ⊗ (0, ω_body)``), with the same order of operations, so a batch reproduces the
    one-body (float) path to the last bit; ``tmp`` (N,) is scratch. No array is allocated.
    """
    w1, w2, w3, qw, qx, qy, qz = Y
    r1, r2, r3, rw, rx, ry, rz = R
    mul = np.multiply
    mul(w2, a1, out=r1); r1 *= w3                                   # a1 ω2 ω3
    mul(w3, a2, out=r2); r2 *= w1                                   # a2 ω3 ω1
    mul(w1, a3, out=r3); r3 *= w2                                   # a3 ω1 ω2
    mul(qx, w1, out=rw); mul(qy, w2, out=tmp); rw += tmp; mul(qz, w3, out=tmp); rw += tmp
    rw *= -0.5                                                      # −½ (qx ω1 + qy ω2 + qz ω3)
    mul(qw, w1, out=rx); mul(qy, w3, out=tmp); rx += tmp; mul(qz, w2, out=tmp); rx -= tmp
    rx *= 0.5                                                       # ½ (qw ω1 + qy ω3 − qz ω2)
    mul(qw, w2, out=ry); mul(qz, w1, out=tmp); ry += tmp; mul(qx, w3, out=tmp); ry -= tmp
    ry *= 0.5                                                       # ½ (qw ω2 + qz ω1 − qx ω3)
    mul(qw, w3, out=rz); mul(qx, w2, out=tmp); rz += tmp; mul(qy, w1, out=tmp); rz -= tmp
    rz *= 0.5                                                       # ½ (qw ω3 + qx ω2 − qy ω1)


def _rk4_step_into(a1, a2, a3, dt, X, Xn, K, A, R, Y, tmp):
    """One rk4 step of a batch of (7, N) states: ``Xn ← step(X)``, with scratch K, A, R, Y (7, N), tmp (N,)."""
    h = 0.5 * dt
    d = dt / 6.0
    mul = np.multiply
    _rates_into(a1, a2, a3, X, K, tmp)                          # k
    mul(K, h, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, A, tmp)                          # m
    mul(A, h, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, R, tmp)                          # n
    A += R                                                      # m + n
    mul(R, dt, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, R, tmp)                          # p
    A *= 2.0; A += K; A += R; A *= d                            # dt/6 (k + 2 (m + n) + p)
    np.add(X, A, out=Xn)
    Q = Xn[3:]
    qw, qx, qy, qz = Q
    mul(qw, qw, out=tmp); mul(qx, qx, out=R[0]); tmp += R[0]    # |q|² (as _normalized)
    mul(qy, qy, out=R[0]); tmp += R[0]; mul(qz, qz, out=R[0]); tmp += R[0]
    np.sqrt(tmp, out=tmp); np.divide(1.0, tmp, out=tmp)
    Q *= tmp


def _rk4_batch(consts, x0, out, every=1):
    """:func:`_step_rk4` for a batch, in place: ``out[i] ←`` ``every`` rk4 steps from ``out[i−1]`` for (7, N) states.

    ``out`` has shape (n+1, 7, N) with ``out[0] = x0``. The stages are whole (7, N) operations
    on preallocated buffers (k, m + n accumulated in ``A``, stage state ``Y``), combined as
    ``x + dt/6 (k + 2 (m + n) + p)`` and the quaternion rows renormalised, exactly as
    :func:`_step_rk4` does for one body (:func:`_rk4_step_into`). With ``every = k`` the steps
    between kept samples run in two scratch buffers, so the kept samples are bit for bit those of
    the full run.
    """
    a1, a2, a3, dt, _ = consts
    buffers = tuple(np.empty(x0.shape) for _ in range(4)) + (np.empty(x0.shape[1]),)
    out[0] = x0
    scratch = (np.empty(x0.shape), np.empty(x0.shape)) if every > 1 else ()
    for i in range(1, out.shape[0]):
        X = out[i - 1]
        for j in range(every - 1):
            _rk4_step_into(a1, a2, a3, dt, X, scratch[j % 2], *buffers)
            X = scratch[j % 2]
        _rk4_step_into(a1, a2, a3, dt, X, out[i], *buffers)
    return out


def _run_components(step, consts, state0, steps, batch, every=1):
    """Iterate ``state ← step(consts, *state)``; keep every ``every``-th state: shape (steps/every+1, 7[, N]).

    One body runs on Python floats. If a step fails because the state overflowed (``math.cos(inf)``
    raises ValueError), the remaining samples are NaN (the caller reports the blow-up).
    """
    n_out = steps // every + 1
    if not batch:
        state = tuple(float(x) for x in state0)
        buf = array("d", state)
        extend = buf.extend
        try:
            if every == 1:
                for _ in range(steps):
                    state = step(consts, *state)
                    extend(state)
            else:
                inner = range(every)
                for _ in range(n_out - 1):
                    for _ in inner:
                        state = step(consts, *state)
                    extend(state)
        except (ValueError, ZeroDivisionError, OverflowError):
            buf.extend([math.nan] * (7 * n_out - len(buf)))
        return np.frombuffer(buf, dtype=float).reshape(n_out, 7)
    # A batch runs on (chunk,) component arrays. Every operation makes a new array; arrays above
    # glibc's 128 KB mmap threshold are mapped and page-faulted afresh on every operation, so large
    # batches run in equal chunks of at most _CHUNK bodies (N = 10 000 runs in one piece).
    x0 = np.array(state0, dtype=float)                    # (7, N)
    n = x0.shape[1]
    out = np.empty((n_out, 7, n))
    out[0] = x0
    size = -(-n // -(-n // _CHUNK))
    for lo in range(0, n, size):
        hi = min(lo + size, n)
        if step is _step_rk4:                             # in place on (7, chunk) buffers
            _rk4_batch(consts, x0[:, lo:hi], out[:, :, lo:hi], every)
            continue
        state = tuple(np.array(x0[j, lo:hi]) for j in range(7))
        for i in range(1, n_out):
            for _ in range(every):
                state = step(consts, *state)
            block = out[i, :, lo:hi]
            for j in range(7):
                block[j] = state[j]
    return out
