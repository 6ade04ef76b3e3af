"""Parameter strings of user-written kernels (CuPy's ParameterInfo) and the
resolution of their type placeholders from the arguments (CuPy's rules)."""
import keyword

# Argument kinds (cunum::user::ArgKind).
ARRAY, RAW, SCALAR = 0, 1, 2

_CTYPES = {
    "bool": "bool", "int8": "signed char", "int16": "short", "int32": "int", "int64": "long long",
    "uint8": "unsigned char", "uint16": "unsigned short", "uint32": "unsigned int",
    "uint64": "unsigned long long", "float16": "float16", "float32": "float", "float64": "double",
    "complex64": "complex<float>", "complex128": "complex<double>",
}


def ctype_of(dtype):
    """The C type a kernel body names a dtype with (CuPy's names)."""
    try:
        return _CTYPES[dtype.name]
    except KeyError:
        raise TypeError(f"user kernels take no values of dtype {dtype}") from None


class ParameterInfo:
    """One parameter: `[raw] <type> <name>`; a one-letter type is a placeholder."""

    __slots__ = ("name", "dtype", "ctype", "raw", "is_const")

    def __init__(self, text, is_const):
        import numpy
        words = text.split()
        if len(words) < 2:
            raise ValueError(f"Syntax error: {text!r}")
        *mods, t, name = words
        self.raw = False
        for m in mods:
            if m == "raw":
                self.raw = True
            else:
                raise ValueError(f"Unknown keyword {m!r}")
        if not name.isidentifier() or keyword.iskeyword(name):
            raise ValueError(f"Invalid parameter name {name!r}")
        self.name = name
        self.is_const = is_const
        if len(t) == 1:
            self.dtype = None
            self.ctype = t
        else:
            try:
                dtype = numpy.dtype(t)
            except TypeError:
                raise ValueError(f"Wrong type {t}") from None
            if dtype.name != t:
                raise ValueError(f"Wrong type {t}")
            self.dtype = dtype
            self.ctype = ctype_of(dtype)

    def __repr__(self):
        return (f"<ParameterInfo name={self.name!r} dtype={self.dtype} ctype={self.ctype} "
                f"raw={self.raw} is_const={self.is_const}>")


def parse_params(text, is_const):
    text = text.strip()
    if not text:
        return ()
    return tuple(ParameterInfo(p, is_const) for p in text.split(","))


def check_names(in_params, out_params):
    names = [p.name for p in in_params + out_params]
    if "i" in names:
        raise ValueError("Can not use 'i' as a parameter name")
    for n in names:
        if n.startswith("_"):
            raise ValueError(f"Parameter names starting with '_' are reserved: {n!r}")
    if len(set(names)) != len(names):
        raise ValueError("Duplicated parameter names")


def scalar_dtype(x):
    """The dtype a scalar argument brings to a placeholder (NumPy's default
    for a Python scalar; its own for a NumPy scalar)."""
    import numpy
    if isinstance(x, numpy.generic):
        return x.dtype
    if isinstance(x, bool):
        return numpy.dtype(bool)
    if isinstance(x, int):
        return numpy.dtype("int64")
    if isinstance(x, float):
        return numpy.dtype("float64")
    if isinstance(x, complex):
        return numpy.dtype("complex128")
    raise TypeError(f"Unsupported type {type(x)}")


def decide_types(name, in_params, out_params, in_args, out_args, ndarray):
    """CuPy's _decide_params_type: the dtype of every parameter and the
    placeholder typedefs. Arrays must match a parameter's declared type
    exactly, and every use of a placeholder must agree ("Type is mismatched");
    a placeholder only scalars give takes the first scalar's dtype."""
    types = {}
    for p, a in zip(out_params, out_args):
        if not isinstance(a, ndarray):
            raise TypeError("Output arguments must be cunum.ndarray")
        _bind(types, p, a.dtype)
    for p, a in zip(in_params, in_args):
        if isinstance(a, ndarray):
            _bind(types, p, a.dtype)
        elif p.raw:
            raise TypeError(f"Argument {p.name!r} of {name} is raw and must be an array, not {type(a).__name__}")
    for p, a in zip(in_params, in_args):
        if not isinstance(a, ndarray) and p.dtype is None and p.ctype not in types:
            types[p.ctype] = scalar_dtype(a)
    in_types, out_types = [], []
    for params, dst in ((in_params, in_types), (out_params, out_types)):
        for p in params:
            if p.dtype is not None:
                dst.append(p.dtype)
            elif p.ctype in types:
                dst.append(types[p.ctype])
            else:
                raise TypeError(f"Cannot determine the type of {p.name!r} ({p.ctype}) of {name}: give an "
                                "argument that has it")
    typedefs = [(k, ctype_of(v)) for k, v in types.items()]
    return in_types, out_types, typedefs


def _bind(types, p, dtype):
    if p.dtype is not None:
        if dtype != p.dtype:
            raise TypeError(f"Type is mismatched. {p.name} {dtype} {p.dtype}")
    elif p.ctype in types:
        if types[p.ctype] != dtype:
            raise TypeError(f"Type is mismatched. {p.name} {dtype} {types[p.ctype]} {p.ctype}")
    else:
        ctype_of(dtype)
        types[p.ctype] = dtype


def broadcast_shapes(shapes):
    if not shapes:
        return ()
    first = shapes[0]
    if all(s == first for s in shapes):
        return first
    nd = max(len(s) for s in shapes)
    out = [1] * nd
    for s in shapes:
        off = nd - len(s)
        for d, n in enumerate(s):
            m = out[off + d]
            if m == 1:
                out[off + d] = n
            elif n != 1 and n != m:
                raise ValueError("operands could not be broadcast together with shapes "
                                 + " ".join(str(tuple(x)).replace(" ", "") for x in shapes))
    return tuple(out)
