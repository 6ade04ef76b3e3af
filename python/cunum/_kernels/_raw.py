"""cunum.RawKernel and cunum.RawModule (CuPy's): CUDA C++ the user writes
whole, compiled with NVRTC for the current device (cached on disk like
cunum's own kernels) or loaded from a .cubin/.ptx/.fatbin file."""
import os

from .. import _core

_ndarray = _core.ndarray
_raw_device = _core._raw_device
_ATTRIBUTES = ("max_threads_per_block", "shared_size_bytes", "const_size_bytes", "local_size_bytes",
               "num_regs", "ptx_version", "binary_version", "max_dynamic_shared_size_bytes",
               "preferred_shared_memory_carveout")


def _cuda_device_id():
    from .._device import get_default_device
    dev = get_default_device()
    if str(dev) == "cpu":
        raise RuntimeError("RawKernel and RawModule run CUDA code and need a CUDA device; the current device "
                           "is the CPU (use ElementwiseKernel or ReductionKernel, which run on both)")
    return dev.id


def _cuda_include_options():
    """NVRTC finds CUDA's own headers (cuComplex.h, cooperative_groups.h)
    through the toolkit's include folder, as CuPy arranges."""
    for root in (os.environ.get("CUDA_PATH"), os.environ.get("CUDA_HOME"), "/usr/local/cuda"):
        if root and os.path.exists(os.path.join(root, "include", "cuda_runtime.h")):
            return ["--include-path=" + os.path.join(root, "include")]
    return []


def _check_backend(backend):
    if backend not in ("nvrtc", "nvcc"):
        raise ValueError(f"Invalid backend {backend!r}: 'nvrtc' or 'nvcc'")


class GlobalPointer:
    """The device memory of a module's global variable (``RawModule.get_global``):
    ``ptr``, ``size`` (bytes), ``device_id``. It also exposes
    ``__cuda_array_interface__`` as a 1-d uint8 array, and passes to a
    RawKernel as the pointer."""

    __slots__ = ("ptr", "size", "device_id", "_module")

    def __init__(self, ptr, size, device_id, module):
        self.ptr, self.size, self.device_id, self._module = ptr, size, device_id, module

    def __int__(self):
        return self.ptr

    @property
    def __cuda_array_interface__(self):
        return {"shape": (self.size,), "typestr": "|u1", "data": (self.ptr, False), "version": 3,
                "strides": None, "stream": None}

    def __repr__(self):
        return f"<GlobalPointer {self.ptr:#x} ({self.size} bytes, device {self.device_id})>"


class RawKernel:
    """A CUDA kernel from source (CuPy's ``cupy.RawKernel``), compiled with
    NVRTC at its first use on each device. ``kernel(grid, block, args,
    shared_mem=0, stream=None)`` launches it with ``args`` (a tuple): cunum
    arrays pass their device pointer, NumPy scalars their bytes, Python
    ``bool``/``int``/``float``/``complex`` as ``bool``/``long long``/
    ``double``/``complex<double>``. Where the driver can tell (CUDA 12.4+),
    a wrong argument count or size raises TypeError."""

    def __init__(self, code, name, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, jitify=False, *, _module=None):
        _check_backend(backend)
        self.code = code
        self.name = name
        self.options = tuple(options)
        self.backend = backend
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self.jitify = jitify
        self._module = _module  # a RawModule's kernel
        self._functions = {}
        self._cooperative = bool(enable_cooperative_groups)

    def _function(self):
        dev = _cuda_device_id()
        f = self._functions.get(dev)
        if f is None:
            if self._module is not None:
                mod = self._module._get(dev)
                f = mod.get_function(self._module._lowered(mod, self.name))
            else:
                opts = list(self.options) + _cuda_include_options()
                f = _core._RawModule.compile(self.code, self.name, opts, [], dev).get_function(self.name)
            self._functions[dev] = f
        return f

    def compile(self, log_stream=None):
        """Compiles (or loads from the cache) for the current device now."""
        self._function()

    def __call__(self, grid, block, args, *, shared_mem=0, stream=None):
        # Note [User kernel fast call]: the function of the current device,
        # then one C++ call that packs the arguments (a GlobalPointer as its
        # address) and launches on `stream` (None: cunum's current stream).
        f = self._functions.get(_raw_device())
        if f is None:
            f = self._function()
        f.launch(grid, block, args, shared_mem if type(shared_mem) is int else int(shared_mem),
                 None if stream is None else stream.ptr, self._cooperative)

    @property
    def attributes(self):
        """The kernel's attributes (cudaFuncGetAttributes) as a dict."""
        return self._function().attributes()

    def __getattr__(self, name):
        if name in _ATTRIBUTES:
            return self._function().attributes()[name]
        raise AttributeError(f"'RawKernel' object has no attribute {name!r}")

    @property
    def max_dynamic_shared_size_bytes(self):
        return self._function().attributes()["max_dynamic_shared_size_bytes"]

    @max_dynamic_shared_size_bytes.setter
    def max_dynamic_shared_size_bytes(self, value):
        self._function().set_max_dynamic_shared_size_bytes(int(value))

    @property
    def preferred_shared_memory_carveout(self):
        return self._function().attributes()["preferred_shared_memory_carveout"]

    @preferred_shared_memory_carveout.setter
    def preferred_shared_memory_carveout(self, value):
        self._function().set_preferred_shared_memory_carveout(int(value))

    def __repr__(self):
        return f"<RawKernel {self.name}>"


class RawModule:
    """A CUDA module (CuPy's ``cupy.RawModule``): ``code=`` compiled with
    NVRTC (``name_expressions`` instantiates templates: pass the same
    expression to ``get_function``), or ``path=`` to a .cubin, .ptx or
    .fatbin loaded by the driver."""

    def __init__(self, code=None, path=None, options=(), backend="nvrtc", translate_cucomplex=False,
                 enable_cooperative_groups=False, name_expressions=None, jitify=False):
        if (code is None) == (path is None):
            raise TypeError("Exactly one of code and path keyword arguments must be given.")
        if path is not None and name_expressions:
            raise ValueError("name_expressions is only valid when code= is given")
        _check_backend(backend)
        self.code = code
        self.path = path
        self.options = tuple(options)
        self.backend = backend
        self.translate_cucomplex = translate_cucomplex
        self.enable_cooperative_groups = enable_cooperative_groups
        self.name_expressions = tuple(name_expressions) if name_expressions else ()
        self.jitify = jitify
        self._modules = {}

    def _get(self, dev):
        mod = self._modules.get(dev)
        if mod is None:
            if self.code is not None:
                opts = list(self.options) + _cuda_include_options()
                mod = _core._RawModule.compile(self.code, "module", opts, list(self.name_expressions), dev)
            else:
                mod = _core._RawModule.load(os.fspath(self.path), dev)
            self._modules[dev] = mod
        return mod

    def _lowered(self, mod, name):
        return mod.lowered_name(name) if name in self.name_expressions else name

    def compile(self, log_stream=None):
        """Compiles (or loads) the module for the current device now."""
        self._get(_cuda_device_id())

    def get_function(self, name):
        """The kernel `name` (or a name expression given at construction)."""
        k = RawKernel(self.code, name, self.options, self.backend, self.translate_cucomplex,
                      self.enable_cooperative_groups, self.jitify, _module=self)
        k._function()  # a missing kernel is an error now, as in CuPy
        return k

    def get_global(self, name):
        """The global variable `name` (``__device__`` or ``__constant__``; a
        name expression given at construction also works) as a GlobalPointer."""
        dev = _cuda_device_id()
        mod = self._get(dev)
        ptr, size = mod.get_global(self._lowered(mod, name))
        return GlobalPointer(ptr, size, dev, self)

    def __repr__(self):
        return f"<RawModule {'path=' + repr(self.path) if self.path else 'code'}>"
