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

One job per module (each public name is imported here: ``rbteach.dynamics.simulate`` and the rest are
unchanged): :mod:`.equations` (Euler's equations, L and T), :mod:`.explicit` (the Euler, semi-implicit Euler
and RK4 steps, free and torqued), :mod:`.splitting`, :mod:`.midpoint`, :mod:`.rkmk4`, :mod:`.rk4_dcm` (one
method each), :mod:`.batch` (running a step over many steps and bodies), :mod:`.integrate`
(:func:`simulate`), :mod:`.trajectory` (:class:`Trajectory`), :mod:`.dormand_prince` (:func:`reference`)
and :mod:`.work` (:func:`.work.work_per_step`: counting a step's work).
"""

from __future__ import annotations

from . import batch, dormand_prince, equations, explicit, integrate, midpoint, rk4_dcm, rkmk4, splitting, trajectory
from .equations import euler_rhs, angular_momentum, kinetic_energy
from .trajectory import Trajectory
from .integrate import METHODS, TORQUE_METHODS, simulate
from . import work
from .dormand_prince import REFERENCE_MAX_STEPS, REFERENCE_MAX_PHASE, ReferenceSolution, reference

__all__ = [
    "euler_rhs", "kinetic_energy", "angular_momentum", "simulate", "Trajectory", "METHODS", "TORQUE_METHODS",
    "reference", "ReferenceSolution", "REFERENCE_MAX_STEPS", "REFERENCE_MAX_PHASE",
]
