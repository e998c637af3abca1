"""Inertia of closed triangle meshes (exact for a uniform solid, by the divergence theorem over signed tetrahedra), with the checks that a mesh is one closed, outward-oriented shell; and the box and T-handle meshes the notebooks use.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from ._common import _EYE, _TINY
from .principal import _unphysical

__all__ = [
    "mesh", "box_mesh", "t_handle_mesh",
]


def _faces(faces, n_vertices: int) -> np.ndarray:
    if faces is None or isinstance(faces, (str, bytes)):
        raise ValueError(f"faces must be an (F, 3) array of integer vertex indices, got {_v.describe(faces)}")
    try:
        f = np.asarray(faces)
    except (ValueError, TypeError):
        raise ValueError("faces must be an (F, 3) array of integer vertex indices; got a ragged nested "
                         "sequence (rows of different lengths)") from None
    if f.dtype == object or f.dtype.kind == "b" or (f.size and not np.issubdtype(f.dtype, np.integer)):
        raise ValueError(f"faces must be integer vertex indices, got dtype {f.dtype}")
    if f.ndim != 2 or f.shape[1] != 3:
        raise ValueError(f"faces must have shape (F, 3) (triangles), got shape {f.shape}")
    if f.shape[0] < 4:
        raise ValueError(f"faces must hold at least 4 triangles to enclose a volume, got {f.shape[0]}")
    if f.min() < 0 or f.max() >= n_vertices:
        raise ValueError(
            f"faces index out of range: indices must be in [0, {n_vertices - 1}], "
            f"got min {f.min()} and max {f.max()}")
    bad = (f[:, 0] == f[:, 1]) | (f[:, 1] == f[:, 2]) | (f[:, 2] == f[:, 0])
    if np.any(bad):
        k = int(np.flatnonzero(bad)[0])
        raise ValueError(f"faces[{k}] = {f[k].tolist()} repeats a vertex (a degenerate triangle)")
    return f.astype(np.int64)


def _check_closed_oriented(f: np.ndarray, n_vertices: int) -> None:
    """Every edge in exactly two faces, traversed once in each direction."""
    start = f.reshape(-1)
    end = np.roll(f, -1, axis=1).reshape(-1)            # edges (0,1), (1,2), (2,0) of each face
    lo, hi = np.minimum(start, end), np.maximum(start, end)
    keys, counts = np.unique(lo * n_vertices + hi, return_counts=True)
    if np.any(counts == 1):
        k = keys[counts == 1]
        i, j = divmod(int(k[0]), n_vertices)
        raise ValueError(
            f"the mesh is open: {k.size} edge(s) belong to only one face, e.g. edge ({i}, {j}); "
            "a closed mesh has every edge shared by exactly two faces")
    if np.any(counts > 2):
        k = int(keys[counts > 2][0])
        i, j = divmod(k, n_vertices)
        raise ValueError(
            f"the mesh is not a closed 2-manifold: edge ({i}, {j}) is shared by "
            f"{int(counts[counts > 2][0])} faces (it must be shared by exactly two; an open or "
            "non-manifold mesh)")
    keys, counts = np.unique(start * n_vertices + end, return_counts=True)
    if np.any(counts > 1):
        i, j = divmod(int(keys[counts > 1][0]), n_vertices)
        raise ValueError(
            f"the faces are inconsistently oriented: edge ({i} -> {j}) is traversed twice in the "
            "same direction (neighbouring triangles must wind the same way)")


def mesh(vertices, faces, *, mass=None, density=None):
    """Mass, centre of mass and inertia of a closed, outward-oriented triangle mesh.

    Parameters
    ----------
    vertices : array_like, shape (V, 3)
        Vertex positions.
    faces : array_like of int, shape (F, 3)
        Triangles as vertex indices, counter-clockwise seen from outside (outward
        normals by the right-hand rule).
    mass, density : float, keyword-only, optional
        Give at most one (> 0). With neither, ``density = 1``.

    Returns
    -------
    mass : float
        ``ρ V``.
    com : ndarray, shape (3,)
        Centre of mass, in the frame of ``vertices``.
    inertia : ndarray, shape (3, 3)
        Inertia about the centre of mass (axes of the ``vertices`` frame).

    Raises
    ------
    ValueError
        Bad shapes or indices; an *open* mesh (an edge not shared by exactly two faces);
        inconsistent orientation (an edge traversed twice in the same direction); an
        *inside-out* mesh (faces wound inward: negative signed volume); zero volume; several
        shells that overlap, or an inward-wound shell that is not a cavity inside exactly one
        solid shell; a mass, density or size whose result overflows.

    Notes
    -----
    The volume integrals of the forces-and-impulses article (§1 慣性テンソル), turned into a sum
    over faces by the divergence theorem: each triangle ``(a, b, c)`` spans a signed tetrahedron
    with a reference point (the mean vertex, to limit cancellation), of volume ``det[a b c]/6``
    and, exactly,

    * ``∫ x dV = det/24 · (a + b + c)``,
    * ``∫ x xᵀ dV = det/120 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ)``, ``s = a + b + c``

    (the second moments of a tetrahedron, e.g. Tonon 2004, Eberly's "Polyhedral mass
    properties"). Summing the signed tetrahedra gives the integrals over the enclosed
    volume. Then ``I = ρ (tr C · 1 − C)`` with ``C`` the second moment about the centre
    of mass.

    ``vertices``/``faces`` may hold several closed shells (faces connected through shared
    edges; e.g. :func:`t_handle_mesh`, two boxes that touch along a face): each shell is
    closed, and their integrals add. Shells must not overlap (overlapping volume would count
    twice); an inward-wound shell nested inside an outward one is subtracted, i.e. a cavity.
    Both are checked: the surfaces of two shells must not cross (touching is allowed), and
    just inside every shell (near up to 64 of its faces) the generalised winding number of
    the other shells must be 0 for an outward shell and 1 for an inward one (the density of
    the body is then 0 or 1 everywhere).
    """
    v = _v.array(vertices, "vertices", (3,))
    if v.ndim != 2:
        raise ValueError(f"vertices must have shape (V, 3), got shape {v.shape}")
    f = _faces(faces, v.shape[0])
    if mass is not None and density is not None:
        raise ValueError("give exactly one of mass and density, not both")
    m_given = None if mass is None else _v.positive(mass, "mass")
    rho_given = None if density is None else _v.positive(density, "density")
    _check_closed_oriented(f, v.shape[0])

    used = np.unique(f)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        ref = v[used].mean(axis=0)
        extent = np.ptp(v[used], axis=0).max()
        a, b, c = (v[f[:, k]] - ref for k in range(3))
        det = np.einsum("ij,ij->i", a, np.cross(b, c))
        volume = det.sum() / 6.0
        size = extent ** 3
    _v.finite_result((ref, extent, det, volume, size), "vertices", "the volume")
    shell = _shell_labels(f)
    shell_volume = np.bincount(shell, weights=det) / 6.0
    flat = ~(np.abs(shell_volume) > 1e-12 * size)
    if np.any(flat):
        k = int(np.argmax(flat))
        which = "" if len(shell_volume) == 1 else f" (shell {k}, with faces[{int(np.flatnonzero(shell == k)[0])}])"
        raise ValueError(f"vertices and faces enclose no volume{which} (signed volume {shell_volume[k]:.3g}); "
                         "is the mesh flat, or are the vertices too small (below ~1e-100)?")
    if len(shell_volume) == 1 and volume < 0:
        raise ValueError(
            f"the mesh is inside-out: its faces are wound inward (signed volume {volume:.6g} < 0); "
            "reverse the vertex order of every face")
    if len(shell_volume) > 1:
        _check_shells(v, f, shell, np.sign(shell_volume), extent)
    with np.errstate(over="ignore", invalid="ignore", under="ignore"):
        s = a + b + c
        first = det @ s / 24.0
        second = (np.einsum("n,ni,nj->ij", det, a, a) + np.einsum("n,ni,nj->ij", det, b, b)
                  + np.einsum("n,ni,nj->ij", det, c, c) + np.einsum("n,ni,nj->ij", det, s, s)) / 120.0
        com_rel = first / volume
        second_com = second - volume * np.outer(com_rel, com_rel)
        if m_given is not None:
            rho = m_given / volume
        elif rho_given is not None:
            rho = rho_given
        else:
            rho = 1.0
        inertia = rho * (np.trace(second_com) * _EYE - second_com)
        result = (rho * volume, ref + com_rel, inertia)
    names = ("vertices",) + (("mass",) if mass is not None else ("density",) if density is not None else ())
    _v.finite_result(result, names, "the mass or the inertia")
    scale = np.abs(inertia).max()
    if scale < _TINY:
        raise ValueError("vertices too small: the inertia underflows to 0 (the body is below ~1e-100 in size)")
    reason = _unphysical(0.5 * inertia + 0.5 * inertia.T, scale)
    if reason:
        raise ValueError(f"vertices and faces do not describe a solid: its inertia {reason} "
                         "(do faces cross each other?)")
    return result[0], result[1], 0.5 * inertia + 0.5 * inertia.T


def _shell_labels(f: np.ndarray) -> np.ndarray:
    """Label each face with its shell: faces are connected when they share an edge."""
    n = f.shape[0]
    edge = np.sort(np.stack([f, np.roll(f, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2)
    owner = np.repeat(np.arange(n), 3)
    order = np.lexsort((edge[:, 1], edge[:, 0]))
    pairs = owner[order].reshape(-1, 2)              # every edge is in exactly two faces (checked)
    label = np.arange(n)
    while True:
        low = np.minimum(label[pairs[:, 0]], label[pairs[:, 1]])
        new = label.copy()
        np.minimum.at(new, pairs[:, 0], low)
        np.minimum.at(new, pairs[:, 1], low)
        new = new[new]                               # pointer jumping
        if np.array_equal(new, label):
            break
        label = new
    return np.unique(label, return_inverse=True)[1]


def _winding(points, tri):
    """Generalised winding numbers of the closed oriented triangles ``tri`` (F, 3, 3) at ``points`` (P, 3).

    Σ of the signed solid angles (Van Oosterom & Strackee) / 4π: +1 inside an outward shell, −1
    inside an inward one, 0 outside.
    """
    out = np.zeros(len(points))
    for lo in range(0, len(points), max(1, 200_000 // max(1, len(tri)))):
        p = points[lo:lo + max(1, 200_000 // max(1, len(tri)))]
        r = tri[None, :, :, :] - p[:, None, None, :]                  # (P, F, 3, 3)
        a, b, c = r[:, :, 0], r[:, :, 1], r[:, :, 2]
        la, lb, lc = (np.linalg.norm(x, axis=-1) for x in (a, b, c))
        num = np.einsum("pfi,pfi->pf", a, np.cross(b, c))
        den = (la * lb * lc + np.einsum("pfi,pfi->pf", a, b) * lc + np.einsum("pfi,pfi->pf", a, c) * lb
               + np.einsum("pfi,pfi->pf", b, c) * la)
        out[lo:lo + len(p)] = 2.0 * np.arctan2(num, den).sum(axis=1) / (4.0 * np.pi)
    return out


def _flat_edges(v, f):
    """``flat[F, 3]``: is edge k = (f[k], f[k+1]) of each face between two coplanar faces?"""
    n = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
    n = n / np.linalg.norm(n, axis=-1, keepdims=True)
    key = np.sort(np.stack([f, np.roll(f, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2)
    owner = np.repeat(np.arange(len(f)), 3)
    order = np.lexsort((key[:, 1], key[:, 0]))
    pairs = owner[order].reshape(-1, 2)
    flat_pair = np.einsum("ij,ij->i", n[pairs[:, 0]], n[pairs[:, 1]]) > 1.0 - 1e-12
    flat = np.empty(len(key), bool)
    flat[order] = np.repeat(flat_pair, 2)
    return flat.reshape(-1, 3)


def _edges_cross(v, f_s, f_t, flat_t):
    """Does an edge of the faces ``f_s`` properly cross a face of ``f_t`` (not just touch it)?

    A crossing counts when the edge passes strictly from one side of the triangle's plane to the
    other and hits the triangle's interior, or one of its edges that lies inside a flat region
    (between two coplanar triangles); hits on a crease edge or a vertex are touching, as are
    edges lying in the plane.
    """
    e = np.unique(np.sort(np.stack([f_s, np.roll(f_s, -1, axis=1)], axis=-1), axis=-1).reshape(-1, 2), axis=0)
    p0, d = v[e[:, 0]], v[e[:, 1]] - v[e[:, 0]]
    A, B, C = v[f_t[:, 0]], v[f_t[:, 1]], v[f_t[:, 2]]
    e1, e2 = B - A, C - A
    step = max(1, 1_000_000 // max(1, len(f_t)))
    tol = 1e-9
    for lo in range(0, len(e), step):
        P, D = p0[lo:lo + step, None, :], d[lo:lo + step, None, :]
        h = np.cross(D, e2)
        det = np.einsum("efi,efi->ef", np.broadcast_to(e1, h.shape), h)
        scale = np.linalg.norm(D, axis=-1) * np.linalg.norm(e1, axis=-1) * np.linalg.norm(e2, axis=-1)
        ok = np.abs(det) > 1e-12 * scale                      # not parallel to the plane
        inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
        sv = P - A
        u = np.einsum("efi,efi->ef", sv, h) * inv
        q = np.cross(sv, np.broadcast_to(e1, sv.shape))
        w = np.einsum("efi,efi->ef", np.broadcast_to(D, q.shape), q) * inv
        t = np.einsum("fi,efi->ef", e2, q) * inv
        g = 1.0 - u - w                                       # barycentric weight of A
        strict = ok & (t > tol) & (t < 1.0 - tol) & (u > -tol) & (w > -tol) & (g > -tol)
        zero = np.stack([np.abs(w) <= tol, np.abs(g) <= tol, np.abs(u) <= tol], axis=-1)   # edges AB, BC, CA
        n_zero = zero.sum(axis=-1)
        on_flat = (n_zero == 1) & np.any(zero & flat_t[None, :, :], axis=-1)
        if np.any(strict & ((n_zero == 0) | on_flat)):
            return True
    return False


def _check_shells(v, f, shell, sign, extent):
    """Several shells: they must not overlap, and an inward shell must be a cavity of exactly one solid.

    The density of a valid body is 0 or 1 everywhere. Points just inside each shell (a little
    inside the centroids of its faces) are tested against the winding numbers of the other
    shells; the surfaces of two shells must not cross (touching is allowed).
    """
    n_shells = len(sign)
    tri = v[f]
    normal = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    area = np.linalg.norm(normal, axis=-1)
    flat = _flat_edges(v, f)
    lo = np.array([tri[shell == k].reshape(-1, 3).min(axis=0) for k in range(n_shells)])
    hi = np.array([tri[shell == k].reshape(-1, 3).max(axis=0) for k in range(n_shells)])
    pad = 1e-9 * extent
    for i in range(n_shells):
        for j in range(i + 1, n_shells):
            if np.any(lo[i] > hi[j] - pad) or np.any(lo[j] > hi[i] - pad):
                continue                                      # boxes at most touch
            si, sj = shell == i, shell == j
            if _edges_cross(v, f[si], f[sj], flat[sj]) or _edges_cross(v, f[sj], f[si], flat[si]):
                raise ValueError(f"vertices and faces: shells {i} and {j} overlap (their surfaces cross); "
                                 "shells must not overlap (the common volume would count twice)")
    delta = 1e-6 * extent
    for k in range(n_shells):
        idx = np.flatnonzero(shell == k)
        idx = idx[np.linspace(0, len(idx) - 1, min(len(idx), 64)).astype(int)]
        inward = -sign[k] * normal[idx] / area[idx, None]     # into the region the shell encloses
        p = tri[idx].mean(axis=1) + delta * inward
        others = _winding(p, tri[shell != k]) if n_shells > 1 else np.zeros(len(p))
        want = 0.0 if sign[k] > 0 else 1.0
        bad = np.abs(others - want) > 0.25
        if np.any(bad):
            first = int(idx[np.argmax(bad)])
            if sign[k] > 0:
                raise ValueError(f"vertices and faces: shell {k} (with faces[{first}]) overlaps another "
                                 "solid shell (it lies inside it: the common volume would count twice)")
            raise ValueError(f"faces: shell {k} (with faces[{first}]) is wound inward but is not a cavity "
                             "inside exactly one solid shell; wind it outward (a separate body) or put it "
                             "inside a solid")


def box_mesh(a, b, c, *, center=None):
    """Closed, outward-oriented triangle mesh of a box with full edge lengths a, b, c.

    Parameters
    ----------
    a, b, c : float
        Edge lengths along x, y, z (> 0).
    center : array_like, shape (3,), optional
        Centre of the box (default the origin).

    Returns
    -------
    vertices : ndarray, shape (8, 3)
    faces : ndarray of int, shape (12, 3)
        Two triangles per side, counter-clockwise seen from outside.
        ``mesh(*box_mesh(a, b, c), mass=m)`` reproduces ``box(m, a, b, c)``.
    """
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    centre = np.zeros(3) if center is None else _v.vector3(center, "center", allow_batch=False)
    vertices = _v.finite_result(_box_vertices(a, b, c, centre), ("a", "b", "c", "center"), "a vertex")
    return vertices, _BOX_FACES.copy()


def _box_vertices(a, b, c, centre):
    corners = np.array([[x, y, z] for x in (-0.5, 0.5) for y in (-0.5, 0.5) for z in (-0.5, 0.5)])
    with np.errstate(over="ignore", invalid="ignore"):
        return corners * np.array([a, b, c]) + centre


# corner index = 4 i_x + 2 i_y + i_z
_BOX_FACES = np.array([
    [0, 1, 3], [0, 3, 2],      # x = −a/2
    [4, 6, 7], [4, 7, 5],      # x = +a/2
    [0, 4, 5], [0, 5, 1],      # y = −b/2
    [2, 3, 7], [2, 7, 6],      # y = +b/2
    [0, 2, 6], [0, 6, 4],      # z = −c/2
    [1, 5, 7], [1, 7, 3],      # z = +c/2
], dtype=np.int64)


def t_handle_mesh(bar_length=1.0, bar_width=0.15, stem_length=0.5, stem_width=0.15):
    """Triangle mesh of a T-handle (the Dzhanibekov wing nut), com at the origin.

    Two boxes, each a closed shell, in one vertex/face set: the *bar*
    (``bar_length × bar_width × bar_width``, along x) and the *stem*
    (``stem_width × stem_width × stem_length``, along +z) standing on the middle of
    the bar's top face. They touch along a face and do not overlap, so :func:`mesh`
    adds their integrals (the union as one closed surface is not needed).

    Parameters
    ----------
    bar_length, bar_width, stem_length, stem_width : float
        Sizes (> 0); ``stem_width ≤ bar_length``.

    Returns
    -------
    vertices : ndarray, shape (16, 3)
        Shifted so that the centre of mass (uniform density) is at the origin. The
        planes x = 0 and y = 0 are mirror planes, so the principal axes are x, y, z.
    faces : ndarray of int, shape (24, 3)

    Notes
    -----
    With the defaults the three principal moments are clearly distinct, in the ratio
    about 0.38 : 0.66 : 1 — smallest about x (the bar), intermediate about z (the
    stem), largest about y (perpendicular to the T) — so a spin about the stem is the
    unstable one that flips (the intermediate-axis theorem, notebook 08).
    """
    L = _v.positive(bar_length, "bar_length")
    w = _v.positive(bar_width, "bar_width")
    h = _v.positive(stem_length, "stem_length")
    s = _v.positive(stem_width, "stem_width")
    if s > L:
        raise ValueError(f"stem_width must be <= bar_length, got {s!r} > {L!r}")
    names = ("bar_length", "bar_width", "stem_length", "stem_width")
    with np.errstate(over="ignore", invalid="ignore", under="ignore", divide="ignore"):
        z_stem = 0.5 * w + 0.5 * h
        com_z = (s * s * h * z_stem) / (L * w * w + s * s * h)
        if not np.isfinite(com_z):                     # the same, as ratios that do not overflow
            ratio = (s / w) * (s / L) * (h / w)       # s² h / (L w²)
            com_z = z_stem * (ratio / (1.0 + ratio)) if np.isfinite(ratio) else z_stem
        vertices = np.concatenate([_box_vertices(L, w, w, np.array([0.0, 0.0, -com_z])),
                                   _box_vertices(s, s, h, np.array([0.0, 0.0, z_stem - com_z]))])
    _v.finite_result((z_stem, com_z, vertices), names, "a vertex or the centre of mass")
    return vertices, np.concatenate([_BOX_FACES, _BOX_FACES + 8])
