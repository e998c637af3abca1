"""Explorer of notebook 02 (principal axes): rotate a box and watch its inertia tensor.

The box (12 kg, edges 1.0 × 0.6 × 0.3 m) is turned by ``tilt`` about the world x axis and then
by ``angle`` about the world z axis, ``R = Rz(angle) Rx(tilt)``. Its world tensor
``I_world = R I Rᵀ`` (seed 002 §2) changes entry by entry, but its principal moments, trace and
determinant do not (seed 002 §1: they are the eigenvalues of ``I``, which a change of frame
leaves alone). The figure shows the box with its inertia ellipsoid and principal axes
(``rbteach.inertia.principal_axes``) and a bar chart of the six independent tensor entries
beside the three principal moments.

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


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


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
        ``entries`` (6,) the world tensor's entries in the order of :data:`ENTRY_NAMES`;
        ``trace`` and ``det`` of the world tensor (invariants).
    """
    angle = _v.finite_scalar(angle, "angle")
    tilt = _v.finite_scalar(tilt, "tilt")
    R = rotation.euler_zyx_to_matrix(np.radians(angle), 0.0, np.radians(tilt))
    local = inertia.box(MASS, *EDGES)
    world = inertia.rotate(local, R)
    moments, O = inertia.principal_axes(world)
    entries = np.array([world[i, j] for i, j in _ENTRY_INDEX])
    return {"R": R, "inertia_local": local, "inertia_world": world, "moments": moments, "O": O,
            "entries": entries, "trace": float(np.trace(world)), "det": float(np.linalg.det(world))}


def summary(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]) -> str:
    """One line: the world tensor's products of inertia and the (unchanging) principal moments."""
    c = compute(angle, tilt)
    I = c["inertia_world"]
    products = ", ".join(_fmt(I[i, j]) for i, j in ((0, 1), (0, 2), (1, 2)))
    moments = ", ".join(_fmt(m) for m in c["moments"])
    return f"products of inertia I_xy, I_xz, I_yz: {products} kg m²; principal moments: {moments} kg m²"


def draw(angle: float = DEFAULTS["angle"], tilt: float = DEFAULTS["tilt"]):
    """Box, inertia ellipsoid and principal axes in 3-D (left); the tensor's entries as bars (right).

    The ellipsoid is the inertia ellipsoid ``xᵀ I x = 1`` scaled to the box's size: it is longest
    along the axis that is easiest to spin (smallest moment). Returns the Figure.
    """
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle, tilt)
    fig = plt.figure(figsize=(9, 4), dpi=80)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    plotting.draw_box(ax, *EDGES, R=c["R"], linewidth=1)
    radii = plotting.inertia_ellipsoid_radii(c["moments"])
    plotting.draw_ellipsoid(ax, radii * (0.5 * max(EDGES) / radii.max()), c["O"], n=20, alpha=0.2)
    plotting.draw_frame(ax, c["O"], length=0.6, labels=("1", "2", "3"))
    plotting.set_equal_3d(ax, 0.6)
    ticks = [-0.5, 0.0, 0.5]
    ax.set_xticks(ticks); ax.set_yticks(ticks); ax.set_zticks(ticks)
    ax.view_init(elev=25, azim=-25)
    ax.set_title(f"box turned: angle {angle:.0f}°, tilt {tilt:.0f}°\nprincipal axes 1, 2, 3", fontsize=10)

    bx = fig.add_subplot(1, 2, 2)
    # Fixed limits (they depend only on the body): |I_ij| ≤ (I_3 − I_1)/2 for any rotation.
    m = c["moments"]
    lo, hi = -0.55 * (m[2] - m[0]), 1.1 * m[2]
    names = list(ENTRY_NAMES) + ["I_1", "I_2", "I_3"]
    values = np.concatenate([c["entries"], m])
    colors = ["tab:blue"] * 3 + ["tab:purple"] * 3 + ["tab:orange"] * 3
    bx.bar(range(9), values, color=colors)
    bx.axhline(0.0, color="0.4", linewidth=0.8)
    bx.axvline(5.5, color="0.6", linewidth=0.8, linestyle=":")
    bx.set_xticks(range(9), names, fontsize=9)
    bx.set_ylim(lo, hi)
    bx.set_ylabel("kg m²")
    bx.set_title("world-frame entries (blue, purple) vs principal moments (orange)", fontsize=9)
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.12, top=0.88, wspace=0.3)
    return fig


def controls() -> dict:
    """The sliders: ``angle`` (about world z, the main control) and ``tilt`` (about world x), degrees."""
    import ipywidgets as w

    return {
        "angle": w.FloatSlider(value=DEFAULTS["angle"], min=-180.0, max=180.0, step=5.0,
                               description="angle (°)", continuous_update=False),
        "tilt": w.FloatSlider(value=DEFAULTS["tilt"], min=-90.0, max=90.0, step=5.0,
                              description="tilt (°)", continuous_update=False),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
