"""A floating-point flag raised in a matrix product inside Matplotlib's drawing code is not shown
(OpenBLAS can raise one on finite numbers: numpy#24067, numpy#29194), while the same warning from
anywhere else still is (rbteach.plotting.ignore_drawing_fp_flags, called by use_course_style)."""

from __future__ import annotations

import warnings

import matplotlib
import numpy as np
import pytest

from rbteach import plotting


def _shown(module: str, message: str = "overflow encountered in dot") -> list[str]:
    """The warnings shown when numpy warns ``message`` from a frame of ``module``, after use_course_style."""
    with warnings.catch_warnings(record=True) as caught, matplotlib.rc_context():
        warnings.simplefilter("always")
        plotting.use_course_style()                  # the first cell of every notebook
        warnings.warn_explicit(message, RuntimeWarning, filename="x.py", lineno=1, module=module)
    return [str(w.message) for w in caught]


@pytest.mark.parametrize("module", ["mpl_toolkits.mplot3d.proj3d", "matplotlib.transforms", "matplotlib"])
@pytest.mark.parametrize("message", ["overflow encountered in dot", "invalid value encountered in matmul",
                                     "divide by zero encountered in matmul"])
def test_a_flag_in_matplotlibs_drawing_is_not_shown(module, message):
    assert _shown(module, message) == []


@pytest.mark.parametrize("module", ["rbteach.dynamics.rk4", "__main__", "numpy", "matplotlibx", "mpl_toolkits_other"])
def test_the_same_flag_elsewhere_is_shown(module):
    assert _shown(module) == ["overflow encountered in dot"]


@pytest.mark.parametrize("message", ["overflow encountered in exp", "invalid value encountered in divide"])
def test_other_warnings_in_matplotlib_are_shown(message):
    assert _shown("matplotlib.transforms", message) == [message]


def test_a_real_overflow_in_rbteach_code_still_warns():
    with warnings.catch_warnings(record=True) as caught, matplotlib.rc_context():
        warnings.simplefilter("always")
        plotting.use_course_style()
        np.dot(np.full((2, 2), 1e300), np.full((2, 2), 1e300))       # warns from this module: tests.…
    assert any("overflow" in str(w.message) for w in caught)


def test_the_static_pictures_are_drawn_quietly_and_the_filters_come_back():
    """The explorers' and players' static pictures (drawn also where no notebook's first cell ran: the
    explorer wall, the website's build) ignore the drawing flags while they draw, and only then."""
    from rbteach import explorers, player
    from rbteach._fpflags import drawn_quietly
    from rbteach.explorers import live

    for func in (explorers.png, live._picture, player._poster):
        assert getattr(func, "__wrapped__", None) is not None, f"{func.__qualname__} is not drawn_quietly"

    @drawn_quietly
    def draw():
        warnings.warn_explicit("overflow encountered in dot", RuntimeWarning, "proj3d.py", 184,
                               module="mpl_toolkits.mplot3d.proj3d")

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        draw()
        assert caught == []
        warnings.warn_explicit("overflow encountered in dot", RuntimeWarning, "proj3d.py", 184,
                               module="mpl_toolkits.mplot3d.proj3d")
    assert [str(w.message) for w in caught] == ["overflow encountered in dot"]
