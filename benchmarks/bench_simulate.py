"""Speed of rbteach.dynamics.simulate, measured side by side in one run (issue 2, "Speed").

    .venv/bin/python benchmarks/bench_simulate.py [--quick]

Case: I = (1, 2, 3), ω0 = (0.4, 0.8, 0.6), dt = 0.01, 3000 RK4 steps. Prints

* rbteach "rk4", one body (ms), against a reference written like 「回転運動のシミュレーション」 (2019)'s code, carried here (small numpy
  arrays per step, one Python function per derivative, 8 derivative calls per step), and the ratio;
* a batch of N = 10 000 bodies (body-steps per second);
* SciPy solve_ivp (DOP853) at the accuracy of rk4 (the tolerance is chosen so that its error against
  the exact ω = (cos t, sin t, 1) of I = (1, 1, 2), ω0 = (1, 0, 1) is no larger than rk4's), and the ratio;
* the cost per step of every method.

Targets (PASS/FAIL is printed; the exit code is 0 either way): one body ≤ 15 ms and ≥ 25× the
reference; batch ≥ 1e7 body-steps/s. Times are the best of several repeats (time.perf_counter).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rbteach import dynamics  # noqa: E402

I_ASYM = np.array([1.0, 2.0, 3.0])
W0 = np.array([0.4, 0.8, 0.6])
DT, STEPS = 0.01, 3000
N_BATCH, BATCH_STEPS = 10_000, 100


# --- a reference in the style of 「回転運動のシミュレーション」 (2019) (scalar-last quaternion, as the article writes it) ------------------

def _omega_differential(omega, inertia, inertia_inv):
    return -inertia_inv @ np.cross(omega, inertia @ omega)


def _quaternion_differential(omega, q):
    mat = np.array([[0, omega[2], -omega[1], omega[0]],
                    [-omega[2], 0, omega[0], omega[1]],
                    [omega[1], -omega[0], 0, omega[2]],
                    [-omega[0], -omega[1], -omega[2], 0]])
    return 0.5 * mat @ q


def _runge_kutta_quaternion(omega, q, inertia, inertia_inv, dt):
    k1 = _omega_differential(omega, inertia, inertia_inv)
    k2 = _omega_differential(omega + 0.5 * dt * k1, inertia, inertia_inv)
    k3 = _omega_differential(omega + 0.5 * dt * k2, inertia, inertia_inv)
    k4 = _omega_differential(omega + dt * k3, inertia, inertia_inv)
    l1 = _quaternion_differential(omega, q)
    l2 = _quaternion_differential(omega + 0.5 * dt * k1, q + 0.5 * dt * l1)
    l3 = _quaternion_differential(omega + 0.5 * dt * k2, q + 0.5 * dt * l2)
    l4 = _quaternion_differential(omega + dt * k3, q + dt * l3)
    omega = omega + 1 / 6 * (k1 + 2 * k2 + 2 * k3 + k4) * dt
    q = q + 1 / 6 * (l1 + 2 * l2 + 2 * l3 + l4) * dt
    return omega, q / np.linalg.norm(q)


def article_reference(moments, omega0, dt, steps):
    """Seed 003's calculate_rotation_quaternion for ``steps`` steps; returns ω (3, steps+1), q xyzw (4, steps+1)."""
    inertia = np.diag(moments)
    inertia_inv = np.linalg.inv(inertia)
    omega = np.zeros((3, steps + 1))
    q = np.zeros((4, steps + 1))
    omega[:, 0] = omega0
    q[:, 0] = [0.0, 0.0, 0.0, 1.0]
    for i in range(steps):
        omega[:, i + 1], q[:, i + 1] = _runge_kutta_quaternion(omega[:, i], q[:, i], inertia, inertia_inv, dt)
    return omega, q


# --- timing ---------------------------------------------------------------------------------------

def best_of(fn, repeats):
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times), statistics.median(times)


def verdict(ok):
    return "PASS" if ok else "FAIL"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    rep = 3 if args.quick else 9
    rep_slow = 2 if args.quick else 3

    print(f"rbteach simulate benchmark — Python {platform.python_version()}, numpy {np.__version__}, "
          f"{os.cpu_count()} CPUs, best (median) of repeats")
    print(f"case: I = {I_ASYM.tolist()}, omega0 = {W0.tolist()}, dt = {DT}, {STEPS} steps")

    # Same numbers first: the reference and rbteach must agree before they are timed.
    w_ref, q_ref = article_reference(I_ASYM, W0, DT, STEPS)
    tr = dynamics.simulate(I_ASYM, W0, dt=DT, steps=STEPS)
    agree = max(np.abs(tr.omega_body - w_ref.T).max(), np.abs(np.abs(tr.q[:, [1, 2, 3, 0]] * q_ref.T).sum(1) - 1).max())
    print(f"check: rbteach rk4 vs the article-style reference, max difference {agree:.1e}")

    t_one, m_one = best_of(lambda: dynamics.simulate(I_ASYM, W0, dt=DT, steps=STEPS), rep)
    t_ref, m_ref = best_of(lambda: article_reference(I_ASYM, W0, DT, STEPS), rep_slow)
    ratio = t_ref / t_one
    print(f"rbteach rk4, one body:           {t_one * 1e3:8.2f} ms  (median {m_one * 1e3:.2f})   "
          f"target <= 15 ms: {verdict(t_one <= 0.015)}")
    print(f"article-style reference:         {t_ref * 1e3:8.2f} ms  (median {m_ref * 1e3:.2f})")
    print(f"speed-up over the reference:     {ratio:8.1f} x                  target >= 25x: {verdict(ratio >= 25)}")

    rng = np.random.default_rng(0)
    W = rng.normal(size=(N_BATCH, 3))
    t_b, m_b = best_of(lambda: dynamics.simulate(I_ASYM, W, dt=DT, steps=BATCH_STEPS), rep_slow + 1)
    rate = N_BATCH * BATCH_STEPS / t_b
    print(f"rbteach rk4, batch N = {N_BATCH}:   {rate:8.3g} body-steps/s (median {N_BATCH * BATCH_STEPS / m_b:.3g}; "
          f"{BATCH_STEPS} steps)   target >= 1e7: {verdict(rate >= 1e7)}")

    # SciPy DOP853 at matching accuracy, on the exact case I = (1, 1, 2), ω0 = (1, 0, 1).
    from scipy.integrate import solve_ivp

    I_sym, w_sym = np.array([1.0, 1.0, 2.0]), np.array([1.0, 0.0, 1.0])
    sym = dynamics.simulate(I_sym, w_sym, dt=DT, steps=STEPS)
    t = sym.t
    exact = np.stack([np.cos(t), np.sin(t), np.ones_like(t)], axis=-1)
    err_rk4 = np.abs(sym.omega_body - exact).max()
    consts = dynamics.equations._euler_constants(I_sym)

    def rhs(_, y):
        return np.array(dynamics.equations._rates(*consts, *y))

    def dop(tol):
        return solve_ivp(rhs, (0.0, t[-1]), np.concatenate([w_sym, [1.0, 0.0, 0.0, 0.0]]), method="DOP853",
                         t_eval=t, rtol=tol, atol=tol)

    chosen = None
    for tol in (1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12):
        sol = dop(tol)
        err = np.abs(sol.y[:3].T - exact).max()
        if err <= err_rk4:
            chosen = (tol, err, sol.nfev)
            break
    if chosen is None:
        print("scipy DOP853: no tolerance down to 1e-12 reaches rk4's error")
    else:
        tol, err, nfev = chosen
        t_sp, m_sp = best_of(lambda: dop(tol), rep_slow)
        t_rk, _ = best_of(lambda: dynamics.simulate(I_sym, w_sym, dt=DT, steps=STEPS), rep)
        print(f"scipy DOP853 (rtol=atol={tol:.0e}): {t_sp * 1e3:8.2f} ms  (median {m_sp * 1e3:.2f}; {nfev} RHS calls; "
              f"max |ω err| {err:.1e} vs rk4 {err_rk4:.1e}); rbteach rk4 {t_rk * 1e3:.2f} ms, "
              f"{t_sp / t_rk:.1f}x faster than DOP853")

    print("cost per step, one body (20 000 steps):")
    for method in dynamics.METHODS:
        n = 2000 if method == "rk4-dcm" else 20_000
        t_m, _ = best_of(lambda: dynamics.simulate(I_ASYM, W0, dt=DT, steps=n, method=method), rep_slow)
        print(f"  {method:20s} {t_m / n * 1e6:8.2f} us/step" + ("  (2 000 steps)" if n == 2000 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
