"""Interactive explorers, one module per notebook (``rbteach.explorers.nb01`` for notebook 01 ...).

Each explorer module follows one contract, so that notebooks, unit tests and the browser tests
treat them alike:

* ``DEFAULTS``: dict of parameter values the explorer starts with;
* ``compute(**params) -> dict``: the numbers, through the other rbteach modules (unit-tested);
* ``summary(**params) -> str``: one line of text printed under the plot (the browser tests compare
  it with what ``summary`` gives for the value they set);
* ``draw(**params) -> matplotlib.figure.Figure``: the figure (the notebook shows ``draw(**DEFAULTS)``
  as a static picture for GitHub readers just before the widget);
* ``controls() -> dict[str, ipywidgets.Widget]``: the controls, the *first* one a slider that is the
  explorer's main control, in the order a student reads them;
* ``widget(**overrides)``: ``build(draw, summary, controls(), **overrides)``;
* optionally ``redraw(fig, **params) -> bool``, passed to ``build``: updates a figure from ``draw``
  in place (faster than a new figure) and says whether it could.

No point of the controls' space may give a traceback: where the physics has no answer (a
tensor that breaks the triangle inequality, a zero axis, an integrator that blew up), ``compute``
raises a ``ValueError`` with one plain sentence, and ``build`` shows that sentence in place of the
plot (``tests/test_explorer_sweep.py`` sweeps every explorer's controls).
"""

from __future__ import annotations

import math

from .._fpflags import drawn_quietly

__all__ = ["build", "png", "message", "cached", "plot_indices", "plain_log_axis", "fmt_small", "ROUNDING_FLOOR"]


def build(draw, summary, controls: dict, *, redraw=None, **overrides):
    """Wire ``controls`` to a redraw: on every change, ``draw(**values)`` and print ``summary(**values)``.

    ``redraw(fig, **values) -> bool``, if given, updates the previous frame's figure in place and
    returns ``False`` when it cannot (then ``draw`` makes a new one). Reusing the axes, ticks and
    legends halves the time per frame of this PNG path (nb07; ``benchmarks/bench_explorer_drag.py`` measures it beside the live explorer).
    ``overrides`` set the starting value of named controls (an unknown name is a ValueError).

    Returns an ``ipywidgets.VBox`` (controls above the output). The callback is plain rbteach code
    (``draw``, ``redraw`` and ``summary``), so it is unit-tested without a browser.
    """
    import ipywidgets as w
    from IPython.display import Image, display

    previous = []                        # the figure of the last frame (closed to pyplot by png)

    def update(**values):
        try:
            text = summary(**values)
            if not (redraw is not None and previous and redraw(previous[-1], **values)):
                previous[:] = [draw(**values)]
        except ValueError as exc:          # no picture for these values: say why, in one line
            print(message(exc))
            return
        display(Image(data=png(previous[-1]), format="png", retina=True))
        print(text)

    for name, value in overrides.items():
        if name not in controls:
            raise ValueError(f"unknown control {name!r}; expected one of {sorted(controls)}")
        controls[name].value = value
    out = w.interactive_output(update, controls)
    box = w.VBox([w.VBox(list(controls.values())), out])
    box.add_class("rbteach-explorer")
    return box


def cached(compute):
    """``compute(**params)`` remembered for the last few parameter sets, so that ``summary`` and
    ``scene`` (or ``draw``) of one frame share one computation. Call it with keywords only; the
    result is shared: do not change it in place."""
    import functools

    @functools.lru_cache(maxsize=8)
    def run(items):
        return compute(**dict(items))

    @functools.wraps(compute)
    def wrapper(**params):
        return run(tuple(sorted(params.items())))

    wrapper.cache_clear = run.cache_clear
    return wrapper


def plot_indices(y, bins: int):
    """The samples a curve of ``y`` keeps: the first and the last, and in each of ``bins`` runs of
    equal length the smallest and the largest value (so the thinned curve has every peak and dip
    the full one has at a pixel's width). Increasing indices; all of them for a short curve."""
    import numpy as np

    y = np.asarray(y, dtype=float)
    n = y.size
    if n <= 2 * bins + 2:
        return np.arange(n)
    k = -(-n // bins)                                  # samples per bin
    m = n // k * k
    blocks = y[:m].reshape(-1, k)
    start = np.arange(blocks.shape[0]) * k
    parts = [[0, n - 1], start + np.argmin(blocks, axis=1), start + np.argmax(blocks, axis=1)]
    if m < n:
        parts += [[m + int(np.argmin(y[m:])), m + int(np.argmax(y[m:]))]]
    return np.unique(np.concatenate(parts).astype(int))


def message(exc: ValueError) -> str:
    """The one line an explorer shows instead of its plot when ``exc`` says the values have none."""
    text = " ".join(str(exc).split())
    return f"No picture for these values: {text}"


@drawn_quietly
def png(fig) -> bytes:
    """Render ``fig`` to PNG bytes in one Agg pass at twice its dpi (a retina image, shown at its
    own size), and close it in pyplot.

    Closing only unregisters it from pyplot (so the inline backend does not show it again at the end
    of the cell); the figure can still be changed and rendered again, as ``build``'s ``redraw`` does.

    The inline backend's ``bbox_inches="tight"`` would draw the figure twice (measured: 2.5x the
    render time), so explorers lay out their own margins; zlib level 1 instead of 6 saves ~10 ms per
    frame at the same size (plots are mostly flat colour).
    """
    import io

    import matplotlib.pyplot as plt
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    plt.close(fig)
    if not isinstance(fig.canvas, FigureCanvasAgg):
        FigureCanvasAgg(fig)             # pyplot left a bare canvas: keep one Agg renderer (and its text cache)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=2 * fig.dpi, pil_kwargs={"compress_level": 1})
    return buf.getvalue()


def _plain_log_label(value, _pos=None) -> str:
    """Tick label ``1e-7`` for a log axis, as plain text."""
    return f"1e{round(math.log10(value))}" if value > 0 else "0"


def plain_log_axis(axis, numticks: int = 5) -> None:
    """Fast ticks for a log-scale ``axis`` (e.g. ``ax.yaxis``) of an explorer's figure.

    At most ``numticks`` major ticks, no minor ones, labels as plain ``1e-7`` text. Matplotlib's
    default 10⁻⁷ labels go through mathtext, which parses every label on every frame (measured here:
    ~0.25 s of nb09's 0.6 s frame with ``tight_layout``).
    """
    from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

    axis.set_major_locator(LogLocator(numticks=numticks))
    axis.set_minor_locator(NullLocator())
    axis.set_major_formatter(FuncFormatter(_plain_log_label))


#: Drifts and errors below this are rounding noise: a summary shows them as "< 1e-12", so the
#: line does not depend on the last bits of a slider's value (0.12 vs 0.12000000000000001).
ROUNDING_FLOOR = 1e-12


def fmt_small(x, floor: float = ROUNDING_FLOOR) -> str:
    """A drift or error for a summary line, with its relation: ``= 1.23e-05``, or ``< 1e-12`` at rounding level.

    Summaries write ``f"max energy drift {fmt_small(d)}"``, which reads "max energy drift = 1.23e-05"
    or "max energy drift < 1e-12".
    """
    x = float(x) + 0.0  # + 0.0 turns −0.0 into 0.0
    if abs(x) < floor:
        return f"< {floor:.0e}"
    return f"= {x:.2e}"
