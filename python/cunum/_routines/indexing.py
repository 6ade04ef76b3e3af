"""Indexing routines with NumPy's signatures (NumPy's "Indexing routines"
chapter); the C++ side is python/src/bind_indexing.cpp."""
import operator

from .. import _core
from .._convert import asarray as _as
from ._args import _a, _ret

ndarray = _core.ndarray


def take(a, indices, axis=None, out=None, mode="raise"):
    return _ret(_core._take(_a(a), indices, axis, out, mode), out)


def _index_array(x, device):
    """indices= that is not a cunum array or a Python int, as NumPy converts
    it (to intp, same-kind casting): an integer or bool NumPy array or scalar
    keeps its dtype (uint64 wraps in the gather, as NumPy's cast does); a
    float or complex array is NumPy's TypeError; lists, Python floats and
    strings go through int() as NumPy's conversion does. Made on `device`
    (the array's)."""
    import numpy
    if isinstance(x, (numpy.ndarray, numpy.integer, numpy.bool_)):
        x = numpy.asarray(x)
        if x.dtype.kind not in "biu":
            what = "array data" if x.ndim else "scalar"
            raise TypeError(f"Cannot cast {what} from {x.dtype!r} to dtype('int64') "
                            "according to the rule 'same_kind'")
        return _as(x, device=device)
    return _as(numpy.array(x, dtype=numpy.intp), device=device)


_BAD_INDEX = ("only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and "
              "integer or boolean arrays are valid indices")


def _key_array(x, device):
    """An item of x[key] that is a sequence, a NumPy array or a NumPy scalar,
    as NumPy converts it: a list or tuple becomes an array (an empty one is
    intp); integer and bool arrays keep their dtype; a float array is
    NumPy's 'arrays used as indices' IndexError, a sequence of floats (or
    anything that is not a number) its 'only integers ...' IndexError; a ragged sequence NumPy's ValueError. Made
    on `device` (the indexed array's)."""
    import numpy
    is_array = isinstance(x, (numpy.ndarray, numpy.generic)) or hasattr(x, "__array__")
    try:
        arr = numpy.asarray(x)
    except ValueError:
        if isinstance(x, (list, tuple)):
            raise  # a ragged sequence: NumPy's "inhomogeneous shape" ValueError
        raise IndexError(_BAD_INDEX) from None
    except Exception:
        raise IndexError(_BAD_INDEX) from None
    if arr.dtype.kind not in "biu":
        if arr.size == 0 and not is_array:
            arr = arr.astype(numpy.intp)
        elif is_array:
            raise IndexError("arrays used as indices must be of integer (or boolean) type")
        else:
            raise IndexError(_BAD_INDEX)
    return _as(arr, device=device)


# ------------------------------------------------------ the nonzero family

def nonzero(a):
    """NumPy's nonzero. The result's size needs one wait for the device (the
    count of non-zero entries), as in CuPy."""
    return _core._nonzero(_a(a))


def flatnonzero(a):
    """NumPy's flatnonzero (one wait for the device: the count)."""
    return _core._flatnonzero(_a(a))


def argwhere(a):
    """NumPy's argwhere (one wait for the device: the count)."""
    return _core._argwhere(_a(a))


def count_nonzero(a, axis=None, *, keepdims=False):
    """NumPy's count_nonzero: a reduction, so no wait for the device; the
    result is an array (a 0-d one for axis=None, as CuPy), not a Python int."""
    return _core._count_nonzero(_a(a), axis, bool(keepdims))


def compress(condition, a, axis=None, out=None):
    """NumPy's compress (one wait for the device: the count)."""
    c = _a(condition)
    return _ret(_core._compress(c, _a(a), axis, out), out)


def extract(condition, arr):
    """NumPy's extract (one wait for the device: the count)."""
    return _core._extract(_a(condition), _a(arr))


# ------------------------------------------------------------- writes

def _writable(a, name):
    if not isinstance(a, ndarray):
        raise TypeError(f"{name}() argument 1 must be cunum.ndarray, not {type(a).__name__}")
    return a


def _values(a, v, safe):
    """The values of put, putmask, place and flat[...] = v as NumPy converts
    them: an array (or anything with ``__array__``, the CUDA array interface
    or DLPack) and a NumPy scalar keep their dtype (put and flat cast them
    unsafely; putmask and place need a safe cast, else NumPy's TypeError);
    Python scalars and sequences take a's dtype with NumPy's checks (an int
    out of range: OverflowError; NaN into an integer: ValueError), as in
    ``a[i] = v``."""
    import numpy
    if isinstance(v, numpy.generic):
        return _as(v, device=a.device)
    if isinstance(v, (ndarray, numpy.ndarray)) or any(
            hasattr(v, k) for k in ("__array__", "__cuda_array_interface__", "__dlpack__")):
        v = _as(v, device=a.device)
        if safe and not numpy.can_cast(v.dtype, a.dtype, "safe"):
            what = "scalar" if v.ndim == 0 else "array data"
            raise TypeError(f"Cannot cast {what} from {v.dtype!r} to {a.dtype!r} according to the rule 'safe'")
        return v
    return _core._value_array(a, v)


def _mask_of(a, mask, name):
    # NumPy checks the mask's size before it converts the values
    mask = _as(mask, device=a.device)
    if mask.size != a.size:
        raise ValueError(f"{name}: mask and data must be the same size")
    return mask


def put(a, ind, v, mode="raise"):
    """NumPy's put: a.flat[ind] = v, v repeated to the length of ind. On the
    GPU, repeated indices keep one of their values (which one is unspecified)."""
    a = _writable(a, "put")
    if isinstance(ind, ndarray):
        if ind.dtype.kind in "fc":
            ind = ind.astype("int64")  # NumPy converts put's indices unsafely
    else:
        import numpy
        ind = numpy.asarray(ind)
        if ind.dtype.kind == "f" or (ind.size == 0 and ind.dtype.kind not in "iub"):
            ind = ind.astype(numpy.intp)
    _core._put(a, ind, _values(a, v, False), mode)


def putmask(a, mask, values):
    """NumPy's putmask: a.flat[i] = values.flat[i % len(values)] where mask."""
    a = _writable(a, "putmask")
    mask = _mask_of(a, mask, "putmask")
    values = _values(a, values, True)
    if values.size == 0:
        return  # NumPy: nothing to put
    _core._putmask(a, mask, values)


def place(arr, mask, vals):
    """NumPy's place: the true entries of mask take vals in turn (repeated);
    one wait for the device (the count)."""
    arr = _writable(arr, "place")
    _core._place(arr, _mask_of(arr, mask, "place"), _values(arr, vals, True))


def take_along_axis(arr, indices, axis=-1):
    return _core._take_along_axis(_a(arr), _a(indices), axis)


def put_along_axis(arr, indices, values, axis):
    arr = _writable(arr, "put_along_axis")
    indices = _as(indices, device=arr.device)
    # NumPy checks the indices before it converts values (a bad index array
    # with an out-of-range Python int is NumPy's ValueError, not an OverflowError)
    if axis is not None:
        if not -arr.ndim <= axis < arr.ndim:
            import numpy
            raise numpy.exceptions.AxisError(axis, arr.ndim)
        if indices.dtype.kind not in "iu":
            raise IndexError("`indices` must be an integer array")
        if indices.ndim != arr.ndim:
            raise ValueError("`indices` and `arr` must have the same number of dimensions")
    _core._put_along_axis(arr, indices, values, axis)


# ------------------------------------------------------ insert and delete
# Written in C++ (cunum::insert / cunum::delete_, src/routines/inserting.cpp).
_CPU = _core.Device("cpu")

def _insert_obj(obj):
    """obj as the C++ side takes it: a slice, a Python int, a cunum array;
    anything else through NumPy's conversion, as a CPU array (the positions
    are read on the host: no transfer). As NumPy: an empty obj that is not
    an array (`[]`) is an empty list of integer positions. A dtype cunum has
    no array of (object, str) stands in as a float array of its shape, which
    the C++ side refuses as NumPy refuses the original (IndexError)."""
    import numpy
    if isinstance(obj, (slice, ndarray)) or (isinstance(obj, int) and not isinstance(obj, bool)):
        return obj
    h = numpy.asarray(obj)
    if h.size == 0 and not isinstance(obj, numpy.ndarray):
        h = h.astype(numpy.intp)
    elif h.dtype.kind not in "biufc":
        h = numpy.zeros(h.shape, numpy.float64)
    return _as(h, device=_CPU)


def _axis_arg(axis):
    return None if axis is None else operator.index(axis)  # NumPy's: True is axis 1


def delete(arr, obj, axis=None):
    """NumPy's delete. obj: an int, a slice, a sequence or array of ints, or a
    boolean mask of the axis's length. A cunum array obj on the GPU is read
    back (one wait: its values decide the result's shape)."""
    return _core._delete(_a(arr), _insert_obj(obj), _axis_arg(axis))


def insert(arr, obj, values, axis=None):
    """NumPy's insert. obj: an int, a slice, a sequence or array of ints (or
    a boolean mask, taken as its nonzero positions, as NumPy does). A cunum
    array obj on the GPU is read back (one wait: it decides the shape)."""
    arr = _a(arr)
    return _core._insert(arr, _insert_obj(obj), _values(arr, values, False), _axis_arg(axis))


# ------------------------------------------------------------ ndarray.flat

class flatiter:
    """ndarray.flat: the array as one dim in C order. Reading gives what
    a.ravel()[key] gives; writing a.flat[key] = v repeats v (flattened) over
    the selection, as NumPy does; iteration runs over the elements."""

    def __init__(self, base):
        self._base = base
        self._index = 0

    @property
    def base(self):
        return self._base

    @property
    def index(self):
        """The flat index of the next element (NumPy's flatiter.index)."""
        return self._index

    @property
    def coords(self):
        """The N-d index of the next element (NumPy's flatiter.coords)."""
        import numpy
        return tuple(int(c) for c in numpy.unravel_index(self._index, self._base.shape))

    def __len__(self):
        return self._base.size

    def _flat(self):
        from .manipulation import ravel
        return ravel(self._base)

    # The flatiter is its own iterator, as NumPy's: iter(a.flat) is a.flat, and
    # next() moves its index. Each element is read at its N-d index, so a
    # strided base is never copied and writes during the loop are seen.
    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self._base.size:
            raise StopIteration
        item = self._base[self.coords]
        self._index += 1
        return item

    @staticmethod
    def _check_key(key):
        # a flatiter has no new axes: NumPy's IndexError for None
        if key is None or (isinstance(key, tuple) and any(k is None for k in key)):
            raise IndexError("only integers, slices (`:`), ellipsis (`...`) and integer or boolean "
                             "arrays are valid indices")

    def __getitem__(self, key):
        self._check_key(key)
        r = self._flat()[key]
        # NumPy's flat indexing gives a copy (or a scalar), never a view.
        return r.copy() if isinstance(r, ndarray) and r._shares_memory_with(self._base) else r

    def __setitem__(self, key, value):
        self._check_key(key)
        a = self._base
        contiguous = a._c_contiguous
        flat = a.reshape(-1) if contiguous else a._copy("C").reshape(-1)
        sel_shape = flat[key].shape if not isinstance(key, int) else ()
        n = 1
        for s in sel_shape:
            n *= s
        v = _values(a, value, False)
        if n == 0:
            return  # NumPy converts the value, then writes nothing
        if v.dtype != a.dtype:
            v = v.astype(a.dtype)
        if v.size != n:
            if v.size == 0:
                return
            v = take(v.reshape(-1), _arange(n, a.device), mode="wrap")
        flat[key] = v.reshape(sel_shape) if v.size == n else v
        if not contiguous:
            a[...] = flat.reshape(a.shape)

    def copy(self):
        return self._flat().copy()

    def __array__(self, dtype=None, copy=None):
        import numpy
        return numpy.asarray(self._flat().get(), dtype=dtype)

    def __repr__(self):
        return f"<cunum.flatiter of {self._base.shape} {self._base.dtype}>"


def _arange(n, device):
    from .creation import arange
    return arange(n, device=device)
