"""cunum.ReductionKernel (CuPy's): map, reduce and post-map written in C++."""
import operator

from .. import _core
from . import _params
from ._params import ARRAY, RAW, SCALAR

_ndarray = _core.ndarray
_arg_key = _core._user_arg_key
_fast_call = _core._user_reduce_fast


class ReductionKernel:
    """User-defined reduction kernel (CuPy's ``cupy.ReductionKernel``).

    Each input element is mapped by ``map_expr``, the mapped values are
    combined pairwise by ``reduce_expr`` (over ``a`` and ``b`` of type
    ``reduce_type``, by default the first output's type) starting from
    ``identity``, and ``post_map_expr`` writes the outputs from the result
    ``a``. Runs on the arrays' device (a block of threads per output on a
    GPU; the current stream, no synchronisation). See docs/user-kernels.md.
    """

    def __init__(self, in_params, out_params, map_expr, reduce_expr, post_map_expr, identity,
                 name="reduce_kernel", reduce_type=None, reduce_dims=True, preamble="", options=(), **kwargs):
        if kwargs:
            raise TypeError(f"ReductionKernel() got an unexpected keyword argument {next(iter(kwargs))!r}")
        self.in_params = _params.parse_params(in_params, True)
        self.out_params = _params.parse_params(out_params, False)
        _params.check_names(self.in_params, self.out_params)
        if not self.out_params:
            raise ValueError("ReductionKernel needs at least one output parameter")
        if any(p.raw for p in self.out_params):
            raise ValueError("ReductionKernel outputs cannot be raw")
        if "a" in [p.name for p in self.params_all()] or "b" in [p.name for p in self.params_all()]:
            raise ValueError("'a' and 'b' name the reduced values; parameters cannot use them")
        self.nin = len(self.in_params)
        self.nout = len(self.out_params)
        self.nargs = self.nin + self.nout
        self.map_expr = map_expr
        self.reduce_expr = reduce_expr
        self.post_map_expr = post_map_expr
        self.identity = None if identity is None else str(identity)
        self.name = name
        self.reduce_type = reduce_type
        self.reduce_dims = reduce_dims
        self.preamble = preamble
        self.options = tuple(options)
        self._cache = {}
        self._fast = {}  # Note [User kernel fast call]: {dtype key of array inputs: kernel}

    def params_all(self):
        return self.in_params + self.out_params

    def __repr__(self):
        return f"<ReductionKernel {self.name}>"

    def _resolve(self, in_args, out_args):
        for a in in_args:
            if not isinstance(a, _ndarray):
                _params.scalar_dtype(a)
        in_types, out_types, typedefs = _params.decide_types(self.name, self.in_params, self.out_params,
                                                           in_args, out_args, _ndarray)
        specs, scalar_types = [], []
        for p, t, a in zip(self.in_params, in_types, in_args):
            kind = RAW if p.raw else (ARRAY if isinstance(a, _ndarray) else SCALAR)
            specs.append((p.name, _params.ctype_of(t), t, t, kind, False))
            scalar_types.append(t.type if kind == SCALAR else None)
        for p, t in zip(self.out_params, out_types):
            specs.append((p.name, _params.ctype_of(t), t, t, ARRAY, True))
        reduce_type = self.reduce_type
        if reduce_type is None:
            reduce_type = _params.ctype_of(out_types[0])
        kernel = _core._UserKernel(True, self.name, specs, typedefs, self.preamble, "", "", "", self.map_expr,
                                   self.reduce_expr, self.post_map_expr, self.identity, reduce_type,
                                   list(self.options))
        return kernel, tuple(out_types), tuple(scalar_types)

    def __call__(self, *args, out=None, axis=None, keepdims=False, stream=None):
        """Reduces the (broadcast) inputs over ``axis`` (None: all axes)."""
        if out is None and stream is None and len(args) == self.nin and type(keepdims) is bool:
            r = _fast_call(self._fast, args, axis, keepdims)
            if r is not None:
                return r
        n = len(args)
        if n != self.nin and n != self.nargs:
            raise TypeError(f"Wrong number of arguments for {self.name!r}: takes {self.nin} inputs and "
                            f"optionally {self.nout} outputs, {n} given")
        in_args, out_args = list(args[:self.nin]), list(args[self.nin:])
        if out is not None:
            if out_args:
                raise ValueError("cannot specify 'out' as both a positional and keyword argument")
            if self.nout != 1:
                raise ValueError(f"'out' takes one array; {self.name!r} has {self.nout} outputs")
            out_args = [out]
        key = (tuple([a.dtype if isinstance(a, _ndarray) else type(a) for a in in_args]),
               tuple([a.dtype if isinstance(a, _ndarray) else type(a) for a in out_args]))
        entry = self._cache.get(key)
        if entry is None:
            entry = self._cache[key] = self._resolve(in_args, out_args)
            fkey = _arg_key(*in_args) if not out_args and in_args else None
            if fkey is not None and not any(p.raw for p in self.in_params):
                self._fast[fkey] = entry[0]
        kernel, out_types, scalar_types = entry
        shapes, device = [], None
        for k, a in enumerate(in_args):
            if isinstance(a, _ndarray):
                if device is None:
                    device = a.device
                if not self.in_params[k].raw:
                    shapes.append(a.shape)
            elif scalar_types[k] is not None:
                in_args[k] = scalar_types[k](a).item()
        if not shapes:
            raise ValueError(f"{self.name!r}: a reduction needs an input array that is not raw")
        shape = _params.broadcast_shapes(shapes)
        axes = _normalize_axes(axis, len(shape))
        m = 1
        for ax in axes:
            m *= shape[ax]
        if m == 0 and self.identity is None:
            raise ValueError(f"zero-size array to reduction operation {self.name} which has no identity")
        out_shape = tuple(1 if d in axes else s for d, s in enumerate(shape)) if keepdims else \
            tuple(s for d, s in enumerate(shape) if d not in axes)
        if not out_args:
            out_args = [_core._empty(out_shape, t, "C", device) for t in out_types]
        else:
            for p, o in zip(self.out_params, out_args):
                if o.shape != out_shape and o.shape != tuple(s for d, s in enumerate(shape) if d not in axes):
                    raise ValueError(f"Out shape is mismatched: {p.name!r} has shape {o.shape}, the "
                                     f"reduction gives {out_shape}")
        call_args = in_args + out_args
        if stream is None:
            kernel.reduce(call_args, shape, sorted(axes))
        else:
            with stream:
                kernel.reduce(call_args, shape, sorted(axes))
        return out_args[0] if len(out_args) == 1 else tuple(out_args)


def _normalize_axes(axis, ndim):
    from numpy.exceptions import AxisError
    if axis is None:
        return tuple(range(ndim))
    if isinstance(axis, (tuple, list)):
        axes = [operator.index(a) for a in axis]
    else:
        axes = [operator.index(axis)]
    out = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise AxisError(a, ndim)
        a %= ndim if ndim else 1
        if a in out:
            raise ValueError("duplicate value in 'axis'")
        out.append(a)
    return tuple(out)
