"""Helpers shared by the explorer tests."""

import matplotlib.pyplot as plt
import numpy as np


def pixels(fig):
    """Render ``fig`` with Agg and return its RGBA pixels (then close it)."""
    fig.canvas.draw()
    px = np.asarray(fig.canvas.buffer_rgba()).copy()
    plt.close(fig)
    return px
