"""Explorer and exercise checks of notebook 00 (conventions)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from rbteach import quaternion  # noqa: E402
from rbteach.exercises import nb00 as ex  # noqa: E402
from rbteach.explorers import nb00  # noqa: E402


def test_compute_matches_rbteach_quaternion():
    c = nb00.compute(angle=90.0, axis_x=0.0, axis_y=0.0, axis_z=2.0)
    q = quaternion.from_axis_angle([0.0, 0.0, 1.0], np.pi / 2)
    np.testing.assert_allclose(c["q"], q)
    np.testing.assert_allclose(c["R"], quaternion.to_matrix(q))
    np.testing.assert_allclose(c["dcm"], c["R"].T)
    np.testing.assert_allclose(c["q_xyzw"], quaternion.to_xyzw(q))
    np.testing.assert_allclose(c["axis"], [0.0, 0.0, 1.0])
    # Active rotation: body x ends up along world y.
    np.testing.assert_allclose(c["R"][:, 0], [0.0, 1.0, 0.0], atol=1e-15)


def test_defaults_permute_the_axes():
    c = nb00.compute(**nb00.DEFAULTS)
    np.testing.assert_allclose(c["q"], [0.5, 0.5, 0.5, 0.5])
    np.testing.assert_allclose(c["R"], [[0, 0, 1], [1, 0, 0], [0, 1, 0]], atol=1e-15)


def test_summary_shows_q_and_depends_on_the_angle():
    s = nb00.summary(**nb00.DEFAULTS)
    assert "(0.500, 0.500, 0.500, 0.500)" in s
    other = nb00.summary(**{**nb00.DEFAULTS, "angle": 60.0})
    assert other != s
    w = np.cos(np.radians(30.0))
    assert f"{w:.3f}" in other



def test_the_main_control_is_the_angle():
    assert list(nb00.controls())[0] == "angle"


@pytest.mark.parametrize("kw, word", [({"axis_x": 0.0, "axis_y": 0.0, "axis_z": 0.0}, "axis must be a non-zero"),
                                      ({"angle": float("nan")}, "angle must be finite"),
                                      ({"axis_y": "up"}, "axis_y must be a real number")])
def test_bad_input_raises_value_error(kw, word):
    with pytest.raises(ValueError, match=word):
        nb00.compute(**{**nb00.DEFAULTS, **kw})


def test_check_xyzw_conversion():
    assert not ex.check_xyzw_conversion(None)
    assert "no answer yet" in ex.check_xyzw_conversion(None)
    right = np.array([np.cos(np.pi / 4), 0.0, 0.0, np.sin(np.pi / 4)])
    assert "correct" in ex.check_xyzw_conversion(right)
    assert ex.check_xyzw_conversion(right)
    assert ex.check_xyzw_conversion(-right)  # −q is the same rotation
    wrong = ex.check_xyzw_conversion(ex.Q_XYZW)
    assert not wrong and "Hint" in wrong and "front" in wrong
    assert "Hint" in ex.check_xyzw_conversion(ex.Q_XYZW[::-1])
    assert "shape" in ex.check_xyzw_conversion([1.0, 0.0, 0.0])


def test_check_composition():
    assert "no answer yet" in ex.check_composition(None)
    right = quaternion.multiply(ex.Q_Z, ex.Q_X)
    # The composed rotation sends body x to world y (x stays on the x axis, then turns to y) and
    # body y to world z (y turns to z about x; z about the z axis leaves it).
    R = quaternion.to_matrix(right)
    np.testing.assert_allclose(R[:, 0], [0, 1, 0], atol=1e-12)
    np.testing.assert_allclose(R[:, 1], [0, 0, 1], atol=1e-12)
    assert ex.check_composition(right) and ex.check_composition(-right)
    wrong = ex.check_composition(quaternion.multiply(ex.Q_X, ex.Q_Z))
    assert not wrong and "RIGHT" in wrong
    assert "Hamilton product" in ex.check_composition(ex.Q_X + ex.Q_Z)
