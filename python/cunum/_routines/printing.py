"""Printing arrays (NumPy's "String operations" on arrays and its print
options): array2string, array_repr, array_str, set_printoptions,
get_printoptions, printoptions, format_float_positional,
format_float_scientific, and ndarray.__repr__/__str__.

Note [One print-options state, NumPy's]
cunum's print options *are* NumPy's: set_printoptions, get_printoptions and
printoptions are NumPy's functions (imported on first use), so
`np.set_printoptions(precision=3)` and `cunum.set_printoptions(precision=3)`
are the same call and govern both libraries' output, as they do for CuPy
(whose arrays print through NumPy). A second state mirroring NumPy's would
drift from it: a program that sets NumPy's options (or a library it calls
that does, or a `with np.printoptions(...)` block, which NumPy keeps in a
context variable) would print NumPy arrays one way and cunum arrays another.
The C++ API has its own state (cunum::set_printoptions, include/cunum/format.hpp)
with the same fields and defaults, for programs that have no Python.

Note [One printer, in C++]
repr(x), str(x), array2string, array_repr and array_str are written by the
C++ printer (cunum::array2string, include/cunum/format.hpp), the one C++
users get from `std::cout << x`: it follows NumPy's printer rule for rule and
tests/python/test_printing.py checks its text byte for byte against NumPy's
for every dtype under many option sets. The options it reads are NumPy's
current ones (plus the call's arguments). What only NumPy's printer can do
(a `formatter`, `legacy` modes) is left to NumPy's printer, on a host copy
of what is printed (below); so is every argument NumPy would reject, so that
NumPy's own error is raised.

Note [Printing copies only the corners]
Both printers copy only what they print. In NumPy's printer's case (the
`formatter`/`legacy` cases above) the text is NumPy's own (numpy.array2string
on a host copy). A large array is not
copied whole: when x.size exceeds the threshold NumPy prints only `edgeitems`
items at each end of each long axis and chooses the column width from those
items alone (its _leading_trailing step). cunum gathers exactly those corners
on the device (slices and a concatenate, _corners below) and copies only them
to the host; NumPy then formats a host array that holds the corners but
reports the full shape and size (_Summarised), so NumPy inserts its "..."
where it would for the full array. NumPy's printer indexes only leading
items with i >= 0 and trailing items with -i < 0, which address the same
elements in the corners array as in the full one. tests/python/test_printing.py
checks the text against NumPy's for the full host array and that only the
corners cross to the host.
"""
import operator

from .. import _core

ndarray = _core.ndarray

_SUMMARISED = []  # the _Summarised class, made on first use (NumPy is imported lazily)


def _numpy():
    import numpy
    return numpy


def _to_host(a):
    """The one place printing copies device data to the host (tests count it)."""
    return a.get()


def _corners(a, edgeitems):
    """The corners NumPy prints of a summarised array, gathered on the
    device: along each axis longer than 2*edgeitems, the first and the last
    `edgeitems` items (NumPy's a[:e] and a[-e:], -0 included), concatenated."""
    from .manipulation import concatenate
    e = operator.index(edgeitems)
    for axis, n in enumerate(a.shape):
        if n > 2 * e:
            head = (slice(None),) * axis + (slice(None, e),)
            tail = (slice(None),) * axis + (slice(-e, None),)
            a = concatenate((a[head], a[tail]), axis=axis)
    return a


def _summarised_class():
    if not _SUMMARISED:
        numpy = _numpy()

        def _shape(self):
            return self._full_shape

        def _size(self):
            n = 1
            for d in self._full_shape:
                n *= d
            return n

        def _ndim(self):
            return len(self._full_shape)

        def _getitem(self, index):
            return numpy.ndarray.__getitem__(self.view(numpy.ndarray), index)

        # Named "array" because NumPy's array_repr prints the class name of
        # a subclass (Note [Printing copies only the corners]).
        cls = type("array", (numpy.ndarray,), {
            "shape": property(_shape), "size": property(_size), "ndim": property(_ndim),
            "__getitem__": _getitem, "__module__": __name__,
            "__doc__": "The corners of a summarised array, reporting the full shape (printing only)."})
        _SUMMARISED.append(cls)
    return _SUMMARISED[0]


def _printable(a, threshold=None, edgeitems=None):
    """A host numpy array that NumPy's printer prints as it prints `a`: the
    whole array when NumPy would print it whole, else its corners
    (Note [Printing copies only the corners])."""
    numpy = _numpy()
    if not isinstance(a, ndarray):
        return numpy.asanyarray(a)
    opts = numpy.get_printoptions()
    threshold = opts["threshold"] if threshold is None else threshold
    edgeitems = opts["edgeitems"] if edgeitems is None else edgeitems
    if a.size <= threshold or a.ndim == 0:
        return _to_host(a)
    host = _to_host(_corners(a, edgeitems))
    view = host.view(_summarised_class())
    view._full_shape = tuple(a.shape)
    return view


_FLOATMODES = ("fixed", "unique", "maxprec", "maxprec_equal")


def _cpp_options(overrides):
    """NumPy's current options with the call's overrides, as the C++ printer
    takes them, or None where only NumPy's printer can honour them (a
    `formatter`, a `legacy` mode, an argument NumPy would reject: NumPy's
    printer then prints, or raises its own error)."""
    numpy = _numpy()
    opts = numpy.get_printoptions()
    opts.update({k: v for k, v in overrides.items() if v is not None})
    # NumPy 2.2 began to write `shape=(...)` in the repr of summarised arrays:
    # cunum's repr is the installed NumPy's
    version = tuple(int(p) for p in numpy.__version__.split(".")[:2])
    opts["shape_in_repr"] = version >= (2, 2)
    # NumPy 2.3: float16/float32 turn scientific from their own precision
    opts["dtype_exp_cutoff"] = version >= (2, 3)
    if opts.get("formatter") is not None or opts.get("legacy") not in (False, None):
        return None
    if opts["sign"] not in ("-", "+", " ") or opts["floatmode"] not in _FLOATMODES:
        return None
    try:
        for key in ("precision", "threshold", "edgeitems", "linewidth"):
            if operator.index(opts[key]) < 0:
                return None
    except TypeError:
        return None
    return opts


def _use_cpp(a, overrides):
    return isinstance(a, ndarray) and _cpp_options(overrides)


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=" ",
                 prefix="", *, formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix="", legacy=None):
    """NumPy's array2string: NumPy's text for the array's values, under the
    print options (Note [One print-options state, NumPy's]), written by the
    C++ printer (Note [One printer, in C++]). Copies to the host only what is
    printed (Note [Printing copies only the corners])."""
    overrides = {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small,
                 "formatter": formatter, "threshold": threshold, "edgeitems": edgeitems, "sign": sign,
                 "floatmode": floatmode, "legacy": legacy}
    opts = _use_cpp(a, overrides)
    if opts:
        return _core._cpp_print(a, opts, "array2string", separator, prefix, suffix)
    return _numpy().array2string(
        _printable(a, threshold, edgeitems), max_line_width, precision, suppress_small, separator,
        prefix, formatter=formatter, threshold=threshold, edgeitems=edgeitems, sign=sign,
        floatmode=floatmode, suffix=suffix, legacy=legacy)


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """NumPy's array_repr: `array([...], dtype=...)`, NumPy's text exactly
    (no device suffix, as CuPy). Copies to the host only what is printed."""
    numpy = _numpy()
    override = numpy.get_printoptions().get("override_repr")
    if override is not None:
        return override(arr)
    opts = _use_cpp(arr, {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small})
    if opts:
        return _core._cpp_print(arr, opts, "repr")
    return numpy.array_repr(_printable(arr), max_line_width, precision, suppress_small)


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """NumPy's array_str: the array's values as NumPy's str prints them.
    Copies to the host only what is printed."""
    opts = _use_cpp(a, {"linewidth": max_line_width, "precision": precision, "suppress": suppress_small})
    if opts:
        return _core._cpp_print(a, opts, "str")
    return _numpy().array_str(_printable(a), max_line_width, precision, suppress_small)


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, suppress=None,
                     nanstr=None, infstr=None, formatter=None, sign=None, floatmode=None, *,
                     legacy=None, override_repr=None):
    """NumPy's set_printoptions; the options are NumPy's own and govern
    cunum's and NumPy's printing alike (Note [One print-options state, NumPy's])."""
    # override_repr is NumPy 2.1's: older NumPy (2.0 is supported) gets it only when given
    extra = {} if override_repr is None else {"override_repr": override_repr}
    _numpy().set_printoptions(precision, threshold, edgeitems, linewidth, suppress, nanstr, infstr,
                              formatter, sign, floatmode, legacy=legacy, **extra)


def get_printoptions():
    """NumPy's get_printoptions (the one options state, Note [One print-options state, NumPy's])."""
    return _numpy().get_printoptions()


def printoptions(*args, **kwargs):
    """NumPy's printoptions context manager: set_printoptions for the `with`
    block, restored after it (NumPy keeps the options in a context variable,
    so threads and asyncio tasks each see their own)."""
    return _numpy().printoptions(*args, **kwargs)


def _float_scalar(x):
    if isinstance(x, ndarray):
        if x.size != 1:
            raise TypeError("format_float_* takes a floating-point scalar, not an array of size "
                            f"{x.size}")
        return _to_host(x).reshape(())[()]
    return x


def format_float_positional(x, precision=None, unique=True, fractional=True, trim="k", sign=False,
                            pad_left=None, pad_right=None, min_digits=None):
    """NumPy's format_float_positional (Dragon4); a cunum 0-d or one-element
    array is read back to the host first."""
    return _numpy().format_float_positional(_float_scalar(x), precision, unique, fractional, trim,
                                            sign, pad_left, pad_right, min_digits)


def format_float_scientific(x, precision=None, unique=True, trim="k", sign=False, pad_left=None,
                            exp_digits=None, min_digits=None):
    """NumPy's format_float_scientific (Dragon4); a cunum 0-d or one-element
    array is read back to the host first."""
    return _numpy().format_float_scientific(_float_scalar(x), precision, unique, trim, sign,
                                            pad_left, exp_digits, min_digits)


def ndarray_repr(self):
    return array_repr(self)


def ndarray_str(self):
    return array_str(self)


__all__ = ["array2string", "array_repr", "array_str", "set_printoptions", "get_printoptions",
           "printoptions", "format_float_positional", "format_float_scientific"]
