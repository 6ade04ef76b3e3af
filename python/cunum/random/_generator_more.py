"""Generator's routines composed of fills: permutations, choice, dirichlet,
multinomial and multivariate_* are C++ routines (cunum/random.hpp,
src/routines/random_multivariate.cpp); these methods convert their
arguments and call them (methods of Generator, defined here to keep files
small)."""
import builtins
import operator

import numpy

import cunum
from .. import _core
from ._args import I64_MAX, int64_param, python_int, shape_of


def _perm_index(self, n):
    """A uniformly random permutation of range(n) (cunum/random.hpp)."""
    return self._bit_generator._permute(int(n), None, None, 0)


def permutation(self, x, axis=0):
    if isinstance(x, (int, numpy.integer)):
        if x > I64_MAX:
            raise ValueError("Maximum allowed size exceeded")
        return _perm_index(self, x)
    if not isinstance(x, cunum.ndarray) and numpy.ndim(x) == 0:
        # NumPy makes an array of it: 0-d, so axis 0 is out of range
        raise numpy.exceptions.AxisError(f"axis {operator.index(axis)} is out of bounds for array of dimension 0")
    return self._bit_generator._permute(cunum.asarray(x), operator.index(axis), None, 1)


def shuffle(self, x, axis=0):
    if not isinstance(x, cunum.ndarray):
        raise TypeError("shuffle needs a cunum.ndarray (shuffled in place)")
    self._bit_generator._permute(x, operator.index(axis), None, 2)


def permuted(self, x, axis=None, out=None):
    a = cunum.asarray(x)
    r = self._bit_generator._permute(a, None if axis is None else operator.index(axis), None, 3)
    if out is None:
        return r
    if tuple(out.shape) != tuple(a.shape):
        raise ValueError("out must have the same shape as x")
    cunum.copyto(out, r)
    return out


def bytes(self, length):
    """`length` random bytes (a host copy: Python bytes live on the host)."""
    if isinstance(length, (str, builtins.bytes)):  # this module's `bytes` is the method
        raise TypeError("an integer is required")
    n = max(python_int(length), 0)  # NumPy truncates a float length
    words = self._bit_generator._fill(cunum._core._random_dists["RawBits"], ((n + 3) // 4,), numpy.uint32, ())
    return cunum.asnumpy(words).astype("<u4").tobytes()[:n]


_size = shape_of


def _host(x, dtype=None):
    """A small parameter array as NumPy reads it: a cunum array as it is (the
    C++ routine reads it back), anything else converted on the host and
    given on the CPU device (no transfer to a GPU and back)."""
    if isinstance(x, cunum.ndarray):
        return x
    return cunum.asarray(numpy.asarray(x, dtype=dtype), device="cpu")


def _population_ndim(a):
    """choice's `a`: None for a population size (an integer or a 0-d integer
    array), else its number of dimensions (as NumPy reads it: None, a float or
    a string is 0-d)."""
    if isinstance(a, (int, numpy.integer)):  # bool too: True is a population of 1, as in NumPy
        return None
    if isinstance(a, cunum.ndarray):
        return None if a.ndim == 0 and a.dtype.kind in "iu" else a.ndim
    nd = numpy.ndim(a)
    return None if nd == 0 and numpy.asarray(a).dtype.kind in "iu" else nd


def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
    """NumPy's Generator.choice (cunum/random.hpp). With `p`, its checks
    (non-negative, sums to 1, and without replacement enough non-zero
    entries) each read one value back from the device (a synchronisation)."""
    if _population_ndim(a) is None:
        a = int(a)  # NumPy takes a 0-d integer array as the population's size too
        if a > I64_MAX:
            raise ValueError("high is out of bounds for int64")
    elif _population_ndim(a) == 0:
        raise ValueError(f"a must be a sequence or an integer, not {type(a)}")
    else:
        a = cunum.asarray(a)
    if p is not None and not isinstance(p, cunum.ndarray):
        p = cunum.asarray(p, dtype=numpy.float64)
    return self._bit_generator._routine(_core._random_choice, a, _size(size), bool(replace), p, axis, bool(shuffle))


def dirichlet(self, alpha, size=None):
    """NumPy's Generator.dirichlet (cunum/random.hpp): alpha is read on the
    host (a copy back when it is a cunum array on a GPU)."""
    # NumPy asks alpha's length first: a scalar raises TypeError there
    if isinstance(alpha, cunum.ndarray):
        if alpha.ndim == 0:
            raise TypeError("len() of unsized object")
    else:
        len(alpha)
    return self._bit_generator._routine(_core._random_dirichlet, _host(alpha, numpy.float64), _size(size))


def multinomial(self, n, pvals, size=None):
    """NumPy's Generator.multinomial (cunum/random.hpp): n and pvals are read
    on the host (a copy back when they are cunum arrays on a GPU)."""
    # n as NumPy reads it: int() of a Python number, an array cast safely to int64
    n = int64_param(n)
    return self._bit_generator._routine(_core._random_multinomial, _host(n), _host(pvals, numpy.float64),
                                        _size(size))


def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
    """NumPy's Generator.multivariate_hypergeometric (cunum/random.hpp):
    colors are read on the host (a copy back when a cunum array on a GPU)."""
    return self._bit_generator._routine(_core._random_multivariate_hypergeometric, _colors(colors),
                                        _nsample(nsample), _size(size), str(method))


_COLORS = "colors must be a one-dimensional sequence of nonnegative integers not exceeding 9223372036854775807."


def _colors(colors):
    """multivariate_hypergeometric's colors: a cunum array as it is (the C++
    routine checks it), a host sequence through NumPy with NumPy's one
    message for every way it can be wrong."""
    if isinstance(colors, cunum.ndarray):
        return colors
    try:
        a = numpy.asarray(colors)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(_COLORS) from None
    if a.ndim != 1 or (a.size and a.dtype.kind not in "biu") or (a.dtype.kind == "u" and a.size and
                                                                 a.max() > I64_MAX):
        raise ValueError(_COLORS)
    return cunum.asarray(a.astype(numpy.int64), device="cpu")


def _nsample(nsample):
    """multivariate_hypergeometric's nsample: an integer (bool, NumPy integer
    or 0-d integer array), as NumPy requires."""
    if isinstance(nsample, (cunum.ndarray, numpy.ndarray)):
        if nsample.ndim != 0 or nsample.dtype.kind not in "biu":
            raise ValueError("nsample must be an integer")
        nsample = nsample.item()
    elif not isinstance(nsample, (int, numpy.integer)):
        raise ValueError("nsample must be an integer")
    if int(nsample) > I64_MAX:
        raise ValueError("nsample must not exceed 9223372036854775807")
    return int(nsample)


def multivariate_normal(self, mean, cov, size=None, check_valid="warn", tol=1e-8, *, method="svd"):
    """mean + z @ A.T with A A^T = cov, NumPy's algorithm, on the device.

    The k x k factor A is computed by cunum.linalg (cuSOLVER on the GPU) on
    the output's device: `svd` (A = U sqrt(S)), `eigh` (A = U sqrt(|w|)) or
    `cholesky` (A = L; a covariance that is not positive definite raises
    LinAlgError). With check_valid 'warn' or 'raise' and method svd or
    eigh, NumPy's test that cov is positive semi-definite (svd: U S V^H
    close to cov within `tol`; eigh: no eigenvalue below -tol) is evaluated
    on the device and its one boolean read back. Host synchronisations: the
    factorization's own LinAlgError check reads its info array back (every
    method, as cunum.linalg does; docs/linalg.md), and the check adds that
    one boolean (not with check_valid='ignore' or method='cholesky').
    The C++ routine: cunum::random::multivariate_normal (cunum/random.hpp).
    """
    x, not_psd = self._bit_generator._routine(_core._random_multivariate_normal, cunum.asarray(mean),
                                              cunum.asarray(cov), _size(size), str(check_valid), float(tol),
                                              str(method))
    if not_psd:
        import warnings
        warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=2)
    return x
