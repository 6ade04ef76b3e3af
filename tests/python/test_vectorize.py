"""cunum.vectorize against numpy.vectorize: broadcasting, scalars, dtypes,
otypes, excluded arguments, keywords, several outputs, the decorator form,
and the refusals (Python control flow on the data, signature=)."""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, compare, dtype_params, make_data, requires_cunum

pytestmark = pytest.mark.usefixtures("device")


@pytest.mark.parametrize("dt", dtype_params([d for d in ALL_DTYPES if d.kind != "b"]))
def test_elementwise_function(dt, rng):
    a = make_data((3, 4), dt, kind="small", rng=rng)
    b = make_data((4,), dt, kind="small", rng=rng)
    compare(lambda xp, x, y: xp.vectorize(lambda p, q: p * q + p)(x, y), a, b)
    compare(lambda xp, x: xp.vectorize(lambda p: p * 3)(x[::-1, ::2]), a)


def test_scalars_otypes_and_outputs():
    compare(lambda xp: xp.vectorize(lambda p, q: p * 2 + q)(2, 3))
    compare(lambda xp, x: xp.vectorize(lambda p: p + 1, otypes=[numpy.float32])(x), numpy.arange(5))
    compare(lambda xp, x: xp.vectorize(lambda p: p + 1, otypes="i")(x), numpy.arange(5.0))
    compare(lambda xp, x: xp.vectorize(lambda p: (p + 1, p * 2), otypes="fd")(x), numpy.arange(4))
    compare(lambda xp, x: xp.vectorize(lambda p, q=3: p - q)(x, q=numpy.arange(4)), numpy.arange(4.0))
    compare(lambda xp, x: xp.vectorize(lambda p, k: p ** k, excluded={1})(x, 3), numpy.arange(4.0))
    compare(lambda xp, x: xp.vectorize(lambda p, k=1: p ** k, excluded={"k"})(x, k=2), numpy.arange(4.0))
    with pytest.raises(ValueError):
        cn.vectorize(lambda p: p, otypes="?z")


def test_decorator_and_doc():
    for xp in (numpy, cn):
        @xp.vectorize
        def twice(p):
            """two times p"""
            return p * 2
        assert twice.__doc__ == "two times p"
        assert xp.vectorize(lambda p: p, doc="mine").__doc__ == "mine"
    compare(lambda xp, x: xp.vectorize(otypes=[numpy.float64])(lambda p: p * 2)(x), numpy.arange(3))


@requires_cunum
def test_what_cannot_be_traced():
    # Python control flow on the data has no trace (NumPy calls the function
    # element by element on the host; cunum does not): fuse's TypeError
    with pytest.raises(TypeError, match="cunum.fuse"):
        cn.vectorize(lambda p: p if p > 0 else -p)(cn.arange(3))
    with pytest.raises(TypeError, match="signature"):
        cn.vectorize(lambda p: p, signature="(n)->()")
    # the same in array operations works
    got = cn.vectorize(lambda p: cn.where(p > 1, p, -p))(cn.arange(4))
    numpy.testing.assert_array_equal(cn.asnumpy(got), [0, -1, 2, 3])
