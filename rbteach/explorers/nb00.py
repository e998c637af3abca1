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

:func:`scene` is the same picture for the live explorer (:func:`rbteach.explorers.live.live`): the
3-D panel turns with the mouse, and the matrix ``R`` is printed in the summary under the picture.
A frame's :func:`summary` and :func:`scene` share one :func:`compute` (remembered for the last few
values, its arrays read-only). The axis sliders stay enabled at 0° and ±360°: there they move only
the rotation axis (the black line), which is how a student sets the axis before turning.

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import quaternion
from . import ROUNDING_FLOOR, cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["DEFAULTS", "VIEW", "PANEL_VIEW", "compute", "summary", "draw", "draw_frames", "scene",
           "controls", "widget"]

#: Starting values of the controls: angle in degrees, axis components (need not be unit).
DEFAULTS = {"angle": 120.0, "axis_x": 1.0, "axis_y": 1.0, "axis_z": 1.0}
#: Units of the sliders whose labels name none (live.py's aria-valuetext): the axis is a direction, its components pure numbers.
UNITS = {"axis_x": "", "axis_y": "", "axis_z": ""}
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
        The arrays are read-only (one result is shared by a frame's summary and scene).

    Raises
    ------
    ValueError
        If an argument is not a finite number, or the axis is (0, 0, 0) (it has no direction).
    """
    return _rotation(angle=_v.finite_scalar(angle, "angle"), axis_x=_v.finite_scalar(axis_x, "axis_x"),
                     axis_y=_v.finite_scalar(axis_y, "axis_y"), axis_z=_v.finite_scalar(axis_z, "axis_z"))


@cached
def _rotation(*, angle: float, axis_x: float, axis_y: float, axis_z: float) -> dict:
    """:func:`compute` for checked values (remembered, so a frame's summary and scene share it:
    the arrays are read-only)."""
    axis = np.array([axis_x, axis_y, axis_z])
    if np.linalg.norm(axis) < 1e-9:           # sliders at 0 (up to a slider's rounding)
        raise ValueError("the axis (0, 0, 0) has no direction: move at least one axis slider away from 0.")
    theta = np.radians(angle)
    q = quaternion.from_axis_angle(axis, theta)
    R = quaternion.to_matrix(q)
    out = {"axis": axis / np.linalg.norm(axis), "angle": float(theta), "q": q, "q_xyzw": quaternion.to_xyzw(q),
           "R": R, "dcm": R.T}
    for value in out.values():
        if isinstance(value, np.ndarray):
            value.setflags(write=False)
    return out


def summary(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
            axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]) -> str:
    """Five lines: the quaternion (w, x, y, z), the three rows of ``R = to_matrix(q)``, and where
    the body x axis points in the world (the first column of ``R``)."""
    c = compute(angle=angle, axis_x=axis_x, axis_y=axis_y, axis_z=axis_z)
    q = ", ".join(_fmt(v) for v in c["q"])
    rows = ["  ".join(f"{_fmt(v):>6}" for v in row) for row in c["R"]]
    bx = ", ".join(_fmt(v) for v in c["R"][:, 0])
    lead = "R = to_matrix(q) = "
    matrix = "\n".join((lead if i == 0 else " " * len(lead)) + f"[ {row} ]" for i, row in enumerate(rows))
    return f"q (w, x, y, z) = ({q})\n{matrix}\nbody x axis in the world = R[:, 0] = ({bx})"


def draw_frames(ax, R, *, length: float = 0.8, world: float = 1.3, view=VIEW) -> None:
    """On the 3-D axes ``ax``: the world axes (grey, dashed, labelled x_w, y_w, z_w) and the body
    axes, the columns of ``R`` (coloured, labelled x_b, y_b, z_b), seen from ``view`` (elevation,
    azimuth in degrees)."""
    from .. import plotting

    for i in range(3):
        e = np.eye(3)[i]
        ax.plot(*np.stack([np.zeros(3), world * e]).T, color="0.55", linestyle="--", linewidth=1)
    plotting.draw_frame(ax, R, length=length, labels=None)
    plotting.set_equal_3d(ax, 1.1)
    ax.set_xlabel("")
    ax.set_ylabel("")
    ax.set_zlabel("")
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):   # the labelled world axes replace the tick labels
        axis.set_ticks([-1, 0, 1], labels=["", "", ""])
    ax.set_box_aspect((1, 1, 1), zoom=1.15)
    ax.view_init(elev=view[0], azim=view[1])
    # labels last (their side depends on the view), each beyond its arrow's tip on the screen
    labels = [plotting.label_beyond(ax, world * np.eye(3)[i], "xyz"[i] + "_w", color="0.35", fontsize=10, pad=0.04)
              for i in range(3)]
    labels += [plotting.label_beyond(ax, length * R[:, i], ("x_b", "y_b", "z_b")[i], color=plotting.AXIS_COLORS[i],
                                     fontsize=10, pad=0.06) for i in range(3)]
    plotting.separate_labels(labels)


def draw(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
         axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]):
    """World axes (grey), rotated body axes (columns of R) and the rotation axis in 3-D (left);
    the quaternion's components w, x, y, z as bars and the matrix R (right). Returns the Figure."""
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle=angle, axis_x=axis_x, axis_y=axis_y, axis_z=axis_z)
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


#: Half-width of the live 3-D view: the world axes (1.3 long) and their labels (at 1.08 × their tips)
#: stay in view however the panel is turned.
LIVE_RADIUS = 1.45
#: Vertical range of the live bar panel (as in :func:`draw`).
LIVE_BAR_YLIM = (-1.05, 1.05)
#: Horizontal range of the live bar panel: the four bars w, x, y, z at 0 … 3 (ticks w x y z, as in :func:`draw`).
LIVE_BAR_XLIM = (-0.6, 3.6)
#: Width of the live canvas (CSS px, the page's default) and the shares of its two panels (as in draw()).
LIVE_WIDTH, LIVE_SHARES = CANVAS_SIZE[0], (1.15, 1.0)


def scene(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
          axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left a 3-D panel
    the student turns with the mouse (world axes grey, dashed, labelled x_w, y_w, z_w; the rotation
    axis black; the body axes x_b, y_b, z_b = the columns of R in the axis colours, 0.8 long);
    right the four components of q as bars over the ticks w, x, y, z (w grey, x, y, z in the axis colours). The matrix R
    itself is in :func:`summary`, printed under the picture."""
    from ..plotting import AXIS_COLORS, PALETTE
    from .live import arrow3d, line3d, series, space, xy

    c = compute(angle=angle, axis_x=axis_x, axis_y=axis_y, axis_z=axis_z)
    R, n = c["R"], c["axis"]
    lines = [line3d(np.stack([np.zeros(3), 1.3 * e]), color="#8c8c8c", dash="--", width=1.0,
                    label=("x_w", "y_w", "z_w")[i]) for i, e in enumerate(np.eye(3))]
    lines.append(line3d(np.stack([-1.1 * n, 1.1 * n]), color=PALETTE["black"], width=1.2, label="axis"))
    for i in range(3):
        lines.append(line3d(arrow3d(0.8 * R[:, i], head=0.15, barb=0.06), color=AXIS_COLORS[i], width=2.5,
                            label=("x_b", "y_b", "z_b")[i]))
    title = f"{angle:g}° about ({axis_x:g}, {axis_y:g}, {axis_z:g}): body axes = columns of R"
    left = space(lines, radius=LIVE_RADIUS, title=title, elev=VIEW[0], azim=VIEW[1], world_axes=False,
                 width=LIVE_SHARES[0])

    colors = ["#737373", *AXIS_COLORS]
    share = LIVE_SHARES[1] / sum(LIVE_SHARES)
    plot_px = LIVE_WIDTH * share - PANEL_MARGINS[0]            # the page's plot box
    bar_px = 0.6 * plot_px / (LIVE_BAR_XLIM[1] - LIVE_BAR_XLIM[0])   # 0.6 of the spacing of the bars
    q = np.where(np.abs(c["q"]) < ROUNDING_FLOOR, 0.0, c["q"])   # no bar of rounding noise
    bars = [series(LIVE_BAR_XLIM, [0.0, 0.0], color="#666666", width=1.0)]
    for k in range(4):                                        # each bar a thick vertical segment
        bars.append(series([k, k], [0.0, q[k]], color=colors[k], width=bar_px))
    right = xy(bars, xlim=LIVE_BAR_XLIM, ylim=LIVE_BAR_YLIM, title="q = (w, x, y, z) = (cos θ/2, sin θ/2 · n)",
               xticks=list(enumerate("wxyz")), width=LIVE_SHARES[1])
    return {"panels": [left, right]}


def controls() -> dict:
    """The sliders: ``angle`` in degrees (the main control, −360° to 360° in steps of 1°, so that the
    live picture follows a drag smoothly) and the three axis components."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    ctrls = {"angle": w.FloatSlider(value=DEFAULTS["angle"], min=-360.0, max=360.0, step=1.0,
                                    description="angle (°)", continuous_update=False, readout_format=".0f",
                                    style=style)}
    for name in ("axis_x", "axis_y", "axis_z"):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=-1.0, max=1.0, step=0.1,
                                    description=name, continuous_update=False, style=style)
    return ctrls


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
