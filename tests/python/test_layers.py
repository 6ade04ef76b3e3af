"""Layout rules. The layer rule (docs/architecture.md, "Layers"): every
#include in src/ and include/cunum/ points to its own layer or one below, and,
when the tests run against a build tree, no compiled object of the library
uses a function defined in a higher layer (scripts/check_layers.py does the
work). And the ndarray's methods are attached in one place."""
import pathlib
import re
import subprocess
import sys

import pytest

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


# Note [ndarray methods in one place] (python/cunum/_ndarray.py): only that
# module attaches attributes to cunum.ndarray.
_PY_PATCH = re.compile(r"^\s*(?:nd|ndarray|_core\.ndarray)\.\w+\s*=(?!=)|setattr\(\s*(?:nd|ndarray)\b", re.M)
_CPP_PATCH = re.compile(r"setattr\(\s*(?:nd|cls|m\.attr\(\"ndarray\"\))\b")


def test_ndarray_methods_are_attached_in_one_place():
    offenders = []
    for path in sorted((ROOT / "python" / "cunum").rglob("*.py")):
        if path.name == "_ndarray.py":
            continue
        for m in _PY_PATCH.finditer(path.read_text()):
            offenders.append(f"{path.relative_to(ROOT)}: {m.group(0).strip()}")
    for path in sorted((ROOT / "python" / "src").glob("*.cpp")):
        for m in _CPP_PATCH.finditer(path.read_text()):
            offenders.append(f"{path.relative_to(ROOT)}: {m.group(0).strip()}")
    assert not offenders, offenders


@pytest.mark.skipif(getattr(cunum, "__numpy_shim__", False), reason="cunum's own module layout (the suite is running against NumPy)")
def test_every_numpy_method_is_attached():
    # The methods _ndarray.py attaches from other modules are there, as the
    # very objects (no extra Python frame for the C++ reductions).
    nd = cunum.ndarray
    for name, fn in cunum._core._reduction_methods.items():
        assert nd.__dict__[name] is fn, name
    for name in ("ravel", "flatten", "swapaxes", "squeeze", "argmax", "argmin", "sum", "mean",
                 "astype", "reshape", "transpose", "copy", "item", "tolist", "get"):
        assert callable(getattr(nd, name)), name
