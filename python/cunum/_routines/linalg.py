"""Matrix and vector products with NumPy 2's signatures (NumPy's "Linear
algebra" chapter, the part outside numpy.linalg); the C++ side is
python/src/bind_linalg.cpp and src/routines/products*.cpp. Every product is
a GEMM of the backend's BLAS family: cuBLAS on the GPU, OpenBLAS on the CPU
(docs/linalg.md)."""
import operator

from .. import _core
from ._args import _a, _ret
from .arrays import _axis
from .manipulation import moveaxis

ndarray = _core.ndarray

_MATMUL_TYPES = ['??->?', 'bb->b', 'BB->B', 'hh->h', 'HH->H', 'ii->i', 'II->I', 'll->l', 'LL->L',
                 'qq->q', 'QQ->Q', 'ee->e', 'ff->f', 'dd->d', 'FF->F', 'DD->D']


def _signature_dtype(signature, dtype):
    # NumPy's signature= names the loop; its output type is what dtype= says.
    if signature is None:
        return dtype
    if dtype is not None:
        raise TypeError("cannot specify both 'signature' and 'dtype'")
    if isinstance(signature, str):
        return signature.split("->")[-1].strip() or None
    if isinstance(signature, (tuple, list)):
        outs = [s for s in signature if s is not None]
        return outs[-1] if outs else None
    raise TypeError("the signature object to ufunc must be a string or a tuple.")


def _out1(out):
    # out= as a ufunc takes it: an array, or a 1-tuple holding one (or None).
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is not None and not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    return out


def _as_axes(ax):
    if isinstance(ax, (tuple, list)):
        return [operator.index(a) for a in ax]
    return [operator.index(ax)]


def _core_axes(ax, ndim, item):
    """One entry of a gufunc's axes=: NumPy's AxisError for an axis out of
    range (arrays._axis) and its ValueError for a repeated one."""
    seen = []
    for a in ax:
        a = _axis(a, ndim)
        if a in seen:
            raise ValueError(f"axes item {item} has value {a} repeated")
        seen.append(a)
    return ax


class _ProductGufunc:
    """A NumPy gufunc of two inputs and one output whose loop is a GEMM
    (matmul, vecdot, matvec, vecmat): out=, dtype=, casting=, order=,
    axes= (and axis= where NumPy allows it) as NumPy's."""

    nin, nout, nargs, identity = 2, 1, 3, None

    def __init__(self, name, signature, core, cores, ndistinct, doc):
        self.__name__ = self.__qualname__ = name
        self.signature = signature
        self.types = list(_MATMUL_TYPES)
        self.ntypes = len(self.types)
        self._core = core
        self._cores = cores          # (x1, x2) -> core ndims of (x1, x2, out)
        self._ndistinct = ndistinct  # distinct core dims (NumPy's axis= message)
        self.__doc__ = doc

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    def __call__(self, x1, x2, /, out=None, *, casting="same_kind", order="K", dtype=None, subok=True,
                 signature=None, axes=None, axis=None):
        x1, x2 = _a(x1), _a(x2)
        out = _out1(out)
        dtype = _signature_dtype(signature, dtype)
        if order not in ("K", "A", "C", "F", None):
            raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")
        if axis is not None:
            if axes is not None:
                raise TypeError("cannot specify both 'axis' and 'axes'")
            if self._ndistinct != 1:
                raise TypeError(f"{self.__name__}: axis can only be used with a single shared core dimension, "
                                f"not with the {self._ndistinct} distinct ones implied by signature "
                                f"{self.signature}.")
            return self._core(x1, x2, out, dtype, casting, axis)
        if axes is None:
            return self._core(x1, x2, out, dtype, casting)
        cores = self._cores(x1, x2)
        nops = 3 if cores[2] else 2
        if not isinstance(axes, (list, tuple)) or len(axes) not in (2, 3) or (len(axes) == 2 and cores[2]):
            raise ValueError(f"axes should be a list with an entry for all 3 inputs and outputs; "
                             f"entries for outputs can only be omitted if none of them has core axes.")
        moved = []
        for item, (x, ax, k) in enumerate(((x1, axes[0], cores[0]), (x2, axes[1], cores[1]))):
            ax = _as_axes(ax)
            if len(ax) != k:
                raise ValueError(f"{self.__name__}: operand has {k} core dimensions, but {len(ax)} axes given")
            _core_axes(ax, x.ndim, item)
            moved.append(moveaxis(x, ax, list(range(-k, 0))))
        if nops == 2:
            return self._core(moved[0], moved[1], out, dtype, casting)
        oax = _as_axes(axes[2])
        k = cores[2]
        if len(oax) != k:
            raise ValueError(f"{self.__name__}: output has {k} core dimensions, but {len(oax)} axes given")
        if out is not None:
            self._core(moved[0], moved[1], moveaxis(out, oax, list(range(-k, 0))), dtype, casting)
            return out
        r = self._core(moved[0], moved[1], None, dtype, casting)
        return moveaxis(r, list(range(-k, 0)), oax)


def _matmul_cores(a, b):
    return (1 if a.ndim == 1 else 2, 1 if b.ndim == 1 else 2, (a.ndim != 1) + (b.ndim != 1))


matmul = _ProductGufunc(
    "matmul", "(n?,k),(k,m?)->(n?,m?)", _core._matmul, _matmul_cores, 3,
    "Matrix product of two arrays, batched and broadcast over the leading dimensions (NumPy's matmul).")
vecdot = _ProductGufunc(
    "vecdot", "(n),(n)->()",
    lambda a, b, out, dtype, casting, axis=-1: _core._vecdot(a, b, operator.index(axis), out, dtype, casting),
    lambda a, b: (1, 1, 0), 1, "Vector dot product conj(x1) . x2 along the last axis (NumPy's vecdot).")
matvec = _ProductGufunc(
    "matvec", "(m,n),(n)->(m)", _core._matvec, lambda a, b: (2, 1, 1), 2,
    "Matrix-vector product (NumPy's matvec).")
vecmat = _ProductGufunc(
    "vecmat", "(n),(n,m)->(m)", _core._vecmat, lambda a, b: (1, 2, 1), 2,
    "Vector-matrix product conj(x1) . x2 (NumPy's vecmat).")


def dot(a, b, out=None):
    return _ret(_core._dot(_a(a), _a(b), out), out)


def vdot(a, b, /):
    return _core._vdot(_a(a), _a(b))


def inner(a, b, /):
    return _core._inner(_a(a), _a(b))


def outer(a, b, out=None):
    return _ret(_core._outer(_a(a), _a(b), out), out)


def tensordot(a, b, axes=2):
    a, b = _a(a), _a(b)
    try:
        iter(axes)
    except TypeError:
        return _core._tensordot_n(a, b, operator.index(axes))
    axes_a, axes_b = axes
    try:
        axes_a = [operator.index(x) for x in axes_a]
    except TypeError:
        axes_a = [operator.index(axes_a)]
    try:
        axes_b = [operator.index(x) for x in axes_b]
    except TypeError:
        axes_b = [operator.index(axes_b)]
    return _core._tensordot(a, b, axes_a, axes_b)


def kron(a, b):
    return _core._kron(_a(a), _a(b))


def matrix_power(a, n):
    try:
        n = operator.index(n)
    except TypeError as e:
        raise TypeError("exponent must be an integer") from e
    return _core._matrix_power(_a(a), n)


def _sublist_subscripts(args):
    """NumPy's interleaved form einsum(op0, sublist0, op1, sublist1, ..., [sublistout])."""
    ops, parts = [], []

    def term(sub):
        s = ""
        for x in sub:
            if x is Ellipsis:
                s += "..."
            else:
                x = operator.index(x)
                if not 0 <= x < 52:
                    raise ValueError("subscript is not within the valid range [0, 52)")
                s += chr(ord("a") + x) if x < 26 else chr(ord("A") + x - 26)
        return s
    args = list(args)
    while len(args) >= 2:
        ops.append(args.pop(0))
        parts.append(term(args.pop(0)))
    subscripts = ",".join(parts)
    if args:
        subscripts += "->" + term(args[0])
    return subscripts, ops


def _optimize_name(optimize):
    if optimize is False or optimize is None:
        return "none"
    if optimize is True or optimize in ("greedy", "optimal"):
        return "greedy"
    if isinstance(optimize, (list, tuple)) and optimize and optimize[0] == "einsum_path":
        return "greedy"  # an explicit path: cunum contracts in its own greedy order (the same result)
    if (isinstance(optimize, tuple) and len(optimize) == 2 and isinstance(optimize[0], str)
            and isinstance(optimize[1], (int, float))):
        # NumPy's (strategy, memory limit): the limit only changes the order of
        # the contractions, not the result; cunum contracts in its greedy order.
        return "greedy"
    raise TypeError("Did not understand the path: %s" % (optimize,))


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """NumPy's einsum; each pairwise contraction is one (batched) GEMM
    (Note [einsum pairwise]). optimize=False contracts left to right."""
    if not operands:
        raise ValueError("must specify the einstein sum subscripts string and at least one operand")
    if isinstance(operands[0], str):
        subscripts, ops = operands[0], list(operands[1:])
    else:
        subscripts, ops = _sublist_subscripts(operands)
    out = _out1(out)
    arrays = [_a(x) for x in ops]
    r = _core._einsum(subscripts.replace(" ", ""), arrays, out, dtype, casting, _optimize_name(optimize))
    if len(arrays) == 1 and out is None:
        arrays[0]._note_view(r)  # a view of the operand has it as its base (Note [View bases])
    return _ret(r, out)


def einsum_path(*operands, optimize="greedy", einsum_call=False):
    if isinstance(operands[0], str):
        subscripts, ops = operands[0], list(operands[1:])
    else:
        subscripts, ops = _sublist_subscripts(operands)
    shapes = [tuple(getattr(x, "shape", None) or _a(x).shape) for x in ops]
    path, report = _core._einsum_path(subscripts.replace(" ", ""), shapes, _optimize_name(optimize))
    return path, report
