"""Explorer of notebook 00 (conventions): an axis and an angle → the quaternion, its matrix, the body frame.

The rotation by ``angle`` (degrees) about ``axis = (axis_x, axis_y, axis_z)`` is the unit quaternion
``q = (cos θ/2, sin θ/2 n)`` in the collection's convention: scalar first ``(w, x, y, z)``, Hamilton
product, active rotation (:func:`rbteach.quaternion.from_axis_angle`). Its matrix
``R = rbteach.quaternion.to_matrix(q)`` maps body → world, so the columns of ``R`` are the body axes
seen in the world frame: the figure draws them (coloured) over the world axes (grey), and a bar chart
of the four components ``w, x, y, z``. The default, 120° about (1, 1, 1), sends body x to world y,
body y to world z and body z to world x, with ``q = (½, ½, ½, ½)``.

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import quaternion

__all__ = ["DEFAULTS", "compute", "summary", "draw", "controls", "widget"]

#: Starting values of the controls: angle in degrees, axis components (need not be unit).
DEFAULTS = {"angle": 120.0, "axis_x": 1.0, "axis_y": 1.0, "axis_z": 1.0}


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
        ``q_xyzw`` (4,) the same quaternion scalar last (SciPy, seed 003; :func:`rbteach.quaternion.to_xyzw`);
        ``R`` (3, 3) the active body → world matrix :func:`rbteach.quaternion.to_matrix` (columns = body axes);
        ``dcm`` (3, 3) seed 003's direction-cosine matrix, ``Rᵀ`` (world → body).

    Raises
    ------
    ValueError
        If an argument is not a finite number or the axis is the zero vector.
    """
    angle = _v.finite_scalar(angle, "angle")
    axis = np.array([_v.finite_scalar(axis_x, "axis_x"), _v.finite_scalar(axis_y, "axis_y"),
                     _v.finite_scalar(axis_z, "axis_z")])
    theta = np.radians(angle)
    q = quaternion.from_axis_angle(axis, theta)
    R = quaternion.to_matrix(q)
    return {"axis": axis / np.linalg.norm(axis), "angle": theta, "q": q, "q_xyzw": quaternion.to_xyzw(q),
            "R": R, "dcm": R.T}


def summary(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
            axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]) -> str:
    """One line: the quaternion (w, x, y, z) and where the body x axis points in the world."""
    c = compute(angle, axis_x, axis_y, axis_z)
    q = ", ".join(_fmt(v) for v in c["q"])
    bx = ", ".join(_fmt(v) for v in c["R"][:, 0])
    return f"q (w, x, y, z) = ({q}); body x axis in the world = R[:, 0] = ({bx})"


def draw(angle: float = DEFAULTS["angle"], axis_x: float = DEFAULTS["axis_x"],
         axis_y: float = DEFAULTS["axis_y"], axis_z: float = DEFAULTS["axis_z"]):
    """World axes (grey), rotated body axes (columns of R) and the rotation axis in 3-D (left);
    the quaternion's components w, x, y, z as bars (right). Returns the Figure."""
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(angle, axis_x, axis_y, axis_z)
    fig = plt.figure(figsize=(8, 4), dpi=80)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    for i in range(3):
        e = np.eye(3)[i]
        ax.plot(*np.stack([np.zeros(3), 1.2 * e]).T, color="0.6", linestyle="--", linewidth=1)
        ax.text(*(1.3 * e), "xyz"[i] + "_w", color="0.5")
    plotting.draw_frame(ax, c["R"], length=0.8, labels=("x_b", "y_b", "z_b"))
    n = c["axis"]
    ax.plot(*np.stack([-1.2 * n, 1.2 * n]).T, color="k", linewidth=1)
    plotting.set_equal_3d(ax, 1.1)
    ax.set_title(f"{angle:.0f}° about ({axis_x:g}, {axis_y:g}, {axis_z:g})\n"
                 "grey: world axes; colour: body axes = columns of R", fontsize=9)

    bx = fig.add_subplot(1, 2, 2)
    bx.bar(range(4), c["q"], color=["0.4", *plotting.AXIS_COLORS])
    bx.axhline(0.0, color="0.4", linewidth=0.8)
    bx.set_xticks(range(4), ["w", "x", "y", "z"])
    bx.set_ylim(-1.05, 1.05)
    bx.set_title("q = (w, x, y, z) = (cos θ/2, sin θ/2 · n)", fontsize=9)
    rows = "\n".join("  ".join(f"{_fmt(v, 2):>5}" for v in row) for row in c["R"])
    bx.set_xlabel("R = to_matrix(q):\n" + rows, family="monospace", fontsize=9)
    # Fixed margins (what tight_layout found for the defaults): tight_layout measured every label
    # again on each frame, ~25% of the redraw.
    fig.subplots_adjust(left=0.02, right=0.98, bottom=0.26, top=0.9, wspace=0.24)
    return fig


def controls() -> dict:
    """The sliders: ``angle`` in degrees (the main control) and the three axis components."""
    import ipywidgets as w

    ctrls = {"angle": w.FloatSlider(value=DEFAULTS["angle"], min=-180.0, max=180.0, step=5.0,
                                    description="angle (°)", continuous_update=False)}
    for name in ("axis_x", "axis_y", "axis_z"):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=-1.0, max=1.0, step=0.1,
                                    description=name, continuous_update=False)
    return ctrls


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
