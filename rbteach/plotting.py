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
from ._fpflags import DRAWING_FP_WARNINGS, drawn_quietly, ignore_drawing_fp_flags  # noqa: E402,F401

__all__ = ["AXIS_COLORS", "AXIS_STYLES", "PALETTE", "FIGURE_DPI", "use_course_style", "new_3d", "set_equal_3d", "draw_frame", "draw_vector", "label_beyond", "separate_labels", "draw_ellipsoid",
           "draw_box", "inertia_ellipsoid_radii", "mesh_outline", "describe", "figure_description", "figure_html",
           "show_alt_text", "ignore_drawing_fp_flags", "drawn_quietly", "DRAWING_FP_WARNINGS"]

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
    as the colour cycle, and retina PNGs in the notebook (``%config InlineBackend.figure_formats``),
    each drawn once per display, with math text parsed once per session (:func:`show_alt_text`,
    :func:`_share_mathtext_parses`).

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
    show_alt_text()
    _share_mathtext_parses()
    ignore_drawing_fp_flags()


def _mathtext_rc() -> tuple:
    """The rcParams a math-text parse reads besides its arguments (fonts): part of the shared cache's key."""
    rc = plt.rcParams
    return tuple((k, repr(rc[k])) for k in _MATHTEXT_RC_KEYS)


_MATHTEXT_RC_KEYS = tuple(k for k in plt.rcParams if k.startswith(("mathtext.", "font.")))


def _share_mathtext_parses() -> bool:
    """Share Matplotlib's cache of parsed math text between renderers (once; returns whether it is on).

    Matplotlib caches a parse (a log axis's tick label ``$\\mathdefault{10^{-3}}$``, 50 per cache) per
    renderer, and a figure's print makes new renderers (two with ``bbox_inches="tight"``): every print
    of every figure parsed its log-axis labels again, about a third of the print's time (issue 18 §3).
    The shared cache is keyed by what the parse depends on — its arguments, the parser's output type
    and the ``mathtext.*``/``font.*`` rcParams — and parsing is deterministic, so the pixels are the
    same. Left alone (False) if Matplotlib's private ``MathTextParser._parse_cached`` is not as expected.
    """
    import inspect

    from matplotlib import mathtext

    cls = mathtext.MathTextParser
    current = cls.__dict__.get("_parse_cached")
    if getattr(current, "_rbteach_shared", False):
        return True
    raw = getattr(current, "__wrapped__", None)
    if raw is None or list(inspect.signature(raw).parameters) != [
            "self", "s", "dpi", "prop", "antialiased", "load_glyph_flags"]:
        return False
    cache: dict = {}

    def _parse_cached(self, s, dpi, prop, antialiased, load_glyph_flags):
        key = (self._output_type, s, dpi, prop, antialiased, load_glyph_flags, _mathtext_rc())
        try:
            return cache[key]
        except KeyError:
            pass
        if len(cache) >= 2000:
            cache.clear()
        out = cache[key] = raw(self, s, dpi, prop, antialiased, load_glyph_flags)
        return out

    _parse_cached._rbteach_shared = True
    cls._parse_cached = _parse_cached
    return True


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


def label_beyond(ax, tip, text, origin=(0.0, 0.0, 0.0), pad: float = 0.05, **kw):
    """Write ``text`` just beyond the end ``tip`` of the line from ``origin`` on the 3-D axes ``ax``,
    on the side the line points to *on the screen*, so that the text starts where the arrowhead
    ends instead of lying on it (a label centred on a point beyond the tip covers the arrowhead when
    the arrow points sideways on the screen).

    The screen direction comes from ``ax.get_proj()``: set the limits, box aspect and view
    (``view_init``) first. ``pad`` is in data units along the line. Returns the Text.
    """
    from mpl_toolkits.mplot3d import proj3d

    tip = np.asarray(tip, dtype=float)
    o = np.asarray(origin, dtype=float)
    d = tip - o
    n = float(np.linalg.norm(d))
    at = tip + (pad * d / n if n > 0 else 0.0)
    x, y, _ = proj3d.proj_transform(*np.stack([o, tip]).T, ax.get_proj())
    a = ax.transData.transform(np.column_stack([x, y]))
    sx, sy = a[1] - a[0]
    length = float(np.hypot(sx, sy))
    ux, uy = (sx / length, sy / length) if length > 1e-9 else (0.7, 0.7)
    ha = "left" if ux > 0.38 else "right" if ux < -0.38 else "center"
    va = "bottom" if uy > 0.38 else "top" if uy < -0.38 else "center"
    kw.setdefault("ha", ha)
    kw.setdefault("va", va)
    return ax.text(*at, text, **kw)


def _text_extent(t, renderer):
    """The window extent of ``t`` where it is drawn (a 3-D text moves to its projected place only
    while it is drawn, so project it the way ``Text3D.draw`` does)."""
    from matplotlib import cbook
    from mpl_toolkits.mplot3d import proj3d
    from mpl_toolkits.mplot3d.art3d import Text3D

    if isinstance(t, Text3D) and t.axes is not None:
        x, y, z = t.get_position_3d()
        px, py, _ = proj3d.proj_transform(x, y, z, t.axes.get_proj())
        with cbook._setattr_cm(t, _x=px, _y=py):
            return t.get_window_extent(renderer)
    return t.get_window_extent(renderer)


def separate_labels(texts, step: float = 5.0, tries: int = 6) -> int:
    """Move labels that would cover an earlier one: each text of ``texts`` (in order) that overlaps a
    text before it is shifted by whole ``step``s (points) up, down, left or right, the smallest shift
    that clears it (3-D labels too: their own place is kept, the shift is on the screen).
    Call it once the view and limits are set. Returns how many labels moved."""
    from matplotlib.transforms import offset_copy

    texts = [t for t in texts if t.get_visible() and t.get_text().strip()]
    if not texts:
        return 0
    fig = texts[0].figure
    renderer = fig._get_renderer()

    def hit(a, b):
        return min(a.x1, b.x1) - max(a.x0, b.x0) > 1 and min(a.y1, b.y1) - max(a.y0, b.y0) > 1

    placed, moved = [], 0
    base = {id(t): t.get_transform() for t in texts}
    for t in texts:
        box = _text_extent(t, renderer)
        if any(hit(box, b) for b in placed):
            for k in range(1, tries + 1):
                for dx, dy in ((0, k), (0, -k), (k, 0), (-k, 0), (k, k), (-k, k), (k, -k), (-k, -k)):
                    t.set_transform(offset_copy(base[id(t)], fig=fig, x=dx * step, y=dy * step, units="points"))
                    box = _text_extent(t, renderer)
                    if not any(hit(box, b) for b in placed):
                        break
                else:
                    continue
                break
            moved += 1
        placed.append(box)
    return moved


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
    from .inertia.meshes import _faces

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


# ---------------------------------------------------------------- text alternatives (alt text)
#
# A figure shown in a notebook is an image/png that no screen reader can read. With the formatter
# that show_alt_text() registers (use_course_style() does), IPython adds to every figure's output a
# text/html ``<img alt="…">`` of the same retina PNG. JupyterLab and myst-nb (the website) prefer
# text/html to image/png, so they show that image, with its alt text; a viewer that prefers PNG
# still has it. The sentence is the author's (describe) or, without one, figure_description's,
# built from what the figure shows: its titles, axes and labelled curves.

def describe(fig, text: str):
    """Give ``fig`` its text alternative: one sentence of what it shows (what a screen reader
    reads instead of the picture; see :func:`figure_html`). Returns None, so that the call can end
    a cell without showing the figure a second time (a trailing ``;`` does not hide a value when
    the cell runs without history, as under nbval)."""
    from matplotlib.figure import Figure

    if not isinstance(fig, Figure):
        raise ValueError(f"fig must be a Matplotlib Figure, got {type(fig).__name__}")
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"text must be a non-empty sentence describing the figure, got {text!r}")
    fig._rbteach_alt = " ".join(text.split())
    show_alt_text()


def _axes_text(ax) -> str:
    """What one axes shows: its title, its axes' labels, its labelled curves."""
    title = ax.get_title() or ax.get_title("left") or ax.get_title("right")
    labels = []
    legend = ax.get_legend()
    if legend is not None:
        labels = [t.get_text() for t in legend.get_texts()]
    if not labels:
        labels = [a.get_label() for a in list(ax.lines) + list(ax.collections)
                  if a.get_label() and not a.get_label().startswith("_")]
    labels = list(dict.fromkeys(t for t in labels if t.strip()))
    if getattr(ax, "name", "") == "3d":
        head = "a 3-D view"
        axes = [lab for lab in (ax.get_xlabel(), ax.get_ylabel(), ax.get_zlabel()) if lab]
        body = f" with axes {', '.join(axes)}" if axes else ""
    else:
        head = "a plot"
        x, y = ax.get_xlabel(), ax.get_ylabel()
        scale = " (log scale)" if ax.get_yscale() == "log" or ax.get_xscale() == "log" else ""
        body = (f" of {y}" if y else "") + (f" against {x}" if x else "") + scale
    named = f" titled \u201c{title}\u201d" if title else ""
    shows = f", showing {', '.join(labels)}" if labels else ""
    return f"{head}{named}{body}{shows}"


def figure_description(fig) -> str:
    """The figure's text alternative: the sentence given to :func:`describe`, or one built from
    what the figure shows (its title, and for each panel its title, axes and labelled curves)."""
    given = getattr(fig, "_rbteach_alt", None)
    if given:
        return given
    panels = [ax for ax in fig.get_axes() if ax.get_visible() and (
        ax.axison or getattr(ax, "name", "") == "3d" or ax.get_title() or ax.lines or ax.collections or ax.images)]
    sup = fig._suptitle.get_text() if getattr(fig, "_suptitle", None) is not None else ""
    head = f"Figure \u201c{sup}\u201d" if sup else "Figure"
    if not panels:
        return f"{head}."
    if len(panels) == 1:
        return f"{head}: {_axes_text(panels[0])}."
    return f"{head} of {len(panels)} panels: " + "; ".join(
        f"({i}) {_axes_text(ax)}" for i, ax in enumerate(panels, 1)) + "."


def _print_kwargs() -> dict:
    """The inline backend's ``print_figure`` keywords (``bbox_inches="tight"`` outside Jupyter)."""
    try:
        from matplotlib_inline.config import InlineBackend

        return dict(InlineBackend.instance().print_figure_kwargs or {"bbox_inches": "tight"})
    except ImportError:  # pragma: no cover - outside Jupyter
        return {"bbox_inches": "tight"}


def _img_tag(fig, png: bytes, size: dict) -> str:
    import base64
    import html

    return (f'<img class="rbteach-figure" alt="{html.escape(figure_description(fig), quote=True)}" '
            f'width="{size["width"]}" height="{size["height"]}" '
            f'src="data:image/png;base64,{base64.b64encode(png).decode("ascii")}">')


def figure_html(fig) -> str | None:
    """``<img class="rbteach-figure" alt="…">`` of ``fig`` as the notebook shows it (a retina PNG
    at half its pixel size, the inline backend's ``bbox_inches``), for IPython's text/html
    formatter; None for an empty figure."""
    from IPython.core.pylabtools import retina_figure

    out = retina_figure(fig, **_print_kwargs())
    return None if out is None else _img_tag(fig, *out)


# One display of a figure asks IPython's text/html formatter and then, in the same call of
# DisplayFormatter.format, its image/png formatter (the order of IPython's formatters): both want the
# same retina PNG, whose drawing and encoding cost most of a figure cell's time. The text/html
# formatter keeps the PNG it drew on the figure, for the image/png formatter to take (once) if it asks
# with the same print keywords; anything else (a direct call, other keywords) draws afresh.
_SHARED_PNG = "_rbteach_shared_png"


def _figure_html_for_display(fig) -> str | None:
    """:func:`figure_html` as the text/html formatter: also leaves its PNG for :func:`_figure_png`."""
    from IPython.core.pylabtools import retina_figure

    kwargs = _print_kwargs()
    out = retina_figure(fig, **kwargs)
    if out is None:
        fig.__dict__.pop(_SHARED_PNG, None)
        return None
    setattr(fig, _SHARED_PNG, (kwargs, out))
    return _img_tag(fig, *out)


def _figure_png(fig, **kwargs):
    """The image/png formatter of the retina format (IPython's ``retina_figure(fig, base64=True, **kwargs)``,
    the same bytes), taking the PNG that the text/html formatter just drew when there is one."""
    from binascii import b2a_base64

    from IPython.core.pylabtools import retina_figure

    shared = fig.__dict__.pop(_SHARED_PNG, None)
    out = shared[1] if shared is not None and shared[0] == kwargs else retina_figure(fig, **kwargs)
    if out is None:
        return None
    png, size = out
    return b2a_base64(png, newline=False).decode("ascii"), dict(size)


def show_alt_text() -> bool:
    """Register :func:`figure_html` as IPython's text/html formatter of figures (once; nothing
    outside IPython). Returns whether a shell was there to register it with.

    Where the image/png formatter is the retina one (``use_course_style``), it is replaced by one that
    returns the same bytes but takes the PNG the text/html formatter has just drawn: a figure is drawn
    and encoded once per display, not twice."""
    from functools import partial

    try:
        from IPython import get_ipython
        from IPython.core.pylabtools import retina_figure
    except ImportError:  # pragma: no cover
        return False
    ip = get_ipython()
    if ip is None:
        return False
    from matplotlib.figure import Figure

    formatters = ip.display_formatter.formatters
    formatters["text/html"].for_type(Figure, _figure_html_for_display)
    png = formatters["image/png"].type_printers.get(Figure)
    if isinstance(png, partial) and png.func is retina_figure and png.keywords.get("base64") and not png.args:
        # the retina PNG of set_matplotlib_formats("retina"): the same bytes, drawn once per display
        formatters["image/png"].for_type(Figure, partial(
            _figure_png, **{k: v for k, v in png.keywords.items() if k != "base64"}))
    return True
