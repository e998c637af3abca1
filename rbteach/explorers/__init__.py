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
  explorer's main control;
* ``widget(**overrides)``: ``build(draw, summary, controls(), **overrides)``.
"""

from __future__ import annotations

__all__ = ["build", "fmt_small", "ROUNDING_FLOOR"]


def build(draw, summary, controls: dict, **overrides):
    """Wire ``controls`` to a redraw: on every change, ``draw(**values)`` and print ``summary(**values)``.

    ``overrides`` set the starting value of named controls (an unknown name is a ValueError).

    Returns an ``ipywidgets.VBox`` (controls above the output). The callback is plain rbteach code
    (``draw`` and ``summary``), so it is unit-tested without a browser.
    """
    import io

    import ipywidgets as w
    import matplotlib.pyplot as plt
    from IPython.display import Image, display

    def update(**values):
        fig = draw(**values)
        # One Agg pass at the figure's own size: the inline backend's bbox_inches="tight" would
        # draw the figure twice (measured: 2.5x the render time), so explorers lay out their own margins.
        png = io.BytesIO()
        fig.savefig(png, format="png", dpi=fig.dpi)
        plt.close(fig)
        display(Image(data=png.getvalue(), format="png"))
        print(summary(**values))

    for name, value in overrides.items():
        if name not in controls:
            raise ValueError(f"unknown control {name!r}; expected one of {sorted(controls)}")
        controls[name].value = value
    out = w.interactive_output(update, controls)
    box = w.VBox([w.VBox(list(controls.values())), out])
    box.add_class("rbteach-explorer")
    return box


#: Drifts and errors below this are rounding noise: a summary shows them as "< 1e-12", so the
#: line does not depend on the last bits of a slider's value (0.12 vs 0.12000000000000001).
ROUNDING_FLOOR = 1e-12


def fmt_small(x, floor: float = ROUNDING_FLOOR) -> str:
    """Format a drift or error for a summary line: ``1.23e-05``, or ``< 1e-12`` at rounding level."""
    x = float(x) + 0.0  # + 0.0 turns −0.0 into 0.0
    if abs(x) < floor:
        return f"< {floor:.0e}"
    return f"{x:.2e}"
