"""Self-checks for notebook 01 (inertia tensor).

Exercise 1: a box about the midpoint of one of its edges (3 × 3 tensor; not a corner, whose general
formula notebook 01 displays just before); exercise 2: a thin rod about an axis
through its end; exercise 3: the sign of a product of inertia of two point masses; exercise 4: the
moment of inertia ``I_n = nᵀ I n`` about an axis and the radius of gyration ``k = √(I_n / m)``;
exercise 5: an uneven dumbbell combined from two balls and a rod (``rbteach.inertia.combine``).
The expected values come from :mod:`rbteach.inertia`; the hints recognise the usual slips (the
centre-of-mass tensor, a missing minus sign, the parallel-axis term subtracted instead of added, a
direction that is not a unit vector, parts added about their own centres). The data are of order 1 and generic (unequal edges,
off-axis points), so that each slip gives a clearly different value.
"""

from __future__ import annotations

import numpy as np

from .. import inertia
from . import Exercise, Hint

__all__ = ["BOX", "ROD", "POINTS", "AXIS", "DUMBBELL", "check_box_corner", "check_rod_end",
           "check_product_sign", "check_axis_moment", "check_dumbbell"]

#: Exercise 1: mass (kg) and full edges a, b, c (m); the box fills [0, a] × [0, b] × [0, c], and the
#: tensor is asked about ``point``, the midpoint (a/2, 0, 0) of the edge along x through the origin.
BOX = {"mass": 6.0, "a": 0.5, "b": 0.4, "c": 0.3, "point": np.array([0.25, 0.0, 0.0])}
#: Exercise 2: a thin rod of this mass (kg) and length (m), along z.
ROD = {"mass": 2.4, "length": 1.1}
#: Exercise 3: point masses (kg) and their positions (m).
POINTS = {"masses": np.array([3.0, 2.0]), "points": np.array([[0.6, 0.5, 0.0], [-0.4, 0.7, 0.3]])}
#: Exercise 4: a body of this mass (kg) with this tensor (kg m²) about a point O (the box of 2 kg,
#: 1 × 0.6 × 0.4 m, about its corner), and the direction (not unit) of an axis through O.
AXIS = {"mass": 2.0,
        "inertia": inertia.parallel_axis(inertia.box(2.0, 1.0, 0.6, 0.4), 2.0, [-0.5, -0.3, -0.2]),
        "direction": np.array([2.0, 1.0, 2.0])}
#: Exercise 5: an uneven dumbbell along x: two solid balls (mass kg, radius m, centre m) and a thin rod
#: (mass kg, length m, centre m) that joins their surfaces, from x = 0.1 m to x = 0.53 m (no part overlaps another).
DUMBBELL = {"ball_masses": np.array([3.0, 1.2]), "ball_radii": np.array([0.1, 0.07]),
            "ball_centres": np.array([[0.0, 0.0, 0.0], [0.6, 0.0, 0.0]]),
            "rod_mass": 0.4, "rod_length": 0.43, "rod_centre": np.array([0.315, 0.0, 0.0])}


def _flip_products(I):
    J = -np.asarray(I, dtype=float)
    np.fill_diagonal(J, np.diag(I))
    return J


def _shift(m, d):
    """The parallel-axis term m (|d|² 1 − d dᵀ)."""
    d = np.asarray(d, dtype=float)
    return m * (d @ d * np.eye(3) - np.outer(d, d))


def _box():
    m, a, b, c = BOX["mass"], BOX["a"], BOX["b"], BOX["c"]
    I_com = inertia.box(m, a, b, c)
    d = np.array([a, b, c]) / 2 - BOX["point"]      # the centre of mass, seen from the point: (0, b/2, c/2)
    return m, np.array([a, b, c]), d, I_com


def _box_expected():
    m, _, d, I_com = _box()
    return inertia.parallel_axis(I_com, m, -d)


def _box_hints():
    m, edges, d, I_com = _box()
    right = inertia.parallel_axis(I_com, m, -d)
    return {
        Hint("com-tensor", "that is the tensor about the centre of mass; move it to the edge's midpoint with the "
             "parallel-axis theorem."): I_com,
        Hint("product-sign", "the products of inertia carry a minus sign: I_yz = −∫ρ y z dV, negative for a box in "
             "the y, z > 0 quadrant."): _flip_products(right),
        Hint("parallel-axis-sign",
             "you subtracted m(|d|² 1 − d dᵀ) (the article's inertia_conversion goes from a point TO the "
             "centre of mass); moving away from the centre of mass adds it."): I_com - _shift(m, d),
        Hint("products-missing",
             "the diagonal is right, but the point is off two symmetry planes (y = b/2 and z = c/2): "
             "I_yz is not zero."): np.diag(np.diag(right)),
        Hint("corner-not-midpoint",
             "that is the tensor about the corner at the origin; the point is the midpoint (a/2, 0, 0) of "
             "the edge, so the centre of mass is d = (0, b/2, c/2) from it."):
            inertia.parallel_axis(I_com, m, -edges / 2),
        Hint("point-as-shift",
             "you shifted by the point's own coordinates (a/2, 0, 0); the shift is the centre of mass seen "
             "from the point, d = (a/2, b/2, c/2) − (a/2, 0, 0) = (0, b/2, c/2)."):
            inertia.parallel_axis(I_com, m, BOX["point"]),
        Hint("mass-forgotten", "that is the tensor of a box of 1 kg: every entry is proportional to the "
             "mass (m/12 (b² + c²), m d², …); multiply by m."):
            inertia.parallel_axis(inertia.box(1.0, *edges), 1.0, -d),
    }


check_box_corner = Exercise(
    "box about an edge's midpoint", _box_expected, hints=_box_hints,
    doc="Exercise 1: the box's inertia tensor (3, 3) about the midpoint (a/2, 0, 0) of its edge along x "
        "(the name is kept from the exercise's first version, about the corner).")


def _rod_expected():
    m, L = ROD["mass"], ROD["length"]
    return inertia.parallel_axis(inertia.rod(m, L), m, [0.0, 0.0, L / 2])[0, 0]


def _rod_hints():
    m, L = ROD["mass"], ROD["length"]
    return {
        Hint("com-moment", "m L²/12 is about the centre; the end is L/2 away."): m * L**2 / 12,
        Hint("shift-term-only",
             "m (L/2)² is only the shift term; add the moment about the centre, m L²/12."): m * L**2 / 4,
        Hint("shift-by-length",
             "the distance from the centre of mass to the end is L/2, not L."): m * L**2 / 12 + m * L**2,
        Hint("point-mass-at-end",
             "m L² would put all the mass at the far end; add m L²/12 (about the centre) and m (L/2)² "
             "(the shift)."): m * L**2,
        Hint("axial-moment", "0 is the moment about the rod's own axis; the question asks about an axis perpendicular "
             "to the rod."): 0.0,
        Hint("mass-forgotten", "that is the moment of a rod of 1 kg: I is proportional to the mass; "
             "multiply by m."): inertia.parallel_axis(inertia.rod(1.0, L), 1.0, [0.0, 0.0, L / 2])[0, 0],
        Hint("parallel-axis-sign", "you subtracted the shift m (L/2)² (a moment of inertia is never "
             "negative); moving the axis away from the centre of mass adds it."):
            (inertia.rod(m, L) - _shift(m, [0.0, 0.0, L / 2]))[0, 0],
    }


check_rod_end = Exercise(
    "rod about its end", _rod_expected, hints=_rod_hints,
    doc="Exercise 2: the rod's moment of inertia about an axis perpendicular to it through one end.")


def _points():
    mass, com, I_com = inertia.point_masses(POINTS["masses"], POINTS["points"])
    return mass, com, I_com, inertia.parallel_axis(I_com, mass, -com)


def _product_hints():
    _, _, I_com, I_origin = _points()
    p = POINTS["points"]
    return {
        Hint("product-sign", "the sign: I_xy = −Σ m x y (the forces-and-impulses article, §1 慣性テンソル, puts the minus "
             "sign in the tensor)."): -I_origin[0, 1],
        Hint("com-not-origin",
             "that is I_xy about the centre of mass; the question asks about the origin."): I_com[0, 1],
        Hint("mass-forgotten",
             "each product x y is weighted by its mass: I_xy = −Σ mᵢ xᵢ yᵢ."): -float(np.sum(p[:, 0] * p[:, 1])),
    }


check_product_sign = Exercise(
    "I_xy about the origin", lambda: _points()[3][0, 1], hints=_product_hints,
    doc="Exercise 3: ``I_xy`` (a number) of the point masses :data:`POINTS` about the origin.")


def _axis_answer(I, direction, mass):
    return np.array([inertia.about_axis(I, direction), inertia.radius_of_gyration(I, mass, direction)])


def _axis_expected():
    return _axis_answer(AXIS["inertia"], AXIS["direction"], AXIS["mass"])


def _axis_hints():
    I, u, m = AXIS["inertia"], AXIS["direction"], AXIS["mass"]
    I_n = _axis_expected()[0]
    raw = float(u @ I @ u)
    diag_only = float(np.sum((u / np.linalg.norm(u)) ** 2 * np.diag(I)))
    return {
        Hint("axis-not-unit", "n must be a unit vector: divide (2, 1, 2) by its length 3 first (you got 9 I_n)."):
            [raw, np.sqrt(raw / m)],
        Hint("products-missing",
             "the products of inertia count too: I_n = nᵀ I n = Σᵢ Σⱼ nᵢ Iᵢⱼ nⱼ, not only the diagonal."):
            [diag_only, np.sqrt(diag_only / m)],
        Hint("gyration-mass-missing",
             "I_n is right; k = √(I_n / m) divides by the mass before the square root."): [I_n, np.sqrt(I_n)],
        Hint("gyration-no-root", "I_n is right; k = √(I_n / m) is a length: take the square root."): [I_n, I_n / m],
    }


check_axis_moment = Exercise(
    "moment about an axis", _axis_expected, hints=_axis_hints,
    doc="Exercise 4: ``[I_n, k]`` with ``I_n = nᵀ I n`` (n the unit direction) and ``k = √(I_n / m)``.")


def _dumbbell_parts():
    p = DUMBBELL
    masses = np.append(p["ball_masses"], p["rod_mass"])
    coms = np.vstack([p["ball_centres"], p["rod_centre"]])
    rod = inertia.rotate(inertia.rod(p["rod_mass"], p["rod_length"]),          # the rod along x
                         np.array([[0.0, 0.0, 1.0], [0.0, 1.0, 0.0], [-1.0, 0.0, 0.0]]))
    tensors = np.stack([inertia.solid_sphere(m, r) for m, r in zip(p["ball_masses"], p["ball_radii"])] + [rod])
    return masses, coms, tensors


def _dumbbell_expected():
    return inertia.combine(*_dumbbell_parts())[2][1, 1]


def _dumbbell_hints():
    masses, coms, tensors = _dumbbell_parts()
    M, c, I = inertia.combine(masses, coms, tensors)
    points = inertia.point_masses(masses, coms)[2][1, 1]
    return {
        Hint("parts-as-points",
             "the balls are not points: add each ball's own moment 2/5 m r² (and the rod's m L²/12) to the "
             "m d² terms."): points,
        Hint("parallel-axis-missing",
             "each part's moment is about its own centre; move each to the common centre of mass with the "
             "parallel-axis theorem (add m_i d_i²) before adding."): tensors[:, 1, 1].sum(),
        Hint("wrong-reference-point",
             "that is the moment about the big ball's centre; the axis goes through the centre of mass of the "
             "whole, x_c = Σ m_i x_i / Σ m_i."): inertia.parallel_axis(I, M, coms[0] - c)[1, 1],
        Hint("part-missing", "a part is missing: the rod counts too (its mass moves the centre of mass, and it "
             "adds m L²/12 + m d²), and so do the balls' own moments 2/5 m r² (leaving either out gives "
             "this value, to 0.2 %)."):
            inertia.combine(masses[:2], coms[:2], tensors[:2])[2][1, 1],
        Hint("parallel-axis-sign", "you subtracted the parallel-axis terms m_i d_i²; moving each part's "
             "moment away from its own centre of mass adds them."):
            sum(I_i - _shift(m_i, x_i - c) for m_i, x_i, I_i in zip(masses, coms, tensors))[1, 1],
        Hint("hollow-sphere", "2/3 m r² is a hollow sphere; the balls are solid, 2/5 m r²."):
            inertia.combine(masses, coms, np.stack([t * 5 / 3 for t in tensors[:2]] + [tensors[2]]))[2][1, 1],
    }


check_dumbbell = Exercise(
    "dumbbell about its centre of mass", _dumbbell_expected, hints=_dumbbell_hints,
    doc="Exercise 5: the moment of inertia (kg m²) of :data:`DUMBBELL` about the axis through its centre of "
        "mass parallel to y (perpendicular to the bar).")
