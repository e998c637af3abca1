"""A check never raises, never warns and always speaks plain words, whatever a student types.

Issue 17 §2: every check raised OverflowError on ``10**400``; ``check(np.linalg.norm)`` said
"_ArrayFunctionDispatcher is not a number"; ``sp.nan`` and ``sp.Integer(1)/0`` were "complex"; a
symbol-free SymPy object "still contained a symbol". The named cases below are those reports; the
hypothesis test throws arbitrary Python values (numbers of any size and kind, text, functions, types,
SymPy objects, objects whose ``__float__`` or ``__len__`` raises, and lists, tuples, dicts, sets and
generators of them, nested) at every exercise check, and asserts a :class:`Feedback` every time, with
no exception and no warning.
"""

from __future__ import annotations

import decimal
import fractions
import math
import numbers
import warnings

import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rbteach.exercises as ex
from rbteach.exercises import Exercise, Feedback
from rbteach.exercises import nb02



def _checks():
    return [pytest.param(c, id=f"nb{k}") for k, c in ex.checks().items()]


CHECKS = _checks()


def _name(check):
    return check.name if isinstance(check, Exercise) else "O"


class FloatRaises:
    def __float__(self):
        raise RuntimeError("no float for you")


class RealRaises:
    """Claims to be a real number (registered with numbers.Real) but cannot be converted."""

    def __float__(self):
        raise ZeroDivisionError("broken")

    def __repr__(self):
        raise RuntimeError("and no repr either")


numbers.Real.register(RealRaises)


class LenRaises:
    def __len__(self):
        raise RuntimeError("no len")

    def __getitem__(self, i):
        raise RuntimeError("no item")


class ArrayRaises:
    def __array__(self, *args, **kwargs):
        raise RuntimeError("no array")


class AttrRaises:
    def __getattr__(self, name):
        raise RuntimeError(f"no {name}")


def _self_list():
    x = [1.0, 2.0]
    x.append(x)
    return x


SPECIAL = [
    10**400, -10**400, math.factorial(200), fractions.Fraction(3**1000), fractions.Fraction(1, 3**1000),
    decimal.Decimal("1e400"), decimal.Decimal("-1e99999"), decimal.Decimal("NaN"), decimal.Decimal("sNaN"),
    decimal.Decimal("Infinity"), 10**5000, float("nan"), float("inf"), -float("inf"), 1e308, -1e308, 5e-324,
    np.float64("nan"), np.int64(2**62), np.float32(3.0), np.complex128(1j), np.bool_(True),
    np.linalg.norm, len, print, math.sqrt, np.sin, lambda x: x, float, type, object(), Ellipsis,
    sp.nan, sp.zoo, sp.oo, -sp.oo, sp.Integer(1) / 0, sp.Integer(10)**400, sp.Symbol("x"), sp.Symbol("x") + 1,
    sp.Interval(0, 1), sp.true, sp.I, sp.sqrt(-2), sp.Matrix([[1, 2], [3, 4]]), sp.Quaternion(1, 2, 3, 4),
    sp.Quaternion(sp.Symbol("a"), 0, 0, 0), sp.Function("f"), sp.pi, sp.E**1000,
    FloatRaises(), RealRaises(), LenRaises(), ArrayRaises(), AttrRaises(), _self_list(),
    {}, {1: 2}, {1.5: "a"}, set(), {1.0, 2.0, 3.0}, frozenset({1}), range(3), (i for i in range(3)),
    iter([1, 2, 3]), map(float, [1, 2]), zip([1], [2]), {"a": 1}.keys(), b"0.5", bytearray(b"1"), "1e400",
    [None, None, None], [[None]], [[1, 2], [3]], [[[[[1.0]]]]], np.zeros((0,)), np.zeros((2, 0, 3)),
    np.array([1, "a"], dtype=object), np.ma.masked_array([1.0, 2.0, 3.0], mask=[0, 1, 0]),
    np.array(["1", "2", "3"]), np.datetime64("2020-01-01"), slice(1, 2), 1 + 0j, complex(1e308, 1e308),
]


@pytest.mark.parametrize("check", CHECKS)
def test_named_hostile_answers_get_a_feedback_and_no_warning(check):
    for value in SPECIAL:
        _assert_feedback(check, value)
        _assert_feedback(check, [value, value, value])
        _assert_feedback(check, [value] + [0.0] * (max(check.expected.size, 1) - 1)
                         if isinstance(check, Exercise) else [[value, 0, 0], [0, 1, 0], [0, 0, 1]])


def _assert_feedback(check, value):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fb = check(value)
    assert isinstance(fb, Feedback), f"{_name(check)}: {type(fb)}"
    assert str(fb).startswith(_name(check) + ":"), fb
    assert "Traceback" not in fb and "shape" not in fb and "dtype" not in fb, fb
    assert len(fb) < 600, fb
    assert not caught, f"{_name(check)}: {[str(w.message) for w in caught]} for {type(value).__name__}"
    return fb


def test_messages_a_student_can_read():
    from rbteach.exercises import nb01, nb05

    rod = nb01.check_rod_end
    assert "function" in rod(np.linalg.norm) and "call it" in rod(np.linalg.norm)
    assert "_ArrayFunctionDispatcher" not in rod(np.linalg.norm)
    for value, words in ((sp.nan, "not a number"), (sp.Integer(1) / 0, "infinite"), (sp.zoo, "infinite"),
                         (10**400, "too large"), (math.factorial(200), "too large"),
                         (fractions.Fraction(3**1000), "too large"), (-10**400, "too large")):
        fb = rod(value)
        assert words in fb and "complex" not in fb, fb
    for value in (sp.Interval(0, 1), sp.true, sp.FiniteSet(1, 2), sp.Tuple(1, 2)):
        fb = rod(value)
        assert not fb and "symbol" not in fb, fb
    assert "symbol" in rod(sp.Symbol("m") * 2)
    assert "generator" in rod(x for x in [1.0])
    assert "set" in rod({0.968}) and "dict" in rod({0.968: 1})
    assert "None" in nb05.check_rotated_vector([None, 1, 2])


def test_reasonable_forms_are_accepted():
    from rbteach.exercises import nb01, nb03, nb05

    e = float(nb01.check_rod_end.expected)
    assert nb01.check_rod_end(decimal.Decimal(f"{e:.4f}"))
    assert nb01.check_rod_end(fractions.Fraction(f"{e:.4f}"))
    q = np.round(nb05.check_axis_angle_quaternion.expected, 4)
    assert nb05.check_axis_angle_quaternion(sp.Quaternion(*[sp.Float(x) for x in q]))
    assert nb05.check_axis_angle_quaternion(sp.Quaternion(*[-sp.Float(x) for x in q]))
    moments = nb02.check_principal_moments.expected
    assert nb02.check_principal_moments(set(np.round(moments[::-1], 4).tolist()))
    exact = sp.Matrix(nb02.EX1_INERTIA.tolist()).applyfunc(lambda x: sp.nsimplify(x, rational=True))
    assert nb02.check_principal_moments(exact.eigenvals())
    psi = float(nb03.check_heading.expected)
    assert nb03.check_heading(round(psi - 360, 4)) and nb03.check_heading(round(psi + 720, 4))


def _special(i):
    """SPECIAL[i] (by index: hypothesis cannot repr 10**5000 or an object whose repr raises)."""
    return SPECIAL[i]


def _safe_array(xs):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.array(xs, dtype=object)
    except Exception:                                # noqa: BLE001
        return xs


_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**600, max_value=10**600),
    st.floats(), st.complex_numbers(), st.fractions(), st.decimals(),
    st.text(max_size=30), st.binary(max_size=10), st.integers(0, len(SPECIAL) - 1).map(_special),
    st.sampled_from([int, float, complex, str, bytes, fractions.Fraction, decimal.Decimal, range, bool,
                     bytearray]).flatmap(st.from_type),
    st.builds(sp.Float, st.floats(allow_nan=False, allow_infinity=False)),
    st.builds(sp.Rational, st.integers(), st.integers(min_value=1)),
)

_ANSWERS = st.recursive(
    _SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=5), st.lists(children, max_size=5).map(tuple),
        st.dictionaries(st.one_of(st.integers(), st.text(max_size=3), st.floats(allow_nan=False)), children,
                        max_size=3),
        st.frozensets(st.one_of(st.integers(), st.floats(allow_nan=False)), max_size=4),
        st.sets(st.one_of(st.integers(), st.text(max_size=3)), max_size=4),
        st.lists(children, max_size=4).map(lambda xs: (x for x in xs)),
        st.lists(children, max_size=4).map(_safe_array),
    ),
    max_leaves=12,
)


@pytest.mark.parametrize("check", CHECKS)
@settings(max_examples=120, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(answer=_ANSWERS)
def test_arbitrary_python_values_always_get_a_feedback(check, answer):
    _assert_feedback(check, answer)
