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

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia, quaternion, rotation

__all__ = ["DEFAULTS", "MASS", "EDGES", "MOUNT_DEG", "body_inertia", "compute", "summary", "table",
           "arrow_scale", "draw", "controls", "widget"]

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
    """
    yaw = _v.finite_scalar(yaw, "yaw")
    pitch = _v.finite_scalar(pitch, "pitch")
    roll = _v.finite_scalar(roll, "roll")
    omega_body = np.array([_v.finite_scalar(wx, "wx"), _v.finite_scalar(wy, "wy"), _v.finite_scalar(wz, "wz")])

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
    return {"R": R, "q_r": q_r, "q_o": q_o, "moments": moments, "O": O,
            "inertia_body": I_body, "inertia_world": I_world, "omega": omega, "L": L}


def summary(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
            wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> str:
    """One line: L_world (kg m²/s) and ω_world (rad/s) components."""
    c = compute(yaw, pitch, roll, wx, wy, wz)
    L = ", ".join(_fmt(x) for x in c["L"]["world"])
    w = ", ".join(_fmt(x) for x in c["omega"]["world"])
    return f"L_world = ({L}) kg m²/s; ω_world = ({w}) rad/s"


def _rows(c: dict) -> list[list[str]]:
    rows = []
    for f in FRAMES:
        w, L = c["omega"][f], c["L"][f]
        cosang = float(np.dot(w, L) / (np.linalg.norm(w) * np.linalg.norm(L))) if np.any(w) else 1.0
        ang = np.degrees(np.arccos(np.clip(cosang, -1.0, 1.0)))
        rows.append([f] + [_fmt(x) for x in w] + [_fmt(x) for x in L] + [_fmt(np.linalg.norm(L)), f"{ang:.1f}"])
    return rows


_HEADER = ["frame", "ω_x", "ω_y", "ω_z", "L_x", "L_y", "L_z", "|L|", "∠(ω,L)°"]


def table(yaw: float = DEFAULTS["yaw"], pitch: float = DEFAULTS["pitch"], roll: float = DEFAULTS["roll"],
          wx: float = DEFAULTS["wx"], wy: float = DEFAULTS["wy"], wz: float = DEFAULTS["wz"]) -> str:
    """A text table of ω (rad/s) and L (kg m²/s) components in the principal, body and world frames.

    The components differ from frame to frame; the length |L| and the angle between ω and L do not.
    """
    rows = [_HEADER] + _rows(compute(yaw, pitch, roll, wx, wy, wz))
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

    c = compute(yaw, pitch, roll, wx, wy, wz)
    w_world, L_world = c["omega"]["world"], c["L"]["world"]
    k = arrow_scale(w_world, L_world)
    fig = plt.figure(figsize=(9, 4), dpi=plotting.FIGURE_DPI)
    grid = fig.add_gridspec(1, 2, width_ratios=[1.0, 1.0])
    ax = fig.add_subplot(grid[0], projection="3d")
    plotting.draw_frame(ax, None, length=1.0, labels=("X", "Y", "Z"), alpha=0.3)
    plotting.draw_frame(ax, c["R"], length=0.75, labels=("x", "y", "z"))
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


def controls() -> dict:
    """Sliders: yaw (main control), pitch, roll in degrees; wx, wy, wz = ω_body in rad/s."""
    import ipywidgets as w

    style = {"description_width": "initial"}

    def angle(name, lo, hi):
        return w.FloatSlider(value=DEFAULTS[name], min=lo, max=hi, step=5.0, description=f"{name} (°)",
                             continuous_update=False, style=style)

    def rate(name):
        return w.FloatSlider(value=DEFAULTS[name], min=-2.0, max=2.0, step=0.1,
                             description=f"ω_body {name[1]} (rad/s)", continuous_update=False, style=style)

    return {"yaw": angle("yaw", -180.0, 180.0), "pitch": angle("pitch", -90.0, 90.0),
            "roll": angle("roll", -180.0, 180.0), "wx": rate("wx"), "wy": rate("wy"), "wz": rate("wz")}


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
