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
    return {"Ixx_before": float(a["entries"][0]), "Iyy_before": float(a["entries"][1]), "Izz_before": float(a["entries"][2]),
            "Ixx_after": float(b["entries"][0]), "moments_after": _floats(b["moments"], 3)}


def _nb03_spin(s):
    c = _explorer("nb03").compute(**s)
    L = c["L"]["body"]
    return {"L_body": _floats(L, 3), "L_norm": float(np.linalg.norm(L)),
            "angle_deg": _angle_deg(c["omega"]["body"], L) if np.linalg.norm(L) > 0 else 0.0}


def _nb04_strike(s):
    c = _explorer("nb04").compute(**s)
    v = np.asarray(c["grip_velocity"], float)        # the bat lies along the world x axis at the blow
    return {"along": float(abs(v[0])), "across": float(np.hypot(v[1], v[2])), "strike": float(c["strike"]),
            "cop": float(c["cop"])}


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


def _nb09_step(s):
    m = _explorer("nb09")
    rest = {k: v for k, v in s.items() if k != "dt_from"}
    a, b = m.compute(**rest | {"dt": s["dt_from"]}), m.compute(**rest)
    e0, e1 = float(a["max_omega_error"]), float(b["max_omega_error"])
    return {"error_before": e0, "error_after": e1, "ratio": e0 / e1, "log_ratio": float(np.log10(e0 / e1))}


def _nb10_elastic(s):
    c = _explorer("nb10").compute(**s)
    return {"T_before": float(c["T_before"]), "T_after": float(c["T_after"]),
            "lost_percent": 100.0 * (1.0 - float(c["T_after"]) / float(c["T_before"])),
            "sliding": not bool(c["impulse"].sticking)}


def _nb11_tilt(s):
    m = _explorer("nb11")
    rest = {k: v for k, v in s.items() if k != "tilt_from"}
    a, b = m.compute(**rest | {"tilt_deg": s["tilt_from"]}), m.compute(**rest)
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
        "02", "02.quarter_turn", "nb02",
        "Set the tilt to **0°** and the angle to **0°**: the box's edges lie along the world axes, and "
        "$I_{xx} = 0.45$ kg m², $I_{yy} = 1.09$ kg m², $I_{zz} = 1.36$ kg m². Now drag the **angle** to **90°**. What is "
        "the world-frame $I_{xx}$ then?",
        ("1.09 kg m², the old $I_{yy}$", "0.45 kg m², unchanged", "1.36 kg m², the old $I_{zz}$"),
        {"angle_from": 0.0, "angle": 90.0, "tilt": 0.0},
        "I_xx (world) = {Ixx_after:.3f} kg m² at 90° (it was I_yy = {Iyy_before:.3f}): the box's y edge now lies along "
        "the world x axis; the principal moments {moments_after} kg m² have not changed.",
        _nb02_turn,
        lambda f: tuple(abs(f["Ixx_after"] - f[k]) < 1e-9 for k in ("Iyy_before", "Ixx_before", "Izz_before")),
    ),
    Prediction(
        "03", "03.spin_about_z", "nb03",
        "Spinning about the body's $x$ axis, $\\boldsymbol L$ leaves the spin axis (the picture at the top of this "
        "notebook). Now set $\\boldsymbol\\omega_{body} = (0, 0, 1)$ rad/s (**ωx = ωy = 0**, **ωz = 1**): a spin about "
        "the body's $z$ axis. Where does $\\boldsymbol L$ point?",
        ("at an angle to $\\boldsymbol\\omega$, as for the spin about $x$", "along $\\boldsymbol\\omega$",
         "nowhere: $\\boldsymbol L = 0$"),
        {"wx": 0.0, "wy": 0.0, "wz": 1.0},
        "L_body = {L_body} kg m²/s, at {angle_deg:.1f}° from ω: the principal axes are the body axes turned about z "
        "(q_o), so the body's z axis is a principal axis and L = I ω lies along it.",
        _nb03_spin,
        lambda f: (f["angle_deg"] >= 0.5 and f["L_norm"] > 1e-9, f["angle_deg"] < 0.5 and f["L_norm"] > 1e-9,
                   f["L_norm"] <= 1e-9),
    ),
    Prediction(
        "04", "04.slanted_sweet_spot", "nb04",
        "Hit the bat at its centre of percussion (**strike 0.666 m**: the slider snaps to 0.6669 m), but slanted: "
        "**direction 45°** instead of 90°. Just after the hit, the grip end",
        ("stays at rest, as for the square hit", "moves across the bat", "moves along the bat only"),
        {"strike": 0.666, "direction_deg": 45.0},
        "the grip moves at {along:.3f} m/s along the bat and {across:.3f} m/s across it: the blow's component along the "
        "bat pushes the whole bat (grip included) lengthwise; its component across the bat, at the centre of "
        "percussion, leaves the grip at rest.",
        _nb04_strike,
        lambda f: (f["along"] < 1e-9 and f["across"] < 1e-9, f["across"] >= 1e-9,
                   f["along"] >= 1e-9 and f["across"] < 1e-9),
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
        "09", "09.ten_times_smaller", "nb09",
        "With **rk4** over 100 s, make the step ten times smaller: from **Δt = 0.1 s** to **Δt = 0.01 s** (type the values "
        "into the box next to the slider). The largest error against the exact solution, max $|\\boldsymbol\\omega - "
        "\\boldsymbol\\omega_\\text{exact}|$, becomes about",
        ("10 times smaller", "10 000 times smaller", "100 times smaller"),
        {"dt_from": 0.1, "dt": 0.01, "method": "rk4", "t_end": 100.0},
        "max |ω − ω_exact| = {error_before:.2e} → {error_after:.2e} rad/s, {ratio:.0f} times smaller: RK4 is fourth "
        "order, error ∝ Δt⁴.",
        _nb09_step,
        lambda f: (0.5 <= f["log_ratio"] < 1.5, 3.0 <= f["log_ratio"] < 5.0, 1.5 <= f["log_ratio"] < 3.0),
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
        "11", "11.steeper_start", "nb11",
        "At a spin of 60 rad/s and no initial precession, let the top go at a larger tilt: drag **θ₀** from **40°** to "
        "**80°**. The nodding of the axis, the range of the tilt θ between its two turning points, is",
        ("wider", "narrower", "the same (within 0.1°)"),
        {"tilt_from": 40.0, "tilt_deg": 80.0, "spin": 60.0, "precession": 0.0},
        "θ ranges over {width_before:.2f}° at 40° and {width_after:.2f}° at 80°: the gravity torque mgl sin θ is larger "
        "at the steeper start, so the axis falls further before the spin turns it back.",
        _nb11_tilt,
        lambda f: (f["width_after"] > f["width_before"] + 0.1, f["width_after"] < f["width_before"] - 0.1,
                   abs(f["width_after"] - f["width_before"]) <= 0.1),
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
