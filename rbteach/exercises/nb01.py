"""Self-checks for notebook 01 (inertia tensor).

Exercise 1: a box about one of its corners (3 × 3 tensor); exercise 2: a thin rod about an axis
through its end; exercise 3: the sign of a product of inertia of two point masses. The expected
values come from :mod:`rbteach.inertia`; the hints recognise the usual slips (the centre-of-mass
tensor, a missing minus sign, the parallel-axis term subtracted instead of added).
"""

from __future__ import annotations

import numpy as np

from .. import inertia
from . import check_close, Feedback

__all__ = ["BOX", "ROD", "POINTS", "check_box_corner", "check_rod_end", "check_product_sign"]

#: Exercise 1: mass (kg) and full edges a, b, c (m); the box fills [0, a] × [0, b] × [0, c].
BOX = {"mass": 3.0, "a": 0.4, "b": 0.2, "c": 0.1}
#: Exercise 2: a thin rod of this mass (kg) and length (m), along z.
ROD = {"mass": 1.5, "length": 0.8}
#: Exercise 3: point masses (kg) and their positions (m).
POINTS = {"masses": np.array([2.0, 1.0]), "points": np.array([[0.3, 0.5, 0.0], [-0.4, 0.2, 0.3]])}


def _flip_products(I):
    J = -np.asarray(I, dtype=float)
    np.fill_diagonal(J, np.diag(I))
    return J


def check_box_corner(answer) -> Feedback:
    """Exercise 1: the box's inertia tensor (3, 3) about its corner at the origin."""
    m, a, b, c = BOX["mass"], BOX["a"], BOX["b"], BOX["c"]
    I_com = inertia.box(m, a, b, c)
    d = np.array([a, b, c]) / 2  # the centre of mass, seen from the corner
    expected = inertia.parallel_axis(I_com, m, -d)
    hints = {
        "that is the tensor about the centre of mass; move it to the corner with the parallel-axis "
        "theorem.": I_com,
        "the products of inertia carry a minus sign: I_xy = −∫ρ x y dV, negative for a box in the "
        "x, y > 0 quadrant.": _flip_products(expected),
        "you subtracted m(|d|² 1 − d dᵀ) (seed 003's inertia_conversion goes from a point TO the "
        "centre of mass); moving away from the centre of mass adds it.": inertia.to_center_of_mass(I_com, m, d),
        "the diagonal is right, but the corner is off every symmetry plane: the products of inertia "
        "are not zero.": np.diag(np.diag(expected)),
    }
    return check_close("box about its corner", answer, expected, hints=hints)


def check_rod_end(answer) -> Feedback:
    """Exercise 2: the rod's moment of inertia (a number) about an axis perpendicular to it through one end."""
    m, L = ROD["mass"], ROD["length"]
    expected = inertia.parallel_axis(inertia.rod(m, L), m, [0.0, 0.0, L / 2])[0, 0]
    hints = {
        "m L²/12 is about the centre; the end is L/2 away.": m * L**2 / 12,
        "m (L/2)² is only the shift term; add the moment about the centre, m L²/12.": m * L**2 / 4,
        "the distance from the centre of mass to the end is L/2, not L.": m * L**2 / 12 + m * L**2,
        "0 is the moment about the rod's own axis; the question asks about an axis perpendicular "
        "to the rod.": 0.0,
    }
    return check_close("rod about its end", answer, expected, hints=hints)


def check_product_sign(answer) -> Feedback:
    """Exercise 3: ``I_xy`` (a number) of the point masses :data:`POINTS` about the origin."""
    mass, com, I_com = inertia.point_masses(POINTS["masses"], POINTS["points"])
    I_origin = inertia.parallel_axis(I_com, mass, -com)
    expected = I_origin[0, 1]
    hints = {
        "the sign: I_xy = −Σ m x y (seed 002 §1 puts the minus sign in the tensor).": -expected,
        "that is I_xy about the centre of mass; the question asks about the origin.": I_com[0, 1],
    }
    return check_close("I_xy about the origin", answer, expected, hints=hints)
