"""Predict, then observe: one question before every explorer and attitude player of the course.

PhET's teacher activities make students commit to a prediction before they touch a simulation;
here each explorer (``live(nbNN)``) and each attitude player is preceded by a Markdown cell that
asks one such question, with concrete choices (a), (b), (c). The cell's text is
:meth:`Prediction.markdown` (this module is the one place for it; ``tests/test_predictions.py``
compares), its metadata ``{"rbteach": {"predict": "<id>"}}``. The answer is not in the notebook:
:meth:`Prediction.answer` computes it with rbteach at the settings the question names (the
explorer's own ``compute``, or the simulation the player cell shows), and the teacher's page
prints it with :meth:`Prediction.explanation`, one line built from :meth:`Prediction.facts`.

Each prediction decides every choice (:meth:`Prediction.verdicts`); exactly one must be true, or
:meth:`Prediction.answer` raises: a question whose physics changed under it fails loudly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import numpy as np

__all__ = ["Prediction", "PREDICTIONS", "predictions", "prediction", "LETTERS"]

LETTERS = "abcdefgh"


@dataclass(frozen=True)
class Prediction:
    """One predict-then-observe question (see the module docstring)."""

    notebook: str                      #: "08"
    id: str                            #: "08.flip_later"
    target: str                        #: the explorer module ("nb08") or "player"
    question: str                      #: Markdown shown to the student
    choices: tuple                     #: the choices, shown as (a) (b) (c)
    settings: dict = field(hash=False)  #: the control values (or simulation inputs) the question names
    reason: str = ""                   #: one line for the teacher: a format string over facts()' keys
    decide: Callable = field(default=None, repr=False, compare=False)   #: settings -> facts (rbteach)
    judge: Callable = field(default=None, repr=False, compare=False)    #: facts -> one bool per choice

    def facts(self) -> dict:
        """The rbteach numbers that decide the question, computed at :attr:`settings`."""
        return dict(self.decide(dict(self.settings)))

    def verdicts(self) -> tuple:
        """Whether each choice is true at :attr:`settings` (computed by rbteach)."""
        v = tuple(bool(x) for x in self.judge(self.facts()))
        if len(v) != len(self.choices):
            raise RuntimeError(f"prediction {self.id}: {len(v)} verdicts for {len(self.choices)} choices")
        return v

    def answer(self) -> int:
        """Index of the right choice (0 for (a)); raises if not exactly one choice is true."""
        v = self.verdicts()
        if sum(v) != 1:
            raise RuntimeError(f"prediction {self.id}: {sum(v)} of its choices are true at {self.settings}: {v}")
        return v.index(True)

    def letter(self) -> str:
        """The right choice's letter, "a", "b" …"""
        return LETTERS[self.answer()]

    def explanation(self) -> str:
        """:attr:`reason` filled in with :meth:`facts` (for the teacher's page)."""
        return self.reason.format(**self.facts())

    def markdown(self) -> str:
        """The text of the notebook's predict cell."""
        when = "press ▶ Play" if self.target == "player" else "touch the controls"
        options = "  \n".join(f"({LETTERS[i]}) {c}" for i, c in enumerate(self.choices))
        return (f"**Predict, then observe.** {self.question}\n\n{options}\n\n"
                f"*Write down your choice before you {when}; then try it and compare.*")

    def cell(self) -> dict:
        """The predict cell as a notebook cell (nbformat 4 dict, without an id)."""
        return {"cell_type": "markdown", "metadata": {"rbteach": {"predict": self.id}},
                "source": self.markdown()}


# ---------------------------------------------------------------- the rules, one per question


def _explorer(name):
    import importlib

    return importlib.import_module(f"rbteach.explorers.{name}")


def _floats(x, digits: int) -> tuple:
    """``x`` as a tuple of plain floats rounded to ``digits`` (−0.0 shown as 0.0), for the teacher's line."""
    return tuple(float(v) + 0.0 for v in np.round(np.asarray(x, float), digits))


def _angle_deg(a, b) -> float:
    a, b = np.asarray(a, float), np.asarray(b, float)
    c = float(a @ b / (np.linalg.norm(a) * np.linalg.norm(b)))
    return float(np.degrees(np.arccos(np.clip(c, -1.0, 1.0))))


def _nb00_full_turn(s):
    q = _explorer("nb00").compute(**s)["q"]
    return {"q": _floats(q, 12)}


def _nb01_shift(s):
    m = _explorer("nb01")
    before = np.diag(m.compute(**{**s, "dx": 0.0, "dy": 0.0, "dz": 0.0})["inertia"])
    after = np.diag(m.compute(**s)["inertia"])
    return {"Ixx_before": float(before[0]), "Ixx_after": float(after[0]),
            "Iyy_before": float(before[1]), "Iyy_after": float(after[1]), "mass": float(m.MASS), "dx": s["dx"]}


def _nb02_turn(s):
    m = _explorer("nb02")
    a, b = m.compute(angle=s["angle_from"], tilt=s["tilt"]), m.compute(angle=s["angle"], tilt=s["tilt"])
    return {"moments_before": _floats(a["moments"], 3), "moments_after": _floats(b["moments"], 3),
            "moments_change": float(np.max(np.abs(a["moments"] - b["moments"]))),
            "products_before": _floats(a["entries"][3:], 3), "products_after": _floats(b["entries"][3:], 3),
            "products_change": float(np.max(np.abs(a["entries"][3:] - b["entries"][3:])))}


def _nb03_spin_x(s):
    c = _explorer("nb03").compute(**s)
    L = c["L"]["body"]
    return {"L_body": _floats(L, 3), "L_norm": float(np.linalg.norm(L)),
            "angle_deg": _angle_deg(c["omega"]["body"], L)}


def _nb04_strike(s):
    m = _explorer("nb04")
    c = m.compute(**s)
    along = float(c["grip_velocity"] @ c["J"] / np.linalg.norm(c["J"]))
    return {"grip_along_hit": along, "strike": s["strike"], "cop": float(c["cop"])}


def _nb05_minus(s):
    m = _explorer("nb05")
    rest = {k: v for k, v in s.items() if k != "angle_from"}
    a, b = m.compute(**rest | {"angle_deg": s["angle_from"]}), m.compute(**rest)
    return {"q_before": _floats(a["q"], 4), "q_after": _floats(b["q"], 4),
            "q_sum": float(np.max(np.abs(a["q"] + b["q"]))), "q_diff": float(np.max(np.abs(a["q"] - b["q"]))),
            "R_diff": float(np.max(np.abs(a["R"] - b["R"])))}


def _nb06_state(s):
    c = _explorer("nb06").compute(**s)
    return {"L_drift": float(c["max_L_drift"]), "L_drift_percent": 100.0 * float(c["max_L_drift"])}


def _nb07_sphere(s):
    c = _explorer("nb07").compute(**s)
    w = np.asarray(c["omega"])
    spread = np.ptp(w, axis=0)
    return {"spread_w1": float(spread[0]), "spread_w2": float(spread[1]), "spread_w3": float(spread[2]),
            "w3_sign_change": bool(np.any(np.sign(w[:, 2]) != np.sign(w[0, 2])))}


def _plate_player(s):
    from rbteach import dynamics, quaternion as Q

    run = dynamics.simulate(np.array(s["moments"]), np.array(s["omega0"]), dt=s["dt"], steps=s["steps"], method="rk4")
    L = run.angular_momentum_world[0]
    z = Q.to_matrix(run.q)[:, :, 2]
    ang = np.degrees(np.arccos(np.clip(z @ L / np.linalg.norm(L), -1.0, 1.0)))
    travel = float(np.degrees(np.arccos(np.clip(np.min(z @ z[0]), -1.0, 1.0))))
    return {"cone_min_deg": float(ang.min()), "cone_max_deg": float(ang.max()), "travel_deg": travel,
            "duration": float(run.t[-1])}


def _nb08_flip(s):
    m = _explorer("nb08")
    rest = {k: v for k, v in s.items() if k != "I1_from"}
    a, b = m.compute(**rest | {"I1": s["I1_from"]}), m.compute(**rest)
    first = lambda c: float(c["flips"][0]) if c["flip"] and len(c["flips"]) else float("inf")   # noqa: E731
    return {"first_before": first(a), "first_after": first(b), "flip_after": bool(b["flip"])}


def _t_handle_player(s):
    from rbteach import analytic, dynamics, inertia, quaternion as Q

    V, F = inertia.t_handle_mesh()
    _, _, I = inertia.mesh(V, F, mass=s["mass"])
    moments = np.diag(I).copy()
    w0 = np.array(s["omega0"], float)
    T = float(analytic.flip_period(moments, w0))
    run = dynamics.simulate(moments, w0, dt=s["dt"], steps=int(np.ceil(T / s["dt"])), method="rk4")
    L = run.angular_momentum_world[0]
    c = Q.to_matrix(run.q)[:, :, 2] @ (L / np.linalg.norm(L))
    return {"period": T, "stem_start": float(c[0]), "stem_min": float(c.min()), "stem_end": float(c[-1]),
            "t_min": float(run.t[np.argmin(c)])}


def _nb09_method(s):
    m = _explorer("nb09")
    rest = {k: v for k, v in s.items() if k != "method_from"}
    a, b = m.compute(**rest | {"method": s["method_from"]}), m.compute(**rest)
    return {"drift_before": float(a["max_energy_drift"]), "drift_after": float(b["max_energy_drift"])}


def _nb10_elastic(s):
    c = _explorer("nb10").compute(**s)
    return {"T_before": float(c["T_before"]), "T_after": float(c["T_after"]),
            "lost_percent": 100.0 * (1.0 - float(c["T_after"]) / float(c["T_before"])),
            "sliding": not bool(c["impulse"].sticking)}


def _nb11_spin(s):
    m = _explorer("nb11")
    rest = {k: v for k, v in s.items() if k != "spin_from"}
    a, b = m.compute(**rest | {"spin": s["spin_from"]}), m.compute(**rest)
    width = lambda c: float(np.degrees(c["bounds"][1] - c["bounds"][0]))   # noqa: E731
    return {"width_before": width(a), "width_after": width(b)}


PREDICTIONS = (
    Prediction(
        "00", "00.full_turn", "nb00",
        "Keep the axis at (1, 1, 1) and drag the angle to **360°**: one full turn, so the body frame is back where it "
        "started. Which quaternion $\\boldsymbol q = (w, x, y, z)$ does the explorer print?",
        ("$(1, 0, 0, 0)$, the same as at 0°", "$(-1, 0, 0, 0)$", "$(0, 0.577, 0.577, 0.577)$, the axis"),
        {"angle": 360.0, "axis_x": 1.0, "axis_y": 1.0, "axis_z": 1.0},
        "q = {q}: a 360° turn gives q = (cos 180°, sin 180° n) = −(1, 0, 0, 0), the same rotation as the identity "
        "(the double cover, notebook 05).",
        _nb00_full_turn,
        lambda f: (np.allclose(f["q"], (1, 0, 0, 0), atol=1e-9), np.allclose(f["q"], (-1, 0, 0, 0), atol=1e-9),
                   np.allclose(f["q"], (0, 0.57735, 0.57735, 0.57735), atol=1e-4)),
    ),
    Prediction(
        "01", "01.shift_along_x", "nb01",
        "Start with the box's centre at O (set dx = dy = dz = 0) and note $I_{xx}$ about O. Now drag **dx** to "
        "**0.5 m**: the box moves along the $x$ axis. What does $I_{xx}$ about O do?",
        ("it grows", "it shrinks", "it stays the same"),
        {"dx": 0.5, "dy": 0.0, "dz": 0.0},
        "I_xx stays {Ixx_after:.4f} kg m² (a shift along x moves no mass away from the x axis), while I_yy grows "
        "from {Iyy_before:.4f} to {Iyy_after:.4f} kg m² = + m dx² with m = {mass:g} kg (parallel axes).",
        _nb01_shift,
        lambda f: (f["Ixx_after"] > f["Ixx_before"] * (1 + 1e-9), f["Ixx_after"] < f["Ixx_before"] * (1 - 1e-9),
                   abs(f["Ixx_after"] - f["Ixx_before"]) <= 1e-9 * f["Ixx_before"]),
    ),
    Prediction(
        "02", "02.turn_the_box", "nb02",
        "Keep the tilt at 20° and drag the **angle** from **30°** to **120°**: the same box, turned. What happens to "
        "the principal moments $I_1, I_2, I_3$ and to the products of inertia $I_{xy}, I_{xz}, I_{yz}$?",
        ("the principal moments stay the same; the products change", "both change",
         "the products stay the same; the principal moments change"),
        {"angle_from": 30.0, "angle": 120.0, "tilt": 20.0},
        "principal moments {moments_before} → {moments_after} kg m² (a turn keeps the eigenvalues); products "
        "{products_before} → {products_after} kg m².",
        _nb02_turn,
        lambda f: (f["moments_change"] <= 1e-9 and f["products_change"] > 1e-6,
                   f["moments_change"] > 1e-6 and f["products_change"] > 1e-6,
                   f["products_change"] <= 1e-9 and f["moments_change"] > 1e-6),
    ),
    Prediction(
        "03", "03.spin_about_x", "nb03",
        "Set the body's angular velocity to $\\boldsymbol\\omega = (1, 0, 0)$ rad/s in the body frame (**ωx = 1**, "
        "**ωy = ωz = 0**): a spin about the body's $x$ axis. Where does the angular momentum $\\boldsymbol L$ point?",
        ("along $\\boldsymbol\\omega$", "nowhere: $\\boldsymbol L = 0$", "at an angle to $\\boldsymbol\\omega$"),
        {"wx": 1.0, "wy": 0.0, "wz": 0.0},
        "L_body = {L_body} kg m²/s, at {angle_deg:.1f}° from ω: the body's x axis is not a principal axis, so "
        "L = I ω leaves the spin axis.",
        _nb03_spin_x,
        lambda f: (f["angle_deg"] < 0.5 and f["L_norm"] > 1e-9, f["L_norm"] <= 1e-9, f["angle_deg"] >= 0.5 and f["L_norm"] > 1e-9),
    ),
    Prediction(
        "04", "04.beyond_the_sweet_spot", "nb04",
        "Hit the bat square on (direction 90°) at **0.9 m** from the grip, near its far end. Just after the hit, "
        "which way does the grip end move?",
        ("the same way as the hit", "the opposite way", "it stays at rest"),
        {"strike": 0.9, "direction_deg": 90.0},
        "the grip moves at {grip_along_hit:+.3f} m/s along the hit: beyond the centre of percussion ({cop:.3f} m "
        "from the grip) the spin about the centre of mass wins over the push.",
        _nb04_strike,
        lambda f: (f["grip_along_hit"] > 1e-3, f["grip_along_hit"] < -1e-3, abs(f["grip_along_hit"]) <= 1e-3),
    ),
    Prediction(
        "05", "05.minus_260", "nb05",
        "Keep the axis and drag the angle from **100°** to **−260°** (100° − 360°). What changes?",
        ("$\\boldsymbol q$ changes sign; $R$ and the picture stay the same", "nothing: $\\boldsymbol q$ and $R$ stay the same",
         "$\\boldsymbol q$, $R$ and the picture all change"),
        {"angle_from": 100.0, "angle_deg": -260.0, "azimuth_deg": 45.0, "elevation_deg": 35.0},
        "q = {q_before} → {q_after}: −q, the same rotation (R changes by {R_diff:.1e}).",
        _nb05_minus,
        lambda f: (f["q_sum"] < 1e-9 and f["R_diff"] < 1e-9, f["q_diff"] < 1e-9 and f["R_diff"] < 1e-9,
                   f["R_diff"] >= 1e-9),
    ),
    Prediction(
        "06", "06.omega_as_state", "nb06",
        "At Δt = 0.1 s with “Euler + renormalise”, switch the state from **L** to **ω** (the article's choice). "
        "Nothing pushes the body, so $\\boldsymbol L$ should stay fixed. Over the 8 s, how far does the computed "
        "$\\boldsymbol L$ drift?",
        ("not at all (below 10⁻¹²)", "a little (less than 10 %)", "a lot (more than 10 %)"),
        {"dt": 0.1, "update": "renormalise", "state": "omega"},
        "max |L − L₀|/|L₀| = {L_drift_percent:.1f} %: with ω as the state, explicit Euler on the gyroscopic term "
        "does not keep L; with L as the state it is kept exactly.",
        _nb06_state,
        lambda f: (f["L_drift"] < 1e-12, 1e-12 <= f["L_drift"] <= 0.1, f["L_drift"] > 0.1),
    ),
    Prediction(
        "07", "07.sphere", "nb07",
        "Make the body a sphere: **I₁ = I₂ = I₃ = 1** kg m² (ω₀ = (1, 0, 1), RK4, Δt = 0.05 s). What does "
        "$\\boldsymbol\\omega_\\text{body}(t)$ do?",
        ("it stays constant", "$\\omega_3$ stays constant while $\\omega_1, \\omega_2$ go round, as for $I_3 = 1.5$",
         "$\\omega_3$ changes sign"),
        {"I1": 1.0, "I2": 1.0, "I3": 1.0, "w1": 1.0, "w2": 0.0, "w3": 1.0, "dt": 0.05, "method": "rk4"},
        "ω varies by at most {spread_w1:.1e}, {spread_w2:.1e}, {spread_w3:.1e} rad/s: with equal moments "
        "ω × Iω = 0 and Euler's equations give dω/dt = 0.",
        _nb07_sphere,
        lambda f: (max(f["spread_w1"], f["spread_w2"], f["spread_w3"]) < 1e-9,
                   f["spread_w3"] < 1e-9 and f["spread_w1"] > 0.1 and not f["w3_sign_change"],
                   f["w3_sign_change"]),
    ),
    Prediction(
        "07", "07.plate_player", "player",
        "The player shows the article's example, a square plate with $I = (1, 1, 2)$ kg m² and "
        "$\\boldsymbol\\omega_0 = (1, 0, 1)$ rad/s, for 12.6 s. Watch the plate's normal $z'$ (blue) and the fixed "
        "$\\boldsymbol L$ (dashed). What does $z'$ do?",
        ("it stays fixed in space, like $\\boldsymbol L$", "it turns over until it points against $\\boldsymbol L$",
         "it goes round $\\boldsymbol L$, always at the same angle to it"),
        {"moments": (1.0, 1.0, 2.0), "omega0": (1.0, 0.0, 1.0), "dt": 0.01, "steps": 1260},
        "z′ stays between {cone_min_deg:.2f}° and {cone_max_deg:.2f}° from L while it travels up to "
        "{travel_deg:.1f}° from where it started: it precesses around L on a cone.",
        _plate_player,
        lambda f: (f["travel_deg"] < 1.0, f["cone_max_deg"] > 150.0,
                   f["travel_deg"] >= 1.0 and f["cone_max_deg"] - f["cone_min_deg"] < 1.0 and f["cone_max_deg"] < 90),
    ),
    Prediction(
        "08", "08.flip_later", "nb08",
        "Keep the tilt at 5° and $I_3 = 1.3$, and drag **I₁** from **0.6** towards the middle moment $I_2 = 1$, to "
        "**0.9**. Will the first flip come sooner or later?",
        ("sooner", "later", "never: the spin stays calm"),
        {"I1_from": 0.6, "I1": 0.9, "tilt_deg": 5.0, "I3": 1.3},
        "first flip at t = {first_before:.2f} s → {first_after:.2f} s: the closer I₁ is to I₂, the slower a spin "
        "near the middle axis leaves it (growth rate Ω√((I₃−I₂)(I₂−I₁)/(I₁I₃))).",
        _nb08_flip,
        lambda f: (f["flip_after"] and f["first_after"] < f["first_before"],
                   f["flip_after"] and f["first_after"] > f["first_before"], not f["flip_after"]),
    ),
    Prediction(
        "08", "08.t_handle_player", "player",
        "The player shows the T-handle spun at 4 rad/s about its stem $z'$ (the middle axis), with a 5 % nudge "
        "about the bar, $\\boldsymbol\\omega_0 = (0.2, 0, 4)$ rad/s, for one period of $\\boldsymbol\\omega$. What does the "
        "stem do?",
        ("it turns over to point against $\\boldsymbol L$, and comes back",
         "it stays close to $\\boldsymbol L$, wobbling a little",
         "it turns over once and stays reversed"),
        {"mass": 0.2, "omega0": (0.2, 0.0, 4.0), "dt": 0.005},
        "cos∠(stem, L) = {stem_start:.3f} at t = 0, {stem_min:.3f} at t = {t_min:.2f} s, {stem_end:.3f} at the "
        "period T = {period:.2f} s.",
        _t_handle_player,
        lambda f: (f["stem_min"] < -0.99 and f["stem_end"] > 0.99, f["stem_min"] > 0.9,
                   f["stem_min"] < -0.9 and f["stem_end"] < -0.9),
    ),
    Prediction(
        "09", "09.midpoint_energy", "nb09",
        "At Δt = 0.05 s over 100 s, switch the method from **rk4** to **implicit-midpoint** (second order only, "
        "where RK4 is fourth order). What happens to the energy drift max $|T/T_0 - 1|$?",
        ("it grows", "it shrinks, but stays above rounding level", "it drops to rounding level (below 10⁻¹²)"),
        {"method_from": "rk4", "method": "implicit-midpoint", "dt": 0.05, "t_end": 100.0},
        "energy drift {drift_before:.1e} (rk4) → {drift_after:.1e} (implicit midpoint): the midpoint rule keeps "
        "every quadratic invariant, T among them, whatever its order.",
        _nb09_method,
        lambda f: (f["drift_after"] > f["drift_before"], 1e-12 <= f["drift_after"] <= f["drift_before"],
                   f["drift_after"] < 1e-12),
    ),
    Prediction(
        "10", "10.elastic_with_friction", "nb10",
        "Set the restitution to **e = 1** (a perfectly elastic bounce), keep μ = 0.3, tilt 30° and no spin. Does the "
        "rod lose kinetic energy in the bounce?",
        ("no, none is lost", "yes, some is lost", "no, it gains energy"),
        {"e": 1.0, "mu": 0.3, "tilt_deg": 30.0, "spin": 0.0},
        "kinetic energy {T_before:.3f} J → {T_after:.3f} J ({lost_percent:.1f} % lost): e = 1 restores the normal "
        "velocity, but the end slides on the floor and friction takes energy.",
        _nb10_elastic,
        lambda f: (abs(f["T_after"] - f["T_before"]) <= 1e-9 * f["T_before"],
                   f["T_after"] < f["T_before"] * (1 - 1e-9), f["T_after"] > f["T_before"] * (1 + 1e-9)),
    ),
    Prediction(
        "11", "11.faster_spin", "nb11",
        "Release the top at tilt 40° with no initial precession, and drag the **spin** from **60** to **120** rad/s. "
        "The nodding of the axis (the range of the tilt θ), is it",
        ("narrower", "wider", "the same"),
        {"spin_from": 60.0, "spin": 120.0, "tilt_deg": 40.0, "precession": 0.0},
        "θ ranges over {width_before:.2f}° → {width_after:.2f}°: a faster top nods less (the gyroscope limit).",
        _nb11_spin,
        lambda f: (f["width_after"] < f["width_before"] - 1e-6, f["width_after"] > f["width_before"] + 1e-6,
                   abs(f["width_after"] - f["width_before"]) <= 1e-6),
    ),
)


def predictions(notebook=None) -> tuple:
    """The predictions of one notebook ("08", or 8), or all of them when ``None``."""
    if notebook is None:
        return PREDICTIONS
    if isinstance(notebook, bool) or not isinstance(notebook, (str, int)):
        raise ValueError(f"notebook must be a notebook number like '08', got {notebook!r}")
    key = f"{int(notebook):02d}" if isinstance(notebook, int) or str(notebook).isdigit() else None
    if key is None:
        raise ValueError(f"notebook must be a notebook number like '08', got {notebook!r}")
    return tuple(p for p in PREDICTIONS if p.notebook == key)


def prediction(pid: str) -> Prediction:
    """The prediction with id ``pid`` ("08.flip_later")."""
    for p in PREDICTIONS:
        if p.id == pid:
            return p
    raise ValueError(f"no prediction with id {pid!r}; known: {[p.id for p in PREDICTIONS]}")
