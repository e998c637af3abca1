"""Hamilton quaternions, scalar first: ``q = (w, x, y, z)``.

Conventions (the project's contract, see the README's card and notebook 00):

* arrays of shape ``(..., 4)``, scalar first ``(w, x, y, z)``; every function is
  vectorised over the leading axes, and the leading axes of two arguments broadcast;
* the Hamilton product ``i j = k`` (:func:`multiply`, written ⊗);
* unit quaternions rotate vectors *actively*: ``q ⋄ v = q ⊗ (0, v) ⊗ q*``
  (the forces-and-impulses article, §6 記号について: ``p' = q p q⁻¹``), and :func:`to_matrix`
  is the matching active rotation matrix, so for the body → world attitude ``q_r``,
  ``v_world = to_matrix(q_r) @ v_body``;
* angular velocity is named by its frame:
  ``q̇ = ½ (0, ω_world) ⊗ q = ½ q ⊗ (0, ω_body)``
  (:func:`derivative_world`, :func:`derivative_body`).

「回転運動のシミュレーション」 (2019) stores quaternions scalar last ``(x, y, z, w)`` (as SciPy
does): convert with :func:`from_xyzw` / :func:`to_xyzw`.

Beyond conversions: the exponential and logarithm maps (:func:`exp`, :func:`log`; the rotation by θ
about n is ``exp(θ/2 · n)``), shortest-arc interpolation at a constant rate (:func:`slerp`), uniformly
distributed random rotations (:func:`random`) and the sign-blind rotation mean (:func:`mean`).

Functions that normalise (:func:`normalize`, :func:`to_matrix`, :func:`rotate`, ...) scale by the
largest component first, so ``[1e200, 1e200, 0, 0]`` and ``[1e-170, 1e-170, 0, 0]`` are the same
rotation as ``[1, 1, 0, 0]`` (squaring them would overflow or underflow). Bad input raises
``ValueError`` naming the argument.
"""

from __future__ import annotations

import numbers

import numpy as np

from . import _validate as _v

__all__ = [
    "identity", "multiply", "conjugate", "inverse", "norm", "normalize", "rotate",
    "from_axis_angle", "to_axis_angle", "from_rotation_vector", "to_rotation_vector",
    "to_matrix", "from_matrix", "from_xyzw", "to_xyzw", "derivative_world",
    "derivative_body", "angle_between", "canonical", "exp", "log", "slerp", "random", "mean",
]

# |q|² in this range is computed without overflow or harmful underflow by squaring directly.
_N2_MIN, _N2_MAX = 1e-280, 1e280
_CONJ = np.array([1.0, -1.0, -1.0, -1.0])


# --------------------------------------------------------------------------- kernels (no checks)
def _sumsq(q):
    return np.einsum("...i,...i->...", q, q)


def _norm(q, n2=None):
    """``|q|`` over the last axis, without overflow or underflow of the squares."""
    n2 = _sumsq(q) if n2 is None else n2
    ok = (n2 >= _N2_MIN) & (n2 <= _N2_MAX)
    if np.all(ok):
        return np.sqrt(n2)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        s = np.max(np.abs(q), axis=-1)
        s1 = np.where(s > 0, s, 1.0)
        scaled = s * np.sqrt(_sumsq(q / s1[..., None]))
    return np.where(ok, np.sqrt(n2), scaled)


def _unit(q):
    """``q / |q|`` for non-zero ``q`` (..., n), scaling by the largest component when needed."""
    n2 = _sumsq(q)
    ok = (n2 >= _N2_MIN) & (n2 <= _N2_MAX)
    if np.all(ok):
        return q / np.sqrt(n2)[..., None]
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        s = np.max(np.abs(q), axis=-1, keepdims=True)
        qs = q / np.where(s > 0, s, 1.0)
        scaled = qs / np.sqrt(_sumsq(qs))[..., None]
        direct = q / np.sqrt(n2)[..., None]
    return np.where(ok[..., None], direct, scaled)


def _canonical(u):
    """The representative of ``±u`` whose first non-zero component is positive (no −0.0)."""
    first = np.argmax(u != 0.0, axis=-1)
    lead = np.take_along_axis(u, first[..., None], axis=-1)
    return np.where(lead < 0, -u, u) + 0.0


def _mul(p, q):
    pw, px, py, pz = np.moveaxis(p, -1, 0)
    qw, qx, qy, qz = np.moveaxis(q, -1, 0)
    return np.stack([
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ], axis=-1)


def _rotate(u, v):
    """``u ⋄ v`` for a unit quaternion ``u``: ``v + 2 w (u⃗ × v) + 2 u⃗ × (u⃗ × v)``."""
    w = u[..., :1]
    vec = u[..., 1:]
    t = 2.0 * np.cross(vec, v)
    return v + w * t + np.cross(vec, t)


def _matrix(u):
    w, x, y, z = np.moveaxis(u, -1, 0)
    return np.stack([
        np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)], axis=-1),
        np.stack([2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)], axis=-1),
        np.stack([2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)], axis=-1),
    ], axis=-2)


def _vec_norm(v):
    """``|v|`` of vectors (..., 3): numpy's norm where it is safe, scaled where it would over/underflow."""
    with np.errstate(over="ignore", under="ignore"):
        n = np.linalg.norm(v, axis=-1)
    ok = (n > 1e-140) & (n < 1e140)
    if np.all(ok):
        return n
    return np.where(ok, n, _norm(v))


# --------------------------------------------------------------------------- public
def _shape(shape) -> tuple[int, ...]:
    if isinstance(shape, (numbers.Integral, np.integer)) and not isinstance(shape, (bool, np.bool_)):
        dims = (int(shape),)
    else:
        if shape is None or isinstance(shape, (str, bytes, bool, np.bool_)) or not hasattr(shape, "__iter__"):
            raise ValueError(f"shape must be an integer or a tuple of integers, got {_v.describe(shape)}")
        dims = tuple(shape)
        for d in dims:
            if isinstance(d, (bool, np.bool_)) or not isinstance(d, (numbers.Integral, np.integer)):
                raise ValueError(f"shape must be an integer or a tuple of integers, got {_v.describe(shape)}")
        dims = tuple(int(d) for d in dims)
    if any(d < 0 for d in dims):
        raise ValueError(f"shape must not have negative entries, got {dims}")
    _v.result_size(4 * int(np.prod(dims, dtype=object)), "shape", f"the identity quaternions of shape {dims}")
    return dims


def identity(shape=()) -> np.ndarray:
    """The identity rotation ``(1, 0, 0, 0)``, or an array of them with shape ``shape + (4,)``."""
    q = np.zeros(_shape(shape) + (4,))
    q[..., 0] = 1.0
    return q


def multiply(p, q) -> np.ndarray:
    """Hamilton product ``p ⊗ q`` of quaternions ``(..., 4)`` (w, x, y, z); broadcasts.

    ``(p_w q_w − p⃗·q⃗,  p_w q⃗ + q_w p⃗ + p⃗ × q⃗)``  (the forces-and-impulses article, §6, ⊗).
    """
    p = _v.quaternion(p, "p", nonzero=False)
    q = _v.quaternion(q, "q", nonzero=False)
    _v.broadcast(("p", p, 1), ("q", q, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        out = _mul(p, q)
    return _v.finite_result(out, ("p", "q"), "p ⊗ q")


def conjugate(q) -> np.ndarray:
    """Conjugate ``q* = (w, −x, −y, −z)``, shape ``(..., 4)``."""
    q = _v.quaternion(q, "q", nonzero=False)
    return q * _CONJ


def norm(q) -> np.ndarray:
    """Norm ``|q| = sqrt(w² + x² + y² + z²)``, shape ``(...)`` (no overflow of the squares)."""
    q = _v.quaternion(q, "q", nonzero=False)
    return _v.finite_result(_norm(q), "q", "|q|")


def inverse(q) -> np.ndarray:
    """Inverse ``q⁻¹ = q* / |q|²`` of a non-zero quaternion, shape ``(..., 4)``."""
    q = _v.quaternion(q, "q")
    n2 = _sumsq(q)
    if np.all((n2 >= _N2_MIN) & (n2 <= _N2_MAX)):
        return conjugate(q) / n2[..., None]
    n = _norm(q, n2)[..., None]
    with np.errstate(over="ignore"):
        inv = q * _CONJ / n / n
    return _v.finite_result(inv, "q", "the inverse q* / |q|²")


def normalize(q) -> np.ndarray:
    """Unit quaternion ``q / |q|`` (raises ValueError for the zero quaternion)."""
    return _unit(_v.quaternion(q, "q"))


def canonical(q) -> np.ndarray:
    """The one unit quaternion of the rotation ``q`` whose first non-zero component is positive.

    ``q`` and ``−q`` are one rotation; this picks ``w > 0``, or at exactly 180° (``w = 0``)
    ``x > 0``, and so on: the first component (w, x, y, z) that is not zero is made positive,
    with no tolerance, and negative zeros become ``+0.0``. So every rotation has exactly one
    canonical quaternion (``[0, 1, 0, 0]`` and ``[0, −1, 0, 0]`` both give ``[0, 1, 0, 0]``).
    """
    return _canonical(normalize(q))


def rotate(q, v) -> np.ndarray:
    """Rotate vectors actively: ``q ⋄ v = q ⊗ (0, v) ⊗ q⁻¹`` (the forces-and-impulses article, §6).

    Parameters
    ----------
    q : array_like, shape (..., 4)
        Non-zero quaternion (w, x, y, z); it is normalised first.
    v : array_like, shape (..., 3)
        Vectors; ``q`` and ``v`` broadcast over their leading axes.

    Returns
    -------
    ndarray, shape (..., 3)
        ``v + 2 w (u × v) + 2 u × (u × v)`` with ``q = (w, u)`` unit, which equals
        ``to_matrix(q) @ v``.
    """
    u = normalize(q)
    v = _v.vector3(v, "v")
    _v.broadcast(("q", u, 1), ("v", v, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        out = _rotate(u, v)
    return _v.finite_result(out, "v", "q ⋄ v")


def from_axis_angle(axis, angle) -> np.ndarray:
    """Quaternion ``(cos(θ/2), sin(θ/2) n)`` of the rotation by ``angle`` θ (rad) about ``axis``.

    ``axis`` (..., 3) need not be unit but must be non-zero; ``angle`` (...) broadcasts with it.
    """
    axis = _v.vector3(axis, "axis")
    angle = _v.array(angle, "angle")
    if axis.size and not np.all(np.any(axis != 0.0, axis=-1)):
        raise ValueError("axis must be a non-zero vector (a rotation axis has a direction)")
    _v.broadcast(("axis", axis, 1), ("angle", angle, 0))
    unit = axis / _vec_norm(axis)[..., None]
    half = 0.5 * angle[..., None]
    c, s = np.cos(half), np.sin(half) * unit
    c = np.broadcast_to(c, s.shape[:-1] + (1,))
    return np.concatenate([c, s], axis=-1)


def to_axis_angle(q):
    """Axis and angle of a rotation: returns ``(axis (..., 3) unit, angle (...) in [0, π])``.

    The quaternion is first made :func:`canonical`, so the angle never exceeds π and at exactly
    180° the axis is the one whose first non-zero component is positive.
    For the identity (angle 0) the axis is undefined and ``(0, 0, 1)`` is returned.
    """
    q = canonical(q)
    s = _vec_norm(q[..., 1:])                 # scaled where the squares would underflow (tiny angles)
    angle = 2.0 * np.arctan2(s, q[..., 0])
    vec = np.where((s > 0)[..., None], q[..., 1:], 1.0)
    axis = np.where((s > 0)[..., None], _unit(vec), np.array([0.0, 0.0, 1.0]))
    return axis, angle


def from_rotation_vector(rotvec) -> np.ndarray:
    """Quaternion of the rotation vector ``φ = θ n`` (rad): ``(cos(θ/2), sin(θ/2)/θ · φ)``.

    This is ``exp(φ / 2)`` (:func:`exp`, the same code): the half angle again. ``cos`` and ``sin``
    are taken of the same ``θ/2`` (numpy reduces large arguments exactly), so ``|q| = 1`` to
    rounding for any ``|φ|``; at ``φ = 0`` the factor is its limit ½. (For ``|φ|`` beyond ~1e8 rad
    the rounding of ``θ`` itself, ``|φ| ε``, blurs the angle.) Shape (..., 3) → (..., 4).
    """
    rotvec = _v.vector3(rotvec, "rotvec")
    return _exp(0.5 * rotvec, "rotvec")


def to_rotation_vector(q) -> np.ndarray:
    """Rotation vector ``θ n`` (θ ∈ [0, π]) of a non-zero quaternion; shape (..., 4) → (..., 3).

    This is ``2 log(q)`` (:func:`log`, the same code).
    """
    return 2.0 * _log(canonical(q))


def to_matrix(q) -> np.ndarray:
    """Active rotation matrix ``R(q)`` with ``R v = q ⋄ v``; shape (..., 4) → (..., 3, 3).

    For the body → world attitude ``q_r``, ``v_world = R v_body`` and the columns of
    ``R`` are the body axes seen in the world frame. (The direction-cosine matrix of
    「回転運動のシミュレーション」 (2019) is ``Rᵀ``.)
    """
    return _matrix(normalize(q))


def from_matrix(R, *, atol: float = _v.ROTATION_ATOL) -> np.ndarray:
    """Unit quaternion of a rotation matrix (..., 3, 3), by Shepperd's method; :func:`canonical`.

    Shepperd picks the largest of ``4w², 4x², 4y², 4z²`` (from the trace and the
    diagonal) and divides only by it, so it stays accurate at 180° rotations where
    the ``dcm2quaternion`` of 「回転運動のシミュレーション」 (2019) divides by ``w = 0``.

    Raises ValueError when ``R`` is not a rotation: ``max |RᵀR − 1| > atol`` (default
    1e-6, the package's one rule, see ``rbteach._validate.rotation_matrix``; a float32
    matrix passes) or ``det R < 0`` (an eigenvector matrix with ``det = −1`` is a
    reflection). ``atol`` must be a number with ``0 ≤ atol < 1``.
    """
    atol = _v.tolerance(atol, "atol")
    R = _v.rotation_matrix(R, "R", atol)
    m00, m11, m22 = R[..., 0, 0], R[..., 1, 1], R[..., 2, 2]
    tr = m00 + m11 + m22
    # Four candidate (unnormalised) quaternions; each is 4·(largest component)·q.
    cands = np.stack([
        np.stack([1 + tr, R[..., 2, 1] - R[..., 1, 2], R[..., 0, 2] - R[..., 2, 0], R[..., 1, 0] - R[..., 0, 1]], -1),
        np.stack([R[..., 2, 1] - R[..., 1, 2], 1 + m00 - m11 - m22, R[..., 0, 1] + R[..., 1, 0], R[..., 0, 2] + R[..., 2, 0]], -1),
        np.stack([R[..., 0, 2] - R[..., 2, 0], R[..., 0, 1] + R[..., 1, 0], 1 - m00 + m11 - m22, R[..., 1, 2] + R[..., 2, 1]], -1),
        np.stack([R[..., 1, 0] - R[..., 0, 1], R[..., 0, 2] + R[..., 2, 0], R[..., 1, 2] + R[..., 2, 1], 1 - m00 - m11 + m22], -1),
    ], axis=-2)
    pick = np.argmax(np.stack([tr, m00, m11, m22], axis=-1), axis=-1)
    q = np.take_along_axis(cands, pick[..., None, None], axis=-2)[..., 0, :]
    return _canonical(_unit(q))


def from_xyzw(q_xyzw) -> np.ndarray:
    """Reorder a scalar-last quaternion ``(x, y, z, w)`` (SciPy, 「回転運動のシミュレーション」) to ``(w, x, y, z)``."""
    q = _v.quaternion(q_xyzw, "q_xyzw", nonzero=False)
    return q[..., [3, 0, 1, 2]]


def to_xyzw(q) -> np.ndarray:
    """Reorder ``(w, x, y, z)`` to scalar-last ``(x, y, z, w)`` (SciPy, 「回転運動のシミュレーション」)."""
    q = _v.quaternion(q, "q", nonzero=False)
    return q[..., [1, 2, 3, 0]]


def _pure(v):
    return np.concatenate([np.zeros(v.shape[:-1] + (1,)), v], axis=-1)


def derivative_world(q, omega_world) -> np.ndarray:
    """Attitude rate ``q̇ = ½ (0, ω_world) ⊗ q`` (the forces-and-impulses article, §4 更新).

    Shapes (..., 4), (..., 3) → (..., 4); ``q`` is used as given (not normalised).
    """
    q = _v.quaternion(q, "q")
    w = _v.vector3(omega_world, "omega_world")
    _v.broadcast(("q", q, 1), ("omega_world", w, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        out = 0.5 * _mul(_pure(w), q)
    return _v.finite_result(out, ("q", "omega_world"), "½ (0, ω) ⊗ q")


def derivative_body(q, omega_body) -> np.ndarray:
    """Attitude rate ``q̇ = ½ q ⊗ (0, ω_body)`` (equal to :func:`derivative_world` with ``ω_world = q ⋄ ω_body``)."""
    q = _v.quaternion(q, "q")
    w = _v.vector3(omega_body, "omega_body")
    _v.broadcast(("q", q, 1), ("omega_body", w, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        out = 0.5 * _mul(q, _pure(w))
    return _v.finite_result(out, ("q", "omega_body"), "½ q ⊗ (0, ω)")


def angle_between(p, q) -> np.ndarray:
    """Rotation angle (rad, in [0, π]) of ``p⁻¹ ⊗ q``: how far apart two attitudes are.

    Insensitive to the sign of either quaternion (the double cover).
    """
    p = _unit(_v.quaternion(p, "p"))
    q = _unit(_v.quaternion(q, "q"))
    _v.broadcast(("p", p, 1), ("q", q, 1))
    d = _mul(p * _CONJ, q)
    return 2.0 * np.arctan2(np.linalg.norm(d[..., 1:], axis=-1), np.abs(d[..., 0]))


# --------------------------------------------------------------------------- maps, interpolation, sampling
def _exp(v, name):
    """``exp((0, v)) = (cos|v|, sin|v| v/|v|)`` for validated vectors (..., 3); the limit at v = 0."""
    theta = _v.finite_result(_vec_norm(v)[..., None], name, f"the angle |{name}|")
    safe = np.where(theta > 0, theta, 1.0)
    factor = np.where(theta > 0, np.sin(theta) / safe, 1.0)
    return np.concatenate([np.cos(theta), factor * v], axis=-1)


def _log(u):
    """``log`` of canonical unit quaternions (w ≥ 0): the 3-vector ``φ n`` with ``φ = atan2(|u⃗|, w)``."""
    s = np.linalg.norm(u[..., 1:], axis=-1)
    w = u[..., 0]
    phi = np.arctan2(s, w)
    # φ/s → 1/w as s → 0 (w → 1): avoid 0/0. Both branches are evaluated, so each
    # denominator is made safe where its branch is not used (w may be ~0 near 180°).
    tiny = s <= 1e-300
    factor = np.where(tiny, 1.0 / np.where(tiny, w, 1.0), phi / np.where(tiny, 1.0, s))
    return u[..., 1:] * factor[..., None]


def exp(v) -> np.ndarray:
    """Quaternion exponential of the pure quaternion ``(0, v)``: ``(cos|v|, sin|v| v/|v|)``.

    ``v`` (..., 3) → unit quaternions (..., 4). With ``v = θ/2 · n`` this is the rotation by ``θ``
    about ``n``, so ``from_rotation_vector(φ) == exp(φ / 2)`` (both run this code). The series
    ``exp(0, v) = Σ (0, v)^k / k!`` sums to this closed form because ``(0, v)² = −|v|²``, as
    ``e^{iθ} = cos θ + i sin θ`` (Shoemake 1985, "Animating rotation with quaternion curves").
    At ``v = 0`` the factor ``sin|v|/|v|`` is its limit 1. For small ``|v|``,
    ``exp(v) = (1, v) + O(|v|²)``.
    """
    v = _v.vector3(v, "v")
    return _exp(v, "v")


def log(q) -> np.ndarray:
    """Quaternion logarithm of a rotation: the 3-vector ``θ/2 · n`` with ``exp(log(q)) = ±q``.

    ``q`` (..., 4) non-zero, normalised first; returns (..., 3). Of the two quaternions ``±q`` of
    one rotation, the :func:`canonical` one (``w ≥ 0``) is used, so ``θ ∈ [0, π]`` and
    ``|log q| = θ/2 ≤ π/2``; ``log(exp(v)) = v`` for ``|v| < π/2``, and ``2 log(q)`` is
    :func:`to_rotation_vector`. At the identity the result is 0 (the factor ``φ/|u⃗|`` is
    taken as its limit ``1/w``).
    """
    return _log(canonical(q))


def slerp(p, q, t) -> np.ndarray:
    """Spherical linear interpolation from ``p`` (t = 0) to ``q`` (t = 1) along the shorter arc.

    ``slerp(p, q, t) = p ⊗ (p* ⊗ q)^t = p ⊗ exp(t log(p* ⊗ q))`` (Shoemake 1985), with ``q``
    replaced by ``−q`` when ``p · q < 0`` (the double cover: the same rotation, the shorter way).
    It turns at a constant angular rate about one fixed axis: the attitudes at ``t₁`` and ``t₂`` are
    ``|t₂ − t₁| · angle_between(p, q)`` apart (while that is at most π). Equivalent to the classic
    ``(sin((1−t)Ω) p + sin(tΩ) q) / sin Ω`` (cos Ω = p · q ≥ 0 after the flip), but written
    through the relative rotation it has no 0/0 when ``p ≈ ±q``.

    Parameters
    ----------
    p, q : array_like, shape (..., 4)
        Non-zero quaternions (normalised first); their leading axes broadcast.
    t : array_like, shape (...)
        Interpolation parameter, any real (outside [0, 1] the turn continues at the same rate) with
        ``|t| · angle_between(p, q)`` finite (else ValueError naming ``t``);
        broadcast against the leading axes of ``p`` and ``q`` (e.g. ``t[:, None]`` for many ``t``
        on each of a batch of pairs).

    Returns
    -------
    ndarray, shape (..., 4)
        Unit quaternions; exactly ``p/|p|`` where ``t = 0`` and exactly ``±q/|q|`` (the sign nearer
        ``p``) where ``t = 1``.
    """
    u = _unit(_v.quaternion(p, "p"))
    v = _unit(_v.quaternion(q, "q"))
    t = _v.array(t, "t")
    shape = _v.broadcast(("p", u, 1), ("q", v, 1), ("t", t, 0))
    v = np.where((_sumsq_dot(u, v) < 0)[..., None], -v, v)
    d = _mul(u * _CONJ, v)                              # p* ⊗ q: w = p·q ≥ 0, the shorter arc
    s = np.linalg.norm(d[..., 1:], axis=-1)
    phi = np.arctan2(s, d[..., 0])                      # half the angle between p and q, in [0, π/2]
    tb = np.broadcast_to(t, shape)
    with np.errstate(over="ignore"):
        tphi = tb * phi
    _v.finite_result(tphi, "t", "the angle t · angle_between(p, q)")   # |t| ≳ 1e308: inf, then NaN
    small = s <= 1e-300
    factor = np.where(small, tb, np.sin(tphi) / np.where(small, 1.0, s))   # sin(tφ)/sin φ → t
    step = np.concatenate([np.cos(tphi)[..., None], factor[..., None] * d[..., 1:]], axis=-1)
    out = _mul(u, step)
    out = np.where((tb == 0)[..., None], u, out)
    out = np.where((tb == 1)[..., None], v, out)
    return np.broadcast_to(out, shape + (4,)).copy()


def _sumsq_dot(a, b):
    return np.einsum("...i,...i->...", *np.broadcast_arrays(a, b))


def random(shape=(), *, seed=None) -> np.ndarray:
    """Uniformly distributed random rotations: unit quaternions of shape ``shape + (4,)``, ``w ≥ 0``.

    Shoemake's subgroup algorithm (Graphics Gems III, 1992): with ``u₁, u₂, u₃`` uniform on [0, 1),
    ``q = (√u₁ cos 2πu₃, √(1−u₁) sin 2πu₂, √(1−u₁) cos 2πu₂, √u₁ sin 2πu₃)`` is uniform on the unit
    sphere S³ (Shoemake lists the components in another order; any order is uniform), hence
    uniform (Haar) on the rotations. The rotation angle θ then has the density
    ``(1 − cos θ)/π`` on [0, π] (CDF ``(θ − sin θ)/π``): large angles are common, small ones rare.
    Returned :func:`canonical` (``w ≥ 0``).

    ``seed``: None (fresh entropy) or an integer ≥ 0, for reproducible draws
    (``numpy.random.default_rng(seed)``).
    """
    dims = _shape(shape)
    if seed is not None:
        if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (numbers.Integral, np.integer)):
            raise ValueError(f"seed must be None or an integer >= 0, got {_v.describe(seed)}")
        if seed < 0:
            raise ValueError(f"seed must be None or an integer >= 0, got {seed!r}")
        seed = int(seed)
    u1, u2, u3 = np.random.default_rng(seed).random((3,) + dims)
    a, b = np.sqrt(u1), np.sqrt(1.0 - u1)
    q = np.stack([a * np.cos(2 * np.pi * u3), b * np.sin(2 * np.pi * u2),
                  b * np.cos(2 * np.pi * u2), a * np.sin(2 * np.pi * u3)], axis=-1)
    return _canonical(q)


def mean(q, weights=None) -> np.ndarray:
    """The (weighted) mean rotation of quaternions ``q`` (..., N, 4), insensitive to each sign.

    Markley, Cheng, Crassidis & Oshman (2007), "Averaging quaternions": the unit eigenvector of
    the largest eigenvalue of ``M = Σᵢ wᵢ qᵢ qᵢᵀ`` (the ``qᵢ`` normalised). ``qᵢ`` and ``−qᵢ`` give
    the same ``qᵢqᵢᵀ``, so the double cover does not matter. It maximises ``Σ wᵢ (q·qᵢ)²``, i.e.
    minimises the weighted sum of squared chordal distances ``‖R − Rᵢ‖²_F`` of the matrices.

    ``q``: shape (N, 4) (or (..., N, 4): a mean per leading index; a single (4,) is N = 1).
    ``weights``: None (all equal) or (N,) / (..., N), finite, ≥ 0, not all zero (normalised by
    their largest). Returns the :func:`canonical` unit quaternion (..., 4). Raises ValueError when
    the mean is not unique (the largest eigenvalue is repeated, e.g. two rotations 180° apart with
    equal weights).
    """
    q = _v.quaternion(q, "q")
    if q.ndim == 1:
        q = q[None]
    if q.shape[-2] == 0:
        raise ValueError(f"q must hold at least one quaternion, got shape {q.shape}")
    u = _unit(q)
    if weights is None:
        w = np.ones(u.shape[:-1])
    else:
        w = _v.array(weights, "weights")
        if w.ndim == 0:
            raise ValueError("weights must have one entry per quaternion of q (shape (..., N)), got a single number")
        if w.shape[-1] != u.shape[-2]:
            raise ValueError(f"weights must have one entry per quaternion of q: q holds {u.shape[-2]} "
                             f"(shape {q.shape}), weights has shape {w.shape}")
        _v.broadcast(("q", u, 2), ("weights", w, 1))
        if np.any(w < 0):
            raise ValueError("weights must be >= 0 (a weight is how much a rotation counts)")
        top = np.max(w, axis=-1, keepdims=True)
        if np.any(top == 0):
            raise ValueError("weights must not all be zero (the mean of nothing is undefined)")
        w = w / top
    M = np.einsum("...n,...ni,...nj->...ij", w, u, u)
    M = M / np.trace(M, axis1=-2, axis2=-1)[..., None, None]
    vals, vecs = np.linalg.eigh(M)
    if np.any(vals[..., 3] - vals[..., 2] <= 1e-12):
        raise ValueError("q and weights have no unique mean rotation: the largest eigenvalue of "
                         "Σ wᵢ qᵢqᵢᵀ is repeated (e.g. two rotations 180° apart, equally weighted)")
    return _canonical(vecs[..., :, 3])
