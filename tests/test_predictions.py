"""Predict, then observe (issue 20 §2): a question before every explorer and player, answered by rbteach.

* every ``live(nbNN)`` cell and every ``attitude_player(...)`` cell of notebooks 00–11 is preceded by a
  Markdown cell with metadata ``{"rbteach": {"predict": id}}``; its text is the Prediction's rendering
  (one place for the text) and its target matches the cell;
* each Prediction is right: the explorer (or the simulation the player shows) is set to the values
  the question names and asked again here, through its ``summary()`` text or other rbteach
  functions, independently of the Prediction's own ``decide``; exactly one choice is true;
* the values the question names are values the explorer's controls can take, and the question says them;
* the student edition keeps the predict cells, and no notebook prints an answer.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import numpy as np
import pytest

from rbteach import analytic, course, dynamics, inertia, quaternion as Q, top
from rbteach.teaching import predictions as P

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
BY_ID = {p.id: p for p in P.PREDICTIONS}


def _src(cell) -> str:
    s = cell.get("source", "")
    return s if isinstance(s, str) else "".join(s)


def _load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _target(cell):
    """The explorer module a code cell shows ("nb08"), "player", or None."""
    if cell["cell_type"] != "code":
        return None
    src = _src(cell)
    if re.search(r"^\s*attitude_player\(", src, re.M):
        return "player"
    m = re.search(r"^\s*live\((nb\d\d)\b", src, re.M)
    return m.group(1) if m else None


def _numbers(text):
    return [float(x) for x in re.findall(r"[-−]?\d+(?:\.\d+)?(?:e[-+]?\d+)?", text.replace("−", "-"))]


# ----------------------------------------------------------------- the notebooks carry the questions


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_every_explorer_and_player_is_preceded_by_its_question(path):
    nb = _load(path)
    cells = nb["cells"]
    seen = []
    for i, cell in enumerate(cells):
        target = _target(cell)
        if target is None:
            continue
        prev = cells[i - 1]
        pid = prev.get("metadata", {}).get("rbteach", {}).get("predict")
        assert prev["cell_type"] == "markdown" and pid, f"{path.name} cell {i} ({target}): no predict cell before it"
        assert pid in BY_ID, f"{path.name} cell {i - 1}: unknown prediction {pid!r}"
        p = BY_ID[pid]
        assert p.notebook == path.name[:2] and p.target == target, (pid, p.notebook, p.target, target)
        assert _src(prev) == p.markdown(), f"{path.name} cell {i - 1}: text differs from {pid}'s rendering"
        seen.append(pid)
    # no stray predict cell, and every prediction of the notebook is shown once
    tagged = [c["metadata"]["rbteach"]["predict"] for c in cells if "predict" in c.get("metadata", {}).get("rbteach", {})]
    assert sorted(tagged) == sorted(seen)
    assert sorted(seen) == sorted(p.id for p in P.predictions(path.name[:2]))


def test_every_notebook_explorer_has_a_question():
    """At least one question per notebook: each numbered notebook has a live explorer."""
    assert {p.notebook for p in P.PREDICTIONS} == {p.name[:2] for p in NOTEBOOKS}
    assert len({p.id for p in P.PREDICTIONS}) == len(P.PREDICTIONS)


@pytest.mark.parametrize("p", P.PREDICTIONS, ids=lambda p: p.id)
def test_the_question_is_well_formed(p):
    assert p.id.startswith(p.notebook + ".") and 2 <= len(p.choices) <= 4
    assert len(set(p.choices)) == len(p.choices)
    text = p.markdown()
    for k, choice in enumerate(p.choices):
        assert f"({'abcd'[k]}) {choice}" in text
    assert "Predict, then observe" in text
    # the answer is not in the notebook: neither the teacher's line nor a letter given away
    assert not re.search(r"(?i)\banswer\b|correct|\bright choice", text)


@pytest.mark.parametrize("p", [p for p in P.PREDICTIONS if p.target != "player"], ids=lambda p: p.id)
def test_named_values_are_the_explorers_own(p):
    """Each value a question names is one its control can take, and the question says it."""
    mod = importlib.import_module(f"rbteach.explorers.{p.target}")
    controls = mod.controls()
    for key, value in p.settings.items():
        name = key[: -len("_from")] if key.endswith("_from") else key
        if name == "angle" and p.target == "nb05":
            name = "angle_deg"
        if name == "tilt" and p.target == "nb11":
            name = "tilt_deg"
        assert name in controls, f"{p.id}: {key!r} is no control of {p.target}"
        w = controls[name]
        if hasattr(w, "options") and not hasattr(w, "min"):
            values = [o[1] if isinstance(o, tuple) else o for o in w.options]
            assert value in values, (p.id, key, value)
            continue
        if type(w).__name__ == "FloatLogSlider":
            lo, hi = w.base ** w.min, w.base ** w.max
        else:
            lo, hi = w.min, w.max
        assert lo - 1e-12 <= value <= hi + 1e-12, f"{p.id}: {key} = {value} outside [{lo}, {hi}]"
        if value != mod.DEFAULTS.get(name):
            shown = _numbers(p.question)
            assert any(np.isclose(value, x) for x in shown), f"{p.id}: the question does not say {key} = {value:g}"


# ----------------------------------------------------------------- each answer, asked again


def _summary(module, **values):
    return importlib.import_module(f"rbteach.explorers.{module}").summary(**values)


def _after(text, label):
    """The numbers printed after ``label`` in a summary."""
    i = text.index(label) + len(label)
    return _numbers(text[i:].split("\n")[0])


def _observed_00(p):
    q = _after(_summary("nb00", **p.settings), "q (w, x, y, z) = ")[:4]
    return [q == [1, 0, 0, 0], q == [-1, 0, 0, 0], np.allclose(q, [0, 0.577, 0.577, 0.577], atol=1e-3)]


def _observed_01(p):
    base = {**p.settings, "dx": 0.0, "dy": 0.0, "dz": 0.0}
    before = _after(_summary("nb01", **base), "moments I_xx, I_yy, I_zz = ")[0]
    after = _after(_summary("nb01", **p.settings), "moments I_xx, I_yy, I_zz = ")[0]
    return [after > before, after < before, after == before]


def _observed_02(p):
    box = inertia.box(12.0, 1.0, 0.6, 0.3)             # nb02's box: 12 kg, 1 × 0.6 × 0.3 m
    turned = inertia.rotate(box, Q.to_matrix(Q.from_axis_angle([0, 0, 1], np.radians(p.settings["angle"]))))
    shown = importlib.import_module("rbteach.explorers.nb02").compute(angle=p.settings["angle"], tilt=p.settings["tilt"])
    assert np.isclose(shown["inertia_world"][0, 0], turned[0, 0])
    return [np.isclose(turned[0, 0], box[1, 1]), np.isclose(turned[0, 0], box[0, 0]), np.isclose(turned[0, 0], box[2, 2])]


def _observed_03(p):
    text = _summary("nb03", **p.settings)
    angle = _after(text, "∠(ω, L) = ")[0]
    L = _after(text, "|L| = ")[0]
    return [angle >= 0.5 and L > 0, angle < 0.5 and L > 0, L == 0]


def _observed_04(p):
    text = _summary("nb04", **p.settings)
    assert "the centre of percussion" in text                     # the slider snapped onto it
    v = _after(text, "grip-end velocity just after = ")[:3]
    return [np.allclose(v, 0), abs(v[1]) > 0, abs(v[0]) > 0 and v[1] == 0 and v[2] == 0]


def _observed_05(p):
    rest = {k: v for k, v in p.settings.items() if k != "angle_from"}
    qa = np.array(_after(_summary("nb05", **rest | {"angle_deg": p.settings["angle_from"]}), "q = (w, x, y, z) = ")[:4])
    qb = np.array(_after(_summary("nb05", **rest), "q = (w, x, y, z) = ")[:4])
    same_R = np.allclose(Q.to_matrix(Q.normalize(qa)), Q.to_matrix(Q.normalize(qb)), atol=1e-3)
    return [np.allclose(qa, -qb) and same_R, np.allclose(qa, qb) and same_R, not same_R]


def _observed_06(p):
    drift = _after(_summary("nb06", **p.settings), "max |L − L₀|/|L₀| ")
    value = drift[-1] if drift else 0.0                     # "< 1e-12" prints the bound
    return [value < 1e-12, 1e-12 <= value <= 0.1, value > 0.1]


def _observed_07_sphere(p):
    s = p.settings
    run = dynamics.simulate([s["I1"], s["I2"], s["I3"]], [s["w1"], s["w2"], s["w3"]], dt=s["dt"],
                            steps=int(round(20 / s["dt"])), method=s["method"])
    spread = np.ptp(run.omega_body, axis=0)
    flips = np.any(np.sign(run.omega_body[:, 2]) != np.sign(run.omega_body[0, 2]))
    return [spread.max() < 1e-12, spread[2] < 1e-12 and spread[0] > 0.1 and not flips, flips]


def _observed_07_player(p):
    s = p.settings
    t = np.linspace(0.0, s["dt"] * s["steps"], 400)
    _, q = analytic.symmetric_top(s["moments"], s["omega0"], t)           # the exact attitude
    L = Q.rotate(q[0], np.multiply(s["moments"], s["omega0"]))
    z = Q.to_matrix(q)[:, :, 2]
    cone = np.degrees(np.arccos(np.clip(z @ L / np.linalg.norm(L), -1, 1)))
    travel = np.degrees(np.arccos(np.clip((z @ z[0]).min(), -1, 1)))
    assert np.allclose(cone, np.degrees(analytic.symmetric_top_cones(s["moments"], s["omega0"]).theta), atol=1e-6)
    return [travel < 1, cone.max() > 150, travel > 1 and np.ptp(cone) < 1e-6]


def _observed_08(p):
    rest = {k: v for k, v in p.settings.items() if k != "I1_from"}
    before, after = _summary("nb08", **rest | {"I1": p.settings["I1_from"]}), _summary("nb08", **rest)
    T0, T1 = _after(before, "T = ")[0], _after(after, "T = ")[0]
    flip = "a flip" in after
    # the same by the linear growth rate at the middle axis: slower when I₁ nears I₂
    rate = lambda I1: np.sqrt((rest["I3"] - 1.0) * (1.0 - I1) / (I1 * rest["I3"]))   # noqa: E731
    assert (rate(rest["I1"]) < rate(p.settings["I1_from"])) == (T1 > T0)
    return [flip and T1 < T0, flip and T1 > T0, not flip]


def _observed_08_player(p):
    s = p.settings
    V, F = inertia.t_handle_mesh()
    moments = np.diag(inertia.mesh(V, F, mass=s["mass"])[2])
    T = analytic.flip_period(moments, s["omega0"])
    t = np.linspace(0.0, T, 801)
    omega, q = analytic.free_body_attitude(moments, s["omega0"], t)       # exact, not the RK4 run
    L = Q.rotate(q[0], moments * omega[0])
    c = Q.to_matrix(q)[:, :, 2] @ (L / np.linalg.norm(L))
    return [c.min() < -0.99 and c[-1] > 0.99, c.min() > 0.9, c.min() < -0.9 and c[-1] < -0.9]


def _observed_09(p):
    rest = {k: v for k, v in p.settings.items() if k != "dt_from"}
    e0 = _after(_summary("nb09", **rest | {"dt": p.settings["dt_from"]}), "max |ω − ω_exact| = ")[0]
    e1 = _after(_summary("nb09", **rest), "max |ω − ω_exact| = ")[0]
    r = np.log10(e0 / e1)
    return [0.5 <= r < 1.5, 3 <= r < 5, 1.5 <= r < 3]


def _observed_10(p):
    before, after = _after(_summary("nb10", **p.settings), "kinetic energy ")[:2]
    return [after == before, after < before, after > before]


def _observed_11(p):
    rest = {k: v for k, v in p.settings.items() if k != "tilt_from"}
    widths = []
    for tilt in (p.settings["tilt_from"], rest["tilt_deg"]):
        lo, hi = _after(_summary("nb11", **rest | {"tilt_deg": tilt}), "θ between the cubic's roots ")[:2]
        widths.append(hi - lo)
    m = importlib.import_module("rbteach.explorers.nb11")
    I1, I3 = m.MOMENTS[0], m.MOMENTS[2]
    exact = [np.degrees(np.diff(top.nutation_bounds(I1, I3, m.MGL, np.radians(th), rest["precession"], rest["spin"])))[0]
             for th in (p.settings["tilt_from"], rest["tilt_deg"])]
    assert np.allclose(widths, exact, atol=0.01)
    return [widths[1] > widths[0] + 0.1, widths[1] < widths[0] - 0.1, abs(widths[1] - widths[0]) <= 0.1]


OBSERVED = {
    "00.full_turn": _observed_00, "01.shift_along_x": _observed_01, "02.quarter_turn": _observed_02,
    "03.spin_about_z": _observed_03, "04.slanted_sweet_spot": _observed_04, "05.minus_260": _observed_05,
    "06.omega_as_state": _observed_06, "07.sphere": _observed_07_sphere, "07.plate_player": _observed_07_player,
    "08.flip_later": _observed_08, "08.t_handle_player": _observed_08_player, "09.ten_times_smaller": _observed_09,
    "10.elastic_with_friction": _observed_10, "11.steeper_start": _observed_11,
}


def test_every_prediction_is_checked_here():
    assert set(OBSERVED) == set(BY_ID)


@pytest.mark.parametrize("p", P.PREDICTIONS, ids=lambda p: p.id)
def test_answer_is_what_the_explorer_shows_and_unambiguous(p):
    observed = [bool(x) for x in OBSERVED[p.id](p)]
    assert sum(observed) == 1, f"{p.id}: {sum(observed)} choices true as observed: {observed}"
    assert observed.index(True) == p.answer()
    assert list(p.verdicts()) == observed
    line = p.explanation()
    assert line and "{" not in line and not re.search(r"\d\.\d+e-1[3-9]", line), line   # no rounding noise


def test_answers_are_spread_over_the_choices():
    """No letter wins every time, so a student cannot guess the pattern."""
    letters = [p.letter() for p in P.PREDICTIONS]
    assert max(letters.count(x) for x in set(letters)) <= len(letters) // 2


def test_the_student_edition_keeps_the_questions():
    for path in NOTEBOOKS:
        nb = _load(path)
        student = course.edition(nb, "student", name=path.name)
        want = [_src(c) for c in nb["cells"] if "predict" in c.get("metadata", {}).get("rbteach", {})]
        got = [_src(c) for c in student["cells"] if "predict" in c.get("metadata", {}).get("rbteach", {})]
        assert got == want and want, path.name


def test_no_notebook_shows_an_answer():
    """The teacher's lines (the reasons with their numbers) appear in no notebook."""
    text = "\n".join(_src(c) for path in NOTEBOOKS for c in _load(path)["cells"])
    for p in P.PREDICTIONS:
        assert p.explanation() not in text


def test_bad_input():
    with pytest.raises(ValueError, match="notebook"):
        P.predictions("eight")
    with pytest.raises(ValueError, match="notebook"):
        P.predictions(3.5)
    with pytest.raises(ValueError, match="no prediction"):
        P.prediction("08.nothing")
    assert P.predictions(8) == P.predictions("08") and P.prediction("08.flip_later").notebook == "08"
    broken = P.Prediction("99", "99.x", "nb08", "q", ("a", "b"), {}, "", lambda s: {}, lambda f: (True, True))
    with pytest.raises(RuntimeError, match="2 of its choices"):
        broken.answer()
