"""Argument checks shared by every public function.

Each check turns its input into a float ``numpy`` array (or a float) and raises
``ValueError`` naming the argument and the reason, so that bad input never
crashes deep inside numpy.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["array", "vector3", "quaternion", "matrix3", "positive", "nonnegative", "finite_scalar", "positive_int"]


def array(x, name: str, tail: tuple[int, ...] = (), *, allow_batch: bool = True) -> np.ndarray:
    """Return ``x`` as a finite float array whose trailing shape is ``tail``."""
    try:
        a = np.asarray(x, dtype=float)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be numeric, got {x!r}") from exc
    if tail:
        if a.ndim < len(tail) or a.shape[a.ndim - len(tail):] != tuple(tail):
            want = "(..., " + ", ".join(map(str, tail)) + ")" if allow_batch else str(tuple(tail))
            raise ValueError(f"{name} must have shape {want}, got shape {a.shape}")
        if not allow_batch and a.ndim != len(tail):
            raise ValueError(f"{name} must have shape {tuple(tail)}, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} must be finite (no NaN or inf), got {x!r}")
    return a


def vector3(x, name: str, *, allow_batch: bool = True) -> np.ndarray:
    """A finite 3-vector, or a batch of them with shape (..., 3)."""
    return array(x, name, (3,), allow_batch=allow_batch)


def matrix3(x, name: str, *, allow_batch: bool = True) -> np.ndarray:
    """A finite 3x3 matrix, or a batch of them with shape (..., 3, 3)."""
    return array(x, name, (3, 3), allow_batch=allow_batch)


def quaternion(q, name: str = "q", *, nonzero: bool = True) -> np.ndarray:
    """A finite quaternion (w, x, y, z), or a batch (..., 4); optionally not zero."""
    a = array(q, name, (4,))
    if nonzero and np.any(np.einsum("...i,...i->...", a, a) == 0.0):
        raise ValueError(f"{name} must be a non-zero quaternion (w, x, y, z); got the zero quaternion")
    return a


def finite_scalar(x, name: str) -> float:
    """A finite real number."""
    if isinstance(x, bool) or not isinstance(x, (numbers.Real, np.ndarray, np.generic)):
        raise ValueError(f"{name} must be a real number, got {x!r}")
    a = np.asarray(x, dtype=float)
    if a.shape != ():
        raise ValueError(f"{name} must be a scalar, got shape {a.shape}")
    v = float(a)
    if not np.isfinite(v):
        raise ValueError(f"{name} must be finite, got {v!r}")
    return v


def positive(x, name: str) -> float:
    """A finite number > 0 (mass, size, time step)."""
    v = finite_scalar(x, name)
    if v <= 0:
        raise ValueError(f"{name} must be > 0, got {v!r}")
    return v


def nonnegative(x, name: str) -> float:
    """A finite number >= 0."""
    v = finite_scalar(x, name)
    if v < 0:
        raise ValueError(f"{name} must be >= 0, got {v!r}")
    return v


def positive_int(x, name: str) -> int:
    """An integer >= 1 (a number of steps)."""
    if isinstance(x, bool) or not isinstance(x, (numbers.Integral, np.integer)):
        raise ValueError(f"{name} must be an integer >= 1, got {x!r}")
    if x < 1:
        raise ValueError(f"{name} must be an integer >= 1, got {x!r}")
    return int(x)
