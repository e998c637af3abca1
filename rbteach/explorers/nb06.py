"""Explorer for notebook 06 (integrating orientation): time step, attitude update and state → drifts.

Follows the contract of :mod:`rbteach.explorers`. A free asymmetric body (principal moments
:data:`MOMENTS`, initial world angular velocity :data:`OMEGA0_WORLD`) is advanced with the update
of the forces-and-impulses article (§4 更新): each step turns the attitude with the world ω of the
start of the step, by one of three :data:`UPDATES`

* ``"euler"`` — explicit Euler, ``q ← q + ½ (0, ω_world) ⊗ q Δt``
  (:func:`rbteach.quaternion.derivative_world`), not renormalised: ``|q|`` grows;
* ``"renormalise"`` — the same, then ``q ← q/|q|`` (the article's §4);
* ``"exp"`` — the exponential map ``q ← q ⊗ exp(½ ω_body Δt)`` with ``ω_body = q⁻¹ ⋄ ω_world``
  (:func:`rbteach.quaternion.from_rotation_vector`): an exact rotation by ``|ω| Δt``, ``|q| = 1``
  to rounding;

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
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as _v
from .. import body as _body
from .. import quaternion as _q
from . import ROUNDING_FLOOR, fmt_small

__all__ = ["MOMENTS", "OMEGA0_WORLD", "DURATION", "DT_MIN", "UPDATES", "UPDATE_LABELS", "STATE_LABELS",
           "DEFAULTS", "integrate", "compute", "summary", "draw", "controls", "widget"]

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
    q = _q.identity()
    L = _body.L_from_omega_principal(I_d, q_o, q, w0)
    omega = w0
    qs = [q]
    omegas = [omega]
    for _ in range(steps):
        if update == "exp":
            omega_body = _q.rotate(_q.conjugate(q), omega)
            q = _q.multiply(q, _q.from_rotation_vector(omega_body * dt))   # q ⊗ exp(½ ω_b Δt)
        else:
            q = q + _q.derivative_world(q, omega) * dt                     # the article's §4
            if update == "renormalise":
                q = _q.normalize(q)
        if state == "angular_momentum":
            omega = _body.omega_from_L_principal(I_d, q_o, q, L)  # ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))
        qs.append(q)
        omegas.append(omega)
    qs = np.array(qs)
    omegas = np.array(omegas)
    L_world = _body.L_from_omega_principal(I_d, q_o, qs, omegas)
    energy = 0.5 * np.einsum("ni,ni->n", omegas, L_world)
    return {"t": np.arange(steps + 1) * dt, "q": qs, "omega_world": omegas, "L_world": L_world,
            "energy": energy}


def compute(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]) -> dict:
    """The explorer's numbers: :func:`integrate` over :data:`DURATION` (the last whole step before it) and the
    three drifts.

    Returns
    -------
    dict
        Everything :func:`integrate` returns, plus ``steps``; ``norm_error`` (n+1,) = ``|q| − 1``;
        ``energy_drift`` (n+1,) = ``T/T₀ − 1``; ``L_drift`` (n+1,) = ``|L − L₀| / |L₀|``; and
        ``max_energy_drift``, ``max_L_drift`` (largest absolute values over the run).
    """
    dt = _v.positive(dt, "dt")
    if dt < DT_MIN:
        raise ValueError(f"dt must be >= {DT_MIN} s in the explorer (it simulates {DURATION:g} s), got {dt!r}")
    _check_choices(update, state)
    steps = max(1, int(math.floor(DURATION / dt + 1e-9)))     # the run ends at most DURATION: drifts compare
    r = integrate(MOMENTS, OMEGA0_WORLD, dt=dt, steps=steps, update=update, state=state)
    L0 = r["L_world"][0]
    r["steps"] = steps
    r["norm_error"] = _q.norm(r["q"]) - 1.0
    r["energy_drift"] = r["energy"] / r["energy"][0] - 1.0
    r["L_drift"] = np.linalg.norm(r["L_world"] - L0, axis=-1) / np.linalg.norm(L0)
    r["max_energy_drift"] = float(np.max(np.abs(r["energy_drift"])))
    r["max_L_drift"] = float(np.max(r["L_drift"]))
    return r


def _title(dt, update, state):
    return f"dt = {float(dt):.3f} s, {STATE_LABELS[state]}, {UPDATE_LABELS[update]}"


def summary(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]) -> str:
    """Two lines: the settings; then ``|q| − 1`` at the end and the largest energy and L drifts."""
    r = compute(dt, update, state)
    return (f"{_title(dt, update, state)}\n"
            f"over {DURATION:g} s: final |q| − 1 {fmt_small(r['norm_error'][-1])}, "
            f"max |T/T₀ − 1| {fmt_small(r['max_energy_drift'])}, "
            f"max |L − L₀|/|L₀| {fmt_small(r['max_L_drift'])}")


def draw(dt=DEFAULTS["dt"], update=DEFAULTS["update"], state=DEFAULTS["state"]):
    """Three panels against time: ``|q| − 1``, ``T/T₀ − 1`` and ``|L − L₀|/|L₀|``. Returns the Figure.

    A panel whose drift stays below :data:`rbteach.explorers.ROUNDING_FLOOR` shows a flat zero and
    says so, instead of autoscaling rounding noise to fill the panel.
    """
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI, PALETTE

    r = compute(dt, update, state)
    t = r["t"]
    fig, axs = plt.subplots(1, 3, figsize=(9, 3.2), dpi=FIGURE_DPI)
    panels = (("norm_error", "|q| − 1", PALETTE["reddish purple"]),
              ("energy_drift", "energy T/T₀ − 1", PALETTE["orange"]),
              ("L_drift", "world L: |L − L₀| / |L₀|", PALETTE["black"]))
    for ax, (key, label, color) in zip(axs, panels):
        y = r[key]
        ax.axhline(0.0, color="0.6", linewidth=0.8)
        if np.max(np.abs(y)) < ROUNDING_FLOOR:           # rounding noise: not a signal
            ax.plot(t, np.zeros_like(t), color=color, linewidth=1.5)
            ax.set_ylim(-1.0, 1.0)
            ax.set_yticks([0.0])
            ax.text(0.5, 0.62, f"0 to rounding\n(|x| < {ROUNDING_FLOOR:.0e})", transform=ax.transAxes,
                    ha="center", va="center", fontsize=10, color="0.3")
        else:
            ax.plot(t, y, color=color, linewidth=1.5)
            ax.ticklabel_format(axis="y", style="sci", scilimits=(-2, 3))
        ax.set_title(label, fontsize=11, pad=14)
        ax.set_xlabel("t (s)", fontsize=10)
        ax.tick_params(labelsize=10)
        ax.grid(alpha=0.3)
    fig.suptitle(_title(dt, update, state), fontsize=11)
    fig.subplots_adjust(left=0.07, right=0.98, bottom=0.16, top=0.8, wspace=0.35)
    return fig


def controls() -> dict:
    """dt (main slider, s), the attitude update, and the state (ω or L)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    buttons = {"description_width": "initial", "button_width": "auto"}
    return {
        "dt": w.FloatSlider(value=DEFAULTS["dt"], min=0.02, max=0.4, step=0.02, readout_format=".2f",
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
