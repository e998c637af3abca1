"""Explorer of notebook 01 (inertia tensor): a box or a cylinder, its size and where it sits → its tensor.

A body of mass :data:`MASS` has its centre of mass at ``d = (dx, dy, dz)`` from a reference point O.
Its tensor about its centre of mass comes from :func:`rbteach.inertia.box` (full edges ``a, b, c``) or
:func:`rbteach.inertia.solid_cylinder` (diameter ``a``, height ``c``, symmetry axis z; ``b`` unused),
and the parallel-axis theorem (:func:`rbteach.inertia.parallel_axis`) moves it to O:

``I_O = I_com + m (|d|² 1 − d dᵀ)``  (the tensor of the forces-and-impulses article, §1 慣性テンソル;
the ``inertia_conversion`` of 「回転運動のシミュレーション」 (2019) run forwards).

An offset with two non-zero components gives non-zero products of inertia, with the minus sign of
``I_xy = −∫ρ x y dV``: ``I_xy = −m dx dy`` for a symmetric body. The figure shows the body, O and the
inertia ellipsoid ``xᵀ I_O x = 1`` about O with its principal axes (scaled to fit), and the nine
entries of ``I_O`` as a table coloured by sign. Along a unit direction n the ellipsoid reaches
``1/√I_n`` with ``I_n = nᵀ I_O n`` the moment about the axis through O along n: it is longest along
the axis that is easiest to spin about. The slider ``b`` is disabled for the cylinder (it has no
part there).

Contract: see :mod:`rbteach.explorers`.
"""

from __future__ import annotations

import numpy as np

from .. import _validate as _v
from .. import inertia

__all__ = ["DEFAULTS", "MASS", "SHAPES", "VIEW", "compute", "summary", "draw", "controls", "widget"]

#: The body's mass in kg.
MASS = 2.0
#: The shapes offered.
SHAPES = ("box", "cylinder")
#: Starting values: lengths in m (``a``: box edge along x or cylinder diameter), offset of the
#: centre of mass from O in m, and the shape.
DEFAULTS = {"a": 1.0, "b": 0.6, "c": 0.4, "dx": 0.5, "dy": 0.3, "dz": 0.0, "shape": "box"}
#: Elevation and azimuth (degrees) of the 3-D view.
VIEW = (30.0, -40.0)


def _fmt(x: float, digits: int = 3) -> str:
    """Fixed-point text without a "-0.000" for values that round to zero."""
    s = f"{x:.{digits}f}"
    return s[1:] if s.startswith("-") and float(s) == 0.0 else s


def compute(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
            dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
            shape: str = DEFAULTS["shape"]) -> dict:
    """The body's tensor about its centre of mass and about O (the com sits at ``d`` from O).

    Returns
    -------
    dict with
        ``inertia_com`` (3, 3) about the centre of mass (``rbteach.inertia.box`` or ``solid_cylinder``);
        ``offset`` (3,) ``d``; ``inertia`` (3, 3) about O, ``parallel_axis(inertia_com, MASS, −d)``;
        ``moments`` (3,) ascending and ``O`` (3, 3) principal axes about O (``rbteach.inertia.principal_axes``).

    Raises
    ------
    ValueError
        If a length is not > 0, an offset is not finite, or ``shape`` is not one of :data:`SHAPES`.
    """
    if shape not in SHAPES:
        raise ValueError(f"shape must be one of {SHAPES}, got {shape!r}")
    a = _v.positive(a, "a")
    b = _v.positive(b, "b")
    c = _v.positive(c, "c")
    d = np.array([_v.finite_scalar(dx, "dx"), _v.finite_scalar(dy, "dy"), _v.finite_scalar(dz, "dz")])
    I_com = inertia.box(MASS, a, b, c) if shape == "box" else inertia.solid_cylinder(MASS, a / 2, c)
    # O = com + (−d): parallel_axis gives the tensor about com + offset.
    I_O = inertia.parallel_axis(I_com, MASS, -d)
    moments, O = inertia.principal_axes(I_O)
    return {"inertia_com": I_com, "offset": d, "inertia": I_O, "moments": moments, "O": O}


def summary(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
            dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
            shape: str = DEFAULTS["shape"]) -> str:
    """Three lines: moments and products of inertia about O, and the principal moments (kg m²)."""
    r = compute(a, b, c, dx, dy, dz, shape)
    I = r["inertia"]
    mom = ", ".join(_fmt(I[i, i]) for i in range(3))
    prod = ", ".join(_fmt(I[i, j]) for i, j in ((0, 1), (0, 2), (1, 2)))
    pm = ", ".join(_fmt(m) for m in r["moments"])
    return (f"about O: moments I_xx, I_yy, I_zz = {mom} kg m²\n"
            f"products of inertia I_xy, I_xz, I_yz = {prod} kg m²\n"
            f"principal moments I₁ ≤ I₂ ≤ I₃ = {pm} kg m²")


def _draw_cylinder(ax, r: float, h: float, center, n: int = 24, **kw):
    """Wireframe of a cylinder of radius ``r`` and height ``h`` along z centred at ``center``."""
    kw.setdefault("color", "0.3")
    kw.setdefault("linewidth", 1)
    t = np.linspace(0.0, 2 * np.pi, n + 1)
    cx, cy, cz = center
    arts = []
    for z in (cz - h / 2, cz + h / 2):
        arts += ax.plot(cx + r * np.cos(t), cy + r * np.sin(t), np.full_like(t, z), **kw)
    for k in range(0, n, n // 6):
        x, y = cx + r * np.cos(t[k]), cy + r * np.sin(t[k])
        arts += ax.plot([x, x], [y, y], [cz - h / 2, cz + h / 2], **kw)
    return arts


def draw(a: float = DEFAULTS["a"], b: float = DEFAULTS["b"], c: float = DEFAULTS["c"],
         dx: float = DEFAULTS["dx"], dy: float = DEFAULTS["dy"], dz: float = DEFAULTS["dz"],
         shape: str = DEFAULTS["shape"]):
    """The body, O and the inertia ellipsoid about O with its principal axes (left); the tensor's
    nine entries, coloured by sign (right). Returns the Figure."""
    import matplotlib.pyplot as plt

    from .. import plotting

    from matplotlib.colors import LinearSegmentedColormap

    r = compute(a, b, c, dx, dy, dz, shape)
    d = r["offset"]
    half = np.array([a, b, c] if shape == "box" else [a, a, c]) / 2
    R = max(1.2, 1.05 * float(np.max(np.abs(d) + half)))        # the whole body stays in the box
    fig = plt.figure(figsize=(9, 4), dpi=plotting.FIGURE_DPI)
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    if shape == "box":
        plotting.draw_box(ax, a, b, c, center=d, linewidth=1)
    else:
        _draw_cylinder(ax, a / 2, c, d)
    ax.scatter(*d, color="k", s=12)
    ax.scatter(0, 0, 0, color=plotting.PALETTE["reddish purple"], s=30)
    ax.text(0, 0, -0.2 * R, "O", color=plotting.PALETTE["reddish purple"], fontsize=11)
    radii = plotting.inertia_ellipsoid_radii(np.maximum(r["moments"], 1e-12))
    plotting.draw_ellipsoid(ax, radii * (0.65 * R / radii.max()), r["O"], n=20, shade=False)
    plotting.draw_frame(ax, r["O"], length=0.75 * R, labels=("1", "2", "3"))
    plotting.set_equal_3d(ax, R)
    ax.view_init(elev=VIEW[0], azim=VIEW[1])
    ax.set_title(f"{shape} ({MASS:g} kg), centre of mass at d = ({dx:g}, {dy:g}, {dz:g}) m from O\n"
                 "inertia ellipsoid about O (scaled), principal axes 1, 2, 3", fontsize=10)

    tx = fig.add_subplot(1, 2, 2)
    I = r["inertia"]
    vmax = np.abs(I).max()
    sign = LinearSegmentedColormap.from_list(
        "sign", [plotting.PALETTE["sky blue"], "white", plotting.PALETTE["orange"]])
    tx.imshow(I, cmap=sign, vmin=-1.4 * vmax, vmax=1.4 * vmax)
    for i in range(3):
        for j in range(3):
            tx.text(j, i, _fmt(I[i, j]), ha="center", va="center", fontsize=12)
    tx.set_xticks(range(3), ["x", "y", "z"])
    tx.set_yticks(range(3), ["x", "y", "z"])
    tx.set_title("I about O (kg m²): orange > 0, blue < 0", fontsize=10)
    # Fixed margins (what tight_layout found for the defaults): tight_layout measured every label
    # again on each frame, ~25% of the redraw.
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.08, top=0.88, wspace=0.05)
    return fig


def controls() -> dict:
    """``a`` (the main slider), ``b``, ``c`` in m, the offset ``dx, dy, dz`` in m, and the shape.

    ``b`` is disabled while the shape is the cylinder (its size is the diameter ``a`` and the
    height ``c``)."""
    import ipywidgets as w

    style = {"description_width": "initial"}
    ctrls = {}
    for name, desc in (("a", "a (m): x edge, or diameter"), ("b", "b (m): y edge (box only)"),
                       ("c", "c (m): z edge, or height")):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=0.1, max=2.0, step=0.1, description=desc,
                                    continuous_update=False, style=style)
    for name in ("dx", "dy", "dz"):
        ctrls[name] = w.FloatSlider(value=DEFAULTS[name], min=-1.0, max=1.0, step=0.1,
                                    description=f"{name} (m): centre of mass from O", continuous_update=False,
                                    style=style)
    ctrls["shape"] = w.Dropdown(options=list(SHAPES), value=DEFAULTS["shape"], description="shape", style=style)

    def _only_for_the_box(change):
        ctrls["b"].disabled = change["new"] != "box"

    ctrls["shape"].observe(_only_for_the_box, names="value")
    _only_for_the_box({"new": ctrls["shape"].value})
    return ctrls


def widget(**overrides):
    """The explorer: ``build(draw, summary, controls())`` with ``overrides`` applied to the controls."""
    from . import build

    return build(draw, summary, controls(), **overrides)
