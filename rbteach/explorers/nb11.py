"""Explorer for notebook 11 (the heavy symmetric top): spin, tilt, initial precession rate → the path of
the symmetry axis on the sphere (waves, cusps, loops) and the tilt θ(t) between the cubic's two roots.

Follows the contract of :mod:`rbteach.explorers`. The top is the notebook's: a disc of 0.5 kg, radius
10 cm and 1 cm thick (:func:`rbteach.inertia.solid_cylinder`) whose centre of mass sits 10 cm from the pivot
on its axis (:func:`rbteach.inertia.parallel_axis`). It starts at the tilt θ₀ with θ̇ = 0, the spin ω₃ and
the precession rate φ̇₀, and is simulated with :func:`rbteach.dynamics.simulate` (RK4; gravity as
``force_world = (0, 0, −m g)`` at ``point_body = (0, 0, l)``) over :data:`PERIODS` nutation periods of
:func:`rbteach.top.nutation_period`, :data:`STEPS_PER_PERIOD` steps each (576 steps: a frame in a few
milliseconds), or more where the body turns more than :data:`MAX_TURN_PER_STEP` rad in a step (a slow top near the
vertical nutates slowly: at 45 rad/s and 10° up to 1.7 s a period; 96 steps would be 0.8 rad each and miss the roots by
3°), at most :data:`MAX_STEPS_PER_PERIOD`. The nutation bounds come from :func:`rbteach.top.nutation_bounds` (the roots of the cubic).
One :func:`compute` (remembered with :func:`rbteach.explorers.cached`) feeds the summary, :func:`draw` (the
static Matplotlib figure) and :func:`scene` (the live picture of :func:`rbteach.explorers.live.live`).
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as _v
from .. import dynamics as _dyn
from .. import inertia as _inertia
from .. import top as _top
from . import cached, fmt_small

__all__ = ["MASS", "RADIUS", "THICKNESS", "ARM", "G", "MOMENTS", "MGL", "PERIODS", "STEPS_PER_PERIOD",
           "MAX_TURN_PER_STEP", "MAX_STEPS_PER_PERIOD", "steps_per_period",
           "DEFAULTS", "compute", "summary", "draw", "scene", "controls", "widget"]

#: The top: a disc (kg, m) whose centre of mass is ARM (m) above the pivot on its axis; g (m/s²).
MASS, RADIUS, THICKNESS, ARM, G = 0.5, 0.1, 0.01, 0.1, 9.81
#: Its principal moments about the pivot (kg m²): (I1, I1, I3).
MOMENTS = np.diag(_inertia.parallel_axis(_inertia.solid_cylinder(MASS, RADIUS, THICKNESS), MASS, [0.0, 0.0, ARM])).copy()
MOMENTS.setflags(write=False)
#: m g l (J): the largest gravitational torque.
MGL = MASS * G * ARM
#: The run: this many nutation periods, this many RK4 steps each.
PERIODS = 6
STEPS_PER_PERIOD = 96
#: ... or more, so that |ω| dt ≤ MAX_TURN_PER_STEP (rad), up to MAX_STEPS_PER_PERIOD.
MAX_TURN_PER_STEP = 0.25
MAX_STEPS_PER_PERIOD = 1200


def steps_per_period(period, omega0) -> int:
    """RK4 steps per nutation period: :data:`STEPS_PER_PERIOD`, or enough that ``|omega0| dt`` stays below
    :data:`MAX_TURN_PER_STEP`, at most :data:`MAX_STEPS_PER_PERIOD`."""
    need = math.ceil(float(period) * float(np.linalg.norm(omega0)) / MAX_TURN_PER_STEP)
    return int(min(max(STEPS_PER_PERIOD, need), MAX_STEPS_PER_PERIOD))

#: Spin ω₃ (rad/s), tilt θ₀ (degrees) and initial precession rate φ̇₀ (rad/s): cusps.
DEFAULTS = {"spin": 60.0, "tilt_deg": 40.0, "precession": 0.0}


def _args(spin, tilt_deg, precession):
    w3 = _v.finite_scalar(spin, "spin")
    th = _v.finite_scalar(tilt_deg, "tilt_deg")
    pd = _v.finite_scalar(precession, "precession")
    if w3 <= 0.0:
        raise ValueError(f"spin must be > 0 rad/s, got {w3!r}")
    if not 0.0 < th < 180.0:
        raise ValueError(f"tilt_deg must lie strictly between 0 and 180 degrees, got {th!r}")
    return w3, th, pd


def compute(spin=DEFAULTS["spin"], tilt_deg=DEFAULTS["tilt_deg"], precession=DEFAULTS["precession"]) -> dict:
    """Simulate the top and compare its tilt with the cubic's roots.

    Returns
    -------
    dict
        ``t`` (n+1,), ``omega`` (n+1, 3), ``q`` (n+1, 4) from :func:`rbteach.dynamics.simulate`; ``axis``
        (n+1, 3), the symmetry axis in the world; ``theta`` (n+1,) its tilt (rad); ``bounds`` (θ_min, θ_max)
        from :func:`rbteach.top.nutation_bounds`; ``sim_bounds`` (min, max) of ``theta``; ``period`` (s);
        ``rates`` (slow, fast) steady precession rates at θ₀, or ``None`` if the spin is too slow for
        them; ``kind`` ("waves", "cusps", "loops" or "steady"); ``energy_drift`` = max |E − E₀|/|E₀|;
        ``Lz_drift`` and ``L3_drift`` likewise (relative to |L₃|).
    """
    w3, th, pd = _args(spin, tilt_deg, precession)
    return _run(spin=w3, tilt_deg=th, precession=pd)


@cached
def _run(*, spin, tilt_deg, precession) -> dict:
    I1, I3 = float(MOMENTS[0]), float(MOMENTS[2])
    th0 = math.radians(tilt_deg)
    k = _top.constants(I1, I3, MGL, th0, precession, spin)
    period = _top.nutation_period(I1, I3, MGL, th0, precession, spin)
    u1, u2, _ = _top.cubic_roots(I1, I3, MGL, th0, precession, spin)
    w0, q0 = _top.initial_state(th0, precession, spin)
    steps = PERIODS * steps_per_period(period, w0)
    traj = _dyn.simulate(MOMENTS, w0, q0, dt=PERIODS * period / steps, steps=steps, method="rk4",
                         force_world=[0.0, 0.0, -MASS * G], point_body=[0.0, 0.0, ARM])
    axis = _top.symmetry_axis(traj.q)
    theta = np.arccos(np.clip(axis[:, 2], -1.0, 1.0))
    E = traj.kinetic_energy + MGL * axis[:, 2]
    Lz = traj.angular_momentum_world[:, 2]
    L3 = I3 * traj.omega_body[:, 2]
    try:
        rates = _top.precession_rates(I1, I3, MGL, spin, th0)
    except ValueError:
        rates = None
    if u2 - u1 <= 1e-9:
        kind = "steady"
    elif precession == 0.0:
        kind = "cusps"
    else:
        ustar = k["b"] / k["a"]                         # φ̇ = I1 (b − a u)/(I1 (1 − u²)) changes sign at u = b/a
        kind = "loops" if u1 < ustar < u2 else "waves"
    scale = max(abs(k["L3"]), 1e-300)
    r = {"t": traj.t, "omega": traj.omega_body, "q": traj.q, "axis": axis, "theta": theta,
         "bounds": _top.nutation_bounds(I1, I3, MGL, th0, precession, spin),
         "sim_bounds": (float(theta.min()), float(theta.max())), "period": period, "rates": rates,
         "kind": kind, "energy_drift": float(np.max(np.abs(E - E[0])) / abs(E[0])),
         "Lz_drift": float(np.max(np.abs(Lz - Lz[0])) / scale), "L3_drift": float(np.max(np.abs(L3 - L3[0])) / scale)}
    for v in r.values():
        if isinstance(v, np.ndarray) and v.flags.writeable:
            v.setflags(write=False)
    return r


_KIND = {"waves": "waves (φ̇ keeps its sign)", "cusps": "cusps (the axis stops at its highest points)",
         "loops": "loops (φ̇ changes sign)", "steady": "steady precession (no nutation)"}


def summary(spin=DEFAULTS["spin"], tilt_deg=DEFAULTS["tilt_deg"], precession=DEFAULTS["precession"]) -> str:
    """Three lines: the start and the kind of path; the nutation bounds (cubic vs simulation) and period;
    the steady precession rates at this tilt and the energy drift of the run."""
    r = compute(spin=spin, tilt_deg=tilt_deg, precession=precession)
    lo, hi = (math.degrees(x) for x in r["bounds"])
    slo, shi = (math.degrees(x) for x in r["sim_bounds"])
    rates = ("no steady precession at this spin and tilt" if r["rates"] is None else
             f"steady precession: slow {r['rates'][0]:.3f}, fast {r['rates'][1]:.2f} rad/s"
             if math.isfinite(r["rates"][1]) else f"steady precession: {r['rates'][0]:.3f} rad/s")
    return (f"ω₃ = {float(spin):.1f} rad/s, θ₀ = {float(tilt_deg):.1f}°, φ̇₀ = {float(precession):.2f} rad/s: "
            f"{_KIND[r['kind']]}\n"
            f"θ between the cubic's roots {lo:.2f}° and {hi:.2f}° (simulated {slo:.2f}°–{shi:.2f}°), "
            f"period {r['period']:.3f} s\n"
            f"{rates}; energy drift {fmt_small(r['energy_drift'])}")


def _sphere():
    """Grey wire sphere: meridians every 30° and parallels every 30°, NaN rows between them, shape (n, 3)."""
    s = np.linspace(0.0, 2.0 * np.pi, 73)
    parts = []
    for lat in np.radians([-60, -30, 0, 30, 60]):
        parts.append(np.stack([np.cos(lat) * np.cos(s), np.cos(lat) * np.sin(s), np.full_like(s, np.sin(lat))], -1))
    h = np.linspace(0.0, np.pi, 37)
    for lon in np.radians(np.arange(0, 180, 30)):
        parts.append(np.stack([np.sin(h) * np.cos(lon), np.sin(h) * np.sin(lon), np.cos(h)], -1))
        parts.append(np.stack([-np.sin(h) * np.cos(lon), -np.sin(h) * np.sin(lon), np.cos(h)], -1))
    gap = np.full((1, 3), np.nan)
    return np.concatenate([np.concatenate([p, gap]) for p in parts])


_SPHERE = _sphere()
_SPHERE.setflags(write=False)


def _circle(theta):
    """The parallel at polar angle ``theta`` (rad) on the unit sphere, (73, 3)."""
    s = np.linspace(0.0, 2.0 * np.pi, 73)
    return np.stack([np.sin(theta) * np.cos(s), np.sin(theta) * np.sin(s), np.full_like(s, np.cos(theta))], -1)


def _theta_ylim(r):
    lo, hi = (math.degrees(x) for x in r["bounds"])
    slo, shi = (math.degrees(x) for x in r["sim_bounds"])
    lo, hi = min(lo, slo), max(hi, shi)
    pad = max(0.25 * (hi - lo), 0.5)
    return lo - pad, hi + 1.6 * pad                    # room for the legend above


_TITLE_3D = "symmetry axis on the unit sphere"
_TITLE_THETA = "tilt θ(t); dashed: the cubic's roots"


def draw(spin=DEFAULTS["spin"], tilt_deg=DEFAULTS["tilt_deg"], precession=DEFAULTS["precession"]):
    """Left: the path of the symmetry axis on the sphere with the two bounding circles; right: θ(t) (degrees)
    with the cubic's two roots as dashed lines. Returns the Figure."""
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..plotting import FIGURE_DPI, PALETTE, set_equal_3d

    r = compute(spin=spin, tilt_deg=tilt_deg, precession=precession)
    fig = plt.figure(figsize=(9, 4.0), dpi=FIGURE_DPI)
    ax3 = fig.add_axes((0.0, 0.0, 0.42, 0.84), projection="3d")
    ax3.plot(*_SPHERE.T, color="0.8", linewidth=0.6)
    for b in r["bounds"]:
        ax3.plot(*_circle(b).T, color=PALETTE["sky blue"], linestyle="--", linewidth=1.0)
    ax3.plot(*r["axis"].T, color=PALETTE["vermillion"], linewidth=1.5)
    ax3.plot(*np.stack([np.zeros(3), r["axis"][-1]]).T, color="k", linewidth=1.5)
    set_equal_3d(ax3, 1.0)
    ax3.set_box_aspect((1, 1, 1), zoom=0.9)
    for axis, lab in ((ax3.xaxis, "x"), (ax3.yaxis, "y"), (ax3.zaxis, "z")):
        axis.set_major_locator(MaxNLocator(3))
        axis.set_label_text(lab, fontsize=10)
    ax3.tick_params(labelsize=10, pad=0)
    ax3.view_init(elev=25, azim=-60)
    ax3.set_title(_TITLE_3D, fontsize=10)

    ax = fig.add_axes((0.52, 0.14, 0.46, 0.74))
    t = r["t"]
    ax.plot(t, np.degrees(r["theta"]), color=PALETTE["vermillion"], linewidth=1.5, label="θ simulated")
    for i, b in enumerate(r["bounds"]):
        ax.axhline(math.degrees(b), color=PALETTE["sky blue"], linestyle="--", linewidth=1.5,
                   label="roots of f(u)" if i == 0 else None)
    ax.set_xlim(0.0, float(t[-1]))
    ax.set_ylim(*_theta_ylim(r))
    ax.set_xlabel("t (s)", fontsize=10)
    ax.set_ylabel("θ (degrees)", fontsize=10)
    ax.tick_params(labelsize=10)
    ax.set_title(_TITLE_THETA, fontsize=10)
    ax.legend(loc="upper right", fontsize=10, ncol=2)
    fig.suptitle(f"ω₃ = {float(spin):.1f} rad/s, θ₀ = {float(tilt_deg):.1f}°, φ̇₀ = {float(precession):.2f} rad/s: "
                 f"{r['kind']}", fontsize=11)
    return fig


def scene(spin=DEFAULTS["spin"], tilt_deg=DEFAULTS["tilt_deg"], precession=DEFAULTS["precession"]) -> dict:
    """The live picture, the same as :func:`draw`: a 3-D panel (turn it with the mouse) with the path of the
    symmetry axis on the unit sphere, its two bounding circles and the axis at the end; θ(t) with the roots."""
    from ..plotting import PALETTE
    from .. import quaternion
    from ..solids import top_faces
    from .live import line3d, series, solid3d, space, xy

    r = compute(spin=spin, tilt_deg=tilt_deg, precession=precession)
    lines = [line3d(_SPHERE, color="#cccccc", width=1.0),
             line3d(np.concatenate([_circle(r["bounds"][0]), np.full((1, 3), np.nan), _circle(r["bounds"][1])]),
                    color=PALETTE["sky blue"], dash="--", width=1.0, label="bounds"),
             line3d(r["axis"], color=PALETTE["vermillion"], width=1.5),
             line3d(np.stack([np.zeros(3), r["axis"][-1]]), color=PALETTE["black"], width=2.0, label="axis")]
    # the top itself at the end, a shaded disc on its stem, apex on the unit sphere (under the lines)
    top = solid3d(top_faces(0.3, 0.06, 0.62, apex=1.0), R=quaternion.to_matrix(r["q"][-1]), name="top")
    left = space(lines, radius=1.0, title=_TITLE_3D, elev=25.0, azim=-60.0, world_axes=True, solids=[top])
    t = r["t"]
    T = float(t[-1])
    curves = [series(t, np.degrees(r["theta"]), color=PALETTE["vermillion"], width=1.5, label="θ simulated")]
    lo, hi = (math.degrees(b) for b in r["bounds"])
    curves.append(series(np.array([0.0, T, np.nan, 0.0, T]), np.array([lo, lo, np.nan, hi, hi]),
                         color=PALETTE["sky blue"], dash="--", width=1.5, label="roots of f(u)"))
    right = xy(curves, xlim=(0.0, T), ylim=_theta_ylim(r), title=_TITLE_THETA, xlabel="t (s)",
               ylabel="θ (degrees)", width=1.2)
    return {"panels": [left, right]}


def controls() -> dict:
    """Spin ω₃ (main slider, rad/s), tilt θ₀ (degrees), initial precession rate φ̇₀ (rad/s)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="440px")
    return {
        "spin": w.FloatSlider(value=DEFAULTS["spin"], min=40.0, max=200.0, step=0.5, description="spin ω₃ (rad/s)",
                              continuous_update=False, style=style, layout=layout),
        "tilt_deg": w.FloatSlider(value=DEFAULTS["tilt_deg"], min=10.0, max=120.0, step=0.5,
                                  description="tilt θ₀ (°)", continuous_update=False, style=style, layout=layout),
        "precession": w.FloatSlider(value=DEFAULTS["precession"], min=-8.0, max=8.0, step=0.05,
                                    description="precession φ̇₀ (rad/s)", continuous_update=False, style=style,
                                    layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
