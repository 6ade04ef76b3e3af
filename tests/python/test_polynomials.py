"""NumPy's polynomial chapter (poly1d and poly, roots, polyval, polyadd,
polysub, polymul, polydiv, polyder, polyint, polyfit) against NumPy: values,
dtype and shape on every device, poly1d's arithmetic, printing and errors."""
import warnings

import numpy
import pytest

import cunum as cn
from helpers import compare, requires_cunum

pytestmark = pytest.mark.usefixtures("device")

COEFFS = [[1.0, -3.0, 2.0], [0, 0, 2, 5], [4], [1 + 2j, 0, -1], [3, 0, 0, 0], [0.0]]
INT_AND_FLOAT = ["int64", "int32", "float32", "float64", "complex128"]


# complex coefficients only in the complex dtype
CASES = [pytest.param(c, dt, id=f"{c}-{dt}") for c in COEFFS for dt in INT_AND_FLOAT
         if dt == "complex128" or not numpy.iscomplexobj(numpy.asarray(c))]


@pytest.mark.parametrize("c, dt", CASES)
def test_polyval_add_sub_mul(c, dt):
    p = numpy.asarray(c).astype(dt)
    q = numpy.asarray([2, -1]).astype(dt)
    x = numpy.linspace(-2, 2, 7).astype(numpy.result_type(dt, "float32"))
    compare(lambda xp, p, x: xp.polyval(p, x), p, x)
    compare(lambda xp, p, q: xp.polyadd(p, q), p, q)
    compare(lambda xp, p, q: xp.polysub(q, p), p, q)
    compare(lambda xp, p, q: xp.polymul(p, q), p, q)
    compare(lambda xp, p: xp.polyder(p), p)
    compare(lambda xp, p: xp.polyder(p, 2), p)
    compare(lambda xp, p: xp.polyint(p), p)
    compare(lambda xp, p: xp.polyint(p, 2, k=[1, 3]), p)


@pytest.mark.parametrize("c", [[1, -6, 11, -6], [0, 1, -3, 2, 0, 0], [2, 0, 1], [5], [0, 0], [1, 2j], [1.0, -3, 3 + 1j]], ids=str)
def test_roots_and_poly(c):
    # roots come from an eigensolver: compare them sorted, after the dtype
    # (real roots of real coefficients stay real, also where eigvals is complex)
    assert cn.roots(cn.asarray(c)).dtype == numpy.roots(c).dtype
    exp, got = numpy.sort_complex(numpy.roots(c)), cn.sort_complex(cn.roots(cn.asarray(c)))
    assert got.dtype == exp.dtype and got.shape == exp.shape
    numpy.testing.assert_allclose(cn.asnumpy(got), exp, rtol=1e-10, atol=1e-12)
    compare(lambda xp, r: xp.poly(r), numpy.asarray([1.0, 2.0, 3.0]))
    compare(lambda xp, r: xp.poly(r), numpy.asarray([1 + 1j, 1 - 1j, 2]))  # conjugate pairs: real
    compare(lambda xp, r: xp.poly(r), numpy.asarray([1j, 2]))
    compare(lambda xp, a: xp.poly(a), numpy.asarray([[1.0, 2.0], [3.0, 4.0]]))
    assert cn.poly(cn.zeros(0)) == numpy.poly(numpy.zeros(0))
    compare(lambda xp, a: xp.poly(a), numpy.ones((2, 3)))  # ValueError
    compare(lambda xp, a: xp.roots(a), numpy.ones((2, 2)))  # ValueError


def test_polydiv():
    compare(lambda xp, u, v: xp.polydiv(u, v), numpy.asarray([1.0, -3, 2]), numpy.asarray([1.0, -1]))
    compare(lambda xp, u, v: xp.polydiv(u, v), numpy.asarray([3, 5, 0, 1]), numpy.asarray([2, 1]))
    compare(lambda xp, u, v: xp.polydiv(u, v), numpy.asarray([1.0]), numpy.asarray([1.0, 2, 3]))


@pytest.mark.parametrize("deg", [0, 1, 2, 3])
def test_polyfit(deg, rng):
    x = numpy.linspace(-1, 1, 20)
    y = 3 * x**3 - x + 0.5 + 0.01 * rng.standard_normal(20)
    compare(lambda xp, x, y: xp.polyfit(x, y, deg), x, y, rtol=1e-9, atol=1e-12)
    w = rng.uniform(0.5, 2, 20)
    compare(lambda xp, x, y, w: xp.polyfit(x, y, deg, w=w), x, y, w, rtol=1e-9, atol=1e-12)
    y2 = numpy.stack([y, 2 * y], axis=1)
    compare(lambda xp, x, y: xp.polyfit(x, y, deg), x, y2, rtol=1e-9, atol=1e-12)
    compare(lambda xp, x, y: xp.polyfit(x, y, deg, cov=True), x, y, rtol=1e-7, atol=1e-12)
    compare(lambda xp, x, y: xp.polyfit(x, y, deg, cov="unscaled"), x, y2, rtol=1e-7, atol=1e-12)
    exp = numpy.polyfit(x, y, deg, full=True)
    got = cn.polyfit(cn.asarray(x), cn.asarray(y), deg, full=True)
    numpy.testing.assert_allclose(cn.asnumpy(got[0]), exp[0], rtol=1e-9, atol=1e-12)
    assert int(got[2]) == exp[2] and got[4] == exp[4]


def test_polyfit_errors_and_rank_warning():
    x, y = numpy.arange(5.0), numpy.arange(5.0)
    compare(lambda xp, x, y: xp.polyfit(x, y, -1), x, y)
    compare(lambda xp, x, y: xp.polyfit(x, y, 1), x[:, None], y)
    compare(lambda xp, x, y: xp.polyfit(x, y, 1), x[:0], y[:0])
    compare(lambda xp, x, y: xp.polyfit(x, y, 1), x, y[:4])
    compare(lambda xp, x, y: xp.polyfit(x, y, 1, w=xp.ones(3)), x, y)
    compare(lambda xp, x, y: xp.polyfit(x, y, 9, cov=True), x, y)  # too few points to scale
    for xp in (numpy, cn):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            xp.polyfit(xp.asarray(x), xp.asarray(y), 8)
        assert [type(i.message).__name__ for i in w] == ["RankWarning"]


def test_poly1d():
    for xp in (numpy, cn):
        p = xp.poly1d([0, 1.0, -3, 2])
        q = xp.poly1d([1, 2], r=True, variable="z")
        yield_values = [p.order, len(p), p.variable, q.variable, p[0], p[2], p[7], p == xp.poly1d([1, -3, 2]),
                        p != q, str(p), str(q), repr(p)]
        arrays = [p.coeffs, p.c, q.coeffs, p.roots, p(xp.arange(3.0)), (p * 2).coeffs, (2 * p).coeffs,
                  (p + q).coeffs, (p - q).coeffs, (3 - p).coeffs, (p * q).coeffs, (p ** 3).coeffs,
                  (p / 2).coeffs, (-p).coeffs, p.deriv().coeffs, p.integ(2, k=1).coeffs,
                  (p / q)[0].coeffs, (p / q)[1].coeffs, xp.polyval(p, q).coeffs,
                  xp.polyadd(p, [1, 1]).coeffs, xp.polymul([1, 1], p).coeffs]
        p[5] = 4.0
        arrays.append(p.coeffs)
        if xp is numpy:
            want_values, want_arrays = yield_values, arrays
        else:
            got_values, got_arrays = yield_values, arrays
    assert got_values == want_values
    for e, a in zip(want_arrays, got_arrays):
        assert a.dtype == e.dtype and a.shape == e.shape
        numpy.testing.assert_allclose(cn.asnumpy(a), e, rtol=1e-12, atol=1e-12)
    for xp in (numpy, cn):
        with pytest.raises(ValueError, match="Polynomial must be 1d only."):
            xp.poly1d(xp.ones((2, 2)))
        with pytest.raises(ValueError, match="Power to non-negative integers only."):
            xp.poly1d([1, 2]) ** -1
        with pytest.raises(ValueError, match="Does not support negative powers."):
            xp.poly1d([1, 2])[-1] = 3
        with pytest.raises(ValueError, match="Order of derivative must be positive"):
            xp.polyder([1, 2], -1)
        with pytest.raises(ValueError, match="Order of integral must be positive"):
            xp.polyint([1, 2], -1)
        with pytest.raises(ValueError, match="k must be a scalar"):
            xp.polyint([1, 2], 3, k=[1, 2])


@pytest.mark.parametrize("variable", [None, "y"])
def test_poly1d_of_numpy_poly1d(variable):
    # a numpy.poly1d's coefficients and, unless given, its variable
    def f(xp):
        p = xp.poly1d(numpy.poly1d([0.0, 2.0, 0.0, 3.0], variable="z"), variable=variable)
        return p.coeffs, p.variable, p.order
    compare(f)


@pytest.mark.parametrize("src", [[0, 0, 1, 2], 0.0, [0.0, 0.0], 3])
def test_poly1d_trims_host_data(src):
    compare(lambda xp: xp.poly1d(src).coeffs)


@requires_cunum
def test_poly1d_construction_waits_only_to_trim_device_data():
    # host coefficients are trimmed before the upload and one coefficient
    # needs no trimming: no wait for the device (Note [Synchronization detection])
    import cunumx
    with cunumx.allow_synchronize(False):
        cn.poly1d(numpy.poly1d([1.0, 2.0]))
        cn.poly1d([0, 1, 2])
        cn.poly1d(cn.asarray(4.0))
        with pytest.raises(cunumx.DeviceSynchronized):
            cn.poly1d(cn.asarray([0.0, 1.0]))
