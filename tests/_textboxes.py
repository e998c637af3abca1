"""Where a figure's texts sit on the screen: Matplotlib gives every text's window extent after a draw.

Used by ``tests/test_text_overlap.py`` to find text written over other text, or over the data.
"""

from __future__ import annotations

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text


def text_boxes(fig):
    """[(text, Bbox)] of every visible, non-empty text of ``fig`` (tick labels, titles, labels,
    legend entries, annotations), in display pixels, after one Agg draw."""
    import matplotlib.pyplot as plt

    plt.close(fig)
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    ticks = _tick_labels(fig)
    out = []
    for t in fig.findobj(Text):
        if not t.get_visible() or not t.get_text().strip():
            continue
        ax = t.axes
        if ax is not None and not ax.get_visible():
            continue
        # a text whose ancestors hide it (an axis turned off) has no drawn window
        if t.figure is None:
            continue
        try:
            bb = _extent(t, renderer)
        except (RuntimeError, ValueError):
            continue
        if not np.all(np.isfinite(bb.get_points())) or bb.width < 1 or bb.height < 1:
            continue
        if not _drawn(t, fig, ticks):
            continue
        out.append((t, bb))
    return out


def _extent(t, renderer):
    """The window extent of ``t`` as drawn (3-D texts projected as ``Text3D.draw`` does)."""
    from rbteach.plotting import _text_extent

    return _text_extent(t, renderer)


def _tick_labels(fig):
    """(every tick label Matplotlib keeps, the tick labels it draws): ids. ``Axis._update_ticks``
    gives the ticks inside the view, which are the ones drawn."""
    kept, drawn = set(), set()
    for ax in fig.axes:
        for name in ("xaxis", "yaxis", "zaxis"):
            axis = getattr(ax, name, None)
            if axis is None:
                continue
            for tick in axis.get_major_ticks() + axis.get_minor_ticks():
                kept.update((id(tick.label1), id(tick.label2)))
            if not (ax.axison and axis.get_visible()):
                continue
            for tick in axis._update_ticks():
                if tick.get_visible():
                    drawn.update(id(lab) for lab in (tick.label1, tick.label2) if lab.get_visible())
    return kept, drawn


def _drawn(t, fig, ticks) -> bool:
    """False for texts Matplotlib keeps but does not draw (ticks outside the view, the axis texts
    of an axes that is off)."""
    kept, drawn = ticks
    if id(t) in kept:
        return id(t) in drawn
    ax = t.axes
    if ax is not None and not ax.axison:
        for name in ("xaxis", "yaxis", "zaxis"):
            axis = getattr(ax, name, None)
            if axis is not None and t in (axis.label, axis.get_offset_text()):
                return False
    return True


def overlapping_texts(fig, min_px: float = 2.0):
    """Pairs of texts of ``fig`` whose boxes overlap by more than ``min_px`` in both directions:
    [(text a, text b, overlap width, overlap height)]."""
    boxes = text_boxes(fig)
    bad = []
    for i in range(len(boxes)):
        ta, a = boxes[i]
        for j in range(i + 1, len(boxes)):
            tb, b = boxes[j]
            w = min(a.x1, b.x1) - max(a.x0, b.x0)
            h = min(a.y1, b.y1) - max(a.y0, b.y0)
            same = ta.get_text() == tb.get_text() and np.allclose(a.get_points(), b.get_points(), atol=0.5)
            if w > min_px and h > min_px and not same:
                bad.append((ta.get_text(), tb.get_text(), round(w, 1), round(h, 1)))
    return bad


def texts_on_lines(fig, texts, min_width: float = 1.5, shrink: float = 0.15):
    """The texts among ``texts`` (strings) whose box, shrunk by ``shrink`` of its size on every side,
    is crossed by a drawn line of the same axes at least ``min_width`` pt wide: lines (2-D and 3-D)
    and line collections (a 3-D quiver's arrows). [(text, what crosses it)]."""
    from matplotlib.collections import LineCollection
    from matplotlib.lines import Line2D

    bad = []
    for t, bb in text_boxes(fig):
        if t.get_text() not in texts or t.axes is None:
            continue
        ax = t.axes
        dx, dy = bb.width * shrink, bb.height * shrink
        box = (bb.x0 + dx, bb.y0 + dy, bb.x1 - dx, bb.y1 - dy)
        for k, art in enumerate(ax.get_children()):
            if not art.get_visible():
                continue
            if isinstance(art, Line2D):
                if art.get_linewidth() < min_width or art.get_linestyle() in ("None", "", " "):
                    continue
                paths = [_line_display_points(art, ax)]
            elif isinstance(art, LineCollection):
                widths = np.atleast_1d(art.get_linewidth())
                if widths.size == 0 or widths.max() < min_width:
                    continue
                paths = [ax.transData.transform(np.asarray(seg, float)) for seg in art.get_segments() if len(seg) > 1]
            else:
                continue
            if any(p is not None and len(p) > 1 and _segments_hit_box(p, *box) for p in paths):
                bad.append((t.get_text(), art.get_label() or f"{type(art).__name__} {k}"))
    return bad


def _line_display_points(line, ax):
    if hasattr(line, "get_data_3d"):
        from mpl_toolkits.mplot3d import proj3d

        xs, ys, zs = (np.asarray(v, float) for v in line.get_data_3d())
        px, py, _ = proj3d.proj_transform(xs, ys, zs, ax.get_proj())
        return ax.transData.transform(np.column_stack([px, py]))
    xy = line.get_xydata()
    return line.get_transform().transform(np.asarray(xy, float))


def _segments_hit_box(pts, x0, y0, x1, y1) -> bool:
    """Whether the polyline ``pts`` (display px) passes through the box (Liang–Barsky clipping)."""
    for (ax_, ay), (bx, by) in zip(pts[:-1], pts[1:]):
        if not np.all(np.isfinite([ax_, ay, bx, by])):
            continue
        t0, t1 = 0.0, 1.0
        dx, dy = bx - ax_, by - ay
        ok = True
        for p, q in ((-dx, ax_ - x0), (dx, x1 - ax_), (-dy, ay - y0), (dy, y1 - ay)):
            if p == 0:
                if q < 0:
                    ok = False
                    break
            else:
                r = q / p
                if p < 0:
                    t0 = max(t0, r)
                else:
                    t1 = min(t1, r)
                if t0 > t1:
                    ok = False
                    break
        if ok:
            return True
    return False
