"""cunum.fuse: CuPy's kernel fusion decorator (docs/fusion.md).

    @cunum.fuse()
    def f(a, b):
        return (a * b + a) * b          # one kernel on the GPU

    @cunum.fuse(kernel_name="sqnorm")
    def g(x):
        return cunum.sum(x * x, axis=-1)

The first call for a signature (each argument's dtype and ndim, or a Python
scalar's type and value) traces the function with proxies (_FusionVar) that
record ufunc calls into a C++ graph (cunum/fusion.hpp: _core._FusionGraph);
later calls run the graph. A reduction (sum, prod, max, min, any, all, mean
...) ends a graph, and elementwise work after it goes into a new graph. A
reduction whose input is the one output of the graph just before it, used
nowhere else, runs with that graph inside its kernel (`sum(x * x)`: one
pass, no temporary; Note [Fused reductions]); otherwise its input is
materialised and the reduction runs as the eager one does. The
graph's meaning is eager evaluation (NumPy's promotion at every call), so
results equal those of the plain function.
"""
import functools

from . import _core
from ._core import ndarray
from ._routines._args import _fusion as _hook

_PY_SCALARS = (bool, int, float, complex)
_REDUCTIONS = {"sum", "prod", "max", "min", "any", "all", "mean", "nansum", "nanprod", "argmax", "argmin"}
# The reductions that run with their graph inside (Graph::run_reduce).
_FUSED_REDUCTIONS = {"sum", "prod", "max", "min", "amax", "amin", "any", "all", "mean", "nansum", "nanprod"}


class _Graph:
    """One elementwise graph of a trace: its C++ graph and its inputs (value ids)."""

    def __init__(self):
        self.g = None       # made when the first call is recorded (its input count is known then)
        self.inputs = []    # value ids, in input order
        self.calls = []     # (ufunc name, [arg]) with arg ("in", k) | ("sc", value) | ("node", i, out)
        self.outputs = []   # (ref, value id)
        self.closed = False


class _Tracer:
    def __init__(self, name):
        self.name = name
        self.nvalues = 0
        self.items = []     # ("graph", _Graph) | ("call", [arg spec], dst vid, name, kwargs), in order
        self.current = None

    def new_value(self):
        self.nvalues += 1
        return self.nvalues - 1

    def graph(self):
        if self.current is None or self.current.closed:
            self.current = _Graph()
            self.items.append(("graph", self.current))
        return self.current

    def export(self, var):
        """The value id of a proxy (a graph output if it is a graph's value)."""
        if var._graph is None:
            return var._vid
        g = var._graph
        for ref, vid in g.outputs:
            if ref == var._ref:
                return vid
        vid = self.new_value()
        g.outputs.append((var._ref, vid))
        return vid

    def arg_of(self, g, x):
        if type(x) is _FusionVar:
            if x._tracer is not self:
                raise TypeError("cunum.fuse: a value of another fused function cannot be used here")
            if x._graph is g:
                return x._ref
            vid = self.export(x)
            if vid not in g.inputs:
                g.inputs.append(vid)
            return ("in", g.inputs.index(vid))
        if type(x) in _PY_SCALARS or _is_numpy_scalar(x):
            return ("sc", x)  # a NumPy scalar is strong (its dtype promotes), as in eager code
        raise TypeError(f"cunum.fuse: unsupported operand of type {type(x).__name__} in fused function "
                        f"'{self.name}' (only the function's arguments, values computed from them and "
                        "Python scalars can be used; pass arrays as arguments)")

    def ufunc(self, uf, args, kwargs):
        if kwargs and "out" in kwargs and kwargs["out"] is None:  # NumPy's "no out"
            kwargs = {k: v for k, v in kwargs.items() if k != "out"}
        out = _out_var(uf, kwargs)
        if out is not None:
            return self.inplace(uf, args, out)
        if kwargs:
            raise TypeError(f"cunum.fuse: keyword arguments ({', '.join(kwargs)}) of ufunc "
                            f"'{uf.__name__}' are not supported in a fused function")
        if len(args) != uf.nin:
            raise TypeError(f"cunum.fuse: ufunc '{uf.__name__}' takes {uf.nin} inputs in a fused function "
                            f"(outputs cannot be given), {len(args)} were given")
        g = self.graph()
        refs = [self.arg_of(g, a) for a in args]
        if all(r[0] == "sc" for r in refs):
            raise TypeError(f"cunum.fuse: ufunc '{uf.__name__}' needs an array operand")
        g.calls.append((uf.__name__, refs))
        i = len(g.calls) - 1
        outs = tuple(_FusionVar(self, g, ("node", i, k), None, args_ndim(args), type=(uf, args, k))
                     for k in range(uf.nout))
        return outs[0] if uf.nout == 1 else outs

    def inplace(self, uf, args, out):
        """`x op= y` or a ufunc with out=x: NumPy's ufunc into x, run as eager
        code between graphs on materialised values (its casting and errors
        are NumPy's). x keeps its value id, so later reads, and the caller's
        array when x is an argument, see the new contents."""
        if len(args) != uf.nin:
            raise TypeError(f"cunum.fuse: ufunc '{uf.__name__}' takes {uf.nin} inputs in a fused function, "
                            f"{len(args)} were given")
        self.call("out:" + uf.__name__, (*args, out), {})
        return out

    def reduce(self, var, name, kwargs):
        if kwargs.get("out") is not None:
            raise TypeError(f"cunum.fuse: out= of {name} is not supported in a fused function")
        kwargs.pop("out", None)
        return self.call(name, (var,), kwargs)

    def clip(self, a, lo, hi):
        """clip(a, lo, hi) inside the graph, as the eager routine's maximum and
        minimum calls (Note [Clip ties] in src/routines/math_rounding.cpp), where
        the trace knows that they compute what the routine does; otherwise the
        routine runs between graphs."""
        calls = _clip_calls(a, lo, hi)
        if calls is None:
            return self.call("clip", (a, lo, hi), {})
        v = a
        for name, bound, bound_first in calls:
            args = (bound, v) if bound_first else (v, bound)
            v = self.ufunc(getattr(_core, name), args, None)
        return v

    def where(self, c, x, y):
        """NumPy's where(c, x, y) as a node of the graph (Note [Fused where] in
        src/base/fused_plan.hpp): the eager routine's promotion and errors."""
        g = self.graph()
        refs = [self.arg_of(g, a) for a in (c, x, y)]
        g.calls.append(("where", refs))
        ndim = args_ndim((c, x, y))
        return _FusionVar(self, g, ("node", len(g.calls) - 1, 0), None, ndim, type=(_routine("where"), (c, x, y), 0))

    def call(self, name, args, kwargs):
        """A routine run as in eager code between graphs (reductions,
        clip, the routines of _args._traced): its proxy arguments are
        materialised, its other arguments (None, Python and NumPy scalars)
        passed as they are, its result is a value later graphs read."""
        import numpy
        spec = []
        for a in args:
            if type(a) is _FusionVar:
                if a._tracer is not self:
                    raise TypeError("cunum.fuse: a value of another fused function cannot be used here")
                spec.append(("vid", self.export(a)))
            elif a is None or type(a) in _PY_SCALARS or isinstance(a, numpy.generic):
                spec.append(("const", a))
            else:
                raise TypeError(f"cunum.fuse: unsupported operand of type {type(a).__name__} of {name} in "
                                f"fused function '{self.name}'")
        if any(type(v) is _FusionVar for v in kwargs.values()):
            raise TypeError(f"cunum.fuse: a keyword argument of {getattr(name, '__name__', name)} cannot be "
                            "a value of the fused function")
        if self.current is not None:
            self.current.closed = True  # later work reads the result: a new graph
        dst = self.new_value()
        self.items.append(("call", spec, dst, name, kwargs))
        return _FusionVar(self, None, None, dst, None)


def _clip_calls(a, lo, hi):
    """The ufunc calls [(name, bound, bound first)] that eager clip(a, lo, hi)
    makes, or None where the trace cannot know them: a dtype unknown while
    tracing (a routine's result), a Python int bound beyond an integer a's
    range (eager clip drops it), a maximum that the eager routine runs in the
    wider dtype of all three operands, or an array bound where float32/float64
    ties depend on whether its size is 1 (Note [Clip ties])."""
    import numpy
    if type(a) is not _FusionVar or a._type is None:
        return None
    bounds = []
    for b in (lo, hi):
        if type(b) is _FusionVar:
            if b._type is None or b._tracer is not a._tracer:
                return None
        elif b is not None and type(b) not in _PY_SCALARS:
            return None
        bounds.append(b)
    dt = a.dtype
    if dt.kind in "iu":
        info = numpy.iinfo(dt)
        if any(type(b) is int and not info.min <= b <= info.max for b in bounds):
            return None

    def probe(*args):  # the dtype eager code gives, from 0-element stand-ins
        return _core._clip(*[_core._empty((0,), v.dtype, "C", None) if type(v) is _FusionVar else v
                             for v in args], None, None, None, None).dtype
    lo, hi = bounds
    if lo is None and hi is None:
        return None  # a copy: left to the routine (NumPy 2.0 refuses it)
    if lo is None or hi is None:
        return [("minimum", hi, False)] if lo is None else [("maximum", lo, False)]
    loop = probe(a, lo, hi)
    if probe(a, lo, None) != loop:
        return None
    if loop in (numpy.float32, numpy.float64):
        if type(lo) is _FusionVar or type(hi) is _FusionVar:
            return None
        return [("maximum", lo, True), ("minimum", hi, True)]
    return [("maximum", lo, False), ("minimum", hi, False)]


def _assign_all(dst, src):
    dst[...] = src


def _is_numpy_scalar(x):
    import numpy
    return isinstance(x, numpy.generic)


def _out_var(uf, kwargs):
    """out= of a one-output ufunc when it is a value of the trace (alone
    or in a 1-tuple, and the only keyword), else None."""
    if not kwargs or set(kwargs) != {"out"} or uf.nout != 1:
        return None
    out = kwargs["out"]
    if type(out) is tuple and len(out) == 1:
        out = out[0]
    return out if type(out) is _FusionVar else None


def args_ndim(args):
    nd = [a.ndim for a in args if type(a) is _FusionVar and a.ndim is not None]
    return max(nd) if nd else None


def _no(what):
    def f(self, *a, **k):
        raise TypeError(f"cunum.fuse: {what} of a value inside a fused function is not supported "
                        "(its data does not exist while the function is traced)")
    return f


class _FusionVar:
    """A value while a fused function is traced."""
    __slots__ = ("_tracer", "_graph", "_ref", "_vid", "ndim", "_scalar", "_type")

    def __init__(self, tracer, graph, ref, vid, ndim, scalar=False, type=None):
        self._tracer, self._graph, self._ref, self._vid, self.ndim = tracer, graph, ref, vid, ndim
        self._scalar = scalar  # a NumPy scalar argument: immutable, `x op= y` rebinds x as NumPy's does
        # the dtype (an argument's), or (ufunc, operands, k) for the k-th output
        # of a ufunc (found when asked: .dtype), or None (unknown: a routine's result)
        self._type = type

    @property
    def dtype(self):
        """The dtype the value has when the function runs: the trace is per
        argument dtypes, and a ufunc's output dtype is what NumPy's loop
        resolution gives for its operands, found by the ufunc itself on empty
        arrays of their dtypes (and the Python scalars as they are)."""
        t = self._type
        if t is None:
            _no("the dtype")(self)
        if type(t) is tuple:
            uf, args, k = t
            probe = uf(*[_core._empty((0,), a.dtype, "C", None) if type(a) is _FusionVar else a for a in args])
            t = self._type = (probe if getattr(uf, "nout", 1) == 1 else probe[k]).dtype
        return t

    def _ufunc(self, name, *args):
        return self._tracer.ufunc(getattr(_core, name), args, None)

    def _reduce(self, name, **kwargs):
        return self._tracer.reduce(self, name, kwargs)

    @staticmethod
    def _call(name, *args, **kwargs):
        """A routine (its name or itself) called with a proxy among its
        positional arguments (where, clip, _args._traced)."""
        for a in args:
            if type(a) is _FusionVar:
                if name == "where" and not kwargs:
                    return a._tracer.where(*args)
                return a._tracer.call(name, args, kwargs)
        raise AssertionError("unreachable")

    def astype(self, dtype, order="K", casting="unsafe", subok=True, copy=True):
        return self._call(ndarray.astype, self, dtype=dtype, order=order, casting=casting, subok=subok, copy=copy)

    def copy(self, order="C"):
        return self._call(ndarray.copy, self, order=order)

    def clip(self, a_min=None, a_max=None):
        return self._tracer.clip(self, a_min, a_max)

    def __repr__(self):
        return f"<cunum.fuse value of '{self._tracer.name}'>"

    __bool__ = _no("the truth value (Python control flow on the data)")
    __len__ = _no("len()")
    __iter__ = _no("iteration")
    __getitem__ = _no("indexing")

    def __setitem__(self, key, value):
        """x[...] = v and x[:] = v (CuPy's two): NumPy's assignment into x
        (its casting), run as eager code between graphs like `x op= y`; x
        keeps its value id, so later reads see the new contents."""
        whole = slice(None)
        keys = key if type(key) is tuple else (key,)
        if not all(k is Ellipsis or (type(k) is slice and k == whole) for k in keys):
            _no("item assignment (other than x[...] = v and x[:] = v)")(self)
        if self._scalar:
            raise TypeError("cunum.fuse: a NumPy scalar argument does not support item assignment (as in NumPy)")
        self._tracer.call(_assign_all, (self, value), {})
    __index__ = _no("conversion to an index")
    __int__ = _no("conversion to int")
    __float__ = _no("conversion to float")
    __complex__ = _no("conversion to complex")
    __array__ = _no("conversion to a NumPy array")
    # NumPy's operators then defer to ours: numpy.int16(3) + x calls x.__radd__
    __array_ufunc__ = None
    shape = property(_no("the shape"))
    reshape = _no("reshape()")
    # Every in-place operator is defined: one left undefined would make Python
    # rebind the local name to `x op y`, and the argument would silently stay
    # unchanged (matmul is no ufunc of a graph: @= raises).
    __imatmul__ = _no("in-place matmul")
    __hash__ = None

    def sum(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._reduce("sum", axis=axis, dtype=dtype, out=out, keepdims=keepdims)

    def prod(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._reduce("prod", axis=axis, dtype=dtype, out=out, keepdims=keepdims)

    def mean(self, axis=None, dtype=None, out=None, keepdims=False):
        return self._reduce("mean", axis=axis, dtype=dtype, out=out, keepdims=keepdims)

    def max(self, axis=None, out=None, keepdims=False):
        return self._reduce("max", axis=axis, out=out, keepdims=keepdims)

    def min(self, axis=None, out=None, keepdims=False):
        return self._reduce("min", axis=axis, out=out, keepdims=keepdims)

    def any(self, axis=None, out=None, keepdims=False):
        return self._reduce("any", axis=axis, out=out, keepdims=keepdims)

    def all(self, axis=None, out=None, keepdims=False):
        return self._reduce("all", axis=axis, out=out, keepdims=keepdims)

    def conj(self):
        return self._ufunc("conjugate", self)


def _binary(name, reflected=False):
    if reflected:
        def f(self, other):
            return self._tracer.ufunc(getattr(_core, name), (other, self), None)
    else:
        def f(self, other):
            return self._tracer.ufunc(getattr(_core, name), (self, other), None)
    return f


def _inplace(name):
    def f(self, other):
        uf = getattr(_core, name)
        if self._scalar:
            return self._tracer.ufunc(uf, (self, other), None)
        return self._tracer.inplace(uf, (self, other), self)
    return f


for _op, _name in [("add", "add"), ("sub", "subtract"), ("mul", "multiply"), ("truediv", "divide"),
                   ("floordiv", "floor_divide"), ("mod", "remainder"), ("pow", "power"),
                   ("and", "bitwise_and"), ("or", "bitwise_or"), ("xor", "bitwise_xor"),
                   ("lshift", "left_shift"), ("rshift", "right_shift"), ("divmod", "divmod")]:
    setattr(_FusionVar, f"__{_op}__", _binary(_name))
    setattr(_FusionVar, f"__r{_op}__", _binary(_name, True))
    if _op != "divmod":
        setattr(_FusionVar, f"__i{_op}__", _inplace(_name))
for _op, _name in [("eq", "equal"), ("ne", "not_equal"), ("lt", "less"), ("le", "less_equal"),
                   ("gt", "greater"), ("ge", "greater_equal")]:
    setattr(_FusionVar, f"__{_op}__", _binary(_name))
for _op, _name in [("neg", "negative"), ("pos", "positive"), ("abs", "absolute"), ("invert", "invert")]:
    setattr(_FusionVar, f"__{_op}__", (lambda n: lambda self: self._ufunc(n, self))(_name))
_FusionVar.real = property(lambda self: _no("the real part")(self))
_FusionVar.imag = property(lambda self: _no("the imaginary part")(self))
del _op, _name


def _trace_ufunc(uf, args, kwargs):
    """Called by a ufunc given a proxy (Note [Fusion proxies])."""
    for a in args:
        if type(a) is _FusionVar:
            return a._tracer.ufunc(uf, args, kwargs)
    raise AssertionError("unreachable")


_core._set_fusion_hook(_FusionVar, _trace_ufunc)
_hook.var = _FusionVar


def _stats_novalue():
    """mean's "not given" (statistics.py's _NoValue)."""
    from ._routines import statistics
    return statistics._NoValue


def _mergeable(items, i, result):
    """Whether graph items[i] and the call items[i + 1] run as one fused
    reduction: the call is a reduction of the graph's one output, which
    nothing else (a later step, the result) reads."""
    if i + 1 >= len(items) or items[i + 1][0] != "call":
        return False
    g = items[i][1]
    _, spec, _, name, kwargs = items[i + 1]
    if name not in _FUSED_REDUCTIONS or len(g.outputs) != 1 or len(spec) != 1 or spec[0] != ("vid", g.outputs[0][1]):
        return False
    if name == "mean" and kwargs.get("where", _stats_novalue()) is not _stats_novalue():
        return False
    vid = g.outputs[0][1]
    for item in items[i + 2:]:
        if item[0] == "graph" and vid in item[1].inputs:
            return False
        if item[0] == "call" and ("vid", vid) in item[1]:
            return False
    return not _uses(result, vid)


def _uses(result, vid):
    if result[0] == "vid":
        return result[1] == vid
    if result[0] == "tuple":
        return any(_uses(r, vid) for r in result[1])
    return False


class _Program:
    """A traced signature: the graphs and reductions to run, in order."""

    def __init__(self, tracer, nargs, arg_vids, result):
        self.steps = []
        merged = set()
        for i, item in enumerate(tracer.items):
            if i in merged:
                continue
            if item[0] == "graph":
                g = item[1]
                if not g.outputs:
                    continue  # values nobody returned or reduced
                cg = _core._FusionGraph(len(g.inputs))
                built = []
                for name, refs in g.calls:
                    args = []
                    for r in refs:
                        if r[0] == "in":
                            args.append(cg.input(r[1]))
                        elif r[0] == "sc":
                            args.append(cg.scalar(r[1]))
                        else:
                            args.append(built[r[1]][r[2]])
                    built.append(cg.where(*args) if name == "where" else cg.call(name, args))

                def ref(r):
                    return cg.input(r[1]) if r[0] == "in" else built[r[1]][r[2]]
                cg.set_outputs([ref(r) for r, _ in g.outputs])
                if _mergeable(tracer.items, i, result):
                    # Note [Fused reductions]: the graph inside the reduction's kernel
                    _, spec, dst, name, kwargs = tracer.items[i + 1]
                    merged.add(i + 1)
                    keep = kwargs.get("keepdims", False)
                    args = (name, kwargs.get("axis"), False if keep is _stats_novalue() else keep, kwargs.get("dtype"))
                    self.steps.append((2, cg, list(g.inputs), dst, args))
                    continue
                self.steps.append((0, cg, list(g.inputs), [v for _, v in g.outputs]))
            else:
                _, spec, dst, name, kwargs = item
                self.steps.append((1, _routine(name), spec, dst, kwargs))
        self.arg_vids = arg_vids
        self.result = result  # a value id, a tuple of them, or ("const", x)
        # One graph over the array arguments in order, whose first output is
        # the result (`(a * b + a) * b`): run it directly.
        self.direct = None
        if (len(self.steps) == 1 and self.steps[0][0] == 0 and self.steps[0][2] == arg_vids
                and result[0] == "vid" and self.steps[0][3][:1] == [result[1]]):
            self.direct = self.steps[0][1].run1
        elif (len(self.steps) == 1 and self.steps[0][0] == 2 and self.steps[0][2] == arg_vids
                and result == ("vid", self.steps[0][3])):
            _, cg, _, _, rargs = self.steps[0]
            run_reduce = cg.run_reduce
            self.direct = lambda arrays: run_reduce(arrays, *rargs)

    def run(self, arrays):
        if self.direct is not None:
            return self.direct(arrays)
        values = dict(zip(self.arg_vids, arrays))
        for step in self.steps:
            if step[0] == 0:
                _, cg, ins, outs = step
                for vid, r in zip(outs, cg.run([values[v] for v in ins])):
                    values[vid] = r
            elif step[0] == 2:
                _, cg, ins, dst, rargs = step
                values[dst] = cg.run_reduce([values[v] for v in ins], *rargs)
            else:
                _, fn, spec, dst, kwargs = step
                values[dst] = fn(*[values[v] if k == "vid" else v for k, v in spec], **kwargs)
        return _build(self.result, values)


def _routine(name):
    from . import _routines
    if callable(name):  # recorded by _args._traced
        return name
    if name.startswith("out:"):  # a ufunc into its last argument (_Tracer.inplace)
        uf = getattr(_core, name[4:])
        return lambda *a: uf(*a[:-1], out=a[-1])
    if name == "mean":
        return _routines.statistics.mean
    if name == "where":
        return _routines.indexing_routines.where
    if name == "clip":
        return _routines.mathematical.clip
    return getattr(_routines.reductions, name)


def _build(result, values):
    kind = result[0]
    if kind == "vid":
        return values[result[1]]
    if kind == "const":
        return result[1]
    return tuple(_build(r, values) for r in result[1])


class Fusion:
    """A function fused by cunum.fuse (CuPy's cupy._core.fusion.Fusion)."""

    def __init__(self, func, name=None):
        self.func = func
        self.name = name or getattr(func, "__name__", "fused")
        self._programs = {}
        functools.update_wrapper(self, func)

    def __repr__(self):
        return f"<Fusion '{self.name}'>"

    def __call__(self, *args, **kwargs):
        if kwargs:
            raise TypeError("cunum.fuse: a fused function takes positional arguments only")
        return self._call(args, ())

    def _call(self, args, scalars):
        """`scalars`: the positions of NumPy scalar arguments (0-d arrays
        here), part of the key: their in-place operators rebind."""
        # The signature key and the array arguments in one pass (the common
        # call: cunum arrays and Python scalars only).
        key, arrays = [], []
        for a in args:
            t = type(a)
            if t is ndarray:
                key.append(a.dtype)
                key.append(a.ndim)
                arrays.append(a)
            elif t is int or t is bool:
                key.append(t)
                key.append(a)
            elif t is float or t is complex:
                key.append(t)
                key.append(repr(a))  # -0.0 is not 0.0 here, and nan equals nan
            elif isinstance(a, ndarray):
                key.append(a.dtype)
                key.append(a.ndim)
                arrays.append(a)
            else:
                return self._call_slow(args)
        if not arrays:
            return self.func(*args)  # CuPy's rule: no array, the plain function
        key.append(scalars)
        key = tuple(key)
        prog = self._programs.get(key)
        if prog is None:
            if len(self._programs) >= 4096:  # many scalar values: keep memory bounded
                self._programs.clear()
            prog = self._programs[key] = self._trace(args, scalars)
        return prog.run(arrays)

    def _call_slow(self, args):
        if not any(isinstance(a, ndarray) for a in args):
            # CuPy's rule: without a cunum array (NumPy arrays, scalars) the
            # plain function runs.
            return self.func(*args)
        import numpy
        scalars = tuple(i for i, a in enumerate(args) if isinstance(a, numpy.generic))
        return self._call([_as_arg(a, self.name) for a in args], scalars)

    def _trace(self, args, scalars):
        tr = _Tracer(self.name)
        proxies, arg_vids = [], []
        for i, a in enumerate(args):
            if isinstance(a, ndarray):
                vid = tr.new_value()
                arg_vids.append(vid)
                proxies.append(_FusionVar(tr, None, None, vid, a.ndim, i in scalars, a.dtype))
            else:
                proxies.append(a)  # a Python scalar: exactly what eager code sees
        out = self.func(*proxies)

        def result_of(x):
            if type(x) is _FusionVar:
                if x._tracer is not tr:
                    raise TypeError("cunum.fuse: the result belongs to another fused function")
                return ("vid", tr.export(x))
            if isinstance(x, tuple):
                return ("tuple", tuple(result_of(y) for y in x))
            if x is None or type(x) in _PY_SCALARS:
                return ("const", x)
            raise TypeError(f"cunum.fuse: fused function '{self.name}' returned an unsupported "
                            f"object of type {type(x).__name__}")
        result = result_of(out)
        return _Program(tr, len(args), arg_vids, result)

    def clear_cache(self):
        self._programs.clear()


def _as_arg(a, name):
    t = type(a)
    if t is ndarray or t in _PY_SCALARS:
        return a
    import numpy
    if isinstance(a, numpy.generic):
        from ._convert import asarray
        return asarray(a)  # a NumPy scalar is strong: a 0-d array, as in eager code
    if isinstance(a, ndarray):
        return a
    raise TypeError(f"cunum.fuse: unsupported argument of type {t.__name__} for fused function "
                    f"'{name}' (cunum arrays and Python or NumPy scalars are accepted)")


def fuse(*args, **kwargs):
    """cunum.fuse(func=None, *, kernel_name=None): CuPy's decorator. Used as
    ``@cunum.fuse``, ``@cunum.fuse()`` or ``@cunum.fuse(kernel_name='k')``;
    the function's elementwise work runs as one kernel per graph on the GPU
    (call by call on the CPU), with the results of the plain function."""
    for k in kwargs:
        if k != "kernel_name":
            raise TypeError(f"fuse() got an unexpected keyword argument '{k}'")
    name = kwargs.get("kernel_name")
    if len(args) == 1 and callable(args[0]):
        return Fusion(args[0], name)
    if args:
        raise TypeError("fuse() takes a function or no positional arguments")
    return lambda f: Fusion(f, name)


def set_autofuse(enabled, min_size=None):
    """Turns automatic fusion of plain expressions on or off (docs/fusion.md,
    "Automatic fusion"): elementwise ufunc calls with default options whose
    result has at least `min_size` elements (2**16 unless set here or by
    CUNUM_AUTOFUSE_MIN) are recorded and run as one kernel when a result is
    read. On by default; CUNUM_AUTOFUSE=0 in the environment turns it off.
    Returns the previous (enabled, min_size)."""
    prev = _core._autofuse_get()
    if min_size is not None:
        min_size = int(min_size)
        if min_size < 1:
            raise ValueError(f"set_autofuse: min_size must be at least 1, got {min_size}")
    _core._autofuse_set(bool(enabled), 0 if min_size is None else min_size)
    return prev


def get_autofuse():
    """(enabled, min_size) of automatic fusion (see set_autofuse)."""
    return _core._autofuse_get()


def flush_pending():
    """Runs every pending fused expression now (synchronize and event
    records do this too)."""
    _core._autofuse_flush()
