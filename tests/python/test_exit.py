"""The interpreter exits cleanly after using cunum (issue 7's crash at exit).

Python objects that cunum's C++ code keeps (Note [Python objects in static
storage], python/src/convert.cpp) must never be released by a C++ static
destructor, which runs after the interpreter has finalized. These tests run
the code paths that cache such objects in a fresh interpreter, on every
device, and require exit status 0 with nothing fatal on stderr. The pytester
case is the smallest reproducer found: it aborted with status 134.
"""
import os
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
# OutOfMemoryError type), ufunc keywords, repr through NumPy's printer.
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
""")


def _run(args, cwd, device):
    env = dict(os.environ, CUNUM_DEVICE=device, PYTHONPATH=os.pathsep.join(
        p for p in [os.path.dirname(os.path.dirname(cn.__file__)),
                    os.environ.get("PYTHONPATH", "")] if p))
    return subprocess.run([sys.executable, *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=300)


def _check(r):
    assert r.returncode == 0, f"exit status {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    assert "Fatal Python error" not in r.stderr, r.stderr


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
