"""``simulate``: one body or a batch with one of :data:`METHODS`, torque-free or with a torque
``τ_body = torque_body + point_body × (R(q)ᵀ force_world)`` (the forces-and-impulses article, §3 力の適用).
"""

from __future__ import annotations

import math
from array import array
import numpy as np

from .. import _validate as _v
from .. import quaternion as _q
from .batch import _run_components
from .equations import _euler_constants, _inertia_array, _principal
from .explicit import (
    _step_euler, _step_euler_torqued, _step_rk4, _step_rk4_torqued, _step_semi_implicit,
    _step_semi_implicit_torqued, _torque_constants,
)
from .midpoint import (
    _MIDPOINT_ITERATIONS, _NoConvergence, _done_batch, _done_float, _finite_batch, _isfinite, _step_midpoint,
)
from .rk4_dcm import _rk4_dcm_states
from .rkmk4 import _step_rkmk4
from .splitting import _step_splitting, _step_splitting4
from .trajectory import Trajectory

__all__ = [
    "METHODS", "TORQUE_METHODS", "simulate",
]


#: The integrators :func:`simulate` knows (see the module docstring).
METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm", "splitting", "splitting4", "implicit-midpoint", "rkmk4")


#: The methods that take a torque (the others are torque-free: see :func:`simulate`).
TORQUE_METHODS = ("euler", "semi-implicit-euler", "rk4", "rk4-dcm")


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
