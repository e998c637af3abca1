"""Explorer and exercise checks of notebook 01 (inertia tensor)."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from rbteach import inertia  # noqa: E402
from rbteach.exercises import nb01 as ex  # noqa: E402
from rbteach.explorers import nb01  # noqa: E402
from _figtools import pixels as _pixels  # noqa: E402


def test_compute_box_matches_rbteach_inertia():
    r = nb01.compute(a=1.0, b=0.6, c=0.4, dx=0.5, dy=0.3, dz=0.0, shape="box")
    I_com = inertia.box(nb01.MASS, 1.0, 0.6, 0.4)
    np.testing.assert_allclose(r["inertia_com"], I_com)
    np.testing.assert_allclose(r["inertia"], inertia.parallel_axis(I_com, nb01.MASS, [-0.5, -0.3, 0.0]))
    # Back to the centre of mass with seed 003's direction.
    np.testing.assert_allclose(inertia.to_center_of_mass(r["inertia"], nb01.MASS, r["offset"]), I_com, atol=1e-15)
    # Product of inertia with its minus sign: I_xy = −m dx dy.
    assert r["inertia"][0, 1] == pytest.approx(-nb01.MASS * 0.5 * 0.3)
    moments, O = inertia.principal_axes(r["inertia"])
    np.testing.assert_allclose(r["moments"], moments)
    np.testing.assert_allclose(r["O"] @ np.diag(r["moments"]) @ r["O"].T, r["inertia"], atol=1e-12)


def test_compute_cylinder_uses_diameter_a_and_height_c():
    r = nb01.compute(a=0.8, b=5.0, c=1.2, dx=0.0, dy=0.0, dz=0.0, shape="cylinder")
    np.testing.assert_allclose(r["inertia"], inertia.solid_cylinder(nb01.MASS, 0.4, 1.2))
    # b plays no part for the cylinder.
    np.testing.assert_allclose(nb01.compute(a=0.8, b=0.1, c=1.2, dx=0, dy=0, dz=0, shape="cylinder")["inertia"],
                               r["inertia"])


def test_summary_depends_on_a():
    s = nb01.summary(**nb01.DEFAULTS)
    I = nb01.compute(**nb01.DEFAULTS)["inertia"]
    assert f"{I[0, 0]:.3f}" in s and f"{I[0, 1]:.3f}" in s and "principal moments" in s
    other = nb01.summary(**{**nb01.DEFAULTS, "a": 1.5})
    assert other != s
    I2 = nb01.compute(**{**nb01.DEFAULTS, "a": 1.5})["inertia"]
    assert f"{I2[1, 1]:.3f}" in other


@pytest.mark.parametrize("shape", nb01.SHAPES)
def test_draw_returns_a_figure_that_changes_with_a(shape):
    fig = nb01.draw(**{**nb01.DEFAULTS, "shape": shape})
    assert isinstance(fig, matplotlib.figure.Figure)
    a = _pixels(fig)
    b = _pixels(nb01.draw(**{**nb01.DEFAULTS, "shape": shape, "a": 1.6}))
    assert a.shape == b.shape
    assert np.any(a != b)


def test_the_main_control_is_the_edge_a():
    assert list(nb01.controls())[0] == "a"


@pytest.mark.parametrize("kw, word", [({"a": 0.0}, "a must be > 0"), ({"c": -1.0}, "c must be > 0"),
                                      ({"dx": float("inf")}, "dx must be finite"),
                                      ({"shape": "sphere"}, "shape must be one of")])
def test_bad_input_raises_value_error(kw, word):
    with pytest.raises(ValueError, match=word):
        nb01.compute(**{**nb01.DEFAULTS, **kw})


def test_check_box_corner():
    m, a, b, c = ex.BOX["mass"], ex.BOX["a"], ex.BOX["b"], ex.BOX["c"]
    assert "no answer yet" in ex.check_box_corner(None)
    # The textbook corner formula: moments m/3 (b² + c²) ..., products −m a b / 4 ...
    right = np.array([[m * (b**2 + c**2) / 3, -m * a * b / 4, -m * a * c / 4],
                      [-m * a * b / 4, m * (a**2 + c**2) / 3, -m * b * c / 4],
                      [-m * a * c / 4, -m * b * c / 4, m * (a**2 + b**2) / 3]])
    fb = ex.check_box_corner(right)
    assert fb and "correct" in fb
    no_sign = right * np.where(np.eye(3) == 1, 1.0, -1.0)
    assert "minus sign" in ex.check_box_corner(no_sign)
    assert "centre of mass" in ex.check_box_corner(inertia.box(m, a, b, c))
    assert "subtracted" in ex.check_box_corner(inertia.to_center_of_mass(inertia.box(m, a, b, c), m,
                                                                         [a / 2, b / 2, c / 2]))
    assert not ex.check_box_corner(np.diag(np.diag(right)))
    assert "shape" in ex.check_box_corner(np.diag(right))


def test_check_rod_end():
    m, L = ex.ROD["mass"], ex.ROD["length"]
    assert "no answer yet" in ex.check_rod_end(None)
    assert ex.check_rod_end(m * L**2 / 3)
    fb = ex.check_rod_end(m * L**2 / 12)
    assert not fb and "centre" in fb
    assert "shift term" in ex.check_rod_end(m * L**2 / 4)
    assert not ex.check_rod_end(m * L**2)


def test_check_product_sign():
    masses, pts = ex.POINTS["masses"], ex.POINTS["points"]
    right = -float(np.sum(masses * pts[:, 0] * pts[:, 1]))
    assert right < 0
    assert ex.check_product_sign(right)
    fb = ex.check_product_sign(-right)
    assert not fb and "sign" in fb
    _, _, I_com = inertia.point_masses(masses, pts)
    assert "centre of mass" in ex.check_product_sign(I_com[0, 1])
    assert "no answer yet" in ex.check_product_sign(None)
