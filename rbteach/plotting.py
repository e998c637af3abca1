"""Matplotlib helpers shared by the notebooks (imported on use, never by ``import rbteach``).

Every function draws on an axes it is given (or a new figure) and returns what it drew;
none of them computes physics: the numbers come from the other rbteach modules.
"""

from __future__ import annotations

import numpy as np
import matplotlib

# Headless by default outside Jupyter (tests, scripts); Jupyter's inline backend is kept.
if matplotlib.get_backend().lower() not in ("module://matplotlib_inline.backend_inline", "inline", "agg"):
    try:
        from IPython import get_ipython  # noqa: F401

        if get_ipython() is None:
            matplotlib.use("Agg")
    except ImportError:  # pragma: no cover
        matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from . import _validate as _v  # noqa: E402

__all__ = ["AXIS_COLORS", "AXIS_STYLES", "PALETTE", "FIGURE_DPI", "use_course_style", "new_3d", "set_equal_3d", "draw_frame", "draw_vector", "draw_ellipsoid",
           "draw_box", "inertia_ellipsoid_radii", "mesh_outline", "animate_attitude"]

#: The Okabe–Ito palette (Okabe & Ito, "Color Universal Design", 2008): told apart with every
#: common colour-vision deficiency. Every colour in the collection's figures comes from here
#: (plus black and greys).
PALETTE = {
    "vermillion": "#D55E00", "bluish green": "#009E73", "blue": "#0072B2", "orange": "#E69F00",
    "sky blue": "#56B4E9", "reddish purple": "#CC79A7", "yellow": "#F0E442", "black": "#000000",
}
#: Colours of the x, y, z (or 1, 2, 3) axes in every figure: "red, green, blue" in the Okabe–Ito
#: palette (vermillion, bluish green, blue), which stay apart under deuteranopia and protanopia.
AXIS_COLORS = (PALETTE["vermillion"], PALETTE["bluish green"], PALETTE["blue"])
#: Line styles of the x, y, z components where curves of different axes share a panel.
AXIS_STYLES = ("-", "--", ":")
#: Dots per inch of the collection's figures. Shown as retina PNGs (rendered at twice this and
#: displayed at half size), a 10-pt label is 10 × 100 / 72 ≈ 14 CSS pixels, the size of the
#: notebook's body text at 100 % zoom, and stays sharp at 150 % and on a projector.
FIGURE_DPI = 100


def use_course_style() -> None:
    """The collection's figure style: :data:`FIGURE_DPI`, 10-pt text, the palette's axis colours
    as the colour cycle, and retina PNGs in the notebook (``%config InlineBackend.figure_formats``).

    The first cell of every notebook calls it.
    """
    from cycler import cycler

    plt.rcParams.update({
        "figure.dpi": FIGURE_DPI, "font.size": 10.0, "axes.titlesize": 11.0, "axes.labelsize": 10.0,
        "xtick.labelsize": 10.0, "ytick.labelsize": 10.0, "legend.fontsize": 10.0,
        "axes.prop_cycle": cycler(color=list(AXIS_COLORS) + [PALETTE[k] for k in
                                                             ("orange", "sky blue", "reddish purple", "black")]),
    })
    try:
        from matplotlib_inline.backend_inline import set_matplotlib_formats

        set_matplotlib_formats("retina")
    except ImportError:  # pragma: no cover - outside Jupyter
        pass


def new_3d(figsize=(5, 5), title=None):
    """A new figure with one 3-D axes; returns ``(fig, ax)``."""
    fig = plt.figure(figsize=figsize)
    ax = fig.add_subplot(projection="3d")
    if title:
        ax.set_title(title)
    return fig, ax


def set_equal_3d(ax, radius: float, center=(0.0, 0.0, 0.0)):
    """Equal scale on the three axes, a cube of half-width ``radius`` around ``center``."""
    c = np.asarray(center, dtype=float)
    ax.set_xlim(c[0] - radius, c[0] + radius)
    ax.set_ylim(c[1] - radius, c[1] + radius)
    ax.set_zlim(c[2] - radius, c[2] + radius)
    ax.set_box_aspect((1, 1, 1))
    ax.set_xlabel("x")
    ax.set_ylabel("y")
    ax.set_zlabel("z")
    return ax


def draw_frame(ax, R=None, origin=(0.0, 0.0, 0.0), length: float = 1.0, labels=("x", "y", "z"), **kw):
    """Draw the three axes of a frame: the columns of the rotation matrix ``R`` (3, 3).

    With ``R = rbteach.quaternion.to_matrix(q_r)`` these are the body axes seen in the world.
    Returns the list of artists.
    """
    R = np.eye(3) if R is None else _v.matrix3(R, "R", allow_batch=False)
    o = _v.vector3(origin, "origin", allow_batch=False)
    arts = []
    for i in range(3):
        d = R[:, i] * length
        arts.append(ax.quiver(*o, *d, color=AXIS_COLORS[i], arrow_length_ratio=0.12, linewidth=2, **kw))
        if labels:
            arts.append(ax.text(*(o + 1.1 * d), labels[i], color=AXIS_COLORS[i]))
    return arts


def draw_vector(ax, v, origin=(0.0, 0.0, 0.0), color="k", label=None, **kw):
    """Draw one arrow ``v`` (3,) from ``origin``; returns the artist."""
    v = _v.vector3(v, "v", allow_batch=False)
    o = _v.vector3(origin, "origin", allow_batch=False)
    art = ax.quiver(*o, *v, color=color, arrow_length_ratio=0.1, linewidth=2.5, label=label, **kw)
    return art


def inertia_ellipsoid_radii(moments):
    """Semi-axes ``1/sqrt(I_i)`` of the inertia ellipsoid ``xᵀ I x = 1`` in principal axes."""
    m = _v.array(moments, "moments", (3,))
    if np.any(m <= 0):
        raise ValueError("moments must be > 0 to draw an inertia ellipsoid")
    return 1.0 / np.sqrt(m)


def draw_ellipsoid(ax, radii, R=None, center=(0.0, 0.0, 0.0), n: int = 24, **kw):
    """Draw the ellipsoid with semi-axes ``radii`` (3,) along the columns of ``R`` (3, 3).

    For an inertia tensor use ``moments, O = rbteach.inertia.principal_axes(I)`` and
    ``draw_ellipsoid(ax, inertia_ellipsoid_radii(moments), O)``.
    """
    radii = _v.array(radii, "radii", (3,))
    R = np.eye(3) if R is None else _v.matrix3(R, "R", allow_batch=False)
    c = _v.vector3(center, "center", allow_batch=False)
    u, w = np.meshgrid(np.linspace(0, 2 * np.pi, n), np.linspace(0, np.pi, n // 2 + 1))
    pts = np.stack([np.cos(u) * np.sin(w), np.sin(u) * np.sin(w), np.cos(w)], axis=-1) * radii
    pts = pts @ R.T + c
    kw.setdefault("alpha", 0.3)
    kw.setdefault("color", PALETTE["orange"])
    kw.setdefault("linewidth", 0)
    return ax.plot_surface(pts[..., 0], pts[..., 1], pts[..., 2], **kw)


def draw_box(ax, a, b, c, R=None, center=(0.0, 0.0, 0.0), **kw):
    """Draw the 12 edges of a box with full edge lengths ``a, b, c`` rotated by ``R``."""
    R = np.eye(3) if R is None else _v.matrix3(R, "R", allow_batch=False)
    ctr = _v.vector3(center, "center", allow_batch=False)
    half = 0.5 * np.array([a, b, c], dtype=float)
    corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]) * half
    corners = corners @ R.T + ctr
    kw.setdefault("color", "0.3")
    arts = []
    for i in range(8):
        for j in range(i + 1, 8):
            if bin(i ^ j).count("1") == 1:
                arts += ax.plot(*corners[[i, j]].T, **kw)
    return arts


#: Colours of the extra world vectors of :func:`animate_attitude`, in order.
_VECTOR_COLORS = ("k", PALETTE["reddish purple"], PALETTE["orange"], PALETTE["sky blue"])


def mesh_outline(vertices, faces) -> np.ndarray:
    """The edges where a triangle mesh's surface bends: a body's outline for drawing.

    An edge is kept when its two triangles are not coplanar (unit normals ``n₁ · n₂ < 1 − 1e-9``)
    or when it does not have exactly two triangles; the diagonals that split a flat face into
    triangles are left out, so a triangulated box gives its 12 edges.

    Parameters
    ----------
    vertices : array_like, shape (V, 3)
    faces : array_like of int, shape (F, 3)
        As for :func:`rbteach.inertia.mesh`.

    Returns
    -------
    ndarray, shape (m, 2, 3)
        Segments (start, end), in the frame of ``vertices``.
    """
    from .inertia import _faces

    v = _v.array(vertices, "vertices", (3,))
    if v.ndim != 2:
        raise ValueError(f"vertices must have shape (V, 3), got shape {v.shape}")
    f = _faces(faces, v.shape[0])
    n = np.cross(v[f[:, 1]] - v[f[:, 0]], v[f[:, 2]] - v[f[:, 0]])
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    owners: dict[tuple[int, int], list[int]] = {}
    for k, tri in enumerate(f.tolist()):
        for a, b in ((tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])):
            owners.setdefault((min(a, b), max(a, b)), []).append(k)
    keep = [e for e, fs in owners.items() if len(fs) != 2 or n[fs[0]] @ n[fs[1]] < 1.0 - 1e-9]
    return v[np.array(keep, dtype=np.int64).reshape(-1, 2)]


def animate_attitude(q, *, vectors_world=None, body_edges=None, every=1, interval=50, length=1.0, title=None):
    """Animate the body axes of an attitude history: one frame per ``every``-th quaternion.

    Each frame draws the columns of ``R = rbteach.quaternion.to_matrix(q[k])`` (the body axes
    x', y', z' seen in the world frame, coloured :data:`AXIS_COLORS`), the optional outline of
    the body (``R p`` for each point ``p`` of ``body_edges``) and the optional world vectors
    (e.g. the angular momentum L, fixed in space for a free body). The figure is small
    (3.6 × 3.6 in at 60 dpi, no ticks or panes) so that ``anim.to_jshtml()`` keeps a notebook
    light and fast; the artists are updated in place (``blit=True``).

    Parameters
    ----------
    q : array_like, shape (n, 4)
        Body → world attitudes (w, x, y, z); each is normalised by ``to_matrix``.
    vectors_world : dict, optional
        ``{label: v}`` with ``v`` of shape (3,) (a fixed vector) or (n, 3) (one per sample of ``q``),
        world frame, drawn from the origin in black, purple, orange, brown.
    body_edges : array_like, shape (m, 2, 3), optional
        Segments in the body frame (e.g. :func:`mesh_outline` of the body's mesh, with its centre
        of mass at the origin), drawn in dark grey.
    every : int
        Use samples ``0, every, 2 every, …`` as frames.
    interval : float
        Delay between frames in milliseconds (> 0).
    length : float
        Length of the drawn body axes (> 0); the view is a cube of half-width ``1.2 · max(length, |v|)``.
    title : str, optional
        Figure title; the frame's sample index is appended.

    Returns
    -------
    matplotlib.animation.FuncAnimation
        Show it in a notebook with ``HTML(anim.to_jshtml())`` and close its figure
        (``plt.close(anim._fig)``) so no extra static picture is shown.
    """
    from matplotlib.animation import FuncAnimation

    from . import quaternion as _q

    qa = _v.quaternion(q, "q")
    if qa.ndim != 2:
        raise ValueError(f"q must have shape (n, 4), got shape {qa.shape}")
    n = qa.shape[0]
    every = _v.positive_int(every, "every")
    interval = _v.positive(interval, "interval")
    length = _v.positive(length, "length")
    vecs = []
    for i, (label, v) in enumerate((vectors_world or {}).items()):
        a = _v.vector3(v, f"vectors_world[{label!r}]")
        if a.shape not in ((3,), (n, 3)):
            raise ValueError(f"vectors_world[{label!r}] must have shape (3,) or ({n}, 3), got shape {a.shape}")
        vecs.append((str(label), np.broadcast_to(a, (n, 3)), _VECTOR_COLORS[i % len(_VECTOR_COLORS)]))
    if body_edges is None:
        edges = np.zeros((0, 2, 3))
    else:
        edges = _v.array(body_edges, "body_edges", (2, 3))
        if edges.ndim != 3:
            raise ValueError(f"body_edges must have shape (m, 2, 3), got shape {edges.shape}")
    # one polyline for all the segments, NaN rows between them (Matplotlib breaks the line there)
    outline = np.concatenate([edges, np.full((edges.shape[0], 1, 3), np.nan)], axis=1).reshape(-1, 3)
    idx = np.arange(0, n, every)
    R = _q.to_matrix(qa[idx])                                        # (frames, 3, 3)

    fig = plt.figure(figsize=(3.6, 3.6), dpi=60)
    ax = fig.add_subplot(projection="3d")
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=1.0)
    radius = 1.2 * max([length] + [float(np.max(np.linalg.norm(v, axis=-1))) for _, v, _ in vecs]
                       + [float(np.max(np.linalg.norm(edges, axis=-1), initial=0.0))])
    set_equal_3d(ax, radius)
    ax.set_box_aspect((1, 1, 1), zoom=1.3)
    ax.set_axis_off()                  # no ticks or panes: text is what makes 3-D frames slow to render
    ax.view_init(elev=20, azim=30)
    for i, lab in enumerate("xyz"):   # the world axes, thin and grey
        e = np.eye(3)[i] * radius
        ax.plot(*np.stack([-e, e]).T, color="0.7", linewidth=0.8)
        ax.text(*(1.05 * e), lab, color="0.5", fontsize=9)
    axis_lines = [ax.plot([], [], [], color=AXIS_COLORS[i], linewidth=3, label=lab)[0]
                  for i, lab in enumerate(("x'", "y'", "z'"))]
    vec_lines = [ax.plot([], [], [], color=c, linewidth=2, linestyle="--", label=lab)[0] for lab, _, c in vecs]
    body_line = ax.plot([], [], [], color="0.25", linewidth=1.2)[0]
    ax.legend(loc="upper right", fontsize=9)
    head = ax.text2D(0.02, 0.97, "", transform=ax.transAxes, fontsize=9, va="top")

    def update(frame):
        k = idx[frame]
        for i, line in enumerate(axis_lines):
            tip = R[frame][:, i] * length
            line.set_data_3d([0.0, tip[0]], [0.0, tip[1]], [0.0, tip[2]])
        for line, (_, v, _) in zip(vec_lines, vecs):
            line.set_data_3d([0.0, v[k, 0]], [0.0, v[k, 1]], [0.0, v[k, 2]])
        body = outline @ R[frame].T                                 # R p for every outline point
        body_line.set_data_3d(body[:, 0], body[:, 1], body[:, 2])
        head.set_text(f"{title + chr(10) if title else ''}sample {k}")
        return axis_lines + vec_lines + [body_line, head]

    update(0)
    return FuncAnimation(fig, update, frames=len(idx), interval=interval, blit=True)
