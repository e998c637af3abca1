"""Rotational dynamics of one rigid body in its body frame: Euler's equations and integrators.

The state is the body-frame angular velocity ``ω`` (``omega_body``) and the body → world
attitude ``q`` (``q_r`` of the forces-and-impulses article, §5; (w, x, y, z), Hamilton, active). The equations are

* Euler's equations (「回転運動のシミュレーション」 (2019)): ``I ω̇ = τ − ω × I ω``, i.e. ``ω̇ = I⁻¹(τ − ω × I ω)``; in
  principal axes ``ω̇₁ = (I₂ − I₃)/I₁ · ω₂ ω₃ + τ₁/I₁`` and cyclically;
* the attitude kinematics ``q̇ = ½ q ⊗ (0, ω_body)``
  (:func:`rbteach.quaternion.derivative_body`).

:func:`simulate` integrates the body with one of :data:`METHODS`, torque-free by default. With a torque
(keywords ``torque_body``, ``force_world`` and ``point_body``) the body-frame torque about the centre of mass
— or about a fixed pivot, for a body pivoted at the origin with ``inertia`` taken about the pivot — is

    ``τ_body = torque_body + point_body × (R(q)ᵀ force_world)``,

a constant torque fixed in the body plus a constant world force (gravity ``m g``) at a point fixed in the body
(the forces-and-impulses article, §3 力の適用: ``τ = r × F``, here with ``r`` and ``F`` in the body frame);
the RK4 family (``"euler"``, ``"semi-implicit-euler"``, ``"rk4"``, ``"rk4-dcm"``) takes it, the splitting
methods cannot (their sub-flows are the exact flows of the kinetic energy alone):

``"euler"``
    explicit Euler on (ω_body, q), ``q`` renormalised each step; order 1, energy drifts. Its attitude
    step is the forces-and-impulses article's §4 更新 written with ω_body; its ω step is not that
    article's (there ω_world comes from the stored L, see :class:`rbteach.body.RigidBody`).
``"semi-implicit-euler"``
    ω first, then ``q`` with the *new* ω (the usual game-engine update); order 1.
``"rk4"``
    classic Runge–Kutta 4 on the coupled state (ω, q), ``q`` renormalised after each step:
    the ``runge_kutta_quaternion`` of 「回転運動のシミュレーション」 (2019) with its ``dt/k₁`` typo in the printed formulas fixed.
``"rk4-dcm"``
    the article's DCM variant, fixed (see :func:`simulate`): RK4 on (ω, R), ``R`` re-orthonormalised
    each step by the polar decomposition (:func:`rbteach.rotation.orthonormalize`).
``"splitting"``
    the symmetric (Strang) splitting ``T = T₁ + T₂ + T₃`` of the free body's kinetic energy
    (McLachlan 1993; Dullweber, Leimkuhler & McLachlan 1997): every sub-flow is an exact
    rotation, so ``|L|`` is kept to rounding and the energy error stays bounded; order 2.
``"splitting4"``
    the 4th-order Yoshida/Suzuki triple-jump composition of ``"splitting"``.

Speed: each integrator is written once in *component form* (``w1, w2, w3, qw, qx, qy, qz`` as
separate variables). For one body the components are Python floats (no numpy call per step);
for a batch of N bodies they are numpy arrays of shape (N,). The same functions serve both.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass

import numpy as np

from . import _validate as _v
from . import quaternion as _q

__all__ = ["euler_rhs", "kinetic_energy", "angular_momentum", "simulate", "Trajectory", "METHODS"]

#: The integrators :func:`simulate` knows (see the module docstring).
METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm", "splitting", "splitting4")

# Largest number of bodies per chunk in a batch: 16 000 floats stay under 128 KB (see _run_components).
_CHUNK = 16000


# ---------------------------------------------------------------------------------------------
# Inertia handling
# ---------------------------------------------------------------------------------------------

def _inertia_array(inertia, *, invertible: bool) -> np.ndarray:
    """``inertia`` as principal moments (3,) or a body tensor (3, 3), checked by :func:`rbteach.inertia.validate`.

    With ``invertible=True`` a zero principal moment is rejected too (Euler's equations need I⁻¹).
    """
    from . import inertia as _inertia

    a = _v.array(inertia, "inertia")
    if a.shape not in ((3,), (3, 3)):
        raise ValueError(
            f"inertia must be principal moments with shape (3,) or a body-frame tensor with shape (3, 3), "
            f"got shape {a.shape}")
    _inertia.validate(np.diag(a) if a.shape == (3,) else a, "inertia", allow_zero=not invertible)
    return a


def _principal(a):
    """``(moments (3,), O (3, 3) or None)`` with ``I = O diag(moments) Oᵀ``; ``O = None`` when already diagonal."""
    if a.shape == (3,):
        return a, None
    if not np.any(a - np.diag(np.diag(a))):
        return np.diag(a).copy(), None
    from . import inertia as _inertia

    moments, O = _inertia.principal_axes(a)
    return np.asarray(moments, dtype=float), np.asarray(O, dtype=float)


def _euler_constants(moments):
    """``a_i = (I_j − I_k)/I_i`` for cyclic (i, j, k): ``ω̇_i = a_i ω_j ω_k`` (torque-free)."""
    I1, I2, I3 = (float(m) for m in moments)
    return (I2 - I3) / I1, (I3 - I1) / I2, (I1 - I2) / I3


# ---------------------------------------------------------------------------------------------
# The formulas, once, in component form (Python floats or numpy arrays of one shape)
# ---------------------------------------------------------------------------------------------

def _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz):
    """The torque-free equations of motion in component form: ``(ω̇₁, ω̇₂, ω̇₃, q̇_w, q̇_x, q̇_y, q̇_z)``.

    Euler's equations in principal axes ``ω̇_i = (I_j − I_k)/I_i · ω_j ω_k`` (``a_i`` from
    :func:`_euler_constants`) and the kinematics ``q̇ = ½ q ⊗ (0, ω_body)`` written out.
    """
    return (a1 * w2 * w3, a2 * w3 * w1, a3 * w1 * w2,
            -0.5 * (qx * w1 + qy * w2 + qz * w3),
            0.5 * (qw * w1 + qy * w3 - qz * w2),
            0.5 * (qw * w2 + qz * w1 - qx * w3),
            0.5 * (qw * w3 + qx * w2 - qy * w1))


def _torque_constants(moments, torque_p, point_p, force):
    """The constants of :func:`_rates_torqued`: ``a_i``, ``1/I_i``, the body torque, the point and the force."""
    return (*_euler_constants(moments), *(1.0 / float(m) for m in moments),
            *(float(x) for x in torque_p), *(float(x) for x in point_p), *(float(x) for x in force))


def _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz):
    """:func:`_rates` with a torque: ``ω̇_i = a_i ω_j ω_k + τ_i/I_i``, ``τ = τ_c + p × (R(q)ᵀ F)``.

    ``k`` = :func:`_torque_constants`. ``g = R(q)ᵀ F`` is the rotation of ``F`` by ``q*``:
    ``g = F − 2 q_w (u × F) + 2 u × (u × F)`` with ``u = (q_x, q_y, q_z)``. At the RK stages ``|q|``
    is not exactly 1; the exact flow keeps ``|q|`` (``q̇ = ½ q ⊗ (0, ω)``), so the order is not affected.
    """
    a1, a2, a3, i1, i2, i3, s1, s2, s3, p1, p2, p3, f1, f2, f3 = k
    c1, c2, c3 = qy * f3 - qz * f2, qz * f1 - qx * f3, qx * f2 - qy * f1          # u × F
    g1 = f1 + 2.0 * (qy * c3 - qz * c2 - qw * c1)                                 # g = R(q)ᵀ F
    g2 = f2 + 2.0 * (qz * c1 - qx * c3 - qw * c2)
    g3 = f3 + 2.0 * (qx * c2 - qy * c1 - qw * c3)
    return (a1 * w2 * w3 + i1 * (s1 + p2 * g3 - p3 * g2),
            a2 * w3 * w1 + i2 * (s2 + p3 * g1 - p1 * g3),
            a3 * w1 * w2 + i3 * (s3 + p1 * g2 - p2 * g1),
            -0.5 * (qx * w1 + qy * w2 + qz * w3),
            0.5 * (qw * w1 + qy * w3 - qz * w2),
            0.5 * (qw * w2 + qz * w1 - qx * w3),
            0.5 * (qw * w3 + qx * w2 - qy * w1))


def _step_euler_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    k1, k2, k3, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    return (w1 + dt * k1, w2 + dt * k2, w3 + dt * k3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_semi_implicit_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    k1, k2, k3, _, _, _, _ = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    w1, w2, w3 = w1 + dt * k1, w2 + dt * k2, w3 + dt * k3          # ω first (torque at the old q) ...
    _, _, _, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)   # ... then q with the new ω
    return (w1, w2, w3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_rk4_torqued(c, w1, w2, w3, qw, qx, qy, qz):
    k, dt, sqrt = c
    h = 0.5 * dt
    k1, k2, k3, k4, k5, k6, k7 = _rates_torqued(k, w1, w2, w3, qw, qx, qy, qz)
    m1, m2, m3, m4, m5, m6, m7 = _rates_torqued(k, w1 + h * k1, w2 + h * k2, w3 + h * k3,
                                                qw + h * k4, qx + h * k5, qy + h * k6, qz + h * k7)
    n1, n2, n3, n4, n5, n6, n7 = _rates_torqued(k, w1 + h * m1, w2 + h * m2, w3 + h * m3,
                                                qw + h * m4, qx + h * m5, qy + h * m6, qz + h * m7)
    p1, p2, p3, p4, p5, p6, p7 = _rates_torqued(k, w1 + dt * n1, w2 + dt * n2, w3 + dt * n3,
                                                qw + dt * n4, qx + dt * n5, qy + dt * n6, qz + dt * n7)
    d = dt / 6.0
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            *_normalized(qw + d * (k4 + 2.0 * (m4 + n4) + p4),
                         qx + d * (k5 + 2.0 * (m5 + n5) + p5),
                         qy + d * (k6 + 2.0 * (m6 + n6) + p6),
                         qz + d * (k7 + 2.0 * (m7 + n7) + p7), sqrt))


def _normalized(qw, qx, qy, qz, sqrt):
    s = 1.0 / sqrt(qw * qw + qx * qx + qy * qy + qz * qz)
    return qw * s, qx * s, qy * s, qz * s


def _step_euler(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    k1, k2, k3, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    return (w1 + dt * k1, w2 + dt * k2, w3 + dt * k3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_semi_implicit(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    k1, k2, k3, _, _, _, _ = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    w1, w2, w3 = w1 + dt * k1, w2 + dt * k2, w3 + dt * k3          # ω first ...
    _, _, _, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)   # ... then q with the new ω
    return (w1, w2, w3,
            *_normalized(qw + dt * k4, qx + dt * k5, qy + dt * k6, qz + dt * k7, sqrt))


def _step_rk4(c, w1, w2, w3, qw, qx, qy, qz):
    a1, a2, a3, dt, sqrt = c
    h = 0.5 * dt
    k1, k2, k3, k4, k5, k6, k7 = _rates(a1, a2, a3, w1, w2, w3, qw, qx, qy, qz)
    m1, m2, m3, m4, m5, m6, m7 = _rates(a1, a2, a3, w1 + h * k1, w2 + h * k2, w3 + h * k3,
                                        qw + h * k4, qx + h * k5, qy + h * k6, qz + h * k7)
    n1, n2, n3, n4, n5, n6, n7 = _rates(a1, a2, a3, w1 + h * m1, w2 + h * m2, w3 + h * m3,
                                        qw + h * m4, qx + h * m5, qy + h * m6, qz + h * m7)
    p1, p2, p3, p4, p5, p6, p7 = _rates(a1, a2, a3, w1 + dt * n1, w2 + dt * n2, w3 + dt * n3,
                                        qw + dt * n4, qx + dt * n5, qy + dt * n6, qz + dt * n7)
    d = dt / 6.0
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            *_normalized(qw + d * (k4 + 2.0 * (m4 + n4) + p4),
                         qx + d * (k5 + 2.0 * (m5 + n5) + p5),
                         qy + d * (k6 + 2.0 * (m6 + n6) + p6),
                         qz + d * (k7 + 2.0 * (m7 + n7) + p7), sqrt))


def _rates_into(a1, a2, a3, Y, R, tmp):
    """:func:`_rates` for a batch, written in place: ``R ← rates(Y)`` for states Y, R of shape (7, N).

    The same equations as :func:`_rates` (Euler's equations ``ω̇_i = a_i ω_j ω_k`` and
    ``q̇ = ½ q ⊗ (0, ω_body)``), with the same order of operations, so a batch reproduces the
    one-body (float) path to the last bit; ``tmp`` (N,) is scratch. No array is allocated.
    """
    w1, w2, w3, qw, qx, qy, qz = Y
    r1, r2, r3, rw, rx, ry, rz = R
    mul = np.multiply
    mul(w2, a1, out=r1); r1 *= w3                                   # a1 ω2 ω3
    mul(w3, a2, out=r2); r2 *= w1                                   # a2 ω3 ω1
    mul(w1, a3, out=r3); r3 *= w2                                   # a3 ω1 ω2
    mul(qx, w1, out=rw); mul(qy, w2, out=tmp); rw += tmp; mul(qz, w3, out=tmp); rw += tmp
    rw *= -0.5                                                      # −½ (qx ω1 + qy ω2 + qz ω3)
    mul(qw, w1, out=rx); mul(qy, w3, out=tmp); rx += tmp; mul(qz, w2, out=tmp); rx -= tmp
    rx *= 0.5                                                       # ½ (qw ω1 + qy ω3 − qz ω2)
    mul(qw, w2, out=ry); mul(qz, w1, out=tmp); ry += tmp; mul(qx, w3, out=tmp); ry -= tmp
    ry *= 0.5                                                       # ½ (qw ω2 + qz ω1 − qx ω3)
    mul(qw, w3, out=rz); mul(qx, w2, out=tmp); rz += tmp; mul(qy, w1, out=tmp); rz -= tmp
    rz *= 0.5                                                       # ½ (qw ω3 + qx ω2 − qy ω1)


def _rk4_step_into(a1, a2, a3, dt, X, Xn, K, A, R, Y, tmp):
    """One rk4 step of a batch of (7, N) states: ``Xn ← step(X)``, with scratch K, A, R, Y (7, N), tmp (N,)."""
    h = 0.5 * dt
    d = dt / 6.0
    mul = np.multiply
    _rates_into(a1, a2, a3, X, K, tmp)                          # k
    mul(K, h, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, A, tmp)                          # m
    mul(A, h, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, R, tmp)                          # n
    A += R                                                      # m + n
    mul(R, dt, out=Y); Y += X
    _rates_into(a1, a2, a3, Y, R, tmp)                          # p
    A *= 2.0; A += K; A += R; A *= d                            # dt/6 (k + 2 (m + n) + p)
    np.add(X, A, out=Xn)
    Q = Xn[3:]
    qw, qx, qy, qz = Q
    mul(qw, qw, out=tmp); mul(qx, qx, out=R[0]); tmp += R[0]    # |q|² (as _normalized)
    mul(qy, qy, out=R[0]); tmp += R[0]; mul(qz, qz, out=R[0]); tmp += R[0]
    np.sqrt(tmp, out=tmp); np.divide(1.0, tmp, out=tmp)
    Q *= tmp


def _rk4_batch(consts, x0, out, every=1):
    """:func:`_step_rk4` for a batch, in place: ``out[i] ←`` ``every`` rk4 steps from ``out[i−1]`` for (7, N) states.

    ``out`` has shape (n+1, 7, N) with ``out[0] = x0``. The stages are whole (7, N) operations
    on preallocated buffers (k, m + n accumulated in ``A``, stage state ``Y``), combined as
    ``x + dt/6 (k + 2 (m + n) + p)`` and the quaternion rows renormalised, exactly as
    :func:`_step_rk4` does for one body (:func:`_rk4_step_into`). With ``every = k`` the steps
    between kept samples run in two scratch buffers, so the kept samples are bit for bit those of
    the full run.
    """
    a1, a2, a3, dt, _ = consts
    buffers = tuple(np.empty(x0.shape) for _ in range(4)) + (np.empty(x0.shape[1]),)
    out[0] = x0
    scratch = (np.empty(x0.shape), np.empty(x0.shape)) if every > 1 else ()
    for i in range(1, out.shape[0]):
        X = out[i - 1]
        for j in range(every - 1):
            _rk4_step_into(a1, a2, a3, dt, X, scratch[j % 2], *buffers)
            X = scratch[j % 2]
        _rk4_step_into(a1, a2, a3, dt, X, out[i], *buffers)
    return out


# Splitting: the state is the body angular momentum m = I ω (principal axes) and q.
# The sub-flow of T_i = m_i²/(2 I_i) is ω = (m_i/I_i) e_i, constant: ṁ = m × ω turns m about e_i by
# −θ (θ = h m_i/I_i) and q̇ = ½ q ⊗ (0, ω) gives q ← q ⊗ (cos θ/2, sin θ/2 e_i). Both are plane
# turns of a pair of components, ``(a, b) → (c a + s b, c b − s a)``: for axis i with (i, j, k) cyclic,
# (m_j, m_k) by θ and (q_i, q_w), (q_j, q_k) by θ/2. World L = R(q) m is unchanged.

def _flow1(h, inv1, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m1 * inv1
    c, s = cos(th), sin(th)
    m2, m3 = c * m2 + s * m3, c * m3 - s * m2
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qx, c * qx + s * qw, c * qy + s * qz, c * qz - s * qy)


def _flow2(h, inv2, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m2 * inv2
    c, s = cos(th), sin(th)
    m3, m1 = c * m3 + s * m1, c * m1 - s * m3
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qy, c * qx - s * qz, c * qy + s * qw, c * qz + s * qx)


def _flow3(h, inv3, cos, sin, m1, m2, m3, qw, qx, qy, qz):
    th = h * m3 * inv3
    c, s = cos(th), sin(th)
    m1, m2 = c * m1 + s * m2, c * m2 - s * m1
    c, s = cos(0.5 * th), sin(0.5 * th)
    return (m1, m2, m3, c * qw - s * qz, c * qx + s * qy, c * qy - s * qx, c * qz + s * qw)


def _strang(h, inv, cos, sin, state):
    """One symmetric step ``1(h/2) 2(h/2) 3(h) 2(h/2) 1(h/2)`` (order 2, time-reversible)."""
    inv1, inv2, inv3 = inv
    state = _flow1(0.5 * h, inv1, cos, sin, *state)
    state = _flow2(0.5 * h, inv2, cos, sin, *state)
    state = _flow3(h, inv3, cos, sin, *state)
    state = _flow2(0.5 * h, inv2, cos, sin, *state)
    return _flow1(0.5 * h, inv1, cos, sin, *state)


def _step_splitting(c, *state):
    inv, dt, cos, sin, sqrt = c
    return _normalized_state(_strang(dt, inv, cos, sin, state), sqrt)


# Yoshida (1990) / Suzuki triple jump: S(γ₁h) S(γ₀h) S(γ₁h) with 2γ₁ + γ₀ = 1, 2γ₁³ + γ₀³ = 0.
_G1 = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0))
_G0 = 1.0 - 2.0 * _G1


def _step_splitting4(c, *state):
    inv, dt, cos, sin, sqrt = c
    state = _strang(_G1 * dt, inv, cos, sin, state)
    state = _strang(_G0 * dt, inv, cos, sin, state)
    state = _strang(_G1 * dt, inv, cos, sin, state)
    return _normalized_state(state, sqrt)


def _normalized_state(state, sqrt):
    # The turns keep |q| = 1 exactly in exact arithmetic; renormalising removes the rounding walk.
    m1, m2, m3, qw, qx, qy, qz = state
    return (m1, m2, m3, *_normalized(qw, qx, qy, qz, sqrt))


# ---------------------------------------------------------------------------------------------
# Drivers
# ---------------------------------------------------------------------------------------------

def _run_components(step, consts, state0, steps, batch, every=1):
    """Iterate ``state ← step(consts, *state)``; keep every ``every``-th state: shape (steps/every+1, 7[, N]).

    One body runs on Python floats. If a step fails because the state overflowed (``math.cos(inf)``
    raises ValueError), the remaining samples are NaN (the caller reports the blow-up).
    """
    n_out = steps // every + 1
    if not batch:
        state = tuple(float(x) for x in state0)
        buf = array("d", state)
        extend = buf.extend
        try:
            if every == 1:
                for _ in range(steps):
                    state = step(consts, *state)
                    extend(state)
            else:
                inner = range(every)
                for _ in range(n_out - 1):
                    for _ in inner:
                        state = step(consts, *state)
                    extend(state)
        except (ValueError, ZeroDivisionError, OverflowError):
            buf.extend([math.nan] * (7 * n_out - len(buf)))
        return np.frombuffer(buf, dtype=float).reshape(n_out, 7)
    # A batch runs on (chunk,) component arrays. Every operation makes a new array; arrays above
    # glibc's 128 KB mmap threshold are mapped and page-faulted afresh on every operation, so large
    # batches run in equal chunks of at most _CHUNK bodies (N = 10 000 runs in one piece).
    x0 = np.array(state0, dtype=float)                    # (7, N)
    n = x0.shape[1]
    out = np.empty((n_out, 7, n))
    out[0] = x0
    size = -(-n // -(-n // _CHUNK))
    for lo in range(0, n, size):
        hi = min(lo + size, n)
        if step is _step_rk4:                             # in place on (7, chunk) buffers
            _rk4_batch(consts, x0[:, lo:hi], out[:, :, lo:hi], every)
            continue
        state = tuple(np.array(x0[j, lo:hi]) for j in range(7))
        for i in range(1, n_out):
            for _ in range(every):
                state = step(consts, *state)
            block = out[i, :, lo:hi]
            for j in range(7):
                block[j] = state[j]
    return out


def _cross_rows(R, w):
    """``R [ω]×`` for R (N, 3, 3), ω (N, 3): each row r of R becomes r × ω.

    Written out by components: ``np.cross`` spends ~60 µs per call on axis bookkeeping here.
    """
    r0, r1, r2 = R[..., 0], R[..., 1], R[..., 2]           # (N, 3) each: the rows' components
    w0, w1, w2 = w[:, None, 0], w[:, None, 1], w[:, None, 2]
    return np.stack([r1 * w2 - r2 * w1, r2 * w0 - r0 * w2, r0 * w1 - r1 * w0], axis=-1)


def _rk4_dcm_states(moments, w0, q0, dt, steps, every=1, torque=None):
    """The ``runge_kutta`` (DCM) of 「回転運動のシミュレーション」 (2019), fixed.

    w0 (N, 3), q0 (N, 4) → ω (n+1, N, 3), R (n+1, N, 3, 3) with n = steps/every.

    ``R = to_matrix(q)`` is body → world (the article's DCM is ``Rᵀ``); ``Ṙ = R [ω]× = [R ω]× R``.
    ``torque = (τ_c, p, F)`` (each (3,), in principal axes / world) adds ``τ = τ_c + p × (Rᵀ F)``.
    """
    from . import rotation as _rot

    a1, a2, a3 = _euler_constants(moments)
    zero = np.zeros(w0.shape[0])

    def omega_rate(w, R):       # the ω part of _rates (Euler's equations); R only for a torque
        return np.stack(_rates(a1, a2, a3, w[:, 0], w[:, 1], w[:, 2], zero, zero, zero, zero)[:3], axis=-1)

    if torque is not None:
        tau_c, p, F = (np.asarray(x, dtype=float) for x in torque)
        inv = 1.0 / np.asarray(moments, dtype=float)
        free_rate = omega_rate

        def omega_rate(w, R):   # + I⁻¹ (τ_c + p × (Rᵀ F)); Rᵀ F = F @ R row by row
            g = np.einsum("i,nij->nj", F, R)
            tau = tau_c + np.stack([p[1] * g[:, 2] - p[2] * g[:, 1], p[2] * g[:, 0] - p[0] * g[:, 2],
                                    p[0] * g[:, 1] - p[1] * g[:, 0]], axis=-1)
            return free_rate(w, R) + tau * inv

    w = np.array(w0, dtype=float)
    R = _q.to_matrix(q0)                                   # body → world, v_world = R v_body
    n_out = steps // every + 1
    ws = np.empty((n_out,) + w.shape)
    Rs = np.empty((n_out,) + R.shape)
    ws[0], Rs[0] = w, R
    h = 0.5 * dt
    for i in range(1, steps + 1):
        k1 = omega_rate(w, R)
        l1 = _cross_rows(R, w)
        R2 = R + h * l1
        k2 = omega_rate(w + h * k1, R2)
        l2 = _cross_rows(R2, w + h * k1)
        R3 = R + h * l2
        k3 = omega_rate(w + h * k2, R3)
        l3 = _cross_rows(R3, w + h * k2)
        R4 = R + dt * l3
        k4 = omega_rate(w + dt * k3, R4)
        l4 = _cross_rows(R4, w + dt * k3)                  # the article assigns l3 twice, never l4
        w = w + dt / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4)
        R = R + dt / 6.0 * (l1 + 2.0 * l2 + 2.0 * l3 + l4)
        if not (np.isfinite(R).all() and np.isfinite(w).all()):   # blew up: the SVD cannot go on
            first = -(-i // every)                         # the first kept sample at or after step i
            ws[first:], Rs[first:] = np.nan, np.nan
            break
        R = _rot._polar(R)                                 # orthonormalize: polar factor
        if i % every == 0:
            ws[i // every], Rs[i // every] = w, R
    return ws, Rs


@dataclass(frozen=True)
class Trajectory:
    """Result of :func:`simulate` (arrays are read-only).

    Made by hand (``Trajectory(t, omega_body, q, method, inertia)``), its fields are checked and
    copied: shapes that agree, finite values, non-zero quaternions, a known method, a valid inertia.

    Attributes
    ----------
    t : ndarray, shape (n+1,)
        Times ``0, k dt, 2k dt, …`` (``k = keep_every`` of :func:`simulate`, default 1).
    omega_body : ndarray, shape (n+1, 3) or (n+1, N, 3)
        Body-frame angular velocity (in the frame of the ``inertia`` given).
    q : ndarray, shape (n+1, 4) or (n+1, N, 4)
        Body → world attitude ``q_r`` (w, x, y, z), unit; ``to_matrix(q) @ v_body = v_world``.
    method : str
        The integrator used (one of :data:`METHODS`).
    inertia : ndarray, shape (3,) or (3, 3)
        The inertia given (principal moments or body-frame tensor).
    """

    t: np.ndarray
    omega_body: np.ndarray
    q: np.ndarray
    method: str
    inertia: np.ndarray

    def __post_init__(self):
        """Check the fields (a Trajectory made by hand); :func:`simulate` builds it unchecked."""
        t = _v.array(self.t, "t")
        if t.ndim != 1 or t.size == 0:
            raise ValueError(f"t must be a 1-D array of sample times, got shape {t.shape}")
        w = _v.array(self.omega_body, "omega_body", (3,))
        q = _v.quaternion(self.q, "q")
        if w.ndim not in (2, 3) or w.shape[0] != t.shape[0]:
            raise ValueError(f"omega_body must have shape (n, 3) or (n, N, 3) with n = len(t) = {t.shape[0]}; "
                             f"got omega_body {w.shape} and t {t.shape}")
        if q.shape != w.shape[:-1] + (4,):
            raise ValueError(f"q must have shape {w.shape[:-1] + (4,)} (one attitude per omega_body sample), "
                             f"got q {q.shape} and omega_body {w.shape}")
        method = _v.choice(self.method, "method", METHODS)
        inertia = _inertia_array(self.inertia, invertible=False)
        for name, value in (("t", t), ("omega_body", w), ("q", q), ("method", method), ("inertia", inertia)):
            if isinstance(value, np.ndarray):
                value = np.array(value)                    # a copy: the caller's array stays writeable
                value.setflags(write=False)
            object.__setattr__(self, name, value)

    @classmethod
    def _unchecked(cls, **fields):
        """A Trajectory from fields that :func:`simulate` has already checked (no copies)."""
        self = object.__new__(cls)
        for name, value in fields.items():
            object.__setattr__(self, name, value)
        return self

    @property
    def kinetic_energy(self) -> np.ndarray:
        """``½ ω·Iω`` at every sample, shape (n+1,) or (n+1, N)."""
        return kinetic_energy(self.inertia, self.omega_body)

    @property
    def angular_momentum_world(self) -> np.ndarray:
        """``L_world = q ⋄ (I ω_body)``, shape (n+1, 3) or (n+1, N, 3); constant for a free body."""
        return _q.rotate(self.q, angular_momentum(self.inertia, self.omega_body))


_STEPS = {
    "euler": _step_euler,
    "semi-implicit-euler": _step_semi_implicit,
    "rk4": _step_rk4,
    "splitting": _step_splitting,
    "splitting4": _step_splitting4,
}


def simulate(inertia, omega0, q0=None, *, dt, steps, method="rk4", keep_every=1, blowup="raise",
             torque_body=None, force_world=None, point_body=None) -> Trajectory:
    """Integrate the rigid body: Euler's equations with the attitude (「回転運動のシミュレーション」 (2019)), torque-free by default.

    Parameters
    ----------
    inertia : array_like, shape (3,) or (3, 3)
        Principal moments ``(I₁, I₂, I₃)`` (body axes = principal axes) or a full body-frame tensor.
        A tensor is diagonalised with :func:`rbteach.inertia.principal_axes` (``I = O diag Oᵀ``),
        the body is integrated in principal axes (``ω_p = Oᵀ ω``, ``q_p = q ⊗ q_o`` with
        ``q_o = from_matrix(O)``, the forces-and-impulses article, §5) and the results are turned back
        (``ω = O ω_p``, ``q = q_p ⊗ q_o*``), so they are in *your* body frame.
        No principal moment may be zero (a thin rod cannot be simulated).
    omega0 : array_like, shape (3,) or (N, 3)
        Initial body-frame angular velocity (rad/s); a batch of N bodies gives arrays with a body axis.
    q0 : array_like, shape (4,) or (N, 4), optional
        Initial body → world attitude (w, x, y, z); normalised; default identity.
    dt : float
        Time step, > 0.
    steps : int
        Number of steps n ≥ 1.
    method : str
        One of :data:`METHODS`: ``"euler"``, ``"semi-implicit-euler"``, ``"rk4"`` (default),
        ``"rk4-dcm"``, ``"splitting"``, ``"splitting4"``.
    keep_every : int, keyword-only
        Keep every k-th sample (default 1, all): the result holds the samples at steps
        ``0, k, 2k, …, steps`` — bit for bit the full run's ``[::k]`` — so long runs and large
        batches need ``k`` times less memory. ``steps`` must be a multiple of ``keep_every``
        (so that the last step is kept).
    blowup : {"raise", "keep"}, keyword-only
        What to do when the integration overflows (explicit Euler at a large step, or a huge
        ``omega0``): ``"raise"`` (default) raises ValueError naming ``dt`` and ``omega0`` with the
        step where it happened; ``"keep"`` returns the trajectory with inf/NaN samples from that
        step on (to show the blow-up of an unstable integrator).
    torque_body : array_like, shape (3,), keyword-only, optional
        A constant torque fixed in the body (N m, body frame, e.g. a thruster), default none.
    force_world, point_body : array_like, shape (3,), keyword-only, optional (give both or neither)
        A constant world-frame force ``F`` (N; gravity ``m g``) acting at the body-fixed point ``p``
        (m, body frame). The torque is ``τ_body = torque_body + p × (R(q)ᵀ F)`` (``r × F`` written in
        the body frame, the forces-and-impulses article, §3 力の適用). ``p`` is measured from the point
        the inertia is about: from the centre of mass (which then moves on, its motion not computed),
        or from a fixed pivot at the origin with ``inertia`` about the pivot (a heavy top: ``p`` = the
        centre of mass, ``inertia`` from :func:`rbteach.inertia.parallel_axis`); then
        ``T − F·(R p)`` (kinetic plus potential energy) is conserved.
        Any torque needs ``method`` in the RK4 family: ``"euler"``, ``"semi-implicit-euler"``,
        ``"rk4"`` or ``"rk4-dcm"``. The torque is shared by all bodies of a batch.

    Returns
    -------
    Trajectory
        ``t`` (n+1,), ``omega_body`` (n+1, 3) or (n+1, N, 3), ``q`` (n+1, 4) or (n+1, N, 4),
        ``method``, ``inertia``; ``n = steps / keep_every``.

    Raises
    ------
    ValueError
        Naming the argument: a bad ``inertia`` (not physical, a zero moment), ``omega0``, ``q0``,
        ``dt``, ``steps``, ``method``, ``keep_every``, ``blowup``, ``torque_body``, ``force_world`` or
        ``point_body`` (each a finite (3,) vector; the force and its point together; a torque with a
        splitting method, which is torque-free); ``omega0`` and ``q0`` holding
        different numbers of bodies; a result larger than 2 GB (``steps`` too large for the
        number of bodies: the message says how large, and ``keep_every`` helps); the blow-up
        above.

    Notes
    -----
    ``"rk4-dcm"`` is the ``runge_kutta`` of 「回転運動のシミュレーション」 (2019) with its bugs fixed: ``l4`` is
    computed (the article assigns ``l3`` twice), and the matrix is re-orthonormalised with the polar
    decomposition (:func:`rbteach.rotation.orthonormalize`) instead of normalising columns. The
    article's DCM (``quaternion2dcm``) is ``Rᵀ`` (world → body); the matrix integrated here is
    ``R = to_matrix(q)`` (body → world), for which the article's ``coordinate_differential``
    ``Ṙ = [R ω]× R = R [ω]×`` holds. The output is converted to ``q`` with
    :func:`rbteach.quaternion.from_matrix`.

    With a torque the RK4 family integrates ``ω̇ = I⁻¹(τ − ω × I ω)``, ``q̇ = ½ q ⊗ (0, ω)`` with
    ``τ`` evaluated at every stage from the stage's ``q`` (``"rk4-dcm"``: from its ``R``); the
    splitting methods are torque-free only (their sub-flows are the exact flows of the kinetic energy)
    and refuse a torque. Without a torque the torque-free code runs, unchanged. A torque that depends
    on time or ω otherwise: integrate :func:`euler_rhs` yourself.
    """
    method = _v.choice(method, "method", METHODS)
    blowup = _v.choice(blowup, "blowup", ("raise", "keep"))
    dt = _v.positive(dt, "dt")
    steps = _v.positive_int(steps, "steps")
    every = _v.positive_int(keep_every, "keep_every")
    if steps % every:
        raise ValueError(f"steps ({steps}) must be a multiple of keep_every ({every}), so that the last "
                         "step is kept")
    inertia_arr = _inertia_array(inertia, invertible=True)
    torque = _torque_args(torque_body, force_world, point_body, method)

    w0 = _v.vector3(omega0, "omega0")
    if w0.ndim > 2:
        raise ValueError(f"omega0 must have shape (3,) or (N, 3), got shape {w0.shape}")
    if q0 is None:
        q0 = _q.identity()
    qa = _v.quaternion(q0, "q0")
    if qa.ndim > 2:
        raise ValueError(f"q0 must have shape (4,) or (N, 4), got shape {qa.shape}")
    batch = w0.ndim == 2 or qa.ndim == 2
    if batch:
        n = w0.shape[0] if w0.ndim == 2 else qa.shape[0]
        if (w0.ndim == 2 and w0.shape[0] != n) or (qa.ndim == 2 and qa.shape[0] != n):
            raise ValueError(f"omega0 {w0.shape} and q0 {qa.shape} must hold the same number of bodies")
        if n < 1:
            raise ValueError(f"omega0 and q0 must hold at least one body, got shapes {w0.shape} and {qa.shape}")
    n_out = steps // every + 1
    n_bodies = n if batch else 1
    _v.result_size(n_out * (7 * n_bodies + 1), "steps",
                   f"the trajectory of {n_out:,} samples × {n_bodies:,} bod{'y' if n_bodies == 1 else 'ies'} × 7 numbers "
                   f"(steps = {steps:,}, keep_every = {every:,})")
    qa = _q._unit(qa)
    moments, O = _principal(inertia_arr)
    if torque is not None and O is not None:           # into principal axes: v_p = Oᵀ v (row vectors: v @ O)
        with np.errstate(over="ignore", invalid="ignore"):
            torque = (_v.finite_result(torque[0] @ O, "torque_body", "the torque in principal axes"),
                      _v.finite_result(torque[1] @ O, "point_body", "the point in principal axes"), torque[2])

    # Into principal axes.
    if O is not None:
        q_o = _q.from_matrix(O)
        with np.errstate(over="ignore", invalid="ignore"):
            w0 = _v.finite_result(w0 @ O, "omega0", "ω in principal axes")   # ω_p = Oᵀ ω (row vectors)
        qa = _q._mul(qa, q_o)
    w0b = np.broadcast_to(w0, (n, 3)) if batch else w0
    qab = np.broadcast_to(qa, (n, 4)) if batch else qa

    with np.errstate(over="ignore", invalid="ignore", divide="ignore"):
        out = _integrate(method, moments, w0b, qab, dt, steps, every, batch, torque)
    last = out[-1]
    if not np.all(np.isfinite(last)):
        if blowup == "raise":
            good = np.isfinite(out).reshape(out.shape[0], -1).all(axis=-1)
            i = int(np.argmin(good))
            given = [n for n, v in (("torque_body", torque_body), ("force_world", force_world),
                                    ("point_body", point_body)) if v is not None]
            if given:
                names = ", ".join(["dt", "omega0"] + given[:-1]) + " or " + given[-1]
                what, hint = f"{names} too large, or inertia too small for them", "a smaller dt, omega0 or torque"
            else:
                what, hint = "dt or omega0 too large", "a smaller dt (or a smaller omega0)"
            raise ValueError(
                f"{what}: the '{method}' integration blew up (ω overflowed to inf or NaN) by step {i * every} "
                f"(t = {i * every * dt:.4g} s); take {hint}, "
                "or pass blowup='keep' to get the trajectory with inf/NaN samples from there on")

    if batch:
        # Views of the (n+1, 7, N) states as (n+1, N, 3|4): a contiguous copy would cost
        # about a sixth of a 10 000-body run.
        omega = out[:, :3].transpose(0, 2, 1)
        q = out[:, 3:].transpose(0, 2, 1)
    else:
        omega = np.array(out[:, :3])
        q = np.array(out[:, 3:])

    # Back to the user's body frame.
    if O is not None:
        with np.errstate(over="ignore", invalid="ignore"):
            omega = omega @ O.T                            # ω = O ω_p
            q = _q._mul(q, q_o * np.array([1.0, -1.0, -1.0, -1.0]))

    t = np.arange(0, steps + 1, every) * dt
    inertia_out = np.array(inertia_arr)
    for a in (t, omega, q, inertia_out):
        a.setflags(write=False)
    return Trajectory._unchecked(t=t, omega_body=omega, q=q, method=method, inertia=inertia_out)


_TORQUED_STEPS = {
    "euler": _step_euler_torqued,
    "semi-implicit-euler": _step_semi_implicit_torqued,
    "rk4": _step_rk4_torqued,
}


def _torque_args(torque_body, force_world, point_body, method):
    """``None`` (torque-free) or ``(τ_c, p, F)``, each a finite (3,) array; checked against ``method``."""
    if torque_body is None and force_world is None and point_body is None:
        return None
    if (force_world is None) != (point_body is None):
        given, missing = ("force_world", "point_body") if point_body is None else ("point_body", "force_world")
        raise ValueError(f"{given} needs {missing}: the torque of a force is p × F, so give force_world (the "
                         "world-frame force) and point_body (its body-fixed point) together")
    if method.startswith("splitting"):
        names = ", ".join(n for n, v in (("torque_body", torque_body), ("force_world", force_world),
                                         ("point_body", point_body)) if v is not None)
        raise ValueError(f"method {method!r} is torque-free (its sub-flows are the exact flows of the kinetic "
                         f"energy), so it cannot take {names}: use 'rk4', 'rk4-dcm', 'euler' or "
                         "'semi-implicit-euler'")
    zero = np.zeros(3)
    tau = zero if torque_body is None else _v.vector3(torque_body, "torque_body", allow_batch=False)
    force = zero if force_world is None else _v.vector3(force_world, "force_world", allow_batch=False)
    point = zero if point_body is None else _v.vector3(point_body, "point_body", allow_batch=False)
    return tau, point, force


def _integrate(method, moments, w0b, qab, dt, steps, every, batch, torque=None):
    """The states (n+1, 7[, N]) in principal axes: ω_p (3) and q_p (4), every ``every``-th step.

    ``torque``: ``None`` or ``(τ_c, p, F)`` (body torque and point in principal axes, world force).
    """
    if method == "rk4-dcm":
        ws, Rs = _rk4_dcm_states(moments, np.atleast_2d(w0b), np.atleast_2d(qab), dt, steps, every, torque)
        good = np.isfinite(Rs).all(axis=(-1, -2))
        qs = np.where(good[..., None], _q.from_matrix(np.where(good[..., None, None], Rs, np.eye(3))), np.nan)
        out = np.concatenate([ws, qs], axis=-1).transpose(0, 2, 1)
        return out if batch else out[:, :, 0]
    if batch:
        fn_cos, fn_sin, fn_sqrt = np.cos, np.sin, np.sqrt
    else:
        fn_cos, fn_sin, fn_sqrt = math.cos, math.sin, math.sqrt
    if torque is not None:                             # the RK4 family with a torque (checked by _torque_args)
        state0 = (*np.moveaxis(w0b, -1, 0), *np.moveaxis(qab, -1, 0))
        consts = (_torque_constants(moments, *torque), dt, fn_sqrt)
        return _run_components(_TORQUED_STEPS[method], consts, state0, steps, batch, every)
    if method.startswith("splitting"):
        consts = (tuple(1.0 / float(m) for m in moments), dt, fn_cos, fn_sin, fn_sqrt)
        x0 = w0b * moments                             # m = I ω
    else:
        consts = (*_euler_constants(moments), dt, fn_sqrt)
        x0 = w0b
    state0 = (*np.moveaxis(x0, -1, 0), *np.moveaxis(qab, -1, 0))
    out = _run_components(_STEPS[method], consts, state0, steps, batch, every)
    if method.startswith("splitting"):
        out = out.copy()
        out[:, :3] /= moments.reshape((3, 1) if batch else (3,))
    return out


# ---------------------------------------------------------------------------------------------
# Euler's equations, energy and angular momentum (vectorised)
# ---------------------------------------------------------------------------------------------

def euler_rhs(inertia, omega_body, torque_body=0.0) -> np.ndarray:
    """Euler's equations in the body frame: ``ω̇ = I⁻¹(τ − ω × I ω)`` (「回転運動のシミュレーション」 (2019)).

    Parameters
    ----------
    inertia : array_like, shape (3,) or (3, 3)
        Principal moments (body axes = principal axes) or a body-frame tensor; no zero moment.
    omega_body : array_like, shape (..., 3)
        Body-frame angular velocity.
    torque_body : array_like, shape (..., 3) or scalar 0, optional
        Body-frame torque about the centre of mass; broadcasts with ``omega_body``.

    Returns
    -------
    ndarray, shape (..., 3)
        ``ω̇``. For principal moments this is ``(I₂ − I₃)/I₁ ω₂ω₃ + τ₁/I₁`` and cyclically.
    """
    a = _inertia_array(inertia, invertible=True)
    w = _v.vector3(omega_body, "omega_body")
    scalar = isinstance(torque_body, (int, float, np.number)) and not isinstance(torque_body, (bool, np.bool_)) \
        or (isinstance(torque_body, np.ndarray) and torque_body.ndim == 0)
    if scalar:
        tau = _v.finite_scalar(torque_body, "torque_body")
        if tau != 0.0:
            raise ValueError(f"torque_body must be a (..., 3) vector (or 0 for none), got {_v.describe(torque_body)}")
        tau = np.zeros(3)
    else:
        tau = _v.vector3(torque_body, "torque_body")
        _v.broadcast(("omega_body", w, 1), ("torque_body", tau, 1))
    with np.errstate(over="ignore", invalid="ignore"):
        if a.shape == (3,):
            w1, w2, w3 = np.moveaxis(w, -1, 0)
            zero = np.zeros_like(w1)       # the ω part of the component formulas, with a dummy attitude
            rate = np.stack(_rates(*_euler_constants(a), w1, w2, w3, zero, zero, zero, zero)[:3], axis=-1)
            out = rate + tau / a
        else:
            rhs = tau - np.cross(w, w @ a.T)
            out = rhs @ np.linalg.inv(a).T
    return _v.finite_result(out, ("inertia", "omega_body", "torque_body"), "ω̇ = I⁻¹(τ − ω × I ω)")


def angular_momentum(inertia, omega_body) -> np.ndarray:
    """Body-frame angular momentum ``L_body = I ω_body``, shape (..., 3).

    ``inertia`` is principal moments (3,) or a body tensor (3, 3). This is the *body-frame*
    vector: it changes as the body tumbles. The conserved world-frame vector is
    ``L_world = q ⋄ L_body = rbteach.quaternion.rotate(q, L_body)`` with the body → world attitude q.
    """
    a = _inertia_array(inertia, invertible=False)
    w = _v.vector3(omega_body, "omega_body")
    with np.errstate(over="ignore", invalid="ignore"):
        out = w * a if a.shape == (3,) else w @ a.T
    return _v.finite_result(out, ("inertia", "omega_body"), "I ω")


def kinetic_energy(inertia, omega_body) -> np.ndarray:
    """Rotational kinetic energy ``T = ½ ω·Iω`` (frame-independent), shape (...)."""
    w = _v.vector3(omega_body, "omega_body")
    L = angular_momentum(inertia, w)
    with np.errstate(over="ignore", invalid="ignore"):
        out = 0.5 * np.einsum("...i,...i->...", w, L)
    return _v.finite_result(out, ("inertia", "omega_body"), "½ ω·I ω")
