"""cunum.ElementwiseKernel (CuPy's): a C++ body run once per element."""
from .. import _core
from . import _params
from ._params import ARRAY, RAW, SCALAR

_ndarray = _core.ndarray
_arg_key = _core._user_mixed_key  # arrays' dtypes and Python scalars' types, as one int
_fast = _core._user_elementwise_fast


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
        scalars = []  # (position, NumPy type): Python scalars take the parameter's dtype
        for k, (p, t, a) in enumerate(zip(self.in_params, in_types, in_args)):
            kind = RAW if p.raw else (ARRAY if isinstance(a, _ndarray) else SCALAR)
            specs.append((p.name, _params.ctype_of(t), t, t, kind, False))
            if kind == SCALAR:
                scalars.append((k, t.type))
        for p, t in zip(self.out_params, out_types):
            specs.append((p.name, _params.ctype_of(t), t, t, RAW if p.raw else ARRAY, True))
        kernel = _core._UserKernel(False, self.name, specs, typedefs, self.preamble, self.loop_prep,
                                   self.after_loop, self.operation, "", "", "", None, "", list(self.options))
        # Positions of the arrays that set the loop shape, and of one array (the device).
        shape_idx = tuple(k for k, a in enumerate(args) if isinstance(a, _ndarray) and not self.params[k].raw)
        dev_idx = next((k for k, a in enumerate(args) if isinstance(a, _ndarray)), -1)
        if len(args) == self.nin and any(p.raw for p in self.out_params):
            raise ValueError("Output array size is undecided: raw outputs must be passed")
        # The fast call applies (a non-raw array input, outputs returned); it
        # checks each scalar's conversion itself (Note [User kernel fast call]).
        fast = bool(shape_idx) and not self.no_return and not any(p.raw for p in self.out_params)
        return kernel, tuple(out_types), tuple(scalars), shape_idx, dev_idx, fast

    def __call__(self, *args, size=None, stream=None):
        """Runs the kernel; outputs not passed are allocated from the
        broadcast shape of the non-raw arguments (or ``size``)."""
        # Note [User kernel fast call]: arrays only, inputs (and perhaps every
        # output) of one shape, seen before: one C++ call finds the loop shape,
        # allocates the outputs not passed and runs.
        if size is None and stream is None and (len(args) == self.nin or len(args) == self.nargs):
            r = _fast(self._cache, args, self.return_tuple)
            if r is not None:
                return r
        n = len(args)
        if n != self.nin and n != self.nargs:
            raise TypeError(f"Wrong number of arguments for {self.name!r}: takes {self.nin} inputs and "
                            f"optionally {self.nout} outputs, {n} given")
        key = _arg_key(*args)
        if key is None:
            key = tuple([a.dtype if type(a) is _ndarray else type(a) for a in args])
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = self._resolve(args)
        kernel, out_types, scalars, shape_idx, dev_idx, _ = entry
        if scalars:
            args = list(args)
            for k, conv in scalars:
                args[k] = conv(args[k]).item()
        if size is not None:
            if shape_idx:
                raise ValueError("Specified 'size' can be used only if all of the ndarray are 'raw'.")
            size = int(size)
            if size < 0:
                raise ValueError("size must be non-negative")
            shape = (size,)
        elif shape_idx:
            shape = args[shape_idx[0]].shape
            for k in shape_idx:
                if args[k].shape != shape:
                    shape = _params.broadcast_shapes([args[k].shape for k in shape_idx])
                    break
        else:
            raise ValueError("Loop size is undecided: give an array argument that is not raw, or size=")
        if n == self.nin and not self.no_return:
            if stream is None:
                return kernel.elementwise_new(args, shape, -1 if size is None else size, self.return_tuple)
            with stream:
                return kernel.elementwise_new(args, shape, -1 if size is None else size, self.return_tuple)
        if n == self.nin:
            device = args[dev_idx].device if dev_idx >= 0 else None
            args = (*args, *[_core._empty(shape, t, "C", device) for t in out_types])
        else:
            for k in range(self.nin, n):
                if not self.params[k].raw and args[k].shape != shape:
                    raise ValueError(f"Out shape is mismatched: {self.params[k].name!r} has shape "
                                     f"{args[k].shape}, the loop has {shape}")
        if stream is None:
            kernel.elementwise(args, shape, -1 if size is None else size)
        else:
            with stream:
                kernel.elementwise(args, shape, -1 if size is None else size)
        if self.no_return:
            return None
        if not self.return_tuple and self.nout == 1:
            return args[-1]
        return tuple(args[self.nin:])
