"""Explorer of notebook 00 (conventions): an axis and an angle → the quaternion, its matrix, the body frame.

The rotation by ``angle`` (degrees) about ``axis = (axis_x, axis_y, axis_z)`` is the unit quaternion
``q = (cos θ/2, sin θ/2 n)`` in the collection's convention: scalar first ``(w, x, y, z)``, Hamilton
product, active rotation (:func:`rbteach.quaternion.from_axis_angle`). Its matrix
``R = rbteach.quaternion.to_matrix(q)`` maps body → world, so the columns of ``R`` are the body axes
seen in the world frame: the figure draws them (coloured) over the world axes (grey, labelled), and a
bar chart of the four components ``w, x, y, z``. The default, 120° about (1, 1, 1), sends body x to
world y, body y to world z and body z to world x, with ``q = (½, ½, ½, ½)``. The angle runs from
−360° to 360°: at ±360° the body is back where it started but ``q = (−1, 0, 0, 0)``.

:func:`draw_frames` draws one such 3-D panel (world axes and body axes, seen from :data:`VIEW`);
notebook 00's three-panel figure uses it too, seen from :data:`PANEL_VIEW`.

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import quaternion

__all__ = ["DEFAULTS", "VIEW", "PANEL_VIEW", "compute", "summary", "draw", "draw_frames", "controls", "widget"]

#: Starting values of the controls: angle in degrees, axis components (need not be unit).
DEFAULTS = {"angle": 120.0, "axis_x": 1.0, "axis_y": 1.0, "axis_z": 1.0}
#: Elevation and azimuth (degrees) of the explorer's 3-D view: at the default (120° about (1, 1, 1))
#: no drawn axis (nor the rotation axis) is within 28° of the line of sight, and any two that differ
#: are at least 28° apart on the screen.
VIEW = (26.0, 14.0)
#: The view of notebook 00's three panels (45° about z, the same numbers read scalar last, the DCM
#: used as R): every axis drawn is at least 45° from the line of sight (an arrow pointing at the
#: viewer looks like a short arrow pointing elsewhere, e.g. along −z) and any two that differ are
#: at least 30° apart on the screen.
PANEL_VIEW = (42.0, -22.0)


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


def compute(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
            axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]) -> dict:
    """The rotation by ``angle`` degrees about ``(axis_x, axis_y, axis_z)``.

    Returns
    -------
    dict with
        ``axis`` (3,) the unit axis; ``angle`` the angle in radians;
        ``q`` (4,) ``(w, x, y, z)`` from :func:`rbteach.quaternion.from_axis_angle`;
        ``q_xyzw`` (4,) the same quaternion scalar last (SciPy, 「回転運動のシミュレーション」 (2019);
        :func:`rbteach.quaternion.to_xyzw`);
        ``R`` (3, 3) the active body → world matrix :func:`rbteach.quaternion.to_matrix` (columns = body axes);
        ``dcm`` (3, 3) that article's direction-cosine matrix, ``Rᵀ`` (world → body).

    Raises
    ------
    ValueError
        If an argument is not a finite number, or the axis is (0, 0, 0) (it has no direction).
    """
    angle = _v.finite_scalar(angle, "angle")
    axis = np.array([_v.finite_scalar(axis_x, "axis_x"), _v.finite_scalar(axis_y, "axis_y"),
                     _v.finite_scalar(axis_z, "axis_z")])
    if np.linalg.norm(axis) < 1e-9:           # sliders at 0 (up to a slider's rounding)
        raise ValueError("the axis (0, 0, 0) has no direction: move at least one axis slider away from 0.")
    theta = np.radians(angle)
    q = quaternion.from_axis_angle(axis, theta)
    R = quaternion.to_matrix(q)
    return {"axis": axis / np.linalg.norm(axis), "angle": theta, "q": q, "q_xyzw": quaternion.to_xyzw(q),
            "R": R, "dcm": R.T}


def summary(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
            axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]) -> str:
    """Two lines: the quaternion (w, x, y, z), and where the body x axis points in the world."""
    c = compute(angle, axis_x, axis_y, axis_z)
    q = ", ".join(_fmt(v) for v in c["q"])
    bx = ", ".join(_fmt(v) for v in c["R"][:, 0])
    return f"q (w, x, y, z) = ({q})\nbody x axis in the world = R[:, 0] = ({bx})"


def draw_frames(ax, R, *, length: float = 0.8, world: float = 1.3, view=VIEW) -> None:
    """On the 3-D axes ``ax``: the world axes (grey, dashed, labelled x_w, y_w, z_w) and the body
    axes, the columns of ``R`` (coloured, labelled x_b, y_b, z_b), seen from ``view`` (elevation,
    azimuth in degrees)."""
    from .. import plotting

    for i in range(3):
        e = np.eye(3)[i]
        ax.plot(*np.stack([np.zeros(3), world * e]).T, color="0.55", linestyle="--", linewidth=1)
        ax.text(*((world + 0.12) * e), "xyz"[i] + "_w", color="0.35", fontsize=10, ha="center", va="center")
    plotting.draw_frame(ax, R, length=length, labels=None)
    for i in range(3):
        ax.text(*((length + 0.14) * R[:, i]), ("x_b", "y_b", "z_b")[i], color=plotting.AXIS_COLORS[i],
                fontsize=10, ha="center", va="center")
    plotting.set_equal_3d(ax, 1.1)
    ax.set_xlabel("")
    ax.set_ylabel("")
    ax.set_zlabel("")
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):   # the labelled world axes replace the tick labels
        axis.set_ticks([-1, 0, 1], labels=["", "", ""])
    ax.set_box_aspect((1, 1, 1), zoom=1.15)
    ax.view_init(elev=view[0], azim=view[1])


def draw(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
         axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]):
    """World axes (grey), rotated body axes (columns of R) and the rotation axis in 3-D (left);
    the quaternion's components w, x, y, z as bars and the matrix R (right). Returns the Figure."""
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle, axis_x, axis_y, axis_z)
    fig = plt.figure(figsize=(8.5, 4.2), dpi=plotting.FIGURE_DPI)
    grid = fig.add_gridspec(1, 2, width_ratios=(1.15, 1.0))
    ax = fig.add_subplot(grid[0], projection="3d")
    n = c["axis"]
    ax.plot(*np.stack([-1.1 * n, 1.1 * n]).T, color="k", linewidth=1.2)
    draw_frames(ax, c["R"])
    ax.set_title(f"{angle:g}° about ({axis_x:g}, {axis_y:g}, {axis_z:g}) (black line)\n"
                 "grey: world axes; colour: body axes = columns of R", fontsize=10)

    bx = fig.add_subplot(grid[1])
    bx.bar(range(4), c["q"], color=["0.45", *plotting.AXIS_COLORS])
    bx.axhline(0.0, color="0.4", linewidth=0.8)
    bx.set_xticks(range(4), ["w", "x", "y", "z"])
    bx.set_ylim(-1.05, 1.05)
    bx.set_title("q = (w, x, y, z) = (cos θ/2, sin θ/2 · n)", fontsize=10)
    rows = "\n".join("  ".join(f"{_fmt(v, 2):>5}" for v in row) for row in c["R"])
    bx.set_xlabel("R = to_matrix(q):\n" + rows, family="monospace", fontsize=10)
    # Fixed margins (what tight_layout found for the defaults): tight_layout measured every label
    # again on each frame, ~25% of the redraw.
    fig.subplots_adjust(left=0.0, right=0.97, bottom=0.3, top=0.88, wspace=0.2)
    return fig


def controls() -> dict:
    """The sliders: ``angle`` in degrees (the main control, −360° to 360°) and the three axis components."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    ctrls = {"angle": w.FloatSlider(value=DEFAULTS["angle"], min=-360.0, max=360.0, step=5.0,
                                    description="angle (°)", continuous_update=False, style=style)}
    for name in ("axis_x", "axis_y", "axis_z"):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=-1.0, max=1.0, step=0.1,
                                    description=name, continuous_update=False, style=style)
    return ctrls


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
