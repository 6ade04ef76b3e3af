"""The interpreter exits cleanly after using cunum (issue 7's crash at exit).

Python objects that cunum's C++ code keeps (Note [Python objects in static
storage], python/src/convert.cpp) must never be released by a C++ static
destructor, which runs after the interpreter has finalized. These tests run
the code paths that cache such objects in a fresh interpreter, on every
device, and require exit status 0 with nothing fatal on stderr and no
nanobind leak report (Note [Module globals at teardown]). The pytester case
is the smallest reproducer found: it aborted with status 134.
"""
import os
import re
import subprocess
import sys
import textwrap

import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM, devices

pytestmark = pytest.mark.skipif(USING_NUMPY_SHIM, reason="runs cunum's own extension")

# Every path that keeps a Python object beyond one call: the Python-side
# converters (lists, NumPy arrays, NumPy scalars, dtype objects), the numpy.dtype
# table (x.dtype, asnumpy), the exception translator (AxisError, the
# OutOfMemoryError type), ufunc keywords, repr through NumPy's printer; and
# (exercise_more) the paths that keep arrays or C++ objects between calls.
_EXERCISE = textwrap.dedent("""
    import numpy as np
    import cunum as cn

    def exercise(device):
        with cn.Device(device):
            x = cn.asarray([1.0, 2.0, 3.0])
            y = cn.asarray(np.arange(3, dtype=np.int16))
            z = cn.add(x, y, out=cn.empty(3), casting="same_kind")
            assert str(z.dtype) == "float64" and float(z.sum()) == 9.0
            assert float(cn.ones(3).sum()) == 3
            w = x.astype("f4") * np.float32(2)
            assert cn.asnumpy(w).dtype == np.float32
            repr(w); str(cn.zeros((2, 2), dtype=cn.complex64))
            try:
                x.sum(axis=3)
            except np.exceptions.AxisError:
                pass
            assert issubclass(cn.cuda.OutOfMemoryError, MemoryError)
            exercise_more(x, device)

    def exercise_more(x, device):
        # the paths that keep Python objects or arrays between calls: list
        # indices and values (the C++ side's cached converters), the legacy
        # random state, generators, linalg, fft plans, user kernels, fusion,
        # DLPack, the cuda module's pools and devices, Dask when installed
        import cunum._convert
        x[[0, 1]]; x[np.array([0, 2])] = [5.0, 6.0]; cn.take(x, [0, 1]); x[[True, False, True]]
        cn.random.seed(1); cn.random.rand(3); cn.random.default_rng(2).standard_normal((3, 3))
        a = cn.random.default_rng(0).standard_normal((4, 4)) + 4 * cn.eye(4)
        cn.linalg.solve(a, cn.ones(4)); cn.linalg.inv(a); cn.linalg.eigh(a @ a.T)
        # svd of a matrix over 32 columns: cuSOLVER's Jacobi routine, whose
        # state is kept with the handle (gesvd, taken for small ones, reads
        # memory it never wrote: a vendor report that initcheck, run here
        # without host backtraces, could not tell from ours)
        cn.linalg.svd(cn.random.default_rng(1).standard_normal((40, 40)))
        cn.fft.fft(x); cn.fft.rfftn(cn.ones((4, 4)))
        cn.ElementwiseKernel("T x", "T y", "y = x * 2", "exit_double")(x)
        cn.ReductionKernel("T x", "T y", "x", "a + b", "y = a", "0", "exit_sum")(x)
        cn.fuse(lambda p, q: p * q + 1)(x, x)
        if device == "cpu":
            np.from_dlpack(x)  # NumPy imports host memory only
        cn.from_dlpack(np.ones(3))
        cn.cuda.runtime.getDeviceCount(); cn.cuda.Device(0); cn.cuda.MemoryPool()
        if device != "cpu":
            cn.get_default_memory_pool().used_bytes(); cn.cuda.get_current_stream()
            with cn.cuda.Stream():
                x + 1
        # an array in the globals of a module only imported `from` (its
        # module object goes before the teardown's end: Note [Module
        # globals at teardown] in python/src/convert.cpp)
        cunum._convert._exit_test_array = cn.ones(2)
        try:
            import dask.array as da
        except ImportError:
            return
        float(da.from_array(x, chunks=2).sum().compute())
""")


def _run(args, cwd, device, **extra_env):
    env = dict(os.environ, CUNUM_DEVICE=device, **extra_env, PYTHONPATH=os.pathsep.join(
        p for p in [os.path.dirname(os.path.dirname(cn.__file__)),
                    os.environ.get("PYTHONPATH", "")] if p))
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _check(r):
    assert r.returncode == 0, f"exit status {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    assert "Fatal Python error" not in r.stderr, r.stderr
    # objects alive past the teardown (nanobind's report at exit)
    assert "nanobind: leaked" not in r.stderr, r.stderr


@pytest.mark.parametrize("device", devices())
def test_script_exits_cleanly(device, tmp_path):
    (tmp_path / "exercise.py").write_text(_EXERCISE)
    (tmp_path / "main.py").write_text(f"from exercise import exercise\nexercise({device!r})\nprint('ok')\n")
    r = _run(["main.py"], tmp_path, device)
    _check(r)
    assert r.stdout.strip() == "ok"


@pytest.mark.parametrize("device", devices())
def test_pytest_with_pytester_exits_cleanly(device, tmp_path):
    (tmp_path / "conftest.py").write_text('pytest_plugins = ["pytester"]\n')
    (tmp_path / "exercise.py").write_text(_EXERCISE)
    (tmp_path / "test_a.py").write_text(
        f"from exercise import exercise\ndef test_a():\n    exercise({device!r})\n")
    r = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "."], tmp_path, device)
    _check(r)
    assert "1 passed" in r.stdout


def test_exit_probe_finds_what_holds_an_array(tmp_path):
    # scripts/exit_probe.py (the tool for the leak seen under compute-sanitizer,
    # docs/reliability.md) names the one array the exercise leaves in a
    # module's globals on purpose
    probe = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "scripts", "exit_probe.py")
    r = _run([probe], tmp_path, "cpu")
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
    assert "[probe] __dict__ of builtins.module cunum._convert: ['ndarray']" in r.stderr, r.stderr
    assert "[probe] containers holding cunum objects: 1" in r.stderr, r.stderr


def test_frame_leak_steps_see_a_frame_kept_alive(tmp_path):
    # scripts/frame_leak_steps.py (how the leak under compute-sanitizer was
    # traced to the tool's host backtraces): plainly no step leaves a frame,
    # and a frame kept on purpose (FRAME_LEAK_KEEP=1: one step stores its own
    # frame) is found, with its one holder
    steps = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "scripts", "frame_leak_steps.py")
    r = _run([steps], tmp_path, "cpu")
    assert r.returncode == 0 and r.stdout.strip().endswith("ok"), r.stderr
    assert "new frames" in r.stdout and not re.search(r": [1-9]\d* new frames", r.stdout), r.stdout
    r = _run([steps], tmp_path, "cpu", FRAME_LEAK_KEEP="1")
    assert "[step] s_keep: 1 new frames" in r.stdout, r.stdout
    assert re.search(r"s_keep frame_leak_steps\.py:\d+ references 1, visible holders \['list'\]", r.stdout), r.stdout
