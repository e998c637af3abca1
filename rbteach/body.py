"""A rigid body driven by forces and impulses (the forces-and-impulses article, §2–5), with L as the state.

Frames (the forces-and-impulses article, §2 座標系): principal axes → body (``q_o``) → world
(``q_r``), ``q = q_r ⊗ q_o``.

* Translation (§3.1): ``v += F/m Δt`` (force) or ``v += J/m`` (impulse).
* Rotation (§3.2): ``L += τ Δt`` (torque) or ``L += H`` (angular impulse); at a point ``p``
  (§3.3), with ``r = p − x``: ``τ = r × F`` and ``H = r × J``.
* Update (§4): ``x += v Δt``; ``q_r ← normalise(q_r + ½ (0, ω_world) ⊗ q_r Δt)``; then
  ``ω_world = I_world⁻¹ L`` for the new attitude.

Two equivalent ways to get ω from L (and back), both here as pure, vectorised functions:

* matrix form (§3): ``ω = I_world⁻¹ L`` with ``I_world = R I Rᵀ``, ``R = to_matrix(q_r)``
  (:func:`omega_from_L_matrix`, :func:`L_from_omega_matrix`);
* principal-axis form (§5): ``ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))``, ``L = q ⋄ (I_d ⊙ (q⁻¹ ⋄ ω))``
  with ``q = q_r ⊗ q_o`` (:func:`omega_from_L_principal`, :func:`L_from_omega_principal`).

**The fix to the article.** The forces-and-impulses article stores ω and recomputes
``L_t = I_world ω_t`` whenever a torque is applied, so ``ω_{t+1} = ω_t + I_world⁻¹ τ Δt``: with no
torque ω never changes, the gyroscopic term ``−I⁻¹(ω × I ω)`` is lost, and a free asymmetric body's
L is not conserved. :class:`RigidBody` stores ``L`` (world) instead, which a free body keeps
exactly, and derives ω from it after every attitude update (as in Baraff's rigid-body notes). For
notebook 06's lesson the article's scheme is still available, clearly labelled:
``RigidBody(..., state="omega")``.

The update is explicit Euler with renormalisation: first order in Δt, and the energy drifts
(see :mod:`rbteach.dynamics` for better integrators of the free body).
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v
from . import inertia as _inertia
from . import quaternion as _q

__all__ = [
    "RigidBody", "STATES",
    "omega_from_L_matrix", "L_from_omega_matrix",
    "omega_from_L_principal", "L_from_omega_principal",
]

#: The two state variables :class:`RigidBody` can keep for the rotation:
#: ``"angular_momentum"`` (correct, the default) and ``"omega"`` (the article's ω-as-state, buggy).
STATES = ("angular_momentum", "omega")


# --------------------------------------------------------------------------- ω ↔ L, two forms
def _body_tensor(inertia_body, name="inertia_body") -> np.ndarray:
    return _inertia.validate(inertia_body, name, allow_zero=False)


def _moments(moments, name="moments") -> np.ndarray:
    """Principal moments (..., 3): all > 0 and the triangle inequality (as in rbteach.inertia.validate)."""
    I = _v.vector3(moments, name)
    bad = ~np.all(I > 0, axis=-1)
    if np.any(bad):
        row = I if I.ndim == 1 else I[np.unravel_index(np.argmax(bad), bad.shape)]
        raise ValueError(f"{name} must be positive principal moments (they are inverted); got {row.tolist()}")
    s = np.sort(I, axis=-1)
    bad = 0.5 * s[..., 0] + 0.5 * s[..., 1] < 0.5 * s[..., 2] * (1.0 - 1e-9)     # halves: no overflow
    if np.any(bad):
        row = s if s.ndim == 1 else s[np.unravel_index(np.argmax(bad), bad.shape)]
        raise ValueError(f"{name} violate the triangle inequality I1 + I2 >= I3: {row[0]:.6g} + {row[1]:.6g} < "
                         f"{row[2]:.6g}; no mass distribution has these moments")
    return I


def _omega_from_L_matrix(I, q_r, L):
    R = _q._matrix(_q._unit(q_r))
    I_world = R @ I @ np.swapaxes(R, -1, -2)
    I_world, L = np.broadcast_arrays(I_world, L[..., None])
    return np.linalg.solve(I_world, L)[..., 0]


def _L_from_omega_matrix(I, q_r, w):
    R = _q._matrix(_q._unit(q_r))
    return np.einsum("...ij,...j->...i", R @ I @ np.swapaxes(R, -1, -2), w)


def _principal_matrix(q_o, q_r):
    """``M = to_matrix(q_r ⊗ q_o)`` (principal axes → world)."""
    return _q._matrix(_q._unit(_q._mul(_q._unit(q_r), _q._unit(q_o))))


def _omega_from_L_principal(I_d, q_o, q_r, L, M=None):
    M = _principal_matrix(q_o, q_r) if M is None else M   # q ⋄ v = M v and q⁻¹ ⋄ v = Mᵀ v (one matrix, two rotations)
    return np.einsum("...ij,...j->...i", M, np.einsum("...ji,...j->...i", M, L) / I_d)


def _L_from_omega_principal(I_d, q_o, q_r, w, M=None):
    M = _principal_matrix(q_o, q_r) if M is None else M
    return np.einsum("...ij,...j->...i", M, I_d * np.einsum("...ji,...j->...i", M, w))


def _checked(fn, names, what, *args):
    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        out = fn(*args)
    return _v.finite_result(out, names, what)


def omega_from_L_matrix(inertia_body, q_r, L_world) -> np.ndarray:
    """World angular velocity from world angular momentum, matrix form (the forces-and-impulses article, §3 力の適用).

    ``ω_world = I_world⁻¹ L_world`` with ``I_world = R I_body Rᵀ`` and ``R = to_matrix(q_r)``.

    Parameters
    ----------
    inertia_body : array_like, shape (..., 3, 3)
        Body-frame inertia tensor (validated; no zero moment).
    q_r : array_like, shape (..., 4)
        Attitude body → world (w, x, y, z); normalised.
    L_world : array_like, shape (..., 3)
        Angular momentum in the world frame.

    The leading axes of the three arguments broadcast.

    Returns
    -------
    ndarray, shape (..., 3)
    """
    I = _body_tensor(inertia_body)
    q = _v.quaternion(q_r, "q_r")
    L = _v.vector3(L_world, "L_world")
    _v.broadcast(("inertia_body", I, 2), ("q_r", q, 1), ("L_world", L, 1))
    return _checked(_omega_from_L_matrix, ("inertia_body", "L_world"), "I_world⁻¹ L", I, q, L)


def L_from_omega_matrix(inertia_body, q_r, omega_world) -> np.ndarray:
    """World angular momentum ``L = I_world ω_world``, ``I_world = R I_body Rᵀ`` (the article's §2–3).

    Shapes as in :func:`omega_from_L_matrix`; returns (..., 3).
    """
    I = _body_tensor(inertia_body)
    q = _v.quaternion(q_r, "q_r")
    w = _v.vector3(omega_world, "omega_world")
    _v.broadcast(("inertia_body", I, 2), ("q_r", q, 1), ("omega_world", w, 1))
    return _checked(_L_from_omega_matrix, ("inertia_body", "omega_world"), "I_world ω", I, q, w)


def omega_from_L_principal(moments, q_o, q_r, L_world) -> np.ndarray:
    """World angular velocity from world angular momentum, principal-axis form (the forces-and-impulses article, §5).

    ``ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))`` with ``q = q_r ⊗ q_o`` (principal axes → world).
    The two rotations ``q⁻¹ ⋄`` and ``q ⋄`` are applied as ``Mᵀ`` and ``M = to_matrix(q)``
    (the same active rotation, built once). Only the three moments are inverted — no 3×3 solve.

    Parameters
    ----------
    moments : array_like, shape (..., 3)
        Principal moments ``I_d``: all > 0 and obeying the triangle inequality
        ``I1 + I2 >= I3`` (as :func:`rbteach.inertia.validate` requires).
    q_o : array_like, shape (..., 4)
        Principal axes → body.
    q_r : array_like, shape (..., 4)
        Body → world.
    L_world : array_like, shape (..., 3)

    The leading axes of the four arguments broadcast.

    Returns
    -------
    ndarray, shape (..., 3)
    """
    I_d = _moments(moments)
    qo = _v.quaternion(q_o, "q_o")
    qr = _v.quaternion(q_r, "q_r")
    L = _v.vector3(L_world, "L_world")
    _v.broadcast(("moments", I_d, 1), ("q_o", qo, 1), ("q_r", qr, 1), ("L_world", L, 1))
    return _checked(_omega_from_L_principal, ("moments", "L_world"), "I_d⁻¹ ⊙ L", I_d, qo, qr, L)


def L_from_omega_principal(moments, q_o, q_r, omega_world) -> np.ndarray:
    """World angular momentum ``L = q ⋄ (I_d ⊙ (q⁻¹ ⋄ ω))``, ``q = q_r ⊗ q_o`` (the forces-and-impulses article, §5).

    Shapes as in :func:`omega_from_L_principal`; returns (..., 3).
    """
    I_d = _moments(moments)
    qo = _v.quaternion(q_o, "q_o")
    qr = _v.quaternion(q_r, "q_r")
    w = _v.vector3(omega_world, "omega_world")
    _v.broadcast(("moments", I_d, 1), ("q_o", qo, 1), ("q_r", qr, 1), ("omega_world", w, 1))
    return _checked(_L_from_omega_principal, ("moments", "omega_world"), "I_d ⊙ ω", I_d, qo, qr, w)


# --------------------------------------------------------------------------- the body
def _vec(x, name) -> np.ndarray:
    if x is None:
        return np.zeros(3)
    return _v.vector3(x, name, allow_batch=False).copy()


class RigidBody:
    """A rigid body under forces, torques and impulses (the forces-and-impulses article, §2–5), with ``L`` as the state.

    Parameters
    ----------
    mass : float
        Mass ``m > 0``.
    inertia : array_like, shape (3, 3) or (3,)
        Inertia about the centre of mass, in the body frame: a full tensor (products of inertia
        with their minus sign), or principal moments (then the body axes *are* the principal
        axes: ``q_o`` is the identity and the moments keep the given order). A tensor is
        diagonalised with :func:`rbteach.inertia.principal_axes` (moments ascending,
        ``det O = +1``) and ``q_o = from_matrix(O)``. No moment may be zero (it is inverted).
    position, velocity : array_like, shape (3,), optional
        Centre of mass ``x`` and its velocity ``v`` (world); default 0.
    orientation : array_like, shape (4,), optional
        Attitude ``q_r`` body → world (w, x, y, z); normalised; default identity.
    angular_velocity : array_like, shape (3,), optional
        ``ω_world``; default 0. Stored as ``L = I_world ω``.
    state : {"angular_momentum", "omega"}, keyword-only
        ``"angular_momentum"`` (default, correct): ``L`` is the state, constant unless a torque
        or angular impulse acts. ``"omega"``: **the article's buggy scheme, for teaching only** — ω
        is the state, ``L = I_world ω`` is recomputed when a torque acts and ω is unchanged by
        :meth:`step`, so a free asymmetric body keeps a constant ω and its ``L`` drifts.

    Notes
    -----
    All properties return copies: changing them does not change the body.
    ``angular_velocity`` uses the principal-axis form (§5); :func:`omega_from_L_matrix` with
    ``inertia_body``, ``orientation`` and ``angular_momentum`` gives the matrix form (§3).

    Examples
    --------
    >>> body = RigidBody(2.0, (1.0, 2.0, 3.0))
    >>> body.apply_impulse((0.0, 1.0, 0.0), point=(1.0, 0.0, 0.0))   # H = r × J = (0, 0, 1)
    >>> body.angular_momentum.tolist(), body.angular_velocity.tolist()
    ([0.0, 0.0, 1.0], [0.0, 0.0, 0.3333333333333333])
    """

    def __init__(self, mass, inertia, *, position=None, velocity=None, orientation=None,
                 angular_velocity=None, state="angular_momentum"):
        self._state = _v.choice(state, "state", STATES)
        self._mass = _v.positive(mass, "mass")
        a = _v.array(inertia, "inertia")
        if a.shape == (3,):
            self._inertia_body = _inertia.validate(np.diag(a), "inertia", allow_zero=False)
            self._moments = a.copy()
            self._q_o = _q.identity()
        elif a.shape == (3, 3):
            self._inertia_body = _inertia.validate(a, "inertia", allow_zero=False)
            self._moments, O = _inertia.principal_axes(self._inertia_body)
            self._q_o = _q.from_matrix(O)
        else:
            raise ValueError(
                f"inertia must be a body-frame tensor of shape (3, 3) or principal moments of shape (3,), "
                f"got shape {a.shape}")
        self._x = _vec(position, "position")
        self._v = _vec(velocity, "velocity")
        if orientation is None:
            self._q_r = _q.identity()
        else:
            q = _v.quaternion(orientation, "orientation")
            if q.shape != (4,):
                raise ValueError(f"orientation must have shape (4,), got shape {q.shape}")
            self._q_r = _q._unit(q)
        w = _vec(angular_velocity, "angular_velocity")
        if self._state == "omega":
            self._omega = w
        else:
            with np.errstate(over="ignore", invalid="ignore"):
                self._L = _L_from_omega_principal(self._moments, self._q_o, self._q_r, w)
        self._check(("mass", "inertia", "velocity", "angular_velocity"))

    # ------------------------------------------------------------------ state checks
    _FIELDS = ("_x", "_v", "_q_r", "_L", "_omega")

    def _check(self, names) -> None:
        """Refuse a state whose derived quantities (L, ω, momenta, energies) are not finite."""
        with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
            L, w = self._L_now(), self._omega_now()
            p = self._mass * self._v
            t_trans = 0.5 * self._mass * float(self._v @ self._v)
            t_rot = 0.5 * float(w @ L)
            values = np.concatenate([self._x, self._v, self._q_r, L, w, p, [t_trans, t_rot, t_trans + t_rot]])
        if not np.isfinite(values).all():
            _v.finite_result(values, names, "the new state (position, velocity, L, ω or an energy)")

    def _update(self, names, **fields) -> None:
        """Set the given fields at once, or none of them if the new state is not finite."""
        old = {k: getattr(self, k) for k in self._FIELDS if hasattr(self, k)}
        for k, value in fields.items():
            setattr(self, k, value)
        try:
            self._check(names)
        except ValueError:
            for k, value in old.items():
                setattr(self, k, value)
            raise

    # ------------------------------------------------------------------ rotation state
    def _M(self) -> np.ndarray:
        """``to_matrix(q_r ⊗ q_o)``, remembered for the current attitude array (it is replaced, never changed)."""
        cached = getattr(self, "_M_cache", None)
        if cached is None or cached[0] is not self._q_r:
            cached = (self._q_r, _principal_matrix(self._q_o, self._q_r))
            self._M_cache = cached
        return cached[1]

    def _L_now(self) -> np.ndarray:
        if self._state == "omega":
            return _L_from_omega_principal(self._moments, self._q_o, self._q_r, self._omega, self._M())
        return self._L

    def _omega_now(self) -> np.ndarray:
        if self._state == "omega":
            return self._omega
        return _omega_from_L_principal(self._moments, self._q_o, self._q_r, self._L, self._M())

    def _angular_momentum_plus(self, dL: np.ndarray) -> dict:
        """The rotation fields after adding ``dL`` to L."""
        with np.errstate(over="ignore", invalid="ignore"):
            if self._state == "omega":
                # the forces-and-impulses article, §3.2:
                # L_t = I_world ω_t; L_{t+1} = L_t + ΔL; ω_{t+1} = I_world⁻¹ L_{t+1}
                M = self._M()
                L = _L_from_omega_principal(self._moments, self._q_o, self._q_r, self._omega, M) + dL
                return {"_omega": _omega_from_L_principal(self._moments, self._q_o, self._q_r, L, M)}
            return {"_L": self._L + dL}

    def _lever(self, point) -> np.ndarray:
        with np.errstate(over="ignore", invalid="ignore"):
            return _v.vector3(point, "point", allow_batch=False) - self._x

    # ------------------------------------------------------------------ forces and impulses
    def apply_force(self, F, dt, point=None) -> None:
        """Apply force ``F`` (world) for ``dt`` (the forces-and-impulses article, §3 力の適用: 3.1.1, 3.3.1).

        ``v += F/m Δt``; if ``point`` (world) is given, also ``L += (p − x) × F Δt``.
        Bad input (or a new state that would overflow) raises ValueError and leaves the body unchanged.
        """
        F = _v.vector3(F, "F", allow_batch=False)
        dt = _v.positive(dt, "dt")
        with np.errstate(over="ignore", invalid="ignore"):
            fields = {"_v": self._v + F / self._mass * dt}
            if point is not None:
                fields.update(self._angular_momentum_plus(np.cross(self._lever(point), F) * dt))
        self._update(("F", "dt") + (() if point is None else ("point",)), **fields)

    def apply_impulse(self, J, point=None) -> None:
        """Apply linear impulse ``J`` (world) (the forces-and-impulses article, §3: 3.1.2, 3.3.2).

        ``v += J/m``; if ``point`` (world) is given, also ``L += (p − x) × J``.
        Bad input (or a new state that would overflow) raises ValueError and leaves the body unchanged.
        """
        J = _v.vector3(J, "J", allow_batch=False)
        with np.errstate(over="ignore", invalid="ignore"):
            fields = {"_v": self._v + J / self._mass}
            if point is not None:
                fields.update(self._angular_momentum_plus(np.cross(self._lever(point), J)))
        self._update(("J",) + (() if point is None else ("point",)), **fields)

    def apply_torque(self, tau, dt) -> None:
        """Apply torque ``τ`` (world, about the centre of mass) for ``dt``: ``L += τ Δt``.

        The forces-and-impulses article, §3.2.1.
        """
        tau = _v.vector3(tau, "tau", allow_batch=False)
        dt = _v.positive(dt, "dt")
        with np.errstate(over="ignore", invalid="ignore"):
            fields = self._angular_momentum_plus(tau * dt)
        self._update(("tau", "dt"), **fields)

    def apply_angular_impulse(self, H) -> None:
        """Apply angular impulse ``H`` (world): ``L += H`` (the forces-and-impulses article, §3.2.2)."""
        H = _v.vector3(H, "H", allow_batch=False)
        self._update(("H",), **self._angular_momentum_plus(H))

    def step(self, dt) -> None:
        """Advance by ``dt`` (the forces-and-impulses article, §4 更新), explicit Euler — first order in ``dt``.

        ``x += v Δt``; ``q_r ← normalise(q_r + ½ (0, ω_world) ⊗ q_r Δt)`` with the current
        ``ω_world``; afterwards ``ω_world = I_world⁻¹ L`` for the new attitude (``L`` unchanged).
        With ``state="omega"`` ω is left unchanged instead (the forces-and-impulses article's bug).
        """
        dt = _v.positive(dt, "dt")
        omega = self._omega_now()
        with np.errstate(over="ignore", invalid="ignore"):
            x = self._x + self._v * dt
            q = self._q_r + 0.5 * _q._mul(_q._pure(omega), self._q_r) * dt
            finite = np.all(np.isfinite(q)) and np.any(q != 0.0)
        if not finite:
            raise ValueError("dt too large: the attitude update q_r + q̇ dt overflows")
        self._update(("dt",), _x=x, _q_r=_q._unit(q))

    # ------------------------------------------------------------------ read-only properties
    @property
    def state(self) -> str:
        """``"angular_momentum"`` (L is the state) or ``"omega"`` (the forces-and-impulses article's ω-as-state)."""
        return self._state

    @property
    def mass(self) -> float:
        """Mass ``m``."""
        return self._mass

    @property
    def position(self) -> np.ndarray:
        """Centre of mass ``x`` (world), shape (3,)."""
        return self._x.copy()

    @property
    def velocity(self) -> np.ndarray:
        """Velocity ``v`` of the centre of mass (world), shape (3,)."""
        return self._v.copy()

    @property
    def orientation(self) -> np.ndarray:
        """Attitude ``q_r`` body → world (w, x, y, z), shape (4,)."""
        return self._q_r.copy()

    @property
    def principal_moments(self) -> np.ndarray:
        """Principal moments ``I_d``, shape (3,) (ascending when given a tensor)."""
        return self._moments.copy()

    @property
    def q_o(self) -> np.ndarray:
        """Principal axes → body, shape (4,): ``I_body = O diag(I_d) Oᵀ`` with ``O = to_matrix(q_o)``."""
        return self._q_o.copy()

    @property
    def angular_momentum(self) -> np.ndarray:
        """Angular momentum ``L`` about the centre of mass (world), shape (3,)."""
        return np.array(self._L_now(), dtype=float, copy=True)

    @property
    def angular_velocity(self) -> np.ndarray:
        """``ω_world = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))`` (the article's §5; equals ``I_world⁻¹ L``), shape (3,)."""
        return np.array(self._omega_now(), dtype=float, copy=True)

    @property
    def inertia_body(self) -> np.ndarray:
        """Inertia tensor in the body frame (symmetrised), shape (3, 3)."""
        return self._inertia_body.copy()

    @property
    def inertia_world(self) -> np.ndarray:
        """``I_world = R I_body Rᵀ`` with ``R = to_matrix(q_r)`` (the article's §2 座標系), shape (3, 3)."""
        return _inertia.rotate(self._inertia_body, _q.to_matrix(self._q_r))

    @property
    def linear_momentum(self) -> np.ndarray:
        """``p = m v`` (world), shape (3,)."""
        return self._mass * self._v

    @property
    def kinetic_energy(self) -> float:
        """``T = ½ m v·v + ½ ω·L`` (translational + rotational)."""
        return self.translational_energy + self.rotational_energy

    @property
    def translational_energy(self) -> float:
        """``½ m v·v``, the kinetic energy of the centre of mass."""
        return float(0.5 * self._mass * self._v @ self._v)

    @property
    def rotational_energy(self) -> float:
        """``½ ω·L``, the kinetic energy of the rotation about the centre of mass."""
        return float(0.5 * self._omega_now() @ self._L_now())

    def __repr__(self) -> str:
        return (f"RigidBody(mass={self._mass!r}, principal_moments={self._moments.tolist()}, "
                f"position={self._x.tolist()}, velocity={self._v.tolist()}, "
                f"orientation={self._q_r.tolist()}, angular_momentum={self._L_now().tolist()}, "
                f"state={self._state!r})")
