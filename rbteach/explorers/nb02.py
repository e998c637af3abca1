"""Explorer of notebook 02 (principal axes): rotate a box and watch its inertia tensor.

The box (12 kg, edges 1.0 × 0.6 × 0.3 m) is tilted by ``tilt`` about the world x axis and then
turned by ``angle`` about the world z axis, ``R = Rz(angle) Rx(tilt)``. Its world tensor
``I_world = R I Rᵀ`` (the forces-and-impulses article, §2 座標系) changes entry by entry, but its
principal moments, trace and determinant do not (they are the eigenvalues of ``I`` and their sum
and product, which a change of frame leaves alone). The figure shows the box with its inertia
ellipsoid and principal axes (``rbteach.inertia.principal_axes``, each axis's sign chosen to follow
the box, so that the arrows turn continuously with the slider) and a bar chart of the six
independent tensor entries beside the three principal moments.

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia, rotation

__all__ = ["DEFAULTS", "MASS", "EDGES", "compute", "summary", "draw", "controls", "widget"]

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
    """
    angle = _v.finite_scalar(angle, "angle")
    tilt = _v.finite_scalar(tilt, "tilt")
    R = rotation.euler_zyx_to_matrix(np.radians(angle), 0.0, np.radians(tilt))
    local = inertia.box(MASS, *EDGES)
    world = inertia.rotate(local, R)
    moments, O = inertia.principal_axes(world)
    _, O_local = inertia.principal_axes(local)
    entries = np.array([world[i, j] for i, j in _ENTRY_INDEX])
    return {"R": R, "inertia_local": local, "inertia_world": world, "moments": moments, "O": O,
            "axes": _following(O, R @ O_local), "entries": entries,
            "trace": float(np.trace(world)), "det": float(np.linalg.det(world))}


def summary(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]) -> str:
    """Two lines: the world tensor's products of inertia, and the (unchanging) principal moments."""
    c = compute(angle, tilt)
    I = c["inertia_world"]
    products = ", ".join(_fmt(I[i, j]) for i, j in ((0, 1), (0, 2), (1, 2)))
    moments = ", ".join(_fmt(m) for m in c["moments"])
    return (f"products of inertia I_xy, I_xz, I_yz: {products} kg m²\n"
            f"principal moments I_1, I_2, I_3: {moments} kg m² (the same at every angle)")


#: Bar colours: diagonal entries, products of inertia, principal moments.
BAR_COLORS = ("blue", "reddish purple", "orange")


def draw(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]):
    """Box, inertia ellipsoid and principal axes in 3-D (left); the tensor's entries as bars (right).

    The ellipsoid is the inertia ellipsoid ``xᵀ I x = 1`` of notebook 01 (radius ``1/√I_n`` along a
    unit direction ``n``, ``I_n = nᵀ I n``), scaled to the box's size: it is longest along the axis
    that is easiest to spin about (smallest moment). Returns the Figure.
    """
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle, tilt)
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
    ax.view_init(elev=25, azim=-25)
    ax.set_title(f"box turned: angle {angle:.0f}°, tilt {tilt:.0f}°\nprincipal axes 1, 2, 3", fontsize=11)

    bx = fig.add_subplot(1, 2, 2)
    # Fixed limits (they depend only on the body): |I_ij| ≤ (I_3 − I_1)/2 for any rotation.
    m = c["moments"]
    lo, hi = -0.55 * (m[2] - m[0]), 1.1 * m[2]
    names = list(ENTRY_NAMES) + ["I_1", "I_2", "I_3"]
    values = np.concatenate([c["entries"], m])
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


def controls() -> dict:
    """The sliders: ``angle`` (about world z, the main control) and ``tilt`` (about world x), degrees."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    return {
        "angle": w.FloatSlider(value=DEFAULTS["angle"], min=-180.0, max=180.0, step=5.0,
                               description="angle about world z (°)", continuous_update=False, style=style),
        "tilt": w.FloatSlider(value=DEFAULTS["tilt"], min=-90.0, max=90.0, step=5.0,
                              description="tilt about world x, applied first (°)", continuous_update=False,
                              style=style),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
