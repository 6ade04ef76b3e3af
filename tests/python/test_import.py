"""`import cunum` stays light: it must not import NumPy (Note [Lazy NumPy]
in cunum/__init__.py; NumPy costs 90-300 ms), and the names that need NumPy
load it at their first use. Run in a fresh interpreter."""
import os
import subprocess
import sys

from helpers import requires_cunum


def _run(code):
    env = dict(os.environ)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)


@requires_cunum
def test_import_does_not_load_numpy():
    p = _run("import sys, cunum, cunumx\n"
             "assert 'numpy' not in sys.modules, sorted(m for m in sys.modules if m.startswith('numpy'))\n"
             "x = cunum.arange(4) * 2\n"
             "assert int(x.sum()) == 12\n"
             "print('ok')")
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr


@requires_cunum
def test_lazy_names_load_on_use():
    p = _run("import sys, cunum\n"
             "assert cunum.random.default_rng(1).random(3).shape == (3,)\n"
             "assert cunum.float32 is __import__('numpy').float32\n"
             "assert cunum.mean(cunum.arange(4.0)).item() == 1.5\n"
             "assert cunum.exceptions.AxisError is __import__('numpy').exceptions.AxisError\n"
             "assert 'random' in dir(cunum)\n"
             "print('ok')")
    assert p.returncode == 0 and p.stdout.strip() == "ok", p.stderr
