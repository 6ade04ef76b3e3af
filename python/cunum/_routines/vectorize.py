"""numpy.vectorize for cunum: the Python function is traced once per input
signature by cunum.fuse (docs/fusion.md) and runs as one elementwise kernel
over the broadcast inputs, on the device that holds them. NumPy's vectorize
calls the function once per element on the host; a function traced here must
be written in array operations (ufuncs, operators, where, ...): Python `if`
on the data cannot be traced and raises fuse's TypeError. CuPy's vectorize
has the same rule (it compiles the function)."""
from .. import _core
from .._fusion import Fusion
from ._args import _a


class vectorize:
    """vectorize(pyfunc, otypes=None, doc=None, excluded=None, cache=False,
    signature=None): NumPy's class. `otypes` casts the outputs (a string of
    type characters or a list of dtypes); `excluded` names positional
    indices or keywords passed to pyfunc unchanged (Python scalars, which
    the trace takes as constants); other keywords are vectorized like the
    positional arguments. `cache` is accepted (the trace is cached anyway).
    `signature` (a generalized ufunc's core dimensions) has no elementwise
    trace: it is refused with a TypeError rather than run element by element
    on the host (CuPy refuses it too)."""

    def __init__(self, pyfunc=None, otypes=None, doc=None, excluded=None, cache=False, signature=None):
        if pyfunc is None:
            # NumPy 2's decorator form: @vectorize(otypes=...)
            self._deferred = dict(otypes=otypes, doc=doc, excluded=excluded, cache=cache, signature=signature)
            self.pyfunc = None
            return
        if signature is not None:
            raise TypeError("cunum.vectorize: signature= (core dimensions) cannot be traced as one "
                            "elementwise kernel; write the function with cunum's array routines instead")
        self.pyfunc = pyfunc
        self.cache = cache
        self.signature = None
        self.__doc__ = pyfunc.__doc__ if doc is None else doc
        self.__name__ = getattr(pyfunc, "__name__", "vectorized")
        if isinstance(otypes, str):
            import numpy
            for c in otypes:
                if c not in numpy.typecodes["All"]:
                    raise ValueError(f"Invalid otype specified: {c}")
            otypes = list(otypes)
        import numpy
        self.otypes = None if otypes is None else [numpy.dtype(t) for t in otypes]
        self.excluded = set() if excluded is None else set(excluded)
        self._fused = {}

    def __call__(self, *args, **kwargs):
        if self.pyfunc is None:
            (func,) = args
            return vectorize(func, **self._deferred)
        fixed = {k: v for k, v in kwargs.items() if k in self.excluded}
        names = [k for k in kwargs if k not in self.excluded]
        fixed_pos = {i: a for i, a in enumerate(args) if i in self.excluded}
        varying = [a for i, a in enumerate(args) if i not in self.excluded] + [kwargs[k] for k in names]
        n_pos = len(args)

        def inner(*values):
            it = iter(values)
            full = [fixed_pos[i] if i in fixed_pos else next(it) for i in range(n_pos)]
            kw = dict(fixed)
            kw.update({k: next(it) for k in names})
            return self.pyfunc(*full, **kw)

        if fixed or fixed_pos:
            # the excluded values are constants of this trace: a new one a call
            fused = Fusion(inner, self.__name__)
        else:
            key = (n_pos, tuple(names))
            fused = self._fused.get(key)
            if fused is None:
                fused = self._fused[key] = Fusion(inner, self.__name__)
        # every varying input as an array: NumPy's vectorize answers even
        # scalars with arrays of the output type
        out = fused(*[_a(v) if not isinstance(v, _core.ndarray) else v for v in varying])
        return self._cast(out)

    def _cast(self, out):
        if self.otypes is None:
            return out
        if isinstance(out, tuple):
            if len(out) != len(self.otypes):
                raise ValueError(f"Invalid number of outputs: {len(out)} for {len(self.otypes)} otypes")
            return tuple(_a(o).astype(t, copy=False) for o, t in zip(out, self.otypes))
        return _a(out).astype(self.otypes[0], copy=False)
