"""SymPy helpers the notebooks share: symbolic quaternions, rotations, inertia integrals, Euler's equations.

This module imports SymPy; ``import rbteach`` does not load it (it is loaded on first use,
``rbteach.symbolic`` or ``from rbteach import symbolic``).

Conventions are the package's (see :mod:`rbteach.quaternion` and the README's card):

* a quaternion is a 4 × 1 SymPy ``Matrix`` ``(w, x, y, z)``, scalar first, Hamilton product;
* unit quaternions rotate actively, ``q ⋄ v = q ⊗ (0, v) ⊗ q*`` (the forces-and-impulses article, §6 記号について), and
  :func:`sym_to_matrix` is the same active matrix as :func:`rbteach.quaternion.to_matrix`;
* vectors are 3 × 1 ``Matrix`` objects; any length-3 (or 4) sequence is accepted and
  turned into a column;
* inertia tensors carry the minus sign of the products of inertia, ``I_xy = −∫ρ x y dV``
  (the forces-and-impulses article, §1 慣性テンソル).

Every function checks its arguments and raises ValueError naming the argument: each entry must be
one real SymPy expression or number (no strings — SymPy would parse them —, booleans, NaN, ``zoo``,
complex numbers or ±∞ except in integration bounds), and vectors have the right number of entries.
"""

from __future__ import annotations

import numpy as np
import sympy as sp

from . import _validate as _v

__all__ = [
    "quaternion", "vector", "sym_multiply", "sym_conjugate", "sym_norm_squared", "sym_rotate",
    "sym_to_matrix", "sym_from_axis_angle", "sym_derivative_world", "sym_derivative_body",
    "skew", "Rx", "Ry", "Rz", "euler_zyx_matrix", "inertia_integral", "mass_integral",
    "parallel_axis_term", "euler_equations",
]


_SEQUENCES = (list, tuple, np.ndarray, sp.MatrixBase, sp.Tuple)


def _expr(x, name: str, *, allow_infinite: bool = False) -> sp.Expr:
    """``x`` as one real SymPy expression, or ValueError naming ``name``.

    Numbers (int, float, numpy scalars, SymPy numbers) and SymPy expressions are accepted; ``None``,
    strings (SymPy would parse them: build symbols with ``sympy.symbols``), booleans, conditions,
    matrices, NaN, ``zoo``, complex numbers and (unless ``allow_infinite``, for integration bounds)
    ±∞ are refused.
    """
    if x is None:
        raise ValueError(f"{name} must be a SymPy expression or a real number, got None")
    if isinstance(x, (str, bytes)):
        raise ValueError(f"{name} must be a SymPy expression, not the string {_v.describe(x)}; "
                         "build symbols with sympy.symbols(...)")
    if isinstance(x, (bool, np.bool_)):
        raise ValueError(f"{name} must be a SymPy expression or a real number, not {x!r}")
    if isinstance(x, _SEQUENCES) or isinstance(x, (dict, set)):
        raise ValueError(f"{name} must be a single expression, got a {type(x).__name__}")
    try:
        e = sp.sympify(x, strict=True)
    except (sp.SympifyError, TypeError, ValueError, AttributeError):
        raise ValueError(f"{name} must be a SymPy expression or a real number, got {_v.describe(x)}") from None
    if not isinstance(e, sp.Expr):
        raise ValueError(f"{name} must be an expression (a number or a formula), got {type(e).__name__} {e}")
    bad = (sp.nan, sp.zoo) if allow_infinite else (sp.nan, sp.zoo, sp.oo, -sp.oo)
    if e.has(*bad):
        raise ValueError(f"{name} must be finite (no NaN, zoo{'' if allow_infinite else ' or ±oo'}), got {e}")
    if e.is_real is False and not e.has(sp.oo, -sp.oo):
        raise ValueError(f"{name} must be real, got the complex value {e}")
    return e


def _entries(a, name: str):
    """The entries of a vector-like ``a`` and its shape (1-D, or 2-D for a row/column)."""
    if isinstance(a, sp.MatrixBase):
        return list(a), a.shape
    if isinstance(a, np.ndarray):
        return list(a.ravel()), a.shape
    if isinstance(a, (list, tuple, sp.Tuple)):
        nested = [isinstance(e, _SEQUENCES) for e in a]
        if a and all(nested):
            rows = [list(e) for e in a]
            if len({len(r) for r in rows}) != 1:
                raise ValueError(f"{name} must be a rectangular sequence; got rows of different lengths (ragged)")
            return [e for r in rows for e in r], (len(rows), len(rows[0]))
        if any(nested):
            raise ValueError(f"{name} mixes numbers and sequences (ragged); give a flat sequence of expressions")
        return list(a), (len(a),)
    raise ValueError(f"{name} must be a sequence (list, tuple or Matrix) of expressions, got {_v.describe(a)}")


def _column(a, n: int, name: str) -> sp.Matrix:
    """``a`` as an n × 1 SymPy column of real expressions, or ValueError naming ``name``."""
    entries, shape = _entries(a, name)
    if len(entries) != n or len(shape) > 2 or (len(shape) == 2 and 1 not in shape):
        raise ValueError(f"{name} must have {n} components, got shape {tuple(shape)}")
    return sp.Matrix([_expr(e, f"{name}[{k}]") for k, e in enumerate(entries)])


def quaternion(w, x, y, z) -> sp.Matrix:
    """The quaternion ``w + x i + y j + z k`` as a 4 × 1 ``Matrix`` ``(w, x, y, z)``."""
    return sp.Matrix([_expr(w, "w"), _expr(x, "x"), _expr(y, "y"), _expr(z, "z")])


def vector(x, y, z) -> sp.Matrix:
    """The 3 × 1 column ``(x, y, z)``."""
    return sp.Matrix([_expr(x, "x"), _expr(y, "y"), _expr(z, "z")])


def sym_multiply(p, q) -> sp.Matrix:
    """Hamilton product ``p ⊗ q = (p_w q_w − p⃗·q⃗,  p_w q⃗ + q_w p⃗ + p⃗ × q⃗)`` (the forces-and-impulses article, §6).

    Same formula as :func:`rbteach.quaternion.multiply`; ``i ⊗ j = k``.
    """
    p = _column(p, 4, "p")
    q = _column(q, 4, "q")
    pw, pv = p[0], p[1:, 0]
    qw, qv = q[0], q[1:, 0]
    w = pw * qw - pv.dot(qv)
    v = pw * qv + qw * pv + pv.cross(qv)
    return sp.Matrix([w, v[0], v[1], v[2]])


def sym_conjugate(q) -> sp.Matrix:
    """Conjugate ``q* = (w, −x, −y, −z)``."""
    q = _column(q, 4, "q")
    return sp.Matrix([q[0], -q[1], -q[2], -q[3]])


def sym_norm_squared(q):
    """``|q|² = w² + x² + y² + z²`` (``q ⊗ q* = (|q|², 0, 0, 0)``)."""
    q = _column(q, 4, "q")
    return q[0] ** 2 + q[1] ** 2 + q[2] ** 2 + q[3] ** 2


def sym_rotate(q, v) -> sp.Matrix:
    """Vector part of ``q ⊗ (0, v) ⊗ q*`` (the forces-and-impulses article, §6: ``p′ = q p q⁻¹``), a 3 × 1 ``Matrix``.

    For a unit quaternion this is the active rotation ``q ⋄ v`` and equals
    ``sym_to_matrix(q) * v`` once ``w² + x² + y² + z² = 1`` is substituted. Not
    normalised: for ``|q| ≠ 1`` the result is scaled by ``|q|²`` (the numeric
    :func:`rbteach.quaternion.rotate` normalises first).
    """
    q = _column(q, 4, "q")
    v = _column(v, 3, "v")
    r = sym_multiply(sym_multiply(q, sp.Matrix([0, v[0], v[1], v[2]])), sym_conjugate(q))
    return sp.Matrix([sp.expand(r[1]), sp.expand(r[2]), sp.expand(r[3])])


def sym_to_matrix(q) -> sp.Matrix:
    """Active rotation matrix of a *unit* quaternion ``(w, x, y, z)``, the formula of
    :func:`rbteach.quaternion.to_matrix`::

        [[1 − 2(y² + z²),  2(xy − wz),      2(xz + wy)    ],
         [2(xy + wz),      1 − 2(x² + z²),  2(yz − wx)    ],
         [2(xz − wy),      2(yz + wx),      1 − 2(x² + y²)]]

    Its columns are the body axes in the world frame; the ``quaternion2dcm`` of 「回転運動のシミュレーション」 (2019)
    (scalar last) returns the transpose.
    """
    q = _column(q, 4, "q")
    w, x, y, z = q
    return sp.Matrix([
        [1 - 2 * (y**2 + z**2), 2 * (x * y - w * z), 2 * (x * z + w * y)],
        [2 * (x * y + w * z), 1 - 2 * (x**2 + z**2), 2 * (y * z - w * x)],
        [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x**2 + y**2)],
    ])


def sym_from_axis_angle(axis, angle) -> sp.Matrix:
    """``(cos(θ/2), sin(θ/2) n)`` for a *unit* axis ``n`` and angle θ (not normalised here)."""
    n = _column(axis, 3, "axis")
    angle = _expr(angle, "angle")
    s = sp.sin(angle / 2)
    return sp.Matrix([sp.cos(angle / 2), s * n[0], s * n[1], s * n[2]])


def sym_derivative_world(q, omega_world) -> sp.Matrix:
    """``q̇ = ½ (0, ω_world) ⊗ q`` (the forces-and-impulses article, §4 更新)."""
    q = _column(q, 4, "q")
    w = _column(omega_world, 3, "omega_world")
    return sym_multiply(sp.Matrix([0, w[0], w[1], w[2]]), q) / 2


def sym_derivative_body(q, omega_body) -> sp.Matrix:
    """``q̇ = ½ q ⊗ (0, ω_body)`` (the quaternion kinematics of 「回転運動のシミュレーション」 (2019), written scalar first)."""
    q = _column(q, 4, "q")
    w = _column(omega_body, 3, "omega_body")
    return sym_multiply(q, sp.Matrix([0, w[0], w[1], w[2]])) / 2


def skew(v) -> sp.Matrix:
    """Cross-product matrix ``[v]× = [[0, −v_z, v_y], [v_z, 0, −v_x], [−v_y, v_x, 0]]``, ``[a]× b = a × b``."""
    v = _column(v, 3, "v")
    return sp.Matrix([[0, -v[2], v[1]], [v[2], 0, -v[0]], [-v[1], v[0], 0]])


def Rx(angle) -> sp.Matrix:
    """Active rotation by ``angle`` about x: ``[[1, 0, 0], [0, c, −s], [0, s, c]]``."""
    angle = _expr(angle, "angle")
    c, s = sp.cos(angle), sp.sin(angle)
    return sp.Matrix([[1, 0, 0], [0, c, -s], [0, s, c]])


def Ry(angle) -> sp.Matrix:
    """Active rotation by ``angle`` about y: ``[[c, 0, s], [0, 1, 0], [−s, 0, c]]``."""
    angle = _expr(angle, "angle")
    c, s = sp.cos(angle), sp.sin(angle)
    return sp.Matrix([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def Rz(angle) -> sp.Matrix:
    """Active rotation by ``angle`` about z: ``[[c, −s, 0], [s, c, 0], [0, 0, 1]]``."""
    angle = _expr(angle, "angle")
    c, s = sp.cos(angle), sp.sin(angle)
    return sp.Matrix([[c, -s, 0], [s, c, 0], [0, 0, 1]])


def euler_zyx_matrix(yaw, pitch, roll) -> sp.Matrix:
    """``Rz(yaw) Ry(pitch) Rx(roll)``, the symbolic twin of :func:`rbteach.rotation.euler_zyx_to_matrix`.

    The ``euler2dcm`` of 「回転運動のシミュレーション」 (2019) is its transpose (a passive DCM).
    """
    return Rz(_expr(yaw, "yaw")) * Ry(_expr(pitch, "pitch")) * Rx(_expr(roll, "roll"))


def _integrate(expr, region_bounds):
    return sp.simplify(sp.integrate(expr, *region_bounds))


def _bounds(region_bounds):
    how = "a non-empty sequence of (variable, lower, upper) with a SymPy Symbol first"
    if region_bounds is None or isinstance(region_bounds, (str, bytes)) or not isinstance(region_bounds, (list, tuple, sp.Tuple)):
        raise ValueError(f"region_bounds must be {how}, got {_v.describe(region_bounds)}")
    bounds = []
    for k, b in enumerate(region_bounds):
        if not isinstance(b, (list, tuple, sp.Tuple)) or len(b) != 3 or not isinstance(b[0], sp.Symbol):
            raise ValueError(f"region_bounds must be {how}; region_bounds[{k}] is {_v.describe(b) if not isinstance(b, (list, tuple, sp.Tuple)) else tuple(b)}")
        bounds.append((b[0], _expr(b[1], f"region_bounds[{k}] lower bound", allow_infinite=True),
                       _expr(b[2], f"region_bounds[{k}] upper bound", allow_infinite=True)))
    if not bounds:
        raise ValueError(f"region_bounds must be {how}, got an empty sequence")
    return bounds


def mass_integral(density, region_bounds, jacobian=1):
    """Mass ``m = ∫ ρ J du dv dw`` over the region (same arguments as :func:`inertia_integral`)."""
    density = _expr(density, "density")
    bounds = _bounds(region_bounds)
    return _integrate(density * _expr(jacobian, "jacobian"), bounds)


def inertia_integral(density, coords, region_bounds, jacobian=1) -> sp.Matrix:
    """Inertia tensor about the origin as a volume integral (the forces-and-impulses article, §1 慣性テンソル).

    ``I = ∫ ρ [[y² + z², −xy, −xz], [−xy, x² + z², −yz], [−xz, −yz, x² + y²]] J du dv dw``:
    moments on the diagonal, products of inertia with their minus sign off it.

    Parameters
    ----------
    density : expression
        ρ, constant or a function of the integration variables.
    coords : sequence of 3 expressions
        Cartesian ``(x, y, z)`` as expressions of the integration variables, e.g.
        ``(r cos φ, r sin φ, z)`` for cylindrical coordinates.
    region_bounds : sequence of ``(variable, lower, upper)``
        Passed to ``sympy.integrate`` in order (innermost first); inner bounds may
        depend on outer variables.
    jacobian : expression, default 1
        Volume element factor ``J`` (``r`` for cylindrical, ``r² sin θ`` for spherical).

    Returns
    -------
    sympy.Matrix, shape (3, 3)
        Symmetric, each entry simplified. It is about the origin of ``coords``; use
        :func:`parallel_axis_term` (or :func:`rbteach.inertia.to_center_of_mass`) to move it.
    """
    density = _expr(density, "density")
    x, y, z = _column(coords, 3, "coords")
    bounds = _bounds(region_bounds)
    f = density * _expr(jacobian, "jacobian")
    Ixx = _integrate(f * (y**2 + z**2), bounds)
    Iyy = _integrate(f * (x**2 + z**2), bounds)
    Izz = _integrate(f * (x**2 + y**2), bounds)
    Ixy = -_integrate(f * x * y, bounds)
    Ixz = -_integrate(f * x * z, bounds)
    Iyz = -_integrate(f * y * z, bounds)
    return sp.Matrix([[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]])


def parallel_axis_term(m, d) -> sp.Matrix:
    """Steiner term ``m (|d|² 1 − d dᵀ)``: ``I_about(com + d) = I_com + parallel_axis_term(m, d)``.

    The ``inertia_conversion`` of 「回転運動のシミュレーション」 (2019) subtracts this term (origin → centre of mass).
    """
    m = _expr(m, "m")
    d = _column(d, 3, "d")
    return m * ((d.T * d)[0] * sp.eye(3) - d * d.T)


def euler_equations(I1, I2, I3, w1, w2, w3, t, torque=None):
    """Euler's equations in the principal-axes body frame, as three ``sympy.Eq``.

    ``I₁ ω̇₁ = (I₂ − I₃) ω₂ ω₃ + τ₁``, ``I₂ ω̇₂ = (I₃ − I₁) ω₃ ω₁ + τ₂``,
    ``I₃ ω̇₃ = (I₁ − I₂) ω₁ ω₂ + τ₃``: the components of ``I ω̇ + ω × (I ω) = τ``
    (「回転運動のシミュレーション」 (2019); torque-free when ``torque`` is None).

    Parameters
    ----------
    I1, I2, I3 : expressions
        Principal moments.
    w1, w2, w3 : expressions of ``t`` or undefined functions
        Body angular velocity components, e.g. ``sympy.Function("omega_1")(t)``; an
        undefined function (``sympy.Function("omega_1")``) is applied to ``t``.
    t : Symbol
        Time.
    torque : sequence of 3 expressions, optional
        Body-frame torque ``(τ₁, τ₂, τ₃)``; default zero.

    Returns
    -------
    list of 3 ``sympy.Eq``
        Unevaluated (``evaluate=False``), so a trial solution gives equations whose
        ``lhs − rhs`` can be simplified to check it; suitable for ``sympy.dsolve``.
    """
    if not isinstance(t, sp.Symbol):
        raise ValueError(f"t must be a SymPy Symbol, got {t!r}")
    ws = []
    for name, w in (("w1", w1), ("w2", w2), ("w3", w3)):
        if isinstance(w, sp.FunctionClass):
            w = w(t)
        ws.append(_expr(w, name))
    tau = [0, 0, 0] if torque is None else list(_column(torque, 3, "torque"))
    I = [_expr(I1, "I1"), _expr(I2, "I2"), _expr(I3, "I3")]
    eqs = []
    for i in range(3):
        j, k = (i + 1) % 3, (i + 2) % 3
        # evaluate=False keeps an Eq (with .lhs and .rhs) even when a trial solution makes it True
        eqs.append(sp.Eq(I[i] * sp.diff(ws[i], t), (I[j] - I[k]) * ws[j] * ws[k] + tau[i], evaluate=False))
    return eqs
