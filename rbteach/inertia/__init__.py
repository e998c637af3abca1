"""Inertia tensors: primitives, parallel axis, rotation, principal axes, meshes.

The forces-and-impulses article (§1 慣性テンソル) defines the inertia tensor as a volume integral,

.. math::

    I = \\int \\rho \\begin{pmatrix} y^2+z^2 & -xy & -xz \\\\ -xy & z^2+x^2 & -yz \\\\
        -xz & -yz & x^2+y^2 \\end{pmatrix} dV
      = \\int \\rho \\, (|r|^2 \\mathbb{1} - r r^T) \\, dV,

so the off-diagonal entries carry the minus sign of the products of inertia
(``I_xy = −∫ρ x y dV``). Conventions used throughout this module:

* every tensor is a float array of shape ``(3, 3)`` (or ``(..., 3, 3)`` where a
  function says it is vectorised), in kg·m² when masses are in kg and lengths in m;
* the primitives (:func:`box`, :func:`solid_sphere`, ...) are about their centre of
  mass, with the symmetry axis along ``z``;
* :func:`principal_axes` returns the moments in ascending order and a proper rotation
  ``O`` (det +1) whose columns are the principal axes in the body frame, so that
  ``I = O diag(I1, I2, I3) Oᵀ`` and ``q_o = rbteach.quaternion.from_matrix(O)``
  maps principal axes → body (the forces-and-impulses article, §1, §5);
* :func:`rotate` is ``R I Rᵀ`` with ``R`` the active body → world rotation (the article's §2 座標系);
* :func:`about_axis` is the moment ``I_n = nᵀ I n`` about the axis along ``n`` (normalised here) and
  :func:`radius_of_gyration` its ``k = √(I_n / m)``; :func:`combine` joins bodies into one (each tensor moved
  to the common centre of mass by the parallel-axis theorem, then added).

Bad input raises ``ValueError`` naming the argument and the reason.

One job per module (each name is imported here: ``rbteach.inertia.box`` and the rest are unchanged):

* :mod:`.primitives`: the primitives about their centre of mass;
* :mod:`.combining`: point masses, parallel axis, rotation, the moment about an axis, combining bodies;
* :mod:`.principal`: :func:`validate` and :func:`principal_axes`;
* :mod:`.meshes`: triangle meshes and their checks.
"""

from __future__ import annotations

from .primitives import box, solid_sphere, hollow_sphere, solid_cylinder, hollow_cylinder, rod, solid_cone, ellipsoid
from .combining import point_masses, parallel_axis, to_center_of_mass, rotate, about_axis, radius_of_gyration, combine
from .principal import validate, principal_axes
from .meshes import mesh, box_mesh, t_handle_mesh

__all__ = [
    "box", "solid_sphere", "hollow_sphere", "solid_cylinder", "hollow_cylinder", "rod", "solid_cone",
    "ellipsoid", "point_masses", "parallel_axis", "to_center_of_mass", "rotate", "principal_axes", "validate",
    "mesh", "box_mesh", "t_handle_mesh", "about_axis", "radius_of_gyration", "combine",
]
