"""Explorer for notebook 10 (collisions): a rod hits the floor — restitution, friction, angle, spin.

A rod (a box ``LENGTH × WIDTH × WIDTH`` along its body x axis, :func:`rbteach.inertia.box`) falls
in the x–z plane with its centre of mass moving at ``(0, 0, −SPEED)`` and spinning at ``ω_y``; at
``t = 0`` its lower end touches the floor ``z = 0`` with the rod at ``tilt_deg`` to the floor.
:func:`rbteach.contact.collide` applies the contact impulse (restitution ``e``, Coulomb friction
``μ``) to the :class:`rbteach.body.RigidBody`, and the rod flies on until an end touches the floor
again (or for ``TIME_AFTER``).

The free flight is exact: gravity acts at the centre of mass (``x(t) = x + v t + ½ g t²``) and
the rod turns about its principal axis y with constant ``ω_y`` (torque-free rotation about a
principal axis; the impulse ``J`` and the lever arm ``r`` lie in the x–z plane, so ``r × J`` is
along y), ``q(t) = from_axis_angle(y, ω_y t) ⊗ q``.

Follows the contract of :mod:`rbteach.explorers`, with :func:`scene` for the live explorer
(:func:`rbteach.explorers.live.live`); a frame's :func:`summary` and :func:`scene` share one
:func:`compute` (remembered for the last few values).
"""

from __future__ import annotations

import copy
import functools

import numpy as np

from .. import _validate as _v
from .. import contact as _contact
from .. import inertia as _inertia
from .. import quaternion as _q
from ..body import RigidBody
from . import cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["MASS", "LENGTH", "WIDTH", "SPEED", "GRAVITY", "TIME_BEFORE", "TIME_AFTER", "DEFAULTS",
           "rod", "falling_rod", "flight", "compute", "summary", "draw", "scene", "controls", "widget"]

MASS = 1.0          #: kg
LENGTH = 1.0        #: m, along the body x axis
WIDTH = 0.04        #: m, the two short edges
SPEED = 3.0         #: m/s, the centre of mass's downward speed at the impact
GRAVITY = 9.81      #: m/s², along −z
TIME_BEFORE = 0.2   #: s of flight drawn before the impact
TIME_AFTER = 0.6    #: s of flight drawn after it at most (until an end touches the floor again)
SAMPLES = 121       #: samples of the flight after the impact (every 5 ms); 41 before
N_E = 41            #: restitutions of the energy curves (0 … 1)

#: Default state: e = 0.6, μ = 0.3, the rod at 30° to the floor, no spin.
DEFAULTS = {"e": 0.6, "mu": 0.3, "tilt_deg": 30.0, "spin": 0.0}
#: Units of the sliders whose labels name none (live.py's aria-valuetext): e and μ are pure numbers.
UNITS = {"e": "", "mu": ""}

_Y = np.array([0.0, 1.0, 0.0])
_DOWN = np.array([0.0, 0.0, -GRAVITY])


def rod():
    """``(mass, inertia)`` of the rod: ``inertia.box(MASS, LENGTH, WIDTH, WIDTH)`` (long axis x)."""
    return MASS, _inertia.box(MASS, LENGTH, WIDTH, WIDTH)


def falling_rod(tilt_deg, spin, speed=SPEED) -> RigidBody:
    """The rod at the moment its lower end touches the floor at the origin: its axis
    ``u = (cos θ, 0, sin θ)`` (``θ = tilt_deg``, attitude ``q_r = from_axis_angle(y, −θ)``), centre
    of mass at ``(L/2) u``, velocity ``(0, 0, −speed)``, angular velocity ``(0, spin, 0)``."""
    key = (tilt_deg, spin, speed)
    if all(isinstance(k, (int, float)) and not isinstance(k, bool) for k in key):
        return copy.deepcopy(_rod_at_impact(*(float(k) for k in key)))     # a copy: the caller may change it
    return _make_rod(tilt_deg, spin, speed)


def _make_rod(tilt_deg, spin, speed):
    th = np.radians(_v.finite_scalar(tilt_deg, "tilt_deg"))
    spin, speed = _v.finite_scalar(spin, "spin"), _v.finite_scalar(speed, "speed")
    q = _q.from_axis_angle(_Y, -th)
    u = _q.rotate(q, [1.0, 0.0, 0.0])
    m, I = rod()
    return RigidBody(m, I, position=0.5 * LENGTH * u, orientation=q, velocity=[0.0, 0.0, -speed],
                     angular_velocity=[0.0, spin, 0.0])


@functools.lru_cache(maxsize=8)
def _rod_at_impact(tilt_deg, spin, speed):
    """:func:`falling_rod`, made once per (angle, spin, speed) and never changed: a drag of e or μ
    copies it (~0.02 ms) instead of building a ``RigidBody`` with its checks (~1.5 ms)."""
    return _make_rod(tilt_deg, spin, speed)


@functools.lru_cache(maxsize=8)
def _before_impact(mu, tilt_deg, spin) -> dict:
    """The part of :func:`compute` that does not depend on the restitution e (the main control): the
    state before the impact, its flight, and the energy curves over every e (read-only arrays)."""
    body = _rod_at_impact(tilt_deg, spin, SPEED)          # read, never changed
    p = np.zeros(3)
    n = np.array([0.0, 0.0, 1.0])
    r = p - body.position
    out = {"v": body.velocity, "omega": body.angular_velocity, "T_before": body.kinetic_energy,
           "end_before": body.velocity + np.cross(body.angular_velocity, r)}
    out["before"] = flight(body, np.linspace(-TIME_BEFORE, 0.0, 41))
    # the energy curves: every restitution at once (rbteach.contact is vectorised)
    K = _contact.collision_matrix(body.mass, _contact.inverse_inertia_world(body.inertia_body, body.orientation), r)
    v_rel = out["end_before"]
    e_grid = np.linspace(0.0, 1.0, N_E)
    J = _contact.contact_impulse(v_rel, n, K, e_grid, mu).J
    v1 = body.velocity + J / body.mass
    L1 = body.angular_momentum + np.cross(r, J)
    w1 = L1 @ np.linalg.inv(body.inertia_world).T
    Tt = 0.5 * body.mass * np.einsum("ij,ij->i", v1, v1)
    Tr = 0.5 * np.einsum("ij,ij->i", w1, L1)
    T0 = out["T_before"]
    out.update(e_grid=e_grid, T_total=(Tt + Tr) / T0, T_trans=Tt / T0, T_rot=Tr / T0)
    for val in list(out.values()) + list(out["before"].values()):
        if isinstance(val, np.ndarray):
            val.setflags(write=False)
    return out


def flight(body: RigidBody, t) -> dict:
    """Exact free flight of ``body`` (rotating about the world y axis) at times ``t`` (n,):
    ``x`` (n, 3) centre of mass, ``q`` (n, 4), ``low``/``high`` (n, 3) the ends ``x ∓ (L/2) R e_x``."""
    t = np.asarray(t, dtype=float)
    x = body.position + t[:, None] * body.velocity + 0.5 * t[:, None] ** 2 * _DOWN
    w = body.angular_velocity
    q = _q.multiply(_q.from_axis_angle(_Y, w[1] * t), body.orientation)
    half = _q.rotate(q, [0.5 * LENGTH, 0.0, 0.0])
    return {"t": t, "x": x, "q": q, "low": x - half, "high": x + half}


def _checked(e, mu, tilt_deg, spin):
    e = _v.finite_scalar(e, "e")
    if not 0.0 <= e <= 1.0:
        raise ValueError(f"e (the restitution) must be between 0 and 1, got {e:g}")
    mu = _v.finite_scalar(mu, "mu")
    if mu < 0:
        raise ValueError(f"mu (the friction coefficient) must be >= 0, got {mu:g}")
    tilt = _v.finite_scalar(tilt_deg, "tilt_deg")
    if not 5.0 <= tilt <= 90.0:
        raise ValueError(f"tilt_deg must be between 5° and 90° (one end touching first), got {tilt:g}")
    spin = _v.finite_scalar(spin, "spin")
    end_vz = -SPEED + spin * 0.5 * LENGTH * np.cos(np.radians(tilt))
    if not end_vz < 0:
        raise ValueError("The lower end moves up as it touches the floor: there is no impact.")
    return e, mu, tilt, spin


def compute(e=DEFAULTS["e"], mu=DEFAULTS["mu"], tilt_deg=DEFAULTS["tilt_deg"], spin=DEFAULTS["spin"]) -> dict:
    """The bounce of the rod for restitution ``e``, friction ``mu``, angle ``tilt_deg`` and spin ``ω_y``.

    Returns
    -------
    dict
        ``before``/``after``: :func:`flight` dicts (the flight up to the impact, and after it until
        an end touches the floor again or ``TIME_AFTER``); ``impulse``: the
        :class:`rbteach.contact.ContactImpulse`; ``v``, ``omega`` (3,) before and ``v_after``,
        ``omega_after`` (3,); ``end_before``, ``end_after`` (3,) the lower end's velocity;
        ``T_before``, ``T_after`` kinetic energies (J); ``next_contact`` (float or None: the time an
        end touches the floor again, to the 5-ms sample; None if not within ``TIME_AFTER``);
        ``stays`` (bool: the end does not leave the floor, which is when e = 0: Newton's law
        leaves it no upward speed, whether it sticks or slides);
        ``e_grid`` (N_E,) and ``T_total``, ``T_trans``, ``T_rot`` (N_E,) the energy after the impact
        as a fraction of the energy before, for each restitution at this μ, angle and spin.
        Arrays are read-only (shared by a frame's summary and scene).
    """
    e, mu, tilt, spin = _checked(e, mu, tilt_deg, spin)
    return _bounce(e=e, mu=mu, tilt_deg=tilt, spin=spin)


@cached
def _bounce(*, e, mu, tilt_deg, spin) -> dict:
    body = falling_rod(tilt_deg, spin)
    p = np.zeros(3)
    n = np.array([0.0, 0.0, 1.0])
    r = p - body.position
    out = dict(_before_impact(mu, tilt_deg, spin))          # what e does not change, shared by a drag of e
    out["impulse"] = _contact.collide(body, p, n, e=e, mu=mu)
    out["v_after"], out["omega_after"] = body.velocity, body.angular_velocity
    out["end_after"] = body.velocity + np.cross(body.angular_velocity, r)
    out["T_after"] = body.kinetic_energy
    out["stays"] = bool(out["end_after"][2] < 1e-9)
    after = flight(body, np.linspace(0.0, TIME_AFTER, SAMPLES))
    lowest = np.minimum(after["low"][:, 2], after["high"][:, 2])
    below = np.nonzero(lowest[1:] < -1e-9)[0]
    if out["stays"]:
        k, out["next_contact"] = 1, 0.0
    elif below.size:
        k = below[0] + 1                                  # the first sample at or past the next contact
        out["next_contact"] = float(after["t"][k])
    else:
        k, out["next_contact"] = SAMPLES, None
    out["after"] = {key: val[:k] for key, val in after.items()}
    for val in list(out.values()) + list(out["before"].values()) + list(out["after"].values()):
        if isinstance(val, np.ndarray):
            val.setflags(write=False)
    return out


def _fmt(v, d=3):
    v = np.round(np.asarray(v, dtype=float), d) + 0.0  # + 0.0 turns -0.0 into 0.0
    return "(" + ", ".join(f"{c:.{d}f}" for c in v) + ")"


def _num(x, d=3):
    return f"{round(float(x), d) + 0.0:.{d}f}"


def summary(e=DEFAULTS["e"], mu=DEFAULTS["mu"], tilt_deg=DEFAULTS["tilt_deg"], spin=DEFAULTS["spin"]) -> str:
    """Four lines: the impulse (sticking or sliding), the motion after, the lower end's velocity,
    the energy and the next contact."""
    r = compute(e=e, mu=mu, tilt_deg=tilt_deg, spin=spin)
    imp = r["impulse"]
    jt = float(np.linalg.norm(imp.tangential))
    if imp.sticking:
        how = f"sticks: |J_t| = {_num(jt)} ≤ μ J_n = {_num(float(mu) * imp.normal)}"
    else:
        how = f"slides: |J_t| = μ J_n = {_num(jt)}"
    if r["stays"]:
        nxt = "the end stays on the floor"
    elif r["next_contact"] is None:
        nxt = f"no contact within {TIME_AFTER:.1f} s"
    else:
        nxt = f"next contact at t ≈ {r['next_contact']:.3f} s"
    lost = 100.0 * (1.0 - r["T_after"] / r["T_before"])
    change = f"{lost:.1f} % lost" if round(lost, 1) >= 0 else f"{-lost:.1f} % gained!"
    return (f"impulse J = {_fmt(imp.J)} N s; the end {how} N s\n"
            f"after: v = {_fmt(r['v_after'])} m/s, ω_y = {_num(r['omega_after'][1])} rad/s "
            f"(before {_num(r['omega'][1])})\n"
            f"lower end: {_fmt(r['end_before'])} → {_fmt(r['end_after'])} m/s\n"
            f"kinetic energy {_num(r['T_before'])} J → {_num(r['T_after'])} J ({change}); {nxt}")


#: Colours (keys of plotting.PALETTE, or a grey): the rod before and at the impact, after, the impulse, paths.
COLOURS = {"before": "0.6", "impact": "0.0", "after": "blue", "impulse": "vermillion", "end": "bluish green"}

#: Limits of the side view (m) and of the energy panel (fraction of the energy before).
SIDE_XLIM, SIDE_ZLIM = (-0.9, 2.4), (-0.15, 1.75)
ENERGY_YLIM = (0.0, 1.5)
N_BEFORE, N_AFTER = 3, 5          # snapshots of the rod before and after the impact
J_SCALE = 0.2                     # m of arrow per N s of impulse


def _colour(part):
    from ..plotting import PALETTE

    c = COLOURS[part]
    return PALETTE.get(c, c)


def _grey(level) -> str:
    v = round(255 * float(level))
    return f"#{v:02x}{v:02x}{v:02x}"


def _side_geometry(r) -> dict:
    """What the side view shows (shared by :func:`draw` and :func:`scene`): snapshots of the rod
    (lists of (2, 2) x–z segments) before, at and after the impact; the centre-of-mass and lower-end
    paths; the impulse arrow (tail, head) at the contact point."""
    b, a = r["before"], r["after"]
    seg = lambda f, i: np.array([[f["low"][i, 0], f["low"][i, 2]], [f["high"][i, 0], f["high"][i, 2]]])
    nb = len(b["t"])
    before = [seg(b, i) for i in np.linspace(0, nb - 1, N_BEFORE + 1).round().astype(int)[:-1]]
    na = len(a["t"])
    after = [seg(a, i) for i in np.unique(np.linspace(0, na - 1, N_AFTER + 1).round().astype(int))[1:]]
    J = r["impulse"].J
    tail = np.zeros(2)                                 # the floor pushes at the contact point (the origin)
    head = tail + J_SCALE * np.array([J[0], J[2]])
    return {"before": before, "impact": seg(b, nb - 1), "after": after,
            "com": np.vstack([b["x"][:, [0, 2]], a["x"][1:, [0, 2]]]),
            "end": np.vstack([b["low"][:, [0, 2]], a["low"][1:, [0, 2]]]),
            "tail": tail, "head": head}


def _title_side(r, e, mu, tilt_deg, spin) -> str:
    return f"e = {float(e):.2f}, μ = {float(mu):.2f}, {float(tilt_deg):.0f}° to the floor, ω_y = {float(spin):.1f} rad/s"


def draw(e=DEFAULTS["e"], mu=DEFAULTS["mu"], tilt_deg=DEFAULTS["tilt_deg"], spin=DEFAULTS["spin"]):
    """Left: side view (x–z) of the rod before (grey), at (black) and after (blue) the impact, the
    centre of mass's path dashed, the lower end's dotted, the impulse at the contact. Right: the
    kinetic energy after the impact (total, translation, rotation, as fractions of the energy
    before) against e, at this μ, angle and spin; the current e marked. Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI

    r = compute(e=e, mu=mu, tilt_deg=tilt_deg, spin=spin)
    g = _side_geometry(r)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(9.0, 4.4), dpi=FIGURE_DPI, width_ratios=(1.35, 1))
    ax.axhline(0.0, color="0.45", linewidth=2.5)
    for s in g["before"]:
        ax.plot(s[:, 0], s[:, 1], color=_colour("before"), linewidth=4, solid_capstyle="round")
    for s in g["after"]:
        ax.plot(s[:, 0], s[:, 1], color=_colour("after"), linewidth=4, solid_capstyle="round")
    s = g["impact"]
    ax.plot(s[:, 0], s[:, 1], color=_colour("impact"), linewidth=4, solid_capstyle="round", label="rod at the impact")
    ax.plot(*g["com"].T, "--", color="0.3", linewidth=1.2, label="centre of mass path")
    ax.plot(*g["end"].T, ":", color=_colour("end"), linewidth=2, label="lower end path")
    if np.linalg.norm(g["head"] - g["tail"]) > 1e-9:
        ax.annotate("", xy=g["head"], xytext=g["tail"],
                    arrowprops={"arrowstyle": "->", "color": _colour("impulse"), "linewidth": 2.5})
    ax.plot([], [], color=_colour("impulse"), linewidth=2.5, label="impulse J")
    ax.set_aspect("equal")
    ax.set_xlim(*SIDE_XLIM)
    ax.set_ylim(*SIDE_ZLIM)
    ax.set_xlabel("x (m)")
    ax.set_ylabel("z (m)")
    ax.legend(loc="upper right", fontsize=10, handlelength=1.6, borderpad=0.3, labelspacing=0.25)
    ax.set_title(_title_side(r, e, mu, tilt_deg, spin), fontsize=10)

    bx.plot(r["e_grid"], np.minimum(r["T_total"], ENERGY_YLIM[1]), color="k", label="total")
    bx.plot(r["e_grid"], np.minimum(r["T_trans"], ENERGY_YLIM[1]), "--", color=_colour("after"), label="translation")
    bx.plot(r["e_grid"], np.minimum(r["T_rot"], ENERGY_YLIM[1]), ":", color=_colour("impulse"), label="rotation")
    bx.plot([float(e)], [r["T_after"] / r["T_before"]], "o", color="k", markersize=7)
    bx.set_xlim(0.0, 1.0)
    bx.set_ylim(*ENERGY_YLIM)
    bx.set_xlabel("restitution e")
    bx.set_ylabel("kinetic energy after / before")
    bx.legend(loc="upper left", fontsize=10)
    bx.set_title("energy after the impact", fontsize=11)
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.12, top=0.92, wspace=0.22)
    return fig


# The live page (rbteach/explorers/live.js): an xy panel's plot box is its share of LIVE_SIZE's width
# less PAGE_MARGINS[0] px and the height less PAGE_MARGINS[1] px. The side view's share keeps one
# metre as long across as up.
LIVE_SIZE, PAGE_MARGINS = CANVAS_SIZE, PANEL_MARGINS


def _live_layout():
    """(side-view weight, energy-panel weight)."""
    W, H = LIVE_SIZE
    px_per_m = (H - PAGE_MARGINS[1]) / (SIDE_ZLIM[1] - SIDE_ZLIM[0])
    side = px_per_m * (SIDE_XLIM[1] - SIDE_XLIM[0]) + PAGE_MARGINS[0]
    return side, W - side


def scene(e=DEFAULTS["e"], mu=DEFAULTS["mu"], tilt_deg=DEFAULTS["tilt_deg"], spin=DEFAULTS["spin"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`."""
    from .live import series, xy

    r = compute(e=e, mu=mu, tilt_deg=tilt_deg, spin=spin)
    g = _side_geometry(r)
    w_side, w_energy = _live_layout()
    floor = series(SIDE_XLIM, [0.0, 0.0], color=_grey(0.45), width=3.0)
    side = [floor]
    side += [series(s[:, 0], s[:, 1], color=_grey(0.6), width=5.0) for s in g["before"]]
    side += [series(s[:, 0], s[:, 1], color=_colour("after"), width=5.0) for s in g["after"]]
    s = g["impact"]
    side.append(series(s[:, 0], s[:, 1], color="#000000", width=5.0, label="rod at the impact"))
    side.append(series(*g["com"].T, color=_grey(0.3), dash="--", width=1.5, label="centre of mass path"))
    side.append(series(*g["end"].T, color=_colour("end"), dash=":", width=2.0, label="lower end path"))
    tail, head = g["tail"], g["head"]
    size = np.linalg.norm(head - tail)
    if size > 1e-9:
        d = (head - tail) / size
        nrm = np.array([-d[1], d[0]])
        barbs = np.array([head - 0.07 * d + 0.04 * nrm, head, head - 0.07 * d - 0.04 * nrm])
        arrow = np.vstack([tail, head, [np.nan, np.nan], barbs])
        side.append(series(arrow[:, 0], arrow[:, 1], color=_colour("impulse"), width=2.5, label="impulse J"))
    left = xy(side, xlim=SIDE_XLIM, ylim=SIDE_ZLIM, title=_title_side(r, e, mu, tilt_deg, spin),
              xlabel="x (m)", ylabel="z (m)", width=w_side)
    top = ENERGY_YLIM[1]
    energy = [series(r["e_grid"], np.minimum(r["T_total"], top), color="#000000", label="total"),
              series(r["e_grid"], np.minimum(r["T_trans"], top), color=_colour("after"), dash="--", label="translation"),
              series(r["e_grid"], np.minimum(r["T_rot"], top), color=_colour("impulse"), dash=":", label="rotation"),
              series([float(e)], [r["T_after"] / r["T_before"]], color="#000000", marker=True)]
    right = xy(energy, xlim=(0.0, 1.0), ylim=ENERGY_YLIM, title="energy after the impact",
               xlabel="restitution e", ylabel="kinetic energy after / before", width=w_energy)
    return {"panels": [left, right]}


def controls() -> dict:
    """Restitution e (main slider), friction μ, the rod's angle to the floor, its spin before."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="460px")
    return {
        "e": w.FloatSlider(value=DEFAULTS["e"], min=0.0, max=1.0, step=0.002, description="restitution e",
                           readout_format=".3f",
                           continuous_update=False, style=style, layout=layout),
        "mu": w.FloatSlider(value=DEFAULTS["mu"], min=0.0, max=1.0, step=0.05, description="friction μ",
                            continuous_update=False, style=style, layout=layout),
        "tilt_deg": w.FloatSlider(value=DEFAULTS["tilt_deg"], min=5.0, max=90.0, step=5.0,
                                  description="rod's angle to the floor (°)", continuous_update=False,
                                  style=style, layout=layout),
        "spin": w.FloatSlider(value=DEFAULTS["spin"], min=-5.0, max=5.0, step=0.5,
                              description="spin ω_y before the impact (rad/s)", continuous_update=False,
                              style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
