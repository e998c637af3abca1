"""Collisions: the impulse of a contact, with restitution and Coulomb friction.

The forces-and-impulses article (§3 力の適用) applies an impulse ``J`` at a point ``p`` of a body:
``v += J/m`` and ``L += r × J`` with ``r = p − x``, then ``ω = I_world⁻¹ L``. It never says how
large the impulse of a collision is. This module answers that, for one body against a fixed wall
or floor and for two bodies, as game-physics engines and Baraff's rigid-body notes do.

Conventions (world frame throughout):

* the contact normal ``n`` (unit; any non-zero vector is normalised) points from body B (or the
  wall) towards body A; A receives ``+J`` at the contact point, B receives ``−J``;
* ``r_a = p − x_a`` and ``r_b = p − x_b`` are the lever arms from the centres of mass to the
  contact point ``p``;
* the relative velocity of the contact points is ``v_rel = (v_a + ω_a × r_a) − (v_b + ω_b × r_b)``
  (``v_b = ω_b = 0`` for a wall); the bodies approach when ``v_rel⁻·n < 0``.

**The collision matrix.** An impulse ``J`` on A at ``p`` changes the velocity of A's point ``p`` by
``ΔJ/m_a + (I_a⁻¹ (r_a × J)) × r_a = K_a J`` with

    K_a = (1/m_a) 𝟙 − [r_a]× I_a⁻¹ [r_a]×        ([r]× v = r × v; I_a⁻¹ the world-frame inverse),

and ``−J`` on B changes ``v_rel`` by ``K_b J`` as well, so ``Δv_rel = K J`` with ``K = K_a + K_b``
(:func:`collision_matrix`; ``K_b = 0`` for a wall). ``K`` is symmetric positive definite.

**Frictionless contact** (:func:`normal_impulse`). ``J = j n`` and Newton's law of restitution
``v_rel⁺·n = −e v_rel⁻·n`` give ``v_rel⁻·n + j n·K n = −e v_rel⁻·n``:

    j = −(1 + e) v_rel⁻·n / (1/m_a + 1/m_b + n·((I_a⁻¹(r_a × n)) × r_a + (I_b⁻¹(r_b × n)) × r_b)),

the denominator being ``n·K n = 1/m_eff``. Linear momentum and angular momentum (about any fixed
point) are conserved exactly, and the kinetic energy changes by
``ΔT = ½ J·(v_rel⁻ + v_rel⁺) = −½ (1 − e²) m_eff (v_rel⁻·n)²``: kept for ``e = 1``, lost otherwise.

**Coulomb friction** (:func:`contact_impulse`). The impulse that stops the slip and gives the
normal bounce is ``J_stick = K⁻¹ (−(1 + e)(v_rel⁻·n) n − v_t⁻)`` (``v_t⁻`` the tangential part of
``v_rel⁻``). If it lies inside the friction cone, ``|J_t| ≤ μ J·n``, the contact **sticks** and
``J = J_stick`` (tangential relative velocity zero after). Otherwise it **slides**: the tangential
impulse is clipped to the cone, ``J = j (n + μ ŝ)`` with ``ŝ`` the direction of ``J_stick``'s
tangential part, and ``j`` again from the restitution law
``j = −(1 + e) v_rel⁻·n / (n·K (n + μ ŝ))``. The two branches agree on the cone's surface. When
``K`` does not couple normal and tangential directions and is the same in every tangential
direction (a ball: ``r ∥ n``, equal moments) ``ŝ`` is minus the direction of slip. This one-step
model (Newton's restitution plus a Coulomb impulse) is of the kind rigid-body engines use (they
differ in how they pick ``ŝ`` and ``j``). Coulomb's law proper acts at each instant of the impact
against the current slip; following it through the impact (Routh's method in the plane) gives
the same impulse for a ball, for a contact whose slip stops and stays stopped (the impulse is
then ``J_stick``), and for a planar contact that starts without slip, but not where the slip
reverses part-way, nor in general in 3-D, where the slip can change direction during the impact.
With friction and a contact that couples normal and tangential directions, Newton's law can *gain*
energy (Kane's paradox), sticking or sliding: for the rod of notebook 10 only for ``e`` near 1, for
some contacts turned in 3-D at ``e`` = 0.4 (sticking) or 0.6 (sliding). Poisson's restitution (of
the normal impulse) avoids it for planar contacts (Wang and Mason, J. Appl. Mech. 59, 1992) and
Stronge's energetic restitution always (Stronge, *Impact Mechanics*, 2000). This module implements
Newton's law only. A sticking contact with ``e = 0`` always loses ``½ v_rel⁻·K⁻¹ v_rel⁻``.

Every function is pure numpy and broadcasts over leading axes; bad input raises ``ValueError``
naming the argument. A contact that is not approaching (``v_rel⁻·n ≥ 0``: separating or resting)
gets **zero impulse**, not an error, so a batch may mix approaching and separating contacts.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from . import _validate as _v
from . import inertia as _inertia
from . import quaternion as _q

__all__ = ["ContactImpulse", "inverse_inertia_world", "point_velocity", "relative_velocity",
           "collision_matrix", "normal_impulse", "contact_impulse", "energy_change", "collide"]


class ContactImpulse(NamedTuple):
    """The result of :func:`contact_impulse` (arrays broadcast over the leading axes).

    ``J`` (..., 3): the impulse on body A (B gets ``−J``); ``normal`` (...): ``j_n = J·n``;
    ``tangential`` (..., 3): ``J − j_n n``; ``sticking`` (...): True where the contact sticks
    (False where it slides, and where it is not approaching and ``J = 0``).
    """

    J: np.ndarray
    normal: np.ndarray
    tangential: np.ndarray
    sticking: np.ndarray


# --------------------------------------------------------------------------- checks
def _unit_normal(normal, name="normal") -> np.ndarray:
    n = _v.vector3(normal, name)
    big = np.abs(n).max(axis=-1, keepdims=True)
    if np.any(big == 0.0):
        raise ValueError(f"{name} must be a non-zero vector (the contact normal has a direction)")
    n = n / big                                  # largest component ±1: no overflow or underflow
    return n / np.linalg.norm(n, axis=-1, keepdims=True)


def _masses(mass, name) -> np.ndarray:
    m = _v.array(mass, name)
    if np.any(m <= 0):
        raise ValueError(f"{name} must be > 0 (a mass), got {float(m.ravel()[np.argmax(m.ravel() <= 0)])!r}")
    return m


def _restitution(e, name="e") -> np.ndarray:
    a = _v.array(e, name)
    if np.any((a < 0) | (a > 1)):
        bad = float(a.ravel()[np.argmax(((a < 0) | (a > 1)).ravel())])
        raise ValueError(f"{name} must be a coefficient of restitution between 0 and 1, got {bad!r}")
    return a


def _friction(mu, name="mu") -> np.ndarray:
    a = _v.array(mu, name)
    if np.any(a < 0):
        raise ValueError(f"{name} must be a friction coefficient >= 0, got {float(a.ravel()[np.argmax(a.ravel() < 0)])!r}")
    return a


def _inverse_tensor(inv_inertia, name) -> np.ndarray:
    """A world-frame inverse inertia tensor: symmetric, positive definite, and the inverse of a
    physical tensor (its inverse obeys the triangle inequality)."""
    A = _v.matrix3(inv_inertia, name)
    if A.size == 0:
        return A
    scale = np.abs(A).max(axis=(-1, -2))
    if np.any(np.abs(A - np.swapaxes(A, -1, -2)).max(axis=(-1, -2)) > 1e-10 * scale):
        raise ValueError(f"{name} must be symmetric (the inverse of an inertia tensor is)")
    A = 0.5 * A + 0.5 * np.swapaxes(A, -1, -2)
    lam = np.linalg.eigvalsh(A)
    if np.any(lam[..., 0] <= 1e-12 * lam[..., -1]) or np.any(lam[..., -1] <= 0):
        raise ValueError(f"{name} must be positive definite (the inverse of an inertia tensor "
                         "with no zero moment)")
    if np.any(lam[..., 0] < np.finfo(float).tiny):
        raise ValueError(f"{name} has an eigenvalue {float(np.min(lam[..., 0])):.3g} below 2.2e-308 (a subnormal "
                         "float): its moment 1/eigenvalue is beyond the float range")
    moments = 1.0 / lam                       # principal moments, descending
    if np.any(moments[..., 1] + moments[..., 2] < moments[..., 0] * (1.0 - 1e-9)):
        raise ValueError(f"{name} is not the inverse of a physical inertia tensor: its moments "
                         "1/eigenvalue break the triangle inequality I1 + I2 >= I3")
    return A


def inverse_inertia_world(inertia_body, q_r) -> np.ndarray:
    """World-frame inverse inertia ``I_world⁻¹ = R I_body⁻¹ Rᵀ``, ``R = to_matrix(q_r)``.

    The forces-and-impulses article, §2 座標系 and §3 力の適用 (``ω = I_world⁻¹ L``).
    ``inertia_body`` (..., 3, 3) is checked by :func:`rbteach.inertia.validate` (no zero moment);
    ``q_r`` (..., 4) is the body → world attitude (normalised). Returns (..., 3, 3).
    """
    I = _inertia.validate(inertia_body, "inertia_body", allow_zero=False)
    q = _v.quaternion(q_r, "q_r")
    _v.broadcast(("inertia_body", I, 2), ("q_r", q, 1))
    R = _q.to_matrix(q)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        out = R @ np.linalg.inv(I) @ np.swapaxes(R, -1, -2)
    return _v.finite_result(0.5 * out + 0.5 * np.swapaxes(out, -1, -2), "inertia_body", "I_world⁻¹")


def point_velocity(v, omega, r) -> np.ndarray:
    """Velocity of the body point at lever arm ``r`` from the centre of mass: ``v + ω × r`` (..., 3)."""
    return _point_velocity(v, omega, r, ("v", "omega", "r"))


def _point_velocity(v, omega, r, names) -> np.ndarray:
    v = _v.vector3(v, names[0])
    w = _v.vector3(omega, names[1])
    r = _v.vector3(r, names[2])
    _v.broadcast((names[0], v, 1), (names[1], w, 1), (names[2], r, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        return _v.finite_result(v + np.cross(w, r), names, "v + ω × r")


def relative_velocity(v_a, omega_a, r_a, v_b=None, omega_b=None, r_b=None) -> np.ndarray:
    """``v_rel = (v_a + ω_a × r_a) − (v_b + ω_b × r_b)`` (B omitted: a fixed wall, ``v_b = ω_b = 0``)."""
    out = _point_velocity(v_a, omega_a, r_a, ("v_a", "omega_a", "r_a"))
    if v_b is None and omega_b is None and r_b is None:
        return out
    if v_b is None or omega_b is None or r_b is None:
        raise ValueError("v_b, omega_b and r_b must be given together (or all omitted for a fixed wall)")
    b = _point_velocity(v_b, omega_b, r_b, ("v_b", "omega_b", "r_b"))
    _v.broadcast(("v_a", out, 1), ("v_b", b, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        return _v.finite_result(out - b, ("v_a", "omega_a", "r_a", "v_b", "omega_b", "r_b"), "v_rel")


def _k_one(m, A, r):
    """``(1/m) 𝟙 − [r]× A [r]×`` for one body (A = I⁻¹)."""
    S = np.zeros(r.shape[:-1] + (3, 3))
    S[..., 0, 1], S[..., 0, 2] = -r[..., 2], r[..., 1]
    S[..., 1, 0], S[..., 1, 2] = r[..., 2], -r[..., 0]
    S[..., 2, 0], S[..., 2, 1] = -r[..., 1], r[..., 0]
    return np.asarray(1.0 / m)[..., None, None] * np.eye(3) - S @ A @ S


def collision_matrix(mass_a, inv_inertia_a, r_a, mass_b=None, inv_inertia_b=None, r_b=None) -> np.ndarray:
    """The collision matrix ``K`` (..., 3, 3) with ``Δv_rel = K J`` for an impulse ``J`` on A (``−J`` on B).

    ``K = (1/m_a) 𝟙 − [r_a]× I_a⁻¹ [r_a]× + (1/m_b) 𝟙 − [r_b]× I_b⁻¹ [r_b]×`` (the B terms left out for
    a fixed wall). It extends the forces-and-impulses article's §3.3 (``v += J/m``, ``L += r × J``,
    ``ω = I_world⁻¹ L``) to the velocity of the struck point: ``Δ(v + ω × r) = J/m + (I⁻¹(r × J)) × r``.
    ``n·K n`` is the denominator of the impulse formula.

    Parameters
    ----------
    mass_a, mass_b : float or array_like (...)
        Masses (> 0).
    inv_inertia_a, inv_inertia_b : array_like, shape (..., 3, 3)
        World-frame inverse inertia tensors ``I_world⁻¹`` (:func:`inverse_inertia_world`):
        symmetric, positive definite, the inverse of a physical tensor.
    r_a, r_b : array_like, shape (..., 3)
        Lever arms from each centre of mass to the contact point.
    """
    m_a = _masses(mass_a, "mass_a")
    A_a = _inverse_tensor(inv_inertia_a, "inv_inertia_a")
    ra = _v.vector3(r_a, "r_a")
    named = [("mass_a", m_a, 0), ("inv_inertia_a", A_a, 2), ("r_a", ra, 1)]
    given = [x is not None for x in (mass_b, inv_inertia_b, r_b)]
    if any(given) and not all(given):
        raise ValueError("mass_b, inv_inertia_b and r_b must be given together (or all omitted for a fixed wall)")
    if all(given):
        m_b = _masses(mass_b, "mass_b")
        A_b = _inverse_tensor(inv_inertia_b, "inv_inertia_b")
        rb = _v.vector3(r_b, "r_b")
        named += [("mass_b", m_b, 0), ("inv_inertia_b", A_b, 2), ("r_b", rb, 1)]
    _v.broadcast(*named)
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        K = _k_one(m_a, A_a, ra)
        if all(given):
            K = K + _k_one(m_b, A_b, rb)
    return _v.finite_result(K, tuple(name for name, _, _ in named), "the collision matrix")


def _collision_matrix_arg(K) -> np.ndarray:
    """The one check of a collision matrix ``K`` (..., 3, 3), for every function that takes one: finite,
    symmetric (to 1e-10 of its largest entry) and positive definite (its smallest eigenvalue > 0), as
    :func:`collision_matrix` makes it. Returns ``K`` as given (not symmetrised: the same bits)."""
    K = _v.matrix3(K, "K")
    with np.errstate(over="ignore", invalid="ignore"):
        asym = np.abs(K - np.swapaxes(K, -1, -2)).max(axis=(-1, -2)) if K.size else 0.0
        sym = 0.5 * K + 0.5 * np.swapaxes(K, -1, -2)
    if K.size and not np.all(np.isfinite(asym) & np.isfinite(sym).all(axis=(-1, -2))):
        raise ValueError("K is too large: its entries overflow the float range (a collision matrix is about 1/mass)")
    if K.size and np.any(asym > 1e-10 * np.abs(K).max(axis=(-1, -2))):
        raise ValueError("K must be symmetric (a collision matrix from collision_matrix)")
    if K.size and np.any(np.linalg.eigvalsh(sym)[..., 0] <= 0):
        raise ValueError("K must be positive definite (a collision matrix from collision_matrix)")
    return K


def _collision_args(v_rel, normal, K, e):
    v = _v.vector3(v_rel, "v_rel")
    n = _unit_normal(normal)
    K = _collision_matrix_arg(K)
    e = _restitution(e)
    _v.broadcast(("v_rel", v, 1), ("normal", n, 1), ("K", K, 2), ("e", e, 0))
    return v, n, K, e


def _dot(a, b):
    return np.einsum("...i,...i->...", a, b)


def _matvec(K, x):
    return np.einsum("...ij,...j->...i", K, x)


def normal_impulse(v_rel, normal, K, e) -> np.ndarray:
    """Size ``j`` (...) of the frictionless contact impulse ``J = j n``.

    ``j = −(1 + e) v_rel⁻·n / (n·K n)``, from ``v_rel⁺·n = −e v_rel⁻·n`` and ``Δv_rel = K J``
    (module docstring); with :func:`collision_matrix`'s ``K`` the denominator is
    ``1/m_a + 1/m_b + n·((I_a⁻¹(r_a × n)) × r_a + (I_b⁻¹(r_b × n)) × r_b)``. Zero where the
    contact is not approaching (``v_rel⁻·n ≥ 0``).

    Parameters
    ----------
    v_rel : array_like (..., 3)
        Relative velocity of the contact points before (:func:`relative_velocity`).
    normal : array_like (..., 3)
        Contact normal from B (or the wall) towards A; non-zero, normalised here.
    K : array_like (..., 3, 3)
        :func:`collision_matrix`.
    e : float or array_like (...)
        Coefficient of restitution, 0 ≤ e ≤ 1.
    """
    v, n, K, e = _collision_args(v_rel, normal, K, e)
    vn = _dot(v, n)
    with np.errstate(over="ignore", invalid="ignore"):
        j = np.where(vn < 0, -(1.0 + e) * vn / _dot(n, _matvec(K, n)), 0.0)
    return _v.finite_result(j, ("v_rel", "K"), "the normal impulse")


def contact_impulse(v_rel, normal, K, e, mu=0.0) -> ContactImpulse:
    """The contact impulse with restitution ``e`` and Coulomb friction ``μ`` (module docstring).

    Stick: ``J = K⁻¹(−(1 + e)(v_rel⁻·n) n − v_t⁻)`` when ``|J_t| ≤ μ J·n`` (then ``v_rel⁺ =
    −e (v_rel⁻·n) n``: no slip after). Slide otherwise: ``J = j (n + μ ŝ)``, ``ŝ`` the direction of
    the sticking impulse's tangential part, ``j = −(1 + e) v_rel⁻·n / (n·K (n + μ ŝ))``: the
    tangential impulse is on the cone, ``|J_t| = μ j``, and still ``v_rel⁺·n = −e v_rel⁻·n``.
    ``μ = 0`` gives :func:`normal_impulse`'s ``j n``. Not approaching (``v_rel⁻·n ≥ 0``): ``J = 0``.

    Arguments as :func:`normal_impulse`, plus ``mu`` (...) ≥ 0. Raises ValueError if friction
    would make the normal impulse pull (``n·K (n + μ ŝ) ≤ 0``, possible only for extreme
    lever arms and μ): Coulomb's law has no impulsive answer there.

    Returns
    -------
    ContactImpulse
        ``(J, normal, tangential, sticking)``.
    """
    v, n, K, e = _collision_args(v_rel, normal, K, e)
    mu = _friction(mu)
    shape = _v.broadcast(("v_rel", v, 1), ("normal", n, 1), ("K", K, 2), ("e", e, 0), ("mu", mu, 0))
    vn = _dot(v, n)
    approach = vn < 0
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        target = -(1.0 + e)[..., None] * vn[..., None] * n - (v - vn[..., None] * n)   # Δv_rel that sticks
        Js = np.linalg.solve(np.broadcast_to(K, shape + (3, 3)), np.broadcast_to(target, shape + (3,))[..., None])[..., 0]
        Js_n = _dot(Js, n)
        Js_t = Js - Js_n[..., None] * n
        size_t = np.linalg.norm(Js_t, axis=-1)
        stick = approach & (Js_n > 0) & (size_t <= mu * Js_n * (1 + 1e-12) + 1e-300)
        s_hat = np.where((size_t > 0)[..., None], Js_t / np.where(size_t > 0, size_t, 1.0)[..., None], 0.0)
        d = n + mu[..., None] * s_hat
        denom = _dot(n, _matvec(K, d))
    slide = approach & ~stick
    if np.any(slide & ~(denom > 0)):
        raise ValueError("mu too large for this contact: friction would make the normal impulse pull "
                         "(n·K(n + μ ŝ) <= 0), and Coulomb's law has no impulsive answer")
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        j = np.where(slide, -(1.0 + e) * vn / np.where(slide, denom, 1.0), 0.0)
        J = np.where(stick[..., None], Js, j[..., None] * d)
        J = np.where(approach[..., None], J, 0.0)
    J = _v.finite_result(J, ("v_rel", "K"), "the contact impulse")
    jn = _dot(J, n)
    return ContactImpulse(J, jn, J - jn[..., None] * n, stick)


def energy_change(v_rel, K, J) -> np.ndarray:
    """Kinetic energy gained by the two bodies (or one against a wall) from the impulse ``J``:
    ``ΔT = J·v_rel⁻ + ½ J·K J = ½ J·(v_rel⁻ + v_rel⁺)`` (negative: lost).

    Notebook 04's ``ΔT = ½ J·(v_p⁻ + v_p⁺)`` for one body, summed over A (``+J``) and B (``−J``).
    For a frictionless contact this is ``−½ (1 − e²) (v_rel⁻·n)² / (n·K n)``. ``K`` is checked as
    :func:`normal_impulse` checks it (symmetric, positive definite), else ValueError.
    """
    v = _v.vector3(v_rel, "v_rel")
    K = _collision_matrix_arg(K)
    J = _v.vector3(J, "J")
    _v.broadcast(("v_rel", v, 1), ("K", K, 2), ("J", J, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        dT = _dot(J, v) + 0.5 * _dot(J, _matvec(K, J))
    return _v.finite_result(dT, ("v_rel", "K", "J"), "the energy change")


def collide(body_a, point, normal, *, e, mu=0.0, body_b=None) -> ContactImpulse:
    """Apply the contact impulse between :class:`rbteach.body.RigidBody` ``body_a`` and ``body_b``
    (or a fixed wall/floor if ``body_b`` is None) touching at the world ``point``.

    ``normal`` points from B (or the wall) towards A. Reads ``r = point − x``, ``v``, ``ω`` and
    ``I_world⁻¹ = R I⁻¹ Rᵀ`` from the bodies, computes :func:`contact_impulse`, then applies ``+J``
    to A and ``−J`` to B at ``point`` with ``RigidBody.apply_impulse`` (the forces-and-impulses
    article, §3.3: ``v += J/m``, ``L += r × J``). Returns the :class:`ContactImpulse`; a contact
    that is not approaching changes nothing.
    """
    from .body import RigidBody

    for name, body in (("body_a", body_a), ("body_b", body_b)):
        if not (isinstance(body, RigidBody) or (name == "body_b" and body is None)):
            raise ValueError(f"{name} must be a rbteach.body.RigidBody"
                             f"{' (or None for a fixed wall)' if name == 'body_b' else ''}, got {type(body).__name__}")
    p = _v.vector3(point, "point", allow_batch=False)
    n = _unit_normal(normal)
    if n.shape != (3,):
        raise ValueError(f"normal must have shape (3,) for collide, got shape {n.shape}")
    e = float(_restitution(_v.finite_scalar(e, "e")))
    mu = float(_friction(_v.finite_scalar(mu, "mu")))

    def parts(body):
        r = p - body.position
        A = inverse_inertia_world(body.inertia_body, body.orientation)
        return body.mass, A, r, body.velocity, body.angular_velocity

    m_a, A_a, r_a, v_a, w_a = parts(body_a)
    try:
        if body_b is None:
            K = collision_matrix(m_a, A_a, r_a)
            v_rel = relative_velocity(v_a, w_a, r_a)
        else:
            m_b, A_b, r_b, v_b, w_b = parts(body_b)
            K = collision_matrix(m_a, A_a, r_a, m_b, A_b, r_b)
            v_rel = relative_velocity(v_a, w_a, r_a, v_b, w_b, r_b)
    except ValueError as exc:               # the lever arms come from `point`: say so
        raise ValueError(f"point is too far from the bodies' centres of mass for a collision: {exc}") from None
    out = contact_impulse(v_rel, n, K, e, mu)
    if np.any(out.J != 0):
        body_a.apply_impulse(out.J, point=p)
        if body_b is not None:
            body_b.apply_impulse(-out.J, point=p)
    return out
