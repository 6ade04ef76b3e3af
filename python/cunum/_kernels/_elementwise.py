"""cunum.ElementwiseKernel (CuPy's): a C++ body run once per element."""
from .. import _core
from . import _params
from ._params import ARRAY, RAW, SCALAR

_ndarray = _core.ndarray


class ElementwiseKernel:
    """User-defined elementwise kernel (CuPy's ``cupy.ElementwiseKernel``).

    ``in_params``/``out_params`` are comma-separated ``[raw] <type> <name>``
    (``float32 x``, ``T y``, ``raw T table``); a one-letter type is a
    placeholder resolved from the arguments' dtypes. ``operation`` is C++ run
    once per element with every non-raw parameter bound to its element, the
    element index in ``i`` and the loop size in ``_ind.size()``. The kernel
    is compiled at its first call per argument dtypes (NVRTC on a GPU, the
    system C++ compiler on the CPU), cached in memory and on disk, and runs
    on the arrays' device (the current stream on a GPU; no synchronisation).
    See docs/user-kernels.md.
    """

    def __init__(self, in_params, out_params, operation, name="kernel", reduce_dims=True, preamble="",
                 no_return=False, return_tuple=False, loop_prep="", after_loop="", options=(), **kwargs):
        if kwargs:
            raise TypeError(f"ElementwiseKernel() got an unexpected keyword argument {next(iter(kwargs))!r}")
        self.in_params = _params.parse_params(in_params, True)
        self.out_params = _params.parse_params(out_params, False)
        _params.check_names(self.in_params, self.out_params)
        self.nin = len(self.in_params)
        self.nout = len(self.out_params)
        self.nargs = self.nin + self.nout
        self.params = self.in_params + self.out_params
        self.operation = operation
        self.name = name
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.no_return = no_return
        self.return_tuple = return_tuple
        self.loop_prep = loop_prep
        self.after_loop = after_loop
        self.options = tuple(options)
        self._cache = {}

    def __repr__(self):
        return f"<ElementwiseKernel {self.name}>"

    def _resolve(self, args):
        in_args, out_args = args[:self.nin], args[self.nin:]
        for a in in_args:
            if not isinstance(a, _ndarray):
                _params.scalar_dtype(a)  # TypeError for what is neither array nor scalar
        in_types, out_types, typedefs = _params.decide_types(self.name, self.in_params, self.out_params,
                                                           in_args, out_args, _ndarray)
        specs = []
        scalar_types = []
        for p, t, a in zip(self.in_params, in_types, in_args):
            kind = RAW if p.raw else (ARRAY if isinstance(a, _ndarray) else SCALAR)
            specs.append((p.name, _params.ctype_of(t), t, t, kind, False))
            scalar_types.append(t.type if kind == SCALAR else None)
        for p, t in zip(self.out_params, out_types):
            specs.append((p.name, _params.ctype_of(t), t, t, RAW if p.raw else ARRAY, True))
        kernel = _core._UserKernel(False, self.name, specs, typedefs, self.preamble, self.loop_prep,
                                   self.after_loop, self.operation, "", "", "", None, "", list(self.options))
        return kernel, tuple(out_types), tuple(scalar_types)

    def __call__(self, *args, size=None, stream=None):
        """Runs the kernel; outputs not passed are allocated from the
        broadcast shape of the non-raw arguments (or ``size``)."""
        n = len(args)
        if n != self.nin and n != self.nargs:
            raise TypeError(f"Wrong number of arguments for {self.name!r}: takes {self.nin} inputs and "
                            f"optionally {self.nout} outputs, {n} given")
        key = tuple([a.dtype if type(a) is _ndarray else type(a) for a in args])
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = self._resolve(args)
        kernel, out_types, scalar_types = entry
        args = list(args)
        shapes = []
        device = None
        params = self.params
        for k in range(n):
            a = args[k]
            if type(a) is _ndarray or isinstance(a, _ndarray):
                if device is None:
                    device = a.device
                if not params[k].raw:
                    shapes.append(a.shape)
            elif scalar_types[k] is not None:
                args[k] = scalar_types[k](a).item()
        if size is not None:
            if shapes:
                raise ValueError("Specified 'size' can be used only if all of the ndarray are 'raw'.")
            size = int(size)
            if size < 0:
                raise ValueError("size must be non-negative")
            shape = (size,)
        elif shapes:
            shape = shapes[0] if len(shapes) == 1 else _params.broadcast_shapes(shapes)
        else:
            raise ValueError("Loop size is undecided: give an array argument that is not raw, or size=")
        if n == self.nin:
            for p, t in zip(self.out_params, out_types):
                if p.raw:
                    raise ValueError(f"Output array size is undecided: raw output {p.name!r} must be passed")
                args.append(_core._empty(shape, t, "C", device))
        else:
            for p, a in zip(self.out_params, args[self.nin:]):
                if not p.raw and a.shape != shape:
                    raise ValueError(f"Out shape is mismatched: {p.name!r} has shape {a.shape}, the loop "
                                     f"has {shape}")
        if stream is None:
            kernel.elementwise(args, shape, -1 if size is None else size)
        else:
            with stream:
                kernel.elementwise(args, shape, -1 if size is None else size)
        if self.no_return:
            return None
        outs = args[self.nin:]
        if not self.return_tuple and len(outs) == 1:
            return outs[0]
        return tuple(outs)
