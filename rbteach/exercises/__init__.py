"""Self-checks for the notebooks' exercises, one module per notebook (``rbteach.exercises.nb01`` ...).

A check never raises on a wrong answer: it returns a :class:`Feedback`, a string whose
notebook display is the helpful message (what was expected in shape, which hint applies) and
whose truth value is the verdict. ``None`` (the placeholder in the exercise cell) says how to
answer. End the exercise cell with the check call so the message shows once.
"""

from __future__ import annotations

import numpy as np

__all__ = ["check_close", "Feedback"]


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


def check_close(name: str, answer, expected, *, rtol: float = 1e-6, atol: float = 1e-9,
                hints: dict | None = None, show: bool = False) -> Feedback:
    """Compare ``answer`` with ``expected`` (scalars or arrays) and explain the difference.

    ``hints`` maps a description to a *wrong* value a student typically gets (e.g. the
    transpose, a missing minus sign); if the answer matches one, that hint is given.
    """
    if answer is None or answer is Ellipsis:
        fb = Feedback(f"{name}: no answer yet. Replace the placeholder with your result and run the cell again.", False)
    else:
        try:
            a = np.asarray(answer, dtype=float)
        except (TypeError, ValueError):
            fb = Feedback(f"{name}: expected a number or an array of numbers, got {type(answer).__name__}.", False)
        else:
            e = np.asarray(expected, dtype=float)
            if a.shape != e.shape:
                fb = Feedback(f"{name}: expected shape {e.shape}, got {a.shape}.", False)
            elif np.allclose(a, e, rtol=rtol, atol=atol):
                fb = Feedback(f"{name}: correct ✓", True)
            else:
                msg = f"{name}: not yet. "
                for text, wrong in (hints or {}).items():
                    w_ = np.asarray(wrong, dtype=float)
                    if w_.shape == a.shape and np.allclose(a, w_, rtol=rtol, atol=atol):
                        msg += f"Hint: {text}"
                        break
                else:
                    err = np.max(np.abs(a - e))
                    msg += f"Largest difference {err:.3g}; re-check your derivation."
                fb = Feedback(msg, False)
    if show:
        print(fb)
    return fb
