"""The results of :func:`rbteach.dynamics.simulate`: a sampled motion with its energy and world-frame angular momentum.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
import numpy as np

from .. import _validate as _v
from .. import quaternion as _q
from .equations import _inertia_array, angular_momentum, kinetic_energy

__all__ = [
    "Trajectory",
]


class _Motion:
    """What a sampled motion (``t``, ``omega_body``, ``q``, ``inertia``) gives: its energy and ``L_world``."""

    @property
    def kinetic_energy(self) -> np.ndarray:
        """``½ ω·Iω`` at every sample, shape (n+1,) or (n+1, N)."""
        return kinetic_energy(self.inertia, self.omega_body)

    @property
    def angular_momentum_world(self) -> np.ndarray:
        """``L_world = q ⋄ (I ω_body)``, shape (n+1, 3) or (n+1, N, 3); constant for a free body."""
        return _q.rotate(self.q, angular_momentum(self.inertia, self.omega_body))


@dataclass(frozen=True)
class Trajectory(_Motion):
    """Result of :func:`simulate` (arrays are read-only).

    Made by hand (``Trajectory(t, omega_body, q, method, inertia)``), its fields are checked and
    copied: shapes that agree, finite values, non-zero quaternions, a known method, a valid inertia.

    Attributes
    ----------
    t : ndarray, shape (n+1,)
        Times ``0, k dt, 2k dt, …`` (``k = keep_every`` of :func:`simulate`, default 1).
    omega_body : ndarray, shape (n+1, 3) or (n+1, N, 3)
        Body-frame angular velocity (in the frame of the ``inertia`` given).
    q : ndarray, shape (n+1, 4) or (n+1, N, 4)
        Body → world attitude ``q_r`` (w, x, y, z), unit; ``to_matrix(q) @ v_body = v_world``.
    method : str
        The integrator used (one of :data:`METHODS`).
    inertia : ndarray, shape (3,) or (3, 3)
        The inertia given (principal moments or body-frame tensor).
    """

    t: np.ndarray
    omega_body: np.ndarray
    q: np.ndarray
    method: str
    inertia: np.ndarray

    def __post_init__(self):
        """Check the fields (a Trajectory made by hand); :func:`simulate` builds it unchecked."""
        t = _v.array(self.t, "t")
        if t.ndim != 1 or t.size == 0:
            raise ValueError(f"t must be a 1-D array of sample times, got shape {t.shape}")
        w = _v.array(self.omega_body, "omega_body", (3,))
        q = _v.quaternion(self.q, "q")
        if w.ndim not in (2, 3) or w.shape[0] != t.shape[0]:
            raise ValueError(f"omega_body must have shape (n, 3) or (n, N, 3) with n = len(t) = {t.shape[0]}; "
                             f"got omega_body {w.shape} and t {t.shape}")
        if q.shape != w.shape[:-1] + (4,):
            raise ValueError(f"q must have shape {w.shape[:-1] + (4,)} (one attitude per omega_body sample), "
                             f"got q {q.shape} and omega_body {w.shape}")
        from .integrate import METHODS                 # (integrate imports this module)

        method = _v.choice(self.method, "method", METHODS)
        inertia = _inertia_array(self.inertia, invertible=False)
        for name, value in (("t", t), ("omega_body", w), ("q", q), ("method", method), ("inertia", inertia)):
            if isinstance(value, np.ndarray):
                value = np.array(value)                    # a copy: the caller's array stays writeable
                value.setflags(write=False)
            object.__setattr__(self, name, value)

    @classmethod
    def _unchecked(cls, **fields):
        """A Trajectory from fields that :func:`simulate` has already checked (no copies)."""
        self = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        return self
