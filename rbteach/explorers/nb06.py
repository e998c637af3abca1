"""Explorer for notebook 06 (integrating orientation): time step, attitude update and state → drifts.

Follows the contract of :mod:`rbteach.explorers`. A free asymmetric body (principal moments
:data:`MOMENTS`, initial world angular velocity :data:`OMEGA0_WORLD`) is advanced with the update
of the forces-and-impulses article (§4 更新): each step turns the attitude with the world ω of the
start of the step, by one of three :data:`UPDATES`

* ``"euler"`` — explicit Euler, ``q ← q + ½ (0, ω_world) ⊗ q Δt``
  (:func:`rbteach.quaternion.derivative_world`), not renormalised: ``|q|`` grows;
* ``"renormalise"`` — the same, then ``q ← q/|q|`` (the article's §4);
* ``"exp"`` — the exponential map ``q ← q ⊗ exp(½ ω_body Δt)`` with ``ω_body = q⁻¹ ⋄ ω_world``
  (:func:`rbteach.quaternion.exp`): an exact rotation by ``|ω| Δt``, ``|q| = 1`` to rounding;

with either

* ``state="omega"`` — the article's scheme: ω is the state, so a free body keeps a constant ω_world;
* ``state="angular_momentum"`` — L is the state (constant for a free body) and
  ``ω_world = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))`` after every attitude update
  (:func:`rbteach.body.omega_from_L_principal`, the article's §5).

With ``"renormalise"`` this is exactly :meth:`rbteach.body.RigidBody.step` (tested); the package's
``RigidBody`` always renormalises, so :func:`integrate` exists to show the other updates. The plots
are the three drifts: ``|q| − 1``, the energy ``T/T₀ − 1`` and the drift of the world angular
momentum vector ``|L − L₀| / |L₀|``; a drift at rounding level (below
:data:`rbteach.explorers.ROUNDING_FLOOR`) is drawn as a flat zero, labelled, never autoscaled.

The initial ω is far from the separatrix (``L²/2T = 1.54`` against ``I₂ = 2``, and the energy
error of explicit Euler moves it further away), so the energy drift is first order over the whole
slider range: it halves when Δt halves.

The picture is drawn twice from one :func:`compute` (remembered for the last few values, so a
frame's summary and picture share one run): :func:`draw` with Matplotlib (the static figure) and
:func:`scene` for the live explorer (:func:`rbteach.explorers.live.live`). A frame must take a few
milliseconds, so :func:`integrate` steps on Python floats (the same formulas as
:func:`rbteach.quaternion.derivative_world`, :func:`rbteach.quaternion.normalize`,
:func:`rbteach.quaternion.exp` and :func:`rbteach.body.omega_from_L_principal`, without their
per-call checks; the tests compare the two step by step) and forms the energies and momenta of
all samples at once with :mod:`rbteach.body`.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as _v
from .. import body as _body
from .. import quaternion as _q
from . import ROUNDING_FLOOR, cached, fmt_small

__all__ = ["MOMENTS", "OMEGA0_WORLD", "DURATION", "DT_MIN", "UPDATES", "UPDATE_LABELS", "STATE_LABELS",
           "DEFAULTS", "PLOT_POINTS", "integrate", "compute", "summary", "draw", "scene", "controls", "widget"]

#: Principal moments of the free asymmetric body (kg m²); the body axes are its principal axes.
MOMENTS = (1.0, 2.0, 3.0)
#: Initial world angular velocity (rad/s), not along a principal axis, so the body tumbles; it
#: turns mostly about the minor axis, far from the separatrix of the middle axis.
OMEGA0_WORLD = (1.0, 0.4, 0.3)
#: Simulated time span (s).
DURATION = 8.0
#: Smallest time step the explorer accepts (s); keeps ``DURATION/dt`` steps interactive.
DT_MIN = 0.005
#: The attitude updates :func:`integrate` knows, and how they are named.
UPDATES = ("euler", "renormalise", "exp")
UPDATE_LABELS = {"euler": "Euler, not renormalised", "renormalise": "Euler + renormalise",
                 "exp": "exponential map"}
#: How the two states are named in the summary and the plots.
STATE_LABELS = {"omega": "ω as state (the article)", "angular_momentum": "L as state"}

DEFAULTS = {"dt": 0.1, "update": "renormalise", "state": "angular_momentum"}


def _check_choices(update, state):
    if update not in UPDATES:
        raise ValueError(f"update must be one of {UPDATES}, got {update!r}")
    if state not in _body.STATES:
        raise ValueError(f"state must be one of {_body.STATES}, got {state!r}")


def integrate(moments, omega0_world, *, dt, steps, update="renormalise", state="angular_momentum") -> dict:
    """The article's attitude update (§4) for a free body, with ω or L as the state.

    Parameters
    ----------
    moments : array_like, shape (3,)
        Principal moments ``I_d`` (> 0); the body axes are the principal axes (``q_o`` = identity).
    omega0_world : array_like, shape (3,)
        Initial world angular velocity (rad/s); the initial attitude is the identity.
    dt : float
        Time step (s), > 0.
    steps : int
        Number of steps, ≥ 1.
    update : {"renormalise", "euler", "exp"}
        The attitude step with the ω of the start of the step: explicit Euler renormalised
        (the article's §4), explicit Euler left unnormalised, or the exponential map
        ``q ⊗ exp(½ ω_body Δt)``.
    state : {"angular_momentum", "omega"}
        Which quantity is kept: L (constant for a free body, ω recomputed from the new
        attitude) or ω (the article's scheme: constant ω_world).

    Returns
    -------
    dict
        ``t`` (n+1,), ``q`` (n+1, 4) as integrated (its norm drifts with ``"euler"``),
        ``omega_world`` (n+1, 3), ``L_world`` (n+1, 3) = ``q ⋄ (I_d ⊙ (q⁻¹ ⋄ ω))`` (with the
        attitude ``q/|q|``), ``energy`` (n+1,) = ``½ ω·L``.
    """
    I_d = _v.vector3(moments, "moments", allow_batch=False)
    if np.any(I_d <= 0):
        raise ValueError(f"moments must be positive principal moments, got {I_d.tolist()}")
    w0 = _v.vector3(omega0_world, "omega0_world", allow_batch=False)
    dt = _v.positive(dt, "dt")
    steps = _v.positive_int(steps, "steps")
    _check_choices(update, state)
    q_o = _q.identity()
    qs, omegas = _steps(I_d, w0, dt, steps, update, state)
    L_world = _body.L_from_omega_principal(I_d, q_o, qs, omegas)
    energy = 0.5 * np.einsum("ni,ni->n", omegas, L_world)
    return {"t": np.arange(steps + 1) * dt, "q": qs, "omega_world": omegas, "L_world": L_world,
            "energy": energy}


def _steps(I_d, w0, dt, steps, update, state):
    """The loop of :func:`integrate` on Python floats: attitudes (steps+1, 4) and world ω (steps+1, 3).

    One step, with the world ω of its start (``a, b, c``) and ``h = Δt/2``:

    * ``"euler"``/``"renormalise"``: ``q ← q + h (0, ω) ⊗ q``, i.e. ``q ← q + ½ (0, ω_world) ⊗ q Δt``
      (:func:`rbteach.quaternion.derivative_world`), then ``q ← q/|q|`` for ``"renormalise"``;
    * ``"exp"``: ``q ← exp(½ ω_world Δt) ⊗ q`` — the same rotation as ``q ⊗ exp(½ ω_body Δt)`` with
      ``ω_body = q⁻¹ ⋄ ω_world`` (:func:`rbteach.quaternion.exp`);

    then, with L as the state, ``ω = M (I_d⁻¹ ⊙ (Mᵀ L))`` with ``M = to_matrix(q/|q|)``
    (:func:`rbteach.body.omega_from_L_principal` with ``q_o`` = identity).
    """
    i1, i2, i3 = (1.0 / float(x) for x in I_d)
    a, b, c = (float(x) for x in w0)
    La, Lb, Lc = (float(x) for x in _body.L_from_omega_principal(I_d, _q.identity(), _q.identity(), w0))
    qw, qx, qy, qz = 1.0, 0.0, 0.0, 0.0
    h = 0.5 * dt
    out_q = [qw, qx, qy, qz]
    out_w = [a, b, c]
    sqrt, cos, sin = math.sqrt, math.cos, math.sin
    with_L = state == "angular_momentum"
    try:
        for _ in range(steps):
            if update == "exp":
                rate = sqrt(a * a + b * b + c * c)
                half = rate * h                                    # half the angle |ω| Δt
                ew, s = cos(half), (sin(half) / rate if rate > 0.0 else h)
                ex, ey, ez = s * a, s * b, s * c                   # exp(½ ω Δt) = (cos ½θ, sin ½θ ω/|ω|)
                qw, qx, qy, qz = (ew * qw - ex * qx - ey * qy - ez * qz, ew * qx + ex * qw + ey * qz - ez * qy,
                                  ew * qy - ex * qz + ey * qw + ez * qx, ew * qz + ex * qy - ey * qx + ez * qw)
            else:
                qw, qx, qy, qz = (qw - h * (a * qx + b * qy + c * qz), qx + h * (a * qw + b * qz - c * qy),
                                  qy + h * (b * qw + c * qx - a * qz), qz + h * (c * qw + a * qy - b * qx))
                if update == "renormalise":
                    n = sqrt(qw * qw + qx * qx + qy * qy + qz * qz)
                    qw, qx, qy, qz = qw / n, qx / n, qy / n, qz / n
            out_q += (qw, qx, qy, qz)
            if with_L:
                n = sqrt(qw * qw + qx * qx + qy * qy + qz * qz)    # the attitude is q/|q| (|q| drifts for "euler")
                w, x, y, z = qw / n, qx / n, qy / n, qz / n
                m00, m01, m02 = 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)
                m10, m11, m12 = 2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)
                m20, m21, m22 = 2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)
                u1 = (m00 * La + m10 * Lb + m20 * Lc) * i1       # I_d⁻¹ ⊙ (Mᵀ L)
                u2 = (m01 * La + m11 * Lb + m21 * Lc) * i2
                u3 = (m02 * La + m12 * Lb + m22 * Lc) * i3
                a, b, c = m00 * u1 + m01 * u2 + m02 * u3, m10 * u1 + m11 * u2 + m12 * u3, m20 * u1 + m21 * u2 + m22 * u3
            out_w += (a, b, c)
    except (ValueError, OverflowError, ZeroDivisionError):  # math.cos(inf), inf/inf: the run overflowed
        pass
    q_arr = np.array(out_q).reshape(-1, 4)
    w_arr = np.array(out_w).reshape(-1, 3)
    if q_arr.shape[0] != steps + 1 or w_arr.shape[0] != steps + 1 or not (
            np.all(np.isfinite(q_arr)) and np.all(np.isfinite(w_arr))):
        raise ValueError(f"the run overflowed: dt = {dt:g} s is too large for these moments and omega0_world")
    return q_arr, w_arr


def compute(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]) -> dict:
    """The explorer's numbers: :func:`integrate` over :data:`DURATION` (the last whole step before it) and the
    three drifts.

    Returns
    -------
    dict
        Everything :func:`integrate` returns, plus ``steps`` and ``dt``; ``norm_error`` (n+1,) = ``|q| − 1``;
        ``energy_drift`` (n+1,) = ``T/T₀ − 1``; ``L_drift`` (n+1,) = ``|L − L₀| / |L₀|``; and
        ``max_energy_drift``, ``max_L_drift`` (largest absolute values over the run).
    """
    dt = _v.positive(dt, "dt")
    if dt < DT_MIN:
        raise ValueError(f"dt must be >= {DT_MIN} s in the explorer (it simulates {DURATION:g} s), got {dt!r}")
    _check_choices(update, state)
    return _run(dt=dt, update=update, state=state)


@cached
def _run(*, dt, update, state) -> dict:
    """:func:`compute` for checked values, remembered (a frame's summary and picture share it: its
    arrays are read-only)."""
    steps = max(1, int(math.floor(DURATION / dt + 1e-9)))     # the run ends at most DURATION: drifts compare
    r = integrate(MOMENTS, OMEGA0_WORLD, dt=dt, steps=steps, update=update, state=state)
    L0 = r["L_world"][0]
    r["steps"], r["dt"] = steps, dt
    r["norm_error"] = _q.norm(r["q"]) - 1.0
    r["energy_drift"] = r["energy"] / r["energy"][0] - 1.0
    r["L_drift"] = np.linalg.norm(r["L_world"] - L0, axis=-1) / np.linalg.norm(L0)
    r["max_energy_drift"] = float(np.max(np.abs(r["energy_drift"])))
    r["max_L_drift"] = float(np.max(r["L_drift"]))
    for v in r.values():
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return r


def _title(dt, update, state):
    return f"dt = {float(dt):.3f} s, {STATE_LABELS[state]}, {UPDATE_LABELS[update]}"


def summary(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]) -> str:
    """Two lines: the settings; then ``|q| − 1`` at the end and the largest energy and L drifts."""
    r = compute(dt=dt, update=update, state=state)
    return (f"{_title(dt, update, state)}\n"
            f"over {DURATION:g} s: final |q| − 1 {fmt_small(r['norm_error'][-1])}, "
            f"max |T/T₀ − 1| {fmt_small(r['max_energy_drift'])}, "
            f"max |L − L₀|/|L₀| {fmt_small(r['max_L_drift'])}")


#: The three panels: the key of :func:`compute`'s drift, the panel's title, the curve's colour.
_PANELS = (("norm_error", "|q| − 1", "reddish purple"),
           ("energy_drift", "energy T/T₀ − 1", "orange"),
           ("L_drift", "world L: |L − L₀| / |L₀|", "black"))
#: At most this many samples per curve in the live picture (plenty for an 860-pixel canvas).
PLOT_POINTS = 800


def _nice_top(x: float) -> float:
    """The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ that is ≥ ``x`` (> 0): an axis end that
    moves in visible steps while dt is dragged."""
    k = math.floor(math.log10(x))
    for m in (1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        if m * 10.0 ** k >= x * (1 - 1e-12):
            return m * 10.0 ** k
    return 10.0 ** (k + 1)


def _panel(r, key):
    """``(y, ylim, flat)`` of one panel: the drift, or zeros when it stays below the rounding floor
    (``flat``; drawn on a fixed −1 … 1 axis, never autoscaled noise); otherwise limits with 6 %
    room that include zero, their ends rounded up by :func:`_nice_top`."""
    y = r[key]
    if np.max(np.abs(y)) < ROUNDING_FLOOR:
        return np.zeros_like(y), (-1.0, 1.0), True
    lo, hi = float(np.min(y)), float(np.max(y))
    top = _nice_top(1.06 * hi) if hi > 0 else None
    bottom = -_nice_top(-1.06 * lo) if lo < 0 else None
    span = (top if top is not None else 0.0) - (bottom if bottom is not None else 0.0)
    return y, (bottom if bottom is not None else -0.06 * span, top if top is not None else 0.06 * span), False


def draw(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]):
    """Three panels against time: ``|q| − 1``, ``T/T₀ − 1`` and ``|L − L₀|/|L₀|``. Returns the Figure.

    A panel whose drift stays below :data:`rbteach.explorers.ROUNDING_FLOOR` shows a flat zero and
    says so, instead of autoscaling rounding noise to fill the panel.
    """
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI, PALETTE

    r = compute(dt=dt, update=update, state=state)
    t = r["t"]
    fig, axs = plt.subplots(1, 3, figsize=(9, 3.2), dpi=FIGURE_DPI)
    for ax, (key, label, color) in zip(axs, _PANELS):
        y, ylim, flat = _panel(r, key)
        ax.axhline(0.0, color="0.6", linewidth=0.8)
        ax.plot(t, y, color=PALETTE[color], linewidth=1.5)
        ax.set_ylim(*ylim)
        if flat:                                         # rounding noise: not a signal
            ax.set_yticks([0.0])
            ax.text(0.5, 0.62, f"0 to rounding\n(|x| < {ROUNDING_FLOOR:.0e})", transform=ax.transAxes,
                    ha="center", va="center", fontsize=10, color="0.3")
        else:
            ax.ticklabel_format(axis="y", style="sci", scilimits=(-2, 3))
        ax.set_xlim(0.0, r["steps"] * r["dt"])
        ax.set_title(label, fontsize=11, pad=14)
        ax.set_xlabel("t (s)", fontsize=10)
        ax.tick_params(labelsize=10)
        ax.grid(alpha=0.3)
    fig.suptitle(_title(dt, update, state), fontsize=11)
    fig.subplots_adjust(left=0.07, right=0.98, bottom=0.16, top=0.8, wspace=0.35)
    return fig


def scene(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: three panels
    against time, ``|q| − 1``, ``T/T₀ − 1`` and ``|L − L₀|/|L₀|``, each over a grey zero line; a
    drift below the rounding floor is a flat zero labelled as such. Curves keep every k-th sample
    (and the last), at most :data:`PLOT_POINTS`."""
    from ..plotting import PALETTE
    from .live import series, xy

    r = compute(dt=dt, update=update, state=state)
    t = r["t"]
    n = t.size
    keep = np.unique(np.r_[0:n:max(1, -(-n // PLOT_POINTS)), n - 1])
    t_end = r["steps"] * r["dt"]
    panels = []
    for key, label, color in _PANELS:
        y, ylim, flat = _panel(r, key)
        curves = [series([0.0, t_end], [0.0, 0.0], color="#999999", width=1.0),
                  series(t[keep], y[keep], color=PALETTE[color], width=2.0,
                         label=f"0 to rounding (< {ROUNDING_FLOOR:.0e})" if flat else None)]
        panels.append(xy(curves, xlim=(0.0, t_end), ylim=ylim, title=label, xlabel="t (s)"))
    return {"panels": panels}


def controls() -> dict:
    """dt (main slider, s), the attitude update, and the state (ω or L)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    buttons = {"description_width": "initial", "button_width": "auto"}
    return {
        # fine steps: a drag gives a new value, hence a new picture, at every frame of the live explorer
        "dt": w.FloatSlider(value=DEFAULTS["dt"], min=0.02, max=0.4, step=0.001, readout_format=".3f",
                            description="time step dt (s)", continuous_update=False, style=style,
                            layout=w.Layout(width="420px")),
        "update": w.ToggleButtons(options=[(UPDATE_LABELS[u], u) for u in UPDATES],
                                  value=DEFAULTS["update"], description="attitude update", style=buttons),
        "state": w.ToggleButtons(options=[(STATE_LABELS["omega"], "omega"),
                                          (STATE_LABELS["angular_momentum"], "angular_momentum")],
                                 value=DEFAULTS["state"], description="state", style=buttons),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
