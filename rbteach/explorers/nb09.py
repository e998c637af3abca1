"""Explorer for notebook 09 (the integrator lab): step size, method and run length → drift and error.

Follows the contract of :mod:`rbteach.explorers`. The body is the lab's test body, principal
moments ``I = (1, 2, 3)`` kg m² with ``ω0 = (0.4, 0.8, 0.6)`` rad/s. The trajectory comes from
:func:`rbteach.dynamics.simulate`, the reference from :func:`rbteach.analytic.free_body` (exact),
energy and angular momentum from :mod:`rbteach.dynamics`; this module only forms the relative
drifts and the error and draws them.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import analytic as _an
from .. import dynamics as _dyn
from . import fmt_small, plain_log_axis

__all__ = ["DEFAULTS", "MOMENTS", "OMEGA0", "LAB_METHODS", "MAX_STEPS", "DIVERGED", "compute", "summary", "draw",
           "controls", "widget"]

#: The lab's test body (issue 5): principal moments (kg m²) and initial body angular velocity (rad/s).
MOMENTS = (1.0, 2.0, 3.0)
OMEGA0 = (0.4, 0.8, 0.6)

#: The integrators compared in the lab (``dynamics.simulate`` methods).
LAB_METHODS = ("euler", "semi-implicit-euler", "rk4", "splitting", "splitting4")

#: Longest run the explorer integrates (keeps a redraw well under a second).
MAX_STEPS = 20000

#: Default state: dt = 10^-1.3 ≈ 0.05 s, RK4, 100 s.
DEFAULTS = {"log10_dt": -1.3, "method": "rk4", "t_end": 100.0}

#: |ω_i| (rad/s) above which a run counts as blown up (|ω0| is 1.08 rad/s; energy is conserved exactly).
DIVERGED = 1e3

#: Points per curve in the plots (the run is thinned to this many samples).
PLOT_POINTS = 1500


def _params(log10_dt, method, t_end):
    e = _v.finite_scalar(log10_dt, "log10_dt")
    if not -4.0 <= e <= 0.0:
        raise ValueError(f"log10_dt must be in [-4, 0] (dt from 1e-4 s to 1 s), got {e!r}")
    if method not in LAB_METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, LAB_METHODS))}; got {method!r}")
    T = _v.positive(t_end, "t_end")
    dt = 10.0 ** e
    steps = max(1, int(round(T / dt)))
    if steps > MAX_STEPS:
        raise ValueError(f"t_end / dt = {steps} steps is more than the explorer's MAX_STEPS = {MAX_STEPS}; "
                         "take a larger dt or a shorter run")
    return dt, method, steps


def compute(log10_dt=DEFAULTS["log10_dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> dict:
    """Run ``method`` with ``dt = 10**log10_dt`` up to ``t_end`` and compare with the exact solution.

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
    dt, method, steps = _params(log10_dt, method, t_end)
    tr = _dyn.simulate(MOMENTS, OMEGA0, dt=dt, steps=steps, method=method)
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
    return {"dt": dt, "method": method, "steps": steps, "t": t, "energy_drift": e_drift, "L_drift": l_drift,
            "omega_error": err, "blew_up_at": blew_up_at, "max_energy_drift": float(np.max(np.abs(e_drift))),
            "max_L_drift": float(np.max(np.abs(l_drift))), "max_omega_error": float(np.max(err))}


def summary(log10_dt=DEFAULTS["log10_dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]) -> str:
    """One line: the method, dt, run length, max relative energy drift and max |ω error|."""
    r = compute(log10_dt, method, t_end)
    s = (f"{method}, dt = {r['dt']:.4g} s, {r['steps']} steps: max |ΔT/T| {fmt_small(r['max_energy_drift'])}, "
         f"max |Δ|L|/|L|| {fmt_small(r['max_L_drift'])}, "
         f"max |ω − ω_exact| {fmt_small(r['max_omega_error'])} rad/s")
    if r["blew_up_at"] is not None:
        s += f" (blew up at t = {r['blew_up_at']:.2f} s)"
    return s


def _floor(x):
    """|x| with exact zeros lifted to 1e-17, so a log axis can show them."""
    return np.maximum(np.abs(x), 1e-17)


def draw(log10_dt=DEFAULTS["log10_dt"], method=DEFAULTS["method"], t_end=DEFAULTS["t_end"]):
    """Left: |relative energy drift| and |relative |L| drift| against t (log scale).
    Right: |ω − ω_exact| against t (log scale). Returns the Figure."""
    import matplotlib.pyplot as plt

    r = compute(log10_dt, method, t_end)
    k = slice(None, None, max(1, r["steps"] // PLOT_POINTS))
    t = r["t"][k]
    fig, (a, b) = plt.subplots(1, 2, figsize=(9, 3.6), dpi=80)
    a.semilogy(t, _floor(r["energy_drift"][k]), color="tab:red", label="|T/T₀ − 1|")
    a.semilogy(t, _floor(r["L_drift"][k]), color="tab:blue", label="| |L|/|L₀| − 1 |")
    a.set_ylim(1e-17, 10.0)
    a.set_xlabel("t (s)")
    a.set_title(f"{method}, dt = {r['dt']:.3g} s: conservation", fontsize=10, y=1.0)
    if r["blew_up_at"] is not None:
        for ax in (a, b):
            ax.axvline(r["blew_up_at"], color="tab:red", linestyle="--", linewidth=1)
        b.text(r["blew_up_at"], 1e-15, " blew up", color="tab:red", fontsize=8, ha="right")
    a.legend(loc="lower right", fontsize=8)
    b.semilogy(t, _floor(r["omega_error"][k]), color="k")
    b.set_ylim(1e-17, 10.0)
    b.set_xlabel("t (s)")
    for ax in (a, b):
        ax.set_xlim(0.0, r["steps"] * r["dt"])
    b.set_title("error |ω − ω_exact| (rad/s)", fontsize=10, y=1.0)
    # Fixed margins, plain log labels and titles at a fixed height (y=1.0): tight_layout and
    # mathtext labels cost ~0.4 s per frame here.
    for ax in (a, b):
        plain_log_axis(ax.yaxis)
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.14, top=0.9, wspace=0.22)
    return fig


def controls() -> dict:
    """log10(dt) (main slider), the method (dropdown) and the run length t_end (s)."""
    import ipywidgets as w

    style = {"description_width": "110px"}
    layout = w.Layout(width="420px")
    return {
        "log10_dt": w.FloatSlider(value=DEFAULTS["log10_dt"], min=-2.0, max=-0.5, step=0.1,
                                  description="log10(dt / s)", continuous_update=False,
                                  style=style, layout=layout),
        "method": w.Dropdown(options=list(LAB_METHODS), value=DEFAULTS["method"], description="method",
                             style=style, layout=layout),
        "t_end": w.FloatSlider(value=DEFAULTS["t_end"], min=10.0, max=200.0, step=10.0,
                               description="run length (s)", continuous_update=False,
                               style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
