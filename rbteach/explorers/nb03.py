"""Explorer of notebook 03 (frames): one angular momentum seen in three frames.

The frame chain of the forces-and-impulses article (§2 座標系) is principal axes → body (local) →
world. The body is a 12 kg box
(edges 1.0 × 0.6 × 0.3 m) mounted turned by 25° about the body z axis, so its tensor in the body
frame is not diagonal and the three frames really differ. The attitude ``R`` (body → world) comes
from yaw / pitch / roll (``rbteach.rotation.euler_zyx_to_matrix``) and the angular velocity is
given in the body frame, ``ω_body = (wx, wy, wz)``. Then, in each frame, ``L = I ω``:

* principal: ``L_I = diag(I_1, I_2, I_3) ω_I`` with ``ω_I = Oᵀ ω_body`` (``O`` from
  ``rbteach.inertia.principal_axes``, as the quaternion ``q_o``);
* body: ``L_body = I ω_body``;
* world: ``L_world = I_world ω_world`` with ``I_world = R I Rᵀ`` and ``ω_world = R ω_body``.

They are one vector: ``L_world = R L_body = R O L_I``. The figure draws ``ω_world`` and
``L_world`` with the body axes in the world frame (both arrows shrunk by one common factor when
the longer one would leave the box: :func:`arrow_scale`), and a table of the components in each
frame.

Contract: see :mod:`rbteach.explorers`, with :func:`scene` for the live explorer
(:func:`rbteach.explorers.live.live`: the picture follows the sliders while they are dragged, the
3-D panel turns with the mouse). A frame's :func:`summary` and :func:`scene` share one
:func:`compute` (remembered for the last few values; its arrays are read-only).
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia, quaternion, rotation
from . import ROUNDING_FLOOR, cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["DEFAULTS", "MASS", "EDGES", "MOUNT_DEG", "body_inertia", "compute", "summary", "table",
           "arrow_scale", "draw", "scene", "controls", "widget"]

#: Starting values: attitude angles in degrees, ω_body in rad/s.
DEFAULTS = {"yaw": 30.0, "pitch": 20.0, "roll": 10.0, "wx": 1.0, "wy": 0.5, "wz": 0.5}
#: The body: a 12 kg box with full edge lengths 1.0, 0.6, 0.3 m ...
MASS = 12.0
EDGES = (1.0, 0.6, 0.3)
#: ... mounted turned by this angle (degrees) about the body z axis (its edges are the principal axes).
MOUNT_DEG = 25.0
FRAMES = ("principal", "body", "world")


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


def body_inertia() -> np.ndarray:
    """The box's tensor in the body frame (3, 3): ``rotate(box(...), Rz(MOUNT_DEG))``."""
    mount = rotation.euler_zyx_to_matrix(np.radians(MOUNT_DEG), 0.0, 0.0)
    return inertia.rotate(inertia.box(MASS, *EDGES), mount)


def compute(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
            wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> dict:
    """ω and L in the three frames for the attitude (yaw, pitch, roll) in degrees and ω_body (rad/s).

    Returns
    -------
    dict with
        ``R`` (3, 3) body → world; ``q_r`` (4,) its quaternion; ``q_o`` (4,) principal → body;
        ``moments`` (3,) and ``O`` (3, 3) from ``rbteach.inertia.principal_axes``;
        ``inertia_body`` and ``inertia_world`` (3, 3);
        ``omega`` and ``L``: dicts frame name → (3,) for the frames ``"principal"``, ``"body"``,
        ``"world"``.
        The arrays are read-only (shared by a frame's summary and scene).
    """
    angles = {k: _v.finite_scalar(v, k) for k, v in (("yaw", yaw), ("pitch", pitch), ("roll", roll))}
    rates = {k: _v.finite_scalar(v, k) for k, v in (("wx", wx), ("wy", wy), ("wz", wz))}
    return _frames(**angles, **rates)


@cached
def _frames(*, yaw: float, pitch: float, roll: float, wx: float, wy: float, wz: float) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    omega_body = np.array([wx, wy, wz])
    I_body = body_inertia()
    moments, O = inertia.principal_axes(I_body)
    q_o = quaternion.from_matrix(O)
    R = rotation.euler_zyx_to_matrix(np.radians(yaw), np.radians(pitch), np.radians(roll))
    q_r = quaternion.from_matrix(R)
    I_world = inertia.rotate(I_body, R)

    omega_principal = quaternion.rotate(quaternion.conjugate(q_o), omega_body)   # Oᵀ ω_body
    omega_world = quaternion.rotate(q_r, omega_body)                              # R ω_body
    omega = {"principal": omega_principal, "body": omega_body, "world": omega_world}
    L = {"principal": moments * omega_principal,          # diag(I_1, I_2, I_3) ω_I
         "body": I_body @ omega_body,                      # I ω_body
         "world": I_world @ omega_world}                   # (R I Rᵀ) (R ω_body)
    out = {"R": R, "q_r": q_r, "q_o": q_o, "moments": moments, "O": O,
           "inertia_body": I_body, "inertia_world": I_world, "omega": omega, "L": L}
    for v in [*out.values(), *omega.values(), *L.values()]:
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


def summary(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
            wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> str:
    """Two lines: L_world (kg m²/s) and ω_world (rad/s) components; then what every frame shares,
    the lengths |ω| and |L| and the angle between ω and L."""
    c = compute(yaw=yaw, pitch=pitch, roll=roll, wx=wx, wy=wy, wz=wz)
    L = ", ".join(_fmt(x) for x in c["L"]["world"])
    w = ", ".join(_fmt(x) for x in c["omega"]["world"])
    w_len, L_len, angle = _invariants(c)
    if angle is None:
        same = "ω = 0, so L = 0 in every frame"
    else:
        same = (f"|ω| = {_fmt(w_len)} rad/s, |L| = {_fmt(L_len)} kg m²/s, ∠(ω, L) = {angle:.1f}°: "
                "the same in every frame")
    return f"L_world = ({L}) kg m²/s; ω_world = ({w}) rad/s\n{same}"


def _angle_deg(w: np.ndarray, L: np.ndarray) -> float | None:
    """The angle between ω and L in degrees, or None for ω = 0 (then L = 0 too: no direction)."""
    if not np.any(w):
        return None
    cosang = float(np.dot(w, L) / (np.linalg.norm(w) * np.linalg.norm(L)))
    return float(np.degrees(np.arccos(np.clip(cosang, -1.0, 1.0))))


def _invariants(c: dict) -> tuple[float, float, float | None]:
    """|ω|, |L| and the angle between them (degrees, None for ω = 0), from the world frame."""
    w, L = c["omega"]["world"], c["L"]["world"]
    return float(np.linalg.norm(w)), float(np.linalg.norm(L)), _angle_deg(w, L)


def _rows(c: dict) -> list[list[str]]:
    rows = []
    for f in FRAMES:
        w, L = c["omega"][f], c["L"][f]
        ang = _angle_deg(w, L) or 0.0
        rows.append([f] + [_fmt(x) for x in w] + [_fmt(x) for x in L] + [_fmt(np.linalg.norm(L)), f"{ang:.1f}"])
    return rows


_HEADER = ["frame", "ω_x", "ω_y", "ω_z", "L_x", "L_y", "L_z", "|L|", "∠(ω,L)°"]


def table(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
          wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> str:
    """A text table of ω (rad/s) and L (kg m²/s) components in the principal, body and world frames.

    The components differ from frame to frame; the length |L| and the angle between ω and L do not.
    """
    rows = [_HEADER] + _rows(compute(yaw=yaw, pitch=pitch, roll=roll, wx=wx, wy=wy, wz=wz))
    widths = [max(len(r[i]) for r in rows) for i in range(len(_HEADER))]
    lines = [" | ".join(s.rjust(wd) if i else s.ljust(wd) for i, (s, wd) in enumerate(zip(r, widths)))
             for r in rows]
    lines.insert(1, "-+-".join("-" * wd for wd in widths))
    return "\n".join(lines)


#: Half-width of the 3-D view (the box and the world axes fit inside) and the longest arrow drawn.
VIEW_RADIUS = 1.2
ARROW_MAX = 1.1


def arrow_scale(omega_world, L_world) -> float:
    """The factor (≤ 1) by which ``draw`` shrinks both arrows so that the longer one is at most
    :data:`ARROW_MAX` long (the arrows keep their directions and the ratio of their lengths)."""
    w = _v.vector3(omega_world, "omega_world", allow_batch=False)
    L = _v.vector3(L_world, "L_world", allow_batch=False)
    longest = max(float(np.linalg.norm(w)), float(np.linalg.norm(L)))
    return 1.0 if longest <= ARROW_MAX else ARROW_MAX / longest


def draw(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
         wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]):
    """ω_world and L_world with the body axes and the box in the world frame (left); the table (right)."""
    import matplotlib.pyplot as plt

    from .. import plotting

    c = compute(yaw=yaw, pitch=pitch, roll=roll, wx=wx, wy=wy, wz=wz)
    w_world, L_world = c["omega"]["world"], c["L"]["world"]
    k = arrow_scale(w_world, L_world)
    fig = plt.figure(figsize=(9, 4), dpi=plotting.FIGURE_DPI)
    grid = fig.add_gridspec(1, 2, width_ratios=[1.0, 1.0])
    ax = fig.add_subplot(grid[0], projection="3d")
    plotting.draw_frame(ax, None, length=1.0, labels=("X", "Y", "Z"), alpha=0.3)
    plotting.draw_frame(ax, c["R"], length=0.75, labels=None)       # labelled below, once the view is set
    plotting.draw_box(ax, *EDGES, R=c["R"] @ c["O"], linewidth=1)
    plotting.draw_vector(ax, k * w_world, color="k", label="ω_world (rad/s)")
    plotting.draw_vector(ax, k * L_world, color=plotting.PALETTE["reddish purple"], label="L_world (kg m²/s)")
    plotting.set_equal_3d(ax, VIEW_RADIUS)
    ax.view_init(elev=20, azim=-50)
    ticks = [-1.0, 0.0, 1.0]
    ax.set_xticks(ticks); ax.set_yticks(ticks); ax.set_zticks(ticks)
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_tick_params(labelsize=10)
    ax.set_box_aspect((1, 1, 1), zoom=0.9)
    # each body axis labelled beyond its tip, on the side it points to on the screen, clear of the others
    plotting.separate_labels(list(ax.texts) + [
        plotting.label_beyond(ax, 0.75 * c["R"][:, i], "xyz"[i], color=plotting.AXIS_COLORS[i], pad=0.08)
        for i in range(3)])
    scale = "" if k == 1.0 else f"\narrows drawn × {k:.2f} to fit"
    ax.set_title(f"yaw {yaw:.0f}°, pitch {pitch:.0f}°, roll {roll:.0f}°{scale}", fontsize=10)

    tx = fig.add_subplot(grid[1])
    tx.axis("off")
    rows = _rows(c)                                   # one row per frame; the figure shows them as columns
    cells = [[rows[f][i + 1] for f in range(len(FRAMES))] for i in range(len(_HEADER) - 1)]
    tab = tx.table(cellText=cells, rowLabels=_HEADER[1:], colLabels=list(FRAMES), loc="center",
                   cellLoc="right")
    tab.auto_set_font_size(False)
    tab.set_fontsize(10)
    tab.scale(0.9, 1.35)
    tx.set_title("ω (rad/s) and L (kg m²/s) in each frame", fontsize=10)
    handles, labels = ax.get_legend_handles_labels()
    tx.legend(handles, labels, loc="lower center", fontsize=10, ncol=2, frameon=False,
              bbox_to_anchor=(0.5, -0.08))
    fig.subplots_adjust(left=0.0, right=0.97, bottom=0.06, top=0.88, wspace=0.15)
    return fig


#: Width of the live canvas (CSS px, the page's default) and the bar panel's share of it.
LIVE_WIDTH, LIVE_BAR_SHARE = CANVAS_SIZE[0], 0.5
#: Tops of the live bar panel (the smallest that holds the longest bar, so the scale changes only
#: with |ω| and |L|, which are the same in every frame and do not change with the attitude).
LIVE_BAR_LEVELS = (0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0)
#: Room above the bars for the page's legend (top right), in units of the top.
LIVE_HEADROOM = 1.55
#: Bar colours of the frames: principal (orange, as the principal moments of notebook 02), body,
#: world (reddish purple, as the L_world arrow).
FRAME_COLORS = ("orange", "sky blue", "reddish purple")
#: The bar groups of the live panel, left to right (the rows of :func:`table`).
LIVE_GROUPS = ("ω_x", "ω_y", "ω_z", "|ω|", "L_x", "L_y", "L_z", "|L|")


def _title_3d(yaw, pitch, roll, k: float) -> str:
    fit = "" if k == 1.0 else f"; arrows × {k:.2f} to fit"
    return f"yaw {float(yaw):.0f}°, pitch {float(pitch):.0f}°, roll {float(roll):.0f}°{fit}"


def _group_values(c: dict) -> np.ndarray:
    """(3, 8): for each frame (principal, body, world) ω's components and length, then L's;
    rounding noise (|x| < :data:`rbteach.explorers.ROUNDING_FLOOR`) as 0, so no bar of noise is drawn."""
    vals = np.array([np.concatenate([c["omega"][f], [np.linalg.norm(c["omega"][f])],
                                     c["L"][f], [np.linalg.norm(c["L"][f])]]) for f in FRAMES])
    return np.where(np.abs(vals) < ROUNDING_FLOOR, 0.0, vals)


def scene(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
          wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`.

    Left a 3-D panel the student turns with the mouse: the world axes X, Y, Z (faint), the body
    axes x, y, z (0.75 long), the box, ω_world (black) and L_world (reddish purple), both shrunk
    by :func:`arrow_scale` when the longer would leave the view (the title says so). Right
    :func:`draw`'s table as bars: for each component of ω and L, and their lengths, one bar per
    frame (principal, body, world). Dragging the attitude moves only the world bars; the lengths
    are the same in all three frames.
    """
    from ..plotting import AXIS_COLORS, PALETTE
    from ..solids import box_faces
    from .live import arrow3d, line3d, series, solid3d, space, xy
    from .nb02 import _box_edges

    c = compute(yaw=yaw, pitch=pitch, roll=roll, wx=wx, wy=wy, wz=wz)
    w_world, L_world = c["omega"]["world"], c["L"]["world"]
    k = arrow_scale(w_world, L_world)
    lines = []
    for i in range(3):
        lines.append(line3d(arrow3d(np.eye(3)[i]), color=AXIS_COLORS[i], width=1.5, alpha=0.35, label="XYZ"[i]))
    for i in range(3):
        lines.append(line3d(arrow3d(0.75 * c["R"][:, i]), color=AXIS_COLORS[i], width=2.5, label="xyz"[i]))
    lines.append(line3d(_box_edges(EDGES, c["R"] @ c["O"]), color="#4d4d4d", width=1.5, wire=True))
    for v, color, label in ((w_world, PALETTE["black"], "ω_world"), (L_world, PALETTE["reddish purple"], "L_world")):
        if np.linalg.norm(v) > 0.0:                         # ω = 0: no arrow (and L = 0 too)
            lines.append(line3d(arrow3d(k * v), color=color, width=3.0, label=label))
    left = space(lines, radius=VIEW_RADIUS, title=_title_3d(yaw, pitch, roll, k), elev=20.0, azim=-50.0,
                 world_axes=False, width=1.0 - LIVE_BAR_SHARE,
                 solids=[solid3d(box_faces(*EDGES), R=c["R"] @ c["O"], name="box")])   # shaded, under the lines

    vals = _group_values(c)
    longest = 1.08 * float(vals[:, [3, 7]].max())
    top = next((v for v in LIVE_BAR_LEVELS if longest <= v), longest)
    xlim = (0.5, 8.5)
    plot_px = LIVE_WIDTH * LIVE_BAR_SHARE - PANEL_MARGINS[0]   # the page's plot box
    bar_px = 0.24 * plot_px / (xlim[1] - xlim[0])              # three bars of 0.24 per group of 1
    x = np.arange(1.0, 9.0)
    gap = np.full(8, np.nan)
    bars = [series(xlim, [0.0, 0.0], color="#666666", width=1.0),
            series([4.5, 4.5], (-top, LIVE_HEADROOM * top), color="#999999", dash=":", width=1.0)]
    for f, color in enumerate(FRAME_COLORS):
        xf = x + 0.26 * (f - 1)
        bars.append(series(np.column_stack([xf, xf, gap]).ravel()[:-1],
                           np.column_stack([np.zeros(8), vals[f], gap]).ravel()[:-1],
                           color=PALETTE[color], width=bar_px))
    for name, color in zip(FRAMES, FRAME_COLORS):              # legend entries only (no data)
        bars.append(series([np.nan], [np.nan], color=PALETTE[color], width=8.0, label=name))
    right = xy(bars, xlim=xlim, ylim=(-top, LIVE_HEADROOM * top), title="ω (rad/s) and L (kg m²/s) in each frame",
               xlabel="bars: " + " ".join(LIVE_GROUPS[:4]) + ", then " + " ".join(LIVE_GROUPS[4:]),
               width=LIVE_BAR_SHARE)
    return {"panels": [left, right]}


def controls() -> dict:
    """Sliders: yaw (main control), pitch, roll in degrees; wx, wy, wz = ω_body in rad/s.

    Steps of 1° and 0.05 rad/s: a drag of the live explorer passes through many values, so the
    picture moves smoothly (on a 5° grid a drag over a third of the track gave only ~10 new
    pictures a second)."""
    import ipywidgets as w

    style = {"description_width": "initial"}

    def angle(name, lo, hi):
        return w.FloatSlider(value=DEFAULTS[name], min=lo, max=hi, step=1.0, description=f"{name} (°)",
                             continuous_update=False, style=style)

    def rate(name):
        return w.FloatSlider(value=DEFAULTS[name], min=-2.0, max=2.0, step=0.05,
                             description=f"ω_body {name[1]} (rad/s)", continuous_update=False, style=style)

    return {"yaw": angle("yaw", -180.0, 180.0), "pitch": angle("pitch", -90.0, 90.0),
            "roll": angle("roll", -180.0, 180.0), "wx": rate("wx"), "wy": rate("wy"), "wz": rate("wz")}


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
