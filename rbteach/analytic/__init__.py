"""Exact solutions of the torque-free rigid body (the oracles the integrators are tested against).

* :func:`symmetric_top` — ``I1 = I2``: body angular velocity and attitude in closed form
  (the example of 「回転運動のシミュレーション」 (2019), ``I = (1, 1, 2)``, ``ω0 = (1, 0, 1)``,
  gives ``ω = (cos t, sin t, 1)``).
* :func:`symmetric_top_cones` — ``I1 = I2``: the body and space cones (half-angles β and α, the
  tilt θ of the symmetry axis from ``L``) and their rates (Ω in the body, ``|L|/I1`` in the world).
* :func:`free_body` — any positive moments: body angular velocity with Jacobi elliptic
  functions (Landau & Lifshitz, *Mechanics*, §37), on both sides of the separatrix and on it.
* :func:`flip_period` — the period of ``ω_body(t)`` (the intermediate-axis / Dzhanibekov flip).
* :func:`free_body_attitude` — any positive moments: ``ω_body(t)`` and the attitude ``q(t)``
  (Landau & Lifshitz §37: closed form up to one quadrature for the angle about the fixed ``L``).

Everything is in the principal-axis body frame: ``moments = (I1, I2, I3)`` are the diagonal of
the inertia tensor and ``omega`` is the body angular velocity. Euler's equations with no torque
(「回転運動のシミュレーション」 (2019)) are ``I1 ω̇1 = (I2 − I3) ω2 ω3`` and cyclic.

The elliptic functions come from :mod:`rbteach.elliptic` (``ellipj``, ``ellipk``, ``ellipkinc``,
numpy only, with the same parameter convention ``m = k²`` as :mod:`scipy.special`, which the tests
use as the oracle), so the package needs no SciPy at run time. Close to the separatrix the
parameter ``m`` is within rounding of 1, so :func:`free_body` and :func:`flip_period` never form
``m``: they compute ``1 − m`` exactly from the initial ``ω`` and call the elliptic functions with
the modulus ``k`` and the complementary modulus ``k' = sqrt(1 − m)`` (checked against mpmath at
50+ digits for tilts 1e-4 … 1e-12 from the middle axis, and down to 1e-300).

Bad input — NaN, inf, None, strings (also ``"1.5"``), bools, complex numbers, ragged lists, wrong
or empty shapes, unphysical moments, times so long that rounding would destroy the phase — raises
``ValueError`` naming the argument; lists, tuples, ints and numpy scalars give the same result.

One job per module (each name is imported here: ``rbteach.analytic.free_body`` and the rest are
unchanged): :mod:`.symmetric` (the symmetric top and its cones), :mod:`.jacobi` (``ω_body(t)`` of any
body and the flip period), :mod:`.attitude` (the attitude ``q(t)``), :mod:`._common` (tolerances and
argument checks).
"""

from __future__ import annotations

from ._common import _moments, SYMMETRY_RTOL, SEPARATRIX_RTOL, MAX_PHASE, TRIANGLE_RTOL  # (_moments: dissipation)
from .symmetric import symmetric_top, symmetric_top_cones
from .jacobi import free_body, flip_period
from .attitude import QUAD_RTOL, MAX_PANELS, free_body_attitude

__all__ = [
    "symmetric_top", "symmetric_top_cones", "free_body", "flip_period", "free_body_attitude",
]
