"""Explorer for notebook 08 (the intermediate-axis theorem): tilt of ω0 from the middle axis → flips.

Follows the contract of :mod:`rbteach.explorers`. The body has principal moments
``(I1, 1, I3)`` with ``I1 < 1 < I3`` (the middle axis is the second body axis, ``e2``); the
initial angular velocity has magnitude 1 rad/s and is tilted by ``tilt_deg`` from ``e2`` towards
``e1``: ``ω0 = (sin a, cos a, 0)``. The numbers come from :mod:`rbteach.analytic`
(``free_body`` for ω(t), ``flip_period`` for the exact period ``4 K(m) / λ``); this module only
finds the sign changes of ω2 on the sampled exact solution (the flips) and draws.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import analytic as _an

__all__ = ["DEFAULTS", "omega0_from_tilt", "flip_times", "compute", "summary", "draw", "controls", "widget"]

#: Default state: 5° from the middle axis of a body with moments (0.6, 1, 1.3).
DEFAULTS = {"tilt_deg": 5.0, "I1": 0.6, "I3": 1.3}

#: Samples of the exact solution over the two periods drawn.
SAMPLES = 801


def _params(tilt_deg, I1, I3):
    a = _v.finite_scalar(tilt_deg, "tilt_deg")
    if not 0.0 < a < 90.0:
        raise ValueError(f"tilt_deg must be strictly between 0 and 90 degrees (0 is the steady, "
                         f"unstable spin that never flips; 90 is the minor axis), got {a!r}")
    i1 = _v.positive(I1, "I1")
    i3 = _v.positive(I3, "I3")
    if not i1 < 1.0:
        raise ValueError(f"I1 must be < I2 = 1 (the smallest moment), got {i1!r}")
    if not i3 > 1.0:
        raise ValueError(f"I3 must be > I2 = 1 (the largest moment), got {i3!r}")
    if i3 > i1 + 1.0:
        raise ValueError(f"I3 must satisfy the triangle inequality I3 <= I1 + I2 = {i1 + 1.0:g}, got {i3!r}")
    return a, i1, i3


def omega0_from_tilt(tilt_deg) -> np.ndarray:
    """``ω0 = (sin a, cos a, 0)`` rad/s: unit speed, tilted by ``a = tilt_deg`` from ``e2`` towards ``e1``."""
    a = np.radians(_v.finite_scalar(tilt_deg, "tilt_deg"))
    return np.array([np.sin(a), np.cos(a), 0.0])


def flip_times(t, omega2) -> np.ndarray:
    """Times where the sampled ``omega2`` changes sign (linear interpolation between samples).

    Parameters
    ----------
    t : array_like, shape (n,)
        Increasing sample times.
    omega2 : array_like, shape (n,)
        The middle-axis component of ω at those times.

    Returns
    -------
    ndarray, shape (k,)
        One time per sign change: each is a flip of the body (its middle axis turns over).
    """
    t = _v.array(t, "t")
    w = _v.array(omega2, "omega2")
    if t.ndim != 1 or w.shape != t.shape:
        raise ValueError(f"t and omega2 must be 1-D arrays of one length, got {t.shape} and {w.shape}")
    i = np.nonzero(np.signbit(w[:-1]) != np.signbit(w[1:]))[0]
    return t[i] - w[i] * (t[i + 1] - t[i]) / (w[i + 1] - w[i])


def compute(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]) -> dict:
    """Exact motion over two flip periods.

    Returns
    -------
    dict
        ``moments`` (3,) = (I1, 1, I3); ``omega0`` (3,); ``period`` = ``analytic.flip_period``
        (s, the period of ω(t): two flips); ``t`` (SAMPLES,) over ``[0, 2 period]``; ``omega`` (SAMPLES, 3)
        = ``analytic.free_body``; ``flips`` the sign changes of ω2 (s); ``energy2`` = 2T and ``L`` = |L|.
    """
    a, i1, i3 = _params(tilt_deg, I1, I3)
    moments = np.array([i1, 1.0, i3])
    w0 = omega0_from_tilt(a)
    period = _an.flip_period(moments, w0)
    t = np.linspace(0.0, 2.0 * period, SAMPLES)
    omega = _an.free_body(moments, w0, t)
    return {"moments": moments, "omega0": w0, "period": period, "t": t, "omega": omega,
            "flips": flip_times(t, omega[:, 1]),
            "energy2": float(np.dot(moments, w0 * w0)), "L": float(np.linalg.norm(moments * w0))}


def summary(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]) -> str:
    """One line: the exact flip period and the time between flips."""
    r = compute(tilt_deg, I1, I3)
    T = r["period"]
    return (f"flip period T = {T:.3f} s (the middle axis turns over every T/2 = {T / 2:.3f} s); "
            f"tilt {float(tilt_deg):.1f}° from e2, I = ({r['moments'][0]:.2f}, 1.00, {r['moments'][2]:.2f})")


def draw(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]):
    """Left: ω1, ω2, ω3 over two periods with the flips (ω2 = 0) marked. Right: the polhode
    (ω over one period, and its mirror −ω) on the energy ellipsoid ``Σ I_i ω_i² = 2T`` (drawn as
    its outlines in the principal planes, which keeps the 3-D panel light). Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import AXIS_COLORS, set_equal_3d

    r = compute(tilt_deg, I1, I3)
    t, w = r["t"], r["omega"]
    fig = plt.figure(figsize=(9, 3.8), dpi=80)
    ax = fig.add_axes((0.085, 0.14, 0.5, 0.74))
    for i in range(3):
        ax.plot(t, w[:, i], color=AXIS_COLORS[i], label=f"ω{i + 1}")
    for k, tf in enumerate(r["flips"]):
        ax.axvline(tf, color="0.3", linestyle=":", linewidth=1, label="flip (ω2 = 0)" if k == 0 else None)
    ax.set_xlim(0, t[-1])
    ax.set_ylim(-1.05, 1.4)
    ax.set_xlabel("t (s)")
    ax.set_ylabel("ω (rad/s), body")
    ax.set_title(f"tilt {float(tilt_deg):.1f}°: flip period T = {r['period']:.2f} s", fontsize=10)
    ax.legend(loc="upper center", fontsize=8, ncol=4)

    ax3 = fig.add_axes((0.6, 0.02, 0.4, 0.92), projection="3d")
    radii = np.sqrt(r["energy2"] / r["moments"])
    phi = np.linspace(0.0, 2.0 * np.pi, 73)
    for i in range(3):                       # the ellipsoid's outline in the three principal planes
        j, k = (i + 1) % 3, (i + 2) % 3
        ring = np.zeros((3, phi.size))
        ring[j], ring[k] = radii[j] * np.cos(phi), radii[k] * np.sin(phi)
        ax3.plot(*ring, color="tab:orange", linewidth=0.8, alpha=0.6)
    half = t <= r["period"]
    ax3.plot(*w[half].T, color="k", linewidth=2)
    ax3.plot(*-w[half].T, color="0.6", linewidth=1)           # its mirror image (−ω is a solution too)
    for i in range(3):
        e = np.eye(3)[i] * radii[i] * 1.25
        ax3.plot([-e[0], e[0]], [-e[1], e[1]], [-e[2], e[2]], color=AXIS_COLORS[i], linewidth=1)
    set_equal_3d(ax3, float(radii.max()))
    ax3.set_xlabel("ω1")
    ax3.set_ylabel("ω2")
    ax3.set_zlabel("ω3")
    ax3.view_init(elev=25, azim=35)
    ax3.set_title("polhode on the energy ellipsoid", fontsize=10)
    return fig


def controls() -> dict:
    """Tilt of ω0 from the middle axis (main slider, degrees), then I1 and I3 (I2 = 1)."""
    import ipywidgets as w

    style = {"description_width": "130px"}
    layout = w.Layout(width="440px")
    return {
        "tilt_deg": w.FloatSlider(value=DEFAULTS["tilt_deg"], min=0.5, max=60.0, step=0.5,
                                  description="tilt from e2 (°)", continuous_update=False,
                                  style=style, layout=layout),
        "I1": w.FloatSlider(value=DEFAULTS["I1"], min=0.5, max=0.95, step=0.05,
                            description="I1 (I2 = 1)", continuous_update=False, style=style, layout=layout),
        "I3": w.FloatSlider(value=DEFAULTS["I3"], min=1.05, max=1.5, step=0.05,
                            description="I3", continuous_update=False, style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
