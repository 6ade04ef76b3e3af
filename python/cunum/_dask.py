"""Dask arrays whose chunks are cunum arrays (docs/dask.md).

    import dask, dask.array as da
    dask.config.set({"array.backend": "cunum"})
    x = da.random.random((2**20, 64), chunks=(2**16, 64))   # cunum chunks
    x.mean(axis=0).compute()                                 # a cunum array

Dask finds this module through the "dask.array.backends" entry point of
cunum's package metadata (pyproject.toml), under the name "cunum". Importing
cunum never imports Dask, and importing Dask never imports cunum.

Note [Dask registrations]
Dask decides what to call on a chunk in two ways. Most chunk functions call
NumPy's (`np.sum`, `np.add`, `np.concatenate`): those reach cunum through
`ndarray.__array_ufunc__` / `__array_function__`. A few go through Dask's
type registries (`dask.array.dispatch`): there cunum registers its own
functions, lazily keyed on the top-level module "cunum" (Dask's
`register_lazy`), so nothing is looked up before Dask first meets a cunum
chunk. Without them Dask would fall back to its `object` entries, which
count elements in NumPy arrays (`numel_lookup`: a host array per chunk,
copied to the device again in `mean`) and have no percentile at all; and
Dask's sizeof would count a chunk as a small Python object.

Who registers: Dask's backend entry point (`array.backend` set to
"cunum"), else `register_loaded()`, which registers with whatever parts of
Dask are already imported and is called from `import cunum` and from the
unpickling of every cunum array until both parts are done (a
dask.distributed worker unpickles the chunks a task needs before running
it, and imports dask.array to unpickle the task), and, when cunum is
imported before dask.array, from an import hook (`_AfterDaskArray`) that
runs it once dask.array has loaded: a worker whose first tasks make their
own chunks unpickles no array before Dask counts them. No "dask.sizeof"
entry point: Dask loads those at `import dask`, which would import cunum
into every Dask process.
"""
import atexit
import sys

import cunum

_registered = False


def register():
    """Registers cunum's arrays with dask.array (idempotent): a chunk type Dask
    wraps and does not defer to, and cunum's functions in Dask's dispatch
    registries. Imports dask.array."""
    global _registered
    if _registered:
        return
    from dask.array import dispatch
    from dask.array.chunk_types import _HANDLED_CHUNK_TYPES, register_chunk_type
    if cunum.ndarray not in _HANDLED_CHUNK_TYPES:
        register_chunk_type(cunum.ndarray)
    register_sizeof()
    for name in ("concatenate_lookup", "take_lookup", "tensordot_lookup", "einsum_lookup",
                 "empty_lookup", "divide_lookup", "percentile_lookup", "numel_lookup",
                 "nannumel_lookup", "to_numpy_dispatch", "to_cupy_dispatch"):
        registry = getattr(dispatch, name, None)
        if registry is not None:  # older Dask lacks some
            registry.register_lazy("cunum", _register_dispatch)
    _registered = True


def _einsum(*operands, **kwargs):
    return cunum.einsum(*operands, **kwargs)


def _percentile(a, q, method="linear"):
    # Dask's own per-chunk percentile (it sorts out empty chunks and returns
    # the chunk's length beside the values); np.percentile inside reaches
    # cunum.percentile through __array_function__.
    from dask.array.percentile import _percentile as dask_percentile
    return dask_percentile(a, q, method)


def _to_numpy(data, **kwargs):
    return cunum.asnumpy(data, **kwargs)


def _to_cupy(data, **kwargs):
    # A CUDA array through __cuda_array_interface__ (no copy), a CPU one
    # through the host.
    import cupy
    if str(data.device) == "cpu":
        return cupy.asarray(cunum.asnumpy(data), **kwargs)
    return cupy.asarray(data, **kwargs)


_done_dispatch = False


def _register_dispatch():
    """Every registry's lazy entry for "cunum" (Dask calls it the first time a
    registry meets a cunum type, and again from each registry: only the first
    call registers)."""
    global _done_dispatch
    if _done_dispatch:
        return
    from dask.array import dispatch
    from dask.array.backends import _nannumel, _numel_arraylike
    nd = cunum.ndarray
    dispatch.concatenate_lookup.register(nd, cunum.concatenate)
    dispatch.take_lookup.register(nd, cunum.take)
    dispatch.tensordot_lookup.register(nd, cunum.tensordot)
    dispatch.einsum_lookup.register(nd, _einsum)
    dispatch.empty_lookup.register(nd, cunum.empty)
    dispatch.divide_lookup.register(nd, cunum.divide)
    dispatch.percentile_lookup.register(nd, _percentile)
    # The counts of mean/var stay cunum arrays on the chunk's device.
    dispatch.numel_lookup.register(nd, _numel_arraylike)
    dispatch.nannumel_lookup.register(nd, _nannumel)
    dispatch.to_numpy_dispatch.register(nd, _to_numpy)
    if hasattr(dispatch, "to_cupy_dispatch"):
        dispatch.to_cupy_dispatch.register(nd, _to_cupy)
    _done_dispatch = True


def to_cunum_dispatch(data, **kwargs):
    """Moves a chunk to cunum: a cunum array as it is, anything else (NumPy
    arrays, CuPy arrays through __cuda_array_interface__) through
    cunum.asarray. `Array.to_backend("cunum")` maps it over the blocks."""
    if isinstance(data, cunum.ndarray) and not kwargs:
        return data
    return cunum.asarray(data, **kwargs)


def _meta(meta):
    return cunum.empty(()) if meta is None else meta


def _entrypoint_class():
    from dask import config
    import dask.array as da
    from dask.array.backends import ArrayBackendEntrypoint

    def with_meta(attr, *args, meta=None, **kwargs):
        # dask.array's own creation functions with a cunum meta: every chunk
        # is made by cunum's ones_like/full_like/... (Dask's broadcast trick:
        # one element per chunk, broadcast to the chunk's shape).
        with config.set({"array.backend": "numpy"}):
            return getattr(da, attr)(*args, meta=_meta(meta), **kwargs)

    class CunumBackendEntrypoint(ArrayBackendEntrypoint):
        """dask.array's "cunum" backend: creation functions and random numbers
        make cunum chunks (on cunum's default device of the worker thread
        that runs the task)."""

        def __init__(self):
            register()

        @classmethod
        def to_backend_dispatch(cls):
            return to_cunum_dispatch

        @classmethod
        def to_backend(cls, data, **kwargs):
            if isinstance(data._meta, cunum.ndarray):
                return data
            return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

        @property
        def RandomState(self):  # noqa: N802  (Dask's name)
            return cunum.random.RandomState

        @property
        def default_bit_generator(self):
            return cunum.random.Philox

        @staticmethod
        def ones(*args, **kwargs):
            return with_meta("ones", *args, **kwargs)

        @staticmethod
        def zeros(*args, **kwargs):
            return with_meta("zeros", *args, **kwargs)

        @staticmethod
        def empty(*args, **kwargs):
            return with_meta("empty", *args, **kwargs)

        @staticmethod
        def full(*args, **kwargs):
            return with_meta("full", *args, **kwargs)

        @staticmethod
        def arange(*args, like=None, **kwargs):
            with config.set({"array.backend": "numpy"}):
                return da.arange(*args, like=_meta(like), **kwargs)

    return CunumBackendEntrypoint


def __getattr__(name):
    # The class derives from Dask's, so it is made when first asked for (the
    # entry point loads it by name), not when this module is imported.
    if name == "CunumBackendEntrypoint":
        cls = _entrypoint_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_sizeof_done = False


def register_sizeof():
    """Dask's sizeof (distributed's memory accounting, spilling) counts a
    cunum array as its nbytes, not as the few bytes of its Python object."""
    global _sizeof_done
    if _sizeof_done:
        return
    from dask.sizeof import sizeof
    sizeof.register(cunum.ndarray, lambda x: int(x.nbytes))
    _sizeof_done = True


class _AfterDaskArray:
    """A meta path finder that sees only the import of `dask.array` and runs
    register_loaded() when that package has executed; then it removes
    itself. Any other import costs one string comparison."""

    def find_spec(self, name, path=None, target=None):
        if name != "dask.array":
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(name, path, target)
            if spec is not None:
                break
        else:
            return None
        _remove_hook()
        loader = spec.loader
        if loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module):
            run(module)
            register_loaded()
        loader.exec_module = exec_module
        return spec


_hook = None


def install_import_hook():
    """Called by `import cunum` when dask.array is not loaded yet."""
    global _hook
    if _hook is None and "dask.array" not in sys.modules:
        _hook = _AfterDaskArray()
        sys.meta_path.insert(0, _hook)


def _remove_hook():
    if _hook in sys.meta_path:
        sys.meta_path.remove(_hook)


def _forget_cunum_types():
    """At interpreter exit (atexit): drop every reference Dask's registries
    hold to cunum's types and functions, and the import hook.

    Dask's `Dispatch` objects cache the implementation found for each type
    they meet (`_lookup[type] = impl`), so after a computation on cunum
    chunks many registries, not only the ones cunum registered with, hold
    `cunum.ndarray`; `_HANDLED_CHUNK_TYPES` holds it too. When those
    registries outlive cunum's extension module in the interpreter's
    teardown, nanobind reports the type and its methods as leaked
    ("nanobind: leaked ..." on stderr). Clearing them before the teardown
    starts makes the exit independent of the order modules are freed in."""
    _remove_hook()
    mods = sys.modules
    if "dask" not in mods:
        return
    try:
        from dask.utils import Dispatch
    except Exception:  # noqa: BLE001  a broken Dask must not fail the exit
        return

    def ours(obj):
        return getattr(obj, "__module__", "").partition(".")[0] == "cunum"

    for name, mod in list(mods.items()):
        if mod is None or name.partition(".")[0] not in ("dask", "distributed"):
            continue
        for value in list(getattr(mod, "__dict__", {}).values()):
            if isinstance(value, Dispatch):
                for key in [k for k, v in value._lookup.items() if ours(k) or ours(v)]:
                    del value._lookup[key]
                getattr(value, "_lazy", {}).pop("cunum", None)
    chunk_types = mods.get("dask.array.chunk_types")
    handled = getattr(chunk_types, "_HANDLED_CHUNK_TYPES", None)
    if handled is not None and cunum.ndarray in handled:
        handled.remove(cunum.ndarray)


atexit.register(_forget_cunum_types)


def register_loaded():
    """Registers with whichever parts of Dask this process has loaded (Note
    [Dask registrations]); True once both are done. Cheap: two dict lookups."""
    mods = sys.modules
    if not _sizeof_done and "dask.sizeof" in mods:
        register_sizeof()
    if not _registered and "dask.array.dispatch" in mods:
        register()
    return _sizeof_done and _registered
