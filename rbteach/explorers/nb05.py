"""Explorer for notebook 05 (quaternions): axis-angle → quaternion, matrix and rotated body axes.

Follows the contract of :mod:`rbteach.explorers`, with :func:`scene` for the live explorer
(:func:`rbteach.explorers.live.live`: the 3-D panel turns with the mouse). The numbers come from
:mod:`rbteach.quaternion`; this module only chooses the axis from two angles and draws. A frame's
:func:`summary` and :func:`scene` share one :func:`compute` (remembered for the last few values).

Also holds :func:`draw_right_wrong`, the side-by-side picture of the notebook's
"convention bug zoo" (the right attitude next to the one a convention mistake gives).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import quaternion as _q
from . import cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["DEFAULTS", "axis_from_angles", "compute", "idle_controls", "summary", "draw", "scene",
           "draw_right_wrong", "controls", "widget"]

#: Default state: 100° about an axis close to the diagonal (1, 1, 1)/√3 (which has elevation 35.26°).
DEFAULTS = {"angle_deg": 100.0, "azimuth_deg": 45.0, "elevation_deg": 35.0}


def axis_from_angles(azimuth_deg, elevation_deg) -> np.ndarray:
    """Unit axis ``(cos e cos a, cos e sin a, sin e)`` from azimuth ``a`` and elevation ``e`` (degrees)."""
    a = np.radians(_v.finite_scalar(azimuth_deg, "azimuth_deg"))
    e = np.radians(_v.finite_scalar(elevation_deg, "elevation_deg"))
    return np.array([np.cos(e) * np.cos(a), np.cos(e) * np.sin(a), np.sin(e)])


def compute(angle_deg=DEFAULTS["angle_deg"], azimuth_deg=DEFAULTS["azimuth_deg"],
            elevation_deg=DEFAULTS["elevation_deg"]) -> dict:
    """Quaternion, matrix and body axes of the rotation by ``angle_deg`` about the chosen axis.

    Returns
    -------
    dict
        ``axis`` (3,) unit, ``angle`` (rad), ``q`` (4,) = ``quaternion.from_axis_angle(axis, angle)``
        (w, x, y, z), ``q_xyzw`` (4,) the same numbers scalar last (SciPy, 「回転運動のシミュレーション」
        (2019)), ``R`` (3, 3) = ``quaternion.to_matrix(q)`` (columns: rotated body axes), and
        ``dcm`` (3, 3) = ``Rᵀ`` (that article's DCM, world → body). The arrays are read-only
        (shared by a frame's summary and scene).
    """
    angle = _v.finite_scalar(angle_deg, "angle_deg")
    az = _v.finite_scalar(azimuth_deg, "azimuth_deg")
    el = _v.finite_scalar(elevation_deg, "elevation_deg")
    return _rotation(angle_deg=angle, azimuth_deg=az, elevation_deg=el)


@cached
def _rotation(*, angle_deg, azimuth_deg, elevation_deg) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    angle = np.radians(angle_deg)
    axis = axis_from_angles(azimuth_deg, elevation_deg)
    q = _q.from_axis_angle(axis, angle)
    R = _q.to_matrix(q)
    out = {"axis": axis, "angle": float(angle), "q": q, "q_xyzw": _q.to_xyzw(q), "R": R, "dcm": R.T}
    for v in out.values():
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


def idle_controls(angle_deg=DEFAULTS["angle_deg"], azimuth_deg=DEFAULTS["azimuth_deg"],
                  elevation_deg=DEFAULTS["elevation_deg"]) -> dict:
    """Which axis controls change nothing at these values: ``{"azimuth_deg": bool, "elevation_deg": bool}``.

    Both at θ = 0° or ±360° (``q = ±1`` for every axis); the azimuth at elevation ±90° (the axis is
    ±z for every azimuth). :func:`controls` disables them; :func:`summary` says so (the live page
    sets its controls' ``disabled`` flags once, at the start).
    """
    angle = _v.finite_scalar(angle_deg, "angle_deg")
    el = _v.finite_scalar(elevation_deg, "elevation_deg")
    _v.finite_scalar(azimuth_deg, "azimuth_deg")
    no_turn = angle % 360.0 == 0.0
    return {"azimuth_deg": no_turn or abs(el) == 90.0, "elevation_deg": no_turn}


def summary(angle_deg=DEFAULTS["angle_deg"], azimuth_deg=DEFAULTS["azimuth_deg"],
            elevation_deg=DEFAULTS["elevation_deg"]) -> str:
    """Two lines: ``q = (w, x, y, z)`` with 4 decimals, then the angle and the unit axis; a third
    line where an axis slider changes nothing (:func:`idle_controls`)."""
    r = compute(angle_deg=angle_deg, azimuth_deg=azimuth_deg, elevation_deg=elevation_deg)
    w, x, y, z = np.round(r["q"], 4) + 0.0  # + 0.0 turns -0.0 into 0.0
    n = np.round(r["axis"], 3) + 0.0
    text = (f"q = (w, x, y, z) = ({w:.4f}, {x:.4f}, {y:.4f}, {z:.4f})\n"
            f"θ = {float(angle_deg):.1f}° about n = ({n[0]:.3f}, {n[1]:.3f}, {n[2]:.3f})")
    idle = idle_controls(angle_deg, azimuth_deg, elevation_deg)
    if idle["elevation_deg"]:
        text += f"\nq = {w:+.0f} for every axis n: the azimuth and elevation sliders change nothing here"
    elif idle["azimuth_deg"]:
        text += f"\nat elevation {float(elevation_deg):+.0f}° n = {'+' if n[2] > 0 else '-'}z for every azimuth: " \
                "the azimuth slider changes nothing here"
    return text


#: Length of the world axes in the light panels: longer than the body axes (1), so their labels
#: never coincide with the body axes' labels.
WORLD_AXIS = 1.25


def _frame_panel(ax, R, title, axis=None, light=False):
    """World axes (grey, dashed), optional rotation axis (black) and the body axes (columns of R).

    ``light=True`` hides the 3-D box, ticks and panes (labels the world axes instead): about
    three times faster to render and a much smaller PNG.
    """
    from ..plotting import AXIS_COLORS, draw_frame, draw_vector, label_beyond, separate_labels, set_equal_3d

    # The world axes are longer (WORLD_AXIS) than the body axes (1), so that where the two frames
    # coincide (θ = 0) their labels stay apart; every label is written beyond its line's end on
    # the side it points to on the screen, once the view is set.
    world = WORLD_AXIS if light else 1.0
    for i in range(3):
        e = np.eye(3)[i]
        ax.plot([0, world * e[0]], [0, world * e[1]], [0, world * e[2]], color="0.6", linestyle="--", linewidth=1)
    draw_frame(ax, R, labels=None)
    if axis is not None:
        draw_vector(ax, 1.15 * np.asarray(axis), color="k")
        ax.plot(*(-1.15 * np.asarray(axis)[:, None] * [0, 1]), color="k", linewidth=1)
    set_equal_3d(ax, WORLD_AXIS if light else 1.2)
    ax.view_init(elev=20, azim=30)
    if light:
        ax.set_axis_off()
        # no box to show: let the arrows fill the panel (the same scale as zoom 1.25 with radius 1)
        ax.set_box_aspect((1, 1, 1), zoom=1.25 * WORLD_AXIS * 0.9)
    for i in range(3):
        if light:
            label_beyond(ax, world * np.eye(3)[i], "XYZ"[i], color="0.4", fontsize=10, pad=0.05)
        label_beyond(ax, R[:, i], ("x'", "y'", "z'")[i], color=AXIS_COLORS[i], pad=0.06)
    if axis is not None:
        label_beyond(ax, 1.15 * np.asarray(axis), "n", color="k", fontsize=11, pad=0.06)
    separate_labels(list(ax.texts))
    ax.set_title(title, fontsize=11)


#: The bars of the right panel: q's four components, then R's nine entries row by row.
BAR_LABELS = ["w", "x", "y", "z"] + [f"{i + 1}{j + 1}" for i in range(3) for j in range(3)]
BAR_TITLE = "quaternion and rotation matrix"


def _title_3d(angle_deg) -> str:
    return f"{float(angle_deg):.0f}° about n: body axes = columns of R"


def _bar_values(r) -> np.ndarray:
    """The 13 bar heights (q, then R row by row), rounding-level values as 0 (no slivers)."""
    vals = np.concatenate([r["q"], r["R"].ravel()])
    return np.where(np.abs(vals) < 1e-12, 0.0, vals)


def draw(angle_deg=DEFAULTS["angle_deg"], azimuth_deg=DEFAULTS["azimuth_deg"],
         elevation_deg=DEFAULTS["elevation_deg"]):
    """Left: world axes X, Y, Z (grey, dashed), rotation axis n (black) and rotated body axes (columns of R).
    Right: the four quaternion components and the nine matrix entries as bars. Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI, PALETTE

    r = compute(angle_deg=angle_deg, azimuth_deg=azimuth_deg, elevation_deg=elevation_deg)
    fig = plt.figure(figsize=(9.0, 4.0), dpi=FIGURE_DPI)
    ax3 = fig.add_subplot(1, 2, 1, projection="3d")
    _frame_panel(ax3, r["R"], _title_3d(angle_deg), axis=r["axis"], light=True)
    axb = fig.add_subplot(1, 2, 2)
    vals = _bar_values(r)
    colors = [PALETTE["reddish purple"]] * 4 + ["0.55"] * 9
    axb.bar(range(13), vals, color=colors)
    axb.set_xticks(range(13), BAR_LABELS, fontsize=10)
    axb.set_ylim(-1.05, 1.05)
    axb.axhline(0, color="k", linewidth=0.8)
    axb.axvline(3.5, color="k", linewidth=0.8, linestyle=":")
    axb.set_xlabel("q components | entries R_ij of R (row by row)")
    axb.set_title(BAR_TITLE, fontsize=11)
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.14, top=0.9, wspace=0.12)
    return fig


#: Half-width of the live 3-D view: the axis n (1.15 long) and its label (at 1.08 × its tip) stay inside.
LIVE_RADIUS = 1.25
#: Vertical range of the live bar panel: room above the bars for the page's legend (top right).
LIVE_BAR_YLIM = (-1.05, 1.6)
#: Width of the live canvas (CSS px, the page's default) and the bar panel's share of it (as in draw()).
LIVE_WIDTH, LIVE_BAR_SHARE = CANVAS_SIZE[0], 0.5


def scene(angle_deg=DEFAULTS["angle_deg"], azimuth_deg=DEFAULTS["azimuth_deg"],
          elevation_deg=DEFAULTS["elevation_deg"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left a 3-D panel
    the student turns with the mouse (world axes X, Y, Z grey and dashed, the rotation axis n black,
    the rotated body axes x', y', z' = the columns of R in the axis colours); right the four
    quaternion components (reddish purple) and the nine entries of R row by row (grey) as bars."""
    from ..plotting import AXIS_COLORS, PALETTE
    from .live import arrow3d, line3d, series, space, xy

    r = compute(angle_deg=angle_deg, azimuth_deg=azimuth_deg, elevation_deg=elevation_deg)
    R, n = r["R"], r["axis"]
    lines = [line3d([[0.0, 0.0, 0.0], e], color="#999999", dash="--", width=1.0, label="XYZ"[i])
             for i, e in enumerate(np.eye(3))]
    lines.append(line3d([[0.0, 0.0, 0.0], -1.15 * n], color=PALETTE["black"], width=1.0))
    lines.append(line3d(arrow3d(1.15 * n), color=PALETTE["black"], width=2.0))
    lines.append(line3d([1.15 * n], color=PALETTE["black"], label="n"))         # the label at the tip
    for i in range(3):
        lines.append(line3d(arrow3d(R[:, i]), color=AXIS_COLORS[i], width=2.5))
        lines.append(line3d([R[:, i]], color=AXIS_COLORS[i], label=("x'", "y'", "z'")[i]))
    left = space(lines, radius=LIVE_RADIUS, title=_title_3d(angle_deg), elev=20.0, azim=30.0,
                 world_axes=False, width=1.0 - LIVE_BAR_SHARE)

    vals = _bar_values(r)
    x = np.arange(13.0)
    gap = np.full(13, np.nan)
    bx = np.column_stack([x, x, gap]).ravel()                 # each bar a thick vertical segment
    by = np.column_stack([np.zeros(13), vals, gap]).ravel()
    plot_px = LIVE_WIDTH * LIVE_BAR_SHARE - PANEL_MARGINS[0]  # the page's plot box
    bar_px = 0.7 * plot_px / 13.2                             # 0.7 of the spacing of the bars
    bars = [series([-0.6, 12.6], [0.0, 0.0], color=PALETTE["black"], width=1.0),
            series([3.5, 3.5], LIVE_BAR_YLIM, color=PALETTE["black"], dash=":", width=1.0),
            series(bx[:12], by[:12], color=PALETTE["reddish purple"], width=bar_px),
            series(bx[12:], by[12:], color="#8c8c8c", width=bar_px),
            # legend entries only (no data: the page draws a swatch of this width beside the label)
            series([np.nan], [np.nan], color=PALETTE["reddish purple"], width=8.0, label="q = (w, x, y, z)"),
            series([np.nan], [np.nan], color="#8c8c8c", width=8.0, label="R11 R12 R13 R21 … R33")]
    right = xy(bars, xlim=(-0.6, 12.6), ylim=LIVE_BAR_YLIM, title=BAR_TITLE,
               xlabel="bar 0–3: q components | 4–12: entries R_ij of R (row by row)", width=LIVE_BAR_SHARE)
    return {"panels": [left, right]}


def draw_right_wrong(R_right, R_wrong, *, title_right="right", title_wrong="wrong",
                     inertia_right=None, inertia_wrong=None, vectors=None):
    """Two 3-D panels: the body axes (columns of ``R_right`` and ``R_wrong``) side by side.

    ``inertia_right``/``inertia_wrong`` (3, 3) add their inertia ellipsoids (world frame);
    ``vectors`` is an optional list of ``(v_right (3,), v_wrong (3,), colour)`` arrows.
    World axes grey and dashed (labelled X, Y, Z), body axes coloured (x', y', z'); no 3-D box.
    Returns the Figure. Used by the notebook's convention bug zoo.
    """
    import matplotlib.pyplot as plt

    from ..inertia import principal_axes
    from ..plotting import draw_ellipsoid, draw_vector, inertia_ellipsoid_radii

    R_right = _v.matrix3(R_right, "R_right", allow_batch=False)
    R_wrong = _v.matrix3(R_wrong, "R_wrong", allow_batch=False)
    from ..plotting import FIGURE_DPI

    fig = plt.figure(figsize=(8, 3.8), dpi=FIGURE_DPI)
    for k, (R, title, inertia) in enumerate(((R_right, title_right, inertia_right),
                                             (R_wrong, title_wrong, inertia_wrong))):
        ax = fig.add_subplot(1, 2, k + 1, projection="3d")
        _frame_panel(ax, R, title, light=True)
        if inertia is not None:
            moments, O = principal_axes(inertia)
            radii = inertia_ellipsoid_radii(moments)
            draw_ellipsoid(ax, radii / radii.max(), O, n=16)
        for v_right, v_wrong, color in vectors or []:
            draw_vector(ax, v_right if k == 0 else v_wrong, color=color)
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.02, top=0.9, wspace=0.05)
    return fig


def controls() -> dict:
    """Angle (main slider, degrees), then the axis direction: azimuth and elevation (degrees).

    The axis controls are disabled while they change nothing (:func:`idle_controls`): both at
    θ = 0° or ±360° (q = ±1 for every axis), the azimuth at elevation ±90° (the axis is ±z for
    every azimuth).
    """
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="440px")
    c = {
        "angle_deg": w.FloatSlider(value=DEFAULTS["angle_deg"], min=-360.0, max=360.0, step=1.0,
                                   description="angle θ (°)", continuous_update=False,
                                   style=style, layout=layout),
        "azimuth_deg": w.FloatSlider(value=DEFAULTS["azimuth_deg"], min=-180.0, max=180.0, step=5.0,
                                     description="axis azimuth (°)", continuous_update=False,
                                     style=style, layout=layout),
        "elevation_deg": w.FloatSlider(value=DEFAULTS["elevation_deg"], min=-90.0, max=90.0, step=5.0,
                                       description="axis elevation (°)", continuous_update=False,
                                       style=style, layout=layout),
    }

    def enable(_change=None):
        idle = idle_controls(**{k: ctrl.value for k, ctrl in c.items()})
        for k, off in idle.items():
            c[k].disabled = off

    c["angle_deg"].observe(enable, names="value")
    c["elevation_deg"].observe(enable, names="value")
    enable()
    return c


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)


def inactive(**params) -> list[str]:
    """The controls that change nothing at these values (the live page disables them)."""
    return [name for name, idle in idle_controls(**params).items() if idle]
