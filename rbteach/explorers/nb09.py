"""Explorer for notebook 09 (the integrator lab): step size, method and run length → drift and error.

Follows the contract of :mod:`rbteach.explorers`. The body is the lab's test body, principal
moments ``I = (1, 2, 3)`` kg m² with ``ω0 = (0.4, 0.8, 0.6)`` rad/s. The trajectory comes from
:func:`rbteach.dynamics.simulate`, the reference from :func:`rbteach.analytic.free_body` (exact),
energy and angular momentum from :mod:`rbteach.dynamics`; this module only forms the relative
drifts and the error and draws them: :func:`draw` with Matplotlib (the static figure), :func:`scene`
for the live explorer (:func:`rbteach.explorers.live.live`), both from one :func:`compute`
(remembered for the last few values, so a frame's summary and scene share one run). The main
control is the step ``dt`` in seconds, on a logarithmic slider.

Time per frame: the run itself (``dynamics.simulate``, a Python loop of a few µs per step) is
almost all of it, so the explorer integrates at most :data:`MAX_STEPS` steps; the curves are
thinned to at most ~2 × :data:`PLOT_BINS` points each (the smallest and the largest value of each
bin, so no peak is lost), and the maxima in the summary are over every step.
"""

from __future__ import annotations

import numpy as np


from .. import _validate as _v
from .. import analytic as _an
from .. import dynamics as _dyn
from . import ROUNDING_FLOOR, cached, fmt_small, plain_log_axis, plot_indices

__all__ = ["DEFAULTS", "MOMENTS", "OMEGA0", "LAB_METHODS", "MAX_STEPS", "DIVERGED", "DT_RANGE", "PLOT_BINS",
           "compute", "summary", "draw", "scene", "controls", "widget"]

#: The lab's test body: principal moments (kg m²) and initial body angular velocity (rad/s).
MOMENTS = (1.0, 2.0, 3.0)
OMEGA0 = (0.4, 0.8, 0.6)

#: The integrators compared in the lab (``dynamics.simulate`` methods; ``"rk4-dcm"`` is notebook 07's). A frame
#: of the implicit midpoint rule costs about 1.4 times one of RK4 (9 ms against 6.5 ms at the defaults, measured).
LAB_METHODS = ("euler", "semi-implicit-euler", "rk4", "splitting", "splitting4", "implicit-midpoint", "rkmk4")

#: Longest run the explorer integrates: the shortest step (0.01 s) over the default 100 s. A frame of
#: the live explorer costs about this many steps of ``dynamics.simulate`` (~0.1 s for splitting4).
MAX_STEPS = 10000

#: Default state: dt = 0.05 s, RK4, 100 s.
DEFAULTS = {"dt": 0.05, "method": "rk4", "t_end": 100.0}

#: Steps ``compute`` accepts (s); the slider covers 0.01 s to 2 s.
DT_RANGE = (1e-4, 2.0)

#: |ω_i| (rad/s) above which a run counts as blown up (|ω0| is 1.08 rad/s; energy is conserved exactly).
DIVERGED = 1e3

#: Bins per curve in the plots: each curve keeps the smallest and the largest value of each bin
#: (at most 2 × PLOT_BINS + 2 points, plenty for an 860-pixel canvas).
PLOT_BINS = 500

def _params(dt, method, t_end):
    h = _v.finite_scalar(dt, "dt")
    if not DT_RANGE[0] <= h <= DT_RANGE[1]:
        raise ValueError(f"dt must be between {DT_RANGE[0]:g} s and {DT_RANGE[1]:g} s, got {h!r}")
    h = float(f"{h:.3g}")             # what the slider shows: the summary is the same for both
    if method not in LAB_METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, LAB_METHODS))}; got {method!r}")
    T = _v.positive(t_end, "t_end")
    steps = max(1, int(round(T / h)))
    if steps > MAX_STEPS:
        raise ValueError(f"this run needs {steps} steps, more than the {MAX_STEPS} the explorer computes "
                         "(MAX_STEPS): take a larger dt or a shorter run")
    return h, method, steps


def compute(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> dict:
    """Run ``method`` with step ``dt`` (s, rounded to 3 significant digits as the slider shows it)
    up to ``t_end`` (s) and compare with the exact solution.

    Returns
    -------
    dict
        ``dt``, ``steps``, ``t`` (steps+1,), ``energy_drift`` = ``T(t)/T(0) − 1``,
        ``L_drift`` = ``|L(t)|/|L(0)| − 1`` (|L| of ``dynamics.angular_momentum``, frame-free),
        ``omega_error`` = ``|ω(t) − ω_exact(t)|`` (Euclidean norm, rad/s), and their maxima
        ``max_energy_drift`` (of the absolute value), ``max_L_drift``, ``max_omega_error``.
        ``blew_up_at`` is the first time (s) where a component of ω exceeded :data:`DIVERGED` or
        became NaN (explicit Euler at a large step), else None; the arrays then stop just before it.
    """
    h, method, steps = _params(dt, method, t_end)
    return _run(dt=h, method=method, steps=steps)


@cached
def _run(*, dt, method, steps) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=dt, steps=steps, method=method, blowup="keep")   # the plot marks where it blew up
    w, t = tr.omega_body, tr.t
    with np.errstate(invalid="ignore"):
        bad = np.nonzero(~(np.max(np.abs(w), axis=-1) <= DIVERGED))[0]      # NaN compares False too
    blew_up_at = float(t[bad[0]]) if bad.size else None
    if bad.size:                      # explicit Euler gains energy every step and can blow up: keep the part before
        w, t = w[:bad[0]], t[:bad[0]]
    E = _dyn.kinetic_energy(MOMENTS, w)
    L = np.linalg.norm(_dyn.angular_momentum(MOMENTS, w), axis=-1)
    exact = _an.free_body(MOMENTS, OMEGA0, t)
    err = np.linalg.norm(w - exact, axis=-1)
    e_drift = E / E[0] - 1.0
    l_drift = L / L[0] - 1.0
    out = {"dt": dt, "method": method, "steps": steps, "t": t, "energy_drift": e_drift, "L_drift": l_drift,
           "omega_error": err, "blew_up_at": blew_up_at, "max_energy_drift": float(np.max(np.abs(e_drift))),
           "max_L_drift": float(np.max(np.abs(l_drift))), "max_omega_error": float(np.max(err))}
    for v in out.values():                            # shared by the frame's summary and scene: read-only
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


def summary(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> str:
    """Three lines: the run; the max relative energy and |L| drifts; the max |ω error| (and a blow-up)."""
    r = compute(dt=dt, method=method, t_end=t_end)
    s = (f"{method}, dt = {r['dt']:.3g} s, {r['steps']} steps\n"
         f"max |T/T0 − 1| {fmt_small(r['max_energy_drift'])}, "
         f"max | |L|/|L0| − 1 | {fmt_small(r['max_L_drift'])}\n"
         f"max |ω − ω_exact| {fmt_small(r['max_omega_error'])} rad/s")
    if r["blew_up_at"] is not None:
        s += f" (blew up at t = {r['blew_up_at']:.2f} s)"
    return s


def _floor(x):
    """|x| clamped from below at the rounding floor: smaller values are rounding noise, drawn on the floor."""
    return np.maximum(np.abs(x), ROUNDING_FLOOR)


#: Vertical range of both panels: the rounding band [1e-13, 1e-12] at the bottom, up to 10.
_YLIM = (1e-13, 10.0)


def _curves(r) -> dict:
    """The three plotted curves as (t, |value| clamped at the rounding floor), thinned by
    :func:`plot_indices`: shared by :func:`draw` and :func:`scene`."""
    out = {}
    for key in ("energy_drift", "L_drift", "omega_error"):
        y = _floor(r[key])
        i = plot_indices(y, PLOT_BINS)
        out[key] = (r["t"][i], y[i])
    return out


def draw(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]):
    """Left: |relative energy drift| and |relative |L| drift| against t (log scale).
    Right: |ω − ω_exact| against t (log scale). Values below 1e-12 (rounding) are drawn on the
    grey rounding band. Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI, PALETTE

    r = compute(dt=dt, method=method, t_end=t_end)
    c = _curves(r)
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6), dpi=FIGURE_DPI)
    T_end = r["steps"] * r["dt"]
    for ax in (a, b):
        ax.axhspan(_YLIM[0], ROUNDING_FLOOR, color="0.88", linewidth=0)
        ax.text(0.01 * T_end, 2.2e-13, "rounding level", color="0.35", fontsize=10, va="center")
    a.semilogy(*c["energy_drift"], color=PALETTE["vermillion"], label="|T/T₀ − 1|")
    a.semilogy(*c["L_drift"], color=PALETTE["blue"], linestyle="--", label="| |L|/|L₀| − 1 |")
    a.set_title(f"{method}, dt = {r['dt']:.3g} s: conservation", fontsize=10, y=1.0)
    if r["blew_up_at"] is not None:
        for ax in (a, b):
            ax.axvline(r["blew_up_at"], color=PALETTE["reddish purple"], linestyle="-.", linewidth=1.5)
        b.text(r["blew_up_at"], 1e-10, "blew up ", color=PALETTE["reddish purple"], fontsize=10, ha="right")
    a.legend(loc="lower right", bbox_to_anchor=(1.0, 0.09), fontsize=10)
    b.semilogy(*c["omega_error"], color="k")
    b.set_title("error |ω − ω_exact| (rad/s)", fontsize=10, y=1.0)
    for ax in (a, b):
        ax.set_ylim(*_YLIM)
        ax.set_xlim(0.0, T_end)
        ax.set_xlabel("t (s)", fontsize=10)
        ax.tick_params(labelsize=10)
        plain_log_axis(ax.yaxis)
    # Fixed margins, plain log labels and titles at a fixed height (y=1.0): tight_layout and
    # mathtext labels cost ~0.4 s per frame here.
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.14, top=0.9, wspace=0.22)
    return fig


#: Vertical range of the live panels: as :data:`_YLIM`, with room above 10 for the page's legend
#: (top right, one entry per line).
_LIVE_YLIM = (1e-13, 1e4)


def scene(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left the relative
    energy and |L| drifts, right the error against the exact solution, both on log axes, values
    below 1e-12 on the grey rounding band (drawn as close vertical strokes from 1e-13 to 1e-12)."""
    from ..plotting import PALETTE
    from .live import series, xy

    r = compute(dt=dt, method=method, t_end=t_end)
    c = _curves(r)
    T_end = r["steps"] * r["dt"]
    hatch = np.linspace(0.0, T_end, 241)
    band = series(np.repeat(hatch, 3), np.tile([_YLIM[0], ROUNDING_FLOOR, np.nan], hatch.size), color="#e0e0e0",
                  width=3.0, label="rounding level")

    def blew_up(label):
        x = r["blew_up_at"]
        return [series([x, x], list(_LIVE_YLIM), color=PALETTE["reddish purple"], dash="-.", width=1.5,
                       label=label)] if x is not None else []

    left = [band, series(*c["energy_drift"], color=PALETTE["vermillion"], label="|T/T₀ − 1|"),
            series(*c["L_drift"], color=PALETTE["blue"], dash="--", label="| |L|/|L₀| − 1 |")] + blew_up(None)
    right = [band, series(*c["omega_error"], color=PALETTE["black"], label="|ω − ω_exact|")] + blew_up("blew up")
    box = {"xlim": (0.0, T_end), "ylim": _LIVE_YLIM, "xlabel": "t (s)", "logy": True}
    return {"panels": [xy(left, title=f"{method}, dt = {r['dt']:.3g} s: conservation", **box),
                       xy(right, title="error |ω − ω_exact| (rad/s)", **box)]}


def controls() -> dict:
    """The step dt in seconds (main slider, logarithmic), the method (dropdown) and the run length t_end (s)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="440px")
    return {
        "dt": w.FloatLogSlider(value=DEFAULTS["dt"], base=10.0, min=-2.0, max=0.3, step=0.005,
                               description="time step dt (s)", readout_format=".3g",
                               continuous_update=False, style=style, layout=layout),
        "method": w.Dropdown(options=list(LAB_METHODS), value=DEFAULTS["method"], description="method",
                             style=style, layout=layout),
        "t_end": w.FloatSlider(value=DEFAULTS["t_end"], min=10.0, max=1000.0, step=10.0,
                               description="run length (s)", continuous_update=False,
                               style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
