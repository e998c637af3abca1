"""Explorer for notebook 07 (the torque-free body, Euler's equations): moments, ω₀, dt, method → plots.

Follows the contract of :mod:`rbteach.explorers`. On every change the body is re-simulated with
:func:`rbteach.dynamics.simulate` (the fast single-body integrators, at most :data:`MAX_STEPS`
steps) and compared with the exact solution: the body angular velocity from
:func:`rbteach.analytic.free_body` (Jacobi elliptic functions; any physical moments) and, for a
symmetric top (``I1 = I2``), the attitude from :func:`rbteach.analytic.symmetric_top`.

The figure is 2-D only, in two panels (ω(t) with the exact curves; on one log scale, the errors
against the exact solution and the drifts of the energy and of the world angular momentum, values
below the rounding floor 1e-12 drawn on a grey band at the bottom), so a redraw stays fast. It is
drawn twice from one :func:`compute` (remembered for the last few values, so a frame's summary
and picture share one simulation): :func:`draw` with Matplotlib (the static figure) and
:func:`scene` for the live explorer (:func:`rbteach.explorers.live.live`), whose curves keep each
bin's extremes (:func:`rbteach.explorers.plot_indices`), at most :data:`PLOT_POINTS`.

An integrator can blow up (explicit Euler with a large step, e.g. I = (0.6, 1, 1.5),
ω₀ = (2, 2, 2), dt = 0.1 s): a free body's |ω| can never exceed ``I_max/I_min ≤ 10`` times its
start on these sliders, so when a run's |ω| passes :data:`BLOWUP_FACTOR` × |ω₀| (or stops being a
number) :func:`compute` raises a ``ValueError`` with one sentence, which the explorer shows in
place of the plot.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as _v
from .. import analytic as _analytic
from .. import dynamics as _dyn
from .. import inertia as _inertia
from .. import quaternion as _q
from . import ROUNDING_FLOOR, cached, fmt_small, plain_log_axis, plot_indices

__all__ = ["METHODS", "DURATION", "MAX_STEPS", "BLOWUP_FACTOR", "PLOT_POINTS", "DEFAULTS", "moments_problem",
           "compute", "summary", "draw", "redraw", "scene", "controls", "widget"]

#: The integrators this explorer offers, in its menu's order: its own list (a subset of
#: :data:`rbteach.dynamics.METHODS`, which may grow), so the menu and the checks stay as they are.
METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm", "splitting", "splitting4")
#: Simulated time span (s).
DURATION = 20.0
#: At most this many steps per simulation (the time step is raised if needed).
MAX_STEPS = 3000
#: At most this many samples per curve in the live picture (plenty for an 860-pixel canvas).
PLOT_POINTS = 800
#: Bottom of the log panel: the grey band [1e-13, 1e-12] below the rounding floor holds every value
#: that is rounding noise (drawn at 1e-12, never as a signal).
_LOG_BOTTOM = 1e-13
#: A run whose |ω| grows past this many times |ω₀| has blown up (the exact flow stays within
#: I_max/I_min ≤ 10 times |ω₀| for the moments the sliders allow).
BLOWUP_FACTOR = 100.0


#: A symmetric top (I1 = I2) close to the example of 「回転運動のシミュレーション」 (2019),
#: I = (1, 1, 2), ω₀ = (1, 0, 1), which sits on the edge I3 = I1 + I2 of physical tensors.
DEFAULTS = {"I1": 1.0, "I2": 1.0, "I3": 1.5, "w1": 1.0, "w2": 0.0, "w3": 1.0, "dt": 0.05, "method": "rk4"}


def moments_problem(I1, I2, I3):
    """``None`` if ``(I1, I2, I3)`` can be a body's principal moments, else the reason (a string).

    Moments must be positive and obey the triangle inequality ``I_i ≤ I_j + I_k``
    (checked by :func:`rbteach.inertia.validate`).
    """
    m = np.array([_v.finite_scalar(I1, "I1"), _v.finite_scalar(I2, "I2"), _v.finite_scalar(I3, "I3")])
    if np.any(m <= 0):
        return f"principal moments must be > 0, got {m.tolist()}"
    try:
        _inertia.validate(np.diag(m), "moments")
    except ValueError as exc:
        k = int(np.argmax(m))                      # the largest moment is the one that is too large
        i, j = [n for n in range(3) if n != k]
        if m[k] > m[i] + m[j]:
            return (f"I{i + 1} + I{j + 1} = {m[i] + m[j]:.3f} < I{k + 1} = {m[k]:.3f}: the triangle "
                    f"inequality fails, no mass distribution has these moments")
        return str(exc)
    return None


def _params(I1, I2, I3, w1, w2, w3, dt, method):
    problem = moments_problem(I1, I2, I3)
    if problem is not None:
        raise ValueError(f"I1, I2, I3: {problem}")
    w0 = np.array([_v.finite_scalar(w1, "w1"), _v.finite_scalar(w2, "w2"), _v.finite_scalar(w3, "w3")])
    dt = _v.positive(dt, "dt")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    steps = int(math.ceil(DURATION / dt - 1e-9))
    if steps > MAX_STEPS:
        raise ValueError(f"dt must be >= {DURATION / MAX_STEPS:.4g} s (at most {MAX_STEPS} steps), got {dt!r}")
    return np.array([float(I1), float(I2), float(I3)]), w0, dt, max(1, steps), method


def compute(I1=DEFAULTS["I1"], I2=DEFAULTS["I2"], I3=DEFAULTS["I3"], w1=DEFAULTS["w1"], w2=DEFAULTS["w2"],
            w3=DEFAULTS["w3"], dt=DEFAULTS["dt"], method=DEFAULTS["method"]) -> dict:
    """Simulate over :data:`DURATION` and compare with the exact solution.

    Returns
    -------
    dict
        ``moments`` (3,), ``omega0`` (3,), ``t`` (n+1,), ``omega`` (n+1, 3) and ``q`` (n+1, 4) from
        :func:`rbteach.dynamics.simulate`; ``omega_exact`` (n+1, 3) from
        :func:`rbteach.analytic.free_body`; ``omega_error`` (n+1,) = ``|ω − ω_exact|``;
        ``attitude_error`` (n+1,) = angle between ``q`` and the exact attitude (rad) for a symmetric
        top ``I1 = I2``, else ``None``; ``energy_drift`` (n+1,) = ``|T − T₀|/T₀`` and ``L_drift``
        (n+1,) = ``|L − L₀|/|L₀|`` with the world ``L`` (absolute values when ``T₀ = 0``);
        ``max_omega_error``, ``max_energy_drift``, ``max_L_drift`` (floats).
    """
    moments, w0, dt, steps, method = _params(I1, I2, I3, w1, w2, w3, dt, method)
    r = _run(I1=float(moments[0]), I2=float(moments[1]), I3=float(moments[2]), w1=float(w0[0]),
             w2=float(w0[1]), w3=float(w0[2]), dt=dt, steps=steps, method=method)
    if "blew_up" in r:
        raise ValueError(r["blew_up"])
    return r


@cached
def _run(*, I1, I2, I3, w1, w2, w3, dt, steps, method) -> dict:
    """:func:`compute` for checked values, remembered: a frame's summary and picture share one
    simulation (the arrays are read-only). A blow-up is remembered too, as its sentence."""
    moments, w0 = np.array([I1, I2, I3]), np.array([w1, w2, w3])
    traj = _dyn.simulate(moments, w0, dt=dt, steps=steps, method=method, blowup="keep")  # judged here, briefly
    t = traj.t
    try:
        _check_not_blown_up(traj, w0, method)
    except ValueError as exc:
        return {"blew_up": str(exc)}
    omega_exact = _analytic.free_body(moments, w0, t)
    attitude_error = None
    if abs(moments[0] - moments[1]) <= _analytic.SYMMETRY_RTOL * max(moments[0], moments[1]):
        _, q_exact = _analytic.symmetric_top(moments, w0, t)
        attitude_error = _q.angle_between(traj.q, q_exact)
    T = traj.kinetic_energy
    L = traj.angular_momentum_world
    T0 = T[0] if T[0] > 0 else 1.0
    L0 = np.linalg.norm(L[0]) or 1.0
    r = {"moments": moments, "omega0": w0, "dt": dt, "steps": steps, "method": method, "t": t,
         "omega": traj.omega_body, "q": traj.q, "omega_exact": omega_exact,
         "omega_error": np.linalg.norm(traj.omega_body - omega_exact, axis=-1),
         "attitude_error": attitude_error,
         "energy_drift": np.abs(T - T[0]) / T0,
         "L_drift": np.linalg.norm(L - L[0], axis=-1) / L0}
    r["max_omega_error"] = float(np.max(r["omega_error"]))
    r["max_energy_drift"] = float(np.max(r["energy_drift"]))
    r["max_L_drift"] = float(np.max(r["L_drift"]))
    for v in r.values():
        if isinstance(v, np.ndarray) and v.flags.writeable:
            v.setflags(write=False)
    return r


def _check_not_blown_up(traj, w0, method):
    """Raise a one-sentence ``ValueError`` if the run's |ω| passed BLOWUP_FACTOR × |ω₀| or is not a number."""
    size = np.max(np.abs(traj.omega_body), axis=-1)          # no squares: no overflow warning
    limit = BLOWUP_FACTOR * max(float(np.max(np.abs(w0))), 1e-300)
    bad = ~np.isfinite(size) | (size > limit) | ~np.all(np.isfinite(traj.q), axis=-1)
    if np.any(bad):
        t_bad = float(traj.t[int(np.argmax(bad))])
        raise ValueError(f"{method} blew up at t = {t_bad:.1f} s (|ω| grew more than a hundredfold): "
                         f"choose a smaller dt or another method.")


def _label(I1, I2, I3, dt, method):
    return f"I = ({float(I1):.3f}, {float(I2):.3f}, {float(I3):.3f}) kg m², {method}, dt = {float(dt):.3f} s"


def summary(I1=DEFAULTS["I1"], I2=DEFAULTS["I2"], I3=DEFAULTS["I3"], w1=DEFAULTS["w1"], w2=DEFAULTS["w2"],
            w3=DEFAULTS["w3"], dt=DEFAULTS["dt"], method=DEFAULTS["method"]) -> str:
    """Two lines: the moments, method, step and number of steps; then the max ω error, energy drift
    and L drift over the run. For moments no body can have: that, and why."""
    problem = moments_problem(I1, I2, I3)
    if problem is not None:
        return f"I = ({float(I1):.3f}, {float(I2):.3f}, {float(I3):.3f}) kg m²: not a physical body\n{problem}"
    r = compute(I1=I1, I2=I2, I3=I3, w1=w1, w2=w2, w3=w3, dt=dt, method=method)
    return (f"{_label(I1, I2, I3, dt, method)}, {r['steps']} steps\n"
            f"max |ω − ω_exact| {fmt_small(r['max_omega_error'])} rad/s, "
            f"max energy drift {fmt_small(r['max_energy_drift'])}, "
            f"max |L − L₀|/|L₀| {fmt_small(r['max_L_drift'])}")


def draw(I1=DEFAULTS["I1"], I2=DEFAULTS["I2"], I3=DEFAULTS["I3"], w1=DEFAULTS["w1"], w2=DEFAULTS["w2"],
         w3=DEFAULTS["w3"], dt=DEFAULTS["dt"], method=DEFAULTS["method"]):
    """ω(t) with the exact curves; errors and conservation drifts on one log panel. Returns the Figure.

    For moments that no body can have, the figure states the reason instead.
    """
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    from ..plotting import AXIS_COLORS, AXIS_STYLES, FIGURE_DPI, PALETTE

    problem = moments_problem(I1, I2, I3)
    if problem is not None:
        fig = plt.figure(figsize=(9, 3.2), dpi=FIGURE_DPI)
        fig.text(0.5, 0.5, f"I = ({float(I1):.3f}, {float(I2):.3f}, {float(I3):.3f}): not a physical body\n"
                 f"{problem}", ha="center", va="center", wrap=True, fontsize=11, color=PALETTE["vermillion"])
        return fig
    r = compute(I1=I1, I2=I2, I3=I3, w1=w1, w2=w2, w3=w3, dt=dt, method=method)
    fig, (a0, a1) = plt.subplots(1, 2, figsize=(9, 3.4), dpi=FIGURE_DPI)
    for i in range(3):                       # empty curves, filled by _fill (also used by redraw)
        a0.plot([], [], color=AXIS_COLORS[i], linewidth=2.0, linestyle=AXIS_STYLES[i], label=f"ω{i + 1}")
    for i in range(3):
        a0.plot([], [], color="k", linewidth=0.8, label="exact" if i == 0 else None)
    a0.set_title(_OMEGA_TITLE, fontsize=10, y=1.0)
    a0.legend(fontsize=10, loc="upper right", ncols=4, framealpha=0.6)
    a1.axhspan(_LOG_BOTTOM, ROUNDING_FLOOR, color="0.88", linewidth=0)
    for c in _log_curves(r):
        a1.semilogy([], [], color=PALETTE[c["color"]], linestyle=c["dash"], linewidth=c["width"], label=c["label"])
    a1.set_title(_LOG_TITLE, fontsize=10, y=1.0)
    a1.legend(fontsize=10, loc="upper right", ncols=2, framealpha=0.6)
    # A redraw is dominated by text (each label costs ~1 ms to lay out and rasterise here): two
    # panels, few ticks, plain "1e-07" labels (plain_log_axis), and titles at a fixed height (y=1.0
    # above: no automatic title placement, which lays out every tick label once more).
    plain_log_axis(a1.yaxis)
    a0.yaxis.set_major_locator(MaxNLocator(5))
    for ax in (a0, a1):
        ax.xaxis.set_major_locator(MaxNLocator(5))
        ax.set_xlabel("t (s)", fontsize=10)
        ax.tick_params(labelsize=10)
    fig.subplots_adjust(left=0.06, right=0.99, bottom=0.14, top=0.84, wspace=0.17)
    _fill(fig, r, _label(I1, I2, I3, dt, method))
    return fig


def redraw(fig, I1=DEFAULTS["I1"], I2=DEFAULTS["I2"], I3=DEFAULTS["I3"], w1=DEFAULTS["w1"], w2=DEFAULTS["w2"],
           w3=DEFAULTS["w3"], dt=DEFAULTS["dt"], method=DEFAULTS["method"]) -> bool:
    """Update ``fig``, made by :func:`draw` for other values, in place to what ``draw`` gives for these.

    Returns ``False`` (``fig`` untouched) when the figure has other panels or curves: moments that no
    body can have, or a change between symmetric (attitude error shown) and asymmetric moments.
    Keeping the axes, ticks and legends is what makes the PNG path's redraw (``widget()``, which
    ``benchmarks/bench_explorer_drag.py`` compares with the live explorer) fast.
    """
    if moments_problem(I1, I2, I3) is not None or len(fig.axes) != 2:
        return False
    r = compute(I1=I1, I2=I2, I3=I3, w1=w1, w2=w2, w3=w3, dt=dt, method=method)
    if len(fig.axes[1].lines) != len(_log_curves(r)):
        return False
    _fill(fig, r, _label(I1, I2, I3, dt, method))
    return True


_OMEGA_TITLE = "ω_body (rad/s); exact thin black"
_LOG_TITLE = "errors (solid), drifts (dotted); grey: rounding"


def _log_curves(r):
    """The curves of the log panel, in the order :func:`draw` and :func:`scene` draw them: dicts of
    ``y`` (the values from t = Δt on, |values| below the rounding floor raised to it), ``label``,
    ``color`` (a key of :data:`rbteach.plotting.PALETTE`), ``dash`` and ``width``."""
    curves = [(r["omega_error"], "|ω − ω_exact|", "reddish purple", "-", 1.5),
              (r["attitude_error"], "attitude (rad)", "orange", "-", 1.5),
              (r["energy_drift"], "|T − T₀|/T₀", "sky blue", ":", 2.0),
              (r["L_drift"], "|L − L₀|/|L₀|", "black", ":", 1.5)]
    # t = 0 has no error: the log curves start at the first step
    return [{"y": np.maximum(np.abs(y[1:]), ROUNDING_FLOOR), "label": label, "color": color, "dash": dash,
             "width": width} for y, label, color, dash, width in curves if y is not None]


def _omega_ylim(r):
    """The ω panel's limits: the simulated curves with 5 % below and 35 % above (room for the legend)."""
    lo, hi = float(np.min(r["omega"])), float(np.max(r["omega"]))
    span = max(hi - lo, 0.1)
    return lo - 0.05 * span, hi + 0.35 * span


def _log_ylim(curves):
    """The log panel's limits: from the rounding band (1e-13) to four decades (room for the legend)
    above the decade that holds the largest value, and at least up to 1e4."""
    top = max(float(np.max(c["y"])) for c in curves)
    return _LOG_BOTTOM, 10.0 ** (max(0, math.ceil(math.log10(top) - 1e-9)) + 4)


def _fill(fig, r, label):
    """Put the data of ``compute``'s result ``r`` into the curves of a :func:`draw` figure; set limits."""
    a0, a1 = fig.axes
    t = r["t"]
    for i in range(3):
        a0.lines[i].set_data(t, r["omega"][:, i])
        a0.lines[3 + i].set_data(t, r["omega_exact"][:, i])
    a0.set_xlim(0.0, float(t[-1]))
    a0.set_ylim(*_omega_ylim(r))
    curves = _log_curves(r)
    for line, c in zip(a1.lines, curves):
        line.set_data(t[1:], c["y"])
    a1.set_xlim(0.0, float(t[-1]))
    a1.set_ylim(*_log_ylim(curves))
    fig.suptitle(label, fontsize=11)


def scene(I1=DEFAULTS["I1"], I2=DEFAULTS["I2"], I3=DEFAULTS["I3"], w1=DEFAULTS["w1"], w2=DEFAULTS["w2"],
          w3=DEFAULTS["w3"], dt=DEFAULTS["dt"], method=DEFAULTS["method"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left ω_body(t)
    (ω₁ ω₂ ω₃ in the axis colours and styles) with the exact curves thin black; right, on a log
    scale, the errors against the exact solution and the drifts of T and L, values below the
    rounding floor on the grey band. Each curve keeps the smallest and largest sample of each of
    its bins (:func:`rbteach.explorers.plot_indices`: no peak or dip lost), at most
    :data:`PLOT_POINTS`. Moments that no body can have, or a run that blew up: ``ValueError``."""
    from ..plotting import AXIS_COLORS, AXIS_STYLES, PALETTE
    from .live import series, xy

    r = compute(I1=I1, I2=I2, I3=I3, w1=w1, w2=w2, w3=w3, dt=dt, method=method)
    t = r["t"]
    bins = (PLOT_POINTS - 4) // 2                      # plot_indices keeps ≤ 2 bins + 4 samples
    keep = [plot_indices(r["omega"][:, i], bins) for i in range(3)]
    left = [series(t[keep[i]], r["omega"][keep[i], i], color=AXIS_COLORS[i], dash=AXIS_STYLES[i], width=2.0,
                   label=f"ω{i + 1}") for i in range(3)]
    left += [series(t[keep[i]], r["omega_exact"][keep[i], i], color=PALETTE["black"], width=0.8,
                    label="exact" if i == 0 else None) for i in range(3)]
    curves = _log_curves(r)
    hatch = np.linspace(0.0, float(t[-1]), 241)
    right = [series(np.repeat(hatch, 3), np.tile([_LOG_BOTTOM, ROUNDING_FLOOR, np.nan], hatch.size),
                    color="#e0e0e0", width=3.0)]
    for c in curves:                                    # the log curves start at the first step
        k = 1 + plot_indices(c["y"], bins)
        right.append(series(t[k], c["y"][k - 1], color=PALETTE[c["color"]], dash=c["dash"], width=c["width"],
                            label=c["label"]))
    xlim = (0.0, float(t[-1]))
    return {"panels": [xy(left, xlim=xlim, ylim=_omega_ylim(r), title=_OMEGA_TITLE, xlabel="t (s)"),
                       xy(right, xlim=xlim, ylim=_log_ylim(curves), title=_LOG_TITLE, xlabel="t (s)", logy=True)]}


def controls() -> dict:
    """I1 (main slider), I2, I3 (kg m²), ω₀ components (rad/s), dt (s) and the method: as a student reads them."""
    import ipywidgets as w

    style = {"description_width": "100px"}
    layout = w.Layout(width="400px")

    def slider(key, lo, hi, step, desc, fmt=".2f"):
        return w.FloatSlider(value=DEFAULTS[key], min=lo, max=hi, step=step, description=desc,
                             readout_format=fmt, continuous_update=False, style=style, layout=layout)

    return {
        "I1": slider("I1", 0.2, 2.0, 0.005, "I1 (kg m²)", ".3f"),   # fine steps: a new picture every frame of a drag
        "I2": slider("I2", 0.2, 2.0, 0.005, "I2 (kg m²)", ".3f"),
        "I3": slider("I3", 0.2, 2.0, 0.005, "I3 (kg m²)", ".3f"),
        "w1": slider("w1", -2.0, 2.0, 0.1, "ω₀1 (rad/s)"),
        "w2": slider("w2", -2.0, 2.0, 0.1, "ω₀2 (rad/s)"),
        "w3": slider("w3", -2.0, 2.0, 0.1, "ω₀3 (rad/s)"),
        "dt": slider("dt", 0.01, 0.2, 0.01, "dt (s)", ".3f"),
        "method": w.Dropdown(options=list(METHODS), value=DEFAULTS["method"], description="method",
                             style=style),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls(), redraw=redraw)`` with ``overrides`` applied."""
    from . import build

    return build(draw, summary, controls(), redraw=redraw, **overrides)
