"""Live explorers: the picture follows a control while it is dragged.

An explorer module that defines ``scene(**params)`` (besides the contract of
:mod:`rbteach.explorers`) can be shown live: :func:`live` returns an ``anywidget`` whose controls
and ``<canvas>`` live in the page (``live.js``, loaded from this package: nothing from the
internet). The kernel computes every picture; the page only draws what it answered. Two kinds of
message go to the kernel:

* ``{"type": "compute", "seq", "values"}``: one set of values; the kernel answers with
  ``scene(**values)`` — the panels to draw, with their arrays as binary float32 buffers — and
  ``summary(**values)`` (:func:`_answer`). The page sends it when a control moves to values it has
  no answer for, with at most four requests in flight (a newer value waiting replaces an older one,
  so nothing stale queues up).
* ``{"type": "compute_many", "seq", "values_list"}``: the prefetch. Once the reader shows interest
  (the pointer over the explorer, the focus in it, a control moved: ``live.js``) and while no
  request is in flight, the page asks, in ONE message, for the main control's slider steps nearest its
  current value (outwards both ways, the other controls as they are) that it has no answer for; the
  kernel answers with ONE message holding each answer (:func:`_answer_many`: each frame is
  ``_answer(module, values)``, its buffers a run of the message's buffers), cut short after
  :data:`BATCH_SECONDS` of compute or :data:`BATCH_BYTES` of buffers (the page asks again), so that
  a user's request waits behind at most one batch.

The page (``answers.js``) keeps the answers in a cache keyed by the complete values (an answer is
valid for ever for its values: ``scene`` and ``summary`` are pure functions of them), least
recently used out first beyond 48 MB. A control moved to values in the cache is drawn at the next
display frame without a message to the kernel. Why: each message costs far more than the kernel's
few ms of work (JupyterLab's main thread handles it and the kernel's busy/idle around it, the
Jupyter server relays it), which capped a drag at 20–35 pictures shown per second on two cores;
drawn from the cache it follows the display (``benchmarks/bench_explorer_drag.py``). The newest
answer is drawn at the next display frame (answers arrive two or three to a frame while dragging:
drawing each spent the page's time on pictures never shown). Each answer carries ``ms``, the
kernel's time for it (the drag benchmark prints it beside the round trip). A 3-D panel turns with
the mouse in the page alone, or from the keyboard (the canvas takes the focus: arrow keys, Shift
for fine steps, Home or Escape or the "reset view" button to reset). For a screen reader the canvas
is ``role="img"`` with a label built from the scene (panel titles, axes, labelled lines, the
current view), the summary goes to a polite live region when a control is released, and each
slider's ``aria-valuetext`` says its value and unit (:func:`slider_unit`; an explorer declares
``UNITS`` for sliders whose labels name none).

A scene is a dict ``{"panels": [...]}``; each panel is either

* ``xy(...)``: curves on linear or log axes (title, labels, limits, ``series`` of x/y arrays with
  colour, dash ``"-" "--" ":" "-."``, width, label), or
* ``space(...)``: polylines in 3-D (``lines`` of (n, 3) arrays with colour, dash, width, label;
  world axes; the starting view ``elev``/``azim`` in degrees, as Matplotlib's ``view_init``) and
  optional solid bodies (``solids`` from :func:`solid3d`: flat faces, lit and drawn back to front
  as :mod:`rbteach.solids` says, under the lines; a "wireframe" box in the page draws the body's
  edges instead).

Where the values have no picture, ``scene``/``summary`` raise ``ValueError`` and the one-line
:func:`rbteach.explorers.message` takes the picture's place, as in :func:`rbteach.explorers.build`.
"""

from __future__ import annotations

import base64
import re
import time
from pathlib import Path

import numpy as np

from .. import _validate as _v
from .._fpflags import drawn_quietly
from . import message

__all__ = ["CANVAS_SIZE", "PANEL_MARGINS", "UNITS_IN_LABELS", "slider_unit", "live", "xy", "series", "space", "line3d",
           "arrow3d", "solid3d", "pack", "control_spec", "page_module"]

_JS = Path(__file__).with_name("live.js")
#: The page's half of the requests: the cache of answers, the requests and the prefetch.
_ANSWERS_JS = Path(__file__).with_name("answers.js")
#: The page's half of :mod:`rbteach.solids` (lit faces, culling, painter's order), shared with the
#: attitude player (:mod:`rbteach.player` pastes it into its script).
SOLIDS_JS = Path(__file__).resolve().parents[1] / "solids.js"


def page_module() -> str:
    """The ES module the page runs: ``solids.js`` and ``answers.js`` (plain functions) then
    ``live.js`` (which uses them). The widget's ``_esm``, and the website's ``rbteach-live.js``
    (site/build_site.py)."""
    return "\n".join(f.read_text(encoding="utf-8") for f in (SOLIDS_JS, _ANSWERS_JS, _JS))
_CSS = """
.rbteach-live { font: 14px sans-serif; max-width: 100%; }
.rbteach-live-controls { display: grid; grid-template-columns: fit-content(18em) minmax(100px, 320px) max-content;
  align-items: center; column-gap: 8px; row-gap: 2px; margin-bottom: 6px; }
.rbteach-live-row { display: contents; }
.rbteach-live-label { grid-column: 1; }
.rbteach-live-row input[type=range] { grid-column: 2; width: 100%; margin: 4px 0; }
.rbteach-live-row select, .rbteach-live-row input[type=checkbox] { grid-column: 2; justify-self: start; }
.rbteach-live-readout { grid-column: 3; display: inline-block; min-width: 5em; font-family: monospace, monospace; }
.rbteach-live-canvas { display: block; box-sizing: border-box; width: 100%; height: auto; touch-action: none;
  outline: 1px solid #ddd; outline-offset: -1px; }
.rbteach-live-canvas:focus, .rbteach-live-canvas:focus-visible { outline: 3px solid #0072B2; outline-offset: 1px; }
.rbteach-live-reset { margin: 4px 0 0 0; font: inherit; }
.rbteach-live-wireframe { margin: 4px 0 0 12px; }
.rbteach-live-announce { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0; }
.rbteach-live .rbteach-live-summary { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace;
  font-size: 13px; line-height: 1.35; white-space: pre-wrap; margin: 4px 0 0 0; }
"""


#: The canvas of :func:`live` by default (width, height in CSS px).
CANVAS_SIZE = (860, 340)
#: What an :func:`xy` panel with a title loses to its ticks and labels in ``live.js``'s ``drawXY``
#: (px across: left 62 + right 12; px down: top 26 + bottom 44). Explorers that draw bars of a given
#: pixel width, or keep one unit as long across as up, compute the plot box from these two.
PANEL_MARGINS = (62 + 12, 26 + 44)


def series(x, y, *, color, label=None, dash="-", width=2.0, marker=False, swatch="line") -> dict:
    """One curve of an :func:`xy` panel. ``swatch``: what its legend entry shows, ``"line"`` (its
    line), ``"dot"`` or ``"star"`` (the marker the plot shows)."""
    if swatch not in ("line", "dot", "star"):
        raise ValueError(f"swatch {swatch!r}: expected 'line', 'dot' or 'star'")
    return {"x": np.asarray(x, dtype=float), "y": np.asarray(y, dtype=float), "color": color,
            "label": label, "dash": dash, "width": float(width), "marker": bool(marker), "swatch": swatch}


LEGEND_PLACES = ("best", "upper right", "upper left", "lower left", "lower right", "none")


def xy(series_list, *, xlim, ylim, title="", xlabel="", ylabel="", logy=False, width=1.0,
       xticks=None, legend="best") -> dict:
    """A 2-D panel: ``series_list`` (from :func:`series`) in the box ``xlim`` × ``ylim``.

    ``xticks``: optional ``[(position, label), ...]`` instead of the automatic ticks (category
    labels such as w, x, y, z). ``legend``: the corner of the legend box, or ``"best"`` (the page
    picks the corner that hides the fewest data points, as Matplotlib's ``loc="best"``).
    """
    if legend not in LEGEND_PLACES:
        raise ValueError(f"legend {legend!r}: expected one of {LEGEND_PLACES}")
    out = {"kind": "xy", "series": list(series_list), "xlim": [float(v) for v in xlim],
           "ylim": [float(v) for v in ylim], "title": title, "xlabel": xlabel, "ylabel": ylabel,
           "logy": bool(logy), "width": float(width), "legend": legend}
    if xticks is not None:
        out["xticks"] = [[float(p), str(lab)] for p, lab in xticks]
    return out


def line3d(points, *, color, label=None, dash="-", width=2.0, alpha=1.0, wire=False) -> dict:
    """One polyline of a :func:`space` panel: ``points`` of shape (n, 3), NaN rows break it.

    ``wire``: the line is the edges of a solid of the panel (:func:`solid3d`), drawn only when the
    page's "wireframe" box is ticked (the shaded faces show the body otherwise)."""
    p = np.asarray(points, dtype=float).reshape(-1, 3)
    out = {"p": p, "color": color, "label": label, "dash": dash, "width": float(width), "alpha": float(alpha)}
    if _v.flag(wire, "wire"):
        out["wire"] = True
    return out


def solid3d(body_faces, *, face_colors=None, R=None, center=None, cull_back_faces: bool = True,
            name: str = "body") -> dict:
    """A solid body of a :func:`space` panel: flat faces the page lights and paints back to front.

    Parameters
    ----------
    body_faces : sequence of (k, 3) arrays, k ≥ 3
        The faces in the body frame, counter-clockwise seen from outside (outward normals), e.g.
        :func:`rbteach.solids.box_faces`, :func:`~rbteach.solids.prism_faces`.
    face_colors : colour or sequence of colours, optional
        One colour for every face or one per face (default :data:`rbteach.player.FACE_COLOR`).
    R : array_like (3, 3), optional
        The body's attitude: a face's point ``p`` is drawn at ``R p + center``. A reflection
        (``det R < 0``) reverses each face's corners so that its normal still points outward.
    center : array_like (3,), optional
        Where the body frame's origin is (default the origin).
    cull_back_faces : bool
        The faces enclose the body: the page hides those turned away. False for an open surface.
    name : str
        What the body is ("box", "cylinder", ...): the picture's text alternative says "a shaded box".

    The page (``solids.js``, as :func:`rbteach.solids.painter_order`) shades each face by Lambert's
    law, ``k = AMBIENT + (1 − AMBIENT) max(0, n · l)``, with the light ``l`` fixed to the viewer
    (:func:`rbteach.solids.light_direction`), culls the faces with ``n · v ≤ 0`` and draws the rest
    farthest first, at every redraw, so that an orbit stays right.
    """
    from ..player import _faces

    faces, _normals, colors = _faces(body_faces, face_colors)
    cull = _v.flag(cull_back_faces, "cull_back_faces")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty string (what the body is), got {_v.describe(name)}")
    M = np.eye(3) if R is None else _v.array(R, "R", (3, 3), allow_batch=False)
    if R is not None and not np.allclose(M.T @ M, np.eye(3), atol=1e-9):
        raise ValueError("R must be a rotation (or reflection) matrix, R^T R = I; got a matrix that is not")
    x0 = np.zeros(3) if center is None else _v.array(center, "center", (3,), allow_batch=False)
    flip = np.linalg.det(M) < 0
    world = [(f[::-1] if flip else f) @ M.T + x0 for f in faces]
    one = len(set(colors)) == 1
    return {"kind": "solid", "p": np.concatenate(world), "sizes": [len(f) for f in world],
            "colors": colors[0] if one else colors, "cull": cull, "name": name.strip()}


def arrow3d(tip, *, origin=(0.0, 0.0, 0.0), head: float = 0.12, barb: float = 0.05, size=None) -> np.ndarray:
    """An arrow from ``origin`` to ``tip`` as one polyline for :func:`line3d` (NaN rows break it):
    the shaft and four barbs around the tip, so that it reads as an arrow from every side while the
    view turns. The barbs go back ``head · size`` and out ``barb · size`` (``size``: the arrow's
    length by default). The last row is the tip (the page writes a line's label just beyond it)."""
    o = np.asarray(origin, dtype=float)
    tip = np.asarray(tip, dtype=float)
    length = float(np.linalg.norm(tip - o))
    if length == 0.0:
        return np.array([o, tip])
    size = length if size is None else float(size)
    d = (tip - o) / length
    a = np.cross(d, [1.0, 0.0, 0.0] if abs(d[0]) < 0.9 else [0.0, 1.0, 0.0])
    a /= np.linalg.norm(a)
    b = np.cross(d, a)
    back = tip - head * size * d
    gap = np.full(3, np.nan)
    rows = [o, tip]
    for u in (a, -a, b, -b):
        rows += [gap, back + barb * size * u, tip]
    return np.array(rows)


def space(lines, *, radius, title="", elev=20.0, azim=30.0, world_axes=True, width=1.0, solids=()) -> dict:
    """A 3-D panel of ``lines`` (from :func:`line3d`) in a cube of half-width ``radius``, over the
    shaded ``solids`` (from :func:`solid3d`; the lines, the body's axes among them, stay on top)."""
    out = {"kind": "3d", "lines": list(lines), "radius": float(radius), "title": title,
           "view": {"elev": float(elev), "azim": float(azim)}, "world_axes": bool(world_axes),
           "width": float(width)}
    if solids is None or isinstance(solids, (str, bytes, dict)) or not hasattr(solids, "__iter__"):
        raise ValueError(f"solids must be a sequence of solid3d(...) bodies, got {_v.describe(solids)}")
    solids = list(solids)
    for i, s in enumerate(solids):
        if not (isinstance(s, dict) and s.get("kind") == "solid"):
            raise ValueError(f"solids[{i}] must be a body made by solid3d(...), got {_v.describe(s)}")
        p = s["p"]
        if not (isinstance(p, np.ndarray) and p.ndim == 2 and p.shape[1] == 3 and np.isfinite(p).all()
                and sum(s["sizes"]) == len(p) and min(s["sizes"]) >= 3):
            raise ValueError(f"solids[{i}] has faces of the wrong shape: made by solid3d(...), then changed?")
    if solids:
        out["solids"] = solids
    return out


def pack(scene):
    """``scene`` as JSON-able data and a list of buffers: every numpy array becomes
    ``{"__buf__": i, "shape": ...}`` and its float32 bytes (what the page draws)."""
    buffers: list[bytes] = []

    def walk(obj):
        if isinstance(obj, np.ndarray):
            a = np.ascontiguousarray(obj, dtype=np.float32)
            buffers.append(a.tobytes())
            return {"__buf__": len(buffers) - 1, "shape": list(a.shape)}
        if isinstance(obj, dict):
            return {k: walk(v) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [walk(v) for v in obj]
        if isinstance(obj, (np.floating, np.integer)):
            return obj.item()
        return obj

    return walk(scene), buffers


def _decimals(step: float) -> int:
    s = f"{step:.10f}".rstrip("0")
    return max(0, len(s.split(".")[1])) if "." in s else 0


#: The units a slider's label may name in parentheses, e.g. "angle (°)", "dt (s)", "a (m): x edge".
UNITS_IN_LABELS = ("°", "m", "s", "rad/s", "kg m²", "kg", "N", "N m", "N s", "J")


def slider_unit(label: str, declared: str | None = None) -> str | None:
    """The unit a screen reader says after a slider's value (its ``aria-valuetext``): ``declared``
    (an explorer's ``UNITS[name]``; ``""`` for a pure number) or the one its label names in
    parentheses (:data:`UNITS_IN_LABELS`); None when neither says."""
    if declared is not None:
        return str(declared)
    for m in re.finditer(r"\(([^()]*)\)", label):
        if m.group(1).strip() in UNITS_IN_LABELS:
            return m.group(1).strip()
    return None


def control_spec(name: str, ctrl, unit: str | None = None) -> dict:
    """The page's description of one ipywidgets control of an explorer's ``controls()``; a
    slider's ``unit`` is ``unit`` (the explorer's ``UNITS[name]``) or the one its label names
    (:func:`slider_unit`), ``""`` if none."""
    import ipywidgets as w

    label = ctrl.description or name
    base = {"name": name, "label": label, "disabled": bool(getattr(ctrl, "disabled", False))}
    unit = slider_unit(label, unit) or ""
    if isinstance(ctrl, w.FloatLogSlider):
        return {**base, "kind": "log", "base": float(ctrl.base), "min": float(ctrl.min), "max": float(ctrl.max),
                "step": float(ctrl.step), "unit": unit}
    if isinstance(ctrl, w.IntSlider):
        return {**base, "kind": "int", "min": int(ctrl.min), "max": int(ctrl.max), "step": int(ctrl.step), "decimals": 0,
                "unit": unit}
    if isinstance(ctrl, w.FloatSlider):
        return {**base, "kind": "float", "min": float(ctrl.min), "max": float(ctrl.max), "step": float(ctrl.step),
                "decimals": _decimals(float(ctrl.step)), "unit": unit}
    if isinstance(ctrl, (w.Dropdown, w.ToggleButtons, w.RadioButtons)):
        opts = [(str(o[0]), o[1]) if isinstance(o, tuple) else (str(o), o) for o in ctrl.options]
        return {**base, "kind": "select", "options": opts}
    if isinstance(ctrl, w.Checkbox):
        return {**base, "kind": "check"}
    raise ValueError(f"control {name!r}: a {type(ctrl).__name__} cannot be shown live")


def _answer(module, values: dict):
    """(message content, buffers) for ``values``: the scene and summary, or the one-line message.

    An explorer may define ``inactive(**values) -> iterable of control names``: the controls that do
    nothing for these values (e.g. a box's b edge when the shape is a cylinder); the page disables them.
    """
    inactive = sorted(getattr(module, "inactive", lambda **v: ())(**values))
    try:
        summary = module.summary(**values)
        data, buffers = pack(module.scene(**values))
    except ValueError as exc:
        return {"type": "frame", "error": message(exc), "values": values, "inactive": inactive}, []
    return {"type": "frame", "scene": data, "summary": summary, "values": values, "inactive": inactive}, buffers


#: A prefetch answer (:func:`_answer_many`) stops after this much compute (s) ...
BATCH_SECONDS = 0.15
#: ... or once its buffers hold this many bytes, or at this many frames: the page asks again.
BATCH_BYTES = 4_000_000
BATCH_FRAMES = 64


def _complete(start: dict, given) -> dict | None:
    """The complete values of a request: ``given``'s values of the explorer's controls, the others
    (and any control ``given`` does not name) at ``start``; None if ``given`` is not a dict."""
    if not isinstance(given, dict):
        return None
    return {k: given.get(k, v) for k, v in start.items()}


def _answer_many(module, values_list, start: dict, *, seconds: float = BATCH_SECONDS,
                 max_bytes: int = BATCH_BYTES, max_frames: int = BATCH_FRAMES, clock=time.perf_counter):
    """(message content, buffers): the answers for the values of ``values_list``, in its order, in one
    message (the page's prefetch, see the module's docstring).

    ``content["frames"][i]`` is ``_answer(module, values)`` for its values (completed from ``start``
    as a single request's are), plus ``"buffers": [first, count]``: its own run of the message's
    buffers (its ``__buf__`` indices count from ``first``). The batch stops after the frame during
    which ``seconds`` of compute passed, before a frame that would take the buffers beyond
    ``max_bytes`` (a first frame larger than that goes alone), or at ``max_frames`` frames.
    ``content["done"]``: how many entries of ``values_list`` were dealt with; those among them
    without a frame (not a dict, or values on which the explorer raised something other than the
    ValueError that :func:`_answer` turns into the one-line message) the page does not ask again.
    A ``values_list`` that is not a list gives None (the message is ignored).
    """
    if not isinstance(values_list, list):
        return None
    t0 = clock()
    frames: list[dict] = []
    buffers: list[bytes] = []
    size = done = 0
    for given in values_list:
        if len(frames) >= max_frames or (done and clock() - t0 >= seconds):
            break
        vals = _complete(start, given)
        if vals is None:
            done += 1
            continue
        try:
            reply, bufs = _answer(module, vals)
        except Exception:                # a value the explorer cannot take (a string for a number...)
            done += 1
            continue
        more = sum(len(b) for b in bufs)
        if frames and size + more > max_bytes:
            break
        reply["buffers"] = [len(buffers), len(bufs)]
        frames.append(reply)
        buffers.extend(bufs)
        size += more
        done += 1
    return {"type": "frames", "frames": frames, "done": done}, buffers


@drawn_quietly
def _picture(module, values: dict) -> bytes:
    """The static picture of ``module`` at ``values`` (``module.draw``) as PNG bytes at the figure's
    own dpi, or ``b""`` where these values have no picture (the page then says why) or the module
    has no ``draw``."""
    import io

    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    draw = getattr(module, "draw", None)
    if draw is None:                     # a scene without a static picture (a test's toy explorer)
        return b""
    try:
        fig = draw(**values)
    except ValueError:
        return b""
    plt.close(fig)
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=fig.dpi)
    return buf.getvalue()


def live(module, *, width: int = CANVAS_SIZE[0], height: int = CANVAS_SIZE[1], **overrides):
    """The live explorer of ``module`` (e.g. ``rbteach.explorers.nb07``): an ``anywidget``.

    ``overrides`` set the starting value of named controls (an unknown name is a ValueError).

    Its output carries three representations, and each front end shows the richest it can:
    the widget view (JupyterLab, Notebook 7, Voilà: the live explorer), an ``image/png`` of the
    static picture ``module.draw`` at the starting values (GitHub, the website, any viewer without
    widgets), and a line of ``text/plain``. The same picture is the widget's ``poster``: the
    canvas shows it until the kernel's first answer, so a notebook reopened with its saved widget
    state but no kernel behind it shows the picture rather than an empty box.
    """
    controls = module.controls()
    for name in overrides:
        if name not in controls:
            raise ValueError(f"unknown control {name!r}; expected one of {sorted(controls)}")
    values = {k: (overrides[k] if k in overrides else c.value) for k, c in controls.items()}
    inactive = set(getattr(module, "inactive", lambda **v: ())(**values))
    units = getattr(module, "UNITS", {})        # units of the sliders whose labels do not name one
    spec = {"controls": [dict(control_spec(k, c, units.get(k)), disabled=k in inactive) for k, c in controls.items()],
            "width": int(width), "height": int(height)}

    picture = _picture(module, values)
    widget = _widget_class()(spec=spec, values=values, poster=base64.b64encode(picture).decode("ascii") if picture else "")
    widget._picture_png = picture
    doc = (module.__doc__ or "").strip().splitlines()
    widget._picture_alt = (doc[0] + " " if doc else "") + "The static picture of its starting values."

    def on_msg(_widget, content, buffers):
        """A request from the page (see the module's docstring); anything else is ignored."""
        if not isinstance(content, dict):
            return
        t0 = time.perf_counter()
        if content.get("type") == "compute":
            vals = _complete(values, content.get("values", {}))
            if vals is None:
                return
            reply, bufs = _answer(module, vals)
        elif content.get("type") == "compute_many":
            answer = _answer_many(module, content.get("values_list"), values)
            if answer is None:
                return
            reply, bufs = answer
        else:
            return
        reply["seq"] = content.get("seq", 0)
        reply["ms"] = round(1e3 * (time.perf_counter() - t0), 2)   # the kernel's share of the round trip
        widget.send(reply, bufs)

    widget.on_msg(on_msg)
    widget.add_class("rbteach-explorer-live")
    return widget


_WIDGET_CLASS = None


def _widget_class():
    """The anywidget class, made on first use (``import rbteach.explorers.live`` needs no anywidget)."""
    global _WIDGET_CLASS
    if _WIDGET_CLASS is None:
        import anywidget
        import traitlets

        class LiveExplorer(anywidget.AnyWidget):
            """A live explorer (see :mod:`rbteach.explorers.live`)."""

            _esm = page_module()
            _css = _CSS
            spec = traitlets.Dict().tag(sync=True)
            values = traitlets.Dict().tag(sync=True)
            poster = traitlets.Unicode("").tag(sync=True)      # base64 PNG of the static picture
            _picture_png = b""
            _picture_alt = ""

            def __repr__(self):            # the text a plain-text front end shows
                return ("live explorer (drag its controls in Jupyter; the picture shows its "
                        "starting values)")

            def _repr_mimebundle_(self, **kwargs):
                """The widget view, and the static picture for front ends without widgets."""
                bundle = super()._repr_mimebundle_(**kwargs)
                data, meta = (bundle if isinstance(bundle, tuple) else (bundle, {}))
                data = dict(data or {})
                meta = dict(meta or {})
                if self._picture_png:
                    data["image/png"] = base64.b64encode(self._picture_png).decode("ascii")
                    # its text alternative, for a page that shows the picture (site/build_site.py)
                    meta["image/png"] = {**meta.get("image/png", {}), "alt": self._picture_alt}
                data["text/plain"] = repr(self)
                return data, dict(meta or {})

        _WIDGET_CLASS = LiveExplorer
    return _WIDGET_CLASS
