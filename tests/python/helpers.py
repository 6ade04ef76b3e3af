"""Shared helpers for the cunum Python test suite.

Every test compares cunum against NumPy run on the same data. The central
helpers are:

* ``assert_same(expected_numpy, actual_cunum)``: type is ``cn.ndarray``, same
  shape, exactly the same dtype, same values (exact for bool/int; for
  float/complex a dtype-appropriate relative tolerance, with NaN positions,
  infinities and signs of zero matching exactly).
* ``compare(fn, *numpy_args)``: runs ``fn(numpy, *args)`` and
  ``fn(cn, *cunum_args)``; compares the results (arrays, scalars, tuples...),
  and the arguments afterwards (so in-place operations and ``out=`` are
  checked too). If NumPy raises, cunum must raise the same kind of exception,
  with the same message where NumPy's is stable (``STABLE_MESSAGES``).
* ``make_data(shape, dtype, kind, rng)``: seeded random test data.
"""
import math
import re
import warnings

import numpy
import numpy.testing as npt
import pytest

import cunum as cn  # conftest.py makes this importable (or installs the NumPy shim)

USING_NUMPY_SHIM = bool(getattr(cn, "__numpy_shim__", False))

# The installed NumPy as (major, minor). cunum follows the newest NumPy's
# behaviour where NumPy changed it (docs/numpy-versions.md); a test of such a
# case is gated with `needs_numpy` and names the change, so the suite also
# passes against the oldest supported NumPy (.ci/constraints/numpy-oldest.txt).
NUMPY_VERSION = tuple(int(p) for p in numpy.__version__.split(".")[:2])


def needs_numpy(version, change):
    """Skip marker for a case whose oracle is a NumPy change: `version` the
    (major, minor) release that made it, `change` what changed."""
    return pytest.mark.skipif(NUMPY_VERSION < version,
                              reason=f"NumPy {version[0]}.{version[1]}: {change}")

# ---------------------------------------------------------------- dtypes

ALL_DTYPES = [
    numpy.dtype(n)
    for n in (
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
        "float16", "float32", "float64", "complex64", "complex128",
    )
]
BOOL_DTYPES = [numpy.dtype(bool)]
SIGNED_DTYPES = [d for d in ALL_DTYPES if d.kind == "i"]
UNSIGNED_DTYPES = [d for d in ALL_DTYPES if d.kind == "u"]
INT_DTYPES = SIGNED_DTYPES + UNSIGNED_DTYPES
FLOAT_DTYPES = [d for d in ALL_DTYPES if d.kind == "f"]
COMPLEX_DTYPES = [d for d in ALL_DTYPES if d.kind == "c"]
INEXACT_DTYPES = FLOAT_DTYPES + COMPLEX_DTYPES
REAL_DTYPES = INT_DTYPES + FLOAT_DTYPES  # numeric, not complex, not bool
NUMERIC_DTYPES = INT_DTYPES + INEXACT_DTYPES  # everything but bool
BOOL_INT_DTYPES = BOOL_DTYPES + INT_DTYPES

# A smaller cross-section for tests whose cost grows with the dtype count.
SOME_DTYPES = [numpy.dtype(n) for n in ("bool", "int8", "uint16", "int64", "uint64",
                                        "float16", "float32", "float64", "complex128")]


def fused_reductions_here():
    """Whether a reduction of a fused graph runs with the graph inside its
    kernel on the current device: always on the CPU; on a GPU unless
    CUNUM_FUSED_REDUCE_GPU=0 (Note [Fused reductions on the GPU] in
    src/backend/cuda/fused_reduce.cpp). Elsewhere the value is written and
    reduced: same results, the counter of fused runs unchanged."""
    import os
    if cn._core._default_device().kind != "cuda":
        return True
    return os.environ.get("CUNUM_FUSED_REDUCE_GPU") != "0"


def dtype_id(d):
    """pytest id for a dtype parameter."""
    return numpy.dtype(d).name


def dtype_params(dtypes):
    return [pytest.param(d, id=dtype_id(d)) for d in dtypes]


# ---------------------------------------------------------------- tolerances

_RTOL = {"e": 1e-3, "f": 1e-5, "d": 1e-12, "F": 1e-5, "D": 1e-12}


def default_rtol(dtype):
    return _RTOL.get(numpy.dtype(dtype).char, 0.0)


# ---------------------------------------------------------------- comparison


def to_numpy(actual):
    """cunum array -> numpy.ndarray (checking cn.asnumpy really returns one)."""
    out = cn.asnumpy(actual)
    assert isinstance(out, numpy.ndarray), f"cn.asnumpy returned {type(out)!r}"
    return out


def _mismatches(got, want, rtol, atol, scale=None):
    """Boolean mask of the elements of real arrays ``got`` and ``want`` that differ.

    Equal are: NaN and NaN; the same infinity; zeros of the same sign; finite
    nonzero values with |got - want| <= atol + rtol * scale, where scale is
    |want| (for the parts of a complex value: its modulus, as NumPy's
    assert_allclose measures complex errors). A zero never
    equals a nonzero value, however small (a flushed subnormal is a
    difference), and -0.0 differs from +0.0."""
    g_nan, w_nan = numpy.isnan(got), numpy.isnan(want)
    bad = g_nan != w_nan
    both = ~g_nan & ~w_nan
    g_inf, w_inf = numpy.isinf(got), numpy.isinf(want)
    bad |= both & (g_inf | w_inf) & (got != want)
    fin = both & ~g_inf & ~w_inf
    g_zero, w_zero = got == 0, want == 0
    bad |= fin & (g_zero != w_zero)
    bad |= fin & g_zero & w_zero & (numpy.signbit(got) != numpy.signbit(want))
    nz = fin & ~g_zero & ~w_zero
    with numpy.errstate(all="ignore"):
        if scale is None:
            scale = numpy.abs(want)
        else:  # a complex modulus; an infinite or NaN one says nothing about this part
            scale = numpy.maximum(numpy.abs(want), numpy.where(numpy.isfinite(scale), scale, 0))
        bad |= nz & ~(numpy.abs(got - want) <= atol + rtol * scale)
    return bad


def default_atol(dtype):
    """A few units in the last place of the dtype's smallest subnormal: values
    near the smallest normal number are compared relatively, not absolutely."""
    d = numpy.dtype(dtype)
    if d.kind not in "fc":
        return 0.0
    return 4.0 * float(numpy.finfo(d).smallest_subnormal)


def assert_same(expected, actual, rtol=None, atol=None, exact=False, check_type=True,
                err_msg=""):
    """Assert that cunum array ``actual`` equals NumPy result ``expected``.

    ``expected`` may be a NumPy scalar (what a NumPy reduction returns); cunum
    returns 0-d arrays instead, so it is compared as ``numpy.asarray(expected)``.
    Floating values must agree in NaN positions, infinities and the sign of
    zero (see ``_mismatches``); finite ones within ``rtol`` (by dtype) and
    ``atol`` (by default a few subnormal ulps, so that values near the
    smallest normal number are checked too). ``exact`` compares bit values
    (NaN payloads aside).
    """
    expected = numpy.asarray(expected)
    if check_type:
        if USING_NUMPY_SHIM:
            assert isinstance(actual, (numpy.ndarray, numpy.generic)), (
                f"expected an array, got {type(actual)!r} {err_msg}")
        else:
            assert isinstance(actual, cn.ndarray), (
                f"expected a cunum ndarray, got {type(actual)!r} {err_msg}")
    got = to_numpy(actual)
    assert got.shape == expected.shape, (
        f"shape: expected {expected.shape}, got {got.shape} {err_msg}")
    assert got.dtype == expected.dtype, (
        f"dtype: expected {expected.dtype}, got {got.dtype} {err_msg}")
    kind = expected.dtype.kind
    if kind in "biu":
        npt.assert_array_equal(got, expected, err_msg=err_msg, strict=True)
        return
    if exact:
        rtol, atol = 0.0, 0.0
    if rtol is None:
        rtol = default_rtol(expected.dtype)
    if atol is None:
        atol = default_atol(expected.dtype)
    parts = [(got.real, expected.real), (got.imag, expected.imag)] if kind == "c" else [
        (got, expected)]
    bad = numpy.zeros(expected.shape, bool)
    with numpy.errstate(all="ignore"):
        modulus = numpy.abs(expected) if kind == "c" else None
    for g, w in parts:
        bad |= _mismatches(g, w, rtol, atol, modulus)
    if bad.any():
        idx = numpy.argwhere(bad) if expected.ndim else [()]
        shown = "\n".join(f"  at {tuple(int(i) for i in ix)}: expected {expected[tuple(ix)]!r}, "
                           f"got {got[tuple(ix)]!r}" for ix in idx[:8])
        raise AssertionError(
            f"{int(bad.sum())} of {bad.size} values differ (rtol={rtol}, atol={atol}; NaN "
            f"positions, infinities and signs of zero must match) {err_msg}\n{shown}")


def assert_strides(expected, actual):
    """Same byte strides as NumPy on every axis of extent > 1.

    Strides of size-1 axes, and of size-0 arrays, never affect addressing and
    NumPy's own choice for them is an implementation detail (it changed between
    versions), so they are not compared.
    """
    assert type(actual.strides) is tuple, type(actual.strides)
    assert len(actual.strides) == len(expected.strides)
    if expected.size == 0:
        return
    got = tuple(s for s, n in zip(actual.strides, expected.shape) if n > 1)
    want = tuple(s for s, n in zip(expected.strides, expected.shape) if n > 1)
    assert got == want, f"strides: expected {expected.strides}, got {actual.strides}"


def assert_layout(expected, actual, strides=True):
    """Same memory layout: contiguity flags (and byte strides) as NumPy."""
    assert actual.shape == expected.shape
    assert bool(actual.flags.c_contiguous) == bool(expected.flags.c_contiguous), "c_contiguous"
    assert bool(actual.flags.f_contiguous) == bool(expected.flags.f_contiguous), "f_contiguous"
    if strides:
        assert_strides(expected, actual)


def public_exception_type(exc):
    """The exception type cunum must raise where NumPy raised ``exc``.

    NumPy's private subclasses (e.g. ``_UFuncNoLoopError``) map to the first
    builtin base class (TypeError, ValueError...). ``AxisError`` is public
    API and must be raised as such.
    """
    t = type(exc)
    if issubclass(t, numpy.exceptions.AxisError):
        return numpy.exceptions.AxisError
    for base in t.__mro__:
        if base.__module__ == "builtins":
            return base
    return t  # pragma: no cover


# Note [Stable exception messages]
# Where NumPy's message is part of what users read and does not change
# between versions, cunum must give the same text. compare() checks the
# messages of these cases (and only the type of the rest): every AxisError,
# casting errors, broadcasting errors, out-of-range integer indices and
# integers out of a dtype's range, and the shape errors of array creation.
STABLE_MESSAGES = [
    r"^(\w+: )?axis -?\d+ is out of bounds for array of dimension \d+$",
    r"^Cannot cast ",
    r"^operands could not be broadcast together",
    r"^shape mismatch: ",
    r"^could not broadcast input array from shape",
    r"^non-broadcastable output operand",
    r"^input operand has more dimensions than allowed by the axis remapping$",
    r"^index -?\d+ is out of bounds for axis \d+ with size \d+$",
    r"^too many indices for array",
    r"^Python integer -?\d+ out of bounds for \w+$",
    r"^Python int too large to convert to C long$",
    r"^cannot convert float (NaN|infinity) to integer$",
    # random's parameter checks (the same in NumPy 2.0 and 2.4)
    r"^[Pp]robabilities (contain NaN|are not non-negative|do not sum to 1)",
    r"^pvals (must have at least 1 dimension|< 0, pvals > 1)",
    r"^sum\(pvals\[(\.\.\.,)?:-1\]\) > 1\.0$",
    r"^sum\(colors\) must not exceed ",
    r"^cannot reshape array of size \d+ into shape ",
    r"^can only specify one unknown dimension$",
    r"^array is too big; ",
    r"^iterator is too large$",
    r"^maximum supported dimension for an ndarray is currently 64",
    r"^negative dimensions are not allowed$",
    r"^repeated axis",
    r"^`source` and `destination` arguments must have the same number of elements$",
    r"^Maximum allowed size exceeded$",
    r"^arange: cannot compute length$",
    r"^arange\(\) is only supported for booleans",
    r"^only integers, slices \(`:`\), ellipsis \(`...`\), numpy.newaxis \(`None`\) and "
    r"integer or boolean arrays are valid indices$",
    r"^cannot do a non-empty take from an empty axes\.$",
    r"^output array does not match result of ndarray\.take$",
    r"^output must be an array$",
    r"^clipmode must be one of 'clip', 'raise', or 'wrap' \(got .*\)$",
    r"^Use one of 'clip', 'raise', or 'wrap' for clip mode$",
    r"^clipmode not understood$",
    r"^integer clipmode must be RAISE, WRAP, or CLIP",
    r"^an integer is required for the axis$",
    r"^arrays used as indices must be of integer \(or boolean\) type$",
    r"^boolean index did not match indexed array along axis \d+; ",
    r"^an index can only have a single ellipsis",
    r"^Calling nonzero on 0d arrays is not allowed",
    r"^putmask: mask and data must be the same size$",
    r"^cannot replace elements of an empty array$",
    r"^Cannot insert from an empty array!$",
    r"^boolean array argument obj to delete must be one dimensional",
    r"^`indices` and `arr` must have the same number of dimensions$",
    r"^`indices` must be an integer array$",
    r"^condition must be a 1-d array$",
    # tiling, padding, indexing routines (tests/python/test_tiling.py, test_pad.py,
    # test_index_routines.py)
    r"^repeats may not contain negative values\.$",
    r"^'start' arg requires -?\d+ <= start < \d+, but -?\d+ was passed in$",
    r"^all elements of `new_shape` must be non-negative$",
    r"^unexpected character\(s\) in `trim`: ",
    r"^Valid values for `indexing` are 'xy' and 'ij'\.$",
    r"^index can't contain negative values$",
    r"^mode '\w+' is not supported$",
    r"^unsupported keyword arguments for mode ",
    r"^stat_length of 0 yields no value for padding$",
    r"^can't extend empty axis \d+ using modes other than 'constant' or 'empty'$",
    r"^`pad_width` must be of integral type\.$",
    r"^either both or neither of x and y should be given$",
    r"^invalid entry in choice array$",
    r"^choose: invalid shape for output array\.$",
    r"^0-length sequence\.$",
    r"^list of cases must be same length as list of conditions$",
    r"^select with an empty condition list is not possible$",
    r"^invalid entry \d+ in condlist: should be boolean ndarray$",
    r"^diag requires an array of at least two dimensions$",
    r"^axis1 and axis2 cannot be the same$",
    r"^Input must be 1- or 2-d\.$",
    r"^array must be at least 2-d$",
    r"^All dimensions of input must be of equal length$",
    r"^input array must be (at least )?2-d$",
    r"^index -?\d+ is out of bounds for array with size -?\d+$",
    r"^only int indices permitted$",
    r"^invalid entry in coordinates array$",
    r"^parameter multi_index must be a sequence of length \d+$",
    r"^invalid dims: array size defined by dims is larger than the maximum possible size\.$",
    r"^Cross index must be 1 dimensional$",
    r"^array must not contain infs or NaNs$",
    r"^List depths are mismatched\. ",
    r"^List at arrays(\[\d+\])* cannot be empty$",
    r"^arrays(\[\d+\])* is a tuple\. ",
    r"^special directives must be the first entry\.$",
    r"^Cannot specify both C and Fortran contiguous\.$",
]
_STABLE = [re.compile(p) for p in STABLE_MESSAGES]


# Known differences in stable messages, each owned by work in progress
# (remove an entry when its owner's change lands; compare() then checks the
# message again). A pair matches when NumPy's message matches the first
# pattern and cunum's the second.
PENDING_MESSAGE_DIFFERENCES = [
    # the ufunc table names NumPy 1's true_divide (NumPy 2: divide), and the
    # ufunc dtype resolution (src/core/ufunc.cpp, being rewritten) numbers the
    # input of one-input ufuncs, lists only the inputs in broadcast errors and
    # says "array data" for Python scalars
    (r"^Cannot cast ufunc 'divide' ", r"^Cannot cast ufunc 'true_divide' "),
    (r"^Cannot cast ufunc '\w+' input from ", r"^Cannot cast ufunc '\w+' input 0 from "),
    (r"^Cannot cast scalar from ", r"^Cannot cast array data from "),
    (r"^operands could not be broadcast together with shapes ",
     r"^operands could not be broadcast together with shapes "),
    # reductions (src/core/reduction.cpp, another work in progress): out= of a
    # bad shape, axes of 0-d arrays
    (r"^operands could not be broadcast together with remapped shapes ",
     r"^output parameter for reduction operation \w+ has a non-matching shape"),
    (r"^axis -?\d+ is out of bounds for array of dimension 1$",
     r"^axis -?\d+ is out of bounds for array of dimension 0$"),
]
_PENDING = [(re.compile(a), re.compile(b)) for a, b in PENDING_MESSAGE_DIFFERENCES]


def pending_difference(want, got):
    return any(a.search(want) and b.search(got) for a, b in _PENDING)


def stable_message(exc):
    """NumPy's message of ``exc`` when it is one cunum must repeat, else None."""
    msg = str(exc)
    return msg if any(p.search(msg) for p in _STABLE) else None


def _is_array_like_result(x):
    return isinstance(x, (numpy.ndarray, numpy.generic))


def assert_result(expected, actual, rtol=None, atol=None, exact=False, err_msg=""):
    """Compare a NumPy result with the cunum result of the same call."""
    if _is_array_like_result(expected):
        assert_same(expected, actual, rtol=rtol, atol=atol, exact=exact, err_msg=err_msg)
    elif isinstance(expected, (tuple, list)) and any(
            _is_array_like_result(e) for e in expected):
        assert isinstance(actual, (tuple, list)), f"expected a sequence, got {type(actual)!r}"
        assert len(actual) == len(expected)
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_result(e, a, rtol=rtol, atol=atol, exact=exact, err_msg=f"{err_msg}[{i}]")
    elif isinstance(expected, float) and math.isnan(expected):
        assert isinstance(actual, float) and math.isnan(actual), actual
    elif isinstance(expected, (tuple, list)):
        # plain Python data (e.g. tolist(), shapes): same types all the way down
        assert type(actual) is type(expected), (
            f"type: expected {type(expected)!r}, got {type(actual)!r} {err_msg}")
        assert len(actual) == len(expected), f"expected {expected!r}, got {actual!r} {err_msg}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            assert_result(e, a, rtol=rtol, atol=atol, exact=exact, err_msg=f"{err_msg}[{i}]")
    elif isinstance(expected, complex) and (math.isnan(expected.real)
                                            or math.isnan(expected.imag)):
        assert type(actual) is complex, actual
        assert repr(actual) == repr(expected)
    else:
        assert type(actual) is type(expected), (
            f"type: expected {type(expected)!r}, got {type(actual)!r} {err_msg}")
        assert actual == expected, f"expected {expected!r}, got {actual!r} {err_msg}"


def to_cn(a):
    """numpy.ndarray -> cunum array (same dtype/shape); other values unchanged."""
    if isinstance(a, numpy.ndarray):
        out = cn.asarray(a)
        if not USING_NUMPY_SHIM:
            assert isinstance(out, cn.ndarray)
        return out
    if isinstance(a, (tuple, list)) and any(isinstance(e, numpy.ndarray) for e in a):
        return type(a)(to_cn(e) for e in a)
    return a


def _copy_arg(a):
    if isinstance(a, numpy.ndarray):
        return numpy.array(a, copy=True, order="K")
    if isinstance(a, (tuple, list)) and any(isinstance(e, numpy.ndarray) for e in a):
        return type(a)(_copy_arg(e) for e in a)
    return a


def _quiet_call(fn, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with numpy.errstate(all="ignore"):
            return fn(*args)


def compare(fn, *args, rtol=None, atol=None, exact=False, check_args=True):
    """Run ``fn(numpy, *args)`` and ``fn(cn, *cunum_args)`` and compare.

    NumPy arrays in ``args`` (also inside tuples/lists) are converted to cunum
    arrays with ``cn.asarray``; other arguments are passed unchanged. (The
    memory layout cunum picks for a converted non-contiguous NumPy array is
    not specified: tests about layout or strides build views inside ``fn``.) NumPy
    warnings are silenced. If NumPy raises, cunum must raise an exception of
    the same public type (subclass allowed) and, for the messages listed in
    ``STABLE_MESSAGES``, the same text; nothing else is compared then.
    With ``check_args``, array arguments are compared after the call too, so
    that in-place updates and ``out=`` writes are checked.

    Returns ``(expected, actual)`` (``(exc, None)`` when NumPy raised).
    """
    cn_args = [to_cn(a) for a in args]
    np_args = [_copy_arg(a) for a in args]
    try:
        expected = _quiet_call(fn, numpy, *np_args)
    except Exception as exc:  # noqa: BLE001 -- we compare exception kinds
        exc_type = public_exception_type(exc)
        with pytest.raises(exc_type) as info:
            # An error found in the data on the GPU is raised by the first
            # read of a result (Note [Deferred errors]): read them here.
            _read_back(_quiet_call(fn, cn, *cn_args))
        want = stable_message(exc)
        got = str(info.value)
        if want is not None and not pending_difference(want, got):
            assert got == want, (
                f"{exc_type.__name__} message (Note [Stable exception messages]):\n"
                f"  NumPy: {want!r}\n  cunum: {got!r}")
        return exc, None
    actual = _quiet_call(fn, cn, *cn_args)
    assert_result(expected, actual, rtol=rtol, atol=atol, exact=exact)
    if check_args:
        for i, (e, a) in enumerate(zip(np_args, cn_args)):
            if isinstance(e, numpy.ndarray):
                assert_same(e, a, rtol=rtol, atol=atol, exact=exact,
                            err_msg=f"(argument {i} after the call)")
    return expected, actual


def _read_back(result):
    if isinstance(result, (tuple, list)):
        for r in result:
            _read_back(r)
    elif isinstance(result, cn.ndarray):
        cn.asnumpy(result)


def assert_raises_like(fn, *args):
    """NumPy must raise for ``fn(numpy, *args)``; cunum must raise the same kind."""
    exc, actual = compare(fn, *args)
    assert isinstance(exc, BaseException), "NumPy did not raise: the test is wrong"


# ---------------------------------------------------------------- data


def mvn_factor(xp, cov, method):
    """multivariate_normal's factor F of cov (F F^T = cov) by NumPy's rule for
    `method` ("svd", "eigh", "cholesky"), computed with xp's linalg."""
    if method == "svd":
        u, s, _ = xp.linalg.svd(cov)
        return u * xp.sqrt(s)
    if method == "eigh":
        s, u = xp.linalg.eigh(cov)
        return u * xp.sqrt(xp.abs(s))
    return xp.linalg.cholesky(cov)


def make_rng(seed=0):
    return numpy.random.default_rng(seed)


def _ints(rng, shape, dtype, lo, hi):
    info = numpy.iinfo(dtype)
    lo, hi = max(lo, info.min), min(hi, info.max)
    return rng.integers(lo, hi, size=shape, endpoint=True, dtype=numpy.int64
                        if hi <= numpy.iinfo(numpy.int64).max else numpy.uint64).astype(dtype)


def make_data(shape, dtype, kind="default", rng=None):
    """Random NumPy test data (always a numpy.ndarray, also for shape ())."""
    out = numpy.asarray(_make_data(shape, dtype, kind, rng))
    assert out.dtype == numpy.dtype(dtype)
    return out


def _make_data(shape, dtype, kind="default", rng=None):
    """Random NumPy test data of ``dtype`` and ``shape``.

    kind:
      default   bool: random; signed: [-9, 9]; unsigned: [0, 19];
                float: uniform [-5, 5]; complex: both parts in [-5, 5]
      positive  no zeros, no negatives: ints [1, 9]; float [0.5, 5];
                complex: both parts in [0.5, 3]
      nonzero   like default with zeros excluded (|x| >= 1 for ints,
                >= 0.25 for floats / complex real part)
      small     [0, 3] (exponents); float [0, 3]; bool random
      unit      float/complex in [-1, 1]; ints like default
      full      ints over their whole range; floats spread over many
                magnitudes with both signs (finite)
    """
    dtype = numpy.dtype(dtype)
    rng = make_rng() if rng is None else rng
    if isinstance(shape, int):
        shape = (shape,)
    shape = tuple(shape)
    k = dtype.kind
    if k == "b":
        if kind == "positive" or kind == "nonzero":
            return numpy.ones(shape, dtype)
        return rng.integers(0, 2, size=shape).astype(bool)
    if k in "iu":
        if kind == "full":
            info = numpy.iinfo(dtype)
            return _ints(rng, shape, dtype, int(info.min), int(info.max))
        if kind == "positive":
            return _ints(rng, shape, dtype, 1, 9)
        if kind == "small":
            return _ints(rng, shape, dtype, 0, 3)
        if kind == "nonzero":
            if k == "u":
                return _ints(rng, shape, dtype, 1, 19)
            mag = _ints(rng, shape, dtype, 1, 9)
            sign = numpy.where(rng.integers(0, 2, size=shape) == 1, 1, -1).astype(dtype)
            return (mag * sign).astype(dtype)
        return _ints(rng, shape, dtype, -9, 19 if k == "u" else 9)

    def reals(size):
        if kind == "positive":
            return rng.uniform(0.5, 5.0, size)
        if kind == "small":
            return rng.uniform(0.0, 3.0, size)
        if kind == "unit":
            return rng.uniform(-1.0, 1.0, size)
        if kind == "full":
            lim = 4 if dtype in (numpy.float16,) else 30
            return (rng.uniform(-1, 1, size) * 10.0 ** rng.integers(-lim, lim, size))
        x = rng.uniform(-5.0, 5.0, size)
        if kind == "nonzero":
            x = numpy.where(numpy.abs(x) < 0.25, 0.25 + numpy.abs(x), x)
        return x

    if k == "f":
        return numpy.asarray(reals(shape)).astype(dtype)
    if k == "c":
        if kind == "positive":
            re, im = rng.uniform(0.5, 3.0, shape), rng.uniform(0.5, 3.0, shape)
        else:
            re, im = reals(shape), reals(shape)
        out = numpy.empty(shape, dtype)
        out.real, out.imag = re, im
        return out
    raise AssertionError(f"unsupported dtype {dtype}")


def cuda_available():
    try:
        return bool(cn.cuda.is_available())
    except Exception:  # noqa: BLE001
        return False


def devices():
    return ["cpu"] + (["cuda"] if cuda_available() else [])


requires_cunum = pytest.mark.skipif(
    USING_NUMPY_SHIM, reason="tests a cunum-only feature (suite is running against NumPy)")


def numpy_side(xp):
    """True where `xp` computes with NumPy: the oracle, or any side while the
    suite runs against the NumPy stand-in (CUNUM_TEST_WITH_NUMPY=1). A test
    that works around NumPy on its oracle side (`xp is numpy`) needs the
    same workaround on the stand-in's side."""
    return xp is numpy or USING_NUMPY_SHIM


# NumPy 2.1: floor, ceil, trunc (and fix) of a bool or integer array give the
# input unchanged in its own dtype; before, a float of the input's size.
# cunum follows NumPy 2.1; an older NumPy's oracle gets that documented result.
INTEGER_ROUNDING = ("floor", "ceil", "trunc", "fix")


def old_integer_rounding(name, dtype):
    """Whether the installed NumPy predates 2.1's integer rounding for `name`."""
    return NUMPY_VERSION < (2, 1) and name in INTEGER_ROUNDING and numpy.dtype(dtype).kind in "biu"


def rounding_call(xp, name, x):
    """xp.<name>(x), with NumPy 2.1's integer rounding on an older oracle."""
    if numpy_side(xp) and old_integer_rounding(name, x.dtype):
        return numpy.array(x, copy=True)
    return getattr(xp, name)(x)


# Deprecations that a newer NumPy turned into errors: (the NumPy that raises,
# the start of the older NumPy's warning, the error raised now, the newer
# NumPy's message or None where it names the case: the warning's text is
# kept then, and no STABLE_MESSAGES pattern matches it). cunum raises the
# error; on an older oracle the warning becomes that error (newer_numpy).
EXPIRED_DEPRECATIONS = [
    ((2, 1), "Calling nonzero on 0d arrays is deprecated", ValueError,
     "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead."),
    ((2, 3), "Out of bound index found", IndexError, None),  # an index beyond its axis, the result empty
    # an array of ndim > 0 made a scalar (stored into one element): TypeError;
    # a real or integer target's ValueError ("setting an array element with a
    # sequence.") NumPy 2.0 raises itself once the warning is an error
    ((2, 4), "Conversion of an array with ndim > 0 to a scalar", TypeError, None),
]


def newer_numpy(xp, fn, *args, **kwargs):
    """``fn(*args, **kwargs)``; on the NumPy side, an expired deprecation
    (EXPIRED_DEPRECATIONS) that the installed NumPy still only warns about
    raises the error the newer NumPy raises (cunum follows the newest)."""
    pending = [d for d in EXPIRED_DEPRECATIONS if NUMPY_VERSION < d[0]] if numpy_side(xp) else []
    if not pending:
        return fn(*args, **kwargs)
    with warnings.catch_warnings():
        for _, start, _, _ in pending:
            warnings.filterwarnings("error", message=re.escape(start), category=DeprecationWarning)
        try:
            return fn(*args, **kwargs)
        except DeprecationWarning as w:
            for _, start, exc_type, message in pending:
                if str(w).startswith(start):
                    raise exc_type(message or str(w)) from w
            raise


def assert_raises_since(version, change, exc_type, fn, *args, match=None):
    """NumPy `version` made ``fn`` raise `exc_type` (`change`; the older
    NumPy returned a result). From that NumPy on it is compared as
    assert_raises_like does; on an older one cunum alone must raise
    `exc_type` (with `match`, a pattern of the newer NumPy's message)."""
    if NUMPY_VERSION >= version:
        exc, _ = compare(fn, *args)
        assert isinstance(exc, exc_type), f"NumPy did not raise {exc_type.__name__}: the test is wrong"
        return
    if USING_NUMPY_SHIM:
        return  # the stand-in is this older NumPy: nothing to compare with
    with pytest.raises(exc_type, match=match):
        _read_back(_quiet_call(fn, cn, *[to_cn(a) for a in args]))


def clip_int_bounds(xp, dtype, *bounds):
    """Python int clip bounds for an integer `dtype`. NumPy 2.1 drops a bound
    beyond the dtype's range (no clipping on that side; 2.0 raised
    OverflowError); on an older oracle the bound is the dtype's limit, the
    same result."""
    if not (numpy_side(xp) and NUMPY_VERSION < (2, 1)):
        return bounds
    info = numpy.iinfo(dtype)
    return tuple(None if b is None else min(max(b, int(info.min)), int(info.max)) for b in bounds)


def linalg_tol(dtype):
    """Tolerances of a linalg result against NumPy's: 2000 ulps of the dtype
    the routine computes in (float32/float64 and their complex types; float64
    for integer and bool input)."""
    d = numpy.result_type(dtype, numpy.float32) if numpy.dtype(dtype).kind in "fc" else numpy.dtype(numpy.float64)
    eps = numpy.finfo(d).eps
    return {"rtol": 2000 * eps, "atol": 2000 * eps}
