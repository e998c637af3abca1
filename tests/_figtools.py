"""Helpers shared by the explorer tests."""

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg


def pixels(fig):
    """Render ``fig`` with Agg and return its RGBA pixels (the figure is closed in pyplot, still usable)."""
    plt.close(fig)
    canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
    canvas.draw()
    return np.asarray(canvas.buffer_rgba()).copy()
