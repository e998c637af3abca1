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
frame rate whatever the sampling step. Each frame draws the world axes (grey), the body's outline
(``body_edges``, e.g. a box or the T-handle's mesh outline, turned by R(q)), the body axes x′, y′, z′
(the columns of R, in :data:`rbteach.plotting.AXIS_COLORS`), fixed or moving world vectors (e.g. L),
and the trace of the tip of one body axis.

Where no script runs (GitHub, an untrusted notebook, a static page without JavaScript), the block
shows its poster instead: a PNG of the first frame drawn by Matplotlib. Nothing depends on
JupyterLab's settings: every copy of the output mounts itself when its poster image loads, so the
player works with JupyterLab's default windowed notebooks, in Notebook 7, VS Code and on the website.
"""

from __future__ import annotations

import base64
import html
import json

import numpy as np

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


def attitude_player(t, q, *, body_edges=None, vectors_world=None, trace_axis: int | None = 2,
                    length: float = 1.0, title: str = "", speed: float = 1.0, size: int = 420) -> AttitudePlayer:
    """The attitude history ``q(t)`` as an interactive 3-D player (see the module docstring).

    Parameters
    ----------
    t : array_like, shape (n,)
        Sample times (s), strictly increasing, n ≥ 2.
    q : array_like, shape (n, 4)
        Body → world attitudes (w, x, y, z) at ``t``; each is normalised.
    body_edges : array_like, shape (m, 2, 3), optional
        Segments of the body's outline in the body frame (:func:`rbteach.plotting.mesh_outline`).
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
    if trace_axis not in (None, 0, 1, 2):
        raise ValueError(f"trace_axis must be 0, 1, 2 or None, got {trace_axis!r}")
    if body_edges is None:
        edges = np.zeros((0, 2, 3))
    else:
        edges = _v.array(body_edges, "body_edges", (2, 3))
        if edges.ndim != 3:
            raise ValueError(f"body_edges must have shape (m, 2, 3), got shape {edges.shape}")
    n = tt.shape[0]
    vecs = []
    for i, (label, v) in enumerate((vectors_world or {}).items()):
        a = _v.vector3(v, f"vectors_world[{label!r}]")
        if a.shape not in ((3,), (n, 3)):
            raise ValueError(f"vectors_world[{label!r}] must have shape (3,) or ({n}, 3), got shape {a.shape}")
        vecs.append({"label": str(label), "color": _VECTOR_COLORS[i % len(_VECTOR_COLORS)],
                     "v": np.broadcast_to(a, (n, 3)).round(6).tolist(), "fixed": a.shape == (3,)})
    radius = 1.25 * max([length] + [float(np.max(np.linalg.norm(np.asarray(v["v"]), axis=-1))) for v in vecs]
                        + [float(np.max(np.linalg.norm(edges, axis=-1), initial=0.0))])
    from .plotting import AXIS_COLORS

    data = {
        "t": tt.round(9).tolist(), "q": qa.round(9).tolist(), "edges": edges.round(6).tolist(), "vectors": vecs,
        "trace": trace_axis, "length": length, "radius": radius, "title": str(title), "speed": speed,
        "colors": list(AXIS_COLORS), "view": {"elev": 20.0, "azim": 30.0},
    }
    poster = _poster(to_matrix(qa[0]), edges, vecs, length, radius, str(title), size)
    return AttitudePlayer(data, poster, size)


def _poster(R, edges, vecs, length, radius, title, size) -> bytes:
    """The first frame as a PNG (Matplotlib, same view), for places where no script runs."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from .plotting import AXIS_COLORS, FIGURE_DPI

    fig = Figure(figsize=(size / FIGURE_DPI, size / FIGURE_DPI), dpi=FIGURE_DPI)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(projection="3d")
    # the two text lines (title, time) get their own band at the top, so that no axis label
    # (the z label is at the top of the picture) runs into them; the canvas does the same
    band = 40.0 / size if title else 22.0 / size
    fig.subplots_adjust(left=0, right=1, bottom=0, top=1 - band)
    ax.set_xlim(-radius, radius), ax.set_ylim(-radius, radius), ax.set_zlim(-radius, radius)
    ax.set_box_aspect((1, 1, 1), zoom=1.25)
    ax.set_axis_off()
    ax.view_init(elev=20, azim=30)
    from .plotting import label_beyond, separate_labels

    labels = []                  # written beyond their line's end on the screen, clear of each other
    for i, lab in enumerate("xyz"):
        e = np.eye(3)[i] * radius
        ax.plot(*np.stack([-e, e]).T, color="0.7", linewidth=0.8)
        labels.append(label_beyond(ax, e, lab, color="0.45", fontsize=10, pad=0.02))
    for a, b in edges:
        pa, pb = R @ a, R @ b
        ax.plot(*np.stack([pa, pb]).T, color="0.3", linewidth=1.2)
    for i, lab in enumerate(("x′", "y′", "z′")):
        tip = R[:, i] * length
        ax.plot([0, tip[0]], [0, tip[1]], [0, tip[2]], color=AXIS_COLORS[i], linewidth=3)
        labels.append(label_beyond(ax, tip, lab, color=AXIS_COLORS[i], fontsize=11, pad=0.05))
    for v in vecs:
        p = np.asarray(v["v"][0])
        ax.plot([0, p[0]], [0, p[1]], [0, p[2]], color=v["color"], linewidth=2, linestyle="--")
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
  if (!window.rbteachPlayer) {
    const P = {};
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
        <button class="rbteach-reset" title="Back to the starting view">reset view</button></div>`;
      if (!bar.querySelector(`option[value="${d.speed}"]`)) {
        const o = document.createElement('option'); o.value = d.speed; o.textContent = '×' + d.speed; o.selected = true;
        bar.querySelector('.rbteach-speed').appendChild(o);
      }
      if (poster) poster.style.display = 'none';
      root.insertBefore(canvas, poster ? poster.nextSibling : root.firstChild);
      root.insertBefore(bar, canvas.nextSibling);
      const g = canvas.getContext('2d');
      const st = { t: t0, playing: false, elev: d.view.elev, azim: d.view.azim, speed: d.speed,
                   frames: 0, drawn: 0, last: null, drag: null };
      root.rbteach = { state: st, data: d, draw: () => draw(), attitude: (tq) => P.attitude(d, tq) };
      // the tip of the traced body axis at every sample (world frame), for the trace
      const band = d.title ? 24 : 0;     // the title's own band at the top: no axis label reaches it
      const tips = d.trace === null ? [] : d.q.map(q => { const R = P.matrix(q); return [R[0][d.trace], R[1][d.trace], R[2][d.trace]].map(v => v * d.length); });
      function project(p) {
        const e = st.elev * Math.PI / 180, a = st.azim * Math.PI / 180;
        const r = [-Math.sin(a), Math.cos(a), 0];
        const u = [-Math.sin(e) * Math.cos(a), -Math.sin(e) * Math.sin(a), Math.cos(e)];
        const s = 0.5 * (size - band) / d.radius, cy = band + (size - band) / 2;   // below the title's band
        return [size / 2 + s * (p[0]*r[0] + p[1]*r[1] + p[2]*r[2]), cy - s * (p[0]*u[0] + p[1]*u[1] + p[2]*u[2])];
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
        for (let i = 0; i < 3; i++) {
          const e = [0, 0, 0]; e[i] = Rd; const m = [0, 0, 0]; m[i] = -Rd;
          line(m, e, '#b3b3b3', 1); label(e, 'xyz'[i], '#737373');
        }
        const q = P.attitude(d, st.t), R = P.matrix(q);
        if (tips.length) {
          const [k, s] = P.locate(d.t, st.t);
          g.strokeStyle = d.colors[d.trace]; g.globalAlpha = 0.45; g.lineWidth = 1.5; g.setLineDash([]);
          g.beginPath();
          let first = true;
          for (let j = 0; j <= k; j++) { const a = project(tips[j]); if (first) { g.moveTo(a[0], a[1]); first = false; } else g.lineTo(a[0], a[1]); }
          const now = project([R[0][d.trace] * d.length, R[1][d.trace] * d.length, R[2][d.trace] * d.length]);
          g.lineTo(now[0], now[1]); g.stroke(); g.globalAlpha = 1;
        }
        for (const [a, b] of d.edges) line(mul(R, a), mul(R, b), '#4d4d4d', 1.3);
        for (let i = 0; i < 3; i++) {
          const tip = [R[0][i] * d.length, R[1][i] * d.length, R[2][i] * d.length];
          line([0, 0, 0], tip, d.colors[i], 3.5); label(tip.map(v => 1.08 * v), ['x′', 'y′', 'z′'][i], d.colors[i]);
        }
        for (const v of d.vectors) {
          const [k, s] = P.locate(d.t, st.t);
          const a = v.v[k], b = v.v[k + 1];
          const p = [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1]), a[2] + s * (b[2] - a[2])];
          line([0, 0, 0], p, v.color, 2.5, [6, 4]); label(p.map(x => 1.05 * x), v.label, v.color);
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
