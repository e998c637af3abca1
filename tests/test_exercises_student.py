"""Play a student on every exercise check of the collection (rbteach.exercises.nbXX).

For each :class:`rbteach.exercises.Exercise`: the right answer typed as the notebook prints it
(4 decimals, or 4 significant digits) is accepted in every way of writing numbers (list, tuple,
NumPy, a SymPy column, -q for a quaternion, -a for an axis); each typical mistake the check knows
is refused with its own hint; a value 3 % off is refused; a value 0.5 % off is called close; the
placeholder and malformed answers get a plain sentence, never "shape" or a traceback; and no
hint value is within the "close" band of the right answer (the data discriminate).
"""

from __future__ import annotations

import importlib
import pkgutil

import numpy as np
import pytest
import sympy as sp

import rbteach.exercises as ex
from rbteach.exercises import CLOSE, Exercise

MODULES = sorted(m.name for m in pkgutil.iter_modules(ex.__path__) if m.name.startswith("nb"))


def _exercises():
    out = []
    for name in MODULES:
        mod = importlib.import_module(f"rbteach.exercises.{name}")
        for attr in sorted(vars(mod)):
            obj = getattr(mod, attr)
            if isinstance(obj, Exercise):
                out.append(pytest.param(obj, id=f"{name}.{attr}"))
    return out


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
        forms += [float(printed), [float(printed)], sp.Float(float(printed), 5)]
    elif v.ndim == 1:
        forms += [tuple(printed.tolist()), sp.Matrix(printed.tolist()), sp.Matrix([printed.tolist()]),
                  printed.reshape(-1, 1)]
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


@pytest.mark.parametrize("exercise", EXERCISES)
def test_each_known_mistake_is_refused_with_its_hint(exercise):
    hints = exercise.hints
    for text, wrong in hints.items():
        fb = exercise(np.round(wrong, 4).tolist())
        assert not fb, f"{exercise.name}: the mistake '{text}' is accepted"
        assert text in fb, f"{exercise.name}: the mistake '{text}' got another message: {fb}"


@pytest.mark.parametrize("exercise", EXERCISES)
def test_data_discriminate_every_hint_is_clearly_wrong(exercise):
    e = exercise.expected
    s = float(np.max(np.abs(e)))
    band = max(CLOSE * s, 20 * exercise.atol)
    for text, wrong in exercise.hints.items():
        assert wrong.shape == e.shape, f"{exercise.name}: hint '{text}' has shape {wrong.shape}"
        d = np.abs(wrong - e).max()
        if exercise.kind in ("quaternion", "axis"):
            d = min(d, np.abs(wrong + e).max())
        assert d > band, f"{exercise.name}: the mistake '{text}' gives nearly the right answer ({d:.3g} ≤ {band:.3g})"


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
