"""Play a student on every exercise check of the collection (rbteach.exercises.nbXX).

For each :class:`rbteach.exercises.Exercise`: the right answer typed as the notebook prints it
(4 decimals, or 4 significant digits) is accepted in every way of writing numbers (list, tuple,
NumPy, a SymPy column, -q for a quaternion, -a for an axis); each typical mistake the check knows
is refused with its own hint, typed at 4 and at 3 significant digits (a hint's tolerance scales
with the hint's own value); a value 3 % off is refused; a value 0.5 % off is called close; the
placeholder and malformed answers get a plain sentence, never "shape" or a traceback; no hint
value is within the "close" band of the right answer (the data discriminate); an answer that is
not a rotation (kind "value") is refused with the opposite sign; every four-number answer knows the
scalar-last mistake; and no hint gives the answer away.
"""

from __future__ import annotations

import decimal
import fractions
import pkgutil

import numpy as np
import pytest
import sympy as sp

import rbteach.exercises as ex
from rbteach import quaternion as Q
from rbteach.exercises import CLOSE, Exercise, hint_tolerance

MODULES = sorted(m.name for m in pkgutil.iter_modules(ex.__path__) if m.name.startswith("nb"))


def _exercises():
    return [pytest.param(c, id=f"nb{k}") for k, c in ex.checks().items() if isinstance(c, Exercise)]


EXERCISES = _exercises()


def test_every_notebook_has_exercises_and_there_are_at_least_29():
    per_module = {p.id.split(".")[0] for p in EXERCISES}
    assert per_module == set(MODULES)
    assert len(EXERCISES) >= 29, len(EXERCISES)


def _round_sig(x, digits=4):
    x = np.asarray(x, dtype=float)
    with np.errstate(divide="ignore"):
        mag = np.where(x == 0, 0, np.floor(np.log10(np.abs(np.where(x == 0, 1, x)))))
    scale = 10.0 ** (digits - 1 - mag)
    return np.round(x * scale) / scale


def _forms(value):
    """Ways a student writes ``value``: as printed (4 decimals), 4 significant digits, a list, ..."""
    v = np.asarray(value, dtype=float)
    printed = np.round(v, 4)
    forms = [printed, _round_sig(v), printed.tolist()]
    if v.ndim == 0:
        forms += [float(printed), [float(printed)], sp.Float(float(printed), 5),
                  decimal.Decimal(str(float(printed))), fractions.Fraction(str(float(printed)))]
    elif v.ndim == 1:
        forms += [tuple(printed.tolist()), sp.Matrix(printed.tolist()), sp.Matrix([printed.tolist()]),
                  printed.reshape(-1, 1), [decimal.Decimal(str(x)) for x in printed.tolist()],
                  [fractions.Fraction(str(x)) for x in printed.tolist()]]
        if v.size == 4:
            forms.append(sp.Quaternion(*[sp.Rational(str(x)) for x in printed.tolist()]))
    else:
        forms += [sp.Matrix(printed.tolist())]
    return forms


@pytest.mark.parametrize("exercise", EXERCISES)
def test_right_answer_as_printed_is_accepted_in_every_form(exercise):
    e = exercise.expected
    for form in _forms(e):
        fb = exercise(form)
        assert fb, f"{exercise.name}: the right answer {form!r} was refused: {fb}"
        assert "correct" in fb
    if exercise.kind in ("quaternion", "axis"):
        assert exercise(-np.round(e, 4)), f"{exercise.name}: the opposite sign must be accepted"
    else:
        fb = exercise(-np.round(e, 4))
        assert not fb, f"{exercise.name}: −answer is accepted, but only a rotation or an axis is sign-free: {fb}"
    if exercise.period:
        for k in (-1, 1, 2):
            assert exercise(np.round(e + k * exercise.period, 4)), f"{exercise.name}: an angle + {k} turns"


def test_only_rotations_and_axes_are_sign_free():
    """A rate q̇ or a vector is not a unit quaternion: −answer is another answer (05 Ex 4 accepted −q̇)."""
    from rbteach.exercises import nb05, nb06
    for check in (nb05.check_attitude_rate, nb06.check_qdot_body):
        assert check.kind == "value"
        fb = check(-np.round(check.expected, 4))
        assert not fb and "−q̇" in fb, fb
    for p in EXERCISES:
        ex_ = p.values[0]
        if ex_.kind == "quaternion":                 # sign-free only for a unit quaternion (a rotation)
            assert abs(np.linalg.norm(ex_.expected) - 1) < 1e-9, ex_.name


@pytest.mark.parametrize("exercise", EXERCISES)
def test_each_known_mistake_is_refused_with_its_hint(exercise):
    hints = exercise.hints
    for text, wrong in hints.items():
        for typed in (np.round(wrong, 4), _round_sig(wrong, 4), _round_sig(wrong, 3)):
            fb = exercise(typed.tolist())
            assert not fb, f"{exercise.name}: the mistake '{text}' is accepted"
            assert text in fb, f"{exercise.name}: the mistake '{text}' typed as {typed} got another message: {fb}"
            assert fb.verdict == "hint" and fb.hint_id, fb
    for text, wrong in exercise.exact_hints.items():
        fb = exercise(wrong.tolist())
        assert not fb and text in fb, fb


def test_hints_found_when_typed_as_asked():
    """The issue's examples: a large wrong value typed at 4 significant digits finds its hint."""
    from rbteach.exercises import nb01, nb04, nb07, nb08, nb09, nb11
    cases = [(nb08.check_attitude_angle, 80.24, "degrees"), (nb11.check_slow_precession, 24.95, "fast root"),
             (nb09.check_euler_energy_drift, 1.277, "subtract 1"),
             (nb04.check_impulse_energy, 237.7, None), (nb01.check_axis_moment, [2.507, 1.12], "unit vector"),
             (nb07.check_error_ratio, 16, "2⁴"), (nb07.check_error_ratio, 16.0, "2⁴")]
    for check, typed, words in cases:
        fb = check(typed)
        assert not fb and "Hint:" in fb, f"{check.name}({typed}): {fb}"
        if words:
            assert words in fb, fb


def test_corrected_hint_texts():
    from rbteach.exercises import nb04, nb11
    texts = " ".join(nb04.check_impulse_energy.hints)
    assert "only for a body at rest" not in texts and "J·v_p before = 0" in texts
    slow = " ".join(nb11.check_slow_precession.hints)
    assert "4.8 % larger" in slow and "4.6" not in slow and "4.6" not in nb11.__doc__


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_four_number_answer_knows_the_scalar_last_mistake(exercise):
    e = exercise.expected
    if e.shape != (4,):
        return
    xyzw = Q.to_xyzw(e)
    fb = exercise(np.round(xyzw, 4))
    assert not fb and fb.verdict == "hint" and "scalar" in fb, f"{exercise.name}: {fb}"


_ANSWER_GIVEN_AWAY = {"composition": "Q_Z ⊗ Q_X", "turns about the body's own axes": "q0 ⊗ q_z ⊗ q_y",
                      "q = q_r ⊗ q_o": "q = q_r ⊗ q_o"}


@pytest.mark.parametrize("exercise", EXERCISES)
def test_no_hint_gives_the_answer_away(exercise):
    for text in list(exercise.hints) + list(exercise.exact_hints):
        assert "the answer is" not in text.lower(), f"{exercise.name}: {text}"
        formula = _ANSWER_GIVEN_AWAY.get(exercise.name)
        assert formula is None or formula not in text, f"{exercise.name}: the hint writes the answer: {text}"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_data_discriminate_every_hint_is_clearly_wrong(exercise):
    e = exercise.expected
    s = float(np.max(np.abs(e)))
    band = max(CLOSE * s, 20 * exercise.atol)
    right = max(6e-4 * s, exercise.atol)
    for text, wrong in exercise.hints.items():
        assert wrong.shape == e.shape, f"{exercise.name}: hint '{text}' has shape {wrong.shape}"
        d = _dist(wrong, e, exercise)
        assert d > band + hint_tolerance(wrong, exercise.atol), (
            f"{exercise.name}: the mistake '{text}' (with its own band) reaches the close band of the right "
            f"answer ({d:.3g})")
    for text, wrong in exercise.exact_hints.items():   # a round value (theory) near a measured answer
        assert _dist(wrong, e, exercise) > 2 * right, f"{exercise.name}: '{text}' is within rounding"


def _dist(a, b, exercise):
    def one(x):
        x = np.abs(x)
        if exercise.period:
            x = np.minimum(np.mod(x, exercise.period), exercise.period - np.mod(x, exercise.period))
        return float(x.max())
    d = one(a - b)
    if exercise.kind in ("quaternion", "axis"):
        d = min(d, one(a + b))
    return d


@pytest.mark.parametrize("exercise", EXERCISES)
def test_three_percent_off_is_refused_and_half_a_percent_is_close(exercise):
    e = exercise.expected
    s = float(np.max(np.abs(e)))
    k = int(np.argmax(np.abs(e)))
    for factor, word in ((0.03, "not yet"), (0.005, "close")):
        off = e.astype(float).copy()
        off.flat[k] += factor * s
        fb = exercise(np.round(off, 6).tolist())
        assert not fb, f"{exercise.name}: {factor:.1%} off is accepted"
        if word == "close" and not any(np.allclose(off, w, atol=max(6e-4 * s, exercise.atol)) for w in exercise.hints.values()):
            assert "close" in fb, fb


@pytest.mark.parametrize("exercise", EXERCISES)
def test_placeholders_and_malformed_answers_get_plain_words(exercise):
    e = exercise.expected
    assert "no answer yet" in exercise(None)
    n = e.size
    bad = [
        "0.5",                                   # a string
        True,                                    # a bool
        [0.1] * (n + 1),                         # one number too many
        complex(1, 1) if n == 1 else [complex(1, 1)] + [0.0] * (n - 1),
        float("nan") if n == 1 else [float("nan")] + [0.0] * (n - 1),
        sp.Symbol("x") if n == 1 else [sp.Symbol("x")] + [0.0] * (n - 1),
    ]
    for answer in bad:
        fb = exercise(answer)
        assert not fb, f"{exercise.name}: {answer!r} accepted"
        assert "shape" not in fb and "expected" not in fb and "Traceback" not in fb, fb
        assert fb.startswith(exercise.name + ":") and "give" in fb, fb


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_hint_has_a_stable_id_unique_in_its_exercise(exercise):
    """A gradebook counts misconceptions by id (issue 19 §2): ids are written with the hint, not derived."""
    from rbteach.exercises import Hint
    hints = list(exercise.hints) + list(exercise.exact_hints)
    ids = [h.id for h in hints if isinstance(h, Hint)]
    assert len(ids) == len(hints), f"{exercise.name}: a hint without an id"
    assert len(set(ids)) == len(ids), f"{exercise.name}: ids repeat: {sorted(ids)}"
    for text, wrong in exercise.hints.items():
        assert exercise(np.round(wrong, 4).tolist()).hint_id == text.id
