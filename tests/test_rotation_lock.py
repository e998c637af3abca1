"""rotation.matrix_to_euler at and near gimbal lock, all 24 sequences, against SciPy (issue 17 §1).

At lock SciPy's ``Rotation.as_euler`` zeroes the angle listed third; so must we (the old code zeroed the
first one of every extrinsic sequence). The round-trip bounds are the ones the docstring states.
"""

import warnings

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

from rbteach import rotation as rot

SEQS = [a + b + c for a in "xyz" for b in "xyz" for c in "xyz" if a != b and b != c]
SEQS += [s.upper() for s in SEQS]


def _near_lock(seq, offset, n=400, seed=0):
    """Random angles whose middle one is ``offset`` rad from a lock (both locks, both sides)."""
    rng = np.random.default_rng(seed)
    ang = rng.uniform(-np.pi, np.pi, (n, 3))
    proper = seq[0].lower() == seq[2].lower()
    locks = np.array([0.0, np.pi]) if proper else np.array([-np.pi / 2, np.pi / 2])
    mid = locks[rng.integers(0, 2, n)]
    ang[:, 1] = mid + np.where(mid > 0, -offset, offset)          # stay inside the middle angle's range
    return rot.euler_to_matrix(ang, seq)


def _scipy(R, seq):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)             # "Gimbal lock detected"
        return Rotation.from_matrix(R).as_euler(seq)


def _angle_gap(a, b):
    return np.abs(np.angle(np.exp(1j * (a - b)))).max()


@pytest.mark.parametrize("seq", SEQS)
@pytest.mark.parametrize("offset", [0.0, 1e-16, 5e-14])
def test_at_lock_the_third_angle_is_zero_as_in_scipy(seq, offset):
    R = _near_lock(seq, offset)
    ours = rot.matrix_to_euler(R, seq)
    assert np.all(ours[:, 2] == 0.0)
    assert _angle_gap(ours, _scipy(R, seq)) <= 1e-14
    assert np.abs(rot.euler_to_matrix(ours, seq) - R).max() <= 2.0 * 1e-13 + 1e-15


@pytest.mark.parametrize("seq", SEQS)
@pytest.mark.parametrize("offset", [1e-5, 1e-3, 0.3])
def test_away_from_lock_the_angles_are_scipys(seq, offset):
    R = _near_lock(seq, offset, seed=1)
    ours = rot.matrix_to_euler(R, seq)
    # the outer angles are only determined to ~eps/offset near the lock
    assert _angle_gap(ours, _scipy(R, seq)) <= 1e-14 / offset + 1e-14
    assert np.abs(rot.euler_to_matrix(ours, seq) - R).max() <= 5e-16 * 2


@pytest.mark.parametrize("seq", SEQS)
@pytest.mark.parametrize("offset", [1.1e-13, 1e-11, 1e-9, 1e-7])
def test_between_our_band_and_scipys_the_round_trip_is_exact(seq, offset):
    """Outside our 1e-13 band SciPy may still lock (its band is ~1e-7) and miss R by ~offset; we do not."""
    R = _near_lock(seq, offset, seed=2)
    assert np.abs(rot.euler_to_matrix(rot.matrix_to_euler(R, seq), seq) - R).max() <= 1e-15
