"""Explorer for notebook 04 (forces and impulses): strike a bat and watch it fly.

A thin bat (a box ``LENGTH × WIDTH × WIDTH`` along the body x axis, :func:`rbteach.inertia.box`)
lies at rest at the origin, grip end at ``x = −L/2``. An impulse of size ``IMPULSE`` in the
x–y plane hits it at a distance ``strike`` from the grip. :class:`rbteach.body.RigidBody` applies
it (``v = J/m``, ``L = r × J``, seed 002 §3) and steps the free flight (§4); the figure is a top view.

Follows the contract of :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia as _inertia
from .. import quaternion as _q
from ..body import RigidBody, omega_from_L_principal

__all__ = ["MASS", "LENGTH", "WIDTH", "IMPULSE", "DURATION", "STEPS", "DEFAULTS",
           "bat", "strike_bat", "grip_velocity", "centre_of_percussion", "compute", "summary",
           "draw_bat_flight", "draw", "controls", "widget"]

MASS = 1.0        #: kg
LENGTH = 1.0      #: m, along the body x axis
WIDTH = 0.04      #: m, the two short edges
IMPULSE = 1.0     #: N s, size of the impulse
DURATION = 0.5    #: s of flight drawn
STEPS = 30        #: RigidBody.step calls over DURATION

#: Default state: hit 0.8 m from the grip, perpendicular to the bat.
DEFAULTS = {"strike": 0.8, "direction_deg": 90.0}


def bat():
    """``(mass, inertia)`` of the bat: ``inertia.box(MASS, LENGTH, WIDTH, WIDTH)`` (long axis x)."""
    return MASS, _inertia.box(MASS, LENGTH, WIDTH, WIDTH)


def _impulse(direction_deg):
    a = np.radians(_v.finite_scalar(direction_deg, "direction_deg"))
    return IMPULSE * np.array([np.cos(a), np.sin(a), 0.0])


def _strike_point(strike):
    s = _v.finite_scalar(strike, "strike")
    if not 0.0 <= s <= LENGTH:
        raise ValueError(f"strike must be between 0 and LENGTH = {LENGTH} m (distance from the grip), got {s!r}")
    return np.array([s - 0.5 * LENGTH, 0.0, 0.0])


def strike_bat(strike, direction_deg=90.0) -> RigidBody:
    """A resting bat (``RigidBody``) just after the impulse at ``strike`` m from the grip.

    The impulse ``J = IMPULSE (cos a, sin a, 0)`` (``a = direction_deg``) acts at the world point
    ``p = (strike − L/2, 0, 0)``: ``v = J/m`` and ``L = (p − x) × J`` (seed 002 §3.3.2).
    """
    m, inertia = bat()
    body = RigidBody(m, inertia)
    body.apply_impulse(_impulse(direction_deg), point=_strike_point(strike))
    return body


def grip_velocity(body: RigidBody) -> np.ndarray:
    """Velocity of the grip end ``v + ω × (g − x)``, with ``g − x = R (−L/2, 0, 0)``, shape (3,)."""
    r = _q.rotate(body.orientation, np.array([-0.5 * LENGTH, 0.0, 0.0]))
    return body.velocity + np.cross(body.angular_velocity, r)


def centre_of_percussion() -> float:
    """Distance from the grip of the strike point that leaves the grip at rest: ``L/2 + I_zz / (m L/2)``.

    For a thin uniform rod ``I_zz = m L²/12`` and this is ``2L/3``; the box's width adds a little.
    """
    m, inertia = bat()
    return 0.5 * LENGTH + inertia[2, 2] / (m * 0.5 * LENGTH)


def compute(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]) -> dict:
    """Strike the bat, then fly it for ``DURATION`` with ``STEPS`` calls of ``RigidBody.step``.

    Returns
    -------
    dict
        ``J`` (3,), ``point`` (3,) strike point, ``v`` (3,) centre-of-mass velocity, ``omega`` (3,)
        world angular velocity, ``grip_velocity`` (3,), ``t`` (STEPS+1,), ``x`` (STEPS+1, 3) centre
        of mass, ``q`` (STEPS+1, 4) attitudes, ``cop`` (float, distance of the centre of percussion
        from the grip), ``strikes`` (41,) and ``grip_speeds`` (41,) the grip speed just after a hit
        at each strike distance (same direction).
    """
    body = strike_bat(strike, direction_deg)
    J = _impulse(direction_deg)
    out = {"J": J, "point": _strike_point(strike), "v": body.velocity, "omega": body.angular_velocity,
           "grip_velocity": grip_velocity(body)}
    dt = DURATION / STEPS
    xs, qs = [body.position], [body.orientation]
    for _ in range(STEPS):
        body.step(dt)
        xs.append(body.position)
        qs.append(body.orientation)
    out["t"] = np.linspace(0.0, DURATION, STEPS + 1)
    out["x"] = np.array(xs)
    out["q"] = np.array(qs)
    out["cop"] = centre_of_percussion()
    # The grip speed for 41 strike points at once: the same seed 002 §3.3.2 update, vectorised
    # (v = J/m, L = r × J, ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L)) with the resting attitude q_r = 1).
    strikes = np.linspace(0.0, LENGTH, 41)
    r = np.zeros((41, 3))
    r[:, 0] = strikes - 0.5 * LENGTH
    omegas = omega_from_L_principal(body.principal_moments, body.q_o, _q.identity(), np.cross(r, J))
    grip = np.array([-0.5 * LENGTH, 0.0, 0.0])
    out["strikes"] = strikes
    out["grip_speeds"] = np.linalg.norm(J / body.mass + np.cross(omegas, grip), axis=-1)
    return out


def _fmt(v, d=3):
    v = np.round(np.asarray(v, dtype=float), d) + 0.0  # + 0.0 turns -0.0 into 0.0
    return "(" + ", ".join(f"{c:.{d}f}" for c in v) + ")"


def summary(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]) -> str:
    """One line: strike distance, ``v_com``, ``ω`` and the grip-end velocity just after the hit."""
    r = compute(strike, direction_deg)
    return (f"strike {float(strike):.2f} m from grip: v_com = {_fmt(r['v'])} m/s, "
            f"ω = {_fmt(r['omega'])} rad/s, grip-end velocity = {_fmt(r['grip_velocity'])} m/s")


def draw_bat_flight(ax, r, n_snapshots=5):
    """Top view (x–y) of one flight ``r`` from :func:`compute` on ``ax``: the bat at a few times,
    the grip end's path, the impulse arrow and the centre of percussion. Returns ``ax``."""
    half = np.array([0.5 * LENGTH, 0.0, 0.0])
    idx = np.linspace(0, len(r["t"]) - 1, n_snapshots).round().astype(int)
    grip = r["x"] + _q.rotate(r["q"], -half)
    tip = r["x"] + _q.rotate(r["q"], half)
    for k, i in enumerate(idx):
        alpha = 0.25 + 0.75 * (1 - k / max(len(idx) - 1, 1))
        ax.plot([grip[i, 0], tip[i, 0]], [grip[i, 1], tip[i, 1]], color="tab:brown", linewidth=4,
                alpha=alpha, solid_capstyle="round")
        ax.plot(*grip[i, :2], "o", color="k", markersize=4, alpha=alpha)
    ax.plot(grip[:, 0], grip[:, 1], ":", color="k", linewidth=1, label="grip end path")
    ax.plot(r["x"][:, 0], r["x"][:, 1], "--", color="tab:blue", linewidth=1, label="centre of mass path")
    p, J = r["point"], r["J"]
    ax.annotate("", xy=p[:2], xytext=(p - 0.35 * J / IMPULSE)[:2],
                arrowprops={"arrowstyle": "->", "color": "tab:red", "linewidth": 2})
    ax.plot(r["cop"] - 0.5 * LENGTH, 0.0, "*", color="gold", markeredgecolor="k", markersize=11,
            label="centre of percussion")
    ax.set_aspect("equal")
    ax.set_xlim(-1.05, 1.05)
    ax.set_ylim(-0.5, 1.1)
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    return ax


def draw(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]):
    """Left: top view of the struck bat over ``DURATION`` (earlier = darker). Right: grip speed just
    after the hit against the strike distance, the current one marked. Returns the Figure."""
    import matplotlib.pyplot as plt

    r = compute(strike, direction_deg)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(8.5, 3.8), dpi=80, width_ratios=(1.25, 1))
    draw_bat_flight(ax, r)
    ax.legend(loc="upper left", fontsize=7)
    ax.set_title(f"hit {float(strike):.2f} m from the grip, {float(direction_deg):.0f}°, "
                 f"{DURATION:.1f} s of flight", fontsize=9)
    bx.plot(r["strikes"], r["grip_speeds"], color="0.3")
    bx.plot(float(strike), np.linalg.norm(r["grip_velocity"]), "o", color="tab:red", markersize=8)
    bx.axvline(r["cop"], color="gold", linestyle="--", label=f"centre of percussion {r['cop']:.3f} m")
    bx.set_xlabel("strike distance from the grip (m)")
    bx.set_ylabel("grip speed just after (m/s)")
    bx.set_ylim(0, None)
    bx.legend(fontsize=7)
    bx.set_title("the sting in your hands", fontsize=9)
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.14, top=0.9, wspace=0.25)
    return fig


def controls() -> dict:
    """Strike distance from the grip (main slider, m), then the impulse direction (degrees from the bat's axis)."""
    import ipywidgets as w

    style = {"description_width": "140px"}
    layout = w.Layout(width="440px")
    return {
        "strike": w.FloatSlider(value=DEFAULTS["strike"], min=0.0, max=LENGTH, step=0.02,
                                description="strike from grip (m)", continuous_update=False,
                                style=style, layout=layout),
        "direction_deg": w.FloatSlider(value=DEFAULTS["direction_deg"], min=0.0, max=180.0, step=5.0,
                                       description="direction (°)", continuous_update=False,
                                       style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
