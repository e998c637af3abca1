"""Explorer for notebook 04 (forces and impulses): strike a bat and watch it fly.

A thin bat (a box ``LENGTH × WIDTH × WIDTH`` along the body x axis, :func:`rbteach.inertia.box`)
lies at rest at the origin, grip end at ``x = −L/2``. An impulse of size ``IMPULSE`` in the
x–y plane hits it at a distance ``strike`` from the grip. :class:`rbteach.body.RigidBody` applies
it (``v = J/m``, ``L = r × J``, the forces-and-impulses article, §3 力の適用) and steps the free
flight (§4 更新); the figure's left panel is a top view. Its right panel is the grip's velocity across
the bat just after the blow against the strike point, with its sign (negative: the grip is knocked
backwards, against the sideways part of the blow): a straight line through zero at the centre of
percussion (:func:`rbteach.percussion.transverse_velocity`), the strike points beyond it shaded.

The strike slider moves in steps of ``STRIKE_STEP`` and snaps to the centre of percussion
(:func:`centre_of_percussion`, 0.6669 m from the grip) within ``SNAP_RADIUS`` of it, so that a student
can put the hit exactly there and see the grip's velocity just after the blow vanish. :func:`compute`
snaps too (:func:`snap_strike`), so the live explorer, whose page sends the slider's raw value on
the slider's grid, shows the same hit as the ipywidgets slider.

Follows the contract of :mod:`rbteach.explorers`, with :func:`scene` for the live explorer
(:func:`rbteach.explorers.live.live`); a frame's :func:`summary` and :func:`scene` share one
:func:`compute` (remembered for the last few values).
"""

from __future__ import annotations

import copy
import functools

import numpy as np

from .. import _validate as _v
from .. import dynamics as _dyn
from .. import inertia as _inertia
from .. import quaternion as _q
from ..body import RigidBody, omega_from_L_principal
from . import cached
from .live import CANVAS_SIZE, PANEL_MARGINS

__all__ = ["MASS", "LENGTH", "WIDTH", "IMPULSE", "DURATION", "STEPS", "STRIKE_STEP", "SNAP_RADIUS", "DEFAULTS",
           "bat", "strike_bat", "grip_velocity", "centre_of_percussion", "snap_strike", "compute", "summary",
           "draw_bat_flight", "draw", "scene", "controls", "widget"]

MASS = 1.0        #: kg
LENGTH = 1.0      #: m, along the body x axis
WIDTH = 0.04      #: m, the two short edges
IMPULSE = 1.0     #: N s, size of the impulse
DURATION = 0.5    #: s of flight drawn
STEPS = 30        #: RigidBody.step calls over DURATION
STRIKE_STEP = 0.002  #: m, step of the strike slider (fine: a drag shows a new hit at every frame)
SNAP_RADIUS = 0.005  #: m, the strike snaps to the centre of percussion within this distance

#: Default state: hit 0.8 m from the grip, perpendicular to the bat.
DEFAULTS = {"strike": 0.8, "direction_deg": 90.0}


def bat():
    """``(mass, inertia)`` of the bat: ``inertia.box(MASS, LENGTH, WIDTH, WIDTH)`` (long axis x)."""
    return MASS, _inertia.box(MASS, LENGTH, WIDTH, WIDTH)


def _impulse(direction_deg):
    a = np.radians(_v.finite_scalar(direction_deg, "direction_deg"))
    J = IMPULSE * np.array([np.cos(a), np.sin(a), 0.0])
    J[np.abs(J) < 1e-12 * IMPULSE] = 0.0      # along the bat (0°, 180°): no sideways rounding residue
    return J


def _strike_point(strike):
    s = _v.finite_scalar(strike, "strike")
    if not 0.0 <= s <= LENGTH:
        raise ValueError(f"strike must be between 0 and LENGTH = {LENGTH} m (distance from the grip), got {s!r}")
    return np.array([s - 0.5 * LENGTH, 0.0, 0.0])


def strike_bat(strike, direction_deg=90.0) -> RigidBody:
    """A resting bat (``RigidBody``) just after the impulse at ``strike`` m from the grip.

    The impulse ``J = IMPULSE (cos a, sin a, 0)`` (``a = direction_deg``) acts at the world point
    ``p = (strike − L/2, 0, 0)``: ``v = J/m`` and ``L = (p − x) × J`` (the forces-and-impulses
    article, §3.3.2).
    """
    body = copy.deepcopy(_resting_bat())
    body.apply_impulse(_impulse(direction_deg), point=_strike_point(strike))
    return body


@functools.lru_cache(maxsize=1)
def _resting_bat() -> RigidBody:
    """The bat at rest, made once: :func:`strike_bat` strikes a copy of it (a copy costs ~0.02 ms,
    building a ``RigidBody`` with its checks ~1.3 ms of a live frame's ~4 ms). Never changed."""
    return RigidBody(*bat())


def grip_velocity(body: RigidBody) -> np.ndarray:
    """Velocity of the grip end ``v + ω × (g − x)``, with ``g − x = R (−L/2, 0, 0)``, shape (3,)."""
    r = _q.rotate(body.orientation, np.array([-0.5 * LENGTH, 0.0, 0.0]))
    return body.velocity + np.cross(body.angular_velocity, r)


def centre_of_percussion() -> float:
    """Distance from the grip of the strike point after which the grip's velocity is zero (just
    after the blow; the grip moves afterwards): ``L/2 + I_zz / (m L/2)``.

    For a thin uniform rod ``I_zz = m L²/12`` and this is ``2L/3``; the box's width adds
    ``WIDTH²/(6 L)`` (0.6669 m for this bat).
    """
    m, inertia = bat()
    return 0.5 * LENGTH + inertia[2, 2] / (m * 0.5 * LENGTH)


def snap_strike(strike) -> float:
    """``strike``, or the centre of percussion exactly when ``strike`` is within ``SNAP_RADIUS``
    of it (what the slider does, so that the point can be reached)."""
    s = _v.finite_scalar(strike, "strike")
    cop = centre_of_percussion()
    return cop if abs(s - cop) < SNAP_RADIUS else s


def compute(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]) -> dict:
    """Strike the bat ``strike`` m from the grip (snapped by :func:`snap_strike`), then fly it for
    ``DURATION`` in ``STEPS`` explicit-Euler steps. ``direction_deg`` is in [0°, 180°] (the slider's
    range; outside it ValueError), so the blow's sideways part is along +y.

    The flight is torque-free and its spin axis z is a principal axis of the bat (``L = r × J`` is
    along z for every strike point on the bat's axis and every impulse in the x–y plane), so
    ``RigidBody.step``'s update ``q ← normalise(q + ½ (0, ω_world) ⊗ q Δt)`` with ``ω_world =
    I_world⁻¹ L`` is, to rounding, :func:`rbteach.dynamics.simulate`'s ``"euler"`` method (ω_body
    constant): that one runs the 30 steps in about 0.3 ms instead of 15 ms
    (``tests/test_nb04.py`` compares the two).

    Returns
    -------
    dict
        ``strike`` (float, the snapped distance from the grip), ``J`` (3,), ``point`` (3,) strike
        point, ``v`` (3,) centre-of-mass velocity, ``omega`` (3,) world angular velocity,
        ``grip_velocity`` (3,), ``t`` (STEPS+1,), ``x`` (STEPS+1, 3) centre of mass, ``q``
        (STEPS+1, 4) attitudes, ``cop`` (float, distance of the centre of percussion from the
        grip), ``strikes`` (41,) and ``grip_across`` (41,) the grip's velocity across the bat (its y
        component, signed: positive along the sideways part of the blow, negative = knocked
        backwards) just after a hit at each strike distance (same impulse). The arrays are
        read-only (shared by a frame's summary and scene).
    """
    s = snap_strike(strike)
    _strike_point(s)                                  # the range check, naming `strike`
    d = _v.finite_scalar(direction_deg, "direction_deg")
    if not 0.0 <= d <= 180.0:
        # the slider's range: the blow's sideways part is +y, so "positive = along the blow" holds
        raise ValueError(f"direction_deg must be between 0 and 180 degrees (from the bat's axis), got {d!r}")
    return _flight(strike=s, direction_deg=d)


@cached
def _flight(*, strike, direction_deg) -> dict:
    """:func:`compute` for checked values (remembered: the arrays are read-only)."""
    body = strike_bat(strike, direction_deg)
    J = _impulse(direction_deg)
    out = {"strike": float(strike), "J": J, "point": _strike_point(strike), "v": body.velocity,
           "omega": body.angular_velocity, "grip_velocity": grip_velocity(body)}
    dt = DURATION / STEPS
    # q_r starts at the identity, so ω_body = ω_world; the bat's body axes are its principal axes.
    flight = _dyn.simulate(np.diag(bat()[1]), body.angular_velocity, dt=dt, steps=STEPS, method="euler")
    out["t"] = flight.t
    out["x"] = body.position + flight.t[:, None] * body.velocity
    out["q"] = flight.q
    out["cop"] = centre_of_percussion()
    # The grip's velocity for 41 strike points at once: the same update (article §3.3.2), vectorised
    # (v = J/m, L = r × J, ω = q ⋄ (I_d⁻¹ ⊙ (q⁻¹ ⋄ L)) with the resting attitude q_r = 1); its y
    # component is percussion.transverse_velocity's J_y (1/m + d x / I_zz) (tests/test_nb04.py).
    out["strikes"], out["grip_across"] = _grip_curve(direction_deg)
    for v in out.values():
        if isinstance(v, np.ndarray):
            v.setflags(write=False)
    return out


@functools.lru_cache(maxsize=8)
def _grip_curve(direction_deg):
    """``(strikes, grip_across)`` of :func:`compute` for the blow's direction (the same for every
    strike, so a drag of the strike slider computes it once; read-only arrays)."""
    body = _resting_bat()
    J = _impulse(direction_deg)
    strikes = np.linspace(0.0, LENGTH, 41)
    r = np.zeros((41, 3))
    r[:, 0] = strikes - 0.5 * LENGTH
    omegas = omega_from_L_principal(body.principal_moments, body.q_o, _q.identity(), np.cross(r, J))
    grip = np.array([-0.5 * LENGTH, 0.0, 0.0])
    across = (J / body.mass + np.cross(omegas, grip))[:, 1]
    strikes.setflags(write=False)
    across.setflags(write=False)
    return strikes, across


def _fmt(v, d=3):
    v = np.round(np.asarray(v, dtype=float), d) + 0.0  # + 0.0 turns -0.0 into 0.0
    return "(" + ", ".join(f"{c:.{d}f}" for c in v) + ")"


def _at_cop(strike) -> bool:
    return float(strike) == centre_of_percussion()


def summary(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]) -> str:
    """Three lines: the hit (snapped), then ``v_com`` and ``ω`` just after it, then the grip-end velocity."""
    r = compute(strike=strike, direction_deg=direction_deg)
    where = " = the centre of percussion" if _at_cop(r["strike"]) else ""
    return (f"hit {r['strike']:.4f} m from the grip{where}, at {float(direction_deg):.0f}° to the bat\n"
            f"just after: v_com = {_fmt(r['v'])} m/s, ω = {_fmt(r['omega'])} rad/s\n"
            f"grip-end velocity just after = {_fmt(r['grip_velocity'])} m/s")


#: Colours (keys of plotting.PALETTE, or a grey): the bat, the impulse, the centre of percussion,
#: the centre-of-mass path, the grip's velocity across the bat (a y component: AXIS_COLORS[1]),
#: the band of strike points that knock the grip backwards.
COLOURS = {"bat": "0.35", "impulse": "vermillion", "cop": "yellow", "com": "blue", "across": "bluish green",
           "backwards": "0.87"}


def _colour(part):
    from ..plotting import PALETTE

    c = COLOURS[part]
    return PALETTE.get(c, c)


#: Limits of the top view (m) and of the grip-velocity panel (m/s: hit square, the grip's velocity
#: across the bat runs from +3.995 m/s, hit at the grip end, to −1.995 m/s, hit at the tip).
TOP_XLIM, TOP_YLIM = (-1.05, 1.05), (-0.6, 1.1)
ACROSS_YLIM = (-2.4, 4.3)
N_SNAPSHOTS = 5


def _flight_geometry(r, n_snapshots=N_SNAPSHOTS) -> dict:
    """What the top view shows, from one :func:`compute` result ``r`` (shared by :func:`draw_bat_flight`
    and :func:`scene`): ``grip``, ``tip`` (STEPS+1, 3) the two ends over the flight; ``idx`` the
    samples of the snapshots and ``alpha`` their opacity (earlier = darker); ``tail``, ``head`` (2,)
    the impulse arrow (0.35 m long per N s, ending at the strike point); ``cop`` (2,) the centre of
    percussion on the resting bat."""
    half = np.array([0.5 * LENGTH, 0.0, 0.0])
    idx = np.linspace(0, len(r["t"]) - 1, n_snapshots).round().astype(int)
    alpha = 0.25 + 0.75 * (1 - np.arange(len(idx)) / max(len(idx) - 1, 1))
    p, J = r["point"], r["J"]
    return {"grip": r["x"] + _q.rotate(r["q"], -half), "tip": r["x"] + _q.rotate(r["q"], half),
            "idx": idx, "alpha": alpha, "tail": (p - 0.35 * J / IMPULSE)[:2], "head": p[:2],
            "cop": np.array([r["cop"] - 0.5 * LENGTH, 0.0])}


def _backwards_band(r):
    """The strike distances ``(from, to)`` whose blow knocks the grip backwards (its velocity across
    the bat against the sideways part of the blow): beyond the centre of percussion, up to the tip;
    None for a blow along the bat (no sideways part: the grip does not move across)."""
    return (r["cop"], LENGTH) if r["J"][1] != 0.0 else None


def _title_flight(r, direction_deg) -> str:
    return f"hit {r['strike']:.4f} m from the grip at {float(direction_deg):.0f}°: {DURATION:.1f} s of flight"


def draw_bat_flight(ax, r, n_snapshots=N_SNAPSHOTS):
    """Top view (x–y) of one flight ``r`` from :func:`compute` on ``ax``: the bat at a few times,
    the grip end's path, the impulse arrow and the centre of percussion. Returns ``ax``."""
    _BAT, _IMPULSE, _COP, _COM = (_colour(k) for k in ("bat", "impulse", "cop", "com"))
    g = _flight_geometry(r, n_snapshots)
    grip, tip = g["grip"], g["tip"]
    for i, alpha in zip(g["idx"], g["alpha"]):
        ax.plot([grip[i, 0], tip[i, 0]], [grip[i, 1], tip[i, 1]], color=_BAT, linewidth=4,
                alpha=alpha, solid_capstyle="round")
        ax.plot(*grip[i, :2], "o", color="k", markersize=4, alpha=alpha)
    ax.plot(grip[:, 0], grip[:, 1], ":", color="k", linewidth=1.2, label="grip end path")
    ax.plot(r["x"][:, 0], r["x"][:, 1], "--", color=_COM, linewidth=1.2, label="centre of mass path")
    ax.annotate("", xy=g["head"], xytext=g["tail"],
                arrowprops={"arrowstyle": "->", "color": _IMPULSE, "linewidth": 2})
    ax.plot(*g["cop"], "*", color=_COP, markeredgecolor="k", markersize=12, label="centre of percussion")
    ax.set_aspect("equal")
    ax.set_xlim(*TOP_XLIM)
    ax.set_ylim(*TOP_YLIM)
    ax.set_xlabel("x (m)")
    ax.set_ylabel("y (m)")
    return ax


def draw(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]):
    """Left: top view of the struck bat over ``DURATION`` (earlier = darker). Right: the grip's
    velocity across the bat just after the hit against the strike distance, signed (below zero the
    grip is knocked backwards; those strike points shaded), the current hit marked. Returns the Figure."""
    import matplotlib.pyplot as plt

    from ..plotting import FIGURE_DPI

    _IMPULSE, _COP = _colour("impulse"), _colour("cop")
    r = compute(strike=strike, direction_deg=direction_deg)
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(9.0, 4.2), dpi=FIGURE_DPI, width_ratios=(1.2, 1))
    draw_bat_flight(ax, r)
    # "best": the corner that hides the least of the flight (the bat swings into any upper corner)
    ax.legend(loc="best", fontsize=10, handlelength=1.6, borderpad=0.3, labelspacing=0.25)
    ax.set_title(_title_flight(r, direction_deg), fontsize=11)
    band = _backwards_band(r)
    if band is not None:
        bx.axvspan(*band, color=_colour("backwards"), zorder=0, label="grip knocked backwards")
    bx.axhline(0.0, color="0.5", linewidth=0.8)
    bx.plot(r["strikes"], r["grip_across"], color=_colour("across"), linewidth=2)
    bx.plot(r["strike"], r["grip_velocity"][1], "o", color=_IMPULSE, markersize=8)
    bx.axvline(r["cop"], color="k", linestyle="--", linewidth=1)
    bx.plot(r["cop"], 0.0, "*", color=_COP, markeredgecolor="k", markersize=12, zorder=5,
            label=f"centre of percussion\n{r['cop']:.4f} m")
    bx.set_xlabel("strike distance from the grip (m)")
    bx.set_ylabel("grip velocity across the bat (m/s)")
    bx.set_xlim(0, LENGTH)
    bx.set_ylim(*ACROSS_YLIM)
    bx.legend(loc="upper right", fontsize=10)
    bx.set_title("the sting in your hands, just after", fontsize=11)
    fig.subplots_adjust(left=0.08, right=0.98, bottom=0.13, top=0.91, wspace=0.22)
    return fig


# The live page (rbteach/explorers/live.js) draws on a LIVE_SIZE canvas by default; an xy panel's plot
# box is its share of the width less PAGE_MARGINS[0] px and the height less PAGE_MARGINS[1] px. The top
# view's share is chosen so that one metre is as long across as up (a bat keeps its length as it turns).
LIVE_SIZE, PAGE_MARGINS = CANVAS_SIZE, PANEL_MARGINS


def _live_layout():
    """(top-view weight, grip-panel weight, px per m of the top view, px per unit of the grip panel (x, y))."""
    W, H = LIVE_SIZE
    ph = H - PAGE_MARGINS[1]
    px_per_m = ph / (TOP_YLIM[1] - TOP_YLIM[0])
    top = px_per_m * (TOP_XLIM[1] - TOP_XLIM[0]) + PAGE_MARGINS[0]
    pw_speed = W - top - PAGE_MARGINS[0]
    return top, W - top, px_per_m, (pw_speed / LENGTH, ph / (ACROSS_YLIM[1] - ACROSS_YLIM[0]))


def _star(centre, radius_px, px_per_unit):
    """A closed five-pointed star (11, 2) of ``radius_px`` pixels around ``centre``, in data units
    (``px_per_unit`` = (x, y) pixels per data unit): the page has no star marker."""
    k = np.arange(11)
    r = np.where(k % 2 == 0, 1.0, 0.4) * radius_px
    a = np.pi / 2 + k * np.pi / 5
    sx, sy = px_per_unit if np.ndim(px_per_unit) else (px_per_unit, px_per_unit)
    return np.column_stack([centre[0] + r * np.cos(a) / sx, centre[1] + r * np.sin(a) / sy])


def _star_marker(centre, px_per_unit, radius_px=10.0):
    """(fill, edge) polylines of a star marker: nested stars close enough to fill it, and its outline."""
    gap = np.full((1, 2), np.nan)
    fill = np.vstack([np.vstack([_star(centre, f * radius_px, px_per_unit), gap]) for f in (0.25, 0.5, 0.75)])
    return fill, _star(centre, radius_px, px_per_unit)


def _grey(level, alpha=1.0) -> str:
    """Matplotlib's grey ``level`` (0 black … 1 white) at opacity ``alpha`` on white, as #rrggbb."""
    v = round(255 * (1.0 - alpha * (1.0 - level)))
    return f"#{v:02x}{v:02x}{v:02x}"


def scene(strike=DEFAULTS["strike"], direction_deg=DEFAULTS["direction_deg"]) -> dict:
    """The live picture (:mod:`rbteach.explorers.live`), the same as :func:`draw`: left the top view
    of the flight (bat snapshots as greys from dark to light, grip-end path dotted, centre-of-mass
    path dashed, the impulse arrow, the centre of percussion as a star), right the grip's velocity
    across the bat just after the hit against the strike distance, signed, with the strike points
    that knock the grip backwards shaded and this hit marked."""
    from .live import series, xy

    r = compute(strike=strike, direction_deg=direction_deg)
    g = _flight_geometry(r)
    w_top, w_speed, px_m, px_speed = _live_layout()
    _IMPULSE, _COP, _COM = (_colour(k) for k in ("impulse", "cop", "com"))
    black = "#000000"
    grip, tip = g["grip"], g["tip"]
    top = []
    for i, alpha in zip(g["idx"][::-1], g["alpha"][::-1]):          # the latest (lightest) first: earlier on top
        top.append(series([grip[i, 0], tip[i, 0]], [grip[i, 1], tip[i, 1]], color=_grey(0.35, alpha), width=5.0))
        top.append(series([grip[i, 0]], [grip[i, 1]], color=_grey(0.0, alpha), marker=True))
    top.append(series(grip[:, 0], grip[:, 1], color=black, dash=":", width=1.5, label="grip end path"))
    top.append(series(r["x"][:, 0], r["x"][:, 1], color=_COM, dash="--", width=1.5, label="centre of mass path"))
    tail, head = g["tail"], g["head"]
    d = (head - tail) / np.linalg.norm(head - tail)
    n = np.array([-d[1], d[0]])
    barbs = np.array([head - 0.06 * d + 0.035 * n, head, head - 0.06 * d - 0.035 * n])
    arrow = np.vstack([tail, head, [np.nan, np.nan], barbs])
    top.append(series(arrow[:, 0], arrow[:, 1], color=_IMPULSE, width=2.5))
    fill, edge = _star_marker(g["cop"], px_m)
    top += [series(*fill.T, color=_COP, width=3.0, label="centre of percussion", swatch="star"),
            series(*edge.T, color=black, width=1.0)]
    left = xy(top, xlim=TOP_XLIM, ylim=TOP_YLIM, title=_title_flight(r, direction_deg), xlabel="x (m)",
              ylabel="y (m)", width=w_top)

    cop = r["cop"]
    fill, edge = _star_marker((cop, 0.0), px_speed)
    grip_panel = []
    band = _backwards_band(r)
    if band is not None:
        # a filled band: one horizontal stroke wider than the plot is tall (the page clips it to the
        # plot box; butt ends at the band's edges), and an empty series that carries its legend entry
        mid = 0.5 * (ACROSS_YLIM[0] + ACROSS_YLIM[1])
        tall = 2.0 * (LIVE_SIZE[1] - PAGE_MARGINS[1])
        backwards = _grey(float(COLOURS["backwards"]))
        grip_panel += [series(band, [mid, mid], color=backwards, width=tall),
                       series([np.nan], [np.nan], color=backwards, width=10.0, label="grip knocked backwards")]
    grip_panel += [series([0.0, LENGTH], [0.0, 0.0], color=_grey(0.5), width=1.0),
                   series(r["strikes"], r["grip_across"], color=_colour("across"), width=2.0),
                   series([cop, cop], ACROSS_YLIM, color=black, dash="--", width=1.0),
                   series([r["strike"]], [r["grip_velocity"][1]], color=_IMPULSE, marker=True),
                   series(*fill.T, color=_COP, width=3.0, label=f"centre of percussion {cop:.4f} m", swatch="star"),
                   series(*edge.T, color=black, width=1.0)]
    right = xy(grip_panel, xlim=(0.0, LENGTH), ylim=ACROSS_YLIM, title="the sting in your hands, just after",
               xlabel="strike distance from the grip (m)", ylabel="grip velocity across the bat (m/s)",
               width=w_speed)
    return {"panels": [left, right]}


def controls() -> dict:
    """Strike distance from the grip (main slider, m; snaps to the centre of percussion), then the
    impulse direction (degrees from the bat's axis)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    layout = w.Layout(width="460px")
    strike = w.FloatSlider(value=DEFAULTS["strike"], min=0.0, max=LENGTH, step=STRIKE_STEP,
                           readout_format=".4f", description="strike from the grip (m)",
                           continuous_update=False, style=style, layout=layout)

    def snap(change):
        snapped = snap_strike(change["new"])
        if snapped != change["new"]:
            strike.value = snapped

    strike.observe(snap, names="value")
    return {
        "strike": strike,
        "direction_deg": w.FloatSlider(value=DEFAULTS["direction_deg"], min=0.0, max=180.0, step=5.0,
                                       description="impulse direction from the bat's axis (°)",
                                       continuous_update=False, style=style, layout=layout),
    }


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
