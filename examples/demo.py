"""cunum demo: NumPy code, unchanged but for the import, on the default device.

Integrates sin on [0, pi] with the trapezoid rule, then runs an explicit 1-D
heat-equation solver, and prints the results next to NumPy's.
"""
import time

import numpy as np

import cunum as cn


def trapezoid_sin(xp, n):
    x = xp.linspace(0.0, xp.pi, n)
    y = xp.sin(x)
    h = x[1] - x[0]
    return h * (y[1:].sum() + y[:-1].sum()) / 2


def heat(xp, n, steps):
    # u_t = u_xx on [0, 1], u = 0 at both ends, a hot spot in the middle.
    x = xp.linspace(0.0, 1.0, n)
    u = xp.exp(-((x - 0.5) ** 2) / 0.002)
    dx = 1.0 / (n - 1)
    dt = 0.4 * dx * dx
    for _ in range(steps):
        u[1:-1] = u[1:-1] + dt / (dx * dx) * (u[2:] - 2 * u[1:-1] + u[:-2])
    return u


def main():
    print(f"cunum {cn.__version__}; arrays live on: {cn.get_default_device()}")
    t0 = time.perf_counter()
    integral = trapezoid_sin(cn, 1_000_001)
    u = heat(cn, 201, 500)
    elapsed = time.perf_counter() - t0
    ref_integral = trapezoid_sin(np, 1_000_001)
    ref_u = heat(np, 201, 500)
    print(f"integral of sin on [0, pi] = {float(integral):.12f}  (numpy: {ref_integral:.12f}, exact: 2)")
    print(f"heat: peak {float(u.max()):.6f} at x = {int(u.argmax()) / 200:.3f}, "
          f"mean {float(u.mean()):.6f}  (numpy peak {ref_u.max():.6f})")
    print(f"max |cunum - numpy| over the heat profile: {np.abs(cn.asnumpy(u) - ref_u).max():.2e}")
    print(f"device: {u.device}; cunum time {elapsed * 1e3:.1f} ms")
    assert abs(float(integral) - ref_integral) < 1e-9
    assert np.allclose(cn.asnumpy(u), ref_u, rtol=1e-12, atol=1e-12)


if __name__ == "__main__":
    main()
