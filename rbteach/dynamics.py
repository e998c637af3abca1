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
the RK4 family (``"euler"``, ``"semi-implicit-euler"``, ``"rk4"``, ``"rk4-dcm"``, :data:`TORQUE_METHODS`) takes it,
the splitting methods cannot (their sub-flows are the exact flows of the kinetic energy alone), and the implicit
midpoint rule and RKMK4 are written for the free body only:

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
``"implicit-midpoint"``
    the implicit midpoint rule ``y₁ = y₀ + h f((y₀ + y₁)/2)`` on (ω, q), its implicit equation for the midpoint ω̄
    solved by Newton's method to rounding; it keeps every quadratic invariant — ``T``, ``|L|²`` and ``|q|²`` — up to
    rounding (Hairer, Lubich & Wanner, *Geometric Numerical Integration*, §IV.2), but not the direction of the
    world ``L = R(q) I ω`` (cubic in (ω, q); its error is O(h²)); its attitude step is the Cayley
    transform ``q₁ = q₀ ⊗ (1 − |a|², 2a)/(1 + |a|²)``, ``a = h ω̄/4`` (no renormalisation); order 2.
``"rkmk4"``
    Runge–Kutta–Munthe-Kaas 4 (Munthe-Kaas 1999; Iserles, Munthe-Kaas, Nørsett & Zanna 2000): ω by RK4 (the same
    operations as ``"rk4"``), the attitude as ``q₁ = q₀ ⊗ exp(θ)`` with θ from RK4 on
    ``θ̇ = dexp⁻¹_θ(ω) ≈ ω + ½ θ × ω + (1/12) θ × (θ × ω)``; ``|q| = 1`` to rounding with no renormalisation; order 4.

:func:`reference` is an adaptive Dormand–Prince 5(4) solution with dense output, for measuring errors where no
exact solution exists (a torque).

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

__all__ = ["euler_rhs", "kinetic_energy", "angular_momentum", "simulate", "Trajectory", "METHODS", "TORQUE_METHODS",
           "reference", "ReferenceSolution", "REFERENCE_MAX_STEPS", "REFERENCE_MAX_PHASE"]

#: The integrators :func:`simulate` knows (see the module docstring).
METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm", "splitting", "splitting4", "implicit-midpoint", "rkmk4")

#: The methods that take a torque (the others are torque-free: see :func:`simulate`).
TORQUE_METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm")

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
# The implicit midpoint rule and the Lie-group method RKMK4 (torque-free, on (ω, q))
# ---------------------------------------------------------------------------------------------

class _NoConvergence(Exception):
    """Newton's iteration of the implicit midpoint rule did not converge (not a ValueError: the
    drivers turn ValueError into a NaN blow-up)."""


#: Newton's iteration stops when its correction is below this fraction of |ω̄| (max norm); the
#: error left is about its square (quadratic convergence), far below rounding.
_MIDPOINT_TOL = 1e-14
_MIDPOINT_ITERATIONS = 30


def _step_midpoint(c, w1, w2, w3, qw, qx, qy, qz):
    """One implicit midpoint step ``y₁ = y₀ + h f((y₀ + y₁)/2)`` on (ω, q), torque-free.

    ω: solve ``G(ω̄) = ω̄ − ω₀ − (h/2) f(ω̄) = 0`` for the midpoint ``ω̄ = (ω₀ + ω₁)/2`` by Newton's
    method (``f_i = a_i ω̄_j ω̄_k``, the 3 × 3 system by Cramer's rule), then ``ω₁ = 2ω̄ − ω₀``.
    q: the midpoint rule on the linear ``q̇ = ½ q ⊗ (0, ω̄)`` is ``q₁ ⊗ (1 − A) = q₀ ⊗ (1 + A)`` with
    ``A = (0, h ω̄/4)``, i.e. ``q₁ = q₀ ⊗ cay`` with the Cayley transform
    ``cay = (1 + A)(1 − A)⁻¹ = (1 − |a|², 2a)/(1 + |a|²)``, ``a = h ω̄/4``: a unit quaternion, so
    ``|q₁| = |q₀|`` (no renormalisation).
    """
    a1, a2, a3, dt, done, finite = c
    h = 0.5 * dt
    b1, b2, b3 = h * a1, h * a2, h * a3
    v1, v2, v3 = w1 + b1 * w2 * w3, w2 + b2 * w3 * w1, w3 + b3 * w1 * w2        # explicit half step: the guess
    for _ in range(_MIDPOINT_ITERATIONS):
        g1 = v1 - w1 - b1 * v2 * v3
        g2 = v2 - w2 - b2 * v3 * v1
        g3 = v3 - w3 - b3 * v1 * v2
        # J = ∂G/∂ω̄ = [[1, −b1 v3, −b1 v2], [−b2 v3, 1, −b2 v1], [−b3 v2, −b3 v1, 1]]; δ = −J⁻¹ G
        j12, j13, j21, j23, j31, j32 = -b1 * v3, -b1 * v2, -b2 * v3, -b2 * v1, -b3 * v2, -b3 * v1
        c11, c12, c13 = 1.0 - j23 * j32, j13 * j32 - j12, j12 * j23 - j13          # adjugate (rows)
        c21, c22, c23 = j23 * j31 - j21, 1.0 - j13 * j31, j13 * j21 - j23
        c31, c32, c33 = j21 * j32 - j31, j12 * j31 - j32, 1.0 - j12 * j21
        det = 1.0 + j12 * j23 * j31 + j13 * j21 * j32 - j13 * j31 - j12 * j21 - j23 * j32
        d1 = -(c11 * g1 + c12 * g2 + c13 * g3) / det
        d2 = -(c21 * g1 + c22 * g2 + c23 * g3) / det
        d3 = -(c31 * g1 + c32 * g2 + c33 * g3) / det
        v1, v2, v3 = v1 + d1, v2 + d2, v3 + d3
        if done(d1, d2, d3, v1, v2, v3):
            break
    else:
        if finite(v1 + v2 + v3):
            raise _NoConvergence
        nan = v1 + v2 + v3 + math.nan                   # overflowed: the caller reports the blow-up
        return (nan,) * 7
    s1, s2, s3 = 0.5 * h * v1, 0.5 * h * v2, 0.5 * h * v3                        # a = h ω̄/4
    aa = s1 * s1 + s2 * s2 + s3 * s3
    k = 1.0 / (1.0 + aa)
    cw, cx, cy, cz = (1.0 - aa) * k, 2.0 * s1 * k, 2.0 * s2 * k, 2.0 * s3 * k
    return (2.0 * v1 - w1, 2.0 * v2 - w2, 2.0 * v3 - w3,
            qw * cw - qx * cx - qy * cy - qz * cz,                                   # q₀ ⊗ cay
            qw * cx + qx * cw + qy * cz - qz * cy,
            qw * cy - qx * cz + qy * cw + qz * cx,
            qw * cz + qx * cy - qy * cx + qz * cw)


def _done_float(d1, d2, d3, v1, v2, v3):
    return max(abs(d1), abs(d2), abs(d3)) <= _MIDPOINT_TOL * max(abs(v1), abs(v2), abs(v3))


_isfinite = math.isfinite          # (bound at import: notebook 09 counts the calls of math.cos and math.sin)


def _finite_batch(x):
    return bool(np.all(np.isfinite(x)))


def _done_batch(d1, d2, d3, v1, v2, v3):
    d = np.maximum(np.maximum(np.abs(d1), np.abs(d2)), np.abs(d3))
    v = np.maximum(np.maximum(np.abs(v1), np.abs(v2)), np.abs(v3))
    return bool(np.all(d <= _MIDPOINT_TOL * v))


def _dexpinv(t1, t2, t3, w1, w2, w3):
    """``dexp⁻¹`` of the right-trivialised exponential, truncated after the 2nd commutator (enough for order 4):
    ``θ̇ = ω + ½ θ × ω + (1/12) θ × (θ × ω)`` for ``q = q₀ ⊗ exp(θ)``, ``q̇ = ½ q ⊗ (0, ω)``."""
    c1, c2, c3 = t2 * w3 - t3 * w2, t3 * w1 - t1 * w3, t1 * w2 - t2 * w1          # θ × ω
    e1, e2, e3 = t2 * c3 - t3 * c2, t3 * c1 - t1 * c3, t1 * c2 - t2 * c1          # θ × (θ × ω)
    k = 1.0 / 12.0
    return w1 + 0.5 * c1 + k * e1, w2 + 0.5 * c2 + k * e2, w3 + 0.5 * c3 + k * e3


def _step_rkmk4(c, w1, w2, w3, qw, qx, qy, qz):
    """One step of RKMK4 (Runge–Kutta–Munthe-Kaas on the classic RK4 tableau), torque-free.

    ω: classic RK4 on Euler's equations (the same operations as ``"rk4"``, so the same ω bit for bit).
    q: ``q₁ = q₀ ⊗ exp(θ)`` with ``θ = h/6 (K₁ + 2K₂ + 2K₃ + K₄)``, the stage increments
    ``K_i = dexp⁻¹_{θ_i}(ω_i)`` (:func:`_dexpinv`) at ``θ₁ = 0``, ``θ₂ = h/2 K₁``, ``θ₃ = h/2 K₂``,
    ``θ₄ = h K₃`` and the RK4 stage values ``ω_i``; ``exp(θ) = (cos φ/2, sin(φ/2) θ/φ)``, ``φ = |θ|``,
    is a unit quaternion, so ``|q|`` stays 1 to rounding with no renormalisation.
    """
    a1, a2, a3, dt, cos, sin, sqrt = c
    h = 0.5 * dt
    k1, k2, k3 = a1 * w2 * w3, a2 * w3 * w1, a3 * w1 * w2
    x1, x2, x3 = w1 + h * k1, w2 + h * k2, w3 + h * k3
    m1, m2, m3 = a1 * x2 * x3, a2 * x3 * x1, a3 * x1 * x2
    y1, y2, y3 = w1 + h * m1, w2 + h * m2, w3 + h * m3
    n1, n2, n3 = a1 * y2 * y3, a2 * y3 * y1, a3 * y1 * y2
    z1, z2, z3 = w1 + dt * n1, w2 + dt * n2, w3 + dt * n3
    p1, p2, p3 = a1 * z2 * z3, a2 * z3 * z1, a3 * z1 * z2
    d = dt / 6.0
    K2 = _dexpinv(h * w1, h * w2, h * w3, x1, x2, x3)                            # K₁ = ω₀ (θ₁ = 0)
    K3 = _dexpinv(h * K2[0], h * K2[1], h * K2[2], y1, y2, y3)
    K4 = _dexpinv(dt * K3[0], dt * K3[1], dt * K3[2], z1, z2, z3)
    t1 = d * (w1 + 2.0 * (K2[0] + K3[0]) + K4[0])
    t2 = d * (w2 + 2.0 * (K2[1] + K3[1]) + K4[1])
    t3 = d * (w3 + 2.0 * (K2[2] + K3[2]) + K4[2])
    phi2 = t1 * t1 + t2 * t2 + t3 * t3
    phi = sqrt(phi2)
    cw = cos(0.5 * phi)
    small = phi < 1e-4
    s = _half_sinc(phi, phi2, small, sin)                                        # sin(φ/2)/φ
    cx, cy, cz = s * t1, s * t2, s * t3
    return (w1 + d * (k1 + 2.0 * (m1 + n1) + p1),
            w2 + d * (k2 + 2.0 * (m2 + n2) + p2),
            w3 + d * (k3 + 2.0 * (m3 + n3) + p3),
            qw * cw - qx * cx - qy * cy - qz * cz,                                  # q₀ ⊗ exp(θ)
            qw * cx + qx * cw + qy * cz - qz * cy,
            qw * cy - qx * cz + qy * cw + qz * cx,
            qw * cz + qx * cy - qy * cx + qz * cw)


def _half_sinc(phi, phi2, small, sin):
    """``sin(φ/2)/φ``; below φ = 1e-4 its series ``½ − φ²/48`` (exact to rounding there; no 0/0)."""
    series = 0.5 - phi2 / 48.0
    if isinstance(small, (bool, np.bool_)):
        return series if small else sin(0.5 * phi) / phi
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(small, series, sin(0.5 * phi) / np.where(small, 1.0, phi))


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


class _Motion:
    """What a sampled motion (``t``, ``omega_body``, ``q``, ``inertia``) gives: its energy and ``L_world``."""

    @property
    def kinetic_energy(self) -> np.ndarray:
        """``½ ω·Iω`` at every sample, shape (n+1,) or (n+1, N)."""
        return kinetic_energy(self.inertia, self.omega_body)

    @property
    def angular_momentum_world(self) -> np.ndarray:
        """``L_world = q ⋄ (I ω_body)``, shape (n+1, 3) or (n+1, N, 3); constant for a free body."""
        return _q.rotate(self.q, angular_momentum(self.inertia, self.omega_body))


@dataclass(frozen=True)
class Trajectory(_Motion):
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


_STEPS = {
    "euler": _step_euler,
    "semi-implicit-euler": _step_semi_implicit,
    "rk4": _step_rk4,
    "splitting": _step_splitting,
    "splitting4": _step_splitting4,
    "implicit-midpoint": _step_midpoint,
    "rkmk4": _step_rkmk4,
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
        ``"rk4-dcm"``, ``"splitting"``, ``"splitting4"``, ``"implicit-midpoint"``, ``"rkmk4"``.
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
        torque-free method); ``omega0`` and ``q0`` holding
        different numbers of bodies; a result larger than 2 GB (``steps`` too large for the
        number of bodies: the message says how large, and ``keep_every`` helps); the blow-up
        above; ``"implicit-midpoint"`` at a step so large that Newton's iteration does not converge
        (the message names ``dt``).

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

    w0, qa, batch, n = _bodies(omega0, q0)
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
        try:
            out = _integrate(method, moments, w0b, qab, dt, steps, every, batch, torque)
        except _NoConvergence:
            raise ValueError(
                f"dt too large for the implicit midpoint rule: Newton's iteration for its implicit equations did "
                f"not converge within {_MIDPOINT_ITERATIONS} iterations (dt = {dt:g} s); take a smaller dt "
                "(or a smaller omega0)") from None
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


def _bodies(omega0, q0):
    """``(ω0, q0, batch, N)``: checked ``omega0`` (3,)|(N, 3) and ``q0`` (4,)|(N, 4) (default identity)."""
    w0 = _v.vector3(omega0, "omega0")
    if w0.ndim > 2:
        raise ValueError(f"omega0 must have shape (3,) or (N, 3), got shape {w0.shape}")
    if q0 is None:
        q0 = _q.identity()
    qa = _v.quaternion(q0, "q0")
    if qa.ndim > 2:
        raise ValueError(f"q0 must have shape (4,) or (N, 4), got shape {qa.shape}")
    batch = w0.ndim == 2 or qa.ndim == 2
    n = 1
    if batch:
        n = w0.shape[0] if w0.ndim == 2 else qa.shape[0]
        if (w0.ndim == 2 and w0.shape[0] != n) or (qa.ndim == 2 and qa.shape[0] != n):
            raise ValueError(f"omega0 {w0.shape} and q0 {qa.shape} must hold the same number of bodies")
        if n < 1:
            raise ValueError(f"omega0 and q0 must hold at least one body, got shapes {w0.shape} and {qa.shape}")
    return w0, qa, batch, n


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
    if method not in TORQUE_METHODS:
        names = ", ".join(n for n, v in (("torque_body", torque_body), ("force_world", force_world),
                                         ("point_body", point_body)) if v is not None)
        why = ("its sub-flows are the exact flows of the kinetic energy" if method.startswith("splitting")
               else "this implementation integrates the free body only")
        raise ValueError(f"method {method!r} is torque-free ({why}), so it cannot take {names}: use 'rk4', "
                         "'rk4-dcm', 'euler' or 'semi-implicit-euler' (or dynamics.reference)")
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
    elif method == "implicit-midpoint":
        consts = (*_euler_constants(moments), dt, *((_done_batch, _finite_batch) if batch
                                                    else (_done_float, _isfinite)))
        x0 = w0b
    elif method == "rkmk4":
        consts = (*_euler_constants(moments), dt, fn_cos, fn_sin, fn_sqrt)
        x0 = w0b
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


# ---------------------------------------------------------------------------------------------
# An adaptive reference: Dormand–Prince 5(4) with step-size control and dense output
# ---------------------------------------------------------------------------------------------

# Dormand & Prince (1980), the tableau of Hairer, Nørsett & Wanner, *Solving ODEs I*, §II.5, Table 5.2.
_DP_C = (0.0, 1 / 5, 3 / 10, 4 / 5, 8 / 9, 1.0, 1.0)
_DP_A = ((),
         (1 / 5,),
         (3 / 40, 9 / 40),
         (44 / 45, -56 / 15, 32 / 9),
         (19372 / 6561, -25360 / 2187, 64448 / 6561, -212 / 729),
         (9017 / 3168, -355 / 33, 46732 / 5247, 49 / 176, -5103 / 18656),
         (35 / 384, 0.0, 500 / 1113, 125 / 192, -2187 / 6784, 11 / 84))
#: 5th-order weights minus the embedded 4th-order ones: the local error estimate.
_DP_E = (71 / 57600, 0.0, -71 / 16695, 71 / 1920, -17253 / 339200, 22 / 525, -1 / 40)
#: The 4th-order continuous extension of DOPRI5 (Hairer's dopri5.f, CONTD5).
_DP_D = (-12715105075 / 11282082432, 0.0, 87487479700 / 32700410799, -10690763975 / 1880347072,
         701980252875 / 199316789632, -1453857185 / 822651844, 69997945 / 29380423)

#: Largest number of accepted plus rejected steps :func:`reference` takes before giving up.
REFERENCE_MAX_STEPS = 200_000
#: Largest angle ``|ω0| t_end`` (rad) :func:`reference` accepts: about 16 000 turns.
REFERENCE_MAX_PHASE = 1e5


#: Fewest steps per radian of turn ``reference`` was measured to take, times ``rtol^(1/5)``: a lower bound.
#: DOPRI5's local error is ~ (h λ)⁵, so its controller takes ``h ≈ (rtol/C)^(1/5)/λ``; for a free body the
#: attitude turns at ``|ω| ≥ |L|/I_max``. Measured over random bodies (rtol 1e-13 … 1e-4): steps /
#: (|L|/I_max · t_end · rtol^(−1/5)) = 0.110 for a sphere (the fewest) up to 0.30; 0.1 leaves a margin.
_REFERENCE_STEPS_PER_RAD = 0.1
#: ... and the most (0.30 measured, with a margin): the refusal's advice uses it, so that the run it
#: suggests finishes.
_REFERENCE_STEPS_PER_RAD_MOST = 0.35


def _foresee_reference_steps(I_full, w0, t_end, rtol):
    """Refuse, before any work, a torque-free run whose fewest possible steps exceed REFERENCE_MAX_STEPS.

    (With a torque the rate can change by any amount during the run, so nothing is foreseen: the run stops
    when it reaches REFERENCE_MAX_STEPS.) Runs below the bound are untouched: the same bits as before."""
    with np.errstate(over="ignore", invalid="ignore"):
        L = np.linalg.norm(np.atleast_2d(w0) @ I_full.T, axis=-1)
        rate = float(np.max(L)) / float(np.linalg.eigvalsh(I_full)[-1]) if L.size else 0.0   # min |ω| of the worst body
        per_time = _REFERENCE_STEPS_PER_RAD * rate * rtol ** -0.2
        need = per_time * t_end
    if need > REFERENCE_MAX_STEPS:
        most = _REFERENCE_STEPS_PER_RAD_MOST / _REFERENCE_STEPS_PER_RAD
        t_ok = REFERENCE_MAX_STEPS / (most * per_time)
        rtol_ok = (_REFERENCE_STEPS_PER_RAD_MOST * rate * t_end / REFERENCE_MAX_STEPS) ** 5
        raise ValueError(
            f"t, rtol: the reference would need at least {need:,.0f} steps (DOPRI5 takes "
            f"{_REFERENCE_STEPS_PER_RAD:g} to {_REFERENCE_STEPS_PER_RAD_MOST:g} · |L|/I_max · t[-1] · rtol^(-1/5)), "
            f"more than REFERENCE_MAX_STEPS = {REFERENCE_MAX_STEPS:,}; refused before running. To get a result: "
            f"take t[-1] <= {t_ok:.3g} s at this rtol" + (f", or rtol >= {rtol_ok:.2g} for this t" if rtol_ok <= 1e-3 else "")
            + ", or split the run into calls that each start from the previous call's last omega_body and q")


@dataclass(frozen=True)
class ReferenceSolution(_Motion):
    """Result of :func:`reference` (arrays read-only).

    Attributes
    ----------
    t : ndarray, shape (n,)
        The requested times (s).
    omega_body : ndarray, shape (n, 3) or (n, N, 3)
        Body-frame angular velocity at ``t``.
    q : ndarray, shape (n, 4) or (n, N, 4)
        Body → world attitude (w, x, y, z) at ``t``, normalised.
    inertia : ndarray, shape (3,) or (3, 3)
        The inertia given.
    rtol : float
        The relative tolerance asked for.
    steps, rejected : int
        Accepted and rejected Dormand–Prince steps (the cost: 6 evaluations of the equations each).
    """

    t: np.ndarray
    omega_body: np.ndarray
    q: np.ndarray
    inertia: np.ndarray
    rtol: float
    steps: int
    rejected: int


def _reference_rates(I, I_inv, torque):
    """The right-hand side ``y (N, 7) → ẏ`` of ``I ω̇ = τ − ω × I ω``, ``q̇ = ½ q ⊗ (0, ω)`` (body-frame I)."""
    if torque is not None:
        tau_c, p, F = torque

    def f(y):
        w, q = y[:, :3], y[:, 3:]
        rhs = -np.cross(w, np.einsum("ij,nj->ni", I, w))          # einsum: no BLAS, the same bits on every CPU
        if torque is not None:
            u, qw = q[:, 1:], q[:, :1]
            c = np.cross(u, F)                                   # g = R(q)ᵀ F = F − 2 q_w (u × F) + 2 u × (u × F)
            g = F - 2.0 * qw * c + 2.0 * np.cross(u, c)
            rhs = rhs + tau_c + np.cross(p, g)
        wdot = np.einsum("ij,nj->ni", I_inv, rhs)
        qw, qx, qy, qz = q.T
        w1, w2, w3 = w.T
        qdot = 0.5 * np.stack([-(qx * w1 + qy * w2 + qz * w3), qw * w1 + qy * w3 - qz * w2,
                               qw * w2 + qz * w1 - qx * w3, qw * w3 + qx * w2 - qy * w1], axis=-1)
        return np.concatenate([wdot, qdot], axis=1)
    return f


def reference(inertia, omega0, q0=None, *, t, rtol=1e-10, torque_body=None, force_world=None,
              point_body=None) -> ReferenceSolution:
    """An adaptive reference solution: Dormand–Prince 5(4) with step-size control and dense output.

    Integrates ``I ω̇ = τ − ω × I ω``, ``q̇ = ½ q ⊗ (0, ω_body)`` (「回転運動のシミュレーション」 (2019);
    the torque as in :func:`simulate`, the forces-and-impulses article, §3 力の適用) with the embedded
    Runge–Kutta pair of Dormand & Prince (1980) (Hairer, Nørsett & Wanner, *Solving Ordinary
    Differential Equations I*, §II.4–II.6): each step's 5th-order result is kept, the difference to the
    embedded 4th-order one estimates the local error, and the step is accepted when
    ``err = max over bodies of sqrt(mean_i (e_i / sc_i)²) ≤ 1`` with ``sc_i = rtol · max(|y_i|, |y_i'|, s_i)``
    (``s_i = |ω0|`` for the ω components, 1 for the quaternion's); the next step is
    ``h · min(5, max(0.2, 0.9 err^(−1/5)))``. The values at the requested times come from the 4th-order
    continuous extension ("dense output"), so the steps do not depend on ``t``'s sampling. The output
    quaternions are normalised (their length is kept to about ``rtol`` by the integration).

    Use it where no exact solution exists (a torque, a long run) to measure the error of a fixed-step
    method. ``rtol`` bounds each step's error estimate, not the error of the whole run, which adds up over
    the steps and is amplified by the body's sensitivity to its start: for notebook 09's body at
    ``rtol = 1e-10`` it is about 2e-10 relative over 10 s and 1e-8 over 100 s (a test compares it with
    :func:`rbteach.analytic.free_body`); for 24 random bodies with a torque (tumbling, some chaotic) over 10 s
    at ``rtol = 1e-10``, against SciPy's DOP853 at 1e-13, ω was off by 9 × rtol (median) to 110 × rtol
    (worst) relative to max |ω|, and the attitude by 25 × rtol to 570 × rtol rad. Take ``rtol`` about 1000
    times below the error you need, and check by halving it.

    Parameters
    ----------
    inertia : array_like, shape (3,) or (3, 3)
        Principal moments or a body-frame tensor; no zero moment.
    omega0 : array_like, shape (3,) or (N, 3)
        Initial body-frame angular velocity (rad/s); a batch shares the steps (the worst body sets them).
    q0 : array_like, shape (4,) or (N, 4), optional
        Initial body → world attitude; normalised; default identity.
    t : array_like, shape (n,), keyword-only
        Output times (s): non-negative, non-decreasing; the integration runs from 0 to ``t[-1]``.
    rtol : float, keyword-only
        Relative tolerance, 1e-13 ≤ rtol ≤ 1e-3 (default 1e-10).
    torque_body, force_world, point_body : array_like, shape (3,), keyword-only, optional
        The torque of :func:`simulate`: ``τ_body = torque_body + point_body × (R(q)ᵀ force_world)``.

    Returns
    -------
    ReferenceSolution
        ``t``, ``omega_body``, ``q``, ``inertia``, ``rtol``, ``steps`` (accepted), ``rejected``.

    Raises
    ------
    ValueError
        Naming the argument: a bad ``inertia``, ``omega0``, ``q0``, ``t`` (not 1-D, negative, decreasing),
        ``rtol`` (outside the range), a torque argument; a run longer than
        :data:`REFERENCE_MAX_PHASE` rad or needing more than :data:`REFERENCE_MAX_STEPS` steps
        (``t`` too long, ``rtol`` too small, or ``omega0`` or the torque too large); a blow-up.
    """
    rtol = _v.finite_scalar(rtol, "rtol")
    if not 1e-13 <= rtol <= 1e-3:
        raise ValueError(f"rtol must be between 1e-13 and 1e-3, got {rtol!r}")
    I = _inertia_array(inertia, invertible=True)
    torque = _torque_args(torque_body, force_world, point_body, "rk4")
    w0, qa, batch, n = _bodies(omega0, q0)
    times = _v.array(t, "t")
    if times.ndim != 1 or times.size == 0:
        raise ValueError(f"t must be a 1-D array of output times, got shape {times.shape}")
    if times[0] < 0 or np.any(np.diff(times) < 0):
        raise ValueError("t must be non-negative and non-decreasing (the integration runs from 0 to t[-1])")
    t_end = float(times[-1])
    with np.errstate(over="ignore", invalid="ignore"):
        w_scale = np.linalg.norm(np.atleast_2d(w0), axis=-1)
        reach = float(np.max(w_scale)) * t_end
    given = [name for name, v in (("torque_body", torque_body), ("force_world", force_world),
                                  ("point_body", point_body)) if v is not None]
    if not reach <= REFERENCE_MAX_PHASE:
        raise ValueError(f"t too long for this omega0: |omega0| t[-1] = {reach:.3g} rad, more than "
                         f"REFERENCE_MAX_PHASE = {REFERENCE_MAX_PHASE:g}")
    _v.result_size(times.size * 7 * n, "t", f"the reference at {times.size:,} times × {n:,} bodies × 7 numbers")
    I_full = np.diag(I) if I.shape == (3,) else I
    if not given:
        _foresee_reference_steps(I_full, w0, t_end, rtol)
    I_inv = np.diag(1.0 / I) if I.shape == (3,) else np.linalg.inv(I_full)     # principal moments: exact
    f = _reference_rates(I_full, I_inv, torque)
    y = np.concatenate([np.broadcast_to(w0, (n, 3)), np.broadcast_to(_q._unit(qa), (n, 4))], axis=1)
    scale = np.concatenate([np.broadcast_to(np.where(w_scale > 0, w_scale, 1.0)[:, None], (n, 3)),
                            np.ones((n, 4))], axis=1)
    out = np.empty((times.size, n, 7))
    names = ", ".join(["t", "rtol", "omega0", "inertia"] + given)

    def fail(why):
        return ValueError(f"{names}: the reference {why} by t = {tt:.4g} s (of t[-1] = {t_end:.4g} s); take a "
                          "shorter t, a larger rtol, or a smaller omega0 or torque (or a larger inertia)")

    def err_norm(e, y0, y1):
        sc = rtol * np.maximum(np.maximum(np.abs(y0), np.abs(y1)), scale)
        return float(np.max(np.sqrt(np.mean((e / sc) ** 2, axis=1))))

    with np.errstate(over="ignore", invalid="ignore", divide="ignore", under="ignore"):
        tt = 0.0
        k1 = f(y)
        # Initial step (Hairer, Nørsett & Wanner, §II.4, "starting step size").
        d0, d1 = err_norm(y * rtol, y, y), err_norm(k1 * rtol, y, y)
        h0 = 1e-6 if d0 < 1e-5 or d1 < 1e-5 else 0.01 * d0 / d1
        if not (np.all(np.isfinite(k1)) and np.isfinite(d1) and h0 > 0):
            raise fail("overflowed at the start")
        d2 = err_norm((f(y + h0 * k1) - k1) * rtol, y, y) / h0
        h1 = max(1e-6, h0 * 1e-3) if max(d1, d2) <= 1e-15 else (0.01 / max(d1, d2)) ** 0.2
        h = min(100 * h0, h1, t_end) if t_end > 0 else 0.0
        if not (np.isfinite(h) and h >= 0):
            raise fail("overflowed at the start")
        i_out = 0
        while i_out < times.size and times[i_out] == 0.0:
            out[i_out] = y
            i_out += 1
        steps = rejected = 0
        last_rejected = False
        while i_out < times.size:
            if steps + rejected >= REFERENCE_MAX_STEPS:
                raise fail(f"needed more than REFERENCE_MAX_STEPS = {REFERENCE_MAX_STEPS:,} steps")
            h = min(h, t_end - tt)
            k = [k1]
            for i in range(1, 7):
                k.append(f(y + h * sum(a * kj for a, kj in zip(_DP_A[i], k) if a)))
            y_new = y + h * sum(b * kj for b, kj in zip(_DP_A[6], k) if b)
            # k[6] = f(y_new) (first same as last)
            err = err_norm(h * sum(e * kj for e, kj in zip(_DP_E, k) if e), y, y_new)
            if not np.isfinite(err) or not np.all(np.isfinite(y_new)):
                if h < 1e-12 * max(1.0, tt):
                    raise fail("blew up (ω overflowed)")
                h *= 0.2
                rejected += 1
                last_rejected = True
                continue
            if err > 1.0:
                h *= max(0.2, 0.9 * err ** -0.2)
                rejected += 1
                last_rejected = True
                continue
            t_new = tt + h if t_end - (tt + h) > 1e-12 * t_end else t_end
            # dense output on [tt, t_new] (Hairer's CONTD5)
            j = i_out
            while j < times.size and times[j] <= t_new:
                j += 1
            if j > i_out:
                dy = y_new - y
                b = h * k[0] - dy
                r4 = dy - h * k[6] - b
                r5 = h * sum(d * kj for d, kj in zip(_DP_D, k) if d)
                th = ((times[i_out:j] - tt) / h)[:, None, None]
                th1 = 1.0 - th
                out[i_out:j] = y + th * (dy + th1 * (b + th * (r4 + th1 * r5)))
                i_out = j
            tt, y, k1 = t_new, y_new, k[6]
            steps += 1
            growth = min(5.0, max(0.2, 0.9 * err ** -0.2)) if err > 0 else 5.0
            h *= min(1.0, growth) if last_rejected else growth
            last_rejected = False
    omega = out[:, :, :3]
    q = out[:, :, 3:] / np.linalg.norm(out[:, :, 3:], axis=-1, keepdims=True)
    if not batch:
        omega, q = omega[:, 0], q[:, 0]
    omega, q, times, I = np.array(omega), np.array(q), np.array(times), np.array(I)
    for a in (omega, q, times, I):
        a.setflags(write=False)
    return ReferenceSolution(t=times, omega_body=omega, q=q, inertia=I, rtol=rtol, steps=steps, rejected=rejected)
