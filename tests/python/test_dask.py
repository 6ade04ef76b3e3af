"""Dask arrays on cunum chunks (docs/dask.md): the "cunum" array backend
found through the package's entry point, Dask's dispatch registrations,
pickling, and the common operations on Dask's threaded scheduler and on a
dask.distributed LocalCluster of two worker processes. The oracle is the
same Dask graph on NumPy chunks."""
import importlib.metadata
import os
import pickle
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import numpy
import pytest

import cunum as cn
from helpers import USING_NUMPY_SHIM, assert_same, devices

da = pytest.importorskip("dask.array")  # scripts/test.sh and .ci/run install dask[array]
dask = pytest.importorskip("dask")

pytestmark = pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's Dask backend")

F32, F64, I32, I64, C64 = (numpy.dtype(n) for n in ("float32", "float64", "int32", "int64", "complex64"))


@pytest.fixture
def threaded(device):
    """Dask's threaded scheduler whose worker threads make new arrays on the
    test's device (a thread's default device is its own: a pool initializer
    sets it)."""
    pool = ThreadPoolExecutor(2, initializer=lambda: cn.Device(device).use())
    with dask.config.set(scheduler="threads", pool=pool):
        yield device
    pool.shutdown()


def on_device(x, device):
    assert isinstance(x, cn.ndarray), type(x)
    assert str(x.device).startswith(device), (x.device, device)


def data(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    if dtype.kind in "iu":
        return rng.integers(-50 if dtype.kind == "i" else 0, 50, shape).astype(dtype)
    a = rng.standard_normal(shape)
    if dtype.kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    return a.astype(dtype)


def _refuse_host_copy(self, *args, **kwargs):
    # Chunks never leave cunum while Dask builds and computes: NumPy's
    # coercion of a cunum array (ndarray.__array__, a copy to the host)
    # raises inside the tests that patch it in.
    raise AssertionError("a cunum chunk was converted to NumPy")


def pair(a, chunks):
    """The same Dask array on NumPy chunks and on cunum chunks."""
    return da.from_array(a, chunks=chunks), da.from_array(cn.asarray(a), chunks=chunks)


# ---------------------------------------------------------------- the backend


def test_entry_points_name_cunum():
    """pyproject.toml's entry points, as importlib.metadata (and so Dask) sees
    them in this environment (an installed wheel, or the build tree's
    dist-info written by scripts/build_tree_metadata.py)."""
    from dask.array.backends import ArrayBackendEntrypoint
    eps = {ep.name: ep for ep in importlib.metadata.entry_points(group="dask.array.backends")}
    assert "cunum" in eps
    cls = eps["cunum"].load()
    assert issubclass(cls, ArrayBackendEntrypoint)


def _run(code):
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})


def test_imports_stay_apart():
    _run("import sys, cunum; assert not [m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')]")
    _run("import sys, dask, dask.array, distributed; assert 'cunum' not in sys.modules")


def test_import_cunum_after_dask_registers():
    """dask.array first, then cunum: cunum registers itself at import (no
    backend configured), so a cunum chunk is a chunk type Dask handles."""
    code = ("import dask.array as da, dask.array.chunk_types as ct, cunum, numpy\n"
            "assert cunum.ndarray in ct._HANDLED_CHUNK_TYPES\n"
            "x = da.from_array(cunum.arange(4.0), chunks=2) + cunum.ones(4)\n"
            "assert isinstance(x.compute(), cunum.ndarray), type(x.compute())\n"
            "from dask.sizeof import sizeof\n"
            "assert sizeof(cunum.ones(1000)) == 8000\n")
    _run(code)


def test_unpickling_registers():
    """A process that meets cunum arrays first through pickles (a
    dask.distributed worker): unpickling imports cunum, which registers with
    the Dask already loaded."""
    import cunum._dask  # noqa: F401
    s = pickle.dumps(cn.arange(3))
    _run("import pickle, sys, dask.array.chunk_types as ct\n"
         "assert 'cunum' not in sys.modules\n"
         f"x = pickle.loads({s!r})\n"
         "import cunum\n"
         "assert cunum.ndarray in ct._HANDLED_CHUNK_TYPES\n"
         "from dask.sizeof import sizeof\n"
         "assert sizeof(cunum.ones(10, dtype='f4')) == 40\n")


def test_dask_array_imported_after_cunum_registers():
    """cunum first, dask.array later (a worker whose first tasks make their
    own chunks): the import hook registers when dask.array has loaded."""
    _run("import sys, cunum\n"
         "assert 'dask' not in sys.modules\n"
         "import dask.array as da, dask.array.chunk_types as ct\n"
         "assert cunum.ndarray in ct._HANDLED_CHUNK_TYPES\n"
         "x = da.from_array(cunum.arange(8.0), chunks=3)\n"
         "assert type(x.var().compute()) is cunum.ndarray\n")


@pytest.mark.parametrize("make, want", [
    (lambda: da.ones((7, 5), chunks=(3, 2), dtype="f4"), numpy.ones((7, 5), "f4")),
    (lambda: da.zeros((7, 5), chunks=(3, 2), dtype="i8"), numpy.zeros((7, 5), "i8")),
    (lambda: da.full((6,), 2.5, chunks=4), numpy.full((6,), 2.5)),
    (lambda: da.full((2, 3), 7, chunks=1, dtype="u2"), numpy.full((2, 3), 7, "u2")),
    (lambda: da.arange(3, 40, 3, chunks=5), numpy.arange(3, 40, 3)),
    (lambda: da.arange(10, chunks=4, dtype="f4"), numpy.arange(10, dtype="f4")),
    (lambda: da.ones_like(da.ones((4, 4), chunks=2), dtype="c8"), numpy.ones((4, 4), "c8")),
], ids=["ones", "zeros", "full", "full-u2", "arange", "arange-f4", "ones_like"])
def test_backend_creation(threaded, make, want, monkeypatch):
    monkeypatch.setattr(cn.ndarray, "__array__", _refuse_host_copy)
    with dask.config.set({"array.backend": "cunum"}):
        x = make()
    assert isinstance(x._meta, cn.ndarray)
    got = x.compute()
    monkeypatch.undo()
    on_device(got, threaded)
    assert_same(want, got, exact=True)


def test_backend_empty(threaded):
    with dask.config.set({"array.backend": "cunum"}):
        x = da.empty((5, 4), chunks=(2, 4), dtype="f8")
    assert isinstance(x._meta, cn.ndarray)
    got = x.compute()
    on_device(got, threaded)
    assert got.shape == (5, 4) and got.dtype == F64


def test_backend_random(threaded, monkeypatch):
    monkeypatch.setattr(cn.ndarray, "__array__", _refuse_host_copy)
    with dask.config.set({"array.backend": "cunum"}):
        x = da.random.random((4000,), chunks=1000)
        s1 = da.random.RandomState(5).normal(2.0, 3.0, size=(3000,), chunks=700)
        s2 = da.random.RandomState(5).normal(2.0, 3.0, size=(3000,), chunks=700)
        g = da.random.default_rng(7).standard_normal((2000,), chunks=500)
    for a in (x, s1, g):
        assert isinstance(a._meta, cn.ndarray)
    u, v1, v2, vg = x.compute(), s1.compute(), s2.compute(), g.compute()
    monkeypatch.undo()
    on_device(u, threaded)
    hu = cn.asnumpy(u)
    assert hu.dtype == F64 and hu.min() >= 0 and hu.max() < 1 and abs(hu.mean() - 0.5) < 0.03
    a, b = cn.asnumpy(v1), cn.asnumpy(v2)
    numpy.testing.assert_array_equal(a, b)  # a seed gives the same chunks again
    assert abs(a.mean() - 2.0) < 0.3 and abs(a.std() - 3.0) < 0.3
    assert len(numpy.unique(a)) == a.size  # the chunks are not copies of one another
    hg = cn.asnumpy(vg)
    assert abs(hg.mean()) < 0.1 and abs(hg.std() - 1) < 0.1


def test_backend_properties():
    from dask.array.backends import array_creation_dispatch
    be = array_creation_dispatch.dispatch("cunum")
    assert be.RandomState is cn.random.RandomState
    assert be.default_bit_generator is cn.random.Philox


def test_to_backend(threaded):
    a = data((9, 4), F32)
    x = da.from_array(a, chunks=(4, 2))
    y = x.to_backend("cunum")
    assert isinstance(y._meta, cn.ndarray)
    got = y.compute()
    on_device(got, threaded)
    assert_same(a, got, exact=True)
    assert y.to_backend("cunum") is y
    back = y.to_backend("numpy")
    assert isinstance(back._meta, numpy.ndarray)
    h = back.compute()
    assert type(h) is numpy.ndarray
    numpy.testing.assert_array_equal(h, a)


def test_sizeof_counts_the_data(device):
    from dask.sizeof import sizeof
    assert sizeof(cn.ones((1000, 3), dtype="f4")) == 12000
    assert sizeof(cn.ones((1000, 3), dtype="c16")[::2]) == 500 * 3 * 16


# ---------------------------------------------------------------- pickling


@pytest.mark.parametrize("dtype", ["bool", "int8", "uint64", "float16", "float32", "float64", "complex128"])
def test_pickle_round_trip(device, dtype):
    dt = numpy.dtype(dtype)
    a = data((6, 5), dt) if dt.kind != "b" else data((6, 5), I32) > 0
    x = cn.asarray(a)
    for src, want in ((x, a), (x.T, a.T), (x[::2, 1:], a[::2, 1:]), (x[0, 0], a[0, 0]), (x[:0], a[:0])):
        for proto in (2, 5):
            y = pickle.loads(pickle.dumps(src, protocol=proto))
            on_device(y, device)
            assert_same(numpy.asarray(want), y, exact=True)


def test_pickle_protocol5_buffers_out_of_band(device):
    """dask.distributed pickles with protocol 5 and ships buffers apart: the
    data leaves as one buffer, not inside the pickle stream."""
    x = cn.arange(100000, dtype="f8")
    buffers = []
    s = pickle.dumps(x, protocol=5, buffer_callback=buffers.append)
    assert len(s) < 1000 and sum(memoryview(b).nbytes for b in buffers) == 800000
    y = pickle.loads(s, buffers=buffers)
    on_device(y, device)
    assert_same(numpy.arange(100000, dtype="f8"), y, exact=True)


def test_unpickle_lands_on_the_current_device(device):
    """A CUDA array unpickles on the unpickling thread's current CUDA device;
    a CPU array stays on the CPU (Note [Pickling arrays])."""
    x = cn.arange(5)
    s = pickle.dumps(x)
    for dev in devices():
        with cn.Device(dev):
            y = pickle.loads(s)
        assert str(y.device).startswith(device)  # the kind it was pickled from
    if device == "cuda":
        assert str(pickle.loads(s).device) == f"cuda:{cn.cuda.Device().id}"


# ---------------------------------------------------------------- operations


def _ops():
    # name: (function of (xp-namespace dask array, second array), dtypes)
    f = [F32, F64]
    return {
        "add-mul": (lambda x, y: (x + 1) * y - x, [F32, F64, I32, I64, C64]),
        "sin": (lambda x, y: da.sin(x) + da.exp(y * 0.1), f),
        "where": (lambda x, y: da.where(x > y, x, y * 2), [F32, I64]),
        "sum": (lambda x, y: x.sum(), [F32, F64, I32, I64]),
        "sum-axis0": (lambda x, y: x.sum(axis=0), [F32, I64, C64]),
        "sum-axis1-keepdims": (lambda x, y: x.sum(axis=1, keepdims=True), [F64]),
        "mean": (lambda x, y: x.mean(), f + [I32]),
        "mean-axis0": (lambda x, y: x.mean(axis=0), f),
        "std": (lambda x, y: x.std(), f),
        "var-axis1": (lambda x, y: x.var(axis=1), f),
        "std-ddof1-axis0": (lambda x, y: x.std(axis=0, ddof=1), f),
        "max-axis0": (lambda x, y: x.max(axis=0), [F32, I32]),
        "min": (lambda x, y: x.min(), [F64]),
        "argmax": (lambda x, y: x.argmax(), [F32, I64]),
        "argmax-axis1": (lambda x, y: x.argmax(axis=1), [F32, I32]),
        "argmin-axis0": (lambda x, y: x.argmin(axis=0), [F64]),
        "nanmean": (lambda x, y: da.nanmean(da.where(x > 0.5, numpy.nan, x)), f),
        "matmul": (lambda x, y: x @ y.T, [F32, F64, C64]),
        "dot": (lambda x, y: da.dot(x.T, y), f),
        "tensordot": (lambda x, y: da.tensordot(x, y, axes=([1], [1])), [F64]),
        "einsum": (lambda x, y: da.einsum("ij,ij->i", x, y), [F64]),
        "rechunk": (lambda x, y: x.rechunk((5, 3)), [F32, I64]),
        "slice": (lambda x, y: x[2:9:2, ::-1], [F32, I64]),
        "fancy": (lambda x, y: x[[0, 7, 3, 3]], [F32]),
        "boolean-sum": (lambda x, y: (x > 0).sum(axis=0), [F32]),
        "map_blocks": (lambda x, y: x.map_blocks(lambda b: b * 2 + 1), [F32, I32]),
        "concatenate": (lambda x, y: da.concatenate([x, y], axis=1), [F32, I64]),
        "stack": (lambda x, y: da.stack([x, y], axis=0), [F64]),
        "transpose-reshape": (lambda x, y: x.T.reshape(-1), [F32]),
        "cumsum": (lambda x, y: x.cumsum(axis=0), [F64, I64]),
        "astype": (lambda x, y: x.astype("f8") / 3, [F32, I32]),
        "percentile": (lambda x, y: da.percentile(x.ravel(), [10, 50, 90]), [F64]),
    }


OPS = _ops()
# Dask's percentile merge calls np.array(list of 0-d chunk results, like=...):
# cunum.array of a list of cunum arrays goes through the host (a creation
# routine's limit, not the Dask path's); a few scalars per chunk.
HOST_COPIES = {"percentile"}
CASES = [pytest.param(name, dt, id=f"{name}-{dt}") for name, (_, dts) in OPS.items() for dt in dts]


@pytest.mark.parametrize("name, dtype", CASES)
def test_operations_threaded(threaded, name, dtype, monkeypatch):
    fn = OPS[name][0]
    a, b = data((11, 6), dtype, 1), data((11, 6), dtype, 2)
    (xn, xc), (yn, yc) = pair(a, (4, 3)), pair(b, (4, 3))
    want = fn(xn, yn)
    w = want.compute()
    with monkeypatch.context() as m:
        if name not in HOST_COPIES:
            m.setattr(cn.ndarray, "__array__", _refuse_host_copy)
        got = fn(xc, yc)
        assert isinstance(got._meta, cn.ndarray), type(got._meta)
        g = got.compute()
    on_device(g, threaded)
    rtol = 1e-4 if numpy.dtype(w.dtype).char in "fF" else None
    assert_same(w, g, rtol=rtol)


def test_dask_array_with_a_cunum_operand(threaded):
    """A cunum array inside a Dask expression: a registered chunk type, so
    Dask wraps it instead of deferring (dask.array.register_chunk_type)."""
    import cunum._dask
    cunum._dask.register()
    a = data((6, 4), F64)
    x = da.from_array(cn.asarray(a), chunks=3) + cn.asarray(a[0])
    assert isinstance(x, da.Array)
    assert_same(a + a[0], x.compute())


# ---------------------------------------------------------------- distributed


@pytest.fixture(scope="module", params=devices())
def cluster(request):
    """Two worker processes, one thread each, whose cunum default device is
    the parameter (CUNUM_DEVICE in the workers' environment)."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, worker_dashboard_address=None,
                                  env={"CUNUM_DEVICE": request.param}) as lc:
        with distributed.Client(lc) as client:
            yield client, request.param


# Two worker processes start in ~5 s each here: one cluster per device, and
# every distributed check in one test so pytest-xdist does not start more.
def test_distributed_local_cluster(cluster):
    client, device = cluster
    workers = sorted(client.scheduler_info()["workers"])
    assert len(workers) == 2

    # A cunum array made on one worker, used on the other: pickled and moved.
    made = client.submit(lambda n: cn.arange(n, dtype="f4") * 2, 1000, workers=[workers[0]], pure=False)
    used = client.submit(lambda x: (x.sum(), str(x.device), type(x).__name__), made,
                         workers=[workers[1]], pure=False)
    total, where, kind = used.result()
    assert kind == "ndarray" and where.startswith(device)
    assert_same(numpy.float32(999000.0), total)

    # The backend's creation and the common operations, chunks spread over both.
    # (The meta arrays made here travel with the graph: make them on the
    # workers' kind of device.)
    with cn.Device(device), dask.config.set({"array.backend": "cunum"}):
        x = da.random.default_rng(3).standard_normal((4000, 16), chunks=(500, 16), dtype="f4")
        ones = da.ones((4000, 16), chunks=(500, 16), dtype="f4")
    assert isinstance(x._meta, cn.ndarray)
    xh = cn.asnumpy(x.compute())  # the same values on the NumPy side
    xn = da.from_array(xh, chunks=(500, 16))
    onesn = da.ones((4000, 16), chunks=(500, 16), dtype="f4")
    exprs = [
        lambda x, o: x.mean(axis=0),
        lambda x, o: x.std(),
        lambda x, o: (x * o + 1).var(axis=1)[:50],
        lambda x, o: x.T @ x,
        lambda x, o: x.rechunk((1000, 8)).sum(axis=1)[::100],
        lambda x, o: x.argmax(axis=0),
        lambda x, o: da.concatenate([x[:100], o[:100]], axis=1).map_blocks(lambda b: b * 3).max(axis=0),
    ]
    got = dask.compute(*[e(x, ones) for e in exprs])
    want = dask.compute(*[e(xn, onesn) for e in exprs], scheduler="sync")
    for w, g in zip(want, got):
        on_device(g, device)
        assert_same(w, g, rtol=1e-3 if w.dtype == F32 else None)
    # Both workers ran cunum chunks.
    assert client.run(lambda: "cunum" in sys.modules) == {w: True for w in workers}


def test_example_dask_mean_std():
    """examples/dask_mean_std.py, small: its own check against NumPy passes."""
    pytest.importorskip("distributed")
    example = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "dask_mean_std.py")
    r = subprocess.run([sys.executable, example, "--gib", "0.02", "--chunk-mib", "1", "--budget-mib", "16"],
                       capture_output=True, text=True, timeout=300,
                       env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "check: OK" in r.stdout


# ------------------------------------------------------------ clean exit

_EXIT_PROGRAMS = {
    # cunum first, then Dask (the import hook registers), the threaded scheduler.
    "cunum-then-dask": """
        import cunum as cn
        import dask.array as da
        x = da.from_array(cn.arange(1000.0), chunks=100, asarray=False)
        assert float((x * 2).mean().compute()) == 999.0
        assert float(x.std().compute(scheduler="sync")) > 0
    """,
    # Dask first, then the backend entry point; an uncaught exception at the end
    # (its traceback keeps arrays alive into the interpreter's teardown).
    "backend-and-exception": """
        import dask
        import dask.array as da
        import cunum as cn
        with dask.config.set({"array.backend": "cunum"}):
            y = da.ones((100, 10), chunks=(25, 10))
            assert float(y.sum().compute()) == 1000.0
            m = y.mean(axis=0).compute()
            assert isinstance(m, cn.ndarray)
        def fail(a):
            raise KeyError("deliberate")
        fail(m)
    """,
}


@pytest.mark.parametrize("device", devices())
@pytest.mark.parametrize("program", sorted(_EXIT_PROGRAMS))
def test_exit_after_dask_has_no_leaks(program, device, tmp_path):
    """bench/bench_dask.py ended with nanobind's leak warnings: a program using
    Dask on cunum chunks exits with its own status and nothing on stderr
    about leaked objects (cunum._dask clears Dask's registries at exit)."""
    import textwrap
    code = textwrap.dedent(_EXIT_PROGRAMS[program])
    env = dict(os.environ, CUNUM_DEVICE=device, PYTHONPATH=os.pathsep.join(
        p for p in [os.path.dirname(os.path.dirname(cn.__file__)), os.environ.get("PYTHONPATH", "")] if p))
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                       timeout=300)
    want = 1 if "deliberate" in code else 0
    assert r.returncode == want, f"exit status {r.returncode}\nstdout:\n{r.stdout}\nstderr:\n{r.stderr}"
    assert "nanobind: leaked" not in r.stderr, r.stderr
    assert "Fatal Python error" not in r.stderr, r.stderr
    if want:
        assert "KeyError: 'deliberate'" in r.stderr
