"""dtypes: cunum uses numpy.dtype objects; promotion and casting are cunum's own."""
import numpy

from . import _core
from ._convert import dtype_code, numpy_dtypes

_NUMPY_DTYPES = numpy_dtypes()

dtype = numpy.dtype
finfo = numpy.finfo
iinfo = numpy.iinfo
issubdtype = numpy.issubdtype

bool_ = numpy.bool_
int8, int16, int32, int64 = numpy.int8, numpy.int16, numpy.int32, numpy.int64
uint8, uint16, uint32, uint64 = numpy.uint8, numpy.uint16, numpy.uint32, numpy.uint64
float16, float32, float64 = numpy.float16, numpy.float32, numpy.float64
complex64, complex128 = numpy.complex64, numpy.complex128
byte, ubyte, short, ushort = numpy.byte, numpy.ubyte, numpy.short, numpy.ushort
intc, uintc, intp, uintp = numpy.intc, numpy.uintc, numpy.intp, numpy.uintp
int_, uint, longlong, ulonglong = numpy.int_, numpy.uint, numpy.longlong, numpy.ulonglong
half, single, double = numpy.half, numpy.single, numpy.double
csingle, cdouble = numpy.csingle, numpy.cdouble
generic, number, integer = numpy.generic, numpy.number, numpy.integer
signedinteger, unsignedinteger = numpy.signedinteger, numpy.unsignedinteger
inexact, floating, complexfloating = numpy.inexact, numpy.floating, numpy.complexfloating

_WEAK = {int: 1, float: 2, complex: 3}


def _classify(x, strong, weak):
    t = type(x)
    if t is bool:
        strong.append(0)
    elif t in _WEAK:
        weak.append(_WEAK[t])
    elif isinstance(x, _core.ndarray):
        strong.append(x._dtype_code)
    elif isinstance(x, (numpy.ndarray, numpy.generic)):
        strong.append(dtype_code(x.dtype))
    else:
        strong.append(dtype_code(x))


def result_type(*arrays_and_dtypes):
    """NumPy 2 result_type (NEP 50: Python scalars are weak)."""
    if not arrays_and_dtypes:
        raise ValueError("at least one array or dtype is required")
    strong, weak = [], []
    for x in arrays_and_dtypes:
        _classify(x, strong, weak)
    return _NUMPY_DTYPES[_core._result_type(strong, weak)]


def promote_types(type1, type2):
    return _NUMPY_DTYPES[_core._promote_types(dtype_code(type1), dtype_code(type2))]


def can_cast(from_, to, casting="safe"):
    if type(from_) in (int, float, complex, bool):
        raise TypeError(
            "can_cast() does not support Python ints, floats, and complex because the result "
            "used to depend on the value.\nThis change was part of adopting NEP 50, we may "
            "explicitly allow them again in the future.")
    if isinstance(from_, _core.ndarray):
        code = from_._dtype_code
    elif isinstance(from_, (numpy.ndarray, numpy.generic)):
        code = dtype_code(from_.dtype)
    else:
        code = dtype_code(from_)
    return _core._can_cast(code, dtype_code(to), casting)


def _dtype_stand_in(x):
    # NumPy's dtype routines read only a dtype from an array: an empty NumPy
    # array of a cunum array's dtype answers for it without touching its data
    return numpy.empty(0, x.dtype) if isinstance(x, _core.ndarray) else x


def min_scalar_type(a, /):
    """NumPy's min_scalar_type. Of a 0-d cunum array the value decides, so its
    one element is read (a wait for the device); of any other array, its dtype."""
    if isinstance(a, _core.ndarray):
        return a.dtype if a.ndim else numpy.min_scalar_type(numpy.asarray(a.get()))
    return numpy.min_scalar_type(a)


def common_type(*arrays):
    """NumPy's common_type (a scalar type: float64 for integers)."""
    return numpy.common_type(*[_dtype_stand_in(a) for a in arrays])


def mintypecode(typechars, typeset="GDFgdf", default="d"):
    """NumPy's mintypecode; cunum arrays count by their dtype's character."""
    chars = [t.dtype.char if isinstance(t, _core.ndarray) else t for t in typechars]
    return numpy.mintypecode(chars, typeset, default)


typename = numpy.typename
