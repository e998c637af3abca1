"""Solid bodies for the attitude players: faces (polygons in the body frame), their lit shade and
the order a painter draws them in.

A player (:func:`rbteach.player.attitude_player`, argument ``body_faces``) draws a body as flat
polygons lit by one light fixed to the viewer, back to front:

* **Lambert shading** (Lambert, *Photometria*, 1760; any computer-graphics text, e.g. Foley, van Dam
  et al., *Computer Graphics: Principles and Practice*, §16.2): a face of unit outward normal
  ``n`` under a light from the unit direction ``l`` is drawn in its colour times

      k = AMBIENT + (1 − AMBIENT) · max(0, n · l);

* **back-face culling**: on a closed body whose faces wind counter-clockwise seen from outside
  (outward normals by the right-hand rule, as :func:`rbteach.inertia.mesh` requires), a face with
  ``n · v ≤ 0`` (``v`` the unit direction towards the viewer) is turned away and hidden by the
  body's other faces: it is not drawn;
* **the painter's algorithm**: the faces left are drawn in the order of their centroids' depth
  ``c · v``, farthest first, so that a nearer face covers a farther one. Exact for a convex body
  (with culling no two drawn faces overlap) and for bodies made of a few convex parts that touch,
  such as the T-handle and the top below; not for surfaces that cross each other.

The page computes the same in the browser, in one place, ``rbteach/solids.js``, which both the
player's script and the live explorers' 3-D panels (:func:`rbteach.explorers.live.solid3d`) use
(``tests/browser/test_solids.py`` and ``tests/browser/test_explorer_solids_drawn.py`` compare the page
with :func:`painter_order`); :func:`painter_order` draws the player's poster.

The shapes: :func:`mesh_polygons` merges a triangle mesh's coplanar neighbours into polygons (a
box's 12 triangles into its 6 sides); :func:`box_faces`, :func:`t_handle_faces`,
:func:`prism_faces` (a cylinder as an n-sided prism) and :func:`top_faces` (notebook 11's disc on
its stem) build the bodies of the notebooks.
"""

from __future__ import annotations

import numpy as np

from . import _validate as _v

__all__ = ["AMBIENT", "mesh_polygons", "box_faces", "t_handle_faces", "prism_faces", "top_faces",
           "polygon_normals", "painter_order", "light_direction"]

#: The share of a face's colour that does not depend on the light (faces turned from the light
#: stay readable).
AMBIENT = 0.4


def _polygons(polygons, name: str = "body_faces") -> list[np.ndarray]:
    """A list of polygons, each a float array (k, 3) with k ≥ 3, checked."""
    if polygons is None or isinstance(polygons, (str, bytes, dict)):
        raise ValueError(f"{name} must be a sequence of polygons (each k ≥ 3 points of 3 coordinates), "
                         f"got {_v.describe(polygons)}")
    try:
        seq = list(polygons)
    except TypeError:
        raise ValueError(f"{name} must be a sequence of polygons, got {_v.describe(polygons)}") from None
    if not seq:
        raise ValueError(f"{name} must hold at least one polygon, got none")
    out = []
    for i, p in enumerate(seq):
        a = _v.array(p, f"{name}[{i}]", (3,))
        if a.ndim != 2 or a.shape[0] < 3:
            raise ValueError(f"{name}[{i}] must be a polygon of at least 3 points, shape (k, 3), got shape {a.shape}")
        out.append(a)
    return out


def polygon_normals(polygons) -> np.ndarray:
    """Unit normals of polygons by Newell's method (Newell, 1972; Sutherland, Sproull & Schumacker,
    "A characterization of ten hidden-surface algorithms", 1974), ``n ∝ Σ p_i × p_{i+1}``, which
    is the right-hand normal of a counter-clockwise polygon and robust for a slightly non-planar
    one. A polygon of zero area raises ``ValueError``."""
    polys = _polygons(polygons)
    n = np.array([np.cross(p, np.roll(p, -1, axis=0)).sum(axis=0) for p in polys])
    size = np.linalg.norm(n, axis=1)
    scale = np.array([np.ptp(p, axis=0).max() for p in polys])
    bad = size <= 1e-12 * np.maximum(scale, 1e-300) ** 2
    if np.any(bad):
        raise ValueError(f"body_faces[{int(np.argmax(bad))}] has zero area (its points are on one line)")
    return n / size[:, None]


def light_direction(right, up, toward) -> np.ndarray:
    """The light, fixed to the viewer: from the upper left, in front (unit vector, world frame)."""
    l = -0.35 * np.asarray(right) + 0.6 * np.asarray(up) + 0.72 * np.asarray(toward)
    return l / np.linalg.norm(l)


def painter_order(polygons_world, toward, light, *, cull: bool = True):
    """Which faces a player draws, in which order, and how bright.

    Parameters
    ----------
    polygons_world : sequence of (k, 3) arrays
        The faces, already turned and placed in the world.
    toward : array_like, shape (3,)
        Unit vector from the scene towards the viewer.
    light : array_like, shape (3,)
        Unit vector towards the light.
    cull : bool
        Hide the faces turned away (``n · toward ≤ 0``); for closed, outward-wound bodies.

    Returns
    -------
    order : ndarray of int
        Indices of the faces drawn, farthest first (centroid depth ``c · toward`` increasing).
    shade : ndarray
        The factor ``k`` of each face (all faces), ``AMBIENT + (1 − AMBIENT) max(0, n · l)``,
        with ``n`` turned towards the viewer for a face seen from behind (``cull=False``).
    """
    polys = _polygons(polygons_world, "polygons_world")
    v = np.asarray(toward, dtype=float)
    n = polygon_normals(polys)
    facing = n @ v
    n_seen = np.where((facing < 0)[:, None], -n, n)
    shade = AMBIENT + (1.0 - AMBIENT) * np.maximum(0.0, n_seen @ np.asarray(light, dtype=float))
    depth = np.array([p.mean(axis=0) @ v for p in polys])
    keep = np.flatnonzero(facing > 0) if cull else np.arange(len(polys))
    return keep[np.argsort(depth[keep], kind="stable")], shade


def mesh_polygons(vertices, faces) -> list[np.ndarray]:
    """A closed triangle mesh's faces as polygons: neighbouring coplanar triangles (sharing an edge,
    unit normals ``n₁ · n₂ > 1 − 1e-9``) merged into one polygon, wound as the triangles are.

    The polygons' outlines are the mesh's outline (:func:`rbteach.plotting.mesh_outline`): a
    box's 12 triangles give its 6 sides. A coplanar group whose boundary is not one loop (a face
    with a hole) stays as its triangles.

    Parameters
    ----------
    vertices : array_like, shape (V, 3)
    faces : array_like of int, shape (F, 3)
        As for :func:`rbteach.inertia.mesh` (counter-clockwise seen from outside).

    Returns
    -------
    list of ndarray (k, 3)
    """
    from .inertia.meshes import _faces

    v = _v.array(vertices, "vertices", (3,))
    if v.ndim != 2:
        raise ValueError(f"vertices must have shape (V, 3), got shape {v.shape}")
    f = _faces(faces, v.shape[0])
    n = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
    area = np.linalg.norm(n, axis=1)
    if np.any(area == 0):
        raise ValueError(f"faces[{int(np.argmax(area == 0))}] has zero area (its corners are on one line)")
    n /= area[:, None]
    parent = list(range(len(f)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    owner: dict[tuple[int, int], int] = {}
    for k, tri in enumerate(f.tolist()):
        for a, b in ((tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])):
            j = owner.get((b, a))
            if j is not None and n[j] @ n[k] > 1 - 1e-9:
                parent[root(j)] = root(k)
            owner[(a, b)] = k
    groups: dict[int, list[int]] = {}
    for k in range(len(f)):
        groups.setdefault(root(k), []).append(k)
    polys = []
    for members in sorted(groups.values()):
        directed = [(a, b) for k in members for a, b in ((f[k, 0], f[k, 1]), (f[k, 1], f[k, 2]), (f[k, 2], f[k, 0]))]
        inner = set(directed)
        boundary = {a: b for a, b in directed if (b, a) not in inner}
        loop = _one_loop(boundary)
        if loop is None:
            polys.extend(v[f[k]] for k in members)
        else:
            polys.append(v[_drop_straight(v, loop)])
    return polys


def _one_loop(nxt: dict) -> list | None:
    """The boundary edges ``a → nxt[a]`` as one closed loop, or None (several loops, a branch)."""
    if not nxt:
        return None
    start = min(nxt)
    loop, a = [start], nxt[start]
    while a != start:
        if a not in nxt or len(loop) > len(nxt):
            return None
        loop.append(a)
        a = nxt[a]
    return loop if len(loop) == len(nxt) else None


def _drop_straight(v, loop):
    """Leave out the corners where the outline goes straight on (a vertex inside an edge)."""
    keep = []
    for i, k in enumerate(loop):
        a, b = v[loop[i - 1]], v[loop[(i + 1) % len(loop)]]
        d1, d2 = v[k] - a, b - v[k]
        if np.linalg.norm(np.cross(d1, d2)) > 1e-9 * np.linalg.norm(d1) * np.linalg.norm(d2):
            keep.append(k)
    return keep


def box_faces(a, b, c, *, center=None) -> list[np.ndarray]:
    """The 6 sides of a box of edge lengths a, b, c along x, y, z (quads, outward), centred at
    ``center`` (default the origin): :func:`rbteach.inertia.box_mesh` merged by :func:`mesh_polygons`."""
    from .inertia import box_mesh

    return mesh_polygons(*box_mesh(a, b, c, center=center))


def t_handle_faces(**sizes) -> list[np.ndarray]:
    """The T-handle of notebook 08 (:func:`rbteach.inertia.t_handle_mesh`, same keyword sizes)
    as 12 quads, centre of mass at the origin."""
    from .inertia import t_handle_mesh

    return mesh_polygons(*t_handle_mesh(**sizes))


def prism_faces(radius, z0, z1, *, sides: int = 24) -> list[np.ndarray]:
    """A cylinder about the z axis from ``z = z0`` to ``z1`` (> z0) as a prism of ``sides`` sides
    (≥ 3): the two ends (``sides``-gons) and ``sides`` rectangles, all outward."""
    radius = _v.positive(radius, "radius")
    z0, z1 = _v.finite_scalar(z0, "z0"), _v.finite_scalar(z1, "z1")
    if not z1 > z0:
        raise ValueError(f"z1 must be greater than z0, got z0 = {z0:g}, z1 = {z1:g}")
    if not isinstance(sides, (int, np.integer)) or isinstance(sides, bool) or not 3 <= sides <= 256:
        raise ValueError(f"sides must be a whole number from 3 to 256, got {sides!r}")
    a = 2 * np.pi * (np.arange(sides) + 0.5) / sides
    ring = np.stack([radius * np.cos(a), radius * np.sin(a), np.zeros(sides)], axis=1)
    lo, hi = ring + [0, 0, z0], ring + [0, 0, z1]
    sides_ = [np.array([lo[i], lo[(i + 1) % sides], hi[(i + 1) % sides], hi[i]]) for i in range(sides)]
    return [lo[::-1].copy(), hi.copy()] + sides_


def top_faces(radius, thickness, arm, *, apex=None, stem_radius=None, sides: int = 24) -> list[np.ndarray]:
    """Notebook 11's top: a disc (``radius``, ``thickness``) centred on the body z axis at
    ``arm`` from the pivot (the origin), on a stem from the pivot to the apex at ``apex``
    (default ``arm + radius / 2``). The stem (default radius ``radius / 12``) is cut at the disc
    into two prisms that touch it, so that the painter's order holds (no two parts cross).

    Returns the polygons: the disc's (``sides + 2``), then the stem below and above it.
    """
    radius = _v.positive(radius, "radius")
    thickness = _v.positive(thickness, "thickness")
    arm = _v.positive(arm, "arm")
    apex = arm + 0.5 * radius if apex is None else _v.positive(apex, "apex")
    stem = radius / 12 if stem_radius is None else _v.positive(stem_radius, "stem_radius")
    lo, hi = arm - thickness / 2, arm + thickness / 2
    if not (lo > 0 and apex > hi):
        raise ValueError(f"the disc (z from {lo:g} to {hi:g}) must lie between the pivot (0) and the apex "
                         f"({apex:g}): arm > thickness/2 and apex > arm + thickness/2")
    if stem >= radius:
        raise ValueError(f"stem_radius must be smaller than radius, got {stem:g} >= {radius:g}")
    return (prism_faces(radius, lo, hi, sides=sides) + prism_faces(stem, 0.0, lo, sides=8)
            + prism_faces(stem, hi, apex, sides=8))
