"""Printing (cunum/_routines/printing.py): repr/str of arrays, array2string,
array_repr, array_str, the print options (one state, NumPy's), and
format_float_positional/scientific, against NumPy's text for the same values
on every device: every dtype, 0-d, empty, special values, summarised large
arrays under many options, and the check that summarising copies only the
printed corners to the host.
"""
import numpy
import pytest

import cunum as cn
from helpers import ALL_DTYPES, USING_NUMPY_SHIM, dtype_params, make_data, make_rng, needs_numpy

pytestmark = pytest.mark.usefixtures("device")

SHAPES = [(), (0,), (0, 3), (1,), (5,), (3, 4), (2, 3, 4), (2, 1, 2, 3)]


def _special(dtype):
    d = numpy.dtype(dtype)
    if d.kind == "f":
        return numpy.array([numpy.nan, -numpy.inf, numpy.inf, -0.0, 0.0, 1.5, -2.25], dtype=d)
    if d.kind == "c":
        re = numpy.array([numpy.nan, numpy.inf, -0.0, 1.5, -2.25])
        v = numpy.empty(5, dtype=d)
        v.real, v.imag = re, re[::-1]
        return v
    if d.kind == "b":
        return numpy.array([True, False, True])
    info = numpy.iinfo(d)
    return numpy.array([info.min, info.max, 0, 1], dtype=d)


def _check(h, **kw):
    x = cn.asarray(h)
    assert repr(x) == repr(h)
    assert str(x) == str(h)
    assert cn.array_repr(x, **kw) == numpy.array_repr(h, **kw)
    assert cn.array_str(x, **kw) == numpy.array_str(h, **kw)
    assert cn.array2string(x, **kw) == numpy.array2string(h, **kw)


@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_repr_str_every_dtype(dtype):
    rng = make_rng(10)
    for shape in SHAPES:
        _check(make_data(shape, dtype, rng=rng))
    _check(_special(dtype))
    _check(_special(dtype)[::-1])          # non-contiguous view


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "complex128", "complex64"])
def test_float_formatting_rules(dtype):
    rows = [
        [1e-10, 1.0, 1e10],          # scientific (range)
        [1e-5, 1.0],                 # scientific (small)
        [1e8, 1.0],                  # scientific (large)
        [0.1, 0.25, 123.456],        # positional, unique digits
        [1 / 3, 2 / 3, 10.0],        # precision 8 cut
        [1.0, 2.0, 3.0],             # integers: "1., 2., 3."
        [9.82842712474619, 11.81913190966076],
        [-1e-9, 5.0],                # suppress_small decides
    ]
    for r in rows:
        with numpy.errstate(over="ignore"):
            h = numpy.array(r).astype(dtype)          # 1e10 is inf in float16
        _check(h)
        _check(h, precision=3)
        _check(h, suppress_small=True)
        _check(h, max_line_width=20)


def test_print_options_govern_repr():
    h = numpy.array([1 / 3, 2 / 3, 1e-9])
    x = cn.asarray(h)
    with cn.printoptions(precision=3):
        assert repr(x) == repr(h)
        assert repr(x) == "array([3.333e-01, 6.667e-01, 1.000e-09])"
        assert cn.get_printoptions()["precision"] == 3 == numpy.get_printoptions()["precision"]
    with cn.printoptions(precision=3, suppress=True):
        assert repr(x) == "array([0.333, 0.667, 0.   ])" == repr(h)
    assert cn.get_printoptions() == numpy.get_printoptions()
    # one state: NumPy's own context manager governs cunum too (Note [One print-options state])
    with numpy.printoptions(precision=2, sign="+"):
        assert repr(x) == repr(h)
        assert cn.get_printoptions()["sign"] == "+"
    old = cn.get_printoptions()
    try:
        cn.set_printoptions(linewidth=30, floatmode="fixed", precision=4)
        assert numpy.get_printoptions()["linewidth"] == 30
        assert repr(cn.arange(20.0)) == repr(numpy.arange(20.0))
    finally:
        numpy.set_printoptions(**old)
    assert cn.get_printoptions() == old


@pytest.mark.parametrize("opts", [
    {}, {"precision": 3}, {"linewidth": 40}, {"edgeitems": 1}, {"edgeitems": 5}, {"threshold": 10},
    {"suppress": True}, {"sign": " "}, {"sign": "+"}, {"floatmode": "fixed"}, {"floatmode": "unique"},
    {"floatmode": "maxprec_equal"}, {"nanstr": "NaN", "infstr": "Inf"}, {"legacy": "1.13"},
    {"legacy": "1.21"}, {"legacy": "1.25"},
    pytest.param({"legacy": "2.1"}, marks=needs_numpy((2, 2), 'legacy="2.1" is new')),
    {"formatter": {"float_kind": lambda v: f"<{v:.2f}>"}}, {"threshold": 5, "edgeitems": 0},
])
@pytest.mark.parametrize("dtype", ["float64", "int32", "complex64", "bool", "uint8", "float16"])
def test_options_on_small_and_summarised(opts, dtype):
    rng = make_rng(11)
    cases = [make_data((7,), dtype, rng=rng), make_data((4, 6), dtype, rng=rng),
             make_data((1200,), dtype, rng=rng), make_data((40, 50), dtype, rng=rng),
             make_data((11, 12, 13), dtype, rng=rng), make_data((3, 1001), dtype, rng=rng),
             make_data((1001, 2), dtype, rng=rng), make_data((0, 2000), dtype, rng=rng)]
    with numpy.printoptions(**opts):
        for h in cases:
            _check(h)
            x = cn.asarray(h)
            if h.ndim == 2:
                assert repr(x.T) == repr(h.T)
                assert repr(x[::-3, 1::2]) == repr(h[::-3, 1::2])


def test_array2string_arguments():
    rng = make_rng(12)
    for h in (make_data((5, 4), "float64", rng=rng), make_data((60, 70), "float32", rng=rng),
              make_data((3000,), "int64", rng=rng)):
        x = cn.asarray(h)
        for kw in ({"separator": ", ", "prefix": "x = "}, {"suffix": ")", "max_line_width": 50},
                   {"threshold": 4, "edgeitems": 1}, {"threshold": 100000}, {"precision": 2, "sign": "+"},
                   {"formatter": {"all": lambda v: "*"}}, {"floatmode": "fixed", "precision": 2},
                   {"legacy": "1.13"}):
            assert cn.array2string(x, **kw) == numpy.array2string(h, **kw), kw


def test_python_uses_the_cpp_printer(monkeypatch):
    """Note [One printer, in C++]: repr/str go through _core._cpp_print unless
    a formatter or legacy mode asks for NumPy's printer."""
    if USING_NUMPY_SHIM:
        return
    from cunum import _core
    calls = []
    real = _core._cpp_print
    monkeypatch.setattr(_core, "_cpp_print", lambda *a, **k: calls.append(a[2]) or real(*a, **k))
    x = cn.arange(5.0)
    assert repr(x) == repr(numpy.arange(5.0)) and str(x) == str(numpy.arange(5.0))
    assert cn.array2string(x, precision=2) == numpy.array2string(numpy.arange(5.0), precision=2)
    assert calls == ["repr", "str", "array2string"]
    with numpy.printoptions(legacy="1.13"):
        assert repr(x) == repr(numpy.arange(5.0))
    assert len(calls) == 3
    import sys
    with numpy.printoptions(threshold=sys.maxsize, linewidth=sys.maxsize):
        assert repr(cn.arange(2000)) == repr(numpy.arange(2000))


def test_bad_options_raise_numpys_errors():
    x = cn.arange(3.0)
    for kw in ({"sign": "x"}, {"floatmode": "nope"}, {"precision": -1}):
        with pytest.raises(ValueError):
            numpy.array2string(numpy.arange(3.0), **kw)
        with pytest.raises(ValueError):
            cn.array2string(x, **kw)


@needs_numpy((2, 1), "set_printoptions(override_repr=) is new")
def test_override_repr():
    x = cn.arange(3)
    with cn.printoptions(override_repr=lambda a: f"<{a.shape}>"):
        assert repr(x) == "<(3,)>"
        assert str(x) == str(numpy.arange(3))


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="checks what cunum copies to the host")
@pytest.mark.parametrize("shape,edge", [((1000, 1000), 3), ((2001,), 3), ((5, 400, 7), 2), ((1002, 2), 3),
                                        ((30, 40), 0)])
def test_summarising_copies_only_the_corners(monkeypatch, shape, edge):
    from cunum._routines import printing
    h = make_data(shape, "float32", rng=make_rng(13))
    x = cn.asarray(h)
    copied = []
    real = printing._to_host

    def counting(a):
        copied.append(a.size)
        return real(a)

    monkeypatch.setattr(printing, "_to_host", counting)
    # a formatter: printed by NumPy's printer from the corners copied by _to_host
    # (the C++ printer copies the same print_corners, test_cpp_corners)
    with numpy.printoptions(edgeitems=edge, threshold=100, formatter={"float_kind": lambda v: f"{v:.3f}"}):
        assert repr(x) == repr(h)
        assert str(x) == str(h)
    # per axis: 2*edge items where the axis is longer than that, else all of
    # it (edge 0 keeps the whole axis: NumPy's a[-0:] is the whole axis)
    want = 1
    for n in shape:
        want *= 2 * edge if n > 2 * edge and edge else n
    assert copied == [want, want]
    corners = printing._corners(x, edge)
    assert corners.shape == tuple(2 * edge if n > 2 * edge and edge else n for n in shape)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="cunum's own corner gathering")
def test_corners_are_numpys_corners():
    from cunum._routines import printing
    h = numpy.arange(9 * 10 * 3).reshape(9, 10, 3)
    got = printing._corners(cn.asarray(h), 2).get()
    want = numpy.concatenate((h[:2], h[-2:]), axis=0)
    want = numpy.concatenate((want[:, :2], want[:, -2:]), axis=1)
    numpy.testing.assert_array_equal(got, want)      # the 3-long axis is kept whole


def test_format_float():
    for v in (0.1, 1 / 3, 1e-20, 123456789.125, -0.0, numpy.float32(0.1), numpy.float16(3.14)):
        for kw in ({}, {"precision": 3}, {"unique": False, "precision": 5}, {"trim": "-"},
                   {"sign": True}, {"pad_left": 4, "pad_right": 6}, {"min_digits": 4}):
            assert cn.format_float_positional(v, **kw) == numpy.format_float_positional(v, **kw)
        for kw in ({}, {"precision": 3}, {"exp_digits": 4}, {"trim": "0", "precision": 2, "unique": False}):
            assert cn.format_float_scientific(v, **kw) == numpy.format_float_scientific(v, **kw)
    if not USING_NUMPY_SHIM:
        x = cn.asarray(numpy.float32(0.1))
        assert cn.format_float_positional(x) == numpy.format_float_positional(numpy.float32(0.1))
        assert cn.format_float_scientific(x[()]) == numpy.format_float_scientific(numpy.float32(0.1))
        with pytest.raises(TypeError):
            cn.format_float_positional(cn.arange(3.0))


# ---------------------------------------------------------------- the C++ printer (format.hpp)
# cunum::array_str / array_repr / array2string, bound as _core._cpp_print,
# against NumPy's text for the same values under the same options (the
# options NumPy's printer and the C++ one share: precision, threshold,
# edgeitems, linewidth, suppress, nanstr, infstr, sign, floatmode).

CPP_OPTIONS = [
    {}, {"precision": 3}, {"precision": 0}, {"linewidth": 40}, {"edgeitems": 1}, {"threshold": 10},
    {"suppress": True}, {"sign": " "}, {"sign": "+"}, {"floatmode": "fixed"}, {"floatmode": "unique"},
    {"floatmode": "maxprec_equal"}, {"nanstr": "NaN", "infstr": "Inf"}, {"threshold": 5, "edgeitems": 0},
    {"precision": 4, "suppress": True, "linewidth": 60},
]


def _cpp(x, what, **kw):
    from cunum import _core
    from cunum._routines import printing
    # the options as cunum's printing passes them (with the installed NumPy's repr layout)
    return _core._cpp_print(x, printing._cpp_options({}), what, **kw)


def _cpp_cases(dtype, rng):
    d = numpy.dtype(dtype)
    cases = [make_data(s, d, rng=rng) for s in ((), (0,), (0, 3), (1,), (7,), (4, 6), (2, 3, 4), (1200,),
                                                  (40, 50), (11, 12, 13), (3, 1001))]
    cases.append(_special(d))
    if d.kind in "fc":
        with numpy.errstate(over="ignore"):
            for r in ([1e-10, 1.0, 1e10], [1e-5, 1.0], [1e8, 1.0], [0.1, 0.25, 123.456], [1 / 3, 2 / 3, 10.0],
                      [1.0, 2.0, 3.0], [9.82842712474619, 11.81913190966076], [-1e-9, 5.0], [1e300, 1e-300],
                      [5e-324, 1.0], [123456789.0, 1.5], [0.0, -0.0], [1e16], [2.5e-5], [999.0, 1000.0]):
                cases.append(numpy.array(r).astype(d))
                cases.append(numpy.array(r[0]).astype(d))
            scaled = make_data((6, 7), d, rng=rng) * 10.0 ** rng.integers(-12, 12, size=(6, 7))
            cases.append(scaled.astype(d))     # float16: some overflow to inf, printed as inf
    return cases


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="the C++ printer is cunum's")
@pytest.mark.parametrize("opts", CPP_OPTIONS)
@pytest.mark.parametrize("dtype", dtype_params(ALL_DTYPES))
def test_cpp_printer_matches_numpy(opts, dtype):
    rng = make_rng(14)
    with numpy.printoptions(**opts):
        for h in _cpp_cases(dtype, rng):
            x = cn.asarray(h)
            assert _cpp(x, "str") == str(h), (h.dtype, h.shape)
            assert _cpp(x, "repr") == repr(h), (h.dtype, h.shape)
            if h.ndim == 2:
                assert _cpp(x.T, "str") == str(h.T)
            for kw in ({"separator": ", ", "prefix": "x = "}, {"suffix": ")"}):
                assert _cpp(x, "array2string", **kw) == numpy.array2string(h, **kw)


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="the C++ printer is cunum's")
def test_cpp_corners():
    from cunum import _core
    h = numpy.arange(9 * 10 * 3).reshape(9, 10, 3)
    from cunum._routines import printing
    for e in (0, 1, 2, 5):
        assert_cpp = _core._cpp_print_corners(cn.asarray(h), e).get()
        numpy.testing.assert_array_equal(assert_cpp, printing._corners(cn.asarray(h), e).get())


def test_format_protocol():
    for h in (numpy.array(1.5), numpy.array(3, dtype="int8"), numpy.array(True), numpy.array(1 + 2j),
              numpy.array(0.1, dtype="float32")):
        x = cn.asarray(h)
        for spec in ("", ".2f" if h.dtype.kind in "fc" else "d" if h.dtype.kind == "i" else "",
                     ">12" if h.dtype.kind != "b" else ""):
            assert format(x, spec) == format(h, spec)
    h = numpy.arange(3.0)
    assert f"{cn.asarray(h)}" == f"{h}"
    with pytest.raises(TypeError):
        format(cn.asarray(h), ".2f")


@pytest.mark.skipif(USING_NUMPY_SHIM, reason="the C++ printer is cunum's")
@needs_numpy((2, 3), 'legacy="2.2" is new')
@pytest.mark.parametrize("dtype", ["float16", "float32", "complex64"])
def test_cpp_printer_before_the_dtype_exp_cutoff(dtype):
    # cunum prints as the installed NumPy: under NumPy < 2.3 float16/float32
    # turn scientific at 1e8 (arrays) and 1e16 (scalars), what NumPy >= 2.3
    # prints under legacy="2.2"; the C++ printer's dtype_exp_cutoff=False
    from cunum import _core
    rng = make_rng(15)
    with numpy.errstate(over="ignore"):  # float16: 1e7 and 1e5 are inf
        cases = [numpy.array(v, dtype) for v in ([999.0, 1000.0], 1e7, [39776.0, 21.48], [1e5, 3.0, 65504.0])]
        cases.append((make_data((6, 7), dtype, rng=rng) * 10.0 ** rng.integers(-3, 9, size=(6, 7))).astype(dtype))
    for opts in ({}, {"suppress": True}, {"floatmode": "maxprec_equal"}, {"precision": 3, "sign": "+"}):
        with numpy.printoptions(legacy="2.2", **opts):
            cpp = dict(numpy.get_printoptions(), legacy=False, dtype_exp_cutoff=False)
            for h in cases:
                x = cn.asarray(h)
                assert _core._cpp_print(x, cpp, "str") == str(h), (h, opts)
                assert _core._cpp_print(x, cpp, "repr") == repr(h), (h, opts)
