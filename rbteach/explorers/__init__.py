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
* ``widget(**overrides)``: ``build(draw, summary, controls())`` with the defaults applied.
"""

from __future__ import annotations

__all__ = ["build"]


def build(draw, summary, controls: dict):
    """Wire ``controls`` to a redraw: on every change, ``draw(**values)`` and print ``summary(**values)``.

    Returns an ``ipywidgets.VBox`` (controls above the output). The callback is plain rbteach code
    (``draw`` and ``summary``), so it is unit-tested without a browser.
    """
    import ipywidgets as w
    import matplotlib.pyplot as plt
    from IPython.display import display

    def update(**values):
        fig = draw(**values)
        display(fig)
        plt.close(fig)
        print(summary(**values))

    out = w.interactive_output(update, controls)
    box = w.VBox([w.VBox(list(controls.values())), out])
    box.add_class("rbteach-explorer")
    return box
