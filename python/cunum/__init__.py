"""cunum: NumPy on NVIDIA GPUs (and on the CPU), with a C++20/CUDA engine.

    import cunum as cn
    x = cn.arange(6).reshape(2, 3).astype("f")
    x.sum(axis=1)          # array([ 3., 12.], dtype=float32)
"""
from . import _core
from . import _convert  # registers the conversion helpers with the core
from ._core import ndarray, ufunc
from ._dtypes import *  # noqa: F401,F403  (numpy dtype objects and scalar types)
from ._dtypes import can_cast, dtype, finfo, iinfo, issubdtype, promote_types, result_type
from ._device import Device, get_default_device
from . import _ndarray  # noqa: F401  (installs Python-level ndarray methods)
from ._creation import (arange, array, asarray, ascontiguousarray, asfortranarray, asnumpy,
                        copy, copyto, empty, empty_like, eye, full, full_like, identity,
                        linspace, logspace, ones, ones_like, zeros, zeros_like)
from ._manipulation import (atleast_1d, atleast_2d, atleast_3d, broadcast_arrays,
                            broadcast_shapes, broadcast_to, expand_dims, matrix_transpose,
                            moveaxis, permute_dims, ravel, reshape, squeeze, swapaxes, transpose)
from ._reductions import all, amax, amin, any, argmax, argmin, max, mean, min, prod, sum
from . import cuda
from .cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool

from ._core import (absolute, add, bitwise_and, bitwise_or, bitwise_xor, cos, equal, exp,
                    floor_divide, greater, greater_equal, invert, left_shift, less, less_equal,
                    log, logical_and, logical_not, logical_or, logical_xor, maximum, minimum,
                    multiply, negative, not_equal, positive, power, remainder, right_shift, sin,
                    sqrt, subtract, tanh, true_divide)

abs = absolute
divide = true_divide
mod = remainder
bitwise_not = invert
bitwise_invert = invert
bitwise_left_shift = left_shift
bitwise_right_shift = right_shift
pow = power

import numpy as _numpy
newaxis = None
pi = _numpy.pi
e = _numpy.e
inf = _numpy.inf
nan = _numpy.nan
del _numpy

__version__ = "0.1.0"


def get_array_module(*args):
    """cunum if any argument is a cunum array, else numpy (as in CuPy)."""
    import numpy
    for a in args:
        if isinstance(a, ndarray):
            import cunum
            return cunum
    return numpy
