"""Explorer for notebook 09 (the integrator lab): step size, method and run length → drift and error.

Follows the contract of :mod:`rbteach.explorers`. The body is the lab's test body, principal
moments ``I = (1, 2, 3)`` kg m² with ``ω0 = (0.4, 0.8, 0.6)`` rad/s. The trajectory comes from
:func:`rbteach.dynamics.simulate`, the reference from :func:`rbteach.analytic.free_body` (exact),
energy and angular momentum from :mod:`rbteach.dynamics`; this module only forms the relative
drifts and the error and draws them. The main control is the step ``dt`` in seconds, on a
logarithmic slider.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import analytic as _an
from .. import dynamics as _dyn
from . import ROUNDING_FLOOR, fmt_small, plain_log_axis

__all__ = ["DEFAULTS", "MOMENTS", "OMEGA0", "LAB_METHODS", "MAX_STEPS", "DIVERGED", "DT_RANGE", "compute",
           "summary", "draw", "controls", "widget"]

#: The lab's test body: principal moments (kg m²) and initial body angular velocity (rad/s).
MOMENTS = (1.0, 2.0, 3.0)
OMEGA0 = (0.4, 0.8, 0.6)

#: The integrators compared in the lab (``dynamics.simulate`` methods).
LAB_METHODS = ("euler", "semi-implicit-euler", "rk4", "splitting", "splitting4")

#: Longest run the explorer integrates (keeps a redraw well under a second).
MAX_STEPS = 20000

#: Default state: dt = 0.05 s, RK4, 100 s.
DEFAULTS = {"dt": 0.05, "method": "rk4", "t_end": 100.0}

#: Steps ``compute`` accepts (s); the slider covers 0.01 s to 2 s.
DT_RANGE = (1e-4, 2.0)

#: |ω_i| (rad/s) above which a run counts as blown up (|ω0| is 1.08 rad/s; energy is conserved exactly).
DIVERGED = 1e3

#: Points per curve in the plots (the run is thinned to this many samples).
PLOT_POINTS = 1500


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
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=h, steps=steps, method=method)
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
    return {"dt": h, "method": method, "steps": steps, "t": t, "energy_drift": e_drift, "L_drift": l_drift,
            "omega_error": err, "blew_up_at": blew_up_at, "max_energy_drift": float(np.max(np.abs(e_drift))),
            "max_L_drift": float(np.max(np.abs(l_drift))), "max_omega_error": float(np.max(err))}


def summary(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> str:
    """Three lines: the run; the max relative energy and |L| drifts; the max |ω error| (and a blow-up)."""
    r = compute(dt, method, t_end)
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


def draw(dt=DEFAULTS["dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]):
    """Left: |relative energy drift| and |relative |L| drift| against t (log scale).
    Right: |ω − ω_exact| against t (log scale). Values below 1e-12 (rounding) are drawn on the
    grey rounding band. Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI, PALETTE

    r = compute(dt, method, t_end)
    k = slice(None, None, max(1, r["steps"] // PLOT_POINTS))
    t = r["t"][k]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6), dpi=FIGURE_DPI)
    T_end = r["steps"] * r["dt"]
    for ax in (a, b):
        ax.axhspan(_YLIM[0], ROUNDING_FLOOR, color="0.88", linewidth=0)
        ax.text(0.01 * T_end, 2.2e-13, "rounding level", color="0.35", fontsize=10, va="center")
    a.semilogy(t, _floor(r["energy_drift"][k]), color=PALETTE["vermillion"], label="|T/T₀ − 1|")
    a.semilogy(t, _floor(r["L_drift"][k]), color=PALETTE["blue"], linestyle="--", label="| |L|/|L₀| − 1 |")
    a.set_title(f"{method}, dt = {r['dt']:.3g} s: conservation", fontsize=10, y=1.0)
    if r["blew_up_at"] is not None:
        for ax in (a, b):
            ax.axvline(r["blew_up_at"], color=PALETTE["reddish purple"], linestyle="-.", linewidth=1.5)
        b.text(r["blew_up_at"], 1e-10, "blew up ", color=PALETTE["reddish purple"], fontsize=10, ha="right")
    a.legend(loc="lower right", bbox_to_anchor=(1.0, 0.09), fontsize=10)
    b.semilogy(t, _floor(r["omega_error"][k]), color="k")
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


def controls() -> dict:
    """The step dt in seconds (main slider, logarithmic), the method (dropdown) and the run length t_end (s)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="440px")
    return {
        "dt": w.FloatLogSlider(value=DEFAULTS["dt"], base=10.0, min=-2.0, max=0.3, step=0.1,
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
