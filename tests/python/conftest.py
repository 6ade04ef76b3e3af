"""pytest configuration for the cunum Python tests.

* Makes ``import cunum`` work from a build tree: if cunum is not importable,
  ``$CUNUM_BUILD_PYTHON`` or else the freshest of ``<repo>/build/python`` and
  ``<repo>/build/*/python`` (the one whose ``cunum/_core*.so`` is newest) is
  put on ``sys.path``.
* ``CUNUM_TEST_WITH_NUMPY=1`` runs the whole suite against NumPy itself
  (``import cunum`` yields a thin NumPy shim, see ``_numpy_shim.py``): a way to
  check the tests' expectations about NumPy without the engine.
* The ``device`` fixture runs a test once per available device ("cpu", and
  "cuda" when ``cn.cuda.is_available()``) inside ``with cn.Device(device):``.
"""
import os
import sys
import zlib
from pathlib import Path

import numpy
import pytest

_HERE = Path(__file__).resolve().parent

_WITH_NUMPY = os.environ.get("CUNUM_TEST_WITH_NUMPY", "")
if _WITH_NUMPY == "1" or _WITH_NUMPY.startswith("broken:"):
    sys.path.insert(0, str(_HERE))
    from _numpy_shim import make_shim

    sys.modules["cunum"] = make_shim(_WITH_NUMPY.partition(":")[2] or None)
else:
    try:
        import cunum  # noqa: F401
    except ImportError:
        _env = os.environ.get("CUNUM_BUILD_PYTHON")
        if _env:
            sys.path.insert(0, _env)
        else:
            _build = _HERE.parents[1] / "build"
            _found = []
            for _d in [_build / "python", *sorted(_build.glob("*/python"))]:
                _sos = [*(_d / "cunum").glob("_core*.so"), *(_d / "cunum").glob("_core*.pyd")]
                if _sos:
                    _found.append((max(p.stat().st_mtime for p in _sos), str(_d)))
            if _found:
                sys.path.insert(0, max(_found)[1])
        import cunum  # noqa: F401  -- fail loudly: the suite is meaningless without it

import cunum as cn  # noqa: E402

from helpers import devices  # noqa: E402


@pytest.fixture(params=devices())
def device(request):
    """Run the test with ``cn.Device(<param>)`` as the current device."""
    with cn.Device(request.param):
        yield request.param


@pytest.fixture
def rng(request):
    """A NumPy Generator seeded from the test's id (reproducible per test)."""
    return numpy.random.default_rng(zlib.crc32(request.node.nodeid.encode()))


def pytest_report_header(config):
    if getattr(cn, "__numpy_shim__", False):
        return "cunum: NumPy shim (CUNUM_TEST_WITH_NUMPY=1) -- checking the tests themselves"
    return f"cunum: {getattr(cn, '__file__', '?')}; devices: {devices()}"


def pytest_collection_modifyitems(config, items):
    """``CUNUM_TEST_SAMPLE=K`` keeps one test in K (chosen by a hash of its id,
    so the same ones each run): for runs where every test costs a lot, such as
    scripts/gpu_sanitize.sh under compute-sanitizer. ``CUNUM_TEST_SHARD=j``
    (0 <= j < K, default 0) picks which one: runs with j = 0 … K-1 together
    cover the whole suite once. ``CUNUM_TEST_SHARD=8,9,10`` runs several."""
    k = int(os.environ.get("CUNUM_TEST_SAMPLE", "1") or 1)
    if k > 1:
        shards = {int(j) % k for j in (os.environ.get("CUNUM_TEST_SHARD", "0") or "0").split(",")}
        keep = [it for it in items if zlib.crc32(it.nodeid.encode()) % k in shards]
        config.hook.pytest_deselected(items=[it for it in items if zlib.crc32(it.nodeid.encode()) % k not in shards])
        items[:] = keep
