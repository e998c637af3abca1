"""The bad-input promise, for EVERY public function (issue 14 §3).

A table of bad values × functions, built from each module's ``__all__`` (and RigidBody's methods):

* every bad value (None, strings, digit strings, complex, bools, NaN, ±inf, ragged, 0-d, wrong and
  empty shapes, objects, values out of range, huge values whose result overflows) must raise
  ``ValueError`` whose message names the argument (and shows no whole large array);
* huge and tiny values may be accepted, and then the result is finite (for arguments that are
  normalised first — quaternions — it equals the canonical spelling's result);
* every valid spelling (list, tuple, int, float32, numpy scalar, 0-d array, Fraction, ...) gives a
  finite result equal to the canonical spelling's.

``test_every_public_function_has_an_entry`` fails when a public function (or a parameter of one)
has no entry, so a new function cannot skip the table.
"""

from __future__ import annotations

import inspect
import re
import warnings
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp

from rbteach import analytic as A
from rbteach import body as B
from rbteach import contact as Ct
from rbteach import dissipation as Dd
from rbteach import dynamics as D
from rbteach import elliptic as E
from rbteach import percussion as Pc
from rbteach import inertia as In
from rbteach import quaternion as Q
from rbteach import rotation as Rot
from rbteach import symbolic as S
from rbteach import top as Tp

MODULES = {"quaternion": Q, "rotation": Rot, "inertia": In, "body": B, "dynamics": D,
           "analytic": A, "elliptic": E, "symbolic": S, "contact": Ct, "top": Tp, "percussion": Pc,
           "dissipation": Dd}

#: Public names that are data, not functions.
CONSTANTS = {"body.STATES", "dynamics.METHODS", "dynamics.TORQUE_METHODS", "dynamics.REFERENCE_MAX_STEPS",
             "dynamics.REFERENCE_MAX_PHASE"}
#: Public result types: functions return them, a user never builds one from raw input.
RESULT_TYPES = {"contact.ContactImpulse", "dynamics.ReferenceSolution"}


class Arg:
    """One parameter: its kind (which bad values and spellings apply) and its canonical value.

    ``optional``: None is a valid value (the default). ``scale_free``: the function normalises the
    argument, so a huge or tiny multiple must give the canonical result. ``bad``/``ok``: extra
    (label, value) pairs that must be refused / that are valid spellings of the canonical value.
    """

    def __init__(self, kind, value, *, optional=False, scale_free=False, bad=(), ok=()):
        self.kind, self.value = kind, value
        self.optional, self.scale_free = optional, scale_free
        self.bad, self.ok = tuple(bad), tuple(ok)


class Spec:
    def __init__(self, fn, args, *, params=None):
        self.fn, self.args = fn, args
        self.params = params            # the real signature's parameter names, when fn is a wrapper


# --------------------------------------------------------------------------- canonical data
V3 = np.array([0.5, -1.0, 2.0])
V3B = np.array([1.0, 0.25, -0.5])
QUAT = np.array([1.0, -2.0, 3.0, 4.0])
QUAT2 = np.array([0.5, 0.5, -0.5, 1.0])
ROT = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])        # 90° about z, exact
TENSOR = np.array([[2.0, -0.5, 0.0], [-0.5, 3.0, 0.25], [0.0, 0.25, 4.0]])
MOMENTS = np.array([1.0, 2.0, 2.5])
MAT = np.array([[1.0, 0.5, 0.0], [-0.25, 2.0, 0.0], [0.0, 0.5, 1.0]])        # a drifted rotation, det > 0
VERTS, FACES = In.box_mesh(1.0, 2.0, 3.0)
MASSES = np.array([1.0, 2.0, 0.5])
POINTS = np.array([[0.0, 0.0, 0.0], [1.0, 0.0, 0.5], [0.0, 2.0, -1.0]])
x_, y_, z_, t_ = sp.symbols("x y z t")
a_, b_ = sp.symbols("a b", positive=True)

NEG = np.diag([-1.0, 2.0, 2.0])
ASYM = np.array([[2.0, 0.5, 0.0], [-0.5, 3.0, 0.0], [0.0, 0.0, 4.0]])
TRIANGLE = np.diag([1.0, 1.0, 3.0])
ZERO_MOMENT = np.diag([0.0, 1.0, 1.0])
BAD_TENSORS = (("negative tensor", NEG), ("non-symmetric tensor", ASYM), ("triangle-violating tensor", TRIANGLE))
BAD_MOMENTS = (("negative moment", [-1.0, 2.0, 2.0]), ("triangle-violating moments", [1.0, 1.0, 3.0]),
               ("zero moment", [0.0, 1.0, 1.0]))
BAD_ROT = (("zero matrix", np.zeros((3, 3))), ("reflection", np.diag([1.0, 1.0, -1.0])),
           ("not orthogonal", 2.0 * np.eye(3)), ("float32-rounded, 1e-3 off", ROT + 1e-3))


def _traj():
    return D.simulate(MOMENTS, V3, dt=0.125, steps=2)


TRAJ = _traj()

# Kinds: "real", "pos", "nonneg" (scalars); "array" (any shape of reals); "vec3", "quat", "mat3"
# (batches (..., n)); "vec3_1", "quat_1" (exactly one); "vec3_n", "quat_n" ((n,) or (N, n));
# "rot", "inertia", "inertia_inv", "moments", "inertia_any", "inertia_any_inv"; "masses", "points";
# "vertices", "faces"; "int", "seed" (None or an int >= 0), "choice", "flag", "name", "shape", "atol"; "times", "m01", "m01_open";
# "sym" (a SymPy scalar), "sym3", "sym4" (columns), "sym_bounds", "sym_symbol", "sym_func"; "seq" (Euler sequence).

SPECS: dict[str, Spec] = {}


def spec(key, fn, params=None, **args):
    SPECS[key] = Spec(fn, args, params=params)


# --- quaternion
spec("quaternion.identity", Q.identity, shape=Arg("shape", (2,), ok=[("int", 2), ("list", [2]),
                                                                    ("np.int64", (np.int64(2),))]))
spec("quaternion.multiply", Q.multiply, p=Arg("quat", QUAT), q=Arg("quat", QUAT2))
spec("quaternion.conjugate", Q.conjugate, q=Arg("quat", QUAT))
spec("quaternion.inverse", Q.inverse, q=Arg("quat", QUAT, bad=[("zero", np.zeros(4))]))
spec("quaternion.norm", Q.norm, q=Arg("quat", QUAT))
for _name in ("normalize", "canonical", "to_matrix", "to_axis_angle", "to_rotation_vector"):
    spec(f"quaternion.{_name}", getattr(Q, _name), q=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]))
spec("quaternion.rotate", Q.rotate, q=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]),
     v=Arg("vec3", V3))
spec("quaternion.from_axis_angle", Q.from_axis_angle, axis=Arg("vec3", V3, scale_free=True, bad=[("zero", np.zeros(3))]),
     angle=Arg("array", 0.75))
spec("quaternion.from_rotation_vector", Q.from_rotation_vector, rotvec=Arg("vec3", V3))
spec("quaternion.from_matrix", Q.from_matrix, R=Arg("rot", ROT, bad=BAD_ROT),
     atol=Arg("atol", 1e-6, ok=[("Fraction", Fraction(1, 1000000))]))
spec("quaternion.from_xyzw", Q.from_xyzw, q_xyzw=Arg("quat", QUAT))
spec("quaternion.to_xyzw", Q.to_xyzw, q=Arg("quat", QUAT))
spec("quaternion.derivative_world", Q.derivative_world, q=Arg("quat", QUAT, bad=[("zero", np.zeros(4))]),
     omega_world=Arg("vec3", V3))
spec("quaternion.derivative_body", Q.derivative_body, q=Arg("quat", QUAT, bad=[("zero", np.zeros(4))]),
     omega_body=Arg("vec3", V3))
spec("quaternion.angle_between", Q.angle_between, p=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]),
     q=Arg("quat", QUAT2, scale_free=True, bad=[("zero", np.zeros(4))]))
spec("quaternion.exp", Q.exp, v=Arg("vec3", V3))
spec("quaternion.log", Q.log, q=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]))
spec("quaternion.slerp", Q.slerp, p=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]),
     q=Arg("quat", QUAT2, scale_free=True, bad=[("zero", np.zeros(4))]), t=Arg("array", 0.3))
spec("quaternion.random", Q.random, shape=Arg("shape", (2,), ok=[("int", 2), ("list", [2])]),
     seed=Arg("seed", 3, optional=True))
QUATS3 = np.array([QUAT, QUAT2, [2.0, 1.0, -1.0, 0.5]])
spec("quaternion.mean", Q.mean, q=Arg("quat", QUATS3, scale_free=True,
                                      bad=[("a zero row", np.array([QUAT, QUAT2, np.zeros(4)])),
                                           ("no quaternions", np.zeros((0, 4))),
                                           ("two opposite turns, equal weights",
                                            np.array([[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0]]))]),
     weights=Arg("array", [1.0, 2.0, 0.5], optional=True, scale_free=True,
                 bad=[("negative", [1.0, -2.0, 0.5]), ("all zero", np.zeros(3)), ("wrong length", [1.0, 2.0]),
                      ("a single number", 1.0)]))

# --- rotation
spec("rotation.skew", Rot.skew, v=Arg("vec3", V3))
spec("rotation.euler_zyx_to_matrix", Rot.euler_zyx_to_matrix, yaw=Arg("array", 0.5), pitch=Arg("array", -0.25),
     roll=Arg("array", 1.5))
spec("rotation.matrix_to_euler_zyx", Rot.matrix_to_euler_zyx, R=Arg("rot", ROT, bad=BAD_ROT))
spec("rotation.orthonormalize", Rot.orthonormalize, R=Arg("mat3", MAT, scale_free=True, bad=BAD_ROT[:2]))
spec("rotation.euler_to_matrix", Rot.euler_to_matrix, angles=Arg("vec3", V3), seq=Arg("seq", "ZYX"))
spec("rotation.matrix_to_euler", Rot.matrix_to_euler, R=Arg("rot", ROT, bad=BAD_ROT), seq=Arg("seq", "zxz"))
spec("rotation.euler_rates_to_omega_body", Rot.euler_rates_to_omega_body, angles=Arg("vec3", V3),
     rates=Arg("vec3", V3B), seq=Arg("seq", "ZYX"))
spec("rotation.euler_rates_to_omega_world", Rot.euler_rates_to_omega_world, angles=Arg("vec3", V3),
     rates=Arg("vec3", V3B), seq=Arg("seq", "xzy"))
spec("rotation.omega_body_to_euler_rates", Rot.omega_body_to_euler_rates,
     angles=Arg("vec3", V3, bad=[("gimbal lock", [0.5, np.pi / 2, 2.0])]), omega_body=Arg("vec3", V3B),
     seq=Arg("seq", "ZYX"))
_B_VECS = np.array([[0.0, 0.0, 9.81], [0.0, 30.0, -35.0], [1.0, -0.5, 0.25]])
spec("rotation.align_vectors", Rot.align_vectors,
     vectors_world=Arg("points", _B_VECS @ ROT.T + 0.01, scale_free=True, bad=[("one pair", _B_VECS[:1])]),
     vectors_body=Arg("points", _B_VECS, scale_free=True,
                      bad=[("all parallel", np.outer([1.0, -2.0, 0.5], [0.0, 0.0, 9.81]))]),
     weights=Arg("masses", MASSES, optional=True, scale_free=True,
                 bad=[("negative", [1.0, -1.0, 1.0]), ("all zero", [0.0, 0.0, 0.0])]))

# --- inertia: primitives
_P = dict(bad=[("zero", 0), ("negative", -1.0)])
spec("inertia.box", In.box, mass=Arg("pos", 1.5, **_P), a=Arg("pos", 1.5, **_P), b=Arg("pos", 1.5, **_P),
     c=Arg("pos", 1.5, **_P))
spec("inertia.solid_sphere", In.solid_sphere, mass=Arg("pos", 1.5, **_P), r=Arg("pos", 1.5, **_P))
spec("inertia.hollow_sphere", In.hollow_sphere, mass=Arg("pos", 1.5, **_P), r=Arg("pos", 1.5, **_P))
spec("inertia.solid_cylinder", In.solid_cylinder, mass=Arg("pos", 1.5, **_P), r=Arg("pos", 1.5, **_P),
     h=Arg("pos", 1.5, **_P))
spec("inertia.hollow_cylinder", In.hollow_cylinder, mass=Arg("pos", 1.5, **_P),
     r_inner=Arg("nonneg", 0.5, bad=[("negative", -1.0), ("equal to r_outer", 2.0)]),
     r_outer=Arg("pos", 2.0, bad=[("zero", 0), ("negative", -1.0), ("below r_inner", 0.25)]), h=Arg("pos", 1.5, **_P))
spec("inertia.rod", In.rod, mass=Arg("pos", 1.5, **_P), length=Arg("pos", 1.5, **_P))
spec("inertia.solid_cone", In.solid_cone, mass=Arg("pos", 1.5, **_P), r=Arg("pos", 1.5, **_P),
     h=Arg("pos", 1.5, **_P))
spec("inertia.ellipsoid", In.ellipsoid, mass=Arg("pos", 1.5, **_P), a=Arg("pos", 1.5, **_P),
     b=Arg("pos", 1.5, **_P), c=Arg("pos", 1.5, **_P))
# --- inertia: tensors
spec("inertia.point_masses", In.point_masses,
     masses=Arg("masses", MASSES, bad=[("no masses", []), ("zero mass", [1.0, 0.0, 1.0]),
                                       ("negative mass", [1.0, -1.0, 1.0]), ("one mass short", [1.0, 2.0])]),
     points=Arg("points", POINTS, bad=[("one point short", POINTS[:2])]))
spec("inertia.parallel_axis", In.parallel_axis, inertia_com=Arg("inertia", TENSOR, bad=BAD_TENSORS),
     mass=Arg("masses1", 1.5, bad=[("zero", 0.0), ("negative", -1.0)]), offset=Arg("vec3", V3))
spec("inertia.to_center_of_mass", In.to_center_of_mass,
     inertia_origin=Arg("inertia", In.parallel_axis(TENSOR, 1.5, V3), bad=BAD_TENSORS + (("about the centre already", TENSOR),)),
     mass=Arg("masses1", 1.5, bad=[("zero", 0.0), ("negative", -1.0), ("too heavy for the tensor", 100.0)]),
     com=Arg("vec3", V3, bad=[("too far for the tensor", 10 * V3)]))
spec("inertia.rotate", In.rotate, inertia=Arg("inertia", TENSOR, bad=BAD_TENSORS), R=Arg("rot", ROT, bad=BAD_ROT))
spec("inertia.principal_axes", In.principal_axes, inertia=Arg("inertia", TENSOR, bad=BAD_TENSORS))
spec("inertia.validate", In.validate, inertia=Arg("inertia", TENSOR, bad=BAD_TENSORS),
     name=Arg("name", "inertia"), allow_zero=Arg("flag", True, ok=[("np.bool_", np.bool_(True))]))
spec("inertia.mesh", In.mesh, vertices=Arg("vertices", VERTS), faces=Arg("faces", FACES),
     mass=Arg("pos", 3.0, optional=True, bad=[("zero", 0.0), ("negative", -1.0)]),
     density=Arg("extra_only", None, optional=True, bad=[("given with mass", 2.0)]))
# the same with a density instead of a mass (an extra row: every check of density runs here)
spec("inertia.mesh (density)", In.mesh, vertices=Arg("vertices", VERTS), faces=Arg("faces", FACES),
     mass=Arg("extra_only", None, optional=True, bad=[("given with density", 3.0)]),
     density=Arg("pos", 0.5, optional=True, bad=[("zero", 0.0), ("negative", -1.0)]))
spec("inertia.box_mesh", In.box_mesh, a=Arg("pos", 1.5, **_P), b=Arg("pos", 1.5, **_P), c=Arg("pos", 1.5, **_P),
     center=Arg("vec3_1", V3, optional=True))
spec("inertia.t_handle_mesh", In.t_handle_mesh, bar_length=Arg("pos", 1.0, **_P), bar_width=Arg("pos", 0.25, **_P),
     stem_length=Arg("pos", 0.5, **_P), stem_width=Arg("pos", 0.25, bad=[("zero", 0), ("negative", -1.0),
                                                                         ("wider than the bar", 2.0)]))
# --- inertia: about an axis, combining bodies
spec("inertia.about_axis", In.about_axis, inertia=Arg("inertia", TENSOR, bad=BAD_TENSORS),
     axis=Arg("vec3", V3, scale_free=True, bad=[("zero", np.zeros(3))]))
spec("inertia.radius_of_gyration", In.radius_of_gyration, inertia=Arg("inertia", TENSOR, bad=BAD_TENSORS),
     mass=Arg("masses1", 1.5, bad=[("zero", 0.0), ("negative", -1.0)]),
     axis=Arg("vec3", V3, scale_free=True, bad=[("zero", np.zeros(3))]))
_PARTS = np.stack([TENSOR, np.diag(MOMENTS), np.diag([0.5, 0.5, 0.75])])
spec("inertia.combine", In.combine,
     masses=Arg("masses", MASSES, bad=[("no masses", []), ("zero mass", [1.0, 0.0, 1.0]),
                                       ("negative mass", [1.0, -1.0, 1.0]), ("one mass short", [1.0, 2.0])]),
     coms=Arg("points", POINTS, bad=[("one centre short", POINTS[:2])]),
     inertias_com=Arg("inertia", _PARTS, bad=[(label, np.stack([T, T, T])) for label, T in BAD_TENSORS]
                      + [("one tensor short", _PARTS[:2]), ("a single tensor", TENSOR)]))

# --- body
spec("body.omega_from_L_matrix", B.omega_from_L_matrix,
     inertia_body=Arg("inertia_inv", TENSOR, bad=BAD_TENSORS + (("zero moment", ZERO_MOMENT),)),
     q_r=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]), L_world=Arg("vec3", V3))
spec("body.L_from_omega_matrix", B.L_from_omega_matrix,
     inertia_body=Arg("inertia_inv", TENSOR, bad=BAD_TENSORS + (("zero moment", ZERO_MOMENT),)),
     q_r=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]), omega_world=Arg("vec3", V3))
spec("body.omega_from_L_principal", B.omega_from_L_principal, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS),
     q_o=Arg("quat", QUAT2, scale_free=True, bad=[("zero", np.zeros(4))]),
     q_r=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]), L_world=Arg("vec3", V3))
spec("body.L_from_omega_principal", B.L_from_omega_principal, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS),
     q_o=Arg("quat", QUAT2, scale_free=True, bad=[("zero", np.zeros(4))]),
     q_r=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]), omega_world=Arg("vec3", V3))


def body_state(b):
    return (b.mass, b.position, b.velocity, b.orientation, b.angular_momentum, b.angular_velocity,
            b.principal_moments, b.q_o, b.inertia_body, b.inertia_world, b.linear_momentum,
            b.kinetic_energy, b.translational_energy, b.rotational_energy, b.state)


def _make_body():
    return B.RigidBody(2.0, TENSOR, position=V3, velocity=V3B, orientation=QUAT,
                       angular_velocity=[0.25, 0.5, -1.0])


BASE_BODY_STATE = body_state(_make_body())


def _method(name):
    def call(**kw):
        b = _make_body()
        try:
            getattr(b, name)(**kw)
        except ValueError:
            _same(body_state(b), BASE_BODY_STATE, exact=True, what=f"the body after a refused {name}")
            raise
        return body_state(b)
    call.__name__ = name
    return call


_INERTIA_BODY = Arg("inertia_any_inv", TENSOR, ok=[], bad=BAD_TENSORS + (("zero moment", ZERO_MOMENT),)
                    + BAD_MOMENTS + (("shape (2, 2)", np.eye(2)), ("shape (4,)", np.ones(4))))
spec("body.RigidBody", lambda **kw: body_state(B.RigidBody(**kw)),
     params=["mass", "inertia", "position", "velocity", "orientation", "angular_velocity", "state"],
     mass=Arg("pos", 2.0, bad=[("zero", 0.0), ("negative", -1.0)]), inertia=_INERTIA_BODY,
     position=Arg("vec3_1", V3, optional=True), velocity=Arg("vec3_1", V3B, optional=True),
     orientation=Arg("quat_1", QUAT, optional=True, scale_free=True, bad=[("zero", np.zeros(4))]),
     angular_velocity=Arg("vec3_1", V3, optional=True), state=Arg("choice", "angular_momentum",
                                                                 ok=[("np.str_", np.str_("angular_momentum"))]))
spec("body.RigidBody.apply_force", _method("apply_force"), F=Arg("vec3_1", V3),
     dt=Arg("pos", 0.125, bad=[("zero", 0.0), ("negative", -1.0)]), point=Arg("vec3_1", V3B, optional=True))
spec("body.RigidBody.apply_impulse", _method("apply_impulse"), J=Arg("vec3_1", V3), point=Arg("vec3_1", V3B, optional=True))
spec("body.RigidBody.apply_torque", _method("apply_torque"), tau=Arg("vec3_1", V3),
     dt=Arg("pos", 0.125, bad=[("zero", 0.0), ("negative", -1.0)]))
spec("body.RigidBody.apply_angular_impulse", _method("apply_angular_impulse"), H=Arg("vec3_1", V3))
spec("body.RigidBody.step", _method("step"), dt=Arg("pos", 0.125, bad=[("zero", 0.0), ("negative", -1.0)]))

# --- dynamics
spec("dynamics.euler_rhs", D.euler_rhs, inertia=_INERTIA_BODY, omega_body=Arg("vec3", V3),
     torque_body=Arg("torque", V3B, bad=[("non-zero scalar", 1.0)]))
spec("dynamics.angular_momentum", D.angular_momentum,
     inertia=Arg("inertia_any", TENSOR, bad=BAD_TENSORS + BAD_MOMENTS[:2]), omega_body=Arg("vec3", V3))
spec("dynamics.kinetic_energy", D.kinetic_energy,
     inertia=Arg("inertia_any", TENSOR, bad=BAD_TENSORS + BAD_MOMENTS[:2]), omega_body=Arg("vec3", V3))
spec("dynamics.simulate", lambda inertia, omega0, q0=None, **kw: D.simulate(inertia, omega0, q0, **kw),
     params=["inertia", "omega0", "q0", "dt", "steps", "method", "keep_every", "blowup", "torque_body", "force_world",
             "point_body"],
     inertia=_INERTIA_BODY, omega0=Arg("vec3_n", V3), q0=Arg("quat_n", QUAT, optional=True, scale_free=True, bad=[("zero", np.zeros(4))]),
     dt=Arg("pos", 0.125, bad=[("zero", 0.0), ("negative", -1.0)]),
     steps=Arg("int", 4, bad=[("10**12 (memory)", 10 ** 12), ("not a multiple of keep_every", 5)]),
     method=Arg("choice", "rk4", ok=[("np.str_", np.str_("rk4"))]),
     keep_every=Arg("int", 2, bad=[("larger than steps", 8)]),
     blowup=Arg("choice", "raise", ok=[("keep", "keep")]),
     torque_body=Arg("vec3_1", V3B, optional=True),
     force_world=Arg("vec3_1", np.array([0.0, 0.0, -2.0]), optional=True),
     point_body=Arg("vec3_1", V3, optional=True))
spec("dynamics.Trajectory", D.Trajectory, t=Arg("times1", TRAJ.t, bad=[("one sample short", TRAJ.t[:2])]),
     omega_body=Arg("traj3", TRAJ.omega_body), q=Arg("traj4", TRAJ.q, bad=[("zero", np.zeros((3, 4)))]),
     method=Arg("choice", "rk4"), inertia=Arg("inertia_any", MOMENTS, bad=BAD_MOMENTS[:2]))
spec("dynamics.reference", lambda inertia, omega0, q0=None, **kw: (lambda r: (r.t, r.omega_body, r.q, r.steps))(
         D.reference(inertia, omega0, q0, **kw)),
     params=["inertia", "omega0", "q0", "t", "rtol", "torque_body", "force_world", "point_body"],
     inertia=_INERTIA_BODY, omega0=Arg("vec3_n", V3),
     q0=Arg("quat_n", QUAT, optional=True, scale_free=True, bad=[("zero", np.zeros(4))]),
     t=Arg("times", np.array([0.0, 0.5, 1.25]), bad=[("decreasing", [1.0, 0.5]), ("negative", [-1.0, 0.5])]),
     rtol=Arg("pos", 1e-8, bad=[("1e-14 (below 1e-13)", 1e-14), ("0.1 (above 1e-3)", 0.1)]),
     torque_body=Arg("vec3_1", V3B, optional=True),
     force_world=Arg("vec3_1", np.array([0.0, 0.0, -2.0]), optional=True),
     point_body=Arg("vec3_1", V3, optional=True))

# --- analytic, elliptic (another helper fixes these modules; the table covers them too)
spec("analytic.symmetric_top", A.symmetric_top,
     moments=Arg("moments", np.array([1.0, 1.0, 2.0]), bad=BAD_MOMENTS + (("not symmetric", MOMENTS),)),
     omega0=Arg("vec3_1", V3), t=Arg("times", np.array([0.0, 0.5, 1.25])),
     q0=Arg("quat_1", QUAT, optional=True, scale_free=True, bad=[("zero", np.zeros(4))]))
spec("analytic.symmetric_top_cones", A.symmetric_top_cones,
     moments=Arg("moments", np.array([1.0, 1.0, 2.0]), bad=BAD_MOMENTS + (("not symmetric", MOMENTS),)),
     omega0=Arg("vec3_1", V3, bad=[("zero", np.zeros(3))]))
spec("analytic.free_body", A.free_body, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS), omega0=Arg("vec3_1", V3),
     t=Arg("times", np.array([0.0, 0.5, 1.25])))
spec("analytic.flip_period", A.flip_period, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS), omega0=Arg("vec3_1", V3))
spec("analytic.free_body_attitude", A.free_body_attitude, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS),
     omega0=Arg("vec3_1", V3), t=Arg("times", np.array([0.0, 0.5, 1.25])),
     q0=Arg("quat_1", QUAT, optional=True, scale_free=True, bad=[("zero", np.zeros(4))]))
# --- dissipation (H6)
spec("dissipation.damping_torque", Dd.damping_torque, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS),
     omega_body=Arg("vec3", V3), k=Arg("nonneg", 0.3))
spec("dissipation.simulate_damped", Dd.simulate_damped, moments=Arg("moments", MOMENTS, bad=BAD_MOMENTS),
     omega0=Arg("vec3_n", V3), k=Arg("nonneg", 0.3, bad=[("too stiff for dt", 1e3)]),
     dt=Arg("pos", 0.125, bad=[("zero", 0.0), ("negative", -1.0)]),
     steps=Arg("int", 4, bad=[("10**12 (memory)", 10 ** 12)]))
_M01 = [("negative", -0.5), ("above 1", 1.5)]
spec("elliptic.ellipk", E.ellipk, m=Arg("m01", 0.5, bad=_M01))
spec("elliptic.ellipkinc", E.ellipkinc, phi=Arg("array", 0.75), m=Arg("m01", 0.5, bad=_M01 + [("1 (diverges)", 1.0)]))
spec("elliptic.ellipj", E.ellipj, u=Arg("array", 0.75), m=Arg("m01", 0.5, bad=_M01))

# --- contact (a body hitting the floor: v_rel·n < 0)
INV_I = np.linalg.inv(TENSOR)
K_AB = Ct.collision_matrix(2.0, INV_I, V3, 1.5, np.linalg.inv(np.diag(MOMENTS)), V3B)
V_IN = np.array([0.3, -0.2, -1.5])                                   # approaching the floor n = +z
N_UP = np.array([0.0, 0.0, 2.0])                                     # any length: normalised
_E = Arg("real", 0.6, bad=[("negative", -0.1), ("above 1", 1.5)])
_MU = Arg("nonneg", 0.4, bad=[("negative", -0.2)])
# the vectorised functions take e, mu and masses per contact (a batch broadcasts): kind "array"
_E_N = Arg("array", 0.6, bad=[("negative", -0.1), ("above 1", 1.5)])
_MU_N = Arg("array", 0.4, bad=[("negative", -0.2)])
spec("contact.inverse_inertia_world", Ct.inverse_inertia_world,
     inertia_body=Arg("inertia", TENSOR, bad=BAD_TENSORS), q_r=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]))
spec("contact.point_velocity", Ct.point_velocity, v=Arg("vec3", V3), omega=Arg("vec3", V3B), r=Arg("vec3", V3))
spec("contact.relative_velocity", Ct.relative_velocity, v_a=Arg("vec3", V3), omega_a=Arg("vec3", V3B), r_a=Arg("vec3", V3),
     v_b=Arg("vec3", V3B, optional=True), omega_b=Arg("vec3", V3, optional=True), r_b=Arg("vec3", V3B, optional=True))
spec("contact.collision_matrix", Ct.collision_matrix, mass_a=Arg("array", 2.0, bad=[("zero", 0.0), ("negative", -1.0)]),
     inv_inertia_a=Arg("inertia_inv", INV_I),
     r_a=Arg("vec3", V3), mass_b=Arg("array", 1.5, optional=True, bad=[("zero", 0.0), ("negative", -1.0)]),
     inv_inertia_b=Arg("inertia_inv", np.linalg.inv(np.diag(MOMENTS)), optional=True), r_b=Arg("vec3", V3B, optional=True))
#: Collision matrices every function taking K must refuse alike (issue 17 §1: energy_change took them all).
BAD_K = (("-K (negative definite)", -K_AB), ("singular K", np.diag([1.0, 2.0, 0.0])),
         ("non-symmetric K", K_AB + np.array([[0.0, 0.3, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])))
spec("contact.normal_impulse", Ct.normal_impulse, v_rel=Arg("vec3", V_IN), normal=Arg("vec3", N_UP, scale_free=True,
     bad=[("zero", np.zeros(3))]), K=Arg("mat3", K_AB, bad=BAD_K), e=_E_N)
spec("contact.contact_impulse", Ct.contact_impulse, v_rel=Arg("vec3", V_IN), normal=Arg("vec3", N_UP, scale_free=True,
     bad=[("zero", np.zeros(3))]), K=Arg("mat3", K_AB, bad=BAD_K), e=_E_N, mu=_MU_N)
spec("contact.energy_change", Ct.energy_change, v_rel=Arg("vec3", V_IN), K=Arg("mat3", K_AB, bad=BAD_K),
     J=Arg("vec3", np.array([0.1, 0.05, 0.9])))


def _collide(body_a, point, normal, e, mu=0.0, body_b=None):
    import copy
    return Ct.collide(copy.deepcopy(body_a), point, normal, e=e, mu=mu, body_b=copy.deepcopy(body_b))


_BODY = B.RigidBody(2.0, TENSOR, velocity=[0.3, -0.2, -1.5], angular_velocity=[0.5, 0.1, -0.2])
spec("contact.collide", _collide, params=["body_a", "point", "normal", "e", "mu", "body_b"],
     body_a=Arg("body", _BODY), point=Arg("vec3_1", np.array([0.1, 0.2, -0.4])),
     normal=Arg("vec3_1", N_UP, scale_free=True, bad=[("zero", np.zeros(3))]), e=_E, mu=_MU,
     body_b=Arg("body", None, optional=True))

# --- top (a disc top, I about the pivot)
_TOP = dict(I1=Arg("pos", 0.6), I3=Arg("pos", 0.4), mgl=Arg("pos", 1.2))
_START = dict(theta0=Arg("real", 0.7), phi_dot0=Arg("real", 0.5), omega3=Arg("real", 30.0),
              theta_dot0=Arg("real", 0.0))
for _name in ("constants", "cubic_coefficients", "cubic_roots", "nutation_bounds", "nutation_period"):
    spec(f"top.{_name}", getattr(Tp, _name), **_TOP, **_START)
spec("top.cubic", Tp.cubic, u=Arg("array", np.array([0.2, 0.5])), **_TOP, **_START)
spec("top.effective_potential", Tp.effective_potential, theta=Arg("array", np.array([0.5, 0.9])), **_TOP,
     Lz=Arg("real", 8.0), L3=Arg("real", 12.0))
spec("top.precession_rates", Tp.precession_rates, **_TOP, omega3=Arg("real", 30.0), theta=Arg("real", 0.7))
spec("top.initial_state", Tp.initial_state, **_START)
spec("top.symmetry_axis", Tp.symmetry_axis, q=Arg("quat", QUAT, scale_free=True, bad=[("zero", np.zeros(4))]))

# --- percussion (a bat: m = 1.5 kg, I_c = 0.125 kg m², struck 0.375 m from its centre of mass)
_POS = [("zero", 0.0), ("negative", -1.0)]
_M_IC = dict(mass=Arg("array", 1.5, bad=_POS), inertia_c=Arg("array", 0.125, bad=_POS))
spec("percussion.conjugate_distance", Pc.conjugate_distance, **_M_IC, distance=Arg("array", 0.375, bad=_POS))
spec("percussion.transverse_velocity", Pc.transverse_velocity, **_M_IC, strike=Arg("array", 0.375),
     point=Arg("array", np.array([-0.5, 0.25])), impulse=Arg("array", 2.0))
spec("percussion.pendulum_length", Pc.pendulum_length, **_M_IC, pivot_distance=Arg("array", 0.375, bad=_POS))
spec("percussion.pendulum_period", Pc.pendulum_period, **_M_IC, pivot_distance=Arg("array", 0.375, bad=_POS),
     g=Arg("array", 9.75, bad=_POS))

# --- symbolic
spec("symbolic.quaternion", S.quaternion, w=Arg("sym", a_), x=Arg("sym", 2), y=Arg("sym", b_), z=Arg("sym", 0))
spec("symbolic.vector", S.vector, x=Arg("sym", a_), y=Arg("sym", 2), z=Arg("sym", b_))
spec("symbolic.sym_multiply", S.sym_multiply, p=Arg("sym4", [a_, 1, 0, b_]), q=Arg("sym4", [1, 2, b_, 0]))
spec("symbolic.sym_conjugate", S.sym_conjugate, q=Arg("sym4", [a_, 1, 0, b_]))
spec("symbolic.sym_norm_squared", S.sym_norm_squared, q=Arg("sym4", [a_, 1, 0, b_]))
spec("symbolic.sym_rotate", S.sym_rotate, q=Arg("sym4", [a_, 1, 0, b_]), v=Arg("sym3", [1, b_, 2]))
spec("symbolic.sym_to_matrix", S.sym_to_matrix, q=Arg("sym4", [a_, 1, 0, b_]))
spec("symbolic.sym_from_axis_angle", S.sym_from_axis_angle, axis=Arg("sym3", [0, 0, 1]), angle=Arg("sym", a_))
spec("symbolic.sym_derivative_world", S.sym_derivative_world, q=Arg("sym4", [a_, 1, 0, b_]),
     omega_world=Arg("sym3", [1, b_, 2]))
spec("symbolic.sym_derivative_body", S.sym_derivative_body, q=Arg("sym4", [a_, 1, 0, b_]),
     omega_body=Arg("sym3", [1, b_, 2]))
spec("symbolic.skew", S.skew, v=Arg("sym3", [1, b_, 2]))
for _name in ("Rx", "Ry", "Rz"):
    spec(f"symbolic.{_name}", getattr(S, _name), angle=Arg("sym", a_))
spec("symbolic.euler_zyx_matrix", S.euler_zyx_matrix, yaw=Arg("sym", a_), pitch=Arg("sym", b_), roll=Arg("sym", 1))
spec("symbolic.mass_integral", S.mass_integral, density=Arg("sym", 2), region_bounds=Arg("sym_bounds", [(x_, 0, a_)]),
     jacobian=Arg("sym", 1))
spec("symbolic.inertia_integral", S.inertia_integral, density=Arg("sym", 2), coords=Arg("sym3", [x_, 0, 0]),
     region_bounds=Arg("sym_bounds", [(x_, 0, a_)]), jacobian=Arg("sym", 1))
spec("symbolic.parallel_axis_term", S.parallel_axis_term, m=Arg("sym", a_), d=Arg("sym3", [1, b_, 2]))
_F1, _F2, _F3 = (sp.Function(f"omega_{i}") for i in (1, 2, 3))
spec("symbolic.euler_equations", S.euler_equations, I1=Arg("sym", 1), I2=Arg("sym", 2), I3=Arg("sym", a_),
     w1=Arg("sym_func", _F1(t_), ok=[("undefined function", _F1)]), w2=Arg("sym_func", _F2(t_)),
     w3=Arg("sym_func", _F3(t_)), t=Arg("sym_symbol", t_), torque=Arg("sym3", [0, 1, b_], optional=True))


# --------------------------------------------------------------------------- bad values per kind
def _replace_first(v, x):
    a = np.array(v, dtype=object if isinstance(x, int) else float)
    a.flat[0] = x
    return a


def _complex(v):
    a = np.array(v, dtype=complex)
    a.flat[0] += 5j
    return a


def _ragged(v):
    lst = np.asarray(v).tolist()
    if np.ndim(v) == 1:
        lst[1] = [lst[1], lst[1]]
    else:
        lst[-1] = lst[-1][:-1]
    return lst


NUMERIC = {"real", "pos", "nonneg", "array", "vec3", "quat", "mat3", "vec3_1", "quat_1", "vec3_n", "quat_n",
           "rot", "inertia", "inertia_inv", "moments", "inertia_any", "inertia_any_inv", "masses", "masses1",
           "points", "vertices", "times", "times1", "traj3", "traj4", "m01", "torque", "atol"}
SCALARS = {"real", "pos", "nonneg", "atol"}
BATCH = {"array", "vec3", "quat", "mat3", "rot", "inertia", "inertia_inv", "masses1", "m01", "torque"}


def bad_values(arg):
    """``(label, value, expectation)``: "error" (ValueError naming the argument), "finite" (ValueError
    naming it, or a finite result), "same" (ValueError naming it, or the canonical result)."""
    k, v = arg.kind, arg.value
    out = [("object()", object(), "error")]
    if not arg.optional:
        out.append(("None", None, "error"))
    if k in NUMERIC:
        a = np.asarray(v, dtype=float)
        out += [("string", "abc", "error"), ("bytes", b"1", "error"),
                ("digit string", str(a.flat[0]) if a.ndim == 0 else a.astype(str).tolist(), "error"),
                ("complex", _complex(a), "error"), ("Python complex", complex(a.flat[0], 5.0), "error"),
                ("complex, zero imaginary part", a.astype(complex), "error"),
                ("bool", True if a.ndim == 0 else np.ones(a.shape, bool), "error"),
                ("NaN", _replace_first(a, np.nan), "error"), ("+inf", _replace_first(a, np.inf), "error"),
                ("-inf", _replace_first(a, -np.inf), "error"), ("huge int", _replace_first(a, 10 ** 400), "error")]
        if k not in ("array", "masses1", "m01", "times") and k not in SCALARS:
            out += [("0-d", np.float64(a.flat[0]), "error"), ("empty", [], "error"),
                    ("ragged", _ragged(a), "error"), ("short", a[..., :-1], "error"),
                    ("long", np.concatenate([a, a[..., :1]], axis=-1), "error")]
        if k == "times":
            out += [("ragged", _ragged(a), "error")]
        if k in SCALARS:
            out += [("shape (2,)", [a.item(), a.item()], "error"), ("shape (1,)", np.array([a.item()]), "error")]
        if True:
            scale = "same" if arg.scale_free else "finite"
            top = float(np.abs(a).max()) if a.size else 0.0          # the largest entry at the largest float,
            with np.errstate(over="ignore", invalid="ignore"):
                maxed = a * (1.7e308 / top) if top > 0 else a + 1.7e308   # the others in proportion
            out += [("huge", a * 1e300, scale), ("tiny", a * 1e-300, scale), ("max float", maxed, "finite")]
        if k in BATCH or k in ("vec3", "quat"):
            big = np.broadcast_to(a, (1000,) + a.shape).copy()
            big.flat[-1] = np.nan
            out.append(("large batch with a NaN", big, "error"))
    if k == "faces":
        f = np.asarray(v)
        out += [("floats", f.astype(float), "error"), ("strings", f.astype(str), "error"),
                ("bools", f.astype(bool), "error"), ("negative index", np.where(f == 0, -1, f), "error"),
                ("index out of range", np.where(f == 0, 99, f), "error"), ("ragged", _ragged(f), "error"),
                ("shape (F, 4)", np.concatenate([f, f[:, :1]], axis=1), "error"), ("empty", [], "error"),
                ("reversed (inside-out)", f[:, ::-1], "error"), ("one face missing", f[1:], "error"),
                ("the box twice (overlapping shells)", np.concatenate([f, f]), "error"),
                ("0-d", np.int64(0), "error")]
    if k == "vertices":
        out += [("collapsed (no volume)", np.zeros_like(v), "error")]
    if k in ("pos", "nonneg", "atol"):
        out += [("negative", -1.0, "error")]
    if k == "atol":
        out += [("1.5 (accepts anything)", 1.5, "error")]
    if k == "seed":
        out += [("negative", -1, "error"), ("float", 2.5, "error"), ("digit string", "4", "error"),
                ("bool", True, "error"), ("complex", 4 + 0j, "error"), ("array", np.array([4]), "error")]
    if k in ("vec3_n", "quat_n"):
        out += [("3-d batch", np.broadcast_to(v, (2, 2, len(v))).copy(), "error"),
                ("empty batch", np.zeros((0, len(v))), "error")]
    if k == "masses":
        out += [("0-d", 1.0, "error")]
    if k == "times":
        out += [("2-d", np.zeros((2, 2)), "error")]
    if k == "int":
        out += [("zero", 0, "error"), ("negative", -1, "error"), ("float", 2.0, "error"), ("2.5", 2.5, "error"),
                ("digit string", "4", "error"), ("bool", True, "error"), ("complex", 4 + 0j, "error"),
                ("array", np.array([4]), "error")]
    if k == "seq":                    # an Euler sequence: "ZYX" intrinsic, "xyz" extrinsic
        out += [("unknown", "abc", "error"), ("number", 1, "error"), ("list", list(v), "error"),
                ("mixed case", v[0].swapcase() + v[1:], "error"), ("axis twice in a row", v[0] * 2 + v[2], "error"),
                ("four letters", v + v[0], "error"), ("bytes", v.encode(), "error")]
    if k == "choice":
        out += [("unknown", "nope", "error"), ("number", 1, "error"), ("list", [v], "error"),
                ("upper case", v.upper(), "error")]
    if k == "flag":
        out += [("int", 1, "error"), ("string", "yes", "error"), ("array", np.array([True, False]), "error")]
    if k == "name":
        out += [("int", 1, "error"), ("empty", "", "error")]
    if k == "shape":
        out += [("negative", -1, "error"), ("float", 2.5, "error"), ("string", "2", "error"), ("bool", True, "error"),
                ("negative entry", (2, -1), "error"), ("10**12 (memory)", 10 ** 12, "error"), ("float entry", (2.0,), "error"),
                ("complex", 2j, "error")]
    if k in ("sym", "sym3", "sym4"):
        n = {"sym": 0, "sym3": 3, "sym4": 4}[k]
        bads = [("string", "abc"), ("digit string", "2"), ("bool", True), ("complex", 2 + 5j), ("NaN", float("nan")),
                ("+inf", float("inf")), ("sympy nan", sp.nan), ("sympy zoo", sp.zoo), ("sympy I", 2 * sp.I),
                ("a matrix", sp.eye(2)), ("an equation", sp.Eq(x_, 1))]
        if n == 0:
            out += [(lab, b, "error") for lab, b in bads] + [("list", [1, 2], "error")]
        else:
            out += [(f"entry: {lab}", [b] + list(v)[1:], "error") for lab, b in bads]
            out += [("short", list(v)[:-1], "error"), ("long", list(v) + [1], "error"), ("empty", [], "error"),
                    ("scalar", 1, "error"), ("ragged", [list(v)[:2], [1]], "error"), ("string", "abc", "error"),
                    ("2-d", sp.eye(n), "error")]
    if k == "sym_bounds":
        out += [("string", "abc", "error"), ("empty", [], "error"), ("no upper bound", [(x_, 0)], "error"),
                ("number as variable", [(1, 0, 1)], "error"), ("string bound", [(x_, "0", "1")], "error"),
                ("NaN bound", [(x_, float("nan"), 1)], "error"), ("not a sequence", 5, "error")]
    if k == "sym_symbol":
        out += [("string", "t", "error"), ("number", 1, "error"), ("expression", t_ + 1, "error")]
    if k == "sym_func":
        out += [("string", "abc", "error"), ("NaN", float("nan"), "error"), ("bool", True, "error"),
                ("complex", 2 + 5j, "error")]
    out += [(label, b, "error") for label, b in arg.bad]
    return out


def _exact_in(dtype, a):
    try:
        b = np.asarray(a).astype(dtype)
    except (TypeError, ValueError, OverflowError):
        return False
    return np.array_equal(b.astype(float), np.asarray(a, dtype=float))


def _tupled(x):
    return tuple(_tupled(e) for e in x) if isinstance(x, list) else x


def valid_spellings(arg):
    """Other spellings of the canonical value, which must give the canonical result exactly."""
    k, v = arg.kind, arg.value
    out = list(arg.ok)
    if k in NUMERIC and v is not None:
        a = np.asarray(v, dtype=float)
        if a.ndim == 0:
            out += [("np.float64", np.float64(a)), ("0-d array", np.array(a)), ("Fraction", Fraction(float(a)))]
            if _exact_in(np.float32, a):
                out.append(("np.float32", np.float32(a)))
            if float(a).is_integer():
                out += [("int", int(a)), ("np.int64", np.int64(a))]
        else:
            out += [("list", a.tolist()), ("tuple", _tupled(a.tolist()))]
            if _exact_in(np.float32, a):
                out.append(("float32 array", a.astype(np.float32)))
            if _exact_in(np.int64, a):
                out += [("int list", a.astype(int).tolist()), ("int32 array", a.astype(np.int32))]
            out.append(("object array of Fractions", np.array([Fraction(x) for x in a.flat], dtype=object).reshape(a.shape)))
        if arg.scale_free:
            out += [("×2", a * 2.0, False), ("×2**-600", a * 2.0 ** -600, False), ("×2**600", a * 2.0 ** 600, False)]
    if k == "faces":
        f = np.asarray(v)
        out += [("list", f.tolist()), ("int32", f.astype(np.int32)), ("uint16", f.astype(np.uint16))]
    if k in ("sym3", "sym4"):
        out += [("tuple", tuple(v)), ("column Matrix", sp.Matrix(v)), ("row Matrix", sp.Matrix([v]))]
    if k == "sym" and isinstance(v, int):
        out += [("sympy Integer", sp.Integer(v)), ("np.int64", np.int64(v))]
    if k == "sym_bounds":
        out += [("tuple", tuple(tuple(b) for b in v))]
    if k == "seq":
        out += [("np.str_", np.str_(v))]
    return [o if len(o) == 3 else (*o, True) for o in out]


# --------------------------------------------------------------------------- comparing results
def _leaves(x):
    if isinstance(x, sp.Equality):
        yield x.lhs
        yield x.rhs
    elif isinstance(x, (tuple, list)):
        for e in x:
            yield from _leaves(e)
    elif isinstance(x, D.Trajectory):
        yield from _leaves((x.t, x.omega_body, x.q, x.method, x.inertia))
    else:
        yield x


def _finite(x):
    for e in _leaves(x):
        if isinstance(e, (sp.Basic, sp.MatrixBase)):
            if e.has(sp.nan, sp.zoo, sp.oo, -sp.oo):
                return False
        elif isinstance(e, (np.ndarray, float, np.floating)) and not np.all(np.isfinite(e)):
            return False
    return True


def _same(x, y, *, exact, what="the result"):
    lx, ly = list(_leaves(x)), list(_leaves(y))
    assert len(lx) == len(ly), f"{what}: different structure"
    for a, b in zip(lx, ly):
        if isinstance(a, (sp.Basic, sp.MatrixBase)) or isinstance(b, (sp.Basic, sp.MatrixBase)):
            d = sp.simplify(a - b)
            assert d.is_zero_matrix if isinstance(d, sp.MatrixBase) else d == 0, f"{what}: {a} != {b}"
        elif isinstance(a, (str, type(None))):
            assert a == b, f"{what}: {a!r} != {b!r}"
        else:
            a, b = np.asarray(a), np.asarray(b)
            assert a.shape == b.shape, f"{what}: shape {a.shape} != {b.shape}"
            if exact:
                assert np.array_equal(a, b), f"{what}: {a} != {b} (max diff {np.max(np.abs(a - b), initial=0):.3g})"
            else:
                scale = np.max(np.abs(b), initial=0.0)
                assert np.allclose(a, b, rtol=1e-14, atol=1e-14 * scale), f"{what}: {a} != {b}"


def _call(s, **changes):
    kwargs = {n: a.value for n, a in s.args.items()}
    kwargs.update(changes)
    kwargs = {n: v for n, v in kwargs.items() if not (v is None and s.args[n].optional)}
    return s.fn(**kwargs)


NAME_RE = {}


def _names(message, name):
    rx = NAME_RE.setdefault(name, re.compile(r"(?<![\w.])" + re.escape(name) + r"(?!\w)"))
    return bool(rx.search(message))


def check_case(s, name, label, value, expect, canonical):
    """One bad or re-spelt value: None when the promise holds, else a line saying what went wrong.

    A RuntimeWarning (numpy's overflow or invalid-value noise) counts as a crash: bad input is
    refused quietly, with one ValueError.
    """
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", RuntimeWarning)
            result = _call(s, **{name: value})
    except ValueError as exc:
        msg = str(exc)
        if expect == "valid":
            return f"{name} = {label}: valid spelling refused: {msg}"
        if not _names(msg, name):
            return f"{name} = {label}: ValueError does not name {name!r}: {msg}"
        if len(msg) > 400:
            return f"{name} = {label}: message of {len(msg)} characters (dumps an array?): {msg[:120]}..."
        return None
    except Exception as exc:                                   # noqa: BLE001 - anything else is a crash
        return f"{name} = {label}: crash {type(exc).__name__}: {str(exc)[:200]}"
    if expect == "error":
        return f"{name} = {label}: accepted (no ValueError)"
    if not _finite(result):
        return f"{name} = {label}: silent NaN/inf in the result"
    if expect in ("same", "valid"):
        try:
            _same(result, canonical, exact=expect == "valid")
        except AssertionError as exc:
            return f"{name} = {label}: a different result: {str(exc)[:200]}"
    return None


def cases(s):
    for name, arg in s.args.items():
        for label, value, expect in bad_values(arg):
            yield name, label, value, expect
        for label, value, exact in valid_spellings(arg):
            yield name, label, value, "valid" if exact else "same"


# --------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("key", sorted(SPECS))
def test_bad_input_table(key):
    s = SPECS[key]
    canonical = _call(s)
    assert _finite(canonical), f"{key}: the canonical call gives a non-finite result"
    failures = [f for f in (check_case(s, *c, canonical) for c in cases(s)) if f]
    assert not failures, f"{key}: {len(failures)} broken promise(s):\n  " + "\n  ".join(failures)


def _public_callables():
    for mod_name, mod in MODULES.items():
        for name in mod.__all__:
            obj = getattr(mod, name)
            key = f"{mod_name}.{name}"
            if not callable(obj) or key in RESULT_TYPES:
                yield key, None
                continue
            yield key, obj
            if inspect.isclass(obj):
                for meth_name, meth in vars(obj).items():
                    if not meth_name.startswith("_") and inspect.isfunction(meth):
                        yield f"{key}.{meth_name}", meth


def test_every_public_function_has_an_entry():
    missing, wrong_params = [], []
    for key, obj in _public_callables():
        if obj is None:
            if key not in CONSTANTS | RESULT_TYPES:
                missing.append(f"{key} (data: add it to CONSTANTS)")
            continue
        if key not in SPECS:
            missing.append(key)
            continue
        target = obj.__init__ if inspect.isclass(obj) else obj
        params = [p for p in inspect.signature(target).parameters if p != "self"]
        listed = SPECS[key].params or list(SPECS[key].args)
        if params != listed or set(SPECS[key].args) != set(params):
            wrong_params.append(f"{key}: signature {params}, table {sorted(SPECS[key].args)}")
    assert not missing, "public functions without a bad-input entry: " + ", ".join(missing)
    assert not wrong_params, "table entries that miss parameters:\n" + "\n".join(wrong_params)


BROADCAST = [
    (Q.multiply, {"p": np.ones((2, 4)), "q": np.ones((3, 4))}),
    (Q.rotate, {"q": np.ones((2, 4)), "v": np.ones((3, 3))}),
    (Q.from_axis_angle, {"axis": np.ones((2, 3)), "angle": np.ones(3)}),
    (Q.derivative_world, {"q": np.ones((2, 4)), "omega_world": np.ones((3, 3))}),
    (Q.derivative_body, {"q": np.ones((2, 4)), "omega_body": np.ones((3, 3))}),
    (Q.angle_between, {"p": np.ones((2, 4)), "q": np.ones((3, 4))}),
    (Q.slerp, {"p": np.ones((2, 4)), "q": np.ones((3, 4)), "t": 0.5}),
    (Q.slerp, {"p": np.ones((2, 4)), "q": np.ones((2, 4)), "t": np.ones(3)}),
    (Rot.euler_zyx_to_matrix, {"yaw": np.ones(2), "pitch": np.ones(3), "roll": 0.0}),
    (In.parallel_axis, {"inertia_com": np.broadcast_to(TENSOR, (2, 3, 3)), "mass": 1.0, "offset": np.ones((3, 3))}),
    (In.parallel_axis, {"inertia_com": TENSOR, "mass": np.ones(2), "offset": np.ones((3, 3))}),
    (In.to_center_of_mass, {"inertia_origin": np.broadcast_to(TENSOR, (2, 3, 3)), "mass": 0.1, "com": np.ones((3, 3))}),
    (In.rotate, {"inertia": np.broadcast_to(TENSOR, (2, 3, 3)), "R": np.broadcast_to(ROT, (3, 3, 3))}),
    (In.point_masses, {"masses": np.ones((2, 3)), "points": np.ones((3, 3, 3))}),
    (In.about_axis, {"inertia": np.broadcast_to(TENSOR, (2, 3, 3)), "axis": np.ones((3, 3))}),
    (In.radius_of_gyration, {"inertia": TENSOR, "mass": np.ones(2), "axis": np.ones((3, 3))}),
    (In.combine, {"masses": np.ones((2, 3)), "coms": np.ones((3, 3, 3)), "inertias_com": np.broadcast_to(TENSOR, (3, 3, 3))}),
    (B.omega_from_L_matrix, {"inertia_body": TENSOR, "q_r": np.ones((2, 4)), "L_world": np.ones((3, 3))}),
    (B.L_from_omega_matrix, {"inertia_body": np.broadcast_to(TENSOR, (2, 3, 3)), "q_r": QUAT,
                             "omega_world": np.ones((3, 3))}),
    (B.omega_from_L_principal, {"moments": np.ones((2, 3)), "q_o": QUAT, "q_r": np.ones((3, 4)), "L_world": V3}),
    (B.L_from_omega_principal, {"moments": MOMENTS, "q_o": np.ones((2, 4)), "q_r": QUAT, "omega_world": np.ones((3, 3))}),
    (D.euler_rhs, {"inertia": MOMENTS, "omega_body": np.ones((2, 3)), "torque_body": np.ones((3, 3))}),
    (D.simulate, {"inertia": MOMENTS, "omega0": np.ones((2, 3)), "q0": np.ones((3, 4)), "dt": 0.1, "steps": 2}),
    (E.ellipkinc, {"phi": np.ones(2), "m": np.full(3, 0.5)}),
    (E.ellipj, {"u": np.ones(2), "m": np.full(3, 0.5)}),
]


@pytest.mark.parametrize("fn, kwargs", BROADCAST, ids=[f"{f.__module__}.{f.__name__}-{'-'.join(k)}" for f, k in BROADCAST])
def test_broadcast_mismatch_names_both_arguments(fn, kwargs):
    with pytest.raises(ValueError) as info:
        fn(**kwargs)
    msg = str(info.value)
    named = [n for n in kwargs if _names(msg, n)]
    assert len(named) >= 2, f"the message names fewer than two arguments: {msg}"
    assert "broadcast" in msg or "same number" in msg, msg


def test_the_table_itself_catches_broken_promises():
    """The checker must fail a function that accepts NaN, crashes, or names an internal argument."""
    def sloppy(v):
        return np.asarray(v, dtype=float) * 2

    def crashy(v):
        raise TypeError("boom")

    def internal(v):
        raise ValueError("x must be finite")

    for fn in (sloppy, crashy, internal):
        s = Spec(fn, {"v": Arg("vec3", V3)})
        failures = [f for f in (check_case(s, *c, _call(s) if fn is sloppy else None) for c in cases(s)) if f]
        assert failures, fn.__name__
