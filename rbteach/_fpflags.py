"""Floating-point flags that OpenBLAS raises on finite numbers, ignored in Matplotlib's drawing only.

:func:`ignore_drawing_fp_flags` (called by :func:`rbteach.plotting.use_course_style`, the first cell of
every notebook) and :func:`drawn_quietly` (the static pictures of explorers and players, drawn where
that cell may not have run: the explorer wall, the website's build). No heavy import here.
"""

from __future__ import annotations

import functools
import warnings

__all__ = ["DRAWING_FP_WARNINGS", "ignore_drawing_fp_flags", "drawn_quietly"]

#: The floating-point warnings that numpy raises after a matrix product, when they come from
#: Matplotlib's own drawing code (its transforms, mplot3d's projection).
DRAWING_FP_WARNINGS = dict(category=RuntimeWarning, module=r"(matplotlib|mpl_toolkits)(\.|$)",
                           message=r"(overflow|invalid value|divide by zero|underflow) encountered in (dot|matmul)")


def ignore_drawing_fp_flags() -> None:
    """Ignore :data:`DRAWING_FP_WARNINGS`: floating-point flags raised in a matrix product *inside
    Matplotlib's drawing code*, and only there (a product in rbteach or in a notebook still warns).

    OpenBLAS can leave a floating-point flag set after a product of finite numbers whose result is
    right (numpy#24067, numpy#29194). In this collection it happened in mplot3d's projection
    (``np.dot(axes.M, vec)``): under OpenBLAS's Sandybridge kernel on a busy machine, a player's cell
    printed "RuntimeWarning: overflow encountered in dot" above a correct picture, in about one run in
    two under six busy processes, and never on a quiet machine. A student would see a warning that says
    nothing about the numbers; the numbers themselves never pass through Matplotlib."""
    warnings.filterwarnings("ignore", **DRAWING_FP_WARNINGS)


def drawn_quietly(func):
    """``func`` (a function that draws a figure) with :data:`DRAWING_FP_WARNINGS` ignored while it
    runs; the warning filters are as they were afterwards."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        with warnings.catch_warnings():
            ignore_drawing_fp_flags()
            return func(*args, **kwargs)
    return wrapper
