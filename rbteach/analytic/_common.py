"""Tolerances and argument checks shared by the exact solutions."""

from __future__ import annotations

import numpy as np

from .. import elliptic as _elliptic
from .. import quaternion as _q


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


def _start_attitude(q0):
    """``q0`` validated and normalised (the identity when ``None``)."""
    if q0 is None:
        return _q.identity()
    q0 = _elliptic._real_array(q0, "q0", (4,), allow_batch=False)
    big = float(np.max(np.abs(q0)))
    if big == 0.0:
        raise ValueError("q0 must be a non-zero quaternion (w, x, y, z); got the zero quaternion")
    return _q.normalize(q0 / big)          # scaled first: no overflow or underflow in |q0|²
