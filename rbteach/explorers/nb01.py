"""Explorer of notebook 01 (inertia tensor): a box or a cylinder, its size and where it sits → its tensor.

A body of mass :data:`MASS` has its centre of mass at ``d = (dx, dy, dz)`` from a reference point O.
Its tensor about its centre of mass comes from :func:`rbteach.inertia.box` (full edges ``a, b, c``) or
:func:`rbteach.inertia.solid_cylinder` (diameter ``a``, height ``c``, symmetry axis z; ``b`` unused),
and the parallel-axis theorem (:func:`rbteach.inertia.parallel_axis`) moves it to O:

``I_O = I_com + m (|d|² 1 − d dᵀ)``  (the tensor of the forces-and-impulses article, §1 慣性テンソル;
the ``inertia_conversion`` of 「回転運動のシミュレーション」 (2019) run forwards).

An offset with two non-zero components gives non-zero products of inertia, with the minus sign of
``I_xy = −∫ρ x y dV``: ``I_xy = −m dx dy`` for a symmetric body. The figure shows the body, O and the
inertia ellipsoid ``xᵀ I_O x = 1`` about O with its principal axes (scaled to fit), and the nine
entries of ``I_O`` as a table coloured by sign. Along a unit direction n the ellipsoid reaches
``1/√I_n`` with ``I_n = nᵀ I_O n`` the moment about the axis through O along n: it is longest along
the axis that is easiest to spin about. The slider ``b`` is disabled for the cylinder (it has no
part there): :func:`inactive` says so to the live page, ``controls()`` to the old widget.

:func:`scene` is the same picture for the live explorer (:func:`rbteach.explorers.live.live`): the
3-D panel turns with the mouse, and the tensor's six independent entries are bars coloured by sign
(their numbers are in the summary under the picture). A frame's :func:`summary` and :func:`scene`
share one :func:`compute` (remembered for the last few values, its arrays read-only).

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia
from . import ROUNDING_FLOOR, cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["DEFAULTS", "MASS", "SHAPES", "VIEW", "compute", "summary", "draw", "scene", "inactive",
           "controls", "widget"]

#: The body's mass in kg.
MASS = 2.0
#: The shapes offered.
SHAPES = ("box", "cylinder")
#: Starting values: lengths in m (``a``: box edge along x or cylinder diameter), offset of the
#: centre of mass from O in m, and the shape.
DEFAULTS = {"a": 1.0, "b": 0.6, "c": 0.4, "dx": 0.5, "dy": 0.3, "dz": 0.0, "shape": "box"}
#: Step of the length and offset sliders in m (fine enough for a live drag: 380 positions of ``a``).
STEP = 0.005
#: Elevation and azimuth (degrees) of the 3-D view.
VIEW = (30.0, -40.0)


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


def compute(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
            dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
            shape: str = DEFAULTS["shape"]) -> dict:
    """The body's tensor about its centre of mass and about O (the com sits at ``d`` from O).

    Returns
    -------
    dict with
        ``inertia_com`` (3, 3) about the centre of mass (``rbteach.inertia.box`` or ``solid_cylinder``);
        ``offset`` (3,) ``d``; ``inertia`` (3, 3) about O, ``parallel_axis(inertia_com, MASS, −d)``;
        ``moments`` (3,) ascending and ``O`` (3, 3) principal axes about O (``rbteach.inertia.principal_axes``).
        The arrays are read-only (one result is shared by a frame's summary and scene).

    Raises
    ------
    ValueError
        If a length is not > 0, an offset is not finite, or ``shape`` is not one of :data:`SHAPES`.
    """
    if not isinstance(shape, str) or shape not in SHAPES:
        raise ValueError(f"shape must be one of {SHAPES}, got {shape!r}")
    return _tensor(a=_v.positive(a, "a"), b=_v.positive(b, "b"), c=_v.positive(c, "c"),
                   dx=_v.finite_scalar(dx, "dx"), dy=_v.finite_scalar(dy, "dy"), dz=_v.finite_scalar(dz, "dz"),
                   shape=shape)


@cached
def _tensor(*, a: float, b: float, c: float, dx: float, dy: float, dz: float, shape: str) -> dict:
    """:func:`compute` for checked values (remembered, so a frame's summary and scene share it:
    the arrays are read-only)."""
    d = np.array([dx, dy, dz])
    I_com = inertia.box(MASS, a, b, c) if shape == "box" else inertia.solid_cylinder(MASS, a / 2, c)
    # O = com + (−d): parallel_axis gives the tensor about com + offset.
    I_O = inertia.parallel_axis(I_com, MASS, -d)
    moments, O = inertia.principal_axes(I_O)
    out = {"inertia_com": I_com, "offset": d, "inertia": I_O, "moments": moments, "O": O}
    for value in out.values():
        value.setflags(write=False)
    return out


def summary(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
            dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
            shape: str = DEFAULTS["shape"]) -> str:
    """Three lines: moments and products of inertia about O, and the principal moments (kg m²).

    A fourth line says when principal moments are equal (a cube about its centre: 1/3 kg m² three
    times): then the principal axes are not unique, and the arrows are the choice of
    :func:`rbteach.inertia.principal_axes` (x, y, z for three equal moments; for two, the distinct
    axis and, in the plane of the equal ones, the projection of the coordinate axis most nearly
    perpendicular to it). Moments count as equal by the same rule as there (to 64 ε of the largest).
    """
    r = compute(a=a, b=b, c=c, dx=dx, dy=dy, dz=dz, shape=shape)
    I = r["inertia"]
    mom = ", ".join(_fmt(I[i, i]) for i in range(3))
    prod = ", ".join(_fmt(I[i, j]) for i, j in ((0, 1), (0, 2), (1, 2)))
    pm = ", ".join(_fmt(m) for m in r["moments"])
    text = (f"about O: moments I_xx, I_yy, I_zz = {mom} kg m²\n"
            f"products of inertia I_xy, I_xz, I_yz = {prod} kg m²\n"
            f"principal moments I₁ ≤ I₂ ≤ I₃ = {pm} kg m²")
    repeated = _repeated(r["moments"])
    if repeated:
        text += "\n" + repeated
    return text


#: Principal moments closer than this (relative to the largest) count as equal, as in principal_axes.
_REPEATED_RTOL = 64.0 * np.finfo(float).eps


def _repeated(moments) -> str:
    """A line on equal principal moments (not unique axes), or "" when the three differ."""
    tol = _REPEATED_RTOL * float(np.max(np.abs(moments)))
    if moments[2] - moments[0] <= tol:
        return "three equal moments: every axis through O is principal; the arrows show rbteach's x, y, z"
    if moments[1] - moments[0] <= tol:
        return "I₁ = I₂: every axis ⟂ to axis 3 is principal; arrows 1, 2 are rbteach's choice (notebook 02)"
    if moments[2] - moments[1] <= tol:
        return "I₂ = I₃: every axis ⟂ to axis 1 is principal; arrows 2, 3 are rbteach's choice (notebook 02)"
    return ""


def _view_radius(a: float, b: float, c: float, d, shape: str) -> float:
    """Half-width of the 3-D view: 1.2 m, or more where the body would leave it."""
    half = np.array([a, b, c] if shape == "box" else [a, a, c]) / 2
    return max(1.2, 1.05 * float(np.max(np.abs(d) + half)))


def _draw_cylinder(ax, r: float, h: float, center, n: int = 24, **kw):
    """Wireframe of a cylinder of radius ``r`` and height ``h`` along z centred at ``center``."""
    kw.setdefault("color", "0.3")
    kw.setdefault("linewidth", 1)
    t = np.linspace(0.0, 2 * np.pi, n + 1)
    cx, cy, cz = center
    arts = []
    for z in (cz - h / 2, cz + h / 2):
        arts += ax.plot(cx + r * np.cos(t), cy + r * np.sin(t), np.full_like(t, z), **kw)
    for k in range(0, n, n // 6):
        x, y = cx + r * np.cos(t[k]), cy + r * np.sin(t[k])
        arts += ax.plot([x, x], [y, y], [cz - h / 2, cz + h / 2], **kw)
    return arts


def draw(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
         dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
         shape: str = DEFAULTS["shape"]):
    """The body, O and the inertia ellipsoid about O with its principal axes (left); the tensor's
    nine entries, coloured by sign (right). Returns the Figure."""
    import matplotlib.pyplot as plt

    from .. import plotting

    from matplotlib.colors import LinearSegmentedColormap

    r = compute(a=a, b=b, c=c, dx=dx, dy=dy, dz=dz, shape=shape)
    d = r["offset"]
    R = _view_radius(a, b, c, d, shape)
    fig = plt.figure(figsize=(9, 4), dpi=plotting.FIGURE_DPI)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    if shape == "box":
        plotting.draw_box(ax, a, b, c, center=d, linewidth=1)
    else:
        _draw_cylinder(ax, a / 2, c, d)
    ax.scatter(*d, color="k", s=12)
    ax.scatter(0, 0, 0, color=plotting.PALETTE["reddish purple"], s=30)
    ax.text(0, 0, -0.2 * R, "O", color=plotting.PALETTE["reddish purple"], fontsize=11)
    radii = plotting.inertia_ellipsoid_radii(np.maximum(r["moments"], 1e-12))
    plotting.draw_ellipsoid(ax, radii * (0.65 * R / radii.max()), r["O"], n=20, shade=False)
    plotting.draw_frame(ax, r["O"], length=0.75 * R, labels=("1", "2", "3"))
    plotting.set_equal_3d(ax, R)
    ax.view_init(elev=VIEW[0], azim=VIEW[1])
    ax.set_title(f"{shape} ({MASS:g} kg), centre of mass at d = ({dx:g}, {dy:g}, {dz:g}) m from O\n"
                 "inertia ellipsoid about O (scaled), principal axes 1, 2, 3", fontsize=10)

    tx = fig.add_subplot(1, 2, 2)
    I = r["inertia"]
    vmax = np.abs(I).max()
    sign = LinearSegmentedColormap.from_list(
        "sign", [plotting.PALETTE["sky blue"], "white", plotting.PALETTE["orange"]])
    tx.imshow(I, cmap=sign, vmin=-1.4 * vmax, vmax=1.4 * vmax)
    for i in range(3):
        for j in range(3):
            tx.text(j, i, _fmt(I[i, j]), ha="center", va="center", fontsize=12)
    tx.set_xticks(range(3), ["x", "y", "z"])
    tx.set_yticks(range(3), ["x", "y", "z"])
    tx.set_title("I about O (kg m²): orange > 0, blue < 0", fontsize=10)
    # Fixed margins (what tight_layout found for the defaults): tight_layout measured every label
    # again on each frame, ~25% of the redraw.
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.08, top=0.88, wspace=0.05)
    return fig


#: Width of the live canvas (CSS px, the page's default); the two panels share it equally (as in draw()).
LIVE_WIDTH = CANVAS_SIZE[0]
#: The tensor entries of the live bar panel, in order, and where they sit in the matrix.
LIVE_ENTRIES = (("I_xx", (0, 0)), ("I_yy", (1, 1)), ("I_zz", (2, 2)),
                ("I_xy", (0, 1)), ("I_xz", (0, 2)), ("I_yz", (1, 2)))
#: The bar panel's vertical ranges (±, kg m²): the smallest that holds the largest entry.
LIVE_BAR_LEVELS = (0.5, 1.0, 2.0, 4.0, 6.0)


def _cross3d(center, size: float) -> np.ndarray:
    """Three short segments through ``center`` along x, y, z (a point that shows from every side)."""
    center = np.asarray(center, dtype=float)
    gap = np.full(3, np.nan)
    rows = []
    for e in np.eye(3):
        rows += [center - size * e, center + size * e, gap]
    return np.array(rows[:-1])


def _box_edges(a: float, b: float, c: float, center) -> np.ndarray:
    """The 12 edges of a box (full edges ``a, b, c``, axis-aligned, centred at ``center``) as one
    polyline: two rectangles (z = ∓c/2) and the four vertical edges, NaN rows between pieces."""
    hx, hy, hz = a / 2, b / 2, c / 2
    gap = [np.nan] * 3
    ring = lambda z: [[-hx, -hy, z], [hx, -hy, z], [hx, hy, z], [-hx, hy, z], [-hx, -hy, z]]  # noqa: E731
    rows = ring(-hz) + [gap] + ring(hz)
    for x, y in ((-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)):
        rows += [gap, [x, y, -hz], [x, y, hz]]
    return np.array(rows, dtype=float) + np.asarray(center, dtype=float)


def _cylinder_edges(r: float, h: float, center, n: int = 48) -> np.ndarray:
    """A cylinder (radius ``r``, height ``h``, axis z, centred at ``center``) as one polyline: the two
    end circles and six lines along its side, NaN rows between pieces (as :func:`draw`'s wireframe)."""
    t = np.linspace(0.0, 2 * np.pi, n + 1)
    gap = np.full((1, 3), np.nan)
    pieces = []
    for z in (-h / 2, h / 2):
        pieces += [np.column_stack([r * np.cos(t), r * np.sin(t), np.full_like(t, z)]), gap]
    for phi in np.arange(6) * np.pi / 3:
        x, y = r * np.cos(phi), r * np.sin(phi)
        pieces += [np.array([[x, y, -h / 2], [x, y, h / 2]]), gap]
    return np.concatenate(pieces[:-1]) + np.asarray(center, dtype=float)


def _ellipsoid_wire(radii, axes, n: int = 48) -> np.ndarray:
    """The ellipsoid with semi-axes ``radii`` along the columns of ``axes``, about O, as one
    polyline: six meridians (through the poles of axis 3, among them the two principal sections
    that hold axis 3) and five parallels (the middle one the section of axes 1 and 2)."""
    t = np.linspace(0.0, 2 * np.pi, n + 1)
    gap = np.full((1, 3), np.nan)
    pieces = []
    for phi in np.arange(6) * np.pi / 6:                      # full meridian ellipses
        pieces += [np.column_stack([np.cos(phi) * np.sin(t), np.sin(phi) * np.sin(t), np.cos(t)]), gap]
    for w in np.arange(1, 6) * np.pi / 6:                     # parallels
        pieces += [np.column_stack([np.sin(w) * np.cos(t), np.sin(w) * np.sin(t), np.full_like(t, np.cos(w))]), gap]
    unit = np.concatenate(pieces[:-1])
    return (unit * radii) @ np.asarray(axes).T


def scene(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
          dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
          shape: str = DEFAULTS["shape"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left a 3-D panel
    the student turns with the mouse (half-width: the body's farthest point from O, so that it stays
    in view at every angle; the body's edges grey, its centre of mass a black cross, O a
    reddish-purple cross, the inertia ellipsoid about O scaled to 0.65 of the view as an orange
    wireframe, the principal axes 1, 2, 3 in the axis colours); right the six independent entries
    of I about O as bars over their names (I_xx … I_yz), orange > 0 and sky blue < 0 (draw()'s table; the numbers are in
    :func:`summary`)."""
    from ..plotting import AXIS_COLORS, PALETTE, inertia_ellipsoid_radii
    from .. import solids
    from .live import arrow3d, line3d, series, solid3d, space, xy

    r = compute(a=a, b=b, c=c, dx=dx, dy=dy, dz=dz, shape=shape)
    d = r["offset"]
    body = _box_edges(a, b, c, d) if shape == "box" else _cylinder_edges(a / 2, c, d)
    # the whole body stays in view however the panel is turned: its farthest point from O, not
    # draw()'s largest coordinate, sets the view's half-width
    R = max(1.2, 1.05 * float(np.sqrt(np.nanmax(np.einsum("ij,ij->i", body, body)))))
    purple = PALETTE["reddish purple"]
    radii = inertia_ellipsoid_radii(np.maximum(r["moments"], 1e-12))
    lines = [line3d(_ellipsoid_wire(radii * (0.65 * R / radii.max()), r["O"]), color=PALETTE["orange"],
                    width=1.0, alpha=0.6),
             line3d(body, color="#4d4d4d", width=1.5, wire=True),
             line3d(_cross3d(d, 0.04 * R), color=PALETTE["black"], width=2.0),
             line3d(_cross3d(np.zeros(3), 0.05 * R), color=purple, width=3.0),
             line3d([[0.0, 0.0, -0.2 * R / 1.08]], color=purple, label="O")]     # the label below O
    for i in range(3):
        tip = 0.75 * R * r["O"][:, i]
        lines.append(line3d(arrow3d(tip, head=0.1, barb=0.04), color=AXIS_COLORS[i], width=2.5, label="123"[i]))
    title = f"{shape} ({MASS:g} kg), centre of mass at d = ({dx:g}, {dy:g}, {dz:g}) m"
    # the body as a shaded solid under the lines (its edges above: the page's wireframe)
    faces = solids.box_faces(a, b, c) if shape == "box" else solids.prism_faces(a / 2, -c / 2, c / 2, sides=24)
    solid = solid3d(faces, center=d, name=shape)
    left = space(lines, radius=R, title=title, elev=VIEW[0], azim=VIEW[1], world_axes=True, width=1.0,
                 solids=[solid])

    I = r["inertia"]
    vals = np.array([I[ij] for _, ij in LIVE_ENTRIES])
    vals = np.where(np.abs(vals) < ROUNDING_FLOOR, 0.0, vals)   # no bar of rounding noise
    top = next((v for v in LIVE_BAR_LEVELS if 1.08 * np.abs(vals).max() <= v), 1.08 * np.abs(vals).max())
    xlim = (0.4, 6.6)
    plot_px = LIVE_WIDTH / 2 - PANEL_MARGINS[0]               # the page's plot box
    bar_px = 0.6 * plot_px / (xlim[1] - xlim[0])              # 0.6 of the spacing of the bars
    x = np.arange(1.0, 7.0)
    gap = np.full(6, np.nan)
    bars = [series(xlim, [0.0, 0.0], color="#666666", width=1.0), series([3.5, 3.5], (-top, top), color="#999999",
                                                                         dash=":", width=1.0)]
    for color, keep in ((PALETTE["orange"], vals > 0), (PALETTE["sky blue"], vals < 0)):
        bx = np.column_stack([x[keep], x[keep], gap[keep]]).ravel()   # each bar a thick vertical segment
        by = np.column_stack([np.zeros(keep.sum()), vals[keep], gap[keep]]).ravel()
        bars.append(series(bx, by, color=color, width=bar_px))
    right = xy(bars, xlim=xlim, ylim=(-top, top), title="I about O (kg m²): orange > 0, blue < 0",
               xticks=[(k + 1.0, name) for k, (name, _) in enumerate(LIVE_ENTRIES)],
               xlabel="moments | products of inertia", width=1.0)
    return {"panels": [left, right]}


def inactive(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
             dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
             shape: str = DEFAULTS["shape"]) -> list:
    """The controls that do nothing for these values (the live page disables them): ``b`` for the
    cylinder, whose size is the diameter ``a`` and the height ``c``."""
    return ["b"] if shape == "cylinder" else []


def controls() -> dict:
    """``a`` (the main slider), ``b``, ``c`` in m, the offset ``dx, dy, dz`` in m, and the shape.

    Lengths and offsets move in steps of 5 mm, so that the live picture follows a drag smoothly
    (a slider in steps of 0.1 m has only 20 positions: a drag would show a few jumps).

    ``b`` is disabled while the shape is the cylinder (its size is the diameter ``a`` and the
    height ``c``)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    ctrls = {}
    for name, desc in (("a", "a (m): x edge, or diameter"), ("b", "b (m): y edge (box only)"),
                       ("c", "c (m): z edge, or height")):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=0.1, max=2.0, step=STEP, description=desc,
                                    continuous_update=False, readout_format=".3f", style=style)
    for name in ("dx", "dy", "dz"):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=-1.0, max=1.0, step=STEP,
                                    description=f"{name} (m): centre of mass from O", continuous_update=False,
                                    readout_format=".3f", style=style)
    ctrls["shape"] = w.Dropdown(options=list(SHAPES), value=DEFAULTS["shape"], description="shape", style=style)

    def _only_for_the_box(change):
        ctrls["b"].disabled = change["new"] != "box"

    ctrls["shape"].observe(_only_for_the_box, names="value")
    _only_for_the_box({"new": ctrls["shape"].value})
    return ctrls


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
