"""NumPy's polynomial chapter (the poly1d class and its functions: poly,
roots, polyval, polyadd, polysub, polymul, polydiv, polyder, polyint,
polyfit), composed of cunum routines in NumPy's order of operations, so both
backends run them and the rounding is NumPy's.

Coefficients stay on their device. Where NumPy's algorithm loops over the
coefficients or asks a question of the data, the loop runs on the host and
each question waits for the device (documented per function): these
routines are meant for polynomials of small degree, as NumPy's are.
"""
import warnings

from .. import _core
from ._args import _a

ndarray = _core.ndarray


def _cn():
    import cunum
    return cunum


def _coeffs(p):
    # a poly1d counts as its coefficients (NumPy reads it through __array__)
    return p.coeffs if isinstance(p, poly1d) else _a(p)


def poly(seq_of_zeros):
    """The coefficients of the polynomial with the given roots (or the
    characteristic polynomial of a square matrix). One convolve per root;
    complex results whose roots come in conjugate pairs are made real, which
    reads one answer back from the device."""
    cn = _cn()
    zeros = cn.atleast_1d(_coeffs(seq_of_zeros))
    sh = zeros.shape
    if len(sh) == 2 and sh[0] == sh[1] and sh[0] != 0:
        zeros = cn.linalg.eigvals(zeros)
    elif len(sh) == 1:
        zeros = zeros.astype(cn.mintypecode(zeros.dtype.char))
    else:
        raise ValueError("input must be 1d or non-empty square 2d array.")
    if len(zeros) == 0:
        return 1.0
    dt = zeros.dtype
    a = cn.ones((1,), dtype=dt)
    for zero in zeros:
        a = cn.convolve(a, cn.stack([cn.ones((), dtype=dt), -zero]), mode="full")
    if a.dtype.kind == "c":
        roots = zeros.astype(complex)
        if bool(cn.all(cn.sort(roots) == cn.sort(roots.conjugate()))):
            a = a.real.copy()
    return a


def roots(p):
    """The roots of a polynomial: the eigenvalues of its companion matrix
    (the first and last nonzero coefficients are read back to trim zeros).
    Real coefficients whose roots are all real give real roots, under every
    NumPy: 2.5's eigvals became always complex, its roots did not."""
    cn = _cn()
    p = _coeffs(p)
    if p.ndim == 0:  # NumPy's dispatcher refuses a scalar before roots runs
        raise TypeError("roots() takes a sequence of coefficients, not a scalar")
    if p.ndim != 1:
        raise ValueError("Input must be a rank-1 array.")
    non_zero = cn.nonzero(cn.ravel(p))[0]
    if len(non_zero) == 0:
        return cn.array([])
    first, last = int(non_zero[0]), int(non_zero[-1])
    trailing_zeros = len(p) - last - 1
    p = p[first:last + 1]
    if p.dtype.kind not in "fc":
        p = p.astype(float)
    n = len(p)
    if n > 1:
        a = cn.diag(cn.ones((n - 2,), p.dtype), -1)
        a[0, :] = -p[1:] / p[0]
        r = _core._eig(a, False, True)[0]  # True: real if all roots are real
    else:
        r = cn.array([])
    return cn.hstack((r, cn.zeros(trailing_zeros, r.dtype)))


def polyval(p, x):
    """p[0] * x**(N-1) + ... + p[N-1] by Horner's rule (one multiply-add a
    coefficient; the loop over the coefficients runs on the host)."""
    cn = _cn()
    p = _coeffs(p)
    if isinstance(x, poly1d):
        y = 0
    else:
        x = _a(x)
        y = cn.zeros_like(x)
    for pv in p:
        y = y * x + pv
    return y


def _pad_front(a, n):
    cn = _cn()
    return cn.concatenate((cn.zeros(n, a.dtype), a))


def _combine(a1, a2, op):
    # NumPy's polyadd/polysub: the shorter coefficient array is padded with
    # leading zeros of its own dtype, then op; a poly1d in gives a poly1d out
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    cn = _cn()
    a1, a2 = cn.atleast_1d(_coeffs(a1)), cn.atleast_1d(_coeffs(a2))
    diff = len(a2) - len(a1)
    if diff > 0:
        a1 = _pad_front(a1, diff)
    elif diff < 0:
        a2 = _pad_front(a2, -diff)
    val = op(a1, a2)
    return poly1d(val) if truepoly else val


def polyadd(a1, a2):
    return _combine(a1, a2, lambda x, y: x + y)


def polysub(a1, a2):
    return _combine(a1, a2, lambda x, y: x - y)


def polymul(a1, a2):
    """The product: a convolve of the coefficients (leading zeros trimmed
    first, as NumPy does through poly1d: that reads their count back)."""
    truepoly = isinstance(a1, poly1d) or isinstance(a2, poly1d)
    val = _cn().convolve(poly1d(a1).coeffs, poly1d(a2).coeffs)
    return poly1d(val) if truepoly else val


def polydiv(u, v):
    """Quotient and remainder. The long division loops on the host (one
    device step a quotient coefficient), and the remainder's leading zeros
    are trimmed by allclose, each a wait for the device."""
    truepoly = isinstance(u, poly1d) or isinstance(v, poly1d)
    cn = _cn()
    u = cn.atleast_1d(_coeffs(u)) + 0.0
    v = cn.atleast_1d(_coeffs(v)) + 0.0
    w = u[0] + v[0]
    m, n = len(u) - 1, len(v) - 1
    scale = 1.0 / v[0]
    q = cn.zeros((max(m - n + 1, 1),), w.dtype)
    r = u.astype(w.dtype)
    for k in range(0, m - n + 1):
        d = scale * r[k]
        q[k] = d
        r[k:k + n + 1] -= d * v
    while bool(cn.allclose(r[0], 0, rtol=1e-14)) and (r.shape[-1] > 1):
        r = r[1:]
    if truepoly:
        return poly1d(q), poly1d(r)
    return q, r


def polyder(p, m=1):
    m = int(m)
    if m < 0:
        raise ValueError("Order of derivative must be positive (see polyint)")
    truepoly = isinstance(p, poly1d)
    cn = _cn()
    p = _coeffs(p)
    n = len(p) - 1
    y = p[:-1] * cn.arange(n, 0, -1)
    val = p if m == 0 else polyder(y, m - 1)
    return poly1d(val) if truepoly else val


def polyint(p, m=1, k=None):
    m = int(m)
    if m < 0:
        raise ValueError("Order of integral must be positive (see polyder)")
    cn = _cn()
    if k is None:
        k = cn.zeros(m, float)
    k = cn.atleast_1d(_a(k))
    if len(k) == 1 and m > 1:
        k = k[0] * cn.ones(m, float)
    if len(k) < m:
        raise ValueError("k must be a scalar or a rank-1 array of length 1 or >m.")
    truepoly = isinstance(p, poly1d)
    p = _coeffs(p)
    if m == 0:
        return poly1d(p) if truepoly else p
    y = cn.concatenate((p / cn.arange(len(p), 0, -1), k[:1]))
    val = polyint(y, m - 1, k=k[1:])
    return poly1d(val) if truepoly else val


def polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False):
    """A least-squares fit (NumPy's scaled Vandermonde system, solved by
    cunum.linalg.lstsq). The rank check for NumPy's RankWarning reads the
    rank back from the device."""
    cn = _cn()
    order = int(deg) + 1
    x = _a(x) + 0.0
    y = _a(y) + 0.0
    if deg < 0:
        raise ValueError("expected deg >= 0")
    if x.ndim != 1:
        raise TypeError("expected 1D vector for x")
    if x.size == 0:
        raise TypeError("expected non-empty vector for x")
    if y.ndim < 1 or y.ndim > 2:
        raise TypeError("expected 1D or 2D array for y")
    if x.shape[0] != y.shape[0]:
        raise TypeError("expected x and y to have same length")
    if rcond is None:
        rcond = len(x) * cn.finfo(x.dtype).eps
    lhs = cn.vander(x, order)
    rhs = y
    if w is not None:
        w = _a(w) + 0.0
        if w.ndim != 1:
            raise TypeError("expected a 1-d array for weights")
        if w.shape[0] != y.shape[0]:
            raise TypeError("expected w and y to have the same length")
        lhs *= w[:, None]
        if rhs.ndim == 2:
            rhs *= w[:, None]
        else:
            rhs *= w
    scale = cn.sqrt((lhs * lhs).sum(axis=0))
    lhs /= scale
    c, resids, rank, s = cn.linalg.lstsq(lhs, rhs, rcond)
    c = (c.T / scale).T
    if int(rank) != order and not full:
        from numpy.exceptions import RankWarning
        warnings.warn("Polyfit may be poorly conditioned", RankWarning, stacklevel=2)
    if full:
        return c, resids, rank, s, rcond
    if cov:
        vbase = cn.linalg.inv(cn.dot(lhs.T, lhs))
        vbase /= cn.outer(scale, scale)
        if cov == "unscaled":
            fac = 1
        else:
            if len(x) <= order:
                raise ValueError("the number of data points must exceed order to scale the covariance matrix")
            fac = resids / (len(x) - order)
        return (c, vbase * fac) if y.ndim == 1 else (c, vbase[:, :, None] * fac)
    return c


class poly1d:
    """A one-dimensional polynomial (NumPy's poly1d) whose coefficients are a
    cunum array. Printing converts them to NumPy's poly1d on the host."""
    __hash__ = None

    @property
    def coeffs(self):
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        # NumPy allows `p.coeffs = p.coeffs` (in-place operators) only
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    @property
    def variable(self):
        return self._variable

    @property
    def order(self):
        return len(self._coeffs) - 1

    @property
    def roots(self):
        return roots(self._coeffs)

    r = roots
    c = coef = coefficients = coeffs
    o = order

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable if variable is None else variable
            self._coeffs = c_or_r._coeffs
            return
        cn = _cn()
        if type(c_or_r).__name__ == "poly1d" and type(c_or_r).__module__.startswith("numpy"):
            # a numpy.poly1d: its coefficients, already trimmed, and its variable
            if variable is None:
                variable = c_or_r.variable
            c_or_r = c_or_r.coeffs
        if r:
            c_or_r = poly(c_or_r)
        on_host = not isinstance(c_or_r, cn.ndarray)
        if on_host:
            # host data: NumPy's leading zeros are trimmed before the upload
            import numpy
            host = numpy.atleast_1d(numpy.asarray(c_or_r))
            if host.ndim == 1:
                host = numpy.trim_zeros(host, trim="f")
            c_or_r = host
        c_or_r = cn.atleast_1d(_a(c_or_r))
        if c_or_r.ndim > 1:
            raise ValueError("Polynomial must be 1d only.")
        if len(c_or_r) > 1 and not on_host:
            # the length of the result depends on the values: one wait for the
            # device (none for one coefficient, where trimming changes nothing)
            c_or_r = cn.trim_zeros(c_or_r, trim="f")
        if len(c_or_r) == 0:
            c_or_r = cn.zeros((1,), dtype=c_or_r.dtype)
        self._coeffs = c_or_r
        self._variable = "x" if variable is None else variable

    def _numpy(self):
        import numpy
        return numpy.poly1d(self._coeffs.get(), variable=self._variable)

    def get(self, stream=None):
        """CuPy's poly1d.get: a numpy.poly1d copy on the host."""
        import numpy
        return numpy.poly1d(self._coeffs.get(stream=stream), variable=self._variable)

    def set(self, p, stream=None):
        """CuPy's poly1d.set: takes a numpy.poly1d's coefficients (copied to
        this polynomial's device) and variable."""
        self._coeffs = _cn().asarray(p.coeffs, device=self._coeffs.device)
        self._variable = p.variable

    def __repr__(self):
        return "poly1d(%s)" % repr(self._coeffs)[6:-1]

    def __str__(self):
        return str(self._numpy())

    def __len__(self):
        return self.order

    def __call__(self, val):
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if _cn().isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other):
        if _cn().isscalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(polymul(poly1d(other)._coeffs, self._coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    __radd__ = __add__

    def __pow__(self, val):
        if not _cn().isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        res = [1]
        for _ in range(val):
            res = polymul(self._coeffs, res)
        return poly1d(res)

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other):
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __truediv__(self, other):
        if _cn().isscalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        if _cn().isscalar(other):
            return poly1d(other / self._coeffs)
        return polydiv(poly1d(other), self)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return bool((self._coeffs == other._coeffs).all())

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        ind = self.order - val
        if val > self.order or val < 0:
            return self._coeffs.dtype.type(0)
        return self._coeffs[ind]

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        ind = self.order - key
        if key > self.order:
            self._coeffs = _pad_front(self._coeffs, key - self.order)
            ind = 0
        self._coeffs[ind] = val

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        return poly1d(polyder(self._coeffs, m=m))
