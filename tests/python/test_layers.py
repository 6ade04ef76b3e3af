"""The layer rule (docs/architecture.md, "Layers"): every #include in src/ and
include/cunum/ points to its own layer or one below, and, when the tests run
against a build tree, no compiled object of the library uses a function
defined in a higher layer. scripts/check_layers.py does the work."""
import pathlib
import subprocess
import sys

import cunum

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "check_layers.py"


def _run(*args):
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True)


def test_every_include_points_down():
    r = _run()
    assert r.returncode == 0, r.stderr


def test_no_object_uses_a_higher_layer():
    # build/<dir>/python/cunum/_core*.so -> build/<dir>
    build = pathlib.Path(cunum._core.__file__).resolve().parents[2]
    if not (build / "CMakeFiles" / "cunum.dir").is_dir():
        import pytest
        pytest.skip("cunum was not imported from a CMake build tree")
    r = _run("--objects", str(build))
    assert r.returncode == 0, r.stderr
