"""An attitude player for the notebooks: the body turning in 3-D, in the browser, at the display's rate.

:func:`attitude_player` takes a simulated trajectory (times and body → world quaternions) and gives
an object the notebook displays as one self-contained HTML block: a ``<canvas>`` drawn by a small
script (no library, nothing loaded from the internet), with play/pause, a time slider, a speed
choice, and a 3-D view that the mouse (or a finger) orbits, or the arrow keys once the picture has
the focus (5° a press, 1° with Shift); a double-click, Home, Escape or "reset view" puts the camera
back. For a screen reader the canvas is ``role="img"`` with a label saying what it shows at the
current time and view (:meth:`AttitudePlayer.describe` is the poster's alt text), and the time
slider says its value in seconds; its step is about 1/100 of the run. The player's keys stay in the
player: JupyterLab does not take the arrow keys to move between cells. Between two samples the attitude is interpolated by SLERP,

    q(t) = q_k ⊗ (q_k⁻¹ ⊗ q_{k+1})^s,   s = (t − t_k) / (t_{k+1} − t_k),

with q_{k+1} taken with the sign nearer q_k (the double cover), so the picture moves smoothly at any
frame rate whatever the sampling step. A body that also moves (``position_world``, e.g. the centre
of mass of a dropped rod) goes in straight lines between samples. Each frame draws the world axes
(grey) and fixed world lines (``world_edges``, e.g. a floor); the body as a shaded solid
(``body_faces``: Lambert-lit polygons, faces turned away culled, the rest drawn back to front, as
:mod:`rbteach.solids` computes) or, with the "wireframe" box ticked, as the faces' outlines; lines
carried by the body (``body_edges``, turned by R(q)); then on top the body axes x′, y′, z′ (the
columns of R, in :data:`rbteach.plotting.AXIS_COLORS`), fixed or moving world vectors (e.g. L), and
the trace of the tip of one body axis.

Where no script runs (GitHub, an untrusted notebook, a static page without JavaScript), the block
shows its poster instead: a PNG of the first frame drawn by Matplotlib. Nothing depends on
JupyterLab's settings: every copy of the output mounts itself when its poster image loads, so the
player works with JupyterLab's default windowed notebooks, in Notebook 7, VS Code and on the website.
"""

from __future__ import annotations

import base64
import html
import json
from pathlib import Path

import numpy as np

from ._fpflags import drawn_quietly
from . import _validate as _v
from . import quaternion as _q

__all__ = ["attitude_player", "AttitudePlayer", "slerp_samples"]

#: Colours of the world vectors, in order: black, then the palette's reddish purple, orange, sky blue.
_VECTOR_COLORS = ("#000000", "#CC79A7", "#E69F00", "#56B4E9")


def slerp_samples(t, q, t_query) -> np.ndarray:
    """The player's attitude at ``t_query``: SLERP between the samples ``(t, q)``, by
    :func:`rbteach.quaternion.slerp` (the JavaScript player computes the same; ``tests/browser``
    compares the two). Returns unit quaternions."""
    t = np.asarray(t, dtype=float)
    q = np.asarray(q, dtype=float)
    tq = np.atleast_1d(np.asarray(t_query, dtype=float))
    k = np.clip(np.searchsorted(t, tq, side="right") - 1, 0, len(t) - 2)
    s = np.clip((tq - t[k]) / (t[k + 1] - t[k]), 0.0, 1.0)
    return _q.slerp(q[k], q[k + 1], s)


class AttitudePlayer:
    """What :func:`attitude_player` returns: displays as the player (HTML) or its poster (PNG)."""

    def __init__(self, data: dict, poster_png: bytes, height: int):
        self.data = data
        self.poster_png = poster_png
        self.height = height

    def __repr__(self):
        n = len(self.data["t"])
        return f"<attitude player: {n} samples, t = {self.data['t'][0]:.2f} … {self.data['t'][-1]:.2f} s>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        return {"text/html": self.html(), "image/png": base64.b64encode(self.poster_png).decode("ascii"),
                "text/plain": repr(self)}

    def html(self) -> str:
        """The self-contained HTML block: poster, canvas, controls, data and the script."""
        poster = base64.b64encode(self.poster_png).decode("ascii")
        payload = html.escape(json.dumps(self.data, separators=(",", ":")), quote=False)
        size = self.height
        return _TEMPLATE.format(poster=poster, payload=payload, size=size, alt=html.escape(self.describe()),
                                script=_SCRIPT)

    def describe(self) -> str:
        """One sentence of what the player shows (the poster's alt text; the page's canvas builds
        the same sentence with the current time and view as its aria-label)."""
        d = self.data
        shown = ["the world axes x, y, z", "the body axes x′, y′, z′"]
        if d["edges"]:
            shown.append("the body's outline")
        shown += [f"{v['label']} ({'fixed' if v['fixed'] else 'moving'})" for v in d["vectors"]]
        if d["trace"] is not None:
            shown.append(f"the path of the tip of {('x′', 'y′', 'z′')[d['trace']]}")
        head = f"{d['title']}: " if d.get("title") else ""
        return (f"{head}3-D view of the body turning from t = {d['t'][0]:.2f} s to {d['t'][-1]:.2f} s, "
                f"showing {', '.join(shown[:-1])} and {shown[-1]}; first frame.")


def attitude_player(t, q, *, body_edges=None, body_faces=None, face_colors=None, cull_back_faces: bool = True,
                    position_world=None, world_edges=None, vectors_world=None, trace_axis: int | None = 2,
                    length: float = 1.0, title: str = "", speed: float = 1.0, size: int = 420,
                    view=(20.0, 30.0)) -> AttitudePlayer:
    """The attitude history ``q(t)`` as an interactive 3-D player (see the module docstring).

    Parameters
    ----------
    t : array_like, shape (n,)
        Sample times (s), strictly increasing, n ≥ 2.
    q : array_like, shape (n, 4)
        Body → world attitudes (w, x, y, z) at ``t``; each is normalised.
    body_edges : array_like, shape (m, 2, 3), optional
        Segments in the body frame, drawn in both views (e.g. :func:`rbteach.plotting.mesh_outline`,
        or a cone carried by the body).
    body_faces : sequence of (k, 3) arrays, optional
        The body as polygons (k ≥ 3 corners) in the body frame (:mod:`rbteach.solids`): drawn solid
        (lit, back to front), or as their outlines when the student ticks "wireframe".
    face_colors : colour or sequence of colours, optional
        One Matplotlib colour for every face, or one per face (default light grey).
    cull_back_faces : bool
        The faces enclose the body and wind counter-clockwise seen from outside, so a face turned
        away is not drawn (:func:`rbteach.solids.painter_order`). False for an open surface.
    position_world : array_like, shape (n, 3), optional
        The body's origin (e.g. its centre of mass) in the world at ``t`` (m), interpolated
        linearly between samples; default fixed at the world origin (a body turning about a
        fixed point). The body's axes, vectors and trace start there.
    world_edges : array_like, shape (m, 2, 3), optional
        Fixed segments in the world frame (e.g. a floor), drawn behind the body.
    vectors_world : dict, optional
        ``{label: v}``, ``v`` of shape (3,) (fixed, e.g. the angular momentum of a free body) or
        (n, 3) (one per sample), world frame.
    trace_axis : {0, 1, 2} or None
        Draw the path of the tip of this body axis (x′, y′, z′); None for no trace.
    length : float
        Length of the drawn body axes (> 0).
    title : str
        Shown above the picture.
    speed : float
        Simulated seconds per real second at the start (the student can change it).
    size : int
        Width and height of the picture in CSS pixels (200 … 800).
    view : (elev, azim)
        The starting view in degrees, as Matplotlib's ``view_init`` (elev in [−89, 89]).
    """
    from .quaternion import normalize, to_matrix

    tt = _v.array(t, "t", ())
    if tt.ndim != 1 or tt.shape[0] < 2:
        raise ValueError(f"t must be a 1-D array of at least 2 times, got shape {tt.shape}")
    if not np.all(np.diff(tt) > 0):
        raise ValueError("t must be strictly increasing")
    qa = _v.quaternion(q, "q")
    if qa.shape != (tt.shape[0], 4):
        raise ValueError(f"q must have shape ({tt.shape[0]}, 4) to match t, got shape {qa.shape}")
    qa = normalize(qa)
    length = _v.positive(length, "length")
    speed = _v.positive(speed, "speed")
    if not isinstance(size, (int, np.integer)) or isinstance(size, bool) or not 200 <= size <= 800:
        raise ValueError(f"size must be a whole number of pixels from 200 to 800, got {size!r}")
    if trace_axis not in (None, 0, 1, 2) or isinstance(trace_axis, bool):
        raise ValueError(f"trace_axis must be 0, 1, 2 or None, got {trace_axis!r}")
    edges = _segments(body_edges, "body_edges")
    fixed = _segments(world_edges, "world_edges")
    cull = _v.flag(cull_back_faces, "cull_back_faces")
    faces, normals, colors = _faces(body_faces, face_colors)
    view_a = _v.array(view, "view", ())
    if view_a.shape != (2,) or not -89.0 <= view_a[0] <= 89.0:
        raise ValueError(f"view must be (elev, azim) in degrees with elev in [-89, 89], got {_v.describe(view)}")
    n = tt.shape[0]
    if position_world is None:
        x = None
    else:
        x = _v.vector3(position_world, "position_world")
        if x.shape != (n, 3):
            raise ValueError(f"position_world must have shape ({n}, 3) to match t, got shape {x.shape}")
    vecs = []
    for i, (label, v) in enumerate((vectors_world or {}).items()):
        a = _v.vector3(v, f"vectors_world[{label!r}]")
        if a.shape not in ((3,), (n, 3)):
            raise ValueError(f"vectors_world[{label!r}] must have shape (3,) or ({n}, 3), got shape {a.shape}")
        vecs.append({"label": str(label), "color": _VECTOR_COLORS[i % len(_VECTOR_COLORS)],
                     "v": np.broadcast_to(a, (n, 3)).round(6).tolist(), "fixed": a.shape == (3,)})
    body = max([length] + [float(np.max(np.linalg.norm(np.asarray(v["v"]), axis=-1))) for v in vecs]
               + [float(np.max(np.linalg.norm(edges, axis=-1), initial=0.0))]
               + [float(np.max(np.linalg.norm(f, axis=-1))) for f in faces])
    if x is None:
        center, reach = np.zeros(3), 0.0
    else:
        center = 0.5 * (x.min(axis=0) + x.max(axis=0))
        reach = float(np.max(np.linalg.norm(x - center, axis=-1)))
    far = float(np.max(np.linalg.norm(fixed - center, axis=-1), initial=0.0))
    radius = max(1.25 * (body + reach), 1.05 * far)
    from .plotting import AXIS_COLORS

    data = {
        "t": tt.round(9).tolist(), "q": qa.round(9).tolist(), "edges": edges.round(6).tolist(), "vectors": vecs,
        "faces": [f.round(6).tolist() for f in faces], "normals": normals.round(9).tolist(), "face_colors": colors,
        "cull": cull, "x": None if x is None else x.round(9).tolist(), "world_edges": fixed.round(6).tolist(),
        "center": center.round(9).tolist(), "trace": trace_axis, "length": length, "radius": radius,
        "title": str(title), "speed": speed, "colors": list(AXIS_COLORS),
        "view": {"elev": float(view_a[0]), "azim": float(view_a[1])},
    }
    poster = _poster(to_matrix(qa[0]), data, size)
    return AttitudePlayer(data, poster, size)


#: The faces' colour when none is given: a light grey (the palette's greys).
FACE_COLOR = "#c8c8c8"


def _segments(seg, name):
    if seg is None:
        return np.zeros((0, 2, 3))
    a = _v.array(seg, name, (2, 3))
    if a.ndim != 3:
        raise ValueError(f"{name} must have shape (m, 2, 3), got shape {a.shape}")
    return a


def _faces(body_faces, face_colors):
    """The checked polygons, their unit normals (body frame) and one hex colour per face."""
    from matplotlib.colors import to_hex

    from .solids import _polygons, polygon_normals

    if body_faces is None:
        if face_colors is not None:
            raise ValueError("face_colors needs body_faces (there are no faces to colour)")
        return [], np.zeros((0, 3)), []
    faces = _polygons(body_faces, "body_faces")
    normals = polygon_normals(faces)
    spec = FACE_COLOR if face_colors is None else face_colors
    try:
        colors = [to_hex(spec)] * len(faces)
    except (ValueError, TypeError):
        if isinstance(spec, (str, bytes)) or not hasattr(spec, "__len__") or len(spec) != len(faces):
            raise ValueError(f"face_colors must be one colour or {len(faces)} colours (one per face), "
                             f"got {_v.describe(face_colors)}") from None
        colors = []
        for i, c in enumerate(spec):
            try:
                colors.append(to_hex(c))
            except (ValueError, TypeError):
                raise ValueError(f"face_colors[{i}] is not a colour: {_v.describe(c)}") from None
    return faces, normals, colors


def _camera(elev, azim):
    """The view's right, up and towards-the-viewer unit vectors (world), as the script's project()."""
    e, a = np.radians(elev), np.radians(azim)
    right = np.array([-np.sin(a), np.cos(a), 0.0])
    up = np.array([-np.sin(e) * np.cos(a), -np.sin(e) * np.sin(a), np.cos(e)])
    return right, up, np.cross(right, up)


@drawn_quietly
def _poster(R, d, size) -> bytes:
    """The first frame as a PNG (Matplotlib, same view), for places where no script runs."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.colors import to_rgb
    from matplotlib.figure import Figure
    from mpl_toolkits.mplot3d.art3d import Poly3DCollection

    from .plotting import AXIS_COLORS, FIGURE_DPI, label_beyond, separate_labels
    from .solids import light_direction, painter_order

    title, length, radius = d["title"], d["length"], d["radius"]
    elev, azim = d["view"]["elev"], d["view"]["azim"]
    c = np.asarray(d["center"])
    x0 = np.zeros(3) if d["x"] is None else np.asarray(d["x"][0])
    fig = Figure(figsize=(size / FIGURE_DPI, size / FIGURE_DPI), dpi=FIGURE_DPI)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(projection="3d")
    ax.computed_zorder = False           # world axes, then the body, then its axes and vectors on top
    # the two text lines (title, time) get their own band at the top, so that no axis label
    # (the z label is at the top of the picture) runs into them; the canvas does the same
    band = 40.0 / size if title else 22.0 / size
    fig.subplots_adjust(left=0, right=1, bottom=0, top=1 - band)
    ax.set_xlim(c[0] - radius, c[0] + radius), ax.set_ylim(c[1] - radius, c[1] + radius)
    ax.set_zlim(c[2] - radius, c[2] + radius)
    ax.set_box_aspect((1, 1, 1), zoom=1.25)
    ax.set_axis_off()
    ax.view_init(elev=elev, azim=azim)
    labels = []                  # written beyond their line's end on the screen, clear of each other
    for i, lab in enumerate("xyz"):
        lo, hi = np.zeros(3), np.zeros(3)
        lo[i], hi[i] = (0.0, 0.5 * radius) if d["x"] is not None else (c[i] - radius, c[i] + radius)
        ax.plot(*np.stack([lo, hi]).T, color="0.7", linewidth=0.8, zorder=0)
        labels.append(label_beyond(ax, hi, lab, color="0.45", fontsize=10, pad=0.02))
    for a, b in d["world_edges"]:
        ax.plot(*np.stack([a, b]).T, color="0.6", linewidth=1.0, zorder=0)
    if d["faces"]:
        world = [np.asarray(f) @ R.T + x0 for f in d["faces"]]
        right, up, toward = _camera(elev, azim)
        order, shade = painter_order(world, toward, light_direction(right, up, toward), cull=d["cull"])
        colors = [tuple(shade[k] * np.asarray(to_rgb(d["face_colors"][k]))) for k in order]
        ax.add_collection3d(Poly3DCollection([world[k] for k in order], facecolors=colors, edgecolors=colors,
                                             linewidths=0.5, zorder=1))
    for a, b in d["edges"]:
        pa, pb = R @ np.asarray(a) + x0, R @ np.asarray(b) + x0
        ax.plot(*np.stack([pa, pb]).T, color="0.3", linewidth=1.2, zorder=2)
    for i, lab in enumerate(("x′", "y′", "z′")):
        tip = x0 + R[:, i] * length
        ax.plot(*np.stack([x0, tip]).T, color=AXIS_COLORS[i], linewidth=3, zorder=3)
        labels.append(label_beyond(ax, tip, lab, color=AXIS_COLORS[i], fontsize=11, pad=0.05))
    for v in d["vectors"]:
        p = x0 + np.asarray(v["v"][0])
        ax.plot(*np.stack([x0, p]).T, color=v["color"], linewidth=2, linestyle="--", zorder=3)
        labels.append(label_beyond(ax, p, v["label"], color=v["color"], fontsize=11, pad=0.05))
    separate_labels(labels)
    fig.text(0.02, 1 - 3.0 / size, (title + "\n" if title else "") + "t = 0.00 s  (poster: run the notebook to play)",
             fontsize=10, va="top")
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=FIGURE_DPI)
    return buf.getvalue()


_TEMPLATE = """<div class="rbteach-player" style="font: 14px sans-serif; width: {size}px; max-width: 100%;">
<img class="rbteach-player-poster" alt="{alt}" width="{size}" height="{size}"
 src="data:image/png;base64,{poster}" onload="window.rbteachPlayer &amp;&amp; window.rbteachPlayer.mount(this)">
<script type="application/json" class="rbteach-player-data">{payload}</script>
<script>{script}</script>
</div>"""

# The player. Defined once per page (window.rbteachPlayer), mounted once per copy of the output:
# the poster's onload calls mount(), and so does this script for its own block.
_SCRIPT = r"""
(function () {
  /*rbteach/solids.js*/
  // one definition per page; a newer script (solid bodies, moving bodies: version 2) replaces an older
  // one, so that a page holding outputs of both draws each new player with the new code
  if (!window.rbteachPlayer || !(window.rbteachPlayer.version >= 2)) {
    const P = { version: 2 };
    P.mul = function (p, q) {              // Hamilton product p ⊗ q, scalar first
      return [p[0]*q[0] - p[1]*q[1] - p[2]*q[2] - p[3]*q[3],
              p[0]*q[1] + p[1]*q[0] + p[2]*q[3] - p[3]*q[2],
              p[0]*q[2] - p[1]*q[3] + p[2]*q[0] + p[3]*q[1],
              p[0]*q[3] + p[1]*q[2] - p[2]*q[1] + p[3]*q[0]];
    };
    P.slerp = function (a, b, s) {         // rbteach.quaternion.slerp: a ⊗ exp(s log(a* ⊗ b)), shorter arc
      const na = Math.hypot(a[0], a[1], a[2], a[3]), nb = Math.hypot(b[0], b[1], b[2], b[3]);
      a = a.map(x => x / na); b = b.map(x => x / nb);
      if (a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3] < 0) b = b.map(x => -x);
      if (s === 0) return a;
      if (s === 1) return b;
      const d = P.mul([a[0], -a[1], -a[2], -a[3]], b);
      const sv = Math.hypot(d[1], d[2], d[3]), phi = Math.atan2(sv, d[0]), sphi = s * phi;
      const f = sv <= 1e-300 ? s : Math.sin(sphi) / sv;          // sin(sφ)/sin φ → s
      return P.mul(a, [Math.cos(sphi), f * d[1], f * d[2], f * d[3]]);
    };
    P.locate = function (t, tq) {          // k with t[k] <= tq < t[k+1], clamped
      let lo = 0, hi = t.length - 1;
      if (tq <= t[0]) return [0, 0];
      if (tq >= t[hi]) return [hi - 1, 1];
      while (hi - lo > 1) { const m = (lo + hi) >> 1; if (t[m] <= tq) lo = m; else hi = m; }
      return [lo, (tq - t[lo]) / (t[lo + 1] - t[lo])];
    };
    P.attitude = function (d, tq) { const [k, s] = P.locate(d.t, tq); return P.slerp(d.q[k], d.q[k + 1], s); };
    P.matrix = function (q) {
      const [w, x, y, z] = q;
      return [[1 - 2*(y*y + z*z), 2*(x*y - w*z), 2*(x*z + w*y)],
              [2*(x*y + w*z), 1 - 2*(x*x + z*z), 2*(y*z - w*x)],
              [2*(x*z - w*y), 2*(y*z + w*x), 1 - 2*(x*x + y*y)]];
    };
    P.timeStep = function (span) {        // the time slider's arrow step: about 1/100 of the run, 1, 2 or 5 × 10^k s
      const raw = span / 100, mag = Math.pow(10, Math.floor(Math.log10(raw))), r = raw / mag;
      return Number(((r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag).toPrecision(1));
    };
    P.describe = function (d, st) {       // the canvas's aria-label: player.py's AttitudePlayer.describe, now
      const shown = ['the world axes x, y, z', 'the body axes x′, y′, z′'];
      if (d.edges.length) shown.push("the body's outline");
      for (const v of d.vectors) shown.push(`${v.label} (${v.fixed ? 'fixed' : 'moving'})`);
      if (d.trace !== null) shown.push(`the path of the tip of ${['x′', 'y′', 'z′'][d.trace]}`);
      return (d.title ? d.title + ': ' : '') + `3-D view of the body at t = ${st.t.toFixed(1)} s of ${d.t[0].toFixed(2)} s to ` +
        `${d.t[d.t.length - 1].toFixed(2)} s, turned to elevation ${Math.round(st.elev)}°, azimuth ${Math.round(st.azim)}°, ` +
        `showing ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}.`;
    };
    const mul = (R, p) => [R[0][0]*p[0] + R[0][1]*p[1] + R[0][2]*p[2],
                           R[1][0]*p[0] + R[1][1]*p[1] + R[1][2]*p[2],
                           R[2][0]*p[0] + R[2][1]*p[1] + R[2][2]*p[2]];
    P.mount = function (node) {
      const root = node.closest ? node.closest('.rbteach-player') : null;
      if (!root || root.rbteachMounted) return;
      if (!root.isConnected) { setTimeout(() => P.mount(node), 100); return; }
      const src = root.querySelector('.rbteach-player-data');
      if (!src) return;
      root.rbteachMounted = true;
      const d = JSON.parse(src.textContent);
      // data written before solid bodies (version 1) draws as it did
      d.faces = d.faces || []; d.normals = d.normals || []; d.face_colors = d.face_colors || [];
      d.world_edges = d.world_edges || []; d.center = d.center || [0, 0, 0]; d.x = d.x || null; d.cull = d.cull !== false;
      const poster = root.querySelector('.rbteach-player-poster');
      const size = poster ? poster.width : 420;
      const dpr = window.devicePixelRatio || 1;
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(size * dpr); canvas.height = Math.round(size * dpr);
      canvas.style.cssText = `width:${size}px;height:${size}px;display:block;touch-action:none;cursor:grab;background:#fff`;
      canvas.className = 'rbteach-player-canvas';
      canvas.title = 'drag to orbit the view (or, focused, the arrow keys); double-click, Home or Escape resets it';
      canvas.tabIndex = 0;                 // focusable: the arrow keys turn the view
      canvas.setAttribute('role', 'img');
      if (!document.getElementById('rbteach-player-style')) {      // the focus ring (inline styles cannot say :focus)
        const css = document.createElement('style'); css.id = 'rbteach-player-style';
        css.textContent = '.rbteach-player-canvas:focus, .rbteach-player-canvas:focus-visible { outline: 3px solid #0072B2; outline-offset: 1px; }';
        document.head.appendChild(css);
      }
      const bar = document.createElement('div');
      bar.className = 'rbteach-player-controls';
      // two rows that never wrap and never move: the Play/Pause button has one fixed width (its two
      // texts differ in width), the time readout a fixed width in a monospace font
      bar.style.cssText = 'margin-top:4px';
      const tEnd = d.t[d.t.length - 1], t0 = d.t[0];
      const rowCss = 'display:flex;align-items:center;gap:6px;flex-wrap:nowrap;white-space:nowrap;margin-top:2px';
      bar.innerHTML = `<div class="rbteach-player-row" style="${rowCss}">
        <button class="rbteach-play" title="Play / pause" style="flex:none;width:6.5em;text-align:left;white-space:nowrap"><span aria-hidden="true">▶</span> Play</button>
        <input class="rbteach-time" type="range" min="${t0}" max="${tEnd}" step="${P.timeStep(tEnd - t0)}" value="${t0}" style="flex:1 1 auto;min-width:60px" aria-label="time" aria-valuetext="${t0.toFixed(2)} s">
        <span class="rbteach-time-label" style="flex:none;font-family:monospace,monospace;width:9.5em;overflow:hidden">t = 0.00 s</span></div>
        <div class="rbteach-player-row" style="${rowCss}"><label>speed <select class="rbteach-speed" aria-label="speed">
          ${[0.25, 0.5, 1, 2, 4, 8].map(v => `<option value="${v}" ${v === d.speed ? 'selected' : ''}>×${v}</option>`).join('')}
        </select></label>
        <button class="rbteach-reset" title="Back to the starting view">reset view</button>
        ${d.faces.length ? '<label title="the outline of the faces instead of the shaded solid"><input class="rbteach-wireframe" type="checkbox"> wireframe</label>' : ''}</div>`;
      if (!bar.querySelector(`option[value="${d.speed}"]`)) {
        const o = document.createElement('option'); o.value = d.speed; o.textContent = '×' + d.speed; o.selected = true;
        bar.querySelector('.rbteach-speed').appendChild(o);
      }
      if (poster) poster.style.display = 'none';
      root.insertBefore(canvas, poster ? poster.nextSibling : root.firstChild);
      root.insertBefore(bar, canvas.nextSibling);
      const g = canvas.getContext('2d');
      const st = { t: t0, playing: false, elev: d.view.elev, azim: d.view.azim, speed: d.speed,
                   frames: 0, drawn: 0, last: null, drag: null, wireframe: false, order: [] };
      const position = (tq) => { if (!d.x) return [0, 0, 0]; const [k, s] = P.locate(d.t, tq);
        const a = d.x[k], b = d.x[k + 1]; return [0, 1, 2].map(i => a[i] + s * (b[i] - a[i])); };
      root.rbteach = { state: st, data: d, draw: () => draw(), attitude: (tq) => P.attitude(d, tq), position };
      // the tip of the traced body axis at every sample (world frame), for the trace
      const band = d.title ? 24 : 0;     // the title's own band at the top: no axis label reaches it
      const tips = d.trace === null ? [] : d.q.map((q, j) => { const R = P.matrix(q), x = d.x ? d.x[j] : [0, 0, 0];
        return [0, 1, 2].map(i => x[i] + R[i][d.trace] * d.length); });
      const c = d.center;
      let cam;                           // the view's right, up and towards-the-viewer vectors, the light
      function camera() { cam = solidCamera(st.elev, st.azim); }    // rbteach/solids.js
      function project(p) {
        const s = 0.5 * (size - band) / d.radius, cy = band + (size - band) / 2;   // below the title's band
        const q = [p[0] - c[0], p[1] - c[1], p[2] - c[2]], r = cam.r, u = cam.u;
        return [size / 2 + s * (q[0]*r[0] + q[1]*r[1] + q[2]*r[2]), cy - s * (q[0]*u[0] + q[1]*u[1] + q[2]*u[2])];
      }
      const rgb = d.face_colors.map(solidRgb);
      // rbteach.solids.painter_order (rbteach/solids.js, as the live explorers): cull the faces
      // turned away, Lambert-shade, draw farthest first
      function drawFaces(R, x) {
        const world = d.faces.map(f => f.map(p => { const w = mul(R, p); return [w[0] + x[0], w[1] + x[1], w[2] + x[2]]; }));
        const seen = solidOrder(world, cam.v, cam.l, d.cull);
        st.order = seen.map(s => s[1]);
        solidFill(g, world, rgb, seen, project);
      }
      function drawOutlines(R, x) {
        for (const f of d.faces)
          for (let i = 0; i < f.length; i++) {
            const a = mul(R, f[i]), b = mul(R, f[(i + 1) % f.length]);
            line([a[0] + x[0], a[1] + x[1], a[2] + x[2]], [b[0] + x[0], b[1] + x[1], b[2] + x[2]], '#4d4d4d', 1.3);
          }
      }
      function line(p, q, color, width, dash) {
        const a = project(p), b = project(q);
        g.strokeStyle = color; g.lineWidth = width; g.setLineDash(dash || []);
        g.beginPath(); g.moveTo(a[0], a[1]); g.lineTo(b[0], b[1]); g.stroke();
      }
      function label(p, text, color) { const a = project(p); g.fillStyle = color; g.fillText(text, a[0] + 3, a[1] - 3); }
      function draw() {
        g.setTransform(dpr, 0, 0, dpr, 0, 0);
        g.clearRect(0, 0, size, size);
        g.font = '14px sans-serif'; g.lineCap = 'round';
        const Rd = d.radius;
        camera();
        for (let i = 0; i < 3; i++) {
          // through the view's centre; for a moving body, a triad at the origin (clear of the title)
          const e = [0, 0, 0]; e[i] = d.x ? 0.5 * Rd : c[i] + Rd; const m = [0, 0, 0]; m[i] = d.x ? 0 : c[i] - Rd;
          line(m, e, '#b3b3b3', 1); label(e, 'xyz'[i], '#737373');
        }
        for (const [a, b] of d.world_edges) line(a, b, '#999999', 1);
        const q = P.attitude(d, st.t), R = P.matrix(q), x = position(st.t);
        const at = (p) => [p[0] + x[0], p[1] + x[1], p[2] + x[2]];
        if (st.wireframe) { st.order = []; drawOutlines(R, x); } else drawFaces(R, x);
        if (tips.length) {
          const [k, s] = P.locate(d.t, st.t);
          g.strokeStyle = d.colors[d.trace]; g.globalAlpha = 0.45; g.lineWidth = 1.5; g.setLineDash([]);
          g.beginPath();
          let first = true;
          for (let j = 0; j <= k; j++) { const a = project(tips[j]); if (first) { g.moveTo(a[0], a[1]); first = false; } else g.lineTo(a[0], a[1]); }
          const now = project(at([R[0][d.trace] * d.length, R[1][d.trace] * d.length, R[2][d.trace] * d.length]));
          g.lineTo(now[0], now[1]); g.stroke(); g.globalAlpha = 1;
        }
        for (const [a, b] of d.edges) line(at(mul(R, a)), at(mul(R, b)), '#4d4d4d', 1.3);
        for (let i = 0; i < 3; i++) {
          const tip = [R[0][i] * d.length, R[1][i] * d.length, R[2][i] * d.length];
          line(x, at(tip), d.colors[i], 3.5); label(at(tip.map(v => 1.08 * v)), ['x′', 'y′', 'z′'][i], d.colors[i]);
        }
        for (const v of d.vectors) {
          const [k, s] = P.locate(d.t, st.t);
          const a = v.v[k], b = v.v[k + 1];
          const p = [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]), a[2] + s * (b[2] - a[2])];
          line(x, at(p), v.color, 2.5, [6, 4]); label(at(p.map(x => 1.05 * x)), v.label, v.color);
        }
        g.setLineDash([]);
        g.fillStyle = '#000';
        if (d.title) g.fillText(d.title, 8, 18);
        st.drawn++;
        bar.querySelector('.rbteach-time-label').textContent = `t = ${st.t.toFixed(2)} s`;
        const slider = bar.querySelector('.rbteach-time');
        slider.value = st.t;
        slider.setAttribute('aria-valuetext', `${st.t.toFixed(2)} s`);
        const said = P.describe(d, st);
        if (canvas.getAttribute('aria-label') !== said) canvas.setAttribute('aria-label', said);
      }
      const play = bar.querySelector('.rbteach-play');
      function setPlaying(on) {
        st.playing = on; play.innerHTML = on ? '<span aria-hidden="true">❚❚</span> Pause' : '<span aria-hidden="true">▶</span> Play';
        if (on) { if (st.t >= tEnd) st.t = t0; st.last = null; requestAnimationFrame(tick); }
      }
      function tick(now) {
        if (!st.playing) return;
        if (!root.isConnected) { st.playing = false; return; }
        if (st.last !== null) st.t = Math.min(tEnd, st.t + (now - st.last) / 1000 * st.speed);
        st.last = now; st.frames++;
        draw();
        if (st.t >= tEnd) { setPlaying(false); return; }
        requestAnimationFrame(tick);
      }
      play.addEventListener('click', () => setPlaying(!st.playing));
      bar.querySelector('.rbteach-time').addEventListener('input', (ev) => { st.t = Number(ev.target.value); st.last = null; draw(); });
      bar.querySelector('.rbteach-speed').addEventListener('change', (ev) => { st.speed = Number(ev.target.value); });
      const wire = bar.querySelector('.rbteach-wireframe');
      if (wire) wire.addEventListener('change', (ev) => { st.wireframe = ev.target.checked; draw(); });
      const reset = () => { st.elev = d.view.elev; st.azim = d.view.azim; draw(); };
      bar.querySelector('.rbteach-reset').addEventListener('click', reset);
      canvas.addEventListener('dblclick', reset);
      // the keyboard's orbit (as live.js): ← → about the vertical, ↑ ↓ the eye up and down, Shift
      // for 1° steps, Home or Escape back to the starting view
      canvas.addEventListener('keydown', (ev) => {
        const step = ev.shiftKey ? 1 : 5;
        const turn = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] }[ev.key];
        if (turn) { st.azim += turn[0]; st.elev = Math.max(-89, Math.min(89, st.elev + turn[1])); st.keyOrbits = (st.keyOrbits || 0) + 1; draw(); }
        else if (ev.key === 'Home' || ev.key === 'Escape') reset();
        else return;
        ev.preventDefault();
      });
      // the player's keys stay in the player: JupyterLab's shortcuts (arrows move to the next cell)
      // and the page's scrolling do not get them
      root.setAttribute('data-lm-suppress-shortcuts', 'true');
      const OWN_KEYS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown', ' ', 'Enter', 'Escape'];
      root.addEventListener('keydown', (ev) => {
        if (ev.target === root || !root.contains(ev.target)) return;
        if (ev.key === 'Escape' && ev.target !== canvas) return;       // Escape elsewhere: back to the notebook
        if (OWN_KEYS.includes(ev.key)) ev.stopPropagation();
      });
      let pending = false;
      canvas.addEventListener('pointerdown', (ev) => { st.drag = [ev.clientX, ev.clientY, st.azim, st.elev]; canvas.setPointerCapture(ev.pointerId); canvas.style.cursor = 'grabbing'; });
      canvas.addEventListener('pointermove', (ev) => {
        if (!st.drag) return;
        st.azim = st.drag[2] - (ev.clientX - st.drag[0]) * 0.5;
        st.elev = Math.max(-89, Math.min(89, st.drag[3] + (ev.clientY - st.drag[1]) * 0.5));
        if (!pending && !st.playing) { pending = true; requestAnimationFrame(() => { pending = false; draw(); }); }
      });
      const end = () => { st.drag = null; canvas.style.cursor = 'grab'; };
      canvas.addEventListener('pointerup', end); canvas.addEventListener('pointercancel', end);
      draw();
    };
    window.rbteachPlayer = P;
  }
  const me = document.currentScript;
  if (me) window.rbteachPlayer.mount(me);
  document.querySelectorAll('.rbteach-player-poster').forEach(img => window.rbteachPlayer.mount(img));
})();
"""
# the page's half of rbteach.solids, shared with the live explorers (rbteach/explorers/live.py)
_SCRIPT = _SCRIPT.replace("/*rbteach/solids.js*/", Path(__file__).with_name("solids.js").read_text(encoding="utf-8"))
