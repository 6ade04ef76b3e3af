"""Generator's routines composed of fills: permutations, choice, dirichlet,
multinomial and multivariate_* are C++ routines (cunum/random.hpp,
src/routines/random_multivariate.cpp); these methods convert their
arguments and call them (methods of Generator, defined here to keep files
small)."""
import operator

import numpy

import cunum
from .. import _core


def _perm_index(self, n):
    """A uniformly random permutation of range(n) (cunum/random.hpp)."""
    return self._bit_generator._permute(int(n), None, None, 0)


def permutation(self, x, axis=0):
    if isinstance(x, (int, numpy.integer)):
        return _perm_index(self, x)
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
    n = operator.index(length)
    words = self._bit_generator._fill(cunum._core._random_dists["RawBits"], ((n + 3) // 4,), numpy.uint32, ())
    return cunum.asnumpy(words).astype("<u4").tobytes()[:n]


def _size(size):
    return None if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))


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
    return self._bit_generator._routine(_core._random_multinomial, _host(n), _host(pvals, numpy.float64),
                                        _size(size))


def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
    """NumPy's Generator.multivariate_hypergeometric (cunum/random.hpp):
    colors are read on the host (a copy back when a cunum array on a GPU)."""
    c = colors if isinstance(colors, cunum.ndarray) else _host(colors, numpy.int64)
    return self._bit_generator._routine(_core._random_multivariate_hypergeometric, c, int(nsample), _size(size),
                                        str(method))


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
