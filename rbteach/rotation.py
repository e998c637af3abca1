"""Rotation matrices: skew matrices, Euler angles in all 12 sequences and their rate maps,
attitude from measured directions (Wahba's problem), re-orthonormalisation.

Conventions (the project's contract, see the README's card):

* every matrix here is *active*: ``v_world = R @ v_body`` for the body → world
  attitude, the same matrix as :func:`rbteach.quaternion.to_matrix`; its columns
  are the body axes seen in the world frame;
* Euler angles name their sequence as SciPy does: upper-case letters are *intrinsic*
  (each turn about the body's current axis), lower-case *extrinsic* (fixed world axes).
  The default is the aerospace 3-2-1 sequence "ZYX": ``R = Rz(yaw) Ry(pitch) Rx(roll)``
  (yaw about z, then pitch about the new y, then roll about the newest x), which is also
  the extrinsic "xyz" with the same angles (roll about world x, pitch about world y, yaw
  about world z). SciPy spells it ``Rotation.from_euler("ZYX", [yaw, pitch, roll])``;
* the direction-cosine matrix (DCM) of 「回転運動のシミュレーション」 (2019) is the *passive* world → body matrix,
  i.e. ``DCM = Rᵀ``. Its ``euler2dcm`` builds ``rotx @ roty @ rotz`` from the
  transposed elementary matrices, which is ``(Rz Ry Rx)ᵀ``; so
  ``euler_zyx_to_matrix(yaw, pitch, roll).T`` is the article's ``euler2dcm([yaw, pitch, roll])``
  (once its missing brackets are fixed) and no separate function is needed.

All functions are vectorised over leading axes.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = ["skew", "euler_to_matrix", "matrix_to_euler", "euler_rates_to_omega_body",
           "euler_rates_to_omega_world", "omega_body_to_euler_rates", "euler_zyx_to_matrix",
           "matrix_to_euler_zyx", "align_vectors", "orthonormalize"]

# Below this value of cos(pitch) (= hypot(R[2,1], R[2,2])) the matrix is treated as
# being exactly at gimbal lock and roll is set to 0. The reconstruction error of
# doing so is at most cos(pitch), so this keeps matrix_to_euler_zyx exact to 1e-12.
_GIMBAL_TOL = 1e-13
# orthonormalize refuses a matrix whose smallest singular value is at most this, relative.
_SINGULAR_RTOL = 1e-12


def skew(v) -> np.ndarray:
    """Skew-symmetric (cross-product) matrix ``[v]×`` with ``skew(a) @ b = a × b``.

    Parameters
    ----------
    v : array_like, shape (..., 3)

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``[[0, −v_z, v_y], [v_z, 0, −v_x], [−v_y, v_x, 0]]`` (``skew`` of 「回転運動のシミュレーション」 (2019); it turns
        ``Ṙ = [ω_world]× R`` and ``ω × (I ω)`` into matrix products).
    """
    v = _v.vector3(v, "v")
    x, y, z = np.moveaxis(v, -1, 0)
    zero = np.zeros_like(x)
    return np.stack([
        np.stack([zero, -z, y], axis=-1),
        np.stack([z, zero, -x], axis=-1),
        np.stack([-y, x, zero], axis=-1),
    ], axis=-2)


# --------------------------------------------------------------------------- Euler sequences
_AXIS = {"x": 0, "y": 1, "z": 2}
_LETTER = "xyz"
# The rate maps refuse |cos(middle)| (Tait–Bryan) or |sin(middle)| (proper Euler) below this.
_RATE_SINGULAR_TOL = 1e-12


def _sequence(seq, name: str = "seq"):
    """``(i, j, k), extrinsic``: the axes of the equivalent *intrinsic* sequence, R = R_i R_j R_k."""
    ok = (isinstance(seq, str) and len(seq) == 3 and (seq.isupper() or seq.islower())
          and set(seq.lower()) <= set(_LETTER) and seq[0].lower() != seq[1].lower()
          and seq[1].lower() != seq[2].lower())
    if not ok:
        raise ValueError(f"{name} must be three axis letters x, y, z with no letter twice in a row, all upper "
                         f"case (intrinsic, body axes, e.g. 'ZYX') or all lower case (extrinsic, world axes, "
                         f"e.g. 'xyz'); got {_v.describe(seq)}")
    axes = tuple(_AXIS[c] for c in seq.lower())
    extrinsic = seq.islower()
    return (axes[::-1] if extrinsic else axes), extrinsic


def _elementary(axis: int, angle) -> np.ndarray:
    """Active rotation by ``angle`` (shape (...)) about the coordinate axis ``axis``: (..., 3, 3)."""
    c, s = np.cos(angle), np.sin(angle)
    R = np.zeros(np.shape(angle) + (3, 3))
    j, k = (axis + 1) % 3, (axis + 2) % 3
    R[..., axis, axis] = 1.0
    R[..., j, j] = c
    R[..., k, k] = c
    R[..., k, j] = s
    R[..., j, k] = -s
    return R


def _parity(i: int, j: int) -> float:
    """+1 when (i, j, ·) is a cyclic order of (x, y, z) (e_i × e_j = +e_third), else −1."""
    return 1.0 if (j - i) % 3 == 1 else -1.0


def _intrinsic_angles(angles, extrinsic: bool):
    """(a, b, c) of the intrinsic form: an extrinsic sequence is the intrinsic one reversed."""
    a = angles[..., ::-1] if extrinsic else angles
    return a[..., 0], a[..., 1], a[..., 2]


def euler_to_matrix(angles, seq) -> np.ndarray:
    """Active rotation matrix (body → world) of three Euler angles in any of the 12 sequences.

    Parameters
    ----------
    angles : array_like, shape (..., 3)
        Radians, ``angles[..., n]`` about the axis ``seq[n]``.
    seq : str
        Three letters of x, y, z with no letter twice in a row (6 Tait–Bryan sequences such as
        "ZYX", 6 proper Euler sequences such as "ZXZ"), SciPy's convention:

        * **upper case = intrinsic**, each turn about the body's *current* axis:
          ``"ZYX"``, angles (a, b, c) → ``R = R_z(a) R_y(b) R_x(c)`` (aerospace yaw-pitch-roll);
        * **lower case = extrinsic**, each turn about a fixed *world* axis, applied in the
          order written: ``"xyz"``, angles (a, b, c) → ``R = R_z(c) R_y(b) R_x(a)``.

        So an extrinsic sequence equals the reversed intrinsic one with the angles reversed, and
        intrinsic "ZYX" (yaw, pitch, roll) is extrinsic "xyz" (roll, pitch, yaw): the same matrix.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``R_i(a) R_j(b) R_k(c)`` for the intrinsic form ``(i, j, k)``; ``R_x, R_y, R_z`` the
        elementary active rotations (Goldstein, *Classical Mechanics*, 3rd ed., §4.4; Diebel,
        "Representing attitude", 2006). Equal to SciPy's ``Rotation.from_euler(seq, angles).as_matrix()``.
    """
    (i, j, k), extrinsic = _sequence(seq)
    angles = _v.vector3(angles, "angles")
    a, b, c = _intrinsic_angles(angles, extrinsic)
    return _elementary(i, a) @ _elementary(j, b) @ _elementary(k, c)


def matrix_to_euler(R, seq) -> np.ndarray:
    """Euler angles of a rotation matrix in any of the 12 sequences; exact at gimbal lock.

    Inverse of :func:`euler_to_matrix`: ``euler_to_matrix(matrix_to_euler(R, seq), seq)``
    reproduces ``R`` everywhere, at and near gimbal lock too (bound measured: see Notes).

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Rotation matrices (active, body → world), checked by the package's one test
        (``max |RᵀR − 1| ≤ 1e-6``, ``det R > 0``), else ValueError.
    seq : str
        As in :func:`euler_to_matrix` ("ZYX" intrinsic, "xyz" extrinsic, ...).

    Returns
    -------
    ndarray, shape (..., 3)
        Angles in radians in the order of ``seq``. The middle angle is in ``[−π/2, π/2]`` for a
        Tait–Bryan sequence (three different axes) and in ``[0, π]`` for a proper Euler sequence
        (first axis = last axis); the other two are in ``(−π, π]`` (SciPy's ranges).

    Notes
    -----
    For the intrinsic form ``R = R_i(a) R_j(b) R_k(c)`` with ``ε = ±1`` the sign of the
    permutation, row ``i`` of ``R`` depends on ``b`` and ``c`` only (Tait–Bryan:
    ``R_ik = ε sin b``, ``R_ii = cos b cos c``, ``R_ij = −ε cos b sin c``), which gives ``b`` and
    ``c``; then ``a`` is read from ``R R_k(c)ᵀ = R_i(a) R_j(b)``, whose column ``j`` is
    ``R_i(a) e_j``. Computing ``a`` *after* ``c`` is what keeps the three angles exact near lock.

    At gimbal lock (middle angle ±π/2 for Tait–Bryan, 0 or π for proper Euler, detected as
    ``|cos b|`` resp. ``|sin b| ≤ 1e-13``) only a sum or difference of the outer angles is
    defined; the angle listed *third* in ``seq`` is set to 0 and the first carries the whole turn,
    as ``scipy.spatial.transform.Rotation.as_euler`` does (for all 24 sequences; SciPy detects lock
    at a wider margin, ~1e-7 rad, and warns, so between 1e-13 and ~1e-7 rad from the lock SciPy
    zeroes the third angle while this function returns the two outer angles that reproduce ``R``).

    Round trip, measured (all 24 sequences, 2 000 random matrices per sequence and distance, middle
    angle 0 … 0.5 rad from the lock): ``max |euler_to_matrix(matrix_to_euler(R, seq), seq) − R|`` is
    ≤ 5e-16 outside the 1e-13 lock band and ≤ 2·1e-13 inside it (there the middle angle's offset
    from the lock, at most 1e-13 rad, is dropped; SciPy's error is the same there, and 2e-8 within its
    own 1e-7 band); ``tests/test_rotation_lock.py`` checks these bounds and SciPy's angles.
    """
    (i, j, k), extrinsic = _sequence(seq)
    R = _v.rotation_matrix(R, "R")
    if i != k:                                       # Tait–Bryan, e.g. ZYX
        eps = _parity(i, j)
        lock_measure = np.hypot(R[..., i, j], R[..., i, i])           # |cos b|
        b = np.arctan2(eps * R[..., i, k], np.hypot(R[..., j, k], R[..., k, k]))
        locked = lock_measure <= _GIMBAL_TOL
        c = np.where(locked, 0.0, np.arctan2(-eps * R[..., i, j], R[..., i, i]))
        cc, sc = np.cos(c), np.sin(c)
        m_j = cc * R[..., j, j] + eps * sc * R[..., j, i]              # column j of R R_k(c)ᵀ
        m_k = cc * R[..., k, j] + eps * sc * R[..., k, i]
        a = np.arctan2(eps * m_k, m_j)
    else:                                            # proper Euler, e.g. ZXZ
        l = 3 - i - j
        eps = _parity(i, j)
        lock_measure = np.hypot(R[..., i, j], R[..., i, l])           # |sin b|
        b = np.arctan2(lock_measure, R[..., i, i])
        locked = lock_measure <= _GIMBAL_TOL
        c = np.where(locked, 0.0, np.arctan2(R[..., i, j], eps * R[..., i, l]))
        cc, sc = np.cos(c), np.sin(c)
        m_j = cc * R[..., j, j] - eps * sc * R[..., j, l]              # column j of R R_i(c)ᵀ
        m_l = cc * R[..., l, j] - eps * sc * R[..., l, l]
        a = np.arctan2(eps * m_l, m_j)
    if extrinsic and np.any(locked):
        # SciPy zeroes the angle listed third, which for an extrinsic sequence is the intrinsic a. At lock
        # R_j(b) e_k = s e_i, so R_i(a) R_j(b) R_k(0) = R_i(0) R_j(b) R_k(s a): move the turn into c.
        s = eps * np.sign(np.sin(b)) if i != k else np.sign(np.cos(b))
        c = np.where(locked, s * a, c)
        a = np.where(locked, 0.0, a)
    out = np.stack([_half_open(a), b + 0.0, _half_open(c)], axis=-1)
    return out[..., ::-1] if extrinsic else out


def _rate_columns(angles, seq):
    """``(J_world, J_body, middle, proper)``: ω_world = J_world · rates, ω_body = J_body · rates.

    For the intrinsic form R = R_i(a) R_j(b) R_k(c):
    ω_world = ȧ e_i + ḃ R_i(a) e_j + ċ R_i(a) R_j(b) e_k and ω_body = Rᵀ ω_world
    = ȧ R_k(c)ᵀ R_j(b)ᵀ e_i + ḃ R_k(c)ᵀ e_j + ċ e_k. Columns are returned in the order of ``seq``.
    """
    (i, j, k), extrinsic = _sequence(seq)
    a, b, c = _intrinsic_angles(angles, extrinsic)
    Ei, Ej, Ek = _elementary(i, a), _elementary(j, b), _elementary(k, c)
    EiEj = Ei @ Ej
    R = EiEj @ Ek
    e_i = np.zeros(a.shape + (3,))
    e_i[..., i] = 1.0
    J_world = np.stack([e_i, Ei[..., :, j], EiEj[..., :, k]], axis=-1)
    J_body = np.swapaxes(R, -1, -2) @ J_world
    if extrinsic:
        J_world, J_body = J_world[..., ::-1], J_body[..., ::-1]
    return J_world, J_body, b, i == k


def _rates(angles, rates):
    angles = _v.vector3(angles, "angles")
    rates = _v.vector3(rates, "rates")
    _v.broadcast(("angles", angles, 1), ("rates", rates, 1))
    return angles, rates


def euler_rates_to_omega_body(angles, rates, seq) -> np.ndarray:
    """Angular velocity in the body frame from Euler angles and their time derivatives.

    ``ω_body = J_body(angles) · rates`` with, for the intrinsic form ``R = R_i(a) R_j(b) R_k(c)``,
    ``ω_body = ȧ R_k(c)ᵀ R_j(b)ᵀ e_i + ḃ R_k(c)ᵀ e_j + ċ e_k``: each rate turns the body about its
    own axis at that stage, seen in today's body frame (Goldstein, 3rd ed., §4.9, eq. 4.87 for
    "ZXZ"). For "ZYX" (ψ, θ, φ = yaw, pitch, roll)::

        ω_body = [[−sin θ,        0,      1],
                  [cos θ sin φ,   cos φ,  0],
                  [cos θ cos φ,  −sin φ,  0]] · (ψ̇, θ̇, φ̇)

    It satisfies ``[ω_body]× = Rᵀ Ṙ`` for ``R(t) = euler_to_matrix(angles(t), seq)``.

    Parameters
    ----------
    angles, rates : array_like, shape (..., 3), broadcastable
        Radians and radians per second, in the order of ``seq``.
    seq : str
        As in :func:`euler_to_matrix`.

    Returns
    -------
    ndarray, shape (..., 3)
        ω_body in rad/s.
    """
    return _omega_from_rates(angles, rates, seq, frame="body")


def _omega_from_rates(angles, rates, seq, *, frame):
    """``J_frame(angles) · rates`` for ``frame`` "body" or "world" (validated, finite)."""
    _sequence(seq)
    angles, rates = _rates(angles, rates)
    J_world, J_body, _, _ = _rate_columns(angles, seq)
    with np.errstate(all="ignore"):
        omega = np.einsum("...ij,...j->...i", J_body if frame == "body" else J_world, rates)
    return _v.finite_result(omega, ("rates",), f"ω_{frame}")


def euler_rates_to_omega_world(angles, rates, seq) -> np.ndarray:
    """Angular velocity in the world frame from Euler angles and their time derivatives.

    ``ω_world = R ω_body = J_world(angles) · rates`` with, for the intrinsic form
    ``R = R_i(a) R_j(b) R_k(c)``, ``ω_world = ȧ e_i + ḃ R_i(a) e_j + ċ R_i(a) R_j(b) e_k``: the
    first rate turns about a fixed world axis, the others about axes the earlier turns have
    moved. For "ZYX" (ψ, θ, φ)::

        ω_world = [[0, −sin ψ, cos ψ cos θ],
                   [0,  cos ψ, sin ψ cos θ],
                   [1,  0,     −sin θ     ]] · (ψ̇, θ̇, φ̇)

    It satisfies ``[ω_world]× = Ṙ Rᵀ``. Parameters and units as in
    :func:`euler_rates_to_omega_body`; returns shape (..., 3).
    """
    return _omega_from_rates(angles, rates, seq, frame="world")


def omega_body_to_euler_rates(angles, omega_body, seq) -> np.ndarray:
    """Euler-angle rates from the body-frame angular velocity: the inverse of
    :func:`euler_rates_to_omega_body` (what an attitude integrator in Euler angles must solve).

    ``rates = J_body(angles)⁻¹ ω_body``. ``det J_body = ±cos b`` for a Tait–Bryan sequence and
    ``±sin b`` for a proper Euler sequence (``b`` the middle angle), so the map is singular at
    gimbal lock: for "ZYX" (ψ, θ, φ)::

        (ψ̇, θ̇, φ̇) = [[0,  sin φ / cos θ,       cos φ / cos θ      ],
                       [0,  cos φ,               −sin φ             ],
                       [1,  sin φ tan θ,         cos φ tan θ        ]] · ω_body

    Parameters
    ----------
    angles : array_like, shape (..., 3)
        Radians, in the order of ``seq``.
    omega_body : array_like, shape (..., 3), broadcastable with ``angles``
        rad/s, body frame.
    seq : str
        As in :func:`euler_to_matrix`.

    Returns
    -------
    ndarray, shape (..., 3)
        The angle rates in rad/s, in the order of ``seq``.

    Raises
    ------
    ValueError
        ``angles`` at gimbal lock (``|cos b|`` resp. ``|sin b| ≤ 1e-12``): there the angles have no
        unique rates (a turn about the locked axis changes two angles in a way only their
        sum or difference fixes), e.g. pitch ±90° for "ZYX".
    """
    (i, j, k), _ = _sequence(seq)
    angles = _v.vector3(angles, "angles")
    omega_body = _v.vector3(omega_body, "omega_body")
    _v.broadcast(("angles", angles, 1), ("omega_body", omega_body, 1))
    _, J_body, b, proper = _rate_columns(angles, seq)
    measure = np.abs(np.sin(b) if proper else np.cos(b))
    lock = measure <= _RATE_SINGULAR_TOL
    if np.any(lock):
        where = "" if lock.ndim == 0 else f" at angles[{', '.join(map(str, np.unravel_index(np.argmax(lock), lock.shape)))}]"
        what = "0° or 180°" if proper else "±90°"
        raise ValueError(f"angles are at gimbal lock for {seq!r} (middle angle {what}){where}: the angle rates "
                         f"are not defined there (the map from rates to ω is singular)")
    with np.errstate(all="ignore"):
        shape = np.broadcast_shapes(J_body.shape[:-2], omega_body.shape[:-1])
        rates = np.linalg.solve(np.broadcast_to(J_body, shape + (3, 3)),
                                np.broadcast_to(omega_body, shape + (3,))[..., None])[..., 0]
    return _v.finite_result(rates, ("angles", "omega_body"), "the vector of angle rates")


def euler_zyx_to_matrix(yaw, pitch, roll) -> np.ndarray:
    """Active rotation matrix ``R = Rz(yaw) Ry(pitch) Rx(roll)`` (aerospace 3-2-1, radians).

    The same as ``euler_to_matrix([yaw, pitch, roll], "ZYX")`` (:func:`euler_to_matrix`), with
    the three angles as separate broadcastable arguments.

    Parameters
    ----------
    yaw, pitch, roll : array_like, broadcastable shapes (...)
        Angles in radians: yaw ψ about z, pitch θ about the new y', roll φ about x''.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        With ``c·``, ``s·`` the cosines and sines::

            [[cψ cθ,  cψ sθ sφ − sψ cφ,  cψ sθ cφ + sψ sφ],
             [sψ cθ,  sψ sθ sφ + cψ cφ,  sψ sθ cφ − cψ sφ],
             [−sθ,    cθ sφ,             cθ cφ           ]]

    Notes
    -----
    The ``euler2dcm`` of 「回転運動のシミュレーション」 (2019) returns the transpose of this matrix (its DCM is passive,
    world → body), and its ``roty`` lacks the outer brackets of the nested list
    (a TypeError in NumPy).
    """
    yaw = _v.array(yaw, "yaw")
    pitch = _v.array(pitch, "pitch")
    roll = _v.array(roll, "roll")
    _v.broadcast(("yaw", yaw, 0), ("pitch", pitch, 0), ("roll", roll, 0))
    return euler_to_matrix(np.stack(np.broadcast_arrays(yaw, pitch, roll), axis=-1), "ZYX")


def matrix_to_euler_zyx(R):
    """ZYX Euler angles ``(yaw, pitch, roll)`` of a rotation matrix, correct at gimbal lock.

    The same as ``matrix_to_euler(R, "ZYX")`` (:func:`matrix_to_euler`), returned as three arrays.

    Inverse of :func:`euler_zyx_to_matrix`: ``euler_zyx_to_matrix(*matrix_to_euler_zyx(R))``
    reproduces ``R`` everywhere, including at and near gimbal lock (to 5e-16 outside the 1e-13 lock band,
    to 2e-13 inside it: measured, see :func:`matrix_to_euler`).

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        Rotation matrices (active, body → world): ``max |RᵀR − 1| ≤ 1e-6`` and ``det R > 0``
        (the package's one test, ``rbteach._validate.rotation_matrix``), else ValueError.
        Pass a matrix through :func:`orthonormalize` first if it has drifted further.

    Returns
    -------
    yaw, pitch, roll : ndarray, shape (...)
        ``pitch = atan2(−R₂₀, hypot(R₀₀, R₁₀)) ∈ [−π/2, π/2]``,
        ``roll = atan2(R₂₁, R₂₂) ∈ (−π, π]``, and yaw from ``R Rx(roll)ᵀ = Rz(yaw) Ry(pitch)``:
        ``yaw = atan2(sφ R₀₂ − cφ R₀₁, cφ R₁₁ − sφ R₁₂) ∈ (−π, π]``.

    Notes
    -----
    At gimbal lock (``pitch = ±π/2``, ``cos pitch = hypot(R₂₁, R₂₂) ≤ 1e-13``) only
    ``yaw ∓ roll`` is defined; this function sets ``roll = 0`` and puts the whole
    remaining rotation into yaw. Because yaw is computed *after* roll from the
    matrix ``R Rx(roll)ᵀ``, the three angles always reproduce ``R``, even when
    ``cos pitch`` is tiny and roll itself is only known to ``ε / cos pitch``.

    The ``dcm2euler`` of 「回転運動のシミュレーション」 (2019) was wrong in three ways. (1) ``dcm(2,1)`` *calls*
    the array instead of indexing it (MATLAB syntax): the gimbal-lock branch raises
    TypeError whenever it is reached. (2) That branch is almost never reached: it tests
    ``sin_theta == 1`` exactly, so a matrix a rounding error away from lock takes the
    general branch, where ``atan2`` of two numbers at noise level returns
    meaningless angles. (3) The branch itself is wrong: it sets yaw to 0 and
    recovers roll with ``arcsin``, which folds any roll beyond ±π/2 (read as the
    MATLAB 1-based element ``dcm[1, 0]``, it also has the wrong sign at pitch = +π/2).
    Its general branch is right once its DCM (``= Rᵀ``) is taken into account:
    ``yaw = atan2(DCM₀₁, DCM₀₀)``, ``roll = atan2(DCM₁₂, DCM₂₂)``.
    """
    yaw, pitch, roll = np.moveaxis(matrix_to_euler(R, "ZYX"), -1, 0)
    return yaw[()], pitch[()], roll[()]


def _half_open(angle):
    return np.where(angle == -np.pi, np.pi, angle)[()]


# --------------------------------------------------------------------------- Wahba's problem
# align_vectors refuses data whose s₂ + d s₃ (Markley's uniqueness measure) is at most this,
# relative to the largest singular value s₁ of B (two directions closer than ~1e-10 rad).
_ALIGN_RTOL = 1e-10


def _scaled(x, axes):
    """``x`` divided by its largest |entry| over ``axes`` (1 where that is 0): no overflow later."""
    top = np.abs(x).max(axis=axes, keepdims=True)
    return x / np.where(top > 0, top, 1.0)


def align_vectors(vectors_world, vectors_body, weights=None) -> np.ndarray:
    """The attitude ``q_r`` (body → world) that best maps measured body vectors onto known world ones.

    Wahba's problem (G. Wahba, SIAM Review 7, 409, 1965, posed without weights; with weights as
    it is usually posed since): find the rotation ``R`` minimising ``Σᵢ wᵢ |aᵢ − R bᵢ|²`` for
    pairs of the same physical direction known in the world
    (``aᵢ``, e.g. gravity and the Earth's magnetic field from a map) and measured in the body
    (``bᵢ``, e.g. by an accelerometer and a magnetometer). Solved by the SVD of the attitude
    profile matrix ``B = Σᵢ wᵢ aᵢ bᵢᵀ = U S Vᵀ`` (Kabsch, Acta Cryst. A32, 922, 1976;
    F. L. Markley, J. Astronaut. Sci. 36, 245, 1988)::

        R = U diag(1, 1, d) Vᵀ,   d = det U · det V  (= ±1: the sign correction that makes
                                                    R a rotation, never a reflection)

    The minimum is unique exactly when ``s₂ + d s₃ > 0`` (Markley 1988). For two pairs, or for
    data that a rotation fits, that means: the pairs with non-zero weight contain two
    non-parallel directions (in the world and in the body).

    Parameters
    ----------
    vectors_world : array_like, shape (..., N, 3)
        The known directions in the world frame, ``aᵢ``.
    vectors_body : array_like, shape (..., N, 3)
        The same directions measured in the body frame, ``bᵢ`` (noise allowed).
    weights : array_like, shape (..., N), optional
        ``wᵢ ≥ 0`` (default all 1). With raw (not normalised) vectors and isotropic
        measurement noise of standard deviation σᵢ, ``wᵢ = 1/σᵢ²`` gives the maximum-likelihood
        attitude. Multiplying all vectors or all weights by one positive number changes nothing.

    Returns
    -------
    ndarray, shape (..., 4)
        ``q_r`` (w, x, y, z), canonical (``w ≥ 0``), with ``to_matrix(q_r) = R``: ``aᵢ ≈ R bᵢ``.
        Equal to SciPy's ``Rotation.align_vectors(vectors_world, vectors_body, weights)[0]``
        (as a scalar-first quaternion).

    Raises
    ------
    ValueError
        Bad shapes, fewer than two pairs, negative weights, or data that do not fix a rotation
        (all directions with non-zero weight parallel, e.g. gravity alone: the turn about
        it stays free).
    """
    from . import quaternion as _q

    a = _v.array(vectors_world, "vectors_world", (3,))
    b = _v.array(vectors_body, "vectors_body", (3,))
    for name, x in (("vectors_world", a), ("vectors_body", b)):
        if x.ndim < 2:
            raise ValueError(f"{name} must have shape (..., N, 3), N ≥ 2 vectors; got shape {x.shape}")
    n = a.shape[-2]
    if b.shape[-2] != n:
        raise ValueError(f"vectors_world and vectors_body must hold the same number of vectors (one per "
                         f"pair); got {n} and {b.shape[-2]}")
    named = [("vectors_world", a, 2), ("vectors_body", b, 2)]
    if weights is None:
        w = np.ones(n)
    else:
        w = _v.array(weights, "weights")
        if w.ndim < 1 or w.shape[-1] != n:
            raise ValueError(f"weights must have shape (..., N) with N = {n}, one per pair of vectors; "
                             f"got shape {w.shape}")
        if np.any(w < 0):
            raise ValueError(f"weights must be >= 0; got {_v.describe(w[w < 0][0])} among them")
        named.append(("weights", w, 1))
    batch = _v.broadcast(*named)
    if n < 2:
        raise ValueError(f"vectors_world and vectors_body must hold at least two pairs of vectors (one "
                         f"direction leaves the turn about it free); got {n}")
    # The best rotation does not change when a, b or w is scaled by a positive number: scale each
    # to a largest entry of 1 so that B = Σ w a bᵀ never overflows or underflows.
    a, b, w = _scaled(a, (-2, -1)), _scaled(b, (-2, -1)), _scaled(w, -1)
    B = np.einsum("...n,...ni,...nj->...ij", w, a, b)
    B = np.broadcast_to(B, batch + (3, 3))
    U, sig, Vt = np.linalg.svd(B)
    d = np.sign(np.linalg.det(U) * np.linalg.det(Vt))
    d = np.where(d == 0, 1.0, d)
    unique = sig[..., 1] + d * sig[..., 2] > _ALIGN_RTOL * sig[..., 0]
    if not np.all(unique):
        where = "" if not batch else f" (at batch index {tuple(int(x) for x in np.unravel_index(np.argmin(unique), batch))})"
        names = "vectors_world, vectors_body and weights" if weights is not None else "vectors_world and vectors_body"
        raise ValueError(f"{names} do not fix a rotation{where}: the pairs with non-zero weight need two "
                         f"non-parallel directions (one direction, e.g. gravity alone, leaves the turn about "
                         f"it free)")
    U = U.copy()
    U[..., :, 2] *= d[..., None]
    return _q.from_matrix(U @ Vt)


def orthonormalize(R) -> np.ndarray:
    """Nearest rotation matrix (in the Frobenius norm) to ``R``: the orthogonal polar factor.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
        A matrix that should be a rotation but has drifted (e.g. a DCM integrated with
        RK4 as in 「回転運動のシミュレーション」 (2019), whose column-wise normalisation does not keep it orthogonal).

    Returns
    -------
    ndarray, shape (..., 3, 3)
        With the SVD ``R = U Σ Vᵀ``: ``U Vᵀ``, which has ``QᵀQ = 1`` and ``det Q = +1``.
        Idempotent on rotations; unchanged by scaling ``R`` by a positive number.

    Raises
    ------
    ValueError
        ``R`` of the wrong shape or not finite; ``R`` (nearly) singular, e.g. the zero matrix
        (smallest singular value ≤ 1e-12 of the largest: no unique nearest rotation); or
        ``det R < 0``: a reflection is not a drifted rotation (its nearest rotation flips the
        axis of the smallest singular value, a jump, not a repair).
    """
    R = _v.matrix3(R, "R")
    if R.size == 0:
        return R.copy()
    scale = np.abs(R).max(axis=(-2, -1), keepdims=True)
    if np.all((scale > 1e-100) & (scale < 1e100)):
        U, sig, Vt = np.linalg.svd(R)
    else:                                       # scale first: the SVD would over- or underflow
        U, sig, Vt = np.linalg.svd(R / np.where(scale > 0, scale, 1.0))
    singular = sig[..., 2] <= _SINGULAR_RTOL * sig[..., 0]
    if np.any(singular):
        where = "" if R.ndim == 2 else f" at R[{', '.join(map(str, np.unravel_index(np.argmax(singular), singular.shape)))}]"
        raise ValueError(f"R is singular (rank < 3, e.g. the zero matrix): it has no unique nearest rotation{where}")
    det = np.linalg.det(U) * np.linalg.det(Vt)
    if np.any(det < 0):
        where = "" if R.ndim == 2 else f" at R[{', '.join(map(str, np.unravel_index(np.argmax(det < 0), det.shape)))}]"
        raise ValueError(f"R must have det R > 0 (a drifted rotation); got det R < 0, a reflection{where}")
    return U @ Vt


def _polar(R):
    """:func:`orthonormalize` without the argument checks (for integrators, once per step)."""
    U, _, Vt = np.linalg.svd(R)
    d = np.sign(np.linalg.det(U @ Vt))
    d = np.where(d == 0, 1.0, d)
    U = U.copy()
    U[..., :, 2] *= d[..., None]
    return U @ Vt
