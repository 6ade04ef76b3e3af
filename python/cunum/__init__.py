"""cunum: NumPy on NVIDIA GPUs (and on the CPU), with a C++20/CUDA engine.

    import cunum as cn
    x = cn.arange(6).reshape(2, 3).astype("f")
    x.sum(axis=1)          # array([ 3., 12.], dtype=float32)
"""
from . import _core
from . import _convert  # registers the conversion helpers with the core
from ._core import ndarray, ufunc
from ._device import Device, get_default_device
from . import _ndarray  # noqa: F401  (attaches the methods: Note [ndarray methods in one place])
from ._routines.creation import (arange, array, asarray, ascontiguousarray, asfortranarray,
                                 asnumpy, copy, copyto, empty, empty_like, eye, full, full_like,
                                 identity, linspace, logspace, ones, ones_like, vander, zeros,
                                 zeros_like)
from ._routines.indexing import take
from ._routines.mathematical import (cumsum, cumprod, cumulative_prod, cumulative_sum,
                                     nancumprod, nancumsum)
from ._routines.mathematical import (around, round, fix, clip, nan_to_num, real, imag, angle,
                                     real_if_close, sinc, i0, diff, ediff1d, gradient, trapezoid,
                                     cross, unwrap, interp)
from ._routines.logic import (isnat, isclose, allclose, array_equal, array_equiv, iscomplex, iscomplexobj,
                              isreal, isrealobj, isscalar, isfortran, shares_memory, may_share_memory,
                              isposinf, isneginf)
from ._routines.window_functions import bartlett, blackman, hamming, hanning, kaiser
from ._routines.vectorize import vectorize
from ._routines.polynomials import (poly1d, poly, roots, polyval, polyadd, polysub, polymul, polydiv,
                                    polyder, polyint, polyfit)
from ._routines.binary import packbits, unpackbits, binary_repr, base_repr
from ._routines.sorting import (argpartition, argsort, digitize, lexsort, msort, partition, searchsorted, sort,
                                sort_complex)
from ._routines.sets import (in1d, intersect1d, isin, setdiff1d, setxor1d, union1d, unique, unique_all,
                             unique_counts, unique_inverse, unique_values)
from ._routines.indexing import (argwhere, compress, count_nonzero, delete, extract, flatnonzero, insert,
                                 nonzero, place, put, put_along_axis, putmask, take_along_axis)
from ._routines.indexing_routines import (where, choose, select, diagonal, diag, diagflat, trace,
                                          tri, tril, triu, tril_indices, triu_indices,
                                          tril_indices_from, triu_indices_from, diag_indices,
                                          diag_indices_from, fill_diagonal, mask_indices,
                                          indices, unravel_index, ravel_multi_index, ix_)
from ._routines.index_tricks import c_, r_, s_, index_exp, mgrid, ogrid
from ._routines.tiling import (tile, repeat, rollaxis, resize, append, trim_zeros, meshgrid)
from ._routines.padding import pad
from ._routines.functional import apply_along_axis, apply_over_axes, piecewise
from ._routines.misc import byte_bounds, who
from . import lib  # numpy.lib's stride_tricks and array_utils
from ._routines.arrays import (asanyarray, require, asarray_chkfinite, fromfunction, frombuffer,
                               fromiter, broadcast, shape, ndim, size)
from ._routines.manipulation import (atleast_1d, atleast_2d, atleast_3d, broadcast_arrays,
                                     broadcast_shapes, broadcast_to, expand_dims,
                                     matrix_transpose, moveaxis, permute_dims, ravel, reshape,
                                     roll, squeeze, swapaxes, transpose,
                                     concatenate, concat, stack, hstack, vstack, row_stack,
                                     dstack, column_stack, array_split, split, hsplit, vsplit,
                                     dsplit, unstack, flip, fliplr, flipud, rot90, block)
# sum, prod, max, min, argmax, argmin, any, all, nansum, nanprod, ... (one per row of the
# C++ reduction table), amax, amin
from ._routines.reductions import *  # noqa: F401,F403
from ._routines.statistics import (mean, var, std, nanvar, nanstd, nanmean, median, nanmedian, quantile,
                                   percentile, nanquantile, nanpercentile, bincount, histogram,
                                   histogram_bin_edges, histogram2d, histogramdd, average, ptp, nanmin,
                                   nanmax, nanargmin, nanargmax, correlate, convolve, cov, corrcoef)
from ._routines.linalg import (dot, einsum, einsum_path, inner, kron, matmul, matvec, outer, tensordot, vdot,
                               vecdot, vecmat)
from . import linalg
from . import exceptions  # numpy.exceptions, read lazily
from . import dtypes  # numpy.dtypes, read lazily
# Input and output, printing (docs/io-and-printing.md)
from ._routines.io import (save, load, savez, savez_compressed, savetxt, loadtxt, genfromtxt, fromfile,
                           fromstring)
from ._routines.printing import (array2string, array_repr, array_str, set_printoptions, get_printoptions,
                                 printoptions, format_float_positional, format_float_scientific)
from . import _ufunc  # noqa: F401  (attaches ufunc.reduce)
from . import cuda
from . import fft  # cunum.fft: numpy.fft on cuFFT / the CPU's own FFT
# User-written kernels (docs/user-kernels.md)
from ._kernels import ElementwiseKernel, RawKernel, RawModule, ReductionKernel
from ._fusion import fuse, get_autofuse, set_autofuse  # kernel fusion (docs/fusion.md)
from .cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool
# Interchange and the array API (docs/interop.md, docs/array-api.md)
from ._routines.interop import from_dlpack
from ._routines.array_api import (__array_api_version__, __array_namespace_info__, astype, info,
                                  isdtype)


def show_config(*, _full=False):
    """Prints the versions of cunum, Python, NumPy, the CUDA runtime, driver
    and NVRTC, the CUDA libraries found and the devices (CuPy's show_config)."""
    from ._show_config import show_config as show
    show(_full=_full)


import sys as _sys
from . import _dask  # Note [Dask registrations]: imports no Dask
if "dask" in _sys.modules:  # Dask imported first
    _dask.register_loaded()
if "dask.array" not in _sys.modules:
    _dask.install_import_hook()
del _sys

from ._core import (absolute, add, bitwise_and, bitwise_or, bitwise_xor, cos, divide, divmod, equal, hypot,
                    exp, floor_divide, frexp, greater, greater_equal, invert, ldexp, left_shift,
                    less, less_equal, log, logical_and, logical_not, logical_or, logical_xor,
                    maximum, minimum, modf, multiply, negative, not_equal, positive, power,
                    remainder, right_shift, sin, sqrt, subtract, tanh)
from ._core import (arccos, arccosh, arcsin, arcsinh, arctan, arctan2, arctanh, bitwise_count,
                    cbrt, ceil, conjugate, copysign, cosh, deg2rad, degrees, exp2, expm1, fabs,
                    float_power, floor, fmax, fmin, fmod, gcd, heaviside, isfinite, isinf, isnan,
                    lcm, log10, log1p, log2, logaddexp, logaddexp2, nextafter, rad2deg, radians,
                    reciprocal, rint, sign, signbit, sinh, spacing, square, tan, trunc)

abs = absolute
true_divide = divide
mod = remainder
bitwise_not = invert
bitwise_invert = invert
bitwise_left_shift = left_shift
bitwise_right_shift = right_shift
pow = power
conj = conjugate
acos = arccos
acosh = arccosh
asin = arcsin
asinh = arcsinh
atan = arctan
atanh = arctanh
atan2 = arctan2

import math as _math
newaxis = None
pi = _math.pi
e = _math.e
inf = _math.inf
nan = _math.nan
del _math

# Note [Lazy NumPy]
# Importing NumPy costs 90-300 ms, most of `import cunum`. Nothing on cunum's
# own paths needs it (dtype names and Python types resolve without it; x.dtype
# imports it on first use), so the names that *are* NumPy's (cunum.float32,
# cunum.dtype, cunum.finfo, ... from _dtypes) are looked up on first access
# (PEP 562), and that first access imports NumPy. Modules loaded at import
# that use NumPy inside their functions name it through _lazy_numpy.LazyNumpy,
# and cunum.random (which needs NumPy to load) is itself imported at its first
# use; tests/python/test_import.py checks that `import cunum` loads no NumPy
# (stops 16-25 had it imported by statistics and random: ~100 ms).
_DTYPE_NAMES = frozenset((
    "dtype", "finfo", "iinfo", "issubdtype", "can_cast", "promote_types", "result_type",
    "min_scalar_type", "common_type", "mintypecode", "typename",
    "bool", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "byte", "ubyte", "short",
    "ushort", "intc", "uintc", "intp", "uintp", "int_", "uint", "longlong", "ulonglong", "half",
    "single", "double", "csingle", "cdouble", "generic", "number", "integer", "signedinteger",
    "unsignedinteger", "inexact", "floating", "complexfloating"))


# errstate & co. (Note [Floating-point error settings] in _errstate.py), also
# loaded on first access.
_ERRSTATE_NAMES = frozenset(("errstate", "geterr", "geterrcall", "seterr", "seterrcall"))


def __getattr__(name):
    if name == "random":
        # cunum.random (docs/random.md) is imported at its first use: it
        # needs NumPy (SeedSequence, dtypes), which `import cunum` must not load
        import importlib
        return importlib.import_module(".random", __name__)
    if name in _ERRSTATE_NAMES:
        from . import _errstate
        value = getattr(_errstate, name)
        globals()[name] = value
        return value
    if name in _DTYPE_NAMES:
        from . import _dtypes
        value = getattr(_dtypes, "bool_" if name == "bool" else name)  # numpy.bool is numpy.bool_
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cunum' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | _DTYPE_NAMES | _ERRSTATE_NAMES | {"random"})

__version__ = "0.1.0"


def get_array_module(*args):
    """cunum if any argument is a cunum array, else numpy (as in CuPy)."""
    import numpy
    for a in args:
        if isinstance(a, ndarray):
            import cunum
            return cunum
    return numpy
