"""rbteach.symbolic agrees with the numeric modules, and its identities hold symbolically."""

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

from rbteach import dynamics, inertia
from rbteach import quaternion as Q
from rbteach import rotation as Rot
from rbteach import symbolic as S

SETTINGS = settings(max_examples=20, deadline=None)

w, x, y, z = sp.symbols("w x y z", real=True)
a1, a2, a3, b1, b2, b3, b4 = sp.symbols("a1 a2 a3 b1 b2 b3 b4", real=True)
v1, v2, v3 = sp.symbols("v1 v2 v3", real=True)
yaw, pitch, roll, theta, m = sp.symbols("yaw pitch roll theta m", real=True)
q_sym = S.quaternion(w, x, y, z)
p_sym = S.quaternion(b1, b2, b3, b4)
v_sym = S.vector(v1, v2, v3)

_component = st.floats(-3.0, 3.0, allow_nan=False, allow_infinity=False)
quat = hnp.arrays(float, 4, elements=_component).filter(lambda q: np.linalg.norm(q) > 1e-2)
unit_quat = quat.map(lambda q: q / np.linalg.norm(q))
vec3 = hnp.arrays(float, 3, elements=_component)
angle = st.floats(-np.pi, np.pi)


def numeric(expr, symbols):
    """Compile a SymPy matrix to a NumPy function of ``symbols`` (flattened argument list)."""
    f = sp.lambdify(symbols, expr, "numpy")
    return lambda *args: np.array(f(*args), dtype=float)


multiply_num = numeric(S.sym_multiply(p_sym, q_sym), [b1, b2, b3, b4, w, x, y, z])
conjugate_num = numeric(S.sym_conjugate(q_sym), [w, x, y, z])
rotate_num = numeric(S.sym_rotate(q_sym, v_sym), [w, x, y, z, v1, v2, v3])
to_matrix_num = numeric(S.sym_to_matrix(q_sym), [w, x, y, z])
skew_num = numeric(S.skew(v_sym), [v1, v2, v3])
euler_num = numeric(S.euler_zyx_matrix(yaw, pitch, roll), [yaw, pitch, roll])
axis_angle_num = numeric(S.sym_from_axis_angle(v_sym, theta), [v1, v2, v3, theta])
dworld_num = numeric(S.sym_derivative_world(q_sym, v_sym), [w, x, y, z, v1, v2, v3])
dbody_num = numeric(S.sym_derivative_body(q_sym, v_sym), [w, x, y, z, v1, v2, v3])
steiner_num = numeric(S.parallel_axis_term(m, v_sym), [m, v1, v2, v3])


# --- agreement with the numeric modules at random values --------------------------------------

@SETTINGS
@given(quat, quat)
def test_multiply_and_conjugate_agree(p, q):
    np.testing.assert_allclose(multiply_num(*p, *q).ravel(), Q.multiply(p, q), atol=1e-12)
    np.testing.assert_allclose(conjugate_num(*q).ravel(), Q.conjugate(q), atol=0.0)
    assert float(S.sym_norm_squared(q_sym).subs(dict(zip((w, x, y, z), q)))) == pytest.approx(Q.norm(q) ** 2)


@SETTINGS
@given(unit_quat, vec3)
def test_rotate_and_matrix_agree(q, v):
    np.testing.assert_allclose(rotate_num(*q, *v).ravel(), Q.rotate(q, v), atol=1e-12)
    np.testing.assert_allclose(to_matrix_num(*q), Q.to_matrix(q), atol=1e-12)


@SETTINGS
@given(unit_quat, vec3)
def test_quaternion_rates_agree(q, omega):
    np.testing.assert_allclose(dworld_num(*q, *omega).ravel(), Q.derivative_world(q, omega), atol=1e-12)
    np.testing.assert_allclose(dbody_num(*q, *omega).ravel(), Q.derivative_body(q, omega), atol=1e-12)


@SETTINGS
@given(vec3.filter(lambda a: np.linalg.norm(a) > 1e-2), angle)
def test_axis_angle_agrees(axis, theta_):
    n = axis / np.linalg.norm(axis)
    np.testing.assert_allclose(axis_angle_num(*n, theta_).ravel(), Q.from_axis_angle(axis, theta_), atol=1e-12)


@SETTINGS
@given(vec3)
def test_skew_agrees(v):
    np.testing.assert_allclose(skew_num(*v), Rot.skew(v), atol=0.0)


@SETTINGS
@given(angle, st.floats(-np.pi / 2, np.pi / 2), angle)
def test_euler_matrix_agrees(yaw_, pitch_, roll_):
    np.testing.assert_allclose(euler_num(yaw_, pitch_, roll_), Rot.euler_zyx_to_matrix(yaw_, pitch_, roll_),
                               atol=1e-14)


def test_elementary_rotations_are_active():
    t = sp.pi / 2
    assert S.Rz(t) * sp.Matrix([1, 0, 0]) == sp.Matrix([0, 1, 0])
    assert S.Rx(t) * sp.Matrix([0, 1, 0]) == sp.Matrix([0, 0, 1])
    assert S.Ry(t) * sp.Matrix([0, 0, 1]) == sp.Matrix([1, 0, 0])


@SETTINGS
@given(st.floats(0.1, 10.0), vec3)
def test_parallel_axis_term_agrees(mass, d):
    np.testing.assert_allclose(steiner_num(mass, *d), inertia.parallel_axis(np.zeros((3, 3)), mass, d), atol=1e-12)


# --- symbolic identities ---------------------------------------------------------------------

def _zero_on_unit_sphere(expr):
    """True if the polynomial ``expr`` vanishes on w² + x² + y² + z² = 1 (remainder of division by it in w)."""
    return sp.expand(sp.rem(sp.expand(expr), w**2 + x**2 + y**2 + z**2 - 1, w)) == 0


def test_sym_rotate_equals_matrix_times_vector_for_unit_q():
    diff = S.sym_rotate(q_sym, v_sym) - S.sym_to_matrix(q_sym) * v_sym
    assert all(_zero_on_unit_sphere(e) for e in diff)
    # without the unit constraint the two differ: the check above can fail
    assert not all(sp.expand(e) == 0 for e in diff)


def test_sym_to_matrix_is_orthogonal_for_unit_q():
    R = S.sym_to_matrix(q_sym)
    assert all(_zero_on_unit_sphere(e) for e in (R.T * R - sp.eye(3)))


def test_hamilton_units():
    one, i, j, k = (S.quaternion(*row) for row in sp.eye(4).tolist())
    assert S.sym_multiply(i, j) == k
    assert S.sym_multiply(j, k) == i
    assert S.sym_multiply(k, i) == j
    assert S.sym_multiply(j, i) == -k
    for u in (i, j, k):
        assert S.sym_multiply(u, u) == -one


def test_sym_multiply_is_associative_and_norm_multiplicative():
    r_sym = S.quaternion(a1, a2, a3, v1)
    left = S.sym_multiply(S.sym_multiply(p_sym, q_sym), r_sym)
    right = S.sym_multiply(p_sym, S.sym_multiply(q_sym, r_sym))
    assert sp.expand(left - right) == sp.zeros(4, 1)
    pq = S.sym_multiply(p_sym, q_sym)
    assert sp.expand(S.sym_norm_squared(pq) - S.sym_norm_squared(p_sym) * S.sym_norm_squared(q_sym)) == 0


def test_quaternion_rates_are_related_by_rotation():
    """½ (0, q ⋄ ω) ⊗ q = ½ q ⊗ (0, ω) for a unit q."""
    diff = S.sym_derivative_world(q_sym, S.sym_rotate(q_sym, v_sym)) - S.sym_derivative_body(q_sym, v_sym)
    assert all(_zero_on_unit_sphere(e) for e in diff)


def test_skew_is_the_cross_product():
    u = S.vector(a1, a2, a3)
    assert sp.expand(S.skew(u) * v_sym - u.cross(v_sym)) == sp.zeros(3, 1)


def test_euler_zyx_matrix_is_rotation_of_its_quaternion():
    qz = S.sym_from_axis_angle([0, 0, 1], yaw)
    qy = S.sym_from_axis_angle([0, 1, 0], pitch)
    qx = S.sym_from_axis_angle([1, 0, 0], roll)
    qzyx = S.sym_multiply(S.sym_multiply(qz, qy), qx)
    diff = S.sym_to_matrix(qzyx) - S.euler_zyx_matrix(yaw, pitch, roll)
    # write the half angles as angles (a → 2a), expand, and use sin² = 1 − cos²: a polynomial identity
    doubled = {yaw: 2 * yaw, pitch: 2 * pitch, roll: 2 * roll}
    pythagoras = {sp.sin(a) ** 2: 1 - sp.cos(a) ** 2 for a in (yaw, pitch, roll)}
    for e in diff:
        assert sp.expand(sp.expand(sp.expand_trig(e.subs(doubled))).subs(pythagoras)) == 0


# --- inertia integrals ----------------------------------------------------------------------

def test_box_inertia_integral_matches_inertia_box():
    a, b, c, mass = sp.symbols("a b c m", positive=True)
    X, Y, Z = sp.symbols("X Y Z", real=True)
    rho = mass / (a * b * c)
    region = [(X, -a / 2, a / 2), (Y, -b / 2, b / 2), (Z, -c / 2, c / 2)]
    I = S.inertia_integral(rho, (X, Y, Z), region)
    assert sp.simplify(I - mass / 12 * sp.diag(b**2 + c**2, a**2 + c**2, a**2 + b**2)) == sp.zeros(3, 3)
    assert sp.simplify(S.mass_integral(rho, region) - mass) == 0
    values = {a: 0.3, b: 1.7, c: 0.9, mass: 2.5}
    np.testing.assert_allclose(np.array(I.subs(values), dtype=float), inertia.box(2.5, 0.3, 1.7, 0.9), rtol=1e-14)


def test_unit_density_box_matches_inertia_box():
    X, Y, Z = sp.symbols("X Y Z", real=True)
    a, b, c = sp.Rational(1, 2), sp.Integer(2), sp.Rational(3, 4)
    region = [(X, -a / 2, a / 2), (Y, -b / 2, b / 2), (Z, -c / 2, c / 2)]
    I = S.inertia_integral(1, (X, Y, Z), region)
    mass = S.mass_integral(1, region)
    assert mass == a * b * c
    np.testing.assert_allclose(np.array(I, dtype=float), inertia.box(float(mass), float(a), float(b), float(c)),
                               rtol=1e-14)


def test_products_of_inertia_carry_the_minus_sign():
    """A unit-density box with a corner at the origin: I_xy = −∫ x y dV = −m a b / 4 < 0."""
    X, Y, Z = sp.symbols("X Y Z", real=True)
    a, b, c = 1, 2, 3
    I = S.inertia_integral(1, (X, Y, Z), [(X, 0, a), (Y, 0, b), (Z, 0, c)])
    mass = a * b * c
    assert I[0, 1] == -sp.Rational(mass * a * b, 4) and I[1, 0] == I[0, 1]
    assert I[0, 2] == -sp.Rational(mass * a * c, 4)
    assert I[1, 2] == -sp.Rational(mass * b * c, 4)
    com = np.array([a, b, c]) / 2
    np.testing.assert_allclose(np.array(I, dtype=float), inertia.parallel_axis(inertia.box(mass, a, b, c), mass, -com),
                               rtol=1e-14)
    # and the symbolic Steiner term moves it back to the centre of mass
    back = I - S.parallel_axis_term(mass, sp.Matrix(com.tolist()).applyfunc(sp.nsimplify))
    np.testing.assert_allclose(np.array(back, dtype=float), inertia.box(mass, a, b, c), rtol=1e-14)


def test_cylinder_in_cylindrical_coordinates():
    r, phi, Z = sp.symbols("r phi Z", real=True)
    R, h, mass = sp.symbols("R h m", positive=True)
    rho = mass / (sp.pi * R**2 * h)
    region = [(r, 0, R), (phi, 0, 2 * sp.pi), (Z, -h / 2, h / 2)]
    I = S.inertia_integral(rho, (r * sp.cos(phi), r * sp.sin(phi), Z), region, jacobian=r)
    assert sp.simplify(S.mass_integral(rho, region, jacobian=r) - mass) == 0
    values = {R: 0.4, h: 1.3, mass: 3.0}
    np.testing.assert_allclose(np.array(I.subs(values), dtype=float), inertia.solid_cylinder(3.0, 0.4, 1.3),
                               rtol=1e-14)


def test_sphere_in_spherical_coordinates():
    r, th, phi = sp.symbols("r theta phi", real=True)
    R, mass = sp.symbols("R m", positive=True)
    rho = mass / (sp.Rational(4, 3) * sp.pi * R**3)
    coords = (r * sp.sin(th) * sp.cos(phi), r * sp.sin(th) * sp.sin(phi), r * sp.cos(th))
    region = [(r, 0, R), (th, 0, sp.pi), (phi, 0, 2 * sp.pi)]
    I = S.inertia_integral(rho, coords, region, jacobian=r**2 * sp.sin(th))
    assert sp.simplify(I - sp.Rational(2, 5) * mass * R**2 * sp.eye(3)) == sp.zeros(3, 3)
    np.testing.assert_allclose(np.array(I.subs({R: 0.7, mass: 2.0}), dtype=float), inertia.solid_sphere(2.0, 0.7),
                               rtol=1e-14)


# --- Euler's equations ----------------------------------------------------------------------

t = sp.symbols("t", real=True)


def test_euler_equations_solved_by_the_2019_article_example():
    """I = diag(1, 1, 2), ω0 = (1, 0, 1): ω = (cos t, sin t, 1) (「回転運動のシミュレーション」 (2019))."""
    eqs = S.euler_equations(1, 1, 2, sp.cos(t), sp.sin(t), sp.Integer(1), t)
    assert len(eqs) == 3
    assert all(sp.simplify(e.lhs - e.rhs) == 0 for e in eqs)
    wrong = S.euler_equations(1, 1, 2, sp.cos(t), -sp.sin(t), sp.Integer(1), t)
    assert not all(sp.simplify(e.lhs - e.rhs) == 0 for e in wrong)


def test_euler_equations_form_and_function_classes():
    I1, I2, I3 = sp.symbols("I1 I2 I3", positive=True)
    f1, f2, f3 = sp.symbols("omega_1 omega_2 omega_3", cls=sp.Function)
    eqs = S.euler_equations(I1, I2, I3, f1, f2, f3, t)
    assert eqs[0] == sp.Eq(I1 * f1(t).diff(t), (I2 - I3) * f2(t) * f3(t))
    assert eqs[1] == sp.Eq(I2 * f2(t).diff(t), (I3 - I1) * f3(t) * f1(t))
    assert eqs[2] == sp.Eq(I3 * f3(t).diff(t), (I1 - I2) * f1(t) * f2(t))


_f = sp.symbols("omega_1 omega_2 omega_3", cls=sp.Function)
_I = sp.symbols("I1 I2 I3", positive=True)
_tau = sp.symbols("tau1 tau2 tau3", real=True)
_rates = [eq.rhs / eq.lhs.coeff(f(t).diff(t))
          for eq, f in zip(S.euler_equations(*_I, *_f, t, torque=_tau), _f)]
_rates_num = numeric(sp.Matrix(_rates).subs({f(t): s for f, s in zip(_f, (v1, v2, v3))}),
                     [*_I, v1, v2, v3, *_tau])


@SETTINGS
@given(hnp.arrays(float, 3, elements=st.floats(1.0, 2.0)), vec3, vec3)  # 1 ≤ I ≤ 2 keeps I1 + I2 ≥ I3
def test_euler_equations_agree_with_dynamics_euler_rhs(moments, omega, torque):
    got = _rates_num(*moments, *omega, *torque).ravel()
    np.testing.assert_allclose(got, dynamics.euler_rhs(moments, omega, torque), atol=1e-12)


# --- bad input ------------------------------------------------------------------------------

def test_bad_input_names_the_argument():
    with pytest.raises(ValueError, match=r"^p must have 4 components"):
        S.sym_multiply([1, 2, 3], q_sym)
    with pytest.raises(ValueError, match=r"^q must have 4 components"):
        S.sym_to_matrix(sp.eye(2))
    with pytest.raises(ValueError, match=r"^v must have 3 components"):
        S.sym_rotate(q_sym, [1, 2])
    with pytest.raises(ValueError, match=r"^v must have 3 components"):
        S.skew([1, 2, 3, 4])
    with pytest.raises(ValueError, match=r"^coords must have 3 components"):
        S.inertia_integral(1, (x, y), [(x, 0, 1), (y, 0, 1)])
    with pytest.raises(ValueError, match=r"^region_bounds must be"):
        S.inertia_integral(1, (x, y, z), [(x, 0)])
    with pytest.raises(ValueError, match=r"^region_bounds must be"):
        S.mass_integral(1, 5)
    with pytest.raises(ValueError, match=r"^d must have 3 components"):
        S.parallel_axis_term(1, [1, 2])
    with pytest.raises(ValueError, match=r"^t must be a SymPy Symbol"):
        S.euler_equations(1, 2, 3, x, y, z, 0.5)
    with pytest.raises(ValueError, match=r"^torque must have 3 components"):
        S.euler_equations(1, 2, 3, x, y, z, t, torque=[1, 2])


# --- issue 14: every argument checked, named, and never coerced from a string ----------------------

@pytest.mark.parametrize("bad, why", [("x", "string"), ("2", "string"), (True, "True"), (None, "None"),
                                      (2 + 5j, "real"), (float("nan"), "finite"), (float("inf"), "finite"),
                                      (sp.zoo, "finite"), (sp.Eq(sp.Symbol("x"), 1), "expression")])
def test_scalars_are_checked_and_named(bad, why):
    with pytest.raises(ValueError, match=f"^angle .*{why}"):
        S.Rz(bad)
    with pytest.raises(ValueError, match=f"^y .*{why}"):
        S.vector(1, bad, 0)
    with pytest.raises(ValueError, match=f"^q\\[2\\] .*{why}"):
        S.sym_conjugate([1, 0, bad, 0])
    with pytest.raises(ValueError, match=f"^m .*{why}"):
        S.parallel_axis_term(bad, [1, 0, 0])


def test_sequences_are_checked_and_named():
    for bad in ([1, 2], [[1, 2], [3]], [1, [2, 3], 4], 5, "abc", sp.eye(3)):
        with pytest.raises(ValueError, match="^v "):
            S.skew(bad)
    # the same vector in any spelling
    a = sp.Symbol("a", real=True)
    for spelling in ([1, a, 2], (1, a, 2), sp.Matrix([1, a, 2]), sp.Matrix([[1, a, 2]]), [[1], [a], [2]]):
        assert S.skew(spelling) == S.skew([1, a, 2])


def test_integration_bounds_are_checked_and_may_be_infinite():
    x = sp.Symbol("x", real=True)
    assert S.mass_integral(sp.exp(-x), [(x, 0, sp.oo)]) == 1
    for bad in ([(x, 0)], [(1, 0, 1)], [(x, "0", "1")], [(x, float("nan"), 1)], [], "x", None):
        with pytest.raises(ValueError, match="^region_bounds"):
            S.mass_integral(1, bad)
    with pytest.raises(ValueError, match="^t must be a SymPy Symbol"):
        S.euler_equations(1, 2, 3, 0, 0, 0, "t")
    with pytest.raises(ValueError, match="^w2 "):
        S.euler_equations(1, 2, 3, 0, "w", 0, sp.Symbol("t"))
