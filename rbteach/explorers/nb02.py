"""Explorer of notebook 02 (principal axes): rotate a box and watch its inertia tensor.

The box (12 kg, edges 1.0 × 0.6 × 0.3 m) is tilted by ``tilt`` about the world x axis and then
turned by ``angle`` about the world z axis, ``R = Rz(angle) Rx(tilt)``. Its world tensor
``I_world = R I Rᵀ`` (the forces-and-impulses article, §2 座標系) changes entry by entry, but its
principal moments, trace and determinant do not (they are the eigenvalues of ``I`` and their sum
and product, which a change of frame leaves alone). The figure shows the box with its inertia
ellipsoid and principal axes (``rbteach.inertia.principal_axes``, each axis's sign chosen to follow
the box, so that the arrows turn continuously with the slider) and a bar chart of the six
independent tensor entries beside the three principal moments.

Contract: see :mod:`rbteach.explorers`, with :func:`scene` for the live explorer
(:func:`rbteach.explorers.live.live`: the picture follows the sliders while they are dragged, the
3-D panel turns with the mouse). A frame's :func:`summary` and :func:`scene` share one
:func:`compute` (remembered for the last few values; its arrays are read-only).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia, rotation
from . import ROUNDING_FLOOR, cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["DEFAULTS", "MASS", "EDGES", "compute", "summary", "draw", "scene", "controls", "widget"]

#: Starting values of the controls: angles in degrees.
DEFAULTS = {"angle": 30.0, "tilt": 20.0}
#: The body: a 12 kg box with full edge lengths 1.0, 0.6, 0.3 m along its local x, y, z.
MASS = 12.0
EDGES = (1.0, 0.6, 0.3)
#: Names of the six independent entries of a symmetric tensor, in the order of ``compute()["entries"]``.
ENTRY_NAMES = ("I_xx", "I_yy", "I_zz", "I_xy", "I_xz", "I_yz")
_ENTRY_INDEX = ((0, 0), (1, 1), (2, 2), (0, 1), (0, 2), (1, 2))
#: Half-width of the 3-D view: the box's corners (0.602 m from its centre) and the principal-axis
#: arrows (:data:`ARROW_LENGTH`, labels at 1.1 times that) stay inside at every attitude.
VIEW_RADIUS = 0.65
ARROW_LENGTH = 0.5


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


def _following(O: np.ndarray, reference: np.ndarray) -> np.ndarray:
    """``O`` with each of its first two columns' sign chosen to agree with the same column of
    ``reference`` (a positive dot product) and the third column their cross product (det +1).

    ``principal_axes`` fixes signs by a rule on the components (largest one positive), which flips
    an axis by 180° whenever two of its components swap in size, e.g. at angle ±45°. Following the
    turned principal axes of the box instead keeps the arrows continuous along the slider.
    """
    c0, c1 = O[:, 0], O[:, 1]
    c0 = -c0 if c0 @ reference[:, 0] < 0 else c0
    c1 = -c1 if c1 @ reference[:, 1] < 0 else c1
    return np.stack([c0, c1, np.cross(c0, c1)], axis=-1)


def compute(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]) -> dict:
    """The box's tensor in the world frame after ``R = Rz(angle) Rx(tilt)`` (angles in degrees).

    Returns
    -------
    dict with
        ``R`` (3, 3) the attitude (``rbteach.rotation.euler_zyx_to_matrix(angle, 0, tilt)``);
        ``inertia_local`` (3, 3) the box's tensor in its own axes (``rbteach.inertia.box``);
        ``inertia_world`` (3, 3) ``R I Rᵀ`` (``rbteach.inertia.rotate``);
        ``moments`` (3,) ascending and ``O`` (3, 3) from ``rbteach.inertia.principal_axes`` of the
        world tensor (``I_world = O diag(moments) Oᵀ``, det O = +1);
        ``axes`` (3, 3) the same principal axes with the signs that follow the box: each column
        points the way of the box's own principal axis turned by ``R`` (``R O_local``), so the
        drawn arrows turn continuously with the sliders (also a rotation, det +1);
        ``entries`` (6,) the world tensor's entries in the order of :data:`ENTRY_NAMES`;
        ``trace`` and ``det`` of the world tensor (invariants).
        The arrays are read-only (shared by a frame's summary and scene).
    """
    angle = _v.finite_scalar(angle, "angle")
    tilt = _v.finite_scalar(tilt, "tilt")
    return _turned(angle=angle, tilt=tilt)


@cached
def _turned(*, angle: float, tilt: float) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    R = rotation.euler_zyx_to_matrix(np.radians(angle), 0.0, np.radians(tilt))
    local = inertia.box(MASS, *EDGES)
    world = inertia.rotate(local, R)
    moments, O = inertia.principal_axes(world)
    _, O_local = inertia.principal_axes(local)
    entries = np.array([world[i, j] for i, j in _ENTRY_INDEX])
    out = {"R": R, "inertia_local": local, "inertia_world": world, "moments": moments, "O": O,
           "axes": _following(O, R @ O_local), "entries": entries,
           "trace": float(np.trace(world)), "det": float(np.linalg.det(world))}
    for v in out.values():
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


def summary(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]) -> str:
    """Two lines: the world tensor's products of inertia, and the (unchanging) principal moments."""
    c = compute(angle=angle, tilt=tilt)
    I = c["inertia_world"]
    products = ", ".join(_fmt(I[i, j]) for i, j in ((0, 1), (0, 2), (1, 2)))
    moments = ", ".join(_fmt(m) for m in c["moments"])
    return (f"products of inertia I_xy, I_xz, I_yz: {products} kg m²\n"
            f"principal moments I_1, I_2, I_3: {moments} kg m² (the same at every angle)")


#: Bar colours: diagonal entries, products of inertia, principal moments.
BAR_COLORS = ("blue", "reddish purple", "orange")
#: The starting view of the 3-D panel (degrees, as Matplotlib's ``view_init``).
VIEW = {"elev": 25.0, "azim": -25.0}


def _title_3d(angle: float, tilt: float) -> str:
    return f"box turned: angle {float(angle):.0f}°, tilt {float(tilt):.0f}°"


def _bar_values(c: dict) -> np.ndarray:
    """The nine bar heights: the world tensor's six entries, then the principal moments; rounding
    noise (|x| < :data:`rbteach.explorers.ROUNDING_FLOOR`, e.g. the products of inertia of the
    unturned box) as 0, so no bar of noise is drawn."""
    vals = np.concatenate([c["entries"], c["moments"]])
    return np.where(np.abs(vals) < ROUNDING_FLOOR, 0.0, vals)


def _body_moments() -> np.ndarray:
    """The box's principal moments, ascending, from its own tensor (diagonal in its own axes): the
    same numbers at every attitude, to the last bit."""
    return np.sort(np.diag(inertia.box(MASS, *EDGES)))


def _bar_limits() -> tuple[float, float]:
    """Fixed limits of the bar chart (they depend only on the body): ``|I_ij| ≤ (I_3 − I_1)/2`` for
    any rotation, and no entry exceeds ``I_3``."""
    m = _body_moments()
    return -0.55 * (m[2] - m[0]), 1.1 * m[2]


def draw(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]):
    """Box, inertia ellipsoid and principal axes in 3-D (left); the tensor's entries as bars (right).

    The ellipsoid is the inertia ellipsoid ``xᵀ I x = 1`` of notebook 01 (radius ``1/√I_n`` along a
    unit direction ``n``, ``I_n = nᵀ I n``), scaled to the box's size: it is longest along the axis
    that is easiest to spin about (smallest moment). Returns the Figure.
    """
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle=angle, tilt=tilt)
    fig = plt.figure(figsize=(9, 4), dpi=plotting.FIGURE_DPI)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    plotting.draw_box(ax, *EDGES, R=c["R"], linewidth=1)
    radii = plotting.inertia_ellipsoid_radii(c["moments"])
    plotting.draw_ellipsoid(ax, radii * (0.5 * max(EDGES) / radii.max()), c["axes"], n=20, alpha=0.2, shade=False)
    plotting.draw_frame(ax, c["axes"], length=ARROW_LENGTH, labels=("1", "2", "3"))
    plotting.set_equal_3d(ax, VIEW_RADIUS)
    ticks = [-0.5, 0.0, 0.5]
    ax.set_xticks(ticks); ax.set_yticks(ticks); ax.set_zticks(ticks)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_tick_params(labelsize=10)
    ax.view_init(**VIEW)
    ax.set_title(f"{_title_3d(angle, tilt)}\nprincipal axes 1, 2, 3", fontsize=11)

    bx = fig.add_subplot(1, 2, 2)
    lo, hi = _bar_limits()
    names = list(ENTRY_NAMES) + ["I_1", "I_2", "I_3"]
    values = _bar_values(c)
    colors = [plotting.PALETTE[k] for k in BAR_COLORS for _ in range(3)]
    bx.bar(range(9), values, color=colors)
    bx.axhline(0.0, color="0.4", linewidth=0.8)
    bx.axvline(5.5, color="0.6", linewidth=0.8, linestyle=":")
    bx.set_xticks(range(9), names, fontsize=10)
    bx.tick_params(axis="y", labelsize=10)
    bx.set_ylim(lo, hi)
    bx.set_ylabel("kg m²", fontsize=10)
    bx.set_title("world-frame entries (blue, purple)\nand principal moments (orange)", fontsize=11)
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.1, top=0.86, wspace=0.25)
    return fig


#: Width of the live canvas (CSS px, the page's default) and the bar panel's share of it (as in draw()).
LIVE_WIDTH, LIVE_BAR_SHARE = CANVAS_SIZE[0], 0.5
#: The live bar panel's top, in units of I_3: room above the bars for the page's legend (top right).
LIVE_TOP = 1.5
#: Points per ring of the live ellipsoid's wireframe.
_RING = 48


def _box_edges(edges, R) -> np.ndarray:
    """The 12 edges of a box (full edge lengths ``edges``, centred at the origin) turned by ``R``, as
    one polyline: its two faces z = ∓c/2 as closed rings and the four edges between them, NaN rows
    between the pieces (the edges of :func:`rbteach.plotting.draw_box`)."""
    hx, hy, hz = 0.5 * np.asarray(edges, dtype=float)
    gap = [np.nan] * 3
    ring = [[-hx, -hy, 0.0], [hx, -hy, 0.0], [hx, hy, 0.0], [-hx, hy, 0.0], [-hx, -hy, 0.0]]
    rows = [[x, y, -hz] for x, y, _ in ring] + [gap] + [[x, y, hz] for x, y, _ in ring]
    for x, y, _ in ring[:4]:
        rows += [gap, [x, y, -hz], [x, y, hz]]
    return np.array(rows) @ np.asarray(R).T


def _ellipsoid_wire(radii, axes) -> np.ndarray:
    """The ellipsoid with semi-axes ``radii`` along the columns of ``axes`` as one polyline: six
    meridians through the poles of axis 3 (among them the principal sections 1–3 and 2–3) and five
    parallels (the middle one the section 1–2), NaN rows between them."""
    t = np.linspace(0.0, 2 * np.pi, _RING + 1)
    gap = np.full((1, 3), np.nan)
    pieces = []
    for phi in np.arange(6) * np.pi / 6:
        pieces += [np.column_stack([np.cos(phi) * np.sin(t), np.sin(phi) * np.sin(t), np.cos(t)]), gap]
    for w in np.arange(1, 6) * np.pi / 6:
        pieces += [np.column_stack([np.sin(w) * np.cos(t), np.sin(w) * np.sin(t), np.full_like(t, np.cos(w))]), gap]
    return (np.concatenate(pieces[:-1]) * radii) @ np.asarray(axes).T


def scene(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`.

    Left a 3-D panel the student turns with the mouse (world axes x, y, z; the box's edges grey;
    the inertia ellipsoid scaled to the box as an orange wireframe; the principal axes 1, 2, 3 in
    the axis colours, with the signs that follow the box); right the six world-frame entries
    (diagonal blue, products reddish purple) and the three principal moments (orange) as bars, in
    limits fixed by the body.
    """
    from ..plotting import AXIS_COLORS, PALETTE, inertia_ellipsoid_radii
    from ..solids import box_faces
    from .live import arrow3d, line3d, series, solid3d, space, xy

    c = compute(angle=angle, tilt=tilt)
    radii = inertia_ellipsoid_radii(c["moments"])
    lines = [line3d(_ellipsoid_wire(radii * (0.5 * max(EDGES) / radii.max()), c["axes"]),
                    color=PALETTE["orange"], width=1.0, alpha=0.6),
             line3d(_box_edges(EDGES, c["R"]), color="#4d4d4d", width=1.5, wire=True)]
    for i in range(3):
        lines.append(line3d(arrow3d(ARROW_LENGTH * c["axes"][:, i]), color=AXIS_COLORS[i], width=2.5,
                            label="123"[i]))
    left = space(lines, radius=VIEW_RADIUS, title=f"{_title_3d(angle, tilt)}; principal axes 1, 2, 3",
                 world_axes=True, width=1.0 - LIVE_BAR_SHARE, **VIEW,
                 solids=[solid3d(box_faces(*EDGES), R=c["R"], name="box")])   # shaded, under the lines

    vals = _bar_values(c)
    lo = _bar_limits()[0]
    top = LIVE_TOP * _body_moments()[2]
    xlim = (0.4, 9.6)
    plot_px = LIVE_WIDTH * LIVE_BAR_SHARE - PANEL_MARGINS[0]   # the page's plot box
    bar_px = 0.7 * plot_px / (xlim[1] - xlim[0])               # 0.7 of the spacing of the bars
    x = np.arange(1.0, 10.0)
    gap = np.full(9, np.nan)
    bx = np.column_stack([x, x, gap]).ravel()                  # each bar a thick vertical segment
    by = np.column_stack([np.zeros(9), vals, gap]).ravel()
    names = ("world-frame moments", "products of inertia", "principal moments")
    bars = [series(xlim, [0.0, 0.0], color="#666666", width=1.0),
            series([6.5, 6.5], (lo, top), color="#999999", dash=":", width=1.0)]
    for k, color in enumerate(BAR_COLORS):
        bars.append(series(bx[9 * k:9 * k + 8], by[9 * k:9 * k + 8], color=PALETTE[color], width=bar_px))
    for name, color in zip(names, BAR_COLORS):                 # legend entries only (no data)
        bars.append(series([np.nan], [np.nan], color=PALETTE[color], width=8.0, label=name))
    right = xy(bars, xlim=xlim, ylim=(lo, top), title="world-frame entries and principal moments",
               xlabel="bars: I_xx I_yy I_zz | I_xy I_xz I_yz | I_1 I_2 I_3", ylabel="kg m²",
               width=LIVE_BAR_SHARE)
    return {"panels": [left, right]}


def controls() -> dict:
    """The sliders: ``angle`` (about world z, the main control) and ``tilt`` (about world x), degrees.

    Steps of 1°: a drag of the live explorer passes through many values, so the picture moves
    smoothly (on a 5° grid a drag over a third of the track gave only ~10 new pictures a second)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    return {
        "angle": w.FloatSlider(value=DEFAULTS["angle"], min=-180.0, max=180.0, step=1.0,
                               description="angle about world z (°)", continuous_update=False, style=style),
        "tilt": w.FloatSlider(value=DEFAULTS["tilt"], min=-90.0, max=90.0, step=1.0,
                              description="tilt about world x, applied first (°)", continuous_update=False,
                              style=style),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
