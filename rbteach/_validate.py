"""Argument checks shared by every public function.

Each check turns its input into a float ``numpy`` array (or a float) and raises
``ValueError`` naming the argument and the reason, so that bad input never
crashes deep inside numpy and never turns into a silent NaN.

The rules, in one place:

* numbers are real: ``int``, ``float``, numpy integer or float scalars and arrays, or
  any :class:`numbers.Real` (e.g. ``fractions.Fraction``); ``None``, strings (also
  digit strings such as ``"2"``), booleans, complex numbers and ragged nested
  sequences are refused, never coerced;
* every value is finite (no NaN, no ±inf), and so is every result
  (:func:`finite_result`): an input whose result would overflow is refused;
* leading (batch) axes of several arguments must broadcast together
  (:func:`broadcast`), and a mismatch names both arguments;
* "is a rotation matrix" means ``max |RᵀR − 1| ≤ atol`` (default
  :data:`ROTATION_ATOL`, loose enough for a float32 matrix) and ``det R > 0``
  (:func:`rotation_matrix`), the same test everywhere;
* error messages show a value's shape and its first bad entry, never a whole
  large array.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = [
    "array", "vector3", "quaternion", "matrix3", "positive", "nonnegative", "finite_scalar",
    "positive_int", "broadcast", "rotation_matrix", "tolerance", "finite_result", "choice", "flag",
    "result_size", "describe", "ROTATION_ATOL", "MAX_RESULT_BYTES",
]

#: Tolerance of "is a rotation matrix": ``max |RᵀR − 1| ≤ ROTATION_ATOL`` (a matrix rounded to
#: float32 deviates by ~1e-7; one typed with 4 decimals by ~1e-4 and is refused).
ROTATION_ATOL = 1e-6

#: Largest result (bytes) a function may allocate: 2 GiB.
MAX_RESULT_BYTES = 2 * 1024 ** 3


# --------------------------------------------------------------------------- messages
def describe(x) -> str:
    """A short description of ``x`` for an error message (never a whole large array)."""
    if isinstance(x, (str, bytes)):
        s = repr(x)
        return s if len(s) <= 40 else s[:37] + "..."
    if x is None or isinstance(x, (numbers.Number, np.generic)):
        return repr(x)
    try:
        a = np.asarray(x)
    except Exception:                                  # ragged or exotic: type only
        return f"a {type(x).__name__}"
    if a.dtype.kind in "fiubc" and a.size <= 6:
        return repr(a.tolist())
    return f"an array of shape {a.shape}"


def _at(name: str, a: np.ndarray, idx) -> str:
    if a.ndim == 0:
        return f"{name} = {a[()]!r}"
    return f"{name}[{', '.join(str(int(i)) for i in idx)}] = {a[idx]!r}"


# --------------------------------------------------------------------------- numbers
def _first(a: np.ndarray, mask: np.ndarray):
    return np.unravel_index(int(np.argmax(mask)), a.shape) if a.ndim else ()


def _object_to_float(a: np.ndarray, name: str) -> np.ndarray:
    flat = a.ravel()
    out = np.empty(flat.shape)
    for i, e in enumerate(flat):
        where = f"{name}[{', '.join(map(str, np.unravel_index(i, a.shape)))}]" if a.ndim else name
        if isinstance(e, (bool, np.bool_)):
            raise ValueError(f"{name} must be numbers, not True/False (got {where} = {e!r})")
        if isinstance(e, (str, bytes)):
            raise ValueError(f"{name} must be numbers, not strings (got {where} = {describe(e)}); "
                             "convert with float() first")
        if isinstance(e, numbers.Complex) and not isinstance(e, numbers.Real):
            raise ValueError(f"{name} must be real, got the complex number {where} = {e!r}")
        if not isinstance(e, numbers.Real):
            raise ValueError(f"{name} must be real numbers, got {where} = {describe(e)}")
        try:
            out[i] = float(e)
        except (OverflowError, TypeError, ValueError):
            raise ValueError(f"{name} must be finite (no NaN or inf); {where} does not fit a float") from None
    return out.reshape(a.shape)


def _contains_bool(x) -> bool:
    """True when a (nested) list or tuple holds a bool: numpy would read True as 1 silently."""
    if isinstance(x, (bool, np.bool_)):
        return True
    if isinstance(x, (list, tuple)):
        return any(_contains_bool(e) for e in x)
    return False


def _to_float_array(x, name: str) -> np.ndarray:
    """``x`` as a float64 array, refusing anything that is not real numbers."""
    if x is None:
        raise ValueError(f"{name} must be a number or an array of numbers, got None")
    if isinstance(x, (str, bytes)):
        raise ValueError(f"{name} must be numeric (real numbers), not the string {describe(x)}; "
                         "convert with float() first")
    if isinstance(x, (bool, np.bool_)):
        raise ValueError(f"{name} must be a number, not {x!r}")
    if isinstance(x, float):                           # the common scalar case, fast
        return np.asarray(x)
    if isinstance(x, (list, tuple)) and _contains_bool(x):
        raise ValueError(f"{name} must be numbers, not True/False (got {describe(x)})")
    try:
        a = np.asarray(x)
    except (ValueError, TypeError):
        raise ValueError(f"{name} must be a rectangular array of numbers; got a ragged nested sequence "
                         "(rows of different lengths)") from None
    kind = a.dtype.kind
    if kind == "f":
        return a if a.dtype == np.float64 else a.astype(np.float64)
    if kind in "iu":
        return a.astype(np.float64)
    if kind == "b":
        raise ValueError(f"{name} must be numbers, not True/False (got booleans of shape {a.shape})")
    if kind == "c":
        bad = a.imag != 0
        idx = _first(a, bad) if bad.any() else (() if a.ndim == 0 else (0,) * a.ndim)
        return _raise_complex(name, a, idx)
    if kind in "US":
        first = a.ravel()[0] if a.size else ""
        raise ValueError(f"{name} must be numeric (real numbers), not strings (got {describe(str(first))}); "
                         "convert with float() first")
    if kind == "O":
        return _object_to_float(a, name)
    raise ValueError(f"{name} must be real numbers, got an array of dtype {a.dtype}")


def _raise_complex(name, a, idx):
    raise ValueError(f"{name} must be real, got complex values ({_at(name, a, idx)})")


def _check_finite(a: np.ndarray, name: str) -> None:
    ok = np.isfinite(a)
    if not ok.all():
        raise ValueError(f"{name} must be finite (no NaN or inf); got {_at(name, a, _first(a, ~ok))}")


def array(x, name: str, tail: tuple[int, ...] = (), *, allow_batch: bool = True,
          allow_empty: bool = True) -> np.ndarray:
    """Return ``x`` as a finite float array whose trailing shape is ``tail``.

    With ``allow_batch`` (default) any leading axes are allowed, else the shape is exactly ``tail``;
    without ``allow_empty`` an array with no elements is refused.
    """
    a = _to_float_array(x, name)
    if not allow_empty and a.size == 0:
        raise ValueError(f"{name} must not be empty, got shape {a.shape}")
    if tail:
        if a.ndim < len(tail) or a.shape[a.ndim - len(tail):] != tuple(tail):
            want = "(..., " + ", ".join(map(str, tail)) + ")" if allow_batch else str(tuple(tail))
            raise ValueError(f"{name} must have shape {want}, got shape {a.shape}")
        if not allow_batch and a.ndim != len(tail):
            raise ValueError(f"{name} must have shape {tuple(tail)}, got shape {a.shape}")
    _check_finite(a, name)
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
    if nonzero and a.size:
        zero = ~np.any(a != 0.0, axis=-1)
        if zero.any():
            where = "" if a.ndim == 1 else f" at {name}[{', '.join(map(str, _first(zero, zero)))}]"
            raise ValueError(f"{name} must be a non-zero quaternion (w, x, y, z); got the zero quaternion{where}")
    return a


def finite_scalar(x, name: str) -> float:
    """A finite real number (a Python or numpy number, or a 0-d array)."""
    a = _to_float_array(x, name)
    if a.shape != ():
        raise ValueError(f"{name} must be a single number, got shape {a.shape}")
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
    """An integer >= 1 (a number of steps); floats such as ``3.0`` are refused."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, (numbers.Integral, np.integer)):
        raise ValueError(f"{name} must be an integer >= 1, got {describe(x)}")
    if x < 1:
        raise ValueError(f"{name} must be an integer >= 1, got {x!r}")
    return int(x)


def tolerance(x, name: str = "atol", *, upper: float = 1.0) -> float:
    """A tolerance: a finite number with ``0 ≤ x < upper``."""
    v = finite_scalar(x, name)
    if not 0.0 <= v < upper:
        raise ValueError(f"{name} must be a tolerance with 0 <= {name} < {upper:g}, got {v!r}")
    return v


def choice(x, name: str, options) -> str:
    """One of the strings ``options``."""
    if not isinstance(x, str) or x not in options:
        raise ValueError(f"{name} must be one of {', '.join(repr(o) for o in options)}; got {describe(x)}")
    return x


def flag(x, name: str) -> bool:
    """``True`` or ``False`` (numpy booleans too; not 0/1 or strings)."""
    if not isinstance(x, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, got {describe(x)}")
    return bool(x)


# --------------------------------------------------------------------------- several arguments
def broadcast(*named) -> tuple[int, ...]:
    """Check that the batch shapes of named arrays broadcast; return the broadcast batch shape.

    ``named`` are ``(name, array, core_ndim)`` triples: the last ``core_ndim`` axes of each
    array are its own (3 for a vector, 2 for a matrix, 0 for a scalar), the rest are batch axes.
    A mismatch raises ValueError naming the arguments and their shapes.
    """
    shapes = [(n, a.shape[:a.ndim - k] if k else a.shape) for n, a, k in named]
    try:
        return np.broadcast_shapes(*(s for _, s in shapes))
    except ValueError:
        names = [n for n, _ in shapes]
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        got = ", ".join(f"{n} {s}" for n, s in shapes)
        raise ValueError(f"{listed} must broadcast together over their leading (batch) axes; "
                         f"got batch shapes {got}") from None


def rotation_matrix(R, name: str = "R", atol: float = ROTATION_ATOL) -> np.ndarray:
    """A rotation matrix (..., 3, 3): ``max |RᵀR − 1| ≤ atol`` and ``det R > 0``.

    The one test of "is a rotation matrix" used by every function that takes one.
    """
    R = matrix3(R, name)
    if R.size == 0:
        return R
    with np.errstate(over="ignore", invalid="ignore"):
        err = np.abs(np.swapaxes(R, -1, -2) @ R - np.eye(3)).max(axis=(-2, -1))
    bad = ~(err <= atol)
    if bad.any():
        where = "" if R.ndim == 2 else f" at {name}[{', '.join(map(str, _first(err, bad)))}]"
        raise ValueError(f"{name} must be orthogonal (a rotation matrix, RᵀR = 1 within {atol:g}); "
                         f"max |RᵀR − 1| = {float(err[_first(err, bad)]):.3g}{where}")
    det = np.linalg.det(R)
    if np.any(det < 0):
        where = "" if R.ndim == 2 else f" at {name}[{', '.join(map(str, _first(det, det < 0)))}]"
        raise ValueError(f"{name} must be a proper rotation with det {name} = +1; got det = −1 "
                         f"(a reflection){where}")
    return R


# --------------------------------------------------------------------------- results
def finite_result(value, names, what: str = "the result"):
    """Return ``value`` (an array, a float or a tuple of them) if every entry is finite.

    Otherwise raise ValueError naming the arguments ``names`` (a string or a sequence) whose
    size made ``what`` overflow (or turn into NaN).
    """
    parts = value if isinstance(value, tuple) else (value,)
    for p in parts:
        if not np.all(np.isfinite(p)):
            if isinstance(names, str):
                names = (names,)
            listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            raise ValueError(f"{listed} too large (or too small): {what} overflows the float range "
                             f"(±1.8e308) and would be inf or NaN")
    return value


def result_size(n_floats: int, name: str, what: str) -> None:
    """Refuse a result of more than :data:`MAX_RESULT_BYTES` bytes before allocating it."""
    nbytes = 8 * int(n_floats)
    if nbytes > MAX_RESULT_BYTES:
        raise ValueError(f"{name} too large: {what} would take {_bytes(nbytes)}, more than the "
                         f"limit of {_bytes(MAX_RESULT_BYTES)}")


def _bytes(n: int) -> str:
    for unit, size in (("TB", 1024 ** 4), ("GB", 1024 ** 3), ("MB", 1024 ** 2)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n} bytes"
