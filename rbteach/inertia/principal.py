"""Checking an inertia tensor and finding its principal axes: ``I = O diag(I1, I2, I3) Oᵀ``, moments ascending, ``O`` a proper rotation (det +1) whose columns are the principal axes in the body frame (the forces-and-impulses article, §1, §5).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from ._common import _EPS, _EYE, _NEG_RTOL, _SYM_RTOL, _TRIANGLE_RTOL, _ZERO_RTOL

__all__ = [
    "validate", "principal_axes",
]


def validate(inertia, name: str = "inertia", *, allow_zero: bool = True) -> np.ndarray:
    """Check that ``inertia`` is a physical inertia tensor; return it symmetrised.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        Tensor(s) to check.
    name : str
        Argument name used in the error messages.
    allow_zero : bool, keyword-only
        If False, a zero principal moment is rejected too (needed wherever the tensor
        is inverted, e.g. Euler's equations ``ω̇ = I⁻¹(τ − ω × I ω)``).

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``(I + Iᵀ)/2``.

    Raises
    ------
    ValueError
        With the reason (for a batch, the index of the first bad tensor): ``name`` not a
        non-empty string or ``allow_zero`` not True/False; wrong shape; NaN or inf; not symmetric (``|I − Iᵀ|`` above
        1e-10 of the largest moment); a negative principal moment (below −1e-12 of the
        largest); the triangle inequality ``I1 + I2 ≥ I3`` violated by more than 1e-9
        of ``I3`` (no mass distribution has such moments); with ``allow_zero=False``,
        a principal moment at most 1e-12 of the largest (the tensor cannot be inverted,
        e.g. a thin rod's axial moment).

    Notes
    -----
    The forces-and-impulses article, §1 慣性テンソル: ``I`` is symmetric, and a real body's principal moments are
    non-negative and obey ``I_i + I_j ≥ I_k`` (because ``I_i + I_j − I_k = 2∫ρ x_k² dV``).
    """
    if not isinstance(name, str) or not name:
        raise ValueError(f"name must be a non-empty string (the argument name used in messages), got {_v.describe(name)}")
    allow_zero = _v.flag(allow_zero, "allow_zero")
    I = _v.matrix3(inertia, name)
    if I.size == 0:
        return I
    scale = np.abs(I).max(axis=(-1, -2))
    asym = np.abs(I - np.swapaxes(I, -1, -2)).max(axis=(-1, -2))
    bad = asym > _SYM_RTOL * scale
    if np.any(bad):
        raise ValueError(
            f"{name} must be symmetric; max |I − Iᵀ| = {float(asym[bad].max()):.3g}{_where(name, bad)} "
            "(products of inertia I_xy = I_yx, ...)")
    I = 0.5 * I + 0.5 * np.swapaxes(I, -1, -2)      # = (I + Iᵀ)/2, without overflow of the sum
    reason = _unphysical(I, scale, name=name, allow_zero=allow_zero)
    if reason:
        raise ValueError(f"{name} {reason}")
    return I


def _where(name, bad) -> str:
    """`` at name[i, j]`` for the first True of a batch mask, or nothing for a single tensor."""
    if np.ndim(bad) == 0:
        return ""
    return f" at {name}[{', '.join(map(str, np.unravel_index(np.argmax(bad), np.shape(bad))))}]"


def _eigvalsh(I, scale):
    """Eigenvalues of symmetric tensors, scaled first where squaring entries could overflow."""
    ok = ((scale > 1e-150) & (scale < 1e150)) | (scale == 0)
    if np.all(ok):
        return np.linalg.eigvalsh(I)
    s = np.where(ok, 1.0, scale)[..., None, None]
    return np.linalg.eigvalsh(I / s) * s[..., 0]


def _unphysical(I, scale, *, name="", allow_zero=True):
    """The reason why symmetric tensors ``I`` (…, 3, 3) are not physical, or "" (tolerances × scale)."""
    with np.errstate(over="ignore", invalid="ignore"):
        moments = _eigvalsh(I, scale)
    if not np.all(np.isfinite(moments)):
        return "is too large: its principal moments overflow the float range (> 1.8e308)"
    largest = np.maximum(np.max(np.abs(moments), axis=-1), scale)
    neg = moments[..., 0] < -_NEG_RTOL * largest
    if np.any(neg):
        return (f"has a negative principal moment {float(moments[..., 0][neg].min()):.6g}"
                f"{_where(name, neg) if name else ''}; principal moments must be >= 0")
    unit = np.where(largest > 0, largest, 1.0)
    gap = moments[..., 0] / unit + moments[..., 1] / unit - moments[..., 2] / unit     # relative: no overflow
    tri = gap < -_TRIANGLE_RTOL
    if np.any(tri):
        k = np.unravel_index(np.argmin(np.where(tri, gap, np.inf)), gap.shape)
        I1, I2, I3 = moments[k]
        return (f"violates the triangle inequality I1 + I2 >= I3 of principal moments"
                f"{_where(name, tri) if name else ''}: {I1:.6g} + {I2:.6g} < {I3:.6g}; "
                "no mass distribution has these moments")
    zero = moments[..., 0] <= _ZERO_RTOL * largest
    if not allow_zero and np.any(zero):
        return (f"has a zero principal moment{_where(name, zero)}, so it cannot be inverted "
                "(a thin rod or a point mass cannot be simulated with Euler's equations)")
    return ""


def _canonical_sign(v: np.ndarray) -> np.ndarray:
    """Flip vectors (..., 3) so that their largest-magnitude component is positive.

    Ties (magnitudes within 1e-9) go to the lowest index, so that e.g. (1, −1, 0)/√2
    is kept and (−1, 1, 0)/√2 flipped, whatever the rounding.
    """
    mag = np.abs(v)
    lead = np.argmax(mag >= mag.max(axis=-1, keepdims=True) - 1e-9, axis=-1)
    s = np.take_along_axis(v, lead[..., None], axis=-1)
    return np.where(s < 0, -v, v)


def _plane_axis(a: np.ndarray) -> np.ndarray:
    """Deterministic unit vectors ⟂ the unit vectors ``a`` (..., 3).

    The projection of the coordinate axis most nearly perpendicular to ``a`` (lowest index on
    ties within 1e-9, so rounding-level changes of ``a`` do not switch the axis).
    """
    n2 = 1.0 - a * a
    j = np.argmax(n2 >= n2.max(axis=-1, keepdims=True) - 1e-9, axis=-1)
    p = _EYE[j] - a * np.take_along_axis(a, j[..., None], axis=-1)
    return p / np.linalg.norm(p, axis=-1, keepdims=True)


def _complete(c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
    c0 = _canonical_sign(c0)
    c1 = _canonical_sign(c1)
    return np.stack([c0, c1, np.cross(c0, c1)], axis=-1)


def _principal(I: np.ndarray):
    """Moments and O for validated symmetric tensors ``I`` (n, 3, 3), vectorised (see principal_axes)."""
    scale = np.abs(I).max(axis=(-1, -2))
    ok = ((scale > 1e-150) & (scale < 1e150)) | (scale == 0)
    if np.all(ok):
        moments, vecs = np.linalg.eigh(I)
    else:
        s = np.where(ok, 1.0, scale)
        moments, vecs = np.linalg.eigh(I / s[:, None, None])
        moments = moments * s[:, None]

    # Diagonal input: the sorted diagonal exactly, and coordinate axes as eigenvectors.
    d = np.diagonal(I, axis1=-2, axis2=-1)
    off = np.abs(I[:, [0, 0, 1], [1, 2, 2]]).max(axis=-1)
    diagonal = off <= 4.0 * _EPS * scale
    if np.any(diagonal):
        perm = np.argsort(d, axis=-1, kind="stable")
        moments = np.where(diagonal[:, None], np.take_along_axis(d, perm, axis=-1), moments)
        vecs = np.where(diagonal[:, None, None], np.swapaxes(_EYE[perm], -1, -2), vecs)

    # Repeated moments are decided first (for diagonal input too), so that a rounding-level
    # change of a repeated moment cannot change O.
    tol = 64.0 * _EPS * np.max(np.abs(moments), axis=-1)
    all3 = moments[:, 2] - moments[:, 0] <= tol
    low = ~all3 & (moments[:, 1] - moments[:, 0] <= tol)          # I1 = I2 < I3: axis 3 is unique
    high = ~all3 & ~low & (moments[:, 2] - moments[:, 1] <= tol)  # I1 < I2 = I3: axis 1 is unique

    c0, c1 = vecs[:, :, 0], vecs[:, :, 1]
    if np.any(low):
        a = vecs[:, :, 2]
        p = _canonical_sign(_plane_axis(a))
        c0 = np.where(low[:, None], p, c0)
        c1 = np.where(low[:, None], np.cross(a, p), c1)
    if np.any(high):
        a = _canonical_sign(vecs[:, :, 0])
        c0 = np.where(high[:, None], a, c0)
        c1 = np.where(high[:, None], _plane_axis(a), c1)
    O = _complete(c0, c1)
    O[all3] = _EYE
    return moments, O


def principal_axes(inertia):
    """Principal moments (ascending) and principal axes as a proper rotation.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        A valid inertia tensor (see :func:`validate`) in the body frame.

    Returns
    -------
    moments : ndarray, shape (..., 3)
        ``I1 ≤ I2 ≤ I3``.
    O : ndarray, shape (..., 3, 3)
        Rotation matrix (det O = +1) whose columns are the principal axes in the body
        frame, so that ``I = O diag(moments) Oᵀ`` (the forces-and-impulses article, §1, ``O⁻¹ I O = diag``).
        ``O`` maps principal-axis coordinates to body coordinates:
        ``q_o = rbteach.quaternion.from_matrix(O)`` (the article's §5 回転運動のパラメータについて).

    Notes
    -----
    The forces-and-impulses article (§1) takes ``O`` straight from an eigen-solver; that can be a reflection
    (det −1, which cannot become a quaternion) and its column signs and order are
    arbitrary. Here the result is deterministic:

    * moments in ascending order;
    * the first two columns have their largest-magnitude component positive (lowest
      index on ties), and the third column is ``O[:, 0] × O[:, 1]`` (so det O = +1);
    * a diagonal input gives its sorted diagonal exactly and ``O`` a permutation of
      the coordinate axes (with one sign chosen to make it a rotation);
    * repeated moments (a body with rotational symmetry, or a cube) make the principal axes *not unique*: any
      rotation of the axes inside the degenerate plane (or, for three equal moments,
      any rotation at all) diagonalises ``I`` as well. Then ``O`` is chosen as: the
      identity for three equal moments; otherwise the distinct axis from the solver,
      and in the degenerate plane the projection of the coordinate axis most nearly
      perpendicular to it. Moments count as repeated when they agree to rounding
      (64 ε of the largest). This rule is applied before the diagonal one, so ``O`` does
      not change when a repeated moment changes by rounding (a spherical tensor rebuilt as
      ``R (c 1) Rᵀ`` always gives ``O = 1``);
    * vectorised: a batch of any kind of tensors costs one ``numpy.linalg.eigh`` call.

    The article's remark that a symmetric body's ``O`` is the identity holds only when its
    body axes are aligned with its symmetry axes.
    """
    I = validate(inertia, "inertia")
    shape = I.shape[:-2]
    moments, O = _principal(I.reshape(-1, 3, 3))
    return moments.reshape(shape + (3,)), O.reshape(shape + (3, 3))
