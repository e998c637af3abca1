"""Explorer for notebook 06 (integrating orientation): time step, renormalisation and state → drifts.

Follows the contract of :mod:`rbteach.explorers`. A free asymmetric body (principal moments
:data:`MOMENTS`, initial world angular velocity :data:`OMEGA0_WORLD`) is advanced with seed 002's
update (§4): explicit Euler on the attitude, ``q ← q + ½ (0, ω_world) ⊗ q Δt``
(:func:`rbteach.quaternion.derivative_world`), renormalised or not, with either

* ``state="omega"`` — seed 002's scheme: ω is the state, so a free body keeps a constant ω_world;
* ``state="angular_momentum"`` — L is the state (constant for a free body) and
  ``ω_world = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L))`` after every attitude update
  (:func:`rbteach.body.omega_from_L_principal`, seed 002 §5).

With renormalisation this is exactly :meth:`rbteach.body.RigidBody.step` (tested); the
package's ``RigidBody`` always renormalises, so :func:`integrate` exists to show what happens
without it. The plots are the three drifts: ``|q| − 1``, the energy ``T/T₀ − 1`` and the drift
of the world angular momentum vector ``|L − L₀| / |L₀|``.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _validate as _v
from .. import body as _body
from .. import quaternion as _q
from . import fmt_small

__all__ = ["MOMENTS", "OMEGA0_WORLD", "DURATION", "DT_MIN", "STATE_LABELS", "DEFAULTS",
           "integrate", "compute", "summary", "draw", "controls", "widget"]

#: Principal moments of the free asymmetric body (kg m²); the body axes are its principal axes.
MOMENTS = (1.0, 2.0, 3.0)
#: Initial world angular velocity (rad/s), not along a principal axis, so the body tumbles.
OMEGA0_WORLD = (0.3, 1.0, 0.2)
#: Simulated time span (s).
DURATION = 8.0
#: Smallest time step the explorer accepts (s); keeps ``DURATION/dt`` steps interactive.
DT_MIN = 0.005
#: How the two states are named in the summary and the plots.
STATE_LABELS = {"omega": "ω as state (seed 002)", "angular_momentum": "L as state"}

DEFAULTS = {"dt": 0.1, "renormalize": True, "state": "angular_momentum"}


def _check_flags(renormalize, state):
    if not isinstance(renormalize, (bool, np.bool_)):
        raise ValueError(f"renormalize must be True or False, got {renormalize!r}")
    if state not in _body.STATES:
        raise ValueError(f"state must be one of {_body.STATES}, got {state!r}")


def integrate(moments, omega0_world, *, dt, steps, renormalize=True, state="angular_momentum") -> dict:
    """Seed 002's attitude update (§4) for a free body, renormalised or not, with ω or L as the state.

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
    renormalize : bool
        Divide ``q`` by ``|q|`` after every step (seed 002 §4) or not.
    state : {"angular_momentum", "omega"}
        Which quantity is kept: L (constant for a free body, ω recomputed from the new
        attitude) or ω (seed 002's scheme: constant ω_world).

    Returns
    -------
    dict
        ``t`` (n+1,), ``q`` (n+1, 4) as integrated (its norm drifts when not renormalised),
        ``omega_world`` (n+1, 3), ``L_world`` (n+1, 3) = ``q ⋄ (I_d ⊙ (q⁻¹ ⋄ ω))`` (with the
        attitude ``q/|q|``), ``energy`` (n+1,) = ``½ ω·L``.
    """
    I_d = _v.vector3(moments, "moments", allow_batch=False)
    if np.any(I_d <= 0):
        raise ValueError(f"moments must be positive principal moments, got {I_d.tolist()}")
    w0 = _v.vector3(omega0_world, "omega0_world", allow_batch=False)
    dt = _v.positive(dt, "dt")
    steps = _v.positive_int(steps, "steps")
    _check_flags(renormalize, state)
    q_o = _q.identity()
    q = _q.identity()
    L = _body.L_from_omega_principal(I_d, q_o, q, w0)
    omega = w0
    qs = [q]
    omegas = [omega]
    for _ in range(steps):
        q = q + _q.derivative_world(q, omega) * dt           # seed 002 §4, explicit Euler
        if renormalize:
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


def compute(dt=DEFAULTS["dt"], renormalize=DEFAULTS["renormalize"], state=DEFAULTS["state"]) -> dict:
    """The explorer's numbers: :func:`integrate` over :data:`DURATION` and the three drifts.

    Returns
    -------
    dict
        Everything :func:`integrate` returns, plus ``steps``; ``norm_error`` (n+1,) = ``|q| − 1``;
        ``energy_drift`` (n+1,) = ``T/T₀ − 1``; ``L_drift`` (n+1,) = ``|L − L₀| / |L₀|``.
    """
    dt = _v.positive(dt, "dt")
    if dt < DT_MIN:
        raise ValueError(f"dt must be >= {DT_MIN} s in the explorer (it simulates {DURATION} s), got {dt!r}")
    _check_flags(renormalize, state)
    steps = max(1, int(math.ceil(DURATION / dt - 1e-9)))
    r = integrate(MOMENTS, OMEGA0_WORLD, dt=dt, steps=steps, renormalize=bool(renormalize), state=state)
    L0 = r["L_world"][0]
    r["steps"] = steps
    r["norm_error"] = _q.norm(r["q"]) - 1.0
    r["energy_drift"] = r["energy"] / r["energy"][0] - 1.0
    r["L_drift"] = np.linalg.norm(r["L_world"] - L0, axis=-1) / np.linalg.norm(L0)
    return r


def summary(dt=DEFAULTS["dt"], renormalize=DEFAULTS["renormalize"], state=DEFAULTS["state"]) -> str:
    """One line: the settings and the final drifts ``|q| − 1``, ``T/T₀ − 1`` and ``|L − L₀|/|L₀|``."""
    r = compute(dt, renormalize, state)
    return (f"dt = {float(dt):.3f} s, {STATE_LABELS[state]}, "
            f"{'renormalised' if renormalize else 'not renormalised'}: after {DURATION:g} s "
            f"|q| − 1 {fmt_small(r['norm_error'][-1])}, T/T₀ − 1 {fmt_small(r['energy_drift'][-1])}, "
            f"|L − L₀|/|L₀| {fmt_small(r['L_drift'][-1])}")


def draw(dt=DEFAULTS["dt"], renormalize=DEFAULTS["renormalize"], state=DEFAULTS["state"]):
    """Three panels against time: ``|q| − 1``, ``T/T₀ − 1`` and ``|L − L₀|/|L₀|``. Returns the Figure."""
    import matplotlib.pyplot as plt

    r = compute(dt, renormalize, state)
    t = r["t"]
    fig, axs = plt.subplots(1, 3, figsize=(9, 3.0), dpi=80)
    panels = (("norm_error", "|q| − 1", "tab:purple"),
              ("energy_drift", "energy T/T₀ − 1", "tab:orange"),
              ("L_drift", "world L: |L − L₀| / |L₀|", "k"))
    for ax, (key, label, color) in zip(axs, panels):
        ax.plot(t, r[key], color=color, linewidth=1.5)
        ax.axhline(0.0, color="0.6", linewidth=0.8)
        ax.set_title(label, fontsize=10, pad=14)
        ax.set_xlabel("t (s)")
        ax.ticklabel_format(axis="y", style="sci", scilimits=(-2, 3))
        ax.grid(alpha=0.3)
    fig.suptitle(f"dt = {float(dt):.3f} s, {STATE_LABELS[state]}, "
                 f"{'renormalised' if renormalize else 'NOT renormalised'}", fontsize=11)
    fig.subplots_adjust(left=0.07, right=0.98, bottom=0.16, top=0.8, wspace=0.35)
    return fig


def controls() -> dict:
    """dt (main slider, s), renormalisation on/off, and the state (ω or L)."""
    import ipywidgets as w

    style = {"description_width": "110px"}
    return {
        "dt": w.FloatSlider(value=DEFAULTS["dt"], min=0.02, max=0.4, step=0.02, readout_format=".2f",
                            description="time step dt (s)", continuous_update=False, style=style,
                            layout=w.Layout(width="420px")),
        "renormalize": w.Checkbox(value=DEFAULTS["renormalize"], description="renormalise q every step",
                                  style=style),
        "state": w.ToggleButtons(options=[(STATE_LABELS["omega"], "omega"),
                                          (STATE_LABELS["angular_momentum"], "angular_momentum")],
                                 value=DEFAULTS["state"], description="state", style=style),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
