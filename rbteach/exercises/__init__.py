"""Self-checks for the notebooks' exercises, one module per notebook (``rbteach.exercises.nb01`` ...).

One rule judges every answer, as a teacher would mark a number written on paper
------------------------------------------------------------------------------
The notebooks print 4 decimals (``np.set_printoptions(precision=4)``), so a student copies answers
at that precision. With ``s`` the size of the expected answer (its largest component in absolute
value) and each component ``a`` of the answer against ``e``:

* **right** when ``|a − e| ≤ max(RTOL · s, atol)`` for every component, with ``RTOL = 6e-4`` (an
  answer rounded to 4 significant digits is off by at most 5e-4 relative) and ``atol = ATOL = 5e-5``
  (half a unit in the 4th decimal: a component printed as ``0.0000`` is right as ``0``); an exercise
  whose answer is smaller than about 0.1 states its own ``atol``;
* **a known mistake** when the answer is within ``max(HINT_RTOL · w, atol)`` of one of the
  exercise's ``hints`` (the wrong value ``w`` a typical mistake gives, ``w`` its largest component):
  the tolerance scales with the *hint's* own size, so a wrong value ten times the answer typed at 4
  significant digits still finds its hint, and ``HINT_RTOL = 6e-3`` lets it be typed at 3
  significant digits too (off by at most 5e-3 relative). The hint says what went wrong (and
  :attr:`Feedback.hint_id` names the mistake for a gradebook). Every hint lies farther than the
  close band from the right answer (tests/test_exercises_student.py), so no right or close answer
  is ever taken for a mistake. An ``exact_hint`` (a round value such as the theoretical 2⁴ = 16
  that lies near a *measured* answer) matches only the value itself;
* **close** when every component is within ``max(CLOSE · s, 20 · atol)`` (``CLOSE = 1.5e-2``):
  "close — check your rounding";
* otherwise **not yet**, with the largest difference.

Any way of writing the numbers is accepted: a number (int, float, ``fractions.Fraction``,
``decimal.Decimal``, NumPy, a SymPy number or exact expression such as ``sqrt(2)/2``), a list or
tuple (nested for a matrix), a NumPy array, a SymPy matrix (a 3×1 or 1×3 column for a vector), and
for a four-number answer a ``sympy.algebras.Quaternion`` (read scalar first, ``a + b i + c j + d k``
→ ``(a, b, c, d)``). A unit quaternion that stands for a rotation is right with either sign (``q``
and ``−q`` are one rotation: ``kind="quaternion"``), a direction with either sense
(``kind="axis"``); every other answer — a rate q̇, a rotated vector, a number — has one sign
(``kind="value"``). An angle whose every turn is the same answer (a compass heading) states its
``period`` (360 for degrees), and is right modulo the period (ψ − 360° is ψ). Messages are plain
words ("give three numbers, e.g. [0.1, 0.2, 0.3]").

A check never raises on a student's answer, whatever Python object it is (a function, a set, a
generator, ``10**400``, ``Fraction(3**1000)``, an object whose ``__float__`` raises): it returns a
:class:`Feedback`, a string whose notebook display is the message and whose truth value is the
verdict. ``None`` (the placeholder in an exercise cell) says how to answer. Every check is an
:class:`Exercise` object at the top of its notebook's module, so the test suite finds each one and
plays a student on it.
"""

from __future__ import annotations

import decimal
import numbers
import re
import types
import warnings

import numpy as np

__all__ = ["Exercise", "Feedback", "Hint", "judge", "checks", "RTOL", "ATOL", "CLOSE", "HINT_RTOL", "KINDS"]

#: Relative tolerance of a right answer (4 significant digits, with room for rounding).
RTOL = 6e-4
#: Absolute floor: half a unit in the 4th decimal, the precision the notebooks print.
ATOL = 5e-5
#: Within this (relative to the answer's size), a wrong answer is called close.
CLOSE = 1.5e-2
#: Relative tolerance of a known mistake, scaled by the mistake's own value (3 significant digits).
HINT_RTOL = 6e-3
#: What an answer is: any numbers (one sign), a unit quaternion of a rotation (sign-free), or a
#: direction (sense-free).
KINDS = ("value", "quaternion", "axis")

_WORDS = {1: "one number", 2: "two numbers", 3: "three numbers", 4: "four numbers"}
_EXAMPLES = {1: "0.25", 2: "[0.1, 0.2]", 3: "[0.1, 0.2, 0.3]", 4: "[0.1, 0.2, 0.3, 0.4]"}


class Hint(str):
    """A hint's text (a ``str``, so ``hints`` stay a dict text → wrong value) with a short stable ``id``.

    ``Hint("mass-forgotten", "the moment of inertia is proportional to the mass ...")``; the id
    names the misconception for a gradebook (:attr:`Feedback.hint_id`) and does not change when the
    wording does.
    """

    def __new__(cls, id: str, text: str):
        if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", id):
            raise ValueError(f"id must be lower-case words joined by '-', got {id!r}")
        obj = super().__new__(cls, text)
        obj.id = id
        return obj

    def __reduce__(self):
        return (Hint, (self.id, str(self)))


def hint_id(text: str) -> str:
    """The id of a hint: its :class:`Hint` id, or for a plain string a slug of its first words."""
    if isinstance(text, Hint):
        return text.id
    words = re.findall(r"[a-z0-9]+", str(text).lower())
    return "-".join(words[:6]) or "hint"


class Feedback(str):
    """The printed message of a check, also truthy/falsy as the verdict (for tests).

    ``verdict`` is one of ``"correct"``, ``"hint"`` (a known mistake, named by ``hint_id``),
    ``"close"``, ``"not yet"``, ``"unreadable"`` (not numbers of the right shape) and ``"empty"``
    (no answer yet).
    """

    def __new__(cls, text: str, ok: bool, verdict: str | None = None, hint_id: str | None = None):
        obj = super().__new__(cls, text)
        obj.ok = ok
        obj.verdict = verdict or ("correct" if ok else "not yet")
        obj.hint_id = hint_id
        return obj

    def __bool__(self):
        return self.ok

    def __repr__(self):  # shows as plain text in a notebook
        return str(self)


def _what_to_give(shape: tuple, kind: str) -> str:
    """'give three numbers, e.g. [0.1, 0.2, 0.3]' for the expected ``shape``."""
    n = int(np.prod(shape)) if shape else 1
    if len(shape) == 2:
        rows = ", ".join("[" + ", ".join("0" for _ in range(shape[1])) + "]" for _ in range(shape[0]))
        return f"give a {shape[0]}×{shape[1]} matrix as a list of rows, e.g. [{rows}]"
    words = _WORDS.get(n, f"{n} numbers")
    example = _EXAMPLES.get(n, "[" + ", ".join(["0.1"] * n) + "]")
    if kind == "quaternion":
        return "give four numbers (w, x, y, z), e.g. [0.5, 0.5, 0.5, 0.5]"
    return f"give {words}, e.g. {example}"


def _short(x, limit: int = 40) -> str:
    """``repr(x)`` cut to ``limit`` characters; never raises (a huge int's repr can)."""
    try:
        text = repr(x) if isinstance(x, (str, bytes)) else str(x)
    except Exception:                                # noqa: BLE001 - any object a student types
        text = "that number" if isinstance(x, numbers.Number) else f"this {type(x).__name__}"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _is_sympy(x) -> bool:
    return type(x).__module__.startswith("sympy")


def _unwrap(answer, n: int):
    """Reasonable containers turned into numbers: a SymPy matrix → nested lists, a SymPy quaternion
    → its four components (a, b, c, d) when four numbers are asked for."""
    if _is_sympy(answer):
        if type(answer).__name__ == "Quaternion" and n == 4:
            return [answer.a, answer.b, answer.c, answer.d]
        if hasattr(answer, "tolist") and hasattr(answer, "shape"):
            return answer.tolist()                   # a SymPy Matrix: nested lists of SymPy numbers
    return answer


def _container_problem(answer, give: str) -> str | None:
    """A plain sentence for an answer that is a function, a set, a dict or an iterator."""
    if isinstance(answer, (str, bytes)):
        return f"that is text ({_short(answer)}); {give} without quotes."
    if isinstance(answer, (bool, np.bool_)):
        return f"that is {answer}, a yes/no value; {give}."
    if isinstance(answer, (dict, types.MappingProxyType)):
        return f"that is a dict (keys and values); {give}."
    if isinstance(answer, (set, frozenset)):
        return f"that is a set, which has no order; {give} (a list keeps the order)."
    if isinstance(answer, (types.GeneratorType, map, filter, zip, range, type({}.keys()),
                           type({}.values()))) or (hasattr(type(answer), "__next__")):
        return f"that is a generator or an iterator; {give} (wrap it in list(...))."
    if _is_function(answer):
        return (f"that is a function ({_fname(answer)}), not its result; "
                f"call it with its arguments, e.g. f(x), and {give}.")
    return None


def _fname(f) -> str:
    name = getattr(f, "__name__", None)
    return name if isinstance(name, str) and len(name) < 40 else _short(f)


def _is_function(x) -> bool:
    if isinstance(x, (numbers.Number, np.ndarray, list, tuple)) or _is_sympy(x):
        return False
    return callable(x)


def _to_numbers(answer, shape: tuple, kind: str):
    """``answer`` as a float array of ``shape``, or a plain-words message saying what to give.

    Never raises: any object a student can type gets a message.
    """
    give = _what_to_give(shape, kind)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                return _to_numbers_unsafe(answer, shape, give)
    except _NotANumber as exc:
        return None, f"{exc}; {give}."
    except Exception:                                # noqa: BLE001 - never raise on an answer
        return None, f"that ({_short(answer)}) could not be read as numbers; {give}."


def _to_numbers_unsafe(answer, shape: tuple, give: str):
    n = int(np.prod(shape)) if shape else 1
    answer = _unwrap(answer, n)
    problem = _container_problem(answer, give)
    if problem:
        return None, problem
    if _badly_nested(answer):                        # numpy recurses (and can crash) on a list in itself
        return None, f"that list contains itself or is nested too deeply; {give}."
    try:
        a = np.array(answer, dtype=object)
    except (TypeError, ValueError):                  # ragged lists and other objects
        return None, f"that is not a list of numbers; {give}."
    flat = [_one_number(x) for x in a.ravel()]
    a = np.array(flat, dtype=float).reshape(a.shape)
    if a.shape != shape:
        if a.size == n and len(shape) <= 1:
            a = a.reshape(shape)                     # a column or a row for a vector, [x] for x
        else:
            got = "one number" if a.size == 1 else f"{a.size} numbers"
            if a.ndim == 2:
                got += f" in a {a.shape[0]}×{a.shape[1]} array"
            return None, f"you gave {got}; {give}."
    return a, None


_MAX_DEPTH = 8
_MAX_ITEMS = 100_000


def _badly_nested(answer) -> bool:
    """True for lists/tuples that contain themselves, nest deeper than _MAX_DEPTH or hold too many items."""
    stack, on_path, count = [(answer, 0, False)], set(), 0
    while stack:
        x, depth, leaving = stack.pop()
        if leaving:
            on_path.discard(id(x))
            continue
        if not isinstance(x, (list, tuple)):
            continue
        count += len(x)
        if id(x) in on_path or depth > _MAX_DEPTH or count > _MAX_ITEMS:
            return True
        on_path.add(id(x))
        stack.append((x, depth, True))
        stack.extend((y, depth + 1, False) for y in x)
    return False


class _NotANumber(ValueError):
    pass


def _finite(value: float, x) -> float:
    if np.isnan(value):
        raise _NotANumber(f"{_short(x)} is not a number (nan: did 0/0 or a failed step happen?)")
    if np.isinf(value):
        raise _NotANumber(f"{_short(x)} is infinite or too large (more than 1.8e308; did a division by zero happen?)")
    return float(value)


def _too_large(x) -> _NotANumber:
    return _NotANumber(f"{_short(x, 24)} is too large to be the answer (more than 1.8e308)")


def _one_number(x) -> float:
    """One component as a finite float, or :class:`_NotANumber` with a plain sentence."""
    if x is None:
        raise _NotANumber("a part of your answer is still None")
    if isinstance(x, (bool, np.bool_)):
        raise _NotANumber(f"{x} is a yes/no value, not a number")
    if isinstance(x, (str, bytes)):
        raise _NotANumber(f"{_short(x)} is text, not a number")
    if isinstance(x, decimal.Decimal):
        if x.is_nan():
            raise _NotANumber(f"{_short(x)} is not a number (nan)")
        return _finite(float(x), x)
    if isinstance(x, numbers.Real) and not _is_sympy(x):
        try:
            return _finite(float(x), x)
        except OverflowError:
            raise _too_large(x) from None
    if isinstance(x, numbers.Complex) and not _is_sympy(x):
        try:
            re_, im_ = float(x.real), float(x.imag)
        except OverflowError:
            raise _too_large(x) from None
        if im_ != 0:
            raise _NotANumber(f"{_short(x)} is complex; the answer is real")
        return _finite(re_, x)
    if _is_sympy(x):
        return _sympy_number(x)
    if isinstance(x, (list, tuple, np.ndarray)):
        raise _NotANumber("the rows of your answer have different lengths")
    if isinstance(x, (dict, set, frozenset)):
        raise _NotANumber(f"a part of your answer is a {type(x).__name__}, not a number")
    if _is_function(x):
        raise _NotANumber(f"a part of your answer is a function ({_fname(x)}), "
                          "not its result: call it")
    raise _NotANumber(f"{type(x).__name__} is not a number")


def _sympy_number(x) -> float:
    import sympy as sp

    if x is sp.nan:
        raise _NotANumber("nan is not a number (did 0/0 happen?)")
    if x is sp.zoo or getattr(x, "is_infinite", False):
        raise _NotANumber(f"{_short(x)} is infinite (did a division by zero happen?)")
    if getattr(x, "free_symbols", None):
        raise _NotANumber(f"{_short(x)} still contains a symbol; substitute the numbers")
    if not isinstance(x, sp.Expr) or getattr(x, "is_number", False) is not True:
        raise _NotANumber(f"{_short(x)} is not a number")
    try:
        c = complex(x)                               # SymPy numbers and exact expressions (sqrt(2)/2)
    except OverflowError:
        raise _too_large(x) from None
    except (TypeError, ValueError):
        raise _NotANumber(f"{_short(x)} is not a number") from None
    if np.isnan(c.real) or np.isnan(c.imag):
        try:                                         # exact but beyond float range: 10**400 as SymPy
            big = abs(sp.re(x)) > sp.Float("1.7e308")
        except Exception:                            # noqa: BLE001
            big = False
        if big is sp.true:
            raise _too_large(x)
        raise _NotANumber(f"{_short(x)} is not a number")
    if c.imag != 0:
        raise _NotANumber(f"{_short(x)} is complex; the answer is real")
    return _finite(c.real, x)


def _distance(a: np.ndarray, e: np.ndarray, kind: str, period: float | None = None) -> np.ndarray:
    """Component-wise |a − e| (modulo ``period``), with the sign of ``e`` that fits ``a`` best for
    quaternions and axes."""
    def dist(x):
        if period:
            return np.abs(np.mod(x + period / 2, period) - period / 2)
        return np.abs(x)

    d = dist(a - e)
    if kind in ("quaternion", "axis"):
        d2 = dist(a + e)
        if d2.max() < d.max():
            d = d2
    return d


def _within(d: np.ndarray, tol: float) -> bool:
    return bool(np.all(d <= tol * (1 + 1e-12)))


def hint_tolerance(wrong, atol: float = ATOL) -> float:
    """The tolerance of one hint: ``max(HINT_RTOL · max|w|, atol)`` (the hint's own size)."""
    w = np.asarray(wrong, dtype=float)
    return max(HINT_RTOL * (float(np.max(np.abs(w))) if w.size else 0.0), atol)


def judge(name: str, answer, expected, *, kind: str = "value", hints: dict | None = None,
          atol: float = ATOL, period: float | None = None, exact_hints: dict | None = None) -> Feedback:
    """Judge ``answer`` against ``expected`` by the module's rule (see the module docstring)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    e = np.asarray(expected, dtype=float)
    if answer is None or answer is Ellipsis:
        return Feedback(f"{name}: no answer yet. Replace None with your result and run the cell again.", False,
                        "empty")
    a, problem = _to_numbers(answer, e.shape, kind)
    if problem:
        return Feedback(f"{name}: {problem}", False, "unreadable")
    with np.errstate(all="ignore"):
        return _judge_numbers(name, a, e, kind, hints or {}, atol, period, exact_hints or {})


def _judge_numbers(name, a, e, kind, hints, atol, period, exact_hints) -> Feedback:
    s = float(np.max(np.abs(e))) if e.size else 0.0
    tol = max(RTOL * s, atol)
    d = _distance(a, e, kind, period)
    if _within(d, tol):
        return Feedback(f"{name}: correct ✓", True, "correct")
    for text, wrong in exact_hints.items():
        w_ = np.asarray(wrong, dtype=float)
        if w_.shape == e.shape and _within(_distance(a, w_, kind, period), 1e-9 * max(1.0, float(np.max(np.abs(w_))))):
            return Feedback(f"{name}: not yet. Hint: {text}", False, "hint", hint_id(text))
    for text, wrong in hints.items():
        w_ = np.asarray(wrong, dtype=float)
        if w_.shape == e.shape and _within(_distance(a, w_, kind, period), hint_tolerance(w_, atol)):
            return Feedback(f"{name}: not yet. Hint: {text}", False, "hint", hint_id(text))
    if kind == "axis":
        n = float(np.linalg.norm(a))
        if 0 < n < np.inf and abs(n - 1.0) > tol and _within(_distance(a / n, e, kind), tol):
            return Feedback(f"{name}: right direction, but its length is {n:.4g}, not 1: "
                            f"divide by its length to give the unit vector.", False, "hint", "axis-not-unit")
    if _within(d, max(CLOSE * s, 20 * atol)):
        return Feedback(f"{name}: close, but not within rounding of the answer: check your rounding "
                        f"(keep 4 significant digits) and the last steps.", False, "close")
    off = float(d.max())
    size = f"up to {off:.3g}" if np.isfinite(off) else "far"
    return Feedback(f"{name}: not yet. Your answer is off by {size}; re-check your working.", False, "not yet")


class Exercise:
    """One exercise's self-check: call it with the student's answer, get a :class:`Feedback`.

    ``expected`` and ``hints`` may be values or functions without arguments (computed on first
    use, e.g. when a simulation gives the answer). ``hints`` maps what went wrong, in words (a
    ``str`` or a :class:`Hint` with an id), to the wrong value that mistake gives; ``exact_hints``
    likewise, for round values matched only exactly (see the module docstring). ``period`` (e.g.
    360 for a heading in degrees) makes the answer right modulo the period. The test suite reads
    ``expected``, ``hints``, ``kind``, ``atol`` and ``period`` to play a student: the right answer
    rounded as printed is accepted, every hint value typed at 4 or 3 significant digits is refused
    with its hint, a value 3 % off is refused.
    """

    def __init__(self, name: str, expected, *, hints=None, kind: str = "value", atol: float = ATOL,
                 doc: str = "", period: float | None = None, exact_hints=None):
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
        if period is not None and not (np.isfinite(period) and period > 0):
            raise ValueError(f"period must be a positive number or None, got {period!r}")
        self.name, self.kind, self.atol, self.period = name, kind, float(atol), period
        self._expected, self._hints, self._exact_hints = expected, hints or {}, exact_hints or {}
        self.__doc__ = doc or f"Self-check: {name}."

    @property
    def expected(self) -> np.ndarray:
        if callable(self._expected):
            self._expected = self._expected()
        return np.asarray(self._expected, dtype=float)

    @property
    def hints(self) -> dict:
        if callable(self._hints):
            self._hints = self._hints()
        return {k: np.asarray(v, dtype=float) for k, v in self._hints.items()}

    @property
    def exact_hints(self) -> dict:
        if callable(self._exact_hints):
            self._exact_hints = self._exact_hints()
        return {k: np.asarray(v, dtype=float) for k, v in self._exact_hints.items()}

    def __call__(self, answer) -> Feedback:
        return judge(self.name, answer, self.expected, kind=self.kind, hints=self.hints, atol=self.atol,
                     period=self.period, exact_hints=self.exact_hints)

    def __repr__(self):
        return f"Exercise({self.name!r})"


def checks(notebooks=None) -> dict:
    """Every exercise check of the course: ``{"04.check_rod_spin": check}``, for the notebooks
    ``notebooks`` (``["04", ...]``; default: all of ``rbteach.exercises.nbNN``), in order. A check is
    an :class:`Exercise`, or (02's proper-rotation check) a function returning a :class:`Feedback`."""
    import importlib
    import pkgutil

    if notebooks is None:
        notebooks = sorted(m.name[2:] for m in pkgutil.iter_modules(__path__) if m.name[:2] == "nb")
    found = {}
    for nn in notebooks:
        module = importlib.import_module(f"{__name__}.nb{nn}")
        for name in sorted(vars(module)):
            obj = getattr(module, name)
            if name.startswith("check_") and callable(obj):
                found[f"{nn}.{name}"] = obj
    return found
