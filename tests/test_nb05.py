"""Explorer and self-checks of notebook 05 (quaternions)."""

from __future__ import annotations

import numpy as np
import pytest

from rbteach import quaternion
from rbteach.exercises import nb05 as ex
from rbteach.explorers import nb05
from _figtools import pixels as _pixels  # noqa: E402


def test_axis_from_angles():
    np.testing.assert_allclose(nb05.axis_from_angles(0, 90), [0, 0, 1], atol=1e-15)
    np.testing.assert_allclose(nb05.axis_from_angles(90, 0), [0, 1, 0], atol=1e-15)
    n = nb05.axis_from_angles(45, np.degrees(np.arctan(1 / np.sqrt(2))))
    np.testing.assert_allclose(n, np.ones(3) / np.sqrt(3))


def test_compute_matches_quaternion_module():
    r = nb05.compute(angle_deg=90.0, azimuth_deg=0.0, elevation_deg=90.0)  # 90° about z
    np.testing.assert_allclose(r["q"], [np.sqrt(0.5), 0, 0, np.sqrt(0.5)], atol=1e-15)
    np.testing.assert_allclose(r["R"] @ [1, 0, 0], [0, 1, 0], atol=1e-15)
    r = nb05.compute(angle_deg=-70.0, azimuth_deg=20.0, elevation_deg=-10.0)
    np.testing.assert_allclose(r["q"], quaternion.from_axis_angle(r["axis"], np.radians(-70.0)))
    np.testing.assert_allclose(r["R"], quaternion.to_matrix(r["q"]))
    np.testing.assert_allclose(r["dcm"], r["R"].T)
    np.testing.assert_allclose(quaternion.from_xyzw(r["q_xyzw"]), r["q"])


def test_summary_four_decimals_and_depends_on_angle():
    s = nb05.summary(angle_deg=180.0, azimuth_deg=0.0, elevation_deg=0.0)
    assert s.startswith("q = (w, x, y, z) = (0.0000, 1.0000, 0.0000, 0.0000)")
    a = nb05.summary(**nb05.DEFAULTS)
    b = nb05.summary(angle_deg=40.0, azimuth_deg=nb05.DEFAULTS["azimuth_deg"],
                     elevation_deg=nb05.DEFAULTS["elevation_deg"])
    assert a != b
    q = nb05.compute(angle_deg=40.0, azimuth_deg=nb05.DEFAULTS["azimuth_deg"],
                     elevation_deg=nb05.DEFAULTS["elevation_deg"])["q"]
    assert f"({q[0]:.4f}, {q[1]:.4f}, {q[2]:.4f}, {q[3]:.4f})" in b



def test_draw_right_wrong_differs():
    R = quaternion.to_matrix(quaternion.from_axis_angle([1, 2, 3], 1.0))
    fig_same = nb05.draw_right_wrong(R, R)
    fig_diff = nb05.draw_right_wrong(R, R.T, inertia_right=np.diag([1.0, 2, 3]), inertia_wrong=np.diag([1.0, 2, 3]),
                                     vectors=[([1, 0, 0], [0, 1, 0], "k")])
    assert np.any(_pixels(fig_same) != _pixels(fig_diff))
    with pytest.raises(ValueError, match="R_wrong"):
        nb05.draw_right_wrong(R, np.eye(2))


def test_the_main_control_is_the_angle():
    assert list(nb05.controls())[0] == "angle_deg"


@pytest.mark.parametrize("kw, word", [({"angle_deg": np.inf}, "angle_deg"), ({"azimuth_deg": "x"}, "azimuth_deg"),
                                      ({"elevation_deg": [1, 2]}, "elevation_deg")])
def test_bad_input(kw, word):
    with pytest.raises(ValueError, match=word):
        nb05.compute(**kw)


def test_check_axis_angle_quaternion():
    s = np.sqrt(0.5)
    assert ex.check_axis_angle_quaternion([s, 0, s, 0])
    assert ex.check_axis_angle_quaternion([-s, 0, -s, 0])  # the double cover
    fb = ex.check_axis_angle_quaternion([0, s, 0, s])
    assert not fb and "scalar last" in fb
    fb = ex.check_axis_angle_quaternion([0, 0, 1, 0])
    assert not fb and "half angle" in fb
    assert not ex.check_axis_angle_quaternion([s, 0, -s, 0])
    assert "no answer yet" in ex.check_axis_angle_quaternion(None)


def test_check_rotated_vector():
    # 90° about z takes (1, 2, 3) to (−2, 1, 3)
    assert ex.check_rotated_vector([-2.0, 1.0, 3.0])
    fb = ex.check_rotated_vector([2.0, -1.0, 3.0])
    assert not fb and "inverse" in fb
    fb = ex.check_rotated_vector([1.0, -3.0, 2.0])
    assert not fb and "(x, y, z, w)" in fb
    assert "no answer yet" in ex.check_rotated_vector(None)


def test_check_body_x_axis():
    # (x, y, z, w) = (0, 0, 0.6, 0.8): about z by 2 atan(0.75); x axis → (1 − 2·0.36, 2·0.8·0.6, 0)
    assert ex.check_body_x_axis([0.28, 0.96, 0.0])
    fb = ex.check_body_x_axis([0.28, -0.96, 0.0])
    assert not fb and "columns" in fb
    fb = ex.check_body_x_axis([-1.0, 0.0, 0.0])
    assert not fb and "from_xyzw" in fb
    assert "no answer yet" in ex.check_body_x_axis(None)
