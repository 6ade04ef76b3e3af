"""Generator's routines built on the distributions and on cunum's sort,
take and cumsum (methods of Generator, defined here to keep files small)."""
import operator

import numpy

import cunum


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


def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
    if isinstance(a, (int, numpy.integer)):
        pop = int(a)
        if pop < 0:
            raise ValueError("a must be a positive integer unless no samples are taken")
        arr = None
    else:
        arr = cunum.asarray(a)
        if arr.ndim == 0:
            raise ValueError("a must be a sequence or an integer, not a 0-d array")
        axis = operator.index(axis)
        if not -arr.ndim <= axis < arr.ndim:
            raise numpy.exceptions.AxisError(f"axis {axis} is out of bounds for array of dimension {arr.ndim}")
        pop = arr.shape[axis]
    shape = () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))
    k = int(numpy.prod(shape, dtype=numpy.int64))
    if pop == 0 and k != 0:
        raise ValueError("a cannot be empty unless no samples are taken" if arr is not None else
                         "a must be a positive integer unless no samples are taken")
    if p is not None:
        pp = cunum.asarray(p, dtype=numpy.float64) if not isinstance(p, cunum.ndarray) else p.astype(numpy.float64)
        if pp.ndim != 1:
            raise ValueError("p must be 1-dimensional")
        if pp.shape[0] != pop:
            raise ValueError("a and p must have same size")
        if bool(cunum.any(~(pp >= 0))):
            raise ValueError("probabilities are not non-negative")
        if abs(float(cunum.sum(pp)) - 1.0) > numpy.sqrt(numpy.finfo(numpy.float64).eps):
            raise ValueError("probabilities do not sum to 1")
    if replace:
        if p is None:
            idx = self.integers(0, pop, size=shape) if pop > 0 else cunum.zeros(shape, dtype=numpy.int64)
        else:
            cdf = cunum.cumsum(pp)
            cdf = cdf / cdf[-1]
            u = self.random(shape)
            idx = cunum.minimum(cunum.searchsorted(cdf, u.ravel(), side="right"), pop - 1).reshape(shape)
    else:
        if k > pop:
            raise ValueError("Cannot take a larger sample than population when replace is False")
        if p is None:
            idx = _perm_index(self, pop)[:k]
        else:
            if int(cunum.count_nonzero(pp)) < k:
                raise ValueError("Fewer non-zero entries in p than size")
            # Efraimidis-Spirakis: the k smallest E / p of exponential E
            keys = self.standard_exponential((pop,)) / pp
            idx = cunum.argsort(keys)[:k]
        if not shuffle:
            idx = cunum.sort(idx)
        idx = idx.reshape(shape)
    if arr is None:
        return idx
    if size is None and arr.ndim == 1:
        return cunum.take(arr, idx)
    return cunum.take(arr, idx, axis=axis)


def dirichlet(self, alpha, size=None):
    al = numpy.asarray(cunum.asnumpy(alpha) if isinstance(alpha, cunum.ndarray) else alpha, dtype=numpy.float64)
    if al.ndim != 1:
        raise ValueError("alpha must be a one-dimensional sequence of floats")
    if numpy.any(al < 0):
        raise ValueError("alpha < 0")
    if numpy.any(numpy.isnan(al)):
        raise ValueError("alpha contains NaNs")
    shape = () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))
    if al.size and al.max() < 0.1:
        # NumPy's switch: every gamma may underflow to 0 for tiny alphas, so
        # break the stick with betas: x_j = B(a_j, a_{j+1} + ...) of what is left.
        left = cunum.ones(shape, dtype=numpy.float64)
        tail = numpy.cumsum(al[::-1])[::-1]
        cols = []
        for j in range(al.shape[0] - 1):
            x = self.beta(al[j], tail[j + 1], size=shape) * left if shape else \
                self.beta(al[j], tail[j + 1]) * left
            cols.append(x)
            left = left - x
        cols.append(left)
        return cunum.stack(cols, axis=-1)
    g = self.standard_gamma(cunum.broadcast_to(cunum.asarray(al), shape + al.shape))
    return g / cunum.sum(g, axis=-1, keepdims=True)


def multinomial(self, n, pvals, size=None):
    pv = numpy.asarray(cunum.asnumpy(pvals) if isinstance(pvals, cunum.ndarray) else pvals, dtype=numpy.float64)
    if pv.ndim != 1:
        raise ValueError("pvals must be a one-dimensional sequence")
    if numpy.any(pv < 0) or numpy.any(pv > 1) or numpy.any(numpy.isnan(pv)):
        raise ValueError("pvals < 0, pvals > 1 or pvals contains NaNs")
    if pv[:-1].sum() > 1.0 + 1e-12:
        raise ValueError("sum(pvals[:-1]) > 1.0")
    nn = numpy.asarray(cunum.asnumpy(n) if isinstance(n, cunum.ndarray) else n)
    if numpy.any(nn < 0):
        raise ValueError("n < 0")
    shape = () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))
    shape = numpy.broadcast_shapes(shape, nn.shape) if size is None else shape
    # Conditional binomials: x_j ~ Bin(left, p_j / (1 - p_0 - ... - p_{j-1})).
    left = cunum.broadcast_to(cunum.asarray(nn.astype(numpy.int64)), shape).copy()
    rest = 1.0
    cols = []
    for j in range(pv.shape[0] - 1):
        q = min(max(pv[j] / rest, 0.0), 1.0) if rest > 0 else 0.0
        x = self.binomial(left, q, size=shape) if len(shape) else self.binomial(left.reshape(1), q, size=(1,))[0]
        cols.append(x)
        left = left - x
        rest -= pv[j]
    cols.append(left)
    return cunum.stack(cols, axis=-1)


def multivariate_hypergeometric(self, colors, nsample, size=None, method="marginals"):
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    c = numpy.asarray(colors, dtype=numpy.int64)
    if c.ndim != 1:
        raise ValueError("colors must be a one-dimensional sequence of nonnegative integers")
    if numpy.any(c < 0):
        raise ValueError("colors must be a one-dimensional sequence of nonnegative integers")
    total = int(c.sum())
    ns = int(nsample)
    if ns < 0:
        raise ValueError("nsample must be nonnegative")
    if ns > total:
        raise ValueError("nsample > sum(colors)")
    shape = () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))
    sh = shape if shape else (1,)
    left = cunum.full(sh, ns, dtype=numpy.int64)
    rest = total
    cols = []
    for j in range(c.shape[0] - 1):
        rest -= int(c[j])
        x = self.hypergeometric(int(c[j]), rest, left, size=sh)
        cols.append(x)
        left = left - x
    cols.append(left)
    r = cunum.stack(cols, axis=-1)
    return r if shape else r[0]


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
    """
    if method not in ("svd", "eigh", "cholesky"):
        raise ValueError("method must be one of {'eigh', 'svd', 'cholesky'}")
    m = cunum.asarray(mean)
    cv = cunum.asarray(cov)
    if m.ndim != 1:
        raise ValueError("mean must be 1 dimensional")
    if cv.ndim != 2 or cv.shape[0] != cv.shape[1]:
        raise ValueError("cov must be 2 dimensional and square")
    if m.shape[0] != cv.shape[0]:
        raise ValueError("mean and cov must have same length")
    shape = () if size is None else ((operator.index(size),) if numpy.ndim(size) == 0 else tuple(size))
    k = m.shape[0]
    z = self.standard_normal(shape + (k,))
    cv = cv.astype(numpy.float64)  # on the current device, as z
    if method == "svd":
        u, s, vh = cunum.linalg.svd(cv)
    elif method == "eigh":
        s, u = cunum.linalg.eigh(cv)
    else:
        factor = cunum.linalg.cholesky(cv)
    if check_valid != "ignore" and method != "cholesky":
        if check_valid not in ("warn", "raise"):
            raise ValueError("check_valid must equal 'warn', 'raise', or 'ignore'")
        if method == "svd":
            psd = bool(cunum.allclose(cunum.matmul(vh.T * s, vh), cv, rtol=tol, atol=tol))  # one read back
        else:
            psd = not bool(cunum.any(s < -tol))  # one read back
        if not psd:
            _psd_warn(check_valid)
    if method == "eigh":
        factor = u * cunum.sqrt(cunum.abs(s))  # |w|: no NaN from a tiny negative eigenvalue
    elif method == "svd":
        factor = u * cunum.sqrt(s)
    x = cunum.matmul(z.reshape(-1, k), factor.T) + m
    return x.reshape(shape + (k,))


def _psd_warn(check_valid):
    import warnings
    if check_valid == "raise":
        raise ValueError("covariance is not symmetric positive-semidefinite.")
    warnings.warn("covariance is not symmetric positive-semidefinite.", RuntimeWarning, stacklevel=3)
