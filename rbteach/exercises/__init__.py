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
* **a known mistake** when the answer is right, by the same rule, for one of the exercise's
  ``hints`` (the wrong value a typical mistake gives): the hint says what went wrong;
* **close** when every component is within ``max(CLOSE · s, 20 · atol)`` (``CLOSE = 1.5e-2``):
  "close — check your rounding";
* otherwise **not yet**, with the largest difference.

Any way of writing the numbers is accepted: a number, a list or tuple (nested for a matrix), a
NumPy array, a SymPy number or matrix (a 3×1 or 1×3 column for a vector). A quaternion is right
with either sign (``q`` and ``−q`` are one rotation: ``kind="quaternion"``), an axis with either
direction (``kind="axis"``). Messages are plain words ("give three numbers, e.g. [0.1, 0.2, 0.3]").

A check never raises on a student's answer: it returns a :class:`Feedback`, a string whose notebook
display is the message and whose truth value is the verdict. ``None`` (the placeholder in an
exercise cell) says how to answer. Every check is an :class:`Exercise` object at the top of its
notebook's module, so the test suite finds each one and plays a student on it.
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["Exercise", "Feedback", "judge", "RTOL", "ATOL", "CLOSE", "KINDS"]

#: Relative tolerance of a right answer (4 significant digits, with room for rounding).
RTOL = 6e-4
#: Absolute floor: half a unit in the 4th decimal, the precision the notebooks print.
ATOL = 5e-5
#: Within this (relative to the answer's size), a wrong answer is called close.
CLOSE = 1.5e-2
#: What an answer is: any numbers, a quaternion (sign-free), or an axis (direction-free).
KINDS = ("value", "quaternion", "axis")

_WORDS = {1: "one number", 2: "two numbers", 3: "three numbers", 4: "four numbers"}
_EXAMPLES = {1: "0.25", 2: "[0.1, 0.2]", 3: "[0.1, 0.2, 0.3]", 4: "[0.1, 0.2, 0.3, 0.4]"}


class Feedback(str):
    """The printed message of a check, also truthy/falsy as the verdict (for tests)."""

    def __new__(cls, text: str, ok: bool):
        obj = super().__new__(cls, text)
        obj.ok = ok
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


def _to_numbers(answer, shape: tuple, kind: str):
    """``answer`` as a float array of ``shape``, or a plain-words message saying what to give."""
    give = _what_to_give(shape, kind)
    if isinstance(answer, (str, bytes)):
        return None, f"that is text ({answer!r}); {give} without quotes."
    if isinstance(answer, (bool, np.bool_)):
        return None, f"that is {answer}, a yes/no value; {give}."
    if hasattr(answer, "tolist") and type(answer).__module__.startswith("sympy"):
        answer = answer.tolist()                     # a SymPy Matrix: nested lists of SymPy numbers
    try:
        a = np.array(answer, dtype=object)
        flat = [_one_number(x) for x in a.ravel()]
    except _NotANumber as exc:
        return None, f"{exc}; {give}."
    except (TypeError, ValueError):                  # ragged lists and other objects
        return None, f"that is not a list of numbers; {give}."
    a = np.array(flat, dtype=float).reshape(a.shape)
    if not np.all(np.isfinite(a)):
        return None, f"your answer contains nan or inf (did a division by zero happen?); {give}."
    if a.shape != shape:
        if a.size == int(np.prod(shape)) and len(shape) <= 1:
            a = a.reshape(shape)                     # a column or a row for a vector, [x] for x
        else:
            got = "one number" if a.size == 1 else f"{a.size} numbers"
            if a.ndim == 2:
                got += f" in a {a.shape[0]}×{a.shape[1]} array"
            return None, f"you gave {got}; {give}."
    return a, None


class _NotANumber(ValueError):
    pass


def _one_number(x) -> float:
    if isinstance(x, (bool, np.bool_)):
        raise _NotANumber(f"{x} is a yes/no value, not a number")
    if isinstance(x, (str, bytes)):
        raise _NotANumber(f"{x!r} is text, not a number")
    if isinstance(x, numbers.Real):
        return float(x)
    if isinstance(x, numbers.Complex):
        if x.imag == 0:
            return float(x.real)
        raise _NotANumber(f"{x} is complex; the answer is real")
    if type(x).__module__.startswith("sympy"):
        try:
            c = complex(x)                           # SymPy numbers and exact expressions (sqrt(2)/2)
        except TypeError:
            raise _NotANumber(f"{x} still contains a symbol; substitute the numbers") from None
        if c.imag != 0:
            raise _NotANumber(f"{x} is complex; the answer is real")
        return c.real
    if x is None:
        raise _NotANumber("a part of your answer is still None")
    if isinstance(x, (list, tuple, np.ndarray)):
        raise _NotANumber("the rows of your answer have different lengths")
    raise _NotANumber(f"{type(x).__name__} is not a number")


def _distance(a: np.ndarray, e: np.ndarray, kind: str) -> np.ndarray:
    """Component-wise |a − e|, with the sign of ``e`` that fits ``a`` best for quaternions and axes."""
    d = np.abs(a - e)
    if kind in ("quaternion", "axis"):
        d2 = np.abs(a + e)
        if d2.max() < d.max():
            d = d2
    return d


def _within(d: np.ndarray, tol: float) -> bool:
    return bool(np.all(d <= tol * (1 + 1e-12)))


def judge(name: str, answer, expected, *, kind: str = "value", hints: dict | None = None,
          atol: float = ATOL) -> Feedback:
    """Judge ``answer`` against ``expected`` by the module's rule (see the module docstring)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
    e = np.asarray(expected, dtype=float)
    if answer is None or answer is Ellipsis:
        return Feedback(f"{name}: no answer yet. Replace None with your result and run the cell again.", False)
    a, problem = _to_numbers(answer, e.shape, kind)
    if problem:
        return Feedback(f"{name}: {problem}", False)
    s = float(np.max(np.abs(e))) if e.size else 0.0
    tol = max(RTOL * s, atol)
    d = _distance(a, e, kind)
    if _within(d, tol):
        return Feedback(f"{name}: correct ✓", True)
    for text, wrong in (hints or {}).items():
        w_ = np.asarray(wrong, dtype=float)
        if w_.shape == e.shape and _within(_distance(a, w_, kind), tol):
            return Feedback(f"{name}: not yet. Hint: {text}", False)
    if kind == "axis":
        n = float(np.linalg.norm(a))
        if n > 0 and abs(n - 1.0) > tol and _within(_distance(a / n, e, kind), tol):
            return Feedback(f"{name}: right direction, but its length is {n:.4g}, not 1: "
                            f"divide by its length to give the unit vector.", False)
    if _within(d, max(CLOSE * s, 20 * atol)):
        return Feedback(f"{name}: close, but not within rounding of the answer: check your rounding "
                        f"(keep 4 significant digits) and the last steps.", False)
    return Feedback(f"{name}: not yet. Your answer is off by up to {float(d.max()):.3g}; "
                    f"re-check your working.", False)


class Exercise:
    """One exercise's self-check: call it with the student's answer, get a :class:`Feedback`.

    ``expected`` and ``hints`` may be values or functions without arguments (computed on first
    use, e.g. when a simulation gives the answer). ``hints`` maps what went wrong, in words, to
    the wrong value that mistake gives. The test suite reads ``expected``, ``hints``, ``kind``
    and ``atol`` to play a student: the right answer rounded as printed is accepted, every hint
    value is refused with its hint, a value 3 % off is refused.
    """

    def __init__(self, name: str, expected, *, hints=None, kind: str = "value", atol: float = ATOL,
                 doc: str = ""):
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
        self.name, self.kind, self.atol = name, kind, float(atol)
        self._expected, self._hints = expected, hints or {}
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

    def __call__(self, answer) -> Feedback:
        return judge(self.name, answer, self.expected, kind=self.kind, hints=self.hints, atol=self.atol)

    def __repr__(self):
        return f"Exercise({self.name!r})"
