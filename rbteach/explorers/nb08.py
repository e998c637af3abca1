"""Explorer for notebook 08 (the intermediate-axis theorem): tilt of ω0 from the middle axis → flips.

Follows the contract of :mod:`rbteach.explorers`. The body has principal moments
``(I1, 1, I3)`` with ``I1 < 1 < I3`` (the middle axis is the second body axis, ``e2``); the
initial angular velocity has magnitude 1 rad/s and is tilted by ``tilt_deg`` from ``e2`` towards
``e1``: ``ω0 = (sin a, cos a, 0)``. The numbers come from :mod:`rbteach.analytic`
(``free_body`` for ω(t), ``flip_period`` for the exact period ``4 K(m) / λ`` of ω, with Landau's
elliptic rate λ); this module only finds the sign changes of ω2 on the sampled exact solution and
the angles between the body axes and L, and draws: :func:`draw` with Matplotlib (the static figure),
:func:`scene` for the live explorer (:func:`rbteach.explorers.live.live`), both from one
:func:`compute` (remembered for the last few values, so a frame's summary and scene share it).

With ``ω0`` in the ``e1``–``e2`` plane, ``L² − 2T I2 = I1 (I1 − 1) sin² a < 0``: the polhode always
circles the minor axis ``e1``, and ω2 changes sign every half period. Whether that is a *flip* (the
middle axis turns over, from near ``L`` to near ``−L``) or a *wobble* about ``e1`` depends on how
close the middle axis comes to ``±L``: the summary says "flip" when it comes within
:data:`FLIP_ANGLE_DEG`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import analytic as _an
from . import cached

__all__ = ["DEFAULTS", "FLIP_ANGLE_DEG", "omega0_from_tilt", "flip_times", "compute", "summary", "draw",
           "scene", "controls", "widget"]

#: Default state: 5° from the middle axis of a body with moments (0.6, 1, 1.3).
DEFAULTS = {"tilt_deg": 5.0, "I1": 0.6, "I3": 1.3}
#: Units of the sliders whose labels name none (live.py's aria-valuetext): the moments are multiples of I2.
UNITS = {"I1": "× I2", "I3": "× I2"}

#: Samples of the exact solution over the two periods drawn.
SAMPLES = 801

#: The motion is called a flip when the middle axis comes within this angle (degrees) of ±L: it then
#: swings from near L to near −L. Farther out, L circles the minor axis e1 and e2 only wobbles.
FLIP_ANGLE_DEG = 30.0


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
        One time per sign change. Near the middle axis each is a flip of the body (its middle axis
        turns over); far from it ω2 changes sign too while the body only wobbles (see ``compute``'s
        ``flip``).
    """
    t = _v.array(t, "t")
    w = _v.array(omega2, "omega2")
    if t.ndim != 1 or w.shape != t.shape:
        raise ValueError(f"t and omega2 must be 1-D arrays of one length, got {t.shape} and {w.shape}")
    i = np.nonzero(np.signbit(w[:-1]) != np.signbit(w[1:]))[0]
    return t[i] - w[i] * (t[i + 1] - t[i]) / (w[i + 1] - w[i])


def compute(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]) -> dict:
    """Exact motion over two periods of ω.

    Returns
    -------
    dict
        ``moments`` (3,) = (I1, 1, I3); ``omega0`` (3,); ``period`` = ``analytic.flip_period``
        (s, the period of ω(t): two sign changes of ω2); ``t`` (SAMPLES,) over ``[0, 2 period]``;
        ``omega`` (SAMPLES, 3) = ``analytic.free_body``; ``flips`` the sign changes of ω2 (s);
        ``energy2`` = 2T and ``L`` = |L|; ``e2_closest_deg``, the smallest angle between the middle
        axis e2 and ±L over the motion; ``e1_farthest_deg``, the largest angle between the minor
        axis e1 and ±L; ``flip`` = ``e2_closest_deg <= FLIP_ANGLE_DEG`` (the middle axis turns over).
    """
    a, i1, i3 = _params(tilt_deg, I1, I3)
    return _exact_motion(tilt_deg=a, I1=i1, I3=i3)


@cached
def _exact_motion(*, tilt_deg, I1, I3) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    moments = np.array([I1, 1.0, I3])
    w0 = omega0_from_tilt(tilt_deg)
    period = _an.flip_period(moments, w0)
    t = np.linspace(0.0, 2.0 * period, SAMPLES)
    omega = _an.free_body(moments, w0, t)
    L = float(np.linalg.norm(moments * w0))
    m = omega * moments                               # body angular momentum, |m| = L at every sample
    # t = 0 is an extreme of the polhode (ω3 = 0 there), so the samples hold the exact extremes.
    cos_e2 = min(1.0, float(np.max(np.abs(m[:, 1]))) / L)
    cos_e1 = min(1.0, float(np.min(np.abs(m[:, 0]))) / L)
    closest = float(np.degrees(np.arccos(cos_e2)))
    out = {"moments": moments, "omega0": w0, "period": period, "t": t, "omega": omega,
           "flips": flip_times(t, omega[:, 1]),
           "energy2": float(np.dot(moments, w0 * w0)), "L": L,
           "e2_closest_deg": closest, "e1_farthest_deg": float(np.degrees(np.arccos(cos_e1))),
           "flip": closest <= FLIP_ANGLE_DEG}
    for v in out.values():                            # shared by the frame's summary and scene: read-only
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


def summary(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]) -> str:
    """Three lines: the exact period and the time between sign changes of ω2; flip or wobble; the state."""
    r = compute(tilt_deg=tilt_deg, I1=I1, I3=I3)
    T = r["period"]
    if r["flip"]:
        what = (f"a flip: the middle axis e2 turns over, from {r['e2_closest_deg']:.0f}° to "
                f"{180.0 - r['e2_closest_deg']:.0f}° from L")
    else:
        what = (f"a wobble about the minor axis e1 (within {r['e1_farthest_deg']:.0f}° of L); "
                f"e2 comes no closer than {r['e2_closest_deg']:.0f}° to ±L")
    return (f"period of ω: T = {T:.3f} s; ω2 changes sign every T/2 = {T / 2:.3f} s\n"
            f"{what}\n"
            f"tilt {float(tilt_deg):.1f}° from e2, I = ({r['moments'][0]:.2f}, 1.00, {r['moments'][2]:.2f})")


#: Vertical range of the ω panel (rad/s): |ω| = 1 rad/s, room above for the legend.
_OMEGA_YLIM = (-1.05, 1.55)


def _title(r, tilt_deg) -> str:
    kind = "flip" if r["flip"] else "wobble about e1"
    return f"tilt {float(tilt_deg):.1f}° ({kind}): period of ω T = {r['period']:.2f} s"


def _polhode_geometry(r) -> dict:
    """What the 3-D panel shows, in ω coordinates (rad/s): ``rings`` (3, 73, 3), the energy
    ellipsoid's outline in the three principal planes; ``polhode`` ω over one period and ``mirror``
    = −ω (−ω is a solution too); ``axes`` (3, 2, 3), the principal axes to 1.25 × the ellipsoid's
    semi-axis; ``radius``, its largest semi-axis. Shared by :func:`draw` and :func:`scene`."""
    radii = np.sqrt(r["energy2"] / r["moments"])
    phi = np.linspace(0.0, 2.0 * np.pi, 73)
    rings = np.zeros((3, phi.size, 3))
    for i in range(3):
        j, k = (i + 1) % 3, (i + 2) % 3
        rings[i, :, j], rings[i, :, k] = radii[j] * np.cos(phi), radii[k] * np.sin(phi)
    half = r["t"] <= r["period"]
    axes = np.stack([np.stack([-e, e]) for e in np.eye(3) * (1.25 * radii)[:, None]])
    return {"rings": rings, "polhode": r["omega"][half], "mirror": -r["omega"][half], "axes": axes,
            "radius": float(radii.max())}


def draw(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]):
    """Left: ω1, ω2, ω3 over two periods with the sign changes of ω2 marked. Right: the polhode
    (ω over one period, and its mirror −ω) on the energy ellipsoid ``Σ I_i ω_i² = 2T`` (drawn as
    its outlines in the principal planes, which keeps the 3-D panel light). Returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..plotting import AXIS_COLORS, AXIS_STYLES, FIGURE_DPI, PALETTE, set_equal_3d

    r = compute(tilt_deg=tilt_deg, I1=I1, I3=I3)
    t, w = r["t"], r["omega"]
    fig = plt.figure(figsize=(9, 3.8), dpi=FIGURE_DPI)
    ax = fig.add_axes((0.075, 0.14, 0.5, 0.72))
    for i in range(3):
        ax.plot(t, w[:, i], color=AXIS_COLORS[i], linestyle=AXIS_STYLES[i], label=f"ω{i + 1}")
    mark = "flip (ω2 = 0)" if r["flip"] else "ω2 = 0"
    for k, tf in enumerate(r["flips"]):
        ax.axvline(tf, color="0.4", linestyle="-.", linewidth=1, label=mark if k == 0 else None)
    ax.set_xlim(0, t[-1])
    ax.set_ylim(*_OMEGA_YLIM)
    ax.set_xlabel("t (s)", fontsize=10)
    ax.set_ylabel("ω (rad/s), body", fontsize=10)
    ax.tick_params(labelsize=10)
    ax.set_title(_title(r, tilt_deg), fontsize=10)
    ax.legend(loc="upper center", fontsize=10, ncol=4, handlelength=1.8, columnspacing=1.0,
              borderaxespad=0.2)

    ax3 = fig.add_axes((0.6, 0.04, 0.4, 0.86), projection="3d")
    g = _polhode_geometry(r)
    for ring in g["rings"]:                  # the ellipsoid's outline in the three principal planes
        ax3.plot(*ring.T, color=PALETTE["orange"], linewidth=0.8, alpha=0.6)
    ax3.plot(*g["polhode"].T, color="k", linewidth=2)
    ax3.plot(*g["mirror"].T, color="0.6", linewidth=1)
    for i, seg in enumerate(g["axes"]):
        ax3.plot(*seg.T, color=AXIS_COLORS[i], linewidth=1)
    set_equal_3d(ax3, g["radius"])
    ax3.set_box_aspect((1, 1, 1), zoom=0.88)             # room for the tick and axis labels
    for axis, lab in ((ax3.xaxis, "ω1"), (ax3.yaxis, "ω2"), (ax3.zaxis, "ω3")):
        axis.set_major_locator(MaxNLocator(3))
        axis.set_label_text(lab, fontsize=10)
    ax3.tick_params(labelsize=10, pad=0)
    ax3.view_init(elev=25, azim=35)
    ax3.set_title("polhode on the energy ellipsoid", fontsize=10)
    return fig


#: Vertical range of the live ω panel: higher than :func:`draw`'s, for the page's legend (top right, one
#: entry per line).
_LIVE_OMEGA_YLIM = (-1.05, 2.1)


def scene(tilt_deg=DEFAULTS["tilt_deg"], I1=DEFAULTS["I1"], I3=DEFAULTS["I3"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left ω1, ω2, ω3
    against t with the sign changes of ω2 (dash-dot), right the polhode on the energy ellipsoid in
    a 3-D panel the student turns with the mouse (its own ω1, ω2, ω3 axes, no world axes)."""
    from ..plotting import AXIS_COLORS, AXIS_STYLES, PALETTE
    from .live import line3d, series, space, xy

    r = compute(tilt_deg=tilt_deg, I1=I1, I3=I3)
    t, w = r["t"], r["omega"]
    curves = [series(t, w[:, i], color=AXIS_COLORS[i], dash=AXIS_STYLES[i], label=f"ω{i + 1}")
              for i in range(3)]
    f = r["flips"]
    if f.size:                                         # vertical dash-dot lines, NaN between them
        lo, hi = _LIVE_OMEGA_YLIM
        curves.append(series(np.repeat(f, 3), np.tile([lo, hi, np.nan], f.size), color="#666666", dash="-.",
                             width=1.0, label="flip (ω2 = 0)" if r["flip"] else "ω2 = 0"))
    left = xy(curves, xlim=(0.0, float(t[-1])), ylim=_LIVE_OMEGA_YLIM, title=_title(r, tilt_deg),
              xlabel="t (s)", ylabel="ω (rad/s), body", width=1.35)

    g = _polhode_geometry(r)
    gap = np.full((1, 3), np.nan)
    rings = np.concatenate([np.concatenate([ring, gap]) for ring in g["rings"]])
    lines = [line3d(rings, color=PALETTE["orange"], width=1.0, alpha=0.6),
             line3d(g["mirror"], color="#999999", width=1.0),
             line3d(g["polhode"], color=PALETTE["black"], width=2.0)]
    lines += [line3d(seg, color=AXIS_COLORS[i], width=1.0, label=f"ω{i + 1}") for i, seg in enumerate(g["axes"])]
    right = space(lines, radius=1.3 * g["radius"], title="polhode on the energy ellipsoid", elev=25.0, azim=35.0,
                  world_axes=False)
    return {"panels": [left, right]}


def controls() -> dict:
    """Tilt of ω0 from the middle axis (main slider, degrees), then I1 and I3 (I2 = 1)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="440px")
    return {
        "tilt_deg": w.FloatSlider(value=DEFAULTS["tilt_deg"], min=0.5, max=60.0, step=0.1,
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
