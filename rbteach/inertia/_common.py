"""Constants and small helpers shared by the inertia modules."""

from __future__ import annotations

import numpy as np

from .. import _validate as _v


_EYE = np.eye(3)


_EPS = np.finfo(float).eps


# Tolerances of validate(), relative to the largest principal moment.
_SYM_RTOL = 1e-10        # |I − Iᵀ| allowed (rounding of R I Rᵀ is ~1e-16)


_NEG_RTOL = 1e-12        # a principal moment this far below 0 counts as negative


_TRIANGLE_RTOL = 1e-9    # I1 + I2 ≥ I3 may fail by this much


_ZERO_RTOL = 1e-12       # a principal moment this small counts as zero


_TINY = np.finfo(float).tiny


def _diag(x: float, y: float, z: float) -> np.ndarray:
    return np.diag(np.array([x, y, z], dtype=float))


def _names(names) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _positive_array(x, name: str) -> np.ndarray:
    a = _v.array(x, name)
    bad = a <= 0
    if np.any(bad):
        where = f"{name} = {a[()]!r}" if a.ndim == 0 else \
            f"{name}[{', '.join(map(str, np.unravel_index(np.argmax(bad), a.shape)))}] = {a[bad][0]!r}"
        raise ValueError(f"{name} must be > 0, got {where}")
    return a
