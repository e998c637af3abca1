"""rbteach: the numerics behind the rigid-body dynamics notebooks.

Submodules (each with one job):

* :mod:`rbteach.quaternion` — Hamilton quaternions, scalar first (w, x, y, z); exp/log, slerp, random, mean
* :mod:`rbteach.rotation` — rotation matrices, skew matrices, Euler angles in all 12 sequences with their
  angle-rate ↔ ω maps, ``align_vectors`` (Wahba's problem)
* :mod:`rbteach.inertia` — inertia tensors of primitives, parallel axis, the moment about an axis, combining
  bodies, principal axes
* :mod:`rbteach.body` — :class:`~rbteach.body.RigidBody`, forces, impulses and the update of the forces-and-impulses article
* :mod:`rbteach.dynamics` — Euler's equations, the integrators (``simulate``) and an adaptive reference (``reference``)
* :mod:`rbteach.percussion` — conjugate points (a·d = k²), the centre of percussion and of oscillation
* :mod:`rbteach.contact` — the impulse of a contact with restitution and Coulomb friction
* :mod:`rbteach.top` — the heavy symmetric top: constants of motion, the cubic, precession rates
* :mod:`rbteach.dissipation` — a torque that lowers the energy and keeps |L| (the major-axis rule)
* :mod:`rbteach.analytic` — exact solutions of the torque-free body (ω, and the attitude)
* :mod:`rbteach.elliptic` — Jacobi elliptic functions and integrals in numpy (parameter m = k²)
* :mod:`rbteach.symbolic` — SymPy helpers shared by the notebooks (loaded on use)
* :mod:`rbteach.plotting`, :mod:`rbteach.explorers`, :mod:`rbteach.exercises`, :mod:`rbteach.player` —
  figures, live explorers, self-checks and the attitude player for the notebooks (loaded on use;
  ``import rbteach`` never imports matplotlib, ipywidgets, anywidget or sympy)
* :mod:`rbteach.course` — worked solutions found by machine, the student edition
"""

from __future__ import annotations

import importlib

__version__ = "0.1.0"

_EAGER = ("quaternion", "rotation", "inertia", "body", "dynamics", "analytic", "elliptic", "percussion", "contact",
          "top", "dissipation")
_LAZY = ("symbolic", "plotting", "explorers", "exercises")
__all__ = list(_EAGER + _LAZY)


def __getattr__(name):
    if name in _EAGER or name in _LAZY:
        module = importlib.import_module(f"{__name__}.{name}")
        globals()[name] = module
        return module
    raise AttributeError(f"module 'rbteach' has no attribute {name!r}")
